/**
 * Which names a Go file declares at package level and which it uses from elsewhere, so that
 * `scan-files.ts` follows only the files of a package that a file depends on (tools whose handlers
 * share a package keep their own entitlements): bare names it does not declare (they live in
 * another file of its package), names after a `.` that no import explains (methods and fields,
 * possibly of the package's own types), and the exported names it uses of each import
 * (`store.Read`). Struct field and interface method names, composite-literal keys, labels and
 * predeclared names are not uses.
 *
 * @module
 */
import type { GoToken } from './go-tokenize.ts';
import { tokenizeGo } from './go-tokenize.ts';
import { readGoImports } from './go-imports.ts';
import { GO_KEYWORDS, GO_PREDECLARED, collectGoScopes } from './go-scopes.ts';
import { goFileHeader } from './go-files.ts';

/** Names a Go file declares and needs. */
export interface GoSymbols {
  /** The package clause's name. */
  packageName: string | undefined;
  /** Package-level names declared here (functions, methods, types, variables, constants). */
  declares: ReadonlySet<string>;
  /** Bare names used but not declared here (another file of the package declares them), with their first use. */
  bare: ReadonlyMap<string, { line: number; column: number }>;
  /** Names after a `.` that no import explains. */
  selectors: ReadonlySet<string>;
  /** Exported names used per import path. */
  qualified: ReadonlyMap<string, ReadonlySet<string>>;
  /** The file has a dot import (its bare names may come from that package). */
  dotImports: boolean;
  /**
   * A package-level `var` whose initializer calls something (`var _ = setup()`,
   * `var started = exec.Command(…).Start()`): it runs when the package loads, like `init`.
   */
  initializes: boolean;
}

const LABEL_BEFORE = new Set(['break', 'continue', 'goto']);

/**
 * Read the symbols of one Go text.
 *
 * @param text A Go file's text.
 * @returns What it declares and needs.
 * @example
 * [...goSymbols('package t\nfunc A() { b(); store.Read() }\n').bare.keys()] // ['b']
 */
export function goSymbols(text: string): GoSymbols {
  const { tokens, match } = tokenizeGo(text);
  const specs = readGoImports(tokens);
  const scopes = collectGoScopes(tokens, match);
  const named = new Map(specs.filter((s) => s.form === 'named').map((s) => [s.name, s.path]));
  const bare = new Map<string, { line: number; column: number }>();
  const selectors = new Set<string>();
  const qualified = new Map<string, Set<string>>();
  const op = (k: number, v: string): boolean => tokens[k]?.type === 'op' && tokens[k]!.value === v;
  const importAt = (k: number): string | undefined => (tokens[k]?.type === 'ident' && !scopes.shadows(tokens[k]!.value, k) ? named.get(tokens[k]!.value) : undefined);
  let bodyEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident') continue;
    if (op(i - 1, '.')) {
      const path = importAt(i - 2);
      if (path === undefined) selectors.add(t.value);
      else {
        let set = qualified.get(path);
        if (set === undefined) qualified.set(path, (set = new Set()));
        set.add(t.value);
      }
      continue;
    }
    if (GO_KEYWORDS.has(t.value)) {
      if ((t.value === 'struct' || t.value === 'interface') && op(i + 1, '{')) bodyEnd = Math.max(bodyEnd, match[i + 1] ?? -1);
      continue;
    }
    if (t.value === '_' || bare.has(t.value) || scopes.sites.has(i) || scopes.shadows(t.value, i) || GO_PREDECLARED.has(t.value) || named.has(t.value) || op(i + 1, ':') || LABEL_BEFORE.has(tokens[i - 1]?.value ?? '')) continue;
    // A field or method name at the start of a line (or after `,`, `{` or `;`) inside a struct or interface body.
    if (i < bodyEnd && (tokens[i - 1]?.line !== t.line || op(i - 1, ',') || op(i - 1, '{') || op(i - 1, ';'))) continue;
    if (isPackageClause(tokens, i)) continue;
    bare.set(t.value, { line: t.line, column: t.column });
  }
  return { packageName: goFileHeader(text).name, declares: scopes.topLevel, bare, selectors, qualified, dotImports: specs.some((s) => s.form === 'dot'), initializes: initializesAtLoad(tokens, match, named) };
}

/** Standard packages whose calls in an initializer touch nothing (`errors.New`, `regexp.MustCompile`). */
const INERT_PACKAGES = new Set(['errors', 'fmt', 'regexp', 'strings', 'strconv', 'bytes', 'time', 'sync', 'sync/atomic', 'math', 'math/big', 'sort', 'slices', 'maps', 'unicode', 'unicode/utf8', 'context', 'flag', 'reflect', 'encoding/json', 'text/template', 'html/template', 'log', 'log/slog', 'path', 'net/url', 'mime', 'container/list']);

/**
 * Whether a package-level `var` initializer runs a call when the package loads (a call of
 * something other than an inert standard package, or a function literal called at once).
 */
function initializesAtLoad(tokens: readonly GoToken[], match: Int32Array, named: ReadonlyMap<string, string>): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'op' && t.value === '{') {
      // A body or composite literal at package level: not a var declaration's own level.
      const close = match[i] ?? -1;
      if (close > i) i = close;
      continue;
    }
    if (t.type !== 'ident' || t.value !== 'var' || tokens[i - 1]?.value === '.') continue;
    // The declaration: a parenthesized group, or up to the next line at its own level.
    const group = tokens[i + 1]?.type === 'op' && tokens[i + 1]!.value === '(';
    const end = group ? (match[i + 1] ?? tokens.length) : nextStatement(tokens, match, i);
    let assigned = false;
    for (let k = i + 1; k < end; k++) {
      const u = tokens[k]!;
      if (u.type === 'op' && u.value === '=') assigned = true;
      if (!assigned) continue;
      if (u.type === 'ident' && u.value === 'func') {
        // `func() { … }()`: a literal called at once.
        let body = k + 1;
        while (body < end && !(tokens[body]!.type === 'op' && tokens[body]!.value === '{')) body++;
        const close = match[body] ?? -1;
        if (close > body && tokens[close + 1]?.type === 'op' && tokens[close + 1]!.value === '(') return true;
        if (close > body) k = close;
        continue;
      }
      if (u.type !== 'op' || u.value !== '(' || tokens[k - 1]?.type !== 'ident') continue;
      const qualifier = tokens[k - 2]?.type === 'op' && tokens[k - 2]!.value === '.' ? named.get(tokens[k - 3]?.value ?? '') : undefined;
      if (qualifier === undefined || !INERT_PACKAGES.has(qualifier)) return true;
    }
    i = end;
  }
  return false;
}

/** The first token after `from` that starts a new line outside brackets. */
function nextStatement(tokens: readonly GoToken[], match: Int32Array, from: number): number {
  const line = tokens[from]!.line;
  for (let k = from + 1; k < tokens.length; k++) {
    const u = tokens[k]!;
    if (u.type === 'op' && (u.value === '(' || u.value === '[' || u.value === '{')) {
      const close = match[k] ?? -1;
      if (close > k) k = close;
      continue;
    }
    if (u.line !== line && tokens[k - 1]!.line !== u.line && !(tokens[k - 1]!.type === 'op' && /^(?:[-+*/%&|^<>=!,.]|&&|\|\||<-)$/.test(tokens[k - 1]!.value))) return k;
  }
  return tokens.length;
}

function isPackageClause(tokens: readonly GoToken[], i: number): boolean {
  return tokens[i - 1]?.value === 'package' && tokens[i - 1]?.type === 'ident';
}
