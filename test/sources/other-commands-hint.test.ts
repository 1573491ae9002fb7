/**
 * A program that ends with exit code 0 before answering initialize, writing no error, is told of
 * the other commands of its npm package whose names say they serve MCP (servers17:
 * github-mcp-server 1.8.7's `github-mcp-server` is a git CLI printing help; its
 * `github-mcp-server-mcp` is the server).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { commandPackage, type CommandPackage } from '../../src/sources/package-of.ts';
import { otherCommandsHint, serverCommandLine } from '../../src/sources/other-commands-hint.ts';
import { parseCommandLine } from '../../src/sources/command-line.ts';

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
  assert.equal(commandPackage(NODE, ['--no-warnings', join(PKG, 'cli.mjs')], dir, undefined)!.via, { kind: 'runtime', runtime: NODE, options: ['--no-warnings'] });
  assert.is(commandPackage('two-commands', [], '/', `/nonexistent:${bin}`)!.pkg.version, '2.0.1');
  assert.is(commandPackage('no-such-command-anywhere', [], dir, bin), undefined);
});

/** A preload script in a package of its own (as `node --require dotenv/config` loads one). */
function preload(dir: string): string {
  const at = join(dir, 'preload-pkg');
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, 'package.json'), JSON.stringify({ name: 'preload-pkg', version: '1.0.0', bin: { 'preload-mcp': 'x.js' } }));
  writeFileSync(join(at, 'preload.cjs'), '');
  return join(at, 'preload.cjs');
}

test('commandPackage skips the value of a runtime option (node --require x s.js), and finds no script for node -e (before: the --require value was taken as the script)', () => {
  const dir = installed();
  const pre = preload(dir);
  for (const options of [['--require', pre], ['-r', pre], ['--import', pre], [`--require=${pre}`], ['--no-warnings', '-r', pre, '--']]) {
    const ran = commandPackage(NODE, [...options, join(PKG, 'cli.mjs'), '--flag'], dir, undefined);
    assert.is(ran?.pkg.name, 'two-commands-fixture', options.join(' '));
    assert.equal(ran!.via, { kind: 'runtime', runtime: NODE, options: options.filter((o) => o !== '--') });
  }
  assert.is(commandPackage(NODE, ['-e', 'require("x")', join(PKG, 'cli.mjs')], dir, undefined), undefined);
  assert.is(commandPackage(NODE, ['--check', join(PKG, 'cli.mjs')], dir, undefined), undefined);
  assert.is(commandPackage('bun', ['run', '--preload', pre, join(PKG, 'cli.mjs')], dir, undefined)?.pkg.name, 'two-commands-fixture');
});

test('serverCommandLine: each suggested line is read back by mcpfusion as the same words, and one a shell would expand inside "…" is not suggested', () => {
  for (const words of [
    ['node', '/srv/p/s.js'], ['node', '--require', './pre.cjs', '/home/me/my servers/p/s.js'], ['/srv/ä p/.bin/x-mcp'],
    ['node', '~/s.js'], ['FOO=1'], ['node', '--import=tsx', '/srv/p (copy)/s.js'], ['node', '/srv/a;b|c&d<e>f/s.js'],
  ]) {
    const line = serverCommandLine(words);
    assert.ok(line !== undefined, words.join(' '));
    const read = parseCommandLine(line!, '/home/me');
    assert.equal([read.command, ...read.args], words, line);
    assert.equal(read.env, {}, line);
    // What a shell does with "--server \"<line>\"": nothing (no $, backquote, backslash, double quote or !).
    assert.ok(!/[$`\\"!]/.test(line!), line);
  }
  for (const word of ['/srv/$(id)/s.js', '/srv/`id`/s.js', "/srv/it's/s.js", '/srv/a"b/s.js', '/srv/a\\b/s.js', '/srv/hi!/s.js', '/srv/a\nb/s.js']) {
    assert.is(serverCommandLine(['node', word]), undefined, word);
  }
});

test('otherCommandsHint names the commands that may serve, never the one run or one that says nothing of MCP', () => {
  const dir = installed();
  const hint = otherCommandsHint(commandPackage('./node_modules/.bin/tc', [], dir, undefined)!);
  assert.is(hint, `; its package two-commands-fixture 2.0.1 installs another command that may serve MCP: two-commands-mcp (server.mjs); perhaps --server ${JSON.stringify(join(dir, 'node_modules/.bin/two-commands-mcp'))}`);
  // A command name or target a shell would expand inside the suggested --server "…" is not offered.
  const pkg = { name: 'p', version: undefined, node: undefined, dependencies: [], devDependencies: [], dir: '/srv/p' };
  const hostile = { pkg: { ...pkg, bin: { '$(id)mcp': 'a.js', 'mcp-x': '$(id).js', 'mcp-ok': 'dist/s.js', 'mcp-ok2': './dist/s.js', cli: 'cli.js' } }, file: '/srv/p/cli.js', via: { kind: 'bin' as const, binDir: '/srv/node_modules/.bin' } };
  assert.is(otherCommandsHint(hostile), '; its package p installs another command that may serve MCP: mcp-ok (dist/s.js); perhaps --server "/srv/node_modules/.bin/mcp-ok"');
  // A folder a shell would expand inside "…": the commands are named, no command line is offered.
  assert.is(otherCommandsHint({ ...hostile, via: { kind: 'bin', binDir: '/srv/$(id)/node_modules/.bin' } }), '; its package p installs another command that may serve MCP: mcp-ok (dist/s.js)');
  // A folder with a space: the word is single-quoted inside the double quotes.
  assert.is(otherCommandsHint({ ...hostile, via: { kind: 'bin', binDir: '/srv/my apps/node_modules/.bin' } }), `; its package p installs another command that may serve MCP: mcp-ok (dist/s.js); perhaps --server "'/srv/my apps/node_modules/.bin/mcp-ok'"`);
  // Run by its path, not from a .bin folder or PATH: the package's file itself (before: the bare name, found nowhere).
  assert.is(otherCommandsHint({ ...hostile, via: { kind: 'path', onPath: false } }), '; its package p installs another command that may serve MCP: mcp-ok (dist/s.js); perhaps --server "/srv/p/dist/s.js"');
  assert.is(otherCommandsHint({ ...hostile, via: { kind: 'path', onPath: true } }), '; its package p installs another command that may serve MCP: mcp-ok (dist/s.js); perhaps --server "mcp-ok"');
  // Run as the server itself: nothing else to offer.
  assert.is(otherCommandsHint(commandPackage(NODE, [join(PKG, 'server.mjs')], dir, undefined)!), '');
});

test('on Windows the line offered holds the Windows paths, single-quoted, through cmd /c for a .cmd command, and reads back as the same words (before: no line, for the \\ in every path)', () => {
  const pkg = { name: 'p', version: '1.0.0', node: undefined, dependencies: [], devDependencies: [], dir: 'C:\\Users\\Me\\my app\\node_modules\\p', bin: { 'p-cli': 'cli.js', 'p-mcp': 'dist/server.js' } };
  const file = 'C:\\Users\\Me\\my app\\node_modules\\p\\cli.js';
  const perhaps = (hint: string): string | undefined => /; perhaps --server (".*")$/.exec(hint)?.[1];
  const cases: [CommandPackage['via'], string[] | undefined][] = [
    [{ kind: 'runtime', runtime: 'node', options: ['--require', '.\\pre.cjs'] }, ['node', '--require', '.\\pre.cjs', 'C:\\Users\\Me\\my app\\node_modules\\p\\dist\\server.js']],
    [{ kind: 'path', onPath: false }, ['node', 'C:\\Users\\Me\\my app\\node_modules\\p\\dist\\server.js']],
    [{ kind: 'path', onPath: true }, ['cmd', '/c', 'p-mcp']],
    [{ kind: 'bin', binDir: 'C:\\srv\\node_modules\\.bin' }, ['cmd', '/c', 'C:\\srv\\node_modules\\.bin\\p-mcp.cmd']],
    // cmd reads the rest of a cmd /c line itself: a folder with a space is not offered there.
    [{ kind: 'bin', binDir: 'C:\\my srv\\node_modules\\.bin' }, undefined],
  ];
  for (const [via, words] of cases) {
    const hint = otherCommandsHint({ pkg, file, via }, 'win32');
    assert.ok(hint.startsWith('; its package p 1.0.0 installs another command that may serve MCP: p-mcp (dist/server.js)'), hint);
    const offered = perhaps(hint);
    if (words === undefined) {
      assert.is(offered, undefined, hint);
      continue;
    }
    assert.ok(offered !== undefined, hint);
    const line = JSON.parse(offered!) as string;
    // JSON.stringify doubles each backslash: the line itself, as pasted, holds single ones.
    assert.is(offered, `"${line.replaceAll('\\', '\\\\')}"`);
    const read = parseCommandLine(line, 'C:\\Users\\Me');
    assert.equal([read.command, ...read.args], words, line);
    // Nothing cmd (%NAME%) or PowerShell ($, backquote) expands inside "…", no " to end it.
    assert.not.ok(/[%$`"]/.test(line), line);
  }
  // The same words on Linux or macOS: none offered, as a shell reads \\ inside "…".
  assert.is(perhaps(otherCommandsHint({ pkg, file, via: cases[0]![0] }, 'linux')), undefined);
  assert.is(serverCommandLine(['node', 'C:\\srv\\%APPDATA%\\s.js'], 'win32'), undefined);
  assert.is(serverCommandLine(['node', 'C:\\srv\\s.js'], 'win32'), "node 'C:\\srv\\s.js'");
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

test('run with node --require x, from a folder with a space: the line offered keeps the option, is quoted, and locks as given', () => {
  const dir = join(tempDir(), 'my servers');
  mkdirSync(dir);
  cpSync(PKG, join(dir, 'pkg'), { recursive: true });
  cpSync(join(PKG, '../_rpc.mjs'), join(dir, '_rpc.mjs')); // what the fixture's server imports
  const pre = preload(dir);
  const r = runCli(['lock', '--server', `${NODE} --require '${pre}' '${join(dir, 'pkg/cli.mjs')}'`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  const offered = /perhaps --server "([^"]*)"/.exec(r.stderr)?.[1];
  assert.is(offered, `${NODE} --require '${pre}' '${join(dir, 'pkg/server.mjs')}'`, r.stderr);
  const served = runCli(['lock', '--server', offered!, ...PATIENT], { cwd: dir });
  assert.is(served.code, 0, served.stderr);
  assert.match(served.stdout, /: 1 tool, sha256:/);
});

test.run();
