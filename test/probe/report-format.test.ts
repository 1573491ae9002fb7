/**
 * The probe reports shown in a terminal (text) or a pull request (Markdown) carry words of other
 * programs: a judge's reasoning (often a model's), a failing judge's stderr, ids and tool names
 * from files. None of it may drive the terminal.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatProbeReportJson, formatProbeReportMarkdown, formatProbeReportText } from '../../src/probe/format-probe-report.ts';
import { summarizeProbeResults } from '../../src/probe/summarize-probe-results.ts';
import type { ProbeReport, ProbeResult } from '../../src/probe/types.ts';

const ESC = '\u001b';
const results: ProbeResult[] = [
  { id: 'sum', tool: 'get-sum', action: null, score: 0.99, level: 'none', judge: 'command:judge', fallback: null,
    reasoning: `same ${ESC}[2J${ESC}[31mRED${ESC}]0;owned\u0007 facts\u202e` },
  { id: `echo${ESC}[1A`, tool: 'echo', action: null, score: 0.5, level: 'medium', judge: 'command:judge',
    fallback: { code: 'judge-failed', message: `the judge command exited with exit code 4; its stderr ends with: ${ESC}[2K\rgate passed` }, reasoning: '' },
];
const report: ProbeReport = { judge: 'command:judge', thresholds: { none: 0.95, low: 0.75, medium: 0.5 }, results, summary: summarizeProbeResults(results) };

test('text and Markdown reports show control and hidden characters as escapes, never raw', () => {
  for (const out of [formatProbeReportText(report, 'high'), formatProbeReportMarkdown(report, 'high')]) {
    assert.not.ok(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/.test(out), JSON.stringify(out));
    assert.match(out, /\\u001b\[2J/);
    assert.match(out, /(<|&lt;)U\+202E>/);
  }
  assert.match(formatProbeReportText(report, 'high'), /^ {2}same \\u001b\[2J\\u001b\[31mRED\\u001b\]0;owned\\u0007 facts<U\+202E>$/m);
  assert.match(formatProbeReportText(report, 'high'), /^echo\\u001b\[1A {2}echo {2}score 0\.5000/m);
  // JSON keeps the exact text (escaped by JSON itself).
  assert.equal(JSON.parse(formatProbeReportJson(report, 'high')).probes[0].reasoning, results[0]!.reasoning);
});

test('text and Markdown never show a score rounded over a bound: 0.949996 is not "0.9500 low"', () => {
  const thresholds = { none: 0.95, low: 0.75, medium: 0.5 };
  const scored = (score: number, level: ProbeResult['level']): ProbeResult =>
    ({ id: `p${score}`, tool: 't', action: null, score, level, judge: 'offline', fallback: null, reasoning: '' });
  const rs = [scored(0.949996, 'low'), scored(0.749999, 'medium'), scored(0.49999999999999994, 'high'), scored(0.777778, 'low'), scored(0.95, 'none')];
  const r: ProbeReport = { judge: 'offline', thresholds, results: rs, summary: summarizeProbeResults(rs) };
  const text = formatProbeReportText(r, 'high');
  assert.match(text, /^p0\.949996 {2}t {2}score 0\.949996 {2}low/m);
  assert.match(text, /score 0\.749999 {2}medium/);
  assert.match(text, /score 0\.49999999999999994 {2}high/);
  // Rounding that stays within the level keeps four decimals.
  assert.match(text, /score 0\.7778 {2}low/);
  assert.match(text, /score 0\.9500 {2}none/);
  const md = formatProbeReportMarkdown(r, 'high');
  assert.match(md, /\| 0\.949996 \| low \|/);
  assert.not.match(md, /\| 0\.9500 \| low \|/);
});

test.run();
