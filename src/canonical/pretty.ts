/**
 * Deterministic, human-readable JSON: keys sorted in code-unit order by the writer itself,
 * two-space indent, ECMAScript number formatting, JSON.stringify string escaping. Used for the
 * lockfile and every file mcpfusion writes, so identical input always gives identical bytes.
 *
 * @module
 */
import { quoteJsonString } from './jcs.ts';
import { MAX_JSON_DEPTH, nestingError, notJsonError } from './not-json-error.ts';
import { hasEscapedLoneSurrogate, NO_FAST_PATH, sortedJsonCopy } from './sorted-copy.ts';

// `path` holds the keys and indices down to `value`; it becomes text only in an error.
function write(value: unknown, indent: string, out: string[], path: (string | number)[], root: unknown): void {
  if (typeof value === 'string') { out.push(quoteJsonString(value, path)); return; }
  if (value === null) { out.push('null'); return; }
  if (typeof value === 'boolean') { out.push(value ? 'true' : 'false'); return; }
  if (typeof value === 'number' && Number.isFinite(value)) { out.push(Object.is(value, -0) ? '0' : String(value)); return; }
  if (typeof value !== 'object') throw notJsonError(value, path);
  if (path.length > MAX_JSON_DEPTH) throw nestingError(root, path);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) { out.push('[]'); return; }
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out.push(i === 0 ? '\n' : ',\n', inner);
      if (v === undefined) {
        out.push('null');
      } else {
        path.push(i);
        write(v, inner, out, path, root);
        path.pop();
      }
    }
    out.push('\n', indent, ']');
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw notJsonError(value, path);
  const rec = value as Record<string, unknown>;
  const keys = Object.keys(rec).sort();
  let first = true;
  for (const k of keys) {
    const v = rec[k];
    if (v === undefined) continue;
    out.push(first ? '{\n' : ',\n', inner, quoteJsonString(k, path, true), ': ');
    path.push(k);
    write(v, inner, out, path, root);
    path.pop();
    first = false;
  }
  out.push(first ? '{}' : `\n${indent}}`);
}

/**
 * Serialize a JSON value with sorted keys and a two-space indent, plus a trailing newline.
 *
 * @param value A JSON value.
 * @returns The text, ending with "\n".
 * @throws {CanonicalizationError} On values that are not JSON, naming where (`path`) and what (`problem`).
 * @example stringifySorted({ b: 1, a: [] }) // '{\n  "a": [],\n  "b": 1\n}\n'
 */
export function stringifySorted(value: unknown): string {
  if (value === undefined) throw notJsonError(value, []);
  const copy = sortedJsonCopy(value);
  if (copy !== NO_FAST_PATH) {
    // Fast path: the native JSON.stringify writes the pre-sorted copy; it escapes a lone
    // surrogate as \udXXX instead of failing, so look for one and fall back to the strict writer.
    const text = JSON.stringify(copy, null, 2);
    if (!hasEscapedLoneSurrogate(text)) return text + '\n';
  }
  const out: string[] = [];
  write(value, '', out, [], value);
  out.push('\n');
  return out.join('');
}
