/**
 * Hidden characters of one piece of source text (within one line): zero-width, invisible and
 * bidirectional-control characters, emoji joiners, the joiners of Arabic and Indic words and
 * subdivision-flag tag sequences aside. A shared helper for
 * tokenizers that record them as they walk (the Go and Python tokenizers).
 *
 * @module
 */
import { classifyHiddenChar, emojiTagSequenceLength, isWordJoiner, type CharContext, type InvisibleChar } from './tokenize.ts';

/**
 * The hidden characters of `value`, located from the line and column of its first character.
 *
 * @param value Text of one line (or part of one).
 * @param context Where it sits (code, string, comment).
 * @param line One-based line of the text.
 * @param column One-based column of its first character.
 * @returns One entry per hidden character.
 * @example
 * hiddenCharsOf('a\u202eb', 'string', 3, 10) // [{ codePoint: 0x202e, category: 'bidi', context: 'string', line: 3, column: 11 }]
 */
export function hiddenCharsOf(value: string, context: CharContext, line: number, column: number): InvisibleChar[] {
  const out: InvisibleChar[] = [];
  for (let k = 0; k < value.length; k++) {
    if (value.charCodeAt(k) < 0x80) continue;
    const cp = value.codePointAt(k)!;
    // A flag emoji's tag sequence (🏴 + tags) in text is an emoji, not hidden text.
    if (cp === 0x1f3f4 && context !== 'code') {
      k += 1 + emojiTagSequenceLength(value, k);
      continue;
    }
    const category = classifyHiddenChar(cp);
    if (category !== undefined && !(context !== 'code' && isWordJoiner(value, k, cp))) out.push({ codePoint: cp, category, context, line, column: column + k });
    if (cp > 0xffff) k++;
  }
  return out;
}
