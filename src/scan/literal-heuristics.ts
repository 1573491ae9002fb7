/**
 * Measurements on single literals used by the evasion heuristics: Shannon entropy, base64 shape
 * and decoding, and whether a decoded text looks like code or names a capability.
 *
 * @module
 */

/** Minimum literal length for the entropy heuristic. */
export const ENTROPY_MIN_LENGTH = 64;
/** Entropy (bits per character) above which a long literal is reported. */
export const ENTROPY_THRESHOLD = 5;
/** Minimum length of a literal decoded as base64 for it to count as a blob. */
export const BASE64_MIN_LENGTH = 16;

/**
 * Shannon entropy of a string in bits per character (over UTF-16 code units).
 *
 * @param text Any string.
 * @returns Entropy in bits per character (0 for the empty string).
 * @example
 * shannonEntropy('aaaa') // 0
 */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let entropy = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/**
 * A piece of a word: letters in one case pattern (lower, Capitalized, UPPER, camelCase or PascalCase
 * with each capital followed by small letters, or a caseless script); a piece of letters may end in
 * digits ("Win64", "CP932"). A chunk of base64 almost never is one.
 */
const WORD_PART = /^(?:[\p{Lu}\p{Lt}]?[\p{Ll}\p{M}]+(?:\p{Lu}[\p{Ll}\p{M}]+)*\d*|[\p{Lu}\p{M}]{2,}\d*|[\p{Lo}\p{M}]+)$/u;

/**
 * Whether a space-separated token reads as a word: its pieces (parted at punctuation and symbols)
 * each a {@link WORD_PART} or a number, with two letters at least (one of a caseless script: a CJK
 * word is often one character).
 */
function wordToken(token: string): boolean {
  return ((token.match(/\p{L}/gu) ?? []).length >= 2 || /\p{Lo}/u.test(token)) && token.split(/[\p{P}\p{S}]+/u).every((p) => p.length === 0 || /^\d+$/.test(p) || WORD_PART.test(p));
}

/**
 * Whether a string reads as natural-language text rather than packed data: words separated by
 * spaces (at least 8 spaces, making 8 % or more of the text, and at least 60 % of the
 * space-separated tokens that hold a letter words in one case pattern: a sentence, a
 * User-Agent string), or text mostly in a script no common encoder writes (30 % or more of its
 * characters CJK ideographs, kana or Hangul, with CJK punctuation or one in twenty of those
 * characters repeats, as language has and a base32768-style encoding of random bytes has not). Base64, hex,
 * ciphertext and compressed bytes have neither, spaces put between their chunks or not (a base64
 * chunk is almost never letters in one case pattern), so prose is no
 * `evasion.high-entropy-literal` however many different characters it uses.
 *
 * @param text Any string.
 * @returns True for prose.
 * @example
 * looksLikeProse('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)') // true
 * looksLikeProse('q8Zr1Vw0 Jx7nK3pL m5sT9yUe 2bF4hG6j D8aC0vN1 oP3iR5uW 7zX9kE2g H4lM6tQ8 cS0fY1dB') // false
 */
export function looksLikeProse(text: string): boolean {
  let spaces = 0;
  let cjk = 0;
  let cjkPunctuation = false;
  const seen = new Set<number>();
  let repeats = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x20) spaces++;
    else if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af)) {
      cjk++;
      if (seen.has(c)) repeats++;
      else seen.add(c);
    } else if ((c >= 0x3000 && c <= 0x303f) || (c >= 0xff01 && c <= 0xff65)) cjkPunctuation = true;
  }
  if (cjk >= 0.3 * text.length && (cjkPunctuation || repeats >= 0.05 * cjk)) return true;
  if (spaces < 8 || spaces < 0.08 * text.length) return false;
  // Tokens with no letter (numbers, table rules, lone marks) count for neither side.
  const tokens = text.split(/ +/).filter((t) => /\p{L}/u.test(t));
  return tokens.length > 0 && tokens.filter(wordToken).length >= 0.6 * tokens.length;
}

/**
 * Whether a literal is high in entropy and no prose (see looksLikeProse): what
 * `evasion.high-entropy-literal` reports.
 *
 * @param text The literal's value (at least ENTROPY_MIN_LENGTH characters).
 * @returns The entropy in bits per character when reported, else `undefined`.
 * @example
 * highEntropyOf('aaaa') // undefined
 */
export function highEntropyOf(text: string): number | undefined {
  const entropy = shannonEntropy(text);
  return entropy > ENTROPY_THRESHOLD && !looksLikeProse(text) ? entropy : undefined;
}

export { decodeBase64Bytes } from '../canonical/base64.ts';

/**
 * Decode hex text to bytes.
 *
 * @param text Hex digits (even count).
 * @returns The bytes, or `undefined` when the text is not hex.
 * @example
 * decodeHexBytes('6576616c') // Uint8Array [101, 118, 97, 108]
 */
export function decodeHexBytes(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let k = 0; k < out.length; k++) {
    const byte = Number.parseInt(text.slice(2 * k, 2 * k + 2), 16);
    if (!Number.isFinite(byte) || !/^[0-9a-fA-F]{2}$/.test(text.slice(2 * k, 2 * k + 2))) return undefined;
    out[k] = byte;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * Decode bytes as UTF-8 text when they are mostly printable; binary data gives `undefined`.
 *
 * @param bytes Decoded bytes.
 * @returns The text, or `undefined` when more than 10 % of the bytes are control or invalid.
 * @example
 * printableText(new Uint8Array([104, 105])) // 'hi'
 */
export function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  let bad = 0;
  for (const b of bytes) if ((b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b === 0x7f) bad++;
  if (bad > bytes.length / 10) return undefined;
  const text = utf8.decode(bytes);
  let replaced = 0;
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 0xfffd) replaced++;
  return replaced > text.length / 10 ? undefined : text;
}

/**
 * Whether a literal has the shape of a base64 blob (alphabet only, long enough, not a plain word).
 *
 * @param text Literal value.
 * @returns True for base64-looking text of at least {@link BASE64_MIN_LENGTH} characters.
 * @example
 * looksLikeBase64('Y29uc29sZS5sb2coMSk=') // true
 */
export function looksLikeBase64(text: string): boolean {
  if (text.length < BASE64_MIN_LENGTH) return false;
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && /[0-9+/=A-Z]/.test(text) && /[a-z]/.test(text);
}

/** Words that make a decoded string look like code or a capability. */
const CODE_MARKERS = [
  'require(', 'import(', 'eval(', 'Function(', 'child_process', 'exec(', 'execSync', 'spawn(', 'fetch(', 'process.',
  'http://', 'https://', 'XMLHttpRequest', 'WebSocket', '=>', 'function(', 'function ', 'globalThis', 'constructor',
  'readFile', 'writeFile', '/bin/sh', '/bin/bash', 'powershell', 'curl ', 'wget ',
];

/**
 * Whether a decoded text looks like code or a command (used to raise confidence).
 *
 * @param text Decoded text.
 * @returns True when it contains a code or capability marker.
 * @example
 * looksLikeCode("require('child_process')") // true
 */
export function looksLikeCode(text: string): boolean {
  for (const marker of CODE_MARKERS) if (text.includes(marker)) return true;
  return false;
}
