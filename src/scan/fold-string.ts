/**
 * Constant folding of string expressions over tokens: literals, `+` concatenation, templates
 * whose substitutions fold (also `String.raw`), named constants and the members of constant objects,
 * arrays and enums (`M.cp`, `mods[1]`), `String.fromCharCode(...)`, `atob('...')`,
 * `Buffer.from('...', 'base64'|'hex').toString()`, `Buffer.from([99, …]).toString()` (also without `.toString()`
 * where `+`, a template, `join` or `String()` converts the Buffer), `String(...)`, `decodeURIComponent('...')`,
 * `[...].join('')` (`...'str'` spreads its characters), `'...'.split('').reverse().join('')` and
 * string methods with constant arguments (`toLowerCase`, `concat`, `replace`, `trim`, `slice`, …). The scanner folds module specifiers
 * and computed keys with it, so a name assembled at run time is still recognized, and the `how`
 * list says which tricks were used (an empty list means a plain literal).
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import { cookStringToken } from './cook-string.ts';
import { decodeBase64Bytes, decodeHexBytes, printableText } from './literal-heuristics.ts';
import { isName, isPunct, isStringToken } from './token-helpers.ts';

/** A folded string expression. */
export interface Folded {
  value: string;
  /** Index of the first token after the expression. */
  end: number;
  /** Tricks used: `escapes`, `concatenation`, `template`, `constant`, `char-codes`, `base64`, `hex`, `uri-decoding`, `join`, `reverse`, `string-methods`. */
  how: string[];
}

/** A named string constant (`const MOD = 'fs'`). */
export interface FoldedConstant {
  value: string;
  how: string[];
}

/** What folding needs from the file. */
export interface FoldContext {
  tokens: readonly Token[];
  match: Int32Array;
  /** Look up a string constant visible at token `at`. */
  constant(name: string, at: number): FoldedConstant | undefined;
  /**
   * Look up the string held by member `key` of a constant object, array or enum visible at token
   * `at` (`M.cp` of `const M = { cp: 'child_process' }`, `mods[1]` of `const mods = ['fs', 'os']`).
   */
  member?(name: string, key: string, at: number): FoldedConstant | undefined;
}

/** A folded term whose value is a Buffer: its text only where `+`, a template, `join` or `String()` converts it. */
interface Term extends Folded {
  buffer?: true;
}

const MAX_LENGTH = 4096;
const MAX_DEPTH = 8;

/**
 * Fold the string expression starting at token `i`.
 *
 * @param ctx Tokens, match table and constants.
 * @param i Index of the expression's first token.
 * @param depth Nesting depth of the fold (recursion limit).
 * @param coerced Whether the expression's value is converted to a string where it stands (a
 *   template substitution, an item of `[…].join()`, the argument of `String()`): a Buffer folds
 *   to its text there, as it does as an operand of `+`.
 * @returns The value, end index and tricks used, or `undefined` when it is not a constant string.
 * @example
 * foldString(ctx, i) // { value: 'child_process', end: i + 3, how: ['concatenation'] } for 'child_' + 'process'
 */
export function foldString(ctx: FoldContext, i: number, depth = 0, coerced = false): Folded | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let left: Term | undefined = foldTerm(ctx, i, depth);
  if (left === undefined) return undefined;
  // `Buffer.from(b64, 'base64') + ''`: `+` turns a Buffer into its UTF-8 text; alone it is no string.
  if (left.buffer === true && !coerced && !isPunct(ctx.tokens[left.end], '+')) return undefined;
  while (isPunct(ctx.tokens[left.end], '+')) {
    const right = foldTerm(ctx, left.end + 1, depth);
    if (right === undefined) return undefined;
    const value: string = left.value + right.value;
    if (value.length > MAX_LENGTH) return undefined;
    left = { value, end: right.end, how: merge(left.how, right.how, ['concatenation']) };
  }
  return { value: left.value, end: left.end, how: left.how };
}

function merge(...lists: string[][]): string[] {
  const out: string[] = [];
  for (const list of lists) for (const item of list) if (!out.includes(item)) out.push(item);
  return out;
}

function foldTerm(ctx: FoldContext, i: number, depth: number): Term | undefined {
  const { tokens, match } = ctx;
  const t = tokens[i];
  if (t === undefined) return undefined;
  let base: Term | undefined;
  if (isStringToken(t)) {
    const cooked = cookStringToken(t)!;
    base = { value: cooked.value, end: i + 1, how: cooked.hidesAscii ? ['escapes'] : [] };
  } else if (t.type === 'TemplateHead') {
    base = foldTemplate(ctx, i, depth);
  } else if (isPunct(t, '(')) {
    const inner = foldString(ctx, i + 1, depth + 1);
    if (inner === undefined || inner.end !== match[i]) return undefined;
    base = { value: inner.value, end: inner.end + 1, how: inner.how };
  } else if (isPunct(t, '[')) {
    const joined = foldArrayJoin(ctx, i, depth);
    return joined === undefined ? undefined : foldMethods(ctx, joined, depth);
  } else if (t.type === 'IdentifierName') {
    base = foldCall(ctx, i, depth) ?? foldMember(ctx, i);
    if (base === undefined) {
      const constant = ctx.constant(t.name, i);
      if (constant !== undefined && !isPunct(tokens[i + 1], '(')) {
        // `m.length` is no string; `m.toLowerCase()` is.
        const value: Folded = { value: constant.value, end: i + 1, how: merge(constant.how, ['constant']) };
        if (!isPunct(tokens[i + 1], '.')) base = value;
        else {
          const called = foldMethods(ctx, value, depth);
          if (called.end !== value.end) return called;
        }
      }
    }
  }
  if (base === undefined) return undefined;
  // A Buffer's methods are not a string's.
  if (base.buffer === true) return base;
  return foldMethods(ctx, base, depth);
}

/**
 * `M.cp`, `M?.cp`, `M['cp']`, `mods[1]` at token i: the string a constant object, array or enum
 * holds there (see {@link FoldContext.member}), unless the member is called or tags a template.
 */
function foldMember(ctx: FoldContext, i: number): Folded | undefined {
  const { tokens } = ctx;
  if (ctx.member === undefined) return undefined;
  const next = tokens[i + 1];
  let key: string | undefined;
  let end: number;
  if ((isPunct(next, '.') || isPunct(next, '?.')) && tokens[i + 2]?.type === 'IdentifierName') {
    key = tokens[i + 2]!.name;
    end = i + 3;
  } else if (isPunct(next, '[') && isPunct(tokens[i + 3], ']')) {
    const k = tokens[i + 2]!;
    key = isStringToken(k) ? cookStringToken(k)!.value : k.type === 'NumericLiteral' ? numericKey(k.value) : undefined;
    end = i + 4;
  } else return undefined;
  const after = tokens[end];
  if (key === undefined || isPunct(after, '(') || after?.type === 'NoSubstitutionTemplate' || after?.type === 'TemplateHead') return undefined;
  const found = ctx.member(tokens[i]!.name, key, i);
  return found === undefined ? undefined : { value: found.value, end, how: merge(found.how, ['constant']) };
}

/**
 * The property key a numeric literal names (`1`, `0x1` and `1.0` all name "1"), or undefined for
 * one that is not a plain number.
 *
 * @param text The literal as written.
 * @returns The key string.
 * @example
 * numericKey('0x1') // '1'
 */
export function numericKey(text: string): string | undefined {
  const n = Number(text.replace(/_/g, ''));
  return Number.isFinite(n) ? String(n) : undefined;
}

/** String methods whose result a constant receiver and constant arguments decide. */
const STRING_METHODS = new Set(['toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'trim', 'trimStart', 'trimEnd', 'concat', 'replace', 'replaceAll', 'slice', 'substring', 'substr', 'normalize']);

/**
 * Apply the string methods called on a folded value (`'CHILD_PROCESS'.toLowerCase()`,
 * `'child_'.concat('process')`, `'chiXld_process'.replace('X', '')`, `' fs '.trim()`,
 * `'xfsx'.slice(1, -1)`), one after another, and `.split('').reverse().join('')`. Arguments must
 * fold too (numbers for the index methods); a method or argument that does not stops there.
 */
function foldMethods(ctx: FoldContext, base: Folded, depth: number): Folded {
  const { tokens, match } = ctx;
  let current = base;
  for (let guard = 0; guard < 64; guard++) {
    const reversed = foldReverse(ctx, current);
    if (reversed.end !== current.end) {
      current = reversed;
      continue;
    }
    const k = current.end;
    const method = tokens[k + 1];
    if (!isPunct(tokens[k], '.') || method === undefined || !STRING_METHODS.has(method.name) || !isPunct(tokens[k + 2], '(')) break;
    const close = match[k + 2]!;
    if (close <= k + 2) break;
    const args = constantArguments(ctx, k + 2, close, depth);
    if (args === undefined) break;
    const value = applyStringMethod(current.value, method.name, args);
    if (value === undefined || value.length > MAX_LENGTH) break;
    current = { value, end: close + 1, how: merge(current.how, ['string-methods']) };
  }
  return current;
}

/** The arguments of the call `(`…`)` at [open, close]: folded strings or numeric literals (`-1` too), else undefined. */
function constantArguments(ctx: FoldContext, open: number, close: number, depth: number): Array<string | number> | undefined {
  const { tokens } = ctx;
  const out: Array<string | number> = [];
  let k = open + 1;
  while (k < close) {
    const negative = isPunct(tokens[k], '-');
    const t = tokens[negative ? k + 1 : k];
    if (t?.type === 'NumericLiteral') {
      const n = Number(t.value.replace(/_/g, ''));
      if (!Number.isFinite(n)) return undefined;
      out.push(negative ? -n : n);
      k += negative ? 2 : 1;
    } else {
      const s = foldString(ctx, k, depth + 1);
      if (s === undefined) return undefined;
      out.push(s.value);
      k = s.end;
    }
    if (isPunct(tokens[k], ',')) k++;
    else if (k !== close) return undefined;
  }
  return out;
}

/** What `value[method](...args)` returns when it is a string decided by constants, else undefined. */
function applyStringMethod(value: string, method: string, args: ReadonlyArray<string | number>): string | undefined {
  const strings = args.every((a) => typeof a === 'string');
  const numbers = args.every((a) => typeof a === 'number');
  switch (method) {
    case 'toLowerCase':
    case 'toLocaleLowerCase':
      return value.toLowerCase();
    case 'toUpperCase':
    case 'toLocaleUpperCase':
      return value.toUpperCase();
    case 'trim':
      return value.trim();
    case 'trimStart':
      return value.trimStart();
    case 'trimEnd':
      return value.trimEnd();
    case 'normalize':
      return args.length === 0 ? value.normalize() : undefined;
    case 'concat':
      return strings ? value.concat(...(args as string[])) : undefined;
    case 'replace':
    case 'replaceAll': {
      // A string pattern and a plain replacement (`$&` and the like stay unfolded).
      if (args.length !== 2 || !strings || (args[1] as string).includes('$')) return undefined;
      const [from, to] = args as [string, string];
      return method === 'replace' ? value.replace(from, to) : value.replaceAll(from, to);
    }
    case 'slice':
    case 'substring':
    case 'substr':
    {
      if (!numbers || args.length === 0 || args.length > 2) return undefined;
      const [from, to] = args as [number, number | undefined];
      return method === 'slice' ? value.slice(from, to) : method === 'substring' ? value.substring(from, to) : value.substr(from, to);
    }
    default:
      return undefined;
  }
}

/** A template part's text: cooked (escapes applied), or raw as `String.raw` reads it. */
function templateText(token: Token, raw: boolean): string {
  if (!raw) return cookStringToken(token)!.value;
  // Without the delimiters: the opening backquote or `}`, the closing backquote or `${`.
  return token.value.slice(1, token.type === 'TemplateHead' || token.type === 'TemplateMiddle' ? -2 : -1);
}

function foldTemplate(ctx: FoldContext, i: number, depth: number, raw = false): Folded | undefined {
  const { tokens } = ctx;
  let value = templateText(tokens[i]!, raw);
  let how: string[] = ['template'];
  let k = i + 1;
  for (;;) {
    const part = foldString(ctx, k, depth + 1, true);
    if (part === undefined) return undefined;
    value += part.value;
    how = merge(how, part.how);
    const next = tokens[part.end];
    if (next === undefined) return undefined;
    if (next.type === 'TemplateMiddle') {
      value += templateText(next, raw);
      k = part.end + 1;
      continue;
    }
    if (next.type === 'TemplateTail') {
      value += templateText(next, raw);
      if (value.length > MAX_LENGTH) return undefined;
      return { value, end: part.end + 1, how };
    }
    return undefined;
  }
}

// [a, b, c].join(sep) and [..].reverse().join(sep)
function foldArrayJoin(ctx: FoldContext, i: number, depth: number): Folded | undefined {
  const { tokens, match } = ctx;
  const close = match[i]!;
  const items: string[] = [];
  let how: string[] = [];
  let k = i + 1;
  while (k < close) {
    // `[...'ssecorp_dlihc']` spreads a string into its characters.
    const spread = isPunct(tokens[k], '...');
    const item = foldString(ctx, spread ? k + 1 : k, depth + 1, !spread);
    if (item === undefined) return undefined;
    if (spread) items.push(...item.value);
    else items.push(item.value);
    how = merge(how, item.how);
    k = item.end;
    if (isPunct(tokens[k], ',')) k++;
    else if (k !== close) return undefined;
  }
  let after = close + 1;
  let reversed = false;
  if (isPunct(tokens[after], '.') && isName(tokens[after + 1], 'reverse') && isPunct(tokens[after + 2], '(') && isPunct(tokens[after + 3], ')')) {
    reversed = true;
    after += 4;
  }
  if (!(isPunct(tokens[after], '.') && isName(tokens[after + 1], 'join') && isPunct(tokens[after + 2], '('))) return undefined;
  let separator = ',';
  let end: number;
  if (isPunct(tokens[after + 3], ')')) end = after + 4;
  else {
    const sep = foldString(ctx, after + 3, depth + 1);
    if (sep === undefined || !isPunct(tokens[sep.end], ')')) return undefined;
    separator = sep.value;
    end = sep.end + 1;
  }
  if (reversed) items.reverse();
  const value = items.join(separator);
  if (value.length > MAX_LENGTH) return undefined;
  return { value, end, how: merge(how, reversed ? ['join', 'reverse'] : ['join']) };
}

// '...'.split('').reverse().join('')
function foldReverse(ctx: FoldContext, base: Folded): Folded {
  const { tokens } = ctx;
  const k = base.end;
  if (!(isPunct(tokens[k], '.') && isName(tokens[k + 1], 'split') && isPunct(tokens[k + 2], '(') && isStringToken(tokens[k + 3]) && isPunct(tokens[k + 4], ')'))) return base;
  if (cookStringToken(tokens[k + 3]!)!.value !== '') return base;
  if (!(isPunct(tokens[k + 5], '.') && isName(tokens[k + 6], 'reverse') && isPunct(tokens[k + 7], '(') && isPunct(tokens[k + 8], ')'))) return base;
  if (!(isPunct(tokens[k + 9], '.') && isName(tokens[k + 10], 'join') && isPunct(tokens[k + 11], '(') && isStringToken(tokens[k + 12]) && isPunct(tokens[k + 13], ')'))) return base;
  const sep = cookStringToken(tokens[k + 12]!)!.value;
  return { value: [...base.value].reverse().join(sep), end: k + 14, how: merge(base.how, ['reverse']) };
}

function foldCall(ctx: FoldContext, i: number, depth: number): Term | undefined {
  const { tokens, match } = ctx;
  const name = tokens[i]!.name;
  // String(x): the string x converts to (a Buffer's text).
  if (name === 'String' && isPunct(tokens[i + 1], '(')) {
    const arg = foldString(ctx, i + 2, depth + 1, true);
    if (arg === undefined || arg.end !== match[i + 1]) return undefined;
    return { value: arg.value, end: arg.end + 1, how: arg.how };
  }
  // String.fromCharCode(n, ...) / String.fromCodePoint(n, ...)
  if (name === 'String' && isPunct(tokens[i + 1], '.') && (isName(tokens[i + 2], 'fromCharCode') || isName(tokens[i + 2], 'fromCodePoint')) && isPunct(tokens[i + 3], '(')) {
    const close = match[i + 3]!;
    const codes: number[] = [];
    for (let k = i + 4; k < close; k++) {
      const t = tokens[k]!;
      if (t.type === 'NumericLiteral') {
        const n = Number(t.value.replace(/_/g, ''));
        if (!Number.isInteger(n) || n < 0 || n > 0x10ffff) return undefined;
        codes.push(n);
      } else if (!isPunct(t, ',')) return undefined;
    }
    if (codes.length === 0) return undefined;
    const value = tokens[i + 2]!.name === 'fromCharCode' ? String.fromCharCode(...codes.map((c) => c & 0xffff)) : String.fromCodePoint(...codes);
    return { value, end: close + 1, how: ['char-codes'] };
  }
  // String.raw`child_process`, String.raw`${a}_process`: the template's raw text.
  if (name === 'String' && isPunct(tokens[i + 1], '.') && isName(tokens[i + 2], 'raw')) {
    const head = tokens[i + 3];
    if (head?.type === 'NoSubstitutionTemplate') return { value: templateText(head, true), end: i + 4, how: ['template'] };
    return head?.type === 'TemplateHead' ? foldTemplate(ctx, i + 3, depth, true) : undefined;
  }
  // atob('...'), decodeURIComponent('...'), decodeURI('...'), unescape('...')
  if ((name === 'atob' || name === 'decodeURIComponent' || name === 'decodeURI' || name === 'unescape') && isPunct(tokens[i + 1], '(')) {
    const arg = foldString(ctx, i + 2, depth + 1);
    if (arg === undefined || arg.end !== match[i + 1]) return undefined;
    if (name === 'atob') {
      const bytes = decodeBase64Bytes(arg.value);
      const text = bytes === undefined ? undefined : printableText(bytes);
      return text === undefined ? undefined : { value: text, end: arg.end + 1, how: merge(arg.how, ['base64']) };
    }
    const decoded = percentDecode(arg.value);
    return decoded === undefined ? undefined : { value: decoded, end: arg.end + 1, how: merge(arg.how, ['uri-decoding']) };
  }
  // Buffer.from('...', 'base64' | 'hex').toString(['utf8']), Buffer.from([99, 104, …]).toString();
  // without `.toString()` the Buffer itself, whose text `+`, a template or `join` makes (a `buffer` term).
  if (name === 'Buffer' && isPunct(tokens[i + 1], '.') && isName(tokens[i + 2], 'from') && isPunct(tokens[i + 3], '(')) {
    const close = match[i + 3]!;
    // After the call: `.toString(…)` gives the text, the end of the term leaves the Buffer, any
    // other member or call is not followed.
    const textEnd = (after: number): { end: number; buffer?: true } | undefined => {
      if (isPunct(tokens[after], '.') && isName(tokens[after + 1], 'toString') && isPunct(tokens[after + 2], '(')) return { end: match[after + 2]! + 1 };
      const next = tokens[after];
      return isPunct(next, '.') || isPunct(next, '?.') || isPunct(next, '[') || isPunct(next, '(') || next?.type === 'NoSubstitutionTemplate' || next?.type === 'TemplateHead' ? undefined : { end: after, buffer: true };
    };
    if (isPunct(tokens[i + 4], '[')) {
      const bytes = byteArray(tokens, i + 4, match[i + 4]!);
      if (bytes === undefined || match[i + 4]! + 1 !== close) return undefined;
      const after = textEnd(close + 1);
      const text = printableText(bytes);
      return text === undefined || after === undefined ? undefined : { value: text, how: ['char-codes'], ...after };
    }
    const data = foldString(ctx, i + 4, depth + 1);
    if (data === undefined || !isPunct(tokens[data.end], ',')) return undefined;
    const encoding = foldString(ctx, data.end + 1, depth + 1);
    if (encoding === undefined || encoding.end !== close) return undefined;
    const after = textEnd(close + 1);
    if (after === undefined) return undefined;
    const kind = encoding.value.toLowerCase();
    const bytes = kind === 'base64' || kind === 'base64url' ? decodeBase64Bytes(data.value) : kind === 'hex' ? decodeHexBytes(data.value) : undefined;
    const text = bytes === undefined ? undefined : printableText(bytes);
    return text === undefined ? undefined : { value: text, how: merge(data.how, [kind === 'hex' ? 'hex' : 'base64']), ...after };
  }
  return undefined;
}

/** The bytes of `[99, 104, 0x69]` between `open` and `close`: numeric literals 0–255 only. */
function byteArray(tokens: readonly Token[], open: number, close: number): Uint8Array | undefined {
  const bytes: number[] = [];
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'NumericLiteral') {
      const n = Number(t.value.replace(/_/g, ''));
      if (!Number.isInteger(n) || n < 0 || n > 255) return undefined;
      bytes.push(n);
    } else if (!isPunct(t, ',')) return undefined;
  }
  return bytes.length === 0 ? undefined : Uint8Array.from(bytes);
}

function percentDecode(text: string): string | undefined {
  let out = '';
  const bytes: number[] = [];
  const flush = (): boolean => {
    if (bytes.length === 0) return true;
    const decoded = printableText(Uint8Array.from(bytes));
    bytes.length = 0;
    if (decoded === undefined) return false;
    out += decoded;
    return true;
  };
  for (let k = 0; k < text.length; k++) {
    if (text[k] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(k + 1, k + 3))) {
      bytes.push(Number.parseInt(text.slice(k + 1, k + 3), 16));
      k += 2;
    } else {
      if (!flush()) return undefined;
      out += text[k];
    }
  }
  return flush() ? out : undefined;
}
