/**
 * Keys written with escapes over HTTP: the SDK's transports parse bodies with JSON.parse, so
 * mcpfusion stands in for such keys on the way through and restores them (the Deno case, where
 * JSON.parse misreads them, is in test/deno/cli.test.ts); under Node the tools read must be those
 * of the same answer read from a file, on every path of the fixture.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, startHttpServer, type StartedServer } from './_live.ts';

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('http-escaped-keys.mjs')]);
});
test.after(() => server.stop());

test('over JSON bodies, event streams, a batch and HTTP+SSE, the tools are those of the saved answer', () => {
  const dir = tempDir();
  const saved = join(dir, 'tools-list.json');
  writeFileSync(saved, spawnSync(process.execPath, [fixture('http-escaped-keys.mjs'), '--print'], { encoding: 'utf8' }).stdout);
  const fromFile = runCli(['digest', '--format', 'json', '--tools-list', saved], { cwd: dir });
  assert.is(fromFile.code, 0, fromFile.stderr);
  for (const path of ['/json', '/sse', '/batch-sse', '/legacy']) {
    const r = runCli(['digest', '--format', 'json', '--url', `http://127.0.0.1:${server.port}${path}`, '--request-timeout', '20000'], { cwd: dir });
    assert.is(r.code, 0, `${path}: ${r.stderr}`);
    assert.equal(JSON.parse(r.stdout).tools, JSON.parse(fromFile.stdout).tools, path);
  }
  // And the lockfile holds the keys as written.
  const lockfile = join(dir, 'mcpfusion.lock');
  const locked = runCli(['lock', '--url', `http://127.0.0.1:${server.port}/sse`, '--lockfile', lockfile], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  const check = runCli(['check', '--tools-list', saved, '--lockfile', lockfile], { cwd: dir });
  assert.is(check.code, 0, check.stdout + check.stderr);
});

test.run();
