import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isSdkConnectionClosed } from '../../src/sources/sdk-closed.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// The MCP SDK rejects open requests with -32000 `Connection closed` when the transport closes;
// a server may answer with -32000 itself (@agentpmt/mcp-router 1.1.10: `Upstream MCP request
// failed`, servers25), which was reported as `the connection closed`.

const NODE = process.execPath;
const SERVER = join(ROOT, 'test/fixtures/servers/answers-32000.mjs');

test('isSdkConnectionClosed: the SDK\'s own closed connection and cancelled request; a server\'s -32000 answer is not', () => {
  assert.ok(isSdkConnectionClosed(new McpError(ErrorCode.ConnectionClosed, 'Connection closed')));
  assert.ok(isSdkConnectionClosed(new McpError(ErrorCode.ConnectionClosed, 'Request was cancelled')));
  assert.not.ok(isSdkConnectionClosed(new McpError(-32000, 'Upstream MCP request failed')));
  assert.not.ok(isSdkConnectionClosed(new McpError(-32000, 'Connection closed', 'upstream')));
  assert.not.ok(isSdkConnectionClosed(new McpError(-32001, 'Connection closed')));
  assert.not.ok(isSdkConnectionClosed(new Error('Connection closed')));
});

for (const stage of ['initialize', 'tools/list'] as const) {
  test(`a server answering ${stage} with its own -32000 error is quoted, not reported as a closed connection`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${SERVER} ${stage}`, '--handshake-timeout', '60000', '--request-timeout', '60000'], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(`failed at stage "${stage}": the server answered with JSON-RPC error -32000: Upstream MCP request failed (data: "getaddrinfo EAI_AGAIN hosted.example.invalid")`), r.stderr);
    assert.not.ok(r.stderr.includes('the connection closed'), r.stderr);
  });
}

test.run();
