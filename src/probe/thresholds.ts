/**
 * Drift levels from similarity scores, and the `--fail-on` gate of `probe run`.
 *
 * A score `>= thresholds.none` is `none`, `>= thresholds.low` is `low`, `>= thresholds.medium`
 * is `medium`, anything lower is `high` (defaults 0.95, 0.75, 0.5; SPEC section 9).
 *
 * @module
 */
import { InputError } from '../errors.ts';
import { DRIFT_LEVELS, type DriftLevel, type ProbeResult, type Thresholds } from './types.ts';

/** The SPEC thresholds: 0.95, 0.75, 0.5. */
export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({ none: 0.95, low: 0.75, medium: 0.5 });

/**
 * Check that thresholds are numbers in 0..1 and strictly decreasing (none > low > medium).
 *
 * @param t The thresholds.
 * @param where Where they came from, for the message (e.g. `--thresholds`).
 * @returns The same thresholds.
 * @throws {InputError} When a value is out of range or the order is wrong.
 * @example assertThresholds({ none: 0.9, low: 0.7, medium: 0.4 }, '--thresholds')
 */
export function assertThresholds(t: Thresholds, where: string): Thresholds {
  for (const key of ['none', 'low', 'medium'] as const) {
    const v = t[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) {
      throw new InputError(`Invalid ${where}: the ${key} threshold must be a number from 0 to 1, got ${JSON.stringify(v)}`);
    }
  }
  if (!(t.none > t.low && t.low > t.medium)) {
    throw new InputError(`Invalid ${where}: thresholds must decrease strictly (none > low > medium), got ${t.none}, ${t.low}, ${t.medium}`);
  }
  return t;
}

/**
 * Parse `--thresholds none,low,medium`, e.g. `0.95,0.75,0.5`.
 *
 * @param text Three comma-separated numbers.
 * @returns The thresholds.
 * @throws {InputError} When there are not three numbers in 0..1 in strictly decreasing order.
 * @example parseThresholds('0.9,0.7,0.4') // { none: 0.9, low: 0.7, medium: 0.4 }
 */
export function parseThresholds(text: string): Thresholds {
  const parts = text.split(',').map((s) => s.trim());
  const numeric = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
  if (parts.length !== 3 || parts.some((p) => !numeric.test(p))) {
    throw new InputError(`Invalid --thresholds ${JSON.stringify(text)}: expected three numbers from 0 to 1 for none,low,medium, e.g. 0.95,0.75,0.5`);
  }
  const [none, low, medium] = parts.map(Number) as [number, number, number];
  return assertThresholds({ none, low, medium }, '--thresholds');
}

/**
 * The drift level of a similarity score.
 *
 * @param score Similarity in 0..1.
 * @param thresholds Lower bounds of none, low and medium.
 * @returns `none`, `low`, `medium` or `high`.
 * @example classifySimilarity(0.75, DEFAULT_THRESHOLDS) // 'low'
 */
export function classifySimilarity(score: number, thresholds: Thresholds = DEFAULT_THRESHOLDS): DriftLevel {
  if (score >= thresholds.none) return 'none';
  if (score >= thresholds.low) return 'low';
  if (score >= thresholds.medium) return 'medium';
  return 'high';
}

/**
 * Severity rank of a level: none 0, low 1, medium 2, high 3.
 *
 * @param level A drift level.
 * @returns Its rank.
 * @example driftRank('medium') // 2
 */
export function driftRank(level: DriftLevel): number {
  return DRIFT_LEVELS.indexOf(level);
}

/** Values of `--fail-on`: a drift level, or `never` (the gate is off). */
export const PROBE_FAIL_ON_VALUES = [...DRIFT_LEVELS, 'never'] as const;
/** One `--fail-on` value. */
export type ProbeFailOn = (typeof PROBE_FAIL_ON_VALUES)[number];

/**
 * Read a `--fail-on` value.
 *
 * @param value The flag value (default `high`).
 * @returns The value.
 * @throws {InputError} When it is not one of none, low, medium, high, never.
 * @example parseProbeFailOn('medium') // 'medium'
 */
export function parseProbeFailOn(value: string | undefined): ProbeFailOn {
  const v = (value ?? 'high').toLowerCase();
  if ((PROBE_FAIL_ON_VALUES as readonly string[]).includes(v)) return v as ProbeFailOn;
  throw new InputError(`Invalid --fail-on ${JSON.stringify(value)}: expected one of ${PROBE_FAIL_ON_VALUES.join(', ')}`);
}

/**
 * Whether the gate fails: some probe that did not fall back reached the `--fail-on` level.
 * Fallbacks never fail the gate.
 *
 * @param results The probe results.
 * @param failOn The gate level.
 * @returns True when `probe run` must exit 1.
 * @example probeGateFailed([{ level: 'high', fallback: null }], 'high') // true
 */
export function probeGateFailed(results: readonly Pick<ProbeResult, 'level' | 'fallback'>[], failOn: ProbeFailOn): boolean {
  if (failOn === 'never') return false;
  return results.some((r) => r.fallback === null && driftRank(r.level) >= driftRank(failOn));
}
