import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MEMORY, memoryEnv, memoryLockedBeforeObservations } from './_heal.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/contract-change.mjs');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** A directory whose mcpfusion.lock records version 1 of the fixture (the approved contract). */
function lockedV1(): string {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-heal-');
  const locked = runCli(['lock', '--server', `"${NODE}" "${FIXTURE}"`], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '1' } });
  assert.is(locked.code, 0, locked.stderr);
  return dir;
}

/** A real MCP client connected through `heal` to version 2 of the fixture. */
async function connect(dir: string, extra: string[] = [], env: Record<string, string> = { FIXTURE_CONTRACT_VERSION: '2' }): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: [BUNDLE, 'heal', ...extra, '--', NODE, FIXTURE],
    env: { PATH: process.env['PATH']!, ...env },
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'heal-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** stderr is another pipe than the answers: a line may arrive after the answer it is about. */
async function saysOnStderr(stderr: () => string, said: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!said.test(stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.match(stderr(), said);
}

/**
 * heal in front of the fixture at contract version 1 (the lockfile's), whose version the test
 * changes while serving by writing the returned file ('2').
 */
async function connectChanging(env: Record<string, string>): Promise<{ client: Client; stderr: () => string; version: string }> {
  const dir = lockedV1();
  const version = join(dir, 'version.txt');
  writeFileSync(version, '1');
  return { ...(await connect(dir, [], { FIXTURE_CONTRACT_FILE: version, ...env })), version };
}

const failure = (p: Promise<unknown>): Promise<Error> => p.then(() => { throw new Error('the call succeeded'); }, (e: Error) => e);

test('heal: a real client calling a changed tool the old way sees the <contract_awareness> block in the -32602 error', async () => {
  const dir = lockedV1();
  const { client, stderr } = await connect(dir);
  try {
    await client.listTools();
    const e = await failure(client.callTool({ name: 'invoices', arguments: { action: 'create', amount: 10 } }));
    assert.is((e as Error & { code?: number }).code, -32602);
    assert.match(e.message, /^MCP error -32602: Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">\n<notice>/);
    assert.match(e.message, /<delta verdict="BREAKING" rule="surface.required-field-added" action="create" field="surface.actions.create.requiredFields\[&quot;dueDate&quot;\]">action &quot;create&quot; now requires &quot;dueDate&quot;/);
    assert.match(e.message, /<\/contract_awareness>$/);
    // The server's own data is left as it was.
    assert.equal((e as Error & { data?: unknown }).data, { missing: ['dueDate'] });
    // The deltas of another tool ("search") are not in this block.
    assert.not.match(e.message, /limit/);
    await saysOnStderr(stderr, /heal: added <contract_awareness> to the failed call of the tool "invoices" \(error message\)/);
    // A tool removed since the lockfile: the server's "unknown tool" error says so, with the block.
    const gone = await failure(client.callTool({ name: 'ping', arguments: {} }));
    assert.match(gone.message, /^MCP error -32602: Unknown tool: ping\n<contract_awareness tool="ping">\n/);
    assert.match(gone.message, /<delta verdict="BREAKING" rule="surface.tool-removed" field="tools.ping">tool &quot;ping&quot; removed/);
  } finally {
    await client.close();
  }
});

test('heal: an isError result of a changed tool gets the block as one more text item; unchanged tools and successes pass as they were', async () => {
  const dir = lockedV1();
  const { client, stderr } = await connect(dir, ['--lockfile', 'mcpfusion.lock', '--max-deltas', '1']);
  try {
    // No tools/list in this session: heal asks the server for its tools itself when the call fails.
    const r = await client.callTool({ name: 'search', arguments: { query: 'x' } }) as { isError?: boolean; content: { type: string; text: string }[] };
    assert.is(r.isError, true);
    assert.is(r.content.length, 2);
    assert.equal(r.content[0], { type: 'text', text: 'Input validation error: limit is required' });
    assert.match(r.content[1]!.text, /^<contract_awareness tool="search">\n/);
    assert.match(r.content[1]!.text, /input property \$\.limit added as required/);
    // --max-deltas 1: the other relevant deltas are counted, not listed.
    assert.is(r.content[1]!.text.match(/<delta /g)?.length, 1);
    assert.match(r.content[1]!.text, /<omitted count="1">/);
    // The very block `diff --format awareness` gives for the same two sides.
    const diff = runCli(['diff', '--against', 'mcpfusion.lock', '--server', `"${NODE}" "${FIXTURE}"`, '--format', 'awareness', '--tool', 'search', '--max-deltas', '1'], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '2' } });
    assert.is(r.content[1]!.text + '\n', diff.stdout);
    // An unchanged tool's error carries no block; successes are untouched.
    const echoError = await failure(client.callTool({ name: 'echo', arguments: {} }));
    assert.is(echoError.message, 'MCP error -32602: Invalid params: text is required');
    assert.equal(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }), { content: [{ type: 'text', text: 'hi' }] });
    assert.equal(await client.callTool({ name: 'invoices', arguments: { action: 'create', amount: 1, dueDate: '2027-01-01' } }), { content: [{ type: 'text', text: 'created invoice of 1' }] });
    // The "list" action did not change: its failure would get no "create" delta (it succeeds here).
    assert.equal(await client.callTool({ name: 'invoices', arguments: { action: 'list' } }), { content: [{ type: 'text', text: 'no invoices' }] });
    await saysOnStderr(stderr, /heal: the tools "invoices", "ping", "search" changed since mcpfusion.lock with BREAKING or RISKY deltas/);
  } finally {
    await client.close();
  }
});

test('heal: a contract that changes during the session is learnt from the session\'s own tools/list answer', async () => {
  const { client, stderr, version } = await connectChanging({});
  try {
    await client.listTools();
    await saysOnStderr(stderr, /heal: the server's tools have no BREAKING or RISKY change since mcpfusion.lock/);
    // The server changes its contract while serving; the client lists again and calls the old way.
    writeFileSync(version, '2');
    const { tools } = await client.listTools();
    assert.ok(tools.find((t) => t.name === 'invoices'));
    const e = await failure(client.callTool({ name: 'invoices', arguments: { action: 'create', amount: 10 } }));
    assert.match(e.message, /<contract_awareness tool="invoices" action="create">/);
    assert.match(e.message, /now requires &quot;dueDate&quot;/);
  } finally {
    await client.close();
  }
});

test('heal: after the server says its tools changed (notifications/tools/list_changed), a failed call gets the block of the new contract though the client did not list again', async () => {
  const { client, stderr, version } = await connectChanging({ FIXTURE_LIST_CHANGED: '1' });
  let changed = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => { changed++; });
  try {
    await client.listTools();
    await saysOnStderr(stderr, /heal: the server's tools have no BREAKING or RISKY change since mcpfusion.lock/);
    // The server changes its contract while nothing waits, and says so; the client does not list again.
    writeFileSync(version, '2');
    const deadline = Date.now() + 10_000;
    while (changed === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.is(changed, 1);
    const e = await failure(client.callTool({ name: 'invoices', arguments: { action: 'create', amount: 10 } }));
    assert.match(e.message, /<contract_awareness tool="invoices" action="create">/);
    assert.match(e.message, /now requires &quot;dueDate&quot;/);
    await saysOnStderr(stderr, /heal: the server said its tools changed/);
  } finally {
    await client.close();
  }
});

test('heal: in front of a real SDK server (server-memory), its isError validation answer gets the block of the changed tool', async () => {
  const dir = await memoryLockedBeforeObservations('mcpfusion-heal-');

  const transport = new StdioClientTransport({
    command: NODE,
    args: [BUNDLE, 'heal', '--', NODE, MEMORY],
    env: memoryEnv(dir),
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'heal-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    const r = await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'a', entityType: 'b' }] } }) as { isError?: boolean; content: { type: string; text: string }[] };
    assert.is(r.isError, true);
    assert.is(r.content.length, 2, JSON.stringify(r));
    assert.match(r.content[0]!.text, /validation/i);
    assert.match(r.content[1]!.text, /^<contract_awareness tool="create_entities">\n/);
    assert.match(r.content[1]!.text, /observations/);
    // The same call the new way, and an unchanged tool, pass as the server answers them.
    const ok = await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'a', entityType: 'b', observations: [] }] } }) as { isError?: boolean };
    assert.not.ok(ok.isError);
    const graph = await client.callTool({ name: 'read_graph', arguments: {} }) as { content: { text: string }[] };
    assert.is(graph.content.length, 1);
    assert.match(graph.content[0]!.text, /"name": ?"a"/);
    // The client listed the tools: heal asked only for the resources (the manifest), and says so.
    await saysOnStderr(() => stderr, /heal: the call of the tool "create_entities" failed before heal knew whether the server has an MCP Fusion manifest \(the session listed its tools\): asking the server \(resources\/list\)/);
    assert.not.match(stderr, /before the session showed the server's current tools/);
  } finally {
    await client.close();
  }
});

test('heal: in front of server-everything, sampling and elicitation requests and progress notifications pass both ways while calls wait; a changed tool\'s failure gets the block', async () => {
  // The approved version: the server's own list, with get-sum's "b" not yet required.
  const dir = tempDir('mcpfusion-heal-');
  const direct = new Client({ name: 'heal-test', version: '1.0.0' });
  await direct.connect(new StdioClientTransport({ command: NODE, args: [EVERYTHING, 'stdio'], env: { PATH: process.env['PATH']! }, stderr: 'pipe' }));
  const { tools } = await direct.listTools();
  await direct.close();
  const old = structuredClone(tools) as unknown as { name: string; inputSchema: { required?: string[] } }[];
  const sum = old.find((t) => t.name === 'get-sum')!;
  assert.equal(sum.inputSchema.required, ['a', 'b']);
  sum.inputSchema.required = ['a'];
  writeFileSync(join(dir, 'old-tools.json'), JSON.stringify({ tools: old }));
  const locked = runCli(['lock', '--tools-list', 'old-tools.json'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);

  const client = new Client({ name: 'heal-test', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {} } });
  const sampled: string[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    sampled.push(JSON.stringify(request.params.messages));
    return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'sampled é' } };
  });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
  await client.connect(new StdioClientTransport({ command: NODE, args: [BUNDLE, 'heal', '--', NODE, EVERYTHING, 'stdio'], env: { PATH: process.env['PATH']! }, cwd: dir, stderr: 'pipe' }));
  try {
    const progress: number[] = [];
    const [long, sampling, elicited, failed] = await Promise.all([
      client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 4 } }, undefined, { onprogress: (p) => progress.push(p.progress) }),
      client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 5 } }),
      client.callTool({ name: 'trigger-elicitation-request', arguments: {} }),
      client.callTool({ name: 'get-sum', arguments: { a: 1 } }),
    ]) as { isError?: boolean; content: { type: string; text: string }[] }[];
    // The server sends its last step with the result (the client then no longer listens), directly too.
    assert.equal(progress.slice(0, 3), [1, 2, 3]);
    assert.match(long!.content[0]!.text, /completed/i);
    assert.is(sampled.length, 1);
    assert.match(JSON.stringify(sampling!.content), /sampled é/);
    assert.match(JSON.stringify(elicited!.content), /decline/i);
    assert.is(failed!.isError, true);
    assert.is(failed!.content.length, 2, JSON.stringify(failed));
    assert.match(failed!.content[1]!.text, /^<contract_awareness tool="get-sum">\n/);
    assert.match(failed!.content[1]!.text, /now requires &quot;b&quot;/);
    // The other tools' answers are as the server gave them: one item each, no block.
    for (const r of [long!, sampling!, elicited!]) assert.not.match(JSON.stringify(r), /contract_awareness/);
    assert.equal(await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } }), { content: [{ type: 'text', text: 'The sum of 1 and 2 is 3.' }] });
  } finally {
    await client.close();
  }
});

test('heal: --lockfile git:<ref> reads the approved lockfile at a revision (the working copy may hold a newer one)', async () => {
  const dir = lockedV1();
  const git = (...args: string[]): void => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: dir, encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
  };
  git('init', '-q');
  git('add', 'mcpfusion.lock');
  git('commit', '-q', '-m', 'approved');
  const relocked = runCli(['lock', '--force', '--server', `"${NODE}" "${FIXTURE}"`], { cwd: dir, env: { FIXTURE_CONTRACT_VERSION: '2' } });
  assert.is(relocked.code, 0, relocked.stderr);
  const { client, stderr } = await connect(dir, ['--lockfile', 'git:HEAD']);
  try {
    const e = await failure(client.callTool({ name: 'invoices', arguments: { action: 'create', amount: 10 } }));
    assert.match(e.message, /<contract_awareness tool="invoices" action="create">/);
    await saysOnStderr(stderr, /changed since git:HEAD with BREAKING/);
  } finally {
    await client.close();
  }
});

test('heal: lines are passed byte for byte, the failing answer is rewritten with its line ending', async () => {
  const dir = lockedV1();
  const child = spawn(NODE, [BUNDLE, 'heal', '--quiet', '--', NODE, FIXTURE], { cwd: dir, env: { PATH: process.env['PATH'], FIXTURE_CONTRACT_VERSION: '2' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'é' } } },
    { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'invoices', arguments: { action: 'create', amount: 1 } } },
  ];
  for (const l of lines) child.stdin.write(`${JSON.stringify(l)}\n`);
  const deadline = Date.now() + 60_000;
  while (!out.includes('"id":"b"') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.stdin.end();
  assert.is(await exited, 0);
  const got = out.split('\n');
  assert.is(got[1], JSON.stringify({ jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'é' }] } }));
  const b = JSON.parse(got[2]!);
  assert.match(b.error.message, /^Invalid params: missing dueDate\n<contract_awareness tool="invoices" action="create">/);
  assert.is(got[3], '');
});

test('heal: exit 2 for a missing lockfile or no server command, exit 3 when the server does not start', () => {
  const dir = tempDir('mcpfusion-heal-');
  const none = runCli(['heal', '--', NODE, FIXTURE], { cwd: dir });
  assert.is(none.code, 2);
  assert.match(none.stderr, /No lockfile at "mcpfusion.lock": lock the version the agent was calibrated on first/);
  const noServer = runCli(['heal', '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(noServer.code, 2);
  assert.match(noServer.stderr, /Give the server command after "--": mcpfusion heal --lockfile FILE -- node server.js/);
  const badMax = runCli(['heal', '--max-deltas', '0', '--', NODE, FIXTURE], { cwd: dir });
  assert.is(badMax.code, 2);
  assert.match(badMax.stderr, /--max-deltas must be a positive integer/);
  const locked = lockedV1();
  const viaServer = runCli(['heal', '--server', `"${NODE}" "${FIXTURE}"`], { cwd: locked });
  assert.is(viaServer.code, 2);
  assert.match(viaServer.stderr, /heal takes the server command after "--", not --server/);
  writeFileSync(join(locked, 'tools.json'), '{"tools":[]}');
  const notLock = runCli(['heal', '--lockfile', 'tools.json', '--', NODE, FIXTURE], { cwd: locked });
  assert.is(notLock.code, 2);
  assert.match(notLock.stderr, /--lockfile "tools.json" is a contracts file, not a lockfile/);
  // A truncated approved lockfile: exit 2 before the server starts, saying how to get it back.
  writeFileSync(join(locked, 'cut.lock'), readFileSync(join(locked, 'mcpfusion.lock'), 'utf8').slice(0, 200));
  const cut = runCli(['heal', '--lockfile', 'cut.lock', '--', NODE, FIXTURE], { cwd: locked });
  assert.is(cut.code, 2, cut.stderr);
  assert.match(cut.stderr, /^error: Invalid JSON in "cut\.lock" at line \d+, column \d+: .*; restore "cut\.lock" from version control, or write it again\n$/);
  const missing = runCli(['heal', '--', join(locked, 'no-such-server')], { cwd: locked });
  assert.is(missing.code, 3, missing.stderr);
  // heal makes no handshake of its own: a start or handshake timeout would bound nothing.
  for (const flag of ['--start-timeout', '--handshake-timeout']) {
    const unread = runCli(['heal', flag, '5000', '--', NODE, FIXTURE], { cwd: locked });
    assert.is(unread.code, 2, unread.stderr);
    assert.match(unread.stderr, new RegExp(`Unknown option \`${flag}\``));
  }
});

test.run();
