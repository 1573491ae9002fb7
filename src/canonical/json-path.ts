/**
 * JSON paths in messages: `$` for the document, `.name` for a key that is an identifier,
 * `["odd key"]` (a one-line JSON string literal) for any other key, `[3]` for an array index:
 * `$.tools[3].inputSchema["x-default"]`. The config file, the probe file and the canonical
 * writers name where a problem sits this way.
 *
 * @module
 */
import { jsonLiteral } from '../format/escape-controls.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Append a key or index to a JSON path.
 *
 * @param parent The parent path (`$` for the document).
 * @param key The key or index.
 * @returns The child path.
 * @example jsonPathOf('$.tools', 'a b') // '$.tools["a b"]'
 */
export function jsonPathOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${jsonLiteral(key)}]`;
}

/**
 * The JSON path of a list of keys and indices from the document down.
 *
 * @param segments Keys and indices, outermost first.
 * @param limit At most this many segments are written; `…` marks the rest.
 * @returns The path, `$` for none.
 * @example jsonPathText(['tools', 3, 'inputSchema']) // '$.tools[3].inputSchema'
 */
export function jsonPathText(segments: readonly (string | number)[], limit = Infinity): string {
  const n = Math.min(segments.length, limit);
  let out = '$';
  for (let i = 0; i < n; i++) out = jsonPathOf(out, segments[i]!);
  return n < segments.length ? `${out}…` : out;
}
