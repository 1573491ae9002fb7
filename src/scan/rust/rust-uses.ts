/**
 * `use` declarations of a Rust file: `use std::fs;`, `use std::process::Command as Cmd;`, groups
 * with nested groups and `self` (`use std::{fs::{self, File}, process::Command as Cmd};`,
 * `use tracing_subscriber::{layer::SubscriberExt, {self}};`), globs (`use std::fs::*;`), a leading
 * `::`, and `extern crate x as y;`. Each binding maps the name the file uses to the full path it
 * stands for; `as _` binds nothing (a trait brought into scope), a glob makes the members of its
 * path bare names. Paths starting with `crate`, `self` or `super` are the crate's own code.
 * A declaration inside a block (a function body, an inline `mod m { … }`) binds its names in that
 * block only (all of it, as in Rust: also before the `use`), nested blocks included; each use
 * records the block (`scope`). Declarations in test-only code (`rust-test-code.ts`) are skipped.
 *
 * @module
 */
import type { RustToken } from './rust-tokenize.ts';

/** How deep `use` groups are read (`use a::{b::{c::{…}}}`). */
const MAX_GROUP_DEPTH = 32;

/** One path a `use` names: `std::process::Command` bound as `Cmd`, or a glob of `std::fs`. */
export interface RustUse {
  /** Path segments (`['std', 'process', 'Command']`). */
  path: string[];
  /** The name bound (`Cmd`), undefined for a glob or `as _`. */
  name?: string;
  glob: boolean;
  /** Token index of the last segment (where a finding at the use is placed). */
  index: number;
  /** The `{` of the innermost block the declaration is in (-1: the file). */
  scope: number;
  /** A `pub use` (also `pub(crate)` and the like): the names are re-exported to other modules. */
  pub?: true;
}

/** All `use` declarations of a file. */
export interface RustUses {
  uses: RustUse[];
  /** Name → the paths it is bound to (more than one when declarations in different blocks differ). */
  names: Map<string, string[][]>;
  /** Glob paths. */
  globs: string[][];
  /** Token indexes inside `use` declarations (from `use` to `;`): not references. */
  inside: Set<number>;
}

/**
 * Read every `use` declaration (and `extern crate … as …`).
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @returns The bindings, globs and the tokens they span.
 * @example
 * readRustUses(tokenizeRust('use std::process::Command as Cmd;').tokens, …).names.get('Cmd') // [['std', 'process', 'Command']]
 */
export function readRustUses(tokens: readonly RustToken[], match: Int32Array, skip?: Uint8Array): RustUses {
  const out: RustUses = { uses: [], names: new Map(), globs: [], inside: new Set() };
  const blocks: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type === 'op') {
      if (t.value === '{') blocks.push(k);
      else if (t.value === '}' && blocks.length > 0 && match[blocks[blocks.length - 1]!] === k) blocks.pop();
      continue;
    }
    if (t.type !== 'ident' || skip?.[k] === 1) continue;
    const scope = blocks[blocks.length - 1] ?? -1;
    const before = tokens[k - 1];
    if (before !== undefined && before.type === 'op' && (before.value === '.' || before.value === '::')) continue;
    if (t.value === 'extern' && tokens[k + 1]?.value === 'crate' && tokens[k + 2]?.type === 'ident') {
      const crate = tokens[k + 2]!.value;
      const alias = tokens[k + 3]?.value === 'as' && tokens[k + 4]?.type === 'ident' ? tokens[k + 4]!.value : crate;
      if (alias !== '_' && alias !== crate) bind(out, { path: [crate], name: alias, glob: false, index: k + 2, scope });
      continue;
    }
    if (t.value !== 'use') continue;
    const next = tokens[k + 1];
    if (next === undefined || !(next.type === 'ident' || (next.type === 'op' && (next.value === '::' || next.value === '{')))) continue;
    const first = out.uses.length;
    const end = tree(tokens, match, k + 1, [], out, scope);
    // `pub use …;`, `pub(crate) use …;`: a re-export.
    const visibility = before !== undefined && before.type === 'op' && before.value === ')' ? tokens[match[k - 1]! - 1] : before;
    if (visibility?.type === 'ident' && visibility.value === 'pub') for (let u = first; u < out.uses.length; u++) out.uses[u]!.pub = true;
    for (let p = k; p <= end && p < tokens.length; p++) out.inside.add(p);
    k = end;
  }
  chainUses(out);
  return out;
}

/**
 * A `use` path may start with a name another `use` (or `extern crate … as`) binds
 * (`extern crate tokio as tk; use tk::process;`): such paths are expanded, a few levels deep.
 */
function chainUses(out: RustUses): void {
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const use of out.uses) {
      const first = use.path[0];
      const bound = first === undefined ? undefined : out.names.get(first);
      if (bound === undefined || bound.length !== 1 || bound[0]!.length === 1 && bound[0]![0] === first) continue;
      if (bound[0] === use.path) continue;
      const expanded = [...bound[0]!, ...use.path.slice(1)];
      if (expanded.length > 64) continue;
      use.path.splice(0, use.path.length, ...expanded);
      changed = true;
    }
    if (!changed) return;
  }
}

function bind(out: RustUses, use: RustUse): void {
  out.uses.push(use);
  if (use.glob) {
    out.globs.push(use.path);
    return;
  }
  if (use.name === undefined) return;
  const list = out.names.get(use.name);
  const key = use.path.join('::');
  if (list === undefined) out.names.set(use.name, [use.path]);
  else if (!list.some((p) => p.join('::') === key)) list.push(use.path);
}

/**
 * One use tree at `p` under `prefix`; returns the index of its last token. A tree is a path,
 * then `::*`, `::{…}` or `as name`; a group's members are trees under the path so far.
 */
function tree(tokens: readonly RustToken[], match: Int32Array, p: number, prefix: string[], out: RustUses, scope: number, depth = 0): number {
  const path = [...prefix];
  let last = -1;
  if (tokens[p]?.type === 'op' && tokens[p]!.value === '::') p++;
  for (;;) {
    const t = tokens[p];
    if (t === undefined) return p - 1;
    if (t.type === 'op' && t.value === '{') {
      const close = match[p]! >= 0 ? match[p]! : tokens.length;
      // Groups nest a few levels in real code; a file nesting hundreds is skipped past, not recursed into.
      if (depth >= MAX_GROUP_DEPTH) return close;
      let q = p + 1;
      while (q < close) {
        const member = tokens[q]!;
        if (member.type === 'op' && member.value === ',') {
          q++;
          continue;
        }
        const end = tree(tokens, match, q, path, out, scope, depth + 1);
        q = Math.max(end + 1, q + 1);
      }
      return close;
    }
    if (t.type === 'op' && t.value === '*') {
      bind(out, { path, glob: true, index: p, scope });
      return p;
    }
    if (t.type !== 'ident') return p - 1;
    if (t.value === 'self' && path.length > 0 && !(tokens[p + 1]?.value === '::')) {
      // `{self}` or `{self as x}` in a group: the group's own path.
      last = p;
    } else {
      path.push(t.value);
      last = p;
    }
    const after = tokens[p + 1];
    if (after?.type === 'op' && after.value === '::') {
      p += 2;
      continue;
    }
    if (after?.type === 'ident' && after.value === 'as' && tokens[p + 2]?.type === 'ident') {
      const alias = tokens[p + 2]!.value;
      bind(out, { path, ...(alias === '_' ? {} : { name: alias }), glob: false, index: last, scope });
      return p + 2;
    }
    const name = path[path.length - 1];
    if (name !== undefined) bind(out, { path, name, glob: false, index: last, scope });
    return p;
  }
}
