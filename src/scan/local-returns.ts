/**
 * Where a local function's returned values start: the expression after each `return` of its own
 * body (not of the functions nested in it), or the expression body of an arrow function. The
 * scanner reads each of them and follows a call of the function when they all give the same
 * tracked value (`function g() { return globalThis }` makes `g().fetch(u)` the global `fetch`).
 *
 * @module
 */

import type { Token } from './tokenize.ts';
import { isName, isPunct } from './token-helpers.ts';

/** Heads of a parenthesized clause followed by a block, which is no method definition. */
const CLAUSE_HEADS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with']);

/**
 * The starts of the values a function declared at `declIndex` returns: `function g(…) { … }`,
 * `const g = function (…) { … }`, `const g = (…) => …` or `const g = x => …`. Async functions
 * and generators return promises and iterators, a bare `return;` returns `undefined`, and a body
 * with no `return` returns nothing: all of them give undefined.
 *
 * @param tokens Tokens of one file.
 * @param match The match table.
 * @param declIndex Token index of the function's declared name.
 * @returns The token index where each returned expression starts, or undefined.
 * @example
 * returnedExpressions(tokens, match, d) // [k] for `function g() { return globalThis }` (k at `globalThis`)
 */
export function returnedExpressions(tokens: readonly Token[], match: Int32Array, declIndex: number): number[] | undefined {
  const d = declIndex;
  let open: number;
  if (isName(tokens[d - 1], 'function')) {
    if (isName(tokens[d - 2], 'async')) return undefined;
    open = d + 1;
  } else if (isPunct(tokens[d + 1], '=') && (isName(tokens[d - 1], 'const') || isName(tokens[d - 1], 'let') || isName(tokens[d - 1], 'var'))) {
    let k = d + 2;
    if (isName(tokens[k], 'async')) return undefined;
    if (isName(tokens[k], 'function')) {
      if (isPunct(tokens[k + 1], '*')) return undefined;
      open = tokens[k + 1]?.type === 'IdentifierName' ? k + 2 : k + 1;
    } else if (tokens[k]?.type === 'IdentifierName' && isPunct(tokens[k + 1], '=>')) {
      return arrowBody(tokens, match, k + 2);
    } else open = k;
    if (!isPunct(tokens[open], '(')) return undefined;
    const close = match[open]!;
    if (close <= open) return undefined;
    const arrow = skipReturnType(tokens, close + 1);
    if (isPunct(tokens[arrow], '=>')) return isName(tokens[k], 'function') ? undefined : arrowBody(tokens, match, arrow + 1);
    if (!isName(tokens[k], 'function')) return undefined;
    return blockReturns(tokens, match, arrow);
  } else return undefined;
  if (!isPunct(tokens[open], '(')) return undefined;
  const close = match[open]!;
  if (close <= open) return undefined;
  return blockReturns(tokens, match, skipReturnType(tokens, close + 1));
}

/** After a parameter list's `)`: skip a simple TypeScript return type (`: typeof globalThis`, `: NodeRequire`). */
function skipReturnType(tokens: readonly Token[], k: number): number {
  if (!isPunct(tokens[k], ':')) return k;
  let j = k + 1;
  if (isName(tokens[j], 'typeof')) j++;
  while (tokens[j]?.type === 'IdentifierName' && isPunct(tokens[j + 1], '.')) j += 2;
  return tokens[j]?.type === 'IdentifierName' ? j + 1 : k;
}

function arrowBody(tokens: readonly Token[], match: Int32Array, k: number): number[] | undefined {
  if (isPunct(tokens[k], '{')) return blockReturns(tokens, match, k);
  return tokens[k] === undefined ? undefined : [k];
}

/**
 * The `return` values of the block at `open`, skipping nested functions, classes and methods (one
 * forward pass: each nested body is jumped over by its match).
 */
function blockReturns(tokens: readonly Token[], match: Int32Array, open: number): number[] | undefined {
  if (!isPunct(tokens[open], '{')) return undefined;
  const close = match[open]!;
  if (close <= open) return undefined;
  const starts: number[] = [];
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j]!;
    if (isName(t, 'function') || isName(t, 'class')) {
      // Jump over the head to the body and past it.
      let k = j + 1;
      while (k < close && !isPunct(tokens[k], '{')) k = isPunct(tokens[k], '(') ? Math.max(k, match[k]!) + 1 : k + 1;
      if (k >= close) return undefined;
      j = Math.max(k, match[k]!);
      continue;
    }
    if (isPunct(t, '=>') && isPunct(tokens[j + 1], '{')) {
      j = Math.max(j + 1, match[j + 1]!);
      continue;
    }
    if (isPunct(t, ')') && isPunct(tokens[j + 1], '{')) {
      // A method definition (`run(x) {`, `get x() {`) in an object literal or class: its own returns.
      const head = tokens[match[j]! - 1];
      if (head?.type === 'IdentifierName' && !CLAUSE_HEADS.has(head.name)) {
        j = Math.max(j + 1, match[j + 1]!);
        continue;
      }
    }
    if (isName(t, 'return')) {
      const next = tokens[j + 1];
      if (next === undefined || next.nl || isPunct(next, ';') || isPunct(next, '}')) return undefined;
      starts.push(j + 1);
    }
  }
  return starts.length === 0 ? undefined : starts;
}
