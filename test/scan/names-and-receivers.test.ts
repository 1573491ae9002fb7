/**
 * Scanner cases found on more real MCP server code (ajv, figma-developer-mcp, @redis/client,
 * undici, @smithy/core, date-fns locales, @sentry/node, esbuild bundles, context7, typescript):
 * a name is judged by what it belongs to, not by its spelling alone. Each case keeps its true
 * positive beside the false one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanSurfaceText } from '../../src/scan/scan-surface.ts';

const scan = (text: string, file = 'x.js') => scanSource(text, { file });
const ids = (text: string, file = 'x.js'): string[] => scan(text, file).findings.map((f) => f.id).sort();
const raws = (text: string, file = 'x.js'): string[] => scan(text, file).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!).sort();
const levelOf = (text: string, id: string, file = 'x.js') => scan(text, file).findings.find((f) => f.id === id)?.confidence;

test('_load and _compile of the file\'s own class or this are no Node module internals', () => {
  assert.equal(ids('class Store { _load() { return {}; } get() { return this._load(); } }'), []);
  assert.equal(ids('class Ajv { _compile(s) { return s; } get(s) { return this._compile(s); } }'), []);
  assert.equal(ids('function _compile(schema, root) { return schema; }\nmodule.exports = function (a) { return a._compile(a.schema); };'), []);
  assert.equal(ids('const api = { _load: function (k) { return k; } };\napi._load("x");'), []);
  // Node's: Module._load through a binding, and a require hook's module._compile.
  assert.ok(ids('const Module = require("module");\nModule._load("child_process").exec("id");').includes('evasion.aliased-require'));
  assert.ok(ids('function hook(m, code, f) { m._compile(code, f); }').includes('code-evaluation.module-internals'));
  // Without a definition in the file, `this` may be a Module (`run.call(new Module(…))`).
  assert.ok(ids("const M = require('module');\nfunction run(code) { return this._compile(code, '/tmp/x.js'); }\nmodule.exports = (s) => run.call(new M('/tmp/x.js'), s);").includes('code-evaluation.module-internals'));
  // A decoy definition of the same name does not hide Node's own.
  assert.ok(ids('function _compile(x) { return x; }\nmodule._compile(code, "f.js");').includes('code-evaluation.module-internals'));
  assert.ok(ids('function _load() {}\nconst M = require("module");\nM._load("child_process");').includes('evasion.aliased-require'));
  // A hook that patches _compile and then calls it still evaluates code.
  assert.ok(ids('mod._compile = function (code) { return old.call(this, code); };\nmod._compile(src, file);').includes('code-evaluation.module-internals'));
});

test('export { local as fetch } names an export, it uses no global', () => {
  assert.equal(ids('function get(url) { return url; }\nexport { get as fetch, get as eval };', 'x.mjs'), []);
  // figma-developer-mcp: `import c from "fs"` beside `export { E as c }`: the export uses nothing.
  const scanned = scan('import c from "fs";\nfunction E() { return 1; }\nexport { E as c };', 'x.mjs');
  assert.equal(scanned.findings.map((f) => f.line), [1]);
  // The local name before `as` is a use: handing fs on is reported.
  assert.ok(scan('import fs from "fs";\nexport { fs as files };', 'x.mjs').findings.some((f) => f.line === 2 && f.identifier === 'fs'));
});

test('getPrototypeOf(x).constructor is the Function constructor only for a function literal', () => {
  for (const code of [
    'class C { dup(o) { return new (Object.getPrototypeOf(this).constructor)(o); } }',
    'class E extends Error { constructor(m) { super(m); Object.setPrototypeOf(this, Object.getPrototypeOf(this).constructor.prototype); } }',
    'module.exports = (v) => Object.getPrototypeOf(v).constructor.name;',
  ]) {
    assert.not.ok(ids(code).includes('code-evaluation.function-constructor'), code);
    assert.is(levelOf(code, 'evasion.constructor-chain'), 'low', code);
  }
  // A name declared as a function literal in the file counts like the literal.
  for (const code of ['const af = async function () {};\nconst F = Object.getPrototypeOf(af).constructor;', 'const g = async () => 1;\nconst G = Object.getPrototypeOf(g).constructor;', 'function* gen() {}\nconst H = Object.getPrototypeOf(gen).constructor;']) {
    assert.is(levelOf(code, 'evasion.constructor-chain'), 'medium', code);
  }
  const asyncFn = 'const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;';
  assert.ok(ids(asyncFn).includes('code-evaluation.function-constructor'));
  assert.is(levelOf(asyncFn, 'evasion.constructor-chain'), 'medium');
});

test('["constructor"] as a computed key or an array element is no member access', () => {
  assert.equal(ids('const textToKeyword = { ["constructor"]: 137 };\nconst o = { signatures: [["constructor"]] };'), []);
  assert.ok(ids('const F = x["constructor"]["constructor"];').includes('code-evaluation.function-constructor'));
  assert.ok(ids('const k = this["constructor"];').includes('evasion.constructor-chain'));
});

test('a method or accessor named ["constructor"] is a definition, not a member access', () => {
  // exsolve's NodeError (ported from Node's internal errors) was an error-level constructor-chain.
  const defs = [
    'class NodeError extends Base {',
    '  get ["constructor"]() { return Base; }',
    "  static async ['constructor'](a) {}",
    '}',
    "const o = { get ['constructor']() { return 1; }, *['constructor']() {}, set ['constructor'](v): void {} };",
  ].join('\n');
  assert.equal(ids(defs, 'x.ts'), []);
  // A function named `get` indexed in a statement is still the Function constructor.
  assert.equal(levelOf('if (x) {} get ["constructor"]("code")();', 'evasion.constructor-chain'), 'high');
  assert.equal(levelOf('get["constructor"]("return 1")();', 'evasion.constructor-chain'), 'high');
});

test('a computed key that folds to "constructor" reaches the Function constructor like the literal', () => {
  // Assembled or decoded: high, whatever follows.
  for (const code of ["[].filter['constr' + 'uctor']('return 1')();", "const F = [].filter[`constr${'uctor'}`];", "const F = [].filter[String.fromCharCode(99,111,110,115,116,114,117,99,116,111,114)];", "const k = 'constr' + 'uctor';\nconst F = (() => 0)[k];", "const F = [].filter['\\x63onstructor'];"]) {
    assert.ok(ids(code).includes('code-evaluation.function-constructor'), code);
    assert.is(levelOf(code, 'evasion.constructor-chain'), 'high', code);
  }
  // A named constant counts like the literal it names: called, high; only read, low.
  const called = "const x = 'constructor';\n[]['filter'][x]('return 1')();";
  assert.ok(ids(called).includes('code-evaluation.function-constructor'));
  assert.is(levelOf(called, 'evasion.constructor-chain'), 'high');
  assert.is(levelOf("const k = 'constructor';\nconst C = o[k];", 'evasion.constructor-chain'), 'low');
  // An object's computed key and an array element are no member access; other keys are nothing.
  assert.equal(ids("const o = { ['constr' + 'uctor']: 1 };\nconst a = [['constr' + 'uctor']];"), []);
  assert.equal(ids("const k = 'construct';\nconst v = o[k + 'ion'];\nconst w = o[key];"), []);
});

test('a destructuring pattern that reads constructor is a .constructor read', () => {
  for (const code of ["const { constructor: F } = () => {};\nF('return 1')();", 'const { constructor: AF } = Object.getPrototypeOf(async function () {});', 'const { constructor: G } = (function* () {});', 'let x; ({ constructor: x } = async (a) => a);']) {
    assert.ok(ids(code).includes('code-evaluation.function-constructor'), code);
    assert.is(levelOf(code, 'evasion.constructor-chain'), 'medium', code);
  }
  // Of anything else a low note, as x["constructor"]; an object literal's key or a class's constructor is nothing.
  assert.is(levelOf('const { a, constructor: C } = obj;', 'evasion.constructor-chain'), 'low');
  assert.equal(ids('const o = { constructor: Foo, b: 1 };\nclass A { constructor(x) { this.x = x; } }\nconst p = { constructor() {} };'), []);
});

test('a capability class handed on as a value counts; one in a type position does not', () => {
  // Handed on: another file constructs it (`new helpers.Script(code)`), which no scan of that file sees.
  const handed: Array<[string, string, string]> = [
    ['module.exports = require("vm").Script;', 'x.js', 'vm.Script'],
    ['const vm = require("vm");\nexports.S = vm.Script;', 'x.js', 'vm.Script'],
    ['import { Worker } from "node:worker_threads";\nexport function make() { return Worker; }', 'x.mjs', 'worker_threads.Worker'],
    ['export { Worker } from "node:worker_threads";', 'x.mjs', 'worker_threads.Worker'],
    ['import vm from "node:vm";\nexport default vm.Script;', 'x.mjs', 'vm.Script'],
    ['import vm from "node:vm";\nclass S extends vm.Script {}', 'x.mjs', 'vm.Script'],
    ['import vm from "node:vm";\nregister(vm.Script, 1);', 'x.mjs', 'vm.Script'],
  ];
  for (const [code, file, raw] of handed) assert.ok(scan(code, file).findings.some((f) => f.identifier === raw), code);
  // Types, checks and an unused import of the class are not uses.
  const typed = 'import vm from "node:vm";\nlet s: vm.Script;\ntype T = vm.Script;\ninterface I extends vm.Script {}\nfunction f(a: string, b: vm.Script): vm.Script { return a as any; }\nlet t: [string, vm.Script] = x;\nif (x instanceof vm.Script) {}\nconst m = new Map<string, vm.Script>();';
  assert.not.ok(scan(typed, 'x.ts').findings.some((f) => f.identifier === 'vm.Script'));
  assert.equal(ids('import { Worker } from "node:worker_threads";', 'x.mjs'), []);
  // A global class is reached from every file: handed on it is no use, extended it is.
  assert.equal(ids('expect(fn).toEqual(expect.any(Function));\nconst WS = WebSocket;\nmodule.exports = { run: Function };'), []);
  assert.ok(ids("class Callable extends Function { constructor() { super('...a', 'return a'); } }").includes('code-evaluation.function-constructor'));
});

test('Buffer.from of a character-code array is read like String.fromCharCode', () => {
  const hidden = 'const name = Buffer.from([99,104,105,108,100,95,112,114,111,99,101,115,115]).toString();';
  assert.is(levelOf(hidden, 'evasion.from-char-code'), 'high');
  assert.match(scan(hidden).findings[0]!.detail!, /child_process/);
  assert.ok(scan("require(Buffer.from([102, 115]).toString()).writeFileSync('a', 'b');").findings.some((f) => f.identifier === 'fs.writeFileSync'));
  // Binary bytes (a file signature) are data.
  assert.equal(ids("const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('binary');\nconst b = Buffer.from([1, 2, 3]);"), []);
});

test('a Buffer converted to a string by +, a template, join or String() is its text', () => {
  const b64 = "Buffer.from('Y2hpbGRfcHJvY2Vzcw==', 'base64')";
  for (const spec of [`${b64} + ''`, `'' + ${b64}`, `\`\${${b64}}\``, `String(${b64})`, `[${b64}].join('')`, "Buffer.from([99,104,105,108,100,95,112,114,111,99,101,115,115]) + ''"]) {
    const text = `require(${spec}).exec('ls');`;
    assert.equal(raws(text), ['child_process.exec'], text);
    assert.is(levelOf(text, 'evasion.obfuscated-name'), 'high', text);
  }
  // A Buffer alone is no module name (require throws), nor one that is sliced or indexed first.
  for (const spec of [b64, `${b64}.slice(1) + ''`, `${b64}[0] + ''`]) assert.equal(raws(`require(${spec}).exec('ls');`), [], spec);
});

test('a zero-width non-joiner in a regular expression is text (Persian), not code', () => {
  // Between two Arabic-script letters it is how the word is spelled: no finding at all.
  const persian = 'const quarter = /^سه\u200cماهه [1234]/i;\nconst label = "سه\u200cشنبه";';
  assert.is(levelOf(persian, 'evasion.invisible-character'), undefined);
  const stray = 'const quarter = /^a\u200cb [1234]/i;';
  assert.is(levelOf(stray, 'evasion.invisible-character'), 'low');
  assert.match(scan(stray).findings.find((f) => f.id === 'evasion.invisible-character')!.detail!, /in regex/);
  // Between tokens it is still code.
  assert.is(levelOf('const a\u200c = 1;', 'evasion.invisible-character'), 'high');
});

test('a constant key on a globalThis alias weighs like one on globalThis', () => {
  const template = 'const v = "7";\nconst KEY = `V${v}_PRISMA_INSTRUMENTATION`;\nconst g = globalThis;\nmodule.exports = () => g[KEY];';
  assert.is(levelOf(template, 'evasion.computed-global'), 'medium');
  assert.is(levelOf('const KEY = `V${7}_X`;\nmodule.exports = () => globalThis[KEY];', 'evasion.computed-global'), 'medium');
  // A key that spells a capability stays high through the alias.
  assert.is(levelOf("const g = globalThis;\ng['ev' + 'al']('1');", 'evasion.computed-global'), 'high');
});

test('subdivision flag emoji (England, Scotland, Wales) are drawn, not hidden; other tag runs are', () => {
  const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
  const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
  assert.equal(ids(`module.exports = { label: "English ${england}" };`), []);
  assert.equal(scanSurfaceText(`Switch the language, e.g. ${england} or ${scotland}.`, { tool: 't', field: 'description' }), []);
  // Tags after a flag that spell anything else still hide text.
  const smuggled = '\u{1F3F4}\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}';
  const found = scanSurfaceText(`Hello ${smuggled}`, { tool: 't', field: 'description' });
  assert.equal(found.map((f) => [f.id, f.confidence]), [['surface.hidden-unicode', 'high']]);
  assert.match(found[0]!.detail!, /tag characters spell "ignore"/);
  assert.ok(ids(`const s = "${smuggled}";`).includes('evasion.invisible-character'));
});

test('require.apply(this, arguments) inside a recognized bundler shim forwards, it hides nothing', () => {
  const shim = 'var __require = ((x) => typeof require !== "undefined" ? require : x)(function (x) {\n  if (typeof require !== "undefined") return require.apply(this, arguments);\n  throw Error("Dynamic require of " + x);\n});\nvar fs = __require("fs");\nfs.writeFileSync("x", "y");';
  const found = scan(shim, 'x.mjs').findings;
  assert.equal(found.filter((f) => f.level !== 'note').map((f) => f.id), []);
  assert.ok(found.some((f) => f.identifier === 'fs.writeFileSync'));
  // The same forwarding in a plain wrapper function is not resolved: still a warning.
  const wrapper = ids('function r() { return require.apply(this, arguments); }\nr("child_process").exec("id");');
  assert.ok(wrapper.includes('evasion.dynamic-require'));
});

test('reading the CA store and address arithmetic open no connection', () => {
  assert.equal(ids('import tls from "tls";\nexport const ca = () => tls.getCACertificates("default");', 'x.mjs'), []);
  assert.equal(ids('import net from "node:net";\nexport const deny = new net.BlockList();\ndeny.addSubnet("10.0.0.0", 8);', 'x.mjs'), []);
  assert.ok(ids('import net from "node:net";\nnet.connect(80, "h");', 'x.mjs').some((id) => id.startsWith('network.')));
});

test('client packages seen behind MCP servers are capabilities', () => {
  const families = (code: string) => [...new Set(scan(code, 'x.mjs').findings.filter((f) => f.kind === 'capability').map((f) => f.family))].sort();
  assert.equal(families("import * as azdev from 'azure-devops-node-api';\nexport const c = new azdev.WebApi(u, h);"), ['network']);
  assert.equal(families("import OpenAPIClientAxios from 'openapi-client-axios';\nexport const api = new OpenAPIClientAxios({ definition });"), ['network']);
  assert.equal(families("import { PostHog } from 'posthog-node';\nexport const ph = new PostHog(key);"), ['network']);
  assert.equal(families("import { FastMCP } from 'mcp-proxy';\nexport const s = FastMCP;"), ['network']);
  assert.equal(families("import { machineIdSync } from 'node-machine-id';\nexport const id = machineIdSync();"), ['subprocess']);
});

test('a variable holding an environment variable\'s value is read once, where it is read', () => {
  const lines = (code: string, file = 'x.mjs') => scan(code, file).findings.filter((f) => f.family === 'environment').map((f) => [f.line, f.identifier]);
  assert.equal(lines("const token = process.env.API_TOKEN;\nif (!token) throw new Error('missing');\nconst h = { Authorization: `Bearer ${token}` };\nexport const t = token.trim();"), [[1, 'process.env']]);
  assert.equal(lines('const t = Bun.env.TOKEN;\nuse(t); use(t);\nconst u = import.meta.env.VITE_X;\nuse(u);').map(([l]) => l), [1, 3]);
  // The same through an assignment to a variable declared elsewhere (debug's bundled `load()`).
  assert.equal(lines('function load() {\n  let r;\n  try { r = storage.getItem("debug"); } catch {}\n  if (!r) r = process.env.DEBUG;\n  return r;\n}').map(([l]) => l), [4]);
  // The environment object itself stays bound: each variable is reported where it is read.
  assert.equal(lines('const env = process.env;\nuse(env.C); use(env.D);').map(([l]) => l), [1, 2, 2]);
  assert.equal(lines('let env;\nenv = process.env;\nuse(env.C);').map(([l]) => l), [2, 3]);
});

test('a blank letter in an identifier is an invisible character in JavaScript, Python and Go', () => {
  const hangul = '\u3164';
  for (const [code, file] of [[`const { exec } = require('child_process');\nfunction run(cmd, ${hangul}) { exec(cmd); }\n`, 'x.js'], [`import os\ndef f(cmd, ${hangul}=None):\n    pass\n`, 'x.py'], [`package main\n\nfunc run(cmd string, ${hangul} int) {}\n`, 'x.go'], ['sy\u034fstem = 1\n', 'x.py']] as const) {
    assert.is(levelOf(code, 'evasion.invisible-character', file), 'high', file);
  }
  // Korean text itself is no hidden character.
  assert.equal(ids('const greeting = "안녕하세요";'), []);
});

test('typeof tests a name, but the call it is given still runs', () => {
  assert.equal(raws("typeof require('child_process').execSync('id');", 'x.js'), ['child_process.execSync']);
  assert.equal(raws("import cp from 'child_process';\nvoid typeof cp.exec('ls');"), ['child_process.exec']);
  assert.equal(raws("if (typeof fetch('https://x') === 'object') {}\ntypeof eval(code);\ntypeof Function`return 1`;"), ['Function', 'eval', 'fetch']);
  // Feature tests of names and members are still no uses.
  assert.equal(raws("typeof fetch === 'function' && typeof globalThis.fetch !== 'undefined';\nif (typeof require === 'function') {}\nconst w = typeof window?.WebSocket;"), []);
});

test('a class called through a comma expression or a proxy is called', () => {
  // `(0, Function)(code)` is how bundlers call without a receiver; the class is called all the same.
  assert.equal(raws("(1, Function)('return 1')();\n(0, Function)`return process`;"), ['Function', 'Function']);
  assert.equal(raws("import vm from 'vm';\nnew (0, vm.Script)(code);\nimport { Worker } from 'worker_threads';\n(0, Worker)(file);"), ['vm.Script', 'worker_threads.Worker']);
  // A proxy of a class calls or constructs it when the proxy is called.
  assert.equal(raws("const fn = new Proxy(Function, {});\nfn('return 1')();"), ['Function']);
  // An argument, a comma expression not called, or the handler of a proxy hand a global class on, nothing more.
  assert.equal(raws('f(a, Function); expect.any(Function); (a, Function); x = (0, Function);\nnew Proxy(target, Function);'), []);
});

test('require reached through the module built-in bound to a name is a require', () => {
  // `module.constructor.prototype.require.call(…)` was followed; the same through require('module') was not.
  for (const text of ["const M = require('module');\nM.prototype.require.call(module, 'child_process').exec('ls');", "require('module').prototype.require.call(module, 'child_process').exec('ls');", "require('node:module').prototype.require.apply(module, ['child_process']).exec('ls');", "import { Module } from 'node:module';\nModule.prototype.require.call(module, 'child_process').exec('ls');", "import m from 'node:module';\nm.prototype.require.apply(module, ['child_process']).exec('ls');"]) {
    assert.equal(raws(text), ['child_process.exec'], text);
    assert.is(levelOf(text, 'evasion.aliased-require'), 'medium', text);
  }
  // A require hook that keeps Module.prototype.require and calls it with the ids it is given is a
  // dynamic require, however the original is kept: in a name, in a literal's key, or in a key given
  // later (followed since scanner19's later keys), each a warning, no capability of its own.
  const hook = (keep: string, call: string): string => `const Module = require('module');\n${keep}\nModule.prototype.require = function (id) { return ${call}.apply(this, arguments); };`;
  for (const text of [hook('const orig = Module.prototype.require;', 'orig'), hook('const self = { orig: Module.prototype.require };', 'self.orig'), hook('const self = {};\nself.orig = Module.prototype.require;', 'self.orig')]) {
    assert.ok(ids(text).includes('evasion.dynamic-require'), text);
    assert.equal(raws(text), [], text);
  }
});

test('require called as a method of a module object no chain resolves is a require', () => {
  for (const text of ["module.children[0].require('child_process').exec('ls');", "const m = module.children.at(-1);\nm?.require('child_process').exec('ls');", "module['children'][0]['require']('child_process').exec('ls');", "const k = 'req' + 'uire';\nx[k]('child_process').exec('ls');", "module['require']('child_process').exec('ls');"]) {
    assert.equal(raws(text), ['child_process.exec'], text);
    assert.is(levelOf(text, 'evasion.aliased-require'), 'medium', text);
  }
  // Resolved once through its chain, not again at the member.
  assert.is(scan("require.main.require('child_process').exec('ls');", 'x.cjs').findings.filter((f) => f.id === 'evasion.aliased-require').length, 1);
  // A method named require that loads no known module: yargs' `.require('port')`, a loader's own.
  assert.equal(ids("yargs.require('port');\nloader.require(name);\nargv['require']('port');"), []);
  // A key built to hide the require is an evasion of its own.
  assert.is(levelOf("module['req' + 'uire']('child_process').exec('ls');", 'evasion.computed-member'), 'high');
  assert.equal(ids("module['exp' + 'orts'] = {};"), []);
  // A computed key that is no member read: an object literal's key, an array.
  assert.equal(ids("const o = { ['require']: 1 };\nf([['require']]);"), []);
});

test.run();

