import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, chownSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mayExecute, permissionClass } from '../../src/sources/execute-permission.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

test('the execute bit that decides is the one for the caller: root any, owner its own alone, group, others', () => {
  const rows: [mode: number, owner: [number, number], caller: [number, number[]], cls: string, may: boolean][] = [
    [0o100, [5, 5], [0, [0]], 'root', true],
    [0o001, [5, 5], [0, [0]], 'root', true],
    [0o644, [5, 5], [0, [0]], 'root', false],
    [0o744, [0, 0], [1000, [1000]], 'other', false],
    [0o745, [0, 0], [1000, [1000]], 'other', true],
    // An owner without the owner's bit is refused, whatever the group and others have.
    [0o011, [1000, 1000], [1000, [1000]], 'owner', false],
    [0o700, [1000, 1000], [1000, [1000]], 'owner', true],
    // A group member is decided by the group's bit, even when others have theirs.
    [0o701, [0, 50], [1000, [1000, 50]], 'group', false],
    [0o710, [0, 50], [1000, [1000, 50]], 'group', true],
    [0o710, [0, 50], [1000, [1000]], 'other', false],
  ];
  for (const [mode, [uid, gid], [cuid, gids], cls, may] of rows) {
    const file = { mode, uid, gid };
    const caller = { uid: cuid, gids };
    assert.is(permissionClass(file, caller), cls, `${mode.toString(8)} ${uid}:${gid} for ${cuid}`);
    assert.is(mayExecute(file, caller), may, `${mode.toString(8)} ${uid}:${gid} for ${cuid}`);
  }
});

test('a file with an execute bit that is not the caller\'s is told so with the chmod for its class, not blamed on a noexec mount (exit 3)', () => {
  const dir = tempDir();
  const file = join(dir, 'srv');
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  const quoted = JSON.stringify(file);
  if (process.getuid?.() === 0) {
    // Root runs mcpfusion as nobody (65534), which libuv leaves without supplementary groups.
    const nobody = { uid: 65534, gid: 65534 };
    chmodSync(file, 0o744);
    const other = runCli(['inspect', '--server', file], { cwd: dir, ...nobody });
    assert.is(other.code, 3, other.stderr);
    assert.ok(other.stderr.includes(`its file ${quoted} has execute permission (mode 744) but not for others, and uid 65534, which mcpfusion runs as, is neither its owner (uid 0) nor in its group (gid 0); make it executable for others (chmod o+x ${quoted}, as its owner or root)`), other.stderr);
    assert.not.match(other.stderr, /noexec/);
    chownSync(file, 0, 65534);
    chmodSync(file, 0o705);
    const group = runCli(['inspect', '--server', file], { cwd: dir, ...nobody });
    assert.is(group.code, 3, group.stderr);
    assert.ok(group.stderr.includes(`has execute permission (mode 705) but not for its group (gid 65534), which uid 65534 is in and which decides for it; make it executable for its group (chmod g+x ${quoted}, as its owner uid 0 or root)`), group.stderr);
    chownSync(file, 65534, 65534);
    chmodSync(file, 0o055);
    const owner = runCli(['inspect', '--server', file], { cwd: dir, ...nobody });
    assert.is(owner.code, 3, owner.stderr);
    assert.ok(owner.stderr.includes(`has execute permission (mode 055) but not for its owner, uid 65534, which mcpfusion runs as (an owner is refused by the owner's bit alone); make it executable for its owner (chmod u+x ${quoted})`), owner.stderr);
    // The fix it names works: with o+x, nobody starts it (the shell script exits; no EACCES).
    chownSync(file, 0, 0);
    chmodSync(file, 0o745);
    const fixed = runCli(['inspect', '--server', file], { cwd: dir, ...nobody });
    assert.is(fixed.code, 3, fixed.stderr);
    assert.not.match(fixed.stderr, /permission denied/);
  } else {
    // Not root: one's own file with the group's and others' bits but not the owner's.
    chmodSync(file, 0o011);
    const owner = runCli(['inspect', '--server', file], { cwd: dir });
    assert.is(owner.code, 3, owner.stderr);
    assert.ok(owner.stderr.includes(`has execute permission (mode 011) but not for its owner, uid ${process.getuid?.()}, which mcpfusion runs as (an owner is refused by the owner's bit alone); make it executable for its owner (chmod u+x ${quoted})`), owner.stderr);
  }
});

test.run();
