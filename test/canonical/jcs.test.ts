import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { canonicalize, canonicalizeReference } from '../../src/canonical/jcs.ts';
import { stringifySorted } from '../../src/canonical/pretty.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { CanonicalizationError } from '../../src/errors.ts';
import { ROOT, SHARED_JCS } from '../helpers/cli.ts';

/** Every vector directory: the shared RFC 8785 vectors and our own (input/ → output/ bytes). */
const VECTOR_DIRS = [SHARED_JCS, join(ROOT, 'test/vectors/jcs')].filter((d) => existsSync(join(d, 'input')));

test('vector directories are present', () => {
  assert.ok(VECTOR_DIRS.includes(join(ROOT, 'test/vectors/jcs')));
  if (!existsSync(SHARED_JCS)) console.log(`note: ${SHARED_JCS} is absent; only the project's own vectors run`);
});

for (const dir of VECTOR_DIRS) {
  for (const name of readdirSync(join(dir, 'input')).sort()) {
    test(`vector ${dir.includes('shared') ? 'shared' : 'own'}/${name}: exact output bytes`, () => {
      const input = readFileSync(join(dir, 'input', name), 'utf8');
      const expected = readFileSync(join(dir, 'output', name));
      const got = Buffer.from(canonicalize(parseStrictJson(input, name)), 'utf8');
      assert.is(got.toString('hex'), expected.toString('hex'));
      const hexFile = join(dir, 'outhex', name.replace(/\.json$/, '.txt'));
      if (existsSync(hexFile)) assert.is(got.toString('hex'), readFileSync(hexFile, 'utf8').replace(/\s+/g, ''));
    });
  }
}

test('keys are sorted by UTF-16 code units, integer-like keys included', () => {
  assert.is(canonicalize({ 10: 1, 9: 2, a: 3, B: 4, '': 5 }), '{"":5,"10":1,"9":2,"B":4,"a":3}');
  // U+1F600 (surrogates D83D DE00) sorts before U+FB33 in code-unit order although its code point is larger.
  assert.is(canonicalize({ '\uFB33': 1, '\u{1F600}': 2 }), '{"\u{1F600}":2,"\uFB33":1}');
});

test('__proto__ is an ordinary key', () => {
  const o = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
  assert.is(canonicalize(o), '{"__proto__":{"x":1},"a":2}');
  const parsed = parseStrictJson('{"b":1,"__proto__":[1]}');
  assert.is(canonicalize(parsed), '{"__proto__":[1],"b":1}');
  assert.is(Object.getPrototypeOf(parsed), Object.prototype);
});

test('numbers use ECMAScript formatting; -0 is 0; non-finite is an error', () => {
  assert.is(canonicalize([-0, 1e21, 1e-7, 0.1 + 0.2, 5e-324, 2 ** 53, 123456789012345680000]),
    '[0,1e+21,1e-7,0.30000000000000004,5e-324,9007199254740992,123456789012345680000]');
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.throws(() => canonicalize({ a: bad }), (e: unknown) => e instanceof CanonicalizationError && /\$\.a/.test((e as Error).message));
  }
});

test('undefined members are omitted; undefined array items are null; non-JSON values are errors', () => {
  assert.is(canonicalize({ a: undefined, b: [undefined, 1] }), '{"b":[null,1]}');
  assert.throws(() => canonicalize(undefined), (e: unknown) => e instanceof CanonicalizationError);
  assert.throws(() => canonicalize({ f: () => 1 }), (e: unknown) => e instanceof CanonicalizationError);
  assert.throws(() => canonicalize({ d: new Date(0) }), (e: unknown) => e instanceof CanonicalizationError);
  assert.throws(() => canonicalize({ b: 10n }), (e: unknown) => e instanceof CanonicalizationError);
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  assert.throws(() => canonicalize(cyclic), /at \$\.self: it is \$ again \(a cycle\)/);
});

test('strings escape like JSON.stringify; lone surrogates are refused', () => {
  assert.is(canonicalize('\u2028\u0000"\\\u007f\u{1F600}'), '"\u2028\\u0000\\"\\\\\u007f\u{1F600}"');
  assert.throws(() => canonicalize('a\uD800b'), (e: unknown) => e instanceof CanonicalizationError);
  assert.throws(() => canonicalize({ '\uDC00': 1 }), (e: unknown) => e instanceof CanonicalizationError);
});

test('property: canonical form is stable through JSON.parse and independent of key order', () => {
  fc.assert(fc.property(fc.jsonValue(), (v) => {
    const c = canonicalize(v);
    assert.is(canonicalize(JSON.parse(c)), c);
    assert.is(canonicalize(parseStrictJson(c)), c);
    assert.equal(JSON.parse(c), JSON.parse(JSON.stringify(v)));
  }), { numRuns: 300 });
  fc.assert(fc.property(fc.dictionary(fc.string(), fc.integer()), (d) => {
    const reversed = Object.fromEntries(Object.entries(d).reverse());
    assert.is(canonicalize(reversed), canonicalize(d));
  }), { numRuns: 300 });
});

test('the native fast path and the key-by-key writer agree: same text, same refusals', () => {
  const outcome = (f: (v: unknown) => string, v: unknown) => {
    try { return { ok: f(v) }; } catch (e) { return { err: `${(e as Error).name}: ${(e as Error).message}` }; }
  };
  const deep: unknown[] = [];
  let cur = deep;
  for (let i = 0; i < 2100; i++) { const next: unknown[] = []; cur.push(next); cur = next; }
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic['self'] = cyclic;
  const cases: unknown[] = [
    { 10: 'a', 9: 'b', a: { 2: [1, { 1: 0, 0: 1 }] } }, { __proto__: null, b: 1 }, JSON.parse('{"__proto__":{"x":1},"a":2}'),
    { a: undefined, b: [undefined, 1] }, { s: 'a\uD800b' }, { '\uDC00': 1 }, { s: '\\uD800 is text' }, { s: '\uD83D\uDE00' },
    [NaN], { n: -Infinity }, [-0, 1e21, 1e-7, 5e-324], { d: new Date(0) }, { m: new Map() }, { f: () => 1 }, [Symbol('x')], { b: 10n },
    deep, cyclic, Object.create({ inherited: 1 }), { toJSON: 'data, not a method' }, '\u2028\u2029', 'plain',
  ];
  for (const v of cases) assert.equal(outcome(canonicalize, v), outcome(canonicalizeReference, v));
  fc.assert(fc.property(fc.jsonValue(), (v) => assert.is(canonicalize(v), canonicalizeReference(v))), { numRuns: 500 });
  fc.assert(fc.property(fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), fc.jsonValue({ maxDepth: 2 })), (d) => {
    assert.is(canonicalize(d), canonicalizeReference(d));
    assert.equal(JSON.parse(stringifySorted(d)), JSON.parse(canonicalize(d)));
  }), { numRuns: 300 });
});

test('a refusal names where the value sits, in $-path notation, in both writers', () => {
  const cases: [unknown, string, RegExp][] = [
    [{ tools: [0, 1, 2, { inputSchema: { default: NaN } }] }, '$.tools[3].inputSchema.default', /is NaN/],
    [{ a: { 'x y': () => 1 } }, '$.a["x y"]', /is a function/],
    [{ a: [1n] }, '$.a[0]', /is a bigint/],
    [{ a: { b: new Date(0) } }, '$.a.b', /is a Date object/],
    [{ a: new (class Account {})() }, '$.a', /is an Account object/],
    [{ a: new Uint8Array(1) }, '$.a', /is a Uint8Array object/],
    [{ a: [{ s: 'a\uD800' }] }, '$.a[0].s', /holds a lone surrogate/],
    [{ a: { '\uDC00': 1 } }, '$.a', /has a key that holds a lone surrogate/],
    [{ a: { '9': Infinity, '10': 1 } }, '$.a["9"]', /is Infinity/],
    [{ 'a\u2028b': [Symbol('s')] }, '$["a\\u2028b"][0]', /is a symbol/],
  ];
  for (const write of [canonicalize, stringifySorted]) {
    for (const [value, path, problem] of cases) {
      try {
        write(value);
        assert.unreachable(`${write.name} ${path}`);
      } catch (e) {
        assert.instance(e, CanonicalizationError, `${write.name} ${path}`);
        const err = e as CanonicalizationError;
        assert.is(err.path, path, `${write.name} ${path}`);
        assert.match(err.problem, problem, `${write.name} ${path}`);
        assert.ok(err.message.includes(` ${path}: `), `${write.name}: ${err.message}`);
        assert.ok(!err.message.includes('\u2028'), 'one line');
      }
    }
  }
});

test('a cycle is named where it closes, in both writers; deep nesting is refused, never a stack overflow', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic['self'] = { x: [cyclic] };
  const deep: Record<string, unknown> = {};
  let cur = deep;
  for (let i = 0; i < 3000; i++) { const next = {}; cur['n'] = next; cur = next; }
  for (const write of [canonicalize, stringifySorted]) {
    try {
      write({ top: [cyclic] });
      assert.unreachable(write.name);
    } catch (e) {
      assert.instance(e, CanonicalizationError, write.name);
      assert.is((e as CanonicalizationError).path, '$.top[0].self.x[0]', write.name);
      assert.is((e as CanonicalizationError).problem, 'is $.top[0] again (a cycle)', write.name);
    }
    try {
      write(deep);
      assert.unreachable(write.name);
    } catch (e) {
      assert.instance(e, CanonicalizationError, write.name);
      assert.match((e as CanonicalizationError).problem, /^is nested deeper than 2000 levels$/, write.name);
      assert.match((e as CanonicalizationError).path, /^\$\.n\.n\.n\.n\.n\.n\.n\.n…$/, write.name);
    }
  }
});

test.run();
