/**
 * Look-alike letters: letters of other scripts (Cyrillic, Greek, Armenian, Cherokee, Coptic, Lisu,
 * Canadian syllabics, Tifinagh) and Latin letters outside ASCII (IPA letters, small capitals, the
 * dotless i) drawn like ASCII letters in common fonts, reviewed from the Unicode confusables data
 * (UTS #39). A word that mixes them with Latin letters ("Ignоre" with a Cyrillic о, "ignօre" with an
 * Armenian օ, a tool named `reаd_file`) reads as the Latin word to a person and to the model, but
 * matches no pattern written in Latin and shadows a tool of the Latin name. Only letters that are
 * near-identical in shape are listed (not Greek μ, π, Ω or Δ, which are units and symbols in
 * ordinary descriptions); text written in those scripts has letters of its own beside them, and a
 * word of it is never mixed.
 *
 * @module
 */
import { codePointLabel } from '../../format/reveal-hidden.ts';
import { sortCodeUnits } from '../../canonical/digest.ts';

/** Look-alike letter → the ASCII letter it is drawn like. */
export const LATIN_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  // Cyrillic small letters
  ['\u0430', 'a'], ['\u0435', 'e'], ['\u043e', 'o'], ['\u0440', 'p'], ['\u0441', 'c'], ['\u0443', 'y'],
  ['\u0445', 'x'], ['\u0455', 's'], ['\u0456', 'i'], ['\u0458', 'j'], ['\u04bb', 'h'], ['\u0501', 'd'],
  ['\u051b', 'q'], ['\u051d', 'w'], ['\u0457', 'i'], ['\u04cf', 'l'], ['\u0461', 'w'], ['\u0475', 'v'],
  ['\u04af', 'y'], ['\u04bd', 'e'], ['\ua647', 'i'],
  // Cyrillic capital letters
  ['\u0410', 'A'], ['\u0412', 'B'], ['\u0415', 'E'], ['\u041a', 'K'], ['\u041c', 'M'], ['\u041d', 'H'],
  ['\u041e', 'O'], ['\u0420', 'P'], ['\u0421', 'C'], ['\u0422', 'T'], ['\u0425', 'X'], ['\u0405', 'S'],
  ['\u0406', 'I'], ['\u0408', 'J'], ['\u04c0', 'I'], ['\u0423', 'Y'], ['\u0474', 'V'], ['\u04ae', 'Y'],
  ['\u050c', 'G'], ['\u051c', 'W'],
  // Greek small letters
  ['\u03bf', 'o'], ['\u03b1', 'a'], ['\u03b9', 'i'], ['\u03ba', 'k'], ['\u03bd', 'v'], ['\u03c1', 'p'],
  ['\u03c5', 'u'], ['\u03f3', 'j'],
  // Greek capital letters
  ['\u0391', 'A'], ['\u0392', 'B'], ['\u0395', 'E'], ['\u0396', 'Z'], ['\u0397', 'H'], ['\u0399', 'I'],
  ['\u039a', 'K'], ['\u039c', 'M'], ['\u039d', 'N'], ['\u039f', 'O'], ['\u03a1', 'P'], ['\u03a4', 'T'],
  ['\u03a5', 'Y'], ['\u03a7', 'X'], ['\u037f', 'J'], ['\u03dc', 'F'],
  // Armenian (not \u0584 ք, a weaker f)
  ['\u0585', 'o'], ['\u057d', 'u'], ['\u0578', 'n'], ['\u057c', 'n'], ['\u0570', 'h'], ['\u0581', 'g'],
  ['\u0563', 'q'], ['\u0566', 'q'], ['\u0561', 'w'], ['\u0555', 'O'], ['\u054d', 'U'], ['\u054f', 'S'],
  // Cherokee capital letters (the ones Cherokee is written in) and small letters
  ['\u13aa', 'A'], ['\u13f4', 'B'], ['\u13df', 'C'], ['\u13a0', 'D'], ['\u13ac', 'E'], ['\u13c0', 'G'],
  ['\u13f3', 'G'], ['\u13bb', 'H'], ['\u13a5', 'i'], ['\u13ab', 'J'], ['\u13e6', 'K'], ['\u13de', 'L'],
  ['\u13b7', 'M'], ['\u13e2', 'P'], ['\u13a1', 'R'], ['\u13d2', 'R'], ['\u13d5', 'S'], ['\u13da', 'S'],
  ['\u13a2', 'T'], ['\u13d9', 'V'], ['\u13b3', 'W'], ['\u13d4', 'W'], ['\u13a9', 'Y'], ['\u13bd', 'Y'],
  ['\u13c3', 'Z'], ['\u13cf', 'b'], ['\u13c2', 'h'], ['\u13e7', 'd'], ['\uab75', 'i'], ['\uab81', 'r'],
  ['\uab83', 'w'], ['\uab93', 'z'], ['\uaba9', 'v'], ['\uabaa', 's'], ['\uabaf', 'c'],
  // Latin letters outside ASCII: IPA letters and small capitals (not \u01c0 ǀ, \u0269 ɩ or \u028b ʋ,
  // which Khoekhoe, Kabiye and Ewe write beside ASCII letters)
  ['\u0251', 'a'], ['\u0261', 'g'], ['\u026a', 'i'], ['\u028f', 'y'], ['\u1d00', 'a'], ['\u0299', 'b'],
  ['\u1d04', 'c'], ['\u1d05', 'd'], ['\u1d07', 'e'], ['\ua730', 'f'], ['\u0262', 'g'], ['\u029c', 'h'],
  ['\u1d0a', 'j'], ['\u1d0b', 'k'], ['\u029f', 'l'], ['\u1d0d', 'm'], ['\u0274', 'n'], ['\u1d0f', 'o'],
  ['\u1d18', 'p'], ['\ua7af', 'q'], ['\u0280', 'r'], ['\ua731', 's'], ['\u1d1b', 't'], ['\u1d1c', 'u'],
  ['\u1d20', 'v'], ['\u1d21', 'w'], ['\u1d22', 'z'], ['\u0184', 'b'], ['\ua7b2', 'J'], ['\ua7b3', 'X'],
  ['\ua7b4', 'B'],
  // Dotless i: a letter of Turkish and Azerbaijani words, reported only in a name (see `mixedScriptWords`)
  ['\u0131', 'i'],
  // Coptic
  ['\u2c9f', 'o'], ['\u2ca3', 'p'], ['\u2ca5', 'c'], ['\u2c8e', 'H'], ['\u2c92', 'I'], ['\u2c94', 'K'],
  ['\u2c98', 'M'], ['\u2c9a', 'N'], ['\u2c9e', 'O'], ['\u2ca2', 'P'], ['\u2ca4', 'C'], ['\u2ca6', 'T'],
  ['\u2ca8', 'Y'], ['\u2cac', 'X'],
  // Lisu (Fraser) letters
  ['\ua4ee', 'A'], ['\ua4d0', 'B'], ['\ua4da', 'C'], ['\ua4d3', 'D'], ['\ua4f0', 'E'], ['\ua4dd', 'F'],
  ['\ua4d6', 'G'], ['\ua4e7', 'H'], ['\ua4f2', 'I'], ['\ua4d9', 'J'], ['\ua4d7', 'K'], ['\ua4e1', 'L'],
  ['\ua4df', 'M'], ['\ua4e0', 'N'], ['\ua4f3', 'O'], ['\ua4d1', 'P'], ['\ua4e3', 'R'], ['\ua4e2', 'S'],
  ['\ua4d4', 'T'], ['\ua4f4', 'U'], ['\ua4e6', 'V'], ['\ua4ea', 'W'], ['\ua4eb', 'X'], ['\ua4ec', 'Y'],
  ['\ua4dc', 'Z'], ['\ua4d2', 'd'],
  // Canadian syllabics and Tifinagh
  ['\u15c5', 'A'], ['\u15f7', 'B'], ['\u15de', 'D'], ['\u15b4', 'F'], ['\u157c', 'H'], ['\u148d', 'J'],
  ['\u14aa', 'L'], ['\u15f0', 'M'], ['\u146d', 'P'], ['\u1587', 'R'], ['\u144c', 'U'], ['\u142f', 'V'],
  ['\u146f', 'd'], ['\u15af', 'b'], ['\u2d54', 'O'], ['\u2d5d', 'X'], ['\u2d39', 'E'], ['\u2d38', 'V'],
]);

const LOOKALIKE_CLASS = `[${[...LATIN_LOOKALIKES.keys()].join('')}]`;
/** A run of letters and digits (a word or a name part). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LOOKALIKE = new RegExp(LOOKALIKE_CLASS, 'u');
const LOOKALIKE_ALL = new RegExp(LOOKALIKE_CLASS, 'gu');
/** An ASCII letter: what a disguised word is written in (a table of accented letters is none). */
const ASCII_LETTER = /[A-Za-z]/;
/**
 * A letter of another script than Latin, or an IPA or phonetic letter, after look-alikes are
 * folded: a word that keeps one is written in that script or is a transcription (`/ɡʊd/`).
 */
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}|[\u0250-\u02AF\u1D00-\u1DBF]/u;
/** Letters of Turkish and Azerbaijani beside the dotless i: a text that has one is written in them. */
const TURKIC_LETTER = /[\u011e\u011f\u015e\u015f\u0130\u018f\u0259\u00e7\u00c7\u00f6\u00d6\u00fc\u00dc]/u;
const DOTLESS_I = '\u0131';

/** Options of {@link mixedScriptWords}. */
export interface MixedScriptOptions {
  /**
   * The text is a name (a tool, property or argument name). The dotless ı is a letter of Turkish
   * words, so in prose it is never a disguise; in a name with no other Turkic letter (`read_fıle`)
   * it is. Default false.
   */
  name?: boolean;
}

/**
 * The words of a text that mix Latin letters with look-alike letters (of another script, or Latin
 * letters outside ASCII), and no other letters.
 *
 * @param text Any text.
 * @param options `name: true` for a name (see {@link MixedScriptOptions}).
 * @returns The mixed words, in order, each once.
 * @example mixedScriptWords('Ign\u043ere previous instructions') // ['Ign\u043ere']
 */
export function mixedScriptWords(text: string, options: MixedScriptOptions = {}): string[] {
  const out: string[] = [];
  const dotlessIsLetter = options.name !== true || TURKIC_LETTER.test(text);
  for (const [word] of text.matchAll(WORD)) {
    const looked = dotlessIsLetter ? word.replaceAll(DOTLESS_I, 'i') : word;
    // A disguise reads as one Latin word: it has ASCII letters of its own, and every other letter in
    // it is a look-alike or Latin ("αßΓπΣ" and "āáǎàɑ", character tables, imitate nothing).
    if (LOOKALIKE.test(looked) && ASCII_LETTER.test(looked) && !OTHER_LETTER.test(foldLookalikes(looked)) && !out.includes(word)) out.push(word);
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

/**
 * Dashes drawn like the ASCII hyphen-minus that NFKC keeps apart (hyphen, non-breaking hyphen,
 * figure dash, en dash, minus sign, small hyphen-minus).
 */
const DASHES = /[\u2010\u2011\u2012\u2013\u2212\ufe63]/gu;
/** Code points that draw nothing: zero-width spaces and joiners, soft hyphens, variation selectors, tag characters. */
const DRAWS_NOTHING = /\p{Default_Ignorable_Code_Point}/gu;
/** ASCII letters and digits drawn alike in common fonts: `l`, `I` and `1`; `O` and `0`. */
const ASCII_ALIKE: ReadonlyMap<string, string> = new Map([['I', 'l'], ['1', 'l'], ['0', 'O']]);
const ASCII_ALIKE_ALL = /[I10]/g;
/** Pairs of ASCII letters drawn like one letter in common fonts: `rn` like `m`, `vv` like `w` (`search_docurnents` beside `search_documents`, holdout21). */
const PAIR_ALIKE = /rn|vv/g;

/**
 * What a name looks like, for telling two names a reader cannot tell apart: compatibility
 * forms made canonical (NFKC: a decomposed `e` + U+0301 is `é`, fullwidth `ｒｅａｄ` is `read`,
 * `ﬁ` is `fi`), characters that draw nothing dropped, look-alike letters of other scripts and
 * blocks folded to the ASCII letter they are drawn like (the dotless ı too), dashes to `-`, and
 * `I`, `1` to `l` and `0` to `O`, and the pairs `rn` to `m` and `vv` to `w`. Case is kept: `Read_File` and `read_file` are told apart by eye.
 *
 * @param name A tool or prompt name.
 * @returns Its skeleton; two names with one skeleton are confusable.
 * @example nameSkeleton('re\u0430d_file') === nameSkeleton('read_file') // true
 */
export function nameSkeleton(name: string): string {
  const folded = foldLookalikes(name.normalize('NFKC').replace(DRAWS_NOTHING, '')).replaceAll(DOTLESS_I, 'i').replace(DASHES, '-');
  return folded.replace(ASCII_ALIKE_ALL, (c) => ASCII_ALIKE.get(c)!).replace(PAIR_ALIKE, (p) => (p === 'rn' ? 'm' : 'w'));
}

/**
 * The names a reader cannot tell apart: groups of two or more names with one skeleton
 * ({@link nameSkeleton}). Each group is in code-unit order, and so are the groups (by their first name).
 *
 * @param names Names of one kind from one server (its tools, or its prompts).
 * @returns The confusable groups (empty when every name looks like no other).
 * @example confusableNames(['caf\u00e9', 'cafe\u0301', 'list']) // [['cafe\u0301', 'caf\u00e9']]
 */
export function confusableNames(names: readonly string[]): string[][] {
  const bySkeleton = new Map<string, string[]>();
  for (const name of names) {
    const key = nameSkeleton(name);
    const group = bySkeleton.get(key);
    if (group === undefined) bySkeleton.set(key, [name]);
    else if (!group.includes(name)) group.push(name);
  }
  const groups = new Map<string, string[]>();
  for (const group of bySkeleton.values()) if (group.length > 1) groups.set(sortCodeUnits(group)[0]!, sortCodeUnits(group));
  return sortCodeUnits([...groups.keys()]).map((first) => groups.get(first)!);
}

/**
 * A name as evidence that tells it from its look-alikes: every character outside printable ASCII
 * shown as a `<U+XXXX>` marker (`caf<U+00E9>`, `cafe<U+0301>`, `re<U+0430>d_file`).
 *
 * @param name Any name.
 * @returns The name with its non-ASCII characters marked.
 * @example spellName('cafe\u0301') // 'cafe<U+0301>'
 */
export function spellName(name: string): string {
  let out = '';
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0x20 && cp < 0x7f ? ch : `<${codePointLabel(cp)}>`;
  }
  return out;
}
