/**
 * Capability pinning: the fail-fast check a server (or the guard) runs at startup. It verifies
 * the current digest against an attestation, or against an expected digest, and throws
 * {@link AttestationFailure} (an `AttestationError`, exit 1) carrying the full result.
 *
 * @module
 */
import { constantTimeEqual } from '../canonical/hash.ts';
import { InputError } from '../errors.ts';
import type { AttestationDocument } from './attestation-document.ts';
import { AttestationFailure, type AttestationResult } from './attestation-result.ts';
import { attestServerDigest } from './attest-server-digest.ts';
import { normalizeDigest, type DigestInput } from './normalize-digest.ts';
import { verifyAttestation } from './verify-attestation.ts';
import type { ZeroTrustConfig } from './zero-trust-config.ts';

/** Pin configuration: a {@link ZeroTrustConfig} plus, optionally, the attestation to check. */
export interface CapabilityPinConfig extends ZeroTrustConfig {
  /** The signed attestation; when given, its signature and digest are both checked. */
  readonly attestation?: AttestationDocument;
}

/**
 * Check that the current digest is the approved one.
 *
 * With `attestation`: {@link verifyAttestation}, and also `expectedDigest` when set. Without it
 * (MCP Fusion style): sign the current digest and compare it with `expectedDigest`.
 *
 * @param currentDigest The digest recomputed now.
 * @param config Signer config, `attestation` and/or `expectedDigest`, `failOnMismatch` (default true).
 * @returns The result (valid, or invalid when `failOnMismatch` is false).
 * @throws {AttestationFailure} An `AttestationError` (exit 1) with `.result` when the check fails.
 * @throws {InputError} When the config is incomplete (neither `attestation` nor `expectedDigest`:
 *   nothing to check) or does not fit the attestation.
 * @example await verifyCapabilityPin(current, { signer: 'hmac', secret, attestation })
 */
export async function verifyCapabilityPin(currentDigest: DigestInput, config: CapabilityPinConfig): Promise<AttestationResult> {
  if (!config.attestation && config.expectedDigest === undefined) {
    // Signing the digest alone proves nothing about it: there is no approval to compare with.
    throw new InputError('verifyCapabilityPin has nothing to check the server digest against: pass the attestation ({ attestation }) or the approved digest ({ expectedDigest })');
  }
  let result: AttestationResult;
  if (config.attestation) {
    result = await verifyAttestation(currentDigest, config.attestation, config);
    if (result.valid && config.expectedDigest !== undefined) {
      const expected = normalizeDigest(config.expectedDigest, 'expected digest');
      if (!constantTimeEqual(result.computedDigest, expected)) {
        result = {
          ...result,
          valid: false,
          expectedDigest: expected,
          failure: 'attest.digest-mismatch',
          error: `The server digest is sha256:${result.computedDigest} but the pinned digest is sha256:${expected}: what runs is not what was approved`,
        };
      }
    }
  } else {
    result = await attestServerDigest(currentDigest, config);
  }
  if (!result.valid && (config.failOnMismatch ?? true)) throw new AttestationFailure(result);
  return result;
}
