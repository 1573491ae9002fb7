/**
 * The in-toto Statement v1 that the Ed25519/DSSE mode signs: its subject is the server (name and
 * SHA-256 server digest), its predicate (type {@link SERVER_PREDICATE_TYPE}) records the tool
 * count, the lockfile integrity digest, each tool's digest (its "version") and the signing time.
 * The payload bytes are the statement's canonical JSON (RFC 8785).
 *
 * @module
 */
import { computeServerDigest } from '../canonical/digest.ts';
import { canonicalize } from '../canonical/jcs.ts';
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { JsonParseError } from '../errors.ts';
import { isHexDigest } from './normalize-digest.ts';

/** in-toto Statement v1 `_type`. */
export const IN_TOTO_STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';

/** The predicate type of mcpfusion server-digest attestations (version 1). */
export const SERVER_PREDICATE_TYPE = 'https://mcpfusion.dev/attestation/server-digest/v1';

/** Subject name used when the source does not name the server. */
export const UNNAMED_SERVER = 'mcp-server';

/** The predicate of a server-digest statement. Digests carry the `sha256:` prefix. */
export interface ServerPredicate {
  /** The server name, or null when the source gave none. */
  serverName: string | null;
  /** Number of tools covered by the server digest. */
  toolCount: number;
  /** The lockfile integrity digest (`sha256:…`, covers prompts and resources too), or null. */
  integrityDigest: string | null;
  /** Each tool's digest (`sha256:…`) by tool name; they fold to the subject digest. */
  tools: Record<string, string>;
  /** ISO-8601 signing time. */
  attestedAt: string;
}

/** An in-toto Statement v1 about one server. */
export interface ServerStatement {
  _type: typeof IN_TOTO_STATEMENT_TYPE;
  subject: [{ name: string; digest: { sha256: string } }];
  predicateType: typeof SERVER_PREDICATE_TYPE;
  predicate: ServerPredicate;
}

/** What goes into a statement. Digests are bare hex. */
export interface ServerStatementInput {
  serverDigest: string;
  serverName?: string | null;
  integrityDigest?: string | null;
  /** Tool digests (bare hex) by name; when given, `toolCount` is their number. */
  tools?: Record<string, string>;
  toolCount?: number;
  attestedAt: string;
}

/**
 * Build the statement for a server digest.
 *
 * @param input Server digest, name, tool digests, integrity digest and time.
 * @returns The statement.
 * @example buildServerStatement({ serverDigest, serverName: 'notes', tools, attestedAt })
 */
export function buildServerStatement(input: ServerStatementInput): ServerStatement {
  const tools: Record<string, string> = Object.create(null);
  for (const name of Object.keys(input.tools ?? {}).sort()) tools[name] = `sha256:${input.tools![name]!}`;
  return {
    _type: IN_TOTO_STATEMENT_TYPE,
    subject: [{ name: input.serverName ?? UNNAMED_SERVER, digest: { sha256: input.serverDigest } }],
    predicateType: SERVER_PREDICATE_TYPE,
    predicate: {
      serverName: input.serverName ?? null,
      toolCount: input.tools ? Object.keys(input.tools).length : (input.toolCount ?? 0),
      integrityDigest: input.integrityDigest ? `sha256:${input.integrityDigest}` : null,
      tools,
      attestedAt: input.attestedAt,
    },
  };
}

/**
 * The payload bytes of a statement: its canonical JSON as UTF-8.
 *
 * @param statement The statement.
 * @returns The bytes to put in the DSSE envelope.
 * @example encodeServerStatement(buildServerStatement(input))
 */
export function encodeServerStatement(statement: ServerStatement): Uint8Array {
  return new TextEncoder().encode(canonicalize(statement));
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function isObject(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPrefixedDigest(v: JsonValue | undefined): v is string {
  return typeof v === 'string' && v.startsWith('sha256:') && isHexDigest(v.slice(7));
}

/**
 * Read a signed payload back as a server statement, checking its shape and that its tool
 * digests fold to its subject digest.
 *
 * @param payload The payload bytes from a verified envelope.
 * @returns The statement, or a reason string when it is not a valid mcpfusion server statement.
 * @example const s = tryParseServerStatement(bytes); if (typeof s === 'string') fail(s)
 */
export function tryParseServerStatement(payload: Uint8Array): ServerStatement | string {
  let text: string;
  try {
    text = decoder.decode(payload);
  } catch (cause) {
    return `the signed payload is not UTF-8 (${String((cause as Error).message)})`;
  }
  let v: JsonValue;
  try {
    v = parseStrictJson(text, 'the signed payload');
  } catch (cause) {
    // Not strict I-JSON (e.g. a key given twice, which readers resolve differently): say which.
    if (cause instanceof JsonParseError) return cause.message;
    throw cause;
  }
  if (!isObject(v)) return 'the signed payload is not a JSON object';
  if (v._type !== IN_TOTO_STATEMENT_TYPE) return `the signed payload is not an in-toto Statement v1 (_type ${JSON.stringify(v._type)})`;
  if (v.predicateType !== SERVER_PREDICATE_TYPE) return `the statement's predicateType is ${JSON.stringify(v.predicateType)}, expected "${SERVER_PREDICATE_TYPE}"`;
  const subject = v.subject;
  if (!Array.isArray(subject) || subject.length !== 1 || !isObject(subject[0])) return 'the statement must have exactly one subject';
  const s0 = subject[0];
  if (typeof s0.name !== 'string' || !isObject(s0.digest) || !isHexDigest(s0.digest.sha256)) {
    return 'the statement subject must be {name, digest: {sha256: <64 hex>}}';
  }
  const p = v.predicate;
  if (!isObject(p)) return 'the statement has no predicate object';
  if (!(p.serverName === null || typeof p.serverName === 'string')) return 'predicate.serverName must be a string or null';
  // In-toto policies read the subject name, mcpfusion the predicate's serverName: they must agree.
  if (p.serverName === null && s0.name !== UNNAMED_SERVER) {
    return `the subject name ${JSON.stringify(s0.name)} is not "${UNNAMED_SERVER}", the name of a server without serverName`;
  }
  if (p.serverName !== null && s0.name !== p.serverName) {
    return `the subject name ${JSON.stringify(s0.name)} is not the predicate's serverName ${JSON.stringify(p.serverName)}`;
  }
  if (typeof p.toolCount !== 'number' || !Number.isInteger(p.toolCount) || p.toolCount < 0) return 'predicate.toolCount must be a non-negative integer';
  if (!(p.integrityDigest === null || isPrefixedDigest(p.integrityDigest))) return 'predicate.integrityDigest must be "sha256:<64 hex>" or null';
  if (typeof p.attestedAt !== 'string') return 'predicate.attestedAt must be a string';
  if (!isObject(p.tools)) return 'predicate.tools must be an object';
  // Null-prototype maps: a tool named "__proto__" is an ordinary key.
  const tools: Record<string, string> = Object.create(null);
  const bare: Record<string, { digest: string }> = Object.create(null);
  for (const [name, d] of Object.entries(p.tools)) {
    if (!isPrefixedDigest(d)) return `predicate.tools["${name}"] must be "sha256:<64 hex>"`;
    tools[name] = d;
    bare[name] = { digest: d.slice(7) };
  }
  const names = Object.keys(tools);
  if (names.length > 0) {
    if (names.length !== p.toolCount) return `predicate.toolCount is ${p.toolCount} but predicate.tools lists ${names.length}`;
    if (computeServerDigest(bare) !== s0.digest.sha256) return 'predicate.tools do not fold to the subject digest';
  }
  return {
    _type: IN_TOTO_STATEMENT_TYPE,
    subject: [{ name: s0.name, digest: { sha256: s0.digest.sha256 } }],
    predicateType: SERVER_PREDICATE_TYPE,
    predicate: {
      serverName: p.serverName,
      toolCount: p.toolCount,
      integrityDigest: p.integrityDigest,
      tools,
      attestedAt: p.attestedAt,
    },
  };
}
