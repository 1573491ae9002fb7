/**
 * Benchmark: round-trip latency of MCP requests (ping, tools/list) to a real server (server-memory) directly and
 * through `mcpfusion guard`, measured in the same run with the same SDK client. The direct run
 * is the floor; the guard's cost per request is the difference (goal: well under a millisecond).
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const BUNDLE = join(ROOT, 'dist/mcpfusion.js');
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const NODE = process.execPath;
const N = 1000;
const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-guard-bench-'));
const env = { PATH: process.env['PATH']!, MCPFUSION_SECRET: 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz', MEMORY_FILE_PATH: join(dir, 'm.jsonl') };

async function measure(command: string, args: string[]): Promise<number[]> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command, args, env, cwd: dir, stderr: 'ignore' }));
  try {
    for (let i = 0; i < 50; i++) await client.ping(); // warm up
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await (i % 2 === 0 ? client.ping() : client.listTools());
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await client.close();
  }
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  const signed = spawnSync(NODE, [BUNDLE, 'attest', 'sign', '--server', `"${NODE}" "${MEMORY}"`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env, encoding: 'utf8' });
  if (signed.status !== 0) throw new Error(signed.stderr);
  const direct = await measure(NODE, [MEMORY]);
  const guarded = await measure(NODE, [BUNDLE, 'guard', '--quiet', '--secret-env', 'MCPFUSION_SECRET', '--', NODE, MEMORY]);
  console.log(`guard-proxy.bench: ${N} sequential round trips (ping and tools/list alternating) to server-memory`);
  console.log(`  direct  (floor): p50 ${pct(direct, 0.5).toFixed(3)} ms  p99 ${pct(direct, 0.99).toFixed(3)} ms`);
  console.log(`  guarded:         p50 ${pct(guarded, 0.5).toFixed(3)} ms  p99 ${pct(guarded, 0.99).toFixed(3)} ms`);
  console.log(`  added per request: p50 ${(pct(guarded, 0.5) - pct(direct, 0.5)).toFixed(3)} ms  ratio ${(pct(guarded, 0.5) / pct(direct, 0.5)).toFixed(2)}x (goal: < 0.5 ms added)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
