/**
 * Violation rules: what a tool's handlers may not do given its declared claims (SPEC section 7,
 * issue 5 item 4). A rule fires for an action (or the tool when it has no actions) when a
 * capability finding of its family meets the claim; `allow` in the config accepts a family (or a
 * finding id) for a tool and silences the rules of that family, and a tool that has an allow list
 * may use nothing outside it.
 *
 * @module
 */
import type { FindingLevel, ScanFamily, ScanFinding } from '../types.ts';

/** The claim a rule checks. */
export type ClaimCondition = 'readOnly' | 'notDestructive' | 'always' | 'allowList';

/** One violation rule. */
export interface ViolationRule {
  /** Stable id `violation.<name>`. */
  id: string;
  /** Level of the violation. */
  level: FindingLevel;
  /** One-line description. */
  title: string;
  /** When the claim applies. */
  when: ClaimCondition;
  /** Family the rule is about (`allow` of this family silences it). */
  family?: ScanFamily;
  /** Whether a finding triggers the rule. */
  matches(finding: ScanFinding): boolean;
}

/** The entitlement families an allow list restricts (code evaluation has its own rule; environment reads are no entitlement). */
export const LISTED_FAMILIES: ReadonlySet<string> = new Set(['filesystem', 'network', 'subprocess', 'crypto']);

const capabilityOf = (family: ScanFamily) => (f: ScanFinding): boolean => f.kind === 'capability' && f.family === family;

/** Violation rule rows. */
export const VIOLATION_RULES: readonly ViolationRule[] = [
  { id: 'violation.read-only-writes-files', level: 'error', title: 'A read-only action writes, moves or deletes files', when: 'readOnly', family: 'filesystem', matches: (f) => capabilityOf('filesystem')(f) && f.access === 'write' },
  { id: 'violation.read-only-filesystem-undecided', level: 'warning', title: 'A read-only action uses the filesystem in a way the scan cannot call a read or a write (the fs module handed on, an archive package)', when: 'readOnly', family: 'filesystem', matches: (f) => capabilityOf('filesystem')(f) && f.access === undefined },
  { id: 'violation.read-only-spawns-process', level: 'error', title: 'A read-only action starts processes', when: 'readOnly', family: 'subprocess', matches: capabilityOf('subprocess') },
  { id: 'violation.read-only-evaluates-code', level: 'error', title: 'A read-only action evaluates code', when: 'readOnly', family: 'codeEvaluation', matches: capabilityOf('codeEvaluation') },
  { id: 'violation.code-evaluation-not-allowed', level: 'error', title: 'Code evaluation that the tool is not allowed (allow: ["codeEvaluation"])', when: 'always', family: 'codeEvaluation', matches: capabilityOf('codeEvaluation') },
  { id: 'violation.read-only-uses-network', level: 'warning', title: 'A read-only action uses the network', when: 'readOnly', family: 'network', matches: capabilityOf('network') },
  { id: 'violation.non-destructive-spawns-process', level: 'warning', title: 'An action that is not declared destructive starts processes', when: 'notDestructive', family: 'subprocess', matches: capabilityOf('subprocess') },
  // With an allow list, it is the whole list: any other family is a violation (code evaluation has its own rule above).
  { id: 'violation.entitlement-not-allowed', level: 'error', title: 'A capability outside the tool\'s allow list (tools.<name>.allow)', when: 'allowList', matches: (f) => f.kind === 'capability' && LISTED_FAMILIES.has(f.family!) },
  { id: 'violation.unsafe-evasion', level: 'error', title: 'A high-confidence evasion trick: the tool is unsafe', when: 'always', matches: (f) => f.kind === 'evasion' && f.confidence === 'high' },
];
