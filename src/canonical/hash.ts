/**
 * The synchronous hashing interface: SHA-256 and HMAC-SHA256 over bytes and strings,
 * one-shot and incremental, all computed by the WASM core in `wasm/`.
 *
 * No `node:crypto` and no `crypto.subtle` are used here, so every runtime produces the same
 * bytes from the same WASM. Strings are hashed as UTF-8 and must be well-formed (no lone surrogates).
 *
 * @module
 */
import {
  wasmSha256,
  wasmSha256Final,
  wasmSha256Hex,
  wasmSha256Init,
  wasmSha256Update,
} from '../../wasm/sha256-core.ts';

const encoder = new TextEncoder();
const BLOCK = 64;

/** Bytes or a string (taken as UTF-8). */
export type HashInput = Uint8Array | string;

/**
 * A string with a lone surrogate has no UTF-8 form: encoding it would hash U+FFFD instead, so
 * `"\uD800"` and `"\uFFFD"` would collide. Refused, like the strict reader refuses such JSON.
 */
function wellFormed(data: string, what: string): string {
  if (!(data as string & { isWellFormed(): boolean }).isWellFormed()) {
    const at = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(data)!;
    throw new TypeError(`${what} holds a lone surrogate U+${at[0].charCodeAt(0).toString(16).toUpperCase()} at index ${at.index}: it has no UTF-8 form, so it cannot be hashed (strings must be well-formed Unicode)`);
  }
  return data;
}

function toBytes(data: HashInput, what: string): Uint8Array {
  if (typeof data === 'string') return encoder.encode(wellFormed(data, what));
  if (data instanceof Uint8Array) return data;
  throw new TypeError(`${what} must be a string or a Uint8Array, got ${data === null ? 'null' : typeof data}`);
}

/**
 * Lowercase hex of some bytes.
 *
 * @param bytes The bytes.
 * @returns Two lowercase hex digits per byte.
 * @example bytesToHex(new Uint8Array([255, 1])) // "ff01"
 */
export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/**
 * SHA-256 of bytes or of the UTF-8 bytes of a string.
 *
 * @param data The message.
 * @returns The 32-byte digest.
 * @throws {TypeError} When `data` is neither a string nor a Uint8Array, or a string with a lone surrogate.
 * @example sha256(new Uint8Array([97, 98, 99]))
 */
export function sha256(data: HashInput): Uint8Array {
  return wasmSha256(toBytes(data, 'sha256 input'));
}

/**
 * Lowercase hex SHA-256 of bytes or of the UTF-8 bytes of a string.
 *
 * @param data The message.
 * @returns 64 lowercase hex characters.
 * @throws {TypeError} When `data` is neither a string nor a Uint8Array, or a string with a lone surrogate.
 * @example sha256Hex('abc') // "ba7816bf…15ad"
 */
export function sha256Hex(data: HashInput): string {
  if (typeof data === 'string') wellFormed(data, 'sha256Hex input');
  else if (!(data instanceof Uint8Array)) toBytes(data, 'sha256Hex input');
  return wasmSha256Hex(data);
}

/** An incremental SHA-256 hasher. */
export interface Sha256Hasher {
  /** Feed the next chunk; returns the same hasher. */
  update(data: HashInput): Sha256Hasher;
  /** Finish and return the 32-byte digest; the hasher cannot be used afterwards. */
  digest(): Uint8Array;
  /** Finish and return lowercase hex; the hasher cannot be used afterwards. */
  digestHex(): string;
}

/**
 * Start an incremental SHA-256: feed chunks with `update`, finish with `digest` or `digestHex`.
 *
 * @returns A fresh hasher, independent of any other.
 * @example createSha256().update('a').update('bc').digestHex() === sha256Hex('abc')
 */
export function createSha256(): Sha256Hasher {
  let state: Uint8Array | undefined = wasmSha256Init();
  const live = (): Uint8Array => {
    if (!state) throw new Error('This SHA-256 hasher was already finished; create a new one with createSha256()');
    return state;
  };
  const hasher: Sha256Hasher = {
    update(data) {
      state = wasmSha256Update(live(), toBytes(data, 'update input'));
      return hasher;
    },
    digest() {
      const out = wasmSha256Final(live());
      state = undefined;
      return out;
    },
    digestHex() {
      return bytesToHex(hasher.digest());
    },
  };
  return hasher;
}

/**
 * HMAC-SHA256 (RFC 2104) with the WASM SHA-256 as the compression core.
 *
 * @param key The secret key (a string is taken as UTF-8); any length.
 * @param message The message.
 * @returns The 32-byte MAC.
 * @throws {TypeError} When key or message is neither a string nor a Uint8Array, or a string with a lone surrogate.
 * @example bytesToHex(hmacSha256('key', 'The quick brown fox jumps over the lazy dog'))
 */
export function hmacSha256(key: HashInput, message: HashInput): Uint8Array {
  let k = toBytes(key, 'HMAC key');
  if (k.length > BLOCK) k = wasmSha256(k);
  const ipad = new Uint8Array(BLOCK);
  const opad = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    const b = i < k.length ? k[i]! : 0;
    ipad[i] = b ^ 0x36;
    opad[i] = b ^ 0x5c;
  }
  let inner = wasmSha256Update(wasmSha256Init(), ipad);
  inner = wasmSha256Update(inner, toBytes(message, 'HMAC message'));
  const innerDigest = wasmSha256Final(inner);
  let outer = wasmSha256Update(wasmSha256Init(), opad);
  outer = wasmSha256Update(outer, innerDigest);
  const mac = wasmSha256Final(outer);
  ipad.fill(0);
  opad.fill(0);
  return mac;
}

/**
 * Lowercase hex HMAC-SHA256.
 *
 * @param key The secret key.
 * @param message The message.
 * @returns 64 lowercase hex characters.
 * @example hmacSha256Hex('key', 'message')
 */
export function hmacSha256Hex(key: HashInput, message: HashInput): string {
  return bytesToHex(hmacSha256(key, message));
}

/**
 * Compare two strings or byte arrays in time that depends only on their lengths.
 *
 * @param a First value.
 * @param b Second value.
 * @returns Whether they are equal.
 * @example constantTimeEqual('ab', 'ab') // true
 */
export function constantTimeEqual(a: HashInput, b: HashInput): boolean {
  const x = toBytes(a, 'constantTimeEqual a');
  const y = toBytes(b, 'constantTimeEqual b');
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}
