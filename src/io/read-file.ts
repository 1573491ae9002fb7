/**
 * Reading user files: UTF-8 with a fatal decoder (invalid bytes are an error, not U+FFFD) and
 * errors that say which file and what to do.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../errors.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Read a text file as strict UTF-8.
 *
 * @param path File path (as given by the user, for messages).
 * @param what What the file is, for messages (e.g. "lockfile").
 * @returns The text.
 * @throws {InputError} When the file is missing, unreadable or not valid UTF-8.
 * @example readTextFile('mcpfusion.lock', 'lockfile')
 */
export function readTextFile(path: string, what = 'file'): string {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it does not exist'
      : code === 'EACCES' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory' : String((cause as Error).message);
    throw new InputError(`Cannot read ${what} "${path}": ${why}`, { cause });
  }
  return decodeUtf8(bytes, `${what} "${path}"`);
}

/**
 * Decode bytes as strict UTF-8.
 *
 * @param bytes The bytes.
 * @param what What they are, for the error message.
 * @returns The text.
 * @throws {InputError} When the bytes are not valid UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    throw new InputError(`Cannot read ${what}: it is not valid UTF-8; save it as UTF-8`, { cause });
  }
}
