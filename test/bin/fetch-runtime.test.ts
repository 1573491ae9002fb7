/**
 * Fetching pinned runtimes: a tarball that does not match the pinned integrity is refused before
 * anything is unpacked; the real one unpacks to an executable of the target's format and CPU.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fetchRuntime, npmIntegrity } from '../../scripts/bin/fetch-runtime.ts';
import { inspectExecutable } from '../../scripts/bin/inspect-executable.ts';
import { BUN_VERSION, findBinTarget } from '../../scripts/bin/targets.ts';
import { extractFromTgz } from '../../scripts/bin/untar.ts';
import { BIN_CACHE_DIR } from '../../scripts/build-bin.ts';
import { tempDir } from '../helpers/cli.ts';

const quiet = (): void => {};

test('a tampered runtime tarball is refused with the expected and actual integrity', async () => {
  const cache = tempDir('mcpfusion-fetch-');
  const dir = join(cache, `bun-${BUN_VERSION}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `oven-bun-linux-x64-${BUN_VERSION}.tgz`), gzipSync(Buffer.from('not bun')));
  const target = findBinTarget('linux-x64');
  try {
    await fetchRuntime(target, cache, quiet);
    assert.unreachable('a tampered tarball was accepted');
  } catch (error) {
    assert.instance(error, Error);
    assert.match((error as Error).message, /has integrity sha512-.*expected the pinned sha512-/);
  }
  assert.not.ok(existsSync(join(dir, 'linux-x64', 'bun')), 'nothing may be unpacked');
});

test('the pinned linux-arm64 runtime unpacks to an AArch64 ELF executable', async () => {
  const target = findBinTarget('linux-arm64');
  const exe = await fetchRuntime(target, BIN_CACHE_DIR, quiet);
  const info = inspectExecutable(new Uint8Array(readFileSync(exe)));
  assert.is(info.format, 'elf');
  assert.is(info.arch, 'arm64');
  const tgz = new Uint8Array(readFileSync(join(BIN_CACHE_DIR, `bun-${BUN_VERSION}`, `oven-bun-linux-aarch64-${BUN_VERSION}.tgz`)));
  assert.is(await npmIntegrity(tgz), target.integrity);
  assert.throws(() => extractFromTgz(tgz, 'package/bin/no-such-file'), /holds no file "package\/bin\/no-such-file"/);
});

test.run();
