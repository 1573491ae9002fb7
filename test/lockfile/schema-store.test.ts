/**
 * The `schemas` store of a lockfile, on the text path (a lockfile under LOCKFILE_BYTES_FROM, read
 * with `parseLockfile`) and the bytes path (`tryLazyLockfile`, a lockfile of 4 MiB or more), in
 * the library and through the CLI: a stored schema that does not hash to its key is an error
 * (exit 2) naming the key; a stored schema that no tool names (what a real `git merge` of two valid
 * lockfiles leaves) is ignored, as any key a reader does not know; a schema a tool names but the
 * store lacks is what `lock` writes for a contract that gives a digest alone, and passes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalDigest } from '../../src/canonical/jcs.ts';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { InputError } from '../../src/errors.ts';
import { plainUtf8, tryReadPlainUtf8 } from '../../src/io/read-file.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { checkLockfileContent, checkLockfileText } from '../../src/lockfile/check-lockfile.ts';
import { tryLazyLockfile } from '../../src/lockfile/lazy-lockfile-bytes.ts';
import { parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import type { Lockfile } from '../../src/lockfile/types.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { LOCKFILE_BYTES_FROM } from '../../src/lockfile/types.ts';
import { parseContractsFile } from '../../src/sources/contracts-file.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const EXAMPLE = join(ROOT, 'examples/billing/contracts.json');
const SERVER = join(ROOT, 'test/fixtures/servers/big-tools.mjs');
const set = () => parseContractsFile(readFileSync(EXAMPLE, 'utf8'), 'contracts.json');
const opts = { serverName: 'billing', mcpfusionVersion: '9.9.9', generatedAt: '2026-01-01T00:00:00.000Z' };
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    assert.instance(e, InputError);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
};

/** The same lockfile text with one edit to its parsed document, written as `lock` lays it out. */
function edit(text: string, f: (doc: { schemas: Record<string, unknown>; [k: string]: unknown }) => void): string {
  const doc = JSON.parse(text);
  f(doc);
  return JSON.stringify(doc, null, 2) + '\n';
}

/** The schema digests a lockfile's tools name (input, egress, action input), as store keys. */
function schemaDigestsNamed(lock: Lockfile): Set<string> {
  const named = new Set<string>();
  for (const t of Object.values(lock.capabilities.tools)) {
    named.add(t.surface.inputSchemaDigest);
    if (t.behavior.egressSchemaDigest !== null) named.add(t.behavior.egressSchemaDigest);
    for (const a of Object.values(t.surface.actionContracts ?? {})) named.add(a.inputSchemaDigest);
  }
  return named;
}

/** A schema no tool of the lockfile names, keyed by its real digest. */
const stray = { type: 'object', properties: { smuggled: { type: 'string' } } };
const strayKey = `sha256:${canonicalDigest(stray)}`;

test('library: a schema that does not hash to its key is an error on both paths; a stray schema and a named schema the store lacks pass', () => {
  const text = serializeLockfile(buildLockfile(set(), opts));
  const current = set();
  const d = computeContractSetDigests(current);
  const lock = parseLockfile(text, 'x.lock');
  const named = schemaDigestsNamed(lock);
  const stored = Object.keys(lock.schemas!);
  // The example's contracts give two action schemas by digest alone: lock names them and stores none.
  const unstored = [...named].filter((k) => !stored.includes(k));
  assert.is(unstored.length, 2, unstored.join(' '));
  assert.ok(stored.every((k) => named.has(k)));

  const key = stored[0]!;
  const mismatched = edit(text, (doc) => { doc.schemas[key] = { type: 'object', edited: true }; });
  const viaText = message(() => checkLockfileText(mismatched, 'd.lock', current, true, d));
  const viaBytes = message(() => checkLockfileContent(utf8(mismatched), 'd.lock', current, true, d));
  assert.match(viaText, new RegExp(`^Invalid lockfile "d\\.lock":\n {2}\\$\\.schemas\\["${key}"\\]: the schema stored under this key does not hash to it`));
  assert.is(viaBytes, viaText);
  // The bytes reader leaves it to the whole-file reader, which names it.
  assert.is(tryLazyLockfile(utf8(mismatched), 'd.lock'), undefined);

  // Not damage: a schema no tool names (a merge keeps one), and a schema a tool names taken out
  // of the store (what lock writes for a digest-only contract). Both paths take the file.
  const orphan = edit(text, (doc) => { doc.schemas[strayKey] = stray; });
  const trimmed = edit(text, (doc) => { delete doc.schemas[key]; });
  for (const [what, fine] of [['a stray schema', orphan], ['an unstored schema', trimmed]] as const) {
    const t = checkLockfileText(fine, 't.lock', current, true, d).result;
    const b = checkLockfileContent(utf8(fine), 't.lock', current, true, d).result;
    assert.ok(t.ok, what);
    assert.equal({ ...b, current: undefined }, { ...t, current: undefined }, what);
    assert.ok(tryLazyLockfile(utf8(fine), 't.lock') !== undefined, what);
  }
  assert.ok(Object.hasOwn(parseLockfile(orphan, 'o.lock').schemas!, strayKey));
});

/** Run git in `cwd` (fixed identity, no user config). */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], {
    cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });
}

test('CLI: a real git merge of two valid lockfiles that keeps a stray schema is read; check, lock and diff pass', () => {
  // Two branches change the same tool's input schema differently and re-lock; `git merge -X ours`
  // (as "accept current" on every conflict) takes ours where the hunks conflict (the tool's entry,
  // the top-level digest) and theirs where they do not: their new schema in the store.
  const dir = tempDir('mcpfusion-merge-');
  const env = { SOURCE_DATE_EPOCH: '1700000000' };
  const lock = () => runCli(['lock', '--contracts', 'contracts.json', '--quiet'], { cwd: dir, env });
  writeFileSync(join(dir, 'contracts.json'), readFileSync(EXAMPLE, 'utf8'));
  git(dir, 'init', '-q', '-b', 'main');
  assert.is(lock().code, 0);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  const change = (branch: string, from: string, to: string) => {
    git(dir, 'checkout', '-q', '-b', branch, 'main');
    const text = readFileSync(join(dir, 'contracts.json'), 'utf8');
    assert.ok(text.includes(from), from);
    writeFileSync(join(dir, 'contracts.json'), text.replace(from, to));
    const r = lock();
    assert.is(r.code, 0, r.stderr);
    git(dir, 'commit', '-qam', branch);
  };
  change('ours', '"maximum": 100 }', '"maximum": 200 }');
  change('theirs', '"Customer to list invoices for"', '"Customer whose invoices to list"');
  git(dir, 'checkout', '-q', 'ours');
  git(dir, 'merge', '-q', '-X', 'ours', '-m', 'merge', 'theirs');
  const merged = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  const doc = parseLockfile(merged, 'mcpfusion.lock');
  const strays = Object.keys(doc.schemas!).filter((k) => !schemaDigestsNamed(doc).has(k));
  assert.is(strays.length, 1, 'the merge keeps theirs schema, which no tool names');
  // The merged lockfile is ours but for that schema.
  const ours = git(dir, 'show', 'ours:mcpfusion.lock');
  assert.is(parseLockfile(ours, 'ours.lock').integrityDigest, doc.integrityDigest);
  const r1 = runCli(['diff', 'git:ours', 'mcpfusion.lock', '--format', 'json'], { cwd: dir });
  assert.is(r1.code, 0, r1.stderr);
  assert.match(r1.stdout, /"verdict": "NONE"/);
  // The merged contracts hold both changes: check reports the drift (exit 1, not 2) ...
  const c = runCli(['check', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(c.code, 1, c.stderr);
  assert.match(c.stdout, /tool changed: +invoices/);
  // ... and lock writes the lockfile again without --force, with no stray left.
  const l = lock();
  assert.is(l.code, 0, l.stderr);
  const relocked = parseLockfile(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), 'mcpfusion.lock');
  assert.ok(Object.keys(relocked.schemas!).every((k) => schemaDigestsNamed(relocked).has(k)));
  assert.is(runCli(['check', '--contracts', 'contracts.json'], { cwd: dir }).code, 0);
});

test('plainUtf8: one byte-order mark is left out of the view; two, a NUL byte or invalid UTF-8 are for the text reader', () => {
  const body = utf8('{"a": "é"}');
  const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
  const withBom = new Uint8Array([...bom, ...body]);
  assert.equal([...plainUtf8(withBom)!], [...body]);
  assert.is(plainUtf8(withBom)!.buffer, withBom.buffer, 'a view, not a copy');
  assert.equal([...plainUtf8(body)!], [...body]);
  assert.is(plainUtf8(new Uint8Array([...bom, ...bom, ...body])), undefined);
  assert.is(plainUtf8(new Uint8Array([...body, 0])), undefined);
  assert.is(plainUtf8(Uint8Array.of(0x7b, 0xff, 0x7d)), undefined);
  const dir = tempDir('mcpfusion-plain-');
  writeFileSync(join(dir, 'bom.json'), withBom);
  assert.equal([...tryReadPlainUtf8(join(dir, 'bom.json'))!], [...body]);
});

/** A lockfile of `tools` big tools written by `lock` (about 72 KB each). */
function bigLockfile(tools: number): { dir: string; text: string } {
  const dir = tempDir('mcpfusion-store-');
  const r = runCli(['lock', '--server', `node ${SERVER}`, '--quiet'], {
    cwd: dir, timeout: 300_000, env: { SOURCE_DATE_EPOCH: '1700000000', FIXTURE_TOOLS: String(tools) },
  });
  assert.is(r.code, 0, r.stderr);
  return { dir, text: readFileSync(join(dir, 'mcpfusion.lock'), 'utf8') };
}

for (const [path, tools] of [['text path', 3], ['bytes path', 64]] as const) {
  test(`CLI, ${path}: check, lock and diff name a damaged store (exit 2); a stray schema and a named schema missing from it pass`, () => {
    const { dir, text } = bigLockfile(tools);
    const big = Buffer.byteLength(text) >= LOCKFILE_BYTES_FROM;
    assert.is(big, path === 'bytes path', `${Buffer.byteLength(text)} bytes`);
    const run = (args: string[]) => runCli(args, { cwd: dir, timeout: 300_000, env: { FIXTURE_TOOLS: String(tools) } });
    const check = () => run(['check', '--server', `node ${SERVER}`]);
    const key = /"schemas": \{\n {4}"(sha256:[0-9a-f]{64})"/.exec(text)![1]!;
    writeFileSync(join(dir, 'old.lock'), text);
    const damaged = text.replace('"maximum": 1000,', '"maximum": 1001,');
    const pattern = new RegExp(`\\$\\.schemas\\["${key}"\\]: the schema stored under this key does not hash to it`);
    writeFileSync(join(dir, 'mcpfusion.lock'), damaged);
    const c = check();
    assert.is(c.code, 2, c.stderr.slice(0, 500));
    assert.match(c.stderr, pattern);
    assert.match(c.stderr, /Invalid lockfile "mcpfusion\.lock"/);
    const l = run(['lock', '--server', `node ${SERVER}`, '--quiet']);
    assert.is(l.code, 2);
    assert.match(l.stderr, pattern);
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), damaged, 'lock leaves it as it is');
    const df = run(['diff', 'old.lock', 'mcpfusion.lock']);
    assert.is(df.code, 2);
    assert.match(df.stderr, pattern);

    // Not damage: a schema no tool names, a schema the tools name missing from the store, and a
    // byte-order mark (read as without one, the bytes path too). Each is up to date, lock leaves
    // the file as it is, and diff against the file lock wrote is NONE.
    const cases: [string, string][] = [
      ['a stray schema', edit(text, (doc) => { doc.schemas[strayKey] = stray; })],
      ['an unstored schema', edit(text, (doc) => { delete doc.schemas[key]; })],
      ['a byte-order mark', `\ufeff${text}`],
    ];
    for (const [what, fine] of cases) {
      writeFileSync(join(dir, 'mcpfusion.lock'), fine);
      const m = check();
      assert.is(m.code, 0, `${what}: ${m.stderr.slice(0, 500)}`);
      assert.match(m.stdout, /is up to date/, what);
      assert.is(run(['lock', '--server', `node ${SERVER}`, '--quiet']).code, 0, what);
      assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), fine, what);
      const d = run(['diff', 'old.lock', 'mcpfusion.lock', '--format', 'json']);
      assert.is(d.code, 0, `${what}: ${d.stderr.slice(0, 500)}`);
      assert.match(d.stdout, /"verdict": "NONE"/, what);
    }
  });
}

test.run();
