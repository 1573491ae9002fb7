/**
 * Every target, checked structurally: format and CPU from the headers, the Linux loader and
 * shared libraries (the list the scratch image copies), valid ad-hoc signatures on darwin, the
 * Windows signature status, SHA256SUMS that `sha256sum -c` accepts, reproducible output, and the
 * linux-arm64 executable running the example under `qemu-aarch64` when it is installed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { inspectExecutable } from '../../scripts/bin/inspect-executable.ts';
import { verifyMachoSignature } from '../../scripts/bin/macho-codesign.ts';
import { BIN_TARGETS, findBinTarget } from '../../scripts/bin/targets.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { binaryDir, runBinary } from './_binary.ts';

/** What the Linux executables load: documented in docs/binaries.md and copied into the scratch image. */
const LINUX_NEEDS = {
  x64: { interpreter: '/lib64/ld-linux-x86-64.so.2', needed: ['libc.so.6', 'ld-linux-x86-64.so.2', 'libpthread.so.0', 'libdl.so.2', 'libm.so.6'] },
  arm64: { interpreter: '/lib/ld-linux-aarch64.so.1', needed: ['libc.so.6', 'ld-linux-aarch64.so.1', 'libpthread.so.0', 'libdl.so.2', 'libm.so.6'] },
};
const AARCH64_SYSROOT = '/usr/aarch64-linux-gnu';

const dir = await binaryDir();
const bytesOf = (id: string): Uint8Array => new Uint8Array(readFileSync(join(dir, findBinTarget(id).file)));

test('each executable has the format and CPU of its target', () => {
  for (const target of BIN_TARGETS) {
    const info = inspectExecutable(bytesOf(target.id));
    assert.is(info.format, target.format, `${target.id} format`);
    assert.is(info.arch, target.arch, `${target.id} arch`);
  }
});

test('the Linux executables need exactly the glibc loader, libc, libpthread, libdl and libm', () => {
  for (const id of ['linux-x64', 'linux-arm64'] as const) {
    const info = inspectExecutable(bytesOf(id));
    const want = LINUX_NEEDS[id === 'linux-x64' ? 'x64' : 'arm64'];
    assert.is(info.interpreter, want.interpreter, `${id} interpreter`);
    assert.equal(info.needed, want.needed, `${id} DT_NEEDED`);
  }
});

test('darwin executables carry a valid ad-hoc signature; the Windows one carries none', () => {
  for (const id of ['darwin-x64', 'darwin-arm64']) {
    const check = verifyMachoSignature(bytesOf(id));
    assert.ok(check.valid, `${id}: ${check.problems.join('; ')}`);
    assert.is(check.flags, 0x20002);
  }
  // Bun drops the runtime's Authenticode signature when it appends the program: documented as unsigned.
  assert.is(inspectExecutable(bytesOf('windows-x64')).peCertificateBytes, 0);
});

test('SHA256SUMS lists what was built and sha256sum -c accepts it; a second build gives the same bytes', async () => {
  const out = tempDir('mcpfusion-bin-sums-');
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build-bin.ts'), '--out', out, '--targets', 'linux-x64,windows-x64'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.is(r.status, 0, r.stderr);
  const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8');
  assert.match(sums, /^[0-9a-f]{64} {2}mcpfusion-linux-x64\n[0-9a-f]{64} {2}mcpfusion-windows-x64\.exe\n$/);
  assert.is(r.stdout, sums, 'the build prints the checksums');
  const verify = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
  if (verify.error) console.log('SKIP sha256sum -c: sha256sum is not installed');
  else assert.is(verify.status, 0, verify.stdout + verify.stderr);
  // Reproducible: the same split bundle (the default input, dist/bin-src), built in another
  // process into another directory, same bytes.
  for (const id of ['linux-x64', 'windows-x64']) {
    const file = findBinTarget(id).file;
    assert.is(sha256Hex(new Uint8Array(readFileSync(join(out, file)))), sha256Hex(bytesOf(id)), `${id} is not reproducible`);
  }
  rmSync(out, { recursive: true, force: true });
});

test('linux-arm64 runs the example under qemu-aarch64 and writes the same lockfile as node', () => {
  const qemu = spawnSync('qemu-aarch64', ['--version'], { encoding: 'utf8' });
  if (qemu.error || !existsSync(join(AARCH64_SYSROOT, 'lib/ld-linux-aarch64.so.1'))) {
    console.log('SKIP qemu run: install with "apt-get install -y qemu-user libc6-arm64-cross"');
    return;
  }
  const work = tempDir('mcpfusion-bin-qemu-');
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(work, 'contracts.json'));
  const env = { PATH: '/usr/bin:/bin', SOURCE_DATE_EPOCH: '1700000000', NO_COLOR: '1' };
  const bin = join(dir, findBinTarget('linux-arm64').file);
  const version = runBinary('qemu-aarch64', ['-L', AARCH64_SYSROOT, bin, '--version'], { cwd: work, env });
  assert.is(version.code, 0, version.stderr);
  assert.is(version.stdout, runCli(['--version'], { cwd: work }).stdout);
  const lock = runBinary('qemu-aarch64', ['-L', AARCH64_SYSROOT, bin, 'lock', '--contracts', 'contracts.json', '--lockfile', 'arm.lock'], { cwd: work, env });
  assert.is(lock.code, 0, lock.stderr);
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'node.lock'], { cwd: work, env }).code, 0);
  assert.ok(readFileSync(join(work, 'arm.lock')).equals(readFileSync(join(work, 'node.lock'))), 'arm64 lockfile differs from node');
  const check = runBinary('qemu-aarch64', ['-L', AARCH64_SYSROOT, bin, 'check', '--contracts', 'contracts.json', '--lockfile', 'arm.lock'], { cwd: work, env });
  assert.is(check.code, 0, check.stderr);
});

test.run();
