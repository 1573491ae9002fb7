/**
 * The fast path shared by the canonical (RFC 8785) and the pretty writers: a JSON value whose
 * objects all have their keys in UTF-16 code-unit order, so the engine's native `JSON.stringify`
 * writes them sorted. Objects and arrays that are already in order are used as they are; only
 * what must move is copied. On a cold start (every CLI run) this is about twice as fast as
 * writing the text key by key in JavaScript.
 *
 * @module
 */

/** Returned when the fast path cannot be used; the caller's own writer then decides. */
export const NO_FAST_PATH: unique symbol = Symbol('no fast path');

const INTEGER_LIKE = /^(?:0|[1-9][0-9]{0,9})$/;
const MAX_DEPTH = 2000;

const SURROGATE_ESCAPE_LIKE = /\\u[dD][89a-fA-F]/;
const ESCAPED_LONE_SURROGATE = /(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F]/;

/**
 * Whether JSON text written by the native `JSON.stringify` holds an escaped lone surrogate
 * (`\udXXX` not preceded by an escaping backslash): it writes one where a canonical writer must
 * refuse the value. The precise pattern (a look-behind, slow on long texts) runs only when a
 * plain search finds something that looks like one.
 *
 * @param text Output of `JSON.stringify`.
 * @returns Whether a lone surrogate was escaped.
 */
export function hasEscapedLoneSurrogate(text: string): boolean {
  return SURROGATE_ESCAPE_LIKE.test(text) && ESCAPED_LONE_SURROGATE.test(text);
}

/**
 * The value with every object's keys in code-unit order (the value itself where nothing must
 * move, else a copy of what must), or {@link NO_FAST_PATH} when anything is not plain JSON or would not
 * come out in code-unit order: an integer-like key (JavaScript enumerates those first), a key
 * named `__proto__`, a non-finite number, a bigint, function or symbol, an object that is not
 * plain, or nesting deeper than 2000 levels (or a cycle). Keys whose value is `undefined` are
 * dropped, as `JSON.stringify` drops them. Never throws: the caller's precise writer reports
 * what is wrong.
 *
 * @param value The value.
 * @returns The sorted value, or {@link NO_FAST_PATH}.
 */
export function sortedJsonCopy(value: unknown): unknown {
  return copy(value, 0);
}

function copy(value: unknown, depth: number): unknown {
  if (value === null) return value;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : NO_FAST_PATH;
    case 'object':
      break;
    default:
      return NO_FAST_PATH;
  }
  if (depth > MAX_DEPTH) return NO_FAST_PATH;
  if (Array.isArray(value)) {
    // Kept as it is unless an item must change (JSON.stringify writes undefined items as null).
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || item === null || typeof item !== 'object') {
        if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'bigint' || typeof item === 'function' || typeof item === 'symbol') return NO_FAST_PATH;
        continue;
      }
      const c = copy(item, depth + 1);
      if (c === NO_FAST_PATH) return NO_FAST_PATH;
      if (c !== item) {
        out ??= value.slice();
        out[i] = c;
      }
    }
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NO_FAST_PATH;
  const rec = value as Record<string, unknown>;
  const keys = Object.keys(rec);
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1]! > keys[i]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return reuseSorted(rec, keys, depth);
  keys.sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === '__proto__' || INTEGER_LIKE.test(k)) return NO_FAST_PATH;
    const v = rec[k];
    if (v === undefined) continue;
    const c = copy(v, depth + 1);
    if (c === NO_FAST_PATH) return NO_FAST_PATH;
    out[k] = c;
  }
  return out;
}

/**
 * An object whose keys are already in order is kept as it is unless a member must change; then
 * a copy is made from that member on (JSON.stringify drops undefined members either way).
 */
function reuseSorted(rec: Record<string, unknown>, keys: string[], depth: number): unknown {
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === '__proto__' || INTEGER_LIKE.test(k)) return NO_FAST_PATH;
    const v = rec[k];
    if (v === undefined) continue;
    const c = copy(v, depth + 1);
    if (c === NO_FAST_PATH) return NO_FAST_PATH;
    if (out === undefined && c !== v) {
      out = {};
      for (let j = 0; j < i; j++) {
        const before = rec[keys[j]!];
        if (before !== undefined) out[keys[j]!] = before;
      }
    }
    if (out !== undefined) out[k] = c;
  }
  return out ?? rec;
}
