/**
 * The probe command runs unchanged under Deno 2 (`deno run -A src/cli-main.ts`): record and run
 * against server-everything over stdio give the same files and the same report bytes as the Node
 * bundle, and a hanging judge command is killed with its group there too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { EVERYTHING_SERVER, judge, probeDir, probeText } from './_probe.ts';

const DENO = join(ROOT, 'node_modules', '.bin', 'deno');

function deno(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/root', NO_COLOR: '1', ...env },
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

if (!existsSync(DENO)) {
  console.log(`SKIP test/probe/deno: ${DENO} is missing`);
  test('skipped without the deno package', () => {});
} else {
  test('record and run under Deno match the Node bundle byte for byte', () => {
    const viaDeno = probeDir();
    const viaNode = probeDir();
    const d = deno(['probe', 'record', '--server', EVERYTHING_SERVER], viaDeno);
    const n = runCli(['probe', 'record', '--server', EVERYTHING_SERVER], { cwd: viaNode });
    assert.is(d.code, 0, d.stderr);
    assert.is(d.stdout, n.stdout);
    assert.is(probeText(viaDeno), probeText(viaNode));
    for (const format of ['json', 'markdown']) {
      const dr = deno(['probe', 'run', '--server', EVERYTHING_SERVER, '--format', format], viaDeno);
      const nr = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--format', format], { cwd: viaDeno });
      assert.is(dr.code, 0, dr.stderr);
      assert.is(dr.stdout, nr.stdout, format);
    }
  });

  test('under Deno a hanging judge falls back and its whole group is killed', () => {
    const dir = probeDir();
    assert.is(deno(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'echo'], dir).code, 0);
    const pids = tempDir('mcpfusion-deno-judge-');
    // The judge (a node process) must start and write its pids within the limit: well above a loaded machine's node start.
    const r = deno(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'echo', '--timeout', '10000', '--format', 'json', '--judge-command', judge('hang')], dir, { JUDGE_PIDS: pids });
    assert.is(r.code, 0, r.stderr);
    assert.is(JSON.parse(r.stdout).probes[0].fallback.code, 'judge-timeout');
    const [judgePid, helperPid] = readFileSync(join(pids, readdirSync(pids)[0]!), 'utf8').split(' ').map(Number) as [number, number];
    assert.ok(!alive(judgePid) && !alive(helperPid), 'judge and helper are gone');
  });
}

test.run();
