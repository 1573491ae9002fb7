/**
 * Live servers that send more than any message should hold: each run must fail at once (exit 3)
 * naming the limit, instead of filling memory until the timeout (or the heap) ends it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, startHttpServer, type StartedServer } from './_live.ts';

const NODE = process.execPath;

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('http-hostile.mjs')]);
});
test.after(() => server.stop());

function lock(path: string): { code: number; stdout: string; stderr: string; ms: number } {
  const started = Date.now();
  // A request timeout far longer than the run may take: the limit, not the timer, must end it.
  const r = runCli(['lock', '--url', `http://127.0.0.1:${server.port}${path}`, '--request-timeout', '60000'], { cwd: tempDir() });
  return { ...r, ms: Date.now() - started };
}

for (const [path, fragment] of [
  ['/json-endless', 'the server sent a JSON body of more than 64 MiB (67108864 bytes), the most mcpfusion reads as one message: "{\\"jsonrpc\\":'],
  ['/sse-endless-data', 'the server sent a server-sent event of more than 64 MiB (67108864 characters) without ending it, the most mcpfusion reads as one message: "data: {\\"jsonrpc\\":'],
  ['/sse-endless-comment', 'the server sent a server-sent event of more than 64 MiB (67108864 characters) without ending it, the most mcpfusion reads as one message: ": keep-alive aaa'],
] as const) {
  test(`HTTP ${path}: a message that never ends fails at once past 64 MiB, not at the timeout`, () => {
    const r = lock(path);
    assert.is(r.code, 3, r.stderr);
    assert.is(r.stdout, '');
    assert.ok(r.stderr.includes('failed at stage "tools/list"'), r.stderr);
    assert.ok(r.stderr.includes(fragment), r.stderr.slice(0, 2000));
    assert.not.match(r.stderr, /Invalid string length|\n\s+at /, 'no RangeError, no stack trace');
    assert.ok(r.ms < 30_000, `took ${r.ms} ms`);
  });
}

test('HTTP: a redirect to another origin (a non-loopback address) is not followed; the error says so without naming an SDK option', () => {
  const r = runCli(['lock', '--url', `http://127.0.0.1:${server.port}/redirect`, '--handshake-timeout', '5000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "initialize": HTTP 307: Redirect to http://10.255.255.1:9/mcp not followed: mcpfusion follows a redirect only within the origin of --url (the headers would go wherever it points); give --url the address the server names'), r.stderr);
  assert.not.ok(r.stderr.includes('redirectPolicy'), r.stderr);
});

test('HTTP: a body cut off mid-way is named as such (before: only "terminated")', () => {
  const r = runCli(['lock', '--url', `http://127.0.0.1:${server.port}/cut-body`], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "tools/list": the connection closed while mcpfusion read the server\'s answer, before its end (UND_ERR_SOCKET: other side closed): the server (or a proxy in between) dropped it mid-body'), r.stderr);
});

test('HTTP: a 429 names the rate limit and what Retry-After asks for', () => {
  const r = runCli(['lock', '--url', `http://127.0.0.1:${server.port}/rate-limited`], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "tools/list": HTTP 429 (too many requests: the server limits how often it is called): the server asks to be called again after 120 s (Retry-After: 120), and mcpfusion does not wait: run it again then: a text/plain body: "Rate limit exceeded"'), r.stderr);
});

test('a stderr line of 100000 characters (a minified bundle in a stack trace) is cut in the tail, the lines after it kept', () => {
  const r = runCli(['lock', '--server', `${NODE} ${fixture('long-stderr-line.mjs')}`, '--handshake-timeout', '5000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr.slice(0, 2000));
  const long = r.stderr.split('\n').find((l) => l.startsWith('  var a=1;'));
  assert.ok(long !== undefined, r.stderr.slice(0, 2000));
  assert.ok(long.length < 600, `a line of ${long.length} characters`);
  assert.ok(long.endsWith('… (line cut at 500 characters)'), long.slice(-80));
  assert.ok(r.stderr.includes('  Error: boom'), r.stderr.slice(-300));
});

test('a list of more than 100000 tools fails naming the limit: one page of 500000, or pages of 30000', () => {
  const script = fixture('many-tools.mjs');
  const one = runCli(['lock', '--server', `${NODE} ${script}`, '--request-timeout', '20000'], { cwd: tempDir() });
  assert.is(one.code, 3, one.stderr);
  assert.ok(one.stderr.includes('failed at stage "tools/list": the server lists more than 100000 entries in tools/list (500000 after page 1); mcpfusion stops at 100000'), one.stderr);
  const paged = runCli(['lock', '--server', `FIXTURE_PAGES=5 FIXTURE_PER_PAGE=30000 ${NODE} ${script}`, '--request-timeout', '20000'], { cwd: tempDir() });
  assert.is(paged.code, 3, paged.stderr);
  assert.ok(paged.stderr.includes('failed at stage "tools/list (page 4)": the server lists more than 100000 entries in tools/list (120000 after page 4)'), paged.stderr);
  assert.not.match(one.stderr + paged.stderr, /Maximum call stack|Invalid string length|\n\s+at /, 'no RangeError, no stack trace');
});

test('a response with the id of a request never sent fails the source at once, not at the timeout', () => {
  const script = fixture('stray-response.mjs');
  const dir = tempDir();
  const other = runCli(['lock', '--server', `FIXTURE_STRAY=other-id ${NODE} ${script}`, '--request-timeout', '20000'], { cwd: dir });
  assert.is(other.code, 3, other.stderr);
  assert.ok(other.stderr.includes('failed at stage "tools/list": the server sent a response whose id answers no open request'), other.stderr);
  assert.ok(other.stderr.includes('\\"id\\":78,'), other.stderr);
});

test('a second, different answer to a request already answered fails the source; no lockfile is written', () => {
  const script = fixture('stray-response.mjs');
  const dir = tempDir();
  const twice = runCli(['lock', '--server', `FIXTURE_STRAY=twice ${NODE} ${script}`, '--request-timeout', '20000'], { cwd: dir });
  assert.is(twice.code, 3, twice.stderr);
  assert.ok(twice.stderr.includes('the server sent a response whose id answers no open request (the id of a request mcpfusion never sent, or a second answer to one already answered)'), twice.stderr);
  assert.ok(twice.stderr.includes('second'), twice.stderr);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')), 'no lockfile');
});

test('a server that sends 5000 pings without reading its stdin is answered and locked, without a listener-leak warning on stderr', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${fixture('ping-flood.mjs')}`, '--request-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.not.ok(r.stderr.includes('MaxListenersExceededWarning'), r.stderr);
  assert.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test.run();
