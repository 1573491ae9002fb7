/**
 * Live servers that send more than any message should hold: each run must fail at once (exit 3)
 * naming the limit, instead of filling memory until the timeout (or the heap) ends it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, startHttpServer, type StartedServer } from './_live.ts';

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('http-hostile.mjs')]);
});
test.after(() => server.stop());

function lock(path: string): { code: number; stdout: string; stderr: string; ms: number } {
  const started = Date.now();
  // A request timeout far longer than the run may take: the limit, not the timer, must end it.
  const r = runCli(['lock', '--url', `http://127.0.0.1:${server.port}${path}`, '--request-timeout', '60000'], { cwd: tempDir() });
  return { ...r, ms: Date.now() - started };
}

for (const [path, fragment] of [
  ['/json-endless', 'the server sent a JSON body of more than 64 MiB (67108864 bytes), the most mcpfusion reads as one message: "{\\"jsonrpc\\":'],
  ['/sse-endless-data', 'the server sent a server-sent event of more than 64 MiB (67108864 characters) without ending it, the most mcpfusion reads as one message: "data: {\\"jsonrpc\\":'],
  ['/sse-endless-comment', 'the server sent a server-sent event of more than 64 MiB (67108864 characters) without ending it, the most mcpfusion reads as one message: ": keep-alive aaa'],
] as const) {
  test(`HTTP ${path}: a message that never ends fails at once past 64 MiB, not at the timeout`, () => {
    const r = lock(path);
    assert.is(r.code, 3, r.stderr);
    assert.is(r.stdout, '');
    assert.ok(r.stderr.includes('failed at stage "tools/list"'), r.stderr);
    assert.ok(r.stderr.includes(fragment), r.stderr.slice(0, 2000));
    assert.not.match(r.stderr, /Invalid string length|\n\s+at /, 'no RangeError, no stack trace');
    assert.ok(r.ms < 30_000, `took ${r.ms} ms`);
  });
}

test.run();
