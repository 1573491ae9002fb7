/**
 * Read a lockfile: strict JSON, full shape validation with JSON paths, version check, and a
 * self-consistency check (every entry's fields must give its recorded digest, so a hand-edited
 * or corrupted lockfile is an error, never silently trusted). Unknown keys are ignored.
 *
 * @module
 */
import { getOwn, setOwn } from '../canonical/own.ts';
import { canonicalDigest } from '../canonical/jcs.ts';
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { computeContractSetDigests, computeIntegrityDigest, computeServerDigest, sortedKeys, type ContractSetDigests } from '../canonical/digest.ts';
import { INFLATION_RISKS, type ActionContract, type ContractSet, type InflationRisk, type ToolContract } from '../contract/types.ts';
import { childPath, isJsonObject, ShapeReader, type JsonObject } from '../contract/shape.ts';
import { InputError, JsonParseError } from '../errors.ts';
import type { Lockfile, LockfileAction, LockfilePrompt, LockfileResource, LockfileTool } from './types.ts';
import { conflictMarkerLine } from './conflict-markers.ts';
import { LazySchemaStore } from './lazy-schema-store.ts';
import { LOCKFILE_NAME, LOCKFILE_VERSION } from './types.ts';
import { boundLine } from '../format/shorten.ts';
import { memberArgument, objectArgument, withArguments } from '../arguments.ts';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

class LockReader extends ShapeReader {
  digest(obj: JsonObject, key: string, path: string): string {
    const v = this.string(obj, key, path);
    if (v !== '' && !DIGEST.test(v)) this.problem(childPath(path, key), `expected "sha256:" and 64 lowercase hex digits, found ${JSON.stringify(v)}`);
    return v;
  }
  nullableDigest(obj: JsonObject, key: string, path: string): string | null {
    if (obj[key] === null) return null;
    return this.digest(obj, key, path);
  }
}

function readAction(r: LockReader, v: unknown, path: string): LockfileAction {
  const o = r.object(v, path) ?? {};
  const a: LockfileAction = {
    description: r.nullableString(o, 'description', path),
    destructive: r.boolean(o, 'destructive', path),
    idempotent: r.boolean(o, 'idempotent', path),
    readOnly: r.boolean(o, 'readOnly', path),
    requiredFields: r.strings(o, 'requiredFields', path),
    presenterName: r.nullableString(o, 'presenterName', path),
    inputSchemaDigest: r.digest(o, 'inputSchemaDigest', path),
    hasMiddleware: r.boolean(o, 'hasMiddleware', path),
  };
  if (o['openWorld'] !== undefined) a.openWorld = r.boolean(o, 'openWorld', path);
  return a;
}

function readTool(r: LockReader, v: unknown, path: string): LockfileTool {
  const o = r.object(v, path) ?? {};
  const sp = childPath(path, 'surface');
  const s = r.object(o['surface'], sp) ?? {};
  const bp = childPath(path, 'behavior');
  const b = r.object(o['behavior'], bp) ?? {};
  const tp = childPath(path, 'tokenEconomics');
  const t = r.object(o['tokenEconomics'], tp) ?? {};
  const ep = childPath(path, 'entitlements');
  const e = r.object(o['entitlements'], ep) ?? {};
  const gp = childPath(bp, 'cognitiveGuardrails');
  const g = r.object(b['cognitiveGuardrails'], gp) ?? {};
  const tool: LockfileTool = {
    integrityDigest: r.digest(o, 'integrityDigest', path),
    surface: {
      description: r.nullableString(s, 'description', sp),
      actions: r.strings(s, 'actions', sp),
      inputSchemaDigest: r.digest(s, 'inputSchemaDigest', sp),
      tags: r.strings(s, 'tags', sp),
    },
    behavior: {
      egressSchemaDigest: r.nullableDigest(b, 'egressSchemaDigest', bp),
      systemRulesFingerprint: r.string(b, 'systemRulesFingerprint', bp),
      destructiveActions: r.strings(b, 'destructiveActions', bp),
      readOnlyActions: r.strings(b, 'readOnlyActions', bp),
      middlewareChain: r.strings(b, 'middlewareChain', bp),
      affordanceTopology: r.strings(b, 'affordanceTopology', bp),
      cognitiveGuardrails: {
        agentLimitMax: r.nullableNumber(g, 'agentLimitMax', gp, true),
        egressMaxBytes: r.nullableNumber(g, 'egressMaxBytes', gp, true),
      },
    },
    tokenEconomics: {
      inflationRisk: r.oneOf(t, 'inflationRisk', tp, INFLATION_RISKS),
      schemaFieldCount: r.count(t, 'schemaFieldCount', tp),
      unboundedCollection: r.boolean(t, 'unboundedCollection', tp),
    },
    entitlements: {
      filesystem: r.boolean(e, 'filesystem', ep),
      network: r.boolean(e, 'network', ep),
      subprocess: r.boolean(e, 'subprocess', ep),
      crypto: r.boolean(e, 'crypto', ep),
      codeEvaluation: r.boolean(e, 'codeEvaluation', ep),
    },
  };
  if (s['actionContracts'] !== undefined) {
    const ap = childPath(sp, 'actionContracts');
    const ac = r.object(s['actionContracts'], ap) ?? {};
    tool.surface.actionContracts = {};
    for (const key of Object.keys(ac)) setOwn(tool.surface.actionContracts, key, readAction(r, ac[key], childPath(ap, key)));
  }
  if (b['stateSyncFingerprint'] !== undefined) tool.behavior.stateSyncFingerprint = r.nullableString(b, 'stateSyncFingerprint', bp);
  if (b['concurrencyFingerprint'] !== undefined) tool.behavior.concurrencyFingerprint = r.nullableString(b, 'concurrencyFingerprint', bp);
  if (b['embeddedPresenters'] !== undefined) tool.behavior.embeddedPresenters = r.strings(b, 'embeddedPresenters', bp);
  if (t['baseOverheadTokens'] !== undefined) tool.tokenEconomics.baseOverheadTokens = r.count(t, 'baseOverheadTokens', tp);
  if (e['raw'] !== undefined) tool.entitlements.raw = r.strings(e, 'raw', ep);
  return tool;
}

function readPrompt(r: LockReader, v: unknown, path: string): LockfilePrompt {
  const o = r.object(v, path) ?? {};
  const ap = childPath(path, 'arguments');
  const args = Array.isArray(o['arguments']) ? o['arguments'] : (r.problem(ap, 'expected an array'), []);
  return {
    integrityDigest: r.digest(o, 'integrityDigest', path),
    description: r.nullableString(o, 'description', path),
    title: r.nullableString(o, 'title', path),
    tags: r.strings(o, 'tags', path),
    arguments: args.map((a, i) => {
      const p = childPath(ap, i);
      const ao = r.object(a, p) ?? {};
      return { name: r.string(ao, 'name', p), description: r.nullableString(ao, 'description', p), required: r.boolean(ao, 'required', p) };
    }),
    argumentsDigest: r.digest(o, 'argumentsDigest', path),
    hasMiddleware: r.boolean(o, 'hasMiddleware', path),
    hydrationTimeout: r.nullableNumber(o, 'hydrationTimeout', path),
  };
}

function readResource(r: LockReader, v: unknown, path: string): LockfileResource {
  const o = r.object(v, path) ?? {};
  return {
    integrityDigest: r.digest(o, 'integrityDigest', path),
    kind: r.oneOf(o, 'kind', path, ['resource', 'template'] as const),
    name: r.string(o, 'name', path),
    title: r.nullableString(o, 'title', path),
    description: r.nullableString(o, 'description', path),
    mimeType: r.nullableString(o, 'mimeType', path),
  };
}

/** A lockfile that parses as JSON but not as a lockfile: every problem, as `path: message`. */
export class InvalidLockfileError extends InputError {
  /**
   * @param source The lockfile's name for messages.
   * @param problems Each problem as `path: message`.
   */
  constructor(source: string, readonly problems: readonly string[]) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    super(`Invalid lockfile ${source}:\n  ${shown.map((p) => boundLine(p)).join('\n  ')}${more}\nRegenerate it with \`mcpfusion lock --force\` (and review the diff) if it was edited by hand`);
  }
}

/**
 * Whether a JSON document without `lockfileVersion` still has the two top-level keys only a
 * lockfile has (`capabilities` and `integrityDigest`): a lockfile whose version line was deleted,
 * not some other file named by mistake.
 *
 * @param doc A parsed document.
 * @returns True for an object with both keys.
 * @example hasLockfileFields({ capabilities: {}, integrityDigest: 'sha256:…' }) // true
 */
export function hasLockfileFields(doc: unknown): boolean {
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc) && Object.hasOwn(doc, 'capabilities') && Object.hasOwn(doc, 'integrityDigest');
}

function fail(source: string, problems: string[]): never {
  throw new InvalidLockfileError(source, problems);
}

/**
 * Parse and validate a lockfile.
 *
 * @param text The file content.
 * @param source Name for messages (usually the path).
 * @returns The validated lockfile.
 * @throws {InputError} When the text is not strict JSON (a truncated file says so), has another
 *   `lockfileVersion`, lacks a required field, or its fields do not give its recorded digests.
 * @example parseLockfile(readFileSync('mcpfusion.lock', 'utf8'), 'mcpfusion.lock')
 */
export function parseLockfile(text: string, source = 'lockfile'): Lockfile {
  const quoted = `"${source}"`;
  let doc: JsonValue;
  try {
    doc = parseStrictJson(text, `lockfile ${quoted}`);
  } catch (cause) {
    if (cause instanceof JsonParseError) {
      // A merge of two branches that both re-locked: say so, since "unexpected character" alone
      // sends the reader to look for a typo.
      const line = conflictMarkerLine(text);
      if (line !== undefined) {
        throw new InputError(`${cause.message}; it holds git merge-conflict markers (line ${line}): do not merge a lockfile by hand, resolve the conflict in the server's code or contracts, then run \`mcpfusion lock --force\` to write it again from the source`, { cause });
      }
      throw new InputError(`${cause.message}; regenerate it with \`mcpfusion lock --force\` or restore it from version control`, { cause });
    }
    throw cause;
  }
  return lockfileFromDocument(doc, quoted);
}

/**
 * Validate a parsed lockfile document (what {@link parseLockfile} does after reading the JSON).
 *
 * @param doc The document.
 * @param quoted The lockfile's name for messages, quoted.
 * @returns The validated lockfile.
 * @throws {InputError} As {@link parseLockfile}, for everything but the JSON syntax.
 */
export function lockfileFromDocument(doc: JsonValue, quoted: string): Lockfile {
  if (!isJsonObject(doc)) fail(quoted, ['$: expected a JSON object']);
  const version = doc['lockfileVersion'];
  if (typeof version === 'number' && version > LOCKFILE_VERSION) {
    // `lock` will not downgrade such a file, so "regenerate it" would be advice that fails.
    throw new InputError(
      `Unsupported lockfile ${quoted}: lockfileVersion is ${version}, expected ${LOCKFILE_VERSION}; it was written by a newer mcpfusion. ` +
        'Upgrade mcpfusion to read it (or delete it and run `mcpfusion lock` to lock again with this version)',
    );
  }
  if (version === undefined && hasLockfileFields(doc)) {
    fail(quoted, ['$.lockfileVersion: missing, though the file has a lockfile\'s "capabilities" and "integrityDigest" (the line was deleted); restore "lockfileVersion": 1']);
  }
  if (version === undefined) {
    // Not a lockfile at all (a contracts file, package.json): `lock --force` will not replace such
    // a file either, so the advice is to point at the right one.
    throw new InputError(`${quoted} is not a lockfile (it is JSON without a "lockfileVersion"): point --lockfile at the lockfile (default ./${LOCKFILE_NAME}), or run \`mcpfusion lock\` to write one`);
  }
  if (version !== LOCKFILE_VERSION) {
    throw new InputError(
      `Unsupported lockfile ${quoted}: lockfileVersion is ${version === undefined ? 'missing' : JSON.stringify(version)}, expected ${LOCKFILE_VERSION}; ` +
        'it was written by another version of mcpfusion (or is not a lockfile); regenerate it with `mcpfusion lock --force`',
    );
  }
  const r = new LockReader();
  const capsPath = '$.capabilities';
  const caps = r.object(doc['capabilities'], capsPath) ?? {};
  const toolsPath = childPath(capsPath, 'tools');
  const toolsObj = r.object(caps['tools'], toolsPath) ?? {};
  const tools: Record<string, LockfileTool> = {};
  for (const name of Object.keys(toolsObj)) setOwn(tools, name, readTool(r, toolsObj[name], childPath(toolsPath, name)));
  const lock: Lockfile = {
    lockfileVersion: LOCKFILE_VERSION,
    serverName: r.string(doc, 'serverName', '$'),
    // Absent in MCP Fusion's own lockfiles; when present, a string like every recorded field.
    mcpfusionVersion: doc['mcpfusionVersion'] === undefined ? '' : r.string(doc, 'mcpfusionVersion', '$'),
    generatedAt: r.string(doc, 'generatedAt', '$'),
    integrityDigest: r.digest(doc, 'integrityDigest', '$'),
    capabilities: { tools },
  };
  if (caps['prompts'] !== undefined) {
    const pp = childPath(capsPath, 'prompts');
    const po = r.object(caps['prompts'], pp) ?? {};
    lock.capabilities.prompts = {};
    for (const name of Object.keys(po)) setOwn(lock.capabilities.prompts, name, readPrompt(r, po[name], childPath(pp, name)));
  }
  if (caps['resources'] !== undefined) {
    const rp = childPath(capsPath, 'resources');
    const ro = r.object(caps['resources'], rp) ?? {};
    lock.capabilities.resources = {};
    for (const uri of Object.keys(ro)) setOwn(lock.capabilities.resources, uri, readResource(r, ro[uri], childPath(rp, uri)));
  }
  if (doc['schemas'] !== undefined) {
    const so = r.object(doc['schemas'], '$.schemas') ?? {};
    lock.schemas = {};
    for (const key of Object.keys(so)) {
      const value = so[key]!;
      if (!DIGEST.test(key) || canonicalDigest(value) !== key.slice(7)) {
        r.problem(childPath('$.schemas', key), 'the schema stored under this key does not hash to it (the store was edited)');
      }
      setOwn(lock.schemas, key, value);
    }
  }
  if (r.problems.length > 0) fail(quoted, r.problems);
  const inconsistent = verifyLockfileDigests(lock);
  if (inconsistent.length > 0) fail(quoted, inconsistent);
  return lock;
}

/**
 * Whether every tool entry carries the full contract (mcpfusion lockfiles do; a lockfile written
 * by MCP Fusion itself lacks per-action contracts and raw entitlements).
 *
 * @param lock A parsed lockfile.
 * @returns Whether {@link contractSetFromLockfile} can rebuild the contracts.
 */
export function isCompleteLockfile(lock: Lockfile): boolean {
  return Object.values(lock.capabilities.tools).every((t) => missingAdditions(t).length === 0);
}

/**
 * Whether a lockfile records the server's resources. mcpfusion's always does (an absent
 * `capabilities.resources` there means the server listed none); MCP Fusion's own format has no
 * place for them, so what it says of resources is nothing, not "none".
 *
 * @param lock A parsed lockfile.
 * @returns False for a lockfile in MCP Fusion's format without `capabilities.resources`.
 * @example recordsResources(parseLockfile(fusionText)) // false
 */
export function recordsResources(lock: Lockfile): boolean {
  if (lock.capabilities.resources !== undefined || lock.mcpfusionVersion !== '') return true;
  return Object.keys(lock.capabilities.tools).length > 0 && isCompleteLockfile(lock);
}

/** The fields mcpfusion records beside MCP Fusion's own, as JSON paths below a tool entry. */
const ADDITIONS: readonly [string, (t: LockfileTool) => unknown][] = [
  ['surface.actionContracts', (t) => t.surface.actionContracts],
  ['behavior.stateSyncFingerprint', (t) => t.behavior.stateSyncFingerprint],
  ['behavior.concurrencyFingerprint', (t) => t.behavior.concurrencyFingerprint],
  ['behavior.embeddedPresenters', (t) => t.behavior.embeddedPresenters],
  ['tokenEconomics.baseOverheadTokens', (t) => t.tokenEconomics.baseOverheadTokens],
  ['entitlements.raw', (t) => t.entitlements.raw],
];

/** The additions a tool entry lacks. */
function missingAdditions(t: LockfileTool): string[] {
  return ADDITIONS.filter(([, get]) => get(t) === undefined).map(([path]) => path);
}

const bare = (d: string): string => d.slice('sha256:'.length);

/** A schema store: the lockfile's `schemas` as values, or kept as text and read when asked for. */
export type SchemaSource = Record<string, JsonValue> | LazySchemaStore;

/**
 * `target[key] = ` the schema stored under `digest`, when there is one; from a lazy store, a
 * property that reads the schema each time it is looked at, at the place in the key order a value
 * would take (nothing holds the value once its reader is done with it).
 */
function attachSchema(target: object, key: string, digest: string, schemas: SchemaSource): void {
  if (schemas instanceof LazySchemaStore) {
    if (!schemas.has(digest)) return;
    const define = (value?: JsonValue): void => {
      Object.defineProperty(target, key, value === undefined
        ? { get: () => schemas.read(digest), set: (v: JsonValue) => define(v), enumerable: true, configurable: true }
        : { value, writable: true, enumerable: true, configurable: true });
    };
    define();
    return;
  }
  const schema = getOwn(schemas, digest);
  if (schema !== undefined) (target as Record<string, JsonValue>)[key] = schema;
}

function toolFromEntry(name: string, t: LockfileTool, schemas: SchemaSource): ToolContract {
  const actions: Record<string, ActionContract> = {};
  for (const key of Object.keys(t.surface.actionContracts ?? {})) {
    const a = t.surface.actionContracts![key]!;
    const action: ActionContract = {
      destructive: a.destructive,
      idempotent: a.idempotent,
      readOnly: a.readOnly,
      requiredFields: [...a.requiredFields],
      inputSchemaDigest: bare(a.inputSchemaDigest),
      hasMiddleware: a.hasMiddleware,
    };
    if (a.description !== null) action.description = a.description;
    if (a.presenterName !== null) action.presenterName = a.presenterName;
    if (a.openWorld !== undefined) action.openWorld = a.openWorld;
    attachSchema(action, 'inputSchema', a.inputSchemaDigest, schemas);
    setOwn(actions, key, action);
  }
  return contractFromEntry(name, t, actions, schemas);
}

/**
 * The tool contract of a lockfile entry, with the given action contracts. mcpfusion's additions
 * that the entry lacks (MCP Fusion's format) take neutral values: null fingerprints, no embedded
 * presenters, no base overhead, no raw entitlements.
 *
 * @param name The tool name.
 * @param t The entry.
 * @param actions The action contracts, keyed by action key.
 * @param schemas The lockfile's schema store: full schemas whose digests the entry names are attached.
 * @returns The contract.
 */
export function contractFromEntry(name: string, t: LockfileTool, actions: Record<string, ActionContract>, schemas: SchemaSource = {}): ToolContract {
  const contract: ToolContract = {
    surface: { name, tags: [...t.surface.tags], actions, inputSchemaDigest: bare(t.surface.inputSchemaDigest) },
    behavior: {
      egressSchemaDigest: t.behavior.egressSchemaDigest === null ? null : bare(t.behavior.egressSchemaDigest),
      systemRulesFingerprint: t.behavior.systemRulesFingerprint,
      cognitiveGuardrails: { ...t.behavior.cognitiveGuardrails },
      middlewareChain: [...t.behavior.middlewareChain],
      stateSyncFingerprint: t.behavior.stateSyncFingerprint ?? null,
      concurrencyFingerprint: t.behavior.concurrencyFingerprint ?? null,
      affordanceTopology: [...t.behavior.affordanceTopology],
      embeddedPresenters: [...(t.behavior.embeddedPresenters ?? [])],
    },
    tokenEconomics: {
      schemaFieldCount: t.tokenEconomics.schemaFieldCount,
      unboundedCollection: t.tokenEconomics.unboundedCollection,
      baseOverheadTokens: t.tokenEconomics.baseOverheadTokens ?? 0,
      inflationRisk: t.tokenEconomics.inflationRisk as InflationRisk,
    },
    entitlements: {
      filesystem: t.entitlements.filesystem,
      network: t.entitlements.network,
      subprocess: t.entitlements.subprocess,
      crypto: t.entitlements.crypto,
      codeEvaluation: t.entitlements.codeEvaluation,
      raw: [...(t.entitlements.raw ?? [])],
    },
  };
  if (t.surface.description !== null) contract.surface.description = t.surface.description;
  attachSchema(contract.surface, 'inputSchema', t.surface.inputSchemaDigest, schemas);
  if (t.behavior.egressSchemaDigest !== null) attachSchema(contract.behavior, 'outputSchema', t.behavior.egressSchemaDigest, schemas);
  return contract;
}

/**
 * The prompt contracts a lockfile records (complete in every lockfile format).
 *
 * @param lock A parsed lockfile.
 * @returns The prompts, keyed by name.
 */
export function promptsFromLockfile(lock: Lockfile): ContractSet['prompts'] {
  const prompts: ContractSet['prompts'] = {};
  for (const [name, p] of Object.entries(lock.capabilities.prompts ?? {})) {
    setOwn(prompts, name, {
      name,
      title: p.title,
      description: p.description,
      tags: [...p.tags],
      arguments: p.arguments.map((a) => ({ ...a })),
      hasMiddleware: p.hasMiddleware,
      hydrationTimeout: p.hydrationTimeout,
    });
  }
  return prompts;
}

/**
 * The resource contracts a lockfile records.
 *
 * @param lock A parsed lockfile.
 * @returns The resources, keyed by URI or URI template.
 */
export function resourcesFromLockfile(lock: Lockfile): ContractSet['resources'] {
  const resources: ContractSet['resources'] = {};
  for (const [uri, r] of Object.entries(lock.capabilities.resources ?? {})) {
    setOwn(resources, uri, { kind: r.kind, uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType });
  }
  return resources;
}

/**
 * Rebuild the full contract set a lockfile was generated from (schemas included when stored).
 *
 * @param lock A complete lockfile (see {@link isCompleteLockfile}).
 * @returns The contract set; digests computed from it equal the lockfile's.
 * @throws {InputError} When the lockfile lacks per-action contracts or other mcpfusion fields.
 * @example computeContractSetDigests(contractSetFromLockfile(lock)).integrityDigest
 */
export function contractSetFromLockfile(lock: Lockfile): ContractSet {
  return withArguments(
    'contractSetFromLockfile(lock)',
    [objectArgument('lock', lock, 'parsed by parseLockfile'), memberArgument('lock.capabilities', lock, 'capabilities', 'object')],
    'give the lockfile parseLockfile returns',
    () => contractSetFromLockfileUnchecked(lock),
  );
}

/**
 * {@link contractSetFromLockfile} with the schemas from another store (a lazy one, for `diff`).
 *
 * @param lock A complete lockfile.
 * @param schemas Where the schemas its entries name come from.
 * @returns The contract set.
 * @throws {InputError} As {@link contractSetFromLockfile}.
 */
export function contractSetFromLockfileWith(lock: Lockfile, schemas: SchemaSource): ContractSet {
  return contractSetFromLockfileUnchecked(lock, schemas);
}

function contractSetFromLockfileUnchecked(lock: Lockfile, schemas: SchemaSource = lock.schemas ?? {}): ContractSet {
  if (!isCompleteLockfile(lock)) {
    throw new InputError(
      'This lockfile lacks the per-action contracts and other fields mcpfusion records (it was written by another tool); ' +
        'regenerate it with `mcpfusion lock` to compare contracts field by field',
    );
  }
  const set: ContractSet = { serverName: lock.serverName, tools: {}, prompts: promptsFromLockfile(lock), resources: resourcesFromLockfile(lock) };
  for (const name of sortedKeys(lock.capabilities.tools)) setOwn(set.tools, name, toolFromEntry(name, lock.capabilities.tools[name]!, schemas));
  return set;
}

/**
 * Check that a lockfile's recorded digests follow from its own fields.
 *
 * @param lock A parsed lockfile.
 * @returns Problems as `path: message` (empty when consistent). Tool entries without the full
 *   contract (MCP Fusion's own format) cannot be recomputed one by one; their digests must still
 *   give the file's `integrityDigest`.
 */
export function verifyLockfileDigests(lock: Lockfile): string[] {
  return withArguments(
    'verifyLockfileDigests(lock)',
    [objectArgument('lock', lock, 'parsed by parseLockfile'), memberArgument('lock.capabilities', lock, 'capabilities', 'object')],
    'give the lockfile parseLockfile returns',
    () => verifyLockfileDigestsUnchecked(lock),
  );
}

function verifyLockfileDigestsUnchecked(lock: Lockfile): string[] {
  const problems: string[] = [];
  const tools = lock.capabilities.tools;
  for (const [name, t] of Object.entries(tools)) {
    const keys = Object.keys(t.surface.actionContracts ?? {}).sort();
    if (t.surface.actionContracts && keys.join('\u0000') !== [...t.surface.actions].sort().join('\u0000')) {
      problems.push(`${childPath('$.capabilities.tools', name)}.surface.actions: does not list the keys of surface.actionContracts`);
    }
  }
  // A lockfile is MCP Fusion's own format (checked by digest only) or mcpfusion's, whole: an entry
  // that lacks some of mcpfusion's fields while the file has them elsewhere was edited, and
  // reading it the foreign way would stop checking every visible field of every entry.
  const entries = Object.entries(tools);
  const recordsAdditions = entries.some(([, t]) => missingAdditions(t).length < ADDITIONS.length) || lock.schemas !== undefined;
  if (recordsAdditions) {
    for (const [name, t] of entries) {
      const missing = missingAdditions(t);
      if (missing.length > 0) problems.push(`${childPath('$.capabilities.tools', name)}: lacks ${missing.join(', ')}, which mcpfusion records in every entry (the entry was edited; run \`mcpfusion lock\` to rewrite it)`);
    }
  }
  if (problems.length > 0) return problems;
  // The digests the entries give: every one recomputed from a complete lockfile; in MCP Fusion's
  // own format the tool entries' digests as written (they cannot be recomputed without the
  // per-action contracts, but together they must still give the file's integrityDigest) and the
  // prompts and resources, which are complete in both formats.
  let d: { tools: Record<string, { digest: string }> } & Pick<ContractSetDigests, 'prompts' | 'resources'>;
  if (isCompleteLockfile(lock)) {
    const set = contractSetFromLockfile(lock);
    d = computeContractSetDigests(set);
    // Fields written for reviewers that feed no digest must still say what the contracts say.
    for (const [name, t] of entries) {
      const actions = set.tools[name]!.surface.actions;
      const keys = sortedKeys(actions);
      for (const [field, flag] of [['destructiveActions', 'destructive'], ['readOnlyActions', 'readOnly']] as const) {
        const want = keys.filter((k) => actions[k]![flag]);
        if (t.behavior[field].join('\u0000') !== want.join('\u0000')) {
          problems.push(`${childPath('$.capabilities.tools', name)}.behavior.${field}: lists ${JSON.stringify(t.behavior[field])}, but the action contracts give ${JSON.stringify(want)} (the entry was edited)`);
        }
      }
    }
    for (const name of Object.keys(tools)) {
      const want = `sha256:${d.tools[name]!.digest}`;
      if (tools[name]!.integrityDigest !== want) {
        problems.push(`${childPath('$.capabilities.tools', name)}.integrityDigest: the entry's fields give ${want}, not ${tools[name]!.integrityDigest} (the entry was edited)`);
      }
    }
  } else {
    const toolDigests: Record<string, { digest: string }> = {};
    for (const [name, t] of entries) setOwn(toolDigests, name, { digest: bare(t.integrityDigest) });
    const rest = computeContractSetDigests({ serverName: lock.serverName, tools: {}, prompts: promptsFromLockfile(lock), resources: resourcesFromLockfile(lock) });
    d = { tools: toolDigests, prompts: rest.prompts, resources: rest.resources };
  }
  for (const [name, p] of Object.entries(lock.capabilities.prompts ?? {})) {
    const want = getOwn(d.prompts, name)!;
    if (p.integrityDigest !== `sha256:${want.digest}`) problems.push(`${childPath('$.capabilities.prompts', name)}.integrityDigest: the entry's fields give sha256:${want.digest}, not ${p.integrityDigest} (the entry was edited)`);
    if (p.argumentsDigest !== `sha256:${want.argumentsDigest}`) problems.push(`${childPath('$.capabilities.prompts', name)}.argumentsDigest: the arguments give sha256:${want.argumentsDigest}, not ${p.argumentsDigest} (the entry was edited)`);
  }
  for (const [uri, r] of Object.entries(lock.capabilities.resources ?? {})) {
    const want = getOwn(d.resources, uri)!;
    if (r.integrityDigest !== `sha256:${want}`) problems.push(`${childPath('$.capabilities.resources', uri)}.integrityDigest: the entry's fields give sha256:${want}, not ${r.integrityDigest} (the entry was edited)`);
  }
  const want = `sha256:${computeIntegrityDigest(computeServerDigest(d.tools), d.prompts)}`;
  if (problems.length === 0 && lock.integrityDigest !== want) {
    problems.push(`$.integrityDigest: the entries give ${want}, not ${lock.integrityDigest} (the file was edited)`);
  }
  return problems;
}
