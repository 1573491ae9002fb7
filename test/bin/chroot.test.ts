/**
 * The scratch image's layout as a bare chroot (scripts/chroot-test.sh): the linux-x64 executable
 * plus exactly the shared libraries it needs, /proc mounted, run as uid 65532 from /work. lock,
 * check, a failing check (exit 1) and a usage error (exit 2) must pass, and the lockfile written
 * inside the chroot must be byte-identical to node's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findBinTarget } from '../../scripts/bin/targets.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { HOST_IS_LINUX_X64, binaryDir } from './_binary.ts';

const isRoot = process.getuid?.() === 0;

if (!HOST_IS_LINUX_X64 || !isRoot) {
  console.log(`SKIP test/bin/chroot: needs root on linux-x64 (uid ${process.getuid?.()}, ${process.platform}-${process.arch})`);
  test('skipped without root on linux-x64', () => {});
} else {
  test('lock, check and a failing check run in the scratch layout; the lockfile matches node byte for byte', async () => {
    const bin = join(await binaryDir(['linux-x64']), findBinTarget('linux-x64').file);
    const out = tempDir('mcpfusion-chroot-out-');
    const kept = join(out, 'chroot.lock');
    const r = spawnSync('sh', [join(ROOT, 'scripts/chroot-test.sh'), bin, join(ROOT, 'examples/billing')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, CHROOT_TEST_KEEP_LOCK: kept },
    });
    assert.is(r.status, 0, `${r.stdout}\n${r.stderr}`);
    for (const step of ['--version', 'lock writes', 'check against the fresh', "example's committed", 'check after a contract change fails', 'usage error']) {
      assert.match(r.stdout, new RegExp(`^ok +.*${step.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`, 'm'), `step "${step}" did not pass`);
    }
    // The chroot holds the executable, the five glibc files and the example: nothing else.
    assert.match(r.stdout, /files: \.\/lib\/x86_64-linux-gnu\/libc\.so\.6 \.\/lib\/x86_64-linux-gnu\/libdl\.so\.2 \.\/lib\/x86_64-linux-gnu\/libm\.so\.6 \.\/lib\/x86_64-linux-gnu\/libpthread\.so\.0 \.\/lib64\/ld-linux-x86-64\.so\.2 \.\/mcpfusion \.\/work\/committed\.lock \.\/work\/contracts\.json \n/);
    copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(out, 'contracts.json'));
    const node = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'node.lock'], { cwd: out, env: { SOURCE_DATE_EPOCH: '1700000000' } });
    assert.is(node.code, 0, node.stderr);
    assert.ok(readFileSync(kept).equals(readFileSync(join(out, 'node.lock'))), 'the chroot lockfile differs from node');
    const mounts = readFileSync('/proc/self/mounts', 'utf8');
    assert.not.match(mounts, /mcpfusion-chroot/, '/proc of the chroot is still mounted');
  });
}

test.run();
