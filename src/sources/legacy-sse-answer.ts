/**
 * An HTTP+SSE server (protocol version 2024-11-05) that opens its event stream for any method at
 * its SSE URL answers the Streamable HTTP `initialize` POST with `200 text/event-stream`: the
 * stream of a new HTTP+SSE session, whose first event is `endpoint` (naming the message URL), and
 * no answer to `initialize`, ever. `@mastra/mcp` 0.14.5's `startSSE` does so, as does any server
 * that routes `/sse` by path alone. The MCP specification's backwards-compatible client falls back
 * to HTTP+SSE only after a 4xx, so the SDK's Streamable HTTP client waits for its timeout there,
 * while its `SSEClientTransport` reads the same URL at once.
 *
 * {@link detectLegacySseAnswer} wraps the `fetch` of the Streamable HTTP transport: when the answer
 * to an `initialize` POST is an event stream, it reads up to the first event; an `endpoint` event
 * (which Streamable HTTP never sends) rejects the fetch with {@link LegacySseAnswer}, after which
 * the caller falls back to the HTTP+SSE transport as after a 4xx. Any other first event, and
 * every other answer, is passed on unchanged, the bytes already read first.
 *
 * @module
 */

/** The `initialize` POST was answered with an HTTP+SSE session's stream (its first event is `endpoint`). */
export class LegacySseAnswer extends Error {
  override name = 'LegacySseAnswer';
}

/** How much of the stream is read looking for the end of its first event; past it, nothing is decided. */
const PEEK_CHARS = 65536;

/** Whether a POST body is one JSON-RPC `initialize` request. */
function isInitialize(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    const message = JSON.parse(body) as { method?: unknown; id?: unknown };
    return message.method === 'initialize' && message.id !== undefined;
  } catch {
    return false; // not one JSON request: not an initialize this module looks at
  }
}

/**
 * The type of the first event dispatched by the text of an event stream (`''` for an untyped
 * event), or undefined while no event is complete. As in SSE readers, a blank line dispatches an
 * event only when it had data; comments and data-less blocks (a priming event with only an `id:`)
 * reset the type and are skipped. The last, unterminated line is not read yet.
 *
 * @param text The start of an event stream.
 * @returns The type, `''` for an untyped event, or undefined.
 * @example firstEventType('event: endpoint\ndata: /messages?sessionId=1\n\n') // 'endpoint'
 */
export function firstEventType(text: string): string | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  lines.pop();
  let type = '';
  let data = false;
  for (const line of lines) {
    if (line === '') {
      if (data) return type;
      type = '';
      continue;
    }
    if (line.startsWith('event:')) type = line.slice(line.charCodeAt(6) === 32 ? 7 : 6);
    else if (line === 'data' || line.startsWith('data:')) data = true;
  }
  return undefined;
}

/**
 * Wrap a `fetch` so that an `initialize` POST answered with an HTTP+SSE session's stream rejects
 * with {@link LegacySseAnswer} instead of waiting for an answer that never comes.
 *
 * @param base The `fetch` to wrap.
 * @returns A `fetch` that behaves as `base`, except as described.
 * @throws {LegacySseAnswer} (from the returned fetch) when the answer's first event is `endpoint`.
 * @example new StreamableHTTPClientTransport(url, { fetch: detectLegacySseAnswer(fetch) })
 */
export function detectLegacySseAnswer(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (init?.method !== 'POST' || !response.ok || response.body === null || !type.includes('text/event-stream') || !isInitialize(init.body)) {
      return response;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const seen: Uint8Array[] = [];
    let text = '';
    let failure: { error: unknown } | undefined;
    let done = false;
    let first: string | undefined;
    while (first === undefined && !done && text.length < PEEK_CHARS) {
      try {
        const read = await reader.read();
        done = read.done;
        if (read.value !== undefined) {
          seen.push(read.value);
          text += decoder.decode(read.value, { stream: true });
        }
      } catch (error) {
        // Passed on where the SDK reads the stream, as it would have met it there.
        failure = { error };
        break;
      }
      first = firstEventType(text);
    }
    if (first === 'endpoint') {
      await reader.cancel().catch(() => undefined); // the stream is left either way; a failed cancel changes nothing
      throw new LegacySseAnswer(
        `the server answered the initialize POST with the event stream of the deprecated HTTP+SSE transport (its first event is "endpoint": ${JSON.stringify(text.split(/\r\n|\r|\n/).find((l) => l.startsWith('data')) ?? '')})`,
      );
    }
    // What was read is handed on first, one chunk per pull (an error in `start` would drop it).
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = seen.shift();
        if (chunk !== undefined) controller.enqueue(chunk);
        else if (failure !== undefined) controller.error(failure.error);
        else if (done) controller.close();
        else {
          const read = await reader.read();
          if (read.done) controller.close();
          else controller.enqueue(read.value);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
