/**
 * The pluggable signer interface: HMAC is built in, an external command (KMS in CI) and any
 * library-supplied signer (a KMS client, a transparency log) plug in through the same three
 * members. The string signed is always the server digest as 64 lowercase hex characters without
 * the `sha256:` prefix, the string MCP Fusion signs, so signatures interoperate.
 *
 * @module
 */

/**
 * A signer of server digests.
 *
 * Implementations should be stateless; `sign` and `verify` may be called concurrently.
 *
 * @example
 * const kms: AttestationSigner = {
 *   name: 'aws-kms',
 *   sign: async (digest) => kmsClient.sign(digest),
 *   verify: async (digest, signature) => kmsClient.verify(digest, signature),
 * };
 */
export interface AttestationSigner {
  /** Human-readable signer name, recorded in the attestation (e.g. `hmac-sha256`, `aws-kms`). */
  readonly name: string;
  /**
   * Sign a digest.
   *
   * @param digest 64 lowercase hex characters, no `sha256:` prefix.
   * @returns The signature as text (hex, base64, or whatever the signer uses).
   */
  sign(digest: string): Promise<string>;
  /**
   * Check a signature over a digest.
   *
   * @param digest 64 lowercase hex characters, no `sha256:` prefix.
   * @param signature The text `sign` returned.
   * @returns Whether the signature is valid for this digest.
   */
  verify(digest: string, signature: string): Promise<boolean>;
}
