/**
 * A program that ends with exit code 0 before answering initialize, writing no error, is told of
 * the other commands of its npm package whose names say they serve MCP (servers17:
 * github-mcp-server 1.8.7's `github-mcp-server` is a git CLI printing help; its
 * `github-mcp-server-mcp` is the server).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { commandPackage } from '../../src/sources/package-of.ts';
import { otherCommandsHint } from '../../src/sources/other-commands-hint.ts';

const NODE = process.execPath;
const PKG = join(ROOT, 'test/fixtures/servers/two-commands');
const PATIENT = ['--handshake-timeout', '60000'];

/** A node_modules/.bin folder linking the fixture package's commands, as npm installs them. */
function installed(): string {
  const dir = tempDir();
  const bin = join(dir, 'node_modules/.bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(PKG, join(dir, 'node_modules/two-commands-fixture'));
  for (const [name, target] of [['two-commands', 'cli.mjs'], ['tc', 'cli.mjs'], ['two-commands-mcp', 'server.mjs']]) {
    symlinkSync(join('..', 'two-commands-fixture', target!), join(bin, name!));
  }
  return dir;
}

test('commandPackage finds the package of a .bin link, a script given to node, and a name on PATH', () => {
  const dir = installed();
  const bin = join(dir, 'node_modules/.bin');
  const viaBin = commandPackage('./node_modules/.bin/two-commands', [], dir, undefined)!;
  assert.is(viaBin.pkg.name, 'two-commands-fixture');
  assert.is(viaBin.file, join(PKG, 'cli.mjs'));
  assert.equal(viaBin.via, { kind: 'bin', binDir: bin });
  assert.equal(commandPackage(NODE, ['--no-warnings', join(PKG, 'cli.mjs')], dir, undefined)!.via, { kind: 'runtime', runtime: NODE });
  assert.is(commandPackage('two-commands', [], '/', `/nonexistent:${bin}`)!.pkg.version, '2.0.1');
  assert.is(commandPackage('no-such-command-anywhere', [], dir, bin), undefined);
});

test('otherCommandsHint names the commands that may serve, never the one run or one that says nothing of MCP', () => {
  const dir = installed();
  const hint = otherCommandsHint(commandPackage('./node_modules/.bin/tc', [], dir, undefined)!);
  assert.is(hint, `; its package two-commands-fixture 2.0.1 installs another command that may serve MCP: two-commands-mcp (server.mjs); perhaps --server ${JSON.stringify(join(dir, 'node_modules/.bin/two-commands-mcp'))}`);
  // A command name or target a shell would expand inside the suggested --server "…" is not offered.
  const pkg = { name: 'p', version: undefined, node: undefined, dependencies: [], devDependencies: [], dir: '/srv/p' };
  const hostile = { pkg: { ...pkg, bin: { '$(id)mcp': 'a.js', 'mcp-x': '$(id).js', 'mcp-ok': 'dist/s.js', 'mcp-ok2': './dist/s.js', cli: 'cli.js' } }, file: '/srv/p/cli.js', via: { kind: 'bin' as const, binDir: '/srv/node_modules/.bin' } };
  assert.is(otherCommandsHint(hostile), '; its package p installs another command that may serve MCP: mcp-ok (dist/s.js); perhaps --server "/srv/node_modules/.bin/mcp-ok"');
  // Run as the server itself: nothing else to offer.
  assert.is(otherCommandsHint(commandPackage(NODE, [join(PKG, 'server.mjs')], dir, undefined)!), '');
});

test('the failure of a package CLI that prints help and exits 0 offers the package command that serves, and that command locks', () => {
  const dir = installed();
  const r = runCli(['lock', '--server', './node_modules/.bin/two-commands', ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  const offered = join(dir, 'node_modules/.bin/two-commands-mcp');
  assert.ok(r.stderr.includes(`its package two-commands-fixture 2.0.1 installs another command that may serve MCP: two-commands-mcp (server.mjs); perhaps --server ${JSON.stringify(offered)}`), r.stderr);
  const viaNode = runCli(['lock', '--server', `${NODE} ${join(PKG, 'cli.mjs')}`, ...PATIENT], { cwd: dir });
  assert.ok(viaNode.stderr.includes(`perhaps --server ${JSON.stringify(`${NODE} ${join(PKG, 'server.mjs')}`)}`), viaNode.stderr);
  const served = runCli(['lock', '--server', offered, ...PATIENT], { cwd: dir });
  assert.is(served.code, 0, served.stderr);
  assert.match(served.stdout, /: 1 tool, sha256:/);
});

test.run();
