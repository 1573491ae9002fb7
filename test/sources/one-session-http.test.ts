/**
 * A Streamable HTTP server that connects one transport when it starts serves one session in its
 * lifetime: a second run is refused with 404 "Session not found" (the first session ended) or 400
 * "Server already initialized" (still held). The failure says so and what to do (servers23:
 * mssql-mcp 3.0.0's HTTP mode; the second lock was asked for "a missing or wrong --header").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, LOOPBACK_PRELOAD, startHttpServer, type StartedServer } from './_live.ts';

const started: StartedServer[] = [];
test.after(() => {
  for (const s of started) s.stop();
});

test('the first run locks; the second is told the server serves one session in its lifetime, not to look at its headers', async () => {
  const server = await startHttpServer(['--import', LOOPBACK_PRELOAD, fixture('one-session-http.mjs')]);
  started.push(server);
  const url = `http://127.0.0.1:${server.port}/mcp`;
  const dir = tempDir();
  const first = runCli(['lock', '--url', url], { cwd: dir });
  assert.is(first.code, 0, first.stderr);
  const second = runCli(['lock', '--url', url], { cwd: dir });
  assert.is(second.code, 3, second.stderr);
  assert.match(second.stderr, /failed at stage "initialize": HTTP 404 to the initialize POST \(an application\/json body: JSON-RPC error -32001: "Session not found"\)/);
  assert.ok(second.stderr.includes('a server that connects one transport when it starts serves one session in its lifetime. Restart the server before each run'), second.stderr);
  assert.not.match(second.stderr, /missing or wrong --header/);
});

test('while another client holds the one session, a run is told the same (400 "Server already initialized")', async () => {
  const server = await startHttpServer(['--import', LOOPBACK_PRELOAD, fixture('one-session-http.mjs')]);
  started.push(server);
  const url = `http://127.0.0.1:${server.port}/mcp`;
  // Another client initializes and keeps its session (no DELETE).
  const held = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'other', version: '1' } } }),
  });
  assert.is(held.status, 200);
  await held.body?.cancel();
  const r = runCli(['lock', '--url', url], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /HTTP 400 to the initialize POST \(an application\/json body: JSON-RPC error -32600: "Invalid Request: Server already initialized"\)/);
  assert.ok(r.stderr.includes('serves one session in its lifetime'), r.stderr);
});

test.run();
