/**
 * Deterministic, human-readable JSON: keys sorted in code-unit order by the writer itself,
 * two-space indent, ECMAScript number formatting, JSON.stringify string escaping. Used for the
 * lockfile and every file mcpfusion writes, so identical input always gives identical bytes.
 *
 * @module
 */
import { CanonicalizationError } from '../errors.ts';
import { canonicalize } from './jcs.ts';

function write(value: unknown, indent: string, step: string): string {
  if (value === null || typeof value !== 'object') return canonicalize(value);
  const inner = indent + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const parts = value.map((v) => inner + (v === undefined ? 'null' : write(v, inner, step)));
    return `[\n${parts.join(',\n')}\n${indent}]`;
  }
  const rec = value as Record<string, unknown>;
  const keys = Object.keys(rec).sort().filter((k) => rec[k] !== undefined);
  if (keys.length === 0) return '{}';
  const parts = keys.map((k) => `${inner}${canonicalize(k)}: ${write(rec[k], inner, step)}`);
  return `{\n${parts.join(',\n')}\n${indent}}`;
}

/**
 * Serialize a JSON value with sorted keys and a two-space indent, plus a trailing newline.
 *
 * @param value A JSON value.
 * @returns The text, ending with "\n".
 * @throws {CanonicalizationError} On values that are not JSON.
 * @example stringifySorted({ b: 1, a: [] }) // '{\n  "a": [],\n  "b": 1\n}\n'
 */
export function stringifySorted(value: unknown): string {
  if (value === undefined) throw new CanonicalizationError('Cannot serialize undefined: it is not a JSON value');
  return write(value, '', '  ') + '\n';
}
