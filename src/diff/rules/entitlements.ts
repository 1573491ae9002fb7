/**
 * Entitlement rules: the blast radius found by `scan` in the tool's handlers. A gained
 * entitlement is BREAKING (a reviewer must see it), a lost one SAFE: the asymmetry is intended.
 *
 * @module
 */
import { ENTITLEMENT_FAMILIES } from '../../contract/types.ts';
import type { Entitlements } from '../../contract/types.ts';
import type { Hit, StructuralRule, ToolRule } from '../rule.ts';
import { elementsAdded, elementsRemoved } from './_compare.ts';

/** Families that went from `from` to `!from`, then raw identifiers gained or lost. */
function moved(b: Entitlements, a: Entitlements, gained: boolean): Hit[] {
  const families: Hit[] = ENTITLEMENT_FAMILIES.filter((f) => b[f] !== a[f] && a[f] === gained)
    .map((f) => ({ field: `entitlements.${f}`, before: b[f], after: a[f] }));
  const raw = gained ? elementsAdded('entitlements.raw', b.raw, a.raw) : elementsRemoved('entitlements.raw', b.raw, a.raw);
  return [...families, ...raw];
}

/** The entitlement rows, in report order. */
export const ENTITLEMENT_RULES: readonly (ToolRule | StructuralRule)[] = [
  {
    id: 'entitlements.gained', verdict: 'BREAKING', field: 'entitlements.*', scope: 'tool',
    detect: (b, a) => moved(b.entitlements, a.entitlements, true),
  },
  {
    id: 'entitlements.lost', verdict: 'SAFE', field: 'entitlements.*', scope: 'tool',
    detect: (b, a) => moved(b.entitlements, a.entitlements, false),
  },
  { id: 'entitlements.unclassified-change', verdict: 'BREAKING', field: 'entitlements', scope: 'structural' },
];
