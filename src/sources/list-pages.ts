/**
 * The rules every paged MCP list is read by (`tools/list`, `prompts/list`, `resources/list` …),
 * whoever reads it: a `--server`/`--url` listing, a probe session, `heal`'s own read. A cursor
 * ends the list when absent, null or empty; a repeated cursor, endless pages or a list of more
 * entries than any lockfile should hold are errors, never a hang.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_TEXT } from './message-limit.ts';

/** Maximum pages per list (a server looping over cursors is an error, not a hang). */
const MAX_PAGES = 10_000;

/**
 * Maximum size of one list over all its pages, as JSON text: {@link MAX_MESSAGE_BYTES}, the most
 * one page may hold. Paging lets a server send no more than one page could; without this bound a
 * server sending pages of 60 MiB each filled memory until the process died (2.5 GB after three
 * minutes, growing). Real servers list a few MiB at most.
 */
export const MAX_LIST_BYTES = MAX_MESSAGE_BYTES;

/** How much of a cursor a message quotes: a cursor may be megabytes long. */
const SHOWN_CURSOR = 40;

/** A cursor as messages quote it: at most {@link SHOWN_CURSOR} characters, then how long it is. */
function shownCursor(cursor: string): string {
  return cursor.length <= SHOWN_CURSOR ? JSON.stringify(cursor) : `${JSON.stringify(cursor.slice(0, SHOWN_CURSOR))}… (${cursor.length} characters)`;
}

/**
 * About how many characters a JSON value takes as compact JSON text (escapes in strings not
 * counted): what a page adds to the listing held in memory and to the lockfile written from it.
 *
 * @param value A parsed JSON value.
 * @returns Its approximate length as JSON text.
 * @example jsonTextSize({ tools: [] }) // 12
 */
export function jsonTextSize(value: unknown): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length + 2;
    else if (typeof v === 'number') size += String(v).length;
    else if (typeof v === 'boolean') size += v ? 4 : 5;
    else if (v === null || v === undefined) size += 4;
    else if (Array.isArray(v)) {
      size += 2 + Math.max(0, v.length - 1);
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object') {
      const keys = Object.keys(v);
      size += 2 + Math.max(0, keys.length - 1);
      for (const k of keys) {
        size += k.length + 3;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return size;
}

/**
 * Refuse a list whose pages together have grown past {@link MAX_LIST_BYTES}.
 *
 * @param bytes The list's size so far as JSON text (this page's included; {@link jsonTextSize}).
 * @param page The page's number (1-based).
 * @param method The list method, for messages.
 * @throws {Error} When `bytes` passes the limit.
 */
export function checkListBytes(bytes: number, page: number, method: string): void {
  if (bytes > MAX_LIST_BYTES) {
    const mib = Math.round((bytes / 1024 / 1024) * 10) / 10;
    throw new Error(`the server's ${method} pages hold more than ${MAX_MESSAGE_TEXT} in all (${mib} MiB after page ${page}); mcpfusion reads no more over all the pages of a list than one message may hold`);
  }
}

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
 * @param seen Cursors followed so far, each by its SHA-256 (the new one is added), so that a
 *   server sending a new cursor of megabytes with each page does not fill memory with them.
 * @param method The list method, for messages.
 * @param warnings Receives the note about an empty cursor.
 * @returns The cursor to send, or undefined.
 * @throws {Error} When the cursor is not a string, repeats, or the list passes {@link MAX_PAGES} pages.
 */
export function nextCursor(next: unknown, page: number, seen: Set<string>, method: string, warnings: string[]): string | undefined {
  if (next === undefined || next === null) return undefined;
  if (typeof next !== 'string') {
    // A number or boolean is shown as its JSON text (`the number 5`), not quoted again as a string
    // would be (`the number "5"` read as a string holding 5).
    const found = Array.isArray(next) ? 'an array' : typeof next === 'object' ? 'an object' : `the ${typeof next} ${JSON.stringify(next)}`;
    throw new Error(`page ${page} has a nextCursor that is not a string (found ${found}); a cursor is an opaque string the client sends back`);
  }
  if (next === '') {
    warnings.push(`The server sent an empty nextCursor on page ${page} of ${method}; read as the last page`);
    return undefined;
  }
  const key = createHash('sha256').update(next).digest('base64');
  if (seen.has(key)) {
    throw new Error(`the server keeps paginating (cursor ${shownCursor(next)} at page ${page} was sent before); a cursor must not repeat`);
  }
  if (page >= MAX_PAGES) {
    throw new Error(`the server keeps paginating: page ${page} still has a nextCursor (${shownCursor(next)}); mcpfusion stops at ${MAX_PAGES} pages`);
  }
  seen.add(key);
  return next;
}
