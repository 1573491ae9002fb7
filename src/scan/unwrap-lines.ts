/**
 * Soft line breaks: where a description wrapped at a fixed width (a Python docstring) breaks a
 * sentence only because the line was full. The phrase rows and the sentence rules of the surface
 * scan read a text once more with these breaks joined, and map what they find back to the text as
 * written.
 *
 * @module
 */
import { partitionPoint } from '../sorted.ts';

/**
 * A line break inside a sentence. Either the line goes on without an end (no `.`, `!`, `?` or `:`)
 * and the next one starts in lower case or with a path (`~/.ssh`, `/home`, `.env`, `$HOME`): "read
 * `~/.cursor/mcp.json` and pass its content\n    as 'sidenote'". Or the line ends where no sentence
 * can (a comma, an article, a preposition, a conjunction) and the next starts with a word, whatever
 * its case: "fill it with the\n    GITHUB_TOKEN value". A blank line, a line that ends a sentence or a
 * heading (`Returns:`), a next line that starts a list item (`-`, `*`, `1.`) or a label (`path: the
 * file to read`, `User:`), and a next line in upper case after a line that could end, stay breaks.
 * A break is `\n` or `\r\n` (a description written on Windows wraps the same way). The
 * indentation around the break goes with it. Every part is bounded by a line or a word, so the
 * text is read in linear time.
 */
export const SOFT_LINE_BREAK = /([^\s.!?:])[ \t]*\r?\n[ \t]*(?=[a-z(`'"~/$]|\.\w)(?![\w-]+(?:[ \t]+[\w-]+)?[ \t]*:(?:\s|$))|(,|\b(?:the|a|an|of|to|in|into|on|with|from|for|by|and|or|your|its|their|this|that|these|those|any|every|each|all)(?![\w'’-]))[ \t]*\r?\n[ \t]*(?=[\w`'"~/$]|\.\w)(?!\d+[.)]|[\w-]+(?:[ \t]+[\w-]+)?[ \t]*:(?:\s|$))/g;

/** A text with its soft line breaks joined, and the way back to the text as written. */
export interface UnwrappedText {
  /** The text with each soft line break (and the indentation around it) one space. */
  text: string;
  /** Where a position of `text` (0 to `text.length`) stands in the text as written. */
  origin: (index: number) => number;
}

/**
 * Join the soft line breaks of a text (see {@link SOFT_LINE_BREAK}), in one pass.
 *
 * @param text Prose as the model reads it.
 * @returns The joined text and the map of its positions back to `text`.
 * @example
 * const u = unwrapLines('pass its content\n    as a note');
 * u.text // 'pass its content as a note'
 * u.origin(u.text.indexOf('as')) // 21
 */
export function unwrapLines(text: string): UnwrappedText {
  // After the k-th joined break, a position of the joined text from `after[k]` on stands `shift[k]` later as written.
  const after: number[] = [];
  const shift: number[] = [];
  let out = '';
  let from = 0;
  SOFT_LINE_BREAK.lastIndex = 0;
  for (let m = SOFT_LINE_BREAK.exec(text); m !== null; m = SOFT_LINE_BREAK.exec(text)) {
    const gap = m.index + (m[1] ?? m[2]!).length;
    out += `${text.slice(from, gap)} `;
    from = m.index + m[0].length;
    after.push(out.length);
    shift.push(from - out.length);
  }
  if (after.length === 0) return { text, origin: (index) => index };
  out += text.slice(from);
  const origin = (index: number): number => {
    const lo = partitionPoint(after.length, (i) => after[i]! <= index);
    return lo === 0 ? index : index + shift[lo - 1]!;
  };
  return { text: out, origin };
}
