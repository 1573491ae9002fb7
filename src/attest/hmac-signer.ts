/**
 * The built-in HMAC-SHA256 signer: the MAC of the 64-hex server digest, keyed by a shared
 * secret, computed by the WASM core and compared in constant time.
 *
 * HMAC proves only that someone holding the secret signed: every verifier can also sign. Use the
 * Ed25519/DSSE mode where a verifier must not be able to forge.
 *
 * @module
 */
import { constantTimeEqual, hmacSha256Hex } from '../canonical/hash.ts';
import type { AttestationSigner } from './attestation-signer.ts';

/** The signer name recorded for HMAC attestations. */
export const HMAC_SIGNER_NAME = 'hmac-sha256';

/**
 * Create an HMAC-SHA256 signer from a shared secret (UTF-8).
 *
 * @param secret The shared secret; check it first with `checkSecretStrength`.
 * @returns A signer whose signatures are 64 lowercase hex characters.
 * @throws {TypeError} When the secret is not a non-empty string.
 * @example await createHmacSigner(secret).sign('9f86d081…0a08') // "5d1c…"
 */
export function createHmacSigner(secret: string): AttestationSigner {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('The HMAC secret must be a non-empty string');
  }
  return {
    name: HMAC_SIGNER_NAME,
    async sign(digest: string): Promise<string> {
      return hmacSha256Hex(secret, digest);
    },
    async verify(digest: string, signature: string): Promise<boolean> {
      return constantTimeEqual(hmacSha256Hex(secret, digest), signature);
    },
  };
}
