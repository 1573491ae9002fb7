/**
 * CommonJS barrels: what a file hands on of the modules it requires, written as CommonJS by hand
 * or as TypeScript's and esbuild's CommonJS output. The reading is recorded on the require's
 * ImportRecord as the ES re-exports are (`namedExports`, `starExport`), so a file importing the
 * name binds that module's member (see scan-files' barrel pass):
 *
 * - `exports.fsx = require('fs-extra')`, `module.exports.http = require('node:https')`,
 *   `exports.run = require('child_process').spawn`, `exports['x'] = cp.spawn` (cp a module
 *   binding), `exports.fsx = __importStar(require('fs-extra'))`: the name is that module (member);
 * - `module.exports = { run: require('child_process').spawn, cp, fsx: require('fs-extra') }`: each key;
 * - `Object.defineProperty(exports, 'run', { enumerable: true, get: function () { return
 *   child_process_1.spawn; } })` (tsc's output of `export { spawn as run }` from child_process), also with
 *   `get() { … }` and `get: () => …`;
 * - `module.exports = require('m')`, `Object.assign(module.exports, require('m'))`,
 *   `__exportStar(require('m'), exports)` (tsc's `export * from`), `__export(require('m'))`: every
 *   name of m (`starExport`); after `module.exports = require('m')` the file is m itself (`wholeExport`),
 *   after `module.exports = require('m').member` (or `cp.spawn`) that member (`wholePath`); after
 *   `module.exports = function () { return require('m'); }` each call of the file is m (`wholeCalled`);
 * - esbuild's `__export(x_exports, { run: () => import_child_process.spawn })` and `__reExport(x_exports,
 *   require('m'), module.exports)` where `module.exports = __toCommonJS(x_exports)`: as the forms above;
 *   its never-run note `0 && (module.exports = { run })` is nothing.
 *
 * - ES exports of a module binding with no `from` (`export { spawn as run }` of an imported
 *   `spawn`, `export const run = cp.spawn`, `export default cp.spawn`): the name is that member.
 * - An object holding modules under its keys (`export const deps = { fs, cp }`, `exports.deps =
 *   { fs }`, a key of `module.exports = { … }`): each module is recorded under the name and keys
 *   (`heldExports`), so the importer's `deps.fs` is that module.
 *
 * Records given by a CommonJS form are marked `commonJsExport`: an ES default import of the file
 * is its module.exports.
 *
 * Pure: it reads the tokens and the first pass's bindings, nothing else.
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import type { Binding, ImportSite } from './collect-bindings.ts';
import { isName, isPunct, isStringToken, splitArguments } from './token-helpers.ts';
import { foldString, type FoldContext } from './fold-string.ts';

export interface CommonJsExportsContext {
  tokens: readonly Token[];
  match: Int32Array;
  fold: FoldContext;
  imports: readonly ImportSite[];
  lookup(name: string, at: number): Binding | undefined;
  /** Whether token k is a call of `require` (or a name bound to it). */
  isRequireCallAt(k: number): boolean;
  /** Whether an expression may end before token k. */
  isDeclEnd(k: number): boolean;
  /** The modules the object literal at k holds under its keys (nested literals too), and the index after it. */
  holderAt(k: number): { holds: ReadonlyMap<string, Binding>; end: number } | undefined;
}

/** A module value: the import site whose module it is and the member path below it. */
interface ModuleValue {
  site: ImportSite;
  path: string[];
  end: number;
  /** A function that returns the module value on every call (`() => require('fs')`), not the value itself. */
  called?: true;
}

/** An exported object holding modules: each module value under its keys (`{ io: { out: fs } }`: `['io', 'out']`). */
interface HolderValue {
  held: Array<{ at: string[]; value: ModuleValue }>;
}

/** Helpers that wrap a required module without changing its members (tsc, esbuild, Babel). */
const WRAPPERS = new Set(['__importStar', '__importDefault', '__toESM', '__toCommonJS', '_interopRequireWildcard', '_interopRequireDefault']);
/** Helpers that copy every member of a module into `exports` (tsc, its older `__export`). */
const STAR_HELPERS = new Set(['__exportStar', '__export', '_exportStar']);

/** Records on `ctx.imports` what the file re-exports through `exports`/`module.exports`. */
export function recordCommonJsExports(ctx: CommonJsExportsContext): void {
  const { tokens, match, imports } = ctx;
  const n = tokens.length;
  if (!tokens.some((t) => t.type === 'IdentifierName' && (t.name === 'exports' || t.name === 'export'))) return;
  const free = (k: number, name: string): boolean => isName(tokens[k], name) && !isPunct(tokens[k - 1], '.') && !isPunct(tokens[k - 1], '?.') && ctx.lookup(name, k) === undefined;
  /** `exports` or `module.exports` starting at k: the token after it, or -1. */
  const exportsObject = (k: number): number => {
    if (free(k, 'exports')) return k + 1;
    if (free(k, 'module') && isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'exports')) return k + 3;
    return -1;
  };
  const siteAt = (k: number): ImportSite | undefined => imports.find((s) => s.index === k && !s.record.typeOnly);
  const key = (k: number): string | undefined => (tokens[k]?.type === 'IdentifierName' ? tokens[k]!.name : isStringToken(tokens[k]) ? foldString(ctx.fold, k)?.value : undefined);
  /** The module value an expression starting at k names, when it is one and nothing else. */
  const moduleValue = (k: number): ModuleValue | undefined => {
    let site: ImportSite | undefined;
    let path: string[] = [];
    let j: number;
    const t = tokens[k];
    if (t?.type !== 'IdentifierName') return undefined;
    if (WRAPPERS.has(t.name) && isPunct(tokens[k + 1], '(')) {
      const inner = moduleValue(k + 2);
      if (inner === undefined || inner.end !== match[k + 1]) return undefined;
      site = inner.site;
      path = inner.path;
      j = inner.end + 1;
    } else if (ctx.isRequireCallAt(k) && !isName(t, 'import')) {
      const arg = foldString(ctx.fold, k + 2);
      if (arg === undefined || arg.end !== match[k + 1]) return undefined;
      site = siteAt(k);
      j = arg.end + 1;
    } else {
      const b = ctx.lookup(t.name, k);
      if (b?.kind !== 'module' || b.specifier === '' || b.holds !== undefined) return undefined;
      site = imports.find((s) => s.record.specifier === b.specifier && !s.record.typeOnly);
      path = [...b.path];
      j = k + 1;
    }
    if (site === undefined) return undefined;
    for (;;) {
      if (isPunct(tokens[j], '.') && tokens[j + 1]?.type === 'IdentifierName') {
        path.push(tokens[j + 1]!.name);
        j += 2;
      } else if (isPunct(tokens[j], '[') && isStringToken(tokens[j + 1]) && match[j] === j + 2) {
        const member = foldString(ctx.fold, j + 1)?.value;
        if (member === undefined) return undefined;
        path.push(member);
        j += 3;
      } else break;
    }
    return { site, path, end: j };
  };
  /** The module value from k to exactly the end of its expression. */
  const wholeValue = (k: number, end?: number): ModuleValue | undefined => {
    const v = moduleValue(k);
    return v !== undefined && (end === undefined ? ctx.isDeclEnd(v.end) : v.end === end) ? v : undefined;
  };
  /** The modules an object literal (or a name bound to one) from k to exactly `end` holds, when it holds any. */
  const holderValue = (k: number, end?: number): HolderValue | undefined => {
    let holds: ReadonlyMap<string, Binding> | undefined;
    let after: number;
    if (isPunct(tokens[k], '{')) {
      const literal = ctx.holderAt(k);
      [holds, after] = [literal?.holds, literal?.end ?? -1];
    } else [holds, after] = [tokens[k]?.type === 'IdentifierName' ? ctx.lookup(tokens[k]!.name, k)?.holds : undefined, k + 1];
    if (holds === undefined || (end === undefined ? !ctx.isDeclEnd(after) : after !== end)) return undefined;
    const held: HolderValue['held'] = [];
    const walk = (map: ReadonlyMap<string, Binding>, at: string[]): void => {
      if (at.length > 8) return;
      for (const [key, b] of map) {
        if (b.holds !== undefined) walk(b.holds, [...at, key]);
        else if (b.kind === 'module' && b.specifier !== '') {
          const site = imports.find((s) => s.record.specifier === b.specifier && !s.record.typeOnly);
          if (site !== undefined) held.push({ at: [...at, key], value: { site, path: [...b.path], end: after } });
        }
      }
    };
    walk(holds, []);
    return held.length > 0 ? { held } : undefined;
  };
  /**
   * A function from k (to exactly `end`) whose body only returns a module value: `function (…) {
   * return X; }`, `(…) => X`, `x => { return X; }` (not async: that returns a promise).
   */
  const functionValue = (k: number, end?: number): ModuleValue | undefined => {
    let body: number;
    if (isName(tokens[k], 'function') && !isPunct(tokens[k + 1], '*')) {
      const open = tokens[k + 1]?.type === 'IdentifierName' ? k + 2 : k + 1;
      if (!isPunct(tokens[open], '(')) return undefined;
      body = match[open]! + 1;
      if (!isPunct(tokens[body], '{')) return undefined;
    } else {
      const arrow = isPunct(tokens[k], '(') ? match[k]! + 1 : tokens[k]?.type === 'IdentifierName' && !isName(tokens[k], 'async') ? k + 1 : -1;
      if (arrow < 0 || !isPunct(tokens[arrow], '=>')) return undefined;
      body = arrow + 1;
    }
    const v = isPunct(tokens[body], '{') ? returned(body) : moduleValue(body);
    const after = isPunct(tokens[body], '{') ? match[body]! + 1 : v?.end;
    if (v === undefined || after === undefined || (end === undefined ? !ctx.isDeclEnd(after) : after !== end)) return undefined;
    return { ...v, end: after, called: true };
  };
  /** A name of a function the file declares (`function getFs() { … }`, `const getFs = () => …`) that {@link functionValue} reads, as the whole expression from k. */
  const namedFunction = (k: number, end?: number): ModuleValue | undefined => {
    const t = tokens[k];
    if (t?.type !== 'IdentifierName' || (end === undefined ? !ctx.isDeclEnd(k + 1) : end !== k + 1)) return undefined;
    const b = ctx.lookup(t.name, k);
    if (b?.kind !== 'local' || b.holds !== undefined) return undefined;
    const d = b.declIndex;
    let fn: ModuleValue | undefined;
    if (isName(tokens[d - 1], 'function') && !isName(tokens[d - 2], 'async') && isPunct(tokens[d + 1], '(') && isPunct(tokens[match[d + 1]! + 1], '{')) fn = functionValue(d - 1, match[match[d + 1]! + 1]! + 1);
    else if (isName(tokens[d - 1], 'const') && isPunct(tokens[d + 1], '=')) fn = functionValue(d + 2);
    return fn === undefined ? undefined : { ...fn, end: k + 1 };
  };
  /** A module value, else a holder of them, else a function returning a module value, from k (to exactly `end`). */
  const exportedValue = (k: number, end?: number): ModuleValue | HolderValue | undefined => wholeValue(k, end) ?? holderValue(k, end) ?? functionValue(k, end) ?? namedFunction(k, end);
  // The last value each exported name is given, in the order written: a name given anything else
  // after a module (`exports.fsx = require('fs-extra'); exports.fsx = wrap(exports.fsx)`) hands on
  // nothing. `commonJs`: given by a CommonJS form.
  const last = new Map<string, { v: ModuleValue | HolderValue | undefined; commonJs: boolean }>();
  const named = (v: ModuleValue | HolderValue | undefined, name: string, commonJs = true): void => {
    last.delete(name);
    last.set(name, { v, commonJs });
  };
  const star = (v: ModuleValue | undefined, whole = false): void => {
    if (v !== undefined && v.path.length > 0 && whole) {
      // `module.exports = cp.spawn`: the file is that member.
      Object.assign(v.site.record, { wholeExport: true, wholePath: v.path, commonJsExport: true });
    }
    if (v === undefined || v.path.length > 0) return;
    v.site.record.starExport = true;
    v.site.record.commonJsExport = true;
    if (whole) v.site.record.wholeExport = true;
  };
  // Names esbuild's CommonJS output exports whole (`module.exports = __toCommonJS(x_exports)`), found on first need.
  let exportedWhole: Set<string> | undefined;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName') continue;
    if (isName(t, 'export') && !isPunct(tokens[i - 1], '.')) {
      esLocalExport(i);
      continue;
    }
    const after = exportsObject(i);
    if (after >= 0) {
      // `exports.x = …`, `module.exports.x = …`, `exports['x'] = …`
      let name: string | undefined;
      let eq = -1;
      if (isPunct(tokens[after], '.') && tokens[after + 1]?.type === 'IdentifierName') [name, eq] = [tokens[after + 1]!.name, after + 2];
      else if (isPunct(tokens[after], '[') && match[after] === after + 2) [name, eq] = [key(after + 1), after + 3];
      if (name !== undefined && isPunct(tokens[eq], '=')) {
        named(exportedValue(eq + 1), name);
        continue;
      }
      // `module.exports = require('m')`, `module.exports = { … }`
      if (isName(t, 'module') && isPunct(tokens[after], '=')) {
        // esbuild's note of the names for Node's ES import, never run: `0 && (module.exports = { run });`
        if (isPunct(tokens[i - 1], '(') && isPunct(tokens[i - 2], '&&') && tokens[i - 3]?.type === 'NumericLiteral' && tokens[i - 3]!.value === '0') continue;
        if (isPunct(tokens[after + 1], '{')) {
          for (const [from, to] of splitArguments(tokens, match, after + 1)) {
            const k = key(from);
            if (k === undefined) continue;
            if (to === from + 1 && tokens[from]!.type === 'IdentifierName') named(exportedValue(from, to), k);
            else named(isPunct(tokens[from + 1], ':') ? exportedValue(from + 2, to) : undefined, k);
          }
        } else {
          const v = wholeValue(after + 1);
          // `module.exports = function () { return require('child_process'); }`: each call of the file is that module.
          const f = v === undefined ? functionValue(after + 1) ?? namedFunction(after + 1) : undefined;
          if (f !== undefined) Object.assign(f.site.record, { wholeExport: true, wholePath: f.path, wholeCalled: true, commonJsExport: true });
          else star(v, true);
        }
      }
      continue;
    }
    if (isPunct(tokens[i - 1], '.') || (!isPunct(tokens[i + 1], '(') && !isPunct(tokens[i + 1], '.'))) continue;
    if (STAR_HELPERS.has(t.name) && isPunct(tokens[i + 1], '(')) {
      // `__exportStar(require('./x'), exports)`, `__export(require('./x'))`
      const args = splitArguments(tokens, match, i + 1);
      if (isName(t, '__export') && args.length === 2 && isPunct(tokens[args[1]![0]], '{') && match[args[1]![0]] === args[1]![1] - 1 && isExportsTarget(args[0]!)) {
        // esbuild: `__export(x_exports, { run: () => import_child_process.spawn })`, `module.exports = __toCommonJS(x_exports)`
        for (const [from, to] of splitArguments(tokens, match, args[1]![0])) {
          const k = key(from);
          const arrow = isPunct(tokens[from + 1], ':') && isPunct(tokens[from + 2], '(') && isPunct(tokens[from + 3], ')') && isPunct(tokens[from + 4], '=>');
          if (k !== undefined) named(arrow ? exportedValue(from + 5, to) : undefined, k);
        }
      } else if (args.length >= 1 && (args.length === 1 || exportsObject(args[1]![0]) === args[1]![1])) star(wholeValue(args[0]![0], args[0]![1]));
      continue;
    }
    if (isName(t, '__reExport') && isPunct(tokens[i + 1], '(')) {
      // esbuild's `export * from 'm'`: `__reExport(x_exports, require('m'), module.exports)`
      const args = splitArguments(tokens, match, i + 1);
      if (args.length >= 2 && isExportsTarget(args[0]!)) star(wholeValue(args[1]![0], args[1]![1]));
      continue;
    }
    if (!isName(t, 'Object') || ctx.lookup('Object', i) !== undefined || !isPunct(tokens[i + 1], '.') || !isPunct(tokens[i + 3], '(')) continue;
    const args = splitArguments(tokens, match, i + 3);
    if (args.length < 2 || exportsObject(args[0]![0]) !== args[0]![1]) continue;
    if (isName(tokens[i + 2], 'assign')) {
      // `Object.assign(module.exports, require('./x'))`
      for (const [from, to] of args.slice(1)) star(wholeValue(from, to));
    } else if (isName(tokens[i + 2], 'defineProperty') && args.length === 3) {
      // `Object.defineProperty(exports, 'run', { enumerable: true, get: function () { return cp_1.spawn; } })`
      const name = args[1]![1] === args[1]![0] + 1 ? key(args[1]![0]) : undefined;
      const [from, to] = args[2]!;
      if (name !== undefined) named(isPunct(tokens[from], '{') && match[from] === to - 1 ? getterValue(from) : undefined, name);
    }
  }
  for (const [name, { v, commonJs }] of last) {
    if (v === undefined) continue;
    for (const { at, value } of 'held' in v ? v.held : [{ at: [], value: v }]) {
      const record = value.site.record;
      if (value.called === true) {
        if (at.length === 0) (record.calledExports ??= Object.create(null) as Record<string, string[]>)[name] = value.path;
      } else if (at.length === 0) (record.namedExports ??= Object.create(null) as Record<string, string[]>)[name] = value.path;
      else (record.heldExports ??= []).push({ name: [name, ...at], path: value.path });
      if (commonJs) record.commonJsExport = true;
    }
  }

  /**
   * ES exports of a binding (no `from`): `export { spawn as run }` of `import { spawn } from
   * 'node:child_process'`, `export const run = cp.spawn`, `export const fsx = require('fs-extra')`.
   */
  function esLocalExport(i: number): void {
    if (isPunct(tokens[i + 1], '{')) {
      const close = match[i + 1]!;
      if (isName(tokens[close + 1], 'from')) return;
      for (const [from, to] of splitArguments(tokens, match, i + 1)) {
        if (isName(tokens[from], 'type') && to > from + 1 && !isName(tokens[from + 1], 'as')) continue;
        const exported = to === from + 1 ? key(from) : isName(tokens[from + 1], 'as') && to === from + 3 ? key(from + 2) : undefined;
        if (exported !== undefined) named(exportedValue(from, from + 1), exported, false);
      }
    } else if (isName(tokens[i + 1], 'const') && tokens[i + 2]?.type === 'IdentifierName' && isPunct(tokens[i + 3], '=')) {
      // The name's binding too: the keys given after the literal (`deps.fs = fs;`) are held.
      named(exportedValue(i + 4) ?? holderValue(i + 2, i + 3), tokens[i + 2]!.name, false);
    } else if (isName(tokens[i + 1], 'function') && tokens[i + 2]?.type === 'IdentifierName') {
      // `export function getFs() { return require('fs'); }`
      named(functionValue(i + 1), tokens[i + 2]!.name, false);
    } else if (isName(tokens[i + 1], 'default')) {
      // `export default cp.spawn`, `export default spawn` (an imported member), `export default { fs }`
      named(exportedValue(i + 2), 'default', false);
    }
  }

  /**
   * Whether the argument from..to is what the file exports: `exports`, `module.exports`, or a name
   * the file exports whole as esbuild does (`module.exports = __toCommonJS(x_exports)`).
   */
  function isExportsTarget([from, to]: readonly [number, number]): boolean {
    if (exportsObject(from) === to) return true;
    if (to !== from + 1 || tokens[from]?.type !== 'IdentifierName') return false;
    if (exportedWhole === undefined) {
      exportedWhole = new Set();
      for (let k = 0; k + 7 < n; k++) {
        if (exportsObject(k) === k + 3 && isPunct(tokens[k + 3], '=') && isName(tokens[k + 4], '__toCommonJS') && isPunct(tokens[k + 5], '(') && tokens[k + 6]!.type === 'IdentifierName' && isPunct(tokens[k + 7], ')')) exportedWhole.add(tokens[k + 6]!.name);
      }
    }
    return exportedWhole.has(tokens[from]!.name);
  }

  /** The module value the `get` of the descriptor literal at `open` returns. */
  function getterValue(open: number): ModuleValue | undefined {
    for (const [from, to] of splitArguments(tokens, match, open)) {
      if (!isName(tokens[from], 'get')) continue;
      let body = -1;
      if (isPunct(tokens[from + 1], '(') && isPunct(tokens[from + 2], ')')) body = from + 3; // get() { … }
      else if (isPunct(tokens[from + 1], ':') && isName(tokens[from + 2], 'function') && isPunct(tokens[from + 3], '(') && isPunct(tokens[from + 4], ')')) body = from + 5;
      else if (isPunct(tokens[from + 1], ':') && isPunct(tokens[from + 2], '(') && isPunct(tokens[from + 3], ')') && isPunct(tokens[from + 4], '=>')) {
        return isPunct(tokens[from + 5], '{') ? returned(from + 5) : wholeValue(from + 5, to);
      }
      return body >= 0 && isPunct(tokens[body], '{') ? returned(body) : undefined;
    }
    return undefined;
  }

  /** `{ return X; }` at `open`: the module value X. */
  function returned(open: number): ModuleValue | undefined {
    if (!isName(tokens[open + 1], 'return')) return undefined;
    const v = moduleValue(open + 2);
    if (v === undefined) return undefined;
    const end = isPunct(tokens[v.end], ';') ? v.end + 1 : v.end;
    return end === match[open] ? v : undefined;
  }
}
