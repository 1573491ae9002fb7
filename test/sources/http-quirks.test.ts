/**
 * HTTP servers with habits the TypeScript SDK's own server does not have (other languages,
 * proxies): a session that expires, several messages in one server-sent event, error pages.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, startHttpServer, waitFor, type StartedServer } from './_live.ts';
import { describeHttpError } from '../../src/sources/http.ts';

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('http-quirks.mjs')]);
});
test.after(() => server.stop());

const url = (path: string): string => `http://127.0.0.1:${server.port}${path}`;

function digest(path: string): { code: number; stdout: string; stderr: string } {
  return runCli(['digest', '--format', 'json', '--url', url(path), '--request-timeout', '10000'], { cwd: tempDir() });
}

test('a notification answered with 200 null, 200 {} or 204 instead of 202 is accepted', () => {
  const plain = digest('/plain');
  for (const path of ['/notify-null', '/notify-object', '/notify-204']) {
    const r = digest(path);
    assert.is(r.code, 0, `${path}: ${r.stderr}`);
    assert.is(r.stdout, plain.stdout, path);
  }
});

test('several JSON-RPC messages in one server-sent event (a batch, or one per data line) are all read', () => {
  const plain = digest('/plain');
  assert.is(plain.code, 0, plain.stderr);
  assert.equal(Object.keys(JSON.parse(plain.stdout).tools), ['alpha', 'beta']);
  for (const path of ['/batch-sse', '/lines-sse']) {
    const r = digest(path);
    assert.is(r.code, 0, `${path}: ${r.stderr}`);
    assert.is(r.stdout, plain.stdout, path);
  }
});

test('a lost HTTP session (404 to a request carrying its id) is replaced once and the listing is read again from the start', async () => {
  const r = digest('/expire-once');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.match(r.stderr, /warning: the server lost the HTTP session \(HTTP 404 to a request carrying its Mcp-Session-Id\), so mcpfusion started a new session and read the listing again from the start/);
  // The server's log arrives once the event loop runs again (runCli blocks it).
  assert.ok(await waitFor(() => /deleted=/.test(server.stderr())), 'a session was ended with DELETE');
  const log = server.stderr();
  // The new session was opened without the old id, and its listing began at page 1; only it was ended with DELETE.
  const [, first, rest] = /\/expire-once tools\/list session=(session-\d+) cursor=p2\n\/expire-once initialize session=- cursor=-\n([\s\S]*)/.exec(log) ?? [];
  assert.ok(first !== undefined, log);
  assert.match(rest!, /^\/expire-once notifications\/initialized session=(session-\d+) cursor=-\n\/expire-once tools\/list session=\1 cursor=-\n\/expire-once tools\/list session=\1 cursor=p2\n/);
  const renewed = /session=(session-\d+)/.exec(rest!)![1]!;
  assert.ok(await waitFor(() => server.stderr().includes(`deleted=${renewed}\n`)), 'the new session is ended with DELETE');
  assert.not.ok(server.stderr().includes(`deleted=${first}\n`), 'the lost session is not');

  const always = digest('/expire-always');
  assert.is(always.code, 3, always.stderr);
  assert.match(always.stderr, /failed at stage "tools\/list": the server answered HTTP 404 to a request carrying the session id it had given \(Mcp-Session-Id\), so it no longer knows that session \(it expired, or the server restarted\), and this was the new session mcpfusion had started after losing the first: an application\/json body: JSON-RPC error -32001: "Session not found"/);
});

test('an HTTP error page (HTML, text/plain) is named in one escaped line, exit 3', () => {
  const html = digest('/html502');
  assert.is(html.code, 3);
  assert.is(html.stderr, `error: The MCP server ${url('/html502')} failed at stage "initialize": HTTP 502: a text/html body: "502 Bad Gateway"\n`);
  const plain = digest('/plain500');
  assert.is(plain.code, 3);
  assert.is(plain.stderr, `error: The MCP server ${url('/plain500')} failed at stage "initialize": HTTP 500: a text/plain body: "Internal Server Error: \\u001b[31mdatabase is down\\u001b[0m"\n`);
  // probe, which opens its own session, says the same.
  const dir = tempDir();
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), '{ "probes": [{ "id": "a", "tool": "alpha", "arguments": {} }] }');
  const probe = runCli(['probe', 'record', '--url', url('/html502')], { cwd: dir });
  assert.is(probe.code, 3);
  assert.match(probe.stderr, /failed at stage "initialize": HTTP 502: a text\/html body: "502 Bad Gateway"\n/);
});

test('an answer that is not JSON-RPC, or JSON sent as text/plain, fails at once naming what is wrong', () => {
  const bare = digest('/no-jsonrpc');
  assert.is(bare.code, 3);
  assert.match(bare.stderr, /failed at stage "tools\/list": the server sent a response that is not a JSON-RPC message \(it is JSON but not a JSON-RPC 2\.0 message: "jsonrpc" is missing, not "2\.0"\): "\{\\"id\\":1,/);
  const text = digest('/text-type');
  assert.is(text.code, 3);
  assert.match(text.stderr, /failed at stage "tools\/list": the server answered with Content-Type "text\/plain"; a Streamable HTTP server must answer a request with application\/json or text\/event-stream\n/);
  const none = digest('/no-type');
  assert.is(none.code, 3);
  assert.match(none.stderr, /failed at stage "tools\/list": the server answered without a Content-Type; a Streamable HTTP server must answer/);
});

test('an HTTP+SSE server whose endpoint event names another origin is named as such (not "the connection closed")', () => {
  const r = digest('/legacy-origin');
  assert.is(r.code, 3);
  assert.match(r.stderr, new RegExp(`failed at stage "initialize": the server speaks the deprecated HTTP\\+SSE transport, but its endpoint event names another origin \\(http://localhost:${server.port}\\) than the URL \\(http://127\\.0\\.0\\.1:${server.port}\\); mcpfusion sends requests and headers only to the origin of --url`));
});

test('a list given as null (a Go server\'s empty slice) is read as empty, with a warning', () => {
  const r = digest('/nil-lists');
  assert.is(r.code, 0, r.stderr);
  const plain = JSON.parse(digest('/plain').stdout) as { tools: object };
  assert.equal((JSON.parse(r.stdout) as { tools: object }).tools, plain.tools);
  for (const [method, key] of [['prompts/list', 'prompts'], ['resources/list', 'resources'], ['resources/templates/list', 'resourceTemplates']]) {
    assert.ok(r.stderr.includes(`warning: The server answered page 1 of ${method} with "${key}": null instead of an array; read as an empty page`), r.stderr);
  }
});

test('https:// to a server without TLS names the cause, not only "fetch failed"', () => {
  const r = runCli(['digest', '--url', `https://127.0.0.1:${server.port}/plain`], { cwd: tempDir() });
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "initialize": the HTTP request failed: ERR_SSL_WRONG_VERSION_NUMBER \(the server does not speak TLS on that port: use http:\/\/ instead of https:\/\/\)\n/);
});

test('421 Misdirected Request (a refused Host header) names the host name, and is not taken for an HTTP+SSE server', () => {
  const r = digest('/misdirected');
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "initialize": HTTP 421 \(misdirected: the server does not accept the host name of the URL; a server that checks the Host header may accept only the host name it was started for, e\.g\. localhost or 127\.0\.0\.1 rather than 0\.0\.0\.0 or the machine's name\): a body without a content type: "Invalid Host header"\n/);
  assert.not.match(r.stderr, /HTTP\+SSE/);
  // Node's fetch sometimes resends such a POST and then fails on its own body length: the same hint.
  const cause = Object.assign(new Error('Request body length does not match content-length header'), { code: 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH' });
  assert.match(describeHttpError(new TypeError('fetch failed', { cause })) ?? '', /^the HTTP request failed: UND_ERR_REQ_CONTENT_LENGTH_MISMATCH \(Node's fetch fails this way when it resends a request the server refused with 421 Misdirected Request: a server that checks the Host header/);
});

test.run();
