/**
 * Normalization pass of the scanner: rewrites TypeScript-only expression syntax, and
 * `Reflect.get`, in the token stream so that the capability patterns see the plain JavaScript
 * they already understand. Without it `(globalThis as any).fetch(u)`, `(<any>globalThis).eval(s)`,
 * `(globalThis).fetch(u)` or `Reflect.get(globalThis, 'fetch')(u)` went unseen.
 *
 * Rewrites (tokens keep their original positions; removed tokens simply disappear):
 *
 * - `EXPR as TYPE` and `EXPR satisfies TYPE` → `EXPR` (not inside `import { a as b }`,
 *   `export { a as b }` or after `*`), the type read by a small type grammar; when the type does
 *   not parse, nothing is removed.
 * - `EXPR!` before `.`, `?.`, `[`, `(`, `)`, `,`, `;` → `EXPR` (the non-null assertion).
 * - `<TYPE>EXPR` right after `(`, `=`, `,`, `:`, `return` … → `EXPR` (angle-bracket assertion;
 *   `.ts`, `.mts`, `.cts` only: in `.tsx` that is JSX).
 * - `( IDENTIFIER )` followed by `.`, `?.` or `[` (or nested in another pair of parentheses)
 *   → `IDENTIFIER`, when the `(` does not call.
 * - `(await import('m')).x` → `import('m').x` (a member of the module, not of the promise).
 * - `Reflect.get(TARGET, KEY)` → `TARGET[KEY]` (two arguments, TARGET a single identifier).
 * - `process.getBuiltinModule` (also through `globalThis.`) → `require`: it loads a built-in
 *   module the same way.
 *
 * @module
 */
import type { Token } from './tokenize.ts';

/** Options of {@link normalizeTypeScript}. */
export interface NormalizeOptions {
  /** Rewrite `<T>expr` assertions (TypeScript files that are not `.tsx`). */
  angleAssertions: boolean;
}

const LITERAL_TYPES = new Set(['StringLiteral', 'NoSubstitutionTemplate', 'TemplateTail', 'NumericLiteral', 'RegularExpressionLiteral']);
/** Identifiers after which `(` / `<` start an expression rather than follow one. */
const EXPRESSION_KEYWORDS = new Set([
  'return', 'typeof', 'void', 'await', 'yield', 'throw', 'case', 'in', 'of', 'new', 'delete', 'else', 'do', 'instanceof', 'extends',
]);
/** Keywords whose `(` is a condition or a head, never a value in parentheses. */
const HEAD_KEYWORDS = new Set(['if', 'while', 'for', 'switch', 'catch', 'with', 'function']);
/** Type prefixes: `keyof T`, `typeof x`, `readonly T[]`, `unique symbol`, `infer U`, `new () => T`. */
const TYPE_PREFIXES = new Set(['keyof', 'typeof', 'readonly', 'unique', 'infer', 'new', 'asserts']);

function isPunct(t: Token | undefined, ...values: string[]): boolean {
  return t !== undefined && t.type === 'Punctuator' && values.includes(t.value);
}

/** Whether a token can end an expression (so that `as` after it is a type assertion). */
function endsExpression(t: Token | undefined): boolean {
  if (t === undefined) return false;
  if (t.type === 'IdentifierName') return !EXPRESSION_KEYWORDS.has(t.name) && !HEAD_KEYWORDS.has(t.name);
  if (LITERAL_TYPES.has(t.type)) return true;
  return isPunct(t, ')', ']', '}');
}

/** Index after the bracket group opening at `i` (`(`, `[`, `{` or `<`), or -1 when unbalanced. */
function skipGroup(tokens: readonly Token[], i: number): number {
  const open = tokens[i]!.value;
  const close = open === '(' ? ')' : open === '[' ? ']' : open === '{' ? '}' : '>';
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.type !== 'Punctuator') continue;
    if (t.value === open) depth++;
    else if (t.value === close) depth--;
    else if (close === '>' && (t.value === '>>' || t.value === '>>>')) depth -= t.value.length;
    else if (close === '>' && (t.value === ';' || t.value === '{' && depth === 0)) return -1;
    if (depth <= 0) return depth === 0 ? j + 1 : -1;
  }
  return -1;
}

/**
 * Index after the type that starts at `i`, or -1 when no type parses there. The grammar is
 * small on purpose: atoms (names with `.` and `<…>`, literals, `(…)` with an optional `=> T`,
 * `{…}`, `[…]`), prefixes (`keyof`, `typeof`, `readonly`, …), array and indexed-access suffixes,
 * and unions/intersections.
 */
function skipType(tokens: readonly Token[], i: number): number {
  let j = i;
  if (isPunct(tokens[j], '|', '&')) j++; // a leading `| A | B`
  for (;;) {
    while (tokens[j]?.type === 'IdentifierName' && TYPE_PREFIXES.has(tokens[j]!.name) && !isPunct(tokens[j + 1], '.', ')', ']', ',', ';', '|', '&')) j++;
    const t = tokens[j];
    if (t === undefined) return -1;
    if (t.type === 'IdentifierName') {
      j++;
      // `import('m').T` (an import type)
      if (t.name === 'import' && isPunct(tokens[j], '(')) {
        j = skipGroup(tokens, j);
        if (j < 0) return -1;
      }
      while (isPunct(tokens[j], '.') && tokens[j + 1]?.type === 'IdentifierName') j += 2;
      if (isPunct(tokens[j], '<')) {
        j = skipGroup(tokens, j);
        if (j < 0) return -1;
      }
    } else if (LITERAL_TYPES.has(t.type) || isPunct(t, '-') && tokens[j + 1]?.type === 'NumericLiteral') {
      j += t.type === 'Punctuator' ? 2 : 1;
    } else if (isPunct(t, '(', '{', '[')) {
      j = skipGroup(tokens, j);
      if (j < 0) return -1;
      if (t.value === '(' && isPunct(tokens[j], '=>')) {
        const end = skipType(tokens, j + 1);
        if (end < 0) return -1;
        return end;
      }
    } else {
      return -1;
    }
    // Array types and indexed access: `T[]`, `T['k']`.
    while (isPunct(tokens[j], '[') && !tokens[j]!.nl) {
      j = skipGroup(tokens, j);
      if (j < 0) return -1;
    }
    if (isPunct(tokens[j], '|', '&')) {
      j++;
      continue;
    }
    return j;
  }
}

/** Token ranges of `import { … }` / `export { … }` clauses, where `as` renames. */
function moduleClauses(tokens: readonly Token[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName' || (t.name !== 'import' && t.name !== 'export')) continue;
    let j = i + 1;
    if (tokens[j]?.type === 'IdentifierName' && tokens[j]!.name === 'type') j++;
    if (tokens[j]?.type === 'IdentifierName' && isPunct(tokens[j + 1], ',')) j += 2; // import d, { … }
    if (!isPunct(tokens[j], '{')) continue;
    const end = skipGroup(tokens, j);
    if (end < 0) continue;
    for (let k = j; k < end; k++) inside.add(k);
  }
  return inside;
}

function removeAssertions(tokens: readonly Token[], options: NormalizeOptions): Token[] {
  const clauses = moduleClauses(tokens);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out[out.length - 1];
    // EXPR as TYPE / EXPR satisfies TYPE
    if (t.type === 'IdentifierName' && (t.name === 'as' || t.name === 'satisfies') && !t.nl && endsExpression(prev) && !clauses.has(i)) {
      const isConst = t.name === 'as' && tokens[i + 1]?.type === 'IdentifierName' && tokens[i + 1]!.name === 'const';
      const end = isConst ? i + 2 : skipType(tokens, i + 1);
      if (end > i + 1) {
        i = end - 1;
        continue;
      }
    }
    // EXPR! (non-null assertion)
    if (isPunct(t, '!') && !t.nl && endsExpression(prev) && isPunct(tokens[i + 1], '.', '?.', '[', '(', ')', ',', ';')) continue;
    // <TYPE>EXPR
    if (options.angleAssertions && isPunct(t, '<') && (prev === undefined || isPunct(prev, '(', '=', ',', ':', '[', '?', '&&', '||', '??', '=>', '!') ||
      (prev.type === 'IdentifierName' && EXPRESSION_KEYWORDS.has(prev.name)))) {
      const typeEnd = skipType(tokens, i + 1);
      if (typeEnd > i + 1 && isPunct(tokens[typeEnd], '>') && tokens[typeEnd + 1] !== undefined && !isPunct(tokens[typeEnd + 1], ';', ')', ',', '=')) {
        i = typeEnd;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

function unwrapParentheses(tokens: Token[]): Token[] {
  // One pass per nesting level (`((x)).y` needs two); each pass is linear.
  for (;;) {
    const out: Token[] = [];
    // Closing parentheses of `if (…)`, `while (…)`, … : what follows them is a new statement.
    const headClosers = new Set<Token>();
    const opens: boolean[] = [];
    let changed = false;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const prev = out[out.length - 1];
      // `(x).y`, and `((x))` on the way to it.
      if (isPunct(t, '(') && tokens[i + 1]?.type === 'IdentifierName' && isPunct(tokens[i + 2], ')') &&
        (isPunct(tokens[i + 3], '.', '?.', '[') || (isPunct(tokens[i + 3], ')') && isPunct(prev, '(')))) {
        const calls = prev !== undefined && !headClosers.has(prev) &&
          (endsExpression(prev) || (prev.type === 'IdentifierName' && HEAD_KEYWORDS.has(prev.name)));
        if (!calls) {
          out.push(tokens[i + 1]!);
          i += 2;
          changed = true;
          continue;
        }
      }
      // `(await import('m')).x` → `import('m').x`: the member of the module, not of a promise.
      if (isPunct(t, '(') && tokens[i + 1]?.type === 'IdentifierName' && tokens[i + 1]!.name === 'await' &&
        tokens[i + 2]?.type === 'IdentifierName' && tokens[i + 2]!.name === 'import' && isPunct(tokens[i + 3], '(')) {
        const callEnd = skipGroup(tokens, i + 3);
        if (callEnd > 0 && isPunct(tokens[callEnd], ')') && isPunct(tokens[callEnd + 1], '.', '?.', '[')) {
          for (let k = i + 2; k < callEnd; k++) out.push(tokens[k]!);
          i = callEnd;
          changed = true;
          continue;
        }
      }
      if (isPunct(t, '(')) opens.push(prev?.type === 'IdentifierName' && HEAD_KEYWORDS.has(prev.name) && prev.name !== 'function');
      else if (isPunct(t, ')') && opens.pop() === true) headClosers.add(t);
      out.push(t);
    }
    if (!changed) return out;
    tokens = out;
  }
}

const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'self', 'window']);

function rewriteReflectGet(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const closers = new Map<number, Token>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const replaced = closers.get(i);
    if (replaced) {
      out.push(replaced);
      continue;
    }
    // process.getBuiltinModule (Node >= 20.16) loads a built-in like require: read it as require.
    if (t.type === 'IdentifierName' && t.name === 'process' && isPunct(tokens[i + 1], '.', '?.') &&
      tokens[i + 2]?.type === 'IdentifierName' && tokens[i + 2]!.name === 'getBuiltinModule') {
      const prev = out[out.length - 1];
      const viaGlobal = isPunct(prev, '.', '?.') && out[out.length - 2]?.type === 'IdentifierName' && GLOBAL_OBJECTS.has(out[out.length - 2]!.name) &&
        !isPunct(out[out.length - 3], '.', '?.');
      if (!isPunct(prev, '.', '?.') || viaGlobal) {
        const at = viaGlobal ? out[out.length - 2]! : t;
        if (viaGlobal) out.length -= 2;
        out.push({ ...at, type: 'IdentifierName', value: 'require', name: 'require' });
        i += 2;
        continue;
      }
    }
    if (t.type === 'IdentifierName' && t.name === 'Reflect' && !isPunct(out[out.length - 1], '.', '?.') && isPunct(tokens[i + 1], '.') &&
      tokens[i + 2]?.type === 'IdentifierName' && tokens[i + 2]!.name === 'get' && isPunct(tokens[i + 3], '(') &&
      tokens[i + 4]?.type === 'IdentifierName' && isPunct(tokens[i + 5], ',')) {
      const end = skipGroup(tokens, i + 3);
      if (end < 0) continue;
      // Exactly two arguments: no other top-level comma before the closing parenthesis.
      let depth = 0;
      let commas = 0;
      for (let k = i + 4; k < end - 1; k++) {
        const v = tokens[k]!;
        if (isPunct(v, '(', '[', '{')) depth++;
        else if (isPunct(v, ')', ']', '}')) depth--;
        else if (depth === 0 && isPunct(v, ',')) commas++;
      }
      if (commas !== 1) {
        out.push(t);
        continue;
      }
      const open = tokens[i + 5]!;
      const close = tokens[end - 1]!;
      out.push(tokens[i + 4]!, { ...open, value: '[', name: '[' });
      closers.set(end - 1, { ...close, value: ']', name: ']' });
      i += 5;
      continue;
    }
    out.push(t);
  }
  return out;
}

/**
 * Rewrite TypeScript assertions, parenthesized identifiers and `Reflect.get` so the scanner's
 * patterns see plain member access.
 *
 * @param tokens The significant tokens of a file.
 * @param options Whether `<T>expr` assertions exist in this file type.
 * @returns The rewritten token list (a new array; tokens keep their positions).
 * @example normalizeTypeScript(tokenize('(globalThis as any).fetch(u)').tokens, { angleAssertions: true }).map((t) => t.value).join(' ') // 'globalThis . fetch ( u )'
 */
export function normalizeTypeScript(tokens: readonly Token[], options: NormalizeOptions): Token[] {
  return rewriteReflectGet(unwrapParentheses(removeAssertions(tokens, options)));
}
