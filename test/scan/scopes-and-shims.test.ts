/**
 * Scanner cases found on real MCP server code: class fields, loop and function-expression scopes,
 * bundler require shims, import types, feature tests and polyfills, labels, the global object
 * picked by a UMD test, and escapes and joiners that hide nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { countEscapeChars } from '../../src/scan/tokenize.ts';

const scan = (text: string, file = 'x.js') => scanSource(text, { file });
const raws = (text: string, file = 'x.js'): string[] => scan(text, file).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!).sort();
const ids = (text: string, file = 'x.js'): string[] => scan(text, file).findings.map((f) => f.id).sort();

test('a class field is a property: its name is no use and binds nothing, its initializer is scanned', () => {
  // The module stored in a public field is still reported where it is stored (other files can
  // reach it), and the class's own uses through `this.fs` are followed.
  assert.equal(raws("import fs from 'node:fs';\nexport class Store {\n  fs = fs;\n  wipe(p) { this.fs.rmSync(p); }\n}", 'a.mjs'), ['fs', 'fs.rmSync']);
  assert.equal(raws("import { spawn } from 'node:child_process';\nexport class R { static spawn = spawn; run() { return R.spawn('sh'); } }", 'a.mjs'), ['child_process.spawn']);
  // Compiled JavaScript keeps bare field declarations: `fetch;` names a property.
  assert.equal(ids('export class Svc {\n  fetch;\n  eval;\n  exec = null;\n  static require = 1\n  Function\n}'), []);
  // A field does not shadow the module for the class's methods.
  assert.equal(raws("import fs from 'fs';\nclass A { fs = null; m() { fs.writeFileSync('a', 'b'); } }"), ['fs.writeFileSync']);
  // Initializers and computed keys are code; object literals are unchanged.
  assert.equal(raws("class B { data = fetch('/x'); [eval('k')] = 1; }"), ['eval', 'fetch']);
  assert.equal(raws('const o = { fetch };\nconst p = { run: fetch };'), ['fetch', 'fetch']);
  // A method on its own line after a field without `;`: its parameters shadow the global.
  assert.equal(raws('class A {\n  retry?: boolean\n  constructor(\n    url: URL,\n    { fetch }: { fetch?: F }\n  ) {\n    this.f = fetch\n  }\n  get(u)\n  { return fetch(u) }\n}', 'a.ts'), ['fetch']);
  // A field after a line break without a semicolon, and TypeScript modifiers and types.
  assert.equal(ids('class C {\n  a = 1\n  fetch\n  private readonly eval: string;\n  declare exec: () => void\n}', 'c.ts'), []);
});

test('a let/const in a for head is visible in the loop only', () => {
  assert.equal(raws('export async function run(list, u) {\n  for (const fetch of list) console.log(fetch);\n  return fetch(u);\n}'), ['fetch']);
  assert.equal(raws("import fs from 'fs';\nexport function run(p) {\n  for (const fs of [1]) { console.log(fs); }\n  fs.writeFileSync(p, 'x');\n}"), ['fs.writeFileSync']);
  assert.equal(raws('for (let eval = 0; eval < 3; eval++) log(eval);\nfor await (const fetch of gen()) fetch();'), []);
});

test('the name of a function or class expression binds only inside it', () => {
  assert.equal(raws('(function eval() {});\neval(process.argv[2]);', 'a.cjs'), ['eval']);
  assert.equal(raws("const C = class Function {};\nexport const f = Function(body);", 'a.mjs'), ['Function']);
  assert.equal(raws('const f = async function fetch(u) { return fetch(u); };\nfetch(1);'), ['fetch']);
  // Declarations still bind in their scope.
  assert.equal(raws('function fetch(u) { return u; }\nfetch(1);\nexport default class WebSocket {}\nnew WebSocket(1);'), []);
});

test("bundlers' require shims are requires", () => {
  const esbuild = "var __require = ((x) => typeof require !== 'undefined' ? require : x)(function (x) { return require.apply(this, arguments); });\nvar cp = __require('child_process');\nexport const run = (c) => cp.execSync(c);";
  assert.equal(raws(esbuild, 'a.mjs'), ['child_process.execSync']);
  assert.equal(raws("const r = typeof require === 'function' ? require : null;\nr('fs').readFileSync('x');", 'a.cjs'), ['fs.readFileSync']);
  // A key named require is no value.
  assert.equal(raws("const o = { require: './x.js' };\no.require;"), []);
});

test('a TypeScript import type loads nothing; a run-time import() does', () => {
  const types = scan("export let v: import('./m').Q;\nexport function f(a: import('node:fs').Stats): import('./m').Q<string> { return a as any; }", 'a.ts');
  assert.equal(types.imports, []);
  assert.equal(types.findings, []);
  const runtime = scan("const p = import('./m.js').then((m) => m.run());\nconst cp = await import('child_process');\nconst d = (await import('./d.js')).default;", 'a.ts');
  assert.equal(runtime.imports.map((r) => r.specifier), ['./m.js', 'child_process', './d.js']);
  assert.equal(ids('export const load = async (href) => (await import(href)).default;'), ['evasion.dynamic-import']);
});

test('feature tests and polyfills of global functions are no uses; reading data still is', () => {
  assert.equal(ids('function myFetch() { return null; }\nif (!globalThis.fetch) globalThis.fetch = myFetch;\nif (!fetch) {}\nwindow.WebSocket ??= Impl;'), []);
  assert.equal(raws('if (!fetch(u).ok) {}\nconst ok = !!fetch;\nglobalThis.fetch(u);'), ['fetch', 'fetch']);
  assert.equal(raws('if (!process.env.HOME) {}'), ['process.env']);
});

test('the global object picked by a feature test is the global object', () => {
  assert.equal(raws("const root = typeof globalThis !== 'undefined' ? globalThis : global;\nexport const go = (u) => root.fetch(u);", 'a.mjs'), ['fetch']);
  assert.equal(raws('const g = (globalThis || window);\ng.eval(code);'), ['eval']);
  // Anything else in the expression: not the global object.
  assert.equal(raws('const h = cond ? globalThis : other;\nh.fetch(u);'), []);
});

test('labels are not uses', () => {
  assert.equal(ids('export function f(u) {\n  fetch: { break fetch; }\n  eval: for (;;) { continue eval; }\n}'), []);
});

test('escapes count toward escape density only when they spell visible characters', () => {
  assert.is(countEscapeChars("'\\x65val'"), 4);
  assert.is(countEscapeChars("'\\u0065\\u{76}'"), 12);
  assert.is(countEscapeChars("'\\e\\v\\a\\l'"), 6, 'identity escapes of letters hide them; \\v is a control character');
  assert.is(countEscapeChars("'line\\n\\t\\\\ \\' \\u3000 \\uFEFF \\x00 \\x20'"), 0);
  assert.is(countEscapeChars('/^[\\x09\\x0A\\u3000\\uFEFF]+\\d\\.\\1$/', true), 0);
  assert.is(countEscapeChars('/\\x41/', true), 4);
  const whitespace = "'use strict';\nmodule.exports = /^[\\x09\\x0A\\x0B\\x0C\\x0D\\x20\\xA0\\u1680\\u180E\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200A\\u202F\\u205F\\u3000\\u2028\\u2029\\uFEFF]+/;";
  assert.equal(ids(whitespace), []);
  const hidden = "const a = '\\x72\\x65\\x71\\x75\\x69\\x72\\x65';\nconst b = '\\x63\\x68\\x69\\x6c\\x64\\x5f';\nmodule.exports = [a, b];";
  assert.ok(ids(hidden).includes('evasion.escape-density'), ids(hidden).join());
});

test('a zero-width joiner inside an emoji is part of it; anywhere else it is hidden', () => {
  assert.equal(ids("const dev = '👨\u200d💻 and 🏳️\u200d🌈 and 👩🏽\u200d🚀';"), []);
  assert.equal(ids("const x = 'a\u200db';"), ['evasion.invisible-character']);
  assert.equal(ids("const y = '👨\u200db';"), ['evasion.invisible-character']);
});

test('the (non-)joiners of Persian and Indic words are spelling; elsewhere, and in identifiers, they are hidden', () => {
  // zod's bundled locales: fa 'می\u200cبایست', kn 'ಇನ್\u200cಪುಟ್'; Hindi 'क्\u200dष'.
  assert.equal(ids("const fa = `ورودی نامعتبر: می\u200cبایست ${x}`; // می\u200cبایست\nconst kn = 'ಇನ್\u200cಪುಟ್', hi = 'क्\u200dष';"), []);
  assert.equal(ids("const mixed = 'ب\u200cक';"), ['evasion.invisible-character']);
  assert.equal(ids("const x = 'a\u200cb';"), ['evasion.invisible-character']);
  assert.equal(ids("const \u0645\u200c\u06cc = 1;"), ['evasion.invisible-character']);
});

test('the last word of a type annotation is no assignment target', () => {
  const all = (text: string, file = 'a.ts'): string[] => scan(text, file).findings.filter((f) => f.kind === 'capability').map((f) => `${f.identifier}@${f.column}`);
  // `const cp: any = require(…)` bound `any` to the module: an "imported but not referenced" finding there.
  assert.equal(all("const cp: any = require('child_process');\ncp.exec('ls');"), ['child_process.exec@1']);
  assert.equal(all("import type * as CP from 'child_process';\nconst cp: typeof CP = require('child_process');\ncp.exec('ls');"), ['child_process.exec@1']);
  assert.equal(all("function f(cp?: A | B = require('fs')) { return cp; }"), ['fs@25']);
  // A generic's comma does not end the annotation: the module is bound to `cp`.
  assert.equal(all("let cp: Record<string, X> = require('child_process');\ncp.exec('ls');"), ['child_process.exec@1']);
  // A conditional's branch and a statement after a case label are assignments.
  assert.equal(all("let m;\nc ? a : m = require('child_process');\nm.exec(1);", 'a.js'), ['child_process.exec@1']);
  assert.equal(all("let cp;\nswitch (k) { case 'a': cp = require('child_process'); }\ncp.exec(1);", 'a.js'), ['child_process.exec@1']);
});

test.run();
