/**
 * Random schema pairs built from the keywords that the other property tests do not draw
 * (`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, `prefixItems`,
 * `patternProperties`, `propertyNames`, `contains` with its counts, `const`, `enum` of mixed
 * types, nullable type lists, `$defs` reached through chains of `$ref`; since diff16 also
 * `unevaluatedProperties`/`unevaluatedItems`, `dependencies`, `minProperties`/`maxProperties`,
 * `multipleOf`, `format`, `contentMediaType`, `readOnly`/`writeOnly`, `deprecated`, `default`,
 * `$anchor`, nullable as `anyOf [X, {type: null}]`), checked against Ajv's JSON Schema 2020-12
 * validator (with ajv-formats) on a fixed pool of instances; a second property draws draft-07
 * `items` lists with `additionalItems` and checks them against Ajv's draft-07 class: a verdict that says no value breaks
 * (none, COSMETIC, SAFE) must hold for every instance. Input: each instance the old schema
 * accepts, the new one accepts too; output: each one the new schema accepts, the old one did.
 */
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';

type Pair<T> = [T, T];
type Obj = { [k: string]: JsonValue };

/** Two values of `arb`, equal eleven times in twelve, so pairs differ in one or two places. */
function pair<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Pair<T>> {
  return fc.tuple(arb, arb, fc.nat(11)).map(([x, y, n]) => [x, n === 0 ? y : structuredClone(x)]);
}

/** Zip records of pairs into a pair of records (a key whose value is undefined is left out). */
function unzip(fields: Record<string, fc.Arbitrary<Pair<JsonValue | undefined>>>): fc.Arbitrary<Pair<Obj>> {
  return fc.record(fields).map((r) => {
    const a: Obj = {};
    const b: Obj = {};
    for (const [k, [x, y]] of Object.entries(r)) {
      if (x !== undefined) a[k] = x;
      if (y !== undefined) b[k] = y;
    }
    return [a, b];
  });
}

/** `arb` one time in `n`, else undefined (the keyword left out). */
const some = <T extends JsonValue>(arb: fc.Arbitrary<T>, n = 3): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** Small schemas used inside the keywords (and as definitions: no `$ref`, so no chain closes on itself). */
const plainLeaf: fc.Arbitrary<JsonValue> = fc.constantFrom<JsonValue>(
  true, false, {}, { type: 'string' }, { type: 'number' }, { type: 'integer' }, { type: ['string', 'null'] }, { type: 'array' },
  { type: 'object' }, { maxLength: 1 }, { minLength: 2 }, { minimum: 1 }, { maximum: 2 }, { const: 'a' }, { const: 1 },
  { enum: ['a', 1, null] }, { enum: ['a', 'ab'] }, { enum: [1, true, [1]] }, { not: { type: 'string' } }, { required: ['a'] },
  { type: 'string', nullable: true },
  { type: 'string', format: 'email' }, { format: 'date' }, { multipleOf: 2 }, { type: 'number', multipleOf: 0.5 }, { minProperties: 1 },
  { maxProperties: 1 }, { type: 'string', readOnly: true }, { writeOnly: true }, { deprecated: true }, { default: 1 }, { default: 'a', type: 'string' },
  { anyOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'number', minimum: 1 }, { type: 'null' }] }, { type: 'string', contentMediaType: 'application/json' },
);
const leaf: fc.Arbitrary<JsonValue> = fc.oneof({ weight: 5, arbitrary: plainLeaf }, { weight: 1, arbitrary: fc.constantFrom<JsonValue>({ $ref: '#/$defs/D0' }, { $ref: '#/$defs/D1' }, { $ref: '#n1' }, { anyOf: [{ $ref: '#/$defs/D0' }, { type: 'null' }] }) });

const node: fc.Arbitrary<Pair<Obj>> = unzip({
  type: pair(some(fc.constantFrom<JsonValue>('object', 'array', 'string', ['string', 'null'], ['array', 'null'], ['object', 'string']))),
  const: pair(some(fc.constantFrom<JsonValue>('a', 1, null, [1], { a: 1 }), 6)),
  enum: pair(some(fc.uniqueArray(fc.constantFrom<JsonValue>('a', 'ab', 1, 2.5, null, true, [1], { a: 1 }), { minLength: 1, maxLength: 4, selector: (x) => JSON.stringify(x) }), 4)),
  properties: pair(some(fc.dictionary(fc.constantFrom('a', 'b', 'x1'), leaf, { maxKeys: 2 }))),
  required: pair(some(fc.uniqueArray(fc.constantFrom('a', 'b'), { maxLength: 2 }))),
  additionalProperties: pair(some(fc.constantFrom<JsonValue>(false, true, { type: 'number' }), 3)),
  patternProperties: pair(some(fc.dictionary(fc.constantFrom('^x', '^a', 'b$'), leaf, { maxKeys: 2 }))),
  propertyNames: pair(some(fc.constantFrom<JsonValue>({ maxLength: 1 }, { enum: ['a', 'b'] }, { pattern: '^[ab]' }), 3)),
  dependentRequired: pair(some(fc.constantFrom<JsonValue>({ a: ['b'] }, { b: ['a'] }, { a: [] }, { x1: ['a', 'b'] }), 3)),
  dependentSchemas: pair(some(fc.record({ a: leaf }, { requiredKeys: [] }) as fc.Arbitrary<JsonValue>, 3)),
  prefixItems: pair(some(fc.array(leaf, { minLength: 1, maxLength: 2 }), 3)),
  items: pair(some(leaf, 3)),
  contains: pair(some(leaf, 3)),
  minContains: pair(some(fc.nat(2), 4)),
  maxContains: pair(some(fc.nat(2), 4)),
  minItems: pair(some(fc.nat(2), 4)),
  if: pair(some(leaf, 3)),
  then: pair(some(leaf, 3)),
  else: pair(some(leaf, 3)),
  anyOf: pair(some(fc.array(leaf, { minLength: 1, maxLength: 3 }), 5)),
  oneOf: pair(some(fc.array(leaf, { minLength: 1, maxLength: 3 }), 6)),
  allOf: pair(some(fc.array(leaf, { minLength: 1, maxLength: 2 }), 5)),
  not: pair(some(leaf, 6)),
  $ref: pair(some(fc.constantFrom<JsonValue>('#/$defs/D0', '#/$defs/D1', '#/$defs/D2', '#n1'), 5)),
  unevaluatedProperties: pair(some(fc.constantFrom<JsonValue>(false, true, { type: 'number' }), 5)),
  unevaluatedItems: pair(some(fc.constantFrom<JsonValue>(false, true, { type: 'string' }), 6)),
  dependencies: pair(some(fc.constantFrom<JsonValue>({ a: ['b'] }, { a: { required: ['b'] } }, { b: { properties: { a: { type: 'string' } } } }, { x1: [] }), 5)),
  minProperties: pair(some(fc.nat(2), 5)),
  maxProperties: pair(some(fc.nat(2), 5)),
  multipleOf: pair(some(fc.constantFrom<JsonValue>(1, 2, 0.5, 1.5), 5)),
  format: pair(some(fc.constantFrom<JsonValue>('email', 'date', 'uri', 'int32', 'int64', 'color'), 5)),
  contentMediaType: pair(some(fc.constantFrom<JsonValue>('application/json', 'text/plain'), 8)),
  readOnly: pair(some(fc.boolean(), 6)),
  writeOnly: pair(some(fc.boolean(), 6)),
  deprecated: pair(some(fc.boolean(), 6)),
  default: pair(some(fc.constantFrom<JsonValue>(1, 'a', null, [], {}), 5)),
});

/** The definitions, a chain D0 → D1 → D2 on each side, each link drawn as a pair too. */
const defs: fc.Arbitrary<Pair<Obj>> = unzip({
  D0: pair(fc.oneof(fc.constant<JsonValue>({ $ref: '#/$defs/D1' }), plainLeaf)),
  D1: pair(fc.oneof(fc.constant<JsonValue>({ $ref: '#/$defs/D2' }), plainLeaf, fc.constant<JsonValue>({ anyOf: [{ $ref: '#/$defs/D2' }, { type: 'null' }] }))),
  /** Reached as `#n1` through its `$anchor` (the anchor stays; what it names is drawn). */
  N1: pair(fc.oneof(plainLeaf, fc.constant<JsonValue>({ $ref: '#/$defs/D2' })).map((x): JsonValue => ({ $anchor: 'n1', allOf: [x] }))),
  D2: pair(fc.oneof(plainLeaf, fc.constant<JsonValue>({ type: 'object', properties: { a: { $ref: '#/$defs/D2' } } }))),
});

const instances: JsonValue[] = [
  null, true, 0, 1, 2, 2.5, -1, '', 'a', 'ab', 'xyz', [], [1], ['a'], [1, 'a'], ['a', 'a'], [null, 1, 'ab'], [1, 2, 3], [[1]],
  {}, { a: 1 }, { a: 'a' }, { a: null }, { b: 1 }, { b: 'ab' }, { a: 1, b: 2 }, { a: 'a', b: 'ab' }, { x1: 1 }, { x1: 'a', a: 'a' },
  { c: 1 }, { ab: 'a' }, { a: { a: 'x' } }, { a: [1] },
  3, 4.5, 2 ** 31, 'a@b.c', '2024-01-01', 'http://x.y/', '#fff', '{}', ['a', 1, 'b'], { a: 1, b: 2, c: 3 }, { a: 'a@b.c' }, { b: 'ab', x1: 2 },
];

/** How many pairs had a verdict below BREAKING checked against Ajv, and how many Ajv could not answer. */
const tally = { checked: 0, noOracle: 0, thrown: 0, undeclared: 0 };

/*
 * allErrors: with it off, Ajv 8.20 checks `contains` beside a `prefixItems` of a schema that is not
 * always valid only when the array has an item (`if (valid0)` on a variable set inside
 * `if (len > 0)`), so `[]` passed `{prefixItems: [{type: 'string'}], contains: {}}` (seed 15 at
 * 601 pairs); with it on, each keyword is checked on its own.
 */
const ajv = new Ajv2020({ strict: false, logger: false, allErrors: true, validateFormats: true });
// ajv-formats is CommonJS with `exports.default`: reach the plugin the same way on Node and Deno.
const formats = ajvFormats as unknown as { default?: { default?: unknown } };
((formats.default?.default ?? formats.default ?? ajvFormats) as (a: Ajv2020) => void)(ajv);
const harmless = (v: string): boolean => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';

/**
 * Each instance with whether `before` and `after` accept it, by Ajv; undefined where Ajv cannot
 * answer: its code generation was seen to fail (`props0 is not defined` in Ajv 8.20, for a `not`
 * beside a `oneOf` and a recursive `$ref`), so such a pair has no oracle (none at seeds 15, 22–24 and
 * 30–49 with allErrors; schema-cases.json judges that shape directly). An instance
 * whose validation throws is left out alone: Ajv 8.20 throws `Cannot set properties of undefined`
 * for `{x1: 'a', a: 'a'}` against `{patternProperties: {'^x': true}, anyOf: [{$ref: '#/$defs/D2'}, true]}`
 * with a recursive D2 (seed 22), a fault of its evaluated-properties bookkeeping, not an answer.
 */
function oracle(before: JsonValue, after: JsonValue, validator: Ajv | Ajv2020 = ajv): [JsonValue, boolean, boolean][] | undefined {
  let vb: (x: JsonValue) => boolean;
  let va: (x: JsonValue) => boolean;
  try {
    vb = validator.compile(before as object) as (x: JsonValue) => boolean;
    va = validator.compile(after as object) as (x: JsonValue) => boolean;
  } catch (e) {
    if (e instanceof ReferenceError || e instanceof RangeError) return undefined;
    throw e;
  }
  const out: [JsonValue, boolean, boolean][] = [];
  for (const x of instances) {
    try {
      out.push([x, vb(x), va(x)]);
    } catch (e) {
      if (!(e instanceof TypeError && /^Cannot set properties of undefined/.test(e.message))) throw e;
      tally.thrown++;
    }
  }
  return out;
}

const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `schema` whose top-level declarations of `names` are `true`: in the root's `properties`
 * and in those of the nodes the root applies in place through `$ref` (`#/$defs/…`), `allOf`,
 * `anyOf`, `oneOf`, `then`, `else` and `dependentSchemas` (the same documented choice there: the
 * name was declared nowhere before, so a caller who sent it relied on nothing the contract said).
 */
function undeclare(schema: JsonValue, names: Set<string>): JsonValue {
  const copy = structuredClone(schema);
  inPlaceNodes(copy, (n) => {
    const declared = n['properties'];
    if (isObj(declared)) for (const name of names) if (Object.hasOwn(declared, name)) declared[name] = true;
  });
  return copy;
}

/**
 * Visit the root of `schema` and the nodes it applies in place: through `$ref` (`#/$defs/…`,
 * `#/definitions/…`), `allOf`, `anyOf`, `oneOf`, `then`, `else` and `dependentSchemas`, at any depth.
 */
function inPlaceNodes(schema: JsonValue, each: (n: Obj) => void): void {
  const seen = new Set<Obj>();
  const visit = (n: JsonValue | undefined): void => {
    if (!isObj(n) || seen.has(n)) return;
    seen.add(n);
    each(n);
    const ref = n['$ref'];
    const at = typeof ref === 'string' ? /^#\/(\$defs|definitions)\/(.+)$/.exec(ref) : null;
    const defs = isObj(schema) && at !== null ? schema[at[1]!] : undefined;
    if (at !== null && isObj(defs)) visit(defs[at[2]!]);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(n[k])) for (const branch of n[k] as JsonValue[]) visit(branch);
    for (const k of ['then', 'else']) visit(n[k]);
    const dependent = n['dependentSchemas'];
    if (isObj(dependent)) for (const name of Object.keys(dependent)) visit(dependent[name]);
  };
  visit(schema);
}

/** Values of every JSON type, some of them nested. */
const ANY_VALUES: JsonValue[] = [null, true, 0, 2.5, '', 'a', [], [1], {}, { a: 1 }];

/**
 * Whether the old schema accepted `x` with any value of its property `name` (each of
 * {@link ANY_VALUES} in its place): then it said nothing about that name's value there, which is
 * what the documented choice for `property-added` assumes. A name it declared, matched by a
 * pattern, left to an extra-property schema or fixed by a `const` (in any node that judges `x`)
 * fails this, and is not excused.
 */
function anyValueBefore(x: Obj, name: string, before: JsonValue, validator: Ajv | Ajv2020): boolean {
  try {
    return ANY_VALUES.every((v) => validator.validate(before as object, { ...x, [name]: v }));
  } catch (e) {
    // Ajv 8.20's evaluated-properties fault (see `oracle`): no answer, so no excuse.
    if (e instanceof TypeError && /^Cannot set properties of undefined/.test(e.message)) return false;
    throw e;
  }
}

/**
 * Whether `x`, accepted by `before` and rejected by `after`, is one the documented choice lets go:
 * `property-added` is SAFE for callers on an open object (docs/diff.md: the old schema declared
 * no such name and accepted it with any value; a caller who sent an undeclared name relied on
 * nothing the contract said). So: input findings `property-added` at `$.name` (top level, the
 * only place the instances have names; or in a node the root applies in place, or a definition)
 * for names `x` holds; of them, those `before` accepted in `x` with any value
 * ({@link anyValueBefore}), and `after` accepting `x` once those names' new declarations are
 * `true` (they are all that rejects `x`; a name judged before may be among the findings and is
 * then not excused, nor does it stand in the way). A name closed or constrained before gives
 * `closed-`/`constrained-property-added` (RISKY), so it never reaches this excuse.
 */
function undeclaredNameSent(x: JsonValue, findings: { id: string; path: string }[], before: JsonValue, after: JsonValue, validator: Ajv | Ajv2020 = ajv): boolean {
  if (!isObj(x)) return false;
  const names = new Set<string>();
  for (const f of findings) {
    // At the root or in a subschema it applies in place (diff17's property: `$.anyOf[0].a`,
    // `$.then.a`), or in a definition compared where it stands (`$.$defs.D2.a`, seed 82), which
    // applies to the root's value where the root names it in place: `undeclare` follows the root's
    // `$ref`s, so a definition named elsewhere changes nothing there and excuses nothing.
    const m = /^\$(?:\.(?:\$defs|definitions)\.[A-Za-z_]\w*)?(?:\.(?:allOf|anyOf|oneOf)\[\d+\]|\.then|\.else|\.dependentSchemas\.[A-Za-z_]\w*)*\.([A-Za-z_]\w*)$/.exec(f.path);
    if (f.id === 'schema.input.property-added' && m !== null && Object.hasOwn(x, m[1]!)) names.add(m[1]!);
  }
  // A name whose value the old schema judged (a declaration, a pattern, an extra-property schema,
  // a `const` … in any node that judges `x`) is no undeclared name: the caller followed that. Only
  // the others are excused, and only when they alone reject `x` (seed 252: `a: false` and a
  // `b` declared as the root declares it, added to a `dependentSchemas` entry, rejected
  // `{a: 1, b: 2}` for `a` alone, while `b`, judged before, kept the excuse from applying).
  const open = new Set([...names].filter((name) => anyValueBefore(x, name, before, validator)));
  return open.size > 0 && validator.validate(undeclare(after, open) as object, x);
}

/** What is too lenient in the verdicts on `before` → `after`, or undefined. */
function lenient(before: JsonValue, after: JsonValue, validator: Ajv | Ajv2020 = ajv): string | undefined {
  const inputFindings = explainSchemaChange(before, after, 'input')!;
  const input = maxVerdict(inputFindings.map((j) => j.verdict));
  const output = maxVerdict(explainSchemaChange(before, after, 'output')!.map((j) => j.verdict));
  if (!harmless(input) && !harmless(output)) return undefined;
  const accepts = oracle(before, after, validator);
  if (accepts === undefined) {
    tally.noOracle++;
    return undefined;
  }
  tally.checked++;
  for (const [x, b, a] of accepts) {
    if (harmless(input) && b && !a) {
      if (undeclaredNameSent(x, inputFindings, before, after, validator)) {
        tally.undeclared++;
        continue;
      }
      return `input ${input}, but ${JSON.stringify(x)} is rejected after, accepted before`;
    }
    if (harmless(output) && a && !b) return `output ${output}, but ${JSON.stringify(x)} is accepted after, rejected before`;
  }
  return undefined;
}

test('random schema pairs over if/then/else, dependent*, prefixItems, patternProperties, propertyNames, contains, const, mixed enums, nullable and $ref chains: never more lenient than ajv 2020', () => {
  fc.assert(fc.property(node, defs, ([nb, na], [db, da]) => {
    const before: JsonValue = { ...nb, $defs: db };
    const after: JsonValue = { ...na, $defs: da };
    const problem = lenient(before, after);
    assert.ok(problem === undefined, `${problem}: ${JSON.stringify([before, after])}`);
  }), { numRuns: Number(process.env['SCHEMA_AJV_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_AJV_SEED'] ?? 15) });
  if (process.env['SCHEMA_AJV_RUNS'] !== undefined) console.log(tally);
  // Most pairs differ in a few keywords; a good share is judged below BREAKING in some direction.
  assert.ok(tally.checked > 60, `only ${tally.checked} pairs with a verdict below BREAKING`);
});


/**
 * draft-07 pairs, checked against Ajv's draft-07 class (Ajv 2020 refuses an `items` list): tuples
 * as an `items` list with `additionalItems`, `dependencies` of both forms, `definitions` reached by
 * `$ref`, beside the object and array keywords they meet.
 */
const leaf07: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom<JsonValue>(true, false, {}, { type: 'string' }, { type: 'number' }, { type: ['string', 'null'] }, { maxLength: 1 }, { minimum: 1 }, { const: 'a' }, { enum: ['a', 1] }, { required: ['a'] }) },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>({ $ref: '#/definitions/E0' }, { anyOf: [{ $ref: '#/definitions/E0' }, { type: 'null' }] }) },
);
const node07: fc.Arbitrary<Pair<Obj>> = unzip({
  type: pair(some(fc.constantFrom<JsonValue>('array', 'object', ['array', 'null']), 3)),
  items: pair(some(fc.oneof(leaf07, fc.array(leaf07, { minLength: 1, maxLength: 3 })), 2)),
  additionalItems: pair(some(fc.constantFrom<JsonValue>(false, true, { type: 'string' }, { type: 'number' }), 2)),
  maxItems: pair(some(fc.nat(3), 4)),
  minItems: pair(some(fc.nat(2), 4)),
  uniqueItems: pair(some(fc.boolean(), 5)),
  contains: pair(some(leaf07, 5)),
  properties: pair(some(fc.dictionary(fc.constantFrom('a', 'b'), leaf07, { maxKeys: 2 }), 3)),
  required: pair(some(fc.uniqueArray(fc.constantFrom('a', 'b'), { maxLength: 2 }), 3)),
  additionalProperties: pair(some(fc.constantFrom<JsonValue>(false, true, { type: 'number' }), 4)),
  dependencies: pair(some(fc.constantFrom<JsonValue>({ a: ['b'] }, { a: { required: ['b'] } }, { b: { properties: { a: { type: 'string' } } } }, { a: [] }, { b: ['a'] }), 3)),
  minProperties: pair(some(fc.nat(2), 5)),
  maxProperties: pair(some(fc.nat(2), 5)),
  anyOf: pair(some(fc.array(leaf07, { minLength: 1, maxLength: 2 }), 6)),
  $ref: pair(some(fc.constant<JsonValue>('#/definitions/E0'), 6)),
});
const defs07: fc.Arbitrary<Pair<Obj>> = unzip({
  E0: pair(fc.oneof(fc.constantFrom<JsonValue>({ type: 'array', items: [{ type: 'string' }], additionalItems: false }, { type: 'array', items: [{ type: 'string' }] }), leaf07.filter((x) => !JSON.stringify(x).includes('$ref')))),
});
const ajv07 = new Ajv({ strict: false, logger: false, allErrors: true });

test('random draft-07 pairs over items lists with additionalItems, dependencies and definitions: never more lenient than ajv draft-07', () => {
  const start = tally.checked;
  fc.assert(fc.property(node07, defs07, ([nb, na], [db, da]) => {
    const before: JsonValue = { ...nb, definitions: db };
    const after: JsonValue = { ...na, definitions: da };
    const problem = lenient(before, after, ajv07);
    assert.ok(problem === undefined, `${problem}: ${JSON.stringify([before, after])}`);
  }), { numRuns: Number(process.env['SCHEMA_AJV_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_AJV_SEED'] ?? 15) });
  if (process.env['SCHEMA_AJV_RUNS'] !== undefined) console.log(tally);
  assert.ok(tally.checked - start > 60, `only ${tally.checked - start} pairs with a verdict below BREAKING`);
});

/**
 * Pairs where `unevaluatedItems` / `unevaluatedProperties` meet what other keywords evaluate
 * (diff17): arrays of `prefixItems`, `items`, `contains` and `unevaluatedItems` on a node and in
 * its `allOf`/`anyOf` branches; objects of `properties`, `additionalProperties` and
 * `unevaluatedProperties` on a node and in `allOf`, `anyOf`, `dependentSchemas` and `then`
 * branches. Each verdict below BREAKING must hold for Ajv 2020 on the instance pool.
 */
const uLeaf = fc.constantFrom<JsonValue>(true, false, { type: 'string' }, { type: 'number' }, {});
const uValue = fc.constantFrom<JsonValue>(true, false, {}, { type: 'string' }, { type: 'number' });
const arrayPart: fc.Arbitrary<Pair<Obj>> = unzip({
  prefixItems: pair(some(fc.array(uLeaf, { minLength: 1, maxLength: 3 }), 2)),
  items: pair(some(uLeaf, 3)),
  contains: pair(some(uLeaf, 4)),
  unevaluatedItems: pair(some(uValue, 3)),
});
const objectPart: fc.Arbitrary<Pair<Obj>> = unzip({
  properties: pair(some(fc.dictionary(fc.constantFrom('a', 'b', 'c'), uLeaf, { maxKeys: 2 }), 2)),
  additionalProperties: pair(some(uValue, 4)),
  unevaluatedProperties: pair(some(uValue, 3)),
  required: pair(some(fc.uniqueArray(fc.constantFrom('a', 'b'), { maxLength: 1 }), 4)),
});
const nodeOf = (part: fc.Arbitrary<Pair<Obj>>, places: string[]): fc.Arbitrary<Pair<Obj>> =>
  fc.tuple(part, ...places.map(() => fc.tuple(fc.nat(2), part)), fc.nat(3)).map(([own, ...rest]) => {
    const [b, a] = own as Pair<Obj>;
    const out: Pair<Obj> = [{ ...b }, { ...a }];
    (rest.slice(0, places.length) as [number, Pair<Obj>][]).forEach(([use, [xb, xa]], i) => {
      const place = places[i]!;
      const wrap = (x: Obj): JsonValue => (place === 'dependentSchemas' ? { a: x } : place === 'then' ? x : [x]);
      if (use === 0) return;
      out[0][place] = wrap(xb);
      out[1][place] = wrap(use === 1 ? structuredClone(xb) : xa);
      if (place === 'then') { out[0]['if'] = { required: ['a'] }; out[1]['if'] = { required: ['a'] }; }
    });
    return out;
  });
const uNode = fc.oneof(nodeOf(arrayPart, ['allOf', 'anyOf']), nodeOf(objectPart, ['allOf', 'anyOf', 'dependentSchemas', 'then']));

test('random pairs of unevaluatedItems/unevaluatedProperties beside what items, prefixItems, contains, properties and in-place branches evaluate: never more lenient than ajv 2020', () => {
  const start = tally.checked;
  fc.assert(fc.property(uNode, ([before, after]) => {
    const problem = lenient(before, after);
    assert.ok(problem === undefined, `${problem}: ${JSON.stringify([before, after])}`);
  }), { numRuns: Number(process.env['SCHEMA_AJV_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_AJV_SEED'] ?? 15) });
  if (process.env['SCHEMA_AJV_RUNS'] !== undefined) console.log(tally);
  assert.ok(tally.checked - start > 60, `only ${tally.checked - start} pairs with a verdict below BREAKING`);
});

test.run();
