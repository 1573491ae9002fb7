/**
 * Servers not written with the TypeScript SDK: a raw Python stdio server (standard library
 * only, `test/fixtures/servers/foreign_stdio.py`) that answers the way servers in other languages
 * do, within the MCP specification or just outside it where mcpfusion can read past it. Skipped
 * with a message when python3 is not installed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';
import { readLiveServer } from '../../src/sources/mcp-client.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';
import { checkInitializeResult } from '../../src/sources/listing-client.ts';
import { openSession } from '../../src/sources/session.ts';

const SERVER = `python3 ${fixture('foreign_stdio.py')}`;
// Every run here ends on its own (an answer or an error answer): limits a loaded machine's python3
// start never reaches.
const LIMITS = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
const hasPython = spawnSync('python3', ['--version']).status === 0;

function digest(env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['--server-env', `${k}=${v}`]);
  return runCli(['digest', '--format', 'json', '--server', SERVER, ...envArgs, ...LIMITS], { cwd: tempDir() });
}

if (!hasPython) {
  console.log('SKIP test/sources/foreign-servers: python3 is not installed');
  test('skipped without python3', () => {});
} else {
  const baseline = (): string => {
    const r = digest();
    assert.is(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).integrityDigest as string;
  };

  test('an initialize result the SDK schema refuses but mcpfusion can read is locked, with warnings, to the same digest', () => {
    const expected = baseline();
    const variants: Array<[string, object, string | undefined]> = [
      // serverInfo.version is required by the MCP schema, but nothing of it is locked.
      ['no serverInfo.version', { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'foreign' } }, undefined],
      // A capability the server lacks, written as null (a Go or Java serializer without omitempty).
      ['null capabilities', { protocolVersion: '2025-03-26', capabilities: { tools: { listChanged: false }, prompts: null, resources: null, logging: null }, serverInfo: { name: 'foreign', version: '1' } }, undefined],
      // icons in an older draft's shape (sizes as one string), which the SDK's schema refuses.
      ['icons with a string sizes', { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'foreign', version: '1', icons: [{ src: 'data:,x', sizes: '48x48', theme: 'high-contrast' }] } }, undefined],
      ['no serverInfo', { protocolVersion: '2024-11-05', capabilities: { tools: {} } }, 'no "serverInfo" object'],
    ];
    for (const [what, init, warning] of variants) {
      const r = digest({ FOREIGN_INIT: JSON.stringify(init) });
      assert.is(r.code, 0, `${what}: ${r.stderr}`);
      assert.is(JSON.parse(r.stdout).integrityDigest, expected, what);
      if (warning) assert.ok(r.stderr.includes(warning), `${what}: ${r.stderr}`);
      else assert.not.ok(r.stderr.includes('warning'), `${what}: ${r.stderr}`);
    }
  });

  test('input schemas without "type": "object" (which the SDK refuses, with the whole list) are locked as listed, with one warning naming them', () => {
    // What server-filesystem 2025.7.1 lists when npm gives it zod 4: zod-to-json-schema writes only "$schema".
    const broken = { $schema: 'http://json-schema.org/draft-07/schema#' };
    const tools = [
      { name: 'read_file', inputSchema: broken },
      { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'list', inputSchema: { type: ['object', 'null'] } },
      { name: 'move', inputSchema: { ...broken, properties: { from: { type: 'string' } } } },
    ];
    const r = digest({ FOREIGN_TOOLS: JSON.stringify(tools) });
    assert.is(r.code, 0, r.stderr);
    assert.equal(Object.keys(JSON.parse(r.stdout).tools), ['list', 'move', 'read_file', 'search']);
    const warnings = r.stderr.split('\n').filter((l) => l.includes('"type": "object"'));
    assert.is(warnings.length, 1, r.stderr);
    assert.ok(warnings[0]!.includes('warning: [schema.input-not-object] 3 tools ("list", "move", "read_file")'), r.stderr);
    assert.ok(warnings[0]!.includes('locked as listed'), r.stderr);
    // Well-formed schemas: no such warning.
    assert.not.ok(digest().stderr.includes('"type": "object"'));
  });

  test('an initialize result mcpfusion cannot use fails at stage initialize with one clear line, not a schema dump', () => {
    const cases: Array<[object, string]> = [
      [{ protocolVersion: '2099-01-01', capabilities: { tools: {} }, serverInfo: { name: 'f', version: '1' } }, 'MCP protocol version "2099-01-01", which mcpfusion does not speak (it asked for '],
      [{ capabilities: { tools: {} }, serverInfo: { name: 'f', version: '1' } }, 'no "protocolVersion" string'],
      [{ protocolVersion: '2025-06-18', serverInfo: { name: 'f', version: '1' } }, 'no "capabilities" object'],
    ];
    for (const [init, message] of cases) {
      const r = digest({ FOREIGN_INIT: JSON.stringify(init) });
      assert.is(r.code, 3, r.stderr);
      assert.ok(r.stderr.includes('failed at stage "initialize"'), r.stderr);
      assert.ok(r.stderr.includes(message), r.stderr);
      assert.not.ok(r.stderr.includes('"code": "invalid_type"'), r.stderr);
    }
  });

  test('the handshake and request time limits reach the SDK, whose own default (60 s) would cut longer ones short', async () => {
    const seen: Array<[string, number | undefined]> = [];
    const original = Protocol.prototype.request;
    Protocol.prototype.request = function (this: unknown, request: { method: string }, schema: unknown, options?: { timeout?: number }) {
      seen.push([request.method, options?.timeout]);
      return (original as (...a: unknown[]) => unknown).call(this, request, schema, options);
    } as typeof original;
    try {
      const connection = stdioConnection({ command: 'python3', args: [fixture('foreign_stdio.py')], env: process.env, graceMs: 500 });
      const { snapshot } = await readLiveServer(connection, { start: 5000, handshake: 90_000, request: 75_000 });
      assert.is(snapshot.tools.length, 2);
    } finally {
      Protocol.prototype.request = original;
    }
    assert.equal(seen, [['initialize', 90_000], ['tools/list', 75_000]]);
  });

  test('a server answering in JSON-RPC batches (MCP 2025-03-26) is read like one answering message by message', () => {
    const expected = baseline();
    const init = { protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'foreign', version: '1' } };
    const r = digest({ FOREIGN_BATCH: '1', FOREIGN_INIT: JSON.stringify(init) });
    assert.is(r.code, 0, r.stderr);
    assert.is(JSON.parse(r.stdout).integrityDigest, expected);
  });

  test('a server whose every page has a new cursor fails after the page limit, saying so (not "a cursor must not repeat")', () => {
    const r = digest({ FOREIGN_PAGES: 'distinct' });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('failed at stage "tools/list (page 10000)"'), r.stderr);
    assert.ok(r.stderr.includes('page 10000 still has a nextCursor ("10000"); mcpfusion stops at 10000 pages'), r.stderr);
    assert.not.ok(r.stderr.includes('must not repeat'), r.stderr);
  });

  test('a session (probe) lists tools with the same page rules: endless distinct cursors fail instead of looping forever', async () => {
    const session = await openSession(
      stdioConnection({ command: 'python3', args: [fixture('foreign_stdio.py')], env: { ...process.env, FOREIGN_PAGES: 'distinct' }, graceMs: 500 }),
      { start: 30_000, handshake: 30_000, request: 30_000 },
    );
    try {
      let failure: Error | undefined;
      await session.listTools().catch((e: Error) => (failure = e));
      assert.match(failure?.message ?? 'no failure', /mcpfusion stops at 10000 pages/);
    } finally {
      await session.close();
    }
  });

  test('checkInitializeResult: capabilities given as null or false are not advertised', () => {
    const r = checkInitializeResult({ protocolVersion: '2025-03-26', capabilities: { tools: {}, prompts: null, resources: false, logging: true }, serverInfo: { name: 's' } });
    assert.equal(Object.keys(r.capabilities), ['tools', 'logging']);
    assert.equal(r.warnings, ['The server\'s capability "logging" is the boolean true, not an object; read as advertised']);
  });
}

test.run();
