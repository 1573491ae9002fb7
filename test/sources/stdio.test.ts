import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { alive, fixture as sharedFixture, processesMatching, uniqueScriptPath, waitFor } from './_live.ts';

/** Fixtures run from a unique path, so the process checks see only this file's servers. */
const fixture = (name: string): string => uniqueScriptPath(sharedFixture(name));
import { readLiveServer } from '../../src/sources/mcp-client.ts';
import { questionLine, stdioConnection } from '../../src/sources/stdio.ts';
import { commandLineSecrets, redactCommandLine, redactLogLine } from '../../src/sources/redact-command.ts';
import { SourceError } from '../../src/errors.ts';

const NODE = process.execPath;
/** For the runs that must end at the request timeout (after the handshake): short, and named in the messages they expect. */
const FAST = ['--start-timeout', '2000', '--handshake-timeout', '30000', '--request-timeout', '2000'];
/**
 * For the runs that end on their own (an answer, an exit, a broken message): limits no loaded
 * machine reaches. A 2000 ms handshake counts node's start of the server, over a second on a busy
 * 2-core machine, and a server that exits or answers was then reported as one that never answered.
 */
const LIMITS = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
/**
 * For the runs that must end at the handshake timeout and quote what the server wrote as it
 * started: its start must fit in the limit (2000 ms did not with a 1 s start delay).
 */
const START_THEN_TIMEOUT = ['--start-timeout', '2000', '--handshake-timeout', '5000', '--request-timeout', '2000'];

/** Nothing started from a fixture may outlive the run. */
async function assertNoLeftovers(script: string): Promise<void> {
  const gone = await waitFor(() => processesMatching(script).length === 0, 5000);
  assert.ok(gone, `processes left running: ${JSON.stringify(processesMatching(script))}`);
}

function failsWithSource(r: { code: number; stdout: string; stderr: string }, stage: string, ...fragments: string[]): void {
  assert.is(r.code, 3, `exit code; stderr:\n${r.stderr}`);
  assert.is(r.stdout, '', 'nothing on stdout');
  assert.ok(r.stderr.includes(`failed at stage "${stage}"`), `stage ${stage} not named:\n${r.stderr}`);
  for (const f of fragments) assert.ok(r.stderr.includes(f), `stderr lacks ${JSON.stringify(f)}:\n${r.stderr}`);
}

test('a command that does not exist: exit 3 at stage spawn', () => {
  const r = runCli(['lock', '--server', 'mcpfusion-no-such-command-xyz --flag', ...LIMITS], { cwd: tempDir() });
  failsWithSource(r, 'spawn', 'the command "mcpfusion-no-such-command-xyz" was not found');
});

test('a program that copies stdin to stdout (cat) is named as one, not as a server answering "Method not found"', () => {
  const r = runCli(['lock', '--server', 'cat', ...LIMITS], { cwd: tempDir() });
  failsWithSource(r, 'initialize', 'the program wrote back, unchanged, the initialize request mcpfusion sent it: it copies its stdin to stdout and is not an MCP server');
  assert.not.match(r.stderr, /-32601|Method not found/);
});

test('a server that exits at once: exit 3 at stage initialize, with its exit code and stderr tail', async () => {
  const script = fixture('exits-at-once.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 1)', 'fatal: cannot open database "/nonexistent/db.sqlite"', 'starting fixture server');
  await assertNoLeftovers(script);
});

test('what a failing server wrote reaches the terminal escaped: no ANSI sequence, carriage return, C1 or bidi control of its own', () => {
  const dir = tempDir();
  const script = join(dir, 'noisy-exit.mjs');
  // Erase the line above, print a fake success in green, overwrite it with \r, a C1 CSI and a
  // right-to-left override: a log reader would see what the server wants, not what happened.
  writeFileSync(script, `process.stderr.write('boom\\u001b[1A\\u001b[2K\\u001b[32mall checks passed\\u001b[0m\\r\\u009b2Jdone \\u202egnp.exe\\n'); process.exit(1);\n`);
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 1)');
  assert.not.match(r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/, `raw control characters on stderr:\n${JSON.stringify(r.stderr)}`);
  assert.ok(r.stderr.includes('boom\\u001b[1A\\u001b[2K\\u001b[32mall checks passed\\u001b[0m\\u000d\\u009b2Jdone \\u202egnp.exe'), r.stderr);
});

test('a server that closes its stdout and keeps running: the timeout says its stdout is closed', async () => {
  const script = fixture('closes-stdout.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--request-timeout', '1500'], { cwd: tempDir() });
  failsWithSource(r, 'tools/list', 'no answer within 1500 ms');
  assert.match(r.stderr, /; the server closed its stdout and kept running, so nothing it answers can reach mcpfusion/);
  await assertNoLeftovers(script);
});

test('a server that never answers: exit 3 after the handshake timeout; it and its grandchild are killed', async () => {
  const script = fixture('never-answers.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--handshake-timeout', '5000'], { cwd: tempDir() });
  failsWithSource(r, 'initialize', 'no answer within 5000 ms', '--handshake-timeout', 'listening on stdio (but never answering)');
  // It never wrote to stdout: the usual causes (an HTTP server, output held in a buffer) are named.
  assert.match(r.stderr, /\(set --handshake-timeout or timeouts\.handshake\); the server wrote nothing to stdout: is it a stdio server \(one that serves HTTP needs --url\), and does it flush what it writes/);
  const grandchild = Number(/grandchild=(\d+)/.exec(r.stderr)?.[1]);
  assert.ok(grandchild > 0, 'the fixture reported its grandchild');
  assert.ok(await waitFor(() => !alive(grandchild), 5000), `grandchild ${grandchild} is still running`);
  await assertNoLeftovers(script);
});

test('a server that prints only text on stdout and never answers: exit 3 at the timeout, naming the line it skipped', async () => {
  const script = fixture('garbage.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...START_THEN_TIMEOUT], { cwd: tempDir() });
  failsWithSource(r, 'initialize', 'no answer within', 'before any answer the server wrote only text that is not JSON-RPC to stdout (one line, skipped as log output; an MCP stdio server must write logs to stderr): "Server ready! Listening for MCP requests..."', 'about to print a banner on stdout');
  // Quoted once: the hint says it, the warning about skipped lines does not say it again.
  assert.is(r.stderr.split('Server ready!').length - 1, 1, r.stderr);
  await assertNoLeftovers(script);
});

test('a server that writes its fatal error to stdout and exits: the error is quoted once, in the failure', () => {
  const dir = tempDir();
  const script = join(dir, 'fatal.mjs');
  writeFileSync(script, "console.log('Fatal: FOO_TOKEN is not set');\nconsole.log('see the README');\nprocess.exit(1);\n");
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  failsWithSource(r, 'initialize', 'exited (exit code 1)', '(2 lines, skipped as log output; an MCP stdio server must write logs to stderr): "Fatal: FOO_TOKEN is not set" (the first)');
  assert.is(r.stderr.split('FOO_TOKEN is not set').length - 1, 1, r.stderr);
});

test('a server that says why it stops in a JSON-RPC message of its own before answering initialize: the failure quotes the message', () => {
  const dir = tempDir();
  const script = join(dir, 'log-request.mjs');
  // As @twilio-alpha/mcp 0.7.0 does with a malformed account id: a request "log" with the error, then exit 1.
  writeFileSync(script, "process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'log', params: { level: 50, message: 'Error: Invalid AccountSid' }, id: 'a1' }) + '\\n');\nsetTimeout(() => process.exit(1), 50);\n");
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  failsWithSource(r, 'initialize', 'exited (exit code 1)', 'before answering initialize the server sent a message of its own, which may say why: ', 'Error: Invalid AccountSid');
});

test('a server started in its HTTP mode: the failure says it serves HTTP and names --url', async () => {
  const dir = tempDir();
  // As server-everything's streamableHttp mode and figma-developer-mcp without --stdio do: a banner
  // on stdout, the port on stderr (no socket is opened: the words are what mcpfusion reads).
  const banner = join(dir, 'http-banner.mjs');
  writeFileSync(banner, "process.stdout.write('Starting Streamable HTTP server...\\n');\nprocess.stderr.write('MCP Streamable HTTP Server listening on port 3001\\n');\nsetInterval(() => {}, 1000);\n");
  // Text on stdout and "listening on port" on stderr before the handshake: it fails at once, not at
  // the (here 10-minute) handshake timeout.
  const r = runCli(['lock', '--server', `${NODE} ${banner}`, '--handshake-timeout', '600000'], { cwd: dir });
  failsWithSource(r, 'initialize', 'not a JSON-RPC message: "Starting Streamable HTTP server..."', 'its output says it serves HTTP ("MCP Streamable HTTP Server listening on port 3001"): a server that serves HTTP is read with --url');
  assert.not.ok(r.stderr.includes('no answer within') || r.stderr.includes('skipped as log output'), r.stderr);
  // Nothing on stdout, the endpoint on stderr: the same hint replaces the general one.
  const quiet = join(dir, 'http-quiet.sh');
  writeFileSync(quiet, "printf '%s\\n' '[INFO] StreamableHTTP endpoint available at http://127.0.0.1:3333/mcp' >&2\nexec sleep 600\n");
  // The timeout, after the server's start and before the 3000 ms the HTTP-mode guess waits after its
  // line: a shell script says it within milliseconds (node's start took 1-3 s on a loaded machine).
  const q = runCli(['lock', '--server', `sh ${quiet}`, '--start-timeout', '2000', '--handshake-timeout', '2500'], { cwd: dir });
  failsWithSource(q, 'initialize', 'no answer within 2500 ms', 'its output says it serves HTTP ("[INFO] StreamableHTTP endpoint available at http://127.0.0.1:3333/mcp")');
  assert.not.ok(q.stderr.includes('is it a stdio server'), q.stderr);
  // A stdio server that logs a connection to something else gets no such hint.
  const db = join(dir, 'db-log.mjs');
  writeFileSync(db, "process.stderr.write('Redis MCP Server running on stdio\\nconnected to redis://127.0.0.1:6379\\n');\nprocess.exit(1);\n");
  const d = runCli(['lock', '--server', `${NODE} ${db}`, ...LIMITS], { cwd: dir });
  failsWithSource(d, 'initialize', 'the server exited (exit code 1)');
  assert.not.ok(d.stderr.includes('serves HTTP'), d.stderr);
  // An exception whose message has a URL and, after it, a serving word (mcp 2.x's message for
  // code written for FastMCP) is not a server serving HTTP.
  const crash = join(dir, 'py-crash.mjs');
  writeFileSync(crash, "process.stderr.write('Traceback (most recent call last):\\nModuleNotFoundError: No module named \\'mcp.server.fastmcp\\'. See the migration guide at https://example.invalid/v2/migration/ or pin \\'mcp<2\\' to keep running v1 code.\\n');\nprocess.exit(1);\n");
  const c = runCli(['lock', '--server', `${NODE} ${crash}`, ...LIMITS], { cwd: dir });
  failsWithSource(c, 'initialize', 'the server exited (exit code 1)');
  assert.not.ok(c.stderr.includes('serves HTTP'), c.stderr);
  for (const s of [banner, quiet, db, crash]) await assertNoLeftovers(s);
});

test('a message cut off mid-flight at the timeout is not named as one written without its newline', async () => {
  const dir = tempDir();
  // Answers initialize, then starts a notification it never finishes (as a server flooding notifications is cut off at shutdown).
  const script = join(dir, 'cut.mjs');
  writeFileSync(script, `
    import { createInterface } from 'node:readline';
    createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'cut' } } }) + '\\n');
      else if (m.method === 'tools/list') process.stdout.write('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","da');
    });
  `);
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...FAST], { cwd: dir });
  failsWithSource(r, 'tools/list', 'no answer within 2000 ms');
  assert.not.ok(r.stderr.includes('not ended by a newline'), r.stderr);
  await assertNoLeftovers(script);
});

test('a server that asks for input on stdout (a prompt without a newline) and waits: the timeout quotes the prompt', async () => {
  const dir = tempDir();
  const script = join(dir, 'prompt.mjs');
  writeFileSync(script, `
    import { createInterface } from 'node:readline';
    createInterface({ input: process.stdin, output: process.stdout }).question('Enter your API key: ', () => {});
  `);
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...START_THEN_TIMEOUT], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within', '; the server\'s stdout ends with text not ended by a newline: "Enter your API key:": is it a prompt waiting for input? An MCP stdio server reads only JSON-RPC from stdin');
  await assertNoLeftovers(script);
});

test('a setup wizard that draws its question on whole lines and waits (@colbymchenry/codegraph 1.6.1 without "serve --mcp"): the timeout quotes the question', async () => {
  const dir = tempDir();
  const script = join(dir, 'wizard.mjs');
  // Drawn as the clack prompts library draws one: a frame, a hidden cursor, the question, its choices, all ended by newlines.
  const drawn = ['\u250c  Demo v1.0.0', '\x1b[?25l\u2502', '\u25c6  Which editors should Demo configure?', '\u2502  \u25fc Code (detected)', '\u2502  \u25fb Vim (not found)', '\u2514', ''].join('\n');
  writeFileSync(script, `process.stdout.write(${JSON.stringify(drawn)});\nprocess.stdin.on('data', () => {});\n`);
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...START_THEN_TIMEOUT], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within', '(the first); it asks "\u25c6  Which editors should Demo configure?": is it a prompt waiting for input? An MCP stdio server reads only JSON-RPC from stdin');
  await assertNoLeftovers(script);
});

test('a question is a line that ends in "?" (perhaps with its choices in brackets), terminal escapes left out; a banner or a log line is none', () => {
  assert.is(questionLine(['┌  Demo', '\x1b[1m◆\x1b[22m  Which editors?\x1b[0m', '│  ◼ Code']), '◆  Which editors?');
  assert.is(questionLine(['? Overwrite the config? (y/N)']), '? Overwrite the config? (y/N)');
  assert.is(questionLine(['Continue? [Y/n]']), 'Continue? [Y/n]');
  for (const line of ['Server started on stdio', 'Need help? See https://example.com/docs', 'GET /health?x=1', '???', 'Ready.']) {
    assert.is(questionLine([line]), undefined, line);
  }
});

test('a message written without its newline, or LSP-style Content-Length framing, is named as the cause', async () => {
  const dir = tempDir();
  // Answers initialize properly, then tools/list without the newline that ends it (or with LSP headers).
  const script = join(dir, 'framing.mjs');
  writeFileSync(script, `
    import { createInterface } from 'node:readline';
    createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.id === undefined) return;
      const result = m.method === 'initialize'
        ? { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'framing' } }
        : { tools: [] };
      const text = JSON.stringify({ jsonrpc: '2.0', id: m.id, result });
      if (m.method === 'initialize') process.stdout.write(text + '\\n');
      else if (process.argv[2] === 'lsp') process.stdout.write('Content-Length: ' + text.length + '\\r\\n\\r\\n' + text);
      else process.stdout.write(text);
    });
  `);
  const open = runCli(['lock', '--server', `${NODE} ${script}`, ...FAST], { cwd: dir });
  failsWithSource(open, 'tools/list', "no answer within 2000 ms (set --request-timeout or timeouts.request); the server's stdout ends with text not ended by a newline, which is never read (each message must end with \\n): \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":1,");
  const lsp = runCli(['lock', '--server', `${NODE} ${script} lsp`, ...LIMITS], { cwd: dir });
  failsWithSource(lsp, 'tools/list', 'not a JSON-RPC message', '"Content-Length: ', "this is LSP-style Content-Length framing, but MCP's stdio transport is one JSON-RPC message per line, without headers");
  await assertNoLeftovers(script);
});

test('a JSON-RPC error answer and an endless paginator: exit 3 naming the request', async () => {
  const rpcScript = fixture('rpc-error.mjs');
  const loopScript = fixture('loops-cursor.mjs');
  const rpc = runCli(['lock', '--server', `${NODE} ${rpcScript}`, ...LIMITS], { cwd: tempDir() });
  failsWithSource(rpc, 'tools/list', 'JSON-RPC error -32603: Internal error: backend unavailable (data: "pool exhausted after 3 retries")', 'backend unavailable: connection refused');
  const loop = runCli(['lock', '--server', `${NODE} ${loopScript}`, ...LIMITS], { cwd: tempDir() });
  failsWithSource(loop, 'tools/list (page 2)', 'a cursor must not repeat');
  await assertNoLeftovers(rpcScript);
  await assertNoLeftovers(loopScript);
});

test('a stdout line that never ends fails at once past 64 MiB, before the timeout and without filling memory', async () => {
  const script = fixture('endless-line.mjs');
  const started = Date.now();
  // A request timeout far longer than the run may take: the limit, not the timer, ends it.
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--request-timeout', '60000'], { cwd: tempDir() });
  failsWithSource(r, 'tools/list', 'the server wrote a line to stdout of more than 64 MiB (67108864 bytes) without ending it', '"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":');
  assert.not.match(r.stderr, /Invalid string length|\n\s+at /, 'no RangeError, no stack trace');
  assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);
  await assertNoLeftovers(script);
});

test('advertised prompts and resources without list methods lock none, with warnings; tools/list is never optional', async () => {
  const script = fixture('unlisted-capabilities.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  for (const method of ['prompts/list', 'resources/list', 'resources/templates/list']) {
    assert.ok(r.stderr.includes(`does not implement ${method} (JSON-RPC -32601 Method not found)`), `${method}:\n${r.stderr}`);
  }
  const lock = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, unknown>; prompts?: Record<string, unknown> } };
  assert.equal(Object.keys(lock.capabilities.tools), ['ping']);
  assert.equal(Object.keys(lock.capabilities.prompts ?? {}), []);
  const check = runCli(['check', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(check.code, 0, check.stderr);
  const noTools = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: tempDir(), env: { FIXTURE_NO_TOOLS: '1' } });
  failsWithSource(noTools, 'tools/list', '-32601');
  await assertNoLeftovers(script);
});

test('a server that answers prompts/list or resources/list with another JSON-RPC error, or without its array, locks its tools, with a warning for each list; tools/list so answered still fails (terraform-mcp-server 0.13.0)', async () => {
  const script = fixture('unlisted-capabilities.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir, env: { FIXTURE_LIST_ERROR: '1' } });
  assert.is(r.code, 0, r.stderr);
  assert.ok(r.stderr.includes('The server advertises prompts but answered prompts/list with an error (JSON-RPC error -32602: Invalid params: prompts are not configured); no prompts are locked'), r.stderr);
  assert.ok(r.stderr.includes(`The server advertises resources but answered resources/list with an error (JSON-RPC error -32603: Missing or invalid 'uri' parameter in resources/list request); no resources are locked`), r.stderr);
  // An answer without its array, likewise.
  assert.ok(r.stderr.includes('The server advertises resources but its answer to resources/templates/list has no "resourceTemplates" array (its keys: "type", "templates"); no resource templates are locked'), r.stderr);
  const lock = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, unknown> } };
  assert.equal(Object.keys(lock.capabilities.tools), ['ping']);
  const check = runCli(['check', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir, env: { FIXTURE_LIST_ERROR: '1' } });
  assert.is(check.code, 0, check.stderr);
  const noTools = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: tempDir(), env: { FIXTURE_LIST_ERROR: 'tools' } });
  failsWithSource(noTools, 'tools/list', '-32603', 'the tool registry is not loaded');
  const toolsShape = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: tempDir(), env: { FIXTURE_LIST_ERROR: 'tools-shape' } });
  failsWithSource(toolsShape, 'tools/list', 'the result of page 1 has no "tools" array (its keys: "type", "items")');
  await assertNoLeftovers(script);
});

test('an empty nextCursor ends the listing with a warning; every page before it is kept', async () => {
  const script = fixture('empty-cursor.mjs');
  const r = runCli(['inspect', '--format', 'json', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  assert.equal(Object.keys((JSON.parse(r.stdout) as { tools: Record<string, unknown> }).tools), ['first', 'second']);
  assert.match(r.stderr, /empty nextCursor on page 2 of tools\/list; read as the last page/);
  await assertNoLeftovers(script);
});

test('credentials on the server command line never reach the output, on success or failure', () => {
  const dir = tempDir();
  const secrets = ' postgresql://app:hunter2@127.0.0.1/db --api-key=sk_live_42 --token tok_9 API_SECRET=s3';
  const ok = runCli(['lock', '--server', `${NODE} ${fixture('paginated.mjs')}${secrets}`, ...LIMITS], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /postgresql:\/\/app:\*\*\*@127\.0\.0\.1\/db --api-key=\*\*\* --token \*\*\* API_SECRET=\*\*\*/);
  const failed = runCli(['lock', '--server', `${NODE} ${fixture('exits-at-once.mjs')}${secrets}`, ...LIMITS], { cwd: dir });
  assert.is(failed.code, 3);
  assert.match(failed.stderr, /app:\*\*\*@/);
  for (const r of [ok, failed]) {
    for (const secret of ['hunter2', 'sk_live_42', 'tok_9', '=s3']) {
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(secret), `${secret} shown:\n${r.stdout}${r.stderr}`);
    }
  }
  // Nothing of it is written to the lockfile either.
  assert.not.match(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), /hunter2|sk_live_42|tok_9/);
  // A line the parser refuses (a shell operator) is shown redacted too.
  const piped = runCli(['lock', '--server', `${NODE} server.js postgresql://app:hunter2@127.0.0.1/db | cat`, ...LIMITS], { cwd: dir });
  assert.is(piped.code, 2);
  assert.match(piped.stderr, /needs a shell[^\n]*app:\*\*\*@/);
  // A server that echoes its arguments on stderr: the tail shown is redacted the same way.
  const echo = join(dir, 'echo-argv.mjs');
  writeFileSync(echo, "process.stderr.write('starting with ' + process.argv.slice(2).join(' ') + '\\n');\nprocess.exit(1);\n");
  const echoed = runCli(['lock', '--server', `${NODE} ${echo}${secrets}`, ...LIMITS], { cwd: dir });
  assert.is(echoed.code, 3);
  assert.match(echoed.stderr, /starting with postgresql:\/\/app:\*\*\*@127\.0\.0\.1\/db --api-key=\*\*\*/);
  for (const r of [piped, echoed]) {
    for (const secret of ['hunter2', 'sk_live_42', 'tok_9', '=s3']) assert.not.ok(`${r.stdout}${r.stderr}`.includes(secret), `${secret} shown:\n${r.stderr}`);
  }
});

test('a server that names the flag or variable it needs: the stderr tail keeps the prose, and hides a secret it echoes', () => {
  const dir = tempDir();
  // As @supabase/mcp-server-supabase says it, without a token: the fix is in this very line.
  const needsToken = join(dir, 'needs-token.mjs');
  writeFileSync(needsToken, [
    "const token = process.argv.find((a) => a.startsWith('--access-token='));",
    "if (token) process.stderr.write('rejected ' + token + ' and Bearer ' + token.slice(15) + '\\n');",
    "process.stderr.write('Please provide a personal access token (PAT) with the --access-token flag or set the SUPABASE_ACCESS_TOKEN environment variable\\n');",
    "process.stderr.write('Use Bearer authentication, or --api-key <key> (see --auth option)\\n');",
    'process.exit(1);',
  ].join('\n'));
  const r = runCli(['lock', '--server', `${NODE} ${needsToken}`, ...LIMITS], { cwd: dir });
  failsWithSource(r, 'initialize',
    'with the --access-token flag or set the SUPABASE_ACCESS_TOKEN environment variable',
    'Use Bearer authentication, or --api-key *** (see --auth option)');
  // A secret given on the command line stays hidden wherever the server repeats it, even a plain word.
  const given = runCli(['lock', '--server', `${NODE} ${needsToken} --access-token=swordfish`, ...LIMITS], { cwd: dir });
  failsWithSource(given, 'initialize', 'rejected --access-token=*** and Bearer ***', 'with the --access-token flag');
  assert.not.ok(given.stderr.includes('swordfish'), given.stderr);
});

test('a secret given to the server in its environment stays hidden in the stderr tail; paths and short values are shown', () => {
  const dir = tempDir();
  const leaky = join(dir, 'leaky.mjs');
  writeFileSync(leaky, [
    "process.stderr.write('auth failed with ' + process.env.SERVICE_API_KEY + ' and ' + process.env.GITHUB_TOKEN + '\\n');",
    "process.stderr.write('agent at ' + process.env.SSH_AUTH_SOCK + ', cwd ' + process.env.PWD + ', debug ' + process.env.DEBUG_TOKEN + '\\n');",
    'process.exit(1);',
  ].join('\n'));
  const env = { GITHUB_TOKEN: 'ghp_inherited0123456789', SSH_AUTH_SOCK: '/tmp/ssh-x/agent.1', PWD: dir, DEBUG_TOKEN: 'on' };
  const r = runCli(['lock', '--server', `${NODE} ${leaky}`, '--server-env', 'SERVICE_API_KEY=sk_given_987654321', ...LIMITS], { cwd: dir, env });
  failsWithSource(r, 'initialize', 'auth failed with *** and ***', `agent at /tmp/ssh-x/agent.1, cwd ${dir}, debug on`);
  for (const secret of ['sk_given_987654321', 'ghp_inherited0123456789']) assert.not.ok(r.stderr.includes(secret), r.stderr);
});

test('credentials of well-known shapes stay hidden in the stderr tail, from variables not named like secrets or from nowhere; ordinary lines are shown', () => {
  const dir = tempDir();
  const leaky = join(dir, 'shapes.mjs');
  // Made-up values; the Slack token and the key are in no variable: the shape alone hides them.
  writeFileSync(leaky, [
    "process.stderr.write('stripe said no to ' + process.env.STRIPE + ', github to ' + process.env.GH + '\\n');",
    "process.stderr.write('slack xoxb-' + '1234567890-1234567890123-AbCdEfGhIjKlMnOp' + ' refused\\n');",
    "process.stderr.write(['-----BEGIN PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7', '-----END PRIVATE KEY-----', ''].join('\\n'));",
    "process.stderr.write('request 123e4567-e89b-12d3-a456-426614174000 at /srv/app/index.js:12:34, digest e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\\n');",
    'process.exit(1);',
  ].join('\n'));
  const stripe = `sk_live_${'A1b2C3d4E5f6'.repeat(2)}`;
  const gh = `ghp_${'A1b2C3d4E5f6'.repeat(3)}`;
  const r = runCli(['lock', '--server', `${NODE} ${leaky}`, '--server-env', `STRIPE=${stripe}`, ...LIMITS], { cwd: dir, env: { GH: gh } });
  failsWithSource(r, 'initialize', 'stripe said no to ***, github to ***', 'slack *** refused', '-----BEGIN PRIVATE KEY-----\n  ***\n  -----END PRIVATE KEY-----',
    'request 123e4567-e89b-12d3-a456-426614174000 at /srv/app/index.js:12:34, digest e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (const secret of [stripe, gh, 'xoxb-1234567890', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC']) assert.not.ok(r.stderr.includes(secret), r.stderr);
});

test('redactCommandLine: passwords in URLs, values of secret-named flags, assignments and query parameters', () => {
  const cases: [string, string][] = [
    ['mcp-postgres postgresql://app:hunter2@db/app', 'mcp-postgres postgresql://app:***@db/app'],
    ['npx -y @stripe/mcp --tools=all --api-key=sk_test_123', 'npx -y @stripe/mcp --tools=all --api-key=***'],
    ['node s.js --token abc --port 3000', 'node s.js --token *** --port 3000'],
    ['node s.js --no-auth --port 3000', 'node s.js --no-auth --port 3000'],
    ['env API_KEY=xyz OPENAI_API_KEY="a b" node s.js', 'env API_KEY=*** OPENAI_API_KEY=*** node s.js'],
    ['node s.js --url "https://h/x?api_key=1&a=2&sig=zz"', 'node s.js --url "https://h/x?api_key=***&a=2&sig=***"'],
    ["node server.js --password 'p w' --user bob", 'node server.js --password *** --user bob'],
    ['node s.js --keyboard-layout us --monkey=1 KEYBOARD=de', 'node s.js --keyboard-layout us --monkey=1 KEYBOARD=de'],
    ['python -m my_server --db /data/app.sqlite', 'python -m my_server --db /data/app.sqlite'],
    ['node proxy.js --header "Authorization: Bearer eyJhbGciOi.x.y"', 'node proxy.js --header "Authorization: Bearer ***"'],
    ['node s.js --authorization=Basic dXNlcjpwYXNz', 'node s.js --authorization=*** ***'],
  ];
  for (const [line, shown] of cases) assert.is(redactCommandLine(line), shown, line);
});

test('redactLogLine: prose after a secret-named flag stays, unless the command line gave that very word', () => {
  const secrets = commandLineSecrets('node s.js --token ab --api-key=swordfish');
  assert.equal(secrets, ['swordfish', 'ab']);
  assert.is(redactLogLine('use the --token flag', secrets), 'use the --token flag');
  assert.is(redactLogLine('bad --token ab (key swordfish)', secrets), 'bad --token *** (key ***)');
  assert.is(redactLogLine('--api-key=flag and Bearer authentication', []), '--api-key=*** and Bearer authentication');
});

test('--format json on failure writes only the error document to stdout; no lockfile is written', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--format', 'json', '--server', `${NODE} ${fixture('exits-at-once.mjs')}`, ...LIMITS], { cwd: dir });
  assert.is(r.code, 3);
  // servers27: before, stdout stayed empty and a script reading it had nothing to parse.
  const doc = JSON.parse(r.stdout) as { error: { exitCode: number; name: string } };
  assert.equal([doc.error.exitCode, doc.error.name], [3, 'SourceError']);
  assert.throws(() => readFileSync(join(dir, 'mcpfusion.lock')));
});

test('library: readLiveServer throws SourceError and ends the process group', async () => {
  const script = fixture('never-answers.mjs');
  try {
    await readLiveServer(stdioConnection({ command: NODE, args: [script], env: process.env, graceMs: 200 }), { start: 2000, handshake: 500, request: 500 });
    assert.unreachable('expected a SourceError');
  } catch (e) {
    assert.instance(e, SourceError);
    assert.is((e as SourceError).exitCode, 3);
  }
  await assertNoLeftovers(script);
});

test('a paginated server is read fully (3 pages of tools, 2 of prompts); server stderr never reaches stdout', () => {
  const r = runCli(['inspect', '--format', 'json', '--server', `${NODE} ${fixture('paginated.mjs')}`], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  assert.not.ok(r.stdout.includes('STDERR-NOISE'));
  const doc = JSON.parse(r.stdout);
  assert.is(doc.serverName, 'paginated-fixture');
  assert.equal(Object.keys(doc.tools), ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  assert.equal(Object.keys(doc.prompts), ['first', 'second']);
  assert.equal(doc.prompts.second.arguments.map((a: { name: string }) => a.name), ['a', 'z']);
});

test('protocol version negotiation: an older supported version is accepted, an unknown one fails at initialize', () => {
  const server = `${NODE} ${sharedFixture('paginated.mjs')}`;
  const old = runCli(['digest', '--format', 'json', '--server', server, '--server-env', 'FIXTURE_PROTOCOL_VERSION=2024-11-05'], { cwd: tempDir() });
  assert.is(old.code, 0, old.stderr);
  const current = runCli(['digest', '--format', 'json', '--server', server], { cwd: tempDir() });
  assert.is(JSON.parse(old.stdout).integrityDigest, JSON.parse(current.stdout).integrityDigest);
  const unknown = runCli(['digest', '--server', server, '--server-env', 'FIXTURE_PROTOCOL_VERSION=1999-01-01'], { cwd: tempDir() });
  failsWithSource(unknown, 'initialize', '1999-01-01');
});

test('a server listing tools in random order with shuffled required gives the same lockfile on every run', () => {
  const server = `${NODE} ${fixture('shuffled.mjs')}`;
  const env = { SOURCE_DATE_EPOCH: '1700000000' };
  const lockfiles: string[] = [];
  for (let i = 0; i < 4; i++) {
    const dir = tempDir();
    const r = runCli(['lock', '--server', server], { cwd: dir, env });
    assert.is(r.code, 0, r.stderr);
    lockfiles.push(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  }
  for (const l of lockfiles) assert.is(l, lockfiles[0]);
  const lock = JSON.parse(lockfiles[0]!);
  assert.equal(lock.capabilities.tools.records.surface.actions, ['create', 'delete', 'read']);
  assert.equal(lock.capabilities.tools.records.surface.actionContracts.create.requiredFields, ['action', 'body', 'id']);
  const dir = tempDir();
  assert.is(runCli(['lock', '--server', server], { cwd: dir }).code, 0);
  for (let i = 0; i < 3; i++) assert.is(runCli(['check', '--server', server], { cwd: dir }).code, 0);
});

test('--server-env and --server-cwd reach the server; leading VAR=value words too', () => {
  const dir = tempDir();
  const sub = join(dir, 'work dir');
  mkdirSync(sub);
  const describe = (args: string[]): string => {
    const r = runCli(['inspect', ...args], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).tools.whereami.surface.description;
  };
  const script = fixture('env-echo.mjs');
  assert.is(describe(['--server', `${NODE} ${script}`, '--server-env', 'FIXTURE_VALUE=a=b c', '--server-cwd', 'work dir']), `value=a=b c cwd=${realpathSync(sub)}`);
  assert.is(describe(['--server', `FIXTURE_VALUE=lead ${NODE} ${script}`]), `value=lead cwd=${realpathSync(dir)}`);
  const bad = runCli(['inspect', '--server', `${NODE} ${script}`, '--server-cwd', 'missing'], { cwd: dir });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /working directory "missing" does not exist/);
  const badEnv = runCli(['inspect', '--server', `${NODE} ${script}`, '--server-env', 'NOEQUALS'], { cwd: dir });
  assert.is(badEnv.code, 2);
});

test('interrupting mcpfusion (SIGINT) while a server hangs ends the server and its grandchild', async () => {
  const script = fixture('never-answers.mjs');
  const { BUNDLE } = await import('../helpers/cli.ts');
  const cli = spawn(NODE, [BUNDLE, 'lock', '--server', `${NODE} ${script}`, '--handshake-timeout', '60000'], { cwd: tempDir(), stdio: 'ignore' });
  const servers = (): ReturnType<typeof processesMatching> => processesMatching(script).filter((p) => !p.args.includes(BUNDLE));
  assert.ok(await waitFor(() => servers().length >= 1, 10_000), 'the server started');
  const [server] = servers();
  assert.is.not(server!.pgid, cli.pid, 'the server runs in its own process group');
  assert.ok(await waitFor(() => processesMatching('').filter((p) => p.pgid === server!.pgid).length >= 2, 10_000), 'the grandchild started');
  const exited = new Promise<number | null>((resolve) => cli.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  cli.kill('SIGINT');
  assert.ok((await exited) !== 0, 'mcpfusion did not report success');
  assert.ok(await waitFor(() => processesMatching('').filter((p) => p.pgid === server!.pgid).length === 0, 5000), 'the server group is gone');
});

test('a plain-text log line on stdout after the handshake (as @azure/mcp writes one) is skipped with a warning, and so is a JSON log record; a broken message still fails', async () => {
  const script = fixture('stdout-log-after-handshake.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['add', 'list_groups']);
  assert.ok(r.stderr.includes('warning: the server wrote 1 line to stdout that is not JSON-RPC after the handshake, which was skipped as log output: "No X display available. Running in headless mode."'), r.stderr);
  // --quiet leaves the warning out, as every warning.
  const quiet = runCli(['check', '--quiet', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.ok(quiet.stderr.includes('skipped'), quiet.stderr);
  // A JSON log record (no member of a JSON-RPC message) is log output too.
  const json = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', 'FIXTURE_STDOUT_JSON_LOG=1', ...LIMITS], { cwd: tempDir() });
  assert.is(json.code, 0, json.stderr);
  assert.ok(json.stderr.includes('which was skipped as log output: "{\\"level\\":\\"info\\",\\"msg\\":\\"loading tools\\"}"'), json.stderr);
  // An object with a member of a message but no "jsonrpc" may be a broken message: still a protocol error.
  const broken = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', 'FIXTURE_STDOUT_LOG={"id":7,"level":"info"}', ...LIMITS], { cwd: tempDir() });
  failsWithSource(broken, 'tools/list', 'not a JSON-RPC message', '"jsonrpc" is missing');
  // An "error" that is a string, with no "jsonrpc" or "id", is no error answer but a log record
  // (@flink-app/mcp 1.0.0 writes {"error":"Flink API MCP server started successfully"}; servers26).
  const said = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', 'FIXTURE_STDOUT_LOG={"error":"Flink API MCP server started successfully"}', ...LIMITS], { cwd: tempDir() });
  assert.is(said.code, 0, said.stderr);
  assert.ok(said.stderr.includes('which was skipped as log output: "{\\"error\\":\\"Flink API MCP server started successfully\\"}"'), said.stderr);
  // An error object without "jsonrpc" is a broken answer: still a protocol error.
  const answer = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', 'FIXTURE_STDOUT_LOG={"error":{"code":-32603,"message":"x"}}', ...LIMITS], { cwd: tempDir() });
  failsWithSource(answer, 'tools/list', 'not a JSON-RPC message', '"jsonrpc" is missing');
  await assertNoLeftovers(script);
});

test('a log line after the handshake that starts with a bracketed tag ("[Mock SDK Server] …", "[2026-…Z] [INFO] …") is skipped as log output, in lock and in probe record; JSON after a "[" still fails', async () => {
  const script = fixture('stdout-log-after-handshake.mjs');
  for (const tag of ['[Mock SDK Server] Executing add tool with a=2, b=3', '[2026-12-05T03:49:17.685Z] [n8n-mcp] [INFO] loading tools', '  [dotenv@17.2.1] injecting env (0) from .env']) {
    const dir = tempDir();
    const r = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', `FIXTURE_STDOUT_LOG=${tag}`, ...LIMITS], { cwd: dir });
    assert.is(r.code, 0, `${tag}: ${r.stderr}`);
    assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['add', 'list_groups']);
    assert.ok(r.stderr.includes(`which was skipped as log output: ${JSON.stringify(tag)}`), r.stderr);
  }
  // mcp-hello-world 1.1.2 writes such a line on every call of its add tool: its probes can be recorded.
  const dir = tempDir();
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), '{"probes":[{"id":"add","tool":"add","arguments":{"a":2,"b":3}}]}\n');
  const probe = runCli(['probe', 'record', '--server', `${NODE} ${script}`, '--start-timeout', '30000', '--handshake-timeout', '30000', '--timeout', '30000'], { cwd: dir });
  assert.is(probe.code, 0, probe.stderr);
  assert.ok(probe.stderr.includes('skipped as log output: "[Mock SDK Server] Executing add tool with a=2, b=3"'), probe.stderr);
  // The probe file was written on one line, and record keeps it so (docs/probe.md).
  assert.match(readFileSync(join(dir, 'mcpfusion.probes.jsonc'), 'utf8'), /^\{"probes":\[\{"id":"add",.*"baseline": ?\{"content":\[\{"text":"5","type":"text"\}\],"isError":false\}\}\]\}\n$/);
  // Whatever starts with a JSON array, or a bracket holding JSON, may be a broken message: it still fails.
  for (const broken of ['[1, 2] and more', '[{"jsonrpc":"2.0","id":1', '[]x', '[Mock {"jsonrpc":"2.0"}']) {
    const r = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', `FIXTURE_STDOUT_LOG=${broken}`, ...LIMITS], { cwd: tempDir() });
    failsWithSource(r, 'tools/list', 'not a JSON-RPC message');
  }
  await assertNoLeftovers(script);
});

test('a response without an id (a server answering notifications/initialized, as @leanspec/mcp does) is skipped with a warning', async () => {
  const script = fixture('answers-notifications.mjs');
  for (const id of ['absent', 'null']) {
    for (const error of ['0', '1']) {
      const dir = tempDir();
      const r = runCli(['lock', '--server', `${NODE} ${script}`, '--server-env', `FIXTURE_ORPHAN_ID=${id}`, '--server-env', `FIXTURE_ORPHAN_ERROR=${error}`, ...LIMITS], { cwd: dir });
      assert.is(r.code, 0, `${id} ${error}: ${r.stderr}`);
      assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['list']);
      const quoted = error === '1' ? 'Method not found' : '\\"result\\":null';
      assert.ok(r.stderr.includes('warning: the server sent 1 response without a request id, which answers no request (a server answering a notification, which JSON-RPC 2.0 forbids, or an error it could not tie to a request), skipped: "{\\"jsonrpc\\":\\"2.0\\",'), `${id} ${error}: ${r.stderr}`);
      assert.ok(r.stderr.includes(quoted), `${id} ${error}: ${r.stderr}`);
    }
  }
  await assertNoLeftovers(script);
});

test('a server that says its tools changed while they were listed (notifications/tools/list_changed) is listed again, as SDK clients do; a list that never settles stops after 3 rounds', async () => {
  const script = fixture('list-changed.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['early', 'late']);
  assert.ok(r.stderr.includes('warning: the server sent notifications/tools/list_changed while mcpfusion listed, so mcpfusion listed tools again; what is locked is the list after the change'), r.stderr);
  const again = runCli(['check', '--server', `${NODE} ${script}`, ...LIMITS], { cwd: dir });
  assert.is(again.code, 0, again.stderr);
  const endless = tempDir();
  // After the settle time (none here) a list is read again 3 times at most.
  const e = runCli(['lock', '--server', `${NODE} ${script} always`, '--settle-timeout', '0', ...LIMITS], { cwd: endless });
  assert.is(e.code, 0, e.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(endless, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['t1', 't2', 't3', 't4']);
  assert.ok(e.stderr.includes('warning: the server sent notifications/tools/list_changed while mcpfusion listed, so mcpfusion listed tools again (3 times); what is locked is the list after the change'), e.stderr);
  assert.ok(e.stderr.includes('warning: the server still said tools changed after mcpfusion had listed them again 3 times; it locks the last list, which may differ from run to run'), e.stderr);
  // Within the settle time rounds are not counted so, but a list that never settles still ends.
  const settling = runCli(['lock', '--server', `${NODE} ${script} always`, ...LIMITS], { cwd: endless });
  assert.is(settling.code, 0, settling.stderr);
  const n = Object.keys(JSON.parse(readFileSync(join(endless, 'mcpfusion.lock'), 'utf8')).capabilities.tools).length;
  assert.ok(n >= 4 && n <= 51, `${n} tools`);
  assert.match(settling.stderr, /warning: the server still said tools changed after mcpfusion had listed them again \d+ times; it locks the last list, which may differ from run to run/);
  const same = runCli(['lock', '--server', `${NODE} ${script} same`, ...LIMITS], { cwd: tempDir() });
  assert.is(same.code, 0, same.stderr);
  assert.not.match(same.stderr, /list_changed|listed them again/, 'a notification that changes nothing gets no warning');
  await assertNoLeftovers(script);
});

test('a tool a server registers after its first tools/list (with list_changed) is locked: mcpfusion waits the settle time for it', async () => {
  const script = fixture('late-tools.mjs');
  const dir = tempDir();
  // The server advertises tools.listChanged and says so 20 ms after its first answer, when
  // mcpfusion has read every list: within the settle time. Its timer fires later on a loaded machine
  // (the 500 ms default was missed when the fixture waited its turn), so a settle time no load reaches.
  const r = runCli(['lock', '--server', `${NODE} ${script}`, '--settle-timeout', '5000', ...LIMITS], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['early', 'late']);
  assert.ok(r.stderr.includes('warning: the server sent notifications/tools/list_changed while mcpfusion listed, so mcpfusion listed tools again; what is locked is the list after the change'), r.stderr);
  const again = runCli(['check', '--server', `${NODE} ${script}`, '--settle-timeout', '3000', ...LIMITS], { cwd: dir });
  assert.is(again.code, 0, again.stderr);
  // A notification of a list the server does not serve (prompts) does not end the wait: the tool said 100 ms later is locked.
  const unadvertised = runCli(['lock', '--server', `${NODE} ${script} unadvertised-first`, '--settle-timeout', '5000', ...LIMITS], { cwd: dir });
  assert.is(unadvertised.code, 0, unadvertised.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['early', 'late'], unadvertised.stderr);
  // Tools registered one at a time, each said: every one within the settle time is locked, though
  // the lists were read again more often than the rounds allowed after it.
  const oneByOne = runCli(['lock', '--server', `${NODE} ${script} one-by-one`, '--settle-timeout', '10000', ...LIMITS], { cwd: dir });
  assert.is(oneByOne.code, 0, oneByOne.stderr);
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.tools), ['early', 'late1', 'late2', 'late3', 'late4', 'late5'], oneByOne.stderr);
  assert.not.ok(oneByOne.stderr.includes('may differ from run to run'), oneByOne.stderr);
  // A change said only once mcpfusion has stopped listing is named, with the setting to raise.
  const closing = runCli(['lock', '--server', `${NODE} ${script} on-close`, ...LIMITS], { cwd: tempDir() });
  assert.is(closing.code, 0, closing.stderr);
  assert.ok(closing.stderr.includes('warning: the server sent notifications/tools/list_changed after mcpfusion had finished listing (the settle time, 500 ms after the handshake, had passed), so what changed then is not locked; '
    + 'if the server loads its tools after it starts, give it longer with --settle-timeout or timeouts.settle'), closing.stderr);
  // A server that does not advertise listChanged is not waited for; raising the settle time would not help.
  const quiet = runCli(['lock', '--server', `${NODE} ${script} on-close quiet`, ...LIMITS], { cwd: tempDir() });
  assert.is(quiet.code, 0, quiet.stderr);
  assert.ok(quiet.stderr.includes('warning: the server sent notifications/tools/list_changed after mcpfusion had finished listing, so what changed then is not locked; '
    + 'the server does not advertise listChanged, so mcpfusion does not wait for changes (a server that loads its tools after it starts should advertise it)'), quiet.stderr);
  await assertNoLeftovers(script);
});

test.run();
