/**
 * Signing: turn a server digest (and what is known about the server) into an attestation
 * document, in HMAC, Ed25519/DSSE or custom-signer mode.
 *
 * @module
 */
import { assertJson } from '../canonical/assert-json.ts';
import { computeServerDigest } from '../canonical/digest.ts';
import { InputError } from '../errors.ts';
import {
  ATTESTATION_VERSION,
  ED25519_SIGNER_NAME,
  type AttestationDocument,
} from './attestation-document.ts';
import { IN_TOTO_PAYLOAD_TYPE, signDsseEnvelope } from './dsse.ts';
import { normalizeDigest, type DigestInput } from './normalize-digest.ts';
import { buildServerStatement, encodeServerStatement } from './server-statement.ts';
import { attestationTime, resolveSigner, type ZeroTrustConfig } from './zero-trust-config.ts';

/** What is attested. Digests may be bare hex or `sha256:`-prefixed. */
export interface AttestationSubject {
  /** The server digest (the signed value). */
  serverDigest: DigestInput;
  /** The server name, when known. */
  serverName?: string | null;
  /** The lockfile integrity digest, when known. */
  integrityDigest?: DigestInput | null;
  /** Tool digests by name (recorded in the Ed25519 statement; they must fold to the server digest). */
  tools?: Record<string, DigestInput>;
  /** Tool count, when `tools` is not given. */
  toolCount?: number;
  /** The mcpfusion version, recorded in the file. */
  mcpfusionVersion?: string;
}

/**
 * Sign a server digest into an attestation document.
 *
 * @param subject The digest and what is known about the server.
 * @param config `{ signer: 'hmac', secret }`, `{ signer: 'ed25519', privateKey }` or a custom signer.
 * @returns The attestation document (serialize it with `serializeAttestation`).
 * @throws {InputError} When a digest is malformed or the signer is not configured.
 * @throws {NotJsonError} When the server name or the mcpfusion version is not JSON (a lone surrogate, a Date …).
 * @throws {SourceError} When an external signer fails.
 * @example await createAttestation({ serverDigest, serverName: 'notes', toolCount: 3 }, { signer: 'hmac', secret })
 */
export async function createAttestation(subject: AttestationSubject, config: ZeroTrustConfig): Promise<AttestationDocument> {
  const serverDigest = normalizeDigest(subject.serverDigest);
  const integrity = subject.integrityDigest == null ? null : normalizeDigest(subject.integrityDigest, 'integrity digest');
  let tools: Record<string, string> | undefined;
  if (subject.tools) {
    tools = Object.create(null) as Record<string, string>;
    for (const name of Object.keys(subject.tools)) tools[name] = normalizeDigest(subject.tools[name]!, `digest of tool "${name}"`);
  }
  if (tools && Object.keys(tools).length > 0) {
    const folded = computeServerDigest(Object.fromEntries(Object.entries(tools).map(([n, d]) => [n, { digest: d }])));
    if (folded !== serverDigest) {
      throw new InputError(`The tool digests do not fold to the server digest sha256:${serverDigest} (they give sha256:${folded}); pass the tools of the same contract set`);
    }
  }
  const toolCount = tools ? Object.keys(tools).length : (subject.toolCount ?? 0);
  if (!Number.isInteger(toolCount) || toolCount < 0) throw new InputError(`The tool count must be a non-negative integer, got ${toolCount}`);
  // Both go into the document (and the signed statement) as they are: JSON only, checked before signing.
  assertJson({ serverName: subject.serverName, mcpfusionVersion: subject.mcpfusionVersion }, 'The attestation subject');
  const attestedAt = attestationTime(config);
  const doc: AttestationDocument = {
    attestationVersion: ATTESTATION_VERSION,
    serverName: subject.serverName ?? null,
    serverDigest: `sha256:${serverDigest}`,
    integrityDigest: integrity === null ? null : `sha256:${integrity}`,
    toolCount,
    signer: '',
    attestedAt,
    signature: '',
  };
  if (subject.mcpfusionVersion) doc.mcpfusionVersion = subject.mcpfusionVersion;
  if (config.signer === 'ed25519') {
    if (!config.privateKey) throw new InputError('The ed25519 signer needs a private key: pass --key FILE (library: { privateKey })');
    const statement = buildServerStatement({
      serverDigest,
      serverName: doc.serverName,
      integrityDigest: integrity,
      ...(tools ? { tools } : { toolCount }),
      attestedAt,
    });
    const envelope = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, encodeServerStatement(statement), config.privateKey);
    doc.signer = ED25519_SIGNER_NAME;
    doc.signature = envelope.signatures[0]!.sig;
    doc.envelope = envelope;
    return doc;
  }
  const signer = resolveSigner(config);
  doc.signer = signer.name;
  doc.signature = await signer.sign(serverDigest);
  if (typeof doc.signature !== 'string' || doc.signature.length === 0) {
    throw new InputError(`The signer "${signer.name}" returned an empty signature`);
  }
  return doc;
}
