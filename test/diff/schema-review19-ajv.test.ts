/**
 * Hand-made schema pairs over `if`/`then`/`else` (one that judges no value, one whose `if` is `{}`,
 * `true` or `false`), `oneOf` alternatives merged or widened, and `unevaluatedProperties`/
 * `unevaluatedItems` below the root and through `allOf`, `anyOf` and `if`/`then`: a verdict that
 * says no value breaks (none, COSMETIC, SAFE) must hold for Ajv's JSON Schema 2020-12 validator on
 * a pool of instances (input: nothing the old schema accepted is rejected; output: nothing the old
 * schema rejected is accepted), and each pair that does lose or gain a value is judged so.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';

const ajv = new Ajv2020({ strict: false });
const pool: JsonValue[] = [
  null, 0, 1, 1.5, -1, 'a', 'ab', '', true, [], [1], ['a'], [1, 'a'], [1, 2, 3], {}, { a: 1 }, { a: 'x' }, { b: 1 }, { a: 1, b: 1 }, { c: 1 }, { a: 1, c: 1 },
  { a: 1, b: 'y', c: 1 }, { kind: 'x' }, { kind: 'y' }, { kind: 'z' }, { kind: 'x', a: 1 }, { x: { a: 1 } }, { x: { a: 1, z: 1 } }, { x: { z: 1 } },
];
const R = { required: ['b'] };
const kind = (k: string): JsonValue => ({ properties: { kind: { const: k } }, required: ['kind'] });
const PAIRS: [string, JsonValue, JsonValue][] = [
  ['if/then/else added that judge nothing', {}, { if: { required: ['a'] }, then: {}, else: {} }],
  ['if added with no then or else', { type: 'object' }, { type: 'object', if: { required: ['a'] } }],
  ['if {} then R added', {}, { if: {}, then: R }],
  ['if true then R added', {}, { if: true, then: R }],
  ['if false else R added', {}, { if: false, else: R }],
  ['then true else false added', {}, { if: { required: ['a'] }, then: true, else: false }],
  ['then {} becomes R', { if: { required: ['a'] }, then: {} }, { if: { required: ['a'] }, then: R }],
  ['then loosened to true', { if: { required: ['a'] }, then: R }, { if: { required: ['a'] }, then: true }],
  ['then and else swapped', { if: { required: ['a'] }, then: R, else: { required: ['c'] } }, { if: { required: ['a'] }, then: { required: ['c'] }, else: R }],
  ['if changed, then kept', { if: { required: ['a'] }, then: R }, { if: { required: ['c'] }, then: R }],
  ['nested if {} then R', { if: { required: ['a'] }, then: {} }, { if: { required: ['a'] }, then: { if: {}, then: R } }],
  ['if true then R in allOf', { allOf: [{}] }, { allOf: [{ if: true, then: R }] }],
  ['oneOf merged into a type list', { oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: ['string', 'number'] }],
  ['oneOf two alternatives merged into one', { oneOf: [{ type: 'string' }, { type: 'number' }] }, { oneOf: [{ type: ['string', 'number'] }] }],
  ['oneOf three merged to two, overlap kept', { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'integer' }] }, { oneOf: [{ type: ['string', 'number'] }, { type: 'integer' }] }],
  ['oneOf three merged to two, overlap gone', { oneOf: [{ required: ['a'] }, { required: ['b'] }, { required: ['c'] }] }, { oneOf: [{ anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { required: ['c'] }] }],
  ['oneOf alternative widened into another', { oneOf: [{ type: 'string' }, { type: 'number' }] }, { oneOf: [{ type: 'string' }, { type: ['number', 'string'] }] }],
  ['oneOf discriminated alternatives merged', { oneOf: [kind('x'), kind('y'), { required: ['a'] }] }, { oneOf: [{ properties: { kind: { enum: ['x', 'y'] } }, required: ['kind'] }, { required: ['a'] }] }],
  ['oneOf alternative dropped and merged', { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] }, { oneOf: [{ type: ['string', 'null'] }, { type: 'number', minimum: 1 }] }],
  ['oneOf to anyOf', { oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { anyOf: [{ required: ['a'] }, { required: ['b'] }] }],
  ['anyOf to oneOf', { anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { oneOf: [{ required: ['a'] }, { required: ['b'] }] }],
  ['unevaluatedProperties added at the root over allOf', { allOf: [{ properties: { a: {} } }] }, { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }],
  ['unevaluatedProperties: an allOf property removed', { allOf: [{ properties: { a: {} } }, { properties: { b: {} } }], unevaluatedProperties: false }, { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }],
  ['unevaluatedProperties: a property moved into if/then', { properties: { a: {}, b: {} }, unevaluatedProperties: false }, { properties: { a: {} }, if: { required: ['a'] }, then: { properties: { b: {} } }, unevaluatedProperties: false }],
  ['unevaluatedProperties below the root: a root property removed', { properties: { a: {}, x: { properties: { z: {} }, unevaluatedProperties: false } } }, { properties: { x: { properties: { z: {} }, unevaluatedProperties: false } } }],
  ['unevaluatedProperties below the root: its own property removed', { properties: { x: { properties: { a: {}, z: {} }, unevaluatedProperties: false } } }, { properties: { x: { properties: { a: {} }, unevaluatedProperties: false } } }],
  ['unevaluatedProperties over patternProperties in anyOf', { anyOf: [{ patternProperties: { '^[ab]$': {} } }, true], unevaluatedProperties: false }, { anyOf: [{ patternProperties: { '^a$': {} } }, true], unevaluatedProperties: false }],
  ['unevaluatedItems: prefixItems shortened', { prefixItems: [{}, {}], unevaluatedItems: false }, { prefixItems: [{}], unevaluatedItems: false }],
  ['unevaluatedItems: prefixItems in allOf shortened', { allOf: [{ prefixItems: [{}, {}] }], unevaluatedItems: false }, { allOf: [{ prefixItems: [{}] }], unevaluatedItems: false }],
];
const harmless = (v: string): boolean => v === 'none' || v === 'COSMETIC' || v === 'SAFE';

test('hand-made if/then/else, oneOf-merge and unevaluated* pairs: no verdict more lenient than Ajv 2020', () => {
  const wrong: string[] = [];
  for (const [name, before, after] of PAIRS) {
    const input = maxVerdict(explainSchemaChange(before, after, 'input')!.map((j) => j.verdict));
    const output = maxVerdict(explainSchemaChange(before, after, 'output')!.map((j) => j.verdict));
    const b = ajv.compile(before as object);
    const a = ajv.compile(after as object);
    const lost = pool.filter((x) => b(x) && !a(x));
    const gained = pool.filter((x) => !b(x) && a(x));
    if (harmless(input) && lost.length > 0) wrong.push(`${name}: input ${input}, but ${JSON.stringify(lost[0])} is rejected after`);
    if (harmless(output) && gained.length > 0) wrong.push(`${name}: output ${output}, but ${JSON.stringify(gained[0])} is accepted after`);
  }
  assert.equal(wrong, []);
});

test.run();
