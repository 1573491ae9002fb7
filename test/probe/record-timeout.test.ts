import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { TRICKY_SERVER } from './_probe.ts';

test('record: a call that outlasts --timeout names the limit it hit (exit 3, nothing written)', () => {
  const d = tempDir('mcpfusion-probe-timeout-');
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), '{ "probes": [{ "id": "h", "tool": "hang" }] }');
  const r = runCli(['probe', 'record', '--server', TRICKY_SERVER, '--timeout', '700'], { cwd: d });
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /Cannot record 1 of 1 probe; "mcpfusion\.probes\.jsonc" is unchanged:\n {2}h: no answer within 700 ms\n/);
});

test.run();
