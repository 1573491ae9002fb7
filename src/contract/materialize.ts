/**
 * Materialization (SPEC section 3): MCP tool, prompt and resource definitions, as a live server
 * lists them or as saved in a file, become a {@link ContractSet}.
 *
 * Per tool: the input and output schemas are normalized (set-valued keywords sorted), kept on the
 * contract and hashed; actions, flags, token economics and the behavior section follow the SPEC
 * rules and the config overlay; entitlements come from the caller (the scan of the overlay's
 * handler files) or are all-false. When the server exposes an MCP Fusion manifest, a tool it
 * describes takes its actions and tags from it and its egress and contextual-rules signal from
 * the presenters its actions name (the overlay still wins field by field). Tools are keyed by
 * name, so listing order never matters. All shape problems are collected and reported together
 * with their JSON paths.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { canonicalDigest } from '../canonical/jcs.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { InputError } from '../errors.ts';
import { buildActions } from './actions.ts';
import { annotationWarnings } from './annotations.ts';
import { assertLockable } from './assert-lockable.ts';
import { fusionActions, presenterBehavior, presenterTokenEconomics } from './fusion-actions.ts';
import type { FusionManifest, FusionManifestPresenter, FusionManifestTool } from './fusion-manifest.ts';
import type { ToolOverlay, ToolOverlays } from './overlay.ts';
import { materializePrompt } from './prompts.ts';
import { materializeResource } from './resources.ts';
import { normalizeSchema } from './schema-normalize.ts';
import { childPath, isJsonObject, ShapeReader } from './shape.ts';
import { systemRulesFingerprint } from './system-rules.ts';
import { computeTokenEconomics } from './token-economics.ts';
import { emptyEntitlements, type ContractSet, type Entitlements, type ToolContract } from './types.ts';
import { withJsonInput } from '../canonical/assert-json.ts';
import { boundLine } from '../format/shorten.ts';
import { arrayArgument, objectArgument, withArguments } from '../arguments.ts';

/** The hints MCP defines in a tool's `annotations`; other keys are kept for the surface scan (`ToolSurface.otherAnnotations`). */
const MCP_HINTS: ReadonlySet<string> = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

/** What one server lists: the raw results of `initialize` and the list requests (all pages). */
export interface ServerSnapshot {
  /** `serverInfo` from `initialize` (`name` becomes the contract set's server name). */
  serverInfo?: JsonValue;
  /** Every tool from `tools/list`, all pages in order. */
  tools: JsonValue[];
  /** Every prompt from `prompts/list` (empty when not advertised). */
  prompts?: JsonValue[];
  /** Every resource from `resources/list` (empty when not advertised). */
  resources?: JsonValue[];
  /** Every template from `resources/templates/list` (empty when not advertised). */
  resourceTemplates?: JsonValue[];
  /**
   * The server's MCP Fusion manifest, already validated (`parseFusionManifest`), when it exposes
   * one that could be read; tools it describes take actions, tags and presenter behavior from it.
   */
  fusionManifest?: FusionManifest;
}

/** What the manifest says about one tool, plus the manifest's presenters to resolve names in. */
interface FusionToolInfo {
  tool: FusionManifestTool;
  presenters: Record<string, FusionManifestPresenter>;
}

/** Options of materialization besides the overlay. */
export interface MaterializeOptions {
  /**
   * Entitlement hook: the scanned entitlements of each tool by name (from the overlay's
   * `handlers`); a tool without an entry gets all-false entitlements.
   */
  entitlements?: Record<string, Entitlements>;
  /**
   * Receives what is locked otherwise than listed (a resource listed twice the same way) and what
   * a tool lists that does not say what it means (annotation hints: `annotationWarnings`).
   */
  onWarning?: (message: string) => void;
}

function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

function fail(what: string, reader: ShapeReader): never {
  const shown = reader.problems.slice(0, 20);
  const more = reader.problems.length - shown.length;
  throw new InputError(
    `Invalid ${what}: ${reader.problems.length} problem${reader.problems.length === 1 ? '' : 's'}\n  ${shown.map((p) => boundLine(p)).join('\n  ')}${more > 0 ? `\n  … and ${more} more` : ''}`,
  );
}

/**
 * Materialize one MCP tool definition, recording shape problems in `reader`.
 *
 * @param tool One entry of `tools/list`.
 * @param path Its JSON path, for problems.
 * @param reader Collects problems.
 * @param overlay The tool's overlay from the config.
 * @param entitlements Scanned entitlements, when the tool's handlers were scanned.
 * @param fusion The tool's entry in the server's MCP Fusion manifest, when it has one.
 * @returns The contract, or undefined when the entry is unusable.
 */
function materializeToolAt(
  tool: JsonValue,
  path: string,
  reader: ShapeReader,
  overlay: ToolOverlay = {},
  entitlements?: Entitlements,
  fusion?: FusionToolInfo,
): ToolContract | undefined {
  const t = reader.object(tool, path);
  if (!t) return undefined;
  const name = reader.string(t, 'name', path);
  if (name === '' && typeof t['name'] === 'string') reader.problem(childPath(path, 'name'), 'the tool name is empty');
  const description = reader.optString(t, 'description', path);
  const rawInput = t['inputSchema'];
  if (!isJsonObject(rawInput)) {
    reader.problem(childPath(path, 'inputSchema'), rawInput === undefined ? 'missing; every MCP tool has an input schema object' : 'expected a JSON Schema object');
    return undefined;
  }
  const rawOutput = t['outputSchema'];
  if (rawOutput !== undefined && rawOutput !== null && !isJsonObject(rawOutput)) {
    reader.problem(childPath(path, 'outputSchema'), 'expected a JSON Schema object');
    return undefined;
  }
  const annotations = t['annotations'];
  if (annotations !== undefined && annotations !== null && !isJsonObject(annotations)) {
    reader.problem(childPath(path, 'annotations'), 'expected an object of hints');
  }
  const inputSchema = normalizeSchema(rawInput);
  const outputSchema = isJsonObject(rawOutput) ? normalizeSchema(rawOutput) : undefined;
  const guardrails = {
    agentLimitMax: overlay.guardrails?.agentLimitMax ?? null,
    egressMaxBytes: overlay.guardrails?.egressMaxBytes ?? null,
  };
  // Priority of actions: config overlay > MCP Fusion manifest > `action` discriminator > `default`.
  const actions = overlay.actions === undefined && fusion && Object.keys(fusion.tool.actions).length > 0
    ? fusionActions(fusion.tool, overlay.presenter)
    : buildActions({
      inputSchema,
      ...(annotations !== undefined ? { annotations } : {}),
      ...(overlay.presenter !== undefined ? { presenter: overlay.presenter } : {}),
      ...(overlay.actions !== undefined ? { overlay: overlay.actions } : {}),
    });
  // Presenters named by the final actions, resolved in the manifest (only for tools it describes).
  const presenters = fusion ? presenterBehavior(actions, fusion.presenters) : undefined;
  const rulesFingerprint = systemRulesFingerprint(
    overlay.systemRules ?? [],
    overlay.dynamicSystemRules ?? presenters?.hasContextualRules ?? false,
  );
  const affordances = [...(overlay.affordances ?? [])];
  // A declared outputSchema is the full egress (types, nesting, maxItems) and wins over the
  // presenters' key names for the egress digest and token economics.
  const presenterEgress = outputSchema === undefined && presenters !== undefined && presenters.egressSchemaDigest !== null;
  const contract: ToolContract = {
    surface: {
      name,
      tags: [...(overlay.tags ?? fusion?.tool.tags ?? [])],
      actions,
      inputSchemaDigest: canonicalDigest(inputSchema),
      inputSchema,
    },
    behavior: {
      egressSchemaDigest: outputSchema !== undefined ? canonicalDigest(outputSchema) : presenters?.egressSchemaDigest ?? null,
      systemRulesFingerprint: rulesFingerprint,
      cognitiveGuardrails: guardrails,
      middlewareChain: [...(overlay.middleware ?? [])],
      stateSyncFingerprint: overlay.stateSyncFingerprint ?? null,
      concurrencyFingerprint: overlay.concurrencyFingerprint ?? null,
      affordanceTopology: affordances,
      embeddedPresenters: [...(overlay.embeddedPresenters ?? [])],
    },
    tokenEconomics: presenterEgress
      ? presenterTokenEconomics({
        schemaFieldCount: presenters!.schemaFieldCount,
        agentLimitMax: guardrails.agentLimitMax,
        systemRulesFingerprint: rulesFingerprint,
        affordanceCount: affordances.length,
      })
      : computeTokenEconomics({
        egressSchema: outputSchema,
        agentLimitMax: guardrails.agentLimitMax,
        systemRulesFingerprint: rulesFingerprint,
        affordanceCount: affordances.length,
      }),
    entitlements: entitlements ? { ...entitlements, raw: [...entitlements.raw] } : emptyEntitlements(),
  };
  if (description !== undefined) contract.surface.description = description;
  // The display title is read leniently (a malformed one is no reason to refuse the tool): it is
  // not hashed, only scanned.
  const title = typeof t['title'] === 'string' ? t['title'] : isJsonObject(annotations) && typeof annotations['title'] === 'string' ? annotations['title'] : undefined;
  if (title !== undefined) contract.surface.title = title;
  if (isJsonObject(annotations)) {
    const other = Object.entries(annotations).filter(([key, value]) => !MCP_HINTS.has(key) && !(key === 'title' && value === title));
    if (other.length > 0) contract.surface.otherAnnotations = Object.fromEntries(other);
  }
  if (outputSchema !== undefined) contract.behavior.outputSchema = outputSchema;
  return contract;
}

function addTools(
  set: ContractSet,
  tools: readonly JsonValue[],
  path: string,
  reader: ShapeReader,
  overlays: ToolOverlays,
  options: MaterializeOptions,
  manifest?: FusionManifest,
): void {
  const firstAt = new Map<string, string>();
  const notObject: string[] = [];
  tools.forEach((tool, i) => {
    const toolPath = childPath(path, i);
    const rawName = isJsonObject(tool) && typeof tool['name'] === 'string' ? tool['name'] : undefined;
    const overlay = rawName !== undefined && Object.hasOwn(overlays, rawName) ? overlays[rawName] : undefined;
    const entitlements = rawName !== undefined && options.entitlements && Object.hasOwn(options.entitlements, rawName)
      ? options.entitlements[rawName]
      : undefined;
    const fusion = rawName !== undefined && manifest && Object.hasOwn(manifest.tools, rawName)
      ? { tool: manifest.tools[rawName]!, presenters: manifest.presenters }
      : undefined;
    const contract = materializeToolAt(tool, toolPath, reader, overlay, entitlements, fusion);
    // A missing or empty name is already a problem of its own, not a second use of "".
    if (!contract || contract.surface.name === '') return;
    if (options.onWarning && isJsonObject(tool)) {
      for (const w of annotationWarnings(tool['annotations'], contract.surface.name, childPath(toolPath, 'annotations'))) options.onWarning(w);
    }
    if (Object.hasOwn(set.tools, contract.surface.name)) {
      reader.problem(childPath(toolPath, 'name'), `the tool name ${JSON.stringify(contract.surface.name)} is listed twice (first at ${firstAt.get(contract.surface.name)})`);
      return;
    }
    firstAt.set(contract.surface.name, toolPath);
    setOwn(set.tools, contract.surface.name, contract);
    const input = (tool as Record<string, JsonValue>)['inputSchema'];
    if (isJsonObject(input) && input['type'] !== 'object') notObject.push(contract.surface.name);
  });
  if (notObject.length > 0) {
    const names = sortCodeUnits(notObject);
    const shown = names.slice(0, 20).map((n) => JSON.stringify(n)).join(', ');
    options.onWarning?.(
      `[schema.input-not-object] ${names.length} tool${names.length === 1 ? '' : 's'} (${shown}${names.length > 20 ? ` and ${names.length - 20} more` : ''}) ` +
      `list${names.length === 1 ? 's' : ''} an inputSchema without "type": "object", which MCP requires (clients built on the TypeScript SDK refuse the whole tools/list); locked as listed`,
    );
  }
}

function materializeToolUnchecked(tool: JsonValue, overlay?: ToolOverlay, entitlements?: Entitlements): ToolContract {
  const reader = new ShapeReader();
  const contract = materializeToolAt(tool, '$', reader, overlay, entitlements);
  if (!contract || reader.problems.length > 0) fail('tool definition', reader);
  withJsonInput(overlay ?? {}, 'The tool overlay', () => assertLockable({ tools: { tool: contract }, prompts: {}, resources: {} }));
  return contract;
}

/**
 * Materialize one MCP tool definition.
 *
 * @param tool A `tools/list` entry: `{ name, description?, inputSchema, outputSchema?, annotations? }`.
 * @param overlay The tool's overlay from the config.
 * @param entitlements Scanned entitlements (default all-false).
 * @returns The tool contract.
 * @throws {InputError} When the definition is malformed (every problem with its JSON path).
 * @throws {NotJsonError} When it holds a value that is not JSON (a NaN, a bigint, a Date …), naming the path in it.
 * @example materializeTool({ name: 'echo', inputSchema: { type: 'object' } }).surface.actions.default
 */
export function materializeTool(tool: JsonValue, overlay?: ToolOverlay, entitlements?: Entitlements): ToolContract {
  return withJsonInput(tool, 'The tool definition', () => materializeToolUnchecked(tool, overlay, entitlements));
}

function materializeToolsListUnchecked(json: JsonValue, overlays: ToolOverlays = {}, options: MaterializeOptions = {}): ContractSet {
  const reader = new ShapeReader();
  let tools: JsonValue[] | undefined;
  let path = '$';
  if (Array.isArray(json)) {
    tools = json;
  } else if (isJsonObject(json)) {
    let result = json;
    // A JSON-RPC response: with "jsonrpc", or without it (a client or log that dropped it) when
    // there are no tools beside it (a tools/list result has no "result" or "error" of its own).
    const envelope = json['jsonrpc'] !== undefined || json['tools'] === undefined;
    if (isJsonObject(json['result']) && envelope) {
      result = json['result'];
      path = '$.result';
    } else if (isJsonObject(json['error']) && envelope) {
      // A saved failure: say so instead of "tools: missing".
      const error = json['error'];
      const what = `${typeof error['code'] === 'number' ? `${error['code']}: ` : ''}${typeof error['message'] === 'string' ? error['message'] : 'no message'}`;
      reader.problem('$.error', `this is a JSON-RPC error response (${what}), not a tools/list result; save the response of a successful tools/list call`);
      fail('tools/list document', reader);
    }
    if (typeof result['nextCursor'] === 'string') {
      reader.problem(childPath(path, 'nextCursor'), 'this is one page of a paginated tools/list result; save every page\'s tools in one file');
    }
    const list = result['tools'];
    if (Array.isArray(list)) tools = list;
    else reader.problem(childPath(path, 'tools'), list === undefined ? 'missing; expected the array of tools' : 'expected an array of tools');
    path = childPath(path, 'tools');
  } else {
    reader.problem('$', 'expected a tools/list result ({ "tools": [...] }) or an array of tools');
  }
  const set: ContractSet = { tools: {}, prompts: {}, resources: {} };
  if (tools) addTools(set, tools, path, reader, overlays, options);
  if (reader.problems.length > 0) fail('tools/list document', reader);
  withJsonInput(overlays, 'The tools overlay', () => assertLockable(set));
  return set;
}

/**
 * Materialize a saved `tools/list` result: `{ tools: [...] }`, a JSON-RPC response whose
 * `result` is one (with or without `"jsonrpc"`), or a bare array of tools.
 *
 * @param json The parsed document.
 * @param overlays Tool overlays from the config, keyed by tool name.
 * @param options Entitlements of scanned tools.
 * @returns A contract set with tools only (no server name).
 * @throws {InputError} When the document or a tool is malformed, a name repeats, or the result is one page of several.
 * @throws {NotJsonError} When it holds a value that is not JSON (a NaN, a bigint, a Date …), naming the path in it.
 * @example materializeToolsList({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }).tools.a
 */
export function materializeToolsList(json: JsonValue, overlays: ToolOverlays = {}, options: MaterializeOptions = {}): ContractSet {
  return withJsonInput(json, 'The tools list', () => materializeToolsListUnchecked(json, overlays, options));
}

function materializeServerUnchecked(snapshot: ServerSnapshot, overlays: ToolOverlays = {}, options: MaterializeOptions = {}): ContractSet {
  const reader = new ShapeReader();
  const set: ContractSet = { tools: {}, prompts: {}, resources: {} };
  const info = snapshot.serverInfo;
  if (isJsonObject(info) && typeof info['name'] === 'string' && info['name'] !== '') set.serverName = info['name'];
  addTools(set, snapshot.tools, '$.tools', reader, overlays, options, snapshot.fusionManifest);
  const firstAt = new Map<string, string>();
  (snapshot.prompts ?? []).forEach((entry, i) => {
    const promptPath = childPath('$.prompts', i);
    const prompt = materializePrompt(entry, promptPath, reader);
    // A missing name is already a problem of its own, not a second use of "".
    if (!prompt || (prompt.name === '' && !(isJsonObject(entry) && typeof entry['name'] === 'string'))) return;
    if (Object.hasOwn(set.prompts, prompt.name)) {
      reader.problem(childPath(promptPath, 'name'), `the prompt name ${JSON.stringify(prompt.name)} is listed twice (first at ${firstAt.get(prompt.name)})`);
    } else {
      firstAt.set(prompt.name, promptPath);
      setOwn(set.prompts, prompt.name, prompt);
    }
  });
  const lists = [
    ['resource', '$.resources', snapshot.resources ?? []],
    ['template', '$.resourceTemplates', snapshot.resourceTemplates ?? []],
  ] as const;
  const resourceAt = new Map<string, string>();
  for (const [kind, listPath, entries] of lists) {
    entries.forEach((entry, i) => {
      const entryPath = childPath(listPath, i);
      const resource = materializeResource(entry, kind, entryPath, reader);
      if (!resource || (resource.uri === '' && !(isJsonObject(entry) && typeof entry[kind === 'resource' ? 'uri' : 'uriTemplate'] === 'string'))) return;
      const first = Object.hasOwn(set.resources, resource.uri) ? set.resources[resource.uri]! : undefined;
      if (first === undefined) {
        resourceAt.set(resource.uri, entryPath);
        setOwn(set.resources, resource.uri, resource);
      }
      else if (first.kind === kind && JSON.stringify(first) === JSON.stringify(resource)) {
        // The same entry twice (entries materialize with their keys in one order): nothing differs to lock.
        options.onWarning?.(`the ${kind === 'resource' ? 'resource' : 'resource template'} ${JSON.stringify(resource.uri)} is listed twice, the same both times; it is locked once`);
      } else if (first.kind === 'resource' && kind === 'template' && !resource.uri.includes('{')) {
        // A template without variables expands to its own text only: the resource listed under
        // that URI (the TypeScript SDK lists a template's resources beside it). One entry per URI.
        options.onWarning?.(
          `the resource template ${JSON.stringify(resource.uri)} has no variables, so it names only the resource listed under the same URI; ` +
            `the resource is locked and the template is not${JSON.stringify({ ...first, kind }) === JSON.stringify(resource) ? '' : ' (its name, title, description or MIME type differ from the resource\'s and are not checked)'}`,
        );
      } else {
        reader.problem(entryPath, `the ${kind === 'resource' ? 'URI' : 'URI template'} ${JSON.stringify(resource.uri)} is listed twice${first.kind === kind ? ', with different fields' : ' (as a resource and as a URI template with variables)'} (first at ${resourceAt.get(resource.uri)})`);
      }
    });
  }
  if (reader.problems.length > 0) fail('server listing', reader);
  withJsonInput(overlays, 'The tools overlay', () => assertLockable(set));
  return set;
}

/**
 * Materialize everything one server lists.
 *
 * @param snapshot `serverInfo`, the tools, prompts, resources and resource templates (all pages),
 *   and the validated MCP Fusion manifest when the server exposes one.
 * @param overlays Tool overlays from the config, keyed by tool name.
 * @param options Entitlements of scanned tools.
 * @returns The contract set; `serverName` is `serverInfo.name` when the server gives one.
 * @throws {InputError} When an entry is malformed or a name, URI or URI template repeats.
 * @throws {NotJsonError} When the snapshot holds a value that is not JSON (a NaN, a bigint, a Date …), naming the path in it.
 * @example materializeServer({ serverInfo: { name: 's', version: '1' }, tools: [] }).serverName // 's'
 */
export function materializeServer(snapshot: ServerSnapshot, overlays: ToolOverlays = {}, options: MaterializeOptions = {}): ContractSet {
  return withArguments(
    'materializeServer(snapshot, overlays, options)',
    [objectArgument('snapshot', snapshot, '{ serverInfo, tools, prompts, resources, resourceTemplates }'), arrayArgument('snapshot.tools', (snapshot as { tools?: unknown } | null)?.tools, 'of tools/list entries'), objectArgument('overlays', overlays, 'of tool overlays by name'), objectArgument('options', options, '{ entitlements }')],
    'give the server snapshot readLiveServer returns, or build one from the listings ({ tools: [] } at least)',
    () => withJsonInput(snapshot, 'The server snapshot', () => materializeServerUnchecked(snapshot, overlays, options)),
  );
}

/**
 * Overlay entries that name no tool of the set (a typo, or a tool the server no longer lists).
 *
 * @param set The materialized contract set.
 * @param overlays The overlays from the config.
 * @returns Tool names from the overlay that are not in the set, sorted.
 * @example unmatchedOverlays({ tools: {}, prompts: {}, resources: {} }, { a: {} }) // ['a']
 */
export function unmatchedOverlays(set: ContractSet, overlays: ToolOverlays): string[] {
  return Object.keys(overlays).filter((name) => !Object.hasOwn(set.tools, name)).sort();
}
