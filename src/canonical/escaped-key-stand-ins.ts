/**
 * Keys written with escapes, carried past the `JSON.parse` of the MCP SDK's HTTP transports.
 *
 * The SDK reads HTTP bodies and server-sent events with `JSON.parse` (or `response.json()`) itself,
 * and the `JSON.parse` of Deno 2.9 (V8 15) misreads a key written with an escape (`"\""`, `"\n"`,
 * `"\\"`) as another key it has seen after the same earlier keys:
 * `{"x":{"a":1,"\\":2},"y":{"a":1,"\"":3}}` gives two objects keyed `\`. mcpfusion's strict
 * reader avoids that path (`src/canonical/strict-json.ts`), but it cannot stand in for the SDK's
 * own parse. So {@link standInEscapedKeys} rewrites, in the text the SDK will parse, every key
 * written with an escape: as itself when it needs none (`"\u0069d"` is `"id"`, which the SDK
 * checks before any key is restored), else as a plain stand-in (`"mcpfusion-key:"` and the key's
 * UTF-16 code units in hex), which no engine misreads; {@link restoreEscapedKeys} puts the keys back in each
 * message the SDK hands on. A key that already begins with `mcpfusion-key:` is stood in for as
 * well, so the mapping is one to one and such a key comes back unchanged.
 *
 * Only keys change; values (a description with `\n` in it) are passed as written.
 * {@link parseKeysAsWritten} is `JSON.parse` through the same stand-ins, for a lenient reader of
 * mcpfusion's own (the guard's reading of a client's lines, the scanner's reading of a
 * `package.json`). Here in the core, so that `src/scan` may use it.
 *
 * @module
 */

const PREFIX = 'mcpfusion-key:';
/** A string literal of valid JSON (in a valid document, these matches are exactly its strings). */
const LITERAL = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
/** What a JSON string must escape: a quote, a backslash, a control character, a lone surrogate. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** After a literal: what makes it a key. */
const KEY_END = /[\t\n\r ]*:/y;

function hex(key: string): string {
  let out = '';
  for (let i = 0; i < key.length; i++) out += key.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

function unhex(code: string): string | undefined {
  if (code.length % 4 !== 0 || !/^[0-9a-f]*$/.test(code)) return undefined;
  let out = '';
  for (let i = 0; i < code.length; i += 4) out += String.fromCharCode(parseInt(code.slice(i, i + 4), 16));
  return out;
}

/**
 * Rewrite each key written with an escape (or beginning with the stand-in prefix): as itself when
 * it needs no escape, else as its stand-in.
 *
 * @param text A valid JSON document (one the strict reader accepted).
 * @returns The same document with those keys replaced; `text` itself when it has none.
 * @example standInEscapedKeys('{"\\"":1}') // '{"mcpfusion-key:0022":1}'
 * @example standInEscapedKeys('{"\\u0069d":1}') // '{"id":1}'
 */
export function standInEscapedKeys(text: string): string {
  if (!text.includes('\\') && !text.includes(`"${PREFIX}`)) return text;
  return text.replace(LITERAL, (literal: string, offset: number) => {
    if (!literal.includes('\\') && !literal.startsWith(`"${PREFIX}`)) return literal;
    KEY_END.lastIndex = offset + literal.length;
    if (!KEY_END.test(text)) return literal; // a value
    // One string alone: no object, so no key the engine could have seen before.
    const key = JSON.parse(literal) as string;
    // A key that needs no escape ("\u0069d") is written as itself: no escape is left to misread,
    // and the SDK's own check of the message (before the keys are restored) sees "id" and "result".
    if (!key.startsWith(PREFIX) && !NEEDS_ESCAPE.test(key)) return `"${key}"`;
    return `"${PREFIX}${hex(key)}"`;
  });
}

/**
 * Put back the keys {@link standInEscapedKeys} stood in for, at any depth.
 *
 * @param value A value parsed from stood-in text (a JSON-RPC message as the SDK hands it on).
 * @returns `value` when it has no stand-in; else a copy with the keys restored, in their order.
 * @example restoreEscapedKeys({ 'mcpfusion-key:0022': 1 }) // { '"': 1 }
 */
export function restoreEscapedKeys<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const restored = restoreEscapedKeys(item);
      if (restored !== item) (copy ??= [...value])[i] = restored;
    });
    return (copy ?? value) as T;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  let changed = false;
  const restored = entries.map(([key, item]): [string, unknown] => {
    const original = key.startsWith(PREFIX) ? unhex(key.slice(PREFIX.length)) : undefined;
    const inner = restoreEscapedKeys(item);
    if (original !== undefined || inner !== item) changed = true;
    return [original ?? key, inner];
  });
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  // defineProperty: a key such as "__proto__" stays an own property, as JSON.parse makes it.
  for (const [key, item] of restored) Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  return out as T;
}

/**
 * `JSON.parse` with every key read as written: a text with a key written with an escape is read
 * with the keys stood in for ({@link standInEscapedKeys}) and then restored, so the `JSON.parse`
 * of Deno 2.9 cannot read `"metho\u0064"` as a key `metho\` it saw before after the same keys.
 * Lenient as `JSON.parse` is otherwise (the last of two duplicate keys wins).
 *
 * @param text Any text.
 * @returns The value `JSON.parse` gives under Node.
 * @throws {SyntaxError} When `text` is not JSON, as `JSON.parse`.
 * @example parseKeysAsWritten('{"n\\u0061me":1}') // { name: 1 }
 */
export function parseKeysAsWritten(text: string): unknown {
  const value: unknown = JSON.parse(text);
  // Valid JSON now, so each literal the stand-ins match is one of its strings.
  const standIn = standInEscapedKeys(text);
  return standIn === text ? value : restoreEscapedKeys(JSON.parse(standIn) as unknown);
}
