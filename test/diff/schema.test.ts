/**
 * Property-level schema diff (test/vectors/diff/schema-cases.json): the structural change kinds
 * and paths, their verdicts judged in each direction, and how `--policy` uses them.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import * as ajvDraft04 from 'ajv-draft-04';
import * as ajvFormats from 'ajv-formats';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalDigest } from '../../src/canonical/jcs.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import type { ContractSet, ToolContract } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { diffSchema } from '../../src/diff/schema/diff-schema.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';

interface Case {
  name: string;
  before: JsonValue | null;
  after: JsonValue | null;
  changes: { kind: string; path: string; keyword?: string }[];
  input: string | null;
  output: string | null;
  /** Instances validated by Ajv with ajv-formats on both sides: a verdict below BREAKING must hold for each. */
  samples?: JsonValue[];
  /** Validate the samples with Ajv's JSON Schema 2020-12 class (unevaluatedProperties …), not draft-07's. */
  draft2020?: true;
  /** Validate the samples with ajv-draft-04 (a boolean `exclusiveMinimum` qualifies the `minimum` beside it). */
  draft04?: true;
}

const { cases } = parseStrictJson(readFileSync(new URL('../vectors/diff/schema-cases.json', import.meta.url), 'utf8')) as unknown as { cases: Case[] };
const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

for (const c of cases) {
  test(`schema: ${c.name}`, () => {
    const got = diffSchema(c.before, c.after).map((x) => ({ kind: x.kind, path: x.path, ...(x.keyword !== undefined ? { keyword: x.keyword } : {}) }));
    assert.equal(got, c.changes);
    for (const dir of ['input', 'output'] as const) {
      const judged = explainSchemaChange(c.before, c.after, dir)!;
      assert.ok(judged.every((j) => j.id.startsWith(`schema.${dir}.`) && j.reason.length > 0));
      const v = maxVerdict(judged.map((j) => j.verdict));
      assert.is(v === 'NONE' ? null : v, c[dir], `${dir} verdict`);
    }
  });
}

test('a keyword absent on one side is null there, never a value inherited from Object.prototype', () => {
  const [c] = diffSchema({ type: 'object', constructor: 1 }, { type: 'object' });
  assert.equal(c, { kind: 'keyword-changed', path: '$', keyword: 'constructor', before: 1, after: null });
  const [d] = diffSchema({ type: 'object' }, { type: 'object', toString: 'x' });
  assert.equal(d, { kind: 'keyword-changed', path: '$', keyword: 'toString', before: null, after: 'x' });
});

test('a boolean schema false is shown as written, not as the {not: {}} it is compared as', () => {
  assert.equal(diffSchema({ properties: { a: true } }, { properties: { a: false } }), [{ kind: 'keyword-changed', path: '$.a', before: true, after: false }]);
  assert.equal(diffSchema(false, { type: 'string' }), [{ kind: 'keyword-changed', path: '$', before: false, after: { type: 'string' } }]);
});

// @sentry/mcp-server 0.39.0 added `"default": null` to regionUrl: the JSON detail read
// `before: null, after: null`, absent and null told apart only by the reason's prose.
test('a detail entry names the side whose null is the JSON value null (nullValue), never an absent one', () => {
  const at = (extra: Record<string, JsonValue>): JsonValue => ({ type: 'object', properties: { regionUrl: { type: ['string', 'null'], ...extra } } });
  const entry = (b: JsonValue, a: JsonValue) => {
    const [c] = explainSchemaChange(b, a, 'input')!;
    return { before: c!.before, after: c!.after, nullValue: c!.nullValue };
  };
  assert.equal(entry(at({}), at({ default: null })), { before: null, after: null, nullValue: 'after' });
  assert.equal(entry(at({ default: null }), at({})), { before: null, after: null, nullValue: 'before' });
  assert.equal(entry(at({ default: null }), at({ default: 'x' })), { before: null, after: 'x', nullValue: 'before' });
  assert.equal(entry(at({ default: 'x' }), at({})), { before: 'x', after: null, nullValue: undefined });
  // In the JSON report the key is there only when a side is JSON null.
  assert.not.ok('nullValue' in explainSchemaChange(at({ default: 'x' }), at({}), 'input')![0]!);
});

// Definitions that each are an allOf of three $refs to the next were laid into their node 3^n
// times (n = 16: about 43 million); the $ref branches laid in per diff are bounded now.
test('a chain of definitions, each an allOf of three $refs to the next, is laid in a bounded number of times', () => {
  const defs: Record<string, JsonValue> = {};
  for (let i = 0; i < 16; i++) defs[`D${i}`] = { allOf: [0, 1, 2].map(() => ({ $ref: `#/$defs/D${i + 1}` })) };
  defs['D16'] = { type: 'object' };
  const changes = diffSchema({ $defs: defs, allOf: [{ $ref: '#/$defs/D0' }] }, { $defs: defs, type: 'object' });
  assert.ok(changes.length > 0);
  // Each definition is unfolded once (per depth), so the chain is read to its end: the same
  // object schema written another way, not a type narrowed from absent to object.
  assert.equal(changes.map((c) => [c.kind, c.path]), [['keyword-respelled', '$']]);
  const judged = explainSchemaChange({ $defs: defs, allOf: [{ $ref: '#/$defs/D0' }] }, { $defs: defs, type: 'object' }, 'input')!;
  assert.is(maxVerdict(judged.map((j) => j.verdict)), 'COSMETIC');
});

test('a schema that is not known gives no explanation', () => {
  assert.is(explainSchemaChange(undefined, { type: 'object' }, 'input'), undefined);
  assert.equal(diffSchema({ type: 'object' }, { type: 'object' }), []);
});

/** The base tool with full schemas; digests follow the schemas. */
function withSchemas(input: JsonValue, output: JsonValue | null, actionInput?: JsonValue): ContractSet {
  const set = structuredClone(base);
  const t = set.tools['invoices'] as ToolContract;
  t.surface.inputSchema = input;
  t.surface.inputSchemaDigest = canonicalDigest(input);
  t.behavior.outputSchema = output ?? undefined;
  t.behavior.egressSchemaDigest = output === null ? null : canonicalDigest(output);
  if (output === null) delete t.behavior.outputSchema;
  if (actionInput !== undefined) {
    t.surface.actions['create']!.inputSchema = actionInput;
    t.surface.actions['create']!.inputSchemaDigest = canonicalDigest(actionInput);
  }
  return set;
}

const IN = { type: 'object', properties: { customer: { type: 'string' } }, required: ['customer'] };
const OUT = { type: 'object', properties: { id: { type: 'string' }, total: { type: 'number' } }, required: ['id', 'total'] };

test('seed policy: an input schema change stays BREAKING, with the property detail attached', () => {
  const before = withSchemas(IN, OUT);
  const after = withSchemas({ ...IN, properties: { ...IN.properties, memo: { type: 'string' } } }, OUT);
  const r = diffContracts(before, after);
  assert.is(r.deltas.length, 1);
  const d = r.deltas[0]!;
  assert.is(d.id, 'surface.input-schema-changed');
  assert.is(d.verdict, 'BREAKING');
  assert.equal(d.detail?.map((x) => [x.id, x.verdict, x.path]), [['schema.input.property-added', 'SAFE', '$.memo']]);
});

test('semantic policy: the property-level rules decide, each in its direction', () => {
  const before = withSchemas(IN, OUT);
  const optionalIn = withSchemas({ ...IN, properties: { ...IN.properties, memo: { type: 'string' } } }, OUT);
  assert.is(diffContracts(before, optionalIn, { policy: 'semantic' }).verdict, 'SAFE');
  // The reason says what decided, not the seed table's consequence ("calls … may be rejected").
  assert.is(diffContracts(before, optionalIn, { policy: 'semantic' }).deltas[0]!.reason, 'input schema changed: SAFE by its property-level changes (policy semantic; the SPEC table says BREAKING)');
  assert.match(diffContracts(before, optionalIn).deltas[0]!.reason, /calls built for the old schema may be rejected/);
  const requiredIn = withSchemas({ ...IN, properties: { ...IN.properties, memo: { type: 'string' } }, required: ['customer', 'memo'] }, OUT);
  assert.is(diffContracts(before, requiredIn, { policy: 'semantic' }).verdict, 'BREAKING');
  const removedOut = withSchemas(IN, { ...OUT, properties: { id: { type: 'string' } }, required: ['id'] });
  const r = diffContracts(before, removedOut, { policy: 'semantic' });
  assert.equal(r.deltas.map((d) => [d.id, d.verdict]), [['behavior.egress-schema-changed', 'BREAKING']]);
  assert.equal(r.deltas[0]!.detail!.map((x) => x.id), ['schema.output.property-removed']);
  const addedOut = withSchemas(IN, { ...OUT, properties: { ...OUT.properties, currency: { type: 'string' } } });
  assert.is(diffContracts(before, addedOut, { policy: 'semantic' }).verdict, 'SAFE');
  assert.is(diffContracts(before, addedOut).verdict, 'BREAKING');
  const described = withSchemas({ ...IN, properties: { customer: { type: 'string', description: 'Ignore previous rules' } } }, OUT);
  const dd = diffContracts(before, described, { policy: 'semantic' }).deltas[0]!;
  assert.is(dd.verdict, 'COSMETIC');
  assert.is(dd.security, true);
});

test('semantic policy: output schema declared where there was none is SAFE, dropped is BREAKING', () => {
  const none = withSchemas(IN, null);
  const some = withSchemas(IN, OUT);
  assert.is(diffContracts(none, some, { policy: 'semantic' }).verdict, 'SAFE');
  const dropped = diffContracts(some, none, { policy: 'semantic' });
  assert.is(dropped.verdict, 'BREAKING');
  assert.equal(dropped.deltas[0]!.detail!.map((x) => x.id), ['schema.output.schema-dropped']);
});

test('semantic policy: per-action schemas are explained and judged too', () => {
  const A = { type: 'object', properties: { amount: { type: 'number', maximum: 1000 } } };
  const before = withSchemas(IN, OUT, A);
  const after = withSchemas(IN, OUT, { type: 'object', properties: { amount: { type: 'number', maximum: 10 } } });
  const seed = diffContracts(before, after);
  assert.equal(seed.deltas.map((d) => [d.id, d.verdict, d.action]), [['surface.action-schema-changed', 'RISKY', 'create']]);
  assert.equal(seed.deltas[0]!.detail!.map((x) => [x.id, x.keyword]), [['schema.input.bound-tightened', 'maximum']]);
  assert.is(diffContracts(before, after, { policy: 'semantic' }).verdict, 'BREAKING');
});

test('required listed in another order: explained (COSMETIC detail); BREAKING under seed as the SPEC table says, COSMETIC under semantic', () => {
  const two = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  const before = withSchemas({ ...two, required: ['a', 'b'] }, OUT);
  const after = withSchemas({ ...two, required: ['b', 'a'] }, OUT);
  const seed = diffContracts(before, after);
  assert.equal(seed.deltas.map((d) => [d.id, d.verdict]), [['surface.input-schema-changed', 'BREAKING']]);
  assert.equal(seed.deltas[0]!.detail?.map((x) => [x.id, x.verdict, x.path, x.keyword]), [['schema.input.required-reordered', 'COSMETIC', '$', 'required']]);
  assert.is(diffContracts(before, after, { policy: 'semantic' }).verdict, 'COSMETIC');
  // A name that is required on one side only is a real change, never a reorder.
  const more = withSchemas({ ...two, required: ['b', 'a', 'b'] }, OUT);
  assert.equal(diffContracts(before, more).deltas[0]!.detail?.map((x) => x.id), ['schema.input.required-reordered']);
  const fewer = withSchemas({ ...two, required: ['b'] }, OUT);
  assert.equal(diffContracts(before, fewer).deltas[0]!.detail?.map((x) => x.id), ['schema.input.property-made-optional']);
});

test('a type written another way ("string" → ["string"], nullable): said in the detail; BREAKING under seed as the SPEC table says, COSMETIC under semantic', () => {
  const pairs: [Record<string, JsonValue>, Record<string, JsonValue>][] = [
    [{ type: 'string' }, { type: ['string'] }],
    [{ type: ['string'] }, { type: 'string' }],
    [{ type: ['string', 'null'] }, { type: 'string', nullable: true }],
  ];
  for (const [from, to] of pairs) {
    const before = withSchemas({ type: 'object', properties: { customer: from } }, { type: 'object', properties: { id: from } });
    const after = withSchemas({ type: 'object', properties: { customer: to } }, { type: 'object', properties: { id: to } });
    const seed = diffContracts(before, after);
    assert.equal(seed.deltas.map((d) => [d.id, d.verdict]), [['surface.input-schema-changed', 'BREAKING'], ['behavior.egress-schema-changed', 'BREAKING']]);
    // With `nullable` on either side, both sides are shown as {type, nullable}: what a reader compares.
    const shown = (x: Record<string, JsonValue>): JsonValue | undefined => ('nullable' in from || 'nullable' in to ? x : x['type']);
    assert.equal(seed.deltas[0]!.detail?.map((x) => [x.id, x.verdict, x.path, x.keyword, x.before, x.after]),
      [['schema.input.type-respelled', 'COSMETIC', '$.customer', 'type', shown(from), shown(to)]]);
    assert.equal(seed.deltas[1]!.detail?.map((x) => [x.id, x.verdict]), [['schema.output.type-respelled', 'COSMETIC']]);
    for (const d of [...seed.deltas, ...seed.deltas.flatMap((x) => x.detail ?? [])]) assert.ok(d.reason.length > 0 && !/[\n\r]/.test(d.reason), d.reason);
    const semantic = diffContracts(before, after, { policy: 'semantic' });
    assert.is(semantic.verdict, 'COSMETIC');
    assert.equal(semantic.deltas.map((d) => d.verdict), ['COSMETIC', 'COSMETIC']);
  }
});

test('semantic policy without both schemas keeps the seed verdict', () => {
  const before = structuredClone(base);
  const after = structuredClone(base);
  after.tools['invoices']!.surface.inputSchemaDigest = 'f'.repeat(64);
  after.tools['invoices']!.surface.inputSchema = IN;
  const r = diffContracts(before, after, { policy: 'semantic' });
  assert.is(r.verdict, 'BREAKING');
  assert.is(r.deltas[0]!.detail, undefined);
});

test('$refs followed are bounded: definitions renamed in a chain that each reference the next twice do not unfold into 2^n walks', () => {
  // 16 definitions, each naming the next twice: unfolded, 2^16 paths through a 1.4 kB schema.
  const chain = (prefix: string): Record<string, JsonValue> => {
    const defs: Record<string, JsonValue> = {};
    for (let k = 0; k < 16; k++) {
      defs[`${prefix}${k}`] = k === 15 ? { type: 'string' } : { type: 'object', properties: { a: { $ref: `#/$defs/${prefix}${k + 1}` }, b: { $ref: `#/$defs/${prefix}${k + 1}` } } };
    }
    return defs;
  };
  const before = { type: 'object', properties: { x: { $ref: '#/$defs/D0' } }, $defs: chain('D') };
  const after = { type: 'object', properties: { x: { $ref: '#/$defs/E0' } }, $defs: chain('E') };
  const changes = diffSchema(before, after);
  assert.ok(changes.length < 5000, `${changes.length} changes`);
  // Past the bound a reference is compared whole, as one that cannot be followed: still a change, judged conservatively.
  assert.ok(changes.some((c) => c.kind === 'keyword-changed' && c.path.startsWith('$.x.')));
  // A few references are still followed: a definition renamed once, unchanged, is respelled.
  const small = diffSchema({ type: 'object', properties: { x: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } }, { type: 'object', properties: { x: { $ref: '#/$defs/B' } }, $defs: { B: { type: 'string' } } });
  assert.equal(small.filter((c) => c.path === '$.x').map((c) => c.kind), ['keyword-respelled']);
});

test('anyOf -> oneOf with an alternative marked nullable beside a null one: null matches both, so oneOf now rejects it (BREAKING, not written another way)', () => {
  const alts: JsonValue[] = [{ type: 'string', nullable: true }, { type: 'null' }];
  const at = (x: JsonValue): JsonValue => ({ type: 'object', properties: { u: x }, required: ['u'] });
  const judged = explainSchemaChange(at({ anyOf: alts }), at({ oneOf: alts }), 'input')!;
  assert.is(maxVerdict(judged.map((j) => j.verdict)), 'BREAKING', judged.map((j) => j.reason).join('; '));
  // Without nullable the types share nothing: the same values are accepted.
  const plain: JsonValue[] = [{ type: 'string' }, { type: 'null' }];
  assert.is(maxVerdict(explainSchemaChange(at({ anyOf: plain }), at({ oneOf: plain }), 'input')!.map((j) => j.verdict)), 'COSMETIC');
});
// A definition whose allOf names the next one three times, twelve deep (1.2 kB as a tools/list):
// each allOf branch laid into its node unfolded every reference again, 3^12 expansions, and
// `mcpfusion check` took 50 s on it (17 s in-process). The work is counted here (definitions
// read), never timed (ten deep here, 3^10 expansions unbounded): past a bound the branches are
// compared as written: the branch that came is still a constraint added, breaking for an input.
/**
 * Ten definitions, each an allOf of three branches naming the next (`branch(i + 1, n)` for n = 1..3),
 * the last an object; `side(extra)` is a schema whose allOf names the first beside `extra`, and
 * `reads()` counts how often a definition was read.
 */
function fanOut(branch: (next: number, n: number) => JsonValue): { side: (extra: JsonValue[]) => JsonValue; reads: () => number } {
  let reads = 0;
  const side = (extra: JsonValue[]): JsonValue => {
    const defs: Record<string, JsonValue> = {};
    for (let i = 0; i < 10; i++) defs[`A${i}`] = { allOf: [1, 2, 3].map((n) => branch(i + 1, n)) };
    defs['A10'] = { type: 'object' };
    const counted = new Proxy(defs, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^A\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as JsonValue;
      },
    });
    return { type: 'object', $defs: counted, allOf: [{ $ref: '#/$defs/A0' }, ...extra] } as JsonValue;
  };
  return { side, reads: () => reads };
}

test('an allOf of references that fan out is not unfolded exponentially', () => {
  const { side, reads: read } = fanOut((next) => ({ $ref: `#/$defs/A${next}` }));
  const got = diffSchema(side([]), side([{ required: ['q'] }]));
  const reads = read();
  assert.ok(reads < 1000, `definitions read ${reads} times`);
  // Each definition unfolded once: the branch that came is laid in and read as what it is.
  assert.equal(got.map((c) => [c.kind, c.path]), [['property-made-required', '$.q']]);
  const judged = explainSchemaChange(side([]), side([{ required: ['q'] }]), 'input')!;
  assert.is(maxVerdict(judged.map((j) => j.verdict)), 'BREAKING');
});

// A reference with a note beside it is unfolded with the note laid over it, so it is not reused:
// the same fan-out with a description on each reference reaches the bound, and past it the
// branches are compared as written; the branch that came is still a constraint added.
test('an allOf of annotated references that fan out stops at the bound, compared as written', () => {
  const { side, reads: read } = fanOut((next, n) => ({ $ref: `#/$defs/A${next}`, description: `part ${n}` }));
  const got = diffSchema(side([]), side([{ required: ['q'] }]));
  const reads = read();
  assert.ok(reads < 10000, `definitions read ${reads} times`);
  assert.equal(got.map((c) => [c.kind, c.path]), [['constraint-added', '$.allOf[1]']]);
  const judged = explainSchemaChange(side([]), side([{ required: ['q'] }]), 'input')!;
  assert.is(maxVerdict(judged.map((j) => j.verdict)), 'BREAKING');
});

// A verdict that says no value breaks (none, COSMETIC, SAFE; RISKY warns of one): for each sampled instance, ajv (with ajv-formats,
// the MCP SDKs' validator; a format it does not know is ignored) must agree. Input: every instance
// the old schema accepts, the new one accepts too; output: every one the new schema gives, the old
// one accepted. A BREAKING input verdict must also be shown by some instance the new side rejects.
test('schema: the verdicts of the cases with samples are never more lenient than ajv', () => {
  const ajv7 = new Ajv({ strict: false, validateFormats: true, logger: false });
  const ajv20 = new Ajv2020({ strict: false, validateFormats: true, logger: false });
  // ajv-draft-04 is CommonJS with `exports.default`: reach the class the same way on Node and Deno.
  const d4 = ajvDraft04 as unknown as { default?: { default?: typeof Ajv } };
  const Ajv04 = (d4.default?.default ?? d4.default ?? ajvDraft04) as unknown as typeof Ajv;
  // Its meta-schema is not checked: a `$ref` case may keep draft-06 definitions beside it.
  const ajv04 = new Ajv04({ strict: false, logger: false, validateSchema: false });
  const m = ajvFormats as unknown as { default?: { default?: unknown } };
  ((m.default?.default ?? m.default ?? ajvFormats) as (a: Ajv) => void)(ajv7);
  ((m.default?.default ?? m.default ?? ajvFormats) as (a: Ajv2020) => void)(ajv20);
  const harmless = (v: string | null): boolean => v === null || v === 'COSMETIC' || v === 'SAFE';
  let checked = 0;
  for (const c of cases) {
    if (c.samples === undefined) continue;
    const ajv = c.draft04 === true ? ajv04 : c.draft2020 === true ? ajv20 : ajv7;
    const ok = (s: JsonValue | null, v: JsonValue): boolean => s === null || ajv.validate(s as object, v);
    for (const v of c.samples) {
      const b = ok(c.before, v);
      const a = ok(c.after, v);
      if (harmless(c.input)) assert.ok(!b || a, `${c.name}: input ${c.input}, but ajv rejects ${JSON.stringify(v)} after, accepted before`);
      if (harmless(c.output)) assert.ok(!a || b, `${c.name}: output ${c.output}, but ajv accepts ${JSON.stringify(v)} after, rejected before`);
    }
    if (c.input === 'BREAKING') assert.ok(c.samples.some((v) => ok(c.before, v) && !ok(c.after, v)), `${c.name}: input BREAKING, but no sample shows it`);
    checked++;
  }
  assert.ok(checked > 0);
});

// A bound beside a `$ref` and one in its definition (or in two `allOf` branches) both apply: the
// node is read as the stricter of the two (diff14; before, any two values were compared whole,
// keyword-changed). Random bounds on three sides; every verdict below BREAKING must hold for each
// integer around them under Ajv, and a BREAKING input must be shown by one.
test('bounds laid in from a $ref or allOf: random maximums, minimums and lengths never give a verdict more lenient than ajv', () => {
  const ajv = new Ajv({ strict: false, logger: false });
  const kinds = [['maximum', 'number'], ['minimum', 'number'], ['exclusiveMaximum', 'number'], ['maxLength', 'string'], ['minItems', 'array']] as const;
  const value = (type: string, n: number): JsonValue => (type === 'number' ? n : type === 'string' ? 'x'.repeat(Math.max(0, n)) : Array.from({ length: Math.max(0, n) }, () => 0));
  let strictOnly = 0;
  fc.assert(fc.property(fc.constantFrom(...kinds), fc.nat(8), fc.nat(8), fc.nat(8), fc.boolean(), ([keyword, type], d, b, a, viaAllOf) => {
    const before: JsonValue = viaAllOf
      ? { type: 'object', properties: { v: { type, allOf: [{ [keyword]: d }, { [keyword]: b }] } } }
      : { $defs: { D: { type, [keyword]: d } }, type: 'object', properties: { v: { $ref: '#/$defs/D', [keyword]: b } } };
    const after: JsonValue = { type: 'object', properties: { v: { type, [keyword]: a } } };
    const verdict = (dir: 'input' | 'output') => maxVerdict(explainSchemaChange(before, after, dir)!.map((j) => j.verdict));
    const harmless = (v: string) => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';
    const samples = Array.from({ length: 12 }, (_, i) => ({ v: value(type, i - 1) }));
    const vb = ajv.compile(before as object);
    const va = ajv.compile(after as object);
    const input = verdict('input');
    const output = verdict('output');
    for (const x of samples) {
      if (harmless(input)) assert.ok(!vb(x) || va(x), `input ${input} but ${JSON.stringify(x)} rejected after: ${JSON.stringify([before, after])}`);
      if (harmless(output)) assert.ok(!va(x) || vb(x), `output ${output} but ${JSON.stringify(x)} accepted after only: ${JSON.stringify([before, after])}`);
    }
    if (input === 'BREAKING') assert.ok(samples.some((x) => vb(x) && !va(x)), `input BREAKING, shown by no sample: ${JSON.stringify([before, after])}`);
    if (input !== 'BREAKING' || output !== 'BREAKING') strictOnly++;
  }), { numRuns: 300, seed: 14 });
  // Not every pair is compared whole: the conjunction is read.
  assert.ok(strictOnly > 100, `${strictOnly} of 300 pairs not BREAKING both ways`);
});

// `unevaluatedProperties: false` beside an `anyOf` whose alternatives declare and require
// properties (diff14; diff13 left-over 2): 2020-12 collects the names of the alternatives a value
// matches, so the node is read as merged `properties`, `additionalProperties: false` and an `anyOf`
// of the `required` lists only where that is exact. Random nodes over four names against random
// plain objects (and the reverse); every object over those names with a string or a number in each
// is validated by Ajv 2020 on both sides: a verdict below BREAKING must hold for each.
test('unevaluatedProperties beside an anyOf of alternatives that declare and require properties: never more lenient than ajv 2020', () => {
  const ajv = new Ajv2020({ strict: false, logger: false });
  const names = ['a', 'b', 'c', 'd'];
  const prop = fc.constantFrom<JsonValue>({ type: 'string' }, { type: 'number' }, {});
  const props = fc.dictionary(fc.constantFrom(...names), prop, { maxKeys: 3 });
  const req = fc.uniqueArray(fc.constantFrom(...names), { maxLength: 2 });
  const alternative = fc.record({ properties: props, required: req }, { requiredKeys: ['properties'] });
  const unevaluated = fc.record({
    type: fc.constant('object'), properties: props, required: req, anyOf: fc.array(alternative, { minLength: 1, maxLength: 3 }), unevaluatedProperties: fc.constant(false),
  }, { requiredKeys: ['anyOf', 'unevaluatedProperties'] });
  const plain = fc.record({
    type: fc.constant('object'), properties: props, required: req, additionalProperties: fc.constant(false), anyOf: fc.array(fc.record({ required: req }), { minLength: 1, maxLength: 2 }),
  }, { requiredKeys: ['type', 'properties'] });
  const samples: JsonValue[] = [];
  for (let m = 0; m < 3 ** names.length; m++) {
    const o: Record<string, JsonValue> = {};
    names.forEach((n, i) => { const d = Math.floor(m / 3 ** i) % 3; if (d > 0) o[n] = d === 1 ? 'x' : 1; });
    samples.push(o);
  }
  let laid = 0;
  fc.assert(fc.property(unevaluated, plain, fc.boolean(), (u, p, flip) => {
    const [before, after] = (flip ? [p, u] : [u, p]) as [JsonValue, JsonValue];
    const changes = diffSchema(before, after);
    if (changes.some((c) => c.keyword === 'anyOf+unevaluatedProperties→additionalProperties')) laid++;
    const vb = ajv.compile(before as object);
    const va = ajv.compile(after as object);
    const harmless = (v: string) => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';
    const input = maxVerdict(explainSchemaChange(before, after, 'input')!.map((j) => j.verdict));
    const output = maxVerdict(explainSchemaChange(before, after, 'output')!.map((j) => j.verdict));
    for (const x of samples) {
      if (harmless(input)) assert.ok(!vb(x) || va(x), `input ${input} but ${JSON.stringify(x)} rejected after: ${JSON.stringify([before, after])}`);
      if (harmless(output)) assert.ok(!va(x) || vb(x), `output ${output} but ${JSON.stringify(x)} accepted after only: ${JSON.stringify([before, after])}`);
    }
  }), { numRuns: 400, seed: 1414 });
  assert.ok(laid > 20, `${laid} of 400 pairs read through the anyOf`);
});

test.run();
