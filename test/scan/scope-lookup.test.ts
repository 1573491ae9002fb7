import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import { createScopeLookup, innermostLinear, type Scoped } from '../../src/scan/scope-lookup.ts';

/** Scopes as a tokenizer's brackets give them: nested or disjoint ranges over 0..n. */
const nestedScopes = fc.array(fc.nat({ max: 30 }), { minLength: 2, maxLength: 160 }).map((cuts) => {
  const scopes: Scoped[] = [];
  const walk = (from: number, to: number, depth: number): void => {
    if (to - from < 2 || depth > 6) return;
    let at = from;
    for (const c of cuts.slice(depth * 7, depth * 7 + 7)) {
      const len = 1 + (c % Math.max(1, to - at));
      if (at + len > to) break;
      scopes.push({ scopeStart: at, scopeEnd: at + len });
      walk(at + 1, at + len - 1, depth + 1);
      at += len + (c % 3);
    }
  };
  scopes.push({ scopeStart: 0, scopeEnd: 200 });
  walk(0, 200, 0);
  return scopes;
});

test('the indexed lookup gives the scan\'s answer at every position, in any declaration order', () => {
  fc.assert(fc.property(nestedScopes, fc.array(fc.nat(), { maxLength: 400 }), fc.boolean(), (scopes, shuffle, sorted) => {
    const order = [...scopes];
    if (sorted) order.sort((a, b) => a.scopeStart - b.scopeStart);
    else for (let i = order.length - 1; i > 0; i--) { const j = (shuffle[i] ?? i) % (i + 1); [order[i], order[j]] = [order[j]!, order[i]!]; }
    const lookup = createScopeLookup<Scoped>();
    const list: Scoped[] = [];
    for (const [k, s] of order.entries()) {
      // Duplicates of a scope (a name declared twice in one block) and in-place replacement.
      const b = { ...s };
      list.push(b);
      lookup.added(list, b);
      if (k % 5 === 0) for (let at = -1; at <= 201; at += 7) if (lookup.innermost(list, at) !== innermostLinear(list, at)) return false;
      // A replacement in the same scope keeps its place in the index; one in another scope drops it.
      if (k % 11 === 3 || k % 7 === 2) {
        const r = k % list.length;
        const old = list[r]!;
        list[r] = k % 11 === 3 ? { ...old } : { ...scopes[k % scopes.length]! };
        lookup.replaced(list, old, list[r]!);
      }
    }
    lookup.freeze();
    for (let at = -1; at <= 201; at++) if (lookup.innermost(list, at) !== innermostLinear(list, at)) return false;
    return true;
  }), { numRuns: 400 });
});

test('equal starts: the later declaration wins, as in the scan', () => {
  const lookup = createScopeLookup<Scoped & { id: number }>();
  const list = Array.from({ length: 40 }, (_, id) => ({ scopeStart: 10, scopeEnd: 20 + (id % 3), id }));
  lookup.freeze();
  assert.is(lookup.innermost(list, 15)!.id, innermostLinear(list, 15)!.id);
  assert.is(lookup.innermost(list, 22)!.id, innermostLinear(list, 22)!.id);
  assert.is(lookup.innermost(list, 5), undefined);
});

test.run();
