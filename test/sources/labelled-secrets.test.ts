/**
 * Labelled secrets (src/sources/labelled-secrets.ts) and where they are hidden: a value a server's
 * output labels as a secret (`Auth token: …`, `"api_key": "…"`) is hidden in what mcpfusion
 * quotes of that output, the label kept; prose that only names a secret, a variable's name, a
 * version's commit and a path are shown as they are.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELLED_PLACEHOLDER, LABELLED_SECRETS, hasLabelledSecret, redactLabelledSecrets } from '../../src/sources/labelled-secrets.ts';
import { redactLogLine, redactQuotedText } from '../../src/sources/redact-command.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// [line, as shown, id of the row that hides it]: made-up values only.
const HIDDEN: [string, string, string][] = [
  ['Auth token: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c', 'Auth token: ***', 'labelled.key-value'],
  ['token: abcdefgh12', 'token: ***', 'labelled.key-value'],
  ['password=hunter22 user=admin', 'password=*** user=admin', 'labelled.key-value'],
  ['password: swordfish', 'password: ***', 'labelled.key-value'],
  ['passwd = "two words 9"', 'passwd = "***"', 'labelled.key-value'],
  ['client_secret: abc123xyz', 'client_secret: ***', 'labelled.key-value'],
  ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG', 'AWS_SECRET_ACCESS_KEY=***', 'labelled.key-value'],
  ['aws_access_key_id = AKIAxx12', 'aws_access_key_id = ***', 'labelled.key-value'],
  ['API key: q8Zk3LmP0w', 'API key: ***', 'labelled.key-value'],
  ['apikey=q8Zk3LmP0w, retrying', 'apikey=***, retrying', 'labelled.key-value'],
  ['Private key: abcdEFG123', 'Private key: ***', 'labelled.key-value'],
  ['bearer=abc.def', 'bearer=***', 'labelled.key-value'],
  ['GITHUB_TOKEN=gh-made-up-1', 'GITHUB_TOKEN=***', 'labelled.key-value'],
  // A word alone, or letters in mixed case before prose, are still a value (servers24 showed prose words only).
  ['password: Swordfish', 'password: ***', 'labelled.key-value'],
  ['API_KEY: PAT', 'API_KEY: ***', 'labelled.key-value'],
  ['token: aBcDeFgHiJ for the bot', 'token: *** for the bot', 'labelled.key-value'],
  ['token: ABCDEFGHIJ for the bot', 'token: *** for the bot', 'labelled.key-value'],
  ['Starting on port 3000, token=ab12cd34', 'Starting on port 3000, token=***', 'labelled.key-value'],
  // A capitalized word or an acronym before prose is a value unless a help line's VARIABLE_NAME: labels it (review25:
  // these were shown after servers24's change, a printed password or passphrase among them).
  ['password: Swordfish was rejected', 'password: *** was rejected', 'labelled.key-value'],
  ['PASSWORD=Correct horse battery staple', 'PASSWORD=*** horse battery staple', 'labelled.key-value'],
  ['api_key: ABCDE fghij', 'api_key: *** fghij', 'labelled.key-value'],
  ['Password: Letmein please', 'Password: *** please', 'labelled.key-value'],
  ['Authorization: token 9b8a7c6d5e4f3a2b', 'Authorization: token ***', 'labelled.authorization-header'],
  ['authorization=Basic dXNlcjpwYXNz', 'authorization=Basic ***', 'labelled.authorization-header'],
  ['Proxy-Authorization: abcdef0123', 'Proxy-Authorization: ***', 'labelled.authorization-header'],
  ['{"api_key": "zz-secret-value-1", "level":"info"}', '{"api_key": "***", "level":"info"}', 'labelled.json-string'],
  ["{'token': 'abc123'}", "{'token': '***'}", 'labelled.json-string'],
  ['{"Authorization":"Bearer abcdef123456"}', '{"Authorization":"***"}', 'labelled.json-string'],
  ['{"token": "a\\"b1234", "x": 1}', '{"token": "***", "x": 1}', 'labelled.json-string'],
  [JSON.stringify('{"token": "a\\"b1234", "x": 1}'), JSON.stringify('{"token": "***", "x": 1}'), 'labelled.json-string'],
];

// Lines that name a secret, or hold a placeholder, a status or a count, but no value: as they are.
const SHOWN = [
  'token limit exceeded',
  'password is required',
  'missing API key',
  'Set GITHUB_TOKEN',
  'GITHUB_TOKEN: not set',
  'Error: GITHUB_PERSONAL_ACCESS_TOKEN: environment variable is required',
  'token: invalid',
  'API key: <your key>',
  'export API_KEY=$KEY',
  'max_tokens=4096',
  'tokens: 1234567',
  'token=5',
  'The token: it expired',
  'domshell v1.4.2 (commit 3f9a8b7c6d5e4f3a)',
  'reading /home/u/.config/tokens/token.json',
  'pass it with --header "Authorization: Bearer <token>", or "headers": { "Authorization": "Bearer ${env:MCP_TOKEN}" }',
  '--header "Authorization: Basic <base64 of user:password>"',
  '{"token":"${env:X}", "password": ""}',
  'keyboard: us, tokenizer=bpe, secretary=none',
  // Help lines describing a variable (pulsemcp-cms-admin-mcp-server 0.10.6; servers24): `*** key for …` before.
  '  - PULSEMCP_ADMIN_API_KEY: API key for PulseMCP admin API authentication',
  '  - AGENT_ORCHESTRATOR_API_KEY: API key for authentication with the Agent Orchestrator',
  'GITHUB_TOKEN: Personal access token with the repo scope',
];

test('the registry: ids unique, kebab-case under labelled., each documented in docs/sources.md and hiding a sample here', () => {
  const ids = LABELLED_SECRETS.map((r) => r.id);
  assert.is(new Set(ids).size, ids.length);
  const docs = readFileSync(new URL('../../docs/sources.md', import.meta.url), 'utf8');
  for (const id of ids) {
    assert.match(id, /^labelled\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    assert.ok(docs.includes(`| \`${id}\` |`), `docs/sources.md lacks ${id}`);
    assert.ok(HIDDEN.some(([, , by]) => by === id), `no sample for ${id}`);
  }
  assert.ok(docs.includes(`\`${LABELLED_PLACEHOLDER}\``));
});

for (const [line, shown, id] of HIDDEN) {
  test(`hidden by ${id}: ${line}`, () => {
    assert.is(redactLabelledSecrets(line), shown);
    assert.ok(hasLabelledSecret(line));
    // That row alone finds it (the others are not needed for it).
    const row = LABELLED_SECRETS.find((r) => r.id === id)!;
    assert.ok(new RegExp(row.pattern.source, row.pattern.flags).test(line), id);
    // Inside a message that quotes the server, and as a stderr line (where the command line's own
    // patterns may hide a little more: `authorization=Basic ***` comes out `authorization=*** ***`).
    assert.is(redactQuotedText(`the server wrote: ${line}`), `the server wrote: ${shown}`);
    const tail = redactLogLine(line, []);
    assert.ok(tail !== line && tail.includes('***'), tail);
  });
}

test('shown as they are: prose naming a secret, variable names, placeholders, statuses, counts, versions, paths', () => {
  for (const line of SHOWN) {
    assert.is(redactLabelledSecrets(line), line, line);
    assert.not.ok(hasLabelledSecret(line), line);
    assert.is(redactQuotedText(line), line, line);
  }
});

test('redactQuotedText: known shapes, URL passwords and secret query values in a message, the rest kept', () => {
  assert.is(redactQuotedText('key sk-A1b2C3d4E5f6A1b2C3d4E5f6A1b2C3d4E5f6 loaded'), 'key *** loaded');
  assert.is(redactQuotedText('via https://agent:pa55w0rd@127.0.0.1:8080/x'), 'via https://agent:***@127.0.0.1:8080/x');
  assert.is(redactQuotedText('GET http://127.0.0.1:9/cb?state=ok&api_key=qk-made-up-7788'), 'GET http://127.0.0.1:9/cb?state=ok&api_key=***');
  assert.is(redactQuotedText('GET http://127.0.0.1:9/mcp?format=json&version=2024'), 'GET http://127.0.0.1:9/mcp?format=json&version=2024');
  // A URL in parentheses, a value cut short, a value already hidden: the bracket, the mark and the `***` stay.
  assert.is(redactQuotedText('(refused for /mcp?api_key=qk-made-up-7788)'), '(refused for /mcp?api_key=***)');
  assert.is(redactQuotedText('refused for *** /mcp?api_key=***)'), 'refused for *** /mcp?api_key=***)');
  assert.is(redactQuotedText('(data: "xxx --api-key=***…")'), '(data: "xxx --api-key=***…")');
  assert.is(redactQuotedText('(data: "xxx token=abc123…")'), '(data: "xxx token=***…")');
});

const NODE = process.execPath;
const SERVER = join(ROOT, 'test/fixtures/servers/prints-own-secrets.mjs');
const MADE_UP = ['3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c', 'hunter22', '9b8a7c6d5e4f3a2b', 'cs-made-up-5566', 'pa55w0rd', 'qk-made-up-7788', 'sk-A1b2C3d4E5f6', 'ghp_A1b2C3d4E5f6', 'jt-made-up-4321', 'ak-made-up-8765'];

for (const mode of ['stderr', 'stdout', 'json'] as const) {
  test(`a server that prints its own credentials to ${mode} and exits: the failure quotes it with the values hidden, labels and prose kept`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${SERVER} ${mode}`, '--handshake-timeout', '60000'], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    for (const value of MADE_UP) assert.not.ok(r.stderr.includes(value), `${value} in:\n${r.stderr}`);
    if (mode === 'json') {
      assert.ok(r.stderr.includes('\\"token\\":\\"***\\",\\"apiKey\\":\\"***\\",\\"tokens\\":12'), r.stderr);
      return;
    }
    assert.ok(r.stderr.includes('Auth token: ***'), r.stderr);
    if (mode === 'stderr') {
      for (const kept of ['password=*** user=admin', 'Authorization: token ***', 'client_secret: ***', 'https://agent:***@127.0.0.1:8080/', '?state=ok&api_key=***',
        'token limit exceeded', 'password is required', 'missing API key', 'Error: GITHUB_TOKEN is not set', '(commit 3f9a8b7c6d5e4f3a)', '/home/u/.config/tokens/token.json',
        'PULSEMCP_ADMIN_API_KEY: API key for PulseMCP admin API authentication', 'GITHUB_TOKEN: Personal access token with the repo scope']) {
        assert.ok(r.stderr.includes(kept), `${kept} not in:\n${r.stderr}`);
      }
    } else {
      // The hint that reads the server's output still names the variable it lacks.
      assert.ok(r.stderr.includes('--server-env GITHUB_TOKEN=…'), r.stderr);
    }
  });
}

test.run();
