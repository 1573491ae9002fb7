/**
 * Whether a failed call of a changed tool plausibly failed because of the change, for `heal`: a
 * result with `isError: true` reports any failure of the tool (a missing record, a backend that
 * is down), and the `<contract_awareness>` block would send the agent after a change its call
 * already meets. The change explains the failure when the tool is no longer listed under the
 * name called (removed or renamed), when the call's arguments do not meet the tool's current
 * input schema (or it cannot be read whole: `unknown` counts as not met), or when they use a
 * property the diff reports removed (`schema.input.property-removed` / `property-undeclared`,
 * which an open schema still accepts but the tool no longer reads).
 *
 * @module
 */
import { getOwn } from '../canonical/own.ts';
import type { ContractSet } from '../contract/types.ts';
import { relevantDeltas } from '../diff/awareness.ts';
import { fieldSegments } from '../diff/path.ts';
import type { DiffResult } from '../diff/types.ts';
import { schemaAccepts } from './schema-accepts.ts';
import { isRecord } from '../arguments.ts';

/** The schema change ids of an input property the tool no longer declares. */
const REMOVED_PROPERTY = new Set(['schema.input.property-removed', 'schema.input.property-undeclared']);


/**
 * Whether a value holds something at a schema path's segments (`$`, `.name`, `[]` for every
 * element, `anyOf[0]`-style alternatives, which name no level of the value, also read as names).
 */
function holds(value: unknown, segments: readonly string[]): boolean {
  if (segments.length === 0) return true;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '[]') return Array.isArray(value) && value.some((x) => holds(x, rest));
  if ((head === 'anyOf' || head === 'oneOf' || head === 'allOf') && rest[0] !== undefined && /^\[\d+\]$/.test(rest[0]) && holds(value, rest.slice(1))) return true;
  return isRecord(value) && Object.hasOwn(value, head) && holds(value[head], rest);
}

/**
 * Why the change plausibly explains a failed call, or undefined when the call meets the tool's
 * current contract (the tool failed for another reason).
 *
 * @param result The diff from the lockfile to the server's current contracts.
 * @param current The server's current contracts.
 * @param tool The tool name called.
 * @param action The call's action, when known.
 * @param args The call's arguments as sent (undefined reads as `{}`).
 * @returns A clause for the note (`its arguments do not meet …`), or undefined.
 * @example failureFromChange(diff, current, 'search', undefined, { query: 'x', limit: 3 }) // undefined
 */
export function failureFromChange(result: DiffResult, current: ContractSet, tool: string, action: string | undefined, args: unknown): string | undefined {
  const now = getOwn(current.tools, tool);
  if (now === undefined) return 'the server no longer lists the tool under this name';
  const value = args === undefined ? {} : args;
  for (const d of relevantDeltas(result.deltas, tool, action)) {
    for (const c of d.detail ?? []) {
      if (!REMOVED_PROPERTY.has(c.id)) continue;
      const segments = fieldSegments(c.path);
      if (segments !== undefined && segments[0] === '$' && holds(value, segments.slice(1))) return `its arguments use ${c.path.slice(1).replace(/^\./, '')}, which the tool no longer declares`;
    }
  }
  const schema = now.surface.inputSchema;
  if (schema === undefined) return 'the tool\'s current input schema is not known';
  const accepted = schemaAccepts(schema, value);
  if (accepted === 'invalid') return 'its arguments do not meet the tool\'s current input schema';
  if (accepted === 'unknown') return 'its arguments could not be checked against the tool\'s current input schema in full';
  return undefined;
}
