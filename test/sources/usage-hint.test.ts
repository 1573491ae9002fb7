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
  assert.is(usageHint(COMMANDER.slice(1), 'x'), '', 'no usage line');
  assert.is(usageHint(COMMANDER.filter((l) => !l.includes('stdio')), 'x'), '', 'no stdio command');
  // An option that mentions stdio is no command.
  assert.is(usageHint(['Usage: srv [options]', '  --transport <kind>  stdio or http (default: http)'], 'x'), '');
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
});

test.run();
