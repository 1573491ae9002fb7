/**
 * Benchmark: reading a large stdio answer (a `tools/list` of 20,000 tools, ~9 MB on one line)
 * delivered in 64 kB pipe chunks, through the stdio transport's reader (framing, strict I-JSON
 * reader, JSON-RPC shape check). The floor, measured in the same run, is what any reader must do
 * at least: decode the bytes and `JSON.parse` the line once. A reader that re-scans its buffer for
 * every chunk grows with the square of the line (it took ~15× the current time before the fix).
 *
 * @module
 */
import { StdioProcessTransport } from '../../src/sources/stdio.ts';
import { loadJsonRpcSchemas } from '../../src/sources/json-rpc-messages.ts';

// These read through the transports' internals without start(), which loads the SDK's schemas.
await loadJsonRpcSchemas();

const RUNS = 7;
const tools = Array.from({ length: 20_000 }, (_, i) => ({ name: `tool_${i}`, description: `Does thing ${i}. `.repeat(20), inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }));
const bytes = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } })}\n`);
const CHUNK = 65536;

function viaTransport(): number {
  const transport = new StdioProcessTransport({ command: 'unused', args: [], env: {} });
  let received = 0;
  transport.onmessage = () => received++;
  const receive = (transport as unknown as { receive(chunk: Uint8Array): void }).receive.bind(transport);
  const t = performance.now();
  for (let at = 0; at < bytes.length; at += CHUNK) receive(bytes.subarray(at, at + CHUNK));
  const ms = performance.now() - t;
  if (received !== 1 || transport.protocolError) throw new Error('the message was not read');
  return ms;
}

function floor(): number {
  const t = performance.now();
  const decoder = new TextDecoder();
  let text = '';
  for (let at = 0; at < bytes.length; at += CHUNK) text += decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true });
  JSON.parse(text);
  return performance.now() - t;
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!;
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < RUNS; i++) {
  b.push(floor());
  a.push(viaTransport());
}
console.log(`stdio-framing.bench: ${(bytes.length / 1e6).toFixed(1)} MB on one line in ${CHUNK / 1024} kB chunks, median of ${RUNS}`);
console.log(`  floor (decode + JSON.parse)       ${median(b).toFixed(1).padStart(8)} ms`);
console.log(`  stdio transport reader            ${median(a).toFixed(1).padStart(8)} ms   ${(median(a) / median(b)).toFixed(2)}x the floor`);
