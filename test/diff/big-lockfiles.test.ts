/**
 * `diff` of two big lockfiles in a small heap: each side of 4 MiB or more is read from its bytes,
 * its schema store kept as bytes and read schema by schema (`tryLazyContractSet`), and the report
 * is byte for byte the one of the whole-file reading (`parseLockfile` + `contractSetFromLockfile` +
 * `diffContracts`). Before, two 64 MB lockfiles ran a 256 MiB heap out of memory; here the same at
 * a quarter of the scale: two ~11 MB lockfiles written by `lock` from a scripted server, under a
 * 64 MiB heap.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { stringifySorted } from '../../src/canonical/pretty.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { diffReport } from '../../src/diff/diff-report.ts';
import { tryLazyContractSet } from '../../src/lockfile/lazy-lockfile-bytes.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const SERVER = new URL('../fixtures/servers/big-tools.mjs', import.meta.url).pathname;

/** Two lockfiles of `tools` big tools from the scripted server, variants 0 and 1. */
function lockPair(tools: number): string {
  const dir = tempDir('mcpfusion-big-diff-');
  for (const variant of [0, 1]) {
    const r = runCli(['lock', '--server', `node ${SERVER}`, '--lockfile', `v${variant}.lock`, '--quiet'], {
      cwd: dir, timeout: 300_000, env: { SOURCE_DATE_EPOCH: '1700000000', FIXTURE_TOOLS: String(tools), FIXTURE_VARIANT: String(variant) },
    });
    assert.is(r.code, 0, r.stderr);
  }
  return dir;
}

/** The JSON report as `diff` wrote it when it read both lockfiles whole. */
function wholeReport(dir: string): string {
  const set = (f: string) => contractSetFromLockfile(parseLockfile(readFileSync(join(dir, f), 'utf8'), f));
  const result = diffContracts(set('v0.lock'), set('v1.lock'));
  return stringifySorted(diffReport(result, { old: 'lockfile "v0.lock"', new: 'lockfile "v1.lock"', failOn: 'breaking' }));
}

test('two ~11 MB lockfiles under a 64 MiB heap: the report of the whole-file reading, byte for byte', () => {
  const dir = lockPair(160);
  const size = readFileSync(join(dir, 'v0.lock')).length;
  assert.ok(size > 10_000_000, `v0.lock is only ${size} bytes`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=64', BUNDLE, 'diff', 'v0.lock', 'v1.lock', '--format', 'json'], {
    cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 300_000,
  });
  assert.is(r.status, 1, r.stderr.slice(0, 2000));
  const want = wholeReport(dir);
  assert.ok(want.includes('"schema.input.'), 'the pair has property-level schema detail');
  assert.is(r.stdout, want);
});

test('the lazily read set has the contracts, schemas and digests of the whole-file reading', () => {
  const dir = lockPair(12);
  for (const f of ['v0.lock', 'v1.lock']) {
    const text = readFileSync(join(dir, f), 'utf8');
    const lazy = tryLazyContractSet(readFileSync(join(dir, f)), f);
    assert.ok(lazy !== undefined, f);
    const whole = contractSetFromLockfile(parseLockfile(text, f));
    // JSON.stringify reads every lazily attached schema; key order included.
    assert.is(JSON.stringify(lazy), JSON.stringify(whole));
    assert.is(computeContractSetDigests(lazy!).integrityDigest, computeContractSetDigests(whole).integrityDigest);
  }
});

test('a lockfile with any problem is left to the whole-file reader (undefined), which names it', () => {
  const dir = lockPair(3);
  const text = readFileSync(join(dir, 'v0.lock'), 'utf8');
  const at = text.indexOf('"schemas"');
  const key = /"(sha256:[0-9a-f]{64})"/.exec(text.slice(at))![1]!;
  const edits: Record<string, string> = {
    'a schema edited': text.slice(0, at) + text.slice(at).replace('"minimum": 0', '"minimum": 1'),
    'a store key edited': text.replace(key, `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`),
    'a duplicate store key': text.replace('"schemas": {', `"schemas": {\n    "${key}": {},`),
    'a duplicate key inside a schema': text.slice(0, at) + text.slice(at).replace('"type": "object"', '"type": "object", "type": "object"'),
    'a lone surrogate in a schema': text.slice(0, at) + text.slice(at).replace('"type": "string"', '"type": "\\ud800"'),
    'a truncated store': text.slice(0, at + 500),
    'text after the document': `${text}x`,
    'a tool digest edited': text.replace(/"integrityDigest": "sha256:([0-9a-f])/, (m, c: string) => m.slice(0, -1) + (c === '0' ? '1' : '0')),
    'nested 511 levels in the store': text.replace('"schemas": {', `"schemas": {\n"sha256:${'0'.repeat(64)}": ${'['.repeat(511)}${']'.repeat(511)},`),
  };
  for (const [what, edited] of Object.entries(edits)) {
    assert.is(tryLazyContractSet(utf8(edited), 'v0.lock'), undefined, what);
    assert.throws(() => parseLockfile(edited, 'v0.lock'), undefined, what);
  }
  // Forms that read alike: a byte-order mark, CRLF line ends, the store first, an escaped key name.
  const doc = JSON.parse(text) as Record<string, unknown>;
  const { schemas, ...rest } = doc;
  const want = canonicalize(JSON.parse(JSON.stringify(contractSetFromLockfile(parseLockfile(text, 'v0.lock')))));
  for (const same of [`\ufeff${text}`, text.replace(/\n/g, '\r\n'), JSON.stringify({ schemas, ...rest }), text.replace('"schemas"', '"sch\\u0065mas"')]) {
    const lazy = tryLazyContractSet(utf8(same), 'v0.lock');
    assert.ok(lazy !== undefined);
    assert.is(canonicalize(JSON.parse(JSON.stringify(lazy))), want);
  }
});

test.run();
