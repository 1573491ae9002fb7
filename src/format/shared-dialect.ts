/**
 * A JSON Schema dialect change shared by many schemas, said once. A server that moves from zod 3
 * to zod 4 changes `$schema` from draft-07 to 2020-12 in every tool's input and output schema at
 * once (mongodb-mcp-server 1.14.0 → 3.0.4: 47 times); the human formats (text, markdown, github)
 * say it in one line and leave it out of each delta's detail. The data (JSON, SARIF, the library's
 * result) keeps every entry: each schema delta still carries its own.
 *
 * @module
 */
import { canonicalize } from '../canonical/jcs.ts';
import { showValue } from '../diff/messages.ts';
import type { DiffResult, SchemaChange } from '../diff/types.ts';

/** One dialect change found at the root of two or more schema deltas. */
export interface SharedDialect {
  before: SchemaChange['before'];
  after: SchemaChange['after'];
  /** How many schema deltas carry it. */
  count: number;
}

const isRootDialect = (c: SchemaChange): boolean => c.id.endsWith('.dialect-changed') && c.path === '$';
const keyOf = (c: SchemaChange): string => canonicalize([c.before, c.after]);

/**
 * The dialect changes that two or more schema deltas of a diff carry at their root.
 *
 * @param result The diff result.
 * @returns The shared changes (in order of first appearance) and a test for the detail entries they stand for.
 * @example sharedDialects(result).has(entry) // leave the entry out of the per-delta detail
 */
export function sharedDialects(result: DiffResult): { shared: SharedDialect[]; has: (c: SchemaChange) => boolean } {
  const found = new Map<string, SharedDialect>();
  for (const d of result.deltas) {
    for (const c of d.detail ?? []) {
      if (!isRootDialect(c)) continue;
      const k = keyOf(c);
      const s = found.get(k);
      if (s === undefined) found.set(k, { before: c.before, after: c.after, count: 1 });
      else s.count++;
    }
  }
  const keys = new Set([...found].filter(([, s]) => s.count >= 2).map(([k]) => k));
  return { shared: [...found].filter(([k]) => keys.has(k)).map(([, s]) => s), has: (c) => isRootDialect(c) && keys.has(keyOf(c)) };
}

/**
 * The one line that says a shared dialect change.
 *
 * @param s The shared change.
 * @returns `47 schemas changed JSON Schema dialect ($schema) "…" → "…" (COSMETIC: …); said once here, not under each`.
 */
export function sharedDialectLine(s: SharedDialect): string {
  const show = (v: SharedDialect['before']): string => (v === null ? 'absent' : showValue(v));
  return `${s.count} schemas changed JSON Schema dialect ($schema) ${show(s.before)} → ${show(s.after)} (COSMETIC: the keywords are compared alike); said once here, not under each schema`;
}

/**
 * What stands under a schema delta whose only detail was a shared dialect change (said once
 * above): a short pointer, so the delta does not read as a change without an explanation.
 *
 * @param c The entry left out.
 * @returns `input $ JSON Schema dialect ($schema) changed, as noted above`.
 */
export function sharedDialectPointer(c: SchemaChange): string {
  return `${c.id.startsWith('schema.output.') ? 'output' : 'input'} ${c.path} JSON Schema dialect ($schema) changed, as noted above`;
}
