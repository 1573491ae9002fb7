/**
 * A bare argument of a server's command line that looks like a secret, with no secret-named flag
 * before it (`npx some-server sk-live-…`, a token as a URL's user name, a long random run): it is
 * hidden in the command line as shown and counted among the secrets hidden in what the server
 * says and lists; ordinary arguments (paths, package names, versions, ports, ids, words) are shown.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandLineSecrets, redactCommandLine, secretLookingArgument } from '../../src/sources/redact-command.ts';

/** [argument, hidden]: made-up values (never real credentials). */
const ARGUMENTS: [string, boolean][] = [
  // Known token prefixes, also with a body too short for their full shape.
  ['sk-live-abc123def456', true],
  ['sk_test_4eC39HqLyjWDarjtT1zdp7dc', true],
  ['ghp_abc123XYZ789', true],
  ['github_pat_11ABCD0123', true],
  ['xoxb-1234-5678-abcd', true],
  ['glpat-xY12ab34cd', true],
  ['hf_AbCdEfGhIjKlMnOp', true],
  ['npm_a1B2c3D4e5F6', true],
  ['AKIAIOSFODNN7EXAMPLE', true],
  ['tvly-dev-a1b2c3d4', true],
  ['eyJhbGciOiJIUzI1NiJ9', true],
  // Long random runs: base62, base64, lower case and digits, hex.
  ['Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==', true],
  ['q8Zk3LmP0wR7tYv2Xn5B', true],
  ['k3j9x0q2m8z7w1v4b6n5', true],
  ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b', true],
  ['AbCdEfGhIjKlMnOpQrStUvWx', true],
  // Ordinary arguments: flags, paths, package names, versions, ports, URLs, ids, words.
  ['--port', false],
  ['3000', false],
  ['8080', false],
  ['-y', false],
  ['@modelcontextprotocol/server-filesystem', false],
  ['@modelcontextprotocol/server-filesystem@2025.7.1', false],
  ['mcp-server-git', false],
  ['hf_transfer', false],
  ['sk-learn', false],
  ['v1.2.3', false],
  ['1.2.3-beta.4+build.5', false],
  ['/home/user/projects/my-app', false],
  ['./data/app.sqlite', false],
  ['~/.config/mcp/servers.json', false],
  ['C:\\Users\\me\\AppData\\server.js', false],
  ['node_modules/.bin/mcp-server', false],
  ['https://api.example.com/v1/mcp', false],
  ['postgres://app@db.internal:5432/app', false],
  ['123e4567-e89b-12d3-a456-426614174000', false],
  ['2024-06-18T12:00:00Z', false],
  ['MyProjectName2024Final', false],
  ['some_long_snake_case_identifier_name', false],
  ['server-filesystem-2024-edition', false],
  ['LOG_LEVEL_DEBUG_VERBOSE_2', false],
  ['projectsFolderV2Backup2023', false],
  ['useBuiltinTLSCertificates1', false],
  ['abcdefghijklmnopqrstuvwxyz', false],
  ['--allowed-directories', false],
];

test('secretLookingArgument: known token prefixes and long random runs are secrets; paths, packages, versions, ports and words are not', () => {
  for (const [arg, hidden] of ARGUMENTS) assert.is(secretLookingArgument(arg), hidden, arg);
});

/** [command line, as shown]: each argument judged alone, the value of `--flag=` and `NAME=` too. */
const LINES: [string, string][] = [
  ['npx some-server sk-live-abc123def456', 'npx some-server ***'],
  ['server --db postgres://user:pass@host/db', 'server --db postgres://user:***@host/db'],
  // The scheme is read from the start of its run of scheme characters (review14's linear form): digits, +, . or - before it stay.
  ['server --db=git+ssh://user:pass@host/r', 'server --db=git+ssh://user:***@host/r'],
  ['server 9.x-pg://user:pass@host/db', 'server 9.x-pg://user:***@host/db'],
  ['git-mcp https://ghp_abc123XYZ789@github.com/o/r.git', 'git-mcp https://***@github.com/o/r.git'],
  ['git-mcp https://a1b2c3d4e5@git.example/r.git', 'git-mcp https://***@git.example/r.git'],
  ['pg-mcp postgres://app@db.internal:5432/app --port 5432', 'pg-mcp postgres://app@db.internal:5432/app --port 5432'],
  ['srv --workspace=q8Zk3LmP0wR7tYv2Xn5B --verbose', 'srv --workspace=*** --verbose'],
  ['srv "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==" SEED=k3j9x0q2m8z7w1v4b6n5', 'srv "***" SEED=***'],
  ['srv https://h.example/mcp?id=7&k=q8Zk3LmP0wR7tYv2Xn5B', 'srv https://h.example/mcp?id=7&k=***'],
  ['npx -y @modelcontextprotocol/server-filesystem /home/user/projects 123e4567-e89b-12d3-a456-426614174000', 'npx -y @modelcontextprotocol/server-filesystem /home/user/projects 123e4567-e89b-12d3-a456-426614174000'],
  // A secret word after a `-` inside a file name is no flag: the next argument is shown (odds7 saw
  // `failed at stage "***"` for a fixture named answers-error-missing-key.mjs); a real flag still hides.
  ['node ./answers-error-missing-key.mjs initialize', 'node ./answers-error-missing-key.mjs initialize'],
  ['node C:\\srv\\run-token.js serve --token swordfish', 'node C:\\srv\\run-token.js serve --token ***'],
  ['srv --my-auth-token VAL "--api-key=abc"', 'srv --my-auth-token *** "--api-key=***"'],
];

test('redactCommandLine and commandLineSecrets: a bare secret-looking argument is hidden, and is a secret to hide where the server repeats it', () => {
  for (const [line, shown] of LINES) assert.is(redactCommandLine(line), shown, line);
  assert.ok(commandLineSecrets('npx some-server sk-live-abc123def456').includes('sk-live-abc123def456'));
  assert.ok(commandLineSecrets('git-mcp https://ghp_abc123XYZ789@github.com/o/r.git').includes('ghp_abc123XYZ789'));
  assert.ok(commandLineSecrets('srv --workspace=q8Zk3LmP0wR7tYv2Xn5B').includes('q8Zk3LmP0wR7tYv2Xn5B'));
  assert.equal(commandLineSecrets('npx -y @modelcontextprotocol/server-filesystem /tmp 3000 MyProjectName2024Final'), []);
});

test.run();
