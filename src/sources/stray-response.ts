/**
 * A response whose id answers no open request: the id of a request never sent, or a second
 * answer to one already answered. The SDK only reports it to the client's `onerror` (the request
 * it should have answered waits for its timeout, or the first of two different answers is
 * locked); the sources turn that report into a failure of the run or the session.
 *
 * A second answer to `initialize` is named as such: an MCP server answers it once per connection,
 * so two answers mean two servers reading the one stdin, each answering every request. grep-mcp
 * 1.1.0's bin imports its main module, which starts a server on import, and then starts another;
 * the generic words ("the id of a request mcpfusion never sent, or a second answer …") left the
 * user to work that out from the doubled start-up lines of its stderr.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

const UNKNOWN_ID = /^Received a response for an unknown message ID: ([\s\S]*)$/;

/** Whether a response (as JSON text) is an answer to `initialize`: a result naming a protocol version and the server or its capabilities. */
function answersInitialize(text: string): boolean {
  let response: unknown;
  try {
    response = JSON.parse(text);
  } catch (error) {
    // The SDK writes JSON.stringify of the response; anything else is some other report.
    if (error instanceof SyntaxError) return false;
    throw error;
  }
  const result = (response as { result?: unknown } | null)?.result;
  if (typeof result !== 'object' || result === null) return false;
  const fields = result as Record<string, unknown>;
  return typeof fields['protocolVersion'] === 'string' && (typeof fields['serverInfo'] === 'object' || typeof fields['capabilities'] === 'object');
}

/**
 * The error a source fails with for one of the SDK's `onerror` reports, when that report is a
 * stray response.
 *
 * @param error What the SDK passed to `onerror`.
 * @returns The failure naming the response, or undefined for any other report.
 * @example strayResponseError(new Error('Received a response for an unknown message ID: {"id":9}'))?.message // 'the server sent a response whose id answers no open request (...)'
 */
export function strayResponseError(error: Error): Error | undefined {
  const unknown = UNKNOWN_ID.exec(error.message);
  if (unknown === null) return undefined;
  if (answersInitialize(unknown[1]!)) {
    return new Error(
      `the server answered initialize a second time: ${JSON.stringify(shorten(unknown[1]!, 160))}; an MCP server answers it once, so two servers ` +
        'most likely read the one stdin, each answering every request (as when a package\'s bin imports a module ' +
        'that starts the server by itself, then starts another; its start-up lines on stderr then show twice). This is a fault of the ' +
        'server (tell its authors); until it is fixed, run the module that starts it on its own, such as the file the bin imports, with node',
    );
  }
  return new Error(
    `the server sent a response whose id answers no open request (the id of a request mcpfusion never sent, or a second answer to one already answered): ${JSON.stringify(shorten(unknown[1]!, 160))}; each request gets exactly one response, with its id`,
  );
}
