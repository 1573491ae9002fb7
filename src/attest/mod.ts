/**
 * Attestation: sign the server digest (HMAC-SHA256, Ed25519 over a DSSE envelope carrying an
 * in-toto statement, or a pluggable signer), verify that what runs is what was approved, and
 * expose the trust state as the `mcpfusionTrust` capability. Pure: no I/O, no process access;
 * the command runner and the clock are injected. The error classes its functions throw
 * (`AttestationError`, exit 1; `InputError`, exit 2, and its kind `NotJsonError` for a subject
 * that is not JSON; `SourceError`, exit 3, from an external signer) are exported here too, the
 * same classes as the main entry's.
 *
 * @module
 */
export { AttestationError, CanonicalizationError, InputError, McpfusionError, NotJsonError, SourceError } from '../errors.ts';
export { attestServerDigest } from './attest-server-digest.ts';
export type { AttestationSigner } from './attestation-signer.ts';
export { ATTESTATION_FILE, ATTESTATION_VERSION, COMMAND_SIGNER_NAME, ED25519_SIGNER_NAME, parseAttestation, type AttestationDocument } from './attestation-document.ts';
export {
  ATTESTATION_FAILURES,
  AttestationFailure,
  type AttestationFailureId,
  type AttestationResult,
} from './attestation-result.ts';
export { buildTrustCapability, TRUST_CAPABILITY_KEY, type TrustCapability } from './build-trust-capability.ts';
export { type CommandOutcome, type CommandRunner, type CommandSignerOptions } from './command-signer.ts';
export { type AttestationSubject } from './create-attestation.ts';
export { IN_TOTO_PAYLOAD_TYPE, type DsseEnvelope, type DsseSignature, type DsseVerification } from './dsse.ts';
export {
  ed25519KeyId,
  encodeEd25519PrivateKeyPem,
  encodeEd25519PublicKeyPem,
  generateEd25519KeyPair,
  parseEd25519PrivateKeyPem,
  parseEd25519PublicKeyPem,
  type Ed25519KeyPair,
} from './ed25519-keys.ts';
export { HMAC_SIGNER_NAME } from './hmac-signer.ts';
export { isHexDigest, normalizeDigest, type DigestInput } from './normalize-digest.ts';
export { MIN_SECRET_LENGTH, type SecretVerdict } from './secret-policy.ts';
export { encodeServerStatement, IN_TOTO_STATEMENT_TYPE, SERVER_PREDICATE_TYPE, tryParseServerStatement, type ServerPredicate, type ServerStatement, type ServerStatementInput } from './server-statement.ts';
export { verifyAttestation } from './verify-attestation.ts';
export { type CapabilityPinConfig } from './verify-capability-pin.ts';
export { setZeroTrustDefaults, type ZeroTrustConfig, type ZeroTrustDefaults } from './zero-trust-config.ts';

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from '../arguments.ts';
import * as work0 from './attestation-document.ts';
import * as work1 from './command-signer.ts';
import * as work2 from './create-attestation.ts';
import * as work3 from './dsse.ts';
import * as work4 from './hmac-signer.ts';
import * as work5 from './secret-policy.ts';
import * as work6 from './server-statement.ts';
import * as work7 from './verify-capability-pin.ts';
import * as work8 from './zero-trust-config.ts';
/** {@link work0.serializeAttestation}, its arguments checked by kind on failure. */
export const serializeAttestation = guardArguments(work0.serializeAttestation, 'serializeAttestation(doc)', ['object']);
/** {@link work1.createCommandSigner}, its arguments checked by kind on failure. */
export const createCommandSigner = guardArguments(work1.createCommandSigner, 'createCommandSigner(options)', ['object']);
/** {@link work2.createAttestation}, its arguments checked by kind on failure. */
export const createAttestation = guardArguments(work2.createAttestation, 'createAttestation(subject, config)', ['object', 'object']);
/** {@link work3.preAuthEncoding}, its arguments checked by kind on failure. */
export const preAuthEncoding = guardArguments(work3.preAuthEncoding, 'preAuthEncoding(payloadType, payload)', ['string', 'bytes']);
/** {@link work3.signDsseEnvelope}, its arguments checked by kind on failure. */
export const signDsseEnvelope = guardArguments(work3.signDsseEnvelope, 'signDsseEnvelope(payloadType, payload, key)', ['string', 'bytes', 'object']);
/** {@link work3.verifyDsseEnvelope}, its arguments checked by kind on failure. */
export const verifyDsseEnvelope = guardArguments(work3.verifyDsseEnvelope, 'verifyDsseEnvelope(envelope, publicKey)', ['object', 'bytes']);
/** {@link work4.createHmacSigner}, its arguments checked by kind on failure. */
export const createHmacSigner = guardArguments(work4.createHmacSigner, 'createHmacSigner(secret)', ['string']);
/** {@link work5.checkSecretStrength}, its arguments checked by kind on failure. */
export const checkSecretStrength = guardArguments(work5.checkSecretStrength, 'checkSecretStrength(secret, options)', ['string', 'object']);
/** {@link work6.buildServerStatement}, its arguments checked by kind on failure. */
export const buildServerStatement = guardArguments(work6.buildServerStatement, 'buildServerStatement(input)', ['object']);
/** {@link work7.verifyCapabilityPin}, its arguments checked by kind on failure. */
export const verifyCapabilityPin = guardArguments(work7.verifyCapabilityPin, 'verifyCapabilityPin(currentDigest, config)', ['digest', 'object']);
/** {@link work8.attestationTime}, its arguments checked by kind on failure. */
export const attestationTime = guardArguments(work8.attestationTime, 'attestationTime(config)', ['object']);
/** {@link work8.resolveSigner}, its arguments checked by kind on failure. */
export const resolveSigner = guardArguments(work8.resolveSigner, 'resolveSigner(config)', ['object']);
