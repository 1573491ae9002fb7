/**
 * Strict JSON for HTTP sources: a `fetch` for the SDK's HTTP transports that reads every JSON
 * body, and every server-sent event's data, with the strict I-JSON reader before the SDK sees it
 * (the SDK uses `JSON.parse`, which keeps the last of two duplicate keys where another reader might
 * keep the first). A tools/list answer with `"description"` twice is therefore refused over HTTP
 * exactly as over stdio, instead of being locked with whichever value `JSON.parse` happened to keep.
 *
 * JSON bodies are passed on byte for byte, re-wrapped after the check. Event streams are checked
 * event by event as they arrive and each event is handed on once complete, as sent, except that an
 * event carrying several JSON-RPC messages (a batch) becomes one event per message. In both, a key
 * written with an escape is replaced by a stand-in ({@link standInEscapedKeys}: the `JSON.parse` of
 * Deno 2.9 misreads such keys); the transport's messages must go through
 * {@link restoreEscapedKeys} before they are used.
 *
 * @module
 */
import { parseStrictJson } from '../canonical/strict-json.ts';
import { describeErrorBody } from './http-error-body.ts';
import { describeChallenge } from './http-auth-challenge.ts';
import { isOrphanResponse, jsonRpcMessages } from './json-rpc-messages.ts';
import { shorten } from '../format/shorten.ts';
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_TEXT } from './message-limit.ts';
import { standInEscapedKeys } from '../canonical/escaped-key-stand-ins.ts';

export { restoreEscapedKeys } from '../canonical/escaped-key-stand-ins.ts';

/** Longest excerpt of the offending text quoted in a message, in UTF-16 code units. */
const SHOWN = 160;

/** Why a body was refused (a {@link JsonParseError} message from the strict reader, or what is not JSON-RPC in it). */
export class StrictBodyError extends Error {
  override name = 'StrictBodyError';
}

const WHAT = "a response body from the server";

/**
 * Why a body that is not UTF-8 is refused: read leniently, its bad bytes would become U+FFFD, and
 * two different answers (`a\xff`, `a\u{fffd}`) would lock alike (SPEC section 4); a stdio line
 * or a file with such bytes is refused too.
 */
const notUtf8 = 'JSON-RPC messages must be UTF-8 (I-JSON), and mcpfusion does not replace bytes it cannot read, so two different answers never lock alike';


/** Refuse a value the SDK would read as a message but that is no JSON-RPC message (or batch), saying why. */
function checkMessage(value: unknown, text: string): void {
  try {
    jsonRpcMessages(value);
  } catch (cause) {
    throw new StrictBodyError(`the server sent a response that is not a JSON-RPC message (${(cause as Error).message}): ${JSON.stringify(shorten(text, SHOWN))}`, { cause });
  }
}

/**
 * Read `text` with the strict reader; when `asMessage` (the SDK will read it as a JSON-RPC
 * message), it must be one, or a batch of them. Returns whether `text` is JSON (false only for
 * text that is not, and is not read as a message).
 */
function check(text: string, asMessage: boolean): boolean {
  let value: unknown;
  try {
    value = parseStrictJson(text, WHAT);
  } catch (cause) {
    try {
      JSON.parse(text);
    } catch {
      if (!asMessage) return false; // not JSON, and not read as JSON either (an endpoint event's URL)
      throw new StrictBodyError(`the server sent a response that is not a JSON-RPC message (it is not JSON: ${(cause as Error).message}): ${JSON.stringify(shorten(text, SHOWN))}`, { cause });
    }
    throw new StrictBodyError(`the server sent JSON that is not strict I-JSON: ${(cause as Error).message}`, { cause });
  }
  if (asMessage) checkMessage(value, text);
  return true;
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
 * The messages of an event whose data holds more than one: a JSON-RPC batch (an array of
 * objects, which MCP 2025-03-26 allows), or one message per `data:` line (which SSE joins with
 * line breaks into text that is no single JSON value). Undefined for an event with one message or
 * no JSON at all. Each line of the second form is checked by the strict reader first. The
 * messages are those of the strict reader (`JSON.parse` may misread keys written with escapes);
 * a batch it refuses is returned as `JSON.parse` read it, and refused by the caller's check.
 */
function separateMessages(data: string): unknown[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    const lines = data.split('\n').filter((l) => l.trim() !== '');
    if (lines.length < 2) return undefined;
    const values: unknown[] = [];
    for (const l of lines) {
      try {
        values.push(JSON.parse(l));
      } catch {
        return undefined; // not one message per line either: refused as it is
      }
      check(l, false);
      values[values.length - 1] = parseStrictJson(l, WHAT);
    }
    const messages = values.flatMap((v) => (Array.isArray(v) ? v : [v]));
    return messages.every(isObject) ? messages : undefined;
  }
  return Array.isArray(value) && value.every(isObject) ? (strictOrUndefined(data) as unknown[] | undefined) ?? value : undefined;
}

/** The value of `text` read strictly, or undefined when the strict reader refuses it. */
function strictOrUndefined(text: string): unknown {
  try {
    return parseStrictJson(text, WHAT);
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A line of the open event, with the line break that ended it. */
interface HeldLine { text: string; brk: string; data: boolean }

/**
 * A stream that checks the `data` of every complete server-sent event and passes the events on,
 * each once complete (SSE readers act on nothing before the blank line that ends an event).
 * An event that carries several JSON-RPC messages ({@link separateMessages}) is passed on as one
 * event per message, since the SDK reads exactly one message per event and would drop the rest
 * with a parse error; the event's `id:`, `retry:` and comment lines go with the last one.
 *
 * An event stream that ends in the middle of an event (its data not ended by a blank line) loses
 * that event: SSE readers, the SDK's among them, drop it. When the stream answers request
 * `answering` and ends without the answer and without an event `id:` to resume from, the request
 * could only wait for its time limit. Both error the stream with a {@link StrictBodyError} instead.
 */
function checkEvents(answering: string | number | undefined, onOrphan: (text: string) => void): TransformStream<Uint8Array, Uint8Array> {
  // Strict: bytes that are not UTF-8 are refused, not read as U+FFFD (see {@link notUtf8}).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array): string => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch (cause) {
      throw new StrictBodyError(`the server sent an event stream that is not valid UTF-8: ${notUtf8}`, { cause });
    }
  };
  const encoder = new TextEncoder();
  // The open line, in pieces: only new text is searched for a line break (one pass over a long
  // `data:` line, however it is chunked).
  let pieces: string[] = [];
  // The last chunk ended with \r: a \n starting the next one belongs to that line break.
  let afterCr = false;
  const BREAK = /\r\n|\r|\n/g;
  let held: HeldLine[] = [];
  let data: string[] = [];
  let answered = false;
  let resumable = false;
  let out: string[] = [];
  let type = ''; // the open event's type: the SDK reads only "message" events (or untyped ones)
  // Characters of the open event (its held lines and the open line): an event that never ends
  // (endless data, an endless comment) would be kept until memory runs out.
  let heldChars = 0;
  let piecesChars = 0;
  /** Forget the open event once it is dispatched or dropped. */
  const endEvent = (): void => {
    held = [];
    data = [];
    type = '';
    heldChars = 0;
  };
  const dispatch = (brk: string): void => {
    const joined = data.join('\n');
    // An event with empty data (a priming event that carries only an id) is skipped by the SDK.
    const asMessage = joined !== '' && (type === '' || type === 'message');
    const messages = asMessage ? separateMessages(joined) : undefined;
    if (asMessage && messages === undefined && isOrphanResponse(strictOrUndefined(joined))) {
      // A response without a request id answers no request (a server answering a notification,
      // as over stdio): the event is dropped, with a warning, instead of failing the stream.
      onOrphan(joined);
      endEvent();
      return;
    }
    if (data.length > 0) {
      check(joined, asMessage && messages === undefined);
      for (const m of messages ?? []) checkMessage(m, JSON.stringify(m));
      if (answering !== undefined && !answered) answered = messages !== undefined ? messages.some((m) => answers(JSON.stringify(m), answering)) : answers(joined, answering);
    }
    const standIn = asMessage && messages === undefined ? standInEscapedKeys(joined) : joined;
    if (messages === undefined && standIn === joined) {
      out.push(...held.map((l) => l.text + l.brk), brk);
    } else if (messages === undefined) {
      // The data with keys stood in for, as data lines (a line break in JSON text is whitespace).
      out.push(...held.filter((l) => !l.data).map((l) => l.text + l.brk), ...standIn.split('\n').map((l) => `data: ${l}\n`), brk);
    } else {
      const fields = held.filter((l) => !l.data).map((l) => l.text + l.brk);
      const typeLines = held.filter((l) => l.text.startsWith('event:')).map((l) => l.text + l.brk);
      messages.forEach((m, i) => out.push(...(i === messages.length - 1 ? fields : typeLines), `data: ${standInEscapedKeys(JSON.stringify(m))}\n\n`));
      if (messages.length === 0) out.push(...fields, brk);
    }
    endEvent();
  };
  const line = (text: string, brk: string): void => {
    if (text === '') {
      dispatch(brk);
      return;
    }
    const isData = text.startsWith('data:') || text === 'data';
    held.push({ text, brk, data: isData });
    heldChars += text.length + brk.length;
    if (text.startsWith('data:')) data.push(text.slice(text.charCodeAt(5) === 32 ? 6 : 5));
    else if (text === 'data') data.push('');
    else if (text.startsWith('id:') || text === 'id') resumable = true;
    else if (text.startsWith('event:')) type = text.slice(text.charCodeAt(6) === 32 ? 7 : 6);
  };
  const consume = (text: string): void => {
    let start = 0;
    if (afterCr && text.charCodeAt(0) === 10) {
      // The \n of a CRLF split between chunks: it goes where its \r went.
      start = 1;
      if (held.length > 0) held[held.length - 1]!.brk += '\n';
      else out.push('\n');
    }
    if (text !== '') afterCr = false;
    BREAK.lastIndex = start;
    for (let m = BREAK.exec(text); m !== null; m = BREAK.exec(text)) {
      pieces.push(text.slice(start, m.index));
      line(pieces.length === 1 ? pieces[0]! : pieces.join(''), m[0]);
      pieces = [];
      piecesChars = 0;
      start = BREAK.lastIndex;
      afterCr = m[0] === '\r' && start === text.length;
    }
    if (start < text.length) {
      pieces.push(text.slice(start));
      piecesChars += text.length - start;
    }
    if (heldChars + piecesChars > MAX_MESSAGE_BYTES) {
      const first = held.length > 0 ? held[0]!.text : pieces[0] ?? '';
      held = [];
      pieces = [];
      throw new StrictBodyError(
        `the server sent a server-sent event of more than ${MAX_MESSAGE_TEXT} (${MAX_MESSAGE_BYTES} characters) without ending it, the most mcpfusion reads as one message: ${JSON.stringify(shorten(first, 160))}`,
      );
    }
  };
  const emit = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    if (out.length > 0) controller.enqueue(encoder.encode(out.join('')));
    out = [];
  };
  return new TransformStream({
    transform(chunk, controller) {
      consume(decode(chunk));
      emit(controller);
    },
    flush(controller) {
      consume(decode());
      if (pieces.length > 0) line(pieces.join(''), '');
      pieces = [];
      if (data.length > 0) {
        // An event cut off by the end of the stream is checked too, then refused: readers drop it.
        const heldAnswer = answering !== undefined && !answered && answers(data.join('\n'), answering);
        check(data.join('\n'), false);
        throw new StrictBodyError(
          `the server's event stream ended in the middle of an event (its data was not ended by a blank line), so SSE readers drop that event${heldAnswer ? ', which held the answer' : ''}`,
        );
      }
      out.push(...held.map((l) => l.text + l.brk)); // lines without data (a comment) before the end
      emit(controller);
      if (answering !== undefined && !answered && !resumable) {
        throw new StrictBodyError(`the server ended the event stream of its answer to request ${JSON.stringify(answering)} without sending the answer`);
      }
    },
  });
}

/** How much of an error body is read for its description (the rest may never end). */
const ERROR_BODY_BYTES = 65536;

/** The text of a body's first `max` bytes; the rest is not waited for. */
async function textPrefix(body: ReadableStream<Uint8Array>, max: number): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  if (size >= max) await reader.cancel();
  const bytes = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The whole text of a JSON body, refused once it passes {@link MAX_MESSAGE_BYTES} (a body that
 * never ends, or one of gigabytes, would be held until memory runs out).
 */
async function boundedText(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_MESSAGE_BYTES) {
      const start = new TextDecoder().decode(chunks[0] ?? value).slice(0, 320);
      await reader.cancel().catch(() => {});
      throw new StrictBodyError(
        `the server sent a JSON body of more than ${MAX_MESSAGE_TEXT} (${MAX_MESSAGE_BYTES} bytes), the most mcpfusion reads as one message: ${JSON.stringify(shorten(start, 160))}`,
      );
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    const shown = new TextDecoder().decode(bytes.subarray(0, SHOWN * 4)).slice(0, SHOWN * 2);
    throw new StrictBodyError(`the server sent a JSON body that is not valid UTF-8 (shown with U+FFFD for the bytes that are not): ${JSON.stringify(shorten(shown, SHOWN))}; ${notUtf8}`, { cause });
  }
}

/**
 * What a `Retry-After` header asks for, as a clause: `the server asks to be called again after
 * 120 s (Retry-After: 120), …`; undefined without one. A value that is not whole seconds (an HTTP
 * date) is quoted, cut at 60 characters.
 *
 * @param value The header's value, or null.
 * @returns The clause, or undefined.
 */
function retryAfterText(value: string | null): string | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return `the server asks to be called again after ${Number(v)} s (Retry-After: ${Number(v)}), and mcpfusion does not wait: run it again then`;
  const quoted = JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  return `the server asks to be called again later (Retry-After: ${quoted}), and mcpfusion does not wait: run it again then`;
}

/**
 * Wrap a `fetch` so that JSON and event-stream bodies are checked by the strict reader.
 *
 * @param base The `fetch` to wrap (default: the global one).
 * @param onOrphan Told the data of each event dropped because it is a response without a request
 *   id ({@link isOrphanResponse}).
 * @returns A `fetch` that rejects (JSON) or errors the body stream (events) with a
 *   {@link StrictBodyError} on a duplicate key or a lone surrogate, and on what the SDK would read
 *   as a message but is no JSON-RPC message; an event with several messages becomes one event
 *   each; the body of an error response (status 4xx, 5xx) is replaced by one line describing it
 *   ({@link describeErrorBody}, from its first 64 KiB), after what a 429's or 503's
 *   `Retry-After` asks for.
 * @example new StreamableHTTPClientTransport(url, { fetch: strictJsonFetch() })
 */
export function strictJsonFetch(base: typeof fetch = fetch, onOrphan: (text: string) => void = () => {}): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (response.body === null) return response;
    if (!response.ok) {
      // The SDK pastes an error body into its message whole: an HTML page, a traceback.
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.set('content-type', 'text/plain; charset=utf-8');
      const body = describeErrorBody(response.headers.get('content-type'), await textPrefix(response.body, ERROR_BODY_BYTES));
      // What a 401/403 challenge asks for (an OAuth-protected server), which the SDK reads only
      // with an OAuth provider, and mcpfusion has none: say it before the body.
      const challenge = describeChallenge(response.status, response.headers.get('www-authenticate'), new Headers(init?.headers).has('authorization'));
      // A rate limit (429) or an overload (503) may say when to come back; mcpfusion does not wait
      // (a CI run is not held for a server's minutes), so the wait is named for whoever runs it again.
      const retry = response.status === 429 || response.status === 503 ? retryAfterText(response.headers.get('retry-after')) : undefined;
      const said = retry === undefined ? body : `${retry}: ${body}`;
      const summary = challenge === undefined ? said : `${challenge}: ${said}`;
      return new Response(summary, { status: response.status, statusText: response.statusText, headers });
    }
    if (type.includes('application/json')) {
      const text = await boundedText(response.body);
      // The SDK reads the body of a POST that carried a request as messages; other bodies it drops.
      if (text.trim() === '') return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
      const json = check(text, init?.method === 'POST' && requestId(init.body) !== undefined);
      // Stand-ins only in JSON: other text is left as it came (the SDK drops it).
      const standIn = json ? standInEscapedKeys(text) : text;
      const headers = new Headers(response.headers);
      if (standIn !== text) headers.delete('content-length');
      return new Response(standIn, { status: response.status, statusText: response.statusText, headers });
    }
    if (type.includes('text/event-stream')) {
      const answering = init?.method === 'POST' ? requestId(init.body) : undefined;
      return new Response(response.body.pipeThrough(checkEvents(answering, onOrphan)), { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return response;
  };
}
