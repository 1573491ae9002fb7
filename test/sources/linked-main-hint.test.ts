import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// @neverinfamous/mysql-mcp 2.1.0 (servers21): its bin dist/cli.js serves only when
// process.argv[1] === fileURLToPath(import.meta.url), false through node_modules/.bin/mysql-mcp,
// so the link exits 0 having written nothing, and node on the file itself serves.

const RPC = join(ROOT, 'test/fixtures/servers/_rpc.mjs');

function linkedPackage(dir: string): { link: string; file: string } {
  const pkg = join(dir, 'node_modules', 'p', 'dist');
  mkdirSync(pkg, { recursive: true });
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const file = join(pkg, 'cli.js');
  writeFileSync(join(dir, 'node_modules', 'p', 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', type: 'module', bin: { p: 'dist/cli.js' } }));
  writeFileSync(file, `#!/usr/bin/env node\nimport { fileURLToPath } from 'node:url';\nif (process.argv[1] === fileURLToPath(import.meta.url)) (await import(${JSON.stringify(RPC)})).serve({ 'tools/list': () => ({ tools: [] }) });\n`, { mode: 0o755 });
  const link = join(dir, 'node_modules', '.bin', 'p');
  symlinkSync('../p/dist/cli.js', link);
  return { link, file };
}

test('a .bin link to a file that serves only when process.argv[1] names it: told to start the file, and that line serves', () => {
  const dir = tempDir();
  const { link, file } = linkedPackage(dir);
  const r = runCli(['inspect', '--server', `${link} --db mysql://u:hunter2@127.0.0.1:9/db`, '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  // Its arguments are offered as the failure shows the command: the password hidden.
  assert.not.ok(r.stderr.includes('hunter2'), r.stderr);
  assert.ok(r.stderr.includes(`the command is a link to ${JSON.stringify(file)}, which compares process.argv[1] with its own path to decide whether to serve`), r.stderr);
  assert.ok(r.stderr.includes(`start that file itself: perhaps --server "node ${file} --db mysql://u:***@127.0.0.1:9/db"`), r.stderr);
  // The file itself, as offered, serves.
  const direct = runCli(['inspect', '--server', `node ${file}`, '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(direct.code, 0, direct.stderr);
});

test('no such hint for the file run itself that exits 0, nor for a link to a file without the check', () => {
  const dir = tempDir();
  const file = join(dir, 'quiet.mjs');
  writeFileSync(file, '#!/usr/bin/env node\nprocess.exitCode = 0;\n', { mode: 0o755 });
  symlinkSync(file, join(dir, 'quiet-link'));
  const r = runCli(['inspect', '--server', join(dir, 'quiet-link'), '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the program ended on its own, with exit code 0'), r.stderr);
  assert.not.ok(r.stderr.includes('compares process.argv[1]'), r.stderr);
});

test.run();
