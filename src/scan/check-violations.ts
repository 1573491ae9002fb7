/**
 * `checkViolations(tool, claims, findings)`: judge one tool's findings against its declared
 * claims (readOnly, destructive per action; `allow`). One violation per rule and action, located
 * at the first finding that caused it, listing every identifier involved.
 *
 * @module
 */
import type { ActionClaims, ScanFinding, ToolClaims } from './types.ts';
import { LISTED_FAMILIES, VIOLATION_RULES } from './patterns/violations.ts';
import { sortCodeUnits } from '../canonical/digest.ts';

/**
 * Whether `allow` accepts a finding: its family, its id, `evasion` for any evasion finding.
 *
 * @param allow The tool's allow list.
 * @param finding A finding.
 * @returns True when accepted.
 * @example
 * isAllowed(['network'], { id: 'network.fetch', kind: 'capability', level: 'note', family: 'network' }) // true
 */
export function isAllowed(allow: readonly string[] | undefined, finding: ScanFinding): boolean {
  if (allow === undefined || allow.length === 0) return false;
  return (finding.family !== undefined && allow.includes(finding.family)) || allow.includes(finding.id) || (finding.kind === 'evasion' && allow.includes('evasion'));
}

/**
 * Check a tool's findings against its claims.
 *
 * @param tool Tool name (recorded on each violation; '' in path mode).
 * @param claims readOnly/destructive (tool level or per action) and `allow`.
 * @param findings Capability and evasion findings of the tool's handlers.
 * @returns Violation findings (kind `violation`), in rule order then action order.
 * @example
 * checkViolations('read_file', { readOnly: true }, findings).map((v) => v.id) // ['violation.read-only-writes-files']
 */
export function checkViolations(tool: string, claims: ToolClaims, findings: readonly ScanFinding[]): ScanFinding[] {
  const actions: Array<[string | undefined, ActionClaims]> = claims.actions !== undefined && Object.keys(claims.actions).length > 0
    ? sortCodeUnits(Object.keys(claims.actions)).map((key) => [key, claims.actions![key]!])
    : [[undefined, { ...(claims.readOnly !== undefined ? { readOnly: claims.readOnly } : {}), ...(claims.destructive !== undefined ? { destructive: claims.destructive } : {}) }]];
  const out: ScanFinding[] = [];
  for (const rule of VIOLATION_RULES) {
    if (rule.family !== undefined && claims.allow?.includes(rule.family)) continue;
    const causes = findings.filter((f) => rule.matches(f) && !isAllowed(claims.allow, f));
    if (causes.length === 0) continue;
    for (const [action, c] of actions) {
      // Claims that are not given are unknown: only an explicit `destructive: false` triggers notDestructive.
      const applies = rule.when === 'always' || (rule.when === 'allowList' && namesFamily(claims.allow))
        || (rule.when === 'readOnly' && c.readOnly === true) || (rule.when === 'notDestructive' && c.destructive === false && c.readOnly !== true);
      if (!applies) continue;
      const toolWide = rule.when === 'always' || rule.when === 'allowList';
      if (toolWide && action !== undefined && action !== actions[0]![0]) continue; // tool-wide rule: once per tool
      const first = causes[0]!;
      const identifiers = sortCodeUnits([...new Set(causes.map((f) => f.identifier ?? f.id))]);
      const families = sortCodeUnits([...new Set(causes.map((f) => f.family!))]);
      const claim = rule.when === 'allowList'
        ? `the tool allows ${claims.allow!.length === 0 ? 'no entitlement (allow: [])' : claims.allow!.map((a) => `"${a}"`).join(', ')}; ${families.join(', ')} ${families.length === 1 ? 'is' : 'are'} not allowed`
        : describeClaim(rule.when, action, tool, rule.family);
      const violation: ScanFinding = {
        id: rule.id,
        kind: 'violation',
        level: rule.level,
        tool,
        causes: sortCodeUnits([...new Set(causes.map((f) => f.id))]),
        detail: `${claim}: ${identifiers.join(', ')} (${causes.length} site${causes.length === 1 ? '' : 's'})`,
      };
      if (rule.family !== undefined) violation.family = rule.family;
      if (action !== undefined && !toolWide) violation.action = action;
      if (first.identifier !== undefined) violation.identifier = first.identifier;
      if (first.file !== undefined) violation.file = first.file;
      if (first.line !== undefined) violation.line = first.line;
      if (first.column !== undefined) violation.column = first.column;
      if (first.evidence !== undefined) violation.evidence = first.evidence;
      if (first.chain !== undefined) violation.chain = first.chain;
      out.push(violation);
    }
  }
  return out;
}

/**
 * An allow list that names an entitlement family is the whole list (ids and `evasion` alone only
 * silence), and so is an empty one: `allow: []` allows no family.
 */
function namesFamily(allow: readonly string[] | undefined): boolean {
  return allow !== undefined && (allow.length === 0 || allow.some((a) => LISTED_FAMILIES.has(a) || a === 'codeEvaluation'));
}

function describeClaim(when: string, action: string | undefined, tool: string, family: string | undefined): string {
  const who = action === undefined ? 'the tool' : `action "${action}"`;
  if (when === 'readOnly') return `${who} is declared read-only`;
  if (when === 'notDestructive') return `${who} is not declared destructive`;
  // `scan PATHS`: no tool, so no allow list; say what accepts it instead of naming "this tool".
  if (tool === '') {
    return family === undefined ? 'in the scanned files, which no tool claims'
      : `in the scanned files, which no tool claims (a tool whose handlers need it takes allow: ["${family}"] in mcpfusion.jsonc)`;
  }
  return family === undefined ? 'not allowed for this tool' : `not allowed for this tool (tools.${tool}.allow does not list "${family}")`;
}
