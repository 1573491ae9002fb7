/**
 * Integers in a listing of 2^53 or more in magnitude, past the range a JSON number holds exactly: a `maximum` of
 * 2^64 - 1 for an unsigned 64-bit id, or pydantic's `le=2**63 - 1`. Every JSON reader of
 * JavaScript, mcpfusion's and MCP Fusion's alike, reads such a number as the nearest IEEE double,
 * so `18446744073709551615` is locked as `18446744073709552000`: the lockfile shows a value the
 * server never wrote, and a server that changes the last digits is no drift (servers23, a Python
 * server with an unsigned 64-bit bound and fastmcp's `Field(le=2**63 - 1)`). The digests follow the
 * doubles, as MCP Fusion's do; this only finds such values, so that a warning can say so.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { jsonPathOf } from '../canonical/json-path.ts';
import type { ContractSet } from './types.ts';

/** An integer found: the tool, where in it (`inputSchema $.properties.id.maximum`), and the value as read. */
export interface ImpreciseNumber {
  tool: string;
  where: string;
  value: number;
}

/** Every number in `value` that is an integer of 2^53 or more in magnitude (past Number.MAX_SAFE_INTEGER), with its JSON path. */
function* beyondSafe(value: JsonValue | undefined, path: string): Generator<[string, number]> {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER) yield [path, value];
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* beyondSafe(value[i], jsonPathOf(path, i));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* beyondSafe(v, jsonPathOf(path, k));
  }
}

/**
 * The integers of a contract set of 2^53 or more in magnitude, in each tool's input schema, its
 * actions' own input schemas and its output schema.
 *
 * @param set The contract set.
 * @returns The values found, by tool name (code-unit order) and place.
 * @example impreciseNumbers(set) // [{ tool: 'get', where: 'inputSchema $.properties.id.maximum', value: 18446744073709552000 }]
 */
export function impreciseNumbers(set: ContractSet): ImpreciseNumber[] {
  const found: ImpreciseNumber[] = [];
  const names = Object.keys(set.tools).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const tool of names) {
    const c = set.tools[tool]!;
    const own = c.surface.inputSchema;
    const places: [string, JsonValue | undefined][] = [
      ['inputSchema', own],
      ...Object.entries(c.surface.actions)
        .filter(([, a]) => a.inputSchema !== undefined && a.inputSchema !== own)
        .map(([key, a]): [string, JsonValue | undefined] => [`action ${JSON.stringify(key)} inputSchema`, a.inputSchema]),
      ['outputSchema', c.behavior.outputSchema],
    ];
    const seen = new Set<string>();
    for (const [place, value] of places) {
      for (const [path, n] of beyondSafe(value, '$')) {
        // An action's schema that repeats the tool's names the same value once.
        if (place !== 'inputSchema' && seen.has(`${path}\n${n}`)) continue;
        seen.add(`${path}\n${n}`);
        found.push({ tool, where: `${place} ${path}`, value: n });
      }
    }
  }
  return found;
}
