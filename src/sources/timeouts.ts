/**
 * Timeouts of live sources and their defaults (no MCP SDK here, so resolving a source does not
 * load the SDK; `mcp-client.ts` re-exports these).
 *
 * @module
 */

/** Timeouts of a live source, in milliseconds. */
export interface SourceTimeouts {
  /** Starting: spawning the process (stdio) or reaching the HTTP endpoint (retried until then). */
  start: number;
  /** The `initialize` request until its answer, plus `notifications/initialized`. */
  handshake: number;
  /** Each list request (each page). */
  request: number;
  /**
   * How long after the handshake a server that advertises `listChanged` may still change its
   * lists: mcpfusion waits until then for a `notifications/…/list_changed` (each one has the list
   * read again) before it shuts the server down. 0 waits for none. Default {@link DEFAULT_TIMEOUTS}.
   */
  settle?: number;
}

/**
 * Default timeouts: start 10 s, handshake 30 s (a server started through `npx` may install first),
 * request 30 s, settle 500 ms (a server that registers tools once it is connected, announcing them
 * with list_changed, has them locked; a server that advertises no listChanged is not waited for).
 */
export const DEFAULT_TIMEOUTS: Readonly<Required<SourceTimeouts>> = { start: 10_000, handshake: 30_000, request: 30_000, settle: 500 };

/**
 * The largest timeout accepted, in milliseconds: 2^31 - 1 (about 24.8 days), the most Node's
 * `setTimeout` can wait; above it Node fires after 1 ms instead.
 */
export const MAX_TIMEOUT_MS = 2_147_483_647;
