import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { environmentReads, localServiceDefault } from '../../src/sources/environment-reads.ts';
import { packageEnvironmentReads } from '../../src/sources/package-environment.ts';

// A server silent at the handshake timeout whose unset settings point it at a service on this
// machine (@falkordb/mcpserver 1.3.0: FALKORDB_HOST || 'localhost', FALKORDB_PORT || '6379',
// retrying for minutes with nothing on stdout or stderr): the failure says where it connects and
// which settings point it elsewhere, instead of asking whether it is a stdio server at all.

const SERVICE = join(ROOT, 'test/fixtures/servers/waits-for-local-service');

test('environmentReads: process.env reads by tokens, with the literal fallback after || or ??', () => {
  assert.equal(environmentReads(`const a = process.env.DB_HOST || 'localhost'; const p = process.env["DB_PORT"] ?? 5432; const t = process.env?.X; f(process.env.API_TOKEN);`),
    [{ name: 'DB_HOST', fallback: 'localhost' }, { name: 'DB_PORT', fallback: '5432' }, { name: 'X' }, { name: 'API_TOKEN' }]);
  // Not in a comment or a string, nor a lower-case or computed name.
  assert.equal(environmentReads(`// process.env.DB_HOST || 'localhost'\nconst s = "process.env.X || 'y'"; process.env[name]; process.env.lower || 'x';`), []);
});

test('localServiceDefault: the unset host that falls back to this machine, its port and credentials by prefix; nothing once the host is set or remote', () => {
  const reads = [{ name: 'MCP_PORT', fallback: '3000' }, { name: 'FALKORDB_HOST', fallback: 'localhost' }, { name: 'FALKORDB_PORT', fallback: '6379' }, { name: 'FALKORDB_USERNAME' }, { name: 'FALKORDB_PASSWORD' }];
  assert.equal(localServiceDefault(reads, () => false),
    { host: 'FALKORDB_HOST', fallback: 'localhost', port: { name: 'FALKORDB_PORT', fallback: '6379' }, address: 'localhost:6379', credentials: ['FALKORDB_USERNAME', 'FALKORDB_PASSWORD'] });
  assert.is(localServiceDefault(reads, (n) => n === 'FALKORDB_HOST'), undefined);
  assert.is(localServiceDefault([{ name: 'API_URL', fallback: 'https://api.example.com' }], () => false), undefined);
  assert.is(localServiceDefault([{ name: 'REDIS_URL', fallback: 'redis://127.0.0.1:6380/0' }], () => false)?.address, '127.0.0.1:6380');
  assert.equal(packageEnvironmentReads(SERVICE).map((r) => r.name), ['EXAMPLEDB_HOST', 'EXAMPLEDB_PORT', 'EXAMPLEDB_USERNAME', 'EXAMPLEDB_PASSWORD', 'MCP_TRANSPORT']);
});

test('a silent server retrying a service its unset settings point at on this machine: the timeout names the address and the settings (exit 3)', () => {
  const r = runCli(['lock', '--server', `${process.execPath} ${join(SERVICE, 'bin/server.js')}`, '--handshake-timeout', '3000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 3000 ms'), r.stderr);
  assert.ok(r.stderr.includes('the server wrote nothing to stdout, and its package (waits-for-local-service 0.1.0) reads EXAMPLEDB_HOST (default "localhost") and EXAMPLEDB_PORT (default "6399"), not set here, so it connects to a service at localhost:6399 on this machine before it serves: it is likely still trying to reach it, without a word. Start that service there, or point the server at one that runs: --server-env EXAMPLEDB_HOST=… --server-env EXAMPLEDB_PORT=… (it also reads EXAMPLEDB_USERNAME, EXAMPLEDB_PASSWORD, not set either); a longer --handshake-timeout lets its own error show'), r.stderr);
  assert.not.ok(r.stderr.includes('is it a stdio server'), r.stderr);
  // Told where the service is: no such hint, the general one.
  const told = runCli(['lock', '--server', `${process.execPath} ${join(SERVICE, 'bin/server.js')}`, '--server-env', 'EXAMPLEDB_HOST=127.0.0.1', '--handshake-timeout', '3000'], { cwd: tempDir() });
  assert.is(told.code, 3, told.stderr);
  assert.not.ok(told.stderr.includes('EXAMPLEDB_'), told.stderr);
  assert.ok(told.stderr.includes('is it a stdio server'), told.stderr);
});

const OWN_ENDPOINT = join(ROOT, 'test/fixtures/servers/silent-own-endpoint');

test('localServiceDefault: where the server itself listens or is called back is no service it waits for', () => {
  // 0.0.0.0 is a listening address (every interface), never one connected to.
  assert.is(localServiceDefault([{ name: 'DB_HOST', fallback: '0.0.0.0' }, { name: 'DB_PORT', fallback: '5432' }], () => false), undefined);
  // The server's own HTTP transport and OAuth redirect, and the platform's bare HOST.
  for (const name of ['MCP_HOST', 'FASTMCP_HOST', 'SERVER_HOST', 'HOST', 'LISTEN_ADDRESS', 'BIND_HOST', 'REDIRECT_URI', 'OAUTH_CALLBACK_URL']) {
    assert.is(localServiceDefault([{ name, fallback: 'http://localhost:3000/callback' }], () => false), undefined, name);
  }
  // A service it connects to still counts, an MCP server a bridge reaches included.
  assert.is(localServiceDefault([{ name: 'OLLAMA_HOST', fallback: 'http://localhost:11434' }], () => false)?.address, 'localhost:11434');
  assert.is(localServiceDefault([{ name: 'MCP_SERVER_URL', fallback: 'http://127.0.0.1:8000/mcp' }], () => false)?.address, '127.0.0.1:8000');
  assert.equal(packageEnvironmentReads(OWN_ENDPOINT).map((r) => r.name), ['MCP_TRANSPORT', 'MCP_HOST', 'MCP_PORT', 'REDIRECT_URI', 'HOST']);
});

test('a silent server whose package reads only its own endpoint (MCP_HOST || 0.0.0.0): the general hint, no service named (exit 3)', () => {
  const r = runCli(['lock', '--server', `${process.execPath} ${join(OWN_ENDPOINT, 'bin/server.js')}`, '--handshake-timeout', '3000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 3000 ms'), r.stderr);
  assert.not.ok(r.stderr.includes('connects to a service'), r.stderr);
  assert.not.ok(r.stderr.includes('MCP_HOST'), r.stderr);
  assert.ok(r.stderr.includes('is it a stdio server'), r.stderr);
});

test.run();
