/**
 * Which file a relative import reaches, checked against the runtimes themselves: each layout is
 * run (Node for JavaScript, tsx for TypeScript), every file printing its own name when it loads,
 * and the scanner must reach exactly the files the runtime loaded.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';
import { readSourceListing } from '../../src/io/read-source.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const root = mkdtempSync(join(tmpdir(), 'mcpfusion-resolution-'));

/** A file that prints its name when loaded and holds a capability it never runs. */
const cjs = (name: string, capability: string): string => `console.log(${JSON.stringify(name)});\nmodule.exports = () => ${capability};\n`;
const esm = (name: string, capability: string, imports = ''): string => `${imports}console.log(${JSON.stringify(name)});\nexport const f = () => ${capability};\n`;

interface Layout {
  /** The entry, run by the runtime and given to the scanner. */
  entry: string;
  files: Record<string, string>;
  /** Files the runtime loads besides the entry, as it printed them. */
  loads: string[];
}

/** Write a layout, run its entry with the runtime, scan it; returns what each reached. */
async function check(name: string, layout: Layout): Promise<void> {
  const dir = join(root, name);
  for (const [rel, text] of Object.entries(layout.files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  const typescript = /\.[cm]?tsx?$/.test(layout.entry);
  const run = typescript ? spawnSync(TSX, [layout.entry], { cwd: dir, encoding: 'utf8' }) : spawnSync(process.execPath, [layout.entry], { cwd: dir, encoding: 'utf8' });
  assert.is(run.status, 0, `${name}: ${run.stderr}`);
  // ES modules print after their imports: compare the sets.
  const loaded = run.stdout.split('\n').filter((l) => l !== '').sort();
  layout.loads.sort();
  assert.equal(loaded, layout.loads, `${name}: the runtime loads ${loaded.join(', ')}`);
  const result = await scanFiles([join(dir, layout.entry)], { readSource: readSourceSync });
  assert.equal(result.files.slice(1).map((f) => f.slice(dir.length + 1)).sort(), layout.loads, `${name}: the scanner reaches what the runtime loads`);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), [], name);
}

const EXEC = "require('child_process').execSync('id')";
const WRITE = "require('fs').writeFileSync('x', 'y')";
const FETCH = "fetch('http://127.0.0.1')";

test('Node (CommonJS): the file exactly as named, then .js, .json, the directory; TypeScript sources are fallbacks', async () => {
  await check('cjs-exact', { entry: 'a.cjs', files: { 'a.cjs': "require('./x');", x: cjs('x', EXEC), 'x.js': cjs('x.js', FETCH), 'x.ts': cjs('x.ts', WRITE) }, loads: ['x'] });
  await check('cjs-js', { entry: 'a.cjs', files: { 'a.cjs': "require('./y');", 'y.js': cjs('y.js', EXEC), 'y.ts': cjs('y.ts', WRITE) }, loads: ['y.js'] });
  await check('cjs-json', { entry: 'a.cjs', files: { 'a.cjs': "require('./d');", 'd.json': '{}', 'd.ts': cjs('d.ts', WRITE) }, loads: [] });
  await check('cjs-dir', { entry: 'a.cjs', files: { 'a.cjs': "require('./lib');", 'lib.ts': cjs('lib.ts', WRITE), 'lib/index.js': cjs('lib/index.js', EXEC) }, loads: ['lib/index.js'] });
  await check('cjs-main', { entry: 'a.cjs', files: { 'a.cjs': "require('./pkg');", 'pkg/package.json': '{"main":"start"}', 'pkg/start.js': cjs('pkg/start.js', EXEC), 'pkg/start.ts': cjs('pkg/start.ts', WRITE) }, loads: ['pkg/start.js'] });
  await check('cjs-mjs', { entry: 'a.cjs', files: { 'a.cjs': "require('./q');", q: cjs('q', EXEC), 'q.mjs': esm('q.mjs', FETCH) }, loads: ['q'] });
});

test('TypeScript (tsx, as tsc resolves): ./x.js is x.ts even beside x.js; ./m adds .ts, .tsx, .js, .jsx only', async () => {
  await check('ts-js-spec', { entry: 'a.ts', files: { 'a.ts': "import './x.js';", 'x.js': esm('x.js', FETCH), 'x.ts': esm('x.ts', "execSync('id')", "import { execSync } from 'node:child_process';\n") }, loads: ['x.ts'] });
  await check('ts-extensionless', { entry: 'a.ts', files: { 'a.ts': "import './m';", 'm.js': esm('m.js', FETCH), 'm.mts': esm('m.mts', "writeFileSync('x', 'y')", "import { writeFileSync } from 'node:fs';\n") }, loads: ['m.js'] });
  await check('ts-dir', { entry: 'a.ts', files: { 'a.ts': "import './lib';", 'lib/index.js': esm('lib/index.js', FETCH), 'lib.mts': esm('lib.mts', "writeFileSync('x', 'y')", "import { writeFileSync } from 'node:fs';\n") }, loads: ['lib/index.js'] });
});

test('TypeScript: ./y.jsx is y.tsx before y.ts, ./y.js is y.ts before y.tsx, as tsc resolves them', async () => {
  const dir = join(root, 'ts-jsx');
  mkdirSync(dir, { recursive: true });
  for (const f of ['y.ts', 'y.tsx', 'y.js', 'y.jsx']) writeFileSync(join(dir, f), 'export const v = 1;\n');
  writeFileSync(join(dir, 'a.ts'), "import { v } from './y.jsx';\nimport { v as w } from './y.js';\nexport { v, w };\n");
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', allowJs: true, jsx: 'preserve', noEmit: true, types: [] }, files: ['a.ts'] }));
  // What './y.jsx' and './y.js' resolve to with all four files, then without y.tsx, then without y.ts too.
  for (const [gone, expected] of [[undefined, ['y.tsx', 'y.ts']], ['y.tsx', ['y.ts', 'y.ts']], ['y.ts', ['y.jsx', 'y.js']]] as const) {
    if (gone !== undefined) rmSync(join(dir, gone));
    const trace = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.', '--traceResolution'], { cwd: dir, encoding: 'utf8' }).stdout;
    const resolved = [...trace.matchAll(/Module name '\.\/y\.jsx?' was successfully resolved to '([^']+)'/g)].map((m) => m[1]!.slice(dir.length + 1));
    assert.equal(resolved, [...expected], `tsc, without ${gone}`);
    const result = await scanFiles([join(dir, 'a.ts')], { readSource: readSourceSync });
    assert.equal(result.files.slice(1).map((f) => f.slice(dir.length + 1)), [...new Set(resolved)], `scan, without ${gone}`);
  }
});

test('a package naming itself resolves through its own "exports" (patterns, nested conditions, types skipped), as Node does', async () => {
  const files = {
    'package.json': JSON.stringify({ name: 'my-server', type: 'module', exports: {
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './tools/*': { node: { import: './dist/tools/*.js', require: './dist/tools/*.cjs' }, default: './dist/tools/*.js' },
      './internal/*': null,
    } }),
    'dist/index.d.ts': 'export {};',
    'dist/index.js': "console.log('dist/index.js');\nimport 'my-server/tools/run';\n",
    'dist/tools/run.js': esm('dist/tools/run.js', "execSync('id')", "import { execSync } from 'node:child_process';\n"),
    'src/main.js': "import 'my-server';\n",
  };
  await check('self', { entry: 'src/main.js', files, loads: ['dist/index.js', 'dist/tools/run.js'] });
  const dir = join(root, 'self');
  writeFileSync(join(dir, 'src/bad.js'), "import 'my-server/internal/x';\nimport 'my-server/nothing';\n");
  assert.match(spawnSync(process.execPath, ['src/bad.js'], { cwd: dir, encoding: 'utf8' }).stderr, /ERR_PACKAGE_PATH_NOT_EXPORTED/);
  const bad = await scanFiles([join(dir, 'src/bad.js')], { readSource: readSourceSync });
  assert.equal(bad.findings.map((f) => [f.id, f.line]), [['scan.not-analyzed', 1], ['scan.not-analyzed', 2]]);
  assert.equal(bad.packages, [], 'a self-reference is no package');
  // Without "exports" a package cannot name itself: the specifier stays a package.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-server', type: 'module' }));
  assert.equal((await scanFiles([join(dir, 'src/main.js')], { readSource: readSourceSync })).packages, ['my-server']);
});

test('import() and require() of a file named exactly beside the importer (new URL, import.meta.resolve, path.join(__dirname)) are followed, not evasion', async () => {
  await check('url-esm', {
    entry: 'main.mjs',
    files: {
      'main.mjs': [
        "await import(new URL('./a.mjs', import.meta.url));",
        "await import(new URL('./b.mjs', import.meta.url).href);",
        "await import(import.meta.resolve('./c.mjs'));",
      ].join('\n'),
      'a.mjs': esm('a.mjs', "execSync('id')", "import { execSync } from 'node:child_process';\n"),
      'b.mjs': esm('b.mjs', FETCH),
      'c.mjs': esm('c.mjs', "writeFileSync('x', 'y')", "import { writeFileSync } from 'node:fs';\n"),
    },
    loads: ['a.mjs', 'b.mjs', 'c.mjs'],
  });
  await check('dirname-cjs', {
    entry: 'main.cjs',
    files: {
      'main.cjs': "const path = require('node:path');\nrequire(path.join(__dirname, 'lib', 'x.cjs'));\nrequire(__dirname + '/y.cjs');",
      'lib/x.cjs': cjs('lib/x.cjs', EXEC),
      'y.cjs': cjs('y.cjs', WRITE),
    },
    loads: ['lib/x.cjs', 'y.cjs'],
  });
  const scan = async (name: string) => scanFiles([join(root, name)], { readSource: readSourceSync });
  const evasions = (await scan('url-esm/main.mjs')).findings.filter((f) => f.kind === 'evasion');
  assert.equal(evasions, [], 'no dynamic-import evasion for a file named exactly');
  // A value computed at run time in the argument keeps the warning and follows nothing.
  mkdirSync(join(root, 'computed'), { recursive: true });
  writeFileSync(join(root, 'computed/main.mjs'), "const suffix = process.argv[2];\nawait import(new URL('./a.mjs', import.meta.url) + suffix);\nawait import(new URL(`./${suffix}.mjs`, import.meta.url));");
  const computed = await scan('computed/main.mjs');
  assert.equal(computed.files.length, 1);
  assert.equal(computed.findings.filter((f) => f.id === 'evasion.dynamic-import').length, 2);
});

test('"imports" conditions resolve as the server runtimes pick them: the first matching key, the first valid array entry, null means not importable', async () => {
  const dir = join(root, 'conditions');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cpkg', imports: {
    '#x': { browser: './web.js', node: './node.js', default: './other.js' },
    '#y': { import: './y.mjs', require: './y.cjs' },
    '#z': ['./a.js', './b.js'],
    '#n': { node: { import: './ni.mjs', default: './nd.js' }, default: './d.js' },
    '#d': { deno: './deno.js', default: './dflt.js' },
    '#t': { types: './t.d.ts', default: './t.js' },
  } }));
  for (const f of ['web.js', 'node.js', 'other.js', 'a.js', 'b.js', 'nd.js', 'd.js', 'deno.js', 'dflt.js', 't.js', 'y.cjs']) writeFileSync(join(dir, f), `console.log(${JSON.stringify(f)});\n`);
  for (const f of ['y.mjs', 'ni.mjs']) writeFileSync(join(dir, f), `console.log(${JSON.stringify(f)});\n`);
  writeFileSync(join(dir, 'main.mjs'), "import '#x'; import '#y'; import '#z'; import '#n'; import '#d'; import '#t';\n");
  writeFileSync(join(dir, 'main.cjs'), "require('#x'); require('#y'); require('#z'); require('#n'); require('#d'); require('#t');\n");
  const loads = (entry: string): string[] => spawnSync(process.execPath, [entry], { cwd: dir, encoding: 'utf8' }).stdout.split('\n').filter((l) => l !== '').sort();
  assert.equal(loads('main.mjs'), ['a.js', 'dflt.js', 'ni.mjs', 'node.js', 't.js', 'y.mjs']);
  assert.equal(loads('main.cjs'), ['a.js', 'dflt.js', 'nd.js', 'node.js', 't.js', 'y.cjs']);
  // The scan, not knowing the runtime nor the import kind, takes each runtime's pick: Node's for
  // import and require, and Deno's ("deno"); never the "browser" branch, a later key or array entry.
  for (const entry of ['main.mjs', 'main.cjs']) {
    const result = await scanFiles([join(dir, entry)], { readSource: readSourceSync });
    assert.equal(result.files.slice(1).map((f) => f.slice(dir.length + 1)).sort(), ['a.js', 'deno.js', 'dflt.js', 'nd.js', 'ni.mjs', 'node.js', 't.js', 'y.cjs', 'y.mjs'], entry);
    assert.equal(result.findings, [], entry);
  }
  // `"node": null` is "not importable" under Node, even with a "default" after it.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cpkg', imports: { '#g': { node: null, default: './d.js' } } }));
  writeFileSync(join(dir, 'g.mjs'), "import '#g';\n");
  assert.match(spawnSync(process.execPath, ['g.mjs'], { cwd: dir, encoding: 'utf8' }).stderr, /ERR_PACKAGE_IMPORT_NOT_DEFINED/);
  assert.equal((await scanFiles([join(dir, 'g.mjs')], { readSource: readSourceSync })).findings.map((f) => f.id), ['scan.not-analyzed']);
});

test('from TypeScript, an "imports"/"exports" target in outDir stands for its source under rootDir, as tsc resolves it', async () => {
  const dir = join(root, 'ts-outdir');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'tsrv', type: 'module', imports: { '#lib/*': './dist/lib/*' }, exports: { './tools': './dist/lib/tools.js' } }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', outDir: 'dist', rootDir: 'src', noEmit: true, types: [], skipLibCheck: true }, include: ['src'] }),
    'src/main.ts': "import { x } from '#lib/x.js';\nimport { t } from 'tsrv/tools';\nexport const y = [x, t];\n",
    'src/lib/x.ts': "declare const run: (c: string) => void;\nexport const x = () => run('id');\nexport const w = () => eval('1');\n",
    'src/lib/tools.ts': "export const t = () => fetch('http://127.0.0.1');\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  // The oracle: tsc's own resolution trace.
  const trace = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.', '--traceResolution'], { cwd: dir, encoding: 'utf8' }).stdout;
  const resolved = [...trace.matchAll(/Module name '([^']+)' was successfully resolved to '([^']+)'/g)].filter((m) => !m[1]!.startsWith('@typescript/')).map((m) => [m[1], m[2]!.slice(dir.length + 1)]);
  assert.equal(resolved, [['#lib/x.js', 'src/lib/x.ts'], ['tsrv/tools', 'src/lib/tools.ts']]);
  const result = await scanFiles([join(dir, 'src/main.ts')], { readSource: readSourceSync });
  assert.equal(result.files.map((f) => f.slice(dir.length + 1)), ['src/main.ts', 'src/lib/x.ts', 'src/lib/tools.ts']);
  assert.equal(result.findings.map((f) => f.identifier ?? f.id).sort(), ['eval', 'fetch']);
  // A JavaScript importer is Node's: the output file, which does not exist here.
  writeFileSync(join(dir, 'src/plain.js'), "import '#lib/x.js';\n");
  assert.equal((await scanFiles([join(dir, 'src/plain.js')], { readSource: readSourceSync })).findings.map((f) => f.id), ['scan.not-analyzed']);
});

test('a native addon that an extensionless require finds is not analyzed', async () => {
  const dir = join(root, 'addon');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'a.js'), "require('./addon');");
  writeFileSync(join(dir, 'addon.node'), '\u007fELF');
  writeFileSync(join(dir, 'addon.ts'), 'export const x = 1;');
  const result = await scanFiles([join(dir, 'a.js')], { readSource: readSourceSync });
  assert.equal(result.files, [join(dir, 'a.js')]);
  assert.equal(result.findings.map((f) => f.id), ['scan.not-analyzed']);
  assert.match(result.findings[0]!.detail!, /resolves to .*addon\.node, a native addon/);
});

const PYTHON = spawnSync('python3', ['--version']).status === 0;

/**
 * A Python layout: each module prints its path when it runs; `python3 -m` runs the entry module
 * (when python3 is installed) and must load `pythonLoads`; the scanner, given the entry file,
 * must reach `reaches` (a parent package's `__init__.py` that Python runs on the way is not
 * followed by design: see docs/scan.md, Python).
 */
async function checkPython(name: string, layout: { entry: string; files: Record<string, string>; dirs?: string[]; pythonLoads: string[]; reaches: string[]; pythonPath?: string }): Promise<void> {
  const dir = join(root, name);
  for (const [rel, body] of Object.entries(layout.files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), rel.endsWith('.py') ? `print(${JSON.stringify(rel)})\n${body}\n` : body);
  }
  for (const d of layout.dirs ?? []) mkdirSync(join(dir, d), { recursive: true });
  if (PYTHON) {
    const env = layout.pythonPath === undefined ? process.env : { ...process.env, PYTHONPATH: layout.pythonPath };
    const run = spawnSync('python3', ['-m', layout.entry.replace(/\.py$/, '').replace(/\//g, '.')], { cwd: dir, encoding: 'utf8', env });
    assert.is(run.status, 0, `${name}: ${run.stderr}`);
    assert.equal(run.stdout.split('\n').filter((l) => l !== '' && l !== layout.entry).sort(), [...layout.pythonLoads].sort(), `${name}: python3 loads`);
  }
  const result = await scanFiles([join(dir, layout.entry)], { readSource: readSourceListing });
  assert.equal(result.files.slice(1).map((f) => f.slice(dir.length + 1)).sort(), [...layout.reaches].sort(), `${name}: the scanner reaches`);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), [], name);
}

test('Python from-imports: an attribute of the module wins over a submodule; a directory without __init__.py is a namespace package', async () => {
  // `from . import x`, the package binding x (from .other): Python never loads x.py.
  await checkPython('py-attr', {
    entry: 'pkg/main.py',
    files: { 'pkg/__init__.py': 'from .other import x', 'pkg/other.py': 'def x(): pass', 'pkg/x.py': 'import subprocess', 'pkg/main.py': 'from . import x' },
    pythonLoads: ['pkg/__init__.py', 'pkg/other.py'],
    reaches: ['pkg/__init__.py', 'pkg/other.py'],
  });
  // `from .mod import name`, mod/__init__.py defining name beside mod/name.py.
  await checkPython('py-attr-sub', {
    entry: 'pkg/main.py',
    files: { 'pkg/__init__.py': '', 'pkg/mod/__init__.py': 'def name(): pass', 'pkg/mod/name.py': 'import subprocess', 'pkg/main.py': 'from .mod import name' },
    pythonLoads: ['pkg/__init__.py', 'pkg/mod/__init__.py'],
    reaches: ['pkg/mod/__init__.py'],
  });
  // The same through an absolute import of the package.
  await checkPython('py-attr-abs', {
    entry: 'pkg/main.py',
    files: { 'pkg/__init__.py': 'from .other import x', 'pkg/other.py': 'def x(): pass', 'pkg/x.py': 'import subprocess', 'pkg/main.py': 'from pkg import x' },
    pythonLoads: ['pkg/__init__.py', 'pkg/other.py'],
    reaches: ['pkg/__init__.py', 'pkg/other.py'],
  });
  // A bare `from . import x` in __init__ binds the submodule itself, and a conditional binding may not run: the submodule counts.
  await checkPython('py-submodule', {
    entry: 'pkg/main.py',
    files: { 'pkg/__init__.py': 'from . import x\nimport os\nif os.environ.get("NOPE"):\n    y = 1', 'pkg/x.py': 'import subprocess', 'pkg/y.py': 'import socket', 'pkg/main.py': 'from . import x\nfrom . import y' },
    pythonLoads: ['pkg/__init__.py', 'pkg/x.py', 'pkg/y.py'],
    reaches: ['pkg/x.py', 'pkg/y.py', 'pkg/__init__.py'],
  });
  // `from . import data` where data/ holds no __init__.py: a namespace package, nothing runs.
  await checkPython('py-namespace', {
    entry: 'pkg/main.py',
    files: { 'pkg/__init__.py': 'import subprocess', 'pkg/main.py': 'from . import data' },
    dirs: ['pkg/data'],
    pythonLoads: ['pkg/__init__.py'],
    reaches: [],
  });
});

test('Python: a module importing itself through its own package resolves to itself, not "not analyzed"', async () => {
  await checkPython('py-self', {
    entry: 'pkg/main.py',
    files: {
      'pkg/__init__.py': '',
      'pkg/table.py': 'class Table: pass\nif __name__ == "__main__":\n    from pkg.table import Table',
      'pkg/main.py': 'from pkg.table import Table',
    },
    pythonLoads: ['pkg/__init__.py', 'pkg/table.py'],
    reaches: ['pkg/table.py'],
  });
  // Run as the program, the module's self-import loads it a second time under its name.
  if (PYTHON) assert.equal(spawnSync('python3', ['-m', 'pkg.table'], { cwd: join(root, 'py-self'), encoding: 'utf8' }).stdout.split('\n').filter((l) => l !== ''), ['pkg/__init__.py', 'pkg/table.py', 'pkg/table.py']);
  const result = await scanFiles([join(root, 'py-self/pkg/table.py')], { readSource: readSourceListing });
  assert.equal(result.findings, []);
  assert.equal(result.files, [join(root, 'py-self/pkg/table.py')]);
});

test('Python: a src layout project\'s own package is its source (installed or on PYTHONPATH), not a package by name', async () => {
  const files = {
    'pyproject.toml': '[project]\nname = "mypkg"\nversion = "0.1"',
    'src/mypkg/__init__.py': '',
    'src/mypkg/tools.py': 'import subprocess\ndef run(): pass',
    'server.py': 'from mypkg.tools import run',
  };
  // pip install -e . puts src on the path: PYTHONPATH=src stands for it here.
  await checkPython('py-src-layout', { entry: 'server.py', files, pythonPath: 'src', pythonLoads: ['src/mypkg/__init__.py', 'src/mypkg/tools.py'], reaches: ['src/mypkg/tools.py'] });
  // Without a project file, src/ is nobody's package directory: the name stays a package.
  rmSync(join(root, 'py-src-layout/pyproject.toml'));
  const bare = await scanFiles([join(root, 'py-src-layout/server.py')], { readSource: readSourceListing });
  assert.equal(bare.packages, ['mypkg.tools']);
});

test.after(() => rmSync(root, { recursive: true, force: true }));
test.run();
