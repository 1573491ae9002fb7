/**
 * Contract digests, byte-exact per SPEC section 4 (the same pre-images as MCP Fusion):
 * section hashes, tool digest, server digest, prompt digest, resource digest and the
 * lockfile integrity digest. All values are bare lowercase hex.
 *
 * @module
 */
import { setOwn } from './own.ts';
import type { ContractSet, PromptContract, ResourceContract, ToolContract } from '../contract/types.ts';
import { canonicalize } from './jcs.ts';
import { sha256Hex } from './hash.ts';
import { withContractInput } from '../contract/contract-shape.ts';
import { withJsonInput } from './assert-json.ts';
import { objectArgument, withArguments } from '../arguments.ts';

/** The four section hashes of a tool. */
export interface DigestComponents {
  surface: string;
  behavior: string;
  tokenEconomics: string;
  entitlements: string;
}

/** A tool's digest and its four components. */
export interface ToolDigest {
  digest: string;
  components: DigestComponents;
}

/** Code-unit order sort (never localeCompare). */
export function sortCodeUnits(values: readonly string[]): string[] {
  return [...values].sort();
}

/** Keys of a record in code-unit order. */
export function sortedKeys(record: object): string[] {
  return Object.keys(record).sort();
}

/**
 * The surface section pre-image: `{name, description, tags (sorted), inputSchemaDigest,
 * actions: [{key, ...action} by sorted key]}`.
 *
 * @param c A tool contract.
 * @returns The object whose canonical form is hashed.
 */
export function surfacePreimage(c: ToolContract): object {
  const s = c.surface;
  // Keys in code-unit order here and below: canonicalization then writes these objects as they
  // are (the digest does not depend on the order; the work does).
  return {
    actions: sortedKeys(s.actions).map((key) => actionPreimage(key, s.actions[key]!)),
    description: s.description,
    inputSchemaDigest: s.inputSchemaDigest,
    name: s.name,
    tags: sortCodeUnits(s.tags),
  };
}

/**
 * One action's entry in the surface pre-image: `{ key, ...action }` without the full
 * `inputSchema` (it rides beside its digest; only the digest is part of the contract). Built in
 * key order, so canonicalization writes it without a sorted copy; an own `key` field of the action
 * wins over the map key, as the spread would have it.
 */
function actionPreimage(key: string, action: object): Record<string, unknown> {
  const a = action as Record<string, unknown>;
  const keys = Object.keys(a);
  const ownKey = Object.hasOwn(a, 'key');
  if (!ownKey) keys.push('key');
  keys.sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === 'inputSchema') continue;
    const v = k === 'key' && !ownKey ? key : a[k];
    if (k === '__proto__') setOwn(out, k, v);
    else out[k] = v;
  }
  return out;
}

/** The behavior section pre-image. */
export function behaviorPreimage(c: ToolContract): object {
  const b = c.behavior;
  return {
    affordanceTopology: b.affordanceTopology,
    cognitiveGuardrails: b.cognitiveGuardrails,
    concurrencyFingerprint: b.concurrencyFingerprint,
    egressSchemaDigest: b.egressSchemaDigest,
    embeddedPresenters: b.embeddedPresenters,
    middlewareChain: b.middlewareChain,
    stateSyncFingerprint: b.stateSyncFingerprint,
    systemRulesFingerprint: b.systemRulesFingerprint,
  };
}

/** The token-economics section pre-image. */
export function tokenEconomicsPreimage(c: ToolContract): object {
  const t = c.tokenEconomics;
  return {
    baseOverheadTokens: t.baseOverheadTokens,
    inflationRisk: t.inflationRisk,
    schemaFieldCount: t.schemaFieldCount,
    unboundedCollection: t.unboundedCollection,
  };
}

/** The entitlements section pre-image (raw sorted). */
export function entitlementsPreimage(c: ToolContract): object {
  const e = c.entitlements;
  return {
    codeEvaluation: e.codeEvaluation,
    crypto: e.crypto,
    filesystem: e.filesystem,
    network: e.network,
    raw: sortCodeUnits(e.raw),
    subprocess: e.subprocess,
  };
}

function computeToolDigestUnchecked(contract: ToolContract): ToolDigest {
  const components: DigestComponents = {
    surface: sha256Hex(canonicalize(surfacePreimage(contract))),
    behavior: sha256Hex(canonicalize(behaviorPreimage(contract))),
    tokenEconomics: sha256Hex(canonicalize(tokenEconomicsPreimage(contract))),
    entitlements: sha256Hex(canonicalize(entitlementsPreimage(contract))),
  };
  const digest = sha256Hex(
    `${components.surface}:${components.behavior}:${components.tokenEconomics}:${components.entitlements}`,
  );
  return { digest, components };
}

/**
 * Digest of one tool: `sha256(surface + ":" + behavior + ":" + tokenEconomics + ":" + entitlements)`
 * over the four section hashes.
 *
 * @param contract The tool contract.
 * @returns The digest and its components (bare hex).
 * @throws {NotJsonError} When a field is not JSON (a non-finite number, a lone surrogate, a bigint …), naming the path in the contract.
 * @example computeToolDigest(contract).digest
 */
export function computeToolDigest(contract: ToolContract): ToolDigest {
  return withContractInput(contract, 'The tool contract', 'tool', () => withJsonInput(contract, 'The tool contract', () => computeToolDigestUnchecked(contract)));
}

/**
 * Server digest: `sha256(join("\n", [name + ":" + toolDigest for tools sorted by name]))`.
 *
 * @param tools Tool digests keyed by tool name.
 * @returns Bare hex.
 * @example computeServerDigest({ a: computeToolDigest(c) })
 */
export function computeServerDigest(tools: Record<string, { digest: string }>): string {
  return withArguments(
    'computeServerDigest(tools)',
    [objectArgument('tools', tools, 'of { digest } by tool name')],
    'give the tool digests by name, e.g. computeContractSetDigests(set).tools',
    () => computeServerDigestUnchecked(tools),
  );
}

function computeServerDigestUnchecked(tools: Record<string, { digest: string }>): string {
  return sha256Hex(sortedKeys(tools).map((name) => `${name}:${tools[name]!.digest}`).join('\n'));
}

/** The prompt pre-image: `{name, description, title, tags, arguments, hasMiddleware, hydrationTimeout}`. */
export function promptPreimage(p: PromptContract): object {
  return {
    name: p.name,
    description: p.description,
    title: p.title,
    tags: sortCodeUnits(p.tags),
    arguments: p.arguments,
    hasMiddleware: p.hasMiddleware,
    hydrationTimeout: p.hydrationTimeout,
  };
}

/**
 * Prompt digest and arguments digest.
 *
 * @param prompt The prompt contract.
 * @returns `{ digest, argumentsDigest }`, bare hex.
 * @example computePromptDigest(p).digest
 */
export function computePromptDigest(prompt: PromptContract): { digest: string; argumentsDigest: string } {
  return {
    digest: sha256Hex(canonicalize(promptPreimage(prompt))),
    argumentsDigest: sha256Hex(canonicalize(prompt.arguments)),
  };
}

/** The resource pre-image: `{kind, uri, name, title, description, mimeType}`. */
export function resourcePreimage(r: ResourceContract): object {
  return { kind: r.kind, uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType };
}

/**
 * Resource digest: `sha256(canonical({kind, uri, name, title, description, mimeType}))`.
 *
 * @param resource The resource or template contract.
 * @returns Bare hex.
 */
export function computeResourceDigest(resource: ResourceContract): string {
  return sha256Hex(canonicalize(resourcePreimage(resource)));
}

/** All digests of a contract set. */
export interface ContractSetDigests {
  serverDigest: string;
  integrityDigest: string;
  tools: Record<string, ToolDigest>;
  prompts: Record<string, { digest: string; argumentsDigest: string }>;
  resources: Record<string, string>;
}

/**
 * Integrity digest from the server digest and the prompt digests (SPEC §4, MCP Fusion's rule).
 *
 * No prompts: the server digest itself. With prompts:
 * `sha256(server + "\n---prompts---\n" + join("\n", [name + ":sha256:" + digest sorted by name]))`.
 * Resources (an mcpfusion addition) do not feed it: each resource entry carries its own digest,
 * and `lock`/`check` compare those beside it.
 *
 * @param serverDigest Bare hex server digest.
 * @param prompts Prompt digests by name.
 * @returns Bare hex.
 */
export function computeIntegrityDigest(serverDigest: string, prompts: Record<string, { digest: string }>): string {
  const promptNames = sortedKeys(prompts);
  if (promptNames.length === 0) return serverDigest;
  return sha256Hex(`${serverDigest}\n---prompts---\n${promptNames.map((n) => `${n}:sha256:${prompts[n]!.digest}`).join('\n')}`);
}

function computeContractSetDigestsUnchecked(set: ContractSet): ContractSetDigests {
  const tools: Record<string, ToolDigest> = {};
  for (const name of sortedKeys(set.tools)) setOwn(tools, name, computeToolDigest(set.tools[name]!));
  const prompts: Record<string, { digest: string; argumentsDigest: string }> = {};
  for (const name of sortedKeys(set.prompts)) setOwn(prompts, name, computePromptDigest(set.prompts[name]!));
  const resources: Record<string, string> = {};
  for (const uri of sortedKeys(set.resources)) setOwn(resources, uri, computeResourceDigest(set.resources[uri]!));
  const serverDigest = computeServerDigest(tools);
  return { serverDigest, integrityDigest: computeIntegrityDigest(serverDigest, prompts), tools, prompts, resources };
}

/**
 * Every digest of a contract set in one pass.
 *
 * @param set The contract set.
 * @returns Server, integrity, per-tool, per-prompt and per-resource digests (bare hex).
 * @throws {NotJsonError} When a contract holds a value that is not JSON, naming the path in the set (`$.tools.search.surface.description`).
 * @example computeContractSetDigests(set).integrityDigest
 */
export function computeContractSetDigests(set: ContractSet): ContractSetDigests {
  return withContractInput(set, 'The contract set', 'set', () => withJsonInput(set, 'The contract set', () => computeContractSetDigestsUnchecked(set)));
}
