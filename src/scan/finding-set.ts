/**
 * Collecting one file's findings, shared by the Python and Go scanners: each finding kept once
 * (by id, position, identifier and access), evasion findings of one id capped per file, sorted in
 * source order; and the wording of a lexer problem that makes a file not analyzed, the same in
 * every scanner.
 *
 * @module
 */
import type { Confidence, ScanFinding } from './types.ts';
import { evasionLevel } from './scan-source.ts';

/** Evasion findings of one id listed per file at most. */
export const PER_FILE_CAP = 20;

/** Where a finding is. */
export type FindingPlace = Pick<ScanFinding, 'file' | 'line' | 'column' | 'evidence'>;

/**
 * Why the lexer's first problem makes the file not analyzed.
 *
 * @param problems The lexer's problems (the first one is described; at least one).
 * @returns The detail of the `scan.not-analyzed` finding.
 * @example
 * lexProblemDetail([{ reason: 'unclosed-bracket', value: '(' }]) // 'unclosed-bracket "(": opened here and never closed, …'
 */
export function lexProblemDetail(problems: readonly { reason: string; value: string }[]): string {
  const p = problems[0]!;
  if (p.reason === 'unclosed-bracket') return `unclosed-bracket "${p.value}": opened here and never closed, so the file does not parse and its findings are unreliable`;
  if (p.reason === 'unmatched-bracket') return `unmatched-bracket "${p.value}": closes nothing opened before it, so the file does not parse and its findings are unreliable`;
  if (p.reason === 'too-many-restarts') return 'too-many-restarts: the tokenizer had to go back and read the rest of the file again too many times (TSX type parameters, a "/" after a non-null assertion or a function or class expression, a regular expression after "of", "extends" or an object type), so findings after this point are unreliable';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${p.reason}${more}: the tokenizer lost track here, so findings after this point are unreliable`;
}

/** The findings of one file as they are collected. */
export class FindingSet {
  private readonly kept = new Map<string, ScanFinding>();
  private readonly perId = new Map<string, number>();

  /** What makes two findings the same one (a subclass may merge more). */
  protected key(finding: ScanFinding): string {
    return [finding.id, finding.line, finding.column, finding.identifier ?? '', finding.access ?? ''].join('|');
  }

  /** Keep a finding unless the same one is already kept. */
  add(finding: ScanFinding): void {
    const key = this.key(finding);
    if (!this.kept.has(key)) this.kept.set(key, finding);
  }

  /** An evasion finding at `where`; `capped` ones stop after {@link PER_FILE_CAP} per id. */
  evasionAt(id: string, confidence: Confidence, where: FindingPlace, detail: string, capped: boolean): void {
    const seen = (this.perId.get(id) ?? 0) + 1;
    if (capped) {
      this.perId.set(id, seen);
      if (seen > PER_FILE_CAP) return;
    }
    const note = capped && seen === PER_FILE_CAP ? ` (first ${PER_FILE_CAP} shown; further ones in this file are not listed)` : '';
    this.add({ id, kind: 'evasion', level: evasionLevel(confidence), confidence, ...where, detail: detail + note });
  }

  /** Everything kept, in source order (then by id). */
  sorted(): ScanFinding[] {
    return [...this.kept.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
