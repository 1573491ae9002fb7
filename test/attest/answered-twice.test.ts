/**
 * A request answered twice under its own id: which answer does a client take, and what do the
 * guard and heal do with the second? The rule both follow is the one for calls: every answer some
 * client takes is checked (guard) or given the block (heal); an answer no client takes passes as
 * it came. An answer under the request's own id ends the request for every client, so a second
 * one under that id is taken by none: the TypeScript SDK's client (tested here) reports it to
 * `onerror` as an unknown id and keeps the first. The guard therefore passes it unread, and heal
 * learns the first list, as it gives a second exact answer to a failed call no block.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createToolsListWatch } from '../../src/guard/tools-list-watch.ts';
import { createAwarenessWatch } from '../../src/guard/tools-call-awareness.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
const line = (m: unknown): Uint8Array => enc(JSON.stringify(m) + '\n');
const GOOD = { tools: [{ name: 'good', inputSchema: { type: 'object' } }] };
const EVIL = { tools: [{ name: 'evil', inputSchema: { type: 'object' } }] };

test('the SDK client takes the first of two answers under one id; the second is reported as answering no request', async () => {
  const errors: string[] = [];
  const transport: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (m) => {
      if (!('method' in m) || !('id' in m)) return;
      if (m.method === 'initialize') {
        queueMicrotask(() => transport.onmessage?.({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params!['protocolVersion'], capabilities: { tools: {} }, serverInfo: { name: 'twice', version: '1' } } }));
      } else if (m.method === 'tools/list') {
        queueMicrotask(() => {
          transport.onmessage?.({ jsonrpc: '2.0', id: m.id, result: GOOD });
          transport.onmessage?.({ jsonrpc: '2.0', id: m.id, result: EVIL });
        });
      }
    },
  };
  const client = new Client({ name: 'twice-test', version: '1' });
  client.onerror = (e) => errors.push(e.message);
  await client.connect(transport);
  const { tools } = await client.listTools();
  assert.equal(tools.map((t) => t.name), ['good']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.ok(errors.some((e) => e.startsWith('Received a response for an unknown message ID') && e.includes('evil')), JSON.stringify(errors));
  await client.close();
});

test('guard: the first answer under the request\'s id is checked and ends the wait; a second under that id passes as it came', () => {
  const w = createToolsListWatch((tools) => (tools.some((t) => (t as { name: string }).name === 'evil') ? 'lists tools that are not attested: "evil"' : null));
  w.clientLine(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
  const first = line({ jsonrpc: '2.0', id: 2, result: GOOD });
  assert.is(w.serverLine(first), first);
  assert.not.ok(w.waiting);
  const second = line({ jsonrpc: '2.0', id: 2, result: EVIL });
  assert.is(w.serverLine(second), second);
  assert.is(w.refused, null);
  // Where the first is refused, the session ends there (and the second never reaches a client).
  const v = createToolsListWatch((tools) => (tools.some((t) => (t as { name: string }).name === 'evil') ? 'lists tools that are not attested: "evil"' : null));
  v.clientLine(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
  assert.match(dec(v.serverLine(line({ jsonrpc: '2.0', id: 2, result: EVIL }))), /refusing to serve/);
});

test('heal: of a tools/list answered twice under its id the first list is learnt; of a failed call answered twice the first gets the block', () => {
  const listed: string[][] = [];
  const w = createAwarenessWatch({
    blockFor: (tool) => (tool === 't' ? '<contract_awareness tool="t">\n</contract_awareness>' : ''),
    onToolsListed: (tools) => listed.push(tools.map((t) => (t as { name: string }).name)),
  });
  w.clientLine(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
  w.serverLine(line({ jsonrpc: '2.0', id: 2, result: GOOD }));
  w.serverLine(line({ jsonrpc: '2.0', id: 2, result: EVIL }));
  assert.equal(listed, [['good']]);
  w.clientLine(line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 't', arguments: {} } }));
  const failed = { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad' } };
  assert.match(dec(w.serverLine(line(failed))), /contract_awareness/);
  const again = line(failed);
  assert.is(w.serverLine(again), again);
});

test.run();
