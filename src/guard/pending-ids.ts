/**
 * The requests of a client that wait for their answers, by JSON-RPC id, paired with an answer as
 * a client pairs them: an answer whose id is exactly a request's answers that request; else one
 * whose id a client reads as the same number ({@link answerKey}: the TypeScript SDK's client looks
 * an answer up by `Number(id)`, so `"3"` answers the request 3) answers the oldest such request.
 * Matched exactly alone, an answer under `"3"` reached the client unseen by the proxy, which then
 * judged a later answer under `3` that the client drops.
 *
 * @module
 */
import { answerKey, idKey, type Json } from './json-lines.ts';

/** Pending requests by id, each with a value; the oldest are forgotten beyond a cap. */
export interface PendingIds<T> {
  /** Follow a request (a later one with the same exact id replaces it). */
  add(id: string | number, value: T): void;
  /**
   * Take the request an answer's id answers: the one with exactly that id, else the oldest whose id
   * a client pairs with it.
   *
   * @returns The request's value, or undefined when no pending request is answered by that id.
   */
  take(id: Json | undefined): T | undefined;
  /**
   * The request an answer's id answers, as {@link PendingIds.take} pairs it, left pending.
   *
   * @returns Its value, its exact key, and whether the ids are equal (an exact-matching client,
   *   Go's or Rust's SDK, pairs only then); undefined when no pending request is answered by it.
   */
  find(id: Json | undefined): { value: T; key: string; exact: boolean } | undefined;
  /** Forget the request with this exact key (one {@link PendingIds.find} returned). */
  remove(key: string): void;
  /** How many requests wait. */
  readonly size: number;
  /** Forget every request. */
  clear(): void;
}

/**
 * Create the pending requests.
 *
 * @param max At most this many are followed; the oldest is forgotten first.
 * @returns The pending requests.
 * @example const p = createPendingIds<string>(4096); p.add(3, 'tools/call'); p.take('3') // 'tools/call'
 */
export function createPendingIds<T>(max: number): PendingIds<T> {
  /** Exact key → the loose key and the value, in the order the requests came. */
  const byExact = new Map<string, { loose: string; value: T }>();
  /**
   * Loose key → the exact keys that have it, oldest first: an answer paired loosely finds the
   * first without walking every pending request (a server that answers each call under the string
   * of its id, while earlier requests wait, would otherwise cost a walk over all of them per answer).
   */
  const byLoose = new Map<string, Set<string>>();
  const drop = (exact: string): T => {
    const entry = byExact.get(exact)!;
    byExact.delete(exact);
    const same = byLoose.get(entry.loose)!;
    same.delete(exact);
    if (same.size === 0) byLoose.delete(entry.loose);
    return entry.value;
  };
  const find = (id: Json | undefined): { value: T; key: string; exact: boolean } | undefined => {
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    const exact = idKey(id);
    const hit = byExact.get(exact);
    if (hit !== undefined) return { value: hit.value, key: exact, exact: true };
    const key = byLoose.get(answerKey(id))?.values().next().value;
    return key === undefined ? undefined : { value: byExact.get(key)!.value, key, exact: false };
  };
  return {
    add(id, value) {
      const exact = idKey(id);
      if (byExact.has(exact)) drop(exact);
      const loose = answerKey(id);
      byExact.set(exact, { loose, value });
      const same = byLoose.get(loose);
      if (same === undefined) byLoose.set(loose, new Set([exact]));
      else same.add(exact);
      if (byExact.size > max) drop(byExact.keys().next().value!);
    },
    take(id) {
      const found = find(id);
      if (found === undefined) return undefined;
      drop(found.key);
      return found.value;
    },
    find,
    remove(key) {
      if (byExact.has(key)) drop(key);
    },
    get size() {
      return byExact.size;
    },
    clear() {
      byExact.clear();
      byLoose.clear();
    },
  };
}
