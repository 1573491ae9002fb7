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
}

test.run();
