/**
 * Evasions an adversarial review of the scanner found: capabilities reached through forms the
 * scanner did not follow, each reported now (the family, or an evasion where the target is unknown).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

const scan = (text: string, file = 'x.mjs') => scanSource(text, { file });
const raws = (text: string, file = 'x.mjs'): string[] => scan(text, file).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!).sort();

test('the global object passed through a Proxy, Object.assign, an array, a spread or || is still the global object', () => {
  assert.equal(raws("const p = new Proxy(globalThis, {});\np.fetch('http://x');"), ['fetch']);
  assert.equal(raws("const g = Object.assign({}, globalThis);\ng.fetch('http://x');"), ['fetch']);
  assert.equal(raws("const g = [globalThis][0];\ng.fetch('http://x');"), ['fetch']);
  assert.equal(raws("const g = { ...globalThis };\ng.fetch('http://x');"), ['fetch']);
  assert.equal(raws("const g = globalThis || {};\ng.eval('1');"), ['eval']);
  assert.equal(raws("const g = (typeof window !== 'undefined' ? window : global);\ng.fetch('http://x');"), ['fetch']);
  // Not the global object: the result of another call, a computed key, a typeof test, a function.
  assert.equal(raws("const g = getGlobal(globalThis);\ng.fetch('x');"), []);
  assert.equal(raws("const m = map[globalThis];\nm.fetch();"), []);
  assert.equal(raws("const t = typeof globalThis !== 'undefined';\nt.fetch;"), []);
  assert.equal(raws('const f = () => globalThis;\nf.fetch;'), []);
  // A UMD root with its own members set is no capability.
  assert.equal(raws("var root = typeof self == 'object' && self.self === self && self || typeof global == 'object' && global.global === global && global || this;\nroot.myLib = 1;", 'x.js'), []);
});

test('.constructor read by Reflect.get or getOwnPropertyDescriptor of a function literal is the Function constructor', () => {
  const of = (text: string) => scan(text).findings.map((f) => `${f.id}:${f.confidence ?? f.identifier}`).sort();
  assert.equal(of("const F = Reflect.get(() => {}, 'constructor');\nF('return 1')();"), ['code-evaluation.function-constructor:Function', 'evasion.constructor-chain:medium']);
  assert.equal(of("const F = Reflect.get(Object.getPrototypeOf(async function () {}), 'constructor');"), ['code-evaluation.function-constructor:Function', 'evasion.constructor-chain:medium']);
  assert.equal(of("const F = Object.getOwnPropertyDescriptor(function () {}, 'constr' + 'uctor').value;"), ['code-evaluation.function-constructor:Function', 'evasion.constructor-chain:high']);
  // Of another receiver, a class: a low note, as x['constructor'].
  assert.equal(of("const C = Reflect.get(obj.x, 'constructor');"), ['evasion.constructor-chain:low']);
  assert.equal(of("const v = Reflect.get(obj.x, 'name');"), []);
});

test('a worker started from a data: URL runs code written in the URL', () => {
  assert.equal(raws("import { Worker } from 'node:worker_threads';\nnew Worker(new URL('data:text/javascript,' + 'process.exit()'));"), ['data-url-import', 'worker_threads.Worker']);
  assert.equal(raws("import { Worker } from 'node:worker_threads';\nnew Worker('data:text/javascript,1');"), ['data-url-import', 'worker_threads.Worker']);
  assert.equal(raws("import { Worker } from 'node:worker_threads';\nnew Worker(new URL('./w.js', import.meta.url));"), ['worker_threads.Worker']);
});

test('Python: the module loader as an import function, and zipimport loading code from an archive', () => {
  assert.equal(raws("__loader__.load_module('os').system('id')\n", 'h.py'), ['os.system']);
  assert.equal(raws("m = __spec__.loader.load_module('subprocess')\nm.run(['id'])\n", 'h.py'), ['subprocess', 'subprocess.run']);
  assert.equal(raws("def f(__loader__):\n    __loader__.load_module('x')\n", 'h.py'), []);
  assert.equal(raws("import zipimport\nzipimport.zipimporter('/tmp/x.zip').load_module('m')\n", 'h.py'), ['zipimport.zipimporter']);
});

test.run();
