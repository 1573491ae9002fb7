/**
 * The built-in offline judge: a {@link SemanticProbeAdapter} that ignores the prompt and scores
 * the structured request with {@link compareOutputs} (token measure for text, structural measure
 * for structured content and other blocks, `isError` cap). No model, no network, no clock: the
 * same outputs always give the same score, and identical outputs give exactly 1.
 *
 * @module
 */
import { compareOutputsSteps, IS_ERROR_MISMATCH_CAP, type OutputComparison } from './compare-outputs.ts';
import { finishStepsInSlices } from './steps.ts';
import type { SemanticProbeAdapter } from './types.ts';

/** The offline judge's name in reports. */
export const OFFLINE_JUDGE_NAME = 'offline';

/**
 * Explain a comparison in one sentence.
 *
 * @param c The comparison.
 * @returns E.g. `text 0.777778 (token multiset); isError unchanged; mean 0.777778`.
 * @example explainComparison({ score: 1, text: 1, isErrorChanged: false })
 */
export function explainComparison(c: OutputComparison): string {
  const parts: string[] = [];
  if (c.text !== undefined) parts.push(`text ${c.text} (token multiset)`);
  if (c.structured !== undefined) {
    parts.push(`structuredContent ${c.structured} (${c.structuredOneSide === true ? "one side only, against the other side's text" : 'JSON leaves'})`);
  }
  if (c.blocks !== undefined) parts.push(`other content blocks ${c.blocks} (JSON leaves)`);
  if (parts.length === 0) parts.push('no content on either side');
  const error = c.isErrorChanged ? `isError changed, score capped at ${IS_ERROR_MISMATCH_CAP}` : 'isError unchanged';
  return `${parts.join(', ')}; ${error}; score ${c.score}`;
}

/**
 * Create the offline deterministic judge.
 *
 * @returns The adapter (name `offline`).
 * @example await runProbes(probes, { adapter: offlineJudge() })
 */
export function offlineJudge(): SemanticProbeAdapter {
  return {
    name: OFFLINE_JUDGE_NAME,
    // In slices of a few milliseconds: a comparison of huge outputs (100,000 content items) is
    // ended by the probe's time limit (the signal) like any judge, and falls back.
    async evaluate(_prompt, { request, signal }) {
      const c = await finishStepsInSlices(compareOutputsSteps(request.baseline, request.current), signal);
      return JSON.stringify({ similarityScore: c.score, reasoning: explainComparison(c) });
    },
  };
}
