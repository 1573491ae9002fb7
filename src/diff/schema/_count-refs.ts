/**
 * Private helper of the definition readers (`renamed-definitions.ts`, `definition-reach.ts`).
 *
 * @module
 */
import type { JsonValue } from '../../canonical/strict-json.ts';

/**
 * Every `$ref` string under a key `$ref`, anywhere in the JSON value (where a subschema sits or
 * not): a reader that finds fewer where subschemas sit has missed one, and is not plain.
 *
 * @param v Any JSON value.
 * @returns How many `$ref` keys with a string value it holds.
 * @example countRefs({properties: {a: {$ref: '#/$defs/A'}}, default: {$ref: 'x'}}) // 2
 */
export function countRefs(v: JsonValue): number {
  if (Array.isArray(v)) return v.reduce<number>((n, x) => n + countRefs(x), 0);
  if (typeof v !== 'object' || v === null) return 0;
  let n = 0;
  for (const k of Object.keys(v)) n += (k === '$ref' && typeof v[k] === 'string' ? 1 : 0) + countRefs(v[k]!);
  return n;
}
