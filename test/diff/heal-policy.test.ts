/**
 * `heal --policy`: the block is built from the diff under the policy given, as `diff --policy`
 * gives it. Under `seed` the SPEC table decides (any input schema change is BREAKING); under
 * `semantic` the property-level changes decide, so a change that only loosens a bound is SAFE
 * (no block) and a changed `default` is RISKY (a block, with that verdict and reason).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/contract-change.mjs');
const ENV = { PATH: process.env['PATH']!, FIXTURE_CONTRACT_VERSION: '2' };

type Tool = { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } };
type CallResult = { isError?: boolean; content: { type: string; text: string }[] };

/**
 * A lockfile of the fixture's version 2 as it was before two edits of no other kind: "echo"'s
 * text had `maxLength: 5` (the bound is loosened now), "search"'s query had `default: "x"` (the
 * default is gone now).
 */
async function lockedBefore(): Promise<string> {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-heal-policy-');
  const direct = new Client({ name: 'heal-test', version: '1.0.0' });
  await direct.connect(new StdioClientTransport({ command: NODE, args: [FIXTURE], env: ENV, stderr: 'pipe' }));
  const { tools } = await direct.listTools();
  await direct.close();
  const old = structuredClone(tools) as unknown as Tool[];
  old.find((t) => t.name === 'echo')!.inputSchema.properties['text']!['maxLength'] = 5;
  old.find((t) => t.name === 'search')!.inputSchema.properties['query']!['default'] = 'x';
  writeFileSync(join(dir, 'old-tools.json'), JSON.stringify({ tools: old }));
  const locked = runCli(['lock', '--tools-list', 'old-tools.json'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  return dir;
}

/** The failed echo and search calls through `heal --policy P`, and `diff`'s block for search. */
async function session(dir: string, policy: 'seed' | 'semantic'): Promise<{ echo: Error; search: CallResult; diffBlock: string }> {
  const client = new Client({ name: 'heal-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: NODE, args: [BUNDLE, 'heal', '--policy', policy, '--', NODE, FIXTURE], env: ENV, cwd: dir, stderr: 'pipe' }));
  try {
    await client.listTools();
    const echo = await client.callTool({ name: 'echo', arguments: {} }).then(() => { throw new Error('the call succeeded'); }, (e: Error) => e);
    const search = await client.callTool({ name: 'search', arguments: { query: 'q' } }) as CallResult;
    const diff = runCli(['diff', '--against', 'mcpfusion.lock', '--server', `"${NODE}" "${FIXTURE}"`, '--policy', policy, '--format', 'awareness', '--tool', 'search'], { cwd: dir, env: ENV });
    return { echo, search, diffBlock: diff.stdout };
  } finally {
    await client.close();
  }
}

test('heal --policy: seed blocks every input schema change as BREAKING; semantic drops the SAFE one and gives the RISKY one its verdict', async () => {
  const dir = await lockedBefore();

  const seed = await session(dir, 'seed');
  assert.match(seed.echo.message, /^MCP error -32602: Invalid params: text is required\n<contract_awareness tool="echo">\n/);
  assert.match(seed.echo.message, /<delta verdict="BREAKING" rule="surface.input-schema-changed" field="surface.inputSchemaDigest">input schema changed: calls built for the old schema may be rejected/);
  assert.is(seed.search.content.length, 2, JSON.stringify(seed.search));
  assert.match(seed.search.content[1]!.text, /<delta verdict="BREAKING" rule="surface.input-schema-changed"/);
  assert.is(`${seed.search.content[1]!.text}\n`, seed.diffBlock);

  const semantic = await session(dir, 'semantic');
  // Only a bound loosened: SAFE under semantic, so the failure passes as the server answered it.
  assert.is(semantic.echo.message, 'MCP error -32602: Invalid params: text is required');
  // A default gone: RISKY under semantic, with the reason saying which policy decided.
  assert.is(semantic.search.content.length, 2, JSON.stringify(semantic.search));
  const block = semantic.search.content[1]!.text;
  assert.match(block, /<delta verdict="RISKY" rule="surface.input-schema-changed" field="surface.inputSchemaDigest">input schema changed: RISKY by its property-level changes \(policy semantic; the SPEC table says BREAKING\)/);
  assert.match(block, /<detail verdict="RISKY" path="\$\.query">/);
  assert.not.match(block, /verdict="BREAKING"/);
  assert.is(`${block}\n`, semantic.diffBlock);
});

test.run();
