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
 * - `( IDENTIFIER )` followed by `.`, `?.`, `[` or `(` (or nested in another pair of parentheses)
 *   → `IDENTIFIER`, when the `(` does not call.
 * - `(await import('m')).x` → `await import('m').x` (a member of the module, not of the promise).
 * - `Reflect.get(TARGET, KEY)` → `TARGET[KEY]` (two arguments, TARGET a single identifier), and
 *   `Object.getOwnPropertyDescriptor(TARGET, KEY).value` (or `Reflect.…`) → `TARGET[KEY]`.
 * - `process.getBuiltinModule` (also through `globalThis.`) and webpack's
 *   `__non_webpack_require__` → `require`: they load modules the same way.
 * - `require?.(` → `require(`: an optional call of require loads the module all the same.
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import { endsStatement } from './ends-statement.ts';

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

// Fixed parameters, not a rest array: this runs for most tokens of every scanned file.
function isPunct(t: Token | undefined, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): boolean {
  if (t === undefined || t.type !== 'Punctuator') return false;
  const v = t.value;
  return v === a || v === b || v === c || v === d || v === e || v === f || v === g;
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
function moduleClauses(tokens: readonly Token[]): ReadonlySet<number> {
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

const NO_CLAUSES: ReadonlySet<number> = new Set();

/** What a file contains that some rewrite looks for (one pass, so most passes can be skipped). */
interface Triggers {
  /** `as` or `satisfies`. */
  as: boolean;
  /** `!`, or `<` where angle-bracket assertions exist. */
  other: boolean;
  /** `Reflect` or `getBuiltinModule`. */
  reflect: boolean;
  /** `require?.(` or `getBuiltinModule?.(`. */
  optionalRequire: boolean;
}

function triggers(tokens: readonly Token[], options: NormalizeOptions): Triggers {
  const found: Triggers = { as: false, other: false, reflect: false, optionalRequire: false };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'Punctuator' && t.value === '?.' && isRequireName(tokens[i - 1]) && isPunct(tokens[i + 1], '(')) found.optionalRequire = true;
    if (t.type === 'IdentifierName') {
      const n = t.name;
      if (n === 'as' || n === 'satisfies') found.as = true;
      else if (n === 'Reflect' || n === 'getBuiltinModule' || n === 'getOwnPropertyDescriptor' || n === '__non_webpack_require__') found.reflect = true;
    } else if (t.type === 'Punctuator' && (t.value === '!' || (options.angleAssertions && t.value === '<'))) found.other = true;
  }
  return found;
}

function removeAssertions(tokens: Token[], options: NormalizeOptions, found: Triggers): Token[] {
  const hasAs = found.as;
  if (!hasAs && !found.other) return tokens;
  const clauses = hasAs ? moduleClauses(tokens) : NO_CLAUSES;
  // Copied only from the first removal on; until then the input is returned as it is.
  let out: Token[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out ? out[out.length - 1] : tokens[i - 1];
    // EXPR as TYPE / EXPR satisfies TYPE
    if (t.type === 'IdentifierName' && (t.name === 'as' || t.name === 'satisfies') && !t.nl && endsExpression(prev) && !clauses.has(i)) {
      const isConst = t.name === 'as' && tokens[i + 1]?.type === 'IdentifierName' && tokens[i + 1]!.name === 'const';
      const end = isConst ? i + 2 : skipType(tokens, i + 1);
      if (end > i + 1) {
        out ??= tokens.slice(0, i);
        i = end - 1;
        continue;
      }
    }
    if (t.type === 'Punctuator') {
      // EXPR! (non-null assertion)
      if (t.value === '!' && !t.nl && endsExpression(prev) && isPunct(tokens[i + 1], '.', '?.', '[', '(', ')', ',', ';')) {
        out ??= tokens.slice(0, i);
        continue;
      }
      // <TYPE>EXPR
      if (options.angleAssertions && t.value === '<' && (prev === undefined || isPunct(prev, '(', '=', ',', ':', '[', '?', '&&') ||
        isPunct(prev, '||', '??', '=>', '!') || (prev.type === 'IdentifierName' && EXPRESSION_KEYWORDS.has(prev.name)))) {
        const typeEnd = skipType(tokens, i + 1);
        if (typeEnd > i + 1 && isPunct(tokens[typeEnd], '>') && tokens[typeEnd + 1] !== undefined && !isPunct(tokens[typeEnd + 1], ';', ')', ',', '=')) {
          out ??= tokens.slice(0, i);
          i = typeEnd;
          continue;
        }
      }
    }
    out?.push(t);
  }
  return out ?? tokens;
}

function unwrapParentheses(tokens: Token[]): Token[] {
  // One pass per nesting level (`((x)).y` needs two); each pass is linear and copies only from
  // its first change on.
  for (;;) {
    let out: Token[] | undefined;
    // Closing parentheses of `if (…)`, `while (…)`, … : what follows them is a new statement.
    const headClosers = new Set<Token>();
    const opens: boolean[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type !== 'Punctuator' || (t.value !== '(' && t.value !== ')')) {
        out?.push(t);
        continue;
      }
      const prev = out ? out[out.length - 1] : tokens[i - 1];
      if (t.value === '(') {
        const next = tokens[i + 1];
        // `(x).y`, and `((x))` on the way to it.
        if (next?.type === 'IdentifierName' && isPunct(tokens[i + 2], ')') &&
          (isPunct(tokens[i + 3], '.', '?.', '[', '(') || (isPunct(tokens[i + 3], ')') && isPunct(prev, '(')))) {
          const before = out ?? tokens;
          const calls = prev !== undefined && !headClosers.has(prev) &&
            (endsExpression(prev) || (prev.type === 'IdentifierName' && HEAD_KEYWORDS.has(prev.name))) &&
            !(isPunct(prev, '}') && endsStatement(before, out ? out.length - 1 : i - 1));
          if (!calls) {
            out ??= tokens.slice(0, i);
            out.push(next);
            i += 2;
            continue;
          }
        }
        // `(await import('m')).x` → `await import('m').x`: the member of the module, not of a
        // promise (`await` stays: without it the tokens would read as the import type `import('m').x`).
        if (next?.type === 'IdentifierName' && next.name === 'await' &&
          tokens[i + 2]?.type === 'IdentifierName' && tokens[i + 2]!.name === 'import' && isPunct(tokens[i + 3], '(')) {
          const callEnd = skipGroup(tokens, i + 3);
          if (callEnd > 0 && isPunct(tokens[callEnd], ')') && isPunct(tokens[callEnd + 1], '.', '?.', '[')) {
            out ??= tokens.slice(0, i);
            for (let k = i + 1; k < callEnd; k++) out.push(tokens[k]!);
            i = callEnd;
            continue;
          }
        }
        opens.push(prev?.type === 'IdentifierName' && HEAD_KEYWORDS.has(prev.name) && prev.name !== 'function');
      } else if (opens.pop() === true) headClosers.add(t);
      out?.push(t);
    }
    if (out === undefined) return tokens;
    tokens = out;
  }
}

const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'self', 'window']);

function rewriteReflectGet(tokens: Token[], found: Triggers): Token[] {
  if (!found.reflect) return tokens;
  const out: Token[] = [];
  const closers = new Map<number, Token>();
  // `.value` after a rewritten descriptor call.
  const skipped = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (skipped.has(i)) continue;
    const replaced = closers.get(i);
    if (replaced) {
      out.push(replaced);
      continue;
    }
    // webpack's `__non_webpack_require__` is the runtime's own require, kept out of the bundle.
    if (t.type === 'IdentifierName' && t.name === '__non_webpack_require__' && !isPunct(out[out.length - 1], '.', '?.')) {
      out.push({ ...t, value: 'require', name: 'require' });
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
    // `Reflect.get(T, K)`, and `Object.getOwnPropertyDescriptor(T, K).value` (also through Reflect).
    const method = tokens[i + 2]?.type === 'IdentifierName' ? tokens[i + 2]!.name : '';
    const descriptor = method === 'getOwnPropertyDescriptor' && (t.name === 'Object' || t.name === 'Reflect');
    if (t.type === 'IdentifierName' && (descriptor || (t.name === 'Reflect' && method === 'get')) && !isPunct(out[out.length - 1], '.', '?.') && isPunct(tokens[i + 1], '.') &&
      isPunct(tokens[i + 3], '(') && tokens[i + 4]?.type === 'IdentifierName' && isPunct(tokens[i + 5], ',')) {
      const end = skipGroup(tokens, i + 3);
      if (end < 0) continue;
      // A descriptor counts only through its `.value`: `T[K]` replaces `….getOwnPropertyDescriptor(T, K).value`.
      if (descriptor && !(isPunct(tokens[end], '.', '?.') && tokens[end + 1]?.type === 'IdentifierName' && tokens[end + 1]!.name === 'value')) {
        out.push(t);
        continue;
      }
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
      if (descriptor) {
        skipped.add(end);
        skipped.add(end + 1);
      }
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
 * @returns The rewritten token list (the input itself when nothing changes; tokens keep their
 *   positions).
 * @example normalizeTypeScript(tokenize('(globalThis as any).fetch(u)').tokens, { angleAssertions: true }).map((t) => t.value).join(' ') // 'globalThis . fetch ( u )'
 */
export function normalizeTypeScript(tokens: Token[], options: NormalizeOptions): Token[] {
  const found = triggers(tokens, options);
  return callRequireDirectly(rewriteReflectGet(unwrapParentheses(removeAssertions(tokens, options, found)), found), found);
}

function isRequireName(t: Token | undefined): boolean {
  return t !== undefined && t.type === 'IdentifierName' && (t.name === 'require' || t.name === 'getBuiltinModule');
}

/**
 * `require?.('m')` → `require('m')` (also `module.require?.(…)`, and `getBuiltinModule?.(…)`
 * once read as `require`): an optional call loads the module like a call, and the binding it
 * initializes (`const cp = require?.('child_process'); cp.exec(c)`) is the module's.
 */
function callRequireDirectly(tokens: Token[], found: Triggers): Token[] {
  if (!found.optionalRequire) return tokens;
  return tokens.filter((t, i) => !(t.type === 'Punctuator' && t.value === '?.' && isRequireName(tokens[i - 1]) && isPunct(tokens[i + 1], '(')));
}
