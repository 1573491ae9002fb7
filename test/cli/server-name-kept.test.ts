import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { recordedServerName, serverNameNotes } from '../../src/commands/_server-name-notes.ts';

// FastMCP 4.0.10 names a server given no name "FastMCP-" and two random bytes in hex, new at every
// start (its contrib examples do so; servers22). serverName feeds no digest, yet lock took the
// source's name over the lockfile's and rewrote an up-to-date lockfile on every run (SPEC §5: when
// the integrity digest is unchanged the file is left untouched). Now only the user's name (--name,
// the config's serverName) or a change that feeds a digest rewrites it.

const SERVER = `${process.execPath} ${join(ROOT, 'test/fixtures/servers/random-name.mjs')}`;
const LIMITS = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
const lock = (dir: string, env: Record<string, string> = {}, ...extra: string[]) =>
  runCli(['lock', '--server', SERVER, ...LIMITS, ...extra], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1700000000', ...env } });
const nameIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).serverName as string;

test('a server that names itself anew at every start leaves an up-to-date lockfile untouched, with a note', () => {
  const dir = tempDir();
  const first = lock(dir);
  assert.is(first.code, 0, first.stderr);
  const name = nameIn(dir);
  assert.match(name, /^FastMCP-[0-9a-f]{4}$/);
  assert.ok(first.stderr.includes(`note: the server's name "${name}" is one FastMCP makes up for a server given none`), first.stderr);
  const bytes = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  // Two random bytes: the same name twice in a row is 1 in 65536; three runs make it vanishing.
  let renamed = false;
  for (let i = 0; i < 3; i++) {
    const again = lock(dir);
    assert.is(again.code, 0, again.stderr);
    assert.match(again.stdout, /mcpfusion\.lock is up to date/);
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), bytes);
    const said = /note: the source now gives its name as "(FastMCP-[0-9a-f]{4})", the lockfile keeps "([^"]+)"/.exec(again.stderr);
    if (said) {
      renamed = true;
      assert.is(said[2], name);
      assert.is.not(said[1], name);
    }
  }
  assert.ok(renamed, 'the server gave another name in one of three starts');
  const check = runCli(['check', '--server', SERVER, ...LIMITS], { cwd: dir });
  assert.is(check.code, 0, check.stderr);
});

test('--name, the config\'s serverName and a change that feeds a digest still write the name', () => {
  const dir = tempDir();
  assert.is(lock(dir, { RANDOM_NAME_PREFIX: 'acme-' }).code, 0);
  const named = lock(dir, { RANDOM_NAME_PREFIX: 'acme-' }, '--name', 'billing');
  assert.match(named.stdout, /Wrote mcpfusion\.lock/);
  assert.is(nameIn(dir), 'billing');
  // The user's name is kept while the server's changes; no note about the server's name then.
  const kept = lock(dir, { RANDOM_NAME_PREFIX: 'acme-' });
  assert.match(kept.stdout, /is up to date/);
  assert.is(nameIn(dir), 'billing');
  assert.ok(kept.stderr.includes('lock --name "acme-'), kept.stderr);
  assert.not.ok(kept.stderr.includes('FastMCP makes up'), kept.stderr);
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "serverName": "ledger" }');
  const configured = lock(dir, { RANDOM_NAME_PREFIX: 'acme-' });
  assert.match(configured.stdout, /Wrote mcpfusion\.lock/, configured.stderr);
  assert.is(nameIn(dir), 'ledger');
  assert.not.ok(configured.stderr.includes('gives its name as'), configured.stderr);
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{}');
  const changed = lock(dir, { RANDOM_NAME_PREFIX: 'acme-', RANDOM_NAME_EXTRA_TOOL: '1' });
  assert.match(changed.stdout, /Wrote mcpfusion\.lock: 2 tools|Wrote mcpfusion\.lock from server .*: 2 tools/, changed.stdout);
  assert.match(nameIn(dir), /^acme-[0-9a-f]{4}$/);
});

test('recordedServerName: the user\'s name, else an unchanged lockfile\'s, else the source\'s', () => {
  assert.is(recordedServerName({ chosen: 'a', fromSource: 'b', previous: 'c', unchanged: true }), 'a');
  assert.is(recordedServerName({ fromSource: 'b', previous: 'c', unchanged: true }), 'c');
  assert.is(recordedServerName({ fromSource: 'b', previous: 'c', unchanged: false }), 'b');
  assert.is(recordedServerName({ previous: 'c', unchanged: false }), 'c');
  assert.is(recordedServerName({ unchanged: false }), 'mcp-server');
  assert.equal(serverNameNotes({ fromSource: 'x', previous: 'x', unchanged: true }, 'x'), []);
  // A name of one's own that merely ends in four hex digits is not FastMCP's.
  assert.equal(serverNameNotes({ fromSource: 'my-cafe', unchanged: false }, 'my-cafe'), []);
  assert.is(serverNameNotes({ fromSource: 'FastMCP-1a2b', unchanged: false }, 'FastMCP-1a2b').length, 1);
  assert.is(serverNameNotes({ chosen: 'n', fromSource: 'FastMCP-1a2b', unchanged: false }, 'n').length, 0);
});

test.run();
