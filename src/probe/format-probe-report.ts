/**
 * Rendering a probe report: JSON (a document with sorted keys), plain text and Markdown. Each
 * probe shows its id, tool (and action), score, drift level, judge, the fallback reason if any,
 * and the reasoning; the summary gives the overall level (the worst among probes that did not
 * fall back) and whether the `--fail-on` gate failed.
 *
 * @module
 */
import { stringifySorted } from '../canonical/pretty.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import { classifySimilarity, probeGateFailed, type ProbeFailOn } from './thresholds.ts';
import type { ProbeReport, ProbeResult, Thresholds } from './types.ts';
import { arrayArgument, objectArgument, withArguments } from '../arguments.ts';

/**
 * The JSON document of a report.
 *
 * @param report The report.
 * @param failOn The gate level.
 * @returns `{ judge, thresholds, failOn, gateFailed, summary, probes }`.
 * @example probeReportDocument(report, 'high').gateFailed
 */
export function probeReportDocument(report: ProbeReport, failOn: ProbeFailOn): {
  judge: string;
  thresholds: ProbeReport['thresholds'];
  failOn: ProbeFailOn;
  gateFailed: boolean;
  summary: ProbeReport['summary'];
  probes: ProbeResult[];
} {
  return {
    judge: report.judge,
    thresholds: report.thresholds,
    failOn,
    gateFailed: probeGateFailed(report.results, failOn),
    summary: report.summary,
    probes: report.results,
  };
}

/**
 * Render a report as JSON (sorted keys, two-space indent, trailing newline).
 *
 * @param report The report.
 * @param failOn The gate level.
 * @returns The JSON text.
 * @example formatProbeReportJson(report, 'high')
 */
export function formatProbeReportJson(report: ProbeReport, failOn: ProbeFailOn): string {
  return stringifySorted(probeReportDocument(report, failOn));
}

function target(r: ProbeResult): string {
  return r.action === null ? r.tool : `${r.tool}/${r.action}`;
}

/**
 * The score with four decimals, or all of its digits where four would round it up over a bound
 * (0.949996 shown as 0.9500 next to the level `low` reads as a wrong level).
 */
function scoreText(r: ProbeResult, thresholds: Thresholds): string {
  const fixed = r.score.toFixed(4);
  if (r.fallback === null && classifySimilarity(Number(fixed), thresholds) !== r.level) return String(r.score);
  return fixed;
}

function overallText(report: ProbeReport): string {
  const s = report.summary;
  if (s.level === null) return s.probes === 0 ? 'no probes' : 'no judgement (every probe fell back)';
  return s.level;
}

function countsText(report: ProbeReport): string {
  const s = report.summary;
  return `${s.probes} probe${s.probes === 1 ? '' : 's'}: ${s.counts.none} none, ${s.counts.low} low, ${s.counts.medium} medium, ${s.counts.high} high, ${s.fallbacks} fallback${s.fallbacks === 1 ? '' : 's'}`;
}

/**
 * Render a report as plain text.
 *
 * @param report The report.
 * @param failOn The gate level.
 * @returns Text lines ending with a newline.
 * @example formatProbeReportText(report, 'high')
 */
export function formatProbeReportText(report: ProbeReport, failOn: ProbeFailOn): string {
  return withArguments(
    'formatProbeReportText(report, failOn)',
    [objectArgument('report', report, 'from runProbes'), arrayArgument('report.results', (report as { results?: unknown } | null)?.results, 'of probe results', true)],
    'give the report runProbes returns',
    () => formatProbeReportTextUnchecked(report, failOn),
  );
}

function formatProbeReportTextUnchecked(report: ProbeReport, failOn: ProbeFailOn): string {
  const lines: string[] = [];
  // The reasoning and a failing judge's stderr are a program's (often a model's) words, and ids
  // and tool names come from files: none of it may move the cursor, recolour or retitle the
  // terminal, so control and hidden characters are shown as escapes and markers.
  for (const r of report.results) {
    const level = r.fallback ? `${r.level} (fallback)` : r.level;
    lines.push(`${terminalLine(r.id)}  ${terminalLine(target(r))}  score ${scoreText(r, report.thresholds)}  ${level}  judge ${terminalLine(r.judge)}`);
    if (r.fallback) lines.push(`  fallback ${r.fallback.code}: ${terminalLine(r.fallback.message)}`);
    if (r.reasoning !== '') lines.push(`  ${terminalLine(r.reasoning.replace(/\s*\n\s*/g, ' '))}`);
  }
  if (lines.length > 0) lines.push('');
  const gate = failOn === 'never' ? 'gate off (--fail-on never)' : probeGateFailed(report.results, failOn) ? `gate FAILED (--fail-on ${failOn})` : `gate passed (--fail-on ${failOn})`;
  lines.push(`overall drift: ${overallText(report)}; ${countsText(report)}; ${gate}`);
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return terminalLine(text.replace(/\s*\r?\n\s*/g, ' ')).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/**
 * Render a report as GitHub-flavoured Markdown (a summary line and a table).
 *
 * @param report The report.
 * @param failOn The gate level.
 * @returns Markdown ending with a newline.
 * @example formatProbeReportMarkdown(report, 'high')
 */
export function formatProbeReportMarkdown(report: ProbeReport, failOn: ProbeFailOn): string {
  const failed = probeGateFailed(report.results, failOn);
  const lines = [
    `## mcpfusion probe: ${overallText(report)}${failed ? ` (fails --fail-on ${failOn})` : ''}`,
    '',
    `Judge \`${cell(report.judge)}\`; thresholds none ≥ ${report.thresholds.none}, low ≥ ${report.thresholds.low}, medium ≥ ${report.thresholds.medium}; ${countsText(report)}.`,
    '',
    '| probe | tool | score | drift | judge | fallback | reasoning |',
    '| --- | --- | ---: | --- | --- | --- | --- |',
  ];
  for (const r of report.results) {
    const fallback = r.fallback ? `${r.fallback.code}: ${cell(r.fallback.message)}` : '';
    lines.push(`| ${cell(r.id)} | ${cell(target(r))} | ${scoreText(r, report.thresholds)} | ${r.level} | ${cell(r.judge)} | ${fallback} | ${cell(r.reasoning)} |`);
  }
  return `${lines.join('\n')}\n`;
}
