/**
 * Private helpers shared by the rule files: value comparison and hit builders.
 *
 * @module
 */
import { canonicalize } from '../../canonical/jcs.ts';
import type { JsonValue } from '../../canonical/strict-json.ts';
import type { Hit } from '../rule.ts';
import { elementField } from '../path.ts';

/** `undefined` (absent) becomes null, everything else is kept. */
export function orNull<T extends JsonValue>(v: T | undefined): T | null {
  return v === undefined ? null : v;
}

/** Canonical equality of two JSON values (undefined equals only undefined). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalize(a) === canonicalize(b);
}

/** One hit when the value at `field` differs, else none. */
export function whenChanged(field: string, before: JsonValue | undefined, after: JsonValue | undefined): Hit[] {
  return sameJson(before, after) ? [] : [{ field, before: orNull(before), after: orNull(after) }];
}

/**
 * Multiset difference in code-unit order: elements (with multiplicity) only in `after` are added,
 * only in `before` removed. `['a','a']` vs `['a']` removes one `a`.
 */
export function multisetDiff(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const count = new Map<string, number>();
  for (const x of before) count.set(x, (count.get(x) ?? 0) + 1);
  const added: string[] = [];
  for (const x of after) {
    const n = count.get(x) ?? 0;
    if (n > 0) count.set(x, n - 1);
    else added.push(x);
  }
  const removed: string[] = [];
  for (const [x, n] of count) for (let i = 0; i < n; i++) removed.push(x);
  return { added: added.sort(), removed: removed.sort() };
}

/** Hits for the elements added to a set-valued field (`field["x"]`, before null). */
export function elementsAdded(field: string, before: readonly string[], after: readonly string[]): Hit[] {
  return multisetDiff(before, after).added.map((x) => ({ field: elementField(field, x), before: null, after: x }));
}

/** Hits for the elements removed from a set-valued field (`field["x"]`, after null). */
export function elementsRemoved(field: string, before: readonly string[], after: readonly string[]): Hit[] {
  return multisetDiff(before, after).removed.map((x) => ({ field: elementField(field, x), before: x, after: null }));
}

/** Whether two lists hold the same elements (with multiplicity) in a different order. */
export function reordered(before: readonly string[], after: readonly string[]): boolean {
  const d = multisetDiff(before, after);
  return d.added.length === 0 && d.removed.length === 0 && !sameJson(before, after);
}
