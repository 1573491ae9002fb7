/**
 * The rules every paged list is read by, against servers that page in hostile ways: cursors of
 * megabytes (a new one each page, or one repeated), a cursor that is no string, and pages that
 * together hold far more than one message may.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkListBytes, jsonTextSize, MAX_LIST_BYTES, nextCursor } from '../../src/sources/list-pages.ts';
import { readLiveServer, type LiveConnection } from '../../src/sources/mcp-client.ts';
import { SourceError } from '../../src/errors.ts';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;

test('a repeated cursor of 2 MiB is quoted by its start and length, not whole', () => {
  const cursor = 'c'.repeat(2 * 1024 * 1024);
  const seen = new Set<string>();
  assert.is(nextCursor(cursor, 1, seen, 'tools/list', []), cursor);
  let message = '';
  try {
    nextCursor(cursor, 2, seen, 'tools/list', []);
  } catch (e) {
    message = (e as Error).message;
  }
  assert.ok(message.startsWith(`the server keeps paginating (cursor "${'c'.repeat(40)}"… (2097152 characters) at page 2 was sent before)`), message.slice(0, 300));
  assert.ok(message.length < 300, `${message.length} characters`);
});

test('the cursors followed are remembered by digest: a new cursor of 1 MiB per page keeps no megabytes', () => {
  const seen = new Set<string>();
  for (let page = 1; page <= 20; page++) nextCursor(`${page}:${'x'.repeat(1024 * 1024)}`, page, seen, 'tools/list', []);
  assert.is(seen.size, 20);
  for (const key of seen) assert.ok(key.length < 100, `a key of ${key.length} characters`);
});

test('a nextCursor that is not a string says what it is', () => {
  for (const [value, found] of [[5, 'the number 5'], [-1.5e300, 'the number -1.5e+300'], [{ a: 1 }, 'an object'], [['x'], 'an array'], [true, 'the boolean true']] as const) {
    assert.throws(() => nextCursor(value, 3, new Set(), 'tools/list', []), (e: Error) => e.message === `page 3 has a nextCursor that is not a string (found ${found}); a cursor is an opaque string the client sends back`);
  }
});

test('jsonTextSize is the length of compact JSON text for values without escapes', () => {
  for (const v of [null, true, false, 0, -1.5, 'abc', [], {}, [1, 'a', null], { tools: [{ name: 't', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }], nextCursor: 'n' }]) {
    assert.is(jsonTextSize(v), JSON.stringify(v).length, JSON.stringify(v));
  }
  assert.not.throws(() => checkListBytes(MAX_LIST_BYTES, 9, 'tools/list'));
  assert.throws(() => checkListBytes(MAX_LIST_BYTES + 1, 9, 'tools/list'), /more than 64 MiB in all \(64 MiB after page 9\)/);
});

/** A server in this process that answers each tools/list page with one tool of `pageChars` characters, forever. */
function endlessPages(pageChars: number): LiveConnection {
  const [client, server] = InMemoryTransport.createLinkedPair();
  // One string shared by every page: the pages weigh nothing here, only what they would be as text.
  const description = 'x'.repeat(pageChars);
  let pages = 0;
  server.onmessage = (m: JSONRPCMessage) => {
    if (!('id' in m) || !('method' in m)) return;
    const answer = m.method === 'initialize'
      ? { protocolVersion: (m.params as { protocolVersion: string }).protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'pages', version: '1' } }
      : { tools: [{ name: `t${++pages}`, description, inputSchema: { type: 'object' } }], nextCursor: `p${pages}` };
    void server.send({ jsonrpc: '2.0', id: m.id, result: answer });
  };
  return {
    transport: client,
    label: 'in-memory',
    startStage: 'spawn',
    start: () => server.start(),
    onFailure: () => {},
    diagnostics: () => '',
    explainClose: () => undefined,
    shutdown: async () => {
      await server.close();
      return [];
    },
  };
}

test('pages of 5 MiB each fail the list once they pass 64 MiB together, instead of filling memory page after page', async () => {
  let error: unknown;
  try {
    await readLiveServer(endlessPages(5 * 1024 * 1024), { start: 5000, handshake: 5000, request: 5000, settle: 0 });
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof SourceError, String(error));
  assert.match((error as Error).message.slice(0, 400), /failed at stage "tools\/list \(page 13\)": the server's tools\/list pages hold more than 64 MiB in all \(65 MiB after page 13\)/);
});

test('live: a repeated cursor of 4 MiB fails with a short message (before: the whole cursor, 4 MiB, on stderr)', () => {
  const r = runCli(['lock', '--server', `${NODE} ${fixture('loops-cursor.mjs')}`, '--request-timeout', '20000'], { cwd: tempDir(), env: { ...process.env, FIXTURE_CURSOR_CHARS: String(4 * 1024 * 1024) } });
  assert.is(r.code, 3, r.stderr.slice(0, 500));
  assert.ok(r.stderr.includes('failed at stage "tools/list (page 2)": the server keeps paginating (cursor "aaaa'), r.stderr.slice(0, 500));
  assert.ok(r.stderr.includes('… (4194304 characters) at page 2 was sent before); a cursor must not repeat'), r.stderr.slice(0, 500));
  assert.ok(r.stderr.length < 2000, `${r.stderr.length} characters on stderr`);
});

test.run();
