/**
 * Show the characters that change how text looks without being seen (Trojan Source): bidi
 * embeddings, overrides and isolates, zero-width and other invisible characters, and Unicode tag
 * characters become visible `<U+202E>` markers in every review output (text, Markdown, GitHub
 * annotations), so a description or a name cannot display as something it is not.
 *
 * @module
 */

const HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;

/**
 * Replace hidden and direction-changing characters with `<U+XXXX>` markers.
 *
 * @param text Any text shown to a reviewer.
 * @returns The text with those characters made visible; unchanged when it has none.
 * @example
 * revealHidden('abc\u202edef') // 'abc<U+202E>def'
 */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}

/**
 * Make text safe for one terminal line: control characters (ANSI escapes, line breaks) shown as
 * `\u001b`-style escapes, then {@link revealHidden}.
 *
 * @param text Any text shown in a terminal report.
 * @returns One line a terminal shows as it is.
 * @example
 * terminalLine('a\u001b[31mb') // 'a\\u001b[31mb'
 */
export function terminalLine(text: string): string {
  return revealHidden(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
