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
export { buildProbePrompt } from './build-probe-prompt.ts';
export { readJudgeAnswer, isFallback, type JudgeAnswer } from './judge-answer.ts';
export { offlineJudge, explainComparison, OFFLINE_JUDGE_NAME } from './offline-judge.ts';
export { compareOutputs, roundScore, IS_ERROR_MISMATCH_CAP, type OutputComparison } from './compare-outputs.ts';
export { structuralSimilarity, leafSimilarity, jsonLeaves } from './structural-similarity.ts';
export { tokenize, tokenSimilarity } from './token-similarity.ts';
export {
  DEFAULT_THRESHOLDS,
  PROBE_FAIL_ON_VALUES,
  assertThresholds,
  classifySimilarity,
  driftRank,
  parseProbeFailOn,
  parseThresholds,
  probeGateFailed,
  type ProbeFailOn,
} from './thresholds.ts';
export { parseProbeFile, probeCallArguments, PROBE_FILE_NAME, type ProbeFile } from './parse-probe-file.ts';
export { setBaselines, type BaselineUpdate } from './set-baselines.ts';
export { tryReadCallToolOutput, callToolResultProblem, callToolOutputJson } from './call-tool-output.ts';
export { summarizeProbeResults } from './summarize-probe-results.ts';
export { formatProbeReportJson, formatProbeReportMarkdown, formatProbeReportText, probeReportDocument } from './format-probe-report.ts';
export { mapLimit } from './map-limit.ts';
