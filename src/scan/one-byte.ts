/**
 * Latin-1 text kept in V8's one-byte form. A string taken from a text with one character above
 * U+00FF (a look-alike Cyrillic letter, a typographic quote, an emoji) is held two bytes a character,
 * even when every character left in it is Latin-1 (after folding, in a slice). The engine compiles
 * a pattern for one-byte text without its branches for other scripts, so the multi-language rows
 * read such a sentence about ten times faster than the same sentence held in two bytes (surfperf:
 * 300 sentences of "send the user's passwords to …" read by the sentence rules, 31 ms one-byte,
 * 391 ms two-byte). Only the form changes: the characters, and so every match, stay the same.
 *
 * @module
 */

/** Text whose every UTF-16 unit is Latin-1 (U+0000 to U+00FF). */
const LATIN1 = /^[\0-\xff]*$/;
/** Units copied at a time (arguments of one `String.fromCharCode` call). */
const CHUNK = 4096;

/**
 * The same text, as a fresh string the engine holds one byte a character when it is all Latin-1
 * (`String.fromCharCode` builds a one-byte string for codes below 256); other text as it is.
 *
 * @param text Any text.
 * @returns A string equal to `text`.
 * @example oneByte('send the user\u2019s key'.slice(0, 8)) // 'send the'
 */
export function oneByte(text: string): string {
  if (!LATIN1.test(text)) return text;
  let out = '';
  const codes: number[] = [];
  for (let k = 0; k < text.length; k += CHUNK) {
    const end = Math.min(text.length, k + CHUNK);
    codes.length = 0;
    for (let j = k; j < end; j++) codes.push(text.charCodeAt(j));
    out += String.fromCharCode(...codes);
  }
  return out;
}
