import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

test('a script given as the server command (not found, or not executable) is told to run through its interpreter (exit 3)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'server.mjs'), 'process.exit(0);\n');
  chmodSync(join(dir, 'server.mjs'), 0o644);
  writeFileSync(join(dir, 'server.py'), 'print()\n');
  const cases: [string, RegExp][] = [
    ['server.mjs', /the command "server\.mjs" was not found; .*run a script through its interpreter \("node server\.mjs"\)/],
    ['./server.mjs', /the command "\.\/server\.mjs" cannot be executed \(permission denied\); run a script through its interpreter \("node \.\/server\.mjs"\)/],
    ['server.py --stdio', /run a script through its interpreter \("python3 server\.py"\)/],
  ];
  for (const [line, expected] of cases) {
    const r = runCli(['digest', '--server', line], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    assert.match(r.stderr, expected);
  }
  // A program that is not a script gets no such advice.
  const other = runCli(['digest', '--server', 'no-such-program-x'], { cwd: dir });
  assert.is(other.code, 3);
  assert.not.match(other.stderr, /interpreter/);
});

test.run();
