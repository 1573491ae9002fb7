/**
 * Surface rules: what `tools/list` shows the model (name, description, tags, input schema,
 * actions and their flags, required fields, presenters, openWorld).
 *
 * @module
 */
import { sortedKeys } from '../../canonical/digest.ts';
import type { ActionContract } from '../../contract/types.ts';
import type { ActionRule, Hit, StructuralRule, ToolRule } from '../rule.ts';
import { childField } from '../path.ts';
import { explainSchemaChange } from './schema.ts';
import { elementsAdded, elementsRemoved, orNull, reordered, whenChanged } from './_compare.ts';

/** Hits for actions present only on one side, split by a predicate on the action. */
function actionsOnlyIn(
  from: Record<string, ActionContract>,
  other: Record<string, ActionContract>,
  side: 'before' | 'after',
  keep: (a: ActionContract) => boolean,
): Hit[] {
  return sortedKeys(from)
    .filter((k) => !Object.prototype.hasOwnProperty.call(other, k) && keep(from[k]!))
    .map((k) => ({ action: k, field: childField('surface.actions', k), before: side === 'before' ? k : null, after: side === 'after' ? k : null }));
}

/** Where an openWorld value stands: closed (false) < unknown (absent) < open (true). */
const openRank = (v: boolean | undefined): number => (v === true ? 2 : v === undefined ? 1 : 0);

/** The surface rows, in report order. */
export const SURFACE_RULES: readonly (ToolRule | ActionRule | StructuralRule)[] = [
  { id: 'surface.tool-added', verdict: 'SAFE', field: 'tools.*', scope: 'structural' },
  // A new tool with a destructive action is a new destructive action (SPEC 6's security flag),
  // as much as one added to an existing tool: wrapping it in a new tool must not hide it.
  { id: 'surface.destructive-tool-added', verdict: 'SAFE', security: true, field: 'tools.*', scope: 'structural' },
  { id: 'surface.tool-removed', verdict: 'BREAKING', field: 'tools.*', scope: 'structural' },
  {
    id: 'surface.tool-renamed', verdict: 'BREAKING', field: 'surface.name', scope: 'tool',
    detect: (b, a) => whenChanged('surface.name', b.surface.name, a.surface.name),
  },
  {
    id: 'surface.description-changed', verdict: 'COSMETIC', security: true, field: 'surface.description', scope: 'tool',
    detect: (b, a) => whenChanged('surface.description', b.surface.description, a.surface.description),
  },
  {
    id: 'surface.tags-added', verdict: 'COSMETIC', field: 'surface.tags', scope: 'tool',
    detect: (b, a) => elementsAdded('surface.tags', b.surface.tags, a.surface.tags),
  },
  {
    id: 'surface.tags-removed', verdict: 'SAFE', field: 'surface.tags', scope: 'tool',
    detect: (b, a) => elementsRemoved('surface.tags', b.surface.tags, a.surface.tags),
  },
  {
    id: 'surface.input-schema-changed', verdict: 'BREAKING', field: 'surface.inputSchemaDigest', scope: 'tool', schemaDetail: 'input',
    detect: (b, a) => whenChanged('surface.inputSchemaDigest', b.surface.inputSchemaDigest, a.surface.inputSchemaDigest)
      .map((hit) => withDetail(hit, explainSchemaChange(b.surface.inputSchema, a.surface.inputSchema, 'input'))),
  },
  {
    id: 'surface.action-added', verdict: 'SAFE', field: 'surface.actions.*', scope: 'tool',
    detect: (b, a) => actionsOnlyIn(a.surface.actions, b.surface.actions, 'after', (x) => !x.destructive),
  },
  {
    id: 'surface.destructive-action-added', verdict: 'SAFE', security: true, field: 'surface.actions.*', scope: 'tool',
    detect: (b, a) => actionsOnlyIn(a.surface.actions, b.surface.actions, 'after', (x) => x.destructive),
  },
  {
    id: 'surface.action-removed', verdict: 'BREAKING', field: 'surface.actions.*', scope: 'tool',
    detect: (b, a) => actionsOnlyIn(b.surface.actions, a.surface.actions, 'before', () => true),
  },
  {
    id: 'surface.action-description-changed', verdict: 'COSMETIC', security: true, field: 'surface.actions.*.description', scope: 'action',
    detect: (b, a) => whenChanged('description', b.description, a.description),
  },
  {
    id: 'surface.destructive-changed', verdict: 'BREAKING', field: 'surface.actions.*.destructive', scope: 'action',
    // The contract keeps the two flags, not whether destructiveHint was given: the note says when
    // the change follows from readOnly's (MCP's default), so the reason can say it may be so.
    detect: (b, a) => whenChanged('destructive', b.destructive, a.destructive).map((hit) => (
      b.readOnly && !a.readOnly && a.destructive ? { ...hit, note: 'read-only-dropped' as const }
        : !b.readOnly && a.readOnly && b.destructive ? { ...hit, note: 'read-only-set' as const } : hit)),
  },
  {
    id: 'surface.readonly-changed', verdict: 'BREAKING', field: 'surface.actions.*.readOnly', scope: 'action',
    detect: (b, a) => whenChanged('readOnly', b.readOnly, a.readOnly),
  },
  {
    id: 'surface.idempotent-changed', verdict: 'RISKY', field: 'surface.actions.*.idempotent', scope: 'action',
    detect: (b, a) => whenChanged('idempotent', b.idempotent, a.idempotent),
  },
  {
    id: 'surface.required-field-added', verdict: 'BREAKING', field: 'surface.actions.*.requiredFields', scope: 'action',
    detect: (b, a) => elementsAdded('requiredFields', b.requiredFields, a.requiredFields),
  },
  {
    id: 'surface.required-field-removed', verdict: 'SAFE', field: 'surface.actions.*.requiredFields', scope: 'action',
    detect: (b, a) => elementsRemoved('requiredFields', b.requiredFields, a.requiredFields),
  },
  {
    id: 'surface.required-fields-reordered', verdict: 'COSMETIC', field: 'surface.actions.*.requiredFields', scope: 'action',
    detect: (b, a) => (reordered(b.requiredFields, a.requiredFields)
      ? [{ field: 'requiredFields', before: [...b.requiredFields], after: [...a.requiredFields] }] : []),
  },
  {
    id: 'surface.presenter-added', verdict: 'RISKY', field: 'surface.actions.*.presenterName', scope: 'action',
    detect: (b, a) => (b.presenterName === undefined && a.presenterName !== undefined
      ? [{ field: 'presenterName', before: null, after: a.presenterName }] : []),
  },
  {
    id: 'surface.presenter-removed', verdict: 'BREAKING', field: 'surface.actions.*.presenterName', scope: 'action',
    detect: (b, a) => (b.presenterName !== undefined && a.presenterName === undefined
      ? [{ field: 'presenterName', before: b.presenterName, after: null }] : []),
  },
  {
    id: 'surface.presenter-replaced', verdict: 'RISKY', field: 'surface.actions.*.presenterName', scope: 'action',
    detect: (b, a) => (b.presenterName !== undefined && a.presenterName !== undefined
      ? whenChanged('presenterName', b.presenterName, a.presenterName) : []),
  },
  {
    // An action whose schema is the tool's whole input schema on both sides (a plain MCP tool's
    // single `default` action) is already reported by surface.input-schema-changed.
    id: 'surface.action-schema-changed', verdict: 'RISKY', field: 'surface.actions.*.inputSchemaDigest', scope: 'tool', schemaDetail: 'input',
    detect: (b, a) => sortedKeys(b.surface.actions).filter((k) => Object.prototype.hasOwnProperty.call(a.surface.actions, k)).flatMap((key) => {
      const x = b.surface.actions[key]!;
      const y = a.surface.actions[key]!;
      if (x.inputSchemaDigest === b.surface.inputSchemaDigest && y.inputSchemaDigest === a.surface.inputSchemaDigest) return [];
      return whenChanged(`${childField('surface.actions', key)}.inputSchemaDigest`, x.inputSchemaDigest, y.inputSchemaDigest)
        .map((hit) => ({ ...withDetail(hit, explainSchemaChange(x.inputSchema, y.inputSchema, 'input')), action: key }));
    }),
  },
  {
    id: 'surface.action-middleware-changed', verdict: 'RISKY', field: 'surface.actions.*.hasMiddleware', scope: 'action',
    detect: (b, a) => whenChanged('hasMiddleware', b.hasMiddleware, a.hasMiddleware),
  },
  {
    id: 'surface.open-world-enabled', verdict: 'RISKY', security: true, field: 'surface.actions.*.openWorld', scope: 'action',
    detect: (b, a) => (a.openWorld === true && b.openWorld !== true
      ? [{ field: 'openWorld', before: orNull(b.openWorld), after: true }] : []),
  },
  {
    id: 'surface.open-world-hint-removed', verdict: 'RISKY', field: 'surface.actions.*.openWorld', scope: 'action',
    detect: (b, a) => (b.openWorld === false && a.openWorld === undefined
      ? [{ field: 'openWorld', before: false, after: null }] : []),
  },
  {
    id: 'surface.open-world-disabled', verdict: 'SAFE', field: 'surface.actions.*.openWorld', scope: 'action',
    detect: (b, a) => (openRank(a.openWorld) < openRank(b.openWorld)
      ? [{ field: 'openWorld', before: orNull(b.openWorld), after: orNull(a.openWorld) }] : []),
  },
  { id: 'surface.unclassified-change', verdict: 'BREAKING', field: 'surface', scope: 'structural' },
];

/** Attach a non-empty schema explanation to a hit. */
function withDetail(hit: Hit, detail: Hit['detail']): Hit {
  return detail !== undefined && detail.length > 0 ? { ...hit, detail } : hit;
}
