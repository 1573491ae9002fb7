/**
 * The fixes of the heldout-code20 round, each on handlers written beside it: python-dotenv's
 * `dotenv_values` reads the .env file into a dict and sets no environment variable (only
 * `load_dotenv` does); the standard library's `netrc.netrc()`, `filecmp` and `linecache` open the
 * files they are named; `http.server`'s `SimpleHTTPRequestHandler` reads the folder it serves and
 * `py_compile`/`compileall` write byte-code files; in JavaScript, `import()` or `require()` of a module file whose path is
 * built at run time runs code no scan reads (code evaluation), while a bare computed name stays an
 * evasion finding only. Neighbours that must still count, or stay nothing, sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanPythonSource } from '../../src/scan/python/scan-python-source.ts';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each Python capability finding, sorted. */
const py = (text: string): string[] => scanPythonSource(text, { file: 'server.py' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('python-dotenv: load_dotenv reads the file and sets the environment, dotenv_values only reads it', () => {
  assert.equal(py('from dotenv import load_dotenv\nload_dotenv()\n'), ['environment.python-dotenv dotenv.load_dotenv', 'filesystem.python-dotenv-load dotenv.load_dotenv']);
  assert.equal(py('import dotenv\ndotenv.load_dotenv(".env.local", override=True)\n'), ['environment.python-dotenv dotenv.load_dotenv', 'filesystem.python-dotenv-load dotenv.load_dotenv']);
  assert.equal(py('from dotenv.main import load_dotenv\nload_dotenv()\n'), ['environment.python-dotenv dotenv.main.load_dotenv', 'filesystem.python-dotenv-load dotenv.main.load_dotenv']);
  assert.equal(py('from dotenv import dotenv_values\ncfg = dotenv_values(".env")\n'), ['filesystem.python-dotenv-load dotenv.dotenv_values']);
  // The import alone, and find_dotenv (which only looks for the file), touch neither.
  assert.equal(py('import dotenv\nfrom dotenv import find_dotenv\npath = find_dotenv()\n'), []);
});

test('netrc, filecmp and linecache read the files they are named; their caches and parsers do not', () => {
  assert.equal(py('import netrc\ncreds = netrc.netrc().authenticators("api.example.com")\n'), ['filesystem.python-stdlib-file-read netrc.netrc']);
  assert.equal(py('from netrc import netrc as Netrc\nn = Netrc("/etc/ci/netrc")\n'), ['filesystem.python-stdlib-file-read netrc.netrc']);
  assert.equal(py('import filecmp\nsame = filecmp.cmp(a, b, shallow=False)\n'), ['filesystem.python-stdlib-file-read filecmp.cmp']);
  assert.equal(py('import linecache\nline = linecache.getline(path, 10)\n'), ['filesystem.python-stdlib-file-read linecache.getline']);
  assert.equal(py('import filecmp, linecache, netrc\nfilecmp.clear_cache()\nlinecache.clearcache()\nerr = netrc.NetrcParseError\n'), []);
});

test('http.server\'s file handler reads the folder it serves; py_compile and compileall write byte-code files', () => {
  assert.equal(py('import functools\nfrom http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer\nh = functools.partial(SimpleHTTPRequestHandler, directory="site")\nThreadingHTTPServer(("127.0.0.1", 8000), h).serve_forever()\n'), [
    'filesystem.python-http-file-server http.server.SimpleHTTPRequestHandler',
    'network.python-server http.server',
  ]);
  // A handler of one's own answers from code: the server alone.
  assert.equal(py('from http.server import BaseHTTPRequestHandler, HTTPServer\nclass H(BaseHTTPRequestHandler):\n    def do_GET(self):\n        self.send_response(204)\nHTTPServer(("127.0.0.1", 8000), H).serve_forever()\n'), ['network.python-server http.server']);
  assert.equal(py('import py_compile\npy_compile.compile("tool.py", doraise=True)\n'), ['filesystem.python-bytecode-write py_compile.compile']);
  assert.equal(py('import compileall\ncompileall.compile_dir("src", quiet=1)\n'), ['filesystem.python-bytecode-write compileall.compile_dir']);
  assert.equal(py('import py_compile\nerr = py_compile.PyCompileError\n'), []);
});

/** `id identifier` of each JavaScript finding (capability or evasion), sorted. */
const js = (text: string): string[] => scanSource(text, { file: 'loader.mjs' }).findings.filter((f) => f.kind !== 'not-analyzed').map((f) => `${f.id} ${f.identifier ?? ''}`.trim()).sort();
const RUN_IMPORT = ['code-evaluation.run-time-module import()', 'evasion.dynamic-import'];
const RUN_REQUIRE = ['code-evaluation.run-time-module require', 'evasion.dynamic-require'];

test('import()/require() of a module path built at run time is code evaluation beside the evasion finding', () => {
  assert.equal(js('export const load = async (name) => (await import(import.meta.resolve(`./plugins/${name}.js`))).default;'), RUN_IMPORT);
  assert.equal(js('export async function load(name) {\n  const url = import.meta.resolve(`./plugins/${name}.js`);\n  return import(url);\n}'), RUN_IMPORT);
  assert.equal(js("import { createRequire } from 'node:module';\nimport { resolve } from 'node:path';\nconst require = createRequire(import.meta.url);\nexport const cfg = (dir) => require(resolve(dir, '.eslintrc.cjs'));"), RUN_REQUIRE);
  assert.equal(js("const path = require('path');\nexports.plugin = (dir) => require(path.join(dir, 'plugin.js'));"), RUN_REQUIRE);
  assert.equal(js("import { pathToFileURL } from 'node:url';\nimport * as path from 'node:path';\nexport const run = (f) => import(pathToFileURL(path.resolve(process.cwd(), f)).href);"), RUN_IMPORT);
  assert.equal(js('export const locale = (lang) => import(`./locales/${lang}.js`);'), RUN_IMPORT);
  assert.equal(js("exports.locale = (lang) => require('./locale/' + lang);"), RUN_REQUIRE);
  assert.equal(js('exports.peer = (name) => require(require.resolve(name, { paths: [process.cwd()] }));'), RUN_REQUIRE);
});

test('a bare computed name, a local join-like function and a fixed file are no run-time module path', () => {
  // A bundle's prelude and a loader given a specifier: the evasion finding only.
  assert.equal(js('export const n = (id) => require(id);'), ['evasion.dynamic-require']);
  assert.equal(js('export const m = (spec) => import(spec);'), ['evasion.dynamic-import']);
  assert.equal(js("function r(i) { var c = typeof require == 'function' && require; return c(i, !0); }"), ['evasion.aliased-require', 'evasion.dynamic-require']);
  // `join` and `resolve` not from node:path, and a let that may change.
  assert.equal(js("const join = (a, b) => a + '/' + b;\nexport const x = (d) => require(join(d, 'x.js'));"), ['evasion.dynamic-require']);
  assert.equal(js("import { resolve } from './resolver.js';\nexport const y = (d) => import(resolve(d));"), ['evasion.dynamic-import']);
  assert.equal(js('let url = "";\nexport const z = (n) => { url = n; return import(url); };'), ['evasion.dynamic-import']);
  // JSON data named at run time is no code.
  assert.equal(js("export const d = (n) => import(`./data/${n}.json`, { with: { type: 'json' } });"), ['evasion.dynamic-import']);
  assert.equal(js("exports.d = (n) => require('./data/' + n + '.json');"), ['evasion.dynamic-require']);
  assert.equal(js("const path = require('path');\nexports.v = (dir) => require(path.join(dir, 'package.json')).version;"), ['evasion.dynamic-require']);
  // A file beside this one named exactly is followed, not reported.
  assert.equal(js("const path = require('path');\nexports.w = () => require(path.join(__dirname, 'worker.js'));"), []);
});

test.run();
