/**
 * The test runner behind `npm test`: builds the bundle once, runs every `test/**\/*.test.ts`
 * file in its own process (two at a time, each with a time limit, so one hanging file cannot
 * stall the rest), adds the type check as one more result, and ends with the plain line
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
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const FILE_TIMEOUT_MS = Number(process.env['MCPFUSION_TEST_TIMEOUT_MS'] ?? 10 * 60 * 1000);
const CONCURRENCY = Number(process.env['MCPFUSION_TEST_JOBS'] ?? 2);
const KEEP_TMP = process.env['MCPFUSION_KEEP_TMP'] === '1';
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

interface FileResult { file: string; passed: number; failed: number; output: string; note?: string }

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
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }, FILE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      removeTree(fileTmp);
      const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
      const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      let result: FileResult;
      if (timedOut) result = { file, passed: Number.isNaN(passed) ? 0 : passed, failed: Math.max(1, (total || 0) - (passed || 0)), output, note: `timed out after ${FILE_TIMEOUT_MS / 1000}s` };
      else if (Number.isNaN(total) || Number.isNaN(passed)) result = { file, passed: 0, failed: 1, output, note: `no uvu summary (exit ${code})` };
      else if (code !== 0 && total === passed) result = { file, passed, failed: 1, output, note: `exit ${code} after all tests passed` };
      else result = { file, passed, failed: total - passed, output };
      process.stdout.write(`${result.failed === 0 ? 'ok  ' : 'FAIL'} ${relative(ROOT, file)} (${result.passed} passed, ${result.failed} failed, ${seconds}s)${result.note ? ' ' + result.note : ''}\n`);
      if (result.failed > 0) process.stdout.write(clean.split('\n').map((l) => '    ' + l).join('\n') + '\n');
      resolvePromise(result);
    });
  });
}

const filters = process.argv.slice(2);
let passed = 0;
let failed = 0;

const build = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) {
  process.stdout.write('FAIL build (npm run build)\n');
  failed++;
}

if (filters.length === 0) {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status === 0) { passed++; process.stdout.write('ok   typecheck (tsc -p .)\n'); }
  else { failed++; process.stdout.write(`FAIL typecheck (tsc -p .)\n${tsc.stdout}${tsc.stderr}\n`); }
}

const files = findTests(join(ROOT, 'test')).filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
const queue = [...files];
await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, async () => {
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    const r = await runFile(f);
    passed += r.passed;
    failed += r.failed;
  }
}));

if (KEEP_TMP) process.stdout.write(`temporary files kept in ${RUN_TMP}\n`);
else removeTree(RUN_TMP);

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
