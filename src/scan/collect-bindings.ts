/**
 * First scanner pass: what each name in a file is bound to, and where. It reads import
 * declarations (default, namespace, named, aliased; type-only ones skipped), `export … from`,
 * TypeScript `import x = require()`, `require()` and `await import()` initializers (also wrapped by
 * `__importDefault`/`__toESM`, or reached as `module.require`/`Module._load`), destructuring,
 * aliases of bindings and of globals (`const f = globalThis.fetch`), `createRequire` and
 * `const r = require` aliases, handles returned by open calls (`const fh = await fsp.open(p, 'w')`),
 * string constants, read-only objects, arrays and enums of string constants, and every other declaration (variables, functions, classes, parameters of
 * functions, arrows, methods and `catch`) as a local that shadows outer names.
 *
 * Scopes are token ranges: a declaration is visible inside the innermost `{…}` around it (the body
 * for parameters, the expression for an arrow without braces, the file for imports), and a
 * reference resolves to the innermost visible declaration. That keeps minified bundles, which
 * reuse short names in every function, from mixing up a module binding with a parameter. The
 * second pass (`scan-source.ts`) matches references against these bindings, so `exec` counts
 * only when it came from `child_process`.
 *
 * @module
 */
import type { ImportRecord, LocalNamedExport, ModuleInfo } from './types.ts';
import type { Token } from './tokenize.ts';
import { foldString, numericKey, type FoldContext, type FoldedConstant } from './fold-string.ts';
import { cookStringToken } from './cook-string.ts';
import { GLOBAL_MEMBERS, GLOBAL_NAMESPACES, GLOBAL_ROOTS, isBuiltinSpecifier, isRelativeSpecifier, lookupModule, resolveReference, sourceDisplay } from './pattern-index.ts';
import { mapImport } from './path-aliases.ts';
import { isImportType, isName, isPunct, isStringToken, splitArguments, symbolCallEnd } from './token-helpers.ts';
import { createScopeLookup } from './scope-lookup.ts';
import { partitionPoint } from '../sorted.ts';
import { recordCommonJsExports } from './commonjs-exports.ts';

export type { LocalNamedExport } from './types.ts';

/** What a name is bound to. */
export interface Binding {
  /** `module`: a capability module or global (member path below it); `handle`: an open file handle; `require`: a require function; `const`: a string constant; `local`: anything else (shadows outer names). */
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
  /** How a require alias was made (`require` for `const r = require`, `createRequire`, `parameter`, `import` for the `new Function('p', 'return import(p)')` shim). */
  requireVia?: 'require' | 'createRequire' | 'parameter' | 'import';
  /** A local bound to a new symbol (`const k = Symbol.for('x')`): as a computed key it names no capability. */
  symbol?: true;
  /** A local object, array or enum that is only ever read: the string constants its members hold (`M.cp`, `mods[1]`). */
  members?: ReadonlyMap<string, FoldedConstant>;
  /**
   * A local never assigned again whose initializer is a string built at run time from a literal
   * head (`const url = 'data:text/javascript,' + code`, `` `https://esm.sh/${name}` ``): the head.
   */
  stringHead?: string;
  /**
   * An object literal that holds modules (`const deps = { fs, cp: require('child_process') }`, a
   * class field `this.deps = { fs }`): the module (or nested holder) bound to each member, so
   * `deps.fs.writeFileSync(p)` is `fs.writeFileSync`. Held module bindings are not declared names:
   * their `declIndex` is where the value is written.
   */
  holds?: ReadonlyMap<string, Binding>;
  /**
   * A plain local declared by a key of an object pattern whose initializer is not tracked here
   * (`const { fetch } = g()`, `const { a: { b: x } } = h()`): where the outermost pattern opens
   * and the keys down to the name (`['fetch']`, `['a', 'b']`). The second pass follows a call of a
   * local function that returns the global object or a module (see scan-source.ts).
   */
  picked?: { open: number; path: string[] };
  /**
   * A function another file exports that returns a module (member) on every call (`export
   * function getFs() { return require('fs') }`, `exports.cp = () => require('child_process')`,
   * imported by name): `getFs().writeFileSync(p)` is `fs.writeFileSync` (see scan-source.ts).
   */
  returns?: { source: string; display: string; path: readonly string[] };
  /** Token index of the declared name. */
  declIndex: number;
  /** Created by an import, require or re-export (eligible for the unused-import finding). */
  fromImport: boolean;
  /**
   * Bound through a relative import whose file re-exports the module (`import { execa } from
   * './lib.js'` where lib.js has `export { execa } from 'execa'`): that import's specifier.
   */
  through?: string;
  /** References seen by the second pass. */
  refs: number;
  /**
   * Of those, the references that are the right operand of `instanceof` (`e instanceof
   * CalDAVError`): a class checked against a value, nothing of the module run.
   */
  classChecks?: number;
  /**
   * Of those, the references that read one constant of an enum-like object and nothing else
   * (`BuildStatus.Completed`, `ReleaseStatus[r.status]`): data of the module read, nothing of it run.
   */
  constantReads?: number;
  /** First token index where the binding is visible. */
  scopeStart: number;
  /** Last token index where the binding is visible. */
  scopeEnd: number;
}

/** An import site with its token index (for findings at the import). */
export interface ImportSite {
  record: ImportRecord;
  /** Token index of the specifier (or of `require`/`import` for calls). */
  index: number;
  module?: ModuleInfo;
  /** Token indices of the names a static `import { a, b as c }` declares, when that is the whole import (as `record.names`). */
  nameIndexes?: number[];
}

/** Everything the first pass learned. */
export interface FileFacts {
  /** The innermost binding of `name` visible at token `at`, if any. */
  lookup(name: string, at: number): Binding | undefined;
  /** Every binding in declaration order. */
  all(): Binding[];
  /** Re-exports of capability modules (`export { exec }` from the child_process module). */
  reexports: Binding[];
  /** Token indices of declared names (never references). */
  declSites: Set<number>;
  /** Token indices where a binding's initializer starts (its capability is reported at the uses). */
  initBases: Set<number>;
  /** Token indices of a module binding handed whole to a function of this file that was followed (`run(cp)`): no use of the module object. */
  passedModules: Set<number>;
  /** Import and export-from statements and ambient blocks (`declare module 'm' { … }`) to skip in the second pass: start index → end index. */
  skip: Map<number, number>;
  /** Import sites in source order. */
  imports: ImportSite[];
  /** Names some statement assigns after their declaration (`m = …`, `m += …`, `[m] = …`, `for (m of …)`), in any scope. */
  assigned: ReadonlySet<string>;
  /** Token ranges [start, end) of bundler require shims' initializers (`var __require = …`). */
  requireShims: Array<[number, number]>;
  /** Index of the innermost `{` enclosing each token (-1 at the top level). */
  brace: Int32Array;
  /**
   * The module or handle binding a TypeScript namespace visible at token `at` exports under
   * `member` (`namespace N { export const cp = require('child_process') }` gives `N.cp`).
   */
  namespaceMember(name: string, member: string, at: number): Binding | undefined;
  /**
   * The module or holder a class field holds, for `this.<name>` at token `at` (in a method,
   * constructor or field initializer of that class, also inside arrow functions there): the field
   * is given its value once in the class (`deps = { fs }`, `this.deps = { fs }` in a method), and
   * nowhere else in the class is it written.
   */
  thisField(at: number, name: string): Binding | undefined;
}

/** Input of {@link collectBindings}. */
export interface BindingContext {
  tokens: readonly Token[];
  match: Int32Array;
  /** The file's import map: a mapped specifier's rows are its target's. */
  importMap?: Readonly<Record<string, string>> | undefined;
  /** Names the files of relative imports re-export from a module with `export *` (see ScanSourceOptions.localMembers). */
  localMembers?: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined;
  /** Members the files of relative imports re-export by name (see ScanSourceOptions.localNamedExports). */
  localNamedExports?: Readonly<Record<string, Readonly<Record<string, LocalNamedExport>>>> | undefined;
}

const DECL_CONTINUATION = new Set(['.', '?.', '(', '[', '+', '-', '*', '/', '%', '&&', '||', '??', '?', ':', '=', '==', '===', '!=', '!==', '<', '>', '<=', '>=', '&', '|', '^', ',', '=>', '**', 'in', 'instanceof']);
const METHOD_PREFIX = new Set(['{', '}', ';', ',', 'async', 'static', 'get', 'set', '*', 'public', 'private', 'protected', 'readonly', 'override', 'abstract']);
/** How many functions deep a holder passed as an argument is followed (`a(deps)`, `function a(d) { b(d) }`, …). */
const MAX_PASS_DEPTH = 4;
/** How many functions one holder is followed into, at most (each costs a walk over its callers' scope). */
const MAX_PASSED_FUNCTIONS = 64;
/** Nesting limit for destructuring patterns (hostile input cannot exhaust the stack). */
const MAX_PATTERN_DEPTH = 64;
const NOT_PARAMETER = new Set(['this', 'true', 'false', 'null', 'undefined', 'new', 'typeof', 'void', 'await', 'yield', 'async', 'function']);

interface InitResult {
  kind: 'module' | 'handle' | 'require' | 'const' | 'symbol' | 'members' | 'holder' | 'returns' | 'none';
  source?: string;
  /** kind 'returns': a function another file exports that returns a module (`require('./run')` of `module.exports = () => cp`). */
  returns?: Binding['returns'];
  holds?: ReadonlyMap<string, Binding>;
  display?: string;
  specifier?: string;
  path?: string[];
  constant?: FoldedConstant;
  members?: Map<string, FoldedConstant>;
  requireVia?: 'require' | 'createRequire' | 'import';
  /** The literal head of a string built at run time (`'data:…,' + code`, `` `https://…/${x}` ``). */
  head?: string;
  end: number;
  baseIndex?: number;
  /** A member of a local file's re-export (`require('./lib').fsx`): that file's specifier (Binding.through). */
  through?: string;
}

/** Words before a name that declare it (`const o`, `function o`). */
const DECLARING_WORDS = new Set(['const', 'let', 'var', 'using', 'function', 'class']);
const ASSIGNMENT_OPERATORS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=', '&&=', '||=', '??=']);
const DECLARING = new Set(['let', 'const', 'var', 'using']);
/** Words after `declare` in a TypeScript ambient declaration. */
const AMBIENT_KEYWORDS = new Set(['const', 'let', 'var', 'function', 'class', 'abstract', 'enum', 'global', 'module', 'namespace', 'async']);
/** Words after which `[` opens an array (pattern), not a member access. */
const RESERVED_BEFORE_PATTERN = new Set(['return', 'typeof', 'void', 'delete', 'in', 'of', 'case', 'do', 'else', 'yield', 'await', 'throw', 'new']);

/**
 * Names that some statement of the file may assign after their declaration (`m = …`, `m += …`,
 * `m++`, `[m] = …`, `({ m } = …)`, `for (m of …)`). A value folded from the declaration alone
 * (`let m = 'fs'`) is not the value at a later use when such an assignment exists: those names
 * are never string or symbol constants. Conservative: a name assigned in another scope counts as
 * assigned too. A name declared later in a list (`const a = 1, m = 'x'`) is declared, not assigned.
 */
function assignedNames(tokens: readonly Token[], match: Int32Array): Set<string> {
  const names = new Set<string>();
  const n = tokens.length;
  const listed = listedDeclarators(tokens, match);
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type === 'IdentifierName') {
      const prev = tokens[i - 1];
      if (isPunct(prev, '.') || isPunct(prev, '?.')) continue;
      const next = tokens[i + 1];
      const declared = (prev !== undefined && prev.type === 'IdentifierName' && DECLARING.has(prev.name)) || listed.has(i);
      if ((next?.type === 'Punctuator' && ASSIGNMENT_OPERATORS.has(next.value) && !declared) || isPunct(next, '++') || isPunct(next, '--') || isPunct(prev, '++') || isPunct(prev, '--')) names.add(t.name);
      else if (isPunct(prev, '(') && (isName(tokens[i - 2], 'for') || isName(tokens[i - 2], 'await')) && (isName(next, 'of') || isName(next, 'in'))) names.add(t.name);
    } else if ((isPunct(t, ']') || isPunct(t, '}')) && isPunct(tokens[i + 1], '=')) {
      // A destructuring assignment (not a declaration, not `x[k] = …`): every name in the pattern may change.
      const open = match[i]!;
      const before = tokens[open - 1];
      if (open < 0 || open >= i || (before !== undefined && before.type === 'IdentifierName' && DECLARING.has(before.name))) continue;
      const member = isPunct(t, ']') && before !== undefined && ((before.type === 'IdentifierName' && !RESERVED_BEFORE_PATTERN.has(before.name)) || isPunct(before, ')') || isPunct(before, ']') || before.type === 'StringLiteral' || before.type === 'NoSubstitutionTemplate' || before.type === 'TemplateTail');
      if (member) continue;
      for (let k = open + 1; k < i; k++) if (tokens[k]!.type === 'IdentifierName') names.add(tokens[k]!.name);
    }
  }
  return names;
}

/**
 * Names whose every use is a read of one member (`M.cp`, `M?.cp`, `M['cp']`, `mods[1]`) and that
 * are declared once, not exported: the object, array or enum they hold keeps the members it was
 * declared with, so a member holding a string constant folds. Anything else makes a name unknown:
 * a member written, incremented, deleted or called (`M.x = …`, `delete M.x`, `M.__defineGetter__(…)`,
 * `mods.reverse()`), or the value handed on (`f(M)`, `Object.assign(M, …)`, `const N = M`,
 * `export { M }`), which could change it elsewhere.
 */
function readOnlyNames(tokens: readonly Token[]): Set<string> {
  const unsafe = new Set<string>();
  const declared = new Set<string>();
  const seen = new Set<string>();
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName') continue;
    const prev = tokens[i - 1];
    if (isPunct(prev, '.') || isPunct(prev, '?.')) continue;
    seen.add(t.name);
    if (prev !== undefined && prev.type === 'IdentifierName' && (prev.name === 'const' || prev.name === 'let' || prev.name === 'var' || prev.name === 'enum')) {
      if (declared.has(t.name) || isName(tokens[i - 2], 'export') || (isName(tokens[i - 2], 'const') && isName(tokens[i - 3], 'export'))) unsafe.add(t.name);
      declared.add(t.name);
      continue;
    }
    if (!isMemberRead(tokens, i)) unsafe.add(t.name);
  }
  for (const name of unsafe) seen.delete(name);
  return seen;
}

/**
 * Whether the name at k is read through one member (`M.cp`, `M?.cp`, `M['cp']`, `mods[1]`) that
 * is not written, incremented, deleted or called.
 */
function isMemberRead(tokens: readonly Token[], k: number): boolean {
  const next = tokens[k + 1];
  let after: number;
  if ((isPunct(next, '.') || isPunct(next, '?.')) && tokens[k + 2]?.type === 'IdentifierName') after = k + 3;
  else if (isPunct(next, '[') && isPunct(tokens[k + 3], ']') && (isStringToken(tokens[k + 2]) || tokens[k + 2]?.type === 'NumericLiteral')) after = k + 4;
  else return false;
  const a = tokens[after];
  const prev = tokens[k - 1];
  const written = (a?.type === 'Punctuator' && (ASSIGNMENT_OPERATORS.has(a.value) || a.value === '++' || a.value === '--' || a.value === '(')) || a?.type === 'NoSubstitutionTemplate' || a?.type === 'TemplateHead';
  return !(written || isName(prev, 'delete') || isPunct(prev, '++') || isPunct(prev, '--'));
}

/** Words that continue an expression across a line break (no semicolon is inserted before them). */
const CONTINUING_WORDS = new Set(['in', 'of', 'instanceof', 'as', 'satisfies']);

/**
 * The name tokens of the second and later declarators of every `let`/`const`/`var`/`using` list
 * (`m` in `const a = 1, m = 'x'`): the declaration's own level up to its `;`, its closing bracket
 * or a line break where a new statement starts; nested brackets are skipped whole.
 */
function listedDeclarators(tokens: readonly Token[], match: Int32Array): Set<number> {
  const listed = new Set<number>();
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName' || !DECLARING.has(t.name) || isPunct(tokens[i - 1], '.') || isPunct(tokens[i - 1], '?.')) continue;
    const first = tokens[i + 1];
    if (first === undefined || !(first.type === 'IdentifierName' || (t.name !== 'using' && (isPunct(first, '{') || isPunct(first, '['))))) continue;
    if (first.type !== 'IdentifierName') patternDefaults(tokens, match, i + 1, listed);
    for (let j = i + 1; j < n; j++) {
      const u = tokens[j]!;
      if (u.type === 'Punctuator') {
        if (u.value === '(' || u.value === '[' || u.value === '{') {
          const close = match[j]!;
          if (close <= j) break;
          j = close;
          continue;
        }
        if (u.value === ';' || u.value === ')' || u.value === ']' || u.value === '}') break;
        if (u.value === ',' && tokens[j + 1]?.type === 'IdentifierName' && isPunct(tokens[j + 2], '=')) listed.add(j + 1);
        continue;
      }
      // Two operands across a line break: a semicolon was inserted, the declaration ended.
      const prev = tokens[j - 1]!;
      if (u.nl && (u.type !== 'IdentifierName' || !CONTINUING_WORDS.has(u.name)) && (prev.type !== 'Punctuator' || prev.value === ')' || prev.value === ']' || prev.value === '}')) break;
    }
  }
  return listed;
}

/**
 * The names given a default in a declaration's pattern (`fetch` in `const { fetch = f } = g()`,
 * `b` in `const [a, { b = 1 }] = xs`): `name = value` there declares the name, it assigns nothing
 * later. Added to `out`; a default's own expression is skipped whole.
 */
function patternDefaults(tokens: readonly Token[], match: Int32Array, open: number, out: Set<number>, depth = 0): void {
  const close = match[open]!;
  if (close <= open || depth > MAX_PATTERN_DEPTH) return;
  const object = isPunct(tokens[open], '{');
  let e = open + 1;
  while (e < close) {
    let name = -1;
    if (isPunct(tokens[e], '...')) e++;
    // An object pattern's key (`a:`, `'a':`, `[k]:`), then its target.
    if (object && (isPunct(tokens[e], '[') || tokens[e]?.type !== 'Punctuator') && isPunct(tokens[isPunct(tokens[e], '[') ? Math.max(match[e]!, e) + 1 : e + 1], ':')) e = (isPunct(tokens[e], '[') ? Math.max(match[e]!, e) : e) + 2;
    const t = tokens[e];
    if (t?.type === 'IdentifierName') {
      name = e;
      e++;
    } else if ((isPunct(t, '{') || isPunct(t, '[')) && match[e]! > e) {
      patternDefaults(tokens, match, e, out, depth + 1);
      e = match[e]! + 1;
    }
    if (isPunct(tokens[e], '=')) {
      if (name >= 0) out.add(name);
      while (e < close && !isPunct(tokens[e], ',')) e = match[e]! > e ? match[e]! + 1 : e + 1;
    }
    // Anything else up to the next element (a hole, a token this walk does not know).
    while (e < close && !isPunct(tokens[e], ',')) e = match[e]! > e ? match[e]! + 1 : e + 1;
    e++;
  }
}

/** Punctuators of an expression that picks the global object (`typeof self !== 'undefined' ? self : global`). */
const GLOBAL_PICK_PUNCTUATORS = new Set(['!==', '===', '!=', '==', '?', ':', '||', '??', '&&', '(', ')']);
/** Modifiers before a class member's name (`static fetch = …`, `declare eval: T`, `get x()`). */
const CLASS_MEMBER_MODIFIERS = new Set(['static', 'readonly', 'public', 'private', 'protected', 'declare', 'override', 'abstract', 'accessor', 'async', 'get', 'set']);
/** Words before `(…) {` that open a block, not a function body. */
const BLOCK_HEADS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with']);
/** Modifiers that make a constructor parameter a class field (TypeScript parameter properties). */
const PARAMETER_PROPERTY_MODIFIERS = new Set(['private', 'public', 'protected', 'readonly', 'override']);
/** Words after which `function`/`class` starts an expression, not a declaration. */
const EXPRESSION_KEYWORDS = new Set(['return', 'typeof', 'void', 'delete', 'await', 'yield', 'new', 'in', 'of', 'case', 'throw', 'instanceof', 'extends']);

/**
 * The body `{` of every class, keyed by the index of its `class` keyword: past the name, type
 * parameters (`<T extends { a: 1 }>`) and the `extends`/`implements` clauses, the first `{` at
 * the class's own level. A `class` that is a property name (`x.class`, `{ class: 1 }`) has none.
 */
function findClassBodies(tokens: readonly Token[], match: Int32Array): Map<number, number> {
  const bodies = new Map<number, number>();
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName' || t.name !== 'class' || isPunct(tokens[i - 1], '.') || isPunct(tokens[i - 1], '?.')) continue;
    const next = tokens[i + 1];
    if (next === undefined || (next.type === 'Punctuator' && next.value !== '{')) continue;
    let angle = 0;
    for (let j = i + 1; j < n && j < i + 512; j++) {
      const u = tokens[j]!;
      if (u.type !== 'Punctuator') continue;
      const v = u.value;
      if (v === '{' && angle === 0) {
        bodies.set(i, j);
        break;
      }
      if (v === '(' || v === '[' || v === '{') {
        const close = match[j]!;
        if (close <= j) break;
        j = close;
      } else if (v === '<') angle++;
      else if (v === '>' || v === '>>' || v === '>>>') angle = Math.max(0, angle - v.length);
      else if (v === ';' || v === '}' || v === '=>' || v === ')' || v === ']') break;
    }
  }
  return bodies;
}

/**
 * Token indices of the field names declared directly in the class body opened at `open`:
 * `fetch;`, `fs = fs;`, `static spawn = spawn`, `eval!: T`, one per line without semicolons.
 * Methods (`fetch() {}`), computed keys and initializer expressions are not field names.
 */
function classFieldNames(tokens: readonly Token[], match: Int32Array, open: number): number[] {
  const out: number[] = [];
  const close = Math.min(match[open]!, tokens.length);
  if (close <= open) return out;
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'Punctuator') {
      if ((t.value === '(' || t.value === '[' || t.value === '{') && match[k]! > k) k = Math.min(match[k]!, close);
      continue;
    }
    if (t.type !== 'IdentifierName') continue;
    const next = tokens[k + 1];
    // `static fetch`, `get x()`: the modifier is not the name.
    if (CLASS_MEMBER_MODIFIERS.has(t.name) && next !== undefined && !next.nl && (next.type === 'IdentifierName' || next.type === 'PrivateIdentifier' || next.type === 'StringLiteral' || isPunct(next, '[') || isPunct(next, '*') || isPunct(next, '{'))) continue;
    const prev = tokens[k - 1]!;
    const startsMember = k === open + 1 || isPunct(prev, ';') || isPunct(prev, '}')
      || (prev.type === 'IdentifierName' && CLASS_MEMBER_MODIFIERS.has(prev.name))
      // A field after a line break without a semicolon: the previous initializer ended there.
      || (t.nl && ((prev.type === 'IdentifierName' && !EXPRESSION_KEYWORDS.has(prev.name)) || isPunct(prev, ')') || isPunct(prev, ']')
        || prev.type === 'StringLiteral' || prev.type === 'NumericLiteral' || prev.type === 'NoSubstitutionTemplate' || prev.type === 'TemplateTail' || prev.type === 'RegularExpressionLiteral'));
    if (!startsMember) continue;
    const endsName = next === undefined || k + 1 === close || next.nl
      || (next.type === 'Punctuator' && (next.value === '=' || next.value === ';' || next.value === '}' || next.value === '!' || next.value === '?' || next.value === ':'));
    if (endsName) out.push(k);
  }
  return out;
}

/**
 * Collect bindings, import sites and declaration sites of a tokenized file.
 *
 * @param ctx Tokens and bracket match table.
 * @returns The facts the second pass needs.
 * @example
 * const facts = collectBindings({ tokens, match }); facts.lookup('run', i) // { kind: 'module', source: 'child_process', path: ['exec'], ... }
 */
export function collectBindings(ctx: BindingContext): FileFacts {
  const { tokens, match } = ctx;
  const n = tokens.length;
  const declSites = new Set<number>();
  // Innermost enclosing `{` of every token (-1 at the top level).
  const brace = new Int32Array(n).fill(-1);
  {
    const stack: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = tokens[i]!;
      brace[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      if (t.type !== 'Punctuator') continue;
      if (t.value === '{') stack.push(i);
      else if (t.value === '}' && stack.length > 0 && match[i] === stack[stack.length - 1]) stack.pop();
    }
  }
  const classBodies = findClassBodies(tokens, match);
  // Class field names (`fetch;`, `fs = fs;`, `static spawn = spawn;`) are property names: they
  // bind nothing in any scope and are not uses; their initializers are ordinary expressions.
  for (const open of classBodies.values()) for (const k of classFieldNames(tokens, match, open)) declSites.add(k);
  const assigned = assignedNames(tokens, match);
  // Computed on the first object, array or enum declaration that could use it.
  let readOnly: Set<string> | undefined;
  const isReadOnly = (name: string): boolean => (readOnly ??= readOnlyNames(tokens)).has(name);
  const byName = new Map<string, Binding[]>();
  const order: Binding[] = [];
  /** Each binding's place in `order`. */
  const orderAt = new Map<Binding, number>();
  const scopes = createScopeLookup<Binding>();
  const sameScope = new Map<string, number>();
  const lookup = (name: string, at: number): Binding | undefined => {
    const list = byName.get(name);
    return list === undefined ? undefined : scopes.innermost(list, at);
  };
  const namespaces = new Map<string, Array<{ scopeStart: number; scopeEnd: number; members: Map<string, Binding> }>>();
  const namespaceMember = (name: string, member: string, at: number): Binding | undefined => {
    for (const ns of namespaces.get(name) ?? []) {
      const b = at >= ns.scopeStart && at <= ns.scopeEnd ? ns.members.get(member) : undefined;
      if (b !== undefined) return b;
    }
    return undefined;
  };
  // Class fields that hold a module or an object of modules, by class body `{` (see `thisField`).
  const classBodyOpens = new Set(classBodies.values());
  const fieldsByClass = new Map<number, Map<string, Binding>>();
  // `this` tokens of `helper(this.deps)` where the field is followed into the helper's parameter.
  const passedFields = new Set<number>();
  // Token indices of each name, by name (see `occurrencesIn`).
  let occurrences: Map<string, number[]> | undefined;
  const thisField = (at: number, name: string): Binding | undefined => {
    if (fieldsByClass.size === 0) return undefined;
    const open = classOfThis(at);
    return open === undefined ? undefined : fieldsByClass.get(open)?.get(name);
  };
  const facts: FileFacts = { lookup, all: () => order, reexports: [], declSites, initBases: new Set(), passedModules: new Set(), skip: new Map(), imports: [], requireShims: [], brace, namespaceMember, thisField, assigned };
  /** Dependency maps of browserify/Parcel module wrappers (undefined: no wrapper), by the index of their `require` parameter. */
  const bundleMaps = new Map<number, Set<string> | undefined>();
  /** The ids of the module wrappers the file holds, once a map is read. */
  let moduleIds: Set<string> | undefined;
  const fold: FoldContext = {
    tokens,
    match,
    constant: (name, at) => {
      const b = lookup(name, at);
      return b?.kind === 'const' ? b.constant : undefined;
    },
    member: (name, key, at) => lookup(name, at)?.members?.get(key),
  };

  const blockScope = (index: number): [number, number] => {
    const b = brace[index]!;
    return b < 0 ? [0, n] : [b, Math.min(match[b]!, n)];
  };
  /** Add a declaration; in the same scope a capability binding wins over a plain local. Returns the binding when it was added. */
  const declare = (name: string, binding: Omit<Binding, 'scopeStart' | 'scopeEnd'>, scope: [number, number]): Binding | undefined => {
    let list = byName.get(name);
    if (list === undefined) byName.set(name, (list = []));
    const full: Binding = { ...binding, scopeStart: scope[0], scopeEnd: scope[1] };
    // The declaration of this name in the same scope, if any (a map: a name declared in
    // thousands of scopes, as `e` in a minified bundle, made a search per declaration quadratic).
    const key = `${name}\u0000${scope[0]}:${scope[1]}`;
    const same = sameScope.get(key) ?? -1;
    if (same >= 0) {
      const existing = list[same]!;
      if (full.kind === 'local' && existing.kind !== 'local') return undefined;
      if (full.kind === 'const' && existing.kind !== 'local' && existing.kind !== 'const') return undefined;
      list[same] = full;
      scopes.replaced(list, existing, full);
      // By a map: thousands of parameters replaced (holders passed to helpers) searched `order` each time.
      const at = orderAt.get(existing)!;
      order[at] = full;
      orderAt.delete(existing);
      orderAt.set(full, at);
      return full;
    }
    sameScope.set(key, list.length);
    list.push(full);
    scopes.added(list, full);
    orderAt.set(full, order.length);
    order.push(full);
    return full;
  };
  const blank = (declIndex: number): Omit<Binding, 'scopeStart' | 'scopeEnd' | 'kind'> => ({ source: '', display: '', path: [], specifier: '', declIndex, fromImport: false, refs: 0 });
  const local = (index: number, scope: [number, number] = blockScope(index), picked?: Binding['picked']): void => {
    const t = tokens[index];
    if (t === undefined || t.type !== 'IdentifierName') return;
    facts.declSites.add(index);
    if (t.name === 'require') declare(t.name, { ...blank(index), kind: 'require', requireVia: 'parameter' }, scope);
    else declare(t.name, { ...blank(index), kind: 'local', ...(picked !== undefined ? { picked } : {}) }, scope);
  };
  const recordImport = (specifier: string, index: number, typeOnly: boolean): ModuleInfo | undefined => {
    const t = tokens[index]!;
    const kind = isRelativeSpecifier(specifier) ? 'relative' : isBuiltinSpecifier(specifier) ? 'builtin' : 'package';
    const module = lookupModule(mapImport(specifier, ctx.importMap) ?? specifier);
    const site: ImportSite = { record: { specifier, kind, typeOnly, line: t.line, column: t.column }, index };
    if (module !== undefined) site.module = module;
    facts.imports.push(site);
    return module;
  };
  /** `require` (or a name bound to a require) at k, not as a member. */
  const isRequireNameAt = (k: number): boolean => {
    const t = tokens[k];
    if (t === undefined || t.type !== 'IdentifierName') return false;
    if (isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) return false;
    const b = lookup(t.name, k);
    return b === undefined ? t.name === 'require' : b.kind === 'require';
  };
  const isRequireCallAt = (k: number): boolean => {
    if (!isPunct(tokens[k + 1], '(')) return false;
    if (isName(tokens[k], 'import')) return !isPunct(tokens[k - 1], '.') && !isPunct(tokens[k - 1], '?.');
    return isRequireNameAt(k);
  };
  /**
   * At `Promise.resolve().then(` followed by `() =>` or `function () { return`: the index of the
   * callback's value (where a `require(…)` may start), else undefined.
   */
  const deferredRequireStart = (k: number): number | undefined => {
    if (!(isName(tokens[k], 'Promise') && isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'resolve') && isPunct(tokens[k + 3], '(') && isPunct(tokens[k + 4], ')'))) return undefined;
    if (!(isPunct(tokens[k + 5], '.') && isName(tokens[k + 6], 'then') && isPunct(tokens[k + 7], '('))) return undefined;
    if (isPunct(tokens[k + 8], '(') && isPunct(tokens[k + 9], ')') && isPunct(tokens[k + 10], '=>')) return k + 11;
    if (isName(tokens[k + 8], 'function') && isPunct(tokens[k + 9], '(') && isPunct(tokens[k + 10], ')') && isPunct(tokens[k + 11], '{') && isName(tokens[k + 12], 'return')) return k + 13;
    return undefined;
  };
  const isDeclEnd = (k: number): boolean => {
    const t = tokens[k];
    if (t === undefined) return true;
    if (t.type === 'Punctuator' && (t.value === ',' || t.value === ';' || t.value === ')' || t.value === '}' || t.value === ']')) return true;
    if (!t.nl) return false;
    return !(t.type === 'Punctuator' && DECL_CONTINUATION.has(t.value)) && !(t.type === 'IdentifierName' && DECL_CONTINUATION.has(t.name));
  };
  // Where the expression starting at a token ends, once known: the bodies of nested arrows
  // (`a => b => … => 1`) all end at the same token, and walking each to it took quadratic time
  // (50,000 arrows, 24 s).
  const expressionEnds = new Map<number, number>();
  /** End of an expression starting at k (exclusive): a top-level `,`/`;`, an unmatched closer, or a statement break. */
  const expressionEnd = (k: number): number => {
    const known = expressionEnds.get(k);
    if (known !== undefined) return known;
    // Every token this walk passes at the top level starts an expression that ends where this one
    // does: from it, the walk would go the same way (the statement-break test that skips the
    // first token passed here too).
    const passed: number[] = [k];
    let end = n;
    let j = k;
    while (j < n) {
      const t = tokens[j]!;
      if (t.type === 'Punctuator') {
        if (t.value === '(' || t.value === '[' || t.value === '{') {
          if (j > k) passed.push(j);
          j = Math.min(match[j]!, n) + 1;
          continue;
        }
        if (t.value === ')' || t.value === ']' || t.value === '}' || t.value === ',' || t.value === ';') { end = j; break; }
      }
      if (j > k && isDeclEnd(j) && t.nl) { end = j; break; }
      if (j > k) {
        const later = expressionEnds.get(j);
        if (later !== undefined) { end = later; break; }
        passed.push(j);
      }
      j++;
    }
    for (const p of passed) expressionEnds.set(p, end);
    return end;
  };

  // ---- parameters -------------------------------------------------------------------------------
  /** Declare the parameter names of a list `(` … `)` for the scope. */
  const declareParameters = (open: number, scope: [number, number]): void => {
    const close = Math.min(match[open]!, n);
    const walkPattern = (from: number, to: number, depthType: boolean, depth = 0): void => {
      if (depth > MAX_PATTERN_DEPTH) return;
      let inType = false;
      for (let k = from; k < to; k++) {
        const t = tokens[k]!;
        if (t.type === 'Punctuator') {
          if (t.value === '(' || t.value === '[' || t.value === '{') {
            if (!inType && (t.value === '{' || t.value === '[')) walkPattern(k + 1, Math.min(match[k]!, to), true, depth + 1);
            k = Math.min(match[k]!, to);
            continue;
          }
          if (t.value === ',') inType = false;
          else if (t.value === ':' && !depthType) inType = true;
          else if (t.value === '=') {
            // Default value: skip to the next comma at this depth.
            let j = k + 1;
            while (j < to && !isPunct(tokens[j], ',')) {
              const s = tokens[j]!;
              j = s.type === 'Punctuator' && (s.value === '(' || s.value === '[' || s.value === '{') ? Math.min(match[j]!, to) + 1 : j + 1;
            }
            k = j - 1;
            inType = false;
          }
          continue;
        }
        if (inType || t.type !== 'IdentifierName' || NOT_PARAMETER.has(t.name)) continue;
        if (isPunct(tokens[k - 1], '.')) continue;
        const next = tokens[k + 1];
        const declares = depthType
          ? isPunct(next, ',') || isPunct(next, '}') || isPunct(next, ']') || isPunct(next, '=') || k + 1 === to
          : isPunct(next, ',') || isPunct(next, ')') || isPunct(next, '=') || isPunct(next, ':') || isPunct(next, '?') || k + 1 === to;
        if (declares && !(depthType && isPunct(next, ':'))) local(k, scope);
      }
    };
    walkPattern(open + 1, close, false);
  };
  /** The body `{` after a parameter list (skipping a TypeScript return type), or -1. */
  const bodyAfter = (closeParen: number): number => {
    let j = closeParen + 1;
    if (isPunct(tokens[j], ':')) {
      for (j++; j < n && j < closeParen + 64; j++) {
        const t = tokens[j]!;
        if (isPunct(t, '{') && !(isPunct(tokens[j - 1], ':') || isPunct(tokens[j - 1], '|') || isPunct(tokens[j - 1], '&') || isPunct(tokens[j - 1], '<') || isPunct(tokens[j - 1], ','))) return j;
        if (isPunct(t, '(') || isPunct(t, '[') || (isPunct(t, '{'))) j = Math.min(match[j]!, n);
        if (isPunct(t, ';') || isPunct(t, '=>')) return -1;
      }
      return -1;
    }
    return isPunct(tokens[j], '{') ? j : -1;
  };
  const scopeOfBody = (body: number): [number, number] => [body, Math.min(match[body]!, n)];
  /** `Symbol('d')` or `Symbol.for('k')` (the global Symbol) at k: the index after it, else undefined. */
  const symbolExpressionEnd = (k: number): number | undefined => (lookup('Symbol', k) === undefined ? symbolCallEnd(tokens, match, k) : undefined);

  /**
   * Where a require taken as a value through a chain or `.bind` ends: `module.require`,
   * `process.mainModule.require`, `require.main.require`, `globalThis.require`, and `require.bind(t)`
   * or any of those with `.bind(t)`. Undefined when the expression at k is none of them (a bare
   * `require` is handled by the caller).
   */
  const requireAliasEnd = (k: number): number | undefined => {
    const root = tokens[k];
    if (root?.type !== 'IdentifierName') return undefined;
    const b = lookup(root.name, k);
    let m = k;
    while (isPunct(tokens[m + 1], '.') && tokens[m + 2]?.type === 'IdentifierName' && tokens[m + 2]!.name !== 'bind') m += 2;
    const isRequire = m === k
      ? (b === undefined ? root.name === 'require' : b.kind === 'require')
      : b === undefined && tokens[m]!.name === 'require' && (root.name === 'module' || root.name === 'process' || root.name === 'require' || GLOBAL_ROOTS.has(root.name));
    if (!isRequire) return undefined;
    const end = m + 1;
    if (isPunct(tokens[end], '.') && isName(tokens[end + 1], 'bind') && isPunct(tokens[end + 2], '(')) return Math.min(match[end + 2]!, n) + 1;
    return m === k ? undefined : end;
  };

  /**
   * The end of `new Function('p', 'return import(p)')` (also without `new`) at `k`: the shim
   * TypeScript packages compiled to CommonJS use to keep a real `import()` of an ESM-only package,
   * since tsc turns `import()` into `require()`. A name bound to it loads what it is called with,
   * as require does (`await dynamicImport('execa')`). Only the exact body counts; `Function` must
   * be the global.
   */
  const importShimEnd = (k: number): number | undefined => {
    const at = isName(tokens[k], 'new') ? k + 1 : k;
    if (!isName(tokens[at], 'Function') || lookup('Function', at) !== undefined || !isPunct(tokens[at + 1], '(')) return undefined;
    const close = match[at + 1]!;
    if (close !== at + 5 || !isPunct(tokens[at + 3], ',')) return undefined;
    const param = isStringToken(tokens[at + 2]) ? cookStringToken(tokens[at + 2]!)?.value.trim() : undefined;
    const body = isStringToken(tokens[at + 4]) ? cookStringToken(tokens[at + 4]!)?.value : undefined;
    if (param === undefined || body === undefined || !/^[A-Za-z_$][\w$]*$/.test(param)) return undefined;
    const returned = /^\s*return\s+import\s*\(\s*([A-Za-z_$][\w$]*)\s*\)\s*;?\s*$/.exec(body);
    return returned !== null && returned[1] === param ? close + 1 : undefined;
  };

  /**
   * Whether `require` itself (not a call or member of it) is a value in the expression [from,
   * to), outside function bodies and object literals (`{…}` is skipped: a require inside a nested
   * function says nothing about this value, and looking inside every body made each declaration
   * cost its whole initializer).
   */
  const yieldsRequire = (from: number, to: number): boolean => {
    for (let k = from; k < to; k++) {
      const t = tokens[k]!;
      if (t.type === 'Punctuator' && t.value === '{' && match[k]! > k) {
        k = match[k]!;
        continue;
      }
      if (t.type !== 'IdentifierName' || t.name !== 'require') continue;
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      if (isPunct(prev, '.') || isPunct(prev, '?.') || isName(prev, 'typeof') || isPunct(next, '(') || isPunct(next, '.') || isPunct(next, '?.')) continue;
      // A key (`{ require: './x.js' }`), not a value; `c ? require : x` is one.
      if (isPunct(next, ':') && (isPunct(prev, '{') || isPunct(prev, ','))) continue;
      const b = lookup('require', k);
      if (b === undefined || b.kind === 'require') return true;
    }
    return false;
  };

  /**
   * Whether the expression [from, to) can only be a global object: global roots (unshadowed),
   * `typeof` tests of them against strings, comparisons, `?:`, `||`, `??`, `&&` and parentheses.
   */
  const picksGlobalObject = (from: number, to: number): boolean => {
    let roots = 0;
    for (let k = from; k < to; k++) {
      const t = tokens[k]!;
      if (t.type === 'IdentifierName') {
        if (t.name === 'typeof' || t.name === 'undefined') continue;
        if (!GLOBAL_ROOTS.has(t.name) || lookup(t.name, k) !== undefined) return false;
        if (!isName(tokens[k - 1], 'typeof')) roots++;
      } else if (t.type === 'Punctuator') {
        if (!GLOBAL_PICK_PUNCTUATORS.has(t.value)) return false;
      } else if (t.type !== 'StringLiteral') return false;
    }
    return roots > 0;
  };

  /** `declare` at k starts an ambient declaration (`declare const`, `declare global {`, …), not a name `declare`. */
  const isAmbientStart = (k: number): boolean => {
    const next = tokens[k + 1];
    if (next === undefined || next.type !== 'IdentifierName' || next.nl || !AMBIENT_KEYWORDS.has(next.name)) return false;
    const before = tokens[k - 1];
    return before === undefined || tokens[k]!.nl || isName(before, 'export') || (before.type === 'Punctuator' && (before.value === ';' || before.value === '{' || before.value === '}'));
  };
  /** The `{` of `declare global {`, `declare module 'm' {`, `declare namespace A.B {`, else undefined. */
  const ambientBlockOpen = (k: number): number | undefined => {
    const kind = tokens[k + 1]!.name;
    if (kind !== 'global' && kind !== 'module' && kind !== 'namespace') return undefined;
    for (let j = k + 2; j < n && j < k + 16; j++) {
      const t = tokens[j]!;
      if (isPunct(t, '{')) return j;
      if (!(t.type === 'IdentifierName' || isStringToken(t) || isPunct(t, '.'))) return undefined;
    }
    return undefined;
  };

  /**
   * Whether the name at k, followed by `=`, is the last word of a TypeScript type annotation
   * (`const cp: any = …`, `(cp: T = …)`, `x: typeof M = …`, `x: A | B = …`), not an assignment
   * target: after `typeof`, `keyof`, `|` or `&` always (none of them can precede an assignment),
   * after `:` unless a `?` at the same level before it makes the `:` a conditional's (`c ? a : m = x`)
   * or a `case` makes it a case label's.
   */
  const endsTypeAnnotation = (k: number): boolean => {
    const prev = tokens[k - 1];
    if (prev === undefined) return false;
    if (isName(prev, 'typeof') || isName(prev, 'keyof') || isPunct(prev, '|') || isPunct(prev, '&')) return true;
    if (!isPunct(prev, ':')) return false;
    // `cp?: T = …` is an optional parameter or field: a conditional has no empty branch.
    if (isPunct(tokens[k - 2], '?')) return true;
    for (let j = k - 2, steps = 0; steps < 64; j--, steps++) {
      // The start of the file: `cp: any` opened the text (a declaration's annotation).
      if (j < 0) return true;
      const t = tokens[j]!;
      // `case 'x': m = require('fs')`: a statement after a case label.
      if (isName(t, 'case') || isName(t, 'default')) return false;
      if (t.type !== 'Punctuator') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = match[j]!;
        if (open < 0 || open >= j) return false;
        j = open;
      } else if (t.value === '?') return false;
      else if (t.value === '(' || t.value === '[' || t.value === '{' || t.value === ';' || t.value === ',' || t.value === '=' || t.value === '=>') return true;
    }
    return false;
  };

  /** Calls that hand back the global object given them (or an object reaching all its members). */
  const GLOBAL_PASSING_CALLS = new Set(['Proxy', 'Object.assign', 'Object.create', 'Object.setPrototypeOf', 'Reflect.construct']);
  /**
   * The end of the expression at k when it evaluates to the global object passed through other
   * values: a global root (`globalThis`, `global`, `window`, `self`, unshadowed) used as a value
   * at the top level of the expression, in parentheses, an array literal, an object spread or an
   * argument of {@link GLOBAL_PASSING_CALLS}; never as the argument of any other call, a computed
   * key, an operand of `typeof`, or inside a function. Undefined otherwise.
   */
  const globalObjectExpressionEnd = (k: number): number | undefined => {
    const end = expressionEnd(k);
    if (!isDeclEnd(end)) return undefined;
    for (let i = k; i < end; i++) {
      const t = tokens[i]!;
      if (isName(t, 'function') || isPunct(t, '=>') || isName(t, 'class')) return undefined;
      if (t.type !== 'IdentifierName' || !GLOBAL_ROOTS.has(t.name) || lookup(t.name, i) !== undefined) continue;
      const prev = tokens[i - 1];
      const next = tokens[i + 1];
      if (isPunct(prev, '.') || isPunct(prev, '?.') || isName(prev, 'typeof') || isName(prev, 'instanceof') || isName(prev, 'in')) continue;
      if (isPunct(next, '.') || isPunct(next, '?.') || isPunct(next, '[') || isPunct(next, '(') || isPunct(next, ':') || isPunct(next, '=') || isName(next, 'instanceof') || isName(next, 'in')) continue;
      if (globalPassesOut(i, k)) return end;
    }
    return undefined;
  };
  /** Whether the value at i reaches the expression that starts at k through brackets that pass it on. */
  const globalPassesOut = (i: number, k: number): boolean => {
    for (let at = i - 1; at >= k; at--) {
      const t = tokens[at]!;
      if (t.type !== 'Punctuator') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = match[at]!;
        if (open < 0 || open >= at) return false;
        at = open;
        continue;
      }
      if (t.value !== '(' && t.value !== '[' && t.value !== '{') continue;
      const before = tokens[at - 1];
      const afterValue = before !== undefined && at - 1 >= k && (before.type === 'IdentifierName' || isPunct(before, ')') || isPunct(before, ']'));
      if (t.value === '{') {
        if (!isPunct(tokens[i - 1], '...')) return false;
      } else if (t.value === '[') {
        if (afterValue) return false;
      } else if (afterValue) {
        // A call: only those known to hand the global object back.
        let c = at - 1;
        const parts: string[] = [];
        while (tokens[c]?.type === 'IdentifierName') {
          parts.unshift(tokens[c]!.name);
          if (!isPunct(tokens[c - 1], '.')) break;
          c -= 2;
        }
        if (!GLOBAL_PASSING_CALLS.has(parts.join('.'))) return false;
      }
    }
    return true;
  };

  // ---- initializers -----------------------------------------------------------------------------
  // Parse an initializer expression starting at k. Recognizes module-ish values only.
  const parseInit = (k: number): InitResult => {
    let j = k;
    const awaited = isName(tokens[j], 'await');
    if (awaited) j++;
    const wrappers: number[] = [];
    // TypeScript's CommonJS output for `await import('m')`: `await Promise.resolve().then(() =>
    // require('m'))` or `.then(function () { return require('m'); })`, the require wrapped or not.
    const deferred = awaited ? deferredRequireStart(j) : undefined;
    if (deferred !== undefined) {
      wrappers.push(j + 7);
      j = deferred;
    }
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
    const closeWrappers = (end: number): number => (wrappers.length > 0 ? Math.max(end, Math.min(match[wrappers[0]!]!, n) + 1) : end);
    let source: string | undefined;
    let display = '';
    let specifier = '';
    let path: string[] = [];
    let through: string | undefined;
    let baseIndex = j;
    const bt = tokens[j];
    if (bt === undefined) return { kind: 'none', end: j };
    const aliasEnd = requireAliasEnd(j);
    if (aliasEnd !== undefined && isDeclEnd(aliasEnd)) return { kind: 'require', requireVia: 'require', end: aliasEnd, baseIndex: j };
    const shimEnd = importShimEnd(j);
    if (shimEnd !== undefined && isDeclEnd(shimEnd)) return { kind: 'require', requireVia: 'import', end: shimEnd, baseIndex: j };
    // `module.require('x')`, `Module._load('x')`, `process.mainModule.require('x')`: require through a chain.
    let viaChain = -1;
    if (bt.type === 'IdentifierName' && !isRequireCallAt(j) && lookup(bt.name, j)?.kind !== 'module') {
      let m = j;
      while (isPunct(tokens[m + 1], '.') && tokens[m + 2]?.type === 'IdentifierName') m += 2;
      if (m > j && (tokens[m]!.name === 'require' || tokens[m]!.name === '_load') && isPunct(tokens[m + 1], '(')) viaChain = m;
    }
    let requireAt = viaChain >= 0 ? viaChain : isRequireCallAt(j) ? j : -1;
    // The call's `(` and the specifier's first token: `require('m')`, `require.call(t, 'm')`, `require.apply(t, ['m'])`.
    let open = requireAt + 1;
    let specAt = requireAt + 2;
    if (requireAt < 0 && isPunct(tokens[j], '(') && (tokens[j + 1]?.type === 'NumericLiteral' || tokens[j + 1]?.type === 'StringLiteral') && isPunct(tokens[j + 2], ',') && isRequireNameAt(j + 3) && isPunct(tokens[j + 4], ')') && isPunct(tokens[j + 5], '(')) {
      // `(0, require)('m')`
      requireAt = j + 3;
      open = j + 5;
      specAt = j + 6;
    } else if (requireAt < 0 && isRequireNameAt(j) && isPunct(tokens[j + 1], '.') && (isName(tokens[j + 2], 'call') || isName(tokens[j + 2], 'apply')) && isPunct(tokens[j + 3], '(')) {
      const second = splitArguments(tokens, match, j + 3)[1];
      const apply = isName(tokens[j + 2], 'apply');
      if (second !== undefined && (!apply || isPunct(tokens[second[0]], '['))) {
        requireAt = j;
        open = j + 3;
        specAt = apply ? second[0] + 1 : second[0];
      }
    }
    if (requireAt >= 0) {
      const arg = foldString(fold, specAt);
      if (arg === undefined || !(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ',') || (specAt !== open + 1 && isPunct(tokens[arg.end], ']')))) return { kind: 'none', end: j };
      specifier = arg.value;
      const module = lookupModule(mapImport(specifier, ctx.importMap) ?? specifier);
      if (module !== undefined) {
        source = module.source;
        display = module.display;
      }
      baseIndex = requireAt;
      j = Math.min(match[open]!, n) + 1;
      const barrel = module === undefined ? barrelOf(specifier) : undefined;
      if (barrel !== undefined) {
        // `require('./lib')` where lib re-exports modules: a member it names is that module's
        // (`require('./lib').fsx`), the file whole the object holding them, or the module it is.
        const member = isPunct(tokens[j], '.') && tokens[j + 1]?.type === 'IdentifierName' ? tokens[j + 1]!.name : undefined;
        const named = member !== undefined && member !== '*' && Object.hasOwn(barrel, member) ? barrel[member]! : undefined;
        const whole = barrel['*'];
        const entry = named ?? whole;
        const owner = entry === undefined || entry.holds !== undefined ? undefined : lookupModule(mapImport(entry.module, ctx.importMap) ?? entry.module);
        if (named?.holds !== undefined) {
          // `require('./lib').deps` where lib exports an object holding modules.
          const holds = barrelHolds(named.holds, specifier, requireAt);
          if (holds !== undefined && isDeclEnd(closeWrappers(j + 2))) return { kind: 'holder', holds, end: closeWrappers(j + 2) };
        } else if (owner !== undefined) {
          if (named !== undefined) j += 2;
          if (entry!.called === true) {
            // `require('./run')()` of `module.exports = () => require('child_process')`: the module
            // each call returns; `require('./run')` alone the function (`const run = require('./run')`).
            const returns = { source: owner.source, display: owner.display, path: [...entry!.path] };
            if (!isPunct(tokens[j], '(')) return isDeclEnd(closeWrappers(j)) ? { kind: 'returns', returns, end: closeWrappers(j) } : { kind: 'none', end: j };
            j = Math.min(match[j]!, n) + 1;
          }
          source = owner.source;
          display = owner.display;
          path = [...entry!.path];
          through = specifier;
          specifier = entry!.module;
        } else {
          const holds = barrelHolds(barrel, specifier, requireAt);
          if (holds !== undefined && isDeclEnd(closeWrappers(j))) return { kind: 'holder', holds, end: closeWrappers(j) };
        }
      }
    } else if (bt.type === 'IdentifierName') {
      let b = lookup(bt.name, j);
      // `deps.fs` of a `const deps = { fs }`: the module the holder holds under that key.
      while (b?.holds !== undefined && (isPunct(tokens[j + 1], '.') || isPunct(tokens[j + 1], '?.')) && b.holds.has(tokens[j + 2]?.type === 'IdentifierName' ? tokens[j + 2]!.name : '')) {
        b = b.holds.get(tokens[j + 2]!.name);
        j += 2;
      }
      if (b?.holds !== undefined) return isDeclEnd(j + 1) ? { kind: 'holder', holds: b.holds, end: j + 1 } : { kind: 'none', end: j };
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
      } else if (b === undefined && bt.name === 'module' && isPunct(tokens[j + 1], '.') && isName(tokens[j + 2], 'constructor')) {
        // `const Module = module.constructor`: in CommonJS the module's class is what
        // `require('module')` returns, so the name is that module (`Module._load(x)`).
        const builtin = lookupModule('module');
        if (builtin !== undefined) {
          source = builtin.source;
          display = builtin.display;
          specifier = 'module';
          j += 3;
        }
      }
    }
    if (source === undefined) {
      if (specifier !== '') return { kind: 'none', end: closeWrappers(j), specifier };
      // The global object passed through an expression: `new Proxy(globalThis, {})`,
      // `Object.assign({}, globalThis)`, `[globalThis][0]`, `{ ...globalThis }`, `globalThis || {}`.
      const globalEnd = globalObjectExpressionEnd(k);
      if (globalEnd !== undefined) return { kind: 'module', source: 'global', display: '', path: [], specifier: '', end: globalEnd, baseIndex: k };
      const folded = foldString(fold, k);
      if (folded !== undefined && isDeclEnd(folded.end)) return { kind: 'const', constant: { value: folded.value, how: folded.how }, end: folded.end };
      const symbolEnd = symbolExpressionEnd(k);
      if (symbolEnd !== undefined && isDeclEnd(symbolEnd)) return { kind: 'symbol', end: symbolEnd };
      const literal = literalMembers(k);
      if (literal !== undefined) return { kind: 'members', members: literal.members, end: literal.end };
      const first = tokens[k];
      const head = first?.type === 'TemplateHead' || (isStringToken(first) && isPunct(tokens[k + 1], '+')) ? cookStringToken(first!)?.value : undefined;
      return { kind: 'none', end: j, ...(head !== undefined ? { head } : {}) };
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
      else if (isPunct(t, '(') && path.length > 1 && path[path.length - 1] === 'bind' && splitArguments(tokens, match, j).length <= 1) {
        // `process.binding.bind(process)`: a function bound to a `this` and no argument is the
        // same function, so the name holds what it binds (`b('spawn_sync')` is the member called).
        // A bound argument (`.bind(process, 'fs')`) is read where `bind` is called, not here.
        path.pop();
        j = Math.min(match[j]!, n) + 1;
      } else break;
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
      } else if (resolution !== undefined && resolution !== 'ignored' && resolution.pattern.returns !== undefined && (resolution.pattern.returnsFor === undefined || resolution.pattern.returnsFor.includes(resolution.member ?? ''))) {
        kind = 'handle';
        handleSource = resolution.pattern.returns;
      } else return { kind: 'none', end: j };
      j = Math.min(match[j]!, n) + 1;
    }
    j = closeWrappers(j);
    if (isName(tokens[j], 'as') || isName(tokens[j], 'satisfies')) {
      // TypeScript: `require('fs') as typeof import('fs')`: skip the type to the end of the declarator.
      let depth = 0;
      j++;
      while (j < n) {
        const t = tokens[j]!;
        if (t.type === 'Punctuator' && (t.value === '(' || t.value === '[' || t.value === '{')) depth++;
        else if (t.type === 'Punctuator' && (t.value === ')' || t.value === ']' || t.value === '}')) {
          if (depth === 0) break;
          depth--;
        } else if (depth === 0 && (isPunct(t, ',') || isPunct(t, ';'))) break;
        j++;
      }
    }
    if (!isDeclEnd(j)) {
      // `globalThis || {}`, `global ?? window`: still the global object.
      const globalEnd = source === 'global' && path.length === 0 && kind === 'module' ? globalObjectExpressionEnd(k) : undefined;
      if (globalEnd !== undefined) return { kind: 'module', source: 'global', display: '', path: [], specifier: '', end: globalEnd, baseIndex: k };
      return { kind: 'none', end: j };
    }
    if (kind === 'require') return { kind, requireVia: requireVia!, end: j, baseIndex };
    if (kind === 'handle') return { kind, source: handleSource!, display: sourceDisplay(handleSource!), path: [], specifier, end: j };
    return { kind, source, display, path, specifier, end: j, baseIndex, ...(through !== undefined ? { through } : {}) };
  };

  /** What the file of a relative import re-exports, by name (`*`: the module it re-exports whole). */
  function barrelOf(specifier: string): Readonly<Record<string, LocalNamedExport>> | undefined {
    return isRelativeSpecifier(specifier) ? ctx.localNamedExports?.[specifier] : undefined;
  }

  /** The modules a relative import's file re-exports by name, held under those names (see barrelOf). */
  function barrelHolds(barrel: Readonly<Record<string, LocalNamedExport>>, specifier: string, at: number): Map<string, Binding> | undefined {
    const holds = new Map<string, Binding>();
    for (const [name, e] of Object.entries(barrel)) {
      const b = name === '*' ? undefined : barrelBinding(e, specifier, at);
      if (b !== undefined) holds.set(name, b);
    }
    return holds.size > 0 ? holds : undefined;
  }

  /** What one name a relative import's file re-exports binds: that module (member), or an object holding such. */
  function barrelBinding(e: LocalNamedExport, specifier: string, at: number): Binding | undefined {
    if (e.holds !== undefined) {
      const holds = barrelHolds(e.holds, specifier, at);
      return holds === undefined ? undefined : { ...blank(at), kind: 'local', holds, scopeStart: 0, scopeEnd: n };
    }
    const m = lookupModule(mapImport(e.module, ctx.importMap) ?? e.module);
    if (m !== undefined && e.called === true) return { ...blank(at), kind: 'local', returns: { source: m.source, display: m.display, path: [...e.path] }, scopeStart: 0, scopeEnd: n };
    return m === undefined ? undefined : { ...blank(at), kind: 'module', source: m.source, display: m.display, path: [...e.path], specifier: e.module, through: specifier, scopeStart: 0, scopeEnd: n };
  }

  /** The index after the expression at k that skips one value: to the next `,` or `close` at its own level. */
  const valueEnd = (k: number, close: number): number => {
    let j = k;
    while (j < close && !isPunct(tokens[j], ',')) {
      const t = tokens[j]!;
      j = t.type === 'Punctuator' && (t.value === '(' || t.value === '[' || t.value === '{') ? Math.min(match[j]!, close) + 1 : j + 1;
    }
    return j;
  };

  /** A module held under a key of an object literal or in a class field, written at `at`. */
  const heldModule = (init: InitResult, at: number): Binding => ({ ...blank(at), kind: 'module', source: init.source!, display: init.display!, path: [...init.path!], specifier: init.specifier ?? '', fromImport: (init.specifier ?? '') !== '', scopeStart: 0, scopeEnd: n });
  const heldObject = (holds: ReadonlyMap<string, Binding>, at: number): Binding => ({ ...blank(at), kind: 'local', holds, scopeStart: 0, scopeEnd: n });
  /** Require held under a key of an object literal (`{ r: require }`, `{ require }`), written at `at`. */
  const heldRequire = (at: number): Binding => ({ ...blank(at), kind: 'require', requireVia: 'require', scopeStart: 0, scopeEnd: n });
  /**
   * The modules an object literal at k holds: `{ fs }` (a module binding), `{ fs: require('fs') }`,
   * `{ cp: await import('child_process') }`, `{ run: cp.exec }`, nested literals. Undefined when it
   * holds none, or when a spread or a computed key can set any member. A key given another value
   * (a later duplicate, a method, a getter) holds nothing.
   */
  const parseHolder = (k: number, depth = 0, allowEmpty = false): { holds: Map<string, Binding>; end: number } | undefined => {
    if (!isPunct(tokens[k], '{') || depth > 8) return undefined;
    const close = Math.min(match[k]!, n);
    if (close <= k) return undefined;
    const holds = new Map<string, Binding>();
    const endsValue = (j: number): boolean => j === close || isPunct(tokens[j], ',');
    let e = k + 1;
    while (e < close) {
      const key = tokens[e]!;
      const name = key.type === 'IdentifierName' ? key.name : isStringToken(key) ? cookStringToken(key)!.value : undefined;
      if (name === undefined || name === '__proto__') return undefined;
      if (isPunct(tokens[e + 1], ':')) {
        const at = e + 2;
        const nested = isPunct(tokens[at], '{') ? parseHolder(at, depth + 1) : undefined;
        const init = nested === undefined ? parseInit(at) : undefined;
        if (nested !== undefined && endsValue(nested.end)) {
          holds.set(name, heldObject(nested.holds, at));
          e = nested.end;
        } else if (init?.kind === 'module' && !isEnvValue(init) && endsValue(init.end)) {
          holds.set(name, heldModule(init, init.baseIndex ?? at));
          e = init.end;
        } else if (init?.kind === 'require' && endsValue(init.end)) {
          // `{ r: require }`: `o.r('child_process')` calls require.
          holds.set(name, heldRequire(at));
          e = init.end;
        } else {
          holds.delete(name);
          e = valueEnd(at, close);
        }
      } else if (key.type === 'IdentifierName' && (isPunct(tokens[e + 1], ',') || e + 1 === close)) {
        const b = lookup(name, e);
        if (b?.kind === 'module' && !isEnvValue({ kind: 'module', source: b.source, path: b.path, end: e })) holds.set(name, { ...b, declIndex: e, refs: 0 });
        else if ((b === undefined && name === 'require') || b?.kind === 'require') holds.set(name, heldRequire(e));
        else holds.delete(name);
        e++;
      } else {
        const named = key.type === 'IdentifierName' && (key.name === 'get' || key.name === 'set' || key.name === 'async') && !isPunct(tokens[e + 1], '(') ? tokens[e + 1] : key;
        holds.delete(named?.type === 'IdentifierName' ? named.name : named !== undefined && isStringToken(named) ? cookStringToken(named)!.value : name);
        e = valueEnd(e, close);
      }
      if (isPunct(tokens[e], ',')) e++;
      else if (e !== close) return undefined;
    }
    return holds.size > 0 || allowEmpty ? { holds, end: close + 1 } : undefined;
  };
  /**
   * Keys an object literal bound by a declaration is given later by plain statements, `o.b =
   * process.binding.bind(process)` or `o.fs = require('fs')` (after `const o = {}`): each such key
   * holds what the statement gives it, as if written in the literal. A key also given anything
   * else, anywhere in the name's scope, holds nothing given later. Only for a name declared once in the file,
   * never assigned whole; where the statement stands is not weighed (a use before it counts too).
   */
  const laterKeys = (name: string, keyword: number, from: number, scope: [number, number], holds: Map<string, Binding>): boolean => {
    if (assigned.has(name)) return false;
    let declarations = 0;
    for (const k of occurrencesIn(name, 0, n)) if (tokens[k - 1]?.type === 'IdentifierName' && DECLARING_WORDS.has((tokens[k - 1] as { name: string }).name)) declarations++;
    if (declarations !== 1) return false;
    const unknown = new Set<string>();
    const given = new Map<string, Binding>();
    for (const k of occurrencesIn(name, from, scope[1])) {
      if (isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.') || !isPunct(tokens[k + 1], '.') || tokens[k + 2]?.type !== 'IdentifierName') continue;
      const key = tokens[k + 2]!.name;
      const op = tokens[k + 3];
      if (!(op?.type === 'Punctuator' && (ASSIGNMENT_OPERATORS.has(op.value) || op.value === '++' || op.value === '--'))) continue;
      const prev = tokens[k - 1];
      const statement = prev === undefined || tokens[k]!.nl === true || isPunct(prev, ';') || isPunct(prev, '{') || isPunct(prev, '}');
      const init = statement && op.value === '=' ? parseInit(k + 4) : undefined;
      if (init?.kind === 'module' && !isEnvValue(init) && isDeclEnd(init.end) && !given.has(key)) given.set(key, heldModule(init, init.baseIndex ?? k + 4));
      else if (init?.kind === 'require' && isDeclEnd(init.end) && !given.has(key)) given.set(key, heldRequire(k + 4));
      else unknown.add(key);
    }
    // A key the literal itself wrote keeps what it holds (reported as before where it is read).
    for (const key of unknown) given.delete(key);
    for (const [key, held] of given) if (!holds.has(key)) holds.set(key, held);
    return given.size > 0;
  };
  /** Names inside destructuring assignment patterns (`[a, o] = …`, `({ o } = …)`), by token index; built on first use. */
  let patternAssigned: Set<number> | undefined;
  const inAssignedPattern = (k: number): boolean => {
    if (patternAssigned === undefined) {
      patternAssigned = new Set();
      for (let i = 0; i < n; i++) {
        const t = tokens[i]!;
        if (!((isPunct(t, ']') || isPunct(t, '}')) && isPunct(tokens[i + 1], '='))) continue;
        const open = match[i]!;
        if (open < 0 || open >= i) continue;
        for (let j = open + 1; j < i; j++) if (tokens[j]!.type === 'IdentifierName') patternAssigned.add(j);
      }
    }
    return patternAssigned.has(k);
  };
  /**
   * Whether the `{` at b opens a block whose code runs where it stands, in order: a statement
   * block, the body of `if`/`for`/`while`/`switch`/`catch`/`with`/`else`/`try`/`finally`/`do`, or
   * an object literal. Any other (a function's or method's body, an arrow's, a class body) runs
   * at another time.
   */
  const runsInPlace = (b: number): boolean => {
    const prev = tokens[b - 1];
    if (prev === undefined || isPunct(prev, ';') || isPunct(prev, '{') || isPunct(prev, '}')) return true;
    if (prev.type === 'IdentifierName') return ['else', 'try', 'finally', 'do'].includes(prev.name);
    if (isPunct(prev, ')')) {
      const open = match[b - 1]!;
      const head = tokens[open - 1];
      return open >= 0 && head?.type === 'IdentifierName' && ['if', 'for', 'while', 'switch', 'catch', 'with'].includes(head.name);
    }
    return prev.type === 'Punctuator' && ['=', '(', ',', ':', '?', '[', '||', '&&', '??'].includes(prev.value);
  };
  /**
   * A `let`/`var` object name assigned whole again (`let o = {}; o = {}; o.b = require('fs');
   * o.b.readFileSync(p)`): each whole assignment starts a segment that lasts to the next one (or
   * the end of the block), and in each segment the name holds the modules its object literal and
   * the plain key statements of that segment give it (see `laterKeys`), for the uses there that
   * run in straight-line order (not inside a function, arrow or class body of the segment).
   * Only when flow is plain: the name is declared once, every whole assignment is a statement
   * `o = …;` of the declaration's own block (not under `if`, not in a loop header or a function,
   * not `+=`, not a pattern), and a key given a module is a statement of that block too. A key
   * given anything else anywhere in the scope, or twice in one segment, holds nothing; an object
   * replaced by anything but a literal holds nothing until the next assignment.
   */
  const reassignedSegments = (declIndex: number, literalAt: number, scope: [number, number]): void => {
    const name = tokens[declIndex]!.name;
    const word = tokens[declIndex - 1];
    if (!assigned.has(name) || !(isName(word, 'let') || isName(word, 'var'))) return;
    const block = brace[declIndex]!;
    const blockEnd = block < 0 ? n : Math.min(match[block]!, n);
    const starts: number[] = [literalAt];
    for (const k of occurrencesIn(name, 0, n)) {
      if (k === declIndex || isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) continue;
      const prev = tokens[k - 1];
      if (prev?.type === 'IdentifierName' && DECLARING_WORDS.has(prev.name)) return;
      if (inAssignedPattern(k) || isPunct(prev, '++') || isPunct(prev, '--')) return;
      const next = tokens[k + 1];
      if (isPunct(next, '++') || isPunct(next, '--') || (isPunct(prev, '(') && (isName(next, 'of') || isName(next, 'in')))) return;
      if (!(next?.type === 'Punctuator' && ASSIGNMENT_OPERATORS.has(next.value))) continue;
      // A whole assignment: only `o = …` as a statement of the declaration's block.
      const statement = prev === undefined || isPunct(prev, ';') || isPunct(prev, '{') || isPunct(prev, '}');
      if (next.value !== '=' || !statement || brace[k] !== block || k < declIndex) return;
      starts.push(k);
    }
    if (starts.length < 2) return;
    starts.sort((a, b) => a - b);
    // Keys given anything but a module by a plain statement of the block, anywhere in the scope.
    const unknown = new Set<string>();
    const given = starts.map(() => new Map<string, Binding>());
    const twice = starts.map(() => new Set<string>());
    for (const k of occurrencesIn(name, scope[0], scope[1])) {
      if (isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) continue;
      if (isName(tokens[k - 1], 'delete') && (isPunct(tokens[k + 1], '.') || isPunct(tokens[k + 1], '['))) return;
      if (isPunct(tokens[k + 1], '[') && tokens[match[k + 1]! + 1]?.type === 'Punctuator' && ASSIGNMENT_OPERATORS.has((tokens[match[k + 1]! + 1] as { value: string }).value)) return;
      if (!isPunct(tokens[k + 1], '.') || tokens[k + 2]?.type !== 'IdentifierName') continue;
      const key = tokens[k + 2]!.name;
      const op = tokens[k + 3];
      if (!(op?.type === 'Punctuator' && (ASSIGNMENT_OPERATORS.has(op.value) || op.value === '++' || op.value === '--'))) continue;
      const prev = tokens[k - 1];
      const statement = prev === undefined || isPunct(prev, ';') || isPunct(prev, '{') || isPunct(prev, '}');
      const init = statement && op.value === '=' && brace[k] === block && k > literalAt ? parseInit(k + 4) : undefined;
      let segment = 0;
      while (segment + 1 < starts.length && starts[segment + 1]! < k) segment++;
      const held = init?.kind === 'module' && !isEnvValue(init) && isDeclEnd(init.end) ? heldModule(init, init.baseIndex ?? k + 4) : init?.kind === 'require' && isDeclEnd(init.end) ? heldRequire(k + 4) : undefined;
      if (held === undefined) unknown.add(key);
      else if (given[segment]!.has(key)) twice[segment]!.add(key);
      else given[segment]!.set(key, held);
    }
    for (let j = 0; j < starts.length; j++) {
      const at = starts[j]!;
      const literal = j === 0 ? parseHolder(at, 0, true) : isPunct(tokens[at + 2], '{') ? parseHolder(at + 2, 0, true) : undefined;
      if (literal === undefined || !isDeclEnd(literal.end)) continue;
      const holds = new Map(literal.holds);
      for (const [key, held] of given[j]!) {
        if (holds.has(key)) twice[j]!.add(key);
        holds.set(key, held);
      }
      for (const key of [...unknown, ...twice[j]!]) holds.delete(key);
      if (holds.size === 0) continue;
      // The segment's straight-line stretches: from the literal's end to the next assignment, less
      // the bodies that run at another time.
      const end = j + 1 < starts.length ? starts[j + 1]! - 1 : blockEnd;
      let from = literal.end;
      const stretch = (to: number): void => {
        if (to >= from) declare(name, { ...blank(declIndex), kind: 'local', holds }, [from, to]);
      };
      for (let k = literal.end; k <= end && k < n; k++) {
        const t = tokens[k]!;
        let skipTo = -1;
        if (isPunct(t, '{') && !runsInPlace(k)) skipTo = Math.min(match[k]!, n);
        else if (isPunct(t, '=>') && !isPunct(tokens[k + 1], '{')) skipTo = expressionEnd(k + 1);
        if (skipTo < k) continue;
        stretch(k - 1);
        from = skipTo + 1;
        k = skipTo;
      }
      stretch(Math.min(end, n - 1));
    }
  };
  /** Holders (object literals of modules, class fields) whose values are written where only their reads can reach them. */
  const holders: Array<{ held: Binding; clear: boolean }> = [];
  /**
   * `const { A, B: C } = require('m')`, the whole declarator: the `require` token's index → the
   * names the pattern declares, given to that call's import site once every site is recorded, so
   * the import counts as a named one (`import { A, B as C } from 'm'`, see `ImportSite.nameIndexes`).
   */
  const requirePatterns = new Map<number, number[]>();
  /** Variables holding an object of modules that are used otherwise than by member reads (maybe handed to a helper; see `followPassedHolders`). */
  const passedHolders: Array<{ binding: Binding; entry: { held: Binding; clear: boolean }; exported: boolean }> = [];

  /**
   * The string members of an object or array literal at k (also inside `Object.freeze(…)`, and
   * followed by TypeScript's `as const`), when the initializer is nothing else: `{ cp:
   * 'child_process' }` gives cp, `['fs', 'child_process']` gives 0 and 1. A member whose value does
   * not fold, a method, getter or setter is absent; a spread or a computed key makes the literal unknown.
   */
  const literalMembers = (k: number): { members: Map<string, FoldedConstant>; end: number } | undefined => {
    let open = k;
    const frozen = isName(tokens[k], 'Object') && isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'freeze') && isPunct(tokens[k + 3], '(') && lookup('Object', k) === undefined;
    if (frozen) open = k + 4;
    const t = tokens[open];
    if (!(isPunct(t, '{') || isPunct(t, '['))) return undefined;
    const close = Math.min(match[open]!, n);
    if (close <= open) return undefined;
    let end = close + 1;
    if (frozen) {
      if (!isPunct(tokens[end], ')') || match[end] !== k + 3) return undefined;
      end++;
    }
    if (isName(tokens[end], 'as') && isName(tokens[end + 1], 'const')) end += 2;
    if (!isDeclEnd(end)) return undefined;
    const members = new Map<string, FoldedConstant>();
    const value = (key: string, at: number): number => {
      const folded = foldString(fold, at);
      if (folded !== undefined && (folded.end === close || isPunct(tokens[folded.end], ','))) {
        members.set(key, { value: folded.value, how: folded.how });
        return folded.end;
      }
      members.delete(key);
      return valueEnd(at, close);
    };
    let e = open + 1;
    if (isPunct(t, '[')) {
      for (let index = 0; e < close; index++) {
        if (isPunct(tokens[e], '...')) return undefined;
        e = isPunct(tokens[e], ',') ? e : value(String(index), e);
        if (isPunct(tokens[e], ',')) e++;
        else if (e !== close) return undefined;
      }
      return { members, end };
    }
    while (e < close) {
      const key = tokens[e]!;
      const name = key.type === 'IdentifierName' ? key.name : isStringToken(key) ? cookStringToken(key)!.value : key.type === 'NumericLiteral' ? numericKey(key.value) : undefined;
      // A spread or a computed key can set any member; `__proto__: x` sets no own member.
      if (name === undefined || name === '__proto__') return undefined;
      if (isPunct(tokens[e + 1], ':')) e = value(name, e + 2);
      else if (key.type === 'IdentifierName' && (isPunct(tokens[e + 1], ',') || e + 1 === close)) {
        // `{ cp }`: the value of the constant cp, if it is one.
        const c = fold.constant(name, e);
        if (c !== undefined) members.set(name, c);
        else members.delete(name);
        e++;
      } else {
        // A method, getter or setter (`cp() {}`, `get cp() {}`): the name after a modifier.
        const named = key.type === 'IdentifierName' && (key.name === 'get' || key.name === 'set' || key.name === 'async') && !isPunct(tokens[e + 1], '(') ? tokens[e + 1] : key;
        if (named?.type === 'IdentifierName') members.delete(named.name);
        else if (named !== undefined && isStringToken(named)) members.delete(cookStringToken(named)!.value);
        else return undefined;
        e = valueEnd(e, close);
      }
      if (isPunct(tokens[e], ',')) e++;
      else if (e !== close) return undefined;
    }
    return { members, end };
  };

  /**
   * A TypeScript `enum M { CP = 'child_process', N }` named at k: a local whose string members
   * (initialized by constants alone; a member named in an initializer may be the enum's own)
   * fold while the enum is only read.
   */
  const declareEnum = (k: number): void => {
    const open = k + 1;
    const close = Math.min(match[open]!, n);
    const name = tokens[k]!.name;
    facts.declSites.add(k);
    const members = new Map<string, FoldedConstant>();
    for (let e = open + 1; e < close;) {
      const key = tokens[e]!;
      const member = key.type === 'IdentifierName' ? key.name : isStringToken(key) ? cookStringToken(key)!.value : undefined;
      if (member === undefined) break;
      members.delete(member);
      e++;
      if (isPunct(tokens[e], '=')) {
        const folded = foldString(fold, e + 1);
        if (folded !== undefined && !folded.how.includes('constant') && (folded.end === close || isPunct(tokens[folded.end], ','))) {
          members.set(member, { value: folded.value, how: folded.how });
          e = folded.end;
        } else e = valueEnd(e + 1, close);
      }
      if (isPunct(tokens[e], ',')) e++;
      else if (e !== close) break;
    }
    if (isReadOnly(name) && !assigned.has(name)) declare(name, { ...blank(k), kind: 'local', members }, blockScope(k));
    else local(k);
  };

  /** `process.env.X`, `Bun.env.X`, `import.meta.env.X`: one variable's value. */
  const isEnvValue = (init: InitResult): boolean => {
    if (init.kind !== 'module' || init.path === undefined) return false;
    const path = [...init.path];
    // Globals are bound by their root (`process`, `Bun`); `import.meta` by itself.
    const root = init.source === 'global' ? path.shift() : init.source;
    return (root === 'process' || root === 'Bun' || root === 'import.meta') && path[0] === 'env' && path.length === 2;
  };

  const bindFromInit = (name: string, index: number, init: InitResult, subpath: string[], scope: [number, number], picked?: Binding['picked']): void => {
    facts.declSites.add(index);
    // `const { getBuiltinModule: load } = process`, `const load = globalThis.process.getBuiltinModule`:
    // Node's loader of built-in modules under another name, a require (read as one in normalize-ts).
    const full = init.kind === 'module' ? [...(init.source === 'global' ? [] : [init.source!]), ...init.path!, ...subpath] : [];
    if (init.kind === 'module' && (init.source === 'global' || init.source === 'process') && full.length === 2 && full[0] === 'process' && full[1] === 'getBuiltinModule') {
      declare(name, { ...blank(index), kind: 'require', requireVia: 'require' }, scope);
    } else if (init.kind === 'module' || init.kind === 'handle') {
      declare(name, {
        ...blank(index),
        kind: init.kind,
        source: init.source!,
        display: init.display!,
        path: [...init.path!, ...subpath],
        specifier: init.specifier ?? '',
        fromImport: init.specifier !== undefined && init.specifier !== '',
        ...(init.through !== undefined ? { through: init.through } : {}),
      }, scope);
    } else if (init.kind === 'holder') {
      // `const { fs } = deps`, `const d = deps`: the held module, or the holder again.
      let held: Binding | undefined = heldObject(init.holds!, index);
      let rest = subpath;
      while (held?.holds !== undefined && rest.length > 0) {
        held = held.holds.get(rest[0]!);
        rest = rest.slice(1);
      }
      if (held?.kind === 'module') declare(name, { ...held, declIndex: index, path: [...held.path, ...rest], fromImport: false, refs: 0 }, scope);
      else if (held?.kind === 'require' && rest.length === 0) declare(name, { ...blank(index), kind: 'require', requireVia: 'require' }, scope);
      else if (held?.holds !== undefined && !assigned.has(name)) declare(name, { ...blank(index), kind: 'local', holds: held.holds }, scope);
      // `const { getCp } = require('./deps')` where deps exports a function that returns a module.
      else if (held?.returns !== undefined && rest.length === 0 && !assigned.has(name)) declare(name, { ...blank(index), kind: 'local', returns: held.returns }, scope);
      else local(index, scope);
    } else if (init.kind === 'returns' && subpath.length === 0 && !assigned.has(name)) {
      declare(name, { ...blank(index), kind: 'local', returns: init.returns! }, scope);
    } else if (init.kind === 'require' && subpath.length === 0) {
      declare(name, { ...blank(index), kind: 'require', requireVia: init.requireVia! }, scope);
    } else if (init.kind === 'const' && subpath.length === 0 && !assigned.has(name)) {
      declare(name, { ...blank(index), kind: 'const', constant: init.constant! }, scope);
    } else if (init.kind === 'members' && subpath.length === 0 && !assigned.has(name) && isReadOnly(name)) {
      declare(name, { ...blank(index), kind: 'local', members: init.members! }, scope);
    } else if (init.kind === 'symbol' && subpath.length === 0 && !assigned.has(name)) {
      declare(name, { ...blank(index), kind: 'local', symbol: true }, scope);
    } else if (init.head !== undefined && subpath.length === 0 && !assigned.has(name)) {
      declare(name, { ...blank(index), kind: 'local', stringHead: init.head }, scope);
    } else local(index, scope, init.kind === 'none' ? picked : undefined);
  };

  // Object pattern: { a, b: c, d: { e }, ...rest }
  const collectObjectPattern = (open: number, subpath: string[], out: Array<{ name: string; index: number; path: string[] }>, scope: [number, number]): void => {
    const close = Math.min(match[open]!, n);
    if (subpath.length > MAX_PATTERN_DEPTH) return;
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
          e = Math.min(match[e]!, n) + 1;
        } else {
          e++;
          continue;
        }
        if (isPunct(tokens[e], ':')) {
          e++;
          const target = tokens[e];
          if (target?.type === 'IdentifierName') {
            if (key !== undefined) out.push({ name: target.name, index: e, path: [...subpath, key] });
            else local(e, scope);
            e++;
          } else if (isPunct(target, '{')) {
            if (key !== undefined) collectObjectPattern(e, [...subpath, key], out, scope);
            e = Math.min(match[e]!, n) + 1;
          } else if (isPunct(target, '[')) {
            markArrayPattern(e, scope);
            e = Math.min(match[e]!, n) + 1;
          }
        } else if (key !== undefined && t.type === 'IdentifierName') {
          out.push({ name: key, index: keyIndex, path: [...subpath, key] });
        }
        if (isPunct(tokens[e], '=')) {
          // Default value: skip to the next top-level comma.
          while (e < close && !isPunct(tokens[e], ',')) {
            const s = tokens[e]!;
            e = s.type === 'Punctuator' && (s.value === '(' || s.value === '[' || s.value === '{') ? Math.min(match[e]!, n) + 1 : e + 1;
          }
        }
      }
      if (isPunct(tokens[e], ',')) e++;
    }
  };
  const markArrayPattern = (open: number, scope: [number, number]): void => {
    const close = Math.min(match[open]!, n);
    for (let e = open + 1; e < close; e++) {
      const t = tokens[e]!;
      if (t.type === 'IdentifierName' && !isPunct(tokens[e - 1], '.') && (isPunct(tokens[e + 1], ',') || isPunct(tokens[e + 1], ']') || isPunct(tokens[e + 1], '='))) local(e, scope);
    }
  };

  /**
   * A `let`/`const` in a `for (…)` head is visible in the head and the loop body only (`for (const
   * fetch of list) log(fetch); fetch(u)` calls the global), not in the enclosing block.
   */
  const forHeadScope = (keyword: number): [number, number] | undefined => {
    if (tokens[keyword]!.name === 'var') return undefined;
    const open = keyword - 1;
    if (!isPunct(tokens[open], '(') || !(isName(tokens[open - 1], 'for') || (isName(tokens[open - 1], 'await') && isName(tokens[open - 2], 'for')))) return undefined;
    const close = match[open]!;
    if (close <= open) return undefined;
    const body = close + 1;
    if (isPunct(tokens[body], '{') && match[body]! > body) return [open, Math.min(match[body]!, n)];
    return [open, expressionEnd(body)];
  };
  /** Whether the `function` or `class` keyword at i starts an expression (its name binds only inside it). */
  const isExpressionKeyword = (i: number): boolean => {
    let p = i - 1;
    if (tokens[i]!.name === 'function' && isName(tokens[p], 'async') && !tokens[i]!.nl) p--;
    const prev = tokens[p];
    if (prev === undefined) return false;
    if (prev.type === 'Punctuator') return !(prev.value === '{' || prev.value === '}' || prev.value === ';' || prev.value === ')' || prev.value === ']');
    return prev.type === 'IdentifierName' && EXPRESSION_KEYWORDS.has(prev.name);
  };
  /** The scope of a function or class expression's own name: its body. */
  const ownNameScope = (keyword: number, nameAt: number): [number, number] => {
    let body = -1;
    if (tokens[keyword]!.name === 'class') body = classBodies.get(keyword) ?? -1;
    else {
      let j = nameAt + 1;
      while (j < n && j < nameAt + 64 && !isPunct(tokens[j], '(')) j++;
      if (isPunct(tokens[j], '(') && match[j]! > j) body = bodyAfter(match[j]!);
    }
    return body >= 0 && match[body]! > body ? scopeOfBody(body) : [nameAt, nameAt];
  };

  const parseDeclarations = (keyword: number): void => {
    const scope = forHeadScope(keyword) ?? blockScope(keyword);
    let k = keyword + 1;
    for (let guard = 0; guard < 10000; guard++) {
      const t = tokens[k];
      if (t === undefined) return;
      let target: { kind: 'name' | 'object' | 'array'; index: number };
      if (t.type === 'IdentifierName') {
        target = { kind: 'name', index: k };
        k++;
      } else if (isPunct(t, '{')) {
        target = { kind: 'object', index: k };
        k = Math.min(match[k]!, n) + 1;
      } else if (isPunct(t, '[')) {
        target = { kind: 'array', index: k };
        k = Math.min(match[k]!, n) + 1;
      } else return;
      if (isPunct(tokens[k], '!')) k++;
      if (isPunct(tokens[k], ':')) {
        // TypeScript annotation: skip to `=`, `,` or `;` at depth 0. A generic's `<…>` has no
        // brackets to match: its angles are counted, so `Record<string, X>` does not end at the `,`.
        k++;
        let angle = 0;
        while (k < n && !isPunct(tokens[k], '=') && !(angle === 0 && isPunct(tokens[k], ',')) && !isPunct(tokens[k], ';') && !isPunct(tokens[k], ')')) {
          const s = tokens[k]!;
          if (s.type === 'Punctuator' && (s.value === '(' || s.value === '[' || s.value === '{')) k = Math.min(match[k]!, n) + 1;
          else {
            if (s.type === 'Punctuator' && s.value === '<') angle++;
            else if (s.type === 'Punctuator' && (s.value === '>' || s.value === '>>' || s.value === '>>>')) angle = Math.max(0, angle - s.value.length);
            k++;
          }
          if (tokens[k]?.nl && !isPunct(tokens[k], '|') && !isPunct(tokens[k], '&') && !isPunct(tokens[k], '=')) break;
        }
      }
      let init: InitResult = { kind: 'none', end: k };
      const hasInit = isPunct(tokens[k], '=');
      if (hasInit) init = parseInit(k + 1);
      if (hasInit && init.kind === 'none' && target.kind === 'name') {
        // A wrapper that hands out `require` itself, as bundlers' shims do: `var __require =
        // ((x) => typeof require !== 'undefined' ? require : x)(…)`. Calls through it are requires.
        const end = expressionEnd(k + 1);
        if (yieldsRequire(k + 1, end)) {
          init = { kind: 'require', requireVia: 'require', end };
          facts.requireShims.push([k + 1, end]);
        }
        // The global object picked by a feature test (UMD): `typeof globalThis !== 'undefined' ?
        // globalThis : global`, `globalThis || window`. Members reached through it are globals.
        else if (picksGlobalObject(k + 1, end)) init = { kind: 'module', source: 'global', display: '', path: [], specifier: '', end };
      }
      // A variable that receives the value of an environment variable holds a string: the read
      // is reported where it happens, once, and the variable's uses are plain values.
      let envValues = false;
      // `const deps = { fs, cp: require('child_process') }`: an object that holds modules.
      let holder = target.kind === 'name' && hasInit && (init.kind === 'none' || init.kind === 'members') && !assigned.has(tokens[target.index]!.name) ? parseHolder(k + 1) : undefined;
      // `const o = {}; o.b = process.binding.bind(process)`: keys given later are held too.
      if (target.kind === 'name' && hasInit && (init.kind === 'none' || init.kind === 'members') && isPunct(tokens[k + 1], '{')) {
        const literal = holder ?? parseHolder(k + 1, 0, true);
        if (literal !== undefined && isDeclEnd(literal.end) && laterKeys(tokens[target.index]!.name, keyword, literal.end, scope, literal.holds) && literal.holds.size > 0) holder = literal;
        // `let o = {}; o = {}; o.b = require('fs')`: a name assigned whole again holds, segment by segment.
        else if (holder === undefined) reassignedSegments(target.index, k + 1, scope);
      }
      if (holder !== undefined && isDeclEnd(holder.end)) {
        const name = tokens[target.index]!.name;
        facts.declSites.add(target.index);
        const members = init.kind === 'members' && isReadOnly(name) ? { members: init.members! } : {};
        const binding = declare(name, { ...blank(target.index), kind: 'local', holds: holder.holds, ...members }, scope);
        const entry = { held: heldObject(holder.holds, k + 1), clear: isReadOnly(name) };
        holders.push(entry);
        if (!entry.clear && binding !== undefined) passedHolders.push({ binding, entry, exported: isName(tokens[keyword - 1], 'export') });
        k = holder.end;
        if (!isPunct(tokens[k], ',')) return;
        k++;
        continue;
      }
      if (target.kind === 'name') {
        envValues = isEnvValue(init);
        if (envValues) local(target.index, scope);
        else bindFromInit(tokens[target.index]!.name, target.index, init, [], scope);
      } else if (target.kind === 'object') {
        // `const { b } = { b: process.binding.bind(process) }`: a literal that holds modules, taken apart.
        const literal = hasInit && (init.kind === 'none' || init.kind === 'members') ? parseHolder(k + 1) : undefined;
        if (literal !== undefined && isDeclEnd(literal.end)) init = { kind: 'holder', holds: literal.holds, end: literal.end };
        const names: Array<{ name: string; index: number; path: string[] }> = [];
        collectObjectPattern(target.index, [], names, scope);
        const named = init.kind === 'module' && init.baseIndex !== undefined && init.path?.length === 0 && isDeclEnd(init.end) ? plainPatternNames(target.index) : undefined;
        if (named !== undefined && named.length === names.length && isName(tokens[init.baseIndex!], 'require') && isPunct(tokens[init.baseIndex! + 1], '(')) requirePatterns.set(init.baseIndex!, named);
        // `const { A } = process.env` stays bound: its uses name the variable read.
        for (const x of names) bindFromInit(x.name, x.index, init, x.path, scope, hasInit ? { open: target.index, path: x.path } : undefined);
      } else markArrayPattern(target.index, scope);
      if ((init.kind === 'module' || init.kind === 'require') && init.baseIndex !== undefined && !envValues) facts.initBases.add(init.baseIndex);
      if (hasInit && init.kind === 'none') {
        // Skip the initializer to find further declarators (`const a = f(), b = require('x')`).
        k = expressionEnd(k + 1);
      } else k = hasInit ? init.end : k;
      if (!isPunct(tokens[k], ',')) return;
      k++;
    }
  };

  /**
   * TypeScript namespaces (`namespace N { … }`, `module N { … }`, not ambient): the module and
   * handle bindings declared with `export const|let|var|import` directly in the body are members
   * of N, so `N.cp.exec(c)` is `child_process.exec` as `cp.exec(c)` is inside the body.
   */
  const collectNamespaceMembers = (): void => {
    const blocks = new Map<number, Map<string, Binding>>();
    for (let i = 0; i + 2 < n; i++) {
      const t = tokens[i]!;
      if (t.type !== 'IdentifierName' || (t.name !== 'namespace' && t.name !== 'module') || tokens[i + 1]!.type !== 'IdentifierName' || !isPunct(tokens[i + 2], '{')) continue;
      const before = tokens[i - 1];
      if (!(before === undefined || isName(before, 'export') || (before.type === 'Punctuator' && (before.value === ';' || before.value === '{' || before.value === '}')))) continue;
      const members = new Map<string, Binding>();
      blocks.set(i + 2, members);
      const [scopeStart, scopeEnd] = blockScope(i);
      let list = namespaces.get(tokens[i + 1]!.name);
      if (list === undefined) namespaces.set(tokens[i + 1]!.name, (list = []));
      list.push({ scopeStart, scopeEnd, members });
    }
    if (blocks.size === 0) return;
    for (const b of order) {
      if (b.kind !== 'module' && b.kind !== 'handle') continue;
      const members = blocks.get(brace[b.declIndex]!);
      const keyword = tokens[b.declIndex - 1];
      if (members === undefined || keyword?.type !== 'IdentifierName' || !['const', 'let', 'var', 'import'].includes(keyword.name) || !isName(tokens[b.declIndex - 2], 'export')) continue;
      members.set(tokens[b.declIndex]!.name, b);
    }
  };

  const parseImport = (i: number): number => {
    let k = i + 1;
    let typeOnly = false;
    if (isName(tokens[k], 'type') && (isPunct(tokens[k + 1], '{') || isPunct(tokens[k + 1], '*') || (tokens[k + 1]?.type === 'IdentifierName' && tokens[k + 1]!.name !== 'from'))) {
      typeOnly = true;
      k++;
    }
    const top: [number, number] = [0, n];
    // Only `{ … }` is imported (no default, no namespace): the record lists the names.
    let named = false;
    const finish = (specIndex: number, specifier: string, names: Array<{ name: string; index: number; path: string[]; typeOnly: boolean }>, end: number): number => {
      const module = recordImport(specifier, specIndex, typeOnly);
      const site = facts.imports[facts.imports.length - 1]!;
      if (named && !typeOnly) {
        site.record.names = names.filter((x) => !x.typeOnly).map((x) => x.path[0]!);
        site.nameIndexes = names.filter((x) => !x.typeOnly).map((x) => x.index);
      }
      const members = module === undefined && site.record.kind === 'relative' ? ctx.localMembers?.[specifier] : undefined;
      const namedExports = module === undefined && site.record.kind === 'relative' ? ctx.localNamedExports?.[specifier] : undefined;
      for (const x of names) {
        facts.declSites.add(x.index);
        if (typeOnly || x.typeOnly) continue;
        // `import { writeFile } from './lib.js'` where lib.js has `export * from 'node:fs/promises'`: its writeFile.
        const from = members !== undefined && x.path.length === 1 && Object.hasOwn(members, x.path[0]!) ? members[x.path[0]!]! : undefined;
        const owner = from === undefined ? undefined : lookupModule(mapImport(from, ctx.importMap) ?? from);
        // `import { run } from './lib.js'` where lib.js has `export { spawn as run } from 'node:child_process'`
        // (its spawn) or `export * as fsp from 'node:fs/promises'` (that module), or their CommonJS forms.
        const via = owner === undefined && namedExports !== undefined && x.path.length === 1 && Object.hasOwn(namedExports, x.path[0]!) ? namedExports[x.path[0]!]! : undefined;
        const viaBinding = via === undefined ? undefined : barrelBinding(via, specifier, x.index);
        if (owner !== undefined) declare(x.name, { ...blank(x.index), kind: 'module', source: owner.source, display: owner.display, path: x.path, specifier: from!, fromImport: true, through: specifier }, top);
        else if (viaBinding !== undefined) declare(x.name, viaBinding.kind === 'module' ? { ...viaBinding, fromImport: true } : viaBinding, top);
        else if (module === undefined && x.path.length === 0 && namedExports !== undefined) {
          // `import * as lib from './lib.js'`: an object holding the modules lib re-exports by name.
          const holds = barrelHolds(namedExports, specifier, x.index);
          if (holds !== undefined) declare(x.name, { ...blank(x.index), kind: 'local', holds }, top);
          else local(x.index, top);
        } else if (module === undefined) local(x.index, top);
        else declare(x.name, { ...blank(x.index), kind: 'module', source: module.source, display: module.display, path: x.path, specifier, fromImport: true }, top);
      }
      if (isName(tokens[end], 'with') || isName(tokens[end], 'assert')) end = isPunct(tokens[end + 1], '{') ? Math.min(match[end + 1]!, n) + 1 : end + 1;
      if (isPunct(tokens[end], ';')) end++;
      facts.skip.set(i, end);
      return end - 1;
    };
    // `import 'm' + x` is a syntax error: the literal alone is the specifier.
    if (isStringToken(tokens[k])) return finish(k, foldString(fold, k)?.value ?? cookStringToken(tokens[k]!)?.value ?? '', [], k + 1);
    const names: Array<{ name: string; index: number; path: string[]; typeOnly: boolean }> = [];
    // TypeScript: import x = require('m')
    if (tokens[k]?.type === 'IdentifierName' && isPunct(tokens[k + 1], '=')) {
      if (isName(tokens[k + 2], 'require') && isPunct(tokens[k + 3], '(')) {
        const arg = foldString(fold, k + 4);
        if (arg === undefined) return i;
        names.push({ name: tokens[k]!.name, index: k, path: [], typeOnly: false });
        return finish(k + 4, arg.value, names, Math.min(match[k + 3]!, n) + 1);
      }
      local(k, top);
      return i;
    }
    if (tokens[k]?.type === 'IdentifierName' && tokens[k]!.name !== 'from') {
      names.push({ name: tokens[k]!.name, index: k, path: ['default'], typeOnly: false });
      k++;
      if (isPunct(tokens[k], ',')) k++;
    }
    named = names.length === 0 && isPunct(tokens[k], '{');
    if (isPunct(tokens[k], '*') && isName(tokens[k + 1], 'as') && tokens[k + 2]?.type === 'IdentifierName') {
      names.push({ name: tokens[k + 2]!.name, index: k + 2, path: [], typeOnly: false });
      k += 3;
    } else if (isPunct(tokens[k], '{')) {
      const close = Math.min(match[k]!, n);
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
    const reexported: Array<{ path: string[]; typeOnly: boolean; exported?: string }> = [];
    let clauseOpen = -1;
    let namespaceName: string | undefined;
    if (isPunct(tokens[k], '*')) {
      k++;
      if (isName(tokens[k], 'as')) {
        const t = tokens[k + 1];
        if (t !== undefined) namespaceName = isStringToken(t) ? foldString(fold, k + 1)?.value : t.name;
        k += 2;
      }
      reexported.push({ path: [], typeOnly });
    } else if (isPunct(tokens[k], '{')) {
      clauseOpen = k;
      const close = Math.min(match[k]!, n);
      for (let e = k + 1; e < close; e++) {
        let specTypeOnly = false;
        if (isName(tokens[e], 'type') && !isPunct(tokens[e + 1], ',') && e + 1 !== close && !isName(tokens[e + 1], 'as')) {
          specTypeOnly = true;
          e++;
        }
        const t = tokens[e]!;
        const source = isStringToken(t) ? foldString(fold, e)!.value : t.name;
        const alias = isName(tokens[e + 1], 'as') && e + 2 < close ? tokens[e + 2]! : undefined;
        const exported = alias === undefined ? source : isStringToken(alias) ? foldString(fold, e + 2)?.value : alias.name;
        reexported.push({ path: [source], typeOnly: specTypeOnly, ...(exported === undefined ? {} : { exported }) });
        while (e < close && !isPunct(tokens[e + 1], ',')) e++;
        e++;
      }
      k = close + 1;
    } else return i;
    if (!isName(tokens[k], 'from')) {
      // `export { get as fetch }`: the name after `as` names an export, not a global in use.
      for (let e = clauseOpen + 1; clauseOpen >= 0 && e < k - 1; e++) {
        if (isName(tokens[e], 'as') && (tokens[e + 1]?.type === 'IdentifierName' || isStringToken(tokens[e + 1]))) facts.skip.set(e + 1, e + 2);
      }
      return i;
    }
    const spec = foldString(fold, k + 1);
    if (spec === undefined) return i;
    const module = recordImport(spec.value, k + 1, typeOnly);
    if (namespaceName !== undefined && !typeOnly) facts.imports[facts.imports.length - 1]!.record.namespaceExport = namespaceName;
    else if (clauseOpen < 0 && !typeOnly) facts.imports[facts.imports.length - 1]!.record.starExport = true;
    else if (clauseOpen >= 0 && !typeOnly) {
      const named: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
      for (const r of reexported) if (!r.typeOnly && r.exported !== undefined) named[r.exported] = r.path;
      if (Object.keys(named).length > 0) facts.imports[facts.imports.length - 1]!.record.namedExports = named;
    }
    if (module !== undefined && !typeOnly) {
      for (const r of reexported) {
        if (r.typeOnly) continue;
        facts.reexports.push({ ...blank(k + 1), kind: 'module', source: module.source, display: module.display, path: r.path, specifier: spec.value, fromImport: true, scopeStart: 0, scopeEnd: n });
      }
    }
    let end = spec.end;
    if (isName(tokens[end], 'with') || isName(tokens[end], 'assert')) end = isPunct(tokens[end + 1], '{') ? Math.min(match[end + 1]!, n) + 1 : end + 1;
    if (isPunct(tokens[end], ';')) end++;
    facts.skip.set(i, end);
    return end - 1;
  };

  /**
   * TypeScript: the `(` of an arrow's parameters when a return type named by a plain or dotted name
   * stands between them and the `=>` at `arrow` (`(f: string): Worker => new Worker(f)`,
   * `(): ns.Client => …`), else undefined. The name is a type, not a lone parameter (`w => …`): read
   * as one it would shadow an import of the same name in the body. The parameters' `(` follows no
   * name but `async` and no `)` or `]` (`c ? g(x) : y => y` is a call, then a lone parameter).
   */
  const returnTypeParameters = (arrow: number): number | undefined => {
    let s = arrow - 1;
    if (tokens[s]?.type !== 'IdentifierName') return undefined;
    while (isPunct(tokens[s - 1], '.') && tokens[s - 2]?.type === 'IdentifierName') s -= 2;
    if (!isPunct(tokens[s - 1], ':') || !isPunct(tokens[s - 2], ')')) return undefined;
    const open = match[s - 2]!;
    if (open < 0 || open >= s - 2 || !isPunct(tokens[open], '(')) return undefined;
    const before = tokens[open - 1];
    if (before !== undefined && ((before.type === 'IdentifierName' && before.name !== 'async') || isPunct(before, ')') || isPunct(before, ']'))) return undefined;
    return open;
  };

  // Pass A: parameters (so initializers below see the right scopes).
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type === 'Punctuator') {
      if (t.value === '=>') {
        const body = isPunct(tokens[i + 1], '{') ? i + 1 : -1;
        const scope: [number, number] = body >= 0 ? scopeOfBody(body) : [i, expressionEnd(i + 1)];
        const prev = tokens[i - 1];
        const typedOpen = returnTypeParameters(i);
        if (typedOpen !== undefined) declareParameters(typedOpen, scope);
        else if (isPunct(prev, ')')) declareParameters(match[i - 1]!, scope);
        else if (prev?.type === 'IdentifierName') local(i - 1, scope);
      } else if (t.value === '(' && i > 0) {
        const close = Math.min(match[i]!, n);
        const prev = tokens[i - 1]!;
        // function f(...) {, function (...) {, catch (e) {, method(...) {
        const isFunction = isName(prev, 'function') || isName(tokens[i - 2], 'function') || (isPunct(prev, '*') && (isName(tokens[i - 2], 'function') || isName(tokens[i - 3], 'function')));
        const isCatch = isName(prev, 'catch');
        const isMethod = prev.type === 'IdentifierName' && !isFunction && !isCatch && !['if', 'for', 'while', 'switch', 'with', 'return', 'typeof', 'await', 'new', 'import', 'require'].includes(prev.name)
          && (tokens[i - 2] === undefined || (tokens[i - 2]!.type === 'Punctuator' && METHOD_PREFIX.has(tokens[i - 2]!.value)) || (tokens[i - 2]!.type === 'IdentifierName' && METHOD_PREFIX.has(tokens[i - 2]!.name))
            // A method on its own line directly in a class body, after a member without `;` (`retry?: boolean`).
            || (prev.nl && classBodyOpens.has(brace[i - 1]!)));
        if (isFunction || isCatch || isMethod) {
          const body = bodyAfter(close);
          if (body >= 0) declareParameters(i, scopeOfBody(body));
        }
      }
    }
  }

  // Pass B: declarations, imports, requires.
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t.type !== 'IdentifierName') continue;
    const prev = tokens[i - 1];
    if (prev !== undefined && prev.type === 'Punctuator' && (prev.value === '.' || prev.value === '?.')) continue;
    // TypeScript ambient declarations (`declare const Deno: any`, `declare global { var fetch: F }`)
    // say that a global exists; they bind nothing, so they must not shadow it.
    if (t.name === 'declare' && isAmbientStart(i)) {
      const blockOpen = ambientBlockOpen(i);
      if (blockOpen !== undefined) {
        // Nothing inside runs: the second pass skips the block too.
        const end = Math.min(match[blockOpen]!, n);
        facts.skip.set(i, end + 1);
        i = end;
      } else {
        // Past the declaration keyword (and `abstract` before `class`): its name is not a binding.
        i++;
        if (isName(tokens[i], 'abstract') || isName(tokens[i], 'async')) i++;
      }
      continue;
    }
    switch (t.name) {
      case 'import':
        if (isPunct(tokens[i + 1], '(')) {
          if (!isImportType(tokens, match, i)) {
            recordCallImport(i);
            bindThenCallback(i);
          }
        }
        else if (!isPunct(tokens[i + 1], '.')) i = parseImport(i);
        break;
      case 'export':
        i = parseExportFrom(i);
        break;
      case 'const':
      case 'let':
      case 'var':
        parseDeclarations(i);
        break;
      case 'using':
        if (tokens[i + 1]?.type === 'IdentifierName' && isPunct(tokens[i + 2], '=')) parseDeclarations(i);
        break;
      case 'enum':
        if (tokens[i + 1]?.type === 'IdentifierName' && isPunct(tokens[i + 2], '{')) declareEnum(i + 1);
        break;
      case 'function':
      case 'class': {
        let k = i + 1;
        if (isPunct(tokens[k], '*')) k++;
        const name = tokens[k];
        if (name?.type === 'IdentifierName' && name.name !== 'extends' && name.name !== 'implements' && !isPunct(tokens[k + 1], '.') && !facts.declSites.has(k)) {
          // `(function eval() {})` and `const C = class Function {}` name only themselves.
          local(k, isExpressionKeyword(i) ? ownNameScope(i, k) : blockScope(k));
        }
        break;
      }
      default:
        if (isRequireCallAt(i)) {
          recordCallImport(i);
          // `dynamicImport('fs').then((fs) => …)` through the import() shim, as `import('fs').then(…)`.
          if (lookup(t.name, i)?.requireVia === 'import') bindThenCallback(i);
        } else if (isPunct(tokens[i + 1], '(') || isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '?.')) bindHandleThen(i);
        else if (isPunct(tokens[i + 1], '=') && !facts.declSites.has(i) && !endsTypeAnnotation(i)) {
          const init = parseInit(i + 2);
          // `r = process.env.DEBUG` holds a string, as in a declaration: the read is reported here, once.
          if ((init.kind === 'module' && !isEnvValue(init)) || init.kind === 'handle' || init.kind === 'require') {
            // `x = require('fs')` assigns a variable declared elsewhere: bind in that declaration's scope.
            const existing = lookup(t.name, i);
            const scope: [number, number] = existing !== undefined ? [existing.scopeStart, existing.scopeEnd] : [0, n];
            bindFromInit(t.name, i, init, [], scope);
            if (init.baseIndex !== undefined && init.kind !== 'handle') facts.initBases.add(init.baseIndex);
          }
        }
    }
  }
  collectNamespaceMembers();
  collectClassFields();
  for (const p of passedHolders) {
    const name = tokens[p.binding.declIndex]!.name;
    const sites = referencesOf(name, p.binding).filter((k) => !isMemberRead(tokens, k)).map((k): [number, number] => [k, k + 1]);
    // An exported holder is followed into the helpers, but other files may reach what it holds.
    if (followPassedHolder(p.binding.holds!, sites, (from, to) => to === from + 1 && lookup(tokens[from]!.name, from) === p.binding) && !p.exported) p.entry.clear = true;
  }
  // `run(cp)` with `function run(m) { m.exec('ls') }`: a module binding handed on whole only to
  // functions of this file is followed into their parameters, as a holder is; the calls that hand
  // it on are no use of the module object (facts.passedModules).
  for (const b of [...order]) {
    if (b.kind !== 'module' || b.source === 'global' || b.holds !== undefined) continue;
    const name = tokens[b.declIndex]?.name;
    if (name === undefined || assigned.has(name)) continue;
    const sites = referencesOf(name, b).filter((k) => !isMemberUse(k)).map((k): [number, number] => [k, k + 1]);
    if (sites.length === 0 || sites.some(([k]) => !isPunct(tokens[k - 1], '(') && !isPunct(tokens[k - 1], ','))) continue;
    followPassedHolder(b, sites, (from, to) => to === from + 1 && lookup(tokens[from]!.name, from) === b, facts.passedModules);
  }
  // Declarations are complete: the second pass's lookups may use an index.
  scopes.freeze();
  if (holders.length > 0) settleHolders();
  for (const site of facts.imports) {
    const named = requirePatterns.get(site.index);
    if (named !== undefined && site.record.kind !== 'relative') site.nameIndexes = named;
  }
  recordCommonJsExports({ tokens, match, fold, imports: facts.imports, lookup, isRequireCallAt, isDeclEnd, holderAt: (k) => parseHolder(k) });
  return facts;

  /**
   * The class body whose instance `this` is at token `at`: in a field initializer, a method,
   * getter, setter or constructor of that class, or an arrow function or block inside one. A
   * `function` body, an object literal's method, a static member or a body after a TypeScript
   * return type (`run(): void {`, not told apart from a function's) gives undefined.
   */
  function classOfThis(at: number): number | undefined {
    for (let b = brace[at]!, steps = 0; b >= 0 && steps < 256; b = brace[b]!, steps++) {
      if (classBodyOpens.has(b)) return staticMember(at, b) ? undefined : b;
      const prev = tokens[b - 1];
      const parent = brace[b]!;
      const head = isPunct(prev, ')') ? tokens[match[b - 1]! - 1] : undefined;
      const functionBody = head !== undefined && (isName(head, 'function') || isPunct(head, '*') || (head.type === 'IdentifierName' && (isName(tokens[match[b - 1]! - 2], 'function') || !BLOCK_HEADS.has(head.name))));
      if (parent >= 0 && classBodyOpens.has(parent)) {
        // A member's body (`m(a) {`, `constructor() {`) or a brace in a field initializer.
        if (head !== undefined && (isName(head, 'function') || isName(tokens[match[b - 1]! - 2], 'function'))) return undefined;
        return staticMember(b, parent) ? undefined : parent;
      }
      if (functionBody) return undefined;
      if (prev !== undefined && prev.type === 'IdentifierName' && !['else', 'try', 'finally', 'catch', 'do', 'return', 'yield', 'await', 'in', 'of', 'case', 'default'].includes(prev.name)) return undefined;
      if (isPunct(prev, '>')) return undefined;
    }
    return undefined;
  }

  /** Whether the class member around token `at` (directly in the body opened at `body`) is static. */
  function staticMember(at: number, body: number): boolean {
    for (let k = at - 1, steps = 0; k > body && steps < 64; k--, steps++) {
      const t = tokens[k]!;
      if (isPunct(t, ')') || isPunct(t, ']')) k = Math.min(k, match[k]!);
      else if (brace[k] !== body || isPunct(t, ';')) return false;
      else if (isName(t, 'static')) return true;
      if (tokens[k]!.nl) return false;
    }
    return false;
  }

  /**
   * Class fields given a module or an object of modules once in their class: a field initializer
   * (`deps = { fs }`, `#fs = fs`) or `this.deps = …` in a member, and no other write of that field
   * in the class (`this.deps = x` twice, `this.deps += …`, `this.deps++`). `this.deps.fs.writeFileSync(p)`
   * in the class is then `fs.writeFileSync`.
   */
  function collectClassFields(): void {
    if (classBodyOpens.size === 0) return;
    // One pass over the file: a class's own names are at its body's level, its `this` is found
    // from each `this` up (nested classes are not walked once per enclosing class).
    const writes = new Map<number, Map<string, number[]>>();
    const privateNames = new Map<number, Set<string>>();
    // `helper(this.deps)`: a field passed whole as an argument, by class body.
    const passed: Array<{ open: number; name: string; at: number }> = [];
    const write = (open: number, name: string, value: number): void => {
      let byName = writes.get(open);
      if (byName === undefined) writes.set(open, (byName = new Map()));
      let list = byName.get(name);
      if (list === undefined) byName.set(name, (list = []));
      list.push(value);
    };
    for (let k = 0; k < n; k++) {
      const t = tokens[k]!;
      const open = brace[k]!;
      if (classBodyOpens.has(open) && (t.type === 'IdentifierName' || t.type === 'PrivateIdentifier') && !isPunct(tokens[k - 1], '.')) {
        if (isName(tokens[k - 1], 'private') || (isName(tokens[k - 1], 'readonly') && isName(tokens[k - 2], 'private'))) {
          let names = privateNames.get(open);
          if (names === undefined) privateNames.set(open, (names = new Set()));
          names.add(t.name);
        }
        // A TypeScript parameter property (`constructor(private deps: D)`) is written from its argument.
        let m = k - 1;
        while (tokens[m]?.type === 'IdentifierName' && PARAMETER_PROPERTY_MODIFIERS.has(tokens[m]!.name)) m--;
        if (m < k - 1 && (isPunct(tokens[m], '(') || isPunct(tokens[m], ','))) write(open, t.name, -1);
        // A field initializer `deps = …` (not `static deps = …`: a property of the class).
        if (isPunct(tokens[k + 1], '=') && !staticMember(k, open)) {
          const prev = tokens[k - 1]!;
          if (k === open + 1 || t.nl || isPunct(prev, ';') || isPunct(prev, '}') || (prev.type === 'IdentifierName' && CLASS_MEMBER_MODIFIERS.has(prev.name))) write(open, t.name, k + 2);
        }
        continue;
      }
      if (!isName(t, 'this') || !isPunct(tokens[k + 1], '.')) continue;
      const field = tokens[k + 2];
      if (field === undefined || (field.type !== 'IdentifierName' && field.type !== 'PrivateIdentifier')) continue;
      const cls = classOfThis(k);
      if (cls === undefined) continue;
      const after = tokens[k + 3];
      const before = tokens[k - 1];
      if (isPunct(after, '=')) write(cls, field.name, k + 4);
      else if ((after?.type === 'Punctuator' && (ASSIGNMENT_OPERATORS.has(after.value) || after.value === '++' || after.value === '--')) || isPunct(before, '++') || isPunct(before, '--') || isName(before, 'delete')) write(cls, field.name, -1);
      else if ((isPunct(before, '(') || isPunct(before, ',')) && (isPunct(after, ')') || isPunct(after, ','))) passed.push({ open: cls, name: field.name, at: k });
    }
    for (const [open, byName] of writes) {
      let fields: Map<string, Binding> | undefined;
      for (const [name, values] of byName) {
        if (values.length !== 1 || values[0]! < 0) continue;
        const at = values[0]!;
        const holder = parseHolder(at);
        let held: Binding | undefined;
        if (holder !== undefined && isDeclEnd(holder.end)) held = heldObject(holder.holds, at);
        else {
          const init = holder === undefined ? parseInit(at) : undefined;
          if (init?.kind === 'module' && !isEnvValue(init)) held = heldModule(init, init.baseIndex ?? at);
          // `this.worker = await createWorker('eng')`, `this.fh = await fsp.open(p)`: a handle, as a `const` would hold it.
          else if (init?.kind === 'handle') held = { ...blank(at), kind: 'handle', source: init.source!, display: init.display!, path: [], specifier: init.specifier ?? '', scopeStart: 0, scopeEnd: n };
        }
        if (held === undefined) continue;
        if (fields === undefined) fieldsByClass.set(open, (fields = new Map()));
        fields.set(name, held);
        // A handle is no module object: handed on, it is not reported (as a `const` handle is not).
        if (held.kind === 'handle') continue;
        // Only a private field (`#deps`, TypeScript `private deps`) is out of reach of other files.
        holders.push({ held, clear: name.startsWith('#') || privateNames.get(open)?.has(name) === true });
      }
    }
    // A field holding modules passed whole to functions of this file: followed into their parameters.
    const sitesOf = new Map<Binding, Array<[number, number]>>();
    for (const p of passed) {
      const held = fieldsByClass.get(p.open)?.get(p.name);
      if (held?.holds === undefined) continue;
      let sites = sitesOf.get(held);
      if (sites === undefined) sitesOf.set(held, (sites = []));
      sites.push([p.at, p.at + 3]);
    }
    for (const [held, sites] of sitesOf) {
      const isField = (from: number, to: number): boolean => to === from + 3 && isName(tokens[from], 'this') && isPunct(tokens[from + 1], '.') && thisField(from, tokens[from + 2]!.name) === held;
      if (followPassedHolder(held.holds!, sites, isField)) for (const [at] of sites) passedFields.add(at);
    }
  }

  /** The token after the member chain that starts at the name at k (`d.fs.promises` in `d.fs.promises.rm(p)` gives the `(`). */
  function memberChainEnd(k: number): number {
    let j = k + 1;
    while ((isPunct(tokens[j], '.') || isPunct(tokens[j], '?.')) && tokens[j + 1]?.type === 'IdentifierName') j += 2;
    return j;
  }

  /**
   * The tokens of the name `name` from `start` to `end` (inclusive), in order: an index of every
   * name's tokens, built on first use, keeps a walk over a scope from costing the whole scope.
   */
  function occurrencesIn(name: string, start: number, end: number): number[] {
    if (occurrences === undefined) {
      occurrences = new Map();
      for (let k = 0; k < n; k++) {
        const t = tokens[k]!;
        if (t.type !== 'IdentifierName') continue;
        const list = occurrences.get(t.name);
        if (list === undefined) occurrences.set(t.name, [k]);
        else list.push(k);
      }
    }
    const list = occurrences.get(name);
    if (list === undefined) return [];
    const lo = partitionPoint(list.length, (i) => list[i]! < start);
    const out: number[] = [];
    for (let i = lo; i < list.length && list[i]! <= end; i++) out.push(list[i]!);
    return out;
  }

  /** Every reference to `binding` (named `name`) in its scope, its declaration excluded. */
  function referencesOf(name: string, binding: Binding): number[] {
    const out: number[] = [];
    for (const k of occurrencesIn(name, binding.scopeStart, binding.scopeEnd)) {
      if (k === binding.declIndex || declSites.has(k) || isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) continue;
      // A key of an object literal (`{ deps: 1 }`) is no reference; a shorthand (`{ deps }`) is.
      if (isPunct(tokens[k + 1], ':') && (isPunct(tokens[k - 1], '{') || isPunct(tokens[k - 1], ','))) continue;
      if (lookup(name, k) === binding) out.push(k);
    }
    return out;
  }

  /**
   * The opening `(` of the call that has the tokens [k, end) as one whole argument (`f(a, deps)`,
   * `f(this.deps)`), and the argument's position, or undefined.
   */
  function callArgumentAt(k: number, end = k + 1): { open: number; position: number } | undefined {
    if (!(isPunct(tokens[k - 1], '(') || isPunct(tokens[k - 1], ',')) || !(isPunct(tokens[end], ')') || isPunct(tokens[end], ','))) return undefined;
    let position = 0;
    for (let j = k - 1, steps = 0; j >= 0 && steps < 4096; j--, steps++) {
      const t = tokens[j]!;
      if (t.type !== 'Punctuator') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = match[j]!;
        if (open < 0 || open >= j) return undefined;
        j = open;
      } else if (t.value === ',') position++;
      else if (t.value === '(') return match[j]! >= end ? { open: j, position } : undefined;
      else if (t.value === '[' || t.value === '{' || t.value === ';' || t.value === '...') return undefined;
    }
    return undefined;
  }

  /**
   * The parameter list of the function bound to `f` (named `name`), when that binding is its only
   * declaration in its scope: `function f(…) {…}` (not exported, not an expression) or `const f =
   * (…) => …`, `const f = d => …`, `const f = function (…) {…}` (not exported, never assigned).
   * Gives the token of the `(` (or of the lone arrow parameter) and whether `arguments` can reach
   * the parameters (a `function` body).
   */
  function functionOf(name: string, f: Binding): { open: number; lone: boolean; body: [number, number]; plain: boolean } | undefined {
    if (f.kind !== 'local' || assigned.has(name)) return undefined;
    const d = f.declIndex;
    // Declared again in its scope (a later declaration replaced the binding), or by a `var` in a block of it.
    for (const k of occurrencesIn(name, f.scopeStart, f.scopeEnd)) {
      if (k === d || !declSites.has(k)) continue;
      const [from, to] = blockScope(k);
      if ((from === f.scopeStart && to === f.scopeEnd) || isName(tokens[k - 1], 'var')) return undefined;
    }
    let keyword = d - 1;
    let at: number;
    if (isPunct(tokens[keyword], '*')) keyword--;
    if (isName(tokens[keyword], 'function')) {
      const start = isName(tokens[keyword - 1], 'async') ? keyword - 1 : keyword;
      if (isExpressionKeyword(keyword) || isName(tokens[start - 1], 'export') || isName(tokens[start - 1], 'default') || !isPunct(tokens[d + 1], '(')) return undefined;
      at = d + 1;
    } else if (tokens[keyword]?.type === 'IdentifierName' && DECLARING.has(tokens[keyword]!.name) && isPunct(tokens[d + 1], '=')) {
      if (isName(tokens[keyword - 1], 'export')) return undefined;
      at = d + 2;
      if (isName(tokens[at], 'async') && !tokens[at + 1]?.nl) at++;
      if (isName(tokens[at], 'function')) {
        at++;
        if (isPunct(tokens[at], '*')) at++;
        if (tokens[at]?.type === 'IdentifierName') at++;
        if (!isPunct(tokens[at], '(')) return undefined;
        const body = bodyAfter(Math.min(match[at]!, n));
        return body < 0 ? undefined : { open: at, lone: false, body: scopeOfBody(body), plain: true };
      }
      if (tokens[at]?.type === 'IdentifierName' && isPunct(tokens[at + 1], '=>')) {
        const arrow = at + 1;
        return { open: at, lone: true, body: isPunct(tokens[arrow + 1], '{') ? scopeOfBody(arrow + 1) : [arrow, expressionEnd(arrow + 1)], plain: false };
      }
      if (!isPunct(tokens[at], '(') || !isPunct(tokens[Math.min(match[at]!, n) + 1], '=>')) return undefined;
      const arrow = Math.min(match[at]!, n) + 1;
      return { open: at, lone: false, body: isPunct(tokens[arrow + 1], '{') ? scopeOfBody(arrow + 1) : [arrow, expressionEnd(arrow + 1)], plain: false };
    } else return undefined;
    const body = bodyAfter(Math.min(match[at]!, n));
    return body < 0 ? undefined : { open: at, lone: false, body: scopeOfBody(body), plain: true };
  }

  /**
   * A holder (`const deps = { fs }`, a class field `this.deps`) passed whole to functions of this
   * file. `sites` are its uses other than member reads, each the tokens [from, to), and
   * `isHolder(from, to)` tells an argument that is the holder itself. When every site is a whole
   * argument of a call to a function of this file (`helper(deps)` with `function helper(d) {
   * d.fs.rmSync(p) }`) that is declared once and called only with the holder, or with a parameter
   * followed here, at that position, and its parameter is a plain name only read through members
   * or passed on the same way (at most {@link MAX_PASS_DEPTH} functions deep), each such parameter
   * holds what the holder holds. Returns whether the holder was followed.
   */
  /** A member of the name at k read or called (`cp.exec(…)`, `cp.constants`), not written. */
  function isMemberUse(k: number): boolean {
    if (isMemberRead(tokens, k)) return true;
    const next = tokens[k + 1];
    const after = tokens[k + 3];
    return (isPunct(next, '.') || isPunct(next, '?.')) && tokens[k + 2]?.type === 'IdentifierName' && (isPunct(after, '(') || after?.type === 'NoSubstitutionTemplate' || after?.type === 'TemplateHead');
  }

  function followPassedHolder(holds: ReadonlyMap<string, Binding> | Binding, sites: ReadonlyArray<readonly [number, number]>, isHolder: (from: number, to: number) => boolean, passed?: Set<number>): boolean {
    const parameters = new Set<Binding>();
    const handed: number[] = [];
    const calls = new Map<Binding, { name: string; position: number }>();
    let level = sites;
    for (let depth = 0; level.length > 0; depth++) {
      if (depth >= MAX_PASS_DEPTH) return false;
      const next: Array<[number, number]> = [];
      for (const [from, to] of level) {
        const call = callArgumentAt(from, to);
        const callee = call === undefined ? undefined : tokens[call.open - 1];
        if (call === undefined || callee?.type !== 'IdentifierName' || isPunct(tokens[call.open - 2], '.') || isPunct(tokens[call.open - 2], '?.') || isName(tokens[call.open - 2], 'new')) return false;
        const f = lookup(callee.name, call.open - 1);
        if (f === undefined) return false;
        const known = calls.get(f);
        if (known !== undefined) {
          if (known.position !== call.position) return false;
          continue;
        }
        if (calls.size >= MAX_PASSED_FUNCTIONS) return false;
        calls.set(f, { name: callee.name, position: call.position });
        const fn = functionOf(callee.name, f);
        if (fn === undefined) return false;
        let q: number;
        if (fn.lone) {
          if (call.position !== 0) return false;
          q = fn.open;
        } else {
          const params = splitArguments(tokens, match, fn.open);
          const param = params[call.position];
          if (param === undefined || params.slice(0, call.position + 1).some(([start]) => isPunct(tokens[start], '...') || isName(tokens[start], 'this'))) return false;
          q = param[0];
          const after = tokens[q + 1];
          if (tokens[q]!.type !== 'IdentifierName' || !(q + 1 === param[1] || isPunct(after, ':') || isPunct(after, '?') || isPunct(after, '='))) return false;
        }
        const pname = tokens[q]!.name;
        const pb = (byName.get(pname) ?? []).find((b) => b.declIndex === q);
        if (pb === undefined || pb.kind !== 'local' || pb.holds !== undefined || assigned.has(pname)) return false;
        if (fn.plain) for (let k = fn.body[0]; k < fn.body[1]; k++) if (isName(tokens[k], 'arguments') && !isPunct(tokens[k - 1], '.')) return false;
        for (const k of referencesOf(pname, pb)) {
          // `const f = d.fs` would hand the module on under another name: not followed
          // (`const data = d.fs.readFileSync(p)` keeps what a call returns).
          if (holds instanceof Map ? isMemberRead(tokens, k) : isMemberUse(k)) {
            if (isPunct(tokens[k - 1], '=') && !isPunct(tokens[memberChainEnd(k)], '(')) return false;
          } else {
            next.push([k, k + 1]);
            handed.push(k);
          }
        }
        parameters.add(pb);
      }
      level = next;
    }
    // Every use of each function is a call that passes the holder, or a parameter followed here, at that position.
    for (const [f, { name, position }] of calls) {
      for (const r of referencesOf(name, f)) {
        if (!isPunct(tokens[r + 1], '(') || isName(tokens[r - 1], 'new')) return false;
        const arg = splitArguments(tokens, match, r + 1)[position];
        if (arg === undefined) return false;
        const [from, to] = arg;
        const passed = to === from + 1 ? lookup(tokens[from]!.name, from) : undefined;
        if (!isHolder(from, to) && (passed === undefined || !parameters.has(passed))) return false;
      }
    }
    if (parameters.size === 0) return false;
    for (const p of parameters) {
      // A module handed on itself (`run(cp)`): the parameter is that module, its uses the findings.
      const value: Omit<Binding, 'scopeStart' | 'scopeEnd'> = holds instanceof Map ? { ...blank(p.declIndex), kind: 'local', holds } : { ...(holds as Binding), declIndex: p.declIndex, fromImport: false, refs: 0 };
      declare(tokens[p.declIndex]!.name, value, [p.scopeStart, p.scopeEnd]);
    }
    if (passed !== undefined) {
      for (const [at] of sites) passed.add(at);
      for (const at of handed) passed.add(at);
    }
    return true;
  }

  /**
   * A module written into a holder is reported where it is written (the module object itself),
   * unless the holder is only read here (`deps.fs.x`, not handed on, written or reached with a
   * run-time key) and the module is reached through it: then its uses are the findings.
   */
  function settleHolders(): void {
    const reached = new Set<Binding>();
    // Holders (by the map of what they hold) handed on whole, or with a member written.
    const escaped = new Set<ReadonlyMap<string, Binding>>();
    for (let i = 0; i + 2 < n; i++) {
      const t = tokens[i]!;
      if (t.type !== 'IdentifierName' || !(isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '?.')) || isPunct(tokens[i - 1], '.') || isPunct(tokens[i - 1], '?.')) continue;
      const key = tokens[i + 2]!;
      if (key.type !== 'IdentifierName' && key.type !== 'PrivateIdentifier') continue;
      const self = t.name === 'this';
      // `helper(this.deps)` followed into the helper's parameter (see `collectClassFields`).
      if (self && passedFields.has(i)) continue;
      let parent = self ? undefined : lookup(t.name, i)?.holds;
      let held = self ? thisField(i, key.name) : parent?.get(key.name);
      let j = i + 2;
      while (held?.holds !== undefined && (isPunct(tokens[j + 1], '.') || isPunct(tokens[j + 1], '?.')) && held.holds.has(tokens[j + 2]?.name ?? '')) {
        parent = held.holds;
        held = held.holds.get(tokens[j + 2]!.name);
        j += 2;
      }
      if (held === undefined) continue;
      const after = tokens[j + 1];
      // `this.deps = { fs }`: the write that fills the field.
      if (self && j === i + 2 && isPunct(after, '=')) continue;
      // `this.deps.fs = other`: what the holder holds there is no longer known.
      if (parent !== undefined && after?.type === 'Punctuator' && (ASSIGNMENT_OPERATORS.has(after.value) || after.value === '++' || after.value === '--')) escaped.add(parent);
      else if (held.kind === 'module') reached.add(held);
      else if (held.holds !== undefined) escaped.add(held.holds);
    }
    const settle = (held: Binding): void => {
      if (held.kind === 'module') {
        if (reached.has(held)) facts.initBases.add(held.declIndex);
      } else if (held.holds !== undefined && !escaped.has(held.holds)) for (const inner of held.holds.values()) settle(inner);
    };
    for (const h of holders) if (h.clear) settle(h.held);
  }

  /**
   * The token indices of the names an object pattern declares when it holds only plain ones
   * (`{ A, B: C }`: `A` and `C`); undefined for a rest element, a default, a nested or computed key.
   */
  function plainPatternNames(open: number): number[] | undefined {
    const close = Math.min(match[open]!, n);
    const out: number[] = [];
    let e = open + 1;
    while (e < close) {
      if (tokens[e]?.type !== 'IdentifierName') return undefined;
      if (isPunct(tokens[e + 1], ':')) {
        if (tokens[e + 2]?.type !== 'IdentifierName') return undefined;
        e += 2;
      }
      out.push(e);
      e++;
      if (e < close && !isPunct(tokens[e], ',')) return undefined;
      e++;
    }
    return out.length > 0 ? out : undefined;
  }

  function recordCallImport(i: number): void {
    const arg = foldString(fold, i + 2);
    if (arg === undefined) return;
    if (!(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ','))) return;
    if (isRelativeSpecifier(arg.value) && bundleMapOf(i)?.has(arg.value) === true) return;
    recordImport(arg.value, i, false);
  }

  /**
   * `import('fs').then((fs) => fs.rmSync(p))`, `.then(({ writeFileSync }) => …)`, `.then(function
   * (m) { … })`: the callback's parameter is the module, bound in the callback's scope like `const
   * fs = await import('fs')`, and the call is its initializer (reported at the parameter's uses).
   */
  function bindThenCallback(i: number): void {
    const arg = foldString(fold, i + 2);
    const close = match[i + 1];
    if (arg === undefined || close === undefined || arg.end !== close || !isPunct(tokens[close + 1], '.') || !isName(tokens[close + 2], 'then') || !isPunct(tokens[close + 3], '(')) return;
    const module = lookupModule(mapImport(arg.value, ctx.importMap) ?? arg.value);
    if (module === undefined) return;
    const callback = thenCallback(close + 4);
    if (callback === undefined) return;
    const { param, scope } = callback;
    const init: InitResult = { kind: 'module', source: module.source, display: module.display, path: [], specifier: arg.value, end: close + 1, baseIndex: i };
    if (tokens[param]?.type === 'IdentifierName') bindFromInit(tokens[param]!.name, param, init, [], scope);
    else if (isPunct(tokens[param], '{')) {
      const names: Array<{ name: string; index: number; path: string[] }> = [];
      collectObjectPattern(param, [], names, scope);
      for (const x of names) bindFromInit(x.name, x.index, init, x.path, scope);
    } else return;
    facts.initBases.add(i);
  }

  /**
   * The parameter and scope of the callback that starts at token `c` (the first argument of a
   * `.then(`): `(w) => …`, `w => …`, `async (w) => { … }`, `function (w) { … }`; undefined for
   * anything else. The parameter may be an object pattern (its `{`).
   */
  function thenCallback(c: number): { param: number; scope: [number, number] } | undefined {
    if (isName(tokens[c], 'async') && !isPunct(tokens[c + 1], '=>')) c++;
    let param: number;
    let scope: [number, number];
    if (isName(tokens[c], 'function')) {
      let open = c + 1;
      if (isPunct(tokens[open], '*')) open++;
      if (tokens[open]?.type === 'IdentifierName') open++;
      const body = isPunct(tokens[open], '(') ? bodyAfter(Math.min(match[open]!, n)) : -1;
      if (body < 0) return undefined;
      param = open + 1;
      scope = scopeOfBody(body);
      if (!(isPunct(tokens[param + 1], ')') || isPunct(tokens[param + 1], ',') || (isPunct(tokens[param], '{') && (isPunct(tokens[match[param]! + 1], ')') || isPunct(tokens[match[param]! + 1], ','))))) return undefined;
    } else {
      let arrow: number;
      if (tokens[c]?.type === 'IdentifierName' && isPunct(tokens[c + 1], '=>')) {
        param = c;
        arrow = c + 1;
      } else if (isPunct(tokens[c], '(') && isPunct(tokens[Math.min(match[c]!, n) + 1], '=>')) {
        param = c + 1;
        arrow = Math.min(match[c]!, n) + 1;
        const after = isPunct(tokens[param], '{') ? Math.min(match[param]!, n) + 1 : param + 1;
        if (!(isPunct(tokens[after], ')') || isPunct(tokens[after], ','))) return undefined;
      } else return undefined;
      scope = isPunct(tokens[arrow + 1], '{') ? scopeOfBody(arrow + 1) : [arrow, expressionEnd(arrow + 1)];
    }
    return { param, scope };
  }

  /**
   * `createWorker('eng').then((w) => w.recognize(url))`, `fsp.open(p).then(function (fh) { … })`:
   * the callback's parameter is the handle the call returns, bound in the callback's scope like
   * `const w = await createWorker('eng')`. The name at `i` starts the callee (an imported module
   * binding or a global), not preceded by `.`.
   */
  function bindHandleThen(i: number): void {
    let j = i;
    const path: string[] = [];
    while ((isPunct(tokens[j + 1], '.') || isPunct(tokens[j + 1], '?.')) && tokens[j + 2]?.type === 'IdentifierName') {
      path.push(tokens[j + 2]!.name);
      j += 2;
    }
    if (!isPunct(tokens[j + 1], '(')) return;
    const close = match[j + 1];
    if (close === undefined || close <= j + 1 || close >= n || !isPunct(tokens[close + 1], '.') || !isName(tokens[close + 2], 'then') || !isPunct(tokens[close + 3], '(')) return;
    const name = tokens[i]!.name;
    const b = lookup(name, i);
    let source: string;
    let display: string;
    let full: string[];
    if (b?.kind === 'module') {
      source = b.source;
      display = b.display;
      full = [...b.path, ...path];
    } else if (b === undefined && (GLOBAL_ROOTS.has(name) || GLOBAL_NAMESPACES[name] !== undefined || GLOBAL_MEMBERS.has(name))) {
      const normalized = normalizeGlobal([name, ...path]);
      source = normalized.source;
      display = normalized.display;
      full = normalized.path;
    } else return;
    const resolution = resolveReference(source, display, full);
    if (resolution === undefined || resolution === 'ignored' || resolution.pattern.returns === undefined || (resolution.pattern.returnsFor !== undefined && !resolution.pattern.returnsFor.includes(resolution.member ?? ''))) return;
    const callback = thenCallback(close + 4);
    if (callback === undefined || tokens[callback.param]?.type !== 'IdentifierName') return;
    const returns = resolution.pattern.returns;
    bindFromInit(tokens[callback.param]!.name, callback.param, { kind: 'handle', source: returns, display: sourceDisplay(returns), path: [], specifier: '', end: close + 1 }, [], callback.scope);
  }

  /**
   * The specifiers a browserify or Parcel 1 module resolves itself, when the `require` at `i` is
   * the parameter of such a module's wrapper: `[function (require, module, exports) {…}, {"./x": 3}]`.
   * Its relative requires name modules inside the same bundle (already scanned here), not files.
   */
  function bundleMapOf(i: number): Set<string> | undefined {
    const b = lookup(tokens[i]!.name, i);
    if (b?.kind !== 'require' || b.requireVia !== 'parameter') return undefined;
    if (bundleMaps.has(b.declIndex)) return bundleMaps.get(b.declIndex);
    const keys = wrapperMap(b.declIndex);
    bundleMaps.set(b.declIndex, keys);
    return keys;
  }

  /** The map keys of the module wrapper whose parameter `require` is at `param`, if it is one. */
  function wrapperMap(param: number): Set<string> | undefined {
    let open = param - 1;
    while (open >= 0 && !isPunct(tokens[open], '(')) {
      if (!(isPunct(tokens[open], ',') || tokens[open]!.type === 'IdentifierName')) return undefined;
      open--;
    }
    const close = match[open];
    if (close === undefined || close < 0 || !isName(tokens[open - 1], 'function') || !isPunct(tokens[open - 2], '[') || !isPunct(tokens[close + 1], '{')) return undefined;
    const bodyEnd = match[close + 1]!;
    const mapOpen = bodyEnd + 2;
    const mapClose = match[mapOpen];
    const keys = new Set<string>();
    if (isPunct(tokens[bodyEnd + 1], ',') && isPunct(tokens[mapOpen], '{') && mapClose !== undefined && mapClose > mapOpen && isPunct(tokens[mapClose + 1], ']')) {
      const modules = bundleModuleIds();
      for (let k = mapOpen + 1; k < mapClose; k++) {
        const t = tokens[k]!;
        if (isStringToken(t) && isPunct(tokens[k + 1], ':')) {
          const key = cookStringToken(t)?.value;
          // Only a specifier mapped to a module this file holds stays inside: the loader hands an
          // id it does not hold to the outer `require`, which loads it from disk.
          const id = moduleId(k + 2);
          if (key !== undefined && id !== undefined && modules.has(id) && (isPunct(tokens[k + 3], ',') || k + 3 === mapClose)) keys.add(key);
        }
      }
    }
    return keys;
  }

  /** A module id written at `k`: a number or a string literal, as text. */
  function moduleId(k: number): string | undefined {
    const t = tokens[k];
    if (t?.type === 'NumericLiteral') return String(Number(t.value));
    return t !== undefined && isStringToken(t) ? cookStringToken(t)?.value : undefined;
  }

  /** The ids of the module wrappers this file holds (`1: [function (require, …`, `"kWV1": [function (`), found once per file. */
  function bundleModuleIds(): Set<string> {
    if (moduleIds !== undefined) return moduleIds;
    moduleIds = new Set();
    for (let k = 0; k + 4 < n; k++) {
      if (!isPunct(tokens[k + 1], ':') || !isPunct(tokens[k + 2], '[') || !isName(tokens[k + 3], 'function') || !isPunct(tokens[k + 4], '(')) continue;
      const id = moduleId(k);
      if (id !== undefined) moduleIds.add(id);
    }
    return moduleIds;
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
