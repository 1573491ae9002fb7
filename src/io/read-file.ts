/**
 * Reading user files: UTF-8 with a fatal decoder (invalid bytes are an error, not U+FFFD) and
 * errors that say which file and what to do.
 *
 * @module
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { InputError } from '../errors.ts';
import { nameTooLongReason } from './name-limit.ts';

/**
 * The most bytes read from one file or from standard input: 512 MiB, about the longest text the
 * JavaScript engine can hold (2^29 - 24 UTF-16 code units). A longer regular file is refused
 * before it is read; a device or pipe that never ends (`/dev/zero`, `yes |`) is read only that far.
 */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

/**
 * The message for input longer than {@link MAX_INPUT_BYTES}.
 *
 * @param what What was read, with its name (`lockfile "x.lock"`, `stdin`).
 * @param size Its size in bytes, when known.
 * @param max The limit applied.
 * @returns The error, exit 2.
 */
export function tooLargeError(what: string, size: number | undefined, max = MAX_INPUT_BYTES): InputError {
  const mib = (n: number): string => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
  const how = size === undefined ? `it holds more than ${mib(max)}` : `it is ${mib(size)} (${size} bytes), more than ${mib(max)}`;
  return new InputError(`Cannot read ${what}: ${how}, the most mcpfusion reads from one input; is it the right input?`);
}

const decoder = new TextDecoder('utf-8', { fatal: true });
/** The same, keeping a leading byte-order mark in the text (as `readFileSync(…, 'utf8')` does). */
const decoderKeepingMark = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A hint for a missing path typed with Windows separators on a system where "\" is a letter of a
 * file name (`--config .\mcpfusion.jsonc`, copied from a Windows how-to): the path it meant, when
 * that exists.
 *
 * @param abs The absolute path looked for (the working directory joined with `shown`).
 * @param shown The path as typed.
 * @returns ` ("\" separates no folders on this system: did you mean "./mcpfusion.jsonc"?)`, or `''`.
 */
export function backslashHint(abs: string, shown: string): string {
  if (process.platform === 'win32' || !shown.includes('\\') || !abs.endsWith(shown)) return '';
  const meant = shown.replaceAll('\\', '/');
  return existsSync(abs.slice(0, abs.length - shown.length) + meant) ? ` ("\\" separates no folders on this system: did you mean "${meant}"?)` : '';
}

/**
 * Whether nothing is at `abs`: `existsSync` is false for a loop of symbolic links too, which is no
 * missing file (reading it names the loop).
 *
 * @param abs An absolute path.
 * @returns True when there is no file, directory or link loop at `abs` and its name is not too long to exist.
 */
export function isMissingFile(abs: string): boolean {
  if (existsSync(abs)) return false;
  try {
    realpathSync(abs);
    return true;
  } catch (cause) {
    // A name longer than the system takes is no missing file either: reading it says so.
    const code = (cause as NodeJS.ErrnoException).code;
    return code !== 'ELOOP' && code !== 'ENAMETOOLONG';
  }
}

/**
 * Read a text file as strict UTF-8.
 *
 * @param path File path (as given by the user, for messages).
 * @param what What the file is, for messages (e.g. "lockfile").
 * @param maxBytes The most bytes read (default {@link MAX_INPUT_BYTES}).
 * @param shown How messages name the file (default `path`): the path the user gave, when `path`
 *   is that path resolved.
 * @param named The whole phrase messages name the file by (default `what "shown"`), for a file
 *   whose path is not to be shown at all.
 * @returns The text.
 * @throws {InputError} When the file is missing, unreadable, longer than `maxBytes` or not valid UTF-8.
 * @example readTextFile('mcpfusion.lock', 'lockfile')
 */
export function readTextFile(path: string, what = 'file', maxBytes = MAX_INPUT_BYTES, shown = path, named = `${what} "${shown}"`): string {
  return withoutByteOrderMark(readKeepingMark(path, maxBytes, shown, named), `${what} "${shown}"`);
}

/**
 * Read a text file as {@link readTextFile} does, and say whether it started with a byte-order mark
 * (which the text leaves out): one read serves both, so a file that can be read only once (a
 * named pipe, `<(…)`) reads as a file does, and a command that rewrites the file can put the mark
 * back.
 *
 * @param path File path.
 * @param what What the file is, for messages.
 * @param maxBytes The most bytes read (default {@link MAX_INPUT_BYTES}).
 * @param shown How messages name the file (default `path`).
 * @returns The text without the mark, and whether the file had one.
 * @throws {InputError} As {@link readTextFile}.
 * @example const { text, byteOrderMark } = readTextFileAndMark('mcpfusion.probes.jsonc', 'probe file')
 */
export function readTextFileAndMark(path: string, what = 'file', maxBytes = MAX_INPUT_BYTES, shown = path): { text: string; byteOrderMark: boolean } {
  const raw = readKeepingMark(path, maxBytes, shown, `${what} "${shown}"`);
  return { text: withoutByteOrderMark(raw, `${what} "${shown}"`), byteOrderMark: raw.charCodeAt(0) === 0xfeff };
}

/** The text of a file as strict UTF-8, a leading byte-order mark kept. */
function readKeepingMark(path: string, maxBytes: number, shown: string, named: string): string {
  let text: string;
  let fd: number | undefined;
  try {
    // One descriptor for the size check and the read: the size is that of the file read.
    fd = openSync(path, 'r');
    const stat = fstatSync(fd);
    if (stat.isFile()) {
      if (stat.size > maxBytes) throw tooLargeError(named, stat.size, maxBytes);
      // The runtime's own decoding (about half the time of a fatal TextDecoder over the bytes on a
      // cold start) writes U+FFFD for every invalid sequence: a text without one came from valid
      // UTF-8. A text with one (a genuine U+FFFD, or bytes that are not UTF-8) is decoded strictly.
      text = readFileSync(fd, 'utf8');
      if (text.includes('\uFFFD')) text = strictDecode(decoderKeepingMark, readFileSync(path), named);
      else if (text.includes('\u0000')) refuseUtf16(readFileSync(path), named);
    } else if (stat.isDirectory()) {
      throw new InputError(`Cannot read ${named}: it is a directory`);
    } else {
      // A device or a pipe (`<(jq …)`): its size says nothing, so it is read in steps up to the limit.
      const bytes = readBounded(fd, maxBytes, named);
      text = strictDecode(decoderKeepingMark, bytes, named);
      if (text.includes('\u0000')) refuseUtf16(bytes, named);
    }
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `it does not exist${backslashHint(path, shown)}`
      : code === 'EACCES' ? 'permission denied; fix its permissions (it must be readable by the user running mcpfusion)'
      : code === 'EISDIR' ? 'it is a directory'
      : code === 'ENAMETOOLONG' ? `${nameTooLongReason(path)}, so no file has this path; check the path`
      : String((cause as Error).message);
    throw new InputError(`Cannot read ${named}: ${why}`, { cause });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return text;
}

/** Every byte of a descriptor that is no regular file, refused past `maxBytes`. */
function readBounded(fd: number, maxBytes: number, what: string): Uint8Array {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    if (total > maxBytes) throw tooLargeError(what, undefined, maxBytes);
  }
  return Buffer.concat(chunks, total);
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
  const text = strictDecode(decoderKeepingMark, bytes, what);
  if (text.includes('\u0000')) refuseUtf16(bytes, what);
  return withoutByteOrderMark(text, what);
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
    throw new InputError(`Cannot read ${what}: ${utf16Description(bytes) ?? `it is not valid UTF-8${whereNotUtf8(bytes)}`}; save it as UTF-8`, { cause });
  }
}

/**
 * The offset of the first byte where `bytes` stop being UTF-8 as the fatal decoder reads it (a
 * byte that starts no character, a sequence cut short, an overlong form, a surrogate, a code point
 * past U+10FFFF), or -1 when they are valid.
 *
 * @param bytes The bytes.
 * @returns The offset of the sequence's first byte, or -1.
 * @example firstInvalidUtf8([0x41, 0xe9, 0x42]) // 1
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The length of the sequence and the range its second byte must be in (RFC 3629, table 3-7
    // of the Unicode standard): no overlong form, no surrogate, nothing past U+10FFFF.
    const [len, lo, hi] = b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
        : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
    if (len === 0 || i + len > n) return i;
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return -1;
}

/**
 * Where bytes stop being UTF-8, for the error message: ` at line 15, column 42 (the byte 0xE9: …)`,
 * the column counted as the JSON reader counts it (UTF-16 code units of the line before it).
 */
function whereNotUtf8(bytes: Uint8Array): string {
  const at = firstInvalidUtf8(bytes);
  if (at < 0) return '';
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder().decode(bytes.subarray(lineStart, at)).length + 1;
  const hex = (b: number): string => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;
  // The bytes of the broken sequence: the first one and the non-ASCII ones right after it, at most 4.
  let end = at + 1;
  while (end < bytes.length && end < at + 4 && bytes[end]! >= 0x80) end++;
  const shown = [...bytes.subarray(at, end)].map(hex).join(' ');
  // A lone byte of 0x80-0xFF between ASCII ones is how Latin-1 and Windows-1252 write é, ü, €.
  const guess = end === at + 1 ? ': is it Latin-1 or Windows-1252 text?' : '';
  return ` at line ${line}, column ${column} (the byte${end === at + 1 ? '' : 's'} ${shown}${guess})`;
}

/** How many leading bytes {@link utf16Description} looks at. */
const UTF16_SAMPLE = 8192;

/**
 * Whether bytes look like UTF-16 text, as Windows tools write it (PowerShell 5's `>` and
 * `Out-File`, Notepad's "Unicode"): a byte-order mark FF FE or FE FF, or, without one, the zero
 * byte that every ASCII character (all of JSON's syntax) has beside it, in every other place.
 * Read as UTF-8, such text is invalid, or valid with a U+0000 after (or before) each character,
 * which a JSON reader then refuses as `unexpected character "\u0000"`.
 *
 * @param bytes The bytes, as read.
 * @returns `it is UTF-16 (…)` / `it looks like UTF-16 (…) without a byte order mark`, or undefined.
 * @example utf16Description(new Uint8Array([0x7b, 0, 0x7d, 0])) // 'it looks like UTF-16 (little-endian) without a byte order mark'
 */
export function utf16Description(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'it is UTF-16 (little-endian, with a byte order mark)';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'it is UTF-16 (big-endian, with a byte order mark)';
  const pairs = Math.min(bytes.length, UTF16_SAMPLE) >> 1;
  if (pairs === 0) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  // ASCII in UTF-16 puts a zero in every pair on one side; text in other scripts may fill fewer
  // pairs so, and a character such as U+0100 puts one on the other side now and then. The first
  // character of a JSON document (or a PEM file) is ASCII: its pair has the pattern.
  const order = bytes[1] === 0 && bytes[0] !== 0 && odd * 4 >= pairs && even * 8 <= odd ? 'little-endian'
    : bytes[0] === 0 && bytes[1] !== 0 && even * 4 >= pairs && odd * 8 <= even ? 'big-endian' : undefined;
  return order === undefined ? undefined : `it looks like UTF-16 (${order}) without a byte order mark`;
}

/** Refuse valid UTF-8 with U+0000 in it that is UTF-16 text read as UTF-8 ({@link utf16Description}). */
function refuseUtf16(bytes: Uint8Array, what: string): void {
  const described = utf16Description(bytes);
  if (described !== undefined) throw new InputError(`Cannot read ${what}: ${described}; save it as UTF-8`);
}

/**
 * The bytes {@link readTextFile} and {@link decodeUtf8} would read as text, as a view of them:
 * valid UTF-8 without a NUL byte, one leading byte-order mark left out (as those leave it out of
 * the text; two are refused there, so here too).
 *
 * @param bytes The bytes as read.
 * @returns The bytes after the mark (not a copy), or `undefined` when they must be read as text,
 *   which names what is wrong with them (another encoding, two marks) or reads a NUL byte.
 * @example plainUtf8(readFileSync('big.lock')) ?? decodeUtf8(readFileSync('big.lock'), 'big.lock')
 */
export function plainUtf8(bytes: Uint8Array): Uint8Array | undefined {
  const bom = (at: number): boolean => bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;
  if (bom(0) && bom(3)) return undefined;
  const text = bom(0) ? bytes.subarray(3) : bytes;
  return text.indexOf(0) < 0 && isUtf8(text) ? text : undefined;
}

/**
 * The bytes of a regular file that {@link readTextFile} would read as they are: at most
 * `maxBytes`, valid UTF-8 without a NUL byte ({@link plainUtf8}: a leading byte-order mark is
 * left out, as the text leaves it out). Kept as bytes (outside the
 * engine's heap) for a big lockfile, which `lock` and `check` read piece by piece; anything else
 * (a pipe, another encoding, a file that cannot be read) gives `undefined`, and the caller reads
 * it with {@link readTextFile}, which names what is wrong. Anything but a regular file is not
 * opened here, so a named pipe is opened once, by that second read.
 *
 * @param path The file.
 * @param maxBytes The most to read.
 * @param minBytes The least worth keeping as bytes: a smaller file gives `undefined` (read it as text).
 * @returns The bytes, or `undefined` when the file must be read as text.
 * @example tryReadPlainUtf8('mcpfusion.lock') ?? readTextFile('mcpfusion.lock')
 */
export function tryReadPlainUtf8(path: string, maxBytes = MAX_INPUT_BYTES, minBytes = 0): Uint8Array | undefined {
  let fd: number | undefined;
  try {
    // Looked at before it is opened: a named pipe opened here and closed unread would lose what
    // its writer sent (or make it fail with EPIPE), and the caller's second open would wait for a
    // writer that is gone.
    if (!statSync(path).isFile()) return undefined;
    fd = openSync(path, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes || stat.size < minBytes) return undefined;
    const bytes = readFileSync(fd);
    return bytes.length <= maxBytes ? plainUtf8(bytes) : undefined;
  } catch (cause) {
    // Read again as text, which reports it (missing, a directory, permission denied …).
    if ((cause as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw cause;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
