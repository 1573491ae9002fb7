/**
 * A directory given as the server's program: `spawn` fails with EACCES, which alone read as a
 * missing execute permission ("cannot be executed (permission denied)"). The failure names the
 * directory and what to give instead, with the exit code of any program that cannot be
 * executed (3, docs/sources.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

test('a directory as the program, by absolute path (one with a space too), relative path or found on PATH, is named as a directory (exit 3)', () => {
  const dir = tempDir();
  const srv = join(dir, 'bin', 'srv');
  mkdirSync(srv, { recursive: true });
  const spaced = join(dir, 'my servers');
  mkdirSync(spaced);
  const runs = [
    // A folder with a space: the line offered quotes it as --server splits words.
    { args: ['--server', `'${spaced}'`], says: `it is a directory, not a program; name the program inside it to run, or a script there with its interpreter ("node '${spaced}'/<script>.js")` },
    { args: ['--server', dir], says: `the command ${JSON.stringify(dir)} cannot be executed: it is a directory, not a program; name the program inside it to run, or a script there with its interpreter ("node ${dir}/<script>.js")` },
    { args: ['--server', `${dir}/`], says: `it is a directory, not a program; name the program inside it to run, or a script there with its interpreter ("node ${dir}/<script>.js")` },
    { args: ['--server', 'bin/srv', '--server-cwd', dir], says: `the command "bin/srv" cannot be executed: it is the directory ${JSON.stringify(srv)}, not a program` },
    { args: ['--server', 'srv', '--server-env', `PATH=${join(dir, 'bin')}`], says: `the command "srv" cannot be executed: it is the directory ${JSON.stringify(srv)}, not a program` },
  ];
  for (const { args, says } of runs) {
    const r = runCli(['lock', ...args], { cwd: dir });
    assert.is(r.code, 3, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, 'failed at stage "spawn"', args.join(' '));
    assert.match(r.stderr, says, args.join(' '));
    assert.not.match(r.stderr, 'permission denied', args.join(' '));
  }
});

test('a file without the execute permission is still told as one, and a missing path as not found', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'srv'), '#!/bin/sh\n', { mode: 0o644 });
  const r = runCli(['lock', '--server', join(dir, 'srv')], { cwd: dir });
  assert.is(r.code, 3);
  assert.match(r.stderr, `cannot be executed (permission denied): its file ${JSON.stringify(join(dir, 'srv'))} has no execute permission (mode 644)`);
  const gone = runCli(['lock', '--server', join(dir, 'gone')], { cwd: dir });
  assert.is(gone.code, 3);
  assert.match(gone.stderr, 'was not found');
});

test.run();
