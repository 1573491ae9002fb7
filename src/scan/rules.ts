/**
 * The scanner's rule registry: every finding id the scanner can emit (capability patterns of
 * JavaScript, Python, Go and Rust, evasion heuristics, `scan.not-analyzed`, violations, surface rules), listed once with its kind,
 * title and default level. Used for SARIF rule metadata, the docs audit and id lookups.
 *
 * @module
 */
import type { FindingKind, FindingLevel, ScanFamily } from './types.ts';
import { CAPABILITY_PATTERNS, GO_CAPABILITY_PATTERNS, PYTHON_CAPABILITY_PATTERNS, RUST_CAPABILITY_PATTERNS } from './pattern-index.ts';
import { EVASION_RULES } from './patterns/evasion.ts';
import { PYTHON_EVASION_RULES } from './patterns/python-evasion.ts';
import { GO_EVASION_RULES } from './patterns/go-evasion.ts';
import { RUST_EVASION_RULES } from './patterns/rust-evasion.ts';
import { VIOLATION_RULES } from './patterns/violations.ts';
import { POISONING_RULES } from './patterns/poisoning.ts';
import { NOT_ANALYZED_ID, evasionLevel } from './scan-source.ts';
import { COMMAND_RULES } from './patterns/project-commands.ts';

/** One rule of the registry. */
export interface ScanRule {
  id: string;
  kind: FindingKind;
  title: string;
  /** Level of a typical finding (evasion and surface findings vary with confidence). */
  defaultLevel: FindingLevel;
  family?: ScanFamily;
}

/** Every scan rule, ids unique. */
export const SCAN_RULES: readonly ScanRule[] = [
  ...[...CAPABILITY_PATTERNS, ...PYTHON_CAPABILITY_PATTERNS.filter((p) => p.variant !== true), ...GO_CAPABILITY_PATTERNS, ...RUST_CAPABILITY_PATTERNS].map((p): ScanRule => ({ id: p.id, kind: 'capability', title: p.title, defaultLevel: 'note', family: p.family })),
  ...COMMAND_RULES.map((r): ScanRule => ({ id: r.id, kind: 'capability', title: r.title, defaultLevel: 'note', family: r.family })),
  ...[...EVASION_RULES, ...PYTHON_EVASION_RULES, ...GO_EVASION_RULES, ...RUST_EVASION_RULES].map((r): ScanRule => ({ id: r.id, kind: 'evasion', title: r.title, defaultLevel: 'warning' })),
  { id: NOT_ANALYZED_ID, kind: 'not-analyzed', title: 'A file could not be read, resolved or tokenized: it is not analyzed (never clean)', defaultLevel: 'warning' },
  ...VIOLATION_RULES.map((r): ScanRule => ({ id: r.id, kind: 'violation', title: r.title, defaultLevel: r.level, ...(r.family !== undefined ? { family: r.family } : {}) })),
  ...POISONING_RULES.map((r): ScanRule => ({ id: r.id, kind: 'surface', title: r.title, defaultLevel: evasionLevel(r.confidence) })),
];

const BY_ID = new Map(SCAN_RULES.map((r) => [r.id, r]));

/**
 * Look a rule up by id.
 *
 * @param id A finding id.
 * @returns The rule, or `undefined` for an unknown id.
 * @example
 * scanRuleById('network.fetch')?.kind // 'capability'
 */
export function scanRuleById(id: string): ScanRule | undefined {
  return BY_ID.get(id);
}
