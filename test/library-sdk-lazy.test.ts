import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './helpers/cli.ts';

// Importing the main entry must not load the MCP SDK (its client, transports and zod schemas cost
// more CPU than all the other entries together, docs/library.md): only a live read loads it. A
// child Node runs with a resolve hook that fails any import resolving into @modelcontextprotocol/sdk.
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const mainEntry = pathToFileURL(join(ROOT, pkg.exports['.'].default ?? pkg.exports['.'].import)).href;

const HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@modelcontextprotocol/sdk/')) throw new Error('SDK loaded: ' + specifier);
  return result;
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`;

function importUnderHook(code: string): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', code], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stderr: r.stderr };
}

test('the hook catches an SDK import (control)', () => {
  const r = importUnderHook(`await import('@modelcontextprotocol/sdk/types.js');`);
  assert.is.not(r.status, 0);
  assert.match(r.stderr, /SDK loaded: @modelcontextprotocol\/sdk\/types\.js/);
});

test('importing the main entry loads no module of the MCP SDK; making connections does not either', () => {
  const r = importUnderHook(
    `const m = await import(${JSON.stringify(mainEntry)});` +
      `if (typeof m.readLiveServer !== 'function') throw new Error('no readLiveServer');` +
      // Building a connection object starts nothing; the SDK loads when it starts.
      `m.stdioConnection({ command: process.execPath, args: ['-e', '0'], env: {} });` +
      `m.httpConnection({ url: 'http://127.0.0.1:9/mcp' });`,
  );
  assert.is(r.stderr, '');
  assert.is(r.status, 0);
});

test.run();
