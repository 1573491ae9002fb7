/**
 * readTextFile: the runtime's UTF-8 decoding as the fast path, the fatal decoder whenever the
 * text holds a U+FFFD. Every outcome must equal the fatal TextDecoder's over the same bytes
 * (text, or "not valid UTF-8"), a leading byte-order mark included; the one difference is a text
 * starting with two byte-order marks, which is refused (the fatal decoder drops one and keeps the
 * other, and our strict JSON reader would then drop that one too).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeUtf8, decodeUtf8Source, firstInvalidUtf8, isMissingFile, MAX_INPUT_BYTES, readTextFile } from '../../src/io/read-file.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

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
  if ('ok' in want && want.ok.startsWith('\uFEFF') && bytes[0] === 0xef) {
    assert.ok('err' in got && /starts with two byte-order marks \(U\+FEFF\); remove the second one/.test(got.err), `${label}: ${JSON.stringify(got)}`);
  } else if ('ok' in want && want.ok.includes('\u0000') && 'err' in got) {
    // Text with U+0000 at every other byte is refused as UTF-16 read as UTF-8 (tested below).
    assert.match(got.err, /looks like UTF-16 \((little|big)-endian\) without a byte order mark; save it as UTF-8$/, label);
  } else if ('ok' in want) assert.equal(got, want, label);
  else assert.ok('err' in got && /(is not valid UTF-8 at line \d+, column \d+ \(the bytes? [^)]*\)|is UTF-16 .*|looks like UTF-16 .*); save it as UTF-8/.test(got.err), `${label}: ${JSON.stringify(got)}`);
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

test('two byte-order marks: refused by the file reader and by decodeUtf8, kept for program source', () => {
  const two = new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')]);
  const path = join(dir, 'two-marks.json');
  writeFileSync(path, two);
  assert.throws(() => readTextFile(path, 'lockfile'), /^Cannot read lockfile ".*two-marks\.json": it starts with two byte-order marks \(U\+FEFF\); remove the second one$/);
  assert.throws(() => decodeUtf8(two, 'stdin'), /^Cannot read stdin: it starts with two byte-order marks/);
  // The slow path (a U+FFFD in the text) keeps the same rule.
  const twoWithReplacement = new Uint8Array([...two, ...Buffer.from('\uFFFD')]);
  writeFileSync(path, twoWithReplacement);
  assert.throws(() => readTextFile(path, 'lockfile'), /two byte-order marks/);
  assert.equal(decodeUtf8Source(two, 'source file'), '\uFEFF{"a":1}');
  assert.equal(decodeUtf8(two.subarray(3), 'stdin'), '{"a":1}');
});

test('UTF-16, with a byte order mark or without (valid UTF-8 with U+0000 in every other byte, or not): named, with its byte order', () => {
  const json = '{"tools":[{"name":"résumé","description":"Перевод текста"}]}\n';
  const le = Buffer.from(json, 'utf16le');
  const be = Buffer.from(le).swap16();
  const cases: Array<[string, Uint8Array, string]> = [
    ['little-endian', le, 'it looks like UTF-16 (little-endian) without a byte order mark'],
    ['big-endian', be, 'it looks like UTF-16 (big-endian) without a byte order mark'],
    ['ASCII little-endian (valid UTF-8)', Buffer.from('{"a":1}', 'utf16le'), 'it looks like UTF-16 (little-endian) without a byte order mark'],
    ['ASCII big-endian (valid UTF-8)', Buffer.from('[1]', 'utf16le').swap16(), 'it looks like UTF-16 (big-endian) without a byte order mark'],
    ['little-endian with its mark', Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'it is UTF-16 (little-endian, with a byte order mark)'],
    ['big-endian with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'it is UTF-16 (big-endian, with a byte order mark)'],
  ];
  for (const [label, bytes, says] of cases) {
    const path = join(dir, `utf16-${n++}.json`);
    writeFileSync(path, bytes);
    assert.throws(() => readTextFile(path, 'lockfile'), (e: Error) => e.message === `Cannot read lockfile "${path}": ${says}; save it as UTF-8`, label);
    assert.throws(() => decodeUtf8(bytes, 'stdin'), (e: Error) => e.message === `Cannot read stdin: ${says}; save it as UTF-8`, label);
  }
  // A NUL that is not that pattern stays the JSON reader's to name; so do other invalid bytes.
  assert.is(decodeUtf8(Buffer.from('{"a":"\u0000"}'), 'stdin'), '{"a":"\u0000"}');
  assert.throws(() => decodeUtf8(new Uint8Array([0x41, 0xff, 0x42]), 'stdin'), /^Cannot read stdin: it is not valid UTF-8 at line 1, column 2 \(the byte 0xFF: is it Latin-1 or Windows-1252 text\?\); save it as UTF-8$/);
});

test('invalid UTF-8 is named with the line and column of its first bad byte, and the bytes (a lone one: Latin-1?) (it said only "it is not valid UTF-8")', () => {
  // "café" saved as Latin-1 on the second line of a contracts file, "€" cut short, a CESU-8 surrogate.
  const cases: [Uint8Array, string][] = [
    [new Uint8Array([...Buffer.from('{\n  "serverName": "caf'), 0xe9, ...Buffer.from('",\n  "tools": {}\n}\n')]), 'line 2, column 21 (the byte 0xE9: is it Latin-1 or Windows-1252 text?)'],
    [new Uint8Array([...Buffer.from('{"a": "10 '), 0xe2, 0x82]), 'line 1, column 11 (the bytes 0xE2 0x82)'],
    [new Uint8Array([...Buffer.from('[\n"résumé", "'), 0xed, 0xa0, 0x80, ...Buffer.from('"]')]), 'line 2, column 12 (the bytes 0xED 0xA0 0x80)'],
  ];
  for (const [bytes, where] of cases) {
    const path = join(dir, `latin-${n++}.json`);
    writeFileSync(path, bytes);
    assert.throws(() => readTextFile(path, 'contracts file'), (e: Error) => e.message === `Cannot read contracts file "${path}": it is not valid UTF-8 at ${where}; save it as UTF-8`, where);
  }
});

test('property: firstInvalidUtf8 is -1 exactly when the fatal decoder accepts; else the bytes before it decode, and the replacing decoder puts U+FFFD right after them', () => {
  // Bytes biased to the lead and continuation ranges, so that long valid sequences occur too.
  const byte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xbf }), fc.integer({ min: 0xc0, max: 0xff }));
  const replacing = new TextDecoder();
  fc.assert(fc.property(fc.array(byte, { maxLength: 24 }), (list) => {
    const bytes = new Uint8Array(list);
    const at = firstInvalidUtf8(bytes);
    const whole = outcome(() => fatal.decode(bytes));
    if (at === -1) return 'ok' in whole;
    const before = outcome(() => fatal.decode(bytes.subarray(0, at)));
    return 'err' in whole && 'ok' in before && replacing.decode(bytes).startsWith(`${before.ok}\uFFFD`);
  }), { numRuns: 2000 });
});

test('a missing file, a directory: what and where, exit-2 errors', () => {
  assert.throws(() => readTextFile(join(dir, 'nope.json'), 'lockfile'), /Cannot read lockfile ".*nope\.json": it does not exist/);
  const sub = join(dir, 'sub');
  mkdirSync(sub);
  assert.throws(() => readTextFile(sub, 'contracts file'), /Cannot read contracts file ".*sub": it is a directory/);
});

test('a name longer than the file system takes is named so, not as a missing lockfile ("No lockfile at …: run `mcpfusion lock` first" sent users to lock into a path no file can have)', () => {
  const long = join(dir, `${'a'.repeat(300)}.lock`);
  assert.not.ok(isMissingFile(long));
  assert.throws(() => readTextFile(long, 'lockfile'), (e: Error) => e.message === `Cannot read lockfile "${long}": its name is longer than the file system takes (305 bytes; most take 255), so no file has this path; check the path`);
  const inLongFolder = join(dir, 'b'.repeat(300), 'x.lock');
  assert.throws(() => readTextFile(inLongFolder, 'lockfile'), /: the folder name "b{24}…" is longer than the file system takes \(300 bytes; most take 255\)/);
  const r = runCli(['check', '--lockfile', long]);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /its name is longer than the file system takes \(305 bytes; most take 255\)/);
  assert.not.match(r.stderr, /No lockfile/);
});

test('input longer than the limit: a regular file by its size, unread; a device that never ends, read only that far', () => {
  const path = join(dir, 'seventeen.json');
  writeFileSync(path, '"0123456789abcde"');
  assert.is(readTextFile(path, 'lockfile', 17), '"0123456789abcde"');
  assert.throws(() => readTextFile(path, 'lockfile', 16), /^Cannot read lockfile ".*seventeen\.json": it is 0 MiB \(17 bytes\), more than 0 MiB, the most mcpfusion reads from one input; is it the right input\?$/);
  // A sparse file of 600 MiB takes no disk space and is refused from its size alone.
  const sparse = join(dir, 'sparse.json');
  writeFileSync(sparse, '');
  truncateSync(sparse, 600 * 1024 * 1024);
  assert.ok(MAX_INPUT_BYTES < 600 * 1024 * 1024);
  assert.throws(() => readTextFile(sparse, 'contracts file'), /^Cannot read contracts file ".*sparse\.json": it is 600 MiB \(629145600 bytes\), more than 512 MiB, the most mcpfusion reads/);
  if (existsSync('/dev/zero')) {
    assert.throws(() => readTextFile('/dev/zero', 'lockfile', 4096), /^Cannot read lockfile "\/dev\/zero": it holds more than 0 MiB, the most mcpfusion reads from one input/);
  }
  if (existsSync('/dev/null')) assert.is(readTextFile('/dev/null', 'lockfile', 4096), '');
});

test.run();
