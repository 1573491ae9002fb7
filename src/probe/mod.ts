/**
 * Semantic probes as a library (SPEC section 9): read a probe file, run probes with your own
 * judge (`SemanticProbeAdapter`) or the offline one, classify and render the report. Named
 * re-exports only. The MCP session and the judge command are edges: `openSourceSession` in
 * `src/sources/session.ts`, `commandJudge` in `src/sources/judge-command.ts`. `InputError` (exit 2,
 * what `runProbes` and the probe-file reader throw) and its kinds `CanonicalizationError` and
 * `NotJsonError` (a probe holds a value that is not JSON) are exported here too.
 *
 * @module
 */
export { CanonicalizationError, InputError, McpfusionError, NotJsonError } from '../errors.ts';
export {
  DRIFT_LEVELS,
  FALLBACK_CODES,
  FALLBACK_LEVEL,
  FALLBACK_SCORE,
  type CallToolOutput,
  type DriftLevel,
  type EvaluateContext,
  type Fallback,
  type FallbackCode,
  type JudgeRequest,
  type JsonObject,
  type Probe,
  type ProbeReport,
  type ProbeResult,
  type ProbeSummary,
  type SemanticProbeAdapter,
  type Thresholds,
} from './types.ts';
export { runProbes, DEFAULT_CONCURRENCY, DEFAULT_PROBE_TIMEOUT_MS, type CallTool, type RunnableProbe, type RunProbesOptions } from './run-probes.ts';

export { type JudgeAnswer } from './judge-answer.ts';
export { offlineJudge, OFFLINE_JUDGE_NAME } from './offline-judge.ts';
export { roundScore, IS_ERROR_MISMATCH_CAP, type OutputComparison } from './compare-outputs.ts';
export { structuralSimilarity, leafSimilarity, jsonLeaves } from './structural-similarity.ts';

export { DEFAULT_THRESHOLDS, PROBE_FAIL_ON_VALUES, driftRank, type ProbeFailOn } from './thresholds.ts';
export { parseProbeFile, PROBE_FILE_NAME, type ProbeFile } from './parse-probe-file.ts';
export { type BaselineUpdate } from './set-baselines.ts';
export { tryReadCallToolOutput, callToolResultProblem } from './call-tool-output.ts';

export { formatProbeReportText } from './format-probe-report.ts';

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from '../arguments.ts';
import * as work0 from './build-probe-prompt.ts';
import * as work1 from './judge-answer.ts';
import * as work2 from './offline-judge.ts';
import * as work3 from './compare-outputs.ts';
import * as work4 from './token-similarity.ts';
import * as work5 from './thresholds.ts';
import * as work6 from './parse-probe-file.ts';
import * as work7 from './set-baselines.ts';
import * as work8 from './call-tool-output.ts';
import * as work9 from './summarize-probe-results.ts';
import * as work10 from './format-probe-report.ts';
import * as work11 from './map-limit.ts';
/** {@link work0.buildProbePrompt}, its arguments checked by kind on failure. */
export const buildProbePrompt = guardArguments(work0.buildProbePrompt, 'buildProbePrompt(request)', ['object']);
/** {@link work1.readJudgeAnswer}, its arguments checked by kind on failure. */
export const readJudgeAnswer = guardArguments(work1.readJudgeAnswer, 'readJudgeAnswer(text)', ['string']);
/** {@link work1.isFallback}, its arguments checked by kind on failure. */
export const isFallback = guardArguments(work1.isFallback, 'isFallback(answer)', ['object']);
/** {@link work2.explainComparison}, its arguments checked by kind on failure. */
export const explainComparison = guardArguments(work2.explainComparison, 'explainComparison(comparison)', ['object']);
/** {@link work3.compareOutputs}, its arguments checked by kind on failure. */
export const compareOutputs = guardArguments(work3.compareOutputs, 'compareOutputs(baseline, current)', [{ content: 'array' }, { content: 'array' }]);
/** {@link work4.tokenize}, its arguments checked by kind on failure. */
export const tokenize = guardArguments(work4.tokenize, 'tokenize(text)', ['string']);
/** {@link work4.tokenSimilarity}, its arguments checked by kind on failure. */
export const tokenSimilarity = guardArguments(work4.tokenSimilarity, 'tokenSimilarity(a, b)', ['string', 'string']);
/** {@link work5.assertThresholds}, its arguments checked by kind on failure. */
export const assertThresholds = guardArguments(work5.assertThresholds, 'assertThresholds(thresholds, where)', ['object', 'string']);
/** {@link work5.classifySimilarity}, its arguments checked by kind on failure. */
export const classifySimilarity = guardArguments(work5.classifySimilarity, 'classifySimilarity(score, thresholds)', ['number', 'object?']);
/** {@link work5.parseProbeFailOn}, its arguments checked by kind on failure. */
export const parseProbeFailOn = guardArguments(work5.parseProbeFailOn, 'parseProbeFailOn(value)', ['string?']);
/** {@link work5.parseThresholds}, its arguments checked by kind on failure. */
export const parseThresholds = guardArguments(work5.parseThresholds, 'parseThresholds(text)', ['string']);
/** {@link work5.probeGateFailed}, its arguments checked by kind on failure. */
export const probeGateFailed = guardArguments(work5.probeGateFailed, 'probeGateFailed(results, failOn)', ['objects', 'string']);
/** {@link work6.probeCallArguments}, its arguments checked by kind on failure. */
export const probeCallArguments = guardArguments(work6.probeCallArguments, 'probeCallArguments(probe)', ['object']);
/** {@link work7.setBaselines}, its arguments checked by kind on failure. */
export const setBaselines = guardArguments(work7.setBaselines, 'setBaselines(text, updates)', ['string', 'objects']);
/** {@link work8.callToolOutputJson}, its arguments checked by kind on failure. */
export const callToolOutputJson = guardArguments(work8.callToolOutputJson, 'callToolOutputJson(output)', ['object']);
/** {@link work9.summarizeProbeResults}, its arguments checked by kind on failure. */
export const summarizeProbeResults = guardArguments(work9.summarizeProbeResults, 'summarizeProbeResults(results)', ['objects']);
/** {@link work10.formatProbeReportJson}, its arguments checked by kind on failure. */
export const formatProbeReportJson = guardArguments(work10.formatProbeReportJson, 'formatProbeReportJson(report, failOn)', ['object', 'string']);
/** {@link work10.formatProbeReportMarkdown}, its arguments checked by kind on failure. */
export const formatProbeReportMarkdown = guardArguments(work10.formatProbeReportMarkdown, 'formatProbeReportMarkdown(report, failOn)', ['object', 'string']);
/** {@link work10.probeReportDocument}, its arguments checked by kind on failure. */
export const probeReportDocument = guardArguments(work10.probeReportDocument, 'probeReportDocument(report, failOn)', ['object', 'string']);
/** {@link work11.mapLimit}, its arguments checked by kind on failure. */
export const mapLimit = guardArguments(work11.mapLimit, 'mapLimit(items, limit, fn)', ['array', 'number', 'function']);
