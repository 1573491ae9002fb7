/**
 * Rust files, modules and manifests: which files are Rust, which files a module path of the
 * crate's own code may live in (`mod tools;` in `src/main.rs` is `src/tools.rs` or
 * `src/tools/mod.rs`; `crate::util::run` is under `src/util…`), and what a `Cargo.toml` says about
 * the names the code uses (dependencies renamed with `package = "…"`, the package's own crate
 * names). Pure text and path arithmetic on `/`-separated paths.
 *
 * @module
 */
import { dirname, extensionOf } from '../import-candidates.ts';

/** Extensions the scanner reads as Rust. */
export const RUST_EXTENSIONS: readonly string[] = ['.rs'];

/**
 * Whether a file is Rust (a `.rs` extension).
 *
 * @param file The file name.
 * @returns True for Rust.
 * @example
 * isRustFile('src/tools/search.rs') // true
 */
export function isRustFile(file: string): boolean {
  return RUST_EXTENSIONS.includes(extensionOf(file));
}

/** File names that own their directory as a module (`mod x;` in them is `./x.rs`). */
const DIRECTORY_OWNERS = new Set(['main.rs', 'lib.rs', 'mod.rs', 'build.rs']);

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The directory holding a file's child modules: its own directory for `main.rs`, `lib.rs` and
 * `mod.rs`, else the directory named after it (`src/tools.rs` → `src/tools`).
 *
 * @param file The file's path.
 * @returns The directory, and for a file that is not a directory owner its own directory too (a
 *   crate root such as `src/bin/x.rs` or `examples/x.rs` keeps its modules beside it).
 * @example
 * rustModuleDirs('/s/src/tools.rs') // ['/s/src/tools', '/s/src']
 */
export function rustModuleDirs(file: string): string[] {
  const dir = dirname(file);
  const name = baseName(file);
  if (DIRECTORY_OWNERS.has(name)) return [dir];
  return [`${dir === '/' ? '' : dir}/${name.slice(0, -3)}`, dir];
}

/**
 * The files a module path below `dirs` may be in, longest path first: `a::b::c` is `a/b/c.rs`,
 * `a/b/c/mod.rs`, then `a/b.rs` (c an item of b), and so on.
 *
 * @param dirs Directories the path starts in (in order of preference).
 * @param segments Module path segments.
 * @returns Candidate file paths.
 * @example
 * rustModuleCandidates(['/s/src'], ['util', 'run']) // ['/s/src/util/run.rs', '/s/src/util/run/mod.rs', '/s/src/util.rs', '/s/src/util/mod.rs']
 */
export function rustModuleCandidates(dirs: readonly string[], segments: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = segments.length; k >= 1; k--) {
    const rel = segments.slice(0, k).join('/');
    for (const dir of dirs) {
      const base = `${dir === '/' ? '' : dir}/${rel}`;
      out.push(`${base}.rs`, `${base}/mod.rs`);
    }
  }
  return out;
}

/**
 * The item path a module path names in the file it resolved to: the segments after the part the
 * file's path spells (`store::dir` in `src/store.rs` is `dir`; `store::write::append` in
 * `src/store/write.rs` is `append`; `util::safe::run` in `src/util.rs` is `safe::run`, an item of
 * an inline module; `store::Store::new` is `Store::new`, whose longest prefix naming an item
 * decides), the whole path for a crate root or parent module file, undefined when the path names
 * the file's module itself.
 *
 * @param target The file the path resolved to.
 * @param rest The path's segments after `crate`, `self` or `super`.
 * @returns The item path, or undefined.
 * @example
 * rustItemAfter('/s/src/util.rs', ['util', 'safe', 'run']) // 'safe::run'
 */
export function rustItemAfter(target: string, rest: readonly string[]): string | undefined {
  for (let k = rest.length; k >= 1; k--) {
    const rel = rest.slice(0, k).join('/');
    if (target.endsWith(`/${rel}.rs`) || target.endsWith(`/${rel}/mod.rs`)) return rest.length > k ? rest.slice(k).join('::') : undefined;
  }
  return rest.length > 0 ? rest.join('::') : undefined;
}

/** The facts of a `Cargo.toml` the scanner uses. */
export interface CargoFacts {
  /** Name used in code → crate it stands for (`_` for `-`); own crate names map to `crate`. */
  renames: Record<string, string>;
  /** The source files the manifest names as its library's and binaries' roots (`[lib] path`, `[[bin]] path`), as written. */
  targets: string[];
  /** `[lib] path` alone, as written (a path dependency's root file). */
  lib?: string;
  /** `[package] build`: the build script's path as written, or false when turned off (default `build.rs` when it exists). */
  build?: string | false;
  /** Path dependencies (`helper = { path = "../helper" }`, not dev-dependencies): name used in code → directory as written. */
  pathDeps: Record<string, string>;
  /** The manifest has a `[workspace]` table (a workspace root). */
  workspace: boolean;
}

/** TOML basic-string escapes (`\\`, `\"`, `\n`, `\u0062`, `\U00000062`) as TOML reads them; undefined for one TOML refuses. */
function unescapeBasic(raw: string): string | undefined {
  const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\x1b' };
  let bad = false;
  const out = raw.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (_, u: string | undefined, U: string | undefined, c: string | undefined) => {
    const hex = u ?? U;
    if (hex !== undefined) {
      const code = parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) bad = true;
      return bad ? '' : String.fromCodePoint(code);
    }
    if (c === undefined || !Object.hasOwn(simple, c)) bad = true;
    return bad ? '' : simple[c!]!;
  });
  return bad ? undefined : out;
}

/**
 * A TOML string value at the start of `value`: a basic `"…"` (its escapes read) or a literal `'…'`,
 * as Cargo reads `build = 'tools/gen.rs'` or `path = "src/r\u006Fot.rs"`: `[whole, string]`, or null.
 */
function tomlString(value: string): [string, string] | null {
  const m = /^(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')/.exec(value);
  if (m === null) return null;
  const text = m[2] ?? unescapeBasic(m[1]!);
  return text === undefined || text === '' ? null : [m[0], text];
}

/** The TOML string of `key = …` inside an inline table (`{ path = '../helper', … }`), as {@link tomlString}. */
function inlineString(value: string, key: 'path' | 'package'): [string, string] | null {
  const at = (key === 'path' ? /(?:^|[{,\s])path\s*=\s*/ : /(?:^|[{,\s])package\s*=\s*/).exec(value);
  return at === null ? null : tomlString(value.slice(at.index + at[0].length));
}

/**
 * Read the renamed dependencies (`http = { package = "reqwest", … }`, or a `[dependencies.http]`
 * table with `package = "reqwest"`) of every dependency table, and the package's own crate names
 * (`[package] name`, `[lib] name`, which a binary of the package uses for its library), and the
 * paths of its library and binary targets (`[lib] path`, `[[bin]] path`).
 *
 * @param text The manifest's text.
 * @returns The names to map.
 * @example
 * readCargoFacts('[package]\nname = "my-server"\n[dependencies]\nhttp = { package = "reqwest" }\n').renames // { my_server: 'crate', http: 'reqwest' }
 */
export function readCargoFacts(text: string): CargoFacts {
  const renames: Record<string, string> = Object.create(null) as Record<string, string>;
  let table = '';
  let dependencyTable: string | undefined;
  const targets: string[] = [];
  const pathDeps: Record<string, string> = Object.create(null) as Record<string, string>;
  let lib: string | undefined;
  let build: string | false | undefined;
  let workspace = false;
  const crateName = (s: string): string => s.replace(/-/g, '_');
  const runtimeDependencies = (t: string): boolean => /(?:^|\.)(?:build-)?dependencies$/.test(t);
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+/, '');
    if (line.startsWith('#') || line === '') continue;
    // `[[bin]]`: an array of tables, one per binary.
    const array = /^\[\[\s*([^\]]+?)\s*\]\]\s*(?:#.*)?$/.exec(line);
    if (array !== null) {
      table = `[${array[1]!.replace(/\s+/g, '')}]`;
      dependencyTable = undefined;
      continue;
    }
    const header = /^\[\s*([^\]]+?)\s*\]\s*(?:#.*)?$/.exec(line);
    if (header !== null) {
      table = header[1]!.replace(/\s+/g, '');
      if (table === 'workspace' || table.startsWith('workspace.')) workspace = true;
      const dotted = /(?:^|\.)(?:dev-|build-)?dependencies\.("?)([A-Za-z0-9_-]+)\1$/.exec(table);
      dependencyTable = dotted === null ? undefined : crateName(dotted[2]!);
      continue;
    }
    const entry = /^("?)([A-Za-z0-9_-]+)\1\s*=\s*(.*)$/.exec(line);
    if (entry === null) continue;
    const key = entry[2]!;
    const value = entry[3]!;
    if ((table === 'lib' || table === '[bin]') && key === 'path') {
      const path = tomlString(value);
      if (path !== null) targets.push(path[1]!);
      if (path !== null && table === 'lib') lib = path[1]!;
    } else if (table === 'package' && key === 'build') {
      const path = tomlString(value);
      if (path !== null) build = path[1]!;
      else if (/^false\b/.test(value)) build = false;
    } else if ((table === 'package' || table === 'lib') && key === 'name') {
      const name = tomlString(value);
      if (name !== null) renames[crateName(name[1]!)] = 'crate';
    } else if (dependencyTable !== undefined && key === 'package') {
      const name = tomlString(value);
      if (name !== null && crateName(name[1]!) !== dependencyTable) renames[dependencyTable] = crateName(name[1]!);
    } else if (dependencyTable !== undefined && key === 'path' && runtimeDependencies(table.slice(0, table.lastIndexOf('.')))) {
      const path = tomlString(value);
      if (path !== null) pathDeps[dependencyTable] = path[1]!;
    } else if (/(?:^|\.)(?:dev-|build-)?dependencies$/.test(table)) {
      const pkg = inlineString(value, 'package');
      if (pkg !== null && crateName(pkg[1]!) !== crateName(key)) renames[crateName(key)] = crateName(pkg[1]!);
      const path = inlineString(value, 'path');
      if (path !== null && runtimeDependencies(table)) pathDeps[crateName(key)] = path[1]!;
    }
  }
  return { renames, targets, pathDeps, workspace, ...(lib !== undefined ? { lib } : {}), ...(build !== undefined ? { build } : {}) };
}
