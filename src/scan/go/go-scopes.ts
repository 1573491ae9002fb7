/**
 * Names a Go file declares, and where: package-level `func`, `var`, `const` and `type` names (the
 * whole file), and inside blocks `:=` targets, `var`/`const`/`type` specs (from the next line to the
 * end of the enclosing `{…}` block), function and method parameters, receivers, named results and
 * type parameters (the function's body). An `if`/`for`/`switch` header's `:=` lasts for that
 * statement (its body and `else` chain); each `case`/`default` clause of a `switch` or `select` is
 * its own block. Kept simple on purpose: struct fields, labels and composite-literal keys declare
 * nothing. A declared name hides an import of the same name there.
 *
 * @module
 */
import type { GoToken } from './go-tokenize.ts';
import { partitionPoint } from '../../sorted.ts';

/** Go keywords: never names. */
export const GO_KEYWORDS: ReadonlySet<string> = new Set([
  'break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func', 'go', 'goto', 'if', 'import',
  'interface', 'map', 'package', 'range', 'return', 'select', 'struct', 'switch', 'type', 'var',
]);

/** Predeclared identifiers (types, constants, built-in functions). */
export const GO_PREDECLARED: ReadonlySet<string> = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string', 'uint',
  'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable', 'true', 'false', 'iota', 'nil', 'append', 'cap', 'clear', 'close',
  'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic', 'print', 'println', 'real', 'recover',
]);

const STOP = new Set([',', ')', ';', '=', ']', '}', ':']);

/** Where names are declared in one file. */
export class GoScopes {
  private readonly ranges = new Map<string, Array<[number, number]>>();
  /** Every name declared anywhere in the file. */
  readonly declared = new Set<string>();
  /** Indexes of the tokens that declare a name (the name itself, not a use of it). */
  readonly sites = new Set<number>();
  /** Package-level names the file declares (functions, methods, types, variables, constants). */
  readonly topLevel = new Set<string>();
  /** Per declaring token: the tokens `[from, to)` its declaration is in scope over. */
  readonly siteRanges = new Map<number, [number, number]>();

  /** Per name: starts in ascending order and the largest end among the ranges up to each (built on first query). */
  private readonly index = new Map<string, { starts: number[]; reach: number[] }>();

  /** Declare `name` over tokens `[from, to)`; `site` is the declaring token's index. */
  declare(name: string, from: number, to: number, site?: number): void {
    if (site !== undefined) {
      this.sites.add(site);
      this.siteRanges.set(site, [from, to]);
    }
    if (name === '_') return;
    const list = this.ranges.get(name);
    if (list === undefined) this.ranges.set(name, [[from, to]]);
    else list.push([from, to]);
    this.index.delete(name);
    this.declared.add(name);
  }

  /**
   * Whether a declaration of `name` is in scope at token `at`: some range starting at or before
   * `at` reaches past it (a binary search, so a file declaring one name thousands of times stays
   * linear).
   *
   * @param name An identifier.
   * @param at A token index.
   * @returns True when the file declares the name there.
   */
  shadows(name: string, at: number): boolean {
    const list = this.ranges.get(name);
    if (list === undefined) return false;
    let index = this.index.get(name);
    if (index === undefined) {
      const sorted = [...list].sort((a, b) => a[0] - b[0]);
      const reach: number[] = [];
      let max = -1;
      for (const [, to] of sorted) reach.push((max = Math.max(max, to)));
      index = { starts: sorted.map(([from]) => from), reach };
      this.index.set(name, index);
    }
    const lo = partitionPoint(index.starts.length, (i) => index.starts[i]! <= at);
    return lo > 0 && index.reach[lo - 1]! > at;
  }
}

/**
 * Collect the declarations of a file.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @returns The scopes.
 * @example
 * collectGoScopes(tokens, match).shadows('exec', 12) // true after `exec := 1` in the same block
 */
export function collectGoScopes(tokens: readonly GoToken[], match: Int32Array): GoScopes {
  return new ScopeCollector(tokens, match).run();
}

class ScopeCollector {
  private readonly scopes = new GoScopes();
  private readonly stack: number[] = [];
  /** Per `if`/`for`/`switch` keyword: the statement's header scope (undefined: none). */
  private readonly headers = new Map<number, { from: number; to: number } | undefined>();
  /** Per `{` of a `switch`/`select` body: where the clause being read ends (its next `case`/`default`, or the `}`). */
  private readonly clauseEnd = new Map<number, number>();

  constructor(
    private readonly tokens: readonly GoToken[],
    private readonly match: Int32Array,
  ) {}

  private op(k: number, value: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'op' && t.value === value;
  }

  private ident(k: number): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'ident' && !GO_KEYWORDS.has(t.value);
  }

  /** The end of the group opened at `k` (the text's end when it never closes). */
  private close(k: number): number {
    const m = this.match[k] ?? -1;
    return m >= 0 ? m : this.tokens.length;
  }

  /**
   * Where the declaration whose `:=`, `=` or name is at `k` ends, so where the names it declares
   * come into scope (Go: at the end of the spec or short declaration, so `exec := runner{` …
   * `run: exec.Command,` … `}` still uses the package on its later lines): after a `;` or a case's
   * `:`, before a closing bracket of the enclosing group, or at a line break where Go ends the
   * statement.
   */
  private statementEnd(k: number): number {
    const { tokens } = this;
    for (let j = k + 1; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.line !== tokens[j - 1]!.line && this.endsLine(j - 1)) return j;
      if (t.type !== 'op') continue;
      if (t.value === '(' || t.value === '[' || t.value === '{') j = this.close(j);
      else if (t.value === ';' || t.value === ':') return j + 1;
      else if (t.value === ')' || t.value === ']' || t.value === '}') return j;
    }
    return tokens.length;
  }

  /** Declare the name at `k` from `from` to the end of the enclosing block (the file at package level). */
  private declareHere(k: number, from: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.scopes.declare(this.tokens[k]!.value, 0, this.tokens.length, k);
      this.scopes.topLevel.add(this.tokens[k]!.value);
    } else this.scopes.declare(this.tokens[k]!.value, from, this.clauseEnd.get(top) ?? this.close(top), k);
  }

  /**
   * A `case` or `default` at `k` directly inside the block opened at `top`: each clause of a
   * `switch` or `select` is its own block, so a name declared in one (`case 1: os := 1`) is not
   * declared in the next (`default: os.RemoveAll(p)`). Records where this clause ends.
   */
  private clause(k: number, top: number): void {
    const end = this.close(top);
    let j = k + 1;
    for (; j < end; j++) {
      const t = this.tokens[j]!;
      if (t.type === 'op') {
        if (t.value === '(' || t.value === '[' || t.value === '{') j = this.close(j);
      } else if (t.type === 'ident' && (t.value === 'case' || t.value === 'default') && !this.op(j - 1, '.')) break;
    }
    this.clauseEnd.set(top, Math.min(j, end));
  }

  run(): GoScopes {
    const { tokens } = this;
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.type === 'op') {
        if (t.value === '{') this.stack.push(k);
        else if (t.value === '}' && this.stack.length > 0 && this.match[this.stack[this.stack.length - 1]!] === k) this.stack.pop();
        else if (t.value === ':=') this.shortDeclaration(k);
        continue;
      }
      if (t.type !== 'ident' || this.op(k - 1, '.')) continue;
      if ((t.value === 'case' || t.value === 'default') && this.stack.length > 0) this.clause(k, this.stack[this.stack.length - 1]!);
      else if (t.value === 'var' || t.value === 'const' || t.value === 'type') this.specs(k, t.value === 'type');
      else if (t.value === 'func') {
        if (this.funcType(k)) this.bodilessParameters(k + 1);
        else this.signature(k);
      } else if (t.value === 'interface' && this.op(k + 1, '{')) this.interfaceMethods(k + 1);
    }
    return this.scopes;
  }

  /**
   * Whether the `func` at `k` is a function type, not a declaration or literal: after a `)` (a
   * result, `func mk() func(os string) {`, whose `{` is mk's body), `]` (`map[string]func(…)`),
   * `*`, `...` or `chan` on its line (a `func` starting a line after `)` is a declaration: Go
   * ends the line there). Its parameter names are in no scope.
   */
  private funcType(k: number): boolean {
    const before = this.tokens[k - 1];
    if (before === undefined || before.line !== this.tokens[k]!.line) return false;
    return before.type === 'op' ? before.value === ')' || before.value === ']' || before.value === '*' || before.value === '...' : before.value === 'chan';
  }

  /**
   * `a, b := …`: the names before `:=`. In an `if`/`for`/`switch` header the names live only in
   * that statement (its body, and an `if`'s `else` chain), not to the end of the enclosing block:
   * `for os := range xs {}` does not hide the package `os` after the loop.
   */
  private shortDeclaration(k: number): void {
    const header = this.headerBlock(k);
    // In a header, from the end of the simple statement (`if url, err := url.Parse(s); url.Host`
    // uses the new url) or, without one (`range`, a type switch), from the body.
    const from = header === undefined ? this.statementEnd(k) : this.headerStatementEnd(k, header.from);
    for (let j = k - 1; this.ident(j); j -= 2) {
      if (header !== undefined) this.scopes.declare(this.tokens[j]!.value, from, header.to, j);
      else this.declareHere(j, from);
      if (!this.op(j - 1, ',')) break;
    }
  }

  /** After the `;` that ends a header's simple statement whose `:=` is at `k`, or `body` when none does. */
  private headerStatementEnd(k: number, body: number): number {
    for (let j = k + 1; j < body; j++) {
      const t = this.tokens[j]!;
      if (t.type !== 'op') continue;
      if (t.value === '(' || t.value === '[' || t.value === '{') j = this.close(j);
      else if (t.value === ';') return j + 1;
    }
    return body;
  }

  /** For a `:=` in an `if`/`for`/`switch` header: the token range of the statement's body (and else chain). */
  private headerBlock(k: number): { from: number; to: number } | undefined {
    // The keyword right before the names (`if os, err := …`, `} else if …`, also mid-line:
    // `x := 1; if os := x; os > 0 {` or a whole function on one line).
    let head = k - 1;
    while (this.ident(head) && this.op(head - 1, ',')) head -= 2;
    head--;
    const word = this.tokens[head]?.type === 'ident' ? this.tokens[head]!.value : '';
    if (word !== 'if' && word !== 'for' && word !== 'switch') return undefined;
    if (!this.headers.has(head)) this.headers.set(head, this.statementScope(head));
    const scope = this.headers.get(head);
    return scope !== undefined && k < scope.from ? scope : undefined;
  }

  /** The body (and else chain) of the `if`/`for`/`switch` at `head`. */
  private statementScope(head: number): { from: number; to: number } | undefined {
    const { tokens } = this;
    const body = this.bodyOpen(head + 1);
    if (body < 0) return undefined;
    let end = this.close(body);
    // `} else if …: {…} else {…}`: the header's names are visible in every branch.
    while (tokens[end + 1]?.type === 'ident' && tokens[end + 1]!.value === 'else') {
      const next = this.bodyOpen(end + 2);
      if (next < 0) break;
      end = this.close(next);
    }
    return { from: body, to: end + 1 };
  }

  /** The `{` that opens a statement's body after `from`: at the header's level, its `}` ending the line or followed by `else`. */
  private bodyOpen(from: number): number {
    const { tokens } = this;
    for (let j = from; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.type !== 'op') continue;
      if (t.value === '(' || t.value === '[') {
        j = this.close(j);
        continue;
      }
      if (t.value === ';' && tokens[j + 1]?.line !== t.line) return -1;
      if (t.value !== '{') continue;
      const close = this.close(j);
      const after = tokens[close + 1];
      // A composite literal in the header (`range []int{1} {`) is followed by more on its line.
      if (after === undefined || after.line !== tokens[close]!.line || (after.type === 'ident' && after.value === 'else') || close - j > 1 && after.type === 'op' && after.value === '}') return j;
      if (after.type === 'op' && after.value === '{') {
        j = close;
        continue;
      }
      return j;
    }
    return -1;
  }

  /**
   * Whether Go ends the statement after token `k` when a line break follows (its automatic
   * semicolon rule): after a name, a literal, a closing bracket, `++`, `--` and the keywords
   * `break`, `continue`, `fallthrough` and `return`; also after a group's `(`.
   */
  private endsLine(k: number): boolean {
    const t = this.tokens[k];
    if (t === undefined) return true;
    if (t.type === 'op') return t.value === ')' || t.value === ']' || t.value === '}' || t.value === '++' || t.value === '--' || (t.value === '(' && this.tokens[k - 1]?.type === 'ident' && /^(?:var|const|type)$/.test(this.tokens[k - 1]!.value));
    return t.type !== 'ident' || !GO_KEYWORDS.has(t.value) || /^(?:break|continue|fallthrough|return)$/.test(t.value);
  }

  /** `var x, y T`, `const ( a = 1; b )`, `type T …`. */
  private specs(k: number, single: boolean): void {
    const names = (p: number): void => {
      const from = this.statementEnd(p);
      if (single && this.ident(p) && this.op(p + 1, '[')) this.typeParameterList(p + 1, from);
      for (let j = p; this.ident(j); j += 2) {
        this.declareHere(j, from);
        if (single || !this.op(j + 1, ',')) break;
      }
    };
    if (!this.op(k + 1, '(')) {
      names(k + 1);
      return;
    }
    const end = this.close(k + 1);
    let lastLine = -1;
    for (let p = k + 2; p < end; p++) {
      const t = this.tokens[p]!;
      // A spec starts a line only where Go ends the one before (`cfg = os.Getenv(a) +` continues
      // on the next line, whose `os` is no declared name).
      if ((t.line !== lastLine && this.endsLine(p - 1)) || this.op(p - 1, ';')) names(p);
      lastLine = this.tokens[p]!.line;
      if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) {
        p = this.close(p);
        lastLine = this.tokens[p]?.line ?? lastLine;
      }
    }
  }

  /** `func name[T any](params) results {`, `func (r T) name(…) …{`, `func(…) …{`. */
  private signature(k: number): void {
    const topLevel = this.stack.length === 0;
    const names: number[] = [];
    /** Type parameters, the receiver's too (`func (l *List[T]) Push(v T)`): in scope in the signature as well. */
    const typeNames: number[] = [];
    let p = k + 1;
    if (this.op(p, '(')) {
      const close = this.close(p);
      if (topLevel && this.ident(close + 1) && (this.op(close + 2, '(') || this.op(close + 2, '['))) {
        // A method: its receiver is a parameter; its name is declared but hides nothing (it is a selector).
        this.scopes.declared.add(this.tokens[close + 1]!.value);
        this.scopes.sites.add(close + 1);
        this.scopes.topLevel.add(this.tokens[close + 1]!.value);
        names.push(...this.parameterNames(p));
        typeNames.push(...this.receiverTypeParameters(p));
        p = close + 2;
      }
    } else if (this.ident(p)) {
      if (topLevel) {
        this.scopes.declare(this.tokens[p]!.value, 0, this.tokens.length, p);
        this.scopes.topLevel.add(this.tokens[p]!.value);
      }
      p++;
    }
    if (this.op(p, '[')) {
      typeNames.push(...this.parameterNames(p));
      p = this.close(p) + 1;
    }
    if (!this.op(p, '(')) return;
    names.push(...this.parameterNames(p));
    let last = this.close(p);
    p = last + 1;
    if (this.op(p, '(') && this.tokens[p]!.line === this.tokens[last]?.line) {
      names.push(...this.parameterNames(p));
      last = this.close(p);
      p = last + 1;
    }
    const body = this.body(p, this.tokens[last]?.line ?? -1);
    if (body < 0) {
      // A declaration without a body (assembly, linkname) or a function type: its parameter names
      // are in no scope, but they are no uses either.
      for (const n of [...names, ...typeNames]) this.scopes.sites.add(n);
      return;
    }
    for (const n of names) this.scopes.declare(this.tokens[n]!.value, body, this.close(body), n);
    for (const n of typeNames) this.scopes.declare(this.tokens[n]!.value, k, this.close(body), n);
  }

  /** The type parameter names of a receiver `(l *List[K, V])` whose `(` is at `open`. */
  private receiverTypeParameters(open: number): number[] {
    const close = this.close(open);
    let bracket = open + 1;
    while (bracket < close && !this.op(bracket, '[')) bracket++;
    if (bracket >= close) return [];
    const names: number[] = [];
    for (let j = bracket + 1; j < this.close(bracket); j += 2) {
      if (!this.ident(j)) break;
      names.push(j);
      if (!this.op(j + 1, ',')) break;
    }
    return names;
  }

  /**
   * A generic type's parameters (`type List[T any] struct {`, whose `[` is at `open`; not an array
   * type `type A [N]int`): declared over the type's declaration, up to `end`.
   */
  private typeParameterList(open: number, end: number): void {
    const close = this.close(open);
    const first = this.tokens[open + 2];
    if (!this.ident(open + 1) || first === undefined || !(first.type === 'ident' || first.value === '~' || first.value === ',')) return;
    for (const n of this.parameterNames(open)) this.scopes.declare(this.tokens[n]!.value, open, Math.max(end, close), n);
  }

  /** Parameter and result names of a function type or an interface method whose `(` is at `p`: declaration sites in no scope. */
  private bodilessParameters(p: number): void {
    if (!this.op(p, '(')) return;
    for (const n of this.parameterNames(p)) this.scopes.sites.add(n);
    const last = this.close(p);
    if (this.op(last + 1, '(') && this.tokens[last + 1]!.line === this.tokens[last]?.line) for (const n of this.parameterNames(last + 1)) this.scopes.sites.add(n);
  }

  /** The methods of the interface body opened at `open` (`Read(p []byte) (n int, err error)`): their parameter names are sites. */
  private interfaceMethods(open: number): void {
    const end = this.close(open);
    for (let j = open + 1; j < end; j++) {
      const t = this.tokens[j]!;
      if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) {
        j = this.close(j);
        continue;
      }
      const starts = this.tokens[j - 1]!.line !== t.line || this.op(j - 1, ';') || j === open + 1;
      if (starts && this.ident(j) && this.op(j + 1, '(')) this.bodilessParameters(j + 1);
    }
  }

  /** The body's `{` after a signature (on the signature's last line), or -1 for a function type. */
  private body(p: number, line: number): number {
    const { tokens } = this;
    while (p < tokens.length && tokens[p]!.line === line) {
      const t = tokens[p]!;
      if (t.type === 'op') {
        if (t.value === '{' && !(tokens[p - 1]?.value === 'struct' || tokens[p - 1]?.value === 'interface')) return p;
        if (t.value === '(' || t.value === '[' || t.value === '{') {
          p = this.close(p);
          line = tokens[p]?.line ?? line;
          p++;
          continue;
        }
        if (STOP.has(t.value)) return -1;
      }
      p++;
    }
    return -1;
  }

  /** Parameter names of the group opened at `open`: `(a, b int, c string)`; none for `(int, error)`. */
  private parameterNames(open: number): number[] {
    const close = this.close(open);
    const parts: Array<[number, number]> = [];
    let start = open + 1;
    for (let q = open + 1; q < close; q++) {
      const v = this.tokens[q]!;
      if (v.type !== 'op') continue;
      if (v.value === '(' || v.value === '[' || v.value === '{') q = this.close(q);
      else if (v.value === ',') {
        parts.push([start, q]);
        start = q + 1;
      }
    }
    if (start < close) parts.push([start, close]);
    const named: number[] = [];
    const singles: number[] = [];
    for (const [a, b] of parts) {
      if (!this.ident(a)) continue;
      if (b - a === 1) singles.push(a);
      else if (!this.op(a + 1, '.')) named.push(a);
    }
    return named.length > 0 ? [...named, ...singles] : [];
  }
}
