/**
 * The scripts of a package.json that npm runs at install or start (`preinstall`, `install`,
 * `postinstall`, `prepare`, `prestart`, `start`, `poststart`), with the scripts they run by name,
 * also those of another package inside its folder (`npm --prefix tools run setup`, `npm run build
 * -w pkg`, since scanner24), which {@link loadRelatedPackages} reads through injected functions.
 * Used by project-commands.ts. Pure.
 *
 * @module
 */
import type { ProjectCommand } from './project-commands.ts';
import { COMMAND_DEPTH, commandName, effectiveCommands, escapeRegExp, handedLines, plainArguments, unwrap } from './command-words.ts';
import { shellCommands, type ShellCommand } from './shell-words.ts';
import { CONCURRENT_RUNNERS, CONCURRENT_VALUE_OPTIONS, PACKAGE_MANAGER_VALUE_OPTIONS, RUN_SCRIPTS, SCRIPT_RUNNERS, SCRIPT_RUNNER_VALUE_OPTIONS } from './patterns/project-commands.ts';

/** How deep `npm run x` is followed. */
const MAX_DEPTH = COMMAND_DEPTH;

/**
 * Another package whose scripts a script runs (since scanner24): by its folder, relative to the
 * running package's (`npm --prefix sub run x`, `pnpm -C sub run x`, `yarn --cwd sub x`), or as a
 * workspace of the scanned package, by its name or folder (`npm run x -w pkg`, `yarn workspace
 * pkg run x`, `pnpm --filter pkg run x`), or every workspace (`npm run x --workspaces`, `pnpm -r
 * run x`, `yarn workspaces foreach -A run x`).
 */
export type PackageReference = { kind: 'dir'; path: string } | { kind: 'workspace'; name: string } | { kind: 'workspaces' };

/** The package.json a {@link PackageReference} names: its folder relative to the scanned package.json's (`/`-separated, never above it) and its text. */
export interface RelatedPackage {
  dir: string;
  text: string;
}

/** Finds the package.json files a reference names; none when not known (not read, missing, outside the scanned folder). */
export type PackageLookup = (ref: PackageReference) => readonly RelatedPackage[];

/** One package.json whose scripts are read. */
interface ScriptTable {
  /** Folder relative to the scanned package.json's ('' for its own). */
  dir: string;
  text: string;
  table: Readonly<Record<string, unknown>>;
  lineOf(name: string): number;
}

/** A package.json's scripts table with the line of each script, or undefined when it has none. */
function scriptTable(text: string, dir: string): ScriptTable | undefined {
  const json = tryParseObject(text);
  const scripts = json?.['scripts'];
  if (scripts === null || typeof scripts !== 'object' || Array.isArray(scripts)) return undefined;
  const lines = text.split('\n');
  const scriptsLine = lines.findIndex((l) => l.includes('"scripts"'));
  const lineOf = (name: string): number => {
    const key = JSON.stringify(name);
    const at = lines.findIndex((l, k) => k >= scriptsLine && l.includes(key) && /"\s*:/.test(l.slice(l.indexOf(key) + key.length - 1)));
    return at < 0 ? 1 : at + 1;
  };
  return { dir, text, table: scripts as Record<string, unknown>, lineOf };
}

/**
 * The command lines of a package.json that npm runs at install or start: each of
 * {@link RUN_SCRIPTS} the file defines, and the scripts those run by name (`npm run build`,
 * `yarn build`, `pnpm run build`, `bun run build`, `npm start`), a few levels deep, also those of
 * another package inside the folder that `lookup` finds (`npm --prefix sub run build`, `npm run
 * build -w pkg`).
 *
 * @param text The package.json text.
 * @param lookup Finds another package.json a script names (see {@link loadRelatedPackages}); without it none is followed.
 * @returns The commands; none when the text is no JSON object.
 * @example
 * packageJsonCommands('{"scripts":{"postinstall":"node install.js"}}') // [{ origin: 'scripts.postinstall', command: 'node install.js', line: 1 }]
 */
export function packageJsonCommands(text: string, lookup?: PackageLookup): ProjectCommand[] {
  const own = scriptTable(text, '');
  if (own === undefined) return [];
  const out: ProjectCommand[] = [];
  const label = (pkg: ScriptTable, name: string): string => (pkg.dir === '' ? `scripts.${name}` : `${pkg.dir}/package.json scripts.${name}`);
  // The least depth each script was read at from the current install or start script: one read
  // again deeper is skipped, since it runs nothing new there. Without it every path was read, and
  // scripts that run each other (`npm run a -ws` in each of 16 workspaces) took 16^5 paths.
  let depths = new Map<string, number>();
  const visit = (pkg: ScriptTable, name: string, origin: string, seen: ReadonlySet<string>): void => {
    const command = Object.hasOwn(pkg.table, name) ? pkg.table[name] : undefined;
    const key = `${pkg.dir}\u0000${name}`;
    if (typeof command !== 'string' || seen.has(key) || seen.size > MAX_DEPTH) return;
    const least = depths.get(key);
    if (least !== undefined && least <= seen.size) return;
    depths.set(key, seen.size);
    const here = new Set([...seen, key]);
    out.push({ origin, command, line: pkg.lineOf(name), ...(pkg.dir !== '' ? { package: { dir: pkg.dir, text: pkg.text } } : {}), ...(origin.startsWith('scripts.prepare') ? { rowsOnly: true as const } : {}) });
    for (const run of namedScripts(command, pkg.table)) {
      let found = run.target === undefined ? [pkg] : findPackages(pkg.dir, run.target, lookup).map((p) => (p.dir === pkg.dir ? pkg : p.dir === '' ? own : scriptTable(p.text, p.dir)));
      // `cd tools && npm run x` with no tools/package.json: npm looks upward, to this package's.
      if (found.length === 0 && run.cd === true) found = [pkg];
      for (const next of found) if (next !== undefined) visit(next, run.script, `${origin} → ${label(next, run.script)}`, here);
    }
  };
  for (const name of RUN_SCRIPTS) {
    // Per install or start script: each one's origin (and `prepare`'s rows-only reading) is its own.
    depths = new Map();
    visit(own, name, `scripts.${name}`, new Set());
  }
  return out;
}

/** The packages a reference names from the package in `from`, through the lookup; a folder above the scanned one is none. */
function findPackages(from: string, ref: PackageReference, lookup: PackageLookup | undefined): readonly RelatedPackage[] {
  if (ref.kind !== 'dir') return lookup?.(ref) ?? [];
  const dir = relativeDir(from, ref.path);
  if (dir === undefined) return [];
  return dir === from ? [{ dir, text: '' }] : lookup?.({ kind: 'dir', path: dir }) ?? [];
}

/**
 * A folder joined to another, `/`-separated and normalized, both relative to the scanned
 * package.json's folder.
 *
 * @param from The folder the path is relative to ('' for the scanned package's).
 * @param path The path a script gives (`tools`, `./packages/a`, `../x`).
 * @returns The folder, or undefined when the path is absolute, a variable, or above the scanned folder.
 * @example
 * relativeDir('packages/a', '../b/./c') // 'packages/b/c'
 */
export function relativeDir(from: string, path: string): string | undefined {
  const given = path.replace(/\\/g, '/');
  if (given.startsWith('/') || /^[A-Za-z]:/.test(given) || given.startsWith('~') || given.includes('$')) return undefined;
  const out: string[] = [];
  for (const part of `${from}/${given}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/**
 * The folder each command of a line runs in, as `cd` moves it (since scanner25: `cd tools && npm
 * run setup` runs tools' script): relative to the package's folder, `/`-separated; a subshell's
 * `cd` ends with it (`(cd tools && npm run a) && npm run b` runs the package's own b). A `cd` to a
 * folder not known (`cd`, `cd ~`, `cd $DIR`, `cd -`, an absolute path, above the scanned folder)
 * makes it undefined until the subshell ends.
 *
 * @param start The folder the line starts in ('' for the package's own).
 * @returns A function given each command of the line in order (with its words after the wrappers)
 *   that returns the folder it runs in.
 * @example
 * const at = folderTracker(''); shellCommands('cd tools && npm run x').map((c) => at(c, c.words.map((w) => w.text))) // ['', 'tools']
 */
export function folderTracker(start: string): (command: Pick<ShellCommand, 'opens' | 'closes'>, words: readonly string[]) => string | undefined {
  let cwd: string | undefined = start;
  const saved: Array<string | undefined> = [];
  return (command, words) => {
    for (let k = 0; k < (command.closes ?? 0); k++) if (saved.length > 0) cwd = saved.pop();
    for (let k = 0; k < (command.opens ?? 0); k++) saved.push(cwd);
    const here = cwd;
    if (words[0] === 'cd' || words[0] === 'pushd') {
      const args = words.slice(1).filter((w, k, all) => !(w === '-P' || w === '-L' || w === '-e' || w === '--' && k === all.indexOf('--')));
      cwd = cwd !== undefined && args.length === 1 && args[0] !== '-' ? relativeDir(cwd, args[0]!) : undefined;
    }
    return here;
  };
}

/** A script a command line runs by name, and the other package it belongs to. */
interface NamedScript {
  script: string;
  target?: PackageReference;
  /** The target is the folder a `cd` moved to: with no package.json there, npm runs the package's own script, as it looks upward. */
  cd?: true;
}

/**
 * The script names a command line runs (`npm run build`, `yarn build`, `npm start`, `npm-run-all
 * fetch build:*`, `run-s`, `run-p`, `concurrently "npm:watch-*"`), also through the wrappers
 * {@link effectiveCommands} reads past (`cross-env X=1 npm run x`, `sh -c "npm run x"`), and
 * another package's (`npm --prefix sub run x`, `npm run x -w pkg`, `yarn workspace pkg run x`,
 * `npm run x --workspaces`). A glob (`build:*`) names each script of the table it matches.
 */
function namedScripts(command: string, table: Readonly<Record<string, unknown>>): NamedScript[] {
  const out: NamedScript[] = [];
  const glob = (pattern: string, star: string): string[] => {
    if (!pattern.includes('*')) return [pattern];
    const re = new RegExp(`^${pattern.split('**').map((part) => part.split('*').map(escapeRegExp).join(star)).join('.*')}$`);
    return Object.keys(table).filter((k) => re.test(k)).sort();
  };
  // Each command with the folder `cd` moved to ('' for the package's own; undefined when not known, read as the own).
  const track = folderTracker('');
  const commands: Array<{ words: string[]; cwd: string | undefined }> = [];
  for (const c of shellCommands(command)) {
    const { words, lines } = unwrap(c.words);
    const texts = words.map((w) => w.text);
    const cwd = track(c, texts);
    if (texts.length > 0) commands.push({ words: texts, cwd });
    for (const inner of [...lines, ...handedLines(texts)]) for (const w of effectiveCommands(inner, 1)) commands.push({ words: w, cwd });
  }
  for (const { words, cwd } of commands) {
    const name = commandName(words[0] ?? '');
    // After `cd tools`: that folder's package.json.
    const moved = cwd !== undefined && cwd !== '' ? { target: { kind: 'dir' as const, path: cwd }, cd: true as const } : {};
    if (SCRIPT_RUNNERS.has(name)) {
      for (const arg of plainArguments(words.slice(1), SCRIPT_RUNNER_VALUE_OPTIONS)) for (const script of glob(arg.split(/\s+/)[0]!, '[^:]*')) out.push({ script, ...moved });
      continue;
    }
    if (CONCURRENT_RUNNERS.has(name)) {
      for (const arg of plainArguments(words.slice(1), CONCURRENT_VALUE_OPTIONS)) {
        const script = /^(?:npm|yarn|pnpm|bun):(\S+)/.exec(arg);
        if (script !== null) for (const s of glob(script[1]!, '.*')) out.push({ script: s, ...moved });
      }
      continue;
    }
    if (name !== 'npm' && name !== 'yarn' && name !== 'pnpm' && name !== 'bun') continue;
    const where = packageTargets(name, words.slice(1));
    if (where === undefined) continue;
    const args = where.rest;
    const scripts: string[] = [];
    if (args[0] === 'run' || args[0] === 'run-script') {
      if (args[1] !== undefined) scripts.push(args[1]);
    } else if (args[0] === 'start' || args[0] === 'test' || args[0] === 'restart' || args[0] === 'stop') {
      scripts.push(args[0]);
    } else if ((name === 'yarn' || name === 'pnpm') && args[0] !== undefined && args[0] !== 'exec' && args[0] !== 'dlx') scripts.push(args[0]);
    for (const script of scripts) {
      if (where.targets.length === 0) out.push({ script, ...moved });
      // `cd tools && npm --prefix sub run x`: the folder is tools/sub.
      for (const target of where.targets) out.push({ script, target: target.kind === 'dir' && cwd !== undefined && cwd !== '' ? { kind: 'dir', path: `${cwd}/${target.path}` } : target });
    }
  }
  return out;
}

/** A workspace's name as a filter names it: `@x/server`, `server`, or a pattern of one with `*` (`@x/*`, `mcp-*`). */
const WORKSPACE_NAME = /^(?:@[\w.*-]+\/)?[\w.*-]+$/;

/**
 * The packages a package manager's options send a command to (`npm --prefix sub`, `-w pkg`, `pnpm
 * -C dir`, `--filter pkg`, `yarn --cwd dir`, `yarn workspace pkg`), and its words that are no
 * option after them, every workspace for `--workspaces`, `-ws`, `pnpm -r` and `yarn workspaces
 * foreach -A` or yarn 1's `yarn workspaces run`, the workspaces whose names a pattern matches
 * (since scanner25: `--filter "@x/*"`, `yarn workspaces foreach --include 'x-*'`); undefined for a
 * filter of another kind (`...pkg`, `pkg...`, `!pkg`, `[origin/main]`, `--exclude`, `--from`,
 * `--since`), which names packages the text does not say.
 */
function packageTargets(name: string, words: readonly string[]): { targets: PackageReference[]; rest: string[] } | undefined {
  const targets: PackageReference[] = [];
  const rest: string[] = [];
  let k = 0;
  if (name === 'yarn' && words[0] === 'workspaces') {
    // yarn 1's `yarn workspaces run x`; berry's `yarn workspaces foreach -A --parallel run x`.
    k = 1;
    // `--include 'mcp-*'` (since scanner25): the workspaces whose names it matches, else every one.
    const included: PackageReference[] = [];
    if (words[1] === 'foreach') {
      for (k = 2; k < words.length && words[k]!.startsWith('-'); k++) {
        const option = words[k]!.replace(/=.*$/s, '');
        if (option === '--exclude' || option === '--from' || option === '--since') return undefined;
        if (option === '--include') {
          const value = words[k]!.includes('=') ? words[k]!.slice(words[k]!.indexOf('=') + 1) : words[++k];
          if (value === undefined || !WORKSPACE_NAME.test(value)) return undefined;
          included.push({ kind: 'workspace', name: value });
        }
        if ((option === '-j' || option === '--jobs') && !words[k]!.includes('=')) k++;
      }
    }
    targets.push(...(included.length > 0 ? included : [{ kind: 'workspaces' as const }]));
  } else if (name === 'yarn' && words[0] === 'workspace') {
    if (words[1] === undefined) return undefined;
    targets.push({ kind: 'workspace', name: words[1] });
    k = 2;
  }
  for (; k < words.length; k++) {
    const w = words[k]!;
    if (!w.startsWith('-') || w.length === 1) {
      rest.push(w);
      continue;
    }
    if (w === '--') {
      rest.push(...words.slice(k + 1));
      break;
    }
    const bare = w.replace(/=.*$/s, '');
    if (bare === '--workspaces' || bare === '-ws' || bare === '-r' || bare === '--recursive') {
      targets.push({ kind: 'workspaces' });
      continue;
    }
    const takes = PACKAGE_MANAGER_VALUE_OPTIONS.has(bare);
    const value = w.includes('=') ? w.slice(w.indexOf('=') + 1) : takes ? words[++k] : undefined;
    if (value === undefined) continue;
    if (bare === '--prefix' || bare === '-C' || bare === '--dir' || bare === '--cwd') targets.push({ kind: 'dir', path: value });
    else if (bare === '-w' || bare === '--workspace') targets.push({ kind: 'workspace', name: value });
    else if (bare === '--filter' || bare === '-F') {
      const path = /^\{?(\.{1,2}\/[^}]*)\}?$/.exec(value);
      if (path !== null) targets.push({ kind: 'dir', path: path[1]! });
      else if (WORKSPACE_NAME.test(value)) targets.push({ kind: 'workspace', name: value });
      else return undefined;
    }
  }
  return { targets, rest };
}

/**
 * Read the other package.json files a package.json's install and start scripts run scripts of
 * (see {@link PackageReference}), for {@link packageJsonCommands} and {@link scanProjectCommands}:
 * a folder named by path, and the workspaces the package declares (`workspaces` in it, as a list
 * or `{ packages }`, or `packages:` in a `pnpm-workspace.yaml` beside it; a folder, `dir/*`, and
 * since scanner25 `dir/**` and `*` inside a name, see {@link patternFolders}) when a script names one by name. Never above the package.json's folder.
 *
 * @param text The package.json text.
 * @param read Reads a file by its path relative to the package.json's folder (`sub/package.json`); undefined when it does not exist.
 * @param listDirectories Lists the subfolder names of a folder by its relative path (for `packages/*`); without it such patterns name none.
 * @returns The lookup of what was found.
 * @example
 * const lookup = await loadRelatedPackages(text, (p) => readFile(join(dir, p), 'utf8').catch(() => undefined));
 * scanProjectCommands(file, text, 'package.json', { packages: lookup });
 */
export async function loadRelatedPackages(text: string, read: (path: string) => Promise<string | undefined>, listDirectories?: (dir: string) => Promise<readonly string[] | undefined>): Promise<PackageLookup> {
  const dirs = new Map<string, string | undefined>();
  let workspaces: Workspaces | undefined;
  let wantsWorkspaces = false;
  const lookup = (missing?: Set<string>): PackageLookup => {
    const byDir = (dir: string): RelatedPackage[] => {
      if (dir === '') return [{ dir, text }];
      if (!dirs.has(dir)) {
        missing?.add(dir);
        return [];
      }
      const found = dirs.get(dir);
      return found === undefined ? [] : [{ dir, text: found }];
    };
    return (ref) => {
      if (ref.kind === 'dir') return byDir(ref.path);
      // npm's `-w` takes a workspace's folder as well as its name.
      if (ref.kind === 'workspace' && ref.name.includes('/') && !ref.name.startsWith('@')) {
        const dir = relativeDir('', ref.name);
        return dir === undefined ? [] : byDir(dir);
      }
      if (workspaces === undefined) {
        wantsWorkspaces = true;
        return [];
      }
      if (ref.kind === 'workspaces') return workspaces.folders.flatMap(byDir);
      // `pnpm --filter '@x/*'`, `yarn workspaces foreach --include 'mcp-*'`: each workspace so named, in folder order.
      if (ref.name.includes('*')) {
        const re = new RegExp(`^${ref.name.split('*').map(escapeRegExp).join('.*')}$`);
        const named = new Set([...workspaces.names].filter(([name]) => re.test(name)).map(([, dir]) => dir));
        return workspaces.folders.filter((dir) => named.has(dir)).flatMap(byDir);
      }
      const dir = workspaces.names.get(ref.name);
      return dir === undefined ? [] : byDir(dir);
    };
  };
  for (let round = 0; round < 2 * MAX_DEPTH + 2; round++) {
    const missing = new Set<string>();
    wantsWorkspaces = false;
    packageJsonCommands(text, lookup(missing));
    if (wantsWorkspaces && workspaces === undefined) {
      workspaces = await workspaceNames(text, read, listDirectories, dirs);
      continue;
    }
    if (missing.size === 0) break;
    for (const dir of missing) dirs.set(dir, await read(`${dir}/package.json`));
  }
  return lookup();
}

/** Most workspace folders read for their names. */
const MAX_WORKSPACES = 500;

/** The workspaces a package declares: their folders (those holding a package.json), and each one's folder by its name. */
interface Workspaces {
  folders: string[];
  names: Map<string, string>;
}

/** The workspaces a package.json declares, reading each one's package.json into `dirs`. */
async function workspaceNames(text: string, read: (path: string) => Promise<string | undefined>, listDirectories: ((dir: string) => Promise<readonly string[] | undefined>) | undefined, dirs: Map<string, string | undefined>): Promise<Workspaces> {
  const json = tryParseObject(text);
  const declared = json?.['workspaces'];
  const list = Array.isArray(declared) ? declared : declared !== null && typeof declared === 'object' ? (declared as Record<string, unknown>)['packages'] : undefined;
  const patterns: string[] = Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  const pnpm = await read('pnpm-workspace.yaml');
  if (pnpm !== undefined) patterns.push(...pnpmWorkspacePatterns(pnpm));
  const folders: string[] = [];
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    folders.push(...(await patternFolders(pattern, listDirectories)).filter((dir) => dir !== ''));
  }
  const names = new Map<string, string>();
  const found: string[] = [];
  for (const dir of [...new Set(folders)].slice(0, MAX_WORKSPACES)) {
    if (!dirs.has(dir)) dirs.set(dir, await read(`${dir}/package.json`));
    const manifest = dirs.get(dir);
    if (manifest === undefined) continue;
    found.push(dir);
    const name = tryParseObject(manifest)?.['name'];
    if (typeof name === 'string' && !names.has(name)) names.set(name, dir);
  }
  return { folders: found, names };
}

/** Most folders a `**` of a workspace pattern walks (below the scanned package's folder, six levels deep at most). */
const MAX_WALKED = 2000;
const MAX_WALK_DEPTH = 6;

/**
 * The folders a workspace pattern names, in folder order: a folder (`tools`), `*` within one part
 * (`packages/*`, `packages/mcp-*`), and (since scanner25) `**`, any folders below (`packages/**`,
 * `apps/**\/server`), as npm's and pnpm's globs read them; never a dot-folder or `node_modules`,
 * never above the package's folder. Without `listDirectories` a pattern with `*` names none.
 */
async function patternFolders(pattern: string, listDirectories: ((dir: string) => Promise<readonly string[] | undefined>) | undefined): Promise<string[]> {
  const exact = relativeDir('', pattern);
  if (exact === undefined) return [];
  if (!pattern.includes('*')) return [exact];
  if (listDirectories === undefined) return [];
  const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const children = async (dir: string): Promise<string[]> => [...((await listDirectories(dir)) ?? [])].filter((name) => !name.startsWith('.') && name !== 'node_modules').sort().map((name) => join(dir, name));
  let current = [''];
  for (const part of exact.split('/')) {
    const next: string[] = [];
    if (!part.includes('*')) for (const dir of current) next.push(join(dir, part));
    else if (part === '**') {
      // The folder itself and every folder below it, depth first (folder order).
      const walk = async (dir: string, depth: number): Promise<void> => {
        if (next.length >= MAX_WALKED) return;
        next.push(dir);
        if (depth < MAX_WALK_DEPTH) for (const child of await children(dir)) await walk(child, depth + 1);
      };
      for (const dir of current) await walk(dir, 0);
    } else {
      const re = new RegExp(`^${part.split('*').map(escapeRegExp).join('[^/]*')}$`);
      for (const dir of current) for (const child of await children(dir)) if (re.test(child.slice(child.lastIndexOf('/') + 1))) next.push(child);
    }
    current = next.slice(0, MAX_WALKED);
  }
  return current;
}

/** The folder patterns of a `pnpm-workspace.yaml`'s `packages:` list (`- 'packages/*'`). */
function pnpmWorkspacePatterns(text: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^packages\s*:/.test(line)) {
      inside = true;
      continue;
    }
    if (!inside || /^\s*(#|$)/.test(line)) continue;
    const item = /^\s+-\s*(['"]?)([^'"#]*?)\1\s*(?:#.*)?$/.exec(line);
    if (item === null) {
      if (/^\S/.test(line)) inside = false;
      continue;
    }
    out.push(item[2]!);
  }
  return out;
}

/**
 * A JSON text that is an object, or undefined.
 *
 * @param text JSON text.
 * @returns The object, or undefined when the text is no JSON object.
 * @example
 * tryParseObject('{"a":1}') // { a: 1 }
 */
export function tryParseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

