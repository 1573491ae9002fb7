/**
 * The machine-readable report of a diff (`diff --format json`): the result plus what was compared
 * and whether the `--fail-on` gate failed. Serialized with sorted keys, so the same inputs always
 * give the same bytes.
 *
 * @module
 */
import type { Delta, DiffResult } from './types.ts';
import type { FailOn } from './verdict.ts';
import { gateFails } from './verdict.ts';

/** Version of the JSON report shape; bumped only on incompatible changes. */
export const DIFF_REPORT_VERSION = 1;

/** What was compared and the gate. */
export interface DiffReportMeta {
  /** Label of the old side (e.g. `lockfile "mcpfusion.lock"`). */
  old: string;
  /** Label of the new side. */
  new: string;
  /** The `--fail-on` threshold. */
  failOn: FailOn;
}

/**
 * A delta as the JSON report writes it: a tool delta always carries `action`, null when the
 * change is tool-wide (the SPEC: each delta carries tool, action, field, verdict, before, after
 * and a reason), as `before` and `after` are null when absent.
 */
export type DiffReportDelta = Delta | (Omit<Delta, 'action'> & { action: null });

/** The JSON report. */
export interface DiffReport extends Omit<DiffResult, 'deltas'> {
  deltas: DiffReportDelta[];
  diffReportVersion: number;
  old: string;
  new: string;
  failOn: FailOn;
  /** Whether the verdict reached `failOn` (the command exits 1). */
  failed: boolean;
}

/**
 * Build the JSON report of a diff.
 *
 * @param result The diff result.
 * @param meta What was compared and the gate.
 * @returns A JSON-ready object (serialize it with `stringifySorted`).
 * @example stringifySorted(diffReport(diffContracts(a, b), { old: 'a', new: 'b', failOn: 'breaking' }))
 */
export function diffReport(result: DiffResult, meta: DiffReportMeta): DiffReport {
  return {
    diffReportVersion: DIFF_REPORT_VERSION,
    old: meta.old,
    new: meta.new,
    failOn: meta.failOn,
    failed: gateFails(result.verdict, meta.failOn),
    ...result,
    deltas: result.deltas.map((d) => (d.kind === 'tool' && d.action === undefined ? { ...d, action: null } : d)),
  };
}
