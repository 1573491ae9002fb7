/**
 * Lookup over the Rust capability rows: a path (`['std', 'fs', 'File', 'open']`) to its member row
 * (the longest source followed by a listed member) and to the crate or module row it falls under
 * (the longest matching prefix, or a crate-name prefix such as `aws_sdk_*`). Kept apart from the
 * other languages' indexes: Rust's `std::fs` never matches Node's `fs`.
 *
 * @module
 */
import { RUST_PATTERNS, type RustPattern } from '../patterns/rust-capabilities.ts';
import { indexRowsBySource } from '../row-index.ts';

const MODULES = new Map<string, RustPattern>();
const CRATE_PREFIXES: Array<[string, RustPattern]> = [];
for (const pattern of RUST_PATTERNS) {
  if (pattern.raw !== 'module') continue;
  for (const source of pattern.sources) {
    if (source.endsWith('*')) {
      CRATE_PREFIXES.push([source.slice(0, -1), pattern]);
      continue;
    }
    if (MODULES.has(source)) throw new Error(`Rust path "${source}" is in two patterns`);
    MODULES.set(source, pattern);
  }
}
const MEMBERS = indexRowsBySource(RUST_PATTERNS.filter((p) => p.raw !== 'module'), 'Rust');

/** Every Rust row by id. */
export const RUST_PATTERN_BY_ID: ReadonlyMap<string, RustPattern> = new Map(RUST_PATTERNS.map((p) => [p.id, p]));

/** A row a path matched. */
export interface RustResolution {
  pattern: RustPattern;
  /** Raw capability identifier for the lockfile (`std::fs::write`, `reqwest`). */
  raw: string;
  /** How many segments of the path the match used. */
  length: number;
}

/**
 * The member row of a path: a source that is a prefix of it, followed by a listed member.
 *
 * @param path Path segments.
 * @returns The row, the raw identifier `<source>::<member>`, or undefined.
 * @example
 * resolveRustMember(['std', 'process', 'Command', 'new'])?.raw // 'std::process::Command'
 */
export function resolveRustMember(path: readonly string[]): RustResolution | undefined {
  for (let k = path.length - 1; k >= 1; k--) {
    const source = path.slice(0, k).join('::');
    const pattern = MEMBERS.get(source)?.members.get(path[k]!);
    if (pattern !== undefined) return { pattern, raw: `${source}::${path[k]}`, length: k + 1 };
  }
  return undefined;
}

/**
 * The crate or module row a path falls under: the longest prefix that is a row's source, or a
 * crate-name prefix row for the first segment.
 *
 * @param path Path segments.
 * @returns The row with the matched prefix as raw identifier, or undefined.
 * @example
 * resolveRustModule(['reqwest', 'Client', 'new'])?.raw // 'reqwest'
 */
export function resolveRustModule(path: readonly string[]): RustResolution | undefined {
  for (let k = path.length; k >= 1; k--) {
    const prefix = path.slice(0, k).join('::');
    const pattern = MODULES.get(prefix);
    if (pattern !== undefined) return { pattern, raw: prefix, length: k };
  }
  const crate = path[0] ?? '';
  for (const [start, pattern] of CRATE_PREFIXES) if (crate.startsWith(start) && crate.length > start.length) return { pattern, raw: crate, length: 1 };
  return undefined;
}

/**
 * The member rows reachable through a module path (`std::process` reaches `std::process::Command`;
 * `std::fs` reaches `std::fs::write` and `std::fs::File::open`): what a re-export of the whole
 * module (`pub use std::process::*;`, `pub use std::fs as fsx;`) hands on. One row per family
 * (the first in source order), as for a module object handed on in the other languages.
 *
 * @param path Module path segments.
 * @returns The rows, each with its first raw identifier, in source order.
 * @example
 * rustRowsUnder(['std', 'process']).map((r) => r.pattern.family) // ['subprocess']
 */
export function rustRowsUnder(path: readonly string[]): RustResolution[] {
  const prefix = path.join('::');
  const seen = new Set<string>();
  const out: RustResolution[] = [];
  for (const [source, entry] of MEMBERS) {
    if (source !== prefix && !source.startsWith(`${prefix}::`)) continue;
    for (const [member, pattern] of entry.members) {
      if (seen.has(pattern.family)) continue;
      seen.add(pattern.family);
      out.push({ pattern, raw: `${source}::${member}`, length: path.length });
    }
  }
  return out;
}
