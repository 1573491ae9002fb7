/**
 * Locating, reading and stamping the lockfile for `lock` and `check`.
 *
 * @module
 */
import { resolve } from 'node:path';
import { InputError } from '../errors.ts';
import { backslashHint, isMissingFile, readTextFile, tryReadPlainUtf8 } from '../io/read-file.ts';
import { LOCKFILE_BYTES_FROM, LOCKFILE_NAME } from '../lockfile/types.ts';
import type { Io, OptionSpec } from './command.ts';
import { stringFlag, type Flags } from './flags.ts';

/** The `--lockfile` option. */
export const LOCKFILE_OPTION: OptionSpec = { flags: '--lockfile <path>', description: `Lockfile path (default: the config's lockfile, else ./${LOCKFILE_NAME})` };

/**
 * The lockfile path of a run: `--lockfile`, else the default in the working directory.
 *
 * @param flags Parsed flags.
 * @param io For the working directory.
 * @param configured A path from the config file, if any.
 * @returns Absolute path and the path as the user sees it.
 */
export function lockfilePath(flags: Flags, io: Io, configured?: string): { abs: string; shown: string } {
  const shown = stringFlag(flags, 'lockfile') ?? configured ?? LOCKFILE_NAME;
  return { abs: resolve(io.cwd, shown), shown };
}

/**
 * Read the text of a lockfile that must exist (parse it with `parseLockfile`).
 *
 * @param abs Absolute path.
 * @param shown Path for messages.
 * @returns The text.
 * @throws {InputError} When it is missing, unreadable or not UTF-8.
 */
export function readLockfileText(abs: string, shown: string, note = ''): string {
  if (isMissingFile(abs)) {
    throw new InputError(`No lockfile at "${shown}"${backslashHint(abs, shown)}: run \`mcpfusion lock\` first (or point --lockfile at it)${note}`);
  }
  return readTextFile(abs, 'lockfile', undefined, shown);
}

/**
 * {@link readLockfileText}, but a plain UTF-8 file (no NUL byte; a leading byte-order mark is left out of the bytes, as out of the text) of at least
 * `LOCKFILE_BYTES_FROM` bytes is kept as
 * its bytes, outside the engine's heap: a big lockfile is then read and compared piece by piece
 * (`upToDateResult`, `checkLockfileContent`). Anything else is read as text, with its errors.
 *
 * @param abs Absolute path.
 * @param shown Path for messages.
 * @param note What to add to the missing-lockfile message.
 * @returns The bytes, or the text.
 * @throws {InputError} When it is missing, unreadable or not UTF-8.
 */
export function readLockfileContent(abs: string, shown: string, note = ''): Uint8Array | string {
  if (isMissingFile(abs)) return readLockfileText(abs, shown, note);
  return tryReadPlainUtf8(abs, undefined, LOCKFILE_BYTES_FROM) ?? readLockfileText(abs, shown, note);
}

/**
 * What to add to a missing-lockfile message when the default lockfile was read for a config in
 * another folder that names none: the lockfile beside the config, which is not read, and whether
 * it exists (then: how to read it).
 *
 * @param flags Parsed flags (`--lockfile`, `--config`).
 * @param io For the working directory and environment.
 * @returns `; the config … names no "lockfile" …`, or `''`.
 */
export async function defaultLockfileNote(flags: Flags, io: Io): Promise<string> {
  const configFlag = stringFlag(flags, 'config');
  if (stringFlag(flags, 'lockfile') !== undefined || configFlag === undefined) return '';
  const { lockfileBesideConfig } = await import('../sources/config.ts');
  const beside = lockfileBesideConfig(configFlag, io.cwd, io.env);
  if (beside === undefined) return '';
  const start = `; the config "${beside.config}" names no "lockfile", so the default in the working directory was read, not "${beside.path}" beside the config`;
  return isMissingFile(resolve(io.cwd, beside.path))
    ? `${start} (which does not exist either)`
    : `${start}, which exists: add "lockfile": "${LOCKFILE_NAME}" to the config, or pass --lockfile ${beside.path}`;
}


const MAX_EPOCH_SECONDS = 253402300799;

/**
 * The `generatedAt` timestamp: from `SOURCE_DATE_EPOCH` (seconds) when set, else now.
 *
 * @param env Environment.
 * @param now The clock.
 * @returns ISO-8601 UTC with milliseconds.
 * @throws {InputError} When SOURCE_DATE_EPOCH is not a non-negative integer up to the year 9999's end.
 */
export function generatedAt(env: Record<string, string | undefined>, now: () => Date = () => new Date()): string {
  const epoch = env['SOURCE_DATE_EPOCH'];
  if (epoch === undefined || epoch === '') return now().toISOString();
  // Up to 9999-12-31T23:59:59Z: later instants have no four-digit-year ISO-8601 form.
  if (!/^\d{1,15}$/.test(epoch) || Number(epoch) > MAX_EPOCH_SECONDS) {
    throw new InputError(`SOURCE_DATE_EPOCH must be a non-negative integer number of seconds up to ${MAX_EPOCH_SECONDS} (9999-12-31T23:59:59Z), got ${JSON.stringify(epoch)}`);
  }
  return new Date(Number(epoch) * 1000).toISOString();
}
