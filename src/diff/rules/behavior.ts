/**
 * Behavior rules: runtime guarantees beyond the wire surface (output schema, system rules,
 * guardrails, middleware, state-sync and concurrency fingerprints, affordances, presenters).
 *
 * @module
 */
import type { CognitiveGuardrails, ToolContract } from '../../contract/types.ts';
import type { Hit, StructuralRule, ToolRule } from '../rule.ts';
import { explainSchemaChange } from './schema.ts';
import { sameJson, whenChanged } from './_compare.ts';

const GUARDRAILS = ['agentLimitMax', 'egressMaxBytes'] as const;
type Movement = 'added' | 'removed' | 'tightened' | 'loosened';

/** How a limit moved: null means unlimited, so null → n adds it and a larger n loosens it. */
function movement(before: number | null, after: number | null): Movement | undefined {
  if (sameJson(before, after)) return undefined;
  if (before === null) return 'added';
  if (after === null) return 'removed';
  return after < before ? 'tightened' : 'loosened';
}

/** Hits for guardrails that moved in one way. */
function guardrails(b: CognitiveGuardrails, a: CognitiveGuardrails, want: Movement): Hit[] {
  return GUARDRAILS.filter((k) => movement(b[k], a[k]) === want)
    .map((k) => ({ field: `behavior.cognitiveGuardrails.${k}`, before: b[k], after: a[k] }));
}

/** The output schema of a tool: null when none is declared, undefined when not known. */
const outputSchemaOf = (c: ToolContract) => (c.behavior.egressSchemaDigest === null ? null : c.behavior.outputSchema);

/** The behavior rows, in report order. */
export const BEHAVIOR_RULES: readonly (ToolRule | StructuralRule)[] = [
  {
    id: 'behavior.egress-schema-changed', verdict: 'BREAKING', field: 'behavior.egressSchemaDigest', scope: 'tool', schemaDetail: 'output',
    detect: (b, a) => whenChanged('behavior.egressSchemaDigest', b.behavior.egressSchemaDigest, a.behavior.egressSchemaDigest).map((hit) => {
      const detail = explainSchemaChange(outputSchemaOf(b), outputSchemaOf(a), 'output');
      return detail !== undefined && detail.length > 0 ? { ...hit, detail } : hit;
    }),
  },
  {
    id: 'behavior.system-rules-changed', verdict: 'BREAKING', field: 'behavior.systemRulesFingerprint', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.systemRulesFingerprint', b.behavior.systemRulesFingerprint, a.behavior.systemRulesFingerprint),
  },
  {
    id: 'behavior.guardrail-added', verdict: 'SAFE', field: 'behavior.cognitiveGuardrails.*', scope: 'tool',
    detect: (b, a) => guardrails(b.behavior.cognitiveGuardrails, a.behavior.cognitiveGuardrails, 'added'),
  },
  {
    id: 'behavior.guardrail-removed', verdict: 'RISKY', security: true, field: 'behavior.cognitiveGuardrails.*', scope: 'tool',
    detect: (b, a) => guardrails(b.behavior.cognitiveGuardrails, a.behavior.cognitiveGuardrails, 'removed'),
  },
  {
    id: 'behavior.guardrail-tightened', verdict: 'SAFE', field: 'behavior.cognitiveGuardrails.*', scope: 'tool',
    detect: (b, a) => guardrails(b.behavior.cognitiveGuardrails, a.behavior.cognitiveGuardrails, 'tightened'),
  },
  {
    id: 'behavior.guardrail-loosened', verdict: 'RISKY', security: true, field: 'behavior.cognitiveGuardrails.*', scope: 'tool',
    detect: (b, a) => guardrails(b.behavior.cognitiveGuardrails, a.behavior.cognitiveGuardrails, 'loosened'),
  },
  {
    id: 'behavior.middleware-chain-changed', verdict: 'RISKY', field: 'behavior.middlewareChain', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.middlewareChain', b.behavior.middlewareChain, a.behavior.middlewareChain),
  },
  {
    id: 'behavior.state-sync-changed', verdict: 'RISKY', field: 'behavior.stateSyncFingerprint', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.stateSyncFingerprint', b.behavior.stateSyncFingerprint, a.behavior.stateSyncFingerprint),
  },
  {
    id: 'behavior.concurrency-changed', verdict: 'RISKY', field: 'behavior.concurrencyFingerprint', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.concurrencyFingerprint', b.behavior.concurrencyFingerprint, a.behavior.concurrencyFingerprint),
  },
  {
    id: 'behavior.affordance-topology-changed', verdict: 'RISKY', field: 'behavior.affordanceTopology', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.affordanceTopology', b.behavior.affordanceTopology, a.behavior.affordanceTopology),
  },
  {
    id: 'behavior.embedded-presenters-changed', verdict: 'RISKY', field: 'behavior.embeddedPresenters', scope: 'tool',
    detect: (b, a) => whenChanged('behavior.embeddedPresenters', b.behavior.embeddedPresenters, a.behavior.embeddedPresenters),
  },
  { id: 'behavior.unclassified-change', verdict: 'BREAKING', field: 'behavior', scope: 'structural' },
];
