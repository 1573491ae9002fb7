/**
 * Import statements of a Python file: `import a.b.c`, `import a.b as m`, `from m import a as b`,
 * `from . import x`, `from m import (a, b)`, `from m import *`. Each becomes import records (one
 * per imported name for a from-import, written `from <module> import <name>` so the name can be
 * a submodule) and bindings: a module path for absolute imports, a plain local for relative ones
 * (the local module is followed and scanned on its own), also for an absolute import of the file's
 * own top-level package (`from paramiko.util import x` inside paramiko). Imports inside `if TYPE_CHECKING:` are
 * type-only: not followed, and an unused one is no capability.
 *
 * @module
 */
import type { ImportRecord } from '../types.ts';
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord, type PyStatement } from './python-statements.ts';
import { PYTHON_KEYWORDS, type PyFacts } from './python-facts.ts';
import { isPythonStdlib } from './python-stdlib.ts';

/**
 * Read an `import …` statement into records and bindings.
 *
 * @param facts The file's facts (records and bindings are added).
 * @param s The statement.
 * @param typeOnly Whether it sits in an `if TYPE_CHECKING:` block.
 * @example
 * importStatement(facts, statement, false) // `import os.path as p` binds p to os.path
 */
export function importStatement(facts: PyFacts, s: PyStatement, typeOnly: boolean): void {
  new ImportReader(facts, typeOnly).importStatement(s);
}

/**
 * Read a `from … import …` statement into records and bindings.
 *
 * @param facts The file's facts (records and bindings are added).
 * @param s The statement.
 * @param typeOnly Whether it sits in an `if TYPE_CHECKING:` block.
 * @example
 * fromStatement(facts, statement, false) // `from os import system as s` binds s to os.system
 */
export function fromStatement(facts: PyFacts, s: PyStatement, typeOnly: boolean): void {
  new ImportReader(facts, typeOnly).fromStatement(s);
}

class ImportReader {
  private readonly tokens: readonly PyToken[];

  constructor(
    private readonly facts: PyFacts,
    private readonly typeOnly: boolean,
  ) {
    this.tokens = facts.tokens;
  }

  record(specifier: string, module: string, at: number, star: boolean, name?: string): void {
    const t = this.tokens[at]!;
    const kind: ImportRecord['kind'] = module.startsWith('.') ? 'relative' : isPythonStdlib(module) ? 'builtin' : 'package';
    const record: ImportRecord = { specifier, kind, typeOnly: this.typeOnly, line: t.line, column: t.column };
    this.facts.imports.push(name === undefined ? { record, index: at, module, star } : { record, index: at, module, star, name });
  }

  /** A dotted name at `k`: its segments and the index after it. */
  dotted(k: number, end: number): { segments: string[]; end: number } {
    const { tokens } = this;
    const segments: string[] = [];
    while (k < end && tokens[k]!.type === 'name' && !PYTHON_KEYWORDS.has(tokens[k]!.name)) {
      segments.push(tokens[k]!.name);
      if (!isOp(tokens[k + 1], '.')) return { segments, end: k + 1 };
      k += 2;
    }
    return { segments, end: k };
  }

  /** Whether a module is the file's own package (`paramiko.util` inside paramiko): local code. */
  own(segments: readonly string[]): boolean {
    return segments.length > 0 && this.facts.ownPackages.has(segments[0]!);
  }

  /** The classes a local module imported whole keeps from a library, by their dotted path below the bound name (`prefix` first). */
  moduleClasses(specifier: string, prefix: readonly string[]): Map<string, string> | undefined {
    const kept = this.facts.importedModuleClasses.get(specifier);
    if (kept === undefined) return undefined;
    return new Map(Object.entries(kept).map(([name, library]) => [[...prefix, name].join('.'), library]));
  }

  /** `import a.b.c`, `import a.b as m, x`. */
  importStatement(s: PyStatement): void {
    const { tokens } = this;
    for (let k = s.start; k < s.end; k++) this.facts.nonRefs.add(k);
    let k = s.start + 1;
    while (k < s.end) {
      const at = k;
      const name = this.dotted(k, s.end);
      if (name.segments.length === 0) break;
      k = name.end;
      const module = name.segments.join('.');
      this.record(module, module, at, false);
      if (this.own(name.segments)) {
        const local = isWord(tokens[k], 'as') && tokens[k + 1]?.type === 'name' ? k + 1 : at;
        // `import pkg.data` binds `pkg` (its classes are `data.Digits` below it); `import pkg.data as d` binds `d`.
        const classes = this.moduleClasses(module, local === at ? name.segments.slice(1) : []);
        this.facts.bind({ kind: 'local', name: tokens[local]!.name, decl: local, ...(classes === undefined ? {} : { classes }) }, at);
        k = local === at ? k : k + 2;
      } else if (isWord(tokens[k], 'as') && tokens[k + 1]?.type === 'name') {
        this.facts.bind({ kind: 'module', name: tokens[k + 1]!.name, decl: k + 1, path: name.segments, imported: !this.typeOnly, refs: 0 }, at);
        k += 2;
      } else this.facts.bind({ kind: 'module', name: name.segments[0]!, decl: at, path: name.segments.slice(0, 1), imported: !this.typeOnly, refs: 0 }, at);
      if (isOp(tokens[k], ',')) k++;
      else break;
    }
  }

  /** `from m import a as b, c`, `from . import x`, `from m import (a, b)`, `from m import *`. */
  fromStatement(s: PyStatement): void {
    const { tokens } = this;
    for (let k = s.start; k < s.end; k++) this.facts.nonRefs.add(k);
    let k = s.start + 1;
    let dots = '';
    while (isOp(tokens[k], '.') || isOp(tokens[k], '...')) dots += tokens[k++]!.value;
    const name = this.dotted(k, s.end);
    k = name.end;
    const module = dots + name.segments.join('.');
    if (!isWord(tokens[k], 'import') || module === '') return;
    k++;
    const at = s.start;
    if (isOp(tokens[k], '*')) {
      this.record(`from ${module} import *`, module, at, true);
      if (!module.startsWith('.') && !this.own(name.segments) && this.facts.scopeAt(at).kind === 'module') this.facts.addStar(module);
      return;
    }
    for (; k < s.end; k++) {
      const t = tokens[k]!;
      if (t.type !== 'name' || PYTHON_KEYWORDS.has(t.name)) continue;
      const local = isWord(tokens[k + 1], 'as') && tokens[k + 2]?.type === 'name' ? k + 2 : k;
      this.record(`from ${module} import ${t.name}`, module, k, false, t.name);
      // A local module's class that keeps a library constructor (`class Digits(MNIST): pass`) is that class here.
      const kept = this.facts.importedClasses.get(`from ${module} import ${t.name}`);
      if (kept !== undefined && (module.startsWith('.') || this.own(name.segments))) this.facts.bind({ kind: 'module', name: tokens[local]!.name, decl: local, path: kept.split('.'), imported: false, refs: 0 }, at);
      else if (module.startsWith('.') || this.own(name.segments)) {
        // `from pkg import data`, `from . import data as d`: a submodule imported whole.
        const classes = this.moduleClasses(`from ${module} import ${t.name}`, []);
        this.facts.bind({ kind: 'local', name: tokens[local]!.name, decl: local, ...(classes === undefined ? {} : { classes }) }, at);
      }
      else this.facts.bind({ kind: 'module', name: tokens[local]!.name, decl: local, path: [...name.segments, t.name], imported: !this.typeOnly, refs: 0 }, at);
      k = local;
    }
  }
}
