/**
 * Which tokens of a Rust file are test-only code: an item under `#[cfg(test)]` (also
 * `#[cfg(all(test, …))]`), a `#[test]` function or one under a test macro attribute
 * (`#[tokio::test]`, `#[sqlx::test(…)]`), and a module or file whose inner attribute is
 * `#![cfg(test)]`. rustc compiles that code only into the test harness (`cargo test`), never into
 * the server a tool runs in, so its capabilities are no tool's. Every other `#[cfg(…)]`
 * (`unix`, `windows`, `feature = "…"`, `not(test)`, `any(test, …)`) is code some build of the
 * server may ship with: the scan cannot know the target or the features, so both arms count.
 *
 * @module
 */
import type { RustToken } from './rust-tokenize.ts';

/**
 * Mark the test-only tokens.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @returns One byte per token (1: test-only), or undefined when the file has none.
 * @example
 * testOnlyTokens(tokenizeRust('#[test] fn t() {}').tokens, …)![3] // 1
 */
export function testOnlyTokens(tokens: readonly RustToken[], match: Int32Array): Uint8Array | undefined {
  let mask: Uint8Array | undefined;
  const op = (k: number, value: string): boolean => tokens[k]?.type === 'op' && tokens[k]!.value === value;
  const mark = (from: number, to: number): void => {
    mask ??= new Uint8Array(tokens.length);
    mask.fill(1, from, Math.min(to + 1, tokens.length));
  };
  /** The innermost `{` before `k` still open at `k` (-1: the file). */
  const blocks: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (op(k, '{')) {
      blocks.push(k);
      continue;
    }
    if (op(k, '}')) {
      if (blocks.length > 0 && match[blocks[blocks.length - 1]!] === k) blocks.pop();
      continue;
    }
    if (!op(k, '#')) continue;
    const inner = op(k + 1, '!');
    const open = inner ? k + 2 : k + 1;
    if (!op(open, '[')) continue;
    const close = match[open] ?? -1;
    if (close <= open) continue;
    if (mask !== undefined && mask[k] === 1) {
      k = close;
      continue;
    }
    if (!testAttribute(tokens, match, open + 1, close)) {
      k = close;
      continue;
    }
    if (inner) {
      // `#![cfg(test)]`: the enclosing module (the whole file at its top).
      const block = blocks[blocks.length - 1];
      if (block === undefined) mark(0, tokens.length - 1);
      else mark(block, (match[block] ?? -1) >= 0 ? match[block]! : tokens.length - 1);
      continue;
    }
    const end = itemEnd(tokens, match, close + 1);
    mark(k, end);
    k = close;
  }
  return mask;
}

/** Whether the attribute content `[from, to)` is `test`, a path ending in `test` (with arguments), `cfg(test)` or `cfg(all(…, test, …))`. */
function testAttribute(tokens: readonly RustToken[], match: Int32Array, from: number, to: number): boolean {
  const t = (k: number): RustToken | undefined => (k < to ? tokens[k] : undefined);
  // `test`, `tokio::test`, `sqlx::test(migrations = "…")`.
  let k = from;
  while (t(k)?.type === 'ident' && t(k + 1)?.value === '::') k += 2;
  if (t(k)?.type === 'ident' && t(k)!.value === 'test' && (k + 1 === to || (t(k + 1)?.value === '(' && match[k + 1] === to - 1))) return true;
  if (t(from)?.value !== 'cfg' || t(from + 1)?.value !== '(' || match[from + 1] !== to - 1) return false;
  return testPredicate(tokens, match, from + 2, to - 1);
}

/** Whether the cfg predicate `[from, to)` holds only under test: `test`, or `all(…)` with such a member. */
function testPredicate(tokens: readonly RustToken[], match: Int32Array, from: number, to: number): boolean {
  if (to === from + 1) return tokens[from]!.type === 'ident' && tokens[from]!.value === 'test';
  if (tokens[from]?.value !== 'all' || tokens[from + 1]?.value !== '(' || match[from + 1] !== to - 1) return false;
  let start = from + 2;
  for (let k = start; k <= to - 1; k++) {
    const v = tokens[k]!;
    if (k < to - 1 && v.type === 'op' && (v.value === '(' || v.value === '[')) {
      k = Math.max(k, match[k] ?? k);
      continue;
    }
    if (k === to - 1 || (v.type === 'op' && v.value === ',')) {
      if (k > start && testPredicate(tokens, match, start, k)) return true;
      start = k + 1;
    }
  }
  return false;
}

/**
 * The last token of the item starting at `k` (after its attributes): its `{…}` body's `}` or its `;`.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @param k Where the item (or its attributes) starts.
 * @returns The index of its last token.
 */
export function itemEnd(tokens: readonly RustToken[], match: Int32Array, k: number): number {
  for (; k < tokens.length; k++) {
    const v = tokens[k]!;
    if (v.type !== 'op') continue;
    if (v.value === '#' && tokens[k + 1]?.value === '[') {
      k = Math.max(k + 1, match[k + 1] ?? k + 1);
      continue;
    }
    if (v.value === '(' || v.value === '[') {
      const m = match[k] ?? -1;
      if (m < 0) return tokens.length - 1;
      k = m;
      continue;
    }
    if (v.value === '{') {
      const m = match[k] ?? -1;
      return m < 0 ? tokens.length - 1 : m;
    }
    if (v.value === ';' || v.value === '}') return v.value === ';' ? k : k - 1;
  }
  return tokens.length - 1;
}
