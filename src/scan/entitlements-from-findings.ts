/**
 * `entitlementsFromFindings(findings)`: the lockfile's `entitlements` section from scan findings:
 * the five family flags and the sorted, unique raw identifiers (code-unit order). Environment
 * findings are informational and not part of it; evasion and not-analyzed findings add nothing.
 *
 * @module
 */
import type { Entitlements } from '../contract/types.ts';
import { emptyEntitlements } from '../contract/types.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import type { ScanFinding } from './types.ts';
import { arrayArgument, withArguments } from '../arguments.ts';

/**
 * Build entitlements from capability findings.
 *
 * @param findings Findings of one tool's handlers.
 * @returns Five booleans and sorted unique raw identifiers.
 * @example
 * entitlementsFromFindings([{ id: 'network.fetch', kind: 'capability', level: 'note', family: 'network', identifier: 'fetch' }])
 * // { filesystem: false, network: true, subprocess: false, crypto: false, codeEvaluation: false, raw: ['fetch'] }
 */
export function entitlementsFromFindings(findings: readonly ScanFinding[]): Entitlements {
  return withArguments(
    'entitlementsFromFindings(findings)',
    [arrayArgument('findings', findings, 'of scan findings', true)],
    'give the findings scanSource or scanFiles returns',
    () => entitlementsFromFindingsUnchecked(findings),
  );
}

function entitlementsFromFindingsUnchecked(findings: readonly ScanFinding[]): Entitlements {
  const out = emptyEntitlements();
  const raw = new Set<string>();
  for (const f of findings) {
    if (f.kind !== 'capability' || f.family === undefined || f.family === 'environment') continue;
    out[f.family] = true;
    if (f.identifier !== undefined) raw.add(f.identifier);
  }
  out.raw = sortCodeUnits([...raw]);
  return out;
}
