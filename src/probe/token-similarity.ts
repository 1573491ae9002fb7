/**
 * The text measure of the offline judge: token multiset similarity.
 *
 * Text is normalized (Unicode NFKC, lower case) and split into tokens: maximal runs of letters
 * and digits (`[\p{L}\p{N}]+`); everything else (spaces, punctuation, symbols) separates tokens.
 * The similarity of two token multisets A and B is `Σ min(countA(t), countB(t)) / Σ max(countA(t), countB(t))`
 * over all tokens t (the weighted Jaccard index); two texts without any token are 1.
 *
 * @module
 */

/**
 * Split text into normalized tokens.
 *
 * @param text Any text.
 * @returns Lower-case tokens in order.
 * @example tokenize('Echo: Hello, World!') // ['echo', 'hello', 'world']
 */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/**
 * Token multiset (weighted Jaccard) similarity of two texts.
 *
 * @param a One text.
 * @param b The other.
 * @returns A number from 0 (no token in common) to 1 (the same tokens, the same number of times).
 * @example tokenSimilarity('The sum of 1 and 2 is 3.', 'The sum of 1 and 2 is 4.') // 0.777… (7 of 9)
 */
export function tokenSimilarity(a: string, b: string): number {
  const ca = counts(tokenize(a));
  const cb = counts(tokenize(b));
  if (ca.size === 0 && cb.size === 0) return 1;
  let shared = 0;
  let total = 0;
  for (const [t, n] of ca) {
    const m = cb.get(t) ?? 0;
    shared += Math.min(n, m);
    total += Math.max(n, m);
  }
  for (const [t, m] of cb) if (!ca.has(t)) total += m;
  return shared / total;
}
