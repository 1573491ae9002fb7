/**
 * Integers of 2^53 or more in a listing are read as the nearest double, so the lockfile records
 * that value, not the server's digits, and a change in the last digits is no drift: `lock` says so
 * (servers23: a Python server bounding an unsigned 64-bit id by 2**64 - 1 was locked as
 * 18446744073709552000 without a word).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { impreciseNumbers } from '../../src/contract/imprecise-numbers.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';

const NODE = process.execPath;
const FIXTURE = join(ROOT, 'test/fixtures/servers/big-integers.mjs');
const PATIENT = ['--handshake-timeout', '60000'];

test('impreciseNumbers: integers of 2^53 or more in input and output schemas, by tool and path; none below', () => {
  const set = materializeToolsList({ tools: [
    { name: 'b', inputSchema: { type: 'object', properties: { id: { type: 'integer', maximum: 2 ** 64, minimum: -(2 ** 63) } } }, outputSchema: { type: 'object', properties: { n: { enum: [2 ** 53] } } } },
    { name: 'a', inputSchema: { type: 'object', properties: { 'odd key': { maximum: 1e21, default: 1.5e300 } } } },
    { name: 'c', inputSchema: { type: 'object', properties: { n: { maximum: Number.MAX_SAFE_INTEGER, minimum: -Number.MAX_SAFE_INTEGER, multipleOf: 0.5 } } } },
  ] });
  assert.equal(impreciseNumbers(set), [
    { tool: 'a', where: 'inputSchema $.properties["odd key"].maximum', value: 1e21 },
    { tool: 'a', where: 'inputSchema $.properties["odd key"].default', value: 1.5e300 },
    { tool: 'b', where: 'inputSchema $.properties.id.maximum', value: 2 ** 64 },
    { tool: 'b', where: 'inputSchema $.properties.id.minimum', value: -(2 ** 63) },
    { tool: 'b', where: 'outputSchema $.properties.n.enum[0]', value: 2 ** 53 },
  ]);
});

test('lock warns that integers of 2^53 or more are locked as doubles; a server changing their last digits locks the same bytes', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1700000000' } });
  assert.is(r.code, 0, r.stderr);
  assert.ok(r.stderr.includes('warning: the server lists 3 integers in 2 tools of 2^53 (9007199254740992) or more in magnitude, where a JSON number is held only approximately: ' +
    'tool "get_row" inputSchema $.properties.id.maximum 18446744073709552000, tool "limit" inputSchema $.properties.n.maximum 9223372036854776000, ' +
    'tool "limit" outputSchema $.properties.total.maximum 9007199254740992.'), r.stderr);
  assert.ok(r.stderr.includes('and a change that rounds to the same double is no drift for check'), r.stderr);
  assert.not.match(r.stderr, /"small"/);
  const first = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  assert.ok(first.includes('"maximum": 18446744073709552000'), 'the lockfile holds the double');
  // What the warning says: one less in the last digit is the same double, so the same lockfile.
  const other = runCli(['check', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir, env: { FIXTURE_MAXIMUM: '18446744073709551614' } });
  assert.is(other.code, 0, other.stderr);
  // --quiet leaves the warning out.
  const quiet = runCli(['lock', '--quiet', '--server', `${NODE} ${FIXTURE}`, ...PATIENT], { cwd: dir });
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.match(quiet.stderr, /2\^53/);
});

test.run();
