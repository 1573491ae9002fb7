/**
 * Token economics of a tool (SPEC section 3): how many fields its output carries, whether a
 * collection in it can grow without bound, the fixed overhead of rules and affordances, and the
 * resulting inflation risk.
 *
 * The egress is the tool's `outputSchema` (normalized). It is a collection when its root is an
 * array, or when its root object has exactly one property and that property is an array (MCP
 * requires an object root, so a list is usually wrapped as `{ items: [...] }`); the field count
 * is then the properties of the array's item schema, else of the root object. Local `$ref`s
 * (`#/...`) are followed for that count.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import type { InflationRisk, TokenEconomics } from './types.ts';

type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Inputs to token economics besides the egress schema. */
export interface TokenEconomicsInput {
  /** The normalized output schema, or undefined when the tool declares none. */
  egressSchema: JsonValue | undefined;
  /** The agent limit guardrail, or null. */
  agentLimitMax: number | null;
  /** The system rules fingerprint (`none` means no rules). */
  systemRulesFingerprint: string;
  /** Number of affordances (suggested next actions). */
  affordanceCount: number;
}

/** Follow a local JSON pointer `$ref` (`#/a/b`) inside `root`, up to a few hops. */
function deref(schema: JsonValue | undefined, root: JsonValue): JsonValue | undefined {
  let current = schema;
  for (let hops = 0; hops < 8 && isObject(current) && typeof current['$ref'] === 'string'; hops++) {
    const ref = current['$ref'];
    if (!ref.startsWith('#')) return current;
    let target: JsonValue | undefined = root;
    const pointer = ref.slice(1);
    if (pointer !== '') {
      if (!pointer.startsWith('/')) return current;
      for (const raw of pointer.slice(1).split('/')) {
        // A malformed percent-escape (`#/%ZZ`) names nothing: the reference stays unresolved.
        const token = decodeRefToken(raw);
        if (token === undefined) return current;
        if (isObject(target) && Object.hasOwn(target, token)) target = target[token];
        else if (Array.isArray(target) && /^\d+$/.test(token)) target = target[Number(token)];
        else return current;
      }
    }
    current = target;
  }
  return current;
}

/** One JSON Pointer token of a URI fragment, or undefined when its percent-escapes are malformed. */
function decodeRefToken(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

function typeIncludes(schema: JsonObject, type: string): boolean {
  const t = schema['type'];
  return t === type || (Array.isArray(t) && t.includes(type));
}

function isArraySchema(schema: JsonObject): boolean {
  return typeIncludes(schema, 'array') || 'items' in schema || 'prefixItems' in schema;
}

function propertyCount(schema: JsonValue | undefined): number {
  if (!isObject(schema)) return 0;
  const props = schema['properties'];
  return isObject(props) ? Object.keys(props).length : 0;
}

/**
 * The array schema that makes an egress a collection, when it is one.
 *
 * @param egress The normalized output schema.
 * @returns The array subschema (root, or the root's single property), or undefined.
 */
export function collectionArray(egress: JsonValue | undefined): JsonObject | undefined {
  const root = deref(egress, egress ?? null);
  if (!isObject(root)) return undefined;
  if (isArraySchema(root)) return root;
  const props = root['properties'];
  if (!isObject(props)) return undefined;
  const names = Object.keys(props);
  if (names.length !== 1) return undefined;
  const only = deref(props[names[0]!], egress ?? null);
  return isObject(only) && isArraySchema(only) ? only : undefined;
}

/**
 * Number of fields of the egress: the properties of the collection's item schema, else of the root.
 *
 * @param egress The normalized output schema, or undefined.
 * @returns The field count (0 when there is no egress schema).
 * @example egressFieldCount({ type: 'object', properties: { a: {}, b: {} } }) // 2
 */
export function egressFieldCount(egress: JsonValue | undefined): number {
  if (egress === undefined) return 0;
  const collection = collectionArray(egress);
  if (collection) {
    const items = collection['items'];
    return propertyCount(deref(Array.isArray(items) ? undefined : items, egress));
  }
  return propertyCount(deref(egress, egress));
}

const SUBSCHEMA_KEYWORDS = [
  'additionalItems', 'additionalProperties', 'contains', 'else', 'if', 'not', 'propertyNames', 'then',
  'unevaluatedItems', 'unevaluatedProperties',
];
const SUBSCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAP_KEYWORDS = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties'];

function subschemas(schema: JsonObject): JsonValue[] {
  const out: JsonValue[] = [];
  for (const k of SUBSCHEMA_KEYWORDS) if (k in schema) out.push(schema[k]!);
  for (const k of SUBSCHEMA_ARRAY_KEYWORDS) {
    const v = schema[k];
    if (Array.isArray(v)) out.push(...v);
  }
  for (const k of SUBSCHEMA_MAP_KEYWORDS) {
    const v = schema[k];
    if (isObject(v)) out.push(...Object.values(v));
  }
  const items = schema['items'];
  if (Array.isArray(items)) out.push(...items);
  else if (items !== undefined) out.push(items);
  return out;
}

/**
 * Whether any array in the schema (at a subschema position) lacks `maxItems`. A tuple closed
 * with `items: false` (or `additionalItems: false`) is bounded.
 *
 * @param egress The normalized output schema, or undefined.
 * @returns True when an unbounded array exists.
 * @example hasUnboundedArray({ type: 'array' }) // true
 */
export function hasUnboundedArray(egress: JsonValue | undefined): boolean {
  const stack: JsonValue[] = egress === undefined ? [] : [egress];
  while (stack.length > 0) {
    const schema = stack.pop()!;
    if (!isObject(schema)) continue;
    if (isArraySchema(schema)) {
      const closedTuple = 'prefixItems' in schema ? schema['items'] === false
        : Array.isArray(schema['items']) && schema['additionalItems'] === false;
      if (typeof schema['maxItems'] !== 'number' && !closedTuple) return true;
    }
    stack.push(...subschemas(schema));
  }
  return false;
}

/**
 * Classify inflation risk: critical if unbounded and more than 10 fields, high if unbounded,
 * medium if more than 20 fields, else low.
 *
 * @param unbounded Whether the collection is unbounded.
 * @param fieldCount Egress field count.
 * @returns The risk level.
 * @example classifyInflationRisk(true, 11) // 'critical'
 */
export function classifyInflationRisk(unbounded: boolean, fieldCount: number): InflationRisk {
  if (unbounded && fieldCount > 10) return 'critical';
  if (unbounded) return 'high';
  if (fieldCount > 20) return 'medium';
  return 'low';
}

/**
 * Compute a tool's token economics.
 *
 * @param input Egress schema, agent limit, rules fingerprint and affordance count.
 * @returns `schemaFieldCount`, `unboundedCollection`, `baseOverheadTokens`, `inflationRisk`.
 * @example computeTokenEconomics({ egressSchema: undefined, agentLimitMax: null, systemRulesFingerprint: 'none', affordanceCount: 0 })
 */
export function computeTokenEconomics(input: TokenEconomicsInput): TokenEconomics {
  const schemaFieldCount = egressFieldCount(input.egressSchema);
  const unboundedCollection = input.agentLimitMax === null && hasUnboundedArray(input.egressSchema);
  const baseOverheadTokens = (input.systemRulesFingerprint !== 'none' ? 50 : 0) + 20 * input.affordanceCount;
  return {
    schemaFieldCount,
    unboundedCollection,
    baseOverheadTokens,
    inflationRisk: classifyInflationRisk(unboundedCollection, schemaFieldCount),
  };
}
