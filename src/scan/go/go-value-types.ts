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
 *   that name another type (`h.feeds.ParseURL(u)`).
 *
 * A use takes the innermost declaration of its name in scope there (`go-scopes.ts`); a later
 * assignment (`x = other()`) is not followed. The package name must be a named import not hidden
 * at the declaration.
 *
 * @module
 */
import type { GoToken } from './go-tokenize.ts';
import type { GoScopes } from './go-scopes.ts';
import type { GoImportSpec } from './go-imports.ts';

/** A value's type: an exported type of an imported package. */
export interface GoValueType {
  spec: GoImportSpec;
  type: string;
}

const CONSTRUCTOR = /^New([A-Z]\w*)$/;
const EXPORTED = /^[A-Z]/;

/** The package types of a file's declared values and struct fields. */
export class GoValueTypes {
  /** Per declaring token: the type of the value it names, when one of the shapes above. */
  private readonly sites = new Map<number, GoValueType>();
  /** Per field name: its package type, or null when the file's structs disagree or give another type. */
  private readonly fields = new Map<string, GoValueType | null>();
  /** {@link innermost}, once computed. */
  private inner: Int32Array | undefined;

  constructor(
    private readonly tokens: readonly GoToken[],
    private readonly match: Int32Array,
    private readonly scopes: GoScopes,
    private readonly named: ReadonlyMap<string, GoImportSpec>,
  ) {
    for (const site of scopes.sites) {
      const type = this.declaredType(site);
      if (type !== undefined) this.sites.set(site, type);
    }
    for (let k = 0; k < tokens.length; k++) if (this.isIdent(k, 'struct') && this.op(k + 1, '{')) this.structFields(k + 1);
  }

  /**
   * The type of the value named by the identifier at `at` (not after a `.`): its innermost
   * declaration in scope there, if that declaration gives a package type.
   */
  valueAt(at: number): GoValueType | undefined {
    if (this.sites.size === 0) return undefined;
    const site = this.innermost()[at]!;
    return site < 0 ? undefined : this.sites.get(site);
  }

  /**
   * Per token: the declaring token of the innermost declaration of its name in scope there (-1:
   * none, or a name no typed declaration has). One sweep over the file with a stack of open
   * declarations per name: a declaration is pushed where its scope starts, and popped once the
   * sweep is past its end, so any number of sibling or nested declarations of one name between a
   * declaration and its use costs nothing per use (the innermost is the open one that started last).
   */
  private innermost(): Int32Array {
    if (this.inner !== undefined) return this.inner;
    const inner = new Int32Array(this.tokens.length).fill(-1);
    const typedNames = new Set<string>();
    for (const site of this.sites.keys()) typedNames.add(this.tokens[site]!.value);
    const starts: Array<[number, number, number]> = [];
    for (const [site, [from, to]] of this.scopes.siteRanges) if (typedNames.has(this.tokens[site]!.value)) starts.push([from, to, site]);
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
      if (top !== undefined && top[0] < k) inner[k] = top[0];
    }
    return (this.inner = inner);
  }

  /** The type of a struct field named `name`, when the file's structs agree on one package type. */
  fieldType(name: string): GoValueType | undefined {
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

  /** The type of the expression starting at `k` when it is `pkg.NewT(…)`, `&pkg.T{…}`, `pkg.T{…}` or `new(pkg.T)` and ends there. */
  private madeType(k: number): GoValueType | undefined {
    // `new(pkg.T)` makes a `*T`, as `&pkg.T{}` does (unless the file rebinds `new`).
    if (this.isIdent(k, 'new') && this.op(k + 1, '(') && !this.op(k + 2, '*') && !this.scopes.shadows('new', k)) {
      const made = this.packageType(k + 2);
      return made !== undefined && this.match[k + 1] === made.end && this.ends(made.end + 1) ? made.type : undefined;
    }
    const address = this.op(k, '&');
    const made = this.packageType(address ? k + 1 : k);
    if (made === undefined) return undefined;
    const open = made.end;
    const close = this.match[open] ?? -1;
    if (close < open || !this.ends(close + 1)) return undefined;
    if (this.op(open, '{')) return made.type;
    const type = address ? undefined : GoValueTypes.constructed(made.type.type);
    return this.op(open, '(') && type !== undefined ? { spec: made.type.spec, type } : undefined;
  }

  /** The type the declaration whose name is at `site` gives it (see the module comment). */
  private declaredType(site: number): GoValueType | undefined {
    const { tokens } = this;
    // `name *pkg.T` (a var spec or a parameter) or `name pkg.T = …`.
    const written = this.packageType(site + 1);
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

  /** The fields of the struct type whose `{` is at `open`. */
  private structFields(open: number): void {
    const close = this.match[open] ?? -1;
    if (close < open) return;
    let k = open + 1;
    while (k < close) {
      // One field line: `a, b *pkg.T`, `p Mine`, an embedded `pkg.T` or `*T`, a tag after it.
      const names: number[] = [];
      let j = k;
      while (this.isIdent(j) && this.tokens[j]!.line === this.tokens[k]!.line) {
        names.push(j);
        if (!this.op(j + 1, ',')) break;
        j += 2;
      }
      const type = names.length > 0 && !this.op(j + 1, '.') ? this.packageType(j + 1) : undefined;
      for (const n of names) {
        if (this.op(n + 1, '.')) continue;
        const name = this.tokens[n]!.value;
        const known = this.fields.get(name);
        const same = type !== undefined && (this.ends(type.end) || this.tokens[type.end]!.type === 'string') && (known === undefined || (known !== null && known.spec === type.type.spec && known.type === type.type.type));
        this.fields.set(name, same ? type.type : null);
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
