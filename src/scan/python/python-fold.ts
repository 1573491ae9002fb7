/**
 * Constant folding of Python string expressions, so a name spelled at run time is still read:
 * literals (adjacent ones concatenated), `+`, named constants, `chr(101)`, `'sep'.join([...])`
 * (also over `chr(c) for c in [...]` and `map(chr, [...])`), `bytes([...]).decode()`,
 * `bytes.fromhex(...)`, the base64 and hex decoders of `base64`, `binascii` and `codecs`,
 * `codecs.decode(s, 'rot13')`, `s[::-1]` and other indexes and slices with integer literals
 * (`s[2:]`, `s[-1]`), `s.replace(a, b)`, `'{}'.format(…)` or `'%s' % …` of constants
 * (plain fields and `%s` only), and f-strings whose fields fold (`f"sys{chr(116)}em"`, fields
 * without conversion or format spec). `how` lists the tricks used.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord } from './python-statements.ts';
import { decodeBase64Bytes, decodeHexBytes, printableText } from '../literal-heuristics.ts';

/** A folded string. */
export interface PyFolded {
  value: string;
  /** Index after the folded expression. */
  end: number;
  /** Tricks used: `concatenation`, `constant`, `char-codes`, `join`, `base64`, `hex`, `rot13`, `reverse`, `slice`, `replace`, `format`, `f-string`, `escapes`. */
  how: string[];
  /** Character codes decoded (for the char-code heuristic's confidence). */
  codes: number;
}

/** What the folder needs from the scanner. */
export interface PyFoldContext {
  tokens: readonly PyToken[];
  match: Int32Array;
  /** The value (and how it was built) of a name bound once in the file to a constant string. */
  constant(name: string, at: number): { value: string; how: string[] } | undefined;
  /** The dotted meaning of a callee starting at `at` (`builtins.chr`, `base64.b64decode`) and where it ends. */
  callee(at: number): { path: string; end: number } | undefined;
}

/** Decoders of a string or bytes argument, by dotted path, to the encoding they undo. */
export const PYTHON_DECODERS: Readonly<Record<string, 'base64' | 'hex' | 'codec'>> = {
  'base64.b64decode': 'base64', 'base64.standard_b64decode': 'base64', 'base64.urlsafe_b64decode': 'base64', 'base64.decodebytes': 'base64',
  'base64.b16decode': 'hex', 'binascii.a2b_base64': 'base64', 'binascii.unhexlify': 'hex', 'binascii.a2b_hex': 'hex',
  'builtins.bytes.fromhex': 'hex', 'builtins.bytearray.fromhex': 'hex', 'codecs.decode': 'codec', 'codecs.encode': 'codec',
};

const merge = (...lists: string[][]): string[] => [...new Set(lists.flat())];

/**
 * Longest string a fold builds. Constants built from constants (`c2 = c1 + c1`), `replace` and
 * `join` can double a string at each step: past this length the expression is not constant, so
 * a few hundred lines never build a string of gigabytes.
 */
const MAX_FOLDED_LENGTH = 1 << 20;

/**
 * Undo an encoding of a literal.
 *
 * @param kind `base64`, `hex` or a codec name (`rot13`, `rot_13`, `hex`, `base64`).
 * @param data The literal text.
 * @returns The decoded bytes (rot13: the text's code units), or undefined when it does not decode.
 * @example
 * decodePythonLiteral('hex', '6576616c') // Uint8Array [101, 118, 97, 108]
 */
export function decodePythonLiteral(kind: string, data: string): Uint8Array | undefined {
  const k = kind.toLowerCase().replace(/-/g, '_');
  if (k === 'rot13' || k === 'rot_13') {
    const rotated = data.replace(/[a-z]/gi, (c) => {
      const base = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
    });
    return new TextEncoder().encode(rotated);
  }
  if (k === 'hex' || k === 'hex_codec') return decodeHexBytes(data.replace(/\s+/g, ''));
  if (k === 'base64' || k === 'base64_codec') return decodeBase64Bytes(data.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/'));
  return undefined;
}

/**
 * Fold the expression at `start` to a string.
 *
 * @param ctx Tokens, constants and callee resolution.
 * @param start Index of the first token.
 * @returns The value, where it ends and how it was built; undefined when it is not constant.
 * @example
 * foldPython(ctx, i) // { value: 'system', how: ['concatenation'], ... } for 'sys' + 'tem'
 */
export function foldPython(ctx: PyFoldContext, start: number): PyFolded | undefined {
  // Nesting deeper than CPython's own parser accepts (about 200 parentheses) is not folded.
  if (foldDepth >= MAX_FOLD_DEPTH) return undefined;
  foldDepth++;
  try {
    let left = term(ctx, start);
    while (left !== undefined && isOp(ctx.tokens[left.end], '+')) {
      const right = term(ctx, left.end + 1);
      if (right === undefined || left.value.length + right.value.length > MAX_FOLDED_LENGTH) return undefined;
      left = { value: left.value + right.value, end: right.end, how: merge(left.how, right.how, ['concatenation']), codes: left.codes + right.codes };
    }
    return left;
  } finally {
    foldDepth--;
  }
}

const MAX_FOLD_DEPTH = 200;
/** How deep the current fold is (folding is synchronous: one counter for the module). */
let foldDepth = 0;

function term(ctx: PyFoldContext, start: number): PyFolded | undefined {
  let base = postfixed(ctx, start);
  // 'sys%s' % 'tem', '%s%s' % ('o', 's'): only %s and %% are read.
  while (base !== undefined && isOp(ctx.tokens[base.end], '%')) {
    const open = base.end + 1;
    const tuple = isOp(ctx.tokens[open], '(') && ctx.match[open]! > open ? callArguments(ctx.tokens, ctx.match, open).map((r) => foldExactly(ctx, r)) : undefined;
    const single = tuple === undefined || tuple.length === 1 ? postfixed(ctx, open) : undefined;
    const items = single !== undefined ? [single] : tuple;
    if (items === undefined || items.some((x) => x === undefined)) return undefined;
    const values = items as PyFolded[];
    if (values.reduce((length, v) => length + v.value.length, base.value.length) > MAX_FOLDED_LENGTH) return undefined;
    let n = 0;
    const value = base.value.replace(/%(.)/gs, (all, c: string) => (c === '%' ? '%' : c === 's' && n < values.length ? values[n++]!.value : '\0'));
    if (value.includes('\0') || n !== values.length) return undefined;
    const end = single !== undefined ? single.end : ctx.match[open]! + 1;
    base = { value, end, how: merge(base.how, ...values.map((v) => v.how), ['format']), codes: values.reduce((c, v) => c + v.codes, base.codes) };
  }
  return base;
}

function postfixed(ctx: PyFoldContext, start: number): PyFolded | undefined {
  let base = atom(ctx, start);
  while (base !== undefined) {
    const next = postfix(ctx, base);
    if (next === undefined) break;
    base = next;
  }
  return base;
}

/** `'{}{}'.format('o', 's')`, `'{0}{name}'.format(x, name=y)`: fields without conversions or specs. */
function format(ctx: PyFoldContext, base: PyFolded, args: Array<[number, number]>, end: number): PyFolded | undefined {
  const { tokens } = ctx;
  const positional: PyFolded[] = [];
  const named = new Map<string, PyFolded>();
  for (const [a, b] of args) {
    const keyword = tokens[a]!.type === 'name' && isOp(tokens[a + 1], '=');
    const item = foldExactly(ctx, keyword ? [a + 2, b] : [a, b]);
    if (item === undefined) return undefined;
    if (keyword) named.set(tokens[a]!.name, item);
    else positional.push(item);
  }
  let next = 0;
  let failed = false;
  let length = base.value.length;
  const value = base.value.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (all, field: string | undefined) => {
    if (field === undefined) return all[0]!; // `{{` is `{`, `}}` is `}`
    const item = field === '' ? positional[next++] : /^\d+$/.test(field) ? positional[Number(field)] : named.get(field);
    length += item?.value.length ?? 0;
    if (item === undefined || length > MAX_FOLDED_LENGTH) failed = true;
    return failed ? '' : item!.value;
  });
  // A brace that is neither doubled nor a field is an error in Python.
  if (failed || /[{}]/.test(base.value.replace(/\{\{|\}\}|\{[^{}]*\}/g, ''))) return undefined;
  const items = [...positional, ...named.values()];
  return { value, end, how: merge(base.how, ...items.map((v) => v.how), ['format']), codes: items.reduce((c, v) => c + v.codes, base.codes) };
}

function atom(ctx: PyFoldContext, i: number): PyFolded | undefined {
  const { tokens, match } = ctx;
  const t = tokens[i];
  if (t === undefined) return undefined;
  if (t.type === 'string') {
    let value = '';
    let k = i;
    let how: string[] = [];
    let codes = 0;
    let pieces = 0;
    while (tokens[k]?.type === 'string') {
      const s = tokens[k]!;
      pieces++;
      if (s.escaped === true) how = merge(how, ['escapes']);
      if (s.cooked !== undefined) {
        value += s.cooked;
        k++;
        continue;
      }
      // f"sys{chr(116)}em": literal parts with the folded fields between them.
      if (s.parts === undefined) return undefined;
      value += s.parts[0]!;
      k++;
      for (const part of s.parts.slice(1)) {
        const open = tokens[k];
        const close = match[k]!;
        if (open?.synthetic !== true || close <= k) return undefined;
        const field = foldPython(ctx, k + 1);
        if (field === undefined || field.end !== close || value.length + field.value.length + part.length > MAX_FOLDED_LENGTH) return undefined;
        value += field.value + part;
        how = merge(how, field.how);
        codes += field.codes;
        k = close + 1;
      }
      if (s.parts.length > 1) how = merge(how, ['f-string']);
    }
    return { value, end: k, how: pieces > 1 ? merge(how, ['concatenation']) : how, codes };
  }
  if (isOp(t, '(') && t.synthetic !== true) {
    const inner = foldPython(ctx, i + 1);
    return inner !== undefined && inner.end === match[i] ? { ...inner, end: inner.end + 1 } : undefined;
  }
  if (t.type !== 'name') return undefined;
  const callee = ctx.callee(i);
  if (callee !== undefined && isOp(tokens[callee.end], '(')) return call(ctx, callee.path, callee.end);
  const constant = isOp(tokens[i + 1], '(') ? undefined : ctx.constant(t.name, i);
  return constant === undefined ? undefined : { value: constant.value, end: i + 1, how: merge(constant.how, ['constant']), codes: 0 };
}

/** The arguments of the call whose `(` is at `open`: `[start, end)` of each. */
export function callArguments(tokens: readonly PyToken[], match: Int32Array, open: number): Array<[number, number]> {
  const close = match[open]!;
  const out: Array<[number, number]> = [];
  if (close < 0 || close === open + 1) return out;
  let from = open + 1;
  for (let k = open + 1; k < close; k++) {
    const m = match[k]!;
    if (m > k) k = m;
    else if (isOp(tokens[k], ',')) {
      out.push([from, k]);
      from = k + 1;
    }
  }
  if (from < close) out.push([from, close]);
  return out;
}

/** Fold exactly the tokens `[from, to)`. */
function foldExactly(ctx: PyFoldContext, range: [number, number] | undefined): PyFolded | undefined {
  if (range === undefined) return undefined;
  const folded = foldPython(ctx, range[0]);
  return folded !== undefined && folded.end === range[1] ? folded : undefined;
}

/** A list of integer literals `[1, 2]` / `(1, 2)` at `open`. */
function intList(ctx: PyFoldContext, open: number): number[] | undefined {
  const { tokens, match } = ctx;
  if (!(isOp(tokens[open], '[') || isOp(tokens[open], '('))) return undefined;
  const codes: number[] = [];
  for (const [a, b] of callArguments(tokens, match, open)) {
    if (b !== a + 1 || tokens[a]!.type !== 'number') return undefined;
    const n = Number(tokens[a]!.value.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 0 || n > 0x10ffff) return undefined;
    codes.push(n);
  }
  return codes;
}

function call(ctx: PyFoldContext, path: string, open: number): PyFolded | undefined {
  const { tokens, match } = ctx;
  const close = match[open]!;
  if (close < 0) return undefined;
  const args = callArguments(tokens, match, open);
  if (path === 'builtins.chr') {
    const arg = args.length === 1 && args[0]![1] === args[0]![0] + 1 ? tokens[args[0]![0]] : undefined;
    const n = arg?.type === 'number' ? Number(arg.value.replace(/_/g, '')) : Number.NaN;
    return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? { value: String.fromCodePoint(n), end: close + 1, how: ['char-codes'], codes: 1 } : undefined;
  }
  if (path === 'builtins.bytes' || path === 'builtins.bytearray') {
    const codes = args.length === 1 ? intList(ctx, args[0]![0]) : undefined;
    if (codes === undefined || match[args[0]![0]] !== args[0]![1] - 1 || codes.some((c) => c > 255)) return undefined;
    return { value: String.fromCharCode(...codes), end: close + 1, how: ['char-codes'], codes: codes.length };
  }
  const kind = PYTHON_DECODERS[path];
  if (kind === undefined) return undefined;
  const data = foldExactly(ctx, args[0]);
  if (data === undefined) return undefined;
  let codec: string = kind;
  if (kind === 'codec') {
    const encoding = foldExactly(ctx, args[1]);
    if (encoding === undefined) return undefined;
    codec = encoding.value;
  }
  const bytes = decodePythonLiteral(codec, data.value);
  const text = bytes === undefined ? undefined : printableText(bytes);
  if (text === undefined) return undefined;
  const label = /rot/i.test(codec) ? 'rot13' : /hex/i.test(codec) ? 'hex' : 'base64';
  return { value: text, end: close + 1, how: merge(data.how, [label]), codes: 0 };
}

/** An integer literal, optionally negative, at `k`: its value and the index after it. */
function intAt(tokens: readonly PyToken[], k: number): { n: number; end: number } | undefined {
  const minus = isOp(tokens[k], '-');
  const t = tokens[minus ? k + 1 : k];
  if (t?.type !== 'number' || !/^\d[\d_]*$/.test(t.value)) return undefined;
  const n = Number(t.value.replace(/_/g, ''));
  return { n: minus ? -n : n, end: minus ? k + 2 : k + 1 };
}

/**
 * `s[i]`, `s[a:b]`, `s[a:b:step]` with integer literals, as Python indexes and slices a string
 * (by code point, negative indices from the end).
 */
function subscript(tokens: readonly PyToken[], open: number, close: number, value: string): { value: string; reversed: boolean } | undefined {
  const parts: Array<number | undefined> = [];
  let k = open + 1;
  for (;;) {
    const n = intAt(tokens, k);
    parts.push(n?.n);
    if (n !== undefined) k = n.end;
    if (k === close) break;
    if (!isOp(tokens[k], ':') || parts.length === 3) return undefined;
    k++;
  }
  const chars = [...value];
  const length = chars.length;
  if (parts.length === 1) {
    const i = parts[0];
    if (i === undefined) return undefined;
    const at = i < 0 ? i + length : i;
    return at >= 0 && at < length ? { value: chars[at]!, reversed: false } : undefined;
  }
  const step = parts[2] ?? 1;
  if (step === 0) return undefined;
  const bound = (i: number | undefined, fallback: number): number => {
    if (i === undefined) return fallback;
    const at = i < 0 ? i + length : i;
    return step > 0 ? Math.min(Math.max(at, 0), length) : Math.min(Math.max(at, -1), length - 1);
  };
  const start = bound(parts[0], step > 0 ? 0 : length - 1);
  const stop = bound(parts[1], step > 0 ? length : -1);
  const out: string[] = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) out.push(chars[i]!);
  return { value: out.join(''), reversed: step < 0 };
}

function postfix(ctx: PyFoldContext, base: PyFolded): PyFolded | undefined {
  const { tokens, match } = ctx;
  const k = base.end;
  // s[::-1], s[2:], s[-3]
  if (isOp(tokens[k], '[') && match[k]! > k) {
    const sliced = subscript(tokens, k, match[k]!, base.value);
    if (sliced === undefined) return undefined;
    return { ...base, value: sliced.value, end: match[k]! + 1, how: merge(base.how, [sliced.reversed ? 'reverse' : 'slice']) };
  }
  if (!isOp(tokens[k], '.') || tokens[k + 1]?.type !== 'name' || !isOp(tokens[k + 2], '(')) return undefined;
  const method = tokens[k + 1]!.name;
  const open = k + 2;
  const close = match[open]!;
  if (close < 0) return undefined;
  const args = callArguments(tokens, match, open);
  if (method === 'decode' || method === 'encode') return { ...base, end: close + 1 };
  if (method === 'format') return format(ctx, base, args, close + 1);
  if (method === 'replace' && args.length === 2) {
    const from = foldExactly(ctx, args[0]);
    const to = foldExactly(ctx, args[1]);
    if (from === undefined || to === undefined || from.value === '') return undefined;
    const parts = base.value.split(from.value);
    if (base.value.length + (parts.length - 1) * (to.value.length - from.value.length) > MAX_FOLDED_LENGTH) return undefined;
    return { ...base, value: parts.join(to.value), end: close + 1, how: merge(base.how, from.how, to.how, ['replace']) };
  }
  if (method === 'join' && args.length === 1) {
    const items = joinItems(ctx, args[0]!);
    if (items === undefined || items.values.reduce((n, v) => n + v.length, 0) + base.value.length * Math.max(items.values.length - 1, 0) > MAX_FOLDED_LENGTH) return undefined;
    return { value: items.values.join(base.value), end: close + 1, how: merge(base.how, items.how, ['join']), codes: base.codes + items.codes };
  }
  return undefined;
}

/** What `''.join(...)` joins: a list or tuple of foldable items, `chr(c) for c in [...]`, `map(chr, [...])`. */
function joinItems(ctx: PyFoldContext, [from, to]: [number, number]): { values: string[]; how: string[]; codes: number } | undefined {
  const { tokens, match } = ctx;
  const t = tokens[from]!;
  // map(chr, [101, 118])
  const callee = t.type === 'name' ? ctx.callee(from) : undefined;
  if (callee?.path === 'builtins.map' && isOp(tokens[callee.end], '(')) {
    const args = callArguments(tokens, match, callee.end);
    if (args.length !== 2 || ctx.callee(args[0]![0])?.path !== 'builtins.chr' || args[0]![1] !== args[0]![0] + 1) return undefined;
    const codes = intList(ctx, args[1]![0]);
    return codes === undefined ? undefined : { values: codes.map((c) => String.fromCodePoint(c)), how: ['char-codes'], codes: codes.length };
  }
  // chr(c) for c in [101, 118] (also parenthesized)
  const gen = isOp(t, '(') && match[from] === to - 1 ? from + 1 : from;
  if (ctx.callee(gen)?.path === 'builtins.chr') {
    const open = gen + 1;
    const variable = tokens[open + 1];
    const close = match[open]!;
    if (variable?.type === 'name' && close === open + 2 && isWord(tokens[close + 1], 'for') && isWord(tokens[close + 2], variable.name) && isWord(tokens[close + 3], 'in')) {
      const codes = intList(ctx, close + 4);
      if (codes !== undefined) return { values: codes.map((c) => String.fromCodePoint(c)), how: ['char-codes'], codes: codes.length };
    }
  }
  if (!(isOp(t, '[') || isOp(t, '(')) || match[from] !== to - 1) return undefined;
  const values: string[] = [];
  let how: string[] = [];
  let codes = 0;
  for (const range of callArguments(tokens, match, from)) {
    const item = foldExactly(ctx, range);
    if (item === undefined) return undefined;
    values.push(item.value);
    how = merge(how, item.how);
    codes += item.codes;
  }
  return { values, how, codes };
}
