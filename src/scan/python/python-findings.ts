/**
 * The findings of one Python file as they are collected: located at tokens, each kept once (by
 * id, position, identifier and access), evasion findings of one id capped per file, companion
 * rows added beside their row, and the lexer's first problem as a `scan.not-analyzed` finding
 * worded as the JavaScript scanner words it.
 *
 * @module
 */
import type { Confidence, FileAccess, ScanFinding } from '../types.ts';
import type { PyLexProblem, PyToken } from './python-tokenize.ts';
import { NOT_ANALYZED_ID } from '../scan-source.ts';
import { FindingSet, lexProblemDetail } from '../finding-set.ts';
import { evidenceLine } from '../token-helpers.ts';
import { PYTHON_PATTERN_BY_ID, type PythonResolution } from './python-index.ts';

/**
 * Offset of the first character of a one-based line.
 *
 * @param text The file's text.
 * @param line A one-based line number.
 * @returns The offset (the text's length past the last line).
 * @example
 * lineOffset('a\nb', 2) // 2
 */
export function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const n = text.indexOf('\n', offset);
    if (n < 0) return text.length;
    offset = n + 1;
  }
  return offset;
}

/** The findings of one file. */
export class PythonFindings extends FindingSet {
  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly tokens: readonly PyToken[],
  ) {
    super();
  }

  /** Where token `index` is (the last token for an index past the end). */
  where(index: number): Pick<ScanFinding, 'file' | 'line' | 'column' | 'evidence'> {
    const t = this.tokens[Math.min(index, this.tokens.length - 1)];
    return t === undefined ? { file: this.file, line: 1, column: 1, evidence: '' } : { file: this.file, line: t.line, column: t.column, evidence: evidenceLine(this.text, t.start) };
  }

  /** A package import is one finding per line (`from requests import Session, get` imports it once). */
  protected override key(finding: ScanFinding): string {
    const perLine = finding.kind === 'capability' && PYTHON_PATTERN_BY_ID.get(finding.id)?.raw === 'module';
    return perLine ? super.key({ ...finding, column: 0 }) : super.key(finding);
  }

  /** A capability at token `index` (with its companion rows). */
  capability(resolution: PythonResolution, index: number, access: FileAccess | undefined, detail?: string, extra: readonly string[] = []): void {
    const { pattern } = resolution;
    const finding: ScanFinding = { id: pattern.id, kind: 'capability', level: 'note', family: pattern.family, identifier: resolution.raw, ...this.where(index) };
    if (access !== undefined && pattern.family === 'filesystem') finding.access = access;
    if (detail !== undefined) finding.detail = detail;
    for (const id of [pattern.id, ...(pattern.also ?? []), ...extra]) {
      if (id === pattern.id) {
        this.add(finding);
        continue;
      }
      // A companion of another family carries no file access (`shelve.open` is a write and a deserializer).
      const family = PYTHON_PATTERN_BY_ID.get(id)!.family;
      const { access: _access, ...rest } = finding;
      this.add(family === 'filesystem' ? { ...finding, id, family } : { ...rest, id, family });
    }
  }

  /** An evasion finding at token `index`; `capped` ones stop after the per-file cap. */
  evasion(id: string, confidence: Confidence, index: number, detail: string, capped: boolean): void {
    this.evasionAt(id, confidence, this.where(index), detail, capped);
  }

  /** The lexer's first problem, if any, as a not-analyzed finding at its line. */
  notAnalyzed(problems: readonly PyLexProblem[]): void {
    const p = problems[0];
    if (p === undefined) return;
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, line: p.line, column: p.column, evidence: evidenceLine(this.text, lineOffset(this.text, p.line)), detail: lexProblemDetail(problems) });
  }

  /** The walk stopped at `token` (a construct nested far beyond what CPython parses): not analyzed. */
  stopped(token: PyToken | undefined, reason: string): void {
    const at = token === undefined ? {} : { line: token.line, column: token.column, evidence: evidenceLine(this.text, lineOffset(this.text, token.line)) };
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, ...at, detail: `the scanner stopped here (${reason}), so findings after this point are missing` });
  }

}
