/**
 * Private helper of the lockfile readers that work on UTF-8 bytes (`lazy-lockfile-bytes.ts`,
 * `current-lockfile.ts`): the members of a JSON object found in its bytes without reading their
 * values. JSON's structural characters are ASCII and no byte of a multi-byte UTF-8 sequence is,
 * so they are found in the bytes as in the text.
 *
 * @module
 */
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';

/** `"` */
export const QUOTE = 34;
const BACKSLASH = 92;
const isWs = (c: number | undefined): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** The first index at or after `i` that is not JSON white space. */
export function skipWs(b: Uint8Array, i: number): number {
  while (i < b.length && isWs(b[i])) i++;
  return i;
}

/** One past the closing quote of the string literal at `i`, or -1. */
function stringEnd(b: Uint8Array, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = b.indexOf(QUOTE, j);
    if (q < 0) return -1;
    let slashes = 0;
    for (let k = q - 1; b[k] === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** One past the value at `i` and how deep its brackets nest (unchecked: the strict reader checks the piece), or `undefined`. */
function valueEnd(b: Uint8Array, i: number): { end: number; depth: number } | undefined {
  const c = b[i];
  if (c === QUOTE) {
    const end = stringEnd(b, i);
    return end < 0 ? undefined : { end, depth: 0 };
  }
  if (c !== 123 && c !== 91) {
    let j = i;
    while (j < b.length) {
      const d = b[j]!;
      if (d === 44 || d === 125 || d === 93 || isWs(d)) break;
      j++;
    }
    return j === i ? undefined : { end: j, depth: 0 };
  }
  let depth = 0;
  let max = 0;
  for (let j = i; j < b.length; j++) {
    const d = b[j]!;
    if (d === QUOTE) {
      const end = stringEnd(b, j);
      if (end < 0) return undefined;
      j = end - 1;
    } else if (d === 123 || d === 91) {
      if (++depth > max) max = depth;
    } else if (d === 125 || d === 93) {
      if (--depth === 0) return { end: j + 1, depth: max };
    }
  }
  return undefined;
}

/** A member of an object: its key and where its value's bytes are. */
export interface Member {
  key: string;
  start: number;
  end: number;
  depth: number;
}

/** A strict UTF-8 decoder for pieces of valid UTF-8 (cut at ASCII characters, so never inside a sequence). */
export const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The members of the object at `open`, each key read strictly, or `undefined` when it is not one well-formed object with unique keys. */
export function objectMembers(b: Uint8Array, open: number): { members: Member[]; end: number } | undefined {
  if (b[open] !== 123) return undefined;
  const members: Member[] = [];
  const seen = new Set<string>();
  let i = skipWs(b, open + 1);
  if (b[i] === 125) return { members, end: i + 1 };
  for (;;) {
    if (b[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return undefined;
    const key: JsonValue = parseStrictJson(utf8.decode(b.subarray(i, keyEnd)), 'a key');
    if (typeof key !== 'string' || seen.has(key)) return undefined;
    seen.add(key);
    i = skipWs(b, keyEnd);
    if (b[i] !== 58) return undefined;
    i = skipWs(b, i + 1);
    const value = valueEnd(b, i);
    if (value === undefined) return undefined;
    members.push({ key, start: i, end: value.end, depth: value.depth });
    i = skipWs(b, value.end);
    if (b[i] === 125) return { members, end: i + 1 };
    if (b[i] !== 44) return undefined;
    i = skipWs(b, i + 1);
  }
}

