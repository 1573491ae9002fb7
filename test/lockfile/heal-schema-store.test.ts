/**
 * `heal` over a damaged schema store, with real lockfiles on disk and a real MCP client in front
 * of the fixture server test/fixtures/servers/contract-change.mjs (locked at version 1, served at
 * version 2, where "search" requires "limit"). heal reads its lockfile as `diff` reads a side
 * (`loadDiffSide`): a small one as text, one of 4 MiB or more from its bytes; each case runs on
 * both (the big lockfile is the same one with a stray schema of 4 MiB more, which is no damage).
 *
 * - a schema that does not hash to its key, a truncated file: exit 2 naming the problem, and the
 *   server is never started;
 * - a stray schema (no tool names it), a byte-order mark: heal serves, and the failed call gets
 *   the very block it gets with the clean lockfile;
 * - a schema a tool names missing from the store: heal serves, and the block still names the
 *   changed input schema, without the property-level detail only that schema could give.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { canonicalDigest } from '../../src/canonical/jcs.ts';
import { LOCKFILE_BYTES_FROM } from '../../src/lockfile/types.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/contract-change.mjs');

interface Doc { schemas: Record<string, unknown>; capabilities: { tools: Record<string, { surface: { inputSchemaDigest: string } }> }; [k: string]: unknown }
/** The lockfile text with one edit to its document, laid out as `lock` lays it out. */
const edit = (text: string, f: (doc: Doc) => void): string => {
  const doc = JSON.parse(text) as Doc;
  f(doc);
  return JSON.stringify(doc, null, 2) + '\n';
};

/** A directory whose mcpfusion.lock records version 1 of the fixture. */
function locked(): { dir: string; text: string } {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-heal-store-');
  const r = runCli(['lock', '--server', `"${NODE}" "${FIXTURE}"`, '--quiet'], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '1', SOURCE_DATE_EPOCH: '1700000000' } });
  assert.is(r.code, 0, r.stderr);
  return { dir, text: readFileSync(join(dir, 'mcpfusion.lock'), 'utf8') };
}

/** heal in front of version 2 with `lockfile`: the text of the block a failed call of "search" gets, and heal's stderr. */
async function blockOfSearch(dir: string, lockfile: string): Promise<{ block: string; stderr: string }> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: [BUNDLE, 'heal', '--lockfile', lockfile, '--', NODE, FIXTURE],
    env: { PATH: process.env['PATH']!, FIXTURE_CONTRACT_VERSION: '2' },
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'heal-store-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    const r = await client.callTool({ name: 'search', arguments: { query: 'x' } }) as { isError?: boolean; content: { type: string; text: string }[] };
    assert.is(r.isError, true, stderr);
    assert.is(r.content.length, 2, `${lockfile}: no block was added; ${stderr}`);
    return { block: r.content[1]!.text, stderr };
  } finally {
    await client.close();
  }
}

/** heal with a lockfile it must refuse: its exit code and stderr, and how many times the server started. */
function refused(dir: string, lockfile: string): { code: number; stderr: string; starts: number } {
  const starts = join(dir, `starts-${lockfile}`);
  const r = runCli(['heal', '--lockfile', lockfile, '--', NODE, FIXTURE], { cwd: dir, input: '', env: { FIXTURE_CONTRACT_VERSION: '2', FIXTURE_STARTS: starts } });
  return { code: r.code, stderr: r.stderr, starts: existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean).length : 0 };
}

for (const path of ['text path', 'bytes path'] as const) {
  test(`heal, ${path}: a damaged store is exit 2 before the server starts; a stray schema, a byte-order mark and a named schema missing from the store are served`, async () => {
    const { dir, text: small } = locked();
    // A stray schema of 4 MiB and more (a git merge can leave one) makes the same lockfile big.
    const big = { type: 'string', description: 'x'.repeat(LOCKFILE_BYTES_FROM) };
    const clean = path === 'text path' ? small : edit(small, (doc) => { doc.schemas[`sha256:${canonicalDigest(big)}`] = big; });
    assert.is(Buffer.byteLength(clean) >= LOCKFILE_BYTES_FROM, path === 'bytes path', `${Buffer.byteLength(clean)} bytes`);
    writeFileSync(join(dir, 'clean.lock'), clean);
    const want = await blockOfSearch(dir, 'clean.lock');
    assert.match(want.block, /^<contract_awareness tool="search">\n/);
    assert.match(want.block, /input property \$\.limit added as required/);

    const searchKey = (JSON.parse(clean) as Doc).capabilities.tools['search']!.surface.inputSchemaDigest;
    assert.ok(Object.hasOwn((JSON.parse(clean) as Doc).schemas, searchKey));
    const stray = { type: 'object', properties: { smuggled: { type: 'string' } } };
    const files: Record<string, string> = {
      'mismatch.lock': edit(clean, (doc) => { doc.schemas[searchKey] = { ...(doc.schemas[searchKey] as object), edited: true }; }),
      'truncated.lock': clean.slice(0, Math.floor(clean.length * 0.6)),
      'stray.lock': edit(clean, (doc) => { doc.schemas[`sha256:${canonicalDigest(stray)}`] = stray; }),
      'bom.lock': `\ufeff${clean}`,
      'unstored.lock': edit(clean, (doc) => { delete doc.schemas[searchKey]; }),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);

    // Damage: exit 2, the problem named, the server never started.
    const mismatch = refused(dir, 'mismatch.lock');
    assert.is(mismatch.code, 2, mismatch.stderr);
    assert.is(mismatch.starts, 0, 'the server is not started');
    assert.ok(mismatch.stderr.includes(`error: Invalid lockfile "mismatch.lock":\n  $.schemas["${searchKey}"]: the schema stored under this key does not hash to it (the store was edited)`), mismatch.stderr);
    assert.match(mismatch.stderr, /Regenerate it with `mcpfusion lock --force`/);
    const truncated = refused(dir, 'truncated.lock');
    assert.is(truncated.code, 2, truncated.stderr);
    assert.is(truncated.starts, 0, 'the server is not started');
    assert.match(truncated.stderr, /^error: Invalid JSON in "truncated\.lock" at line \d+, column \d+: .*truncated.*; restore "truncated\.lock" from version control, or write it again\n$/);

    // No damage: the same block as with the clean lockfile.
    for (const name of ['stray.lock', 'bom.lock']) {
      const got = await blockOfSearch(dir, name);
      assert.is(got.block, want.block, name);
    }
    // The schema "search" names is not stored: its change is still a BREAKING delta (the digest
    // changed), without the property-level detail that only the old schema could give.
    const unstored = await blockOfSearch(dir, 'unstored.lock');
    assert.match(unstored.block, /^<contract_awareness tool="search">\n/);
    assert.match(unstored.block, /<delta verdict="BREAKING" rule="surface.input-schema-changed"/);
    assert.not.match(unstored.block, /\$\.limit/);
  });
}

test.run();
