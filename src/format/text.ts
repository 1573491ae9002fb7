/**
 * Plain-text rendering of a contract diff (`diff --format text`, and `check` for its drift):
 * deltas grouped by tool, prompt and resource, one line each, schema detail indented below,
 * then a one-line summary.
 *
 * @module
 */
import type { Delta, DiffResult, OverallVerdict } from '../diff/types.ts';
import { terminalLine } from './reveal-hidden.ts';
import { sharedDialectLine, sharedDialectPointer, sharedDialects } from './shared-dialect.ts';
import { arrayArgument, objectArgument, withArguments } from '../arguments.ts';

/** Options of {@link formatDiffText}. */
export interface DiffTextOptions {
  /** Label of the old side. */
  old?: string;
  /** Label of the new side. */
  new?: string;
  /** ANSI colours for verdicts. */
  color?: boolean;
  /** Only the deltas: no header and no summary line (nothing at all when there is no delta). */
  quiet?: boolean;
}

const COLORS: Record<OverallVerdict, string> = { BREAKING: '31;1', RISKY: '33', SAFE: '32', COSMETIC: '2', NONE: '32' };
const paint = (text: string, verdict: OverallVerdict, on: boolean): string => (on ? `\x1b[${COLORS[verdict]}m${text}\x1b[0m` : text);
const WIDTH = 'COSMETIC'.length;

/** Sanitize a value for one terminal line (control characters escaped, hidden ones as markers). */
const oneLine = terminalLine;

/** The heading of a subject: `tool "x"`, `prompt "x"`, `resource "x"`. */
export function subjectLabel(d: Delta): string {
  return `${d.kind} ${JSON.stringify(d[d.kind] ?? '')}`;
}

/** `1 breaking, 2 risky, 0 safe, 1 cosmetic; 1 security-relevant`. */
export function countsLine(result: DiffResult): string {
  const c = result.counts;
  const sec = result.securityCount > 0 ? `; ${result.securityCount} security-relevant` : '';
  return `${c.BREAKING} breaking, ${c.RISKY} risky, ${c.SAFE} safe, ${c.COSMETIC} cosmetic${sec}`;
}

/**
 * Render a diff as text.
 *
 * @param result The diff result.
 * @param options Labels, colour, quiet.
 * @returns The text, ending with a newline (empty in quiet mode without deltas).
 * @example io.stdout(formatDiffText(diffContracts(a, b), { old: 'a.lock', new: 'b.lock' }))
 */
export function formatDiffText(result: DiffResult, options: DiffTextOptions = {}): string {
  return withArguments(
    'formatDiffText(result, options)',
    [objectArgument('result', result, 'from diffContracts or diffRecorded'), arrayArgument('result.deltas', (result as { deltas?: unknown } | null)?.deltas, 'of deltas', true), objectArgument('options', options, '{ old, new, color, quiet }')],
    'pass what diffContracts or diffRecorded returns',
    () => formatDiffTextUnchecked(result, options),
  );
}

function formatDiffTextUnchecked(result: DiffResult, options: DiffTextOptions): string {
  const color = options.color === true;
  const lines: string[] = [];
  if (!options.quiet && (options.old !== undefined || options.new !== undefined)) {
    lines.push(`Contract diff: ${oneLine(options.old ?? 'old')} → ${oneLine(options.new ?? 'new')} (policy ${result.policy})`);
  }
  // A dialect change carried by many schemas (zod 3 → 4) is said once, before the deltas (not in
  // quiet mode, which prints the deltas alone).
  const dialects = options.quiet ? { shared: [], has: () => false } : sharedDialects(result);
  for (const s of dialects.shared) lines.push(`note: ${oneLine(sharedDialectLine(s))}`);
  let subject = '';
  for (const d of result.deltas) {
    const label = subjectLabel(d);
    if (label !== subject) {
      subject = label;
      lines.push(oneLine(label));
    }
    const verdict = paint(d.verdict.padEnd(WIDTH), d.verdict, color);
    const sec = d.security ? ' [security]' : '';
    lines.push(`  ${verdict}  ${oneLine(d.reason)}${sec}`);
    lines.push(`  ${' '.repeat(WIDTH)}  ${d.id} at ${oneLine(d.field)}`);
    const detail = d.detail ?? [];
    // Every entry left out: a short pointer to the note, so the delta keeps an explanation.
    const shown = detail.every((c) => dialects.has(c)) ? detail.slice(0, 1) : detail.filter((c) => !dialects.has(c));
    for (const c of shown) {
      if (dialects.has(c)) {
        lines.push(`  ${' '.repeat(WIDTH)}    ${paint(c.verdict.padEnd(WIDTH), c.verdict, color)}  ${oneLine(sharedDialectPointer(c))}`);
        continue;
      }
      lines.push(`  ${' '.repeat(WIDTH)}    ${paint(c.verdict.padEnd(WIDTH), c.verdict, color)}  ${oneLine(c.reason)}${c.security ? ' [security]' : ''}`);
    }
  }
  if (!options.quiet) {
    if (result.deltas.length === 0) lines.push('No contract changes.');
    lines.push(`Verdict: ${paint(result.verdict, result.verdict, color)} (${countsLine(result)})`);
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}
