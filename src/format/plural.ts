/**
 * A count with its noun, for messages.
 *
 * @module
 */

/**
 * `n` and `word`, plural unless `n` is one.
 *
 * @param n The count.
 * @param word The noun in the singular (its plural adds `s`).
 * @returns E.g. `1 tool`, `4 prompts`.
 * @example plural(0, 'resource') // '0 resources'
 */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
