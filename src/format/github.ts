/**
 * GitHub Actions workflow-command rendering of a contract diff: one `::error` / `::warning` /
 * `::notice` annotation per delta (BREAKING / RISKY / SAFE and COSMETIC), at most 10 per level
 * (GitHub shows no more per step), with one notice saying how many were left out. The job
 * summary is the Markdown format, written by the command to `$GITHUB_STEP_SUMMARY`.
 *
 * @module
 */
import type { Delta, DiffResult, SchemaChange, Verdict } from '../diff/types.ts';
import { escapeControls } from './escape-controls.ts';
import { countsLine } from './text.ts';
import { escapeGithubData, escapeGithubProperty } from './github-escape.ts';
import { sharedDialectLine, sharedDialectPointer, sharedDialects } from './shared-dialect.ts';

export { escapeGithubData, escapeGithubProperty } from './github-escape.ts';

/** Annotation levels of GitHub workflow commands. */
export type GithubLevel = 'error' | 'warning' | 'notice';

/** Options of {@link formatDiffGithub}. */
export interface DiffGithubOptions {
  /** Annotations per level before the overflow notice (default 10). */
  maxPerLevel?: number;
  /** File the annotations point at (e.g. the lockfile), when the new side is a file. */
  file?: string;
}

const LEVEL: Record<Verdict, GithubLevel> = { BREAKING: 'error', RISKY: 'warning', SAFE: 'notice', COSMETIC: 'notice' };


function annotation(d: Delta, file: string | undefined, omit: (c: SchemaChange) => boolean): string {
  const level = LEVEL[d.verdict];
  // A name or path with a line break (LF, CR, U+2028, NEL ...) would start a new line of the
  // annotation: escaped, so the only line breaks are the ones between schema detail entries.
  const where = escapeControls(`${d.kind} ${d[d.kind] ?? ''}${d.action !== undefined ? ` action ${d.action}` : ''}`);
  const title = `${d.verdict}${d.security ? ' [security]' : ''}: ${d.id}`;
  const props = [`title=${escapeGithubProperty(title)}`];
  if (file !== undefined) props.unshift(`file=${escapeGithubProperty(file)}`);
  const all = d.detail ?? [];
  // Every entry left out (said once in a notice): a short pointer keeps the delta explained.
  const kept = all.every(omit) ? all.slice(0, 1) : all.filter((c) => !omit(c));
  const detail = kept.map((c) => `\n  ${c.verdict} ${escapeControls(c.path)}: ${escapeControls(omit(c) ? sharedDialectPointer(c) : c.reason)}`).join('');
  return `::${level} ${props.join(',')}::${escapeGithubData(`${where}: ${escapeControls(d.reason)} (${escapeControls(d.field)})${detail}`)}`;
}

/**
 * Render a diff as GitHub workflow commands.
 *
 * @param result The diff result.
 * @param options Cap per level and the annotated file.
 * @returns Lines ending with a newline: annotations, overflow notices, and a final notice with the verdict.
 * @example io.stdout(formatDiffGithub(diffContracts(a, b), { file: 'mcpfusion.lock' }))
 */
export function formatDiffGithub(result: DiffResult, options: DiffGithubOptions = {}): string {
  const cap = options.maxPerLevel ?? 10;
  const shown: Record<GithubLevel, number> = { error: 0, warning: 0, notice: 0 };
  const hidden: Record<GithubLevel, number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  // A dialect change carried by many schemas (zod 3 → 4) is one notice, not a line in every annotation.
  const dialects = sharedDialects(result);
  for (const d of result.deltas) {
    const level = LEVEL[d.verdict];
    if (shown[level] < cap) {
      lines.push(annotation(d, options.file, dialects.has));
      shown[level]++;
    } else hidden[level]++;
  }
  const names: Record<GithubLevel, string> = { error: 'BREAKING', warning: 'RISKY', notice: 'SAFE/COSMETIC' };
  for (const level of ['error', 'warning', 'notice'] as const) {
    if (hidden[level] > 0) {
      lines.push(`::notice title=${escapeGithubProperty('mcpfusion diff: more deltas')}::${escapeGithubData(
        `${hidden[level]} more ${names[level]} delta${hidden[level] === 1 ? '' : 's'} not annotated (GitHub shows ${cap} per level); see the job summary or run diff --format text`,
      )}`);
    }
  }
  for (const s of dialects.shared) lines.push(`::notice title=${escapeGithubProperty('mcpfusion diff: JSON Schema dialect')}::${escapeGithubData(escapeControls(sharedDialectLine(s)))}`);
  lines.push(`::notice title=${escapeGithubProperty(`mcpfusion diff: ${result.verdict}`)}::${escapeGithubData(countsLine(result))}`);
  return lines.join('\n') + '\n';
}
