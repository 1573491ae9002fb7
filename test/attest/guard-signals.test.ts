import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';
import { ROOT } from './_cli.ts';

// The signals guard and heal pass on to the server they run (docs/attest.md, Lifetime).
const SECRET = 'guard-test-secret-0123456789abcdefghijklmnop';
const NODE = process.execPath;
const dirs: string[] = [];

test('SIGINT and SIGHUP to guard or heal reach the server as sent (servers such as server-everything clean up on SIGINT only); one the server ignores is followed by SIGTERM; the proxy then exits with the server\'s status', async () => {
  const dir = tempDir('mcpfusion-guard-signals-');
  dirs.push(dir);
  const env = { MCPFUSION_SECRET: SECRET };
  const server = join(ROOT, 'test/fixtures/servers/reports-signal.mjs');
  const line = `"${NODE}" "${server}"`;
  assert.is(runCli(['attest', 'sign', '--server', line, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env }).code, 0);
  assert.is(runCli(['lock', '--server', line], { cwd: dir, env }).code, 0);
  const GUARD = ['guard', '--secret-env', 'MCPFUSION_SECRET'];
  // The exit status after a signal passed on is the server's, as a wrapper such as tini or
  // timeout (when it did not time out) reports it: its exit code, or 128 + the number of the
  // signal that ended it (SIGINT 2, SIGHUP 1, SIGTERM 15).
  const cases: { proxy: string[]; signal: NodeJS.Signals; ignore?: string; exit?: string; die?: string; said: string[]; code: number; note?: RegExp }[] = [
    { proxy: GUARD, signal: 'SIGINT', said: ['got SIGINT'], code: 0 },
    { proxy: ['heal'], signal: 'SIGHUP', said: ['got SIGHUP'], code: 0 },
    { proxy: GUARD, signal: 'SIGTERM', said: ['got SIGTERM'], code: 0 },
    { proxy: ['heal'], signal: 'SIGINT', ignore: 'SIGINT', said: ['got SIGINT', 'got SIGTERM'], code: 0 },
    { proxy: GUARD, signal: 'SIGTERM', exit: '7', said: ['got SIGTERM'], code: 7, note: /^guard: passed SIGTERM on to the server, which then exited with code 7$/m },
    { proxy: ['heal'], signal: 'SIGINT', exit: '5', said: ['got SIGINT'], code: 5, note: /^heal: passed SIGINT on to the server, which then exited with code 5$/m },
    { proxy: GUARD, signal: 'SIGHUP', die: 'SIGHUP', said: ['got SIGHUP'], code: 129, note: /^guard: passed SIGHUP on to the server, which was then ended by SIGHUP \(exit 129\)$/m },
    { proxy: ['heal'], signal: 'SIGTERM', die: 'SIGTERM', said: ['got SIGTERM'], code: 143 },
    // A server that ignores SIGINT gets SIGTERM from the proxy; it dies of that one.
    { proxy: GUARD, signal: 'SIGINT', ignore: 'SIGINT', die: 'SIGTERM', said: ['got SIGINT', 'got SIGTERM'], code: 143 },
  ];
  for (const { proxy, signal, ignore = '', exit = '0', die = '', said, code: expected, note } of cases) {
    const child = spawn(NODE, [BUNDLE, ...proxy, '--', NODE, server], {
      cwd: dir, env: { PATH: process.env['PATH'], ...env, FIXTURE_IGNORE: ignore, FIXTURE_EXIT_CODE: exit, FIXTURE_DIE: die }, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.stdin.write('{"jsonrpc":"2.0","id":"init-1","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n');
    for (let i = 0; i < 1200 && !out.includes('"init-1"') && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(out.includes('"init-1"'), `${proxy[0]}: no initialize answer:\n${err}`);
    child.kill(signal);
    const code = await exited;
    const got = err.split('\n').filter((l) => l.startsWith('got '));
    assert.equal(got, said, `${proxy[0]} sent ${signal}: the server said ${JSON.stringify(got)}\n${err}`);
    assert.is(code, expected, `${proxy[0]} sent ${signal}:\n${err}`);
    if (note) assert.match(err, note);
    // Neither a failure of mcpfusion's own nor a note when the server ended cleanly.
    assert.not.match(err, /^error: |AttestationError/m, err);
    if (expected === 0) assert.not.match(err, /passed SIG/, err);
  }
});

test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test.run();
