import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { strayResponseError } from '../../src/sources/stray-response.ts';

// grep-mcp 1.1.0's bin imports its main module, which starts a server on import, then starts
// another: both read stdin and answer initialize. The failure says so instead of only "a response
// whose id answers no open request". The fixture is built the same way on the official SDK.

const NODE = process.execPath;
const DIR = join(ROOT, 'test/fixtures/servers/started-twice');
/** A long limit, so a slow start on a loaded machine never reads as a timeout. */
const PATIENT = ['--handshake-timeout', '60000'];

test('strayResponseError: a second initialize answer is named; another stray response keeps the general words', () => {
  const initialize = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'grep-mcp-ts', version: '1.1.0' } } };
  const twice = strayResponseError(new Error(`Received a response for an unknown message ID: ${JSON.stringify(initialize)}`))!.message;
  assert.ok(twice.startsWith('the server answered initialize a second time: '), twice);
  assert.ok(twice.includes('two servers most likely read the one stdin, each answering every request'), twice);
  const list = strayResponseError(new Error(`Received a response for an unknown message ID: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } })}`))!.message;
  assert.ok(list.startsWith('the server sent a response whose id answers no open request'), list);
  // A tool result that merely holds a field named protocolVersion is no initialize answer.
  const call = strayResponseError(new Error(`Received a response for an unknown message ID: ${JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [], protocolVersion: 1 } })}`))!.message;
  assert.ok(call.startsWith('the server sent a response whose id answers no open request'), call);
  assert.is(strayResponseError(new Error('Connection closed')), undefined);
});

test('a bin that starts its server twice: the failure says initialize was answered twice and why', () => {
  const r = runCli(['lock', '--server', `${NODE} ${join(DIR, 'bin.mjs')}`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server answered initialize a second time: '), r.stderr);
  assert.ok(r.stderr.includes('run the module that starts it on its own'), r.stderr);
  assert.not.ok(r.stderr.includes('the id of a request mcpfusion never sent'), r.stderr);
  // What the hint says to do: the module the bin imports, run by itself, serves once.
  const dir = tempDir();
  const ok = runCli(['lock', '--server', `${NODE} ${join(DIR, 'server.mjs')}`, '--lockfile', join(dir, 'mcpfusion.lock'), ...PATIENT], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
});

test.run();
