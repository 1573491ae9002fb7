/**
 * Evaluation of one Python reference chain (`os.path.exists(p)`, `Path(d).write_text(s)`,
 * `__import__('os').system(c)`, `getattr(os, 'sys' + 'tem')`, `globals()['ev' + 'al']`): what
 * each part refers to, as steps the scanner reports, and the value the chain ends in (a module
 * path or a `pathlib.Path`), which assignments bind. Pure over the tokens; names are resolved
 * through the context.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp } from './python-statements.ts';
import { callArguments, foldPython, type PyFoldContext, type PyFolded } from './python-fold.ts';
import { findArgument } from './python-mode.ts';
import { PYTHON_RESULT_OBJECTS } from '../patterns/python-capabilities.ts';

/** What a name means at a position. */
export type NameMeaning = { kind: 'module'; path: readonly string[] } | { kind: 'path' } | { kind: 'local'; classes?: ReadonlyMap<string, string> } | { kind: 'getter'; key: [number, number]; method: boolean; open: number };

/** What the evaluator needs: tokens, folding and name meanings. */
export interface PyChainContext extends PyFoldContext {
  meaning(name: string, at: number): NameMeaning;
  /**
   * At token `at` inside a function (or lambda, comprehension): whether a name of its own scope or
   * of an enclosing function may hold a module (a local `import`, an alias of a module), i.e.
   * whether `locals()` there can reach one. Undefined at module or class level, where `locals()` is that namespace.
   */
  localsMayHoldModule?(at: number): boolean | undefined;
  /** The `(` of class patterns in `case` clauses (`case Popen(args=a):` checks a type, it calls nothing). */
  readonly classPatterns?: ReadonlySet<number>;
  /** The library object type `self.<name>` holds, when every store of it in the file makes that type. */
  selfAttribute?(name: string): readonly string[] | undefined;
}

/**
 * The value a chain (or a part of it) evaluates to: a module path, a `pathlib.Path`, or a getter
 * made by `operator.attrgetter(key)` / `operator.methodcaller(key, …)` (whose `(` is `open`),
 * which reads (and, for a method caller, calls) the member `key` of what it is applied to.
 */
export type ChainValue = { kind: 'module'; path: string[] } | { kind: 'path' } | { kind: 'getter'; key: [number, number]; method: boolean; open: number };

/** A part of a chain the scanner reports. */
export type ChainStep =
  /**
   * A dotted reference `os.path.exists` (`builtins.open` for a free name), at its first token.
   * `shift` leading arguments of the call at `open` are not the callee's (the method name of
   * `operator.methodcaller('open', p, 'w')`). `value` is the token range of a chain that ends
   * in the module path itself, not called (`os` in `helper(os)`, `sys.modules['os']`).
   */
  | { kind: 'ref'; path: string[]; at: number; called: boolean; open: number; shift?: number; value?: [number, number] }
  /** A member of a `pathlib.Path` value (`p.write_text`), at the member token. */
  | { kind: 'path-member'; member: string; at: number; called: boolean; open: number }
  /** `getattr(m, key)`, `m.__dict__[key]`, `globals()[key]`, `__builtins__[key]`, `sys.modules[key]`. */
  | { kind: 'computed'; target: string[]; global: boolean; key: PyFolded | undefined; runtimeKey: boolean; at: number }
  /** `__import__(name)`, `importlib.import_module(name)`. */
  | { kind: 'dynamic-import'; fn: string; name: PyFolded | undefined; at: number; open: number };

/** Result of {@link evaluateChain}. */
export interface Chain {
  value: ChainValue | undefined;
  /** Index after the chain. */
  end: number;
  steps: ChainStep[];
  /** Token ranges consumed as a target of `getattr`/`vars` (not separate uses). */
  skip: Array<[number, number]>;
  /** The last `pathlib.Path` member the chain calls (`iterdir`, `glob`), if it ends in one. */
  pathMember?: string;
}

/** The dictionary `globals()`, `locals()` and `vars()` return. */
export const GLOBALS_DICT = '<globals>';

/** Callables whose result is a `pathlib.Path`. */
const PATH_CONSTRUCTORS = new Set(['pathlib.Path', 'pathlib.PosixPath', 'pathlib.WindowsPath', 'pathlib.Path.home', 'pathlib.Path.cwd', 'pathlib.Path.from_uri', 'anyio.Path', 'trio.Path']);
/** Path methods that return another path (no I/O of their own). */
const PATH_RETURNING = new Set(['resolve', 'absolute', 'expanduser', 'with_name', 'with_suffix', 'with_stem', 'joinpath', 'relative_to', 'with_segments']);
/** Path attributes that are paths. */
const PATH_ATTRIBUTES = new Set(['parent']);
const DYNAMIC_IMPORTS = new Set(['builtins.__import__', 'importlib.import_module', 'importlib.__import__', 'builtins.__loader__.load_module', 'builtins.__spec__.loader.load_module']);
/** Callables whose result is an asyncio event loop (`loop.subprocess_exec(…)` is looked up as `asyncio.AbstractEventLoop.subprocess_exec`). */
const EVENT_LOOPS = new Set(['asyncio.get_event_loop', 'asyncio.get_running_loop', 'asyncio.new_event_loop', 'asyncio.events.get_event_loop', 'asyncio.events.get_running_loop', 'asyncio.events.new_event_loop', 'uvloop.new_event_loop']);
const EVENT_LOOP = ['asyncio', 'AbstractEventLoop'];
/** `operator.attrgetter(key)` and `operator.methodcaller(key, …)`: applied to a module, they reach its member `key`. */
const GETTERS = new Set(['operator.attrgetter', '_operator.attrgetter', 'operator.methodcaller', '_operator.methodcaller']);

/**
 * The dotted meaning of a callee at `at` (`chr` → `builtins.chr`, `b64decode` imported from
 * base64 → `base64.b64decode`), following `.name` members.
 *
 * @param ctx Tokens and name meanings.
 * @param at Index of a name token.
 * @returns The dotted path and the index after it, or undefined for a local name.
 * @example
 * calleePath(ctx, i) // { path: 'base64.b64decode', end: i + 3 } for `base64.b64decode`
 */
export function calleePath(ctx: PyChainContext, at: number): { path: string; end: number } | undefined {
  const { tokens } = ctx;
  const t = tokens[at];
  if (t?.type !== 'name') return undefined;
  const m = ctx.meaning(t.name, at);
  if (m.kind !== 'module') return undefined;
  const path = [...m.path];
  let k = at + 1;
  while (isOp(tokens[k], '.') && tokens[k + 1]?.type === 'name') {
    path.push(tokens[k + 1]!.name);
    k += 2;
  }
  return { path: path.join('.'), end: k };
}

/** Fold exactly the tokens of one argument. */
function foldArgument(ctx: PyChainContext, range: [number, number] | undefined): PyFolded | undefined {
  if (range === undefined) return undefined;
  const folded = foldPython(ctx, range[0]);
  return folded !== undefined && folded.end === range[1] ? folded : undefined;
}

/**
 * Evaluate the chain that starts at `i` (a name, or a parenthesized group).
 *
 * @param ctx Tokens and name meanings.
 * @param i Index of the first token.
 * @returns Steps to report, the final value and where the chain ends.
 * @example
 * evaluateChain(ctx, i).steps // [{ kind: 'ref', path: ['os', 'system'], called: true, ... }]
 */
export function evaluateChain(ctx: PyChainContext, i: number): Chain {
  // Nesting deeper than CPython's own parser accepts (`getattr(getattr(…` 200 deep) is not followed.
  if (chainDepth >= MAX_CHAIN_DEPTH) return { value: undefined, end: i + 1, steps: [], skip: [] };
  chainDepth++;
  try {
    return evaluateChainAt(ctx, i);
  } finally {
    chainDepth--;
  }
}

const MAX_CHAIN_DEPTH = 200;
/** How deep the current evaluation is (synchronous: one counter for the module). */
let chainDepth = 0;

function evaluateChainAt(ctx: PyChainContext, i: number): Chain {
  const { tokens, match } = ctx;
  const steps: ChainStep[] = [];
  const skip: Array<[number, number]> = [];
  const t = tokens[i]!;
  let value: ChainValue | undefined;
  let k: number;
  let refAt = i;
  let typedSelf = false;
  if (t.type === 'name') {
    const m = ctx.meaning(t.name, i);
    // `self._client.open_sftp()`: an attribute the file stores a library object in is that object.
    const held = m.kind === 'local' && t.name === 'self' && isOp(tokens[i + 1], '.') && tokens[i + 2]?.type === 'name' ? ctx.selfAttribute?.(tokens[i + 2]!.name) : undefined;
    if (held !== undefined) {
      value = { kind: 'module', path: [...held] };
      k = i + 3;
      refAt = i + 2;
      typedSelf = true;
    } else if (m.kind === 'local' && m.classes !== undefined) {
      // `pkg.data.Digits(…)`, `d.Digits(…)`: a local module's class that keeps a library constructor.
      let j = i;
      let dotted = '';
      let kept: string | undefined;
      while (kept === undefined && isOp(tokens[j + 1], '.') && tokens[j + 2]?.type === 'name') {
        dotted = dotted === '' ? tokens[j + 2]!.name : `${dotted}.${tokens[j + 2]!.name}`;
        j += 2;
        kept = m.classes.get(dotted);
      }
      if (kept === undefined) return { value: undefined, end: i + 1, steps, skip };
      value = { kind: 'module', path: kept.split('.') };
      k = j + 1;
      refAt = j;
    } else {
      if (m.kind === 'local') return { value: undefined, end: i + 1, steps, skip };
      value = m.kind === 'path' ? { kind: 'path' } : m.kind === 'getter' ? { ...m } : { kind: 'module', path: [...m.path] };
      k = i + 1;
    }
  } else if (isOp(t, '(') && t.synthetic !== true && match[i]! > i) {
    // `(base / 'x').write_text(s)`, `(os.system)(c)`: the group's own tokens are walked on their own.
    const close = match[i]!;
    const inner = evaluateChain(ctx, i + 1);
    const covers = inner.value !== undefined && (inner.end === close || (inner.value.kind === 'path' && isOp(tokens[inner.end], '/')));
    if (!covers || close + 1 >= tokens.length || !(isOp(tokens[close + 1], '.') || isOp(tokens[close + 1], '('))) return { value: undefined, end: close + 1, steps, skip };
    value = inner.value;
    k = close + 1;
    refAt = k + 1;
  } else return { value: undefined, end: i + 1, steps, skip };
  // The attribute itself is no reference (its type's members are, from the next one on).
  let pending = value?.kind === 'module' && t.type === 'name' && !typedSelf;
  const emit = (called: boolean, open: number, end?: number): void => {
    if (value?.kind === 'module' && pending) steps.push({ kind: 'ref', path: [...value.path], at: refAt, called, open, ...(end === undefined ? {} : { value: [i, end] as [number, number] }) });
    pending = false;
  };
  while (value !== undefined) {
    const next = tokens[k];
    if (value.kind === 'getter') {
      // `operator.attrgetter('system')(os)`, `operator.methodcaller('system', c)(os)`; a getter
      // not applied here is the chain's value (`g = operator.attrgetter('system')`, applied later).
      if (!isOp(next, '(') || match[k]! <= k) break;
      value = applyGetter(ctx, value, k, refAt, steps, skip);
      k = match[k]! + 1;
      pending = value?.kind === 'module';
      continue;
    }
    // `sys.modules.get('subprocess')`, `vars(builtins).get('exec')`: a namespace lookup like `[…]`.
    if (value.kind === 'module' && isOp(next, '.') && tokens[k + 1]?.name === 'get' && isOp(tokens[k + 2], '(') && match[k + 2]! > k + 2) {
      const computed = computedAccess(ctx, value.path, k + 2, refAt);
      if (computed !== undefined) {
        pending = false;
        if (computed.step !== undefined) steps.push(computed.step);
        value = computed.value;
        k = match[k + 2]! + 1;
        if (value !== undefined) {
          pending = true;
          refAt = k < tokens.length && isOp(tokens[k], '.') ? k + 1 : refAt;
        }
        continue;
      }
    }
    if (isOp(next, '.') && tokens[k + 1]?.type === 'name') {
      const member = tokens[k + 1]!.name;
      if (value.kind === 'module') {
        if (!pending) refAt = k + 1;
        value.path.push(member);
        pending = true;
        k += 2;
        continue;
      }
      const called = isOp(tokens[k + 2], '(') && match[k + 2]! > k + 2;
      if (!called && PATH_ATTRIBUTES.has(member)) {
        k += 2;
        continue;
      }
      if (called && PATH_RETURNING.has(member)) {
        k = match[k + 2]! + 1;
        continue;
      }
      steps.push({ kind: 'path-member', member, at: k + 1, called, open: called ? k + 2 : -1 });
      return { value: undefined, end: called ? match[k + 2]! + 1 : k + 2, steps, skip, pathMember: member };
    }
    if (value.kind === 'path') break;
    if (ctx.classPatterns?.has(k) === true) break;
    if (isOp(next, '(') && match[k]! > k) {
      emit(true, k);
      const dotted = value.path.join('.');
      const close = match[k]!;
      value = callResult(ctx, dotted, k, refAt, steps, skip);
      k = close + 1;
      // `getattr(os, 'system')(c)`, `__import__('os').system(c)`: the module reached is reported at the call.
      pending = value?.kind === 'module';
      continue;
    }
    if (isOp(next, '[') && match[k]! > k) {
      const computed = computedAccess(ctx, value.path, k, refAt);
      if (computed === undefined) break;
      pending = false;
      if (computed.step !== undefined) steps.push(computed.step);
      value = computed.value;
      k = match[k]! + 1;
      if (value !== undefined) {
        pending = true;
        refAt = k < tokens.length && isOp(tokens[k], '.') ? k + 1 : refAt;
      }
      continue;
    }
    break;
  }
  emit(false, -1, k);
  return { value, end: k, steps, skip };
}

/** The value a call returns, for the calls whose result the scanner follows. */
function callResult(ctx: PyChainContext, dotted: string, open: number, at: number, steps: ChainStep[], skip: Array<[number, number]>): ChainValue | undefined {
  const { tokens, match } = ctx;
  if (PATH_CONSTRUCTORS.has(dotted)) return { kind: 'path' };
  if (EVENT_LOOPS.has(dotted)) return { kind: 'module', path: [...EVENT_LOOP] };
  const object = PYTHON_RESULT_OBJECTS.get(dotted);
  if (object !== undefined) return { kind: 'module', path: object.split('.') };
  const args = callArguments(tokens, match, open);
  if (GETTERS.has(dotted)) {
    // attrgetter with several names returns a tuple: not followed.
    const method = dotted.endsWith('methodcaller');
    return args[0] !== undefined && (method || args.length === 1) ? { kind: 'getter', key: args[0], method, open } : undefined;
  }
  // `type(os)` is the module type, whose `__getattribute__(os, key)` is `getattr(os, key)`; a
  // free or unbound name (`builtins.x`, a built-in or a variable bound only in a branch) is no module.
  if (dotted === 'builtins.type' && args.length === 1) {
    const target = moduleTarget(ctx, args[0]!);
    return target !== undefined && !(target.length === 2 && target[0] === 'builtins') ? { kind: 'module', path: ['types', 'ModuleType'] } : undefined;
  }
  if (DYNAMIC_IMPORTS.has(dotted)) {
    // `import_module('os')`, also `import_module(name='os')`.
    const range = findArgument(ctx, open, { index: 0, keyword: 'name' });
    const name = foldArgument(ctx, range === 'unknown' ? undefined : range);
    steps.push({ kind: 'dynamic-import', fn: dotted, name, at, open });
    if (name === undefined || name.value.startsWith('.')) return undefined;
    // `__import__('os.path')` returns the top package unless a fromlist is given.
    const path = name.value.split('.');
    return { kind: 'module', path: dotted === 'builtins.__import__' && args.length < 2 ? path.slice(0, 1) : path };
  }
  if (dotted === 'builtins.globals') return { kind: 'module', path: [GLOBALS_DICT] };
  if (dotted === 'builtins.locals' || (dotted === 'builtins.vars' && args.length === 0)) {
    // A function's own namespace (gitpython's `loc = locals()` … `loc[attr]`) holds its local
    // variables: a key computed at run time reaches a module only if one of them is a module.
    return ctx.localsMayHoldModule?.(at) === false ? undefined : { kind: 'module', path: [GLOBALS_DICT] };
  }
  // `os.__getattribute__('system')` is `getattr(os, 'system')`; with two arguments the method is
  // unbound and its first argument the target: `object.__getattribute__(os, 'system')`,
  // `type(os).__getattribute__(os, 'system')`.
  const bound = dotted.endsWith(GETATTRIBUTE) ? dotted.slice(0, -GETATTRIBUTE.length) : undefined;
  if (bound !== undefined && args.length < 2) return member(ctx, bound.split('.'), args[0], at, steps);
  if (dotted === 'builtins.vars' || dotted === 'builtins.getattr' || bound !== undefined) {
    const first = args[0];
    const target = first === undefined ? undefined : moduleTarget(ctx, first, steps, skip);
    if (target === undefined) return undefined;
    if (dotted === 'builtins.vars') return { kind: 'module', path: [...target, '__dict__'] };
    return member(ctx, target, args[1], at, steps);
  }
  return undefined;
}

/**
 * The module the argument `range` evaluates to exactly (`os`, `__import__('os')`), or undefined.
 * With `steps`, the argument is the target of an access: its tokens are not walked again, so
 * what it does (`__import__('requests')`) is reported here, but not the module itself, whose
 * member is the use.
 */
function moduleTarget(ctx: PyChainContext, range: [number, number], steps?: ChainStep[], skip?: Array<[number, number]>): string[] | undefined {
  const target = evaluateChain(ctx, range[0]);
  if (target.value?.kind !== 'module' || target.end !== range[1]) return undefined;
  if (steps !== undefined && skip !== undefined) {
    skip.push(range, ...target.skip);
    const last = target.steps[target.steps.length - 1];
    steps.push(...(last?.kind === 'ref' && !last.called ? target.steps.slice(0, -1) : target.steps));
  }
  return target.value.path;
}

/** A getter applied to the call at `open`: the member it reads (attrgetter), or the call it makes (methodcaller). */
function applyGetter(ctx: PyChainContext, getter: Extract<ChainValue, { kind: 'getter' }>, open: number, at: number, steps: ChainStep[], skip: Array<[number, number]>): ChainValue | undefined {
  const args = callArguments(ctx.tokens, ctx.match, open);
  const target = args.length === 1 ? moduleTarget(ctx, args[0]!, steps, skip) : undefined;
  if (target === undefined) return undefined;
  const reached = member(ctx, target, getter.key, at, steps);
  if (reached?.kind !== 'module') return undefined;
  // attrgetter('path.exists') follows dotted names.
  const path = reached.path.flatMap((segment) => segment.split('.'));
  if (!getter.method) return { kind: 'module', path };
  // methodcaller('system', c)(os) calls os.system(c): its arguments after the name are the call's.
  steps.push({ kind: 'ref', path, at, called: true, open: getter.open, shift: 1 });
  return undefined;
}

const GETATTRIBUTE = '.__getattribute__';

/** The member of `base` named by the key argument `range` (`getattr(base, key)`), as a computed step. */
function member(ctx: PyChainContext, base: string[], range: [number, number] | undefined, at: number, steps: ChainStep[]): ChainValue | undefined {
  const key = foldArgument(ctx, range);
  const global = base.length === 1 && (base[0] === 'builtins' || base[0] === GLOBALS_DICT);
  steps.push({ kind: 'computed', target: base, global, key, runtimeKey: key === undefined && range !== undefined, at });
  return key === undefined ? undefined : { kind: 'module', path: keyed(ctx, base, key.value, at) };
}

/** The module path reached by `key` on `base` (`globals()['os']` is whatever `os` means there). */
function keyed(ctx: PyChainContext, base: readonly string[], key: string, at: number): string[] {
  if (base.length === 1 && base[0] === GLOBALS_DICT) {
    if (key === '__builtins__') return ['builtins'];
    const m = ctx.meaning(key, at);
    return m.kind === 'module' ? [...m.path] : [GLOBALS_DICT, key];
  }
  if (base.length === 2 && base[0] === 'sys' && base[1] === 'modules') return key.split('.');
  return [...base, key];
}

/** Whether the statement of token `at` starts with `del` (walking back over its own line). */
function precededByDel(tokens: readonly PyToken[], at: number): boolean {
  for (let k = at - 1; k >= 0 && k >= at - 64; k--) {
    const t = tokens[k]!;
    if (t.type === 'newline' || (t.type === 'op' && t.value === ';')) return false;
    if (t.type === 'name' && t.name === 'del') return true;
  }
  return false;
}

/** `x[key]` on a module value: a computed access when `x` is a namespace (else the chain stops). */
function computedAccess(ctx: PyChainContext, path: readonly string[], open: number, at: number): { step?: ChainStep; value: ChainValue | undefined } | undefined {
  const { tokens, match } = ctx;
  const last = path[path.length - 1];
  const dict = last === '__dict__';
  const base = dict ? path.slice(0, -1) : path;
  const modules = path.length === 2 && path[0] === 'sys' && path[1] === 'modules';
  const namespace = dict || (path.length === 1 && (path[0] === 'builtins' || path[0] === GLOBALS_DICT)) || modules;
  if (!namespace || base.length === 0) return undefined;
  const close = match[open]!;
  // `[key]`, or `.get(key, default)`: the key is the first argument.
  const range: [number, number] = isOp(tokens[open], '(') ? (callArguments(tokens, match, open)[0] ?? [open + 1, close]) : [open + 1, close];
  // `sys.modules[__name__]`: the module itself, whose attributes are its globals (no evasion of its own).
  if (range[1] === range[0] + 1 && tokens[range[0]]?.name === '__name__') return modules && !isOp(tokens[close + 1], '=') ? { value: { kind: 'module', path: [GLOBALS_DICT] } } : undefined;
  // `globals()[name] = value`, `del globals()[name]`: a store or a delete reaches nothing.
  const after = tokens[close + 1];
  if ((after?.type === 'op' && (after.value === '=' || /^[-+*/%&|^@]=$|^(?:\*\*|\/\/|<<|>>)=$/.test(after.value))) || precededByDel(tokens, at)) return undefined;
  const key = foldArgument(ctx, range);
  const global = base.length === 1 && (base[0] === 'builtins' || base[0] === GLOBALS_DICT);
  const step: ChainStep = { kind: 'computed', target: [...base], global, key, runtimeKey: key === undefined, at };
  return { step, value: key === undefined ? undefined : { kind: 'module', path: keyed(ctx, base, key.value, at) } };
}
