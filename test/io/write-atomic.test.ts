/**
 * writeFileAtomic: an existing file keeps its mode exactly, whatever the umask (the temporary file
 * is created through open(2), which applies the umask to the mode it is given).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { renameReplacing, writeFileAtomic } from '../../src/io/write-atomic.ts';
import { InputError } from '../../src/errors.ts';
import { tempDir } from '../helpers/cli.ts';

const posix = process.platform !== 'win32';

test('an existing file keeps its mode (group-writable 0664, 0600, 0666) under umask 022', () => {
  if (!posix) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  const saved = process.umask(0o022);
  try {
    for (const mode of [0o664, 0o600, 0o666, 0o640]) {
      const path = join(dir, `f${mode.toString(8)}.lock`);
      writeFileSync(path, 'old\n');
      chmodSync(path, mode);
      writeFileAtomic(path, 'new\n');
      assert.is(readFileSync(path, 'utf8'), 'new\n');
      assert.is((statSync(path).mode & 0o777).toString(8), mode.toString(8));
    }
  } finally {
    process.umask(saved);
  }
});

test('a new file gets the requested mode less the umask', () => {
  if (!posix) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  const saved = process.umask(0o022);
  try {
    writeFileAtomic(join(dir, 'a'), 'x');
    assert.is((statSync(join(dir, 'a')).mode & 0o777).toString(8), '644');
    writeFileAtomic(join(dir, 'b'), 'x', { mode: 0o666 });
    assert.is((statSync(join(dir, 'b')).mode & 0o777).toString(8), '644');
    writeFileAtomic(join(dir, 'k'), 'x', { mode: 0o600 });
    assert.is((statSync(join(dir, 'k')).mode & 0o777).toString(8), '600');
  } finally {
    process.umask(saved);
  }
});

test('a dangling chain of links is followed to its end; a loop of links is an error and stays as it was', () => {
  if (!posix) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  // a -> b -> c, c missing: the file is created as c, and a and b stay links.
  symlinkSync('b', join(dir, 'a'));
  symlinkSync('c', join(dir, 'b'));
  writeFileAtomic(join(dir, 'a'), 'x\n');
  assert.ok(lstatSync(join(dir, 'a')).isSymbolicLink());
  assert.ok(lstatSync(join(dir, 'b')).isSymbolicLink(), 'the middle link was replaced by a file');
  assert.is(readFileSync(join(dir, 'c'), 'utf8'), 'x\n');
  // p -> q -> p names no file: replacing q with a file would be a guess.
  symlinkSync('q', join(dir, 'p'));
  symlinkSync('p', join(dir, 'q'));
  assert.throws(() => writeFileAtomic(join(dir, 'p'), 'y\n'), (e: unknown) => e instanceof InputError && /symbolic links form a loop/.test((e as Error).message));
  assert.is(readlinkSync(join(dir, 'p')), 'q');
  assert.is(readlinkSync(join(dir, 'q')), 'p');
  assert.equal(readdirSync(dir).sort(), ['a', 'b', 'c', 'p', 'q'], 'no temporary file is left');
});

test('a named pipe or a device is never written over: exit-2 error, the entry stays what it was', () => {
  if (!posix) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  if (spawnSync('mkfifo', [join(dir, 'pipe')]).status !== 0) return;
  assert.throws(() => writeFileAtomic(join(dir, 'pipe'), 'x'), (e: unknown) => e instanceof InputError && /it is a named pipe, not a regular file; give the path of a file to write; nothing was changed$/.test(e.message));
  assert.ok(lstatSync(join(dir, 'pipe')).isFIFO());
  symlinkSync('pipe', join(dir, 'to-pipe'));
  assert.throws(() => writeFileAtomic(join(dir, 'to-pipe'), 'x'), /to-pipe" \(a link to ".*pipe"\): it is a named pipe/);
  assert.equal(readdirSync(dir).sort(), ['pipe', 'to-pipe'], 'no temporary file left');
});


test('on Windows a rename refused for a moment (EPERM, EACCES, EBUSY: a scanner holds the file) is tried again; other errors and other platforms fail at once', () => {
  const flaky = (fails: number, code: string) => {
    let calls = 0;
    const rename = (): void => {
      calls++;
      if (calls <= fails) throw Object.assign(new Error(`${code}: operation not permitted, rename`), { code });
    };
    return { rename, calls: () => calls };
  };
  for (const code of ['EPERM', 'EACCES', 'EBUSY']) {
    const r = flaky(3, code);
    renameReplacing('a.tmp', 'a', 'win32', r.rename);
    assert.is(r.calls(), 4, code);
  }
  const linux = flaky(1, 'EPERM');
  assert.throws(() => renameReplacing('a.tmp', 'a', 'linux', linux.rename), /EPERM/);
  assert.is(linux.calls(), 1);
  const missing = flaky(1, 'ENOENT');
  assert.throws(() => renameReplacing('a.tmp', 'a', 'win32', missing.rename), /ENOENT/);
  assert.is(missing.calls(), 1);
  // A file held for good: the last error is thrown once the retry time is spent.
  const held = flaky(Number.POSITIVE_INFINITY, 'EPERM');
  assert.throws(() => renameReplacing('a.tmp', 'a', 'win32', held.rename), /EPERM/);
  assert.ok(held.calls() > 3 && held.calls() < 40, String(held.calls()));
});

test.run();
