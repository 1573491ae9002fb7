/**
 * A launcher that starts the server and exits while the server goes on serving on the stdin and
 * stdout it inherited (`sh -c 'server &'`, a wrapper that hands over to its child). Node destroys
 * a child's stdin when that child exits, so the server read end-of-file and exited before it
 * answered: the run failed at stage "initialize" (exit 3, "the server is not running (the server
 * exited (exit code 0))" or "the server exited (exit code 0) before mcpfusion was done"). Now
 * mcpfusion reads the server while its pipes are open and ends the process group at the end.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';
import { fixture, waitFor } from './_live.ts';
import { readLiveServer } from '../../src/sources/mcp-client.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';
import { SourceError } from '../../src/errors.ts';

const NODE = process.execPath;
const LAUNCHER = fixture('background-launcher.sh');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function lockedTools(dir: string): string[] {
  return Object.keys((JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: object } }).capabilities.tools);
}

test('a launcher that backgrounds the server and exits: the server is read and locked (before: exit 3 at "initialize")', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${LAUNCHER} ${NODE} ${fixture('paginated.mjs')}`], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(lockedTools(dir), ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  assert.not.ok(r.stderr.includes('warning'), r.stderr);
});

test('a launcher that exits with an error while the server it started serves: the server is what is read', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${LAUNCHER} ${NODE} ${fixture('paginated.mjs')}`], { cwd: dir, env: { ...process.env, FIXTURE_LAUNCHER_EXIT: '1' } });
  assert.is(r.code, 0, r.stderr);
  assert.equal(lockedTools(dir), ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
});

test('a server left by its launcher that does not exit when its stdin closes is ended with its process group', () => {
  const dir = tempDir();
  const pidFile = join(dir, 'server.pid');
  const r = runCli(['lock', '--server', `${LAUNCHER} ${NODE} ${fixture('ignores-stdin-end.mjs')}`], { cwd: dir, env: { ...process.env, FIXTURE_PID_FILE: pidFile } });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  assert.is(r.code, 0, r.stderr);
  assert.equal(lockedTools(dir), ['stay']);
  assert.not.ok(alive(pid), `pid ${pid} still runs`);
});

test('a launcher that starts the server in a session of its own and exits: the server is read, and named as left running', () => {
  const dir = tempDir();
  const pidFile = join(dir, 'server.pid');
  const r = runCli(['lock', '--server', `${NODE} ${fixture('detaching-launcher.mjs')} ${NODE} ${fixture('ignores-stdin-end.mjs')}`], { cwd: dir, env: { ...process.env, FIXTURE_PID_FILE: pidFile } });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    assert.is(r.code, 0, r.stderr);
    assert.equal(lockedTools(dir), ['stay']);
    if (process.platform === 'linux') {
      assert.ok(r.stderr.includes(`still running after the server was shut down: pid ${pid} "${NODE} ${fixture('ignores-stdin-end.mjs')}" (in a session of its own)`), r.stderr);
      assert.ok(r.stderr.includes(`end it with "kill ${pid}"`), r.stderr);
    }
  } finally {
    // Started by this test (through the fixture), out of mcpfusion's reach by design.
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});

test('a server left by its launcher that never answers: the timeout says the launcher exited and what was read', () => {
  const r = runCli(['lock', '--server', `${LAUNCHER} ${NODE} ${fixture('never-answers.mjs')}`, '--handshake-timeout', '3000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('no answer within 3000 ms'), r.stderr);
  assert.ok(r.stderr.includes('the program started exited (exit code 0) and left a process of its running on the server\'s stdin and stdout (a launcher that started the server in the background), which mcpfusion went on reading'), r.stderr);
});

for (const exit of ['4', '0']) {
  test(`a launcher that exits (code ${exit}) leaving only a helper that does not read its stdin: said at once, with its exit code and stderr, and the helper is ended (before: the handshake timeout)`, () => {
    const dir = tempDir();
    const pidFile = join(dir, 'helper.pid');
    // A limit the run never reaches: before, it waited all of it and said only "no answer within 60000 ms".
    const r = runCli(['lock', '--server', fixture('failing-launcher.sh'), '--handshake-timeout', '60000'], { cwd: dir, env: { ...process.env, FIXTURE_PID_FILE: pidFile, FIXTURE_LAUNCHER_EXIT: exit } });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      assert.is(r.code, 3, r.stderr);
      assert.ok(r.stderr.includes(`failed at stage "initialize": the program started exited (exit code ${exit}) before the server answered, and no process it left running reads the server's stdin, so no answer can come`), r.stderr);
      assert.ok(r.stderr.includes('failing-launcher: config.toml not found'), r.stderr);
      assert.not.ok(r.stderr.includes('no answer within'), r.stderr);
      assert.not.ok(r.stderr.includes('which mcpfusion went on reading'), r.stderr);
      assert.not.ok(alive(pid), `helper pid ${pid} still runs`);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
}

test('launchers that exit within a millisecond of their start, leaving only a helper that does not read stdin: every run fails at once (before: most waited for the handshake timeout)', async () => {
  // Before, who held the server's stdin was read in /proc from the launcher's descriptor 0 right
  // after spawn returned; a shell that starts a helper and exits at once was often gone by then
  // (4 runs of 6 waited for the whole timeout). The handshake limit here is ten minutes: one run
  // that waited for it would time the test out, whatever the machine's speed.
  const dir = tempDir();
  const pidFile = join(dir, 'helpers.pid');
  const runs = 40;
  for (let i = 0; i < runs; i++) {
    const exit = String(1 + (i % 5));
    try {
      await readLiveServer(stdioConnection({ command: 'sh', args: ['-c', `sleep 300 & echo $! >> '${pidFile}'; exit ${exit}`], env: process.env, graceMs: 500 }), { start: 600_000, handshake: 600_000, request: 600_000 });
      assert.unreachable('expected a SourceError');
    } catch (e) {
      assert.instance(e, SourceError);
      const message = (e as SourceError).message;
      assert.ok(message.includes(`the program started exited (exit code ${exit}) before the server answered, and no process it left running reads the server's stdin`), `run ${i}: ${message}`);
      assert.not.ok(message.includes('no answer within'), message);
    }
  }
  const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
  assert.is(pids.length, runs);
  // Each run ended its helper with the process group; an ended helper whose parent is gone may be
  // a zombie for a moment, until it is reaped.
  const running = (pid: number): boolean => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return alive(pid); // no /proc entry: gone (or not Linux)
    }
  };
  await waitFor(() => !pids.some(running), 30_000);
  const left = pids.filter(running);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  assert.equal(left, [], 'helpers still running');
});

test('a launcher that hands its stdin to a server whose descriptors /proc does not show (another user\'s, non-dumpable) and exits: the server is read (before: "no process it left running reads the server\'s stdin")', () => {
  // Before, who held the server's stdin was looked up in /proc; a process outside the server's
  // group whose descriptors could not be read was taken for one that did not hold it, and the run
  // failed. The kernel now says it: the server's end of the stdin socket is still open.
  if (process.platform !== 'linux') return;
  const dir = tempDir();
  chmodSync(dir, 0o777);
  // Root reads every process's descriptors: the CLI runs as nobody then, as an ordinary user does.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const r = runCli(['lock', '--server', `${fixture('unreadable-holder-launcher.sh')} ${fixture('foreign_stdio.py')}`, '--handshake-timeout', '60000'], { cwd: dir, ...asUser, env: { ...process.env, TMPDIR: dir, FIXTURE_PYTHON: python, FIXTURE_LAUNCHER_EXIT: '1' } });
  assert.is(r.code, 0, r.stderr);
  assert.equal(lockedTools(dir), ['drop', 'search']);
});

test('heal (the guard\'s proxy) in front of a launcher that backgrounds the server and exits: the client is served (before: the connection closed)', async () => {
  const dir = tempDir();
  const locked = runCli(['lock', '--server', `${NODE} ${fixture('paginated.mjs')}`], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  const client = new Client({ name: 'launcher-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: NODE, args: [BUNDLE, 'heal', '--', LAUNCHER, NODE, fixture('paginated.mjs')], cwd: dir, env: { PATH: process.env['PATH']! }, stderr: 'pipe' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name), ['a1', 'a2', 'a3']);
  } finally {
    await client.close();
  }
});

test.run();
