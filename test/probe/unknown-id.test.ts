import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

test('an unknown --id lists the ids the probe file has (exit 2, no server started)', () => {
  const d = tempDir();
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), '{ "probes": [{ "id": "echo", "tool": "echo" }, { "id": "sum", "tool": "get-sum" }] }');
  const r = runCli(['probe', 'record', '--server', 'no-such-server-program', '--id', 'ecko'], { cwd: d });
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'error: No probe with the id "ecko" in "mcpfusion.probes.jsonc"; its ids are "echo", "sum"\n');
});

test.run();
