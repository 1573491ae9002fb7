/**
 * The attestation file (`mcpfusion.attestation.json`): its shape, its byte-stable serialization
 * and its strict reader. A truncated or structurally edited file is an {@link InputError}
 * (exit 2) naming the problem; a well-formed file whose signature or digest does not hold is a
 * verification result (exit 1), decided in `verify-attestation.ts`.
 *
 * @module
 */
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { InputError, JsonParseError } from '../errors.ts';
import { tryDecodeBase64 } from '../canonical/base64.ts';
import { MAX_DSSE_SIGNATURES, type DsseEnvelope, type DsseSignature } from './dsse.ts';
import { HMAC_SIGNER_NAME } from './hmac-signer.ts';
import { commandSignatureProblem } from './command-signature.ts';
import { isHexDigest } from './normalize-digest.ts';
import { ATTESTATION_TIME_EXAMPLE, isAttestationTime } from './attestation-time.ts';
import { boundLine } from '../format/shorten.ts';

/** The attestation file format version this code writes and reads. */
export const ATTESTATION_VERSION = 1;

/** Default attestation file name. */
export const ATTESTATION_FILE = 'mcpfusion.attestation.json';

/** The signer name of the Ed25519/DSSE mode. */
export const ED25519_SIGNER_NAME = 'ed25519-dsse';

/** The signer name of an external command signer. */
export const COMMAND_SIGNER_NAME = 'command';

/** The content of an attestation file. Digests carry the `sha256:` prefix. */
export interface AttestationDocument {
  /** Always {@link ATTESTATION_VERSION}. */
  attestationVersion: 1;
  /** Server name from the source, or null. */
  serverName: string | null;
  /** The attested server digest, `sha256:<64 hex>`; the signed string is the hex part. */
  serverDigest: string;
  /** The lockfile integrity digest (prompts and resources included), or null when unknown. */
  integrityDigest: string | null;
  /** Number of tools the server digest covers. */
  toolCount: number;
  /** Signer name: `hmac-sha256`, `ed25519-dsse`, `command` or a library signer's name. */
  signer: string;
  /** Signing time, an RFC 3339 UTC date-time (`2026-12-06T10:00:00.000Z`). */
  attestedAt: string;
  /** The signature: HMAC hex, the external command's output, or the DSSE signature (base64). */
  signature: string;
  /** The mcpfusion version that signed, when known. */
  mcpfusionVersion?: string;
  /** Ed25519 mode only: the DSSE envelope carrying the in-toto statement. */
  envelope?: DsseEnvelope;
}

/**
 * Serialize an attestation: fixed key order, two-space indent, trailing newline, so the same
 * attestation always gives the same bytes.
 *
 * @param doc The attestation.
 * @returns The file text.
 * @example writeFileAtomic('mcpfusion.attestation.json', serializeAttestation(doc))
 */
export function serializeAttestation(doc: AttestationDocument): string {
  const ordered: Record<string, unknown> = {
    attestationVersion: doc.attestationVersion,
    serverName: doc.serverName,
    serverDigest: doc.serverDigest,
    integrityDigest: doc.integrityDigest,
    toolCount: doc.toolCount,
    signer: doc.signer,
    attestedAt: doc.attestedAt,
    signature: doc.signature,
    mcpfusionVersion: doc.mcpfusionVersion,
    envelope: doc.envelope && {
      payloadType: doc.envelope.payloadType,
      payload: doc.envelope.payload,
      signatures: doc.envelope.signatures.map((s) => ({ keyid: s.keyid, sig: s.sig })),
    },
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

type Obj = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPrefixedDigest(v: JsonValue | undefined): v is string {
  return typeof v === 'string' && v.startsWith('sha256:') && isHexDigest(v.slice(7));
}

/**
 * Read an attestation file's text.
 *
 * @param text The file text.
 * @param source What it is, for messages (e.g. `attestation "mcpfusion.attestation.json"`).
 * @returns The attestation.
 * @throws {InputError} When the text is not JSON (truncated), not I-JSON, of another version, or a
 *   field is missing or malformed (edited); the message names the field and how to fix it.
 * @example parseAttestation(readTextFile(path, 'attestation'), `attestation "${path}"`)
 */
export function parseAttestation(text: string, source = 'the attestation'): AttestationDocument {
  const bad = (what: string): never => {
    throw new InputError(`Invalid ${source}: ${what}; the file is truncated or was edited, create it again with "mcpfusion attest sign"`);
  };
  let v: JsonValue;
  try {
    v = parseStrictJson(text, source);
  } catch (cause) {
    if (cause instanceof JsonParseError) {
      throw new InputError(`${cause.message}; the file is truncated or was edited, create it again with "mcpfusion attest sign"`, { cause });
    }
    throw cause;
  }
  if (!isObject(v)) return bad('the top level is not a JSON object');
  if (v.attestationVersion !== ATTESTATION_VERSION) {
    return bad(`attestationVersion is ${JSON.stringify(v.attestationVersion ?? null)}, expected ${ATTESTATION_VERSION}`);
  }
  if (!(v.serverName === null || typeof v.serverName === 'string')) bad('"serverName" must be a string or null');
  if (!isPrefixedDigest(v.serverDigest)) bad('"serverDigest" must be "sha256:" followed by 64 lowercase hex characters');
  if (!(v.integrityDigest === null || isPrefixedDigest(v.integrityDigest))) bad('"integrityDigest" must be "sha256:<64 hex>" or null');
  if (typeof v.toolCount !== 'number' || !Number.isInteger(v.toolCount) || v.toolCount < 0) bad('"toolCount" must be a non-negative integer');
  if (typeof v.signer !== 'string' || v.signer.length === 0) bad('"signer" must be a non-empty string');
  if (!isAttestationTime(v.attestedAt)) {
    const got = typeof v.attestedAt === 'string' ? boundLine(JSON.stringify(v.attestedAt), 120) : v.attestedAt === undefined ? 'missing' : `not a string (${JSON.stringify(v.attestedAt)})`;
    bad(`"attestedAt" is ${got}; it must be an RFC 3339 time in UTC as "attest sign" writes it, such as "${ATTESTATION_TIME_EXAMPLE}"`);
  }
  if (typeof v.signature !== 'string' || v.signature.length === 0) bad('"signature" must be a non-empty string');
  if (v.mcpfusionVersion !== undefined && typeof v.mcpfusionVersion !== 'string') bad('"mcpfusionVersion" must be a string');
  const signer = v.signer as string;
  const signature = v.signature as string;
  if (signer === HMAC_SIGNER_NAME && !isHexDigest(signature)) bad('"signature" of an hmac-sha256 attestation must be 64 lowercase hex characters');
  if (signer === COMMAND_SIGNER_NAME) {
    const problem = commandSignatureProblem(signature);
    if (problem !== undefined) bad(`"signature" of a command attestation ${problem}`);
  }
  let envelope: DsseEnvelope | undefined;
  if (signer === ED25519_SIGNER_NAME) {
    envelope = parseEnvelope(v.envelope, bad);
    if (!envelope.signatures.some((s) => s.sig === signature)) bad('"signature" is not one of the envelope\'s signatures');
  } else if (v.envelope !== undefined) {
    bad(`"envelope" is only valid with signer "${ED25519_SIGNER_NAME}", not "${signer}"`);
  }
  const doc: AttestationDocument = {
    attestationVersion: ATTESTATION_VERSION,
    serverName: v.serverName as string | null,
    serverDigest: v.serverDigest as string,
    integrityDigest: v.integrityDigest as string | null,
    toolCount: v.toolCount as number,
    signer,
    attestedAt: v.attestedAt as string,
    signature,
  };
  if (typeof v.mcpfusionVersion === 'string') doc.mcpfusionVersion = v.mcpfusionVersion;
  if (envelope) doc.envelope = envelope;
  return doc;
}

function parseEnvelope(e: JsonValue | undefined, bad: (what: string) => never): DsseEnvelope {
  if (!isObject(e)) return bad(`an ${ED25519_SIGNER_NAME} attestation needs an "envelope" object`);
  if (typeof e.payloadType !== 'string') bad('"envelope.payloadType" must be a string');
  if (typeof e.payload !== 'string' || tryDecodeBase64(e.payload) === undefined) bad('"envelope.payload" must be base64');
  if (!Array.isArray(e.signatures) || e.signatures.length === 0) bad('"envelope.signatures" must be a non-empty array');
  if ((e.signatures as JsonValue[]).length > MAX_DSSE_SIGNATURES) bad(`"envelope.signatures" holds ${(e.signatures as JsonValue[]).length} signatures, more than ${MAX_DSSE_SIGNATURES} (each one costs a verification)`);
  const signatures: DsseSignature[] = (e.signatures as JsonValue[]).map((s, i) => {
    if (!isObject(s)) return bad(`"envelope.signatures[${i}]" must be an object`);
    if (typeof s.sig !== 'string' || tryDecodeBase64(s.sig)?.length !== 64) bad(`"envelope.signatures[${i}].sig" must be a base64 Ed25519 signature (64 bytes)`);
    if (s.keyid !== undefined && typeof s.keyid !== 'string') bad(`"envelope.signatures[${i}].keyid" must be a string`);
    return { keyid: typeof s.keyid === 'string' ? s.keyid : '', sig: s.sig as string };
  });
  return { payloadType: e.payloadType as string, payload: e.payload as string, signatures };
}
