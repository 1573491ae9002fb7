import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

test('a script given as the server command (not found, or not executable) is told to run through its interpreter (exit 3)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'server.mjs'), 'process.exit(0);\n');
  chmodSync(join(dir, 'server.mjs'), 0o644);
  writeFileSync(join(dir, 'server.py'), 'print()\n');
  const cases: [string, RegExp][] = [
    ['server.mjs', /the command "server\.mjs" was not found; .*run a script through its interpreter \("node server\.mjs"\)/],
    ['./server.mjs', /the command "\.\/server\.mjs" cannot be executed \(permission denied\): its file ".*\/server\.mjs" has no execute permission \(mode 644\); make it executable \(chmod \+x ".*\/server\.mjs"\); run a script through its interpreter \("node \.\/server\.mjs"\)/],
    ['server.py --stdio', /run a script through its interpreter \("python3 server\.py"\)/],
  ];
  for (const [line, expected] of cases) {
    const r = runCli(['digest', '--server', line], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    assert.match(r.stderr, expected);
  }
  // A program that is not a script gets no such advice.
  const other = runCli(['digest', '--server', 'no-such-program-x'], { cwd: dir });
  assert.is(other.code, 3);
  assert.not.match(other.stderr, /interpreter/);
});

test('a program file without the execute permission is told so, with its mode and the chmod that fixes it, found by path or on PATH (exit 3)', () => {
  const dir = tempDir();
  // @kanoniv/mcp-linux-x64 0.3.7 ships its binary with mode 644 (servers21): an ELF without the
  // execute bit is what npm unpacks; any file will do, since it never runs.
  const bin = join(dir, 'node_modules', '@x', 'mcp-linux-x64');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'x-mcp'), '\u007fELF not really\n');
  chmodSync(join(bin, 'x-mcp'), 0o644);
  const r = runCli(['inspect', '--server', join(bin, 'x-mcp')], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`cannot be executed (permission denied): its file ${JSON.stringify(join(bin, 'x-mcp'))} has no execute permission (mode 644); make it executable (chmod +x ${JSON.stringify(join(bin, 'x-mcp'))}), as a package that ships a binary without it needs its launcher or an install script to do (tell its authors)`), r.stderr);
  // Found on PATH, outside node_modules: the chmod, without the word about packages.
  writeFileSync(join(dir, 'plain-srv'), '#!/bin/sh\n');
  chmodSync(join(dir, 'plain-srv'), 0o600);
  const onPath = runCli(['inspect', '--server', 'plain-srv', '--server-env', `PATH=${dir}:/usr/bin:/bin`], { cwd: dir });
  assert.is(onPath.code, 3, onPath.stderr);
  assert.ok(onPath.stderr.includes(`its file ${JSON.stringify(join(dir, 'plain-srv'))} has no execute permission (mode 600); make it executable (chmod +x ${JSON.stringify(join(dir, 'plain-srv'))})`), onPath.stderr);
  assert.not.match(onPath.stderr, /tell its authors/);
});

test.run();
