import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

const EXAMPLE = join(ROOT, 'examples/billing/contracts.json');

function lockedBilling(): string {
  const dir = tempDir();
  copyFileSync(EXAMPLE, join(dir, 'contracts.json'));
  const lock = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  return dir;
}

test('check against another server\'s lockfile (no tool in common) says so and how to fix it; drift is still exit 1', () => {
  const dir = lockedBilling();
  writeFileSync(join(dir, 'notes.json'), JSON.stringify({ serverName: 'notes', tools: [{ name: 'search_notes', inputSchema: { type: 'object' } }] }));
  for (const format of ['text', 'json']) {
    const r = runCli(['check', '--tools-list', 'notes.json', '--format', format], { cwd: dir });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /none of the 3 tools locked in mcpfusion\.lock \(server "billing"\) is in the source/);
    assert.match(r.stderr, /point --lockfile at its own lockfile/);
  }
  // Ordinary drift (a tool in common) gives no such warning.
  const edited = readFileSync(join(dir, 'contracts.json'), 'utf8').replace('Fetch one invoice', 'Fetch one invoice now');
  writeFileSync(join(dir, 'edited.json'), edited);
  const drift = runCli(['check', '--contracts', 'edited.json'], { cwd: dir });
  assert.is(drift.code, 1);
  assert.not.match(drift.stderr, /none of the/);
});

test('lock onto another server\'s lockfile (no tool in common) replaces it with a warning naming it; ordinary changes and --quiet give none', () => {
  const dir = lockedBilling();
  writeFileSync(join(dir, 'notes.json'), JSON.stringify({ serverName: 'notes', tools: [{ name: 'search_notes', inputSchema: { type: 'object' } }] }));
  const r = runCli(['lock', '--tools-list', 'notes.json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /^warning: replacing mcpfusion\.lock, the lockfile of server "billing": none of its 3 tools is in the source \(tools\/list file "notes\.json"\); if it belongs to another server, restore it/m);
  assert.match(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), /"search_notes"/, 'replaced all the same');
  const quiet = lockedBilling();
  writeFileSync(join(quiet, 'notes.json'), JSON.stringify({ tools: [{ name: 'search_notes', inputSchema: { type: 'object' } }] }));
  assert.is(runCli(['lock', '--tools-list', 'notes.json', '--quiet'], { cwd: quiet }).stderr, '');
  // A tool in common: an ordinary update, no warning.
  const edited = readFileSync(join(dir, 'contracts.json'), 'utf8').replace('Fetch one invoice', 'Fetch one invoice now');
  writeFileSync(join(dir, 'edited.json'), edited);
  assert.is(runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir }).code, 0);
  const update = runCli(['lock', '--contracts', 'edited.json'], { cwd: dir });
  assert.is(update.code, 0, update.stderr);
  assert.not.match(update.stderr, /replacing/);
});

test('a lockfile with merge-conflict markers: check says it is a merge conflict and how to resolve it (exit 2)', () => {
  const dir = lockedBilling();
  const text = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes('"generatedAt"'));
  lines.splice(at, 1, '<<<<<<< HEAD', lines[at]!, '=======', lines[at]!.replace(/"20\d\d/, '"2001'), '>>>>>>> feature');
  writeFileSync(join(dir, 'mcpfusion.lock'), lines.join('\n'));
  const r = runCli(['check', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(r.code, 2);
  assert.match(r.stderr, new RegExp(`git merge-conflict markers \\(line ${at + 1}\\)`));
  assert.match(r.stderr, /mcpfusion lock --force/);
  const diff = runCli(['diff', 'mcpfusion.lock', 'contracts.json'], { cwd: dir });
  assert.is(diff.code, 2);
  assert.match(diff.stderr, /merge-conflict markers/);
});

test('check names how to accept a drift: `mcpfusion lock`, with the same flags when flags gave the source or the lockfile', () => {
  const dir = lockedBilling();
  const edited = readFileSync(join(dir, 'contracts.json'), 'utf8').replace('Fetch one invoice', 'Fetch one invoice now');
  writeFileSync(join(dir, 'edited.json'), edited);
  const flags = runCli(['check', '--contracts', 'edited.json'], { cwd: dir });
  assert.is(flags.code, 1);
  assert.match(flags.stdout, /Review the change, then run `mcpfusion lock` with the same flags to accept it\.\n$/);
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "source": { "contracts": "edited.json" } }');
  const config = runCli(['check'], { cwd: dir });
  assert.is(config.code, 1);
  assert.match(config.stdout, /Review the change, then run `mcpfusion lock` to accept it\.\n$/);
  assert.is(runCli(['lock'], { cwd: dir }).code, 0);
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
});

test('check --lockfile naming a file that is not a lockfile says so and gives advice that works (lock --force refuses such a file)', () => {
  const dir = lockedBilling();
  const r = runCli(['check', '--contracts', 'contracts.json', '--lockfile', 'contracts.json'], { cwd: dir });
  assert.is(r.code, 2);
  assert.is(r.stderr, 'error: "contracts.json" is not a lockfile (it is JSON without a "lockfileVersion"): point --lockfile at the lockfile (default ./mcpfusion.lock), or run `mcpfusion lock` to write one\n');
  // The advice holds: lock --force will not replace it.
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'contracts.json', '--force'], { cwd: dir }).code, 2);
});

test('a lockfile given as --contracts or --tools-list, or a contracts file as --tools-list, is named as what it is (exit 2)', () => {
  const dir = lockedBilling();
  const asContracts = runCli(['digest', '--contracts', 'mcpfusion.lock'], { cwd: dir });
  assert.is(asContracts.code, 2);
  assert.is(asContracts.stderr, 'error: Invalid contracts file "mcpfusion.lock": it is a lockfile, not a contracts file; give it as --lockfile (check, attest, probe) or as a side of `mcpfusion diff`\n');
  const asList = runCli(['digest', '--tools-list', 'mcpfusion.lock'], { cwd: dir });
  assert.is(asList.code, 2);
  assert.match(asList.stderr, /^error: Invalid tools\/list file "mcpfusion\.lock": it is a lockfile, not a saved tools\/list result;/);
  const contractsAsList = runCli(['digest', '--tools-list', 'contracts.json'], { cwd: dir });
  assert.is(contractsAsList.code, 2);
  assert.is(contractsAsList.stderr, 'error: Invalid tools/list file "contracts.json": it is a contracts file (its tools have a "surface"), not a saved tools/list result; read it with --contracts\n');
  // The other way round: a saved tools/list (each shape `--tools-list` reads) given as --contracts.
  const tools = [{ name: 'search', inputSchema: { type: 'object' } }, { name: 'wipe', description: 'd', inputSchema: { type: 'object' } }];
  for (const doc of [{ tools }, tools, { jsonrpc: '2.0', id: 1, result: { tools } }]) {
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(doc));
    const listAsContracts = runCli(['digest', '--contracts', 'tools.json'], { cwd: dir });
    assert.is(listAsContracts.code, 2);
    assert.is(listAsContracts.stderr, 'error: Invalid contracts file "tools.json": it is a saved tools/list result (its tools have an "inputSchema" and no "surface"), not a contracts file; read it with --tools-list\n', JSON.stringify(doc));
  }
});

test.run();
