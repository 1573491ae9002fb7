/**
 * Where a JavaScript statement ends before a `(` or `[`: whether the `}` or `)` right before it
 * closes a statement (or a statement's head), so the bracket starts a new expression, or closes an
 * expression the bracket calls or indexes. JavaScript inserts no semicolon before a `(` or `[` that
 * can continue the expression (`const o = {…}` then `(x)` on the next line is `{…}(x)`, a call),
 * so only the grammar decides:
 *
 * - a block's `}` ends a statement: the body of `if (…)`, `for (…)`, `while (…)`, `switch`,
 *   `catch`, `with`, `else`, `try`, `finally`, `do`, a labelled or bare block, a function or class
 *   **declaration** (`function f() {}`, `export default function () {}`, `class A extends B {}`),
 *   an arrow function's body (`=> {}` is never called without parentheses: on the same line that
 *   is a syntax error, on the next a semicolon is inserted), a TypeScript `enum`, `interface`,
 *   `namespace` or `module`;
 * - an object literal's `}`, and the body of a function or class **expression** (`x = function ()
 *   {}`, `(class {})`, `{ a: function () {} }`), are values the `(` calls and the `[` indexes;
 * - a `)` ends the head of `if`, `for`, `while` or `with` (the body follows; after `do … while (…)`
 *   a semicolon is always inserted), and every other `)` a value.
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import { colonInExpression, startsExpression } from './tokenize.ts';

/** Words whose `{` opens a block: `else {`, `try {`, `catch {`, `finally {`, `do {`. */
const BLOCK_KEYWORDS = new Set(['else', 'try', 'catch', 'finally', 'do']);
/** Keywords whose `(…)` is a head a statement follows. */
const HEAD_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with']);
/** Declarations whose body a `(` after it never calls: TypeScript's `enum`, `interface`, `namespace`, `module`. */
const TYPE_DECLARATIONS = new Set(['enum', 'interface', 'namespace', 'module']);
/** Words after which a `{` is an object literal (a value); `void` and `typeof` also end a return type (`): void {`). */
const VALUE_BEFORE = new Set(['return', 'typeof', 'void', 'delete', 'await', 'yield', 'new', 'in', 'of', 'instanceof', 'case', 'throw', 'default']);
/** Operators a function's or class's head never holds: walking back past one leaves the head. */
const NOT_IN_HEADS = new Set(['return', 'delete', 'await', 'yield', 'new', 'in', 'of', 'instanceof', 'case', 'throw']);
/** How far back an opening bracket is looked for without a match table (past it: a value, as before). */
const LOOKBACK = 20000;
/** How many tokens before a body's `{` are read for the `function`, `class` or declaration keyword. */
const HEAD_STEPS = 64;

function isPunct(t: Token | undefined, value: string): boolean {
  return t !== undefined && t.type === 'Punctuator' && t.value === value;
}

function isKeyword(tokens: readonly Token[], k: number, names: ReadonlySet<string>): boolean {
  const t = tokens[k];
  return t?.type === 'IdentifierName' && names.has(t.name) && !isPunct(tokens[k - 1], '.') && !isPunct(tokens[k - 1], '?.');
}

/** The opening bracket of the `}` or `)` at `close`: from the match table, or by walking back. */
function openerOf(tokens: readonly Token[], close: number, match: ArrayLike<number> | undefined): number {
  if (match !== undefined) {
    const open = match[close]!;
    return open >= 0 && open < close ? open : -1;
  }
  const closer = tokens[close]!.value;
  const opener = closer === '}' ? '{' : closer === ']' ? '[' : '(';
  let depth = 0;
  for (let k = close; k >= 0 && close - k < LOOKBACK; k--) {
    const t = tokens[k]!;
    if (t.type !== 'Punctuator') continue;
    if (t.value === closer) depth++;
    else if (t.value === opener && --depth === 0) return k;
  }
  return -1;
}

/**
 * Whether a `(` or `[` right after the `}` or `)` at `close` starts a new statement, as JavaScript
 * parses it (see the module description); any other token gives false.
 *
 * @param tokens Tokens of the file (or of the file up to `close`).
 * @param close Index of the `}` or `)`.
 * @param match Optional match table (index of each bracket's partner); without it the opener is
 *   looked for by walking back.
 * @returns True when the bracket closes a statement or a statement's head.
 * @example
 * endsStatement(tokenize('if (a) {}\n(x)').tokens, 4) // true
 * endsStatement(tokenize('const o = {}\n(x)').tokens, 4) // false: `{}(x)` is a call
 */
export function endsStatement(tokens: readonly Token[], close: number, match?: ArrayLike<number>): boolean {
  const t = tokens[close];
  if (isPunct(t, ')')) {
    const open = openerOf(tokens, close, match);
    return open > 0 && isKeyword(tokens, open - 1, HEAD_KEYWORDS);
  }
  if (!isPunct(t, '}')) return false;
  const open = openerOf(tokens, close, match);
  if (open < 0) return false;
  const head = tokens[open - 1];
  if (head === undefined || isPunct(head, ';') || isPunct(head, '{') || isPunct(head, '}') || isPunct(head, '=>')) return true;
  // `label: {`, `case 1: {` are blocks; `{ a: {…} }` and `c ? {…} : {…}` values.
  if (isPunct(head, ':')) return !colonInExpression(tokens, open - 1);
  if (head.type === 'IdentifierName' && !isPunct(tokens[open - 2], '.') && !isPunct(tokens[open - 2], '?.')) {
    if (BLOCK_KEYWORDS.has(head.name)) return true;
    if (VALUE_BEFORE.has(head.name) && !isPunct(tokens[open - 2], ':')) return false;
  }
  if (isPunct(head, ')')) {
    const paren = openerOf(tokens, open - 1, match);
    if (paren > 0 && isKeyword(tokens, paren - 1, HEAD_KEYWORDS)) return true;
  } else if (head.type !== 'IdentifierName' && head.type !== 'StringLiteral' && !isPunct(head, '>') && !isPunct(head, ']')) return false;
  // The body of a function, a class or a TypeScript declaration: walk back over its head (name,
  // parameters, return type, type parameters, heritage clauses, `declare module "m"`) to the
  // keyword that starts it.
  for (let k = open - 1, steps = 0; k >= 0 && steps < HEAD_STEPS; k--, steps++) {
    const u = tokens[k]!;
    if (u.type === 'Punctuator') {
      if (u.value === ';' || u.value === '{' || u.value === '}' || u.value === '=' || u.value === '=>' || u.value === '(' || u.value === '[') return false;
      if (u.value === ')' || u.value === ']') {
        const back = openerOf(tokens, k, match);
        if (back < 0) return false;
        k = back;
      }
      continue;
    }
    if (u.type !== 'IdentifierName' || isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) continue;
    if (u.name === 'function' || u.name === 'class') return !startsExpression(tokens, k);
    if (TYPE_DECLARATIONS.has(u.name)) return true;
    if (NOT_IN_HEADS.has(u.name)) return false;
  }
  return false;
}
