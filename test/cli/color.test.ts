import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli, tempDir, ROOT, BUNDLE } from '../helpers/cli.ts';

// Colour in text reports: on a terminal unless NO_COLOR is set or TERM=dumb (a terminal that
// shows escape sequences as text, e.g. Emacs' shell); off a terminal only with FORCE_COLOR (CI
// logs that render ANSI colour). NO_COLOR wins over FORCE_COLOR.

const ESC = '\u001b[';

function workspace(): string {
  const dir = tempDir();
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'old.json'));
  const text = readFileSync(join(dir, 'old.json'), 'utf8');
  writeFileSync(join(dir, 'new.json'), text.replace('Manage customer invoices', 'Handle customer invoices'));
  return dir;
}

test('off a terminal: FORCE_COLOR turns colour on (not 0 or false), NO_COLOR keeps it off', () => {
  const dir = workspace();
  const diff = (env: Record<string, string>) => runCli(['diff', 'old.json', 'new.json'], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '', TERM: 'xterm', ...env } });
  const plain = diff({});
  assert.is(plain.code, 0, plain.stderr);
  assert.not.ok(plain.stdout.includes(ESC), 'no colour in a pipe by default');
  for (const value of ['1', 'true', '3']) {
    const forced = diff({ FORCE_COLOR: value });
    assert.ok(forced.stdout.includes(`${ESC}2mCOSMETIC${ESC}0m`), `FORCE_COLOR=${value}: ${JSON.stringify(forced.stdout)}`);
  }
  for (const value of ['0', 'false']) assert.not.ok(diff({ FORCE_COLOR: value }).stdout.includes(ESC), `FORCE_COLOR=${value}`);
  assert.not.ok(diff({ FORCE_COLOR: '1', NO_COLOR: '1' }).stdout.includes(ESC), 'NO_COLOR wins');
  // JSON never carries colour.
  assert.not.ok(runCli(['diff', 'old.json', 'new.json', '--format', 'json'], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout.includes(ESC));
});

test('on a terminal: colour, none with TERM=dumb, NO_COLOR or FORCE_COLOR=0', () => {
  // util-linux `script` gives the child a pseudo-terminal; without it this case cannot run here.
  if (process.platform !== 'linux' || spawnSync('script', ['--version']).status !== 0) return;
  const dir = workspace();
  const onTerminal = (env: Record<string, string>): string => {
    const r = spawnSync('script', ['-qec', `"${process.execPath}" "${BUNDLE}" diff old.json new.json`, '/dev/null'], {
      cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env },
    });
    assert.is(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes('COSMETIC'), r.stdout);
    return r.stdout;
  };
  assert.ok(onTerminal({ TERM: 'xterm' }).includes(ESC), 'colour on a terminal');
  assert.not.ok(onTerminal({ TERM: 'dumb' }).includes(ESC), 'TERM=dumb');
  assert.not.ok(onTerminal({ TERM: 'xterm', NO_COLOR: '1' }).includes(ESC), 'NO_COLOR');
  // As the README's table says: FORCE_COLOR=0 or false turns colour off on a terminal too, and an
  // empty NO_COLOR is as unset (no-color.org: "present and not an empty string").
  for (const value of ['0', 'false']) assert.not.ok(onTerminal({ TERM: 'xterm', FORCE_COLOR: value }).includes(ESC), `FORCE_COLOR=${value}`);
  assert.ok(onTerminal({ TERM: 'xterm', NO_COLOR: '' }).includes(ESC), 'NO_COLOR empty');
});

test.run();
