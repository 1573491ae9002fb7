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
import { CanonicalizationError } from '../errors.ts';
import { sha256Hex } from './hash.ts';
import { hasEscapedLoneSurrogate, NO_FAST_PATH, sortedJsonCopy } from './sorted-copy.ts';

const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than this is treated as a cycle (a JSON document that deep is not a contract). */
const MAX_DEPTH = 2000;

function describePath(path: (string | number)[]): string {
  let out = '$';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`;
  return out;
}

/**
 * JSON string literal of `s`, refusing lone surrogates (UTF-8 cannot encode them).
 *
 * @param s The string.
 * @param path Where it sits, for the error message.
 * @returns The quoted, escaped string.
 */
export function quoteJsonString(s: string, path: (string | number)[] = []): string {
  if (ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s)) {
    throw new CanonicalizationError(`Cannot canonicalize the string at ${describePath(path)}: it contains a lone surrogate, which UTF-8 cannot encode; fix the producer of this value`);
  }
  return JSON.stringify(s);
}

function write(value: unknown, path: (string | number)[], depth: number): string {
  switch (typeof value) {
    case 'string':
      return quoteJsonString(value, path);
    case 'number':
      if (!Number.isFinite(value)) {
        throw new CanonicalizationError(`Cannot canonicalize ${String(value)} at ${describePath(path)}: JSON has no non-finite numbers`);
      }
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth > MAX_DEPTH) throw new CanonicalizationError(`Cannot canonicalize the value at ${describePath(path.slice(0, 8))}…: it is cyclic or nested deeper than ${MAX_DEPTH} levels`);
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
            out += write(item, path, depth + 1);
            path.pop();
          }
        }
        out += ']';
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) {
          throw new CanonicalizationError(`Cannot canonicalize a ${(value as object).constructor?.name ?? 'non-plain'} object at ${describePath(path)}: only plain objects, arrays, strings, finite numbers, booleans and null are JSON`);
        }
        const rec = value as Record<string, unknown>;
        const keys = Object.keys(rec).sort();
        out = '{';
        let first = true;
        for (const key of keys) {
          const v = rec[key];
          if (v === undefined) continue;
          if (!first) out += ',';
          first = false;
          path.push(key);
          out += quoteJsonString(key, path) + ':' + write(v, path, depth + 1);
          path.pop();
        }
        out += '}';
      }
      return out;
    }
    default:
      throw new CanonicalizationError(`Cannot canonicalize a ${typeof value} at ${describePath(path)}: only JSON values can be canonicalized`);
  }
}

/**
 * Serialize a JSON value to its RFC 8785 canonical form.
 *
 * @param value A JSON value: plain objects, arrays, strings, finite numbers, booleans, null.
 * @returns The canonical text (no trailing newline).
 * @throws {CanonicalizationError} On non-finite numbers, lone surrogates, cycles or non-JSON values.
 * @example canonicalize({ b: 1, a: [true, -0] }) // '{"a":[true,0],"b":1}'
 */
export function canonicalize(value: unknown): string {
  if (value === undefined) throw new CanonicalizationError('Cannot canonicalize undefined: it is not a JSON value');
  // Fast path: RFC 8785 writes strings and numbers exactly as ECMAScript's JSON.stringify does,
  // so the native writer over a key-sorted copy gives the canonical text. Anything unusual
  // (integer-like keys, non-JSON values, lone surrogates) goes to the writer below, which
  // orders such keys itself and names what is wrong.
  const copy = sortedJsonCopy(value);
  if (copy !== NO_FAST_PATH) {
    const text = JSON.stringify(copy);
    if (!hasEscapedLoneSurrogate(text)) return text;
  }
  return write(value, [], 0);
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
  if (value === undefined) throw new CanonicalizationError('Cannot canonicalize undefined: it is not a JSON value');
  return write(value, [], 0);
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
