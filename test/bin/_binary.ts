/**
 * Test helpers for the standalone executables: build them (once per bundle, cached by the
 * split bundle's content under `node_modules/.cache/mcpfusion-bin/test/`) and run them.
 *
 * `MCPFUSION_BIN_DIR` may name a directory that already holds the executables (e.g. `dist/bin`
 * built by CI); otherwise they are built from `dist/bin-src/` (which is built first when
 * missing).
 *
 * @module
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { BIN_CACHE_DIR, buildBinaries } from '../../scripts/build-bin.ts';
import { BIN_TARGETS, findBinTarget, type BinTarget } from '../../scripts/bin/targets.ts';
import { BUNDLE, ROOT, type CliResult } from '../helpers/cli.ts';

/** True when this host can run the linux-x64 executable natively. */
export const HOST_IS_LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';

/** The split bundle the executables embed (`npm run build` writes it beside `dist/mcpfusion.js`). */
export const BIN_SOURCE = join(ROOT, 'dist', 'bin-src');

function ensureBundle(): void {
  if (existsSync(BUNDLE) && existsSync(join(BIN_SOURCE, 'mcpfusion.js'))) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** A key for the split bundle's content: its file names and bytes, in name order. */
function binSourceKey(): string {
  const files = (readdirSync(BIN_SOURCE, { recursive: true }) as string[]).filter((f) => statSync(join(BIN_SOURCE, f)).isFile()).sort();
  return sha256Hex(files.map((f) => `${f}\0${sha256Hex(new Uint8Array(readFileSync(join(BIN_SOURCE, f))))}`).join('\n')).slice(0, 16);
}

/**
 * The directory holding executables for `targets`, built from the current bundle when needed.
 *
 * @param targets Target ids (default: all five).
 * @returns The directory; each target's file is `<dir>/<target.file>`.
 * @example const dir = await binaryDir(['linux-x64'])
 */
export async function binaryDir(targets: string[] = BIN_TARGETS.map((t) => t.id)): Promise<string> {
  const given = process.env['MCPFUSION_BIN_DIR'];
  const wanted: BinTarget[] = targets.map(findBinTarget);
  if (given && wanted.every((t) => existsSync(join(given, t.file)))) return given;
  ensureBundle();
  const key = binSourceKey();
  const dir = join(BIN_CACHE_DIR, 'test', key);
  // Executables of older bundles are ~500 MB a set: drop those not touched for an hour (a
  // younger one may still be in use by a test run of another bundle in the same tree).
  const testDir = join(BIN_CACHE_DIR, 'test');
  if (existsSync(testDir)) {
    for (const old of readdirSync(testDir)) {
      const path = join(testDir, old);
      if (old !== key && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    }
  }
  const missing = wanted.filter((t) => !existsSync(join(dir, t.file)));
  if (missing.length > 0) {
    await buildBinaries({ bundle: BIN_SOURCE, outDir: dir, targets: missing, log: (line) => process.stderr.write(`  (test build) ${line}\n`) });
  }
  return dir;
}

/**
 * Run an executable directly (no shell, no Node in between).
 *
 * @param file The executable, or `qemu-aarch64` with the executable as the first argument.
 * @param args Arguments.
 * @param options cwd, env (replaces the environment), input, uid/gid.
 * @returns Exit code and output.
 * @example runBinary(bin, ['--version'])
 */
export function runBinary(file: string, args: string[], options: SpawnSyncOptions & { input?: string | Buffer } = {}): CliResult {
  const r = spawnSync(file, args, {
    encoding: 'utf8',
    timeout: 120_000,
    ...options,
    env: options.env ?? { PATH: process.env['PATH'] ?? '/usr/bin:/bin', NO_COLOR: '1' },
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}
