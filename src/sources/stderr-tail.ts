/**
 * Keeps the last lines a server wrote to its stderr, so a failure can show them. Bounded in
 * bytes and lines: a chatty server cannot exhaust memory.
 *
 * @module
 */
import { redactLogLines } from './redact-command.ts';
import { shorten } from '../format/shorten.ts';

/**
 * The most of one stderr line an error message shows: Node prints the whole source line of an
 * exception, which in a minified bundle is the whole bundle; the tail is bounded in memory, but
 * one such line would still fill the CI log with 16 KiB of code.
 */
const SHOWN_LINE = 500;

/** A bounded tail of a text stream. */
export class StderrTail {
  private text = '';
  /** Whether the memory bound cut text off the front (the first line kept may be a part of one). */
  private cut = false;
  private readonly decoder = new TextDecoder('utf-8');

  /**
   * @param maxLines Lines kept for {@link StderrTail.lines}.
   * @param maxChars Characters kept in memory.
   * @param secrets Values hidden wherever a line shows them (the secrets of the server's command line).
   */
  constructor(private readonly maxLines = 20, private readonly maxChars = 16_384, private readonly secrets: readonly string[] = []) {}

  /**
   * Append a chunk.
   *
   * @param chunk Bytes or text from the stream.
   */
  push(chunk: Uint8Array | string): void {
    this.text += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.text.length > this.maxChars) {
      this.text = this.text.slice(this.text.length - this.maxChars);
      this.cut = true;
    }
  }

  /**
   * The last lines (without empty trailing lines).
   *
   * @returns Up to `maxLines` lines.
   * @example tail.push('a\nb\n'); tail.lines() // ['a', 'b']
   */
  lines(): string[] {
    return this.allLines().slice(-this.maxLines);
  }

  /**
   * Every line kept in memory (the last 16 KiB by default), for hints that read more than the tail shows.
   *
   * @returns The lines, without empty trailing lines.
   */
  keptLines(): string[] {
    return this.allLines();
  }

  /**
   * Whether the memory bound cut text off the front, so that what was first written is lost.
   *
   * @returns Whether lines were lost.
   */
  truncated(): boolean {
    return this.cut;
  }

  /** Every line kept in memory (without empty trailing lines). */
  private allLines(): string[] {
    const all = this.text.replace(/\r\n/g, '\n').split('\n');
    while (all.length > 0 && all[all.length - 1]!.trim() === '') all.pop();
    return all;
  }

  /**
   * The tail formatted for an error message, or an empty string when the server wrote nothing.
   *
   * @returns `\n--- last lines of the server's stderr ---\n...` or ''.
   */
  describe(): string {
    const all = aroundCarets(redactLogLines(this.allLines(), this.secrets));
    const lines = all.slice(-this.maxLines);
    if (lines.length === 0) return '\n(the server wrote nothing to stderr)';
    // Only the tail's last 16 KiB are kept, so a cut line's full length is not known here.
    const show = (l: string): string => `  ${shorten(l, SHOWN_LINE, `… (line cut at ${SHOWN_LINE} characters)`)}`;
    const count = `last ${lines.length} line${lines.length === 1 ? '' : 's'} of the server's stderr`;
    // A server that dies of one long error (a message listing paths, a stack, the error's own
    // properties: @bytebase/dbhub 1.4.0 without its native module) leaves only the stack in the
    // last lines; the line that says what went wrong is the nearest unindented one above them.
    const first = all.length - lines.length;
    // A server that prints its error and then its usage (a Go server built on cobra:
    // kubernetes-mcp-server without a kubeconfig context prints one error line, then 47 lines of
    // usage and flags) leaves only flags in the last lines: the error is the last line above them
    // that names one.
    const start = messageStart(all, first, this.cut);
    // A Node launcher of a native binary (slack-mcp-server runs its Go build with execFileSync)
    // dies of Node's "Command failed" error once the binary exits; that error's stack fills the
    // last lines, and the binary's own message is above them: the launcher's error does not count.
    const launcher = lines.some((l) => LAUNCHER_LINE.test(l));
    const error = lines.some((l) => namesError(l) && !LAUNCHER_LINE.test(l)) || (start !== undefined && namesError(all[start]!))
      ? undefined
      : lastErrorLine(all, first, this.cut) ?? (launcher ? lastLineBeforeTrace(all, first, this.cut) : undefined);
    const head = error ?? start;
    if (head === undefined) return `\n--- ${count} ---\n${lines.map(show).join('\n')}`;
    const gap = first - head - 1;
    const after = error !== undefined ? 'after the last line above them that names an error' : 'after the line that starts their message';
    return `\n--- ${count}, ${after} ---\n${show(all[head]!)}\n` +
      (gap > 0 ? `  … (${gap} line${gap === 1 ? '' : 's'} left out)\n` : '') + lines.map(show).join('\n');
  }

  /**
   * The last lines as a message may show them: the secrets given to the constructor, credentials
   * of a known shape and the body of a private key hidden, prose kept ({@link redactLogLine}).
   *
   * @returns Up to `maxLines` lines.
   * @example new StderrTail(8, 4096, ['swordfish']).redactedLines() // []
   */
  redactedLines(): string[] {
    // A private key's body spans lines: found over all that is kept, so a key whose BEGIN line
    // is above the lines shown is still hidden. A process that echoes its command line (or logs a
    // connection URL) would put the secrets the header already hides into the log: the tail is
    // redacted the same way.
    return redactLogLines(this.allLines(), this.secrets).slice(-this.maxLines);
  }
}

/**
 * Node's caret line under the column of the source line above it where an exception was thrown:
 * spaces up to the column, then carets; past about a thousand columns Node prints the spaces only.
 */
const CARET_LINE = /^( +)(\^*)\s*$/;
/** Characters of a long source line shown on each side of its caret. */
const CARET_CONTEXT = 60;

/**
 * The column of a thrown exception in a long source line Node printed: where the caret line
 * points, or, when Node printed no caret (a column past its limit), the column of the first stack
 * frame at the `file:line` Node printed above the source line.
 */
function caretColumn(lines: readonly string[], i: number, spaces: string, carets: string): number | undefined {
  if (carets !== '') return spaces.length;
  const header = /^(.+):(\d+)$/.exec(lines[i - 2] ?? '');
  if (header === null) return undefined;
  const at = `${header[1]!}:${header[2]!}:`;
  for (const line of lines.slice(i + 1, i + 16)) {
    const found = line.indexOf(at);
    const column = found < 0 ? undefined : /^\d+/.exec(line.slice(found + at.length))?.[0];
    if (column !== undefined) return Number(column) - 1;
  }
  return undefined;
}

/**
 * The lines with each long source line that Node printed above a caret line (a minified bundle's
 * whole line: @syncfusion/react-assistant's was cut at {@link SHOWN_LINE} characters, and the
 * caret line under it was spaces only, pointing at nothing shown) replaced by the part around the
 * thrown column, a caret under it. Applied after redaction, so no secret is cut in half unhidden.
 */
function aroundCarets(lines: readonly string[]): string[] {
  const out = [...lines];
  for (let i = 1; i < out.length; i++) {
    const caret = CARET_LINE.exec(out[i]!);
    const source = out[i - 1]!;
    if (caret === null || source.length <= SHOWN_LINE) continue;
    const column = caretColumn(out, i, caret[1]!, caret[2]!);
    if (column === undefined || column <= CARET_CONTEXT || column >= source.length) continue;
    const mark = caret[2] || '^';
    const from = column - CARET_CONTEXT;
    const to = Math.min(source.length, column + mark.length + CARET_CONTEXT);
    const lead = `… (${from} characters left out) `;
    out[i - 1] = `${lead}${source.slice(from, to)}${to < source.length ? ` … (${source.length - to} more)` : ''}`;
    out[i] = `${' '.repeat(lead.length + CARET_CONTEXT)}${mark}`;
  }
  return out;
}

/**
 * An unindented line that names an error as programs of many languages print one: `Error: …`,
 * `TypeError: …`, `java.lang.IllegalStateException: …`, `error: …`, `error[E0425]: …`, `fatal: …`,
 * `Fatal error: …`, `panic: …`, `ERROR: …`.
 */
const ERROR_LINE = /^(?:[\w$.]*(?:error|exception)|fatal(?: error)?|panic)(?:\[[^\]\n]*\])?:\s/i;

/**
 * The last line above the shown ones that names an error ({@link ERROR_LINE}).
 *
 * @param all Every line kept.
 * @param first The index of the first line shown.
 * @param cut Whether the first line kept may be the end of a longer one (then it is not read).
 * @returns Its index, or undefined.
 */
function lastErrorLine(all: readonly string[], first: number, cut: boolean): number | undefined {
  for (let i = first - 1; i >= (cut ? 1 : 0); i--) if (namesError(all[i]!)) return i;
  return undefined;
}

/**
 * The error Node's `execFileSync`/`execSync` throw when the child they ran failed: the child's
 * own output, on the same stderr, is above it.
 */
const LAUNCHER_LINE = /^\w*Error: Command failed: /;

/** Levels of a structured log line that name an error (zap, zerolog, logrus, slog, winston, Cloud Logging). */
const ERROR_LEVELS = new Set(['error', 'err', 'fatal', 'panic', 'dpanic', 'critical', 'crit', 'alert', 'emergency', 'emerg']);

/**
 * The object a JSON log line holds (one object on the line), or undefined for any other line.
 *
 * @param line One line.
 * @returns Its fields, or undefined.
 * @example jsonLogRecord('{"level":"warn","msg":"x"}') // { level: 'warn', msg: 'x' }
 */
export function jsonLogRecord(line: string): Record<string, unknown> | undefined {
  if (!/^\s*\{.*\}\s*$/.test(line)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    // Not JSON: a plain line that only looks like an object.
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}

/**
 * Whether a line names an error: {@link ERROR_LINE}, or a JSON log line (one object on the line)
 * whose `level`, `severity`, `lvl` or `type` is an error level, or whose `level`, `severity` or
 * `lvl` is a number of 50 or more (pino, bunyan; a number in `type` is a kind of message). mcp-hub 4.2.1 logs `{"type":"error","message":"Failed to parse command line arguments",…}`
 * and exits 0 (servers19).
 *
 * @param line One line.
 * @returns Whether it names an error.
 * @example namesError('{"level":"fatal","message":"token missing"}') // true
 */
export function namesError(line: string): boolean {
  if (ERROR_LINE.test(line)) return true;
  const record = jsonLogRecord(line);
  if (record === undefined) return false;
  for (const key of ['level', 'severity', 'lvl', 'type']) {
    const level = record[key];
    if (typeof level === 'string' && ERROR_LEVELS.has(level.toLowerCase())) return true;
    // Numbers are levels in `level` only (pino, bunyan); a number in `type` is a kind of message.
    if (typeof level === 'number' && level >= 50 && key !== 'type') return true;
  }
  return false;
}

/**
 * The last line above the shown ones that is not part of how Node prints an uncaught error (the
 * source location `file:line`, the indented source and caret lines, blank lines): what a
 * launcher's child wrote last when it names no error in a known form.
 *
 * @param all Every line kept.
 * @param first The index of the first line shown.
 * @param cut Whether the first line kept may be the end of a longer one (then it is not read).
 * @returns Its index, or undefined.
 */
function lastLineBeforeTrace(all: readonly string[], first: number, cut: boolean): number | undefined {
  for (let i = first - 1; i >= (cut ? 1 : 0); i--) {
    const line = all[i]!;
    if (line.trim() === '' || /^\s/.test(line) || /^\S+:\d+$/.test(line)) continue;
    return i;
  }
  return undefined;
}

/**
 * Where the message that the shown lines belong to starts, when they start inside it: the first
 * shown line is indented (a stack frame, a listed path) or blank, and an unindented line is kept
 * above it.
 *
 * @param all Every line kept.
 * @param first The index of the first line shown.
 * @param cut Whether the first line kept may be the end of a longer one (then it is no start).
 * @returns The index of that line, or undefined.
 */
function messageStart(all: readonly string[], first: number, cut: boolean): number | undefined {
  // A blank first line is inside a message too (a message, a blank line, then details: the tail of
  // @cocal/google-calendar-mcp started at the blank line under "Failed to start server: …").
  // A line that only closes brackets ends a block inside the message rather than starting one:
  // datadog-mcp 2.x dies of a ZodError whose message is a JSON array, so an unindented "]" lies
  // between the stack it prints and the line "[MCP] Failed to start server: _ZodError: [".
  const starts = (line: string): boolean => line.trim() !== '' && !/^\s/.test(line) && !CLOSER_LINE.test(line);
  if (first === 0 || starts(all[first]!)) return undefined;
  for (let i = first - 1; i >= (cut ? 1 : 0); i--) {
    if (starts(all[i]!)) return i;
  }
  return undefined;
}

/** A line of closing brackets only (`]`, `}`, `});`, `],`). */
const CLOSER_LINE = /^[\]})]+[,;]?\s*$/;
