/**
 * Canonical JSON per RFC 8785 (JCS).
 *
 * Object keys are written in UTF-16 code-unit order by this serializer itself (never by object
 * key enumeration, which lists integer-like keys such as "9" and "10" first); numbers use the
 * ECMAScript Number-to-String rules (-0 becomes 0); strings use JSON.stringify escaping; no
 * whitespace. Keys whose value is `undefined` are omitted, as JSON.stringify does. A key named
 * `__proto__` is an ordinary key.
 *
 * @module
 */
import { sha256Hex } from './hash.ts';
import { loneSurrogateError, MAX_JSON_DEPTH, nestingError, notJsonError } from './not-json-error.ts';
import { hasEscapedLoneSurrogate, NO_FAST_PATH, sortedJsonCopy } from './sorted-copy.ts';

const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * JSON string literal of `s`, refusing lone surrogates (UTF-8 cannot encode them).
 *
 * @param s The string.
 * @param path The keys and indices down to it (or, for a key, down to its object), for the error.
 * @param isKey Whether `s` is a key of the object at `path`.
 * @returns The quoted, escaped string.
 * @throws {CanonicalizationError} When `s` holds a lone surrogate.
 */
export function quoteJsonString(s: string, path: readonly (string | number)[] = [], isKey = false): string {
  if (ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s)) throw loneSurrogateError(path, isKey);
  return JSON.stringify(s);
}

// `path` holds the keys and indices down to `value`; it becomes text only in an error.
function write(value: unknown, path: (string | number)[], depth: number, root: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteJsonString(value, path);
    case 'number':
      if (!Number.isFinite(value)) throw notJsonError(value, path);
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth > MAX_JSON_DEPTH) throw nestingError(root, path);
      let out: string;
      if (Array.isArray(value)) {
        out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = value[i];
          if (item === undefined) {
            out += 'null';
          } else {
            path.push(i);
            out += write(item, path, depth + 1, root);
            path.pop();
          }
        }
        out += ']';
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) throw notJsonError(value, path);
        const rec = value as Record<string, unknown>;
        const keys = Object.keys(rec).sort();
        out = '{';
        let first = true;
        for (const key of keys) {
          const v = rec[key];
          if (v === undefined) continue;
          if (!first) out += ',';
          first = false;
          out += quoteJsonString(key, path, true) + ':';
          path.push(key);
          out += write(v, path, depth + 1, root);
          path.pop();
        }
        out += '}';
      }
      return out;
    }
    default:
      throw notJsonError(value, path);
  }
}

/**
 * Serialize a JSON value to its RFC 8785 canonical form.
 *
 * @param value A JSON value: plain objects, arrays, strings, finite numbers, booleans, null.
 * @returns The canonical text (no trailing newline).
 * @throws {CanonicalizationError} On non-finite numbers, lone surrogates, cycles or non-JSON values, naming where (`path`) and what (`problem`).
 * @example canonicalize({ b: 1, a: [true, -0] }) // '{"a":[true,0],"b":1}'
 */
export function canonicalize(value: unknown): string {
  if (value === undefined) throw notJsonError(value, []);
  // Fast path: RFC 8785 writes strings and numbers exactly as ECMAScript's JSON.stringify does,
  // so the native writer over a key-sorted copy gives the canonical text. Anything unusual
  // (integer-like keys, non-JSON values, lone surrogates) goes to the writer below, which
  // orders such keys itself and names what is wrong.
  const copy = sortedJsonCopy(value);
  if (copy !== NO_FAST_PATH) {
    const text = JSON.stringify(copy);
    if (!hasEscapedLoneSurrogate(text)) return text;
  }
  return write(value, [], 0, value);
}

/**
 * The key-by-key writer alone, without the native fast path of {@link canonicalize} (the
 * reference the fast path is tested against).
 *
 * @param value A JSON value.
 * @returns The canonical text.
 * @throws {CanonicalizationError} As {@link canonicalize}.
 */
export function canonicalizeReference(value: unknown): string {
  if (value === undefined) throw notJsonError(value, []);
  return write(value, [], 0, value);
}

/**
 * SHA-256 (lowercase hex) of the canonical form of a value.
 *
 * @param value A JSON value.
 * @returns 64 lowercase hex characters.
 * @throws {CanonicalizationError} When the value cannot be canonicalized.
 * @example canonicalDigest({ type: 'object' })
 */
export function canonicalDigest(value: unknown): string {
  return sha256Hex(canonicalize(value));
}
