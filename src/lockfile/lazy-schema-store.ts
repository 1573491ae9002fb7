/**
 * A lockfile's schema store kept as UTF-8 bytes, one entry per digest, each read into a value
 * only when a contract asks for its schema (`diff` of two big lockfiles): the schemas are most of
 * a lockfile's bytes, and two lockfiles' schemas as trees do not fit a small heap (a 64 MB
 * lockfile's parsed document was more than a 256 MiB heap holds beside the other side's).
 * Bytes in a typed array live outside the engine's heap; a value read is dropped when its reader
 * is done with it, and the last few read are kept so the rules of one tool parse a schema once.
 *
 * @module
 */
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';

/** How many schemas read last are kept as values. */
const KEPT = 4;

/** Schemas by `sha256:` key, as the UTF-8 bytes of each (already checked to hash to its key). */
export class LazySchemaStore {
  private readonly bytes = new Map<string, Uint8Array>();
  private readonly recent = new Map<string, JsonValue>();
  private readonly decoder = new TextDecoder();

  /**
   * Keep a schema's UTF-8 bytes as they are (a view of the lockfile's bytes, not a copy).
   *
   * @param key The `sha256:` key it is stored under.
   * @param bytes Its JSON text as UTF-8 (strict JSON that hashes to the key).
   */
  addBytes(key: string, bytes: Uint8Array): void {
    this.bytes.set(key, bytes);
  }

  /**
   * Whether a schema is kept under a key.
   *
   * @param key A `sha256:` key.
   * @returns True when one is.
   */
  has(key: string): boolean {
    return this.bytes.has(key);
  }

  /**
   * The schema under a key, read from its bytes (the same value each time while it is among the
   * last few read).
   *
   * @param key A `sha256:` key that {@link has} knows.
   * @returns The schema.
   * @throws {Error} When no schema is kept under the key.
   */
  read(key: string): JsonValue {
    const kept = this.recent.get(key);
    if (kept !== undefined) {
      this.recent.delete(key);
      this.recent.set(key, kept);
      return kept;
    }
    const bytes = this.bytes.get(key);
    if (bytes === undefined) throw new Error(`No schema is stored under "${key}"`);
    const value = parseStrictJson(this.decoder.decode(bytes), `the schema "${key}"`);
    this.recent.set(key, value);
    if (this.recent.size > KEPT) this.recent.delete(this.recent.keys().next().value!);
    return value;
  }
}
