/**
 * Scanner26's module flow across files (src/scan/commonjs-exports.ts, collect-bindings.ts,
 * scan-source.ts): a function another file exports that returns a module on every call
 * (`export function getFs() { return require('fs') }`, `exports.getCp = () =>
 * require('child_process')`) is that module where the importer calls it (`getFs().writeFileSync(p)`),
 * imported by name, through a namespace or picked from a require. A function that does more than
 * return it, an async one, or one whose module is named at run time is not followed. Files in
 * test/fixtures/scan/scanner26/returned.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner26/returned/', import.meta.url));
/** The capability findings of scanning `entry` with its imports, in `file`, as `line:column id identifier`, sorted. */
const caps = async (entry: string, file = entry): Promise<string[]> => (await scanFiles([root + entry], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability' && f.file === root + file).map((f) => `${f.line}:${f.column} ${f.id} ${f.identifier}`).sort();

test('ES exports: getFs() and getCp() in the importer, by name and through a namespace', async () => {
  assert.equal(await caps('handler.mjs'), [
    '5:3 filesystem.node-fs-write fs.writeFileSync',
    '6:3 network.command-download command:curl',
    '6:3 subprocess.child-process child_process.spawn',
    '7:3 filesystem.node-fs-read fs.readFileSync',
    // Lines 8-10 (async, a body that logs first, a module named at run time): not followed.
  ]);
  // The exporting file keeps its own findings (other code may import it): the module returned whole.
  assert.equal((await caps('handler.mjs', 'deps.js')).filter((x) => x.startsWith('2:') || x.startsWith('3:')), [
    '2:34 filesystem.node-fs fs',
    '3:28 subprocess.child-process child_process',
  ]);
});

test('CommonJS exports: an arrow, a function expression and a declared function handed on by name; picked from a require or through it', async () => {
  assert.equal(await caps('handler.cjs'), [
    '5:3 code-evaluation.command-remote-code command:curl|sh',
    '5:3 network.command-download command:curl',
    '5:3 subprocess.child-process child_process.execSync',
    '6:3 filesystem.node-fs-write fs.rmSync',
    '7:3 network.node-socket net.connect',
  ]);
});

test.run();
