/**
 * A Node.js server that stops at start-up on a built-in module or export that the Node.js it ran
 * on lacks is told it needs a newer Node.js (servers17: @smartbear/mcp 0.41.0, engines `>=22`, on
 * Node 20 fails on `enableCompileCache` from `node:module`, and the failure quoted only the stack).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { belowEngines, newerNodeCause, newerNodeHint } from '../../src/sources/newer-node-hint.ts';
import { MAX_PACKAGE_JSON_BYTES, packageOf } from '../../src/sources/package-of.ts';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUILTIN_EXPORTS, builtinExport, hasBuiltinExport } from '../../src/sources/node-builtin-exports.ts';

const NODE = process.execPath;
const FIXTURES = join(ROOT, 'test/fixtures/servers/newer-node');
/** For a program that ends by itself: a long limit, so a slow start on a loaded machine never reads as a timeout. */
const PATIENT = ['--handshake-timeout', '60000'];

// The stderr of @smartbear/mcp 0.41.0's bin run on Node 20.20.2, as it ended.
const SMARTBEAR = [
  'file:///srv/node_modules/@smartbear/mcp/dist/common/transport-stdio.js:1',
  'import { enableCompileCache } from "node:module";',
  '         ^^^^^^^^^^^^^^^^^^',
  "SyntaxError: The requested module 'node:module' does not provide an export named 'enableCompileCache'",
  '    at ModuleJob._instantiate (node:internal/modules/esm/module_job:213:21)',
  '',
  'Node.js v20.20.2',
];

test('newerNodeCause reads the missing export, the version and the failing file', () => {
  assert.equal(newerNodeCause(SMARTBEAR), {
    missing: 'the built-in module "node:module" has no export "enableCompileCache"',
    version: 'v20.20.2',
    file: '/srv/node_modules/@smartbear/mcp/dist/common/transport-stdio.js',
    export: builtinExport('enableCompileCache', 'node:module'),
  });
  // A bare built-in name counts as well; a package's missing export is the package's own affair.
  assert.ok(newerNodeCause(["SyntaxError: The requested module 'fs' does not provide an export named 'glob'"]) !== undefined);
  assert.is(newerNodeCause(["SyntaxError: The requested module 'zod' does not provide an export named 'z'"]), undefined);
  assert.equal(newerNodeCause(['Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite']),
    { missing: 'there is no built-in module "node:sqlite"', version: undefined, file: undefined });
  assert.is(newerNodeCause(['Error: API_KEY is required', 'Node.js v20.20.2']), undefined);
});

test('packageOf finds the nearest named package.json and its engines.node', () => {
  assert.equal(packageOf(join(FIXTURES, 'missing-export.mjs')), { name: 'newer-node-fixture', version: '1.2.3', node: '>=99', bin: {}, dependencies: [], devDependencies: [], dir: FIXTURES });
  const hint = newerNodeHint(newerNodeCause(SMARTBEAR)!, { name: '@smartbear/mcp', version: '0.41.0', node: '>=22', bin: {}, dependencies: [], devDependencies: [], dir: '/srv/node_modules/@smartbear/mcp' });
  assert.match(hint, /^; the server needs a newer Node\.js than the v20\.20\.2 it ran on: the built-in module "node:module" has no export "enableCompileCache" there \(@smartbear\/mcp 0\.41\.0 asks for node ">=22" in the engines of its package\.json\)\. /);
});

test('the engines range decides whether the Node.js it ran on is known too old (else a wrong name is possible)', () => {
  for (const [version, range, below] of [
    ['v20.20.2', '>=22', true], ['v20.20.2', '>=20', false], ['v20.20.2', '>=20.21', true], ['v20.20.2', '^22.1.0', true],
    // Between two alternatives: a newer Node.js (22) is what it needs (before: false, read as met).
    ['v20.20.2', '^18 || >=20.5', false], ['v20.20.2', '^18 || >=22', true], ['v16.0.0', '^18 || >=22', true],
    ['v20.20.2', '22.x', true], ['v20.20.2', '>20', true], ['v21.0.0', '>20', false], ['v20.20.2', '>20.20.2', true], ['v20.20.2', '>=20.20.3', true], ['v20.20.2', '<22', false],
    ['v20.20.2', '*', false], ['v22.0.0', '>=22', false], ['v20.20.2', 'v21', true], ['garbage', '>=22', false],
    // Before, each read from its first comparator only, or not at all (all false).
    ['v20.4.0', '>20.5', true], ['v20.5.0', '>20.5', true], ['v20.6.0', '>20.5', false],
    ['v20.4.0', '>=20.5.0 <21', true], ['v20.5.0', '>=20.5.0 <21', false], ['v21.0.0', '>=20.5.0 <21', false],
    ['v21.1.0', '^22', true], ['v22.3.0', '^22', false], ['v23.0.0', '^22', false],
    ['v21.1.0', '20.x || >=22', true], ['v20.1.0', '20.x || >=22', false], ['v19.0.0', '20.x || >=22', true],
    ['v20.20.2', '<20 >=22', false], ['v20.20.2', '>=18 <20', false], ['v20.20.2', '<22', false],
    ['v20.20.2', '>= 22', true], ['v20.20.2', '>=v22.1', true], ['v20.20.2', '~20.21', true], ['v20.20.2', '~> 20.20.3', true],
    ['v20.20.2', '20.21 - 22', true], ['v20.20.2', '18 - 20', false], ['v20.20.2', '', false], ['v20.20.2', 'x', false],
    ['v20.20.2', '>=22.0.0-rc.1', true], ['v22.0.0', '>=22.0.0-rc.1', false], ['v20.20.2', '^0.2.3', false],
    ['v20.20.2', '>=22 <=21', false], ['v20.20.2', 'node 22', false], ['v20.20.2', '>=22.01', false],
    // node-semver reads a run of v and = before a version (v=22, ==22: >=22.0.0 <23) and refuses a
    // number after a wildcard (22.x.1: not read, so not known too old). Before: the other way round.
    ['v20.20.2', 'v=22', true], ['v20.20.2', '==22', true], ['v20.20.2', '>==22', true], ['v20.20.2', '>=v=22.1', true],
    ['v20.20.2', '22.x.1', false], ['v20.20.2', '>=22.*.0', false], ['v20.20.2', 'x.1 || >=22', false],
  ] as const) {
    assert.is(belowEngines(version, range), below, `${version} against ${range}`);
  }
  // A package whose engines the version meets, with an export the table of built-in exports does
  // not know: it may be a typo, so no "no bug of its code".
  const unknown = SMARTBEAR.map((l) => l.replaceAll('enableCompileCache', 'enableCompileCash'));
  const met = newerNodeHint(newerNodeCause(unknown)!, { name: 'x', version: '1.0.0', node: '>=18', bin: {}, dependencies: [], devDependencies: [], dir: '/srv/x' });
  assert.match(met, /^; the server stopped on a built-in that the v20\.20\.2 it ran on lacks: .* Either it needs a newer Node\.js \(run it with .*\) or its code names a built-in that does not exist/);
  assert.not.ok(met.includes('no bug of its code'), met);
});

test('the table of built-in exports: ids, versions, and the running Node.js as oracle', () => {
  const ids = new Set<string>();
  for (const row of BUILTIN_EXPORTS) {
    assert.not.ok(ids.has(row.id), row.id);
    ids.add(row.id);
    assert.is(row.id, `${row.module.slice('node:'.length)}.${row.name}`);
    const majors = row.added.map((v) => Number(/^v(\d+)\.\d+\.\d+$/.exec(v)![1]));
    assert.equal(majors, [...new Set(majors)].sort((a, b) => a - b), `${row.id}: one version per line, lowest first`);
    // What the table says of this Node.js is what this Node.js has.
    assert.is(hasBuiltinExport(row, process.version), row.name in createRequire(import.meta.url)(row.module), `${row.id} on ${process.version}`);
  }
  const marker = builtinExport('markAsUncloneable')!;
  for (const [version, has] of [['v20.20.2', false], ['v22.9.0', false], ['v22.10.0', true], ['v23.0.0', true], ['v24.1.0', true], ['v21.7.3', false]] as const) {
    assert.is(hasBuiltinExport(marker, version), has, version);
  }
  const style = builtinExport('styleText', 'util')!;
  for (const [version, has] of [['v20.11.1', false], ['v20.12.0', true], ['v21.6.0', false], ['v21.7.0', true], ['v22.0.0', true]] as const) {
    assert.is(hasBuiltinExport(style, version), has, version);
  }
  assert.is(hasBuiltinExport(style, 'garbage'), undefined);
});

// The stderr of @dynatrace-oss/dynatrace-mcp-server 2.1.2 (installed from npm) run on Node 20.20.2.
const DYNATRACE = [
  '/srv/node_modules/@dynatrace-oss/dynatrace-mcp-server/index.js:82588',
  '        webidl.util.markAsUncloneable(this);',
  '                    ^',
  '',
  'TypeError: webidl.util.markAsUncloneable is not a function',
  '    at new _CacheStorage (/srv/node_modules/@dynatrace-oss/dynatrace-mcp-server/index.js:82588:21)',
  '',
  'Node.js v20.20.2',
];

test('newerNodeCause reads a call of a built-in export the version lacks (a bundled require), and only then', () => {
  const cause = newerNodeCause(DYNATRACE)!;
  assert.is(cause.export?.id, 'worker_threads.markAsUncloneable');
  assert.is(cause.called, 'TypeError: webidl.util.markAsUncloneable is not a function');
  assert.is(cause.file, '/srv/node_modules/@dynatrace-oss/dynatrace-mcp-server/index.js');
  const hint = newerNodeHint(cause, { name: '@dynatrace-oss/dynatrace-mcp-server', version: '2.1.2', node: undefined, bin: {}, dependencies: [], devDependencies: [], dir: '/srv' });
  assert.ok(hint.startsWith('; the server most likely needs a newer Node.js than the v20.20.2 it ran on: it stopped on "TypeError: webidl.util.markAsUncloneable is not a function", ' +
    'and "markAsUncloneable" is an export of the built-in module "node:worker_threads" that Node.js added in v22.10.0 (v23.0.0 on the 23 line), which v20.20.2 lacks ' +
    '(@dynatrace-oss/dynatrace-mcp-server 2.1.2 names no node version in the engines of its package.json)'), hint);
  // On a Node.js that has it, the same call is some other object's method; an unknown name is no clue.
  assert.is(newerNodeCause(DYNATRACE.map((l) => l.replace('v20.20.2', 'v22.12.0'))), undefined);
  assert.is(newerNodeCause(['TypeError: client.connectTo is not a function', 'Node.js v20.20.2']), undefined);
  // esbuild's form of a call of an imported name.
  assert.is(newerNodeCause(['TypeError: (0 , import_node_util.styleText) is not a function', 'Node.js v20.11.1'])?.export?.id, 'util.styleText');
  // An import error for an export the table knows: the version that added it, and engines too low said so.
  const smart = newerNodeHint(newerNodeCause(SMARTBEAR)!, { name: 'y', version: '1.0.0', node: '>=18', bin: {}, dependencies: [], devDependencies: [], dir: '/srv/y' });
  assert.ok(smart.startsWith('; the server needs a newer Node.js than the v20.20.2 it ran on: the built-in module "node:module" has no export "enableCompileCache" there, which Node.js added in v22.8.0 ' +
    '(y 1.0.0 asks for node ">=18" in the engines of its package.json, which admits v20.20.2: too low, tell its authors)'), smart);
});

test('a bundled server that calls a built-in export this Node.js lacks, with no engines: told which Node.js added it', () => {
  const row = builtinExport('markAsUncloneable')!;
  const r = runCli(['lock', '--server', `${NODE} ${join(ROOT, 'test/fixtures/servers/newer-node-call/bundle.cjs')}`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  if (hasBuiltinExport(row, process.version) === true) {
    // This Node.js has it: the fixture ends with exit code 0 and no such hint.
    assert.not.ok(r.stderr.includes('newer Node.js'), r.stderr);
    return;
  }
  assert.ok(r.stderr.includes(`the server most likely needs a newer Node.js than the ${process.version} it ran on: it stopped on "TypeError: webidl.util.markAsUncloneable is not a function", ` +
    `and "markAsUncloneable" is an export of the built-in module "node:worker_threads" that Node.js added in v22.10.0 (v23.0.0 on the 23 line), which ${process.version} lacks ` +
    '(newer-node-call-fixture 2.1.2 names no node version in the engines of its package.json)'), r.stderr);
});

test('a server that fails to load on a missing built-in export or module is told to run on a newer Node.js', () => {
  const dir = tempDir();
  const exported = runCli(['lock', '--server', `${NODE} ${join(FIXTURES, 'missing-export.mjs')}`, ...PATIENT], { cwd: dir });
  assert.is(exported.code, 3, exported.stderr);
  assert.ok(exported.stderr.includes(`the server needs a newer Node.js than the ${process.version} it ran on: the built-in module "node:module" has no export "mcpfusionFixtureExportNoNodeHas" there (newer-node-fixture 1.2.3 asks for node ">=99" in the engines of its package.json)`), exported.stderr);
  assert.ok(exported.stderr.includes('run it with a newer Node.js'), exported.stderr);
  const builtin = runCli(['lock', '--server', `${NODE} ${join(FIXTURES, 'missing-builtin.mjs')}`, ...PATIENT], { cwd: dir });
  assert.is(builtin.code, 3, builtin.stderr);
  // Node named no file of a package whose engines ask for more: a newer Node.js or a wrong name.
  assert.ok(builtin.stderr.includes(`the server stopped on a built-in that the ${process.version} it ran on lacks: there is no built-in module "node:mcpfusion-fixture-builtin" there. Either it needs a newer Node.js (run it with a newer Node.js`), builtin.stderr);
  assert.ok(builtin.stderr.includes('or its code names a built-in that does not exist'), builtin.stderr);
  // A server that stops on an error of its own gets no such hint.
  const own = runCli(['lock', '--server', `${NODE} -e "console.error('Error: API_KEY is required'); process.exit(1)"`, ...PATIENT], { cwd: dir });
  assert.is(own.code, 3, own.stderr);
  assert.not.ok(own.stderr.includes('newer Node.js'), own.stderr);
});

test('a package.json of more than 1 MiB is not read: the hint says so, with its path and size (before: read whole, whatever its size)', () => {
  const dir = tempDir();
  // Valid JSON with a name and engines that would make the firm hint, padded past the limit.
  const json = JSON.stringify({ name: 'huge-package-fixture', version: '9.9.9', type: 'module', engines: { node: '>=99' }, description: 'x'.repeat(MAX_PACKAGE_JSON_BYTES) });
  writeFileSync(join(dir, 'package.json'), json);
  copyFileSync(join(FIXTURES, 'missing-export.mjs'), join(dir, 'missing-export.mjs'));
  const bytes = Buffer.byteLength(json);
  assert.ok(bytes > MAX_PACKAGE_JSON_BYTES);
  assert.equal(packageOf(join(dir, 'missing-export.mjs')), { notRead: join(dir, 'package.json'), bytes });
  // At the limit it is read.
  const small = tempDir();
  writeFileSync(join(small, 'package.json'), JSON.stringify({ name: 'at-limit', version: '1.0.0' }).padEnd(MAX_PACKAGE_JSON_BYTES, ' '));
  assert.is((packageOf(join(small, 'x.js')) as { name: string }).name, 'at-limit');
  const r = runCli(['lock', '--server', `${NODE} ${join(dir, 'missing-export.mjs')}`, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`(its package.json ${JSON.stringify(join(dir, 'package.json'))} was not read: it holds ${bytes} bytes, more than the 1 MiB mcpfusion reads of one, so its engines are not known)`), r.stderr);
  assert.not.ok(r.stderr.includes('huge-package-fixture'), r.stderr);
});

test.run();
