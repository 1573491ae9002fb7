/**
 * A `diff` side given on stdin (`-`) of 4 MiB or more is read as a big file side is: kept as
 * bytes (`readStdinBytesOrText`), its schema store read lazily, never one string. Before, stdin
 * was decoded whole into a string and parsed whole, whatever its size. The report is byte for
 * byte the one of the whole-file reading, for a pipe and for a file redirected to stdin; what is
 * not plain UTF-8, or holds no document, is read as text and named as before.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stringifySorted } from '../../src/canonical/pretty.ts';
import type { Io } from '../../src/commands/command.ts';
import { loadDiffSide } from '../../src/commands/_diff-side.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { diffReport } from '../../src/diff/diff-report.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { LOCKFILE_BYTES_FROM } from '../../src/lockfile/types.ts';
import { readStdinBytesOrText, type StdinUse } from '../../src/sources/read-stdin.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const SERVER = join(ROOT, 'test/fixtures/servers/big-tools.mjs');
const USE: StdinUse = { what: 'the OLD side', pipe: 'mcpfusion diff - new.json < old.json', path: 'mcpfusion diff old.json new.json' };

/** Two lockfiles of `tools` big tools (about 72 KB each) from the scripted server, variants 0 and 1. */
function lockPair(tools: number): string {
  const dir = tempDir('mcpfusion-stdin-side-');
  for (const variant of [0, 1]) {
    const r = runCli(['lock', '--server', `node ${SERVER}`, '--lockfile', `v${variant}.lock`, '--quiet'], {
      cwd: dir, timeout: 300_000, env: { SOURCE_DATE_EPOCH: '1700000000', FIXTURE_TOOLS: String(tools), FIXTURE_VARIANT: String(variant) },
    });
    assert.is(r.code, 0, r.stderr);
  }
  return dir;
}

/** An Io whose stdin holds `bytes`; reading it as text fails the test (the bytes path must not). */
function bytesIo(bytes: Uint8Array, text: boolean): Io & { textReads: number } {
  const io = {
    stdout: () => {}, stderr: () => {}, cwd: '/', env: {}, color: false, textReads: 0,
    readStdin: async () => { io.textReads++; return new TextDecoder().decode(bytes); },
    ...(text ? {} : { readStdinBytes: async () => bytes }),
  };
  return io;
}

test('CLI: an ~11 MB lockfile on stdin (a pipe, a redirected file; OLD or NEW) under a 64 MiB heap gives the whole-file reading\'s report byte for byte', () => {
  const dir = lockPair(160);
  const old = readFileSync(join(dir, 'v0.lock'));
  assert.ok(old.length > 10_000_000, `v0.lock is only ${old.length} bytes`);
  const set = (f: string) => contractSetFromLockfile(parseLockfile(readFileSync(join(dir, f), 'utf8'), f));
  const want = (oldLabel: string, newLabel: string): string =>
    stringifySorted(diffReport(diffContracts(set('v0.lock'), set('v1.lock')), { old: oldLabel, new: newLabel, failOn: 'breaking' }));
  const diff = (args: string[], stdin: 'pipe' | string) => {
    const fd = stdin === 'pipe' ? undefined : openSync(join(dir, stdin), 'r');
    try {
      return spawnSync(process.execPath, ['--max-old-space-size=64', BUNDLE, 'diff', ...args, '--format', 'json'], {
        cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 300_000,
        ...(fd === undefined ? { input: old } : { stdio: [fd, 'pipe', 'pipe'] }),
      });
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  };
  const cases: [string, string[], 'pipe' | string, string][] = [
    ['OLD from a pipe', ['-', 'v1.lock'], 'pipe', want('lockfile "stdin"', 'lockfile "v1.lock"')],
    ['OLD from a redirected file', ['-', 'v1.lock'], 'v0.lock', want('lockfile "stdin"', 'lockfile "v1.lock"')],
    ['NEW from a redirected file', ['v0.lock', '-'], 'v1.lock', want('lockfile "v0.lock"', 'lockfile "stdin"')],
  ];
  for (const [what, args, stdin, report] of cases) {
    const r = diff(args, stdin);
    assert.is(r.status, 1, `${what}: ${r.stderr.slice(0, 2000)}`);
    assert.ok(report.includes('"schema.input.'), 'the pair has property-level schema detail');
    assert.is(r.stdout, report, what);
  }
});

test('loadDiffSide: a big lockfile on stdin is read from its bytes (schemas read when looked at), a small one and an Io without readStdinBytes as text', async () => {
  const dir = lockPair(64);
  const bytes = readFileSync(join(dir, 'v0.lock'));
  assert.ok(bytes.length >= LOCKFILE_BYTES_FROM, `${bytes.length} bytes`);
  const whole = contractSetFromLockfile(parseLockfile(bytes.toString('utf8'), 'v0.lock'));
  const tool = Object.keys(whole.tools).sort()[0]!;
  const lazyGetter = (side: Awaited<ReturnType<typeof loadDiffSide>>): boolean =>
    typeof Object.getOwnPropertyDescriptor(side.set.tools[tool]!.surface, 'inputSchema')?.get === 'function';

  const viaBytes = bytesIo(bytes, false);
  const big = await loadDiffSide('-', viaBytes, 'mcpfusion.lock', undefined);
  assert.is(viaBytes.textReads, 0);
  assert.is(big.kind, 'lockfile');
  assert.is(big.label, 'lockfile "stdin"');
  assert.ok(lazyGetter(big), 'the store is kept as bytes and read when looked at');
  assert.is(JSON.stringify(big.set), JSON.stringify(whole));
  // With a byte-order mark: the same reading, the mark left out.
  const marked = await loadDiffSide('-', bytesIo(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]), false), 'mcpfusion.lock', undefined);
  assert.ok(lazyGetter(marked));
  assert.is(JSON.stringify(marked.set), JSON.stringify(whole));

  // An Io that reads stdin only as text (a library caller's): read whole, as before.
  const viaText = bytesIo(bytes, true);
  const text = await loadDiffSide('-', viaText, 'mcpfusion.lock', undefined);
  assert.is(viaText.textReads, 1);
  assert.not.ok(lazyGetter(text));
  assert.is(JSON.stringify(text.set), JSON.stringify(whole));

  // A small lockfile on stdin: text, as a small file is.
  const small = readFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'));
  const s = await loadDiffSide('-', bytesIo(small, false), 'mcpfusion.lock', undefined);
  assert.is(s.kind, 'lockfile');
  assert.is(JSON.stringify(s.set), JSON.stringify(contractSetFromLockfile(parseLockfile(small.toString('utf8'), 'x'))));
});

test('readStdinBytesOrText: what is not plain UTF-8 or holds no document is read and named as text was', async () => {
  const big = (fill: number): Buffer => Buffer.alloc(LOCKFILE_BYTES_FROM, fill);
  const thrown = async (bytes: Uint8Array): Promise<string> => {
    try {
      await readStdinBytesOrText(bytesIo(bytes, false), USE, LOCKFILE_BYTES_FROM);
    } catch (e) {
      assert.is((e as { exitCode?: number }).exitCode, 2);
      return (e as Error).message;
    }
    throw new Error('expected an error');
  };
  // 4 MiB of spaces: no document, said as for an empty stdin.
  assert.match(await thrown(big(0x20)), /^No document on stdin \(it holds only whitespace \(4194304 characters\)\), where the OLD side was to be read from/);
  assert.match(await thrown(Buffer.alloc(0)), /^No document on stdin \(it is empty\)/);
  // Invalid UTF-8, two byte-order marks, UTF-16: the text reader's words.
  assert.match(await thrown(Buffer.concat([Buffer.from('{"a":"'), big(0xff), Buffer.from('"}')])), /^Cannot read stdin: it is not valid UTF-8 at line 1, column 7 \(the bytes 0xFF 0xFF 0xFF 0xFF\); save it as UTF-8/);
  assert.match(await thrown(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), Buffer.from('{"a":"'), big(0x61), Buffer.from('"}')])), /^Cannot read stdin: it starts with two byte-order marks/);
  assert.match(await thrown(Buffer.from(`{"a":"${'b'.repeat(LOCKFILE_BYTES_FROM)}"}`, 'utf16le')), /^Cannot read stdin: it looks like UTF-16 \(little-endian\) without a byte order mark/);
  // Plain UTF-8 of 4 MiB or more stays bytes (a view past a byte-order mark); less is text.
  const doc = Buffer.from(`{"a":"${'é'.repeat(LOCKFILE_BYTES_FROM / 2)}"}`);
  const read = await readStdinBytesOrText(bytesIo(doc, false), USE, LOCKFILE_BYTES_FROM);
  assert.ok('bytes' in read && read.bytes.buffer === doc.buffer);
  const small = await readStdinBytesOrText(bytesIo(Buffer.from('{"a":1}'), false), USE, LOCKFILE_BYTES_FROM);
  assert.equal(small, { text: '{"a":1}' });
});

test.run();
