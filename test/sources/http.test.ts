import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, LOOPBACK_PRELOAD, realServer, startHttpServer, waitFor, withClosedPort, type StartedServer } from './_live.ts';
import { parseHeaderLine, redactUrl } from '../../src/sources/http.ts';
import { InputError } from '../../src/errors.ts';

const started: StartedServer[] = [];
test.after(() => {
  for (const s of started) s.stop();
});

async function start(args: string[]): Promise<StartedServer> {
  const s = await startHttpServer(args);
  started.push(s);
  return s;
}

function digests(args: string[]): { serverDigest: string; integrityDigest: string; tools: Record<string, { digest: string }>; prompts: object; resources: object } {
  const r = runCli(['digest', '--format', 'json', ...args], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('--url against server-everything in Streamable HTTP mode gives the same digests as over stdio', async () => {
  const server = await start(['--import', LOOPBACK_PRELOAD, realServer('everything'), 'streamableHttp']);
  const url = `http://127.0.0.1:${server.port}/mcp`;
  const overHttp = digests(['--url', url]);
  const overStdio = digests(['--server', `${process.execPath} ${realServer('everything')}`]);
  assert.ok(Object.keys(overHttp.tools).length >= 10, 'server-everything lists its tools');
  assert.equal(overHttp.tools, overStdio.tools);
  assert.is(overHttp.serverDigest, overStdio.serverDigest);
  assert.equal(overHttp.prompts, overStdio.prompts);
  assert.equal(overHttp.resources, overStdio.resources);

  const dir = tempDir();
  const lock = runCli(['lock', '--url', url], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  assert.match(lock.stdout, /Wrote mcpfusion\.lock from server at http:\/\/127\.0\.0\.1:\d+\/mcp/);
  assert.is(runCli(['check', '--url', url], { cwd: dir }).code, 0);
  assert.is(runCli(['check', '--server', `${process.execPath} ${realServer('everything')}`], { cwd: dir }).code, 0, 'a lockfile made over HTTP passes check over stdio');
});

test('a server on the deprecated HTTP+SSE transport is read over it (fallback after the 4xx POST), with the same digests as over stdio', async () => {
  const server = await start(['--import', LOOPBACK_PRELOAD, realServer('everything'), 'sse']);
  const url = `http://127.0.0.1:${server.port}/sse`;
  const r = runCli(['digest', '--format', 'json', '--url', url], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /deprecated HTTP\+SSE transport/);
  const overSse = JSON.parse(r.stdout) as ReturnType<typeof digests>;
  const overStdio = digests(['--server', `${process.execPath} ${realServer('everything')}`]);
  assert.ok(Object.keys(overSse.tools).length >= 10);
  assert.equal(overSse.tools, overStdio.tools);
  assert.is(overSse.serverDigest, overStdio.serverDigest);
  assert.equal(overSse.prompts, overStdio.prompts);
  assert.equal(overSse.resources, overStdio.resources);
  const dir = tempDir();
  assert.is(runCli(['lock', '--url', url], { cwd: dir }).code, 0);
  assert.is(runCli(['check', '--server', `${process.execPath} ${realServer('everything')}`], { cwd: dir }).code, 0, 'a lockfile made over HTTP+SSE passes check over stdio');
  // A URL that is neither: both attempts are named, exit 3.
  const wrong = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}/nothing-here`], { cwd: tempDir() });
  assert.is(wrong.code, 3);
  assert.match(wrong.stderr, /HTTP 404 to the initialize POST .*deprecated HTTP\+SSE transport on the same URL failed too/);
});

test('--header is sent (JSON responses, session id, DELETE at the end); a missing token fails with exit 3 and no secret in the output', async () => {
  const server = await start([fixture('http-fixture.mjs')]);
  const url = `http://127.0.0.1:${server.port}/mcp`;
  const ok = runCli(['inspect', '--url', url, '--header', 'Authorization: Bearer s3cret-token'], { cwd: tempDir() });
  assert.is(ok.code, 0, ok.stderr);
  assert.equal(Object.keys(JSON.parse(ok.stdout).tools), ['ping']);
  assert.ok(await waitFor(() => server.stderr().includes('deleted=session-1')), 'the session was ended with DELETE');

  const wrong = runCli(['inspect', '--url', url, '--header', 'Authorization: Bearer wrong-secret-value', '--request-timeout', '3000'], { cwd: tempDir() });
  assert.is(wrong.code, 3);
  assert.is(wrong.stdout, '');
  assert.match(wrong.stderr, /failed at stage "initialize"/);
  assert.match(wrong.stderr, /HTTP 401 \(authentication: check --header or source\.headers\)/);
  assert.not.ok(wrong.stderr.includes('wrong-secret-value'), 'header values are never printed');
  // An OAuth-protected server (WWW-Authenticate: Bearer resource_metadata=…): the error says a
  // token is needed and how to pass it; with a token sent, that it was refused.
  const oauth = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}/oauth`], { cwd: tempDir() });
  assert.is(oauth.code, 3);
  assert.match(oauth.stderr, /HTTP 401 \(authentication\): WWW-Authenticate: Bearer \(OAuth resource metadata at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/oauth\): the server wants an OAuth access token .*no Authorization header was sent; pass it with --header "Authorization: Bearer <token>", .*"headers": \{ "Authorization": "Bearer \$\{env:MCP_TOKEN\}" \}.*: a text\/plain body: "missing or wrong bearer token"/);
  const expired = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}/oauth`, '--header', 'Authorization: Bearer expired-secret-value'], { cwd: tempDir() });
  assert.is(expired.code, 3);
  assert.match(expired.stderr, /HTTP 401 \(authentication\): WWW-Authenticate: Bearer \(error "invalid_token", "The access token expired"\): the server refused the Authorization header sent/);
  assert.not.ok(expired.stderr.includes('expired-secret-value'));
  const host = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}/host-checked`, '--request-timeout', '3000'], { cwd: tempDir() });
  assert.is(host.code, 3);
  assert.match(host.stderr, /HTTP 403 \(forbidden: .*host name it was started for, e\.g\. localhost rather than 127\.0\.0\.1\).*Access is only allowed at localhost:/);
});

test('a body that is not JSON-RPC fails with exit 3; a URL whose query holds a secret is never printed whole', async () => {
  const server = await start([fixture('http-fixture.mjs')]);
  const r = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}/garbage?token=query-secret`, '--handshake-timeout', '3000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /failed at stage "initialize": the server sent a response that is not a JSON-RPC message/);
  assert.not.ok(r.stderr.includes('query-secret'));
  assert.ok(r.stderr.includes(`http://127.0.0.1:${server.port}/garbage`));
});

test('duplicate keys in an HTTP answer (JSON body or server-sent event) are refused as over stdio', async () => {
  const server = await start([fixture('http-fixture.mjs')]);
  for (const path of ['/dupkeys', '/dupkeys-sse']) {
    const r = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}${path}`, '--request-timeout', '5000'], { cwd: tempDir() });
    assert.is(r.code, 3, `${path}: ${r.stderr}`);
    assert.is(r.stdout, '');
    assert.match(r.stderr, /not strict I-JSON: .*duplicate key "description"/, path);
    assert.not.match(r.stderr, /timed out/, path);
  }
});

test('an answer stream that ends mid-event or without the answer fails at once, naming why, instead of waiting for the time limit', async () => {
  const server = await start([fixture('http-fixture.mjs')]);
  const cases: Array<[string, RegExp]> = [
    ['/cut-sse', /event stream ended in the middle of an event \(its data was not ended by a blank line\), so SSE readers drop that event, which held the answer/],
    ['/noanswer-sse', /ended the event stream of its answer to request 0 without sending the answer/],
  ];
  for (const [path, message] of cases) {
    const r = runCli(['inspect', '--url', `http://127.0.0.1:${server.port}${path}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
    assert.is(r.code, 3, `${path}: ${r.stderr}`);
    assert.match(r.stderr, /failed at stage "initialize"/, path);
    assert.match(r.stderr, message, path);
  }
});

test('nothing listening: exit 3 at stage connect after the start timeout', async () => {
  const r = await withClosedPort(
    (port) => runCli(['lock', '--url', `http://127.0.0.1:${port}/mcp`, '--start-timeout', '700'], { cwd: tempDir() }),
    (result) => result.stderr.includes('(ECONNREFUSED)'),
  );
  assert.is(r.code, 3);
  assert.match(r.stderr, /failed at stage "connect": no answer within 700 ms \(set --start-timeout or timeouts\.start\); every connection to 127\.0\.0\.1:\d+ was refused \(ECONNREFUSED\): is the server running and listening on that host and port\?/);
});

test('bad --url and --header values are usage errors (exit 2)', () => {
  for (const args of [['--url', 'not a url'], ['--url', 'ftp://127.0.0.1/mcp'], ['--url', 'http://127.0.0.1:1/mcp', '--header', 'NoColon'], ['--server', 'node x', '--header', 'A: b']]) {
    const r = runCli(['inspect', ...args], { cwd: tempDir() });
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
  }
  assert.equal(parseHeaderLine('X-Api-Key:  abc def '), ['X-Api-Key', 'abc def']);
  assert.throws(() => parseHeaderLine('Bad Name: x'), (e: unknown) => e instanceof InputError && !(e as Error).message.includes(' x'));
  assert.is(redactUrl('https://user:pw@host:8443/mcp?key=1#f'), 'https://host:8443/mcp');
});

test('a config header whose ${env:NAME} holds a line break or a non-Latin-1 character fails with exit 2 by name; the secret is shown nowhere', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "source": { "url": "http://127.0.0.1:9/mcp", "headers": { "Authorization": "Bearer ${env:MCP_TOKEN}" } } }');
  // Node's fetch refused both at the first request (exit 3) with an error quoting the whole value.
  for (const token of ['s3cr3tTOKEN\nX-Injected: 1', 's3cr3t\u20acTOKEN']) {
    const r = runCli(['lock'], { cwd: dir, env: { MCP_TOKEN: token } });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /\$\.source\.headers\.Authorization \(line 1, column \d+\): the value, after \$\{env:MCP_TOKEN\} was expanded, contains /);
    assert.not.match(r.stderr + r.stdout, /s3cr3t|TOKEN[^}]/);
    assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
  }
});

test.run();
