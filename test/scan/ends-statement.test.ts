/**
 * Where a statement ends before `(` or `[`: `endsStatement` against TypeScript's own parser as the
 * oracle (a `(x)` after the prefix is either a call's arguments or a new statement), and what it
 * changes in the scan: `(globalThis).eval(s)` or `(0, require)('m')` after a function or class
 * declaration or a block is a new statement; after an object literal or a function expression it
 * calls that value, as JavaScript parses it (no semicolon is inserted before `(`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { tokenize } from '../../src/scan/tokenize.ts';
import { buildMatchTable } from '../../src/scan/token-helpers.ts';
import { endsStatement } from '../../src/scan/ends-statement.ts';
import { scanSource } from '../../src/scan/scan-source.ts';

/** What TypeScript makes of the `(x)` (or `[x]`) after `prefix`: a new statement, or a call (an index) of what came before. */
function oracle(prefix: string, bracket: '(' | '[', kind: ts.ScriptKind): boolean {
  const text = `${prefix}\n${bracket}x${bracket === '(' ? ')' : ']'}`;
  const file = ts.createSourceFile(kind === ts.ScriptKind.TS ? 'o.ts' : 'o.js', text, ts.ScriptTarget.Latest, true, kind);
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'x' && node.getStart(file) === text.length - 2) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  assert.ok(found !== undefined, prefix);
  const parent = found.parent;
  if (ts.isCallExpression(parent) || ts.isElementAccessExpression(parent)) return false;
  assert.ok(ts.isParenthesizedExpression(parent) || ts.isArrayLiteralExpression(parent), `${prefix}: ${ts.SyntaxKind[parent.kind]}`);
  return true;
}

/** What the scanner's helper says for the same text: the `}` or `)` right before the last bracket. */
function ours(prefix: string, bracket: '(' | '['): boolean {
  const text = `${prefix}\n${bracket}x${bracket === '(' ? ')' : ']'}`;
  const { tokens } = tokenize(text);
  const close = tokens.length - 4;
  assert.ok(tokens[close]?.value === '}' || tokens[close]?.value === ')', `${prefix}: ${tokens[close]?.value}`);
  return endsStatement(tokens, close, buildMatchTable(tokens)) && endsStatement(tokens, close);
}

const JS_PREFIXES = [
  // Blocks and statement heads: a new statement follows.
  'if (a) {}', 'if (a) b(); else {}', 'for (;;) {}', 'for (const k of ks) {}', 'while (a) {}', 'do {} while (a)', 'switch (a) {}',
  'try {} catch {}', 'try {} catch (e) {}', 'try {} finally {}', 'label: {}', '{}', 'switch (a) { case 1: {} }', 'with (o) {}',
  'if (a)', 'while (a)', 'for (;;)',
  // Declarations.
  'function f() {}', 'async function f() {}', 'function* g() {}', 'function f(a = {}) {}', 'class A {}', 'class A extends B {}',
  'class A extends mix(B, C) {}', 'x = 1; function f() {}', 'const a = () => {}', 'const a = async (b) => {}',
  // Values: the bracket calls or indexes them.
  'const o = {}', 'const o = { a: 1 }', 'const f = function () {}', 'const f = function g() {}', 'x = class {}', 'x = class A extends B {}',
  '(function () {})', 'f(a)', 'if (a) b()', 'x = (a)', 'for (;;) if (a) {}', 'a.b(c)', 'x = a ? {} : {}', 'x = { f() {} }',
];

const TS_PREFIXES = [
  'enum E { A }', 'const enum E { A }', 'interface I {}', 'namespace N {}', 'declare module "m" {}', 'function f(): void {}',
  'function f(): Promise<void> {}', 'function f(a: number): string[] {}', 'class A<T> implements I<T> {}', 'class A extends B<C, D> {}',
  'const o: Record<string, number> = {}', 'const f = function (): void {}',
];

test('endsStatement agrees with TypeScript\'s parser on every prefix, before ( and before [', () => {
  for (const prefix of JS_PREFIXES) {
    for (const bracket of ['(', '['] as const) assert.is(ours(prefix, bracket), oracle(prefix, bracket, ts.ScriptKind.JS), `${prefix} ${bracket}`);
  }
  for (const prefix of TS_PREFIXES) assert.is(ours(prefix, '('), oracle(prefix, '(', ts.ScriptKind.TS), prefix);
});

test('a function declared inside a body, and export default, are declarations too', () => {
  for (const prefix of ['function h() { function f() {} }', 'export default function () {}', 'export default class {}', 'export function f() {}', 'export class A {}']) {
    assert.is(ours(prefix, '('), true, prefix);
  }
  assert.is(ours('export default {}', '('), false);
});

const all = (text: string, file = 'x.mjs'): string[] => scanSource(text, { file }).findings.map((f) => `${f.id}:${f.identifier ?? ''}`).sort();

test('(globalThis).eval(s) and (0, require)(m) start a statement after a declaration or a block, and call the value before them otherwise', () => {
  // After a function declaration (or a block) the parentheses are a statement of their own.
  assert.equal(all('function f() {}\n(globalThis).eval(code);'), ['code-evaluation.eval:eval']);
  assert.equal(all('class A {}\n(globalThis).eval(code);'), ['code-evaluation.eval:eval']);
  assert.equal(all('if (x) {}\n(globalThis).eval(code);'), ['code-evaluation.eval:eval']);
  assert.equal(all("function f() {}\n(0, require)('child_process').execSync(c);", 'x.js'), ['evasion.aliased-require:', 'subprocess.child-process:child_process.execSync']);
  assert.equal(all("if (x) (0, require)('child_process').execSync(c);", 'x.js'), ['evasion.aliased-require:', 'subprocess.child-process:child_process.execSync']);
  assert.equal(all("function f() {}\n(0, Function)('return ' + x)();"), ['code-evaluation.function-constructor:Function']);
  assert.equal(all('function f(): void {}\n(globalThis).eval(code);', 'x.ts'), ['code-evaluation.eval:eval']);
  // After an object literal or a function expression, `(…)` calls it (a TypeError at run time:
  // nothing after it runs), as before: require is only passed on.
  assert.equal(all('const o = {}\n(globalThis).eval(code);'), []);
  assert.equal(all("const o = {}\n(0, require)('child_process').execSync(c);", 'x.js'), ['evasion.aliased-require:']);
  assert.equal(all('const f = function () {}\n(globalThis).eval(code);'), []);
});

test.run();
