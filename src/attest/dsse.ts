/**
 * DSSE (Dead Simple Signing Envelope, secure-systems-lab/dsse v1) with Ed25519: the
 * pre-authentication encoding, signing and verification of an envelope. The signature covers
 * `PAE(payloadType, payload)`, never the JSON of the envelope, so the envelope's layout does
 * not matter and the payload type cannot be swapped.
 *
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeBase64, tryDecodeBase64 } from '../canonical/base64.ts';
import { ed25519KeyId, type Ed25519KeyPair } from './ed25519-keys.ts';

/** The DSSE payload type of an in-toto statement. */
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';

/** One DSSE signature. */
export interface DsseSignature {
  /** Key id (see `ed25519KeyId`); a hint only, never trusted. */
  keyid: string;
  /** Base64 of the 64-byte Ed25519 signature over the PAE. */
  sig: string;
}

/** A DSSE envelope. */
export interface DsseEnvelope {
  /** The payload type, e.g. {@link IN_TOTO_PAYLOAD_TYPE}. */
  payloadType: string;
  /** Base64 of the payload bytes. */
  payload: string;
  /** One or more signatures. */
  signatures: DsseSignature[];
}

const encoder = new TextEncoder();

/**
 * DSSE v1 pre-authentication encoding:
 * `"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body`, LEN = byte length as ASCII decimal.
 *
 * @param payloadType The payload type (UTF-8).
 * @param payload The payload bytes.
 * @returns The bytes that are signed.
 * @example preAuthEncoding('http://example.com/HelloWorld', new TextEncoder().encode('hello world'))
 *   // "DSSEv1 29 http://example.com/HelloWorld 11 hello world"
 */
export function preAuthEncoding(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = encoder.encode(payloadType);
  const head = encoder.encode(`DSSEv1 ${type.length} ${payloadType} ${payload.length} `);
  const out = new Uint8Array(head.length + payload.length);
  out.set(head, 0);
  out.set(payload, head.length);
  return out;
}

/**
 * Sign a payload into a DSSE envelope with Ed25519.
 *
 * @param payloadType The payload type.
 * @param payload The payload bytes.
 * @param key The signing key pair.
 * @returns The envelope with one signature.
 * @example signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, bytes, pair)
 */
export function signDsseEnvelope(payloadType: string, payload: Uint8Array, key: Ed25519KeyPair): DsseEnvelope {
  const sig = ed25519.sign(preAuthEncoding(payloadType, payload), key.secretKey);
  return {
    payloadType,
    payload: encodeBase64(payload),
    signatures: [{ keyid: ed25519KeyId(key.publicKey), sig: encodeBase64(sig) }],
  };
}

/**
 * At most this many signatures in one envelope: each is an Ed25519 verification (milliseconds of
 * CPU), and an envelope of 2000 signatures by another key took 20 s to refuse; `attest sign`
 * writes one, co-signing adds a few.
 */
export const MAX_DSSE_SIGNATURES = 16;

/** The outcome of checking an envelope. */
export type DsseVerification =
  | { ok: true; payload: Uint8Array; sig: string; keyid: string }
  | { ok: false; reason: 'no-signature-by-key' | 'malformed' };

/**
 * Verify a DSSE envelope with a trusted Ed25519 public key: valid when at least one signature
 * verifies (RFC 8032 strict, not ZIP-215) over the PAE. Key ids are hints and are not trusted;
 * every signature is tried. An envelope with more than {@link MAX_DSSE_SIGNATURES} signatures is
 * malformed, tried not at all.
 *
 * @param envelope The envelope (already structurally checked, see `parseAttestation`).
 * @param publicKey The trusted 32-byte public key.
 * @returns The decoded payload when a signature verified, else the reason.
 * @example verifyDsseEnvelope(envelope, publicKey).ok
 */
export function verifyDsseEnvelope(envelope: DsseEnvelope, publicKey: Uint8Array): DsseVerification {
  if (envelope.signatures.length > MAX_DSSE_SIGNATURES) return { ok: false, reason: 'malformed' };
  const payload = tryDecodeBase64(envelope.payload);
  if (!payload) return { ok: false, reason: 'malformed' };
  const pae = preAuthEncoding(envelope.payloadType, payload);
  const keyid = ed25519KeyId(publicKey);
  for (const s of envelope.signatures) {
    const sig = tryDecodeBase64(s.sig);
    if (!sig || sig.length !== 64) continue;
    if (tryVerifyEd25519(sig, pae, publicKey)) return { ok: true, payload, sig: s.sig, keyid };
  }
  return { ok: false, reason: 'no-signature-by-key' };
}

/**
 * Ed25519 verification (RFC 8032 strict) that treats a malformed signature encoding, which noble
 * reports by throwing, as an invalid signature: the named result is `false`.
 */
function tryVerifyEd25519(sig: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(sig, message, publicKey, { zip215: false });
  } catch (cause) {
    if (cause instanceof Error) return false;
    throw cause;
  }
}
