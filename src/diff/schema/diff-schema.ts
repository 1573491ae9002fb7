/**
 * Property-level structure of a JSON Schema change. This file only describes *what* changed
 * (property added, type widened, bound tightened ...); whether that breaks callers or readers is
 * judged by direction in `src/diff/rules/schema.ts`.
 *
 * Paths: `$` is the schema root, properties are appended like field paths (`$.address.zip`,
 * `$["odd key"]`), array items as `[]` (`$.rows[]`), tuple items and composition branches by
 * index (`$.pair[0]`, `$.oneOf[1]`), `additionalProperties` schemas as `.*`, definitions as
 * `$.$defs.Name`.
 *
 * @module
 */
import { canonicalize } from '../../canonical/jcs.ts';
import { getOwn, setOwn } from '../../canonical/own.ts';
import type { JsonValue } from '../../canonical/strict-json.ts';
import { childField } from '../path.ts';
import { partitionPoint } from '../../sorted.ts';
import { inPlaceIndex, type InPlaceIndex } from './in-place-index.ts';
import { definitionReach } from './definition-reach.ts';
import type { DefinitionReach } from './definition-reach.ts';
import { renamedDefinitions } from './renamed-definitions.ts';

/** Kinds of property-level schema change. */
export const SCHEMA_CHANGE_KINDS = [
  'schema-declared',
  'schema-dropped',
  'property-added',
  'required-property-added',
  'closed-property-added',
  'constrained-property-added',
  'property-removed',
  'property-undeclared',
  'property-made-required',
  'property-made-optional',
  'type-widened',
  'type-narrowed',
  'type-changed',
  'enum-value-added',
  'enum-value-removed',
  'enum-values-replaced',
  'enum-added',
  'enum-removed',
  'enum-reordered',
  'bound-tightened',
  'bound-loosened',
  'bound-safe-integer',
  'additional-properties-restricted',
  'additional-properties-allowed',
  'annotation-changed',
  'dialect-changed',
  'default-changed',
  'alternative-added',
  'exclusive-alternative-added',
  'exclusive-alternative-widened',
  'exclusive-alternative-overlapped',
  'exclusive-alternative-narrowed',
  'alternative-removed',
  'exclusive-alternative-removed',
  'subsumed-alternative-removed',
  'alternatives-merged',
  'alternatives-reordered',
  'exclusivity-lifted',
  'exclusivity-added',
  'read-only-added',
  'write-only-added',
  'write-only-removed',
  'definition-added',
  'definition-removed',
  'definition-changed-unused',
  'definition-references-moved',
  'required-reordered',
  'type-respelled',
  'keyword-respelled',
  'constraint-added',
  'constraint-removed',
  'keyword-changed',
] as const;
/** One kind of schema change. */
export type SchemaChangeKind = (typeof SCHEMA_CHANGE_KINDS)[number];

/** One structural schema change, before judgment. */
export interface RawSchemaChange {
  kind: SchemaChangeKind;
  /** Property path (`$`, `$.a.b`, `$.rows[]`). */
  path: string;
  /** The keyword concerned, when one. */
  keyword?: string;
  before: JsonValue | null;
  after: JsonValue | null;
  /**
   * The side whose value is JSON `null` (`default: null`), not absent: `before` and `after` show
   * both as null, the reason tells them apart.
   */
  nullValue?: 'before' | 'after';
}

type Obj = { [key: string]: JsonValue };

/**
 * Keywords that only inform (the model reads them; validation ignores them), and `$schema`, which
 * names the dialect. `example` is OpenAPI's (pydantic 1 wrote `Field(example=...)` so, pydantic 2
 * writes `examples`): no JSON Schema validator reads it (the MCP SDKs' Ajv runs with `strict: false`).
 */
const ANNOTATIONS = ['title', 'description', 'examples', 'example', '$comment', 'deprecated', '$schema'];
/** The annotations the model reads: a change of one is `annotation-changed` (`$schema` is `dialect-changed`). */
const TEXT_ANNOTATIONS = ANNOTATIONS.filter((k) => k !== '$schema');
/**
 * `readOnly` / `writeOnly` (JSON Schema's meta-data vocabulary): validation ignores them, but they
 * say who may send or get the value (compared by {@link SchemaWalker.access}).
 */
const ACCESS = ['readOnly', 'writeOnly'];
/** Keywords that constrain no value: the annotations, `default`, `readOnly` and `writeOnly`. */
const UNCONSTRAINING = [...ANNOTATIONS, 'default', ...ACCESS];
/**
 * Keywords whose value here is what their absence means: `uniqueItems: false`, `minLength: 0`,
 * `minItems: 0`, `minProperties: 0`, `minContains: 1` (with no `minContains` one item must match
 * `contains`). Such a value coming or going accepts the same values.
 */
const NO_OP_VALUE: ReadonlyMap<string, JsonValue> = new Map<string, JsonValue>([
  ['uniqueItems', false], ['minLength', 0], ['minItems', 0], ['minProperties', 0], ['minContains', 1],
]);
/**
 * Keywords compared whole elsewhere whose value is one subschema that every value (or every name,
 * item ...) it applies to must pass, so a subschema that accepts more makes the node accept more:
 * a change inside one is compared as a schema, at `path.keyword` (`then` and `else` only under the
 * same `if`).
 */
const MONOTONE_SUBSCHEMAS = new Set(['contains', 'propertyNames', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties', 'then', 'else']);
/** Lower bounds: a larger value is tighter. */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
/** Upper bounds: a smaller value is tighter. */
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];
/** The keywords that make properties or a schema apply when a property is present. */
const DEPENDENCIES = ['dependencies', 'dependentRequired', 'dependentSchemas'];
const DEFINITIONS = ['$defs', 'definitions'];

/**
 * How many `$ref` pairs one schema diff follows. A definition named twice by one that is named
 * twice, and so on, unfolds into 2^n walks when both sides refer under other names (16 renamed
 * definitions of a 1.4 kB schema: 32 800 changes); past this bound a reference is compared whole,
 * as one that cannot be followed (`keyword-changed`, judged conservatively).
 */
const MAX_REF_FOLLOWS = 500;
/** Kinds by which a schema accepts more values than before. */
const WIDENING: ReadonlySet<SchemaChangeKind> = new Set<SchemaChangeKind>([
  'closed-property-added', 'type-widened', 'enum-value-added', 'enum-removed', 'bound-loosened', 'additional-properties-allowed',
  'property-made-optional', 'property-undeclared', 'alternative-added', 'exclusive-alternative-added', 'constraint-removed', 'exclusivity-lifted',
  'exclusive-alternative-removed', 'exclusive-alternative-narrowed', 'subsumed-alternative-removed',
]);
/**
 * Kinds by which a schema accepts at least what it did (more, or the same written another way): an
 * old alternative compared with a new one gives only these when the new one accepts all it did.
 * Not `exclusive-alternative-added` or `-widened` (a value may now match two `oneOf` branches),
 * nor `default-changed` (the server fills an omitted value differently).
 */
/** Kinds by which a schema accepts exactly the values it did (written another way, annotations, a default). */
const SAME_VALUES: ReadonlySet<SchemaChangeKind> = new Set<SchemaChangeKind>([
  'annotation-changed', 'dialect-changed', 'default-changed', 'enum-reordered', 'bound-safe-integer', 'alternatives-reordered', 'definition-added',
  'definition-removed', 'definition-changed-unused', 'definition-references-moved', 'required-reordered', 'type-respelled', 'keyword-respelled', 'read-only-added', 'write-only-added', 'write-only-removed',
]);
const ACCEPTS_ALL: ReadonlySet<SchemaChangeKind> = new Set<SchemaChangeKind>([
  'type-widened', 'enum-value-added', 'enum-removed', 'bound-loosened', 'additional-properties-allowed', 'property-made-optional',
  'property-undeclared', 'alternative-added', 'alternatives-merged', 'closed-property-added', 'annotation-changed', 'dialect-changed',
  'enum-reordered', 'bound-safe-integer', 'alternatives-reordered', 'definition-added', 'definition-removed', 'definition-changed-unused', 'definition-references-moved',
  'required-reordered', 'type-respelled', 'keyword-respelled', 'constraint-removed', 'exclusivity-lifted', 'read-only-added', 'write-only-added', 'write-only-removed', 'subsumed-alternative-removed',
]);

/**
 * Whether the changes of one comparison show that the new schema accepts every value the old one
 * did: only kinds of {@link ACCEPTS_ALL}, and an optional property added only where the old object
 * rejected that name.
 */
function acceptsAllOf(changes: readonly RawSchemaChange[]): boolean {
  const closed = new Set(changes.filter((c) => c.kind === 'closed-property-added').map((c) => c.path));
  return changes.every((c) => ACCEPTS_ALL.has(c.kind) || (c.kind === 'property-added' && closed.has(c.path)));
}

/**
 * How many (old, new) pairs of unmatched alternatives are tried for a merge ({@link
 * SchemaWalker.alternatives}): each try is a walk, so past this the alternatives are listed as
 * added and removed (linear time for thousands of them).
 */
const MAX_MERGE_TRIES = 256;

/**
 * What one new alternative accepts beyond all the old ones merged into it: the changes that every
 * old alternative's comparison with it gives alike (a value added to an enum that none of them
 * listed, `additionalProperties` opened where each was closed, a bound loosened from the same
 * value). A change some old alternative does not show is covered by that one (firecrawl-mcp
 * 3.26.0's `{type: enum [web, images, news, alexandria, exchange]}` accepts beyond `{type: "web"}`,
 * `{type: "images"}` and `{type: "news"}` only "alexandria" and "exchange"); changes that differ
 * in their old value (`"string"` in one, `"number"` in another) are not itemized, so the list may
 * be short of what more is accepted, never longer. In the order of the first comparison.
 */
function mergedBeyond(trials: readonly RawSchemaChange[][]): RawSchemaChange[] {
  const key = (c: RawSchemaChange): string => canonicalize({ kind: c.kind, path: c.path, keyword: c.keyword ?? null, before: c.before, after: c.after, nullValue: c.nullValue ?? null });
  let common = new Set(trials[0]!.map(key));
  for (const t of trials.slice(1)) {
    const here = new Set(t.map(key));
    common = new Set([...common].filter((k) => here.has(k)));
  }
  const seen = new Set<string>();
  return trials[0]!.filter((c) => {
    const k = key(c);
    if (!common.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Keywords handled by a specific comparison; every other keyword is compared as a whole. */
const HANDLED = new Set([
  ...ANNOTATIONS, ...LOWER_BOUNDS, ...UPPER_BOUNDS, ...COMPOSITIONS, ...DEFINITIONS,
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems', 'default', ...ACCESS,
]);

/**
 * Keywords that constrain values of one instance type only (a `minItems` holds no string). When the
 * type set changes so that one side accepts that type and the other does not, such a keyword coming,
 * going or changing is part of the type change (`string` → `array` with `minItems: 1` is one type
 * change, not also a bound tightened on strings that had no items).
 */
const INSTANCE_TYPE_OF: ReadonlyMap<string, string> = new Map([
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((k) => [k, 'number'] as const),
  ...['minLength', 'maxLength', 'pattern'].map((k) => [k, 'string'] as const),
  ...['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'].map((k) => [k, 'array'] as const),
  ...['properties', 'required', 'additionalProperties', 'unevaluatedProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'dependencies'].map((k) => [k, 'object'] as const),
]);

/**
 * The instance types a witness value may have ({@link SchemaWalker.overlapped}): a whole number
 * (`integer`, allowed by `"integer"` and `"number"`) and one with a fraction (`"number"` only) apart.
 */
const WITNESS_TYPES = ['null', 'boolean', 'string', 'integer', 'fraction', 'array', 'object'] as const;
type WitnessType = typeof WITNESS_TYPES[number];

/** Whether a type set allows values of a witness type. */
const typeAllows = (types: Set<string>, w: WitnessType): boolean =>
  w === 'fraction' ? types.has('number') : types.has(w) || (w === 'integer' && types.has('number'));

/** Whether a type set (undefined: any type) accepts values of an instance type (an integer is a number). */
const acceptsType = (types: Set<string> | undefined, t: string): boolean => types === undefined || types.has(t) || (t === 'number' && types.has('integer'));

/**
 * Keywords that only ever add a constraint on the node they sit in (each value must also pass
 * them): one present on one side only is a constraint added or lifted (`constraint-added` /
 * `-removed`). Not keywords that change how others read (`patternProperties` takes names away
 * from `additionalProperties`, `nullable` widens, `$id` moves references), judged whole.
 */
const CONSTRAINTS = new Set([
  'allOf', 'not', 'pattern', 'multipleOf', 'uniqueItems', 'format', 'if', 'then', 'else', 'contains', 'propertyNames',
  'dependentRequired', 'dependentSchemas', 'dependencies', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems',
  'contentEncoding', 'contentMediaType', 'contentSchema',
]);

/**
 * The `format` values a validator checks: the formats JSON Schema 2020-12 defines, and the others
 * ajv-formats (the validator of the MCP SDKs) rejects some value of (`int32`: an integer within 32
 * bits, `int64`: an integer, `byte`: base64, `url`, `iso-date-time` ...). Any other value (schemars'
 * `uint32`, `uint`, `int8`; `double` and `float`, which ajv-formats passes for every number;
 * `password`, `binary`) is an annotation: validators that do not know a format let every value
 * through it, so such a format changing, coming or going is `annotation-changed`, never a constraint.
 */
const CHECKED_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri',
  'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
  'int32', 'int64', 'byte', 'url', 'iso-time', 'iso-date-time', 'json-pointer-uri-fragment',
]);

/**
 * A checked format → the checked formats that accept every value it does and more: `int32` (an
 * integer from −2^31 to 2^31 − 1) → `int64` (any integer) in ajv-formats (the MCP SDKs'
 * validator); and by the definitions JSON Schema cites, an internationalized form holds its ASCII
 * one (RFC 6531's `idn-email` every RFC 5321 `email`, RFC 5890's `idn-hostname` every `hostname`,
 * RFC 3987's IRIs every URI) and a reference every absolute one (`uri-reference` every `uri`).
 * Ajv checks `uri` and `uri-reference` so and lets every value through the other wider ones,
 * which it does not know. Between such two only the set of values grows or shrinks, so the change
 * is judged as a numeric bound is.
 */
const WIDER_FORMAT: ReadonlyMap<string, readonly string[]> = new Map([
  ['int32', ['int64']],
  ['email', ['idn-email']],
  ['hostname', ['idn-hostname']],
  ['uri', ['uri-reference', 'iri', 'iri-reference']],
  ['uri-reference', ['iri-reference']],
  ['iri', ['iri-reference']],
]);

/** Whether every value of the checked format `narrow` is a value of the checked format `wide` ({@link WIDER_FORMAT}). */
const widerFormat = (narrow: string, wide: string): boolean => WIDER_FORMAT.get(narrow)?.includes(wide) === true;

/** Whether a node's `format` is one no validator checks ({@link CHECKED_FORMATS}): an annotation. */
const annotationFormat = (s: Obj): boolean => typeof s['format'] === 'string' && !CHECKED_FORMATS.has(s['format']);

/** The node without a `format` that is an annotation ({@link annotationFormat}); the node itself otherwise. */
function withoutAnnotationFormat(s: Obj): Obj {
  if (!annotationFormat(s)) return s;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== 'format') setOwn(out, k, s[k]!);
  return out;
}

/** Keywords this file compares whole whose value is one subschema (`true` is `{}` there). */
const SUBSCHEMA_KEYWORDS = new Set([
  'additionalItems', 'contains', 'contentSchema', 'else', 'if', 'not', 'propertyNames', 'then', 'unevaluatedItems', 'unevaluatedProperties',
]);

/**
 * `{anyOf: [...]}` / `{oneOf: [...]}` with nothing beside it but annotations and `default` (which
 * constrains no value): a choice between branches. With `definitions`, a `$defs`/`definitions` map
 * beside it is let through too: it judges no value of the node (only `$ref`s that name it do).
 */
function bareComposition(s: Obj, definitions = false): { keyword: 'anyOf' | 'oneOf'; branches: JsonValue[] } | undefined {
  const keys = Object.keys(s).filter((k) => !UNCONSTRAINING.includes(k) && !(definitions && DEFINITIONS.includes(k)));
  if (keys.length !== 1) return undefined;
  const keyword = keys[0];
  if ((keyword !== 'anyOf' && keyword !== 'oneOf') || !Array.isArray(s[keyword])) return undefined;
  return { keyword, branches: s[keyword] as JsonValue[] };
}

function withoutAnnotations(s: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(s)) if (!ANNOTATIONS.includes(k)) setOwn(out, k, s[k]!);
  return out;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined): boolean =>
  a === undefined || b === undefined ? a === b : canonicalize(a) === canonicalize(b);
const orNull = (v: JsonValue | undefined): JsonValue | null => (v === undefined ? null : v);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `true` accepts anything (`{}`), `false` nothing (`{not:{}}`). */
function normalize(schema: JsonValue): Obj | undefined {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return isObj(schema) ? schema : undefined;
}

/** The type set of a schema, or undefined when `type` is absent (any type) or malformed. */
function typeSet(s: Obj): Set<string> | undefined {
  const t = s['type'];
  if (typeof t === 'string') return new Set([t]);
  if (Array.isArray(t) && t.every((x) => typeof x === 'string')) return new Set(t as string[]);
  return undefined;
}

/**
 * Whether `nullable` (OpenAPI 3.0's keyword, which Ajv honours by default) is part of the type set:
 * a boolean beside a readable `type`, or absent. Elsewhere it is an unknown keyword, compared whole.
 */
function foldsNullable(s: Obj): boolean {
  const n = s['nullable'];
  return n === undefined || (typeof n === 'boolean' && typeSet(s) !== undefined);
}

/** A node's own type set, `nullable: true` beside it read as the type `null` (see {@link foldsNullable}); undefined when any type or a malformed one. */
function ownTypes(s: Obj): Set<string> | undefined {
  if (!foldsNullable(s)) return undefined;
  const t = typeSet(s);
  if (t !== undefined && s['nullable'] === true) t.add('null');
  return t;
}

/** Values of both type sets (an integer is a number: {number} and {integer} together accept integers). */
function intersectTypes(x: Set<string>, y: Set<string>): Set<string> {
  const out = new Set([...x].filter((t) => y.has(t) || (t === 'integer' && y.has('number'))));
  if (y.has('integer') && x.has('number')) out.add('integer');
  return out;
}

/**
 * The type set with `nullable: true` read as the type `null`; undefined when any type is accepted.
 * Each value must pass every `allOf` branch too, so the node accepts the types its own `type` and
 * all its branches accept alike: `{allOf: [{type: "object", …}, {anyOf: […]}]}` accepts objects
 * only, `{type: ["string", "object"], allOf: [{type: "object"}]}` objects, and `{type: "string",
 * allOf: [{type: "object"}]}` no value at all (the empty set). A malformed own `type` is undefined.
 */
function effectiveTypes(s: Obj, nullable: boolean, depth = 0): Set<string> | undefined {
  const t = typeSet(s);
  if (t !== undefined && nullable && s['nullable'] === true) t.add('null');
  if ((s['type'] !== undefined && t === undefined) || !Array.isArray(s['allOf']) || depth > 16) return t;
  let out = t;
  for (const branch of s['allOf']) {
    const n = normalize(branch);
    const bt = n === undefined ? undefined : effectiveTypes(n, foldsNullable(n), depth + 1);
    if (bt !== undefined) out = out === undefined ? bt : intersectTypes(out, bt);
  }
  return out;
}

/** `type` as written, with `nullable` beside it when either side has one (what the reader sees). */
function spelledType(s: Obj, withNullable: boolean): JsonValue | undefined {
  if (!withNullable) return s['type'];
  const out: Obj = {};
  if (s['nullable'] !== undefined) out['nullable'] = s['nullable'];
  if (s['type'] !== undefined) out['type'] = s['type'];
  return Object.keys(out).length === 0 ? undefined : out;
}

/** Whether every type of `inner` is accepted by `outer` (integer is a number). */
function covers(outer: Set<string> | undefined, inner: Set<string> | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  for (const t of inner) if (!outer.has(t) && !(t === 'integer' && outer.has('number'))) return false;
  return true;
}

function enumOf(s: Obj): { keyword: string; values: JsonValue[] } | undefined {
  // Both apply: the values are those of the `enum` equal to the `const` (none, or that one).
  if (Array.isArray(s['enum']) && s['const'] !== undefined) {
    const c = canonicalize(s['const']);
    return { keyword: 'const', values: s['enum'].filter((v) => canonicalize(v) === c) };
  }
  if (Array.isArray(s['enum'])) return { keyword: 'enum', values: s['enum'] };
  if (s['const'] !== undefined) return { keyword: 'const', values: [s['const']] };
  return undefined;
}

/**
 * Whether the alternative `merged` is exactly the union of the alternatives `from`, which exclude
 * each other, split by the value of one property: each of them is `merged` as written but for that
 * property's `const`/`enum`, the property is required in all, and their values are a partition of
 * `merged`'s (`{properties: {kind: {enum: [x, y]}}, required: [kind]}` from the same with `const:
 * x` and `const: y`). Then an object matches `merged` exactly when it matches one of `from`, and
 * at most one. `exact` when all are objects only (`type: "object"`): every value matches `merged`
 * as often as it matched `from`; `objects` otherwise (a value of another type matched each of
 * `from`, so was rejected by a `oneOf` of two or more of them, and may match `merged` alone now);
 * undefined when not so split.
 */
function discriminatorSplit(merged: JsonValue, from: readonly JsonValue[]): 'exact' | 'objects' | undefined {
  const all = [merged, ...from].map(normalize);
  if (from.length < 2 || all.some((x) => x === undefined || !isObj(x['properties']))) return undefined;
  const [m, ...parts] = all as Obj[];
  const names = Object.keys(m!['properties'] as Obj).filter((name) => all.every((x) => requiredOf(x!).has(name)));
  for (const name of names) {
    const valuesOf = (x: Obj): JsonValue[] | undefined => {
      const p = getOwn(x['properties'] as Obj, name);
      const n = p === undefined ? undefined : normalize(p);
      return n === undefined ? undefined : enumOf(n)?.values;
    };
    // Everything but the property's `const`/`enum` written alike.
    const rest = (x: Obj): JsonValue => {
      const props: Obj = { ...(x['properties'] as Obj) };
      const p = normalize(getOwn(props, name)!)!;
      const q: Obj = {};
      for (const k of Object.keys(p)) if (k !== 'const' && k !== 'enum') setOwn(q, k, p[k]!);
      setOwn(props, name, q);
      return { ...x, properties: props };
    };
    const whole = valuesOf(m!);
    if (whole === undefined || parts.some((x) => valuesOf(x) === undefined || !same(rest(x), rest(m!)))) continue;
    const seen = new Set<string>();
    const disjoint = parts.every((x) => valuesOf(x)!.every((v) => {
      const k = canonicalize(v);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }));
    const target = new Set(whole.map((v) => canonicalize(v)));
    if (!disjoint || seen.size !== target.size || [...seen].some((k) => !target.has(k))) continue;
    const t = typeSet(m!);
    return t !== undefined && t.size === 1 && t.has('object') && m!['nullable'] !== true ? 'exact' : 'objects';
  }
  return undefined;
}

/** The one of `anyOf` / `oneOf` a schema lists alternatives under, when it has exactly one of them. */
function choiceKeyword(s: Obj): 'anyOf' | 'oneOf' | undefined {
  if (Array.isArray(s['anyOf']) && s['oneOf'] === undefined) return 'anyOf';
  if (Array.isArray(s['oneOf']) && s['anyOf'] === undefined) return 'oneOf';
  return undefined;
}

/**
 * An `anyOf` / `oneOf` whose alternatives only name values (`{const}` or `{enum}`, all with the
 * same `type` or none, nothing else in them) and that has nothing beside it but `type`, `default`
 * and annotations, as the `enum` of those values it accepts: zod 4 writes a union of literals so
 * where zod 3 wrote `{"type": "string", "enum": [...]}`. Undefined for any other schema, and for
 * a `oneOf` that names a value twice (a value matching two alternatives is rejected there).
 */
function literalChoice(s: Obj): Obj | undefined {
  const keyword = choiceKeyword(s);
  if (keyword === undefined || Object.keys(s).some((k) => k !== keyword && k !== 'type' && !UNCONSTRAINING.includes(k))) return undefined;
  const branches = s[keyword] as JsonValue[];
  // One alternative is the schema it wraps (see `wrapping`), none accepts nothing.
  if (branches.length < 2) return undefined;
  let type: JsonValue | undefined;
  let mixed = false;
  const values: JsonValue[] = [];
  const kept: JsonValue[] = [];
  const types: string[] = [];
  for (const [i, x] of branches.entries()) {
    if (!isObj(x) || Object.keys(x).some((k) => k !== 'type' && k !== 'const' && k !== 'enum')) return undefined;
    // `{type: "null"}` alone names the one value null (zod 4 and pydantic write a nullable enum
    // as `anyOf: [{type: "string", enum: [...]}, {type: "null"}]`).
    const e = x['type'] === 'null' && Object.keys(x).length === 1 ? { values: [null] } : enumOf(x);
    if (e === undefined) return undefined;
    if (i > 0 && !same(type, x['type'])) mixed = true;
    type = x['type'];
    values.push(...e.values);
    // Alternatives of several types: each keeps only the values its own type allows.
    const own = typeSet(x);
    if (x['type'] !== undefined && own === undefined) return undefined;
    kept.push(...e.values.filter((v) => own === undefined || own.has(jsonTypeOf(v)) || (jsonTypeOf(v) === 'integer' && own.has('number'))));
    for (const t of own ?? []) if (!types.includes(t)) types.push(t);
  }
  if (mixed) {
    // Every alternative typed: the node allows those types (and the values each allows); else no
    // `type`. A `type` beside alternatives of several types is left to the comparison whole.
    if (s['type'] !== undefined) return undefined;
    type = branches.every((x) => isObj(x) && x['type'] !== undefined) ? types : undefined;
    values.splice(0, values.length, ...kept);
  }
  if (s['type'] !== undefined && type !== undefined && !same(s['type'], type)) return undefined;
  if (keyword === 'oneOf' && new Set(values.map((v) => canonicalize(v))).size !== values.length) return undefined;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== keyword) setOwn(out, k, s[k]!);
  if (type !== undefined) out['type'] = type;
  out['enum'] = values;
  return out;
}

/** The JSON type of a value, a whole number as `integer` (allowed by `"number"` too). */
function jsonTypeOf(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * The characters every name a `patternProperties` pattern matches starts with: the literal run
 * after a leading `^` (`^x-` gives `x-`; `^ab?` gives `a`), or undefined when the pattern has no
 * such run or holds a `|` (an alternative may match anywhere).
 */
function literalPrefix(pattern: string): string | undefined {
  if (pattern.includes('|')) return undefined;
  const m = /^\^([^\\.^$|?*+()[\]{}]*)/.exec(pattern);
  if (m === null) return undefined;
  let run = m[1]!;
  // A quantifier after the run makes its last character optional (or repeatable from zero).
  if (['?', '*', '{'].includes(pattern[1 + run.length] ?? '')) run = run.slice(0, -1);
  return run.length > 0 ? run : undefined;
}

/**
 * An array schema as positions: the listed item schemas (`prefixItems`, or draft 2019's `items`
 * list), the schema of the items past them (`items`, or `additionalItems` beside an `items` list;
 * undefined: any item) and the length it allows: `maxItems`, cut to the first position whose
 * schema is `false` (no array reaching it is accepted).
 */
interface ArrayView { prefix: JsonValue[]; rest: JsonValue | undefined; length: number; form: string; closed: boolean }

function arrayView(s: Obj): ArrayView | undefined {
  const items = s['items'];
  const max = s['maxItems'];
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 0)) return undefined;
  let prefix: JsonValue[];
  let rest: JsonValue | undefined;
  let form: string;
  if (Array.isArray(items)) {
    if (s['prefixItems'] !== undefined) return undefined;
    [prefix, rest, form] = [items, s['additionalItems'], 'items[]'];
  } else {
    const p = s['prefixItems'];
    if ((p !== undefined && !Array.isArray(p)) || s['additionalItems'] !== undefined) return undefined;
    [prefix, rest, form] = [p ?? [], items, p === undefined ? 'items' : 'prefixItems'];
  }
  if ([...prefix, rest ?? true].some((x) => normalize(x) === undefined)) return undefined;
  const none = (x: JsonValue): boolean => same(normalize(x), { not: {} });
  let length = max ?? Infinity;
  let closed = false;
  const first = prefix.findIndex(none);
  if (first >= 0 && first < length) [length, closed] = [first, true];
  if (rest !== undefined && none(rest) && prefix.length < length) [length, closed] = [prefix.length, true];
  return { prefix, rest, length, form, closed };
}

/**
 * The two arrays as {@link arrayView}s, when their item keywords differ and comparing them keyword
 * by keyword would misread them: a `false` position or rest schema on either side (it bounds the
 * length, as `maxItems` does: `{items: S, maxItems: 1}` is `{prefixItems: [S], items: false}`),
 * or a draft 2019 `items` list against another spelling (`{items: [S], additionalItems: false}` is
 * `{prefixItems: [S], items: false}`). Undefined otherwise (compared by {@link SchemaWalker.items}).
 */
function arrayPair(b: Obj, a: Obj): [ArrayView, ArrayView] | undefined {
  if (['items', 'prefixItems', 'additionalItems', 'maxItems'].every((k) => same(b[k], a[k]))) return undefined;
  const vb = arrayView(b);
  const va = arrayView(a);
  if (vb === undefined || va === undefined) return undefined;
  if (!vb.closed && !va.closed && !(vb.form !== va.form && (vb.form === 'items[]' || va.form === 'items[]'))) return undefined;
  return [vb, va];
}

/**
 * `anyOf`/`oneOf` alternatives as the one node they make together, when each has one `type`
 * (no two sharing a value: an integer is a number) and beside it only keywords of that instance
 * type (`maxLength` beside `"string"`, `properties` beside `"object"`), which constrain no value of
 * another alternative: `{type: [the types], ...their keywords}`. Undefined for any other list.
 */
function typeSplit(branches: readonly JsonValue[]): Obj | undefined {
  if (branches.length < 2) return undefined;
  const out: Obj = {};
  const types: string[] = [];
  for (const x of branches) {
    if (!isObj(x) || typeof x['type'] !== 'string') return undefined;
    const t = x['type'];
    const family = t === 'integer' ? 'number' : t;
    if (types.some((u) => (u === 'integer' ? 'number' : u) === family)) return undefined;
    types.push(t);
    for (const k of Object.keys(x)) {
      if (k === 'type') continue;
      if (INSTANCE_TYPE_OF.get(k) !== family || out[k] !== undefined) return undefined;
      out[k] = x[k]!;
    }
  }
  out['type'] = types;
  return out;
}

/** Whether a schema accepts integers (and possibly null) only: its bounds then hold at whole numbers. */
function integersOnly(s: Obj): boolean {
  const t = typeSet(s);
  return t !== undefined && t.has('integer') && [...t].every((x) => x === 'integer' || x === 'null');
}

/** `minimum` and `exclusiveMinimum` (or the maximums) as written on a node, for a reason that shows a draft-04 boolean beside its bound. */
function spelledBound(s: Obj, inclusive: string, exclusive: string): JsonValue | undefined {
  const out: Obj = {};
  for (const k of [inclusive, exclusive]) if (s[k] !== undefined) out[k] = s[k]!;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The bound `minimum` and `exclusiveMinimum` (or the maximums) set together, the stricter one deciding. */
interface Bound { value: number; exclusive: boolean; keyword: string; raw: number }

function effectiveBound(s: Obj, inclusive: string, exclusive: string, lower: boolean, integers: boolean): Bound | undefined {
  const out: Bound[] = [];
  const m = s[inclusive];
  const e = s[exclusive];
  // draft-04: a boolean `exclusiveMinimum` says whether the `minimum` beside it is exclusive
  // (`{minimum: 5, exclusiveMinimum: true}` is draft-06's `{exclusiveMinimum: 5}`); alone it bounds nothing.
  if (typeof e === 'boolean') {
    if (typeof m !== 'number') return undefined;
    if (!e) return { value: integers ? (lower ? Math.ceil(m) : Math.floor(m)) : m, exclusive: false, keyword: inclusive, raw: m };
    return integers
      ? { value: lower ? Math.floor(m) + 1 : Math.ceil(m) - 1, exclusive: false, keyword: exclusive, raw: m }
      : { value: m, exclusive: true, keyword: exclusive, raw: m };
  }
  // On integers, `exclusiveMinimum: 0` is `minimum: 1` and `minimum: 0.5` is `minimum: 1`.
  if (typeof m === 'number') out.push({ value: integers ? (lower ? Math.ceil(m) : Math.floor(m)) : m, exclusive: false, keyword: inclusive, raw: m });
  if (typeof e === 'number') {
    out.push(integers
      ? { value: lower ? Math.floor(e) + 1 : Math.ceil(e) - 1, exclusive: false, keyword: exclusive, raw: e }
      : { value: e, exclusive: true, keyword: exclusive, raw: e });
  }
  const stricter = (x: Bound, y: Bound): boolean => (x.value === y.value ? x.exclusive && !y.exclusive : lower ? x.value > y.value : x.value < y.value);
  return out.reduce<Bound | undefined>((best, x) => (best === undefined || stricter(x, best) ? x : best), undefined);
}

function requiredOf(s: Obj): Set<string> {
  const r = s['required'];
  return new Set(Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : []);
}

/**
 * Whether an object schema accepts a property it does not declare, whatever its value: neither
 * `additionalProperties` nor `unevaluatedProperties` (2019-09+) constrains it (absent, `true`, `{}`).
 */
function acceptsAnyExtra(s: Obj): boolean {
  const open = (v: JsonValue | undefined): boolean => v === undefined || v === true || (isObj(v) && Object.keys(v).length === 0);
  return open(s['additionalProperties']) && open(s['unevaluatedProperties']);
}

/** Whether a subschema accepts every value: absent, `true`, or only keywords that constrain nothing ({@link UNCONSTRAINING}). */
function acceptsEvery(v: JsonValue | undefined): boolean {
  if (v === undefined) return true;
  const n = normalize(v);
  return n !== undefined && Object.keys(n).every((k) => UNCONSTRAINING.includes(k));
}

/**
 * Whether an `allOf` branch judges no value beyond what `node` (the same node on the other side)
 * judges by its own declarations: only keywords that constrain nothing ({@link UNCONSTRAINING})
 * and `properties` whose schemas each pass every value (`{properties: {b: {}}}`) or are the
 * node's own declaration of that name, as written (a property moved into an `allOf` branch, or
 * out of one: the property itself is compared where it is declared). What the branch evaluates
 * for an `unevaluatedProperties` is judged apart ({@link declaredNamesOnly}).
 */
function impliedByDeclarations(branch: JsonValue, node: Obj): boolean {
  const n = normalize(branch);
  if (n === undefined) return false;
  const own = getOwn(node, 'properties');
  const passesEvery = (x: JsonValue): boolean => {
    const m = normalize(x);
    return m !== undefined && Object.keys(m).every((k) => UNCONSTRAINING.includes(k));
  };
  return Object.keys(n).every((k) => UNCONSTRAINING.includes(k)
    || (k === 'properties' && isObj(n[k]) && Object.entries(n[k] as Obj).every(([name, x]) => passesEvery(x)
      || (isObj(own) && getOwn(own, name) !== undefined && same(getOwn(own, name)!, x)))));
}

/**
 * The property names a list of subschemas applied in place evaluates, when each evaluates names
 * only through its own `properties` (no pattern, extra-property schema, item keyword or subschema
 * applied in place of its own); undefined otherwise.
 */
function declaredNamesOnly(subschemas: readonly JsonValue[]): string[] | undefined {
  const out: string[] = [];
  for (const x of subschemas) {
    const n = normalize(x);
    if (n === undefined) return undefined;
    if (['patternProperties', 'additionalProperties', 'unevaluatedProperties', ...IN_PLACE].some((k) => getOwn(n, k) !== undefined)) return undefined;
    const p = getOwn(n, 'properties');
    if (p !== undefined && !isObj(p)) return undefined;
    if (isObj(p)) out.push(...Object.keys(p));
  }
  return out;
}

/**
 * Whether a node's `if`/`then`/`else` constrain its values. Without an `if`, `then` and `else` are
 * ignored; an `if` beside neither (or beside ones that accept every value) decides nothing, since
 * the value passes whichever applies (JSON Schema 2020-12, 10.2.2: `if` alone has no effect on
 * validation). A `then` under an `if` that accepts nothing (`false`) never applies, nor an `else`
 * under one that accepts everything. What the three evaluate for an `unevaluated*` is not read
 * here: where one sees the node, the caller does not ask.
 */
function conditionApplies(s: Obj): boolean {
  return getOwn(s, 'if') !== undefined && (!conditionInert(s, 'then') || !conditionInert(s, 'else'));
}

/**
 * Whether keyword `k` of a node's `if`/`then`/`else` judges no value: an `if` that decides nothing
 * ({@link conditionApplies}), a `then` or `else` that accepts every value or never applies (no
 * `if`; `then` under an `if` that accepts nothing, `else` under one that accepts everything).
 */
function conditionInert(s: Obj, k: 'if' | 'then' | 'else'): boolean {
  if (k === 'if') return !conditionApplies(s);
  const cond = getOwn(s, 'if');
  if (cond === undefined || acceptsEvery(getOwn(s, k))) return true;
  if (k === 'else') return acceptsEvery(cond);
  const n = normalize(cond);
  return n !== undefined && same(withoutAnnotations(n), { not: {} });
}

/**
 * Keywords that apply a subschema to the instance itself (in place): what their subschemas
 * evaluate reaches an `unevaluatedProperties` beside them.
 */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef'];

/**
 * Whether some node of the schema has an `unevaluatedProperties` beside a keyword that applies a
 * subschema in place ({@link IN_PLACE}): only there does what another node's
 * `additionalProperties` evaluates (absent is not `true`) reach it. An `unevaluatedProperties` with
 * no such keyword beside it sees only its own node (compared there).
 */
function unevaluatedInPlace(schema: JsonValue | null): boolean {
  return someNode(schema, (v) => constrainsUnevaluated(getOwn(v, 'unevaluatedProperties')) && IN_PLACE.some((k) => getOwn(v, k) !== undefined));
}

/**
 * Whether an `unevaluatedProperties`/`unevaluatedItems` value constrains anything: present and not
 * `true`, `{}` or a schema of annotations only. One that accepts every value judges no property or
 * item, so what other keywords evaluate beside it changes nothing it decides (its node evaluates
 * every property or item when it passes, whatever the others evaluate).
 */
function constrainsUnevaluated(v: JsonValue | undefined): boolean {
  if (v === undefined) return false;
  const n = normalize(v);
  return n === undefined || Object.keys(withoutAnnotations(n)).length > 0;
}

/**
 * The values of the `unevaluatedProperties` that constrain ({@link constrainsUnevaluated}) beside a
 * keyword applying a subschema in place, anywhere in the schema: what judges a name that such a
 * subschema stops (or starts) evaluating.
 */
function unevaluatedInPlaceValues(schema: JsonValue | null): JsonValue[] {
  const out: JsonValue[] = [];
  someNode(schema, (v) => {
    const u = getOwn(v, 'unevaluatedProperties');
    if (constrainsUnevaluated(u) && IN_PLACE.some((k) => getOwn(v, k) !== undefined)) out.push(u!);
    return false;
  });
  return out;
}

/**
 * Whether some node of the schema has an `unevaluatedItems` beside a keyword that applies a
 * subschema in place ({@link IN_PLACE}): then the items another node's `prefixItems`, `items`,
 * `additionalItems` and `contains` evaluate reach it (see {@link evaluationChange}). An
 * `unevaluatedItems` with no such keyword beside it sees only its own node's.
 */
function unevaluatedItemsInPlace(schema: JsonValue | null): boolean {
  return someNode(schema, (v) => constrainsUnevaluated(getOwn(v, 'unevaluatedItems')) && IN_PLACE.some((k) => getOwn(v, k) !== undefined));
}

/**
 * The items a node's own keywords evaluate when it passes: the first `listed` ones
 * (`prefixItems`, draft 2019's `items` list) and, when `rest`, every item past them (`items`
 * present, any schema, `true` too; `additionalItems` beside an `items` list). With `unevaluated`,
 * an `unevaluatedItems` of the node counts too: once it has judged the items left, its node has
 * evaluated every item (what an `unevaluatedItems` that sees the node from outside reads).
 */
function evaluatedItems(s: Obj, unevaluated = false): { listed: number; rest: boolean } {
  const items = getOwn(s, 'items');
  const prefix = getOwn(s, 'prefixItems');
  const listed = Array.isArray(items) ? items.length : Array.isArray(prefix) ? prefix.length : 0;
  const rest = Array.isArray(items) ? getOwn(s, 'additionalItems') !== undefined : items !== undefined;
  return { listed, rest: rest || (unevaluated && getOwn(s, 'unevaluatedItems') !== undefined) };
}

/**
 * How the items a node evaluates ({@link evaluatedItems}) go from `b` to `a`, for every array: the
 * same, more (`grows`: a rest evaluated now, or a longer list with no rest on either side), or
 * fewer (`shrinks`). Where they differ, `{prefixItems: [true]}` is not `{}`: beside
 * `unevaluatedItems: false` it accepts `[1]`, which `{}` rejects (found by the Ajv property test).
 */
function evaluationChange(b: { listed: number; rest: boolean }, a: { listed: number; rest: boolean }): 'same' | 'grows' | 'shrinks' {
  if (b.rest && a.rest) return 'same';
  if (b.rest !== a.rest) return a.rest ? 'grows' : 'shrinks';
  return a.listed === b.listed ? 'same' : a.listed > b.listed ? 'grows' : 'shrinks';
}

/** The keywords Ajv 8.20 counts as rules of a schema (`alwaysValidSchema`): a schema with none of them passes every value, in its eyes. */
const AJV_RULES = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties',
  'required', 'dependentRequired', 'dependencies', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames',
  'items', 'prefixItems', 'additionalItems', 'contains', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  'dependentSchemas', 'unevaluatedItems', 'unevaluatedProperties', '$ref', '$dynamicRef', '$recursiveRef', '$comment',
  'nullable', 'discriminator',
]);

/**
 * Whether Ajv 8.20 (the MCP SDKs' validator) counts every item of an array as evaluated by the
 * node's `contains`: it does so for any `contains` it does not see as always valid, matched or not,
 * and counts none for one it does (`true`, `{}`, annotations only) or beside `minContains: 0`
 * without `maxContains` (it then skips the keyword). JSON Schema counts the items that match.
 * Where the two move apart, an `unevaluatedItems` that sees the node reads the change one way in
 * the specification and the other in Ajv (`{contains: true, unevaluatedItems: {type: "string"}}`
 * rejects `[1, "s"]` in Ajv, accepts it in the specification).
 */
function containsEvaluatesAll(s: Obj): boolean {
  const c = getOwn(s, 'contains');
  if (c === undefined || c === true) return false;
  if (getOwn(s, 'minContains') === 0 && getOwn(s, 'maxContains') === undefined) return false;
  return !isObj(c) || Object.keys(c).some((k) => AJV_RULES.has(k));
}

/**
 * A node's `unevaluatedItems` read as the `items` (or, beside a draft 2019 `items` list,
 * `additionalItems`) it means, when the node applies no subschema in place ({@link IN_PLACE}) and
 * has no `contains`: the items it has not evaluated are then exactly those past its listed
 * positions, where no `items` (or `additionalItems`) already judges them; beside one, it judges
 * nothing and is left out. Either way the node still evaluates every item when it passes, as
 * before, so an `unevaluatedItems` outside that sees it reads the same. Undefined for any other node.
 */
function unevaluatedAsItems(s: Obj): Obj | undefined {
  const u = getOwn(s, 'unevaluatedItems');
  if (u === undefined || getOwn(s, 'contains') !== undefined || IN_PLACE.some((k) => getOwn(s, k) !== undefined)) return undefined;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== 'unevaluatedItems') setOwn(out, k, s[k]!);
  const items = getOwn(s, 'items');
  if (Array.isArray(items)) {
    if (getOwn(s, 'additionalItems') === undefined) out['additionalItems'] = u;
  } else if (items === undefined) out['items'] = u;
  return out;
}

/**
 * What judged a property `name` of a node's value by the node `parent` itself: its declaration
 * there, its `patternProperties` (any, as patterns are not run), else its `additionalProperties`;
 * undefined when that accepts every value (absent, `true`, `{}`) or none (`false`: no caller sent it).
 */
function parentJudged(parent: Obj, name: string): { schema: JsonValue; keyword: string } | undefined {
  const declared = getOwn(parent, 'properties');
  const own = isObj(declared) ? getOwn(declared, name) : undefined;
  // A pattern whose literal start rules the name out ({@link literalPrefix}) does not match it; an
  // empty `patternProperties` (zod and others write `{}`) matches no name.
  const patterns = getOwn(parent, 'patternProperties');
  const mayMatch = isObj(patterns) ? Object.keys(patterns).some((p) => name.startsWith(literalPrefix(p) ?? '')) : patterns !== undefined;
  const judged = own !== undefined ? { schema: own, keyword: 'properties' }
    : mayMatch ? { schema: patterns!, keyword: 'patternProperties' }
    : { schema: getOwn(parent, 'additionalProperties') ?? true, keyword: 'additionalProperties' };
  const n = normalize(judged.schema);
  if (judged.keyword !== 'patternProperties' && (n === undefined || Object.keys(withoutAnnotations(n)).length === 0 || same(n, { not: {} }))) return undefined;
  return judged;
}

/**
 * The values a node's `const` or `enum` of objects allow for their property `name`, when one of
 * those objects has it (`{const: {a: 1}}` allows only `a: 1`): the node fixed that name's value,
 * so a caller sent the name with it. Undefined when no object value there has the name.
 */
function fixedByValues(n: Obj, name: string): { schema: JsonValue; keyword: string } | undefined {
  const c = getOwn(n, 'const');
  const e = getOwn(n, 'enum');
  const values = c !== undefined ? [c] : Array.isArray(e) ? e : [];
  const named = values.filter((v): v is Obj => isObj(v) && getOwn(v, name) !== undefined);
  if (named.length === 0) return undefined;
  return { schema: { enum: named.map((v) => getOwn(v, name)!) }, keyword: c !== undefined ? 'const' : 'enum' };
}

/** The keywords by which a node evaluates items (`prefixItems`, `items`, `additionalItems`), as written; undefined when none. */
function evaluatedSpelling(s: Obj): JsonValue | undefined {
  const out: Obj = {};
  for (const k of ['prefixItems', 'items', 'additionalItems']) if (getOwn(s, k) !== undefined) out[k] = getOwn(s, k)!;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** Whether some object node of `schema` (at any depth, in arrays too) passes `test`. */
function someNode(schema: JsonValue | null, test: (node: { [key: string]: JsonValue }) => boolean): boolean {
  const stack: JsonValue[] = schema === null ? [] : [schema];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) stack.push(...v);
    else if (isObj(v)) {
      if (test(v)) return true;
      for (const k of Object.keys(v)) stack.push(v[k]!);
    }
  }
  return false;
}

/**
 * Whether a schema holds a reference (`$ref`, `$dynamicRef`, `$recursiveRef`). A trial comparison
 * the other way round ({@link SchemaWalker.acceptsAll} of the new schema against the old) reads each
 * side in the other's document, where a reference may name another body: not tried with one.
 */
function refers(x: JsonValue): boolean {
  return someNode(x, (n) => getOwn(n, '$ref') !== undefined || getOwn(n, '$dynamicRef') !== undefined || getOwn(n, '$recursiveRef') !== undefined);
}

/**
 * A node's `unevaluatedProperties` read as the `additionalProperties` it means, when the node has
 * no `additionalProperties` and applies no subschema in place ({@link IN_PLACE}): then the
 * properties it has not evaluated are exactly those neither `properties` nor `patternProperties`
 * names, which `additionalProperties` judges. Undefined for any other node.
 */
function unevaluatedAsAdditional(s: Obj): Obj | undefined {
  const u = getOwn(s, 'unevaluatedProperties');
  if (u === undefined || getOwn(s, 'additionalProperties') !== undefined || IN_PLACE.some((k) => getOwn(s, k) !== undefined)) return undefined;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== 'unevaluatedProperties') setOwn(out, k, s[k]!);
  out['additionalProperties'] = u;
  return out;
}

/**
 * The node without its `type`, when the other side has none and every alternative of the node's
 * `anyOf` or `oneOf` states a type the list already allows: the alternatives then accept only
 * values of those types, so the `type` beside them rejects nothing more
 * (`{type: [string, number], anyOf: [{type: string}, {type: number}]}` ↔ the `anyOf` alone).
 * Undefined for any other node.
 */
function typeImplied(s: Obj, other: Obj): Obj | undefined {
  const t = typeSet(s);
  if (t === undefined || getOwn(other, 'type') !== undefined || getOwn(s, 'nullable') !== undefined) return undefined;
  const implied = ['anyOf', 'oneOf'].some((k) => {
    const alts = getOwn(s, k);
    return Array.isArray(alts) && alts.length > 0 && alts.every((x) => isObj(x) && getOwn(x, 'nullable') === undefined && typeSet(x) !== undefined && covers(t, typeSet(x)));
  });
  // An `enum`/`const` whose values are all of types the list allows (arktype writes `{enum: [...]}`
  // with no `type` where zod writes `{type: "string", enum: [...]}`) rejects every other value too;
  // read so against another `enum`/`const`, which the values are then compared with.
  const e = enumOf(s);
  const valuesImply = e !== undefined && enumOf(other) !== undefined && e.values.every((x) => {
    const kind = x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x === 'object' ? 'object' : typeof x === 'number' ? (Number.isInteger(x) && t.has('integer') ? 'integer' : 'number') : typeof x;
    return t.has(kind);
  });
  if (!implied && !valuesImply) return undefined;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== 'type') setOwn(out, k, s[k]!);
  return out;
}

/**
 * A node's `anyOf`/`oneOf` with the alternatives that accept nothing (`false`, `{not: {}}`) left
 * out (they never match, so they neither let a value through nor make a `oneOf` match twice), and
 * an `anyOf` alternative that is itself a bare `anyOf` (nothing else in it) laid out into its
 * parent (a value matches one of them exactly when it matches one of the inner ones):
 * zod-to-json-schema writes `z.string().optional().nullable()` as `anyOf: [{anyOf: [{not: {}},
 * {type: "string"}]}, {type: "null"}]`, which is `anyOf: [{type: "string"}, {type: "null"}]`.
 * Undefined when nothing is left out or laid out, or when no alternative would be left.
 */
function prunedChoice(s: Obj): Obj | undefined {
  let changed = false;
  const out: Obj = { ...s };
  for (const k of ['anyOf', 'oneOf'] as const) {
    const alts = getOwn(s, k);
    if (!Array.isArray(alts)) continue;
    const never = (x: JsonValue): boolean => x === false || (isObj(x) && Object.keys(x).length === 1 && same(x['not'], {}));
    const flat: JsonValue[] = [];
    const lay = (list: JsonValue[], depth: number): void => {
      for (const x of list) {
        if (never(x)) continue;
        const inner = k === 'anyOf' && depth < 8 && isObj(x) && Object.keys(x).length === 1 ? getOwn(x, 'anyOf') : undefined;
        if (Array.isArray(inner) && inner.length > 0) lay(inner, depth + 1);
        else flat.push(x);
      }
    };
    lay(alts, 0);
    if (flat.length === 0 || same(flat, alts)) continue;
    out[k] = flat;
    changed = true;
  }
  return changed ? out : undefined;
}

/**
 * `{type: number, multipleOf: k}` with k a positive whole number read as the integers it accepts,
 * `{type: integer}` (with `multipleOf: k` kept unless k is 1), when the other side's type is
 * `integer`: every multiple of a whole number is an integer, so the two spell the same set.
 * Undefined for any other node.
 */
function numberAsInteger(s: Obj, other: Obj): Obj | undefined {
  const m = getOwn(s, 'multipleOf');
  if (getOwn(s, 'type') !== 'number' || getOwn(other, 'type') !== 'integer' || typeof m !== 'number' || !Number.isInteger(m) || m < 1) return undefined;
  const out: Obj = {};
  for (const k of Object.keys(s)) if (k !== 'multipleOf' || m !== 1) setOwn(out, k, s[k]!);
  out['type'] = 'integer';
  return out;
}

/**
 * Whether the OpenAPI `discriminator` beside a `oneOf`/`anyOf` (pydantic writes one for every
 * discriminated union) says the same on both sides, or is on one side only: the same `propertyName`,
 * each side's `mapping` naming only `$ref`s of its own alternatives, and every alternative requiring
 * that property with a `const`/`enum` value. It then only indexes the alternatives,
 * which are compared on their own (a variant added is `alternative-added` there); a validator that
 * reads it picks the one alternative whose tag matches, as the alternatives' tags already do.
 */
function sameDiscriminator(b: Obj, a: Obj, deref: (n: Obj, side: 'before' | 'after') => Obj | undefined): boolean {
  const fits = (s: Obj, side: 'before' | 'after'): string | undefined => {
    const d = getOwn(s, 'discriminator');
    const name = isObj(d) ? getOwn(d, 'propertyName') : undefined;
    if (!isObj(d) || typeof name !== 'string' || Object.keys(d).some((k) => k !== 'propertyName' && k !== 'mapping')) return undefined;
    const alts = getOwn(s, 'oneOf') ?? getOwn(s, 'anyOf');
    if (!Array.isArray(alts)) return undefined;
    const refs = new Set(alts.flatMap((x) => (isObj(x) && typeof x['$ref'] === 'string' ? [x['$ref']] : [])));
    const mapping = getOwn(d, 'mapping');
    if (mapping !== undefined && !(isObj(mapping) && Object.values(mapping).every((v) => typeof v === 'string' && refs.has(v)))) return undefined;
    // Every alternative requires the property and fixes its value: a value without it, or with
    // another, matches no alternative whether or not a validator reads the discriminator.
    const tagged = alts.every((x) => {
      const n = isObj(x) ? deref(x, side) : undefined;
      const props = n === undefined ? undefined : getOwn(n, 'properties');
      const tag = isObj(props) ? getOwn(props, name) : undefined;
      return n !== undefined && requiredOf(n).has(name) && isObj(tag) && enumOf(tag) !== undefined;
    });
    return tagged ? name : undefined;
  };
  const nb = getOwn(b, 'discriminator') === undefined ? undefined : fits(b, 'before');
  const na = getOwn(a, 'discriminator') === undefined ? undefined : fits(a, 'after');
  // Coming or going: the alternatives on the side that has it already say what it says.
  if (getOwn(b, 'discriminator') === undefined) return na !== undefined;
  if (getOwn(a, 'discriminator') === undefined) return nb !== undefined;
  return nb !== undefined && nb === na;
}

/**
 * Whether every multiple of `m` is a multiple of `n` as validators compute it (`x / n` a whole
 * number): `m / n` is a whole number exactly and `n` is a whole number or a power of two (0.5,
 * 0.25 ...), whose quotients are exact in binary floating point. Multiples of 0.1 are not taken to
 * be multiples of 0.05: 0.3 / 0.1 is 2.9999999999999996, which validators reject.
 */
function multiplesOf(m: JsonValue | undefined, n: JsonValue | undefined): boolean {
  if (typeof m !== 'number' || typeof n !== 'number' || !(m > 0) || !(n > 0) || !Number.isFinite(m) || !Number.isFinite(n)) return false;
  const k = m / n;
  const twoPower = Number.isInteger(Math.log2(n));
  return Number.isInteger(k) && k * n === m && (Number.isInteger(n) || twoPower);
}

/**
 * An integer schema with no `multipleOf` read with the `multipleOf: m` of the other side, when
 * that side's types take numbers and every integer is a multiple of m (m is 1, 0.5, 0.25 ...,
 * {@link multiplesOf}): the same values, so `integer` → `{type: number, multipleOf: 0.5}` is only
 * the type widened. Undefined for any other node.
 */
function integerAsMultiple(s: Obj, other: Obj): Obj | undefined {
  const ts = typeSet(s);
  const to = typeSet(other);
  const m = getOwn(other, 'multipleOf');
  if (ts === undefined || !ts.has('integer') || ts.has('number') || getOwn(s, 'multipleOf') !== undefined) return undefined;
  if (to === undefined || !to.has('number') || !multiplesOf(1, m)) return undefined;
  return { ...s, multipleOf: m! };
}

/**
 * Keywords an `allOf` branch cannot bring into the node it sits in without changing what either
 * accepts: references and identifiers (a `$ref` beside other keywords is read otherwise in older
 * drafts, and the branch's own references would resolve elsewhere), a dialect of its own, and
 * keywords that look at what other keywords of their own schema evaluated. (Definitions are taken
 * as any keyword: they constrain nothing.)
 */
const UNMERGEABLE = new Set([
  '$ref', '$id', 'id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', '$schema',
  'patternProperties', 'unevaluatedProperties', 'unevaluatedItems',
]);
/** Keywords a node cannot take a branch's keywords beside (a `$ref` with siblings, keywords that look at what others evaluated). */
const UNMERGEABLE_NODE = new Set(['$ref', '$dynamicRef', '$recursiveRef', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems']);
/** Keywords read together within one schema: a node and a branch that each have one of a group are not merged. */
const READ_TOGETHER = [
  ['items', 'prefixItems', 'additionalItems'],
  ['if', 'then', 'else'],
];

/**
 * Bound keywords that two schemas a value must both pass may set to different numbers: the merged
 * schema keeps the stricter (the larger lower bound, the smaller upper bound), which accepts
 * exactly what both do. Not `minContains`/`maxContains`, read with the `contains` beside them
 * ({@link mergedContains}), nor a `minimum`/`maximum` beside draft-04's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` ({@link mergedDraft4Bound}).
 */
const MERGED_BOUNDS = new Set([...LOWER_BOUNDS, ...UPPER_BOUNDS].filter((k) => k !== 'minContains' && k !== 'maxContains'));

const CONTAINS_GROUP = ['contains', 'minContains', 'maxContains'];

/** Keywords whose value is one subschema, a list of them, or a map of names to them. */
const ONE_SUBSCHEMA = ['not', 'if', 'then', 'else', 'items', 'contains', 'additionalProperties', 'additionalItems', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/**
 * A schema written one way of some that accept the same values, to tell two subschemas alike
 * where they cannot be compared ({@link mergedContains}): `true` as `{}`, `false` as `{not: {}}`,
 * a bare one-alternative `anyOf`/`oneOf` as its alternative, a type list as its sorted set (one
 * type as a string; `nullable` beside it folded in), `required` sorted without repeats, and
 * `properties: {}`, `required: []`, empty definitions dropped; at every depth of the keywords that
 * hold subschemas, other values as they are.
 */
function spelledOneWay(v: JsonValue): JsonValue {
  let s = normalize(v);
  if (s === undefined) return v;
  for (let c = bareComposition(s); c !== undefined && Object.keys(s).length === 1 && c.branches.length === 1; c = bareComposition(s)) {
    const n = normalize(c.branches[0]!);
    if (n === undefined) break;
    s = n;
  }
  const out: Obj = {};
  for (const k of Object.keys(s)) {
    const x = s[k]!;
    if (SUBSCHEMA_LISTS.includes(k) && Array.isArray(x)) setOwn(out, k, x.map(spelledOneWay));
    else if (ONE_SUBSCHEMA.includes(k)) setOwn(out, k, spelledOneWay(x));
    else if (SUBSCHEMA_MAPS.includes(k) && isObj(x)) {
      const m: Obj = {};
      for (const name of Object.keys(x)) setOwn(m, name, spelledOneWay(x[name]!));
      if (Object.keys(m).length > 0 || k === 'patternProperties' || k === 'dependentSchemas') setOwn(out, k, m);
    } else setOwn(out, k, x);
  }
  const types = ownTypes(s);
  if (types !== undefined) {
    delete out['nullable'];
    const sorted = [...types].sort();
    out['type'] = sorted.length === 1 ? sorted[0]! : sorted;
  }
  const r = out['required'];
  if (Array.isArray(r) && r.every((x) => typeof x === 'string')) {
    if (r.length === 0) delete out['required'];
    else out['required'] = [...new Set(r as string[])].sort();
  }
  return out;
}

/**
 * The `contains`, `minContains` and `maxContains` of one schema that accepts exactly what both
 * `node` and `branch` accept by them, as keywords to set (`{}` for none); undefined when one
 * schema cannot say it. `minContains`/`maxContains` count the items that match the `contains`
 * beside them and mean nothing without one (JSON Schema 2019-09 on; Ajv reads them so): beside
 * the same `contains` both counts apply, so the stricter is kept (`minContains` absent counts as
 * 1); where only one of the two has a `contains`, the other's counts are dropped; two
 * `contains` that differ other than in spelling ({@link spelledOneWay}; the node's is kept) cannot
 * be one keyword.
 */
function mergedContains(node: Obj, branch: Obj): Obj | undefined {
  const inNode = CONTAINS_GROUP.filter((k) => node[k] !== undefined);
  const inBranch = CONTAINS_GROUP.filter((k) => branch[k] !== undefined);
  const pick = (s: Obj, keys: string[]): Obj => Object.fromEntries(keys.map((k) => [k, s[k]!]));
  if (inBranch.length === 0) return pick(node, inNode);
  if (inNode.length === 0) return pick(branch, inBranch);
  const counts = ['minContains', 'maxContains'];
  if ([node, branch].some((s) => counts.some((k) => s[k] !== undefined && typeof s[k] !== 'number'))) {
    return inNode.length === inBranch.length && inNode.every((k) => same(node[k], branch[k])) ? pick(node, inNode) : undefined;
  }
  const cn = node['contains'];
  const cb = branch['contains'];
  if (cn === undefined && cb !== undefined) return pick(branch, inBranch);
  if (cb === undefined && cn !== undefined) return pick(node, inNode);
  if (cn !== undefined && cb !== undefined && !same(cn, cb) && !same(spelledOneWay(cn), spelledOneWay(cb))) return undefined;
  const out: Obj = cn === undefined ? {} : { contains: cn };
  const min = [node['minContains'], branch['minContains']].filter((x): x is number => typeof x === 'number');
  const max = [node['maxContains'], branch['maxContains']].filter((x): x is number => typeof x === 'number');
  // An absent minContains beside the contains counts as 1; when both write one, 1 is no bound
  // (minContains 0 in both stays 0).
  if (min.length > 0) out['minContains'] = Math.max(...min, cn !== undefined && min.length < 2 ? 1 : -Infinity);
  if (max.length > 0) out['maxContains'] = Math.min(...max);
  return out;
}

/**
 * The lower (`minimum` with draft-04's boolean `exclusiveMinimum`) or upper bound of one schema
 * that accepts exactly what both `node` and `branch` accept by it, as keywords to set (`{}` for
 * none), when either writes a boolean exclusive (which qualifies only the bound beside it:
 * `{minimum: 5, exclusiveMinimum: true}` is `> 5`, a lone `exclusiveMinimum: true` bounds
 * nothing); null when neither does, undefined when a value is of no bound's type. The stricter
 * bound is kept (at one value, the exclusive one), written in draft-04's spelling.
 */
function mergedDraft4Bound(node: Obj, branch: Obj, inclusive: string, exclusive: string, lower: boolean): Obj | null | undefined {
  if (typeof node[exclusive] !== 'boolean' && typeof branch[exclusive] !== 'boolean') return null;
  for (const s of [node, branch]) {
    if (s[inclusive] !== undefined && typeof s[inclusive] !== 'number') return undefined;
    if (s[exclusive] !== undefined && typeof s[exclusive] !== 'number' && typeof s[exclusive] !== 'boolean') return undefined;
  }
  const bounds = [effectiveBound(node, inclusive, exclusive, lower, false), effectiveBound(branch, inclusive, exclusive, lower, false)]
    .filter((x): x is Bound => x !== undefined);
  const stricter = (x: Bound, y: Bound): boolean => (x.value === y.value ? x.exclusive && !y.exclusive : lower ? x.value > y.value : x.value < y.value);
  const best = bounds.reduce<Bound | undefined>((b, x) => (b === undefined || stricter(x, b) ? x : b), undefined);
  if (best === undefined) return {};
  return best.exclusive ? { [inclusive]: best.value, [exclusive]: true } : { [inclusive]: best.value };
}

/** `additionalProperties` that lets every undeclared name through. */
const openExtra = (v: JsonValue | undefined): boolean => v === undefined || v === true || (isObj(v) && Object.keys(v).length === 0);

/**
 * One schema that accepts exactly the values that pass both `node` and `branch` (a branch of the
 * node's `allOf`), or undefined when this cannot be written by laying the branch's keywords into
 * the node: each keyword only one of them has is taken as it is, the same keyword with the same
 * value once; `type` sets are intersected (not to nothing), `required` lists joined, `properties`
 * joined (one named by both with two schemas becomes `{allOf: [node's, branch's]}`), two numeric
 * bounds of one keyword the stricter ({@link MERGED_BOUNDS}), as are a draft-04 bound with its
 * boolean exclusive ({@link mergedDraft4Bound}) and the counts beside one `contains`
 * ({@link mergedContains}). Any other keyword both have with
 * different values, keywords read together ({@link READ_TOGETHER},
 * `nullable` beside the other's `type`), an `additionalProperties` that would now see properties
 * its own schema did not declare, or one of {@link UNMERGEABLE}: undefined. With
 * `nodeAnnotationsWin` (a branch that was a `$ref`, whose definition the node's own annotations
 * are laid over, as for a `$ref` beside them) the node's annotations and default win over the
 * branch's; otherwise two different ones are not merged (the model reads both).
 */
function mergeBranch(nodeIn: Obj, branchIn: Obj, nodeAnnotationsWin: boolean): Obj | undefined {
  // `nullable: false` beside a type adds nothing to it.
  const plain = (s: Obj): Obj => {
    if (s['nullable'] !== false || typeSet(s) === undefined) return s;
    const out: Obj = { ...s };
    delete out['nullable'];
    return out;
  };
  const node = plain(nodeIn);
  const branch = plain(branchIn);
  const keys = Object.keys(branch);
  if (keys.some((k) => UNMERGEABLE.has(k)) || Object.keys(node).some((k) => UNMERGEABLE_NODE.has(k))) return undefined;
  for (const group of READ_TOGETHER) {
    const inNode = group.filter((k) => node[k] !== undefined);
    const inBranch = group.filter((k) => branch[k] !== undefined);
    if (inNode.length > 0 && inBranch.length > 0 && !(inNode.length === inBranch.length && inNode.every((k) => same(node[k], branch[k])))) return undefined;
  }
  if ((node['nullable'] !== undefined && branch['type'] !== undefined) || (branch['nullable'] !== undefined && node['type'] !== undefined)) {
    if (!(same(node['nullable'], branch['nullable']) && same(node['type'], branch['type']))) return undefined;
  }
  // Keywords read together with others of their schema: laid in as one.
  const together: Obj[] = [];
  const contains = mergedContains(node, branch);
  if (contains === undefined) return undefined;
  together.push(contains);
  const taken = new Set(CONTAINS_GROUP);
  // draft-04's boolean exclusiveMinimum/exclusiveMaximum qualify the minimum/maximum beside them.
  for (const [inclusive, exclusive, lower] of [['minimum', 'exclusiveMinimum', true], ['maximum', 'exclusiveMaximum', false]] as const) {
    const bound = mergedDraft4Bound(node, branch, inclusive, exclusive, lower);
    if (bound === undefined) return undefined;
    if (bound === null) continue;
    together.push(bound);
    taken.add(inclusive).add(exclusive);
  }
  const pn = isObj(node['properties']) ? node['properties'] : {};
  const pb = isObj(branch['properties']) ? branch['properties'] : {};
  // An additionalProperties judges the names its own schema does not declare: merged, it would
  // judge fewer (those the other declares) unless the other declares no name it does not.
  if (!openExtra(branch['additionalProperties']) && Object.keys(pn).some((k) => !Object.prototype.hasOwnProperty.call(pb, k))) return undefined;
  if (!openExtra(node['additionalProperties']) && Object.keys(pb).some((k) => !Object.prototype.hasOwnProperty.call(pn, k))) return undefined;
  const out: Obj = { ...node };
  for (const k of taken) delete out[k];
  for (const k of keys) {
    if (taken.has(k)) continue;
    const vb = branch[k]!;
    const vn = getOwn(out, k);
    if (vn === undefined) {
      setOwn(out, k, vb);
      continue;
    }
    if (same(vn, vb) || (nodeAnnotationsWin && UNCONSTRAINING.includes(k))) continue;
    if (k === 'type') {
      const tn = typeSet(node);
      const tb = typeSet(branch);
      if (tn === undefined || tb === undefined) return undefined;
      const both = intersectTypes(tn, tb);
      if (both.size === 0) return undefined;
      const eq = (x: Set<string>): boolean => x.size === both.size && [...x].every((t) => both.has(t));
      out['type'] = eq(tn) ? vn : eq(tb) ? vb : [...both].sort();
    } else if (k === 'required' && Array.isArray(vn) && Array.isArray(vb) && [...vn, ...vb].every((x) => typeof x === 'string')) {
      out['required'] = [...new Set([...vn, ...vb] as string[])];
    } else if (k === 'properties' && isObj(vn) && isObj(vb)) {
      const props: Obj = { ...vn };
      for (const name of Object.keys(vb)) {
        const x = getOwn(props, name);
        // `true` and `{}` accept every value: the other schema alone says what both do.
        const any = (v: JsonValue | undefined): boolean => v === true || (isObj(v) && Object.keys(v).length === 0);
        setOwn(props, name, x === undefined || same(x, vb[name]) || any(x) ? vb[name]! : any(vb[name]) ? x : { allOf: [x, vb[name]!] });
      }
      out['properties'] = props;
    } else if (MERGED_BOUNDS.has(k) && typeof vn === 'number' && typeof vb === 'number') {
      // Both bounds apply, so the stricter one is the bound: x ≤ 3 and x ≤ 5 is x ≤ 3.
      setOwn(out, k, LOWER_BOUNDS.includes(k) ? Math.max(vn, vb) : Math.min(vn, vb));
    } else {
      return undefined;
    }
  }
  for (const keywords of together) for (const k of Object.keys(keywords)) setOwn(out, k, keywords[k]!);
  return out;
}

/**
 * A branch `{anyOf: alternatives}` beside `unevaluatedProperties: false` (alternatives from
 * {@link SchemaWalker.plainAlternatives}) read as the object schema `{type?, properties}` declaring
 * the properties of all of them, with `requires`, an `anyOf` of their `required` lists, when the
 * node must keep one; undefined when that reading is not exact.
 *
 * A name is evaluated when the node or a branch every value passes declares it (`declared`), or an
 * alternative the value matches does. A value whose properties all pass their (one) schema, and
 * that carries the names every value carries (`guaranteed`), matches an alternative exactly when it
 * carries that alternative's other required names. So each name an alternative declares, other
 * than `declared` ones, must bring its alternative's match with it: the alternative requires no
 * other name beyond `guaranteed` (`{properties: {b}, required: ["b"]}`: a value carrying `b`
 * matches it and has `b` evaluated; `{properties: {c, d}, required: ["d"]}` does not, since `{b, c}`
 * may match another alternative and leave `c` unevaluated). Then the node accepts what the merged
 * `properties` with `additionalProperties: false` and the `anyOf` of the `required` lists accept;
 * when an alternative requires nothing beyond `guaranteed`, it always matches and no `anyOf` is kept.
 */
function choiceAsProperties(branch: Obj, alternatives: readonly Obj[], declared: ReadonlySet<string>, guaranteed: ReadonlySet<string>): { schema: Obj; requires: JsonValue[] | undefined } | undefined {
  const props: Obj = {};
  let always = false;
  for (const alt of alternatives) {
    const p = getOwn(alt, 'properties') as Obj;
    const needs = [...requiredOf(alt)].filter((r) => !guaranteed.has(r));
    if (needs.length === 0) always = true;
    for (const name of Object.keys(p)) {
      if (!declared.has(name) && needs.some((r) => r !== name)) return undefined;
      setOwn(props, name, p[name]!);
    }
  }
  const schema: Obj = {};
  for (const k of Object.keys(branch)) if (k !== 'anyOf') setOwn(schema, k, branch[k]!);
  const type = getOwn(alternatives[0]!, 'type');
  if (type !== undefined) schema['type'] = type;
  schema['properties'] = props;
  return { schema, requires: always ? undefined : alternatives.map((alt) => ({ required: getOwn(alt, 'required') ?? [] })) };
}

/** How many `allOf` branches one node may have for them to be laid into it ({@link SchemaWalker.allOfs}). */
const MAX_FLATTEN = 64;
/**
 * How many branches one schema diff lays into their nodes ({@link SchemaWalker.layInto}), counting
 * those of a branch's own `allOf` and of the definitions its `$ref`s name. A definition whose
 * `allOf` names the next one three times, twelve deep, unfolds into 3^12 branches (a 1.2 kB
 * tools/list held `mcpfusion check` 50 s); past this bound a node's `allOf` is compared branch by
 * branch as written.
 */
const MAX_LAYS = 2048;

/** Where each distinct branch (by canonical JSON) sits in a list, and how many of those places were taken. */
function branchPool(list: readonly JsonValue[]): Map<string, { at: number[]; next: number }> {
  const pool = new Map<string, { at: number[]; next: number }>();
  list.forEach((x, i) => {
    const k = canonicalize(x);
    const slot = pool.get(k);
    if (slot === undefined) pool.set(k, { at: [i], next: 0 });
    else slot.at.push(i);
  });
  return pool;
}

/**
 * A Relative JSON Pointer (`"3"`, `"1/a"`, `"2/definitions/Leaf"`) as zod-to-json-schema writes a
 * `$ref` with `$refStrategy: 'relative'`: go up that many places from the schema holding the `$ref`,
 * then follow the JSON pointer after it. Undefined for any other reference.
 */
function relativePointer(ref: JsonValue | undefined): { up: number; tokens: string[] } | undefined {
  if (typeof ref !== 'string') return undefined;
  const m = /^(0|[1-9][0-9]{0,8})((?:\/[^/]*)*)$/.exec(ref);
  if (m === null) return undefined;
  try {
    return { up: Number(m[1]), tokens: m[2]!.split('/').slice(1).map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~')) };
  } catch {
    return undefined;
  }
}

/** Whether some `$ref` of the schema is a Relative JSON Pointer ({@link relativePointer}). */
function hasRelativeRef(schema: JsonValue | null): boolean {
  return someNode(schema, (v) => relativePointer(getOwn(v, '$ref')) !== undefined);
}

/** Where each object of the schema sits in it (its JSON pointer tokens), the first place when one is met twice. */
function locations(schema: JsonValue | null): WeakMap<object, string[]> {
  const at = new WeakMap<object, string[]>();
  const stack: [JsonValue, string[]][] = schema === null ? [] : [[schema, []]];
  while (stack.length > 0) {
    const [v, where] = stack.pop()!;
    if (typeof v !== 'object' || v === null || at.has(v)) continue;
    at.set(v, where);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...where, String(i)]]));
    else for (const k of Object.keys(v)) stack.push([v[k]!, [...where, k]]);
  }
  return at;
}

class SchemaWalker {
  readonly changes: RawSchemaChange[] = [];
  /** The changes by which a schema accepts more values than before. */
  private readonly widening = new WeakSet<RawSchemaChange>();

  /**
   * @param anywhere Whether some node of either schema has `unevaluatedProperties` beside a
   *   keyword that applies a subschema in place ({@link unevaluatedInPlace}): then an absent
   *   `additionalProperties` is not the same as `true` (the properties that `true` evaluates are
   *   no longer "unevaluated") in a schema that node applies. Which nodes it sees is followed in
   *   {@link walk} ({@link unevaluated}); a node's own `unevaluatedProperties` is looked at where
   *   the node is compared.
   * @param anywhereItems The same for `unevaluatedItems` ({@link unevaluatedItemsInPlace}): then a
   *   node that evaluates other items ({@link evaluationChange}) is judged by which way that goes.
   */
  constructor(
    private readonly anywhere: boolean,
    private readonly roots: { before: JsonValue | null; after: JsonValue | null } = { before: null, after: null },
    private readonly anywhereItems = false,
  ) {}

  /**
   * Whether an `unevaluatedProperties` that constrains may see the node compared now from outside:
   * one on a node that applies it in place (through `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`,
   * `not`, `dependentSchemas`, a followed `$ref` …, at any depth, on either side). A property's,
   * an item's or a name's schema is another instance: none sees it from outside. A definition
   * compared where it stands, and every node of a trial comparison ({@link acceptsAll}), may be
   * applied anywhere: there it is whether the schema has one anywhere ({@link anywhere}).
   */
  private unevaluated = false;
  /** The same for `unevaluatedItems`. */
  private unevaluatedItems = false;
  /** The node pair being compared now (its own `unevaluated*` sees what it applies in place). */
  private frame: [JsonValue, JsonValue] | undefined;

  /** The `$ref` pairs (before, after) being followed now: met again inside themselves, they are not followed. */
  private readonly following = new Set<string>();

  /** How many `$ref` pairs were followed so far in this diff; see {@link MAX_REF_FOLLOWS}. */
  private followed = 0;

  /** Nodes made here by laying `allOf` branches into their node ({@link allOfs}): not flattened again. */
  private readonly flattened = new WeakSet<Obj>();
  /** The branches left in such a node's `allOf`, by their index in the `allOf` as written. */
  private readonly branchIndex = new WeakMap<JsonValue[], number[]>();
  /** How many branches were laid into a node in this diff: see {@link MAX_LAYS}. */
  private lays = 0;
  /** Bare `$ref` branches unfolded ({@link unfold}), by side, depth and reference; null: cannot be laid in. */
  private readonly unfolded = new Map<string, Obj | null>();
  /** Trials ({@link acceptsAll}) under way: within one, an `allOf` branch is not tried for implication. */
  private trials = 0;
  /** How many `allOf` branches were tried for implication in this diff (each a walk): see {@link MAX_MERGE_TRIES}. */
  private impliedTries = 0;
  /** How many trial walks read a changed `not` or `if` ({@link inverted}) in this diff: see {@link MAX_MERGE_TRIES}. */
  private flipTries = 0;
  /** The old node whose subschema applied in place the next {@link compare} compares ({@link walkInPlace}). */
  private inPlaceParent: Obj | undefined;

  /**
   * {@link walk} for a subschema that node `parent` (the old side) applies in place
   * (`dependentSchemas`, `then`/`else`, an `allOf` branch, an `anyOf`/`oneOf` alternative): a
   * property it declares was judged before by the parent's declaration, patterns or
   * `additionalProperties` ({@link parentJudged}).
   */
  private walkInPlace(parent: Obj, before: JsonValue, after: JsonValue, path: string): void {
    this.inPlaceParent = parent;
    try {
      this.walk(before, after, path);
    } finally {
      this.inPlaceParent = undefined;
    }
  }

  /**
   * The schema a bare local `$ref` (`{"$ref": "#/$defs/Name"}` or `#/definitions/Name`, with
   * nothing beside it but annotations and `default`) stands for in its own schema, with the
   * node's annotations laid over it; the node itself when it is no such reference; undefined when
   * the reference cannot be resolved (another document, a deeper pointer, a missing entry).
   */
  private deref(node: Obj, side: 'before' | 'after'): Obj | undefined {
    const ref = node['$ref'];
    if (ref === undefined) return node;
    // Definitions beside the reference constrain nothing (invopop/jsonschema and zod-to-json-schema's
    // `name` write `{$ref: "#/$defs/Model", $defs: {...}}` at the root): kept with the definition.
    if (typeof ref !== 'string' || Object.keys(node).some((k) => k !== '$ref' && !UNCONSTRAINING.includes(k) && !DEFINITIONS.includes(k))) return undefined;
    const root = this.roots[side];
    const tokens = this.pointerOf(node, side);
    if (tokens === undefined || !isObj(root)) return undefined;
    // Any JSON pointer into the schema: `#/$defs/Name`, `#/definitions/Name`, zod-to-json-schema's
    // `#/properties/tree` (a recursive property) or relative `"3"`, `#` (the root itself).
    let target: JsonValue | undefined = root;
    for (const token of tokens) {
      if (Array.isArray(target) && /^(0|[1-9][0-9]*)$/.test(token)) target = target[Number(token)];
      else if (isObj(target)) target = getOwn(target, token);
      else return undefined;
      if (target === undefined) return undefined;
    }
    const resolved = normalize(target);
    if (resolved === undefined) return undefined;
    const out: Obj = { ...resolved };
    for (const k of UNCONSTRAINING) if (node[k] !== undefined) setOwn(out, k, node[k]!);
    for (const k of DEFINITIONS) if (node[k] !== undefined && out[k] === undefined) setOwn(out, k, node[k]!);
    // The copy sits where its definition does: a relative `$ref` in it is read from there.
    this.located(side)?.set(out, tokens);
    return out;
  }

  /**
   * A local `$ref` with constraints beside it (effect's `JSONSchema.make` writes `{$ref:
   * "#/$defs/Int", minimum: 0}`) as one schema: every value must pass the definition and the
   * keywords beside it (JSON Schema 2019-09 on; Ajv applies them in every draft), so the definition
   * is laid under the node as an `allOf` branch that is a `$ref` is ({@link mergeBranch}, the
   * node's annotations winning). Undefined when the two cannot be written as one.
   */
  private derefBeside(node: Obj, side: 'before' | 'after'): Obj | undefined {
    if (node['$ref'] === undefined) return undefined;
    const ref: Obj = { $ref: node['$ref']! };
    const rest: Obj = {};
    for (const k of Object.keys(node)) {
      if (k === '$ref') continue;
      if (UNCONSTRAINING.includes(k) || DEFINITIONS.includes(k)) setOwn(ref, k, node[k]!);
      if (!DEFINITIONS.includes(k)) setOwn(rest, k, node[k]!);
    }
    const at = this.located(side)?.get(node);
    if (at !== undefined) this.located(side)!.set(ref, at);
    const definition = this.deref(ref, side);
    return definition === undefined ? undefined : mergeBranch(rest, definition, true);
  }

  /** Where the objects of each side's schema sit, made when a relative `$ref` is first read; see {@link relativePointer}. */
  private readonly places: { before?: WeakMap<object, string[]> | null; after?: WeakMap<object, string[]> | null } = {};

  private located(side: 'before' | 'after'): WeakMap<object, string[]> | undefined {
    if (this.places[side] === undefined) this.places[side] = hasRelativeRef(this.roots[side]) ? locations(this.roots[side]) : null;
    return this.places[side] ?? undefined;
  }

  /**
   * The JSON pointer tokens (from the root of its side's schema) that a node's local `$ref` names:
   * a `#/…` fragment, or a Relative JSON Pointer read from where the node sits (undefined when
   * that is not known: a node made here by laying branches in, or one that goes up past the root).
   */
  private pointerOf(node: Obj, side: 'before' | 'after'): string[] | undefined {
    const ref = node['$ref'];
    const relative = relativePointer(ref);
    if (relative !== undefined) {
      const at = this.located(side)?.get(node);
      if (at === undefined || relative.up > at.length) return undefined;
      return [...at.slice(0, at.length - relative.up), ...relative.tokens];
    }
    const m = typeof ref === 'string' ? /^#((?:\/[^/]*)*)$/.exec(ref) : null;
    if (m === null) return undefined;
    try {
      return m[1]!.split('/').slice(1).map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
    } catch {
      return undefined;
    }
  }

  /** A node's `$ref` as the absolute pointer it names when it is a relative one (so two spellings of one place are one key), else as written. */
  private refKey(node: Obj, side: 'before' | 'after'): string {
    const ref = node['$ref'];
    if (relativePointer(ref) === undefined) return String(ref ?? '');
    const tokens = this.pointerOf(node, side);
    return tokens === undefined ? `relative:${String(ref)}` : `#${tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
  }

  add(kind: SchemaChangeKind, path: string, before: JsonValue | undefined, after: JsonValue | undefined, keyword?: string): RawSchemaChange {
    const change: RawSchemaChange = { kind, path, before: orNull(before), after: orNull(after) };
    if (keyword !== undefined) change.keyword = keyword;
    // Callers pass undefined for a side that has no such keyword: a null here is JSON null.
    if (before === null) change.nullValue = 'before';
    else if (after === null) change.nullValue = 'after';
    this.changes.push(change);
    if (WIDENING.has(kind)) this.widening.add(change);
    return change;
  }

  /**
   * Compare two schemas at `path`. Two nodes that differ always give at least one change: when no
   * comparison below explains the difference, the node is reported whole (`keyword-changed`), so a
   * schema delta never comes without detail.
   */
  walk(beforeRaw: JsonValue, afterRaw: JsonValue, path: string, scope: 'inPlace' | 'child' | 'definition' = 'inPlace'): void {
    if (same(beforeRaw, afterRaw)) return;
    const start = this.changes.length;
    const saved = [this.unevaluated, this.unevaluatedItems, this.frame] as const;
    // What may see this node from outside ({@link unevaluated}): for the root, a schema that
    // refers to its root; for a subschema applied in place, what saw its node and that node's own.
    const own = (k: string): boolean => this.frame !== undefined && this.frame.some((n) => isObj(n) && constrainsUnevaluated(getOwn(n, k)));
    if (this.trials > 0 || scope === 'definition') {
      this.unevaluated = this.anywhere;
      this.unevaluatedItems = this.anywhereItems;
    } else if (this.frame === undefined) {
      const referred = (this.anywhere || this.anywhereItems) && this.rootReferred();
      this.unevaluated = this.anywhere && referred;
      this.unevaluatedItems = this.anywhereItems && referred;
    } else if (scope === 'child') {
      this.unevaluated = false;
      this.unevaluatedItems = false;
    } else {
      this.unevaluated = this.anywhere && (this.unevaluated || own('unevaluatedProperties'));
      this.unevaluatedItems = this.anywhereItems && (this.unevaluatedItems || own('unevaluatedItems'));
    }
    this.frame = [beforeRaw, afterRaw];
    try {
      this.compare(beforeRaw, afterRaw, path);
    } finally {
      [this.unevaluated, this.unevaluatedItems, this.frame] = saved;
    }
    if (this.changes.length === start) this.add('keyword-changed', path, beforeRaw, afterRaw);
  }

  private compare(beforeRaw: JsonValue, afterRaw: JsonValue, path: string): void {
    const parent = this.inPlaceParent;
    this.inPlaceParent = undefined;
    let b = normalize(beforeRaw);
    let a = normalize(afterRaw);
    // `true` and `{}`, `false` and `{not: {}}`: the same schema written another way.
    if (b !== undefined && a !== undefined && same(b, a)) {
      this.add('keyword-respelled', path, beforeRaw, afterRaw);
      return;
    }
    // `false` accepts nothing: a change from or to it is the whole node, said with the values as
    // written (not as the `{not: {}}` it is compared as, nor as a type narrowed from "any").
    if (b === undefined || a === undefined || beforeRaw === false || afterRaw === false) {
      this.add('keyword-changed', path, beforeRaw, afterRaw);
      return;
    }
    // A `format` no validator checks informs only ({@link annotationFormat}): one that changed, came
    // or went beside no checked one is `annotation-changed`; one against a checked format is that
    // constraint lifted or added (compared below, without it).
    if (!same(b['format'], a['format']) && (annotationFormat(b) || annotationFormat(a))) {
      const checked = (s: Obj): boolean => s['format'] !== undefined && !annotationFormat(s);
      if (!checked(b) && !checked(a)) this.add('annotation-changed', path, b['format'], a['format'], 'format');
      b = withoutAnnotationFormat(b);
      a = withoutAnnotationFormat(a);
      if (same(b, a)) return;
    }
    // Alternatives that accept nothing left out, nested bare `anyOf`s laid out ({@link prunedChoice}).
    const pb = prunedChoice(b);
    const pa = prunedChoice(a);
    if (pb !== undefined || pa !== undefined) {
      const spelled = (s: Obj, p: Obj | undefined): JsonValue | undefined => (p === undefined ? undefined : s['anyOf'] ?? s['oneOf']);
      this.add('keyword-respelled', path, spelled(b, pb), spelled(a, pa), choiceKeyword(pb ?? pa!) ?? 'anyOf');
      b = pb ?? b;
      a = pa ?? a;
      if (same(b, a)) return;
    }
    // A `type` beside an `anyOf`/`oneOf` whose alternatives each state one it allows rejects
    // nothing more ({@link typeImplied}): against a node without one, it is dropped.
    const ib = typeImplied(b, a);
    const ia = typeImplied(a, b);
    if (ib !== undefined || ia !== undefined) {
      this.add('keyword-respelled', path, ib === undefined ? undefined : b['type'], ia === undefined ? undefined : a['type'], 'type');
      b = ib ?? b;
      a = ia ?? a;
      if (same(b, a)) return;
    }
    // A discriminator that only indexes the alternatives ({@link sameDiscriminator}) is set aside,
    // so the node still reads as the bare `oneOf` it is (a wrapped or unwrapped one is compared so).
    if (!same(b['discriminator'], a['discriminator']) && sameDiscriminator(b, a, (n, side) => this.deref(n, side))) {
      this.add('keyword-respelled', path, b['discriminator'], a['discriminator'], 'discriminator');
      const drop = (s: Obj): Obj => {
        const out: Obj = {};
        for (const k of Object.keys(s)) if (k !== 'discriminator') setOwn(out, k, s[k]!);
        return out;
      };
      b = drop(b);
      a = drop(a);
      if (same(b, a)) return;
    }
    // `unevaluatedProperties` beside an `allOf` of plain branches, against a node without one:
    // the branches laid in and the keyword read as `additionalProperties` ({@link unevaluatedOverAllOf}).
    // A node wrapped in (or unwrapped from) a bare `anyOf`/`oneOf` is first found among its branches as written ({@link wrapping}).
    const ub = getOwn(a, 'unevaluatedProperties') === undefined && bareComposition(a) === undefined ? this.unevaluatedOverAllOf(b, 'before') : undefined;
    const ua = ub === undefined && getOwn(b, 'unevaluatedProperties') === undefined && bareComposition(b) === undefined ? this.unevaluatedOverAllOf(a, 'after') : undefined;
    if (ub !== undefined || ua !== undefined) {
      const spelled = (s: Obj, laid: boolean): JsonValue | undefined => {
        if (!laid) return s['additionalProperties'];
        const out: Obj = {};
        for (const k of ['allOf', 'anyOf', 'unevaluatedProperties']) if (s[k] !== undefined) out[k] = s[k]!;
        return out;
      };
      const laid = ub !== undefined ? b : a;
      const applicators = ['allOf', 'anyOf'].filter((k) => laid[k] !== undefined).join('+');
      this.add('keyword-respelled', path, spelled(b, ub !== undefined), spelled(a, ua !== undefined), `${applicators}+unevaluatedProperties→additionalProperties`);
      b = ub ?? b;
      a = ua ?? a;
      if (same(b, a)) return;
    }
    if (this.literalChoices(b, a, path)) return;
    // A node kept whole as a branch of a new `anyOf`/`oneOf` (the same `$ref` as written, or the
    // same schema once references are read) is a wrapping before it is a reference followed: the
    // other side's `$ref` read first would compare the definition's own alternatives with the new
    // ones (@notionhq/notion-mcp-server 2.5.2, API-post-page `parent`: `{$ref: D}`, D a `oneOf`, →
    // `anyOf: [{$ref: D}, {type: string}]` read as every `oneOf` alternative removed).
    if (!same(b['$ref'], a['$ref']) && this.wrapping(b, a, path, true)) return;
    if (!same(b['$ref'], a['$ref']) && this.followRefs(b, a, path)) return;
    if (this.wrapping(b, a, path)) return;
    if (!same(b['allOf'], a['allOf']) && this.allOfs(b, a, path)) return;
    for (const k of TEXT_ANNOTATIONS) if (!same(b[k], a[k])) this.add('annotation-changed', path, b[k], a[k], k);
    // `$schema` names the JSON Schema dialect (written by the emitter: zod, pydantic ...), not text for the model.
    if (!same(b['$schema'], a['$schema'])) this.add('dialect-changed', path, b['$schema'], a['$schema'], '$schema');
    if (!same(b['default'], a['default'])) this.add('default-changed', path, b['default'], a['default'], 'default');
    this.access(b, a, path);
    // A `$ref` that came, went or points elsewhere and could not be followed (`followRefs`): its
    // keywords compared one by one would say the type and properties were dropped
    // (`type-widened`, `property-undeclared`) while the definition may still have them. The node
    // is compared whole.
    if (!same(b['$ref'], a['$ref'])) {
      const rest = (s: Obj): Obj => {
        const out = withoutAnnotations(s);
        delete out['default'];
        return out;
      };
      const rb = rest(b);
      const ra = rest(a);
      const onlyRef = Object.keys(rb).length <= 1 && Object.keys(ra).length <= 1;
      this.add('keyword-changed', path, onlyRef ? b['$ref'] : rb, onlyRef ? a['$ref'] : ra, '$ref');
      return;
    }
    [b, a] = this.respell(b, a, path);
    const nullable = foldsNullable(b) && foldsNullable(a);
    const compatibleTypes = this.types(b, a, path, nullable);
    // A keyword of an instance type that only one side accepts is part of the type change said
    // above (INSTANCE_TYPE_OF): not compared on its own.
    const tb = effectiveTypes(b, nullable);
    const ta = effectiveTypes(a, nullable);
    const typesChanged = !(covers(tb, ta) && covers(ta, tb));
    const moot = (k: string): boolean => {
      const t = INSTANCE_TYPE_OF.get(k);
      return typesChanged && t !== undefined && !(acceptsType(tb, t) && acceptsType(ta, t));
    };
    // A keyword of an instance type that neither side's types accept (`minimum` on a string,
    // `items` on an object) constrains no value: it coming, going or changing is written another way.
    const inapplicable = (k: string): boolean => {
      const t = INSTANCE_TYPE_OF.get(k);
      return !typesChanged && t !== undefined && tb !== undefined && ta !== undefined && !acceptsType(tb, t) && !acceptsType(ta, t);
    };
    for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
      if (inapplicable(k) && !same(getOwn(b, k), getOwn(a, k))) this.add('keyword-respelled', path, getOwn(b, k), getOwn(a, k), k);
    }
    const skip = (k: string): boolean => moot(k) || inapplicable(k);
    this.enums(b, a, path);
    // Arrays whose length a `false` item schema bounds, or tuples spelled in two drafts: compared
    // by their positions and the length they allow (`maxItems` with them).
    // Beside an `unevaluatedItems` that sees them, items evaluated here are no longer judged by it
    // (and the reverse): other items evaluated is compared whole, whatever the positions accept.
    const itemsSeen = this.unevaluatedItems || constrainsUnevaluated(getOwn(b, 'unevaluatedItems')) || constrainsUnevaluated(getOwn(a, 'unevaluatedItems'));
    const evaluated = compatibleTypes && !skip('items') && itemsSeen ? this.itemsEvaluation(b, a, path) : 'same';
    const evaluation = evaluated === 'mixed';
    const arrays = compatibleTypes && !skip('items') && !evaluation ? arrayPair(b, a) : undefined;
    this.bounds(b, a, path, arrays === undefined ? skip : (k) => k === 'maxItems' || skip(k));
    // The same `contains` that Ajv stops counting as evaluating every item (`minContains: 0` came)
    // or starts to: see the `contains` keyword below.
    if (itemsSeen && compatibleTypes && b['contains'] !== undefined && same(b['contains'], a['contains']) && containsEvaluatesAll(b) !== containsEvaluatesAll(a)) {
      this.add('keyword-changed', path, getOwn(b, 'minContains'), getOwn(a, 'minContains'), 'minContains');
    }
    if (compatibleTypes) {
      if (!skip('properties')) {
        this.properties(b, a, path, parent);
        this.additional(b, a, path);
      }
      if (evaluation) this.add('keyword-changed', path, evaluatedSpelling(b), evaluatedSpelling(a), 'items+unevaluatedItems');
      else {
        // More items evaluated leaves fewer to the `unevaluatedItems` that sees them (a
        // constraint lifted from them), fewer leaves it more; the positions are then compared as
        // any others (an item no position judges compared with `{}`: it may be one a subschema
        // applied in place evaluated, which the `unevaluatedItems` then lets through).
        if (evaluated !== 'same') this.add(evaluated === 'grows' ? 'constraint-removed' : 'constraint-added', path, evaluatedSpelling(b), evaluatedSpelling(a), 'items+unevaluatedItems');
        if (arrays !== undefined) this.arrays(b, a, arrays[0], arrays[1], path);
        else if (!skip('items')) this.items(b, a, path);
      }
      this.allOfBranches(b, a, path);
      if (!this.switchedChoice(b, a, path)) for (const k of ['anyOf', 'oneOf'] as const) this.alternatives(b, a, path, k);
      for (const k of DEFINITIONS) this.definitions(b, a, path, k);
    } else {
      // The types share nothing: the properties and items of the old type are moot.
      for (const k of [...COMPOSITIONS, ...DEFINITIONS]) if (!same(b[k], a[k])) this.add('keyword-changed', path, b[k], a[k], k);
    }
    const dependencies = !skip('dependencies') && this.dependencies(b, a, path);
    const other = new Set([...Object.keys(b), ...Object.keys(a)].filter((k) => !HANDLED.has(k) && !(k === 'nullable' && nullable) && !skip(k)
      && !(dependencies && DEPENDENCIES.includes(k)) && !((arrays !== undefined || evaluation) && k === 'additionalItems')));
    // An `if`, `then` or `else` that judges no value on either side changes nothing; a conditional
    // that constrains on one side only came or went whole. Where an `unevaluated*` may read what
    // they evaluate (the node's own, or an outer one), they are read below, as are the keywords of
    // a conditional that constrains on both sides.
    // (An `unevaluated*` is not helped by subschemas that evaluate nothing: `if: {required: [a]}`.)
    const seesNames = this.unevaluated || [b, a].some((s) => constrainsUnevaluated(getOwn(s, 'unevaluatedProperties')));
    const seesItems = this.unevaluatedItems || [b, a].some((s) => constrainsUnevaluated(getOwn(s, 'unevaluatedItems')));
    const evaluating = { left: 256 };
    const conditionSeen = (seesNames || seesItems) && ([['before', b], ['after', a]] as const).some(([side, s]) => (['if', 'then', 'else'] as const).some((k) => {
      const v = getOwn(s, k);
      return v !== undefined && ((seesNames && this.evaluates(v, 'properties', side, evaluating, 0)) || (seesItems && this.evaluates(v, 'items', side, evaluating, 0)));
    }));
    // Own keys only: an unknown keyword named `constructor` or `toString` is an ordinary keyword.
    for (const k of [...other].sort()) {
      const rawB = getOwn(b, k);
      const rawA = getOwn(a, k);
      if (same(rawB, rawA)) continue;
      if (k === 'if' || k === 'then' || k === 'else') {
        const applies = [conditionApplies(b), conditionApplies(a)];
        // A `then` or `else` that judges no value evaluates nothing either (ignored, never
        // applied, or accepting every value with no `properties` …); an `if` that decides nothing
        // still evaluates what it declares when it passes: one that came or went whole is that
        // evaluation moved, for an `unevaluated*` that sees it.
        if (conditionInert(b, k) && conditionInert(a, k)) {
          if (k !== 'if' || !conditionSeen) {
            this.add('keyword-respelled', path, rawB, rawA, k);
            continue;
          }
          if (rawB === undefined || rawA === undefined) {
            this.add('keyword-respelled', path, rawB, rawA, k);
            this.evaluationMoved([b, a], path, path, k, [(rawB ?? rawA)!], rawB === undefined);
            continue;
          }
        }
        if (!conditionSeen && applies[0] !== applies[1]) {
          this.add(applies[1] ? 'constraint-added' : 'constraint-removed', path, rawB, rawA, k);
          continue;
        }
      }
      // `uniqueItems: false` is what no `uniqueItems` means; `then`/`else` without an `if` on
      // either side apply to nothing. Either coming or going accepts the same values.
      const noOp = (v: JsonValue | undefined): boolean => v !== undefined && NO_OP_VALUE.has(k) && same(v, NO_OP_VALUE.get(k));
      const vb = noOp(rawB) ? undefined : rawB;
      const va = noOp(rawA) ? undefined : rawA;
      if (same(vb, va) || ((k === 'then' || k === 'else') && b['if'] === undefined && a['if'] === undefined)) {
        this.add('keyword-respelled', path, rawB, rawA, k);
        continue;
      }
      // A subschema keyword whose value is `true` / `{}` or `false` / `{not: {}}` on both sides.
      const nb = SUBSCHEMA_KEYWORDS.has(k) && vb !== undefined ? normalize(vb) : undefined;
      const na = SUBSCHEMA_KEYWORDS.has(k) && va !== undefined ? normalize(va) : undefined;
      // Property names are strings: `propertyNames: {"type": "string"}` (zod 4 writes it for every
      // record) constrains nothing, as when it is absent.
      const anyName = (v: JsonValue | undefined): boolean => {
        const n = v === undefined ? {} : normalize(v);
        if (n === undefined) return false;
        const rest = withoutAnnotations(n);
        const t = typeSet(rest);
        return Object.keys(rest).every((x) => x === 'type') && (rest['type'] === undefined || t?.has('string') === true);
      };
      // Text annotations inside the subschema (a `description` of the property names) are said as
      // annotations of the keyword (`propertyNames.description`) when nothing else in it changed,
      // or nothing but a respelling: the model reads them, no value is judged differently.
      const ob = k === 'propertyNames' && vb === undefined ? {} : nb;
      const oa = k === 'propertyNames' && va === undefined ? {} : na;
      const restB = ob === undefined ? undefined : withoutAnnotations(ob);
      const restA = oa === undefined ? undefined : withoutAnnotations(oa);
      const restSame = restB !== undefined && restA !== undefined && same(restB, restA);
      const respelled = restSame || (k === 'propertyNames' && anyName(vb) && anyName(va));
      // Ajv counts none or all items evaluated by a `contains` ({@link containsEvaluatesAll}): where
      // that changes beside an `unevaluatedItems` that sees the node, Ajv and JSON Schema read the
      // change in two directions, so it is compared whole.
      if (k === 'contains' && itemsSeen && containsEvaluatesAll(b) !== containsEvaluatesAll(a)) {
        this.add('keyword-changed', path, rawB, rawA, k);
        continue;
      }
      if (!respelled) {
        // The items a `contains` matches are evaluated: beside an `unevaluatedItems` that sees
        // them, one that matches other items changes what that keyword judges, either way.
        // A `contains` that accepts more (or less) matches more (or fewer) items, which both the
        // node and that keyword then accept more (or less) of: read inside, as anywhere else.
        if (k === 'contains' && itemsSeen && !this.containsMoves(b, a, vb, va, path)) {
          this.add('keyword-changed', path, rawB, rawA, k);
          continue;
        }
        if ((k === 'unevaluatedItems' || k === 'unevaluatedProperties') && this.unevaluatedKeyword(k, vb, va, rawB, rawA, path)) continue;
        if (this.descend(k, b, a, vb, va, path)) continue;
        // Every multiple of 2 is a multiple of 1 (and of 0.5): fewer values, or more.
        if (k === 'multipleOf' && (multiplesOf(vb, va) || multiplesOf(va, vb))) {
          this.add(multiplesOf(vb, va) ? 'bound-loosened' : 'bound-tightened', path, rawB, rawA, k);
          continue;
        }
        // A checked format whose values are all values of the other (every int32 is an int64,
        // every uri a uri-reference) bounds the set as `minimum`/`maximum` do: loosened or tightened.
        if (k === 'format' && typeof vb === 'string' && typeof va === 'string' && (widerFormat(vb, va) || widerFormat(va, vb))) {
          this.add(widerFormat(vb, va) ? 'bound-loosened' : 'bound-tightened', path, rawB, rawA, k);
          continue;
        }
        // A constraint only one side has: added (fewer values accepted) or lifted (more).
        const only = vb === undefined || va === undefined;
        this.add(only && CONSTRAINTS.has(k) ? (vb === undefined ? 'constraint-added' : 'constraint-removed') : 'keyword-changed', path, rawB, rawA, k);
        // What an `if`, `then`, `else` or the entries of a `dependentSchemas` that came or went evaluate.
        if (only && CONSTRAINTS.has(k) && IN_PLACE.includes(k)) {
          const v = (vb ?? va)!;
          const subs = k === 'dependentSchemas' || k === 'dependencies' ? (isObj(v) ? Object.values(v).filter((x) => !Array.isArray(x)) : []) : [v];
          this.evaluationMoved([b, a], path, path, k, subs, vb === undefined);
        }
        continue;
      }
      const start = this.changes.length;
      for (const t of TEXT_ANNOTATIONS) if (!same(ob![t], oa![t])) this.add('annotation-changed', path, ob![t], oa![t], `${k}.${t}`);
      if (!same(ob!['$schema'], oa!['$schema'])) this.add('dialect-changed', path, ob!['$schema'], oa!['$schema'], `${k}.$schema`);
      // Written another way besides (`true` ↔ `{}`, `propertyNames` absent ↔ `{"type": "string"}`), or nothing said yet.
      const written = (v: JsonValue | undefined): JsonValue | undefined => (isObj(v) ? withoutAnnotations(v) : v);
      if (!same(written(vb), written(va)) || this.changes.length === start) {
        this.add('keyword-respelled', path, vb, va, k);
      }
    }
  }

  /**
   * How the items evaluated by a node's own keywords change where an `unevaluatedItems` sees
   * them: its own (constraining on both sides; one on one side only is compared as the keyword
   * coming or going) and, when some node applies a subschema in place beside one, an outer one
   * (for which an `unevaluatedItems` of this node evaluates every item). `mixed` when the two
   * move apart.
   */
  private itemsEvaluation(b: Obj, a: Obj, path: string): 'same' | 'grows' | 'shrinks' | 'mixed' {
    const moves: ('same' | 'grows' | 'shrinks')[] = [];
    // Ajv 8.20 (the MCP SDKs' validator) loses the items an `anyOf`/`oneOf` alternative evaluates
    // by `items` when it merges them for an outer `unevaluatedItems` (`{unevaluatedItems:
    // {type: "string"}, anyOf: [{items: true}]}` rejects `[1, 2]`; under `allOf` it does not):
    // there a change of what is evaluated is compared whole.
    const alternative = /\.(?:anyOf|oneOf)\[\d+\]/.test(path);
    if (constrainsUnevaluated(getOwn(b, 'unevaluatedItems')) && constrainsUnevaluated(getOwn(a, 'unevaluatedItems'))) {
      moves.push(evaluationChange(evaluatedItems(b), evaluatedItems(a)));
    }
    if (this.unevaluatedItems) moves.push(evaluationChange(evaluatedItems(b, true), evaluatedItems(a, true)));
    const moved = [...new Set(moves.filter((m) => m !== 'same'))];
    if (alternative && this.unevaluatedItems && moved.length > 0) return 'mixed';
    return moved.length === 0 ? 'same' : moved.length === 1 ? moved[0]! : 'mixed';
  }

  /**
   * A node with `unevaluatedProperties` (and no `additionalProperties`) beside an `allOf`, the only
   * keyword of it that applies a subschema in place ({@link IN_PLACE}), read as the one node it
   * is: each branch laid into it ({@link mergeBranch}; a bare local `$ref` as its definition) and
   * the `unevaluatedProperties` as an `additionalProperties` of the same value. Every branch must
   * pass, so the properties they evaluate are exactly those their `properties` name; an `anyOf`
   * of alternatives that only declare and require properties is read by {@link choiceAsProperties}.
   * A branch that evaluates otherwise (its own `additionalProperties`, `patternProperties`,
   * `unevaluatedProperties`, or a keyword applying a subschema in place: another `anyOf`, `$ref`
   * ...), or that cannot be laid in, leaves the node as written (undefined).
   */
  private unevaluatedOverAllOf(s: Obj, side: 'before' | 'after'): Obj | undefined {
    const u = getOwn(s, 'unevaluatedProperties');
    const list = getOwn(s, 'allOf');
    const own = getOwn(s, 'anyOf');
    if (u === undefined || getOwn(s, 'additionalProperties') !== undefined) return undefined;
    if (list !== undefined && (!Array.isArray(list) || list.length === 0 || list.length > MAX_FLATTEN)) return undefined;
    if ((list === undefined && own === undefined) || IN_PLACE.some((k) => k !== 'allOf' && k !== 'anyOf' && getOwn(s, k) !== undefined)) return undefined;
    let node: Obj | undefined = {};
    for (const k of Object.keys(s)) if (k !== 'unevaluatedProperties' && k !== 'allOf' && k !== 'anyOf') setOwn(node, k, s[k]!);
    // The node's own `anyOf` is one more schema every value must pass, as a branch of the `allOf` is.
    const branches: JsonValue[] = [...(list ?? []), ...(own === undefined ? [] : [{ anyOf: own }])];
    const found: { branch: Obj; ref: boolean; alternatives: Obj[] | undefined }[] = [];
    for (const raw of branches) {
      const n = normalize(raw);
      if (n === undefined) return undefined;
      const ref = n['$ref'] !== undefined;
      const branch = ref ? this.deref(n, side) : n;
      if (branch === undefined) return undefined;
      found.push({ branch, ref, alternatives: this.plainAlternatives(branch, u, side) });
    }
    // What the node and its other branches declare and require: every value passes them, so each
    // name they declare is evaluated and each name they require is there.
    const declared = new Map<string, JsonValue[]>();
    const guaranteed = new Set<string>();
    for (const p of [node, ...found.filter((x) => x.alternatives === undefined).map((x) => x.branch)]) {
      const props = getOwn(p, 'properties');
      if (isObj(props)) for (const name of Object.keys(props)) declared.set(name, [...(declared.get(name) ?? []), props[name]!]);
      for (const name of requiredOf(p)) guaranteed.add(name);
    }
    // A name an alternative declares has one schema wherever it is declared: otherwise a value
    // failing one of them may still have the name evaluated by another, which the merged
    // `properties` (both schemas) would reject.
    const byAlternatives = new Map<string, JsonValue>();
    for (const alt of found.flatMap((x) => x.alternatives ?? [])) {
      const props = getOwn(alt, 'properties') as Obj;
      for (const name of Object.keys(props)) {
        const was = byAlternatives.get(name);
        if ((was !== undefined && !same(was, props[name])) || (declared.get(name) ?? []).some((x) => !same(x, props[name]))) return undefined;
        byAlternatives.set(name, props[name]!);
      }
    }
    let requires: JsonValue[] | undefined;
    for (const x of found) {
      let branch = x.branch;
      if (x.alternatives !== undefined) {
        // An `anyOf` of alternatives that only declare and require properties evaluates, under an
        // `unevaluatedProperties: false`, exactly what the properties of them all declare ({@link choiceAsProperties}).
        const laid = choiceAsProperties(branch, x.alternatives, new Set(declared.keys()), guaranteed);
        if (laid === undefined) return undefined;
        if (laid.requires !== undefined) {
          if (requires !== undefined) return undefined;
          requires = laid.requires;
        }
        branch = laid.schema;
      }
      if (['additionalProperties', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', ...IN_PLACE].some((k) => getOwn(branch, k) !== undefined)) return undefined;
      // A property both name is one schema where the two merge (`{type: string}` and
      // `{maxLength: 3}`), so it is compared as the other side writes it; otherwise both apply.
      const pn = getOwn(node, 'properties');
      const pb = getOwn(branch, 'properties');
      if (isObj(pn) && isObj(pb)) {
        const props: Obj = { ...pb };
        for (const name of Object.keys(pb)) {
          const x = getOwn(pn, name);
          const nx = x === undefined ? undefined : normalize(x);
          const ny = normalize(pb[name]!);
          const both = nx === undefined || ny === undefined ? undefined : mergeBranch(nx, ny, false);
          if (both !== undefined) setOwn(props, name, both);
        }
        const nodeProps: Obj = { ...pn };
        for (const name of Object.keys(props)) if (getOwn(nodeProps, name) !== undefined) setOwn(nodeProps, name, props[name]!);
        node = { ...node, properties: nodeProps };
        node = mergeBranch(node, { ...branch, properties: props }, x.ref);
      } else {
        node = mergeBranch(node, branch, x.ref);
      }
      if (node === undefined) return undefined;
    }
    node['additionalProperties'] = u;
    // Which alternatives a value matches is then decided by what it carries alone: an `anyOf` of
    // their `required` lists, which evaluates no name (an `additionalProperties` beside it judges
    // the names `properties` do not declare, as before).
    if (requires !== undefined) node['anyOf'] = requires;
    return node;
  }

  /**
   * The alternatives of a branch `{anyOf: [...]}` beside `unevaluatedProperties: false` (each a bare
   * local `$ref` followed to its definition) when each has only `properties`, `required` (names)
   * and a `type` (the same on every one, or on none); undefined otherwise, and for a `oneOf` (two
   * alternatives that require nothing both match `{}`) or any other `unevaluatedProperties` (a
   * name whose alternative fails is unevaluated and may pass it: `{b: 1}` against
   * `{properties: {b: {type: string}}}` beside another alternative). See {@link choiceAsProperties}.
   */
  private plainAlternatives(branch: Obj, u: JsonValue, side: 'before' | 'after'): Obj[] | undefined {
    const c = bareComposition(branch);
    const rejectsAll = normalize(u);
    if (c === undefined || c.keyword !== 'anyOf' || c.branches.length === 0 || rejectsAll === undefined || !same(rejectsAll, { not: {} })) return undefined;
    const out: Obj[] = [];
    for (const raw of c.branches) {
      const n = normalize(raw);
      const alt = n === undefined ? undefined : n['$ref'] !== undefined ? this.deref(n, side) : n;
      if (alt === undefined || Object.keys(alt).some((k) => k !== 'properties' && k !== 'type' && k !== 'required')) return undefined;
      if (out.length > 0 && !same(getOwn(out[0]!, 'type'), getOwn(alt, 'type'))) return undefined;
      const r = getOwn(alt, 'required');
      if (!isObj(getOwn(alt, 'properties') ?? {}) || (r !== undefined && !(Array.isArray(r) && r.every((x) => typeof x === 'string')))) return undefined;
      out.push({ ...alt, properties: getOwn(alt, 'properties') ?? {} });
    }
    return out;
  }

  /**
   * Keywords one side spells another way than the other, rewritten as the other side reads them
   * (said as `keyword-respelled`, before what the rewritten nodes still differ in):
   * - `unevaluatedProperties` on a node with no `additionalProperties` and nothing applied in
   *   place, against an `additionalProperties` on the other side: the same keyword
   *   ({@link unevaluatedAsAdditional}).
   *
   * @returns The two nodes as they are compared from here.
   */
  private respell(b: Obj, a: Obj, path: string): [Obj, Obj] {
    const ib = numberAsInteger(b, a);
    const ia = numberAsInteger(a, b);
    if (ib !== undefined) {
      this.add('keyword-respelled', path, { type: b['type']!, multipleOf: b['multipleOf']! }, a['type'], 'multipleOf→type');
      b = ib;
    } else if (ia !== undefined) {
      this.add('keyword-respelled', path, b['type'], { type: a['type']!, multipleOf: a['multipleOf']! }, 'type→multipleOf');
      a = ia;
    }
    // An integer is a multiple of 0.5: the integer side is read with the other's multipleOf.
    const mb = ib === undefined && ia === undefined ? integerAsMultiple(b, a) : undefined;
    const ma = ib === undefined && ia === undefined && mb === undefined ? integerAsMultiple(a, b) : undefined;
    if (mb !== undefined) {
      this.add('keyword-respelled', path, undefined, a['multipleOf'], 'multipleOf');
      b = mb;
    } else if (ma !== undefined) {
      this.add('keyword-respelled', path, b['multipleOf'], undefined, 'multipleOf');
      a = ma;
    }
    const ub = unevaluatedAsAdditional(b);
    const ua = unevaluatedAsAdditional(a);
    const plainExtra = (s: Obj): boolean => getOwn(s, 'additionalProperties') !== undefined && getOwn(s, 'unevaluatedProperties') === undefined;
    if (ub !== undefined && ua === undefined && plainExtra(a)) {
      this.add('keyword-respelled', path, b['unevaluatedProperties'], a['additionalProperties'], 'unevaluatedProperties→additionalProperties');
      b = ub;
    } else if (ua !== undefined && ub === undefined && plainExtra(b)) {
      this.add('keyword-respelled', path, b['additionalProperties'], a['unevaluatedProperties'], 'additionalProperties→unevaluatedProperties');
      a = ua;
    }
    // `unevaluatedItems` where the two nodes' own keywords evaluate other items: on a node that
    // applies nothing in place and has no `contains`, read as the `items` it means ({@link unevaluatedAsItems}).
    const uib = getOwn(b, 'unevaluatedItems');
    const uia = getOwn(a, 'unevaluatedItems');
    if ((uib !== undefined || uia !== undefined) && evaluationChange(evaluatedItems(b), evaluatedItems(a)) !== 'same') {
      const ib = uib === undefined ? b : unevaluatedAsItems(b);
      const ia = uia === undefined ? a : unevaluatedAsItems(a);
      if (ib !== undefined && ia !== undefined) {
        this.add('keyword-respelled', path, uib, uia, 'unevaluatedItems→items');
        b = ib;
        a = ia;
      }
    }
    return [b, a];
  }

  /**
   * `dependencies` (draft 7), `dependentRequired` and `dependentSchemas` (2019-09+) spelled
   * differently on the two sides: a name listed under draft 7's `dependencies` is a
   * `dependentRequired` entry, a schema there a `dependentSchemas` entry, and a schema of
   * `required` alone requires what the list does. When the keywords used differ, or one property's
   * entry moved between them or between a list and a schema, the entries are compared by property:
   * two lists name by name (`constraint-added`/`-removed` at the property, keyword `dependencies→dependentRequired`
   * when it moved), otherwise the two schemas at `path.dependentSchemas.name`, an entry on one side
   * only a constraint added or lifted; the keywords changing alone is `keyword-respelled`.
   *
   * @returns Whether the three keywords were handled here (false: compared as before, keyword by keyword).
   */
  private dependencies(b: Obj, a: Obj, path: string): boolean {
    type Entry = { keyword: string; value: JsonValue; list: string[] | undefined };
    const names = (v: JsonValue | undefined): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
    const view = (s: Obj): Map<string, Entry> | undefined => {
      const out = new Map<string, Entry>();
      for (const k of DEPENDENCIES) {
        const m = getOwn(s, k);
        if (m === undefined) continue;
        if (!isObj(m)) return undefined;
        for (const name of Object.keys(m)) {
          const v = m[name]!;
          if (out.has(name)) return undefined;
          const isList = names(v);
          if ((k === 'dependentRequired' && !isList) || (k === 'dependentSchemas' && isList) || (!isList && normalize(v) === undefined)) return undefined;
          const n = isList ? undefined : normalize(v)!;
          // A schema of `required` alone asks what the list asks.
          const list = isList ? v : n !== undefined && Object.keys(n).length === 1 && names(n['required']) ? n['required'] as string[] : undefined;
          out.set(name, { keyword: k, value: v, list });
        }
      }
      return out;
    };
    const vb = view(b);
    const va = view(a);
    if (vb === undefined || va === undefined) return false;
    const used = (s: Obj): string[] => DEPENDENCIES.filter((k) => getOwn(s, k) !== undefined);
    const moved = [...vb].some(([name, x]) => {
      const y = va.get(name);
      return y !== undefined && (y.keyword !== x.keyword || names(y.value) !== names(x.value));
    });
    const kb = used(b);
    const ka = used(a);
    if (same(kb, ka) && !moved) return false;
    if (!same(kb, ka)) {
      const spelled = (s: Obj, ks: string[]): JsonValue | undefined => {
        if (ks.length === 0) return undefined;
        const out: Obj = {};
        for (const k of ks) out[k] = s[k]!;
        return out;
      };
      this.add('keyword-respelled', path, spelled(b, kb), spelled(a, ka), `${kb.join('+') || 'absent'}→${ka.join('+') || 'absent'}`);
    }
    for (const name of [...new Set([...vb.keys(), ...va.keys()])].sort()) {
      const x = vb.get(name);
      const y = va.get(name);
      // The same entry under another keyword is said by the keywords' respelling above.
      if (x !== undefined && y !== undefined && same(x.value, y.value) && (x.keyword === y.keyword || !same(kb, ka))) continue;
      const keyword = x !== undefined && y !== undefined && x.keyword !== y.keyword ? `${x.keyword}→${y.keyword}` : (y ?? x)!.keyword;
      const at = childField(path, name);
      const schemaAt = childField(`${path}.dependentSchemas`, name);
      if (x !== undefined && y !== undefined && x.list !== undefined && y.list !== undefined) {
        const before = new Set(x.list);
        const after = new Set(y.list);
        const start = this.changes.length;
        for (const n of [...before].sort()) if (!after.has(n)) this.add('constraint-removed', at, n, undefined, keyword);
        for (const n of [...after].sort()) if (!before.has(n)) this.add('constraint-added', at, undefined, n, keyword);
        if (this.changes.length === start) this.add('keyword-respelled', at, x.value, y.value, keyword);
      } else if (x !== undefined && y !== undefined) {
        const asSchema = (e: Entry): JsonValue => (names(e.value) ? { required: e.value } : e.value);
        this.walk(asSchema(x), asSchema(y), schemaAt);
      } else {
        const e = (x ?? y)!;
        this.add(x === undefined ? 'constraint-added' : 'constraint-removed', names(e.value) ? at : schemaAt, x?.value, y?.value, e.keyword);
        if (!names(e.value)) this.evaluationMoved([b, a], path, schemaAt, e.keyword, [e.value], x === undefined);
      }
    }
    return true;
  }

  /**
   * A subschema applied in place (an `allOf` branch, an `anyOf`/`oneOf`, `if`/`then`/`else`, a
   * `dependentSchemas` entry) came or went whole, said as a constraint added or lifted. Where an
   * `unevaluatedProperties` (or `unevaluatedItems`) that constrains may see the node (some node of
   * either schema has one beside a keyword applying a subschema in place), what the subschema
   * evaluates when it passes is evaluated no longer (or now): one that went and declared names
   * leaves them to that keyword, which may reject them (`{unevaluatedProperties: false,
   * dependentSchemas: {b: {properties: {a: true}}}}` accepted `{a: 1, b: 1}`; without the entry it
   * rejects it: the Ajv property's seed 126), one that came and declares names takes them from
   * it. So beside the constraint entry, fewer evaluated is `constraint-added`, more
   * `constraint-removed`, keyword `<keyword>+unevaluatedProperties` (`+unevaluatedItems`), as for
   * the items a node's own keywords evaluate (`items+unevaluatedItems`).
   */
  private evaluationMoved(nodes: [Obj, Obj], node: string, path: string, keyword: string, subschemas: readonly JsonValue[], came: boolean): void {
    const side = came ? 'after' : 'before';
    const value = subschemas.length === 1 ? subschemas[0]! : subschemas as JsonValue;
    const moved = (what: 'properties' | 'items'): void => {
      const k = what === 'properties' ? 'unevaluatedProperties' : 'unevaluatedItems';
      // The node's own one on both sides (one that comes or goes is said itself), or an outer one
      // that may see the node (as for {@link unevaluatedKeyword}).
      const own = nodes.every((n) => constrainsUnevaluated(getOwn(n, k)));
      const outer = (what === 'properties' ? this.unevaluated : this.unevaluatedItems) && (node !== '$' || this.rootReferred());
      if (!own && !outer) return;
      const budget = { left: 256 };
      if (!subschemas.some((x) => this.evaluates(x, what, side, budget, 0))) return;
      // Names only declared there, each declared by the node itself on the other side (a property
      // moved into an `allOf` branch, or out of one): the node evaluates the same names as before.
      const names = what === 'properties' ? declaredNamesOnly(subschemas) : undefined;
      const other = getOwn(nodes[came ? 0 : 1], 'properties');
      if (names !== undefined && isObj(other) && names.every((name) => getOwn(other, name) !== undefined)) return;
      this.add(came ? 'constraint-removed' : 'constraint-added', path, came ? undefined : value, came ? value : undefined, `${keyword}+${k}`);
    };
    moved('properties');
    moved('items');
  }

  /**
   * Whether a subschema applied in place may evaluate property names (`properties`: by
   * `properties`, `patternProperties`, an `additionalProperties` or `unevaluatedProperties` other
   * than `false`) or items (`items`: `prefixItems`, `items`, `additionalItems`, `contains`,
   * `unevaluatedItems`) when it passes, itself or through what it applies in place (`allOf`,
   * `anyOf`, `oneOf`, `if`, `then`, `else`, `dependentSchemas`, `dependencies` schemas, a local
   * `$ref`; not `not`, whose annotations are dropped). A reference that cannot be followed, a
   * dynamic one, or past `budget` nodes or 16 levels: it may.
   */
  private evaluates(raw: JsonValue, what: 'properties' | 'items', side: 'before' | 'after', budget: { left: number }, depth: number): boolean {
    const n = normalize(raw);
    if (n === undefined) return false;
    if (depth > 16 || --budget.left < 0) return true;
    const some = (k: string): boolean => {
      const v = getOwn(n, k);
      return v !== undefined && v !== false && !(isObj(v) && Object.keys(v).length === 0 && (k === 'properties' || k === 'patternProperties')) && !(Array.isArray(v) && v.length === 0);
    };
    const own = what === 'properties'
      ? ['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties'].some(some)
      : ['prefixItems', 'items', 'additionalItems', 'contains', 'unevaluatedItems'].some(some);
    if (own) return true;
    if (getOwn(n, '$dynamicRef') !== undefined || getOwn(n, '$recursiveRef') !== undefined) return true;
    const subs: JsonValue[] = [];
    for (const k of COMPOSITIONS) {
      const v = getOwn(n, k);
      if (Array.isArray(v)) subs.push(...v);
    }
    for (const k of ['if', 'then', 'else']) {
      const v = getOwn(n, k);
      if (v !== undefined) subs.push(v);
    }
    for (const k of ['dependentSchemas', 'dependencies']) {
      const m = getOwn(n, k);
      if (isObj(m)) for (const name of Object.keys(m)) if (!Array.isArray(m[name])) subs.push(m[name]!);
    }
    const ref = getOwn(n, '$ref');
    if (ref !== undefined) {
      const target = this.deref({ $ref: ref }, side);
      if (target === undefined) return true;
      subs.push(target);
    }
    return subs.some((x) => this.evaluates(x, what, side, budget, depth + 1));
  }

  /**
   * `readOnly` and `writeOnly`: validation ignores them (Ajv, the TypeScript MCP SDK's validator,
   * too), so every value accepted before still is, but they say who may send or get the value
   * (JSON Schema validation 9.4). `readOnly: true` marks a value the server owns: one a caller sends
   * is "expected to be ignored or rejected" (`read-only-added`, RISKY for callers, as a property
   * no longer declared; readers still get it). `writeOnly: true` marks a value "never present when
   * the instance is retrieved" (`write-only-added`, RISKY for readers; callers still send it).
   * `readOnly` dropped lifts its restriction: what the model is told changed (`annotation-changed`).
   * `writeOnly` dropped lets the server return a value it kept back (a password, a secret):
   * `write-only-removed`, RISKY for readers, as the agent may now be handed it.
   * `false` is what their absence means (`keyword-respelled`); any other value is compared whole.
   */
  private access(b: Obj, a: Obj, path: string): void {
    for (const k of ACCESS) {
      const vb = getOwn(b, k);
      const va = getOwn(a, k);
      if (same(vb, va)) continue;
      if (![vb, va].every((v) => v === undefined || typeof v === 'boolean')) {
        this.add('keyword-changed', path, vb, va, k);
        continue;
      }
      const on = (v: JsonValue | undefined): boolean => v === true;
      if (on(vb) === on(va)) this.add('keyword-respelled', path, vb, va, k);
      else if (on(va)) this.add(k === 'readOnly' ? 'read-only-added' : 'write-only-added', path, vb, va, k);
      else this.add(k === 'writeOnly' ? 'write-only-removed' : 'annotation-changed', path, vb, va, k);
    }
  }

  /**
   * A keyword compared whole elsewhere, changed on a side where the walk can read inside it
   * (`vb`/`va` with a value that only restates what absence means already dropped):
   * - a {@link MONOTONE_SUBSCHEMAS} keyword on both sides (`then`/`else` under the same `if`; not
   *   `contains` beside a `maxContains`), not `false`: its two subschemas compared at `path.keyword`;
   * - `dependentRequired` (and `dependencies` lists): per property, each name it makes required
   *   beside it added (`constraint-added`) or dropped (`constraint-removed`), at that property;
   * - `dependentSchemas` (and `dependencies` schemas): per property, its schema compared at
   *   `path.dependentSchemas.name`, or one that came or went a constraint added or lifted there;
   * - `patternProperties`: see {@link patterns}.
   *
   * @returns Whether the keyword was handled here.
   */
  private descend(k: string, b: Obj, a: Obj, vb: JsonValue | undefined, va: JsonValue | undefined, path: string): boolean {
    if (MONOTONE_SUBSCHEMAS.has(k)) {
      if (vb === undefined || va === undefined || vb === false || va === false || normalize(vb) === undefined || normalize(va) === undefined) return false;
      if ((k === 'then' || k === 'else') && !same(b['if'], a['if'])) return false;
      // Beside a `maxContains`, a `contains` that accepts more may count too many items: read
      // inside only when it accepts the same values (a trial each way, or one whose changes all
      // keep the values, as a definition renamed: see {@link inverted}), else compared whole.
      if (k === 'contains' && (b['maxContains'] !== undefined || a['maxContains'] !== undefined)) {
        if (this.flipTries + 2 > MAX_MERGE_TRIES) return false;
        this.flipTries += 2;
        const forward = this.trial(vb, va, `${path}.${k}`);
        if (!forward.every((c) => SAME_VALUES.has(c.kind)) && (!acceptsAllOf(forward) || refers(vb) || refers(va) || this.acceptsAll(va, vb, `${path}.${k}`) === undefined)) return false;
      }
      if (k === 'then' || k === 'else') this.walkInPlace(b, vb, va, `${path}.${k}`);
      else this.walk(vb, va, `${path}.${k}`, 'child');
      return true;
    }
    if (k === 'patternProperties') return this.patterns(b, a, path);
    if (k === 'not' || k === 'if') return this.inverted(k, b, a, vb, va, path);
    if (k !== 'dependentRequired' && k !== 'dependentSchemas' && k !== 'dependencies') return false;
    if (!isObj(vb) || !isObj(va)) return false;
    const names = (v: JsonValue | undefined): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
    const entries: [string, JsonValue | undefined, JsonValue | undefined][] = [...new Set([...Object.keys(vb), ...Object.keys(va)])].sort()
      .map((name) => [name, getOwn(vb, name), getOwn(va, name)]);
    // Check every entry can be read before saying anything.
    const list = k === 'dependentRequired' || k === 'dependencies';
    const schema = k === 'dependentSchemas' || k === 'dependencies';
    for (const [, x, y] of entries) {
      for (const v of [x, y]) if (v !== undefined && !(list && names(v)) && !(schema && !names(v) && normalize(v) !== undefined)) return false;
      if (k === 'dependencies' && x !== undefined && y !== undefined && names(x) !== names(y)) return false;
    }
    for (const [name, x, y] of entries) {
      if (same(x, y)) continue;
      if (names(x ?? []) && names(y ?? [])) {
        const at = childField(path, name);
        const before = new Set(names(x) ? x : []);
        const after = new Set(names(y) ? y : []);
        const start = this.changes.length;
        for (const n of [...before].sort()) if (!after.has(n)) this.add('constraint-removed', at, n, undefined, k);
        for (const n of [...after].sort()) if (!before.has(n)) this.add('constraint-added', at, undefined, n, k);
        // The same names in another order or repeated: the same values accepted.
        if (this.changes.length === start) this.add('keyword-respelled', at, x, y, k);
        continue;
      }
      const at = childField(`${path}.${k}`, name);
      if (x !== undefined && y !== undefined) this.walkInPlace(b, x, y, at);
      else {
        this.add(x === undefined ? 'constraint-added' : 'constraint-removed', at, x, y, k);
        this.evaluationMoved([b, a], path, at, k, [(x ?? y)!], x === undefined);
      }
    }
    return true;
  }

  /**
   * Whether a `contains` present on both sides (no `maxContains` beside it) accepts more items, or
   * fewer, by a trial comparison each way ({@link acceptsAll}).
   */
  private containsMoves(b: Obj, a: Obj, vb: JsonValue | undefined, va: JsonValue | undefined, path: string): boolean {
    if (vb === undefined || va === undefined || b['maxContains'] !== undefined || a['maxContains'] !== undefined) return false;
    if (normalize(vb) === undefined || normalize(va) === undefined || this.flipTries + 2 > MAX_MERGE_TRIES) return false;
    this.flipTries += 2;
    return this.acceptsAll(vb, va, `${path}.contains`) !== undefined || (!refers(vb) && !refers(va) && this.acceptsAll(va, vb, `${path}.contains`) !== undefined);
  }

  /**
   * `unevaluatedItems` or `unevaluatedProperties` changed. Its node evaluates every item (or
   * property) once it passes, whatever its value, so where an outer one may see the node (some
   * node applies a subschema in place beside one that constrains, and this is not the root or the
   * root is referred to), one that came or went changes what the node evaluates: one that accepts
   * every value coming lifts a constraint (the outer one judges less), going adds one; one that
   * constrains, compared whole. Elsewhere one that constrains nothing coming or going is written another way; `false` to
   * another schema accepts more (`additional-properties-allowed` for properties,
   * `constraint-removed` for items), the reverse less. Two other schemas are compared inside
   * (returns false, as for one that constrains coming or going).
   */
  private unevaluatedKeyword(k: 'unevaluatedItems' | 'unevaluatedProperties', vb: JsonValue | undefined, va: JsonValue | undefined, rawB: JsonValue | undefined, rawA: JsonValue | undefined, path: string): boolean {
    const seen = (k === 'unevaluatedItems' ? this.unevaluatedItems : this.unevaluated) && (path !== '$' || this.rootReferred());
    if (vb === undefined || va === undefined) {
      const accepting = !constrainsUnevaluated(vb) && !constrainsUnevaluated(va);
      if (!seen) {
        if (!accepting) return false;
        this.add('keyword-respelled', path, rawB, rawA, k);
      } else if (accepting && !(k === 'unevaluatedItems' && /\.(?:anyOf|oneOf)\[\d+\]/.test(path))) {
        // One that accepts every value came (the node evaluates more, so the outer one judges
        // less) or went; for items already said with the items evaluated (`items+unevaluatedItems`).
        if (!this.changes.some((c) => c.path === path && c.keyword === 'items+unevaluatedItems')) this.add(vb === undefined ? 'constraint-removed' : 'constraint-added', path, rawB, rawA, k);
      } else this.add('keyword-changed', path, rawB, rawA, k);
      return true;
    }
    if (normalize(vb) === undefined || normalize(va) === undefined) return false;
    const shut = (v: JsonValue): boolean => same(normalize(v)!, { not: {} });
    if (shut(vb) === shut(va)) return false;
    const wider = shut(vb);
    this.add(k === 'unevaluatedProperties' ? (wider ? 'additional-properties-allowed' : 'additional-properties-restricted') : wider ? 'constraint-removed' : 'constraint-added', path, rawB, rawA, k);
    return true;
  }

  /** Whether a reference of either schema may name its root (`#`, or an anchor, which may be on the root). */
  private rootReferred(): boolean {
    const toRoot = (v: JsonValue | undefined): boolean => typeof v === 'string' && v.startsWith('#') && !v.startsWith('#/');
    return [this.roots.before, this.roots.after].some((r) => someNode(r, (n) => ['$ref', '$dynamicRef', '$recursiveRef'].some((x) => toRoot(getOwn(n, x)))));
  }

  /**
   * `not` and `if` changed, where the node's values move one way: a schema that accepts more
   * under `not` leaves fewer values to the node (`constraint-added`, keyword `not`), one that
   * accepts less leaves more (`constraint-removed`); the same values (only written another way)
   * `keyword-respelled`. An `if` decides which of `then` and `else` applies, so it is read only
   * when both are the same on the two sides and it matters one way: beside two equal ones it
   * decides nothing (`keyword-respelled`; an `if` that comes or goes, or one beside neither, is
   * said where the node's keywords are compared, see {@link conditionApplies}); with only `then`, values it accepts must pass `then`, so an `if` that accepts more narrows the
   * node; with only `else`, values it accepts escape `else`, so one that accepts more widens it.
   * Whether a subschema accepts more or less is a trial comparison ({@link acceptsAll}) each way;
   * neither (both changed, or past {@link MAX_MERGE_TRIES} trials in one diff) leaves the keyword
   * compared whole.
   *
   * @returns Whether the keyword was handled here.
   */
  private inverted(k: 'not' | 'if', b: Obj, a: Obj, vb: JsonValue | undefined, va: JsonValue | undefined, path: string): boolean {
    const trivial = (v: JsonValue | undefined): boolean => {
      const n = v === undefined ? {} : normalize(v);
      return n !== undefined && Object.keys(withoutAnnotations(n)).length === 0;
    };
    // For `if`: +1 when the node's values must pass what it accepts (only `then`), -1 when they
    // escape by it (only `else`), 0 when it decides nothing.
    let sign = 1;
    if (k === 'if') {
      // What the `if` evaluates counts as evaluated for an `unevaluated*` beside it, or one outside
      // that sees the node: an `if` that accepts more may evaluate more, the other way round.
      const seen = this.unevaluated || this.unevaluatedItems || [b, a].some((s) => constrainsUnevaluated(getOwn(s, 'unevaluatedProperties')) || constrainsUnevaluated(getOwn(s, 'unevaluatedItems')));
      if (!same(b['then'], a['then']) || !same(b['else'], a['else']) || seen) return false;
      const t = b['then'];
      const e = b['else'];
      if ((trivial(t) && trivial(e)) || (t !== undefined && same(t, e))) sign = 0;
      else if (trivial(e)) sign = 1;
      else if (trivial(t)) sign = -1;
      // Beside both: only an `if` that accepts exactly the values it did is read (as written another way).
      else sign = 2;
    }
    if (sign === 0) {
      // Beside `then` equal to `else` on both sides, every value must pass that schema whatever
      // the `if` says. (An `if` that comes or goes, or one beside neither, was said by the caller.)
      this.add('keyword-respelled', path, vb, va, k);
      return true;
    }
    if (vb === undefined || va === undefined || normalize(vb) === undefined || normalize(va) === undefined) return false;
    if (this.flipTries + 2 > MAX_MERGE_TRIES) return false;
    this.flipTries += 2;
    // Changes by which the subschema accepts exactly the values it did (a `$ref` to a definition
    // renamed, a `default` or `examples` changed, which a `not` or an `if` never hands to anyone):
    // written another way. The trial the other way round would read each side in the other's
    // document (the renamed definition is not there), so it is not asked.
    const forward = this.trial(vb, va, `${path}.${k}`);
    if (forward.every((c) => SAME_VALUES.has(c.kind))) {
      this.add('keyword-respelled', path, vb, va, k);
      return true;
    }
    if (sign === 2) return false;
    const wider = acceptsAllOf(forward);
    // The other way round only without references (see {@link refers}): `not: {$ref: D1}` (an
    // integer) → `not: {$ref: D2}` (a string), where the old D2 and the new D1 are strings, read
    // each reference in the other's document, found one schema and said `constraint-removed`
    // (diff24: the definitions' own comparison no longer hid it).
    const narrower = !refers(vb) && !refers(va) && this.acceptsAll(va, vb, `${path}.${k}`) !== undefined;
    if (wider && narrower) this.add('keyword-respelled', path, vb, va, k);
    else if (wider || narrower) {
      // `not` and an `if` with only `then` narrow the node as their schema widens.
      const narrows = wider === (k === 'not' || sign > 0);
      this.add(narrows ? 'constraint-added' : 'constraint-removed', path, vb, va, k);
    } else return false;
    return true;
  }

  /**
   * `patternProperties` on either side (absent: none): a pattern on both sides has its schemas
   * compared at `path.patternProperties["pattern"]` (each name it matches must pass it, whatever
   * else applies). A pattern that came or went takes the names it matches from (or gives them
   * back to) `additionalProperties`:
   * - where extra names were open (`additionalProperties` and `unevaluatedProperties` absent,
   *   `true` or `{}` on the side without the pattern), the pattern's schema is compared with `{}`:
   *   each name it matches, declared or not, must now (or no longer) pass it as well;
   * - otherwise, when the side without it has no other pattern and the pattern matches no
   *   declared property name (of either side), the names it matches were (or are) judged by that
   *   side's `additionalProperties` only: `false` gives `additional-properties-allowed` (or
   *   `-restricted`), a schema is compared with the pattern's;
   * - otherwise (another pattern or a declared name may be matched too, a pattern that is no
   *   regular expression here) it is compared whole (`keyword-changed`).
   *
   * @returns Whether the keyword was handled here.
   */
  private patterns(b: Obj, a: Obj, path: string): boolean {
    const pb = b['patternProperties'] ?? {};
    const pa = a['patternProperties'] ?? {};
    if (!isObj(pb) || !isObj(pa)) return false;
    // Sorted, so the names starting with a prefix are found by one binary search (n patterns
    // added beside n declared names stay n log n).
    const declared = [b, a].flatMap((s) => (isObj(s['properties']) ? Object.keys(s['properties']) : [])).sort();
    // Whether the pattern may match a declared name. The pattern is not run (a server's pattern
    // could backtrack for minutes on a long name): only a literal prefix after `^` rules a name out.
    const matchesDeclared = (pattern: string): boolean => {
      if (declared.length === 0) return false;
      const prefix = literalPrefix(pattern);
      if (prefix === undefined) return true;
      const lo = partitionPoint(declared.length, (i) => declared[i]! < prefix);
      return lo < declared.length && declared[lo]!.startsWith(prefix);
    };
    for (const pattern of [...new Set([...Object.keys(pb), ...Object.keys(pa)])].sort()) {
      const x = getOwn(pb, pattern);
      const y = getOwn(pa, pattern);
      if (same(x, y)) continue;
      const at = childField(`${path}.patternProperties`, pattern);
      if (x !== undefined && y !== undefined) {
        this.walk(x, y, at, 'child');
        continue;
      }
      // The side without the pattern: where the names it matches were (or are) judged.
      const without = x === undefined ? b : a;
      const others = Object.keys(x === undefined ? pb : pa).length > 0;
      const extra = without['additionalProperties'];
      if (acceptsAnyExtra(without) && !this.unevaluated) {
        if (x === undefined) this.walk(true, y!, at, 'child');
        else this.walk(x, true, at, 'child');
        continue;
      }
      const extraOnly = !this.unevaluated && without['unevaluatedProperties'] === undefined;
      // A name the pattern matches that is declared, or matched by another pattern, was (or is)
      // judged by those too: the pattern changes nothing for it when they accept only values it
      // accepts. Then only the names nothing else judges were moved from (or to) additionalProperties.
      const overlap = others || matchesDeclared(pattern) ? this.patternImplied(pattern, x ?? y!, without, x === undefined ? pb : pa, [b, a], at) : 'none';
      if (overlap === 'covered') {
        this.add('keyword-respelled', at, x, y, 'patternProperties');
      } else if (extraOnly && overlap !== 'no') {
        const shut = extra === false || same(extra ?? null, { not: {} });
        if (shut) this.add(x === undefined ? 'additional-properties-allowed' : 'additional-properties-restricted', at, x === undefined ? extra : x, x === undefined ? y : extra, 'patternProperties');
        else if (x === undefined) this.walk(extra!, y!, at, 'child');
        else this.walk(x, extra!, at, 'child');
      } else {
        this.add('keyword-changed', at, x, y, 'patternProperties');
      }
    }
    return true;
  }

  /**
   * For a pattern on one side only, with schema `schema`: whether every other judge of a name it
   * may match (each other pattern of the side without it that may match the same names, each
   * declared property whose name it may match, on either side) accepts only values its schema
   * accepts, so that for such names it asks nothing more (`implied`, by a trial comparison each);
   * `covered` when moreover every name it matches is judged so (another pattern `^q` or `^q.*`
   * matches every name starting with `q`, and the pattern's names all start so); `no` otherwise
   * (or past {@link MAX_MERGE_TRIES} trials). Patterns are not run: only literal prefixes after `^`
   * (and `^name$`, which matches no declared name but `name`) tell which names they may match. A
   * `^name$` does not cover `name` itself: a validator whose `$` also matches before a final line
   * feed (Python's `re`) lets it judge `name\n` too, an undeclared name.
   */
  private patternImplied(pattern: string, schema: JsonValue, without: Obj, withoutPatterns: Obj, sides: [Obj, Obj], path: string): 'implied' | 'covered' | 'no' {
    const run = '[^\\\\.^$|?*+()[\\]{}]*';
    const exact = new RegExp(`^\\^(${run})\\$$`).exec(pattern)?.[1];
    const prefix = literalPrefix(pattern) ?? '';
    const mayMatch = (name: string): boolean => (exact !== undefined ? name === exact : name.startsWith(prefix));
    const mayOverlap = (other: string): boolean => {
      const q = literalPrefix(other);
      return q === undefined || prefix.startsWith(q) || q.startsWith(prefix);
    };
    const judges: JsonValue[] = [];
    for (const q of Object.keys(withoutPatterns)) if (q !== pattern && mayOverlap(q)) judges.push(withoutPatterns[q]!);
    for (const s of sides) {
      const props = s['properties'];
      if (isObj(props)) for (const name of Object.keys(props)) if (mayMatch(name)) judges.push(props[name]!);
    }
    if (this.flipTries + judges.length > MAX_MERGE_TRIES) return 'no';
    this.flipTries += judges.length;
    if (!judges.every((j) => this.acceptsAll(j, schema, path) !== undefined)) return 'no';
    const wholePrefix = new RegExp(`^\\^(${run})(\\.\\*)?$`);
    const covered = Object.keys(withoutPatterns).some((q) => {
      const m = wholePrefix.exec(q);
      return q !== pattern && m !== null && prefix.startsWith(m[1]!);
    });
    return covered ? 'covered' : 'implied';
  }

  /**
   * Compares `type`, with `nullable` beside it when both sides fold it into the type set
   * ({@link foldsNullable}); returns false when the types share nothing (children are then not
   * compared). The same set spelled differently (`"string"` / `["string"]`, another order, a
   * repeat, `nullable: true` / `"null"` in the list) is said, never skipped: the digest changed.
   */
  private types(b: Obj, a: Obj, path: string, nullable: boolean): boolean {
    const sameNullable = !nullable || same(b['nullable'], a['nullable']);
    if (same(b['type'], a['type']) && sameNullable) return true;
    const withNullable = nullable && (b['nullable'] !== undefined || a['nullable'] !== undefined);
    const keyword = same(b['type'], a['type']) ? 'nullable' : 'type';
    const sb = spelledType(b, withNullable);
    const sa = spelledType(a, withNullable);
    const tb = effectiveTypes(b, nullable);
    const ta = effectiveTypes(a, nullable);
    if ((b['type'] !== undefined && tb === undefined) || (a['type'] !== undefined && ta === undefined)) {
      this.add('type-changed', path, sb, sa, keyword);
      return false;
    }
    const wider = covers(ta, tb);
    const narrower = covers(tb, ta);
    if (wider && narrower) this.add('type-respelled', path, sb, sa, keyword);
    else if (wider) this.add('type-widened', path, sb, sa, keyword);
    else if (narrower) this.add('type-narrowed', path, sb, sa, keyword);
    else {
      this.add('type-changed', path, sb, sa, keyword);
      const shared = [...(tb ?? [])].some((t) => covers(ta, new Set([t]))) || [...(ta ?? [])].some((t) => covers(tb, new Set([t])));
      return shared;
    }
    return true;
  }

  private enums(b: Obj, a: Obj, path: string): void {
    if (same(b['enum'], a['enum']) && same(b['const'], a['const'])) return;
    const eb = enumOf(b);
    const ea = enumOf(a);
    if (eb === undefined && ea !== undefined) {
      this.add('enum-added', path, undefined, ea.values, ea.keyword);
      return;
    }
    if (eb !== undefined && ea === undefined) {
      this.add('enum-removed', path, eb.values, undefined, eb.keyword);
      return;
    }
    if (eb === undefined || ea === undefined) {
      // Neither side is a readable enum (a malformed `enum`): say what changed, never skip it.
      for (const k of ['enum', 'const']) if (!same(b[k], a[k])) this.add('keyword-changed', path, b[k], a[k], k);
      return;
    }
    const kb = new Map(eb.values.map((v) => [canonicalize(v), v]));
    const ka = new Map(ea.values.map((v) => [canonicalize(v), v]));
    const keyword = ea.keyword === eb.keyword ? ea.keyword : `${eb.keyword}→${ea.keyword}`;
    let reported = false;
    for (const [k, v] of [...kb].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
      if (!ka.has(k)) { this.add('enum-value-removed', path, v, undefined, keyword); reported = true; }
    }
    for (const [k, v] of [...ka].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
      if (!kb.has(k)) { this.add('enum-value-added', path, undefined, v, keyword); reported = true; }
    }
    // No old value kept (`const: "a"` → `"b"`): beside the values removed and added, every value
    // a reader now gets is one the old schema rejected, not just some new one among the old.
    if (kb.size > 0 && ka.size > 0 && [...ka.keys()].every((k) => !kb.has(k))) this.add('enum-values-replaced', path, eb.values, ea.values, keyword);
    // Same values in another order (or with a repeat): the order of `enum` is kept in the digest,
    // so it is said, but every value accepted before still is. `const: x` and `enum: [x]` accept
    // the one value alike: written another way.
    if (!reported) this.add(ea.keyword === eb.keyword ? 'enum-reordered' : 'keyword-respelled', path, eb.values, ea.values, keyword);
  }

  /** @param moot Keywords left to the type change (see `INSTANCE_TYPE_OF`): not compared. */
  private bounds(b: Obj, a: Obj, path: string, moot: (keyword: string) => boolean): void {
    const paired = new Set<string>();
    for (const [inclusive, exclusive, lower] of [['minimum', 'exclusiveMinimum', true], ['maximum', 'exclusiveMaximum', false]] as const) {
      if (moot(inclusive) || this.boundPair(b, a, path, inclusive, exclusive, lower)) paired.add(inclusive).add(exclusive);
    }
    for (const [list, lower] of [[LOWER_BOUNDS, true], [UPPER_BOUNDS, false]] as const) {
      for (const k of list) {
        const vb = b[k];
        const va = a[k];
        if (same(vb, va) || paired.has(k) || moot(k)) continue;
        if ((vb !== undefined && typeof vb !== 'number') || (va !== undefined && typeof va !== 'number')) {
          this.add('keyword-changed', path, vb, va, k);
          continue;
        }
        // zod 4 writes `z.number().int()` as an integer bounded by ±(2^53 - 1); zod 3 wrote no
        // bound. Past those, an integer is not exchanged exactly (I-JSON, RFC 7493 2.2), so the
        // bound coming or going changes no value a caller can rely on.
        if (k === (lower ? 'minimum' : 'maximum') && (vb === undefined || va === undefined) && (vb ?? va) === (lower ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER) && (typeSet(b)?.has('integer') === true || typeSet(a)?.has('integer') === true)) {
          this.add('bound-safe-integer', path, vb, va, k);
          continue;
        }
        // No `minLength` is `minLength: 0` (and no `minContains` is 1): the same bound written another way.
        const none = NO_OP_VALUE.get(k);
        const nb = vb ?? (typeof none === 'number' ? none : lower ? -Infinity : Infinity);
        const na = va ?? (typeof none === 'number' ? none : lower ? -Infinity : Infinity);
        if (nb === na) {
          this.add('keyword-respelled', path, vb, va, k);
          continue;
        }
        const tighter = lower ? na > nb : na < nb;
        this.add(tighter ? 'bound-tightened' : 'bound-loosened', path, vb, va, k);
      }
    }
  }

  /**
   * `minimum` and `exclusiveMinimum` (or the maximums) bound one value together, so a change of
   * both is judged by the bound they set, said once: `exclusiveMinimum: 0` → `minimum: 1` on an
   * integer accepts the same values (written another way; zod 4 writes `.positive()` so on some
   * schemas), on a number it tightens. A keyword dropped or changed while the other one still
   * sets the same bound is written another way too. draft-04's boolean `exclusiveMinimum` makes
   * the `minimum` beside it exclusive: the bound is then judged whichever of the two changed.
   *
   * @returns Whether both keywords were handled here.
   */
  private boundPair(b: Obj, a: Obj, path: string, inclusive: string, exclusive: string, lower: boolean): boolean {
    const changedInclusive = !same(b[inclusive], a[inclusive]);
    const changedExclusive = !same(b[exclusive], a[exclusive]);
    if (!changedInclusive && !changedExclusive) return false;
    if ([b[inclusive], a[inclusive]].some((v) => v !== undefined && typeof v !== 'number')) return false;
    if ([b[exclusive], a[exclusive]].some((v) => v !== undefined && typeof v !== 'number' && typeof v !== 'boolean')) return false;
    // draft-04's boolean exclusiveMinimum qualifies the minimum beside it: the two are one bound,
    // judged together whichever of them changed.
    const draft4 = typeof b[exclusive] === 'boolean' || typeof a[exclusive] === 'boolean';
    // The safe-integer bound zod 4 adds or drops (`bound-safe-integer`) is said on its own.
    const safe = lower ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
    const anyInteger = typeSet(b)?.has('integer') === true || typeSet(a)?.has('integer') === true;
    if (anyInteger && changedInclusive && (b[inclusive] === undefined || a[inclusive] === undefined) && (b[inclusive] ?? a[inclusive]) === safe) return false;
    const integers = integersOnly(b) && integersOnly(a);
    const eb = effectiveBound(b, inclusive, exclusive, lower, integers);
    const ea = effectiveBound(a, inclusive, exclusive, lower, integers);
    const both = (changedInclusive && changedExclusive) || draft4;
    if (eb === undefined && ea === undefined) {
      // No bound on either side (a draft-04 `exclusiveMinimum` without a `minimum`): nothing is bounded.
      for (const k of [inclusive, exclusive]) if (!same(b[k], a[k])) this.add('keyword-respelled', path, b[k], a[k], k);
      return true;
    }
    const keyword = eb !== undefined && ea !== undefined && eb.keyword !== ea.keyword ? `${eb.keyword}→${ea.keyword}` : (ea ?? eb)!.keyword;
    if (eb !== undefined && ea !== undefined && eb.value === ea.value && eb.exclusive === ea.exclusive) {
      if (both) this.add('keyword-respelled', path, draft4 ? spelledBound(b, inclusive, exclusive) : eb.raw, draft4 ? spelledBound(a, inclusive, exclusive) : ea.raw, keyword);
      else {
        const k = changedInclusive ? inclusive : exclusive;
        this.add('keyword-respelled', path, b[k], a[k], k);
      }
      return true;
    }
    if (!both) return false;
    const vb = eb?.value ?? (lower ? -Infinity : Infinity);
    const va = ea?.value ?? (lower ? -Infinity : Infinity);
    const tighter = vb === va ? ea?.exclusive === true : lower ? va > vb : va < vb;
    if (draft4) this.add(tighter ? 'bound-tightened' : 'bound-loosened', path, spelledBound(b, inclusive, exclusive), spelledBound(a, inclusive, exclusive), keyword);
    else this.add(tighter ? 'bound-tightened' : 'bound-loosened', path, eb?.raw, ea?.raw, keyword);
    return true;
  }

  private properties(b: Obj, a: Obj, path: string, parent?: Obj): void {
    const pb = isObj(b['properties']) ? b['properties'] : {};
    const pa = isObj(a['properties']) ? a['properties'] : {};
    if ((b['properties'] !== undefined && !isObj(b['properties'])) || (a['properties'] !== undefined && !isObj(a['properties']))) {
      if (!same(b['properties'], a['properties'])) this.add('keyword-changed', path, b['properties'], a['properties'], 'properties');
    }
    if ((b['required'] !== undefined && !Array.isArray(b['required'])) || (a['required'] !== undefined && !Array.isArray(a['required']))) {
      if (!same(b['required'], a['required'])) this.add('keyword-changed', path, b['required'], a['required'], 'required');
    }
    // No `properties` is `properties: {}`, no `required` is `required: []`: written another way.
    const noProperties = (v: JsonValue | undefined): boolean => v === undefined || (isObj(v) && Object.keys(v).length === 0);
    const noRequired = (v: JsonValue | undefined): boolean => v === undefined || (Array.isArray(v) && v.length === 0);
    for (const [k, none] of [['properties', noProperties], ['required', noRequired]] as const) {
      if (!same(b[k], a[k]) && none(b[k]) && none(a[k])) this.add('keyword-respelled', path, b[k], a[k], k);
    }
    const rb = requiredOf(b);
    const ra = requiredOf(a);
    // The same names in another order (or repeated): no value is judged differently, but the
    // digest of a schema hashed as given (a contracts file's inline schema) changes, so say why.
    const names = (v: JsonValue | undefined): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
    if (names(b['required']) && names(a['required']) && !same(b['required'], a['required'])
      && rb.size === ra.size && [...rb].every((x) => ra.has(x))) {
      this.add('required-reordered', path, b['required'], a['required'], 'required');
    }
    const all = new Set([...Object.keys(pb), ...Object.keys(pa), ...rb, ...ra]);
    for (const name of [...all].sort()) {
      const child = childField(path, name);
      const inB = Object.prototype.hasOwnProperty.call(pb, name);
      const inA = Object.prototype.hasOwnProperty.call(pa, name);
      // A name a subschema applied in place declares (an `anyOf` alternative's `properties` …) was
      // known and judged there: declared (or no longer) at the node itself, it is judged by other
      // schemas than before, not compared here, so the change is one `keyword-changed`.
      const inPlace = inA !== inB ? this.declaredInPlace(inA ? b : a, name, inA ? 'before' : 'after') : undefined;
      // Declared alike in branches every value passes (an `allOf`, a `$ref` beside other keywords)
      // and nowhere else in place, on a side whose node lets the name through as an extra property,
      // the name was judged by that one schema (it evaluates the name for an
      // `unevaluatedProperties` too): moved to the node, or from it, the two schemas are compared.
      const moved = inPlace === undefined ? undefined : this.movedFromBranches(inPlace, inA ? b : a, inA ? a : b, name, inA ? 'after' : 'before');
      if (moved !== undefined) {
        if (inA) this.walk(moved, pa[name]!, child, 'child');
        else this.walk(pb[name]!, moved, child, 'child');
        if (!rb.has(name) && ra.has(name)) this.add('property-made-required', child, false, true, 'required');
        if (rb.has(name) && !ra.has(name)) this.add('property-made-optional', child, true, false, 'required');
        continue;
      }
      const elsewhere = inPlace?.schemas;
      if (inA && !inB && elsewhere !== undefined) {
        this.add('keyword-changed', child, elsewhere, pa[name], 'properties');
        if (ra.has(name) && !rb.has(name)) this.add('property-made-required', child, false, true, 'required');
        continue;
      }
      if (inB && !inA && elsewhere !== undefined && acceptsAnyExtra(a)) {
        this.add('keyword-changed', child, pb[name], elsewhere, 'properties');
        if (rb.has(name) && !ra.has(name)) this.add('property-made-optional', child, true, false, 'required');
        continue;
      }
      if (inA && !inB && rb.has(name) && acceptsAnyExtra(b) && !(this.unevaluated && getOwn(b, 'additionalProperties') === undefined)) {
        // Required before without being declared, with any value: the old contract named it, so
        // its new schema is compared with `{}` (what every value of it passed), not said as new.
        if (same(normalize(pa[name]!) ?? null, {})) this.add('keyword-respelled', child, undefined, pa[name], 'properties');
        else this.walk(true, pa[name]!, child, 'child');
        if (!ra.has(name)) this.add('property-made-optional', child, true, false, 'required');
        continue;
      }
      if (inA && !inB) {
        this.add(ra.has(name) ? 'required-property-added' : 'property-added', child, undefined, pa[name]);
        // Required before without being declared: no longer required is a requirement lifted.
        if (rb.has(name) && !ra.has(name)) this.add('property-made-optional', child, true, false, 'required');
        // The old object rejected this name as an extra property: objects that carry it are new.
        if (!acceptsAnyExtra(b)) {
          const keyword = acceptsAnyExtra({ additionalProperties: b['additionalProperties'] ?? true }) ? 'unevaluatedProperties' : 'additionalProperties';
          this.add('closed-property-added', child, b[keyword], pa[name], keyword);
          // The old extra-property schema let callers send this name with values it accepts; the
          // new property's own schema judges them now and may reject them.
          const constraint = b[keyword];
          // Beside subschemas applied in place, the name may have been judged there instead (an
          // `anyOf` branch's own `unevaluatedProperties` evaluates it, so the node's never sees it:
          // seed 211), so each schema of the group that may have judged it is compared too.
          const judged = this.judgedInGroup(path, name, pa[name]!);
          // A pattern of the node's own that may match the name judged it, not the extra-property
          // keyword (seed 320: `{additionalProperties: false, patternProperties: {"^a": {maximum:
          // 2}}}` → `{properties: {a: {type: "object"}}}` rejects `{a: 1}`, accepted before).
          const pattern = parentJudged(b, name);
          if (pattern?.keyword === 'patternProperties') this.add('constrained-property-added', child, pattern.schema, pa[name], pattern.keyword);
          else if (isObj(constraint) && !same(constraint, pa[name])) this.add('constrained-property-added', child, constraint, pa[name], keyword);
          else if (judged !== undefined && !same(judged.schema, pa[name])) this.add('constrained-property-added', child, judged.schema, pa[name], judged.keyword);
        } else if (this.unevaluated && getOwn(b, 'additionalProperties') === undefined && getOwn(b, 'unevaluatedProperties') === undefined) {
          // An `unevaluatedProperties` that constrains may see this node from outside (some node
          // applies a subschema in place beside one): the name, not evaluated here before, was
          // left to it, and is now evaluated here. Readers with the old schema may reject it; a
          // caller's value that it (or another subschema declaring the name) accepted may now be rejected.
          const outer = unevaluatedInPlaceValues(this.roots.before);
          this.add('closed-property-added', child, outer[0], pa[name], 'unevaluatedProperties');
          const open = outer.find((u) => !same(normalize(u) ?? null, { not: {} }));
          const judged = open !== undefined || this.declaredAnywhere(name) ? undefined : this.judgedBeside(path, name, b, parent, pa[name]!);
          if (open !== undefined || this.declaredAnywhere(name)) this.add('constrained-property-added', child, open, pa[name], 'unevaluatedProperties');
          else if (judged !== undefined && !same(judged.schema, pa[name])) this.add('constrained-property-added', child, judged.schema, pa[name], judged.keyword);
        } else {
          // Declared in a subschema applied in place: the parent judged the name before (its
          // declaration, a pattern, or its `additionalProperties`); callers may have sent values
          // that accepted and this declaration may reject. So may another node that judges the
          // same values: one applying this node in place further up, or a `$ref` naming it (a
          // definition, compared where it stands, has no parent here), or an `allOf` branch or a
          // definition one of those always applies ({@link inPlaceIndex}).
          const judged = this.judgedBeside(path, name, b, parent, pa[name]!);
          if (judged !== undefined && !same(judged.schema, pa[name])) this.add('constrained-property-added', child, judged.schema, pa[name], judged.keyword);
        }
        continue;
      }
      if (inB && !inA) {
        // With extra properties open on the new side the value is still accepted, only no longer
        // described; with `additionalProperties` or `unevaluatedProperties` false (or a schema) it is rejected.
        // Where an outer `unevaluatedProperties` may see this node, the name is left to it now.
        const leftOut = this.unevaluated && getOwn(a, 'additionalProperties') === undefined && getOwn(a, 'unevaluatedProperties') === undefined;
        this.add(acceptsAnyExtra(a) && !leftOut ? 'property-undeclared' : 'property-removed', child, pb[name], undefined);
        // Still required without being declared: a requirement added.
        if (ra.has(name) && !rb.has(name)) this.add('property-made-required', child, false, true, 'required');
        continue;
      }
      if (inA && inB) this.walk(pb[name]!, pa[name]!, child, 'child');
      if (!rb.has(name) && ra.has(name)) this.add('property-made-required', child, false, true, 'required');
      if (rb.has(name) && !ra.has(name)) this.add('property-made-optional', child, true, false, 'required');
    }
  }

  /**
   * The schemas that subschemas applied in place at a node (`allOf`, `anyOf`, `oneOf`, `if`,
   * `then`, `else`, `not`, `dependentSchemas`, a `$ref` beside other keywords followed to its
   * definition; and theirs, a few levels down) give the property `name` in their `properties`, or
   * `true` when a `patternProperties` there may match it (or a reference there cannot be
   * followed); undefined when none declares it. `always` when each was reached through `allOf`
   * branches and `$ref`s alone, which every value passes, and none is such a `true`.
   */
  private declaredInPlace(node: Obj, name: string, side: 'before' | 'after'): { schemas: JsonValue[]; always: boolean } | undefined {
    const out: JsonValue[] = [];
    let always = true;
    const seen = new Set<object>();
    const visit = (s: JsonValue | undefined, depth: number, top: boolean, sure: boolean): void => {
      const n = s === undefined ? undefined : normalize(s);
      if (n === undefined || seen.has(n) || depth > 8 || out.length > 16) return;
      seen.add(n);
      if (!top) {
        const props = getOwn(n, 'properties');
        if (isObj(props) && getOwn(props, name) !== undefined) {
          out.push(getOwn(props, name)!);
          if (!sure) always = false;
        }
        if (getOwn(n, 'patternProperties') !== undefined) {
          out.push(true);
          always = false;
        }
      }
      const list = getOwn(n, 'allOf');
      if (Array.isArray(list)) for (const x of list) visit(x, depth + 1, false, sure);
      for (const k of ['anyOf', 'oneOf']) {
        const alternatives = getOwn(n, k);
        if (Array.isArray(alternatives)) for (const x of alternatives) visit(x, depth + 1, false, false);
      }
      for (const k of ['if', 'then', 'else', 'not']) visit(getOwn(n, k), depth + 1, false, false);
      const dependent = getOwn(n, 'dependentSchemas') ?? getOwn(n, 'dependencies');
      if (isObj(dependent)) for (const k of Object.keys(dependent)) if (!Array.isArray(dependent[k])) visit(dependent[k], depth + 1, false, false);
      if (typeof getOwn(n, '$ref') === 'string') {
        const ref: Obj = { $ref: n['$ref']! };
        const at = this.located(side)?.get(n);
        if (at !== undefined) this.located(side)!.set(ref, at);
        // A reference that cannot be followed may declare anything.
        const target = this.deref(ref, side);
        if (target === undefined) {
          out.push(true);
          always = false;
        } else visit(target, depth + 1, false, sure);
      }
    };
    visit(node, 0, true, true);
    // Past the bounds of the walk a declaration may have been missed.
    if (out.length > 16) always = false;
    return out.length > 0 ? { schemas: out, always } : undefined;
  }

  /**
   * The one schema that judged `name` on the side (`inPlace` found at `node`) that declares it only
   * in branches every value passes, when the other side declares it at its node (`declaring`, on
   * side `otherSide`) and nothing else decides the move: every declaration there is the same
   * schema, the node's `additionalProperties` lets every value of the name through (its
   * `unevaluatedProperties` never sees the name: the branch evaluates it), and the declaring side's
   * own subschemas declare it nowhere or only alike in branches every value passes. Then the name's
   * values were judged by that schema alone and now by the node's (and, as before, that schema),
   * so the two are compared as the property's. Undefined otherwise (compared whole).
   */
  private movedFromBranches(inPlace: { schemas: JsonValue[]; always: boolean }, node: Obj, declaring: Obj, name: string, otherSide: 'before' | 'after'): JsonValue | undefined {
    if (!inPlace.always || !openExtra(node['additionalProperties'])) return undefined;
    const [first, ...rest] = inPlace.schemas;
    if (first === undefined || rest.some((x) => !same(x, first))) return undefined;
    const there = this.declaredInPlace(declaring, name, otherSide);
    if (there !== undefined && !(there.always && there.schemas.every((x) => same(x, first)))) return undefined;
    return first;
  }

  /** Whether the old schema declares `name` in some `properties`, or has a `patternProperties` that may match it. */
  /**
   * What judged the property `name`, added at the old node `b` (at `path`), before: its parent's
   * declaration, pattern, extra-property schema or object `const` ({@link parentJudged},
   * {@link fixedByValues}), another node of its in-place group ({@link judgedInGroup}), or the
   * node's own pattern or `const`, by a schema other than `unlike` (the new declaration);
   * undefined when nothing did (any value passed) or each did alike.
   */
  private judgedBeside(path: string, name: string, b: Obj, parent: Obj | undefined, unlike: JsonValue): { schema: JsonValue; keyword: string } | undefined {
    const differs = (j: { schema: JsonValue; keyword: string } | undefined): typeof j => (j !== undefined && !same(j.schema, unlike) ? j : undefined);
    return (parent === undefined ? undefined : differs(parentJudged(parent, name)) ?? differs(fixedByValues(parent, name)))
      ?? this.judgedInGroup(path, name, unlike) ?? differs(parentJudged(b, name)) ?? differs(fixedByValues(b, name));
  }

  /** The old schema's {@link inPlaceIndex}, built when first asked. */
  private oldIndex: InPlaceIndex | undefined;

  /**
   * What judged the property `name` before, beside the old node at `path`: the first node of its
   * in-place group ({@link inPlaceIndex}) that declares it, may match it by a pattern, or judges
   * extra properties by a schema ({@link parentJudged}), by a schema other than `unlike` (the new
   * declaration: one that judged alike rejects nothing new, another one of the group still may);
   * undefined when none does or the node is not found as written.
   */
  private judgedInGroup(path: string, name: string, unlike: JsonValue): { schema: JsonValue; keyword: string } | undefined {
    this.oldIndex ??= inPlaceIndex(this.roots.before);
    for (const n of this.oldIndex.group(path) ?? []) {
      const judged = parentJudged(n, name) ?? fixedByValues(n, name);
      if (judged !== undefined && !same(judged.schema, unlike)) return judged;
      if (judged !== undefined) continue;
      // An `unevaluatedProperties` that constrains, on a node that does not declare the name:
      // the name may be one it judged (it judges what that node and its own subschemas leave).
      const u = getOwn(n, 'unevaluatedProperties');
      const declared = getOwn(n, 'properties');
      const nu = u === undefined ? undefined : normalize(u);
      if (u !== undefined && !(isObj(declared) && getOwn(declared, name) !== undefined) && nu !== undefined
        && Object.keys(withoutAnnotations(nu)).length > 0 && !same(nu, { not: {} }) && !same(u, unlike)) return { schema: u, keyword: 'unevaluatedProperties' };
    }
    return undefined;
  }

  private declaredAnywhere(name: string): boolean {
    return someNode(this.roots.before, (n) => {
      const p = getOwn(n, 'properties');
      return (isObj(p) && Object.hasOwn(p, name)) || getOwn(n, 'patternProperties') !== undefined;
    });
  }

  /**
   * Whether `additionalProperties: false` on one side and absent on the other close the node
   * alike: its own `unevaluatedProperties` accepts no value on both sides, so a name neither its
   * `properties` nor its `patternProperties` evaluates is rejected either way, unless a subschema
   * the side without `additionalProperties` applies in place (`allOf`, `anyOf`, `$ref`,
   * `dependentSchemas` …) evaluates it: there the names it may evaluate must be ones that side
   * declares itself. (An outer `unevaluatedProperties` sees every name evaluated on both sides: the
   * node passes only when none is left.)
   */
  private closedEitherWay(b: Obj, a: Obj, rawB: JsonValue | undefined, rawA: JsonValue | undefined): boolean {
    const shut = (v: JsonValue | undefined): boolean => v !== undefined && normalize(v) !== undefined && same(withoutAnnotations(normalize(v)!), { not: {} });
    if (!shut(getOwn(b, 'unevaluatedProperties')) || !shut(getOwn(a, 'unevaluatedProperties'))) return false;
    const [open, side] = rawB === undefined && shut(rawA) ? [b, 'before' as const] : rawA === undefined && shut(rawB) ? [a, 'after' as const] : [undefined, undefined];
    if (open === undefined) return false;
    const subs: JsonValue[] = [];
    for (const k of IN_PLACE) {
      const v = getOwn(open, k);
      if (v === undefined || k === 'not') continue;
      if (k === '$ref' || k === '$dynamicRef' || k === '$recursiveRef') subs.push({ [k]: v });
      else if (Array.isArray(v)) subs.push(...v);
      else if (k === 'dependentSchemas' || k === 'dependencies') {
        if (!isObj(v)) return false;
        for (const name of Object.keys(v)) if (!Array.isArray(v[name])) subs.push(v[name]!);
      } else subs.push(v);
    }
    const budget = { left: 256 };
    const evaluating = subs.filter((x) => this.evaluates(x, 'properties', side, budget, 0));
    if (evaluating.length === 0) return true;
    const names = declaredNamesOnly(evaluating);
    const own = getOwn(open, 'properties');
    return names !== undefined && isObj(own) && names.every((name) => getOwn(own, name) !== undefined);
  }

  private additional(b: Obj, a: Obj, path: string): void {
    const rawB = b['additionalProperties'];
    const rawA = a['additionalProperties'];
    if (same(rawB, rawA)) return;
    const vb = rawB ?? true;
    const va = rawA ?? true;
    const openB = vb === true || (isObj(vb) && Object.keys(vb).length === 0);
    const openA = va === true || (isObj(va) && Object.keys(va).length === 0);
    const closedB = vb === false;
    const closedA = va === false;
    const shut = (v: JsonValue): boolean => v === false || same(v, { not: {} });
    // `true`, `{}` and (unless unevaluatedProperties is in play) absent accept every extra property
    // alike, as `false` and `{not: {}}` accept none: the same rule written another way.
    const unevaluated = this.unevaluated || constrainsUnevaluated(getOwn(b, 'unevaluatedProperties')) || constrainsUnevaluated(getOwn(a, 'unevaluatedProperties'));
    if ((openB && openA && (!unevaluated || (rawB !== undefined && rawA !== undefined))) || (shut(vb) && shut(va))) {
      this.add('keyword-respelled', path, rawB, rawA, 'additionalProperties');
      return;
    }
    if (this.closedEitherWay(b, a, rawB, rawA)) {
      this.add('keyword-respelled', path, rawB, rawA, 'additionalProperties');
      return;
    }
    // Absent beside an `unevaluatedProperties` that constrains leaves extra properties to it (or to
    // the subschemas applied in place that evaluate them); a schema other than `false` judges them
    // all itself: neither holds the other for sure.
    if (unevaluated && (rawB === undefined) !== (rawA === undefined) && !shut(vb) && !shut(va) && !(openB && openA)) {
      this.add('keyword-changed', path, rawB, rawA, 'additionalProperties');
      return;
    }
    if (openB && openA) {
      // An absent additionalProperties leaves extra properties to unevaluatedProperties; `true`
      // or `{}` accepts them before it looks.
      this.add(rawA === undefined ? 'additional-properties-restricted' : 'additional-properties-allowed', path, rawB, rawA, 'additionalProperties');
      return;
    }
    if (isObj(vb) && isObj(va) && !openB && !openA) {
      this.walk(vb, va, `${path}.*`, 'child');
      return;
    }
    // Ordered open > schema > closed.
    const rank = (open: boolean, closed: boolean): number => (open ? 2 : closed ? 0 : 1);
    const kind = rank(openA, closedA) < rank(openB, closedB) ? 'additional-properties-restricted' : 'additional-properties-allowed';
    this.add(kind, path, b['additionalProperties'], a['additionalProperties'], 'additionalProperties');
  }

  private items(b: Obj, a: Obj, path: string): void {
    const ib = b['items'];
    const ia = a['items'];
    if (!same(ib, ia)) {
      if (Array.isArray(ib) && Array.isArray(ia)) {
        // Tuples (draft 2019 `items: [...]`): a position past one side's list is judged there by its `additionalItems`.
        this.tuple(ib, ia, b['additionalItems'], a['additionalItems'], path, 'items');
      } else if ((ib !== undefined || ia !== undefined) && !Array.isArray(ib) && !Array.isArray(ia)) {
        // No `items` accepts any item, as `{}` does: one added narrows what each item may be.
        this.walk(ib ?? true, ia ?? true, `${path}[]`, 'child');
      } else {
        this.add('keyword-changed', path, ib, ia, 'items');
      }
    }
    const pb = b['prefixItems'];
    const pa = a['prefixItems'];
    if (same(pb, pa)) return;
    // `prefixItems` (2020-12): a position past one side's list (or every position, where it has
    // none) is judged there by its `items`.
    if ((pb === undefined || Array.isArray(pb)) && (pa === undefined || Array.isArray(pa)) && !Array.isArray(ib) && !Array.isArray(ia)) {
      this.tuple(pb ?? [], pa ?? [], ib, ia, path, 'prefixItems', [pb, pa]);
    } else {
      this.add('keyword-changed', path, pb, pa, 'prefixItems');
    }
  }

  /**
   * Two arrays read as {@link arrayPair} found them: the length each allows (`maxItems`, a `false`
   * position or rest) compared as one `maxItems` bound; the positions both allow compared one by
   * one (`$.pair[1]`), a position past one side's list judged there by its rest schema; the rest
   * schemas at `$[]` when both allow items past every listed position. A position only one side
   * allows is said by the bound (it widens or narrows the length). Nothing else differing: the
   * same arrays written another way (`keyword-respelled`, keyword `items→prefixItems` when the
   * spelling moved between drafts).
   */
  private arrays(b: Obj, a: Obj, vb: ArrayView, va: ArrayView, path: string): void {
    const start = this.changes.length;
    const finite = (n: number): number | undefined => (n === Infinity ? undefined : n);
    if (vb.length !== va.length) this.add(va.length < vb.length ? 'bound-tightened' : 'bound-loosened', path, finite(vb.length), finite(va.length), 'maxItems');
    const upto = Math.min(vb.length, va.length);
    const listed = Math.max(vb.prefix.length, va.prefix.length);
    const at = (v: ArrayView, i: number): JsonValue => (i < v.prefix.length ? v.prefix[i]! : v.rest ?? true);
    for (let i = 0; i < Math.min(upto, listed); i++) this.walk(at(vb, i), at(va, i), `${path}[${i}]`, 'child');
    if (upto > listed) this.walk(vb.rest ?? true, va.rest ?? true, `${path}[]`, 'child');
    if (this.changes.length === start) {
      const spelled = (s: Obj): JsonValue | undefined => {
        const out: Obj = {};
        for (const k of ['prefixItems', 'items', 'additionalItems', 'maxItems']) if (s[k] !== undefined) out[k] = s[k]!;
        return Object.keys(out).length === 0 ? undefined : out;
      };
      this.add('keyword-respelled', path, spelled(b), spelled(a), vb.form === va.form ? 'items' : `${vb.form}→${va.form}`);
    }
  }

  /**
   * Tuple positions compared one by one (`$.pair[1]`): a position one side's list does not reach
   * is judged there by `restB` / `restA`, the schema for the items past it (absent: any item), so
   * an item added to the list narrows that position and one dropped hands it to the rest schema.
   */
  private tuple(lb: readonly JsonValue[], la: readonly JsonValue[], restB: JsonValue | undefined, restA: JsonValue | undefined, path: string, keyword: string, shown: [JsonValue | undefined, JsonValue | undefined] = [lb as JsonValue[], la as JsonValue[]]): void {
    const start = this.changes.length;
    for (let i = 0; i < Math.max(lb.length, la.length); i++) {
      this.walk(i < lb.length ? lb[i]! : restB ?? true, i < la.length ? la[i]! : restA ?? true, `${path}[${i}]`, 'child');
    }
    // A position written out as the rest schema it was judged by: the same items accepted.
    if (this.changes.length === start) this.add('keyword-respelled', path, shown[0], shown[1], keyword);
  }

  /**
   * A node whose `allOf` differs: each value must pass the node's own keywords and every branch,
   * so a branch whose keywords can be laid into the node ({@link mergeBranch}) is, on each side,
   * and the nodes are compared as they then read (a branch moved into the node is the same schema
   * written another way: `keyword-respelled`; a branch that requires a property is that
   * requirement). A branch found on both sides is laid in on both or on neither. What is left in
   * an `allOf` is compared branch by branch ({@link allOfBranches}).
   *
   * @returns Whether the node was handled here (false when no branch could be laid in).
   */
  private allOfs(b: Obj, a: Obj, path: string): boolean {
    if (this.unevaluated || this.flattened.has(b) || this.flattened.has(a)) return false;
    const lb = b['allOf'];
    const la = a['allOf'];
    if ((lb !== undefined && !Array.isArray(lb)) || (la !== undefined && !Array.isArray(la))) return false;
    // Each branch laid in copies the node: past this many, the branches are compared as a set only.
    if ((lb?.length ?? 0) > MAX_FLATTEN || (la?.length ?? 0) > MAX_FLATTEN) return false;
    const xb = lb ?? [];
    const xa = la ?? [];
    const pool = branchPool(xa);
    const common: [number, number][] = [];
    const restB: number[] = [];
    xb.forEach((x, i) => {
      const at = pool.get(canonicalize(x));
      if (at !== undefined && at.next < at.at.length) common.push([i, at.at[at.next++]!]);
      else restB.push(i);
    });
    const inCommon = new Set(common.map(([, ia]) => ia));
    const restA = xa.flatMap((_, i) => (inCommon.has(i) ? [] : [i]));
    const own = (s: Obj): Obj => {
      const out: Obj = { ...s };
      delete out['allOf'];
      return out;
    };
    let nb = own(b);
    let na = own(a);
    const keepB: number[] = [];
    const keepA: number[] = [];
    let merged = false;
    for (const [ib, ia] of common) {
      const mb = this.layInto(nb, xb[ib]!, 'before');
      const ma = mb === undefined ? undefined : this.layInto(na, xa[ia]!, 'after');
      if (mb === undefined || ma === undefined) {
        keepB.push(ib);
        keepA.push(ia);
        continue;
      }
      [nb, na, merged] = [mb, ma, true];
    }
    for (const [rest, keep, side] of [[restB, keepB, 'before'], [restA, keepA, 'after']] as const) {
      for (const i of rest) {
        const m = this.layInto(side === 'before' ? nb : na, (side === 'before' ? xb : xa)[i]!, side);
        if (m === undefined) keep.push(i);
        else if (side === 'before') [nb, merged] = [m, true];
        else [na, merged] = [m, true];
      }
    }
    // Laid in on one side and left on the other because the bound was reached: compared as written.
    if (!merged || this.lays >= MAX_LAYS) return false;
    for (const [node, keep, list] of [[nb, keepB, xb], [na, keepA, xa]] as const) {
      if (keep.length === 0) continue;
      keep.sort((x, y) => x - y);
      const left = keep.map((i) => list[i]!);
      node['allOf'] = left;
      this.branchIndex.set(left, keep);
    }
    this.flattened.add(nb);
    this.flattened.add(na);
    const start = this.changes.length;
    if (!same(nb, na)) this.compare(nb, na, path);
    // Nothing else changed: the branches were only moved into (or out of) the node.
    if (this.changes.length === start) this.add('keyword-respelled', path, lb, la, 'allOf');
    return true;
  }

  /** {@link mergeBranch} of one `allOf` branch as written (`true`, a local `$ref`, an `allOf` of its own laid in first) into `node`. */
  private layInto(node: Obj, raw: JsonValue, side: 'before' | 'after', depth = 0): Obj | undefined {
    const branch = normalize(raw);
    if (branch === undefined || depth > 16 || this.lays >= MAX_LAYS) return undefined;
    this.lays++;
    const ref = branch['$ref'] !== undefined;
    // A bare reference stands for its definition unfolded, whatever node it is laid into: unfolded
    // once per side and depth (the depth bounds a chain), so a definition named three times by
    // the one before it, n deep, is unfolded n times, not 3^n.
    const key = ref && Object.keys(branch).length === 1 && typeof branch['$ref'] === 'string' ? `${side}\u0000${depth}\u0000${branch['$ref']}` : undefined;
    let flat = key === undefined ? undefined : this.unfolded.get(key);
    if (flat === undefined) {
      flat = this.unfold(branch, ref, side, depth) ?? null;
      if (key !== undefined) this.unfolded.set(key, flat);
    }
    return flat === null ? undefined : mergeBranch(node, flat, ref);
  }

  /** One `allOf` branch (normalized) as the schema {@link layInto} merges: its reference followed, its own `allOf` and one-alternative `anyOf`/`oneOf` laid in. */
  private unfold(raw: Obj, ref: boolean, side: 'before' | 'after', depth: number): Obj | undefined {
    let branch: Obj | undefined = raw;
    if (ref) {
      branch = this.deref(branch, side);
      if (branch === undefined || branch['$ref'] !== undefined) return undefined;
    }
    if (branch['allOf'] !== undefined) {
      if (!Array.isArray(branch['allOf'])) return undefined;
      let inner: Obj | undefined = { ...branch };
      delete inner['allOf'];
      for (const x of branch['allOf']) {
        inner = this.layInto(inner, x, side, depth + 1);
        if (inner === undefined) return undefined;
      }
      branch = inner;
    }
    // A one-alternative anyOf/oneOf accepts what its alternative accepts.
    const choice = bareComposition(branch);
    if (choice !== undefined && choice.branches.length === 1) {
      const notes: Obj = { ...branch };
      delete notes[choice.keyword];
      const inner = this.layInto(notes, choice.branches[0]!, side, depth + 1);
      if (inner !== undefined) branch = inner;
    }
    return branch;
  }

  /**
   * `allOf` branches as a set, where they were not laid into their node: a branch found on both
   * sides is unchanged, the same branches in another order are written another way, as many gone
   * as came are compared in pairs, in order. Otherwise each branch that came is a constraint added
   * (`$.allOf[1]`), each one gone a constraint lifted, unless the other side already accepts only
   * values it accepts (a branch implied: written another way). An `allOf` that comes or goes
   * whole is one entry at its node.
   */
  private allOfBranches(b: Obj, a: Obj, path: string): void {
    const lb = b['allOf'];
    const la = a['allOf'];
    if (same(lb, la)) return;
    const whole = (lb === undefined || la === undefined) && Array.isArray(lb ?? la) && !this.branchIndex.has((lb ?? la) as JsonValue[]);
    if (!Array.isArray(lb ?? []) || !Array.isArray(la ?? []) || whole) {
      if (!whole) {
        this.add('keyword-changed', path, lb, la, 'allOf');
        return;
      }
      const list = (lb ?? la) as JsonValue[];
      const implied = list.every((x) => impliedByDeclarations(x, lb === undefined ? b : a) || this.implied(lb === undefined ? b : a, x, path));
      this.add(implied ? 'keyword-respelled' : lb === undefined ? 'constraint-added' : 'constraint-removed', path, lb, la, 'allOf');
      this.evaluationMoved([b, a], path, path, 'allOf', list, lb === undefined);
      return;
    }
    const xb = (lb ?? []) as JsonValue[];
    const xa = (la ?? []) as JsonValue[];
    const ib = this.branchIndex.get(xb) ?? xb.map((_, i) => i);
    const ia = this.branchIndex.get(xa) ?? xa.map((_, i) => i);
    const pool = branchPool(xa);
    const goneB: number[] = [];
    xb.forEach((x, i) => {
      const at = pool.get(canonicalize(x));
      if (at !== undefined && at.next < at.at.length) at.next++;
      else goneB.push(i);
    });
    const cameA = [...pool.values()].flatMap((p) => p.at.slice(p.next)).sort((x, y) => x - y);
    if (goneB.length === 0 && cameA.length === 0) {
      this.add('keyword-respelled', path, lb, la, 'allOf');
      return;
    }
    if (goneB.length === cameA.length) {
      goneB.forEach((i, k) => this.walkInPlace(b, xb[i]!, xa[cameA[k]!]!, `${path}.allOf[${ia[cameA[k]!]!}]`));
      return;
    }
    for (const i of goneB) {
      const at = `${path}.allOf[${ib[i]!}]`;
      this.add(impliedByDeclarations(xb[i]!, a) || this.implied(a, xb[i]!, at) ? 'keyword-respelled' : 'constraint-removed', at, xb[i], undefined, 'allOf');
      this.evaluationMoved([b, a], path, at, 'allOf', [xb[i]!], false);
    }
    for (const i of cameA) {
      const at = `${path}.allOf[${ia[i]!}]`;
      this.add(impliedByDeclarations(xa[i]!, b) || this.implied(b, xa[i]!, at) ? 'keyword-respelled' : 'constraint-added', at, undefined, xa[i], 'allOf');
      this.evaluationMoved([b, a], path, at, 'allOf', [xa[i]!], true);
    }
  }

  /**
   * Whether `branch` accepts every value `node` does (as far as {@link acceptsAll} tells), so that
   * adding it to the node's `allOf`, or dropping it, changes no value accepted. Not tried within
   * another trial, nor past {@link MAX_MERGE_TRIES} tries in one diff (then: not implied).
   */
  private implied(node: Obj, branch: JsonValue, path: string): boolean {
    if (this.trials > 0 || this.impliedTries >= MAX_MERGE_TRIES) return false;
    this.impliedTries++;
    return this.acceptsAll(node, branch, path) !== undefined;
  }

  /**
   * A node whose `$ref` came, went or points elsewhere: the definitions it names (in the same
   * schema) are compared with the other side, at this node's path, so a property moved into
   * `$defs` is explained property by property (a definition met again inside itself is not
   * followed again: recursive definitions end there).
   *
   * @returns Whether the node was handled here (false: a reference that cannot be followed).
   */
  private followRefs(b: Obj, a: Obj, path: string): boolean {
    // The pair is the two nodes' references; a side without a `$ref` is its whole node (the Ajv
    // property's seed 623, diff26: `{required: ["a"]}` → the same with `$ref: D2`, D2 declaring `a:
    // {$ref: D2}`, met `{}` against `{$ref: D2}` at `$.a`, the root's key when a side without
    // `$ref` counted as '', and was said recursive, COSMETIC, though `{a: 1}` is rejected now).
    const part = (n: Obj, side: 'before' | 'after'): string => (n['$ref'] === undefined ? `=${canonicalize(n)}` : this.refKey(n, side));
    const key = `${part(b, 'before')}\u0000${part(a, 'after')}`;
    if (this.followed >= MAX_REF_FOLLOWS) return false;
    const rb = this.deref(b, 'before') ?? this.derefBeside(b, 'before');
    const ra = this.deref(a, 'after') ?? this.derefBeside(a, 'after');
    if (rb === undefined || ra === undefined) return false;
    // The pair met again inside itself (a recursive definition, moved or renamed): it is being
    // compared where it was first followed, and what differs there differs at every depth alike,
    // so it is said once, there. Here only what the reference nodes themselves write apart.
    if (this.following.has(key)) {
      const rest = (s: Obj): Obj => {
        const out: Obj = {};
        for (const k of Object.keys(s)) if (k !== '$ref' && !TEXT_ANNOTATIONS.includes(k)) setOwn(out, k, s[k]!);
        return out;
      };
      if (!same(rest(b), rest(a))) return false;
      for (const k of TEXT_ANNOTATIONS) if (!same(b[k], a[k])) this.add('annotation-changed', path, b[k], a[k], k);
      this.add('keyword-respelled', path, b['$ref'], a['$ref'], '$ref (recursive)');
      return true;
    }
    this.following.add(key);
    this.followed++;
    const start = this.changes.length;
    this.walk(rb, ra, path);
    this.following.delete(key);
    // The same schema, now (or no longer) kept as a definition: written another way.
    if (this.changes.length === start) this.add('keyword-respelled', path, b['$ref'], a['$ref'], '$ref');
    return true;
  }

  /**
   * The first of `branches` (on `side`) that is `node` (on `nodeSide`) whole: the same as written
   * (a `$ref` naming the same definition), or the same schema once a local `$ref` on either side is
   * read, annotations aside; -1 when none is.
   */
  private wholeBranch(branches: JsonValue[], side: 'before' | 'after', node: Obj, nodeSide: 'before' | 'after'): number {
    const bare = withoutAnnotations(node);
    const read = this.deref(node, nodeSide);
    const bareRead = read === undefined ? undefined : withoutAnnotations(read);
    return branches.findIndex((x) => {
      const n = x === false ? undefined : normalize(x);
      if (n === undefined) return false;
      if (same(withoutAnnotations(n), bare)) return true;
      const r = this.deref(n, side);
      return r !== undefined && bareRead !== undefined && same(withoutAnnotations(r), bareRead);
    });
  }

  /**
   * A schema wrapped as one branch of a new `anyOf`/`oneOf` (`{…}` → `anyOf: [{…}, {type:
   * 'string'}]`), or unwrapped to one of its branches: the properties did not go away, the
   * alternatives changed. When exactly one side is a bare composition and no branch is the other
   * side, the node is compared whole (its properties live in branches and cannot be paired).
   *
   * @returns Whether the node was handled here.
   */
  private wrapping(b: Obj, a: Obj, path: string, exact = false): boolean {
    // Definitions beside the choice judge no value of the node: a `oneOf` whose branch `{$ref:
    // "#/$defs/S"}` was replaced by `S` inline, with `$defs` dropped beside it, is still a choice
    // (its branches compared as a set, below), and a node kept whole as a branch is still wrapped.
    // They are compared at the node, where they stand, once the rest is.
    const cb = bareComposition(b, true);
    const ca = bareComposition(a, true);
    const defined = DEFINITIONS.some((k) => b[k] !== undefined || a[k] !== undefined);
    if (!defined) return this.wrapped(b, a, path, cb, ca, exact);
    const bare = (x: Obj): Obj => {
      const out: Obj = {};
      for (const k of Object.keys(x)) if (!DEFINITIONS.includes(k)) setOwn(out, k, x[k]!);
      return out;
    };
    const start = this.changes.length;
    if (!this.wrapped(bare(b), bare(a), path, cb, ca, exact)) {
      this.changes.length = start;
      return false;
    }
    for (const k of DEFINITIONS) this.definitions(b, a, path, k);
    return true;
  }

  /** {@link wrapping} of two nodes whose definitions were set aside, `cb`/`ca` their choices. */
  private wrapped(b: Obj, a: Obj, path: string, cb: ReturnType<typeof bareComposition>, ca: ReturnType<typeof bareComposition>, exact: boolean): boolean {
    // Both sides choices: the one with a branch that is the other side whole wraps it (`oneOf: [A,
    // B]` → `anyOf: [{$ref: D}, {type: string}]`, D that `oneOf`); neither or both, no wrapping.
    let wrappedSide = ca !== undefined && cb === undefined;
    if (cb !== undefined && ca !== undefined) {
      const wraps = this.wholeBranch(ca.branches, 'after', b, 'before') >= 0;
      const unwraps = this.wholeBranch(cb.branches, 'before', a, 'after') >= 0;
      if (wraps === unwraps) return false;
      wrappedSide = wraps;
    } else if ((cb === undefined) === (ca === undefined)) return false;
    const [outer, inner, wrapped] = wrappedSide ? [ca!, b, true] : [cb!, a, false];
    const bare = withoutAnnotations(inner);
    // A branch `true` is the schema `{}` (a branch `false` accepts nothing and pairs with nothing).
    // A branch that is a local `$ref` is matched (and compared) as the definition it names.
    const side = wrapped ? 'after' : 'before';
    const innerSide = wrapped ? 'before' : 'after';
    const branches = outer.branches.map((x) => {
      const n = x === false ? undefined : normalize(x);
      return n === undefined ? undefined : this.deref(n, side) ?? n;
    });
    // The other side as written (the same `$ref`: compared through it, so what its definition
    // changed is said as usual), else as read through references on both sides.
    let at = this.wholeBranch(outer.branches, side, inner, innerSide);
    const written = at >= 0 ? normalize(outer.branches[at]!) : undefined;
    const asWritten = written !== undefined && same(withoutAnnotations(written), bare);
    if (at < 0) at = branches.findIndex((x) => x !== undefined && same(withoutAnnotations(x), bare));
    // No branch is the other side, but one is itself a choice (often a `$ref` to a `oneOf`) that
    // holds it, at any depth: the node was wrapped twice (@notionhq/notion-mcp-server 2.5.2 made
    // API-post-page's `parent` object `anyOf: [{$ref: parentRequest}, {type: string}]`, the
    // definition a `oneOf` whose first branch is the old object). That branch is compared with it.
    let nested = false;
    if (at < 0) {
      const holds = (x: Obj | undefined, depth: number): boolean => {
        const c = x === undefined || depth > 3 ? undefined : bareComposition(x);
        return c !== undefined && (this.wholeBranch(c.branches, side, inner, innerSide) >= 0 || c.branches.some((y) => {
          const n = y === false ? undefined : normalize(y);
          const r = n === undefined ? undefined : this.deref(n, side) ?? n;
          return r !== undefined && (same(withoutAnnotations(r), bare) || holds(r, depth + 1));
        }));
      };
      const holding = branches.flatMap((x, i) => (holds(x, 1) ? [i] : []));
      if (holding.length === 1) {
        at = holding[0]!;
        nested = true;
      }
    }
    // Before references are followed, only a branch that is the other side whole (or holds it) is a wrapping.
    if (exact && at < 0) return false;
    if (at < 0) {
      // No branch is the other side as it was: the one branch of the same type set is it, changed.
      const types = ownTypes(inner);
      const sameType = branches.flatMap((x, i) => {
        const t = x !== undefined ? ownTypes(x) : undefined;
        return types !== undefined && t !== undefined && covers(t, types) && covers(types, t) ? [i] : [];
      });
      if (sameType.length === 1) at = sameType[0]!;
      // Several object branches: the one that declares most of the same property names (by the
      // Dice coefficient of the two name sets, at least one half, no tie) is the node, changed
      // (server-filesystem 2026.8.31 made read_media_file's content item `anyOf` the old item
      // without the enum value "blob" and a new `resource` item). Any pairing is sound: under
      // `anyOf` the other branches are said as alternatives added (or removed), and what the
      // paired one accepts beyond the node is said by their comparison.
      else if (sameType.length > 1 && types !== undefined && types.size === 1 && types.has('object')) {
        const names = (x: Obj | undefined): Set<string> => {
          const p = x === undefined ? undefined : getOwn(x, 'properties');
          return new Set(isObj(p) ? Object.keys(p) : []);
        };
        const own = names(inner);
        const score = (i: number): number => {
          const other = names(branches[i]);
          const common = [...own].filter((n) => other.has(n)).length;
          return own.size + other.size === 0 ? 0 : (2 * common) / (own.size + other.size);
        };
        const scores = sameType.map(score);
        const best = Math.max(...scores);
        if (best >= 0.5 && scores.filter((x) => x === best).length === 1) at = sameType[scores.indexOf(best)]!;
      }
      // Several branches of the node's type, and the node lists its values (`enum`/`const`): the
      // one branch whose values share most with it (Dice coefficient at least one half, no tie) is
      // the node, changed (@brave/brave-search-mcp-server 2.1.4 split `freshness`, `{type:
      // string, enum: [pd, pw, pm, py, "YYYY-MM-DDtoYYYY-MM-DD"]}`, into an `anyOf` of the four
      // codes and a date-range `pattern`). Sound as the pairing above.
      else if (sameType.length > 1 && enumOf(inner) !== undefined) {
        const own = new Set(enumOf(inner)!.values.map((v) => canonicalize(v)));
        const score = (i: number): number => {
          const e = branches[i] === undefined ? undefined : enumOf(branches[i]!);
          if (e === undefined) return 0;
          const other = new Set(e.values.map((v) => canonicalize(v)));
          const common = [...own].filter((v) => other.has(v)).length;
          return own.size + other.size === 0 ? 0 : (2 * common) / (own.size + other.size);
        };
        const scores = sameType.map(score);
        const best = Math.max(...scores);
        if (best >= 0.5 && scores.filter((x) => x === best).length === 1) at = sameType[scores.indexOf(best)]!;
      }
    }
    if (at < 0) {
      // `{"type": ["string", "null"]}` ↔ `{"anyOf": [{"type": "string"}, {"type": "null"}]}` (zod 4
      // writes a nullable so): the same types, or more or fewer, compared as type sets.
      const onlyType = (x: Obj | undefined): Set<string> | undefined => {
        if (x === undefined) return undefined;
        const rest = withoutAnnotations(x);
        const keys = Object.keys(rest).filter((k) => k !== 'nullable');
        return keys.length === 1 && keys[0] === 'type' ? ownTypes(rest) : undefined;
      };
      const split = branches.map(onlyType);
      const whole = onlyType(inner);
      if (whole !== undefined && outer.keyword === 'anyOf' && split.every((t) => t !== undefined)) {
        const union = new Set(split.flatMap((t) => [...t!]));
        const [tb, ta] = wrapped ? [whole, union] : [union, whole];
        const wider = covers(ta, tb);
        const narrower = covers(tb, ta);
        const kind = wider && narrower ? 'type-respelled' : wider ? 'type-widened' : narrower ? 'type-narrowed' : 'type-changed';
        const start = this.changes.length;
        this.add(kind, path, wrapped ? inner['type'] : b['anyOf'], wrapped ? a['anyOf'] : inner['type'], wrapped ? 'type→anyOf' : 'anyOf→type');
        // Annotations and default beside them are compared as usual.
        const note = (x: Obj): Obj => {
          const out: Obj = {};
          for (const k of UNCONSTRAINING) if (x[k] !== undefined) setOwn(out, k, x[k]!);
          return out;
        };
        const nb = note(b);
        const na = note(a);
        if (!same(nb, na)) this.compare(nb, na, path);
        return this.changes.length > start;
      }
      // `{anyOf: [{type: "string", maxLength: 5}, {type: "null"}]}` ↔ `{type: ["string", "null"],
      // maxLength: 5}` (pydantic writes an Optional so, other emitters a type list): alternatives of
      // types that share nothing, each with only keywords of its own type, are one node.
      const joined = typeSplit(outer.branches);
      if (joined !== undefined && choiceKeyword(inner) === undefined) {
        const wrapper = ca !== undefined ? a : b;
        for (const k of UNCONSTRAINING) if (wrapper[k] !== undefined) setOwn(joined, k, wrapper[k]!);
        // The same types in the other side's order: the split itself is what is said.
        const own = inner['type'];
        if (Array.isArray(own) && same([...own].sort() as JsonValue, [...(joined['type'] as string[])].sort())) joined['type'] = own;
        this.add('keyword-respelled', path, wrapped ? inner['type'] : wrapper[outer.keyword], wrapped ? wrapper[outer.keyword] : inner['type'], wrapped ? `type→${outer.keyword}` : `${outer.keyword}→type`);
        if (!same(inner, joined)) {
          if (wrapped) this.compare(inner, joined, path);
          else this.compare(joined, inner, path);
        }
        return true;
      }
      this.add('keyword-changed', path, b, a, outer.keyword);
      return true;
    }
    // The kept branch as the model reads it: the wrapper's annotations and default where the branch has none.
    const branch = { ...(asWritten && !nested ? written! : branches[at]!) };
    const wrapper = ca !== undefined ? a : b;
    for (const k of UNCONSTRAINING) if (branch[k] === undefined && wrapper[k] !== undefined) setOwn(branch, k, wrapper[k]!);
    const start = this.changes.length;
    // A branch that is a choice itself is compared at its own place (its alternatives are said there).
    const at2 = nested ? `${path}.${outer.keyword}[${at}]` : path;
    if (wrapped) this.walk(inner, branch, at2);
    else this.walk(branch, inner, at2);
    // A one-branch anyOf/oneOf around the same schema accepts what the schema accepts.
    if (this.changes.length === start && outer.branches.length === 1) this.add('keyword-respelled', path, b, a, outer.keyword);
    // Alternatives that exclude each other (types that share nothing, a discriminator): a value
    // still matches one at most, so a new one is only an alternative added.
    // Unwrapped from a oneOf whose alternatives may overlap: a value that matched the kept one and
    // another was rejected, and is accepted now.
    const exclusive = outer.keyword === 'oneOf' && !this.excludeEachOther(outer.branches, wrapped ? 'after' : 'before');
    outer.branches.forEach((x, i) => {
      if (i === at) return;
      if (wrapped) this.add(exclusive ? 'exclusive-alternative-added' : 'alternative-added', `${path}.${outer.keyword}[${i}]`, undefined, x, outer.keyword);
      // One the kept branch accepts whole (`oneOf: [{type: number}, {type: integer}]` → `{type:
      // number}`): no value matched it alone, so none callers sent is lost with it.
      else if (exclusive && this.subsumedBy(x, outer.branches[at]!, `${path}.${outer.keyword}[${i}]`)) this.add('subsumed-alternative-removed', `${path}.${outer.keyword}[${i}]`, x, undefined, outer.keyword);
      else this.add(exclusive ? 'exclusive-alternative-removed' : 'alternative-removed', `${path}.${outer.keyword}[${i}]`, x, undefined, outer.keyword);
    });
    return true;
  }

  /**
   * `anyOf` / `oneOf` branches as a set: a branch found on both sides (anywhere) is unchanged; the
   * same branches in another order are a reorder; as many branches gone as came are compared in
   * pairs, in order; otherwise the ones that came are added and the ones gone removed.
   */
  private alternatives(b: Obj, a: Obj, path: string, keyword: 'anyOf' | 'oneOf', after: 'anyOf' | 'oneOf' = keyword): void {
    const lb = b[keyword];
    const la = a[after];
    if (same(lb, la)) return;
    // An `anyOf` added beside other keywords is one more constraint (each value must also match
    // one of its alternatives), one dropped lifts one. (A schema wrapped as a branch is handled by `wrapping`.)
    if (!Array.isArray(lb) || !Array.isArray(la)) {
      const only = keyword === after && (lb === undefined || la === undefined) && Array.isArray(lb ?? la);
      this.add(only ? (lb === undefined ? 'constraint-added' : 'constraint-removed') : 'keyword-changed', path, lb, la, keyword);
      if (only) this.evaluationMoved([b, a], path, path, keyword, (lb ?? la) as JsonValue[], lb === undefined);
      return;
    }
    // Each old branch takes the first new branch equal to it that is not taken yet. Linear in the
    // number of branches, duplicates included (no copying or shifting of index lists).
    const pool = branchPool(la);
    const taken = new Array<boolean>(la.length).fill(false);
    const unmatchedB: number[] = [];
    lb.forEach((x, i) => {
      const slot = pool.get(canonicalize(x));
      if (slot !== undefined && slot.next < slot.at.length) taken[slot.at[slot.next++]!] = true;
      else unmatchedB.push(i);
    });
    const unmatchedA = la.flatMap((_, i) => (taken[i] ? [] : [i]));
    if (unmatchedA.length === 0 && unmatchedB.length === 0) {
      this.add('alternatives-reordered', path, lb, la, keyword === after ? keyword : `${keyword}→${after}`);
      return;
    }
    // A new oneOf whose alternatives are shown to exclude each other (types that share nothing, a
    // discriminator): no value matches two, so one added or widened is judged as under anyOf.
    let excluding: boolean | undefined;
    const mayOverlap = (): boolean => after === 'oneOf' && !(excluding ??= this.excludeEachOther(la, 'after'));
    // The same for the old oneOf (kept as a oneOf): a value that matched two of its alternatives
    // was rejected; once one of them is gone or accepts less, it may match one and be accepted.
    let excludedBefore: boolean | undefined;
    const mayHaveOverlapped = (): boolean => keyword === 'oneOf' && after === 'oneOf' && !(excludedBefore ??= this.excludeEachOther(lb, 'before'));
    if (unmatchedA.length === unmatchedB.length) {
      unmatchedB.forEach((ib, k) => {
        const ia = unmatchedA[k]!;
        const at = `${path}.${after}[${ia}]`;
        const start = this.changes.length;
        this.walkInPlace(b, lb[ib]!, la[ia]!, at);
        // A oneOf alternative that accepts more may now match a value another alternative matches
        // too, and oneOf rejects a value that matches two: said once, before the branch's changes.
        const widened = after === 'oneOf' && this.changes.slice(start).some((c) => this.widening.has(c)) && mayOverlap() && this.overlapsAnother(la, ia, 'after');
        // One that may accept less (a change by which it does not accept all it did) may no
        // longer match a value that matched it and another: rejected before, accepted now.
        const narrowed = !acceptsAllOf(this.changes.slice(start)) && mayHaveOverlapped() && this.overlapsAnother(lb, ib, 'before');
        if (widened || narrowed) {
          const nested = this.changes.splice(start);
          if (widened) this.add('exclusive-alternative-widened', at, lb[ib], la[ia], after);
          if (widened) this.overlapped(b, lb, la, ia, taken, at);
          if (narrowed) this.add('exclusive-alternative-narrowed', at, lb[ib], la[ia], after);
          for (const c of nested) this.changes.push(c);
        }
      });
      return;
    }
    // Under anyOf, an old alternative that a new one accepts whole (several merged into one, as
    // firecrawl-mcp 3.26.0 merged `{type: "web"}`, `{type: "images"}` ... into one `{type: enum}`)
    // is not gone: callers' values are still accepted. (Under a oneOf a value may now match two,
    // unless its alternatives exclude each other.)
    // Each merge keeps the comparisons of its old alternatives with the new one (made at the new
    // one's path), from which what it accepts beyond all of them is itemized.
    // Under a new oneOf that may overlap, a merge holds for callers only when the new alternative
    // takes no value from the others: a value that matched one of them alone must not match it
    // too ({@link mergeKeepsOne}).
    const merged = new Map<number, { from: number[]; trials: RawSchemaChange[][] }>();
    let gone = unmatchedA.length * unmatchedB.length <= MAX_MERGE_TRIES
      ? unmatchedB.filter((ib) => {
        for (const ia of unmatchedA) {
          const trial = this.acceptsAll(lb[ib]!, la[ia]!, `${path}.${after}[${ia}]`);
          if (trial === undefined) continue;
          const m = merged.get(ia) ?? { from: [], trials: [] };
          m.from.push(ib);
          m.trials.push(trial);
          merged.set(ia, m);
          return false;
        }
        return true;
      })
      : unmatchedB;
    if (after === 'oneOf' && mayOverlap()) {
      for (const [ia, m] of [...merged]) {
        if (this.mergeKeepsOne(la, ia, m.from.map((ib) => lb[ib]!), `${path}.${after}[${ia}]`)) continue;
        merged.delete(ia);
        gone = [...gone, ...m.from].sort((x, y) => x - y);
      }
    }
    // A gone alternative that an old one kept unchanged accepts whole matched no value alone.
    const kept = lb.filter((_, j) => !unmatchedB.includes(j));
    for (const i of gone) {
      const at = `${path}.${keyword}[${i}]`;
      const overlapped = mayHaveOverlapped() && this.overlapsAnother(lb, i, 'before');
      if (overlapped && kept.some((k) => this.subsumedBy(lb[i]!, k, at))) this.add('subsumed-alternative-removed', at, lb[i], undefined, keyword);
      else this.add(overlapped ? 'exclusive-alternative-removed' : 'alternative-removed', at, lb[i], undefined, keyword);
    }
    for (const i of unmatchedA) {
      const m = merged.get(i);
      if (m === undefined) {
        const exclusive = mayOverlap() && this.overlapsAnother(la, i, 'after');
        this.add(exclusive ? 'exclusive-alternative-added' : 'alternative-added', `${path}.${after}[${i}]`, undefined, la[i], after);
        if (exclusive && keyword === 'oneOf') this.overlapped(b, lb, la, i, taken, `${path}.${after}[${i}]`);
        continue;
      }
      // Exactly the alternatives it replaces, which excluded each other, split by a discriminator:
      // each value matches as many alternatives as before, so the same values are accepted.
      if (keyword === after && discriminatorSplit(la[i]!, m.from.map((ib) => lb[ib]!)) === 'exact') {
        this.add('keyword-respelled', `${path}.${after}[${i}]`, m.from.map((ib) => lb[ib]!), la[i], after);
        continue;
      }
      this.add('alternatives-merged', `${path}.${after}[${i}]`, m.from.map((ib) => lb[ib]!), la[i], keyword === after ? after : `${keyword}→${after}`);
      for (const c of mergedBeyond(m.trials)) {
        this.changes.push(c);
        if (WIDENING.has(c.kind)) this.widening.add(c);
      }
    }
  }

  /**
   * Where the new `oneOf` alternative `la[ia]` (added, or widened in place) provably takes values
   * another alternative matched alone: `exclusive-alternative-overlapped` at `at`, naming that
   * alternative. It is an alternative `la[j]` kept as it was (`taken`, listed once) that accepts
   * every value of some instance type ({@link WITNESS_TYPES}: its `type` allows it, and its other
   * keywords are annotations or keywords of other instance types, `{minimum: 2}` for strings);
   * every other old alternative has a type set without that type (so each such value matched
   * `la[j]` alone, as `oneOf` needs); the old node's other keywords leave such values alone too;
   * and `la[ia]` accepts every value of that type (a trial comparison with `{type: …}`, not past
   * {@link MAX_MERGE_TRIES}). Such a value (`""` beside `properties`) was accepted and matches two
   * alternatives now: rejected. Said once, for the first such alternative.
   */
  private overlapped(b: Obj, lb: readonly JsonValue[], la: readonly JsonValue[], ia: number, taken: readonly boolean[], at: string): void {
    // Whether a schema's own keywords let every value of the witness type through.
    const leaves = (n: Obj, w: WitnessType, allowed: (k: string) => boolean): boolean => {
      const types = typeSet(n);
      if ((n['type'] !== undefined && types === undefined) || (types !== undefined && !typeAllows(types, w))) return false;
      const family = w === 'integer' || w === 'fraction' ? 'number' : w;
      return Object.keys(n).every((k) => k === 'type' || UNCONSTRAINING.includes(k) || allowed(k) || (INSTANCE_TYPE_OF.has(k) && INSTANCE_TYPE_OF.get(k) !== family));
    };
    // An old alternative that no value of the witness type matches, by its type set alone.
    const shuts = (y: JsonValue, w: WitnessType): boolean => {
      const n = normalize(y);
      const r = n === undefined ? undefined : this.deref(n, 'before');
      const types = r === undefined || !foldsNullable(r) ? undefined : effectiveTypes(r, true);
      return types !== undefined && !typeAllows(types, w);
    };
    for (const [j, x] of la.entries()) {
      if (j === ia || !taken[j] || lb.filter((y) => same(y, x)).length !== 1) continue;
      const n = normalize(x);
      if (n === undefined) continue;
      for (const w of WITNESS_TYPES) {
        if (!leaves(n, w, () => false) || !leaves(b, w, (k) => k === 'oneOf' || DEFINITIONS.includes(k))) continue;
        if (!lb.every((y) => same(y, x) || shuts(y, w))) continue;
        if (this.flipTries + 1 > MAX_MERGE_TRIES) return;
        this.flipTries++;
        if (this.acceptsAll({ type: w === 'fraction' ? 'number' : w }, la[ia]!, at) === undefined) continue;
        this.add('exclusive-alternative-overlapped', at, x, la[ia], 'oneOf');
        return;
      }
    }
  }

  /**
   * Whether the `oneOf` alternative `list[i]` may match a value together with another of `list`:
   * not shown to exclude each of them ({@link excludeEachOther} on the pair). One that excludes
   * every other alternative (`{type: "null"}` beside strings that may overlap among themselves)
   * never shares a value, so adding, widening, narrowing or removing it changes no value's count
   * of matches but its own. Past 64 alternatives: it may.
   */
  private overlapsAnother(list: readonly JsonValue[], i: number, side: 'before' | 'after'): boolean {
    if (list.length > 64) return true;
    return !list.every((k, j) => j === i || this.excludeEachOther([list[i]!, k], side));
  }

  /**
   * Whether the old `oneOf` alternative `inner` is accepted whole by another old alternative
   * `outer` (a trial comparison gives only changes by which a schema accepts all it did): then no
   * value matched `inner` alone, as `oneOf` needs, so a caller's value never rested on it. Both are
   * read in the old document, so not tried with a `$ref` in either (the trial would read `outer`
   * in the new one).
   */
  private subsumedBy(inner: JsonValue, outer: JsonValue, path: string): boolean {
    const ref = (x: JsonValue): boolean => someNode(x, (n) => getOwn(n, '$ref') !== undefined || getOwn(n, '$dynamicRef') !== undefined || getOwn(n, '$recursiveRef') !== undefined);
    if (this.flipTries + 1 > MAX_MERGE_TRIES || ref(inner) || ref(outer)) return false;
    this.flipTries++;
    return this.acceptsAll(inner, outer, path) !== undefined;
  }

  /**
   * Old `oneOf` alternatives `from`, each accepted whole by the new alternative `la[ia]` of a new
   * `oneOf` that may overlap (a value may match two of it): whether every value that matched one
   * old alternative alone still matches one new alternative alone. A value that matched one of
   * `from` alone now matches the new one (which accepts all of it) and, as before, no unchanged
   * alternative; a value that matched another alternative alone must not match the new one too.
   * That holds when the new one accepts nothing beyond what `from` accepted (an `anyOf` of them
   * accepts all of it, by a trial comparison), or when its types share nothing with those of
   * every other new alternative ({@link excludeEachOther} on the pair). (Not tried with a `$ref` in
   * them: the trial would read the new one's in the old document.)
   */
  private mergeKeepsOne(la: JsonValue[], ia: number, from: JsonValue[], path: string): boolean {
    // Split by a discriminator: a value that matched one of `from` alone is an object that matches
    // the new one alone among them, and the other alternatives as before.
    if (discriminatorSplit(la[ia]!, from) !== undefined) return true;
    if (la.every((k, j) => j === ia || this.excludeEachOther([la[ia]!, k], 'after'))) return true;
    // The trial reads the new alternative as an old schema: a `$ref` in either would be read in the other's document.
    if (this.flipTries + 1 > MAX_MERGE_TRIES || [la[ia]!, ...from].some((x) => someNode(x, (n) => getOwn(n, '$ref') !== undefined || getOwn(n, '$dynamicRef') !== undefined || getOwn(n, '$recursiveRef') !== undefined))) return false;
    this.flipTries++;
    return this.acceptsAll(la[ia]!, from.length === 1 ? from[0]! : { anyOf: from }, path) !== undefined;
  }

  /**
   * Whether schema `after` accepts every value `before` does, as far as this diff can tell: their
   * comparison gives only kinds of {@link ACCEPTS_ALL} (an optional property added only where the
   * old object rejected it). The comparison is a trial made at `path`: its changes are returned
   * when it holds (for {@link mergedBeyond}), never kept.
   */
  private acceptsAll(before: JsonValue, after: JsonValue, path: string): RawSchemaChange[] | undefined {
    const trial = this.trial(before, after, path);
    return acceptsAllOf(trial) ? trial : undefined;
  }

  /** The changes of a trial comparison of `before` with `after` at `path`, never kept. */
  private trial(before: JsonValue, after: JsonValue, path: string): RawSchemaChange[] {
    const start = this.changes.length;
    this.trials++;
    try {
      this.walk(before, after, path);
    } finally {
      this.trials--;
    }
    return this.changes.splice(start);
  }

  /**
   * One side lists its alternatives under `anyOf`, the other under `oneOf` (zod 4 writes a
   * discriminated union as a `oneOf`, zod 3 as an `anyOf`). The keyword alone changes nothing
   * when the `oneOf` side's alternatives exclude each other (no value can match two): written
   * another way; otherwise a value matching two is now rejected (or accepted): the node is judged
   * conservatively. The alternatives are then compared with each other as for one keyword.
   *
   * @returns Whether the node was handled here.
   */
  private switchedChoice(b: Obj, a: Obj, path: string): boolean {
    const kb = choiceKeyword(b);
    const ka = choiceKeyword(a);
    if (kb === undefined || ka === undefined || kb === ka) return false;
    const exclusive = kb === 'oneOf' ? this.excludeEachOther(b['oneOf'] as JsonValue[], 'before') : this.excludeEachOther(a['oneOf'] as JsonValue[], 'after');
    // Not shown to exclude each other: oneOf → anyOf accepts the values that match two alternatives
    // too (more is accepted), anyOf → oneOf rejects them (less).
    this.add(exclusive ? 'keyword-respelled' : ka === 'anyOf' ? 'exclusivity-lifted' : 'exclusivity-added', path, kb, ka, `${kb}→${ka}`);
    this.alternatives(b, a, path, kb, ka);
    return true;
  }

  /**
   * Whether no value can match two of these alternatives: their types share nothing (integer is
   * a number), or they are objects that each require one property (a discriminator) whose
   * `const`/`enum` values no other alternative allows.
   */
  private excludeEachOther(branches: JsonValue[], side: 'before' | 'after'): boolean {
    const objs: Obj[] = [];
    for (const x of branches) {
      const n = normalize(x);
      const r = n === undefined ? undefined : this.deref(n, side);
      if (r === undefined) return false;
      objs.push(r);
    }
    // `nullable: true` accepts null (as Ajv reads it): {type: string, nullable: true} and {type: null} both match null.
    // A bare `anyOf`/`oneOf` (a `$ref` to one too) accepts only values of its alternatives' types:
    // the union of theirs (`oneOf: [{$ref: D}, {type: string}]`, D a `oneOf` of objects, exclude each other).
    const typesOf = (o: Obj, depth: number): Set<string> | undefined => {
      const c = depth < 3 ? bareComposition(o) : undefined;
      if (c === undefined) return foldsNullable(o) ? effectiveTypes(o, true) : undefined;
      const union = new Set<string>();
      for (const y of c.branches) {
        const n = normalize(y);
        const r = n === undefined ? undefined : this.deref(n, side);
        const t = r === undefined ? undefined : typesOf(r, depth + 1);
        if (t === undefined) return undefined;
        for (const x of t) union.add(x);
      }
      return union;
    };
    const types = objs.map((o) => typesOf(o, 0));
    const overlap = (x: Set<string>, y: Set<string>): boolean => [...x].some((t) => covers(y, new Set([t]))) || [...y].some((t) => covers(x, new Set([t])));
    if (types.every((t) => t !== undefined) && types.every((t, i) => types.every((u, j) => j <= i || !overlap(t!, u!)))) return true;
    // A discriminator only separates objects: a string would match two alternatives that constrain properties.
    if (!types.every((t) => t !== undefined && t.size === 1 && t.has('object'))) return false;
    const first = objs[0]?.['properties'];
    if (!isObj(first)) return false;
    return Object.keys(first).some((name) => {
      const seen = new Set<string>();
      return objs.every((o) => {
        const props = o['properties'];
        const p = isObj(props) ? getOwn(props, name) : undefined;
        const e = isObj(p) ? enumOf(p) : undefined;
        if (e === undefined || !requiredOf(o).has(name)) return false;
        return e.values.every((v) => {
          const k = canonicalize(v);
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
      });
    });
  }

  /**
   * One side is an `anyOf`/`oneOf` of literal values ({@link literalChoice}), the other lists no
   * alternatives:
   * compared as the `enum` those alternatives spell. When that accepts the same values, the node
   * was written another way.
   *
   * @returns Whether the node was handled here.
   */
  private literalChoices(b: Obj, a: Obj, path: string): boolean {
    // Both sides listing alternatives: they are compared alternative by alternative.
    if (choiceKeyword(b) !== undefined && choiceKeyword(a) !== undefined) return false;
    const cb = literalChoice(b);
    const ca = literalChoice(a);
    if ((cb === undefined) === (ca === undefined)) return false;
    const nb = cb ?? b;
    const na = ca ?? a;
    if (!same(nb, na)) {
      this.compare(nb, na, path);
    } else {
      const spelled = (s: Obj): { keyword: string; value: JsonValue | undefined } => {
        const k = choiceKeyword(s);
        if (k !== undefined) return { keyword: k, value: s[k] };
        const e = enumOf(s);
        return { keyword: e?.keyword ?? 'enum', value: e === undefined ? undefined : e.keyword === 'const' ? s['const'] : s['enum'] };
      };
      const sb = spelled(b);
      const sa = spelled(a);
      this.add('keyword-respelled', path, sb.value, sa.value, `${sb.keyword}→${sa.keyword}`);
    }
    return true;
  }

  /** Each two neighbouring segments (decoded, `keyword/name`) of the new schema's `$ref` pointers, or null when one is not a JSON pointer fragment. */
  private readonly refNames: { before?: Set<string> | null; after?: Set<string> | null } = {};
  /** The definitions each side names where what they accept decides the other way ({@link namedAgainstGrain}); null: any may be. */
  private readonly againstGrain: { before?: Set<string> | null; after?: Set<string> | null } = {};

  /**
   * Whether a `$ref` of one side's schema may name the definition `name` of `keyword` where a
   * definition that accepts more makes the node accept less, or either: under `not` or `if`, as an
   * alternative of a `oneOf` (one that accepts more may make a value match two), or as the
   * `contains` of a node with `maxContains` (more items may match). Definitions so named pass it
   * on to the references inside them. A reference there that is not a `#/…` pointer may name any.
   */
  private namedAgainstGrain(keyword: string, name: string, side: 'before' | 'after'): boolean {
    if (this.againstGrain[side] === undefined) {
      const root = this.roots[side];
      const names = new Set<string>();
      let open = true;
      const scan = (v: JsonValue, inverted: boolean): void => {
        if (!open) return;
        if (Array.isArray(v)) {
          for (const x of v) scan(x, inverted);
          return;
        }
        if (!isObj(v)) return;
        for (const k of Object.keys(v)) {
          const x = v[k]!;
          if (k === '$ref' || k === '$dynamicRef' || k === '$recursiveRef') {
            if (!inverted || typeof x !== 'string' || x === '#' || x === '#/') continue;
            if (!x.startsWith('#/')) {
              open = false;
              return;
            }
            let segments: string[];
            try {
              segments = x.slice(2).split('/').map((seg) => decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~'));
            } catch {
              open = false;
              return;
            }
            for (let i = 0; i + 1 < segments.length; i++) names.add(`${segments[i]}/${segments[i + 1]}`);
          } else if (DEFINITIONS.includes(k)) scan(x, false);
          else scan(x, inverted || k === 'not' || k === 'if' || k === 'oneOf' || (k === 'contains' && v['maxContains'] !== undefined));
        }
      };
      scan(root, false);
      // A definition named so passes it on to the references inside it.
      const done = new Set<string>();
      for (let grew = true; grew && open;) {
        grew = false;
        for (const n of [...names]) {
          if (done.has(n)) continue;
          done.add(n);
          grew = true;
          const [k, defName] = n.split('/') as [string, string];
          const defs = isObj(root) && DEFINITIONS.includes(k) ? getOwn(root, k) : undefined;
          const body = isObj(defs) ? getOwn(defs, defName) : undefined;
          if (body !== undefined) scan(body, true);
        }
      }
      this.againstGrain[side] = open ? names : null;
    }
    const names = this.againstGrain[side] ?? null;
    return names === null || names.has(`${keyword}/${name}`);
  }

  /**
   * Whether a `$ref` of one side's schema (the new one unless said) may name the definition `name` of `keyword`: two neighbouring
   * segments of its pointer are the two (it names the definition or a place inside it), or it is a reference this walker does not read as a pointer
   * (another document, an anchor), which may name anything.
   */
  private namedByRef(keyword: string, name: string, side: 'before' | 'after' = 'after'): boolean {
    if (this.refNames[side] === undefined) {
      const names = new Set<string>();
      let open = true;
      const stack: JsonValue[] = [this.roots[side]];
      while (stack.length > 0 && open) {
        const v = stack.pop();
        if (Array.isArray(v)) stack.push(...v);
        else if (isObj(v)) {
          for (const k of Object.keys(v)) {
            const x = v[k]!;
            // `$dynamicRef`/`$recursiveRef` may name a definition by pointer too (an anchor one is not read here).
            if ((k === '$ref' || k === '$dynamicRef' || k === '$recursiveRef') && typeof x === 'string') {
              if (x === '#' || x === '#/') continue;
              // A relative one (zod-to-json-schema's `"2/definitions/Leaf"`) is read from where it sits.
              const relative = k === '$ref' && relativePointer(x) !== undefined ? this.pointerOf(v, side) : undefined;
              if (!x.startsWith('#/') && relative === undefined) {
                open = false;
                continue;
              }
              try {
                const segments = relative ?? x.slice(2).split('/').map((seg) => decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~'));
                // Every pair of segments along the pointer: `#/$defs/A/$defs/B` and `#/$defs/A/properties/x`
                // pass through definition A, which they need as much as `#/$defs/A` does.
                for (let i = 0; i + 1 < segments.length; i++) names.add(`${segments[i]}/${segments[i + 1]}`);
              } catch {
                open = false;
              }
            } else stack.push(x);
          }
        }
      }
      this.refNames[side] = open ? names : null;
    }
    const names = this.refNames[side] ?? null;
    return names === null || names.has(`${keyword}/${name}`);
  }

  /** Where the root definitions are reached ({@link definitionReach}); null when that is not plain. */
  private reach: DefinitionReach | null | undefined;

  /**
   * {@link definitionReach} for the definitions map `keyword` of `b` and `a` when they are the
   * root schemas' own (compared at the root, outside a trial); undefined otherwise.
   */
  private rootDefinitions(b: Obj, a: Obj, keyword: string): DefinitionReach | undefined {
    const { before, after } = this.roots;
    if (this.trials > 0 || !isObj(before) || !isObj(after)) return undefined;
    if (getOwn(b, keyword) !== getOwn(before, keyword) || getOwn(a, keyword) !== getOwn(after, keyword)) return undefined;
    if (this.reach === undefined) this.reach = definitionReach(before, after) ?? null;
    return this.reach ?? undefined;
  }

  /** Each side's local `$ref` targets as whole JSON pointers (`/$defs/A/$defs/X`); null when some reference is not one. */
  private readonly refTargets: { before?: Set<string> | null; after?: Set<string> | null } = {};
  /** Where each object of each side's schema sits ({@link locations}), made when a nested definitions map is first compared. */
  private readonly placesAll: { before?: WeakMap<object, string[]>; after?: WeakMap<object, string[]> } = {};

  /**
   * For a definitions map present on both sides and compared outside a trial: whether a `$ref` of
   * each side names (or points inside) the entry `name` of that side's map, by its whole pointer
   * (`#/$defs/A/$defs/X` names X inside A, not a root definition X; `#/$defs/X` names no X inside
   * A), and whether the map is below the root (`nested`: a definition holding its own `$defs`).
   * Undefined where that cannot be read plainly: a map whose place in its schema is not known (a
   * copy), or a side with a `$ref` that is not a `#/…` pointer (a relative pointer, an anchor,
   * another document), `$dynamicRef` or `$recursiveRef`, or an `$id` below the root (it changes
   * what a pointer names); the entries are then named by two neighbouring pointer segments
   * ({@link namedByRef}), as before.
   */
  private definitionNames(b: Obj, a: Obj, keyword: string): { before: (name: string) => boolean; after: (name: string) => boolean; nested: boolean } | undefined {
    if (this.trials > 0) return undefined;
    let depth = 0;
    const read = (side: 'before' | 'after', node: Obj): ((name: string) => boolean) | undefined => {
      const root = this.roots[side];
      const map = getOwn(node, keyword);
      if (!isObj(root) || (map !== undefined && !isObj(map))) return undefined;
      const places = (this.placesAll[side] ??= locations(root));
      // A side without the map: where it would stand in the node (no reference names an entry
      // there but one that dangles, which then names it).
      const holder = map === undefined ? places.get(node) : undefined;
      const at = map !== undefined ? places.get(map) : holder === undefined ? undefined : [...holder, keyword];
      if (at === undefined || at.length === 0) return undefined;
      depth = Math.max(depth, at.length);
      if (this.refTargets[side] === undefined) {
        let open = true;
        const targets = new Set<string>();
        someNode(root, (v) => {
          if (getOwn(v, '$dynamicRef') !== undefined || getOwn(v, '$recursiveRef') !== undefined) open = false;
          if (v !== root && typeof getOwn(v, '$id') === 'string') open = false;
          const ref = getOwn(v, '$ref');
          if (typeof ref === 'string') {
            if (ref === '#') targets.add('');
            else if (!ref.startsWith('#/')) open = false;
            else {
              try {
                targets.add('/' + ref.slice(2).split('/').map((seg) => decodeURIComponent(seg)).join('/'));
              } catch {
                open = false;
              }
            }
          } else if (ref !== undefined) open = false;
          return !open;
        });
        this.refTargets[side] = open ? targets : null;
      }
      const targets = this.refTargets[side];
      if (targets === null) return undefined;
      // Pointer tokens escaped as in a `$ref` (`~0`, `~1`), compared as written after percent-decoding.
      const esc = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');
      const prefix = '/' + at.map(esc).join('/');
      return (name: string) => {
        const p = `${prefix}/${esc(name)}`;
        for (const t of targets) if (t === p || t.startsWith(`${p}/`)) return true;
        return false;
      };
    };
    const before = read('before', b);
    const after = read('after', a);
    return before === undefined || after === undefined ? undefined : { before, after, nested: depth > 1 };
  }

  private definitions(b: Obj, a: Obj, path: string, keyword: string): void {
    // No definitions is an empty set of them.
    const db = b[keyword] ?? (isObj(a[keyword]) ? {} : undefined);
    const da = a[keyword] ?? (isObj(b[keyword]) ? {} : undefined);
    if (same(db, da)) {
      if (!same(b[keyword], a[keyword])) this.add('keyword-respelled', path, b[keyword], a[keyword], keyword);
      return;
    }
    if (!isObj(db) || !isObj(da)) {
      this.add('keyword-changed', path, db, da, keyword);
      return;
    }
    // Definitions are named by their whole pointer (`#/$defs/A/$defs/X`), not by their name alone,
    // which a definition elsewhere (`#/$defs/X`) may share ({@link definitionNames}).
    const reach = this.rootDefinitions(b, a, keyword);
    const named = this.definitionNames(b, a, keyword);
    for (const name of [...new Set([...Object.keys(db), ...Object.keys(da)])].sort()) {
      const child = childField(`${path}.${keyword}`, name);
      // Own entries only: a definition named `constructor` or `__proto__` is an ordinary name.
      const before = getOwn(db, name);
      const after = getOwn(da, name);
      if (named !== undefined && before !== undefined && after !== undefined && !same(before, after) && reach === undefined && named.nested) {
        // Below the root, a changed definition named on one side only (or on neither) judges no
        // value where it stands: each reference naming it on one side was followed where it
        // stands and compared with what the other side has there.
        const namedBefore = named.before(name);
        const namedAfter = named.after(name);
        if (!namedBefore || !namedAfter) {
          this.add(namedAfter ? 'definition-references-moved' : 'definition-changed-unused', child, before, after, keyword);
          continue;
        }
      }
      const namedBy = (side: 'before' | 'after'): boolean => (named !== undefined ? named[side](name) : this.namedByRef(keyword, name, side));
      // A definition added changes nothing until a `$ref` points at it (that `$ref` is its own
      // change); one a `$ref` of the old schema already named (it dangled, or a reference not read
      // here may have named it) now gives that reference a meaning: a change.
      if (before === undefined) this.add(namedBy('before') ? 'keyword-changed' : 'definition-added', child, undefined, after, keyword);
      // A definition dropped that no `$ref` of the new schema can name changes nothing either (a
      // rename: `#/$defs/A` → `#/$defs/B`, the references compared through it); one still named
      // (the reference now dangles) or by a reference not read here stays a change.
      else if (after === undefined) this.add(namedBy('after') ? 'keyword-changed' : 'definition-removed', child, before, after, keyword);
      else {
        // Compared where it stands, a definition judges the values of the places that name it in
        // both schemas; one no place reaches in both (unused, or named only by references that
        // moved, each compared where it is) judges none there ({@link definitionReach}).
        if (same(before, after)) continue;
        const at = `${keyword}/${name}`;
        if (reach !== undefined && !reach.shared.has(at)) {
          this.add(reach.reachedAfter.has(at) ? 'definition-references-moved' : 'definition-changed-unused', child, before, after, keyword);
          continue;
        }
        const start = this.changes.length;
        this.walk(before, after, child, 'definition');
        // Compared where it stands, a definition that accepts more is a widening; named under
        // `not`, `if`, a `oneOf` … it may narrow the node that names it: judged conservatively.
        const moved = this.changes.slice(start).some((c) => !SAME_VALUES.has(c.kind));
        if (moved && (this.namedAgainstGrain(keyword, name, 'before') || this.namedAgainstGrain(keyword, name, 'after'))) this.add('keyword-changed', child, before, after, '$ref');
      }
    }
  }
}

/**
 * Explain the difference between two JSON Schemas property by property.
 *
 * A `null` side means "no schema declared" (an output schema added or dropped). Keywords this
 * function does not model are compared whole and reported as `keyword-changed`, so nothing that
 * changed is silently skipped. Equal schemas give an empty list.
 *
 * @param before The old schema, or null when none was declared.
 * @param after The new schema, or null when none is declared.
 * @returns The changes in a stable order (depth-first, keys in code-unit order).
 * @example diffSchema({type:'object'}, {type:'object', properties:{a:{type:'string'}}}) // [{kind:'property-added', path:'$.a', ...}]
 */
export function diffSchema(before: JsonValue | null, after: JsonValue | null): RawSchemaChange[] {
  // A key whose value is undefined (a schema built in code, `{ enum: maybeValues }`) is no
  // keyword: JSON and the lockfile drop it, so the diff reads the schema as they do.
  before = withoutUndefinedKeys(before);
  after = withoutUndefinedKeys(after);
  // Definitions the new schema swapped (or rotated) with their references are compared under
  // their old names: the renamed schema accepts the same values ({@link renamedDefinitions}).
  const renamed = renamedDefinitions(before, after);
  const compared = renamed?.after ?? after;
  const walker = new SchemaWalker(unevaluatedInPlace(before) || unevaluatedInPlace(compared), { before, after: compared }, unevaluatedItemsInPlace(before) || unevaluatedItemsInPlace(compared));
  if (before === null && after === null) return [];
  if (before === null) walker.add('schema-declared', '$', undefined, after);
  else if (after === null) walker.add('schema-dropped', '$', before, undefined);
  else walker.walk(before, compared!, '$');
  if (renamed === undefined) return walker.changes;
  // What the changes show of the new schema is written as it has it.
  for (const c of walker.changes) c.after = renamed.restore(c.after, c.keyword?.startsWith('$ref') === true);
  for (const r of renamed.renames) {
    const escape = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');
    const pointer = (name: string): string => `#${[...r.at, r.keyword].map((t) => `/${escape(t)}`).join('')}/${encodeURIComponent(escape(name))}`;
    // The map's place: pairs of a `$defs`/`definitions` or `properties` keyword and a name.
    let at = '$';
    for (let i = 0; i + 1 < r.at.length; i += 2) at = childField(r.at[i] === 'properties' ? at : `${at}.${r.at[i]!}`, r.at[i + 1]!);
    walker.add('keyword-respelled', childField(`${at}.${r.keyword}`, r.from), pointer(r.from), pointer(r.to), `${r.keyword} (renamed)`);
  }
  return walker.changes;
}

/**
 * The schema without object keys whose value is `undefined`, as `JSON.stringify` and a lockfile
 * write it; the same value when it has none (nothing is copied then).
 *
 * @param value A schema, possibly built in code.
 * @returns The schema as JSON holds it.
 */
function withoutUndefinedKeys<T extends JsonValue | null>(value: T): T {
  const has = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (Array.isArray(v)) return v.some(has);
    return Object.values(v).some((x) => x === undefined || has(x));
  };
  if (!has(value)) return value;
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(copy);
    const out: Record<string, unknown> = {};
    // defineProperty: a `__proto__` key JSON.parse made stays a key, not the copy's prototype.
    for (const [k, x] of Object.entries(v)) if (x !== undefined) Object.defineProperty(out, k, { value: copy(x), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return copy(value) as T;
}
