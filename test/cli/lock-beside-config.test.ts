import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// `lock --config sub/mcpfusion.jsonc` with a config that names no lockfile writes the default,
// ./mcpfusion.lock in the working directory (docs/config.md). When sub/mcpfusion.lock already
// exists, that is a second lockfile, and the next `check` reads the new one: lock says so.

function workspace(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'sub'));
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'sub', 'contracts.json'));
  writeFileSync(join(dir, 'sub', 'mcpfusion.jsonc'), '{ "source": { "contracts": "contracts.json" } }\n');
  return dir;
}

const WARNING = 'warning: wrote a new lockfile "mcpfusion.lock" in the working directory, though "sub/mcpfusion.lock" exists beside the config "sub/mcpfusion.jsonc", which names no "lockfile"; to keep one lockfile, add "lockfile": "mcpfusion.lock" to the config (or pass --lockfile sub/mcpfusion.lock) and delete "mcpfusion.lock"\n';

test('lock --config sub/…: a new lockfile in the working directory while one lies beside the config is written with a warning naming both', () => {
  const dir = workspace();
  assert.is(runCli(['lock'], { cwd: join(dir, 'sub') }).code, 0);
  const second = runCli(['lock', '--config', 'sub/mcpfusion.jsonc'], { cwd: dir });
  assert.is(second.code, 0, second.stderr);
  assert.is(second.stderr, WARNING);
  assert.ok(existsSync(join(dir, 'mcpfusion.lock')));
  const digest = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8')).integrityDigest;
  assert.is(digest(join(dir, 'mcpfusion.lock')), digest(join(dir, 'sub', 'mcpfusion.lock')));
  // Once it exists, lock leaves it as it is without a word; --quiet drops the warning.
  assert.is(runCli(['lock', '--config', 'sub/mcpfusion.jsonc'], { cwd: dir }).stderr, '');
  const quiet = workspace();
  assert.is(runCli(['lock'], { cwd: join(quiet, 'sub') }).code, 0);
  assert.is(runCli(['lock', '--config', 'sub/mcpfusion.jsonc', '--quiet'], { cwd: quiet }).stderr, '');
});

test('no warning when nothing lies beside the config, or the lockfile is named', () => {
  const dir = workspace();
  const first = runCli(['lock', '--config', 'sub/mcpfusion.jsonc'], { cwd: dir });
  assert.equal([first.code, first.stderr], [0, '']);
  const other = workspace();
  assert.is(runCli(['lock'], { cwd: join(other, 'sub') }).code, 0);
  const named = runCli(['lock', '--config', 'sub/mcpfusion.jsonc', '--lockfile', 'copy.lock'], { cwd: other });
  assert.equal([named.code, named.stderr], [0, '']);
});

test('a config named through a link to the working directory: the lockfile beside it is the one written, no warning', () => {
  // `lock --config ../linked/mcpfusion.jsonc` run in sub/, with linked -> sub: the lockfile
  // "beside the config" is the very file written, and deleting "mcpfusion.lock" (the advice)
  // would delete the only lockfile. `check` without one does not call it a second place either.
  const dir = workspace();
  symlinkSync('sub', join(dir, 'linked'));
  const missing = runCli(['check', '--config', '../linked/mcpfusion.jsonc'], { cwd: join(dir, 'sub') });
  assert.is(missing.code, 2);
  assert.not.match(missing.stderr, /linked\/mcpfusion\.lock/);
  const first = runCli(['lock', '--config', '../linked/mcpfusion.jsonc'], { cwd: join(dir, 'sub') });
  assert.equal([first.code, first.stderr], [0, '']);
  assert.ok(existsSync(join(dir, 'sub', 'mcpfusion.lock')));
});

test.run();
