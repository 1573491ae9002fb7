/**
 * The scanner source runs unchanged under Deno 2: scanning the labelled corpus (every family,
 * evasion and not-analyzed case) gives byte-identical JSON and SARIF and the same exit code as
 * the Node bundle.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, type CliResult } from '../helpers/cli.ts';

const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/root', NO_COLOR: '1' };

function deno(args: string[]): CliResult {
  const r = spawnSync(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 180_000, env: ENV, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

if (!existsSync(DENO)) {
  console.log(`SKIP test/scan/deno: ${DENO} is missing`);
  test('skipped without the deno package', () => {});
} else {
  test('Deno and Node give identical scan output and exit codes', () => {
    for (const format of ['json', 'sarif']) {
      const args = ['scan', 'test/fixtures/scan/corpus', '--format', format];
      const viaDeno = deno(args);
      const viaNode = runCli(args, { cwd: ROOT, env: ENV, maxBuffer: 64 * 1024 * 1024 });
      assert.is(viaNode.code, 1, viaNode.stderr);
      assert.is(viaDeno.code, viaNode.code, viaDeno.stderr);
      assert.ok(viaDeno.stdout.length > 1000);
      assert.is(viaDeno.stdout, viaNode.stdout, `${format} differs between Deno and Node`);
    }
  });

  test('a package.json whose "main" or "imports" is written with an escape is read as Node reads it (Deno\'s JSON.parse took "mai\\u006e" after a "mai\\\\" key under the same keys for that key)', () => {
    // handler.js imports ./pkg, whose package.json is {"name":"p","x":{"name":"p","x":0,"mai\\":"x"},"mai\u006e":"lib/real.js"}
    // (pkg/lib/real.js runs a program, pkg/index.js does nothing); imports.js imports #run, which
    // the escaped "import\u0073" of the package.json beside it maps to pkg/lib/real.js.
    for (const file of ['handler.js', 'imports.js']) {
      const args = ['scan', `test/fixtures/scan/escaped-main/${file}`, '--format', 'json'];
      const viaNode = runCli(args, { cwd: ROOT, env: ENV });
      assert.ok(viaNode.stdout.includes('"subprocess.child-process"'), viaNode.stdout);
      assert.ok(viaNode.stdout.includes('escaped-main/pkg/lib/real.js'), viaNode.stdout);
      const viaDeno = deno(args);
      assert.is(viaDeno.code, viaNode.code, viaDeno.stderr);
      assert.is(viaDeno.stdout, viaNode.stdout, file);
    }
  });
}

test.run();
