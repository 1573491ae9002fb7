/**
 * Benchmark: `mcpfusion diff` of two big lockfiles (default ~64 MB each; `BENCH_DIFF_TOOLS` sets
 * the number of tools, 72 KB of lockfile each) under a 256 MiB heap
 * (`node --max-old-space-size=256`), where reading both lockfiles whole (text, document tree and
 * contract set of each) ran out of heap and aborted the process (exit 134). The lockfiles are
 * written by real `lock` runs against the scripted server `test/fixtures/servers/big-tools.mjs`
 * (variant 0 and 1: tools added, removed, reworded, schemas changed). Prints the exit code, wall
 * and CPU time and peak memory (GNU time, when installed) of `diff` beside a floor run in the
 * same heap: a program that reads both files as text and keeps them. Measured here, never
 * asserted in a test.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'dist/mcpfusion.js');
const SERVER = join(ROOT, 'test/fixtures/servers/big-tools.mjs');
const tools = Number(process.env['BENCH_DIFF_TOOLS'] ?? 920);
const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-diff-mem-'));
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  status: number | null;
  wallMs: number;
  cpuS?: number;
  rssMiB?: number;
}

function run(heapMiB: number | undefined, args: string[], env: Record<string, string> = {}): Run {
  const node = [process.execPath, ...(heapMiB !== undefined ? [`--max-old-space-size=${heapMiB}`] : []), ...args];
  const argv = gnuTime ? [gnuTime, '-f', 'MEASURE %U %S %M', ...node] : node;
  const out = openSync(join(dir, 'out'), 'w');
  const t = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, stdio: ['ignore', out, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
  const wallMs = performance.now() - t;
  closeSync(out);
  const m = /MEASURE ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  if (!m) return { status: r.status, wallMs };
  return { status: r.status, wallMs, cpuS: Number(m[1]) + Number(m[2]), rssMiB: Number(m[3]) / 1024 };
}

const show = (name: string, r: Run): string =>
  `${name}: exit ${r.status}, ${(r.wallMs / 1000).toFixed(1)} s wall${r.cpuS !== undefined ? `, ${r.cpuS.toFixed(1)} s CPU, peak RSS ${r.rssMiB!.toFixed(0)} MiB` : ''}`;

for (const variant of [0, 1]) {
  const r = run(undefined, [CLI, 'lock', '--server', `node ${SERVER}`, '--lockfile', `v${variant}.lock`, '--quiet'], {
    SOURCE_DATE_EPOCH: '1700000000', FIXTURE_TOOLS: String(tools), FIXTURE_VARIANT: String(variant),
  });
  if (r.status !== 0) throw new Error(`lock of variant ${variant} exited ${r.status}`);
}
const mib = (f: string): string => (statSync(join(dir, f)).size / 1024 / 1024).toFixed(0);
console.log(`diff of two lockfiles of ${tools} big tools (${mib('v0.lock')} and ${mib('v1.lock')} MiB)`);
const floorScript = "const fs=require('node:fs');const a=fs.readFileSync('v0.lock','utf8');const b=fs.readFileSync('v1.lock','utf8');if(a.length+b.length===0)process.exit(3)";
let failed = false;
for (const heap of [undefined, 256]) {
  const name = heap === undefined ? 'default heap' : `${heap} MiB heap`;
  const floor = run(heap, ['-e', floorScript]);
  console.log(`  ${show(`floor (read both files as text), ${name}`, floor)}`);
  const diff = run(heap, [CLI, 'diff', 'v0.lock', 'v1.lock', '--format', 'json']);
  const ratio = diff.rssMiB !== undefined && floor.rssMiB !== undefined ? `; peak RSS ${(diff.rssMiB / floor.rssMiB).toFixed(2)}x the floor's, CPU ${(diff.cpuS! / floor.cpuS!).toFixed(1)}x` : '';
  console.log(`  ${show(`diff --format json, ${name}`, diff)}${ratio}; ${statSync(join(dir, 'out')).size} bytes written`);
  // Exit 1: the pair has BREAKING changes and the gate fails, as it should.
  if (diff.status !== 1) failed = true;
}
rmSync(dir, { recursive: true, force: true });
if (failed) process.exitCode = 1;
