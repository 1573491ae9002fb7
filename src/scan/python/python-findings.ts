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
import { NOT_ANALYZED_ID, evasionLevel } from '../scan-source.ts';
import { evidenceLine } from '../token-helpers.ts';
import { PYTHON_PATTERN_BY_ID, type PythonResolution } from './python-index.ts';

/** Evasion findings of one id listed per file at most. */
const PER_FILE_CAP = 20;

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

/**
 * Why the lexer's first problem makes the file not analyzed.
 *
 * @param problems The lexer's problems (the first one is described).
 * @returns The finding's detail.
 * @example
 * problemDetail([{ reason: 'unclosed-string', line: 3, column: 5, value: "'abc" }]) // 'unclosed-string: the tokenizer lost track here, …'
 */
export function problemDetail(problems: readonly PyLexProblem[]): string {
  const p = problems[0]!;
  if (p.reason === 'unclosed-bracket') return `unclosed-bracket "${p.value}": opened here and never closed, so the file does not parse and its findings are unreliable`;
  if (p.reason === 'unmatched-bracket') return `unmatched-bracket "${p.value}": closes nothing opened before it, so the file does not parse and its findings are unreliable`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${p.reason}${more}: the tokenizer lost track here, so findings after this point are unreliable`;
}

/** The findings of one file. */
export class PythonFindings {
  private readonly kept = new Map<string, ScanFinding>();
  private readonly perId = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly tokens: readonly PyToken[],
  ) {}

  /** Where token `index` is (the last token for an index past the end). */
  where(index: number): Pick<ScanFinding, 'file' | 'line' | 'column' | 'evidence'> {
    const t = this.tokens[Math.min(index, this.tokens.length - 1)];
    return t === undefined ? { file: this.file, line: 1, column: 1, evidence: '' } : { file: this.file, line: t.line, column: t.column, evidence: evidenceLine(this.text, t.start) };
  }

  /**
   * Keep a finding unless the same one is already kept. A package import is one finding per
   * line (`from requests import Session, get` imports the package once).
   */
  add(finding: ScanFinding): void {
    const perLine = finding.kind === 'capability' && PYTHON_PATTERN_BY_ID.get(finding.id)?.raw === 'module';
    const key = [finding.id, finding.line, perLine ? '' : finding.column, finding.identifier ?? '', finding.access ?? ''].join('|');
    if (!this.kept.has(key)) this.kept.set(key, finding);
  }

  /** A capability at token `index` (with its companion rows). */
  capability(resolution: PythonResolution, index: number, access: FileAccess | undefined, detail?: string): void {
    const { pattern } = resolution;
    const finding: ScanFinding = { id: pattern.id, kind: 'capability', level: 'note', family: pattern.family, identifier: resolution.raw, ...this.where(index) };
    if (access !== undefined && pattern.family === 'filesystem') finding.access = access;
    if (detail !== undefined) finding.detail = detail;
    for (const id of [pattern.id, ...(pattern.also ?? [])]) this.add(id === pattern.id ? finding : { ...finding, id, family: PYTHON_PATTERN_BY_ID.get(id)!.family });
  }

  /** An evasion finding at token `index`; `capped` ones stop after {@link PER_FILE_CAP} per id. */
  evasion(id: string, confidence: Confidence, index: number, detail: string, capped: boolean): void {
    const seen = (this.perId.get(id) ?? 0) + 1;
    if (capped) {
      this.perId.set(id, seen);
      if (seen > PER_FILE_CAP) return;
    }
    const note = capped && seen === PER_FILE_CAP ? ` (first ${PER_FILE_CAP} shown; further ones in this file are not listed)` : '';
    this.add({ id, kind: 'evasion', level: evasionLevel(confidence), confidence, ...this.where(index), detail: detail + note });
  }

  /** The lexer's first problem, if any, as a not-analyzed finding at its line. */
  notAnalyzed(problems: readonly PyLexProblem[]): void {
    const p = problems[0];
    if (p === undefined) return;
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, line: p.line, column: p.column, evidence: evidenceLine(this.text, lineOffset(this.text, p.line)), detail: problemDetail(problems) });
  }

  /** The walk stopped at `token` (a construct nested far beyond what CPython parses): not analyzed. */
  stopped(token: PyToken | undefined, reason: string): void {
    const at = token === undefined ? {} : { line: token.line, column: token.column, evidence: evidenceLine(this.text, lineOffset(this.text, token.line)) };
    this.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, ...at, detail: `the scanner stopped here (${reason}), so findings after this point are missing` });
  }

  /** Everything kept, in source order (then by id). */
  sorted(): ScanFinding[] {
    return [...this.kept.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
