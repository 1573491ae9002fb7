/**
 * First scanner pass: what each name in a file is bound to. It reads import declarations
 * (default, namespace, named, aliased, type-only ones skipped), `export … from`, TypeScript
 * `import x = require()`, `require()` and `await import()` initializers (also wrapped by
 * `__importDefault`/`__toESM`), destructuring, aliases of bindings and of globals
 * (`const f = globalThis.fetch`), `createRequire` and `const r = require` aliases, handles returned
 * by open calls (`const fh = await fsp.open(p, 'w')`), string constants, and local declarations
 * that shadow globals. The second pass (`scan-source.ts`) then matches references against these
 * bindings, so `exec` counts only when it came from `child_process`.
 *
 * @module
 */
import type { ImportRecord, ModuleInfo } from './types.ts';
import type { Token } from './tokenize.ts';
import { foldString, type FoldContext, type FoldedConstant } from './fold-string.ts';
import { GLOBAL_MEMBERS, GLOBAL_NAMESPACES, GLOBAL_ROOTS, isBuiltinSpecifier, isRelativeSpecifier, lookupModule, resolveReference, sourceDisplay } from './pattern-index.ts';
import { isName, isPunct, isStringToken } from './token-helpers.ts';

/** What a name is bound to. */
export interface Binding {
  /** `module`: a capability module or global (member path below it); `handle`: an open file handle; `require`: a require function; `const`: a string constant; `local`: anything else (shadows globals). */
  kind: 'module' | 'handle' | 'require' | 'const' | 'local';
  /** Pattern source (module and handle bindings). */
  source: string;
  /** Display name for raw identifiers. */
  display: string;
  /** Member path below the source. */
  path: string[];
  /** Module specifier it came from ('' for globals). */
  specifier: string;
  /** String value (const bindings). */
  constant?: FoldedConstant;
  /** How a require alias was made (`require` for `const r = require`, `createRequire`). */
  requireVia?: 'require' | 'createRequire';
  /** Token index of the declared name. */
  declIndex: number;
  /** Created by an import, require or re-export (eligible for the unused-import finding). */
  fromImport: boolean;
  /** References seen by the second pass. */
  refs: number;
}

/** An import site with its token index (for findings at the import). */
export interface ImportSite {
  record: ImportRecord;
  /** Token index of the specifier (or of `require`/`import` for calls). */
  index: number;
  module?: ModuleInfo;
}

/** Everything the first pass learned. */
export interface FileFacts {
  bindings: Map<string, Binding>;
  /** Re-exports of capability modules (`export { exec } from 'child_process'`). */
  reexports: Binding[];
  /** Token indices of declared names (never references). */
  declSites: Set<number>;
  /** Token indices where a binding's initializer starts (its capability is reported at the uses). */
  initBases: Set<number>;
  /** Import and export-from statements to skip in the second pass: start index → end index. */
  skip: Map<number, number>;
  /** Import sites in source order. */
  imports: ImportSite[];
}

/** Input of {@link collectBindings}. */
export interface BindingContext {
  tokens: readonly Token[];
  match: Int32Array;
}

const DECL_CONTINUATION = new Set(['.', '?.', '(', '[', '+', '-', '*', '/', '%', '&&', '||', '??', '?', ':', '=', '==', '===', '!=', '!==', '<', '>', '<=', '>=', '&', '|', '^', ',', '=>', '**', 'in', 'instanceof']);

interface InitResult {
  kind: 'module' | 'handle' | 'require' | 'const' | 'none';
  source?: string;
  display?: string;
  specifier?: string;
  path?: string[];
  constant?: FoldedConstant;
  requireVia?: 'require' | 'createRequire';
  end: number;
  baseIndex?: number;
}

/**
 * Collect bindings, import sites and declaration sites of a tokenized file.
 *
 * @param ctx Tokens and bracket match table.
 * @returns The facts the second pass needs.
 * @example
 * const facts = collectBindings({ tokens, match }); facts.bindings.get('run') // { kind: 'module', source: 'child_process', path: ['exec'], ... }
 */
export function collectBindings(ctx: BindingContext): FileFacts {
  const { tokens, match } = ctx;
  const facts: FileFacts = { bindings: new Map(), reexports: [], declSites: new Set(), initBases: new Set(), skip: new Map(), imports: [] };
  const fold: FoldContext = {
    tokens,
    match,
    constant: (name) => {
      const b = facts.bindings.get(name);
      return b?.kind === 'const' ? b.constant : undefined;
    },
  };

  const setBinding = (name: string, binding: Binding): void => {
    const existing = facts.bindings.get(name);
    if (binding.kind === 'local' && existing !== undefined) return;
    if (binding.kind === 'const' && existing !== undefined && existing.kind !== 'local') return;
    facts.bindings.set(name, binding);
  };
  const local = (index: number): void => {
    const t = tokens[index];
    if (t === undefined || t.type !== 'IdentifierName') return;
    facts.declSites.add(index);
    setBinding(t.name, { kind: 'local', source: '', display: '', path: [], specifier: '', declIndex: index, fromImport: false, refs: 0 });
  };
  const recordImport = (specifier: string, index: number, typeOnly: boolean): ModuleInfo | undefined => {
    const t = tokens[index]!;
    const kind = isRelativeSpecifier(specifier) ? 'relative' : isBuiltinSpecifier(specifier) ? 'builtin' : 'package';
    const module = lookupModule(specifier);
    const site: ImportSite = { record: { specifier, kind, typeOnly, line: t.line, column: t.column }, index };
    if (module !== undefined) site.module = module;
    facts.imports.push(site);
    return module;
  };
  const bindModule = (name: string, index: number, specifier: string, module: ModuleInfo | undefined, path: string[]): void => {
    facts.declSites.add(index);
    if (module === undefined) {
      local(index);
      return;
    }
    facts.bindings.set(name, { kind: 'module', source: module.source, display: module.display, path, specifier, declIndex: index, fromImport: true, refs: 0 });
  };
  const isRequireCallAt = (k: number): boolean => {
    const t = tokens[k];
    if (t === undefined || t.type !== 'IdentifierName' || !isPunct(tokens[k + 1], '(')) return false;
    if (isPunct(tokens[k - 1], '.')) return false;
    if (t.name === 'import') return true;
    const b = facts.bindings.get(t.name);
    return b === undefined ? t.name === 'require' : b.kind === 'require';
  };
  const isDeclEnd = (k: number): boolean => {
    const t = tokens[k];
    if (t === undefined) return true;
    if (t.type === 'Punctuator' && (t.value === ',' || t.value === ';' || t.value === ')' || t.value === '}' || t.value === ']')) return true;
    if (!t.nl) return false;
    return !(t.type === 'Punctuator' && DECL_CONTINUATION.has(t.value)) && !(t.type === 'IdentifierName' && DECL_CONTINUATION.has(t.name));
  };

  // Parse an initializer expression starting at k. Recognizes module-ish values only.
  const parseInit = (k: number): InitResult => {
    let j = k;
    if (isName(tokens[j], 'await')) j++;
    const wrappers: number[] = [];
    for (let w = 0; w < 2; w++) {
      const t = tokens[j];
      if (t?.type !== 'IdentifierName' || t.name === 'require' || t.name === 'import') break;
      if (isPunct(tokens[j + 1], '(') && (isRequireCallAt(j + 2) || (isName(tokens[j + 2], 'await') && isRequireCallAt(j + 3)))) {
        wrappers.push(j + 1);
        j += isName(tokens[j + 2], 'await') ? 3 : 2;
        continue;
      }
      if (isPunct(tokens[j + 1], '.') && tokens[j + 2]?.type === 'IdentifierName' && isPunct(tokens[j + 3], '(') && isRequireCallAt(j + 4)) {
        wrappers.push(j + 3);
        j += 4;
        continue;
      }
      break;
    }
    const closeWrappers = (end: number): number => (wrappers.length > 0 ? Math.max(end, match[wrappers[0]!]! + 1) : end);
    let source: string | undefined;
    let display = '';
    let specifier = '';
    let path: string[] = [];
    let baseIndex = j;
    const bt = tokens[j];
    if (bt === undefined) return { kind: 'none', end: j };
    // `module.require('x')`, `Module._load('x')`, `process.mainModule.require('x')`: require through a chain.
    let viaChain = -1;
    if (bt.type === 'IdentifierName' && !isRequireCallAt(j) && facts.bindings.get(bt.name)?.kind !== 'module') {
      let m = j;
      while (isPunct(tokens[m + 1], '.') && tokens[m + 2]?.type === 'IdentifierName') m += 2;
      if (m > j && (tokens[m]!.name === 'require' || tokens[m]!.name === '_load') && isPunct(tokens[m + 1], '(')) viaChain = m;
    }
    if (viaChain >= 0) {
      const arg = foldString(fold, viaChain + 2);
      if (arg === undefined || !(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ','))) return { kind: 'none', end: j };
      specifier = arg.value;
      const module = lookupModule(specifier);
      if (module !== undefined) {
        source = module.source;
        display = module.display;
      }
      baseIndex = viaChain;
      j = match[viaChain + 1]! + 1;
    } else if (isRequireCallAt(j)) {
      const arg = foldString(fold, j + 2);
      if (arg === undefined || !(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ','))) return { kind: 'none', end: j };
      specifier = arg.value;
      const module = lookupModule(specifier);
      if (module !== undefined) {
        source = module.source;
        display = module.display;
      }
      j = match[j + 1]! + 1;
    } else if (bt.type === 'IdentifierName') {
      const b = facts.bindings.get(bt.name);
      if (b !== undefined && (b.kind === 'module' || b.kind === 'handle')) {
        source = b.source;
        display = b.display;
        path = [...b.path];
        specifier = b.specifier;
        j++;
      } else if ((b?.kind === 'require' || (b === undefined && bt.name === 'require')) && !isPunct(tokens[j + 1], '(') && !isPunct(tokens[j + 1], '.')) {
        return isDeclEnd(j + 1) ? { kind: 'require', requireVia: 'require', end: j + 1 } : { kind: 'none', end: j };
      } else if (b === undefined && (GLOBAL_ROOTS.has(bt.name) || GLOBAL_NAMESPACES[bt.name] !== undefined || GLOBAL_MEMBERS.has(bt.name))) {
        source = 'global';
        path = [bt.name];
        j++;
      }
    }
    if (source === undefined) {
      if (specifier !== '') return { kind: 'none', end: closeWrappers(j), specifier };
      const folded = foldString(fold, k);
      if (folded !== undefined && isDeclEnd(folded.end)) return { kind: 'const', constant: { value: folded.value, how: folded.how }, end: folded.end };
      return { kind: 'none', end: j };
    }
    // Member chain.
    for (;;) {
      const t = tokens[j];
      if ((isPunct(t, '.') || isPunct(t, '?.')) && (tokens[j + 1]?.type === 'IdentifierName' || tokens[j + 1]?.type === 'PrivateIdentifier')) {
        path.push(tokens[j + 1]!.name);
        j += 2;
      } else if (isPunct(t, '[')) {
        const key = foldString(fold, j + 1);
        if (key === undefined || key.end !== match[j]) return { kind: 'none', end: j };
        path.push(key.value);
        j = match[j]! + 1;
      } else if (isPunct(t, '!') && isPunct(tokens[j + 1], '.')) j++;
      else break;
    }
    if (source === 'global') {
      const normalized = normalizeGlobal(path);
      source = normalized.source;
      display = normalized.display;
      path = normalized.path;
    }
    let kind: InitResult['kind'] = 'module';
    let handleSource: string | undefined;
    let requireVia: InitResult['requireVia'];
    if (isPunct(tokens[j], '(')) {
      const resolution = resolveReference(source, display, path);
      if (source === 'module' && path[path.length - 1] === 'createRequire') {
        kind = 'require';
        requireVia = 'createRequire';
      } else if (resolution !== undefined && resolution !== 'ignored' && resolution.pattern.returns !== undefined) {
        kind = 'handle';
        handleSource = resolution.pattern.returns;
      } else return { kind: 'none', end: j };
      j = match[j]! + 1;
    }
    j = closeWrappers(j);
    if (isName(tokens[j], 'as') || isName(tokens[j], 'satisfies')) {
      // TypeScript: `require('fs') as typeof import('fs')`: skip the type to the end of the declarator.
      let depth = 0;
      j++;
      while (j < tokens.length) {
        const t = tokens[j]!;
        if (t.type === 'Punctuator' && (t.value === '(' || t.value === '[' || t.value === '{')) depth++;
        else if (t.type === 'Punctuator' && (t.value === ')' || t.value === ']' || t.value === '}')) {
          if (depth === 0) break;
          depth--;
        } else if (depth === 0 && (isPunct(t, ',') || isPunct(t, ';'))) break;
        j++;
      }
    }
    if (!isDeclEnd(j)) return { kind: 'none', end: j };
    if (kind === 'require') return { kind, requireVia: requireVia!, end: j, baseIndex };
    if (kind === 'handle') return { kind, source: handleSource!, display: sourceDisplay(handleSource!), path: [], specifier, end: j };
    return { kind, source, display, path, specifier, end: j, baseIndex };
  };

  const bindFromInit = (name: string, index: number, init: InitResult, subpath: string[]): void => {
    facts.declSites.add(index);
    if (init.kind === 'module' || init.kind === 'handle') {
      facts.bindings.set(name, {
        kind: init.kind,
        source: init.source!,
        display: init.display!,
        path: [...init.path!, ...subpath],
        specifier: init.specifier ?? '',
        declIndex: index,
        fromImport: init.specifier !== undefined && init.specifier !== '',
        refs: 0,
      });
    } else if (init.kind === 'require' && subpath.length === 0) {
      facts.bindings.set(name, { kind: 'require', source: '', display: '', path: [], specifier: '', requireVia: init.requireVia!, declIndex: index, fromImport: false, refs: 0 });
    } else if (init.kind === 'const' && subpath.length === 0) {
      setBinding(name, { kind: 'const', source: '', display: '', path: [], specifier: '', constant: init.constant!, declIndex: index, fromImport: false, refs: 0 });
    } else local(index);
  };

  // Object pattern: { a, b: c, d: { e }, ...rest }
  const collectObjectPattern = (open: number, subpath: string[], out: Array<{ name: string; index: number; path: string[] }>): void => {
    const close = match[open]!;
    let e = open + 1;
    while (e < close) {
      const t = tokens[e]!;
      if (isPunct(t, '...')) {
        if (tokens[e + 1]?.type === 'IdentifierName') out.push({ name: tokens[e + 1]!.name, index: e + 1, path: subpath });
        e += 2;
      } else {
        let key: string | undefined;
        const keyIndex = e;
        if (t.type === 'IdentifierName') {
          key = t.name;
          e++;
        } else if (isStringToken(t) || t.type === 'NumericLiteral') {
          key = foldString(fold, e)?.value ?? t.value;
          e++;
        } else if (isPunct(t, '[')) {
          key = foldString(fold, e + 1)?.value;
          e = match[e]! + 1;
        } else {
          e++;
          continue;
        }
        if (isPunct(tokens[e], ':')) {
          e++;
          const target = tokens[e];
          if (target?.type === 'IdentifierName') {
            if (key !== undefined) out.push({ name: target.name, index: e, path: [...subpath, key] });
            else local(e);
            e++;
          } else if (isPunct(target, '{')) {
            if (key !== undefined) collectObjectPattern(e, [...subpath, key], out);
            e = match[e]! + 1;
          } else if (isPunct(target, '[')) {
            markArrayPattern(e);
            e = match[e]! + 1;
          }
        } else if (key !== undefined && t.type === 'IdentifierName') {
          out.push({ name: key, index: keyIndex, path: [...subpath, key] });
        }
        if (isPunct(tokens[e], '=')) {
          // Default value: skip to the next top-level comma.
          while (e < close && !isPunct(tokens[e], ',')) {
            const s = tokens[e]!;
            e = s.type === 'Punctuator' && (s.value === '(' || s.value === '[' || s.value === '{') ? match[e]! + 1 : e + 1;
          }
        }
      }
      if (isPunct(tokens[e], ',')) e++;
    }
  };
  const markArrayPattern = (open: number): void => {
    const close = match[open]!;
    for (let e = open + 1; e < close; e++) {
      const t = tokens[e]!;
      if (t.type === 'IdentifierName' && !isPunct(tokens[e - 1], '.') && (isPunct(tokens[e + 1], ',') || isPunct(tokens[e + 1], ']') || isPunct(tokens[e + 1], '='))) local(e);
    }
  };

  const parseDeclarations = (start: number): void => {
    let k = start;
    for (let guard = 0; guard < 10000; guard++) {
      const t = tokens[k];
      if (t === undefined) return;
      let target: { kind: 'name' | 'object' | 'array'; index: number };
      if (t.type === 'IdentifierName') {
        target = { kind: 'name', index: k };
        k++;
      } else if (isPunct(t, '{')) {
        target = { kind: 'object', index: k };
        k = match[k]! + 1;
      } else if (isPunct(t, '[')) {
        target = { kind: 'array', index: k };
        k = match[k]! + 1;
      } else return;
      if (isPunct(tokens[k], '!')) k++;
      if (isPunct(tokens[k], ':')) {
        // TypeScript annotation: skip to `=`, `,` or `;` at depth 0 (generic `<...>` has no brackets to match).
        k++;
        while (k < tokens.length && !isPunct(tokens[k], '=') && !isPunct(tokens[k], ',') && !isPunct(tokens[k], ';') && !isPunct(tokens[k], ')')) {
          const s = tokens[k]!;
          if (s.type === 'Punctuator' && (s.value === '(' || s.value === '[' || s.value === '{')) k = match[k]! + 1;
          else k++;
          if (tokens[k]?.nl && !isPunct(tokens[k], '|') && !isPunct(tokens[k], '&') && !isPunct(tokens[k], '=')) break;
        }
      }
      let init: InitResult = { kind: 'none', end: k };
      const hasInit = isPunct(tokens[k], '=');
      if (hasInit) init = parseInit(k + 1);
      if (target.kind === 'name') bindFromInit(tokens[target.index]!.name, target.index, init, []);
      else if (target.kind === 'object') {
        const names: Array<{ name: string; index: number; path: string[] }> = [];
        collectObjectPattern(target.index, [], names);
        for (const n of names) bindFromInit(n.name, n.index, init, n.path);
      } else markArrayPattern(target.index);
      if ((init.kind === 'module' || init.kind === 'require') && init.baseIndex !== undefined) facts.initBases.add(init.baseIndex);
      if (hasInit && init.kind === 'none') return;
      k = hasInit ? init.end : k;
      if (!isPunct(tokens[k], ',')) return;
      k++;
    }
  };

  const parseImport = (i: number): number => {
    let k = i + 1;
    let typeOnly = false;
    if (isName(tokens[k], 'type') && (isPunct(tokens[k + 1], '{') || isPunct(tokens[k + 1], '*') || (tokens[k + 1]?.type === 'IdentifierName' && tokens[k + 1]!.name !== 'from'))) {
      typeOnly = true;
      k++;
    }
    const finish = (specIndex: number, specifier: string, names: Array<{ name: string; index: number; path: string[]; typeOnly: boolean }>, end: number): number => {
      const module = recordImport(specifier, specIndex, typeOnly);
      for (const n of names) {
        facts.declSites.add(n.index);
        if (typeOnly || n.typeOnly) continue;
        bindModule(n.name, n.index, specifier, module, n.path);
      }
      if (isName(tokens[end], 'with') || isName(tokens[end], 'assert')) end = isPunct(tokens[end + 1], '{') ? match[end + 1]! + 1 : end + 1;
      if (isPunct(tokens[end], ';')) end++;
      facts.skip.set(i, end);
      return end - 1;
    };
    if (isStringToken(tokens[k])) return finish(k, foldString(fold, k)!.value, [], k + 1);
    const names: Array<{ name: string; index: number; path: string[]; typeOnly: boolean }> = [];
    // TypeScript: import x = require('m')
    if (tokens[k]?.type === 'IdentifierName' && isPunct(tokens[k + 1], '=')) {
      if (isName(tokens[k + 2], 'require') && isPunct(tokens[k + 3], '(')) {
        const arg = foldString(fold, k + 4);
        if (arg === undefined) return i;
        names.push({ name: tokens[k]!.name, index: k, path: [], typeOnly: false });
        return finish(k + 4, arg.value, names, match[k + 3]! + 1);
      }
      local(k);
      return i;
    }
    if (tokens[k]?.type === 'IdentifierName' && tokens[k]!.name !== 'from' && !isPunct(tokens[k], '{')) {
      names.push({ name: tokens[k]!.name, index: k, path: ['default'], typeOnly: false });
      k++;
      if (isPunct(tokens[k], ',')) k++;
    }
    if (isPunct(tokens[k], '*') && isName(tokens[k + 1], 'as') && tokens[k + 2]?.type === 'IdentifierName') {
      names.push({ name: tokens[k + 2]!.name, index: k + 2, path: [], typeOnly: false });
      k += 3;
    } else if (isPunct(tokens[k], '{')) {
      const close = match[k]!;
      let e = k + 1;
      while (e < close) {
        let specTypeOnly = false;
        if (isName(tokens[e], 'type') && !isPunct(tokens[e + 1], ',') && e + 1 !== close && !isName(tokens[e + 1], 'as')) {
          specTypeOnly = true;
          e++;
        }
        const imported = tokens[e];
        if (imported === undefined) break;
        const importedName = isStringToken(imported) ? foldString(fold, e)!.value : imported.name;
        let localIndex = e;
        e++;
        if (isName(tokens[e], 'as') && tokens[e + 1] !== undefined) {
          localIndex = e + 1;
          e += 2;
        }
        names.push({ name: tokens[localIndex]!.name, index: localIndex, path: [importedName], typeOnly: specTypeOnly });
        if (isPunct(tokens[e], ',')) e++;
        else if (e !== close) break;
      }
      k = close + 1;
    }
    if (!isName(tokens[k], 'from')) return i;
    const spec = foldString(fold, k + 1);
    if (spec === undefined) return i;
    return finish(k + 1, spec.value, names, spec.end);
  };

  const parseExportFrom = (i: number): number => {
    let k = i + 1;
    let typeOnly = false;
    if (isName(tokens[k], 'type') && (isPunct(tokens[k + 1], '{') || isPunct(tokens[k + 1], '*'))) {
      typeOnly = true;
      k++;
    }
    const reexported: Array<{ path: string[]; typeOnly: boolean }> = [];
    if (isPunct(tokens[k], '*')) {
      k++;
      if (isName(tokens[k], 'as')) k += 2;
      reexported.push({ path: [], typeOnly });
    } else if (isPunct(tokens[k], '{')) {
      const close = match[k]!;
      for (let e = k + 1; e < close; e++) {
        let specTypeOnly = false;
        if (isName(tokens[e], 'type') && !isPunct(tokens[e + 1], ',') && e + 1 !== close && !isName(tokens[e + 1], 'as')) {
          specTypeOnly = true;
          e++;
        }
        const t = tokens[e]!;
        reexported.push({ path: [isStringToken(t) ? foldString(fold, e)!.value : t.name], typeOnly: specTypeOnly });
        while (e < close && !isPunct(tokens[e + 1], ',')) e++;
        e++;
      }
      k = close + 1;
    } else return i;
    if (!isName(tokens[k], 'from')) return i;
    const spec = foldString(fold, k + 1);
    if (spec === undefined) return i;
    const module = recordImport(spec.value, k + 1, typeOnly);
    if (module !== undefined && !typeOnly) {
      for (const r of reexported) {
        if (r.typeOnly) continue;
        facts.reexports.push({ kind: 'module', source: module.source, display: module.display, path: r.path, specifier: spec.value, declIndex: k + 1, fromImport: true, refs: 0 });
      }
    }
    let end = spec.end;
    if (isName(tokens[end], 'with') || isName(tokens[end], 'assert')) end = isPunct(tokens[end + 1], '{') ? match[end + 1]! + 1 : end + 1;
    if (isPunct(tokens[end], ';')) end++;
    facts.skip.set(i, end);
    return end - 1;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName') continue;
    const prev = tokens[i - 1];
    if (prev !== undefined && prev.type === 'Punctuator' && (prev.value === '.' || prev.value === '?.')) continue;
    switch (t.name) {
      case 'import':
        if (isPunct(tokens[i + 1], '(')) recordCallImport(i);
        else if (!isPunct(tokens[i + 1], '.')) i = parseImport(i);
        break;
      case 'export':
        i = parseExportFrom(i);
        break;
      case 'const':
      case 'let':
      case 'var':
        parseDeclarations(i + 1);
        break;
      case 'using':
        if (tokens[i + 1]?.type === 'IdentifierName' && isPunct(tokens[i + 2], '=')) parseDeclarations(i + 1);
        break;
      case 'function':
      case 'class': {
        let k = i + 1;
        if (isPunct(tokens[k], '*')) k++;
        if (tokens[k]?.type === 'IdentifierName' && !isPunct(tokens[k + 1], '.')) local(k);
        break;
      }
      default:
        if (isRequireCallAt(i)) recordCallImport(i);
        else if (isPunct(tokens[i + 1], '=') && !facts.declSites.has(i)) {
          const init = parseInit(i + 2);
          if (init.kind === 'module' || init.kind === 'handle' || init.kind === 'require') {
            bindFromInit(t.name, i, init, []);
            if (init.baseIndex !== undefined && init.kind !== 'handle') facts.initBases.add(init.baseIndex);
          }
        }
    }
  }
  return facts;

  function recordCallImport(i: number): void {
    const arg = foldString(fold, i + 2);
    if (arg === undefined) return;
    if (!(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ','))) return;
    recordImport(arg.value, i, false);
  }
}

/**
 * Normalize a member path that starts at a global: drop `globalThis`/`global`/`window`/`self`
 * prefixes and turn a global namespace (`process`, `Deno`, `Bun`, `crypto`, `WebAssembly`) into
 * its own source.
 *
 * @param path Path starting with a global name.
 * @returns Source, display name and the remaining path.
 * @example
 * normalizeGlobal(['globalThis', 'process', 'env']) // { source: 'process', display: 'process', path: ['env'], consumed: 2 }
 */
export function normalizeGlobal(path: readonly string[]): { source: string; display: string; path: string[]; consumed: number } {
  let k = 0;
  while (k < path.length && GLOBAL_ROOTS.has(path[k]!)) k++;
  const ns = path[k] !== undefined ? GLOBAL_NAMESPACES[path[k]!] : undefined;
  if (ns !== undefined) return { source: ns.source, display: ns.display, path: path.slice(k + 1), consumed: k + 1 };
  return { source: 'global', display: '', path: path.slice(k), consumed: k };
}
