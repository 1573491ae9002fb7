/**
 * Whether parsed JSON is a JSON-RPC 2.0 message (or batch) as the SDK reads it, and if not, one
 * line saying why (`"jsonrpc" is missing, not "2.0"`, the JSON path the SDK's schema refuses), for
 * the stdio and HTTP sources alike.
 *
 * @module
 */
import type * as SdkTypes from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's message schemas, loaded by {@link loadJsonRpcSchemas} when a transport starts: the
 * SDK's types module (zod and every schema of the protocol) is most of the SDK's start-up cost, and
 * importing the library or running `check` on a lockfile must not pay it.
 */
let schemas: Pick<typeof SdkTypes, 'JSONRPCMessageSchema' | 'JSONRPCNotificationSchema' | 'JSONRPCRequestSchema' | 'JSONRPCResultResponseSchema' | 'JSONRPCErrorResponseSchema'> | undefined;

/**
 * Load the SDK's JSON-RPC schemas that {@link jsonRpcMessages} checks with (once; a transport's
 * `start` awaits it before any message can arrive).
 *
 * @returns When they are loaded.
 * @example await loadJsonRpcSchemas()
 */
export async function loadJsonRpcSchemas(): Promise<void> {
  schemas ??= await import('@modelcontextprotocol/sdk/types.js');
}

function loaded(): NonNullable<typeof schemas> {
  // A programming error, not a server's: thrown as such so no caller reads it as a refused message.
  if (schemas === undefined) throw new TypeError('mcpfusion: loadJsonRpcSchemas() was not awaited before reading JSON-RPC messages');
  return schemas;
}

/**
 * The JSON-RPC messages of one parsed stdout line or HTTP body: one message, or a JSON-RPC batch
 * (an array of them), which MCP 2025-03-26 lets a server send and requires a client to receive.
 *
 * @param value The parsed JSON.
 * @returns The messages in order.
 * @throws {Error} Saying what is wrong when it is not a message or a non-empty batch of them.
 * @example jsonRpcMessages({ jsonrpc: '2.0', id: 1, result: {} }).length // 1
 */
export function jsonRpcMessages(value: unknown): JSONRPCMessage[] {
  const { JSONRPCMessageSchema } = loaded();
  const batch = Array.isArray(value);
  const items: unknown[] = batch ? value : [value];
  if (batch && items.length === 0) throw new Error('it is an empty JSON-RPC batch');
  return items.map((item, i) => {
    // The schema its shape names first: the union tries its branches in order, and each branch
    // that fails builds zod issues (a notification failed the request branch first), which made
    // a server that logs 200000 notifications/message spend seconds here. The four branches are
    // strict objects with disjoint required keys, so the one that fits is the one the union
    // would have returned; only a message that fits none goes on to the union, whose answer
    // (and error) is the same as before.
    const fast = likelySchema(item)?.safeParse(item);
    if (fast?.success) return fast.data as JSONRPCMessage;
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (parsed.success) return parsed.data;
    const where = batch ? `batch entry ${i}: ` : '';
    throw new Error(`it is JSON but not a JSON-RPC 2.0 message: ${where}${whyNotJsonRpc(item)}`);
  });
}

/** The one branch of the SDK's message union that a value of this shape can match, if any. */
function likelySchema(item: unknown): { safeParse(value: unknown): { success: boolean; data?: unknown } } | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const { JSONRPCRequestSchema, JSONRPCNotificationSchema, JSONRPCResultResponseSchema, JSONRPCErrorResponseSchema } = loaded();
  if ('method' in item) return 'id' in item ? JSONRPCRequestSchema : JSONRPCNotificationSchema;
  if ('result' in item) return JSONRPCResultResponseSchema;
  return 'error' in item ? JSONRPCErrorResponseSchema : undefined;
}

function whyNotJsonRpc(item: unknown): string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return `${Array.isArray(item) ? 'an array' : item === null ? 'null' : `a ${typeof item}`}, not an object`;
  const m = item as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0') return `"jsonrpc" is ${m['jsonrpc'] === undefined ? 'missing' : JSON.stringify(m['jsonrpc'])}, not "2.0"`;
  if ('result' in m && 'error' in m) return 'it has both "result" and "error" (JSON-RPC 2.0 allows only one, even as null)';
  if ('method' in m && typeof m['method'] !== 'string') return '"method" is not a string';
  if (!('method' in m) && !('result' in m) && !('error' in m)) return 'it has none of "method", "result" and "error"';
  if ('id' in m && typeof m['id'] !== 'string' && typeof m['id'] !== 'number') return '"id" is neither a string nor a number';
  if ('error' in m) return '"error" is not an object with a numeric "code" and a string "message"';
  // The envelope is fine: name the field the SDK's message schema refuses (e.g. `"_meta": null`).
  const { JSONRPCResultResponseSchema, JSONRPCRequestSchema, JSONRPCNotificationSchema } = loaded();
  const schema = 'result' in m ? JSONRPCResultResponseSchema : 'id' in m ? JSONRPCRequestSchema : JSONRPCNotificationSchema;
  const issue = schema.safeParse(m).error?.issues[0];
  if (issue) return `at ${['$', ...issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))].join('')}: ${issue.message}`;
  return 'its fields do not have the types JSON-RPC 2.0 requires';
}

/**
 * Whether parsed JSON is a JSON-RPC response (a result or an error) whose `id` is missing or null:
 * it answers no request a client sent (each has an id). A result so is a server answering a
 * notification, which JSON-RPC 2.0 forbids (@leanspec/mcp-linux-x64 0.3.0 writes
 * `{"jsonrpc":"2.0","result":null}` after `notifications/initialized`); an error so is one the
 * server could not tie to a request (JSON-RPC 2.0 writes `"id": null` then). Readers skip it, with
 * a warning that quotes it: a request it may have been about still gets its answer or times out.
 *
 * @param value The parsed JSON.
 * @returns True for such a response.
 * @example isOrphanResponse({ jsonrpc: '2.0', result: null }) // true
 */
export function isOrphanResponse(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  return m['jsonrpc'] === '2.0' && ('result' in m) !== ('error' in m) && !('method' in m) && (m['id'] === undefined || m['id'] === null);
}

/**
 * The warning for responses without a request id that a reader skipped.
 *
 * @param count How many were skipped.
 * @param first The text of the first, already shortened.
 * @returns One line.
 * @example orphanResponsesNote(1, '{"jsonrpc":"2.0","result":null}')
 */
export function orphanResponsesNote(count: number, first: string): string {
  return `the server sent ${count} response${count === 1 ? '' : 's'} without a request id, which answer${count === 1 ? 's' : ''} no request ` +
    '(a server answering a notification, which JSON-RPC 2.0 forbids, or an error it could not tie to a request), ' +
    `skipped: ${JSON.stringify(first)}${count === 1 ? '' : ' (the first)'}`;
}
