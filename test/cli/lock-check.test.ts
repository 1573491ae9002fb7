import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

const EXAMPLE = join(ROOT, 'examples/billing/contracts.json');

function workspace(): string {
  const dir = tempDir();
  copyFileSync(EXAMPLE, join(dir, 'contracts.json'));
  return dir;
}

const lock = (dir: string, ...extra: string[]) => runCli(['lock', '--contracts', 'contracts.json', ...extra], { cwd: dir });
const check = (dir: string, ...extra: string[]) => runCli(['check', '--contracts', 'contracts.json', ...extra], { cwd: dir });

test('a key or a name of megabytes in an input is shown by its two ends: errors and notes stay a few lines', () => {
  const dir = tempDir();
  const long = 'n'.repeat(3_000_000);
  const tool = (name: string) => ({ name, description: 'd', inputSchema: { type: 'object' } });
  writeFileSync(join(dir, 'dup-tools.json'), JSON.stringify({ tools: [tool(long), tool(long)] }));
  // No inputSchema: with one, the file is a saved tools/list and named as one, not read key by key.
  writeFileSync(join(dir, 'odd-key.json'), JSON.stringify({ tools: [{ name: 'a', [long]: 1 }] }));
  writeFileSync(join(dir, 'dup-key.jsonc'), `{ "${long}": 1, "${long}": 2 }`);
  writeFileSync(join(dir, 'long-name.json'), JSON.stringify({ tools: [tool(long)] }));
  const runs = [
    { args: ['digest', '--tools-list', 'dup-tools.json'], code: 2, says: /the tool name "n+…\(\d+ characters left out\)…n+" is listed twice \(first at \$\.tools\[0\]\)/ },
    { args: ['digest', '--contracts', 'odd-key.json'], code: 2, says: /\$\.tools\[0\]\.n+…\(\d+ characters left out\)…n+: unknown key; expected one of surface, behavior, tokenEconomics, entitlements/ },
    { args: ['digest', '--config', 'dup-key.jsonc'], code: 2, says: /\$\.n+…\(\d+ characters left out\)…n+ \(line 1, column \d+\): this key is given twice/ },
    { args: ['lock', '--tools-list', 'long-name.json', '--lockfile', 'long.lock'], code: 0, says: /recorded as none\): n+…\(\d+ characters left out\)…n+\n$/ },
  ];
  for (const { args, code, says } of runs) {
    const r = runCli(args, { cwd: dir });
    assert.is(r.code, code, `${args.join(' ')}: ${r.stderr.slice(0, 300)}`);
    assert.ok(r.stderr.length < 3000, `${args.join(' ')}: ${r.stderr.length} characters on stderr`);
    assert.match(r.stderr, says, args.join(' '));
  }
});

test('a lockfile or attestation path naming a device or a named pipe is refused, never replaced nor waited on', () => {
  const dir = workspace();
  const made = spawnSync('mkfifo', [join(dir, 'pipe.lock')]);
  if (made.status !== 0) return;
  // Before: lock waited for a writer on the pipe for ever. runCli's own 120 s bound catches that
  // (a 20 s one counted node's start too, 2.5-3.7 s a run on a loaded 2-core machine).
  const piped = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'pipe.lock'], { cwd: dir, killSignal: 'SIGKILL' });
  assert.is(piped.code, 2, piped.stderr);
  assert.is(piped.stderr, 'error: Cannot write lockfile "pipe.lock": it is a named pipe, not a regular file; give the path of a file to write; nothing was changed\n');
  assert.ok(lstatSync(join(dir, 'pipe.lock')).isFIFO());
  const signed = runCli(['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'S', '--attestation', 'pipe.lock'], { cwd: dir, killSignal: 'SIGKILL', env: { S: 's'.repeat(40) } });
  assert.is(signed.code, 2, signed.stderr);
  assert.match(signed.stderr, /^error: Cannot write attestation "pipe\.lock": it is a named pipe, not a regular file/);
  assert.ok(lstatSync(join(dir, 'pipe.lock')).isFIFO());
  // A character device (a copy of /dev/null; only root may make one): before, lock read it as an
  // empty file and renamed a regular file over it (as root, `--lockfile /dev/null` replaced /dev/null).
  if (spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']).status !== 0) return;
  symlinkSync('null', join(dir, 'to-null'));
  for (const name of ['null', 'to-null']) {
    const r = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', name], { cwd: dir, killSignal: 'SIGKILL' });
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stderr, `error: Cannot write lockfile "${name}": it is a character device, not a regular file; give the path of a file to write; nothing was changed\n`);
    assert.ok(statSync(join(dir, 'null')).isCharacterDevice());
  }
});

test('a lone surrogate typed into a header field of the lockfile is named with its line (it said "fix the producer of this value", no file)', () => {
  for (const field of ['serverName', 'mcpfusionVersion', 'generatedAt']) {
    const dir = workspace();
    assert.is(lock(dir).code, 0);
    const path = join(dir, 'mcpfusion.lock');
    const text = readFileSync(path, 'utf8');
    const edited = text.replace(new RegExp(`^  "${field}": "`, 'm'), `  "${field}": "\\ud800`);
    assert.ok(edited !== text, field);
    writeFileSync(path, edited);
    const line = edited.slice(0, edited.indexOf('\\ud800')).split('\n').length;
    const c = check(dir);
    assert.is(c.code, 2, field);
    assert.match(c.stderr, new RegExp(`^error: Invalid JSON in lockfile "mcpfusion.lock" at line ${line}, column \\d+: the string contains a lone surrogate U\\+D800`), field);
    const l = lock(dir);
    assert.is(l.code, 2, field);
    assert.match(l.stderr, /lone surrogate U\+D800/);
    assert.is(readFileSync(path, 'utf8'), edited, `${field}: left as it is`);
  }
});

test('lock writes mcpfusion.lock; lock again leaves it untouched; check exits 0', () => {
  const dir = workspace();
  const first = lock(dir);
  assert.is(first.code, 0, first.stderr);
  assert.match(first.stdout, /Wrote mcpfusion\.lock/);
  const path = join(dir, 'mcpfusion.lock');
  const bytes = readFileSync(path);
  const st = statSync(path);
  const second = lock(dir);
  assert.is(second.code, 0);
  assert.match(second.stdout, /is up to date/);
  const st2 = statSync(path);
  assert.is(st2.mtimeMs, st.mtimeMs);
  assert.is(st2.ino, st.ino);
  assert.ok(readFileSync(path).equals(bytes));
  const c = check(dir);
  assert.is(c.code, 0, c.stderr);
  assert.is(lock(dir, '--check').code, 0);
  assert.equal(readdirSync(dir).sort(), ['contracts.json', 'mcpfusion.lock']);
});

test('check against a lockfile in MCP Fusion\'s own format: verdicts from the fields it records, unrecorded-change for the rest', () => {
  const fusion = (name: string): string => join(ROOT, 'test', 'vectors', 'diff', 'fusion', `${name}.fusion.lock`);
  const contracts = join(ROOT, 'examples', 'billing', 'contracts.json');
  const run = (name: string) => runCli(['check', '--contracts', contracts, '--lockfile', fusion(name), '--format', 'json']);
  const same = run('billing');
  assert.is(same.code, 0, same.stderr);
  assert.equal(JSON.parse(same.stdout).verdict, 'NONE');
  // The approved lockfile had another description: the change is visible, and only it is reported.
  const described = run('description');
  assert.is(described.code, 1, described.stderr);
  const d = JSON.parse(described.stdout);
  assert.equal([d.verdict, d.deltas.map((x: { id: string }) => x.id)], ['COSMETIC', ['surface.description-changed']]);
  // A raw entitlement is not in that format: the digest changed where it records nothing.
  const raw = run('raw-entitlement');
  assert.is(raw.code, 1, raw.stderr);
  const r = JSON.parse(raw.stdout);
  assert.equal([r.verdict, r.deltas.map((x: { id: string }) => x.id)], ['BREAKING', ['lockfile.unrecorded-change']]);
  const text = runCli(['check', '--contracts', contracts, '--lockfile', fusion('raw-entitlement')]);
  assert.match(text.stdout, /BREAKING/);
  assert.match(text.stdout, /lockfile\.unrecorded-change/);
});

test('a lockfile in MCP Fusion\'s format records no resources: they are named as unchecked, not as drift; lock records them', () => {
  const dir = workspace();
  const file = join(dir, 'contracts.json');
  const plain = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const resource = { kind: 'resource', uri: 'file:///readme', name: 'readme', title: null, description: 'The readme.', mimeType: 'text/plain' };
  writeFileSync(file, JSON.stringify({ ...plain, resources: { 'file:///readme': resource } }));
  copyFileSync(join(ROOT, 'test', 'vectors', 'diff', 'fusion', 'billing.fusion.lock'), join(dir, 'mcpfusion.lock'));
  const text = check(dir);
  assert.is(text.code, 0, text.stdout + text.stderr);
  assert.is(text.stderr, 'warning: mcpfusion.lock is in MCP Fusion\'s format, which records no resources, so the server\'s 1 resource is not checked ("file:///readme"); run `mcpfusion lock` to record them\n');
  const json = JSON.parse(check(dir, '--format', 'json').stdout);
  assert.equal([json.ok, json.resources.added, json.unrecordedResources], [true, [], ['file:///readme']]);
  assert.is(check(dir, '--quiet').stderr, '');
  // A tool change is still drift, and its report shows no resource.
  const described = JSON.parse(readFileSync(file, 'utf8'));
  described.tools.invoices.surface.description = 'Changed.';
  writeFileSync(join(dir, 'changed.json'), JSON.stringify(described));
  const drift = runCli(['check', '--contracts', 'changed.json', '--format', 'json'], { cwd: dir });
  assert.is(drift.code, 1, drift.stderr);
  const d = JSON.parse(drift.stdout);
  assert.equal([d.resources.added, d.deltas.map((x: { id: string }) => x.id)], [[], ['surface.description-changed']]);
  const diff = runCli(['diff', 'mcpfusion.lock', 'contracts.json'], { cwd: dir });
  assert.is(diff.code, 0, diff.stdout + diff.stderr);
  assert.match(diff.stdout, /No contract changes/);
  assert.match(diff.stderr, /Nor does it record resources: they are not compared\./);
  // lock writes mcpfusion's format, which records the resource; from then on it is checked.
  assert.is(lock(dir).code, 0);
  assert.ok(JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')).capabilities.resources['file:///readme']);
  const after = check(dir);
  assert.equal([after.code, after.stderr], [0, '']);
  writeFileSync(file, JSON.stringify(plain));
  assert.is(check(dir).code, 1);
});

test('resources do not feed the integrity digest (SPEC §4), yet a resource-only change is drift and is written by lock', () => {
  const dir = workspace();
  const file = join(dir, 'contracts.json');
  const plain = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const withResource = (description: string) => ({ ...plain, resources: { 'file:///readme': { kind: 'resource', uri: 'file:///readme', name: 'readme', title: null, description, mimeType: 'text/plain' } } });
  assert.is(lock(dir).code, 0);
  const before = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  writeFileSync(file, JSON.stringify(withResource('The readme.')));
  const drift = check(dir, '--format', 'json');
  assert.is(drift.code, 1, drift.stdout + drift.stderr);
  const d = JSON.parse(drift.stdout);
  assert.equal([d.ok, d.resources.added], [false, ['file:///readme']]);
  assert.is(lock(dir).code, 0);
  const after = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  // Same integrity digest as without the resource: MCP Fusion's, from tools and prompts only.
  assert.is(after.integrityDigest, before.integrityDigest);
  assert.ok(after.capabilities.resources['file:///readme'].integrityDigest.startsWith('sha256:'));
  assert.is(check(dir).code, 0);
  // A changed resource alone: drift, and lock rewrites the file.
  writeFileSync(file, JSON.stringify(withResource('The readme, now longer.')));
  const changed = JSON.parse(check(dir, '--format', 'json').stdout);
  assert.equal([changed.ok, changed.resources.changed.map((c: { uri: string }) => c.uri)], [false, ['file:///readme']]);
  assert.match(check(dir).stdout, /^Drift against mcpfusion\.lock: resources changed \(integrity digest sha256:[0-9a-f]{64} unchanged: resources do not feed it\)\n  resource changed: file:\/\/\/readme\n/);
  assert.match(lock(dir).stdout, /^Wrote /);
  assert.is(check(dir).code, 0);
  assert.match(lock(dir).stdout, /is up to date/);
});

test('lock with SOURCE_DATE_EPOCH=0 writes each independent lockfile vector byte for byte (only mcpfusionVersion differs)', () => {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const vectors = readdirSync(join(ROOT, 'test/vectors/lockfile')).filter((f) => f.endsWith('.lock'));
  assert.ok(vectors.includes('contracts-edges.lock'));
  for (const f of vectors) {
    const dir = tempDir();
    copyFileSync(join(ROOT, 'test/vectors/digest', f.replace(/\.lock$/, '.contracts.json')), join(dir, 'contracts.json'));
    const r = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '0' } });
    assert.is(r.code, 0, `${f}: ${r.stderr}`);
    const want = readFileSync(join(ROOT, 'test/vectors/lockfile', f), 'utf8')
      .replace('"mcpfusionVersion": "9.9.9"', `"mcpfusionVersion": ${JSON.stringify(version)}`);
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), want, f);
    const c = runCli(['check', '--contracts', 'contracts.json'], { cwd: dir });
    assert.is(c.code, 0, `${f}: ${c.stderr}`);
  }
});

test('SOURCE_DATE_EPOCH sets generatedAt; an unchanged digest keeps the old one', () => {
  const dir = workspace();
  assert.is(runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1700000000' } }).code, 0);
  const text = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  assert.match(text, /"generatedAt": "2023-11-14T22:13:20.000Z"/);
  assert.is(runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1800000000' } }).code, 0);
  assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), text);
  const bad = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: 'yesterday' } });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /SOURCE_DATE_EPOCH must be/);
  // Beyond the year 9999 there is no ISO-8601 timestamp of the usual form: a clear error, no crash.
  const far = runCli(['lock', '--contracts', 'contracts.json', '--name', 'other'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '99999999999999' } });
  assert.is(far.code, 2);
  assert.match(far.stderr, /^error: SOURCE_DATE_EPOCH must be a non-negative integer number of seconds up to 253402300799/);
  assert.not.match(far.stderr, /internal error/);
  assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), text);
});

test('editing one description makes check exit 1 naming that tool and section', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const file = join(dir, 'contracts.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Record a payment against an invoice.', 'Record a payment.'));
  const r = check(dir);
  assert.is(r.code, 1);
  assert.match(r.stdout, /tool changed: +payments \(surface\)/);
  assert.not.match(r.stdout, /invoices/);
  // The drift is classified like `diff` does: a description change is COSMETIC with the security flag.
  assert.match(r.stdout, /COSMETIC +tool description changed/);
  assert.match(r.stdout, /surface\.description-changed/);
  writeFileSync(file, readFileSync(file, 'utf8').replace('Record a payment.', 'Record a payment against an invoice.'));
  const clean = JSON.parse(check(dir, '--format', 'json').stdout);
  assert.equal([clean.ok, clean.verdict, clean.deltas], [true, 'NONE', []], 'up to date: no deltas, not null');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Record a payment against an invoice.', 'Record a payment.'));
  const j = check(dir, '--format', 'json');
  assert.is(j.code, 1);
  const parsed = JSON.parse(j.stdout);
  assert.is(parsed.ok, false);
  assert.equal(parsed.tools.changed.map((c: { name: string }) => c.name), ['payments']);
  assert.is(parsed.verdict, 'COSMETIC');
  assert.equal(parsed.deltas.map((d: { id: string; tool: string }) => [d.id, d.tool]), [['surface.description-changed', 'payments']]);
  // As diff, scan and probe beside machine output: the failed gate gets one line on stderr.
  assert.match(j.stderr, /^mcpfusion check: mcpfusion\.lock does not match the source \(1 tool changed\)$/m);
  assert.is(check(dir, '--format', 'json', '--quiet').stderr, '', '--quiet keeps stderr empty');
});

test('names from the server cannot drive the terminal: lock and check show control and hidden characters escaped', () => {
  const dir = tempDir();
  const evil = 'evil\u001b[2J\u001b]0;pwned\u0007\u200b\u202e';
  const tools = (d: string) => JSON.stringify({ tools: [{ name: evil, description: d, inputSchema: { type: 'object' } }] });
  writeFileSync(join(dir, 'a.json'), tools('one'));
  writeFileSync(join(dir, 'b.json'), tools('two'));
  const lock = runCli(['lock', '--tools-list', 'a.json'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const check = runCli(['check', '--tools-list', 'b.json'], { cwd: dir });
  assert.is(check.code, 1, check.stderr);
  // lock names the tool in its notice on stderr (not scanned for entitlements).
  for (const out of [lock.stderr, check.stdout]) {
    assert.not.ok(/[\u0007\u001b\u200b\u202e]/.test(out), JSON.stringify(out));
    assert.ok(out.includes('evil\\u001b[2J\\u001b]0;pwned\\u0007<U+200B><U+202E>'), out);
  }
  assert.match(check.stdout, /tool changed: +evil\\u001b/);
});

test('a truncated lockfile makes check exit 2 with a clear message and leaves the file as it was', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const path = join(dir, 'mcpfusion.lock');
  const full = readFileSync(path, 'utf8');
  const truncated = full.slice(0, Math.floor(full.length * 0.6));
  writeFileSync(path, truncated);
  const r = check(dir);
  assert.is(r.code, 2);
  assert.match(r.stderr, /mcpfusion\.lock.*truncated/);
  assert.is(readFileSync(path, 'utf8'), truncated);
  // A wrong version is a clear error too.
  writeFileSync(path, full.replace('"lockfileVersion": 1', '"lockfileVersion": 2'));
  const v = check(dir);
  assert.is(v.code, 2);
  assert.match(v.stderr, /lockfileVersion is 2, expected 1/);
  // lock does not downgrade a newer lockfile; a broken one it refuses too (exit 2, the file kept),
  // and replaces with --force, with a warning.
  const newer = full.replace('"lockfileVersion": 1', '"lockfileVersion": 2');
  writeFileSync(path, newer);
  const down = lock(dir);
  assert.is(down.code, 2);
  assert.match(down.stderr, /is lockfileVersion 2, written by a newer mcpfusion; this one writes version 1 and will not downgrade it/);
  assert.is(readFileSync(path, 'utf8'), newer);
  writeFileSync(path, truncated);
  const refused = lock(dir);
  assert.is(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /^error: The lockfile "mcpfusion\.lock" cannot be read: .*truncated.*; fix it, or run lock --force/);
  assert.is(readFileSync(path, 'utf8'), truncated, 'a refused lock left the file as it was');
  const conflict = `${full.slice(0, 40)}\n<<<<<<< HEAD\n${full.slice(40)}`;
  writeFileSync(path, conflict);
  const conflicted = lock(dir);
  assert.is(conflicted.code, 2);
  assert.match(conflicted.stderr, /^error: The lockfile "mcpfusion\.lock" cannot be read: it holds git merge-conflict markers \(line \d+\)\. .*then run lock --force/);
  assert.is(readFileSync(path, 'utf8'), conflict);
  writeFileSync(path, full.replace('"lockfileVersion": 1', '"lockfileVersion": 0'));
  assert.is(lock(dir).code, 2, 'an older version is refused too');
  assert.is(lock(dir, '--check', '--force').code, 2, '--force with --check is a usage error');
  writeFileSync(path, truncated);
  const replaced = lock(dir, '--force');
  assert.is(replaced.code, 0, replaced.stderr);
  assert.match(replaced.stderr, /warning: replacing the unreadable lockfile "mcpfusion\.lock" \(--force\)/);
  assert.is(JSON.parse(readFileSync(path, 'utf8')).integrityDigest, JSON.parse(full).integrityDigest, 'a whole lockfile again');
  // A valid lockfile needs no --force: it is left untouched as before.
  const repaired = readFileSync(path, 'utf8');
  assert.is(lock(dir, '--force').code, 0);
  assert.is(readFileSync(path, 'utf8'), repaired);
  // The message names the problem, also when the reader lists problems under a heading.
  writeFileSync(path, full.replace('Record a payment against an invoice.', 'Record a payment.'));
  const edited = lock(dir);
  assert.is(edited.code, 2, edited.stderr);
  assert.match(edited.stderr, /The lockfile "mcpfusion\.lock" cannot be read: \$\.capabilities\.tools\.payments\.integrityDigest: the entry's fields give sha256:/);
  assert.match(lock(dir, '--force').stderr, /warning: replacing the unreadable lockfile "mcpfusion\.lock" \(--force\): \$\.capabilities\.tools\.payments\.integrityDigest: the entry's fields give sha256:/);
  writeFileSync(path, '{"lockfileVersion": 1}\n');
  assert.match(lock(dir).stderr, /cannot be read: \$\.capabilities: missing; expected an object/);
});

test('lock --check with --name is a usage error (exit 2), as check --name is', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const r = lock(dir, '--check', '--name', 'other');
  assert.is(r.code, 2);
  assert.is(r.stdout, '');
  assert.match(r.stderr, /^error: --name does not apply to `lock --check`: the check compares digests, and serverName feeds none; drop it, or drop --check to write the lockfile\n$/);
  assert.is(check(dir, '--name', 'other').code, 2);
  assert.is(lock(dir, '--check').code, 0);
});

test('a command\'s own flag may come before the command name', () => {
  const dir = workspace();
  assert.is(lock(dir, '--lockfile', 'other.lock').code, 0);
  const r = runCli(['--lockfile', 'other.lock', 'check', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^other\.lock is up to date/);
  const q = runCli(['--quiet', '--lockfile', 'other.lock', 'check', '--contracts', 'contracts.json', '--format', 'json'], { cwd: dir });
  assert.is(q.code, 0, q.stderr);
  assert.is(JSON.parse(q.stdout).lockfile, 'other.lock');
});

test('a lockfile whose lockfileVersion line was deleted is named an edited lockfile by check, diff and lock; lock --force replaces it', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const text = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  const edited = text.replace('  "lockfileVersion": 1,\n', '');
  assert.is.not(edited, text);
  writeFileSync(join(dir, 'edited.lock'), edited);
  const why = /lockfileVersion: missing, though the file has a lockfile's "capabilities" and "integrityDigest" \(the line was deleted\)/;
  const c = check(dir, '--lockfile', 'edited.lock');
  assert.is(c.code, 2, c.stderr);
  assert.match(c.stderr, why);
  // diff read it as a contracts file: 'Invalid contracts file …: $.capabilities: unknown key …'.
  const d = runCli(['diff', 'mcpfusion.lock', 'edited.lock'], { cwd: dir });
  assert.is(d.code, 2, d.stderr);
  assert.match(d.stderr, why);
  assert.not.match(d.stderr, /contracts file/);
  const l = lock(dir, '--lockfile', 'edited.lock');
  assert.is(l.code, 2, l.stderr);
  assert.match(l.stderr, why);
  assert.is(readFileSync(join(dir, 'edited.lock'), 'utf8'), edited);
  const forced = lock(dir, '--lockfile', 'edited.lock', '--force');
  assert.is(forced.code, 0, forced.stderr);
  assert.is(check(dir, '--lockfile', 'edited.lock').code, 0);
});

test('lock never overwrites a file that is not a lockfile: its own contracts file, package.json, a README', () => {
  const dir = workspace();
  const contracts = readFileSync(join(dir, 'contracts.json'), 'utf8');
  const own = lock(dir, '--lockfile', 'contracts.json');
  assert.is(own.code, 2, own.stderr);
  assert.match(own.stderr, /^error: "contracts\.json" is not a lockfile \(it is JSON without a "lockfileVersion"\); lock will not overwrite it\. Point --lockfile at the lockfile/);
  assert.is(readFileSync(join(dir, 'contracts.json'), 'utf8'), contracts);
  const others: [string, string, RegExp][] = [
    ['package.json', '{"name": "x", "version": "1.0.0"}\n', /it is JSON without a "lockfileVersion"/],
    ['tools.json', '[{"name": "t"}]\n', /it holds a JSON array, not an object/],
    ['README.md', '# Notes\n\nNot JSON.\n', /it is not JSON/],
  ];
  for (const [name, text, why] of others) {
    writeFileSync(join(dir, name), text);
    const r = lock(dir, '--lockfile', name);
    assert.is(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, why);
    assert.is(r.stdout, '');
    assert.is(readFileSync(join(dir, name), 'utf8'), text, name);
  }
  // An empty file holds nothing to lose: lock writes there. What a broken lockfile can look like
  // (truncated, a lockfileVersion) is refused and kept, and replaced with --force.
  for (const text of ['', '\n']) {
    writeFileSync(join(dir, 'mcpfusion.lock'), text);
    const r = lock(dir);
    assert.is(r.code, 0, `${JSON.stringify(text)}: ${r.stderr}`);
    assert.match(r.stderr, /warning: replacing the empty file "mcpfusion\.lock"/);
    assert.is(check(dir).code, 0);
  }
  for (const text of ['{\n  "capabilities": {\n', '{"lockfileVersion": "1"}']) {
    writeFileSync(join(dir, 'mcpfusion.lock'), text);
    const refused = lock(dir);
    assert.is(refused.code, 2, `${JSON.stringify(text)}: ${refused.stderr}`);
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), text);
    const r = lock(dir, '--force');
    assert.is(r.code, 0, `${JSON.stringify(text)}: ${r.stderr}`);
    assert.is(check(dir).code, 0);
  }
  assert.equal(readdirSync(dir).sort(), ['README.md', 'contracts.json', 'mcpfusion.lock', 'package.json', 'tools.json']);
});

test('an unchanged digest leaves any valid layout untouched: CRLF, compact, unknown keys', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const path = join(dir, 'mcpfusion.lock');
  const full = readFileSync(path, 'utf8');
  const doc = JSON.parse(full);
  for (const text of [full.replace(/\n/g, '\r\n'), JSON.stringify(doc), JSON.stringify({ ...doc, reviewedBy: 'alice' }, null, 4) + '\n']) {
    writeFileSync(path, text);
    const r = lock(dir);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, /mcpfusion\.lock is up to date/);
    assert.is(readFileSync(path, 'utf8'), text);
    assert.is(check(dir).code, 0);
  }
  // A new name is a change: rewritten in this version's layout, the stamp kept.
  const renamed = lock(dir, '--name', 'ledger');
  assert.match(renamed.stdout, /Wrote mcpfusion\.lock/);
  const after = JSON.parse(readFileSync(path, 'utf8'));
  assert.is(after.serverName, 'ledger');
  assert.is(after.generatedAt, doc.generatedAt);
  assert.is(after.reviewedBy, undefined);
});

test('a missing lockfile makes check exit 2', () => {
  const dir = workspace();
  const r = check(dir);
  assert.is(r.code, 2);
  assert.match(r.stderr, /No lockfile at "mcpfusion\.lock": run `mcpfusion lock` first/);
});

test('a config in another folder that names no lockfile: the missing-lockfile message names the default read and the file beside the config', () => {
  const dir = workspace();
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'mcpfusion.jsonc'), '{ "source": { "contracts": "../contracts.json" } }\n');
  const none = runCli(['check', '--config', 'sub/mcpfusion.jsonc'], { cwd: dir });
  assert.is(none.code, 2);
  assert.is(none.stderr, 'error: No lockfile at "mcpfusion.lock": run `mcpfusion lock` first (or point --lockfile at it); the config "sub/mcpfusion.jsonc" names no "lockfile", so the default in the working directory was read, not "sub/mcpfusion.lock" beside the config (which does not exist either)\n');
  // A lockfile beside the config is not read, but named with the ways to read it.
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'sub/mcpfusion.lock'], { cwd: dir }).code, 0);
  const beside = runCli(['check', '--config', 'sub/mcpfusion.jsonc'], { cwd: dir });
  assert.is(beside.code, 2);
  assert.match(beside.stderr, /not "sub\/mcpfusion\.lock" beside the config, which exists: add "lockfile": "mcpfusion\.lock" to the config, or pass --lockfile sub\/mcpfusion\.lock\n$/);
  assert.is(runCli(['check', '--config', 'sub/mcpfusion.jsonc', '--lockfile', 'sub/mcpfusion.lock'], { cwd: dir }).code, 0);
  // The config of the working directory: one place, nothing more to say.
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "source": { "contracts": "contracts.json" } }\n');
  assert.is(runCli(['check'], { cwd: dir }).stderr, 'error: No lockfile at "mcpfusion.lock": run `mcpfusion lock` first (or point --lockfile at it)\n');
});

test('a lockfile, a --tools-list file or a config saved as UTF-16 without a byte order mark: exit 2 naming the encoding, not "\\u0000"', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const utf16 = (name: string, big = false): void => {
    const bytes = Buffer.from(readFileSync(join(dir, name), 'utf8'), 'utf16le');
    writeFileSync(join(dir, name), big ? bytes.swap16() : bytes);
  };
  writeFileSync(join(dir, 'tools.json'), '{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}');
  utf16('mcpfusion.lock');
  utf16('tools.json', true);
  const lockfile = check(dir);
  assert.is(lockfile.code, 2);
  assert.is(lockfile.stderr, 'error: Cannot read lockfile "mcpfusion.lock": it looks like UTF-16 (little-endian) without a byte order mark; save it as UTF-8\n');
  const list = runCli(['digest', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(list.code, 2);
  assert.is(list.stderr, 'error: Cannot read tools/list file "tools.json": it looks like UTF-16 (big-endian) without a byte order mark; save it as UTF-8\n');
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "source": { "contracts": "contracts.json" } }');
  utf16('mcpfusion.jsonc');
  const config = runCli(['digest'], { cwd: dir });
  assert.is(config.code, 2);
  assert.is(config.stderr, 'error: Cannot read config file "mcpfusion.jsonc": it looks like UTF-16 (little-endian) without a byte order mark; save it as UTF-8\n');
  // Every file is named as the user gave it (not resolved to an absolute path).
  rmSync(join(dir, 'mcpfusion.jsonc'));
  for (const [args, says] of [
    [['check', '--contracts', 'nope.json', '--lockfile', '.'], 'lockfile ".": it is a directory'],
    [['digest', '--contracts', 'nope.json'], 'contracts file "nope.json": it does not exist'],
    [['digest', '--tools-list', '.'], 'tools/list file ".": it is a directory'],
    [['diff', 'nope.json', 'contracts.json'], 'file "nope.json": it does not exist'],
  ] as Array<[string[], string]>) {
    const r = runCli(args, { cwd: dir });
    assert.is(r.stderr, `error: Cannot read ${says}\n`, args.join(' '));
    assert.is(r.code, 2);
  }
});

test('a lockfile in a read-only directory: lock fails with exit 2 and the old file is intact', () => {
  const dir = workspace();
  assert.is(lock(dir).code, 0);
  const path = join(dir, 'mcpfusion.lock');
  const before = readFileSync(path);
  const file = join(dir, 'contracts.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Export a monthly revenue report.', 'Export a report.'));
  chmodSync(path, 0o444);
  chmodSync(file, 0o644);
  chmodSync(dir, 0o555);
  try {
    // Root ignores permission bits, so run the CLI as an unprivileged user when we are root.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const r = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, ...asUser });
    assert.is(r.code, 2, r.stderr + r.stdout);
    assert.match(r.stderr, /Cannot write ".*mcpfusion\.lock": the directory ".*" is not writable/);
    assert.ok(readFileSync(path).equals(before));
    assert.equal(readdirSync(dir).sort(), ['contracts.json', 'mcpfusion.lock']);
  } finally {
    chmodSync(dir, 0o755);
  }
});

test('a lockfile that is a symbolic link stays one: the file it points to is replaced atomically', () => {
  const dir = workspace();
  mkdirSync(join(dir, 'shared'));
  writeFileSync(join(dir, 'shared/real.lock'), '{"lockfileVersion": 1}\n'); // an old, broken lockfile
  symlinkSync('shared/real.lock', join(dir, 'mcpfusion.lock'));
  const r = runCli(['lock', '--contracts', 'contracts.json', '--force'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.ok(lstatSync(join(dir, 'mcpfusion.lock')).isSymbolicLink(), 'the link was replaced by a file');
  assert.match(readFileSync(join(dir, 'shared/real.lock'), 'utf8'), /"integrityDigest"/);
  assert.equal(readdirSync(join(dir, 'shared')), ['real.lock'], 'no temporary file is left');
  // A dangling link is followed too: the file is created where it points.
  symlinkSync('shared/new.lock', join(dir, 'other.lock'));
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'other.lock'], { cwd: dir }).code, 0);
  assert.ok(lstatSync(join(dir, 'other.lock')).isSymbolicLink());
  assert.ok(existsSync(join(dir, 'shared/new.lock')));
});

test('lock run as root over another user\'s lockfile (a container over a bind mount) leaves it theirs: their own next lock can replace it', () => {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return;
  const dir = workspace();
  chmodSync(dir, 0o777);
  mkdirSync(join(dir, 'shared'));
  chownSync(join(dir, 'shared'), 65534, 65534);
  assert.is(lock(dir, '--lockfile', 'shared/real.lock', '--quiet').code, 0);
  const real = join(dir, 'shared/real.lock');
  chownSync(real, 65534, 65534);
  chmodSync(real, 0o644);
  symlinkSync('shared/real.lock', join(dir, 'mcpfusion.lock'));
  const file = join(dir, 'contracts.json');
  const edit = (from: string, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
  edit('Export a monthly revenue report.', 'Export a report.');
  // Root rewrites it through the link: the file stays nobody's, 0644, and the link a link.
  const r = lock(dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Wrote mcpfusion\.lock/);
  assert.ok(lstatSync(join(dir, 'mcpfusion.lock')).isSymbolicLink());
  const st = statSync(real);
  assert.equal([st.uid, st.gid, (st.mode & 0o777).toString(8)], [65534, 65534, '644']);
  // Its owner locks the next change (before: exit 2, "it is not writable by the user running mcpfusion").
  edit('Export a report.', 'Export the report.');
  const mine = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, uid: 65534, gid: 65534 });
  assert.is(mine.code, 0, mine.stderr);
  assert.match(readFileSync(real, 'utf8'), /Export the report\./);
  assert.equal(readdirSync(join(dir, 'shared')), ['real.lock'], 'no temporary file is left');
});

test('a lockfile path that is a loop of symbolic links is named as one, not as missing, and lock leaves the links alone (exit 2)', () => {
  const dir = workspace();
  symlinkSync('loop2.lock', join(dir, 'loop1.lock'));
  symlinkSync('loop1.lock', join(dir, 'loop2.lock'));
  const c = runCli(['check', '--contracts', 'contracts.json', '--lockfile', 'loop1.lock'], { cwd: dir });
  assert.is(c.code, 2);
  assert.not.match(c.stderr, /No lockfile/);
  assert.match(c.stderr, /ELOOP/);
  const l = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'loop1.lock'], { cwd: dir });
  assert.is(l.code, 2, l.stdout);
  assert.match(l.stderr, /symbolic links form a loop/);
  assert.ok(lstatSync(join(dir, 'loop2.lock')).isSymbolicLink(), 'a link of the loop was replaced by a file');
});

test('a lockfile whose directory is missing, or cannot hold files, is named as such (exit 2)', () => {
  const dir = workspace();
  const missing = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'no-such-dir/mcpfusion.lock'], { cwd: dir });
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /Cannot write ".*no-such-dir\/mcpfusion\.lock": the directory ".*no-such-dir" does not exist; create it first\n/);
  if (existsSync('/proc/self')) {
    // procfs exists but refuses new files with ENOENT: not "does not exist".
    const proc = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', '/proc/mcpfusion.lock'], { cwd: dir });
    assert.is(proc.code, 2);
    assert.match(proc.stderr, /Cannot write "\/proc\/mcpfusion\.lock": files cannot be created in "\/proc"/);
  }
});

test('usage errors exit 2: unknown flag, unknown command, no source, two sources, bad format', () => {
  const dir = workspace();
  const unknown = runCli(['lock', '--contracts', 'contracts.json', '--bogus'], { cwd: dir });
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /Unknown option `--bogus`/);
  // A misspelt multi-word flag is named as typed, not as cac's camelCased key.
  const misspelt = runCli(['lock', '--contracts', 'contracts.json', '--fail-onn', 'x'], { cwd: dir });
  assert.is(misspelt.code, 2);
  assert.match(misspelt.stderr, /Unknown option `--fail-onn`; run `mcpfusion lock --help`/);
  // A --config that does not exist is an error for every command, also those that read none.
  for (const args of [['canonicalize', 'contracts.json'], ['scan', 'contracts.json'], ['digest', '--contracts', 'contracts.json']]) {
    const r = runCli([...args, '--config', 'mcpfusion.jsnoc'], { cwd: dir });
    assert.is(r.code, 2, args.join(' '));
    assert.is(r.stderr, 'error: Cannot read config file "mcpfusion.jsnoc": it does not exist\n');
    assert.is(r.stdout, '');
  }
  assert.is(runCli(['frobnicate'], { cwd: dir }).code, 2);
  // Names of Object.prototype members are unknown commands too (they crashed with a TypeError, exit 1).
  for (const name of ['constructor', 'toString', '__proto__']) {
    const r = runCli([name], { cwd: dir });
    assert.is(r.code, 2, `${name}: ${r.stderr}`);
    assert.is(r.stderr, `error: unknown command "${name}"; run \`mcpfusion --help\` for the list\n`);
  }
  // Flags without a command, or a command taken as a flag's value, say so (they printed the help).
  const flagsOnly = runCli(['--version', 'lock'], { cwd: dir });
  assert.is(flagsOnly.code, 2);
  assert.is(flagsOnly.stderr, 'error: no command given ("lock" was read as the value of the flag before it; put the command first); run `mcpfusion --help` for the list\n');
  // Neither message echoes the arguments: a flag's value may be a secret.
  const secret = runCli(['--header', 'Authorization: Bearer s3cret'], { cwd: dir });
  assert.is(secret.code, 2);
  assert.not.match(secret.stderr + secret.stdout, /s3cret/);
  // Arguments after "--" are read only by guard; elsewhere the command ran as if they were not there.
  const rest = runCli(['check', '--contracts', 'contracts.json', '--', 'extra'], { cwd: dir });
  assert.is(rest.code, 2);
  assert.match(rest.stderr, /^error: check reads no arguments after "--" \(got 1\)/);
  const restSecret = runCli(['lock', '--contracts', 'contracts.json', '--', 'node', 'server.js', '--token', 's3cret'], { cwd: dir });
  assert.is(restSecret.code, 2);
  assert.not.match(restSecret.stderr, /s3cret/);
  // An empty argument (an unset shell variable) is refused, not read as the working directory.
  for (const argv of [['scan', ''], ['scan', 'contracts.json', ''], ['diff', '', 'contracts.json'], ['canonicalize', ''], ['probe', '']]) {
    const empty = runCli(argv, { cwd: dir });
    assert.is(empty.code, 2, argv.join(' '));
    assert.equal([empty.stdout, empty.stderr], ['', `error: ${argv[0]} got an empty argument (""): is a shell variable unset? Give the file, directory or action it needs\n`], argv.join(' '));
  }
  const none = runCli(['lock'], { cwd: dir });
  assert.is(none.code, 2);
  assert.match(none.stderr, /No contract source/);
  const fmt = runCli(['digest', '--contracts', 'contracts.json', '--format', 'yaml'], { cwd: dir });
  assert.is(fmt.code, 2);
  assert.match(fmt.stderr, /--format yaml is not supported/);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test('an invalid contracts file lists every problem with its JSON path (exit 2)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'c.json'), JSON.stringify({
    tools: {
      a: { surface: { name: 'b', tags: [1], actions: {}, inputSchemaDigest: 'nothex' }, behavior: {}, tokenEconomics: {}, extra: 1 },
    },
  }));
  const r = runCli(['digest', '--contracts', 'c.json'], { cwd: dir });
  assert.is(r.code, 2);
  for (const needle of ['$.tools.a: the key "a" differs from surface.name "b"', '$.tools.a.surface.tags[0]: expected a string',
    '$.tools.a.surface.inputSchemaDigest: expected 64 lowercase hex digits', '$.tools.a.extra: unknown key',
    '$.tools.a.behavior.systemRulesFingerprint: missing', '$.tools.a.tokenEconomics.inflationRisk: missing']) {
    assert.ok(r.stderr.includes(needle), `missing "${needle}" in:\n${r.stderr}`);
  }
  writeFileSync(join(dir, 'd.json'), '{"tools": {"a": 1, "a": 2}}');
  const d = runCli(['digest', '--contracts', 'd.json'], { cwd: dir });
  assert.is(d.code, 2);
  assert.match(d.stderr, /line 1, column 20: duplicate key "a"/);
});

test('digest --format json prints bare hex digests with components', () => {
  const dir = workspace();
  const r = runCli(['digest', '--contracts', 'contracts.json', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.match(d.serverDigest, /^[0-9a-f]{64}$/);
  assert.match(d.tools.invoices.components.entitlements, /^[0-9a-f]{64}$/);
  assert.equal(Object.keys(d.prompts), ['dunning-letter']);
  assert.is(lock(dir).code, 0);
  const lockText = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  assert.ok(lockText.includes(`"integrityDigest": "sha256:${d.integrityDigest}"`));
});

test('digest --format json lists tools in code-unit order, integer-like names too', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: ['b', '9', '10', '__proto__'].map((name) => ({ name, inputSchema: { type: 'object' } })) }));
  const r = runCli(['digest', '--tools-list', 'tools.json', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  // JSON.parse would reorder integer-like keys again: read the order off the text.
  const names = [...r.stdout.matchAll(/^ {4}"([^"]+)": \{$/gm)].map((m) => m[1]);
  assert.equal(names, ['10', '9', '__proto__', 'b']);
  assert.ok(r.stdout.endsWith('}\n'));
});

test('flag values reach commands exactly as typed (no numeric conversion)', () => {
  const dir = workspace();
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--name', '007'], { cwd: dir }).code, 0);
  assert.match(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), /"serverName": "007"/);
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--lockfile=b.lock', '--name=0x10'], { cwd: dir }).code, 0);
  assert.match(readFileSync(join(dir, 'b.lock'), 'utf8'), /"serverName": "0x10"/);
  // mri read "" as the number 0: an empty value must be refused, not become "0".
  const empty = runCli(['lock', '--server', ''], { cwd: dir });
  assert.is(empty.code, 2);
  assert.is(empty.stderr, 'error: --server got an empty value (""): is a shell variable unset? Give its value, or leave --server out\n');
});

test('- reads the contracts from stdin', () => {
  const dir = workspace();
  const viaStdin = runCli(['digest', '--contracts', '-', '--format', 'json'], { cwd: dir, input: readFileSync(join(dir, 'contracts.json')) });
  assert.is(viaStdin.code, 0, viaStdin.stderr);
  const viaFile = runCli(['digest', '--contracts', 'contracts.json', '--format', 'json'], { cwd: dir });
  assert.is(viaStdin.stdout, viaFile.stdout);
  // Named "stdin" in messages, as diff and canonicalize name it, not as a file called "-".
  const bad = runCli(['lock', '--contracts', '-'], { cwd: dir, input: '{bad' });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /^error: Invalid JSON in contracts file "stdin" at line 1, column 2/);
  const badList = runCli(['lock', '--tools-list', '-'], { cwd: dir, input: '{bad' });
  assert.match(badList.stderr, /^error: Invalid JSON in tools\/list file "stdin" at line 1, column 2/);
  const wrote = runCli(['lock', '--contracts', '-', '--lockfile', 'stdin.lock'], { cwd: dir, input: readFileSync(join(dir, 'contracts.json')) });
  assert.match(wrote.stdout, /^Wrote stdin\.lock from contracts file "stdin": /);
});

test('lock says how many tools were not scanned for entitlements', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [
    { name: 'b', inputSchema: { type: 'object' } },
    { name: 'a', description: 'x', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
  ] }));
  const r = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  // A notice on stderr; stdout holds the report line alone.
  assert.match(r.stderr, /^note: 2 tools not scanned for entitlements .*: a, b\n$/);
  assert.match(r.stdout, /^Wrote mcpfusion\.lock from .*\n$/);
  const j = runCli(['lock', '--tools-list', 'tools.json', '--format', 'json'], { cwd: dir });
  assert.equal(JSON.parse(j.stdout).unscanned, ['a', 'b']);
  // Thousands of tools: the first twenty names and a count, not one line of kilobytes.
  const many = Array.from({ length: 500 }, (_, i) => ({ name: `t${String(i).padStart(3, '0')}`, inputSchema: { type: 'object' } }));
  writeFileSync(join(dir, 'many.json'), JSON.stringify({ tools: many }));
  const m = runCli(['lock', '--tools-list', 'many.json', '--lockfile', 'many.lock'], { cwd: dir });
  assert.is(m.code, 0, m.stderr);
  assert.match(m.stderr, /500 tools not scanned for entitlements .*: t000, t001, .*, t019 and 480 more \(--format json lists all\)\n/);
  assert.ok(!m.stderr.includes('t020'), m.stderr);
});

test('tool names such as __proto__, constructor and toString are ordinary names everywhere', () => {
  const dir = tempDir();
  const tools = ['__proto__', 'constructor', 'toString'].map((name) => ({ name, inputSchema: { type: 'object' } }));
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools }));
  const lock = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const locked = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), (k, v) => v);
  assert.equal(Object.keys(locked.capabilities.tools).sort(), ['__proto__', 'constructor', 'toString']);
  assert.is(runCli(['check', '--tools-list', 'tools.json'], { cwd: dir }).code, 0);
  // Removing "constructor" is drift, and a contracts file with these names round-trips.
  writeFileSync(join(dir, 'fewer.json'), JSON.stringify({ tools: tools.filter((t) => t.name !== 'constructor') }));
  const drift = runCli(['check', '--tools-list', 'fewer.json'], { cwd: dir });
  assert.is(drift.code, 1);
  assert.match(drift.stdout, /tool removed: +constructor/);
  const inspect = runCli(['inspect', '--tools-list', 'tools.json'], { cwd: dir });
  writeFileSync(join(dir, 'contracts.json'), inspect.stdout);
  const same = runCli(['diff', 'mcpfusion.lock', 'contracts.json'], { cwd: dir });
  assert.is(same.code, 0, same.stdout + same.stderr);
  assert.match(same.stdout, /Verdict: NONE/);
});

test('--help for every command and --version', () => {
  for (const cmd of ['lock', 'check', 'digest', 'canonicalize']) {
    const r = runCli([cmd, '--help']);
    assert.is(r.code, 0);
    assert.match(r.stdout, new RegExp(`\\$ mcpfusion ${cmd}`));
  }
  const v = runCli(['--version']);
  assert.is(v.code, 0);
  assert.match(v.stdout, /^mcpfusion \d+\.\d+\.\d+\n$/);
});

test('inspect --format text and digest print a server\'s names and descriptions escaped: no terminal sequence, bidi control or tab of theirs', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'evil\u001b[2Kname', description: 'Reads \u202efdp.exe\u001b[31m red\rover', inputSchema: { type: 'object' } }] }));
  const inspect = runCli(['inspect', '--tools-list', 'tools.json', '--format', 'text'], { cwd: dir });
  assert.is(inspect.code, 0, inspect.stderr);
  assert.not.match(inspect.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  assert.match(inspect.stdout, /^tool evil\\u001b\[2Kname {2}Reads <U\+202E>fdp\.exe\\u001b\[31m red\\u000dover$/m);
  const digest = runCli(['digest', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(digest.code, 0, digest.stderr);
  assert.not.match(digest.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  assert.match(digest.stdout, /^tool evil\\u001b\[2Kname$/m);
});

test('inspect --format text cuts a long description without splitting a character', () => {
  const dir = tempDir();
  const description = `${'d'.repeat(70)}\u{1F600}${'e'.repeat(20)}`;
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'long', description, inputSchema: { type: 'object' } }] }));
  const inspect = runCli(['inspect', '--tools-list', 'tools.json', '--format', 'text'], { cwd: dir });
  assert.is(inspect.code, 0, inspect.stderr);
  assert.match(inspect.stdout, new RegExp(`^tool long {2}${'d'.repeat(70)}…$`, 'm'));
});

test('lock cancelled with SIGTERM while it writes a large lockfile: the write finishes, no temporary file is left, and the run ends on the signal', async () => {
  if (process.platform === 'win32') return;
  // A CI job cancelled during the write left a partial `.mcpfusion.lock.<pid>.….tmp` (tens of
  // MB) in the workspace; once the write finished before the signal was handled, lock exited 0.
  const dir = tempDir();
  const base = JSON.parse(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8')) as { tools: Record<string, { surface: { name: string; description: string } }> };
  const one = JSON.stringify(base.tools['invoices']);
  const tools: Record<string, unknown> = {};
  for (let i = 0; i < 4000; i++) {
    const t = JSON.parse(one) as { surface: { name: string; description: string } };
    t.surface.name = `tool${i}`;
    t.surface.description = `${'d'.repeat(300)} ${i}`;
    tools[`tool${i}`] = t;
  }
  writeFileSync(join(dir, 'big.json'), JSON.stringify({ ...base, tools }));
  const child = spawn(process.execPath, [join(ROOT, 'dist/mcpfusion.js'), 'lock', '--contracts', 'big.json'], { cwd: dir, stdio: 'ignore' });
  const ended = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, sig) => done(sig ?? code)));
  const deadline = Date.now() + 120_000;
  let seen = false;
  while (!seen && child.exitCode === null && Date.now() < deadline) {
    seen = readdirSync(dir).some((n) => n.endsWith('.tmp'));
    if (!seen) await new Promise((r) => setTimeout(r, 1));
  }
  assert.ok(seen, 'lock wrote no temporary file');
  child.kill('SIGTERM');
  assert.is(await ended, 'SIGTERM');
  assert.equal(readdirSync(dir).sort(), ['big.json', 'mcpfusion.lock']);
  const check = runCli(['check', '--contracts', 'big.json', '--quiet'], { cwd: dir });
  assert.is(check.code, 0, check.stderr);
});

// With merge.conflictStyle diff3, a conflict where both branches added the lockfile starts with the
// marker line, before the first side's `{`: lock --force called that "not a lockfile (it is not JSON)".
test('both branches added the lockfile (add/add conflict, diff3 style: markers on line 1): check points to lock --force, and lock --force replaces it', () => {
  const dir = workspace();
  const git = (...args: string[]) => {
    return spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, encoding: 'utf8' });
  };
  assert.is(git('init', '-q').status, 0);
  assert.is(git('add', 'contracts.json').status, 0);
  assert.is(git('commit', '-qm', 'contracts').status, 0);
  assert.is(git('checkout', '-qb', 'other').status, 0);
  assert.is(lock(dir, '--name', 'billing-other').code, 0);
  assert.is(git('add', 'mcpfusion.lock').status, 0);
  assert.is(git('commit', '-qm', 'lock on other').status, 0);
  assert.is(git('checkout', '-q', 'main').status, 0);
  assert.is(lock(dir).code, 0);
  assert.is(git('add', 'mcpfusion.lock').status, 0);
  assert.is(git('commit', '-qm', 'lock on main').status, 0);
  assert.is(git('-c', 'merge.conflictStyle=diff3', 'merge', '-q', 'other').status, 1, 'the merge conflicts');
  const conflicted = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  assert.match(conflicted, /^<{7} HEAD\n\{/, 'git wrote the markers first');
  const checked = check(dir);
  assert.is(checked.code, 2);
  assert.match(checked.stderr, /git merge-conflict markers \(line 1\).*run `mcpfusion lock --force`/);
  const refused = lock(dir);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /^error: The lockfile "mcpfusion\.lock" cannot be read: it holds git merge-conflict markers \(line 1\)\. .*then run lock --force/);
  assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), conflicted);
  const forced = lock(dir, '--force');
  assert.is(forced.code, 0, forced.stderr);
  assert.match(forced.stderr, /warning: replacing the unreadable lockfile "mcpfusion\.lock" \(--force\)/);
  assert.is(check(dir).code, 0);
  // A file that is text and not JSON is still no lockfile, with or without --force.
  writeFileSync(join(dir, 'notes.lock'), '<<<<<<< HEAD\n# Notes\n=======\n# Other\n>>>>>>> other\n');
  assert.match(lock(dir, '--lockfile', 'notes.lock', '--force').stderr, /is not a lockfile \(it is not JSON\)/);
});

test.run();
