/**
 * Benchmark: start-up of the linux-x64 standalone executable for `--version` and for `check` of a
 * 50-tool lockfile, beside the bare runtime's own start measured in the same run and interleaved
 * with it: `bun -e 0` (the pinned Bun), the same executable as a bare Bun (`BUN_BE_BUN=1 … -e 0`),
 * an empty program compiled exactly like ours, a floor program doing the least work any check
 * must do (parse the contracts and the lockfile, hash every tool's sections; compiled like ours), and `node -e 0` / `node dist/mcpfusion.js` for
 * comparison. Prints medians and ratios; the goal is `check` within 1.5× of the bare runtime.
 *
 * Usage: `npm run bench -- startup` (or `tsx test/bench/startup.bench.ts [runs]`).
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fetchRuntime } from '../../scripts/bin/fetch-runtime.ts';
import { findBinTarget } from '../../scripts/bin/targets.ts';
import { BIN_CACHE_DIR, compileRaw } from '../../scripts/build-bin.ts';
import { BUNDLE, tempDir } from '../helpers/cli.ts';
import { HOST_IS_LINUX_X64, binaryDir } from '../bin/_binary.ts';

const RUNS = Number(process.argv[2] ?? 40);
const WARMUP = 3;

interface Case {
  label: string;
  file: string;
  args: string[];
  env?: Record<string, string>;
  times: number[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

if (!HOST_IS_LINUX_X64) {
  console.log(`startup.bench: skipped, the linux-x64 executable cannot run on ${process.platform}-${process.arch}`);
} else {
  const target = findBinTarget('linux-x64');
  const bin = join(await binaryDir(['linux-x64']), target.file);
  const bun = await fetchRuntime(target, BIN_CACHE_DIR, () => {});
  const dir = tempDir('mcpfusion-bench-startup-');

  // The bundled example's tools, multiplied to 50 under new names.
  const example = JSON.parse(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8')) as {
    tools: Record<string, { surface: { name: string } }>;
  };
  const sources = Object.values(example.tools);
  const tools: Record<string, unknown> = {};
  for (let i = 0; i < 50; i++) {
    const copy = structuredClone(sources[i % sources.length]!);
    copy.surface.name = `${copy.surface.name}_${String(i).padStart(2, '0')}`;
    tools[copy.surface.name] = copy;
  }
  writeFileSync(join(dir, 'contracts.json'), JSON.stringify({ ...example, tools }, null, 2));
  const locked = spawnSync(bin, ['lock', '--contracts', 'contracts.json'], { cwd: dir, encoding: 'utf8' });
  if (locked.status !== 0) throw new Error(`lock failed: ${locked.stderr}`);
  if (!/50 tools/.test(locked.stdout)) throw new Error(`expected 50 tools: ${locked.stdout}`);

  // An empty program compiled exactly like ours: what any Bun executable of this size costs.
  writeFileSync(join(dir, 'empty.js'), 'process.exitCode = 0;\n');
  const empty = join(dir, 'empty-exe');
  await compileRaw(join(dir, 'empty.js'), target, empty, () => {});

  // The least work any check must do (test/bench/fixtures/startup-floor.ts), bundled and compiled like ours.
  const { build } = await import('esbuild');
  await build({ entryPoints: [new URL('./fixtures/startup-floor.ts', import.meta.url).pathname], outfile: join(dir, 'floor.js'), bundle: true, platform: 'node', format: 'esm', target: 'node20', minify: true, logLevel: 'warning' });
  const floor = join(dir, 'floor-exe');
  await compileRaw(join(dir, 'floor.js'), target, floor, () => {});

  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', NO_COLOR: '1' };
  const cases: Case[] = [
    { label: 'bun -e 0 (bare runtime)', file: bun, args: ['-e', '0'], times: [] },
    { label: 'BUN_BE_BUN=1 mcpfusion -e 0', file: bin, args: ['-e', '0'], env: { BUN_BE_BUN: '1' }, times: [] },
    { label: 'empty program, compiled like ours', file: empty, args: [], times: [] },
    { label: 'floor part: parse only, compiled', file: floor, args: ['contracts.json', 'mcpfusion.lock', 'parse'], times: [] },
    { label: 'floor part: parse + load WASM core', file: floor, args: ['contracts.json', 'mcpfusion.lock', 'wasm'], times: [] },
    { label: 'floor: parse + hash 50 tools, compiled', file: floor, args: ['contracts.json', 'mcpfusion.lock'], times: [] },
    { label: 'mcpfusion --version', file: bin, args: ['--version'], times: [] },
    { label: 'mcpfusion check (50 tools)', file: bin, args: ['check', '--contracts', 'contracts.json'], times: [] },
    { label: 'node -e 0', file: process.execPath, args: ['-e', '0'], times: [] },
    { label: 'node dist/mcpfusion.js --version', file: process.execPath, args: [BUNDLE, '--version'], times: [] },
    { label: 'node dist/mcpfusion.js check (50 tools)', file: process.execPath, args: [BUNDLE, 'check', '--contracts', 'contracts.json'], times: [] },
  ];
  // What spawning any program from Node costs (in every case above alike): /bin/true.
  const TRUE_LABEL = '/bin/true (the cost of spawning)';
  if (existsSync('/bin/true')) cases.push({ label: TRUE_LABEL, file: '/bin/true', args: [], times: [] });
  // Interleaved rounds, so background load hits every case alike.
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const c of cases) {
      const t = performance.now();
      const r = spawnSync(c.file, c.args, { cwd: dir, env: { ...env, ...c.env }, stdio: 'ignore' });
      const ms = performance.now() - t;
      if (r.status !== 0) throw new Error(`${c.label} exited ${r.status ?? r.signal}`);
      if (round >= WARMUP) c.times.push(ms);
    }
  }
  const m = Object.fromEntries(cases.map((c) => [c.label, median(c.times)])) as Record<string, number>;
  console.log(`startup.bench: median of ${RUNS} interleaved runs each (after ${WARMUP} warm-up rounds)`);
  for (const c of cases) console.log(`  ${c.label.padEnd(42)} ${m[c.label]!.toFixed(1).padStart(7)} ms   (min ${Math.min(...c.times).toFixed(1)})`);
  const ratio = (a: string, b: string): string => `${(m[a]! / m[b]!).toFixed(2)}x`;
  // The same ratio without the spawn cost both sides pay: closer to what hyperfine -N reports.
  const spawn = m[TRUE_LABEL];
  const net = (a: string, b: string): string =>
    spawn === undefined ? '' : `   net of spawning ${((m[a]! - spawn) / (m[b]! - spawn)).toFixed(2)}x`;
  const BUN0 = 'bun -e 0 (bare runtime)';
  const CHECK = 'mcpfusion check (50 tools)';
  const FLOOR = 'floor: parse + hash 50 tools, compiled';
  const rows: [string, string, string, string][] = [
    ['--version / bun -e 0', 'mcpfusion --version', BUN0, ''],
    ['check / bun -e 0', CHECK, BUN0, '(goal <= 1.5x)'],
    ['check / BUN_BE_BUN=1 mcpfusion -e 0', CHECK, 'BUN_BE_BUN=1 mcpfusion -e 0', ''],
    ['check / empty program compiled like ours', CHECK, 'empty program, compiled like ours', ''],
    ['floor (least work) / bun -e 0', FLOOR, BUN0, '(what any check costs at least)'],
    ['parse only / bun -e 0', 'floor part: parse only, compiled', BUN0, ''],
    ['parse + load WASM core / bun -e 0', 'floor part: parse + load WASM core', BUN0, '(the decided hashing core, hashing nothing)'],
    ['check / floor', CHECK, FLOOR, ''],
    ['node bundle check / node -e 0', 'node dist/mcpfusion.js check (50 tools)', 'node -e 0', ''],
    ['executable check / node bundle check', CHECK, 'node dist/mcpfusion.js check (50 tools)', ''],
  ];
  console.log(`  ratios${spawn === undefined ? '' : ' (net of spawning: both sides minus /bin/true)'}:`);
  for (const [label, a, b, note] of rows) console.log(`    ${label.padEnd(41)} ${ratio(a, b)}${net(a, b)}${note ? `   ${note}` : ''}`);
  rmSync(dir, { recursive: true, force: true });
}
