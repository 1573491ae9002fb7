/**
 * The names a Python module binds at its top level, which `from <module> import <name>` takes as
 * attributes before it looks for a submodule `<module>.<name>` (Python's `_handle_fromlist` imports
 * the submodule only when the module has no such attribute).
 *
 * @module
 */
import { tokenizePython } from './python-tokenize.ts';
import { pythonStructure } from './python-statements.ts';
import { collectPythonFacts } from './python-bindings.ts';

/**
 * Names bound at a module's top level, each marked `conditional` when every binding of it sits
 * in a block (`if`, `try`, `with`, a loop) or a function's `global`, so it may not exist. A bare
 * `from . import x` (the package's own submodule `x`, bound under its own name) is no attribute
 * of its own: the name is the submodule.
 *
 * @param text The module's source.
 * @returns Name → whether its binding is conditional; undefined when the source cannot be tokenized.
 * @example
 * pythonModuleNames('def run(): pass\nif X:\n    y = 1\n') // Map { 'run' => false, 'y' => true }
 */
export function pythonModuleNames(text: string): ReadonlyMap<string, boolean> | undefined {
  const lex = tokenizePython(text);
  if (lex.problems.length > 0) return undefined;
  const facts = collectPythonFacts(lex.tokens, pythonStructure(lex.tokens));
  const submodules = new Set(facts.imports.filter((s) => s.module === '.' && s.name !== undefined).map((s) => s.index));
  const out = new Map<string, boolean>();
  for (const [name, bindings] of facts.scopes[0]!.names) {
    const real = bindings.filter((b) => !b.deleted && !(submodules.has(b.decl) && facts.tokens[b.decl]?.type === 'name'));
    if (real.length === 0) continue;
    out.set(name, real.every((b) => b.viaGlobal === true || (b.indent ?? 0) > 0));
  }
  return out;
}
