/**
 * HTTP servers with habits the TypeScript SDK's own server does not have (other languages,
 * proxies): a session that expires, several messages in one server-sent event, error pages.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, startHttpServer, waitFor, type StartedServer } from './_live.ts';
import { describeHttpError, loadHttpTransports } from '../../src/sources/http.ts';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('http-quirks.mjs')]);
});
test.after(() => server.stop());

const url = (path: string): string => `http://127.0.0.1:${server.port}${path}`;

/**
 * Every run here ends on an answer, never on the request timeout, so the timeout is one no
 * loaded machine reaches: /many-orphans-sse's 70 MiB of events did not fit in 10 s with node -e 0
 * at 3 s, and a run that waited for it is told apart by time (below) only with room between.
 */
function digest(path: string): { code: number; stdout: string; stderr: string } {
  return runCli(['digest', '--format', 'json', '--url', url(path), '--request-timeout', '60000'], { cwd: tempDir() });
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

test('a response without an id in an event stream (a server answering a notification) is dropped with a warning', () => {
  const plain = digest('/plain');
  const r = digest('/orphan-sse');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, plain.stdout);
  // Two list requests (two pages), one dropped result each: one warning counting both.
  assert.ok(r.stderr.includes('warning: the server sent 2 responses without a request id, which answer no request (a server answering a notification, which JSON-RPC 2.0 forbids, or an error it could not tie to a request), skipped: "{\\"jsonrpc\\":\\"2.0\\",\\"result\\":null}" (the first)'), r.stderr);
});

test('dropped events do not count toward the size of the next one (70 of 1 MiB, then the answer)', () => {
  const r = digest('/many-orphans-sse');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.match(r.stderr, /warning: the server sent 140 responses without a request id/);
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

/** A directory with a probe file of four probes (two calls each of alpha and beta). */
function probeDir(): string {
  const dir = tempDir();
  const probes = ['alpha', 'beta', 'alpha', 'beta'].map((tool, i) => ({ id: `p${i}`, tool, arguments: { i } }));
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes }));
  return dir;
}

/**
 * The fixture's log lines of one path and the tool calls run in its sessions, once the log from
 * the path's first line on matches `until` (the fixture's log arrives once the event loop runs).
 */
async function logOf(path: string, until: RegExp): Promise<string[]> {
  const from = (): string => server.stderr().slice(Math.max(0, server.stderr().indexOf(`${path} `)));
  assert.ok(await waitFor(() => server.stderr().includes(`${path} `) && until.test(from())), server.stderr());
  const sessions = new Set<string>();
  const lines: string[] = [];
  for (const line of server.stderr().split('\n')) {
    const own = line.startsWith(`${path} `);
    const session = /session=(session-\d+)/.exec(line)?.[1];
    if (own && session !== undefined) sessions.add(session);
    if (own || (line.startsWith('called=') && sessions.has(session!))) lines.push(line);
  }
  return lines;
}

test('probe: a lost HTTP session is replaced once and the calls it refused are sent again, each run once', async () => {
  const dir = probeDir();
  const r = runCli(['probe', 'record', '--url', url('/expire-call-once/record'), '--concurrency', '4'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^recorded 4 probes: p0, p1, p2, p3\n/);
  assert.match(r.stderr, /warning: the server lost the HTTP session \(HTTP 404 to a request carrying its Mcp-Session-Id\), so mcpfusion started a new session and sent again the [1-4] requests? that the lost session had refused \(a server runs no request for a session it does not know\)\n/);
  const log = await logOf('/expire-call-once/record', /(called=[^]*){4}deleted=/);
  assert.is(log.filter((l) => l.includes(' initialize ')).length, 2, log.join('\n'));
  // Every tool ran once, in the new session; none in the lost one.
  const called = log.filter((l) => l.startsWith('called='));
  assert.equal(called.map((l) => l.replace(/ session=.*/, '')).sort(), ['called=alpha', 'called=alpha', 'called=beta', 'called=beta']);
  assert.is(new Set(called.map((l) => l.replace(/.* /, ''))).size, 1);
  assert.not.ok(called.some((l) => l.endsWith('session=' + /session=(session-\d+)/.exec(log[1]!)![1])), 'nothing ran in the lost session');
  const baselines = (JSON.parse(readFileSync(join(dir, 'mcpfusion.probes.jsonc'), 'utf8')) as { probes: Array<{ baseline: unknown }> }).probes.map((p) => p.baseline);
  assert.equal(baselines[0], { content: [{ type: 'text', text: 'alpha ran' }], isError: false });

  // probe run: the tools/list for the judge's contracts lost at page 2 is read again from page 1.
  const run = runCli(['probe', 'run', '--url', url('/expire-once/probe-run')], { cwd: dir });
  assert.is(run.code, 0, run.stderr);
  assert.match(run.stdout, /4 probes: 4 none/);
  assert.match(run.stderr, /contracts from the live tools\/list\n/);
  assert.match(run.stderr, /warning: the server lost the HTTP session .*, so mcpfusion started a new session and sent again the 1 request that the lost session had refused/);
  const listing = (await logOf('/expire-once/probe-run', /called=beta[^]*called=beta[^]*deleted=/)).filter((l) => !l.startsWith('called=')).map((l) => l.replace(/session-\d+/, 'S'));
  assert.equal(listing.slice(0, 8), [
    '/expire-once/probe-run initialize session=- cursor=-',
    '/expire-once/probe-run notifications/initialized session=S cursor=-',
    '/expire-once/probe-run tools/list session=S cursor=-',
    '/expire-once/probe-run tools/list session=S cursor=p2',
    '/expire-once/probe-run initialize session=- cursor=-',
    '/expire-once/probe-run notifications/initialized session=S cursor=-',
    '/expire-once/probe-run tools/list session=S cursor=-',
    '/expire-once/probe-run tools/list session=S cursor=p2',
  ]);

  // A second lost session fails the calls, as before.
  const always = runCli(['probe', 'record', '--url', url('/expire-always')], { cwd: probeDir() });
  assert.is(always.code, 3, always.stderr);
  assert.match(always.stderr, /p0: the server answered HTTP 404 to a request carrying the session id it had given \(Mcp-Session-Id\), so it no longer knows that session \(it expired, or the server restarted\), and this was the new session mcpfusion had started after losing the first/);
});

test('HTTP+SSE: a 404 to the message endpoint of a session that worked opens a new SSE stream once and lists again', async () => {
  const r = digest('/legacy-expire-once/digest');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.match(r.stderr, /warning: the server lost the HTTP\+SSE session \(HTTP 404 to a POST to the message endpoint it had named\), so mcpfusion opened a new SSE stream and read the listing again from the start\n/);
  const log = (await logOf('/legacy-expire-once/digest', /legacy-expire-once\/digest GET[^]*legacy-expire-once\/digest GET[^]*cursor=p2\n[^]*cursor=p2\n/)).map((l) => l.replace(/session-\d+/, 'S'));
  assert.equal(log, [
    '/legacy-expire-once/digest GET session=S',
    '/legacy-expire-once/digest initialize session=S cursor=-',
    '/legacy-expire-once/digest notifications/initialized session=S cursor=-',
    '/legacy-expire-once/digest tools/list session=S cursor=-',
    '/legacy-expire-once/digest tools/list session=S cursor=p2',
    '/legacy-expire-once/digest GET session=S',
    '/legacy-expire-once/digest initialize session=S cursor=-',
    '/legacy-expire-once/digest notifications/initialized session=S cursor=-',
    '/legacy-expire-once/digest tools/list session=S cursor=-',
    '/legacy-expire-once/digest tools/list session=S cursor=p2',
  ]);
  const always = digest('/legacy-expire-always');
  assert.is(always.code, 3, always.stderr);
  assert.match(always.stderr, /failed at stage "tools\/list": the server answered HTTP 404 to a POST to the message endpoint that its HTTP\+SSE stream had named and that had accepted messages before, so it no longer knows that session \(it expired, or the server restarted\), and this was the new session mcpfusion had started after losing the first: a text\/plain body: "Could not find session"\n/);
});

test('HTTP+SSE: a 400 naming the session (the TypeScript SDK examples) is a lost session too; a 400 naming none is not', async () => {
  const r = digest('/legacy-expire-once-400');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.match(r.stderr, /warning: the server lost the HTTP\+SSE session \(HTTP 400 to a POST to the message endpoint it had named\), so mcpfusion opened a new SSE stream and read the listing again from the start\n/);
  const log = await logOf('/legacy-expire-once-400', /legacy-expire-once-400 GET[^]*legacy-expire-once-400 GET[^]*cursor=p2\n[^]*cursor=p2\n/);
  assert.is(log.filter((l) => l.includes(' GET ')).length, 2);
  const always = digest('/legacy-expire-always-400');
  assert.is(always.code, 3, always.stderr);
  assert.match(always.stderr, /failed at stage "tools\/list": the server answered HTTP 400 to a POST to the message endpoint that its HTTP\+SSE stream had named and that had accepted messages before, so it no longer knows that session \(it expired, or the server restarted\), and this was the new session mcpfusion had started after losing the first: a text\/plain body: "No transport found for sessionId"\n/);
  // A refused message is not a lost session: no second stream, the 400 as it was.
  const bad = digest('/legacy-expire-bad-400');
  assert.is(bad.code, 3, bad.stderr);
  assert.not.match(bad.stderr, /lost|new SSE stream/);
  assert.match(bad.stderr, /failed at stage "tools\/list": .*400.*Invalid message/);
});

test('a server that serves one stateless transport once: initialize answered, then 500 to the next request; the failure says why', () => {
  // @aashari/mcp-server-atlassian-jira 3.3.0 with TRANSPORT_MODE=http: 500 and an empty body to notifications/initialized.
  const r = digest('/stateless500');
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.startsWith(`error: The MCP server ${url('/stateless500')} failed at stage "initialize": HTTP 500: an empty body; the server answered initialize without a session id (Mcp-Session-Id), then HTTP 500 to notifications/initialized: a server that connects one stateless Streamable HTTP transport once`), r.stderr);
  assert.ok(r.stderr.includes('it must create its transport (and connect its server) per request, or give sessions'), r.stderr);
  // A server that gave a session is not one of these: /reconnect500 below has no such hint.
  assert.not.ok(digest('/reconnect500').stderr.includes('stateless'), 'no hint with a session');
});

test('a handshake that fails after initialize gave a session: the JSON-RPC error with its data, and the session is ended', async () => {
  // @circleci/mcp-server-circleci's remote mode answers initialize, then 500 "Internal server
  // error" to notifications/initialized, with the reason only in the error's data.
  const r = digest('/reconnect500');
  assert.is(r.code, 3);
  assert.is(r.stderr, `error: The MCP server ${url('/reconnect500')} failed at stage "initialize": HTTP 500: an application/json body: JSON-RPC error -32603: "Internal server error" (data: "Already connected to a transport. Call close() before connecting to a new transport, or use a separate Protocol instance per connection.")\n`);
  assert.ok(await waitFor(() => /\/reconnect500 notifications\/initialized session=session-\d+/.test(server.stderr())), server.stderr());
  const session = /\/reconnect500 notifications\/initialized session=(session-\d+)/.exec(server.stderr())![1]!;
  assert.ok(await waitFor(() => server.stderr().includes(`deleted=${session}\n`)), 'the session is ended with DELETE');
});

test('a handshake that times out says what it waited for: no status line at all (a process that accepts but does not serve), or an event stream without the answer', () => {
  const cases: [string, string][] = [
    ['/silent', `; 127.0.0.1:${server.port} accepted the TCP connection, but the POST of initialize got no HTTP answer (not even a status line): the process listening there does not serve HTTP on it (stuck, still starting, or not an HTTP server); check that the server is up and ready (its log), and that this port is its MCP endpoint's`],
    ['/silent-sse', '; the server answered the POST of initialize with HTTP 200 (text/event-stream) but sent no answer to initialize on it: the server is stuck handling initialize; its log may say why'],
  ];
  for (const [path, clause] of cases) {
    const r = runCli(['digest', '--url', url(path), '--handshake-timeout', '1500'], { cwd: tempDir() });
    assert.is(r.code, 3, `${path}: ${r.stderr}`);
    assert.is(r.stderr, `error: The MCP server ${url(path)} failed at stage "initialize": no answer within 1500 ms (set --handshake-timeout or timeouts.handshake)${clause}\n`);
  }
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

test('an HTTP+SSE server that answers the initialize POST with its event stream (any method opens it) is read over HTTP+SSE at once', async () => {
  const started = Date.now();
  const r = digest('/legacy-any-method');
  assert.is(r.code, 0, r.stderr);
  // A wait for the request timeout takes 60 s; the run itself, node's start and a few requests,
  // took 12 to 15 s with node -e 0 at 3 s (the old bound, 8 s against 10 s, left no room).
  assert.ok(Date.now() - started < 30_000, `no wait for the request timeout (${Date.now() - started} ms)`);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.match(r.stderr, /warning: the server answered with the deprecated HTTP\+SSE transport \(MCP 2024-11-05\)/);
  const log = (await logOf('/legacy-any-method', /legacy-any-method tools\/list session=\S+ cursor=p2\n/)).map((l) => l.replace(/session-\d+/, 'S'));
  assert.equal(log, [
    '/legacy-any-method POST session=S',
    '/legacy-any-method GET session=S',
    '/legacy-any-method initialize session=S cursor=-',
    '/legacy-any-method notifications/initialized session=S cursor=-',
    '/legacy-any-method tools/list session=S cursor=-',
    '/legacy-any-method tools/list session=S cursor=p2',
  ]);
});

test('a redirect within the origin of --url (a Python server mounted at /mcp answers /mcp/ with 307) is followed, as the SDK client follows it', async () => {
  const r = digest('/moved');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, digest('/plain').stdout);
  assert.ok(await waitFor(() => server.stderr().includes('/moved POST\n')), 'the request went to /moved first');
});

test('a 4xx with a JSON-RPC error to the initialize POST names that error as the cause, not the URL', () => {
  const r = digest('/rpc400');
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "initialize": HTTP 400 to the initialize POST \(an application\/json body: JSON-RPC error -32600: "Invalid credentials"\), and the deprecated HTTP\+SSE transport on the same URL failed too \(the GET of its event stream got HTTP 405: an empty body\); the server answered the POST with a JSON-RPC error, so the URL is likely its MCP endpoint and that error is the cause/);
  assert.not.match(r.stderr, /check that the URL/);
});

test('an HTTP+SSE server that refuses the GET of its stream with 401 gets the OAuth explanation a Streamable HTTP 401 gets, not "Non-200 status code (401)"', () => {
  const r = digest('/legacy-oauth');
  assert.is(r.code, 3);
  assert.match(r.stderr, new RegExp(`failed at stage "initialize": HTTP 405 to the initialize POST \\(an empty body\\), and the deprecated HTTP\\+SSE transport on the same URL failed too \\(the GET of its event stream got HTTP 401 \\(authentication\\): WWW-Authenticate: Bearer \\(OAuth resource metadata at http://127\\.0\\.0\\.1:${server.port}/\\.well-known/oauth-protected-resource/legacy-oauth\\): the server wants an OAuth access token .*no Authorization header was sent; pass it with --header "Authorization: Bearer <token>", .*: an application/json body: .*\\); the URL is likely the server's HTTP\\+SSE endpoint, and the credentials are the cause\n`));
  const expired = runCli(['digest', '--url', url('/legacy-oauth'), '--header', 'Authorization: Bearer expired-secret-value', '--request-timeout', '10000'], { cwd: tempDir() });
  assert.is(expired.code, 3);
  assert.match(expired.stderr, /got HTTP 401 \(authentication\): WWW-Authenticate: Bearer \(error "invalid_token", "The access token expired"\): the server refused the Authorization header sent/);
  assert.not.match(r.stderr + expired.stderr, /Non-200|check that the URL|expired-secret-value/);
});

test('a server that repeats the credentials it refused (in its challenge or body) does not get them printed, nor a password of --url', () => {
  const token = runCli(['digest', '--url', url('/legacy-echo'), '--header', 'Authorization: Bearer sk-echoed-secret-4711', '--request-timeout', '60000'], { cwd: tempDir() });
  assert.is(token.code, 3);
  assert.match(token.stderr, /got HTTP 401 \(authentication\)/);
  assert.not.match(token.stderr, /echoed-secret/);
  // A user name and password in --url are refused before any request (exit 2; http-endpoint.test.ts has the message).
  const userinfo = runCli(['digest', '--url', url('/legacy-echo').replace('http://', 'http://alice:pw-hunter2-secret@') + '?api_key=q-secret-0815', '--request-timeout', '60000'], { cwd: tempDir() });
  assert.is(userinfo.code, 2);
  assert.match(userinfo.stderr, /--header "Authorization: Basic <base64 of user:password>"/);
  assert.not.match(userinfo.stderr, /alice|hunter2|q-secret/);
  const query = runCli(['digest', '--url', url('/legacy-echo') + '?api_key=q-secret-0815', '--request-timeout', '60000'], { cwd: tempDir() });
  assert.is(query.code, 3);
  assert.not.match(query.stderr, /q-secret/);
});

test('an HTTP+SSE server whose endpoint event names another origin is named as such (not "the connection closed")', () => {
  const r = digest('/legacy-origin');
  assert.is(r.code, 3);
  assert.match(r.stderr, new RegExp(`failed at stage "initialize": the server speaks the deprecated HTTP\\+SSE transport, but its endpoint event names another origin \\(http://localhost:${server.port}\\) than the URL \\(http://127\\.0\\.0\\.1:${server.port}\\); mcpfusion sends requests and headers only to the origin of --url`));
});

test('an HTTP+SSE URL whose event stream ends before its endpoint event says so, not "SSE error: undefined"', () => {
  const r = digest('/legacy-ended');
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "initialize": HTTP 404 to the initialize POST \(a text\/plain body: "404 Not Found"\), and the deprecated HTTP\+SSE transport on the same URL failed too \(the server answered the GET with an event stream and ended it before its endpoint event, which names the URL to send messages to\); the URL serves an event stream, so it is likely the server's HTTP\+SSE endpoint: the server ended the stream itself \(see its log\)/);
  assert.not.match(r.stderr, /undefined|check that the URL/);
});

test('an HTTP+SSE server whose message endpoint drops the connection names the failed POST and its cause, not only "fetch failed"', () => {
  const r = digest('/legacy-reset');
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "initialize": the server speaks the deprecated HTTP\+SSE transport, but the POST of initialize to the message endpoint its stream named failed: the HTTP request failed: UND_ERR_SOCKET: other side closed\n/);
});

test('a DELETE answered 404 (the server has no DELETE route, or the session is gone) ends the session quietly; another failure is a warning', async () => {
  const plain = digest('/plain');
  const r = digest('/no-delete');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, plain.stdout);
  assert.ok(await waitFor(() => /deleted=session-\d+\n/.test(server.stderr())), 'the DELETE was sent');
  assert.not.match(r.stderr, /ending the HTTP session/);
  const failed = digest('/delete-500');
  assert.is(failed.code, 0, failed.stderr);
  assert.match(failed.stderr, /warning: ending the HTTP session failed: Streamable HTTP error: Failed to terminate session: Internal Server Error/);
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

test('a 301, 302 or 303 to the same origin is not blamed on the origin: it would turn the POST into a GET', async () => {
  // The SDK's error classes are the ones describeHttpError knows once an HTTP connection loaded them.
  await loadHttpTransports();
  // What the SDK (1.32.2) throws for a POST answered with 302 to a path of the same server.
  const same = describeHttpError(new StreamableHTTPError(302, "Error POSTing to endpoint: Redirect to http://127.0.0.1:8000/mcp2 not followed (redirectPolicy: 'same-origin')"))!;
  assert.match(same, /^HTTP 302: Redirect to http:\/\/127\.0\.0\.1:8000\/mcp2 not followed: a 301, 302 or 303 redirect turns the POST into a GET, which carries no message, so mcpfusion follows only 307 and 308 \(within the origin of --url\); give --url the address the server names/);
  assert.not.match(same, /only within the origin/);
  const other = describeHttpError(new StreamableHTTPError(307, "Error POSTing to endpoint: Redirect to http://localhost:8000/mcp not followed (redirectPolicy: 'same-origin')"))!;
  assert.match(other, /^HTTP 307: Redirect to http:\/\/localhost:8000\/mcp not followed: mcpfusion follows a redirect only within the origin of --url/);
});

test.run();
