import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { isLogPath, opensForWriting } from '../../src/sources/open-log-files.ts';

// What a failure says of a program that never served over stdio: one that ended by itself with
// exit code 0 before it answered initialize (a library module, a command missing its subcommand),
// one that stayed silent (connecting to a service it needs). Real servers seen doing so are named in
// the tests.

const NODE = process.execPath;
const FAST = ['--start-timeout', '2000', '--handshake-timeout', '2000', '--request-timeout', '2000'];
/** For a program that ends by itself: a long limit, so a slow start on a loaded machine never reads as a timeout. */
const PATIENT = ['--handshake-timeout', '60000'];

function failsWithSource(r: { code: number; stdout: string; stderr: string }, stage: string, ...fragments: string[]): void {
  assert.is(r.code, 3, `exit code; stderr:\n${r.stderr}`);
  assert.is(r.stdout, '', 'nothing on stdout');
  assert.ok(r.stderr.includes(`failed at stage "${stage}"`), `stage ${stage} not named:\n${r.stderr}`);
  for (const f of fragments) assert.ok(r.stderr.includes(f), `stderr lacks ${JSON.stringify(f)}:\n${r.stderr}`);
}

test('a program that ends with exit code 0 before answering initialize: the failure says it does not serve as started', () => {
  const dir = tempDir();
  // As @primeuix/mcp 1.0.1's main module does: it only defines a server, writes nothing and ends.
  const library = join(dir, 'library-main.mjs');
  writeFileSync(library, 'export function createServer() { return {}; }\n');
  const quiet = runCli(['lock', '--server', `${NODE} ${library}`, ...PATIENT], { cwd: dir });
  failsWithSource(quiet, 'initialize', 'the server exited (exit code 0)', 'the program ended on its own, with exit code 0, before it answered initialize: started this way it does not serve MCP over stdio', 'such as start, stdio or --stdio?)', '(the server wrote nothing to stderr)');
  // As @cloudflare/mcp-server-cloudflare 0.2.0 does without its subcommand: a usage error, exit 0.
  const usage = join(dir, 'usage-zero.mjs');
  writeFileSync(usage, "process.stderr.write('Unknown command: undefined. Expected init or run.\\n');\nprocess.exit(0);\n");
  const told = runCli(['lock', '--server', `${NODE} ${usage}`, ...PATIENT], { cwd: dir });
  failsWithSource(told, 'initialize', 'the server exited (exit code 0)', 'with exit code 0, before it answered initialize', 'Unknown command: undefined. Expected init or run.');
  // An exit code other than 0 is a failure the server reports itself: no such guess.
  const failing = join(dir, 'fails.mjs');
  writeFileSync(failing, 'process.exit(2);\n');
  const r = runCli(['lock', '--server', `${NODE} ${failing}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 2)');
  assert.not.ok(r.stderr.includes('with exit code 0'), r.stderr);
});

test('a program that says an option is required and exits 0 before answering initialize is told to give that option (mcp-gcloud-adc 0.1.0, servers26)', () => {
  const dir = tempDir();
  // mcp-gcloud-adc 0.1.0 with no arguments: this line on stdout, exit code 0 (before: only asked whether it needs a subcommand).
  const script = join(dir, 'needs-url.mjs');
  writeFileSync(script, "console.log(\"Optional argument '--url' or '-u' is required\");\nprocess.exit(0);\n");
  const r = runCli(['lock', '--server', `${NODE} ${script}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 0)',
    `after writing that it needs an option: "Optional argument '--url' or '-u' is required": give it on the command line after the program (--server "… --url …")`);
  assert.not.ok(r.stderr.includes('such as start, stdio or --stdio?'), r.stderr);
  // A line naming an option with no word of lacking is no such line.
  const other = join(dir, 'mentions-option.mjs');
  writeFileSync(other, "console.log('Run with --help for more');\nprocess.exit(0);\n");
  const o = runCli(['lock', '--server', `${NODE} ${other}`, ...PATIENT], { cwd: dir });
  failsWithSource(o, 'initialize', 'the server exited (exit code 0)', 'such as start, stdio or --stdio?');
});

test('a program that prints an error and still exits 0 before answering initialize: the failure names the error, not a library module or a missing subcommand', () => {
  const dir = tempDir();
  // As @browserstack/mcp-server 1.4.2 does without its credentials (servers16): main() throws,
  // its catch prints the error with its stack, and the process ends with exit code 0.
  const thrown = join(dir, 'error-exit-zero.mjs');
  writeFileSync(thrown, [
    'async function main() { if (!process.env.SOME_SERVICE_USERNAME) throw new Error("SOME_SERVICE_USERNAME environment variable is required"); }',
    'main().catch((error) => { console.error(error); process.exit(0); });',
    '',
  ].join('\n'));
  const r = runCli(['lock', '--server', `${NODE} ${thrown}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 0)',
    'with exit code 0, before it answered initialize, after writing an error: "Error: SOME_SERVICE_USERNAME environment variable is required"',
    'It stopped on that error though its exit code says success: give it that setting: --server-env SOME_SERVICE_USERNAME=…');
  assert.not.ok(r.stderr.includes('library module'), r.stderr);
  // An error that names no variable: fix what it names.
  const other = join(dir, 'config-exit-zero.mjs');
  writeFileSync(other, "process.stderr.write('TypeError: Cannot read properties of undefined (reading \\'bind\\')\\n');\nprocess.exit(0);\n");
  const o = runCli(['lock', '--server', `${NODE} ${other}`, ...PATIENT], { cwd: dir });
  failsWithSource(o, 'initialize', 'after writing an error: "TypeError: Cannot read properties of undefined (reading \'bind\')"', 'fix what it names');
  assert.not.ok(o.stderr.includes('library module'), o.stderr);
  // A JSON log line whose `type` names the level, as mcp-hub 4.2.1 writes one without --port and
  // --config (servers19): the error it logged is the reason, not a missing subcommand.
  const typed = join(dir, 'typed-log-exit-zero.mjs');
  writeFileSync(typed, [
    'console.log(JSON.stringify({ type: "info", message: "Starting HTTP server on port undefined" }));',
    'console.error(JSON.stringify({ type: "error", message: "Failed to parse command line arguments", data: { message: "Missing required arguments: port, config" } }));',
    'process.exit(0);',
    '',
  ].join('\n'));
  const t = runCli(['lock', '--server', `${NODE} ${typed}`, ...PATIENT], { cwd: dir });
  failsWithSource(t, 'initialize', 'after writing an error: "{\\"type\\":\\"error\\",\\"message\\":\\"Failed to parse command line arguments\\"', 'Missing required arguments: port, config', 'fix what it names');
  assert.not.ok(t.stderr.includes('library module'), t.stderr);
  // A number in `type` is a kind of message, not a level (pino's numbers are in `level`): a line
  // that says nothing of an error is no error it stopped on.
  const numbered = join(dir, 'numbered-type-exit-zero.mjs');
  writeFileSync(numbered, 'console.error(JSON.stringify({ type: 64, message: "registered 3 tools" }));\nprocess.exit(0);\n');
  const n = runCli(['lock', '--server', `${NODE} ${numbered}`, ...PATIENT], { cwd: dir });
  assert.is(n.code, 3, n.stderr);
  assert.not.ok(n.stderr.includes('after writing an error'), n.stderr);
  assert.ok(n.stderr.includes('library module'), n.stderr);
});

test('a program that exits non-zero without a word on stdout or stderr: the failure names the usual cause and how to see its output', () => {
  const dir = tempDir();
  // As @flightradar24/fr24api-mcp 1.0.2 does without its API key: its logger writes to a socket,
  // so it exits 1 having written nothing mcpfusion can show.
  const mute = join(dir, 'mute-exit.mjs');
  writeFileSync(mute, "if (!process.env.SOME_API_KEY) process.exit(1);\n");
  const r = runCli(['lock', '--server', `${NODE} ${mute}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 1)', '(the server wrote nothing to stderr)',
    'it wrote nothing to stdout or stderr before it ended with exit code 1, so its reason is not known here',
    'an environment variable it needs (an API key, a token, a URL) is not set', '--server-env NAME=value',
    'run the command by itself in a terminal');
  assert.not.ok(r.stderr.includes('with exit code 0'), r.stderr);
  // A server that said why on stderr needs no guess.
  const said = join(dir, 'said-exit.mjs');
  writeFileSync(said, "process.stderr.write('Error: SOME_API_KEY is not set\\n');\nprocess.exit(1);\n");
  const told = runCli(['lock', '--server', `${NODE} ${said}`, ...PATIENT], { cwd: dir });
  failsWithSource(told, 'initialize', 'the server exited (exit code 1)', 'SOME_API_KEY is not set');
  assert.not.ok(told.stderr.includes('wrote nothing to stdout or stderr'), told.stderr);
  // Nor one killed by a signal (no exit code of its own).
  const killed = join(dir, 'killed.mjs');
  writeFileSync(killed, "process.kill(process.pid, 'SIGKILL');\n");
  const k = runCli(['lock', '--server', `${NODE} ${killed}`, ...PATIENT], { cwd: dir });
  failsWithSource(k, 'initialize', 'SIGKILL');
  assert.not.ok(k.stderr.includes('wrote nothing to stdout or stderr'), k.stderr);
});

test('a program that exits non-zero without a word but with a log file open: the failure names the log file (Linux)', () => {
  if (process.platform !== 'linux') return;
  const dir = tempDir();
  // As obsidian-mcp-server 2.0.7 does when it cannot reach Obsidian (servers16): winston writes
  // to logs/error.log in its package folder, it retries for some seconds and exits 1, silent on
  // stdout and stderr.
  const logged = join(dir, 'logs-then-exits.mjs');
  writeFileSync(logged, [
    "import { mkdirSync, openSync, writeSync } from 'node:fs';",
    "mkdirSync(new URL('./logs', import.meta.url), { recursive: true });",
    "const fd = openSync(new URL('./logs/error.log', import.meta.url), 'a');",
    "writeSync(fd, 'could not reach the service\\n');",
    'setTimeout(() => process.exit(1), 3000);',
    '',
  ].join('\n'));
  const r = runCli(['lock', '--server', `${NODE} ${logged}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 1)',
    'it wrote nothing to stdout or stderr before it ended with exit code 1, but it held a log file open for writing, where its reason is likely written:',
    JSON.stringify(join(dir, 'logs', 'error.log')));
  assert.not.ok(r.stderr.includes('so its reason is not known here'), r.stderr);
});

test('which open files are logs, and open for writing: pure parts of the /proc reading', () => {
  assert.ok(isLogPath('/srv/app/logs/error.log'));
  assert.ok(isLogPath('/srv/app/log/out'));
  assert.ok(isLogPath('/var/tmp/app.log.1'));
  assert.not.ok(isLogPath('/home/u/.cache/db.sqlite'));
  assert.not.ok(isLogPath('/dev/null'));
  assert.not.ok(isLogPath('pipe:[12345]'));
  assert.not.ok(isLogPath('/srv/app/logs/error.log (deleted)'));
  assert.ok(opensForWriting('pos:\t0\nflags:\t02102001\nmnt_id:\t30\n'));
  assert.ok(opensForWriting('pos:\t0\nflags:\t0100002\n'));
  assert.not.ok(opensForWriting('pos:\t0\nflags:\t0100000\n'));
  assert.not.ok(opensForWriting('pos:\t0\n'));
});

test('a server that never answers and exits 0 once mcpfusion closes its stdin at the timeout gets no such guess', () => {
  const dir = tempDir();
  const mute = join(dir, 'mute.mjs');
  writeFileSync(mute, "process.stdin.resume();\nprocess.stdin.on('end', () => process.exit(0));\n");
  const r = runCli(['lock', '--server', `${NODE} ${mute}`, ...FAST], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 2000 ms');
  assert.not.ok(r.stderr.includes('with exit code 0'), r.stderr);
});


test('a server silent until the handshake timeout, as one connecting to an unreachable database is: the hint names that cause and a longer timeout', () => {
  const dir = tempDir();
  // As mcp-mongo-server 3.0.1 with an unreachable URL: it retries for 30 s before it says anything.
  const connecting = join(dir, 'connecting.mjs');
  writeFileSync(connecting, 'setTimeout(() => { process.stderr.write("connect ECONNREFUSED 127.0.0.1:9\\n"); process.exit(1); }, 600000);\n');
  const r = runCli(['lock', '--server', `${NODE} ${connecting}`, ...FAST], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 2000 ms', 'the server wrote nothing to stdout: is it a stdio server', 'Or is it still connecting to a service it needs before it serves (a database, an API), or setting itself up on a first run (creating a Python environment, downloading a model or a browser)? A longer --handshake-timeout lets it finish or its own error show');
});

test('a server that answers initialize, then exits non-zero with nothing on stderr: the failure names the usual cause and how to see its output', () => {
  const dir = tempDir();
  const fixture = join(ROOT, 'test/fixtures/servers/exits-after-handshake.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'tools/list', 'the server exited (exit code 1)', '(the server wrote nothing to stderr)',
    'it answered initialize, then wrote nothing to stderr, and nothing to stdout but its answers, before it ended with exit code 1, so its reason is not known here',
    'a database URL or a host it connects to', '--server-env NAME=value', 'DEBUG or ENABLE_LOGGING');
  // A server that said why needs no guess.
  const told = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir, env: { FIXTURE_SAY_WHY: '1' } });
  failsWithSource(told, 'tools/list', 'the server exited (exit code 1)', 'ECONNREFUSED 127.0.0.1:3306');
  assert.not.ok(told.stderr.includes('its reason is not known here'), told.stderr);
  // What it said is read as a network error, as for a server that stops before initialize
  // (mcp-server-mysql 2.0.6 with ENABLE_LOGGING=true, servers23: before, its line was only quoted).
  assert.ok(told.stderr.includes('; its stderr says nothing answers at 127.0.0.1:3306 on this machine ("Error: connect ECONNREFUSED 127.0.0.1:3306"), which is likely why it failed: the server expects a service it needs there'), told.stderr);
});

test('a server that answers initialize, then exits non-zero with only warnings on stderr: the same hint, saying so; not with an error among them', () => {
  const dir = tempDir();
  // As @benborla29/mcp-server-mysql 2.0.9 may without ENABLE_LOGGING and without MySQL: only its
  // driver's warnings (mysql2's about options it ignores), then exit 1 at tools/list.
  const fixture = join(ROOT, 'test/fixtures/servers/warns-then-exits.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'tools/list', 'the server exited (exit code 1)',
    'it answered initialize, then wrote only warnings to stderr (2 lines, such as "Ignoring invalid configuration option passed to Connection: acquireTimeout.',
    'which do not say why it ended, and nothing to stdout but its answers, before it ended with exit code 1, so its reason is not known here',
    'a database URL or a host it connects to', 'DEBUG or ENABLE_LOGGING');
  // Node's own deprecation warning, with the line Node prints after it.
  const node = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir, env: { FIXTURE_WARNINGS: 'node' } });
  failsWithSource(node, 'tools/list', 'the server exited (exit code 1)', 'then wrote only warnings to stderr (2 lines, such as "(node:', 'DeprecationWarning: db.connect(url, cb) is deprecated');
  // An error with its stack among the warnings is a reason: no such guess.
  const failed = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir, env: { FIXTURE_ERROR: '1' } });
  failsWithSource(failed, 'tools/list', 'the server exited (exit code 1)', "TypeError: Cannot read properties of undefined (reading 'query')");
  assert.not.ok(failed.stderr.includes('its reason is not known here'), failed.stderr);
  assert.not.ok(failed.stderr.includes('only warnings'), failed.stderr);
  // Before initialize, as a server that wrote nothing at all gets.
  const early = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir, env: { FIXTURE_AT: 'start' } });
  failsWithSource(early, 'initialize', 'the server exited (exit code 1)',
    'it wrote nothing to stdout, and only warnings to stderr (2 lines, such as "Ignoring invalid configuration option passed to Connection: acquireTimeout.',
    ' before it ended with exit code 1, so its reason is not known here', 'an environment variable it needs (an API key, a token, a URL) is not set');
  const earlyFailed = runCli(['lock', '--server', `${NODE} ${fixture}`, ...PATIENT], { cwd: dir, env: { FIXTURE_AT: 'start', FIXTURE_ERROR: '1' } });
  failsWithSource(earlyFailed, 'initialize', 'the server exited (exit code 1)', "TypeError: Cannot read properties of undefined (reading 'query')");
  assert.not.ok(earlyFailed.stderr.includes('its reason is not known here'), earlyFailed.stderr);
});

test('a silent server whose stderr says it could not reach a host: the hint names that line, not the question whether it is a stdio server', () => {
  const dir = tempDir();
  const fixture = join(ROOT, 'test/fixtures/servers/unreachable-service.mjs');
  // Long enough for the fixture to have written its stderr on a loaded machine.
  const r = runCli(['lock', '--server', `${NODE} ${fixture}`, '--start-timeout', '10000', '--handshake-timeout', '6000'], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 6000 ms',
    'the server wrote nothing to stdout, and its stderr says it could not reach a host ("Caused by: Error: getaddrinfo ENOTFOUND api.example.invalid"): it is likely still retrying a service it needs before it serves',
    'Check that this machine reaches that host (the network, DNS, a proxy, a firewall in CI)');
  assert.not.ok(r.stderr.includes('is it a stdio server'), r.stderr);
});

test('a server still setting itself up at the handshake timeout (an installer running in its group): the failure names the installer, on Linux', () => {
  const dir = tempDir();
  // As openclaw-stock-kit-mcp 3.5.1 does on its first run: '[stock-kit] Python 가상환경 생성 중...'
  // on stderr, then python3 -m venv and pip install, silent on stdout past the timeout.
  const fixture = join(ROOT, 'test/fixtures/servers/first-run-setup.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${fixture}`, '--start-timeout', '10000', '--handshake-timeout', '6000'], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 6000 ms', '가상환경 생성 중');
  if (process.platform !== 'linux') return; // no /proc: the general hint stays
  assert.ok(r.stderr.includes('the server was still setting itself up, as a server does on its first run before it serves: a program it started was installing Python packages (pid '), r.stderr);
  assert.ok(r.stderr.includes('/pip install --quiet fixture_kit-1.0.0-py3-none-any.whl")'), r.stderr);
  assert.ok(r.stderr.includes('let it finish once, by running the command by itself until it serves or with a longer --handshake-timeout'), r.stderr);
  // In place of the question whether it is a stdio server at all.
  assert.not.ok(r.stderr.includes('is it a stdio server'), r.stderr);
});

test('a first-run set-up that finished before a slow handshake timed out is still named; one before a handshake that came is a note', () => {
  if (process.platform !== 'linux') return; // no /proc: nothing is seen
  const dir = tempDir();
  const fixture = join(ROOT, 'test/fixtures/servers/first-run-setup.mjs');
  // The installer runs 3 s, looked for each second once the handshake has taken one; the launcher then answers nothing.
  const r = runCli(['lock', '--server', `${NODE} ${fixture} finishes`, '--start-timeout', '10000', '--handshake-timeout', '8000'], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 8000 ms');
  assert.ok(r.stderr.includes('while mcpfusion waited, the server set itself up, as a server does on its first run before it serves: a program it started was installing Python packages (pid '), r.stderr);
  assert.ok(r.stderr.includes('/pip install --quiet fixture_kit-1.0.0-py3-none-any.whl"), and had finished before the handshake failed'), r.stderr);
  assert.not.ok(r.stderr.includes('the server was still setting itself up'), r.stderr);
  // The same set-up before a handshake that came: lock succeeds and says what made it slow.
  const ok = runCli(['lock', '--server', `${NODE} ${fixture} serves`, '--start-timeout', '10000', '--handshake-timeout', '30000'], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.ok(ok.stderr.includes('warning: the server set itself up before it answered initialize, as a server does on its first run: a program it started was installing Python packages (pid '), ok.stderr);
  assert.ok(ok.stderr.includes('A run where that takes longer than --handshake-timeout (timeouts.handshake) fails'), ok.stderr);
});

test('a server waiting for a browser sign-in it printed a URL for: the failure says so, not that its text is log output', () => {
  const dir = tempDir();
  // As @presto-ai/google-workspace-mcp 1.0.12 does with no stored token: it prints an OAuth URL
  // to stdout ('Browser launch not supported. Please open this URL in your browser: …') and waits.
  const oauth = join(dir, 'oauth-wait.mjs');
  writeFileSync(oauth, "process.stdout.write('Browser launch not supported. Please open this URL in your browser: https://auth.example.com/o/oauth2/v2/auth?client_id=abc&scope=mail\\n');\nsetInterval(() => {}, 1000);\n");
  const r = runCli(['lock', '--server', `${NODE} ${oauth}`, ...FAST], { cwd: dir });
  failsWithSource(r, 'initialize', 'no answer within 2000 ms', 'it waits for a sign-in in a browser', 'https://auth.example.com/o/oauth2/v2/auth',
    'give it credentials that need no interactive sign-in');
  assert.not.ok(r.stderr.includes('must write logs to stderr'), r.stderr);
  // A device-code sign-in told on stderr (as Azure's and GitHub's device flows word it).
  const device = join(dir, 'device-wait.mjs');
  writeFileSync(device, "process.stderr.write('To sign in, use a web browser to open the page https://login.example.com/devicelogin and enter the code ABCD-1234 to authenticate.\\n');\nsetInterval(() => {}, 1000);\n");
  const d = runCli(['lock', '--server', `${NODE} ${device}`, ...FAST], { cwd: dir });
  failsWithSource(d, 'initialize', 'no answer within 2000 ms', 'it waits for a sign-in in a browser');
  // A URL to read or to get a key from, or a dashboard to open, is no sign-in it waits for.
  const docs = join(dir, 'docs-url.mjs');
  writeFileSync(docs, "process.stderr.write('Error: API key is required. Get your API key from: https://app.example.com/settings/api\\nOpen http://localhost:3000 in your browser to see the dashboard\\n');\nprocess.exit(1);\n");
  const n = runCli(['lock', '--server', `${NODE} ${docs}`, ...PATIENT], { cwd: dir });
  failsWithSource(n, 'initialize', 'the server exited (exit code 1)');
  assert.not.ok(n.stderr.includes('sign-in in a browser'), n.stderr);
  // A page about authentication to read is no sign-in either: google-auth-library's error, on which
  // mcpfirestoredb 1.1.2 stops without credentials (servers22), was told it waits for a sign-in.
  const adc = join(dir, 'adc-error.mjs');
  writeFileSync(adc, "process.stderr.write('Error: Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information.\\n    at GoogleAuth.getApplicationDefaultAsync (/srv/node_modules/google-auth-library/build/src/auth/googleauth.js:287:15)\\n');\nprocess.exit(1);\n");
  const g = runCli(['lock', '--server', `${NODE} ${adc}`, ...PATIENT], { cwd: dir });
  failsWithSource(g, 'initialize', 'the server exited (exit code 1)', 'Could not load the default credentials');
  assert.not.ok(g.stderr.includes('sign-in'), g.stderr);
  // A sign-in URL printed by a server that then stopped: it asked, it does not wait.
  const asked = join(dir, 'oauth-exit.mjs');
  writeFileSync(asked, "process.stderr.write('Not signed in. Open https://auth.example.com/o/oauth2/v2/auth?client_id=abc in your browser, then start the server again\\n');\nprocess.exit(1);\n");
  const a = runCli(['lock', '--server', `${NODE} ${asked}`, ...PATIENT], { cwd: dir });
  failsWithSource(a, 'initialize', 'the server exited (exit code 1)', 'it asked for a sign-in in a browser and stopped', 'which it needs before it serves');
  assert.not.ok(a.stderr.includes('it waits for a sign-in'), a.stderr);
});

test('a Node.js server whose own uncaughtException handler throws (exit code 7, @houtini/gemini-mcp 2.6.2): the failure says what 7 means', () => {
  const dir = tempDir();
  const broken = join(dir, 'handler-throws.mjs');
  writeFileSync(broken, "process.on('uncaughtException', () => { throw new Error('the logger broke'); });\nthrow new Error('GEMINI_API_KEY is not set');\n");
  const r = runCli(['lock', '--server', `${NODE} ${broken}`, ...PATIENT], { cwd: dir });
  failsWithSource(r, 'initialize', 'the server exited (exit code 7)', 'exit code 7 means an uncaughtException handler of its own threw', 'the logger broke');
  // Another code is the server's own: nothing is read into it.
  const other = join(dir, 'exits-9.mjs');
  writeFileSync(other, "process.stderr.write('bad settings\\n');\nprocess.exit(9);\n");
  const plain = runCli(['lock', '--server', `${NODE} ${other}`, ...PATIENT], { cwd: dir });
  failsWithSource(plain, 'initialize', 'the server exited (exit code 9)', 'bad settings');
  assert.not.ok(plain.stderr.includes('Node.js'), plain.stderr);
});

test.run();
