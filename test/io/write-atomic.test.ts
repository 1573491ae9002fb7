/**
 * writeFileAtomic: an existing file keeps its mode exactly, whatever the umask (the temporary file
 * is created through open(2), which applies the umask to the mode it is given).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, chownSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { renameReplacing, writeFileAtomic } from '../../src/io/write-atomic.ts';
import { InputError } from '../../src/errors.ts';
import { BUNDLE, ROOT, tempDir } from '../helpers/cli.ts';

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

test('a path through a file (contracts.json/x.lock) names that file, not the raw ENOTDIR of the temporary file', () => {
  const dir = tempDir('mcpfusion-write-atomic-');
  writeFileSync(join(dir, 'c.json'), '{}');
  for (const target of [join(dir, 'c.json', 'x.lock'), join(dir, 'c.json', 'deeper', 'x.lock')]) {
    assert.throws(() => writeFileAtomic(target, 'new\n', { flag: '--lockfile' }), (e: Error) => {
      assert.instance(e, InputError);
      assert.is(e.message, `Cannot write "${target}": "${join(dir, 'c.json')}" is a file, not a folder; give a path in a folder (--lockfile PATH)`);
      return true;
    });
  }
  assert.equal(readdirSync(dir), ['c.json']);
  assert.is(readFileSync(join(dir, 'c.json'), 'utf8'), '{}');
});

test('a file name the file system takes is written however long (250 ASCII bytes, 255 bytes of "é"): the temporary name is cut, not the write refused; a longer one is named as too long', () => {
  const dir = tempDir('mcpfusion-write-atomic-');
  // Before, the temporary file's name (the name plus ".<pid>.<time>.<n>.tmp") passed 255 bytes: ENAMETOOLONG.
  for (const name of [`${'a'.repeat(245)}.lock`, `${'é'.repeat(125)}.lock`]) {
    assert.ok(Buffer.byteLength(name) >= 250 && Buffer.byteLength(name) <= 255, String(Buffer.byteLength(name)));
    const path = join(dir, name);
    writeFileAtomic(path, 'one\n');
    writeFileAtomic(path, 'two\n');
    assert.is(readFileSync(path, 'utf8'), 'two\n');
  }
  const tooLong = join(dir, `${'b'.repeat(300)}.lock`);
  assert.throws(() => writeFileAtomic(tooLong, 'x\n', { flag: '--lockfile' }), (e: Error) => e instanceof InputError && e.message === `Cannot write "${tooLong}": its name is longer than the file system takes (305 bytes; most take 255); give a shorter name (--lockfile PATH); the previous file (if any) is unchanged`);
  assert.equal(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
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

test('SIGTERM, SIGINT or SIGHUP during a write waits for it: the file is whole and no temporary file is left; the process still ends on the signal', async () => {
  if (!posix) return;
  // A CI job cancelled while `lock` wrote a large lockfile left a partial
  // `.mcpfusion.lock.<pid>.….tmp` beside it (the default action ends the process inside write(2)),
  // which a later `git add -A` could commit. The child writes 24 files of 8 MiB in one synchronous
  // run; the signal is sent once a temporary file is there, i.e. in the middle of a write.
  const moduleUrl = new URL('../../src/io/write-atomic.ts', import.meta.url).href;
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    const dir = tempDir('mcpfusion-write-atomic-');
    const script = join(dir, 'writer.mjs');
    writeFileSync(script, [
      `import { writeFileAtomic } from ${JSON.stringify(moduleUrl)};`,
      'const data = Buffer.alloc(8 * 1024 * 1024, 120);',
      `for (let i = 0; i < 24; i++) writeFileAtomic(${JSON.stringify(join(dir, 'out', 'target.lock'))}, data);`,
      'setTimeout(() => process.exit(0), 10_000);',
    ].join('\n'));
    mkdirSync(join(dir, 'out'));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, sig) => done(sig ?? code)));
    const deadline = Date.now() + 120_000;
    let seen = false;
    while (!seen && child.exitCode === null && Date.now() < deadline) {
      seen = readdirSync(join(dir, 'out')).some((n) => n.endsWith('.tmp'));
      if (!seen) await new Promise((r) => setTimeout(r, 1));
    }
    assert.ok(seen, `${signal}: the child wrote no temporary file`);
    child.kill(signal);
    assert.is(await ended, signal, `${signal}: the process ends on the signal`);
    assert.equal(readdirSync(join(dir, 'out')), ['target.lock'], `${signal}: no temporary file is left`);
    assert.is(statSync(join(dir, 'out', 'target.lock')).size, 8 * 1024 * 1024, `${signal}: the file is whole`);
  }
});

test('after a write, a host process.once(SIGTERM) shutdown runs to its end: the listener of the write is gone', async () => {
  if (!posix) return;
  // run() and writeFileAtomic are library API: the write's signal listener stayed for good, and on a
  // later SIGTERM it found no other listener (a once() listener set up before is removed before it is called)
  // and raised the signal again, ending a host in the middle of its graceful shutdown.
  const moduleUrl = new URL('../../src/io/write-atomic.ts', import.meta.url).href;
  const dir = tempDir('mcpfusion-write-atomic-');
  const script = join(dir, 'host.mjs');
  writeFileSync(script, [
    `import { writeFileAtomic } from ${JSON.stringify(moduleUrl)};`,
    "process.once('SIGTERM', () => setTimeout(() => { process.stdout.write('graceful\\n'); process.exit(0); }, 100));",
    `writeFileAtomic(${JSON.stringify(join(dir, 'a.lock'))}, 'x');`,
    'const keep = setTimeout(() => process.exit(5), 60_000);',
    "setImmediate(() => setImmediate(() => setImmediate(() => process.stdout.write('ready\\n'))));",
  ].join('\n'));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  const ready = new Promise<void>((done) => child.stdout.on('data', (c: Buffer) => { out += c.toString(); if (out.includes('ready')) done(); }));
  const ended = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, sig) => done(sig ?? code)));
  await ready;
  child.kill('SIGTERM');
  assert.is(await ended, 0, out);
  assert.ok(out.includes('graceful'), out);
});

test('a read-only file (no write bit, as root too; or not writable by this user) is refused and left as it is; a writable one is replaced', () => {
  if (!posix) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  for (const mode of [0o444, 0o400, 0o555]) {
    const path = join(dir, `ro${mode.toString(8)}.lock`);
    writeFileSync(path, 'old\n');
    chmodSync(path, mode);
    try {
      writeFileAtomic(path, 'new\n', { flag: '--lockfile' });
      assert.unreachable(`mode ${mode.toString(8)} was replaced`);
    } catch (e) {
      assert.instance(e, InputError);
      assert.is((e as Error).message, `Cannot write "${path}": it is read-only (mode 0${mode.toString(8)}), so it is left as it is (a read-only file is taken as one kept from change); make it writable (chmod u+w) to replace it, or write elsewhere (--lockfile PATH)`);
    }
    assert.is(readFileSync(path, 'utf8'), 'old\n');
    assert.is((statSync(path).mode & 0o777).toString(8), mode.toString(8));
  }
  // Through a link: the file it points to is what is read-only.
  symlinkSync('ro444.lock', join(dir, 'link.lock'));
  assert.throws(() => writeFileAtomic(join(dir, 'link.lock'), 'new\n'), /Cannot write ".*link\.lock" \(a link to ".*ro444\.lock"\): it is read-only \(mode 0444\)/);
  // Owner-writable only (0644, 0200) is written.
  for (const mode of [0o644, 0o200]) {
    const path = join(dir, `rw${mode.toString(8)}.lock`);
    writeFileSync(path, 'old\n');
    chmodSync(path, mode);
    writeFileAtomic(path, 'new\n');
    assert.is((statSync(path).mode & 0o777).toString(8), mode.toString(8));
  }
  assert.equal(readdirSync(dir).filter((n) => n.endsWith('.tmp')), []);
});

test('a file another user owns without write permission for this one is refused (run as nobody when the tests run as root)', () => {
  if (!posix || process.getuid?.() !== 0) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  chmodSync(dir, 0o777);
  const path = join(dir, 'root.lock');
  writeFileSync(path, 'old\n');
  chmodSync(path, 0o644);
  const script = `import('${new URL('../../src/io/write-atomic.ts', import.meta.url).pathname}').then((m) => { try { m.writeFileAtomic(process.argv[1], 'new\\n'); console.log('written'); } catch (e) { console.log(e.message); } })`;
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '-e', script, path], { encoding: 'utf8', uid: 65534, gid: 65534, cwd: dir, timeout: 60_000, env: { ...process.env, TMPDIR: dir } });
  assert.is(r.stdout.trim(), `Cannot write "${path}": it is not writable by the user running mcpfusion, so it is left as it is (a read-only file is taken as one kept from change); make it writable (chmod u+w) to replace it`, r.stderr);
  assert.is(readFileSync(path, 'utf8'), 'old\n');
  // In a folder that cannot be written either, the folder is what to fix first (the rename fails too).
  const ro = join(dir, 'ro');
  mkdirSync(ro);
  writeFileSync(join(ro, 'x.lock'), 'old\n');
  chmodSync(join(ro, 'x.lock'), 0o444);
  chmodSync(ro, 0o555);
  const inRo = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '-e', script, join(ro, 'x.lock')], { encoding: 'utf8', uid: 65534, gid: 65534, cwd: dir, timeout: 60_000, env: { ...process.env, TMPDIR: dir } });
  chmodSync(ro, 0o755);
  assert.match(inRo.stdout, /^Cannot write ".*x\.lock": the directory ".*ro" is not writable/, inRo.stderr);
});

test('a replaced file keeps its owner and group (as root); another user who cannot give them still writes it, as theirs', () => {
  if (!posix || process.getuid?.() !== 0) return;
  const dir = tempDir('mcpfusion-write-atomic-');
  chmodSync(dir, 0o777);
  // Run as root (a CI container over a bind-mounted checkout): the file stays its owner's.
  const path = join(dir, 'theirs.lock');
  writeFileSync(path, 'old\n');
  chmodSync(path, 0o640);
  chownSync(path, 1234, 5678);
  writeFileAtomic(path, 'new\n');
  assert.is(readFileSync(path, 'utf8'), 'new\n');
  const st = statSync(path);
  assert.equal([st.uid, st.gid, (st.mode & 0o777).toString(8)], [1234, 5678, '640']);
  // Through a link, the file it points to keeps them.
  mkdirSync(join(dir, 'shared'));
  const target = join(dir, 'shared/real.lock');
  writeFileSync(target, 'old\n');
  chownSync(target, 4321, 8765);
  symlinkSync('shared/real.lock', join(dir, 'link.lock'));
  writeFileAtomic(join(dir, 'link.lock'), 'new\n');
  assert.ok(lstatSync(join(dir, 'link.lock')).isSymbolicLink());
  assert.equal([statSync(target).uid, statSync(target).gid], [4321, 8765]);
  // A user may not give a file away: a world-writable file of root's is written by nobody, and
  // is then nobody's (the write does not fail for it).
  const shared = join(dir, 'world.lock');
  writeFileSync(shared, 'old\n');
  chmodSync(shared, 0o666);
  const script = `import('${new URL('../../src/io/write-atomic.ts', import.meta.url).pathname}').then((m) => { try { m.writeFileAtomic(process.argv[1], 'new\\n'); console.log('written'); } catch (e) { console.log(e.message); } })`;
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '-e', script, shared], { encoding: 'utf8', uid: 65534, gid: 65534, cwd: dir, timeout: 60_000, env: { ...process.env, TMPDIR: dir } });
  assert.is(r.stdout.trim(), 'written', r.stderr);
  const w = statSync(shared);
  assert.equal([readFileSync(shared, 'utf8'), w.uid, w.gid, (w.mode & 0o777).toString(8)], ['new\n', 65534, 65534, '666']);
  assert.equal(readdirSync(dir).filter((n) => n.endsWith('.tmp')), []);
});

// A read-only mount (a container's read-only volume) fails with EROFS whatever the permissions say:
// a tmpfs mounted read-only in a user and mount namespace of its own (`unshare -rm`), where the
// system allows one; elsewhere there is nothing to mount and the case is left out.
const canMountReadOnly = process.platform === 'linux' && spawnSync('unshare', ['-rm', 'true']).status === 0;
test('a directory on a read-only file system is named as such, not as one whose permissions need fixing', () => {
  if (!canMountReadOnly) return;
  const dir = tempDir('mcpfusion-erofs-');
  const mnt = join(dir, 'ro');
  mkdirSync(mnt);
  const lock = join(mnt, 'x.lock');
  const script = `mount -t tmpfs -o ro none "$1" && exec "$2" "$3" lock --contracts "$4" --lockfile "$5"`;
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script, 'sh', mnt, process.execPath, BUNDLE, join(ROOT, 'examples/billing/contracts.json'), lock], { encoding: 'utf8' });
  assert.is(r.status, 2, r.stderr);
  assert.match(r.stderr, /Cannot write ".*x\.lock": the directory ".*ro" is on a read-only file system \(mounted read-only[^)]*\); write elsewhere \(--lockfile PATH\) or mount it writable/);
  assert.not.match(r.stderr, /fix its permissions/);
});

// A full disk mid-write: a tmpfs of 256 KiB mounted in a mount namespace of its own, holding a
// small lockfile, and a lock whose new lockfile (~600 KB) does not fit. The check runs inside the
// namespace (the mount is gone with it).
test('a disk that fills during the write: exit 2 "the disk is full", the old lockfile byte for byte, no temporary file left', () => {
  if (!canMountReadOnly) return;
  const dir = tempDir('mcpfusion-enospc-');
  const mnt = join(dir, 'small');
  mkdirSync(mnt);
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  const old = spawnSync(process.execPath, [BUNDLE, 'lock', '--contracts', 'contracts.json', '--lockfile', 'old.lock', '--quiet'], { cwd: dir, encoding: 'utf8' });
  assert.is(old.status, 0, old.stderr);
  const contracts = JSON.parse(readFileSync(join(dir, 'contracts.json'), 'utf8')) as { tools: Record<string, { surface: { description?: string } }> };
  contracts.tools['invoices']!.surface.description = 'long '.repeat(120_000);
  writeFileSync(join(dir, 'big.json'), JSON.stringify(contracts));
  const script = 'mount -t tmpfs -o size=256k none "$1" && cp old.lock "$1/x.lock" && "$2" "$3" lock --contracts big.json --lockfile "$1/x.lock"; echo "exit=$?"; cmp old.lock "$1/x.lock" && echo unchanged; ls -A "$1"';
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script, 'sh', mnt, process.execPath, BUNDLE], { cwd: dir, encoding: 'utf8' });
  assert.match(r.stderr, /^error: Cannot write ".*small\/x\.lock": the disk is full; the previous file \(if any\) is unchanged\n$/);
  assert.is(r.stdout, 'exit=2\nunchanged\nx.lock\n', r.stderr);
});

test.run();
