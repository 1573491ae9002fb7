/**
 * Constructors reached through a subclass of a library class whose row needs an argument
 * (`class Digits(MNIST)`, whose constructor downloads when given `download=True`): the class's
 * own `super().__init__(…)` / `super(Digits, self).__init__(…)` calls, and the calls of a local
 * subclass that keeps the library's constructor (`Digits(root, download=True)` when neither it
 * nor a local class between it and the library defines `__init__`). The scanner checks the
 * row's argument on each call found here, as on a direct call of the library class. One file.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord, type PyStatement } from './python-statements.ts';
import { callArguments } from './python-fold.ts';
import type { PyFacts } from './python-facts.ts';

/** A call that constructs a library class through a subclass. */
export interface SubclassConstruction<R> {
  /** The call's first token (`super`, or the subclass's name). */
  at: number;
  /** The `(` of the constructor's arguments. */
  open: number;
  /** The library class's row (from `resolve`). */
  resolution: R;
  /** The library class's path (`torchvision.datasets.MNIST`). */
  base: string;
  /** The local class (the one whose body holds the `super()` call, or the one called). */
  subclass: string;
  how: 'super' | 'inherited';
}

interface LocalClass<R> { name: string; start: number; end: number; resolution: R; base: string; keepsConstructor: boolean }

/**
 * The calls of one file that construct a library class through a local subclass.
 *
 * @param facts The file's name facts.
 * @param statements Its statements.
 * @param resolve The row of a library class path (`['torchvision', 'datasets', 'MNIST']`) that
 * needs an argument, else undefined.
 * @returns The calls, in token order.
 * @example
 * subclassConstructions(facts, statements, (path) => rowNeedingArgument(path)) // [{ at, open, base: 'torchvision.datasets.MNIST', how: 'super', … }]
 */
export function subclassConstructions<R>(facts: PyFacts, statements: readonly PyStatement[], resolve: (path: readonly string[]) => R | undefined): Array<SubclassConstruction<R>> {
  const { tokens, match } = facts;
  const { classes, byName, headers } = localSubclasses(facts, statements, resolve);
  if (classes.length === 0) return [];
  const out: Array<SubclassConstruction<R>> = [];
  // The class statements around the token walked (innermost last).
  const around: Array<{ statement: PyStatement; local: LocalClass<R> | undefined }> = [];
  let next = 0;
  for (let k = 0; k < tokens.length; k++) {
    while (around.length > 0 && k >= around[around.length - 1]!.statement.blockEnd) around.pop();
    while (next < headers.length && headers[next]!.statement.start < k) {
      const h = headers[next++]!;
      if (k < h.statement.blockEnd) around.push(h);
    }
    const t = tokens[k]!;
    if (t.type !== 'name' || isOp(tokens[k - 1], '.') || !isOp(tokens[k + 1], '(')) continue;
    if (t.name === 'super') {
      // `super().__init__(…)` or `super(C, self).__init__(…)`, in the innermost class around it.
      const close = match[k + 1]!;
      if (close < 0 || !isOp(tokens[close + 1], '.') || tokens[close + 2]?.name !== '__init__' || !isOp(tokens[close + 3], '(')) continue;
      const owner = around[around.length - 1]?.local;
      if (owner !== undefined) out.push({ at: k, open: close + 3, resolution: owner.resolution, base: owner.base, subclass: owner.name, how: 'super' });
      continue;
    }
    const local = byName.get(t.name);
    if (local === undefined || local === null || !local.keepsConstructor || isWord(tokens[k - 1], 'class') || facts.nonRefs.has(k) || facts.lookup(t.name, k)?.decl !== local.start + 1) continue;
    out.push({ at: k, open: k + 1, resolution: local.resolution, base: local.base, subclass: local.name, how: 'inherited' });
  }
  return out;
}

/**
 * The classes of the file's top level that keep a library class's constructor (`class
 * Digits(MNIST): pass`, or a subclass of such a class with no `__init__` between): a file that
 * imports one (`from .data import Digits`) constructs the library class when it calls it.
 *
 * @param facts The file's name facts.
 * @param statements Its statements.
 * @param resolve As for {@link subclassConstructions}.
 * @returns Class name → the library class's dotted path (names defined twice are left out).
 * @example
 * keptConstructors(facts, statements, rowOf) // Map { 'Digits' => 'torchvision.datasets.MNIST' }
 */
export function keptConstructors<R>(facts: PyFacts, statements: readonly PyStatement[], resolve: (path: readonly string[]) => R | undefined): Map<string, string> {
  const { byName, headers } = localSubclasses(facts, statements, resolve);
  const out = new Map<string, string>();
  for (const { statement, local } of headers) {
    if (local === undefined || statement.indent !== 0 || !local.keepsConstructor || byName.get(local.name) !== local) continue;
    out.set(local.name, local.base);
  }
  return out;
}

/** Every class statement of the file, in order, with its local class when it extends a library one. */
function localSubclasses<R>(facts: PyFacts, statements: readonly PyStatement[], resolve: (path: readonly string[]) => R | undefined): { classes: Array<LocalClass<R>>; byName: Map<string, LocalClass<R> | null>; headers: Array<{ statement: PyStatement; local: LocalClass<R> | undefined }> } {
  const { tokens, match } = facts;
  const classes: Array<LocalClass<R>> = [];
  const byName = new Map<string, LocalClass<R> | null>();
  /** Every class statement, in order, with its local class when it extends a library one. */
  const headers: Array<{ statement: PyStatement; local: LocalClass<R> | undefined }> = [];
  for (let si = 0; si < statements.length; si++) {
    const s = statements[si]!;
    if (!s.header || !isWord(tokens[s.start], 'class') || tokens[s.start + 1]?.type !== 'name') continue;
    const name = tokens[s.start + 1]!.name;
    let open = s.start + 2;
    if (isOp(tokens[open], '[') && match[open]! > open) open = match[open]! + 1;
    let found: LocalClass<R> | undefined;
    if (isOp(tokens[open], '(') && match[open]! > open) {
      for (const [a, b] of callArguments(tokens, match, open)) {
        const path = dottedPath(facts, tokens, a, b);
        if (path === undefined) continue;
        const local = path.length === 1 ? byName.get(path[0]!) : undefined;
        const resolution = local === undefined || local === null ? resolve(path) : local.resolution;
        if (resolution === undefined) continue;
        found = { name, start: s.start, end: s.blockEnd, resolution, base: local ? local.base : path.join('.'), keepsConstructor: !definesConstructor(statements, si, tokens) && (local === undefined || local === null || local.keepsConstructor) };
        break;
      }
    }
    // A name defined twice is left alone (which one a call reaches depends on the run).
    byName.set(name, byName.has(name) ? null : found ?? null);
    if (found !== undefined) classes.push(found);
    headers.push({ statement: s, local: found });
  }
  return { classes, byName, headers };
}

/** Whether the class statement at `index` defines `__init__` in its own body (not in a nested block). */
function definesConstructor(statements: readonly PyStatement[], index: number, tokens: readonly PyToken[]): boolean {
  const header = statements[index]!;
  let bodyIndent: number | undefined;
  for (let i = index + 1; i < statements.length && statements[i]!.start < header.blockEnd; i++) {
    const d = statements[i]!;
    // An inline body (`class C(B): pass`) counts one deeper than its header.
    bodyIndent ??= d.indent;
    if (d.indent !== bodyIndent) continue;
    const def = isWord(tokens[d.start], 'async') ? d.start + 1 : d.start;
    if (isWord(tokens[def], 'def') && tokens[def + 1]?.name === '__init__') return true;
  }
  return false;
}

/** The module path a dotted base class names (`MNIST`, `torchvision.datasets.CIFAR10`), or a local name alone. */
function dottedPath(facts: PyFacts, tokens: readonly PyToken[], a: number, b: number): string[] | undefined {
  if (tokens[a]?.type !== 'name' || (b - a) % 2 !== 1) return undefined;
  for (let k = a + 1; k < b; k += 2) if (!isOp(tokens[k], '.') || tokens[k + 1]?.type !== 'name') return undefined;
  const rest = [];
  for (let k = a + 2; k < b; k += 2) rest.push(tokens[k]!.name);
  const counting = facts.counting;
  facts.counting = false;
  const meaning = facts.meaning(tokens[a]!.name, a);
  facts.counting = counting;
  if (meaning.kind === 'local') return rest.length === 0 ? [tokens[a]!.name] : undefined;
  if (meaning.kind !== 'module' || meaning.path[0] === 'builtins') return undefined;
  return [...meaning.path, ...rest];
}
