/**
 * The violation warnings of `lock` and `check`: a scanned tool whose handlers break what its
 * contract claims (a read-only action that writes files or starts processes, code evaluation, a
 * family outside its allow list, a high-confidence evasion) is named on stderr on every run, so
 * the contract that gets locked does not quietly say the opposite of what the code does. The
 * exit code is not changed: `scan` is the gate for violations (`--fail-on`).
 *
 * @module
 */
import { relative } from 'node:path';
import { describeFinding } from '../scan/describe-finding.ts';
import type { ScanFinding } from '../scan/types.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import type { Io } from './command.ts';

/**
 * One warning line per violation, with the rule id, the tool, the claim, the identifiers and the
 * first site.
 *
 * @param violations Error-level violations (`LoadedSource.violations`).
 * @param cwd Paths are shown relative to it.
 * @returns `warning: [violation.read-only-writes-files] …` lines.
 * @example violationWarnings([v], '/srv')[0] // 'warning: [violation.read-only-writes-files] A read-only action writes … at handlers/x.mjs:3; …'
 */
export function violationWarnings(violations: readonly ScanFinding[], cwd: string): string[] {
  return violations.map((v) => {
    const where = v.file !== undefined ? ` at ${relative(cwd, v.file) || v.file}${v.line !== undefined ? `:${v.line}` : ''}` : '';
    const accept = v.family !== undefined && v.tool ? ` or accept it with "allow": ["${v.family}"] under tools.${v.tool}` : '';
    return `warning: [${v.id}] ${terminalLine(describeFinding(v))}${where}; the lockfile records what the code does: fix the handler or the tool's annotations${accept ? `,${accept}` : ''} (\`mcpfusion scan\` lists every site)`;
  });
}

/**
 * Write the violation warnings to stderr, unless quiet.
 *
 * @param io Where stderr goes.
 * @param violations Error-level violations.
 * @param quiet `--quiet`.
 */
export function writeViolationWarnings(io: Io, violations: readonly ScanFinding[], quiet: boolean): void {
  if (quiet) return;
  for (const line of violationWarnings(violations, io.cwd)) io.stderr(`${line}\n`);
}
