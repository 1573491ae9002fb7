/**
 * The diff library: classify contract changes (SPEC 6), explain schema changes, render them, and
 * build the self-healing block (SPEC 10). Named re-exports only; see docs/diff.md.
 *
 * @module
 */
export { diffContracts } from './diff-contracts.ts';
export { diffRecorded, type RecordedSide } from './diff-recorded.ts';
export { applyAcknowledgements, parseAcknowledgements, type AcknowledgedResult } from './acknowledge.ts';
export {
  VERDICTS,
  type Verdict,
  type OverallVerdict,
  type DiffPolicy,
  type SchemaDirection,
  type SubjectKind,
  type SchemaChange,
  type Delta,
  type VerdictCounts,
  type DiffResult,
  type DiffOptions,
} from './types.ts';
export { FAIL_ON_VALUES, type FailOn, verdictRank, maxVerdict, parseFailOn, gateFails } from './verdict.ts';
export { RULES, ruleById } from './registry.ts';
export type { Rule, Hit, HitNote, LookAlike, ToolRule, ActionRule, PromptRule, ResourceRule, StructuralRule, SchemaRule } from './rule.ts';
export { MESSAGES, reasonFor, type Message, type MessageArgs } from './messages.ts';
export { explainSchemaChange } from './rules/schema.ts';
export { diffSchema, SCHEMA_CHANGE_KINDS, type SchemaChangeKind, type RawSchemaChange } from './schema/diff-schema.ts';
export { diffReport, DIFF_REPORT_VERSION, type DiffReport, type DiffReportDelta, type DiffReportMeta } from './diff-report.ts';
export { diffToSarif, type DiffSarifOptions } from './sarif.ts';
export type { SarifLog } from '../format/sarif.ts';
export {
  buildContractAwareness,
  enrichValidationError,
  relevantDeltas,
  escapeXml,
  DEFAULT_MAX_DELTAS,
  type Awareness,
  type AwarenessOptions,
  type EnrichedError,
} from './awareness.ts';
export { formatDiffText, type DiffTextOptions } from '../format/text.ts';
export { formatDiffMarkdown, type DiffMarkdownOptions } from '../format/markdown.ts';
export { formatDiffGithub, type DiffGithubOptions } from '../format/github.ts';
