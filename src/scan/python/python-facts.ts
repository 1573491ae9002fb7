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
import { calleePath, evaluateChain, type NameMeaning, type PyChainContext } from './python-chain.ts';
import { resolvePython, starNames } from './python-index.ts';
import { assignmentAhead, isOp, isWord } from './python-statements.ts';
import { PYTHON_RESULT_OBJECTS } from '../patterns/python-capabilities.ts';
import { partitionPoint } from '../../sorted.ts';

/** The library object types a call can make (`paramiko.SSHClient`, `PIL.Image.Image`). */
const OBJECT_TYPES: ReadonlySet<string> = new Set(PYTHON_RESULT_OBJECTS.values());

/** What a value binds a name to. */
export type PyBindingValue =
  | { kind: 'module'; path: string[]; imported: boolean; refs: number }
  | { kind: 'path' }
  | { kind: 'local'; constant?: { value: string; how: string[] }; classes?: ReadonlyMap<string, string> }
  /** `g = operator.attrgetter('system')`: applied to a module later (`g(os)`), it reaches the member. */
  | { kind: 'getter'; key: [number, number]; method: boolean; open: number };

/**
 * A name bound at token `decl` (the name's token). `indent` is its statement's block depth and
 * `blockEnd` the end of the block it runs in (set by `bind`: a use past it, in a sibling `else`
 * or `case` block, may not see it), `viaGlobal` marks a binding a function makes under `global`
 * (it runs only when the function is called), `deleted` a `del name` at module or class level
 * (after it the name is free again: the built-in).
 */
export type PyBinding = PyBindingValue & { name: string; decl: number; indent?: number; blockEnd?: number; viaGlobal?: boolean; deleted?: boolean };

/** One scope. */
export interface PyScope {
  kind: 'module' | 'function' | 'class' | 'lambda' | 'comprehension';
  start: number;
  end: number;
  parent: PyScope | undefined;
  names: Map<string, PyBinding[]>;
  globals: Set<string>;
  /** Block depth of the scope's own statements (a binding deeper than this ran conditionally). */
  baseIndent: number;
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

/**
 * Whether a binding may hold a capability: a module or a member of one, not a plain built-in
 * value (`os = None` binds `builtins.None`, which hides nothing it does not replace).
 */
function capable(b: PyBinding): boolean {
  // A stored getter is kept like a module alias: a later plain binding does not hide it.
  if (b.kind === 'getter') return true;
  if (b.kind !== 'module') return false;
  return b.imported || b.path[0] !== 'builtins' || b.path.length < 2 || resolvePython('builtins', b.path[1]) !== undefined;
}

/**
 * How many earlier bindings of a name a use looks back over for the one that certainly ran
 * (beyond, any earlier module or path binding counts as possibly in effect), so a name rebound
 * under `if` thousands of times stays linear.
 */
const MAX_LOOKBACK = 64;

/** How many bindings of `sorted` (token order) are declared at or before token `at` (binary search). */
function declaredBy(sorted: readonly PyBinding[], at: number): number {
  return partitionPoint(sorted.length, (i) => sorted[i]!.decl <= at);
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
  /** The `(` of each class pattern in a `case` clause (an instance check, not a call). */
  readonly classPatterns = new Set<number>();
  /**
   * Parameters whose default is a module (`def f(m=os)`, `lambda m=os: …`), followed as an alias
   * of it inside the function: the first token of the default → the parameter's binding.
   */
  readonly moduleDefaults = new Map<number, PyBinding>();
  /**
   * Functions of the file whose return annotation names a library object type (`def load() ->
   * pd.DataFrame:`): the token of the function's name → the type's path, so `df = load()` holds one.
   */
  readonly returnObjects = new Map<number, string[]>();
  /**
   * Tokens of type annotations (a parameter's, a return's, an annotated assignment's, a `type`
   * alias's value): a class named there is a type, not a use.
   */
  private readonly annotation: Uint8Array;
  /** What a free name means through a module-level star import (`run` → `subprocess.run`); the first import wins. */
  private readonly starred = new Map<string, string[]>();
  /** How many times each name is bound anywhere in the file. */
  private readonly assigned = new Map<string, number>();
  private scopeOf: Int32Array;
  /** Block depth of each token's statement (0 at module level), set by the collector. */
  readonly indentOf: Int32Array;
  /** End of the block each token's statement runs in (the file's end at module level), set by the collector. */
  readonly blockEndOf: Int32Array;
  /** What a use in an inner function sees of an enclosing scope's list (cleared when it changes). */
  private readonly innerCache = new Map<PyBinding[], PyBinding | null>();
  /** Binding lists holding a binding made under `global` in a function. */
  private readonly withGlobal = new Set<PyBinding[]>();
  /** The bindings of each list that may hold a capability, and the path bindings, in token order. */
  private readonly capableOf = new Map<PyBinding[], PyBinding[]>();
  private readonly pathOf = new Map<PyBinding[], PyBinding[]>();
  /** Count references of module bindings (on during the scanner's walk, off while collecting). */
  counting = false;

  constructor(
    readonly tokens: readonly PyToken[],
    readonly match: Int32Array,
    /** Top-level packages the file belongs to: their absolute imports are its own modules. */
    readonly ownPackages: ReadonlySet<string> = new Set(),
    /** Classes imported from local modules that keep a library constructor (see ScanSourceOptions.pythonImportedClasses). */
    readonly importedClasses: ReadonlyMap<string, string> = new Map(),
    /** Local modules imported whole that define such classes (see ScanSourceOptions.pythonImportedModuleClasses). */
    readonly importedModuleClasses: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(),
  ) {
    this.scopeOf = new Int32Array(tokens.length);
    this.indentOf = new Int32Array(tokens.length);
    this.blockEndOf = new Int32Array(tokens.length).fill(tokens.length);
    this.annotation = new Uint8Array(tokens.length);
  }

  /** `self.<name>` → the object type every store of it in the file makes, or null when one does not; built on first use. */
  private selfTypes: Map<string, string[] | null> | undefined;

  /**
   * The library object type `self.<name>` holds (`self._client = paramiko.SSHClient()` … then
   * `self._client.open_sftp()` is a `paramiko.SSHClient` method): the type every store of
   * `self.<name>` in the file makes, a store of `None` aside (`self._client = None` until
   * connected). Undefined when a store makes something else or is not a plain one (a tuple or
   * augmented target, `setattr(self, "name", v)`, `for self.x in …`), or when two stores make
   * different types: the attribute of a class of another module, or two classes of the file that
   * use one name for different things, stay unknown.
   */
  selfAttribute(name: string): readonly string[] | undefined {
    if (this.selfTypes === undefined) {
      // Empty while building: a store whose value reads `self.…` itself is not typed.
      this.selfTypes = new Map();
      this.selfTypes = this.buildSelfTypes();
    }
    return this.selfTypes.get(name) ?? undefined;
  }

  private buildSelfTypes(): Map<string, string[] | null> {
    const { tokens } = this;
    const types = new Map<string, string[] | null>();
    const store = (name: string, type: string[] | null): void => {
      const seen = types.get(name);
      if (seen === undefined) types.set(name, type);
      else if (seen !== null && (type === null || type.join('.') !== seen.join('.'))) types.set(name, null);
    };
    const counting = this.counting;
    this.counting = false;
    try {
      for (let k = 0; k + 2 < tokens.length; k++) {
        const t = tokens[k]!;
        if (t.type !== 'name') continue;
        if (t.name === 'setattr' && isOp(tokens[k + 1], '(') && tokens[k + 2]?.name === 'self' && isOp(tokens[k + 3], ',') && tokens[k + 4]?.cooked !== undefined) {
          store(tokens[k + 4]!.cooked!, null);
          continue;
        }
        if (t.name !== 'self' || isOp(tokens[k - 1], '.') || !isOp(tokens[k + 1], '.') || tokens[k + 2]?.type !== 'name') continue;
        const name = tokens[k + 2]!.name;
        const after = tokens[k + 3];
        let value = -1;
        if (isOp(after, '=')) value = k + 4;
        else if (isOp(after, ':') && this.inAnnotation(k + 4)) {
          // `self.x: T = v`: the value after the annotation (none: a declaration only).
          let j = k + 4;
          while (j < tokens.length && this.inAnnotation(j)) j++;
          if (!isOp(tokens[j], '=')) continue;
          value = j + 1;
        } else if (after?.type === 'op' && /^(?:[-+*/%@&|^]|\/\/|\*\*|<<|>>)=$/.test(after.value)) {
          store(name, null);
          continue;
        } else {
          if (isWord(tokens[k - 1], 'for') || isWord(tokens[k - 1], 'as') || this.inTupleTarget(k)) store(name, null);
          continue;
        }
        // `self.x = None`: not set yet; the other stores decide.
        const v = tokens[value];
        if (isWord(v, 'None') && (tokens[value + 1] === undefined || tokens[value + 1]!.type === 'newline' || isOp(tokens[value + 1], ';'))) continue;
        const from = isWord(v, 'await') ? value + 1 : value;
        const chain = v === undefined ? undefined : evaluateChain(this, from);
        const end = chain === undefined ? undefined : tokens[chain.end];
        const whole = chain !== undefined && (end === undefined || end.type === 'newline' || isOp(end, ';'));
        const path = whole && chain.value?.kind === 'module' ? chain.value.path.join('.') : undefined;
        store(name, path !== undefined && OBJECT_TYPES.has(path) ? path.split('.') : null);
      }
    } finally {
      this.counting = counting;
    }
    return types;
  }

  /**
   * Whether `self.x` at token `k` is one target of a tuple store (`self.a, self.b = …`): on its
   * line, at bracket depth 0, a `,` is next to it and a `=` follows it.
   */
  private inTupleTarget(k: number): boolean {
    const { tokens } = this;
    if (!isOp(tokens[k + 3], ',') && !isOp(tokens[k - 1], ',')) return false;
    return assignmentAhead(tokens, k + 3, 256) === true;
  }

  /** Mark tokens `[from, to)` as a type annotation. */
  markAnnotation(from: number, to: number): void {
    this.annotation.fill(1, Math.max(0, from), Math.min(to, this.tokens.length));
  }

  /** Whether token `i` sits in a type annotation (`def f(s: socket.socket)`, `x: Popen | None = None`). */
  inAnnotation(i: number): boolean {
    return this.annotation[i] === 1;
  }

  localsMayHoldModule(at: number): boolean | undefined {
    const scope = this.scopeAt(at);
    if (scope.kind === 'module' || scope.kind === 'class') return undefined;
    // The free variables an inner function uses are in its locals() too: the enclosing functions count.
    for (let s: PyScope | undefined = scope; s !== undefined && s.kind !== 'module'; s = s.parent) {
      if (s.kind === 'class') continue;
      for (const list of s.names.values()) if (list.some(capable)) return true;
    }
    return false;
  }

  /** The innermost scope at token `at`. */
  scopeAt(at: number): PyScope {
    return this.scopes[this.scopeOf[Math.min(Math.max(at, 0), this.scopeOf.length - 1)] ?? 0]!;
  }

  /**
   * The binding of `name` that a use at token `at` may see, or undefined for a free name (the
   * built-in). Several bindings can be in effect (one under `if`, `try` or a loop, one made
   * under `global` in a function, any binding of an enclosing scope when an inner function runs
   * later): a capability among them wins, so a conditional or dead rebinding never hides
   * `os.system` (`import os` … `if False: os = None` … `os.system(c)`). A binding that certainly
   * ran before the use (same or shallower block, one that holds the use) hides the built-in and
   * what came before it.
   */
  lookup(name: string, at: number): PyBinding | undefined {
    const here = this.scopeAt(at);
    for (let s: PyScope | undefined = here; s !== undefined; s = s.parent) {
      if (s.kind === 'class' && s !== here) continue;
      const list = s.names.get(name);
      if (list === undefined) continue;
      return s === here ? this.seenAt(list, at, s) : this.seenInner(list, s);
    }
    return undefined;
  }

  /** A use in the binding's own scope: the bindings up to the last one that certainly ran. */
  private seenAt(list: PyBinding[], at: number, scope: PyScope): PyBinding | undefined {
    const useIndent = this.indentOf[Math.min(Math.max(at, 0), this.indentOf.length - 1)] ?? 0;
    const lo = declaredBy(list, at);
    let module: PyBinding | undefined;
    let path: PyBinding | undefined;
    let last: PyBinding | undefined;
    let definite = false;
    let deleted = false;
    let k = lo - 1;
    for (; k >= 0 && k >= lo - MAX_LOOKBACK; k--) {
      const b = list[k]!;
      if (b.viaGlobal) continue;
      if (b.deleted === true) {
        // `del open`: a deletion that certainly ran ends what came before (the name is free);
        // one that may not have run leaves the earlier bindings and the built-in both possible.
        deleted = true;
        if ((b.indent ?? 0) <= useIndent && at < (b.blockEnd ?? this.tokens.length)) {
          k = -1;
          break;
        }
        continue;
      }
      last ??= b;
      if (capable(b)) module ??= b;
      else if (b.kind === 'path') path ??= b;
      // Same or shallower block and one that holds the use: not an `if` branch beside an `else`.
      if ((b.indent ?? 0) <= useIndent && at < (b.blockEnd ?? this.tokens.length)) {
        definite = true;
        break;
      }
    }
    if (!definite && k >= 0 && module === undefined) {
      // Past the look-back, any earlier module or path binding may still be in effect.
      module = this.latest(this.capableOf.get(list), list[k]!.decl);
      path ??= this.latest(this.pathOf.get(list), list[k]!.decl);
    }
    // A function may rebind the name under `global` at any time.
    if (this.withGlobal.has(list)) module ??= this.capableOf.get(list)?.find((b) => b.viaGlobal);
    if (module !== undefined) return module;
    if (last === undefined) {
      // Nothing bound before the use: at module level the built-in; in a function, comprehension
      // or lambda a later binding (a loop, `[p.unlink() for p in …]`).
      return scope.kind === 'module' || scope.kind === 'class' ? undefined : this.strongest(list.filter((b) => !b.viaGlobal));
    }
    if (path !== undefined) return path;
    return definite && !deleted ? last : undefined;
  }

  /** The last binding of `sorted` (token order) declared at or before `decl`, not made under `global`. */
  private latest(sorted: readonly PyBinding[] | undefined, decl: number): PyBinding | undefined {
    if (sorted === undefined) return undefined;
    for (let k = declaredBy(sorted, decl) - 1; k >= 0; k--) if (!sorted[k]!.viaGlobal) return sorted[k];
    return undefined;
  }

  /** A use in an inner function: any binding of the enclosing scope may be in effect when it runs. */
  private seenInner(list: PyBinding[], scope: PyScope): PyBinding | undefined {
    let seen = this.innerCache.get(list);
    if (seen === undefined) {
      const unconditional = list.some((b) => !b.viaGlobal && (b.indent ?? 0) <= scope.baseIndent);
      seen = this.strongest(list, unconditional) ?? null;
      this.innerCache.set(list, seen);
    }
    return seen ?? undefined;
  }

  /** A module binding that may be a capability, else a path, else (when `shadows`) the last binding. */
  private strongest(list: readonly PyBinding[], shadows = true): PyBinding | undefined {
    let path: PyBinding | undefined;
    for (let k = list.length - 1; k >= 0; k--) {
      const b = list[k]!;
      if (capable(b)) return b;
      if (b.kind === 'path') path ??= b;
    }
    return path ?? (shadows ? list[list.length - 1] : undefined);
  }

  meaning(name: string, at: number): NameMeaning {
    const b = this.lookup(name, at);
    if (b !== undefined) {
      if (b.kind === 'module') {
        if (this.counting) b.refs++;
        return { kind: 'module', path: b.path };
      }
      if (b.kind === 'getter') return { kind: 'getter', key: b.key, method: b.method, open: b.open };
      if (b.kind === 'local' && b.classes !== undefined) return { kind: 'local', classes: b.classes };
      return b.kind === 'path' ? { kind: 'path' } : { kind: 'local' };
    }
    const starred = this.starred.get(name);
    if (starred !== undefined) return { kind: 'module', path: starred };
    return { kind: 'module', path: name === '__builtins__' ? ['builtins'] : ['builtins', name] };
  }

  constant(name: string, at: number): { value: string; how: string[] } | undefined {
    const b = this.lookup(name, at);
    return b?.kind === 'local' && this.assigned.get(name) === 1 ? b.constant : undefined;
  }

  /**
   * Where the value of a name bound once, by a plain `name = value`, starts (the token after `=`),
   * seen from `at`; undefined for a name bound otherwise or more than once.
   */
  valueStart(name: string, at: number): number | undefined {
    const b = this.lookup(name, at);
    if (b?.kind !== 'local' || this.assigned.get(name) !== 1) return undefined;
    const eq = this.tokens[b.decl + 1];
    return eq?.type === 'op' && eq.value === '=' ? b.decl + 2 : undefined;
  }

  callee(at: number): { path: string; end: number } | undefined {
    return calleePath(this, at);
  }

  /**
   * Record a module-level `from <module> import *`: the capability names it provides become
   * their module's members (indexed once, so thousands of star imports do not slow each lookup).
   */
  addStar(module: string): void {
    for (const name of starNames(module)) if (!this.starred.has(name)) this.starred.set(name, [...module.split('.'), name]);
  }

  /** Bind `name` (declared at token `decl`) in the scope of `at`. */
  bind(binding: PyBinding, at: number): void {
    let scope = this.scopeAt(at);
    const decl = Math.min(Math.max(binding.decl, 0), this.indentOf.length - 1);
    binding.indent = this.indentOf[decl] ?? 0;
    binding.blockEnd = this.blockEndOf[decl] ?? this.tokens.length;
    if (scope.kind === 'function' && scope.globals.has(binding.name)) {
      scope = this.scopes[0]!;
      binding.viaGlobal = true;
    }
    let list = scope.names.get(binding.name);
    if (list === undefined) scope.names.set(binding.name, (list = [binding]));
    else {
      // Kept in token order (the inline pass binds walrus and comprehension targets later).
      let k = list.length;
      while (k > 0 && list[k - 1]!.decl > binding.decl) k--;
      list.splice(k, 0, binding);
      this.innerCache.delete(list);
    }
    if (binding.viaGlobal) this.withGlobal.add(list);
    const strong = capable(binding) ? this.capableOf : binding.kind === 'path' ? this.pathOf : undefined;
    if (strong !== undefined) {
      let sorted = strong.get(list);
      if (sorted === undefined) strong.set(list, (sorted = []));
      let k = sorted.length;
      while (k > 0 && sorted[k - 1]!.decl > binding.decl) k--;
      sorted.splice(k, 0, binding);
    }
    this.assigned.set(binding.name, (this.assigned.get(binding.name) ?? 0) + 1);
    this.nonRefs.add(binding.decl);
  }

  /** Record scopes; `fill` must be called once all are added. */
  addScope(kind: PyScope['kind'], start: number, end: number): PyScope {
    const scope: PyScope = { kind, start, end, parent: undefined, names: new Map(), globals: new Set(), baseIndent: 0 };
    this.scopes.push(scope);
    return scope;
  }

  /**
   * Nest the scopes and map every token to its innermost scope: one pass over the tokens with
   * the scopes open at each (thousands of lambdas nested on one line stay linear).
   */
  fill(): void {
    const order = this.scopes.map((s, id) => ({ s, id })).sort((a, b) => a.s.start - b.s.start || b.s.end - a.s.end);
    const open: Array<{ s: PyScope; id: number }> = [];
    const length = this.scopeOf.length;
    let next = 0;
    for (let at = 0; at < length; at++) {
      // Scopes that end here close; those that start here open inside the innermost still open.
      while (open.length > 0 && open[open.length - 1]!.s.end <= at) open.pop();
      while (next < order.length && order[next]!.s.start <= at) {
        const entry = order[next++]!;
        while (open.length > 0 && open[open.length - 1]!.s.end <= entry.s.start) open.pop();
        entry.s.parent = open[open.length - 1]?.s;
        if (entry.s.end > at) open.push(entry);
      }
      this.scopeOf[at] = open[open.length - 1]?.id ?? 0;
    }
    // Scopes that start past the last token (none in practice) still get their parent.
    for (; next < order.length; next++) {
      const entry = order[next]!;
      while (open.length > 0 && open[open.length - 1]!.s.end <= entry.s.start) open.pop();
      entry.s.parent = open[open.length - 1]?.s;
      open.push(entry);
    }
  }
}
