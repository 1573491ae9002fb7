/**
 * Lockfile serialization: sorted keys, two-space indent, trailing newline; byte-identical for
 * identical input.
 *
 * @module
 */
import { stringifySorted, stringifySortedChunks } from '../canonical/pretty.ts';
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

/**
 * {@link serializeLockfile} in pieces, never one string: a big lockfile is compared and written
 * piece by piece (`writeFileAtomic` takes the pieces).
 *
 * @param lockfile The lockfile object.
 * @returns The pieces; joined, exactly `serializeLockfile(lockfile)`.
 * @throws {InputError} At once, when the text would be longer than the runtime's longest string.
 * @example writeFileAtomic('mcpfusion.lock', serializeLockfileChunks(buildLockfile(set, opts)))
 */
export function serializeLockfileChunks(lockfile: Lockfile): Iterable<string> {
  return stringifySortedChunks(lockfile);
}
