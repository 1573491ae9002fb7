/**
 * Base64 (RFC 4648) without `Buffer`, so the same source runs on Node and Deno. Encoding writes
 * the standard alphabet with padding. Both decoders accept the standard and the URL-safe alphabet
 * and share one table and one loop: {@link tryDecodeBase64} is strict (DSSE envelopes, PEM keys:
 * anything malformed is refused, never skipped); {@link decodeBase64Bytes} is lenient (the
 * scanner's look at string literals: whitespace ignored, trailing bits dropped).
 *
 * @module
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
DECODE['-'.charCodeAt(0)] = 62;
DECODE['_'.charCodeAt(0)] = 63;

/**
 * Standard base64 with padding.
 *
 * @param bytes The bytes.
 * @returns The base64 text.
 * @example encodeBase64(new Uint8Array([104, 105])) // "aGk="
 */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}${ALPHABET[(n >> 6) & 63]!}=`;
  }
  return out;
}

/**
 * Decode base64 (standard or URL-safe alphabet, padding optional).
 *
 * @param text The base64 text.
 * @returns The bytes, or `undefined` when the text is not base64 (bad character, bad length,
 *   padding in the middle, non-zero trailing bits).
 * @example tryDecodeBase64('aGk=') // Uint8Array [104, 105]
 */
export function tryDecodeBase64(text: string): Uint8Array | undefined {
  let end = text.length;
  if (end % 4 === 0 && end > 0 && text.charCodeAt(end - 1) === 61) end--;
  if (end % 4 === 3 && text.charCodeAt(end - 1) === 61) end--;
  if (end % 4 === 1) return undefined;
  if (text.length % 4 !== 0 && end !== text.length) return undefined;
  const decoded = decodeSextets(text, end);
  if (decoded === undefined || decoded.leftover !== 0) return undefined;
  return decoded.bytes;
}

/**
 * Decode standard or URL-safe base64 (padding optional, whitespace ignored) to bytes, leniently:
 * trailing bits that do not make a byte are dropped.
 *
 * @param text The encoded text.
 * @returns The bytes, or `undefined` when the text is not base64.
 * @example
 * decodeBase64Bytes('ZXZhbA==') // Uint8Array [101, 118, 97, 108]
 */
export function decodeBase64Bytes(text: string): Uint8Array | undefined {
  const clean = text.replace(/[\s=]+$/g, '').replace(/\s+/g, '');
  if (clean.length === 0 || clean.length % 4 === 1) return undefined;
  return decodeSextets(clean, clean.length)?.bytes;
}

/** The bytes of `text[0, end)` (no padding in it), and the bits left over after the last byte. */
function decodeSextets(text: string, end: number): { bytes: Uint8Array; leftover: number } | undefined {
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? DECODE[c]! : -1;
    if (v < 0) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  return { bytes: out.subarray(0, o), leftover: acc };
}
