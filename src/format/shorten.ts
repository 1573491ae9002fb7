/**
 * Cutting text for messages and reports without splitting a character. A cut between the two
 * halves of a surrogate pair (an emoji, a CJK extension character) leaves a lone surrogate:
 * terminals show U+FFFD, `JSON.stringify` writes `\udXXX`, and the canonical writers refuse it.
 *
 * @module
 */

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * Whether cutting `s` before index `i` would split a surrogate pair.
 *
 * @param s The text.
 * @param i A cut point, 0 to `s.length`.
 * @returns True when `s[i - 1]` and `s[i]` are the halves of one character.
 */
export function splitsPair(s: string, i: number): boolean {
  return i > 0 && i < s.length && isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i));
}

/**
 * The first `max` UTF-16 code units of `s`, one fewer where the cut would split a character.
 *
 * @param s The text.
 * @param max Most code units kept.
 * @returns The head of `s`.
 * @example head('ab😀', 3) // 'ab'
 */
export function head(s: string, max: number): string {
  if (s.length <= max) return s;
  return s.slice(0, splitsPair(s, max) ? max - 1 : max);
}

/**
 * `s` cut to `max` code units plus a mark when longer, never inside a character.
 *
 * @param s The text.
 * @param max Most code units kept before the mark.
 * @param mark Appended when the text was cut.
 * @returns The text, shortened.
 * @example shorten('abcdef', 3) // 'abc…'
 */
export function shorten(s: string, max: number, mark = '…'): string {
  return s.length > max ? head(s, max) + mark : s;
}

/**
 * One line of a message held to about `max` code units (never cut inside a character): a line
 * that quotes a key, a name or a number of megabytes from a hostile file would otherwise fill a CI
 * log. The middle is left out, so both the start (where: a JSON path) and the end (what: the
 * problem, a line and column) stay.
 *
 * @param line One line of a message.
 * @param max Most code units kept, half from each end.
 * @returns The line, bounded.
 * @example boundLine('$.' + 'k'.repeat(20) + ': unknown key', 12) // '$.kkkk…(23 characters left out)…wn key'
 */
export function boundLine(line: string, max = MESSAGE_LINE_MAX): string {
  if (line.length <= max) return line;
  const first = head(line, Math.ceil(max / 2));
  let from = line.length - Math.floor(max / 2);
  if (splitsPair(line, from)) from++;
  return `${first}…(${from - first.length} characters left out)…${line.slice(from)}`;
}

/** The longest line of a problem list or an error message that {@link boundLine} keeps. */
export const MESSAGE_LINE_MAX = 400;

const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `s` with every lone surrogate written as its escape (`\ud800`), the way JSON and JavaScript
 * spell it: text for a report or a lockfile, which UTF-8 (and so the canonical writers) cannot
 * carry otherwise. Well-formed text is returned as it is.
 *
 * @param s The text, possibly built from source escapes such as `'\uD800'`.
 * @returns Well-formed text.
 * @example escapeLoneSurrogates('fs.\uD800x') // 'fs.\\ud800x'
 */
export function escapeLoneSurrogates(s: string): string {
  if (!ANY_SURROGATE.test(s)) return s;
  return s.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}
