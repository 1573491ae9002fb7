import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { missingWebSocket, websocketFlagHint } from '../../src/sources/websocket-flag-hint.ts';

// A server that stops at start for want of the global WebSocket: Node.js 20.10-21 has it only
// with --experimental-websocket. servers26 saw mcp-supabase 0.1.0 and flow-nexus 0.1.128 stop on
// supabase-js' `Node.js 20 detected without native WebSocket support.`, quoted with nothing more;
// with --server-env NODE_OPTIONS=--experimental-websocket both locked.

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/needs-websocket.mjs');
const PATIENT = ['--handshake-timeout', '60000'];
const FLAG = '--server-env NODE_OPTIONS=--experimental-websocket';

test('missingWebSocket: supabase-js\' line and a ReferenceError, with the version Node printed', () => {
  const supabase = missingWebSocket(['/srv/websocket-factory.js:103', '        throw new Error(errorMessage);', '', 'Error: Node.js 20 detected without native WebSocket support.', '', '    at x (/srv/a.js:1:1)', '', 'Node.js v20.20.2']);
  assert.equal(supabase, { line: 'Error: Node.js 20 detected without native WebSocket support.', version: { major: 20, minor: 20 } });
  assert.equal(missingWebSocket(['Error: Node.js 20 detected without native WebSocket support.'])?.version, { major: 20, minor: undefined });
  assert.equal(missingWebSocket(['ReferenceError: WebSocket is not defined', '    at connect (file:///srv/ws.js:4:3)', 'Node.js v21.7.1'])?.version, { major: 21, minor: 7 });
  assert.is(missingWebSocket(['Error: WebSocket connection to wss://x failed', 'Node.js v20.20.2']), undefined);
});

test('websocketFlagHint: the flag where it works, a newer Node.js where it does not, NODE_OPTIONS kept', () => {
  const line = 'Error: Node.js 20 detected without native WebSocket support.';
  const on20 = websocketFlagHint({ line, version: { major: 20, minor: 20 } }, undefined);
  assert.ok(on20.includes(`: give it that flag on the Node.js 20.20 it ran on with ${FLAG}, or run it with Node.js 22 or later`), on20);
  // Node.js 20.9 has no such flag; 18 neither.
  for (const version of [{ major: 20, minor: 9 }, { major: 18, minor: 20 }]) {
    const hint = websocketFlagHint({ line, version }, undefined);
    assert.ok(hint.includes(`; the Node.js ${version.major}.${version.minor} it ran on has no such flag: run it with Node.js 22 or later`), hint);
    assert.not.ok(hint.includes('--server-env'), hint);
  }
  const kept = websocketFlagHint({ line, version: { major: 21, minor: 7 } }, '--max-old-space-size=4096');
  assert.ok(kept.includes('--server-env NODE_OPTIONS="--max-old-space-size=4096 --experimental-websocket" (its NODE_OPTIONS with the flag added)'), kept);
  const given = websocketFlagHint({ line, version: { major: 20, minor: 20 } }, '--experimental-websocket');
  assert.ok(given.includes('which its NODE_OPTIONS already gives: run it with Node.js 22 or later'), given);
  // Node.js 22 has the global unless turned off: not the cause to name.
  assert.is(websocketFlagHint({ line, version: { major: 22, minor: 1 } }, undefined), '');
});

const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
if (major === 21 || (major === 20 && minor >= 10)) {
  test('a real server that stops without the global WebSocket is told the flag, and locks with it', () => {
    const dir = tempDir();
    const r = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir, env: { NODE_OPTIONS: '' } });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(`detected without native WebSocket support.\"), which Node.js has by default from version 22 and, from 20.10, only with the flag --experimental-websocket: give it that flag on the Node.js ${major}.${minor} it ran on with ${FLAG}, or run it with Node.js 22 or later`), r.stderr);
    const ok = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, '--server-env', 'NODE_OPTIONS=--experimental-websocket', ...PATIENT], { cwd: dir });
    assert.is(ok.code, 0, ok.stderr);
    assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['query']);
  });
} else {
  test('on Node.js 22 and later the global is there: the fixture serves as started', () => {
    const dir = tempDir();
    const r = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
  });
}

test.run();
