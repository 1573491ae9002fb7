/**
 * The text measure of the offline judge: token multiset similarity.
 *
 * Text is normalized (Unicode NFKC, then case folded: lower, upper, then lower case, with `i`
 * U+0307 read as `i`) and split into tokens: a letter or digit (`[\p{L}\p{N}]`) and the letters,
 * digits, combining marks (`\p{M}`) and zero-width joiners / non-joiners after it; everything else
 * (spaces, punctuation, symbols) separates tokens. The similarity of two token multisets A and B is
 * `Σ min(countA(t), countB(t)) / Σ max(countA(t), countB(t))` over all tokens t (the weighted
 * Jaccard index); two texts without any token are 1.
 *
 * @module
 */

/**
 * A token: a letter or digit and the letters, digits, combining marks (the vowel signs and virama
 * of Devanagari and Thai, accents NFKC does not compose) and ZWNJ/ZWJ (inside Persian and Indic
 * words) after it.
 */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}\p{M}\u200c\u200d]*/gu;

/**
 * Fold case without a locale: lower, upper, then lower case, as full case folding does for `ß`, `ẞ`
 * (`ss`) and a final `ς` (`σ`); `İ`, which lower-cases to `i` U+0307, folds to `i` (Unicode's
 * CaseFolding.txt gives that mapping for Turkic text; without it "İstanbul" and "istanbul" share no
 * token). Dotless `ı` stays itself, as in full case folding (`kız` is not `kiz`).
 */
function foldCase(text: string): string {
  // Dotless ı has no folding; upper case would make it I, so it is kept out of the round trip.
  return text.split('\u0131').map((part) => part.toLowerCase().toUpperCase().toLowerCase()).join('\u0131').replace(/i\u0307/g, 'i').normalize('NFKC');
}

/**
 * Split text into normalized tokens.
 *
 * @param text Any text.
 * @returns Folded tokens in order.
 * @example tokenize('Echo: Hello, World!') // ['echo', 'hello', 'world']
 */
export function tokenize(text: string): string[] {
  return foldCase(text.normalize('NFKC')).match(TOKEN) ?? [];
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
