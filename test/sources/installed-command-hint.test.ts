/**
 * A command not found that is named after an npm package installed there, which installs its
 * command under another name or none (servers24: accessflow-mcp-server 1.0.15 installs `flow-mcp`,
 * @yhy2001/figma-mcp-server 1.1.0 `figma-mcp`, read-web-page-mcp 3.0.0 no command): the failure
 * names the package's commands and offers the line that starts one, and that line locks.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const PKG = join(ROOT, 'test/fixtures/servers/two-commands');
const SERVER = join(PKG, 'server.mjs');
const PATIENT = ['--handshake-timeout', '60000'];

/** A project with the fixture package installed as npm does, a package of one command, one of none. */
function project(): string {
  const dir = tempDir();
  const bin = join(dir, 'node_modules/.bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(PKG, join(dir, 'node_modules/two-commands-fixture'));
  for (const [name, target] of [['two-commands', 'cli.mjs'], ['tc', 'cli.mjs'], ['two-commands-mcp', 'server.mjs'], ['two-commands-report', 'report.mjs']]) {
    symlinkSync(join('..', 'two-commands-fixture', target!), join(bin, name!));
  }
  for (const [name, fields] of [['solo-mcp', { bin: { 'solo-mcp': 'server.mjs' } }], ['@acme/nobin-mcp', { main: './index.mjs' }]] as const) {
    const at = join(dir, 'node_modules', name);
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', ...fields }));
    writeFileSync(join(at, 'server.mjs'), `#!/usr/bin/env node\nimport ${JSON.stringify(SERVER)};\n`, { mode: 0o755 });
    writeFileSync(join(at, 'index.mjs'), `import ${JSON.stringify(SERVER)};\n`);
  }
  symlinkSync('../solo-mcp/server.mjs', join(bin, 'solo-mcp'));
  return dir;
}

/** The `--server "…"` line a failure offers. */
const offered = (stderr: string): string => JSON.parse(/--server ("(?:[^"\\]|\\.)*")/.exec(stderr)![1]!) as string;

test('a .bin link named after a package that installs other commands: they are named, the MCP one offered, and it locks', () => {
  const dir = project();
  const r = runCli(['lock', '--server', 'node_modules/.bin/two-commands-fixture --flag', ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the command "node_modules/.bin/two-commands-fixture" was not found; check its name, the PATH, or give its path; the package "two-commands-fixture" 2.0.1 in "node_modules" installs its commands as "two-commands-mcp", "tc", "two-commands" and 1 more, not "two-commands-fixture": --server "node_modules/.bin/two-commands-mcp --flag"'), r.stderr);
  const ok = runCli(['lock', '--server', offered(r.stderr), ...PATIENT], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
});

test('a bare name: a package of another command name, one of the same name installed only in node_modules, one of no command', () => {
  const dir = project();
  const other = runCli(['lock', '--server', 'two-commands-fixture', ...PATIENT], { cwd: dir });
  assert.is(other.code, 3, other.stderr);
  assert.is(offered(other.stderr), 'node_modules/.bin/two-commands-mcp');
  const same = runCli(['lock', '--server', 'solo-mcp', ...PATIENT], { cwd: dir, env: { PATH: '/nonexistent' } });
  assert.is(same.code, 3, same.stderr);
  assert.ok(same.stderr.includes('the package "solo-mcp" 1.0.0 in "node_modules" installs it there, not on the PATH: --server "node_modules/.bin/solo-mcp"'), same.stderr);
  assert.is(runCli(['lock', '--server', offered(same.stderr), ...PATIENT], { cwd: dir }).code, 0);
  const none = runCli(['lock', '--server', 'nobin-mcp', ...PATIENT], { cwd: dir });
  assert.is(none.code, 3, none.stderr);
  assert.ok(none.stderr.includes('the package "@acme/nobin-mcp" 1.0.0 in "node_modules" installs no command; start its file with node (its main is "./index.mjs"): --server "node node_modules/@acme/nobin-mcp/index.mjs"'), none.stderr);
  const started = runCli(['lock', '--server', offered(none.stderr), ...PATIENT], { cwd: dir });
  assert.is(started.code, 0, started.stderr);
});

test('a name no package installed there has: the plain not-found message', () => {
  const dir = project();
  const r = runCli(['lock', '--server', 'node_modules/.bin/no-such-pkg-x', ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.not.ok(r.stderr.includes('the package'), r.stderr);
});

test.run();
