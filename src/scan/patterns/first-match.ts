/**
 * The first match of a global pattern that a test accepts, read left to right: the loop the
 * sentence rows share (a row's match counts only where its clause does not forbid it).
 *
 * @module
 */

/**
 * The first match of `pattern` (global) in `text` that `keep` accepts.
 *
 * @param pattern A global regular expression (its `lastIndex` is reset).
 * @param text The text read.
 * @param keep Whether a match counts.
 * @returns The first match kept, or undefined.
 * @example firstKept(/\bsend\b/gi, 'never send; send it', (m) => m.index > 6)?.index // 12
 */
export function firstKept(pattern: RegExp, text: string, keep: (m: RegExpExecArray) => boolean): RegExpExecArray | undefined {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (keep(m)) return m;
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return undefined;
}
