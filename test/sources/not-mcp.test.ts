/**
 * A program that answers `initialize` with `Method not found` speaks JSON-RPC but not MCP: the
 * failure says so and what to check (servers23: playwright-mcp-server 1.0.0, whose methods are its
 * own, got only the JSON-RPC error quoted).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/not-mcp-jsonrpc.mjs');

test('a program answering initialize with -32601 is told it does not speak MCP, with exit 3', () => {
  const r = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "initialize": the server answered with JSON-RPC error -32601: Method not found (data: "The method \'initialize\' does not exist"); ' +
    'a program that does not know initialize does not speak MCP (every MCP server answers initialize first): started this way it speaks another JSON-RPC protocol.'), r.stderr);
  assert.ok(r.stderr.includes('a package named for MCP may still not be an MCP server'), r.stderr);
});

test('a -32601 to tools/list after an answered initialize is not called a program that does not speak MCP', () => {
  const dir = tempDir();
  const server = join(dir, 'no-tools-list.mjs');
  // Answers initialize (the helper's default), and every other method with -32601.
  writeFileSync(server, `import { serve } from ${JSON.stringify(pathToFileURL(join(ROOT, 'test/fixtures/servers/_rpc.mjs')).href)};\nserve({});\n`);
  const r = runCli(['lock', '--server', `${NODE} ${server}`, '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /failed at stage "tools\/list": the server answered with JSON-RPC error -32601/);
  assert.not.match(r.stderr, /does not speak MCP/);
});

test.run();
