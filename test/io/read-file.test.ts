/**
 * readTextFile: the runtime's UTF-8 decoding as the fast path, the fatal decoder whenever the
 * text holds a U+FFFD. Every outcome must equal the fatal TextDecoder's over the same bytes
 * (text, or "not valid UTF-8"), a leading byte-order mark included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTextFile } from '../../src/io/read-file.ts';
import { tempDir } from '../helpers/cli.ts';

const dir = tempDir('mcpfusion-read-file-');
const fatal = new TextDecoder('utf-8', { fatal: true });
let n = 0;

function outcome(f: () => string): { ok: string } | { err: string } {
  try {
    return { ok: f() };
  } catch (e) {
    return { err: (e as Error).message };
  }
}

/** readTextFile's outcome next to the fatal decoder's, for some bytes. */
function both(bytes: Uint8Array): { got: { ok: string } | { err: string }; want: { ok: string } | { err: string } } {
  const path = join(dir, `f${n++}.txt`);
  writeFileSync(path, bytes);
  const got = outcome(() => readTextFile(path, 'file'));
  const want = outcome(() => fatal.decode(bytes));
  return { got, want };
}

function agrees(bytes: Uint8Array, label: string): void {
  const { got, want } = both(bytes);
  if ('ok' in want) assert.equal(got, want, label);
  else assert.ok('err' in got && /is not valid UTF-8; save it as UTF-8/.test(got.err), `${label}: ${JSON.stringify(got)}`);
}

test('valid text, a byte-order mark, a genuine U+FFFD and every kind of invalid byte agree with the fatal decoder', () => {
  const cases: [string, number[]][] = [
    ['empty', []],
    ['ascii', [...Buffer.from('{"a":1}\n')]],
    ['multi-byte and astral', [...Buffer.from('résumé — 😀 \u2028')]],
    ['BOM then text', [0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')]],
    ['BOM only', [0xef, 0xbb, 0xbf]],
    ['two BOMs', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41]],
    ['genuine U+FFFD', [...Buffer.from('a\uFFFDb')]],
    ['U+FFFD and an invalid byte', [...Buffer.from('a\uFFFD'), 0xff]],
    ['0xff', [0x41, 0xff, 0x42]],
    ['overlong slash', [0xc0, 0xaf]],
    ['encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
    ['truncated at the end', [0x41, 0xe2, 0x82]],
    ['lone continuation byte', [0x80]],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ];
  for (const [label, bytes] of cases) agrees(new Uint8Array(bytes), label);
});

test('property: random bytes and random text give what the fatal decoder gives', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => agrees(bytes, 'random bytes')), { numRuns: 300 });
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), (s) => agrees(new Uint8Array(Buffer.from(s, 'utf8')), 'random text')), { numRuns: 200 });
});

test('a missing file, a directory: what and where, exit-2 errors', () => {
  assert.throws(() => readTextFile(join(dir, 'nope.json'), 'lockfile'), /Cannot read lockfile ".*nope\.json": it does not exist/);
  const sub = join(dir, 'sub');
  mkdirSync(sub);
  assert.throws(() => readTextFile(sub, 'contracts file'), /Cannot read contracts file ".*sub": it is a directory/);
});

test.run();
