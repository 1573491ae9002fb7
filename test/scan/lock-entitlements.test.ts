import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, ROOT } from '../helpers/cli.ts';

// A copy of the notes example inside the repository, so its server resolves the MCP SDK from our node_modules.
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(ROOT, '.tmp', 'notes-example-'));
cpSync(join(ROOT, 'examples/notes-server'), dir, { recursive: true });
rmSync(join(dir, 'mcpfusion.lock'), { force: true });

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('lock records the entitlements the handlers (and their imports) really have', () => {
  const r = runCli(['lock'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.not.match(r.stdout, /not scanned/);
  const lock = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  const ent = (t: string) => lock.capabilities.tools[t].entitlements;
  // search_notes reads through handlers/lib/store.mjs: found through the relative import.
  assert.equal(ent('search_notes'), { codeEvaluation: false, crypto: false, filesystem: true, network: false, raw: ['fs.readFile', 'fs.readdir'], subprocess: false });
  assert.ok(ent('save_note').raw.includes('fs.writeFile'));
  assert.is(ent('export_notes').network, false);
  // And the committed example lockfile is what a fresh lock writes.
  const committed = JSON.parse(readFileSync(join(ROOT, 'examples/notes-server/mcpfusion.lock'), 'utf8'));
  assert.is(lock.integrityDigest, committed.integrityDigest);
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
  assert.equal(JSON.parse(runCli(['check', '--format', 'json'], { cwd: dir }).stdout).violations, []);
});

test('adding fetch( to a read-only tool\'s handler fails check and is BREAKING "gained network" in diff', () => {
  const file = join(dir, 'handlers/search-notes.mjs');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('const titles = [];', "await fetch('https://telemetry.invalid/q');\n  const titles = [];"));
  try {
    const check = runCli(['check'], { cwd: dir });
    assert.is(check.code, 1, check.stderr);
    assert.match(check.stdout, /tool changed: +search_notes \(entitlements\)/);
    assert.match(check.stdout, /BREAKING +handler gained entitlement network/);
    const diff = runCli(['diff', '--against', 'mcpfusion.lock', '--format', 'json'], { cwd: dir });
    assert.is(diff.code, 1, diff.stderr);
    const report = JSON.parse(diff.stdout);
    const gained = report.deltas.filter((d: { id: string; tool: string }) => d.id === 'entitlements.gained' && d.tool === 'search_notes');
    assert.equal(gained.map((d: { field: string; verdict: string }) => [d.field, d.verdict]), [['entitlements.network', 'BREAKING'], ['entitlements.raw["fetch"]', 'BREAKING']]);
    // The scanner itself flags the read-only tool's network use.
    const scan = runCli(['scan', '--format', 'json'], { cwd: dir });
    assert.match(scan.stdout, /search_notes/);
  } finally {
    writeFileSync(file, original);
  }
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
});

test('a read-only tool whose handler writes files: lock and check warn with the violation, exit codes unchanged; allow accepts it', () => {
  const file = join(dir, 'handlers/search-notes.mjs');
  const cfg = join(dir, 'mcpfusion.jsonc');
  const [original, config] = [readFileSync(file, 'utf8'), readFileSync(cfg, 'utf8')];
  writeFileSync(file, `${original}\nimport { writeFileSync } from 'node:fs';\nexport function keep(x) { writeFileSync('/tmp/x', x); }\n`);
  try {
    const warning = /^warning: \[violation\.read-only-writes-files\] A read-only action writes, moves or deletes files \(tool "search_notes", action "default"\): .*fs\.writeFileSync \(1 site\) at handlers\/search-notes\.mjs:\d+; .*"allow": \["filesystem"\] under tools\.search_notes/m;
    const lock = runCli(['lock', '--lockfile', 'violation.lock'], { cwd: dir });
    assert.is(lock.code, 0, lock.stderr);
    assert.match(lock.stderr, warning);
    const check = runCli(['check', '--lockfile', 'violation.lock'], { cwd: dir });
    assert.is(check.code, 0, check.stderr);
    assert.match(check.stderr, warning);
    assert.is(runCli(['check', '--lockfile', 'violation.lock', '--quiet'], { cwd: dir }).stderr, '');
    // --format json lists them as data, paths relative to the working directory.
    for (const command of ['lock', 'check']) {
      const json = runCli([command, '--lockfile', 'violation.lock', '--format', 'json'], { cwd: dir });
      assert.is(json.code, 0, json.stderr);
      const listed = JSON.parse(json.stdout).violations as { id: string; tool: string; action: string; file: string }[];
      assert.equal(listed.map((v) => [v.id, v.tool, v.action, v.file]), [['violation.read-only-writes-files', 'search_notes', 'default', 'handlers/search-notes.mjs']], command);
    }
    // The tools that do write (save_note is not read-only) and the clean ones warn about nothing.
    assert.is(check.stderr.split('\n').filter((l) => l.startsWith('warning: [violation.')).length, 1, check.stderr);
    // An allow list without the family: that rule too, whose fix is the list, not the annotations.
    writeFileSync(cfg, config.replace('"handlers": ["handlers/search-notes.mjs"]', '"handlers": ["handlers/search-notes.mjs"], "allow": ["network"]'));
    const listed = runCli(['check', '--lockfile', 'violation.lock'], { cwd: dir });
    assert.is(listed.code, 0, listed.stderr);
    assert.match(listed.stderr, /^warning: \[violation\.entitlement-not-allowed\] .*; the lockfile records what the code does: fix the handler, or add the families it needs to "allow" under tools\.search_notes in the config/m);
    writeFileSync(cfg, config.replace('"handlers": ["handlers/search-notes.mjs"]', '"handlers": ["handlers/search-notes.mjs"], "allow": ["filesystem"]'));
    const allowed = runCli(['check', '--lockfile', 'violation.lock'], { cwd: dir });
    assert.is(allowed.code, 0, allowed.stderr);
    assert.not.match(allowed.stderr, /violation/);
  } finally {
    writeFileSync(file, original);
    writeFileSync(cfg, config);
    rmSync(join(dir, 'violation.lock'), { force: true });
  }
});

test('a handler file that is missing is named as not analyzed, never silently clean', () => {
  const cfg = join(dir, 'mcpfusion.jsonc');
  const original = readFileSync(cfg, 'utf8');
  writeFileSync(cfg, original.replace('handlers/export-notes.mjs', 'handlers/gone.mjs'));
  try {
    const r = runCli(['lock', '--lockfile', 'other.lock'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /warning: tool "export_notes": handlers\/gone\.mjs: the file does not exist; its entitlements are a lower bound/);
  } finally {
    writeFileSync(cfg, original);
  }
  // A folder mapped as a handler is named as a folder: it said "handlers/lib: the file does not exist".
  writeFileSync(cfg, original.replace('handlers/export-notes.mjs', 'handlers/lib'));
  try {
    const r = runCli(['lock', '--lockfile', 'other.lock'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /warning: tool "export_notes": handlers\/lib: it is a directory, not a file: list the handler files in it \(`mcpfusion scan DIR` scans a whole directory\); its entitlements are a lower bound/);
  } finally {
    writeFileSync(cfg, original);
  }
  // A handler whose import is missing: the import is named, with its line, not the handler as a whole.
  const handler = join(dir, 'handlers/export-notes.mjs');
  const source = readFileSync(handler, 'utf8');
  writeFileSync(handler, `${source}\nexport function later() { return import('./missing-helper.mjs'); }\n`);
  try {
    const r = runCli(['lock', '--lockfile', 'other.lock'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    // The candidates tried are named from the working directory, as scan names them: the same text in every checkout and on every OS.
    assert.match(r.stderr, /warning: tool "export_notes": handlers\/export-notes\.mjs:\d+: import "\.\/missing-helper\.mjs" resolves to no file \(tried \d+ candidates, first handlers\/missing-helper\.mjs\); its entitlements are a lower bound/);
  } finally {
    writeFileSync(handler, source);
  }
});

test.run();
