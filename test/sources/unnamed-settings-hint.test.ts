/**
 * A server that stops on "environment variables not set" without naming one is told the ones the
 * file that threw reads and that were not given (servers23: @xeroapi/xero-mcp-server 0.0.17 throws
 * `Environment Variables not set - please check your .env file`, which was quoted alone).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { unnamedSettingsLine } from '../../src/sources/unnamed-settings-hint.ts';
import { environmentBindings } from '../../src/sources/environment-reads.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/unnamed-settings.mjs');
const PATIENT = ['--handshake-timeout', '60000'];

test('unnamedSettingsLine: a line about missing environment variables that names none, with the file Node names beside it', () => {
  const node = ['file:///srv/app/dist/clients/client.js:9', '  throw Error("Environment Variables not set - please check your .env file");', '        ^', '',
    'Error: Environment Variables not set - please check your .env file', '    at file:///srv/app/dist/clients/client.js:9:9'];
  assert.equal(unnamedSettingsLine(node), { line: 'Error: Environment Variables not set - please check your .env file', file: '/srv/app/dist/clients/client.js' });
  // A line that names its variable is the missing-setting hints' business, not this one's.
  assert.is(unnamedSettingsLine(['Error: CODACY_ACCOUNT_TOKEN environment variable is required']), undefined);
  assert.is(unnamedSettingsLine(['Error: connect ECONNREFUSED 127.0.0.1:3306']), undefined);
  assert.equal(unnamedSettingsLine(['Missing environment variables, see the README']), { line: 'Missing environment variables, see the README' });
});

test('the failure lists the variables the file that threw reads and were not given; one given is left out, DEBUG is none', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`; its error names no variable ("Error: Environment Variables not set - please check your .env file"), and the file it stopped in (${JSON.stringify(FIXTURE)}) reads these, which were not given to it: FIXTURE_APP_CLIENT_ID, FIXTURE_APP_CLIENT_SECRET, FIXTURE_APP_BEARER_TOKEN. Its README says which it needs (some are alternatives); give each with --server-env NAME=value`), r.stderr);
  const some = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, '--server-env', 'FIXTURE_APP_CLIENT_ID=x', ...PATIENT], { cwd: dir });
  assert.is(some.code, 3, some.stderr);
  assert.ok(some.stderr.includes('which were not given to it: FIXTURE_APP_CLIENT_SECRET, FIXTURE_APP_BEARER_TOKEN.'), some.stderr);
});

test('a server that stops on a property of undefined, on a line using a name its file sets from a variable not given, is told that variable (servers26)', () => {
  assert.equal([...environmentBindings("const databaseUrl = process.env.DATABASE_URL;\nlet k = process.env['API_KEY'] || 'x';\nhost = process.env.DB_HOST;\nuse(process.env.OTHER);").entries()],
    [['databaseUrl', 'DATABASE_URL'], ['k', 'API_KEY'], ['host', 'DB_HOST']]);
  const undefinedFixture = join(ROOT, 'test/fixtures/servers/undefined-setting.mjs');
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${undefinedFixture}`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`; it stopped on a property of undefined ("TypeError: Cannot read properties of undefined (reading 'trim')") on a line of ${JSON.stringify(undefinedFixture)} that uses databaseUrl (FIXTURE_DATABASE_URL), which that file sets from an environment variable not given to it: give it with --server-env FIXTURE_DATABASE_URL=…`), r.stderr);
  // With the variable given, it serves.
  const ok = runCli(['lock', '--server', `${NODE} ${undefinedFixture}`, '--server-env', 'FIXTURE_DATABASE_URL=postgres://127.0.0.1/x', ...PATIENT], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
});

test.run();
