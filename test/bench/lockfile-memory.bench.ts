/**
 * Benchmark: memory and time of `lock`, `check` and `diff` with big lockfiles (default ~64 MB
 * each; `BENCH_LOCKFILE_TOOLS` sets the number of tools, 72 KB of lockfile each) under a 256 MiB
 * heap (`node --max-old-space-size=256`, a small CI container), where reading a lockfile whole
 * (text, document tree and contract set) beside the listing or the other side ran out of heap and
 * aborted the process (exit 134). The lockfiles are written by real `lock` runs against the
 * scripted server `test/fixtures/servers/big-tools.mjs` (variant 0 and 1: tools added, removed,
 * reworded, schemas changed). Prints the exit code, wall and CPU time and peak memory (GNU time,
 * when installed) of each command beside a floor run in the same heap: a program that reads the
 * lockfiles the command reads as text and keeps them (both for `diff`, the old one for `lock`
 * and `check`). `diff` also takes the old lockfile on stdin, redirected and piped. `npm run bench -- lockfile-memory`. Measured here, never asserted in a test.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'dist/mcpfusion.js');
const SERVER = join(ROOT, 'test/fixtures/servers/big-tools.mjs');
const tools = Number(process.env['BENCH_LOCKFILE_TOOLS'] ?? 920);
const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-diff-mem-'));
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  status: number | null;
  wallMs: number;
  cpuS?: number;
  rssMiB?: number;
}

/** What the command reads on stdin: nothing, a file redirected to it, or a file piped in by `cat`. */
type Stdin = undefined | { file: string } | { pipe: string };

function run(heapMiB: number | undefined, args: string[], env: Record<string, string> = {}, stdin: Stdin = undefined): Run {
  const node = [process.execPath, ...(heapMiB !== undefined ? [`--max-old-space-size=${heapMiB}`] : []), ...args];
  const timed = gnuTime ? [gnuTime, '-f', 'MEASURE %U %S %M', ...node] : node;
  // Piped: `cat FILE | <the command>`, measured alone (GNU time wraps only the command).
  const argv = stdin !== undefined && 'pipe' in stdin ? ['sh', '-c', 'cat "$0" | "$@"', join(dir, stdin.pipe), ...timed] : timed;
  const out = openSync(join(dir, 'out'), 'w');
  const input = stdin !== undefined && 'file' in stdin ? openSync(join(dir, stdin.file), 'r') : 'ignore';
  const t = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, stdio: [input, out, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
  const wallMs = performance.now() - t;
  closeSync(out);
  if (typeof input === 'number') closeSync(input);
  const m = /MEASURE ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  if (!m) return { status: r.status, wallMs };
  return { status: r.status, wallMs, cpuS: Number(m[1]) + Number(m[2]), rssMiB: Number(m[3]) / 1024 };
}

const show = (name: string, r: Run): string =>
  `${name}: exit ${r.status}, ${(r.wallMs / 1000).toFixed(1)} s wall${r.cpuS !== undefined ? `, ${r.cpuS.toFixed(1)} s CPU, peak RSS ${r.rssMiB!.toFixed(0)} MiB` : ''}`;

/** `lock` of a variant of the server into `file`. */
const lockArgs = (file: string): string[] => [CLI, 'lock', '--server', `node ${SERVER}`, '--lockfile', file, '--quiet'];
const serverEnv = (variant: number): Record<string, string> => ({ SOURCE_DATE_EPOCH: '1700000000', FIXTURE_TOOLS: String(tools), FIXTURE_VARIANT: String(variant) });

for (const variant of [0, 1]) {
  const r = run(undefined, lockArgs(`v${variant}.lock`), serverEnv(variant));
  if (r.status !== 0) throw new Error(`lock of variant ${variant} exited ${r.status}`);
}
const mib = (f: string): string => (statSync(join(dir, f)).size / 1024 / 1024).toFixed(0);
console.log(`lock, check and diff with lockfiles of ${tools} big tools (${mib('v0.lock')} and ${mib('v1.lock')} MiB)`);
const ratio = (r: Run, floor: Run): string =>
  r.rssMiB !== undefined && floor.rssMiB !== undefined ? `; peak RSS ${(r.rssMiB / floor.rssMiB).toFixed(2)}x the floor's, CPU ${(r.cpuS! / floor.cpuS!).toFixed(1)}x` : '';
const readText = (files: string[]): string =>
  `const fs=require('node:fs');const t=[${files.map((f) => `fs.readFileSync('${f}','utf8')`).join(',')}];if(t.every((x)=>x.length===0))process.exit(3)`;
let failed = false;
/** Run one command, print it beside the floor, and note an exit code other than `want`. */
function row(name: string, heap: number | undefined, args: string[], want: number, floor: Run, env: Record<string, string> = {}, stdin: Stdin = undefined): void {
  const r = run(heap, args, env, stdin);
  console.log(`  ${show(name, r)}${ratio(r, floor)}`);
  if (r.status !== want) failed = true;
}
for (const heap of [undefined, 256]) {
  const name = heap === undefined ? 'default heap' : `${heap} MiB heap`;
  const floor = run(heap, ['-e', readText(['v0.lock', 'v1.lock'])]);
  console.log(`  ${show(`floor (read both files as text), ${name}`, floor)}`);
  // Exit 1: the pair has BREAKING changes and the gate fails, as it should.
  row(`diff --format json, ${name}`, heap, [CLI, 'diff', 'v0.lock', 'v1.lock', '--format', 'json'], 1, floor);
}
// The OLD side on stdin (read from its bytes, as a file side is): redirected, and piped (whose
// size is not known, so its chunks are joined once they are all read).
const stdinFloor = run(256, ['-e', readText(['v0.lock', 'v1.lock'])]);
row('diff - v1.lock < v0.lock, 256 MiB heap', 256, [CLI, 'diff', '-', 'v1.lock', '--format', 'json'], 1, stdinFloor, {}, { file: 'v0.lock' });
row('cat v0.lock | diff - v1.lock, 256 MiB heap', 256, [CLI, 'diff', '-', 'v1.lock', '--format', 'json'], 1, stdinFloor, {}, { pipe: 'v0.lock' });
const floor = run(256, ['-e', readText(['v0.lock'])]);
console.log(`  ${show('floor (read the old lockfile as text), 256 MiB heap', floor)}`);
row('check, unchanged, 256 MiB heap', 256, [CLI, 'check', '--server', `node ${SERVER}`, '--lockfile', 'v0.lock', '--quiet'], 0, floor, serverEnv(0));
row('check, drift, 256 MiB heap', 256, [CLI, 'check', '--server', `node ${SERVER}`, '--lockfile', 'v0.lock', '--quiet'], 1, floor, serverEnv(1));
row('lock, unchanged, 256 MiB heap', 256, lockArgs('v0.lock'), 0, floor, serverEnv(0));
copyFileSync(join(dir, 'v0.lock'), join(dir, 'next.lock'));
row('lock, rewriting the lockfile, 256 MiB heap', 256, lockArgs('next.lock'), 0, floor, serverEnv(1));
rmSync(dir, { recursive: true, force: true });
if (failed) process.exitCode = 1;
