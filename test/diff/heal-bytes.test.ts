/**
 * `heal` at the byte level, with a raw fixture server (test/fixtures/servers/scripted-bytes.mjs)
 * that writes exactly the bytes a call asks for: every line that gets no block reaches the client
 * as the server wrote it, in order, and the client's lines reach the server as sent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/scripted-bytes.mjs');
const MiB = 1024 * 1024;
const enc = (s: string): Buffer => Buffer.from(s, 'utf8');
const INIT = enc(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);

interface Step { b64?: string; pad?: number; waitFor?: string; exit?: number; stderr?: string; delayMs?: number }
const bytes = (b: Buffer, more: Omit<Step, 'b64'> = {}): Step => ({ b64: b.toString('base64'), ...more });
const call = (id: number | string, out: Step[], extra: Record<string, unknown> = {}, name = 'say'): Buffer =>
  enc(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { ...extra, out } } })}\n`);

/** A directory whose mcpfusion.lock records "say" before it required "mode". */
function locked(name = 'say'): string {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build (npm test builds it)`);
  const dir = tempDir('mcpfusion-heal-bytes-');
  writeFileSync(join(dir, 'old.json'), JSON.stringify({ tools: [{ name, description: 'Write bytes', inputSchema: { type: 'object', properties: { out: { type: 'array' } }, required: ['out'] } }] }));
  const r = runCli(['lock', '--tools-list', 'old.json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  return dir;
}

/** `heal` in front of the fixture, with raw pipes. */
function heal(dir: string, env: Record<string, string> = {}) {
  const child = spawn(NODE, [BUNDLE, 'heal', '--', NODE, FIXTURE], { cwd: dir, env: { PATH: process.env['PATH'], FIXTURE_SEEN: join(dir, 'seen'), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let size = 0;
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { out.push(d); size += d.length; });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const exited = new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  return { child, out: () => Buffer.concat(out), size: () => size, stderr: () => stderr, exited };
}

async function until(done: () => boolean, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return done();
}

/**
 * The handshake's end and a whole tools/list, as clients begin a session: heal then knows the
 * server's tools from the session and never holds an answer back.
 *
 * @returns The bytes of the list's answer.
 */
async function initAndList(h: ReturnType<typeof heal>): Promise<Buffer> {
  h.child.stdin.write(INIT);
  h.child.stdin.write(enc('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":"l","method":"tools/list"}\n'));
  assert.ok(await until(() => h.out().includes(enc('"id":"l"'))), h.stderr());
  const out = h.out();
  const start = out.indexOf(10) + 1;
  return out.subarray(start, out.indexOf(10, start) + 1);
}

test('heal: passed lines arrive byte for byte and in order (invalid UTF-8, NUL, CRLF, split writes, server requests, a second answer, a batch, a 2 MiB client line, a last line without newline)', async () => {
  const dir = locked();
  // The block `diff --format awareness` gives for "say" between the lockfile and the server now.
  const diff = runCli(['diff', '--against', 'mcpfusion.lock', '--server', `"${NODE}" "${FIXTURE}"`, '--format', 'awareness', '--tool', 'say'], { cwd: dir });
  const block = diff.stdout.trimEnd();
  assert.match(block, /^<contract_awareness tool="say">/);

  const garbage = Buffer.concat([enc('not json \0 '), Buffer.from([0xff, 0xfe, 0xc3]), enc('\n')]);
  const progress = enc('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":0.5}}\r\n');
  const sampling = enc('{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{}}\n');
  const otherId = enc('{"jsonrpc":"2.0","id":"1","error":{"code":-32602,"message":"another call"}}\n');
  const failed = '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m\\u00e9"}}\r\n';
  const again = enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"twice"}}\n');
  const batchNote = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
  const batch = enc(`[{"jsonrpc":"2.0","id":"b","result":{"content":[{"type":"text","text":"no"}],"isError":true}},${JSON.stringify(batchNote)}]\n`);
  const big = call(3, [bytes(enc('{"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n'))], { pad: 'z'.repeat(2 * MiB) });
  const last = enc('{"jsonrpc":"2.0","id":4,"result":');

  const h = heal(dir);
  const listAnswer = await initAndList(h);
  h.child.stdin.write(call(1, [bytes(garbage), bytes(progress), bytes(sampling), bytes(otherId), bytes(enc(failed.slice(0, 30))), bytes(enc(failed.slice(30))), bytes(again)]));
  h.child.stdin.write(call('b', [bytes(batch)]));
  h.child.stdin.write(big);
  h.child.stdin.write(call(4, [bytes(last), { exit: 0 }]));
  assert.is(await h.exited, 0, h.stderr());

  const out = h.out();
  const initAnswer = out.subarray(0, out.indexOf(10) + 1);
  assert.match(initAnswer.toString('utf8'), /^\{"jsonrpc":"2.0","id":0,"result":/);
  // The answer under "1" is the one a client pairing by Number(id) takes, the first under 1 the
  // one a client pairing ids exactly (Go's, Rust's SDK) takes: both get the block; the second
  // answer under 1 is one every client drops, passed as it came.
  const rewritten = enc(`${JSON.stringify({ jsonrpc: '2.0', id: '1', error: { code: -32602, message: `another call\n${block}` } })}\n`);
  const exactly = enc(`${JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `m\u00e9\n${block}` } })}\r\n`);
  const batchOut = enc(`${JSON.stringify([{ jsonrpc: '2.0', id: 'b', result: { content: [{ type: 'text', text: 'no' }, { type: 'text', text: block }], isError: true } }, batchNote])}\n`);
  const expected = Buffer.concat([initAnswer, listAnswer, garbage, progress, sampling, rewritten, exactly, again, batchOut, enc('{"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n'), last]);
  assert.is(out.toString('latin1'), expected.toString('latin1'));
  // The server got the client's lines as sent, the 2 MiB one included.
  const seen = readFileSync(join(dir, 'seen'));
  assert.ok(seen.includes(big), 'the 2 MiB call did not reach the server intact');
  assert.match(h.stderr(), /added <contract_awareness> to the failed call of the tool "say" \(error message\)/);
  assert.match(h.stderr(), /added <contract_awareness> to the failed call of the tool "say" \(isError result\)/);
});

test('heal: a server line longer than 16 MiB streams to the client as it comes instead of being held whole while a call waits', async () => {
  const dir = locked();
  const gate = join(dir, 'gate');
  const head = enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"PAD');
  const tail = enc('"}}\n');
  const h = heal(dir);
  let before = 0;
  try {
    h.child.stdin.write(INIT);
    assert.ok(await until(() => h.size() > 0));
    before = h.size();
    // 17 MiB of one answer line, then nothing until the test opens the gate.
    h.child.stdin.write(call(1, [bytes(head, { pad: 17 * MiB }), { waitFor: gate }, bytes(tail)]));
    const streamed = await until(() => h.size() - before >= 16 * MiB, 10_000);
    writeFileSync(gate, '');
    assert.ok(streamed, `only ${h.size() - before} bytes of the long line reached the client before its newline`);
    assert.ok(await until(() => h.out().subarray(-4).equals(tail)));
  } finally {
    h.child.stdin.end();
  }
  assert.is(await h.exited, 0);
  // Passed unread: the same bytes, without a block, and a note on stderr.
  const line = h.out().subarray(before);
  assert.is(line.length, head.length - 3 + 17 * MiB + tail.length);
  assert.not.ok(line.includes(enc('contract_awareness')));
  assert.match(h.stderr(), /a server line longer than 16 MiB was passed on unread/);
});

test('heal: the client closing its input mid-call still gets the answer (with its block); a server exiting mid-line hands over what it wrote, and heal exits 3', async () => {
  const dir = locked();
  const gate = join(dir, 'gate');
  const h = heal(dir);
  // Listed first: heal knows the tools, so the server's input is closed as soon as the client's is.
  await initAndList(h);
  h.child.stdin.write(call(1, [{ waitFor: gate }, bytes(enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"late"}}\n'))]));
  assert.ok(await until(() => h.size() > 0 && existsSync(join(dir, 'seen')) && readFileSync(join(dir, 'seen'), 'utf8').includes('"id":1,')));
  h.child.stdin.end();
  writeFileSync(gate, '');
  assert.is(await h.exited, 0);
  const answer = JSON.parse(h.out().toString('utf8').trimEnd().split('\n').at(-1)!) as { error: { message: string } };
  assert.match(answer.error.message, /^late\n<contract_awareness tool="say">/);

  const dir2 = locked();
  const h2 = heal(dir2);
  h2.child.stdin.write(INIT);
  h2.child.stdin.write(call(1, [bytes(enc('{"jsonrpc":"2.0","id":1,"res')), { exit: 7 }]));
  assert.is(await h2.exited, 3);
  assert.ok(h2.out().toString('utf8').endsWith('\n{"jsonrpc":"2.0","id":1,"res'));
  assert.match(h2.stderr(), /exited on its own \(exit code 7\)/);
});

test('heal: a client that closed its input ended the session, also while the server\'s input stays open for a call in progress: a server exiting non-zero then is exit 0', async () => {
  const dir = locked();
  const h = heal(dir);
  // A pipe: the call waits and the tools are not known, so the server's input stays open for it.
  // The server exits (5) before answering it.
  h.child.stdin.end(Buffer.concat([INIT, enc('{"jsonrpc":"2.0","method":"notifications/initialized"}\n'), call(1, [{ delayMs: 200 }, { exit: 5 }])]));
  assert.is(await h.exited, 0, h.stderr());
  assert.not.match(h.stderr(), /exited on its own/);
});

test('heal: a tools/list answer nested too deeply to read passes as it came; heal notes it, keeps the contracts it has, and serves on', async () => {
  const dir = locked();
  const h = heal(dir);
  await initAndList(h);
  const n = 20_000;
  const deep = enc(`{"jsonrpc":"2.0","id":9,"result":{"tools":[{"name":"say","inputSchema":{"type":"object","properties":{"x":${'{"items":'.repeat(n)}{}${'}'.repeat(n)}}}}]}}\n`);
  // The fixture leaves this list to the call below, which answers it with the deep list.
  h.child.stdin.write(enc(`${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { cursor: 'scripted' } })}\n`));
  h.child.stdin.write(call(1, [bytes(deep)]));
  h.child.stdin.write(call(2, [bytes(enc('{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"after"}}\n'))]));
  assert.ok(await until(() => h.out().includes(enc('"id":2,'))), h.stderr());
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  assert.ok(h.out().includes(deep));
  assert.match(h.stderr(), /the server's tools\/list answer cannot be read as contracts \(it is nested too deeply\)/);
  // The contracts of the session's first list still give the block.
  assert.match(h.out().toString('utf8'), /"message":"after\\n<contract_awareness tool=\\"say\\">/);
});

test('heal: hidden characters in a server-provided tool name are shown as markers in the block and escaped on stderr', async () => {
  const name = 'say\u202e\u200bx';
  const dir = locked(name);
  const h = heal(dir, { FIXTURE_TOOL_NAME: name });
  h.child.stdin.write(INIT);
  h.child.stdin.write(call(1, [bytes(enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}}\n'))], {}, name));
  assert.ok(await until(() => h.out().includes(enc('"id":1,'))), h.stderr());
  h.child.stdin.end();
  assert.is(await h.exited, 0, h.stderr());
  const answer = JSON.parse(h.out().toString('utf8').trimEnd().split('\n').at(-1)!) as { error: { message: string } };
  assert.match(answer.error.message, /^m\n<contract_awareness tool="say&lt;U\+202E&gt;&lt;U\+200B&gt;x">/);
  assert.not.match(answer.error.message, /[\u202e\u200b]/);
  assert.match(h.stderr(), /the tool "say\\u202e\\u200bx" \(error message\)/);
  assert.not.match(h.stderr(), /[\u202e\u200b]/);
});

test('heal: its notes on stderr never land inside a line the server is writing there', async () => {
  const dir = locked();
  const h = heal(dir);
  await initAndList(h);
  h.child.stdin.write(call(1, [
    { stderr: enc('server says: half').toString('base64') },
    bytes(enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}}\n'), { delayMs: 200 }),
    { stderr: enc(' and the rest\n').toString('base64'), delayMs: 300 },
  ]));
  assert.ok(await until(() => h.stderr().includes('the rest')), h.stderr());
  h.child.stdin.end();
  assert.is(await h.exited, 0);
  assert.match(h.stderr(), /\nserver says: half and the rest\nheal: added <contract_awareness> to the failed call of the tool "say" \(error message\)\n/, JSON.stringify(h.stderr()));
});

test.run();
