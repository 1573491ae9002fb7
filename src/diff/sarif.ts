/**
 * SARIF mapping of a contract diff, through the shared writer `src/format/sarif.ts`: one result
 * per delta (BREAKING error, RISKY warning, SAFE and COSMETIC note), the rule id as `ruleId`, the
 * delta's fingerprint as partial fingerprint, the contract location as a logical location and,
 * when the new side is a file, that file as the physical location.
 *
 * @module
 */
import { escapeControls } from '../format/escape-controls.ts';
import { toSarifLog } from '../format/sarif.ts';
import type { SarifFinding, SarifLevel, SarifLog, SarifRule } from '../format/sarif.ts';
import { ruleById } from './registry.ts';
import type { Delta, DiffResult, Verdict } from './types.ts';

/** Options of {@link diffToSarif}. */
export interface DiffSarifOptions {
  /** Tool version written into the log. */
  version: string;
  /** The file the new side was read from (lockfile, contracts file), if any. */
  file?: string;
}

const LEVEL: Record<Verdict, SarifLevel> = { BREAKING: 'error', RISKY: 'warning', SAFE: 'note', COSMETIC: 'note' };

/** `surface.required-field-added` → `Surface: required field added`. */
function describe(id: string): string {
  const [section = '', name = ''] = id.split(/\.(.*)/s);
  const head = section.charAt(0).toUpperCase() + section.slice(1).replace(/-/g, ' ');
  return `${head}: ${name.replace(/[.-]/g, ' ')}`;
}

/** `tools/invoices/surface.actions.create.requiredFields["x"]`. */
function logicalLocation(d: Delta): string {
  return `${d.kind}s/${d[d.kind] ?? ''}/${d.field}`;
}

/**
 * Build a SARIF 2.1.0 log of a diff.
 *
 * @param result The diff result.
 * @param options Tool version and the new side's file.
 * @returns The log object (serialize with `JSON.stringify`).
 * @example JSON.stringify(diffToSarif(diffContracts(a, b), { version: VERSION, file: 'mcpfusion.lock' }))
 */
export function diffToSarif(result: DiffResult, options: DiffSarifOptions): SarifLog {
  const used = [...new Set(result.deltas.map((d) => d.id))];
  const rules: SarifRule[] = used.map((id) => {
    const r = ruleById(id);
    const rule: SarifRule = {
      id,
      shortDescription: describe(id),
      fullDescription: `${describe(id)}. Verdict ${r.verdict} under the default policy${r.security ? '; security-relevant' : ''}.`,
      help: `See the rule "${id}" in docs/diff.md.`,
      defaultLevel: LEVEL[r.verdict],
      tags: ['contract', id.slice(0, id.indexOf('.')), ...(r.security ? ['security'] : [])],
    };
    return rule;
  });
  const findings: SarifFinding[] = result.deltas.map((d) => {
    const f: SarifFinding = {
      ruleId: d.id,
      level: LEVEL[d.verdict],
      // Names as JSON string literals with controls escaped: one line, whatever the server named things.
      message: escapeControls(`${d.verdict}${d.security ? ' [security]' : ''}: ${d.kind} ${JSON.stringify(d[d.kind] ?? '')}${d.action !== undefined ? ` action ${JSON.stringify(d.action)}` : ''}: ${d.reason}`),
      logicalLocation: logicalLocation(d),
      logicalLocationKind: 'member',
      fingerprint: d.fingerprint,
      properties: {
        verdict: d.verdict,
        security: d.security === true,
        field: d.field,
        before: d.before,
        after: d.after,
        ...(d.detail !== undefined ? { detail: d.detail } : {}),
      },
    };
    if (options.file !== undefined) f.file = options.file;
    return f;
  });
  return toSarifLog(findings, {
    tool: { name: 'mcpfusion', version: options.version },
    rules,
    automationId: 'mcpfusion/diff/',
  });
}
