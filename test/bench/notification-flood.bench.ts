/**
 * Benchmark: 200,000 `notifications/message` lines (a server logging at debug level before it
 * answers `tools/list`), read in 64 kB pipe chunks by the stdio transport's reader and routed by
 * the listing client to its notification handler. The floor, measured in the same run, is what any
 * reader must do at least: decode the bytes and `JSON.parse` each line. Before the fix each
 * notification went through up to seven zod parses, most of them failing (about 3× the time
 * measured here; 6.3 s of CPU for a whole `inspect` run, 2.1 s after).
 *
 * @module
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { StdioProcessTransport } from '../../src/sources/stdio.ts';
import { loadJsonRpcSchemas } from '../../src/sources/json-rpc-messages.ts';
import { ListingClient } from '../../src/sources/listing-client.ts';

// The reader runs here without start(), which loads the SDK's schemas.
await loadJsonRpcSchemas();

const N = 200_000;
const RUNS = 3;
const CHUNK = 65536;
const bytes = Buffer.from(
  Array.from({ length: N }, (_, i) => `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', logger: 'loader', data: `loaded module ${i} of ${N}` } })}\n`).join(''),
);

async function viaTransport(): Promise<number> {
  const loop: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        queueMicrotask(() => loop.onmessage?.({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params!['protocolVersion'], capabilities: {}, serverInfo: { name: 'bench', version: '1' } } }));
      }
    },
  };
  const client = new ListingClient();
  await client.connect(loop);
  let handled = 0;
  client.fallbackNotificationHandler = async () => {
    handled++;
  };
  const transport = new StdioProcessTransport({ command: 'unused', args: [], env: {} });
  transport.onmessage = (message) => loop.onmessage!(message);
  const receive = (transport as unknown as { receive(chunk: Uint8Array): void }).receive.bind(transport);
  const t = performance.now();
  for (let at = 0; at < bytes.length; at += CHUNK) {
    receive(bytes.subarray(at, at + CHUNK));
    // The pipe's chunks come one event-loop turn apart: the handlers queued meanwhile run here.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const ms = performance.now() - t;
  if (handled !== N || transport.protocolError) throw new Error(`${handled} of ${N} notifications were handled`);
  await client.close();
  return ms;
}

function floor(): number {
  const t = performance.now();
  const decoder = new TextDecoder();
  let rest = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const lines = (rest + decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true })).split('\n');
    rest = lines.pop()!;
    for (const line of lines) JSON.parse(line);
  }
  return performance.now() - t;
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!;
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < RUNS; i++) {
  b.push(floor());
  a.push(await viaTransport());
}
console.log(`notification-flood.bench: ${N} notifications/message (${(bytes.length / 1e6).toFixed(1)} MB) in ${CHUNK / 1024} kB chunks, median of ${RUNS}`);
console.log(`  floor (decode + JSON.parse per line) ${median(b).toFixed(0).padStart(8)} ms`);
console.log(`  stdio reader + listing client        ${median(a).toFixed(0).padStart(8)} ms   ${(median(a) / median(b)).toFixed(1)}x the floor`);
