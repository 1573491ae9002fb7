/**
 * Read a raw MCP `tools/call` result into the part a probe compares: `content` (every block, in
 * order), `structuredContent` (when present) and `isError` (absent means false). `_meta` and any
 * other result field are dropped: they carry request bookkeeping, not the tool's answer.
 *
 * @module
 */
import { canonicalize } from '../canonical/jcs.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { CanonicalizationError } from '../errors.ts';
import type { CallToolOutput, JsonObject } from './types.ts';

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Where `content` or `structuredContent` stops being JSON (`$.content[0].n is a bigint`), or undefined. */
function notJson(raw: JsonObject): string | undefined {
  try {
    canonicalize({ content: raw['content'], structuredContent: raw['structuredContent'] });
    return undefined;
  } catch (error) {
    if (error instanceof CanonicalizationError) return `${error.path} ${error.problem}`;
    throw error;
  }
}

/**
 * Why a value is not a `CallToolResult`, or undefined when it is one. A result handed over by a
 * library caller must also be JSON where it counts (`content`, `structuredContent`): no bigint,
 * NaN, function, class instance, cycle or lone surrogate.
 *
 * @param raw A `tools/call` result as the server sent it.
 * @returns A one-line problem, or undefined.
 * @example callToolResultProblem({ content: 'x' }) // 'its "content" is not an array'
 */
export function callToolResultProblem(raw: unknown): string | undefined {
  if (!isObject(raw)) return 'it is not an object';
  const content = raw['content'];
  if (content !== undefined && !Array.isArray(content)) return 'its "content" is not an array';
  if (Array.isArray(content)) {
    for (let i = 0; i < content.length; i++) {
      const block = content[i];
      if (!isObject(block) || typeof block['type'] !== 'string') return `its content[${i}] is not a content block (an object with a string "type")`;
    }
  }
  if (raw['isError'] !== undefined && typeof raw['isError'] !== 'boolean') return 'its "isError" is not a boolean';
  if (content === undefined && raw['structuredContent'] === undefined) return 'it has neither "content" nor "structuredContent"';
  const p = notJson(raw);
  return p === undefined ? undefined : `it is not JSON: ${p}`;
}

/**
 * Try to read a raw `tools/call` result.
 *
 * @param raw The result as the server sent it.
 * @returns The output, or undefined when the value is not a `CallToolResult`.
 * @example tryReadCallToolOutput({ content: [{ type: 'text', text: 'hi' }] })?.isError // false
 */
export function tryReadCallToolOutput(raw: unknown): CallToolOutput | undefined {
  if (callToolResultProblem(raw) !== undefined) return undefined;
  const r = raw as JsonObject;
  const out: CallToolOutput = { content: (r['content'] as JsonValue[] | undefined) ?? [], isError: r['isError'] === true };
  if (r['structuredContent'] !== undefined) out.structuredContent = r['structuredContent'];
  return out;
}

/**
 * The JSON form of an output as written to the probe file: `content`, `isError`, and
 * `structuredContent` only when present.
 *
 * @param output An output.
 * @returns A plain JSON object.
 * @example callToolOutputJson({ content: [], isError: false }) // { content: [], isError: false }
 */
export function callToolOutputJson(output: CallToolOutput): JsonObject {
  const out: JsonObject = { content: output.content, isError: output.isError };
  if (output.structuredContent !== undefined) out['structuredContent'] = output.structuredContent;
  return out;
}
