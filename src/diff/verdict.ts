/**
 * Ordering of verdicts and the `--fail-on` gate.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import type { OverallVerdict, Verdict } from './types.ts';
import { VERDICTS } from './types.ts';

/** Values accepted by `--fail-on`: a verdict (lower case) or `never`. */
export const FAIL_ON_VALUES = ['breaking', 'risky', 'safe', 'cosmetic', 'never'] as const;
/** One `--fail-on` value. */
export type FailOn = (typeof FAIL_ON_VALUES)[number];

/**
 * Severity rank of a verdict: BREAKING 4, RISKY 3, SAFE 2, COSMETIC 1, NONE 0.
 *
 * @param verdict A verdict or `NONE`.
 * @returns The rank; higher is more severe.
 * @example verdictRank('RISKY') // 3
 */
export function verdictRank(verdict: OverallVerdict): number {
  return verdict === 'NONE' ? 0 : VERDICTS.length - VERDICTS.indexOf(verdict);
}

/**
 * The more severe of verdicts.
 *
 * @param verdicts Verdicts (possibly none).
 * @returns The most severe one, or `NONE` for an empty list.
 * @example maxVerdict(['SAFE', 'RISKY']) // 'RISKY'
 */
export function maxVerdict(verdicts: Iterable<OverallVerdict>): OverallVerdict {
  let best: OverallVerdict = 'NONE';
  for (const v of verdicts) if (verdictRank(v) > verdictRank(best)) best = v;
  return best;
}

/**
 * Read a `--fail-on` value.
 *
 * @param value The flag value (case-insensitive); undefined gives the default `breaking`.
 * @returns The normalized value.
 * @throws {InputError} When the value is not one of breaking, risky, safe, cosmetic, never.
 * @example parseFailOn('RISKY') // 'risky'
 */
export function parseFailOn(value: unknown): FailOn {
  if (value === undefined) return 'breaking';
  const v = String(value).toLowerCase();
  if ((FAIL_ON_VALUES as readonly string[]).includes(v)) return v as FailOn;
  throw new InputError(`Invalid --fail-on "${String(value)}": expected one of ${FAIL_ON_VALUES.join(', ')}`);
}

/**
 * Whether a diff verdict reaches the `--fail-on` threshold (the gate fails).
 *
 * @param verdict The overall verdict of a diff.
 * @param failOn The threshold; `never` never fails.
 * @returns True when the verdict is at or above the threshold.
 * @example gateFails('RISKY', 'breaking') // false
 */
export function gateFails(verdict: OverallVerdict, failOn: FailOn): boolean {
  if (failOn === 'never' || verdict === 'NONE') return false;
  return verdictRank(verdict) >= verdictRank(failOn.toUpperCase() as Verdict);
}
