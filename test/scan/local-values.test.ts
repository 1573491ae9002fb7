import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id:identifier` of every finding, sorted. */
const all = (text: string, file = 'x.js'): string[] => scanSource(text, { file }).findings.map((f) => `${f.id}:${f.identifier ?? ''}`).sort();
const caps = (text: string, file = 'x.js'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!).sort();

test('a local function that returns the global object, a global or a module is followed through its call', () => {
  assert.equal(caps('function g() { return globalThis }\ng().fetch(url);'), ['fetch']);
  assert.equal(caps('const g = () => globalThis;\ng().process.binding("fs");'), ['process.binding', 'process.binding.fs']);
  assert.equal(caps('const g = function () { return (self); };\ng().WebSocket && new (g().WebSocket)(u);'), ['WebSocket']);
  const env = scanSource('const env = () => process.env;\nconst t = env().TOKEN;', { file: 'x.js' }).findings;
  assert.ok(env.some((f) => f.identifier === 'process.env' && f.line === 2 && f.detail === 'variable TOKEN'));
  assert.equal(caps('const f = (): Fetcher => fetch;\nf()(u);', 'x.ts'), ['fetch', 'fetch']);
  // The polyfill shape: every return a global root, picked by feature tests.
  const getGlobal = [
    'function getGlobal() {',
    "  if (typeof self !== 'undefined') { return self; }",
    "  if (typeof window !== 'undefined') { return window; }",
    "  if (typeof global !== 'undefined') { return global; }",
    "  throw new Error('unable to locate global object');",
    '}',
    'getGlobal().fetch(u);',
  ].join('\n');
  assert.equal(caps(getGlobal), ['fetch']);
  assert.equal(caps('function g(): typeof globalThis { return globalThis }\ng().fetch(u);', 'x.ts'), ['fetch']);
  // A module binding, or require('m'), returned: the member reached through the call has its row.
  assert.equal(caps("import fs from 'node:fs';\nfunction io() { return fs; }\nio().writeFileSync(p, d);", 'x.mjs'), ['fs', 'fs.writeFileSync']);
  const lazy = scanSource("function cp() { return require('child_process'); }\ncp().execSync(c);", { file: 'x.js' }).findings;
  assert.ok(lazy.some((f) => f.identifier === 'child_process.execSync' && f.line === 2));
});

test('a local function that returns require is a require: its call is resolved and the module reported', () => {
  assert.equal(all("function r() { return require }\nr()('child_process').execSync('id');"), ['evasion.aliased-require:', 'subprocess.child-process:child_process.execSync']);
  assert.equal(all("const r = () => require;\nr()('fs').rmSync(p);"), ['evasion.aliased-require:', 'filesystem.node-fs-write:fs.rmSync']);
});

test('a name picked from such a call by an object pattern is that member: const { fetch } = g()', () => {
  // As `const { fetch } = globalThis` is the global fetch, and `const G = g(); G.fetch` already was.
  assert.equal(caps('function g() { return globalThis; }\nconst { fetch } = g();\nfetch(u);'), ['fetch']);
  assert.equal(caps('const g = () => globalThis;\nconst { fetch: f } = g();\nf(u);'), ['fetch']);
  assert.equal(caps('function g() { return globalThis; }\nconst { process: { binding } } = g();\nbinding("spawn_sync");'), ['process.binding', 'process.binding.spawn_sync']);
  assert.equal(caps('function g() { return globalThis; }\nconst { eval: e } = g();\ne(code);'), ['eval']);
  // A default for the key (the global exists, so it is the global's), and the rest of the object.
  assert.equal(caps('function g() { return globalThis; }\nconst { fetch = null } = g();\nfetch(u);'), ['fetch']);
  assert.equal(caps('function g() { return globalThis; }\nconst { ...G } = g();\nG.fetch(u);'), ['fetch']);
  assert.equal(caps("import fs from 'node:fs';\nfunction io() { return fs; }\nconst { writeFileSync } = io();\nwriteFileSync(p, d);", 'x.mjs'), ['fs', 'fs.writeFileSync']);
  // A function that returns anything else, a name reassigned later, a run-time key: not followed.
  assert.equal(caps('function g() { return { fetch: 1 }; }\nconst { fetch } = g();\nfetch(u);'), []);
  assert.equal(caps('function g() { return globalThis; }\nlet { fetch } = g();\nfetch = other;\nfetch(u);'), []);
  assert.equal(caps('function g() { return globalThis; }\nconst { [k]: f } = g();\nf(u);'), []);
});

test('a variable holding the result of such a call is that value: G.fetch(u) with const G = g()', () => {
  assert.equal(caps('function g() { return globalThis; }\nconst G = g();\nG.fetch(u);'), ['fetch']);
  // Declared before the function (hoisting), used inside another function, reached with a constant key.
  assert.equal(caps('const G = g();\nexport function h(u) { return G.process.binding("fs"); }\nfunction g() { return globalThis; }', 'x.mjs'), ['process.binding', 'process.binding.fs']);
  assert.equal(caps("import fs from 'node:fs';\nconst io = () => fs;\nconst F = io();\nF.writeFileSync(p, d);", 'x.mjs'), ['fs', 'fs.writeFileSync']);
  assert.equal(all("const r = () => require;\nconst R = r();\nR('child_process').execSync('id');"), ['evasion.aliased-require:', 'subprocess.child-process:child_process.execSync']);
  assert.equal(all("function r() { return require; }\nconst R = r();\nR('fs').rmSync(p);"), ['evasion.aliased-require:', 'filesystem.node-fs-write:fs.rmSync']);
  // Reassigned, or the function's returns differ, or only part of an expression: not followed.
  assert.equal(caps('function g() { return globalThis; }\nlet G = g();\nG = other;\nG.fetch(u);'), []);
  assert.equal(caps('function g() { if (x) return globalThis; return other; }\nconst G = g();\nG.fetch(u);'), []);
  assert.equal(caps('function g() { return globalThis; }\nconst G = g() || other;\nG.fetch(u);'), []);
  // The variable used whole is no capability of its own.
  assert.equal(caps('function g() { return globalThis; }\nconst G = g();\nconsole.log(G);'), []);
});

test('a local function is not followed when its returns differ, it is reassigned, async, or a name is shadowed', () => {
  assert.equal(caps('function g() { if (x) return globalThis; return other; }\ng().fetch(u);'), []);
  assert.equal(caps('function g() { return globalThis; }\ng = () => fake;\ng().fetch(u);'), []);
  assert.equal(caps('async function g() { return globalThis; }\n(await g()).fetch(u);', 'x.mjs'), []);
  assert.equal(caps('function g(globalThis) { return globalThis; }\ng().fetch(u);'), []);
  assert.equal(caps('function g() { return; }\ng().fetch(u);'), []);
  // Returns of nested functions and methods are theirs, not g's.
  assert.equal(caps('function g() { const o = { m() { return globalThis; } }; return o; }\ng().fetch(u);'), []);
  assert.equal(caps('function g() { const h = () => { return globalThis; }; return h; }\ng().fetch(u);'), []);
  assert.equal(caps('function g() { const o = { m() { return 1; } }; return globalThis; }\ng().fetch(u);'), ['fetch']);
  // A function returning a tracked value only in part of an expression returns something else.
  assert.equal(caps('function g() { return globalThis.x ? a : b; }\ng().fetch(u);'), []);
});

test('require handed through Reflect.apply, an array or an object literal and called at once is a require of the named module', () => {
  assert.equal(all("Reflect.apply(require, null, ['child_process']).execSync('id');"), ['evasion.aliased-require:', 'subprocess.child-process:child_process.execSync']);
  assert.equal(all("[require][0]('child_process').spawn('sh');"), ['evasion.aliased-require:', 'subprocess.child-process:child_process.spawn']);
  assert.equal(all("[a, require][1]('fs').writeFileSync(p, d);"), ['evasion.aliased-require:', 'filesystem.node-fs-write:fs.writeFileSync']);
  assert.equal(all("({ r: require }).r('child_process').exec(c);"), ['evasion.aliased-require:', 'subprocess.child-process:child_process.exec']);
  assert.equal(caps("x = { load: require }['load']('net').connect(port);"), ['net.connect']);
  // The module object itself, when nothing is reached through the call.
  const whole = scanSource("Reflect.apply(require, null, ['child_process'])", { file: 'x.js' }).findings;
  assert.ok(whole.some((f) => f.family === 'subprocess' && f.identifier === 'child_process'));
  // A computed argument list stays a dynamic require.
  assert.ok(all('Reflect.apply(require, null, args)').includes('evasion.dynamic-require:'));
  // The wrong index, a spread or a second key under the same name: require only passed on.
  assert.equal(all("[require][1]('child_process')"), ['evasion.aliased-require:']);
  assert.equal(all("[...xs, require][1]('child_process')"), ['evasion.aliased-require:']);
  assert.equal(all("({ r: require, r: other }).r('child_process')"), ['evasion.aliased-require:']);
  assert.equal(all("({ r: require }).q('child_process')"), ['evasion.aliased-require:']);
});

test('require held in an object bound to a name and called through it is a require of the named module', () => {
  assert.equal(all("const o = { r: require };\no.r('child_process').exec(c);"), ['evasion.aliased-require:', 'evasion.aliased-require:', 'subprocess.child-process:child_process.exec']);
  assert.equal(all("const o = { require };\no.require('fs').writeFileSync(p, d);"), ['evasion.aliased-require:', 'filesystem.node-fs-write:fs.writeFileSync']);
  assert.equal(caps("const o = { inner: { load: require } };\no.inner.load('net').connect(port);"), ['net.connect']);
  assert.equal(caps("const r = require;\nconst o = { r };\no.r?.('child_process').spawn('sh');"), ['child_process.spawn']);
  // Another key, or a key given another value later: require only passed on.
  assert.equal(caps("const o = { r: require };\no.q('child_process').exec(c);"), []);
  assert.equal(caps("const o = { r: require, r: other };\no.r('child_process').exec(c);"), []);
});

test('a Function with a constant body is that code: return this is the global object, an empty body nothing', () => {
  assert.equal(all('var root = Function("return this")();'), []);
  assert.equal(all('const noop = new Function("");'), []);
  // zod's probe: the constructor under another name.
  assert.equal(all('const F = Function;\ntry { new F(""); } catch { }'), []);
  assert.equal(caps('const F = Function;\nnew F(src);'), ['Function']);
  assert.equal(all('const add = new Function("a", "b", "return a + b");'), []);
  assert.equal(all('Function("return this")().fetch(u);'), ['network.fetch:fetch']);
  assert.equal(all("new Function('return require(\"child_process\").execSync(\"id\")')();"), ['subprocess.child-process:child_process.execSync']);
  const inBody = scanSource("const f = new Function('x', 'return ' + 'eval(x)');", { file: 'x.js' }).findings;
  assert.equal(inBody.map((f) => [f.id, f.line, f.column]), [['code-evaluation.eval', 1, 15]]);
  assert.match(inBody[0]!.detail!, /body of a Function built from constant strings/);
  // A body known only at run time, or decoded, is still code evaluation.
  assert.equal(caps('new Function(code)'), ['Function']);
  assert.equal(caps('new Function("return " + expr)'), ['Function']);
  assert.ok(caps('Function(atob("cmV0dXJuIHRoaXM="))').includes('Function'));
  assert.equal(caps('Function`return this`'), ['Function']);
});

test('Function bodies built from constants are scanned once each and within a budget of the file length and 64 KiB; past it a call stays code evaluation', () => {
  // A 4 KiB constant body (the most a folded string holds), built by doubling.
  const constants = ['const a0 = "fetch(u);fetch(u);fetch(u);fetch(u);";', ...Array.from({ length: 6 }, (_, k) => `const a${k + 1} = a${k} + a${k};`)];
  // The same body at 200 sites: scanned once, its finding reported at each site.
  const same = scanSource([...constants, ...Array.from({ length: 200 }, () => 'Function(a6);')].join('\n'), { file: 'x.js' }).findings;
  assert.is(same.filter((f) => f.identifier === 'fetch').length, 200);
  assert.is(same.filter((f) => f.id === 'code-evaluation.function-constructor').length, 0);
  // 200 different bodies of 4 KiB (800 KiB of code from a 7 KB file): the first ones are scanned,
  // the rest, past the budget, are reported as Function constructors.
  const distinct = scanSource([...constants, ...Array.from({ length: 200 }, (_, k) => `Function(a6 + "${k}");`)].join('\n'), { file: 'x.js' }).findings;
  const scanned = distinct.filter((f) => f.identifier === 'fetch').length;
  const reported = distinct.filter((f) => f.id === 'code-evaluation.function-constructor').length;
  assert.ok(scanned >= 10 && scanned < 30, `${scanned} scanned`);
  assert.is(scanned + reported, 200);
  // A Function inside a Function's body is not scanned again: it stays code evaluation.
  assert.equal(all('Function("Function(\'fetch(u)\')")'), ['code-evaluation.function-constructor:Function']);
});

test.run();
