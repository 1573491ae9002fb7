import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from '../sources/_live.ts';

// A server with tools and prompts, locked live; its tools/list saved as a file holds tools only.
const SERVER = fixture('paginated.mjs');

async function savedToolsList(dir: string): Promise<string> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'ignore' }));
  const tools = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  await client.close();
  const file = join(dir, 'tools.json');
  writeFileSync(file, JSON.stringify({ tools }));
  return file;
}

test('check and diff against a saved tools/list say that its missing prompts are not known to be removed', async () => {
  const dir = tempDir();
  const locked = runCli(['lock', '--server', `${process.execPath} ${SERVER}`, '--lockfile', 'server.lock'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  await savedToolsList(dir);
  const checked = runCli(['check', '--lockfile', 'server.lock', '--tools-list', 'tools.json'], { cwd: dir });
  // The verdict stays: the file cannot show the prompts are still there.
  assert.is(checked.code, 1, checked.stderr);
  assert.match(checked.stderr, /warning: the source \(tools\/list file "tools\.json"\) holds tools only, so the 2 prompts and 0 resources locked in server\.lock show as removed/);
  const diffed = runCli(['diff', 'server.lock', 'tools.json'], { cwd: dir });
  assert.is(diffed.code, 1, diffed.stderr);
  assert.match(diffed.stderr, /warning: NEW is tools\/list file "tools\.json", which holds tools only, so the 2 prompts and 0 resources of lockfile "server\.lock" show as removed/);
  // The configured source as NEW (`--against`): the same.
  const against = runCli(['diff', '--against', 'server.lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(against.code, 1, against.stderr);
  assert.match(against.stderr, /warning: NEW is tools\/list file "tools\.json", which holds tools only/);
  // Sides of the same kind: no such warning.
  const same = runCli(['diff', 'tools.json', 'tools.json'], { cwd: dir });
  assert.is(same.code, 0);
  assert.not.match(same.stderr, /holds tools only/);
  const quiet = runCli(['check', '--lockfile', 'server.lock', '--tools-list', 'tools.json', '--quiet'], { cwd: dir });
  assert.not.match(quiet.stderr, /holds tools only/);
});

test.run();
