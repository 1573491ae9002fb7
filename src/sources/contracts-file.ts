/**
 * The contracts-file source (`--contracts FILE`): ToolContracts as JSON, exported by a framework
 * or written by hand. Accepted shapes: an array of ToolContract, a bare `{ "<name>": ToolContract }`
 * map (what MCP Fusion's `compileContracts` returns; `{}` is that map with no tools), or
 * `{ "serverName"?, "tools": { "<name>": ToolContract } | ToolContract[], "prompts"?, "resources"? }`.
 * A contract may carry the full JSON Schema (`surface.inputSchema`, `behavior.outputSchema`,
 * per-action `inputSchema`) instead of, or beside, the digest: the digest is then
 * `sha256(canonical(schema))` of the schema as given. Every problem is reported with its JSON path.
 *
 * @module
 */
import { setOwn } from '../canonical/own.ts';
import { canonicalDigest } from '../canonical/jcs.ts';
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import {
  INFLATION_RISKS,
  type ActionContract,
  type ContractSet,
  type PromptContract,
  type ResourceContract,
  type ToolContract,
} from '../contract/types.ts';
import { contractFlagWarnings } from '../contract/annotations.ts';
import { assertLockable } from '../contract/assert-lockable.ts';
import { checkArgumentNames } from '../contract/prompts.ts';
import { childPath, isJsonObject, ShapeReader, type JsonObject } from '../contract/shape.ts';
import { InputError } from '../errors.ts';
import { refuseMisplacedDocument } from './misplaced-document.ts';
import { withJsonInput } from '../canonical/assert-json.ts';
import { boundLine } from '../format/shorten.ts';

const HEX = /^[0-9a-f]{64}$/;
const TOOL_KEYS = ['surface', 'behavior', 'tokenEconomics', 'entitlements'];
const SURFACE_KEYS = ['name', 'description', 'title', 'tags', 'actions', 'inputSchemaDigest', 'inputSchema'];
const ACTION_KEYS = ['description', 'destructive', 'idempotent', 'readOnly', 'requiredFields', 'presenterName', 'inputSchemaDigest', 'inputSchema', 'hasMiddleware', 'openWorld'];
const BEHAVIOR_KEYS = ['egressSchemaDigest', 'outputSchema', 'systemRulesFingerprint', 'cognitiveGuardrails', 'middlewareChain', 'stateSyncFingerprint', 'concurrencyFingerprint', 'affordanceTopology', 'embeddedPresenters'];
const TOKEN_KEYS = ['schemaFieldCount', 'unboundedCollection', 'baseOverheadTokens', 'inflationRisk'];
const ENT_KEYS = ['filesystem', 'network', 'subprocess', 'crypto', 'codeEvaluation', 'raw'];
const RULES = /^(none|dynamic|(static|dynamic):[0-9a-f]{64})$/;

/** Options of {@link contractSetFromJson} and {@link parseContractsFile}. */
export interface ContractsFileOptions {
  /**
   * Receives what a valid file states that does not say what it means (an action both read-only
   * and destructive: `contractFlagWarnings`); called only when the file is accepted.
   */
  onWarning?: (message: string) => void;
}

class ContractReader extends ShapeReader {
  /** Warnings, handed on only when the document has no problems. */
  readonly warnings: string[] = [];

  /**
   * A digest given directly and/or through its full schema. Returns the digest and the schema.
   * `nullable`: null (or both absent) means "none".
   */
  schemaDigest(obj: JsonObject, digestKey: string, schemaKey: string, path: string, nullable: boolean): { digest: string | null; schema?: JsonValue } {
    const given = obj[digestKey];
    const schema = obj[schemaKey];
    let digest: string | null = null;
    if (given !== undefined && given !== null) {
      if (typeof given !== 'string') {
        this.problem(childPath(path, digestKey), 'expected a SHA-256 digest (64 lowercase hex digits)');
      } else {
        const hex = given.startsWith('sha256:') ? given.slice(7) : given;
        if (!HEX.test(hex)) this.problem(childPath(path, digestKey), `expected 64 lowercase hex digits, found ${JSON.stringify(given)}`);
        else digest = hex;
      }
    } else if (given === null && !nullable) {
      this.problem(childPath(path, digestKey), 'expected a SHA-256 digest, found null');
    }
    if (schema !== undefined && schema !== null) {
      if (!isJsonObject(schema) && typeof schema !== 'boolean') {
        this.problem(childPath(path, schemaKey), 'expected a JSON Schema (an object or a boolean)');
        return { digest };
      }
      const computed = canonicalDigest(schema);
      if (digest !== null && digest !== computed) {
        this.problem(childPath(path, digestKey), `disagrees with ${schemaKey}: the schema hashes to ${computed}; give only one of them, or fix the digest`);
      }
      return { digest: computed, schema };
    }
    if (digest === null && !nullable && given === undefined) {
      this.problem(childPath(path, digestKey), `missing; give ${digestKey} (64 hex digits) or the full ${schemaKey}`);
    }
    return { digest };
  }
}

function readAction(r: ContractReader, v: unknown, path: string): ActionContract {
  const o = r.object(v, path) ?? {};
  r.onlyKeys(o, path, ACTION_KEYS);
  const { digest, schema } = r.schemaDigest(o, 'inputSchemaDigest', 'inputSchema', path, false);
  const a: ActionContract = {
    destructive: r.boolean(o, 'destructive', path),
    idempotent: r.boolean(o, 'idempotent', path),
    readOnly: r.boolean(o, 'readOnly', path),
    requiredFields: r.strings(o, 'requiredFields', path),
    inputSchemaDigest: digest ?? '',
    hasMiddleware: r.boolean(o, 'hasMiddleware', path),
  };
  const description = r.optString(o, 'description', path);
  if (description !== undefined) a.description = description;
  const presenterName = r.optString(o, 'presenterName', path);
  if (presenterName !== undefined) a.presenterName = presenterName;
  if (o['openWorld'] !== undefined && o['openWorld'] !== null) a.openWorld = r.boolean(o, 'openWorld', path);
  if (schema !== undefined) a.inputSchema = schema;
  return a;
}

function readTool(r: ContractReader, v: unknown, path: string): ToolContract | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  r.onlyKeys(o, path, TOOL_KEYS);
  const sp = childPath(path, 'surface');
  const s = r.object(o['surface'], sp) ?? {};
  r.onlyKeys(s, sp, SURFACE_KEYS);
  const bp = childPath(path, 'behavior');
  const b = r.object(o['behavior'], bp) ?? {};
  r.onlyKeys(b, bp, BEHAVIOR_KEYS);
  const tp = childPath(path, 'tokenEconomics');
  const t = r.object(o['tokenEconomics'], tp) ?? {};
  r.onlyKeys(t, tp, TOKEN_KEYS);
  const ep = childPath(path, 'entitlements');
  const e = o['entitlements'] === undefined ? {} : r.object(o['entitlements'], ep) ?? {};
  r.onlyKeys(e, ep, ENT_KEYS);
  const gp = childPath(bp, 'cognitiveGuardrails');
  const g = r.object(b['cognitiveGuardrails'], gp) ?? {};
  r.onlyKeys(g, gp, ['agentLimitMax', 'egressMaxBytes']);

  const actions: Record<string, ActionContract> = {};
  const ap = childPath(sp, 'actions');
  const ao = r.object(s['actions'], ap) ?? {};
  for (const key of Object.keys(ao)) setOwn(actions, key, readAction(r, ao[key], childPath(ap, key)));
  const input = r.schemaDigest(s, 'inputSchemaDigest', 'inputSchema', sp, false);
  const output = r.schemaDigest(b, 'egressSchemaDigest', 'outputSchema', bp, true);
  const rules = r.string(b, 'systemRulesFingerprint', bp);
  if (rules !== '' && !RULES.test(rules)) {
    r.problem(childPath(bp, 'systemRulesFingerprint'), `expected "none", "dynamic", "static:<sha256>" or "dynamic:<sha256>", found ${JSON.stringify(rules)}`);
  }
  const contract: ToolContract = {
    surface: {
      name: r.string(s, 'name', sp),
      tags: r.strings(s, 'tags', sp, []),
      actions,
      inputSchemaDigest: input.digest ?? '',
    },
    behavior: {
      egressSchemaDigest: output.digest,
      systemRulesFingerprint: rules,
      cognitiveGuardrails: {
        agentLimitMax: r.nullableNumber(g, 'agentLimitMax', gp),
        egressMaxBytes: r.nullableNumber(g, 'egressMaxBytes', gp),
      },
      middlewareChain: r.strings(b, 'middlewareChain', bp, []),
      stateSyncFingerprint: r.nullableString(b, 'stateSyncFingerprint', bp),
      concurrencyFingerprint: r.nullableString(b, 'concurrencyFingerprint', bp),
      affordanceTopology: r.strings(b, 'affordanceTopology', bp, []),
      embeddedPresenters: r.strings(b, 'embeddedPresenters', bp, []),
    },
    tokenEconomics: {
      schemaFieldCount: r.count(t, 'schemaFieldCount', tp),
      unboundedCollection: r.boolean(t, 'unboundedCollection', tp),
      baseOverheadTokens: r.count(t, 'baseOverheadTokens', tp),
      inflationRisk: r.oneOf(t, 'inflationRisk', tp, INFLATION_RISKS),
    },
    entitlements: {
      filesystem: r.boolean(e, 'filesystem', ep, false),
      network: r.boolean(e, 'network', ep, false),
      subprocess: r.boolean(e, 'subprocess', ep, false),
      crypto: r.boolean(e, 'crypto', ep, false),
      codeEvaluation: r.boolean(e, 'codeEvaluation', ep, false),
      raw: r.strings(e, 'raw', ep, []),
    },
  };
  const description = r.optString(s, 'description', sp);
  if (description !== undefined) contract.surface.description = description;
  const title = r.optString(s, 'title', sp);
  if (title !== undefined) contract.surface.title = title;
  if (input.schema !== undefined) contract.surface.inputSchema = input.schema;
  if (output.schema !== undefined) contract.behavior.outputSchema = output.schema;
  for (const key of Object.keys(actions)) r.warnings.push(...contractFlagWarnings(actions[key]!, contract.surface.name, key, childPath(ap, key)));
  return contract;
}

function readPrompt(r: ContractReader, v: unknown, path: string): PromptContract {
  const o = r.object(v, path) ?? {};
  r.onlyKeys(o, path, ['name', 'title', 'description', 'tags', 'arguments', 'hasMiddleware', 'hydrationTimeout']);
  const ap = childPath(path, 'arguments');
  const rawArgs = o['arguments'] === undefined ? [] : Array.isArray(o['arguments']) ? o['arguments'] : (r.problem(ap, 'expected an array'), []);
  const args = rawArgs.map((a, i) => {
    const p = childPath(ap, i);
    const ao = r.object(a, p) ?? {};
    r.onlyKeys(ao, p, ['name', 'description', 'required']);
    return { name: r.string(ao, 'name', p), description: r.nullableString(ao, 'description', p), required: r.boolean(ao, 'required', p, false) };
  });
  checkArgumentNames(rawArgs.map((a) => (isJsonObject(a) && typeof a['name'] === 'string' ? a['name'] : undefined)), ap, r);
  args.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return {
    name: r.string(o, 'name', path),
    title: r.nullableString(o, 'title', path),
    description: r.nullableString(o, 'description', path),
    tags: sortCodeUnits(r.strings(o, 'tags', path, [])),
    arguments: args,
    hasMiddleware: r.boolean(o, 'hasMiddleware', path, false),
    hydrationTimeout: r.nullableNumber(o, 'hydrationTimeout', path),
  };
}

function readResource(r: ContractReader, v: unknown, path: string): ResourceContract {
  const o = r.object(v, path) ?? {};
  r.onlyKeys(o, path, ['kind', 'uri', 'name', 'title', 'description', 'mimeType']);
  return {
    kind: r.oneOf(o, 'kind', path, ['resource', 'template'] as const),
    uri: r.string(o, 'uri', path),
    name: r.string(o, 'name', path),
    title: r.nullableString(o, 'title', path),
    description: r.nullableString(o, 'description', path),
    mimeType: r.nullableString(o, 'mimeType', path),
  };
}

/** Read a name-keyed map or an array of entries, checking that map keys equal the entry names. */
function readKeyed<T>(
  r: ContractReader,
  v: unknown,
  path: string,
  read: (v: unknown, path: string) => T | undefined,
  nameOf: (t: T) => string,
  nameField: string,
): Record<string, T> {
  const out: Record<string, T> = {};
  const firstAt = new Map<string, string>();
  const put = (t: T | undefined, p: string, key?: string): void => {
    if (t === undefined) return;
    const name = nameOf(t);
    if (name === '') r.problem(p, `${nameField} is empty; ${nameField === 'uri' ? 'a resource needs its URI' : 'an entry needs its name'}${key !== undefined && key !== '' ? ` (${JSON.stringify(key)}, as its key says)` : ''}`);
    else if (key !== undefined && key !== name) {
      r.problem(p, `the key ${JSON.stringify(key)} differs from ${nameField} ${JSON.stringify(name)}; make them equal`);
    }
    if (Object.hasOwn(out, name)) r.problem(p, `${JSON.stringify(name)} appears twice (first at ${firstAt.get(name)})`);
    else firstAt.set(name, p);
    setOwn(out, name, t);
  };
  if (Array.isArray(v)) v.forEach((item, i) => put(read(item, childPath(path, i)), childPath(path, i)));
  else {
    const o = r.object(v, path) ?? {};
    for (const key of Object.keys(o)) put(read(o[key], childPath(path, key)), childPath(path, key), key);
  }
  return out;
}

/**
 * Whether a document is a bare map of tool name → ToolContract, as `JSON.stringify` writes the
 * record MCP Fusion's `compileContracts` returns: an object whose every value has a `surface`
 * object naming the tool. `{}` is that map with no entries (a server with no tools, as `[]` and
 * `{"tools": {}}` are), as `JSON.stringify` writes an empty record; the wrapped form is never
 * empty, since it requires `tools`. The wrapped form never looks like a bare map
 * either (its `tools` value is a map or array of contracts, its `serverName` a string). Without a
 * `tools` key, one value with a `surface` is enough, so a malformed entry is reported as a
 * problem of that tool rather than as an unknown key.
 */
function isBareToolMap(doc: JsonValue): doc is JsonObject {
  if (!isJsonObject(doc)) return false;
  const keys = Object.keys(doc);
  const hasSurface = (k: string): boolean => isJsonObject(doc[k]) && Object.hasOwn(doc[k], 'surface');
  const isContract = (k: string): boolean => {
    const v = doc[k];
    return isJsonObject(v) && isJsonObject(v['surface']) && typeof v['surface']['name'] === 'string';
  };
  return keys.every(isContract) || (!Object.hasOwn(doc, 'tools') && keys.some(hasSurface));
}

function contractSetFromJsonUnchecked(doc: JsonValue, source: string, options: ContractsFileOptions, wellFormed = false): ContractSet {
  const r = new ContractReader();
  const set: ContractSet = { tools: {}, prompts: {}, resources: {} };
  const tool = (v: unknown, p: string) => readTool(r, v, p);
  if (Array.isArray(doc)) {
    set.tools = readKeyed(r, doc, '$', tool, (t) => t.surface.name, 'surface.name');
  } else if (isBareToolMap(doc)) {
    set.tools = readKeyed(r, doc, '$', tool, (t) => t.surface.name, 'surface.name');
  } else if (isJsonObject(doc)) {
    r.onlyKeys(doc, '$', ['serverName', 'tools', 'prompts', 'resources']);
    const serverName = r.optString(doc, 'serverName', '$');
    if (serverName !== undefined) set.serverName = serverName;
    set.tools = readKeyed(r, doc['tools'], '$.tools', tool, (t) => t.surface.name, 'surface.name');
    if (doc['prompts'] !== undefined) set.prompts = readKeyed(r, doc['prompts'], '$.prompts', (v, p) => readPrompt(r, v, p), (p) => p.name, 'name');
    if (doc['resources'] !== undefined) set.resources = readKeyed(r, doc['resources'], '$.resources', (v, p) => readResource(r, v, p), (x) => x.uri, 'uri');
  } else {
    r.problem('$', 'expected an array of ToolContract, a map of tool name to ToolContract, or an object with "tools"');
  }
  if (r.problems.length > 0) {
    const shown = r.problems.slice(0, 25);
    const more = r.problems.length > shown.length ? `\n  … and ${r.problems.length - shown.length} more` : '';
    throw new InputError(`Invalid contracts file "${source}":\n  ${shown.map((p) => boundLine(p)).join('\n  ')}${more}\nSee docs/contracts-file.md for the format`);
  }
  // A document read by the strict reader holds no lone surrogate (it refuses them); only a value
  // handed over by a library caller needs the check, which costs `check` a walk over every schema.
  if (!wellFormed) assertLockable(set);
  if (options.onWarning) for (const w of r.warnings) options.onWarning(w);
  return set;
}

/**
 * Read a contracts document (already parsed).
 *
 * @param doc The JSON value.
 * @param source Name for messages.
 * @param options Where warnings go.
 * @returns The contract set.
 * @throws {InputError} Listing every problem with its JSON path.
 * @throws {NotJsonError} When the value handed over is not JSON (a NaN, a bigint, a Date …), naming the path in it.
 */
export function contractSetFromJson(doc: JsonValue, source: string, options: ContractsFileOptions = {}): ContractSet {
  return withJsonInput(doc, `The contracts document ${JSON.stringify(source)}`, () => contractSetFromJsonUnchecked(doc, source, options));
}

/**
 * Parse a contracts file.
 *
 * @param text The file content.
 * @param source Name for messages (the path).
 * @param options Where warnings go.
 * @returns The contract set.
 * @throws {InputError} On invalid JSON (with line and column) or an invalid shape (with paths).
 * @example parseContractsFile(readFileSync('contracts.json', 'utf8'), 'contracts.json')
 */
export function parseContractsFile(text: string, source: string, options: ContractsFileOptions = {}): ContractSet {
  const doc = parseStrictJson(text, `contracts file "${source}"`);
  refuseMisplacedDocument(doc, 'contracts', `contracts file "${source}"`);
  return withJsonInput(doc, `The contracts document ${JSON.stringify(source)}`, () => contractSetFromJsonUnchecked(doc, source, options, true));
}
