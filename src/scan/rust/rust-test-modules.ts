/**
 * Which module files a Rust file declares for its tests only: `#[cfg(test)] mod tests;` (also
 * under `#[cfg(all(test, …))]` or in a file whose inner attribute is `#![cfg(test)]`). rustc reads
 * such a file only into the test harness (`cargo test`), never into the crate a server ships, so a
 * directory walk leaves it out, with the modules under it. Pure: text and `/`-separated paths.
 *
 * @module
 */
import { rustModuleCandidates, rustModuleDirs } from './rust-files.ts';
import { dirname, joinPath } from '../import-candidates.ts';
import { testOnlyTokens } from './rust-test-code.ts';
import { tokenizeRust } from './rust-tokenize.ts';

/** Result of {@link rustTestModuleFiles}. */
export interface RustTestModules {
  /** The files a test-only `mod x;` may be in (`x.rs`, `x/mod.rs` in the module directory). */
  files: string[];
  /** The directories of those modules (`x/`): every module under them is test-only too. */
  dirs: string[];
  /**
   * The files the same file declares as shipped modules (`mod x;` with no test-only cfg, and the
   * file a `#[path = "…"]` names): another file's test-only declaration of one leaves it built.
   */
  shipped: string[];
}

/**
 * The module files and directories a Rust file declares only for its tests. A module declared
 * both under `#[cfg(test)]` and without it (another `cfg` arm) is not test-only; a `#[path = "…"]`
 * module is not resolved (it is left in the walk). Only `mod x;` at the file's top level counts.
 *
 * @param file The declaring file's path (`/`-separated).
 * @param text Its source text.
 * @returns The files and directories, empty when the file declares none.
 * @example
 * rustTestModuleFiles('/c/src/lib.rs', '#[cfg(test)]\nmod tests;\n').files // ['/c/src/tests.rs', '/c/src/tests/mod.rs']
 */
export function rustTestModuleFiles(file: string, text: string): RustTestModules {
  const out: RustTestModules = { files: [], dirs: [], shipped: [] };
  const { tokens, match } = tokenizeRust(text);
  const testOnly = testOnlyTokens(tokens, match) ?? new Uint8Array(tokens.length);
  const [dir] = rustModuleDirs(file);
  const test = new Set<string>();
  const shipped = new Set<string>();
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type === 'op' && (t.value === '{' || t.value === '(' || t.value === '[')) depth++;
    else if (t.type === 'op' && (t.value === '}' || t.value === ')' || t.value === ']')) depth--;
    if (depth !== 0 || t.type !== 'ident' || t.value !== 'mod') continue;
    const name = tokens[k + 1];
    const end = tokens[k + 2];
    if (name?.type !== 'ident' || end?.type !== 'op' || end.value !== ';') continue;
    const pathed = pathAttribute(tokens, k);
    if (pathed !== undefined) {
      // A top-level `#[path]` is relative to the declaring file's directory.
      if (testOnly[k] !== 1 && pathed !== '') out.shipped.push(joinPath(dirname(file), pathed));
      continue;
    }
    (testOnly[k] === 1 ? test : shipped).add(name.value.replace(/^r#/, ''));
  }
  for (const name of shipped) out.shipped.push(...rustModuleCandidates([dir!], [name]));
  for (const name of test) {
    if (shipped.has(name)) continue;
    out.files.push(...rustModuleCandidates([dir!], [name]));
    out.dirs.push(`${dir === '/' ? '' : dir}/${name}`);
  }
  return out;
}

/** The `path = "…"` of the attributes right before the item at `k` (after `pub`, `pub(crate)`), or undefined. */
function pathAttribute(tokens: ReturnType<typeof tokenizeRust>['tokens'], k: number): string | undefined {
  let i = k - 1;
  if (tokens[i]?.type === 'op' && tokens[i]!.value === ')') {
    while (i >= 0 && !(tokens[i]!.type === 'op' && tokens[i]!.value === '(')) i--;
    i--;
  }
  if (tokens[i]?.type === 'ident' && tokens[i]!.value === 'pub') i--;
  // Walk back over `#[…]` attributes.
  while (i >= 0 && tokens[i]!.type === 'op' && tokens[i]!.value === ']') {
    let j = i;
    let depth = 0;
    for (; j >= 0; j--) {
      const v = tokens[j]!;
      if (v.type === 'op' && v.value === ']') depth++;
      else if (v.type === 'op' && v.value === '[' && --depth === 0) break;
    }
    if (tokens[j + 1]?.type === 'ident' && tokens[j + 1]!.value === 'path' && tokens[j + 2]?.value === '=') return tokens[j + 3]?.type === 'string' ? tokens[j + 3]!.value : '';
    i = j - 1;
    if (tokens[i]?.type === 'op' && tokens[i]!.value === '#') i--;
    else return undefined;
  }
  return undefined;
}
