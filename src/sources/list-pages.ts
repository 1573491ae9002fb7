/**
 * The rules every paged MCP list is read by (`tools/list`, `prompts/list`, `resources/list` …),
 * whoever reads it: a `--server`/`--url` listing, a probe session, `heal`'s own read. A cursor
 * ends the list when absent, null or empty; a repeated cursor, endless pages or a list of more
 * entries than any lockfile should hold are errors, never a hang.
 *
 * @module
 */

/** Maximum pages per list (a server looping over cursors is an error, not a hang). */
const MAX_PAGES = 10_000;

/**
 * Maximum entries per list, over all its pages: a server listing millions of tools (in pages
 * small enough to pass the per-message limit) is an error, not gigabytes of memory and a crash
 * when the lockfile is written. 100000 tools lock in seconds; real servers list a few hundred.
 */
export const MAX_LIST_ITEMS = 100_000;

/**
 * Refuse a list that has grown past {@link MAX_LIST_ITEMS}.
 *
 * @param count Entries read so far, this page's included.
 * @param page The page's number (1-based).
 * @param method The list method, for messages.
 * @throws {Error} When `count` passes the limit.
 */
export function checkListSize(count: number, page: number, method: string): void {
  if (count > MAX_LIST_ITEMS) {
    throw new Error(`the server lists more than ${MAX_LIST_ITEMS} entries in ${method} (${count} after page ${page}); mcpfusion stops at ${MAX_LIST_ITEMS}`);
  }
}

/**
 * The cursor of the next page, or undefined when the list ends (no `nextCursor`, `null`, or an
 * empty one, which JavaScript clients testing `if (result.nextCursor)` read as the end too).
 *
 * @param next The page's `nextCursor`.
 * @param page The page's number (1-based).
 * @param seen Cursors followed so far (the new one is added).
 * @param method The list method, for messages.
 * @param warnings Receives the note about an empty cursor.
 * @returns The cursor to send, or undefined.
 * @throws {Error} When the cursor is not a string, repeats, or the list passes {@link MAX_PAGES} pages.
 */
export function nextCursor(next: unknown, page: number, seen: Set<string>, method: string, warnings: string[]): string | undefined {
  if (next === undefined || next === null) return undefined;
  if (typeof next !== 'string') throw new Error(`page ${page} has a nextCursor that is not a string`);
  if (next === '') {
    warnings.push(`The server sent an empty nextCursor on page ${page} of ${method}; read as the last page`);
    return undefined;
  }
  if (seen.has(next)) {
    throw new Error(`the server keeps paginating (cursor ${JSON.stringify(next)} at page ${page} was sent before); a cursor must not repeat`);
  }
  if (page >= MAX_PAGES) {
    throw new Error(`the server keeps paginating: page ${page} still has a nextCursor (${JSON.stringify(next.slice(0, 40))}); mcpfusion stops at ${MAX_PAGES} pages`);
  }
  seen.add(next);
  return next;
}
