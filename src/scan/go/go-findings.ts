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
import { NOT_ANALYZED_ID } from '../scan-source.ts';
import { FindingSet, lexProblemDetail, type FindingPlace } from '../finding-set.ts';
import { evidenceLine } from '../token-helpers.ts';
import { GO_PATTERN_BY_ID, type GoResolution } from './go-index.ts';

type Where = FindingPlace;

/** The findings of one Go file. */
export class GoFindings extends FindingSet {
  private lineStarts: number[] | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly tokens: readonly GoToken[],
  ) {
    super();
  }

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

  /** A capability at `where` (with its companion rows unless `companions` is false). */
  capability(resolution: GoResolution, where: Where, access: FileAccess | undefined, detail?: string, companions = true): void {
    const { pattern } = resolution;
    const finding: ScanFinding = { id: pattern.id, kind: 'capability', level: 'note', family: pattern.family, identifier: resolution.raw, ...where };
    const decided = access ?? pattern.access;
    if (decided !== undefined && pattern.family === 'filesystem') finding.access = decided;
    if (detail !== undefined) finding.detail = detail;
    this.add(finding);
    for (const id of companions ? (pattern.also ?? []) : []) {
      const companion = GO_PATTERN_BY_ID.get(id)!;
      const family = companion.family;
      // The read/write direction belongs to filesystem findings only: the primary's, else the
      // companion's own (godotenv.Exec starts a process and reads the .env files); a filesystem
      // companion of a filesystem row keeps its own (os.OpenRoot writes, and reads beside it).
      const { access: _access, ...rest } = finding;
      const companionAccess = pattern.family === 'filesystem' && companion.access !== undefined ? companion.access : finding.access ?? companion.access;
      this.add(family === 'filesystem' ? { ...rest, ...(companionAccess !== undefined ? { access: companionAccess } : {}), id, family } : { ...rest, id, family });
    }
  }

  /** An evasion finding at `where`; `capped` ones stop after the per-file cap. */
  evasion(id: string, confidence: Confidence, where: Where, detail: string, capped: boolean): void {
    this.evasionAt(id, confidence, where, detail, capped);
  }

  /** The lexer's first problem, if any, as a not-analyzed finding at its line. */
  notAnalyzed(problems: readonly LexProblem[]): void {
    const p = problems[0];
    if (p === undefined) return;
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', ...this.at(p.line, p.column), detail: lexProblemDetail(problems) });
  }

}
