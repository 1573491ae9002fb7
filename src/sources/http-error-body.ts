/**
 * One readable line for the body of an HTTP error answer. A proxy's 502 page, a framework's HTML
 * 404 or a Python traceback sent as `text/plain` would otherwise be pasted into the error message
 * whole, line breaks and terminal escapes included. The line names the content type and quotes
 * what the body says first (for HTML the first text outside tags, so the `<title>`, and the first
 * text of the `<body>` when it differs; for a
 * JSON-RPC error object its code, message and string `data`), JSON-escaped and cut at 200 characters.
 *
 * @module
 */
import { errorDataSuffix } from './json-rpc-error-text.ts';
import { shorten } from '../format/shorten.ts';

/** Longest quoted excerpt, in UTF-16 code units. */
const MAX_EXCERPT = 200;

function quote(text: string): string {
  return JSON.stringify(shorten(text, MAX_EXCERPT));
}

/** The JSON-RPC error a JSON body carries (`{"error": {"code", "message"}}`), if any. */
function jsonRpcError(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined;
    if (typeof error !== 'object' || error === null) return undefined;
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof code !== 'number' || typeof message !== 'string') return undefined;
    return `JSON-RPC error ${code}: ${quote(message)}${errorDataSuffix(data, message)}`;
  } catch {
    return undefined; // not JSON: described as text below
  }
}

/** The first line with text in it, outside HTML tags and comments when `html`. */
function firstLine(text: string, html: boolean): string | undefined {
  const plain = html
    ? text.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, '\n')
    : text;
  for (const line of plain.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
}

/**
 * The first text of an HTML page, and, when the page has a `<body>` whose first text differs, that
 * too: a generic title says little (Express's 404 page is titled `Error`, its body says
 * `Cannot POST /mcp`), while a proxy's page repeats its title (`502 Bad Gateway`) and keeps it.
 */
function htmlLine(text: string): string | undefined {
  const first = firstLine(text, true);
  const body = /<body\b[^>]*>/i.exec(text);
  const inBody = body === null ? undefined : firstLine(text.slice(body.index + body[0].length), true);
  return first !== undefined && inBody !== undefined && inBody !== first && body!.index > text.indexOf(first) ? `${first}: ${inBody}` : first;
}

/**
 * Describe an HTTP error answer's body in one line.
 *
 * @param contentType The `Content-Type` header, or null.
 * @param text The body as text.
 * @returns E.g. `a text/html body: "502 Bad Gateway"`, `an empty body`, or
 *   `an application/json body: JSON-RPC error -32001: "Session not found"`.
 * @example describeErrorBody('text/plain', 'Internal error\nTraceback ...') // 'a text/plain body: "Internal error"'
 */
export function describeErrorBody(contentType: string | null, text: string): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const what = type === '' ? 'a body without a content type' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} body`;
  const rpc = type.includes('json') ? jsonRpcError(text) : undefined;
  if (rpc !== undefined) return `${what}: ${rpc}`;
  const html = type === 'text/html' || type === 'application/xhtml+xml' || (type === '' && /^\s*<(!doctype|html)/i.test(text));
  const line = html ? htmlLine(text) : firstLine(text, false);
  if (line === undefined) return text === '' ? 'an empty body' : `${what} with no text`;
  return `${what}: ${quote(line)}`;
}
