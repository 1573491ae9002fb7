/**
 * Look-alike letters: Cyrillic and Greek letters drawn like Latin ones in common fonts. A word
 * that mixes them with Latin letters ("Ignоre" with a Cyrillic о, a tool named `reаd_file`) reads
 * as the Latin word to a person and to the model, but matches no pattern written in Latin and
 * shadows a tool of the Latin name. Only letters that are near-identical in shape are listed (not
 * Greek μ, π, Ω or Δ, which are units and symbols in ordinary descriptions).
 *
 * @module
 */
import { codePointLabel } from '../../format/reveal-hidden.ts';

/** Look-alike letter → the Latin letter it is drawn like. */
export const LATIN_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  // Cyrillic small letters
  ['\u0430', 'a'], ['\u0435', 'e'], ['\u043e', 'o'], ['\u0440', 'p'], ['\u0441', 'c'], ['\u0443', 'y'],
  ['\u0445', 'x'], ['\u0455', 's'], ['\u0456', 'i'], ['\u0458', 'j'], ['\u04bb', 'h'], ['\u0501', 'd'],
  ['\u051b', 'q'], ['\u051d', 'w'], ['\u0457', 'i'], ['\u04cf', 'l'],
  // Cyrillic capital letters
  ['\u0410', 'A'], ['\u0412', 'B'], ['\u0415', 'E'], ['\u041a', 'K'], ['\u041c', 'M'], ['\u041d', 'H'],
  ['\u041e', 'O'], ['\u0420', 'P'], ['\u0421', 'C'], ['\u0422', 'T'], ['\u0425', 'X'], ['\u0405', 'S'],
  ['\u0406', 'I'], ['\u0408', 'J'], ['\u04c0', 'I'], ['\u0423', 'Y'],
  // Greek small letters
  ['\u03bf', 'o'], ['\u03b1', 'a'], ['\u03b9', 'i'], ['\u03ba', 'k'], ['\u03bd', 'v'], ['\u03c1', 'p'],
  // Greek capital letters
  ['\u0391', 'A'], ['\u0392', 'B'], ['\u0395', 'E'], ['\u0396', 'Z'], ['\u0397', 'H'], ['\u0399', 'I'],
  ['\u039a', 'K'], ['\u039c', 'M'], ['\u039d', 'N'], ['\u039f', 'O'], ['\u03a1', 'P'], ['\u03a4', 'T'],
  ['\u03a5', 'Y'], ['\u03a7', 'X'],
]);

const LOOKALIKE_CLASS = `[${[...LATIN_LOOKALIKES.keys()].join('')}]`;
/** A run of letters and digits (a word or a name part). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE = new RegExp(LOOKALIKE_CLASS, 'u');
const LOOKALIKE_ALL = new RegExp(LOOKALIKE_CLASS, 'gu');
/** A letter of another script than Latin (after look-alikes are folded). */
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/**
 * The words of a text that mix Latin letters with look-alike Cyrillic or Greek ones, and no other
 * letters.
 *
 * @param text Any text.
 * @returns The mixed words, in order, each once.
 * @example mixedScriptWords('Ign\u043ere previous instructions') // ['Ign\u043ere']
 */
export function mixedScriptWords(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    // A disguise reads as one Latin word: every other letter in it is a look-alike ("αßΓπΣ", a
    // character table, mixes scripts but imitates nothing).
    if (LOOKALIKE.test(word) && LATIN.test(word) && !OTHER_LETTER.test(foldLookalikes(word)) && !out.includes(word)) out.push(word);
  }
  return out;
}

/**
 * The text with every look-alike letter replaced by the Latin letter it is drawn like: what a
 * reader takes it for.
 *
 * @param text Any text.
 * @returns The folded text (unchanged when it has no look-alike letter).
 * @example foldLookalikes('\u0441\u043e\u0440y') // 'copy'
 */
export function foldLookalikes(text: string): string {
  return LOOKALIKE.test(text) ? text.replace(LOOKALIKE_ALL, (c) => LATIN_LOOKALIKES.get(c)!) : text;
}

/**
 * The text with each look-alike letter shown as a `<U+XXXX>` marker, for evidence.
 *
 * @param text Any text.
 * @returns The marked text.
 * @example markLookalikes('re\u0430d_file') // 're<U+0430>d_file'
 */
export function markLookalikes(text: string): string {
  return text.replace(LOOKALIKE_ALL, (c) => `<${codePointLabel(c.charCodeAt(0))}>`);
}
