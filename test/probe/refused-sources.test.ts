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

test('a bad flag value is named before the probe file is read, so it is not hidden behind "No probe file" (exit 2)', () => {
  const d = tempDir();
  const cases: [string[], string][] = [
    [['probe', 'run', '--server', 'node s.js', '--fail-on', 'critical'], 'error: Invalid --fail-on "critical": expected one of none, low, medium, high, never\n'],
    [['probe', 'run', '--server', 'node s.js', '--concurrency', '0'], 'error: --concurrency must be a positive integer, got "0"\n'],
    [['probe', 'run', '--server', 'node s.js', '--thresholds', '0.5,0.9'], 'error: Invalid --thresholds "0.5,0.9": expected three numbers from 0 to 1 for none,low,medium, e.g. 0.95,0.75,0.5\n'],
    [['probe', 'record', '--server', 'node s.js', '--format', 'markdown'], 'error: --format markdown is not supported by `probe record`; use one of text, json\n'],
    [['probe', 'run', '--server', 'node s.js', '--timeout', 'soon'], 'error: --timeout must be a positive integer, got "soon"\n'],
  ];
  for (const [argv, stderr] of cases) {
    const r = runCli(argv, { cwd: d });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
});

test.run();
