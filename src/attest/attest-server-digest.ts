/**
 * `attestServerDigest`: sign a server digest and report it as an {@link AttestationResult}
 * (MCP Fusion's signature, plus the Ed25519 mode), comparing with `expectedDigest` when set.
 *
 * @module
 */
import { constantTimeEqual } from '../canonical/hash.ts';
import type { AttestationResult } from './attestation-result.ts';
import { createAttestation, type AttestationSubject } from './create-attestation.ts';
import { normalizeDigest, type DigestInput } from './normalize-digest.ts';
import type { ZeroTrustConfig } from './zero-trust-config.ts';
import { objectArgument, withArguments } from '../arguments.ts';

/**
 * Sign a server digest.
 *
 * The signed string is the digest as 64 lowercase hex characters without `sha256:`, so HMAC
 * signatures equal MCP Fusion's for the same digest and secret.
 *
 * @param digest The server digest (bare hex, `sha256:<hex>` or `{ digest }`).
 * @param config `{ signer: 'hmac', secret }`, `{ signer: 'ed25519', privateKey }` or a custom
 *   signer; `expectedDigest` to compare; `now` for the time.
 * @param subject More about the server (name, tools, integrity digest) for the Ed25519 statement.
 * @returns The result; `valid` is false only when `expectedDigest` differs.
 * @throws {InputError} When the digest is malformed or the signer is not configured.
 * @example (await attestServerDigest(digest, { signer: 'hmac', secret })).signature
 */
export function attestServerDigest(
  digest: DigestInput,
  config: ZeroTrustConfig,
  subject: Omit<AttestationSubject, 'serverDigest'> = {},
): Promise<AttestationResult> {
  return withArguments(
    'attestServerDigest(digest, config, subject)',
    [objectArgument('config', config, "{ signer: 'hmac', secret } or { signer: 'ed25519', privateKey }"), objectArgument('subject', subject, '{ serverName, tools, … }')],
    "give the signer's config, e.g. { signer: 'hmac', secret }",
    () => attestUnchecked(digest, config, subject),
  );
}

async function attestUnchecked(
  digest: DigestInput,
  config: ZeroTrustConfig,
  subject: Omit<AttestationSubject, 'serverDigest'>,
): Promise<AttestationResult> {
  const doc = await createAttestation({ ...subject, serverDigest: digest }, config);
  const computed = doc.serverDigest.slice(7);
  const expected = config.expectedDigest === undefined ? null : normalizeDigest(config.expectedDigest, 'expected digest');
  const matches = expected === null || constantTimeEqual(computed, expected);
  const result: AttestationResult = {
    valid: matches,
    computedDigest: computed,
    expectedDigest: expected,
    signature: doc.signature,
    signerName: doc.signer,
    attestedAt: doc.attestedAt,
    error: matches ? null : `The server digest is sha256:${computed} but the expected digest is sha256:${expected}: what runs is not what was approved`,
    failure: matches ? null : 'attest.digest-mismatch',
  };
  return doc.envelope ? { ...result, envelope: doc.envelope } : result;
}
