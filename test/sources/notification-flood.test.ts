/**
 * A server that sends many notifications (a debug log level left on: 200000 `notifications/message`
 * before it answered `tools/list`) must not spend the request's time limit on them. Each message
 * used to be parsed by up to seven zod schemas, most of them failing (the reader's union tried a
 * notification as a request first; the SDK's router tried it as a result, an error and a request),
 * and a failing parse builds issues: measured at 6.3 s of CPU for 200000 (50 s on a loaded
 * machine, past the 30 s default), 2.1 s after. The counts below are of reads of the `jsonrpc`
 * member, which every schema's parse reads once: one read is one parse. The time itself is in
 * `test/bench/notification-flood.bench.ts`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoggingMessageNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { jsonRpcMessages, loadJsonRpcSchemas } from '../../src/sources/json-rpc-messages.ts';
import { checkNotificationDispatch, ListingClient } from '../../src/sources/listing-client.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

await loadJsonRpcSchemas();

/** The message behind a proxy that counts the reads of its `jsonrpc` member. */
function counted<T extends object>(message: T): { message: T; parses: () => number } {
  let reads = 0;
  const proxy = new Proxy(message, {
    get(target, key, receiver) {
      if (key === 'jsonrpc') reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { message: proxy, parses: () => reads };
}

const LOG = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data: 'loaded module 1' } } as const;

for (const [kind, message] of [
  ['a notification', LOG],
  ['a request', { jsonrpc: '2.0', id: 7, method: 'ping' }],
  ['a result', { jsonrpc: '2.0', id: 7, result: { tools: [] } }],
  ['an error', { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } }],
] as const) {
  test(`reader: ${kind} is parsed by one schema, the one its shape names (before: up to 4, one per branch of the union tried in turn)`, () => {
    const c = counted({ ...message });
    const [read] = jsonRpcMessages(c.message);
    assert.equal(read, message);
    assert.is(c.parses(), 1);
  });
}

test('reader: what fits no branch still gets the union\'s reason', () => {
  assert.throws(() => jsonRpcMessages({ jsonrpc: '2.0', id: 1, method: 'ping', result: {} }), /not a JSON-RPC 2.0 message/);
  assert.throws(() => jsonRpcMessages({ jsonrpc: '2.0', method: 'x', params: { _meta: null } }), /at \$\.params\._meta/);
});

/** A transport that answers `initialize` and keeps what the client sends. */
function loopTransport(): Transport & { sent: JSONRPCMessage[] } {
  const transport: Transport & { sent: JSONRPCMessage[] } = {
    sent: [],
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      transport.sent.push(message);
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        queueMicrotask(() => transport.onmessage?.({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params!['protocolVersion'], capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'loop', version: '1' } } }));
      }
    },
  };
  return transport;
}

test('client: a notification is parsed once on its way to its handler (before: 4 times, as a result, an error and a request first), and still reaches it', async () => {
  const transport = loopTransport();
  const client = new ListingClient();
  await client.connect(transport);
  const log = counted({ ...LOG });
  transport.onmessage!(log.message);
  assert.is(log.parses(), 1);
  const changed = counted({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' } as const);
  transport.onmessage!(changed.message);
  assert.is(changed.parses(), 1);
  assert.equal(await client.waitForChangedLists(10_000, new Promise(() => {})), ['tools']);
  await client.close();
});

test('client: answers and the server\'s requests still go through the SDK\'s router', async () => {
  const transport = loopTransport();
  const client = new ListingClient();
  await client.connect(transport);
  transport.onmessage!({ jsonrpc: '2.0', id: 'p1', method: 'ping' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.ok(transport.sent.some((m) => 'id' in m && m.id === 'p1' && 'result' in m), JSON.stringify(transport.sent));
  const listed = client.listTools();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const request = transport.sent.at(-1) as { id: number };
  transport.onmessage!({ jsonrpc: '2.0', id: request.id, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });
  assert.is((await listed).tools[0]!.name, 'echo');
  await client.close();
});

test('client: with the fast path off (the SDK\'s private dispatch failed its check), a notification goes through the SDK\'s router and still reaches its handler', async () => {
  const transport = loopTransport();
  const client = new ListingClient({ notificationFastPath: false });
  await client.connect(transport);
  assert.is(client.notificationRoute, 'sdk');
  const log = counted({ ...LOG });
  transport.onmessage!(log.message);
  // The router tries it as a result, an error and a request first: parsed more than once.
  assert.ok(log.parses() > 1, String(log.parses()));
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  assert.equal(await client.waitForChangedLists(10_000, new Promise(() => {})), ['tools']);
  await client.close();
});

test('checkNotificationDispatch: the SDK loaded passes; a client without the private dispatch, or one that does not hand the notification on, fails it', async () => {
  assert.is(await checkNotificationDispatch(), true);
  assert.is(await checkNotificationDispatch(() => ({})), false);
  assert.is(await checkNotificationDispatch(() => ({ _onnotification: () => {} })), false);
  assert.is(await checkNotificationDispatch(() => ({ _onnotification: () => { throw new Error('renamed'); } })), false);
  // One that hands on something else than the notification it was given.
  const altered = { fallbackNotificationHandler: undefined as undefined | ((n: unknown) => Promise<void>), _onnotification(this: { fallbackNotificationHandler?: (n: unknown) => Promise<void> }, n: { method: string }) {
    void Promise.resolve().then(() => this.fallbackNotificationHandler?.({ ...n }));
  } };
  assert.is(await checkNotificationDispatch(() => altered), false);
  // A fresh client gets the fast path.
  const client = new ListingClient();
  await client.connect(loopTransport());
  assert.is(client.notificationRoute, 'direct');
  await client.close();
});

for (const fast of [true, false]) {
  test(`a real server flooding 20000 notifications/message before it answers tools/list, fast path ${fast ? 'on' : 'off'}: every notification reaches its handler and the tools are listed`, async () => {
    const connection = stdioConnection({ command: process.execPath, args: [fixture('log-flood.mjs')], env: { ...process.env, FIXTURE_LOGS: '20000' } });
    await connection.start();
    const client = new ListingClient({ notificationFastPath: fast });
    let logged = 0;
    client.setNotificationHandler(LoggingMessageNotificationSchema, () => {
      logged++;
    });
    try {
      await client.connect(connection.transport, { timeout: 120_000 });
      assert.is(client.notificationRoute, fast ? 'direct' : 'sdk');
      const { tools } = await client.listTools(undefined, { timeout: 120_000 });
      assert.equal(tools.map((t) => t.name), ['echo']);
      // Handlers run in microtasks after their dispatch: all have run by the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      assert.is(logged, 20000);
    } finally {
      await connection.shutdown();
    }
  });
}

test('a server that logs 50000 notifications/message before it answers tools/list is locked as without them', () => {
  const dir = tempDir();
  // A time limit no loaded machine reaches for this count: the lock, not the time, is checked here.
  const r = runCli(['lock', '--server', `${process.execPath} ${fixture('log-flood.mjs')}`, '--request-timeout', '90000'], { cwd: dir, env: { ...process.env, FIXTURE_LOGS: '50000' } });
  assert.is(r.code, 0, r.stderr);
  const lock = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, unknown> } };
  assert.equal(Object.keys(lock.capabilities.tools), ['echo']);
  assert.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test.run();
