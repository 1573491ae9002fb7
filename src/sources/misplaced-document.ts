/**
 * A document given to the wrong source flag (a lockfile as `--contracts`, a contracts file as
 * `--tools-list` and the other way round): said in one line, instead of the shape errors of the kind it is not.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';

const isObject = (v: JsonValue | undefined): v is { [k: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasSurfaces(tools: JsonValue | undefined): boolean {
  const entries = Array.isArray(tools) ? tools : isObject(tools) ? Object.values(tools) : [];
  return entries.length > 0 && entries.every((t) => isObject(t) && isObject(t['surface']));
}

/** Every entry an MCP tool (a name and an `inputSchema` object, no `surface`): a saved tools/list. */
function mcpTools(tools: JsonValue | undefined): boolean {
  return Array.isArray(tools) && tools.length > 0
    && tools.every((t) => isObject(t) && typeof t['name'] === 'string' && isObject(t['inputSchema']) && !Object.hasOwn(t, 'surface'));
}

/** A saved tools/list in one of the shapes `--tools-list` reads: `{tools: [...]}`, a bare array, a JSON-RPC response. */
function isToolsList(doc: JsonValue): boolean {
  if (Array.isArray(doc)) return mcpTools(doc);
  if (!isObject(doc)) return false;
  const result = doc['result'];
  return mcpTools(doc['tools']) || (isObject(result) && mcpTools(result['tools']));
}

/**
 * Refuse a document that is plainly of another kind than the flag reads.
 *
 * @param doc The parsed document.
 * @param expected What the flag reads: a contracts file or a saved `tools/list` result.
 * @param label How messages name the file, e.g. `contracts file "x.json"`.
 * @throws {InputError} When `doc` is a lockfile, (for `toolsList`) a contracts file, or (for `contracts`) a saved tools/list.
 * @example refuseMisplacedDocument({ lockfileVersion: 1 }, 'contracts', 'contracts file "m.lock"') // throws
 */
export function refuseMisplacedDocument(doc: JsonValue, expected: 'contracts' | 'toolsList', label: string): void {
  const not = expected === 'contracts' ? 'a contracts file' : 'a saved tools/list result';
  // A bare array too: one of the shapes --tools-list reads. (A lockfile's tools are no array.)
  if (expected === 'contracts' && isToolsList(doc)) {
    throw new InputError(`Invalid ${label}: it is a saved tools/list result (its tools have an "inputSchema" and no "surface"), not ${not}; read it with --tools-list`);
  }
  if (!isObject(doc)) return;
  if (Object.hasOwn(doc, 'lockfileVersion')) {
    throw new InputError(`Invalid ${label}: it is a lockfile, not ${not}; give it as --lockfile (check, attest, probe) or as a side of \`mcpfusion diff\``);
  }
  if (expected === 'toolsList' && hasSurfaces(doc['tools'] ?? (Object.hasOwn(doc, 'tools') ? undefined : doc))) {
    throw new InputError(`Invalid ${label}: it is a contracts file (its tools have a "surface"), not ${not}; read it with --contracts`);
  }
}
