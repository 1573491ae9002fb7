import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScanCache, scanFiles } from '../../src/scan/scan-files.ts';
import { scanToolEntitlements, scanTools } from '../../src/scan/scan-tools.ts';
import { entitlementsFromFindings } from '../../src/scan/entitlements-from-findings.ts';
import { candidateGroups, importCandidates, joinPath, withPackageMain } from '../../src/scan/import-candidates.ts';
import type { ScanFinding } from '../../src/scan/types.ts';
import { readSourceSync } from './_read-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-scan-files-'));
const write = (rel: string, text: string): string => {
  const p = join(dir, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
};
const entry = write('src/entry.ts', [
  "import { a } from './a.js';",
  "import { b } from './b';",
  "import c from './c.mjs';",
  "import data from './data.json' with { type: 'json' };",
  "import type { T } from './types-only.js';",
  "import { gone } from './missing.js';",
  "import axios from 'axios';",
  "import { z } from 'zod';",
  'export const run = () => [a(), b(), c(), data, gone, axios, z];',
].join('\n'));
write('src/a.ts', "import { run } from './entry.js';\nexport const a = () => fetch('https://example.invalid');\n");
write('src/b/index.ts', "import { spawnSync } from 'node:child_process';\nexport const b = () => spawnSync('ls');\n");
write('src/c.mts', "export default () => process.env.HOME;\n");
write('src/data.json', '{"fetch": true}');
const locked = write('src/locked.ts', "import { secret } from './unreadable.js';\nexport const x = secret;\n");
write('src/unreadable.ts', 'export const secret = eval("1");\n');

test('relative imports are followed (.js -> .ts, index files, .mjs -> .mts), each file once, with import chains', async () => {
  const reads = new Map<string, number>();
  const result = await scanFiles([entry], { readSource: (p) => { reads.set(p, (reads.get(p) ?? 0) + 1); return readSourceSync(p); } });
  assert.equal(result.files.map((f) => f.slice(dir.length + 1)), ['src/entry.ts', 'src/a.ts', 'src/b/index.ts', 'src/c.mts']);
  assert.ok([...reads.values()].every((n) => n === 1), 'every path read at most once');
  const byId = (id: string): ScanFinding => result.findings.find((f) => f.id === id)!;
  assert.equal(byId('network.fetch').chain?.map((p) => p.slice(dir.length + 1)), ['src/entry.ts', 'src/a.ts']);
  assert.equal(byId('subprocess.child-process').chain?.map((p) => p.slice(dir.length + 1)), ['src/entry.ts', 'src/b/index.ts']);
  assert.equal(byId('network.http-client-package').identifier, 'axios');
  const missing = result.findings.filter((f) => f.kind === 'not-analyzed');
  assert.equal(missing.map((f) => [f.file!.slice(dir.length + 1), f.line]), [['src/entry.ts', 6]]);
  assert.match(missing[0]!.detail!, /import "\.\/missing\.js" resolves to no file/);
  assert.equal(result.packages, ['axios', 'node:child_process', 'zod']);
});

test('an unreadable file or a failing reader is not analyzed, never clean', async () => {
  const unreadable = join(dir, 'src/unreadable.ts');
  const result = await scanFiles([locked], { readSource: (p) => { if (p === unreadable) throw new Error('EACCES: permission denied'); return readSourceSync(p); } });
  const na = result.findings.filter((f) => f.kind === 'not-analyzed');
  assert.is(na.length, 1);
  assert.match(na[0]!.detail!, /EACCES/);
  const tool = await scanToolEntitlements([join(dir, 'src/nope.ts')], { readSource: readSourceSync });
  assert.equal(tool.notAnalyzed, [join(dir, 'src/nope.ts')]);
  assert.equal(tool.findings.map((f) => f.detail), ['the file does not exist']);
});

test('followImports: false scans only the entries', async () => {
  const result = await scanFiles([entry], { readSource: readSourceSync, followImports: false });
  assert.equal(result.files.length, 1);
});

test('scanToolEntitlements: five flags and raw identifiers sorted by code units; deterministic', async () => {
  const one = await scanToolEntitlements([entry], { readSource: readSourceSync });
  const two = await scanToolEntitlements([entry], { readSource: async (p) => readSourceSync(p) });
  assert.equal(one.entitlements, { filesystem: false, network: true, subprocess: true, crypto: false, codeEvaluation: false, raw: ['axios', 'child_process.spawnSync', 'fetch'] });
  assert.equal(one, two);
  assert.is(one.unsafe, false);
  assert.equal(one.violations, []);
});

test('entitlementsFromFindings ignores environment, evasion and not-analyzed findings; code-unit order', () => {
  const e = entitlementsFromFindings([
    { id: 'network.fetch', kind: 'capability', level: 'note', family: 'network', identifier: 'fetch' },
    { id: 'network.websocket', kind: 'capability', level: 'note', family: 'network', identifier: 'WebSocket' },
    { id: 'environment.process-env', kind: 'capability', level: 'note', family: 'environment', identifier: 'process.env' },
    { id: 'evasion.from-char-code', kind: 'evasion', level: 'error', confidence: 'high' },
    { id: 'scan.not-analyzed', kind: 'not-analyzed', level: 'warning' },
    { id: 'network.fetch', kind: 'capability', level: 'note', family: 'network', identifier: 'fetch' },
  ]);
  assert.equal(e, { filesystem: false, network: true, subprocess: false, crypto: false, codeEvaluation: false, raw: ['WebSocket', 'fetch'] });
});

test('import candidates and path joining', () => {
  // A TypeScript importer: TypeScript's order (`./x.js` is x.ts first); a JavaScript one: Node's.
  assert.equal(importCandidates('./x.js', '/p/src/a.ts'), ['/p/src/x.ts', '/p/src/x.tsx', '/p/src/x.js', '/p/src/x.jsx']);
  assert.equal(importCandidates('./x.js', '/p/src/a.js'), ['/p/src/x.js', '/p/src/x.ts', '/p/src/x.tsx']);
  assert.equal(importCandidates('../lib/y.cjs', '/p/src/a.ts'), ['/p/lib/y.cts', '/p/lib/y.cjs']);
  assert.equal(importCandidates('../lib/y.cjs', '/p/src/a.cjs'), ['/p/lib/y.cjs', '/p/lib/y.cts']);
  assert.equal(importCandidates('./data.json', '/p/a.ts'), []);
  assert.equal(importCandidates('./dir', '/p/a.ts').slice(0, 4), ['/p/dir.ts', '/p/dir.tsx', '/p/dir.js', '/p/dir.jsx']);
  assert.equal(importCandidates('./dir', '/p/a.js').slice(0, 4), ['/p/dir', '/p/dir.js', '/p/dir.json', '/p/dir.node'], 'Node: the file exactly as named first');
  assert.equal(candidateGroups('./dir', '/p/a.js').tried.slice(4), ['/p/dir/index.js', '/p/dir/index.json', '/p/dir/index.node']);
  assert.equal(candidateGroups('./dir', '/p/a.ts').tried.slice(4), ['/p/dir/index.ts', '/p/dir/index.tsx', '/p/dir/index.js', '/p/dir/index.jsx']);
  assert.ok(candidateGroups('./dir', '/p/a.ts').fallback.includes('/p/dir'), 'TypeScript never loads an extensionless file: a fallback');
  assert.ok(importCandidates('./dir', '/p/a.ts').includes('/p/dir/index.mjs'));
  const groups = (spec: string, from: string) => candidateGroups(spec, from);
  assert.equal(withPackageMain(groups('..', '/p/t/a.js'), '/p/package.json', '{"main":"lib/m"}').tried.slice(0, 4), ['/p/lib/m', '/p/lib/m.js', '/p/lib/m.json', '/p/lib/m.node']);
  assert.equal(withPackageMain({ tried: ['/p/x.ts'], fallback: [] }, '/p/package.json', '{"main":"m.js"}'), { tried: ['/p/x.ts', '/p/m.js'], fallback: ['/p/m.ts', '/p/m.tsx'] });
  assert.equal(withPackageMain({ tried: ['/p/index.js'], fallback: [] }, '/p/package.json', '{"main":"/etc/passwd"}'), { tried: ['/p/index.js'], fallback: [] });
  for (const spec of ['./', '.', '..', '../', './lib/']) {
    const list = importCandidates(spec, '/p/q/a.js');
    assert.ok(list.every((c) => /\/index\.[a-z]+$/.test(c)), `${spec}: only index files, got ${list.join(', ')}`);
  }
  assert.is(importCandidates('..', '/p/q/a.js')[0], '/p/index.js');
  assert.is(importCandidates('./', '/p/q/a.ts')[0], '/p/q/index.ts');
  assert.is(joinPath('/a/b', '../../../c'), '/c');
  assert.is(joinPath('a/b', '../../../c'), '../c');
  assert.is(joinPath('C:/x/y', '../z.ts'), 'C:/x/z.ts');
  // file: URLs are percent-decoded; a malformed escape (a URIError, which crashed scan) stays as written.
  assert.equal(importCandidates('file:///p/b%20c.mjs', '/p/a.mjs'), ['/p/b c.mjs', '/p/b c.mts']);
  assert.equal(importCandidates('file:///p/b%20c.mjs', '/p/a.mts'), ['/p/b c.mts', '/p/b c.mjs']);
  assert.equal(importCandidates('file:///p/%ZZ.js', '/p/a.mjs').slice(0, 1), ['/p/%ZZ.js']);
  assert.equal(importCandidates('file:///tmp/%ZZ.json', '/p/a.mjs'), []);
});

test('a directory import loads package.json main, then index; an extensionless file is read as named', async () => {
  write('pkg/package.json', JSON.stringify({ name: 'pkg', main: 'lib/main.js' }));
  write('pkg/lib/main.js', "require('child_process').execSync('ls');");
  write('pkg/test/run.js', "require('..'); require('../sub'); require('../bin/tool'); require('../package');");
  write('pkg/sub/package.json', JSON.stringify({ main: './start' }));
  write('pkg/sub/start.ts', "export const f = () => fetch('http://127.0.0.1');");
  write('pkg/bin/tool', "require('fs').writeFileSync('x', 'y');");
  write('pkg/self.js', "require('./');");
  write('pkg/index.js', 'module.exports = 1;');
  const result = await scanFiles([join(dir, 'pkg/test/run.js'), join(dir, 'pkg/self.js')], { readSource: readSourceSync });
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  assert.equal(result.findings.map((f) => f.identifier).sort(), ['child_process.execSync', 'fetch', 'fs.writeFileSync']);
  assert.ok(result.files.includes(join(dir, 'pkg/lib/main.js')) && result.files.includes(join(dir, 'pkg/sub/start.ts')));
  // `./` from self.js is the package directory too: main, not index.js.
  assert.not.ok(result.files.includes(join(dir, 'pkg/index.js')));
  write('nomain/index.js', "require('./');");
  write('nomain/package.json', '{ "main": 42 }');
  const plain = await scanFiles([join(dir, 'nomain/index.js')], { readSource: readSourceSync });
  assert.equal(plain.findings, [], 'a package.json without a string main falls back to index.js (itself here)');
  write('broken/a.js', "require('./lib');");
  write('broken/lib/package.json', '{ not json');
  const broken = await scanFiles([join(dir, 'broken/a.js')], { readSource: readSourceSync });
  assert.equal(broken.findings.map((f) => f.id), ['scan.not-analyzed'], 'unresolvable stays not analyzed');
});

test('a script an interpreter is started on by a constant relative path is followed, from the file or the project root, also into folders a walk skips (scanner20)', async () => {
  write('run/package.json', '{"name":"run","main":"src/server.js"}');
  write('run/pyproject.toml', '[project]\nname = "run"\n');
  write('run/test/helper.js', "require('fs').writeFileSync('/tmp/x', 'y');");
  write('run/examples/demo.mjs', "import net from 'node:net';\nnet.connect(80, 'example.invalid');");
  write('run/test/runner.ts', "await fetch('https://example.invalid');");
  write('run/src/beside.js', "require('child_process').execSync('id');");
  write('run/tools/gen.py', "import os\nos.remove('/tmp/z')\n");
  write('run/examples/serve.py', "import socket\nsocket.create_connection(('example.invalid', 80))\n");
  write('run/examples/other.py', "import shutil\nshutil.rmtree('/tmp/w')\n");
  write('run/src/server.js', [
    "const { spawn, execFile, spawnSync } = require('child_process');",
    "spawn('node', ['--no-warnings', 'test/helper.js'], { stdio: 'inherit' });",
    "execFile(process.execPath, ['examples/demo.mjs']);",
    "spawnSync('/usr/bin/deno', ['run', '-A', 'test/runner.ts']);",
    "spawn('node', ['./beside.js']);",
    // Not followed: a command that is no interpreter, a path computed at run time, an option whose value is code, an absolute path, a missing file.
    "spawn('cat', ['examples/other.py']);",
    "spawn('node', [script]);",
    "spawn('node', ['-e', 'examples/other.py']);",
    "spawn('node', ['/opt/x.js']);",
    "spawn('node', ['test/missing.js']);",
  ].join('\n'));
  write('run/app.py', [
    'import runpy, subprocess, sys',
    "runpy.run_path('tools/gen.py')",
    "subprocess.run([sys.executable, '-u', 'examples/serve.py'], check=True)",
    "subprocess.run(['python3', '-m', 'examples.other'])",
    "subprocess.run(['ls', 'examples/other.py'])",
    "subprocess.run([sys.executable, name])",
  ].join('\n') + '\n');
  const result = await scanFiles([join(dir, 'run/src/server.js'), join(dir, 'run/app.py')], { readSource: readSourceSync });
  const scanned = result.files.map((f) => f.slice(join(dir, 'run').length + 1)).sort();
  assert.equal(scanned, ['app.py', 'examples/demo.mjs', 'examples/serve.py', 'src/beside.js', 'src/server.js', 'test/helper.js', 'test/runner.ts', 'tools/gen.py']);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  const helper = result.findings.find((f) => f.file === join(dir, 'run/test/helper.js'))!;
  assert.equal([helper.id, helper.chain], ['filesystem.node-fs-write', [join(dir, 'run/src/server.js'), join(dir, 'run/test/helper.js')]]);
  // With --no-follow nothing is followed.
  const alone = await scanFiles([join(dir, 'run/src/server.js')], { readSource: readSourceSync, followImports: false });
  assert.equal(alone.files.length, 1);
});

test('scripts run by workers and forked processes are followed like imports', async () => {
  write('wk/lib/spawn.js', "require('child_process').exec('ls');");
  write('wk/lib/net.mjs', "fetch('http://127.0.0.1');");
  write('wk/lib/write.ts', "import { writeFileSync } from 'node:fs';\nwriteFileSync('x', 'y');");
  write('wk/lib/env.cjs', 'module.exports = process.env.HOME;');
  write('wk/join.js', "const { Worker } = require('worker_threads');\nconst path = require('path');\nnew Worker(path.join(__dirname, 'lib', 'spawn.js'));");
  write('wk/url.mjs', "new Worker(new URL('./lib/net.mjs', import.meta.url).href, { type: 'module' });");
  write('wk/fork.mjs', "import { fileURLToPath } from 'node:url';\nimport { fork } from 'node:child_process';\nfork(fileURLToPath(new URL('./lib/write.js', import.meta.url)));");
  write('wk/grouped.js', "new (require('worker_threads').Worker)(__dirname + '/lib/env.cjs');\nnew (require('worker_threads').Worker)('./not-here.js');");
  const entries = ['join.js', 'url.mjs', 'fork.mjs', 'grouped.js'].map((f) => join(dir, 'wk', f));
  const result = await scanFiles(entries, { readSource: readSourceSync });
  const got = (file: string): string[] => result.findings.filter((f) => f.file === join(dir, 'wk', file)).map((f) => f.id);
  assert.equal(got('lib/spawn.js'), ['subprocess.child-process']);
  assert.equal(got('lib/net.mjs'), ['network.fetch']);
  assert.equal(got('lib/write.ts'), ['filesystem.node-fs-write']);
  assert.equal(got('lib/env.cjs'), ['environment.process-env']);
  assert.equal(got('grouped.js'), ['subprocess.worker-thread', 'subprocess.worker-thread'], 'new (require(...).Worker)(...) is a worker');
  // A plain path is resolved against the working directory at run time: not finding it beside
  // the file is no finding. A path built from __dirname or import.meta.url names the file exactly.
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  write('wk/gone.js', "require('child_process').fork(require('path').resolve(__dirname, './gone-child.js'));");
  const gone = await scanFiles([join(dir, 'wk/gone.js')], { readSource: readSourceSync });
  const na = gone.findings.filter((f) => f.kind === 'not-analyzed');
  assert.equal(na.length, 1);
  assert.match(na[0]!.detail!, /script \(run by a worker or forked process\) "\.\/gone-child\.js" resolves to no file/);
});

test('a worker script held in a const or given as new URL(import.meta.resolve(…)) is followed (heldout-code18 n04)', async () => {
  write('wkc/lib/hash.mjs', "import { createHash } from 'node:crypto';\nexport const h = createHash('sha256');");
  write('wkc/lib/net.mjs', "fetch('http://127.0.0.1');");
  write('wkc/lib/spawn.js', "require('child_process').exec('ls');");
  write('wkc/lib/never.js', "require('fs').writeFileSync('x', 'y');");
  write('wkc/meta.mjs', "import { Worker } from 'node:worker_threads';\nconst url = new URL(import.meta.resolve('./lib/hash.mjs'));\nnew Worker(url);");
  write('wkc/inline.mjs', "import { Worker } from 'node:worker_threads';\nnew Worker(new URL(import.meta.resolve('./lib/net.mjs')), { type: 'module' });");
  write('wkc/join.js', "const { Worker } = require('worker_threads');\nconst path = require('path');\nconst script = path.join(__dirname, 'lib', 'spawn.js');\nconst again = script;\nnew Worker(again);");
  // A name assigned again may hold anything at the call: not followed.
  write('wkc/let.js', "const { Worker } = require('worker_threads');\nlet s = require('path').join(__dirname, 'lib', 'never.js');\ns = process.argv[2];\nnew Worker(s);");
  const entries = ['meta.mjs', 'inline.mjs', 'join.js', 'let.js'].map((f) => join(dir, 'wkc', f));
  const result = await scanFiles(entries, { readSource: readSourceSync });
  const got = (file: string): string[] => result.findings.filter((f) => f.file === join(dir, 'wkc', file)).map((f) => f.id);
  assert.equal(got('lib/hash.mjs'), ['crypto.node-crypto']);
  assert.equal(got('lib/net.mjs'), ['network.fetch']);
  assert.equal(got('lib/spawn.js'), ['subprocess.child-process']);
  assert.equal(got('lib/never.js'), []);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
});

test('a package import mapped to a capability module is that module (#fs -> fs), also with following off', async () => {
  write('pm/package.json', JSON.stringify({ name: 'pm', type: 'module', imports: { '#fs': 'fs', '#cp': { node: 'child_process', default: './shim.js' }, '#pad': 'left-pad' } }));
  write('pm/shim.js', 'export default {};');
  const h = write('pm/h.js', "import fs from '#fs';\nimport cp from '#cp';\nimport pad from '#pad';\nfs.writeFileSync('/tmp/x', 'y');\ncp.execSync('id');\npad('a');");
  for (const followImports of [true, false]) {
    const r = await scanFiles([h], { readSource: readSourceSync, followImports });
    assert.equal(r.findings.map((f) => f.identifier).sort(), ['child_process.execSync', 'fs.writeFileSync'], `followImports ${followImports}`);
  }
});

test('package imports (#name) are followed through the nearest package.json "imports"', async () => {
  write('pi/package.json', JSON.stringify({ name: 'pi', type: 'module', imports: {
    '#run': './src/run.js',
    '#util/*': { node: './src/util/*.js', default: './web/*.js' },
    '#dep': 'left-pad',
    '#gone': null,
  } }));
  write('pi/src/run.js', "import { execSync } from 'node:child_process';\nexport const run = (c) => execSync(c);");
  write('pi/src/util/net.js', "export const get = (u) => fetch(u);");
  write('pi/src/index.js', "import { run } from '#run';\nimport { get } from '#util/net';\nimport pad from '#dep';\nexport { run, get, pad };");
  const ok = await scanFiles([join(dir, 'pi/src/index.js')], { readSource: readSourceSync });
  assert.equal(ok.findings.map((f) => f.id).sort(), ['network.fetch', 'subprocess.child-process'], 'the node branch exists; the missing browser branch is no finding');
  assert.equal(ok.packages, ['left-pad', 'node:child_process']);
  write('pi/src/bad.js', "import '#gone';\nimport '#nothing';");
  const bad = await scanFiles([join(dir, 'pi/src/bad.js')], { readSource: readSourceSync });
  assert.equal(bad.findings.map((f) => [f.id, f.line, f.detail!.replace(dir, '')]), [
    ['scan.not-analyzed', 1, 'import "#gone" cannot be resolved: the "imports" field of /pi/package.json maps it to null (not importable) or to conditions no server runtime matches'],
    ['scan.not-analyzed', 2, 'import "#nothing" cannot be resolved: no entry of the "imports" field of /pi/package.json matches it'],
  ]);
  // Without following, a package import is listed by name, like any package.
  const flat = await scanFiles([join(dir, 'pi/src/index.js')], { readSource: readSourceSync, followImports: false });
  assert.equal(flat.packages, ['#dep', '#run', '#util/net']);
  // A relative entry path finds the package.json of the working directory too.
  const cwd = process.cwd();
  process.chdir(join(dir, 'pi'));
  try {
    const rel = await scanFiles(['src/index.js'], { readSource: readSourceSync });
    assert.equal(rel.findings.map((f) => f.id).sort(), ['network.fetch', 'subprocess.child-process']);
  } finally {
    process.chdir(cwd);
  }
});

test('data, template and asset imports are not followed; code in another syntax is not analyzed', async () => {
  write('assets/q.sql', 'select 1;');
  write('assets/s.graphql', 'query { a }');
  write('assets/i.jpeg', 'binary');
  write('assets/c.toml', 'a = 1');
  write('assets/v.vue', '<template></template>');
  write('assets/main.mjs', "import q from './q.sql';\nimport s from './s.graphql';\nimport i from './i.jpeg';\nimport c from './c.toml';\nimport v from './v.vue';\nexport { q, s, i, c, v };");
  const r = await scanFiles([join(dir, 'assets/main.mjs')], { readSource: readSourceSync });
  assert.equal(r.findings.map((f) => [f.id, (f.file ?? '').replace(dir, '')]), [['scan.not-analyzed', '/assets/v.vue']]);
});

test('worker and fork scripts named by require.resolve or import.meta.dirname are followed', async () => {
  write('wk2/child.cjs', "require('child_process').exec('ls');");
  write('wk2/w.mjs', "fetch('http://127.0.0.1');");
  write('wk2/main.mjs', "import { fork } from 'node:child_process';\nimport { Worker } from 'node:worker_threads';\nimport path from 'node:path';\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nfork(require.resolve('./child.cjs'));\nnew Worker(path.join(import.meta.dirname, 'w.mjs'));");
  const r = await scanFiles([join(dir, 'wk2/main.mjs')], { readSource: readSourceSync });
  const got = (file: string): string[] => r.findings.filter((f) => f.file === join(dir, 'wk2', file)).map((f) => f.id);
  assert.equal(got('child.cjs'), ['subprocess.child-process']);
  assert.equal(got('w.mjs'), ['network.fetch']);
});

test("a browserify or Parcel 1 bundle's relative requires listed in its module map are inside the bundle, not files", async () => {
  // exceljs/dist/exceljs.bare.js gave 1 839 "resolves to no file" warnings for its own modules.
  const bundle = write('bundle/dist/lib.bundle.js', [
    '(function(){function r(e,n,t){return e}return r})()({1:[function(require,module,exports){',
    "const fs = require('fs');",
    "const StreamBuf = require('../utils/stream-buf');",
    "const missing = require('./not-in-map');",
    "fs.writeFileSync('x', 'y');",
    '},{"../utils/stream-buf":2,"fs":undefined}],2:[function(require,module,exports){',
    'module.exports = 1;',
    '},{}],"kWV1":[function(require,module,exports) {',
    'module.exports = require("./helper");',
    '},{"./helper":"kWV2"}],"kWV2":[function(require,module,exports) {},{}]},{},[1]);',
    // A CommonJS wrapper with no module map: its relative require is a file like any other.
    '(function (exports, require, module) { require("./other"); })',
  ].join('\n'));
  const result = await scanFiles([bundle], { readSource: readSourceSync });
  assert.equal(result.findings.map((f) => [f.id, f.line]), [['filesystem.node-fs-write', 5], ['scan.not-analyzed', 4], ['scan.not-analyzed', 11]]);
  assert.match(result.findings[1]!.detail!, /^import "\.\/not-in-map" resolves to no file/);
  // A specifier mapped to an id the bundle does not hold is handed to the outer require by the
  // loader (browserify's prelude), which loads it from disk: it is followed like any require.
  const crafted = write('crafted/b.js', [
    '(function(){function r(e,n,t){function o(i,f){if(!n[i]){if(!e[i]){var c="function"==typeof require&&require;if(!f&&c)return c(i,!0)}}}return r})()({1:[function(require,module,exports){',
    "require('./evil').run();",
    '},{"./evil":"/elsewhere/evil.js"}]},{},[1]);',
  ].join('\n'));
  write('crafted/evil.js', "require('child_process').execSync('id');\nexports.run = () => {};\n");
  const followed = await scanFiles([crafted], { readSource: readSourceSync });
  assert.equal(followed.files.map((f) => f.slice(dir.length + 1)), ['crafted/b.js', 'crafted/evil.js']);
  assert.ok(followed.findings.some((f) => f.id === 'subprocess.child-process' && f.file?.endsWith('evil.js')));
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test('tools that share files scan each file once per run, with the same results as alone', async () => {
  const d = mkdtempSync(join(tmpdir(), 'mcpfusion-scan-cache-'));
  writeFileSync(join(d, 'bundle.js'), "const cp = require('child_process');\nexports.run = (c) => cp.execSync(c);\nexports.get = (u) => fetch(u);\n");
  writeFileSync(join(d, 'a.js'), "const b = require('./bundle.js');\nmodule.exports = (c) => b.run(c);\n");
  writeFileSync(join(d, 'b.js'), "const b = require('./bundle.js');\nrequire('fs').writeFileSync('x', 'y');\n");
  const reads: string[] = [];
  const counting = (p: string) => {
    reads.push(p);
    return readSourceSync(p);
  };
  const tools = { a: { handlers: [join(d, 'a.js')], allow: ['subprocess'] }, b: { handlers: [join(d, 'b.js')], readOnly: true } };
  const shared = await scanTools(tools, { readSource: counting });
  assert.is(reads.filter((p) => p.endsWith('bundle.js')).length, 1, 'bundle.js read once');
  const alone = { a: await scanTools({ a: tools.a }, { readSource: readSourceSync }), b: await scanTools({ b: tools.b }, { readSource: readSourceSync }) };
  assert.equal(shared['a'], alone.a['a']);
  assert.equal(shared['b'], alone.b['b']);
  // Each tool's findings are its own objects: marking one tool's does not touch the other's.
  assert.ok(shared['a']!.findings.every((f) => f.tool === 'a') && shared['b']!.findings.every((f) => f.tool === 'b'));
  const cache = createScanCache();
  // The shared file as an entry of the first call: its findings are the first caller's to change.
  const first = await scanFiles([join(d, 'bundle.js')], { readSource: readSourceSync, cache });
  assert.ok(first.findings.length > 0);
  for (const f of first.findings) f.level = 'error';
  const second = await scanFiles([join(d, 'b.js')], { readSource: readSourceSync, cache });
  assert.ok(second.findings.filter((f) => f.file?.endsWith('bundle.js')).every((f) => f.level === 'note'));
  rmSync(d, { recursive: true, force: true });
});

test('a module a local file re-exports whole by name is that module where the name is imported (export * as fsp)', async () => {
  // scanpy10's leftover (scanpy11 held-out k15, k16): `export * as fsp from 'node:fs/promises'` in lib.ts and
  // `fsp.writeFile(…)` in the importer gave filesystem.node-fs at the re-export, its access undecided.
  const caps = async (entries: string[]): Promise<string[]> => (await scanFiles(entries, { readSource: readSourceSync })).findings
    .filter((f) => f.kind === 'capability').map((f) => `${f.file!.slice(dir.length + 1)}:${f.line}:${f.id}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  write('ns/lib.ts', "export * as fsp from 'node:fs/promises';\nexport * as cp from 'node:child_process';\nexport { join } from 'node:path';\n");
  // Since barrels1 the re-export keeps its own finding (the module object), as a member re-exported by name does.
  assert.equal(await caps([write('ns/write.ts', "import { fsp, join } from './lib.js';\nexport const w = (d: string) => fsp.writeFile(join(d, 'x'), 'y');\n")]), [
    'ns/write.ts:2:filesystem.node-fs-write:fs.writeFile:write', 'ns/lib.ts:1:filesystem.node-fs:fs', 'ns/lib.ts:2:subprocess.child-process:child_process',
  ]);
  assert.equal(await caps([write('ns/read.ts', "import { fsp as io } from './lib.js';\nexport const r = (p: string) => io.readFile(p, 'utf8');\n")]), [
    'ns/read.ts:2:filesystem.node-fs-read:fs.readFile:read', 'ns/lib.ts:1:filesystem.node-fs:fs', 'ns/lib.ts:2:subprocess.child-process:child_process',
  ]);
  // Handed on whole in the importer: the module object is reported there.
  assert.equal(await caps([write('ns/hand.ts', "import { fsp } from './lib.js';\nexport const h = () => use(fsp);\n")]), [
    'ns/hand.ts:2:filesystem.node-fs:fs', 'ns/lib.ts:1:filesystem.node-fs:fs', 'ns/lib.ts:2:subprocess.child-process:child_process',
  ]);
  // A namespace import of the barrel holds its names: `lib.fsp.rm(…)` is fs.rm (a write) there too.
  assert.equal(await caps([write('ns/star.ts', "import * as lib from './lib.js';\nimport { fsp } from './lib.js';\nexport const s = () => [lib.fsp.rm('x'), fsp.readFile('y')];\n")]), [
    'ns/star.ts:3:filesystem.node-fs-write:fs.rm:write', 'ns/star.ts:3:filesystem.node-fs-read:fs.readFile:read', 'ns/lib.ts:1:filesystem.node-fs:fs', 'ns/lib.ts:2:subprocess.child-process:child_process',
  ]);
  assert.equal(await caps([join(dir, 'ns/lib.ts'), join(dir, 'ns/write.ts')]), [
    'ns/lib.ts:1:filesystem.node-fs:fs', 'ns/lib.ts:2:subprocess.child-process:child_process', 'ns/write.ts:2:filesystem.node-fs-write:fs.writeFile:write',
  ]);
});

test('a name imported from a local file that re-exports a module with export * is that module\'s member', async () => {
  // scanpy11/12 leftover: `export * from 'node:fs/promises'` in lib.ts and `import { writeFile } from './lib.js'`
  // + `writeFile(…)` in the importer gave filesystem.node-fs at the re-export, its access undecided.
  const caps = async (entries: string[]): Promise<string[]> => (await scanFiles(entries, { readSource: readSourceSync })).findings
    .filter((f) => f.kind === 'capability').map((f) => `${f.file!.slice(dir.length + 1)}:${f.line}:${f.id}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  write('star/lib.ts', "export * from 'node:fs/promises';\n");
  // Since barrels1 the re-export keeps its own finding, as a member re-exported by name does.
  assert.equal(await caps([write('star/write.ts', "import { writeFile } from './lib.js';\nexport const w = () => writeFile('x', 'y');\n")]), [
    'star/write.ts:2:filesystem.node-fs-write:fs.writeFile:write', 'star/lib.ts:1:filesystem.node-fs:fs',
  ]);
  assert.equal(await caps([write('star/read.ts', "import { readFile as rf } from './lib.js';\nexport const r = (p: string) => rf(p, 'utf8');\n")]), [
    'star/read.ts:2:filesystem.node-fs-read:fs.readFile:read', 'star/lib.ts:1:filesystem.node-fs:fs',
  ]);
  // The re-exporting file scanned itself, or imported whole elsewhere: its finding stays.
  assert.equal(await caps([join(dir, 'star/lib.ts'), join(dir, 'star/write.ts')]), [
    'star/lib.ts:1:filesystem.node-fs:fs', 'star/write.ts:2:filesystem.node-fs-write:fs.writeFile:write',
  ]);
  // A member of a namespace import is a name imported the same way (heldout-code18 m01: `lib.writeFile`
  // through `export * from 'node:fs/promises'` was no capability in the importer).
  assert.equal(await caps([write('star/whole.ts', "import * as lib from './lib.js';\nimport { readFile } from './lib.js';\nexport const s = () => [lib.rm('x'), readFile('y')];\n")]), [
    'star/whole.ts:3:filesystem.node-fs-write:fs.rm:write', 'star/whole.ts:3:filesystem.node-fs-read:fs.readFile:read', 'star/lib.ts:1:filesystem.node-fs:fs',
  ]);
  // tsc's CommonJS of the same barrel, required whole.
  write('star/cjs-lib.js', '"use strict";\nvar __exportStar = (this && this.__exportStar) || function (m, exports) { for (var p in m) exports[p] = m[p]; };\n__exportStar(require("fs/promises"), exports);\n');
  assert.equal(await caps([write('star/cjs-user.js', "const lib = require('./cjs-lib');\nlib.unlink('x');\n")]), [
    'star/cjs-user.js:2:filesystem.node-fs-write:fs.unlink:write', 'star/cjs-lib.js:3:filesystem.node-fs:fs',
  ]);
  assert.equal(await caps([write('star/cjs-destructure.js', "const { unlink: del, readFile } = require('./cjs-lib');\ndel('x');\nreadFile('y');\n")]), [
    'star/cjs-destructure.js:2:filesystem.node-fs-write:fs.unlink:write', 'star/cjs-destructure.js:3:filesystem.node-fs-read:fs.readFile:read', 'star/cjs-lib.js:3:filesystem.node-fs:fs',
  ]);
  // A file that is a module whole stays that module for every name (the members of a whole
  // require named elsewhere in the importer do not make it a barrel of those names alone).
  write('star/whole-pkg.js', "module.exports = require('fs-extra');\n");
  assert.equal(await caps([write('star/whole-pkg-user.js', "const w = require('./whole-pkg');\nw.outputFile('q', 'd');\nconst { readJson } = require('./whole-pkg');\nreadJson('z');\n")]).then((c) => c.filter((x) => x.startsWith('star/whole-pkg-user'))), [
    'star/whole-pkg-user.js:2:filesystem.node-fs-write:fs-extra.outputFile:write', 'star/whole-pkg-user.js:4:filesystem.node-fs-read:fs-extra.readJson:read',
  ]);
  // A default import is no namespace: `export *` hands on no default.
  assert.equal(await caps([write('star/default.ts', "import lib from './lib.js';\nexport const d = () => lib.rm('x');\n")]), [
    'star/lib.ts:1:filesystem.node-fs:fs',
  ]);
  // A name the re-exporting file declares itself is its own, not the module's; two modules re-exported
  // with export * leave a name undecided: the re-exports' findings stay.
  write('star/own.ts', "export * from 'node:fs/promises';\nexport function writeFile(p: string) { return p; }\n");
  assert.equal(await caps([write('star/own-user.ts', "import { writeFile } from './own.js';\nexport const o = () => writeFile('x');\n")]), [
    'star/own.ts:1:filesystem.node-fs:fs',
  ]);
  assert.equal(await caps([write('star/own-ns.ts', "import * as own from './own.js';\nexport const o = () => own.writeFile('x');\n")]), [
    'star/own.ts:1:filesystem.node-fs:fs',
  ]);
  write('star/two.ts', "export * from 'node:fs/promises';\nexport * from 'node:child_process';\n");
  assert.equal(await caps([write('star/two-user.ts', "import { writeFile } from './two.js';\nexport const t = () => writeFile('x', 'y');\n")]), [
    'star/two.ts:1:filesystem.node-fs:fs', 'star/two.ts:2:subprocess.child-process:child_process',
  ]);
  assert.equal(await caps([write('star/two-ns.ts', "import * as two from './two.js';\nexport const t = () => two.writeFile('x', 'y');\n")]), [
    'star/two.ts:1:filesystem.node-fs:fs', 'star/two.ts:2:subprocess.child-process:child_process',
  ]);
});

test('a member a local file re-exports by name is that member where the name is imported (export { execa } from)', async () => {
  // heldout-code17 n19: a barrel with `export { execa } from 'execa'` and `export { default as kyClient } from 'ky'`;
  // `execa('git', …)` and `kyClient.get(…)` in the importer gave nothing there, only the barrel's two findings.
  const caps = async (entries: string[]): Promise<string[]> => (await scanFiles(entries, { readSource: readSourceSync })).findings
    .filter((f) => f.kind === 'capability').map((f) => `${f.file!.slice(dir.length + 1)}:${f.line}:${f.id}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  write('named/lib.ts', "export { execa, type Options } from 'execa';\nexport { default as http } from 'ky';\nexport { spawn as run, type ChildProcess } from 'node:child_process';\nexport { writeFile } from 'node:fs/promises';\n");
  // The importer's uses are its own; the barrel keeps its findings (each already names the member it hands on).
  assert.equal(await caps([write('named/use.ts', "import { execa, http, run, writeFile } from './lib.js';\nexport const u = async () => [await execa('git', ['status']), await http.get('https://x.example').json(), run('ls'), writeFile('a', 'b')];\n")]), [
    'named/use.ts:1:subprocess.spawn-package:execa', 'named/use.ts:1:network.http-client-package:ky',
    'named/use.ts:2:subprocess.child-process:child_process.spawn', 'named/use.ts:2:filesystem.node-fs-write:fs.writeFile:write',
    'named/lib.ts:1:subprocess.spawn-package:execa', 'named/lib.ts:2:network.http-client-package:ky',
    'named/lib.ts:3:subprocess.child-process:child_process.spawn', 'named/lib.ts:4:filesystem.node-fs-write:fs.writeFile:write',
  ]);
  // A name the barrel declares itself, a type-only name, or a name taken only as an error class: nothing in the importer.
  write('named/own.ts', "export { execa } from 'execa';\nexport class ExecaError extends Error {}\nexport type { Result } from 'execa';\n");
  assert.equal(await caps([write('named/own-user.ts', "import { ExecaError, type Result } from './own.js';\nexport const o = (e: unknown, r?: Result) => e instanceof ExecaError ? r : undefined;\n")]), [
    'named/own.ts:1:subprocess.spawn-package:execa',
  ]);
  // A constant of an SDK's data-model subpath read through the barrel is no use of the SDK there, as for a direct import.
  write('named/enums.ts', "export { BuildStatus } from 'azure-devops-node-api/interfaces/BuildInterfaces';\n");
  assert.equal(await caps([write('named/enum-user.ts', "import { BuildStatus } from './enums.js';\nexport const done = (s: number) => s === BuildStatus.Completed;\n")]), [
    'named/enums.ts:1:network.service-sdk-package:azure-devops-node-api',
  ]);
  // A package re-exported whole by name (`export * as ex from 'execa'`) counts in the importer at the name too.
  write('named/ns.ts', "export * as ex from 'execa';\n");
  assert.equal(await caps([write('named/ns-user.ts', "import { ex } from './ns.js';\nexport const n = () => ex.execa('git');\n")]), [
    'named/ns-user.ts:1:subprocess.spawn-package:execa', 'named/ns.ts:1:subprocess.spawn-package:execa',
  ]);
});

test.run();
