import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

// servers27: with --format json a run that failed (exit 2 or 3) wrote nothing to stdout, so a
// script piping it to a JSON reader got an empty input. It now writes one {"error": …} document.

/** A real server process that stops before it answers initialize. */
const DYING = `node -e "console.error('Error: DEMO_TOKEN is not set'); process.exit(4)"`;

test('a source that fails with --format json writes its error as one JSON document to stdout, the same message on stderr', () => {
  const dir = tempDir();
  const r = runCli(['lock', '--server', DYING, '--format', 'json', '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  const doc = JSON.parse(r.stdout) as { error: { exitCode: number; name: string; message: string } };
  assert.equal(Object.keys(doc), ['error']);
  assert.is(doc.error.exitCode, 3);
  assert.is(doc.error.name, 'SourceError');
  assert.match(doc.error.message, /failed at stage "initialize"/);
  assert.match(doc.error.message, /DEMO_TOKEN is not set/);
  assert.ok(r.stderr.startsWith(`error: ${doc.error.message.split('\n')[0]}`), r.stderr);
  assert.is(r.stdout.split('\n').length, 2, 'one line and its newline');
  // --format=json is the same flag.
  const eq = runCli(['check', '--server', DYING, '--format=json', '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(eq.code, 2, eq.stderr); // no lockfile yet: an input error, named before the server starts
  assert.is((JSON.parse(eq.stdout) as { error: { name: string } }).error.name, 'InputError');
});

test('without --format json, and for guard whose stdout is the protocol stream, a failure writes nothing to stdout', () => {
  const dir = tempDir();
  const text = runCli(['lock', '--server', DYING, '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(text.code, 3);
  assert.is(text.stdout, '');
  const guard = runCli(['guard', '--format', 'json', '--', 'node', '-e', '0'], { cwd: dir });
  assert.is(guard.code, 2, guard.stderr);
  assert.is(guard.stdout, '');
});

test('a command line refused before it runs is a UsageError document; a failed gate keeps its own result', () => {
  const dir = tempDir();
  const bad = runCli(['lock', '--bogus', '--format', 'json'], { cwd: dir });
  assert.is(bad.code, 2);
  const doc = JSON.parse(bad.stdout) as { error: { exitCode: number; name: string; message: string } };
  assert.equal(doc.error, { exitCode: 2, message: 'Unknown option `--bogus`; run `mcpfusion lock --help`', name: 'UsageError' });
  // Drift is a result (exit 1), written as check's own JSON, with no error document after it.
  const tool = (description: string) => ({ tools: [{ name: 't', description, inputSchema: { type: 'object' } }] });
  writeFileSync(join(dir, 'a.json'), JSON.stringify(tool('one')));
  writeFileSync(join(dir, 'b.json'), JSON.stringify(tool('two')));
  assert.is(runCli(['lock', '--tools-list', 'a.json'], { cwd: dir }).code, 0);
  const drift = runCli(['check', '--tools-list', 'b.json', '--format', 'json'], { cwd: dir });
  assert.is(drift.code, 1, drift.stderr);
  const result = JSON.parse(drift.stdout) as Record<string, unknown>;
  assert.not.ok('error' in result);
});

test.run();
