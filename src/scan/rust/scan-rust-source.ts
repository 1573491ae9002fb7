/**
 * `scanRustSource(text, { file })`: the scanner for one Rust text, with the same result as the
 * other scanners (`SourceScan`). Pure: no I/O.
 *
 * One tokenizer pass (`rust-tokenize.ts`), the `use` declarations (`rust-uses.ts`), then one walk
 * over the tokens: every path (`std::fs::write`, `Cmd::new` through `use … as Cmd`, a bare name a
 * `use` binds, `::std::process::Command`) is expanded through the file's `use` bindings and looked
 * up in the Rust rows (`patterns/rust-capabilities.ts`); a path whose first segment no `use` binds
 * is taken as written (a crate name: Rust needs no `use` for it), unless the file declares a module
 * of that name (`mod config;`). Names inside comments and strings are never paths, a method
 * `x.write()` is never `std::fs::write`, and tokens inside macro invocations are read like any
 * others (so `tokio::spawn(async { Command::new("sh") })` and `quote! { … }` count alike, while
 * `include_str!("x")`, a compile-time read, names no row). A crate row counts at each `use` that
 * names the crate and at each path written out from the crate; a member a `use` imports and the
 * file never uses is reported at the `use`. A text the tokenizer cannot follow gets a
 * `scan.not-analyzed` finding, never a clean result.
 *
 * @module
 */
import type { Confidence, FileAccess, ImportRecord, RustItem, ScanFinding, ScanSourceOptions, SourceScan } from '../types.ts';
import { tokenizeRust, type RustLexResult, type RustToken } from './rust-tokenize.ts';
import { readRustUses, type RustUse, type RustUses } from './rust-uses.ts';
import { itemEnd, testOnlyTokens } from './rust-test-code.ts';
import { RUST_PATTERN_BY_ID, resolveRustMember, resolveRustModule, rustRowsUnder, type RustResolution } from './rust-index.ts';
import { RUST_PATTERNS } from '../patterns/rust-capabilities.ts';
import { dirname, joinPath } from '../import-candidates.ts';

/** Variables Cargo sets for every build (and rustc's own): what env! of them reads is no capability. */
const CARGO_BUILD_VARIABLE = /^(?:CARGO(?:_.*)?|OUT_DIR|TARGET|HOST|PROFILE|OPT_LEVEL|DEBUG|NUM_JOBS|RUSTC(?:_.*)?|RUSTDOC|RUSTFLAGS|DEP_.*|__CARGO_.*)$/;
/** Link sections that hold code (ELF, Mach-O, PE). */
const CODE_SECTION = /^(?:\.text(?:\..*)?|\.init|\.fini|__TEXT,__text|\.text\$.*|\.?code)$/i;
/** Where the symbol a foreign function declares is looked up: the C library, then the Windows API. */
const FOREIGN_SOURCES: readonly (readonly string[])[] = [['libc'], ['windows_sys', 'Win32', 'System', 'Threading'], ['windows_sys', 'Win32', 'UI', 'Shell']];
import { NOT_ANALYZED_ID } from '../scan-source.ts';
import { FindingSet, lexProblemDetail, type FindingPlace } from '../finding-set.ts';
import { evidenceLine } from '../token-helpers.ts';
import { ENTROPY_MIN_LENGTH, highEntropyOf } from '../literal-heuristics.ts';
import { ESCAPE_DENSITY_HIGH, ESCAPE_DENSITY_THRESHOLD } from '../patterns/evasion.ts';
import { codePointLabel } from '../../format/reveal-hidden.ts';

/**
 * The bindings a method receiver is looked up in, scoped like Rust's: a block's names end with it,
 * a later binding of a name hides an earlier one, and a fn body does not see the bindings around it.
 * A name maps to its type, or null when the code does not say it (the lookup is then conservative).
 */
class RustBindings {
  private readonly frames: { close: number; names: Map<string, string | null>; fn: boolean }[] = [{ close: -1, names: new Map(), fn: true }];
  /** Names a block starts with (a fn's parameters, an `if let` / `for` / closure pattern), by its `{`. */
  private readonly blocks = new Map<number, { names: Map<string, string | null>; fn: boolean }>();
  /** Names bound in the enclosing block from a token on (a `let` at its `;`, a match arm at its start). */
  private readonly from = new Map<number, Map<string, string | null>>();

  constructor(private readonly match: Int32Array) {}

  startsBlock(open: number, names: ReadonlyMap<string, string | null>, fn: boolean): void {
    const block = this.blocks.get(open);
    if (block === undefined) this.blocks.set(open, { names: new Map(names), fn });
    else for (const [name, type] of names) block.names.set(name, type);
  }

  bindAt(k: number, names: ReadonlyMap<string, string | null>): void {
    const known = this.from.get(k);
    if (known === undefined) this.from.set(k, new Map(names));
    else for (const [name, type] of names) known.set(name, type);
  }

  /** Step to token `k`: bind what takes effect there, enter or leave a block. */
  at(k: number, t: RustToken): void {
    const names = this.from.get(k);
    if (names !== undefined) for (const [name, type] of names) this.frames[this.frames.length - 1]!.names.set(name, type);
    if (t.type !== 'op') return;
    if (t.value === '{') {
      const close = this.match[k] ?? -1;
      if (close <= k) return;
      const block = this.blocks.get(k);
      this.frames.push({ close, names: block?.names ?? new Map(), fn: block?.fn ?? false });
    } else if (t.value === '}' && this.frames.length > 1 && this.frames[this.frames.length - 1]!.close === k) this.frames.pop();
  }

  /** Whether `name` is bound (a parameter, a `let`, a pattern) where the walk is, in its function. */
  bound(name: string): boolean {
    for (let f = this.frames.length - 1; f >= 0; f--) {
      const frame = this.frames[f]!;
      if (frame.names.has(name)) return true;
      if (frame.fn) return false;
    }
    return false;
  }

  /** The type of `name` where the walk is; undefined when not known. */
  typeOf(name: string): string | undefined {
    for (let f = this.frames.length - 1; f >= 0; f--) {
      const frame = this.frames[f]!;
      const type = frame.names.get(name);
      if (type !== undefined) return type ?? undefined;
      if (frame.fn) return undefined;
    }
    return undefined;
  }
}

/** Keywords that start a named item (`impl` is named after its type). */
const ITEM_KEYWORDS = new Set(['fn', 'struct', 'enum', 'union', 'trait', 'type', 'const', 'static', 'impl', 'macro_rules']);
/** Associated functions that make a value of their type, by Rust's conventions (`T::new`, `T::default`, `T::from`, `T::with_capacity`). */
const CONSTRUCTOR = /^(?:new|default|from|with_\w+|new_\w+)$/;
/**
 * Attributes that change nothing about whether an item runs: any other (`#[no_mangle]`, `#[ctor]`,
 * `#[pyfunction]`, `#[tool_router]`, a route macro) makes it a root of a private module's file.
 */
const INERT_ATTRIBUTES = new Set(['derive', 'doc', 'allow', 'warn', 'deny', 'forbid', 'expect', 'cfg', 'cfg_attr', 'inline', 'must_use', 'deprecated', 'serde', 'non_exhaustive', 'repr', 'cold', 'track_caller', 'rustfmt', 'clippy', 'automatically_derived', 'diagnostic', 'schemars', 'error']);
/** How deep inline modules are read for items. */
const MAX_MODULE_DEPTH = 16;

/**
 * Names of Rust's prelude, primitive types and keywords that start a path or a call without any
 * `use` (`Some(x)`, `String::from`, `u8::MAX`, `Self::new`): never an item a glob brings in.
 */
const PRELUDE = new Set([
  'Some', 'None', 'Ok', 'Err', 'Box', 'Vec', 'String', 'Option', 'Result', 'drop', 'Default', 'Clone', 'Copy', 'Send', 'Sync', 'Sized', 'Unpin',
  'Iterator', 'IntoIterator', 'DoubleEndedIterator', 'ExactSizeIterator', 'Extend', 'FromIterator', 'ToString', 'ToOwned', 'From', 'Into',
  'TryFrom', 'TryInto', 'AsRef', 'AsMut', 'Fn', 'FnMut', 'FnOnce', 'Drop', 'Eq', 'PartialEq', 'Ord', 'PartialOrd', 'Debug', 'Hash',
  'bool', 'char', 'str', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'f32', 'f64',
  'self', 'Self', 'super', 'crate', 'std', 'core', 'alloc', 'if', 'match', 'while', 'for', 'loop', 'return', 'in', 'as', 'move', 'async', 'await', 'unsafe', 'dyn', 'impl', 'where', 'mut', 'ref', 'let', 'fn', 'pub', 'use', 'mod', 'else', 'break', 'continue', 'type', 'struct', 'enum', 'trait', 'const', 'static',
]);

/** Path roots that name the crate's own code. */
const LOCAL_ROOTS = new Set(['crate', 'self', 'super', 'Self']);
/** A path dependency's crate as the scanner renames it (`helper` → `crate@helper`): local code of another crate, followed. */
const PATH_CRATE = 'crate@';
/** Whether the head of an expanded path is local code: this crate's (`crate`, `self`, …) or a path dependency's. */
const isLocalRoot = (head: string): boolean => LOCAL_ROOTS.has(head) || head.startsWith(PATH_CRATE);
/** Keywords after which a name is declared, not used (`fn write(`, `let open =`). */
const DECLARING = new Set(['fn', 'let', 'mut', 'struct', 'enum', 'union', 'trait', 'type', 'const', 'static', 'mod', 'macro_rules', 'ref']);
/** Standard crates: their paths are `builtin` imports. */
const STD_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);
/** OpenOptions calls that allow writing (`.write(true)`, `.create(true)`, …). */
const WRITE_OPTIONS = new Set(['write', 'append', 'create', 'create_new', 'truncate']);
/**
 * Every row source and every path leading to one (`std`, `std::process`, `libc`, `nix::sys`), for
 * the scanner's macroPath; a crate-prefix source (`aws_sdk_*`) counts without its `*`.
 */
const ROW_PATH_PREFIXES: ReadonlySet<string> = new Set(
  RUST_PATTERNS.flatMap((p) => p.sources.flatMap((source) => {
    const parts = source.replace(/\*$/, '').split('::').filter((x) => x !== '');
    return parts.map((_, k) => parts.slice(0, k + 1).join('::'));
  })),
);

/** The row sources themselves (`libc`, `std::fs`): a metavariable after one picks a member. */
const ROW_SOURCES: ReadonlySet<string> = new Set(RUST_PATTERNS.flatMap((p) => p.sources));

/** Member rows that are macros (`pyo3::py_run!`, `std::arch::asm!`): a macro name is otherwise a different namespace from a function's. */
const MACRO_MEMBERS = new Set(['py_run', 'asm', 'global_asm', 'naked_asm']);
/** pyo3 methods that run Python source given as their first argument. */
const PYO3_RUN_METHODS = new Set(['run', 'eval', 'run_bound', 'eval_bound']);

/**
 * The key of a finding in {@link RustItems.owners}.
 *
 * @param finding A finding.
 * @returns `id|line|column|identifier`.
 * @example
 * rustFindingKey({ id: 'a', line: 1, column: 2, identifier: 'x' } as ScanFinding) // 'a|1|2|x'
 */
export function rustFindingKey(finding: ScanFinding): string {
  return `${finding.id}|${finding.line}|${finding.column}|${finding.identifier ?? ''}`;
}

/**
 * Scan one Rust source text.
 *
 * @param text The file's text.
 * @param options `file`: the name used in findings; `rustCrateRenames`: Cargo.toml dependency renames.
 * @returns Findings (capabilities, environment, evasion, not-analyzed) and every crate and module the file names.
 * @example
 * scanRustSource('use std::process::Command as Cmd;\nfn f() { Cmd::new("ls"); }\n', { file: 'h.rs' }).findings[0].identifier // 'std::process::Command'
 */
export function scanRustSource(text: string, options: ScanSourceOptions): SourceScan {
  // A path dependency (`helper = { path = "helper" }`) is local code of another crate: its paths
  // (`helper::run(…)`, `use helper::run;`) are recorded as `crate@helper::run` for scanFiles to follow.
  let renames: Readonly<Record<string, string>> = options.rustCrateRenames ?? {};
  if (options.rustPathCrates !== undefined && options.rustPathCrates.length > 0) {
    const withPaths: Record<string, string> = { ...renames };
    for (const name of options.rustPathCrates) withPaths[name] = `${PATH_CRATE}${name}`;
    renames = withPaths;
  }
  return new RustScanner(text, options.file, tokenizeRust(text), renames, options.rustPathAliases ?? {}, options.rustPackageDir).run();
}

class RustScanner {
  private readonly tokens: RustToken[];
  private readonly match: Int32Array;
  private readonly uses: RustUses;
  private readonly findings = new FindingSet();
  /** `include!(concat!(env!("OUT_DIR"), "/x.rs"))` sites (see {@link SourceScan.rustOutDirIncludes}). */
  private readonly outDirIncludes: NonNullable<SourceScan['rustOutDirIncludes']> = [];
  /** Modules the file declares (`mod config;`, `mod util { … }`): a path from one is local. */
  private readonly localModules = new Set<string>();
  /** `use` declarations through which a reference was reported. */
  private readonly usedUses = new Set<RustUse>();
  /** Test-only tokens (`#[cfg(test)]`, `#[test]`): not scanned. */
  private readonly testOnly: Uint8Array | undefined;
  /** Per block (`{` index, -1 for the file): its named uses by name and its globs. */
  private readonly scoped = new Map<number, { names: Map<string, RustUse[]>; globs: RustUse[] }>();
  /** Per name: the named uses of the blocks open at the token being read, innermost last. */
  private readonly activeNames = new Map<string, RustUse[][]>();
  /** The globs of the blocks open at the token being read, by expanded path, with how many blocks hold each. */
  private readonly activeGlobs = new Map<string, { path: string[]; count: number }>();
  /** Per `}`: the blocks with uses it closes. */
  private readonly scopeExits = new Map<number, number[]>();
  /** The file's items, what each names (sets while scanning). */
  private readonly items: Array<{ name: string; impl: boolean; root: boolean; defines: Set<string>; paths: Set<string>; calls: Set<string>; methods: Set<string>; unresolved: Set<string> }> = [];
  /** `mod x;` declarations of the file without `pub` (`pub(crate)` and the like included). */
  private readonly privateMods = new Set<string>();
  /** Modules whose file a `#[cfg_attr(…, path = "…")]` picks: all of their items count. */
  private readonly conditionalMods = new Set<string>();
  /** Per token: the inline module path it is in (`a::b::`, '' at the file's top level). */
  private readonly modulePrefix: string[];
  /** What the file level names. */
  private readonly fileRefs = { paths: new Set<string>(), calls: new Set<string>(), methods: new Set<string>(), unresolved: new Set<string>() };
  /** Per token: the item it is in (-1: the file level). */
  private readonly itemOf: Int32Array;
  /** Local module paths imported with a glob. */
  private readonly localGlobs = new Set<string>();
  /** The file imports a crate's path with a glob (`use rmcp::model::*;`). */
  private foreignGlob = false;
  /** Per finding key: the items owning it (-1: the file level). */
  private readonly owners = new Map<string, Set<number>>();
  /** The use whose findings are being reported (their owners are the items that use its name). */
  private pendingUse: RustUse | undefined;
  /** Per use at the file level: the keys of its findings, and the items that used its name. */
  private readonly useKeys = new Map<RustUse, string[]>();
  private readonly useItems = new Map<RustUse, Set<number>>();
  private readonly imports: ImportRecord[] = [];
  private readonly localSeen = new Set<string>();
  private lineStarts: number[] | undefined;
  private pyo3 = false;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly lex: RustLexResult,
    private readonly renames: Readonly<Record<string, string>>,
    private readonly pathAliases: Readonly<Record<string, string>> = {},
    private readonly packageDir?: string,
  ) {
    this.tokens = lex.tokens;
    this.match = lex.match;
    this.testOnly = testOnlyTokens(this.tokens, this.match);
    this.itemOf = new Int32Array(this.tokens.length).fill(-1);
    this.modulePrefix = new Array<string>(this.tokens.length).fill('');
    this.collectItems(0, this.tokens.length, 0, '');
    this.uses = readRustUses(this.tokens, this.match, this.testOnly);
    for (const use of this.uses.uses) {
      let block = this.scoped.get(use.scope);
      if (block === undefined) {
        this.scoped.set(use.scope, (block = { names: new Map(), globs: [] }));
        const close = use.scope < 0 ? -1 : this.match[use.scope] ?? -1;
        if (close >= 0) {
          const list = this.scopeExits.get(close);
          if (list === undefined) this.scopeExits.set(close, [use.scope]);
          else list.push(use.scope);
        }
      }
      if (use.glob) block.globs.push(use);
      else if (use.name !== undefined) {
        const list = block.names.get(use.name);
        if (list === undefined) block.names.set(use.name, [use]);
        else list.push(use);
      }
    }
  }

  /** The items between `from` and `to` at item level (the file, or an inline module's body). */
  private collectItems(from: number, to: number, depth: number, prefix: string): void {
    const { tokens } = this;
    // An outer attribute before the next item that may make it run or be called without its name being written (`#[no_mangle]`, `#[ctor]`, `#[tool_router]`).
    let rooted = false;
    for (let k = from; k < to; k++) {
      const t = tokens[k]!;
      if (t.type === 'op') {
        if (t.value === '#' && (this.op(k + 1, '[') || (this.op(k + 1, '!') && this.op(k + 2, '[')))) {
          const open = this.op(k + 1, '[') ? k + 1 : k + 2;
          if (open === k + 1 && this.ident(open + 1) && !INERT_ATTRIBUTES.has(tokens[open + 1]!.value)) rooted = true;
          k = Math.max(k, this.match[open] ?? k);
        } else if (t.value === '{' || t.value === '(' || t.value === '[') {
          // A top-level macro invocation (`lazy_static! { … }`) or an extern block: the file level.
          const m = this.match[k] ?? -1;
          if (m < 0) return;
          k = m;
        }
        continue;
      }
      if (t.type !== 'ident' || this.op(k - 1, '::') || this.op(k - 1, '.')) continue;
      if (t.value === 'mod' && this.ident(k + 1) && this.op(k + 2, '{')) {
        const close = this.match[k + 2] ?? -1;
        if (close < 0) return;
        if (depth < MAX_MODULE_DEPTH) {
          const inner = `${prefix}${tokens[k + 1]!.value}::`;
          this.modulePrefix.fill(inner, k + 3, close);
          this.collectItems(k + 3, close, depth + 1, inner);
        }
        k = close;
        continue;
      }
      if (t.value === 'mod' && this.ident(k + 1) && this.op(k + 2, ';') && depth === 0) {
        // `mod x;` without `pub`: its file's items are reached only through the names the crate writes.
        if (!this.ident(k - 1, 'pub') || this.op(k - 1, ')')) this.privateMods.add(tokens[k + 1]!.value);
        rooted = false;
        continue;
      }
      if (!ITEM_KEYWORDS.has(t.value)) continue;
      const root = rooted;
      rooted = false;
      const name = t.value === 'impl' ? this.implName(k) : t.value === 'macro_rules' ? (this.op(k + 1, '!') && this.ident(k + 2) ? tokens[k + 2]!.value : undefined) : this.ident(k + 1) ? tokens[k + 1]!.value : undefined;
      const end = itemEnd(tokens, this.match, k);
      if (name === undefined || (t.value === 'const' && this.ident(k + 1, 'fn'))) {
        // `const fn f()`, `unsafe fn`, `async fn`: the keyword that names it comes next.
        if (name === undefined) k = Math.max(k, end);
        continue;
      }
      const index = this.items.length;
      const defines = new Set<string>();
      if (t.value === 'impl' || t.value === 'trait') {
        // The methods an impl or trait body defines (at its first level).
        let body = k + 1;
        while (body < end && !this.op(body, '{')) body++;
        for (let j = body + 1; j < end; j++) {
          if (this.op(j, '{') || this.op(j, '(') || this.op(j, '[')) j = Math.max(j, this.match[j] ?? j);
          else if (this.ident(j, 'fn') && this.ident(j + 1)) defines.add(tokens[j + 1]!.value);
        }
      }
      this.items.push({ name: prefix + name, impl: t.value === 'impl', root, defines, paths: new Set(), calls: new Set(), methods: new Set(), unresolved: new Set() });
      this.itemOf.fill(index, k, Math.min(end + 1, tokens.length));
      k = Math.max(k, end);
    }
  }

  /** The type an `impl` at `k` is for: `impl<T> Store<T>`, `impl Tool for Save`, `impl fmt::Display for X` (its last segment). */
  private implName(k: number): string | undefined {
    let j = k + 1;
    let name: string | undefined;
    let depth = 0;
    for (; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (t.type === 'op') {
        if (t.value === '<') depth++;
        else if (t.value === '>') depth--;
        else if (t.value === '{' || t.value === ';') break;
        else if (t.value === '(' || t.value === '[') j = Math.max(j, this.match[j] ?? j);
        continue;
      }
      if (depth > 0) continue;
      if (t.value === 'where') break;
      if (t.value === 'for') name = undefined;
      else if (t.type === 'ident' && t.value !== 'dyn' && t.value !== 'unsafe' && t.value !== 'impl') name = t.value;
    }
    return name;
  }

  /** Where a reference at token `i` is recorded: its item's names, or the file level's. */
  private refsAt(i: number): { paths: Set<string>; calls: Set<string>; methods: Set<string>; unresolved: Set<string> } {
    const item = this.itemOf[i] ?? -1;
    return item >= 0 ? this.items[item]! : this.fileRefs;
  }

  /** The items of the file, what they name, and the owners of each capability finding. */
  private itemInfo(): SourceScan['rustItems'] {
    const names = new Set(this.items.map((item) => item.name));
    // Per last segment: the items of that name in any inline module (`safe::run`, `run`).
    const byLast = new Map<string, string[]>();
    for (const name of names) {
      const last = name.slice(name.lastIndexOf(':') + 1);
      const list = byLast.get(last);
      if (list === undefined) byLast.set(last, [name]);
      else list.push(name);
    }
    const { tokens } = this;
    const bindings = new RustBindings(this.match);
    // Names a glob import of a local module may bring in are recorded only in a file with one.
    const glob = this.uses.uses.some((use) => use.glob);
    // A match arm's pattern binds its names from the arm's start (its guard included).
    for (let k = 0; k < tokens.length; k++) if (this.op(k, '=>')) this.armBindings(k, bindings);
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      bindings.at(k, t);
      if (t.type === 'op' && t.value === '|' && this.closureStart(k)) this.closureBindings(k, bindings);
      if (t.type !== 'ident' || this.testOnly?.[k] === 1) continue;
      if (t.value === 'fn' && this.ident(k + 1) && !this.op(k - 1, '.')) {
        const body = this.bodyAfter(k + 2);
        if (body >= 0) bindings.startsBlock(body, this.parameterTypes(k + 2), true);
      } else if (t.value === 'let' && !this.op(k - 1, '.')) this.letBinding(k, bindings);
      else if (t.value === 'for' && !this.op(k - 1, '.')) this.forBindings(k, bindings);
      if (this.op(k - 1, '.')) {
        if (this.op(k + 1, '(') || this.op(k + 1, '::')) {
          const type = this.receiverType(k - 2, bindings);
          this.refsAt(k).methods.add(type === undefined ? t.value : `${type}.${t.value}`);
        }
      } else if (!this.op(k - 1, '::')) this.itemCall(k, names, byLast, glob ? bindings : undefined);
    }
    // A use's findings belong to the items that use its name (or to the file level when none does).
    for (const [use, keys] of this.useKeys) {
      const users = this.useItems.get(use);
      for (const key of keys) {
        const set = this.owners.get(key) ?? new Set<number>();
        if (users === undefined || users.size === 0) set.add(-1);
        else for (const u of users) set.add(u);
        this.owners.set(key, set);
      }
    }
    const unresolved = (set: ReadonlySet<string>): { unresolved?: string[] } => (set.size > 0 ? { unresolved: [...set] } : {});
    const items: RustItem[] = this.items.map((item) => ({ name: item.name, ...(item.root ? { root: true } : {}), defines: [...item.defines], paths: [...item.paths], calls: [...item.calls], methods: [...item.methods], ...unresolved(item.unresolved) }));
    const owners: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
    for (const [key, set] of this.owners) owners[key] = [...set];
    // File-level uses of other crates' paths: names of this module other files reach by path.
    const useAliases: Record<string, string> = Object.create(null) as Record<string, string>;
    const localUseAliases: Record<string, string> = Object.create(null) as Record<string, string>;
    const useGlobPaths: string[] = [];
    for (const use of this.uses.uses) {
      if (use.scope !== -1 || this.testOnly?.[use.index] === 1) continue;
      const path = this.expand(use.path);
      if (path.length === 0) continue;
      if (isLocalRoot(path[0]!) || (this.localModules.has(path[0]!) && this.renames[path[0]!] === undefined)) {
        // `pub use crate::b::process;`: a name of this module that is another local module's (the
        // specifier as recorded for the import), followed by scanFiles to what that one binds.
        if (!use.glob && use.name !== undefined && use.name !== '_') localUseAliases[use.name] = isLocalRoot(path[0]!) ? path.join('::') : `self::${path.join('::')}`;
        continue;
      }
      if (use.glob) useGlobPaths.push(path.join('::'));
      else if (use.name !== undefined && use.name !== '_') useAliases[use.name] = path.join('::');
    }
    const aliases = Object.keys(useAliases).length > 0 ? { useAliases } : {};
    const local = Object.keys(localUseAliases).length > 0 ? { localUseAliases } : {};
    return { items, file: { paths: [...this.fileRefs.paths], calls: [...this.fileRefs.calls], methods: [...this.fileRefs.methods], ...unresolved(this.fileRefs.unresolved) }, globs: [...this.localGlobs], ...(this.foreignGlob ? { foreignGlobs: true } : {}), owners, privateMods: [...this.privateMods].filter((m) => !this.conditionalMods.has(m)), ...aliases, ...local, ...(useGlobPaths.length > 0 ? { useGlobPaths } : {}) };
  }

  /**
   * A name or path at `k` that may name an item of the file: the item of the longest prefix of the
   * path in the token's inline module (`safe::run` from the top level is `safe::run`, `run` inside
   * `mod sys` is `sys::run`); a bare name no item of that module declares (a `use` may bring it
   * in from another inline module) names every item of that name, as reach by name did. With
   * `bindings` (a file with a glob import), a name called or a type name heading a path
   * (`Runner::new`; a lower-case head is a crate, as in Rust's extern prelude) that none of these
   * explains is recorded as unresolved: a glob may bring it in.
   */
  private itemCall(k: number, names: ReadonlySet<string>, byLast: ReadonlyMap<string, string[]>, bindings?: RustBindings): void {
    const segments = [this.tokens[k]!.value];
    for (let j = k; this.op(j + 1, '::') && this.ident(j + 2); j += 2) segments.push(this.tokens[j + 2]!.value);
    let prefix = this.modulePrefix[k]!;
    let start = 0;
    if (segments[0] === 'self') start = 1;
    while (segments[start] === 'super' && prefix !== '') {
      const up = prefix.slice(0, -2).lastIndexOf('::');
      prefix = up < 0 ? '' : prefix.slice(0, up + 2);
      start++;
    }
    for (let n = segments.length; n > start; n--) {
      const name = prefix + segments.slice(start, n).join('::');
      if (names.has(name)) {
        this.refsAt(k).calls.add(name);
        return;
      }
    }
    const same = segments.length === 1 ? byLast.get(segments[0]!) : undefined;
    if (same !== undefined) for (const name of same) this.refsAt(k).calls.add(name);
    else if (bindings !== undefined && start === 0 && (this.op(k + 1, '(') || (this.op(k + 1, '::') && /^[A-Z]/.test(segments[0]!))) && !this.uses.inside.has(k)) {
      const head = segments[0]!;
      if (head.length > 1 && !PRELUDE.has(head) && !this.uses.names.has(head) && !this.localModules.has(head) && !bindings.bound(head)) this.refsAt(k).unresolved.add(head);
    }
  }

  /** A type a method's receiver is known to have: `TYPE_NAME` shaped (`Reader`, the last segment of `crate::jobs::Reader`). */
  private static typeName(name: string | undefined): string | undefined {
    return name !== undefined && /^[A-Z]/.test(name) ? name : undefined;
  }

  /**
   * The type of `p: T`, `p: &T`, `p: &mut T`, `p: &'a path::T` at `k`, when it ends there (before
   * `,`, `)`, `=` or `;`); undefined for a generic, a trait object or any other type.
   */
  private writtenType(k: number): { type: string; end: number } | undefined {
    if (this.op(k, '&')) k++;
    if (this.tokens[k]?.type === 'lifetime') k++;
    if (this.ident(k, 'mut')) k++;
    if (this.ident(k, 'dyn') || this.ident(k, 'impl')) return undefined;
    if (!this.ident(k)) return undefined;
    while (this.op(k + 1, '::') && this.ident(k + 2)) k += 2;
    const type = RustScanner.typeName(this.tokens[k]!.value);
    return type === undefined || this.op(k + 1, '<') ? undefined : { type, end: k + 1 };
  }

  /** The parameters of the `fn` whose `(` (or `<`) is at `k`: each name declared `name: T` with its type, others null. */
  private parameterTypes(k: number): Map<string, string | null> {
    const out = new Map<string, string | null>();
    if (this.op(k, '<')) {
      // Generic parameters: skip to the `(` (a `<` inside them is a nested generic).
      let depth = 0;
      for (; k < this.tokens.length; k++) {
        if (this.op(k, '<')) depth++;
        else if (this.op(k, '>')) depth--;
        if (depth === 0) break;
      }
      k++;
    }
    if (!this.op(k, '(')) return out;
    const close = this.match[k] ?? -1;
    for (let j = k + 1; j < close; j++) {
      if (this.op(j, '(') || this.op(j, '[') || this.op(j, '{')) {
        j = Math.max(j, this.match[j] ?? j);
        continue;
      }
      if (!this.ident(j) || !this.op(j + 1, ':') || this.op(j - 1, '::') || this.op(j + 2, ':')) continue;
      const written = this.writtenType(j + 2);
      out.set(this.tokens[j]!.value, written !== undefined && (this.op(written.end, ',') || written.end === close) ? written.type : null);
    }
    return out;
  }

  /**
   * `let x: T = …`, `let x = T::new(…)`, `let x = T { … }` at the `let` at `k`: x's type, or null
   * when not known; any other pattern (`let (a, x)`, `let Some(x) = … else`) binds its names
   * untyped. The names are bound from the end of the statement (its right side still sees the
   * names it shadows); an `if let` / `while let` binds them in the block it opens.
   */
  private letBinding(k: number, bindings: RustBindings): void {
    const names = new Map<string, string | null>();
    let j = k + 1;
    if (this.ident(j, 'mut')) j++;
    if (this.ident(j) && (this.op(j + 1, ':') || this.op(j + 1, '=') || this.op(j + 1, ';'))) {
      let type: string | null = null;
      if (this.op(j + 1, ':')) {
        const written = this.writtenType(j + 2);
        if (written !== undefined && (this.op(written.end, '=') || this.op(written.end, ';'))) type = written.type;
      } else if (this.op(j + 1, '=')) type = this.madeType(j + 2) ?? null;
      names.set(this.tokens[j]!.value, type);
    } else this.patternNames(k + 1, this.stopAt(k + 1, ['=', ':', ';']), names);
    if (this.ident(k - 1, 'if') || this.ident(k - 1, 'while') || this.op(k - 1, '&&')) {
      const body = this.bodyAfter(this.stopAt(k + 1, ['=']) + 1);
      if (body >= 0) bindings.startsBlock(body, names, false);
      return;
    }
    const end = this.stopAt(k + 1, [';']);
    bindings.bindAt(end < this.tokens.length ? end : k, names);
  }

  /** `for PATTERN in … {`: the pattern's names, untyped, in the loop's block (`impl T for U` has no `in`). */
  private forBindings(k: number, bindings: RustBindings): void {
    const end = this.stopAt(k + 1, ['in', '{', ';']);
    if (!this.ident(end, 'in')) return;
    const names = new Map<string, string | null>();
    this.patternNames(k + 1, end, names);
    const body = this.bodyAfter(end + 1);
    if (body >= 0) bindings.startsBlock(body, names, false);
  }

  /** Whether the `|` at `k` opens a closure's parameters (`|x| …`, `move |x|`), not an or. */
  private closureStart(k: number): boolean {
    const before = this.tokens[k - 1];
    if (before === undefined) return true;
    if (before.type === 'ident') return before.value === 'move' || before.value === 'return';
    return before.type === 'op' && !(before.value === ')' || before.value === ']' || before.value === '}' || before.value === '?');
  }

  /** A closure's parameters `|a, (b, c): T|`: untyped in its block body, or from its end on (conservative) for an expression body. */
  private closureBindings(k: number, bindings: RustBindings): void {
    const end = this.stopAt(k + 1, ['|']);
    if (!this.op(end, '|')) return;
    const names = new Map<string, string | null>();
    this.patternNames(k + 1, end, names);
    if (this.op(end + 1, '{')) bindings.startsBlock(end + 1, names, false);
    else if (this.op(end + 1, '->')) {
      const body = this.bodyAfter(end + 1);
      if (body >= 0) bindings.startsBlock(body, names, false);
    } else bindings.bindAt(end + 1, names);
  }

  /**
   * A match arm ending at the `=>` at `k`: the names of its pattern (and guard), untyped, from the
   * arm's start on in the match's block (so the later arms see them too: conservative).
   */
  private armBindings(k: number, bindings: RustBindings): void {
    let j = k - 1;
    for (; j >= 0; j--) {
      const t = this.tokens[j]!;
      if (t.type !== 'op') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = this.match[j] ?? -1;
        // The block body of the arm before: the pattern starts after it.
        if (open < 0 || (t.value === '}' && this.op(open - 1, '=>'))) break;
        j = open;
      } else if (t.value === '{' || t.value === '(' || t.value === '[' || t.value === ',' || t.value === ';' || t.value === '=>') break;
    }
    const names = new Map<string, string | null>();
    this.patternNames(j + 1, k, names);
    bindings.bindAt(j + 1, names);
  }

  /** Every name in the tokens from `from` up to `to` (a pattern: extra names only make a lookup conservative). */
  private patternNames(from: number, to: number, names: Map<string, string | null>): void {
    for (let j = from; j < to; j++) if (this.ident(j) && !this.op(j - 1, '::') && !this.op(j + 1, '::')) names.set(this.tokens[j]!.value, null);
  }

  /** The first token from `k` on, outside any bracket opened after `k`, that is one of `stops` (op or ident); tokens.length if none. */
  private stopAt(k: number, stops: readonly string[]): number {
    for (let j = k; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (stops.includes(t.value) && (t.type === 'op' || t.type === 'ident')) return j;
      if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{')) {
        const close = this.match[j] ?? -1;
        if (close < 0) return this.tokens.length;
        j = close;
      } else if (t.type === 'op' && (t.value === ')' || t.value === ']' || t.value === '}')) return this.tokens.length;
    }
    return this.tokens.length;
  }

  /** The `{` of the body that follows `k` (a fn's signature, a condition, a loop head): -1 when a `;` or a closing bracket comes first. */
  private bodyAfter(k: number): number {
    for (let j = k; j < this.tokens.length; j++) {
      const t = this.tokens[j]!;
      if (t.type !== 'op') continue;
      if (t.value === '{') return j;
      if (t.value === ';' || t.value === ')' || t.value === ']' || t.value === '}') return -1;
      if (t.value === '(' || t.value === '[') {
        const close = this.match[j] ?? -1;
        if (close < 0) return -1;
        j = close;
      }
    }
    return -1;
  }

  /**
   * The type a value made at `k` has when the expression is `T::new(…)` (also `default`, `from`,
   * `with_…`, `new_…`: Rust's conventions for a constructor) or `T { … }`, optionally followed by
   * `?`, `.await`, `.unwrap()` or `.expect(…)`, up to `;`.
   */
  private madeType(k: number): string | undefined {
    let j = k;
    while (this.ident(j) && this.op(j + 1, '::') && this.ident(j + 2)) j += 2;
    if (!this.ident(j)) return undefined;
    let type: string | undefined;
    let end: number;
    if (this.op(j + 1, '{')) {
      type = RustScanner.typeName(this.tokens[j]!.value);
      end = (this.match[j + 1] ?? -2) + 1;
    } else if (j >= k + 2 && this.op(j + 1, '(') && CONSTRUCTOR.test(this.tokens[j]!.value)) {
      type = RustScanner.typeName(this.tokens[j - 2]!.value);
      end = (this.match[j + 1] ?? -2) + 1;
    } else return undefined;
    if (type === undefined || end < 1) return undefined;
    for (;;) {
      if (this.op(end, '?')) end++;
      else if (this.op(end, '.') && this.ident(end + 1, 'await')) end += 2;
      else if (this.op(end, '.') && (this.ident(end + 1, 'unwrap') || this.ident(end + 1, 'expect')) && this.op(end + 2, '(')) end = (this.match[end + 2] ?? -2) + 1;
      else break;
    }
    return this.op(end, ';') ? type : undefined;
  }

  /**
   * The type of the receiver ending at `k` of a method call: `self` in an `impl T` block, a
   * binding of the current function ({@link parameterTypes}, {@link letBinding}), or a
   * constructor call `T::new(…)` right before the `.`; undefined when not known.
   */
  private receiverType(k: number, bindings: RustBindings): string | undefined {
    const t = this.tokens[k];
    if (t === undefined) return undefined;
    if (t.type === 'ident' && !this.op(k - 1, '.') && !this.op(k - 1, '::')) {
      if (t.value === 'self') {
        const item = this.items[this.itemOf[k] ?? -1];
        return item?.impl === true ? RustScanner.typeName(item.name.slice(item.name.lastIndexOf(':') + 1)) : undefined;
      }
      return bindings.typeOf(t.value);
    }
    if (this.op(k, ')')) {
      const open = this.match[k] ?? -1;
      if (open > 2 && this.ident(open - 1) && CONSTRUCTOR.test(this.tokens[open - 1]!.value) && this.op(open - 2, '::') && this.ident(open - 3)) return RustScanner.typeName(this.tokens[open - 3]!.value);
    }
    return undefined;
  }

  /** Bring the uses of the block opened at `open` (-1: the file) into scope, or take them out. */
  private scope(open: number, enter: boolean): void {
    const block = this.scoped.get(open);
    if (block === undefined) return;
    for (const [name, uses] of block.names) {
      let stack = this.activeNames.get(name);
      if (stack === undefined) this.activeNames.set(name, (stack = []));
      if (enter) stack.push(uses);
      else stack.pop();
    }
    for (const use of block.globs) {
      const path = this.expand(use.path);
      if (path.length === 0 || isLocalRoot(path[0]!)) continue;
      const key = path.join('::');
      const known = this.activeGlobs.get(key);
      if (enter) {
        if (known === undefined) this.activeGlobs.set(key, { path, count: 1 });
        else known.count++;
      } else if (known !== undefined && --known.count === 0) this.activeGlobs.delete(key);
    }
  }

  private op(k: number, value: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'op' && t.value === value;
  }

  private ident(k: number, value?: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'ident' && (value === undefined || t.value === value);
  }

  run(): SourceScan {
    this.notAnalyzed();
    const { tokens } = this;
    const test = this.testOnly;
    for (let i = 0; i < tokens.length; i++) {
      if (test?.[i] === 1) continue;
      if (this.ident(i, 'mod') && this.ident(i + 1) && !this.op(i - 1, '::') && !this.op(i - 1, '.')) {
        this.localModules.add(tokens[i + 1]!.value);
        // `mod tools;` (not `mod tools { … }`): the module is another file, followed like an import.
        if (this.op(i + 2, ';')) this.modFiles(i);
      }
      // `include!("shell.rs")`: another file's text compiled here, followed like a public module
      // file (all of it counts, as if written in place).
      if (this.ident(i, 'include') && this.op(i + 1, '!') && this.op(i + 2, '(') && tokens[i + 3]?.type === 'string' && this.op(i + 4, ')') && !this.op(i - 1, '::') && !this.op(i - 1, '.')) {
        this.localImport(`mod include!@${tokens[i + 3]!.value}`, i);
      } else if (this.ident(i, 'include') && this.op(i + 1, '!') && this.op(i + 2, '(') && !this.op(i - 1, '::') && !this.op(i - 1, '.')) this.computedInclude(i);
    }
    for (const use of this.uses.uses) this.useSite(use);
    this.pyo3 = this.uses.uses.some((u) => this.expand(u.path)[0] === 'pyo3') || tokens.some((t, k) => t.type === 'ident' && t.value === 'pyo3' && this.op(k + 1, '::'));
    this.scope(-1, true);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type === 'op') {
        // A block's uses are in scope over the whole block (Rust: also before the `use`).
        if (t.value === '{') this.scope(i, true);
        else if (t.value === '}') for (const open of this.scopeExits.get(i) ?? []) this.scope(open, false);
        continue;
      }
      if (t.type !== 'ident' || this.uses.inside.has(i) || test?.[i] === 1) continue;
      if (t.value === 'extern') this.externBlock(i);
      if (this.op(i + 1, '!') && this.op(i + 2, '(') && tokens[i + 3]?.type === 'string' && !this.op(i - 1, '::') && !this.op(i - 1, '.')) this.compileTimeRead(i);
      if (t.value === 'link_section' && this.op(i - 1, '[') && this.op(i - 2, '#') && this.op(i + 1, '=') && tokens[i + 2]?.type === 'string' && CODE_SECTION.test(tokens[i + 2]!.value)) {
        this.capability({ pattern: RUST_PATTERN_BY_ID.get('code-evaluation.rust-text-section')!, raw: `link_section = "${tokens[i + 2]!.value}"`, length: 1 }, i, undefined);
      }
      if (this.op(i - 1, '.')) {
        if (this.pyo3 && PYO3_RUN_METHODS.has(t.value) && this.op(i + 1, '(')) this.pyo3Run(i);
        continue;
      }
      if (this.op(i - 1, '::') && !this.absoluteStart(i - 1)) continue;
      if (this.ident(i - 1) && DECLARING.has(tokens[i - 1]!.value)) continue;
      this.reference(i);
    }
    this.unusedImports();
    this.fileHeuristics();
    const scan: SourceScan = { file: this.file, findings: this.findings.sorted(), imports: this.imports, rustItems: this.itemInfo() };
    if (this.outDirIncludes.length > 0) scan.rustOutDirIncludes = this.outDirIncludes;
    return scan;
  }

  /** Whether the `::` at `k` starts an absolute path (`::std::fs`), not continues one. */
  private absoluteStart(k: number): boolean {
    const before = this.tokens[k - 1];
    return before === undefined || !(before.type === 'ident' || (before.type === 'op' && before.value === '>'));
  }

  private expand(path: readonly string[]): string[] {
    const first = path[0];
    if (first === undefined) return [];
    const renamed = this.renames[first];
    return renamed === undefined ? [...path] : [renamed, ...path.slice(1)];
  }

  // ---- uses -------------------------------------------------------------------------------------

  /** A `use` declaration's path: an import record, and its crate row (a member row waits for a use of the name). */
  private useSite(use: RustUse): void {
    const path = this.expand(use.path);
    const root = path[0];
    if (root === undefined) return;
    const t = this.tokens[use.index]!;
    if (isLocalRoot(root) || (this.localModules.has(root) && this.renames[root] === undefined)) {
      const specifier = isLocalRoot(root) ? path.join('::') : `self::${path.join('::')}`;
      if (use.glob) this.localGlobs.add(specifier);
      // A glob names no item itself, and does not name the module as a whole (also inside a function):
      // the names it brings in and the code uses do (`unresolved`).
      this.localImport(specifier, use.index, !use.glob);
      return;
    }
    if (use.glob) this.foreignGlob = true;
    this.imports.push({ specifier: path.join('::') + (use.glob ? '::*' : ''), kind: STD_CRATES.has(root) ? 'builtin' : 'package', typeOnly: false, line: t.line, column: t.column });
    const module = resolveRustModule(path);
    this.pendingUse = use;
    if (module !== undefined) this.capability(module, use.index, undefined, use.glob ? `glob import of ${path.join('::')}` : undefined);
    // `pub use std::process::*;`, `pub use std::fs as fsx;`: the module handed on to other files
    // (`crate::process::Command::new(…)` there, also read where it is used) and to users outside this
    // crate: its rows count here.
    // A whole crate re-exported (`pub use libc;`, `pub use tokio as rt;`) is handed to the crate's
    // users, as libraries do for their dependencies: this crate's own code names the crate directly.
    else if (use.pub === true && path.length > 1 && (use.glob || use.name !== undefined) && resolveRustMember(path)?.length !== path.length) {
      for (const row of rustRowsUnder(path)) {
        const { access: _access, ...pattern } = row.pattern;
        this.capability({ ...row, pattern, raw: path.join('::') }, use.index, undefined, `the module is re-exported (pub use ${path.join('::')}${use.glob ? '::*' : use.name === path[path.length - 1] ? '' : ` as ${use.name}`}); counted here for its users, also those outside this crate`);
      }
    }
    this.pendingUse = undefined;
    // A glob of a path whose every member is a row is not resolved member by member here: its
    // members are looked up where they are used (`use std::fs::*; write(p, b)`).
  }

  /**
   * A path into the crate's own code (`crate::util::run`, `super::x`, `mod tools` with a
   * `#[path]` target after `@`), recorded once as a relative import for `scanFiles` to follow.
   */
  private localImport(specifier: string, index: number, named = true): void {
    if (named && !specifier.startsWith('mod ')) this.refsAt(index).paths.add(specifier);
    if (this.localSeen.has(specifier)) return;
    this.localSeen.add(specifier);
    const t = this.tokens[index]!;
    this.imports.push({ specifier, kind: 'relative', typeOnly: false, line: t.line, column: t.column });
  }

  /**
   * `mod x;` at `i`: its file, followed like an import. `#[path = "…"]` names it; each
   * `#[cfg_attr(pred, path = "…")]` names a file some build uses, so every one is followed, and
   * the default file too (when it exists: a build whose predicates are all false uses it). Such a
   * module counts all of its files' items, not only those a path reaches, since a path through it
   * is resolved into one of the files only (evade4 r14).
   */
  private modFiles(i: number): void {
    const name = this.tokens[i + 1]!.value;
    const { fixed, conditional } = this.pathAttributes(i);
    if (fixed !== undefined) return this.localImport(`mod ${name}@${fixed}`, i + 1);
    if (conditional.length > 0) this.conditionalMods.add(name);
    for (const path of conditional) this.localImport(`mod ${name}@${path}`, i + 1);
    this.localImport(conditional.length > 0 ? `mod ${name}?` : `mod ${name}`, i + 1);
  }

  /** The `#[path = "…"]` and `#[cfg_attr(…, path = "…")]` attributes right before the `mod` at `i` (`pub` and other attributes between allowed). */
  private pathAttributes(i: number): { fixed?: string; conditional: string[] } {
    const conditional: string[] = [];
    let k = i - 1;
    if (this.op(k, ')')) k = this.match[k]! - 1;
    if (this.ident(k, 'pub') || this.ident(k, 'crate')) k--;
    while (this.op(k, ']')) {
      const open = this.match[k]!;
      if (open < 1 || !this.op(open - 1, '#')) break;
      if (this.ident(open + 1, 'path') && this.op(open + 2, '=') && this.tokens[open + 3]?.type === 'string' && open + 4 === k) return { fixed: this.tokens[open + 3]!.value, conditional };
      if (this.ident(open + 1, 'cfg_attr') && this.op(open + 2, '(')) {
        for (let q = open + 3; q < k - 3; q++) {
          if (this.op(q - 1, '(') || this.op(q - 1, ',')) {
            if (this.ident(q, 'path') && this.op(q + 1, '=') && this.tokens[q + 2]?.type === 'string') conditional.unshift(this.tokens[q + 2]!.value);
          }
          if (this.op(q, '(') && q > open + 2) q = this.match[q] ?? q;
        }
      }
      k = open - 2;
    }
    return { conditional };
  }

  /** Bound names (a member row) that no reference used: reported at their `use`. */
  private unusedImports(): void {
    // Names used in test-only code: a `use` only tests use is not reported at the use either.
    const testNames = new Set<string>();
    if (this.testOnly !== undefined) for (let k = 0; k < this.tokens.length; k++) if (this.testOnly[k] === 1 && this.tokens[k]!.type === 'ident') testNames.add(this.tokens[k]!.value);
    for (const use of this.uses.uses) {
      if (use.glob || use.name === undefined || this.usedUses.has(use) || testNames.has(use.name)) continue;
      const path = this.expand(use.path);
      if (isLocalRoot(path[0] ?? '')) continue;
      const member = resolveRustMember(path);
      if (member === undefined || member.length !== path.length) continue;
      this.pendingUse = use;
      this.capability(member, use.index, undefined, use.pub === true ? 're-exported (pub use); counted here for its users, also those outside this crate' : 'imported, but no use of it is recognized in this file');
      this.pendingUse = undefined;
    }
  }

  // ---- references -------------------------------------------------------------------------------

  /**
   * A local path (`crate::process::Command::new`, spelled as the file's imports spell it) that
   * another file of the crate binds to another crate's path by a `use` (see
   * ScanSourceOptions.rustPathAliases): resolved as that path (`std::process::Command`), at `i`.
   * Returns whether it matched a row.
   */
  private aliasedLocal(spec: string, i: number, end: number): boolean {
    const segments = spec.split('::');
    for (let k = segments.length; k >= 2; k--) {
      const prefix = segments.slice(0, k).join('::');
      if (!Object.hasOwn(this.pathAliases, prefix)) continue;
      const alias = this.pathAliases[prefix]!;
      const path = [...alias.split('::'), ...segments.slice(k)];
      this.rawSyscall(path, i, end);
      if (this.memberAt(path, i, end, this.op(end + 1, '!'))) return true;
      const module = resolveRustModule(path);
      if (module === undefined) return false;
      this.capability(module, i, undefined);
      return true;
    }
    return false;
  }

  /** A path starting at token `i`. */
  private reference(i: number): void {
    const { tokens } = this;
    const segments = [tokens[i]!.value];
    let end = i;
    while (this.op(end + 1, '::') && this.ident(end + 2)) {
      segments.push(tokens[end + 2]!.value);
      end += 2;
    }
    const first = segments[0]!;
    if (LOCAL_ROOTS.has(first)) {
      // `self::process::Command` where a `use std::process;` binds `process`: a `use` makes a name
      // of the module, which `self::` names as Rust resolves it; the path is the use's.
      if (first === 'self' && segments.length > 2 && (this.activeNames.get(segments[1]!)?.length ?? 0) > 0) {
        this.reference(i + 2);
        return;
      }
      if (first !== 'Self' && segments.length > 1) {
        this.localImport(segments.join('::'), i);
        this.aliasedLocal(segments.join('::'), i, end);
      }
      return;
    }
    const macro = this.op(end + 1, '!');
    // `std::$m::$t::new(…)` in a macro_rules! body: a metavariable picks the item at each call.
    if (this.op(end + 1, '::') && this.op(end + 2, '$') && this.ident(end + 3)) this.macroPath(segments, i, end);
    // A field (`write: bool`, `S { write: true }`) or a named thing declared with a type is no use.
    if (segments.length === 1 && this.op(end + 1, ':')) return;
    const stack = this.activeNames.get(first);
    const bound = stack?.[stack.length - 1];
    if (bound !== undefined) {
      // The innermost block's uses of the name (one path each: a name bound twice in a block is a compile error, unless in cfg arms).
      const done = new Map<string, boolean>();
      for (const use of bound) {
        const path = this.expand([...use.path, ...segments.slice(1)]);
        const key = path.join('::');
        let users = this.useItems.get(use);
        if (users === undefined) this.useItems.set(use, (users = new Set()));
        users.add(this.itemOf[i] ?? -1);
        // The same path bound in several cfg arms (`#[cfg(unix)] use libc::open as open64;` and another arm's): one report, each use used.
        const known = done.get(key);
        if (known !== undefined) {
          if (known) this.usedUses.add(use);
          continue;
        }
        done.set(key, false);
        // `use crate::store; store::dir()`: the item of the crate's own code it names.
        if (isLocalRoot(path[0]!)) {
          if (path[0] !== 'Self' && path.length > 1) {
            this.localImport(key, i);
            if (this.aliasedLocal(key, i, end)) {
              this.usedUses.add(use);
              done.set(key, true);
            }
          }
          continue;
        }
        this.rawSyscall(path, i, end);
        if (this.memberAt(path, i, end, macro) || (segments.length === 1 && resolveRustModule(path) !== undefined)) {
          this.usedUses.add(use);
          done.set(key, true);
        }
      }
      return;
    }
    // A name the file declares as a module, a field (`write: bool`), a label or a lone unbound name.
    if (this.localModules.has(first) && this.renames[first] === undefined) {
      if (segments.length > 1) {
        this.localImport(`self::${segments.join('::')}`, i);
        this.aliasedLocal(`self::${segments.join('::')}`, i, end);
      }
      return;
    }
    if (segments.length === 1) {
      if (macro) return;
      // The globs of the blocks open here (the file's and enclosing ones), each path once.
      for (const glob of this.activeGlobs.values()) {
        if (this.memberAt([...glob.path, first], i, end, false)) return;
      }
      return;
    }
    const path = this.expand(segments);
    // `helper::run(c)` of a path dependency: that crate's code, followed as a path of this one is.
    if (path[0]!.startsWith(PATH_CRATE)) {
      this.localImport(path.join('::'), i);
      this.aliasedLocal(path.join('::'), i, end);
      return;
    }
    this.rawSyscall(path, i, end);
    const member = this.memberAt(path, i, end, macro);
    const module = resolveRustModule(path);
    if (module !== undefined) this.capability(module, i, undefined);
    // `use std::*;` then `process::Command::new(…)`: a glob brings in modules too, so a path whose
    // head nothing else explains may start inside a glob's module.
    else if (!member && !STD_CRATES.has(first)) {
      for (const glob of this.activeGlobs.values()) {
        const inside = [...glob.path, ...segments];
        if (this.memberAt(inside, i, end, macro)) return;
        const m = resolveRustModule(inside);
        if (m !== undefined) {
          this.capability(m, i, undefined);
          return;
        }
      }
    }
    // A crate written out without `use` is an import too (a standard crate, or one with a row: a
    // bare `Vec::new` or `Config::load` cannot be told from a crate by its name).
    if (member || module !== undefined || STD_CRATES.has(path[0]!)) this.crateImport(path[0]!, i);
  }

  /**
   * A path continued by a macro parameter (`std::$m`, `libc::$f`, the path ending at token `end`):
   * medium evasion when the path (through the file's `use`s) leads to a row's source, so the
   * parameter may complete it to a capability (`std::$m` to `std::process`), or is a row's source
   * and the parameter is called or a path goes on from it (`libc::$f(…)`,
   * `std::process::$t::new(…)`); `std::ops::$t`, `libc::$FLAG` and a crate
   * without rows are not.
   */
  private macroPath(segments: readonly string[], i: number, end: number): void {
    const stack = this.activeNames.get(segments[0]!);
    const bound = stack?.[stack.length - 1];
    const paths = bound !== undefined ? bound.map((u) => this.expand([...u.path, ...segments.slice(1)])) : [this.expand(segments)];
    // A module chosen (`std::$m`: the path leads to a row's source), or a function of a row's source
    // chosen and called (`libc::$f(…)`); `libc::$FLAG` constants, as FFI wrapper macros write, are not.
    const called = this.op(end + 4, '(') || this.op(end + 4, '::');
    const path = paths.find((p) => ROW_PATH_PREFIXES.has(p.join('::')) && (called || !ROW_SOURCES.has(p.join('::'))));
    if (path === undefined) return;
    this.findings.evasionAt('evasion.rust-macro-path', 'medium', this.where(i), `${path.join('::')}::$${this.tokens[end + 3]!.value}: the item is named by a macro parameter`, true);
  }

  /**
   * `libc::syscall(n, …)` (the path ends at token `end`) whose number is not written with a `SYS_*`
   * constant (the constant itself is a capability row): what the call does is named nowhere. High
   * for a literal number (also cast with `as`), medium for a value computed at run time.
   */
  private rawSyscall(path: readonly string[], at: number, end: number): void {
    if (path.length !== 2 || path[0] !== 'libc' || path[1] !== 'syscall' || !this.op(end + 1, '(')) return;
    const open = end + 1;
    const close = this.match[open] ?? -1;
    if (close < 0) return;
    let stop = open + 1;
    for (let depth = 0; stop < close; stop++) {
      const v = this.tokens[stop]!;
      if (v.type === 'op' && (v.value === '(' || v.value === '[' || v.value === '{')) depth++;
      else if (v.type === 'op' && (v.value === ')' || v.value === ']' || v.value === '}')) depth--;
      else if (depth === 0 && v.type === 'op' && v.value === ',') break;
    }
    if (stop === open + 1) return;
    for (let k = open + 1; k < stop; k++) if (this.tokens[k]!.type === 'ident' && /^SYS_\w+$/.test(this.tokens[k]!.value)) return;
    const first = this.tokens[open + 1]!;
    // A number, alone or cast (`59 as libc::c_long`).
    const literal = first.type === 'number' && (stop === open + 2 || this.ident(open + 2, 'as'));
    const detail = literal ? `system call number ${first.value}` : 'system call number not written as a SYS_ constant';
    this.findings.evasionAt('evasion.rust-raw-syscall', literal ? 'high' : 'medium', this.where(at), detail, true);
  }

  /** A crate named by a path written out, recorded once. */
  private crateImport(crate: string, index: number): void {
    const key = `crate ${crate}`;
    if (this.localSeen.has(key)) return;
    this.localSeen.add(key);
    const t = this.tokens[index]!;
    this.imports.push({ specifier: crate, kind: STD_CRATES.has(crate) ? 'builtin' : 'package', typeOnly: false, line: t.line, column: t.column });
  }

  /**
   * Report the member row of `path` (a reference from token `i` to `end`); false when none matches.
   * A member written in lower case (a function or a constant: `libc::stat`, `libc::open`) named in
   * a type position (see {@link typePosition}) is the type of that name, as Rust keeps types and
   * values apart (`libc::stat` is a function and a struct): it matches, so the `use` that brought it
   * is used, and reports nothing.
   */
  private memberAt(path: string[], i: number, end: number, macro: boolean): boolean {
    const member = resolveRustMember(path);
    if (member === undefined) return false;
    if (macro && !MACRO_MEMBERS.has(path[member.length - 1]!)) return false;
    if (!macro && /^[a-z_]/.test(path[member.length - 1] ?? '') && !this.op(end + 1, '(') && this.typePosition(i)) return true;
    if (member.pattern.openOptions === true) {
      const decided = this.openOptions(end);
      this.capability(member, i, decided.access, decided.detail);
    } else this.capability(member, i, undefined);
    return true;
  }

  /**
   * Whether the path that starts at token `i` is written where Rust reads a type, not a value:
   * after `->`, `as`, `<` (type arguments, `::<T>`, `<T as Trait>`), `dyn` or `impl`, in `impl …
   * for T`, as the value of `type A = T`, after the `:` of a `let`, a parameter, a `static` or
   * `const`, or a field of a `struct`, `union` or enum variant being declared (not a struct
   * literal's `S { f: value }`), also behind `&`, `&mut`, `*const`, `*mut` and lifetimes, and
   * inside a tuple, array or slice type or a list of type arguments (`HashMap<K, T>`).
   */
  private typePosition(i: number, depth = 0): boolean {
    const { tokens } = this;
    if (depth > 8) return false;
    let p = i - 1;
    if (this.op(p, '::')) p--;
    while (p >= 0 && (this.op(p, '&') || this.op(p, '&&') || this.op(p, '*') || this.ident(p, 'mut') || (this.ident(p, 'const') && this.op(p - 1, '*')) || tokens[p]!.type === 'lifetime')) p--;
    const t = tokens[p];
    if (t === undefined) return false;
    if (t.type === 'ident') {
      if (t.value === 'as' || t.value === 'dyn' || t.value === 'impl') return true;
      // `impl Trait for T`; a `for` loop's pattern is no path of a row.
      return t.value === 'for' && this.headOf(p, 'impl');
    }
    if (t.type !== 'op') return false;
    switch (t.value) {
      case '->':
      case '<':
        return true;
      case '=':
        return this.headOf(p, 'type');
      case ':':
        return this.declaredType(p);
      case '(':
      case '[':
        // `(i32, T)`, `[T; 4]`, `&[T]` where the bracket is a type; after a name `(` is a call.
        return this.typePosition(p, depth + 1);
      case ',':
        return this.listOfTypes(p, depth);
      default:
        return false;
    }
  }

  /** Whether the statement holding token `k` starts with `keyword` (`type A<T> =`, `impl<T> Tr for`), within a short head. */
  private headOf(k: number, keyword: string): boolean {
    for (let q = k - 1, steps = 0; q >= 0 && steps < 48; q--, steps++) {
      const t = this.tokens[q]!;
      if (t.type === 'op' && (t.value === ';' || t.value === '{' || t.value === '}')) return false;
      if (t.type === 'op' && (t.value === ')' || t.value === ']')) {
        const open = this.match[q] ?? -1;
        if (open < 0 || open > q) return false;
        q = open;
        continue;
      }
      if (t.type === 'ident' && t.value === keyword) return true;
    }
    return false;
  }

  /** Whether the `:` at `c` is followed by a declared type: of a `let`, a parameter, a `static`/`const`, or a field being declared. */
  private declaredType(c: number): boolean {
    const { tokens } = this;
    if (!this.ident(c - 1)) return false;
    const before = tokens[c - 2];
    if (before === undefined) return false;
    if (before.type === 'ident') return before.value === 'let' || before.value === 'mut' || before.value === 'ref' || before.value === 'static' || before.value === 'const' || before.value === 'pub';
    if (before.type === 'op' && (before.value === '|' || before.value === '(')) return true;
    if (!(before.type === 'op' && (before.value === ',' || before.value === '{'))) return false;
    const open = this.enclosingOpen(c);
    if (open < 0) return false;
    if (this.op(open, '(')) return true;
    return this.op(open, '{') && this.declaresFields(open);
  }

  /** The innermost unclosed `(`, `[` or `{` before token `k`, or -1. */
  private enclosingOpen(k: number): number {
    for (let q = k - 1, steps = 0; q >= 0 && steps < 4096; q--, steps++) {
      const t = this.tokens[q]!;
      if (t.type !== 'op') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = this.match[q] ?? -1;
        if (open < 0 || open > q) return -1;
        q = open;
      } else if (t.value === '(' || t.value === '[' || t.value === '{') return q;
    }
    return -1;
  }

  /** Whether the `{` at `open` holds the fields of a `struct`, `union` or enum variant being declared. */
  private declaresFields(open: number): boolean {
    if (this.headOf(open, 'struct') || this.headOf(open, 'union')) return true;
    // `enum E { V { f: T } }`: a variant's name right after the enum body's `{` or `,`.
    if (!this.ident(open - 1) || !(this.op(open - 2, '{') || this.op(open - 2, ','))) return false;
    const body = this.op(open - 2, '{') ? open - 2 : this.enclosingOpen(open - 2);
    return body >= 0 && this.op(body, '{') && this.headOf(body, 'enum');
  }

  /** Whether the `,` at `c` separates types: type arguments (`<K, T>`), or a tuple or array type. */
  private listOfTypes(c: number, depth: number): boolean {
    let angles = 0;
    for (let q = c - 1, steps = 0; q >= 0 && steps < 256; q--, steps++) {
      const t = this.tokens[q]!;
      if (t.type !== 'op') continue;
      if (t.value === '>' || t.value === '>>') angles += t.value.length;
      else if (t.value === '<') {
        if (angles === 0) return true;
        angles--;
      } else if (t.value === ')' || t.value === ']' || t.value === '}') {
        const open = this.match[q] ?? -1;
        if (open < 0 || open > q) return false;
        q = open;
      } else if (t.value === '(' || t.value === '[') return angles === 0 && this.typePosition(q, depth + 1);
      else if (t.value === '{' || t.value === ';' || t.value === '=' || t.value === '->' || t.value === '=>') return false;
    }
    return false;
  }

  /**
   * Read or write from the builder calls chained after `OpenOptions::new()` / `File::options()`
   * (the path ends at token `end`): write when one of them allows writing (and is not given
   * `false`), read when the chain reaches `open` without one, write when it never reaches `open`.
   */
  private openOptions(end: number): { access: FileAccess; detail: string } {
    let q = end + 1;
    if (!this.op(q, '(')) return { access: 'write', detail: 'taken as a value: counted as a write' };
    q = this.match[q]! + 1;
    if (q <= 0) return { access: 'write', detail: 'the options are not chained up to open: counted as a write' };
    const set: string[] = [];
    let opened = false;
    while (this.op(q, '.') && this.ident(q + 1)) {
      const name = this.tokens[q + 1]!.value;
      q += 2;
      if (this.op(q, '(')) {
        const close = this.match[q]!;
        if (close < 0) break;
        const off = close === q + 2 && this.ident(q + 1, 'false');
        if (WRITE_OPTIONS.has(name) && !off) set.push(name);
        q = close + 1;
      }
      if (name === 'open') {
        opened = true;
        break;
      }
      while (this.op(q, '?')) q++;
    }
    if (set.length > 0) return { access: 'write', detail: `options ${set.join(', ')}` };
    return opened ? { access: 'read', detail: 'options allow no writing' } : { access: 'write', detail: 'the options are not chained up to open: counted as a write' };
  }

  /**
   * `env!("GITHUB_TOKEN")` and `option_env!(…)` read the builder's environment into the binary (a
   * variable Cargo sets for every build, `CARGO_PKG_VERSION`, `OUT_DIR`, is no capability);
   * `include_str!`/`include_bytes!`/`include!` of an absolute path, or of one above the package's
   * Cargo.toml directory, read a file from outside the source tree into it (evade4 r26, r27, r56).
   */
  private compileTimeRead(i: number): void {
    const name = this.tokens[i]!.value;
    const arg = this.tokens[i + 3]!.value;
    if ((name === 'env' || name === 'option_env') && !CARGO_BUILD_VARIABLE.test(arg)) {
      this.capability({ pattern: RUST_PATTERN_BY_ID.get('environment.rust-env-macro')!, raw: `${name}!`, length: 1 }, i, undefined, `the build's ${arg} is compiled in`);
    } else if ((name === 'include_str' || name === 'include_bytes' || name === 'include') && this.outsidePackage(arg)) {
      this.capability({ pattern: RUST_PATTERN_BY_ID.get('filesystem.rust-include-outside')!, raw: `${name}!`, length: 1 }, i, 'read', `${arg} is outside the package`);
    }
  }

  /**
   * `include!(concat!(env!("OUT_DIR"), "/gen.rs"))`: code whose file is named at compile time, in
   * practice one a build script writes (evade4 r10). The scan cannot read it: not analyzed, saying
   * what is unseen (the build script itself is scanned by scanFiles).
   */
  private computedInclude(i: number): void {
    const { tokens } = this;
    const close = this.match[i + 2]!;
    if (close <= i + 2) return;
    const variables: string[] = [];
    const literals: string[] = [];
    for (let k = i + 3; k < close; k++) {
      if ((this.ident(k, 'env') || this.ident(k, 'option_env')) && this.op(k + 1, '!') && this.op(k + 2, '(') && tokens[k + 3]?.type === 'string') {
        variables.push(tokens[k + 3]!.value);
        k += 3;
      } else if (tokens[k]!.type === 'string') literals.push(tokens[k]!.value);
    }
    const place = this.at(tokens[i]!.line, tokens[i]!.column);
    const named = variables.length > 0 ? ` (${variables.map((v) => `$${v}`).join(', ')}${literals.join('')})` : '';
    const detail = variables.includes('OUT_DIR')
      ? `include! of a file generated at build time${named}: the code a build script writes to OUT_DIR is compiled in here, and the scan does not read it (it exists only after a build); the build script itself is scanned, so review what it writes`
      : `include! of a file named at compile time${named}: the code compiled in here is not read`;
    this.findings.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', ...place, detail });
    // `concat!(env!("OUT_DIR"), "/gen.rs")` exactly: a file name a build script may write a fixed text to.
    const concat = this.ident(i + 3, 'concat') && this.op(i + 4, '!') && this.op(i + 5, '(') && this.match[i + 5] === close - 1;
    if (concat && variables.length === 1 && variables[0] === 'OUT_DIR' && this.ident(i + 6, 'env') && literals.length === 1 && this.op(i + 10, ')') && this.op(i + 11, ',') && tokens[i + 12]?.type === 'string' && (this.op(i + 13, ')') || (this.op(i + 13, ',') && this.op(i + 14, ')')))) {
      const name = literals[0]!.replace(/^[/\\]+/, '');
      if (name !== '' && literals[0] !== name) this.outDirIncludes.push({ name, line: place.line!, column: place.column! });
    }
  }

  /** Whether a path an include macro names (relative to this file) is absolute or above the package directory. */
  private outsidePackage(path: string): boolean {
    if (path.startsWith('/') || path.startsWith('~') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')) return true;
    if (this.packageDir === undefined) return false;
    // Both normalized the same way (`.`, `..`, separators): `'.'` and `'src'` as well as absolute paths.
    const dir = joinPath(this.packageDir, '_').slice(0, -1);
    const target = joinPath(dirname(this.file), path);
    if (dir === '') return target === '..' || target.startsWith('../') || target.startsWith('/');
    return !target.startsWith(dir);
  }

  /** `extern "C" { … }` or `extern { … }`: a block of foreign functions (not `extern crate`, not an `extern "C" fn` definition). */
  private externBlock(i: number): void {
    let q = i + 1;
    if (this.tokens[q]?.type === 'string') q++;
    if (!this.op(q, '{')) return;
    const pattern = RUST_PATTERN_BY_ID.get('code-evaluation.rust-ffi')!;
    const abi = this.tokens[i + 1]?.type === 'string' ? this.tokens[i + 1]!.value : 'C';
    this.capability({ pattern, raw: `extern "${abi}"`, length: 1 }, i, undefined);
    this.foreignFunctions(q);
  }

  /**
   * The functions an extern block (its `{` at `open`) declares bind symbols of the C library or the
   * Windows API by name: `fn system(c: *const c_char) -> c_int;` is `libc::system`, and so is
   * `#[link_name = "system"] fn render(…);`. Each one that names a row counts at its declaration,
   * as the `libc::` or `windows_sys::` path would (evade4 r05–r08).
   */
  private foreignFunctions(open: number): void {
    const close = this.match[open] ?? -1;
    let linkName: string | undefined;
    for (let k = open + 1; k < close; k++) {
      const t = this.tokens[k]!;
      if (this.op(k, '#') && this.op(k + 1, '[') && this.ident(k + 2, 'link_name') && this.op(k + 3, '=') && this.tokens[k + 4]?.type === 'string') linkName = this.tokens[k + 4]!.value;
      else if (t.type === 'ident' && t.value === 'fn' && this.tokens[k + 1]?.type === 'ident') {
        const name = this.tokens[k + 1]!.value;
        const symbol = linkName ?? name;
        linkName = undefined;
        const resolution = FOREIGN_SOURCES.map((source) => resolveRustMember([...source, symbol])).find((r) => r !== undefined);
        if (resolution === undefined) continue;
        const detail = symbol === name ? `foreign function ${name} declared in an extern block` : `foreign function ${name} declared in an extern block with #[link_name = "${symbol}"]`;
        this.capability(resolution, k + 1, undefined, detail);
      } else if (t.type === 'op' && t.value === ';') linkName = undefined;
    }
  }

  /** `py.run(c"…", …)` in a file that uses pyo3: Python source run from a literal or a C string macro. */
  private pyo3Run(i: number): void {
    const arg = this.tokens[i + 2];
    const literal = arg !== undefined && (arg.type === 'string' || (arg.type === 'op' && arg.value === '&' && this.tokens[i + 3]?.type === 'string') || (arg.type === 'ident' && arg.value === 'c_str' && this.op(i + 3, '!')));
    // `py.run_bound(code, None, None)`: on the GIL token pyo3's examples and with_gil closures name `py`.
    const onPy = this.ident(i - 2, 'py') && !this.op(i - 3, '.') && !this.op(i - 3, '::');
    if (!literal && !onPy) return;
    const pattern = RUST_PATTERN_BY_ID.get('code-evaluation.rust-python-run')!;
    this.capability({ pattern, raw: `pyo3::Python::${this.tokens[i]!.value}`, length: 1 }, i, undefined, 'a method of pyo3\'s Python token given source text');
  }

  // ---- findings ---------------------------------------------------------------------------------

  private where(index: number): FindingPlace {
    const t = this.tokens[Math.min(index, this.tokens.length - 1)];
    return t === undefined ? { file: this.file, line: 1, column: 1, evidence: '' } : { file: this.file, line: t.line, column: t.column, evidence: evidenceLine(this.text, t.start) };
  }

  private at(line: number, column: number): FindingPlace {
    if (this.lineStarts === undefined) {
      this.lineStarts = [0];
      for (let k = 0; k < this.text.length; k++) if (this.text.charCodeAt(k) === 10) this.lineStarts.push(k + 1);
    }
    const offset = (this.lineStarts[line - 1] ?? this.text.length) + column - 1;
    return { file: this.file, line, column, evidence: evidenceLine(this.text, Math.min(offset, this.text.length)) };
  }

  private capability(resolution: RustResolution, index: number, access: FileAccess | undefined, detail?: string): void {
    const { pattern } = resolution;
    const finding: ScanFinding = { id: pattern.id, kind: 'capability', level: 'note', family: pattern.family, identifier: resolution.raw, ...this.where(index) };
    const decided = access ?? pattern.access;
    if (decided !== undefined && pattern.family === 'filesystem') finding.access = decided;
    if (detail !== undefined) finding.detail = detail;
    this.add(finding, index);
    for (const id of pattern.also ?? []) {
      const companion = RUST_PATTERN_BY_ID.get(id)!;
      const { access: _access, ...rest } = finding;
      this.add(companion.family === 'filesystem' && companion.access !== undefined ? { ...rest, id, family: companion.family, access: companion.access } : { ...rest, id, family: companion.family }, index);
    }
  }

  /** Keep a capability finding made at token `index`, with the item that owns it. */
  private add(finding: ScanFinding, index: number): void {
    this.findings.add(finding);
    const key = rustFindingKey(finding);
    const item = this.itemOf[index] ?? -1;
    if (this.pendingUse !== undefined && item < 0) {
      const keys = this.useKeys.get(this.pendingUse);
      if (keys === undefined) this.useKeys.set(this.pendingUse, [key]);
      else keys.push(key);
      return;
    }
    const set = this.owners.get(key);
    if (set === undefined) this.owners.set(key, new Set([item]));
    else set.add(item);
  }

  private notAnalyzed(): void {
    const p = this.lex.problems[0];
    if (p === undefined) return;
    this.findings.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', ...this.at(p.line, p.column), detail: lexProblemDetail(this.lex.problems) });
  }

  /** Escape density, high-entropy strings and hidden characters, as in the other scanners. */
  private fileHeuristics(): void {
    const { lex, tokens } = this;
    if (lex.length > 0) {
      const ratio = lex.escapedChars / lex.length;
      if (ratio > ESCAPE_DENSITY_THRESHOLD) {
        const first = Math.max(0, tokens.findIndex((t) => t.escaped === true));
        this.findings.evasionAt('evasion.escape-density', ratio > ESCAPE_DENSITY_HIGH ? 'high' : 'medium', this.where(first), `${(ratio * 100).toFixed(1)} % of the file is escape sequences that spell visible characters`, false);
      }
    }
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type !== 'string' || t.value.length < ENTROPY_MIN_LENGTH) continue;
      const entropy = highEntropyOf(t.value);
      if (entropy !== undefined) this.findings.evasionAt('evasion.high-entropy-literal', 'low', this.where(i), `${t.value.length} characters, ${entropy.toFixed(2)} bits per character`, true);
    }
    const lines = new Set<string>();
    for (const c of lex.invisibles) {
      const key = `${c.category}|${c.context}|${c.line}`;
      if (lines.has(key)) continue;
      lines.add(key);
      const confidence: Confidence = c.category === 'bidi' || c.context === 'code' ? 'high' : c.codePoint >= 0xe0000 ? 'medium' : 'low';
      const id = c.category === 'bidi' ? 'evasion.bidi-control' : 'evasion.invisible-character';
      this.findings.evasionAt(id, confidence, this.at(c.line, c.column), `${codePointLabel(c.codePoint)} in ${c.context}`, true);
    }
  }
}
