/**
 * `stringifySortedChunks` writes a big lockfile piece by piece: joined, its pieces must be the
 * bytes `stringifySorted` writes, and what one refuses the other refuses with the same error.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { stringifySorted, stringifySortedChunks } from '../../src/canonical/pretty.ts';

function outcome(write: () => string): string {
  try {
    return `ok ${write()}`;
  } catch (e) {
    return `${(e as Error).constructor.name} ${(e as Error).message}`;
  }
}

const whole = (v: unknown): string => outcome(() => stringifySorted(v));
const pieces = (v: unknown): string => outcome(() => [...stringifySortedChunks(v)].join(''));

// Keys JavaScript enumerates out of order and keys escaped in JSON, at every level.
const key = fc.oneof(fc.string(), fc.constantFrom('9', '10', '__proto__', 'a"b', 'é', '\u2028', '\ud800', 'z', ''));
const leaf = fc.oneof(fc.string(), fc.constantFrom('\ud800', 'x\udfff', '\\ud800', 1e21, -0, 0.1, Number.NaN, Infinity, undefined, null, true), fc.double(), fc.integer());
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree'), { maxLength: 4 }), fc.dictionary(key, tie('tree'), { maxKeys: 5 })),
}));

test('joined pieces are the whole text, or the same error, for any value', () => {
  fc.assert(fc.property(tree, (v) => {
    assert.is(pieces(v), whole(v));
  }), { numRuns: 3000 });
});

test('values that are not JSON, at every depth, fail alike', () => {
  for (const bad of [() => 1, Symbol('s'), 10n, new Date(0), new Map(), Number.NaN]) {
    for (const v of [bad, { a: bad }, { a: { b: bad } }, { a: { b: { c: bad } } }, { a: { b: { c: { d: [bad] } } } }, [[[[bad]]]]]) {
      assert.is(pieces(v), whole(v));
      assert.not.ok(whole(v).startsWith('ok '));
    }
  }
});

test('nesting past the limit is counted from the root, also inside a piece', () => {
  for (const depth of [1997, 1998, 1999, 2000, 2001]) {
    let v: unknown = [];
    for (let i = 0; i < depth; i++) v = [v];
    const doc = { capabilities: { tools: { t: v } } };
    assert.is(pieces(doc), whole(doc), String(depth));
  }
  const cycle: Record<string, unknown> = {};
  cycle['self'] = { x: cycle };
  assert.is(pieces({ a: { b: { c: cycle } } }), whole({ a: { b: { c: cycle } } }));
});

test('the pieces of a lockfile-shaped value stay small', () => {
  const schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, { type: 'string', description: 'x'.repeat(100) }])) };
  const doc = { capabilities: { tools: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`t${i}`, { surface: { description: 'd' } }])) }, schemas: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`sha256:${i}`, schema])) };
  const list = [...stringifySortedChunks(doc)];
  assert.is(list.join(''), stringifySorted(doc));
  assert.ok(Math.max(...list.map((c) => c.length)) < 12_000);
});

test.run();
