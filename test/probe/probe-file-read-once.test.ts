/**
 * The probe file is read once: its text and whether it starts with a byte-order mark (which
 * `record` puts back) come from the same read. Before, the file was opened a second time for the
 * mark, so a probe file that can be read only once (a named pipe, `--probes <(generate-probes)`)
 * made the command wait forever on that second open, or see no mark.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

test('a probe file in a named pipe, with a byte-order mark, is read (an unknown --id lists its ids: exit 2, no server started)', () => {
  if (!hasMkfifo) {
    console.log('skipped: no mkfifo');
    return;
  }
  const d = tempDir();
  const fifo = join(d, 'probes.jsonc');
  assert.is(spawnSync('mkfifo', [fifo]).status, 0);
  // The writer opens the pipe, writes the file once and closes it.
  const writer = spawn('sh', ['-c', 'printf "\\357\\273\\277%s" "$1" > "$0"', fifo, '{ "probes": [{ "id": "echo", "tool": "echo" }] }'], { stdio: 'ignore' });
  try {
    const r = runCli(['probe', 'run', '--server', 'no-such-server-program', '--probes', fifo, '--id', 'ecko'], { cwd: d, timeout: 30_000 });
    assert.is(r.code, 2, `exit ${r.code} (-1: still waiting after 30 s): ${r.stderr}`);
    assert.is(r.stderr, `error: No probe with the id "ecko" in "${fifo}"; its ids are "echo"\n`);
  } finally {
    writer.kill();
  }
});

test.run();
