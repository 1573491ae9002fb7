/**
 * `probe record` checks that it can write the probe file before it calls the first tool. A call
 * can change the server's state (a probe may create, send or refund something); before, a probe
 * file in a read-only folder, a read-only probe file or one read from a pipe (`<(…)`) was found
 * unwritable only after every probe's tool had been called, and the answers were thrown away.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const PROBES = '{ "probes": [{ "id": "e", "tool": "echo", "arguments": { "text": "hi" } }] }\n';

/** A server whose one tool appends a line to `log` for every call. */
function loggingServer(dir: string, log: string): string {
  const file = join(dir, 'logging-server.mjs');
  writeFileSync(file, `import { appendFileSync } from 'node:fs';
import { serve } from ${JSON.stringify(join(ROOT, 'test/fixtures/servers/_rpc.mjs'))};
serve({
  'tools/list': () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }),
  'tools/call': (p) => { appendFileSync(${JSON.stringify(log)}, JSON.stringify(p.arguments) + '\\n'); return { content: [{ type: 'text', text: 'called' }] }; },
});
`);
  return `'${process.execPath}' '${file}'`;
}

function setUp(): { dir: string; log: string; server: string } {
  const dir = tempDir('mcpfusion-probe-unwritable-');
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  chmodSync(logs, 0o777);
  const log = join(logs, 'calls.log');
  return { dir, log, server: loggingServer(dir, log) };
}

const isRoot = process.getuid?.() === 0;

test('a probe file in a folder the user cannot write: exit 2 before any call, the file unchanged', () => {
  if (!isRoot) {
    console.log('skipped: needs root to run the CLI as another user');
    return;
  }
  const { dir, log, server } = setUp();
  const ro = join(dir, 'ro');
  mkdirSync(ro);
  const probes = join(ro, 'p.jsonc');
  writeFileSync(probes, PROBES);
  chmodSync(probes, 0o666);
  chmodSync(ro, 0o555);
  const r = runCli(['probe', 'record', '--server', server, '--probes', probes], { cwd: dir, uid: 65534, gid: 65534 });
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, `error: Cannot write "${probes}": the directory "${ro}" is not writable; fix its permissions or write elsewhere (--probes PATH); the previous file (if any) is unchanged; no probe was called\n`);
  assert.not.ok(existsSync(log), existsSync(log) ? readFileSync(log, 'utf8') : '');
  assert.is(readFileSync(probes, 'utf8'), PROBES);
});

test('a read-only probe file, and one read from a pipe: exit 2 before any call; a writable one is recorded (one call)', () => {
  const { dir, log, server } = setUp();
  const probes = join(dir, 'p.jsonc');
  writeFileSync(probes, PROBES);
  chmodSync(probes, 0o444);
  const r = runCli(['probe', 'record', '--server', server, '--probes', 'p.jsonc'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^error: Cannot write "[^"]*p\.jsonc": it is read-only \(mode 0444\), .*; no probe was called\n$/);
  assert.not.ok(existsSync(log));
  // bash's <(…) hands a /dev/fd path, a link to the pipe.
  chmodSync(probes, 0o644);
  const piped = spawnSync('bash', ['-c', `'${process.execPath}' '${join(ROOT, 'dist/mcpfusion.js')}' probe record --server "$1" --probes <(cat p.jsonc)`, 'bash', server], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  assert.is(piped.status, 2, piped.stderr);
  assert.match(piped.stderr, /^error: Cannot write file "\/dev\/fd\/\d+": it is a named pipe, not a regular file; .*; no probe was called\n$/);
  assert.not.ok(existsSync(log));
  const ok = runCli(['probe', 'record', '--server', server, '--probes', 'p.jsonc'], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.is(readFileSync(log, 'utf8'), '{"text":"hi"}\n');
  assert.match(readFileSync(probes, 'utf8'), /"baseline"/);
});

test.run();
