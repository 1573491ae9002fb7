/**
 * Build a lockfile object from a contract set (pure: the clock arrives as a parameter).
 *
 * @module
 */
import { getOwn, setOwn } from '../canonical/own.ts';
import { canonicalDigest } from '../canonical/jcs.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { computeContractSetDigests, sortCodeUnits, sortedKeys, type ContractSetDigests } from '../canonical/digest.ts';
import type { ContractSet, ToolContract } from '../contract/types.ts';
import type { Lockfile, LockfileAction, LockfilePrompt, LockfileResource, LockfileTool } from './types.ts';
import { LOCKFILE_VERSION } from './types.ts';
import { withContractInput } from '../contract/contract-shape.ts';
import { withJsonInput } from '../canonical/assert-json.ts';
import { objectArgument, withArguments } from '../arguments.ts';

/** Options of {@link buildLockfile}. */
export interface BuildLockfileOptions {
  /** Server name written as `serverName`. */
  serverName: string;
  /** The generating mcpfusion version. */
  mcpfusionVersion: string;
  /** ISO-8601 timestamp for `generatedAt`. */
  generatedAt: string;
  /** Digests already computed for this set (skips hashing it again). */
  digests?: ContractSetDigests;
  /**
   * The set comes straight from a contract reader (`loadContractSet`, `parseContractsFile`,
   * `materializeToolsList`, `contractSetFromLockfile`), which records every schema's digest from
   * the schema itself, and was not changed since: skip hashing every schema again to check it.
   */
  schemaDigestsFromReader?: boolean;
}

const prefixed = (hex: string): string => `sha256:${hex}`;

// Every object below is written with its keys in code-unit order (and user-named maps filled in
// sorted order), so serialization can write these objects as they are instead of sorted copies.

/**
 * The lockfile entry of one tool.
 *
 * @param c The tool contract.
 * @param digest Its tool digest (bare hex).
 * @returns The entry, as `lock` writes it.
 */
export function toolEntry(c: ToolContract, digest: string): LockfileTool {
  const keys = sortedKeys(c.surface.actions);
  const actionContracts: Record<string, LockfileAction> = {};
  for (const key of keys) {
    const a = c.surface.actions[key]!;
    const entry: LockfileAction = {
      description: a.description ?? null,
      destructive: a.destructive,
      hasMiddleware: a.hasMiddleware,
      idempotent: a.idempotent,
      inputSchemaDigest: prefixed(a.inputSchemaDigest),
      ...(a.openWorld !== undefined ? { openWorld: a.openWorld } : {}),
      presenterName: a.presenterName ?? null,
      readOnly: a.readOnly,
      requiredFields: [...a.requiredFields],
    };
    setOwn(actionContracts, key, entry);
  }
  const b = c.behavior;
  return {
    behavior: {
      affordanceTopology: [...b.affordanceTopology],
      cognitiveGuardrails: {
        agentLimitMax: b.cognitiveGuardrails.agentLimitMax,
        egressMaxBytes: b.cognitiveGuardrails.egressMaxBytes,
      },
      concurrencyFingerprint: b.concurrencyFingerprint,
      destructiveActions: keys.filter((k) => c.surface.actions[k]!.destructive),
      egressSchemaDigest: b.egressSchemaDigest === null ? null : prefixed(b.egressSchemaDigest),
      embeddedPresenters: [...b.embeddedPresenters],
      middlewareChain: [...b.middlewareChain],
      readOnlyActions: keys.filter((k) => c.surface.actions[k]!.readOnly),
      stateSyncFingerprint: b.stateSyncFingerprint,
      systemRulesFingerprint: b.systemRulesFingerprint,
    },
    entitlements: {
      codeEvaluation: c.entitlements.codeEvaluation,
      crypto: c.entitlements.crypto,
      filesystem: c.entitlements.filesystem,
      network: c.entitlements.network,
      // Sorted, not deduplicated: the entitlements hash covers the sorted list as it is, and the
      // reader recomputes the digest from this field.
      raw: sortCodeUnits(c.entitlements.raw),
      subprocess: c.entitlements.subprocess,
    },
    integrityDigest: prefixed(digest),
    surface: {
      actionContracts,
      actions: keys,
      description: c.surface.description ?? null,
      inputSchemaDigest: prefixed(c.surface.inputSchemaDigest),
      tags: sortCodeUnits(c.surface.tags),
    },
    tokenEconomics: {
      baseOverheadTokens: c.tokenEconomics.baseOverheadTokens,
      inflationRisk: c.tokenEconomics.inflationRisk,
      schemaFieldCount: c.tokenEconomics.schemaFieldCount,
      unboundedCollection: c.tokenEconomics.unboundedCollection,
    },
  };
}

/**
 * Collect the known full schemas of a contract set, keyed by `sha256:<digest of canonical form>`.
 * A schema whose canonical digest differs from the digest the contract records is skipped
 * (it would not describe what was hashed).
 *
 * @param set The contract set.
 * @param fromReader The set comes straight from a reader (see {@link BuildLockfileOptions}): its
 *   schemas are known to hash to their digests.
 * @returns The content-addressed store (possibly empty).
 */
export function collectSchemas(set: ContractSet, fromReader = false): Record<string, JsonValue> {
  const store: Record<string, JsonValue> = {};
  const add = (schema: JsonValue | undefined, digest: string | null): void => {
    if (schema === undefined || digest === null) return;
    if (!fromReader && canonicalDigest(schema) !== digest) return;
    setOwn(store, prefixed(digest), schema);
  };
  for (const name of sortedKeys(set.tools)) {
    const t = set.tools[name]!;
    add(t.surface.inputSchema, t.surface.inputSchemaDigest);
    add(t.behavior.outputSchema, t.behavior.egressSchemaDigest);
    for (const key of sortedKeys(t.surface.actions)) {
      const a = t.surface.actions[key]!;
      add(a.inputSchema, a.inputSchemaDigest);
    }
  }
  return store;
}

function buildLockfileUnchecked(set: ContractSet, options: BuildLockfileOptions): Lockfile {
  const digests = options.digests ?? computeContractSetDigests(set);
  const tools: Record<string, LockfileTool> = {};
  for (const name of sortedKeys(set.tools)) setOwn(tools, name, toolEntry(set.tools[name]!, getOwn(digests.tools, name)!.digest));
  const capabilities = {} as Lockfile['capabilities'];
  const promptNames = sortedKeys(set.prompts);
  if (promptNames.length > 0) {
    const prompts: Record<string, LockfilePrompt> = {};
    for (const name of promptNames) {
      const p = set.prompts[name]!;
      const d = getOwn(digests.prompts, name)!;
      setOwn(prompts, name, {
        arguments: p.arguments.map((a) => ({ description: a.description, name: a.name, required: a.required })),
        argumentsDigest: prefixed(d.argumentsDigest),
        description: p.description,
        hasMiddleware: p.hasMiddleware,
        hydrationTimeout: p.hydrationTimeout,
        integrityDigest: prefixed(d.digest),
        tags: sortCodeUnits(p.tags),
        title: p.title,
      });
    }
    capabilities.prompts = prompts;
  }
  const uris = sortedKeys(set.resources);
  if (uris.length > 0) {
    const resources: Record<string, LockfileResource> = {};
    for (const uri of uris) {
      const r = set.resources[uri]!;
      setOwn(resources, uri, {
        description: r.description,
        integrityDigest: prefixed(getOwn(digests.resources, uri)!),
        kind: r.kind,
        mimeType: r.mimeType,
        name: r.name,
        title: r.title,
      });
    }
    capabilities.resources = resources;
  }
  capabilities.tools = tools;
  const schemas = collectSchemas(set, options.schemaDigestsFromReader === true);
  return {
    capabilities,
    generatedAt: options.generatedAt,
    integrityDigest: prefixed(digests.integrityDigest),
    lockfileVersion: LOCKFILE_VERSION,
    mcpfusionVersion: options.mcpfusionVersion,
    ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
    serverName: options.serverName,
  };
}

/**
 * Build the lockfile object of a contract set.
 *
 * @param set The contract set.
 * @param options Server name, mcpfusion version and timestamp.
 * @returns The lockfile (serialize it with `serializeLockfile`).
 * @throws {NotJsonError} When a contract holds a value that is not JSON, naming the path in the set (`$.tools.search.surface.description`).
 * @example buildLockfile(set, { serverName: 'billing', mcpfusionVersion: '0.1.0', generatedAt: '2026-01-01T00:00:00.000Z' })
 */
export function buildLockfile(set: ContractSet, options: BuildLockfileOptions): Lockfile {
  return withArguments(
    'buildLockfile(set, options)',
    [objectArgument('options', options, '{ serverName, mcpfusionVersion, generatedAt }')],
    "give the options, e.g. { serverName: 'billing', mcpfusionVersion: '0.1.0', generatedAt: new Date().toISOString() }",
    () => withContractInput(set, 'The contract set', 'set', () => withJsonInput(set, 'The contract set', () => buildLockfileUnchecked(set, options))),
  );
}
