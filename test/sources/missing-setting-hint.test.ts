import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { answeredMissingSettingHint, exitedMissingSettingHint, exitedMissingSettings, missingSettingLine, silentMissingSettingHint } from '../../src/sources/missing-setting-hint.ts';
import { writeFileSync } from 'node:fs';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { openSession } from '../../src/sources/session.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';
import { DEFAULT_TIMEOUTS } from '../../src/sources/timeouts.ts';
import { isSdkTimeout } from '../../src/sources/sdk-timeout.ts';

// A server that says on stderr it has no API key and runs on silently (@21st-dev/magic before
// 0.2.3): the handshake timeout quotes that line and names the setting, instead of asking whether
// it is a stdio server at all.

const NODE = process.execPath;
const SILENT = join(ROOT, 'test/fixtures/servers/silent-no-api-key.mjs');

test('missingSettingLine: a key or token said to be missing, with the variable and option it names', () => {
  assert.equal(missingSettingLine(['API key is required. Please provide it via TWENTY_FIRST_API_KEY environment variable or --api-key argument']),
    { line: 'API key is required. Please provide it via TWENTY_FIRST_API_KEY environment variable or --api-key argument', variable: 'TWENTY_FIRST_API_KEY', option: '--api-key' });
  assert.equal(missingSettingLine(['No API key found. Old Magic keys were reset - get a fresh key at https://21st.dev/mcp and pass it as API_KEY="..." (or env TWENTY_FIRST_API_KEY / API_KEY_21ST).'])?.variable, 'API_KEY');
  assert.equal(missingSettingLine(['Error: GITHUB_TOKEN is not set'])?.variable, 'GITHUB_TOKEN');
  assert.equal(missingSettingLine(['Error: API key missing']), { line: 'Error: API key missing' });
  // Neither a key without a word of missing, nor a missing thing that is no credential.
  assert.is(missingSettingLine(['Using API key from TWENTY_FIRST_API_KEY']), undefined);
  assert.is(missingSettingLine(['config file not found, using defaults']), undefined);
  assert.is(silentMissingSettingHint(['listening']), '');
  assert.ok(silentMissingSettingHint(['Error: API key missing']).endsWith('give it what it names, with --server-env NAME=value or an argument in --server'));
});

for (const [mode, fragment] of [
  ['magic', 'its stderr says a key or token it needs is missing ("API key is required. Please provide it via TWENTY_FIRST_API_KEY environment variable or --api-key argument"): it likely runs on without serving until it has one, so a longer --handshake-timeout will not help: give it that setting: --server-env TWENTY_FIRST_API_KEY=… (or its option --api-key in --server)'],
  ['plain', 'its stderr says a key or token it needs is missing ("Error: API key missing")'],
] as const) {
  test(`a silent server that said its key is missing (${mode}): the timeout quotes it and names the setting`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${SILENT} ${mode}`, '--handshake-timeout', '4000'], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('no answer within 4000 ms'), r.stderr);
    assert.ok(r.stderr.includes(fragment), r.stderr);
    assert.not.ok(r.stderr.includes('is it a stdio server'), r.stderr);
  });
}

test('a server that answers -32001 of its own (the code of the SDK\'s timeout): its answer is quoted, not read as a timeout', () => {
  const server = join(ROOT, 'test/fixtures/servers/answers-32001.mjs');
  const r = runCli(['lock', '--server', `${NODE} ${server}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "initialize": the server answered with JSON-RPC error -32001: Not authenticated - your API key is missing or was reset'), r.stderr);
  assert.not.ok(r.stderr.includes('no answer within'), r.stderr);
});

test('isSdkTimeout: the SDK\'s own timer and abort, not a server\'s answer with the same code', () => {
  const error = (message: string, data?: unknown): Error => Object.assign(new Error(`MCP error -32001: ${message}`), { code: -32001, data });
  assert.ok(isSdkTimeout(error('Request timed out', { timeout: 1000 })));
  assert.ok(isSdkTimeout(error('Maximum total timeout exceeded', { maxTotalTimeout: 5000, totalElapsed: 5001 })));
  assert.ok(isSdkTimeout(error('AbortError: This operation was aborted')));
  assert.not.ok(isSdkTimeout(error('Not authenticated - your API key is missing or was reset')));
  assert.not.ok(isSdkTimeout(Object.assign(new Error('x'), { code: -32603 })));
});

// A server that answers initialize or tools/list with a JSON-RPC error that names nothing, and
// says only on stderr which variable it lacks: the failure names it and the --server-env to give.
const NAMES = join(ROOT, 'test/fixtures/servers/answers-error-stderr-names.mjs');

test('answeredMissingSettingHint: the line, the variable, and nothing without such a line', () => {
  assert.is(answeredMissingSettingHint(['Error: GITHUB_TOKEN is required to talk to the GitHub API']),
    '; its stderr says a key or token it needs is missing ("Error: GITHUB_TOKEN is required to talk to the GitHub API"), which is likely why it answered with an error: give it that setting: --server-env GITHUB_TOKEN=…');
  assert.ok(answeredMissingSettingHint(['Error: API key missing']).endsWith('give it what it names, with --server-env NAME=value or an argument in --server'));
  assert.is(answeredMissingSettingHint(['backend unavailable: connection refused']), '');
});

for (const failing of ['initialize', 'tools/list']) {
  test(`a JSON-RPC error answer to ${failing} with the missing variable named only on stderr: the failure names it and --server-env (exit 3)`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${NAMES} ${failing}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(`failed at stage "${failing}": the server answered with JSON-RPC error -32603: Internal error; its stderr says a key or token it needs is missing ("Error: GITHUB_TOKEN is required to talk to the GitHub API"), which is likely why it answered with an error: give it that setting: --server-env GITHUB_TOKEN=…`), r.stderr);
  });
}

test('an error answer whose stderr names no missing setting gets no such hint; a session (probe) that fails its initialize gets it too', async () => {
  const plain = runCli(['lock', '--server', `${NODE} ${join(ROOT, 'test/fixtures/servers/rpc-error.mjs')}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
  assert.is(plain.code, 3, plain.stderr);
  assert.not.ok(plain.stderr.includes('--server-env'), plain.stderr);
  const failed = await openSession(stdioConnection({ command: NODE, args: [NAMES, 'initialize'], env: process.env }), { ...DEFAULT_TIMEOUTS, handshake: 60_000 })
    .then(() => undefined, (e: Error) => e);
  assert.ok(failed?.message.includes('the server answered with JSON-RPC error -32603: Internal error; its stderr says a key or token it needs is missing'), failed?.message);
  assert.ok(failed?.message.includes('--server-env GITHUB_TOKEN=…'), failed?.message);
});

// Servers that exit 1 at start on a line naming the variables they lack (servers25):
// @modelcontextprotocol/server-slack 2025.4.25, @modelcontextprotocol/server-google-maps 0.6.2,
// @agllama/mcp 0.10.1 (its line, then one line per variable), @intelligentdata/mcp-server.
test('exitedMissingSettings: the variables a line says are not set, less those given; none for a line naming none', () => {
  const none = (): boolean => false;
  assert.equal(exitedMissingSettings(['Please set SLACK_BOT_TOKEN and SLACK_TEAM_ID environment variables'], none),
    { line: 'Please set SLACK_BOT_TOKEN and SLACK_TEAM_ID environment variables', names: ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID'] });
  assert.equal(exitedMissingSettings(['GOOGLE_MAPS_API_KEY environment variable is not set'], none)?.names, ['GOOGLE_MAPS_API_KEY']);
  assert.equal(exitedMissingSettings(['[intelligentdata-mcp] ERROR: INTELLIGENTDATA_API_KEY environment variable is required'], none)?.names, ['INTELLIGENTDATA_API_KEY']);
  const llama = ['Missing required environment variables: LLAMA_API_URL, LLAMA_API_KEY', '', 'Please set the following environment variables:',
    '  LLAMA_API_URL - URL of the Llama API (e.g., http://localhost:3001)', '  LLAMA_API_KEY - Your Llama API key (generate from Settings > API Keys)'];
  assert.equal(exitedMissingSettings(llama, none)?.names, ['LLAMA_API_URL', 'LLAMA_API_KEY']);
  // One of them given: only the other is named; all given: the server refuses a value, no hint.
  assert.equal(exitedMissingSettings(llama, (n) => n === 'LLAMA_API_URL')?.names, ['LLAMA_API_KEY']);
  assert.is(exitedMissingSettings(llama, () => true), undefined);
  // No name, no word of missing, or a name of the system's: none.
  assert.is(exitedMissingSettings(['[AgentPMT] Missing required authentication.'], none), undefined);
  assert.is(exitedMissingSettings(['Using SLACK_BOT_TOKEN from the environment'], none), undefined);
  assert.is(exitedMissingSettings(['NODE_OPTIONS environment variable is not set'], none), undefined);
  assert.is(exitedMissingSettingHint(['GOOGLE_MAPS_API_KEY environment variable is not set'], none),
    '; it stopped saying settings it needs are not set ("GOOGLE_MAPS_API_KEY environment variable is not set"): give it with --server-env GOOGLE_MAPS_API_KEY=…');
});

async function lockWith(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, cwd, env: { PATH: process.env['PATH'] ?? '' }, readStdin: async () => '', color: false };
  const code = await run(['lock', ...args, '--handshake-timeout', '60000'], io);
  return { code, stderr };
}

test('a server that exits 1 saying which variables are not set is told the --server-env to give, less those given', async () => {
  const dir = tempDir();
  const server = join(dir, 'needs-two.mjs');
  writeFileSync(server, [
    "if (!process.env.SLACK_BOT_TOKEN || !process.env.SLACK_TEAM_ID) {",
    "  console.error('Please set SLACK_BOT_TOKEN and SLACK_TEAM_ID environment variables');",
    "  process.exit(1);",
    "}",
  ].join('\n') + '\n');
  const bare = await lockWith(['--server', `${NODE} ${server}`], dir);
  assert.is(bare.code, 3, bare.stderr);
  assert.ok(bare.stderr.includes('it stopped saying settings it needs are not set ("Please set SLACK_BOT_TOKEN and SLACK_TEAM_ID environment variables"): give them with --server-env SLACK_BOT_TOKEN=… --server-env SLACK_TEAM_ID=…'), bare.stderr);
  const one = await lockWith(['--server', `${NODE} ${server}`, '--server-env', 'SLACK_TEAM_ID=T0'], dir);
  assert.is(one.code, 3, one.stderr);
  assert.ok(one.stderr.includes('give it with --server-env SLACK_BOT_TOKEN=…'), one.stderr);
  assert.not.ok(one.stderr.includes('--server-env SLACK_TEAM_ID=…'), one.stderr);
});

test('exitedMissingSettings: a line in another language saying an environment variable is to be set or missing', () => {
  const none = (): boolean => false;
  // servers27: @botrun/mcp-google-drive 0.1.1, its value shown redacted as mcpfusion quotes it.
  assert.equal(exitedMissingSettings(['Fatal error: Error: 請設定環境變數: GOOGLE_APPLICATION_CREDENTIALS=***'], none)?.names, ['GOOGLE_APPLICATION_CREDENTIALS']);
  const said: [string, string][] = [
    ['错误：缺少环境变量 DEEPSEEK_API_KEY', 'DEEPSEEK_API_KEY'],
    ['環境変数 NOTION_TOKEN を設定してください', 'NOTION_TOKEN'],
    ['환경 변수 NAVER_CLIENT_ID 를 설정하세요', 'NAVER_CLIENT_ID'],
    ['Error: la variable de entorno STRIPE_API_KEY no está definida', 'STRIPE_API_KEY'],
    ['Erro: a variável de ambiente ASAAS_API_KEY é obrigatória', 'ASAAS_API_KEY'],
    ["La variable d'environnement MISTRAL_API_KEY est manquante", 'MISTRAL_API_KEY'],
    ['Umgebungsvariable OPENAI_API_KEY fehlt', 'OPENAI_API_KEY'],
    ['Переменная окружения TELEGRAM_BOT_TOKEN не задана', 'TELEGRAM_BOT_TOKEN'],
  ];
  for (const [line, name] of said) assert.equal(exitedMissingSettings([line], none)?.names, [name], line);
  // A variable named in passing, with no word of lacking or setting: none.
  assert.is(exitedMissingSettings(['使用环境变量 DEEPSEEK_API_KEY'], none), undefined);
  assert.is(exitedMissingSettings(['Umgebungsvariable OPENAI_API_KEY gelesen'], none), undefined);
});

test('a server that throws at start asking in Chinese for an environment variable is told the --server-env to give', async () => {
  const dir = tempDir();
  const server = join(dir, 'drive.mjs');
  // As @botrun/mcp-google-drive 0.1.1's dist/tools/drive.js does, thrown out of main().
  writeFileSync(server, [
    'function getCredentialsPath() {',
    '  if (!process.env.GOOGLE_APPLICATION_CREDENTIALS) {',
    '    throw new Error("請設定環境變數: GOOGLE_APPLICATION_CREDENTIALS=/path/to/credentials.json");',
    '  }',
    '}',
    'try { getCredentialsPath(); } catch (error) { console.error("Fatal error:", error); process.exit(1); }',
  ].join('\n') + '\n');
  const r = await lockWith(['--server', `${NODE} ${server}`], dir);
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /it stopped saying settings it needs are not set \("Fatal error: Error: 請設定環境變數: GOOGLE_APPLICATION_CREDENTIALS=[^"]*"\): give it with --server-env GOOGLE_APPLICATION_CREDENTIALS=…/);
});

test.run();
