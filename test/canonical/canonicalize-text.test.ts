import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { canonicalizeJsonText } from '../../src/canonical/canonicalize-text.ts';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { JsonParseError } from '../../src/errors.ts';
import { ROOT, SHARED_JCS } from '../helpers/cli.ts';

/** The pieces written for `text`, joined, and how many pieces there were. */
function pieces(text: string, source = 'doc'): { out: string; count: number } {
  const parts: string[] = [];
  canonicalizeJsonText(text, source, (s) => parts.push(s));
  return { out: parts.join(''), count: parts.length };
}

const VECTOR_DIRS = [SHARED_JCS, join(ROOT, 'test/vectors/jcs')].filter((d) => existsSync(join(d, 'input')));

test('every jcs vector: the same bytes as canonicalize(parseStrictJson(text))', () => {
  let n = 0;
  for (const dir of VECTOR_DIRS) {
    for (const name of readdirSync(join(dir, 'input'))) {
      const input = readFileSync(join(dir, 'input', name), 'utf8');
      assert.is(pieces(input, name).out, readFileSync(join(dir, 'output', name), 'utf8'), name);
      n++;
    }
  }
  assert.ok(n >= 5);
});

test('every reject- vector: the same error as parseStrictJson, and nothing written', () => {
  const dir = join(ROOT, 'test/vectors/jcs/reject');
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), 'utf8');
    let expected = '';
    try {
      parseStrictJson(text, f);
    } catch (e) {
      expected = (e as Error).message;
    }
    const parts: string[] = [];
    try {
      canonicalizeJsonText(text, f, (s) => parts.push(s));
      assert.unreachable(f);
    } catch (e) {
      assert.instance(e, JsonParseError, f);
      assert.is((e as Error).message, expected, f);
    }
    assert.equal(parts, [], f);
  }
});

test('random documents, written compact, indented and with odd white space: the same bytes as the tree path', () => {
  const spaced = (s: string): string => s.replace(/([,:[\]{}])/g, (c) => ` \r\n\t${c}\n `);
  fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(0, 2), fc.boolean(), (v, indent, odd) => {
    let text = JSON.stringify(v, null, indent);
    // Extra white space only outside strings: around the punctuation of a document without strings.
    if (odd && !text.includes('"')) text = spaced(text);
    assert.is(pieces(text).out, canonicalize(parseStrictJson(text)));
  }), { numRuns: 1000 });
});

test('key order, escapes, numbers, member containers and a byte-order mark', () => {
  const text = '\uFEFF {"z": {"b": [1.0, -0, 1E2, {"y": 1, "x": "\\u0041\\n"}], "a": {}}, "10": [], "9": "\\/", "\\u00e9": true, "e\\u0301": null, "": "\uD83D\uDE00"} ';
  assert.is(pieces(text).out, canonicalize(parseStrictJson(text)));
  assert.is(pieces(text).out, '{"":"\uD83D\uDE00","10":[],"9":"/","e\u0301":null,"z":{"a":{},"b":[1,0,100,{"x":"A\\n","y":1}]},"\u00e9":true}');
  // U+1F600 (D83D DE00) sorts before U+FB33 by code units.
  assert.is(pieces('{"\uFB33":1,"\uD83D\uDE00":2}').out, '{"\uD83D\uDE00":2,"\uFB33":1}');
});

test('a large document arrives in pieces of about 64 K code units, nothing held back', () => {
  const doc = { items: Array.from({ length: 20_000 }, (_, i) => ({ name: `n${i}`, id: i })) };
  const text = JSON.stringify(doc);
  const { out, count } = pieces(text);
  assert.is(out, canonicalize(doc));
  assert.ok(count >= Math.floor(out.length / 65536), `${count} pieces for ${out.length} code units`);
});

test.run();
