/**
 * The length of a source text as the file-wide heuristics measure it: a CRLF line break counts as
 * one character, so a file checked out on Windows (git `core.autocrlf`) scores as its LF twin.
 *
 * @module
 */

/**
 * The text's length in UTF-16 code units, each `\r\n` counted once.
 *
 * @param text A source text.
 * @returns Its length without the carriage returns of CRLF line breaks.
 * @example textLength('a\r\nb') // 3
 */
export function textLength(text: string): number {
  let crlf = 0;
  for (let i = text.indexOf('\r\n'); i >= 0; i = text.indexOf('\r\n', i + 2)) crlf++;
  return text.length - crlf;
}
