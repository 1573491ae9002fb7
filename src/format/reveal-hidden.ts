/**
 * Show the characters that change how text looks without being seen (Trojan Source): bidi
 * embeddings, overrides and isolates, zero-width and other invisible characters, and Unicode tag
 * characters become visible `<U+202E>` markers in every review output (text, Markdown, GitHub
 * annotations), so a description or a name cannot display as something it is not.
 *
 * @module
 */
import { escapeControls } from './escape-controls.ts';

/**
 * Classify a code point as bidirectional control, invisible, or neither.
 *
 * @param cp A Unicode code point.
 * @returns `bidi`, `invisible` or `undefined`.
 * @example
 * classifyHiddenChar(0x202e) // 'bidi' (RIGHT-TO-LEFT OVERRIDE)
 */
export function classifyHiddenChar(cp: number): 'bidi' | 'invisible' | undefined {
  // Embeddings, overrides and isolates reorder text (Trojan Source); the marks LRM, RLM and ALM
  // only nudge neutral characters and are common in right-to-left data, so they count as invisible.
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'invisible';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff || cp === 0x00ad || cp === 0x180e) return 'invisible';
  if ((cp >= 0x2061 && cp <= 0x2064) || (cp >= 0xe0000 && cp <= 0xe007f)) return 'invisible';
  // Blank letters that are valid in identifiers (JavaScript, Python): the Hangul fillers (the
  // "invisible backdoor" `const ㅤ = …`), the combining grapheme joiner and Khmer's inherent vowels.
  if (cp === 0x3164 || cp === 0xffa0 || cp === 0x115f || cp === 0x1160 || cp === 0x034f || cp === 0x17b4 || cp === 0x17b5) return 'invisible';
  return undefined;
}

/**
 * The Unicode name of a code point's number: `U+` and at least four upper-case hex digits.
 *
 * @param cp A Unicode code point.
 * @returns The label.
 * @example codePointLabel(0x202e) // 'U+202E'
 */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Whether a code point is a variation selector: VS1 to VS16 (U+FE00 to U+FE0F) or VS17 to VS256
 * (U+E0100 to U+E01EF).
 *
 * @param cp A Unicode code point.
 * @returns True for a variation selector.
 * @example isVariationSelector(0xfe0f) // true
 */
export function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/**
 * Whether the variation selector at `text[k]` selects nothing, so it can only carry hidden data
 * (256 selectors spell any byte: one emoji followed by a run of them hides a whole sentence). A
 * selector selects a glyph of the character right before it: every selector of a run of two or
 * more is stray, and so is one that starts the text or follows an ASCII character, except
 * U+FE0E/U+FE0F after a keycap base (`0`-`9`, `#`, `*`, as in 1️⃣). One selector after an
 * emoji, a symbol or an ideograph is ordinary text.
 *
 * @param text The text.
 * @param k Index of a code unit of the text.
 * @returns True when a stray variation selector starts at `k`.
 * @example strayVariationSelector('\u{1F600}\uFE01\uFE02', 2) // true (a run of selectors)
 */
export function strayVariationSelector(text: string, k: number): boolean {
  const cp = text.codePointAt(k)!;
  if (!isVariationSelector(cp)) return false;
  if (k === 0 || isVariationSelector(text.codePointAt(k + (cp > 0xffff ? 2 : 1)) ?? 0)) return true;
  const low = text.charCodeAt(k - 1);
  const before = k >= 2 && low >= 0xdc00 && low <= 0xdfff ? text.codePointAt(k - 2)! : low;
  if (isVariationSelector(before)) return true;
  if (before >= 0x80) return false;
  return !((cp === 0xfe0e || cp === 0xfe0f) && ((before >= 0x30 && before <= 0x39) || before === 0x23 || before === 0x2a));
}

const NON_ASCII = /[^\x00-\x7f]/u;
const NON_ASCII_ALL = /[^\x00-\x7f]/gu;

/**
 * Replace hidden and direction-changing characters with `<U+XXXX>` markers (stray variation
 * selectors too, see {@link strayVariationSelector}).
 *
 * @param text Any text shown to a reviewer.
 * @returns The text with those characters made visible; unchanged when it has none.
 * @example
 * revealHidden('abc\u202edef') // 'abc<U+202E>def'
 */
export function revealHidden(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(NON_ASCII_ALL, (c, offset: number) => {
    const cp = c.codePointAt(0)!;
    return classifyHiddenChar(cp) === undefined && !strayVariationSelector(text, offset) ? c : `<${codePointLabel(cp)}>`;
  });
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
  return revealHidden(escapeControls(text));
}

// C0 controls but tab and line feed, DEL, C1 controls and the two Unicode line breaks; any
// character outside ASCII is looked at by classifyHiddenChar.
const LOG_SUSPECT = /[\u0000-\u0008\u000b-\u001f\u007f-\uffff]/;
const LOG_SUSPECT_ALL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]|[^\x00-\x7f]/gu;

/**
 * Make diagnostics safe for a terminal or a CI log: control characters (an ANSI escape, a carriage
 * return that overwrites the line, C1 controls), the Unicode line breaks and the hidden or
 * direction-changing characters of {@link classifyHiddenChar} become `\uXXXX` escapes (UTF-16, as
 * in JSON), so text a server wrote (its stderr, names, error pages) cannot recolour, erase or
 * reorder what mcpfusion prints. Line feeds and tabs stay. JSON keeps its meaning: inside a JSON
 * string the escape stands for the same character.
 *
 * @param text Text on its way to stderr.
 * @returns The text with those characters escaped; the same string when it has none.
 * @example
 * escapeForLog('a\u001b[2Kb\u202ec\n') // 'a\\u001b[2Kb\\u202ec\n'
 */
export function escapeForLog(text: string): string {
  if (!LOG_SUSPECT.test(text)) return text;
  return text.replace(LOG_SUSPECT_ALL, (c, offset: number) => {
    const cp = c.codePointAt(0)!;
    if (cp > 0x9f && cp !== 0x2028 && cp !== 0x2029 && classifyHiddenChar(cp) === undefined && !strayVariationSelector(text, offset)) return c;
    let out = '';
    for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}
