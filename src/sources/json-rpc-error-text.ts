/**
 * How a JSON-RPC error answer is named in messages: its code, its message and, when the server
 * put a string into `data`, that too. Servers built on the TypeScript SDK's examples answer every
 * failure with `-32603 Internal server error` and give the reason only in `data` (`Already
 * connected to a transport…`); over HTTP there is no stderr to show it otherwise.
 *
 * @module
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { shorten } from '../format/shorten.ts';

/** Longest quoted `data`, in UTF-16 code units. */
const MAX_DATA = 200;

/**
 * ` (data: "…")` for a non-empty string `data` that does not repeat the message, else nothing.
 *
 * @param data The error object's `data` member.
 * @param message The error's message.
 * @returns The suffix, JSON-escaped and cut at 200 characters.
 * @example errorDataSuffix('Already connected', 'Internal server error') // ' (data: "Already connected")'
 */
export function errorDataSuffix(data: unknown, message: string): string {
  if (typeof data !== 'string' || data.trim() === '' || data === message) return '';
  return ` (data: ${JSON.stringify(shorten(data, MAX_DATA))})`;
}

/**
 * `JSON-RPC error <code>: <message>` for an error the SDK client raised from a server's answer.
 *
 * @param error The SDK's error.
 * @returns The text, without the SDK's `MCP error <code>: ` prefixes.
 * @example mcpErrorText(new McpError(-32603, 'boom', 'detail')) // 'JSON-RPC error -32603: boom (data: "detail")'
 */
export function mcpErrorText(error: McpError): string {
  const message = error.message.replace(/^(MCP error -?\d+: )+/, '');
  return `JSON-RPC error ${error.code}: ${message}${errorDataSuffix(error.data, message)}`;
}
