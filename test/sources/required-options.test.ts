import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { optionEnvironment, requiredOptions, requiredOptionsHint } from '../../src/sources/required-options.ts';
import { usageHint } from '../../src/sources/usage-hint.ts';
import { tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;

// What @chaindead/telegram-mcp_linux_amd64 0.2.0 (Go, urfave/cli) writes started with no arguments
// (servers20): its usage on stdout, then a zerolog console line in colours on stderr; exit 1.
const TELEGRAM_USAGE = [
  'NAME:', '   telegram-mcp - Telegram MCP server', '', 'USAGE:', '   telegram-mcp [command [command options]] ', '', 'COMMANDS:',
  '   auth  Authenticate with Telegram', '', 'OPTIONS:', '   --app-id int             Telegram App ID [$TG_APP_ID]',
  '   --api-hash string        Telegram API Hash [$TG_API_HASH]',
  '   --session string         Path to session file (default: "/root/.telegram-mcp/session.json") [$TG_SESSION_PATH]',
  '   --dry                    Test configuration', '   --help, -h               show help',
];
const TELEGRAM_ERROR = '\u001b[90m2:23AM\u001b[0m \u001b[31mFTL\u001b[0m \u001b[1mRequired flags "app-id, api-hash" not set\u001b[0m';

test('requiredOptions: each parser\'s wording, with the options it names; none for other lines', () => {
  const rows: [string, string, string[]][] = [
    [TELEGRAM_ERROR, 'required.urfave', ['app-id', 'api-hash']],
    ['Required flag "port" not set', 'required.urfave', ['port']],
    ['Error: required flag(s) "token", "url" not set', 'required.cobra', ['token', 'url']],
    ["error: required option '-t, --token <token>' not specified", 'required.commander', ['token']],
    ['Missing required arguments: port, config', 'required.yargs', ['port', 'config']],
    ['srv: error: the following arguments are required: --app-id, --api-hash', 'required.argparse', ['app-id', 'api-hash']],
    ['error: the following required arguments were not provided:', 'required.clap', []],
  ];
  for (const [line, id, names] of rows) {
    const found = requiredOptions(['starting', line]);
    assert.is(found?.id, id, line);
    assert.equal(found?.names, names, line);
  }
  assert.is(requiredOptions(TELEGRAM_USAGE), undefined);
  // argparse writes a positional argument or a required sub-command without dashes: no option.
  const argparse = requiredOptions(['demo: error: the following arguments are required: root, -t/--token, command']);
  assert.equal([argparse?.names, argparse?.positionals], [['token'], ['root', 'command']]);
  assert.is(requiredOptions(['Error: API_KEY environment variable is required', 'the token is required']), undefined);
});

// What @vaulttools/mcp-linux-x64 0.1.7 (Rust, clap 4) writes to stderr started with no arguments
// (servers21), exit 2: clap names the missing arguments on the lines after its error line.
const VAULTTOOLS_STDERR = [
  'error: the following required arguments were not provided:', '  --allowed-dir <ALLOWED_DIRS>', '',
  'Usage: vaulttools-mcp --allowed-dir <ALLOWED_DIRS>', '', "For more information, try '--help'.",
];

test('requiredOptions: clap\'s arguments are read from the indented lines after its error line, up to a blank one', () => {
  const found = requiredOptions(VAULTTOOLS_STDERR);
  assert.equal([found?.id, found?.names, found?.positionals], ['required.clap', ['allowed-dir'], []]);
  // A short and long form, a positional argument and a repeated one; clap 2 and 3 write "The".
  const more = requiredOptions(['x', 'error: The following required arguments were not provided:', '    -t, --token <TOKEN>', '    <PATH>', '    <FILES>...', '    --dry-run', '', '  --after-blank <X>']);
  assert.equal([more?.names, more?.positionals], [['token', 'dry-run'], ['PATH', 'FILES']]);
  // An unindented line ends the list as a blank one does.
  assert.equal(requiredOptions(['error: the following required arguments were not provided:', 'Usage: x --a <A>'])?.names, []);
});

test('usageHint: a clap program that stops on a missing argument is told its name, and the variable its usage names for it', () => {
  const hint = usageHint(VAULTTOOLS_STDERR, '/x/vaulttools-mcp');
  assert.is(hint, '; its output is a usage text ("Usage: vaulttools-mcp --allowed-dir <ALLOWED_DIRS>"), and it stopped because options it requires were not given ("error: the following required arguments were not provided:"), and serves as started once it has them: give them on the command line after the program (--allowed-dir …)');
  const env = usageHint(['error: the following required arguments were not provided:', '  --token <TOKEN>', '', 'Usage: srv --token <TOKEN>', '  --token <TOKEN>  The API token [env: SRV_TOKEN=]'], 'srv');
  assert.ok(env.endsWith('(--token …), or set the environment variables its usage names for them: --server-env SRV_TOKEN=…'), env);
  const positional = usageHint(['error: the following required arguments were not provided:', '  <ROOT>', '', 'Usage: srv <ROOT>'], 'srv');
  assert.ok(positional.endsWith('it stopped because arguments it requires were not given ("error: the following required arguments were not provided:"): give them on the command line after the program (<ROOT>), as its usage shows'), positional);
});

test('optionEnvironment: the variable an option\'s own usage line names (urfave, clap, parenthesised); none for another option', () => {
  const env = optionEnvironment([...TELEGRAM_USAGE, '  --port <PORT>  Port [env: SRV_PORT=]', '  --key <k>  Key (env: SRV_KEY)'], ['app-id', 'api-hash', 'port', 'key', 'dry', 'app']);
  assert.equal([...env], [['app-id', 'TG_APP_ID'], ['api-hash', 'TG_API_HASH'], ['port', 'SRV_PORT'], ['key', 'SRV_KEY']]);
});

test('usageHint: a usage text printed with a required-options error names the options and their variables, not another command to look for', () => {
  const hint = usageHint([...TELEGRAM_USAGE, TELEGRAM_ERROR], '/x/telegram-mcp');
  assert.ok(hint.startsWith('; its output is a usage text ("USAGE: telegram-mcp [command [command options]]"), and it stopped because options it requires were not given ("2:23AM FTL Required flags \\"app-id, api-hash\\" not set")'), hint);
  assert.ok(hint.endsWith('(--app-id … --api-hash …), or set the environment variables its usage names for them: --server-env TG_APP_ID=… --server-env TG_API_HASH=…'), hint);
  assert.not.match(hint, /none of the commands it lists/);
  // Only some named: said so.
  const some = requiredOptionsHint(requiredOptions(['Error: required flag(s) "app-id", "verbose" not set'])!, TELEGRAM_USAGE);
  assert.ok(some.endsWith('or, for those its usage names one for, set the environment variable: --server-env TG_APP_ID=…'), some);
  // argparse's required sub-command (a real Python run: add_subparsers(required=True)) is a word
  // given after the program, not --command, and nothing says it serves once given.
  const sub = usageHint(['usage: demo-mcp [-h] {stdio,auth} ...', 'demo-mcp: error: the following arguments are required: command'], 'python3 sub.py');
  assert.is(sub, '; its output is a usage text ("usage: demo-mcp [-h] {stdio,auth} ..."), and it stopped because arguments it requires were not given ("demo-mcp: error: the following arguments are required: command"): give them on the command line after the program (<command>), as its usage shows');
  const mixed = requiredOptionsHint(requiredOptions(['demo: error: the following arguments are required: root, --app-id'])!, TELEGRAM_USAGE);
  assert.ok(mixed.endsWith('(<root> --app-id …), as its usage shows, or, for those its usage names one for, set the environment variable: --server-env TG_APP_ID=…'), mixed);
  // Without the error, the usage is read as before.
  assert.match(usageHint(TELEGRAM_USAGE, 'x'), /none of the commands it lists names stdio or MCP/);
});

test('a server that prints its usage and stops on required flags is told to give them or their variables (a real run of the CLI)', async () => {
  const dir = tempDir();
  const script = join(dir, 'telegram.mjs');
  writeFileSync(script, `process.stdout.write(${JSON.stringify(TELEGRAM_USAGE.join('\n') + '\n')}); process.stderr.write(${JSON.stringify(TELEGRAM_ERROR + '\n')}); process.exitCode = 1;\n`);
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, cwd: dir, env: { PATH: process.env['PATH'] ?? '' }, readStdin: async () => '', color: false };
  const code = await run(['lock', '--server', `${NODE} ${script}`, '--handshake-timeout', '60000'], io);
  assert.is(code, 3, stderr);
  assert.match(stderr, /the server exited \(exit code 1\).*its output is a usage text .*, and it stopped because options it requires were not given/);
  assert.ok(stderr.includes('--server-env TG_APP_ID=… --server-env TG_API_HASH=…'), stderr);
  assert.not.match(stderr, /none of the commands it lists/);
});

test('a clap server that stops on a missing argument is told its name (a real run of the CLI)', async () => {
  const dir = tempDir();
  const script = join(dir, 'vaulttools.mjs');
  writeFileSync(script, `process.stderr.write(${JSON.stringify(VAULTTOOLS_STDERR.join('\n') + '\n')}); process.exitCode = 2;\n`);
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, cwd: dir, env: { PATH: process.env['PATH'] ?? '' }, readStdin: async () => '', color: false };
  const code = await run(['inspect', '--server', `${NODE} ${script}`, '--handshake-timeout', '60000'], io);
  assert.is(code, 3, stderr);
  assert.ok(stderr.includes('the server exited (exit code 2)'), stderr);
  assert.ok(stderr.includes('and serves as started once it has them: give them on the command line after the program (--allowed-dir …)'), stderr);
});

test.run();
