/**
 * The `schemas` store of a lockfile, on the text path (a lockfile under LOCKFILE_BYTES_FROM, read
 * with `parseLockfile`) and the bytes path (`tryLazyLockfile`, a lockfile of 4 MiB or more), in
 * the library and through the CLI: a stored schema that does not hash to its key and a stored
 * schema that no tool names are errors (exit 2) naming the key; a schema a tool names but the
 * store lacks is what `lock` writes for a contract that gives a digest alone, and passes.
 */
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
import { parseLockfile, schemaDigestsNamed } from '../../src/lockfile/parse-lockfile.ts';
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

/** A schema no tool of the lockfile names, keyed by its real digest. */
const stray = { type: 'object', properties: { smuggled: { type: 'string' } } };
const strayKey = `sha256:${canonicalDigest(stray)}`;

test('library: a stray schema and a schema that does not hash to its key are errors on both paths; a named schema the store lacks passes', () => {
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

  const orphan = edit(text, (doc) => { doc.schemas[strayKey] = stray; });
  const key = stored[0]!;
  const mismatched = edit(text, (doc) => { doc.schemas[key] = { type: 'object', edited: true }; });
  for (const [what, damaged, pattern] of [
    ['a stray schema', orphan, new RegExp(`\\$\\.schemas\\["${strayKey}"\\]: no tool refers to this schema: .*restore the lockfile from version control`)],
    ['a schema that does not hash to its key', mismatched, new RegExp(`\\$\\.schemas\\["${key}"\\]: the schema stored under this key does not hash to it`)],
  ] as const) {
    const viaText = message(() => checkLockfileText(damaged, 'd.lock', current, true, d));
    const viaBytes = message(() => checkLockfileContent(utf8(damaged), 'd.lock', current, true, d));
    assert.match(viaText, pattern, what);
    assert.match(viaText, /^Invalid lockfile "d\.lock":/, what);
    assert.is(viaBytes, viaText, what);
    // The bytes reader leaves it to the whole-file reader, which names it.
    assert.is(tryLazyLockfile(utf8(damaged), 'd.lock'), undefined, what);
  }

  // A schema a tool names taken out of the store: what lock writes for a digest-only contract.
  const trimmed = edit(text, (doc) => { delete doc.schemas[key]; });
  const viaText = checkLockfileText(trimmed, 't.lock', current, true, d).result;
  const viaBytes = checkLockfileContent(utf8(trimmed), 't.lock', current, true, d).result;
  assert.ok(viaText.ok);
  assert.equal({ ...viaBytes, current: undefined }, { ...viaText, current: undefined });
  assert.ok(tryLazyLockfile(utf8(trimmed), 't.lock') !== undefined);
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
  test(`CLI, ${path}: check, lock and diff name a damaged store (exit 2); a named schema missing from it passes`, () => {
    const { dir, text } = bigLockfile(tools);
    const big = Buffer.byteLength(text) >= LOCKFILE_BYTES_FROM;
    assert.is(big, path === 'bytes path', `${Buffer.byteLength(text)} bytes`);
    const run = (args: string[]) => runCli(args, { cwd: dir, timeout: 300_000, env: { FIXTURE_TOOLS: String(tools) } });
    const check = () => run(['check', '--server', `node ${SERVER}`]);
    const key = /"schemas": \{\n {4}"(sha256:[0-9a-f]{64})"/.exec(text)![1]!;
    const cases: [string, string, RegExp][] = [
      ['a stray schema', edit(text, (doc) => { doc.schemas[strayKey] = stray; }), new RegExp(`\\$\\.schemas\\["${strayKey}"\\]: no tool refers to this schema`)],
      ['a schema that does not hash to its key', text.replace('"maximum": 1000,', '"maximum": 1001,'), new RegExp(`\\$\\.schemas\\["${key}"\\]: the schema stored under this key does not hash to it`)],
    ];
    for (const [what, damaged, pattern] of cases) {
      writeFileSync(join(dir, 'mcpfusion.lock'), damaged);
      const c = check();
      assert.is(c.code, 2, `${what}: ${c.stderr.slice(0, 500)}`);
      assert.match(c.stderr, pattern, what);
      assert.match(c.stderr, /Invalid lockfile "mcpfusion\.lock"/, what);
      const l = run(['lock', '--server', `node ${SERVER}`, '--quiet']);
      assert.is(l.code, 2, what);
      assert.match(l.stderr, pattern, what);
      assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), damaged, `${what}: lock leaves it as it is`);
      writeFileSync(join(dir, 'old.lock'), text);
      const df = run(['diff', 'old.lock', 'mcpfusion.lock']);
      assert.is(df.code, 2, what);
      assert.match(df.stderr, pattern, what);
    }
    // Not damage: a schema the tools name, missing from the store.
    writeFileSync(join(dir, 'mcpfusion.lock'), edit(text, (doc) => { delete doc.schemas[key]; }));
    const c = check();
    assert.is(c.code, 0, c.stderr.slice(0, 500));
    // A byte-order mark: read as without one (the bytes path too); lock leaves the file as it is.
    const marked = `\ufeff${text}`;
    writeFileSync(join(dir, 'mcpfusion.lock'), marked);
    const m = check();
    assert.is(m.code, 0, m.stderr.slice(0, 500));
    assert.match(m.stdout, /is up to date/);
    assert.is(run(['lock', '--server', `node ${SERVER}`, '--quiet']).code, 0);
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), marked);
    const df = run(['diff', 'old.lock', 'mcpfusion.lock', '--format', 'json']);
    assert.is(df.code, 0, df.stderr.slice(0, 500));
    assert.match(df.stdout, /"verdict": "NONE"/);
  });
}

test.run();
