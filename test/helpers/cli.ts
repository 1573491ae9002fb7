/**
 * Test helpers: run the real built CLI (`node dist/mcpfusion.js`) or the in-process `run`.
 *
 * @module
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Repository root. */
export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
/** The built bundle. */
export const BUNDLE = join(ROOT, 'dist/mcpfusion.js');
/** The shared JCS vectors (beside the repository). */
export const SHARED_JCS = join(ROOT, '../shared/vectors/jcs');

/** Result of a CLI run. */
export interface CliResult { code: number; stdout: string; stderr: string }

/**
 * Run the built CLI in a child process.
 *
 * @param args Arguments.
 * @param options cwd, env, input, uid.
 * @returns Exit code and output.
 */
export function runCli(args: string[], options: SpawnSyncOptions & { input?: string | Buffer } = {}): CliResult {
  const r = spawnSync(process.execPath, [BUNDLE, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    ...options,
    env: { ...process.env, NO_COLOR: '1', ...(options.env ?? {}) },
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

const createdDirs: string[] = [];

/**
 * A fresh temporary directory (world-readable so a dropped-privilege child can use it), removed
 * when the process exits (`npm test` also gives each file its own TMPDIR and removes it).
 */
export function tempDir(prefix = 'mcpfusion-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(d, 0o755);
  if (createdDirs.length === 0 && process.env['MCPFUSION_KEEP_TMP'] !== '1') {
    process.once('exit', () => {
      for (const dir of createdDirs) {
        try { rmSync(dir, { recursive: true, force: true }); } catch { /* left for the runner */ }
      }
    });
  }
  createdDirs.push(d);
  return d;
}

// Node's spawn makes a child's stdio blocking again (libuv clears O_NONBLOCK on fds 0-2), so a
// non-blocking stdout with a slow reader is set up by python3, which the machine has.
const NONBLOCKING_READER = `
import os, subprocess, sys, time
r, w = os.pipe()
os.set_blocking(w, False)
p = subprocess.Popen(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
os.close(w)
out = bytearray()
while True:
    time.sleep(0.001)
    try:
        b = os.read(r, 4096)
    except BlockingIOError:
        continue
    if not b:
        break
    out += b
p.wait()
sys.stderr.write(p.stderr.read().decode())
sys.stdout.buffer.write(out)
sys.exit(p.returncode)
`;

/**
 * Run a command whose stdout is a non-blocking pipe read slowly (it fills, and writes get
 * EAGAIN), through python3. Returns undefined, after saying so, when python3 is missing.
 *
 * @param argv The command and its arguments.
 * @returns Exit code, stdout and stderr, or undefined when the test cannot run here.
 */
export function runWithNonBlockingStdout(argv: string[]): CliResult | undefined {
  if (spawnSync('python3', ['--version']).status !== 0) {
    console.log('  skipped: python3 is not installed (it sets up the non-blocking pipe)');
    return undefined;
  }
  const r = spawnSync('python3', ['-c', NONBLOCKING_READER, ...argv], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}
