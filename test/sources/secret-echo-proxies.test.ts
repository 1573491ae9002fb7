/**
 * The stdio proxies (`heal`, `guard`) in front of a server that repeats the secrets it was given
 * (its command line's, its environment's, a `--server-env` value) wherever it can: heal's notes
 * quoting its JSON-RPC error to heal's own read or to the read of its MCP Fusion manifest, and
 * guard's refusal naming a tool it lists, hide them as a `--server` source's messages do
 * (fixture: echo-secrets.mjs). The session's own bytes and the server's stderr pass unchanged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;
const SECRETS = /cli-secret-1234|db-pass-9876|env-token-abcdef12|pg-given-5555/;
const ENV = { ECHO_VARS: 'DB_URL,API_TOKEN,SERVICE_CRED', DB_URL: 'postgres://app:db-pass-9876@db/app', API_TOKEN: 'env-token-abcdef12' };
const GIVEN = ['--server-env', 'SERVICE_CRED=pg-given-5555'];
const SERVER = [NODE, fixture('echo-secrets.mjs'), '--api-key=cli-secret-1234'];
const INIT = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`;
const CALL = `${JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo_fail', arguments: {} } })}\n`;

/** A temp dir holding the lockfile of the fixture as it lists by default. */
function locked(): string {
  const dir = tempDir('mcpfusion-echo-proxy-');
  const r = runCli(['lock', '--server', SERVER.map((w) => `'${w}'`).join(' '), ...GIVEN], { cwd: dir, env: ENV });
  assert.is(r.code, 0, r.stderr);
  return dir;
}

test('heal: the notes that quote the server\'s error to heal\'s own tools/list and manifest read hide its secrets', () => {
  const dir = locked();
  // A call failing with -32602 makes heal ask the server; its tools/list answers an error that echoes.
  const list = runCli(['heal', ...GIVEN, '--', ...SERVER], { cwd: dir, env: { ...ENV, ECHO_LIST: 'error', ECHO_CALL_CODE: '-32602' }, input: INIT + CALL });
  assert.is(list.code, 0, list.stderr);
  assert.match(list.stderr, /heal: heal's own read of the server's tools failed \(the server answered with an error \(list refused for --api-key=\*\*\* DB_URL=postgres:\/\/app:\*\*\*@db\/app API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*\)\)/);
  assert.not.match(list.stderr, SECRETS, list.stderr);
  // The failed answer itself is the session's: the client gets it as the server sent it.
  assert.match(list.stdout, /bad credentials --api-key=cli-secret-1234/);
  const manifest = runCli(['heal', ...GIVEN, '--', ...SERVER], { cwd: dir, env: { ...ENV, ECHO_RESOURCES: '1', ECHO_CALL_CODE: '-32602' }, input: INIT + CALL });
  assert.is(manifest.code, 0, manifest.stderr);
  assert.match(manifest.stderr, /heal: the MCP Fusion manifest "fusion:\/\/manifest.json" is ignored \(reading it failed: the server answered with an error \(manifest refused for --api-key=\*\*\* /);
  assert.not.match(manifest.stderr, SECRETS, manifest.stderr);
});

test('guard: the refusal naming a tool that is not attested hides the secrets the tool\'s name repeats', () => {
  const dir = locked();
  assert.is(runCli(['attest', 'keygen', '--key', 'ci.key'], { cwd: dir }).code, 0);
  const signed = runCli(['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'ci.key'], { cwd: dir });
  assert.is(signed.code, 0, signed.stderr);
  // The server now also lists a tool whose name is the echo.
  const r = runCli(['guard', '--public-key', 'ci.pub', ...GIVEN, '--', ...SERVER], { cwd: dir, env: { ...ENV, ECHO_NAME: '1' }, input: INIT });
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /the server lists tools that are not attested: "--api-key=\*\*\* DB_URL=postgres:\/\/app:\*\*\*@db\/app API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*"/);
  assert.not.match(r.stderr, SECRETS, r.stderr);
});

test.run();
