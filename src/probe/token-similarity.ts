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

import { finishSteps, STEP_UNITS, type Steps } from './steps.ts';

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

/** A text longer than this is tokenized piece by piece, with a checkpoint after each. */
const PIECE = 65_536;

/**
 * {@link tokenize} in steps: a long text is cut after a whitespace character not followed by a
 * combining mark (where no token, case mapping or normalization reaches across), each piece
 * tokenized on its own; a text with no such place is tokenized whole.
 */
function* tokenizeSteps(text: string): Steps<string[]> {
  if (text.length <= PIECE) return tokenize(text);
  const tokens: string[] = [];
  const cut = /\s(?!\p{M})/gu;
  let start = 0;
  while (start < text.length) {
    cut.lastIndex = start + PIECE;
    const m = start + PIECE < text.length ? cut.exec(text) : null;
    const end = m === null ? text.length : m.index + m[0].length;
    for (const t of tokenize(text.slice(start, end))) tokens.push(t);
    start = end;
    yield;
  }
  return tokens;
}

/** The tokens of a text by how often each occurs, a checkpoint every {@link STEP_UNITS} tokens. */
function* countsSteps(tokens: readonly string[]): Steps<Map<string, number>> {
  const m = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    m.set(t, (m.get(t) ?? 0) + 1);
    if (i % STEP_UNITS === STEP_UNITS - 1) yield;
  }
  return m;
}

/**
 * {@link tokenSimilarity} in steps (see `steps.ts`).
 *
 * @param a One text.
 * @param b The other.
 * @returns The steps, whose result is the similarity.
 * @example finishSteps(tokenSimilaritySteps('a b', 'a c')) // 0.333…
 */
export function* tokenSimilaritySteps(a: string, b: string): Steps<number> {
  const ca = yield* countsSteps(yield* tokenizeSteps(a));
  const cb = yield* countsSteps(yield* tokenizeSteps(b));
  if (ca.size === 0 && cb.size === 0) return 1;
  let shared = 0;
  let total = 0;
  let n = 0;
  for (const [t, count] of ca) {
    const m = cb.get(t) ?? 0;
    shared += Math.min(count, m);
    total += Math.max(count, m);
    if (++n % STEP_UNITS === 0) yield;
  }
  for (const [t, m] of cb) {
    if (!ca.has(t)) total += m;
    if (++n % STEP_UNITS === 0) yield;
  }
  return shared / total;
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
  // Short texts (a leaf of structured content) without the steps' generators.
  if (a.length > PIECE || b.length > PIECE) return finishSteps(tokenSimilaritySteps(a, b));
  const ca = new Map<string, number>();
  for (const t of tokenize(a)) ca.set(t, (ca.get(t) ?? 0) + 1);
  const cb = new Map<string, number>();
  for (const t of tokenize(b)) cb.set(t, (cb.get(t) ?? 0) + 1);
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
