/**
 * What the guard's line readers share: the JSON value type, a lenient line parse (a line that is
 * not JSON passes through untouched), and the key a JSON-RPC id is matched by.
 *
 * @module
 */
import { parseStrictJson } from '../canonical/strict-json.ts';
import { JsonParseError } from '../errors.ts';
import { parseKeysAsWritten } from '../canonical/escaped-key-stand-ins.ts';

const decoder = new TextDecoder('utf-8');
/** Refuses bytes that are not UTF-8 (a lenient decoder reads them as U+FFFD). */
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
/** Encodes a rewritten line. */
export const encoder = new TextEncoder();

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Whether a value is a JSON object (not null, not an array).
 *
 * @param v Any value.
 * @returns True for a plain object.
 * @example isObject({ id: 1 }) // true
 */
export function isObject(v: unknown): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Parse one line, or undefined when it is not JSON (or a partial write): not the guard's to
 * judge, the line passes through untouched and the peer deals with it. A key written with an
 * escape is read as written ({@link parseKeysAsWritten}): Deno 2.9's `JSON.parse` read a client's
 * `"metho\u0064":"tools/list"` as the key `metho\\` once it had seen that key after the same
 * keys, and the guard let the server's answer to that tools/list pass unchecked.
 *
 * @param line The line's bytes.
 * @returns The value, or undefined.
 * @example tryParseLine(new TextEncoder().encode('{"id":1}\n')) // { id: 1 }
 */
export function tryParseLine(line: Uint8Array): Json | undefined {
  try {
    return parseKeysAsWritten(decoder.decode(line)) as Json;
  } catch (cause) {
    if (cause instanceof SyntaxError) return undefined;
    throw cause;
  }
}

/**
 * Parse one line strictly (I-JSON: no duplicate key, no lone surrogate, no number out of range),
 * for the lines the guard decides on: a parser on the other side may read a line that `JSON.parse`
 * refuses (Python's MCP SDK takes `NaN` and `Infinity`) or a duplicate key differently (the first
 * one instead of the last), so only a line every reader takes the same way is judged and passed.
 * Bytes that are not UTF-8 are refused too: read as U+FFFD they would let the guard judge a name
 * (`a\u{fffd}`) that the other side reads otherwise, or refuses.
 *
 * @param line The line's bytes.
 * @returns `{ value, text }` (the decoded line), or `{ why }` naming what is wrong (with its column).
 * @example parseStrictLine(new TextEncoder().encode('{"a":1,"a":2}\n')) // { why: 'duplicate key "a" …' }
 */
export function parseStrictLine(line: Uint8Array): { value: Json; text: string } | { why: string } {
  let text: string;
  try {
    text = strictDecoder.decode(line);
  } catch {
    return { why: 'not valid UTF-8' };
  }
  try {
    return { value: parseStrictJson(text, 'the line') as Json, text };
  } catch (cause) {
    if (cause instanceof JsonParseError) return { why: `at column ${cause.column}: ${cause.message.replace(/^[^:]*: /, '')}` };
    throw cause;
  }
}

/**
 * Read a server line while the guard awaits an answer it must check: strictly, since a client may
 * read a line `JSON.parse` refuses (NaN in Python) or the first of two duplicate keys, and would
 * then see what the guard never checked.
 *
 * @param line The line's bytes.
 * @param awaited What is awaited (`the initialize response`, `a tools/list answer`).
 * @returns `{ value }`, or `{ refusal }`: why the session cannot go on.
 * @example readAwaited(new TextEncoder().encode('{"x":NaN}\n'), 'a tools/list answer') // { refusal: '…' }
 */
export function readAwaited(line: Uint8Array, awaited: string): { value: Json } | { refusal: string } {
  const strict = parseStrictLine(line);
  return 'why' in strict
    ? { refusal: `the server wrote a line that is not strict JSON while ${awaited} was awaited (${strict.why}), so what a client reads from it cannot be checked` }
    : strict;
}

/**
 * Whether a line holds only whitespace (a blank line between messages, which every reader skips).
 *
 * @param line The line's bytes.
 * @returns True for spaces, tabs and line breaks only.
 * @example isBlankLine(new TextEncoder().encode(' \r\n')) // true
 */
export function isBlankLine(line: Uint8Array): boolean {
  for (const b of line) if (b !== 32 && b !== 9 && b !== 10 && b !== 13) return false;
  return true;
}

/**
 * Whether a line is plain text to every JSON reader: after whitespace (and a BOM, which some
 * readers skip) it does not start with `{` or `[`, so no reader takes an object or a batch from
 * it, and no client reads a message in it (a banner or a log line the SDK clients read past).
 *
 * @param line The line's bytes.
 * @returns True when no message can be read from it.
 * @example isPlainTextLine(new TextEncoder().encode('Server running on stdio\n')) // true
 */
export function isPlainTextLine(line: Uint8Array): boolean {
  let k = 0;
  for (;;) {
    const b = line[k];
    if (b === 32 || b === 9 || b === 10 || b === 13) k++;
    else if (b === 0xef && line[k + 1] === 0xbb && line[k + 2] === 0xbf) k += 3;
    else return b !== undefined && b !== 0x7b && b !== 0x5b;
  }
}

/** `"jsonrpc":"2.0",` where it may stand in an answer's first members. */
const JSONRPC_MEMBER = String.raw`(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?`;
/** An answer's start: its id (a string without escapes or control characters, which JSON refuses raw, or a number), then its result or error. */
const ANSWER_HEAD = new RegExp(String.raw`^\s*\{\s*${JSONRPC_MEMBER}"id"\s*:\s*("[^"\\\x00-\x1f]*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*,\s*${JSONRPC_MEMBER}"(?:result|error)"\s*:`);

/**
 * The id of the answer a line begins with, read from its first bytes only (for a line too long to
 * be read whole): when its `id` comes first (after `"jsonrpc":"2.0"`, as servers write answers)
 * and is followed by its `result` or `error`. A request of the server's (`"id":…,"method"`) is not
 * an answer.
 *
 * @param head The line's first bytes (4 KiB of them are looked at).
 * @returns The id (a string or a number), or undefined when the line does not begin that way.
 * @example answerIdAtHead(new TextEncoder().encode('{"jsonrpc":"2.0","id":7,"result":{"content":[')) // 7
 */
export function answerIdAtHead(head: Uint8Array): string | number | undefined {
  const m = ANSWER_HEAD.exec(decoder.decode(head.subarray(0, 4096)));
  return m === null ? undefined : (JSON.parse(m[1]!) as string | number);
}

/**
 * The key a JSON-RPC id is matched by (`1` and `"1"` differ).
 *
 * @param id The id.
 * @returns Its JSON text.
 * @example idKey('1') // '"1"'
 */
export const idKey = (id: Json): string => JSON.stringify(id);

/**
 * The key an answer's id is matched to a request by, as loosely as a client may match it: a
 * string that a reader takes as a number counts as that number. The TypeScript SDK's client looks
 * an answer up by `Number(response.id)` (so `"1"`, `" 1"`, `"1e0"` and `"0x1"` answer request 1,
 * and `""` request 0), and Python's `int()`, which SDKs use to normalize a string id, takes
 * Unicode digits and `_` between digits (`"١"`, `"1_0"`). Matched exactly, such an answer to a
 * `tools/list` or `initialize` request passed the guard unchecked while the client took it.
 * A string no reader takes as a number keeps its exact key.
 *
 * @param id The id (of a request, or of an answer).
 * @returns The key; a request's and an answer's are equal when some client may pair them.
 * @example answerKey('1') === answerKey(1) // true
 */
export function answerKey(id: Json): string {
  if (typeof id !== 'string') return idKey(id);
  const js = Number(id);
  if (Number.isFinite(js)) return idKey(js);
  const py = pythonInt(id);
  return py === undefined ? idKey(id) : idKey(py);
}

/** Python's whitespace as `int()` strips it (`str.isspace`, which also holds U+001C to U+001F). */
const PY_INT = /^[\s\x1c-\x1f\x85]*([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)[\s\x1c-\x1f\x85]*$/u;
const DIGIT = /\p{Nd}/u;

/**
 * What Python's `int(text)` reads, or undefined when it raises.
 *
 * @param text A string.
 * @returns The number.
 * @example pythonInt(' +1_0 ') // 10
 */
function pythonInt(text: string): number | undefined {
  const m = PY_INT.exec(text);
  if (m === null) return undefined;
  let value = 0;
  for (const ch of m[2]!) {
    if (ch === '_') continue;
    // Decimal digits come in runs of ten from 0 to 9, and adjacent runs each start at a 0.
    const cp = ch.codePointAt(0)!;
    let start = cp;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
    value = value * 10 + ((cp - start) % 10);
  }
  return m[1] === '-' ? -value : value;
}

/**
 * The line ending a line carries, so a rewritten line keeps it.
 *
 * @param line The line's bytes.
 * @returns `'\r\n'`, `'\n'`, or `''` for a last line without one.
 * @example lineEnding(new TextEncoder().encode('{}\r\n')) // '\r\n'
 */
export function lineEnding(line: Uint8Array): string {
  return line[line.length - 1] === 10 ? (line[line.length - 2] === 13 ? '\r\n' : '\n') : '';
}

/**
 * The pieces of a line as one array, each byte copied once (a single piece is returned as is).
 *
 * @param parts The pieces, in order.
 * @returns Their bytes together.
 * @example joinBytes([new Uint8Array([123]), new Uint8Array([125])]) // Uint8Array [123, 125]
 */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
