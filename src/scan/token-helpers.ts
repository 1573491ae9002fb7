/**
 * Small helpers over the token array shared by the scanner passes: punctuator and name tests,
 * the bracket match table, argument splitting and evidence lines.
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import { splitsPair } from '../format/shorten.ts';

/**
 * Whether a token is the punctuator `value`.
 *
 * @param token A token or undefined.
 * @param value Punctuator text.
 * @returns True when it matches.
 * @example
 * isPunct(tokens[i], '(')
 */
export function isPunct(token: Token | undefined, value: string): boolean {
  return token !== undefined && token.type === 'Punctuator' && token.value === value;
}

/**
 * Whether a token is the identifier (or keyword) `name`.
 *
 * @param token A token or undefined.
 * @param name Identifier name.
 * @returns True when it matches.
 * @example
 * isName(tokens[i], 'require')
 */
export function isName(token: Token | undefined, name: string): boolean {
  return token !== undefined && token.type === 'IdentifierName' && token.name === name;
}

/** Promise members: `import('m').then(…)` is a run-time import. */
const PROMISE_MEMBERS = new Set(['then', 'catch', 'finally']);

/**
 * Whether the `import` at k is a TypeScript import type, `import('./m').Q` (also `typeof
 * import('m')`): it names a type of the module and loads nothing at run time. A run-time
 * `import()` is a promise, so a member other than `then`/`catch`/`finally`, not called, is a type.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @param k Index of an `import` token followed by `(`.
 * @returns True for an import type.
 * @example
 * isImportType(tokens, match, i) // true for `let v: import('./m').Q`
 */
export function isImportType(tokens: readonly Token[], match: Int32Array, k: number): boolean {
  if (isName(tokens[k - 1], 'typeof')) return true;
  // `(await import('m')).default`, whose parentheses the scanner's TypeScript normalization drops.
  if (isName(tokens[k - 1], 'await')) return false;
  const close = match[k + 1]!;
  if (close <= k + 1) return false;
  const member = tokens[close + 2];
  return isPunct(tokens[close + 1], '.') && member !== undefined && member.type === 'IdentifierName' && !PROMISE_MEMBERS.has(member.name) && !isPunct(tokens[close + 3], '(');
}

/**
 * Whether a token is a string literal or a template without substitutions.
 *
 * @param token A token or undefined.
 * @returns True for `'x'`, `"x"` and `` `x` ``.
 * @example
 * isStringToken(tokens[i])
 */
export function isStringToken(token: Token | undefined): boolean {
  return token !== undefined && (token.type === 'StringLiteral' || token.type === 'NoSubstitutionTemplate');
}

/**
 * Pair every bracket with its partner: `match[i]` is the index of the closing token for an opening
 * `(`, `[` or `{` (and the reverse), or -1. Unbalanced brackets point past the end.
 *
 * @param tokens Tokens of one file.
 * @returns The match table.
 * @example
 * const match = buildMatchTable(tokens); const afterCall = match[openParen] + 1;
 */
export function buildMatchTable(tokens: readonly Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'Punctuator') continue;
    const v = t.value;
    if (v === '(' || v === '[' || v === '{') stack.push(i);
    else if (v === ')' || v === ']' || v === '}') {
      const open = stack.pop();
      if (open !== undefined) {
        match[open] = i;
        match[i] = open;
      }
    }
  }
  for (const open of stack) match[open] = tokens.length;
  return match;
}

/**
 * The end of a `Symbol(…)` or `Symbol.for(…)` call starting at token k (whether `Symbol` is the
 * global one is the caller's question).
 *
 * @param tokens Tokens of one file.
 * @param match The match table.
 * @param k Index of the `Symbol` token.
 * @returns The index after the call's `)`, or undefined when no such call starts at k.
 * @example
 * symbolCallEnd(tokens, match, k) // k + 6 for `Symbol . for ( 'x' )`
 */
export function symbolCallEnd(tokens: readonly Token[], match: Int32Array, k: number): number | undefined {
  if (!isName(tokens[k], 'Symbol')) return undefined;
  const open = isPunct(tokens[k + 1], '(') ? k + 1 : isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'for') && isPunct(tokens[k + 3], '(') ? k + 3 : -1;
  return open < 0 ? undefined : Math.min(match[open]!, tokens.length) + 1;
}

/**
 * Split the arguments of a call: ranges `[start, end)` of each top-level argument.
 *
 * @param tokens Tokens of one file.
 * @param match The match table.
 * @param openParen Index of the call's `(`.
 * @returns Argument token ranges (empty for `()`).
 * @example
 * splitArguments(tokens, match, i).length // number of arguments
 */
export function splitArguments(tokens: readonly Token[], match: Int32Array, openParen: number): Array<[number, number]> {
  const close = Math.min(match[openParen]!, tokens.length);
  const out: Array<[number, number]> = [];
  let start = openParen + 1;
  for (let k = start; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'Punctuator' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      k = Math.max(k, Math.min(match[k]!, close));
      continue;
    }
    if (isPunct(t, ',')) {
      out.push([start, k]);
      start = k + 1;
    }
  }
  if (close > start) out.push([start, close]);
  return out;
}

/**
 * The source line around an offset, trimmed and cut to at most 200 characters around the offset.
 *
 * @param text The file text.
 * @param offset Offset inside the line.
 * @returns The evidence text.
 * @example
 * evidenceLine('a\n  fetch(x)\n', 4) // 'fetch(x)'
 */
export function evidenceLine(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && !isLineBreak(text.charCodeAt(start - 1)) && offset - start < 120) start--;
  let end = offset;
  while (end < text.length && !isLineBreak(text.charCodeAt(end)) && end - start < 200) end++;
  // Never cut through a character: its halves would be lone surrogates.
  if (splitsPair(text, start)) start++;
  if (splitsPair(text, end)) end--;
  return text.slice(start, end).trim();
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}
