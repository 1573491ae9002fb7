/**
 * Reading a document a command was told to take from stdin (`-`, or no FILE to `canonicalize`),
 * with the two messages that make stdin usable: a one-line note on stderr when stdin is a terminal
 * (where the command would otherwise wait silently for typing; not under `--quiet`, which asks for
 * errors and drift only: the wait is the user's own doing there), and, when stdin held nothing, an
 * error that says it was stdin and how to give the document (before: only `Invalid JSON in stdin
 * at line 1, column 1: the document is empty; expected a JSON value`).
 *
 * @module
 */
import process from 'node:process';
import { InputError } from '../errors.ts';
import { plainUtf8 } from '../io/read-file.ts';
import { decodeAndRelease } from '../io/read-stdin-bytes.ts';
import type { Io } from '../commands/command.ts';

/** How a command reads a document from stdin, to say how to give it one. */
export interface StdinUse {
  /** What it reads: `the JSON document`, `the OLD side`, `the contracts file`. */
  what: string;
  /** A command line that pipes it in: `mcpfusion canonicalize < schema.json`. */
  pipe: string;
  /** The same with a path instead: `mcpfusion canonicalize schema.json`. */
  path: string;
}

/**
 * The note written to stderr before stdin is read from a terminal.
 *
 * @param use What is read and how else to give it.
 * @param platform The platform, for the key that ends input (Ctrl-Z then Enter on Windows).
 * @returns One line, with its newline.
 * @example stdinTerminalNote({ what: 'the JSON document', pipe: 'x < a.json', path: 'x a.json' }) // 'mcpfusion: reading the JSON document from stdin …'
 */
export function stdinTerminalNote(use: StdinUse, platform: string = process.platform): string {
  const end = platform === 'win32' ? 'Ctrl-Z then Enter' : 'Ctrl-D';
  return `mcpfusion: reading ${use.what} from stdin (a terminal); end it with ${end}, or give a file: ${use.path}\n`;
}

/**
 * The error for stdin that held no document, or undefined when it held something (whether that
 * is valid is for the parser to say).
 *
 * @param text What was read from stdin.
 * @param use What was to be read and how else to give it.
 * @returns The message, or undefined.
 * @example emptyStdinMessage('', { what: 'the JSON document', pipe: 'x < a.json', path: 'x a.json' }) // 'No document on stdin (it is empty), where the JSON document was to be read from: …'
 */
export function emptyStdinMessage(text: string, use: StdinUse): string | undefined {
  if (text.trim() !== '') return undefined;
  const held = text === '' ? 'is empty' : `holds only whitespace (${text.length} character${text.length === 1 ? '' : 's'})`;
  return `No document on stdin (it ${held}), where ${use.what} was to be read from: pipe it in (${use.pipe}) or give its path (${use.path})`;
}

/**
 * Whether the terminal note is written: stdin is a terminal, and the run is not `--quiet`.
 *
 * @param stdinIsTerminal Whether stdin is a terminal ({@link Io.stdinIsTerminal}; unset: not one).
 * @param quiet `--quiet`.
 * @returns True when the note is written.
 * @example writesTerminalNote(true, true) // false
 */
export function writesTerminalNote(stdinIsTerminal: boolean | undefined, quiet: boolean): boolean {
  return stdinIsTerminal === true && !quiet;
}

/**
 * Read all of stdin as the document `use` names: the note first when stdin is a terminal (unless
 * quiet), an error when it held nothing.
 *
 * @param io Where to read and write.
 * @param use What is read and how else to give it.
 * @param quiet `--quiet`: no note.
 * @returns The text read.
 * @throws {InputError} When stdin held nothing but whitespace (exit 2).
 * @example const text = await readStdinDocument(io, { what: 'the JSON document', pipe: 'mcpfusion canonicalize < a.json', path: 'mcpfusion canonicalize a.json' })
 */
export async function readStdinDocument(io: Io, use: StdinUse, quiet = false): Promise<string> {
  if (writesTerminalNote(io.stdinIsTerminal, quiet)) io.stderr(stdinTerminalNote(use));
  const text = await io.readStdin();
  const empty = emptyStdinMessage(text, use);
  if (empty !== undefined) throw new InputError(empty);
  return text;
}

/** Whether bytes hold nothing but JSON whitespace (and so no document). */
function onlyWhitespace(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  return true;
}

/**
 * Read all of stdin as {@link readStdinDocument} does, kept as bytes when there are `bytesFrom`
 * or more of plain UTF-8 ({@link plainUtf8}: no NUL byte, one leading byte-order mark left out):
 * a big lockfile given as `-` is then never one string in the engine's heap, as a big file is
 * not. Anything smaller or else is decoded as {@link Io.readStdin} decodes it, so an error
 * (invalid UTF-8, UTF-16, two byte-order marks, nothing on stdin) reads the same; an `io` without
 * {@link Io.readStdinBytes} is read as text.
 *
 * @param io Where to read and write.
 * @param use What is read and how else to give it.
 * @param bytesFrom The least number of bytes kept as bytes.
 * @param quiet `--quiet`: no note.
 * @returns `{ bytes }` (a view of what was read) or `{ text }`.
 * @throws {InputError} When stdin held nothing but whitespace, or cannot be read as UTF-8 (exit 2).
 * @example const side = await readStdinBytesOrText(io, use, LOCKFILE_BYTES_FROM)
 */
export async function readStdinBytesOrText(io: Io, use: StdinUse, bytesFrom: number, quiet = false): Promise<{ bytes: Uint8Array } | { text: string }> {
  if (io.readStdinBytes === undefined) return { text: await readStdinDocument(io, use, quiet) };
  if (writesTerminalNote(io.stdinIsTerminal, quiet)) io.stderr(stdinTerminalNote(use));
  const raw = await io.readStdinBytes();
  const bytes = raw.length >= bytesFrom ? plainUtf8(raw) : undefined;
  if (bytes !== undefined && !onlyWhitespace(bytes)) return { bytes };
  const text = decodeAndRelease(raw, 'stdin');
  const empty = emptyStdinMessage(text, use);
  if (empty !== undefined) throw new InputError(empty);
  return { text };
}
