import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { callAction, healIdPrefix } from '../../src/commands/heal.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';
import { createAwarenessWatch, hasInexactInteger } from '../../src/guard/tools-call-awareness.ts';
import { createOwnRequests, OwnRequestError } from '../../src/guard/own-requests.ts';
import { createStderrLines } from '../../src/guard/stderr-lines.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
const BLOCK = '<contract_awareness tool="t">\n</contract_awareness>';

/** A watch that gives BLOCK for the tool "t" and records what it was told. */
function watch() {
  const listed: [unknown[], boolean][] = [];
  const injected: string[] = [];
  const skipped: string[] = [];
  const asked: unknown[] = [];
  const w = createAwarenessWatch({
    blockFor: (tool, args) => { asked.push([tool, args]); return tool === 't' ? BLOCK : ''; },
    onToolsListed: (tools, complete) => listed.push([tools, complete]),
    onInjected: (tool, where) => injected.push(`${tool}:${where}`),
    onSkipped: (tool, why) => skipped.push(`${tool}:${why}`),
  });
  const call = (id: unknown, name: string, args: unknown = {}): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }) + '\n'));
  return { w, call, listed, injected, skipped, asked };
}

test('heal watch: a -32602 error of a changed tool gets the block in its message (line ending kept, data untouched)', () => {
  const { w, call, injected } = watch();
  call(1, 't', { a: 1 });
  assert.ok(w.waiting);
  const out = dec(w.serverLine(enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad","data":{"x":[1]}}}\r\n')));
  assert.ok(out.endsWith('}\r\n'));
  assert.equal(JSON.parse(out), { jsonrpc: '2.0', id: 1, error: { code: -32602, message: `bad\n${BLOCK}`, data: { x: [1] } } });
  assert.equal(injected, ['t:error message']);
  assert.not.ok(w.waiting);
});

test('heal watch: an isError result gets one more text item; other codes, successes and unchanged tools pass as the same bytes', () => {
  const { w, call, asked } = watch();
  call('a', 't');
  const out = JSON.parse(dec(w.serverLine(enc('{"jsonrpc":"2.0","id":"a","result":{"content":[{"type":"text","text":"no"}],"isError":true}}\n'))));
  assert.equal(out.result.content, [{ type: 'text', text: 'no' }, { type: 'text', text: BLOCK }]);
  for (const [name, answer] of [
    ['t', '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"internal"}}\n'],
    ['t', '{"jsonrpc":"2.0","id":2,"result":{"content":[],"isError":false}}\n'],
    ['t', '{"jsonrpc":"2.0","id":2,"result":{"content":"not a list","isError":true}}\n'],
    ['u', '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"bad"}}\n'],
  ] as const) {
    call(2, name);
    const line = enc(answer);
    assert.is(w.serverLine(line), line, answer);
  }
  // An answer to no call passes unread; one to the call 4 under another id (4.5) is not its answer.
  call(4, 't');
  const other = enc('{"jsonrpc":"2.0","id":4.5,"error":{"code":-32602,"message":"bad"}}\n');
  assert.is(w.serverLine(other), other);
  assert.equal(asked.map((a) => (a as unknown[])[0]), ['t', 'u']);
  w.clientLine(enc('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}\n'));
  // A cancelled call is no longer waited for.
  call(5, 'v');
  w.clientLine(enc('{"jsonrpc":"2.0","id":"3","method":"x"}\n'));
  assert.ok(w.waiting);
  w.clientLine(enc('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}\n'));
  w.clientLine(enc('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}\n'));
  assert.not.ok(w.waiting);
});

test('heal watch: an answer is paired with its request as a client pairs it (Number(id)): "3" for the call 3 gets the block, and of a tools/list answered twice ("2", then 2) the list the client takes is the one handed over', () => {
  const { w, call, listed, injected, asked } = watch();
  for (const [id, answerId] of [[3, '"3"'], [6, '" 6 "'], [7, '"7e0"'], ['8', '8'], [9, '"\u0669"']] as const) {
    call(id, 't');
    const out = JSON.parse(dec(w.serverLine(enc(`{"jsonrpc":"2.0","id":${answerId},"error":{"code":-32602,"message":"bad"}}\n`))));
    assert.is(out.error.message, `bad\n${BLOCK}`, String(answerId));
  }
  assert.is(injected.length, 5);
  // Answered only loosely: a client pairing ids exactly still waits for them, so lines are read.
  assert.ok(w.waiting);
  // The client takes the first answer paired with its request; a later exact one it drops as unknown.
  w.clientLine(enc('{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'));
  const first = enc('{"jsonrpc":"2.0","id":"2","result":{"tools":[{"name":"seen","inputSchema":{"type":"object"}}]}}\n');
  const second = enc('{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"hidden","inputSchema":{"type":"object"}}]}}\n');
  assert.is(w.serverLine(first), first);
  assert.is(w.serverLine(second), second);
  assert.equal(listed.map(([tools, complete]) => [(tools as { name: string }[]).map((t) => t.name), complete]), [[['seen'], true]]);
  // A failed call answered twice, loosely then exactly (11 / "11", and "13" / 13): a client that
  // pairs by Number(id) takes the first, one that pairs ids exactly (Go's, Rust's SDK) the second;
  // the block goes with both. Answered exactly first (14), the later loose answer is no client's.
  for (const [id, first, second] of [[11, '"11"', '11'], ['13', '13', '"13"']] as const) {
    call(id, 't');
    const taken = JSON.parse(dec(w.serverLine(enc(`{"jsonrpc":"2.0","id":${first},"error":{"code":-32602,"message":"bad"}}\n`))));
    assert.is(taken.error.message, `bad\n${BLOCK}`, first);
    const exactly = JSON.parse(dec(w.serverLine(enc(`{"jsonrpc":"2.0","id":${second},"result":{"content":[{"type":"text","text":"no"}],"isError":true}}\n`))));
    assert.equal(exactly.result.content, [{ type: 'text', text: 'no' }, { type: 'text', text: BLOCK }], second);
    const third = enc(`{"jsonrpc":"2.0","id":${second},"error":{"code":-32602,"message":"bad"}}\n`);
    assert.is(w.serverLine(third), third);
  }
  call(14, 't');
  assert.is(JSON.parse(dec(w.serverLine(enc('{"jsonrpc":"2.0","id":14,"error":{"code":-32602,"message":"bad"}}\n')))).error.message, `bad\n${BLOCK}`);
  const dropped = enc('{"jsonrpc":"2.0","id":"14","error":{"code":-32602,"message":"bad"}}\n');
  assert.is(w.serverLine(dropped), dropped);
  // A call answered loosely and then cancelled, or whose id a new call takes, is its own no more.
  call(15, 't');
  w.serverLine(enc('{"jsonrpc":"2.0","id":"15","error":{"code":-32602,"message":"bad"}}\n'));
  call(15, 'u');
  const reused = enc('{"jsonrpc":"2.0","id":15,"error":{"code":-32602,"message":"bad"}}\n');
  assert.is(w.serverLine(reused), reused);
  // A client whose ids are 12 and "12" (exact readers tell them apart): each answer goes to its own call.
  call(12, 'u');
  call('12', 't');
  const exact = JSON.parse(dec(w.serverLine(enc('{"jsonrpc":"2.0","id":"12","error":{"code":-32602,"message":"bad"}}\n'))));
  assert.is(exact.error.message, `bad\n${BLOCK}`);
  const other = enc('{"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"bad"}}\n');
  assert.is(w.serverLine(other), other);
  assert.equal(asked.slice(-2).map((a) => (a as unknown[])[0]), ['t', 'u']);
});

test('heal watch: in a batch only the failed call is changed; a failed answer that is not strict JSON passes unchanged', () => {
  const { w, call, skipped } = watch();
  // The calls come in a client batch too (with a notification in it).
  w.clientLine(enc(JSON.stringify([1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 't', arguments: {} } })).concat([{ jsonrpc: '2.0', method: 'notifications/x' } as never])) + '\n'));
  const batch = JSON.parse(dec(w.serverLine(enc('[{"jsonrpc":"2.0","id":2,"result":{"content":[]}},{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}}]\n'))));
  assert.equal(batch, [{ jsonrpc: '2.0', id: 2, result: { content: [] } }, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: `m\n${BLOCK}` } }]);
  call(3, 't');
  const dup = enc('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"m","message":"n"}}\n');
  assert.is(w.serverLine(dup), dup);
  assert.match(skipped[0]!, /^t:the server's answer is not strict JSON \(at column \d+: duplicate key/);
  // An integer a double cannot keep would change for an exact reader: the line is left as it came.
  call(4, 't');
  const big = enc('{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"m","data":{"n":12345678901234567890,"s":"\\"1e999999999999999999"}}}\n');
  assert.is(w.serverLine(big), big);
  assert.match(skipped[1]!, /integer past 2\^53/);
  assert.ok(hasInexactInteger('[-9007199254740993]'));
  assert.not.ok(hasInexactInteger('{"a":"12345678901234567890","b":9007199254740991,"c":1e30,"d":"\\"99999999999999999999"}'));
});

test('heal watch: a failed answer that is not valid UTF-8 passes as the same bytes (writing it again would replace the bad bytes)', () => {
  const { w, call, skipped, injected } = watch();
  call(1, 't');
  const bad = Uint8Array.from([...enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad '), 0xff, 0xfe, ...enc('"}}\n')]);
  assert.is(w.serverLine(bad), bad);
  assert.equal(injected, []);
  assert.match(skipped[0]!, /^t:the server's answer is not valid UTF-8/);
  // Valid multi-byte text is written again as it was.
  call(2, 't');
  const out = dec(w.serverLine(enc('{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"é 😀"}}\n')));
  assert.is(JSON.parse(out).error.message, `é 😀\n${BLOCK}`);
});

test('heal watch: a failed answer with a number JavaScript would write as another type (1.0 → 1) passes as the same bytes', () => {
  const { w, call, skipped, injected } = watch();
  for (const [id, n] of [[1, '1.0'], [2, '-0.0'], [3, '2.5e1']] as const) {
    call(id, 't');
    const line = enc(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"m","data":{"ratio":${n}}}}\n`);
    assert.is(w.serverLine(line), line, n);
  }
  assert.equal(injected, []);
  assert.match(skipped[0]!, /^t:the server's answer holds the number 1\.0, which writing the line again would turn into the integer 1/);
  assert.match(skipped[2]!, /the number 2\.5e1, .* integer 25$/);
  // Numbers that stay numbers of the same kind are fine (0.10 is the float 0.1 to every reader).
  call(4, 't');
  const out = JSON.parse(dec(w.serverLine(enc('{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"m","data":{"a":0.10,"b":1e300,"c":-0,"d":"1.0"}}}\n'))));
  assert.equal(out.error.data, { a: 0.1, b: 1e300, c: -0, d: '1.0' });
  assert.equal(injected, ['t:error message']);
});

test('heal watch: tools/list answers are handed over, complete for a first page without nextCursor or the last page of a list followed from its first', () => {
  const { w, listed } = watch();
  const list = (id: number, params?: unknown): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', ...(params ? { params } : {}) }) + '\n'));
  list(1);
  list(2);
  list(3, { cursor: 'c' });
  const one = enc('{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}\n');
  assert.is(w.serverLine(one), one);
  w.serverLine(enc('{"jsonrpc":"2.0","id":2,"result":{"tools":[],"nextCursor":"c"}}\n'));
  w.serverLine(enc('{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"b"}]}}\n'));
  // The last page of a list followed from its first page: all its pages, as the whole list.
  assert.equal(listed, [[[{ name: 'a' }], true], [[], false], [[{ name: 'b' }], true]]);
  assert.not.ok(w.waiting);
});

test('heal watch: a paged tools/list is handed over whole once its last page is in; a page of another chain or a cancelled list is not', () => {
  const { w, listed } = watch();
  const list = (id: number, cursor?: string): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }) + '\n'));
  const answer = (id: number, tools: string[], next?: string): void => {
    w.serverLine(enc(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: tools.map((name) => ({ name })), ...(next ? { nextCursor: next } : {}) } }) + '\n'));
  };
  list(1);
  answer(1, ['a', 'b'], 'p2');
  list(2, 'p2');
  answer(2, ['c'], 'p3');
  list(3, 'p3');
  answer(3, ['d']);
  assert.equal(listed.map(([t, c]) => [(t as { name: string }[]).map((x) => x.name), c]), [[['a', 'b'], false], [['c'], false], [['a', 'b', 'c', 'd'], true]]);
  // A cursor the chain did not hand out: a page only.
  list(4, 'elsewhere');
  answer(4, ['e']);
  assert.equal(listed.at(-1), [[{ name: 'e' }], false]);
  // A cancelled list is no longer waited for.
  list(5);
  assert.ok(w.waiting);
  w.clientLine(enc('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}\n'));
  assert.not.ok(w.waiting);
});

test('heal watch: an id that is neither a string nor a number (one nested too deeply to write included) is followed and matched never, and throws nothing', () => {
  const { w, call, injected } = watch();
  const deepId = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  w.clientLine(enc(`{"jsonrpc":"2.0","id":${deepId},"method":"tools/call","params":{"name":"t"}}\n`));
  w.clientLine(enc('{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":{"name":"t"}}\n'));
  assert.not.ok(w.waiting);
  call(1, 't');
  const line = enc(`{"jsonrpc":"2.0","id":${deepId},"error":{"code":-32602,"message":"m"}}\n`);
  assert.is(w.serverLine(line), line);
  w.clientLine(enc(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${deepId}}}\n`));
  assert.ok(w.waiting);
  assert.equal(injected, []);
});

test('heal stderr: a note waits for the server\'s line to end, within a chunk or until the session ends', () => {
  let out = '';
  const lines = createStderrLines((b) => (out += dec(b)), (s) => (out += s));
  lines.note('n1\n');
  lines.stream.write(enc('a\nhalf'));
  lines.note('n2\n');
  lines.stream.write(enc(' line\nb'));
  assert.is(out, 'n1\na\nhalf line\nn2\nb');
  lines.note('n3\n');
  lines.end();
  assert.is(out, 'n1\na\nhalf line\nn2\nb\nn3\n');
});

test('callAction: the action argument when it names an action of the tool on either side, else none', () => {
  const before = materializeToolsList({ tools: [{ name: 'inv', inputSchema: { type: 'object', properties: { action: { enum: ['create', 'list'] } } } }, { name: 'one', inputSchema: { type: 'object' } }] }).tools;
  const after = materializeToolsList({ tools: [{ name: 'inv', inputSchema: { type: 'object', properties: { action: { enum: ['create', 'void'] } } } }] }).tools;
  assert.is(callAction([before, after], 'inv', { action: 'list' }), 'list');
  assert.is(callAction([before, after], 'inv', { action: 'void' }), 'void');
  assert.is(callAction([before, after], 'inv', { action: 'nope' }), undefined);
  assert.is(callAction([before, after], 'inv', { action: 3 }), undefined);
  assert.is(callAction([before, after], 'inv', ['create']), undefined);
  assert.is(callAction([before, after], 'one', { action: 'default' }), 'default');
  assert.is(callAction([before, after], 'missing', { action: 'create' }), undefined);
  assert.is(callAction([before, after], 'inv', Object.create({ action: 'create' })), undefined);
});

test('heal watch: its own requests wait for notifications/initialized, their answers never pass, a late one is dropped and the request cancelled', async () => {
  const own = createOwnRequests('mcpfusion-heal-');
  const w = createAwarenessWatch({ blockFor: () => '', own });
  const toServer: string[] = [];
  w.attach!({ toServer: (l) => toServer.push(dec(l)), toClient: () => undefined });
  const listed = own.request('tools/list', undefined, 5000);
  assert.equal(toServer, []);
  w.clientLine(enc('{"jsonrpc":"2.0","method":"notifications/initialized"}\n'));
  assert.equal(toServer, ['{"jsonrpc":"2.0","id":"mcpfusion-heal-1","method":"tools/list"}\n']);
  assert.ok(w.waiting);
  // A client's answer with a look-alike id that heal never used passes.
  const foreign = enc('{"jsonrpc":"2.0","id":"mcpfusion-heal-9","result":{}}\n');
  assert.is(w.serverLine(foreign), foreign);
  assert.is(w.serverLine(enc('{"jsonrpc":"2.0","id":"mcpfusion-heal-1","result":{"tools":[]}}\n')).length, 0);
  assert.equal(await listed, { tools: [] });
  assert.not.ok(w.waiting);
  // Past its deadline: cancelled, failed, and its late answer still taken out.
  const late = own.request('tools/list', undefined, 20);
  // Its timer does not keep a process alive (the proxy's session does): this test does.
  const alive = setTimeout(() => undefined, 5000);
  const e = await late.then(() => null, (x: unknown) => x);
  clearTimeout(alive);
  assert.ok(e instanceof OwnRequestError && /no answer to tools\/list within 20 ms/.test(e.message));
  assert.is(toServer[2], '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"mcpfusion-heal-2","reason":"timed out"}}\n');
  assert.ok(w.waiting);
  assert.is(w.serverLine(enc('{"jsonrpc":"2.0","id":"mcpfusion-heal-2","result":{"tools":[]}}\n')).length, 0);
  assert.not.ok(w.waiting);
});

test('heal watch: a failed answer whose block is a promise is held (other lines pass), then sent with the block; end() hands back what is still held', async () => {
  let release!: (block: string) => void;
  const pending = new Promise<string>((r) => (release = r));
  const w = createAwarenessWatch({ blockFor: (tool) => (tool === 't' ? pending : new Promise<string>(() => undefined)) });
  const toClient: string[] = [];
  w.attach!({ toServer: () => undefined, toClient: (l) => toClient.push(dec(l)) });
  const call = (id: number, name: string): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } }) + '\n'));
  call(1, 't');
  call(2, 'u');
  call(3, 'x');
  assert.is(w.serverLine(enc('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}\n')).length, 0);
  const note = enc('{"jsonrpc":"2.0","method":"notifications/message","params":{}}\n');
  assert.is(w.serverLine(note), note);
  const ok = enc('{"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n');
  assert.is(w.serverLine(ok), ok);
  release(BLOCK);
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(toClient, [`${JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `bad\n${BLOCK}` } })}\n`]);
  // A block that never comes: the answer stays held until the session ends, then goes as it came.
  const stuck = '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"no"}}\n';
  assert.is(w.serverLine(enc(stuck)).length, 0);
  assert.equal(w.end!().map(dec), [stuck]);
  assert.is(toClient.length, 1);
});


test('heal watch: notifications/tools/list_changed is told, in lines read while a call waits and in bytes passed unread (also cut between chunks)', () => {
  let changed = 0;
  const w = createAwarenessWatch({ blockFor: () => '', onToolsChanged: () => { changed++; } });
  const note = enc('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n');
  w.clientLine(enc('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}\n'));
  assert.is(w.serverLine(note), note);
  assert.is(changed, 1);
  // A request with that method, or another notification, is not it.
  w.serverLine(enc('{"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}\n'));
  assert.is(changed, 1);
  w.serverUnread!(note.subarray(0, 30));
  w.serverUnread!(note.subarray(30));
  assert.is(changed, 2);
  // Cut in three, the middle piece shorter than the method.
  w.serverUnread!(note.subarray(0, 25));
  w.serverUnread!(note.subarray(25, 35));
  w.serverUnread!(note.subarray(35));
  assert.is(changed, 3);
  w.serverUnread!(enc('{"jsonrpc":"2.0","method":"notifications/resources/list_changed"}\n'));
  assert.is(changed, 3);
});

test('heal watch: a late id the server never answers (it honoured the cancel) is forgotten after its grace, and the server\'s lines pass unread again', async () => {
  const own = createOwnRequests('mcpfusion-heal-', { lateMs: 40 });
  const w = createAwarenessWatch({ blockFor: () => '', own });
  w.attach!({ toServer: () => undefined, toClient: () => undefined });
  own.open();
  const alive = setTimeout(() => undefined, 5000);
  const e = await own.request('tools/list', undefined, 20).then(() => null, (x: unknown) => x);
  assert.ok(e instanceof OwnRequestError);
  // Within its grace a late answer is still taken out of the session.
  assert.ok(w.waiting);
  await new Promise((r) => setTimeout(r, 100));
  clearTimeout(alive);
  // Past it nothing is outstanding: the proxy goes back to passing the server's bytes unread.
  assert.not.ok(w.waiting);
  // A later answer to that id is no longer the proxy's to take.
  const line = enc('{"jsonrpc":"2.0","id":"mcpfusion-heal-1","result":{"tools":[]}}\n');
  assert.is(w.serverLine(line), line);
});

test('heal: each session\'s own ids get a random part of their own', () => {
  const a = healIdPrefix();
  assert.match(a, /^mcpfusion-heal-[0-9a-f]{16}-$/);
  assert.is.not(healIdPrefix(), a);
});

test('heal watch: a tools/list of the client\'s asked before notifications/tools/list_changed and answered after it is not handed over as the tools now; nor does a chain of pages go on across it', () => {
  const { w, listed } = watch();
  const list = (id: number, cursor?: string): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }) + '\n'));
  const answer = (id: number, tools: string[], next?: string): Uint8Array => {
    const l = enc(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: tools.map((name) => ({ name })), ...(next ? { nextCursor: next } : {}) } }) + '\n');
    assert.is(w.serverLine(l), l);
    return l;
  };
  const changed = enc('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n');
  list(1);
  assert.is(w.serverLine(changed), changed);
  answer(1, ['old']);
  assert.equal(listed, []);
  // A chain begun before the change: its later pages are pages only, never the whole list.
  list(2);
  answer(2, ['a'], 'p2');
  w.serverLine(changed);
  list(3, 'p2');
  answer(3, ['b']);
  assert.equal(listed.map(([t, c]) => [(t as { name: string }[]).map((x) => x.name), c]), [[['a'], false], [['b'], false]]);
  // A list asked after the change is the tools now.
  list(4);
  answer(4, ['new']);
  assert.equal(listed.at(-1), [[{ name: 'new' }], true]);
});

test('heal watch: a call or list answered in a line too long to read (passed on unread) is no longer waited for, so the server\'s lines pass unread again; a long request of the server\'s with the same id is not its answer', () => {
  const { w, call } = watch();
  const list = (id: unknown): void => w.clientLine(enc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) + '\n'));
  call(0, 't');
  list('l');
  // The server asks the client something huge, under an id the client's call also has.
  assert.not.ok(w.takeLongLine!(enc('{"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"messages":[{"x":"yyyy')));
  assert.ok(w.waiting);
  assert.not.ok(w.takeLongLine!(enc('{"jsonrpc":"2.0","id":0,"result":{"content":[{"type":"text","text":"yyyy')));
  assert.ok(w.waiting);
  assert.not.ok(w.takeLongLine!(enc('{ "jsonrpc" : "2.0" , "id" : "l" , "result" : {"tools":[{"name":"yyyy')));
  assert.not.ok(w.waiting);
});

test('heal watch: a long server line whose id string holds a raw control character (no JSON) passes unread instead of throwing in the proxy', () => {
  const { w, call } = watch();
  call(0, 't');
  assert.not.ok(w.takeLongLine!(enc('{"jsonrpc":"2.0","id":"a\tb","result":{"content":[{"type":"text","text":"yyyy')));
  assert.not.ok(w.takeLongLine!(enc('{"jsonrpc":"2.0","id":"\u0000","result":{"content":[')));
  assert.ok(w.waiting);
});

test('heal watch: a server batch holding a failed answer whose block is awaited waits as a whole and goes on as one array, its other answers unchanged', async () => {
  let release!: (block: string) => void;
  const w = createAwarenessWatch({ blockFor: () => new Promise<string>((r) => (release = r)) });
  const toClient: string[] = [];
  w.attach!({ toServer: () => undefined, toClient: (l) => toClient.push(dec(l)) });
  w.clientLine(enc(JSON.stringify([1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 't' } }))) + '\n'));
  assert.is(w.serverLine(enc('[{"jsonrpc":"2.0","id":2,"result":{"content":[]}},{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}]\n')).length, 0);
  release(BLOCK);
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(toClient.map((l) => JSON.parse(l)), [[{ jsonrpc: '2.0', id: 2, result: { content: [] } }, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: `bad\n${BLOCK}` } }]]);
});

test('heal watch: an answer to its own request inside a server batch is taken out of it; the rest of the batch goes on (as the same bytes when nothing is left to take)', async () => {
  const own = createOwnRequests('mcpfusion-heal-x-');
  const w = createAwarenessWatch({ blockFor: () => BLOCK, own });
  w.attach!({ toServer: () => undefined, toClient: () => undefined });
  own.open();
  const first = own.request('tools/list', undefined, 5000);
  w.clientLine(enc('{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"t"}}\n'));
  const out = w.serverLine(enc('[{"jsonrpc":"2.0","id":"mcpfusion-heal-x-1","result":{"tools":[]}},{"jsonrpc":"2.0","id":0,"error":{"code":-32602,"message":"bad"}}]\r\n'));
  assert.equal(await first, { tools: [] });
  assert.ok(dec(out).endsWith(']\r\n'));
  assert.equal(JSON.parse(dec(out)), [{ jsonrpc: '2.0', id: 0, error: { code: -32602, message: `bad\n${BLOCK}` } }]);
  // A batch of its own answers only: nothing reaches the client.
  const second = own.request('tools/list', undefined, 5000);
  assert.is(w.serverLine(enc('[{"jsonrpc":"2.0","id":"mcpfusion-heal-x-2","result":{"tools":[]}}]\n')).length, 0);
  assert.equal(await second, { tools: [] });
  // A batch that answers nothing of heal's passes as it came.
  w.clientLine(enc('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"u"}}\n'));
  const other = enc('[{"jsonrpc":"2.0","id":3,"result":{"content":[]}}]\n');
  assert.is(w.serverLine(other), other);
});

test('heal watch: an empty array from the server while heal waits for its own answer is no batch of its answers: it passes as it came', async () => {
  const own = createOwnRequests('mcpfusion-heal-x-');
  const w = createAwarenessWatch({ blockFor: () => BLOCK, own });
  w.attach!({ toServer: () => undefined, toClient: () => undefined });
  own.open();
  const pending = own.request('tools/list', undefined, 5000);
  assert.ok(w.waiting);
  const empty = enc('[]\n');
  assert.is(w.serverLine(empty), empty);
  w.serverLine(enc('{"jsonrpc":"2.0","id":"mcpfusion-heal-x-1","result":{"tools":[]}}\n'));
  assert.equal(await pending, { tools: [] });
});

test.run();
