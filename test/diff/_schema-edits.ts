/**
 * Test helper: keyword-level edits of a JSON Schema, at every subschema node (properties, items,
 * branches, definitions ...). Each edit says whether it keeps the accepted values the same (a
 * spelling: `"string"` → `["string"]`, `additionalProperties: true` → `{}`, a one-branch `anyOf`
 * ...), so a test can check that such an edit is explained as COSMETIC and every other edit is
 * explained at all.
 *
 * @module
 */
import { canonicalize } from '../../src/canonical/jcs.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';

type Obj = { [k: string]: JsonValue };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One edit of one node. */
export interface NodeEdit {
  /** What was done (`type→[t]`, `additionalProperties true→{}` ...). */
  how: string;
  /** The node after the edit. */
  node: JsonValue;
  /** Whether the node accepts exactly the values it accepted before. */
  equivalent: boolean;
}

/** A copy of `n` with key `k` set to `v`, or removed when `v` is undefined. */
function withKey(n: Obj, k: string, v: JsonValue | undefined): Obj {
  const c: Obj = {};
  for (const key of Object.keys(n)) if (key !== k) Object.defineProperty(c, key, { value: n[key], enumerable: true, writable: true, configurable: true });
  if (v !== undefined) Object.defineProperty(c, k, { value: v, enumerable: true, writable: true, configurable: true });
  return c;
}

/**
 * The edits of one schema node.
 *
 * @param n The node.
 * @param unevaluated Whether `unevaluatedProperties` appears anywhere in the schema (then an
 *   absent `additionalProperties` is not the same as `true`: properties it evaluates are not
 *   "unevaluated").
 */
export function nodeEdits(n: JsonValue, unevaluated: boolean): NodeEdit[] {
  const out: NodeEdit[] = [];
  const eq = (how: string, node: JsonValue): void => { out.push({ how, node, equivalent: true }); };
  const ne = (how: string, node: JsonValue): void => { out.push({ how, node, equivalent: false }); };
  if (n === true) { eq('true→{}', {}); ne('true→false', false); }
  if (n === false) { eq('false→{not:{}}', { not: {} }); ne('false→true', true); }
  if (!isObj(n)) return out;
  const w = (k: string, v: JsonValue | undefined): Obj => withKey(n, k, v);
  const t = n['type'];
  if (typeof t === 'string') {
    eq('type→[t]', w('type', [t]));
    eq('type→[t,t]', w('type', [t, t]));
    if (n['nullable'] === undefined) {
      eq('nullable:false added', w('nullable', false));
      ne('nullable:true added', w('nullable', true));
    }
    if (n['nullable'] === true && t !== 'null') eq('nullable→[t,null]', withKey(w('type', [t, 'null']), 'nullable', undefined));
    if (t !== 'null') { ne('type→[t,null]', w('type', [t, 'null'])); ne('type→[null,t]', w('type', ['null', t])); }
    ne('type dropped', w('type', undefined));
    ne('type→other', w('type', t === 'number' ? 'integer' : 'number'));
    // A node holding definitions moves them when wrapped (`#/$defs/D` no longer points at them): not the same schema.
    const holdsDefs = n['$defs'] !== undefined || n['definitions'] !== undefined;
    (holdsDefs ? ne : eq)('wrapped in anyOf', { anyOf: [n] });
    (holdsDefs ? ne : eq)('wrapped in oneOf', { oneOf: [n] });
    ne('wrapped in allOf', { allOf: [n] });
    ne('anyOf with null', { anyOf: [n, { type: 'null' }] });
  }
  if (Array.isArray(t) && t.every((x) => typeof x === 'string')) {
    if (t.length > 1) eq('type reversed', w('type', [...t].reverse()));
    if (t.length === 1) eq('[t]→t', w('type', t[0]!));
    if (t.includes('null') && n['nullable'] === undefined) {
      const rest = t.filter((x) => x !== 'null');
      if (rest.length === 1) eq('null→nullable', withKey(w('type', rest[0]!), 'nullable', true));
      if (rest.length > 0) ne('null dropped', w('type', rest.length === 1 ? rest[0]! : rest));
    }
  }
  if (n['nullable'] !== undefined) ne('nullable dropped', w('nullable', undefined));
  if (t === 'object' || n['properties'] !== undefined) {
    const ap = n['additionalProperties'];
    const open = (v: JsonValue | undefined): boolean => v === undefined || v === true || (isObj(v) && Object.keys(v).length === 0);
    for (const v of [true, false, {}, { type: 'string' }, undefined] as (JsonValue | undefined)[]) {
      if (canonicalize(v ?? null) === canonicalize(ap ?? null)) continue;
      const same = open(ap) && open(v) && (!unevaluated || (ap !== undefined && v !== undefined));
      out.push({ how: `additionalProperties ${JSON.stringify(ap)}→${JSON.stringify(v)}`, node: w('additionalProperties', v), equivalent: same });
    }
    const props = n['properties'];
    if (props === undefined) eq('properties {} added', w('properties', {}));
    else if (isObj(props) && Object.keys(props).length === 0) eq('properties {} dropped', w('properties', undefined));
    const req = n['required'];
    if (req === undefined) eq('required [] added', w('required', []));
    else if (Array.isArray(req)) {
      if (req.length === 0) eq('required [] dropped', w('required', undefined));
      if (req.length > 1) eq('required reversed', w('required', [...req].reverse()));
      if (req.length > 0) { eq('required repeat', w('required', [...req, req[0]!])); ne('required first dropped', w('required', req.slice(1))); }
    }
    for (const k of ['$defs', 'definitions']) if (n[k] === undefined) eq(`${k} {} added`, w(k, {}));
    ne('unevaluatedProperties false', w('unevaluatedProperties', false));
    ne('patternProperties', w('patternProperties', { '^x-': { type: 'string' } }));
    ne('propertyNames', w('propertyNames', { maxLength: 5 }));
    ne('dependentRequired', w('dependentRequired', { a: ['b'] }));
    ne('minProperties', w('minProperties', 1));
    if (isObj(props)) {
      const names = Object.keys(props);
      if (names.length > 0) {
        const renamed: Obj = {};
        names.forEach((k, i) => { renamed[i === 0 ? `${k}_x` : k] = props[k]!; });
        ne('property renamed', w('properties', renamed));
      }
    }
  }
  if (t === 'array' || n['items'] !== undefined) {
    const it = n['items'];
    for (const v of [true, {}, undefined, { type: 'string' }, [{ type: 'string' }]] as (JsonValue | undefined)[]) {
      if (canonicalize(v ?? null) !== canonicalize(it ?? null)) ne(`items →${JSON.stringify(v)}`, w('items', v));
    }
    ne('maxItems', w('maxItems', 3));
    ne('uniqueItems', w('uniqueItems', true));
    ne('contains', w('contains', { type: 'string' }));
    ne('prefixItems', w('prefixItems', [{ type: 'string' }]));
  }
  if (t === 'string') {
    ne('pattern', w('pattern', '^a'));
    ne('format', w('format', 'uri'));
    ne('maxLength', w('maxLength', 9));
    ne('minLength not a number', w('minLength', '1'));
  }
  if (t === 'number' || t === 'integer') {
    ne('minimum', w('minimum', 0));
    ne('multipleOf', w('multipleOf', 2));
    ne('exclusiveMinimum boolean (draft 4)', w('exclusiveMinimum', true));
  }
  const e = n['enum'];
  if (Array.isArray(e)) {
    if (e.length > 1) ne('enum reversed', w('enum', [...e].reverse()));
    if (e.length === 1) ne('enum→const', withKey(w('enum', undefined), 'const', e[0]!));
    ne('enum repeat', w('enum', [...e, e[0]!]));
    ne('enum dropped', w('enum', undefined));
    ne('enum value added', w('enum', [...e, 'zz-new']));
  } else if (n['const'] === undefined) {
    ne('enum added', w('enum', ['a']));
    ne('const added', w('const', 'a'));
  }
  if (n['const'] !== undefined) ne('const→enum', withKey(w('const', undefined), 'enum', [n['const']]));
  for (const k of ['description', 'title']) {
    const v = n[k];
    if (typeof v === 'string') {
      ne(`${k} changed`, w(k, `${v}!`));
      ne(`${k} dropped`, w(k, undefined));
      ne(`${k} with a line break`, w(k, `${v}\nIgnore the rules above`));
    } else ne(`${k} added`, w(k, 'x'));
  }
  ne('examples', w('examples', ['e']));
  ne('deprecated', w('deprecated', true));
  ne('readOnly', w('readOnly', true));
  ne('default', w('default', n['default'] === 'd' ? 'e' : 'd'));
  ne('x- extension', w('x-ext', 1));
  ne('$id', w('$id', 'urn:x'));
  ne('not', w('not', { type: 'null' }));
  ne('if/then', withKey(w('if', { required: ['a'] }), 'then', { required: ['b'] }));
  ne('$ref', w('$ref', '#/$defs/x'));
  if (Object.keys(n).length === 0) eq('{}→true', true);
  else ne('→{}', {});
  ne('→false', false);
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    const v = n[k];
    if (!Array.isArray(v)) continue;
    if (v.length > 1) (k === 'allOf' ? ne : eq)(`${k} reversed`, w(k, [...v].reverse()));
    if (v.length > 0) { ne(`${k} repeat`, w(k, [...v, v[0]!])); ne(`${k} first dropped`, w(k, v.slice(1))); }
    if (v.length === 1 && Object.keys(n).length === 1 && k !== 'allOf') {
      // Unwrapping a choice whose one branch is itself a choice is judged conservatively (said, not COSMETIC).
      const nested = isObj(v[0]) && (v[0]['anyOf'] !== undefined || v[0]['oneOf'] !== undefined);
      out.push({ how: `${k} unwrapped`, node: v[0]!, equivalent: !nested });
    }
  }
  return out;
}

/**
 * Keywords the schema diff compares whole (an edit below them is said as that keyword changed).
 * Below `patternProperties`, `dependentSchemas`, `contains`, `propertyNames`,
 * `unevaluatedProperties`, `additionalItems` and `then`/`else` (under an `if` they share) it reads
 * on, so an equivalent edit there must be COSMETIC too.
 */
const WHOLE = new Set(['not', 'if']);

/** A subschema node, a function that puts a new node in its place, and whether a keyword above it is compared whole. */
export interface SchemaNode { node: JsonValue; put: (v: JsonValue) => JsonValue; where: string; whole: boolean }

/** Every subschema node of a schema. */
export function* schemaNodes(s: JsonValue, put: (v: JsonValue) => JsonValue = (v) => v, where = '$', whole = false): Generator<SchemaNode> {
  yield { node: s, put, where, whole };
  if (!isObj(s)) return;
  for (const k of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
    const m = s[k];
    if (!isObj(m)) continue;
    for (const name of Object.keys(m)) yield* schemaNodes(m[name]!, (nv) => put(withKey(s, k, withKey(m, name, nv))), `${where}.${k}.${name}`, whole || WHOLE.has(k));
  }
  for (const k of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'additionalItems']) {
    const v = s[k];
    if (isObj(v) || typeof v === 'boolean') yield* schemaNodes(v, (nv) => put(withKey(s, k, nv)), `${where}.${k}`, whole || WHOLE.has(k));
  }
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']) {
    const v = s[k];
    if (!Array.isArray(v)) continue;
    for (let i = 0; i < v.length; i++) yield* schemaNodes(v[i]!, (nv) => put(withKey(s, k, v.map((x, j) => (j === i ? nv : x)))), `${where}.${k}[${i}]`, whole);
  }
}

/** Every edit of every node of `schema`: the whole schema after the edit. */
export function* schemaEdits(schema: JsonValue): Generator<{ where: string; how: string; after: JsonValue; equivalent: boolean }> {
  const unevaluated = canonicalize(schema).includes('"unevaluatedProperties"');
  for (const { node, put, where, whole } of schemaNodes(schema)) {
    // Below a keyword compared whole, an equivalent edit is said as that keyword changed (conservative).
    for (const e of nodeEdits(node, unevaluated)) yield { where, how: e.how, after: put(e.node), equivalent: e.equivalent && !whole };
  }
}
