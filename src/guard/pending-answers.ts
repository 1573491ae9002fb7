/**
 * Which of the client's requests the server has not answered yet, so that a proxy whose client
 * closed its input (a one-shot pipe: `printf '…' | mcpfusion guard -- …`) ends the server only
 * once it has answered them, not while it is still starting or working on them. Client lines are
 * read for requests (a `method` and a string or number `id`); the server's output is watched
 * line by line for answers (`result` or `error`, no `method`), without holding any byte back.
 * A server line up to 1 MiB is parsed; of a longer one only its two ends are kept, and its id is
 * read where servers write it: first (`{"jsonrpc":"2.0","id":7,"result":…`, Python's SDK) or last
 * (`…,"jsonrpc":"2.0","id":7}`, the TypeScript SDK). A request the client cancels
 * (`notifications/cancelled`) waits no more. An answer is paired with its request as a client
 * pairs it (`pending-ids.ts`: `"7"` answers the request 7 when no request has the id `"7"`); an
 * answer that cannot be matched leaves its request waiting: the proxy bounds the wait.
 *
 * @module
 */
import { answerIdAtHead, isObject, joinBytes, tryParseLine } from './json-lines.ts';
import { createPendingIds } from './pending-ids.ts';

/** Server lines up to this many bytes are parsed whole. */
const MAX_PARSED_LINE = 1024 * 1024;
/** Of a longer line, this many bytes of each end are kept. */
const EDGE = 4096;
/** At most this many requests are followed (the oldest is forgotten first). */
const MAX_PENDING = 4096;
const NEWLINE = 10;

/** An answer's end: its `id` as its last member (a string without escapes, or a number). */
const ANSWER_TAIL = /,\s*"id"\s*:\s*("[^"\\\x00-\x1f]*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*\}\s*$/;
const decoder = new TextDecoder('utf-8');

/** The client's requests that wait for an answer. */
export interface PendingAnswers {
  /** Feed one complete client line as it goes to the server. */
  clientLine(line: Uint8Array): void;
  /** Feed the server's output as it comes (any chunking). */
  serverBytes(bytes: Uint8Array): void;
  /** How many requests wait for an answer. */
  readonly size: number;
  /** Call `done` once no request waits (at once when none does). */
  whenSettled(done: () => void): void;
}

/**
 * Follow the requests of one session.
 *
 * @returns The tracker.
 * @example const p = createPendingAnswers(); p.clientLine(line); p.serverBytes(chunk); p.whenSettled(stop)
 */
export function createPendingAnswers(): PendingAnswers {
  const waiting = createPendingIds<true>(MAX_PENDING);
  let settled: Array<() => void> = [];
  let atLineStart = true;
  let collecting = false;
  let parts: Uint8Array[] = [];
  let kept = 0;
  let head: Uint8Array | undefined;
  let tail: Uint8Array = new Uint8Array(0);

  const answered = (id: unknown): void => {
    if (typeof id !== 'string' && typeof id !== 'number') return;
    waiting.take(id);
    if (waiting.size === 0 && settled.length > 0) {
      const calls = settled;
      settled = [];
      for (const call of calls) call();
    }
  };
  const keep = (piece: Uint8Array): void => {
    if (head === undefined && kept + piece.length <= MAX_PARSED_LINE) {
      parts.push(Uint8Array.from(piece));
      kept += piece.length;
      return;
    }
    if (head === undefined) {
      // One copy of what was kept (the line may have come in many small chunks).
      const all = joinBytes([...parts, piece]);
      parts = [];
      head = all.slice(0, EDGE);
      tail = all.slice(Math.max(0, all.length - EDGE));
      return;
    }
    const joined = joinBytes([tail, piece.subarray(Math.max(0, piece.length - EDGE))]);
    tail = joined.slice(Math.max(0, joined.length - EDGE));
  };
  const lineDone = (): void => {
    if (head === undefined) {
      const value = tryParseLine(joinBytes(parts));
      for (const m of Array.isArray(value) ? value : [value]) {
        if (isObject(m) && !('method' in m) && ('result' in m || 'error' in m)) answered(m['id']);
      }
    } else {
      const atHead = answerIdAtHead(head);
      const atTail = ANSWER_TAIL.exec(decoder.decode(tail));
      answered(atHead ?? (atTail === null ? undefined : JSON.parse(atTail[1]!)));
    }
    parts = [];
    kept = 0;
    head = undefined;
    tail = new Uint8Array(0);
  };

  return {
    clientLine(line) {
      const value = tryParseLine(line);
      for (const m of Array.isArray(value) ? value : [value]) {
        if (!isObject(m) || typeof m['method'] !== 'string') continue;
        // A request the client cancels gets no answer (MCP: the receiver should not send one).
        if (m['method'] === 'notifications/cancelled' && isObject(m['params'])) {
          answered(m['params']['requestId']);
          continue;
        }
        const id = m['id'];
        if (typeof id !== 'string' && typeof id !== 'number') continue;
        waiting.add(id, true);
      }
    },
    serverBytes(bytes) {
      let start = 0;
      while (start < bytes.length) {
        if (atLineStart) {
          // A line is kept only when it begins while an answer is awaited (an answer cannot
          // begin before its request was sent).
          collecting = waiting.size > 0;
          atLineStart = false;
        }
        const nl = bytes.indexOf(NEWLINE, start);
        const end = nl < 0 ? bytes.length : nl + 1;
        if (collecting) keep(bytes.subarray(start, end));
        if (nl < 0) break;
        if (collecting) lineDone();
        atLineStart = true;
        start = end;
      }
    },
    get size() {
      return waiting.size;
    },
    whenSettled(done) {
      if (waiting.size === 0) done();
      else settled.push(done);
    },
  };
}
