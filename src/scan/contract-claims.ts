/**
 * A tool's claims for {@link checkViolations}, from what its contract states (each action's
 * readOnly and destructive flags, as the MCP annotations or a manifest give them) or, for a tool
 * the contracts do not hold, from the config's `tools.<name>.actions`; and the config's `allow`.
 * `scan` and the violation warnings of `lock` and `check` judge a tool by the same claims.
 *
 * @module
 */
import type { ContractSet } from '../contract/types.ts';
import type { ActionClaims, ToolClaims } from './types.ts';

/** What the config's tool overlay says about claims. */
export interface ClaimsOverlay {
  actions?: Record<string, { readOnly?: boolean; destructive?: boolean }>;
  allow?: string[];
}

/**
 * The per-action claims of a tool: the contract's when the set holds the tool, else the overlay's.
 *
 * @param set The contracts, when a source was read.
 * @param tool The tool's name.
 * @param overlayActions The config's `tools.<name>.actions`.
 * @returns Claims per action key, or undefined when nothing is known.
 * @example actionClaims(set, 'read_file', undefined) // { default: { readOnly: true, destructive: false } }
 */
export function actionClaims(set: ContractSet | undefined, tool: string, overlayActions: ClaimsOverlay['actions']): Record<string, ActionClaims> | undefined {
  const contract = set !== undefined && Object.hasOwn(set.tools, tool) ? set.tools[tool] : undefined;
  if (contract !== undefined) {
    const out: Record<string, ActionClaims> = {};
    for (const [key, a] of Object.entries(contract.surface.actions)) out[key] = { readOnly: a.readOnly, destructive: a.destructive };
    return out;
  }
  if (overlayActions === undefined) return undefined;
  const out: Record<string, ActionClaims> = {};
  for (const [key, a] of Object.entries(overlayActions)) {
    const claims: ActionClaims = {};
    if (a.readOnly !== undefined) claims.readOnly = a.readOnly;
    if (a.destructive !== undefined) claims.destructive = a.destructive;
    out[key] = claims;
  }
  return out;
}

/**
 * A tool's claims: its actions' (see {@link actionClaims}) and the overlay's allow list.
 *
 * @param set The contracts, when a source was read.
 * @param tool The tool's name.
 * @param overlay The config's overlay of the tool.
 * @returns The claims (empty when nothing is known).
 * @example toolClaims(set, 'read_file', { allow: ['network'] })
 */
export function toolClaims(set: ContractSet | undefined, tool: string, overlay: ClaimsOverlay | undefined): ToolClaims {
  const claims: ToolClaims = {};
  const actions = actionClaims(set, tool, overlay?.actions);
  if (actions !== undefined) claims.actions = actions;
  if (overlay?.allow !== undefined) claims.allow = overlay.allow;
  return claims;
}
