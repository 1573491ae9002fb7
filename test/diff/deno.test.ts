/**
 * `diff` runs unchanged under Deno 2 (`deno run -A src/cli-main.ts`) and gives the same bytes and
 * exit codes as `node dist/mcpfusion.js`, in every format, with a `git:` side in a real repository.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { applyPatch } from './_patch.ts';

const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/root', NO_COLOR: '1' };
const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8'));

function deno(args: string[], cwd: string): CliResult {
  const r = spawnSync(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), ...args], { cwd, encoding: 'utf8', timeout: 120_000, env: ENV });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

test('diff under Deno 2 gives the bytes and exit codes of the Node bundle', () => {
  assert.ok(existsSync(DENO), `${DENO} is missing: npm install installs the "deno" devDependency`);
  const dir = tempDir('mcpfusion-diff-deno-');
  writeFileSync(join(dir, 'old.json'), JSON.stringify(base));
  writeFileSync(join(dir, 'new.json'), JSON.stringify(applyPatch(base, [
    { op: 'add', path: '/tools/invoices/surface/actions/create/requiredFields/-', value: 'dueDate' },
    { op: 'replace', path: '/tools/invoices/behavior/cognitiveGuardrails/agentLimitMax', value: 80 },
    { op: 'replace', path: '/tools/invoices/surface/description', value: 'Manage invoices ✓' },
  ])));
  const git = (...a: string[]) => assert.is(spawnSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...a], { cwd: dir }).status, 0);
  git('init', '-q', '.');
  git('add', 'old.json');
  git('commit', '-q', '-m', 'old');
  const runs: string[][] = [
    ['diff', 'old.json', 'new.json'],
    ['diff', 'git:HEAD:old.json', 'new.json', '--format', 'json'],
    ['diff', 'old.json', 'new.json', '--format', 'markdown', '--fail-on', 'never'],
    ['diff', 'old.json', 'new.json', '--format', 'github'],
    ['diff', 'old.json', 'new.json', '--format', 'sarif', '--policy', 'semantic'],
    ['diff', 'old.json', 'new.json', '--format', 'awareness', '--tool', 'invoices', '--action', 'create'],
    ['diff', 'old.json', 'old.json'],
    ['diff', 'old.json', 'absent.json'],
  ];
  for (const args of runs) {
    const d = deno(args, dir);
    const n = runCli(args, { cwd: dir, env: ENV });
    assert.is(d.code, n.code, `${args.join(' ')}: exit code (deno stderr: ${d.stderr})`);
    assert.is(d.stdout, n.stdout, `${args.join(' ')}: stdout`);
    assert.is(d.stderr, n.stderr, `${args.join(' ')}: stderr`);
  }
});

test.run();
