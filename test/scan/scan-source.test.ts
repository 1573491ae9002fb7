import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import { scanSource } from '../../src/scan/scan-source.ts';
import { normalizeTypeScript } from '../../src/scan/normalize-ts.ts';
import { tokenize } from '../../src/scan/tokenize.ts';
import type { ScanFinding } from '../../src/scan/types.ts';

const ids = (text: string, file = 'x.ts'): string[] => scanSource(text, { file }).findings.map((f) => f.id);
const raws = (text: string, file = 'x.ts'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!).sort();
const find = (text: string, id: string, file = 'x.ts'): ScanFinding | undefined => scanSource(text, { file }).findings.find((f) => f.id === id);

test('findings carry file, line, column (UTF-16) and the evidence line, also after CRLF and multi-line tokens', () => {
  const text = "const a = `one\r\ntwo`;\r\n/* long\r\n comment */\r\n  const r = await fetch(url);\r\n";
  const f = find(text, 'network.fetch')!;
  assert.equal([f.file, f.line, f.column, f.evidence, f.family, f.identifier, f.level, f.kind], ['x.ts', 5, 19, 'const r = await fetch(url);', 'network', 'fetch', 'note', 'capability']);
  const astral = find("const s = '😀'; fetch(u)", 'network.fetch')!;
  assert.is(astral.column, 17);
});

test('a parameter or inner declaration shadows a module binding; the outer binding still counts', () => {
  const text = [
    "import fs from 'node:fs';",
    'function helper(fs) { return fs.writeFileSync("a", "b"); }',
    'function other() { const fs = makeFake(); fs.rmSync("x"); }',
    'const arrow = (fs) => fs.unlinkSync("x");',
    'fs.readFileSync("config.json");',
  ].join('\n');
  assert.equal(raws(text), ['fs.readFileSync']);
});

test('a binding is visible before its declaration line (hoisting) and inside nested functions', () => {
  const text = "function run() { return cp.execSync('ls'); }\nconst cp = require('child_process');\n";
  assert.equal(raws(text, 'x.js'), ['child_process.execSync']);
});

test('compiled module shapes: tsc __importDefault/__importStar, esbuild __toESM, (0, x.f)(...) calls', () => {
  const tsc = 'const fs_1 = __importDefault(require("fs"));\nconst cp = __importStar(require("child_process"));\n(0, fs_1.default.readFileSync)(p);\ncp.execSync("ls");';
  assert.equal(raws(tsc, 'x.js'), ['child_process.execSync', 'fs.readFileSync']);
  const esbuild = 'var import_node_fs = __toESM(require("node:fs"), 1);\n(0, import_node_fs.writeFileSync)(p, d);';
  assert.equal(raws(esbuild, 'x.js'), ['fs.writeFileSync']);
  const wrapper = '(function (exports, require, module) { require("fs").writeFileSync("x", "y"); })';
  assert.equal(raws(wrapper, 'x.js'), ['fs.writeFileSync']);
});

test("import('m').then(callback): the callback's parameter is the module, so a write through it is a write", () => {
  const all = (text: string): string[] => scanSource(text, { file: 'x.mjs' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.identifier}:${f.access ?? '-'}`);
  assert.equal(all("import('fs').then((m) => m.rmSync(p));"), ['fs.rmSync:write']);
  assert.equal(all("import('node:fs').then(({ writeFileSync: w }) => w('a', 'b'));"), ['fs.writeFileSync:write']);
  assert.equal(all("import('fs').then(async function (fs) { await fs.promises.readFile('x'); });"), ['fs.readFile:read']);
  assert.equal(all("import('child_process').then(m => m.default.execSync('id'));"), ['child_process.execSync:-']);
  // The parameter is the module only inside the callback; outside, the name is what it was.
  assert.equal(all("import('fs').then((m) => m.readFileSync('x'));\nm.rmSync(p);"), ['fs.readFileSync:read']);
  // A callback that does not take the module, or an import used otherwise, is the module handed on.
  assert.equal(all("import('fs').then(() => done());"), ['fs:-']);
  assert.equal(all("import('fs').then(use);"), ['fs:-']);
  assert.equal(all("import('fs').then((...all) => use(all));"), ['fs:-']);
});

test("tsc's CommonJS output for await import('m') binds the module: Promise.resolve().then(() => require('m'))", () => {
  const all = (text: string): string[] => scanSource(text, { file: 'x.js' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.identifier}:${f.access ?? '-'}`);
  const emitted = [
    'async function f() {',
    "  const fs = await Promise.resolve().then(() => __importStar(require('fs')));",
    "  fs.unlinkSync('y');",
    "  const cp = await Promise.resolve().then(function () { return __importStar(require('child_process')); });",
    "  cp.execSync('q');",
    "  const { writeFile } = await Promise.resolve().then(() => require('fs/promises'));",
    "  await writeFile('w', d);",
    '}',
  ].join('\n');
  assert.equal(all(emitted), ['fs.unlinkSync:write', 'child_process.execSync:-', 'fs.writeFile:write']);
  // Not awaited, it is a promise: the module stays reported where it is written.
  assert.equal(all("const p = Promise.resolve().then(() => require('fs'));\np.then(use);"), ['fs:-']);
});

test('JSX: text and attribute strings are not code, expressions are', () => {
  const tsx = "export const B = () => <button title=\"fetch\" onClick={() => fetch('/x')}>fetch it, eval it</button>;";
  assert.equal(raws(tsx, 'b.tsx'), ['fetch']);
  // TSX generic arrows are type parameters, not elements; a bare `<T>` stays an element (as in tsc).
  const generic = "const L = <T,>(p: { v: T[] }) => <ul>{p.v.length}</ul>;\nconst K = <T extends Record<string, unknown>, U = T>(p: T) => <i>(k)</i>;\nconst R = () => <b onClick={() => fetch('/z')}>go</b>;";
  assert.equal(ids(generic, 'g.tsx'), ['network.fetch']);
  assert.equal(ids("const E = () => <div>(text)</div>;\nfetch('/w');", 'e.tsx'), ['network.fetch']);
  const jsInJs = "export const B = () => <p>Don't eval me</p>;\nfetch('/y');";
  const scan = scanSource(jsInJs, { file: 'b.js' });
  assert.equal(scan.findings.map((f) => f.id), ['network.fetch']);
});

test('TypeScript: decorators, generics, type annotations and `as` casts are not problems', () => {
  const text = [
    "import { readFile } from 'node:fs/promises';",
    '@Injectable()',
    'export class Reader<T extends object> {',
    '  private ws?: WebSocket;',
    '  async read(path: string): Promise<T> { return JSON.parse(await readFile(path, "utf8")) as T; }',
    '}',
    'const fs = require("fs") as typeof import("fs");',
    'fs.writeFileSync("x", "y");',
  ].join('\n');
  const scan = scanSource(text, { file: 'r.ts' });
  assert.ok(!scan.findings.some((f) => f.kind === 'not-analyzed'), JSON.stringify(scan.findings));
  assert.equal(raws(text, 'r.ts'), ['fs.readFile', 'fs.writeFileSync']);
});

test('TypeScript assertions, (x).y and Reflect.get are rewritten to plain member access before matching', () => {
  const norm = (code: string, angle = true): string => normalizeTypeScript(tokenize(code).tokens, { angleAssertions: angle }).map((t) => t.value).join(' ');
  assert.is(norm('(globalThis as any).fetch(u)'), 'globalThis . fetch ( u )');
  assert.is(norm('(globalThis as unknown as { fetch: typeof fetch }).fetch!(u)'), 'globalThis . fetch ( u )');
  assert.is(norm('(<any>globalThis).eval(s)'), 'globalThis . eval ( s )');
  assert.is(norm('(<any>globalThis).eval(s)', false), '( < any > globalThis ) . eval ( s )');
  assert.is(norm('((globalThis)).fetch(u)'), 'globalThis . fetch ( u )');
  assert.is(norm("Reflect.get(globalThis, 'fe' + 'tch')(u)"), "globalThis [ 'fe' + 'tch' ] ( u )");
  assert.is(norm("Reflect.get(target, key, receiver)"), 'Reflect . get ( target , key , receiver )');
  assert.is(norm("(await import('fs/promises')).writeFile(p, d)"), "await import ( 'fs/promises' ) . writeFile ( p , d )");
  assert.is(norm("process.getBuiltinModule('fs'); globalThis.process.getBuiltinModule('net'); x.process.getBuiltinModule('y');"), "require ( 'fs' ) ; require ( 'net' ) ; x . process . getBuiltinModule ( 'y' ) ;");
  assert.is(norm("const cp = require('child_process') as typeof import('child_process')"), "const cp = require ( 'child_process' )");
  assert.is(norm('const m = new Map<string, Array<number>>() as Map<string, number[]> | undefined;'), 'const m = new Map < string , Array < number >> ( ) ;');
  assert.is(norm('const f = (a: string) => a as const;'), 'const f = ( a : string ) => a ;');
  assert.is(norm('const x = v satisfies Config, y = (w as (a: number) => void);'), 'const x = v , y = ( w ) ;');
  // Left alone: renames in module clauses, calls, conditions, comparisons and negation.
  assert.is(norm("import { exec as run, type X as Y } from 'child_process'; export { run as go };"), "import { exec as run , type X as Y } from 'child_process' ; export { run as go } ;");
  assert.is(norm("import * as fs from 'fs'; export * as ns from 'x';"), "import * as fs from 'fs' ; export * as ns from 'x' ;");
  assert.is(norm('f(x).y; if (ok) (a).b; a < b > c; !x.y; x != y;'), 'f ( x ) . y ; if ( ok ) a . b ; a < b > c ; ! x . y ; x != y ;');
  assert.is(norm('const as = 1; use(as); obj.as = 2;'), 'const as = 1 ; use ( as ) ; obj . as = 2 ;');
  // Through the whole scanner.
  const raw = (code: string, file = 'h.ts'): string[] => [...new Set(scanSource(code, { file }).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier ?? ''))];
  assert.equal(raw('export const get = (u: string) => (globalThis as any).fetch(u);'), ['fetch']);
  assert.equal(raw('export const run = (s: string) => (<any>globalThis).eval(s);'), ['eval']);
  assert.equal(raw("const f = Reflect.get(globalThis, 'fetch'); f('u');"), ['fetch']);
  assert.equal(raw('const el = <div onClick={() => (window as any).fetch("/a")} />;', 'c.tsx'), ['fetch']);
  assert.equal(raw("export const save = async (p: string) => (await import('node:fs/promises')).writeFile(p, 'x');"), ['fs.writeFile']);
  assert.equal(scanSource("(await import('fs/promises')).writeFile('a', 'b');", { file: 'w.mjs' }).findings.map((f) => f.access), ['write']);
  // import('m').then(…): the promise's members are not the module's; the callback's parameter is.
  assert.equal(raw("import('node:child_process').then((m) => m.exec('ls'));", 'p.mjs'), ['child_process.exec']);
  assert.equal(raw("import('node:child_process').then(run);", 'p.mjs'), ['child_process']);
  // process.getBuiltinModule loads a built-in like require.
  assert.equal(raw("const { execSync } = process.getBuiltinModule('node:child_process'); execSync('ls');", 'g.mjs'), ['child_process.execSync']);
  const viaMain = scanSource("require.main.require('fs').rmSync('x');", { file: 'm.cjs' }).findings;
  assert.equal(viaMain.map((f) => f.identifier ?? f.id), ['evasion.aliased-require', 'fs.rmSync']);
});

test('member names are not uses: type members, class fields, optional and definite members, methods named import', () => {
  const types = 'interface P {\n  clone: (a: P) => P;\n  /** doc */\n  eval: (a: P, b: P) => T;\n  m: {\n    eval: (a: P) => T;\n  };\n  fetch: typeof fetch\n  readonly require: X;\n  eval?: number;\n}\nclass C { eval!: number; static fetch: F; }';
  assert.equal(ids(types), []);
  const methods = 'const o = {\n  async import(key, format) {\n    return key;\n  },\n  import(x) { return x; },\n  require: "./dist/index.js",\n  require(id) { return id; }\n};\nclass K { static import(a) {} }\n';
  assert.equal(ids(methods, 'x.js'), []);
  // Still uses: ternary branches (also across lines), arguments, calls after a label.
  const uses = 'const x = cond ? eval : y;\nconst z = cond ?\n  eval : y;\nconst w = c ? a : eval;\nfoo(eval);\nlabel: eval("1");\nconst m = await import(name);\n';
  assert.equal(raws(uses), ['eval', 'eval', 'eval', 'eval', 'eval']);
  assert.equal(ids(uses).filter((id) => id === 'evasion.dynamic-import'), ['evasion.dynamic-import']);
});

test('a method definition is no use only in a member list; in a block, a call followed by a block is a call', () => {
  const methods = [
    'const api = { users: { fetch(id) { return id; } } };',
    'class A extends mixin(B, C) { fetch() { return 1; } static eval() {} async import(k) {} }',
    'class A extends Base<T> { fetch() { return 1; } }',
    "export default {\n  async fetch(req, env) {\n    return new Response('ok');\n  },\n};",
    'interface I { fetch(): Promise<void>; eval(x: string): void }',
    'type T = { fetch(): void };',
    'function f(o: { fetch(): void }) {}',
    'const x = cond ? { fetch() {} } : null;',
    'foo({ fetch() { return 1; } });',
    'function g() { return { fetch() {} }; }',
    'const o = new class { fetch() {} }();',
  ];
  for (const code of methods) assert.equal(ids(code), [], code);
  const calls = [
    "const u = 'http://x';\nfetch(u)\n{}",
    'switch (k) { case 1: { fetch(u)\n{} } }',
    'lbl: { fetch(u)\n{} }',
    '{ lbl: { fetch(u)\n{} } }',
    'if (x) {\n  fetch(u)\n  {}\n}',
    'class A { m() { fetch(u)\n{} } }',
    'const f = () => { fetch(u)\n{} };',
    'const r = ok ?\n  fetch(u) : null;',
  ];
  for (const code of calls) assert.ok(ids(code).includes('network.fetch'), code);
  assert.ok(ids('if (a) b();\neval(code)\n{}').includes('code-evaluation.eval'));
  assert.ok(ids('x();\nimport(name)\n{}').includes('evasion.dynamic-import'));
  assert.ok(ids('x();\nrequire(name)\n{}', 'x.js').includes('evasion.dynamic-require'));
});

test('indirect invocations: (require)(m), new (Function)(s), Reflect.construct/apply, Function.call/apply/bind, property descriptors', () => {
  assert.equal(raws("(require)('child_process').exec('ls');", 'x.js'), ['child_process.exec']);
  assert.equal(raws("new (Function)(body)();", 'x.js'), ['Function']);
  // A body spelled in literals is scanned as code (local-values.test.ts): `return 1` does nothing.
  assert.equal(raws("new (Function)('return 1')();", 'x.js'), []);
  for (const code of ["Reflect.construct(Function, ['return 1'])();", "Reflect.apply(Function, null, ['return 1'])();", "Function.call(null, 'return 1')();", "Function.apply(null, ['return 1'])();", "Function.bind(null, 'return 1')()();", "globalThis.Function.call(null, 'x')();"]) {
    assert.equal(raws(code, 'x.js'), ['Function'], code);
  }
  // Handing the class on as a value is not a use (test matchers, comparisons, prototypes).
  for (const code of ['expect.any(Function);', 'st.equal(getProto(result), Function);', 'Function.prototype.toString.call(f);', 'if (x instanceof WebSocket) {}']) {
    assert.equal(raws(code, 'x.js'), [], code);
  }
  // Function.prototype's call/apply/bind invoked with the class as `this`.
  for (const code of ["''.sub.call.call(Function, null, 'return 1')();", "Function.prototype.call.call(Function, null, 'x')();", "new (Function.prototype.bind.apply(Function, [null, 'x']))();", "f.apply.call(Function, null, ['x'])();"]) {
    assert.equal(raws(code, 'x.js'), ['Function'], code);
  }
  assert.equal(raws('f.call.call(g, null, Function);', 'x.js'), [], 'a later argument is handed on');
  const descriptor = scanSource("Object.getOwnPropertyDescriptor(globalThis, 'fetch').value(u);", { file: 'x.js' }).findings;
  assert.equal(descriptor.map((f) => f.id).sort(), ['evasion.computed-global', 'network.fetch']);
  assert.equal(raws("Reflect.getOwnPropertyDescriptor(globalThis, 'e' + 'val').value('1');", 'x.js'), ['eval']);
  assert.equal(raws("const d = Object.getOwnPropertyDescriptor(globalThis, 'fetch');", 'x.js'), [], 'a descriptor not read through .value');
});

test("Bun's SQL, Redis and S3 clients; webpack's __non_webpack_require__; getBuiltinModule?.()", () => {
  assert.equal(raws("const rows = await Bun.sql`select 1`;\nconst db = new Bun.SQL('postgres://x');\nawait Bun.redis.get('k');\nnew Bun.S3Client({});", 'x.js'), ['Bun.S3Client', 'Bun.SQL', 'Bun.redis', 'Bun.sql']);
  assert.equal(raws("__non_webpack_require__('child_process').exec('ls');", 'x.js'), ['child_process.exec']);
  assert.equal(raws("const cp = __non_webpack_require__('child_process');\ncp.spawn('ls');", 'x.js'), ['child_process.spawn']);
  assert.equal(raws("process.getBuiltinModule?.('fs').writeFileSync('a', 'b');", 'x.js'), ['fs.writeFileSync']);
  assert.equal(raws("const m = { __non_webpack_require__: 1 };\nm.__non_webpack_require__;", 'x.js'), []);
});

test('createRequire called at once, SQLite files, the inspector and WASI are capabilities', () => {
  assert.equal(raws("import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('child_process').exec('ls');"), ['child_process.exec']);
  assert.equal(raws("import * as m from 'node:module';\nm.createRequire(import.meta.url)('fs').writeFileSync('a', 'b');"), ['fs.writeFileSync']);
  assert.equal(raws("require('module').createRequire(__filename)('child_process').spawn('ls');", 'x.js'), ['child_process.spawn']);
  assert.ok(ids("import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)(name);").includes('evasion.dynamic-require'));
  for (const [code, raw] of [
    ["import { DatabaseSync } from 'node:sqlite';\nnew DatabaseSync('db.sqlite');", 'sqlite'],
    ["import { Database } from 'bun:sqlite';\nnew Database('db.sqlite');", 'bun:sqlite'],
    ["import Database from 'better-sqlite3';\nnew Database('x.db');", 'better-sqlite3'],
  ] as const) {
    const f = find(code, 'filesystem.sqlite')!;
    assert.equal([f.identifier, f.access, f.family], [raw, 'read', 'filesystem'], code);
  }
  assert.equal(raws("import { Session } from 'node:inspector/promises';\nconst s = new Session();\ns.connect();"), ['inspector.Session']);
  assert.equal(raws("import inspector from 'node:inspector';\ninspector.console.log('x');"), [], 'inspector.console is only a console');
  assert.equal(raws("import { Worker } from 'node:worker_threads';\nnew Worker('process.exit()', { eval: true });"), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws("const wt = require('worker_threads');\nnew wt.Worker(code, { workerData: 1, eval: flag });", 'x.js'), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws("import { Worker } from 'node:worker_threads';\nnew Worker('./w.js', { eval: false });\nnew Worker('./v.js');"), ['worker_threads.Worker', 'worker_threads.Worker']);
  // The option spread into the object, or merged by Object.assign, is set all the same; the last
  // setting wins, as JavaScript builds the object; a nested object's key is not the option.
  const worker = "import { Worker } from 'node:worker_threads';\n";
  assert.equal(raws(`${worker}const opts = { eval: true };\nnew Worker(code, { ...opts });`), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws(`${worker}new Worker(code, Object.assign({}, { eval: true }));`), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws(`${worker}const base = { eval: true };\nconst o = Object.assign({ name: 'w' }, base);\nnew Worker(code, o);`), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws(`${worker}const base = { eval: true };\nconst o = { ...base, name: 'w' };\nnew Worker(code, o);`), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws(`${worker}new Worker(code, { ...Object.assign({}, { ['ev' + 'al']: 1 }) });`), ['worker-eval', 'worker_threads.Worker']);
  assert.equal(raws(`${worker}new Worker(code, { eval: true, ...{ eval: false } });`), ['worker_threads.Worker']);
  assert.equal(raws(`${worker}const opts = { eval: false };\nnew Worker(code, { ...opts });`), ['worker_threads.Worker']);
  assert.equal(raws(`${worker}new Worker('./w.js', { resourceLimits: { eval: true } });`), ['worker_threads.Worker']);
  // Options not known here (a parameter spread in) set nothing the scan can see.
  assert.equal(raws(`${worker}export const w = (opts) => new Worker('./w.js', { ...opts, workerData: 1 });`), ['worker_threads.Worker']);
  assert.equal(raws("import { WASI } from 'node:wasi';\nconst w = new WASI({ version: 'preview1' });"), ['wasi.WASI']);
});

test('a name assigned after its declaration is no constant: the specifier or key is unknown, never the first value', () => {
  const hidden = [
    "let m = 'fs';\nm = 'child_process';\nrequire(m).execSync('ls');",
    "var m = 'fs';\nif (x) m = 'child_' + 'process';\nconst cp = require(m);\ncp.execSync('ls');",
    "let m = 'fs';\nm += '';\nrequire(m);",
    "let m = 'fs';\n[m] = ['child_process'];\nrequire(m);",
    "let m = 'fs';\n({ m } = o);\nrequire(m);",
    "let m = 'fs';\nfor (m of names) require(m);",
  ];
  for (const text of hidden) {
    const found = ids(text, 'x.js');
    assert.ok(found.includes('evasion.dynamic-require'), `${text}: ${found.join(', ')}`);
    assert.not.ok(found.includes('filesystem.node-fs'), `${text}: the first value is not the value`);
  }
  assert.ok(ids("let k = Symbol();\nk = 'eval';\nglobalThis[k]('1 + 1');", 'x.js').includes('evasion.computed-global'));
  // Still constants: never assigned again; a member assignment x[k] = … does not assign k.
  assert.equal(raws("var name = 'child_process';\nrequire(name).exec('ls');", 'x.js'), ['child_process.exec']);
  assert.equal(raws("const m = 'fs';\nconst cache = {};\ncache[m] = 1;\nrequire(m).writeFileSync('a', 'b');", 'x.js'), ['fs.writeFileSync']);
});

test('a constant declared later in a list is a constant; one assigned again is not', () => {
  // The second declarator of a list was read as an assignment: the key stayed "computed at run time".
  for (const text of ["const c = 'ev', d = 'al';\nglobalThis[c + d]('1');", "let a = 1, d = 'eval';\nglobalThis[d]('1');", "for (let i = 0, d = 'eval'; i < 2; i++) globalThis[d]('1');", "const a = { b: [1, 2] }, c = f(1, 2), d = 'eval';\nglobalThis[d]('1');"]) {
    assert.equal(raws(text, 'x.js'), ['eval'], text);
  }
  assert.equal(raws("var p = 'fs', q = 'child_process';\nrequire(q).exec('ls');", 'x.js'), ['child_process.exec']);
  // Assigned again, or only an assignment after the declaration ended (no semicolon), it is unknown.
  for (const text of ["let a = 1, d = 'eval';\nd = 'x';\nglobalThis[d]('1');", "const a = 1\nb = 2, d = 'eval'\nglobalThis[d]('1');", "f(a, d = 'eval');\nglobalThis[d]('1');"]) {
    assert.not.ok(raws(text, 'x.js').includes('eval'), text);
    assert.ok(ids(text, 'x.js').includes('evasion.computed-global'), text);
  }
});

test('an enum member named like a global or a capability (E.fetch, K.process, Str.eval) is the enum\'s, not the global', () => {
  const text = [
    "export enum Tool { fetch = 'fetch', exec = 'exec', eval = 'eval', require = 'require' }",
    'const enum K { WebSocket, process }',
    'declare enum D { fetch }',
    'export function pick(t: Tool) {',
    '  if (t === Tool.exec) return [Tool.fetch, Tool.eval, Tool.require, K.WebSocket, K.process, D.fetch];',
    '  const m = { [Tool.fetch]: 1 };',
    '  switch (t) { case Tool.exec: return m; }',
    '}',
  ].join('\n');
  assert.equal(scanSource(text, { file: 'x.ts' }).findings, []);
  // The enum's value names a global when the enum is used as a key of the global object, also in
  // a statement that starts with a parenthesis right after the enum (a new statement, not a call).
  assert.equal(raws("enum K { f = 'fetch' }\n(globalThis as any)[K.f]('http://x');"), ['fetch']);
  for (const head of ['namespace N {}', 'interface I {}', 'if (x) {}', 'try {} finally {}', 'const f = () => {}', 'else {}', 'for (;;) { break; }']) {
    assert.equal(raws(`${head}\n(globalThis)['fetch']('x');`), ['fetch'], head);
  }
  // An object literal or a function expression before it is called by the parenthesis.
  assert.equal(raws("const o = {}\n(globalThis)['fetch']('x');"), []);
  assert.equal(raws("const f = function () {}\n(globalThis)['fetch']('x');"), []);
});

test('a member of an object, array or enum that is only read folds to the string it holds', () => {
  // Only a medium dynamic require before: `M.cp` was a value computed at run time.
  for (const [text, file] of [
    ["const M = { cp: 'child_process' };\nrequire(M.cp).exec('ls');", 'x.js'],
    ["const M = Object.freeze({ fs: 'fs', 'cp': 'child_process' });\nrequire(M['cp']).exec('ls');", 'x.js'],
    ["const s = 'child_process';\nconst M = { s, n: 1 } as const;\nrequire(M?.s).exec('ls');", 'x.ts'],
    ["const mods = ['fs', 'child_process'];\nconst cp = await import(mods[1]);\ncp.exec('ls');", 'x.mjs'],
    ["enum M { A = 1, CP = 'child_process' }\nrequire(M.CP).exec('ls');", 'x.ts'],
  ] as const) {
    assert.equal(raws(text, file), ['child_process.exec'], text);
    assert.is(scanSource(text, { file }).findings.find((f) => f.id.startsWith('evasion.dynamic-'))?.confidence, 'low', text);
  }
  assert.equal(raws("const M = { cp: 'child_' + 'process' };\nrequire(M.cp).exec('ls');", 'x.js'), ['child_process.exec']);
  assert.ok(ids("const M = { cp: 'child_' + 'process' };\nrequire(M.cp).exec('ls');", 'x.js').includes('evasion.obfuscated-name'));
  // Written, deleted, called, handed on, exported, declared twice, spread into or overridden by an accessor: unknown.
  const changed = [
    "M.cp = 'fs';", "M['cp'] = 'fs';", 'M.cp++;', 'delete M.cp;', "M.__defineGetter__('cp', g);", 'Object.assign(M, o);', 'f(M);', 'const N = M;',
    'export { M };', "function g() { const M = { cp: 'fs' }; }",
  ];
  for (const line of changed) {
    const text = `const M = { cp: 'child_process' };\n${line}\nrequire(M.cp).exec('ls');`;
    assert.equal(raws(text, 'x.js'), [], text);
    assert.is(scanSource(text, { file: 'x.js' }).findings.find((f) => f.id === 'evasion.dynamic-require')?.confidence, 'medium', text);
  }
  for (const text of ["export const M = { cp: 'child_process' };\nrequire(M.cp).exec('ls');", "const M = { cp: 'child_process', ...o };\nrequire(M.cp).exec('ls');", "const M = { cp: 'child_process', get cp() { return 'fs'; } };\nrequire(M.cp).exec('ls');", "const M = { cp: 'child_process', [k]: 'fs' };\nrequire(M.cp).exec('ls');", "const mods = ['fs', 'child_process'];\nmods.reverse();\nrequire(mods[1]).exec('ls');", "const M = { cp: 'child_process' };\nrequire(M.cp()).exec('ls');"]) {
    assert.equal(raws(text, 'x.js'), [], text);
  }
  assert.equal(raws("enum M { CP = 'child_process' }\nM.CP = 'fs';\nrequire(M.CP).exec('ls');", 'x.ts'), []);
  // A member named in an enum initializer may be the enum's own: not folded.
  assert.equal(raws("const A = 'child_process';\nenum M { A = 'fs', B = A }\nrequire(M.B).exec('ls');", 'x.ts'), []);
});

test('a computed key that is a symbol is no evasion; a run-time string key still is', () => {
  const symbols = [
    "const k = Symbol.for('app.logger');\nlet root = globalThis[k] ?? null;\nglobalThis[k] = root;",
    "const k = Symbol('d');\nconst fs = require('fs');\nfs[k] = 1;",
    'globalThis[Symbol.for("undici.globalDispatcher.1")] = d;\nconst it = globalThis[Symbol.iterator];',
  ];
  for (const text of symbols) assert.equal(ids(text, 'x.js').filter((id) => id.startsWith('evasion.')), [], text);
  // A string key, a shadowed Symbol, or a symbol reassigned from elsewhere is not known to be a symbol.
  const strings = [
    'const k = name;\nglobalThis[k](x);',
    "const Symbol = (s) => s;\nconst k = Symbol('fetch');\nglobalThis[k](u);",
    "let k = Symbol('a');\nfunction f(k) { return globalThis[k]; }",
    "globalThis[Symbol.keyFor(Symbol.for('eval'))]('1');",
    "globalThis[Symbol('x').description](u);",
    "globalThis[Symbol.for('a') + name]();",
  ];
  for (const text of strings) assert.ok(ids(text, 'x.js').includes('evasion.computed-global'), text);
});

test('TypeScript: a / after a non-null assertion divides (the file stays analyzed); in JavaScript !/x/ is a regex', () => {
  for (const line of ['const L = lengths.signature! / 2;', 'const L = a[i]!/2;', 'const M = g()! /2;', 'x! /= 2;']) {
    assert.equal(ids(`${line}\nfetch(u);`), ['network.fetch'], line);
    assert.equal(ids(`const el = <p>{${line.replace(/;$/, '')}}</p>;\nfetch(u);`, 'x.tsx').filter((id) => id !== 'network.fetch'), [], `tsx: ${line}`);
  }
  for (const line of ['if (ok) !/x/.test(s);', 'return!/x/.test(s);', 'const t = a &&\n!/x/.test(s);']) {
    assert.equal(ids(`${line}\nfetch(u);`), ['network.fetch'], line);
    assert.is(tokenize(line, { typescript: true }).tokens.filter((t) => t.type === 'RegularExpressionLiteral').length, 1, line);
  }
  assert.is(find('const L = lengths.signature! / 2;\nfetch(u);', 'scan.not-analyzed', 'x.js')?.detail?.startsWith('unclosed-regex'), true);
  // Inside a template substitution (and braces in it) the `}` still closes what it belongs to.
  for (const code of ['const s = `${a! / 2}`;', 'const s = `x${a! / 2}y${b}`;', 'const s = `${ { w: a! / 2 }.w }px`;', 'const s = `${`${a! / 2}`}`;']) {
    assert.equal(ids(`${code}\nfetch(u);`), ['network.fetch'], code);
  }
});

test('TypeScript: a non-null assertion before / is division however it is written, so no code hides in a "regex"', () => {
  // Each pair of lines is valid TypeScript (tsc emits `f() / 2`, `a / 2`, …); read as a regular
  // expression from the first `/` to the second, the eval between them vanished.
  for (const operand of ['f() !', 'a!!', 'a[0] !', '`${a}`!', "'x'!", 'this.#n!', 'a! /* c */']) {
    assert.equal(ids(`const r = ${operand} / 2; eval(a); const q = ${operand} / 3;`), ['code-evaluation.eval'], operand);
  }
  // A prefix `!` stays a prefix: after a keyword, an if head, an operator, `!=`, or on its own line.
  for (const line of ['return!/x/.test(s);', 'if (a) ! /x/.test(s);', 'const t = !!/x/.test(s);', 'const u = s != /x/;', 'const v = a\n!/x/.test(s);']) {
    assert.is(tokenize(line, { typescript: true }).tokens.filter((t) => t.type === 'RegularExpressionLiteral').length, 1, line);
  }
  // A `!` blanked inside a string keeps the string's own text.
  assert.is(tokenize('const s = "Hello! /help";', { typescript: true }).tokens[3]!.value, '"Hello! /help"');
  // Twenty thousand assertions before `/` are read in one pass (a restart per assertion took 14 s).
  const many = 'let a: any;\n' + 'const r = a! / 2;\n'.repeat(20000) + 'eval(a);';
  assert.equal(ids(many), ['code-evaluation.eval']);
  // What still needs a restart of the tokenizer is capped: the file is not analyzed, never slow.
  const odd = 'let a: any;\n' + 'const r = a /**/! / 2;\n'.repeat(2000);
  assert.is(find(odd, 'scan.not-analyzed')?.detail?.startsWith('too-many-restarts'), true);
});

test('HTML-like comments: the lines Node runs as a script are scanned, and the comment is an evasion', () => {
  // Node runs a CommonJS file with `<!--` and a line-leading `-->` as comments (so does esbuild
  // for every file); read as tokens, the backtick after them opened a template over the payload.
  const hidden = ['const a = 1 <!-- `\nrequire("child_process").execSync("id")\n// `\n', 'const a = 1;\n--> `\nrequire("child_process").execSync("id")\n--> `\n', '/* x */ --> `\nrequire("child_process").execSync("id")\n--> `\n'];
  for (const file of ['x.cjs', 'x.js', 'x.ts']) {
    for (const text of hidden) {
      assert.equal(raws(text, file), ['child_process.execSync'], `${file}: ${text}`);
      assert.is(find(text, 'evasion.html-comment', file)?.confidence, 'high', text);
    }
  }
  // A comment that changes nothing after its line is medium; the plain reading's code still counts.
  const marker = find('<!-- hide from old browsers\nfetch(u);\n//-->\n', 'evasion.html-comment', 'x.js')!;
  assert.equal([marker.line, marker.column, marker.confidence], [1, 1, 'medium']);
  assert.equal(raws('x <!--y, fetch(u);\n', 'x.ts'), ['fetch']);
  // `<!--` in a string, a comment or a template, `a-- > b` and `i --> 0` mid-line are no comments.
  for (const text of ["const s = '<!--';\n", '// <!--\n', 'const t = `\n--> x`;\n', 'while (i --> 0) f();\n', 'a-- > b;\n']) {
    assert.not.ok(ids(text, 'x.js').includes('evasion.html-comment'), text);
  }
});

test('fs stream classes and disposable temp directories have their direction', () => {
  // `new fs.WriteStream(p)` writes like createWriteStream; it was a read of the unclassified module.
  for (const text of ["import fs from 'fs';\nnew fs.WriteStream('/x');", "import { WriteStream } from 'node:fs';\nconst s = new WriteStream('/x');", "import { Utf8Stream } from 'node:fs';\nnew Utf8Stream({ dest: '/x' });", "import fs from 'fs';\nfs.mkdtempDisposableSync('/tmp/x');"]) {
    assert.equal(scanSource(text, { file: 'x.mjs' }).findings.map((f) => `${f.id} ${f.access}`), ['filesystem.node-fs-write write'], text);
  }
  assert.equal(scanSource("import { ReadStream } from 'fs';\nnew ReadStream('/x');", { file: 'x.mjs' }).findings.map((f) => `${f.id} ${f.access}`), ['filesystem.node-fs-read read']);
});

test('open modes decide read or write; a flag that is not a literal counts as write', () => {
  assert.is(find("import fs from 'fs'; fs.openSync('a');", 'filesystem.node-fs-open')!.access, 'read');
  assert.is(find("import fs from 'fs'; fs.openSync('a', 'r+');", 'filesystem.node-fs-open')!.access, 'write');
  assert.is(find("import fs from 'fs'; fs.openSync('a', fs.constants.O_WRONLY);", 'filesystem.node-fs-open')!.access, 'write');
  const dynamic = find("import fs from 'fs'; fs.openSync('a', mode);", 'filesystem.node-fs-open')!;
  assert.equal([dynamic.access, dynamic.detail], ['write', 'flags are not a literal, counted as write']);
  assert.is(find("await Deno.open('a', { read: true });", 'filesystem.deno-open')!.access, 'read');
  assert.is(find("await Deno.open('a', { write: false, read: true });", 'filesystem.deno-open')!.access, 'read');
  assert.equal(raws("await Bun.file('a').write('x');"), ['Bun.file', 'Bun.file.write']);
  assert.is(find("await Bun.file('a').write('x');", 'filesystem.bun-file-write')!.access, 'write');
});

test('opening or writing /dev/null or os.devNull is no file access; nul, a computed path, another devNull and other fs calls still count', () => {
  for (const text of ["import fs from 'fs'; fs.openSync('/dev/null', 'w');", "import { createWriteStream } from 'node:fs'; createWriteStream('/dev/null');",
    "const fs = require('fs'); fs.writeFileSync(\"/dev/null\", data);", "import fsp from 'node:fs/promises'; await fsp.open('/dev/null', 'a');",
    "import fs from 'fs'; import os from 'node:os'; fs.openSync(os.devNull, 'w');", "import * as os from 'os'; import { createWriteStream } from 'fs'; createWriteStream(os.devNull);",
    "import { devNull } from 'os'; import fs from 'fs'; fs.appendFileSync(devNull, x);", "const fs = require('fs'); const os = require('os'); fs.openSync(os.devNull, 'a');",
    "const fs = require('fs'); const { devNull } = require('node:os'); fs.createWriteStream(devNull);"]) {
    assert.equal(scanSource(text, { file: 'x.mjs' }).findings.map((f) => f.id), [], text);
  }
  for (const text of ["import fs from 'fs'; fs.openSync('nul', 'w');", "import fs from 'fs'; fs.openSync(devnull, 'w');", "import fs from 'fs'; fs.openSync('/dev/null' + x, 'w');", "import fs from 'fs'; fs.rmSync('/dev/null');",
    "import fs from 'fs'; const os = { devNull: '/etc/passwd' }; fs.openSync(os.devNull, 'w');", "import fs from 'fs'; import os from 'os'; fs.openSync(os.devNull + '.x', 'w');",
    "import fs from 'fs'; import os from 'os'; fs.openSync(os.tmpdir(), 'w');", "import fs from 'fs'; import { devNull } from 'os'; function f(devNull) { fs.openSync(devNull, 'w'); }"]) {
    assert.equal(scanSource(text, { file: 'x.mjs' }).findings.map((f) => f.access), ['write'], text);
  }
});

test('environment: process.env, import.meta.env, Deno.env; not in raw entitlements', () => {
  const scan = scanSource('const a = process.env.TOKEN; const b = import.meta.env.VITE_X; const { env } = process; env.HOME;', { file: 'e.ts' });
  assert.equal(scan.findings.map((f) => [f.id, f.detail]), [
    ['environment.process-env', 'variable TOKEN'],
    ['environment.import-meta-env', 'variable VITE_X'],
    ['environment.process-env', 'variable HOME'],
  ]);
});

test('environment: the process object handed to a function is environment use; a variable set to it is followed where used', () => {
  // scanpy9 held-out corpus (mcp-postgres-server 0.3.1 build/index.js): bootstrap(process.argv[1], import.meta.url, process, t)
  // hands process on, and main(proc) reads loadConfig(proc.env) two calls down: the file read the environment and said nothing.
  const text = 'function load(env) { return env.DATABASE_URL; }\nexport async function main(proc) { return load(proc.env); }\nexport function boot(entry, proc) { return main(proc); }\nboot(process.argv[1], process);\nfunction get() { return process; }\nrun(globalThis.process);\n';
  assert.equal(scanSource(text, { file: 'e.mjs' }).findings.map((f) => `${f.line}:${f.id}`), ['4:environment.process-object', '5:environment.process-object', '6:environment.process-object']);
  // Members of it, a comparison, typeof, and a variable set to it (reported at its own env use) are not the object handed on.
  const none = 'boot(process.argv[1], process.pid);\nif (x === process) {}\nconst t = typeof process;\nconst p = process;\np.on("exit", f);\nprocess.exit(0);\n';
  assert.equal(scanSource(none, { file: 'e.mjs' }).findings.map((f) => f.id), []);
  assert.equal(scanSource('const p = process;\nconst u = p.env.URL;\n', { file: 'e.mjs' }).findings.map((f) => `${f.line}:${f.id}`), ['2:environment.process-env']);
});

test('re-exports of capability modules count; export-from and literal import() are import records', () => {
  const scan = scanSource("export { exec } from 'node:child_process';\nexport * from './helper.js';\nconst m = await import('./lazy.js');", { file: 'i.ts' });
  assert.equal(scan.findings.map((f) => [f.id, f.identifier]), [['subprocess.child-process', 'child_process.exec']]);
  assert.equal(scan.imports.map((i) => [i.specifier, i.kind, i.line]), [['node:child_process', 'builtin', 1], ['./helper.js', 'relative', 2], ['./lazy.js', 'relative', 3]]);
});

test('unclosed comments and strings make the file not analyzed (never clean)', () => {
  assert.ok(ids('/* never closed\nfetch(x)').includes('scan.not-analyzed'));
  assert.ok(ids("const s = 'open\n").includes('scan.not-analyzed'));
  assert.ok(ids('const x = 1 \\ 2;').includes('scan.not-analyzed'));
  assert.ok(!ids('const ok = 1; // fine').includes('scan.not-analyzed'));
});

test('brackets that do not pair make the file not analyzed: it does not parse', () => {
  const open = find('export const x = (;\nfetch(u);', 'scan.not-analyzed', 'b.mjs')!;
  assert.is(open.detail?.startsWith('unclosed-bracket'), true, open.detail);
  assert.equal([open.line, open.column], [1, 18]);
  const stray = find('if (a) { run(); }}\n', 'scan.not-analyzed', 'b.js')!;
  assert.is(stray.detail?.startsWith('unmatched-bracket'), true);
  assert.equal([stray.line, stray.column], [1, 18]);
  assert.ok(ids('try { x()\ncatch (e) {}', 'b.js').includes('scan.not-analyzed'), 'a try block never closed');
  assert.ok(ids('f([1, 2)]);', 'b.js').includes('scan.not-analyzed'), 'crossed brackets');
  assert.ok(ids('const s = `a${b`;', 'b.js').includes('scan.not-analyzed'));
  // Balanced code in every form parses: templates with nested braces, JSX, TypeScript generics.
  for (const [code, file] of [
    ['const s = `a${ {k: [1, (2)]}.k }b${c}`; f(() => ({ a: [x[0]] }));', 'ok.js'],
    ['const e = <div a={b}>{x ? (<p>{y}</p>) : null}</div>;', 'ok.jsx'],
    ['function f<T extends { a: number[] }>(x: T): Map<string, [T]> { return new Map(); }', 'ok.ts'],
    ['const C = <T,>(p: { v: T }) => <b>{String(p.v)}</b>;', 'ok.tsx'],
    ['const r = /[(}]/.test(s) ? ")" : \'{\';', 'ok.js'],
  ] as const) {
    assert.not.ok(ids(code, file).includes('scan.not-analyzed'), `${file}: ${code}`);
  }
});

test('obfuscation through constants is followed: const + concatenation, reversed strings, array join', () => {
  assert.equal(raws("const a = 'child_'; const b = a + 'process'; require(b).spawn('x');", 'o.js'), ['child_process.spawn']);
  assert.ok(ids("require('ssecorp_dlihc'.split('').reverse().join('')).exec('id')", 'o.js').includes('evasion.obfuscated-name'));
  assert.equal(raws("globalThis[['ev', 'al'].join('')]('1')", 'o.js'), ['eval']);
  const computed = find("globalThis[['ev', 'al'].join('')]('1')", 'evasion.computed-global', 'o.js')!;
  assert.is(computed.confidence, 'high');
  // A decoded blob handed straight to an evaluator is code, even when its text names nothing.
  assert.is(find("new Function(atob('cmV0dXJuIHByb2Nlc3M='))();", 'evasion.base64-decode', 'o.js')!.confidence, 'high');
  assert.is(find("const s = atob('cmV0dXJuIHByb2Nlc3M='); log(s);", 'evasion.base64-decode', 'o.js')!.confidence, 'low');
});

test('string methods with constant arguments, String.raw and spread strings fold like concatenation', () => {
  // Each was a medium dynamic require (a warning that passes the default --fail-on error) with no capability.
  const specifiers = [
    "'CHILD_PROCESS'.toLowerCase()", "'child_'.concat('process')", "'chiXld_process'.replace('X', '')", "'c-h-i-l-d_process'.replaceAll('-', '')",
    "' child_process '.trim()", "'xchild_processx'.slice(1, -1)", "'__child_process'.substring(2)", 'String.raw`child_process`', "String.raw`${'child'}_process`",
    "[...'ssecorp_dlihc'].reverse().join('')", "'child_process'.split('').reverse().join('').split('').reverse().join('').trim()",
  ];
  for (const spec of specifiers) {
    const r = scanSource(`const cp = require(${spec});\ncp.execSync('id');`, { file: 'o.js' });
    assert.equal(r.findings.filter((f) => f.kind === 'capability').map((f) => f.identifier), ['child_process.execSync'], spec);
    assert.is(r.findings.find((f) => f.id === 'evasion.obfuscated-name')?.confidence, 'high', spec);
  }
  assert.equal(raws("const k = 'FETCH'; globalThis[k.toLowerCase()](u);", 'o.js'), ['fetch']);
  // A method that is not a plain string function, a run-time argument or a pattern stays unknown.
  for (const spec of ["'child_process'.replace(/x/, '')", "'child_process'.slice(n)", "'a'.replace('a', '$&')", "'child_process'.padEnd(20)"]) {
    assert.ok(ids(`require(${spec});`, 'o.js').includes('evasion.dynamic-require'), spec);
  }
});

test('a runtime scheme joined to a module name spelled whole is a bundler workaround: medium, with the capability still found', () => {
  // context-mode 1.0.131 (build/db-base.js and its bundles): a bundler resolves a literal "bun:sqlite"
  // and fails building for Node; the name itself stands in the source.
  for (const spec of ["['bun', 'sqlite'].join(':')", "['node', 'sqlite'].join(':')", "'bun' + ':' + 'sqlite'", "'node:' + 'child_process'", "['node', 'child_process'].join(':')"]) {
    const r = scanSource(`const m = require(${spec});`, { file: 'o.js' });
    const f = r.findings.find((x) => x.id === 'evasion.obfuscated-name');
    assert.is(f?.confidence, 'medium', spec);
    assert.is(f?.level, 'warning', spec);
    assert.ok(r.findings.some((x) => x.kind === 'capability'), `${spec}: the module is still reported`);
  }
  // A name split anywhere else, a scheme that is not a runtime's, or another trick still hides it: high.
  for (const spec of ["['node', 'child_' + 'process'].join(':')", "['node', 'child', '_process'].join('')", "'node:' + 'child_' + 'process'", "['bun', 'sql' + 'ite'].join(':')", "[...'etilqs:nub'].reverse().join('')"]) {
    const r = scanSource(`const m = require(${spec});`, { file: 'o.js' });
    assert.is(r.findings.find((x) => x.id === 'evasion.obfuscated-name')?.confidence, 'high', spec);
  }
  // The same join written as a template (heldout-code18 n26: `` import(`${NODE}child_process`) ``
  // was high while `'node:' + 'child_process'` was medium): its own text is the scheme or the name.
  const NODE = "const NODE = 'node:';\nconst A = 'node:child';\nconst B = '_process';\n";
  for (const spec of ['`${NODE}child_process`', "`node:${'child_process'}`", '`${NODE}${"child_process"}`']) {
    const r = scanSource(`${NODE}const m = await import(${spec});\nm.execSync('id');`, { file: 'o.mjs' });
    assert.is(r.findings.find((x) => x.id === 'evasion.obfuscated-name')?.confidence, 'medium', spec);
    assert.ok(r.findings.some((x) => x.id === 'subprocess.child-process'), `${spec}: the module is still reported`);
  }
  for (const spec of ['`${A}${B}`', "`node:child_${'process'}`", '`${NODE}child_${B.slice(1)}`', '`${NODE}child\\x5fprocess`']) {
    const r = scanSource(`${NODE}const m = await import(${spec});`, { file: 'o.mjs' });
    assert.is(r.findings.find((x) => x.id === 'evasion.obfuscated-name')?.confidence, 'high', spec);
  }
});

test('a timer given code as a string evaluates it, also through a constant or a decoded blob', () => {
  for (const text of ["setTimeout('alert(1)', 1);", 'setTimeout(`run(${n})`, 1);', "const code = 'alert(1)';\nsetTimeout(code, 1);", "setInterval(atob('YWxlcnQoMSk='), 9);", "globalThis.setTimeout('x' + 'y');"]) {
    assert.equal(raws(text, 'x.js').filter((r) => r === 'setTimeout' || r === 'setInterval').length, 1, text);
  }
  // A function, a variable that is no constant, and a number are no code strings.
  assert.equal(raws("setTimeout(() => f(), 1);\nsetTimeout(fn, 1);\nlet c = 'a'; c = g(); setTimeout(c);\nsetTimeout(1);", 'x.js'), []);
});

test('a timer given a value that is a string at run time evaluates it (typed string, built string, named like code); a function value is no code', () => {
  const timers = (text: string, file = 'x.ts'): number[] => scanSource(text, { file }).findings.filter((f) => f.id === 'code-evaluation.string-timer').map((f) => f.line!);
  const code = [
    'export function a(code: string) { setTimeout(code, 10); }',
    'export function b(args) { setInterval(args.script, 10); }',
    "export function c(x) { setTimeout('run(' + x + ')', 1); }",
    'export function d(x) { setTimeout(x.toString(), 1); }',
    'export function e(code) { setTimeout(code, 1); }',
    "export function f(x) { let s = 'go(' + x; setTimeout(s, 1); }",
    'export function g(x) { setTimeout(String(x), 1); }',
    'export function h(src = "") { setTimeout(src, 1); }',
  ].join('\n');
  assert.equal(timers(code), [1, 2, 3, 4, 5, 6, 7, 8]);
  const functions = [
    'export function a(fn: () => void) { setTimeout(fn, 10); }',
    'export function b(fn) { setTimeout(fn, 10); }',
    'export function c(callback) { setTimeout(callback, 1); }',
    'export function d(source) { source(); setTimeout(source, 1); }',
    'export const e = () => new Promise((r) => setTimeout(r, 10));',
    'export function f(o) { setTimeout(o.tick, 10); }',
    'export function g(ms: number) { setTimeout(() => 1, ms); }',
    'export function h(codes: string[]) { setTimeout(codes, 1); }',
    'const code = () => 1; setTimeout(code, 1);',
    'function script() {} setTimeout(script, 1);',
  ].join('\n');
  assert.equal(timers(functions), []);
});

test('review: a value named by a verb or a handler word and a code noun (runScript, onCode, fetchSource) is a function, not code', () => {
  const timers = (text: string): number[] => scanSource(text, { file: 'x.ts' }).findings.filter((f) => f.id === 'code-evaluation.string-timer').map((f) => f.line!);
  const functions = [
    'export function a(o) { setInterval(o.runScript, 1000); }',
    'export class W { start() { setTimeout(this.hooks.afterScript, 0); } }',
    'export function p(fetchSource) { setInterval(fetchSource, 1000); }',
    'export function q(onCode) { setTimeout(onCode, 1); }',
    'import helpers from "./h.js"; const { refreshSource } = helpers; setTimeout(refreshSource, 5);',
    'export function r(opts) { setTimeout(opts.compileExpression, 5); }',
  ].join('\n');
  assert.equal(timers(functions), []);
  // A noun before the code word still names code.
  assert.equal(timers('export function s(userScript) { setTimeout(userScript, 5); }\nexport function t(o) { setTimeout(o.pageCode, 5); }'), [1, 2]);
});

test('review: a side-effect import followed by a stray + (a syntax error) is scanned, not a crash', () => {
  const r = scanSource("x\nimport 'zx/globals'\n+y\n$`ls`", { file: 'a.ts' });
  assert.ok(Array.isArray(r.findings));
});

test('a file in another language is not analyzed, never clean; a #! line decides for extensionless files', () => {
  const python = 'import subprocess\nsubprocess.run(["ls"])\n';
  for (const file of ['tool.rb', 'x.json', 'run.sh', 'Main.java']) {
    const r = scanSource(python, { file });
    assert.equal(r.findings.map((f) => f.id), ['scan.not-analyzed'], file);
    assert.match(r.findings[0]!.detail!, /^a "\.\w+" file is neither JavaScript, TypeScript, Python, Go nor Rust; the scanner reads only/);
  }
  // Python is read by the Python scanner, by extension or by its #! line.
  for (const file of ['handler.py', 'handler.pyw']) assert.equal(ids(python, file), ['subprocess.python-subprocess'], file);
  assert.equal(ids('#!/usr/bin/env python3\nimport subprocess\nsubprocess.run(["ls"])\n', 'bin/tool'), ['subprocess.python-subprocess']);
  assert.equal(ids('#!/usr/bin/env ruby\nsystem("ls")\n', 'bin/tool'), ['scan.not-analyzed']);
  assert.equal(ids('#!/bin/sh\nexec node x.js\n', 'bin/tool'), ['scan.not-analyzed']);
  for (const shebang of ['#!/usr/bin/env node', '#!/usr/local/bin/bun', '#!/usr/bin/env -S deno run -A', '#!/usr/bin/env tsx']) {
    assert.equal(raws(`${shebang}\nrequire('fs').writeFileSync('a', 'b')\n`, 'bin/tool'), ['fs.writeFileSync'], shebang);
  }
  // No extension and no #! line (a name such as "inline" from the library): read as JavaScript.
  assert.equal(raws("fetch('u')", 'inline'), ['fetch']);
  for (const file of ['a.js', 'a.MJS', 'a.cjs', 'a.jsx', 'a.ts', 'a.mts', 'a.cts', 'a.tsx']) assert.equal(raws("fetch('u')", file), ['fetch'], file);
});

test('Bun APIs: globbing, mmap and build touch files, the crypto classes and DNS are rows too', () => {
  assert.equal(raws("const g = new Bun.Glob('*.ts');\nfor await (const f of g.scan('.')) {}"), ['Bun.Glob']);
  assert.equal(raws("import { Glob, CryptoHasher } from 'bun';\nnew Glob('*').scanSync('.');\nnew CryptoHasher('sha256');"), ['Bun.CryptoHasher', 'Bun.Glob']);
  assert.equal(raws("Bun.mmap('/data.bin');\nawait Bun.build({ entrypoints: ['a.ts'], outdir: 'out' });"), ['Bun.build', 'Bun.mmap']);
  assert.equal(raws("await Bun.password.hash('pw');\nawait Bun.dns.lookup('example.com');"), ['Bun.dns', 'Bun.password']);
  // Bun.hash is a fast non-cryptographic hash, and Bun.Transpiler is pure: no rows.
  assert.equal(raws("Bun.hash('x');\nnew Bun.Transpiler({ loader: 'ts' });"), []);
});

test('process.binding called through call, apply, bind or Reflect.apply names its internal binding as a direct call does', () => {
  const both = ['process.binding', 'process.binding.spawn_sync'];
  assert.equal(raws("process.binding('spawn_sync');"), both);
  // The thisArg `process` passed on is the process object handed on (as before), beside the binding.
  const withProcess = (text: string): string[] => raws(text).filter((r) => r !== 'process');
  assert.equal(withProcess("process.binding.bind(process)('spawn_sync');"), both);
  assert.equal(withProcess("process.binding.bind(process, 'spawn_sync')();"), both);
  assert.equal(withProcess("process.binding.call(process, 'spawn_sync');"), both);
  assert.equal(withProcess("process.binding.apply(process, ['spawn_sync']);"), both);
  assert.equal(withProcess("Reflect.apply(process.binding, process, ['spawn_sync']);"), both);
  assert.equal(withProcess("globalThis.process.binding.call(process, 'tcp_' + 'wrap');"), ['process.binding', 'process.binding.tcp_wrap']);
  assert.equal(withProcess("const b = process.binding;\nb.call(process, 'fs');"), ['process.binding', 'process.binding', 'process.binding.fs']);
  // A binding that does none of those, or a name not known here: the code-evaluation row alone.
  assert.equal(withProcess("process.binding.call(process, 'constants');"), ['process.binding']);
  assert.equal(withProcess("process.binding.apply(process, args);"), ['process.binding']);
  assert.equal(withProcess("const Reflect = { apply() {} };\nReflect.apply(process.binding, process, ['fs']);"), ['process.binding']);
});

test('process.binding bound to a this and kept in a name, a property or a destructured key gives the row of the binding it is called with', () => {
  const withProcess = (text: string): string[] => raws(text).filter((r) => r !== 'process');
  // Reported where bound (the function taken) and where called with the name.
  const spawn = ['process.binding', 'process.binding', 'process.binding.spawn_sync'];
  assert.equal(withProcess("const b = process.binding.bind(process);\nb('spawn_sync');"), spawn);
  assert.equal(withProcess("const b = process.binding.bind(process).bind(null);\nb('spawn_sync');"), spawn);
  assert.equal(withProcess("const b = process.binding.bind(process);\nb.call(null, 'spawn_sync');"), spawn);
  assert.equal(withProcess("const b = process.binding.bind(process);\nReflect.apply(b, null, ['spawn_sync']);"), spawn);
  assert.equal(withProcess("const o = { b: process.binding.bind(process) };\no.b('spawn_sync');"), spawn);
  assert.equal(withProcess("const o = { p: { b: process.binding.bind(process) } };\no.p.b('spawn_sync');"), spawn);
  assert.equal(withProcess("const { b } = { b: process.binding.bind(process) };\nb('spawn_sync');"), spawn);
  assert.equal(withProcess("const { b: c } = { b: process.binding.bind(process), n: 1 };\nc('spawn_sync');"), spawn);
  assert.equal(withProcess("const o = { b: process.binding.bind(process) };\nconst { b } = o;\nb('spawn_sync');"), spawn);
  assert.equal(withProcess("class A { constructor() { this.b = process.binding.bind(process); } run() { this.b('spawn_sync'); } }"), spawn);
  assert.equal(withProcess("const { binding } = process;\nconst b = binding.bind(process);\nb('tcp_wrap');"), ['process.binding', 'process.binding.tcp_wrap']);
  // The same for a plain member bound to a this: a write called through the bound name is a write there.
  assert.equal(scanSource("const fs = require('fs');\nconst w = fs.writeFileSync.bind(fs);\nw(p, d);", { file: 'x.js' }).findings.filter((f) => f.id === 'filesystem.node-fs-write').map((f) => f.line), [3]);
  // Benign neighbours: a name that is no internal binding of those, a key not holding it, another
  // function bound, console.log bound (no capability), an argument already bound (read at bind).
  assert.equal(withProcess("const b = process.binding.bind(process);\nb('natives');"), ['process.binding', 'process.binding']);
  assert.equal(withProcess("const { a } = { a: String, b: process.binding };\na('spawn_sync');"), ['process.binding']);
  assert.equal(withProcess("const f = foo.bind(process);\nf('spawn_sync');"), []);
  assert.equal(raws("const log = console.log.bind(console);\nlog('spawn_sync');"), []);
  assert.equal(withProcess("const b = process.binding.bind(process, 'fs');\nb();"), ['process.binding', 'process.binding.fs']);
});

test('a key given a module or process.binding after the object is made holds it, as a key of the literal does (scanner19)', () => {
  const withProcess = (text: string): string[] => raws(text).filter((r) => r !== 'process');
  const fs = ['process.binding', 'process.binding', 'process.binding.fs'];
  // Before, these were process.binding alone, at the bind: the binding called through o.b was not read.
  assert.equal(withProcess("const o = {};\no.b = process.binding.bind(process);\no.b('fs');"), fs);
  assert.equal(withProcess("let o = { n: 1 }; o.b = process.binding; o.b('fs');"), fs);
  assert.equal(withProcess("const o = {};\no.r = require;\no.r('child_process').execSync(c);"), ['child_process.execSync']);
  // A module given to a key: its member called through the key is a write there (before: the module object only).
  assert.equal(scanSource("const o = {};\no.fs = require('fs');\no.fs.writeFileSync(p, d);", { file: 'x.js' }).findings.filter((f) => f.id === 'filesystem.node-fs-write').map((f) => f.line), [3]);
  // Benign neighbours: the key given something else too, or the object itself replaced: not followed;
  // a key given a plain function holds nothing.
  assert.equal(withProcess("const o = {};\no.b = process.binding.bind(process);\no.b = noop;\no.b('fs');"), ['process.binding']);
  assert.equal(withProcess("var o = {};\no.b = process.binding.bind(process);\no = {};\no.b('fs');"), ['process.binding']);
  assert.equal(raws("const o = {};\no.b = String;\no.b('fs');"), []);
});

test('a name assigned whole again holds what the last straight-line assignment and its key statements give it (scanner20)', () => {
  const withProcess = (text: string): string[] => raws(text, 'x.js').filter((r) => r !== 'process');
  const lines = (text: string, id: string): number[] => scanSource(text, { file: 'x.js' }).findings.filter((f) => f.id === id).map((f) => f.line!);
  // Before, `o` assigned whole was no holder: only the module object at the key statement was reported.
  assert.equal(withProcess("let o = {};\no = {};\no.b = require('child_process');\no.b.exec(x);"), ['child_process', 'child_process.exec']);
  assert.equal(withProcess("var o = {};\no = {};\no.b = process.binding.bind(process);\no.b('fs');"), ['process.binding', 'process.binding', 'process.binding.fs']);
  assert.equal(withProcess("let o = {};\no = {};\no.r = require;\no.r('child_process').execSync(c);"), ['child_process.execSync']);
  // Each segment has its own literal: the first holds fs until the object is replaced.
  assert.equal(lines("var o = { fs: require('fs') };\no.fs.readFileSync(p);\no = {};\no.fs.writeFileSync(p, d);", 'filesystem.node-fs-read'), [2]);
  assert.equal(lines("var o = { fs: require('fs') };\no.fs.readFileSync(p);\no = {};\no.fs.writeFileSync(p, d);", 'filesystem.node-fs-write'), []);
  // A use in a block that runs in place is held; one in a function or arrow of the segment, which may run later, is not.
  assert.equal(lines("let o = {};\no = {};\no.b = require('child_process');\nif (ok) {\n  o.b.spawn(c);\n}\nconst later = () => o.b.execSync(c);\nfunction f() { o.b.fork(m); }", 'subprocess.child-process'), [3, 5]);
  // The other direction: the object replaced after the key was set holds nothing more.
  assert.equal(withProcess("let o = {};\no.b = require('child_process');\no = { b: { exec() {} } };\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no = {};\no.b = require('child_process');\no = {};\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no = {};\no.b = require('child_process');\no = make();\no.b.exec(x);"), ['child_process']);
  // Flow that is not plain: an assignment under `if`, a compound one, a pattern, a key given something else, or given twice.
  assert.equal(withProcess("let o = {};\nif (c) o = {};\no.b = require('child_process');\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no = {};\nfunction reset() { o = {}; }\no.b = require('child_process');\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no ||= {};\no.b = require('child_process');\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {}, p;\n[o, p] = [{}, 1];\no.b = require('child_process');\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no = {};\no.b = require('child_process');\nif (t) o.b = fake;\no.b.exec(x);"), ['child_process']);
  assert.equal(withProcess("let o = {};\no = {};\no.b = require('child_process');\no.b = require('fs');\no.b.exec(x);"), ['child_process', 'fs']);
});

test('TypeScript enum member names are not uses; their initializers are', () => {
  assert.equal(raws('enum Op { fetch = 1, eval = 2, require }\nconst enum K { exec }'), []);
  assert.equal(raws("enum E { A = fetch('u').length, B }"), ['fetch']);
});

test('TypeScript ambient declarations bind nothing; a JavaScript name "declare" is just a name', () => {
  assert.equal(raws("declare const Deno: any;\nDeno.readTextFile('/etc/passwd');"), ['Deno.readTextFile']);
  assert.equal(raws("export declare let process: any;\nprocess.binding('fs');"), ['process.binding', 'process.binding.fs']);
  assert.equal(raws("declare function fetch(u: string): Promise<unknown>;\nfetch('u');"), ['fetch']);
  assert.equal(raws("declare abstract class WebSocket {}\nnew WebSocket('ws://x');"), ['WebSocket']);
  assert.equal(raws("declare global { var fetch: (u: string) => unknown; }\nfetch('u');"), ['fetch']);
  assert.equal(raws("declare module 'x' { const eval: unknown; }\nfetch('u');"), ['fetch']);
  // Nothing inside an ambient block runs, so nothing there is a finding.
  assert.equal(ids("declare module 'm' {\n  import cp = require('child_process');\n  export const run: typeof cp.exec;\n}\n"), []);
  // Real local declarations still shadow.
  assert.equal(raws("const fetch = (u: string) => u;\nfetch('u');"), []);
  // In JavaScript `declare` can be a variable: a call, or a statement ending at the line break.
  assert.equal(raws("const declare = (x) => x;\ndeclare(1);\nconst fetch = () => 0;\nfetch('u');", 'a.js'), []);
  assert.equal(raws("let declare;\ndeclare\nconst fetch = () => 0;\nfetch('u');", 'a.js'), []);
});

test('hostile inputs never throw and give the same result twice', () => {
  const hostile = ['', '\u0000', '/*', '`${', "'", '"\\', '(((((((', ']]]]', '{'.repeat(20000), '('.repeat(20000) + ')'.repeat(20000), 'const {' + 'a:{'.repeat(5000) + '} = x', '\ud800', 'a\u202eb', '#!/usr/bin/env node\nfetch(x)', 'x = y => z => w => fetch(1)'];
  for (const text of hostile) {
    const a = scanSource(text, { file: 'h.js' });
    const b = scanSource(text, { file: 'h.js' });
    assert.equal(a, b);
  }
  fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (text) => {
    const r = scanSource(text, { file: 'p.ts' });
    return Array.isArray(r.findings) && r.findings.every((f) => typeof f.id === 'string' && f.line !== undefined);
  }), { numRuns: 300 });
  const pieces = fc.constantFrom('fetch', '(', ')', '{', '}', '[', ']', "'fs'", 'require', 'import', '.', ',', '=', 'const', 'x', '`', '${', '/', '=>', ' ', '\n', 'eval', 'globalThis', 'String', '.fromCharCode', '1');
  fc.assert(fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
    const text = parts.join('');
    return scanSource(text, { file: 'p.js' }).file === 'p.js';
  }), { numRuns: 500 });
});

test('nested arrows without braces: each body ends where its expression does, and a parameter shadows the module in it alone', () => {
  // The body ends are remembered across nested arrows (50,000 of them took 24 s; the time is
  // measured by test/bench/scan-worst-case.bench.ts): the findings must not change.
  const at = (text: string): string[] => scanSource(text, { file: 'x.js' }).findings.map((f) => `${f.id}:${f.line}`);
  assert.equal(at("const fs = require('fs');\nconst f = a => fs => b => fs.rmSync(b), g = fs.readFileSync(q);\n"), ['filesystem.node-fs-read:2']);
  assert.equal(at("const fs = require('fs');\nconst f = a => b => (fs) => [fs.rmSync(b)], h = a => fs.writeFileSync(a);\nfs.existsSync(p);\n"), ['filesystem.node-fs-write:2', 'filesystem.node-fs-read:3']);
  assert.equal(at("const cp = require('child_process');\nconst run = x => y => z => cp.execSync(z)\nconst cp2 = 1\n"), ['subprocess.child-process:2']);
  assert.equal(at(`const fs = require('fs');\nexport const f = ${'a => '.repeat(20000)}fs.rmSync(a);\n`), ['filesystem.node-fs-write:2']);
});

test.run();
