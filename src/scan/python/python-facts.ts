/**
 * What the Python scanner knows about names in one file: scopes, bindings (a module path, a
 * `pathlib.Path` value, or a plain local that may hold a constant string), the static imports
 * and the names in binding position. Built by `python-bindings.ts`; read by the chain evaluator
 * and the scanner. A free name means the built-in of that name, or a star import's member.
 *
 * @module
 */
import type { ImportRecord } from '../types.ts';
import type { PyToken } from './python-tokenize.ts';
import { calleePath, type NameMeaning, type PyChainContext } from './python-chain.ts';
import { starProvides } from './python-index.ts';

/** What a value binds a name to. */
export type PyBindingValue =
  | { kind: 'module'; path: string[]; imported: boolean; refs: number }
  | { kind: 'path' }
  | { kind: 'local'; constant?: { value: string; how: string[] } };

/** A name bound at token `decl` (the name's token). */
export type PyBinding = PyBindingValue & { name: string; decl: number };

/** One scope. */
export interface PyScope {
  kind: 'module' | 'function' | 'class' | 'lambda' | 'comprehension';
  start: number;
  end: number;
  parent: PyScope | undefined;
  names: Map<string, PyBinding[]>;
  globals: Set<string>;
}

/** A static import statement's name: its record, where it is, and the module it loads. */
export interface PyImportSite {
  record: ImportRecord;
  index: number;
  /** Module as written (`os.path`, `.tools`, `..pkg.mod`). */
  module: string;
  /** `from m import *`. */
  star: boolean;
  /** The name a `from m import name` imports. */
  name?: string;
}

/** Python keywords: never references. */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else',
  'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise',
  'return', 'try', 'while', 'with', 'yield',
]);

/** Everything the scanner needs to know about names in one file. */
export class PyFacts implements PyChainContext {
  readonly scopes: PyScope[] = [];
  /** Tokens that are names in binding position (not uses). */
  readonly nonRefs = new Set<number>();
  readonly imports: PyImportSite[] = [];
  /** Star-imported modules (module level). */
  readonly stars: string[] = [];
  /** How many times each name is bound anywhere in the file. */
  private readonly assigned = new Map<string, number>();
  private scopeOf: Int32Array;
  /** Count references of module bindings (on during the scanner's walk, off while collecting). */
  counting = false;

  constructor(
    readonly tokens: readonly PyToken[],
    readonly match: Int32Array,
  ) {
    this.scopeOf = new Int32Array(tokens.length);
  }

  /** The innermost scope at token `at`. */
  scopeAt(at: number): PyScope {
    return this.scopes[this.scopeOf[Math.min(Math.max(at, 0), this.scopeOf.length - 1)] ?? 0]!;
  }

  /** The binding of `name` seen at token `at`, or undefined for a free name. */
  lookup(name: string, at: number): PyBinding | undefined {
    const here = this.scopeAt(at);
    for (let s: PyScope | undefined = here; s !== undefined; s = s.parent) {
      if (s.kind === 'class' && s !== here) continue;
      const list = s.names.get(name);
      if (list === undefined) continue;
      let pick = list[0]!;
      for (const b of list) if (b.decl <= at) pick = b;
      return pick;
    }
    return undefined;
  }

  meaning(name: string, at: number): NameMeaning {
    const b = this.lookup(name, at);
    if (b !== undefined) {
      if (b.kind === 'module') {
        if (this.counting) b.refs++;
        return { kind: 'module', path: b.path };
      }
      return b.kind === 'path' ? { kind: 'path' } : { kind: 'local' };
    }
    for (const star of this.stars) if (starProvides(star, name)) return { kind: 'module', path: [...star.split('.'), name] };
    return { kind: 'module', path: name === '__builtins__' ? ['builtins'] : ['builtins', name] };
  }

  constant(name: string, at: number): { value: string; how: string[] } | undefined {
    const b = this.lookup(name, at);
    return b?.kind === 'local' && this.assigned.get(name) === 1 ? b.constant : undefined;
  }

  callee(at: number): { path: string; end: number } | undefined {
    return calleePath(this, at);
  }

  /** Bind `name` (declared at token `decl`) in the scope of `at`. */
  bind(binding: PyBinding, at: number): void {
    let scope = this.scopeAt(at);
    if (scope.kind === 'function' && scope.globals.has(binding.name)) scope = this.scopes[0]!;
    const list = scope.names.get(binding.name);
    if (list === undefined) scope.names.set(binding.name, [binding]);
    else list.push(binding);
    this.assigned.set(binding.name, (this.assigned.get(binding.name) ?? 0) + 1);
    this.nonRefs.add(binding.decl);
  }

  /** Record scopes; `fill` must be called once all are added. */
  addScope(kind: PyScope['kind'], start: number, end: number): PyScope {
    const scope: PyScope = { kind, start, end, parent: undefined, names: new Map(), globals: new Set() };
    this.scopes.push(scope);
    return scope;
  }

  /** Nest the scopes and map every token to its innermost scope. */
  fill(): void {
    const order = this.scopes.map((s, id) => ({ s, id })).sort((a, b) => a.s.start - b.s.start || b.s.end - a.s.end);
    const open: Array<{ s: PyScope; id: number }> = [];
    for (const entry of order) {
      while (open.length > 0 && open[open.length - 1]!.s.end <= entry.s.start) open.pop();
      entry.s.parent = open[open.length - 1]?.s;
      const end = Math.min(entry.s.end, this.scopeOf.length);
      this.scopeOf.fill(entry.id, entry.s.start, end);
      open.push(entry);
    }
  }
}
