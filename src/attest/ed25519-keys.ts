/**
 * Ed25519 key pairs and their files: PEM-armoured PKCS#8 (`PRIVATE KEY`) and SPKI
 * (`PUBLIC KEY`) per RFC 8410, the format `openssl genpkey -algorithm ed25519` and
 * `node:crypto` write, so keys move freely between mcpfusion, OpenSSL and KMS tooling.
 * The curve arithmetic is `@noble/curves` (audited); this file only encodes and decodes.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256Hex } from '../canonical/hash.ts';
import { InputError } from '../errors.ts';
import { kindOf } from '../arguments.ts';
import { encodeBase64, tryDecodeBase64 } from '../canonical/base64.ts';
import { refuseNonText } from '../canonical/strict-json.ts';

/** An Ed25519 key pair: the 32-byte seed (RFC 8032 private key) and the 32-byte public key. */
export interface Ed25519KeyPair {
  /** The 32-byte private key seed. Keep it secret. */
  secretKey: Uint8Array;
  /** The 32-byte public key. */
  publicKey: Uint8Array;
}

// DER prefixes from RFC 8410 section 7 (algorithm id 1.3.101.112).
const PKCS8_V1_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
const SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/**
 * Refuse key bytes that are not 32 bytes (a string, a number, a Buffer of another length): the key
 * pair's members are, and encoded otherwise they would make a PEM no reader takes, silently.
 */
function assertKeyBytes(fn: string, name: string, value: unknown, how: string): asserts value is Uint8Array {
  if (value instanceof Uint8Array && value.length === 32) return;
  const got = value instanceof Uint8Array ? `${value.length} bytes` : kindOf(value);
  throw new InputError(`${fn}: ${name} is ${got}, expected 32 bytes (a Uint8Array); ${how}`);
}

const FROM_PAIR = 'give a member of the pair generateEd25519KeyPair or parseEd25519PrivateKeyPem returns';

function concat(prefix: readonly number[], key: Uint8Array): Uint8Array {
  const out = new Uint8Array(prefix.length + key.length);
  out.set(prefix, 0);
  out.set(key, prefix.length);
  return out;
}

function armor(label: string, der: Uint8Array): string {
  const b64 = encodeBase64(der);
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 64) lines.push(b64.slice(i, i + 64));
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function dearmor(text: string, label: string, source: string): Uint8Array {
  const begin = `-----BEGIN ${label}-----`;
  const end = `-----END ${label}-----`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end, start + begin.length);
  if (start >= 0 && stop < 0) {
    throw new InputError(`Cannot read ${source}: the PEM "${label}" block has no "${end}" line; the file is truncated or was edited`);
  }
  if (start < 0 || stop < start) {
    const other = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
    throw new InputError(
      `Cannot read ${source}: expected a PEM "${label}" block${other ? `, found "${other}"` : ''}; ` +
      `create keys with "mcpfusion attest keygen" or "openssl genpkey -algorithm ed25519"`,
    );
  }
  if (text.indexOf(begin, stop) >= 0) {
    throw new InputError(`Cannot read ${source}: it holds more than one PEM "${label}" block; keep one key per file`);
  }
  const body = text.slice(start + begin.length, stop).replace(/[\r\n\t ]/g, '');
  const der = tryDecodeBase64(body);
  if (!der) throw new InputError(`Cannot read ${source}: the PEM "${label}" block is not valid base64 (truncated or edited?)`);
  return der;
}

/**
 * Derive a key pair from a 32-byte seed (use a cryptographically random one).
 *
 * @param seed 32 random bytes, e.g. from `crypto.getRandomValues(new Uint8Array(32))`.
 * @returns The key pair.
 * @throws {InputError} When the seed is not 32 bytes.
 * @example generateEd25519KeyPair(crypto.getRandomValues(new Uint8Array(32)))
 */
export function generateEd25519KeyPair(seed: Uint8Array): Ed25519KeyPair {
  assertKeyBytes('generateEd25519KeyPair(seed)', 'seed', seed, 'give 32 random bytes, crypto.getRandomValues(new Uint8Array(32))');
  const secretKey = Uint8Array.from(seed);
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
}

/**
 * The PEM `PRIVATE KEY` (PKCS#8 v1, RFC 8410) text of a private key.
 *
 * @param secretKey The 32-byte seed.
 * @returns PEM text with a trailing newline.
 * @example encodeEd25519PrivateKeyPem(pair.secretKey).startsWith('-----BEGIN PRIVATE KEY-----')
 */
export function encodeEd25519PrivateKeyPem(secretKey: Uint8Array): string {
  assertKeyBytes('encodeEd25519PrivateKeyPem(secretKey)', 'secretKey', secretKey, `${FROM_PAIR} (its secretKey)`);
  return armor('PRIVATE KEY', concat(PKCS8_V1_PREFIX, secretKey));
}

/**
 * The PEM `PUBLIC KEY` (SPKI, RFC 8410) text of a public key.
 *
 * @param publicKey The 32-byte public key.
 * @returns PEM text with a trailing newline.
 * @example encodeEd25519PublicKeyPem(pair.publicKey)
 */
export function encodeEd25519PublicKeyPem(publicKey: Uint8Array): string {
  assertKeyBytes('encodeEd25519PublicKeyPem(publicKey)', 'publicKey', publicKey, `${FROM_PAIR} (its publicKey), or what parseEd25519PublicKeyPem returns`);
  return armor('PUBLIC KEY', concat(SPKI_PREFIX, publicKey));
}

/**
 * Read a PEM `PRIVATE KEY` holding an Ed25519 key (PKCS#8 v1, RFC 8410, as OpenSSL and Node write it).
 *
 * @param text The PEM text.
 * @param source What it is, for messages (e.g. `key file "ci.key"`); never the key itself.
 * @returns The key pair.
 * @throws {InputError} When the text is not an Ed25519 PKCS#8 v1 key.
 * @example parseEd25519PrivateKeyPem(readTextFile('ci.key'), 'key file "ci.key"')
 */
export function parseEd25519PrivateKeyPem(text: string, source = 'the private key'): Ed25519KeyPair {
  if (typeof text !== 'string') refuseNonText(text, source, 'the text of a PEM file');
  const der = dearmor(text, 'PRIVATE KEY', source);
  if (der.length !== 48 || !startsWith(der, PKCS8_V1_PREFIX)) {
    throw new InputError(`Cannot read ${source}: it is not an Ed25519 private key (PKCS#8, OID 1.3.101.112)`);
  }
  const seed = der.slice(16, 48);
  const pair = generateEd25519KeyPair(seed);
  seed.fill(0);
  der.fill(0);
  return pair;
}

/**
 * Read a PEM `PUBLIC KEY` holding an Ed25519 key (SPKI).
 *
 * @param text The PEM text.
 * @param source What it is, for messages.
 * @returns The 32-byte public key.
 * @throws {InputError} When the text is not an Ed25519 SPKI public key or not a valid curve point.
 * @example parseEd25519PublicKeyPem(readTextFile('ci.pub'), 'public key "ci.pub"')
 */
export function parseEd25519PublicKeyPem(text: string, source = 'the public key'): Uint8Array {
  if (typeof text !== 'string') refuseNonText(text, source, 'the text of a PEM file');
  // A file that holds a private key, beside a public key too, is the private key's holder's: handed
  // out as the public key it would give the key away.
  if (/-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/.test(text)) {
    const also = text.includes('-----BEGIN PUBLIC KEY-----') ? ' beside the public key; a public key file must hold the public key alone, since it is handed out' : '';
    throw new InputError(`Cannot read ${source}: it holds a private key${also}; verify with the public key (the ".pub" file written by "mcpfusion attest keygen")`);
  }
  const der = dearmor(text, 'PUBLIC KEY', source);
  if (der.length !== 44 || !startsWith(der, SPKI_PREFIX)) {
    throw new InputError(`Cannot read ${source}: it is not an Ed25519 public key (SPKI, OID 1.3.101.112)`);
  }
  const key = der.slice(12);
  if (!ed25519.utils.isValidPublicKey(key, false)) {
    throw new InputError(`Cannot read ${source}: the key is not a valid Ed25519 point`);
  }
  // A point of small order is the public key of no private key: strict verification refuses every
  // signature for it, which would read as "signed with another key" instead of a bad key file.
  if (ed25519.Point.fromBytes(key, false).isSmallOrder()) {
    throw new InputError(`Cannot read ${source}: the key is a point of small order, the public key of no Ed25519 private key; the file was edited or made by hand`);
  }
  return key;
}

/**
 * The key id recorded in DSSE signatures: lowercase hex SHA-256 of the public key's SPKI DER
 * (the bytes inside its PEM), so `openssl pkey -pubin -outform DER | sha256sum` gives the same.
 *
 * @param publicKey The 32-byte public key.
 * @returns 64 lowercase hex characters.
 * @example ed25519KeyId(pair.publicKey)
 */
export function ed25519KeyId(publicKey: Uint8Array): string {
  assertKeyBytes('ed25519KeyId(publicKey)', 'publicKey', publicKey, `${FROM_PAIR} (its publicKey), or what parseEd25519PublicKeyPem returns`);
  return sha256Hex(concat(SPKI_PREFIX, publicKey));
}
