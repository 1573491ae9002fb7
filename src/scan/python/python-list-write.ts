/**
 * A list changed in place by a statement rather than a method call: `sys.path += [d]`,
 * `sys.path[:0] = [d]`, `sys.path[0] = d`, or the attribute given a new list, `sys.path = [d] +
 * sys.path`. Python runs these as `sys.path.__iadd__([d])`, `sys.path.__setitem__(slice, [d])`
 * and `setattr(sys, 'path', …)`; the scanner looks the first two up under those method names, so a
 * row listing them (the module search path) reads the statement like the call.
 *
 * @module
 */

import type { PyToken } from './python-tokenize.ts';
import { isOp } from './python-statements.ts';

/** What a statement does to the value `[start, end)` it starts with, and where its right-hand side lies. */
export interface ListWrite {
  /** The method Python calls: `__iadd__` for `+=`, `__setitem__` for an item or slice assignment; `=` for a new value. */
  how: '__iadd__' | '__setitem__' | '=';
  /** The right-hand side's terms split at top-level `+` (token ranges), the target's own spelling left out. */
  terms: Array<[number, number]>;
}

/**
 * The write a statement makes to the value at `[start, end)`, when that value starts the statement
 * and is followed by `+=`, `[…] =` or `=`.
 *
 * @param tokens Tokens of the file.
 * @param match Matching bracket of each bracket token.
 * @param start First token of the target (`sys`).
 * @param end Token after the target (`+=`, `[` or `=`).
 * @returns The write, or undefined when the statement does not write the value.
 * @example
 * listWrite(tokens, match, i, i + 3) // { how: '__iadd__', terms: [[i + 4, i + 7]] } for `sys.path += [d]`
 */
export function listWrite(tokens: readonly PyToken[], match: Int32Array | readonly number[], start: number, end: number): ListWrite | undefined {
  const before = tokens[start - 1];
  if (!(before === undefined || before.type === 'newline' || isOp(before, ';'))) return undefined;
  const at = tokens[end];
  let how: ListWrite['how'];
  let rhs: number;
  if (isOp(at, '+=')) {
    how = '__iadd__';
    rhs = end + 1;
  } else if (isOp(at, '[') && match[end]! > end && isOp(tokens[match[end]! + 1], '=')) {
    how = '__setitem__';
    rhs = match[end]! + 2;
  } else if (isOp(at, '=')) {
    how = '=';
    rhs = end + 1;
  } else return undefined;
  const target = tokens.slice(start, end).map((t) => t.value).join(' ');
  const terms: Array<[number, number]> = [];
  let from = rhs;
  let k = rhs;
  const close = (): void => {
    if (k > from && tokens.slice(from, k).map((t) => t.value).join(' ') !== target) terms.push([from, k]);
  };
  while (k < tokens.length && tokens[k]!.type !== 'newline' && !isOp(tokens[k], ';')) {
    const t = tokens[k]!;
    if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{') && match[k]! > k) {
      k = match[k]! + 1;
      continue;
    }
    if (isOp(t, '+')) {
      close();
      from = k + 1;
    }
    k++;
  }
  close();
  return { how, terms };
}
