import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

// Each snippet puts a construct before a real capability: a tokenizer or scope mistake on the
// construct must not hide the code after it, nor read strings, comments or types as code.
const raws = (text: string, file: string): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.identifier}${f.access === undefined ? '' : `/${f.access}`}`).sort();
const ids = (text: string, file: string): string[] => scanSource(text, { file }).findings.map((f) => f.id);
const EXEC = "require('child_process').execSync(c); y = 1 / 2";

test('a division after a function or class expression is no regular expression that hides the code after it', () => {
  for (const [code, file] of [
    [`x = function () {} / 1; ${EXEC}`, 'a.js'],
    [`x = class {} / 1; ${EXEC}`, 'a.js'],
    [`x = async function* () {} / 1; ${EXEC}`, 'a.js'],
    [`f(function () {} / 1, ${EXEC.replace('; ', ', ')})`, 'a.js'],
    [`x = function () {}\n/ 1; ${EXEC}`, 'a.js'],
    [`x = a ? function () {} / 1 : b; ${EXEC}`, 'a.js'],
    [`x = { default: function () {} / 1 }; ${EXEC}`, 'a.js'],
    [`x = new class {} / 1; ${EXEC}`, 'a.js'],
    [`x = \`\${function () {} / 1}\`; ${EXEC}`, 'a.js'],
    [`x = function (a: number): { b: string } {} / 1; ${EXEC}`, 'a.ts'],
    [`x = class extends mix({ a: 1 }) implements I { m(): void {} } / 1; ${EXEC}`, 'a.ts'],
    // In JSX, where a restart of the tokenizer would lose the open elements.
    [`x = <a onClick={function () {} / 1}>t</a>; ${EXEC}`, 'a.jsx'],
    [`x = <a>{[1].map(function () { return 1 } / 1)}</a>; ${EXEC}`, 'a.tsx'],
  ] as const) {
    assert.equal(raws(code, file), ['child_process.execSync'], code);
  }
  // After a declaration the `/` does start a regular expression: its content is no code.
  for (const head of ['function f() {}', 'class A {}', 'export default function () {}', 'async function f() {}', 'lbl: function f() {}', '@dec class A {}', 'x = { m() {} };']) {
    assert.equal(raws(`${head}\n/'fetch(u)'/.test(s); ${EXEC}`, 'a.ts'), ['child_process.execSync'], head);
  }
});

test('a regular expression after `of` or `extends` is no division whose quote or backtick hides code', () => {
  for (const [code, file] of [
    ['for (const m of /`/g.exec(s)) {}\nrequire("child_process").execSync(c)\n// `', 'a.js'],
    ['for await (const [a, b] of /`/g.exec(s)) {}\nrequire("child_process").execSync(c)\n// `', 'a.mjs'],
    ['class R extends /`/.constructor {}\nrequire("child_process").execSync(c)\n// `', 'a.js'],
    ['x = <a b={() => { for (const m of /`/g.exec(s)) {} }}>t</a>; require("child_process").execSync(c)', 'a.tsx'],
    ['x = <a b={class extends /`/.constructor {}}>t</a>; require("child_process").execSync(c)', 'a.jsx'],
  ] as const) {
    assert.equal(ids(code, file), ['subprocess.child-process'], code);
  }
  // `of` as a name still divides.
  assert.equal(raws(`const of = 4; x = of / 2 / 1; ${EXEC}`, 'a.js'), ['child_process.execSync']);
  assert.equal(raws(`for (let of = 4; of / 2 / 1;) {} ${EXEC}`, 'a.js'), ['child_process.execSync']);
  assert.equal(raws(`x = o.extends / 2 / 1; ${EXEC}`, 'a.js'), ['child_process.execSync']);
});

test('TSX: an element with type arguments (`<List<T> … />`) is an element, and the code after it is read', () => {
  const text = [
    'const A = () => <div><List<Item> items={xs} render={(x: Item) => <b>{x.name}</b>} /><ui.Table<Row, Map<string, () => void>>',
    '  rows={r}>it\'s / {"a"}</ui.Table><Foo<string>>text</Foo></div>;',
    "const B = <T,>(p: P<T>) => <Select<T> value={p.v}>don't eval(s)</Select>;",
    'fetch(u);',
  ].join('\n');
  const scan = scanSource(text, { file: 'a.tsx' });
  assert.equal(scan.findings.map((f) => `${f.id}@${f.line}`), ['network.fetch@4']);
});

test('optional calls: `require?.(…)` binds the module like `require(…)`; `a?.b`x``, `f?.()` hide nothing', () => {
  assert.equal(raws("const cp = require?.('child_process'); cp.execSync(c)", 'a.js'), ['child_process.execSync']);
  assert.equal(raws("const { writeFileSync: w } = require?.('node:fs'); w(p, d)", 'a.cjs'), ['fs.writeFileSync/write']);
  assert.equal(raws("const cp = process.getBuiltinModule?.('child_process');\ncp.spawn(c)", 'a.mjs'), ['child_process.spawn']);
  assert.equal(raws("a?.b`x${'}'}`; a?.[0]?.(1) / 2 / 3; require?.('child_process').execSync(c)", 'a.js'), ['child_process.execSync']);
});

test('`eval?.(…)` is an indirect eval, as the evasion table says; `eval(…)` stays direct', () => {
  assert.equal(ids('eval?.(s)', 'a.js'), ['code-evaluation.eval', 'evasion.indirect-eval']);
  assert.equal(ids('globalThis.eval?.(s)', 'a.js'), ['code-evaluation.eval', 'evasion.indirect-eval']);
  assert.equal(ids('eval(s)', 'a.js'), ['code-evaluation.eval']);
});

test('TypeScript namespaces: a module a namespace exports is that module through the namespace', () => {
  assert.equal(raws("namespace N { export const cp = require('child_process') }\nN.cp.exec(c);", 'a.ts'), ['child_process.exec']);
  assert.equal(raws("module N { export const fs = require('fs'); }\nN.fs.writeFileSync(p, d);", 'a.ts'), ['fs.writeFileSync/write']);
  assert.equal(raws("import * as fs from 'fs';\nexport namespace N { export const f = fs; }\nN.f.rmSync(p);", 'a.ts'), ['fs.rmSync/write']);
  assert.equal(raws("namespace M { export import cp = require('child_process'); }\nM.cp.execSync(c);", 'a.ts'), ['child_process.execSync']);
  // A local of the same name shadows the namespace; `module.exports` is no namespace.
  assert.equal(raws("namespace N { export const fs = require('fs'); fs.readFileSync(p) }\nfunction g(N) { N.fs.writeFileSync(p, d) }\nmodule.exports = {};", 'a.ts'), ['fs.readFileSync/read']);
});

test('TypeScript: a regular expression after an object type (`type T = { … }`, `let v: { … }`) is no division', () => {
  const hidden = "\n/`/.test(s); require('child_process').execSync(c)\n// `";
  for (const head of ['type T = { a: 1 }', 'type T<U extends { x: 1 } = {}> = A & { a: () => { b: 1 } }', 'let v: { a: 1 }', 'declare const x!: Array<{ a: 1 }>']) {
    assert.equal(ids(head + hidden, 'a.ts'), ['subprocess.child-process'], head);
    assert.equal(ids(head + hidden, 'a.tsx'), ['subprocess.child-process'], head);
  }
  // Object literals still divide.
  for (const code of ['const o = { a: { b: 1 } } / 2 / 1;', 'let w: { a: 1 } = { a: 1 } / 2 / 1;', 'x = c ? { a: 1 } : { b: 2 } / 2 / 1;', 'function f(a: { b: 1 }, c = { d: 1 } / 2 / 1) {}', 'class A { x: { a: 1 } = { a: 1 } / 2 / 1 }']) {
    assert.equal(raws(`${code} ${EXEC}`, 'a.ts'), ['child_process.execSync'], code);
  }
});

test.run();
