/**
 * A lockfile is written with two spaces of indent per level on each line, so a listing of about
 * a megabyte whose values nest hundreds of levels deep is more text than the runtime can hold in
 * one string. That must be a clear input error (exit 2) that writes nothing, not
 * `internal error: RangeError: Invalid string length` after building a gigabyte.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_TEXT_LENGTH, stringifySorted } from '../../src/canonical/pretty.ts';
import { InputError } from '../../src/errors.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

/** An array nested `depth` levels deep: 2 characters a level compact, about 2·depth² written out. */
function nested(depth: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
}

test('text longer than the runtime holds is refused before it is built, by an InputError', () => {
  // One nested value shared 1200 times: little memory, about 610 million characters written out.
  const shared = nested(500);
  const value = { items: Array.from({ length: 1200 }, () => shared) };
  let error: unknown;
  try {
    stringifySorted(value);
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof InputError, String(error));
  assert.ok((error as Error).message.startsWith(`The JSON text to write would be more than ${MAX_TEXT_LENGTH} characters (512 MiB), the longest text this runtime can hold`), (error as Error).message);
  // Well below the limit, the same shape is written as before.
  assert.is(stringifySorted({ items: [nested(3)] }), '{\n  "items": [\n    [\n      [\n        []\n      ]\n    ]\n  ]\n}\n');
});

test('lock of a 1.2 MB tools/list whose enum values nest 500 deep: exit 2 naming the lockfile, nothing written', () => {
  const dir = tempDir();
  const deep = '['.repeat(500) + ']'.repeat(500);
  const values = Array.from({ length: 1200 }, (_, i) => `[${i},${deep}]`).join(',');
  writeFileSync(join(dir, 'tools.json'), `{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"x":{"enum":[${values}]}}}}]}`);
  const r = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.ok(r.stderr.startsWith('error: Cannot write the lockfile "mcpfusion.lock": the JSON text to write would be more than 536870888 characters (512 MiB)'), r.stderr);
  assert.match(r.stderr, /; to lock this server its schemas must nest less: .*lock that file with --contracts contracts\.json\n/);
  assert.not.match(r.stderr, /internal error|RangeError|\n\s+at /);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test.run();
