/**
 * What a lockfile in MCP Fusion's own format shows of each tool, as contracts the diff engine can
 * compare. MCP Fusion's format records the action keys, which actions are destructive or
 * read-only, and every tool-level field except mcpfusion's additions (per-action contracts, the
 * state-sync and concurrency fingerprints, embedded presenters, base overhead tokens, raw
 * entitlements). In a view, each of those is a fixed placeholder, the same on both sides of a
 * diff, so no rule fires on it; the recorded tool digest is what tells whether it changed.
 *
 * @module
 */
import { getOwn, setOwn } from '../canonical/own.ts';
import { computeToolDigest, sortedKeys } from '../canonical/digest.ts';
import type { ActionContract, ContractSet, ToolContract } from '../contract/types.ts';
import { toolEntry } from './build-lockfile.ts';
import { contractFromEntry, promptsFromLockfile, resourcesFromLockfile } from './parse-lockfile.ts';
import type { Lockfile, LockfileTool } from './types.ts';

const bare = (d: string): string => d.slice('sha256:'.length);

/** A lockfile entry without mcpfusion's additions: what MCP Fusion's format records of it. */
function recordedOnly(t: LockfileTool): LockfileTool {
  const { actionContracts: _a, ...surface } = t.surface;
  const { stateSyncFingerprint: _s, concurrencyFingerprint: _c, embeddedPresenters: _e, ...behavior } = t.behavior;
  const { baseOverheadTokens: _b, ...tokenEconomics } = t.tokenEconomics;
  const { raw: _r, ...entitlements } = t.entitlements;
  return { ...t, surface, behavior, tokenEconomics, entitlements };
}

/**
 * The view of one lockfile tool entry: the fields MCP Fusion's format records, placeholders for
 * the rest. Each action has only its `destructive` and `readOnly` flags (from `destructiveActions`
 * and `readOnlyActions`); its other fields are the same placeholder for every action.
 *
 * @param name The tool name.
 * @param t The entry (either lockfile format; mcpfusion's additions are not read).
 * @returns A tool contract for diffing views only (its digest is not the tool's).
 */
export function recordedToolView(name: string, t: LockfileTool): ToolContract {
  const actions: Record<string, ActionContract> = {};
  for (const key of t.surface.actions) {
    setOwn(actions, key, {
      destructive: t.behavior.destructiveActions.includes(key),
      idempotent: false,
      readOnly: t.behavior.readOnlyActions.includes(key),
      requiredFields: [],
      inputSchemaDigest: bare(t.surface.inputSchemaDigest),
      hasMiddleware: false,
    });
  }
  return contractFromEntry(name, recordedOnly(t), actions);
}

/**
 * The view of a lockfile: every tool as {@link recordedToolView}; prompts and resources whole
 * (both lockfile formats record them completely).
 *
 * @param lock A parsed lockfile (see `parseLockfile`).
 * @returns The contract set a diff of views compares.
 * @example diffContracts(recordedView(fusionLock), recordedViewOfContracts(current))
 */
export function recordedView(lock: Lockfile): ContractSet {
  const set: ContractSet = { serverName: lock.serverName, tools: {}, prompts: promptsFromLockfile(lock), resources: resourcesFromLockfile(lock) };
  for (const name of sortedKeys(lock.capabilities.tools)) setOwn(set.tools, name, recordedToolView(name, lock.capabilities.tools[name]!));
  return set;
}

/**
 * The view of a full contract set: what MCP Fusion's format would record of it. Built through the
 * lockfile entry `lock` writes, so the same contracts give the same view in either format.
 *
 * @param set The full contracts.
 * @returns The contract set a diff of views compares.
 * @example recordedViewOfContracts(set).tools['invoices'].behavior.stateSyncFingerprint // null
 */
export function recordedViewOfContracts(set: ContractSet): ContractSet {
  const view: ContractSet = { serverName: set.serverName, tools: {}, prompts: set.prompts, resources: set.resources };
  for (const name of sortedKeys(set.tools)) {
    const c = set.tools[name]!;
    setOwn(view.tools, name, recordedToolView(name, toolEntry(c, computeToolDigest(c).digest)));
  }
  return view;
}

/**
 * Whether a lockfile entry in MCP Fusion's format and a full contract agree in every field the
 * entry does not record: the contract with the entry's recorded fields laid over it must give the
 * entry's digest. Then the recorded fields explain every difference between the two.
 *
 * @param contract The full contract of the tool (the other side of a diff).
 * @param name The tool's name in the entry's lockfile.
 * @param t The entry.
 * @returns False when they differ there, or when it cannot be told (the entry lists an action
 *   the contract does not have, whose unrecorded fields are unknown).
 * @example sameUnrecordedFields(current.tools['invoices'], 'invoices', lock.capabilities.tools['invoices'])
 */
export function sameUnrecordedFields(contract: ToolContract, name: string, t: LockfileTool): boolean {
  const actions: Record<string, ActionContract> = {};
  for (const key of t.surface.actions) {
    const a = getOwn(contract.surface.actions, key);
    if (a === undefined) return false;
    setOwn(actions, key, { ...a, destructive: t.behavior.destructiveActions.includes(key), readOnly: t.behavior.readOnlyActions.includes(key) });
  }
  const laid = contractFromEntry(name, recordedOnly(t), actions);
  const b = contract.behavior;
  laid.behavior = { ...laid.behavior, stateSyncFingerprint: b.stateSyncFingerprint, concurrencyFingerprint: b.concurrencyFingerprint, embeddedPresenters: [...b.embeddedPresenters] };
  laid.tokenEconomics.baseOverheadTokens = contract.tokenEconomics.baseOverheadTokens;
  laid.entitlements.raw = [...contract.entitlements.raw];
  return computeToolDigest(laid).digest === bare(t.integrityDigest);
}
