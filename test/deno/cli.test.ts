/**
 * The TypeScript source runs unchanged under Deno 2 (`deno run -A src/cli-main.ts`, the `deno`
 * npm package, with the repository's package.json and node_modules) and produces the same bytes
 * as `node dist/mcpfusion.js`: the lockfile of the bundled example, check (passing and failing),
 * digest, HMAC and Ed25519 attestations, a heal session, and canonicalize over the shared JCS vectors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT, SHARED_JCS, runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { fixture, startHttpServer, waitFor, withClosedPort } from '../sources/_live.ts';

const DENO = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
const EXAMPLE = join(ROOT, 'examples/billing');
const ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/root', NO_COLOR: '1', SOURCE_DATE_EPOCH: '1700000000' };

/** Run the CLI source under Deno from the repository root (where package.json and node_modules are). */
function deno(args: string[], input?: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...ENV, ...env },
    ...(input === undefined ? {} : { input }),
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** The same command through Deno and through the Node bundle (same cwd, same absolute paths). */
function parity(args: string[], label = args.join(' ')): CliResult {
  const d = deno(args);
  const n = runCli(args, { cwd: ROOT, env: ENV });
  assert.is(d.code, n.code, `${label}: exit code (deno stderr: ${d.stderr})`);
  assert.is(d.stdout, n.stdout, `${label}: stdout`);
  assert.is(d.stderr, n.stderr, `${label}: stderr`);
  return d;
}

function workspace(): string {
  const dir = tempDir('mcpfusion-deno-');
  copyFileSync(join(EXAMPLE, 'contracts.json'), join(dir, 'contracts.json'));
  return dir;
}

if (!existsSync(DENO)) {
  console.log(`SKIP test/deno: ${DENO} is missing (npm install installs the "deno" devDependency)`);
  test('skipped without the deno package', () => {});
} else {
  test('deno is version 2', () => {
    const r = spawnSync(DENO, ['--version'], { encoding: 'utf8' });
    assert.match(String(r.stdout), /^deno 2\./);
  });

  test('--version and --help match node', () => {
    assert.is(parity(['--version']).code, 0);
    parity(['--help']);
  });

  test('lock on the bundled example writes byte-identical lockfiles under Deno and Node', () => {
    const dir = workspace();
    const viaDeno = deno(['lock', '--contracts', join(dir, 'contracts.json'), '--lockfile', join(dir, 'deno.lock')]);
    assert.is(viaDeno.code, 0, viaDeno.stderr);
    const viaNode = runCli(['lock', '--contracts', join(dir, 'contracts.json'), '--lockfile', join(dir, 'node.lock')], { cwd: ROOT, env: ENV });
    assert.is(viaNode.code, 0, viaNode.stderr);
    const bytes = readFileSync(join(dir, 'deno.lock'));
    assert.ok(bytes.equals(readFileSync(join(dir, 'node.lock'))), 'Deno and Node lockfiles differ');
    assert.ok(bytes.length > 100);
    // And the lockfile committed with the example verifies under Deno.
    const committed = deno(['check', '--contracts', join(EXAMPLE, 'contracts.json'), '--lockfile', join(EXAMPLE, 'mcpfusion.lock')]);
    assert.is(committed.code, 0, committed.stdout + committed.stderr);
  });

  test('check passes, then fails with exit 1 on drift, exactly as under node', () => {
    const dir = workspace();
    const lockfile = join(dir, 'mcpfusion.lock');
    const contracts = join(dir, 'contracts.json');
    assert.is(deno(['lock', '--contracts', contracts, '--lockfile', lockfile]).code, 0);
    assert.is(parity(['check', '--contracts', contracts, '--lockfile', lockfile]).code, 0);
    writeFileSync(contracts, readFileSync(contracts, 'utf8').replace(/"description": "([^"]+)"/, '"description": "$1 Changed."'));
    assert.is(parity(['check', '--contracts', contracts, '--lockfile', lockfile]).code, 1);
    assert.is(parity(['check', '--contracts', contracts, '--lockfile', lockfile, '--format', 'json']).code, 1);
  });

  test('attest sign writes byte-identical HMAC and Ed25519 attestations under Deno and Node, and each verifies the other\'s', () => {
    const dir = workspace();
    const lockfile = join(EXAMPLE, 'mcpfusion.lock');
    const secret = { MCPFUSION_SECRET: 'a'.repeat(40) };
    const key = join(dir, 'ci.key');
    assert.is(runCli(['attest', 'keygen', '--key', key], { cwd: ROOT, env: ENV }).code, 0);
    for (const [kind, flags, verify] of [
      ['hmac', ['--secret-env', 'MCPFUSION_SECRET'], ['--secret-env', 'MCPFUSION_SECRET']],
      ['ed25519', ['--key', key], ['--public-key', join(dir, 'ci.pub')]],
    ] as const) {
      const viaDeno = deno(['attest', 'sign', '--lockfile', lockfile, ...flags, '--attestation', join(dir, `deno-${kind}.json`)], undefined, secret);
      assert.is(viaDeno.code, 0, viaDeno.stderr);
      const viaNode = runCli(['attest', 'sign', '--lockfile', lockfile, ...flags, '--attestation', join(dir, `node-${kind}.json`)], { cwd: ROOT, env: { ...ENV, ...secret } });
      assert.is(viaNode.code, 0, viaNode.stderr);
      const bytes = readFileSync(join(dir, `deno-${kind}.json`));
      assert.ok(bytes.equals(readFileSync(join(dir, `node-${kind}.json`))), `${kind}: Deno and Node attestations differ`);
      const denoVerifies = deno(['attest', 'verify', '--contracts', join(EXAMPLE, 'contracts.json'), ...verify, '--attestation', join(dir, `node-${kind}.json`)], undefined, secret);
      assert.is(denoVerifies.code, 0, denoVerifies.stderr);
      const nodeVerifies = runCli(['attest', 'verify', '--contracts', join(EXAMPLE, 'contracts.json'), ...verify, '--attestation', join(dir, `deno-${kind}.json`)], { cwd: ROOT, env: { ...ENV, ...secret } });
      assert.is(nodeVerifies.code, 0, nodeVerifies.stderr);
    }
  });

  test('digest matches node in text and json', () => {
    const contracts = join(EXAMPLE, 'contracts.json');
    assert.is(parity(['digest', '--contracts', contracts]).code, 0);
    assert.is(parity(['digest', '--contracts', contracts, '--format', 'json']).code, 0);
  });

  test('a live stdio server and scan give the same output under Deno and Node', () => {
    const memory = `'${process.execPath}' '${join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')}'`;
    const live = parity(['digest', '--server', memory], 'digest --server (stdio)');
    assert.is(live.code, 0);
    assert.match(live.stdout, /^server +[0-9a-f]{64}/m);
    parity(['scan', join(ROOT, 'src/io'), '--format', 'json']);
  });

  test('heal proxies a session under Deno as under node: the same bytes out, the block on the changed tool\'s failed call', () => {
    const fixture = join(ROOT, 'test/fixtures/servers/contract-change.mjs');
    const dir = tempDir('mcpfusion-deno-');
    const lockfile = join(dir, 'mcpfusion.lock');
    const locked = runCli(['lock', '--server', `'${process.execPath}' '${fixture}'`, '--lockfile', lockfile], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '1' } });
    assert.is(locked.code, 0, locked.stderr);
    const session = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'invoices', arguments: { action: 'create', amount: 1 } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'é' } } },
    ].map((m) => `${JSON.stringify(m)}\n`).join('');
    const args = ['heal', '--quiet', '--lockfile', lockfile, '--', process.execPath, fixture];
    const d = deno(args, session, { FIXTURE_CONTRACT_VERSION: '2' });
    const n = runCli(args, { cwd: ROOT, env: { ...ENV, FIXTURE_CONTRACT_VERSION: '2' }, input: session });
    assert.is(d.code, 0, d.stderr);
    assert.is(d.stdout, n.stdout);
    const answers = d.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: number; error?: { message: string } });
    // The session never lists the tools: the failed answer waits for heal's own tools/list (asked
    // before the server's input closed), and the echo answer does not wait for it.
    assert.equal(answers.map((a) => a.id), [1, 3, 2]);
    assert.match(answers[2]!.error!.message, /^Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">/);
  });

  test("canonicalize gives the expected bytes for every one of the project's JCS vectors", () => {
    // Among them escaped-keys: Deno 2.9's JSON.parse (V8 15) reads the key "\"" as "\\" after a
    // "\\" key in an object with the same keys before it, so its fast path must not be used there.
    const dir = join(ROOT, 'test/vectors/jcs');
    for (const name of readdirSync(join(dir, 'input')).filter((n) => n.endsWith('.json')).sort()) {
      const r = deno(['canonicalize', join(dir, 'input', name)]);
      assert.is(r.code, 0, `${name}: ${r.stderr}`);
      assert.is(r.stdout, readFileSync(join(dir, 'output', name), 'utf8'), `${name}: canonical bytes differ`);
    }
  });

  test('diff sees a property renamed from "\\" to "\"" (read as written, not as the key seen before)', () => {
    const dir = tempDir('mcpfusion-deno-');
    const tools = (key: string): string => `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"},${JSON.stringify(key)}:{"type":"string"}}}}]}`;
    writeFileSync(join(dir, 'old.json'), tools('\\'));
    writeFileSync(join(dir, 'new.json'), tools('"'));
    const r = parity(['diff', join(dir, 'old.json'), join(dir, 'new.json'), '--format', 'json']);
    assert.is(r.code, 1);
    assert.match(r.stdout, /"verdict": "BREAKING"/);
  });

  test('over HTTP (JSON, event streams, a batch, HTTP+SSE) keys written with escapes are read as written, as from a file and as under node', async () => {
    // The SDK's HTTP transports read bodies with JSON.parse themselves; Deno 2.9's misreads "\""
    // and "\n" as "\\" after a "\\" key that followed the same keys (see http-escaped-keys.mjs).
    const dir = tempDir('mcpfusion-deno-');
    const saved = join(dir, 'tools-list.json');
    writeFileSync(saved, spawnSync(process.execPath, [fixture('http-escaped-keys.mjs'), '--print'], { encoding: 'utf8' }).stdout);
    const fromFile = runCli(['digest', '--format', 'json', '--tools-list', saved], { cwd: ROOT, env: ENV });
    assert.is(fromFile.code, 0, fromFile.stderr);
    assert.is(deno(['digest', '--format', 'json', '--tools-list', saved]).stdout, fromFile.stdout);
    const server = await startHttpServer([fixture('http-escaped-keys.mjs')]);
    try {
      for (const path of ['/json', '/sse', '/batch-sse', '/legacy']) {
        const args = ['digest', '--format', 'json', '--url', `http://127.0.0.1:${server.port}${path}`, '--request-timeout', '20000'];
        const r = parity(args, `digest --url ${path}`);
        assert.is(r.code, 0, `${path}: ${r.stderr}`);
        // The server's name and version are in the digest of a live server only.
        assert.equal(JSON.parse(r.stdout).tools, JSON.parse(fromFile.stdout).tools, `${path}: tools as read from the saved file`);
      }
    } finally {
      server.stop();
    }
  });

  test('a loopback --url is reached directly with HTTP_PROXY set, also when NO_PROXY is "*" (which Deno 2.9 does not read as every host)', async () => {
    const proxy = await startHttpServer([fixture('proxy-stub.mjs')]);
    const server = await startHttpServer([fixture('http-quirks.mjs')]);
    try {
      const viaNode = runCli(['digest', '--format', 'json', '--url', `http://127.0.0.1:${server.port}/plain`], { cwd: ROOT, env: ENV });
      assert.is(viaNode.code, 0, viaNode.stderr);
      for (const noProxy of ['*', '', 'example.com']) {
        const r = deno(['digest', '--format', 'json', '--url', `http://127.0.0.1:${server.port}/plain`, '--request-timeout', '20000'], undefined, { HTTP_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: noProxy });
        assert.is(r.code, 0, `NO_PROXY=${noProxy}: ${r.stderr}`);
        assert.equal(JSON.parse(r.stdout), JSON.parse(viaNode.stdout), `NO_PROXY=${noProxy}`);
      }
      assert.not.match(proxy.stderr(), /proxied=/, 'a request to the loopback server went to the proxy');
    } finally {
      server.stop();
      proxy.stop();
    }
  });

  test('with HTTP_PROXY set, a --url that is not loopback goes through the proxy, and so does the connect stage\'s connection (not to the host directly)', async () => {
    // 0.0.0.0 is no loopback name, and nothing listens on the port (one just freed): only the proxy answers.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const proxy = await startHttpServer([fixture('proxy-stub.mjs')]);
    try {
      const r = deno(['digest', '--url', `http://0.0.0.0:${closed}/mcp`, '--start-timeout', '5000', '--request-timeout', '20000'], undefined, { HTTP_PROXY: `http://127.0.0.1:${proxy.port}` });
      assert.is(r.code, 3, r.stderr);
      assert.match(r.stderr, /failed at stage "initialize": HTTP 502: a text\/plain body: "proxy stub: not forwarded"/);
      assert.ok(await waitFor(() => proxy.stderr().includes(`proxied=POST http://0.0.0.0:${closed}/mcp\n`)), proxy.stderr());
      // The proxy down: the connect stage names it.
      const down = await withClosedPort(
        (port) => deno(['digest', '--url', `http://0.0.0.0:${port}/mcp`, '--start-timeout', '3000'], undefined, { HTTP_PROXY: `http://127.0.0.1:${port}` }),
        (result) => result.stderr.includes('(ECONNREFUSED)'),
      );
      assert.is(down.code, 3, down.stderr);
      assert.ok(down.stderr.includes(`failed at stage "connect": `), down.stderr);
      assert.match(down.stderr, /every connection to the proxy 127\.0\.0\.1:\d+ \(from the proxy variables, which this runtime's fetch sends the request through\) was refused \(ECONNREFUSED\): is the proxy running/);
    } finally {
      proxy.stop();
    }
  });

  test('canonicalize gives the expected bytes for every shared JCS vector; duplicate keys exit 2', () => {
    if (!existsSync(SHARED_JCS)) {
      console.log(`SKIP JCS vectors: ${SHARED_JCS} is absent (it lies beside the repository as ../shared)`);
    } else {
      for (const name of readdirSync(join(SHARED_JCS, 'input')).filter((n) => n.endsWith('.json')).sort()) {
        const r = deno(['canonicalize', join(SHARED_JCS, 'input', name)]);
        assert.is(r.code, 0, `${name}: ${r.stderr}`);
        assert.ok(Buffer.from(r.stdout, 'utf8').equals(readFileSync(join(SHARED_JCS, 'output', name))), `${name}: canonical bytes differ`);
      }
    }
    const dup = deno(['canonicalize', '-'], '{"a":1,"a":2}');
    assert.is(dup.code, 2);
    assert.match(dup.stderr, /duplicate key/);
  });
}

test.run();
