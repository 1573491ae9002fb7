/**
 * Letters drawn as pictures that Unicode's compatibility forms (NFKC) do not take back to ASCII:
 * negative circled (🅐), negative squared (🅰) and parenthesized (⒜, NFKC's "(a)") letters,
 * regional indicator symbols (🇦) written as words, and the unassigned places among the mathematical letters. A "fancy text" generator writes an order in them
 * and a model reads it; the surface scan reads the text with them folded, as it reads fullwidth,
 * mathematical, circled and squared letters folded by NFKC.
 *
 * @module
 */

/** The first code point of each block of 26 letters, A to Z (or a to z), and the case it stands for. */
const BLOCKS: readonly [number, 65 | 97][] = [
  [0x1f150, 65], // negative circled capital letters 🅐
  [0x1f170, 65], // negative squared capital letters 🅰
  [0x249c, 97], // parenthesized small letters ⒜
];
/**
 * The mathematical letters (U+1D400 to U+1D6A3): thirteen styles of 52 letters, A to Z then a to z. NFKC folds each
 * to its letter, save the places left unassigned because the letter was encoded earlier among the letterlike symbols
 * (Fraktur I at U+1D50C is ℑ, U+2111): a generator that counts places writes the unassigned one, and a model reads the
 * word around it ("𝔄𝔓\u{1D50C} keys", holdout19). Such a place stands for the letter it holds in its run.
 */
const MATH_LETTERS = 0x1d400;
const MATH_LETTER = /\uD835[\uDC00-\uDEA3]/g;
/** Regional indicator symbols 🇦 to 🇿. Two in a row draw a flag; a run of three or more is a word, and then so is every run of the text (the "to" of "🇸🇪🇳🇩 🇹🇴"). */
const REGIONAL = 0x1f1e6;
const REGIONAL_WORD = /(?:\uD83C[\uDDE6-\uDDFF]){3}/;
const REGIONAL_LETTER = /\uD83C[\uDDE6-\uDDFF]/g;
const PICTURE_LETTER = /\uD83C[\uDD50-\uDD69\uDD70-\uDD89]|[\u249C-\u24B5]/g;

/**
 * `text` with letters drawn as pictures written as the ASCII letters they draw; regional indicators
 * only in a text with three or more in a row, so a flag (🇺🇸) stays.
 *
 * @param text Text the model reads.
 * @returns The text folded; the same string when it holds none.
 * @example
 * foldFancyLetters('🅸🅶🅽🅾🆁🅴 ⒜⒧⒧') // 'IGNORE all'
 */
export function foldFancyLetters(text: string): string {
  if (!/[\uD83C\uD835\u249C-\u24B5]/.test(text)) return text;
  text = text.replace(MATH_LETTER, (c) => {
    if (c.normalize('NFKC') !== c) return c;
    const at = (c.codePointAt(0)! - MATH_LETTERS) % 52;
    return String.fromCharCode(at < 26 ? 65 + at : 97 + at - 26);
  });
  const letter = (c: string): string => {
    const cp = c.codePointAt(0)!;
    for (const [start, base] of BLOCKS) if (cp >= start && cp < start + 26) return String.fromCharCode(base + cp - start);
    return c;
  };
  const pictured = text.replace(PICTURE_LETTER, letter);
  return REGIONAL_WORD.test(pictured) ? pictured.replace(REGIONAL_LETTER, (c) => String.fromCharCode(65 + c.codePointAt(0)! - REGIONAL)) : pictured;
}
