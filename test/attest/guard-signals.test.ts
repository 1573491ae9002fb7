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

test('SIGINT and SIGHUP to guard or heal reach the server as sent (servers such as server-everything clean up on SIGINT only); one the server ignores is followed by SIGTERM', async () => {
  const dir = tempDir('mcpfusion-guard-signals-');
  dirs.push(dir);
  const env = { MCPFUSION_SECRET: SECRET };
  const server = join(ROOT, 'test/fixtures/servers/reports-signal.mjs');
  const line = `"${NODE}" "${server}"`;
  assert.is(runCli(['attest', 'sign', '--server', line, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env }).code, 0);
  assert.is(runCli(['lock', '--server', line], { cwd: dir, env }).code, 0);
  const cases: { proxy: string[]; signal: NodeJS.Signals; ignore: string; said: string[] }[] = [
    { proxy: ['guard', '--secret-env', 'MCPFUSION_SECRET'], signal: 'SIGINT', ignore: '', said: ['got SIGINT'] },
    { proxy: ['heal'], signal: 'SIGHUP', ignore: '', said: ['got SIGHUP'] },
    { proxy: ['guard', '--secret-env', 'MCPFUSION_SECRET'], signal: 'SIGTERM', ignore: '', said: ['got SIGTERM'] },
    { proxy: ['heal'], signal: 'SIGINT', ignore: 'SIGINT', said: ['got SIGINT', 'got SIGTERM'] },
  ];
  for (const { proxy, signal, ignore, said } of cases) {
    const child = spawn(NODE, [BUNDLE, ...proxy, '--', NODE, server], {
      cwd: dir, env: { PATH: process.env['PATH'], ...env, FIXTURE_IGNORE: ignore }, stdio: ['pipe', 'pipe', 'pipe'],
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
    assert.is(code, 0, err);
  }
});

test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test.run();
