import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import { restoreEscapedKeys, StrictBodyError, strictJsonFetch } from '../../src/sources/strict-http-bodies.ts';
import { parseKeysAsWritten, standInEscapedKeys } from '../../src/canonical/escaped-key-stand-ins.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { loadJsonRpcSchemas } from '../../src/sources/json-rpc-messages.ts';

// These read through the transports' internals without start(), which loads the SDK's schemas.
await loadJsonRpcSchemas();

/** A fetch that answers with `chunks` (split exactly there) and a content type. */
function answering(type: string, chunks: string[], status = 200): typeof fetch {
  return async () => {
    const bytes = chunks.map((c) => new TextEncoder().encode(c));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(b);
        controller.close();
      },
    });
    return new Response(body, { status, headers: { 'content-type': type } });
  };
}

/** uvu has no rejects(): await the promise and test what it threw. */
async function rejects(work: () => Promise<unknown>, expected: (e: unknown) => boolean, message?: string): Promise<void> {
  try {
    await work();
  } catch (e) {
    assert.ok(expected(e), `${message ?? ''} wrong error: ${String(e)}`);
    return;
  }
  assert.unreachable(`${message ?? ''} did not throw`);
}

async function readAll(f: typeof fetch): Promise<string> {
  return (await f('http://127.0.0.1/x')).text();
}

const DUP = '{"a":1,"a":2}';

test('JSON bodies: strict ones pass byte for byte; a duplicate key or lone surrogate is refused; other text is left to the SDK', async () => {
  assert.is(await readAll(strictJsonFetch(answering('application/json', ['{"b":', '[1,2]}']))), '{"b":[1,2]}');
  await rejects(() => strictJsonFetch(answering('application/json; charset=utf-8', [DUP]))('u'), (e: unknown) => e instanceof StrictBodyError && /duplicate key "a"/.test((e as Error).message));
  await rejects(() => strictJsonFetch(answering('application/json', ['"\\ud800"']))('u'), (e: unknown) => e instanceof StrictBodyError);
  assert.is(await readAll(strictJsonFetch(answering('application/json', ['<html>not json</html>']))), '<html>not json</html>');
  // An error response's body becomes one line saying what it is (the SDK pastes it into its message).
  assert.is(await readAll(strictJsonFetch(answering('application/json', [DUP], 500))), 'an application/json body: "{\\"a\\":1,\\"a\\":2}"');
  assert.is(await readAll(strictJsonFetch(answering('text/plain', [DUP]))), DUP);
  // An error body that never ends is described from its beginning, not waited for.
  let pulled = 0;
  const endless: typeof fetch = async () => new Response(new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new TextEncoder().encode(pulled === 1 ? 'upstream timed out\n' : 'x'.repeat(4096)));
    },
  }), { status: 504, headers: { 'content-type': 'text/plain' } });
  assert.is(await readAll(strictJsonFetch(endless)), 'a text/plain body: "upstream timed out"');
});

test('event streams: every event is checked whatever the line endings and chunk boundaries', async () => {
  const good = 'event: message\r\ndata: {"jsonrpc":"2.0",\r\ndata: "method":"x"}\r\n\r\n: comment\n\ndata:{"jsonrpc":"2.0","method":"y"}\r\revent: other\ndata: [3]\n\n';
  for (let cut = 1; cut < good.length; cut += 3) {
    const text = await readAll(strictJsonFetch(answering('text/event-stream', [good.slice(0, cut), good.slice(cut)])));
    assert.is(text, good, `cut at ${cut}`);
  }
  const bad = `data: {"jsonrpc":"2.0","method":"ok"}\n\nevent: message\r\ndata: ${DUP}\r\n\r\n`;
  for (let cut = 1; cut < bad.length; cut += 5) {
    const res = await strictJsonFetch(answering('text/event-stream', [bad.slice(0, cut), bad.slice(cut)]))('u');
    await rejects(() => res.text(), (e: unknown) => e instanceof StrictBodyError, `cut at ${cut}`);
  }
  // An event cut off by the end of the stream is checked too.
  const cut = await strictJsonFetch(answering('text/event-stream', [`data: ${DUP}`]))('u');
  await rejects(() => cut.text(), (e: unknown) => e instanceof StrictBodyError && /duplicate key/.test((e as Error).message));
});

test('event streams: a stream that ends in the middle of an event, or without the answer it was opened for, is refused at once', async () => {
  // SSE readers (the SDK's too) drop an event not ended by a blank line: the request would wait for its time limit.
  const cut = await strictJsonFetch(answering('text/event-stream', ['data: {"jsonrpc":"2.0","id":1,"result":{}}\r\n']))('u', { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  await rejects(() => cut.text(), (e: unknown) => e instanceof StrictBodyError && /ended in the middle of an event .*, which held the answer/.test((e as Error).message));
  const post = (id: number): RequestInit => ({ method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) });
  const note = 'data: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n\n';
  const none = await strictJsonFetch(answering('text/event-stream', [note]))('u', post(7));
  await rejects(() => none.text(), (e: unknown) => e instanceof StrictBodyError && /stream of its answer to request 7 without sending the answer/.test((e as Error).message));
  // The answer, in a batch or alone, ends the stream well; so does an event id to resume from (the SDK reconnects).
  const answer = 'data: {"jsonrpc":"2.0","id":7,"result":{}}\n\n';
  assert.is(await (await strictJsonFetch(answering('text/event-stream', [note, answer]))('u', post(7))).text(), note + answer);
  const batch = 'data: [{"jsonrpc":"2.0","id":7,"result":{}}]\n\n';
  assert.is(await (await strictJsonFetch(answering('text/event-stream', [note, batch]))('u', post(7))).text(), note + answer);
  assert.is(await (await strictJsonFetch(answering('text/event-stream', ['id: e1\n' + note]))('u', post(7))).text(), 'id: e1\n' + note);
  // A stream that is no answer (GET, a notification) may end without one.
  assert.is(await readAll(strictJsonFetch(answering('text/event-stream', [note]))), note);
});

test('event streams: an event with several messages (a batch, or one message per data line) is passed on as one event per message', async () => {
  const a = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"é"}}';
  const b = '{"jsonrpc":"2.0","id":3,"result":{"tools":[]}}';
  const cases: Array<[string, string]> = [
    // A batch: the event's id, retry and comment lines go with the last message, its type with each.
    [`: hi\nevent: message\nid: e9\nretry: 500\ndata: [${a}, ${b}]\n\n`, `event: message\ndata: ${a}\n\n: hi\nevent: message\nid: e9\nretry: 500\ndata: ${b}\n\n`],
    // One message per data line (SSE joins them with line breaks: no single JSON value).
    [`data: ${a}\r\ndata: ${b}\r\n\r\n`, `data: ${a}\n\ndata: ${b}\n\n`],
    [`data: [${a}]\ndata: ${b}\n\n`, `data: ${a}\n\ndata: ${b}\n\n`],
    // An empty batch carries nothing; an array that is no batch, and a message split over lines, stay as sent.
    ['data: []\n\n', '\n'],
    ['event: ping\ndata: [1, 2]\n\n', 'event: ping\ndata: [1, 2]\n\n'],
    [`data: {"jsonrpc":"2.0",\ndata: "id":3,"result":{}}\n\n`, `data: {"jsonrpc":"2.0",\ndata: "id":3,"result":{}}\n\n`],
  ];
  for (const [sent, passed] of cases) {
    for (let cut = 1; cut < sent.length; cut += 7) {
      const text = await readAll(strictJsonFetch(answering('text/event-stream', [sent.slice(0, cut), sent.slice(cut)])));
      assert.is(text, passed, `${JSON.stringify(sent)} cut at ${cut}`);
    }
  }
  // Each message of the line form is read by the strict reader too.
  const res = await strictJsonFetch(answering('text/event-stream', [`data: ${a}\ndata: ${DUP}\n\n`]))('u');
  await rejects(() => res.text(), (e: unknown) => e instanceof StrictBodyError && /duplicate key "a"/.test((e as Error).message));
});

test('what the SDK reads as a message must be a JSON-RPC message or batch: else refused at once, saying why', async () => {
  const post: RequestInit = { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' };
  const refused = async (f: typeof fetch, init: RequestInit | undefined, why: RegExp): Promise<void> => {
    await rejects(async () => (await f('u', init)).text(), (e: unknown) => e instanceof StrictBodyError && why.test((e as Error).message), why.source);
  };
  await refused(strictJsonFetch(answering('application/json', ['{"id":1,"result":{}}'])), post, /not a JSON-RPC message \(it is JSON but not a JSON-RPC 2\.0 message: "jsonrpc" is missing, not "2\.0"\): "\{\\"id\\":1,\\"result\\":\{\}\}"/);
  await refused(strictJsonFetch(answering('application/json', ['{"jsonrpc":"2.0","id":1,"result":{"_meta":null}}'])), post, /not a JSON-RPC message \(.*at \$\.result\._meta: /);
  await refused(strictJsonFetch(answering('text/event-stream', ['data: {"jsonrpc":"2.0","id":1}\n\n'])), post, /it has none of "method", "result" and "error"/);
  await refused(strictJsonFetch(answering('text/event-stream', ['event: message\ndata: hello\n\n'])), undefined, /not a JSON-RPC message \(it is not JSON: .*\): "hello"/);
  // What the SDK does not read as a message passes: another event type (the endpoint event's URL),
  // the body of a POST that carried no request.
  const endpoint = 'event: endpoint\ndata: /messages/?session_id=1\n\nid: prime-1\ndata:\n\n';
  assert.is(await readAll(strictJsonFetch(answering('text/event-stream', [endpoint]))), endpoint);
  assert.is(await (await strictJsonFetch(answering('application/json', ['{}']))('u', { method: 'POST', body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })).text(), '{}');
});

test('event streams, any chunking and line endings: refused exactly when some event carries a duplicate key', async () => {
  const eol = fc.constantFrom('\n', '\r\n', '\r');
  // An event: its JSON split over one to three data lines, each line with its own line ending.
  const event = fc.record({ bad: fc.boolean(), id: fc.nat(999), cuts: fc.array(fc.nat(40), { maxLength: 2 }), ends: fc.array(eol, { minLength: 4, maxLength: 4 }), comment: fc.boolean() });
  await fc.assert(
    fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(400), { maxLength: 4 }), async (events, splits) => {
      let stream = '';
      // A \r followed by \n is one line break (CRLF): never write a \n ending right after \r.
      const end = (ending: string): string => (stream.endsWith('\r') && ending.startsWith('\n') ? '\r' : ending);
      for (const e of events) {
        const json = e.bad ? `{"jsonrpc":"2.0","method":"m","params":{"id":${e.id},"id":${e.id}}}` : `{"jsonrpc":"2.0","method":"m","params":{"id":${e.id},"pad":"${'é'.repeat(e.id % 7)}"}}`;
        // Lines are joined with \n, so cut only where JSON allows whitespace (after { , :).
        const allowed = [...json].flatMap((ch, k) => ('{,:'.includes(ch) ? [k + 1] : []));
        const at = [...new Set(e.cuts.map((c) => allowed[c % allowed.length]!))].sort((a, b) => a - b);
        const parts = [0, ...at].map((from, k) => json.slice(from, at[k] ?? json.length));
        if (e.comment) stream += `: keep-alive${end(e.ends[3]!)}`;
        parts.forEach((p, k) => (stream += `data: ${p}${end(e.ends[k % 3]!)}`));
        stream += end(e.ends[3]!);
      }
      const points = [...new Set(splits.map((s) => s % (stream.length + 1)))].sort((a, b) => a - b);
      const chunks = [0, ...points].map((from, k) => stream.slice(from, points[k] ?? stream.length));
      const res = await strictJsonFetch(answering('text/event-stream', chunks))('u');
      let refused = false;
      try {
        assert.is(await res.text(), stream);
      } catch (e) {
        if (!(e instanceof StrictBodyError)) throw e;
        refused = true;
      }
      assert.is(refused, events.some((e) => e.bad), JSON.stringify({ stream, chunks }));
    }),
    { numRuns: 300 },
  );
});

/** A fetch that answers with these bytes, split at `cut`. */
function answeringBytes(type: string, bytes: Uint8Array, cut: number): typeof fetch {
  return async () => new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, cut));
      controller.enqueue(bytes.subarray(cut));
      controller.close();
    },
  }), { status: 200, headers: { 'content-type': type } });
}

test('a JSON body or an event stream that is not UTF-8 is refused, never read with U+FFFD in place of its bytes (SPEC section 4)', async () => {
  const bad = (before: string, after: string): Uint8Array => Buffer.concat([Buffer.from(before), Buffer.from([0x61, 0xed, 0xa0, 0x80]), Buffer.from(after)]);
  const json = bad('{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"', '","inputSchema":{"type":"object"}}]}}');
  const post: RequestInit = { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' };
  for (let cut = 1; cut < json.length; cut += 7) {
    await rejects(() => strictJsonFetch(answeringBytes('application/json', json, cut))('u', post),
      (e: unknown) => e instanceof StrictBodyError && /a JSON body that is not valid UTF-8 .*"name\\":\\"a\ufffd/.test((e as Error).message), `json cut at ${cut}`);
  }
  const events = bad('data: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"', '","inputSchema":{"type":"object"}}]}}\n\n');
  for (let cut = 1; cut < events.length; cut += 7) {
    const res = await strictJsonFetch(answeringBytes('text/event-stream', events, cut))('u', post);
    await rejects(() => res.text(), (e: unknown) => e instanceof StrictBodyError && /an event stream that is not valid UTF-8/.test((e as Error).message), `events cut at ${cut}`);
  }
  // The real U+FFFD passes, byte for byte.
  const fine = '{"jsonrpc":"2.0","id":1,"result":{"name":"a\ufffd"}}';
  assert.is(await readAll(strictJsonFetch(answering('application/json', [fine]))), fine);
  assert.is(await readAll(strictJsonFetch(answering('text/event-stream', [`data: ${fine}\n\n`]))), `data: ${fine}\n\n`);
});

/** The keys written with an escape in JSON text (each string literal in turn, followed by a colon). */
function escapedKeys(text: string): string[] {
  return [...text.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?/g)].filter((m) => m[1] !== undefined && m[0].includes('\\')).map((m) => m[0]);
}

test('keys written with escapes reach the SDK as plain stand-ins, and restoreEscapedKeys gives what the strict reader reads (JSON, events, batches)', async () => {
  // Deno 2.9's JSON.parse reads "\"" here as "\\" (the key seen after "a" before); values keep their escapes.
  const message = String.raw`{"jsonrpc":"2.0","id":1,"result":{"x":{"a":1,"\\":2},"y":{"a":1,"\"":3,"\n":"a\nb","mcpfusion-key:0022":4,"\u0061b":5}}}`;
  const strict = JSON.stringify(parseStrictJson(message));
  assert.is(escapedKeys(message).length, 4);
  const restored = (text: string): string => JSON.stringify(restoreEscapedKeys(JSON.parse(text)));
  const post: RequestInit = { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' };
  const json = await (await strictJsonFetch(answering('application/json', [message]))('u', post)).text();
  assert.equal(escapedKeys(json), []);
  assert.ok(json.includes(String.raw`"a\nb"`), json);
  assert.is(restored(json), strict);
  const note = String.raw`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"\\":1}}}`;
  const events: Array<[string, number]> = [
    [`event: message\nid: 7\ndata: ${message}\n\n`, 1],
    [`data: ${message.replace('"result":', '\ndata: "result":')}\r\n\r\n`, 1], // one message over two data lines
    [`data: [${note},${message}]\n\n`, 2],
    [`data: ${note}\ndata: ${message}\n\n`, 2],
  ];
  for (const [sent, count] of events) {
    const text = await (await strictJsonFetch(answering('text/event-stream', [sent]))('u', post)).text();
    assert.equal(escapedKeys(text), [], sent);
    const datas = text.split('\n\n').filter((e) => e !== '').map((e) => e.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n'));
    assert.is(datas.length, count, text);
    assert.is(restored(datas[count - 1]!), strict, sent);
    if (sent.includes('id: 7')) assert.match(text, /^event: message\nid: 7\ndata: /);
  }
  // Without such keys, nothing changes.
  const plain = '{"jsonrpc":"2.0","id":1,"result":{"d":"a\\"b\\\\"}}';
  assert.is(await (await strictJsonFetch(answering('application/json', [plain]))('u', post)).text(), plain);
  // Nor in a body that is not JSON (a POST that carried no request: the SDK drops its body).
  const notJson = 'see "C:\\tmp": here';
  assert.is(await (await strictJsonFetch(answering('application/json', [notJson]))('u', { method: 'POST', body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })).text(), notJson);
});

test('a key written with an escape that needs none (the envelope\'s "\\u0069d") reaches the SDK as itself, not a stand-in it cannot read', async () => {
  // Valid JSON that Node's JSON.parse reads as an answer to request 1: the SDK's own schema check
  // (before mcpfusion restores stand-ins) needs "id" and "result" as they are.
  const message = String.raw`{"jsonrpc":"2.0","\u0069d":1,"r\u0065sult":{"tools":[],"x":{"a":1,"\"":2,"\u00e9":3}}}`;
  const post: RequestInit = { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' };
  const json = await (await strictJsonFetch(answering('application/json', [message]))('u', post)).text();
  const sse = await (await strictJsonFetch(answering('text/event-stream', [`data: ${message}\n\n`]))('u', post)).text();
  for (const text of [json, sse.replace(/^data: /, '')]) {
    const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(text));
    assert.ok(parsed.success, text);
    assert.equal(restoreEscapedKeys(JSON.parse(text)), JSON.parse(message));
    assert.equal(escapedKeys(text), [], text);
  }
});

test('stand-ins: any document with any keys comes back as it was (a key that looks like a stand-in too)', () => {
  const key = fc.oneof(
    fc.string(),
    fc.constantFrom('"', '\\', '\n', '\u0000', '__proto__', 'mcpfusion-key:', 'mcpfusion-key:0022', 'mcpfusion-key:zz'),
    fc.string().map((k) => `mcpfusion-key:${k}`),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), tie('object')),
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  }));
  fc.assert(fc.property(value, fc.boolean(), (v, spaced) => {
    const text = JSON.stringify(v, null, spaced ? 1 : undefined);
    const stood = standInEscapedKeys(text);
    assert.equal(escapedKeys(stood), []);
    assert.is(JSON.stringify(restoreEscapedKeys(JSON.parse(stood))), JSON.stringify(v));
  }), { numRuns: 2000 });
});

test('parseKeysAsWritten reads what JSON.parse reads under Node: duplicate keys (the last wins), __proto__, escapes; text that is not JSON throws SyntaxError', () => {
  // The guard's lenient reader of client lines (Deno's JSON.parse misreads escaped keys: test/attest/deno.test.ts).
  for (const text of [
    String.raw`{"jsonrpc":"2.0","id":1,"metho\u0064":"tools/list","params":{"a":1,"\u0061":2}}`,
    String.raw`[{"\\":1,"\"":2},{"a":{"\u005f_proto__":{"x":1}},"n\u0061me":"x\ny"}]`,
    String.raw`{"mcpfusion-key:0022":1,"\"":2,"b":"\\"}`,
    '{"plain":"no escapes"}',
  ]) {
    const read = parseKeysAsWritten(text);
    assert.equal(read, JSON.parse(text), text);
    assert.is(JSON.stringify(read), JSON.stringify(JSON.parse(text)), text);
  }
  for (const text of ['{"a":', String.raw`{"\u00":1}`, '\ufeff{}', '']) assert.throws(() => parseKeysAsWritten(text), (e: unknown) => e instanceof SyntaxError, text);
});

test.run();
