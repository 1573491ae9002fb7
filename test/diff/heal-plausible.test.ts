/**
 * `heal` adds the `<contract_awareness>` block to an `isError` result of a changed tool only when
 * the change plausibly explains the failure: the call's arguments do not meet the tool's current
 * input schema, or use a property it no longer declares (docs/diff.md, step 3). Real server:
 * server-memory, whose add_observations answers a call for an entity that does not exist with an
 * isError result however well-formed the call is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MEMORY, memoryEnv } from './_heal.ts';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
type Result = { isError?: boolean; content: { type: string; text: string }[] };

/**
 * A lockfile of server-memory's tools in which add_observations did not yet require "contents"
 * of an observation and still declared an optional top-level "note" (removed now).
 */
async function lockedBeforeContents(): Promise<string> {
  const dir = tempDir('mcpfusion-heal-plausible-');
  const direct = new Client({ name: 'heal-test', version: '1.0.0' });
  await direct.connect(new StdioClientTransport({ command: NODE, args: [MEMORY], env: memoryEnv(dir), stderr: 'pipe' }));
  const { tools } = await direct.listTools();
  await direct.close();
  const old = structuredClone(tools) as unknown as { name: string; inputSchema: { properties: Record<string, { items: { required: string[] } }> } }[];
  const schema = old.find((t) => t.name === 'add_observations')!.inputSchema;
  const items = schema.properties['observations']!.items;
  assert.ok(items.required.includes('contents'), JSON.stringify(items));
  items.required = items.required.filter((f) => f !== 'contents');
  (schema.properties as Record<string, unknown>)['note'] = { type: 'string' };
  writeFileSync(join(dir, 'old-tools.json'), JSON.stringify({ tools: old }));
  const locked = runCli(['lock', '--tools-list', 'old-tools.json'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  return dir;
}

async function saysOnStderr(stderr: () => string, said: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!said.test(stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.match(stderr(), said);
}

test('heal: an isError result of a changed tool gets the block only when the call breaks the new contract or uses a property it no longer declares', async () => {
  const dir = await lockedBeforeContents();
  const transport = new StdioClientTransport({ command: NODE, args: [BUNDLE, 'heal', '--', NODE, MEMORY], env: memoryEnv(dir), cwd: dir, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'heal-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    // Meets the current contract; fails because the entity does not exist: no block.
    const missing = await client.callTool({ name: 'add_observations', arguments: { observations: [{ entityName: 'nobody', contents: ['x'] }] } }) as Result;
    assert.is(missing.isError, true, JSON.stringify(missing));
    assert.is(missing.content.length, 1, JSON.stringify(missing));
    assert.not.match(missing.content[0]!.text, /contract_awareness/);
    await saysOnStderr(() => stderr, /heal: no <contract_awareness> for the failed call of the tool "add_observations" \(an isError result\): its arguments meet the tool's current input schema/);
    // Lacks what the change made required: the block.
    const old = await client.callTool({ name: 'add_observations', arguments: { observations: [{ entityName: 'nobody' }] } }) as Result;
    assert.is(old.isError, true, JSON.stringify(old));
    assert.is(old.content.length, 2, JSON.stringify(old));
    assert.match(old.content[1]!.text, /^<contract_awareness tool="add_observations">\n/);
    assert.match(old.content[1]!.text, /contents/);
    // Uses the property the tool no longer declares (the server ignores it, then fails): the block.
    const note = await client.callTool({ name: 'add_observations', arguments: { observations: [{ entityName: 'nobody', contents: ['x'] }], note: 'n' } }) as Result;
    assert.is(note.isError, true, JSON.stringify(note));
    assert.is(note.content.length, 2, JSON.stringify(note));
    assert.match(note.content[1]!.text, /^<contract_awareness tool="add_observations">\n/);
  } finally {
    await client.close();
  }
});

test.run();
