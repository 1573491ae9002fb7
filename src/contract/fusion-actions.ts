/**
 * Contract parts taken from an MCP Fusion manifest, computed exactly as MCP Fusion's own
 * `materializeContract` computes them, so a tool locked from its manifest gets the actions and
 * presenter-derived behavior the framework itself would record:
 *
 * - each action: `description`, `destructive`, `idempotent`, `readOnly` as given;
 *   `requiredFields` = `required_fields` in the given order; `presenterName` =
 *   `returns_presenter`; `hasMiddleware: false` (the manifest does not tell);
 *   `inputSchemaDigest = sha256(JSON.stringify(required_fields))` — `JSON.stringify`, not the
 *   canonical form, because that is the framework's rule;
 * - over the tool's unique presenters (those its actions name and the manifest describes):
 *   egress digest = sha256 of the sorted, de-duplicated union of their `schema_keys` joined by
 *   `,` (null when the union is empty); field count = the sum of their `schema_keys` lengths;
 *   contextual rules when any has `has_contextual_rules`.
 *
 * @module
 */
import { sha256Hex } from '../canonical/hash.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import type { FusionManifestPresenter, FusionManifestTool } from './fusion-manifest.ts';
import { classifyInflationRisk } from './token-economics.ts';
import type { ActionContract, TokenEconomics } from './types.ts';

/**
 * The action-level input digest MCP Fusion records: sha256 of `JSON.stringify(requiredFields)`.
 *
 * @param requiredFields The action's required fields, in order.
 * @returns Lowercase hex SHA-256.
 * @example fusionActionInputDigest(['id']) // sha256Hex('["id"]')
 */
export function fusionActionInputDigest(requiredFields: readonly string[]): string {
  return sha256Hex(JSON.stringify(requiredFields));
}

/**
 * The action contracts of a manifest tool.
 *
 * @param tool The tool as the manifest describes it.
 * @param fallbackPresenter The overlay's tool-level `presenter`, for actions that name none.
 * @returns Action contracts keyed by action key.
 * @example fusionActions({ tags: [], actions: { get: { destructive: false, idempotent: true, readOnly: true, requiredFields: ['id'] } } }).get.requiredFields // ['id']
 */
export function fusionActions(tool: FusionManifestTool, fallbackPresenter?: string): Record<string, ActionContract> {
  const actions: Record<string, ActionContract> = {};
  for (const key of Object.keys(tool.actions)) {
    const a = tool.actions[key]!;
    const action: ActionContract = {
      destructive: a.destructive,
      idempotent: a.idempotent,
      readOnly: a.readOnly,
      requiredFields: [...a.requiredFields],
      inputSchemaDigest: fusionActionInputDigest(a.requiredFields),
      hasMiddleware: false,
    };
    if (a.description !== undefined) action.description = a.description;
    const presenter = a.presenterName ?? fallbackPresenter;
    if (presenter !== undefined) action.presenterName = presenter;
    Object.defineProperty(actions, key, { value: action, enumerable: true, writable: true, configurable: true });
  }
  return actions;
}

/** What a tool's presenters say about its behavior. */
export interface PresenterBehavior {
  /** The unique presenter names its actions use that the manifest describes, sorted. */
  presenters: string[];
  /** sha256 of the sorted unique union of their schema keys joined by `,`; null when empty. */
  egressSchemaDigest: string | null;
  /** Sum of their schema key counts. */
  schemaFieldCount: number;
  /** Whether any of them has contextual (run-time) rules. */
  hasContextualRules: boolean;
}

/**
 * Summarize the presenters of a tool's actions.
 *
 * @param actions The tool's final action contracts (their `presenterName`s are looked up).
 * @param presenters The manifest's presenters; names it does not describe are skipped.
 * @returns Egress digest, field count and the contextual-rules flag.
 * @example presenterBehavior({}, {}).egressSchemaDigest // null
 */
export function presenterBehavior(
  actions: Record<string, ActionContract>,
  presenters: Record<string, FusionManifestPresenter>,
): PresenterBehavior {
  const names = sortCodeUnits([
    ...new Set(
      Object.values(actions)
        .map((a) => a.presenterName)
        .filter((n): n is string => n !== undefined && Object.hasOwn(presenters, n)),
    ),
  ]);
  const keys = new Set<string>();
  let schemaFieldCount = 0;
  let hasContextualRules = false;
  for (const name of names) {
    const p = presenters[name]!;
    for (const k of p.schemaKeys) keys.add(k);
    schemaFieldCount += p.schemaKeys.length;
    if (p.hasContextualRules) hasContextualRules = true;
  }
  return {
    presenters: names,
    egressSchemaDigest: keys.size > 0 ? sha256Hex(sortCodeUnits([...keys]).join(',')) : null,
    schemaFieldCount,
    hasContextualRules,
  };
}

/** Inputs of {@link presenterTokenEconomics}. */
export interface PresenterTokenEconomicsInput {
  /** The presenters' field count. */
  schemaFieldCount: number;
  /** The agent limit guardrail, or null. */
  agentLimitMax: number | null;
  /** The system rules fingerprint (`none` means no rules). */
  systemRulesFingerprint: string;
  /** Number of affordances. */
  affordanceCount: number;
}

/**
 * Token economics of a presenter egress (a tool without an `outputSchema`). A presenter renders
 * one item or a list, and only `agentLimitMax` truncates a list, so a presenter egress with
 * fields is an unbounded collection unless an agent limit is set (MCP Fusion's rule).
 *
 * @param input Field count, agent limit, rules fingerprint and affordance count.
 * @returns `schemaFieldCount`, `unboundedCollection`, `baseOverheadTokens`, `inflationRisk`.
 * @example presenterTokenEconomics({ schemaFieldCount: 12, agentLimitMax: null, systemRulesFingerprint: 'none', affordanceCount: 0 }).inflationRisk // 'critical'
 */
export function presenterTokenEconomics(input: PresenterTokenEconomicsInput): TokenEconomics {
  const unboundedCollection = input.agentLimitMax === null && input.schemaFieldCount > 0;
  return {
    schemaFieldCount: input.schemaFieldCount,
    unboundedCollection,
    baseOverheadTokens: (input.systemRulesFingerprint !== 'none' ? 50 : 0) + 20 * input.affordanceCount,
    inflationRisk: classifyInflationRisk(unboundedCollection, input.schemaFieldCount),
  };
}
