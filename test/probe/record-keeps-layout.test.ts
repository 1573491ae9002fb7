/**
 * `probe record` changes only the recorded baselines (docs/probe.md, "How `probe record` rewrites
 * the file"): a leading byte-order mark stays, and a file written on one line stays on one line.
 * Before, the mark was dropped (the text is read without it) and inserting a baseline re-laid out
 * the whole line it landed on, which in a one-line file is the whole file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { EVERYTHING_SERVER } from './_probe.ts';

const BOM = '\ufeff';
const ONE_LINE = `{ "probes": [{ "id": "echo", "tool": "echo", "arguments": { "message": "hello world" } }, { "id": "sum", "tool": "get-sum", "arguments": { "a": 2, "b": 3 } }] } // kept\n`;

function read(dir: string): string {
  return readFileSync(join(dir, 'mcpfusion.probes.jsonc'), 'utf8');
}

test('a one-line probe file with a byte-order mark keeps both; only the baseline is inserted', () => {
  const dir = tempDir('mcpfusion-probe-');
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), BOM + ONE_LINE);
  const rec = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'echo'], { cwd: dir });
  assert.is(rec.code, 0, rec.stderr);
  assert.is(rec.stdout, 'recorded 1 probe: echo\nwrote "mcpfusion.probes.jsonc"\n');
  const after = read(dir);
  assert.ok(after.startsWith(BOM), 'the byte-order mark is kept');
  assert.is(after.trimEnd().split('\n').length, 1, after);
  // Everything before and after the inserted baseline is the file as written.
  const at = BOM.length + ONE_LINE.indexOf('"hello world" }') + '"hello world" }'.length;
  const before = BOM + ONE_LINE;
  assert.ok(after.startsWith(before.slice(0, at)) && after.endsWith(before.slice(at)), after);
  assert.match(after.slice(at, after.length - (before.length - at)), /^,"baseline": \{"content":\[\{"text":"Echo: hello world","type":"text"\}\],"isError":false\}$/);

  // Re-recording with --update replaces the baseline in place: same bytes.
  const again = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'echo', '--update'], { cwd: dir });
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, '"mcpfusion.probes.jsonc" unchanged');
  assert.is(read(dir), after);
  const run = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'echo'], { cwd: dir });
  assert.is(run.code, 0, run.stderr + run.stdout);
});

test('a file on several lines without a mark gets none, and keeps its lines apart from the probe recorded', () => {
  const dir = tempDir('mcpfusion-probe-');
  const text = ONE_LINE.replace('[{', '[\n  {').replace('}, {', '},\n  {');
  writeFileSync(join(dir, 'mcpfusion.probes.jsonc'), text);
  const rec = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'sum'], { cwd: dir });
  assert.is(rec.code, 0, rec.stderr);
  const after = read(dir);
  assert.not.ok(after.startsWith(BOM));
  assert.ok(after.startsWith(text.split('\n').slice(0, 2).join('\n') + '\n'), after);
  assert.match(after, /\n {4}"baseline": \{\n/);
});

test.run();
