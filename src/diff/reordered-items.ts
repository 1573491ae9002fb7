/**
 * Two texts that hold the same list items in another order: a server that writes a list from an
 * unordered collection (a Go map, a Python set) lists it in another order on each start
 * (mcp-time 0.4.0's `current_time` names its 18 predefined formats in Go map order; servers22), so
 * `check` drifts on every run though nothing was changed. Told apart here so the reason can say so.
 *
 * @module
 */

/** Where items of a list or lines of a text end: `, `, `,`, `; `, `;`, ` | `, a line end. */
const SEPARATOR = /(, |,|; |;| \| |\r?\n)/;

/**
 * How many items changed place, when `after` is `before` with the items between its separators
 * (commas, semicolons, bars, line ends) in another order and every separator where it was.
 *
 * @param before The old text.
 * @param after The new text.
 * @returns The number of items not at their old place (at least 2), or undefined when the texts
 *   differ otherwise (or not at all).
 * @example reorderedItems('`a`, `b`, `c`', '`c`, `a`, `b`') // 3
 */
export function reorderedItems(before: string, after: string): number | undefined {
  if (before === after || before.length !== after.length) return undefined;
  return reorderedParts(before, after) ?? reorderedInSentence(before, after);
}

/**
 * A list inside a sentence: `Convert to one of: webp, png, gif.` → `… one of: gif, webp, png.`
 * (a Python server's `", ".join(FORMATS)` of a set; servers24). Its first and last items carry the
 * text around the list, so the whole texts are not the same items; the text both share before
 * and after the list, cut back to where a word starts or ends, is set aside and the rest compared.
 */
function reorderedInSentence(before: string, after: string): number | undefined {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  while (p > 0 && !OPENS_ITEM.test(before[p - 1]!)) p--;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  while (s > 0 && !CLOSES_ITEM.test(before[before.length - s]!)) s--;
  if (p === 0 && s === 0) return undefined;
  return reorderedParts(before.slice(p, before.length - s), after.slice(p, after.length - s));
}
/** A character after which an item may start (the shared text before a list ends on it). */
const OPENS_ITEM = /[\s:(\[{=]/;
/** A character before which an item may end (the shared text after a list starts with it). */
const CLOSES_ITEM = /[\s.:;,!?)\]}]/;

/** {@link reorderedItems} of two whole texts of the same length. */
function reorderedParts(before: string, after: string): number | undefined {
  const b = before.split(SEPARATOR);
  const a = after.split(SEPARATOR);
  if (b.length !== a.length) return undefined;
  // split with a capturing group alternates item, separator, item …: odd places are separators.
  let moved = 0;
  for (let i = 0; i < b.length; i++) {
    if (i % 2 === 1) {
      if (b[i] !== a[i]) return undefined;
    } else if (b[i] !== a[i]) moved++;
  }
  if (moved < 2) return undefined;
  const items = (parts: string[]) => parts.filter((_, i) => i % 2 === 0).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const sb = items(b);
  const sa = items(a);
  for (let i = 0; i < sb.length; i++) if (sb[i] !== sa[i]) return undefined;
  return moved;
}
