/**
 * The guard's watch over the served session: every `tools/list` answer the server gives the
 * client is checked against the attested tools, so a server that lists other tools once it is
 * being served (tools registered after the handshake, tools that depend on the client's
 * capabilities, a `notifications/tools/list_changed` followed by a new list) cannot do so under
 * the guard's `verified: true`. A response that does not hold is replaced by a JSON-RPC error
 * and reported; the proxy then ends the session. Pure: lines in, lines out.
 *
 * @module
 */
import { encoder, isBlankLine, isObject, isPlainTextLine, lineEnding, readAwaited, tryParseLine, type Json } from './json-lines.ts';
import { createPendingIds } from './pending-ids.ts';

/**
 * Checks the tools of one `tools/list` answer.
 *
 * @param tools The `tools` array of the result; for the last page of a paginated list whose pages
 *   the guard saw from the first one, the tools of all its pages.
 * @param complete True when `tools` is the whole list (one answer without `nextCursor`, or the
 *   last page of a list followed from its first page): then a missing attested tool counts too.
 * @param clientCapabilities The capabilities the client declared in its `initialize` request
 *   (their names, sorted; empty when none), which a server may list other tools for.
 * @returns Null when every tool is attested with the same digest, else why not (one line).
 */
export type ServedToolsCheck = (tools: unknown[], complete: boolean, clientCapabilities?: readonly string[]) => string | null;

/** How many unanswered-for cursors of paginated lists the guard follows at once. */
const MAX_FOLLOWED_CURSORS = 32;
/** The client's tools/list requests are never forgotten: an answer to a forgotten one would pass unchecked. */
const MAX_PENDING_LISTS = Number.POSITIVE_INFINITY;

/** The JSON-RPC error code the guard answers a refused `tools/list` with (internal error). */
export const REFUSED_ERROR_CODE = -32603;

/** Watches one session's `tools/list` traffic. */
export interface ToolsListWatch {
  /** Feed one complete client → server line (after the handshake). */
  clientLine(line: Uint8Array): void;
  /**
   * Feed one complete server → client line.
   *
   * @returns The line to send: the same bytes, or the line with a refused answer replaced by an error.
   */
  serverLine(line: Uint8Array): Uint8Array;
  /** Whether a `tools/list` request is waiting for its answer (then server lines must be fed). */
  readonly waiting: boolean;
  /** Why the session was refused, once a `tools/list` answer did not hold. */
  readonly refused: string | null;
}

/**
 * Create a watch.
 *
 * @param check Compares served tools with the attested ones.
 * @returns The watch.
 * @example const w = createToolsListWatch(check); w.clientLine(req); out.write(w.serverLine(res))
 */
export function createToolsListWatch(check: ServedToolsCheck): ToolsListWatch {
  /**
   * Pending `tools/list` request ids → the tools of the pages before the one asked for: `[]` for
   * the first page (no cursor), those of the pages followed to that cursor, or `null` when the
   * cursor is not one the guard saw answered (that page is checked on its own).
   */
  const pending = createPendingIds<unknown[] | null>(MAX_PENDING_LISTS);
  /** A `nextCursor` the server gave → the tools of every page up to it, for the next page's request. */
  const cursors = new Map<string, unknown[]>();
  let refused: string | null = null;
  let replaced = false;

  const judge = (msg: Json): Json => {
    if (!isObject(msg) || 'method' in msg || !('id' in msg)) return msg;
    const found = pending.find(msg.id);
    if (found === undefined || !('result' in msg || 'error' in msg)) return msg;
    const before = found.value;
    // Every answer some client pairs with the request is checked. One under the request's own id
    // ends the wait; one under another id a client reads as the same number ("7" for 7) is taken
    // by the TypeScript and Python SDKs' clients but not by an exact-matching one (Go's, Rust's),
    // which takes a later answer under 7: the request stays awaited, and that answer is checked too.
    if (found.exact) pending.remove(found.key);
    if (!('result' in msg)) return msg; // an error answer lists nothing
    const result = msg.result;
    let why: string | null;
    if (!isObject(result) || !Array.isArray(result.tools)) why = 'the server answered tools/list without a tools array';
    else {
      const next = result.nextCursor;
      const last = next === undefined || next === null || next === '';
      // The last page of a list followed from its first page is checked with all its pages, so an
      // attested tool left out of a paginated list counts as missing, as in a one-page list.
      why = before !== null && last ? check([...before, ...result.tools], true) : check(result.tools, false);
      if (why === null && before !== null && typeof next === 'string' && next !== '') remember(next, [...before, ...result.tools]);
    }
    if (why === null) return msg;
    refused ??= why;
    replaced = true;
    return { jsonrpc: '2.0', id: msg.id!, error: { code: REFUSED_ERROR_CODE, message: `mcpfusion guard: ${why}; refusing to serve` } };
  };

  /** Keep the pages up to a cursor, for the few lists a client follows at once (oldest dropped). */
  const remember = (cursor: string, tools: unknown[]): void => {
    cursors.delete(cursor);
    cursors.set(cursor, tools);
    if (cursors.size > MAX_FOLLOWED_CURSORS) cursors.delete(cursors.keys().next().value!);
  };

  return {
    get waiting() {
      return pending.size > 0;
    },
    get refused() {
      return refused;
    },
    clientLine(line) {
      const msg = tryParseLine(line);
      for (const m of Array.isArray(msg) ? msg : [msg]) {
        // An id that is neither a string nor a number is answered by no message a client reads.
        if (isObject(m) && m.method === 'tools/list' && (typeof m.id === 'string' || typeof m.id === 'number')) {
          const params = m.params;
          const cursor = isObject(params) ? params.cursor : undefined;
          pending.add(m.id, cursor === undefined || cursor === null ? [] : typeof cursor === 'string' ? cursors.get(cursor) ?? null : null);
        }
      }
    },
    serverLine(line) {
      if (pending.size === 0 || isBlankLine(line)) return line;
      // While a tools/list answer is awaited, every line must be strict JSON: a client may read a
      // line JSON.parse refuses (NaN, in Python) or the first of two duplicate "tools" keys, and
      // would then see a list the guard never checked. Such a line ends the session.
      // Plain text (a banner, a log line) is no message to any reader: it passes as it came.
      if (isPlainTextLine(line)) return line;
      const read = readAwaited(line, 'a tools/list answer');
      if ('refusal' in read) {
        refused ??= read.refusal;
        return new Uint8Array(0);
      }
      const msg = read.value;
      replaced = false;
      const out = Array.isArray(msg) ? msg.map(judge) : judge(msg);
      if (!replaced) return line;
      const ending = lineEnding(line);
      return encoder.encode(JSON.stringify(out) + ending);
    },
  };
}
