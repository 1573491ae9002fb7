/**
 * Test helpers: run the real built CLI (`node dist/mcpfusion.js`) or the in-process `run`.
 *
 * @module
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdtempSync, chmodSync } from 'node:fs';
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

/** A fresh temporary directory (world-readable so a dropped-privilege child can use it). */
export function tempDir(prefix = 'mcpfusion-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(d, 0o755);
  return d;
}
