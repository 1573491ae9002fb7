/**
 * Scanner27's module flow across files (src/scan/commonjs-exports.ts, collect-bindings.ts,
 * scan-source.ts), after scanner26's: a file whose module.exports is a function that only returns a
 * module (`module.exports = function () { return require('child_process') }`) is that module where
 * the importer calls it (`require('./run')().spawn(…)`, `const cp = require('./run')()`, `const run =
 * require('./run'); run().exec(…)`); a relative require used at once is the module (member) the file
 * hands on (`require('./lib').fsx.writeFileSync(p)`, `require('./spawn')('wget', …)`); and the result
 * of such a function reached through a namespace or a require kept in a name (`const fs =
 * deps.fsOf()`) is that module. An async function, a body that does anything else, a name given
 * another value are not followed. Files in test/fixtures/scan/scanner27/returned.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner27/returned/', import.meta.url));
/** The capability findings of scanning `entry` with its imports, in `entry`, as `line:column id identifier`, sorted. */
const caps = async (entry: string): Promise<string[]> => (await scanFiles([root + entry], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability' && f.file === root + entry).map((f) => `${f.line}:${f.column} ${f.id} ${f.identifier}`).sort();

test('a relative require used at once: the function the file is, called; a member it hands on; the member the file is', async () => {
  assert.equal(await caps('at-once.cjs'), [
    '3:3 network.command-download command:curl',
    '3:3 subprocess.child-process child_process.spawn',
    '4:3 filesystem.node-fs-write fs.writeFileSync',
    '5:3 code-evaluation.command-remote-code command:curl|sh',
    '5:3 network.command-download command:curl',
    '5:3 subprocess.child-process child_process.execSync',
    '6:3 network.command-download command:wget',
    '6:3 subprocess.child-process child_process.spawn',
    // Line 8: the function's own member and a name the file does not export: nothing.
  ]);
});

test('the module a call returns kept in a name: of the file called, of the function kept, of a holder\'s member', async () => {
  assert.equal(await caps('kept.cjs'), [
    '11:3 network.command-package-install command:npm-install',
    '11:3 subprocess.child-process child_process.execSync',
    '6:3 subprocess.child-process child_process.exec',
    '7:3 network.command-download command:curl',
    '7:3 subprocess.child-process child_process.execFile',
    '9:3 filesystem.node-fs-write fs.rmSync',
    // Lines 13-19 (async, a body that logs first, a name given another value): not followed.
  ]);
  assert.equal(await caps('kept.mjs'), ['4:3 network.node-socket net.connect']);
});

test.run();
