/**
 * The fast path shared by the canonical (RFC 8785) and the pretty writers: a JSON value whose
 * objects all have their keys in UTF-16 code-unit order, so the engine's native `JSON.stringify`
 * writes them sorted. Objects and arrays that are already in order are used as they are; only
 * what must move is copied. On a cold start (every CLI run) this is about twice as fast as
 * writing the text key by key in JavaScript.
 *
 * @module
 */
import { MAX_JSON_DEPTH } from './not-json-error.ts';

/** Returned when the fast path cannot be used; the caller's own writer then decides. */
export const NO_FAST_PATH: unique symbol = Symbol('no fast path');

const INTEGER_LIKE = /^(?:0|[1-9][0-9]{0,9})$/;

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
 * @param depth How deep `value` sits in a bigger document written piece by piece (its nesting
 *   counts from there, as it would in the whole).
 * @returns The sorted value, or {@link NO_FAST_PATH}.
 */
export function sortedJsonCopy(value: unknown, depth = 0): unknown {
  return value !== null && typeof value === 'object' ? copyContainer(value, depth) : copyLeaf(value);
}

/** A value that is not an object or array: itself when JSON.stringify writes it as JSON. */
function copyLeaf(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : NO_FAST_PATH;
    case 'object':
      return value; // null
    default:
      return NO_FAST_PATH;
  }
}

/**
 * A key that JavaScript would not enumerate in insertion order (an array-index-like name, which
 * comes first whatever its place) or that `out[k] = v` would not store as an own property.
 * The digit test runs first: almost no key starts with one.
 */
function isSpecialKey(k: string): boolean {
  const c = k.charCodeAt(0);
  return (c >= 48 && c <= 57 && INTEGER_LIKE.test(k)) || k === '__proto__';
}

// Leaves are checked inline below (no call for a string, boolean or finite number): on a cold
// start most of the time goes into calls, and most values are leaves.

function copyContainer(value: object, depth: number): unknown {
  if (depth > MAX_JSON_DEPTH) return NO_FAST_PATH;
  if (Array.isArray(value)) {
    // Kept as it is unless an item must change (JSON.stringify writes undefined items as null).
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || item === undefined) continue;
      const t = typeof item;
      if (t === 'string' || t === 'boolean') continue;
      if (t === 'number') {
        if (!Number.isFinite(item)) return NO_FAST_PATH;
        continue;
      }
      if (t !== 'object') return NO_FAST_PATH;
      const c = copyContainer(item as object, depth + 1);
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
  if (!sorted) keys.sort();
  // A sorted object is kept as it is unless a member must change; then a copy is made from that
  // member on. An unsorted one is always copied. JSON.stringify drops undefined members either way.
  let out: Record<string, unknown> | undefined = sorted ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (isSpecialKey(k)) return NO_FAST_PATH;
    const v = rec[k];
    if (v === undefined) continue;
    let c: unknown = v;
    if (v !== null) {
      const t = typeof v;
      if (t === 'number') {
        if (!Number.isFinite(v)) return NO_FAST_PATH;
      } else if (t === 'object') {
        c = copyContainer(v as object, depth + 1);
        if (c === NO_FAST_PATH) return NO_FAST_PATH;
      } else if (t !== 'string' && t !== 'boolean') {
        return NO_FAST_PATH;
      }
    }
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
