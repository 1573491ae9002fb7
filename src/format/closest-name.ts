/**
 * "Did you mean" hints: the known name closest to a mistyped one (config keys, flags).
 *
 * @module
 */

/** Levenshtein distance between two strings. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The known name closest to `name` (case-insensitive), when it is within two edits.
 *
 * @param name What was typed.
 * @param known The names that exist.
 * @returns The closest known name, or undefined when none is close.
 * @example closestName('handshak', ['start', 'handshake', 'request']) // 'handshake'
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}
