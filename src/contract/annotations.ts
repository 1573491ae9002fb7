/**
 * Action flags from MCP tool annotations, with the MCP specification's defaults (SPEC section 3):
 * a tool is assumed destructive and not idempotent unless it says otherwise.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { escapeControls, jsonLiteral } from '../format/escape-controls.ts';
import { shorten } from '../format/shorten.ts';

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

/** One kind of warning about what a server lists: a stable id and what it means. */
export interface ListingWarningRule {
  id: string;
  title: string;
}

/**
 * The warnings about what a server lists (and, for the one flag pair a contract states directly,
 * what a contracts file gives), listed once: the annotation warnings (the flags are
 * locked by the rules above either way, the MCP defaults; the warning tells the server's author
 * that the tool does not say what it means) and the input schema that is not an object schema.
 */
export const LISTING_WARNING_RULES: readonly ListingWarningRule[] = [
  { id: 'annotations.hint-not-boolean', title: 'A hint (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) is neither true nor false, so it counts as absent' },
  { id: 'annotations.read-only-and-destructive', title: 'readOnlyHint and destructiveHint (in a contracts file: an action\'s readOnly and destructive) are both true: MCP reads destructiveHint only when readOnlyHint is false' },
  { id: 'schema.input-not-object', title: 'An inputSchema without "type": "object", which MCP requires (clients built on the TypeScript SDK refuse the whole tools/list); locked as listed' },
];

/** What an absent hint means (the MCP default), per hint. */
const DEFAULT_READING: Record<string, string> = {
  readOnlyHint: 'not read-only',
  destructiveHint: 'destructive unless read-only',
  idempotentHint: 'not idempotent',
  openWorldHint: 'no openWorld recorded; clients assume an open world',
};

/**
 * The warnings about a tool's `annotations`: a hint that is not a boolean (`"true"`, `1`; `null`
 * is an unset hint, as Python servers write them, and gives none), and `readOnlyHint` and
 * `destructiveHint` both true. One line each: `[<id>] <path>: <what>`.
 *
 * @param annotations The tool's `annotations` (anything but an object gives none).
 * @param tool The tool's name.
 * @param path The JSON path of the annotations (`$.tools[3].annotations`).
 * @returns The warnings, in hint order.
 * @example annotationWarnings({ readOnlyHint: 'true' }, 'read', '$.tools[0].annotations') // ['[annotations.hint-not-boolean] $.tools[0].annotations.readOnlyHint: …']
 */
export function annotationWarnings(annotations: JsonValue | undefined, tool: string, path: string): string[] {
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) return [];
  const out: string[] = [];
  const who = `tool ${jsonLiteral(tool)}`;
  for (const hint of Object.keys(DEFAULT_READING)) {
    const v = annotations[hint];
    if (v === undefined || v === null || typeof v === 'boolean') continue;
    const shown = escapeControls(shorten(JSON.stringify(v), 40));
    out.push(`[annotations.hint-not-boolean] ${path}.${hint}: ${who} gives ${shown}, not true or false, so the hint counts as absent and the MCP default applies (${DEFAULT_READING[hint]}); write the boolean`);
  }
  if (annotations['readOnlyHint'] === true && annotations['destructiveHint'] === true) {
    out.push(`[annotations.read-only-and-destructive] ${path}: ${who} gives readOnlyHint and destructiveHint both true; MCP reads destructiveHint only when readOnlyHint is false, so the tool counts as read-only and not destructive; set the one that is wrong to false`);
  }
  return out;
}

/**
 * The warning about a contract's action whose flags are both read-only and destructive, as a
 * contracts file may state them (a contract materialized from MCP annotations never has both:
 * there `readOnlyHint` wins). The flags are locked as given; the warning has the id of the same
 * contradiction in annotations, since a server built from this contract lists it as both hints.
 *
 * @param flags The action's flags.
 * @param tool The tool's name.
 * @param action The action's key.
 * @param path The JSON path of the action (`$.tools.orders.surface.actions.refund`).
 * @returns One `[annotations.read-only-and-destructive] <path>: …` line, or none.
 * @example contractFlagWarnings({ readOnly: true, destructive: true }, 'orders', 'refund', '$.tools.orders.surface.actions.refund').length // 1
 */
export function contractFlagWarnings(flags: Pick<ActionFlags, 'readOnly' | 'destructive'>, tool: string, action: string, path: string): string[] {
  if (!(flags.readOnly && flags.destructive)) return [];
  return [
    `[annotations.read-only-and-destructive] ${path}: tool ${jsonLiteral(tool)} action ${jsonLiteral(action)} gives readOnly and destructive both true; ` +
      'they are locked as given, but as MCP annotations an MCP client reads destructiveHint only when readOnlyHint is false, so it would count the action as read-only and not destructive; set the one that is wrong to false',
  ];
}
