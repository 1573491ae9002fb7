/**
 * A lockfile or diff side given as a named pipe is opened once. Before, the check for a big plain
 * UTF-8 file (kept as bytes) opened it, saw no regular file and closed it unread, then the text
 * reader opened it again: what the writer sent was lost (or the writer died of EPIPE), and the
 * second open waited for a writer that was gone. `check --lockfile`, each side of `diff`,
 * `diff --against` and `heal --lockfile` did so: `diff <pipe> new.lock` with `cat old.lock > pipe`
 * as the writer waited forever in 2 runs of 20, with a Python writer in 8 of 20. The CLI cases
 * below depend on that race (2 to 4 of 5 failed on the old code); the last case does not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
const LOCK = readFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), 'utf8');
const CONTRACTS = join(ROOT, 'examples/billing/contracts.json');

const hasPython = spawnSync('python3', ['--version']).status === 0;

/**
 * A named pipe and a writer that behaves like a generator whose reader went away: it opens the
 * pipe (waiting for the reader), and when the reader closes it unread it ends without writing
 * (as `git show` or `jq` would die of EPIPE); while the reader keeps it open, it writes `text` a
 * moment later and closes it. A reader that opens the pipe once gets `text`; one that opens,
 * closes and opens it again waits on the second open for a writer that is gone.
 */
function pipeWith(text: string): { fifo: string; writer: ChildProcess; dir: string } {
  const dir = tempDir();
  const fifo = join(dir, 'side.lock');
  assert.is(spawnSync('mkfifo', [fifo]).status, 0);
  const script = join(dir, 'writer.py');
  writeFileSync(script, `import os, select, sys
fd = os.open(sys.argv[1], os.O_WRONLY)
p = select.poll()
p.register(fd, select.POLLERR)
if not p.poll(300):
    os.write(fd, sys.argv[2].encode())
os.close(fd)
`);
  const writer = spawn('python3', [script, fifo, text], { stdio: 'ignore' });
  return { fifo, writer, dir };
}

const cases: { name: string; text: string; args: (fifo: string) => string[]; code: number; stderr?: RegExp }[] = [
  { name: 'check --lockfile', text: LOCK, args: (f) => ['check', '--contracts', CONTRACTS, '--lockfile', f], code: 0 },
  { name: 'diff OLD', text: LOCK, args: (f) => ['diff', f, CONTRACTS], code: 0 },
  { name: 'diff NEW', text: LOCK, args: (f) => ['diff', CONTRACTS, f], code: 0 },
  { name: 'diff --against', text: LOCK, args: (f) => ['diff', '--against', f, '--contracts', CONTRACTS], code: 0 },
  // heal reads the lockfile before it starts the server: a broken one ends the run, naming its error.
  { name: 'heal --lockfile', text: '{"lockfileVersion": 1,', args: (f) => ['heal', '--lockfile', f, '--', 'no-such-server-program'], code: 2, stderr: /Invalid JSON in "[^"]*side\.lock" at line 1, column 23/ },
];

for (const c of cases) {
  test(`${c.name}: a named pipe is read once, with what its writer sent`, () => {
    if (!hasMkfifo || !hasPython) {
      console.log('skipped: no mkfifo or python3');
      return;
    }
    const { fifo, writer, dir } = pipeWith(c.text);
    try {
      const r = runCli(c.args(fifo), { cwd: dir, timeout: 30_000 });
      assert.is(r.code, c.code, `exit ${r.code} (-1: still waiting after 30 s): ${r.stderr}`);
      if (c.stderr !== undefined) assert.match(r.stderr, c.stderr);
    } finally {
      writer.kill();
    }
  });
}

test('tryReadPlainUtf8 does not open a named pipe (it is no regular file): it gives undefined at once, with no writer', () => {
  if (!hasMkfifo) {
    console.log('skipped: no mkfifo');
    return;
  }
  const dir = tempDir();
  const fifo = join(dir, 'nobody-writes.lock');
  assert.is(spawnSync('mkfifo', [fifo]).status, 0);
  // Before, its open waited for a writer forever (here: killed after 20 s, status null).
  const script = `import { tryReadPlainUtf8 } from ${JSON.stringify(join(ROOT, 'src/io/read-file.ts'))};
console.log(String(tryReadPlainUtf8(process.argv[1])));`;
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script, fifo], { encoding: 'utf8', timeout: 20_000 });
  assert.is(r.status, 0, `status ${r.status} (null: still waiting on the open after 20 s): ${r.stderr}`);
  assert.is(r.stdout, 'undefined\n');
});

test.run();
