import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnFailure } from '../../src/sources/stdio.ts';
import { windowsShimHint } from '../../src/sources/windows-shim-hint.ts';
import { parseCommandLine } from '../../src/sources/command-line.ts';

const startError = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`spawn x ${code}`), { code });

test('on Windows a server named npx that does not start is told to go through cmd /c', () => {
  // Node: a bare `npx` is looked up as npx.com / npx.exe only (ENOENT); `npx.cmd` is refused (EINVAL).
  const bare = spawnFailure(startError('ENOENT'), 'npx', 'win32').message;
  assert.match(bare, /was not found/);
  assert.match(bare, /write "cmd \/c npx …"/);
  assert.match(spawnFailure(startError('EINVAL'), 'C:\\Program Files\\nodejs\\npx.cmd', 'win32').message, /write "cmd \/c 'C:\\Program Files\\nodejs\\npx\.cmd' …"/);
  // What the hint says to write splits back into the program cmd is to run.
  assert.equal(parseCommandLine("cmd /c 'C:\\Program Files\\nodejs\\npx.cmd' -y pkg").args, ['/c', 'C:\\Program Files\\nodejs\\npx.cmd', '-y', 'pkg']);
  // Elsewhere, or for a program that is an .exe, the message stays as it was.
  assert.not.match(spawnFailure(startError('ENOENT'), 'npx', 'linux').message, /cmd \/c/);
  assert.not.match(spawnFailure(startError('ENOENT'), 'node.exe', 'win32').message, /cmd \/c/);
});

test('the hint applies only to start failures of scripts on Windows', () => {
  assert.is(windowsShimHint('npx', 'EACCES', 'win32'), '');
  assert.is(windowsShimHint('python.exe', 'ENOENT', 'win32'), '');
  assert.is(windowsShimHint('npx', 'ENOENT', 'darwin'), '');
  assert.ok(windowsShimHint('tools\\run.bat', 'EINVAL', 'win32').includes("cmd /c 'tools\\run.bat' …"));
});

test.run();
