/**
 * Strict JSON for HTTP sources: a `fetch` for the SDK's HTTP transports that reads every JSON
 * body, and every server-sent event's data, with the strict I-JSON reader before the SDK sees it
 * (the SDK uses `JSON.parse`, which keeps the last of two duplicate keys where another reader might
 * keep the first). A tools/list answer with `"description"` twice is therefore refused over HTTP
 * exactly as over stdio, instead of being locked with whichever value `JSON.parse` happened to keep.
 *
 * Bodies are passed on byte for byte: JSON bodies are re-wrapped after the check, and event
 * streams are checked event by event as they arrive, each event before the chunk that completes it
 * is handed on.
 *
 * @module
 */
import { parseStrictJson } from '../canonical/strict-json.ts';

/** Why a body was refused (a {@link JsonParseError} message from the strict reader). */
export class StrictBodyError extends Error {
  override name = 'StrictBodyError';
}

const WHAT = "a response body from the server";

function check(text: string): void {
  try {
    parseStrictJson(text, WHAT);
  } catch (cause) {
    // Text that is not JSON at all is left to the SDK, which reports it as it always did.
    try {
      JSON.parse(text);
    } catch {
      return;
    }
    throw new StrictBodyError(`the server sent JSON that is not strict I-JSON: ${(cause as Error).message}`, { cause });
  }
}

/** The id of a JSON-RPC request in a POST body, when the body is one request. */
function requestId(body: unknown): string | number | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an event's data is the answer to request `id` (alone or in a batch). */
function answers(data: string, id: string | number): boolean {
  try {
    const value = JSON.parse(data) as unknown;
    return (Array.isArray(value) ? value : [value]).some((m) =>
      typeof m === 'object' && m !== null && (m as { id?: unknown }).id === id && ('result' in m || 'error' in m));
  } catch {
    return false;
  }
}

/**
 * A pass-through stream that checks the `data` of every complete server-sent event.
 *
 * An event stream that ends in the middle of an event (its data not ended by a blank line) loses
 * that event: SSE readers, the SDK's among them, drop it. When the stream answers request
 * `answering` and ends without the answer and without an event `id:` to resume from, the request
 * could only wait for its time limit. Both error the stream with a {@link StrictBodyError} instead.
 */
function checkEvents(answering?: string | number): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  // The open line, in pieces: only new text is searched for a line break (one pass over a long
  // `data:` line, however it is chunked).
  let pieces: string[] = [];
  // The last chunk ended with \r: a \n starting the next one belongs to that line break.
  let afterCr = false;
  const BREAK = /\r\n|\r|\n/g;
  let data: string[] = [];
  let answered = false;
  let resumable = false;
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) {
        const joined = data.join('\n');
        check(joined);
        if (answering !== undefined && !answered) answered = answers(joined, answering);
      }
      data = [];
      return;
    }
    if (text.startsWith('data:')) data.push(text.slice(text.charCodeAt(5) === 32 ? 6 : 5));
    else if (text === 'data') data.push('');
    else if (text.startsWith('id:') || text === 'id') resumable = true;
  };
  const consume = (text: string): void => {
    let start = afterCr && text.charCodeAt(0) === 10 ? 1 : 0;
    if (text !== '') afterCr = false;
    BREAK.lastIndex = start;
    for (let m = BREAK.exec(text); m !== null; m = BREAK.exec(text)) {
      pieces.push(text.slice(start, m.index));
      line(pieces.length === 1 ? pieces[0]! : pieces.join(''));
      pieces = [];
      start = BREAK.lastIndex;
      afterCr = m[0] === '\r' && start === text.length;
    }
    if (start < text.length) pieces.push(text.slice(start));
  };
  return new TransformStream({
    transform(chunk, controller) {
      consume(decoder.decode(chunk, { stream: true }));
      controller.enqueue(chunk);
    },
    flush() {
      consume(decoder.decode());
      if (pieces.length > 0) line(pieces.join(''));
      if (data.length > 0) {
        // An event cut off by the end of the stream is checked too, then refused: readers drop it.
        const heldAnswer = answering !== undefined && !answered && answers(data.join('\n'), answering);
        line('');
        throw new StrictBodyError(
          `the server's event stream ended in the middle of an event (its data was not ended by a blank line), so SSE readers drop that event${heldAnswer ? ', which held the answer' : ''}`,
        );
      }
      if (answering !== undefined && !answered && !resumable) {
        throw new StrictBodyError(`the server ended the event stream of its answer to request ${JSON.stringify(answering)} without sending the answer`);
      }
    },
  });
}

/**
 * Wrap a `fetch` so that JSON and event-stream bodies are checked by the strict reader.
 *
 * @param base The `fetch` to wrap (default: the global one).
 * @returns A `fetch` that rejects (JSON) or errors the body stream (events) with a
 *   {@link StrictBodyError} on a duplicate key or a lone surrogate; text that is not JSON at all,
 *   and error responses, are passed on for the SDK to report.
 * @example new StreamableHTTPClientTransport(url, { fetch: strictJsonFetch() })
 */
export function strictJsonFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (response.body === null || !response.ok) return response;
    if (type.includes('application/json')) {
      const text = await response.text();
      if (text.trim() !== '') check(text);
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (type.includes('text/event-stream')) {
      const answering = init?.method === 'POST' ? requestId(init.body) : undefined;
      return new Response(response.body.pipeThrough(checkEvents(answering)), { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return response;
  };
}
