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
export {
  ATTESTATION_FILE,
  ATTESTATION_VERSION,
  COMMAND_SIGNER_NAME,
  ED25519_SIGNER_NAME,
  parseAttestation,
  serializeAttestation,
  type AttestationDocument,
} from './attestation-document.ts';
export {
  ATTESTATION_FAILURES,
  AttestationFailure,
  type AttestationFailureId,
  type AttestationResult,
} from './attestation-result.ts';
export { buildTrustCapability, TRUST_CAPABILITY_KEY, type TrustCapability } from './build-trust-capability.ts';
export { createCommandSigner, type CommandOutcome, type CommandRunner, type CommandSignerOptions } from './command-signer.ts';
export { createAttestation, type AttestationSubject } from './create-attestation.ts';
export {
  IN_TOTO_PAYLOAD_TYPE,
  preAuthEncoding,
  signDsseEnvelope,
  verifyDsseEnvelope,
  type DsseEnvelope,
  type DsseSignature,
  type DsseVerification,
} from './dsse.ts';
export {
  ed25519KeyId,
  encodeEd25519PrivateKeyPem,
  encodeEd25519PublicKeyPem,
  generateEd25519KeyPair,
  parseEd25519PrivateKeyPem,
  parseEd25519PublicKeyPem,
  type Ed25519KeyPair,
} from './ed25519-keys.ts';
export { createHmacSigner, HMAC_SIGNER_NAME } from './hmac-signer.ts';
export { isHexDigest, normalizeDigest, type DigestInput } from './normalize-digest.ts';
export { checkSecretStrength, MIN_SECRET_LENGTH, type SecretVerdict } from './secret-policy.ts';
export {
  buildServerStatement,
  encodeServerStatement,
  IN_TOTO_STATEMENT_TYPE,
  SERVER_PREDICATE_TYPE,
  tryParseServerStatement,
  type ServerPredicate,
  type ServerStatement,
  type ServerStatementInput,
} from './server-statement.ts';
export { verifyAttestation } from './verify-attestation.ts';
export { verifyCapabilityPin, type CapabilityPinConfig } from './verify-capability-pin.ts';
export { attestationTime, resolveSigner, setZeroTrustDefaults, type ZeroTrustConfig, type ZeroTrustDefaults } from './zero-trust-config.ts';
