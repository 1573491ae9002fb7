import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { BUNDLE, runCli, runWithNonBlockingStdout, ROOT, SHARED_JCS, tempDir } from '../helpers/cli.ts';

const dirs = [SHARED_JCS, join(ROOT, 'test/vectors/jcs')].filter((d) => existsSync(join(d, 'input')));

test('canonicalize FILE and stdin print the exact vector bytes, no trailing newline', () => {
  let n = 0;
  for (const dir of dirs) {
    for (const name of readdirSync(join(dir, 'input'))) {
      const expected = readFileSync(join(dir, 'output', name), 'utf8');
      const r = runCli(['canonicalize', join(dir, 'input', name)]);
      assert.is(r.code, 0, r.stderr);
      assert.is(r.stdout, expected, name);
      const s = runCli(['canonicalize', '-'], { input: readFileSync(join(dir, 'input', name)) });
      assert.is(s.stdout, expected, `${name} via stdin`);
      n++;
    }
  }
  assert.ok(n >= 2);
});

test('output through a pipe: megabytes arrive whole; a reader that goes away ends nothing badly', () => {
  const dir = tempDir();
  const big = { items: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `item ${i} ✓`, tags: ['a', 'b', String(i % 7)] })) };
  writeFileSync(join(dir, 'big.json'), JSON.stringify(big));
  const whole = runCli(['canonicalize', join(dir, 'big.json')], { maxBuffer: 64 * 1024 * 1024 });
  assert.is(whole.code, 0, whole.stderr);
  assert.ok(whole.stdout.length > 2_000_000);
  assert.is(whole.stdout, canonicalize(big));
  // `… | head -c 1`: the pipe closes after one byte; no EPIPE trace, the command's own exit code.
  const script = `set -o pipefail; "$0" "$1" canonicalize "$2" 2>"$3" | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
  const r = spawnSync('bash', ['-c', script, process.execPath, BUNDLE, join(dir, 'big.json'), join(dir, 'err.txt')], { encoding: 'utf8' });
  assert.is(r.stdout.trim(), '0');
  assert.is(readFileSync(join(dir, 'err.txt'), 'utf8'), '');
});

test('15 MB of small objects under a 64 MiB heap: canonical bytes, not an out-of-memory abort', () => {
  // Read as a tree and written as one string, this document needed more than a 96 MiB heap and
  // the engine aborted (exit 134 and a crash dump on stderr); written from the text in pieces it
  // needs the text and little more. (How much memory 150 MB takes: npm run bench -- canonicalize-memory.)
  const dir = tempDir();
  const items: string[] = [];
  for (let i = 0; i < 800_000; i++) items.push(`{"b":${i % 7},"a":"x${i % 1000}"}`);
  writeFileSync(join(dir, 'big.json'), `[${items.join(',')}]`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=64', BUNDLE, 'canonicalize', join(dir, 'big.json')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
  assert.is(r.status, 0, r.stderr.slice(0, 500));
  assert.is(r.stderr, '');
  assert.is(r.stdout.length, 15_112_001);
  assert.ok(r.stdout.startsWith('[{"a":"x0","b":0},{"a":"x1","b":1},'));
  assert.ok(r.stdout.endsWith(',{"a":"x999","b":4}]'));
});

test('an invalid document writes nothing to stdout, however far in the problem is', () => {
  const dir = tempDir();
  const items = Array.from({ length: 50_000 }, (_, i) => `{"b":${i},"a":"x"}`);
  writeFileSync(join(dir, 'bad.json'), `[${items.join(',')},{"a":1,"a":2}]`);
  const r = runCli(['canonicalize', join(dir, 'bad.json')]);
  assert.is(r.code, 2);
  assert.is(r.stdout, '');
  assert.match(r.stderr, /line 1, column \d+: duplicate key "a"/);
});

test('a stdout that cannot take the output (a full disk) is a named error, exit 2, no stack', () => {
  if (!existsSync('/dev/full')) return;
  const dir = tempDir();
  writeFileSync(join(dir, 'in.json'), '{"b":1,"a":2}');
  const full = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [BUNDLE, 'canonicalize', join(dir, 'in.json')], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
    assert.is(r.status, 2);
    assert.match(r.stderr, /^error: could not write the output to standard output: ENOSPC: no space left on device/);
    assert.not.match(r.stderr, /internal error|at .*\.js:\d+/);
  } finally {
    closeSync(full);
  }
});

test('a non-blocking stdout with a slow reader still gets every byte (EAGAIN is retried)', () => {
  const dir = tempDir();
  const big = { items: Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `item ${i} ✓` })) };
  writeFileSync(join(dir, 'big.json'), JSON.stringify(big));
  const r = runWithNonBlockingStdout([process.execPath, BUNDLE, 'canonicalize', join(dir, 'big.json')]);
  if (!r) return;
  assert.is(r.stderr, '');
  assert.is(r.code, 0);
  assert.is(r.stdout, canonicalize(big));
});

test('reject vectors exit 2 with the position', () => {
  const dir = join(ROOT, 'test/vectors/jcs/reject');
  for (const name of readdirSync(dir)) {
    const r = runCli(['canonicalize', join(dir, name)]);
    assert.is(r.code, 2, name);
    assert.match(r.stderr, /line \d+, column \d+/, name);
    assert.is(r.stdout, '');
  }
});

test('invalid UTF-8 and missing files exit 2', () => {
  const bad = runCli(['canonicalize', '-'], { input: Buffer.from([0x22, 0xff, 0x22]) });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /not valid UTF-8/);
  const missing = runCli(['canonicalize', '/nonexistent/x.json']);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /does not exist/);
});

test('input that never ends or is too long: exit 2 naming the limit, never read until memory runs out', () => {
  const dir = tempDir();
  const sparse = join(dir, 'huge.json');
  writeFileSync(sparse, '');
  truncateSync(sparse, 3 * 1024 * 1024 * 1024);
  const started = Date.now();
  // Bounds on whole runs are runCli's own (120 s): a loaded 2-core machine took 2.5-3.7 s for node's
  // start alone, and reading 512 MiB took longer still; the messages tell a refusal from a read.
  const big = runCli(['canonicalize', sparse]);
  assert.is(big.code, 2, big.stderr);
  assert.match(big.stderr, /^error: Cannot read JSON document ".*huge\.json": it is 3072 MiB \(3221225472 bytes\), more than 512 MiB, the most mcpfusion reads from one input; is it the right input\?\n$/);
  assert.ok(Date.now() - started < 60_000, 'refused from its size, not read');
  // The same file redirected to stdin is a file too: refused from its size, named as stdin
  // (before, 512 MiB of it were read first, and the error could not give its size).
  const redirected = spawnSync('bash', ['-c', `"$0" "$1" canonicalize - < "$2" 2>&1; echo "exit=$?"`, process.execPath, BUNDLE, sparse], { encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL' });
  assert.is(redirected.stdout, 'error: Cannot read stdin: it is 3072 MiB (3221225472 bytes), more than 512 MiB, the most mcpfusion reads from one input; is it the right input?\nexit=2\n');
  if (existsSync('/dev/zero')) {
    const zero = runCli(['canonicalize', '/dev/zero'], { killSignal: 'SIGKILL' });
    assert.is(zero.code, 2, zero.stderr);
    assert.match(zero.stderr, /^error: Cannot read JSON document "\/dev\/zero": it holds more than 512 MiB, the most mcpfusion reads from one input; is it the right input\?\n$/);
    const script = `head -c 600000000 /dev/zero | "$0" "$1" canonicalize - 2>&1; echo "exit=$?"`;
    const piped = spawnSync('bash', ['-c', script, process.execPath, BUNDLE], { encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL' });
    assert.is(piped.stdout, 'error: Cannot read stdin: it holds more than 512 MiB, the most mcpfusion reads from one input; is it the right input?\nexit=2\n');
  }
});

test('--format: text and json both give the canonical bytes; any other format is a usage error (exit 2)', () => {
  for (const format of ['text', 'json']) {
    const r = runCli(['canonicalize', '-', '--format', format], { input: '{"b":1,"a":2}' });
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout, '{"a":2,"b":1}');
  }
  const bad = runCli(['canonicalize', '-', '--format', 'yaml'], { input: '{"b":1}' });
  assert.is(bad.code, 2);
  assert.is(bad.stdout, '');
  assert.match(bad.stderr, /^error: --format yaml is not supported by `canonicalize`; use one of text, json/);
});

test.run();
