import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseStrictJson, parseStrictJsonReference, tryParseStrictJson, positionOf, loneSurrogateAt } from '../../src/canonical/strict-json.ts';
import { JsonParseError } from '../../src/errors.ts';
import { ROOT } from '../helpers/cli.ts';

const isParseError = (re?: RegExp) => (e: unknown) => e instanceof JsonParseError && (!re || re.test(e.message));

test('agrees with JSON.parse on valid documents (oracle)', () => {
  fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (v, indent) => {
    const text = JSON.stringify(v, null, indent);
    assert.equal(parseStrictJson(text), JSON.parse(text));
  }), { numRuns: 500 });
});

test('every reject- vector is refused', () => {
  const dir = join(ROOT, 'test/vectors/jcs/reject');
  const files = readdirSync(dir);
  assert.ok(files.length >= 8);
  for (const f of files) {
    assert.throws(() => parseStrictJson(readFileSync(join(dir, f), 'utf8'), f), isParseError(), f);
    assert.is(tryParseStrictJson(readFileSync(join(dir, f), 'utf8')), undefined);
  }
});

test('duplicate keys are refused with line and column, also in nested objects', () => {
  try {
    parseStrictJson('{\n  "a": 1,\n  "b": {"x": 1, "x": 2}\n}', 'doc.json');
    assert.unreachable();
  } catch (e) {
    assert.instance(e, JsonParseError);
    const err = e as JsonParseError;
    assert.is(err.line, 3);
    assert.is(err.column, 17);
    assert.match(err.message, /doc\.json at line 3, column 17: duplicate key "x"/);
  }
  // Keys that are equal only after unescaping are duplicates too.
  assert.throws(() => parseStrictJson('{"a":1,"\\u0061":2}'), isParseError(/duplicate key "a"/));
  assert.throws(() => parseStrictJson('{"__proto__":1,"__proto__":2}'), isParseError(/duplicate/));
});

test('lone surrogates are refused, raw or escaped; pairs are fine', () => {
  assert.throws(() => parseStrictJson('"\\ud83d"'), isParseError(/lone surrogate U\+D83D/));
  assert.throws(() => parseStrictJson('"\\ude00\\ud83d"'), isParseError(/lone surrogate/));
  assert.throws(() => parseStrictJson('"\uD800"'), isParseError(/lone surrogate/));
  assert.is(parseStrictJson('"\\ud83d\\ude00"'), '\u{1F600}');
  assert.is(loneSurrogateAt('ok\u{1F600}'), -1);
  assert.is(loneSurrogateAt('x\uDFFF'), 1);
});

test('truncated documents say so', () => {
  for (const t of ['{"a":', '[1,2', '{"a":"abc', '', '   ', '{"a":1']) {
    assert.throws(() => parseStrictJson(t), isParseError(/truncated|empty/), JSON.stringify(t));
  }
});

test('hostile inputs: deep nesting, huge numbers, bad escapes', () => {
  assert.throws(() => parseStrictJson('['.repeat(10000) + ']'.repeat(10000)), isParseError(/nesting/));
  assert.throws(() => parseStrictJson('1e999'), isParseError(/out of range/));
  assert.throws(() => parseStrictJson('"\\x41"'), isParseError(/invalid escape/));
  assert.throws(() => parseStrictJson('"\\u12G4"'), isParseError(/\\u escape/));
  assert.throws(() => parseStrictJson('01'), isParseError());
  assert.throws(() => parseStrictJson('-'), isParseError());
  assert.throws(() => parseStrictJson('1.'), isParseError());
  assert.throws(() => parseStrictJson('tru'), isParseError());
  assert.is(parseStrictJson('\uFEFF{"a":[]}\n') !== undefined, true);
});

test('a number or a duplicate key of megabytes is quoted by its two ends, with the place and the fix', () => {
  const message = (text: string): string => {
    try {
      parseStrictJson(text, '"big.json"');
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  const number = message('{"a": 1' + '0'.repeat(1_000_000) + '}');
  assert.ok(number.length < 300, `${number.length} characters`);
  assert.match(number, /^Invalid JSON in "big\.json" at line 1, column 7: the number 10+…\(\d+ characters left out\)…0+ is out of range; a JSON number here must fit an IEEE double \(at most about 1\.8e308\)$/);
  const key = 'k'.repeat(2_000_000);
  const duplicate = message(`{"${key}": 1, "${key}": 2}`);
  // Bounded whatever the key's length: the key is cut to 120 characters; the rest is where the
  // first one stands and the fix.
  assert.ok(duplicate.length < 320, `${duplicate.length} characters`);
  assert.match(duplicate, /^Invalid JSON in "big\.json" at line 1, column 2000009: duplicate key "k+…\(\d+ characters left out\)…k+" \(first at line 1, column 2\); I-JSON requires unique keys: keep one, or rename it$/);
  // Where the first one is, and what to do.
  assert.is(message('{\n "a": 1,\n "a": 2}'), 'Invalid JSON in "big.json" at line 3, column 2: duplicate key "a" (first at line 2, column 2); I-JSON requires unique keys: keep one, or rename it');
  assert.match(message('["ab\\ud800"]'), /at line 1, column 2: the string contains a lone surrogate U\+D800 \(character 3 of the string\); I-JSON requires well-formed Unicode, and a lone half has no UTF-8 form to hash: pair it \(a high surrogate D800-DBFF followed by a low one DC00-DFFF\) or remove it$/);
  assert.match(message('[1e400]'), /the number 1e400 is out of range/);
});

/** Whether `at` in a JSON text lies outside every string literal. */
function outsideString(text: string, at: number): boolean {
  let inString = false;
  for (let i = 0; i < at; i++) {
    const c = text[i];
    if (inString && c === '\\') i++;
    else if (c === '"') inString = !inString;
  }
  return !inString;
}

test('the native fast path and the reference reader agree: same values, same refusals', () => {
  const outcome = (f: (t: string) => unknown, t: string) => {
    try { return { ok: JSON.stringify(f(t)) }; } catch (e) { return { err: (e as Error).message }; }
  };
  const cases = [
    '{"a":1,"b":{"a":2}}', '{"a":1,"a":1}', '[{"x":1},{"x":2}]', '{"k":"a\\":b","k2":"\\"x\\":1"}', '{"k":"v\\" :\\"w"}',
    '{"\\u0061":1,"a":2}', '{"__proto__":1,"constructor":2}', '"\\ud800"', '{"\\udc00":1}', '[1e400]', '\uFEFF[1]',
    '{"a" : 1 , "b"\n:\t2}', '{"a":"x:y:z","b:c":"\\":"}', '{"a":"1:2","a":3}', '{"a":"\\\\ud800"}', '["\ud800"]', '{"k\udfff":0}',
    '["\ud83d\ude00", "\\ud83d\\ude00", ":"]', '{"a":{"b":":","c":{"d":":"}},"e":[":",{"f":"::"}]}', '{"a":1,"b":{"a":2,"b":3,"b":4}}', '{"a":[{"b":{"c":[{"b":1,"b":2}]}}]}', '[]', '{}', '""', '0', '-0', '1.5e-7', ' true ', 'null',
  ];
  for (const n of [511, 512, 513]) {
    for (const inner of ['1', '[]', '{"a":1}', '"\ud800"', '[1e400]']) {
      cases.push('['.repeat(n) + inner + ']'.repeat(n), '{"k":'.repeat(n) + inner + '}'.repeat(n), '[{"k":'.repeat(n >> 1) + inner + '}]'.repeat(n >> 1));
    }
  }
  for (const t of cases) assert.equal(outcome(parseStrictJson, t), outcome(parseStrictJsonReference, t), t.slice(0, 60));
  fc.assert(fc.property(fc.jsonValue(), (v) => {
    const t = JSON.stringify(v);
    assert.equal(outcome(parseStrictJson, t), outcome(parseStrictJsonReference, t));
    // A duplicated key anywhere is refused by both. The first `{"key":` outside a string is the
    // one to duplicate (inside a string, as in ["{",":"], the same characters are text).
    const key = /\{"((?:[^"\\]|\\.)*)":/g;
    for (let m = key.exec(t); m !== null; m = key.exec(t)) {
      if (!outsideString(t, m.index)) continue;
      const dup = `${t.slice(0, m.index)}{"${m[1]}":0,"${m[1]}":${t.slice(m.index + m[0].length)}`;
      assert.ok('err' in outcome(parseStrictJson, dup), dup);
      assert.equal(outcome(parseStrictJson, dup), outcome(parseStrictJsonReference, dup));
      break;
    }
  }), { numRuns: 400 });
});

test('positionOf counts lines and columns from one', () => {
  assert.equal(positionOf('ab\ncd', 0), { line: 1, column: 1 });
  assert.equal(positionOf('ab\ncd', 4), { line: 2, column: 2 });
});

test('the nesting limit is the one the docs state where input formats are described', () => {
  // The deepest leaf accepted, measured on arrays and objects alike.
  const accepts = (t: string) => tryParseStrictJson(t) !== undefined;
  let limit = 0;
  while (limit < 10_000 && accepts('['.repeat(limit + 1) + '0' + ']'.repeat(limit + 1))) limit++;
  assert.ok(accepts('{"k":'.repeat(limit) + '0' + '}'.repeat(limit)));
  assert.not.ok(accepts('{"k":'.repeat(limit + 1) + '0' + '}'.repeat(limit + 1)));
  // An empty container is not a value inside it: one more level of empty arrays is accepted.
  assert.ok(accepts('['.repeat(limit + 1) + ']'.repeat(limit + 1)));
  for (const doc of ['docs/contracts-file.md', 'docs/sources.md', 'docs/diff.md', 'docs/library.md', 'docs/lockfile.md']) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    assert.ok(text.includes(`more than ${limit} nested arrays or objects`), `${doc} does not state the nesting limit (${limit})`);
  }
});


/** The strict reader's message for `text` (read as `c.json`), or `parsed`. */
const message = (text: string): string => {
  try {
    parseStrictJson(text, 'c.json');
  } catch (e) {
    return (e as Error).message;
  }
  return 'parsed';
};

test('a trailing comma or a comment (fine in mcpfusion.jsonc, not in JSON) is named as such, with the place', () => {
  assert.is(message('{"a": 1,\n}'), 'Invalid JSON in c.json at line 2, column 1: a trailing comma before "}"; JSON allows none: remove the comma');
  assert.is(message('[1, 2, ]'), 'Invalid JSON in c.json at line 1, column 8: a trailing comma before "]"; JSON allows none: remove the comma');
  assert.is(message('{\n  // note\n  "a": 1\n}'), 'Invalid JSON in c.json at line 2, column 3: a comment; JSON has no comments: remove it');
  assert.is(message('[1, /* x */ 2]'), 'Invalid JSON in c.json at line 1, column 5: a comment; JSON has no comments: remove it');
  // Other slips keep their message.
  assert.is(message('{"a": 1,,}'), 'Invalid JSON in c.json at line 1, column 9: unexpected character ","; expected a quoted object key');
  assert.is(message('[1,,2]'), 'Invalid JSON in c.json at line 1, column 4: unexpected character ","; expected a JSON value');
});

test('leading zeros, NaN and Infinity are named as such; an invisible or non-ASCII character by its code point', () => {
  // Before: 'unexpected character "1" in an array; expected "," or "]"', which names neither the
  // number nor the rule.
  assert.is(message('[01]'), 'Invalid JSON in c.json at line 1, column 2: the number 01 has a leading zero, which JSON does not allow; write it without, or as a string if the zeros matter');
  assert.is(message('{"a": -007.5}'), 'Invalid JSON in c.json at line 1, column 7: the number -007.5 has a leading zero, which JSON does not allow; write it without, or as a string if the zeros matter');
  assert.is(message('00'), 'Invalid JSON in c.json at line 1, column 1: the number 00 has a leading zero, which JSON does not allow; write it without, or as a string if the zeros matter');
  for (const ok of ['0', '-0', '0.5', '0e5', '[0,0]', '{"a":0}']) assert.is(message(ok), 'parsed', ok);
  // Python's json.dumps writes these for float('nan') and float('inf').
  assert.is(message('[NaN]'), 'Invalid JSON in c.json at line 1, column 2: unexpected character "N"; NaN is not a JSON number: write null, or the value as a string');
  assert.is(message('{"a": Infinity}'), 'Invalid JSON in c.json at line 1, column 7: unexpected character "I"; Infinity is not a JSON number: write null, or the value as a string');
  assert.is(message('[-Infinity]'), 'Invalid JSON in c.json at line 1, column 2: -Infinity is not a JSON number: write null, or the value as a string');
  // A no-break space looks like the space JSON allows; the code point says which it is.
  assert.is(message('[1,\u00a02]'), 'Invalid JSON in c.json at line 1, column 4: unexpected character "\u00a0" (U+00A0); expected a JSON value');
  assert.is(message('[1]\u{1F600}'), 'Invalid JSON in c.json at line 1, column 4: unexpected character "\u{1F600}" (U+1F600) after the end of the JSON value');
  assert.is(message('[x]'), 'Invalid JSON in c.json at line 1, column 2: unexpected character "x"; expected a JSON value');
});

test.run();
