/**
 * Action flags from MCP tool annotations, with the MCP specification's defaults (SPEC section 3):
 * a tool is assumed destructive and not idempotent unless it says otherwise.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';

/** The behavioral flags of an action. */
export interface ActionFlags {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** Present only when the server gives a boolean `openWorldHint`. */
  openWorld?: boolean;
}

/**
 * Derive action flags from a tool's `annotations` object.
 *
 * `readOnly = readOnlyHint === true`; `destructive = !readOnly && destructiveHint !== false`;
 * `idempotent = idempotentHint === true`; `openWorld` only when `openWorldHint` is a boolean.
 *
 * @param annotations The tool's `annotations` (anything else, or absent, counts as no hints).
 * @returns The flags.
 * @example annotationFlags({ readOnlyHint: true }) // { readOnly: true, destructive: false, idempotent: false }
 */
export function annotationFlags(annotations: JsonValue | undefined): ActionFlags {
  const a = typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations) ? annotations : {};
  const readOnly = a['readOnlyHint'] === true;
  const flags: ActionFlags = {
    readOnly,
    destructive: !readOnly && a['destructiveHint'] !== false,
    idempotent: a['idempotentHint'] === true,
  };
  const openWorld = a['openWorldHint'];
  if (typeof openWorld === 'boolean') flags.openWorld = openWorld;
  return flags;
}
