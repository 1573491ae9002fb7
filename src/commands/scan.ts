/**
 * `mcpfusion scan [PATHS…]`: detect what handler code can do (filesystem, network, subprocess,
 * crypto, code evaluation; environment access as information) and evasion tricks, and check the
 * tool surface for poisoning. This file is the edge: it walks directories and reads files, then
 * hands everything to the pure scanner in `src/scan/`.
 *
 * Modes:
 * - `scan PATHS…`: files or directories (directories are walked for `.js .mjs .cjs .ts .mts .cts
 *   .jsx .tsx .py .pyw .go`, skipping `node_modules`, `__pycache__`, `site-packages`, `dist-packages`, Python virtual
 *   environments (a directory holding `pyvenv.cfg`) and installation directories (holding `*.dist-info`, or
 *   `*.egg-info` outside a project's source tree), Go module `vendor` directories (beside a
 *   `go.mod`), Go files under `testdata` and `_test.go` files, dot-directories, symbolic links and
 *   `.d.ts` files; a path that points into one of them is scanned as given). Relative imports are
 *   followed, and for Go the files of each package and the packages of the server's own module.
 * - `scan` without paths: the config's per-tool handler map (`tools.<name>.handlers`, `allow`),
 *   with each tool's readOnly/destructive claims from its contract (the config's source or a
 *   source flag) or from the config's action overlay.
 * With a contract source (flag or config), the tool surface is scanned for poisoning too.
 *
 * Exit codes: 0 passed; 1 a finding at or above `--fail-on` (default `error`: an error-level
 * violation, a high-confidence evasion or surface finding); 2 bad input; 3 the source failed.
 *
 * @module
 */
import { namesMayLookAlike } from './plain-names.ts';
import { redactShown } from '../sources/output-secrets.ts';
import { open, readFile, readdir, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { CommandSpec, Io } from './command.ts';
import type { ContractSet, Entitlements } from '../contract/types.ts';
import { InputError } from '../errors.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import { boundLine } from '../format/shorten.ts';
import { boolFlag, formatFlag, refuseUnreadFlags, stringFlag, type Flags } from './flags.ts';
import { decodeUtf8 } from '../io/read-file.ts';
import { readSourceFile as readSourceFileImpl, readSourceListing } from '../io/read-source.ts';
import { loadConfig } from '../sources/config.ts';
import { SOURCE_FLAG_NAMES, SOURCE_OPTIONS, loadContractSet, runScanCache } from '../sources/load.ts';
import { SOURCE_MODIFIER_FLAGS } from '../sources/source-options.ts';
import { VERSION } from '../version.ts';
import { stringifySorted } from '../canonical/pretty.ts';
import { CODE_EXTENSIONS } from '../scan/import-candidates.ts';
import { PYTHON_EXTENSIONS, PYTHON_PROJECT_FILES, isPythonInstallDirectory } from '../scan/python/python-candidates.ts';
import { isInterpretedScript } from '../scan/scan-source.ts';
import { loadRelatedPackages, projectCommandFileKind, scanProjectCommands } from '../scan/project-commands.ts';
import { holdsTests, testFileName, type TestFileName } from '../scan/test-files.ts';
import { GO_EXTENSIONS, goFileHeader } from '../scan/go/go-files.ts';
import { RUST_EXTENSIONS, readCargoFacts } from '../scan/rust/rust-files.ts';
import { rustTestModuleFiles } from '../scan/rust/rust-test-modules.ts';
import { scanFiles } from '../scan/scan-files.ts';
import { checkViolations } from '../scan/check-violations.ts';
import { entitlementsFromFindings } from '../scan/entitlements-from-findings.ts';
import { scanTools } from '../scan/scan-tools.ts';
import { scanSurface } from '../scan/scan-surface.ts';
import { scanToSarif } from '../scan/scan-to-sarif.ts';
import { renderScanGithub, renderScanText, type ScanReport } from '../scan/render-scan.ts';
import type { ReadSource, ScanFinding, ToolScanEntry } from '../scan/types.ts';
import { toolClaims } from '../scan/contract-claims.ts';
import { displayPath, relativize } from './_display-path.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { parseJsonc } from '../scan/path-aliases.ts';

/** Output formats of `scan`; the first is the default. */
export const SCAN_FORMATS = ['text', 'json', 'sarif', 'github'] as const;

const LEVEL_RANK = { note: 0, warning: 1, error: 2 } as const;

/** Read a handler source file (`undefined` when missing). */
export const readSourceFile: ReadSource = readSourceFileImpl;

/**
 * Expand files and directories into the list of source files to scan (sorted, unique).
 *
 * @param paths Paths as given (relative to `cwd`).
 * @param cwd Working directory.
 * @returns Absolute file paths.
 * @throws {InputError} When a path does not exist or is neither a regular file nor a directory.
 */
export async function collectSourceFiles(paths: readonly string[], cwd: string, skipped: string[] = [], skippedFiles: string[] = [], skippedRustTests: string[] = [], skippedGoIgnored: string[] = [], projectFiles: string[] = []): Promise<string[]> {
  const out = new Set<string>();
  const named = new Set<string>();
  for (const p of paths) {
    // Taken as a path, "-" named a file nobody meant ("does not exist or cannot be read").
    if (p === '-') throw new InputError('scan reads no standard input ("-"): save the code to a file and give its path, or give the handler files or their directory (./- for a file named "-")');
    const abs = resolve(cwd, p);
    let info;
    try {
      info = await stat(abs);
    } catch (cause) {
      throw new InputError(`Cannot scan "${p}": it does not exist or cannot be read`, { cause });
    }
    if (info.isDirectory()) await walk(abs, out, (dir) => displayPath(cwd, dir), true, false, false, skipped, skippedFiles, [], false, skippedGoIgnored, projectFiles);
    else if (info.isFile()) {
      // Named here, a file that cannot be read is a mistake to say (as a directory that cannot be
      // listed), not a "not analyzed" warning under "Result: passed" with no file scanned.
      await assertReadable(abs, p);
      out.add(abs);
      named.add(abs);
    }
    // Named here, a device or a pipe is a mistake to say, not a file to pass over as "not analyzed" with the run passed.
    else throw new InputError(`Cannot scan "${p}": it is not a regular file or a directory (a device, pipe or socket); give the handler's source files or their directory`);
  }
  await leaveOutRustTestModules(out, named, skippedRustTests);
  return sortPaths([...out]);
}

/**
 * A walked Rust file that its crate declares only under `#[cfg(test)]` (`#[cfg(test)] mod tests;`
 * in `lib.rs` makes `src/tests.rs` and everything under `src/tests/` test code) is left out of
 * the walk, as a `tests` folder beside a Cargo.toml is: rustc builds it into `cargo test` only.
 * A file named on the command line is scanned as given, and so is a file some build still
 * compiles: one another walked file declares as a shipped module (`mod x;` in `main.rs` beside a
 * `lib.rs` declaring it for tests, or a `#[path]` into the test module's directory), and a Cargo
 * target (`src/main.rs`, `src/lib.rs`, `src/bin/…`, the build script, `[lib]`/`[[bin]] path`).
 */
async function leaveOutRustTestModules(out: Set<string>, named: ReadonlySet<string>, left: string[]): Promise<void> {
  const declared = new Map<string, ReturnType<typeof rustTestModuleFiles>>();
  for (const file of out) {
    if (!RUST_EXTENSIONS.some((e) => file.toLowerCase().endsWith(e))) continue;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      // Unreadable: the scan reports it not analyzed; it declares nothing here.
      continue;
    }
    declared.set(file, rustTestModuleFiles(file.split(sep).join('/'), text));
  }
  const files = new Set<string>();
  const dirs: string[] = [];
  for (const found of declared.values()) {
    for (const f of found.files) files.add(f.split('/').join(sep));
    for (const d of found.dirs) dirs.push(d.split('/').join(sep) + sep);
  }
  if (files.size === 0) return;
  const testOnly = (file: string): boolean => files.has(file) || dirs.some((d) => file.startsWith(d));
  // Shipped declarations count from files that are not test-only themselves.
  const shipped = new Set<string>();
  for (const [file, found] of declared) if (!testOnly(file)) for (const f of found.shipped) shipped.add(f.split('/').join(sep));
  const targets = new Map<string, Promise<CargoTargets | undefined>>();
  for (const file of [...out]) {
    if (named.has(file) || !testOnly(file) || shipped.has(file)) continue;
    if (await isCargoTarget(file, targets)) continue;
    out.delete(file);
    left.push(file);
  }
}

/** A package's Cargo targets: its directory, the files its Cargo.toml names and whether it has a build script setting. */
interface CargoTargets { dir: string; files: Set<string> }

/**
 * Whether a file is a root Cargo compiles in the package above it (nearest Cargo.toml):
 * `src/lib.rs`, `src/main.rs`, anything under `src/bin/`, the build script, a `[lib]` or `[[bin]]` path.
 */
async function isCargoTarget(file: string, cache: Map<string, Promise<CargoTargets | undefined>>): Promise<boolean> {
  for (let dir = resolve(file, '..'), k = 0; k < 64; dir = resolve(dir, '..'), k++) {
    let found = cache.get(dir);
    if (found === undefined) {
      found = (async () => {
        let text: string;
        try {
          text = await readFile(resolve(dir, 'Cargo.toml'), 'utf8');
        } catch {
          return undefined;
        }
        const facts = readCargoFacts(text);
        const roots = [...facts.targets, 'src/lib.rs', 'src/main.rs', ...(facts.build === false ? [] : [facts.build ?? 'build.rs'])];
        return { dir, files: new Set(roots.map((t) => resolve(dir, t))) };
      })();
      cache.set(dir, found);
    }
    const targets = await found;
    if (targets !== undefined) return targets.files.has(file) || file.startsWith(resolve(targets.dir, 'src', 'bin') + sep);
    if (resolve(dir, '..') === dir) return false;
  }
  return false;
}

/** Refuse a named file that cannot be opened for reading (root reads any). */
async function assertReadable(abs: string, shown: string): Promise<void> {
  try {
    await (await open(abs, 'r')).close();
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied; fix its permissions (it must be readable by the user running mcpfusion), or leave it out' : String((cause as Error).message);
    throw new InputError(`Cannot scan "${shown}": ${why}`, { cause });
  }
}

/**
 * Sort absolute paths as if `/` separated them: Windows' `\` sorts after digits and capitals
 * (`a\x.js` after `a0.js`), where Linux's `/` sorts before them, and the order is that of the
 * report's files and findings, which must read the same on both.
 *
 * @param paths Absolute paths.
 * @param separator The platform's separator (`path.sep`).
 * @returns A sorted copy.
 * @example sortPaths(['C:\\p\\a0.js', 'C:\\p\\a\\x.js'], '\\') // ['C:\\p\\a\\x.js', 'C:\\p\\a0.js']
 */
export function sortPaths(paths: readonly string[], separator: string = sep): string[] {
  const key = (p: string): string => (separator === '/' ? p : p.split(separator).join('/'));
  return paths.map((p) => ({ p, k: key(p) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)).map((e) => e.p);
}

/** Directories never walked into: installed dependencies, Python caches, test and fixture folders. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', '__pycache__', 'site-packages', 'dist-packages', '__tests__', '__mocks__', '__fixtures__', 'fixtures']);
/**
 * Jest's folders of tests and module mocks, and test fixtures (`fixtures`, Jest's `__fixtures__`:
 * servers, inputs and stubs that tests start or read, as mcp-proxy's `src/fixtures/*.ts`): no
 * handlers wherever they are (reported as left out; a file a handler imports from one, or one a
 * project file names as an entry point, is still scanned).
 */
const TEST_DIRECTORIES = new Set(['__tests__', '__mocks__', '__fixtures__', 'fixtures']);
/** Whether a test candidate's text holds a test (an unreadable file is walked on, and reported not analyzed by the scan). */
async function candidateHoldsTests(kind: Exclude<TestFileName, 'test'>, path: string): Promise<boolean> {
  try {
    return holdsTests(kind, await readFile(path, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether a file without an extension is a script the scanner reads (`#!` line naming node, deno, bun or python), as a project's `bin` and script files are. */
async function isInterpretedScriptFile(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
      return isInterpretedScript(path, buffer.subarray(0, bytesRead).toString('utf8'));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}
/** Files that make their directory a JavaScript or Python project's root (with PYTHON_PROJECT_FILES). */
const PROJECT_MANIFESTS = new Set(['package.json', 'deno.json', 'deno.jsonc', ...PYTHON_PROJECT_FILES]);
/** Beside a project manifest: test suites and examples, not handlers (a handler's imports into them are still followed). */
const PROJECT_NON_HANDLER_DIRECTORIES = new Set(['test', 'tests', 'example', 'examples']);

/** Every string leaf of a package.json `bin`/`exports` value (conditions nested at any depth). */
function stringLeaves(value: unknown, out: string[], depth = 0): void {
  if (typeof value === 'string') out.push(value);
  else if (value !== null && typeof value === 'object' && depth < 8) for (const v of Object.values(value)) stringLeaves(v, out, depth + 1);
}

/** pyproject.toml tables whose `name = "pkg.mod:func"` values are entry points (and their sub-tables, `[tool.poetry.scripts.srv]`). */
const PYPROJECT_ENTRY_TABLES = ['project.scripts', 'project.gui-scripts', 'project.entry-points', 'tool.poetry.scripts', 'tool.poetry.plugins'];

/**
 * The relative `.py` paths of a project file's text (`"bin/serve.py"`, `./examples/run.py`). Read run
 * by run of path characters: the path pattern, tried at every start of a long run that holds no
 * path (`a/a/a/…`), took 10 s for 40 KB of setup.py, and a project file is the scanned project's.
 * A run longer than 300 characters, or without a `/` and a `.py`, holds no script path.
 */
function scriptPaths(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(/[\w./-]+/g)) {
    if (run.length > 300 || !run.includes('/') || !/\.pyw?\b/.test(run)) continue;
    for (const m of run.matchAll(/(?:\.\/)?[\w.-]+(?:\/[\w.-]+)+\.pyw?\b/g)) out.push(m[0]);
  }
  return out;
}

/**
 * The text inside each `scripts = [ … ]` / `script-files = ( … )` list, in one pass: a list that
 * is never closed ends the search (a pattern `[^\])]*` tried again at each later `scripts=[` read
 * the rest of the text each time: 9 s for 90 KB of `scripts=[`).
 */
function scriptLists(text: string): string[] {
  const lists: string[] = [];
  const opener = /\b(?:scripts|script-files)\s*=\s*[[(]/g;
  for (let m = opener.exec(text); m !== null; m = opener.exec(text)) {
    const close = /[\])]/g;
    close.lastIndex = opener.lastIndex;
    const c = close.exec(text);
    if (c === null) break;
    lists.push(text.slice(opener.lastIndex, c.index));
    opener.lastIndex = c.index + 1;
  }
  return lists;
}

/**
 * Python entry points a project file names: modules (`pkg.mod`) of `module:function` scripts, and
 * script files by relative path (setup.py `scripts=["bin/serve.py"]`, poetry's `{ reference =
 * "bin/serve.py", type = "file" }`, setuptools' `script-files`).
 */
export function pythonEntryPoints(name: string, text: string): { modules: string[]; files: string[] } {
  let scope = text;
  if (name === 'pyproject.toml') {
    // Only the script and entry-point tables (also as sub-tables), and [tool.setuptools] for script-files.
    scope = '';
    let on = false;
    for (const line of text.split(/\r?\n/)) {
      const header = /^\s*\[([^\]]+)\]\s*(?:#.*)?$/.exec(line);
      if (header) {
        const table = header[1]!.replace(/\s|"|'/g, '');
        on = table === 'tool.setuptools' || PYPROJECT_ENTRY_TABLES.some((t) => table === t || table.startsWith(`${t}.`));
      } else if (on) scope += `${line}\n`;
    }
  }
  // setup.cfg's console_scripts lines and setup.py's strings read `name = pkg.mod:func` alike.
  const modules = [...scope.matchAll(/=\s*["']?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*:\s*[A-Za-z_][\w.]*/g)].map((m) => m[1]!);
  const files = scriptPaths(scope);
  // Script files by any name (`bin/mytool`, run through its `#!` line): setup.py's and pyproject's
  // lists (`scripts=[…]`, `script-files = […]`), setup.cfg's `scripts =` lines, poetry's `reference`.
  const quoted = (list: string): string[] => [...list.matchAll(/["']([^"'\n]{1,300})["']/g)].map((m) => m[1]!);
  for (const list of scriptLists(scope)) files.push(...quoted(list));
  for (const m of scope.matchAll(/\breference\s*=\s*(["'][^"'\n]+["'])/g)) files.push(...quoted(m[1]!));
  if (name === 'setup.cfg') {
    for (const m of scope.matchAll(/^[ \t]*scripts[ \t]*=([^\n]*(?:\r?\n[ \t]+[^\n]*)*)/gm)) files.push(...m[1]!.split(/[\s,]+/).filter((f) => /^[\w./-]+$/.test(f)));
  }
  return { modules, files: [...new Set(files)] };
}

/**
 * A package.json or deno.json `exports` pattern (`"./*": "./src/*.js"`): the files under `prefix`
 * whose path ends with `suffix` are entry points.
 */
interface EntryPattern { prefix: string; suffix: string }

/**
 * The files a project file names as entry points (package.json `main`/`module`/`bin`/`exports`, deno.json
 * `exports`, Python `module:function` scripts and script files), as candidate paths, and the `exports`
 * patterns: a walk keeps those that exist even inside the tests/examples it skips.
 */
async function projectEntryCandidates(dir: string, names: readonly string[]): Promise<{ files: string[]; patterns: EntryPattern[] }> {
  const out: string[] = [];
  const patterns: EntryPattern[] = [];
  for (const name of names) {
    let text: string;
    try {
      text = await readFile(resolve(dir, name), 'utf8');
    } catch {
      continue;
    }
    if (name === 'package.json' || name === 'deno.json' || name === 'deno.jsonc') {
      const json = parseJsonc(text);
      if (json === undefined) continue;
      const specs: string[] = [];
      for (const key of name === 'package.json' ? ['main', 'module', 'bin', 'exports'] : ['exports']) stringLeaves(json[key], specs);
      // The code files its install and start scripts run (`node install.js`, `node -e "require('./x')"`).
      // (also those of another package.json inside the folder whose scripts they run: `npm --prefix tools run setup`).
      if (name === 'package.json') {
        const packages = await loadRelatedPackages(text, (relative) => readFile(resolve(dir, relative), 'utf8').catch(() => undefined), (relative) => readdir(resolve(dir, relative), { withFileTypes: true }).then((entries) => entries.filter((e) => e.isDirectory()).map((e) => e.name), () => undefined));
        specs.push(...scanProjectCommands(resolve(dir, name), text, 'package.json', { packages }).scripts);
      }
      for (const spec of specs) {
        if (/^[a-z][\w+.-]*:/i.test(spec)) continue;
        const star = spec.indexOf('*');
        if (star >= 0) {
          // Node's subpath pattern: one `*`, standing for any string (also across `/`).
          if (spec.indexOf('*', star + 1) < 0) patterns.push({ prefix: resolve(dir, spec.slice(0, star) + 'x').slice(0, -1), suffix: spec.slice(star + 1).split('/').join(sep) });
          continue;
        }
        const abs = resolve(dir, spec);
        // Node's resolution of a main without its extension, or naming a directory.
        out.push(abs, ...CODE_EXTENSIONS.map((e) => abs + e), ...CODE_EXTENSIONS.map((e) => resolve(abs, `index${e}`)));
      }
    } else if (name === 'Cargo.toml') {
      // `[lib] path = "…"`, `[[bin]] path = "…"`: the crate roots (the files they declare with `mod` are followed).
      for (const target of readCargoFacts(text).targets) out.push(resolve(dir, target));
    } else {
      const { modules, files } = pythonEntryPoints(name, text);
      for (const mod of modules) {
        const rel = mod.split('.').join(sep);
        for (const root of [dir, resolve(dir, 'src')]) out.push(resolve(root, `${rel}.py`), resolve(root, rel, '__init__.py'));
      }
      for (const file of files) out.push(resolve(dir, file));
    }
  }
  return { files: out, patterns };
}

/** The files under `dir` (not in skipped or hidden folders), for an `exports` pattern; bounded in depth. */
async function filesUnder(dir: string, out: string[], depth = 0): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory() && depth < 16 && !SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) await filesUnder(path, out, depth + 1);
    else if (entry.isFile()) out.push(path);
  }
}

/** Whether a Go file's header leaves it out of every build (`//go:build ignore`); an unreadable file is walked, and reported by the scan. */
async function goBuildIgnored(file: string): Promise<boolean> {
  try {
    return goFileHeader(await readFile(file, 'utf8')).ignored;
  } catch {
    return false;
  }
}

/** The Go files of `main` packages under `dir` (not `_test.go`, not in `testdata`, not ignored by a build constraint). */
async function goMainFilesUnder(dir: string): Promise<string[]> {
  const under: string[] = [];
  await filesUnder(dir, under);
  const out: string[] = [];
  for (const file of under) {
    const lower = file.toLowerCase();
    if (!GO_EXTENSIONS.some((e) => lower.endsWith(e)) || lower.endsWith('_test.go') || file.slice(dir.length).split(sep).includes('testdata')) continue;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      // Unreadable: the walk leaves the folder out as before.
      continue;
    }
    const header = goFileHeader(text);
    if (header.name === 'main' && !header.ignored) out.push(file);
  }
  return out;
}

/** A project the walk is inside: its directory, its project files, and (once read) the entry points they name. */
interface WalkProject { dir: string; manifests: string[]; entries?: Promise<{ files: string[]; patterns: EntryPattern[] }> }

async function walk(dir: string, out: Set<string>, shown: (dir: string) => string, top = true, goData = false, parentProject = false, skipped: string[] = [], skippedFiles: string[] = [], projects: readonly WalkProject[] = [], inGoModule = false, skippedGoIgnored: string[] = [], projectFiles: string[] = []): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (cause) {
    // A directory whose files cannot be listed is neither clean nor an internal error: name it.
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : String((cause as Error).message);
    throw new InputError(`Cannot scan "${shown(dir)}": the directory cannot be read (${why}); fix its permissions, or give the paths that can be read`, { cause });
  }
  // A Python virtual environment (any name: `venv`, `env`, `.venv`) holds installed packages.
  if (!top && entries.some((e) => e.isFile() && e.name === 'pyvenv.cfg')) return;
  // So does a directory holding `*.dist-info` (`pip install --target lib`), or `*.egg-info` outside a project's source tree.
  const project = entries.some((e) => e.isFile() && PYTHON_PROJECT_FILES.includes(e.name));
  if (!top && isPythonInstallDirectory(entries.filter((e) => e.isDirectory()).map((e) => e.name), project || parentProject)) return;
  // A `vendor` directory beside a go.mod holds the module's vendored dependencies (`go mod vendor`),
  // and one beside a go.work the workspace's (`go work vendor`): dependencies, as node_modules.
  const goModule = entries.some((e) => e.isFile() && (e.name === 'go.mod' || e.name === 'go.work'));
  // Beside a Cargo.toml, `target` holds build output, `tests`/`benches` integration tests and benchmarks, and `examples` example programs `cargo build` leaves out (not handlers).
  const cargoPackage = entries.some((e) => e.isFile() && e.name === 'Cargo.toml');
  // Beside a package.json, deno.json or Python project file, `test(s)` and `example(s)` hold test suites and examples.
  const manifests = entries.filter((e) => e.isFile() && PROJECT_MANIFESTS.has(e.name)).map((e) => e.name);
  const manifest = manifests.length > 0;
  // A Cargo.toml names entry points too (`[[bin]] path`), though its folders are Cargo's (above).
  if (cargoPackage) manifests.push('Cargo.toml');
  const goBuilt = inGoModule || goModule;
  // What the project names as its entry points is a handler wherever it lives (a skipped folder's included).
  let entryCandidates: { files: string[]; patterns: EntryPattern[] } | undefined;
  const inProjects: readonly WalkProject[] = manifests.length > 0 ? [...projects, { dir, manifests }] : projects;
  // The entry points of the projects the walk is inside (a test-named file one names is a handler).
  let projectEntries: Set<string> | undefined;
  const namedEntry = async (file: string): Promise<boolean> => {
    if (projectEntries === undefined) {
      projectEntries = new Set();
      // Files named one by one; an `exports` pattern ("./*": "./*.js") is no reason to take a test file.
      for (const p of inProjects) for (const c of (await (p.entries ??= projectEntryCandidates(p.dir, p.manifests))).files) projectEntries.add(c);
    }
    return projectEntries.has(file);
  };
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRECTORIES.has(entry.name) || entry.name.startsWith('.') || (goModule && entry.name === 'vendor') || (cargoPackage && (entry.name === 'target' || entry.name === 'tests' || entry.name === 'benches' || entry.name === 'examples')) || (manifest && PROJECT_NON_HANDLER_DIRECTORIES.has(entry.name))) {
        if (TEST_DIRECTORIES.has(entry.name) || ((manifest || cargoPackage) && PROJECT_NON_HANDLER_DIRECTORIES.has(entry.name))) {
          skipped.push(shown(path));
          // The entry points of every project the walk is inside (a nested `src/fixtures` is its package's).
          if (entryCandidates === undefined) {
            entryCandidates = { files: [], patterns: [] };
            for (const p of inProjects) {
              const c = await (p.entries ??= projectEntryCandidates(p.dir, p.manifests));
              entryCandidates.files.push(...c.files);
              entryCandidates.patterns.push(...c.patterns);
            }
          }
          const files = [...entryCandidates.files];
          // A pattern inside this folder (`./examples/*.js`) names the files there it matches; one above it (`./*`) is no reason to scan the folder.
          const inside = entryCandidates.patterns.filter((p) => p.prefix.startsWith(path + sep));
          if (inside.length > 0) {
            const under: string[] = [];
            await filesUnder(path, under);
            for (const file of under) if (inside.some((p) => file.startsWith(p.prefix) && file.length >= p.prefix.length + p.suffix.length && file.endsWith(p.suffix))) files.push(file);
          }
          // In a Go module, a `main` package in a fixtures folder is a program `go build ./...` builds
          // and `go install` installs (test data the go tool never builds lives in `testdata`).
          if (goBuilt && TEST_DIRECTORIES.has(entry.name)) files.push(...(await goMainFilesUnder(path)));
          for (const file of files) {
            if (!file.startsWith(path + sep)) continue;
            try {
              if ((await stat(file)).isFile() && (isScannableName(file) || GO_EXTENSIONS.some((e) => file.toLowerCase().endsWith(e)) || (await isInterpretedScriptFile(file)))) out.add(file);
            } catch {
              // Not there: another candidate of the same entry.
            }
          }
        }
        continue;
      }
      // The go tool never builds a `testdata` directory: its Go files are data (other files there are walked as before).
      await walk(path, out, shown, false, goData || entry.name === 'testdata', project, skipped, skippedFiles, inProjects, goBuilt, skippedGoIgnored, projectFiles);
    } else if (entry.isFile()) {
      // package.json and Dockerfiles: the commands they run are read after the scan (scanProjectCommands).
      if (projectCommandFileKind(entry.name) !== undefined) projectFiles.push(path);
      const lower = entry.name.toLowerCase();
      if (/\.d\.[cm]?ts$/.test(lower)) continue;
      // A test file by its name (`tools.test.ts`) is no handler, unless the project names it as an entry point.
      // A test file (`tools.test.ts`; `server.spec.mjs`, `fetch_test.ts`, `test_server.py` holding a test) is no handler, unless the project names it as an entry point.
      const test = testFileName(lower);
      if (test !== undefined && !(await namedEntry(path)) && (test === 'test' || (await candidateHoldsTests(test, path)))) skippedFiles.push(path);
      else if (isScannableName(lower)) out.add(path);
      // A script file the project names (package.json `bin`, setup.py `scripts=["bin/mytool"]`), read by its `#!` line.
      else if (!lower.includes('.') && (await namedEntry(path)) && (await isInterpretedScriptFile(path))) out.add(path);
      // Tests are not handlers: `_test.go` files are left out of walks; so are files no build
      // includes (`//go:build ignore`: generators `go generate` runs, cgo -godefs inputs).
      else if (GO_EXTENSIONS.some((e) => lower.endsWith(e)) && !goData && !lower.endsWith('_test.go')) {
        if (await goBuildIgnored(path)) skippedGoIgnored.push(path);
        else out.add(path);
      }
    }
  }
}

/** A JavaScript, TypeScript, Python or Rust file a walk adds (not a declaration file). */
function isScannableName(name: string): boolean {
  const lower = name.toLowerCase();
  return !/\.d\.[cm]?ts$/.test(lower) && (CODE_EXTENSIONS.some((e) => lower.endsWith(e)) || PYTHON_EXTENSIONS.some((e) => lower.endsWith(e)) || RUST_EXTENSIONS.some((e) => lower.endsWith(e)));
}

function failOnFlag(flags: Flags): 'error' | 'warning' {
  const v = stringFlag(flags, 'failOn') ?? 'error';
  if (v !== 'error' && v !== 'warning') throw new InputError(`Invalid --fail-on ${JSON.stringify(v)}: expected one of error, warning`);
  return v;
}

async function scanConfiguredTools(flags: Flags, io: Io, sourceGiven: boolean): Promise<{ report: Omit<ScanReport, 'failed'>; tools: Record<string, unknown> }> {
  const config = loadConfig(stringFlag(flags, 'config'), io.cwd, io.env, { deferUnsetEnv: true });
  const overlays = config?.config.tools ?? {};
  const withHandlers = Object.keys(overlays).filter((name) => (overlays[name]!.handlers ?? []).length > 0);
  if (withHandlers.length === 0 && !sourceGiven) {
    throw new InputError(`Nothing to scan: give PATHS, or map tools to handler files under "tools.<name>.handlers" in ${config ? `"${config.shown}"` : './mcpfusion.jsonc'}`);
  }
  const readsSource = sourceGiven || config?.config.source !== undefined;
  if (!readsSource) {
    refuseUnreadFlags(flags, SOURCE_MODIFIER_FLAGS, '`scan` without a source', `it shapes how a --server or --url source is read, and neither the flags nor ${config ? `"${config.shown}"` : 'the config'} name one`, 'give the source too (its tool surface is then scanned), or drop it');
  }
  const loaded = readsSource ? await loadContractSet(flags, io) : undefined;
  const set = loaded?.set;
  const map: Record<string, ToolScanEntry> = {};
  for (const name of withHandlers) {
    const overlay = overlays[name]!;
    const entry: ToolScanEntry = { handlers: overlay.handlers!.map((h) => resolve(config!.dir, h)), ...toolClaims(set, name, overlay) };
    Object.defineProperty(map, name, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  // The run's cache: a live or tools/list source already scanned these handlers for entitlements.
  const results = await scanTools(map, { readSource: readSourceListing, cache: runScanCache() });
  const findings: ScanFinding[] = [];
  const violations: ScanFinding[] = [];
  const entitlements: Record<string, Entitlements> = {};
  const files = new Set<string>();
  const tools: Record<string, unknown> = {};
  for (const [name, r] of Object.entries(results)) {
    findings.push(...r.findings);
    violations.push(...r.violations);
    Object.defineProperty(entitlements, name, { value: r.entitlements, enumerable: true, writable: true, configurable: true });
    for (const f of r.files) files.add(f);
    Object.defineProperty(tools, name, {
      value: { entitlements: r.entitlements, files: r.files.map((f) => displayPath(io.cwd, f)), notAnalyzed: r.notAnalyzed.map((f) => displayPath(io.cwd, f)), unsafe: r.unsafe },
      enumerable: true, writable: true, configurable: true,
    });
  }
  if (set !== undefined) {
    // A live server that echoed a secret given this run into what it lists: the surface is
    // scanned as listed, and the findings that quote it are printed with the secret hidden.
    findings.push(...redactShown(scanSurface(set), loaded?.redact));
    const unscanned = sortCodeUnits(Object.keys(set.tools).filter((t) => !withHandlers.includes(t)));
    if (unscanned.length > 0 && flags['quiet'] !== true) {
      // Names a reader cannot tell apart (`café` composed and decomposed) are spelled apart.
      const shown = unscanned.map((n) => loaded?.redact?.(n) ?? n);
      const apart = namesMayLookAlike([shown]) ? (await import('./_name-warnings.ts')).namesShownApart(shown) : shown;
      io.stderr(`${unscanned.length} tool(s) have no handler files mapped and were not scanned: ${apart.map((n) => terminalLine(boundLine(n, 120))).join(', ')}\n`);
    }
  }
  return { report: { files: [...files].sort(), findings, violations, entitlements }, tools };
}

/** The `scan` command. */
export const scanCommand: CommandSpec = {
  name: 'scan [...paths]',
  description: 'Detect what handler code can do (filesystem, network, subprocess, crypto, code evaluation), evasion tricks and tool poisoning',
  formatHelp: 'text (default), json, sarif or github',
  options: [
    { flags: '--fail-on <level>', check: failOnFlag, description: 'Exit 1 when a finding reaches this level: error (default) or warning' },
    { flags: '--no-follow', description: 'Do not follow relative imports from the scanned files (with PATHS only)' },
    ...SOURCE_OPTIONS,
  ],
  examples: [
    'mcpfusion scan src/tools',
    'mcpfusion scan node_modules/@modelcontextprotocol/server-filesystem --format sarif > scan.sarif',
    'mcpfusion scan --fail-on warning            # the config\'s tools.<name>.handlers, claims from its source',
    'mcpfusion scan src --tools-list tools.json   # code and tool surface',
  ],
  async run(args, flags, io) {
    const paths = ((Array.isArray(args[0]) ? args[0] : args.filter((a) => typeof a === 'string')) as unknown[]).map(String);
    const format = formatFlag(flags, SCAN_FORMATS, 'scan');
    const failOn = failOnFlag(flags);
    const quiet = boolFlag(flags, 'quiet');
    const sourceGiven = SOURCE_FLAG_NAMES.some((n) => flags[n] !== undefined);
    let base: Omit<ScanReport, 'failed'>;
    let json: Record<string, unknown>;
    if (paths.length > 0) {
      // PATHS are read as files: only a source flag adds a tool surface (the config's source is not read).
      if (!sourceGiven) {
        refuseUnreadFlags(flags, ['--config'], '`scan PATHS` without a source flag', 'it reads only the files given; the config is read with a source flag (its timeouts and tool overlays) or by `scan` without PATHS (its handler map)', 'drop it, or run `scan` without PATHS to scan the config\'s handlers');
        refuseUnreadFlags(flags, SOURCE_MODIFIER_FLAGS, '`scan PATHS` without a source flag', 'it shapes how a --server or --url source is read, and scan PATHS reads none unless a source flag is given (not the config\'s)', 'give the source flag too (its tool surface is then scanned), or drop it');
      }
      const skipped: string[] = [];
      const skippedFiles: string[] = [];
      const skippedRustTests: string[] = [];
      const skippedGoIgnored: string[] = [];
      const projectFiles: string[] = [];
      const entries = await collectSourceFiles(paths, io.cwd, skipped, skippedFiles, skippedRustTests, skippedGoIgnored, projectFiles);
      // A walk leaves a project's tests and examples out: say which, so nothing is left out unseen.
      if (skipped.length > 0 && !quiet) io.stderr(`scan: left out ${skipped.length} folder(s) a project holds as tests, fixtures or examples (all but the entry points its project file names there): ${sortCodeUnits(skipped).map((d) => terminalLine(boundLine(d, 200))).join(', ')}; give a path into one to scan it\n`);
      const sayLeftOut = (files: readonly string[]): void => {
        if (files.length === 0 || quiet) return;
        const shownFiles = sortCodeUnits(files.map((f) => displayPath(io.cwd, f)));
        const more = shownFiles.length > 10 ? ` and ${shownFiles.length - 10} more` : '';
        io.stderr(`scan: left out ${files.length} test file(s) named as tests (*.test.*, *.spec.*, *_test.*, test.*, test_*.py, tests.py, conftest.py): ${shownFiles.slice(0, 10).map((d) => terminalLine(boundLine(d, 200))).join(', ')}${more}; give a file's path to scan it\n`);
      };
      if (entries.length === 0) {
        sayLeftOut(skippedFiles);
        throw new InputError(`No JavaScript or TypeScript files (nor Python, Go or Rust files) under ${paths.map((p) => `"${p}"`).join(', ')}`);
      }
      if (skippedGoIgnored.length > 0 && !quiet) {
        const shownFiles = sortCodeUnits(skippedGoIgnored.map((f) => displayPath(io.cwd, f)));
        const more = shownFiles.length > 10 ? ` and ${shownFiles.length - 10} more` : '';
        io.stderr(`scan: left out ${shownFiles.length} Go file(s) no build includes (//go:build ignore): ${shownFiles.slice(0, 10).map((d) => terminalLine(boundLine(d, 200))).join(', ')}${more}; give a file's path to scan it\n`);
      }
      if (skippedRustTests.length > 0 && !quiet) {
        const shownFiles = sortCodeUnits(skippedRustTests.map((f) => displayPath(io.cwd, f)));
        const more = shownFiles.length > 10 ? ` and ${shownFiles.length - 10} more` : '';
        io.stderr(`scan: left out ${shownFiles.length} Rust file(s) their crate declares only under #[cfg(test)]: ${shownFiles.slice(0, 10).map((d) => terminalLine(boundLine(d, 200))).join(', ')}${more}; give a file's path to scan it\n`);
      }
      // The project files under the paths are read by scanFiles for what they run outside the code
      // (install and start scripts, Dockerfiles), as the library reads them when given.
      const scanned = await scanFiles([...entries, ...projectFiles.filter((f) => !entries.includes(f))], { readSource: readSourceListing, followImports: flags['follow'] !== false });
      // A test file a handler imports was scanned after all: only the others were left out.
      const scannedFiles = new Set(scanned.files);
      sayLeftOut(skippedFiles.filter((f) => !scannedFiles.has(f)));
      const codeFindings = scanned.findings;
      const findings = [...codeFindings];
      const violations = checkViolations('', {}, codeFindings);
      if (sourceGiven) {
        const loaded = await loadContractSet(flags, io);
        findings.push(...redactShown(scanSurface(loaded.set), loaded.redact));
      }
      const entitlements = entitlementsFromFindings(codeFindings);
      base = { files: scanned.files, findings, violations, entitlements: { '': entitlements } };
      json = { mode: 'paths', entitlements, packages: scanned.packages };
    } else {
      // The configured handlers are scanned with what they import: --no-follow would change nothing.
      refuseUnreadFlags(flags, ['--no-follow'], '`scan` without PATHS', 'the handler files of the config are always scanned with the files they import', 'give PATHS to scan without following imports, or drop it');
      const configured = await scanConfiguredTools(flags, io, sourceGiven);
      base = configured.report;
      json = { mode: 'tools', tools: configured.tools };
    }
    const findings = base.findings.map((f) => relativize(f, io.cwd));
    const violations = base.violations.map((f) => relativize(f, io.cwd));
    const failed = [...findings, ...violations].some((f) => LEVEL_RANK[f.level] >= LEVEL_RANK[failOn]);
    const report: ScanReport = { files: base.files.map((f) => displayPath(io.cwd, f)), findings, violations, entitlements: base.entitlements, failed };
    switch (format) {
      case 'json':
        // Keys in code-unit order, as in the lockfile and `digest`: a plain object would list
        // integer-like tool names ("9", "10") first, whatever the config's order.
        io.stdout(stringifySorted({ ...json, files: report.files, findings, violations, failed }));
        break;
      case 'sarif':
        io.stdout(JSON.stringify(scanToSarif([...violations, ...findings], { version: VERSION }), null, 2) + '\n');
        break;
      case 'github':
        io.stdout(renderScanGithub(report));
        break;
      default:
        io.stdout(renderScanText(report, { quiet }));
    }
    if (failed && format !== 'text' && !quiet) io.stderr(`scan failed: findings at or above "${failOn}"\n`);
    return failed ? 1 : 0;
  },
};
