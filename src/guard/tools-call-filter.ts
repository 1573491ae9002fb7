/**
 * The guard's filter on the client's calls: a `tools/call` request naming a tool that is not
 * attested never reaches the server; the guard answers it itself with a JSON-RPC error. A server
 * may handle tool names it does not list (a hidden tool that a poisoned description or output
 * tells the model to call); under the guard only the attested tools can be called. A line that
 * is not strict JSON is not passed on either (see {@link createToolsCallFilter}). Pure: one
 * complete client line in, what to forward and what to answer out.
 *
 * @module
 */
import { encoder, isBlankLine, isObject, lineEnding, parseStrictLine, tryParseLine, type Json } from './json-lines.ts';

/** The JSON-RPC error code a refused call is answered with (invalid params, as for an unknown tool). */
export const REFUSED_CALL_CODE = -32602;
/** The JSON-RPC error code a line that is not strict JSON is answered with (parse error). */
export const REFUSED_LINE_CODE = -32700;

/** What to do with one client line. */
export interface CallFilterResult {
  /**
   * The bytes to pass to the server: the line itself; a batch without its refused calls
   * (re-encoded); or null when nothing of the line goes on.
   */
  forward: Uint8Array | null;
  /** A line to send to the client instead (the error answers), or null. */
  reply: Uint8Array | null;
  /** The tool names refused in this line (empty when it passes). */
  refused: string[];
  /** Why the whole line was refused without being read as calls (it is not strict JSON), or null. */
  rejected: string | null;
}

/**
 * Why a message is a call the guard must not pass on, or null when it may pass.
 *
 * @param m One JSON-RPC message.
 * @param attested The attested tool names.
 */
function refusedName(m: Json, attested: ReadonlySet<string>): string | null {
  if (!isObject(m) || m.method !== 'tools/call') return null;
  const name = isObject(m.params) ? m.params.name : undefined;
  if (typeof name === 'string' && attested.has(name)) return null;
  return typeof name === 'string' ? name : String(JSON.stringify(name ?? null));
}

function errorAnswer(id: Json, message: string): Json {
  return { jsonrpc: '2.0', id, error: { code: REFUSED_CALL_CODE, message } };
}

const notAttested = (name: string): string =>
  `mcpfusion guard: the tool ${JSON.stringify(name)} is not attested; the call was not passed to the server`;

/**
 * Where each element of a JSON array stands in its text, whitespace around it left out. The text
 * must be one valid JSON array (the line was read strictly before).
 *
 * @param text The array's JSON text.
 * @returns `[start, end)` of each element, in order.
 * @example batchElements('[1, {"a":"]"}]') // [[1, 2], [4, 13]]
 */
export function batchElements(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) { inString = false; last = i; }
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (depth === 1 && (c === 0x2c || c === 0x5d)) {
      // ',' or the closing ']' ends the element begun at `start` (none in an empty array).
      if (start >= 0) out.push([start, last + 1]);
      start = -1;
      if (c === 0x5d) depth = 0;
      continue;
    }
    if (depth === 1 && start < 0) start = i;
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    last = i;
  }
  return out;
}

/**
 * Create the filter for one session.
 *
 * @param attested The names of the attested tools (the only ones that may be called).
 * @returns A function that judges one complete client line (with its line ending).
 * @example const f = createToolsCallFilter(new Set(['echo'])); f(line).forward // the line, or null
 */
export function createToolsCallFilter(attested: ReadonlySet<string>): (line: Uint8Array) => CallFilterResult {
  return (line) => {
    if (isBlankLine(line)) return { forward: line, reply: null, refused: [], rejected: null };
    // Only a line every JSON reader takes the same way can be judged: the server's may accept what
    // JSON.parse refuses (Python's MCP SDK reads NaN and Infinity) or take the first of two
    // duplicate keys ("name": "hidden", "name": "echo"), and would then run a call the guard never
    // saw. Such a line is answered with a parse error (for the request's id where one can be
    // read) and not passed on; a client that follows the MCP rules never writes one.
    const strict = parseStrictLine(line);
    if ('why' in strict) {
      const lenient = tryParseLine(line);
      const id = isObject(lenient) && (typeof lenient.id === 'string' || typeof lenient.id === 'number') ? lenient.id : null;
      const why = `the line is not strict JSON (${strict.why})`;
      const answer: Json = { jsonrpc: '2.0', id, error: { code: REFUSED_LINE_CODE, message: `mcpfusion guard: ${why}; it was not passed to the server` } };
      return { forward: null, reply: encoder.encode(`${JSON.stringify(answer)}\n`), refused: [], rejected: why };
    }
    const msg = strict.value;
    const messages = Array.isArray(msg) ? msg : [msg];
    const refused = messages.map((m) => refusedName(m, attested));
    const names = refused.filter((n): n is string => n !== null);
    if (names.length === 0) return { forward: line, reply: null, refused: [], rejected: null };
    // Each refused request is answered (a notification is dropped). The rest of a batch goes on
    // to the server: it may hold the client's answers to the server's own requests.
    const answers: Json[] = [];
    const rest: Json[] = [];
    messages.forEach((m, i) => {
      if (refused[i] === null) rest.push(m);
      else if (isObject(m) && 'id' in m) answers.push(errorAnswer(m.id!, notAttested(refused[i]!)));
    });
    const reply = answers.length === 0 ? null : encoder.encode(`${JSON.stringify(Array.isArray(msg) ? answers : answers[0])}\n`);
    // The rest of a batch keeps the client's own bytes: written again by JavaScript, 1.0 would
    // reach the server as 1 (an int to Python's SDK) and an integer past 2^53 as another number.
    let forward: Uint8Array | null = null;
    if (rest.length > 0) {
      const text = strict.text;
      const kept = batchElements(text).filter((_, i) => refused[i] === null).map(([a, b]) => text.slice(a, b));
      forward = encoder.encode(`[${kept.join(',')}]${lineEnding(line)}`);
    }
    return { forward, reply, refused: names, rejected: null };
  };
}
