/**
 * Shared set-up of the heal tests against server-memory: the approved lockfile is the server's
 * own tools/list with `create_entities` as it was before "observations" became required, so its
 * current contract has a BREAKING change (a new required field).
 *
 * @module
 */
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

/** server-memory's stdio entry. */
export const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** The environment server-memory runs in, its memory file in `dir`. */
export const memoryEnv = (dir: string): Record<string, string> => ({ PATH: process.env['PATH']!, MEMORY_FILE_PATH: join(dir, 'm.jsonl') });

/**
 * A temp dir holding `mcpfusion.lock` locked from server-memory's tools/list with "observations"
 * not yet required by `create_entities`.
 *
 * @param prefix The temp dir's name prefix.
 * @returns The dir.
 */
export async function memoryLockedBeforeObservations(prefix: string): Promise<string> {
  const dir = tempDir(prefix);
  const direct = new Client({ name: 'heal-test', version: '1.0.0' });
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [MEMORY], env: memoryEnv(dir), stderr: 'pipe' }));
  const { tools } = await direct.listTools();
  await direct.close();
  const old = structuredClone(tools) as unknown as { name: string; inputSchema: { properties: { entities: { items: { required: string[] } } } } }[];
  const items = old.find((t) => t.name === 'create_entities')!.inputSchema.properties.entities.items;
  assert.ok(items.required.includes('observations'), JSON.stringify(items));
  items.required = items.required.filter((f) => f !== 'observations');
  writeFileSync(join(dir, 'old-tools.json'), JSON.stringify({ tools: old }));
  const locked = runCli(['lock', '--tools-list', 'old-tools.json'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  return dir;
}
