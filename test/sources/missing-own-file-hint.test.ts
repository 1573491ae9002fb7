/**
 * A Node.js server that stops at start-up on a file of its own it imports that is not there is
 * told so, and whose fault it is: code-auditor-mcp 2.6.2 imports `./codeIndexDB.js` and ships
 * `dist/codeIndexDb.js` (servers23), which Linux does not find; the failure quoted only
 * `ERR_MODULE_NOT_FOUND`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { missingOwnFile, missingOwnFileHint } from '../../src/sources/missing-own-file-hint.ts';

const NODE = process.execPath;
const DIR = join(ROOT, 'test/fixtures/servers/missing-own-file');
const PATIENT = ['--handshake-timeout', '60000'];
// On a file system that ignores case the fixture's import resolves and the server does not stop.
const IGNORES_CASE = existsSync(join(DIR, 'dist/CODEINDEXDB.JS'));

test('missingOwnFile reads the path imported and the importing file, ESM and CommonJS; a package name is not its business', () => {
  const esm = missingOwnFile([`Error [ERR_MODULE_NOT_FOUND]: Cannot find module '${DIR}/dist/codeIndexDB.js' imported from ${DIR}/dist/standalone.js`]);
  assert.equal(esm, { path: `${DIR}/dist/codeIndexDB.js`, file: `${DIR}/dist/standalone.js`, ...(IGNORES_CASE ? {} : { otherCase: `${DIR}/dist/codeIndexDb.js` }) });
  const cjs = missingOwnFile(["Error: Cannot find module './x/y.js'", 'Require stack:', '- /srv/app/index.cjs']);
  assert.equal(cjs, { path: '/srv/app/x/y.js', file: '/srv/app/index.cjs' });
  assert.is(missingOwnFile(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'jsdom' imported from /srv/a.js"]), undefined);
  assert.is(missingOwnFile(["Error: Cannot find module 'jsdom'"]), undefined);
  // A relative require without its require stack cannot be placed.
  assert.is(missingOwnFile(["Error: Cannot find module './config.json'"]), undefined);
  assert.match(missingOwnFileHint({ path: '/srv/a.js', file: undefined }, undefined), /^; the server imports its file "\/srv\/a\.js", which does not exist: check that the server was built/);
});

test('a server that imports a file of its own under another case, or one not published, is told it is the package\'s fault', () => {
  if (IGNORES_CASE) {
    console.log('skipped: this file system ignores case');
    return;
  }
  const dir = tempDir();
  const run = (script: string): string => {
    const r = runCli(['lock', '--server', `${NODE} ${join(DIR, script)}`, ...PATIENT], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    return r.stderr;
  };
  const cased = run('dist/standalone.js');
  assert.ok(cased.includes('; the server\'s package missing-own-file-fixture 2.6.2 imports its file "dist/codeIndexDB.js" (from "dist/standalone.js"), which does not exist, but "dist/codeIndexDb.js" does: the names differ only in case, which a file system that ignores case (macOS, Windows) lets pass and this one does not'), cased);
  assert.ok(cased.includes('a fault of the package (tell its authors)'), cased);
  const required = run('dist/required.cjs');
  assert.ok(required.includes('imports its file "dist/CodeIndexDb.js" (from "dist/required.cjs"), which does not exist, but "dist/codeIndexDb.js" does'), required);
  const unpublished = run('dist/unpublished.js');
  assert.ok(unpublished.includes('imports its file "dist/tools/registry.js" (from "dist/unpublished.js"), which does not exist: the installed package lacks a file of its own'), unpublished);
  // Not a package to install: the missing-dependency hint says nothing.
  assert.not.match(unpublished + cased, /npm install/);
});

test.run();
