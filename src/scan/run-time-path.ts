/**
 * `runTimeModulePath(ctx, at)`: whether the specifier of an `import()` or `require()` starting at
 * token `at`, which did not fold to a constant, is a module file named at run time: a path built
 * by `path.resolve`/`path.join` (or their names imported from `node:path`), `import.meta.resolve`,
 * `require.resolve` or `pathToFileURL` from a value computed at run time, or a relative or absolute
 * path written with a run-time part (`` `./plugins/${name}.js` ``, `'./locale/' + lang`), also
 * through a `const` never assigned again that holds one. Such a load runs code the scan never
 * reads: code evaluation, as Python's `importlib.import_module(name)` is. A bare name
 * (`require(id)` in a bundle's prelude, `import(specifier)` in a loader) is no path and stays an
 * evasion finding only.
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import { isName, isPunct, isStringToken } from './token-helpers.ts';
import { cookStringToken } from './cook-string.ts';
import type { Binding } from './collect-bindings.ts';

/** What the check reads of the file being scanned. */
export interface RunTimePathContext {
  readonly tokens: readonly Token[];
  /** Matching bracket of each opening one. */
  readonly match: Int32Array;
  /** The innermost binding of a name visible at a token. */
  lookup(name: string, at: number): Binding | undefined;
  /** Names assigned after their declaration. */
  readonly assigned: ReadonlySet<string>;
}

/** Specifiers of Node's path module. */
const PATH_MODULES = new Set(['path', 'node:path', 'path/posix', 'node:path/posix', 'path/win32', 'node:path/win32']);
/** Members of the path module that build a path from their arguments. */
const PATH_BUILDERS = new Set(['resolve', 'join']);
/** How many `const` hops are followed to an initializer. */
const MAX_HOPS = 4;

/** A path written from the start: relative, absolute or a file: URL. */
const isPathHead = (text: string): boolean => /^(\.{1,2}\/|\/|file:)/.test(text);

/**
 * Whether the binding of `name` at `at` comes from the path module: an import (`import path from
 * 'node:path'`, `import { resolve }` of bare `path`) or a require (`const { join } = require('path')`).
 * The first string after the declared name, in the same statement, must be the path module's.
 */
function fromPathModule(ctx: RunTimePathContext, name: string, at: number): boolean {
  const b = ctx.lookup(name, at);
  if (b === undefined) return false;
  const { tokens } = ctx;
  for (let k = b.declIndex + 1; k < Math.min(tokens.length, b.declIndex + 40); k++) {
    const t = tokens[k]!;
    if (isPunct(t, ';')) return false;
    if (isStringToken(t)) {
      const value = cookStringToken(t)?.value;
      const via = tokens[k - 1];
      return value !== undefined && PATH_MODULES.has(value) && (isName(via, 'from') || (isPunct(via, '(') && isName(tokens[k - 2], 'require')));
    }
  }
  return false;
}

/**
 * Whether the expression at `at` is a module path named at run time (see the module comment).
 *
 * @param ctx The file's tokens and bindings.
 * @param at Token index where the specifier starts.
 * @returns True for a path built at run time.
 * @example
 * // import(import.meta.resolve(`./plugins/${name}.js`)), require(path.resolve(dir, '.eslintrc.cjs'))
 */
export function runTimeModulePath(ctx: RunTimePathContext, at: number, hops = 0): boolean {
  const { tokens, match } = ctx;
  const t = tokens[at];
  if (t === undefined) return false;
  if (isName(t, 'await')) return runTimeModulePath(ctx, at + 1, hops);
  // A template or a concatenation whose literal head is a path.
  if (t.type === 'TemplateHead') return isPathHead(cookStringToken(t)?.value ?? '');
  if (isStringToken(t)) return isPunct(tokens[at + 1], '+') && isPathHead(cookStringToken(t)?.value ?? '');
  if (t.type !== 'IdentifierName') return false;
  const next = tokens[at + 1];
  // A const bound once: its initializer.
  if ((isPunct(next, ')') || isPunct(next, ',')) && hops < MAX_HOPS) {
    const b = ctx.lookup(t.name, at);
    if (b?.kind !== 'local' || ctx.assigned.has(t.name) || !isPunct(tokens[b.declIndex + 1], '=') || !isName(tokens[b.declIndex - 1], 'const')) return false;
    return runTimeModulePath(ctx, b.declIndex + 2, hops + 1);
  }
  // `import.meta.resolve(x)`, `require.resolve(x)`: the file x names.
  // A single literal argument names a fixed file (followed, or reported, as a literal import is).
  const computedArgument = (open: number): boolean => !(isStringToken(tokens[open + 1]) && match[open] === open + 2);
  if (isName(t, 'import') && isPunct(next, '.') && isName(tokens[at + 2], 'meta') && isPunct(tokens[at + 3], '.') && isName(tokens[at + 4], 'resolve') && isPunct(tokens[at + 5], '(')) return computedArgument(at + 5);
  if (isName(t, 'require') && isPunct(next, '.') && isName(tokens[at + 2], 'resolve') && isPunct(tokens[at + 3], '(') && ctx.lookup('require', at) === undefined) return computedArgument(at + 3);
  // `pathToFileURL(p).href`, `url.pathToFileURL(p).href`: the path p.
  const toUrl = isName(t, 'pathToFileURL') ? at : isPunct(next, '.') && isName(tokens[at + 2], 'pathToFileURL') ? at + 2 : -1;
  if (toUrl >= 0 && isPunct(tokens[toUrl + 1], '(')) return match[toUrl + 1]! > toUrl + 2 && (runTimeModulePath(ctx, toUrl + 2, hops) || isPathBuilderCall(ctx, toUrl + 2));
  return isPathBuilderCall(ctx, at);
}

/** `path.resolve(…)`, `path.posix.join(…)`, or `resolve(…)` / `join(…)` imported from the path module. */
function isPathBuilderCall(ctx: RunTimePathContext, at: number): boolean {
  const { tokens } = ctx;
  const t = tokens[at];
  if (t?.type !== 'IdentifierName') return false;
  if (PATH_BUILDERS.has(t.name) && isPunct(tokens[at + 1], '(')) return fromPathModule(ctx, t.name, at);
  let k = at + 1;
  while (isPunct(tokens[k], '.') && (isName(tokens[k + 1], 'posix') || isName(tokens[k + 1], 'win32'))) k += 2;
  return isPunct(tokens[k], '.') && PATH_BUILDERS.has(tokens[k + 1]?.name ?? '') && isPunct(tokens[k + 2], '(') && fromPathModule(ctx, t.name, at);
}
