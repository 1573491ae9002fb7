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
}

/** Default timeouts: start 10 s, handshake 30 s (a server started through `npx` may install first), request 30 s. */
export const DEFAULT_TIMEOUTS: Readonly<SourceTimeouts> = { start: 10_000, handshake: 30_000, request: 30_000 };

/**
 * The largest timeout accepted, in milliseconds: 2^31 - 1 (about 24.8 days), the most Node's
 * `setTimeout` can wait; above it Node fires after 1 ms instead.
 */
export const MAX_TIMEOUT_MS = 2_147_483_647;
