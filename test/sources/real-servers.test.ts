import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runCli, tempDir } from '../helpers/cli.ts';
import { processesMatching, realServer, uniqueScriptPath, waitFor } from './_live.ts';

const NODE = process.execPath;

/** The oracle: tool names as the SDK's own stdio client lists them (all pages). */
async function listedToolNames(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const client = new Client({ name: 'oracle', version: '0' });
  await client.connect(new StdioClientTransport({ command: NODE, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'ignore' }));
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    names.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  await client.close();
  return names.sort();
}

interface Case { name: string; args: (dir: string) => string[]; env?: (dir: string) => Record<string, string> }

const CASES: Case[] = ([
  { name: 'server-everything', args: () => [realServer('everything')] },
  { name: 'server-filesystem', args: (dir) => [realServer('filesystem'), join(dir, 'allowed')] },
  { name: 'server-memory', args: () => [realServer('memory')], env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }) },
] as Case[]).map((c) => {
  // A unique script path per run, so the process check below sees only this test's servers.
  const script = uniqueScriptPath(c.args('')[0]!);
  return { ...c, args: (dir: string) => [script, ...c.args(dir).slice(1)] };
});

for (const c of CASES) {
  test(`lock --server ${c.name}: tool names as listed, check exits 0, locking twice gives identical bytes`, async () => {
    const dir = tempDir();
    const data = tempDir();
    if (c.name === 'server-filesystem') {
      const { mkdirSync } = await import('node:fs');
      mkdirSync(join(data, 'allowed'));
      writeFileSync(join(data, 'allowed', 'hello.txt'), 'hello');
    }
    const env = c.env?.(data) ?? {};
    const command = [NODE, ...c.args(data)].map((a) => `'${a}'`).join(' ');
    const envFlags = Object.entries(env).flatMap(([k, v]) => ['--server-env', `${k}=${v}`]);
    const fixedTime = { SOURCE_DATE_EPOCH: '1700000000' };

    const first = runCli(['lock', '--server', command, ...envFlags], { cwd: dir, env: fixedTime });
    assert.is(first.code, 0, first.stderr);
    const path = join(dir, 'mcpfusion.lock');
    const bytes = readFileSync(path);
    const lock = JSON.parse(bytes.toString('utf8'));
    assert.equal(Object.keys(lock.capabilities.tools).sort(), await listedToolNames(c.args(data), env));
    assert.ok(Object.keys(lock.capabilities.tools).length > 0);

    const check = runCli(['check', '--server', command, ...envFlags], { cwd: dir });
    assert.is(check.code, 0, check.stdout + check.stderr);

    const mtime = statSync(path).mtimeMs;
    const again = runCli(['lock', '--server', command, ...envFlags], { cwd: dir });
    assert.is(again.code, 0, again.stderr);
    assert.match(again.stdout, /is up to date/);
    assert.is(statSync(path).mtimeMs, mtime, 'an unchanged lockfile is not rewritten');

    const other = tempDir();
    assert.is(runCli(['lock', '--server', command, ...envFlags], { cwd: other, env: fixedTime }).code, 0);
    assert.ok(readFileSync(join(other, 'mcpfusion.lock')).equals(bytes), 'a second lock from scratch is byte-identical');

    const script = c.args(data)[0]!;
    assert.ok(await waitFor(() => processesMatching(script).length === 0, 5000), `left running: ${JSON.stringify(processesMatching(script))}`);
  });
}

test('inspect output is a contracts file that locks to the same integrity digest', () => {
  const dir = tempDir();
  const command = `${NODE} ${realServer('everything')}`;
  const inspect = runCli(['inspect', '--server', command], { cwd: dir });
  assert.is(inspect.code, 0, inspect.stderr);
  writeFileSync(join(dir, 'contracts.json'), inspect.stdout);
  const live = JSON.parse(runCli(['digest', '--format', 'json', '--server', command], { cwd: dir }).stdout);
  const file = runCli(['digest', '--format', 'json', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(file.code, 0, file.stderr);
  assert.is(JSON.parse(file.stdout).integrityDigest, live.integrityDigest);
  const text = runCli(['inspect', '--format', 'text', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(text.code, 0);
  assert.match(text.stdout, /^server mcp-servers\/everything: \d+ tools, \d+ prompts, \d+ resources/);
  assert.match(text.stdout, /\ntool echo {2}Echoes back the input string\n {2}action default: read-only, idempotent {2}required: message\n/);
});

test.run();
