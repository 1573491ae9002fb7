/**
 * Reading user files: UTF-8 with a fatal decoder (invalid bytes are an error, not U+FFFD) and
 * errors that say which file and what to do.
 *
 * @module
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { InputError } from '../errors.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });
/** The same, keeping a leading byte-order mark in the text (as `readFileSync(…, 'utf8')` does). */
const decoderKeepingMark = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Whether nothing is at `abs`: `existsSync` is false for a loop of symbolic links too, which is no
 * missing file (reading it names the loop).
 *
 * @param abs An absolute path.
 * @returns True when there is no file, directory or link loop at `abs`.
 */
export function isMissingFile(abs: string): boolean {
  if (existsSync(abs)) return false;
  try {
    realpathSync(abs);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code !== 'ELOOP';
  }
}

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
    if (text.includes('\uFFFD')) text = strictDecode(decoderKeepingMark, readFileSync(path), `${what} "${path}"`);
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it does not exist'
      : code === 'EACCES' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory' : String((cause as Error).message);
    throw new InputError(`Cannot read ${what} "${path}": ${why}`, { cause });
  }
  return withoutByteOrderMark(text, `${what} "${path}"`);
}

/**
 * As the strict decoder does: a leading byte-order mark is not part of the text. A second one
 * right after it is refused: a JSON reader that strips one mark (ours does, for library callers
 * handing in raw text) would otherwise accept a file that other JSON readers reject.
 */
function withoutByteOrderMark(text: string, what: string): string {
  if (text.charCodeAt(0) !== 0xfeff) return text;
  if (text.charCodeAt(1) === 0xfeff) {
    throw new InputError(`Cannot read ${what}: it starts with two byte-order marks (U+FEFF); remove the second one`);
  }
  return text.slice(1);
}

/**
 * Decode the bytes of a document (JSON, JSONC, PEM, a secret) as strict UTF-8, as `readTextFile`
 * reads a file: one leading byte-order mark dropped, two refused.
 *
 * @param bytes The bytes.
 * @param what What they are, for the error message.
 * @returns The text.
 * @throws {InputError} When the bytes are not valid UTF-8, or start with two byte-order marks.
 */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  return withoutByteOrderMark(strictDecode(decoderKeepingMark, bytes, what), what);
}

/**
 * Decode the bytes of program source as strict UTF-8, one leading byte-order mark dropped (what
 * follows it is the language's business).
 *
 * @param bytes The bytes.
 * @param what What they are, for the error message.
 * @returns The text.
 * @throws {InputError} When the bytes are not valid UTF-8.
 */
export function decodeUtf8Source(bytes: Uint8Array, what: string): string {
  return strictDecode(decoder, bytes, what);
}

function strictDecode(fatal: TextDecoder, bytes: Uint8Array, what: string): string {
  try {
    return fatal.decode(bytes);
  } catch (cause) {
    throw new InputError(`Cannot read ${what}: it is not valid UTF-8; save it as UTF-8`, { cause });
  }
}
