import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnFailure } from '../../src/sources/stdio.ts';
import { windowsShimHint } from '../../src/sources/windows-shim-hint.ts';
import { parseCommandLine } from '../../src/sources/command-line.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

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

test('elsewhere, a command written for Windows ("cmd /c npx …", as configs shared with Windows users hold) is told to name the program itself', () => {
  const enoent = startError('ENOENT');
  const linux = spawnFailure(enoent, 'cmd', 'linux', ['/c', 'npx', '-y', '@modelcontextprotocol/server-memory']).message;
  assert.ok(linux.includes('the command "cmd" was not found'), linux);
  assert.ok(linux.includes('; "cmd /c" runs a program through cmd.exe, the shell of Windows, which linux does not have: here give the program itself ("npx -y @modelcontextprotocol/server-memory")'), linux);
  // cmd.exe, /C and a word that needs quotes; the suggestion splits back into the same words.
  const mac = spawnFailure(enoent, 'CMD.EXE', 'darwin', ['/C', 'C:\\tools\\run server.bat', '--port', '1']).message;
  assert.ok(mac.includes("which darwin does not have: here give the program itself (\"'C:\\tools\\run server.bat' --port 1\")"), mac);
  assert.is(parseCommandLine("'C:\\tools\\run server.bat' --port 1").command, 'C:\\tools\\run server.bat');
  // A token among the arguments is hidden, as in the rest of the message.
  const token = spawnFailure(enoent, 'cmd', 'linux', ['/c', 'npx', '-y', 'pkg', '--token', 'sekritvalue123456', 'postgres://u:hunter22@db/x']).message;
  assert.not.ok(token.includes('sekritvalue123456') || token.includes('hunter22'), token);
  assert.ok(token.includes('("npx -y pkg --token *** postgres://u:***@db/x")'), token);
  assert.equal(parseCommandLine("'C:\\tools\\run server.bat' --port 1").args, ['--port', '1']);
  // Not for Windows itself, another program, cmd without /c, or another failure.
  assert.not.match(spawnFailure(enoent, 'cmd', 'win32', ['/c', 'npx']).message, /which win32 does not have/);
  assert.not.match(spawnFailure(enoent, 'cmdx', 'linux', ['/c', 'npx']).message, /cmd\.exe/);
  assert.not.match(spawnFailure(enoent, 'cmd', 'linux', ['--help']).message, /cmd\.exe/);
  assert.not.match(spawnFailure(startError('EACCES'), 'cmd', 'linux', ['/c', 'npx']).message, /cmd\.exe/);
});

test('a config whose server is "cmd /c …" fails on this OS at stage spawn with that hint (exit 3)', () => {
  if (process.platform === 'win32') return;
  const dir = tempDir();
  writeFileSync(join(dir, 'mcpfusion.jsonc'), JSON.stringify({ source: { server: ['cmd', '/c', 'npx', '-y', '@modelcontextprotocol/server-memory'] } }));
  const r = runCli(['lock'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "spawn": the command "cmd" was not found; check its name, the PATH, or give its path; "cmd /c" runs a program through cmd.exe'), r.stderr);
  assert.ok(r.stderr.includes('here give the program itself ("npx -y @modelcontextprotocol/server-memory")'), r.stderr);
});

test('outside Windows, a Windows path or a .cmd/.bat program that is not found says so, with what to give here (exit 3); an empty --server is a usage error (exit 2)', () => {
  const enoent = startError('ENOENT');
  assert.match(spawnFailure(enoent, 'C:\\tools\\srv.cmd', 'linux').message, '"C:\\\\tools\\\\srv.cmd" is a Windows path (drive C:) to a batch script (.cmd), which only cmd.exe, the shell of Windows, runs and linux does not have: here give the program it starts');
  assert.match(spawnFailure(enoent, 'd:/srv/server.exe', 'darwin').message, '"d:/srv/server.exe" is a Windows path (drive D:), which darwin does not have: here give the program itself');
  assert.match(spawnFailure(enoent, 'npx.CMD', 'linux').message, '"npx.CMD" is a batch script of Windows (.cmd)');
  // Not for a POSIX program, on Windows itself (windowsShimHint answers there), or for another error.
  assert.not.match(spawnFailure(enoent, '/opt/srv/cmd', 'linux').message, 'Windows');
  assert.not.match(spawnFailure(enoent, 'C:\\tools\\srv.cmd', 'win32').message, 'does not have');
  assert.not.match(spawnFailure(startError('EACCES'), '/srv/run.cmd', 'linux').message, 'Windows');

  const dir = tempDir();
  for (const server of ["'C:\\tools\\srv.cmd'", 'C:/tools/srv.cmd', join(dir, 'missing.cmd')]) {
    const r = runCli(['lock', '--server', server], { cwd: dir });
    assert.is(r.code, 3, `${server}: ${r.stderr}`);
    assert.match(r.stderr, 'was not found; check its name, the PATH, or give its path; ', server);
    assert.match(r.stderr, 'which only cmd.exe, the shell of Windows, runs and linux does not have: here give the program it starts, by its name or its path on this system', server);
  }
  for (const server of ['', '  ']) {
    const r = runCli(['lock', '--server', server], { cwd: dir });
    assert.is(r.code, 2, JSON.stringify(server));
    assert.match(r.stderr, server === '' ? '--server got an empty value ("")' : 'The server command line is empty; give the program to run');
  }
});

test.run();
