/**
 * `scanFiles(entryFiles, { readSource, resolve })`: scan entry files and, transitively, every file
 * they import relatively (`import`, `export … from`, `require`, literal `import()`, in the order the
 * runtime tries files: see `import-candidates.ts`; a package import `#x` and a package naming
 * itself through its package.json `"exports"`; a bare specifier
 * that a tsconfig/jsconfig `paths`/`baseUrl` or a Deno import map maps to a file; Python relative
 * imports, and absolute ones that name a local module; for Go, the other files of a file's package
 * and the packages of the server's own module, by the names a file uses), each file once. Go
 * directories are listed through a `listDirectory` function carried by `readSource` (see
 * `go/go-packages.ts`); without one a Go package is the files given.
 * A finding in a reached file records the import chain that reached it. Package and built-in
 * imports are recorded by name, not followed. A file that cannot be read or a relative import
 * that resolves to no file is a `scan.not-analyzed` finding: never clean. A `package.json` or
 * Dockerfile among the entry files is read for the commands it runs outside the code (see
 * `project-commands.ts`), as `mcpfusion scan` reads the ones its walk meets: their findings come
 * after the code's, and the code files its install and start scripts run are entry files too.
 * Pure: the file system is the injected `readSource`.
 *
 * @module
 */
import type { FilesScan, ImportRecord, ReadSource, ScanCache, ScanFilesOptions, RustItemRefs, RustItems, ScanFinding, ScanSourceOptions, SourceScan } from './types.ts';
import { scanSource, NOT_ANALYZED_ID } from './scan-source.ts';
import type { LocalNamedExport } from './collect-bindings.ts';
import { CODE_EXTENSIONS, candidateGroups, directoryPackageJson, dirname, extensionOf, importCandidates, joinPath, packageExportTargets, packageImportTargets, scannerPath, withPackageMain } from './import-candidates.ts';
import { callCommandFindings, loadRelatedPackages, projectCommandFileKind, scanProjectCommands } from './project-commands.ts';
import { readsCommand } from './call-command.ts';
import { denoImportMapFinder, matchImport, tsconfigFinder, tsconfigPathTargets } from './path-aliases.ts';
import { isRelativeSpecifier, lookupModule } from './pattern-index.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { parseKeysAsWritten } from '../canonical/escaped-key-stand-ins.ts';
import { PYTHON_PROJECT_FILES, isPythonExtensionOf, isPythonFile, isPythonInstallDirectory, isPythonSpecifier, pythonAbsoluteCandidates, pythonExtensionGuesses, pythonImportedName, pythonModuleOf } from './python/python-candidates.ts';
import { pythonModuleNames } from './python/python-module-names.ts';
import { pythonOwnPackages } from './python/python-own-packages.ts';
import { goDefaultImportName, goFileHeader, isGoFile } from './go/go-files.ts';
import { goMethodOwners, goPackageFacts } from './go/scan-go-source.ts';
import { mergeGoPackageFacts, type GoPackageFacts } from './go/go-value-types.ts';
import { pythonHubState } from './python/scan-python-source.ts';
import { PYTHON_HUB_OFFLINE, hubOfflineGroup } from './patterns/python-capabilities.ts';

/** The Python row that matches module names by a pattern, not a list (see {@link dropLocalPatternMatches}). */
const PYTHON_DAV_ROW = 'network.python-dav-package';
import { goSymbols, type GoSymbols } from './go/go-symbols.ts';
import { GoPackages, goLocalDir, type ReadSourceWithListing } from './go/go-packages.ts';
import { resolveGoPackage } from './go/go-index.ts';
import { isRustFile, readCargoFacts, rustItemAfter, rustModuleCandidates, rustModuleDirs, type CargoFacts } from './rust/rust-files.ts';
import { resolveRustMember, resolveRustModule } from './rust/rust-index.ts';
import { rustFindingKey } from './rust/scan-rust-source.ts';
import { fixedOutDirWrites } from './rust/out-dir-writes.ts';
import { arrayArgument, memberArgument, objectArgument, withArguments } from '../arguments.ts';

type ReadOutcome = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'error'; message: string };

/** A directory Python installs distributions into (a virtual environment's or the system's). */
const PYTHON_INSTALL_DIR = /(?:^|\/)(?:site|dist)-packages$/;

/** The top-level module or package of `base` that `file` belongs to (`base/pkg/a/b.py` → `pkg`, `base/mod.py` → `mod`). */
function topLevelNameIn(base: string, file: string): string | undefined {
  const prefix = `${base.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  const path = file.replace(/\\/g, '/');
  if (!path.startsWith(prefix)) return undefined;
  return path.slice(prefix.length).split('/')[0]!.replace(/\.pyw?$/, '');
}

async function tryRead(readSource: ReadSource, path: string, cache: Map<string, ReadOutcome>): Promise<ReadOutcome> {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  let outcome: ReadOutcome;
  try {
    const text = await readSource(path);
    outcome = text === undefined ? { kind: 'missing' } : { kind: 'text', text };
  } catch (cause) {
    // A read failure is a named result: the file becomes a not-analyzed finding.
    outcome = { kind: 'error', message: cause instanceof Error ? cause.message : String(cause) };
  }
  cache.set(path, outcome);
  return outcome;
}

/** Whether `path` is a directory the reader can list (false when it has no lister, or fails). */
async function isListedDirectory(readSource: ReadSource, path: string): Promise<boolean> {
  const list = (readSource as ReadSourceWithListing).listDirectory;
  if (list === undefined) return false;
  try {
    return (await list(path)) !== undefined;
  } catch {
    return true; // it exists and is a directory, only not listable
  }
}

/** Names for a detail: `"a", "b"` (the first five). */
function quoteNames(names: readonly string[]): string {
  return names.slice(0, 5).map((n) => `"${n}"`).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
}

/** A relative or package import of `file` that could not be followed: not analyzed, never clean. */
function notAnalyzedImport(file: string, chain: readonly string[], imp: ImportRecord, detail: string): ScanFinding {
  const finding: ScanFinding = { id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, line: imp.line, column: imp.column, detail };
  return chain.length > 0 ? { ...finding, chain: [...chain, file] } : finding;
}

/**
 * A cache for {@link ScanFilesOptions.cache}: share it between the scans of one run.
 *
 * @returns An empty cache.
 * @example const cache = createScanCache(); for (const t of tools) await scanFiles(t.handlers, { readSource, cache });
 */
export function createScanCache(): ScanCache {
  return { reads: new Map(), scans: new Map() };
}

/** A TypeScript source file (its imports resolve as TypeScript resolves them). */
const TYPESCRIPT_IMPORTER = /\.[cm]?tsx?$/i;

/** What a not-analyzed finding says of a compiled Python extension module an import resolves to. */
/** How many modules a Rust path is followed through by their `use` declarations (`a` binds `b`'s name, which binds `std::process`). */
const RUST_USE_DEPTH = 8;
/** How many local files of `export * from './x'` (or its CommonJS forms) a barrel's names are followed through. */
const BARREL_DEPTH = 8;
/** Files that mark a project's root, where a server's relative script paths are resolved (see `projectRootOf`). */
const PROJECT_ROOT_FILES = ['package.json', 'deno.json', 'deno.jsonc', 'pyproject.toml', 'setup.py', 'setup.cfg', 'go.mod', 'Cargo.toml'];
/** The detail a build script's capability findings start with. */
const BUILD_SCRIPT_NOTE = 'build script: runs when the crate is built, on the machine that builds it';
const COMPILED_EXTENSION = 'a compiled extension module (native code the scanner cannot read)';

/**
 * Puts `value` under the exported name and keys `at` (`['deps', 'cp']`) of the tree `named`, making
 * the objects on the way (`deps` holds `cp`); a name on the way that is no such object takes nothing.
 */
function holdAt(named: Record<string, LocalNamedExport>, at: readonly string[], value: LocalNamedExport): void {
  let level = named;
  for (const key of at.slice(0, -1)) {
    const next = Object.hasOwn(level, key) ? level[key]! : (level[key] = { module: '', path: [], holds: Object.create(null) as Record<string, LocalNamedExport> });
    if (next.holds === undefined) return;
    level = next.holds as Record<string, LocalNamedExport>;
  }
  const last = at[at.length - 1];
  if (last !== undefined && !Object.hasOwn(level, last)) level[last] = value;
}

/**
 * A path an alias maps to, as a specifier from the importing file: unchanged when absolute; when
 * both are relative to the working directory (a library caller's relative entry path), written
 * relative to the importer's directory, which `followRelative` resolves it against
 * (`test/p/src/lib/run` from `test/p/src/server.ts` is `./lib/run`, not `test/p/src/test/p/src/lib/run`).
 */
function fromImporter(target: string, importer: string): string {
  const absolute = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;
  if (absolute.test(target) || absolute.test(importer)) return target;
  const from = joinPath('.', dirname(importer)).split('/').filter((x) => x !== '.');
  const to = joinPath('.', target).split('/').filter((x) => x !== '.');
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  // A `..` left in the importer's directory cannot be climbed back down by name: keep the path.
  if (from.slice(common).includes('..')) return target;
  return ['.', ...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/** The last segment of a `/`-separated path. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Scan entry files and the files they import relatively.
 *
 * @param entryFiles Files to start from (handler files, or every file of a directory walk); a
 *   `package.json` or Dockerfile among them is read for its commands (install and start scripts,
 *   `RUN`/`CMD`/`ENTRYPOINT`/`ADD`), not scanned as code.
 * @param options `readSource` (required), `resolve` (candidate paths for a relative import), `followImports`, `cache`.
 * @returns Files scanned, findings (with `chain` for reached files) and imported package names.
 * @example
 * const result = await scanFiles(['/srv/tools/read.ts'], { readSource: (p) => files.get(p) });
 * result.findings.filter((f) => f.kind === 'capability')
 */
export function scanFiles(entryFiles: readonly string[], options: ScanFilesOptions): Promise<FilesScan> {
  return withArguments(
    'scanFiles(entryFiles, options)',
    [arrayArgument('entryFiles', entryFiles, 'of file paths'), objectArgument('options', options, '{ readSource, … }'), memberArgument('options.readSource', options, 'readSource', 'function')],
    "give an array of paths and a readSource, e.g. scanFiles(['/srv/a.ts'], { readSource: (p) => readFileSync(p, 'utf8') })",
    () => scanFilesUnchecked(entryFiles, options),
  );
}

async function scanFilesUnchecked(entryFiles: readonly string[], options: ScanFilesOptions): Promise<FilesScan> {
  const resolve = options.resolve ?? importCandidates;
  const follow = options.followImports !== false;
  const cache = (options.cache?.reads as Map<string, ReadOutcome> | undefined) ?? new Map<string, ReadOutcome>();
  const scans = options.cache?.scans as Map<string, ReturnType<typeof scanSource>> | undefined;
  // On Windows a walked file is given as `C:\\srv\\b.js` and reached by an import as `C:/srv/b.js`:
  // one spelling, or the file is scanned (and reported) twice.
  const entries = entryFiles.map(scannerPath);
  const projectFiles = sortCodeUnits(entries.filter((file) => projectCommandFileKind(baseName(file)) !== undefined));
  const queue: Array<{ file: string; chain: string[] }> = entries.filter((file) => projectCommandFileKind(baseName(file)) === undefined).map((file) => ({ file, chain: [] }));
  // The commands of package.json files and Dockerfiles, and the code files those run (`node install.js`).
  const commandFindings: ScanFinding[] = [];
  const commandKeys = new Set<string>();
  for (const file of projectFiles) {
    const kind = projectCommandFileKind(baseName(file))!;
    const read = await tryRead(options.readSource, file, cache);
    if (read.kind !== 'text') {
      commandFindings.push({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail: `the commands of this ${kind} were not read: ${read.kind === 'missing' ? 'the file does not exist' : read.message}` });
      continue;
    }
    // The other package.json files inside its folder whose scripts its scripts run (`npm --prefix tools run setup`, `npm run build -w pkg`).
    const base = dirname(file);
    const listSubdirectories = (options.readSource as ReadSourceWithListing).listSubdirectories;
    const packages = kind !== 'package.json' ? undefined : await loadRelatedPackages(read.text, async (relative) => {
      const related = await tryRead(options.readSource, joinPath(base, relative), cache);
      return related.kind === 'text' ? related.text : undefined;
    }, listSubdirectories === undefined ? undefined : async (relative) => {
      try {
        return await listSubdirectories(relative === '' ? base : joinPath(base, relative));
      } catch {
        // A folder that cannot be listed names no workspace: its scripts are not followed by name.
        return undefined;
      }
    });
    const commands = scanProjectCommands(file, read.text, kind, packages !== undefined ? { packages } : {});
    // Two package.json files may reach one script of a third (`npm run build -w pkg` in each): one finding.
    for (const f of commands.findings) {
      const key = `${f.file}\u0000${f.line}\u0000${f.id}\u0000${f.identifier}`;
      if (commandKeys.has(key)) continue;
      commandKeys.add(key);
      commandFindings.push(f);
    }
    for (const script of commands.scripts) {
      const target = joinPath(dirname(file), script);
      for (const candidate of [target, ...CODE_EXTENSIONS.map((e) => target + e), ...CODE_EXTENSIONS.map((e) => `${target}/index${e}`)]) {
        if ((await tryRead(options.readSource, candidate, cache)).kind !== 'text') continue;
        queue.push({ file: candidate, chain: [] });
        break;
      }
    }
  }
  const visited = new Set<string>();
  const files: string[] = [];
  const findings: ScanFinding[] = [];
  // One Python file importing several names of one compiled extension module (`from ._core
  // import A, B, C`, one name a line) reaches one piece of native code: one finding, at the first.
  const compiledReported = new Set<string>();
  const firstCompiledImport = (importer: string, compiled: string): boolean => {
    const key = `${importer}\0${compiled}`;
    if (compiledReported.has(key)) return false;
    compiledReported.add(key);
    return true;
  };
  const packages = new Set<string>();
  const go = new GoPackages(async (path) => {
    const read = await tryRead(options.readSource, path, cache);
    return read.kind === 'text' ? read.text : undefined;
  }, (options.readSource as ReadSourceWithListing).listDirectory);
  const goSymbolCache = new Map<string, GoSymbols>();
  // Per Go file: what it declares at package level for the other files of its package.
  const goFactsCache = new Map<string, GoPackageFacts>();
  const goPackageCache = new Map<string, GoPackageFacts | undefined>();
  const denoImportMapOf = denoImportMapFinder(async (path) => {
    const read = await tryRead(options.readSource, path, cache);
    return read.kind === 'text' ? read.text : undefined;
  });
  const tsconfigOf = tsconfigFinder(async (path) => {
    const read = await tryRead(options.readSource, path, cache);
    return read.kind === 'text' ? read.text : undefined;
  });
  // Method names called on values anywhere in the Go files reached (a value's type may live in a
  // package that only another reached file imports), and the local package directories followed.
  const goSelectors = new Set<string>();
  const goLocalDirs = new Map<string, readonly string[]>();
  // Package directories whose other files' local imports have had their init files followed.
  const goInitDirs = new Set<string>();
  // Top-level names of Python modules a from-import takes attributes from.
  const moduleNames = new Map<string, ReadonlyMap<string, boolean>>();
  // Directory listings asked for compiled Python extension modules.
  const listings = new Map<string, readonly string[]>();
  const hasInit = async (dir: string): Promise<boolean> => (await tryRead(options.readSource, `${dir === '/' ? '' : dir}/__init__.py`, cache)).kind === 'text';
  const installDirs = new Map<string, Promise<boolean>>();
  /**
   * Whether Python installs distributions into `dir`: named `site-packages` or `dist-packages`, or
   * holding a `*.dist-info` directory (or `*.egg-info` outside a project's source tree) when
   * subdirectories can be listed.
   */
  const installDir = (dir: string): Promise<boolean> => {
    let found = installDirs.get(dir);
    if (found === undefined) {
      found = (async () => {
        if (PYTHON_INSTALL_DIR.test(dir)) return true;
        const list = (options.readSource as ReadSourceWithListing).listSubdirectories;
        if (list === undefined) return false;
        let names: readonly string[];
        try {
          names = (await list(dir)) ?? [];
        } catch {
          return false;
        }
        if (!names.some((n) => n.endsWith('.dist-info') || n.endsWith('.egg-info'))) return false;
        let project = false;
        for (const base of [dir, dirname(dir)]) {
          for (const name of PYTHON_PROJECT_FILES) if ((await tryRead(options.readSource, joinPath(base, name), cache)).kind !== 'missing') project = true;
        }
        return isPythonInstallDirectory(names, project);
      })();
      installDirs.set(dir, found);
    }
    return found;
  };
  // The top-level packages each Python file belongs to on disk, and where they resolve.
  const ownOf = new Map<string, Map<string, string>>();
  // What each Python module read for the hub's offline switch does to it (see hubOfflineBefore).
  const hubStates = new Map<string, 'offline' | 'online' | 'none'>();
  // The nearest Cargo.toml of each directory asked (its directory and facts), for Rust files.
  const cargoDirs = new Map<string, Promise<{ dir: string; facts: CargoFacts } | undefined>>();
  const cargoOf = (dir: string): Promise<{ dir: string; facts: CargoFacts } | undefined> => {
    let found = cargoDirs.get(dir);
    if (found === undefined) {
      found = (async () => {
        const read = await tryRead(options.readSource, joinPath(dir, 'Cargo.toml'), cache);
        if (read.kind === 'text') return { dir, facts: readCargoFacts(read.text) };
        const parent = dirname(dir);
        return parent === dir ? undefined : cargoOf(parent);
      })();
      cargoDirs.set(dir, found);
    }
    return found;
  };
  /**
   * The path dependencies of a Cargo.toml (by its directory) that are followed: those inside the
   * package's directory or inside a workspace root above it (a Cargo.toml with `[workspace]`),
   * name in code → the dependency's directory and library root. Others stay crates, not read.
   */
  const pathDepsOf = new Map<string, Promise<Record<string, { dir: string; lib: string | undefined }>>>();
  const rustPathDeps = (cargo: { dir: string; facts: CargoFacts }): Promise<Record<string, { dir: string; lib: string | undefined }>> => {
    let found = pathDepsOf.get(cargo.dir);
    if (found === undefined) {
      found = (async () => {
        const out: Record<string, { dir: string; lib: string | undefined }> = Object.create(null) as Record<string, { dir: string; lib: string | undefined }>;
        const names = Object.keys(cargo.facts.pathDeps);
        if (names.length === 0) return out;
        const roots = [cargo.dir];
        for (let up = dirname(cargo.dir), k = 0; k < 8 && up !== dirname(up); up = dirname(up), k++) {
          const above = await cargoOf(up);
          if (above === undefined) break;
          if (above.facts.workspace) roots.push(above.dir);
          up = above.dir;
        }
        const inside = (dir: string, root: string): boolean => dir === root || dir.startsWith(root.endsWith('/') ? root : `${root}/`);
        for (const name of names) {
          const dir = joinPath(cargo.dir, cargo.facts.pathDeps[name]!);
          if (dir === cargo.dir || !roots.some((root) => inside(dir, root))) continue;
          const manifest = await tryRead(options.readSource, joinPath(dir, 'Cargo.toml'), cache);
          if (manifest.kind !== 'text') continue;
          const lib = readCargoFacts(manifest.text).lib;
          out[name] = { dir, lib: lib === undefined ? undefined : joinPath(dir, lib) };
        }
        return out;
      })();
      pathDepsOf.set(cargo.dir, found);
    }
    return found;
  };
  /** The build script of a package (`build.rs` beside its Cargo.toml, or `[package] build`), when it exists. */
  const buildScripts = new Map<string, Promise<string | undefined>>();
  const buildScriptOf = (cargo: { dir: string; facts: CargoFacts }): Promise<string | undefined> => {
    let found = buildScripts.get(cargo.dir);
    if (found === undefined) {
      found = (async () => {
        if (cargo.facts.build === false) return undefined;
        const path = joinPath(cargo.dir, cargo.facts.build ?? 'build.rs');
        return (await tryRead(options.readSource, path, cache)).kind === 'text' ? path : undefined;
      })();
      buildScripts.set(cargo.dir, found);
    }
    return found;
  };
  // Build scripts read (see buildScriptOf): their capability findings say when they run.
  const rustBuildScripts = new Set<string>();
  // Files read as Python (their script paths are files, not modules: see followRelative).
  const pythonImporters = new Set<string>();
  const builtAt = (file: string, f: ScanFinding): ScanFinding => (rustBuildScripts.has(file) && f.kind === 'capability' ? { ...f, detail: `${BUILD_SCRIPT_NOTE}${f.detail !== undefined ? `; ${f.detail}` : ''}` } : f);
  // Rust files scanned (their imports, for a file that joins the module tree later) and the files
  // of the module trees below the entry files.
  const rustFiles = new Map<string, { imports: readonly ImportRecord[]; chain: string[]; cargoDir: string | undefined; pathDeps?: Readonly<Record<string, { dir: string; lib: string | undefined }>> }>();
  const rustModTree = new Set<string>();
  // Module-tree files declared only by `mod x;` without `pub`, and those declared `pub mod x;`.
  const rustPrivateMods = new Set<string>();
  const rustPublicMods = new Set<string>();
  // Rust files' findings in the order read, and where each local path of a file led (file, item).
  const rustHeld: Array<{ file: string; chain: string[]; findings: ScanFinding[]; items: RustItems | undefined }> = [];
  // Several targets when a module's file is picked by `#[cfg_attr(…, path = "…")]`: each build's file.
  const rustRefs = new Map<string, Array<{ target: string; item: string | undefined }>>();
  // Python: the file each followed import led to, and the hub model loads that a module run before
  // them may have switched offline (see hubOfflineBefore).
  const pythonTargets = new Map<ImportRecord, string>();
  // Python: per importing file, the top-level names its absolute imports found as local modules
  // (`import caldav_client` beside it): a row that matches module names by a pattern does not apply.
  const pythonLocalTops = new Map<string, Set<string>>();
  const hubLoads: Array<{ finding: ScanFinding; file: string; imports: readonly ImportRecord[]; group: number }> = [];
  // JavaScript: the file each followed import led to, and each file's findings (where they start
  // in `findings`), for modules re-exported whole by name (see barrelReexports).
  const jsTargets = new Map<ImportRecord, string>();
  const jsHeld: Array<{ file: string; chain: string[]; text: string; importMap: Readonly<Record<string, string>> | undefined; imports: readonly ImportRecord[]; start: number; count: number }> = [];
  // Python: each file's findings (the objects, to replace them by identity), and the classes each
  // keeps a library constructor for, for files that import one (see pythonKeptImports).
  const pyHeld: Array<{ file: string; chain: string[]; text: string; own: string[] | undefined; imports: readonly ImportRecord[]; shown: ScanFinding[] }> = [];
  const pyKept = new Map<string, Record<string, string>>();
  // JavaScript files' calls of command-running packages (`execaCommand('…')`), read for their commands at the end.
  const packageCalls = new Map<string, NonNullable<SourceScan['packageCalls']>>();
  for (let q = 0; q < queue.length; q++) {
    const { file, chain } = queue[q]!;
    if (visited.has(file)) continue;
    visited.add(file);
    const withChain = (f: ScanFinding): ScanFinding => (chain.length > 0 ? { ...f, chain: [...chain, file] } : f);
    const outcome = await tryRead(options.readSource, file, cache);
    if (outcome.kind !== 'text') {
      let detail = outcome.kind === 'missing' ? 'the file does not exist' : `the file cannot be read: ${outcome.message}`;
      // A directory given as a file (a config's "handlers": ["src/tools"]) reads as missing; said
      // so, not as a file that does not exist beside the folder that does.
      if (outcome.kind === 'missing' && chain.length === 0 && await isListedDirectory(options.readSource, file)) {
        detail = 'it is a directory, not a file: list the handler files in it (`mcpfusion scan DIR` scans a whole directory)';
      }
      findings.push(withChain({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail }));
      continue;
    }
    files.push(file);
    let scanned: ReturnType<typeof scanSource> | undefined = scans?.get(file);
    const python = isPythonFile(file, outcome.text);
    if (python) pythonImporters.add(file);
    // A Deno import map applies to the file's own lookups (`import $ from "$"`) and to following.
    const goFile = isGoFile(file);
    const denoMap = python || goFile ? undefined : await denoImportMapOf(file);
    // package.json "imports" naming another package (`"#fs": "fs"`): `import fs from '#fs'` is that package.
    const importMap = python || goFile || isRustFile(file) ? denoMap?.imports : await withPackageImportAliases(file, denoMap?.imports);
    const own = python ? await pythonOwnPackages(file, hasInit, installDir) : undefined;
    if (own !== undefined) ownOf.set(file, own);
    // A Go file's own module and its local replacements are code to follow, not packages.
    const goModule = goFile && follow ? await go.module(dirname(file)) : undefined;
    // A Rust file's Cargo.toml: renamed dependencies and the package's own crate names.
    const cargo = isRustFile(file) ? await cargoOf(dirname(file)) : undefined;
    const pathDeps = cargo !== undefined && follow ? await rustPathDeps(cargo) : undefined;
    const buildScript = cargo !== undefined ? await buildScriptOf(cargo) : undefined;
    try {
      if (scanned === undefined) {
        const scanOptions: ScanSourceOptions = { file };
        if (cargo !== undefined && Object.keys(cargo.facts.renames).length > 0) scanOptions.rustCrateRenames = cargo.facts.renames;
        if (cargo !== undefined) scanOptions.rustPackageDir = cargo.dir;
        if (pathDeps !== undefined && Object.keys(pathDeps).length > 0) scanOptions.rustPathCrates = Object.keys(pathDeps);
        if (own !== undefined && own.size > 0) scanOptions.pythonOwnPackages = [...own.keys()];
        if (goModule !== undefined) scanOptions.goLocalModules = [goModule.path, ...goModule.locals.map((l) => l.path)];
        if (goFile && follow) {
          const facts = await goSiblingFacts(file, outcome.text);
          if (facts !== undefined) scanOptions.goPackage = facts;
        }
        if (importMap !== undefined) scanOptions.importMap = importMap;
        scanned = scanSource(outcome.text, scanOptions);
        scans?.set(file, scanned);
      }
    } catch (cause) {
      // The scanner itself failed on this text (a bug or a pathological file): not analyzed, never clean.
      findings.push(withChain({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail: `the scanner failed on this file: ${cause instanceof Error ? cause.message : String(cause)}` }));
      continue;
    }
    // A scan kept in a shared cache hands out copies, to the first caller too: callers may change
    // their findings, and the cached ones must stay as scanned.
    if (isRustFile(file)) {
      // Held until every file is read: a file reached through a path counts only the items reached (rustReach).
      // A build script runs when the crate is built, on the machine building it: its findings say so.
      if (file === buildScript) rustBuildScripts.add(file);
      const own = scanned.findings.map((f) => builtAt(file, withChain(scans !== undefined ? { ...f } : f)));
      rustHeld.push({ file, chain, findings: follow && scanned.rustOutDirIncludes !== undefined && buildScript !== undefined ? await outDirIncludes(file, chain, own, scanned.rustOutDirIncludes, buildScript, cargo?.dir) : own, items: scanned.rustItems });
    } else {
      if (!python && !goFile) jsHeld.push({ file, chain, text: outcome.text, importMap, imports: scanned.imports, start: findings.length, count: scanned.findings.length });
      const held = python ? { file, chain, text: outcome.text, own: own !== undefined && own.size > 0 ? [...own.keys()] : undefined, imports: scanned.imports, shown: [] as ScanFinding[] } : undefined;
      if (held !== undefined) pyHeld.push(held);
      if (python && scanned.pythonKeptConstructors !== undefined) pyKept.set(file, scanned.pythonKeptConstructors);
      if (scanned.packageCalls !== undefined) packageCalls.set(file, scanned.packageCalls);
      for (const f of scanned.findings) {
        const shown = withChain(scans !== undefined ? { ...f } : f);
        findings.push(shown);
        held?.shown.push(shown);
        const group = python && (shown.id === 'network.python-model-download' || shown.id === 'network.python-data-download') ? hubOfflineGroup((shown.identifier ?? '').split('.')[0]!) : -1;
        if (group >= 0) hubLoads.push({ finding: shown, file, imports: scanned.imports, group });
      }
    }
    if (isGoFile(file)) {
      await followGo(file, outcome.text, scanned.imports, chain);
      continue;
    }
    if (isRustFile(file)) {
      await followRust(file, scanned.imports, chain, cargo?.dir, false, pathDeps);
      // The package's build script runs whenever the crate is built (evade4 r11): read whole, as a program.
      if (follow && buildScript !== undefined && buildScript !== file && !visited.has(buildScript) && !rustModTree.has(buildScript)) {
        rustModTree.add(buildScript);
        queue.push({ file: buildScript, chain: [...chain, file] });
      }
      continue;
    }
    for (const imp of scanned.imports) {
      if (imp.typeOnly) continue;
      if (imp.kind === 'relative') {
        const failed = follow ? await followRelative(imp.specifier, file, file, imp, chain, `"${imp.specifier}"`) : undefined;
        if (failed !== undefined) findings.push(notAnalyzedImport(file, chain, imp, failed));
        continue;
      }
      if (python) {
        await followPythonAbsolute(imp, file, chain);
        continue;
      }
      // A Deno import map entry: a package target (`jsr:`, `npm:`, a URL) is that package; a
      // path is followed like a relative import, from the file that declares it.
      const match = imp.script === undefined ? matchImport(imp.specifier, denoMap?.imports) : undefined;
      const mapped = match?.target;
      if (mapped !== undefined && !isRelativeSpecifier(mapped)) {
        packages.add(mapped);
        continue;
      }
      if (!follow || options.resolve !== undefined) {
        packages.add(imp.specifier);
        continue;
      }
      if (mapped !== undefined) {
        const declaredIn = denoMap!.declaredIn[match!.key]!;
        const failed = await followRelative(mapped, declaredIn, file, imp, chain, `"${imp.specifier}" (${mapped} in ${declaredIn})`);
        if (failed !== undefined) findings.push(notAnalyzedImport(file, chain, imp, failed));
        continue;
      }
      // A package import (`#run`, package.json "imports"), or the package naming itself through
      // its "exports" (`import x from 'my-server/util'` inside my-server): its own file, followed.
      const own = imp.specifier.startsWith('#') ? await packageImport(imp.specifier, file) : imp.kind === 'package' && imp.script === undefined ? await selfReference(imp.specifier, file) : undefined;
      if (own === undefined) {
        // A tsconfig/jsconfig path alias (`@/lib/run`) names a file of the project; else a package.
        if (imp.kind !== 'package' || imp.script !== undefined || !(await followPathAlias(imp, file, chain))) packages.add(imp.specifier);
        continue;
      }
      if (typeof own === 'string') {
        findings.push(notAnalyzedImport(file, chain, imp, `import "${imp.specifier}" cannot be resolved: ${own}`));
        continue;
      }
      // Every condition's target that exists is followed (which one runs depends on the runtime);
      // not analyzed only when none does.
      let followed = false;
      let firstFailure: string | undefined;
      for (const target of own.targets) {
        // A declaration file (the "types" condition) holds no code that runs.
        if (/\.d\.[cm]?ts$/.test(target)) continue;
        if (!target.startsWith('./') && !target.startsWith('../')) {
          // A package import may name another package; an export target must be relative (Node rejects others).
          if (own.field === 'imports') packages.add(target);
          followed = own.field === 'imports';
          continue;
        }
        // From TypeScript, a target in the project's outDir stands for its source file, as tsc resolves it.
        const source = await typescriptInput(joinPath(dirname(own.packageJson), target), file);
        if (source !== undefined && (await followRelative(source, file, file, imp, chain, `"${imp.specifier}" (${source}, the source of ${target} in ${own.packageJson})`)) === undefined) {
          followed = true;
          continue;
        }
        const failed = await followRelative(target, own.packageJson, file, imp, chain, `"${imp.specifier}" (${target} in ${own.packageJson})`);
        if (failed === undefined) followed = true;
        else firstFailure ??= failed;
      }
      if (!followed) findings.push(notAnalyzedImport(file, chain, imp, firstFailure ?? `import "${imp.specifier}" cannot be resolved: the "${own.field}" field of ${own.packageJson} maps it to no file that runs`));
    }
  }
  barrelReexports();
  dropLocalPatternMatches();
  pythonKeptImports();
  await rustAliasedPaths();
  findings.push(...rustReach());
  let kept = findings;
  if (hubLoads.length > 0) {
    const offline = new Set<ScanFinding>();
    for (const load of hubLoads) if (await hubOfflineBefore(load.file, load.imports, load.group)) offline.add(load.finding);
    if (offline.size > 0) kept = findings.filter((f) => !offline.has(f));
  }
  return { files, findings: [...kept, ...(await callCommandRows(kept)), ...commandFindings], packages: sortCodeUnits([...packages]) };

  /**
   * The command rows of the commands the code's calls run, written in the call (`spawn('curl',
   * [url])`, `execSync(CMD)` of a constant): see callCommandFindings. Each file is read (from the
   * cache) and tokenized once, only when it holds such a call.
   */
  async function callCommandRows(all: readonly ScanFinding[]): Promise<ScanFinding[]> {
    const byFile = new Map<string, ScanFinding[]>();
    for (const f of all) {
      if (f.kind !== 'capability' || f.file === undefined || f.identifier === undefined || !(readsCommand(f.identifier) || f.id === 'subprocess.spawn-package' && packageCalls.has(f.file))) continue;
      const list = byFile.get(f.file);
      if (list === undefined) byFile.set(f.file, [f]);
      else list.push(f);
    }
    const out: ScanFinding[] = [];
    for (const [file, list] of byFile) {
      const read = await tryRead(options.readSource, file, cache);
      if (read.kind !== 'text') continue;
      const ext = /\.[^./\\]*$/.exec(file)?.[0]?.toLowerCase() ?? '';
      const language = isGoFile(file) ? 'go' : isRustFile(file) ? 'rs' : isPythonFile(file, read.text) ? 'py' : 'js';
      // A Rust build script's rows say, as its own findings do, that it runs when the crate is built.
      out.push(...callCommandFindings(read.text, list, language, { typescript: ext === '.ts' || ext === '.mts' || ext === '.cts' || ext === '.tsx', jsx: ext === '.jsx' || ext === '.tsx' }, packageCalls.get(file)).map((f) => builtAt(file, f)));
    }
    return out;
  }

  /**
   * `include!(concat!(env!("OUT_DIR"), "/gen.rs"))` in `file` where the package's build script writes
   * a fixed string literal to that exact file name (see {@link fixedOutDirWrites}; evade4 r10): the
   * literal is the code compiled in, scanned as Rust at the `include!` (its findings there, their
   * evidence the generated line, their detail naming the build script's literal) in place of the
   * include's `scan.not-analyzed` warning. Anything else the build script writes there keeps the warning.
   */
  async function outDirIncludes(file: string, chain: readonly string[], own: ScanFinding[], includes: NonNullable<SourceScan['rustOutDirIncludes']>, buildScript: string, cargoDir: string | undefined): Promise<ScanFinding[]> {
    const script = await tryRead(options.readSource, buildScript, cache);
    if (script.kind !== 'text') return own;
    let out = own;
    for (const include of includes) {
      const writes = fixedOutDirWrites(script.text, include.name);
      if (writes === undefined) continue;
      out = out.filter((f) => !(f.id === NOT_ANALYZED_ID && f.file === file && f.line === include.line && f.column === include.column));
      for (const write of writes) {
        const generated = scanSource(write.text, { file, ...(cargoDir !== undefined ? { rustPackageDir: cargoDir } : {}) });
        for (const f of generated.findings) {
          const where = `code the build script writes to $OUT_DIR/${include.name} (${buildScript}:${write.line}:${write.column}, its line ${f.line ?? 1})`;
          out.push({ ...f, file, line: include.line, column: include.column, detail: f.detail !== undefined ? `${where}: ${f.detail}` : where, ...(chain.length > 0 ? { chain: [...chain, file] } : {}) });
        }
      }
    }
    return out;
  }

  /**
   * A module or member a local file re-exports (a barrel) is that module or member in a file that
   * imports the name, as for a direct import: such a file is scanned again with the names bound
   * (ScanSourceOptions.localNamedExports, localMembers), so `fsp.writeFile(…)` is a write there.
   * ES re-exports: `export * as fsp from 'node:fs/promises'`, `export { spawn as run, execa as
   * default } from …`, and a file's one `export * from 'node:fs'` for a name the barrel never
   * spells itself. CommonJS (see commonjs-exports.ts): `exports.fsx = require('fs-extra')`,
   * `module.exports = { run: require('child_process').spawn }`, tsc's `Object.defineProperty(exports,
   * 'run', { get … })`, and `module.exports = require('fs-extra')` (the file whole is that module).
   * `export * from './x'`, `module.exports = require('./x')`, `Object.assign(module.exports,
   * require('./x'))` and `__exportStar(require('./x'), exports)` hand on what `./x` re-exports
   * (a name two such files give is neither's). A namespace import, a require or a default import
   * of an `export *` barrel takes each name the importer spells and the files never do; an ES
   * default import of a CommonJS barrel is its module.exports. The barrel keeps its own findings:
   * other code may import it, and a name it hands on is used where it is imported.
   */
  function barrelReexports(): void {
    interface Own { named: Record<string, LocalNamedExport>; modules: string[]; files: string[]; text: string; whole?: LocalNamedExport; wholeFile?: string; commonJs: boolean }
    /** `texts`: the file's and those of every file it hands on whole, however deep. */
    interface Exports { named: Record<string, LocalNamedExport>; star?: { module: string; texts: string[] }; whole?: LocalNamedExport; commonJs: boolean; texts: string[] }
    const own = new Map<string, Own>();
    // The words of a text that could be identifiers, anywhere (a declaration, a re-export, a string, a comment), read once per text.
    const wordsOf = new Map<string, Set<string>>();
    const identifierWords = (text: string): Set<string> => {
      let words = wordsOf.get(text);
      if (words === undefined) wordsOf.set(text, (words = new Set(text.match(/(?<![\p{ID_Continue}$\u200c\u200d])[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/gu) ?? [])));
      return words;
    };
    for (const h of jsHeld) {
      const o: Own = { named: Object.create(null) as Record<string, LocalNamedExport>, modules: [], files: [], text: h.text, commonJs: false };
      for (const imp of h.imports) {
        if (imp.typeOnly) continue;
        if (imp.commonJsExport === true) o.commonJs = true;
        if (imp.kind === 'relative') {
          const target = imp.starExport === true ? jsTargets.get(imp) : undefined;
          if (target !== undefined) o.files.push(target);
          if (target !== undefined && imp.wholeExport === true) o.wholeFile = target;
          continue;
        }
        if (imp.namespaceExport !== undefined) o.named[imp.namespaceExport] = { module: imp.specifier, path: [] };
        for (const [name, path] of Object.entries(imp.namedExports ?? {})) o.named[name] = { module: imp.specifier, path };
        // `export function getFs() { return require('fs'); }`: the importer's `getFs()` is fs.
        for (const [name, path] of Object.entries(imp.calledExports ?? {})) if (!Object.hasOwn(o.named, name)) o.named[name] = { module: imp.specifier, path, called: true };
        if (imp.starExport === true) o.modules.push(imp.specifier);
        if (imp.wholeExport === true) o.whole = { module: imp.specifier, path: imp.wholePath ?? [], ...(imp.wholeCalled === true ? { called: true as const } : {}) };
        for (const held of imp.heldExports ?? []) holdAt(o.named, held.name, { module: imp.specifier, path: held.path });
      }
      if (Object.keys(o.named).length > 0 || o.modules.length > 0 || o.files.length > 0 || o.whole !== undefined) own.set(h.file, o);
    }
    if (own.size === 0) return;
    const resolved = new Map<string, Exports | null>();
    const exportsOf = (file: string, depth: number): Exports | undefined => {
      if (resolved.has(file)) return resolved.get(file) ?? undefined;
      const o = own.get(file);
      if (o === undefined || depth > BARREL_DEPTH) return undefined;
      resolved.set(file, null);
      const named = Object.assign(Object.create(null) as Record<string, LocalNamedExport>, o.named);
      const stars = o.modules.map((module) => ({ module, texts: [o.text] }));
      const handed: Record<string, { e: LocalNamedExport; from: number } | null> = Object.create(null) as Record<string, { e: LocalNamedExport; from: number } | null>;
      // The texts of the barrel, then of each file it hands on whole with the files below that one.
      const groups = [[o.text]];
      for (const [i, f] of o.files.entries()) {
        const inner = exportsOf(f, depth + 1);
        groups.push(inner?.texts ?? [own.get(f)?.text ?? jsHeld.find((h) => h.file === f)?.text ?? '']);
        if (inner === undefined) continue;
        for (const [name, e] of Object.entries(inner.named)) if (name !== 'default' && !Object.hasOwn(named, name)) handed[name] = Object.hasOwn(handed, name) ? null : { e, from: i + 1 };
        if (inner.star !== undefined) stars.push(inner.star);
      }
      // A name the barrel itself or another of the files it hands on (or one below those) spells may be theirs: neither.
      for (const [name, h] of Object.entries(handed)) if (h !== null && !groups.some((g, i) => i !== h.from && g.some((t) => identifierWords(t).has(name)))) named[name] = h.e;
      const texts = [...new Set(groups.flat())];
      const out: Exports = { named, commonJs: o.commonJs, texts };
      if (stars.length === 1) out.star = { module: stars[0]!.module, texts: [...new Set([...texts, ...stars[0]!.texts])] };
      // `module.exports = require('fs-extra')` (or of a file that is): the file is that module.
      const whole = o.whole ?? (o.wholeFile === undefined ? undefined : exportsOf(o.wholeFile, depth + 1)?.whole);
      if (whole !== undefined && Object.keys(named).length === 0) out.whole = whole;
      resolved.set(file, out);
      return out;
    };
    const replaced: Array<{ start: number; count: number; order: number; findings: ScanFinding[] }> = [];
    for (const [order, h] of jsHeld.entries()) {
      const members: Record<string, Record<string, string>> = Object.create(null) as Record<string, Record<string, string>>;
      const namedMembers: Record<string, Record<string, LocalNamedExport>> = Object.create(null) as Record<string, Record<string, LocalNamedExport>>;
      let any = false;
      for (const imp of h.imports) {
        const target = jsTargets.get(imp);
        if (target === undefined || imp.typeOnly) continue;
        const ex = exportsOf(target, 0);
        if (ex === undefined) continue;
        const map = Object.assign(Object.create(null) as Record<string, LocalNamedExport>, ex.named);
        // The file whole is the module it is (`module.exports = require('fs-extra')`).
        if (ex.whole !== undefined) map['*'] = ex.whole;
        // `export * from 'node:fs/promises'`: a name the files never spell themselves (no
        // declaration, no other re-export of it) can only come from that module. A namespace
        // import, a require or a default import takes any name: those the importer spells.
        const taken = ex.star === undefined || ex.whole !== undefined ? [] : (imp.names ?? [...identifierWords(h.text)]).filter((n) => n !== 'default' && !Object.hasOwn(ex.named, n) && !ex.star!.texts.some((t) => identifierWords(t).has(n)));
        if (imp.names === undefined) for (const n of taken) map[n] = { module: ex.star!.module, path: [n] };
        else if (taken.length > 0) {
          const bound = (members[imp.specifier] ??= Object.create(null) as Record<string, string>);
          for (const n of taken) bound[n] = ex.star!.module;
          any = true;
        }
        // An ES default import of a CommonJS file is its module.exports: the module it is whole, or the object of its names.
        const names = Object.keys(map).filter((n) => n !== '*');
        if (ex.commonJs && !Object.hasOwn(map, 'default') && (ex.whole !== undefined || names.length > 0)) {
          map['default'] = ex.whole ?? { module: '', path: [], holds: Object.fromEntries(names.map((n) => [n, map[n]!])) };
        }
        if (imp.names === undefined ? Object.keys(map).length > 0 : imp.names.some((n) => Object.hasOwn(map, n))) {
          namedMembers[imp.specifier] = map;
          any = true;
        }
      }
      if (!any) continue;
      const options: ScanSourceOptions = { file: h.file, localMembers: members, localNamedExports: namedMembers };
      if (h.importMap !== undefined) options.importMap = h.importMap;
      let again: ReturnType<typeof scanSource>;
      try {
        again = scanSource(h.text, options);
      } catch {
        continue;
      }
      replaced.push({ start: h.start, count: h.count, order, findings: again.findings.map((f) => (h.chain.length > 0 ? { ...f, chain: [...h.chain, h.file] } : f)) });
      // The calls of a command-running package the barrel hands on (`export { execa } from 'execa'`) are the new scan's.
      if (again.packageCalls !== undefined) packageCalls.set(h.file, again.packageCalls);
    }
    // From the last file back: a file with no findings starts where the next one does, and goes before it.
    for (const r of replaced.sort((a, b) => b.start - a.start || b.order - a.order)) findings.splice(r.start, r.count, ...r.findings);
  }

  /**
   * A Rust path into the crate's own code that ends at a `use` of another crate's path in the file
   * it reaches (`crate::process::Command::new` with `use std::process;` in `main.rs`, a private use
   * child modules see; `pub use std::process::*;` in `process.rs`) is that path: the file holding
   * the path is scanned again with those prefixes mapped (ScanSourceOptions.rustPathAliases), and
   * its findings replace the first scan's. A `use` of a local path there (`pub use crate::b::process;`,
   * `pub use super::b::*;`) is followed to the module it names, and so on, up to
   * {@link RUST_USE_DEPTH} modules, each name of each file once (a cycle ends there).
   */
  async function rustAliasedPaths(): Promise<void> {
    const itemsOf = new Map(rustHeld.map((h) => [h.file, h.items]));
    /**
     * The other crate's path that `head` (then `rest`) names in the module of `file`: a `use` of
     * that crate's path, a glob of one whose module has a row for it, or a `use` (or glob) of a
     * local path followed to the module it names.
     */
    const external = (file: string, head: string, rest: readonly string[], seen: Set<string>): string | undefined => {
      const key = `${file}\n${head}`;
      const target = itemsOf.get(file);
      if (target === undefined || seen.has(key) || seen.size >= RUST_USE_DEPTH) return undefined;
      seen.add(key);
      if (target.useAliases !== undefined && Object.hasOwn(target.useAliases, head)) return target.useAliases[head];
      const local = target.localUseAliases !== undefined && Object.hasOwn(target.localUseAliases, head) ? target.localUseAliases[head]! : undefined;
      if (local !== undefined) {
        // The local path bound to the name: the item (or module file) it reaches, then what that binds.
        for (const ref of rustRefs.get(`${file}\n${local}`) ?? []) {
          // A module bound whole (`pub use crate::b;`) is no other crate's path.
          const item = ref.item?.split('::') ?? [];
          if (item.length === 0) continue;
          const found = external(ref.target, item[0]!, [...item.slice(1), ...rest], seen);
          if (found !== undefined) return [found, ...item.slice(1)].join('::');
        }
        return undefined;
      }
      if (target.items.some((it) => it.name === head)) return undefined;
      // `pub use std::process::*;`: the glob whose module has a row for the name.
      const glob = target.useGlobPaths?.find((g) => resolveRustMember([...g.split('::'), head, ...rest]) !== undefined || resolveRustModule([...g.split('::'), head, ...rest]) !== undefined);
      if (glob !== undefined) return `${glob}::${head}`;
      // `pub use crate::b::*;`: the local modules it brings in, each followed for the name.
      for (const spec of target.globs) {
        for (const ref of rustRefs.get(`${file}\n${spec}`) ?? []) {
          if (ref.item !== undefined) continue;
          const found = external(ref.target, head, rest, seen);
          if (found !== undefined) return found;
        }
      }
      return undefined;
    };
    for (const h of rustHeld) {
      const info = rustFiles.get(h.file);
      if (info === undefined) continue;
      const aliases: Record<string, string> = Object.create(null) as Record<string, string>;
      let any = false;
      for (const imp of info.imports) {
        if (imp.kind !== 'relative' || imp.specifier.startsWith('mod ')) continue;
        for (const ref of rustRefs.get(`${h.file}\n${imp.specifier}`) ?? []) {
          if (ref.item === undefined || !itemsOf.has(ref.target)) continue;
          const segments = imp.specifier.split('::');
          const item = ref.item.split('::');
          const head = item[0]!;
          const prefix = [...segments.slice(0, segments.length - item.length), head].join('::');
          const found = external(ref.target, head, item.slice(1), new Set());
          if (found === undefined) continue;
          aliases[prefix] = found;
          any = true;
          break;
        }
      }
      if (!any) continue;
      const read = await tryRead(options.readSource, h.file, cache);
      if (read.kind !== 'text') continue;
      const cargo = await cargoOf(dirname(h.file));
      const again: ScanSourceOptions = { file: h.file, rustPathAliases: aliases };
      if (cargo !== undefined && Object.keys(cargo.facts.renames).length > 0) again.rustCrateRenames = cargo.facts.renames;
      if (cargo !== undefined) again.rustPackageDir = cargo.dir;
      const pathDeps = info.pathDeps;
      if (pathDeps !== undefined && Object.keys(pathDeps).length > 0) again.rustPathCrates = Object.keys(pathDeps);
      // The file was scanned once already: the same scanner cannot fail on it now.
      const scanned = scanSource(read.text, again);
      h.findings = scanned.findings.map((f) => builtAt(h.file, h.chain.length > 0 ? { ...f, chain: [...h.chain, h.file] } : f));
      h.items = scanned.rustItems;
    }
  }

  /**
   * A class a local Python module defines that keeps a library class's constructor (`class
   * Digits(MNIST): pass` in data.py) is that library class in a file that imports it by name
   * (`from .data import Digits`): such a file is scanned again with the name bound to the library
   * class, so `Digits(root, download=True)` downloads there, as a direct `MNIST(…)` call does.
   * One level: the class must be defined in the module the import leads to.
   */
  function pythonKeptImports(): void {
    if (pyKept.size === 0) return;
    const replaced = new Map<ScanFinding, ScanFinding[]>();
    const dropped = new Set<ScanFinding>();
    for (const h of pyHeld) {
      const classes: Record<string, string> = Object.create(null) as Record<string, string>;
      const modules: Record<string, Record<string, string>> = Object.create(null) as Record<string, Record<string, string>>;
      let any = false;
      for (const imp of h.imports) {
        const target = pythonTargets.get(imp);
        const kept = target === undefined ? undefined : pyKept.get(target);
        if (kept === undefined) continue;
        const m = /^from (\S+) import (\S+)$/.exec(imp.specifier);
        if (m !== null && Object.hasOwn(kept, m[2]!)) classes[imp.specifier] = kept[m[2]!]!;
        // The module itself (`import pkg.data`; `from pkg import data` that found `data.py` or `data/__init__.py`):
        // its classes are reached as members (`pkg.data.Digits`, `data.Digits`).
        else if (m === null || target!.endsWith(`/${m[2]}.py`) || target!.endsWith(`/${m[2]}/__init__.py`)) modules[imp.specifier] = kept;
        else continue;
        any = true;
      }
      if (!any) continue;
      const options: ScanSourceOptions = { file: h.file, pythonImportedClasses: classes, pythonImportedModuleClasses: modules };
      if (h.own !== undefined) options.pythonOwnPackages = h.own;
      // The file was scanned once already: the same scanner cannot fail on it now.
      const again = scanSource(h.text, options);
      const shown = again.findings.map((f) => (h.chain.length > 0 ? { ...f, chain: [...h.chain, h.file] } : f));
      for (const f of shown) {
        const group = f.id === 'network.python-model-download' || f.id === 'network.python-data-download' ? hubOfflineGroup((f.identifier ?? '').split('.')[0]!) : -1;
        if (group >= 0) hubLoads.push({ finding: f, file: h.file, imports: again.imports, group });
      }
      if (h.shown.length === 0) {
        findings.push(...shown);
        continue;
      }
      replaced.set(h.shown[0]!, shown);
      for (const f of h.shown.slice(1)) dropped.add(f);
    }
    if (replaced.size === 0 && dropped.size === 0) return;
    const next = findings.flatMap((f) => replaced.get(f) ?? (dropped.has(f) ? [] : [f]));
    findings.length = 0;
    findings.push(...next);
  }

  /** What the Python module at `path` does to the hub's offline switch (`none` when it cannot be read or tokenized). */
  async function hubStateOf(path: string, group: number): Promise<'offline' | 'online' | 'none'> {
    let state = hubStates.get(`${group}:${path}`);
    if (state === undefined) {
      const read = await tryRead(options.readSource, path, cache);
      try {
        state = read.kind === 'text' ? pythonHubState(read.text, path, group) : 'none';
      } catch {
        state = 'none';
      }
      hubStates.set(`${group}:${path}`, state);
    }
    return state;
  }

  /**
   * Whether the Hugging Face hub is already switched offline when the Python module `file` imports
   * its libraries, by another module that runs first and sets the switch as one file must
   * (`os.environ["HF_HUB_OFFLINE"] = "1"` at module level, ahead of its own import of them): the
   * `__init__.py` of a package holding the file (Python runs each, outermost first, before a
   * module of the package; one that imports the libraries without the switch ends the search),
   * or a local module the file imports, and the scan followed, before its first import of them.
   * `group` picks the switch and the libraries (PYTHON_HUB_OFFLINE: the hub's, or datasets').
   */
  async function hubOfflineBefore(file: string, imports: readonly ImportRecord[], group: number): Promise<boolean> {
    const inits: string[] = [];
    for (let dir = dirname(file), depth = 0; depth < 32 && (await hasInit(dir)); depth++) {
      const init = `${dir === '/' ? '' : dir}/__init__.py`;
      if (init !== file) inits.unshift(init);
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    for (const init of inits) {
      const state = await hubStateOf(init, group);
      if (state === 'offline') return true;
      if (state === 'online') return false;
    }
    const packages: readonly string[] = PYTHON_HUB_OFFLINE[group]!.packages;
    const before = (a: ImportRecord, b: ImportRecord): boolean => a.line < b.line || (a.line === b.line && a.column < b.column);
    const hub = imports.filter((imp) => packages.includes(pythonModuleOf(imp.specifier).split('.')[0]!));
    for (const imp of imports) {
      const target = pythonTargets.get(imp);
      if (target === undefined || hub.some((h) => !before(imp, h))) continue;
      const state = await hubStateOf(target, group);
      if (state === 'offline') return true;
      if (state === 'online') return false;
    }
    return false;
  }

  /**
   * The findings of the Rust files read: whole for an entry file and the module tree below it
   * (`mod x;`) unless only private `mod x;` declarations reach the file, and for a file reached only
   * through paths (`crate::store::dir()`) or private declarations, those of the
   * items reached: the items the paths name, what those items name in turn (items of the same
   * file by name, other files' items by path, and the methods of any `impl` or `trait` of the
   * files read whose name a reached item calls on a value, since the value's type is not known),
   * and the file level (`use` declarations, top-level macros). A glob import of a local module, or
   * a path to a name no item of its file declares (a re-export, an item a macro makes), counts
   * that file whole, and its findings say why.
   */
  function rustReach(): ScanFinding[] {
    const byFile = new Map(rustHeld.map((h) => [h.file, h]));
    const whole = new Map<string, string | undefined>();
    const reached = new Map<string, Set<string>>();
    const methodOwners = new Map<string, Array<{ file: string; name: string }>>();
    for (const h of rustHeld) for (const item of h.items?.items ?? []) for (const m of item.defines) {
      const list = methodOwners.get(m);
      if (list === undefined) methodOwners.set(m, [{ file: h.file, name: item.name }]);
      else list.push({ file: h.file, name: item.name });
    }
    const work: Array<{ file: string; name: string | undefined; why?: string; fromUse?: boolean }> = [];
    // A file of the module tree below a file given counts whole, unless only private `mod x;`
    // declarations reach it: then, as for a file reached by a path, the items the crate names, and
    // its items with an attribute that may run them unnamed (`#[no_mangle]`, `#[tool_router]`).
    const narrowed = (file: string): boolean => rustPrivateMods.has(file) && byFile.get(file)?.chain.length !== 0;
    for (const h of rustHeld) {
      if (h.chain.length === 0 || (rustModTree.has(h.file) && !narrowed(h.file)) || h.items === undefined) work.push({ file: h.file, name: undefined });
      else if (narrowed(h.file)) {
        work.push({ file: h.file, name: '', fromUse: true });
        for (const item of h.items.items) if (item.root === true) work.push({ file: h.file, name: item.name });
      }
    }
    const seenMethods = new Set<string>();
    const refs = (file: string, r: RustItemRefs, fromFileLevel: boolean): void => {
      for (const name of r.calls) work.push({ file, name });
      for (const spec of r.paths) {
        for (const to of rustRefs.get(`${file}\n${spec}`) ?? []) {
          if (!byFile.has(to.target)) continue;
          // A `use` of a module names no item (its uses through the name do); a path to the module itself from code counts it whole.
          if (to.item === undefined && fromFileLevel) continue;
          work.push({ file: to.target, name: to.item, why: to.item === undefined ? `named as a module by ${file}` : undefined, fromUse: fromFileLevel });
        }
      }
      // A name a glob import may bring in: the items of that name of the modules the file imports
      // with a glob (or that those re-export with a glob or by name); when none declares it (an
      // item a macro makes), the glob's files count whole, as before, unless it is a type name and
      // the file also imports a crate's path with a glob (`use rmcp::model::*;` brings `Content`).
      if (r.unresolved !== undefined) {
        const targets = globTargets(file);
        const foreign = byFile.get(file)?.items?.foreignGlobs === true;
        for (const name of targets.length === 0 ? [] : r.unresolved) {
          const found = globItems(targets, name);
          if (found.length > 0) for (const to of found) work.push({ file: to.file, name: to.name });
          else if (!foreign || !/^[A-Z]/.test(name)) for (const target of targets) work.push({ file: target, name: undefined, why: `a glob import in ${file} (${name} is declared by no item of it)` });
        }
      }
      for (const m of r.methods) {
        if (seenMethods.has(m)) continue;
        seenMethods.add(m);
        // `Reader.run`: the receiver's type is known, so only the impls and traits of that type
        // name define the method called (all of them when the files read have none: a trait's
        // default method, a Deref target).
        const dot = m.indexOf('.');
        const owners = methodOwners.get(dot < 0 ? m : m.slice(dot + 1)) ?? [];
        const typed = dot < 0 ? [] : owners.filter((o) => o.name === m.slice(0, dot) || o.name.endsWith(`::${m.slice(0, dot)}`));
        for (const owner of typed.length > 0 ? typed : owners) work.push(owner);
      }
    };
    /** The files of the local modules `file` imports with a glob. */
    const globTargets = (file: string): string[] => {
      const out: string[] = [];
      for (const glob of byFile.get(file)?.items?.globs ?? []) {
        for (const to of rustRefs.get(`${file}\n${glob}`) ?? []) if (byFile.has(to.target) && !out.includes(to.target)) out.push(to.target);
      }
      return out;
    };
    /** The items named `name` of the files `targets` (through their own globs and named re-exports, a few levels deep). */
    const itemNames = new Map<string, Set<string>>();
    const globItems = (targets: readonly string[], name: string): Array<{ file: string; name: string }> => {
      const out: Array<{ file: string; name: string }> = [];
      const seen = new Set<string>();
      let level = [...targets];
      for (let depth = 0; depth < 8 && level.length > 0 && out.length === 0; depth++) {
        const next: string[] = [];
        for (const target of level) {
          if (seen.has(target)) continue;
          seen.add(target);
          const items = byFile.get(target)?.items;
          if (items === undefined) continue;
          let names = itemNames.get(target);
          if (names === undefined) itemNames.set(target, (names = new Set(items.items.map((item) => item.name))));
          if (names.has(name)) out.push({ file: target, name });
          for (const spec of items.file.paths) {
            if (!spec.endsWith(`::${name}`)) continue;
            for (const to of rustRefs.get(`${target}\n${spec}`) ?? []) if (byFile.has(to.target)) out.push({ file: to.target, name: to.item ?? name });
          }
          next.push(...globTargets(target));
        }
        level = next;
      }
      return out;
    };
    const opened = new Set<string>();
    for (let w = 0; w < work.length; w++) {
      const { file, name, why, fromUse } = work[w]!;
      const held = byFile.get(file);
      if (held === undefined || whole.has(file)) continue;
      const info = held.items;
      if (!opened.has(file) && info !== undefined) {
        opened.add(file);
        refs(file, info.file, true);
        // A file read with no item facts (not analyzed) behind a glob counts whole.
        for (const target of globTargets(file)) if (byFile.get(target)?.items === undefined) work.push({ file: target, name: undefined, why: `a glob import in ${file}` });
      }
      // '' opens a file without naming an item (a private module's file: its file level counts).
      if (name === '') continue;
      // The item a path names: the longest prefix of it an item has as its name (`Store::new` is
      // `Store`); a path naming an inline module (`safe`) is its items, none when only a file-level
      // `use` names it (its uses through the name name items).
      let matching: RustItems['items'] = [];
      let key = name;
      if (info !== undefined && name !== undefined) {
        const parts = name.split('::');
        for (let n = parts.length; n >= 1 && matching.length === 0; n--) {
          key = parts.slice(0, n).join('::');
          matching = info.items.filter((item) => item.name === key);
        }
        if (matching.length === 0 && info.items.some((item) => item.name.startsWith(`${name}::`))) {
          if (fromUse) continue;
          key = name;
          matching = info.items.filter((item) => item.name.startsWith(`${name}::`));
        }
      }
      if (name === undefined || info === undefined || matching.length === 0) {
        // Whole: an entry or module-tree file, a glob, or a name none of its items declares.
        whole.set(file, held.chain.length === 0 || (rustModTree.has(file) && !narrowed(file)) ? undefined : why ?? (name === undefined ? undefined : `${name} is declared by no item of it`));
        for (const item of info?.items ?? []) refs(file, item, false);
        continue;
      }
      let set = reached.get(file);
      if (set === undefined) reached.set(file, (set = new Set()));
      if (set.has(key!)) continue;
      for (const item of matching) set.add(item.name);
      set.add(key!);
      for (const item of matching) refs(file, item, false);
    }
    const out: ScanFinding[] = [];
    for (const h of rustHeld) {
      if (whole.has(h.file)) {
        const why = whole.get(h.file);
        for (const f of h.findings) out.push(why !== undefined && f.kind === 'capability' ? { ...f, detail: `${f.detail === undefined ? '' : `${f.detail}; `}counted for the whole file: ${why}` } : f);
        continue;
      }
      if (!opened.has(h.file)) continue;
      const names = reached.get(h.file) ?? new Set<string>();
      const items = h.items!;
      for (const f of h.findings) {
        const owners = f.kind === 'capability' ? items.owners[rustFindingKey(f)] : undefined;
        if (owners === undefined || owners.some((o) => o < 0 || names.has(items.items[o]!.name))) out.push(f);
      }
    }
    return out;
  }

  /**
   * The nearest directory at or above `dir` that holds a project file (package.json, deno.json(c),
   * pyproject.toml, setup.py, setup.cfg, go.mod, Cargo.toml), or undefined.
   */
  async function projectRootOf(dir: string): Promise<string | undefined> {
    for (let d = dir, k = 0; k < 64; k++) {
      for (const name of PROJECT_ROOT_FILES) if ((await tryRead(options.readSource, joinPath(d, name), cache)).kind === 'text') return d;
      const up = dirname(d);
      if (up === d || up === '' || up === '.') return undefined;
      d = up;
    }
    return undefined;
  }

  /**
   * Follow a relative specifier (relative to `from`) to the first candidate that exists and queue
   * it; returns why it could not be followed, or undefined.
   */
  async function followRelative(specifier: string, from: string, importer: string, imp: ImportRecord, chain: string[], shown: string, fromRoot = false): Promise<string | undefined> {
    // A script a Python file runs by path (`runpy.run_path('tools/x.py')`) is that file, not a module.
    const scriptPath = imp.script !== undefined && isPythonSpecifier(specifier) === false && pythonImporters.has(importer);
    // Python has no package.json `main` and no JSON candidates.
    const js = scriptPath || !isPythonSpecifier(specifier);
    let candidates: readonly string[];
    if (scriptPath) candidates = [joinPath(dirname(from), specifier)];
    else if (options.resolve !== undefined) candidates = resolve(specifier, from);
    else if (!js) {
      const ordered = await pythonFromImport(specifier, resolve(specifier, from), importer, chain);
      if (ordered === 'namespace') return undefined;
      candidates = ordered;
    } else {
      let groups = candidateGroups(specifier, from);
      // A directory import (`require('..')`, `import './lib'`) loads its package.json `main` before `index.*`.
      const packageJson = directoryPackageJson(specifier, from);
      if (packageJson !== undefined) {
        const manifest = await tryRead(options.readSource, packageJson, cache);
        if (manifest.kind === 'text') groups = withPackageMain(groups, packageJson, manifest.text);
      }
      candidates = [...groups.tried, ...groups.fallback];
    }
    if (candidates.length === 0) return undefined;
    let target: string | undefined;
    let failure: string | undefined;
    const missed = new Set<string>();
    for (const candidate of candidates) {
      if (visited.has(candidate)) {
        target = candidate;
        break;
      }
      const read = await tryRead(options.readSource, candidate, cache);
      // `require('./package')` that finds `package.json`: data, like an import with `.json`, not
      // followed; `require('./addon')` that finds `addon.node`: native code, not analyzed.
      const ext = js && options.resolve === undefined ? extensionOf(candidate) : '';
      if ((ext === '.json' || ext === '.node') && read.kind !== 'missing') {
        return ext === '.json' ? undefined : `import ${shown} resolves to ${candidate}, a native addon (native code the scanner cannot read)`;
      }
      if (read.kind === 'text') {
        target = candidate;
        break;
      }
      if (read.kind === 'error' && failure === undefined) failure = `${candidate}: ${read.message}`;
      // Neither `m.py` nor `m/__init__.py`: Python looks for a compiled `m.*.so` next.
      const compiled = js ? undefined : await compiledAfterMiss(candidate, missed);
      if (compiled !== undefined) return firstCompiledImport(importer, compiled) ? `import ${shown} resolves to ${compiled}, ${COMPILED_EXTENSION}` : undefined;
    }
    if (target === undefined) {
      // A worker's plain path is resolved against the working directory at run time: not
      // finding it beside this file says nothing.
      // Nor beside it: a server runs from its project's root, where `spawn('node', ['test/x.js'])`
      // and `runpy.run_path('tools/x.py')` find their file.
      if (imp.script === 'guess' && failure === undefined) {
        const root = fromRoot ? undefined : await projectRootOf(dirname(from));
        return root !== undefined && root !== dirname(from) ? followRelative(specifier, joinPath(root, '(root)'), importer, imp, chain, shown, true) : undefined;
      }
      const what = imp.script !== undefined ? 'script (run by a worker or forked process)' : 'import';
      return `${what} ${shown} ${failure !== undefined ? `cannot be read (${failure})` : `resolves to no file (tried ${candidates.length} candidates, first ${candidates[0]})`}`;
    }
    if (!js) {
      await compiledBeside(target, importer, chain, imp, shown);
      pythonTargets.set(imp, target);
    } else jsTargets.set(imp, target);
    if (!visited.has(target)) queue.push({ file: target, chain: [...chain, importer] });
    return undefined;
  }

  /**
   * The candidates of `from M import x` in the order Python settles it (`_handle_fromlist`): an
   * attribute `x` that M's own file (`M/__init__.py` or `M.py`) binds at its top level comes
   * first, so only that file is the import (a binding inside a block may not run: the file is
   * queued and the submodule tried as well); else the submodule `M/x/__init__.py`, `M/x.py`; else
   * a directory `M/x` is a namespace package (no code runs: 'namespace', when directories can be
   * listed); else M's file (its names may come from a star import). Other imports keep their
   * candidates.
   */
  async function pythonFromImport(specifier: string, candidates: string[], importer: string, chain: string[]): Promise<string[] | 'namespace'> {
    const name = pythonImportedName(specifier);
    if (name === undefined || candidates.length < 3 || !candidates[0]!.endsWith(`/${name}/__init__.py`) || !candidates[1]!.endsWith(`/${name}.py`)) return candidates;
    const submodule = candidates.slice(0, 2);
    const moduleFiles = candidates.slice(2);
    for (const file of moduleFiles) {
      const read = await tryRead(options.readSource, file, cache);
      if (read.kind !== 'text') continue;
      let names = moduleNames.get(file);
      if (names === undefined) moduleNames.set(file, (names = pythonModuleNames(read.text) ?? new Map()));
      const conditional = names.get(name);
      if (conditional === false) return [file];
      if (conditional === true && !visited.has(file)) queue.push({ file, chain: [...chain, importer] });
      break;
    }
    const list = (options.readSource as ReadSourceWithListing).listDirectory;
    if (list !== undefined) {
      let found = false;
      for (const c of submodule) if ((await tryRead(options.readSource, c, cache)).kind !== 'missing') found = true;
      const stem = submodule[1]!.slice(0, -3);
      if (!found && (await compiledModule(stem)) === undefined) {
        let listed: readonly string[] | undefined;
        try {
          listed = await list(stem);
        } catch {
          listed = undefined;
        }
        if (listed !== undefined) return 'namespace';
      }
    }
    return candidates;
  }

  /**
   * A Python module file `m.py` that an import resolved to, with a compiled `m.*.so` beside it:
   * Python loads the extension module, not the source (extensions come first in each directory),
   * so the import is not analyzed, whatever the source says (it is still followed).
   */
  async function compiledBeside(target: string, importer: string, chain: string[], imp: ImportRecord, shown: string): Promise<void> {
    if (!target.endsWith('.py') || target.endsWith('/__init__.py')) return;
    const compiled = await compiledModule(target.slice(0, -3));
    if (compiled !== undefined && firstCompiledImport(importer, compiled)) findings.push(notAnalyzedImport(importer, chain, imp, `import ${shown} resolves to ${compiled}, ${COMPILED_EXTENSION}, which Python loads instead of ${target}`));
  }

  /**
   * After a Python candidate `m.py` or `m/__init__.py` was not found: once both were missed, the
   * compiled extension module `m` beside them (`m.cpython-311-x86_64-linux-gnu.so`, `m.pyd`), if any.
   */
  async function compiledAfterMiss(candidate: string, missed: Set<string>): Promise<string | undefined> {
    const stem = candidate.endsWith('/__init__.py') ? candidate.slice(0, -'/__init__.py'.length) : candidate.endsWith('.py') ? candidate.slice(0, -3) : undefined;
    if (stem === undefined) return undefined;
    if (!missed.has(stem)) {
      missed.add(stem);
      return undefined;
    }
    return compiledModule(stem);
  }

  /** The compiled extension module `stem.*.so` (or `.pyd`) beside a Python module's path, if any. */
  async function compiledModule(stem: string): Promise<string | undefined> {
    const dir = dirname(stem);
    const name = stem.slice(stem.lastIndexOf('/') + 1);
    const list = (options.readSource as ReadSourceWithListing).listDirectory;
    if (list !== undefined) {
      let names = listings.get(dir);
      if (names === undefined) {
        try {
          names = (await list(dir)) ?? [];
        } catch {
          names = [];
        }
        listings.set(dir, names);
      }
      const hit = names.find((n) => isPythonExtensionOf(n, name));
      return hit === undefined ? undefined : `${dir === '/' ? '' : dir}/${hit}`;
    }
    for (const guess of pythonExtensionGuesses(stem)) if ((await tryRead(options.readSource, guess, cache)).kind !== 'missing') return guess;
    return undefined;
  }

  /**
   * A bare specifier that the nearest tsconfig.json/jsconfig.json maps to a file: `paths` (each
   * target of the matching pattern in order), else `baseUrl` when the file exists there. Returns
   * false when the specifier stays a package: no alias matches, a target is under node_modules or
   * only a declaration file (`.d.ts`), or only the catch-all `*` matched (TypeScript then falls
   * back to node_modules). A `paths` match that resolves to no file is not analyzed.
   */
  async function followPathAlias(imp: ImportRecord, importer: string, chain: string[]): Promise<boolean> {
    const config = await tsconfigOf(importer);
    if (config === undefined) return false;
    const mapped = tsconfigPathTargets(imp.specifier, config);
    if (mapped === undefined) {
      if (config.baseUrl === undefined) return false;
      const target = fromImporter(joinPath(config.baseUrl, imp.specifier), importer);
      if (resolve(target, importer).length === 0) return false;
      return (await followRelative(target, importer, importer, imp, chain, `"${imp.specifier}"`)) === undefined;
    }
    let firstFailure: string | undefined;
    for (const target of mapped.targets) {
      if (/(?:^|\/)node_modules\//.test(target) || target.endsWith('.d.ts') || target.endsWith('.d.mts') || target.endsWith('.d.cts')) return false;
      const failed = await followRelative(fromImporter(target, importer), importer, importer, imp, chain, `"${imp.specifier}" (${target}, by "${mapped.pattern}" in ${config.file})`);
      if (failed === undefined) return true;
      const stem = target.replace(/\.[cm]?[jt]sx?$/, '');
      for (const declaration of [`${stem}.d.ts`, `${target}/index.d.ts`]) if ((await tryRead(options.readSource, declaration, cache)).kind === 'text') return false;
      firstFailure ??= failed;
    }
    if (mapped.pattern === '*') return false;
    findings.push(notAnalyzedImport(importer, chain, imp, firstFailure ?? `import "${imp.specifier}" matches "${mapped.pattern}" in ${config.file}, which maps it to nothing`));
    return true;
  }

  /**
   * A Python module of the project's own named like a protocol package (`caldav_client.py`,
   * `webdav_tools.py` beside the server) is no such package: the importer's findings of the rows
   * that match module names by a pattern (`network.python-dav-package`), for the top-level names its
   * imports found as local files, are dropped; the local file is followed and reports what it does.
   */
  function dropLocalPatternMatches(): void {
    if (pythonLocalTops.size === 0) return;
    for (let k = findings.length - 1; k >= 0; k--) {
      const f = findings[k]!;
      if (f.id === PYTHON_DAV_ROW && f.file !== undefined && f.identifier !== undefined && pythonLocalTops.get(f.file)?.has(f.identifier) === true) findings.splice(k, 1);
    }
  }

  /**
   * An absolute Python import (`import helpers`, `from tools.files import x`): followed when it
   * names a module beside the importing file's top-level package (walk up while `__init__.py`
   * exists; that parent is the root), beside the entry file, or in the importer's own top-level
   * package (see `python-own-packages.ts`); not analyzed when its first segment is such a local
   * module but the rest resolves to no file; otherwise a package, by name. An installation root
   * (`site-packages`, `dist-packages`, one holding `*.dist-info`) holds only the importer's own
   * top-level name as local.
   * The importing file itself is no candidate, and an entry file inside a package (its directory
   * holds `__init__.py`) is imported as part of that package, so a first segment found only beside
   * it does not make the import "not analyzed".
   */
  async function followPythonAbsolute(imp: ImportRecord, importer: string, chain: string[]): Promise<void> {
    const module = pythonModuleOf(imp.specifier);
    if (!follow || imp.kind === 'builtin') {
      packages.add(module);
      return;
    }
    let root = dirname(importer);
    while (await hasInit(root)) {
      const up = dirname(root);
      if (up === root) break;
      root = up;
    }
    const entryDir = dirname(chain[0] ?? importer);
    const top = module.split('.')[0]!;
    // The importing file's own top-level package (also a namespace package) resolves where it sits.
    const ownRoot = ownOf.get(importer)?.get(top);
    // In an installation directory (`site-packages`), only the importing file's own distribution
    // is local code: another top-level name there is an installed package, as in node_modules.
    const roots: string[] = [];
    for (const base of new Set([...(ownRoot === undefined ? [] : [ownRoot]), root, entryDir])) {
      if (base === ownRoot || topLevelNameIn(base, importer) === top || !(await installDir(base))) roots.push(base);
    }
    // A project with a src layout (`pyproject.toml` beside `src/<top>/`): installed, even editable,
    // its package is this source, after the script's own directory on sys.path.
    for (const base of new Set([root, entryDir])) {
      const src = joinPath(base, 'src');
      if (roots.includes(src) || !(await isPythonProject(base))) continue;
      for (const candidate of pythonAbsoluteCandidates(top, src)) {
        if ((await tryRead(options.readSource, candidate, cache)).kind !== 'text') continue;
        roots.push(src);
        break;
      }
    }
    // A module never imports itself by an absolute name: `import anthropic` in a package's
    // `handlers/anthropic.py` is the anthropic package, not the file beside the entry.
    const self = joinPath('.', importer);
    for (const base of roots) {
      const missed = new Set<string>();
      const all = pythonAbsoluteCandidates(imp.specifier, base);
      // Through its own package a module may import itself (`from pkg.table import Table` in
      // pkg/table.py, under `if __name__ == "__main__":`): Python hands back the module, nothing more to read.
      const selfImport = base === ownRoot && all.includes(self);
      const ordered = await pythonFromImport(imp.specifier, all.filter((c) => c !== self), importer, chain);
      if (ordered === 'namespace') return;
      for (const candidate of ordered) {
        if (selfImport && all.indexOf(candidate) > all.indexOf(self)) return;
        if (visited.has(candidate) || (await tryRead(options.readSource, candidate, cache)).kind === 'text') {
          await compiledBeside(candidate, importer, chain, imp, `"${imp.specifier}"`);
          pythonTargets.set(imp, candidate);
          if (base !== ownRoot) pythonLocalTops.set(importer, (pythonLocalTops.get(importer) ?? new Set()).add(top));
          if (!visited.has(candidate)) queue.push({ file: candidate, chain: [...chain, importer] });
          return;
        }
        const compiled = await compiledAfterMiss(candidate, missed);
        if (compiled !== undefined) {
          if (firstCompiledImport(importer, compiled)) findings.push(notAnalyzedImport(importer, chain, imp, `import "${imp.specifier}" resolves to ${compiled}, ${COMPILED_EXTENSION}`));
          return;
        }
      }
      if (selfImport) return;
    }
    const entryInPackage = entryDir !== root && (await hasInit(entryDir));
    for (const base of entryInPackage ? roots.filter((b) => b !== entryDir) : roots) {
      for (const local of pythonAbsoluteCandidates(top, base)) {
        if (local === self || (await tryRead(options.readSource, local, cache)).kind !== 'text') continue;
        findings.push(notAnalyzedImport(importer, chain, imp, `import "${imp.specifier}" names the local module ${local} but resolves to no file (tried ${pythonAbsoluteCandidates(imp.specifier, base).join(', ')})`));
        return;
      }
    }
    packages.add(module);
  }

  /**
   * A Go file: the files of its package (same directory and package clause) that declare a name it
   * uses (a bare name, a method or field name, `init`) are queued; an import inside the server's
   * module (the nearest go.mod's `module` path) is followed to the files of that directory that
   * declare the names used from it (`store.Read`), and `init` (all its files when a name is
   * declared in none, or none is used: a blank import). Files that run at load (`init`,
   * initializers, blank imports that count), files with methods the standard library calls on a
   * type used (`String`, `ServeHTTP`), and the load-time files of the local packages that any file
   * of a reached package imports come too. Standard library and third-party imports
   * are recorded by name. Without a directory lister a package is the files given: a name that
   * none of them declares is not analyzed.
   */
  async function followGo(file: string, text: string, imports: readonly ImportRecord[], chain: string[]): Promise<void> {
    const symbols = symbolsOf(file, text);
    const dir = dirname(file);
    if (follow) {
      // A method this file calls on a value may be declared in a local package it does not import
      // (`lib.New()` returns a `*lib2.Client`; `c.Fetch()` is in lib2): the packages already
      // followed bring in their files declaring the new names, and packages followed later see them.
      // A method called only on values whose struct type in the package is known
      // (`h.srv.reader().Pull(u)`) needs only the files declaring it on that type, not every
      // method of that name in the package.
      const facts = await goSiblingFacts(file, text);
      const owned = facts === undefined ? new Map<string, Set<string>>() : goMethodOwners(text, facts);
      const selectors = [...symbols.selectors].filter((n) => !owned.has(n));
      const added = new Set(selectors.filter((n) => !goSelectors.has(n)));
      for (const n of added) goSelectors.add(n);
      if (added.size > 0) for (const listed of goLocalDirs.values()) await enqueueDeclaring(listed, new Set(), file, chain, false, added);
      const siblings = await go.files(dir, symbols.packageName);
      if (siblings.kind === 'files') await followPackageInits(siblings.files, await enqueueDeclaring(siblings.files, new Set([...symbols.bare.keys(), ...symbols.predeclared, ...selectors, 'init']), file, chain, false, new Set(), owned), file, chain);
      else if (!symbols.dotImports) {
        const missing = await undeclared(dir, new Set(symbols.bare.keys()), file);
        if (missing.length > 0) {
          const why = siblings.kind === 'error' ? `cannot be listed: ${siblings.message}` : 'cannot be listed here: add the files that declare them to the tool\'s handlers';
          const at = symbols.bare.get(missing[0]!)!;
          findings.push(notAnalyzedImport(file, chain, { specifier: '.', kind: 'relative', typeOnly: false, ...at }, `uses ${quoteNames(missing)}, declared in another file of ${dir}, whose files ${why}`));
        }
      }
    }
    for (const imp of imports) {
      const module = imp.kind === 'builtin' || !follow ? undefined : await go.module(dir);
      const local = module === undefined ? undefined : goLocalDir(imp.specifier, module);
      if (local === undefined) {
        packages.add(imp.specifier);
        continue;
      }
      let names = symbols.qualified.get(imp.specifier) ?? new Set<string>();
      const listed = await go.files(local);
      // Imported without an alias, the package is named by its package clause, which may differ
      // from the conventional name (`example.com/m/util` declaring `package helpers`).
      const real = listed.kind === 'files' && symbols.unaliased.has(imp.specifier) ? await packageNameOf(listed.files) : undefined;
      if (real !== undefined && real !== goDefaultImportName(imp.specifier)) names = symbols.selectorsOf.get(real) ?? new Set<string>();
      const where = `the local package ${local} (module ${module!.path} in ${module!.root}/go.mod)`;
      if (listed.kind === 'files' && listed.files.length > 0) {
        // Methods called on the package's values (`var c lib.Client; c.Send()`) may sit in another
        // of its files: the files declaring the selectors of the files reached so far come too.
        goLocalDirs.set(local, listed.files);
        await followPackageInits(listed.files, await enqueueDeclaring(listed.files, new Set([...names, 'init']), file, chain, names.size === 0, goSelectors), file, chain);
      } else if (listed.kind === 'unlisted') {
        const missing = await undeclared(local, names);
        if (missing.length > 0 || !given(local)) findings.push(notAnalyzedImport(file, chain, imp, `import "${imp.specifier}" names ${where}, whose files cannot be listed here${missing.length > 0 ? ` (${quoteNames(missing)} declared in none of the files given)` : ''}: add its files to the tool's handlers`));
      } else {
        findings.push(notAnalyzedImport(file, chain, imp, `import "${imp.specifier}" names ${where}, but ${listed.kind === 'error' ? `its directory cannot be listed: ${listed.message}` : 'the directory does not exist or has no Go files'}`));
      }
    }
  }

  /** The package clause of a package's files (the first one that has one). */
  async function packageNameOf(files: readonly string[]): Promise<string | undefined> {
    for (const f of files) {
      const name = (await symbolsAt(f))?.packageName;
      if (name !== undefined) return name;
    }
    return undefined;
  }

  /**
   * A Rust file: crates are recorded by name; the crate's own modules it names are followed to
   * their files (`mod tools;` to `tools.rs` or `tools/mod.rs` beside it or in its module
   * directory, `crate::util::run` to `src/util/run.rs`, …, `src/util.rs`, else the crate root
   * `src/lib.rs` or `src/main.rs`, `super::x` and `self::x` from the file's module). A `mod` or
   * `crate::` path that reaches no file is not analyzed; `self::` and `super::` paths that reach
   * none name items of a file already read.
   */
  async function followRust(file: string, imports: readonly ImportRecord[], chain: string[], cargoDir: string | undefined, modsOnly = false, pathDeps?: Readonly<Record<string, { dir: string; lib: string | undefined }>>): Promise<void> {
    rustFiles.set(file, { imports, chain, cargoDir, ...(pathDeps !== undefined ? { pathDeps } : {}) });
    // The module tree below an entry file: its `mod x;` files are followed, and theirs. A file
    // reached only through a path (`crate::store::list`) brings in what its own paths name, not
    // every child module it declares (a `mod` declaration runs nothing).
    const tree = chain.length === 0 || rustModTree.has(file);
    for (const imp of imports) {
      if (imp.kind !== 'relative') {
        if (!modsOnly) packages.add(imp.specifier.split('::')[0]!);
        continue;
      }
      if (!follow) continue;
      const isMod = imp.specifier.startsWith('mod ');
      if ((isMod && !tree) || (modsOnly && !isMod)) continue;
      const wanted = rustTargets(file, imp.specifier, cargoDir);
      if (wanted === undefined) continue;
      const firstOf = async (candidates: readonly string[]): Promise<string | undefined> => {
        for (const candidate of candidates) {
          if (visited.has(candidate) || (await tryRead(options.readSource, candidate, cache)).kind === 'text') return candidate;
        }
        return undefined;
      };
      const target = await firstOf(wanted.candidates);
      if (target === undefined) {
        if (wanted.required) findings.push(notAnalyzedImport(file, chain, imp, wanted.candidates.length === 0 ? `${imp.specifier} names the crate's own code, but no Cargo.toml is above ${file}` : `${imp.specifier} resolves to no file (tried ${wanted.candidates.length} candidates, first ${wanted.candidates[0]})`));
        continue;
      }
      if (!isMod) {
        // A module whose file a cfg_attr picks: the path leads into each build's file.
        const targets = [target];
        for (const group of wanted.also ?? []) {
          const other = await firstOf(group);
          if (other !== undefined && !targets.includes(other)) targets.push(other);
        }
        rustRefs.set(`${file}\n${imp.specifier}`, targets.map((t) => ({ target: t, item: rustItemAfter(t, wanted.rest) })));
        for (const other of targets.slice(1)) if (!visited.has(other)) queue.push({ file: other, chain: [...chain, file] });
      }
      if (isMod) {
        // A module declared without `pub` (by every file declaring it) counts only the items reached.
        const declared = /^mod ([^@?]+)/.exec(imp.specifier)![1]!;
        const own = rustHeld.find((h) => h.file === file)?.items?.privateMods?.includes(declared) === true;
        if (!own) rustPublicMods.add(target);
        else if (!rustPublicMods.has(target)) rustPrivateMods.add(target);
        if (rustPublicMods.has(target)) rustPrivateMods.delete(target);
      }
      if (isMod && !rustModTree.has(target)) {
        rustModTree.add(target);
        // Reached before through a path: its own child modules are followed now.
        const seen = rustFiles.get(target);
        if (seen !== undefined) await followRust(target, seen.imports, seen.chain, seen.cargoDir, true, seen.pathDeps);
      }
      if (!visited.has(target)) queue.push({ file: target, chain: [...chain, file] });
    }
  }

  /** The files a Rust module path of `file` may be in, and whether finding none is a miss to report. */
  function rustTargets(file: string, specifier: string, cargoDir: string | undefined): { candidates: string[]; required: boolean; rest: string[]; also?: string[][] } | undefined {
    // `mod x?`: the default file of a module a cfg_attr may point elsewhere, read when it exists.
    const mod = /^mod ([^@?]+)(\?)?(?:@(.*))?$/.exec(specifier);
    if (mod !== null) {
      if (mod[3] !== undefined) return { candidates: [joinPath(dirname(file), mod[3])], required: true, rest: [] };
      return { candidates: rustModuleCandidates(rustModuleDirs(file), [mod[1]!]), required: mod[2] === undefined, rest: [] };
    }
    const segments = specifier.split('::');
    // `#[path = "helpers/x.rs"] mod util;` then `util::go(…)` (or `self::util::go`): the attribute's file.
    // `#[cfg_attr(unix, path = "u.rs")] #[cfg_attr(windows, path = "w.rs")] mod sys;`: each file,
    // and the default one when it exists, is some build's module; the path leads into each.
    const first = segments[0] === 'self' ? 1 : 0;
    const pathedIn = (declaring: string, name: string, rest: string[]): { candidates: string[]; required: boolean; rest: string[]; also: string[][] } | undefined => {
      const imports = rustFiles.get(declaring)?.imports ?? [];
      const groups = imports.filter((imp) => imp.kind === 'relative' && imp.specifier.startsWith(`mod ${name}@`)).map((imp) => [joinPath(dirname(declaring), imp.specifier.slice(imp.specifier.indexOf('@') + 1))]);
      if (groups.length === 0) return undefined;
      if (imports.some((imp) => imp.kind === 'relative' && imp.specifier === `mod ${name}?`)) groups.push(rustModuleCandidates(rustModuleDirs(declaring), [name]));
      return { candidates: groups[0]!, required: false, rest, also: groups.slice(1) };
    };
    if (segments.length > first + 1) {
      const pathed = pathedIn(file, segments[first]!, segments.slice(first + 1));
      if (pathed !== undefined) return pathed;
    }
    // `crate@helper::run`: the crate root of a path dependency followed (see rustPathDeps), as `crate::` is this crate's.
    if (segments[0]!.startsWith('crate@')) {
      const dep = rustFiles.get(file)?.pathDeps?.[segments[0]!.slice('crate@'.length)];
      if (dep === undefined) return undefined;
      const root = dep.lib ?? joinPath(dep.dir, 'src/lib.rs');
      return { candidates: [...rustModuleCandidates([dirname(root)], segments.slice(1)), root], required: true, rest: segments.slice(1) };
    }
    if (segments[0] === 'crate') {
      if (cargoDir === undefined) return { candidates: [], required: true, rest: [] };
      const src = joinPath(cargoDir, 'src');
      // `crate::sys::x` with the crate root declaring `sys` with path attributes.
      for (const root of segments.length > 2 ? [joinPath(src, 'lib.rs'), joinPath(src, 'main.rs')] : []) {
        const pathed = pathedIn(root, segments[1]!, segments.slice(2));
        if (pathed !== undefined) return { ...pathed, required: true };
      }
      // `crate::net::imp::x` with `src/net.rs` (or `src/net/mod.rs`) declaring `imp` with path
      // attributes, at any depth (deepest declaring module first): that file's declarations, once
      // it has been read (scanner19; only the crate root was looked at before).
      for (let d = segments.length - 2; d >= 2; d--) {
        const declaring = [joinPath(src, `${segments.slice(1, d).join('/')}.rs`), joinPath(src, `${segments.slice(1, d).join('/')}/mod.rs`)];
        for (const parent of declaring) {
          const pathed = pathedIn(parent, segments[d]!, segments.slice(d + 1));
          if (pathed !== undefined) return { ...pathed, required: true };
        }
      }
      return { candidates: [...rustModuleCandidates([src], segments.slice(1)), joinPath(src, 'lib.rs'), joinPath(src, 'main.rs')], required: true, rest: segments.slice(1) };
    }
    if (segments[0] === 'self') return { candidates: rustModuleCandidates(rustModuleDirs(file).slice(0, 1), segments.slice(1)), required: false, rest: segments.slice(1) };
    // super:: (maybe repeated): the parent module's directory, then the parent module's own file.
    let dir = rustModuleDirs(file)[0]!;
    let k = 0;
    while (segments[k] === 'super') {
      dir = dirname(dir);
      k++;
    }
    const rest = segments.slice(k);
    const parentFiles = [joinPath(dir, 'mod.rs'), `${dir}.rs`, joinPath(dir, 'lib.rs'), joinPath(dir, 'main.rs')];
    return { candidates: [...(rest.length > 0 ? rustModuleCandidates([dir], rest) : []), ...parentFiles], required: false, rest };
  }

  /**
   * What the files of a Go file's package (its directory, same package clause) declare at package
   * level, merged once per package (the file's own declarations are among them; its scan prefers
   * them anyway); undefined when the directory cannot be listed or holds no other file.
   */
  async function goSiblingFacts(file: string, text: string): Promise<GoPackageFacts | undefined> {
    const name = goFileHeader(text).name;
    const key = `${dirname(file)}\n${name ?? ''}`;
    if (goPackageCache.has(key)) return goPackageCache.get(key);
    const listed = await go.files(dirname(file), name);
    const merged = listed.kind !== 'files' || !listed.files.some((path) => path !== file) ? undefined : mergeGoPackageFacts(await goFileFacts(listed.files));
    goPackageCache.set(key, merged);
    return merged;
  }

  /** The package-level facts of Go files (each computed once). */
  async function goFileFacts(paths: readonly string[]): Promise<GoPackageFacts[]> {
    const list: GoPackageFacts[] = [];
    for (const path of paths) {
      let facts = goFactsCache.get(path);
      if (facts === undefined) {
        const read = await tryRead(options.readSource, path, cache);
        if (read.kind !== 'text') continue;
        try {
          facts = goPackageFacts(read.text);
        } catch {
          // A sibling the scanner cannot read adds nothing here; scanned itself, it is not analyzed.
          continue;
        }
        goFactsCache.set(path, facts);
      }
      list.push(facts);
    }
    return list;
  }

  /** Symbols of a Go file, computed once per path. */
  function symbolsOf(path: string, text: string): GoSymbols {
    let found = goSymbolCache.get(path);
    if (found === undefined) goSymbolCache.set(path, (found = goSymbols(text)));
    return found;
  }

  async function symbolsAt(path: string): Promise<GoSymbols | undefined> {
    const read = await tryRead(options.readSource, path, cache);
    return read.kind === 'text' ? symbolsOf(path, read.text) : undefined;
  }

  /**
   * Queue the files that declare one of `names` (every file when `all`, or when a name other than
   * `init` is declared in none of them: it may sit in a file this scanner skipped, so stay sound),
   * and those declaring one of `optional` (method names: missing ones may belong to other packages),
   * and for each method name in `owned` those declaring it on one of the receiver types given.
   */
  async function enqueueDeclaring(files: readonly string[], names: ReadonlySet<string>, importer: string, chain: string[], all: boolean, optional: ReadonlySet<string> = new Set(), owned: ReadonlyMap<string, ReadonlySet<string>> = new Map()): Promise<readonly string[]> {
    const picked: string[] = [];
    const found = new Set<string>();
    // Names declared in the package (a built-in called at load may be one of them), read once when needed.
    let declared: Set<string> | undefined;
    const packageDeclares = async (): Promise<Set<string>> => {
      if (declared === undefined) {
        declared = new Set();
        for (const f of files) for (const n of (await symbolsAt(f))?.declares ?? []) declared.add(n);
      }
      return declared;
    };
    for (const candidate of files) {
      if (candidate === importer) continue;
      const symbols = await symbolsAt(candidate);
      const declaredIn = symbols !== undefined && symbols.initBuiltins.size > 0 ? await packageDeclares() : new Set<string>();
      const hits = symbols === undefined ? [] : [...names].filter((n) => symbols.declares.has(n));
      // A method of a known receiver type: the file declaring it on that type.
      if (symbols !== undefined && owned.size > 0) {
        const methods = (await goFileFacts([candidate]))[0]?.methods;
        for (const [n, types] of owned) if ([...types].some((t) => methods?.has(`${t}.${n}`) ?? symbols.declares.has(n))) hits.push(n);
      }
      for (const n of hits) found.add(n);
      // A file with methods the standard library calls through an interface (`String`,
      // `ServeHTTP`) on a type used here comes with the type; a file whose package-level
      // initializers call something, or whose blank import runs an init that counts, runs at
      // load, like `init`.
      const implicit = symbols !== undefined && [...names].some((n) => symbols.implicitReceivers.has(n));
      const builtinRuns = symbols !== undefined && symbols.initBuiltins.size > 0 && [...symbols.initBuiltins].some((n) => declaredIn.has(n));
      if (all || hits.length > 0 || implicit || symbols?.initializes === true || builtinRuns || (symbols !== undefined && (await runsAtLoad(candidate, symbols.blankImports))) || (symbols !== undefined && [...optional].some((n) => symbols.declares.has(n)))) picked.push(candidate);
    }
    const importerSymbols = files.includes(importer) ? await symbolsAt(importer) : undefined;
    const unknown = [...names].some((n) => n !== 'init' && !found.has(n) && !(importerSymbols?.declares.has(n) ?? false));
    // Selectors name methods of other packages' types too: only bare and qualified names must be found.
    const strict = !files.includes(importer);
    const queued = strict && unknown ? files : picked;
    for (const target of queued) if (!visited.has(target) && target !== importer) queue.push({ file: target, chain: [...chain, importer] });
    return queued;
  }

  /**
   * A package reached through `importer` is built whole: the local packages that its files not
   * followed (`files` less `queued`) import are initialized too, so their files that run at load
   * are followed, once per package directory.
   */
  async function followPackageInits(files: readonly string[], queued: readonly string[], importer: string, chain: string[]): Promise<void> {
    const dir = files[0] === undefined ? undefined : dirname(files[0]);
    if (dir === undefined || goInitDirs.has(dir)) return;
    goInitDirs.add(dir);
    for (const other of files) if (other !== importer && !queued.includes(other)) await followImportedInits(other, [...chain, importer]);
  }

  /**
   * The `init` functions and load-time initializers of the local packages that `file` (a file of a
   * package reached, itself not needed) imports: the go tool builds every file of a package, so
   * they run as soon as the package is part of the program.
   */
  async function followImportedInits(file: string, chain: string[]): Promise<void> {
    const symbols = await symbolsAt(file);
    if (symbols === undefined || symbols.imports.length === 0) return;
    const module = await go.module(dirname(file));
    if (module === undefined) return;
    for (const path of symbols.imports) {
      const local = goLocalDir(path, module);
      if (local === undefined) continue;
      const listed = await go.files(local);
      if (listed.kind === 'files' && listed.files.length > 0) await followPackageInits(listed.files, await enqueueDeclaring(listed.files, new Set(['init']), file, chain, false), file, chain);
    }
  }

  /**
   * Whether a blank import of a Go file runs code that counts when its package loads: a package
   * with a row matching at the import (`_ "net/http/pprof"`, `_ "github.com/lib/pq"`) or a
   * package of the module's local code, whose `init` may do anything (`_ "embed"` is neither).
   */
  async function runsAtLoad(file: string, blank: readonly string[]): Promise<boolean> {
    if (blank.length === 0) return false;
    if (blank.some((path) => resolveGoPackage(path) !== undefined)) return true;
    const module = await go.module(dirname(file));
    return module !== undefined && blank.some((path) => goLocalDir(path, module) !== undefined);
  }

  /** Which of `names` no Go file of `dir` among the files given or reached declares. */
  async function undeclared(dir: string, names: ReadonlySet<string>, except?: string): Promise<string[]> {
    const declared = new Set<string>();
    for (const q of queue) {
      if (q.file === except || !isGoFile(q.file) || dirname(q.file) !== dir) continue;
      for (const n of (await symbolsAt(q.file))?.declares ?? []) declared.add(n);
    }
    return [...names].filter((n) => !declared.has(n)).sort();
  }

  /** Whether a Go file of `dir` is among the files given or reached. */
  function given(dir: string): boolean {
    return queue.some((q) => isGoFile(q.file) && dirname(q.file) === dir);
  }

  /**
   * For a TypeScript importer, the source path of a package.json target in the nearest tsconfig's
   * `outDir` (`dist/lib/x.js` → `src/lib/x.js`, whose TypeScript candidates are `src/lib/x.ts`, ...):
   * the path under `rootDir`, else under the package directory, as TypeScript looks for the input
   * file of an output before the output itself. Undefined otherwise.
   */
  async function typescriptInput(target: string, importer: string): Promise<string | undefined> {
    if (!TYPESCRIPT_IMPORTER.test(importer)) return undefined;
    const config = await tsconfigOf(importer);
    if (config?.outDir === undefined || !target.startsWith(`${config.outDir}/`)) return undefined;
    const scope = await packageScope(importer);
    const base = config.rootDir ?? (typeof scope === 'string' ? undefined : dirname(scope.packageJson));
    return base === undefined ? undefined : joinPath(base, target.slice(config.outDir.length + 1));
  }

  /** Whether a directory holds a Python project file (`pyproject.toml`, `setup.py`, `setup.cfg`). */
  async function isPythonProject(dir: string): Promise<boolean> {
    for (const name of PYTHON_PROJECT_FILES) if ((await tryRead(options.readSource, joinPath(dir, name), cache)).kind === 'text') return true;
    return false;
  }

  /** The nearest package.json above a file (Node's package scope), parsed, or why there is none to read. */
  /**
   * A file's import map with the exact keys of its package's `"imports"` whose target in some
   * server runtime is another package (`"#fs": "fs"`, `"#cp": { "node": "child_process" }`) mapped
   * to it, a capability module first: the file's own names for those packages.
   */
  async function withPackageImportAliases(file: string, imports: Readonly<Record<string, string>> | undefined): Promise<Readonly<Record<string, string>> | undefined> {
    const scope = await packageScope(file);
    if (typeof scope === 'string') return imports;
    const field = scope.json['imports'];
    if (field === null || typeof field !== 'object' || Array.isArray(field)) return imports;
    let merged: Record<string, string> | undefined;
    for (const key of Object.keys(field)) {
      if (!key.startsWith('#') || key.includes('*') || (imports !== undefined && Object.hasOwn(imports, key))) continue;
      const targets = (packageImportTargets(key, field) ?? []).filter((t) => !t.startsWith('./') && !t.startsWith('../'));
      const target = targets.find((t) => lookupModule(t) !== undefined) ?? targets[0];
      if (target === undefined) continue;
      merged ??= { ...imports };
      merged[key] = target;
    }
    return merged ?? imports;
  }

  async function packageScope(from: string): Promise<{ packageJson: string; json: Record<string, unknown> } | string> {
    let dir = dirname(from);
    for (let depth = 0; depth < 64; depth++) {
      const packageJson = `${dir === '/' ? '' : dir}/package.json`;
      const read = await tryRead(options.readSource, packageJson, cache);
      if (read.kind === 'error') return `${packageJson} cannot be read (${read.message})`;
      if (read.kind === 'text') {
        let json: unknown;
        try {
          // Keys as written: Deno's JSON.parse may misread an escaped "imports" (escaped-key-stand-ins.ts).
          json = parseKeysAsWritten(read.text);
        } catch {
          return `${packageJson} is not valid JSON`;
        }
        return { packageJson, json: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {} };
      }
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    return 'no package.json above the importing file';
  }

  /**
   * The targets of a package import in the nearest package.json (Node's package scope), or why
   * there are none.
   */
  async function packageImport(specifier: string, from: string): Promise<{ targets: string[]; packageJson: string; field: 'imports' } | string> {
    const scope = await packageScope(from);
    if (typeof scope === 'string') return scope;
    const targets = packageImportTargets(specifier, scope.json['imports']);
    if (targets === undefined) return `no entry of the "imports" field of ${scope.packageJson} matches it`;
    if (targets.length === 0) return `the "imports" field of ${scope.packageJson} maps it to null (not importable) or to conditions no server runtime matches`;
    return { targets, packageJson: scope.packageJson, field: 'imports' };
  }

  /**
   * A bare specifier naming the package of the importing file itself (the nearest package.json's
   * `"name"`, which has `"exports"`): the targets its `"exports"` gives the subpath, or why it
   * has none (Node throws then; it does not look in node_modules). Undefined when the specifier
   * is no self-reference.
   */
  async function selfReference(specifier: string, from: string): Promise<{ targets: string[]; packageJson: string; field: 'exports' } | string | undefined> {
    const scope = await packageScope(from);
    if (typeof scope === 'string') return undefined;
    const name = scope.json['name'];
    const exports = scope.json['exports'];
    if (typeof name !== 'string' || name === '' || exports === undefined || exports === null) return undefined;
    if (specifier !== name && !specifier.startsWith(`${name}/`)) return undefined;
    const subpath = `.${specifier.slice(name.length)}`;
    const targets = packageExportTargets(subpath, exports);
    if (targets === undefined) return `the package names itself, and no entry of the "exports" field of ${scope.packageJson} matches "${subpath}"`;
    if (targets.length === 0) return `the package names itself, and the "exports" field of ${scope.packageJson} maps "${subpath}" to null (not exported) or to conditions no server runtime matches`;
    return { targets, packageJson: scope.packageJson, field: 'exports' };
  }
}
