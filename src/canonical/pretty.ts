/**
 * Deterministic, human-readable JSON: keys sorted in code-unit order by the writer itself,
 * two-space indent, ECMAScript number formatting, JSON.stringify string escaping. Used for the
 * lockfile and every file mcpfusion writes, so identical input always gives identical bytes.
 *
 * @module
 */
import { quoteJsonString } from './jcs.ts';
import { InputError } from '../errors.ts';
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
 * The longest string V8 (Node) holds: 2^29 - 24 UTF-16 code units, about 512 Mi characters.
 * Text that would be longer cannot be built at all (`RangeError: Invalid string length`).
 */
export const MAX_TEXT_LENGTH = 2 ** 29 - 24;

/**
 * The length of `value` as {@link stringifySorted} writes it, counted without building it, and
 * given up once past `limit` (strings count without their escapes; values that are not JSON
 * count nothing, the writer names them). Indentation is what makes text grow past its data:
 * each line starts with two spaces per level, so a listing of a few MiB whose schemas nest a few
 * hundred levels deep is hundreds of MiB written out.
 */
function prettyLength(value: unknown, depth: number, limit: number): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number') return String(value).length;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null || value === undefined) return 4;
  if (typeof value !== 'object' || depth > MAX_JSON_DEPTH) return 0;
  const inner = 2 * (depth + 1);
  let size = 2 + 2 * depth; // the brackets, the newline and indent before the closing one
  const entries: unknown[] = [];
  if (Array.isArray(value)) {
    if (value.length === 0) return 2;
    for (const v of value) entries.push(v);
  } else {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      size += k.length + 4; // the quoted key and ": "
      entries.push(v);
    }
    if (entries.length === 0) return 2;
  }
  for (const v of entries) {
    size += 2 + inner + prettyLength(v, depth + 1, limit - size); // ",\n" and the indent
    if (size > limit) return size;
  }
  return size;
}

/**
 * Refuse, before building it, text longer than {@link MAX_TEXT_LENGTH}.
 *
 * @throws {InputError} When the text would pass the limit.
 */
function assertWritable(value: unknown): void {
  const size = prettyLength(value, 0, MAX_TEXT_LENGTH);
  if (size > MAX_TEXT_LENGTH) {
    throw new InputError(
      `The JSON text to write would be more than ${MAX_TEXT_LENGTH} characters (512 MiB), the longest text this runtime can hold; ` +
        'written with two spaces of indent per level on every line, deeply nested values (schemas nested hundreds of levels deep) take far more room than as compact JSON; nothing was written',
    );
  }
}

/**
 * Serialize a JSON value with sorted keys and a two-space indent, plus a trailing newline.
 *
 * @param value A JSON value.
 * @returns The text, ending with "\n".
 * @throws {CanonicalizationError} On values that are not JSON, naming where (`path`) and what (`problem`).
 * @throws {InputError} When the text would be longer than {@link MAX_TEXT_LENGTH}, the longest string the runtime holds.
 * @example stringifySorted({ b: 1, a: [] }) // '{\n  "a": [],\n  "b": 1\n}\n'
 */
export function stringifySorted(value: unknown): string {
  if (value === undefined) throw notJsonError(value, []);
  assertWritable(value);
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

/** How deep {@link stringifySortedChunks} writes containers itself; each value below is one piece. */
const PIECE_DEPTH = 3;

/**
 * The text of {@link stringifySorted} in pieces, never held whole: a container less than three
 * levels deep is written member by member, each value below that whole (by the same fast path
 * or precise writer, indented to its place). A big lockfile is written and compared so: its
 * text and a sorted copy of it beside the contracts did not fit a 256 MiB heap at 64 MB.
 * Joined, the pieces are exactly `stringifySorted(value)`, and a value it refuses is refused
 * with the same error (the length is counted before the first piece; an error inside a piece is
 * thrown when that piece is reached).
 *
 * @param value A JSON value.
 * @returns The pieces, in order (made again each time they are iterated); the last ends with "\n".
 * @throws {CanonicalizationError} As {@link stringifySorted}, when the pieces are read.
 * @throws {InputError} At once, when the text would be longer than {@link MAX_TEXT_LENGTH}.
 * @example [...stringifySortedChunks({ b: 1, a: [] })].join('') // '{\n  "a": [],\n  "b": 1\n}\n'
 */
export function stringifySortedChunks(value: unknown): Iterable<string> {
  if (value === undefined) throw notJsonError(value, []);
  assertWritable(value);
  // Each pass makes the pieces again (compared with the old file, then written): counted once.
  return { [Symbol.iterator]: () => documentChunks(value) };
}

function* documentChunks(root: unknown): Generator<string> {
  yield* chunksOf(root, '', [], root);
  yield '\n';
}

function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function* chunksOf(value: unknown, indent: string, path: (string | number)[], root: unknown): Generator<string> {
  if (path.length < PIECE_DEPTH && isPlainContainer(value)) {
    const inner = indent + '  ';
    if (Array.isArray(value)) {
      if (value.length === 0) { yield '[]'; return; }
      yield '[';
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        yield i === 0 ? `\n${inner}` : `,\n${inner}`;
        if (v === undefined) { yield 'null'; continue; }
        path.push(i);
        yield* chunksOf(v, inner, path, root);
        path.pop();
      }
      yield `\n${indent}]`;
      return;
    }
    const rec = value as Record<string, unknown>;
    let first = true;
    for (const k of Object.keys(rec).sort()) {
      const v = rec[k];
      if (v === undefined) continue;
      yield `${first ? '{\n' : ',\n'}${inner}${quoteJsonString(k, path, true)}: `;
      path.push(k);
      yield* chunksOf(v, inner, path, root);
      path.pop();
      first = false;
    }
    yield first ? '{}' : `\n${indent}}`;
    return;
  }
  // A whole value, as stringifySorted writes the whole document: the native writer over a sorted
  // copy (nesting counted from the document's root), else the precise writer, which names what
  // is wrong with the path from the root.
  const copy = sortedJsonCopy(value, path.length);
  if (copy !== NO_FAST_PATH) {
    const text = JSON.stringify(copy, null, 2);
    if (!hasEscapedLoneSurrogate(text)) {
      yield indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
      return;
    }
  }
  const out: string[] = [];
  write(value, indent, out, path, root);
  yield out.join('');
}
