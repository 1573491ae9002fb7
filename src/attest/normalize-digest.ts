/**
 * Accepting a server digest in every form callers hold it: bare hex, `sha256:<hex>`, or MCP
 * Fusion's `ServerDigest` object (`{ digest }`). Everything signs and compares the same string.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import { shorten } from '../format/shorten.ts';

/** A server digest as accepted by the attest functions. */
export type DigestInput = string | { readonly digest: string };

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The 64 lowercase hex characters of a server digest (the string that is signed).
 *
 * @param digest Bare hex, `sha256:<hex>` (either case), or an object with a `digest` field.
 * @param what What the digest is, for the error message.
 * @returns 64 lowercase hex characters, without the `sha256:` prefix.
 * @throws {InputError} When it is not a SHA-256 digest.
 * @example normalizeDigest('sha256:ABCD…') // "abcd…"
 */
export function normalizeDigest(digest: DigestInput, what = 'server digest'): string {
  const raw = typeof digest === 'object' && digest !== null ? digest.digest : digest;
  if (typeof raw !== 'string') throw new InputError(`The ${what} must be a string, got ${raw === null ? 'null' : typeof raw}`);
  const hex = (raw.startsWith('sha256:') ? raw.slice(7) : raw).toLowerCase();
  if (!HEX64.test(hex)) {
    throw new InputError(`The ${what} "${shorten(raw, 80)}" is not a SHA-256 digest: expected 64 hex characters, optionally prefixed with "sha256:"`);
  }
  return hex;
}

/**
 * Whether a value is a bare lowercase 64-hex digest.
 *
 * @param value Anything.
 * @returns True for 64 lowercase hex characters.
 * @example isHexDigest('ab') // false
 */
export function isHexDigest(value: unknown): value is string {
  return typeof value === 'string' && HEX64.test(value);
}
