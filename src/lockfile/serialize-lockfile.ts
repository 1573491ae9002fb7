/**
 * Lockfile serialization: sorted keys, two-space indent, trailing newline; byte-identical for
 * identical input.
 *
 * @module
 */
import { stringifySorted } from '../canonical/pretty.ts';
import type { Lockfile } from './types.ts';

/**
 * Serialize a lockfile deterministically.
 *
 * @param lockfile The lockfile object.
 * @returns The file text, ending with a newline.
 * @example serializeLockfile(buildLockfile(set, opts))
 */
export function serializeLockfile(lockfile: Lockfile): string {
  return stringifySorted(lockfile);
}
