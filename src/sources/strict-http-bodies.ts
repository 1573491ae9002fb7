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

/** A pass-through stream that checks the `data` of every complete server-sent event. */
function checkEvents(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  // The open line, in pieces: only new text is searched for a line break (one pass over a long
  // `data:` line, however it is chunked).
  let pieces: string[] = [];
  // The last chunk ended with \r: a \n starting the next one belongs to that line break.
  let afterCr = false;
  const BREAK = /\r\n|\r|\n/g;
  let data: string[] = [];
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) check(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith('data:')) data.push(text.slice(text.charCodeAt(5) === 32 ? 6 : 5));
    else if (text === 'data') data.push('');
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
      // An event cut off by the end of the stream is checked too, whatever the reader does with it.
      if (pieces.length > 0) line(pieces.join(''));
      line('');
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
      return new Response(response.body.pipeThrough(checkEvents()), { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return response;
  };
}
