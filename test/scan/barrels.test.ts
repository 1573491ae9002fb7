/**
 * Barrels: a file that hands on capability modules under names (`exports.fsx = require('fs-extra')`,
 * tsc's `Object.defineProperty(exports, 'run', { get … })`, `export { execa as default } from
 * 'execa'`) and the files that import those names. The importer's use counts there, with the access
 * its member gives (docs/scan.md, Transitive imports). Files in test/fixtures/scan/barrels (the
 * `tsc/out-*` folders are TypeScript 5.9.3's output, unedited).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/barrels/', import.meta.url));
/** The capability findings of scanning `entry` with its imports, as `file:line:id:identifier[:access]`. */
const caps = async (entry: string): Promise<string[]> => (await scanFiles([root + entry], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability').map((f) => `${f.file!.slice(root.length)}:${f.line}:${f.id}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
const inFile = (list: string[], file: string): string[] => list.filter((x) => x.startsWith(`${file}:`));

test('CommonJS barrel: exports.x = require(m), module.exports.x = …, exports.x = cp.member, exports[\'x\']', async () => {
  // Before: only lib.js's findings (the module objects, access undecided); use.js had none.
  const found = await caps('cjs/use.js');
  assert.equal(inFile(found, 'cjs/use.js'), [
    'cjs/use.js:3:filesystem.node-fs-write:fs-extra.writeFile:write',
    'cjs/use.js:4:filesystem.node-fs-read:fs-extra.readFile:read',
    'cjs/use.js:5:network.node-http:https.get',
    'cjs/use.js:6:subprocess.child-process:child_process.execFileSync',
    'cjs/use.js:7:subprocess.child-process:child_process.spawn',
    // The file whole is an object holding the names: `lib.fsx.remove(…)`, `(0, lib.run)(…)`.
    'cjs/use.js:8:filesystem.node-fs-write:fs-extra.remove:write',
    'cjs/use.js:9:subprocess.child-process:child_process.execFileSync',
    // `fs2`, given a module and then a local object, and `version` are nothing.
  ]);
  // The barrel keeps its own findings: other code may import it.
  assert.equal(inFile(found, 'cjs/lib.js').map((x) => x.split(':').slice(0, 4).join(':')), [
    'cjs/lib.js:3:filesystem.node-fs:fs-extra', 'cjs/lib.js:4:network.node-http:https', 'cjs/lib.js:5:subprocess.child-process:child_process.execFileSync',
    'cjs/lib.js:6:subprocess.child-process:child_process.spawn', 'cjs/lib.js:8:filesystem.node-fs:fs-extra',
  ]);
});

test('CommonJS barrel: module.exports = { key: require(m).member, shorthand }, a local function is nothing', async () => {
  assert.equal(inFile(await caps('cjs/use-object.js'), 'cjs/use-object.js'), [
    'cjs/use-object.js:2:subprocess.child-process:child_process.spawn',
    'cjs/use-object.js:3:filesystem.node-fs-read:fs-extra.readFileSync:read',
  ]);
});

test('CommonJS barrel: module.exports = require(\'./impl\'), Object.assign(module.exports, require(\'./impl\')), module.exports = require(m)', async () => {
  assert.equal(inFile(await caps('cjs/use-whole.js'), 'cjs/use-whole.js'), [
    'cjs/use-whole.js:2:filesystem.node-fs-write:fs-extra.writeFile:write',
    'cjs/use-whole.js:4:filesystem.node-fs-read:fs-extra.readFile:read',
    'cjs/use-whole.js:6:filesystem.node-fs-write:fs-extra.outputFile:write',
    'cjs/use-whole.js:8:filesystem.node-fs-read:fs-extra.readJson:read',
  ]);
  // A file that is another file that is fs-extra.
  assert.equal(inFile(await caps('cjs/use-whole-again.js'), 'cjs/use-whole-again.js'), ['cjs/use-whole-again.js:2:filesystem.node-fs-write:fs-extra.remove:write']);
  // An ES `export * from 'node:fs'` beside a function of its own is no module whole: its readFile is its own.
  assert.equal(inFile(await caps('esm/use-star-own.ts'), 'esm/use-star-own.ts'), []);
  // Two files handed on whole that both spell `fsx` (one a module, one a local object): the name is neither's.
  assert.equal(inFile(await caps('cjs/use-two.js'), 'cjs/use-two.js'), []);
});

test('a default import of `export { execa as default } from \'execa\'`; `export * as fsx` keeps its finding in the barrel', async () => {
  // Before: `run('ls')` counted nothing in use.ts, and lib.ts's `export * as fsx` finding was dropped.
  assert.equal(await caps('esm/use.ts'), [
    'esm/use.ts:1:subprocess.spawn-package:execa',
    'esm/use.ts:3:filesystem.node-fs-write:fs-extra.writeFile:write',
    'esm/lib.ts:1:subprocess.spawn-package:execa',
    'esm/lib.ts:2:filesystem.node-fs:fs-extra',
  ]);
});

test('an ES export of a module binding with no from: export { spawn as run }, export const ex = cp.exec', async () => {
  // Before: use-local.ts had none; local.ts said `imported but not referenced in this file` for ex and fsx.
  assert.equal(inFile(await caps('esm/use-local.ts'), 'esm/use-local.ts'), [
    'esm/use-local.ts:2:subprocess.child-process:child_process.spawn',
    'esm/use-local.ts:3:subprocess.child-process:child_process.exec',
    'esm/use-local.ts:4:filesystem.node-fs-read:fs-extra.readFile:read',
    // `own`, a local function exported, is nothing.
  ]);
});

const tscUse = (dir: string, line: number): string[] => [
  `${dir}/use.js:${line}:subprocess.child-process:child_process.spawn`,
  `${dir}/use.js:${line}:filesystem.node-fs-write:fs.writeFile:write`,
  `${dir}/use.js:${line}:filesystem.node-fs-read:fs-extra.readFile:read`,
  `${dir}/use.js:${line}:network.http-client-package:ky`,
  `${dir}/use.js:${line}:subprocess.spawn-package:execa`,
];

test('TypeScript\'s CommonJS barrel (defineProperty getters, __exportStar, __importStar) and importer', async () => {
  // Before: use.js (`(0, lib_1.run)('ls')`, `lib_1.fsx.readFile(…)`, `(0, lib_2.default)('git')`) had none.
  assert.equal(inFile(await caps('tsc/out-interop/use.js'), 'tsc/out-interop/use.js'), tscUse('tsc/out-interop', 10));
  assert.equal(inFile(await caps('tsc/out-plain/use.js'), 'tsc/out-plain/use.js'), tscUse('tsc/out-plain', 7));
  for (const dir of ['tsc/out-interop', 'tsc/out-plain']) {
    const line = dir === 'tsc/out-interop' ? 39 : 6;
    assert.equal(inFile(await caps(`${dir}/use-ns.js`), `${dir}/use-ns.js`), [
      `${dir}/use-ns.js:${line}:subprocess.child-process:child_process.spawn`, `${dir}/use-ns.js:${line}:filesystem.node-fs-write:fs-extra.writeFile:write`,
    ]);
  }
  // The TypeScript source gives the same in the importer (a name from `export * from './inner'` too).
  assert.equal(inFile(await caps('tsc/src/use.ts'), 'tsc/src/use.ts'), [
    'tsc/src/use.ts:2:network.http-client-package:ky', 'tsc/src/use.ts:3:subprocess.spawn-package:execa',
    'tsc/src/use.ts:4:subprocess.child-process:child_process.spawn', 'tsc/src/use.ts:4:filesystem.node-fs-write:fs.writeFile:write',
    'tsc/src/use.ts:4:filesystem.node-fs-read:fs-extra.readFile:read',
  ]);
  assert.equal(inFile(await caps('tsc/src/use-ns.ts'), 'tsc/src/use-ns.ts'), [
    'tsc/src/use-ns.ts:3:subprocess.child-process:child_process.spawn', 'tsc/src/use-ns.ts:3:filesystem.node-fs-write:fs-extra.writeFile:write',
  ]);
});

test('an ES default import of a CommonJS barrel is its module.exports; of an ES file, its export default only', async () => {
  // Before: use-default-cjs.mjs had none (`lib.exec` of a default import bound nothing).
  assert.equal(inFile(await caps('more/use-default-cjs.mjs'), 'more/use-default-cjs.mjs'), [
    'more/use-default-cjs.mjs:5:subprocess.child-process:child_process.exec',
    'more/use-default-cjs.mjs:6:subprocess.child-process:child_process.execSync',
    'more/use-default-cjs.mjs:7:filesystem.node-fs-write:fs-extra.remove:write',
    // `es.exec('id')`: exec-es.mjs's default is its function, not its names.
  ]);
});

test('a namespace import, a require or a destructured require of an `export *` barrel takes the names the files never spell', async () => {
  // Before: `lib.rm` through `export * from './fs-helpers.js'` (itself `export * from 'node:fs/promises'`) was nothing.
  assert.equal(inFile(await caps('more/use-namespace-star.js'), 'more/use-namespace-star.js'), [
    'more/use-namespace-star.js:2:filesystem.node-fs-write:fs.rm:write',
    'more/use-namespace-star.js:3:subprocess.child-process:child_process.spawn',
    // `lib.readFile`: index.js declares its own.
  ]);
  // Before: `Object.assign(module.exports, require('fs-extra'))` handed on nothing to a require.
  assert.equal(inFile(await caps('more/use-fsx.js'), 'more/use-fsx.js'), [
    'more/use-fsx.js:2:filesystem.node-fs-write:fs-extra.remove:write',
    'more/use-fsx.js:3:filesystem.node-fs-read:fs-extra.readJson:read',
    'more/use-fsx.js:5:filesystem.node-fs-write:fs-extra.outputFile:write',
    // `own.remove`: fsx-own.js gives a remove of its own.
  ]);
});

test('a name a file further down a chain of `export *` spells is its own, not the star module\'s nor a sibling\'s', async () => {
  // Before: rm (declared in deep-own.js, under deep-mid.js) was fs.rm and run child_process.spawn.
  assert.equal(inFile(await caps('more/use-deep.js'), 'more/use-deep.js'), [
    'more/use-deep.js:4:filesystem.node-fs-write:fs.unlink:write',
    'more/use-deep.js:6:filesystem.node-fs-write:fs.unlink:write',
  ]);
});

test('export default of a module member or an imported member, imported by default', async () => {
  // Before: none in use-default-export.ts.
  assert.equal(inFile(await caps('more/use-default-export.ts'), 'more/use-default-export.ts'), [
    'more/use-default-export.ts:4:subprocess.child-process:child_process.spawn',
    'more/use-default-export.ts:5:subprocess.child-process:child_process.execFile',
    // `own()`: a local function exported by default is nothing.
  ]);
});

test('module.exports = a member (`require(\'child_process\').execFile`, `cp.spawn`): the file is that member', async () => {
  // Before: none in either importer.
  assert.equal(inFile(await caps('more/use-whole-member.cjs'), 'more/use-whole-member.cjs'), [
    'more/use-whole-member.cjs:2:subprocess.child-process:child_process.execFile',
    'more/use-whole-member.cjs:4:subprocess.child-process:child_process.spawn',
    // `own('x')`: whole-local.js is a function of its own.
  ]);
  assert.equal(inFile(await caps('more/use-whole-member.mjs'), 'more/use-whole-member.mjs'), ['more/use-whole-member.mjs:3:subprocess.child-process:child_process.spawn']);
});

test('an exported object holding modules (ES and CommonJS) is that object in the importer', async () => {
  // Before: none in either importer.
  assert.equal(inFile(await caps('more/use-deps.ts'), 'more/use-deps.ts'), [
    'more/use-deps.ts:3:filesystem.node-fs-write:fs.writeFile:write',
    'more/use-deps.ts:4:subprocess.child-process:child_process.spawn',
    'more/use-deps.ts:5:filesystem.node-fs-read:fs.readFile:read',
    // `deps.log`: console.log is no module of the file's imports.
    'more/use-deps.ts:7:filesystem.node-fs-write:fs.rm:write',
    // late.js: `export const late = {}; late.fs = fs;`, a key given after the literal.
    'more/use-deps.ts:9:filesystem.node-fs-write:fs.unlink:write',
  ]);
  assert.equal(inFile(await caps('more/use-deps.cjs'), 'more/use-deps.cjs'), [
    'more/use-deps.cjs:2:filesystem.node-fs-write:fs.writeFileSync:write',
    'more/use-deps.cjs:3:subprocess.child-process:child_process.execFile',
    'more/use-deps.cjs:5:subprocess.child-process:child_process.exec',
  ]);
});

test('esbuild\'s CommonJS barrel (__export getters, __reExport, module.exports = __toCommonJS(…)) and importer', async () => {
  // Before: `(0, import_lib.run)`, `lib.run` and `(0, import_lib.rm)` were nothing (exec and fsx counted
  // only through esbuild's never-run `0 && (module.exports = { … })` note, which also took run away).
  assert.equal(inFile(await caps('esbuild/out/use.js'), 'esbuild/out/use.js'), [
    'esbuild/out/use.js:36:subprocess.child-process:child_process.spawn',
    'esbuild/out/use.js:36:filesystem.node-fs-write:fs-extra.writeFile:write',
    'esbuild/out/use.js:36:subprocess.child-process:child_process.execFileSync',
    'esbuild/out/use.js:36:subprocess.child-process:child_process.spawn',
    'esbuild/out/use.js:36:filesystem.node-fs-write:fs.rm:write',
  ]);
});

test.run();
