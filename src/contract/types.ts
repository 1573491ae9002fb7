/**
 * The contract model: ToolContract (four sections), PromptContract, ResourceContract and the
 * ContractSet that every source produces and every command consumes.
 *
 * Field for field this is MCP Fusion's `ToolContract`, so the same contract gives the same
 * digests. Digest values inside a contract are bare lowercase hex (no `sha256:` prefix).
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';

/** Per-action behavioral contract. */
export interface ActionContract {
  /** Human-readable description; absent when the action has none. */
  description?: string;
  /** Whether the action destroys or overwrites data. */
  destructive: boolean;
  /** Whether repeating the action has no further effect. */
  idempotent: boolean;
  /** Whether the action only reads. */
  readOnly: boolean;
  /** Required input field names, in the order the contract gives them. */
  requiredFields: string[];
  /** Presenter (MVA view) name, when one renders the result. */
  presenterName?: string;
  /** SHA-256 (hex) of the action-level input schema. */
  inputSchemaDigest: string;
  /** The full action-level input schema, when known (not hashed itself; its digest is). */
  inputSchema?: JsonValue;
  /** Whether per-action middleware runs before the handler. */
  hasMiddleware: boolean;
  /** MCP `openWorldHint`, only when the server gives it. */
  openWorld?: boolean;
}

/** Declarative surface: what `tools/list` exposes. */
export interface ToolSurface {
  /** Tool name (the key of the tool everywhere). */
  name: string;
  /** Tool description; absent when the tool has none. */
  description?: string;
  /**
   * Display title (MCP `title`, else `annotations.title`), when the server gives one. Not hashed
   * and not in the lockfile (MCP Fusion's contract has no title): kept for the surface scan, since
   * a client may show it to the user or the model.
   */
  title?: string;
  /**
   * The tool's `annotations` entries MCP does not define (not `title`, `readOnlyHint`,
   * `destructiveHint`, `idempotentHint`, `openWorldHint`), and `annotations.title` when the tool's
   * own `title` is another text. Not hashed and not in the lockfile: kept for the surface scan, since a
   * client may pass them to the model. Absent when there are none.
   */
  otherAnnotations?: Record<string, JsonValue>;
  /** Tags for selective exposure (hashed sorted). */
  tags: string[];
  /** Per-action contracts, keyed by action key. */
  actions: Record<string, ActionContract>;
  /** SHA-256 (hex) of the canonical input schema. */
  inputSchemaDigest: string;
  /** The full input schema, when known (not hashed itself; its digest is). */
  inputSchema?: JsonValue;
}

/** Cognitive guardrails snapshot. */
export interface CognitiveGuardrails {
  /** Maximum items before truncation, or null when unlimited. */
  agentLimitMax: number | null;
  /** Maximum egress payload bytes, or null when unlimited. */
  egressMaxBytes: number | null;
}

/** Behavioral contract: runtime guarantees beyond the wire surface. */
export interface ToolBehavior {
  /** SHA-256 (hex) of the output (egress) schema, or null when none is declared. */
  egressSchemaDigest: string | null;
  /** `none`, `static:<sha256>`, `dynamic` or `dynamic:<sha256>`. */
  systemRulesFingerprint: string;
  /** Guardrail limits. */
  cognitiveGuardrails: CognitiveGuardrails;
  /** Middleware names in execution order. */
  middlewareChain: string[];
  /** State-sync policy fingerprint, or null. */
  stateSyncFingerprint: string | null;
  /** Concurrency configuration fingerprint, or null. */
  concurrencyFingerprint: string | null;
  /** Tool names suggested as next actions, in order. */
  affordanceTopology: string[];
  /** Embedded child presenter names, in order. */
  embeddedPresenters: string[];
  /** The full output schema, when known (not hashed itself; its digest is). */
  outputSchema?: JsonValue;
}

/** Inflation risk levels, in increasing order. */
export const INFLATION_RISKS = ['low', 'medium', 'high', 'critical'] as const;
/** One inflation risk level. */
export type InflationRisk = (typeof INFLATION_RISKS)[number];

/** Token economics profile. */
export interface TokenEconomics {
  /** Properties of the egress object (of the array item for a collection). */
  schemaFieldCount: number;
  /** The egress holds an array without `maxItems` and no agent limit applies. */
  unboundedCollection: boolean;
  /** 50 when there are system rules, plus 20 per affordance. */
  baseOverheadTokens: number;
  /** Derived risk level. */
  inflationRisk: InflationRisk;
}

/** The five entitlement families recorded in the lockfile. */
export const ENTITLEMENT_FAMILIES = ['filesystem', 'network', 'subprocess', 'crypto', 'codeEvaluation'] as const;
/** One entitlement family. */
export type EntitlementFamily = (typeof ENTITLEMENT_FAMILIES)[number];

/** Handler entitlements from static analysis. */
export interface Entitlements {
  filesystem: boolean;
  network: boolean;
  subprocess: boolean;
  crypto: boolean;
  codeEvaluation: boolean;
  /** Raw capability identifiers (hashed sorted). */
  raw: string[];
}

/** The complete behavioral contract of one tool. */
export interface ToolContract {
  surface: ToolSurface;
  behavior: ToolBehavior;
  tokenEconomics: TokenEconomics;
  entitlements: Entitlements;
}

/** One prompt argument. */
export interface PromptArgument {
  name: string;
  description: string | null;
  required: boolean;
}

/** The declarative contract of one prompt. */
export interface PromptContract {
  name: string;
  title: string | null;
  description: string | null;
  /** Tags (hashed sorted). */
  tags: string[];
  /** Arguments sorted by name (code-unit order). */
  arguments: PromptArgument[];
  hasMiddleware: boolean;
  /** Hydration timeout in ms, or null when unlimited. */
  hydrationTimeout: number | null;
}

/** The declarative contract of one resource or resource template. */
export interface ResourceContract {
  /** `resource` for a concrete URI, `template` for a URI template. */
  kind: 'resource' | 'template';
  /** The URI (resource) or URI template (template); the key of the entry. */
  uri: string;
  name: string;
  title: string | null;
  description: string | null;
  mimeType: string | null;
}

/** Everything one source yields: the unit that `lock`, `check`, `diff` and `attest` work on. */
export interface ContractSet {
  /** Server name from the source (MCP `serverInfo.name`, a contracts file), when known. */
  serverName?: string;
  tools: Record<string, ToolContract>;
  prompts: Record<string, PromptContract>;
  resources: Record<string, ResourceContract>;
}

/** An empty entitlements record (a tool whose handlers were not scanned). */
export function emptyEntitlements(): Entitlements {
  return { filesystem: false, network: false, subprocess: false, crypto: false, codeEvaluation: false, raw: [] };
}
