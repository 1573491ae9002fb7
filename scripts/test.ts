/**
 * The test runner behind `npm test`: builds the bundle once, runs every `test/**\/*.test.ts`
 * file in its own process (two at a time, plus one lane for the files that mostly wait, each with
 * a time limit, so one hanging file cannot stall the rest), runs the type check beside them as one
 * more result, prints the slowest files with their wall and CPU time, and ends with the plain line
 * `N passed, N failed`.
 *
 * Each file runs with its own `TMPDIR` inside one directory for the whole run, removed when the
 * file ends (and the run's directory at the end), so a run leaves nothing in the system's
 * temporary directory. `MCPFUSION_KEEP_TMP=1` keeps them for debugging and prints where.
 *
 * Usage: `tsx scripts/test.ts [substring…]` runs only the files whose path contains a substring.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';

const ROOT = new URL('..', import.meta.url).pathname;
/**
 * A whole number from the environment variable `name` (at least `min`), `fallback` when it is unset
 * or empty. Anything else ends the run before it starts, with what was wrong and a failed count:
 * `MCPFUSION_TEST_JOBS=x` once gave no lanes at all and a run of nothing that passed.
 */
function envCount(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (/^\d+$/.test(raw.trim()) && value >= min) return value;
  process.stderr.write(`npm test: ${name} must be a whole number of at least ${min} (got ${JSON.stringify(raw)}); unset it for the default ${fallback}\n`);
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(2);
}

const FILE_TIMEOUT_MS = envCount('MCPFUSION_TEST_TIMEOUT_MS', 10 * 60 * 1000, 1);
const CONCURRENCY = envCount('MCPFUSION_TEST_JOBS', 2, 1);
const KEEP_TMP = process.env['MCPFUSION_KEEP_TMP'] === '1';
/**
 * Test files that spend most of their time waiting, not computing: on timeouts that must expire,
 * settle times and servers that start (stdio: about 1/4 of its wall time is CPU time,
 * stdout-banner about 1/7). They run in MCPFUSION_TEST_WAIT_JOBS lanes of their own (default 1)
 * beside the CONCURRENCY lanes of the rest, so the 2 cores keep computing while they wait. The one
 * lane adds little load, and every limit in them was chosen for a machine loaded far beyond it.
 */
const WAITING = [
  'test/sources/stdio.test.ts',
  'test/sources/stdout-banner.test.ts',
];
const WAIT_CONCURRENCY = envCount('MCPFUSION_TEST_WAIT_JOBS', 1, 0);
/**
 * The longest of the other files (by wall time in the clean-clone CI), started first; the rest
 * follow in path order. A long file started last would run alone while the other lane idles.
 */
const LONGEST_FIRST = [
  'test/bin/targets.test.ts',
  'test/cli/lock-check.test.ts',
  'test/probe/cli-everything.test.ts',
  'test/probe/judge-command.test.ts',
  'test/sources/http-quirks.test.ts',
  'test/diff/heal-once.test.ts',
  'test/library-types.test.ts',
  'test/attest/guard.test.ts',
];
// World-readable (like test/helpers' tempDir) so a test's dropped-privilege child can use it.
const RUN_TMP = mkdtempSync(join(tmpdir(), 'mcpfusion-run-'));
chmodSync(RUN_TMP, 0o755);
let fileCount = 0;
const running = new Set<number>();

/**
 * Remove a test's temporary tree. A file killed on its time limit may leave a mount behind (the
 * chroot test mounts /proc); unmount those first so the removal never walks into them.
 */
function removeTree(dir: string): void {
  if (KEEP_TMP) return;
  try {
    const mounts = readFileSync('/proc/self/mounts', 'utf8').split('\n').map((l) => l.split(' ')[1] ?? '')
      .map((m) => m.replace(/\\040/g, ' ')).filter((m) => m === dir || m.startsWith(dir + '/'));
    for (const m of mounts.reverse()) spawnSync('umount', ['-l', m]);
  } catch { /* no /proc: nothing mounted by us */ }
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (e) {
    process.stdout.write(`note: could not remove ${dir}: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}

// Ctrl-C or a CI cancel: stop the files still running (each is its own process group) and clean up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pid of running) {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    removeTree(RUN_TMP);
    process.exit(130);
  });
}

function findTests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'fixtures' && name !== 'bench' && name !== 'node_modules') findTests(p, out);
    } else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

interface FileResult { file: string; passed: number; failed: number; output: string; note?: string; seconds: number; cpu?: number }

/**
 * CPU seconds of the children this process has reaped so far (Linux: /proc/self/stat cutime and
 * cstime, which include the grandchildren each child waited for); undefined elsewhere. Read when a
 * file's process exits, the difference is about that file's CPU time: it tells a file that waits
 * (timeouts, servers starting) from one that computes. Approximate: two files ending in the same
 * instant share one difference.
 */
function childCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
let lastCpu = childCpuSeconds();

/** A child's stdout and stderr as one text, and its CPU time read when it exits ({@link childCpuSeconds}). */
function collect(child: ChildProcessByStdio<null, Readable, Readable>): { output: () => string; cpu: () => number | undefined } {
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let cpu: number | undefined;
  child.on('exit', () => {
    const now = childCpuSeconds();
    if (now !== undefined && lastCpu !== undefined) cpu = now - lastCpu;
    lastCpu = now;
  });
  return { output: () => output, cpu: () => cpu };
}

function runFile(file: string): Promise<FileResult> {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const fileTmp = join(RUN_TMP, String(++fileCount));
    mkdirSync(fileTmp);
    chmodSync(fileTmp, 0o755);
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TMPDIR: fileTmp },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid!);
    const collected = collect(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }, FILE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      removeTree(fileTmp);
      const output = collected.output();
      const cpu = collected.cpu();
      const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
      const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const seconds = (Date.now() - started) / 1000;
      let result: FileResult;
      if (timedOut) result = { file, passed: Number.isNaN(passed) ? 0 : passed, failed: Math.max(1, (total || 0) - (passed || 0)), output, note: `timed out after ${FILE_TIMEOUT_MS / 1000}s`, seconds, cpu };
      else if (Number.isNaN(total) || Number.isNaN(passed)) result = { file, passed: 0, failed: 1, output, note: `no uvu summary (exit ${code})`, seconds, cpu };
      else if (code !== 0 && total === passed) result = { file, passed, failed: 1, output, note: `exit ${code} after all tests passed`, seconds, cpu };
      else result = { file, passed, failed: total - passed, output, seconds, cpu };
      process.stdout.write(`${result.failed === 0 ? 'ok  ' : 'FAIL'} ${relative(ROOT, file)} (${result.passed} passed, ${result.failed} failed, ${seconds.toFixed(1)}s)${result.note ? ' ' + result.note : ''}\n`);
      if (result.failed > 0) process.stdout.write(clean.split('\n').map((l) => '    ' + l).join('\n') + '\n');
      resolvePromise(result);
    });
  });
}

const filters = process.argv.slice(2);
let passed = 0;
let failed = 0;
const results: FileResult[] = [];
const runStarted = Date.now();

const build = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) {
  process.stdout.write('FAIL build (npm run build)\n');
  failed++;
}

/** The type check, run as one more job beside the test files (it needs no bundle). */
function typecheck(): Promise<void> {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const collected = collect(child);
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const output = collected.output();
      const cpu = collected.cpu();
      if (code === 0) { passed++; process.stdout.write(`ok   typecheck (tsc -p ., ${seconds.toFixed(1)}s)\n`); }
      else { failed++; process.stdout.write(`FAIL typecheck (tsc -p ., exit ${code})\n${output}\n`); }
      results.push({ file: 'typecheck (tsc -p .)', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, output: '', seconds, cpu });
      resolvePromise();
    });
  });
}

const files = findTests(join(ROOT, 'test')).filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
const job = (f: string) => async (): Promise<void> => {
  const r = await runFile(f);
  results.push(r);
  passed += r.passed;
  failed += r.failed;
};
const rank = (list: string[], f: string): number => {
  const i = list.indexOf(relative(ROOT, f));
  return i === -1 ? list.length : i;
};
// Files that wait (in the order given) run in lanes of their own beside the CONCURRENCY lanes of
// the rest, which start with the longest files so that no long one is left to run alone at the end.
const waiting: Array<() => Promise<void>> = files.filter((f) => WAITING.includes(relative(ROOT, f)))
  .sort((a, b) => rank(WAITING, a) - rank(WAITING, b)).map(job);
const queue: Array<() => Promise<void>> = files.filter((f) => !WAITING.includes(relative(ROOT, f)))
  .sort((a, b) => rank(LONGEST_FIRST, a) - rank(LONGEST_FIRST, b)).map(job);
if (filters.length === 0) queue.unshift(typecheck);
await Promise.all([
  // A computing lane takes a waiting file once no other is left.
  ...Array.from({ length: Math.max(1, CONCURRENCY) }, async () => {
    for (let next = queue.shift() ?? waiting.shift(); next !== undefined; next = queue.shift() ?? waiting.shift()) await next();
  }),
  ...Array.from({ length: Math.max(0, WAIT_CONCURRENCY) }, async () => {
    for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) await next();
  }),
]);

if (KEEP_TMP) process.stdout.write(`temporary files kept in ${RUN_TMP}\n`);
else removeTree(RUN_TMP);

// Where the time went: the slowest files, with their CPU time where it is known (a file whose CPU
// time is a small part of its wall time waits: on timeouts, on servers starting).
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 15);
process.stdout.write(`\nslowest of ${results.length} (wall s, cpu s), whole run ${((Date.now() - runStarted) / 1000).toFixed(0)}s:\n`);
for (const r of slowest) {
  const name = r.file.startsWith(ROOT) ? relative(ROOT, r.file) : r.file;
  process.stdout.write(`  ${r.seconds.toFixed(1).padStart(6)} ${r.cpu === undefined ? '     -' : r.cpu.toFixed(1).padStart(6)}  ${name}\n`);
}

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
