/**
 * `lock --force` replaces a lockfile that is no UTF-8 text when it still reads as a lockfile: one
 * an editor or PowerShell saved as UTF-16, one with a Latin-1 byte, one with two byte-order marks.
 * Before, --force did not apply to them: `lock --force` stopped with exit 2 ("save it as UTF-8")
 * like `lock`, and `--help` promises it replaces "an existing lockfile that cannot be read".
 * A file that is no lockfile at all (a binary file at the path) is still never overwritten.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

function locked(): { dir: string; text: string } {
  const dir = tempDir();
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  const r = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '0' } });
  assert.is(r.code, 0, r.stderr);
  return { dir, text: readFileSync(join(dir, 'mcpfusion.lock'), 'utf8') };
}

test('a lockfile saved as UTF-16, with a Latin-1 byte or with two byte-order marks: lock names --force, and --force writes it as UTF-8', () => {
  const cases: [string, (t: string) => Buffer, RegExp][] = [
    ['UTF-16 with a mark', (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]), /it is UTF-16 \(little-endian, with a byte order mark\)/],
    ['UTF-16 without one', (t) => Buffer.from(t, 'utf16le'), /it looks like UTF-16 \(little-endian\) without a byte order mark/],
    ['a Latin-1 byte', (t) => Buffer.from(t.replace('"Manage customer invoices', '"Gérer customer invoices'), 'latin1'), /it is not valid UTF-8 at line \d+, column \d+ \(the byte 0xE9/],
    ['two byte-order marks', (t) => Buffer.from(`\uFEFF\uFEFF${t}`), /it starts with two byte-order marks/],
  ];
  for (const [label, encode, why] of cases) {
    const { dir, text } = locked();
    const bytes = encode(text);
    writeFileSync(join(dir, 'mcpfusion.lock'), bytes);
    const refused = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir });
    assert.is(refused.code, 2, `${label}: ${refused.stderr}`);
    assert.match(refused.stderr, why, label);
    assert.ok(refused.stderr.endsWith(', or run lock --force to replace it with one written from the source\n'), `${label}: ${refused.stderr}`);
    assert.equal(readFileSync(join(dir, 'mcpfusion.lock')), bytes, label);
    const forced = runCli(['lock', '--contracts', 'contracts.json', '--force'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '0' } });
    assert.is(forced.code, 0, `${label}: ${forced.stderr}`);
    assert.match(forced.stderr, /^warning: replacing the unreadable lockfile "mcpfusion\.lock" \(--force\): /, label);
    // Before, a UTF-16 lockfile that reads as the same lockfile was even left as it was: now it is UTF-8 again.
    assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), text, label);
    assert.is(runCli(['check', '--contracts', 'contracts.json'], { cwd: dir }).code, 0, label);
  }
});

test('--force never overwrites a file that is no lockfile in any encoding (a PNG at the lockfile path)', () => {
  const { dir } = locked();
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  writeFileSync(join(dir, 'mcpfusion.lock'), png);
  const r = runCli(['lock', '--contracts', 'contracts.json', '--force'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^error: Cannot read lockfile "mcpfusion\.lock": it is not valid UTF-8 at line 1, column 1 .*; save it as UTF-8\n$/);
  assert.equal(readFileSync(join(dir, 'mcpfusion.lock')), png);
});

test.run();
