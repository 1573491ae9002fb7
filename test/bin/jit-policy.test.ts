/**
 * The JIT policy the executables start with (`--compile-jit-policy`) and its reset for guard:
 * `useLongRunningJitPolicy` calls the pinned Bun's `Bun.unsafe.setJITPolicy(1)` and does nothing
 * under Node.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { useLongRunningJitPolicy } from '../../src/io/jit-policy.ts';
import { BIN_CACHE_DIR, JIT_POLICY } from '../../scripts/build-bin.ts';
import { fetchRuntime } from '../../scripts/bin/fetch-runtime.ts';
import { findBinTarget } from '../../scripts/bin/targets.ts';
import { ROOT } from '../helpers/cli.ts';
import { HOST_IS_LINUX_X64 } from './_binary.ts';

test('under Node there is no policy to set', () => {
  assert.is(useLongRunningJitPolicy(), false);
});

test('with a Bun runtime it sets the normal policy, scale 1', () => {
  const calls: number[] = [];
  const g = globalThis as { Bun?: unknown };
  g.Bun = { unsafe: { setJITPolicy: (scale: number) => void calls.push(scale) } };
  try {
    assert.is(useLongRunningJitPolicy(), true);
    assert.equal(calls, [1]);
  } finally {
    delete g.Bun;
  }
});

test('the pinned Bun has the API the executables rely on', async () => {
  assert.ok(Number.isFinite(JIT_POLICY) && JIT_POLICY >= 1, 'the build must pass a scale >= 1');
  if (!HOST_IS_LINUX_X64) {
    console.log(`SKIP pinned Bun check: its runtime does not run on ${process.platform}-${process.arch} in this test`);
    return;
  }
  const bun = await fetchRuntime(findBinTarget('linux-x64'), BIN_CACHE_DIR, () => {});
  const module = join(ROOT, 'src/io/jit-policy.ts');
  const r = spawnSync(bun, ['-e', `const m = await import(${JSON.stringify(module)}); console.log(m.useLongRunningJitPolicy())`], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', NO_COLOR: '1' },
  });
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout.trim(), 'true');
});

test.run();
