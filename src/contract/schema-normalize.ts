/**
 * JSON Schema normalization before hashing (SPEC section 3): set-valued keywords are sorted so a
 * server that reorders them causes no drift, while list-valued data keeps its order.
 *
 * Sorted, and only at JSON Schema keyword positions: `required`, a `type` array, the member
 * arrays of `dependentRequired`, and the array form of draft-07 `dependencies`. The walk descends
 * into subschemas only (`properties`, `items`, `allOf`, `$defs`, ...); it never enters data
 * keywords (`enum`, `const`, `default`, `examples`) or unknown keywords, whose values are kept
 * byte for byte. Nothing else changes: no defaults are added, no keys are removed.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { sortCodeUnits } from '../canonical/digest.ts';

/** Keywords whose value is one subschema. */
const SINGLE_SCHEMA_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** Keywords whose value is a map from names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties'] as const;

type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringArray(v: JsonValue | undefined): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

function mapValues(map: JsonObject, fn: (v: JsonValue) => JsonValue): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(map)) {
    // defineProperty, not assignment: a property named "__proto__" stays an ordinary key.
    Object.defineProperty(out, key, { value: fn(map[key]!), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Normalize one JSON Schema (a subschema may be a boolean; any other non-object is returned as
 * is, since it is not a schema we can walk).
 *
 * @param schema A JSON Schema value.
 * @returns A new value with set-valued keywords sorted in code-unit order; the input is not changed.
 * @example normalizeSchema({ type: 'object', required: ['b', 'a'] }) // { type: 'object', required: ['a', 'b'] }
 */
export function normalizeSchema(schema: JsonValue): JsonValue {
  if (!isObject(schema)) return schema;
  const out: JsonObject = { ...schema };
  if (isStringArray(out['required'])) out['required'] = sortCodeUnits(out['required']);
  if (isStringArray(out['type'])) out['type'] = sortCodeUnits(out['type']);
  const dependentRequired = out['dependentRequired'];
  if (isObject(dependentRequired)) {
    out['dependentRequired'] = mapValues(dependentRequired, (v) => (isStringArray(v) ? sortCodeUnits(v) : v));
  }
  const dependencies = out['dependencies'];
  if (isObject(dependencies)) {
    // draft-07: an array value lists required names (a set), an object value is a subschema.
    out['dependencies'] = mapValues(dependencies, (v) => (isStringArray(v) ? sortCodeUnits(v) : normalizeSchema(v)));
  }
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    if (keyword in out) out[keyword] = normalizeSchema(out[keyword]!);
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const value = out[keyword];
    if (Array.isArray(value)) out[keyword] = value.map(normalizeSchema);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = out[keyword];
    if (isObject(value)) out[keyword] = mapValues(value, normalizeSchema);
  }
  const items = out['items'];
  // `items` is one schema (2020-12) or, before 2020-12, an array of schemas (a tuple).
  if (Array.isArray(items)) out['items'] = items.map(normalizeSchema);
  else if (items !== undefined) out['items'] = normalizeSchema(items);
  return out;
}
