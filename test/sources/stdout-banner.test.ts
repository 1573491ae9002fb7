import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;
/**
 * For the runs that end on their own (an answer, an exit): the handshake limit counts node's start
 * of the server, 1.2 to 3 s on a loaded 2-core machine, so it is one no such machine reaches.
 */
const LIMITS = ['--start-timeout', '2000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
// The runs that must end at the handshake timeout and quote what the server wrote as it started
// give 5000 ms: the server's start must fit in it (1500 ms did not with a 1 s start delay). One
// whose timeout message is the subject while the server says it serves HTTP gives 2500 ms: after
// the start, and before the 3000 ms the HTTP-mode guess waits after that line; its server is a
// shell script, which starts within milliseconds where node took 1-3 s on a loaded machine.


test('a plain-text banner on stdout before the handshake (as mcp-server-code-runner and dotenv 17 write) is skipped with a warning, as the SDK clients read past it', () => {
  const command = `${NODE} ${fixture('stdout-banner.mjs')}`;
  for (const banner of ['Code Runner MCP Server running on stdio', '[dotenv@17.2.1] injecting env (0) from .env']) {
    const dir = tempDir();
    const r = runCli(['lock', '--server', command, '--server-env', `FIXTURE_BANNER=${banner}`, ...LIMITS], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    assert.ok(r.stderr.includes(`warning: the server wrote 1 line to stdout that is not JSON-RPC before or after the handshake, which was skipped as log output: ${JSON.stringify(banner)}`), r.stderr);
    assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['run-code']);
  }
});

test('before the handshake a line that says the server serves HTTP, a broken message and LSP framing still fail at once, without waiting for the timeout', () => {
  const dir = tempDir();
  for (const [name, body, says] of [
    ['http.mjs', "process.stdout.write('Server listening on http://127.0.0.1:3001/mcp\\n');\nsetInterval(() => {}, 1000);\n", 'its output says it serves HTTP ("Server listening on http://127.0.0.1:3001/mcp")'],
    ['broken.mjs', "process.stdout.write('{\"jsonrpc\":\"2.0\",\"id\":\\n');\nsetInterval(() => {}, 1000);\n", 'not a JSON-RPC message (Invalid JSON'],
    ['lsp.mjs', "process.stdout.write('Content-Length: 42\\n');\nsetInterval(() => {}, 1000);\n", 'this is LSP-style Content-Length framing'],
  ] as const) {
    const script = join(dir, name);
    writeFileSync(script, body);
    // A handshake timeout longer than the test's own limit would let: the failure must come first.
    const r = runCli(['lock', '--server', `${NODE} ${script}`, '--handshake-timeout', '600000'], { cwd: dir });
    assert.is(r.code, 3, `${name}: ${r.stderr}`);
    assert.ok(r.stderr.includes(says), `${name}: ${r.stderr}`);
    assert.not.ok(r.stderr.includes('no answer within'), `${name}: ${r.stderr}`);
  }
});

test('a server that writes only text and never answers: the timeout names the text it skipped', () => {
  const dir = tempDir();
  const script = join(dir, 'text-only.mjs');
  writeFileSync(script, "process.stdin.once('data', () => process.stdout.write('Press Ctrl+C to stop\\n'));\nsetInterval(() => {}, 1000);\n");
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--start-timeout', '2000', '--handshake-timeout', '5000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 5000 ms'), r.stderr);
  assert.ok(r.stderr.includes('; before any answer the server wrote only text that is not JSON-RPC to stdout (one line, skipped as log output; an MCP stdio server must write logs to stderr): "Press Ctrl+C to stop"'), r.stderr);
});

test('a server in its HTTP mode that names a port and then its MCP URL: the hint quotes the line with the URL (drawio-mcp-server --transport http)', () => {
  const dir = tempDir();
  const script = join(dir, 'drawio-http.sh');
  // drawio-mcp-server 2.3.0: its browser-extension WebSocket port first, then the MCP endpoint, on stderr.
  // The timeout message is the subject, so the lines must come after the start and the timeout
  // before the HTTP-mode guess (3000 ms after them): a shell script says them within milliseconds,
  // where node's start took 1-3 s on a loaded machine, longer than the 2500 ms.
  writeFileSync(script, "printf '%s\\n' 'DEBUG: [start_websocket_server] Listening to port 3333' 'DEBUG: Draw.io MCP Server HTTP active on port 3000 (http)' 'DEBUG: MCP endpoint: http://localhost:3000/mcp' >&2\nexec sleep 600\n");
  const r = runCli(['lock', '--server', `sh ${script}`, '--start-timeout', '2000', '--handshake-timeout', '2500'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 2500 ms (set --handshake-timeout or timeouts.handshake); its output says it serves HTTP ("DEBUG: MCP endpoint: http://localhost:3000/mcp"): a server that serves HTTP is read with --url'), r.stderr);
});

test('a server in its HTTP mode that names a metrics URL before its MCP URL: the hint quotes the MCP line and names its URL for --url (@upstash/context7-mcp --transport http)', () => {
  const dir = tempDir();
  const script = join(dir, 'metrics-then-mcp.mjs');
  // @upstash/context7-mcp 4.1.1 --transport http writes these two lines to stderr, the metrics endpoint first.
  writeFileSync(script, "process.stderr.write('OpenTelemetry metrics available at http://127.0.0.1:9464/metrics\\nContext7 Documentation MCP Server v4.1.1 running on HTTP at http://localhost:38764/mcp.\\n');\nsetInterval(() => {}, 1000);\n");
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--start-timeout', '2000', '--handshake-timeout', '5000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('its output says it serves HTTP ("Context7 Documentation MCP Server v4.1.1 running on HTTP at http://localhost:38764/mcp."): a server that serves HTTP is read with --url (here --url http://localhost:38764/mcp, with the server started on its own)'), r.stderr);
  // Only a URL of another path: the line with it is quoted, and the example stays general.
  const other = join(dir, 'metrics-only.mjs');
  writeFileSync(other, "process.stderr.write('Server listening on port 8080\\nMetrics available at http://127.0.0.1:9464/metrics\\n');\nsetInterval(() => {}, 1000);\n");
  const o = runCli(['lock', '--server', `${NODE} ${other}`, '--start-timeout', '2000', '--handshake-timeout', '5000'], { cwd: dir });
  assert.is(o.code, 3, o.stderr);
  // The port said on the line without a URL is the server's (not the metrics' 9464; servers24).
  assert.ok(o.stderr.includes('its output says it serves HTTP ("Metrics available at http://127.0.0.1:9464/metrics"): a server that serves HTTP is read with --url (here on port 8080: --url http://127.0.0.1:8080/ and the path of its MCP endpoint, often /mcp or /sse'), o.stderr);
});

test('a server started in its HTTP mode that says so with a host:port fails without waiting for the handshake timeout (argocd-mcp http, mcp-cron -transport http)', () => {
  const dir = tempDir();
  // argocd-mcp 0.9.0 `http`: one pino record on stderr, nothing on stdout. Said on stderr alone, it
  // fails once the server has written nothing to stdout for a while after saying so (a stdio server
  // that also serves MCP over HTTP answers initialize at once), long before the 60 s timeout.
  const argo = join(dir, 'argocd-http.mjs');
  writeFileSync(argo, "process.stderr.write(JSON.stringify({ level: 30, msg: 'Http Stream transport listening on 127.0.0.1:18082' }) + '\\n');\nsetInterval(() => {}, 1000);\n");
  const a = runCli(['lock', '--server', `${NODE} ${argo}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(a.code, 3, a.stderr);
  assert.ok(a.stderr.includes('failed at stage "initialize": the server says it serves MCP over HTTP and wrote nothing to stdout in the 3000 ms after saying so: it runs in its HTTP mode, which answers nothing on stdio;'), a.stderr);
  assert.ok(a.stderr.includes('its output says it serves HTTP ("{\\"level\\":30,\\"msg\\":\\"Http Stream transport listening on 127.0.0.1:18082\\"}"): a server that serves HTTP is read with --url'), a.stderr);
  assert.not.ok(a.stderr.includes('no answer within'), a.stderr);
  // mcp-cron 0.9.1 `-transport http` logs to stdout: a line before the handshake that says it serves HTTP fails at once.
  const cron = join(dir, 'cron-http.mjs');
  writeFileSync(cron, "process.stdout.write('2026/12/05 13:46:46 [INFO] 2026-12-05 13:46:46: Using Streamable HTTP transport on localhost:18081\\n');\nsetInterval(() => {}, 1000);\n");
  const c = runCli(['lock', '--server', `${NODE} ${cron}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(c.code, 3, c.stderr);
  assert.ok(c.stderr.includes('its output says it serves HTTP ("2026/12/05 13:46:46 [INFO] 2026-12-05 13:46:46: Using Streamable HTTP transport on localhost:18081")'), c.stderr);
  assert.not.ok(c.stderr.includes('no answer within'), c.stderr);
  // A stdio server that serves MCP over HTTP beside stdio, or an HTTP service of another kind
  // (metrics), and answers: locked as before.
  const rpc = JSON.stringify(fixture('_rpc.mjs'));
  for (const said of ['MCP Streamable HTTP also listening on http://127.0.0.1:3000/mcp', 'Metrics server listening on 0.0.0.0:9464']) {
    const both = join(dir, 'both.mjs');
    writeFileSync(both, `process.stderr.write(${JSON.stringify(said + '\n')});\nconst { serve } = await import(${rpc});\nserve({ 'tools/list': () => ({ tools: [] }) });\n`);
    const b = runCli(['lock', '--server', `${NODE} ${both}`, ...LIMITS], { cwd: dir });
    assert.is(b.code, 0, b.stderr);
  }
});

test('a FastMCP server run with transport="http" (its MCP URL on a line of its own, Uvicorn serving that port on another) fails without waiting for the handshake timeout, naming that URL', () => {
  const dir = tempDir();
  // FastMCP 4.0.10's stderr, its log line wrapped by the terminal width, then Uvicorn's.
  const fm = join(dir, 'fastmcp-http.py.mjs');
  writeFileSync(fm, "process.stderr.write(\"[12/05/26 14:09:00] INFO     Starting MCP server 'fm-http' with transport.py:363\\n                             transport 'http' on\\n                             http://127.0.0.1:18097/mcp\\nINFO:     Started server process [16935]\\nINFO:     Uvicorn running on http://127.0.0.1:18097 (Press CTRL+C to quit)\\n\");\nsetInterval(() => {}, 1000);\n");
  const r = runCli(['lock', '--server', `${NODE} ${fm}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server says it serves MCP over HTTP and wrote nothing to stdout in the 3000 ms after saying so'), r.stderr);
  assert.ok(r.stderr.includes('(here --url http://127.0.0.1:18097/mcp, with the server started on its own)'), r.stderr);
  // A stdio proxy (mcp-remote) naming a remote MCP URL and serving an OAuth callback of its own,
  // slower than that to answer: locked, not taken for a server in its HTTP mode.
  const rpc = JSON.stringify(fixture('_rpc.mjs'));
  const proxy = join(dir, 'proxy.mjs');
  writeFileSync(proxy, `process.stderr.write('Connecting to remote server: https://mcp.example.com/mcp\\nOAuth callback server running at http://127.0.0.1:3334/oauth/callback\\n');\nconst { serve } = await import(${rpc});\nsetTimeout(() => serve({ 'tools/list': () => ({ tools: [] }) }), 3500);\n`);
  const p = runCli(['lock', '--server', `${NODE} ${proxy}`, ...LIMITS], { cwd: dir });
  assert.is(p.code, 0, p.stderr);
});

test('a server in its HTTP mode that prints nothing at all fails once it has listened on a TCP port for a while, naming the port (Linux: /proc); one that said something gets the port in the timeout\'s hint', () => {
  if (process.platform !== 'linux') {
    console.log('SKIP listening-port detection: it reads /proc, which only Linux has');
    return;
  }
  const dir = tempDir();
  // The listener in the process itself, and in a child of it (a server under npx or a shell).
  for (const how of [[], ['--child']]) {
    // The default handshake timeout (30 s): the listener is concluded on after 5 s.
    const r = runCli(['lock', '--server', `${NODE} ${fixture('quiet-http.mjs')} ${how.join(' ')}`, '--start-timeout', '2000'], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    const port = /listened on TCP port (\d+) \(127\.0\.0\.1\) for 5000 ms/.exec(r.stderr)?.[1];
    assert.ok(port, r.stderr);
    assert.ok(r.stderr.includes(`failed at stage "initialize": the server wrote nothing to stdout or stderr, and listened on TCP port ${port} (127.0.0.1) for 5000 ms: it runs in its HTTP mode, which answers nothing on stdio; a server that serves HTTP is read with --url (perhaps --url http://127.0.0.1:${port}/mcp, with the server started on its own), or started with --server in its stdio mode\n`), r.stderr);
    assert.not.ok(r.stderr.includes('no answer within'), r.stderr);
  }
  // A line on stderr (mcp-remote waiting for an OAuth callback says where it listens): the timeout, with the port.
  const said = runCli(['lock', '--server', `${NODE} ${fixture('quiet-http.mjs')} --say`, '--start-timeout', '2000', '--handshake-timeout', '10000'], { cwd: dir });
  assert.is(said.code, 3, said.stderr);
  assert.match(said.stderr, /failed at stage "initialize": no answer within 10000 ms \(set --handshake-timeout or timeouts\.handshake\); the server wrote nothing to stdout and listens on TCP port (\d+) \(127\.0\.0\.1\): a server that serves HTTP is read with --url \(perhaps --url http:\/\/127\.0\.0\.1:\1\/mcp, with the server started on its own\), or started with --server in its stdio mode; a stdio server that answers late/);
  // A port the system picked (a sign-in's redirect listener, @merill/lokka 0.3.0 waiting on Azure's
  // InteractiveBrowserCredential) is no HTTP mode: the timeout, and a hint saying what such a port is.
  const picked = runCli(['lock', '--server', `${NODE} ${fixture('quiet-http.mjs')} --port0`, '--start-timeout', '2000', '--handshake-timeout', '10000'], { cwd: dir });
  assert.is(picked.code, 3, picked.stderr);
  assert.match(picked.stderr, /failed at stage "initialize": no answer within 10000 ms \(set --handshake-timeout or timeouts\.handshake\); the server wrote nothing to stdout and listens on TCP port \d+ \(127\.0\.0\.1\), a port the system picked \(its ephemeral range \d+-\d+\), as a sign-in does that waits for a browser/);
  assert.not.match(picked.stderr, /runs in its HTTP mode/);
  // A slow stdio server that is silent and listens on a port while it starts: a handshake timeout
  // raised above the default gives it its time (the 5 s conclusion would have failed it).
  const slow = runCli(['lock', '--server', `${NODE} ${fixture('quiet-http.mjs')} --answer-after 7000`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(slow.code, 0, slow.stderr);
  assert.match(slow.stderr, /1 tool/);
  // A stdio server that listens on a port of its own and answers: locked as before.
  const both = join(dir, 'listens-and-answers.mjs');
  writeFileSync(both, `import { createServer } from 'node:http';\ncreateServer(() => {}).listen(0, '127.0.0.1');\nconst { serve } = await import(${JSON.stringify(fixture('_rpc.mjs'))});\nserve({ 'tools/list': () => ({ tools: [] }) });\n`);
  const b = runCli(['lock', '--server', `${NODE} ${both}`, ...LIMITS], { cwd: dir });
  assert.is(b.code, 0, b.stderr);
});

test('a server in its HTTP mode that names its address and its endpoint path apart, with no URL: the hint puts them together for --url (kubernetes-mcp-server --port)', () => {
  const dir = tempDir();
  // kubernetes-mcp-server 0.0.67 `--port 18104 --bind-address 127.0.0.1` logs (klog) to stdout.
  const k8s = join(dir, 'k8s-http.mjs');
  writeFileSync(k8s, "process.stdout.write('I1205 16:05:11.719623   12496 http.go:237] \"HTTP server starting\" server.addr=\"127.0.0.1:18104\" endpoints=\"/mcp, /healthz, /stats, /metrics\"\\n');\nsetInterval(() => {}, 1000);\n");
  const k = runCli(['lock', '--server', `${NODE} ${k8s}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(k.code, 3, k.stderr);
  assert.ok(k.stderr.includes('(here --url http://127.0.0.1:18104/mcp, with the server started on its own)'), k.stderr);
  // Bound to every interface and said with a port: reached on the loopback address.
  const any = join(dir, 'any-http.mjs');
  writeFileSync(any, "process.stdout.write('HTTP server listening on 0.0.0.0:8931, MCP endpoint /mcp\\n');\nsetInterval(() => {}, 1000);\n");
  const a = runCli(['lock', '--server', `${NODE} ${any}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(a.code, 3, a.stderr);
  assert.ok(a.stderr.includes('(here --url http://127.0.0.1:8931/mcp, with the server started on its own)'), a.stderr);
  // A path that is a part of a file path is no endpoint: the generic example stays.
  const file = join(dir, 'file-http.mjs');
  writeFileSync(file, "process.stdout.write('Server listening on port 3005, config /etc/app/mcp.json\\n');\nsetInterval(() => {}, 1000);\n");
  const f = runCli(['lock', '--server', `${NODE} ${file}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(f.code, 3, f.stderr);
  assert.ok(f.stderr.includes('(here on port 3005: --url http://127.0.0.1:3005/ and the path of its MCP endpoint, often /mcp or /sse (its README or the rest of its output says which), with the server started on its own)'), f.stderr);
  // @yhy2001/figma-mcp-server 1.1.0 (figma-mcp) without --stdio: its configuration, then the port alone
  // (servers24: it was given the example's port 3001).
  const figma = join(dir, 'figma-http.mjs');
  writeFileSync(figma, "process.stdout.write('\\nConfiguration:\\n- PORT: 3333 (source: default)\\n\\nInitializing Figma MCP Server in HTTP mode on port 3333...\\nHTTP server listening on port 3333\\n');\nsetInterval(() => {}, 1000);\n");
  const g = runCli(['lock', '--server', `${NODE} ${figma}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(g.code, 3, g.stderr);
  assert.ok(g.stderr.includes('(here on port 3333: --url http://127.0.0.1:3333/ and the path'), g.stderr);
  // @civic/passthrough-mcp-server 0.12.1 (a proxy): its own port in words beside the URL of the target it
  // connects to (servers26: it was given the example's port 3001). A port only a URL names is no such port.
  const proxy = join(dir, 'proxy-http.mjs');
  writeFileSync(proxy, "process.stdout.write('[HttpPassthrough] Passthrough MCP Server running with httpStream transport on port 34000, connecting to target at http://localhost:33000\\n');\nsetInterval(() => {}, 1000);\n");
  const p = runCli(['lock', '--server', `${NODE} ${proxy}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(p.code, 3, p.stderr);
  assert.ok(p.stderr.includes('(here on port 34000: --url http://127.0.0.1:34000/ and the path'), p.stderr);
  const same = join(dir, 'same-port-http.mjs');
  writeFileSync(same, "process.stdout.write('Metrics server listening on port 9464, see http://localhost:9464/metrics\\n');\nsetInterval(() => {}, 1000);\n");
  const m = runCli(['lock', '--server', `${NODE} ${same}`, '--start-timeout', '2000', '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(m.code, 3, m.stderr);
  assert.not.ok(m.stderr.includes('here on port 9464'), m.stderr);
});

test.run();
