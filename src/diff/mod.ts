/**
 * The diff library: classify contract changes (SPEC 6), explain schema changes, render them, and
 * build the self-healing block (SPEC 10). Named re-exports only; see docs/diff.md.
 *
 * @module
 */
export { diffContracts } from './diff-contracts.ts';
export { diffRecorded, type RecordedSide } from './diff-recorded.ts';
export { type AcknowledgedResult } from './acknowledge.ts';
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
export { FAIL_ON_VALUES, type FailOn, verdictRank, parseFailOn } from './verdict.ts';
export { RULES } from './registry.ts';
export type { Rule, Hit, HitNote, LookAlike, ToolRule, ActionRule, PromptRule, ResourceRule, StructuralRule, SchemaRule } from './rule.ts';
export { MESSAGES, type Message, type MessageArgs } from './messages.ts';
export { explainSchemaChange } from './rules/schema.ts';
export { diffSchema, SCHEMA_CHANGE_KINDS, type SchemaChangeKind, type RawSchemaChange } from './schema/diff-schema.ts';
export { DIFF_REPORT_VERSION, type DiffReport, type DiffReportDelta, type DiffReportMeta } from './diff-report.ts';
export { type DiffSarifOptions } from './sarif.ts';
export type { SarifLog } from '../format/sarif.ts';
export { DEFAULT_MAX_DELTAS, type Awareness, type AwarenessOptions, type EnrichedError } from './awareness.ts';
export { formatDiffText, type DiffTextOptions } from '../format/text.ts';
export { type DiffMarkdownOptions } from '../format/markdown.ts';
export { type DiffGithubOptions } from '../format/github.ts';

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from '../arguments.ts';

/** A scan report, as far as a caller's mistake shows. */
const REPORT = { files: 'array', findings: 'objects', violations: 'objects' } as const;

/** What diffContracts returns, as far as a caller's mistake shows. */
const RESULT = { verdict: 'string', deltas: 'objects' } as const;
import * as work0 from './acknowledge.ts';
import * as work1 from './verdict.ts';
import * as work2 from './registry.ts';
import * as work3 from './messages.ts';
import * as work4 from './diff-report.ts';
import * as work5 from './sarif.ts';
import * as work6 from './awareness.ts';
import * as work7 from '../format/markdown.ts';
import * as work8 from '../format/github.ts';
/** {@link work0.applyAcknowledgements}, its arguments checked by kind on failure. */
export const applyAcknowledgements = guardArguments(work0.applyAcknowledgements, 'applyAcknowledgements(result, fingerprints, formerly)', [RESULT, 'set', 'array?']);
/** {@link work0.parseAcknowledgements}, its arguments checked by kind on failure. */
export const parseAcknowledgements = guardArguments(work0.parseAcknowledgements, 'parseAcknowledgements(text, source)', ['string', 'string']);
/** {@link work1.maxVerdict}, its arguments checked by kind on failure. */
export const maxVerdict = guardArguments(work1.maxVerdict, 'maxVerdict(verdicts)', ['iterable']);
/** {@link work1.gateFails}, its arguments checked by kind on failure. */
export const gateFails = guardArguments(work1.gateFails, 'gateFails(verdict, failOn)', ['string', 'string']);
/** {@link work2.ruleById}, its arguments checked by kind on failure. */
export const ruleById = guardArguments(work2.ruleById, 'ruleById(id)', ['string']);
/** {@link work3.reasonFor}, its arguments checked by kind on failure. */
export const reasonFor = guardArguments(work3.reasonFor, 'reasonFor(id, args)', ['string', 'object']);
/** {@link work4.diffReport}, its arguments checked by kind on failure. */
export const diffReport = guardArguments(work4.diffReport, 'diffReport(result, meta)', [RESULT, 'object']);
/** {@link work5.diffToSarif}, its arguments checked by kind on failure. */
export const diffToSarif = guardArguments(work5.diffToSarif, 'diffToSarif(result, options)', [RESULT, 'object']);
/** {@link work6.buildContractAwareness}, its arguments checked by kind on failure. */
export const buildContractAwareness = guardArguments(work6.buildContractAwareness, 'buildContractAwareness(result, options)', [RESULT, 'object']);
/** {@link work6.enrichValidationError}, its arguments checked by kind on failure. */
export const enrichValidationError = guardArguments(work6.enrichValidationError, 'enrichValidationError(errorText, result, options)', ['string', RESULT, 'object']);
/** {@link work6.relevantDeltas}, its arguments checked by kind on failure. */
export const relevantDeltas = guardArguments(work6.relevantDeltas, 'relevantDeltas(deltas, tool, action)', ['objects', 'string', 'string?']);
/** {@link work6.escapeXml}, its arguments checked by kind on failure. */
export const escapeXml = guardArguments(work6.escapeXml, 'escapeXml(text)', ['string']);
/** {@link work7.formatDiffMarkdown}, its arguments checked by kind on failure. */
export const formatDiffMarkdown = guardArguments(work7.formatDiffMarkdown, 'formatDiffMarkdown(result, options)', [RESULT, 'object?']);
/** {@link work8.formatDiffGithub}, its arguments checked by kind on failure. */
export const formatDiffGithub = guardArguments(work8.formatDiffGithub, 'formatDiffGithub(result, options)', [RESULT, 'object?']);
