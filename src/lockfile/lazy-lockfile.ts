/**
 * Read a big lockfile into its contract set without holding its schema store as values: the
 * store (most of a lockfile's bytes) is checked schema by schema, kept as text
 * ({@link LazySchemaStore}) and read again only where a contract's schema is looked at. `diff`
 * reads both of its sides so: two 64 MB lockfiles read whole (text, document tree and contract
 * set of each) ran a 256 MiB heap out of memory.
 *
 * Everything `parseLockfile` checks is checked: the document without its `schemas` value by the
 * strict reader and the lockfile validation, the `schemas` object member by member (its keys
 * strictly, each value by the strict reader and its digest). Any problem gives `undefined`, and
 * the caller reads the file the whole way, which names the problem exactly as it always did.
 *
 * @module
 */
import { canonicalDigest } from '../canonical/jcs.ts';
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import type { ContractSet } from '../contract/types.ts';
import { InputError } from '../errors.ts';
import { LazySchemaStore } from './lazy-schema-store.ts';
import { contractSetFromLockfileWith, isCompleteLockfile, lockfileFromDocument } from './parse-lockfile.ts';

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** A schema in the store sits two levels below the document: nested deeper than this, the strict reader refuses the document. */
const MAX_SCHEMA_DEPTH = 510;

const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** One past the closing quote of the string literal at `i`, or -1. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return -1;
    let slashes = 0;
    for (let k = q - 1; text.charCodeAt(k) === 92; k--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/**
 * The end of the value at `i` (one past it) and how deep its brackets nest, without checking
 * it (the strict reader checks the piece), or `undefined` when it does not end.
 */
function valueEnd(text: string, i: number): { end: number; depth: number } | undefined {
  const c = text.charCodeAt(i);
  if (c === 34) {
    const end = stringEnd(text, i);
    return end < 0 ? undefined : { end, depth: 0 };
  }
  if (c !== 123 && c !== 91) {
    let j = i;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      if (d === 44 || d === 125 || d === 93 || isWs(d)) break;
      j++;
    }
    return j === i ? undefined : { end: j, depth: 0 };
  }
  let depth = 0;
  let max = 0;
  for (let j = i; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 34) {
      const end = stringEnd(text, j);
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

interface Member {
  key: string;
  start: number;
  end: number;
  depth: number;
}

/** The members of the object at `open`, each key read strictly, or `undefined` when it is not one well-formed object with unique keys. */
function objectMembers(text: string, open: number): { members: Member[]; end: number } | undefined {
  if (text.charCodeAt(open) !== 123) return undefined;
  const members: Member[] = [];
  const seen = new Set<string>();
  let i = skipWs(text, open + 1);
  if (text.charCodeAt(i) === 125) return { members, end: i + 1 };
  for (;;) {
    if (text.charCodeAt(i) !== 34) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    let key: JsonValue;
    try {
      key = parseStrictJson(text.slice(i, keyEnd), 'a key');
    } catch (error) {
      if (error instanceof InputError) return undefined;
      throw error;
    }
    if (typeof key !== 'string' || seen.has(key)) return undefined;
    seen.add(key);
    i = skipWs(text, keyEnd);
    if (text.charCodeAt(i) !== 58) return undefined;
    i = skipWs(text, i + 1);
    const value = valueEnd(text, i);
    if (value === undefined) return undefined;
    members.push({ key, start: i, end: value.end, depth: value.depth });
    i = skipWs(text, value.end);
    const c = text.charCodeAt(i);
    if (c === 125) return { members, end: i + 1 };
    if (c !== 44) return undefined;
    i = skipWs(text, i + 1);
  }
}

/**
 * The contract set of a complete lockfile with a schema store, the store kept as text.
 *
 * @param text The lockfile's text.
 * @param source Its name (the path as given), as for `parseLockfile`.
 * @returns The contract set (its schemas read when looked at), or `undefined` when the text is not
 *   such a lockfile or has any problem `parseLockfile` would name (read it with that then).
 * @example tryLazyContractSet(readFileSync('big.lock', 'utf8'), 'big.lock')?.tools
 */
export function tryLazyContractSet(text: string, source: string): ContractSet | undefined {
  const open = skipWs(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const top = objectMembers(text, open);
  if (top === undefined || skipWs(text, top.end) !== text.length) return undefined;
  const schemas = top.members.find((m) => m.key === 'schemas');
  if (schemas === undefined) return undefined;
  const store = objectMembers(text, schemas.start);
  if (store === undefined || store.end !== schemas.end) return undefined;
  let doc: JsonValue;
  try {
    doc = parseStrictJson(text.slice(0, schemas.start) + '{}' + text.slice(schemas.end), `lockfile "${source}"`);
    const lock = lockfileFromDocument(doc, `"${source}"`);
    if (!isCompleteLockfile(lock)) return undefined;
    const lazy = new LazySchemaStore();
    for (const m of store.members) {
      if (!DIGEST.test(m.key) || m.depth > MAX_SCHEMA_DEPTH) return undefined;
      const piece = text.slice(m.start, m.end);
      if (canonicalDigest(parseStrictJson(piece, 'a schema')) !== m.key.slice(7)) return undefined;
      lazy.add(m.key, piece);
    }
    return contractSetFromLockfileWith(lock, lazy);
  } catch (error) {
    // The whole-file reader names the problem (with the line and column of a syntax error).
    if (error instanceof InputError) return undefined;
    throw error;
  }
}
