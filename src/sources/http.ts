/**
 * The Streamable HTTP edge: read a running MCP server at a URL with the SDK's
 * `StreamableHTTPClientTransport` (session id header, JSON and SSE responses).
 *
 * The start stage waits until the endpoint accepts a TCP connection (retrying refused
 * connections), so `--url` works right after a server was started in the background. Header
 * values (`--header "Authorization: Bearer …"`) are sent with every request and never appear in
 * messages; neither does the URL's query string or userinfo. Shutdown ends the session with an
 * HTTP DELETE.
 *
 * @module
 */
import { connect } from 'node:net';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InputError } from '../errors.ts';
import type { LiveConnection } from './mcp-client.ts';
import { parseEndpointUrl, redactUrl } from './http-endpoint.ts';

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

function isParseError(error: Error): boolean {
  return error.name === 'SyntaxError' || error.name === 'ZodError' || error.name === '$ZodError';
}

/**
 * A {@link LiveConnection} to a server over Streamable HTTP.
 *
 * @param options URL, headers.
 * @returns The connection for {@link readLiveServer}.
 * @throws {InputError} When the URL is invalid.
 * @example await readLiveServer(httpConnection({ url: 'http://127.0.0.1:3001/mcp' }))
 */
export function httpConnection(options: HttpServerOptions): LiveConnection {
  const url = parseEndpointUrl(options.url);
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { ...(options.headers ?? {}) } } });
  const failureListeners: Array<(error: Error) => void> = [];
  let stopped = false;
  transport.onerror = (error) => {
    // A response body that is not JSON-RPC would otherwise only be logged, and the request would hang.
    if (!stopped && isParseError(error)) {
      const fatal = new Error(`the server sent a response that is not a JSON-RPC message (${error.message.split('\n')[0]})`, { cause: error });
      for (const l of failureListeners.splice(0)) l(fatal);
    }
  };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return {
    transport,
    label: redactUrl(options.url),
    startStage: 'connect',
    async start() {
      for (;;) {
        const error = await tryConnect(host, port);
        if (!error) return;
        if (stopped) throw new Error('stopped');
        if (error.code !== 'ECONNREFUSED' && error.code !== 'ECONNRESET') {
          throw new Error(`cannot reach ${host}:${port}: ${error.code ?? error.message}`, { cause: error });
        }
        await delay(100);
      }
    },
    onFailure: (listener) => failureListeners.push(listener),
    diagnostics: () => '',
    explainClose: () => undefined,
    async shutdown() {
      if (stopped) return [];
      stopped = true;
      const notes: string[] = [];
      if (transport.sessionId !== undefined) {
        const ms = options.shutdownMs ?? 5000;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          transport.terminateSession().then(() => undefined, (e: Error) => `ending the HTTP session failed: ${e.message}`),
          new Promise<string>((resolve) => {
            timer = setTimeout(() => resolve(`ending the HTTP session got no answer within ${ms} ms`), ms);
          }),
        ]);
        clearTimeout(timer);
        if (outcome) notes.push(outcome);
      }
      await transport.close();
      return notes;
    },
  };
}
