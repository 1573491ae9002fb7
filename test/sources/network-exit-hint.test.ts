import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { networkExitHint, runningUnreachedHint, unreachedLine } from '../../src/sources/network-exit-hint.ts';

// A server that exits non-zero before initialize on a host it could not reach: the failure says
// what that means (it needs the host to start) and what to check. Seen without network in servers18:
// @sveltejs/mcp 0.1.26, @chakra-ui/react-mcp 2.1.1, @modelcontextprotocol/server-redis 2025.4.25.

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/exits-unreachable.mjs');
/** A long limit, so a slow start on a loaded machine never reads as a timeout. */
const PATIENT = ['--handshake-timeout', '60000'];

test('networkExitHint: a host, a local service, a bare fetch failure, and none', () => {
  const dns = networkExitHint(['TypeError: fetch failed', '  [cause]: Error: getaddrinfo EAI_AGAIN svelte.dev', '    at x (node:dns:1:1)']);
  assert.ok(dns.includes('("[cause]: Error: getaddrinfo EAI_AGAIN svelte.dev"): it reaches svelte.dev before it serves, and could not'), dns);
  assert.ok(dns.includes('Check that this machine reaches that host'), dns);
  const refused = networkExitHint(['Error: connect ECONNREFUSED 127.0.0.1:6379']);
  assert.ok(refused.includes('nothing answers at 127.0.0.1:6379 on this machine'), refused);
  assert.ok(refused.includes('Start that service'), refused);
  assert.ok(networkExitHint(['Error: connect ECONNREFUSED localhost:5432']).includes('nothing answers at localhost:5432'));
  // A remote address refused was reached: nothing listens there, or a firewall turned it away;
  // neither DNS nor a proxy is the matter, nor a service to start on this machine.
  const there = networkExitHint(['Error: connect ECONNREFUSED 192.0.2.10:5432']);
  assert.ok(there.includes('("Error: connect ECONNREFUSED 192.0.2.10:5432"): 192.0.2.10:5432 refused the connection: that host was reached, but nothing listens on that port there'), there);
  assert.not.ok(/DNS|proxy|on this machine/.test(there), there);
  const fetch = networkExitHint(['Fatal: Failed to initialize tool: fetch failed']);
  assert.ok(fetch.includes("(\"Fatal: Failed to initialize tool: fetch failed\"; Node's fetch names no host): it fetches something before it serves"), fetch);
  // The line naming the host wins over the bare fetch failure above it.
  assert.ok(dns.indexOf("names no host") === -1, dns);
  assert.is(networkExitHint(['Error: the widget index is corrupt', 'fetched 3 widgets']), '');
  // Another error printed after the network error is what the server stopped on: the hint says
  // the network error came first and may have caused it, not that the server stopped on it.
  const later = networkExitHint(['warning: getaddrinfo ENOTFOUND telemetry.example.com, retrying later', 'TypeError: Cannot read properties of undefined (reading \'tools\')', '    at main (file:///srv/index.js:9:3)']);
  assert.ok(later.startsWith('; before it stopped it printed a network error ("warning: getaddrinfo ENOTFOUND telemetry.example.com, retrying later"), then another error ("TypeError: Cannot read properties of undefined (reading \'tools\')"), which the first may have caused: it reaches telemetry.example.com'), later);
  const python = networkExitHint(['httpx.ConnectError: [Errno -3] Temporary failure in name resolution', '', 'During handling of the above exception, another exception occurred:', '', 'Traceback (most recent call last):', 'RuntimeError: could not load the catalogue']);
  assert.ok(python.includes('then another error ("RuntimeError: could not load the catalogue")'), python);
  assert.ok(networkExitHint(['TypeError: fetch failed', 'panic: no config']).startsWith('; before it stopped it printed a failed request ("TypeError: fetch failed"; Node\'s fetch names no host), then another error ("panic: no config")'));
  // Lines after it that are no error head (a stack, Node's error properties, its version) change nothing.
  assert.ok(networkExitHint(['Error: getaddrinfo EAI_AGAIN svelte.dev', '    at GetAddrInfoReqWrap.onlookupall (node:dns:122:26) {', "  code: 'EAI_AGAIN',", '}', 'Node.js v20.20.2']).startsWith('; it stopped as it started on a network error it printed'));
  // Go's net package (slack-mcp-server 1.3.0, servers19): the host looked up, not the DNS server after `on`;
  // an address refused; Python's and Rust's refusal, which name no address.
  assert.ok(networkExitHint(['{"level":"fatal","error":"Post \\"https://slack.com/api/auth.test\\": dial tcp: lookup slack.com on 10.255.255.53:53: dial udp 10.255.255.53:53: connect: network is unreachable"}'])
    .includes(': it reaches slack.com before it serves, and could not'));
  assert.ok(networkExitHint(['panic: dial tcp 127.0.0.1:6379: connect: connection refused']).includes('nothing answers at 127.0.0.1:6379 on this machine'));
  assert.ok(networkExitHint(['Error: dial tcp [::1]:5432: i/o timeout']).includes('nothing answers at [::1]:5432 on this machine'));
  assert.ok(networkExitHint(['dial tcp4 203.0.113.9:443: connect: no route to host']).includes('it reaches 203.0.113.9:443 before it serves'));
  for (const refused of ['ConnectionRefusedError: [Errno 111] Connection refused', 'Error: tcp connect error: Connection refused (os error 111)',
    'ConnectionRefusedError: [Errno 61] Connection refused', 'Error: Connection refused (os error 61)']) {
    const hint = networkExitHint([refused]);
    assert.ok(hint.includes(': a connection it made as it started was refused: nothing listens on the port it connects to, at an address the error does not name. Most often that is a service on this machine'), hint);
    assert.not.ok(/DNS|proxy|it reaches/.test(hint), hint);
  }
  // Python's asyncio names the address as a tuple.
  assert.ok(networkExitHint(["ConnectionRefusedError: [Errno 111] Connect call failed ('127.0.0.1', 6379)"]).includes('nothing answers at 127.0.0.1:6379 on this machine'));
  assert.ok(networkExitHint(["OSError: [Errno 111] Connect call failed ('::1', 5432, 0, 0)"]).includes('nothing answers at [::1]:5432 on this machine'));
  // An IPv4 loopback address in its IPv6 form is this machine, not a host reached elsewhere.
  assert.ok(networkExitHint(['Error: connect ECONNREFUSED ::ffff:127.0.0.1:5432']).includes('nothing answers at ::ffff:127.0.0.1:5432 on this machine'));
  assert.ok(networkExitHint(["ConnectionRefusedError: [Errno 111] Connect call failed ('::ffff:127.0.0.1', 6379, 0, 0)"]).includes('nothing answers at [::ffff:127.0.0.1]:6379 on this machine'));
  assert.ok(networkExitHint(["ConnectionRefusedError: [Errno 111] Connect call failed ('192.0.2.10', 6379)"]).includes('192.0.2.10:6379 refused the connection'));
  // Go: an address refused is refused; a lookup whose DNS server refused is a name not resolved.
  assert.ok(networkExitHint(['dial tcp 192.0.2.10:6379: connect: connection refused']).includes('192.0.2.10:6379 refused the connection'));
  assert.ok(networkExitHint(['dial tcp: lookup db.example on 127.0.0.53:53: read udp 127.0.0.1:1->127.0.0.53:53: read: connection refused']).includes('it reaches db.example before it serves'));
  // A dial that succeeded or a lookup named in prose is no network error.
  assert.is(networkExitHint(['error: dial tcp is not a valid setting', 'Error: lookup table missing']), '');
  assert.is(networkExitHint([]), '');
  assert.is(unreachedLine(['ok', '  getaddrinfo ENOTFOUND api.apify.com  ']), 'getaddrinfo ENOTFOUND api.apify.com');
});

for (const [mode, fragments] of [
  ['dns', ['it stopped as it started on a network error it printed ("[cause]: Error: getaddrinfo EAI_AGAIN docs.example.invalid"): it reaches docs.example.invalid before it serves, and could not', 'a firewall in CI']],
  ['fetch', ["Node's fetch names no host): it fetches something before it serves, and could not"]],
  ['local', ['("[Redis Error] Error: connect ECONNREFUSED 127.0.0.1:6379"): nothing answers at 127.0.0.1:6379 on this machine', 'Start that service']],
  ['go', [': it reaches chat.example.invalid before it serves, and could not', 'a firewall in CI']],
] as const) {
  test(`a server that exits 1 on a network error as it starts (${mode}): the failure says what it needs and what to check`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${FIXTURE} ${mode}`, ...PATIENT], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('failed at stage "initialize": the server exited (exit code 1)'), r.stderr);
    for (const f of fragments) assert.ok(r.stderr.includes(f), `stderr lacks ${JSON.stringify(f)}:\n${r.stderr}`);
  });
}

test('runningUnreachedHint: the host named, a bare fetch failure, and none', () => {
  assert.ok(runningUnreachedHint(['TypeError: fetch failed', '  [cause]: Error: getaddrinfo EAI_AGAIN www.assistant-ui.com'])
    .startsWith('; its stderr says it could not reach www.assistant-ui.com ("[cause]: Error: getaddrinfo EAI_AGAIN www.assistant-ui.com"), which is likely why it failed'));
  assert.ok(runningUnreachedHint(['proxy: TypeError: fetch failed']).includes("could not reach a host (\"proxy: TypeError: fetch failed\"; Node's fetch names no host)"));
  const there = runningUnreachedHint(['Error: connect ECONNREFUSED 192.0.2.10:8080']);
  assert.ok(there.startsWith('; its stderr says 192.0.2.10:8080 refused the connection ("Error: connect ECONNREFUSED 192.0.2.10:8080"), which is likely why it failed: that host was reached'), there);
  assert.not.ok(/DNS|proxy|hosted MCP server/.test(there), there);
  const unnamed = runningUnreachedHint(['httpx.ConnectError: [Errno 111] Connection refused']);
  assert.ok(unnamed.startsWith('; its stderr says a connection was refused ("httpx.ConnectError: [Errno 111] Connection refused"), which is likely why it failed: nothing listens on the port it connects to'), unnamed);
  assert.is(runningUnreachedHint(['Error: the widget index is corrupt']), '');
});

test('a stdio proxy that answers initialize with an error after failing to reach its hosted server: the failure names the host from its stderr', () => {
  const proxy = join(ROOT, 'test/fixtures/servers/proxy-unreachable.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${proxy}`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "initialize": the server answered with JSON-RPC error -32603: Failed to proxy request to the hosted MCP server'), r.stderr);
  assert.ok(r.stderr.includes('its stderr says it could not reach hosted.example.invalid ("[cause]: Error: getaddrinfo EAI_AGAIN hosted.example.invalid"), which is likely why it failed'), r.stderr);
  assert.ok(r.stderr.includes('a server that forwards to a hosted MCP server'), r.stderr);
});

test('a server still running whose stderr names a loopback address it could not reach: the hint names a service on this machine, not the network', () => {
  const server = join(ROOT, 'test/fixtures/servers/running-refused-local.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${server}`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server answered with JSON-RPC error -32603: database unavailable'), r.stderr);
  assert.ok(/its stderr says nothing answers at 127\.0\.0\.1:\d+ on this machine/.test(r.stderr), r.stderr);
  assert.not.ok(r.stderr.includes('forwards to a hosted MCP server'), r.stderr);
  assert.not.ok(r.stderr.includes('a firewall in CI'), r.stderr);
});

const PYTHON = 'python3';
const REFUSED_PY = join(ROOT, 'test/fixtures/servers/refused_python.py');

test('a Python server that stops on a refused connection to this machine (socket names no address): the hint says nothing listens, not to check DNS or a proxy', () => {
  const r = runCli(['lock', '--server', `${PYTHON} ${REFUSED_PY} socket`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
  assert.ok(r.stderr.includes('("ConnectionRefusedError: [Errno 111] Connection refused"): a connection it made as it started was refused: nothing listens on the port it connects to'), r.stderr);
  assert.ok(r.stderr.includes('Start that service'), r.stderr);
  assert.not.ok(r.stderr.includes('a firewall in CI'), r.stderr);
  assert.not.ok(r.stderr.includes('before it serves, and could not'), r.stderr);
});

test('a Python server that stops on a refused connection through asyncio: the address it names is on this machine', () => {
  const r = runCli(['lock', '--server', `${PYTHON} ${REFUSED_PY} asyncio`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(/\("ConnectionRefusedError: \[Errno 111\] Connect call failed \('127\.0\.0\.1', \d+\)"\): nothing answers at 127\.0\.0\.1:\d+ on this machine/.test(r.stderr), r.stderr);
});

test('a silent Python server retrying a refused connection: the timeout names the refusal, not the network', () => {
  const r = runCli(['lock', '--server', `${PYTHON} ${REFUSED_PY} retry`, '--start-timeout', '10000', '--handshake-timeout', '6000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 6000 ms'), r.stderr);
  assert.ok(r.stderr.includes('the server wrote nothing to stdout, and its stderr says a connection was refused ("database not ready, retrying: [Errno 111] Connection refused"): it is likely still retrying a service it needs before it serves. Nothing listens on the port it connects to'), r.stderr);
  assert.not.ok(r.stderr.includes('a firewall in CI'), r.stderr);
});

test('a server that exits 1 on another error: no network hint', () => {
  const r = runCli(['lock', '--server', `${NODE} ${FIXTURE} other`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the widget index is corrupt'), r.stderr);
  assert.not.ok(r.stderr.includes('network error'), r.stderr);
  assert.not.ok(r.stderr.includes('fetches something'), r.stderr);
});

test('a server that stops on a Unix socket of a service on this machine (missing, or nothing listening): the hint names the socket, not the network', () => {
  // docker-mcp 1.0.0 without Docker (servers21), as it printed it.
  const docker = networkExitHint(['Failed to connect to Docker daemon: Error: Failed to get Docker version: connect ENOENT /var/run/docker.sock', '    at DockerService.getVersion (file:///x/DockerService.js:311:19)']);
  assert.ok(docker.includes('there is no unix socket at /var/run/docker.sock, where the server expects the Docker daemon'), docker);
  assert.not.ok(docker.includes('a firewall in CI'), docker);
  assert.ok(networkExitHint(['dial unix /run/podman/podman.sock: connect: connection refused']).includes('the unix socket /run/podman/podman.sock is there, but nothing listens on it'));
  const dir = tempDir();
  const server = join(ROOT, 'test/fixtures/servers/unix-socket-service.mjs');
  const missing = runCli(['lock', '--server', `${NODE} ${server} ${join(dir, 'daemon.sock')}`, ...PATIENT], { cwd: dir });
  assert.is(missing.code, 3, missing.stderr);
  assert.ok(missing.stderr.includes(`there is no unix socket at ${join(dir, 'daemon.sock')}`), missing.stderr);
  // A path that exists but is no listening socket: Node says ECONNREFUSED.
  writeFileSync(join(dir, 'plain.sock'), '');
  const refused = runCli(['lock', '--server', `${NODE} ${server} ${join(dir, 'plain.sock')}`, ...PATIENT], { cwd: dir });
  assert.is(refused.code, 3, refused.stderr);
  assert.ok(refused.stderr.includes(`the unix socket ${join(dir, 'plain.sock')} is there, but nothing listens on it`), refused.stderr);
});

// @intelligentdata/mcp-server 0.1.0-dev.183 without network (servers25): `Connecting to <its URL>`,
// then `Fatal error: fetch failed`, exit 1. The host was on the line before.
test('a bare fetch failure after a line naming the URL it fetched: that host is named', () => {
  const named = networkExitHint(['[intelligentdata-mcp] Connecting to https://api.smartvmapi.com/mcp', '[intelligentdata-mcp] Fatal error: fetch failed']);
  assert.ok(named.includes(`("[intelligentdata-mcp] Fatal error: fetch failed"; Node's fetch names no host, the line before names "https://api.smartvmapi.com/mcp"): it most likely fetches from api.smartvmapi.com before it serves`), named);
  // A URL further up is no evidence.
  const far = networkExitHint(['Docs: https://docs.example.com', 'a', 'b', 'c', 'Fatal error: fetch failed']);
  assert.ok(far.includes('it fetches something before it serves'), far);
  const dir = tempDir();
  const server = join(dir, 'connects.mjs');
  writeFileSync(server, [
    "const url = 'https://mcp.example.invalid/mcp';",
    "console.error(`Connecting to ${url}`);",
    "try { await fetch(url); } catch (error) { console.error(`Fatal error: ${error.message}`); process.exit(1); }",
  ].join('\n') + '\n');
  const r = runCli(['lock', '--server', `${NODE} ${server}`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the line before names "https://mcp.example.invalid/mcp"): it most likely fetches from mcp.example.invalid before it serves, and could not reach it'), r.stderr);
});

test.run();
