import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';
import { ROOT } from './_cli.ts';

const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SECRET = 'guard-test-secret-0123456789abcdefghijklmnop';
const NODE = process.execPath;
const dirs: string[] = [];

function setup(): { dir: string; marker: string; env: Record<string, string> } {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-guard-');
  dirs.push(dir);
  return { dir, marker: `--mcpfusion-guard-test-${randomUUID()}`, env: { MCPFUSION_SECRET: SECRET, MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } };
}

/** Server processes whose command line carries the marker (not the guard itself, not ps). */
function processesWith(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n')
    .filter((l) => l.includes(marker) && !l.includes(BUNDLE) && !/\bps -eo\b/.test(l));
}

function serverLine(marker: string, server = MEMORY): string {
  return `"${NODE}" "${server}" ${marker}`;
}

/** The guard in front of `server`, driven through raw stdio; `out()`/`err()` read what it wrote so far. */
function startGuard(dir: string, env: Record<string, string>, server: string[]) {
  const child = spawn(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, ...server], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out: () => out, err: () => err, exited };
}

test('the secret\'s variable (--secret-env) is withheld from the guarded server', async () => {
  // env-echo's tool description says what FIXTURE_VALUE the server saw: signed while it was unset,
  // the guard must start the server without it although it holds the secret.
  const { dir } = setup();
  const echo = join(ROOT, 'test/fixtures/servers/env-echo.mjs');
  const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${echo}"`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env: { MCPFUSION_SECRET: SECRET } });
  assert.is(signed.code, 0, signed.stderr);
  const child = spawn(NODE, [BUNDLE, 'guard', '--secret-env', 'FIXTURE_VALUE', '--', NODE, echo], {
    cwd: dir, env: { PATH: process.env['PATH'], FIXTURE_VALUE: SECRET }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  const guard = { child, out: () => out, err: () => err, exited };
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
  guard.child.stdin.write(`${JSON.stringify(init)}\n`);
  guard.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  guard.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
  const deadline = Date.now() + 60_000;
  while (!guard.out().includes('"id":2') && guard.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  guard.child.stdin.end();
  const code = await guard.exited;
  assert.ok(guard.out().includes('value=(unset)'), `the guarded server saw the secret or did not answer (exit ${code}):\n${guard.err()}\n${guard.out()}`);
  assert.not.ok(guard.out().includes(SECRET));
});

test('a real MCP client lists and calls tools through the guard and sees mcpfusionTrust', async () => {
  const { dir, marker, env } = setup();
  const signed = runCli(['attest', 'sign', '--server', serverLine(marker), '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], { cwd: dir, env });
  assert.is(signed.code, 0, signed.stderr);
  const attestation = JSON.parse(signed.stdout);
  assert.is(processesWith(marker).length, 0, 'the signing run left its server running');

  const transport = new StdioClientTransport({
    command: NODE,
    args: [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker],
    env: { PATH: process.env['PATH']!, ...env },
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'guard-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const trust = client.getServerCapabilities()?.experimental?.['mcpfusionTrust'] as Record<string, unknown>;
    assert.ok(trust, 'no mcpfusionTrust capability');
    assert.equal(trust, {
      serverDigest: attestation.serverDigest.slice(7),
      signature: JSON.parse(readFileSync(join(dir, 'mcpfusion.attestation.json'), 'utf8')).signature,
      signerName: 'hmac-sha256',
      attestedAt: attestation.attestedAt,
      toolCount: attestation.toolCount,
      verified: true,
    });
    assert.ok(client.getServerCapabilities()?.tools, 'the server\'s own capabilities are kept');
    assert.is(client.getServerVersion()?.name, 'memory-server');
    const { tools } = await client.listTools();
    assert.is(tools.length, attestation.toolCount);
    assert.ok(tools.some((t) => t.name === 'create_entities'));
    await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'Zoë 😀', entityType: 'person', observations: ['likes "quotes"'] }] } });
    const graph = await client.callTool({ name: 'read_graph', arguments: {} });
    assert.match(JSON.stringify(graph), /Zoë 😀/);
    // A tool the attestation does not hold cannot be called through the guard, listed or not;
    // the guard answers the call itself and goes on serving.
    const hidden = await client.callTool({ name: 'delete_all_memories', arguments: {} }).then(() => null, (e: Error) => e);
    assert.match(String(hidden?.message), /"delete_all_memories" is not attested; the call was not passed to the server/);
    assert.match(JSON.stringify(await client.callTool({ name: 'read_graph', arguments: {} })), /Zoë 😀/);
    assert.is(processesWith(marker).length, 1, 'exactly one guarded server runs while serving');
  } finally {
    await client.close();
  }
  for (let i = 0; i < 100 && processesWith(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(processesWith(marker), [], 'the server outlived the session');
  assert.match(stderr, /guard: verified sha256:[0-9a-f]{64} \(9 tools\)/);
  assert.match(stderr, /guard: refused a call of the tool "delete_all_memories": not attested, not passed to the server/);
  assert.not.ok(stderr.includes(SECRET));
});

test('a tampered attestation: the guard refuses (exit 1), starts no server, leaves nothing running', () => {
  const { dir, marker, env } = setup();
  assert.is(runCli(['attest', 'sign', '--server', serverLine(marker), '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env }).code, 0);
  const p = join(dir, 'mcpfusion.attestation.json');
  const doc = JSON.parse(readFileSync(p, 'utf8'));
  const flipped = doc.serverDigest.replace(/[0-9a-f]$/, (c: string) => (c === '0' ? '1' : '0'));
  writeFileSync(p, JSON.stringify({ ...doc, serverDigest: flipped }, null, 2));
  const r = spawnSync(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, input: '', encoding: 'utf8', timeout: 60_000,
  });
  assert.is(r.status, 1, r.stderr);
  assert.match(r.stderr, /^AttestationError: The hmac-sha256 signature does not verify.*refusing to start the server/m);
  assert.is(r.stdout, '');
  assert.equal(processesWith(marker), []);
  // A truncated attestation is a usage error (exit 2), and the file is left as it is.
  const truncated = readFileSync(p, 'utf8').slice(0, 50);
  writeFileSync(p, truncated);
  const t = spawnSync(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, input: '', encoding: 'utf8', timeout: 60_000,
  });
  assert.is(t.status, 2, t.stderr);
  assert.match(t.stderr, /truncated or was edited/);
  assert.is(readFileSync(p, 'utf8'), truncated);
  assert.equal(processesWith(marker), []);
});

test('a different server than the attested one: refused (exit 1) after inspection, and the inspected server is stopped', () => {
  const { dir, marker, env } = setup();
  // Attest the everything server, then try to serve the memory server with that attestation.
  assert.is(runCli(['attest', 'sign', '--server', `"${NODE}" "${EVERYTHING}" stdio`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env }).code, 0);
  const r = spawnSync(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, input: '', encoding: 'utf8', timeout: 60_000,
  });
  assert.is(r.status, 1, r.stderr);
  assert.match(r.stderr, /^AttestationError: The server digest is sha256:[0-9a-f]{64} but the attestation was signed for sha256:[0-9a-f]{64}.*refusing to serve/m);
  assert.is(r.stdout, '');
  assert.equal(processesWith(marker), []);
});

test('a changed server: the refusal names the changed tools (Ed25519: signed per-tool digests) or, without them, the counts and how to see the changes', () => {
  const { dir, env } = setup();
  const server = join(ROOT, 'test/fixtures/servers/contract-change.mjs');
  const guard = (flags: string[]) => spawnSync(NODE, [BUNDLE, 'guard', ...flags, '--server-env', 'FIXTURE_CONTRACT_VERSION=2', '--', NODE, server], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, input: '', encoding: 'utf8', timeout: 60_000,
  });
  assert.is(runCli(['attest', 'keygen', '--key', 'ci.key'], { cwd: dir }).code, 0);
  const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${server}"`, '--server-env', 'FIXTURE_CONTRACT_VERSION=1', '--key', 'ci.key', '--attestation', 'ed.json'], { cwd: dir, env });
  assert.is(signed.code, 0, signed.stderr);
  const ed = guard(['--public-key', 'ci.pub', '--attestation', 'ed.json']);
  assert.is(ed.status, 1, ed.stderr);
  assert.match(ed.stderr, /^AttestationError: The server digest is sha256:[0-9a-f]{64} but the attestation was signed for sha256:[0-9a-f]{64}.*: the server lists tools whose digest differs from the attested one: "invoices", "search"; no longer lists attested tools: "ping" \(ed\.json, server .*\); refusing to serve$/m);
  assert.is(ed.stdout, '');
  const hmac = runCli(['attest', 'sign', '--server', `"${NODE}" "${server}"`, '--server-env', 'FIXTURE_CONTRACT_VERSION=1', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'h.json'], { cwd: dir, env });
  assert.is(hmac.code, 0, hmac.stderr);
  const h = guard(['--secret-env', 'MCPFUSION_SECRET', '--attestation', 'h.json']);
  assert.is(h.status, 1, h.stderr);
  assert.match(h.stderr, /: the server lists 3 tools, the attestation covers 4; a hmac-sha256 attestation holds no per-tool digests, so which tools changed is not known here \(mcpfusion diff --against LOCKFILE --server "<the command>" with the approved lockfile names the changes\) \(h\.json, server .*\); refusing to serve$/m);
});

test('a server that lists other tools once served (client capabilities): the guard answers tools/list with an error, ends the session, exits 1', async () => {
  const { dir, marker, env } = setup();
  // The inspection client declares no capabilities: server-everything lists its 13 basic tools.
  const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${EVERYTHING}" stdio ${marker}`, '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], { cwd: dir, env });
  assert.is(signed.code, 0, signed.stderr);
  const { child, out, err, exited } = startGuard(dir, env, [EVERYTHING, 'stdio', marker]);
  // A client that supports sampling and elicitation: the server registers more tools for it after the handshake.
  child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"sampling":{},"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}\n');
  for (let i = 0; i < 600 && !out().includes('"id":1'); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(out(), /"mcpfusionTrust":\{[^}]*"verified":true/);
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n');
  for (let i = 0; i < 600 && !out().includes('"id":2'); i++) await new Promise((r) => setTimeout(r, 50));
  const answer = out().split('\n').filter((l) => l.includes('"id":2')).map((l) => JSON.parse(l));
  if (answer[0]?.result !== undefined) child.kill('SIGTERM'); // the guard went on serving: end it before failing
  assert.is(answer.length, 1, out());
  assert.is(answer[0].result, undefined, 'the unattested tool list reached the client');
  assert.is(await exited, 1, err());
  assert.is(answer[0].error.code, -32603);
  assert.match(answer[0].error.message, /^mcpfusion guard: while being served, the server lists tools that are not attested: .*"trigger-sampling-request".*refusing to serve$/);
  // The cause the guard can see: the client's declared capabilities, named in the refusal.
  assert.match(answer[0].error.message, /; the client declared the capabilities "elicitation", "sampling" in its initialize request, and a server may list other tools for a client that declares them/);
  assert.match(err(), /^AttestationError: .*the client declared the capabilities "elicitation", "sampling" in its initialize request/m);
  assert.not.match(out(), /"name":"trigger-sampling-request"/);
  assert.match(err(), /^AttestationError: while being served, the server lists tools that are not attested: .*refusing to serve/m);
  for (let i = 0; i < 100 && processesWith(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(processesWith(marker), [], 'the refused server was left running');
});

test('a server that answers tools/list or initialize a second time under an id the SDK client pairs with the request ("1" for 1): the client never sees that answer unchecked', async () => {
  const { dir } = setup();
  const server = join(ROOT, 'test/fixtures/servers/id-alias.mjs');
  const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${server}"`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env: { MCPFUSION_SECRET: SECRET } });
  assert.is(signed.code, 0, signed.stderr);
  for (const initAlias of ['0', '1']) {
    const state = join(dir, `state-${initAlias}`);
    const transport = new StdioClientTransport({
      command: NODE,
      args: [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--server-env', `FIXTURE_STATE=${state}`, '--server-env', `FIXTURE_INIT_ALIAS=${initAlias}`, '--', NODE, server],
      cwd: dir, env: { PATH: process.env['PATH'] ?? '', MCPFUSION_SECRET: SECRET }, stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    const client = new Client({ name: 'guard-test', version: '1.0.0' });
    client.onerror = () => undefined; // the second answer of each request is an unknown id to the client
    await client.connect(transport);
    try {
      const trust = client.getServerCapabilities()?.experimental?.['mcpfusionTrust'] as Record<string, unknown> | undefined;
      assert.is(trust?.['forged'], undefined, 'the server\'s own mcpfusionTrust reached the client');
      assert.is(trust?.['verified'], true);
      let listed: string[] | undefined;
      let refusal = '';
      try {
        listed = (await client.listTools()).tools.map((t) => t.name);
      } catch (cause) {
        refusal = (cause as Error).message;
      }
      assert.is(listed, undefined, `the client was listed ${JSON.stringify(listed)}`);
      assert.match(refusal, /mcpfusion guard: while being served, the server lists tools that are not attested: "evil"; refusing to serve/);
    } finally {
      await client.close();
    }
    for (let i = 0; i < 200 && !/AttestationError/.test(err); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(err, /^AttestationError: while being served, the server lists tools that are not attested: "evil"/m);
  }
});

test('a pipe client that writes its tools/list before the initialize response came: the served list is checked all the same', () => {
  const { dir } = setup();
  const server = join(ROOT, 'test/fixtures/servers/id-alias.mjs');
  const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${server}"`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env: { MCPFUSION_SECRET: SECRET } });
  assert.is(signed.code, 0, signed.stderr);
  const input = [
    { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 7, method: 'tools/list' },
  ].map((m) => JSON.stringify(m)).join('\n') + '\n';
  const r = runCli(['guard', '--secret-env', 'MCPFUSION_SECRET', '--server-env', `FIXTURE_STATE=${join(dir, 'state-pipe')}`, '--', NODE, server], { cwd: dir, env: { MCPFUSION_SECRET: SECRET }, input });
  // The served session lists "evil" (under the id "7", which the SDK client pairs with 7).
  assert.not.match(r.stdout, /"name":"evil"/, 'the unattested tool reached the client');
  assert.match(r.stdout, /mcpfusion guard: while being served, the server lists tools that are not attested: \\"evil\\"; refusing to serve/);
  assert.is(r.code, 1, r.stderr);
});

test('a server whose later tools/list changes only what the tool digest leaves out (title, annotations.title, _meta, icons, execution): the client never sees it', async () => {
  const { dir } = setup();
  const server = join(ROOT, 'test/fixtures/servers/served-metadata.mjs');
  for (const mode of ['title', 'annotations-title', 'meta', 'icons', 'execution']) {
    const signed = runCli(['attest', 'sign', '--server', `"${NODE}" "${server}" ${mode}`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env: { MCPFUSION_SECRET: SECRET } });
    assert.is(signed.code, 0, signed.stderr);
    const transport = new StdioClientTransport({
      command: NODE, args: [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, server, mode],
      cwd: dir, env: { PATH: process.env['PATH'] ?? '', MCPFUSION_SECRET: SECRET }, stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    const client = new Client({ name: 'guard-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      // The first list is the one the start-up read saw: it is served as it is.
      assert.equal((await client.listTools()).tools.map((t) => JSON.stringify(t)), ['{"name":"echo","description":"Echo the text back","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}']);
      let listed: string | undefined;
      let refusal = '';
      try {
        listed = JSON.stringify((await client.listTools()).tools);
      } catch (cause) {
        refusal = (cause as Error).message;
      }
      assert.is(listed, undefined, `${mode}: the client was listed ${listed}`);
      assert.match(refusal, /mcpfusion guard: while being served, the server lists tools that differ from the start-up read outside their attested digest: "echo" \(a title, annotations, _meta, icons or execution the signature does not cover, changed once served\); refusing to serve/);
    } finally {
      await client.close();
    }
    for (let i = 0; i < 200 && !/AttestationError/.test(err); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(err, /^AttestationError: while being served, the server lists tools that differ from the start-up read outside their attested digest: "echo"/m, `${mode}: ${err}`);
  }
});

test('a client line that is not strict JSON (a duplicate key) is answered with a parse error by the guard and never reaches the server', async () => {
  const { dir, marker, env } = setup();
  const signed = runCli(['attest', 'sign', '--server', serverLine(marker), '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env });
  assert.is(signed.code, 0, signed.stderr);
  const { child, out, err, exited } = startGuard(dir, env, [MEMORY, marker]);
  const answerTo = async (id: number): Promise<{ result?: unknown; error?: { code: number; message: string } }> => {
    for (let i = 0; i < 600 && !out().includes(`"id":${id},`) && !out().includes(`"id":${id}}`); i++) await new Promise((r) => setTimeout(r, 50));
    const line = out().split('\n').find((l) => l.includes(`"id":${id},`) || l.includes(`"id":${id}}`));
    assert.ok(line, `no answer to ${id}: ${out()}\n${err()}`);
    return JSON.parse(line!);
  };
  try {
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n');
    await answerTo(1);
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    const call = (id: number, entity: string, extra = ''): string =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"create_entities","arguments":{"entities":[{"name":"${entity}","entityType":"t","observations":[]}]}${extra}}}\n`;
    child.stdin.write(call(2, 'duplicated', ',"name":"create_entities"'));
    const refused = await answerTo(2);
    assert.is(refused.error?.code, -32700, JSON.stringify(refused));
    assert.match(String(refused.error?.message), /^mcpfusion guard: the line is not strict JSON \(at column \d+: duplicate key "name"/);
    // The session goes on: a well-formed call passes.
    child.stdin.write(call(3, 'accepted'));
    assert.ok((await answerTo(3)).result, out());
  } finally {
    child.stdin.end();
  }
  assert.is(await exited, 0, err());
  const memory = readFileSync(join(dir, 'memory.jsonl'), 'utf8');
  assert.match(memory, /"accepted"/);
  assert.not.match(memory, /"duplicated"/, 'the refused line reached the server');
  assert.match(err(), /guard: refused a line from the client: the line is not strict JSON \(at column \d+: duplicate key "name"[^\n]*; not passed to the server, answered with a parse error\n/);
});

test('Ed25519: the guard verifies with the public key alone', async () => {
  const { dir, marker, env } = setup();
  assert.is(runCli(['attest', 'keygen', '--key', 'ci.key'], { cwd: dir }).code, 0);
  assert.is(runCli(['attest', 'sign', '--server', serverLine(marker), '--key', 'ci.key'], { cwd: dir, env }).code, 0);
  const transport = new StdioClientTransport({
    command: NODE,
    args: [BUNDLE, 'guard', '--public-key', 'ci.pub', '--', NODE, MEMORY, marker],
    env: { PATH: process.env['PATH']!, ...env },
    cwd: dir,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'guard-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const trust = client.getServerCapabilities()?.experimental?.['mcpfusionTrust'] as Record<string, unknown>;
    assert.is(trust['signerName'], 'ed25519-dsse');
    assert.is(trust['verified'], true);
    assert.ok((await client.listTools()).tools.length > 0);
  } finally {
    await client.close();
  }
  const wrong = spawnSync(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], { cwd: dir, env: { PATH: process.env['PATH'], ...env }, input: '', encoding: 'utf8' });
  assert.is(wrong.status, 2);
  assert.match(wrong.stderr, /--public-key/);
});

test('SIGTERM to the guard stops the guarded server too', async () => {
  const { dir, marker, env } = setup();
  assert.is(runCli(['attest', 'sign', '--server', serverLine(marker), '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env }).code, 0);
  const child = spawn(NODE, [BUNDLE, 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], {
    cwd: dir, env: { PATH: process.env['PATH'], ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.stdin.write('{"jsonrpc":"2.0","id":"init-1","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n');
  for (let i = 0; i < 600 && !out.includes('"init-1"'); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(out, /"mcpfusionTrust":\{"serverDigest":"[0-9a-f]{64}"/);
  assert.is(processesWith(marker).length, 1);
  child.kill('SIGTERM');
  // server-memory has no SIGTERM handler: it dies of the signal, and the guard reports it as a
  // shell does (128 + 15).
  assert.is(await exited, 143);
  for (let i = 0; i < 100 && processesWith(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(processesWith(marker), []);
});

test('usage: no server command after --', () => {
  const { dir, env } = setup();
  const r = runCli(['guard', '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env });
  assert.is(r.code, 2);
  assert.match(r.stderr, /Give the server command after "--"/);
  // An empty program (an unset shell variable: `-- "$SERVER"`) is a usage error, not a failed start.
  const empty = runCli(['guard', '--secret-env', 'MCPFUSION_SECRET', '--', '', 'x.js'], { cwd: dir, env });
  assert.is(empty.code, 2, empty.stderr);
  assert.is(empty.stderr, 'error: The server command after "--" starts with an empty program name (""): is a shell variable unset? mcpfusion guard --attestation FILE -- node server.js\n');
  // The command given without "--" is named as such.
  const bare = runCli(['guard', '--secret-env', 'MCPFUSION_SECRET', 'node', 'server.js'], { cwd: dir, env });
  assert.is(bare.code, 2, bare.stderr);
  assert.match(bare.stderr, /^error: unexpected arguments `node`, `server\.js`: guard takes no arguments \(the server command goes after "--" \(mcpfusion guard \[flags\] -- node server\.js\), and a flag's value right after the flag\)/);
});

test('usage: --format other than text is refused (exit 2) before a server starts: stdout is the server\'s protocol stream', () => {
  const { dir, env, marker } = setup();
  for (const format of ['json', 'yaml']) {
    const r = runCli(['guard', '--format', format, '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY, marker], { cwd: dir, env, input: '' });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`--format ${format} is not supported by \`guard\`; its only format is text: leave --format out`));
    assert.is(r.stdout, '');
  }
  assert.equal(processesWith(marker), []);
});

test('usage: --server is refused with the form guard takes (the command after --)', () => {
  const { dir, env } = setup();
  const r = runCli(['guard', '--secret-env', 'MCPFUSION_SECRET', '--server', 'node server.js'], { cwd: dir, env, input: '' });
  assert.is(r.code, 2);
  assert.is(r.stderr, 'error: guard takes the server command after "--", not --server: mcpfusion guard --attestation FILE -- node server.js\n');
});

test.after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
test.run();
