import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;
const FAST = ['--start-timeout', '2000', '--handshake-timeout', '5000', '--request-timeout', '5000'];

test('a banner on stdout before the handshake fails, and the failure says how to read a server that cannot be changed; that way works', () => {
  const command = `${NODE} ${fixture('stdout-banner.mjs')}`;
  for (const banner of ['Code Runner MCP Server running on stdio', '[dotenv@17.2.1] injecting env (0) from .env']) {
    const r = runCli(['lock', '--server', command, '--server-env', `FIXTURE_BANNER=${banner}`, ...FAST], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(`not a JSON-RPC message: ${JSON.stringify(banner)}`), r.stderr);
    const hint = 'a server that cannot be changed can be read through a filter that keeps only its lines that start like a message: --server "sh -c \'<command> | grep --line-buffered -E \\"^ *\\\\[? *\\\\{\\"\'"';
    assert.ok(r.stderr.includes(hint), r.stderr);
    // The way the hint names, typed as a shell passes it on.
    const dir = tempDir();
    const filtered = runCli(['lock', '--server', `sh -c '${command} | grep --line-buffered -E "^ *\\[? *\\{"'`, '--server-env', `FIXTURE_BANNER=${banner}`, ...FAST], { cwd: dir });
    assert.is(filtered.code, 0, filtered.stderr);
    assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['run-code']);
  }
});

test('no such hint for a server in its HTTP mode, a broken message or LSP framing', () => {
  const dir = tempDir();
  for (const [name, body] of [
    ['http.mjs', "process.stdout.write('Server listening on http://127.0.0.1:3001/mcp\\n');\nsetInterval(() => {}, 1000);\n"],
    ['broken.mjs', "process.stdout.write('{\"jsonrpc\":\"2.0\",\"id\":\\n');\nsetInterval(() => {}, 1000);\n"],
    ['lsp.mjs', "process.stdout.write('Content-Length: 42\\n');\nsetInterval(() => {}, 1000);\n"],
  ] as const) {
    const script = join(dir, name);
    writeFileSync(script, body);
    const r = runCli(['lock', '--server', `${NODE} ${script}`, ...FAST], { cwd: dir });
    assert.is(r.code, 3, `${name}: ${r.stderr}`);
    assert.not.ok(r.stderr.includes('grep'), `${name}: ${r.stderr}`);
  }
});

test.run();
