/**
 * The per-tool overlay: what the MCP wire protocol cannot show about a tool (SPEC section 2),
 * read from the `tools` map of `mcpfusion.jsonc` and applied during materialization.
 *
 * Every field is optional; an absent field keeps what the server itself says (or the SPEC
 * default). `handlers` and `allow` feed the entitlement scan and are not hashed themselves.
 *
 * @module
 */
import type { EntitlementFamily } from './types.ts';

/** Overlay of one action of a tool (keys of `tools.<name>.actions`). */
export interface ActionOverlay {
  /** Action description. */
  description?: string;
  /** Overrides the flag derived from the tool's MCP annotations. */
  destructive?: boolean;
  /** Overrides the flag derived from the tool's MCP annotations. */
  idempotent?: boolean;
  /** Overrides the flag derived from the tool's MCP annotations. */
  readOnly?: boolean;
  /** Overrides `openWorldHint` (absent: the hint, when the server gives one). */
  openWorld?: boolean;
  /** Required input fields of this action (hashed sorted); default: derived from the schema. */
  requiredFields?: string[];
  /** Presenter (MVA view) name rendering this action's result; default: the tool's `presenter`. */
  presenter?: string;
  /** Whether per-action middleware runs before the handler (default false). */
  hasMiddleware?: boolean;
}

/** Cognitive guardrail limits; null or absent means unlimited. */
export interface GuardrailsOverlay {
  /** Maximum items before truncation. */
  agentLimitMax?: number | null;
  /** Maximum egress payload bytes. */
  egressMaxBytes?: number | null;
}

/** Overlay of one tool (values of the `tools` map of the config). */
export interface ToolOverlay {
  /** Handler source files to scan for entitlements (resolved against the config file's folder). */
  handlers?: string[];
  /** Entitlement families the handlers are allowed to use (for the scan gate; not hashed). */
  allow?: EntitlementFamily[];
  /** Static system rules told to the model; fingerprinted as `static:<sha256>`. */
  systemRules?: string[];
  /** The tool also has rules computed at run time (`dynamic` / `dynamic:<sha256>`). */
  dynamicSystemRules?: boolean;
  /** Middleware names in execution order. */
  middleware?: string[];
  /** Tool names suggested to the model as next actions, in order. */
  affordances?: string[];
  /** Guardrail limits. */
  guardrails?: GuardrailsOverlay;
  /** Tags for selective exposure. */
  tags?: string[];
  /** State-sync policy fingerprint. */
  stateSyncFingerprint?: string | null;
  /** Concurrency configuration fingerprint. */
  concurrencyFingerprint?: string | null;
  /** Presenter name for every action that names none itself. */
  presenter?: string;
  /** Embedded child presenter names, in order. */
  embeddedPresenters?: string[];
  /** The tool's actions; when given, exactly these actions (replaces the derived ones). */
  actions?: Record<string, ActionOverlay>;
}

/** Overlays keyed by tool name. */
export type ToolOverlays = Record<string, ToolOverlay>;
