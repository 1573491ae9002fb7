/**
 * Whether what a server wrote to stderr is only warnings (notices, deprecations), which say
 * nothing of why it ended. @benborla29/mcp-server-mysql, started without `ENABLE_LOGGING` and
 * without a reachable MySQL, answers `initialize` and exits 1 at `tools/list`; the only lines it may
 * have written are its MySQL driver's (mysql2 3.x prints `Ignoring invalid configuration option
 * passed to Connection: …. This is currently a warning, but …` for each option it does not know).
 * Such a server is as silent about its reason as one that wrote nothing, so the failure may give it
 * the same hint; a line that names an error, a stack frame or an error code is a reason, and then
 * nothing here applies.
 *
 * @module
 */
import { jsonLogRecord, namesError } from './stderr-tail.ts';

/**
 * A line led by a warning level: `Warning: x`, `WARN x`, `[WARN] x`, `warn: x`, `npm warn x`,
 * `NOTICE: x`, `DEPRECATED x`, Node's `(node:123) [DEP0040] DeprecationWarning: x` and
 * `ExperimentalWarning: x`, after an optional timestamp and up to two bracketed tags (Python's
 * `file.py:3: UserWarning: x` is {@link PYTHON_WARNING}).
 */
const WARNING_HEAD = /^\s*(?:\(node:\d+\)\s*)?(?:\d[\d:.T+-]*Z?\s+)?(?:npm\s+)?(?:\[[^\]\n]{0,40}\]\s*){0,2}(?:\[\s*)?(?:[A-Za-z]*Warning|warn(?:ing)?|notice|deprecat(?:ed|ion))\b/i;

/** Node's line after a warning it prints: `(Use \`node --trace-warnings ...\` to show where the warning was created)`. */
const NODE_TRACE_HINT = /^\s*\(Use `node --trace-[\w-]+ \.\.\.` to show where the warning was created\)\s*$/;

/** A line that says of itself that it is only a warning: mysql2's `… This is currently a warning, but …`. */
const SAYS_WARNING = /\bthis is (?:currently |only |just )?a (?:warning|notice)\b/i;

/**
 * Python's form of a warning (`warnings.showwarning`): `/srv/app.py:12: UserWarning: x`,
 * `<string>:1: DeprecationWarning: x`; the indented line after it is the source line it names.
 */
const PYTHON_WARNING = /^\S[^\n]*?:\d+: [A-Z]\w*Warning: /;

/** Warning levels of a JSON log line (pino, winston, zap, …). */
const WARNING_LEVELS = new Set(['warn', 'warning', 'notice']);

/** A line that is a reason whatever it says too: an error's head anywhere, a stack frame, an errno code, a traceback. */
const REASON = /\b(?:[A-Z][\w$]*)?(?:Error|Exception):|^\s+at \S|\bE[A-Z]{3,}\b|Traceback \(most recent call last\)|\bpanic(?:ked)?\b/;

function jsonWarning(line: string): boolean {
  const record = jsonLogRecord(line);
  if (record === undefined) return false;
  for (const key of ['level', 'severity', 'lvl']) {
    const level = record[key];
    if (typeof level === 'string' && WARNING_LEVELS.has(level.toLowerCase())) return true;
    // pino and bunyan: 40 is warn.
    if (typeof level === 'number' && level === 40) return true;
  }
  return false;
}

/**
 * Whether one line is a warning, a notice or a deprecation, and names no error.
 *
 * @param line One line of stderr.
 * @returns Whether it is such a line.
 * @example isWarningLine('(node:12) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.') // true
 */
export function isWarningLine(line: string): boolean {
  if (namesError(line) || REASON.test(line)) return false;
  return WARNING_HEAD.test(line) || PYTHON_WARNING.test(line) || NODE_TRACE_HINT.test(line) || SAYS_WARNING.test(line) || jsonWarning(line);
}

/**
 * The lines of a server's stderr when every one that is not blank is a warning
 * ({@link isWarningLine}), else undefined (also for no such line at all, or for text cut off the
 * front, whose lost part may have said more).
 *
 * @param lines Every line of stderr kept.
 * @param truncated Whether lines were lost off the front.
 * @returns The warning lines, or undefined.
 * @example warningsOnly(['Warning: x is deprecated', '']) // ['Warning: x is deprecated']
 */
export function warningsOnly(lines: readonly string[], truncated = false): string[] | undefined {
  if (truncated) return undefined;
  const shown = lines.filter((line) => line.trim() !== '');
  // The indented source line Python prints after its warning belongs to it.
  const partOfWarning = (line: string, k: number): boolean => k > 0 && /^\s/.test(line) && PYTHON_WARNING.test(shown[k - 1]!) && !REASON.test(line) && !namesError(line);
  if (shown.length === 0 || !shown.every((line, k) => isWarningLine(line) || partOfWarning(line, k))) return undefined;
  return shown;
}
