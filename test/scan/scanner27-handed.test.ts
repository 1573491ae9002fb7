/**
 * Scanner27: a module binding handed whole to a function of the same file (`run(cp)` with
 * `function run(m) { m.execSync(cmd) }`) is followed into the parameter, as a holder (`const d = {
 * fs }; helper(d)`) already was: the findings are where the function uses it (`child_process.execSync`),
 * not the module object at the call. A parameter kept elsewhere, a function also called with
 * another value, a callee not of this file: the module object at the call, as before. Files in
 * test/fixtures/scan/scanner27/handed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner27/handed/', import.meta.url));
/** The capability findings of scanning one file, as `line:column id identifier`, sorted. */
const caps = async (file: string): Promise<string[]> => (await scanFiles([root + file], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.column} ${f.id} ${f.identifier}`).sort();

test('a module handed to a function of the file, and on through an arrow: its uses there', async () => {
  assert.equal(await caps('handler.js'), [
    '5:3 subprocess.child-process child_process.execSync',
    '8:20 filesystem.node-fs-write fs.writeFileSync',
  ]);
});

test('a parameter kept, a function called with another value, a callee of elsewhere: the module object where it is handed on', async () => {
  assert.equal(await caps('kept.js'), [
    '11:15 network.node-socket net',
    '8:8 subprocess.child-process child_process',
    '9:10 network.node-socket net',
  ]);
});

test.run();
