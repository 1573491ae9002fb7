/**
 * Scopes and bindings of a Python file, kept simple on purpose. Scopes: the module, each `def`
 * (parameters and body), each `class` body (whose names, as in Python, are not seen by its
 * methods), each `lambda` (to the end of the enclosing bracket group or statement) and each
 * comprehension (its bracket group). A name bound anywhere in a scope is bound in the whole scope;
 * with several bindings the last one before the use wins (else the first). `global x` in a
 * function binds `x` in the module. Bindings: imports (a module path: `import os.path as p` →
 * `os.path`, `from os import system as s` → `os.system`), simple aliases of a module path
 * (`run = subprocess.run`, `sp = subprocess`, `m = __import__('os')`, `f = getattr(os, 'system')`,
 * also as `(m := …)`), `pathlib.Path` values (constructor results, `p: Path` parameters,
 * `for f in p.iterdir()`), and everything else as a plain local name, which shadows built-ins and
 * star imports. A local assigned exactly once in the file to a constant string is a constant.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord, type PyStructure, type PyStatement } from './python-statements.ts';
import { calleePath, evaluateChain } from './python-chain.ts';
import { foldPython } from './python-fold.ts';
import { PYTHON_KEYWORDS, PyFacts, type PyBindingValue } from './python-facts.ts';
import { fromStatement, importStatement } from './python-imports.ts';
import { PYTHON_RESULT_OBJECTS } from '../patterns/python-capabilities.ts';
import { partitionPoint } from '../../sorted.ts';

/** The object types calls make (`PIL.Image.Image`): a `with … as name` of one binds the name to it. */
const RESULT_OBJECT_TYPES: ReadonlySet<string> = new Set(PYTHON_RESULT_OBJECTS.values());

const PATH_CLASSES = new Set(['pathlib.Path', 'pathlib.PosixPath', 'pathlib.WindowsPath']);

/**
 * Collect the scopes, bindings and imports of a tokenized Python file.
 *
 * @param tokens Tokens from `tokenizePython`.
 * @param structure Bracket pairs and statements.
 * @param ownPackages Top-level packages the file belongs to (their absolute imports are local).
 * @param importedClasses Classes imported from local modules that keep a library constructor, by import.
 * @param importedModuleClasses Local modules imported whole that define such classes, by import.
 * @returns The file's facts.
 * @example
 * collectPythonFacts(tokens, pythonStructure(tokens)).lookup('run', i) // { kind: 'module', path: ['subprocess', 'run'], ... }
 */
export function collectPythonFacts(tokens: readonly PyToken[], structure: PyStructure, ownPackages: ReadonlySet<string> = new Set(), importedClasses: ReadonlyMap<string, string> = new Map(), importedModuleClasses: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map()): PyFacts {
  const facts = new PyFacts(tokens, structure.match, ownPackages, importedClasses, importedModuleClasses);
  /** Headers whose block the current statement is in, innermost last. */
  const open: PyStatement[] = [];
  for (const s of structure.statements) {
    while (open.length > 0 && open[open.length - 1]!.indent >= s.indent) open.pop();
    // A for or except target or a case capture is bound only if the loop runs, the exception
    // happens or the case matches: one level deeper, in the header's own block.
    const first = tokens[s.start];
    const conditional = s.header && (isWord(first, 'for') || isWord(first, 'except') || isWord(first, 'case') || (isWord(first, 'async') && isWord(tokens[s.start + 1], 'for')));
    const end = Math.min(s.end, tokens.length);
    facts.indentOf.fill(conditional ? s.indent + 1 : s.indent, s.start, end);
    facts.blockEndOf.fill(conditional ? s.blockEnd : (open[open.length - 1]?.blockEnd ?? tokens.length), s.start, end);
    if (s.header) open.push(s);
  }
  new Collector(facts, structure).run();
  return facts;
}

class Collector {
  private readonly tokens: readonly PyToken[];
  private readonly match: Int32Array;
  /** Header statements whose block holds only imports for type checkers (`if TYPE_CHECKING:`). */
  private typeOnlyUntil = -1;
  /** Innermost open bracket around each token (-1 outside brackets), set by `nesting`. */
  private enclosing = new Int32Array(0);
  /** Index of the newline that ends each token's logical line, set by `nesting`. */
  private lineEnd = new Int32Array(0);

  constructor(
    private readonly facts: PyFacts,
    private readonly structure: PyStructure,
  ) {
    this.tokens = facts.tokens;
    this.match = facts.match;
  }

  run(): void {
    const { facts, tokens } = this;
    this.nesting();
    facts.addScope('module', 0, tokens.length);
    for (const s of this.structure.statements) {
      const first = tokens[s.start]!;
      if (s.header && (isWord(first, 'def') || (isWord(first, 'async') && isWord(tokens[s.start + 1], 'def')))) {
        // The scope opens at the parameters, or at the type parameters of `def f[T](x: T)`.
        const open = (isWord(first, 'async') ? s.start + 1 : s.start) + 2;
        if (open < s.end && (isOp(tokens[open], '(') || isOp(tokens[open], '['))) facts.addScope('function', open, Math.max(s.blockEnd, s.end)).baseIndent = this.bodyIndent(s);
      } else if (s.header && isWord(first, 'class')) facts.addScope('class', s.start + 2, Math.max(s.blockEnd, s.end)).baseIndent = this.bodyIndent(s);
    }
    const comprehensions = new Set<number>();
    for (let i = 0; i < tokens.length; i++) {
      if (isWord(tokens[i], 'lambda')) facts.addScope('lambda', i, this.groupEnd(i));
      else if (isWord(tokens[i], 'for')) {
        const open = this.enclosingOpen(i);
        if (open >= 0 && !comprehensions.has(open)) {
          comprehensions.add(open);
          facts.addScope('comprehension', open, this.match[open]! + 1);
        }
      }
    }
    facts.fill();
    for (const s of this.structure.statements) this.statement(s);
    for (let i = 0; i < tokens.length; i++) this.inline(i);
  }

  /** Block depth of a compound statement's body: its first statement's (an inline body is one deeper). */
  private bodyIndent(header: PyStatement): number {
    const list = this.structure.statements;
    const first = list[partitionPoint(list.length, (i) => list[i]!.start < header.end)];
    return first !== undefined && first.indent > header.indent ? first.indent : header.indent + 1;
  }

  /**
   * One pass for the whole file: the innermost open bracket around each token and the end of
   * each token's logical line, so a line with thousands of `for` clauses or lambdas is not walked
   * once per clause.
   */
  private nesting(): void {
    const { tokens, match } = this;
    const enclosing = new Int32Array(tokens.length);
    const stack: number[] = [];
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      // A line end outside brackets ends every group (the tokenizer emits none inside one).
      if (t.type === 'newline' && stack.length > 0) stack.length = 0;
      const top = stack[stack.length - 1];
      enclosing[k] = top !== undefined && match[top]! > top ? top : -1;
      if (t.type !== 'op') continue;
      if (t.value === '(' || t.value === '[' || t.value === '{') stack.push(k);
      else if (t.value === ')' || t.value === ']' || t.value === '}') stack.pop();
    }
    const lineEnd = new Int32Array(tokens.length);
    let end = tokens.length;
    for (let k = tokens.length - 1; k >= 0; k--) {
      if (tokens[k]!.type === 'newline') end = k;
      lineEnd[k] = end;
    }
    this.enclosing = enclosing;
    this.lineEnd = lineEnd;
  }

  /** Index of the innermost open bracket around `i`, or -1 at statement level. */
  private enclosingOpen(i: number): number {
    return this.enclosing[i] ?? -1;
  }

  /** End of the bracket group (or logical line) around `i`. */
  private groupEnd(i: number): number {
    const open = this.enclosingOpen(i);
    return open >= 0 ? this.match[open]! : (this.lineEnd[i] ?? this.tokens.length);
  }

  // ---- statements -------------------------------------------------------------------------------

  private statement(s: PyStatement): void {
    const { tokens } = this;
    const first = tokens[s.start]!;
    if (s.start >= this.typeOnlyUntil) this.typeOnlyUntil = -1;
    if (first.type !== 'name') return this.assignment(s);
    switch (first.name) {
      case 'import':
        return importStatement(this.facts, s, this.inTypeOnlyBlock(s.start));
      case 'from':
        return fromStatement(this.facts, s, this.inTypeOnlyBlock(s.start));
      case 'def':
      case 'async':
        if (isWord(first, 'async') && !isWord(tokens[s.start + 1], 'def')) return this.header(s, s.start + 1);
        return this.def(s, isWord(first, 'async') ? s.start + 1 : s.start);
      case 'class': {
        if (tokens[s.start + 1]?.type === 'name') this.facts.bind({ kind: 'local', name: tokens[s.start + 1]!.name, decl: s.start + 1 }, s.start);
        // `class C[T]:` (Python 3.12): the type parameters are names of the class body.
        const open = s.start + 2;
        if (isOp(tokens[open], '[') && this.match[open]! > open) this.typeParameters(open, this.match[open]!);
        return;
      }
      case 'del':
        return this.deletion(s);
      case 'global':
      case 'nonlocal':
        for (let k = s.start + 1; k < s.end; k++) {
          const t = tokens[k]!;
          if (t.type !== 'name') continue;
          this.facts.nonRefs.add(k);
          const scope = this.facts.scopeAt(k);
          if (first.name === 'global' && scope.kind === 'function') scope.globals.add(t.name);
        }
        return;
      case 'if':
        if (s.header && this.namesTypeChecking(s)) this.typeOnlyUntil = s.blockEnd;
        return;
      case 'type': {
        // `type Alias[T] = …` (Python 3.12) binds `Alias`, not the built-in `type` (a soft keyword).
        const alias = tokens[s.start + 1];
        if (alias?.type === 'name' && !PYTHON_KEYWORDS.has(alias.name) && (isOp(tokens[s.start + 2], '=') || isOp(tokens[s.start + 2], '['))) {
          this.facts.bind({ kind: 'local', name: alias.name, decl: s.start + 1 }, s.start);
          // The alias's value is a type (`type Sock = socket.socket`).
          const eq = isOp(tokens[s.start + 2], '[') && this.match[s.start + 2]! > s.start ? this.match[s.start + 2]! + 1 : s.start + 2;
          if (isOp(tokens[eq], '=')) this.facts.markAnnotation(eq + 1, s.end);
          return;
        }
        return this.assignment(s);
      }
      default:
        return s.header ? this.header(s, s.start) : this.assignment(s);
    }
  }

  /**
   * `del a, b` at module or class level unbinds plain names: a later use is the built-in again
   * (in a function the name stays local, and a use after `del` fails). The names are no uses.
   */
  private deletion(s: PyStatement): void {
    const { tokens } = this;
    const kind = this.facts.scopeAt(s.start).kind;
    for (let k = s.start + 1; k < s.end; k++) {
      const t = tokens[k]!;
      const m = this.match[k]!;
      if (m > k) {
        k = m;
        continue;
      }
      if (t.type !== 'name' || PYTHON_KEYWORDS.has(t.name) || !(isOp(tokens[k - 1], ',') || k === s.start + 1) || !(k + 1 >= s.end || isOp(tokens[k + 1], ','))) continue;
      this.facts.nonRefs.add(k);
      if (kind === 'module' || kind === 'class') this.facts.bind({ kind: 'local', name: t.name, decl: k, deleted: true }, k);
    }
  }

  /** Whether token `at` is inside the current `if TYPE_CHECKING:` block. */
  private inTypeOnlyBlock(at: number): boolean {
    return this.typeOnlyUntil >= 0 && at < this.typeOnlyUntil;
  }

  /**
   * `if TYPE_CHECKING:` / `if typing.TYPE_CHECKING:` with the name from typing or
   * typing_extensions (or never bound in the file). `if not TYPE_CHECKING:` is the run-time branch, and a `TYPE_CHECKING` the
   * file defines itself may be true: neither is a type-only block.
   */
  private namesTypeChecking(s: PyStatement): boolean {
    const { tokens } = this;
    const at = s.start + 1;
    const length = s.end - 1 - at;
    const last = tokens[s.end - 2];
    if (!isWord(last, 'TYPE_CHECKING') || (length !== 1 && !(length === 3 && tokens[at]!.type === 'name' && isOp(tokens[at + 1], '.')))) return false;
    const meaning = this.facts.meaning(tokens[at]!.name, at);
    if (meaning.kind !== 'module') return false;
    const path = length === 1 ? meaning.path : [...meaning.path, 'TYPE_CHECKING'];
    // A name the file never binds (a free `TYPE_CHECKING`) is taken as typing's too.
    return path.length === 2 && (path[0] === 'typing' || path[0] === 'typing_extensions' || path[0] === 'builtins') && path[1] === 'TYPE_CHECKING';
  }

  /** `for … in …:`, `with … as …:`, `except … as …:` headers bind their targets, `case …:` its captures. */
  private header(s: PyStatement, at: number): void {
    const { tokens } = this;
    const first = tokens[at]!;
    if (isWord(first, 'case')) return this.captures(at + 1, s.end - 1);
    if (isWord(first, 'for')) {
      const inAt = this.findWord(at + 1, s.end, 'in');
      if (inAt < 0) return;
      const iter = evaluateChain(this.facts, inAt + 1);
      const paths = iter.pathMember === 'iterdir' || iter.pathMember === 'glob' || iter.pathMember === 'rglob';
      this.bindTargets(at + 1, inAt, paths ? 'path' : 'local');
      return;
    }
    if (isWord(first, 'with') || isWord(first, 'except')) {
      let item = at + 1;
      for (let k = at + 1; k < s.end; k++) {
        const m = this.match[k]!;
        if (m > k) k = m;
        else if (isOp(tokens[k], ',')) item = k + 1;
        else if (isWord(tokens[k], 'as')) {
          const end = this.targetEnd(k + 1, s.end);
          // `with Image.open(p) as img:` binds the object the call makes (its `save` writes).
          const value = isWord(first, 'with') && end === k + 2 && tokens[k + 1]?.type === 'name' ? this.valueKind(item, k) : undefined;
          if (value?.kind === 'module' && RESULT_OBJECT_TYPES.has(value.path.join('.'))) this.facts.bind({ ...value, name: tokens[k + 1]!.name, decl: k + 1 }, k + 1);
          else this.bindTargets(k + 1, end, 'local');
          k = end - 1;
          item = end;
        }
      }
    }
  }

  /**
   * The names a `case` pattern `[from, to)` binds (up to its `if` guard, an expression): a bare
   * name (`case [cmd, *rest]`, `case {"k": v}`, `case Point(x=0, y=y)`, `case str() as s`). Not
   * a dotted value (`case Color.RED`), a class (`Point(`), a keyword attribute (`x=`) or `_`. A
   * class pattern's `(` is recorded: it checks the type, it constructs nothing.
   */
  private captures(from: number, to: number): void {
    const { tokens } = this;
    const guard = this.findWord(from, to, 'if');
    const end = guard < 0 ? to : guard;
    for (let k = from; k < end; k++) {
      const t = tokens[k]!;
      if (t.type === 'name' && isOp(tokens[k + 1], '(')) this.facts.classPatterns.add(k + 1);
      if (t.type !== 'name' || PYTHON_KEYWORDS.has(t.name) || t.name === '_' || isOp(tokens[k - 1], '.') || isOp(tokens[k + 1], '.') || isOp(tokens[k + 1], '(')) continue;
      if (isOp(tokens[k + 1], '=')) this.facts.nonRefs.add(k);
      else this.facts.bind({ kind: 'local', name: t.name, decl: k }, k);
    }
  }

  /** End of a `with … as target` target: the next `,` or `:` at depth 0. */
  private targetEnd(from: number, to: number): number {
    for (let k = from; k < to; k++) {
      const m = this.match[k]!;
      if (m > k) k = m;
      else if (isOp(this.tokens[k], ',') || isOp(this.tokens[k], ':')) return k;
    }
    return to;
  }

  private findWord(from: number, to: number, word: string): number {
    for (let k = from; k < to; k++) {
      const m = this.match[k]!;
      if (m > k) k = m;
      else if (isWord(this.tokens[k], word)) return k;
    }
    return -1;
  }

  /** Bind every plain name among the targets `[from, to)` (tuples, lists, starred names). */
  private bindTargets(from: number, to: number, kind: 'local' | 'path'): void {
    const { tokens } = this;
    for (let k = from; k < to; k++) {
      const t = tokens[k]!;
      if (t.type !== 'name' || PYTHON_KEYWORDS.has(t.name) || isOp(tokens[k - 1], '.') || isOp(tokens[k + 1], '.') || isOp(tokens[k + 1], '[') || isOp(tokens[k + 1], '(')) continue;
      this.facts.bind({ kind, name: t.name, decl: k }, k);
    }
  }

  private def(s: PyStatement, defAt: number): void {
    const { tokens, match } = this;
    const name = tokens[defAt + 1];
    if (name?.type === 'name') this.facts.bind({ kind: 'local', name: name.name, decl: defAt + 1 }, defAt);
    let open = defAt + 2;
    // `def f[T: int, *Ts, **P](x: T)` (Python 3.12): the type parameters are names of the function's scope.
    if (isOp(tokens[open], '[') && match[open]! > open) {
      this.typeParameters(open, match[open]!);
      open = match[open]! + 1;
    }
    if (!isOp(tokens[open], '(') || match[open]! < open) return;
    const close = match[open]!;
    this.parameters(open, close);
    // `-> socket.socket:` the return annotation, to the `:` of the header.
    if (isOp(tokens[close + 1], '->')) {
      let k = close + 2;
      for (; k < tokens.length && tokens[k]!.type !== 'newline'; k++) {
        const m = match[k]!;
        if (m > k) k = m;
        else if (isOp(tokens[k], ':')) break;
      }
      this.facts.markAnnotation(close + 2, k);
      // `-> pd.DataFrame:` (also `-> git.Repo | None`): a call of the function makes that object.
      // Only a plain dotted name: `-> list[pd.DataFrame]` is a list, not a frame.
      const plain = tokens.slice(close + 2, k).every((t) => t.type === 'name' || isOp(t, '.') || isOp(t, '|'));
      const typed = plain && name?.type === 'name' ? this.annotationObject(close + 2, k) : undefined;
      if (typed !== undefined) this.facts.returnObjects.set(defAt + 1, typed);
    }
  }

  /** Type parameters `[T: bound = default, *Ts, **P]` (of a `def`, `class` or `type` statement): plain names. */
  private typeParameters(open: number, close: number): void {
    const { tokens, match } = this;
    for (let k = open + 1; k < close; k++) {
      const m = match[k]!;
      if (m > k) k = m;
      else if (tokens[k]!.type === 'name' && (k === open + 1 || isOp(tokens[k - 1], ',') || isOp(tokens[k - 1], '*') || isOp(tokens[k - 1], '**'))) this.facts.bind({ kind: 'local', name: tokens[k]!.name, decl: k }, k);
    }
  }

  /** Parameters `(a, b: Path = x, *args, **kw)`: names bound in the function scope, `Path` annotations as paths. */
  private parameters(open: number, close: number): void {
    const { tokens, match } = this;
    let expectName = true;
    for (let k = open + 1; k < close; k++) {
      const t = tokens[k]!;
      const m = match[k]!;
      if (m > k) {
        k = m;
        continue;
      }
      if (isOp(t, ',')) {
        expectName = true;
        continue;
      }
      if (isOp(t, '*') || isOp(t, '**') || isOp(t, '/')) continue;
      if (expectName && t.type === 'name') {
        expectName = false;
        if (isOp(tokens[k + 1], ':')) this.facts.markAnnotation(k + 2, this.annotationEnd(k + 2, close));
        const annotated = isOp(tokens[k + 1], ':') && this.annotationIsPath(k + 2, close);
        const typed = !annotated && isOp(tokens[k + 1], ':') ? this.annotationObject(k + 2, close) : undefined;
        if (annotated) this.facts.bind({ kind: 'path', name: t.name, decl: k }, k);
        else if (typed !== undefined) this.facts.bind({ kind: 'module', path: typed, imported: false, refs: 0, name: t.name, decl: k }, k);
        else this.parameter(k, this.defaultOf(k, close));
      }
    }
  }

  /** The end of a parameter's annotation starting at `from`: its `,` or `=`, or `close`. */
  private annotationEnd(from: number, close: number): number {
    const { tokens, match } = this;
    let k = from;
    for (; k < close; k++) {
      const m = match[k]!;
      if (m > k) k = m;
      else if (isOp(tokens[k], ',') || isOp(tokens[k], '=')) break;
    }
    return k;
  }

  /** The default of the parameter named at `at` (after its annotation): `[from, to)`, or undefined. */
  private defaultOf(at: number, close: number): [number, number] | undefined {
    const { tokens, match } = this;
    let eq = -1;
    let k = at + 1;
    for (; k < close; k++) {
      const m = match[k]!;
      if (m > k) k = m;
      else if (isOp(tokens[k], ',') || (isOp(tokens[k], ':') && eq >= 0)) break;
      else if (isOp(tokens[k], '=') && eq < 0) eq = k;
    }
    return eq >= 0 ? [eq + 1, k] : undefined;
  }

  /**
   * Bind a parameter: a module alias when its default is a module (`def f(m=os)`, `run=subprocess.run`),
   * so `m.system(c)` in the body is `os.system` unless `m` is bound again; else a plain local.
   */
  private parameter(at: number, value: [number, number] | undefined): void {
    const kind = value === undefined ? undefined : this.valueKind(value[0], value[1]);
    if (kind?.kind !== 'module') {
      this.facts.bind({ kind: 'local', name: this.tokens[at]!.name, decl: at }, at);
      return;
    }
    const binding = { ...kind, name: this.tokens[at]!.name, decl: at };
    this.facts.bind(binding, at);
    this.facts.moduleDefaults.set(value![0], binding);
  }

  /**
   * The library object type an annotation starting at `from` names (`repo: git.Repo`, `img:
   * Image.Image`, `wb: Workbook`, also `Optional[git.Repo]`, `Repo | None`), as the path of the
   * type its methods' rows use; undefined for any other annotation. Unquoted names only.
   */
  private annotationObject(from: number, limit: number): string[] | undefined {
    const { tokens } = this;
    for (let k = from; k < limit; k++) {
      const t = tokens[k]!;
      if (isOp(t, ',') || isOp(t, '=')) return undefined;
      if (t.type !== 'name' || isOp(tokens[k - 1], '.')) continue;
      const path = calleePath(this.facts, k)?.path;
      if (path === undefined) continue;
      if (RESULT_OBJECT_TYPES.has(path)) return path.split('.');
      // A class whose constructor makes the type (`openpyxl.Workbook` makes a `openpyxl.workbook.Workbook`).
      const made = PYTHON_RESULT_OBJECTS.get(path);
      if (made !== undefined && /^[A-Z]/.test(path.slice(path.lastIndexOf('.') + 1))) return made.split('.');
    }
    return undefined;
  }

  /**
   * Whether the annotation starting at `from` names `pathlib.Path` (also `Path | None`,
   * `Optional[Path]`, and quoted: `"Path"`, `"pathlib.Path | None"`).
   */
  private annotationIsPath(from: number, limit: number): boolean {
    const { tokens } = this;
    for (let k = from; k < limit; k++) {
      const t = tokens[k]!;
      if (isOp(t, ',') || isOp(t, '=')) return false;
      if (t.type === 'name' && !isOp(tokens[k - 1], '.') && PATH_CLASSES.has(calleePath(this.facts, k)?.path ?? '')) return true;
      if (t.type === 'string' && t.cooked !== undefined && this.quotedPath(t.cooked, k)) return true;
    }
    return false;
  }

  /** Whether a quoted annotation (a forward reference) names `pathlib.Path`, its names read where the string is. */
  private quotedPath(text: string, at: number): boolean {
    for (const [dotted] of text.matchAll(/(?<![\w.])[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*/g)) {
      const [first, ...rest] = dotted.split('.').map((segment) => segment.trim());
      const meaning = this.facts.meaning(first!, at);
      if (meaning.kind === 'module' && PATH_CLASSES.has([...meaning.path, ...rest].join('.'))) return true;
    }
    return false;
  }

  /** `a = b = value`, `x: T = value`, `a, b = value`, `x += 1`. */
  private assignment(s: PyStatement): void {
    const { tokens, match } = this;
    const equals: number[] = [];
    let annotation = -1;
    for (let k = s.start; k < s.end; k++) {
      const t = tokens[k]!;
      const m = match[k]!;
      if (m > k) {
        k = m;
        continue;
      }
      // `g = lambda a=os, b=1: …`: a lambda's defaults are no assignments (`os, b` is no target).
      if (isWord(t, 'lambda')) {
        k = this.lambdaColon(k, s.end);
        continue;
      }
      if (t.type !== 'op') continue;
      if (t.value === '=') equals.push(k);
      else if (t.value === ':' && annotation < 0 && equals.length === 0) annotation = k;
      else if (t.value.length >= 2 && t.value.endsWith('=') && !['==', '!=', '<=', '>='].includes(t.value) && equals.length === 0) {
        if (this.keepsItsValue(s.start, k)) return;
        this.bindTargets(s.start, k, 'local');
        return;
      }
    }
    // `x: subprocess.Popen | None = None`: the annotation, up to the value.
    if (annotation >= 0) this.facts.markAnnotation(annotation + 1, equals[0] ?? s.end);
    if (annotation >= 0 && equals.length === 0) {
      // `eval: Callable` declares a type and binds nothing (a later `eval(s)` is the built-in);
      // the annotated name is no use either (a dataclass field `open: bool`).
      if (tokens[s.start]!.type === 'name' && annotation === s.start + 1) this.facts.nonRefs.add(s.start);
      return;
    }
    if (equals.length === 0) return;
    const valueStart = equals[equals.length - 1]! + 1;
    const kind = this.valueKind(valueStart, s.end);
    let from = s.start;
    for (const eq of equals) {
      const to = annotation >= 0 && annotation < eq && from === s.start ? annotation : eq;
      if (to === from + 1 && tokens[from]!.type === 'name') this.facts.bind({ ...kind, name: tokens[from]!.name, decl: from }, from);
      else this.bindTargets(from, to, 'local');
      from = eq + 1;
    }
  }

  /**
   * `path += [d]` after `from sys import path` (or `p = sys.path`): a list, dict or set changed in
   * place (`+=`, `*=`, `|=` call `__iadd__`, `__imul__`, `__ior__`, which return the object
   * itself), so the name keeps the module value it had and the statement is a use of it, read as
   * `sys.path += [d]` is. Only where the name's binding is the one the statement stores to: the
   * module or a class body, or a function that declares it `global` (in a function without it the
   * name is the function's own, unbound there: Python raises UnboundLocalError).
   */
  private keepsItsValue(start: number, op: number): boolean {
    const { tokens } = this;
    const name = tokens[start]!;
    if (op !== start + 1 || name.type !== 'name' || !['+=', '*=', '|='].includes((tokens[op] as { value: string }).value)) return false;
    const scope = this.facts.scopeAt(start);
    if (scope.kind !== 'module' && scope.kind !== 'class' && !(scope.kind === 'function' && scope.globals.has(name.name))) return false;
    return this.facts.lookup(name.name, start)?.kind === 'module';
  }

  /** The `:` that ends the parameters of the lambda at `at` (the first at its own level), or `to`. */
  private lambdaColon(at: number, to: number): number {
    for (let k = at + 1; k < to; k++) {
      const m = this.match[k]!;
      if (m > k) k = m;
      else if (isOp(this.tokens[k], ':')) return k;
    }
    return to;
  }

  /** What a value binds a single name to: a module path alias, a path, a constant or a plain local. */
  private valueKind(from: number, to: number): PyBindingValue {
    const { tokens } = this;
    const first = tokens[from];
    if (first === undefined || from >= to) return { kind: 'local' };
    // `df = load(p)`, `df = await load(p)` of the file's own `def load(…) -> pd.DataFrame:`.
    const call = isWord(first, 'await') ? from + 1 : from;
    if (tokens[call]?.type === 'name' && isOp(tokens[call + 1], '(') && this.match[call + 1] === to - 1) {
      const b = this.facts.lookup(tokens[call]!.name, call);
      const made = b?.kind === 'local' ? this.facts.returnObjects.get(b.decl) : undefined;
      if (made !== undefined) return { kind: 'module', path: made, imported: false, refs: 0 };
    }
    if (first.type === 'name' || isOp(first, '(')) {
      const chain = evaluateChain(this.facts, from);
      if (chain.value?.kind === 'module' && chain.end === to) return { kind: 'module', path: chain.value.path, imported: false, refs: 0 };
      if (chain.value?.kind === 'getter' && chain.end === to) return { ...chain.value };
      if (chain.value?.kind === 'path' && (chain.end === to || isOp(tokens[chain.end], '/') || isWord(tokens[chain.end], 'if') || isWord(tokens[chain.end], 'or'))) return { kind: 'path' };
    }
    const folded = foldPython(this.facts, from);
    return folded !== undefined && folded.end === to ? { kind: 'local', constant: { value: folded.value, how: folded.how } } : { kind: 'local' };
  }

  /** End of an assignment expression's operand at `from`: the next `,`, `:`, `;`, closing bracket or line end at depth 0. */
  private operandEnd(from: number): number {
    const { tokens, match } = this;
    for (let k = from; k < tokens.length; k++) {
      const t = tokens[k]!;
      const m = match[k]!;
      if (m > k) k = m;
      else if (t.type === 'newline' || (t.type === 'op' && [',', ':', ';', ')', ']', '}'].includes(t.value))) return k;
    }
    return tokens.length;
  }

  // ---- inline bindings --------------------------------------------------------------------------

  /** Walrus targets, lambda parameters and comprehension targets, wherever they are. */
  private inline(i: number): void {
    const { tokens } = this;
    const t = tokens[i]!;
    if (t.type === 'name' && isOp(tokens[i + 1], ':=')) {
      // `(m := __import__('os'))` aliases a module as `m = …` does; the operand ends at `,`, `:` or the bracket.
      const value = this.valueKind(i + 2, this.operandEnd(i + 2));
      this.facts.bind({ ...value, name: t.name, decl: i }, i);
      return;
    }
    if (isWord(t, 'lambda')) {
      const colon = this.lambdaColon(i, this.groupEnd(i));
      for (let k = i + 1; k < colon; k++) {
        const m = this.match[k]!;
        if (m > k) {
          k = m;
          continue;
        }
        const p = tokens[k]!;
        if (p.type === 'name' && (isOp(tokens[k - 1], ',') || k === i + 1 || isOp(tokens[k - 1], '*') || isOp(tokens[k - 1], '**'))) this.parameter(k, this.defaultOf(k, colon));
      }
      return;
    }
    if (isWord(t, 'for') && this.enclosingOpen(i) >= 0) {
      const inAt = this.findWord(i + 1, this.match[this.enclosingOpen(i)]!, 'in');
      if (inAt < 0) return;
      // `[p.unlink() for p in root.glob('*')]`: the target is a path, as in a for statement.
      const iter = evaluateChain(this.facts, inAt + 1);
      const paths = iter.pathMember === 'iterdir' || iter.pathMember === 'glob' || iter.pathMember === 'rglob';
      this.bindTargets(i + 1, inAt, paths ? 'path' : 'local');
    }
  }
}
