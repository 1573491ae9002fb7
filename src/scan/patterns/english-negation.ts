/**
 * An English negation right before a match in its clause ("never email this file …", "do not upload it …"),
 * shared by the order-row modules: each read the 40 characters before a match with its own copy of one
 * pattern. Most rows count a bare "no" too; the oldest rows do not, and soft23's rows also read "won't".
 *
 * @module
 */

/** The negations every row reads. */
const NEGATIONS = String.raw`do\s+not|don['’]t|does\s+not|doesn['’]t|never|must\s+not|mustn['’]t|should\s+not|shouldn['’]t|cannot|can['’]t|not`;

/**
 * A negation, then at most two words, at the end of the text before a match.
 *
 * @param more Further negations (regular-expression source), read after the shared ones.
 * @returns The pattern, case-insensitive.
 * @example negatedBeforePattern(['no']).test('never ') // true
 */
export function negatedBeforePattern(more: readonly string[] = []): RegExp {
  return new RegExp(String.raw`\b(?:${[NEGATIONS, ...more].join('|')})\s+(?:[\w'’-]+\s+){0,2}$`, 'i');
}

/** The negations with a bare "no" ("no need to …" aside, "no upload of …"): the pattern most rows read. */
export const NEGATED_BEFORE = negatedBeforePattern(['no']);

/**
 * Whether the match at `index` of `s` is not negated in the 40 characters before it.
 *
 * @param s The sentence.
 * @param index Where the match starts.
 * @param negated The negation pattern (default {@link NEGATED_BEFORE}).
 * @returns True when no negation stands right before it.
 * @example unnegatedAt('never send it', 6) // false
 */
export function unnegatedAt(s: string, index: number, negated: RegExp = NEGATED_BEFORE): boolean {
  return !negated.test(s.slice(Math.max(0, index - 40), index));
}

/**
 * {@link unnegatedAt} as a filter of a sentence's matches (for `firstKept`).
 *
 * @param negated The negation pattern (default {@link NEGATED_BEFORE}).
 * @returns A function from the sentence to a test of one match.
 * @example firstKept(RE, s, unnegatedIn()(s))
 */
export function unnegatedIn(negated: RegExp = NEGATED_BEFORE): (sentence: string) => (m: RegExpExecArray) => boolean {
  return (sentence) => (m) => unnegatedAt(sentence, m.index, negated);
}
