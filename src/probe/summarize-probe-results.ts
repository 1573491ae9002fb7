/**
 * The summary of a probe run: counts per level and the overall level, the worst level among the
 * probes that did not fall back (null when every probe fell back or there were none).
 *
 * @module
 */
import { driftRank } from './thresholds.ts';
import type { DriftLevel, ProbeResult, ProbeSummary } from './types.ts';

/**
 * Summarize probe results.
 *
 * @param results The results.
 * @returns Counts, fallbacks and the overall level.
 * @example summarizeProbeResults([]).level // null
 */
export function summarizeProbeResults(results: readonly ProbeResult[]): ProbeSummary {
  const counts: Record<DriftLevel, number> = { none: 0, low: 0, medium: 0, high: 0 };
  let level: DriftLevel | null = null;
  let fallbacks = 0;
  for (const r of results) {
    if (r.fallback !== null) {
      fallbacks++;
      continue;
    }
    counts[r.level]++;
    if (level === null || driftRank(r.level) > driftRank(level)) level = r.level;
  }
  return { level, probes: results.length, fallbacks, counts };
}
