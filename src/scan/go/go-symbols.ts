/**
 * Which names a Go file declares at package level and which it uses from elsewhere, so that
 * `scan-files.ts` follows only the files of a package that a file depends on (tools whose handlers
 * share a package keep their own entitlements): bare names it does not declare (they live in
 * another file of its package), names after a `.` that no import explains (methods and fields,
 * possibly of the package's own types), and the exported names it uses of each import
 * (`store.Read`), and the types whose methods the standard library calls through an interface
 * (`String`, `ServeHTTP`, ...) a file declares. Struct field and interface method names,
 * composite-literal keys, labels and predeclared names are not uses; an embedded field is a use of
 * its type.
 *
 * @module
 */
import type { GoToken } from './go-tokenize.ts';
import { tokenizeGo } from './go-tokenize.ts';
import { readGoImports } from './go-imports.ts';
import { GO_KEYWORDS, GO_PREDECLARED, collectGoScopes } from './go-scopes.ts';
import { goFileHeader } from './go-files.ts';
import { resolveGoMember } from './go-index.ts';

/** Names a Go file declares and needs. */
export interface GoSymbols {
  /** The package clause's name. */
  packageName: string | undefined;
  /** Package-level names declared here (functions, methods, types, variables, constants). */
  declares: ReadonlySet<string>;
  /** Bare names used but not declared here (another file of the package declares them), with their first use. */
  bare: ReadonlyMap<string, { line: number; column: number }>;
  /**
   * Predeclared names used bare (`copy`, `print`, `string`): built-in unless another file of the
   * package declares them, which hides the built-in in the whole package.
   */
  predeclared: ReadonlySet<string>;
  /** Names after a `.` that no import explains. */
  selectors: ReadonlySet<string>;
  /**
   * Names after a `.` per bare name before it that no import or declaration explains
   * (`helpers.Run` when `example.com/m/util` declares `package helpers`): the uses of a package
   * imported without an alias whose package clause differs from its conventional name.
   */
  selectorsOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Import paths imported without an alias (the file refers to them by their package clause). */
  unaliased: ReadonlySet<string>;
  /** Exported names used per import path. */
  qualified: ReadonlyMap<string, ReadonlySet<string>>;
  /** The file has a dot import (its bare names may come from that package). */
  dotImports: boolean;
  /**
   * A package-level `var` whose initializer calls something (`var _ = setup()`,
   * `var started = exec.Command(…).Start()`): it runs when the package loads, like `init`.
   */
  initializes: boolean;
  /**
   * Predeclared names a package-level initializer calls (`make`, `new`, `[]byte(…)`, `print`):
   * nothing runs at load, unless another file of the package declares the name (its own `print`).
   */
  initBuiltins: ReadonlySet<string>;
  /**
   * Types this file declares a method of that the standard library calls through one of its
   * interfaces ({@link IMPLICIT_METHODS}: `func (r *Runner) String() string` makes `Runner`), so the
   * file is needed wherever the type is used, though no call of the method is written there.
   */
  implicitReceivers: ReadonlySet<string>;
  /** Paths imported for their `init` only (`_ "net/http/pprof"`): it runs whenever the package is built. */
  blankImports: readonly string[];
  /** Every import path. */
  imports: readonly string[];
}

/**
 * Methods that standard packages call through their interfaces on a value they are handed, with
 * the shapes (parameter and result counts) of those interfaces' methods, so that a method of the
 * same name and another shape (`Set(key string, v []byte) error` is no `flag.Value`) is not one:
 * fmt and errors (String, GoString, Format, Error, Unwrap, Is, As), net/http (ServeHTTP,
 * RoundTrip, Flush, Hijack), the encoders (MarshalJSON, UnmarshalText, GobEncode, ..., and
 * MarshalYAML/UnmarshalYAML of the YAML packages), io (Read, Write, Close, Seek, ReadFrom, WriteTo,
 * ...), sort and container/heap (Len, Less, Swap, Push, Pop), database/sql and fmt (Scan, Value),
 * context (Deadline, Done, Err, Value), net (Accept, Addr), flag (Set, Get), log/slog (Handle,
 * Enabled, WithAttrs, WithGroup, LogValue), sync (Lock, Unlock), io/fs (Open, ReadDir, ReadFile,
 * Stat, Sub, Glob) and hash (Sum, Reset, Size, BlockSize).
 */
export const IMPLICIT_METHODS: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>> = new Map<string, Array<[number, number]>>([
  ['String', [[0, 1]]], ['GoString', [[0, 1]]], ['Format', [[2, 0]]], ['Error', [[0, 1]]], ['Unwrap', [[0, 1]]], ['Is', [[1, 1]]], ['As', [[1, 1]]],
  ['ServeHTTP', [[2, 0]]], ['RoundTrip', [[1, 2]]], ['Flush', [[0, 0], [0, 1]]], ['Hijack', [[0, 3]]],
  ['MarshalJSON', [[0, 2]]], ['UnmarshalJSON', [[1, 1]]], ['MarshalText', [[0, 2]]], ['UnmarshalText', [[1, 1]]], ['MarshalBinary', [[0, 2]]], ['UnmarshalBinary', [[1, 1]]],
  ['MarshalXML', [[2, 1]]], ['UnmarshalXML', [[2, 1]]], ['MarshalXMLAttr', [[1, 2]]], ['UnmarshalXMLAttr', [[1, 1]]], ['GobEncode', [[0, 2]]], ['GobDecode', [[1, 1]]],
  ['MarshalYAML', [[0, 2]]], ['UnmarshalYAML', [[1, 1]]],
  ['Read', [[1, 2]]], ['Write', [[1, 2]]], ['Close', [[0, 1]]], ['Seek', [[2, 2]]], ['ReadAt', [[2, 2]]], ['WriteAt', [[2, 2]]], ['ReadFrom', [[1, 2]]], ['WriteTo', [[1, 2]]],
  ['ReadByte', [[0, 2]]], ['UnreadByte', [[0, 1]]], ['ReadRune', [[0, 3]]], ['UnreadRune', [[0, 1]]], ['WriteByte', [[1, 1]]], ['WriteString', [[1, 2]]],
  ['Len', [[0, 1]]], ['Less', [[2, 1]]], ['Swap', [[2, 0]]], ['Push', [[1, 0]]], ['Pop', [[0, 1]]],
  ['Scan', [[1, 1], [2, 1]]], ['Value', [[0, 2], [1, 1]]], ['Deadline', [[0, 2]]], ['Done', [[0, 1]]], ['Err', [[0, 1]]], ['Accept', [[0, 2]]], ['Addr', [[0, 1]]],
  ['Set', [[1, 1]]], ['Get', [[0, 1]]], ['Handle', [[2, 1]]], ['Enabled', [[2, 1]]], ['WithAttrs', [[1, 1]]], ['WithGroup', [[1, 1]]], ['LogValue', [[0, 1]]],
  ['Lock', [[0, 0]]], ['Unlock', [[0, 0]]], ['Open', [[1, 2]]], ['ReadDir', [[1, 2]]], ['ReadFile', [[1, 2]]], ['Stat', [[0, 2], [1, 2]]], ['Sub', [[1, 2]]], ['Glob', [[1, 2]]],
  ['Sum', [[1, 1]]], ['Reset', [[0, 0]]], ['Size', [[0, 1]]], ['BlockSize', [[0, 1]]],
]);

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
  const universe = new Set<string>();
  const selectorsOf = new Map<string, Set<string>>();
  const qualified = new Map<string, Set<string>>();
  const op = (k: number, v: string): boolean => tokens[k]?.type === 'op' && tokens[k]!.value === v;
  const importAt = (k: number): string | undefined => (tokens[k]?.type === 'ident' && !scopes.shadows(tokens[k]!.value, k) ? named.get(tokens[k]!.value) : undefined);
  let bodyEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident') continue;
    if (op(i - 1, '.')) {
      const path = importAt(i - 2);
      if (path === undefined) {
        selectors.add(t.value);
        const before = tokens[i - 2];
        if (before?.type === 'ident' && !op(i - 3, '.') && !scopes.shadows(before.value, i - 2)) {
          let set = selectorsOf.get(before.value);
          if (set === undefined) selectorsOf.set(before.value, (set = new Set()));
          set.add(t.value);
        }
      } else {
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
    if (t.value === '_' || bare.has(t.value) || universe.has(t.value) || scopes.sites.has(i) || scopes.shadows(t.value, i) || named.has(t.value) || op(i + 1, ':') || LABEL_BEFORE.has(tokens[i - 1]?.value ?? '')) continue;
    // A field or method name at the start of a line (or after `,`, `{` or `;`) inside a struct or
    // interface body; an embedded field (`Runner`, `List[int]`, alone or with a tag) is a use of its type.
    if (i < bodyEnd && (tokens[i - 1]?.line !== t.line || op(i - 1, ',') || op(i - 1, '{') || op(i - 1, ';')) && !embedded(tokens, match, i)) continue;
    if (isPackageClause(tokens, i)) continue;
    if (GO_PREDECLARED.has(t.value)) universe.add(t.value);
    else bare.set(t.value, { line: t.line, column: t.column });
  }
  return { packageName: goFileHeader(text).name, declares: scopes.topLevel, bare, predeclared: universe, selectors, selectorsOf, unaliased: new Set(specs.filter((s) => s.form === 'named' && !s.aliased).map((s) => s.path)), qualified, dotImports: specs.some((s) => s.form === 'dot'), ...initializesAtLoad(tokens, match, named, scopes.topLevel), implicitReceivers: implicitReceivers(tokens, match), blankImports: specs.filter((s) => s.form === 'blank').map((s) => s.path), imports: specs.map((s) => s.path) };
}

/**
 * Whether the name at `i`, starting a line of a struct or interface body, is an embedded type:
 * nothing follows it on its line but a tag, a `;` or the body's `}` (`Runner`, `List[int]`).
 */
function embedded(tokens: readonly GoToken[], match: Int32Array, i: number): boolean {
  let next = i + 1;
  if (tokens[next]?.type === 'op' && tokens[next]!.value === '[') {
    const close = match[next] ?? -1;
    if (close < 0) return false;
    next = close + 1;
  }
  const after = tokens[next];
  return after === undefined || after.line !== tokens[next - 1]!.line || after.type === 'string' || (after.type === 'op' && (after.value === ';' || after.value === '}'));
}

/**
 * The parameter and result counts of a signature whose parameter list opens at `open`:
 * `(p []byte) (n int, err error)` is [1, 2], `() error` [0, 1], `(a, b int)` [2, 0].
 */
function signatureShape(tokens: readonly GoToken[], match: Int32Array, open: number): [number, number] {
  const count = (from: number): number => {
    const to = match[from] ?? -1;
    if (to < 0 || to === from + 1) return 0;
    let n = 1;
    for (let k = from + 1; k < to; k++) {
      const t = tokens[k]!;
      if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) k = match[k] ?? to;
      else if (t.type === 'op' && t.value === ',') n++;
    }
    return n;
  };
  const close = match[open] ?? -1;
  const after = tokens[close + 1];
  let results = 0;
  if (after !== undefined && after.line === tokens[close]!.line) {
    if (after.type === 'op' && after.value === '(') results = count(close + 1);
    else if (!(after.type === 'op' && after.value === '{')) results = 1;
  }
  return [count(open), results];
}

/** The receiver types of the file's methods named in {@link IMPLICIT_METHODS}, of one of the shapes listed there. */
function implicitReceivers(tokens: readonly GoToken[], match: Int32Array): Set<string> {
  const types = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'op' && t.value === '{') {
      const close = match[i] ?? -1;
      if (close > i) i = close;
      continue;
    }
    if (t.type !== 'ident' || t.value !== 'func' || tokens[i + 1]?.value !== '(' || tokens[i + 1]?.type !== 'op') continue;
    const close = match[i + 1] ?? -1;
    const name = tokens[close + 1];
    const shapes = name?.type === 'ident' ? IMPLICIT_METHODS.get(name.value) : undefined;
    if (close < 0 || shapes === undefined || !tokens[close + 2] || tokens[close + 2]!.value !== '(') continue;
    const shape = signatureShape(tokens, match, close + 2);
    if (!shapes.some(([p, r]) => p === shape[0] && r === shape[1])) continue;
    // `(r *T)`, `(T)`, `(l *List[T])`: the last name outside brackets is the type.
    let receiver: string | undefined;
    for (let k = i + 2; k < close; k++) {
      const u = tokens[k]!;
      if (u.type === 'op' && u.value === '[') k = match[k] ?? close;
      else if (u.type === 'ident') receiver = u.value;
    }
    if (receiver !== undefined) types.add(receiver);
  }
  return types;
}

/** Standard packages whose calls in an initializer touch nothing (`errors.New`, `regexp.MustCompile`), except members with a capability row (`template.ParseFiles`). */
const INERT_PACKAGES = new Set(['errors', 'fmt', 'regexp', 'strings', 'strconv', 'bytes', 'time', 'sync', 'sync/atomic', 'math', 'math/big', 'sort', 'slices', 'maps', 'unicode', 'unicode/utf8', 'context', 'flag', 'reflect', 'encoding/json', 'text/template', 'html/template', 'log', 'log/slog', 'path', 'net/url', 'mime', 'container/list']);

/**
 * Whether a package-level `var` initializer runs a call when the package loads (a call of
 * something other than an inert standard package, or a function literal called at once).
 */
function initializesAtLoad(tokens: readonly GoToken[], match: Int32Array, named: ReadonlyMap<string, string>, declares: ReadonlySet<string>): { initializes: boolean; initBuiltins: Set<string> } {
  const initBuiltins = new Set<string>();
  const runs = { initializes: true, initBuiltins };
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
        if (close > body && tokens[close + 1]?.type === 'op' && tokens[close + 1]!.value === '(') return runs;
        if (close > body) k = close;
        continue;
      }
      if (u.type !== 'op' || u.value !== '(' || tokens[k - 1]?.type !== 'ident') continue;
      const callee = tokens[k - 1]!.value;
      const selected = tokens[k - 2]?.type === 'op' && tokens[k - 2]!.value === '.';
      // `make(…)`, `new(T)`, `[]byte("k")`, `int64(n)`: built-ins and conversions run nothing,
      // unless the package declares the name itself (this file here; another file is the caller's to see).
      if (!selected && GO_PREDECLARED.has(callee) && !declares.has(callee)) {
        initBuiltins.add(callee);
        continue;
      }
      const qualifier = selected ? named.get(tokens[k - 3]?.value ?? '') : undefined;
      // An inert package's member with a capability row (`template.ParseFiles` reads files) is no inert call.
      if (qualifier === undefined || !INERT_PACKAGES.has(qualifier) || resolveGoMember(qualifier, callee) !== undefined) return runs;
    }
    i = end;
  }
  return { initializes: false, initBuiltins };
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
