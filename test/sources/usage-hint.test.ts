import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { usageHint } from '../../src/sources/usage-hint.ts';
import { tempDir } from '../helpers/cli.ts';

const NODE = process.execPath;

// What two real servers print when started without their command (servers12): @pipedream/mcp
// (commander, on stderr) and @microsoft/workiq 1.0.0 (System.CommandLine, on stdout), shortened.
const COMMANDER = [
  'Usage: @pipedream/mcp [options] [command]', '', 'Pipedream MCP server CLI', '', 'Options:',
  '  -V, --version    output the version number', '  -h, --help       display help for command', '', 'Commands:',
  '  stdio [options]  Start the stdio server', '  sse [options]    Start the SSE server (default port: 3010)', '  help [command]   display help for command',
];
const DOTNET = [
  'Description:', '  Command line client', '', 'Usage:', '  workiq [command] [options]', '', 'Options:',
  '  --account <account>  The account email to use', '  -?, -h, --help       Show help and usage information', '', 'Commands:',
  '  version        Shows version information', '  ask            Asks a question', '  mcp            Start MCP stdio server for agent communication',
];

test('usageHint: a usage text naming a stdio command, by name or by description; none without a usage line or a stdio command', () => {
  assert.match(usageHint(COMMANDER, 'node cli.js'), /names a command for its stdio mode \("stdio \[options\]  Start the stdio server"\): the server wants that command; start it with --server "node cli\.js stdio"$/);
  assert.match(usageHint(DOTNET, 'node workiq.js'), /"mcp            Start MCP stdio server for agent communication"\): .* --server "node workiq\.js mcp"$/);
  assert.is(usageHint(COMMANDER.slice(1).filter((l) => l !== 'Commands:'), 'x'), '', 'no usage line, nor a Commands: heading');
  // No stdio command, nor one that serves MCP: only that a command may be missing.
  assert.match(usageHint(COMMANDER.filter((l) => !l.includes('stdio')), 'x'), /none of the commands it lists names stdio or MCP; see "x --help"/, 'no stdio command');
  // A usage printed after an error of another kind says nothing of a missing command.
  assert.is(usageHint(['Error: no current-context is set in kubeconfig', ...COMMANDER.filter((l) => !l.includes('stdio'))], 'x'), '');
  assert.match(usageHint(['error: unknown command \'x\'', ...COMMANDER.filter((l) => !l.includes('stdio'))], 'x'), /none of the commands it lists/);
  // An option that mentions stdio is no command.
  assert.is(usageHint(['Usage: srv [options]', '  --transport <kind>  stdio or http (default: http)'], 'x'), '');
});

// What a server prints that names no stdio command but a command that serves, with an example of
// it (@azure/mcp-linux-x64 2.0.5, System.CommandLine, on stdout after 'Required command was not
// provided.' on stderr; servers14), shortened and reworded.
const NO_STDIO = [
  'Acme.Mcp.Server 1.0.0', '', 'Description:', '  Acme MCP Server', '', 'Usage:', '  acmemcp [command] [options]', '', 'Options:',
  '  -?, -h, --help  Show help and usage information', '', 'Examples:', '  acmemcp storage account get --subscription "my-sub"', '  acmemcp server start', '',
  'CLI:', '  tools        Tool operations - list the tools this CLI has.', '', 'MCP:', '  server       MCP Server operations - commands to manage and run the',
  '               MCP Server.', '', 'Services:', '  sql          SQL Server resources: list servers and databases.',
];

test('usageHint: a usage text with no stdio command names the command that serves and its example; a bare usage text says a command is missing', () => {
  const hint = usageHint(NO_STDIO, 'acmemcp');
  assert.ok(hint.includes('its output is a usage text ("Usage: acmemcp [command] [options]")'), hint);
  assert.ok(hint.includes('"server       MCP Server operations - commands to manage and run the"'), hint);
  assert.ok(hint.includes('its examples show "acmemcp server start"'), hint);
  assert.ok(hint.endsWith('perhaps --server "acmemcp server start"'), hint);
  // No example: the command alone is offered.
  const noExample = usageHint(NO_STDIO.filter((l) => !l.includes('server start')), 'acmemcp');
  assert.ok(noExample.endsWith('perhaps --server "acmemcp server"'), noExample);
  // Neither a stdio command nor one that serves: the usage text is still no log output.
  const bare = usageHint(['Usage: tool [options] <command>', '', 'Commands:', '  convert <file>  Convert a file', '  lint <file>     Lint a file'], 'node tool.js');
  assert.match(bare, /^; its output is a usage text \("Usage: tool \[options\] <command>"\): started this way it was not given a command or argument it needs/);
  assert.ok(bare.includes('node tool.js --help'), bare);
});

test('usageHint: a usage opened by a heading alone in capitals (stricli: creem 1.13.0\'s mcp-server.js), and a command described as the Model Context Protocol server', () => {
  const stricli = [
    'USAGE', '  mcp start [--transport stdio|sse] [--port value] [--api-key value]', '  mcp --help', '', 'MCP server CLI', '',
    'FLAGS', '  -h --help     Print help information and exit', '', 'COMMANDS', '  run    Run the Model Context Protocol server',
  ];
  const hint = usageHint(stricli, 'node mcp-server.js');
  assert.ok(hint.startsWith('; its output is a usage text ("USAGE mcp start [--transport stdio|sse] [--port value] [--api-key value]")'), hint);
  assert.ok(hint.endsWith('perhaps --server "node mcp-server.js run"'), hint);
  // A heading in capitals inside prose is no usage text.
  assert.is(usageHint(['NOTE', '  run    Run the Model Context Protocol server'], 'x'), '');
});

test('usageHint: a usage text in colours (agentdb 1.6.1), whose commands are written out as lines of the program with their description below', () => {
  const coloured = [
    '\u001b[1mUSAGE:\u001b[0m', '  tooldb <command> <subcommand> [options]', '', '\u001b[1mSETUP COMMANDS:\u001b[0m', '  tooldb init [path]', '    Create a database',
    '', '\u001b[1mMCP COMMANDS:\u001b[0m', '  tooldb mcp start', '    Start the MCP server for desktop integration',
  ];
  const hint = usageHint(coloured, 'node cli.js');
  assert.ok(hint.startsWith('; its output is a usage text ("USAGE: tooldb <command> <subcommand> [options]")'), hint);
  assert.ok(hint.endsWith('perhaps --server "node cli.js mcp start"'), hint);
});

// What google-workspace-mcp 2.3.6 prints on stdout, exit 0, when started without a command
// (commander; servers23): the command that serves has an alias (`serve|mcp`), and a set-up wizard
// below it is described as "configuring the MCP server". The wizard was offered as the command to serve.
const ALIASED = [
  'Usage: google-workspace-mcp [options] [command]', '', 'Google Workspace MCP Server - Manage Google Docs, Sheets, Drive, Gmail,', 'Calendar, Slides, and Forms', '',
  'Options:', '  -V, --version        output the version number', '  -h, --help           display help for command', '', 'Commands:',
  '  serve|mcp [options]  Start the MCP server (for use with Claude Desktop, VS', '                       Code, etc.)',
  '  setup                Interactive setup wizard for configuring the MCP server', '  accounts             Manage Google account authentication',
  '  config               View configuration information', '  status               Check if the server is properly configured and ready',
];

test('usageHint: a command with an alias (commander\'s `serve|mcp`) is offered by its first name, and a set-up command described with the MCP server is not one that serves', () => {
  const hint = usageHint(ALIASED, 'gwmcp');
  assert.ok(hint.includes('"serve|mcp [options]  Start the MCP server (for use with Claude Desktop, VS"'), hint);
  assert.ok(hint.endsWith('perhaps --server "gwmcp serve"'), hint);
  // Without the serving command, the wizard is not offered in its place.
  const setupOnly = usageHint(ALIASED.filter((l) => !l.includes('serve|mcp')), 'gwmcp');
  assert.not.match(setupOnly, /gwmcp setup/);
  assert.match(setupOnly, /none of the commands it lists names stdio or MCP/);
  // An alias that names stdio is the stdio command.
  assert.ok(usageHint(['Usage: x [command]', 'Commands:', '  run|stdio [options]  Run the server'], 'x').endsWith('start it with --server "x run"'));
});

// What stock-sdk 2.4.4 prints on stdout, exit 0, when started without a command (servers25),
// shortened: its usage opens with `用法:` and its `mcp` command is described as the stdio server.
const CHINESE = [
  'stock-sdk —— 股票行情命令行', '', '用法:', '  stock-sdk <command> [args] [--flags]', '  stock-sdk <namespace> <method> [args] [--flags]   # 直达任意命名空间方法', '',
  '常用命令:', '  quote        行情(自动识别市场)', '  kline        K线(--market a/hk/us；--limit 截断)', '  mcp          启动 MCP server (stdio)', '',
  '全局选项:', '  -f, --format json|table|csv   输出格式 (默认 json)', '  -h, --help                    显示帮助',
];
// What proliferate-sandbox-mcp 0.1.19 prints on stderr, exit 1 (servers24): its one command is
// separated from its description by a dash between single spaces.
const DASHED = ['Usage: sandbox-mcp api', '  api - Start the HTTP API server on port 4000'];

test('usageHint: a usage opened in another language (`用法:`, `Utilisation :`, `使い方：`), and commands described after a dash', () => {
  const chinese = usageHint(CHINESE, 'stock-sdk');
  assert.ok(chinese.startsWith('; its output is a usage text ("用法: stock-sdk <command> [args] [--flags]") that names a command for its stdio mode'), chinese);
  assert.ok(chinese.endsWith('start it with --server "stock-sdk mcp"'), chinese);
  assert.ok(usageHint(['Utilisation : outil [commande]', '  serveur   Démarre le serveur MCP (stdio)'], 'outil').endsWith('--server "outil serveur"'));
  assert.ok(usageHint(['使い方：tool <command>', '  stdio   MCPサーバーを起動'], 'tool').endsWith('--server "tool stdio"'));
  // The commands below the heading are read as they were in English.
  const dashed = usageHint(DASHED, 'sandbox-mcp');
  assert.ok(dashed.startsWith('; its output is a usage text ("Usage: sandbox-mcp api"): started this way it was not given a command'), dashed);
  assert.ok(dashed.includes('none of the commands it lists names stdio or MCP'), dashed);
  assert.ok(usageHint(['Usage: srv <command>', '  stdio - Start the MCP server on stdin and stdout', '  http - Start it over HTTP'], 'srv').endsWith('--server "srv stdio"'));
  // Neither the words in prose nor a dash in a sentence open a usage text.
  assert.is(usageHint(['El uso de memoria es alto', '  mcp - servidor'], 'x'), '');
  assert.is(usageHint(['用法很简单', '  mcp          启动 MCP server (stdio)'], 'x'), '');
});

// What @composio/mcp 1.0.9 prints on stderr, exit 1, started without a command (yargs, servers25):
// no `Usage:` heading, and each command written after the program's name.
const YARGS = [
  'mcp <command>', '', 'Commands:', '  mcp setup <url> [name]  Setup command for app integration', '  mcp start               Start the MCP server', '',
  'Options:', '  -h, --help     Show help                                             [boolean]', '  -v, --version  Show version number                                   [boolean]', '',
  'You need to specify a command',
];

test('usageHint: a synopsis with no heading as yargs prints it first, and commands written after the program\'s name (@composio/mcp 1.0.9, 21st 1.17.1)', () => {
  const hint = usageHint(YARGS, 'node_modules/.bin/mcp');
  assert.ok(hint.startsWith('; its output is a usage text ("mcp <command>") that names no stdio command but one that serves MCP ("mcp start               Start the MCP server")'), hint);
  assert.not.match(hint, /its examples show/);
  assert.ok(hint.endsWith('perhaps --server "node_modules/.bin/mcp start"'), hint);
  // Commands written after the program, below a heading alone: read, and none serves.
  const cli = usageHint(['21st CLI', '', 'Usage:', '  21st login                      Sign in via your browser (saved locally)', '  21st init --client <name>       Print/write the 21st MCP config for a client'], '21st');
  assert.ok(cli.startsWith('; its output is a usage text ("Usage: 21st login"): started this way it was not given a command'), cli);
  // Such a synopsis only as the first line, and only with a placeholder for the command.
  assert.is(usageHint(['Server ready', 'mcp <command>', '  mcp start  Start the MCP server'], 'x'), '');
  assert.is(usageHint(['mcp <file>', '  mcp start  Start the MCP server'], 'x'), '');
  // A `Commands:` heading alone near the top opens one too (codegraph-ai 0.1.5, on stdout, exit 0).
  const headingOnly = usageHint(['', 'codegraph — Context engine for AI coding agents', '', 'Commands:', '  index [dir]     Index a project directory (default: current dir)',
    '  serve [dir]     Start MCP server on stdio (default: current dir)', '  dashboard [dir] Start web dashboard on http://localhost:3000'], 'codegraph-ai');
  assert.ok(headingOnly.startsWith('; its output is a usage text ("Commands:") that names a command for its stdio mode ("serve [dir]     Start MCP server on stdio (default: current dir)")'), headingOnly);
  assert.ok(headingOnly.endsWith('start it with --server "codegraph-ai serve"'), headingOnly);
  assert.is(usageHint([...Array.from({ length: 25 }, (_, i) => `log line ${i}`), 'Commands:', '  serve   Start MCP server on stdio'], 'x'), '');
  // A program named as its own command keeps the entry.
  assert.ok(usageHint(['Usage: mcp [command]', '  mcp   Start the MCP stdio server'], 'mcp').endsWith('--server "mcp mcp"'));
});

async function lock(command: string, cwd: string): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, cwd, env: { PATH: process.env['PATH'] ?? '' }, readStdin: async () => '', color: false };
  const code = await run(['lock', '--server', command, '--handshake-timeout', '60000'], io);
  return { code, stderr };
}

test('a server that prints its usage and exits is told to start in the stdio mode its usage names, not to be read over HTTP (its `sse` line) nor to log to stderr', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'commander.mjs'), `process.stderr.write(${JSON.stringify(COMMANDER.join('\n') + '\n')}); process.exit(1);\n`);
  writeFileSync(join(dir, 'dotnet.mjs'), `process.stderr.write('Required command was not provided.\\n'); process.stdout.write(${JSON.stringify(DOTNET.join('\n') + '\n')}); process.exitCode = 1;\n`);
  const commander = await lock(`${NODE} ${join(dir, 'commander.mjs')}`, dir);
  assert.is(commander.code, 3, commander.stderr);
  assert.match(commander.stderr, /the server exited \(exit code 1\).*its output is a usage text \("Usage: @pipedream\/mcp \[options\] \[command\]"\) that names a command for its stdio mode/);
  assert.ok(commander.stderr.includes(`start it with --server "${NODE} ${join(dir, 'commander.mjs')} stdio"`), commander.stderr);
  assert.not.match(commander.stderr, /serves HTTP/);
  const dotnet = await lock(`${NODE} ${join(dir, 'dotnet.mjs')}`, dir);
  assert.is(dotnet.code, 3, dotnet.stderr);
  assert.ok(dotnet.stderr.includes(`start it with --server "${NODE} ${join(dir, 'dotnet.mjs')} mcp"`), dotnet.stderr);
  assert.not.match(dotnet.stderr, /must write logs to stderr/);
  // A usage text on stdout naming no stdio command is no log output either.
  writeFileSync(join(dir, 'nostdio.mjs'), `process.stderr.write('Required command was not provided.\\n'); process.stdout.write(${JSON.stringify(NO_STDIO.join('\n') + '\n')}); process.exitCode = 1;\n`);
  const nostdio = await lock(`${NODE} ${join(dir, 'nostdio.mjs')}`, dir);
  assert.is(nostdio.code, 3, nostdio.stderr);
  assert.ok(nostdio.stderr.includes('its examples show "acmemcp server start"'), nostdio.stderr);
  assert.not.match(nostdio.stderr, /must write logs to stderr/);
  assert.ok(nostdio.stderr.includes('Required command was not provided.'), nostdio.stderr);
  // A usage text on stdout, exit 0, whose serving command has an alias and a set-up wizard below it.
  writeFileSync(join(dir, 'aliased.mjs'), `process.stdout.write(${JSON.stringify(ALIASED.join('\n') + '\n')});\n`);
  const aliased = await lock(`${NODE} ${join(dir, 'aliased.mjs')}`, dir);
  assert.is(aliased.code, 3, aliased.stderr);
  assert.ok(aliased.stderr.includes(`perhaps --server "${NODE} ${join(dir, 'aliased.mjs')} serve"`), aliased.stderr);
  assert.not.match(aliased.stderr, /aliased\.mjs setup/);
});

test('a server printing a usage text in Chinese (stock-sdk 2.4.4) is told its stdio command, not that it logs to stdout; one whose commands follow a dash (proliferate-sandbox-mcp 0.1.19) that it lacks one', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'chinese.mjs'), `process.stdout.write(${JSON.stringify(CHINESE.join('\n') + '\n')});\n`);
  const chinese = await lock(`${NODE} ${join(dir, 'chinese.mjs')}`, dir);
  assert.is(chinese.code, 3, chinese.stderr);
  assert.ok(chinese.stderr.includes(`start it with --server "${NODE} ${join(dir, 'chinese.mjs')} mcp"`), chinese.stderr);
  assert.not.match(chinese.stderr, /must write logs to stderr/);
  writeFileSync(join(dir, 'dashed.mjs'), `process.stderr.write(${JSON.stringify(DASHED.join('\n') + '\n')}); process.exit(1);\n`);
  const dashed = await lock(`${NODE} ${join(dir, 'dashed.mjs')}`, dir);
  assert.is(dashed.code, 3, dashed.stderr);
  assert.match(dashed.stderr, /its output is a usage text \("Usage: sandbox-mcp api"\): started this way it was not given a command or argument it needs/);
  writeFileSync(join(dir, 'yargs.mjs'), `process.stderr.write(${JSON.stringify(YARGS.join('\n') + '\n')}); process.exit(1);\n`);
  const yargs = await lock(`${NODE} ${join(dir, 'yargs.mjs')}`, dir);
  assert.is(yargs.code, 3, yargs.stderr);
  assert.ok(yargs.stderr.includes(`perhaps --server "${NODE} ${join(dir, 'yargs.mjs')} start"`), yargs.stderr);
  // A `Commands:` heading alone, on stdout, exit 0 (codegraph-ai 0.1.5).
  writeFileSync(join(dir, 'commands.mjs'), `process.stdout.write(${JSON.stringify(['', 'codegraph — Context engine', '', 'Commands:', '  index [dir]     Index a project directory', '  serve [dir]     Start MCP server on stdio (default: current dir)'].join('\n') + '\n')});\n`);
  const commands = await lock(`${NODE} ${join(dir, 'commands.mjs')}`, dir);
  assert.is(commands.code, 3, commands.stderr);
  assert.ok(commands.stderr.includes(`start it with --server "${NODE} ${join(dir, 'commands.mjs')} serve"`), commands.stderr);
  assert.not.match(commands.stderr, /must write logs to stderr/);
});

// mcp-sdk 1.0.0 (commander): `mcp-sdk serve` with no URL prints its usage again and exits 0 (servers26).
const MCP_SDK = [
  'Usage: mcp-sdk [options] [command]', '', 'MCP developer toolkit — proxy, aggregate, and inspect SSE MCP servers', '', 'Options:',
  '  -V, --version                       output the version number', '  -h, --help                          display help for command', '', 'Commands:',
  '  serve [options] [urls...]           Proxy one or more SSE MCP servers as a', '                                      local stdio server',
  '  inspect [options] <url>             List tools, resources, and prompts',
];

test('usageHint: a command the command line already gives is not offered again; its usage printed again says the command wants more (mcp-sdk 1.0.0, servers26)', async () => {
  const hint = usageHint(MCP_SDK, 'mcp-sdk serve');
  assert.ok(hint.includes('the command line already gives "serve", and the program printed its usage again: that command wants more than it was given: give the arguments or options its entry names, as "mcp-sdk serve --help" or its README says'), hint);
  assert.not.ok(hint.includes('serve serve'), hint);
  // Not given: still offered.
  assert.ok(usageHint(MCP_SDK, 'mcp-sdk').includes('perhaps --server "mcp-sdk serve"'));
  // The same for a stdio command already given.
  assert.ok(usageHint(COMMANDER, 'pd stdio').includes('the command line already gives "stdio"'));
  const dir = tempDir();
  writeFileSync(join(dir, 'mcp-sdk.mjs'), `process.stdout.write(${JSON.stringify(MCP_SDK.join('\n') + '\n')});\n`);
  const r = await lock(`${NODE} ${join(dir, 'mcp-sdk.mjs')} serve`, dir);
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the command line already gives "serve"'), r.stderr);
  assert.not.ok(r.stderr.includes('mcp-sdk.mjs serve serve'), r.stderr);
});

test.run();
