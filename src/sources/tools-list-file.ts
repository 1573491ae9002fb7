/**
 * The saved `tools/list` source (`--tools-list FILE`, or `source.toolsList` in the config): a
 * JSON file holding an MCP `tools/list` result `{ "tools": [...] }`, a JSON-RPC response whose
 * `result` is one, or a bare array of tools, materialized per SPEC section 3 like a live server.
 *
 * @module
 */
import { parseStrictJson } from '../canonical/strict-json.ts';
import { materializeToolsList, type MaterializeOptions } from '../contract/materialize.ts';
import type { ToolOverlays } from '../contract/overlay.ts';
import type { ContractSet } from '../contract/types.ts';
import { refuseMisplacedDocument } from './misplaced-document.ts';
import { InputError } from '../errors.ts';

/**
 * Materialize the text of a saved `tools/list` file.
 *
 * @param text The file content.
 * @param shown The file name, for messages.
 * @param overlays Tool overlays from the config.
 * @param options Entitlements of scanned tools.
 * @returns The contract set (tools only).
 * @throws {InputError} When the file is not strict JSON or not a tools/list result; every problem with its JSON path.
 * @example parseToolsListFile('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}', 'tools.json').tools.a
 */
export function parseToolsListFile(text: string, shown: string, overlays: ToolOverlays = {}, options: MaterializeOptions = {}): ContractSet {
  const json = parseStrictJson(text, `tools/list file "${shown}"`);
  refuseMisplacedDocument(json, 'toolsList', `tools/list file "${shown}"`);
  try {
    return materializeToolsList(json, overlays, options);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.message.replace(/^Invalid tools\/list document/, `Invalid tools/list file "${shown}"`), { cause: error });
    throw error;
  }
}
