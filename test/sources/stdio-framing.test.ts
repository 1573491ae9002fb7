import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioProcessTransport } from '../../src/sources/stdio.ts';
import { loadJsonRpcSchemas } from '../../src/sources/json-rpc-messages.ts';

// These read through the transports' internals without start(), which loads the SDK's schemas.
await loadJsonRpcSchemas();

/** The transport's stdout reader, fed by hand: what a pipe delivers is any split of the bytes. */
function reader(): { feed(chunk: Uint8Array): void; messages: JSONRPCMessage[]; error(): Error | undefined } {
  const transport = new StdioProcessTransport({ command: 'unused', args: [], env: {} });
  const messages: JSONRPCMessage[] = [];
  transport.onmessage = (m) => messages.push(m);
  const receive = (transport as unknown as { receive(chunk: Uint8Array): void }).receive.bind(transport);
  return { feed: receive, messages, error: () => transport.protocolError };
}

const message = (id: number, text: string): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: { text } });

test('messages split anywhere (inside UTF-8 sequences, between CR and LF) arrive whole and in order', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
      fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }),
      (items, cuts) => {
        const sent = items.map(([text], i) => message(i, text.replace(/[\ud800-\udfff]/g, '?')));
        const bytes = Buffer.from(sent.map((m, i) => JSON.stringify(m) + (items[i]![1] ? '\r\n' : '\n')).join(''));
        const r = reader();
        let at = 0;
        for (let k = 0; at < bytes.length; k++) {
          const size = cuts[k % cuts.length]!;
          r.feed(bytes.subarray(at, at + size));
          at += size;
        }
        assert.is(r.error(), undefined);
        assert.equal(r.messages, sent);
      },
    ),
    { numRuns: 300 },
  );
});

test('a line of several megabytes in 64 kB chunks is one message; the text after it is kept for the next', () => {
  const big = message(1, 'é'.repeat(3_000_000));
  const bytes = Buffer.from(`${JSON.stringify(big)}\n${JSON.stringify(message(2, 'next'))}`);
  const r = reader();
  for (let at = 0; at < bytes.length; at += 65536) r.feed(bytes.subarray(at, at + 65536));
  assert.equal(r.messages, [big], 'the second line has no newline yet');
  r.feed(Buffer.from('\n'));
  assert.equal(r.messages, [big, message(2, 'next')]);
});

test('blank lines and plain-text lines are skipped (also before the handshake); a line that starts like JSON but is none is a protocol error that stops reading', () => {
  const r = reader();
  r.feed(Buffer.from(`\n  \r\n${JSON.stringify(message(1, 'a'))}\nServer started\n  00bx-server v1.1.2\n{"level":30,"time":1,"msg":"ready"}\n${JSON.stringify(message(2, 'b'))}\n`));
  assert.equal(r.messages, [message(1, 'a'), message(2, 'b')]);
  assert.is(r.error(), undefined);
  // Before the handshake, a line saying the server serves HTTP stops reading: nothing will answer.
  const http = reader();
  http.feed(Buffer.from('MCP server listening on port 3001\n'));
  assert.match(http.error()?.message ?? '', /^the server wrote a line to stdout that is not a JSON-RPC message: "MCP server listening on port 3001"; an MCP stdio server must write only JSON-RPC to stdout/);
  const broken = reader();
  broken.feed(Buffer.from('{"jsonrpc":"2.0",\n'));
  assert.match(broken.error()?.message ?? '', /not a JSON-RPC message \(Invalid JSON in a line the server wrote to stdout at line 1, column 18: .*\): "\{/);
});

test('a message spread over several lines (pretty-printed), or two messages on one line, is named as the cause, not log output', () => {
  // json.dumps(message, indent=2) / JSON.stringify(message, null, 2): the first line is "{" (servers11, raw3.py pretty).
  const pretty = reader();
  pretty.feed(Buffer.from(JSON.stringify(message(1, 'a'), null, 2) + '\n'));
  assert.equal(pretty.messages, []);
  const spread = pretty.error()?.message ?? '';
  assert.match(spread, /not a JSON-RPC message \(Invalid JSON .*the document is truncated\): "\{"; /);
  assert.match(spread, /one JSON-RPC message per line: a message must not be spread over several lines \(pretty-printed JSON\)/);
  assert.not.match(spread, /logs to stderr/);
  const cut = reader();
  cut.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"text":"a\n'));
  assert.match(cut.error()?.message ?? '', /must not be spread over several lines/);
  // Two messages with no newline between them (servers11, raw3.py glued).
  const glued = reader();
  glued.feed(Buffer.from(JSON.stringify(message(1, 'a')) + JSON.stringify(message(2, 'b')) + '\n'));
  const two = glued.error()?.message ?? '';
  assert.match(two, /after the end of the JSON value\): .*; two JSON values stand on one line: each JSON-RPC message on stdout ends with a newline/);
  assert.not.match(two, /logs to stderr/);
  // A line that merely is no JSON keeps the hint about logs.
  const other = reader();
  other.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}} trailing words\n'));
  assert.match(other.error()?.message ?? '', /logs to stderr/);
});

test('a JSON-RPC batch line (MCP 2025-03-26) delivers its messages in order; an empty batch is a protocol error', () => {
  const r = reader();
  const note = { jsonrpc: '2.0' as const, method: 'notifications/message', params: { level: 'info', data: 'x' } };
  r.feed(Buffer.from(`${JSON.stringify([note, message(1, 'a')])}\n${JSON.stringify(message(2, 'b'))}\n`));
  assert.equal(r.messages, [note, message(1, 'a'), message(2, 'b')]);
  assert.is(r.error(), undefined);
  const empty = reader();
  empty.feed(Buffer.from('[]\n'));
  assert.match(empty.error()?.message ?? '', /empty JSON-RPC batch/);
});

test('a line that is JSON but not JSON-RPC says why; one only the strict reader refuses gets no hint about logs', () => {
  const both = reader();
  both.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{},"error":null}\n'));
  assert.match(both.error()?.message ?? '', /not a JSON-RPC 2\.0 message: it has both "result" and "error"/);
  const old = reader();
  old.feed(Buffer.from('{"id":1,"result":{}}\n'));
  assert.match(old.error()?.message ?? '', /"jsonrpc" is missing, not "2\.0"/);
  // An "error" that is no error object, on a line with no "jsonrpc", "id" or "method", is a log record (@flink-app/mcp 1.0.0).
  const logged = reader();
  logged.feed(Buffer.from(`{"error":"Flink API MCP server started successfully"}\n${JSON.stringify(message(1, 'a'))}\n`));
  assert.equal(logged.messages, [message(1, 'a')]);
  assert.is(logged.error(), undefined);
  const errorObject = reader();
  errorObject.feed(Buffer.from('{"error":{"code":-32603,"message":"x"}}\n'));
  assert.match(errorObject.error()?.message ?? '', /"jsonrpc" is missing, not "2\.0"/);
  const meta = reader();
  meta.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"tools":[],"_meta":null}}\n'));
  assert.match(meta.error()?.message ?? '', /not a JSON-RPC 2\.0 message: at \$\.result\._meta: .*expected object, received null/);
  const dup = reader();
  dup.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"a":1,"a":2}}\n'));
  const text = dup.error()?.message ?? '';
  assert.match(text, /a JSON-RPC message that is not strict I-JSON .*duplicate/i);
  assert.not.match(text, /logs to stderr/);
});

test('a message line that is not UTF-8 is refused, never read with U+FFFD in place of its bytes (SPEC section 4)', () => {
  // `a\xff` and `a\u{fffd}` are different answers: read leniently they would lock alike.
  const invalid = [
    Buffer.from([0x61, 0xff]), // a byte that starts no UTF-8 sequence
    Buffer.from([0x61, 0xed, 0xa0, 0x80]), // a surrogate encoded as UTF-8 (CESU-8)
    Buffer.from([0x61, 0xc0, 0xaf]), // an overlong "/"
    Buffer.from([0x61, 0xe2, 0x82]), // a sequence cut short
  ];
  for (const bad of invalid) {
    const r = reader();
    r.feed(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"name":"'), bad, Buffer.from('"}}\n')]));
    assert.equal(r.messages, [], `${bad.toString('hex')} is refused`);
    assert.match(r.error()?.message ?? '', /^the server wrote a line to stdout that is not valid UTF-8 .*"\{\\"jsonrpc\\".*a\ufffd/);
  }
  // The real U+FFFD, and a BOM at the start of the stream, are read as before.
  const fine = reader();
  fine.feed(Buffer.from('\ufeff' + JSON.stringify(message(1, 'a\ufffd')) + '\n'));
  assert.equal(fine.messages, [message(1, 'a\ufffd')]);
  assert.is(fine.error(), undefined);
  const split = reader();
  const withBom = Buffer.from('\ufeff' + JSON.stringify(message(1, 'b')) + '\n');
  split.feed(withBom.subarray(0, 1));
  split.feed(withBom.subarray(1, 2));
  split.feed(withBom.subarray(2));
  assert.equal(split.messages, [message(1, 'b')]);
});

test('an invalid UTF-8 sequence split across chunks is still refused; a valid one split anywhere is not', () => {
  const bytes = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"\u00e9'), Buffer.from([0xe2, 0x82]), Buffer.from('"}}\n')]);
  for (let cut = 1; cut < bytes.length; cut++) {
    const r = reader();
    r.feed(bytes.subarray(0, cut));
    r.feed(bytes.subarray(cut));
    assert.equal(r.messages, []);
    assert.match(r.error()?.message ?? '', /not valid UTF-8/);
  }
});

test.run();
