import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runStdioProxy } from '../../src/guard/stdio-proxy.ts';
import { createPendingAnswers } from '../../src/guard/pending-answers.ts';
import { createInitializeTracker } from '../../src/guard/initialize-tracker.ts';
import { createToolsListWatch } from '../../src/guard/tools-list-watch.ts';
import { batchElements, createToolsCallFilter } from '../../src/guard/tools-call-filter.ts';
import fc from 'fast-check';
import { servedToolsCheck } from '../../src/commands/guard.ts';
import { materializeServer } from '../../src/contract/materialize.ts';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import type { TrustCapability } from '../../src/attest/build-trust-capability.ts';
import { ROOT } from './_cli.ts';

const CAP: TrustCapability = { serverDigest: 'ab'.repeat(32), signature: 'cd'.repeat(32), signerName: 'hmac-sha256', attestedAt: '2026-01-01T00:00:00.000Z', toolCount: 9, verified: true };
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const enc = new TextEncoder();
const dec = new TextDecoder();

test('tracker: only the initialize response changes; ids match by type; batches; CRLF kept; spoofed capability replaced', () => {
  const t = createInitializeTracker(CAP);
  const other = enc.encode('{"jsonrpc":"2.0","method":"notifications/message","params":{"x": 1.50}}\n');
  assert.is(t.serverLine(other), other);
  t.clientLine(enc.encode('{"jsonrpc":"2.0","id":"a1","method":"initialize","params":{}}\n'));
  const otherId = enc.encode('{"jsonrpc":"2.0","id":"A1","result":{"capabilities":{}}}\n');
  assert.is(t.serverLine(otherId), otherId, 'id "A1" is not id "a1"');
  const res = t.serverLine(enc.encode('{"jsonrpc":"2.0","id":"a1","result":{"protocolVersion":"x","capabilities":{"tools":{},"experimental":{"other":{"a":1},"mcpfusionTrust":{"verified":true,"forged":1}}}}}\r\n'));
  const text = dec.decode(res);
  assert.ok(text.endsWith('}\r\n'));
  const msg = JSON.parse(text);
  assert.equal(msg.result.capabilities.experimental.mcpfusionTrust, CAP);
  assert.equal(msg.result.capabilities.experimental.other, { a: 1 });
  assert.equal(msg.result.capabilities.tools, {});
  assert.ok(t.done);
  const after = enc.encode('{"jsonrpc":"2.0","id":"a1","result":{"capabilities":{}}}\n');
  assert.is(t.serverLine(after), after);

  const b = createInitializeTracker(CAP);
  b.clientLine(enc.encode('[{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}]\n'));
  const batch = JSON.parse(dec.decode(b.serverLine(enc.encode('[{"jsonrpc":"2.0","id":7,"result":{}}]\n'))));
  assert.equal(batch[0].result.capabilities.experimental.mcpfusionTrust, CAP);

  const e = createInitializeTracker(CAP);
  e.clientLine(enc.encode('{"jsonrpc":"2.0","id":3,"method":"initialize"}\n'));
  const err = enc.encode('{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"no"}}\n');
  assert.is(e.serverLine(err), err);
  assert.ok(e.done);
});

// Clients pair an answer with a request more loosely than by its exact id: the TypeScript SDK's
// client by Number(response.id), Python's SDK by int() of a string id. An answer whose id only such
// a reader pairs with the request must be judged as that request's answer.
const ALIASES: [request: number | string, answer: number | string][] = [
  [1, '1'], [1, ' 1 '], [1, '1e0'], [1, '0x1'], [1, '1.0'], [0, ''], [0, '-0'], [10, '1_0'], [3, '\u0663'], [3, '\uff13'], [12, '\u{1d7d9}2'], [-2, ' -2\u001f'], ['7', 7],
];
const NOT_ALIASES: [request: number | string, answer: number | string][] = [[1, '1__0'], [1, 'one'], [1, '1a'], ['a', 'A'], [1, 2], ['01x', 1]];

test('tools/list watch and initialize tracker: an answer whose id a client pairs with the request (not only the exact id) is the answer', () => {
  for (const [request, answer] of ALIASES) {
    const w = createToolsListWatch((tools) => (tools.length > 0 ? 'lists tools that are not attested: "evil"' : null));
    w.clientLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, method: 'tools/list' }) + '\n'));
    const out = dec.decode(w.serverLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: answer, result: { tools: [{ name: 'evil' }] } }) + '\n')));
    assert.match(out, /refusing to serve/, `tools/list ${JSON.stringify(request)} answered as ${JSON.stringify(answer)}`);
    assert.equal(JSON.parse(out).id, answer, 'the error keeps the id the server gave');
    assert.ok(w.refused);
    const t = createInitializeTracker(CAP);
    t.clientLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, method: 'initialize', params: {} }) + '\n'));
    const res = JSON.parse(dec.decode(t.serverLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: answer, result: { capabilities: { experimental: { mcpfusionTrust: { verified: true, forged: 1 } } } } }) + '\n'))));
    assert.equal(res.result.capabilities.experimental.mcpfusionTrust, CAP, `initialize ${JSON.stringify(request)} answered as ${JSON.stringify(answer)}`);
    // A client that pairs ids exactly (Go's, Rust's SDK) does not take that answer: the request's
    // own id is still awaited, and its answer is checked too.
    assert.not.ok(t.done);
    const exact = JSON.parse(dec.decode(t.serverLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, result: { capabilities: { experimental: { mcpfusionTrust: { verified: true, forged: 2 } } } } }) + '\n'))));
    assert.equal(exact.result.capabilities.experimental.mcpfusionTrust, CAP, `initialize ${JSON.stringify(request)} answered again as ${JSON.stringify(request)}`);
    assert.ok(t.done);
    const honestFirst = createToolsListWatch((tools) => (tools.length > 0 ? 'lists tools that are not attested: "evil"' : null));
    honestFirst.clientLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, method: 'tools/list' }) + '\n'));
    const loose = enc.encode(JSON.stringify({ jsonrpc: '2.0', id: answer, result: { tools: [] } }) + '\n');
    assert.is(honestFirst.serverLine(loose), loose);
    assert.ok(honestFirst.waiting);
    const evil = dec.decode(honestFirst.serverLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, result: { tools: [{ name: 'evil' }] } }) + '\n')));
    assert.match(evil, /refusing to serve/, `tools/list ${JSON.stringify(request)} answered as ${JSON.stringify(answer)}, then as itself`);
    assert.not.ok(honestFirst.waiting);
  }
  for (const [request, answer] of NOT_ALIASES) {
    const w = createToolsListWatch(() => 'refused');
    w.clientLine(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: request, method: 'tools/list' }) + '\n'));
    const line = enc.encode(JSON.stringify({ jsonrpc: '2.0', id: answer, result: { tools: [] } }) + '\n');
    assert.is(w.serverLine(line), line, `${JSON.stringify(answer)} answers no request ${JSON.stringify(request)}`);
    assert.ok(w.waiting);
  }
});

function collect(stream: PassThrough): () => Buffer {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return () => Buffer.concat(chunks);
}

async function waitFor(get: () => Buffer, pattern: RegExp, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pattern.test(get().toString('utf8'))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; got ${get().toString('utf8').slice(-500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('tools/list watch: answers to tools/list requests are checked (pages, batches, string ids); a refused one becomes an error', () => {
  const calls: [string[], boolean][] = [];
  const w = createToolsListWatch((tools, complete) => {
    const names = tools.map((t) => (t as { name: string }).name);
    calls.push([names, complete]);
    return names.includes('evil') ? 'lists tools that are not attested: "evil"' : null;
  });
  const same = enc.encode('{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"evil"}]}}\n');
  assert.not.ok(w.waiting);
  assert.is(w.serverLine(same), same, 'nothing asked: nothing read');
  w.clientLine(enc.encode('{"jsonrpc":"2.0","id":"a","method":"tools/list"}\n'));
  w.clientLine(enc.encode('[{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":"p2"}},{"jsonrpc":"2.0","id":8,"method":"ping"}]\r\n'));
  assert.ok(w.waiting);
  // A server request that reuses the id is not the answer; neither is another id.
  const req = enc.encode('{"jsonrpc":"2.0","id":"a","method":"roots/list"}\n');
  assert.is(w.serverLine(req), req);
  const ok = enc.encode('{"jsonrpc":"2.0","id":"a","result":{"tools":[{"name":"x"}],"nextCursor":"p2"}}\n');
  assert.is(w.serverLine(ok), ok);
  assert.equal(calls.pop(), [['x'], false], 'a first page with nextCursor is not the whole list');
  const bad = enc.encode('[{"jsonrpc":"2.0","id":8,"result":{}},{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"evil"}]}}]\r\n');
  const out = dec.decode(w.serverLine(bad));
  assert.equal(calls.pop(), [['evil'], false], 'a later page is not the whole list');
  assert.ok(out.endsWith(']\r\n'));
  assert.equal(JSON.parse(out), [
    { jsonrpc: '2.0', id: 8, result: {} },
    { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'mcpfusion guard: lists tools that are not attested: "evil"; refusing to serve' } },
  ]);
  assert.is(w.refused, 'lists tools that are not attested: "evil"');
  assert.not.ok(w.waiting);
  // An unpaginated answer is complete; an error answer and a result without tools.
  w.clientLine(enc.encode('{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{}}\n'));
  assert.is(dec.decode(w.serverLine(enc.encode('{"jsonrpc":"2.0","id":9,"result":{"tools":[{"name":"x"}]}}\n'))), '{"jsonrpc":"2.0","id":9,"result":{"tools":[{"name":"x"}]}}\n');
  assert.equal(calls.pop(), [['x'], true]);
  w.clientLine(enc.encode('{"jsonrpc":"2.0","id":10,"method":"tools/list"}\n'));
  const error = enc.encode('{"jsonrpc":"2.0","id":10,"error":{"code":-32601,"message":"no"}}\n');
  assert.is(w.serverLine(error), error);
  w.clientLine(enc.encode('{"jsonrpc":"2.0","id":11,"method":"tools/list"}\n'));
  assert.match(dec.decode(w.serverLine(enc.encode('{"jsonrpc":"2.0","id":11,"result":{"tools":{}}}\n'))), /without a tools array; refusing to serve/);
});

test('tools/list watch: a paginated list followed from its first page is checked whole at its last page', () => {
  const tool = (name: string) => ({ name, description: `the ${name} tool`, inputSchema: { type: 'object' } });
  const materialize = (tools: unknown[]) => materializeServer({ tools: tools as never });
  const attested = computeContractSetDigests(materialize([tool('a'), tool('b')])).tools;
  const line = (o: unknown) => enc.encode(JSON.stringify(o) + '\n');
  const list = (pages: { tools: unknown[]; nextCursor?: string }[], cursors: (string | undefined)[]) => {
    const w = createToolsListWatch(servedToolsCheck(attested, materialize));
    const out: string[] = [];
    pages.forEach((page, k) => {
      w.clientLine(line({ jsonrpc: '2.0', id: k, method: 'tools/list', ...(cursors[k] === undefined ? {} : { params: { cursor: cursors[k] } }) }));
      out.push(dec.decode(w.serverLine(line({ jsonrpc: '2.0', id: k, result: page }))));
    });
    return { refused: w.refused, out };
  };
  // Both attested tools over two pages: served as they are.
  const whole = list([{ tools: [tool('a')], nextCursor: 'c1' }, { tools: [tool('b')] }], [undefined, 'c1']);
  assert.is(whole.refused, null);
  assert.ok(whole.out.every((o) => o.includes('"result"')));
  // The second page leaves out b: missing, as in a one-page list.
  const short = list([{ tools: [tool('a')], nextCursor: 'c1' }, { tools: [] }], [undefined, 'c1']);
  assert.is(short.refused, 'while being served, the server no longer lists attested tools: "b"');
  assert.match(short.out[1]!, /"error"/);
  // The same tool on two pages is no list of contracts.
  assert.match(list([{ tools: [tool('a')], nextCursor: 'c1' }, { tools: [tool('a'), tool('b')] }], [undefined, 'c1']).refused ?? '', /cannot be read as contracts/);
  // A page asked for with a cursor the guard never saw answered is checked on its own.
  assert.is(list([{ tools: [tool('a')] }], ['elsewhere']).refused, null);
});

test('servedToolsCheck: added, changed and (for a whole list) missing tools are named; an unchanged list holds', () => {
  const tool = (name: string, description = `the ${name} tool`) => ({ name, description, inputSchema: { type: 'object' } });
  const materialize = (tools: unknown[]) => materializeServer({ tools: tools as never });
  const attested = computeContractSetDigests(materialize([tool('a'), tool('b')])).tools;
  const check = servedToolsCheck(attested, materialize);
  assert.is(check([tool('b'), tool('a')], true), null);
  assert.is(check([tool('a'), tool('b')], true), null, 'again (remembered)');
  assert.is(check([tool('a')], false), null, 'one page of a paginated list');
  assert.is(check([tool('a')], true), 'while being served, the server no longer lists attested tools: "b"');
  assert.is(check([tool('a', 'now also deletes files'), tool('b'), tool('c')], true),
    'while being served, the server lists tools that are not attested: "c"; lists tools whose digest differs from the attested one: "a"');
  assert.match(check([{ description: 'no name' }], false) ?? '', /cannot be read as contracts/);
  // A client that declared capabilities: the refusal names them as a likely cause; none, nothing.
  assert.is(check([tool('a'), tool('b'), tool('c')], true, ['elicitation', 'sampling']),
    'while being served, the server lists tools that are not attested: "c"; the client declared the capabilities "elicitation", "sampling" in its initialize request, and a server may list other tools for a client that declares them (server-everything adds tools for sampling and elicitation), while the attestation covers the tools a client that declares none is listed; guard serves only that list, so such a server can be guarded only for a client without those capabilities');
  assert.is(check([tool('a'), tool('b'), tool('c')], true, []), 'while being served, the server lists tools that are not attested: "c"');
  assert.is(check([tool('a'), tool('b')], true, ['sampling']), null, 'a list that holds says nothing');
});

test('servedToolsCheck: with the start-up read\'s tools, a tool whose digest holds but whose other fields changed is refused; key order does not count', () => {
  const tool = (name: string) => ({ name, description: `the ${name} tool`, inputSchema: { type: 'object', properties: { x: { type: 'string' } } } });
  const materialize = (tools: unknown[]) => materializeServer({ tools: tools as never });
  const startup = [tool('a'), { ...tool('b'), title: 'B', _meta: { k: 1 } }];
  const attested = computeContractSetDigests(materialize(startup)).tools;
  const check = servedToolsCheck(attested, materialize, startup as never);
  // The same tools, keys and tools in another order: they hold.
  assert.is(check([{ _meta: { k: 1 }, title: 'B', inputSchema: { properties: { x: { type: 'string' } }, type: 'object' }, description: 'the b tool', name: 'b' }, tool('a')], true), null);
  const why = (f: string) => `while being served, the server lists tools that differ from the start-up read outside their attested digest: ${f} (a title, annotations, _meta, icons or execution the signature does not cover, changed once served)`;
  assert.is(check([{ ...tool('a'), title: 'Delete everything' }, startup[1]], true), why('"a"'));
  assert.is(check([{ ...tool('a'), annotations: { title: 'x' } }], false), why('"a"'), 'one page');
  assert.is(check([tool('a'), tool('b')], true), why('"b"'), 'a title and _meta dropped');
  assert.is(check([tool('a'), { ...startup[1], _meta: { k: 2 } }], true), why('"b"'));
  assert.is(check([tool('a'), { ...startup[1], icons: [{ src: 'http://127.0.0.1/i.png' }] }], true), why('"b"'));
  // A digest change is named as one, not twice.
  assert.is(check([{ ...tool('a'), description: 'other', title: 'T' }, startup[1]], true), 'while being served, the server lists tools whose digest differs from the attested one: "a"');
});

test('proxy: a real server behind it; every byte but the initialize line is what the server wrote', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-proxy-'));
  try {
    const input = new PassThrough();
    const output = new PassThrough();
    const errorOutput = new PassThrough();
    const got = collect(output);
    const raw = join(dir, 'raw.bin');
    const checked: { count: number; complete: boolean }[] = [];
    const done = runStdioProxy({
      command: 'sh',
      args: ['-c', `"${process.execPath}" "${MEMORY}" | tee "${raw}"`],
      env: { ...process.env, MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
      input, output, errorOutput, capability: CAP,
      // The served tools/list answer is read and checked; passing, it goes on unchanged.
      checkTools: (tools, complete) => {
        checked.push({ count: tools.length, complete });
        return null;
      },
    });
    // The initialize request arrives split across writes, mid-line.
    const init = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n';
    input.write(init.slice(0, 30));
    await new Promise((r) => setTimeout(r, 50));
    input.write(init.slice(30));
    await waitFor(got, /"id":0/);
    input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n');
    await waitFor(got, /"id":1/);
    input.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_entities","arguments":{"entities":[{"name":"Zo\\u00eb \u{1F600}","entityType":"person","observations":["a\\"b"]}]}}}\n');
    await waitFor(got, /"id":2/);
    input.write('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_graph","arguments":{}}}\n');
    await waitFor(got, /"id":3/);
    input.end();
    const exit = await done;
    assert.ok(exit.stoppedByGuard);
    assert.is(exit.refused, null);
    assert.equal(checked, [{ count: 9, complete: true }]);
    const out = got();
    const server = readFileSync(raw);
    const outLines = out.toString('utf8').split('\n');
    const rawLines = server.toString('utf8').split('\n');
    assert.is(outLines.length, rawLines.length);
    let changed = 0;
    for (let i = 0; i < rawLines.length; i++) {
      if (outLines[i] === rawLines[i]) continue;
      changed++;
      const a = JSON.parse(outLines[i]!);
      const b = JSON.parse(rawLines[i]!);
      assert.is(a.id, 0);
      assert.equal(a.result.capabilities.experimental.mcpfusionTrust, CAP);
      delete a.result.capabilities.experimental.mcpfusionTrust;
      if (Object.keys(a.result.capabilities.experimental).length === 0) delete a.result.capabilities.experimental;
      assert.equal(a, b);
    }
    assert.is(changed, 1);
    // Bytes after the initialize line are identical, including the non-ASCII entity name.
    const firstNl = server.indexOf(10);
    assert.ok(out.subarray(out.indexOf(10)).equals(server.subarray(firstNl)));
    assert.match(out.toString('utf8'), /Zo\\u00eb|Zoë/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('call filter: a tools/call of a tool not attested is held back and answered; batches whole; notifications dropped; other lines pass', () => {
  const f = createToolsCallFilter(new Set(['echo', 'constructor']));
  for (const text of [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}\n',
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}\r\n',
    '{"jsonrpc":"2.0","id":3,"result":{"name":"hidden"}}\n',
    '\r\n',
    '[{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"constructor"}},{"jsonrpc":"2.0","method":"notifications/initialized"}]\n',
  ]) {
    const line = enc.encode(text);
    const r = f(line);
    assert.is(r.forward, line, text);
    assert.is(r.reply, null);
    assert.equal([r.refused, r.rejected], [[], null]);
  }
  const one = f(enc.encode('{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"hidden","arguments":{}}}\n'));
  assert.is(one.forward, null);
  assert.equal(one.refused, ['hidden']);
  assert.equal(JSON.parse(dec.decode(one.reply!)), { jsonrpc: '2.0', id: 'x', error: { code: -32602, message: 'mcpfusion guard: the tool "hidden" is not attested; the call was not passed to the server' } });
  assert.ok(dec.decode(one.reply!).endsWith('}\n'));
  // No name, or a name that is not a string, is no attested tool either; __proto__ is a name like any.
  assert.equal(f(enc.encode('{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{}}\n')).refused, ['null']);
  assert.equal(f(enc.encode('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":["echo"]}}\n')).refused, ['["echo"]']);
  assert.equal(f(enc.encode('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"__proto__"}}\n')).refused, ['__proto__']);
  const note = f(enc.encode('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"hidden"}}\n'));
  assert.equal([note.forward, note.reply, note.refused], [null, null, ['hidden']], 'a notification is dropped, not answered');
  // A batch: only the refused call is taken out; the rest (a request, a notification, the
  // client's answer to a server request) goes on, re-encoded with the line's ending.
  const batch = f(enc.encode('[{"jsonrpc":"2.0","id":8,"method":"ping"},{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"hidden"}},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"s1","result":{}}]\r\n'));
  assert.is(dec.decode(batch.forward!), '[{"jsonrpc":"2.0","id":8,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"s1","result":{}}]\r\n');
  assert.equal(JSON.parse(dec.decode(batch.reply!)), [{ jsonrpc: '2.0', id: 9, error: { code: -32602, message: 'mcpfusion guard: the tool "hidden" is not attested; the call was not passed to the server' } }]);
  assert.equal(batch.refused, ['hidden']);
  // What goes on keeps its bytes: a float written as an integer (1.0, read as a float by Python's
  // SDK), an integer past 2^53, escapes, spacing and key order reach the server as the client
  // wrote them, never re-encoded by JavaScript (1.0 -> 1, 9007199254740993 -> 9007199254740992).
  const kept = [
    '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"echo","arguments":{"ratio":1.0,"big":9007199254740993,"e":1E2}}}',
    ' {"id":"s2","jsonrpc":"2.0","result":{"text":"caf\\u00e9 \\ud83d\\ude00","2":1,"1":0}} ',
    '"not a message"',
  ];
  const exact = f(enc.encode(`[${kept[0]}, {"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"hidden","arguments":{"x":[1,{"y":"]}"}]}}},${kept[1]},${kept[2]}]\n`));
  assert.is(dec.decode(exact.forward!), `[${kept[0]},${kept[1]!.trim()},${kept[2]}]\n`);
  assert.equal(exact.refused, ['hidden']);
});

test('batchElements: the slices of any JSON array, written with any spacing, are its elements', () => {
  assert.equal(batchElements('[]'), []);
  assert.equal(batchElements('[ ]'), []);
  assert.equal(batchElements('[1, {"a":"]"}]'), [[1, 2], [4, 13]]);
  fc.assert(fc.property(fc.array(fc.jsonValue()), fc.constantFrom(undefined, 1, '\t', ' \r\n '), (values, space) => {
    const text = JSON.stringify(values, null, space);
    const slices = batchElements(text).map(([a, b]) => text.slice(a, b));
    assert.equal(slices.map((t) => JSON.parse(t)), JSON.parse(text));
    assert.ok(slices.every((t) => t.trim() === t));
  }), { numRuns: 300 });
});

test('call filter: a line that is not strict JSON is answered with a parse error and never passed on (a server may read it otherwise)', () => {
  const f = createToolsCallFilter(new Set(['echo']));
  const rejected = (text: string) => {
    const r = f(enc.encode(text));
    assert.is(r.forward, null, text);
    assert.equal(r.refused, []);
    return { reply: JSON.parse(dec.decode(r.reply!)), why: r.rejected! };
  };
  // The first of two "name" keys is what a first-wins reader would run; JSON.parse keeps the last.
  const dup = rejected('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"hidden","name":"echo"}}\n');
  assert.equal(dup.reply, { jsonrpc: '2.0', id: 4, error: { code: -32700, message: `mcpfusion guard: ${dup.why}; it was not passed to the server` } });
  assert.match(dup.why, /^the line is not strict JSON \(at column \d+: duplicate key "name"/);
  // Python's MCP SDK reads NaN and Infinity; JSON.parse does not, so no id can be read either.
  const nan = rejected('{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"hidden","arguments":{"x":NaN}}}\n');
  assert.equal([nan.reply.id, nan.reply.error.code], [null, -32700]);
  assert.match(nan.why, /unexpected character "N"/);
  assert.match(rejected('not json at all\n').why, /at column 1: /);
  assert.match(rejected('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"s":"\\ud800"}}}\n').why, /lone surrogate/);
  assert.match(rejected('[{"jsonrpc":"2.0","id":7,"method":"ping","method":"tools/call"}]\n').why, /duplicate key "method"/);
  // A name with a byte that is not UTF-8 is judged by no name: the server may read it otherwise, or refuse it.
  const r = f(Uint8Array.from([...enc.encode('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo'), 0xff, ...enc.encode('"}}\n')]));
  assert.is(r.forward, null);
  assert.is(r.rejected, 'the line is not strict JSON (not valid UTF-8)');
});

test('tracker and watch: a server line that is not strict JSON while an answer is awaited is dropped and ends the session', () => {
  const t = createInitializeTracker(CAP);
  const early = enc.encode('{"jsonrpc":"2.0","method":"notifications/message","params":{"x":NaN}}\n');
  assert.is(t.serverLine(early), early, 'nothing awaited: nothing read');
  t.clientLine(enc.encode('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n'));
  assert.is(t.serverLine(enc.encode('\n')).length, 1, 'a blank line passes');
  // A banner is plain text to every reader (none reads a message from it): it passes as it came.
  const banner = enc.encode('Code Runner MCP Server running on stdio\n');
  assert.is(t.serverLine(banner), banner);
  assert.is(t.refused, null);
  // A BOM does not make JSON plain text (some readers skip it).
  const bom = createInitializeTracker(CAP);
  bom.clientLine(enc.encode('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n'));
  assert.is(bom.serverLine(Uint8Array.from([0xef, 0xbb, 0xbf, ...enc.encode(' {"jsonrpc":"2.0","id":1,"result":{"x":NaN}}\n')])).length, 0);
  assert.match(String(bom.refused), /not strict JSON/);
  // A spoofed capability a Python client would read (it takes NaN), which the guard cannot rewrite.
  const spoof = t.serverLine(enc.encode('{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"experimental":{"mcpfusionTrust":{"verified":true}}},"x":NaN}}\n'));
  assert.is(spoof.length, 0);
  assert.match(String(t.refused), /^the server wrote a line that is not strict JSON while the initialize response was awaited \(at column \d+: unexpected character "N"/);
  assert.not.ok(t.done);

  const w = createToolsListWatch(() => null);
  w.clientLine(enc.encode('{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'));
  // Two "result" keys: a first-wins client would see the first list, JSON.parse the second.
  const out = w.serverLine(enc.encode('{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"evil"}]},"result":{"tools":[]}}\n'));
  assert.is(out.length, 0);
  assert.match(String(w.refused), /while a tools\/list answer was awaited \(at column \d+: duplicate key "result"/);

  // A tool named with a byte that is not UTF-8: read as U+FFFD, "a\xff" would pass as an attested "a\u{fffd}".
  const plain = enc.encode('[INFO] loading tools\n');
  const u = createToolsListWatch(() => null);
  u.clientLine(enc.encode('{"jsonrpc":"2.0","id":4,"method":"tools/list"}\n'));
  assert.is(u.serverLine(enc.encode('No X display available. Running in headless mode.\n')).length > 0, true);
  assert.is(u.serverLine(plain).length, 0, 'a line starting with "[" may be a batch: strict as before');
  const v = createToolsListWatch(() => null);
  v.clientLine(enc.encode('{"jsonrpc":"2.0","id":3,"method":"tools/list"}\n'));
  const bad = Uint8Array.from([...enc.encode('{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a'), 0xff, ...enc.encode('","inputSchema":{"type":"object"}}]}}\n')]);
  assert.is(v.serverLine(bad).length, 0);
  assert.match(String(v.refused), /while a tools\/list answer was awaited \(not valid UTF-8\)/);
});

test('proxy with attestedTools: refused calls never reach the server, their answers wait for the end of a server line, a split line waits whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-proxy-'));
  const input = new PassThrough();
  let done: ReturnType<typeof runStdioProxy> | undefined;
  try {
    const received = join(dir, 'received.bin');
    const server = join(dir, 'server.mjs');
    // Logs every byte it gets; answers by line (a batch with an array); "start" leaves a line open
    // until "finish", and answers made meanwhile wait for it.
    writeFileSync(server, `
      import { appendFileSync } from 'node:fs';
      let buf = '';
      let open = false;
      let held = '';
      const out = (s) => { if (open) held += s; else process.stdout.write(s); };
      const echo = (m) => ({ jsonrpc: '2.0', id: m.id, result: { echo: m.params?.name ?? m.method } });
      process.stdin.on('data', (c) => {
        appendFileSync(${JSON.stringify(received)}, c);
        buf += c;
        let nl;
        while ((nl = buf.indexOf('\\n')) >= 0) {
          const m = JSON.parse(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          if (Array.isArray(m)) out(JSON.stringify(m.filter((x) => 'id' in x && 'method' in x).map(echo)) + '\\n');
          else if (m.method === 'initialize') out(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { capabilities: {} } }) + '\\n');
          else if (m.method === 'start') { out('{"jsonrpc":"2.0","id":' + m.id + ',"result":{"part'); open = true; }
          else if (m.method === 'finish') { open = false; out('ial":1}}\\n' + held + JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n'); held = ''; }
          else if ('id' in m) out(JSON.stringify(echo(m)) + '\\n');
        }
      });
    `);
    const output = new PassThrough();
    const got = collect(output);
    const refusedNames: string[][] = [];
    done = runStdioProxy({
      command: process.execPath, args: [server], env: process.env,
      input, output, errorOutput: new PassThrough(), capability: CAP,
      attestedTools: new Set(['ok']),
      onRefusedCall: (names) => refusedNames.push(names),
    });
    input.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}\n');
    await waitFor(got, /"id":0/);
    input.write('{"jsonrpc":"2.0","id":1,"method":"start"}\n');
    await waitFor(got, /"part$/);
    input.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hidden","arguments":{}}}\n[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"hidden2"}}]\n');
    assert.equal(refusedNames, [['hidden'], ['hidden2']], 'judged as they came');
    assert.ok(got().toString('utf8').endsWith('"part'), 'the answers wait while the server is mid-line');
    input.write('{"jsonrpc":"2.0","id":6,"method":"finish"}\n');
    await waitFor(got, /"id":6/);
    const call = '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ok","arguments":{}}}\n';
    input.write(call.slice(0, 40));
    await new Promise((r) => setTimeout(r, 100));
    assert.not.ok(readFileSync(received, 'utf8').includes('"id":5'), 'an incomplete line is not passed on');
    input.write(call.slice(40));
    await waitFor(got, /"id":5/);
    // A last line without a newline, then the end of input: judged like any other.
    input.end('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hidden3"}}');
    const exit = await done;
    assert.is(exit.refused, null, 'a refused call does not end the session');
    const lines = got().toString('utf8').split('\n');
    assert.is(lines.pop(), '');
    const msgs = lines.map((l) => JSON.parse(l));
    assert.equal(msgs.map((m) => m.id), [0, 1, 2, [4], [3], 6, 5, 7].map((id) => (Array.isArray(id) ? undefined : id)));
    assert.equal(refusedNames, [['hidden'], ['hidden2'], ['hidden3']]);
    assert.equal(msgs[1], { jsonrpc: '2.0', id: 1, result: { partial: 1 } });
    assert.match(msgs[2].error.message, /"hidden" is not attested/);
    assert.equal(msgs[3].map((m: { id: number }) => m.id), [4], 'the refused call of the batch, answered by the guard');
    assert.equal(msgs[4], [{ jsonrpc: '2.0', id: 3, result: { echo: 'ping' } }], 'the rest of the batch reached the server');
    assert.equal(msgs[6].result, { echo: 'ok' });
    const seen = readFileSync(received, 'utf8');
    assert.not.ok(seen.includes('hidden'), 'the server never saw the refused calls');
    assert.ok(seen.includes('[{"jsonrpc":"2.0","id":3,"method":"ping"}]\n'), 'the batch reached the server without its refused call');
    assert.ok(seen.endsWith(call));
  } finally {
    // A failed assertion above must not leave the proxy and its server running.
    input.end();
    await done?.catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pending answers: an answer under an id a client reads as its request\'s number ("5" for 5, "1e1" for 10) answers it, so the proxy does not wait out its bound for an answer the client already has; an exact id is paired first', () => {
  const p = createPendingAnswers();
  for (const id of ['5', '10', '"7"', '7']) p.clientLine(enc.encode(`{"jsonrpc":"2.0","id":${id},"method":"tools/call"}\n`));
  assert.is(p.size, 4);
  p.serverBytes(enc.encode('{"jsonrpc":"2.0","id":"5","result":{}}\n{"jsonrpc":"2.0","id":"1e1","error":{"code":1,"message":"x"}}\n'));
  assert.is(p.size, 2);
  p.serverBytes(enc.encode('{"jsonrpc":"2.0","id":"7","result":{}}\n'));
  assert.is(p.size, 1);
  p.serverBytes(enc.encode('{"jsonrpc":"2.0","id":"x7","result":{}}\n{"jsonrpc":"2.0","id":7,"result":{}}\n'));
  assert.is(p.size, 0);
});

test('pending answers: requests wait until answered, matched by id and type, in any chunking; long lines by their id first or last', () => {
  const p = createPendingAnswers();
  let settled = 0;
  p.clientLine(enc.encode('{"jsonrpc":"2.0","id":1,"method":"tools/call"}\n'));
  p.clientLine(enc.encode('[{"jsonrpc":"2.0","id":"1","method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":9,"result":{}}]\n'));
  p.clientLine(enc.encode('{"jsonrpc":"2.0","id":"big1","method":"a"}\n{"jsonrpc":"2.0","id":"big2","method":"b"}\n'.split('\n')[0] + '\n'));
  p.clientLine(enc.encode('{"jsonrpc":"2.0","id":"big2","method":"b"}\n'));
  assert.is(p.size, 4, 'requests only: a notification and the client\'s answer wait for nothing');
  p.whenSettled(() => settled++);
  // A request of the server's with a pending id is no answer; an answer split over chunks is one.
  const text = '{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"}\n{"result":{},"jsonrpc":"2.0","id":"1"}\n{"jsonrpc":"2.0","id":1,"result":{"x":1}}\r\n';
  for (let i = 0; i < text.length; i += 7) p.serverBytes(enc.encode(text.slice(i, i + 7)));
  assert.is(p.size, 2);
  const long = 'y'.repeat(2 * 1024 * 1024);
  for (const line of [`{"jsonrpc":"2.0","id":"big1","result":{"text":"${long}"}}\n`, `{"result":{"text":"${long}","item":{"id":"big1"}},"jsonrpc":"2.0","id":"big2"}\n`]) {
    const bytes = enc.encode(line);
    for (let i = 0; i < bytes.length; i += 65536) p.serverBytes(bytes.subarray(i, i + 65536));
  }
  assert.is(p.size, 0);
  assert.is(settled, 1);
  p.whenSettled(() => settled++);
  assert.is(settled, 2, 'nothing waits: at once');
  // A cancelled request gets no answer (MCP): it waits no more.
  p.clientLine(enc.encode('{"jsonrpc":"2.0","id":"c","method":"tools/call"}\n'));
  p.clientLine(enc.encode('{"jsonrpc":"2.0","id":"d","method":"tools/call"}\n'));
  p.clientLine(enc.encode('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c","reason":"x"}}\n'));
  assert.is(p.size, 1);
  // A long answer in small chunks (a server writing a line piece by piece) is still matched.
  const small = enc.encode(`{"jsonrpc":"2.0","result":{"text":"${'z'.repeat(1100 * 1024)}"},"id":"d"}\n`);
  for (let i = 0; i < small.length; i += 512) p.serverBytes(small.subarray(i, i + 512));
  assert.is(p.size, 0);
});

test('proxy: a client that closes its input at once (a one-shot pipe) still gets every answer of a server slower than the grace period; one that never answers is ended', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-proxy-'));
  try {
    // Starts slowly (as a loaded machine or a Python server does), ignores the end of its input
    // (keeps running, as servers with timers do), and answers each request after a pause; a
    // "silent" request is never answered. The TypeScript SDK writes "id" last, Python's first.
    const server = join(dir, 'slow.mjs');
    writeFileSync(server, `
      setInterval(() => {}, 1000);
      const wait = (ms) => new Promise((r) => setTimeout(r, ms));
      await wait(400);
      let buf = '';
      process.stdin.on('data', async (c) => {
        buf += c;
        let nl;
        while ((nl = buf.indexOf('\\n')) >= 0) {
          const m = JSON.parse(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          for (const r of Array.isArray(m) ? m : [m]) {
            if (!('id' in r) || r.method === 'silent') continue;
            await wait(300);
            process.stdout.write(r.method === 'big'
              ? '{"result":{"text":"' + 'x'.repeat(3 * 1024 * 1024) + '"},"jsonrpc":"2.0","id":' + JSON.stringify(r.id) + '}\\n'
              : JSON.stringify({ jsonrpc: '2.0', id: r.id, result: { capabilities: {}, m: r.method } }) + '\\n');
          }
        }
      });
    `);
    const run = async (lines: string, options: Partial<Parameters<typeof runStdioProxy>[0]>) => {
      const input = new PassThrough();
      const output = new PassThrough();
      const got = collect(output);
      const done = runStdioProxy({ command: process.execPath, args: [server], env: process.env, input, output, errorOutput: new PassThrough(), graceMs: 50, ...options });
      input.end(lines);
      const exit = await done;
      return { exit, out: got().toString('utf8') };
    };
    const lines = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"ok"}}\n[{"jsonrpc":"2.0","id":2,"method":"big"},{"jsonrpc":"2.0","id":3,"method":"tools/list"}]\n';
    for (const options of [{ capability: CAP, attestedTools: new Set(['ok']) }, {}]) {
      const { exit, out } = await run(lines, options);
      const ids = out.split('\n').filter((l) => l !== '').map((l) => (l.length > 1000 ? 'big' : JSON.parse(l).id));
      assert.equal(ids, [0, 'a', 'big', 3], JSON.stringify(options));
      assert.is(exit.stoppedByGuard, true);
    }
    // A request the server never answers: the wait for answers ends (answerWaitMs), then the grace.
    // The input ends once the other request is answered: answerWaitMs runs from the end of the
    // input, and the server's start alone (node's, over a second on a loaded machine, plus its
    // 400 ms) must not count against it.
    const input = new PassThrough();
    const output = new PassThrough();
    const got = collect(output);
    const done = runStdioProxy({ command: process.execPath, args: [server], env: process.env, input, output, errorOutput: new PassThrough(), graceMs: 50, answerWaitMs: 1500 });
    input.write('{"jsonrpc":"2.0","id":1,"method":"silent"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await waitFor(got, /"id":2/);
    input.end();
    const silent = await done;
    assert.equal(JSON.parse(got().toString('utf8')).id, 2);
    assert.is(silent.signal, 'SIGTERM');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('proxy: a missing server command is a SourceError', async () => {
  try {
    await runStdioProxy({ command: 'definitely-not-a-command-xyz', args: [], env: process.env, input: new PassThrough(), output: new PassThrough(), errorOutput: new PassThrough(), capability: CAP });
    assert.unreachable();
  } catch (e) {
    assert.is((e as Error).name, 'SourceError');
    assert.match((e as Error).message, /not found/);
  }
});

test.run();
