/**
 * The violation warnings of `lock` and `check`: a scanned tool whose handlers break what its
 * contract claims (a read-only action that writes files or starts processes, code evaluation, a
 * family outside its allow list, a high-confidence evasion) is named on stderr on every run, so
 * the contract that gets locked does not quietly say the opposite of what the code does. The
 * exit code is not changed: `scan` is the gate for violations (`--fail-on`).
 *
 * @module
 */
import { displayPath, relativize } from './_display-path.ts';
import { describeFinding } from '../scan/describe-finding.ts';
import { VIOLATION_RULES } from '../scan/patterns/violations.ts';
import type { ScanFinding } from '../scan/types.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import type { Io } from './command.ts';

/** What resolves a violation: the handler, or the claim its rule judges it by. */
function howToFix(v: ScanFinding): string {
  const when = VIOLATION_RULES.find((r) => r.id === v.id)?.when;
  const under = `under tools.${v.tool ?? '<name>'} in the config`;
  if (when === 'readOnly' || when === 'notDestructive') {
    return `fix the handler or the tool's annotations${v.family !== undefined ? `, or accept it with "allow": ["${v.family}"] ${under}` : ''}`;
  }
  if (when === 'allowList') return `fix the handler, or add the families it needs to "allow" ${under}`;
  if (v.family !== undefined) return `fix the handler, or accept it with "allow": ["${v.family}"] ${under}`;
  return `fix the handler, or accept ${v.causes !== undefined && v.causes.length > 0 ? `the finding with "allow": [${v.causes.map((c) => `"${c}"`).join(', ')}]` : 'it with "allow": ["evasion"]'} ${under}`;
}

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
    const where = v.file !== undefined ? ` at ${displayPath(cwd, v.file)}${v.line !== undefined ? `:${v.line}` : ''}` : '';
    return `warning: [${v.id}] ${terminalLine(describeFinding(v))}${where}; the lockfile records what the code does: ${terminalLine(howToFix(v))} (\`mcpfusion scan\` lists every site)`;
  });
}

/**
 * The violations as `--format json` of `lock` and `check` lists them: the findings, with file
 * paths (and import chains) relative to the working directory, as `scan --format json` shows them.
 *
 * @param violations Error-level violations.
 * @param cwd Paths are shown relative to it.
 * @returns JSON-ready findings.
 * @example violationsJson([v], '/srv')[0].file // 'handlers/x.mjs'
 */
export function violationsJson(violations: readonly ScanFinding[], cwd: string): ScanFinding[] {
  return violations.map((v) => relativize(v, cwd));
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
