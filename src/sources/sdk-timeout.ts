/**
 * Whether an error is the MCP SDK's own timeout, not a server's answer that happens to carry the
 * same code. The SDK raises code -32001 (`ErrorCode.RequestTimeout`) for its own timer (`Request
 * timed out` with `{timeout}`, `Maximum total timeout exceeded` with `{maxTotalTimeout}`, or an
 * aborted request), but a server may answer with -32001 too: @21st-dev/magic 0.2.3 without a key
 * answers `initialize` at once with `-32001: Not authenticated - your API key is missing …`, which
 * was reported as `no answer within 20000 ms`, its reason dropped.
 *
 * @module
 */

/** The SDK's `ErrorCode.RequestTimeout`, written here so that this file does not load the SDK. */
const REQUEST_TIMEOUT = -32001;

/**
 * Whether `error` is the SDK's own timeout (or abort) of a request.
 *
 * @param error What a request threw.
 * @returns True for the SDK's timer, false for anything else, a server's -32001 answer included.
 * @example isSdkTimeout(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 1000 })) // true
 */
export function isSdkTimeout(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== REQUEST_TIMEOUT) return false;
  const data = (error as { data?: unknown }).data as { timeout?: unknown; maxTotalTimeout?: unknown } | undefined;
  if (data !== null && typeof data === 'object' && (typeof data.timeout === 'number' || typeof data.maxTotalTimeout === 'number')) return true;
  // An aborted request: the SDK wraps the abort reason's text, with no data.
  const said = error.message.replace(/^(MCP error -?\d+: )+/, '');
  return data === undefined && /^(?:Request timed out|AbortError\b|TimeoutError\b|.*\baborted\b)/i.test(said);
}
