import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

test('diff --format github: a $GITHUB_STEP_SUMMARY that cannot be written is an error on stderr; a failed gate keeps its exit 1, else exit 2', () => {
  const dir = tempDir();
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  assert.is(runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir }).code, 0);
  const edited = readFileSync(join(dir, 'contracts.json'), 'utf8').replace('"required": ["action"]', '"required": ["action", "customerId"]');
  writeFileSync(join(dir, 'edited.json'), edited);
  const env = { GITHUB_STEP_SUMMARY: join(dir, 'missing-dir/summary.md') };
  const gate = runCli(['diff', 'mcpfusion.lock', 'edited.json', '--format', 'github'], { cwd: dir, env });
  assert.is(gate.code, 1, gate.stderr);
  assert.match(gate.stdout, /^::error /m);
  assert.match(gate.stderr, /error: Cannot write the job summary to \$GITHUB_STEP_SUMMARY/);
  assert.match(gate.stderr, /mcpfusion diff: verdict BREAKING reaches --fail-on breaking/);
  const passed = runCli(['diff', 'mcpfusion.lock', 'edited.json', '--format', 'github', '--fail-on', 'never'], { cwd: dir, env });
  assert.is(passed.code, 2, passed.stderr);
  assert.match(passed.stderr, /error: Cannot write the job summary/);
  // What is wrong, and what to do (it quoted Node's "ENOENT: no such file or directory, open '…'").
  assert.ok(passed.stderr.includes(`error: Cannot write the job summary to $GITHUB_STEP_SUMMARY "${join(dir, 'missing-dir/summary.md')}": its directory "${join(dir, 'missing-dir')}" does not exist; unset it, or point it at a file (GitHub Actions sets it for each step)\n`), passed.stderr);
  const folder = runCli(['diff', 'mcpfusion.lock', 'edited.json', '--format', 'github', '--fail-on', 'never'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: '.' } });
  assert.is(folder.code, 2, folder.stderr);
  assert.ok(folder.stderr.includes('error: Cannot write the job summary to $GITHUB_STEP_SUMMARY ".": it is a directory; unset it, or point it at a file (GitHub Actions sets it for each step)\n'), folder.stderr);
});

test.run();
