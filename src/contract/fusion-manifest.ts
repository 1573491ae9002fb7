/**
 * The MCP Fusion introspection manifest (SPEC section 3, "Actions: ... or an MCP Fusion manifest
 * when the server exposes one"): how to recognize the resource that carries it, and a strict
 * reader that checks its whole shape before anything in it is used.
 *
 * A server built with MCP Fusion and introspection enabled lists a resource (default URI
 * `fusion://manifest.json`, name `MCP Fusion Manifest`) whose text is JSON:
 * `{ server, mcp_fusion_version, architecture, capabilities: { tools: { <name>: { description,
 * tags, input_schema, actions: { <key>: { description, destructive, idempotent, readOnly,
 * required_fields, returns_presenter } } } }, presenters: { <name>: { schema_keys,
 * ui_blocks_supported, has_contextual_rules } } } }`.
 *
 * The reader is all-or-nothing: one problem anywhere rejects the whole manifest (the caller then
 * ignores it with a warning), so a half-valid manifest is never trusted. Unknown keys are allowed
 * (newer framework versions may add some); known keys must have their documented types.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { childPath, isJsonObject, ShapeReader } from './shape.ts';
import { boundLine } from '../format/shorten.ts';

/** The framework's default URI of the manifest resource. */
export const FUSION_MANIFEST_URI = 'fusion://manifest.json';
/** The name the framework gives the manifest resource (the URI is configurable, the name is not). */
export const FUSION_MANIFEST_NAME = 'MCP Fusion Manifest';

/** One action of a manifest tool. */
export interface FusionManifestAction {
  /** The action's description, when it has one. */
  description?: string;
  /** Whether the action destroys or overwrites data. */
  destructive: boolean;
  /** Whether repeating the action has no further effect. */
  idempotent: boolean;
  /** Whether the action only reads. */
  readOnly: boolean;
  /** Required input fields, in the manifest's order (`required_fields`). */
  requiredFields: string[];
  /** The presenter rendering the result (`returns_presenter`), when one does. */
  presenterName?: string;
}

/** One tool of the manifest. */
export interface FusionManifestTool {
  /** The tool's description in the manifest (informational; `tools/list` is what is locked). */
  description?: string;
  /** The tool's tags. */
  tags: string[];
  /** Its actions keyed by action key. */
  actions: Record<string, FusionManifestAction>;
}

/** One presenter (MVA view) of the manifest. */
export interface FusionManifestPresenter {
  /** The keys of the presenter's schema (`schema_keys`), in the manifest's order. */
  schemaKeys: string[];
  /** UI block types it can emit (`ui_blocks_supported`). */
  uiBlocksSupported: string[];
  /** Whether it computes rules from context at run time (`has_contextual_rules`). */
  hasContextualRules: boolean;
}

/** A validated MCP Fusion manifest. */
export interface FusionManifest {
  /** The manifest's `server` name, when given. */
  server?: string;
  /** The framework version that wrote it (`mcp_fusion_version`), when given. */
  mcpFusionVersion?: string;
  /** Tools keyed by tool name. */
  tools: Record<string, FusionManifestTool>;
  /** Presenters keyed by presenter name. */
  presenters: Record<string, FusionManifestPresenter>;
}

function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Whether a `resources/list` entry is the MCP Fusion manifest: its `uri` is
 * `fusion://manifest.json` or its `name` is `MCP Fusion Manifest`.
 *
 * @param resource One entry of `resources/list`.
 * @returns True when it is (or claims to be) the manifest resource.
 * @example isFusionManifestResource({ uri: 'fusion://manifest.json', name: 'MCP Fusion Manifest' }) // true
 */
export function isFusionManifestResource(resource: JsonValue): boolean {
  if (!isJsonObject(resource)) return false;
  return resource['uri'] === FUSION_MANIFEST_URI || resource['name'] === FUSION_MANIFEST_NAME;
}

function readAction(reader: ShapeReader, value: JsonValue, path: string): FusionManifestAction | undefined {
  const a = reader.object(value, path);
  if (!a) return undefined;
  const action: FusionManifestAction = {
    destructive: reader.boolean(a, 'destructive', path),
    idempotent: reader.boolean(a, 'idempotent', path),
    readOnly: reader.boolean(a, 'readOnly', path),
    requiredFields: reader.strings(a, 'required_fields', path),
  };
  const description = reader.optString(a, 'description', path);
  if (description !== undefined) action.description = description;
  const presenter = reader.optString(a, 'returns_presenter', path);
  if (presenter !== undefined) {
    if (presenter === '') reader.problem(childPath(path, 'returns_presenter'), 'the presenter name is empty');
    action.presenterName = presenter;
  }
  return action;
}

function readTool(reader: ShapeReader, value: JsonValue, path: string): FusionManifestTool | undefined {
  const t = reader.object(value, path);
  if (!t) return undefined;
  const tool: FusionManifestTool = { tags: reader.strings(t, 'tags', path, []), actions: {} };
  const description = reader.optString(t, 'description', path);
  if (description !== undefined) tool.description = description;
  const input = t['input_schema'];
  if (input !== undefined && input !== null && !isJsonObject(input)) {
    reader.problem(childPath(path, 'input_schema'), 'expected a JSON Schema object');
  }
  const actionsPath = childPath(path, 'actions');
  const actions = reader.object(t['actions'], actionsPath);
  if (actions) {
    for (const key of Object.keys(actions)) {
      const action = readAction(reader, actions[key]!, childPath(actionsPath, key));
      if (action) setOwn(tool.actions, key, action);
    }
  }
  return tool;
}

function readPresenter(reader: ShapeReader, value: JsonValue, path: string): FusionManifestPresenter | undefined {
  const p = reader.object(value, path);
  if (!p) return undefined;
  return {
    schemaKeys: reader.strings(p, 'schema_keys', path),
    uiBlocksSupported: reader.strings(p, 'ui_blocks_supported', path, []),
    hasContextualRules: reader.boolean(p, 'has_contextual_rules', path),
  };
}

/**
 * Check and read a parsed MCP Fusion manifest. Every problem is collected with its JSON path;
 * any problem rejects the whole manifest.
 *
 * Required: `capabilities.tools` (an object of tools), each tool's `actions` (an object), each
 * action's `destructive`, `idempotent`, `readOnly` (booleans) and `required_fields` (strings);
 * each presenter's `schema_keys` (strings) and `has_contextual_rules` (boolean). Optional, but
 * typed when present: `server`, `mcp_fusion_version`, `architecture` (strings),
 * `capabilities.presenters` (default `{}`), tool `description` (string or null), `tags`
 * (strings, default `[]`), `input_schema` (object), action `description` and
 * `returns_presenter` (string or null; null means absent), presenter `ui_blocks_supported`.
 *
 * @param json The parsed text of the manifest resource.
 * @returns The manifest.
 * @throws {InputError} Listing every problem with its JSON path.
 * @example parseFusionManifest({ capabilities: { tools: {}, presenters: {} } }).tools // {}
 */
export function parseFusionManifest(json: JsonValue): FusionManifest {
  const reader = new ShapeReader();
  const manifest: FusionManifest = { tools: {}, presenters: {} };
  const root = reader.object(json, '$');
  if (root) {
    const server = reader.optString(root, 'server', '$');
    if (server !== undefined) manifest.server = server;
    const version = reader.optString(root, 'mcp_fusion_version', '$');
    if (version !== undefined) manifest.mcpFusionVersion = version;
    reader.optString(root, 'architecture', '$');
    const caps = reader.object(root['capabilities'], '$.capabilities');
    if (caps) {
      const tools = reader.object(caps['tools'], '$.capabilities.tools');
      if (tools) {
        for (const name of Object.keys(tools)) {
          const tool = readTool(reader, tools[name]!, childPath('$.capabilities.tools', name));
          if (tool) setOwn(manifest.tools, name, tool);
        }
      }
      if (caps['presenters'] !== undefined) {
        const presenters = reader.object(caps['presenters'], '$.capabilities.presenters');
        if (presenters) {
          for (const name of Object.keys(presenters)) {
            const presenter = readPresenter(reader, presenters[name]!, childPath('$.capabilities.presenters', name));
            if (presenter) setOwn(manifest.presenters, name, presenter);
          }
        }
      }
    }
  }
  if (reader.problems.length > 0) {
    const shown = reader.problems.slice(0, 10);
    const more = reader.problems.length - shown.length;
    throw new InputError(
      `${reader.problems.length} problem${reader.problems.length === 1 ? '' : 's'}: ${shown.map((p) => boundLine(p)).join('; ')}${more > 0 ? `; … and ${more} more` : ''}`,
    );
  }
  return manifest;
}

/**
 * Presenters that actions name in `returns_presenter` but the manifest does not describe (an
 * RBAC filter may remove them); their schema cannot be locked.
 *
 * @param manifest A validated manifest.
 * @returns `tool.action → presenter` descriptions, sorted.
 * @example undescribedPresenters({ tools: { t: { tags: [], actions: { a: { destructive: false, idempotent: true, readOnly: true, requiredFields: [], presenterName: 'P' } } } }, presenters: {} }) // ['t.a → P']
 */
export function undescribedPresenters(manifest: FusionManifest): string[] {
  const out: string[] = [];
  for (const [name, tool] of Object.entries(manifest.tools)) {
    for (const [key, action] of Object.entries(tool.actions)) {
      if (action.presenterName !== undefined && !Object.hasOwn(manifest.presenters, action.presenterName)) {
        out.push(`${name}.${key} → ${action.presenterName}`);
      }
    }
  }
  return sortCodeUnits(out);
}
