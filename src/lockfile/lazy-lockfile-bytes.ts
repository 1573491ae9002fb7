/**
 * Read a big lockfile from its UTF-8 bytes without making it one string or one tree: the
 * document without its `schemas` value is read and validated as `parseLockfile` does, and the
 * store (most of the bytes) is checked schema by schema and kept as views of the bytes
 * ({@link LazySchemaStore}). `lock` (re-locking over an existing lockfile), `check` and `diff`
 * (each of its sides) read a big lockfile so: at 64 MB its text and tree beside the current
 * contracts (or beside the other side's) ran a 256 MiB heap out.
 *
 * Everything `parseLockfile` checks is checked: the document without its `schemas` value by the
 * strict reader and the lockfile validation, the `schemas` object member by member (its keys
 * strictly, each value by the strict reader and its digest). JSON's structural characters are
 * ASCII, and no byte of a multi-byte UTF-8 sequence is, so the members are found in the bytes as
 * in the text (`_json-bytes.ts`). Any problem gives `undefined`, and the caller reads the file as
 * text the whole way, which names the problem as it always did.
 *
 * @module
 */
import { canonicalDigest } from '../canonical/jcs.ts';
import { parseStrictJson } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { LazySchemaStore } from './lazy-schema-store.ts';
import { objectMembers, skipWs, utf8 } from './_json-bytes.ts';
import { contractSetFromLockfileWith, isCompleteLockfile, lockfileFromDocument } from './parse-lockfile.ts';
import type { ContractSet } from '../contract/types.ts';
import type { Lockfile } from './types.ts';

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** A schema in the store sits two levels below the document: nested deeper than this, the strict reader refuses the document. */
const MAX_SCHEMA_DEPTH = 510;

/** A lockfile read by {@link tryLazyLockfile}. */
export interface LazyLockfile {
  /** The lockfile as `parseLockfile` gives it, but with an empty `schemas`: the store is {@link LazyLockfile.schemas}. */
  lock: Lockfile;
  /** The schema store, each schema checked to hash to its key and kept as bytes. */
  schemas: LazySchemaStore;
}

/**
 * Read a complete lockfile with a schema store from its bytes, the store kept as bytes.
 *
 * @param bytes The lockfile's bytes: valid UTF-8 (`plainUtf8`); one leading byte-order mark is
 *   skipped, as the strict reader skips it in a text.
 * @param source Its name (the path as given), as for `parseLockfile`.
 * @returns The lockfile and its store, or `undefined` when the bytes are not such a lockfile or
 *   have any problem `parseLockfile` would name (read the text with that then).
 * @example tryLazyLockfile(readFileSync('big.lock'), 'big.lock')?.lock.integrityDigest
 */
export function tryLazyLockfile(bytes: Uint8Array, source: string): LazyLockfile | undefined {
  try {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const top = objectMembers(bytes, skipWs(bytes, bom ? 3 : 0));
    if (top === undefined || skipWs(bytes, top.end) !== bytes.length) return undefined;
    const schemasMember = top.members.find((m) => m.key === 'schemas');
    if (schemasMember === undefined) return undefined;
    const store = objectMembers(bytes, schemasMember.start);
    if (store === undefined || store.end !== schemasMember.end) return undefined;
    const rest = utf8.decode(bytes.subarray(0, schemasMember.start)) + '{}' + utf8.decode(bytes.subarray(schemasMember.end));
    const lock = lockfileFromDocument(parseStrictJson(rest, `lockfile "${source}"`), `"${source}"`);
    if (!isCompleteLockfile(lock)) return undefined;
    const schemas = new LazySchemaStore();
    for (const m of store.members) {
      if (!DIGEST.test(m.key) || m.depth > MAX_SCHEMA_DEPTH) return undefined;
      const piece = bytes.subarray(m.start, m.end);
      if (canonicalDigest(parseStrictJson(utf8.decode(piece), 'a schema')) !== m.key.slice(7)) return undefined;
      schemas.addBytes(m.key, piece);
    }
    return { lock, schemas };
  } catch (error) {
    // What the readers refuse: the whole-file reader names the problem (with the line and column
    // of a syntax error).
    if (error instanceof InputError) return undefined;
    throw error;
  }
}


/**
 * The contract set of a complete lockfile with a schema store, read from its bytes with the store
 * kept as bytes (`diff`'s reading of each big side).
 *
 * @param bytes The lockfile's bytes, as for {@link tryLazyLockfile}.
 * @param source Its name (the path as given), as for `parseLockfile`.
 * @returns The contract set (its schemas read when looked at), or `undefined` when the bytes are
 *   not such a lockfile or have any problem `parseLockfile` would name (read the text with that then).
 * @example tryLazyContractSet(readFileSync('big.lock'), 'big.lock')?.tools
 */
export function tryLazyContractSet(bytes: Uint8Array, source: string): ContractSet | undefined {
  const lazy = tryLazyLockfile(bytes, source);
  return lazy === undefined ? undefined : contractSetFromLockfileWith(lazy.lock, lazy.schemas);
}
