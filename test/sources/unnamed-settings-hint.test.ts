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

test.run();
