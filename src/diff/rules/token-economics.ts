/**
 * Token-economics rules: how much a tool's answers cost the model's context window.
 *
 * @module
 */
import { INFLATION_RISKS } from '../../contract/types.ts';
import type { ToolContract } from '../../contract/types.ts';
import type { Hit, StructuralRule, ToolRule } from '../rule.ts';
import { whenChanged } from './_compare.ts';

/** Rank of an inflation risk; an unknown level ranks above `critical` (treated as the worst). */
const riskRank = (risk: string): number => {
  const i = (INFLATION_RISKS as readonly string[]).indexOf(risk);
  return i === -1 ? INFLATION_RISKS.length : i;
};

/**
 * The old side declared no output schema: its token economics are what nothing declared gives
 * (SPEC 3), so a rise from them is a first measure, which the reason says (the verdict stays).
 */
const noted = (b: ToolContract): Pick<Hit, 'note'> => {
  const t = b.tokenEconomics;
  // An MCP Fusion manifest states token economics without an egress digest: those are a measure.
  const defaults = t.inflationRisk === 'low' && t.unboundedCollection === false && t.schemaFieldCount === 0;
  return b.behavior.egressSchemaDigest === null && defaults ? { note: 'no-output-schema-before' } : {};
};

/** The token-economics rows, in report order. */
export const TOKEN_ECONOMICS_RULES: readonly (ToolRule | StructuralRule)[] = [
  {
    id: 'token-economics.inflation-risk-escalated', verdict: 'BREAKING', field: 'tokenEconomics.inflationRisk', scope: 'tool',
    detect: (b, a) => {
      const rb = b.tokenEconomics.inflationRisk;
      const ra = a.tokenEconomics.inflationRisk;
      // Two different unknown levels rank alike: an unreadable change is treated as an escalation.
      return rb !== ra && riskRank(ra) >= riskRank(rb) ? [{ field: 'tokenEconomics.inflationRisk', before: rb, after: ra, ...noted(b) }] : [];
    },
  },
  {
    id: 'token-economics.inflation-risk-reduced', verdict: 'SAFE', field: 'tokenEconomics.inflationRisk', scope: 'tool',
    detect: (b, a) => {
      const rb = b.tokenEconomics.inflationRisk;
      const ra = a.tokenEconomics.inflationRisk;
      return riskRank(ra) < riskRank(rb) ? [{ field: 'tokenEconomics.inflationRisk', before: rb, after: ra }] : [];
    },
  },
  {
    id: 'token-economics.collection-unbounded', verdict: 'RISKY', field: 'tokenEconomics.unboundedCollection', scope: 'tool',
    detect: (b, a) => (!b.tokenEconomics.unboundedCollection && a.tokenEconomics.unboundedCollection
      ? [{ field: 'tokenEconomics.unboundedCollection', before: false, after: true, ...noted(b) }] : []),
  },
  {
    id: 'token-economics.collection-bounded', verdict: 'SAFE', field: 'tokenEconomics.unboundedCollection', scope: 'tool',
    detect: (b, a) => (b.tokenEconomics.unboundedCollection && !a.tokenEconomics.unboundedCollection
      ? [{ field: 'tokenEconomics.unboundedCollection', before: true, after: false }] : []),
  },
  {
    id: 'token-economics.field-count-changed', verdict: 'COSMETIC', field: 'tokenEconomics.schemaFieldCount', scope: 'tool',
    detect: (b, a) => whenChanged('tokenEconomics.schemaFieldCount', b.tokenEconomics.schemaFieldCount, a.tokenEconomics.schemaFieldCount),
  },
  {
    id: 'token-economics.overhead-changed', verdict: 'COSMETIC', field: 'tokenEconomics.baseOverheadTokens', scope: 'tool',
    detect: (b, a) => whenChanged('tokenEconomics.baseOverheadTokens', b.tokenEconomics.baseOverheadTokens, a.tokenEconomics.baseOverheadTokens),
  },
  { id: 'token-economics.unclassified-change', verdict: 'BREAKING', field: 'tokenEconomics', scope: 'structural' },
];
