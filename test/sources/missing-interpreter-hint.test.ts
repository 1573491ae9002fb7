import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { missingInterpreterHint } from '../../src/sources/missing-interpreter-hint.ts';

// indra_db_mcp 0.2.2's bin is `src/index.ts` with `#!/usr/bin/env bun` (servers21): without Bun,
// env says so and exits 127, and the failure quoted that line with no word on what it means.

test('missingInterpreterHint: env\'s words in GNU (both locales), BSD and BusyBox name the program; other lines none', () => {
  const rows: [string, string][] = [
    ['/usr/bin/env: ‘bun’: No such file or directory', 'bun'],
    ["/usr/bin/env: 'deno': No such file or directory", 'deno'],
    ['env: tsx: No such file or directory', 'tsx'],
    ["env: can't execute 'python3.13': No such file or directory", 'python3.13'],
  ];
  for (const [line, name] of rows) {
    const hint = missingInterpreterHint(['starting', line]);
    assert.ok(hint.startsWith(`; the command is a script whose "#!" line runs "${name}" through env, which found no ${name} on the PATH the server was started with`), `${line}: ${hint}`);
  }
  assert.is(missingInterpreterHint(['Error: ENOENT: no such file or directory, open \'/x/config.json\'', 'cat: x: No such file or directory']), '');
});

test('a script whose #! line names a program not installed is told which, and what to do (a real run of the CLI through env)', () => {
  const dir = tempDir();
  const bin = join(dir, 'node_modules', 'srv', 'src');
  mkdirSync(bin, { recursive: true });
  const script = join(bin, 'index.ts');
  writeFileSync(script, '#!/usr/bin/env mcpfusion-no-such-runtime\nconsole.log("never runs");\n');
  chmodSync(script, 0o755);
  const r = runCli(['inspect', '--server', script, '--handshake-timeout', '60000', '--server-env', 'PATH=/usr/bin:/bin'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server exited (exit code 127)'), r.stderr);
  assert.ok(r.stderr.includes('the command is a script whose "#!" line runs "mcpfusion-no-such-runtime" through env, which found no mcpfusion-no-such-runtime on the PATH the server was started with'), r.stderr);
  assert.ok(r.stderr.includes('install mcpfusion-no-such-runtime, or give the folder it is in on the server\'s PATH (--server-env PATH=…)'), r.stderr);
});

test.run();
