/**
 * `scanToSarif(findings, { version })`: scan findings (code, violations, surface) as a SARIF 2.1.0
 * log through the shared writer `src/format/sarif.ts`. Levels carry over (note, warning, error);
 * the rule list holds only the rules that occur, with their titles from the registry.
 *
 * @module
 */
import type { ScanFinding } from './types.ts';
import { toSarifLog, type SarifFinding, type SarifLog, type SarifRule } from '../format/sarif.ts';
import { SCAN_RULES } from './rules.ts';
import { describeFinding } from './describe-finding.ts';

/** Options of {@link scanToSarif}. */
export interface ScanSarifOptions {
  /** mcpfusion version. */
  version: string;
}

/**
 * Build a SARIF log of scan findings.
 *
 * @param findings Findings in output order (paths as they should appear, relative to the checkout).
 * @param options Tool version.
 * @returns The SARIF log object.
 * @example
 * JSON.stringify(scanToSarif(result.findings, { version: '0.1.0' }))
 */
export function scanToSarif(findings: readonly ScanFinding[], options: ScanSarifOptions): SarifLog {
  const used = new Set(findings.map((f) => f.id));
  const rules: SarifRule[] = SCAN_RULES.filter((r) => used.has(r.id)).map((r) => {
    const rule: SarifRule = { id: r.id, shortDescription: r.title, defaultLevel: r.defaultLevel, tags: ['security', r.kind] };
    if (r.kind === 'violation' || r.kind === 'evasion' || r.kind === 'surface') rule.securitySeverity = r.defaultLevel === 'error' ? 8 : r.defaultLevel === 'warning' ? 5 : 2;
    return rule;
  });
  const results = findings.map((f): SarifFinding => {
    const out: SarifFinding = { ruleId: f.id, level: f.level, message: describeFinding(f) };
    if (f.file !== undefined) out.file = f.file;
    if (f.line !== undefined) out.line = f.line;
    if (f.column !== undefined) out.column = f.column;
    if (f.evidence !== undefined && f.line !== undefined) out.snippet = f.evidence;
    if (f.kind === 'surface') {
      out.logicalLocation = `${f.tool !== undefined ? `tools/${f.tool}` : f.prompt !== undefined ? `prompts/${f.prompt}` : 'server'}/${f.field ?? ''}`;
      out.logicalLocationKind = 'member';
    }
    const properties: Record<string, unknown> = {};
    for (const key of ['kind', 'family', 'access', 'identifier', 'confidence', 'tool', 'action', 'prompt', 'field', 'chain', 'causes'] as const) {
      if (f[key] !== undefined) properties[key] = f[key];
    }
    out.properties = properties;
    return out;
  });
  return toSarifLog(results, { tool: { name: 'mcpfusion', version: options.version }, rules, automationId: 'mcpfusion/scan/' });
}
