/**
 * The failure for a launcher that exits leaving nothing that reads the server's stdin told the
 * user that a shell gives a background command /dev/null "unless told <&0". dash, the /bin/sh of
 * Debian and Ubuntu, gives /dev/null even then (servers20: `sh -c 'python server.py <&0 & exit 0'`
 * failed so with a FastMCP server), so following that advice changed nothing. The failure now
 * names the form dash keeps the stdin for, and that form is run here and locks.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;
const DASH = existsSync('/bin/sh') && realpathSync('/bin/sh').endsWith('dash');

test('dash: "server <&0 &" leaves the server /dev/null (said at once, with the form that works), and "exec 3<&0; server <&3 &" is read and locks', () => {
  if (!DASH) {
    console.log('skipped: /bin/sh is not dash');
    return;
  }
  // A server that does not exit when its stdin ends: given /dev/null, it runs on holding only its stdout.
  const server = `${NODE} ${fixture('ignores-stdin-end.mjs')}`;
  const dir = tempDir();
  const pidFile = join(dir, 'server.pid');
  const env = { ...process.env, FIXTURE_PID_FILE: pidFile };
  const told = runCli(['lock', '--server', `sh -c '${server} <&0 & exit 0'`, '--handshake-timeout', '60000'], { cwd: dir, env });
  // The group is ended at once, often before the server has written its pid.
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    let alive = true;
    try { process.kill(pid, 0); } catch { alive = false; }
    if (alive) process.kill(pid, 'SIGKILL');
    assert.not.ok(alive, `server pid ${pid} still ran`);
  }
  assert.is(told.code, 3, told.stderr);
  assert.ok(told.stderr.includes('no process it left running reads the server\'s stdin'), told.stderr);
  assert.ok(told.stderr.includes('keeps it only for "exec 3<&0; server <&3 &"'), told.stderr);
  assert.not.ok(told.stderr.includes('unless told <&0'), told.stderr);
  const followed = runCli(['lock', '--server', `sh -c 'exec 3<&0; ${server} <&3 & exit 0'`, '--handshake-timeout', '60000'], { cwd: dir, env });
  assert.is(followed.code, 0, followed.stderr);
  const tools = Object.keys((JSON.parse(readFileSync(`${dir}/mcpfusion.lock`, 'utf8')) as { capabilities: { tools: object } }).capabilities.tools);
  assert.equal(tools, ['stay']);
});

test.run();
