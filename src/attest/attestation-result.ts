/**
 * The outcome of signing or verifying a server digest, and the error that carries it.
 *
 * {@link AttestationResult} has the same fields as MCP Fusion's, so code written against
 * MCP Fusion's `CryptoAttestation` reads ours unchanged; {@link AttestationFailure} is the
 * {@link AttestationError} (exit 1) thrown by `verifyCapabilityPin` and the CLI, with the full
 * result attached for programmatic inspection.
 *
 * @module
 */
import { AttestationError } from '../errors.ts';
import type { DsseEnvelope } from './dsse.ts';

/** Why an attestation is not valid: stable ids, one per failure kind. */
export const ATTESTATION_FAILURES = [
  'attest.digest-mismatch',
  'attest.bad-signature',
  'attest.statement-mismatch',
] as const;

/** One failure id of {@link ATTESTATION_FAILURES}. */
export type AttestationFailureId = (typeof ATTESTATION_FAILURES)[number];

/** Result of an attestation (signing) or a verification. Digests are bare lowercase hex. */
export interface AttestationResult {
  /** Whether the digest matched and the signature verified. */
  readonly valid: boolean;
  /** The digest that was signed or recomputed. */
  readonly computedDigest: string;
  /** The digest it was compared with, or null when no comparison was asked for. */
  readonly expectedDigest: string | null;
  /** The signature (HMAC hex, an external signer's text, or the DSSE signature in base64). */
  readonly signature: string | null;
  /** Who signed: `hmac-sha256`, `ed25519-dsse`, `command` or a custom signer's name. */
  readonly signerName: string;
  /** ISO-8601 time of the attestation (when it was signed). */
  readonly attestedAt: string;
  /** A one-line explanation when `valid` is false, else null. */
  readonly error: string | null;
  /** The failure id when `valid` is false, else null. */
  readonly failure: AttestationFailureId | null;
  /** The DSSE envelope, in Ed25519 mode. */
  readonly envelope?: DsseEnvelope;
}

/**
 * The {@link AttestationError} (exit 1) for a failed verification, carrying the whole result.
 * Its `name` is `AttestationError`, so the CLI prints `AttestationError: …`.
 *
 * @example
 * try { await verifyCapabilityPin(digest, config) } catch (e) {
 *   if (e instanceof AttestationFailure) console.error(e.result.computedDigest, e.result.expectedDigest)
 * }
 */
export class AttestationFailure extends AttestationError {
  /** The full result: computed and expected digest, signer, time, failure id. */
  readonly result: AttestationResult;
  constructor(result: AttestationResult, options?: { cause?: unknown }) {
    super(result.error ?? 'Attestation failed', options);
    this.name = 'AttestationError';
    this.result = result;
  }
}
