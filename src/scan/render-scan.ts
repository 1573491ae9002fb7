/**
 * Text and GitHub renderings of a scan report (JSON and SARIF live in the command and
 * `scan-to-sarif.ts`). Text groups findings by file; GitHub prints workflow commands
 * (`::error file=…,line=…::message`) for errors and warnings plus one summary notice.
 *
 * @module
 */
import type { Entitlements } from '../contract/types.ts';
import type { ScanFinding } from './types.ts';
import { describeFinding } from './describe-finding.ts';
import { ENTITLEMENT_FAMILIES } from '../contract/types.ts';
import { escapeGithubData, escapeGithubProperty } from '../format/github-escape.ts';
import { terminalLine } from '../format/reveal-hidden.ts';

/** A scan report: what every format renders. */
export interface ScanReport {
  /** Files scanned. */
  files: string[];
  /** Capability, evasion, not-analyzed and surface findings. */
  findings: ScanFinding[];
  /** Violations. */
  violations: ScanFinding[];
  /** Entitlements per tool (config mode) or of everything scanned (path mode, key ''). */
  entitlements: Record<string, Entitlements>;
  /** Whether the gate failed. */
  failed: boolean;
}

/** Options of {@link renderScanText}. */
export interface RenderTextOptions {
  /** Only violations, evasions at or above warning, not-analyzed files and the summary. */
  quiet?: boolean;
}

/**
 * Render a report as text for a terminal.
 *
 * @param report The report.
 * @param options `quiet` hides capability notes.
 * @returns Text ending with a newline.
 * @example
 * io.stdout(renderScanText(report))
 */
export function renderScanText(report: ScanReport, options: RenderTextOptions = {}): string {
  const lines: string[] = [];
  // One line per finding and site: a handler file shared by several tools (config mode) gives the
  // same finding once per tool; it is shown once, naming the tools.
  const byFile = new Map<string, Map<string, { f: ScanFinding; text: string; tools: string[] }>>();
  for (const f of report.findings) {
    if (options.quiet === true && f.level === 'note') continue;
    const key = f.file ?? (f.kind === 'surface' ? '(tool surface)' : '(no file)');
    let sites = byFile.get(key);
    if (sites === undefined) byFile.set(key, (sites = new Map()));
    const text = describeFinding(f);
    const site = JSON.stringify([f.id, f.line, f.column, text, f.evidence, f.chain]);
    const seen = sites.get(site);
    if (seen === undefined) sites.set(site, { f, text, tools: f.tool !== undefined ? [f.tool] : [] });
    else if (f.tool !== undefined && !seen.tools.includes(f.tool)) seen.tools.push(f.tool);
  }
  for (const [file, sites] of byFile) {
    lines.push(terminalLine(file));
    for (const { f, text, tools } of sites.values()) {
      const where = f.line !== undefined ? `${f.line}:${f.column ?? 1}` : '';
      const forTools = tools.length > 1 ? ` (tools ${tools.map((t) => JSON.stringify(t)).join(', ')})` : '';
      lines.push(`  ${where.padEnd(9)} ${f.level.padEnd(7)} ${f.id.padEnd(34)} ${terminalLine(text + forTools)}`);
      // The evidence is the source line itself: a bidi control or an ANSI escape in it (often the
      // very finding) must not act in the reviewer's terminal.
      if (f.evidence !== undefined && f.kind !== 'surface') lines.push(`  ${''.padEnd(9)} ${''.padEnd(7)} ${''.padEnd(34)} > ${terminalLine(f.evidence)}`);
      if (f.chain !== undefined && f.chain.length > 1) lines.push(`  ${''.padEnd(9)} ${''.padEnd(7)} ${''.padEnd(34)} via ${terminalLine(f.chain.join(' -> '))}`);
    }
  }
  if (report.violations.length > 0) {
    lines.push(...(lines.length > 0 ? [''] : []), 'Violations');
    for (const v of report.violations) {
      const where = v.file !== undefined ? ` ${v.file}${v.line !== undefined ? `:${v.line}:${v.column ?? 1}` : ''}` : '';
      lines.push(`  ${v.level.padEnd(7)} ${v.id} ${terminalLine(describeFinding(v) + where)}`);
    }
  }
  // A blank line sets the summary apart from what is above it, when there is something.
  lines.push(...(lines.length > 0 ? [''] : []), ...summaryLines(report));
  return lines.join('\n') + '\n';
}

function summaryLines(report: ScanReport): string[] {
  const count = (pred: (f: ScanFinding) => boolean): number => report.findings.filter(pred).length;
  const out: string[] = [];
  for (const [tool, e] of Object.entries(report.entitlements)) {
    const families = ENTITLEMENT_FAMILIES.filter((f) => e[f]);
    out.push(terminalLine(`${tool === '' ? 'Entitlements' : `Tool ${JSON.stringify(tool)}`}: ${families.length > 0 ? families.join(', ') : 'none'}${e.raw.length > 0 ? ` (${e.raw.join(', ')})` : ''}`));
  }
  const evasions = count((f) => f.kind === 'evasion');
  const high = count((f) => f.kind === 'evasion' && f.confidence === 'high');
  const notAnalyzed = count((f) => f.kind === 'not-analyzed');
  const surface = count((f) => f.kind === 'surface');
  out.push(`${report.files.length} file(s) scanned, ${count((f) => f.kind === 'capability')} capability finding(s), ${evasions} evasion finding(s) (${high} high), ${notAnalyzed} not analyzed, ${surface} surface finding(s), ${report.violations.length} violation(s)`);
  out.push(report.failed ? 'Result: FAILED' : 'Result: passed');
  return out;
}

/**
 * Render a report as GitHub Actions workflow commands.
 *
 * @param report The report.
 * @returns Lines of `::error …::` / `::warning …::` and a summary `::notice::`.
 * @example
 * io.stdout(renderScanGithub(report))
 */
export function renderScanGithub(report: ScanReport): string {
  const lines: string[] = [];
  for (const f of [...report.violations, ...report.findings]) {
    if (f.level === 'note') continue;
    const command = f.level === 'error' ? 'error' : 'warning';
    const props: string[] = [];
    if (f.file !== undefined) props.push(`file=${escapeGithubProperty(f.file)}`);
    if (f.line !== undefined) props.push(`line=${f.line}`);
    if (f.column !== undefined) props.push(`col=${f.column}`);
    props.push(`title=${escapeGithubProperty(f.id)}`);
    lines.push(`::${command} ${props.join(',')}::${escapeGithubData(describeFinding(f))}`);
  }
  lines.push(`::notice title=mcpfusion scan::${escapeGithubData(summaryLines(report).join('\n'))}`);
  return lines.join('\n') + '\n';
}
