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
  let text: string;
  try {
    // The runtime's own decoding (about half the time of a fatal TextDecoder over the bytes on a
    // cold start) writes U+FFFD for every invalid sequence: a text without one came from valid
    // UTF-8. A text with one (a genuine U+FFFD, or bytes that are not UTF-8) is decoded strictly.
    text = readFileSync(path, 'utf8');
    if (text.includes('\uFFFD')) return decodeUtf8(readFileSync(path), `${what} "${path}"`);
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it does not exist'
      : code === 'EACCES' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory' : String((cause as Error).message);
    throw new InputError(`Cannot read ${what} "${path}": ${why}`, { cause });
  }
  // As the strict decoder does: a leading byte-order mark is not part of the text.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
