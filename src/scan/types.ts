/**
 * Data types of the entitlement scanner: findings, pattern rows, claims and results.
 *
 * Findings are data (rule id + fields); prose is produced only by the renderers. Every finding
 * carries a stable rule `id` from one of the registries under `src/scan/patterns/` or
 * `src/scan/rules.ts`.
 *
 * @module
 */
import type { GoPackageFacts } from './go/go-value-types.ts';
import type { EntitlementFamily, Entitlements } from '../contract/types.ts';

/** The five lockfile families plus the informational `environment` family. */
export type ScanFamily = EntitlementFamily | 'environment';

/** Confidence of a heuristic finding. */
export type Confidence = 'low' | 'medium' | 'high';

/** Finding level, ordered note < warning < error. */
export type FindingLevel = 'note' | 'warning' | 'error';

/** What a finding is about. */
export type FindingKind = 'capability' | 'evasion' | 'not-analyzed' | 'violation' | 'surface';

/** Filesystem access direction (only for `filesystem` findings). */
export type FileAccess = 'read' | 'write';

/** One scanner finding. */
export interface ScanFinding {
  /** Stable rule id, e.g. `network.fetch`, `evasion.from-char-code`, `scan.not-analyzed`. */
  id: string;
  /** What kind of finding this is. */
  kind: FindingKind;
  /** Level after the scanner's policy (see docs/scan.md). */
  level: FindingLevel;
  /** Capability family (capability findings, violations). */
  family?: ScanFamily;
  /** Read or write (filesystem findings; absent when it cannot be told). */
  access?: FileAccess;
  /** Raw capability identifier, e.g. `fs.writeFile`, `fetch`, `child_process.exec`. */
  identifier?: string;
  /** Confidence (evasion and surface findings). */
  confidence?: Confidence;
  /** File the finding is in. */
  file?: string;
  /** One-based line. */
  line?: number;
  /** One-based column (UTF-16 code units). */
  column?: number;
  /** The source line (trimmed, at most 200 characters). */
  evidence?: string;
  /** Import chain from an entry file to `file` (both included); absent for an entry file itself. */
  chain?: string[];
  /** Extra facts: a decoded string, a reason, a violated claim. */
  detail?: string;
  /** Tool name (violations, surface findings, per-tool scans). */
  tool?: string;
  /** Action key (violations). */
  action?: string;
  /** Prompt name (surface findings on prompts). */
  prompt?: string;
  /** Field path for surface findings, e.g. `description`, `inputSchema.properties.path.description`. */
  field?: string;
  /** For violations: the ids of the findings that caused it. */
  causes?: string[];
}

/** How a pattern's raw identifier is formed. */
export type RawNaming = 'member' | 'module';

/** One capability pattern row: a stable id and what it matches. */
export interface CapabilityPattern {
  /** Stable id `<family-kebab>.<name>`, e.g. `filesystem.node-fs-write`. */
  id: string;
  /** Family reported. */
  family: ScanFamily;
  /** One-line description (docs, SARIF). */
  title: string;
  /** Source keys matched: a module source (`fs`, `child_process`, `axios`), `global`, `Deno`, `Bun`, `process`. */
  sources: readonly string[];
  /** Members matched (first path segment); absent = every member and bare references of the source. */
  members?: readonly string[];
  /** Filesystem access direction. */
  access?: FileAccess;
  /** Decide the access from the call's arguments (`fs.open` flags, `Deno.open` options). */
  accessFromArgs?: 'open-flags' | 'open-options';
  /** Only count a call whose first argument is a string literal (string timers). */
  requiresStringArgument?: boolean;
  /**
   * A call whose first argument is an object literal counts only when the literal may set this key
   * (`mammoth.extractRawText({ path })` reads the file; `({ buffer })` reads nothing); bytes built in
   * the call (`new Uint8Array(b)`, `Buffer.from(s)`) and, for `url`, a string that is no http(s) or
   * ftp URL set nothing; a spread, a computed key and any other argument (a variable, whose keys are
   * not seen) count.
   */
  literalOption?: string;
  /**
   * Per member, the methods through which the value it makes does nothing of the row: a value used
   * only through them, at once (`new Bun.Glob(p).match(s)`) or through a `const` it is bound to
   * whose every use calls one of them (`const g = new Bun.Glob(p); g.match(s)`), is no finding.
   * Any other use (`g.scan()`, `return g`, handed to a function) keeps the finding.
   */
  inertUses?: Readonly<Record<string, readonly string[]>>;
  /**
   * Id of a companion row (no sources of its own) reported beside this one when the call's first
   * argument may be a URL, by {@link literalOption}'s rule for `url` (a reader that takes a path or
   * a URL: `Jimp.read(src)`); an http(s) or ftp URL string leaves this row out (no file is read).
   */
  urlCompanion?: string;
  /**
   * Id of a companion row (no sources of its own) reported instead of this one when the call's
   * first argument is an http(s) URL the scan can read, whole or as a template's literal head
   * (`Deno.openKv(`https://api.deno.com/databases/${id}/connect`)` opens a remote database, no
   * file); any other argument, or none, keeps this row alone.
   */
  remoteWhenUrl?: string;
  /**
   * The call fetches nothing when an object literal among its arguments sets `key` to a local
   * location the scan can see (a string that is no URL of any scheme but file: and not
   * protocol-relative `//host/…`, a path made by Node's path module or fileURLToPath, a `const` bound to one)
   * and no spread after it may set it again (tesseract.js `createWorker('eng', 1, { langPath: './tessdata' })`).
   * For the members in `input`, whose first argument is also fetched when it is a URL, that
   * argument must be local too (`recognize(image, 'eng', { langPath })`).
   */
  localOption?: { key: string; input?: readonly string[] };
  /** The handle source a call returns (e.g. `fs-handle`), for bindings and chains. */
  returns?: string;
  /** Only these members' calls return the handle (all of the row's members when absent). */
  returnsFor?: readonly string[];
  /** Raw identifier: `member` → `<display>.<member>` (or `<member>` for globals), `module` → `<display>`. */
  raw: RawNaming;
  /**
   * Ids of companion rows (with no sources of their own) reported beside this one, at the same
   * site and with the same raw identifier, for a capability in two families (a browser
   * automation package starts a process and loads pages from the network).
   */
  also?: readonly string[];
}

/** A module specifier the scanner knows, mapped to a pattern source. */
export interface ModuleInfo {
  /** Pattern source key. */
  source: string;
  /** Name used in raw identifiers (`fs`, `child_process`, `axios`). */
  display: string;
}

/** An import seen in a file. */
export interface ImportRecord {
  /** The specifier as written (after folding constant expressions). */
  specifier: string;
  /** `relative` (followed), `package` (recorded by name), `builtin` (a runtime module). */
  kind: 'relative' | 'package' | 'builtin';
  /** Whether it was a type-only import (ignored for capabilities). */
  typeOnly: boolean;
  /** One-based line. */
  line: number;
  /** One-based column. */
  column: number;
  /**
   * Set for a script a worker or forked process runs (`new Worker(…)`, `fork(…)`): followed like
   * an import. `guess` when the path is a plain string, which the runtime resolves against the
   * working directory: it is looked for beside the file and skipped, not reported, when absent.
   */
  script?: 'exact' | 'guess';
  /**
   * JavaScript: the names a static `import { a, b as c } from '…'` imports (`a`, `b`), set only
   * when that is the whole import (no default, no namespace): the importer can reach nothing else
   * of the module.
   */
  names?: string[];
  /** JavaScript: `export * as N from '…'` re-exports the module as `N`. */
  namespaceExport?: string;
  /** JavaScript: `export * from '…'` (no `as`) re-exports every name of the module. */
  starExport?: true;
  /**
   * JavaScript: `module.exports = require('…')`: the file is that module (with `starExport`), or
   * with `wholePath` that member of it (`module.exports = cp.spawn`: `['spawn']`).
   */
  wholeExport?: true;
  /** JavaScript: the member of the module the file is whole (see `wholeExport`). */
  wholePath?: string[];
  /**
   * JavaScript: with `wholeExport`, the file's module.exports is a function that returns that
   * module (member) on every call (`module.exports = function () { return require('child_process') }`):
   * an importer's `require('./x')().spawn(…)` is `child_process.spawn`.
   */
  wholeCalled?: true;
  /**
   * JavaScript: `export { a, b as c, default as d } from '…'` re-exports those members of the
   * module, by exported name: `{ a: ['a'], c: ['b'], d: ['default'] }` (type-only names left out).
   */
  namedExports?: Record<string, string[]>;
  /**
   * JavaScript: names the file exports as functions that return this module (or a member of it)
   * on every call, nothing else in their body (`export function getFs() { return require('fs') }`,
   * `export const getCp = () => cp`, `exports.fs = function () { return fs; }`), each with that
   * member path: an importer's `getFs().writeFileSync(p)` is `fs.writeFileSync`.
   */
  calledExports?: Record<string, string[]>;
  /**
   * JavaScript: the module (its member `path`) is held under a key of an object the file exports
   * (`export const deps = { fs, cp: child_process }`, `module.exports.deps = { fs }`): `name` is the
   * exported name, then the keys down to it (`['deps', 'cp']`).
   */
  heldExports?: Array<{ name: string[]; path: string[] }>;
  /** JavaScript: the re-export fields were set by CommonJS forms (`exports.x = …`, `module.exports = …`). */
  commonJsExport?: true;
}

/** Result of scanning one source text. */
export interface SourceScan {
  /** File name given to {@link ScanSourceOptions}. */
  file: string;
  /** Capability, evasion and not-analyzed findings, in source order. */
  findings: ScanFinding[];
  /** Every import, export-from, require and literal `import()` in source order. */
  imports: ImportRecord[];
  /** Rust: the file's items, what each names, and which items own each finding (see {@link RustItems}). */
  rustItems?: RustItems;
  /**
   * Rust: `include!(concat!(env!("OUT_DIR"), "/gen.rs"))` sites, by the file name after `$OUT_DIR/`
   * (`gen.rs`), each also a `scan.not-analyzed` finding at that line and column: scanFiles reads the
   * package's build script for a fixed text it writes there (see `fixedOutDirWrites`).
   */
  rustOutDirIncludes?: Array<{ name: string; line: number; column: number }>;
  /**
   * Python: the top-level classes that keep the constructor of a library class whose row needs an
   * argument (`class Digits(MNIST): pass`): class name → the library class (`torchvision.datasets.MNIST`).
   */
  pythonKeptConstructors?: Record<string, string>;
  /**
   * JavaScript: the calls of a command-running package's functions (`execaCommand('curl …')`,
   * zx's `` $`…` ``: the package and member path in `PACKAGE_CALLS` or `TEMPLATE_CALLS` of
   * patterns/project-commands.ts), each at the callee's last name, whose finding is the package's
   * at its import: scanFiles reads the command each writes (see `callCommandFindings`).
   */
  packageCalls?: PackageCall[];
}

/** A call of a command-running package's function (see {@link SourceScan.packageCalls}). */
export interface PackageCall {
  /** The package and the member path called (`execa.execaCommand`, `zx.$`, `cross-spawn`). */
  identifier: string;
  line: number;
  column: number;
  evidence: string;
}

/**
 * A Rust file's items (functions, types with their `impl` blocks, constants, statics, traits,
 * macros), so that a file reached through a path (`crate::store::dir()`) counts only the items
 * reached, and what they name in turn.
 */
export interface RustItems {
  /** One entry per item; several may share a name (an `impl` block counts under its type's name). */
  items: RustItem[];
  /** Local paths and item names named outside any item (`use` declarations, top-level macros): reached with the file. */
  file: RustItemRefs;
  /** Local module paths the file imports with a glob (`use crate::store::*;`): their items that the file's {@link RustItemRefs.unresolved} names name are reached. */
  globs: string[];
  /** The file also imports a crate's path with a glob (`use rmcp::model::*;`): a type name no local module declares may come from it. */
  foreignGlobs?: boolean;
  /** Per capability finding (key `id|line|column|identifier`): the indexes of the items that own it; -1 is the file level. */
  owners: Record<string, number[]>;
  /** The modules the file declares `mod x;` without `pub` (their files count only the items reached). */
  privateMods?: string[];
  /** File-level `use` names bound to another crate's path (`use std::process;` → `process`: `std::process`): `crate::process::…` elsewhere is that path. */
  useAliases?: Record<string, string>;
  /** File-level `use` names bound to a path of the crate's own code (`pub use crate::b::process;` → `process`: `crate::b::process`), as the specifier of its import: followed to what that module binds. */
  localUseAliases?: Record<string, string>;
  /** File-level glob imports of another crate's path (`pub use std::process::*;` → `std::process`). */
  useGlobPaths?: string[];
}

/** What an item (or the file level) names. */
export interface RustItemRefs {
  /** Local path specifiers, as in the file's imports (`crate::store::dir`, `super::x`). */
  paths: string[];
  /** Names of items of the same file it names (a call, a type, a function taken as a value), as {@link RustItem.name}. */
  calls: string[];
  /**
   * Method names it calls on values (`.save(`): they may be any item's methods; `Type.save` when
   * the receiver's type is known (`self` in `impl Type`, a parameter `x: &Type`, `let x: Type`,
   * `let x = Type::new(…)`, `Type::new(…).save(`): only that type's impls and traits.
   */
  methods: string[];
  /**
   * Names called or used as a path's head (`run_git(…)`, `Runner::new()`) that no item of the file,
   * no named `use`, no binding in scope and no prelude name explains: in a file with a glob import
   * of a local module they name that module's items (recorded only in such files).
   */
  unresolved?: string[];
}

/** One Rust item. */
export interface RustItem extends RustItemRefs {
  /** The item's name, after the path of the inline modules it is in (`run`, `safe::run` in `mod safe { … }`). */
  name: string;
  /** An attribute other than derive, doc, lint, cfg and the like may make the item run or be called without its name written (`#[no_mangle]`, `#[ctor]`). */
  root?: true;
  /** Method names an `impl` or `trait` block defines. */
  defines: string[];
}

/** Options of `scanSource`. */
export interface ScanSourceOptions {
  /** File name (used in findings and to pick JSX/TS handling by extension). */
  file: string;
  /**
   * The file's import map (Deno's `deno.json` `"imports"`): a bare specifier it maps
   * (`"$": "jsr:@david/dax@^0.42"`, `"std/": "https://deno.land/std@0.224.0/"`) is looked up
   * as its target. Keys ending in `/` map prefixes.
   */
  importMap?: Readonly<Record<string, string>>;
  /**
   * Go: the module paths whose packages are the file's own code (its `go.mod` module, modules
   * replaced with a directory, a `go.work`'s other modules). Importing one of them is no package
   * capability (gin's own `github.com/gin-gonic/gin/render` is not "imports an HTTP server
   * framework"): `scanFiles` follows the import and scans those files instead.
   */
  goLocalModules?: readonly string[];
  /**
   * Go: what the other files of the file's package declare at package level (struct types, fields,
   * methods, function and method result types; `goPackageFacts` makes them), so that a value made
   * by a function of another file (`p := newParser()` with `newParser` in parser.go) has its type.
   */
  goPackage?: GoPackageFacts;
  /**
   * Rust: the dependencies the nearest `Cargo.toml` renames, by the name the code uses
   * (`http = { package = "reqwest" }` makes `http::get` mean `reqwest::get`), and the package's own
   * crate names mapped to `crate` (a binary naming its library, `my_server::tools::run`, names
   * local code, not a crate).
   */
  /** Rust: the directory of the file's Cargo.toml (a compile-time include of a file outside it is a read of that file). */
  rustPackageDir?: string;
  rustCrateRenames?: Readonly<Record<string, string>>;
  /** Rust: the names (as code writes them) of path dependencies that scanFiles follows: their paths are local imports `crate@name::…`. */
  rustPathCrates?: readonly string[];
  /**
   * Rust: local path prefixes (as the file's imports spell them, `crate::process`) that another
   * file of the crate binds by a `use` to another crate's path (`std::process`): a path through
   * them is that path (`crate::process::Command::new` is `std::process::Command`).
   */
  rustPathAliases?: Readonly<Record<string, string>>;
  /**
   * Python: the top-level packages the file itself belongs to on disk (`paramiko` for
   * `paramiko/transport.py`). An absolute import of one of them (`from paramiko.util import x`)
   * is the package's own module, bound like a relative import: no package row matches it.
   */
  pythonOwnPackages?: readonly string[];
  /**
   * Python: classes imported from local modules that keep a library class's constructor, by the
   * import as recorded (`from .data import Digits`) → the library class (`torchvision.datasets.MNIST`):
   * the imported name is bound as that class, so `Digits(root, download=True)` downloads here.
   */
  pythonImportedClasses?: Readonly<Record<string, string>>;
  /**
   * Python: local modules imported whole that define such classes, by the import as recorded
   * (`pkg.data` for `import pkg.data` or `import pkg.data as d`, `from . import data`) → each class
   * name → the library class: `pkg.data.Digits(…)`, `d.Digits(…)` and `data.Digits(…)` are that class.
   */
  pythonImportedModuleClasses?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * JavaScript: names a relative import's file re-exports from a module with `export * from`, by
   * the import's specifier as written and the name: `{ './lib.js': { writeFile: 'node:fs/promises' } }`
   * binds `import { writeFile } from './lib.js'` as that module's `writeFile`, a write.
   */
  localMembers?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * JavaScript: modules and members a relative import's file re-exports by name (a barrel:
   * `export * as fsp from 'node:fs/promises'`, `export { default as http } from 'ky'`,
   * `exports.fsx = require('fs-extra')`), by the import's specifier as written and the exported
   * name, the member path empty for a module whole: `{ './lib.js': { fsp: { module:
   * 'node:fs/promises', path: [] }, http: { module: 'ky', path: ['default'] } } }` binds `import {
   * fsp, http } from './lib.js'` (or `const { fsp } = require('./lib.js')`, `lib.fsp` of a
   * namespace import or a whole require) as those, so `fsp.writeFile(…)` is a write there, as for a
   * direct import. The name `*` is the one module the file is whole (`module.exports = require('fs-extra')`).
   * An exported object holding modules (`export const deps = { fs }`) has `holds` (its module '').
   */
  localNamedExports?: Readonly<Record<string, Readonly<Record<string, LocalNamedExport>>>>;
}

/**
 * A member a local file re-exports by name (`export { default as http } from 'ky'`): the module's
 * specifier as that file writes it and the member's path in it (`['default']`); or an object the
 * file exports holding such members under its keys (`holds`, with `module` '' and `path` empty).
 */
export interface LocalNamedExport {
  module: string;
  path: readonly string[];
  holds?: Readonly<Record<string, LocalNamedExport>>;
  /** The name is a function whose every call returns that module (member): see `ImportRecord.calledExports`. */
  called?: true;
}

/**
 * Reads one file: returns its text, or `undefined` when it does not exist. Any other failure
 * should throw; the scanner turns it into a `scan.not-analyzed` finding.
 */
export type ReadSource = (path: string) => string | undefined | Promise<string | undefined>;

/** Maps a relative import to candidate file paths, in the order to try them. */
export type ResolveImport = (specifier: string, fromFile: string) => string[];

/** Options of `scanFiles`. */
export interface ScanFilesOptions {
  /** Reads a file (injected I/O). */
  readSource: ReadSource;
  /** Candidate paths for a relative import; default: `importCandidates`. */
  resolve?: ResolveImport;
  /** Follow relative imports (default true). */
  followImports?: boolean;
  /**
   * Reads and per-file scans shared between calls (`createScanCache()`): tools whose handlers
   * import the same files (one bundle behind 32 tools) scan each file once per run. Only for
   * files that do not change between the calls.
   */
  cache?: ScanCache;
}

/** What {@link ScanFilesOptions.cache} keeps: file reads and per-file scan results, by path. */
export interface ScanCache {
  readonly reads: Map<string, unknown>;
  readonly scans: Map<string, unknown>;
}

/** Result of scanning a set of entry files and everything they import relatively. */
export interface FilesScan {
  /** Files scanned, in the order they were reached. */
  files: string[];
  /** All findings. */
  findings: ScanFinding[];
  /** Package (bare) and builtin specifiers imported by any scanned file, sorted, unique. */
  packages: string[];
}

/** Claims for one action of a tool. */
export interface ActionClaims {
  /** The action is declared read-only. */
  readOnly?: boolean;
  /** The action is declared destructive. */
  destructive?: boolean;
}

/** Claims for one tool: what its handlers are allowed to do. */
export interface ToolClaims {
  /** Tool-level readOnly (used when no actions are given). */
  readOnly?: boolean;
  /** Tool-level destructive (used when no actions are given). */
  destructive?: boolean;
  /** Per-action claims; each action is checked against the tool's findings. */
  actions?: Record<string, ActionClaims>;
  /** Accepted families (`network`, `codeEvaluation`, ...) or finding ids (`evasion.from-char-code`). */
  allow?: readonly string[];
}

/** One tool's entry in the per-tool scan map. */
export interface ToolScanEntry extends ToolClaims {
  /** Handler source files of the tool. */
  handlers: readonly string[];
}

/** Result of scanning one tool. */
export interface ToolScan {
  /** Tool name. */
  tool: string;
  /** Entitlements for the lockfile. */
  entitlements: Entitlements;
  /** Capability, evasion and not-analyzed findings of the tool's handlers (tool set). */
  findings: ScanFinding[];
  /** Violations of the tool's claims. */
  violations: ScanFinding[];
  /** Files that could not be analyzed (the entitlements are then a lower bound). */
  notAnalyzed: string[];
  /** Files scanned. */
  files: string[];
  /** Whether a high-confidence evasion was found (the tool is unsafe). */
  unsafe: boolean;
}
