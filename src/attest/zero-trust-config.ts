/**
 * The configuration shared by signing and verifying (MCP Fusion's `ZeroTrustConfig`, extended
 * with the Ed25519 mode), and its resolution into a concrete signer.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import type { AttestationSigner } from './attestation-signer.ts';
import type { Ed25519KeyPair } from './ed25519-keys.ts';
import { createHmacSigner } from './hmac-signer.ts';
import type { DigestInput } from './normalize-digest.ts';

/** How to sign or verify. */
export interface ZeroTrustConfig {
  /** `hmac` (shared secret), `ed25519` (DSSE + in-toto, asymmetric) or a custom signer. */
  readonly signer: 'hmac' | 'ed25519' | AttestationSigner;
  /** `hmac`: the shared secret (from the environment or a file, never from source code or argv). */
  readonly secret?: string;
  /** `ed25519` signing: the key pair. */
  readonly privateKey?: Ed25519KeyPair;
  /** `ed25519` verification: the trusted 32-byte public key. */
  readonly publicKey?: Uint8Array;
  /** The digest of a known-good build; signing and pinning compare against it when set. */
  readonly expectedDigest?: DigestInput;
  /** `verifyCapabilityPin`: throw on failure (default true). */
  readonly failOnMismatch?: boolean;
  /** The clock for `attestedAt` (default: the system clock). */
  readonly now?: () => Date;
}

/**
 * The signer of a non-Ed25519 config.
 *
 * @param config The config.
 * @returns The HMAC signer or the custom one.
 * @throws {InputError} When `hmac` has no secret or the signer is unknown.
 * @example resolveSigner({ signer: 'hmac', secret }).name // "hmac-sha256"
 */
export function resolveSigner(config: ZeroTrustConfig): AttestationSigner {
  if (config.signer === 'hmac') {
    if (typeof config.secret !== 'string' || config.secret.length === 0) {
      throw new InputError('The hmac signer needs a secret: pass it with --secret-env NAME or --secret-file PATH (library: { secret })');
    }
    return createHmacSigner(config.secret);
  }
  if (typeof config.signer === 'object' && config.signer !== null
      && typeof config.signer.name === 'string' && typeof config.signer.sign === 'function'
      && typeof config.signer.verify === 'function') {
    return config.signer;
  }
  throw new InputError(`Unknown signer ${JSON.stringify(typeof config.signer === 'string' ? config.signer : typeof config.signer)}: use "hmac", "ed25519" or an AttestationSigner`);
}

/**
 * The current time of a config as ISO-8601.
 *
 * @param config The config.
 * @returns `config.now()` or the system time, as an ISO string.
 * @throws {InputError} When the clock returns an invalid date.
 */
export function attestationTime(config: ZeroTrustConfig): string {
  const d = config.now ? config.now() : new Date();
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new InputError('The attestation clock returned an invalid date');
  return d.toISOString();
}
