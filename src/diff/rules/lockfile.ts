/**
 * Lockfile rules: what a diff cannot see because a side is a lockfile in MCP Fusion's own format,
 * which records neither per-action contracts nor mcpfusion's other additions. The engine emits
 * the row itself (see `diffRecorded`) when a tool's recorded digest changed and the recorded
 * fields cannot show that they explain the whole change.
 *
 * @module
 */
import type { StructuralRule } from '../rule.ts';

/** The lockfile rows, in report order. */
export const LOCKFILE_RULES: readonly StructuralRule[] = [
  // BREAKING: the unrecorded fields include per-action required fields, presenters and raw
  // entitlements, whose own rules can say BREAKING; a reviewer cannot see which changed, so the
  // gate must not pass on it (test/diff/recorded.test.ts ties this to those rules' verdicts).
  { id: 'lockfile.unrecorded-change', verdict: 'BREAKING', field: 'integrityDigest', scope: 'structural' },
];
