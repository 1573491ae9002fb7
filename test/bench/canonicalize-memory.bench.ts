/**
 * Benchmark: `mcpfusion canonicalize` of a ~150 MB JSON array of small objects under a 512 MiB
 * heap (`node --max-old-space-size=512`), where reading it into a tree and writing the canonical
 * string in one piece ran out of heap and aborted the process (exit 134, a V8 crash dump). Prints
 * the exit code, wall and CPU time and peak memory (from GNU time when installed) beside a floor
 * run in the same heap: a program that reads the file as text and writes it out unchanged. Then
 * the smallest of 384 and 256 MiB heaps the command still passes in. Measured here, never
 * asserted in a test.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-canon-mem-'));
const input = join(dir, 'big.json');
const output = join(dir, 'out.json');

// ~150 MB: {"b":0,"a":"x0"} … objects written with their keys out of order, so every one is sorted.
const fd = openSync(input, 'w');
writeSync(fd, '[');
let size = 1;
let parts: string[] = [];
for (let i = 0; size < 150 * 1024 * 1024; i++) {
  const s = `${i > 0 ? ',' : ''}{"b":${i % 7},"a":"x${i % 1000}"}`;
  parts.push(s);
  size += s.length;
  if (parts.length === 10000) {
    writeSync(fd, parts.join(''));
    parts = [];
  }
}
writeSync(fd, parts.join('') + ']');
closeSync(fd);

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  status: number | null;
  wallMs: number;
  cpuS?: string;
  rssMiB?: string;
}

function run(heapMiB: number, args: string[]): Run {
  const node = [process.execPath, `--max-old-space-size=${heapMiB}`, ...args];
  const argv = gnuTime ? [gnuTime, '-f', 'MEASURE %U %S %M', ...node] : node;
  const out = openSync(output, 'w');
  const t = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ['ignore', out, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - t;
  closeSync(out);
  const m = /MEASURE ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  const status = r.status;
  if (!m) return { status, wallMs };
  return { status, wallMs, cpuS: (Number(m[1]) + Number(m[2])).toFixed(1), rssMiB: (Number(m[3]) / 1024).toFixed(0) };
}

const show = (name: string, r: Run): string =>
  `${name}: exit ${r.status}, ${(r.wallMs / 1000).toFixed(1)} s wall${r.cpuS ? `, ${r.cpuS} s CPU, peak RSS ${r.rssMiB} MiB` : ''}`;

const floorScript = `const fs=require('node:fs');const t=fs.readFileSync(${JSON.stringify(input)},'utf8');fs.writeSync(1,t)`;
const cli = ['dist/mcpfusion.js', 'canonicalize', input];

console.log(`canonicalize of ${(statSync(input).size / 1024 / 1024).toFixed(0)} MiB of small objects`);
const floor = run(512, ['-e', floorScript]);
console.log(`  ${show('floor (read the text, write it unchanged), 512 MiB heap', floor)}`);
const main = run(512, cli);
const outSize = main.status === 0 ? statSync(output).size : 0;
console.log(`  ${show('canonicalize, 512 MiB heap', main)}; ${outSize} bytes written; ${(main.wallMs / floor.wallMs).toFixed(2)}x the floor's wall time`);
for (const heap of [384, 256]) {
  const r = run(heap, cli);
  console.log(`  ${show(`canonicalize, ${heap} MiB heap`, r)}`);
  if (r.status !== 0) break;
}
rmSync(dir, { recursive: true, force: true });
if (main.status !== 0) process.exitCode = 1;
