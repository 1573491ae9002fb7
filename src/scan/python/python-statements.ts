/**
 * The statement structure of a tokenized Python file: the bracket match table, the simple
 * statements (split at logical line ends, `;` and the `:` of a compound statement's header), and
 * for each header the token range of its indented block. Scopes and bindings are built on it.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';

/** One simple statement or compound-statement header: tokens `[start, end)`. */
export interface PyStatement {
  start: number;
  end: number;
  /** Indentation (an inline body after `if x:` counts one deeper than its header). */
  indent: number;
  /** A compound statement header ending in `:`; `blockEnd` is the end of its body. */
  header: boolean;
  blockEnd: number;
}

/** The file's statements and bracket pairs. */
export interface PyStructure {
  /** For a bracket, the index of its partner; -1 when it has none. */
  match: Int32Array;
  statements: PyStatement[];
}

const COMPOUND = new Set(['if', 'elif', 'else', 'for', 'while', 'try', 'except', 'finally', 'with', 'def', 'class', 'async']);

/**
 * Whether the `:` at `colon` ends the header of a `match` statement or of one of its `case`
 * clauses. Both words are soft keywords (`match = re.match(…)` is an assignment): `match subject:`
 * needs a subject and ends its line (its cases are an indented block), and `case pattern:` counts
 * only inside a match statement's block (`inMatch`) and not as an annotated name or attribute
 * (`case: int`, `case.x: int`).
 */
function softHeader(tokens: readonly PyToken[], start: number, colon: number, inMatch: boolean): boolean {
  const first = tokens[start]!;
  if (first.type !== 'name' || colon <= start + 1) return false;
  if (first.name === 'match') return tokens[colon + 1] === undefined || tokens[colon + 1]!.type === 'newline';
  return first.name === 'case' && inMatch && !isOp(tokens[start + 1], '.') && !isOp(tokens[start + 1], '=');
}

/**
 * Whether a token is the operator `value`.
 *
 * @param token A token or undefined.
 * @param value Operator text.
 * @returns True when it matches.
 * @example
 * isOp(tokens[i], '(')
 */
export function isOp(token: PyToken | undefined, value: string): boolean {
  return token !== undefined && token.type === 'op' && token.value === value;
}

/**
 * Whether a plain `=` stands on the line from token `from` on, outside the brackets opened there,
 * before the line or an enclosing bracket ends: true or false, or undefined when `limit` tokens
 * were read without an answer (a bounded look, so a long line costs no more than the limit).
 *
 * @example assignmentAhead(tokens, k, 256) // `self.a, self.b = …` from the `,`: true
 */
export function assignmentAhead(tokens: readonly PyToken[], from: number, limit: number): boolean | undefined {
  let depth = 0;
  for (let j = from; j < tokens.length && j < from + limit; j++) {
    const t = tokens[j]!;
    if (t.type === 'newline') return false;
    if (t.type !== 'op') continue;
    if ('([{'.includes(t.value)) depth++;
    else if (')]}'.includes(t.value)) { if (--depth < 0) return false; }
    else if (t.value === '=' && depth === 0) return true;
  }
  return tokens.length > from + limit ? undefined : false;
}

/**
 * Whether a token is the name (or keyword) `name`.
 *
 * @param token A token or undefined.
 * @param name The name.
 * @returns True when it matches.
 * @example
 * isWord(tokens[i], 'import')
 */
export function isWord(token: PyToken | undefined, name: string): boolean {
  return token !== undefined && token.type === 'name' && token.name === name;
}

/**
 * Build the structure of a token list.
 *
 * @param tokens Tokens from `tokenizePython`.
 * @returns Bracket pairs and statements in source order.
 * @example
 * pythonStructure(tokenizePython('if a: b = 1\n').tokens).statements.length // 2
 */
export function pythonStructure(tokens: readonly PyToken[]): PyStructure {
  const match = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'op') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') open.push(i);
    else if (t.value === ')' || t.value === ']' || t.value === '}') {
      const o = open.pop();
      if (o === undefined) continue;
      match[o] = i;
      match[i] = o;
    }
  }
  const statements: PyStatement[] = [];
  let start = 0;
  let lineIndent = 0;
  let indent = 0;
  let lambdas = 0;
  /** Line indentation of each open `match` statement (its block holds the `case` clauses). */
  const matches: number[] = [];
  const close = (end: number, header: boolean): void => {
    if (end > start) statements.push({ start, end, indent, header, blockEnd: end });
    start = end;
    lambdas = 0;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.indent >= 0) {
      lineIndent = indent = t.indent;
      while (matches.length > 0 && matches[matches.length - 1]! >= lineIndent) matches.pop();
    }
    if (t.type === 'newline') {
      close(i, false);
      start = i + 1;
      continue;
    }
    const m = match[i]!;
    if (m > i) {
      i = m;
      continue;
    }
    if (m < 0 && t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      // Never closed: the rest of the file is one statement (the file is reported as not analyzed).
      close(tokens.length, false);
      break;
    }
    if (isWord(t, 'lambda')) lambdas++;
    if (isOp(t, ';')) {
      close(i, false);
      start = i + 1;
      continue;
    }
    if (isOp(t, ':') && ((COMPOUND.has(tokens[start]?.name ?? '') && tokens[start]!.type === 'name') || softHeader(tokens, start, i, matches.length > 0))) {
      if (lambdas > 0) {
        lambdas--;
        continue;
      }
      if (isWord(tokens[start], 'match')) matches.push(lineIndent);
      close(i + 1, true);
      indent = lineIndent + 1;
    }
  }
  close(tokens.length, false);
  // Each header's block: the statements after it that are indented deeper.
  const openHeaders: PyStatement[] = [];
  for (const s of statements) {
    while (openHeaders.length > 0 && openHeaders[openHeaders.length - 1]!.indent >= s.indent) openHeaders.pop();
    for (const h of openHeaders) h.blockEnd = s.end;
    if (s.header) openHeaders.push(s);
  }
  return { match, statements };
}
