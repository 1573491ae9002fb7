/**
 * Read a raw MCP `tools/call` result into the part a probe compares: `content` (every block, in
 * order), `structuredContent` (when present) and `isError` (absent means false). `_meta` and any
 * other result field are dropped: they carry request bookkeeping, not the tool's answer.
 *
 * @module
 */
import { loneSurrogateAt, type JsonValue } from '../canonical/strict-json.ts';
import type { CallToolOutput, JsonObject } from './types.ts';

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deepest nesting accepted, as the strict JSON reader and the canonical writer. */
const MAX_DEPTH = 512;

function member(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Where a value given by a library caller stops being JSON, or undefined when it is JSON. */
function notJson(v: unknown, path: string, open: Set<object>): string | undefined {
  switch (typeof v) {
    case 'string':
      return loneSurrogateAt(v) >= 0 ? `${path} holds a lone surrogate` : undefined;
    case 'number':
      return Number.isFinite(v) ? undefined : `${path} is ${String(v)}`;
    case 'boolean':
      return undefined;
    case 'object': {
      if (v === null) return undefined;
      if (open.has(v)) return `${path} contains itself (a cycle)`;
      if (open.size >= MAX_DEPTH) return `${path} is nested deeper than ${MAX_DEPTH} levels`;
      const proto = Object.getPrototypeOf(v);
      if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) {
        return `${path} is a ${(v as object).constructor?.name ?? 'non-plain'} object`;
      }
      open.add(v);
      try {
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            if (v[i] === undefined) continue; // written as null
            const p = notJson(v[i], member(path, i), open);
            if (p !== undefined) return p;
          }
          return undefined;
        }
        for (const key of Object.keys(v)) {
          if (loneSurrogateAt(key) >= 0) return `a key of ${path} holds a lone surrogate`;
          const item = (v as Record<string, unknown>)[key];
          if (item === undefined) continue; // left out, as JSON.stringify does
          const p = notJson(item, member(path, key), open);
          if (p !== undefined) return p;
        }
        return undefined;
      } finally {
        open.delete(v);
      }
    }
    default:
      return `${path} is a ${typeof v}`;
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
  for (const key of ['content', 'structuredContent'] as const) {
    const p = raw[key] === undefined ? undefined : notJson(raw[key], key, new Set());
    if (p !== undefined) return `it is not JSON: its ${p}`;
  }
  return undefined;
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
