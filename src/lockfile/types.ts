/**
 * The `mcpfusion.lock` format (lockfileVersion 1). Keys follow MCP Fusion's lockfile; the keys
 * marked "mcpfusion" are additions that make every digest-feeding field visible, so that two
 * lockfiles whose digests differ always differ in a readable field and `diff` works from two
 * lockfiles alone. All digests carry the `sha256:` prefix. See docs/lockfile.md.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';

/** The only lockfile version this release reads and writes. */
export const LOCKFILE_VERSION = 1;
/** Default lockfile name. */
export const LOCKFILE_NAME = 'mcpfusion.lock';

/**
 * From how many bytes on `lock` and `check` read an existing lockfile as bytes, without its schema
 * store as values, and compare the new one with it in pieces (for 64 MB lockfiles under a small
 * heap). A smaller one is read as text with the native JSON reader and compared as one string,
 * which starts faster: the byte reader runs as JavaScript before the engine has compiled it.
 */
export const LOCKFILE_BYTES_FROM = 4 * 1024 * 1024;

/** One action's full contract (mcpfusion). */
export interface LockfileAction {
  description: string | null;
  destructive: boolean;
  idempotent: boolean;
  readOnly: boolean;
  requiredFields: string[];
  presenterName: string | null;
  inputSchemaDigest: string;
  hasMiddleware: boolean;
  /** Present only when the server gives `openWorldHint`. */
  openWorld?: boolean;
}

/** A tool entry. */
export interface LockfileTool {
  integrityDigest: string;
  surface: {
    description: string | null;
    /** Sorted action keys. */
    actions: string[];
    /** mcpfusion: every action's contract, keyed by action key. */
    actionContracts?: Record<string, LockfileAction>;
    inputSchemaDigest: string;
    tags: string[];
  };
  behavior: {
    egressSchemaDigest: string | null;
    systemRulesFingerprint: string;
    destructiveActions: string[];
    readOnlyActions: string[];
    middlewareChain: string[];
    affordanceTopology: string[];
    cognitiveGuardrails: { agentLimitMax: number | null; egressMaxBytes: number | null };
    /** mcpfusion */
    stateSyncFingerprint?: string | null;
    /** mcpfusion */
    concurrencyFingerprint?: string | null;
    /** mcpfusion */
    embeddedPresenters?: string[];
  };
  tokenEconomics: {
    inflationRisk: string;
    schemaFieldCount: number;
    unboundedCollection: boolean;
    /** mcpfusion */
    baseOverheadTokens?: number;
  };
  entitlements: {
    filesystem: boolean;
    network: boolean;
    subprocess: boolean;
    crypto: boolean;
    codeEvaluation: boolean;
    /** mcpfusion: sorted raw capability identifiers. */
    raw?: string[];
  };
}

/** A prompt entry (as MCP Fusion writes it). */
export interface LockfilePrompt {
  integrityDigest: string;
  description: string | null;
  title: string | null;
  tags: string[];
  arguments: { name: string; description: string | null; required: boolean }[];
  argumentsDigest: string;
  hasMiddleware: boolean;
  hydrationTimeout: number | null;
}

/** A resource or resource-template entry (mcpfusion), keyed by URI or URI template. */
export interface LockfileResource {
  integrityDigest: string;
  kind: 'resource' | 'template';
  name: string;
  title: string | null;
  description: string | null;
  mimeType: string | null;
}

/** The whole lockfile. */
export interface Lockfile {
  lockfileVersion: typeof LOCKFILE_VERSION;
  serverName: string;
  mcpfusionVersion: string;
  generatedAt: string;
  integrityDigest: string;
  capabilities: {
    tools: Record<string, LockfileTool>;
    prompts?: Record<string, LockfilePrompt>;
    /** mcpfusion */
    resources?: Record<string, LockfileResource>;
  };
  /** mcpfusion: content-addressed store of canonical schemas, keyed by `sha256:<digest>`. */
  schemas?: Record<string, JsonValue>;
}
