/**
 * The `mcpfusionTrust` capability: the trust state a server (or the guard) puts under
 * `capabilities.experimental.mcpfusionTrust` of its `initialize` result, so clients can check the
 * server's behavioral identity before trusting its tools. Same fields as MCP Fusion's
 * `fusionTrust`.
 *
 * @module
 */
import type { AttestationResult } from './attestation-result.ts';
import { objectArgument, withArguments } from '../arguments.ts';

/** The capability key under `capabilities.experimental`. */
export const TRUST_CAPABILITY_KEY = 'mcpfusionTrust';

/** The `mcpfusionTrust` capability object. */
export interface TrustCapability {
  /** The server digest computed now (bare lowercase hex, as MCP Fusion). */
  readonly serverDigest: string;
  /** The attestation signature, or null when unsigned. */
  readonly signature: string | null;
  /** Who signed (`hmac-sha256`, `ed25519-dsse`, `command`, …). */
  readonly signerName: string;
  /** ISO-8601 time of the attestation. */
  readonly attestedAt: string;
  /** Number of tools covered. */
  readonly toolCount: number;
  /** Whether the attestation verified against the running server. */
  readonly verified: boolean;
}

/**
 * Build the capability object from a verification result.
 *
 * @param attestation The result of `verifyAttestation` / `verifyCapabilityPin` / `attestServerDigest`.
 * @param toolCount Number of tools the server exposes.
 * @returns The capability object.
 * @example capabilities.experimental = { mcpfusionTrust: buildTrustCapability(result, 12) }
 */
export function buildTrustCapability(attestation: AttestationResult, toolCount: number): TrustCapability {
  return withArguments(
    'buildTrustCapability(attestation, toolCount)',
    [objectArgument('attestation', attestation, 'from attestServerDigest or verifyAttestation')],
    'give the result attestServerDigest or verifyAttestation returns',
    () => buildTrustCapabilityUnchecked(attestation, toolCount),
  );
}

function buildTrustCapabilityUnchecked(attestation: AttestationResult, toolCount: number): TrustCapability {
  return {
    serverDigest: attestation.computedDigest,
    signature: attestation.signature,
    signerName: attestation.signerName,
    attestedAt: attestation.attestedAt,
    toolCount,
    verified: attestation.valid,
  };
}
