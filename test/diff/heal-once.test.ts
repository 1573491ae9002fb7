/**
 * `heal` starts the server once: the server's current tools come from the session (its tools/list
 * answers), and when a call fails before the session listed them, heal asks the server itself,
 * holding that answer back until its own answers come or `--request-timeout` passes. Real
 * servers: the contract-change fixture (which counts its starts and can answer tools/list late or
 * never) and server-memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MEMORY, memoryEnv, memoryLockedBeforeObservations } from './_heal.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/contract-change.mjs');
const line = (m: unknown): string => `${JSON.stringify(m)}\n`;
const INIT = line({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const INITIALIZED = line({ jsonrpc: '2.0', method: 'notifications/initialized' });
const call = (id: string, name: string, args: Record<string, unknown>): string => line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
/** The fixture's answer to a create without dueDate, as it writes it. */
const MISSING_DUE = (id: string): string => `{"jsonrpc":"2.0","id":"${id}","error":{"code":-32602,"message":"Invalid params: missing dueDate","data":{"missing":["dueDate"]}}}\n`;

/** A directory whose mcpfusion.lock records version 1 of the fixture. */
function lockedV1(): string {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-heal-once-');
  const locked = runCli(['lock', '--server', `"${NODE}" "${FIXTURE}"`], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '1' } });
  assert.is(locked.code, 0, locked.stderr);
  return dir;
}

/** The heal processes of the test running: a test that fails ends them. */
const children: ReturnType<typeof spawn>[] = [];
test.after.each(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** `heal` in front of version 2 of the fixture, with raw pipes; answers are timed by id. */
function heal(dir: string, flags: string[], env: Record<string, string>) {
  const child = spawn(NODE, [BUNDLE, 'heal', ...flags, '--', NODE, FIXTURE], { cwd: dir, env: { PATH: process.env['PATH'], FIXTURE_CONTRACT_VERSION: '2', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let stderr = '';
  const arrived = new Map<string, number>();
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    for (const l of out.split('\n').slice(0, -1)) {
      const id = (JSON.parse(l) as { id?: unknown }).id;
      if (typeof id === 'string' && !arrived.has(id)) arrived.set(id, Date.now());
    }
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  const answer = (id: string): string | undefined => out.split('\n').find((l) => l.includes(`"id":"${id}"`));
  return { child, out: () => out, stderr: () => stderr, exited, arrived, answer };
}

async function until(done: () => boolean, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return done();
}

/** stderr is another pipe than the answers: a note may arrive after the answer it is about. */
async function says(h: { stderr: () => string }, said: RegExp): Promise<void> {
  await until(() => said.test(h.stderr()), 10_000);
  assert.match(h.stderr(), said);
}

test('heal: the server is started once; a call that fails before any tools/list gets the block from heal\'s own read, whose ids never reach the client', async () => {
  const dir = lockedV1();
  const starts = join(dir, 'starts');
  const h = heal(dir, [], { FIXTURE_STARTS: starts });
  h.child.stdin.write(INIT + INITIALIZED);
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('a') !== undefined), h.stderr());
  const a = JSON.parse(h.answer('a')!) as { error: { message: string; data: unknown } };
  assert.match(a.error.message, /^Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">\n/);
  assert.match(a.error.message, /now requires &quot;dueDate&quot;/);
  assert.equal(a.error.data, { missing: ['dueDate'] });
  // The session goes on: the contracts are known now, a second failure needs no read.
  h.child.stdin.write(call('b', 'search', { query: 'x' }) + call('c', 'echo', { text: 'hi' }));
  assert.ok(await until(() => h.answer('b') !== undefined && h.answer('c') !== undefined), h.stderr());
  assert.match(h.answer('b')!, /<contract_awareness tool=\\"search\\">/);
  assert.is(h.answer('c'), '{"jsonrpc":"2.0","id":"c","result":{"content":[{"type":"text","text":"hi"}]}}');
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  // One start, and nothing of heal's own requests in what the client got.
  assert.is(readFileSync(starts, 'utf8').trim().split('\n').length, 1, readFileSync(starts, 'utf8'));
  assert.not.match(h.out(), /mcpfusion-heal-/);
  assert.is(h.out().split('\n').filter((l) => l !== '').length, 4, h.out());
  await says(h, /heal: the call of the tool "invoices" failed before the session showed the server's current tools: asking the server \(tools\/list\)/);
  await says(h, /heal: the tools "invoices", "ping", "search" changed since mcpfusion.lock with BREAKING or RISKY deltas/);
});

test('heal: a server that never answers heal\'s tools/list holds the failed answer only until --request-timeout; other answers are not held, later failures pass at once', async () => {
  const dir = lockedV1();
  // A hold lasts the whole --request-timeout: 10 s, far above any round trip on a loaded machine,
  // so "held" and "not held" cannot be mistaken for each other (3 s left a 2.5 s margin that one
  // descheduled process could use up).
  const h = heal(dir, ['--request-timeout', '10000'], { FIXTURE_LIST_DELAY_MS: 'never' });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  const sent = Date.now();
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }) + call('b', 'echo', { text: 'hi' }));
  assert.ok(await until(() => h.answer('a') !== undefined), h.stderr());
  const waited = h.arrived.get('a')! - sent;
  assert.ok(waited >= 9900 && waited < 25_000, `the failed answer came after ${waited} ms`);
  // The answer that needs no block was not held behind it.
  assert.ok(h.arrived.get('b')! < h.arrived.get('a')!, `the echo answer waited for the held one: ${h.out()}`);
  // Without the server's tools there is no block: the answer passes as the server wrote it.
  assert.is(`${h.answer('a')}\n`, MISSING_DUE('a'));
  await says(h, /heal: heal's own read of the server's tools failed \(no answer to tools\/list within 10000 ms\)/);
  // heal gave up asking: the next failure is not held (a hold would end 10 s after heal read the
  // call, which is after `again`), and heal does not ask again.
  const again = Date.now();
  h.child.stdin.write(call('c', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('c') !== undefined), h.stderr());
  assert.ok(h.arrived.get('c')! - again < 9900, `the second failure was held ${h.arrived.get('c')! - again} ms`);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.is(h.stderr().split('asking the server').length - 1, 1, h.stderr());
  // heal cancelled its request; nothing of it reached the client.
  assert.not.match(h.out(), /mcpfusion-heal-/);
});

test('heal: its note on a read that timed out gives --request-timeout, not what was left of it for the last request', async () => {
  const dir = lockedV1();
  // tools/list comes after 1 s; resources/list never: the read times out 3 s after it began.
  const h = heal(dir, ['--request-timeout', '3000'], { FIXTURE_LIST_DELAY_MS: '1000', FIXTURE_RESOURCES: 'never' });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('a') !== undefined), h.stderr());
  await says(h, /heal: heal's own read of the server's tools failed \(no answer to resources\/list within 3000 ms\)/);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
});

test('heal: an answer to its own tools/list longer than 16 MiB is dropped whole, not passed to the client; the failed answer goes on without a block at once', async () => {
  const dir = lockedV1();
  const h = heal(dir, ['--request-timeout', '60000'], { FIXTURE_LIST_PAD: String(17 * 1024 * 1024) });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  const sent = Date.now();
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('a') !== undefined, 30_000), h.stderr());
  assert.ok(Date.now() - sent < 30_000);
  assert.is(`${h.answer('a')}\n`, MISSING_DUE('a'));
  await says(h, /heal's own read of the server's tools failed \(the server's answer is longer than 16 MiB, too long to read\)/);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.ok(h.out().length < 4096, `the client got ${h.out().length} bytes`);
  assert.not.match(h.out(), /mcpfusion-heal-/);
});

test('heal: an answer to heal\'s tools/list that comes after the timeout is dropped; the client\'s own list then gives the block', async () => {
  const dir = lockedV1();
  const h = heal(dir, ['--request-timeout', '300'], { FIXTURE_LIST_DELAY_MS: '1200' });
  h.child.stdin.write(INIT + INITIALIZED + call('a', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('a') !== undefined), h.stderr());
  assert.is(`${h.answer('a')}\n`, MISSING_DUE('a'));
  // The client lists (answered late too) after heal's own late answer has come and gone.
  await new Promise((r) => setTimeout(r, 1500));
  h.child.stdin.write(line({ jsonrpc: '2.0', id: 'l', method: 'tools/list' }));
  assert.ok(await until(() => h.answer('l') !== undefined), h.stderr());
  h.child.stdin.write(call('c', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('c') !== undefined), h.stderr());
  assert.match(h.answer('c')!, /<contract_awareness tool=\\"invoices\\" action=\\"create\\">/);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.not.match(h.out(), /mcpfusion-heal-/);
  assert.equal(h.out().split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { id: unknown }).id), [0, 'a', 'l', 'c']);
});

test('heal: its own request goes to the server between the client\'s lines, never inside one the client is still writing', async () => {
  const dir = lockedV1();
  const h = heal(dir, [], {});
  const second = call('b', 'echo', { text: 'hi' });
  h.child.stdin.write(INIT + INITIALIZED + call('a', 'invoices', { action: 'create', amount: 1 }) + second.slice(0, 20));
  // The failure came and heal wants to ask; the client is still in the middle of a line.
  assert.ok(await until(() => /asking the server/.test(h.stderr())), h.stderr());
  await new Promise((r) => setTimeout(r, 300));
  assert.is(h.answer('a'), undefined);
  h.child.stdin.write(second.slice(20));
  assert.ok(await until(() => h.answer('a') !== undefined && h.answer('b') !== undefined), h.stderr());
  assert.match(h.answer('a')!, /<contract_awareness tool=\\"invoices\\" action=\\"create\\">/);
  assert.is(h.answer('b'), '{"jsonrpc":"2.0","id":"b","result":{"content":[{"type":"text","text":"hi"}]}}');
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
});

test('heal: a client that writes its requests and closes its input at once (a pipe) still gets the block: heal asks before the server\'s input closes', () => {
  const dir = lockedV1();
  const starts = join(dir, 'starts');
  // No notifications/initialized and no tools/list: the session as a one-shot pipe writes it.
  const session = INIT + call('a', 'invoices', { action: 'create', amount: 1 }) + call('b', 'echo', { text: 'é' });
  const r = runCli(['heal', '--', NODE, FIXTURE], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '2', FIXTURE_STARTS: starts }, input: session });
  assert.is(r.code, 0, r.stderr);
  const answers = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: unknown; error?: { message: string } });
  // The failed answer waited for heal's own; the echo answer did not wait for it.
  assert.equal(answers.map((a) => a.id), [0, 'b', 'a']);
  assert.match(answers[2]!.error!.message, /^Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">/);
  assert.not.match(r.stdout, /mcpfusion-heal-/);
  assert.is(readFileSync(starts, 'utf8').trim().split('\n').length, 1);
});

test('heal: a pipe client whose call is still in progress when it closes its input gets the answer with the block: the server\'s input stays open until it is answered', () => {
  const dir = lockedV1();
  // The call is answered 300 ms after it came, and the server exits as soon as its input ends
  // (abandoning what is in progress, as the Python SDK's server did with heal's requests in flight).
  const session = INIT + INITIALIZED + call('a', 'invoices', { action: 'create', amount: 1 });
  const started = Date.now();
  const r = runCli(['heal', '--', NODE, FIXTURE], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '2', FIXTURE_CALL_DELAY_MS: '300' }, input: session });
  assert.is(r.code, 0, r.stderr);
  const answers = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: unknown; error?: { message: string } });
  assert.equal(answers.map((a) => a.id), [0, 'a'], r.stdout);
  assert.match(answers[1]!.error!.message, /^Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">/);
  // Held open only as long as needed (the answer and heal's read), not the whole --request-timeout
  // (30 s by default, as is the proxy's wait for answers). The run itself starts two node
  // processes: it took 6.9 s on a loaded 2-core machine, so the bound sits between the two.
  assert.ok(Date.now() - started < 20_000, `heal took ${Date.now() - started} ms`);
});

test('heal: a client whose own ids are exactly mcpfusion-heal-1, mcpfusion-heal-2 gets every answer of its own, while heal\'s read (with ids of its session) is in flight', async () => {
  const dir = lockedV1();
  // heal's tools/list is answered after 1 s: the client's answers come while it waits.
  const h = heal(dir, [], { FIXTURE_LIST_DELAY_MS: '1000' });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => /asking the server/.test(h.stderr())), h.stderr());
  h.child.stdin.write(call('mcpfusion-heal-1', 'echo', { text: 'one' }) + call('mcpfusion-heal-2', 'echo', { text: 'two' }));
  assert.ok(await until(() => h.answer('a') !== undefined && h.answer('mcpfusion-heal-1') !== undefined && h.answer('mcpfusion-heal-2') !== undefined, 10_000), `${h.out()}\n${h.stderr()}`);
  assert.is(h.answer('mcpfusion-heal-1'), '{"jsonrpc":"2.0","id":"mcpfusion-heal-1","result":{"content":[{"type":"text","text":"one"}]}}');
  assert.is(h.answer('mcpfusion-heal-2'), '{"jsonrpc":"2.0","id":"mcpfusion-heal-2","result":{"content":[{"type":"text","text":"two"}]}}');
  // heal's read was not answered by the client's echo: the failed call got its block.
  assert.match(h.answer('a')!, /<contract_awareness tool=\\"invoices\\" action=\\"create\\">/);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  // Nothing else reached the client (heal's own answer, under any id).
  assert.equal(h.out().split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { id: unknown }).id).sort(), [0, 'a', 'mcpfusion-heal-1', 'mcpfusion-heal-2'].sort());
  assert.not.match(h.stderr(), /own read of the server's tools failed/);
});

test('heal: a notifications/tools/list_changed that comes while heal\'s own tools/list is in flight sets that answer aside: heal reads again, and the contracts are the new ones', async () => {
  const dir = lockedV1();
  const version = join(dir, 'version');
  writeFileSync(version, '1');
  // heal's tools/list is answered 1 s after it came, with the tools as they were when it came.
  const h = heal(dir, [], { FIXTURE_CONTRACT_FILE: version, FIXTURE_LIST_CHANGED: '1', FIXTURE_LIST_DELAY_MS: '1000' });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  // A failure of an unchanged tool: heal asks the server for its tools (version 1 still).
  h.child.stdin.write(line({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: {} } }));
  assert.ok(await until(() => /asking the server/.test(h.stderr())), h.stderr());
  await new Promise((r) => setTimeout(r, 200));
  // The contract changes while that answer is on its way; the server says so at once.
  writeFileSync(version, '2');
  assert.ok(await until(() => h.answer('a') !== undefined, 10_000), h.stderr());
  // A call that fails under version 2: the contracts heal uses must be version 2's.
  h.child.stdin.write(call('b', 'invoices', { action: 'create', amount: 1 }));
  assert.ok(await until(() => h.answer('b') !== undefined, 10_000), h.stderr());
  assert.match(h.answer('b')!, /<contract_awareness tool=\\"invoices\\" action=\\"create\\">/);
  await says(h, /heal: the server said its tools changed \(notifications\/tools\/list_changed\) while heal read them: heal reads them again/);
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.not.match(h.out(), /mcpfusion-heal-/);
});

test('heal: a client that stops reading while an answer is held ends the session: heal exits 0, without an unhandled EPIPE', async () => {
  const dir = lockedV1();
  const h = heal(dir, [], { FIXTURE_LIST_DELAY_MS: '1000' });
  h.child.stdin.write(INIT + INITIALIZED);
  assert.ok(await until(() => h.out().includes('"id":0')), h.stderr());
  // "a" fails and is held for heal's read (answered after 1 s); "b" passes at once.
  h.child.stdin.write(call('a', 'invoices', { action: 'create', amount: 1 }) + call('b', 'echo', { text: 'hi' }));
  await new Promise((r) => setTimeout(r, 200));
  h.child.stdout.destroy();
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.not.match(h.stderr(), /EPIPE|Unhandled/);
});

test('heal: in front of server-memory, a real client that never lists tools gets the block of the changed tool', async () => {
  const dir = await memoryLockedBeforeObservations('mcpfusion-heal-once-');

  const client = new Client({ name: 'heal-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(new StdioClientTransport({ command: NODE, args: [BUNDLE, 'heal', '--', NODE, MEMORY], env: memoryEnv(dir), cwd: dir, stderr: 'pipe' }));
  try {
    const r = await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'a', entityType: 'b' }] } }) as { isError?: boolean; content: { type: string; text: string }[] };
    assert.is(r.isError, true);
    assert.is(r.content.length, 2, JSON.stringify(r));
    assert.match(r.content[1]!.text, /^<contract_awareness tool="create_entities">\n/);
    assert.match(r.content[1]!.text, /observations/);
    const graph = await client.callTool({ name: 'read_graph', arguments: {} }) as { content: { text: string }[] };
    assert.is(graph.content.length, 1);
    // No answer the client did not ask for (an unknown id) reached it.
    assert.equal(errors.map((e) => e.message), []);
  } finally {
    await client.close();
  }
});

test.run();
