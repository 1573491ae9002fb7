/**
 * A Node.js server that stops at start-up on a package it imports that is not installed is told
 * whose fault that is (servers17: mcp-atlassian 2.1.0 imports jsdom, listed only in its
 * devDependencies; mcp-dataverse 0.7.8 imports @modelcontextprotocol/ext-apps, listed nowhere).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { missingDependency, missingDependencyHint, namedMissingPackage } from '../../src/sources/missing-dependency-hint.ts';

const NODE = process.execPath;
const DIR = join(ROOT, 'test/fixtures/servers/missing-dependency');
const PATIENT = ['--handshake-timeout', '60000'];

test('missingDependency reads the package and the importing file, ESM and CommonJS', () => {
  assert.equal(missingDependency(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'jsdom' imported from /srv/node_modules/mcp-atlassian/dist/utils/html-sanitizer.js"]),
    { name: 'jsdom', file: '/srv/node_modules/mcp-atlassian/dist/utils/html-sanitizer.js' });
  assert.equal(missingDependency(["Error: Cannot find module '@scope/pkg/lib/x'", 'Require stack:', '- /srv/app/index.js']), { name: '@scope/pkg', file: '/srv/app/index.js', subpath: 'lib/x' });
  // A subpath an exports map does not list, required or imported.
  assert.equal(missingDependency(['Error [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath \'./internal\' is not defined by "exports" in /srv/my app/node_modules/@s/p/package.json', 'Require stack:', '- /srv/my app/b.cjs']),
    { name: '@s/p', file: '/srv/my app/b.cjs', subpath: 'internal', notExported: '/srv/my app/node_modules/@s/p/package.json' });
  assert.equal(missingDependency(['Error [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath \'./x/y\' is not defined by "exports" in /srv/node_modules/p/package.json imported from /srv/c.mjs']),
    { name: 'p', file: '/srv/c.mjs', subpath: 'x/y', notExported: '/srv/node_modules/p/package.json' });
  // A folder with a space in its name is part of the importing file's path, not its end.
  assert.equal(missingDependency(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'jsdom' imported from /home/me/My Servers/srv/x.js"]),
    { name: 'jsdom', file: '/home/me/My Servers/srv/x.js' });
  // A relative path or a built-in is no package to install.
  assert.is(missingDependency(["Error: Cannot find module './config.json'"]), undefined);
  assert.is(missingDependency(['Error: API_KEY is required']), undefined);
  // A specifier that is no npm name is not put into an `npm install …` to paste into a shell.
  assert.is(missingDependency(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'x; rm -rf ~' imported from /srv/a.mjs"]), undefined);
  assert.is(missingDependency(["Error: Cannot find module '$(id)'", 'Require stack:', '- /srv/b.cjs']), undefined);
  assert.is(missingDependency(["Error: Cannot find module '@s/`id`'"]), undefined);
  assert.match(missingDependencyHint({ name: 'jsdom', file: undefined }, undefined), /^; the server imports "jsdom", which is not installed where it runs/);
});

test('the failure says whether the package lists what it imports, and what to install', () => {
  const dir = tempDir();
  const run = (script: string): string => {
    const r = runCli(['lock', '--server', `${NODE} ${join(DIR, script)}`, ...PATIENT], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    return r.stderr;
  };
  const dev = run('dev-only.mjs');
  assert.ok(dev.includes('the server\'s package missing-dependency-fixture 0.7.8 imports "mcpfusion-fixture-dev-only", which its package.json lists only in devDependencies, so installing the package does not install it: a fault of the package (tell its authors); until it is fixed, install "mcpfusion-fixture-dev-only" beside it'), dev);
  const undeclared = run('undeclared.mjs');
  assert.ok(undeclared.includes('imports "@mcpfusion-fixture/undeclared", which its package.json does not list as a dependency: a fault of the package'), undeclared);
  const declared = run('declared.mjs');
  assert.ok(declared.includes('imports "mcpfusion-fixture-declared", a dependency its package.json lists that is not installed: install its dependencies'), declared);
  const required = run('required.cjs');
  assert.ok(required.includes('imports "mcpfusion-fixture-required", which its package.json does not list as a dependency'), required);
});

test('a package a server names in its own words as required (@kubb/cli\'s "Import of \'@kubb/mcp\' is required …") is named with what to install, when it is not installed', () => {
  assert.equal(namedMissingPackage(["Import of '@kubb/mcp' is required to start the MCP server"]), { name: '@kubb/mcp', line: "Import of '@kubb/mcp' is required to start the MCP server" });
  assert.is(namedMissingPackage(['Module "sharp" could not be loaded'])?.name, 'sharp');
  // No package word before the name, or no word of lacking after it, or no npm name: none.
  assert.is(namedMissingPackage(["Error: 'API_KEY' is required"]), undefined);
  assert.is(namedMissingPackage(["Imported 'users' table in 3 ms"]), undefined);
  assert.is(namedMissingPackage(["Import of 'x; rm -rf ~' is required"]), undefined);
  const dir = tempDir();
  const r = runCli(['lock', '--server', `${NODE} ${join(DIR, 'optional-part.mjs')}`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`; it says it needs the package "mcpfusion-fixture-dev-only" ("Import of 'mcpfusion-fixture-dev-only' is required to start the MCP server"), which is not installed where it runs (missing-dependency-fixture 0.7.8 lists it only in devDependencies, so installing missing-dependency-fixture does not install it): install it beside the server, in the version that goes with missing-dependency-fixture 0.7.8 (npm install mcpfusion-fixture-dev-only in `), r.stderr);
  // A package that is installed where the server looks (uvu, in the repository's node_modules): its line is about something else.
  const installed = runCli(['lock', '--server', `${NODE} ${join(DIR, 'optional-part.mjs')}`, '--server-env', 'FIXTURE_PART=uvu', ...PATIENT], { cwd: dir });
  assert.is(installed.code, 3, installed.stderr);
  assert.not.ok(installed.stderr.includes('it says it needs the package'), installed.stderr);
});

test('a subpath missing from a package that is installed is named as such, with the package\'s version (before: "imports \\"pkg\\", which is not installed")', () => {
  const dir = tempDir();
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, 'subpath-fixture'), { recursive: true });
  writeFileSync(join(modules, 'subpath-fixture/package.json'), JSON.stringify({ name: 'subpath-fixture', version: '3.1.4' }));
  writeFileSync(join(modules, 'subpath-fixture/index.js'), 'module.exports = 1;\n');
  mkdirSync(join(modules, 'exports-fixture'), { recursive: true });
  writeFileSync(join(modules, 'exports-fixture/package.json'), JSON.stringify({ name: 'exports-fixture', version: '2.7.1', exports: { '.': './index.js' } }));
  writeFileSync(join(modules, 'exports-fixture/index.js'), 'module.exports = 1;\n');
  const app = join(dir, 'app');
  mkdirSync(app);
  const run = (name: string, source: string): string => {
    writeFileSync(join(app, name), source);
    const r = runCli(['lock', '--server', `${NODE} ${join(app, name)}`, ...PATIENT], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    return r.stderr;
  };
  const file = run('a.cjs', "require('subpath-fixture/lib/missing');\n");
  assert.ok(file.includes(`; the server imports "subpath-fixture/lib/missing", a subpath the installed package lacks: subpath-fixture 3.1.4 (at ${join(modules, 'subpath-fixture')}) has no file for "lib/missing". Either the server was written for another version of "subpath-fixture"`), file);
  assert.not.ok(file.includes('which is not installed'), file);
  const exported = `; the server imports "exports-fixture/internal", a subpath the installed package lacks: exports-fixture 2.7.1 (at ${join(modules, 'exports-fixture')}) does not list "./internal" in the "exports" map of its package.json`;
  const required = run('b.cjs', "require('exports-fixture/internal');\n");
  assert.ok(required.includes(exported), required);
  const imported = run('c.mjs', "import 'exports-fixture/internal';\n");
  assert.ok(imported.includes(exported), imported);
  // A subpath of a package that is not installed: the package is what is missing.
  const absent = run('d.cjs', "require('mcpfusion-fixture-absent/lib/x');\n");
  assert.ok(absent.includes('; the server imports "mcpfusion-fixture-absent", which is not installed where it runs'), absent);
});

test('a package.json that is a directory or a FIFO above the importing file is no package, not a crash or a hang', () => {
  const dir = tempDir();
  const odd = join(dir, 'odd');
  mkdirSync(join(odd, 'package.json'), { recursive: true });
  const fifo = join(dir, 'fifo');
  mkdirSync(fifo);
  execFileSync('mkfifo', [join(fifo, 'package.json')]);
  for (const at of [odd, fifo]) {
    const server = join(at, 's.mjs');
    writeFileSync(server, `process.stderr.write("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'jsdom' imported from ${join(at, 'x.js')}\\n"); process.exit(1);\n`);
    const r = runCli(['lock', '--server', `${NODE} ${server}`, ...PATIENT], { cwd: dir, timeout: 60_000 });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('; the server imports "jsdom", which is not installed where it runs'), r.stderr);
  }
});

test.run();
