/**
 * The package types of the values a Go file makes, so that a method called on one can be looked
 * up as `Type.Method` of that package (`fp := gofeed.NewParser(); fp.ParseURL(u)` is gofeed's
 * `Parser.ParseURL`). Go has no receiver typing in this scanner beyond these shapes:
 *
 * - a name declared from a constructor or a composite literal of an imported package:
 *   `x := pkg.NewT(…)`, `x, err := pkg.NewT(…)` (the first name takes the call's first result),
 *   `var x = pkg.NewT(…)`, `x := &pkg.T{…}`, `x := pkg.T{…}`, `x := new(pkg.T)` (Go's convention: `NewT` makes a `T`);
 * - a name declared with the type written: `var x pkg.T`, `var x *pkg.T`, a parameter `x *pkg.T`;
 * - a struct field declared `name *pkg.T` (or `pkg.T`), when no struct of the file gives a field of
 *   that name another type (`h.feeds.ParseURL(u)`); an embedded `*pkg.T` is a field named `T`;
 * - a name declared from a call of a function of the file whose (first) result is such a type:
 *   `func newParser() *gofeed.Parser {…}; c := newParser()`, also `newParser().ParseURL(u)`;
 * - a name declared from a method's result on a value of a struct type of the package
 *   (`c := s.parser()`, also `s.parser().ParseURL(u)`, and along a chain of fields and method
 *   results: `h.srv.parser().ParseURL(u)`, {@link GoValueTypes.exprType}), or from a call of a function value
 *   (`mk := func() *gofeed.Parser {…}; p := mk()`, also `mk().ParseURL(u)`);
 * - the same from another file of the package: {@link GoPackageFacts} carries what each file
 *   declares at package level, and `scan-files.ts` passes the merged facts of the directory's
 *   files with the same package clause;
 * - a struct type of the file: `s := S{…}`, `&S{…}`, `new(S)`, `var s S`, a parameter or receiver
 *   `s *S`, a function of the file returning `*S`. A method the file does not declare on `S` is
 *   looked up in the package types `S` embeds, also through the file's types it embeds
 *   (`type S struct { *gofeed.Parser }; s.ParseURL(u)` is gofeed's `Parser.ParseURL`), as Go
 *   promotes them; a method the file declares on `S` is its own code.
 *
 * A use takes the innermost declaration of its name in scope there (`go-scopes.ts`); a later
 * assignment (`x = other()`) is not followed. The package name must be a named import not hidden
 * at the declaration.
 *
 * @module
 */
import type { GoToken } from './go-tokenize.ts';
import type { GoScopes } from './go-scopes.ts';
import { GO_KEYWORDS, GO_PREDECLARED } from './go-scopes.ts';
import type { GoImportSpec } from './go-imports.ts';

/** A value's type: an exported type of an imported package. */
export interface GoValueType {
  spec: GoImportSpec;
  type: string;
}

/** A struct type the file declares (by name). */
export interface GoLocalType {
  local: string;
}

/** What a name's value is known to be. */
export type GoKnownType = GoValueType | GoLocalType;

/** A function value (`mk := func() *pkg.T {…}`): calling it gives its (first) result. */
interface GoFuncValue {
  returns: GoKnownType;
}

/**
 * The package-level declarations of a Go file that the other files of its package see: its struct
 * types (with what they embed), struct fields, methods, and the (first) result types of its
 * functions and methods. A type named in them carries the import of the file that declares it.
 */
export interface GoPackageFacts {
  structs: ReadonlyMap<string, readonly GoKnownType[]>;
  fields: ReadonlyMap<string, GoKnownType | null>;
  methods: ReadonlySet<string>;
  /** Per package-level function name: its (first) result type. */
  results: ReadonlyMap<string, GoKnownType>;
  /** Per `Type.method`: the method's (first) result type. */
  methodResults: ReadonlyMap<string, GoKnownType>;
}

/** Two types that are the same type. */
function sameType(a: GoKnownType, b: GoKnownType): boolean {
  return 'spec' in a ? 'spec' in b && a.spec.path === b.spec.path && a.type === b.type : 'local' in b && a.local === b.local;
}

/**
 * The facts of several files of one package, merged: a name two files give different types (which
 * the compiler would reject, or a build-tag pair of files) is dropped.
 *
 * @param list Each file's facts ({@link GoValueTypes.facts}).
 * @returns One set of facts.
 */
export function mergeGoPackageFacts(list: readonly GoPackageFacts[]): GoPackageFacts {
  const structs = new Map<string, GoKnownType[]>();
  const fields = new Map<string, GoKnownType | null>();
  const methods = new Set<string>();
  const results = new Map<string, GoKnownType | null>();
  const methodResults = new Map<string, GoKnownType | null>();
  const agree = <K>(into: Map<K, GoKnownType | null>, key: K, type: GoKnownType | null): void => {
    const known = into.get(key);
    into.set(key, known === undefined ? type : known !== null && type !== null && sameType(known, type) ? known : null);
  };
  for (const facts of list) {
    for (const [name, embedded] of facts.structs) structs.set(name, [...(structs.get(name) ?? []), ...embedded]);
    for (const [name, type] of facts.fields) agree(fields, name, type);
    for (const m of facts.methods) methods.add(m);
    for (const [name, type] of facts.results) agree(results, name, type);
    for (const [name, type] of facts.methodResults) agree(methodResults, name, type);
  }
  const known = (m: Map<string, GoKnownType | null>): Map<string, GoKnownType> => new Map([...m].filter((e): e is [string, GoKnownType] => e[1] !== null));
  return { structs, fields, methods, results: known(results), methodResults: known(methodResults) };
}

/** How deep embedded types of the file are followed (`Outer` embeds `Inner` embeds `*pkg.T`). */
const EMBED_DEPTH = 8;

/** How many links of a receiver chain (`h.app.srv.parser()`) are read. */
const CHAIN_DEPTH = 16;

const CONSTRUCTOR = /^New([A-Z]\w*)$/;
const EXPORTED = /^[A-Z]/;

/** The package types of a file's declared values and struct fields. */
export class GoValueTypes {
  /** Per declaring token: the type of the value it names, when one of the shapes above. */
  private readonly sites = new Map<number, GoKnownType>();
  /** Per field name: its type, or null when the file's structs disagree or give another type. */
  private readonly fields = new Map<string, GoKnownType | null>();
  /** The file's struct types: per name, the types embedded in it. */
  private readonly structs = new Map<string, GoKnownType[]>();
  /** `Type.Method` for each method the file declares on its own types. */
  private readonly methods = new Set<string>();
  /** Per name token of a function of the file: the type of its (first) result. */
  private readonly results = new Map<number, GoKnownType>();
  /** Per `Type.method` of the file (and of the package's other files): the method's (first) result type. */
  private readonly methodResults = new Map<string, GoKnownType>();
  /** Per declaring token of a function value (`mk := func() *pkg.T {…}`): its result type. */
  private readonly closures = new Map<number, GoFuncValue>();
  /** The package-level functions of the package's other files: their (first) result types. */
  private readonly packageResults: ReadonlyMap<string, GoKnownType>;
  /** Per token: the function of the file a call there names (see {@link sweep}), once computed. */
  private calls: Int32Array | undefined;
  /** {@link innermost}, once computed. */
  private inner: Int32Array | undefined;
  /** Struct names, field names and `Type.Method`s this file declares itself (not the package's other files). */
  private readonly ownStructs = new Set<string>();
  private readonly ownFields = new Set<string>();
  private readonly ownMethods = new Set<string>();

  constructor(
    private readonly tokens: readonly GoToken[],
    private readonly match: Int32Array,
    private readonly scopes: GoScopes,
    private readonly named: ReadonlyMap<string, GoImportSpec>,
    pkg?: GoPackageFacts,
  ) {
    this.packageResults = pkg?.results ?? new Map();
    // The file's struct names first (a field or result may name one declared further down).
    const bodies: number[] = [];
    for (let k = 0; k < tokens.length; k++) {
      if (!this.isIdent(k, 'struct') || !this.op(k + 1, '{')) continue;
      bodies.push(k + 1);
      // `type S struct {` (also in a `type (…)` group): the name is a declaration site, a field name is not.
      if (this.isIdent(k - 1) && scopes.sites.has(k - 1)) {
        const name = tokens[k - 1]!.value;
        if (!this.structs.has(name)) this.structs.set(name, []);
        this.ownStructs.add(name);
      }
    }
    // The struct types, fields and methods the package's other files declare (the file's own win).
    if (pkg !== undefined) {
      for (const [name, embedded] of pkg.structs) if (!this.structs.has(name)) this.structs.set(name, [...embedded]);
      for (const [name, type] of pkg.fields) this.fields.set(name, type);
      for (const m of pkg.methods) this.methods.add(m);
      for (const [name, type] of pkg.methodResults) this.methodResults.set(name, type);
    }
    for (const open of bodies) this.structFields(open);
    for (let k = 0; k < tokens.length; k++) if (this.isIdent(k, 'func') && (k === 0 || tokens[k - 1]!.line < tokens[k]!.line)) this.signature(k);
    // In the file's order: a declaration may take its type from an earlier one (`c := s.parser()` after the receiver `s *S`).
    for (const site of [...scopes.sites].sort((a, b) => a - b)) {
      const type = this.declaredType(site);
      if (type === undefined) continue;
      if ('returns' in type) this.closures.set(site, type);
      else this.sites.set(site, type);
    }
  }

  /** What this file declares at package level, for the other files of its package. */
  facts(): GoPackageFacts {
    const results = new Map<string, GoKnownType>();
    for (const [site, type] of this.results) results.set(this.tokens[site]!.value, type);
    // A package-level function value (`var mk = func() *pkg.T {…}`) is called like a function.
    for (const [site, value] of this.closures) {
      const range = this.scopes.siteRanges.get(site);
      if (range !== undefined && range[0] === 0 && range[1] === this.tokens.length && !results.has(this.tokens[site]!.value)) results.set(this.tokens[site]!.value, value.returns);
    }
    const structs = new Map<string, GoKnownType[]>();
    for (const [name, embedded] of this.structs) if (this.ownStructs.has(name)) structs.set(name, embedded);
    const fields = new Map([...this.fields].filter(([name]) => this.ownFields.has(name)));
    return { structs, fields, methods: new Set([...this.methods].filter((m) => this.ownMethods.has(m))), results, methodResults: new Map([...this.methodResults].filter(([m]) => this.ownMethods.has(m))) };
  }

  /**
   * The result type of a call `name(` at `at` (not after a `.`) of a function value declared in
   * scope there (`mk := func() *pkg.T {…}`), or else of a package-level function another file of the
   * package declares, when no declaration of the file hides the name.
   */
  callResultAt(at: number): GoKnownType | undefined {
    const own = this.resultAt(at);
    if (own !== undefined) return own;
    const name = this.tokens[at]!.value;
    if (this.closures.size > 0) {
      const closure = this.closures.get(this.innermost()[at]!);
      if (closure !== undefined) return closure.returns;
    }
    return this.scopes.shadows(name, at) ? undefined : this.packageResults.get(name);
  }

  /**
   * The result type of `recv.method(` where the value at `recv` has type `value`: a method the
   * file or its package declares on that struct type, or on a struct type it embeds (nearest first).
   */
  methodResult(value: GoKnownType, method: string): GoKnownType | undefined {
    if ('spec' in value) return undefined;
    let found: GoKnownType | undefined;
    this.embedLevels(value.local, (name) => {
      found = this.methodResults.get(`${name}.${method}`);
      return found !== undefined || this.methods.has(`${name}.${method}`);
    });
    return found;
  }

  /**
   * The type of the receiver expression ending at token `end`, read leftwards link by link (at most
   * {@link CHAIN_DEPTH}): a name ({@link valueAt}), a field `x.field` of the package's structs
   * ({@link fieldType}; not of an imported package or of a call's result), a method's result
   * `x.m(…)` on such a value ({@link methodResult}), or a call `f(…)` ({@link callResultAt}). So
   * `h.srv.parser().ParseURL(u)` with a field `srv *Server` and `func (s *Server) parser() *gofeed.Parser`
   * is gofeed's `Parser.ParseURL`.
   */
  exprType(end: number, depth = 0): GoKnownType | undefined {
    const t = this.tokens[end];
    if (t === undefined || depth > CHAIN_DEPTH) return undefined;
    if (t.type === 'ident') {
      if (!this.op(end - 1, '.')) return this.scopes.shadows(t.value, end) ? this.valueAt(end) : undefined;
      return this.op(end - 2, ')') || this.importAt(end - 2) ? undefined : this.fieldType(t.value);
    }
    if (t.type !== 'op' || t.value !== ')') return undefined;
    const name = (this.match[end] ?? -1) - 1;
    if (name < 0 || !this.isIdent(name)) return undefined;
    if (!this.op(name - 1, '.')) return this.named.has(this.tokens[name]!.value) && !this.scopes.shadows(this.tokens[name]!.value, name) ? undefined : this.callResultAt(name);
    if (this.importAt(name - 2)) return undefined;
    const recv = this.exprType(name - 2, depth + 1);
    return recv === undefined ? undefined : this.methodResult(recv, this.tokens[name]!.value);
  }

  /**
   * The names after a `.` (not of an import) whose every use is on a value of a struct type of
   * the package with a method of that name (its own, or promoted from a type of the package it
   * embeds): per name, the types declaring the method. A file that follows the package's files by
   * name needs only the files declaring those methods, not every method of that name
   * (`h.srv.reader().Pull(u)` is `(*Reader).Pull`, not `(*Admin).Pull` beside it). A name used
   * once on a value whose type is not known for certain (a parameter of an interface type, a
   * field of another package's value, an index expression, a method promoted from an imported
   * type) is left out: it may be any method of that name.
   */
  methodOwners(): Map<string, Set<string>> {
    const owned = new Map<string, Set<string>>();
    const unknown = new Set<string>();
    for (let i = 2; i < this.tokens.length; i++) {
      if (!this.isIdent(i) || !this.op(i - 1, '.') || this.importAt(i - 2)) continue;
      const name = this.tokens[i]!.value;
      if (unknown.has(name)) continue;
      const recv = this.isIdent(i - 2) || this.op(i - 2, ')') ? this.ownType(i - 2) : undefined;
      const owners = recv === undefined ? undefined : this.owners(recv, name);
      if (owners === undefined) {
        unknown.add(name);
        owned.delete(name);
        continue;
      }
      let set = owned.get(name);
      if (set === undefined) owned.set(name, (set = new Set()));
      set.add(owners);
    }
    return owned;
  }

  /**
   * The struct type of the package that the receiver expression ending at `end` certainly has: as
   * {@link exprType}, but a field or a method's result counts only on a value whose own type is
   * known and embeds no imported type (whose fields and methods this file cannot see).
   */
  private ownType(end: number, depth = 0): string | undefined {
    const t = this.tokens[end];
    if (t === undefined || depth > CHAIN_DEPTH) return undefined;
    const local = (type: GoKnownType | undefined): string | undefined => (type !== undefined && 'local' in type ? type.local : undefined);
    if (t.type === 'ident') {
      if (!this.op(end - 1, '.')) return this.scopes.shadows(t.value, end) ? local(this.valueAt(end)) : undefined;
      if (this.importAt(end - 2) || !(this.isIdent(end - 2) || this.op(end - 2, ')'))) return undefined;
      const recv = this.ownType(end - 2, depth + 1);
      return recv !== undefined && this.closed(recv) ? local(this.fieldType(t.value)) : undefined;
    }
    if (t.type !== 'op' || t.value !== ')') return undefined;
    const name = (this.match[end] ?? -1) - 1;
    if (name < 0 || !this.isIdent(name)) return undefined;
    if (!this.op(name - 1, '.')) return this.named.has(this.tokens[name]!.value) && !this.scopes.shadows(this.tokens[name]!.value, name) ? undefined : local(this.callResultAt(name));
    if (this.importAt(name - 2) || !(this.isIdent(name - 2) || this.op(name - 2, ')'))) return undefined;
    const recv = this.ownType(name - 2, depth + 1);
    return recv !== undefined && this.closed(recv) ? local(this.methodResult({ local: recv }, this.tokens[name]!.value)) : undefined;
  }

  /** Whether `name` is a struct type of the package that embeds (at any depth) no imported type. */
  private closed(name: string): boolean {
    if (!this.structs.has(name)) return false;
    let foreign = false;
    this.embedLevels(name, (n) => (foreign = (this.structs.get(n) ?? []).some((e) => 'spec' in e)));
    return !foreign;
  }

  /**
   * The type of the package whose `method` a call on a value of type `start` runs: `start` itself
   * when it declares one, else the nearest struct of the package it embeds that does, when no
   * imported type is embedded on the way (undefined: not known here).
   */
  private owners(start: string, method: string): string | undefined {
    let owner: string | undefined;
    let foreign = false;
    this.embedLevels(start, (n) => {
      if (this.methods.has(`${n}.${method}`)) owner = foreign ? undefined : n;
      else if ((this.structs.get(n) ?? []).some((e) => 'spec' in e)) foreign = true;
      return this.methods.has(`${n}.${method}`);
    });
    return owner;
  }

  /** Whether the token at `k` names an imported package there (not hidden by a declaration). */
  importAt(k: number): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'ident' && this.named.has(t.value) && !this.scopes.shadows(t.value, k);
  }

  /**
   * The type of the value named by the identifier at `at` (not after a `.`): its innermost
   * declaration in scope there, if that declaration gives a package type.
   */
  valueAt(at: number): GoKnownType | undefined {
    if (this.sites.size === 0) return undefined;
    const site = this.innermost()[at]!;
    return site < 0 ? undefined : this.sites.get(site);
  }

  /** The result type of the file's function a call `name(` at `at` (not after a `.`) names, when the function declared at package level is the name in scope there. */
  resultAt(at: number): GoKnownType | undefined {
    if (this.results.size === 0) return undefined;
    this.calls ??= this.sweep(new Set([...this.results.keys()].map((site) => this.tokens[site]!.value)));
    const site = this.calls[at]!;
    return site < 0 ? undefined : this.results.get(site);
  }

  /**
   * The package types whose `method` a call on a value of type `value` runs: the type itself, or
   * for a struct of the file that declares no such method, the package types it embeds (also
   * through the file's types it embeds), nearest first.
   */
  methodTypes(value: GoKnownType, method: string): GoValueType[] {
    if ('spec' in value) return [value];
    const out: GoValueType[] = [];
    this.embedLevels(value.local, (name) => {
      // The file's own method of that name (on this type or one it embeds, at this depth) is its code.
      if (this.methods.has(`${name}.${method}`)) return true;
      for (const embedded of this.structs.get(name) ?? []) if ('spec' in embedded) out.push(embedded);
      return false;
    });
    return out;
  }

  /**
   * Visits the struct type `start` of the package, then the package's struct types it embeds,
   * level by level (nearest first, each once, at most {@link EMBED_DEPTH} levels), until `visit`
   * returns true.
   */
  private embedLevels(start: string, visit: (name: string) => boolean): void {
    const seen = new Set<string>();
    let level: string[] = [start];
    for (let depth = 0; depth < EMBED_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const name of level) {
        if (seen.has(name)) continue;
        seen.add(name);
        if (visit(name)) return;
        for (const embedded of this.structs.get(name) ?? []) if ('local' in embedded) next.push(embedded.local);
      }
      level = next;
    }
  }

  /** Per token of a declared name: its innermost declaration in scope there (-1: none), once computed. */
  private innermost(): Int32Array {
    return (this.inner ??= this.sweep(new Set([...this.scopes.sites].map((site) => this.tokens[site]!.value))));
  }

  /**
   * Per token of a name in `names`: the declaring token of the innermost declaration of that name
   * in scope there (-1: none). One sweep over the file with a stack of open declarations per
   * name: a declaration is pushed where its scope starts and popped once the sweep is past its
   * end, so any number of sibling or nested declarations of one name between a declaration and its
   * use costs nothing per use (the innermost is the open one that started last).
   */
  private sweep(names: ReadonlySet<string>): Int32Array {
    const inner = new Int32Array(this.tokens.length).fill(-1);
    const starts: Array<[number, number, number]> = [];
    for (const [site, [from, to]] of this.scopes.siteRanges) if (names.has(this.tokens[site]!.value)) starts.push([from, to, site]);
    starts.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
    const open = new Map<string, Array<[number, number]>>();
    let next = 0;
    for (let k = 0; k < this.tokens.length; k++) {
      for (; next < starts.length && starts[next]![0] <= k; next++) {
        const [, to, site] = starts[next]!;
        const name = this.tokens[site]!.value;
        const stack = open.get(name);
        if (stack === undefined) open.set(name, [[site, to]]);
        else stack.push([site, to]);
      }
      const t = this.tokens[k]!;
      if (t.type !== 'ident') continue;
      const stack = open.get(t.value);
      if (stack === undefined) continue;
      while (stack.length > 0 && stack[stack.length - 1]![1] <= k) stack.pop();
      const top = stack[stack.length - 1];
      if (top !== undefined && top[0] !== k) inner[k] = top[0];
    }
    return inner;
  }

  /** The type of a struct field named `name`, when the file's structs agree on one. */
  fieldType(name: string): GoKnownType | undefined {
    return this.fields.get(name) ?? undefined;
  }

  /** The type a `Type.Method` call on the value made by `pkg.Member(` at the member gets: `NewT` makes a `T`. */
  static constructed(member: string): string | undefined {
    return CONSTRUCTOR.exec(member)?.[1];
  }

  private op(k: number, value: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'op' && t.value === value;
  }

  private isIdent(k: number, value?: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'ident' && (value === undefined || t.value === value);
  }

  /** Whether the token at `k` ends an expression: the text ends, the next token is on a later line or closes it. */
  private ends(k: number): boolean {
    const t = this.tokens[k];
    if (t === undefined) return true;
    if (t.line > this.tokens[k - 1]!.line) return true;
    return t.type === 'op' && (t.value === ',' || t.value === ';' || t.value === ')' || t.value === '}' || t.value === ']');
  }

  /** `pkg.T` (after an optional `*`) at `k` ending the type: the named import and the type name. */
  private packageType(k: number): { type: GoValueType; end: number } | undefined {
    if (this.op(k, '*')) k++;
    const pkg = this.tokens[k];
    const name = this.tokens[k + 2];
    if (pkg?.type !== 'ident' || !this.op(k + 1, '.') || name?.type !== 'ident' || !EXPORTED.test(name.value)) return undefined;
    const spec = this.named.get(pkg.value);
    if (spec === undefined || this.scopes.shadows(pkg.value, k)) return undefined;
    return { type: { spec, type: name.value }, end: k + 3 };
  }

  /**
   * A type at `k` (after an optional `*`): `pkg.T` as {@link packageType}, or a struct type the file
   * declares (`S`, not `S.x`). `loose` (a package-level field or result type, which the package's
   * other files see) also takes a name the file does not declare as a struct, not a predeclared
   * type: it may be a struct another file of the package declares (`srv *Server` beside server.go);
   * a name that is none has no methods or fields to look up.
   */
  private typeAt(k: number, loose = false): { type: GoKnownType; end: number } | undefined {
    const made = this.packageType(k);
    if (made !== undefined) return made;
    if (this.op(k, '*')) k++;
    const t = this.tokens[k];
    if (t?.type !== 'ident' || this.op(k + 1, '.') || this.op(k + 1, '[')) return undefined;
    if (!this.structs.has(t.value) && (!loose || GO_PREDECLARED.has(t.value) || GO_KEYWORDS.has(t.value) || this.named.has(t.value))) return undefined;
    return { type: { local: t.value }, end: k + 1 };
  }

  /**
   * The type of the expression starting at `k` when it is `pkg.NewT(…)`, `&pkg.T{…}`, `pkg.T{…}`,
   * `new(pkg.T)` (or those of a struct type of the file), or a call of a function of the file
   * with a known result, and ends there.
   */
  private madeType(k: number): GoKnownType | GoFuncValue | undefined {
    // `new(pkg.T)` makes a `*T`, as `&pkg.T{}` does (unless the file rebinds `new`).
    if (this.isIdent(k, 'new') && this.op(k + 1, '(') && !this.op(k + 2, '*') && !this.scopes.shadows('new', k)) {
      const made = this.typeAt(k + 2);
      return made !== undefined && this.match[k + 1] === made.end && this.ends(made.end + 1) ? made.type : undefined;
    }
    // `mk()`, `mk(a, b)`: the result of the file's own function, a function value or a function of the package.
    if (this.isIdent(k) && !this.op(k - 1, '.') && this.op(k + 1, '(')) {
      const close = this.match[k + 1] ?? -1;
      const result = close > k ? this.callResultAt(k) : undefined;
      if (result !== undefined && this.ends(close + 1)) return result;
    }
    // `s.client()`, `h.srv.parser()`: the result of a method of the package on a value (a name or
    // a chain of fields and method results) whose struct type is known.
    if (this.isIdent(k) && !this.op(k - 1, '.') && this.op(k + 1, '.') && !this.importAt(k)) {
      let e = k;
      for (let links = 0; links <= CHAIN_DEPTH; links++) {
        if (this.op(e + 1, '.') && this.isIdent(e + 2)) e += 2;
        else if (this.op(e + 1, '(') && (this.match[e + 1] ?? -1) > e) e = this.match[e + 1]!;
        else break;
      }
      const call = this.op(e, ')') && this.op((this.match[e] ?? 0) - 2, '.');
      const result = call && this.ends(e + 1) ? this.exprType(e) : undefined;
      if (result !== undefined) return result;
    }
    // `func() *pkg.T {…}`, `func(a int) (*pkg.T, error) {…}`: a function value.
    if (this.isIdent(k, 'func') && this.op(k + 1, '(')) {
      const result = this.funcResult(k + 1);
      const body = result === undefined ? -1 : result.body;
      return result !== undefined && this.op(body, '{') && this.ends((this.match[body] ?? -2) + 1) ? { returns: result.type } : undefined;
    }
    const address = this.op(k, '&');
    const made = this.typeAt(address ? k + 1 : k);
    if (made === undefined || this.op(address ? k + 1 : k, '*')) return undefined;
    const open = made.end;
    const close = this.match[open] ?? -1;
    if (close < open || !this.ends(close + 1)) return undefined;
    if (this.op(open, '{')) return made.type;
    const type = address || !('spec' in made.type) ? undefined : GoValueTypes.constructed(made.type.type);
    return this.op(open, '(') && type !== undefined && 'spec' in made.type ? { spec: made.type.spec, type } : undefined;
  }

  /** The (first) result type of a signature whose parameters open at `open`, and the token after the results. */
  private funcResult(open: number, loose = false): { type: GoKnownType; body: number } | undefined {
    const params = this.match[open] ?? -1;
    if (params < open) return undefined;
    const grouped = this.op(params + 1, '(');
    const result = this.typeAt(grouped ? params + 2 : params + 1, loose);
    if (result === undefined) return undefined;
    if (!grouped) return { type: result.type, body: result.end };
    if (!this.op(result.end, ',') && !this.op(result.end, ')')) return undefined;
    return { type: result.type, body: (this.match[params + 1] ?? -2) + 1 };
  }

  /** The type the declaration whose name is at `site` gives it (see the module comment). */
  private declaredType(site: number): GoKnownType | GoFuncValue | undefined {
    const { tokens } = this;
    // `name *pkg.T` (a var spec, a parameter or a receiver) or `name pkg.T = …`.
    const written = this.typeAt(site + 1);
    if (written !== undefined && (this.ends(written.end) || this.op(written.end, '='))) return written.type;
    // `a, name, b := e0, e1, e2`, `var name = e0`: the names before and after it in its list.
    let start = site;
    while (this.op(start - 1, ',') && this.isIdent(start - 2)) start -= 2;
    let last = site;
    while (this.op(last + 1, ',') && this.isIdent(last + 2)) last += 2;
    if (!(this.op(last + 1, ':=') || (this.op(last + 1, '=') && this.isIdent(start - 1, 'var')))) return undefined;
    let k = last + 2;
    // Skip to the expression in the same position as the name (the first one when there is one expression).
    const position = (site - start) / 2;
    if (position > 64) return undefined;
    for (let n = position; n > 0; n--) {
      const line = tokens[k]?.line;
      while (k < tokens.length && !this.op(k, ',')) {
        const t = tokens[k]!;
        if (t.line !== line && t.type !== 'op') return undefined;
        if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) {
          const m = this.match[k] ?? -1;
          if (m < k) return undefined;
          k = m;
        } else if (t.type === 'op' && (t.value === ')' || t.value === '}' || t.value === ']' || t.value === ';')) return undefined;
        k++;
      }
      if (k >= tokens.length) return undefined;
      k++;
    }
    return this.madeType(k);
  }

  /**
   * A function of the file at the `func` at `k` (starting a line): its (first) result type when
   * known, and for a method the `Type.Method` it declares on the receiver's type.
   */
  private signature(k: number): void {
    let p = k + 1;
    if (this.op(p, '(')) {
      // A method: `func (s *S) Name(`; its receiver's type is the last name before the `)` (`[T]` skipped).
      const close = this.match[p] ?? -1;
      if (close < p || !this.isIdent(close + 1)) return;
      let r = close - 1;
      if (this.op(r, ']')) r = (this.match[r] ?? r) - 1;
      if (!this.isIdent(r)) return;
      const method = `${this.tokens[r]!.value}.${this.tokens[close + 1]!.value}`;
      this.methods.add(method);
      this.ownMethods.add(method);
      const result = this.op(close + 2, '(') ? this.funcResult(close + 2, true) : undefined;
      if (result !== undefined && this.op(result.body, '{')) this.methodResults.set(method, result.type);
      return;
    }
    if (!this.isIdent(p) || !this.op(p + 1, '(')) return;
    const params = this.match[p + 1] ?? -1;
    if (params < p) return;
    const first = this.op(params + 1, '(') ? params + 2 : params + 1;
    const result = this.typeAt(first, true);
    if (result === undefined) return;
    const after = this.tokens[result.end];
    if (first === params + 2 ? this.op(result.end, ',') || this.op(result.end, ')') : this.op(result.end, '{') && after!.line === this.tokens[p]!.line) this.results.set(p, result.type);
  }

  /** Record a field's type (null once two structs of the package disagree or one gives another type). */
  private field(name: string, type: GoKnownType | undefined): void {
    const known = this.fields.get(name);
    this.ownFields.add(name);
    this.fields.set(name, type !== undefined && (known === undefined || (known !== null && sameType(known, type))) ? type : null);
  }

  /** The fields of the struct type whose `{` is at `open` (and the types it embeds, when the file names the struct). */
  private structFields(open: number): void {
    const close = this.match[open] ?? -1;
    if (close < open) return;
    const owner = this.isIdent(open - 2) && this.scopes.sites.has(open - 2) ? this.structs.get(this.tokens[open - 2]!.value) : undefined;
    let k = open + 1;
    while (k < close) {
      // An embedded field: `*pkg.T`, `pkg.T`, `*T` or `T` alone on its line (a tag may follow); its name is the type's.
      const embedded = this.typeAt(k);
      if (embedded !== undefined && (this.ends(embedded.end) || this.tokens[embedded.end]!.type === 'string') && this.tokens[embedded.end - 1]!.line === this.tokens[k]!.line) {
        owner?.push(embedded.type);
        this.field('spec' in embedded.type ? embedded.type.type : embedded.type.local, embedded.type);
      } else {
        // One field line: `a, b *pkg.T`, `p Mine`, a tag after it.
        const names: number[] = [];
        let j = k;
        while (this.isIdent(j) && this.tokens[j]!.line === this.tokens[k]!.line) {
          names.push(j);
          if (!this.op(j + 1, ',')) break;
          j += 2;
        }
        const type = names.length > 0 && !this.op(j + 1, '.') ? this.typeAt(j + 1, true) : undefined;
        const typed = type !== undefined && (this.ends(type.end) || this.tokens[type.end]!.type === 'string') ? type.type : undefined;
        for (const n of names) if (!this.op(n + 1, '.')) this.field(this.tokens[n]!.value, typed);
      }
      // On to the next line or `;` at this depth.
      const line = this.tokens[k]!.line;
      while (k < close && this.tokens[k]!.line === line && !this.op(k, ';')) {
        const m = this.op(k, '(') || this.op(k, '[') || this.op(k, '{') ? this.match[k] ?? -1 : -1;
        k = m > k ? m + 1 : k + 1;
      }
      if (this.op(k, ';')) k++;
    }
  }
}
