/**
 * One-line text: the characters that end or rewrite a line somewhere written as `\uXXXX` escapes.
 *
 * @module
 */

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Write every C0 control (tab, line feed and carriage return included), DEL, every C1 control
 * (NEL, CSI ...) and the Unicode line and paragraph separators U+2028 and U+2029 as a `\u001b`-style
 * escape (four lower-case hex digits, as JSON writes them), so the text is one line in a terminal,
 * a CI log, a GitHub annotation or a JavaScript string literal. Inside a JSON string literal the
 * escape stands for the same character, so `escapeControls(JSON.stringify(s))` is still a literal
 * that parses to `s`.
 *
 * @param text Any text.
 * @returns The text with those characters escaped; the same string when it has none.
 * @example escapeControls('a\nb\u2028c') // 'a\\u000ab\\u2028c'
 */
export function escapeControls(text: string): string {
  if (!CONTROLS.test(text)) return text;
  return text.replace(CONTROLS_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A name as a one-line JSON string literal: `JSON.stringify` with {@link escapeControls} on top
 * (JSON leaves DEL, C1 controls and U+2028/U+2029 raw). `JSON.parse` still reads it back.
 *
 * @param name Any text.
 * @returns The literal, quotes included.
 * @example jsonLiteral('a\u2028"b') // '"a\\u2028\\"b"'
 */
export function jsonLiteral(name: string): string {
  return escapeControls(JSON.stringify(name));
}

/** ANSI colour and cursor sequences (CSI), which a coloured CLI's output carries. */
// eslint-disable-next-line no-control-regex
const ANSI_SEQUENCES = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * A line of a program's output without its ANSI colour and cursor sequences, its spaces kept: how
 * a message quotes it and the hints read it (`\x1b[1mUSAGE:\x1b[0m` is `USAGE:`).
 *
 * @param line A line of output.
 * @returns The line without those sequences.
 * @example withoutAnsi('\x1b[31mUnknown command: mcp\x1b[0m') // 'Unknown command: mcp'
 */
export function withoutAnsi(line: string): string {
  return line.replace(ANSI_SEQUENCES, '');
}
