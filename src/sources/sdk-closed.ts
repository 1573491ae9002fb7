/**
 * Whether an error is the MCP SDK's own "connection closed", not a server's answer that carries the
 * same code. The SDK rejects every open request with code -32000 (`ErrorCode.ConnectionClosed`,
 * `Connection closed`, no data) when the transport closes, and with `Request was cancelled` when a
 * request is cancelled; but -32000 is also the first code of JSON-RPC's range for a server's own
 * errors, and servers answer with it: @agentpmt/mcp-router 1.1.10 answers `initialize` with
 * `-32000: Upstream MCP request failed` and `data: "getaddrinfo EAI_AGAIN api.agentpmt.com"` when it
 * cannot reach its hosted server (servers25), which was reported as `the connection closed`, its
 * answer and the host dropped. (The same as {@link isSdkTimeout} does for -32001.)
 *
 * @module
 */

/** The SDK's `ErrorCode.ConnectionClosed`, written here so that this file does not load the SDK. */
const CONNECTION_CLOSED = -32000;

/** The texts the SDK gives its own -32000 errors. */
const SDK_TEXTS = new Set(['Connection closed', 'Request was cancelled']);

/**
 * Whether `error` is the SDK's own closed connection (or cancelled request).
 *
 * @param error What a request threw.
 * @returns True for the SDK's own, false for anything else, a server's -32000 answer included.
 * @example isSdkConnectionClosed(new McpError(ErrorCode.ConnectionClosed, 'Connection closed')) // true
 */
export function isSdkConnectionClosed(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== CONNECTION_CLOSED) return false;
  if ((error as { data?: unknown }).data !== undefined) return false;
  return SDK_TEXTS.has(error.message.replace(/^(MCP error -?\d+: )+/, ''));
}
