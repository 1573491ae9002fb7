/**
 * The HTTP edge: read a running MCP server at a URL with the SDK's
 * `StreamableHTTPClientTransport` (session id header, JSON and SSE responses), falling back to
 * the deprecated HTTP+SSE transport of protocol version 2024-11-05 (`SSEClientTransport`) when
 * the server answers the `initialize` POST with a 4xx status, as the MCP specification's
 * backwards-compatibility section describes, or with the event stream of an HTTP+SSE session.
 *
 * The start stage waits until the endpoint accepts a TCP connection (retrying refused
 * connections), so `--url` works right after a server was started in the background. Header
 * values (`--header "Authorization: Bearer …"`) are sent with every request and never appear in
 * messages; neither does the URL's query string or userinfo. Shutdown ends the session with an
 * HTTP DELETE. A session the server lost (HTTP 404 to a request carrying its id, or to the HTTP+SSE
 * message endpoint of a session that worked) is replaced through {@link LiveConnection.newSession}
 * (over HTTP+SSE: a new SSE stream); `readLiveServer` then lists again from the start, and
 * `openSession` sends the refused requests again.
 *
 * @module
 */
import { connect } from 'node:net';
import type * as SdkSse from '@modelcontextprotocol/sdk/client/sse.js';
import type * as SdkStreamable from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { InputError } from '../errors.ts';
import type { LiveConnection } from './mcp-client.ts';
import { fetchProxy, headerProblem, loopbackProxyBypass, parseEndpointUrl, redactUrl } from './http-endpoint.ts';
import { restoreEscapedKeys, StrictBodyError, strictJsonFetch } from './strict-http-bodies.ts';
import { detectLegacySseAnswer, LegacySseAnswer } from './legacy-sse-answer.ts';
import { CHALLENGE_START } from './http-auth-challenge.ts';
import { loadJsonRpcSchemas, orphanResponsesNote } from './json-rpc-messages.ts';
import { shorten } from '../format/shorten.ts';
import { messageRedactor, requestSecrets } from './redact-command.ts';

export { parseEndpointUrl, redactUrl, parseHeaderLine } from './http-endpoint.ts';

/** How to reach an HTTP server. */
export interface HttpServerOptions {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Extra request headers (authentication); values are never logged. */
  headers?: Record<string, string>;
  /** Milliseconds allowed for the session DELETE at shutdown; default 5000. */
  shutdownMs?: number;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tryConnect(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(error);
    });
  });
}

/** A class no value is an instance of: what the SDK's error classes are until the SDK is loaded (no error of theirs exists then). */
const NOT_LOADED = class {} as never;
let SseError: typeof SdkSse.SseError = NOT_LOADED;
let StreamableHTTPError: typeof SdkStreamable.StreamableHTTPError = NOT_LOADED;
let sdk: { sse: typeof SdkSse; streamable: typeof SdkStreamable } | undefined;

/**
 * Load the SDK's HTTP transports (once), when an HTTP connection starts: importing the library or
 * a command that reads no live server never loads them (they and the SDK's schemas cost more CPU
 * at start-up than the rest of the library).
 *
 * @returns The two transport modules.
 * @example await loadHttpTransports()
 */
export async function loadHttpTransports(): Promise<{ sse: typeof SdkSse; streamable: typeof SdkStreamable }> {
  if (sdk === undefined) {
    const [sse, streamable] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/sse.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      loadJsonRpcSchemas(),
    ]);
    sdk = { sse, streamable };
    SseError = sse.SseError;
    StreamableHTTPError = streamable.StreamableHTTPError;
  }
  return sdk;
}

function loadedSdk(): { sse: typeof SdkSse; streamable: typeof SdkStreamable } {
  if (sdk === undefined) throw new TypeError('mcpfusion: the HTTP transport was used before start()');
  return sdk;
}

/**
 * The answers of the MCP SDK's Streamable HTTP transport to an initialize POST (which carries no
 * session id) once its one session is used: 404 `Session not found` after that session ended, 400
 * `Server already initialized` while it lasts. mssql-mcp 3.0.0 (servers23) connects one transport
 * when it starts, so it serves one session in its lifetime: the first `lock` passed, the second
 * was asked for "a missing or wrong --header".
 */
const ONE_SESSION = /HTTP 404\b.*JSON-RPC error -32001: "Session not found"|HTTP 400\b.*JSON-RPC error -32600: "Invalid Request: Server already initialized"/;
const ONE_SESSION_ADVICE = 'the server answered initialize, which carries no session id, as the MCP SDK\'s Streamable HTTP transport answers once its one session ' +
  'is used (ended by an earlier run, or held by another client): a server that connects one transport when it starts serves one session in its lifetime. ' +
  'Restart the server before each run (mcpfusion ends its session when done), or ask its authors to create a transport per session';

const SSE_ENDED = 'the server answered the GET with an event stream and ended it before its endpoint event, which names the URL to send messages to';

/**
 * Whether the SDK's HTTP+SSE transport failed to start because the server's event stream ended
 * (the `eventsource` client then reports an error event without a message, which the SDK writes
 * as "SSE error: undefined"): a server whose stream handler threw (hono-mcp-server-sse-transport
 * 0.0.7's README server, whose one McpServer cannot connect a second stream) answers so.
 *
 * @param error What `start` threw.
 * @returns True for that case only.
 * @example sseStreamEnded(new SseError(undefined, undefined, event)) // true
 */
function sseStreamEnded(error: unknown): boolean {
  return error instanceof SseError && error.code === undefined && error.message === 'SSE error: undefined';
}

/** A request the server refused because it no longer knows the session (it was not run). */
export class LostSessionError extends Error {
  constructor(message: string, readonly transport: 'streamable-http' | 'http+sse', options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * Streamable HTTP first; when the server refuses the `initialize` POST with a 4xx status other
 * than 401/403 (an HTTP+SSE server has no POST handler at its SSE URL: 404 or 405), or answers it
 * with an HTTP+SSE session's stream ({@link LegacySseAnswer}: a server that opens its stream for any
 * method), the deprecated HTTP+SSE transport on the same URL. Every later message goes to
 * whichever answered.
 */
class HttpClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Which transport the server speaks, once known. */
  kind: 'streamable-http' | 'http+sse' = 'streamable-http';
  /** Set by the first {@link HttpClientTransport.start}, which loads the SDK's transports. */
  streamable!: StreamableHTTPClientTransport;
  private active!: Transport;
  /** How many sessions were replaced by a new one. */
  renewals = 0;
  /** The HTTP status that told of the last lost session (404, or an HTTP+SSE 400 naming the session). */
  lostStatus = 404;
  /** Whether the HTTP+SSE session worked (a POST was accepted, a message came): a later 404 then means it is gone. */
  private sseAccepted = false;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string>,
  ) {}

  /** Responses without a request id dropped from the server's event streams, and the first of them. */
  orphanResults = 0;
  firstOrphan: string | undefined;
  private readonly onOrphan = (text: string): void => {
    this.orphanResults++;
    this.firstOrphan ??= text;
  };

  /**
   * Where the last `initialize` POST stands while it waits: `sent` (no status line yet), or
   * answered with `headers` (a status and content type, but no answer to initialize yet); what a
   * handshake that timed out says it waited for.
   */
  initializeWait: { sent: true; headers?: { status: number; type: string } } | undefined;

  /** `fetch` noting where an `initialize` POST stands ({@link HttpClientTransport.initializeWait}). */
  private readonly watchedFetch = (inner: typeof fetch): typeof fetch => async (input, init) => {
    if (!isInitializePost(init)) return inner(input, init);
    const wait: { sent: true; headers?: { status: number; type: string } } = { sent: true };
    this.initializeWait = wait;
    try {
      const response = await inner(input, init);
      const type = response.headers.get('content-type') ?? '';
      // Only an event stream leaves the answer to come: any other response is the answer, or the error.
      if (response.ok && /^text\/event-stream\b/i.test(type)) wait.headers = { status: response.status, type };
      else if (this.initializeWait === wait) this.initializeWait = undefined;
      return response;
    } catch (error) {
      // A POST that failed is named by its error; one the transport's close aborted (the run
      // failing on the handshake timeout) was still waiting.
      if (this.initializeWait === wait && init?.signal?.aborted !== true) this.initializeWait = undefined;
      throw error;
    }
  };

  private newStreamable(): StreamableHTTPClientTransport {
    const t = new (loadedSdk().streamable.StreamableHTTPClientTransport)(this.url, { requestInit: { headers: { ...this.headers } }, fetch: detectLegacySseAnswer(this.watchedFetch(strictJsonFetch(fetch, this.onOrphan))) });
    this.wire(t);
    return t;
  }

  /**
   * How the server refused the last GET of an HTTP+SSE stream: its status and the body's line,
   * with what a `WWW-Authenticate` challenge asks for. The `eventsource` client reports only
   * "Non-200 status code (401)", without the headers or the body.
   */
  private sseRefusal: { status: number; line: string } | undefined;

  private newSse(): SSEClientTransport {
    const strict = strictJsonFetch(fetch, this.onOrphan);
    this.sseRefusal = undefined;
    const refusalKept: typeof fetch = async (input, init) => {
      const response = await strict(input, init);
      // The strict fetch replaced an error body with one line (and a challenge's clause before it).
      if (!response.ok && (init?.method ?? 'GET').toUpperCase() === 'GET') {
        this.sseRefusal = { status: response.status, line: statusLine(response.status, await response.clone().text()) };
      }
      return response;
    };
    return new (loadedSdk().sse.SSEClientTransport)(this.url, { requestInit: { headers: { ...this.headers } }, fetch: refusalKept });
  }

  /**
   * Why an HTTP+SSE stream did not open, when the server refused its GET with a status (the
   * SDK's message has the status alone).
   */
  private sseRefused(error: unknown): { status: number; line: string } | undefined {
    if (!(error instanceof SseError) || typeof error.code !== 'number' || this.sseRefusal?.status !== error.code) return undefined;
    return this.sseRefusal;
  }

  /**
   * Drop the lost session: the next `start` and `initialize` open a new one (no DELETE for the
   * old). Over HTTP+SSE, `start` opens a new SSE stream, whose `endpoint` event names the new session.
   */
  renewSession(): void {
    if (this.active === undefined) return; // never started: the next start opens a session
    this.detach(this.active);
    void this.active.close();
    if (this.kind === 'http+sse') {
      this.active = this.newSse();
      this.wire(this.active);
      this.sseAccepted = false;
    } else {
      this.streamable = this.newStreamable();
      this.active = this.streamable;
    }
    this.renewals++;
  }

  private detach(t: Transport): void {
    t.onclose = undefined;
    t.onerror = undefined;
    t.onmessage = undefined;
  }

  /** Whether the server has answered a request (its answer to initialize, at least). */
  private answered = false;

  private wire(t: Transport): void {
    t.onmessage = (message, extra) => {
      if ('result' in message || 'error' in message) {
        this.answered = true;
        this.initializeWait = undefined;
      }
      // An answer on the HTTP+SSE stream can arrive before the POST that asked for it resolves.
      if (t === this.active && this.kind === 'http+sse') this.sseAccepted = true;
      // The strict fetch stood in for keys written with escapes, which the SDK's JSON.parse may misread.
      this.onmessage?.(restoreEscapedKeys(message), extra);
    };
    t.onerror = (error) => this.onerror?.(error);
    t.onclose = () => this.onclose?.();
  }

  get sessionId(): string | undefined {
    return this.active?.sessionId;
  }

  get protocolVersion(): string | undefined {
    return (this.active as { protocolVersion?: string } | undefined)?.protocolVersion;
  }

  setProtocolVersion(version: string): void {
    this.active?.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    if (this.streamable === undefined) {
      await loadHttpTransports();
      // A concurrent start may have made it while this one waited.
      if (this.streamable === undefined) {
        this.streamable = this.newStreamable();
        this.active = this.streamable;
      }
    }
    try {
      await this.active.start();
    } catch (error) {
      // A new HTTP+SSE session (after a lost one) whose stream ended at once, or was refused.
      if (sseStreamEnded(error)) throw new Error(SSE_ENDED, { cause: error });
      const refused = this.kind === 'http+sse' ? this.sseRefused(error) : undefined;
      if (refused !== undefined) throw new Error(`the server refused the GET that opens a new HTTP+SSE stream: ${refused.line}`, { cause: error });
      throw error;
    }
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const kind = this.kind;
    const sent = this.active;
    const session = kind === 'streamable-http' ? this.streamable.sessionId : undefined;
    const sseAccepted = this.sseAccepted;
    const renewed = this.renewals > 0;
    try {
      await sent.send(message, options);
      if (kind === 'http+sse' && sent === this.active) this.sseAccepted = true;
    } catch (error) {
      const sseStatus = kind === 'http+sse' ? /^Error POSTing to endpoint \(HTTP (\d+)\): /.exec((error as Error).message) : null;
      const status = error instanceof StreamableHTTPError ? error.code : sseStatus !== null ? Number(sseStatus[1]) : undefined;
      const again = renewed ? ', and this was the new session mcpfusion had started after losing the first' : '';
      if (status === 404 && session !== undefined) {
        // The MCP transport rules: a 404 to a request with an Mcp-Session-Id means the session is
        // gone, and the client must start a new one (initialize without the id).
        const detail = (error as Error).message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '');
        throw new LostSessionError(
          `the server answered HTTP 404 to a request carrying the session id it had given (Mcp-Session-Id), so it no longer knows that session ` +
            `(it expired, or the server restarted)${again}: ${detail}`,
          'streamable-http',
          { cause: error },
        );
      }
      const sseDetail = sseStatus !== null ? (error as Error).message.slice(sseStatus[0].length) : '';
      // HTTP+SSE names the session in the message endpoint's URL; a server that answers 404 to
      // an endpoint that accepted messages before has dropped the session (Python MCP servers:
      // "Could not find session"), and so has one whose 400 names the session (the TypeScript
      // SDK's examples: "No transport found for sessionId"). A new SSE stream opens a new one. A
      // 400 that says nothing of a session is a refused message, and fails as it is.
      if ((status === 404 || (status === 400 && /session/i.test(sseDetail))) && sseAccepted) {
        this.lostStatus = status;
        throw new LostSessionError(
          `the server answered HTTP ${status} to a POST to the message endpoint that its HTTP+SSE stream had named and that had accepted messages before, ` +
            `so it no longer knows that session (it expired, or the server restarted)${again}: ${sseDetail}`,
          'http+sse',
          { cause: error },
        );
      }
      // 421 is a refused Host header (Python MCP servers' DNS-rebinding guard), not a missing endpoint.
      // An HTTP+SSE server that opens its stream for any method answers the POST with that stream.
      const sseAnswer = error instanceof LegacySseAnswer;
      const legacy = this.kind === 'streamable-http' && 'method' in message && message.method === 'initialize' && (sseAnswer ||
        (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 421));
      if (!legacy) {
        const described = describeHttpError(error);
        // @aashari/mcp-server-atlassian-jira 3.3.0 connects one stateless transport once and hands
        // it every request: it answers initialize, then 500 with an empty body to all that follows.
        const stateless = kind === 'streamable-http' && session === undefined && this.answered && status !== undefined && status >= 500 && status < 600 && 'method' in message && message.method !== 'initialize'
          ? `; the server answered initialize without a session id (Mcp-Session-Id), then HTTP ${status} to ${message.method}: a server that connects one stateless Streamable HTTP transport once ` +
            '(the TypeScript SDK\'s StreamableHTTPServerTransport with sessionIdGenerator: undefined) and hands it every request serves only the first request, ' +
            'since that SDK refuses to reuse a stateless transport; it must create its transport (and connect its server) per request, or give sessions; ' +
            'every MCP client sends more than one request, so none can read it as it is: its log (stderr) may say "Stateless transport cannot be reused"'
          : '';
        if (described === undefined && stateless === '') throw error;
        throw new Error(`${described ?? (error as Error).message}${stateless}`, { cause: error });
      }
      // Leave the Streamable HTTP transport quietly (its close must not end our session).
      this.detach(this.streamable);
      await this.streamable.close();
      const sse = this.newSse();
      try {
        // Wired only once started: a failed start closes the transport, which must not end the
        // client's pending initialize before the reason below reaches it.
        await sse.start();
      } catch (cause) {
        void sse.close();
        const origin = /^Endpoint origin does not match connection origin: (.*)$/.exec((cause as Error).message)?.[1];
        if (origin !== undefined) {
          throw new Error(
            `the server speaks the deprecated HTTP+SSE transport, but its endpoint event names another origin (${origin}) than the URL (${this.url.origin}); ` +
              `mcpfusion sends requests and headers only to the origin of --url: give --url with the host name the server names`,
            { cause },
          );
        }
        const detail = (error as Error).message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '').split('\n')[0] ?? '';
        const first = sseAnswer ? detail : `HTTP ${status} to the initialize POST (${detail.slice(0, 200)})`;
        const ended = sseStreamEnded(cause);
        const refused = this.sseRefused(cause);
        // A JSON-RPC error in the answer (a missing API key header: 400 "Invalid credentials") comes
        // from an endpoint that reads JSON-RPC POSTs: the URL is right, the error is the cause.
        const advice = ONE_SESSION.test(first)
          ? ONE_SESSION_ADVICE
          : /: JSON-RPC error -?\d+: /.test(detail)
          ? 'the server answered the POST with a JSON-RPC error, so the URL is likely its MCP endpoint and that error is the cause (a missing or wrong --header?)'
          : refused !== undefined && (refused.status === 401 || refused.status === 403)
            // An HTTP+SSE server refuses the POST it has no route for before it checks credentials.
            ? `the URL is likely the server's HTTP+SSE endpoint, and the credentials are the cause`
          : ended
            ? `the URL serves an event stream, so it is likely the server's HTTP+SSE endpoint: the server ended the stream itself (see its log)`
            : 'check that the URL is the server\'s MCP endpoint (often …/mcp, or …/sse for an HTTP+SSE server)';
        throw new Error(
          `${first}, and the deprecated HTTP+SSE transport on the same URL failed too ` +
            `(${ended ? SSE_ENDED : refused !== undefined ? `the GET of its event stream got ${refused.line}` : (cause as Error).message}); ${advice}`,
          { cause },
        );
      }
      this.wire(sse);
      this.active = sse;
      this.kind = 'http+sse';
      try {
        await sse.send(message);
      } catch (cause) {
        // Node's fetch says only "fetch failed" (a server that crashed as the stream opened drops
        // the POST's connection): name the request and the reason.
        const described = describeHttpError(cause);
        if (described === undefined) throw cause;
        throw new Error(`the server speaks the deprecated HTTP+SSE transport, but the POST of initialize to the message endpoint its stream named failed: ${described}`, { cause });
      }
      this.sseAccepted = true;
    }
  }

  async close(): Promise<void> {
    await this.active?.close();
  }
}

/** Whether a request is the POST of an `initialize` request (the SDK sends one message per POST, as JSON). */
function isInitializePost(init: RequestInit | undefined): boolean {
  if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || typeof init?.body !== 'string') return false;
  try {
    const message = JSON.parse(init.body) as { method?: unknown };
    return typeof message === 'object' && message !== null && message.method === 'initialize';
  } catch {
    return false; // not JSON: not a message the SDK sent, so no initialize either
  }
}

/**
 * What a handshake that timed out waited for, when the `initialize` POST was still waiting: no
 * status line at all (a process that accepts connections but does not serve them: stuck, still
 * starting, or not an HTTP server), or an event stream without the answer on it.
 *
 * @param wait Where the POST stood ({@link HttpClientTransport.initializeWait}).
 * @param where The host and port connected to.
 * @returns The clause, starting with `; `, or `''`.
 */
function initializeWaitNote(wait: { sent: true; headers?: { status: number; type: string } } | undefined, where: string): string {
  if (wait === undefined) return '';
  if (wait.headers === undefined) {
    return `; ${where} accepted the TCP connection, but the POST of initialize got no HTTP answer (not even a status line): the process listening there ` +
      'does not serve HTTP on it (stuck, still starting, or not an HTTP server); check that the server is up and ready (its log), and that this port is its MCP endpoint\'s';
  }
  const type = wait.headers.type.split(';')[0]!.trim();
  return `; the server answered the POST of initialize with HTTP ${wait.headers.status}${type === '' ? '' : ` (${type})`} but sent no answer to initialize on it: ` +
    'the server is stuck handling initialize; its log may say why';
}

const HOST_HINT = 'a server that checks the Host header may accept only the host name it was started for, e.g. localhost or 127.0.0.1 rather than 0.0.0.0 or the machine\'s name';

/**
 * One line for a failed HTTP exchange of the Streamable HTTP transport: the status with a hint for
 * 401, 403 and 421 and the body's own line (see `http-error-body.ts`), the content type that is
 * no MCP answer, or why `fetch` failed (a TLS error, a reset connection).
 *
 * @param error What the SDK transport threw.
 * @returns The line, or undefined for other errors.
 * @example describeHttpError(new StreamableHTTPError(421, 'Error POSTing to endpoint: a text/plain body: "Invalid Host header"'))
 */
export function describeHttpError(error: unknown): string | undefined {
  if (error instanceof TypeError && error.message === 'fetch failed' && error.cause instanceof Error) {
    // Node's fetch says only "fetch failed"; the reason is its cause (TLS, a reset connection).
    const cause = error.cause as NodeJS.ErrnoException;
    const code = cause.code !== undefined && !cause.message.includes(cause.code) ? `${cause.code}: ` : '';
    const hint = /wrong version number|packet length too long|WRONG_VERSION_NUMBER/i.test(cause.message)
      ? ' (the server does not speak TLS on that port: use http:// instead of https://)'
      : /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(cause.code ?? '')
        ? ' (the server\'s TLS certificate is not trusted; NODE_EXTRA_CA_CERTS=<file> adds the CA that signed it)'
        // Seen when Node's fetch resends a POST that the server answered with 421 Misdirected Request.
        : cause.code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH'
          ? ` (Node's fetch fails this way when it resends a request the server refused with 421 Misdirected Request: ${HOST_HINT})`
          : '';
    // With a hint, the code is enough (OpenSSL's own text names source files and line numbers).
    return hint !== '' && cause.code !== undefined ? `the HTTP request failed: ${cause.code}${hint}` : `the HTTP request failed: ${code}${cause.message.split('\n')[0]}${hint}`;
  }
  if (error instanceof TypeError && error.message === 'terminated') {
    // Node's fetch says only "terminated" when the connection closes while a body is read; the
    // socket's reason is its cause.
    const cause = error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException) : undefined;
    const why = cause === undefined ? '' : ` (${cause.code !== undefined && !cause.message.includes(cause.code) ? `${cause.code}: ` : ''}${cause.message.split('\n')[0]})`;
    return `the connection closed while mcpfusion read the server's answer, before its end${why}: the server (or a proxy in between) dropped it mid-body`;
  }
  if (!(error instanceof StreamableHTTPError)) return undefined;
  const type = /^Streamable HTTP error: Unexpected content type: (.*)$/s.exec(error.message)?.[1];
  if (type !== undefined) {
    const what = type === 'null' ? 'without a Content-Type' : `with Content-Type ${JSON.stringify(type.slice(0, 100))}`; // the SDK writes a missing header as "null"
    return `the server answered ${what}; a Streamable HTTP server must answer a request with application/json or text/event-stream`;
  }
  if (typeof error.code !== 'number' || error.code <= 0) return undefined;
  let detail = error.message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '');
  if (error.code >= 300 && error.code < 400) {
    // The SDK names its own option, which mcpfusion does not expose: say what to do instead.
    // The SDK follows 307 and 308 within the origin; 301, 302 and 303 would make the POST a GET.
    const why = error.code <= 303
      ? 'a 301, 302 or 303 redirect turns the POST into a GET, which carries no message, so mcpfusion follows only 307 and 308 (within the origin of --url)'
      : 'mcpfusion follows a redirect only within the origin of --url (the headers would go wherever it points)';
    detail = `${detail.replace(/ \(redirectPolicy: '[^']*'\)$/, '')}: ${why}; give --url the address the server names`;
  }
  return statusLine(error.code, detail);
}

/**
 * `HTTP <status> (<hint>): <detail>`, the hint for 401, 403 and 421.
 *
 * @param code The HTTP status.
 * @param detail What the body said (the strict fetch's line, a challenge's clause first).
 * @returns The line.
 * @example statusLine(421, 'a text/plain body: "Invalid Host header"')
 */
function statusLine(code: number, detail: string): string {
  // A WWW-Authenticate challenge (see http-auth-challenge.ts) says more than the generic hint.
  const challenged = detail.startsWith(CHALLENGE_START);
  const hint = code === 401 ? (challenged ? ' (authentication)' : ' (authentication: check --header or source.headers)')
    : code === 403 && challenged ? ' (forbidden)'
    : code === 403 ? ' (forbidden: check --header or source.headers; a server that checks the Host header may accept only the host name it was started for, e.g. localhost rather than 127.0.0.1)'
      : code === 421 ? ` (misdirected: the server does not accept the host name of the URL; ${HOST_HINT})`
        : code === 429 ? ' (too many requests: the server limits how often it is called)'
          : '';
  return `HTTP ${code}${hint}: ${detail}`;
}

function isParseError(error: Error): boolean {
  return error.name === 'SyntaxError' || error.name === 'ZodError' || error.name === '$ZodError';
}

/**
 * A {@link LiveConnection} to a server over Streamable HTTP.
 *
 * @param options URL, headers.
 * @returns The connection for {@link readLiveServer}.
 * @throws {InputError} When the URL is invalid, or a header cannot be sent (its value is not shown).
 * @example await readLiveServer(httpConnection({ url: 'http://127.0.0.1:3001/mcp' }))
 */
export function httpConnection(options: HttpServerOptions): LiveConnection {
  const url = parseEndpointUrl(options.url);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    // fetch's own error would quote the value, which is usually a secret.
    const problem = headerProblem(name, value);
    if (problem !== undefined) throw new InputError(`Invalid header "${name}": ${problem}`);
  }
  // A loopback server is reached directly, also where fetch reads HTTP_PROXY (Bun, Deno): the
  // connect stage reached it so, and the headers must not go to a proxy.
  Object.assign(process.env, loopbackProxyBypass(process.env, url.hostname));
  const transport = new HttpClientTransport(url, options.headers ?? {});
  const failureListeners: Array<(error: Error) => void> = [];
  let stopped = false;
  transport.onerror = (error) => {
    // A response body that is not JSON-RPC (or not strict JSON) would otherwise only be logged,
    // and the request would hang.
    if (stopped) return;
    // The SDK passes a stream's error on wrapped ("SSE stream disconnected: StrictBodyError: ...").
    const strict = error instanceof StrictBodyError ? error.message
      : /StrictBodyError: (.*)/s.exec(error.message)?.[1] ?? /the server sent JSON that is not strict I-JSON: .*/.exec(error.message)?.[0];
    if (strict !== undefined || isParseError(error)) {
      const fatal = new Error(strict ?? `the server sent a response that is not a JSON-RPC message (${error.message.split('\n')[0]})`, { cause: error });
      for (const l of failureListeners.splice(0)) l(fatal);
    }
  };
  // The connect stage opens its TCP connection where fetch will open its own: to the proxy, when
  // the runtime's fetch sends the request through one (Bun, Deno; never for a loopback URL).
  const proxy = fetchProxy(process.env, url);
  const target = proxy ?? url;
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = target.port !== '' ? Number(target.port) : target.protocol === 'https:' ? 443 : 80;
  const where = proxy === undefined ? `${host}:${port}` : `the proxy ${host}:${port} (from the proxy variables, which this runtime's fetch sends the request through)`;
  let refused: string | undefined;
  return {
    transport,
    label: redactUrl(options.url),
    redact: messageRedactor(requestSecrets(url, options.headers ?? {}, proxy)),
    startStage: 'connect',
    async start() {
      for (;;) {
        const error = await tryConnect(host, port);
        if (!error) {
          refused = undefined;
          return;
        }
        if (stopped) throw new Error('stopped');
        refused = error.code;
        if (error.code !== 'ECONNREFUSED' && error.code !== 'ECONNRESET') {
          throw new Error(`cannot reach ${where}: ${error.code ?? error.message}`, { cause: error });
        }
        await delay(100);
      }
    },
    onFailure: (listener) => failureListeners.push(listener),
    warnings: () => transport.kind === 'http+sse'
      ? ['the server answered with the deprecated HTTP+SSE transport (MCP 2024-11-05), so it was read over that; its contracts are the same as over Streamable HTTP']
      : [],
    // A start that timed out while every attempt was refused: say so, not just "no answer"; a
    // handshake that timed out with the initialize POST still waiting: say for what.
    diagnostics: () => (refused === undefined ? initializeWaitNote(transport.initializeWait, proxy === undefined ? where : 'the proxy') : `; every connection to ${where} was refused (${refused}): is the ${proxy === undefined ? 'server' : 'proxy'} running and listening on that host and port?`),
    explainClose: () => undefined,
    sessionLost: (error) => error instanceof LostSessionError,
    newSession() {
      const sse = transport.kind === 'http+sse';
      transport.renewSession();
      return sse
        ? `the server lost the HTTP+SSE session (HTTP ${transport.lostStatus} to a POST to the message endpoint it had named), so mcpfusion opened a new SSE stream`
        : 'the server lost the HTTP session (HTTP 404 to a request carrying its Mcp-Session-Id), so mcpfusion started a new session';
    },
    async shutdown() {
      if (stopped) return [];
      stopped = true;
      const notes: string[] = [];
      if (transport.kind === 'streamable-http' && transport.sessionId !== undefined) {
        const ms = options.shutdownMs ?? 5000;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          // 404 to the DELETE: the server knows no such session (already gone, or it has no DELETE
          // route at all, as @sylphx/mcp-server-sdk 2.1.1), so nothing is left to end; the SDK
          // accepts only 405 as "the server does not end sessions".
          transport.streamable.terminateSession().then(() => undefined, (e: Error) => (e instanceof StreamableHTTPError && e.code === 404 ? undefined : `ending the HTTP session failed: ${e.message}`)),
          new Promise<string>((resolve) => {
            timer = setTimeout(() => resolve(`ending the HTTP session got no answer within ${ms} ms`), ms);
          }),
        ]);
        clearTimeout(timer);
        if (outcome) notes.push(outcome);
      }
      await transport.close();
      if (transport.orphanResults > 0) notes.push(orphanResponsesNote(transport.orphanResults, shorten(transport.firstOrphan!, 160)));
      return notes;
    },
  };
}
