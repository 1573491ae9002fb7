/**
 * Verification: does the digest recomputed now match what was signed, and does the signature
 * hold under the verifier's secret or public key? Comparisons are constant time. The outcome is
 * an {@link AttestationResult}; throwing on failure is `verifyCapabilityPin`'s job.
 *
 * Order of checks, so the reported failure is the most precise one: first the signature over the
 * attested digest (`attest.bad-signature`), then, for Ed25519, that the file's fields agree with
 * the signed statement (`attest.statement-mismatch`), then the digest itself
 * (`attest.digest-mismatch`).
 *
 * @module
 */
import { constantTimeEqual } from '../canonical/hash.ts';
import { InputError } from '../errors.ts';
import { ED25519_SIGNER_NAME, type AttestationDocument } from './attestation-document.ts';
import type { AttestationFailureId, AttestationResult } from './attestation-result.ts';
import { IN_TOTO_PAYLOAD_TYPE, verifyDsseEnvelope } from './dsse.ts';
import { normalizeDigest, type DigestInput } from './normalize-digest.ts';
import { tryParseServerStatement } from './server-statement.ts';
import { attestationTime, resolveSigner, type ZeroTrustConfig } from './zero-trust-config.ts';
import { objectArgument, objectOrStringArgument, withArguments } from '../arguments.ts';

function short(hex: string): string {
  return `sha256:${hex}`;
}

/**
 * Verify an attestation against the current server digest.
 *
 * @param currentDigest The digest recomputed from the source now.
 * @param attestation The attestation document, or (MCP Fusion style) a bare signature over
 *   `currentDigest` for HMAC and custom signers; with a bare signature, `config.expectedDigest`
 *   (when set) must also equal `currentDigest` (`attest.digest-mismatch` otherwise).
 * @param config `{ signer: 'hmac', secret }`, `{ signer: 'ed25519', publicKey }` or a custom signer.
 * @returns The result: `valid`, both digests, signer, signing time, failure id and message.
 * @throws {InputError} When the config does not fit the attestation (another signer kind, no key).
 * @throws {SourceError} When an external verify command fails to run.
 * @example const r = await verifyAttestation(current, parseAttestation(text), { signer: 'hmac', secret }); r.valid
 */
export function verifyAttestation(
  currentDigest: DigestInput,
  attestation: AttestationDocument | string,
  config: ZeroTrustConfig,
): Promise<AttestationResult> {
  return withArguments(
    'verifyAttestation(currentDigest, attestation, config)',
    [objectOrStringArgument('attestation', attestation, 'the document parseAttestation returns, or a bare signature'), objectArgument('config', config, "{ signer: 'hmac', secret } or { signer: 'ed25519', publicKey }")],
    'give the attestation parseAttestation returns (or a bare signature string) and the verifier config',
    () => verifyUnchecked(currentDigest, attestation, config),
  );
}

async function verifyUnchecked(
  currentDigest: DigestInput,
  attestation: AttestationDocument | string,
  config: ZeroTrustConfig,
): Promise<AttestationResult> {
  const current = normalizeDigest(currentDigest, 'current server digest');
  if (typeof attestation === 'string') {
    if (config.signer === 'ed25519') {
      throw new InputError('Ed25519 verification needs the attestation document (its DSSE envelope), not a bare signature');
    }
    const signer = resolveSigner(config);
    const expected = config.expectedDigest === undefined ? null : normalizeDigest(config.expectedDigest, 'expected digest');
    const ok = await signer.verify(current, attestation);
    const bareResult = {
      computedDigest: current,
      expectedDigest: expected,
      signature: attestation,
      signerName: signer.name,
      attestedAt: attestationTime(config),
    };
    if (!ok) {
      return { ...bareResult, valid: false, failure: 'attest.bad-signature', error: `The ${signer.name} signature does not verify for ${short(current)}: it was made for another digest, or with another secret or key` };
    }
    // The signature holds for what runs now; that is only approval when it is the pinned digest.
    if (expected !== null && !constantTimeEqual(current, expected)) {
      return { ...bareResult, valid: false, failure: 'attest.digest-mismatch', error: `The server digest is ${short(current)} but the expected digest is ${short(expected)}: what runs is not what was approved` };
    }
    return { ...bareResult, valid: true, failure: null, error: null };
  }

  const attested = normalizeDigest(attestation.serverDigest, 'attested server digest');
  const base = {
    computedDigest: current,
    expectedDigest: attested,
    signature: attestation.signature,
    signerName: attestation.signer,
    attestedAt: attestation.attestedAt,
  };
  const fail = (failure: AttestationFailureId, error: string, extra: Partial<AttestationResult> = {}): AttestationResult =>
    ({ ...base, ...extra, valid: false, failure, error });

  let envelopeExtra: Partial<AttestationResult> = {};
  if (attestation.signer === ED25519_SIGNER_NAME) {
    if (config.signer !== 'ed25519') {
      throw new InputError(`The attestation was signed with ${ED25519_SIGNER_NAME}; verify it with the public key (--public-key FILE; library: { signer: 'ed25519', publicKey })`);
    }
    if (!(config.publicKey instanceof Uint8Array) || config.publicKey.length !== 32) {
      throw new InputError('The ed25519 verifier needs the 32-byte public key: pass --public-key FILE (library: { publicKey })');
    }
    const envelope = attestation.envelope!;
    envelopeExtra = { envelope };
    const checked = verifyDsseEnvelope(envelope, config.publicKey);
    if (!checked.ok) {
      return fail('attest.bad-signature', `The DSSE envelope has no valid Ed25519 signature by the given public key: it was signed with another key, or edited`, envelopeExtra);
    }
    // DSSE binds the payload type into the signature so that a verifier can refuse bytes signed
    // for another purpose: a payload signed as anything but an in-toto statement is not one.
    if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE) {
      return fail('attest.statement-mismatch', `The DSSE envelope's payloadType is ${JSON.stringify(envelope.payloadType)}, expected "${IN_TOTO_PAYLOAD_TYPE}": the key signed something that is not an in-toto statement`, envelopeExtra);
    }
    const statement = tryParseServerStatement(checked.payload);
    if (typeof statement === 'string') {
      return fail('attest.statement-mismatch', `The signed statement is not a valid mcpfusion server statement: ${statement}`, envelopeExtra);
    }
    const p = statement.predicate;
    const subjectDigest = statement.subject[0].digest.sha256;
    const mismatches: string[] = [];
    if (!constantTimeEqual(subjectDigest, attested)) mismatches.push(`serverDigest (file ${short(attested)}, signed ${short(subjectDigest)})`);
    if (p.toolCount !== attestation.toolCount) mismatches.push(`toolCount (file ${attestation.toolCount}, signed ${p.toolCount})`);
    if (p.attestedAt !== attestation.attestedAt) mismatches.push(`attestedAt (file ${attestation.attestedAt}, signed ${p.attestedAt})`);
    if (p.integrityDigest !== attestation.integrityDigest) mismatches.push(`integrityDigest (file ${String(attestation.integrityDigest)}, signed ${String(p.integrityDigest)})`);
    if (p.serverName !== attestation.serverName) mismatches.push(`serverName (file ${JSON.stringify(attestation.serverName)}, signed ${JSON.stringify(p.serverName)})`);
    if (mismatches.length > 0) {
      return fail('attest.statement-mismatch', `The attestation file disagrees with its signed statement in ${mismatches.join(', ')}: the file was edited after signing`, envelopeExtra);
    }
    envelopeExtra = { envelope, signature: checked.sig };
  } else {
    if (config.signer === 'ed25519') {
      throw new InputError(`The attestation was signed with ${attestation.signer}, not ${ED25519_SIGNER_NAME}; verify it with the same kind of signer`);
    }
    const signer = resolveSigner(config);
    if (signer.name !== attestation.signer) {
      throw new InputError(`The attestation was signed with "${attestation.signer}" but the verifier is "${signer.name}"; verify it with the same kind of signer`);
    }
    if (!(await signer.verify(attested, attestation.signature))) {
      return fail('attest.bad-signature', `The ${signer.name} signature does not verify for ${short(attested)}: it was made with another secret or key, or the attestation was edited`);
    }
  }

  if (!constantTimeEqual(current, attested)) {
    return fail('attest.digest-mismatch', `The server digest is ${short(current)} but the attestation was signed for ${short(attested)} (${attestation.signer}, ${attestation.attestedAt}): what runs is not what was approved`, envelopeExtra);
  }
  return { ...base, ...envelopeExtra, valid: true, failure: null, error: null };
}
