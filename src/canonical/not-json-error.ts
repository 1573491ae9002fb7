/**
 * The refusals of the canonical and the pretty writers, shared so both name the same place the
 * same way. The writers keep the keys and indices they are inside as a list and turn it into a
 * JSON path only here, when a value is refused.
 *
 * @module
 */
import { CanonicalizationError } from '../errors.ts';
import { jsonPathText } from './json-path.ts';

/** Deeper than this is refused (a cycle, or a JSON document that is not a contract). */
export const MAX_JSON_DEPTH = 2000;

const PLAIN_JSON = 'only plain objects, arrays, strings, finite numbers, booleans and null are JSON';
const LONE_SURROGATE = 'UTF-8 cannot encode a lone surrogate (\\uD800-\\uDFFF without its pair); fix the producer of this value';

/**
 * The error for a value that is not JSON itself: a non-finite number, a bigint, a function, a
 * symbol, undefined where a value must be, or an object that is not plain (a Date, a Map, a class
 * instance).
 *
 * @param value The refused value.
 * @param path The keys and indices down to it.
 * @returns The error to throw.
 */
export function notJsonError(value: unknown, path: readonly (string | number)[]): CanonicalizationError {
  const at = jsonPathText(path);
  switch (typeof value) {
    case 'number':
      return new CanonicalizationError(at, `is ${String(value)}`, 'JSON has no non-finite numbers; use null or a string');
    case 'bigint':
      return new CanonicalizationError(at, 'is a bigint', `${PLAIN_JSON}; convert it to a number or a string first`);
    case 'object': {
      const name = (value as object).constructor?.name;
      const what = typeof name === 'string' && name !== '' ? name : 'non-plain';
      const hint = what === 'Date' ? 'an ISO string (toISOString())' : what === 'Set' ? 'an array' : 'a plain object';
      // "an Account object", "an Error object"; "a Uint8Array object", "a URL object".
      return new CanonicalizationError(at, `is ${/^[AEIOaeio]/.test(what) ? 'an' : 'a'} ${what} object`, `${PLAIN_JSON}; convert it to ${hint} first`);
    }
    case 'undefined':
      return new CanonicalizationError(at, 'is undefined', PLAIN_JSON);
    default: // a function or a symbol
      return new CanonicalizationError(at, `is a ${typeof value}`, `${PLAIN_JSON}; leave it out`);
  }
}

/**
 * The error for a string, or a key of the object at `path`, that holds a lone surrogate.
 *
 * @param path The keys and indices down to the string, or to the object whose key it is.
 * @param inKey Whether the string is a key.
 * @returns The error to throw.
 */
export function loneSurrogateError(path: readonly (string | number)[], inKey: boolean): CanonicalizationError {
  return new CanonicalizationError(jsonPathText(path), inKey ? 'has a key that holds a lone surrogate' : 'holds a lone surrogate', LONE_SURROGATE);
}

/**
 * The error for nesting deeper than {@link MAX_JSON_DEPTH}: a cycle when a container on the way
 * down is one of those above it (named where the cycle closes and where it starts), else plain
 * depth (the path shown to its first 8 levels).
 *
 * @param root The value being written.
 * @param path The keys and indices down to the level that was too deep.
 * @returns The error to throw.
 */
export function nestingError(root: unknown, path: readonly (string | number)[]): CanonicalizationError {
  const seen = new Map<unknown, number>([[root, 0]]);
  let cur: unknown = root;
  for (let i = 0; i < path.length; i++) {
    cur = (cur as Record<string | number, unknown>)[path[i]!];
    const first = seen.get(cur);
    if (first !== undefined) {
      return new CanonicalizationError(jsonPathText(path.slice(0, i + 1)), `is ${jsonPathText(path.slice(0, first))} again (a cycle)`, 'JSON cannot hold a cycle; break it or copy the value');
    }
    seen.set(cur, i + 1);
  }
  return new CanonicalizationError(jsonPathText(path, 8), `is nested deeper than ${MAX_JSON_DEPTH} levels`, 'flatten the value');
}
