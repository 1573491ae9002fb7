/**
 * A server that repeats the secrets it was given (a header's value, the URL's query, its command
 * line's and environment's secrets, a `--server-env` value) in what it answers: a warning of a
 * listing that worked, a session's refused DELETE, a probe's failed call, a failed handshake under
 * `probe`. None of those values reaches stdout or stderr (fixture: echo-secrets.mjs).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { fixture, startHttpServer, type StartedServer } from './_live.ts';

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('echo-secrets.mjs'), '--http']);
});
test.after(() => server.stop());

const url = (path: string): string => `http://127.0.0.1:${server.port}${path}`;
/** The values given below; none may be printed. */
const SECRETS = /sk-echoed-secret-4711|q-secret-0815|cli-secret-1234|db-pass-9876|env-token-abcdef12|pg-given-5555/;
const HEADER = ['--header', 'Authorization: Bearer sk-echoed-secret-4711'];
const SERVER = [
  '--server', `'${process.execPath}' '${fixture('echo-secrets.mjs')}' --api-key=cli-secret-1234`,
  '--server-env', 'ECHO_VARS=DB_URL,API_TOKEN,SERVICE_CRED',
  '--server-env', 'DB_URL=postgres://app:db-pass-9876@db/app',
  '--server-env', 'API_TOKEN=env-token-abcdef12',
  // Named like no secret: hidden because it was given on purpose and looks like a token.
  '--server-env', 'SERVICE_CRED=pg-given-5555',
];

/** A temp dir holding a probe file with one probe of `tool` (with a baseline when `baseline`). */
function probeDir(tool: string, baseline: boolean): string {
  const dir = tempDir('mcpfusion-echo-');
  const probe = { id: 'p1', tool, arguments: {}, ...(baseline ? { baseline: { content: [{ type: 'text', text: 'x' }] } } : {}) };
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: [probe] }));
  return dir;
}

function clean(r: CliResult, what: string): void {
  assert.not.match(r.stdout + r.stderr, SECRETS, `${what}: ${r.stderr}`);
}

test('HTTP: the warnings of a listing that worked (a list answered with an error, a refused DELETE) hide the header and query values the server repeats', () => {
  const r = runCli(['digest', '--url', url('/mcp?api_key=q-secret-0815'), ...HEADER, '--request-timeout', '60000'], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /answered prompts\/list with an error \(JSON-RPC error -32603: refused for \*\*\* \/mcp\?api_key=\*\*\*\)/);
  assert.match(r.stderr, /ending the HTTP session failed: .*session of \*\*\* \/mcp\?api_key=\*\*\* not ended/);
  clean(r, 'digest');
});

test('stdio: a warning quoting the server hides its command line\'s and environment\'s secrets and every --server-env value', () => {
  const r = runCli(['digest', ...SERVER, '--handshake-timeout', '30000', '--request-timeout', '30000'], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /refused for --api-key=\*\*\* DB_URL=\*\*\* API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*\)/);
  clean(r, 'digest');
});

test('a message that quotes the server\'s text cut short hides the part of a secret the cut left (the data of a JSON-RPC error, cut at 200 characters inside --api-key=cli-secret-1234)', () => {
  const r = runCli(['digest', ...SERVER, '--handshake-timeout', '30000', '--request-timeout', '30000'], { cwd: tempDir(), env: { ECHO_DATA_PAD: '180' } });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /\(data: "x{180} --api-key=\*\*\*…"\)/);
  assert.not.match(r.stdout + r.stderr, /cli-s/, r.stderr);
  clean(r, 'digest');
});

test('probe record: a failed call, the shutdown note and a failed handshake hide what the server repeats', () => {
  const http = runCli(['probe', 'record', '--url', url('/mcp'), ...HEADER, '--timeout', '60000'], { cwd: probeDir('echo_fail', false) });
  assert.is(http.code, 3, http.stderr);
  assert.match(http.stderr, /p1: the server answered with JSON-RPC error -32603: bad credentials \*\*\* \/mcp/);
  assert.match(http.stderr, /session of \*\*\* \/mcp not ended/);
  clean(http, 'record --url');
  const refused = runCli(['probe', 'record', '--url', url('/refuse?token=q-secret-0815'), ...HEADER, '--timeout', '60000'], { cwd: probeDir('echo_fail', false) });
  assert.is(refused.code, 3, refused.stderr);
  assert.match(refused.stderr, /failed at stage "initialize": HTTP 401 .*invalid token: \*\*\* \/refuse\?token=\*\*\*/);
  clean(refused, 'record --url /refuse');
  const stdio = runCli(['probe', 'record', ...SERVER, '--handshake-timeout', '30000', '--timeout', '30000'], { cwd: probeDir('echo_fail', false) });
  assert.is(stdio.code, 3, stdio.stderr);
  assert.match(stdio.stderr, /bad credentials --api-key=\*\*\* DB_URL=\*\*\*/);
  clean(stdio, 'record --server');
});

test('probe run: the error answer of a tool that is gone, quoted in a warning and judged, hides the secrets', () => {
  const r = runCli(['probe', 'run', ...SERVER, '--handshake-timeout', '30000', '--timeout', '30000', '--format', 'json'], { cwd: probeDir('gone_tool', true) });
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /its call failed \(JSON-RPC error -32603: bad credentials --api-key=\*\*\*/);
  clean(r, 'run --server');
});

test('probe record and run over HTTP: the header\'s credentials and the URL\'s secret query value an answer repeats are stored and judged as the placeholder', () => {
  const dir = tempDir('mcpfusion-echo-');
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: [{ id: 'p1', tool: 'echo_back', arguments: {} }] }));
  const given = ['--url', `http://127.0.0.1:${server.port}/mcp?api_key=q-secret-0815`, ...HEADER];
  const rec = runCli(['probe', 'record', ...given, '--timeout', '60000'], { cwd: dir });
  assert.is(rec.code, 0, rec.stderr);
  const file = readFileSync(join(dir, 'mcpfusion.probes.jsonc'), 'utf8');
  assert.match(file, /given <redacted-secret> \/mcp\?api_key=<redacted-secret>/);
  assert.not.match(file, /sk-echoed-secret-4711|q-secret-0815/);
  assert.match(rec.stderr, /note: probe "p1": the tool's answer holds the value of the --header "Authorization", a secret of the --url; stored in the baseline as <redacted-secret>/);
  clean(rec, 'record --url');
  // A query value named like no secret but with a token's look is one too (as messages hide it).
  const unnamed = tempDir('mcpfusion-echo-');
  writeFileSync(join(unnamed, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: [{ id: 'p1', tool: 'echo_back', arguments: {} }] }));
  const k = runCli(['probe', 'record', '--url', `http://127.0.0.1:${server.port}/mcp?format=json&k=x7Gk29LmQp12`, '--timeout', '60000'], { cwd: unnamed });
  assert.is(k.code, 0, k.stderr);
  const kept = readFileSync(join(unnamed, 'mcpfusion.probes.jsonc'), 'utf8');
  assert.match(kept, /given {2}\/mcp\?format=json&k=<redacted-secret>/);
  assert.not.match(kept + k.stdout + k.stderr, /x7Gk29LmQp12/);
  const dump = tempDir('mcpfusion-echo-judge-');
  const judge = `'${process.execPath}' '${join(ROOT, 'test/fixtures/probe/judges/score-by-id.mjs')}'`;
  const run = runCli(['probe', 'run', ...given, '--timeout', '60000', '--judge-command', judge, '--format', 'json'], { cwd: dir, env: { JUDGE_DUMP: dump } });
  assert.is(run.code, 0, run.stderr);
  assert.not.match(readFileSync(join(dump, 'p1.json'), 'utf8'), SECRETS);
  const offline = runCli(['probe', 'run', ...given, '--timeout', '60000', '--format', 'json'], { cwd: dir });
  assert.is(offline.code, 0, offline.stderr);
  assert.match(offline.stdout, /"level": "none"/);
  clean(offline, 'run --url');
});

test.run();
