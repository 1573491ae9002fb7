/**
 * Fetch a pinned Bun runtime from the npm registry with `npm pack`, check its tarball against the
 * pinned `dist.integrity`, and unpack the runtime executable into a cache under
 * `node_modules/.cache/mcpfusion-bin/` (never committed). A runtime already in the cache is used
 * as it is once its tarball's integrity has been checked again, so a second build runs offline.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createSHA512 } from 'hash-wasm';
import { BUN_VERSION, type BinTarget } from './targets.ts';
import { extractFromTgz } from './untar.ts';

/**
 * The npm `dist.integrity` string (`sha512-<base64>`) of some bytes.
 *
 * @param bytes A package tarball.
 * @returns The integrity string.
 * @example await npmIntegrity(tgz) // "sha512-IWX9…"
 */
export async function npmIntegrity(bytes: Uint8Array): Promise<string> {
  const hasher = await createSHA512();
  hasher.init();
  hasher.update(bytes);
  return `sha512-${Buffer.from(hasher.digest('binary')).toString('base64')}`;
}

function tarballName(pkg: string, version: string): string {
  // npm pack names `@oven/bun-linux-x64@1.4.5` as `oven-bun-linux-x64-1.4.5.tgz`.
  return `${pkg.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Make sure the runtime executable of `target` is in the cache, and return its path.
 *
 * @param target The target whose runtime is wanted.
 * @param cacheDir The cache directory (created when missing).
 * @param log Where progress lines go.
 * @returns The absolute path of the unpacked runtime executable.
 * @throws {Error} When `npm pack` fails or the tarball does not match the pinned integrity.
 * @example await fetchRuntime(findBinTarget('linux-x64'), cacheDir, console.error)
 */
export async function fetchRuntime(target: BinTarget, cacheDir: string, log: (line: string) => void): Promise<string> {
  const dir = join(cacheDir, `bun-${BUN_VERSION}`);
  mkdirSync(dir, { recursive: true });
  const tgzPath = join(dir, tarballName(target.pkg, BUN_VERSION));
  const exePath = join(dir, target.id, basename(target.runtimePath));
  const stampPath = `${exePath}.integrity`;
  if (!existsSync(tgzPath)) {
    log(`fetching ${target.pkg}@${BUN_VERSION} with npm pack`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['pack', `${target.pkg}@${BUN_VERSION}`, '--pack-destination', dir, '--silent', '--prefer-offline'], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0 || !existsSync(tgzPath)) {
      throw new Error(`npm pack ${target.pkg}@${BUN_VERSION} failed (exit ${result.status}): ${result.stderr.trim().slice(-2000)}`);
    }
  }
  const tgz = new Uint8Array(readFileSync(tgzPath));
  const integrity = await npmIntegrity(tgz);
  if (integrity !== target.integrity) {
    throw new Error(
      `Runtime tarball "${tgzPath}" has integrity ${integrity}, expected the pinned ${target.integrity}: delete it and rebuild, or update scripts/bin/targets.ts`,
    );
  }
  if (existsSync(exePath) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === integrity) return exePath;
  mkdirSync(join(dir, target.id), { recursive: true });
  const exe = extractFromTgz(tgz, target.runtimePath);
  const temp = `${exePath}.${process.pid}.tmp`;
  writeFileSync(temp, exe);
  chmodSync(temp, 0o755);
  renameSync(temp, exePath);
  writeFileSync(stampPath, integrity);
  return exePath;
}
