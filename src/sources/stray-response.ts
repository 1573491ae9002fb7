/**
 * A response whose id answers no open request: the id of a request never sent, or a second
 * answer to one already answered. The SDK only reports it to the client's `onerror` (the request
 * it should have answered waits for its timeout, or the first of two different answers is
 * locked); the sources turn that report into a failure of the run or the session.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

const UNKNOWN_ID = /^Received a response for an unknown message ID: ([\s\S]*)$/;

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
  return new Error(
    `the server sent a response whose id answers no open request (the id of a request mcpfusion never sent, or a second answer to one already answered): ${JSON.stringify(shorten(unknown[1]!, 160))}; each request gets exactly one response, with its id`,
  );
}
