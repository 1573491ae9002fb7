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
