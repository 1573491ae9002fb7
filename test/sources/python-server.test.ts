/**
 * A server in another language: a Python MCP server (standard library only) over stdio, whose
 * JSON looks nothing like a JavaScript server's (non-ASCII and astral characters as \u escapes,
 * 1.0 and 250.0 for integers, keys in build order). Its lockfile and digests must equal those of
 * the same tools read from a tools/list file written by hand, byte for byte. Skipped with a
 * message when python3 is not installed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const SERVER = join(ROOT, 'test/fixtures/servers/python_stdio.py');
const TOOLS = join(ROOT, 'test/fixtures/servers/python-tools.json');
const hasPython = spawnSync('python3', ['--version']).status === 0;

if (!hasPython) {
  console.log('SKIP test/sources/python-server: python3 is not installed');
  test('skipped without python3', () => {});
} else {
  const env = { SOURCE_DATE_EPOCH: '1700000000' };
  const server = `python3 '${SERVER}' '${TOOLS}'`;

  test('lock from the Python server equals lock from the same tools as a file, byte for byte', () => {
    const dir = tempDir('mcpfusion-python-');
    const live = runCli(['lock', '--server', server, '--name', 'py', '--lockfile', 'live.lock'], { cwd: dir, env });
    assert.is(live.code, 0, live.stderr);
    assert.match(live.stdout, /: 2 tools, sha256:[0-9a-f]{64}\n/);
    const file = runCli(['lock', '--tools-list', TOOLS, '--name', 'py', '--lockfile', 'file.lock'], { cwd: dir, env });
    assert.is(file.code, 0, file.stderr);
    const text = readFileSync(join(dir, 'live.lock'), 'utf8');
    assert.is(text, readFileSync(join(dir, 'file.lock'), 'utf8'));
    // Written as characters, not as the escapes the server sent.
    assert.ok(text.includes('"résumé_lookup"') && text.includes('snippets 🔎'), 'non-ASCII text was not decoded');
    const check = runCli(['check', '--server', server, '--lockfile', 'file.lock'], { cwd: dir, env });
    assert.is(check.code, 0, check.stdout + check.stderr);
  });

  test('digest --format json agrees between the server and the file, and the annotations count', () => {
    const dir = tempDir('mcpfusion-python-');
    const live = runCli(['digest', '--server', server, '--format', 'json'], { cwd: dir, env });
    const file = runCli(['digest', '--tools-list', TOOLS, '--format', 'json'], { cwd: dir, env });
    assert.is(live.code, 0, live.stderr);
    assert.is(live.stdout, file.stdout);
    const inspect = runCli(['inspect', '--server', server, '--format', 'json'], { cwd: dir, env });
    assert.is(inspect.code, 0, inspect.stderr);
    const set = JSON.parse(inspect.stdout) as { tools: Record<string, { surface: { actions: Record<string, { destructive: boolean; readOnly: boolean }> } }> };
    const flags = (name: string): boolean[] => Object.values(set.tools[name]!.surface.actions).map((a) => [a.destructive, a.readOnly]).flat();
    assert.equal(flags('delete_note'), [true, false]);
    assert.equal(flags('résumé_lookup'), [false, true]);
  });
}

test.run();
