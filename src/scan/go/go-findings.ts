/**
 * The findings of one Go file as they are collected: located at tokens (or at a comment's line for
 * directives), each kept once, evasion findings of one id capped per file, companion rows added
 * beside their row, and the lexer's first problem as a `scan.not-analyzed` finding worded as the
 * JavaScript scanner words it.
 *
 * @module
 */
import type { Confidence, FileAccess, ScanFinding } from '../types.ts';
import type { LexProblem } from '../tokenize.ts';
import type { GoToken } from './go-tokenize.ts';
import { NOT_ANALYZED_ID, evasionLevel } from '../scan-source.ts';
import { evidenceLine } from '../token-helpers.ts';
import { GO_PATTERN_BY_ID, type GoResolution } from './go-index.ts';

/** Evasion findings of one id listed per file at most. */
const PER_FILE_CAP = 20;

type Where = Pick<ScanFinding, 'file' | 'line' | 'column' | 'evidence'>;

/** The findings of one Go file. */
export class GoFindings {
  private readonly kept = new Map<string, ScanFinding>();
  private readonly perId = new Map<string, number>();
  private lineStarts: number[] | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly tokens: readonly GoToken[],
  ) {}

  /** Where token `index` is (the last token for an index past the end). */
  where(index: number): Where {
    const t = this.tokens[Math.min(index, this.tokens.length - 1)];
    return t === undefined ? { file: this.file, line: 1, column: 1, evidence: '' } : { file: this.file, line: t.line, column: t.column, evidence: evidenceLine(this.text, t.start) };
  }

  /** Where a one-based line and column are (comments, hidden characters, lexer problems). */
  at(line: number, column: number): Where {
    if (this.lineStarts === undefined) {
      this.lineStarts = [0];
      for (let k = 0; k < this.text.length; k++) if (this.text.charCodeAt(k) === 10) this.lineStarts.push(k + 1);
    }
    const offset = (this.lineStarts[line - 1] ?? this.text.length) + column - 1;
    return { file: this.file, line, column, evidence: evidenceLine(this.text, Math.min(offset, this.text.length)) };
  }

  /** Keep a finding unless the same one is already kept. */
  add(finding: ScanFinding): void {
    const key = [finding.id, finding.line, finding.column, finding.identifier ?? '', finding.access ?? ''].join('|');
    if (!this.kept.has(key)) this.kept.set(key, finding);
  }

  /** A capability at `where` (with its companion rows). */
  capability(resolution: GoResolution, where: Where, access: FileAccess | undefined, detail?: string): void {
    const { pattern } = resolution;
    const finding: ScanFinding = { id: pattern.id, kind: 'capability', level: 'note', family: pattern.family, identifier: resolution.raw, ...where };
    const decided = access ?? pattern.access;
    if (decided !== undefined && pattern.family === 'filesystem') finding.access = decided;
    if (detail !== undefined) finding.detail = detail;
    this.add(finding);
    for (const id of pattern.also ?? []) this.add({ ...finding, id, family: GO_PATTERN_BY_ID.get(id)!.family });
  }

  /** An evasion finding at `where`; `capped` ones stop after {@link PER_FILE_CAP} per id. */
  evasion(id: string, confidence: Confidence, where: Where, detail: string, capped: boolean): void {
    const seen = (this.perId.get(id) ?? 0) + 1;
    if (capped) {
      this.perId.set(id, seen);
      if (seen > PER_FILE_CAP) return;
    }
    const note = capped && seen === PER_FILE_CAP ? ` (first ${PER_FILE_CAP} shown; further ones in this file are not listed)` : '';
    this.add({ id, kind: 'evasion', level: evasionLevel(confidence), confidence, ...where, detail: detail + note });
  }

  /** The lexer's first problem, if any, as a not-analyzed finding at its line. */
  notAnalyzed(problems: readonly LexProblem[]): void {
    const p = problems[0];
    if (p === undefined) return;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    const detail = p.reason === 'unclosed-bracket' || p.reason === 'unmatched-bracket'
      ? `${p.reason} "${p.value}": ${p.reason === 'unclosed-bracket' ? 'opened here and never closed' : 'closes nothing opened before it'}, so the file does not parse and its findings are unreliable`
      : `${p.reason}${more}: the tokenizer lost track here, so findings after this point are unreliable`;
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', ...this.at(p.line, p.column), detail });
  }

  /** Everything kept, in source order (then by id). */
  sorted(): ScanFinding[] {
    return [...this.kept.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
