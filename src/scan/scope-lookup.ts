/**
 * The innermost binding of a name visible at a token, fast for names declared many times (a
 * loop variable in every `for`, a parameter `e` in every function of a minified bundle, a
 * function expression's own name): a scan of every declaration per reference made such files
 * quadratic.
 *
 * Scopes are token ranges, nested or disjoint. Sorted by start, the answer for position `at` is
 * the last binding starting at or before `at` if it still contains `at`, else the nearest binding
 * enclosing that one that does: the search follows `enclosing` links, as deep as scopes nest.
 *
 * @module
 */
import { partitionPoint } from '../sorted.ts';

/** What the lookup needs of a binding: its visible token range. */
export interface Scoped {
  scopeStart: number;
  scopeEnd: number;
}

/** Below this many declarations of a name a scan is cheaper than an index. */
const INDEX_FROM = 16;
/** Out-of-order declarations of one name after which it is scanned until `freeze()`. */
const REBUILDS_BEFORE_SCAN = 4;

interface Index<T extends Scoped> {
  sorted: T[];
  enclosing: number[];
  /** Open scopes at the end of `sorted` (indices), for appending in start order. */
  stack: number[];
}

/**
 * The innermost of `list` whose scope contains `at` (ties: the later declaration), by scanning.
 *
 * @param list Declarations of one name, in declaration order.
 * @param at Token index.
 * @returns The binding, or undefined.
 * @example
 * innermostLinear([{ scopeStart: 0, scopeEnd: 9 }, { scopeStart: 2, scopeEnd: 4 }], 3) // the second
 */
export function innermostLinear<T extends Scoped>(list: readonly T[], at: number): T | undefined {
  let best: T | undefined;
  for (const b of list) if (b.scopeStart <= at && at <= b.scopeEnd && (best === undefined || b.scopeStart >= best.scopeStart)) best = b;
  return best;
}

function append<T extends Scoped>(index: Index<T>, b: T): void {
  const { sorted, enclosing, stack } = index;
  while (stack.length > 0 && sorted[stack[stack.length - 1]!]!.scopeEnd < b.scopeEnd) stack.pop();
  enclosing.push(stack.length > 0 ? stack[stack.length - 1]! : -1);
  stack.push(sorted.length);
  sorted.push(b);
}

/**
 * A lookup over lists of declarations (one list per name) with an index per list. Tell it about
 * each declaration appended to a list (`added`) and each one replaced in place (`replaced`):
 * declarations in token order extend the index, a replacement with the same scope takes the old
 * one's place in it; others drop it, and a list that keeps arriving
 * out of order is scanned until `freeze()` (collection done), after which every long list is
 * indexed.
 *
 * @returns `innermost(list, at)` (the same answers as {@link innermostLinear}), `added`, `replaced`, `freeze`.
 * @example
 * const scopes = createScopeLookup(); list.push(b); scopes.added(list, b); scopes.innermost(list, 42)
 */
export function createScopeLookup<T extends Scoped>(): {
  innermost(list: readonly T[], at: number): T | undefined;
  added(list: readonly T[], binding: T): void;
  replaced(list: readonly T[], old: T, binding: T): void;
  freeze(): void;
} {
  const indexes = new WeakMap<readonly T[], Index<T>>();
  const rebuilds = new WeakMap<readonly T[], number>();
  let frozen = false;
  const build = (list: readonly T[]): Index<T> => {
    // Stable sort by start: among equal starts the later declaration comes last, and wins.
    const order = list.map((b, k) => [b, k] as const).sort((x, y) => x[0].scopeStart - y[0].scopeStart || x[1] - y[1]);
    const index: Index<T> = { sorted: [], enclosing: [], stack: [] };
    for (const [b] of order) append(index, b);
    indexes.set(list, index);
    rebuilds.set(list, (rebuilds.get(list) ?? 0) + 1);
    return index;
  };
  return {
    innermost(list, at) {
      if (list.length < INDEX_FROM) return innermostLinear(list, at);
      let index = indexes.get(list);
      if (index === undefined) {
        if (!frozen && (rebuilds.get(list) ?? 0) >= REBUILDS_BEFORE_SCAN) return innermostLinear(list, at);
        index = build(list);
      }
      const { sorted, enclosing } = index;
      // The last binding starting at or before `at`.
      let j = partitionPoint(sorted.length, (i) => sorted[i]!.scopeStart <= at) - 1;
      while (j >= 0) {
        const b = sorted[j]!;
        if (at <= b.scopeEnd) return b;
        j = enclosing[j]!;
      }
      return undefined;
    },
    added(list, binding) {
      const index = indexes.get(list);
      if (index === undefined) return;
      const last = index.sorted[index.sorted.length - 1];
      if (last === undefined || last.scopeStart <= binding.scopeStart) append(index, binding);
      else indexes.delete(list);
    },
    replaced(list, old, binding) {
      // The same scope (a parameter given what a holder passed to it holds): the same place in the
      // index. Rebuilding the index on each such replacement made thousands of them quadratic.
      const index = indexes.get(list);
      if (index === undefined) return;
      const { sorted } = index;
      let j = old.scopeStart === binding.scopeStart && old.scopeEnd === binding.scopeEnd ? partitionPoint(sorted.length, (i) => sorted[i]!.scopeStart < old.scopeStart) : sorted.length;
      while (j < sorted.length && sorted[j] !== old && sorted[j]!.scopeStart === old.scopeStart) j++;
      if (sorted[j] === old) sorted[j] = binding;
      else indexes.delete(list);
    },
    freeze() {
      frozen = true;
    },
  };
}
