import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';

test('probe --contracts / --tools-list: refused with the reason (probes call tools), before the probe file is read (exit 2)', () => {
  const d = tempDir();
  for (const [flag, shown] of [['--contracts', '--contracts'], ['--tools-list', '--tools-list'], ['--tools-list=-', '--tools-list']] as const) {
    const args = flag.includes('=') ? ['probe', 'run', flag] : ['probe', 'run', flag, 'x.json'];
    const r = runCli(args, { cwd: d, input: '' });
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stderr, `error: Probes call tools, so they need a live source (--server or --url), not ${shown}\n`);
  }
});

test.run();
