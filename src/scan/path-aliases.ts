/**
 * Path aliases of a JavaScript or TypeScript project: `compilerOptions.paths` and `baseUrl` of the
 * nearest `tsconfig.json` / `jsconfig.json` (with `extends`). The scanner follows an aliased
 * specifier (`@/lib/run`) to the project's file like a relative import, so a capability in a
 * helper module reached through an alias still counts. Pure: files are read through `read`.
 *
 * @module
 */
import { parse, type ParseError } from 'jsonc-parser';
import { dirname, joinPath } from './import-candidates.ts';

/** Reads a file: its text, or undefined when it does not exist or cannot be read. */
export type ReadText = (path: string) => Promise<string | undefined>;

/** The alias settings of one tsconfig, its `extends` applied; paths are absolute. */
export interface TsconfigAliases {
  /** The tsconfig (or jsconfig) file found beside or above the importing file. */
  file: string;
  /** `compilerOptions.paths`, when set. */
  paths?: Readonly<Record<string, readonly string[]>>;
  /** The directory `paths` targets are relative to: `baseUrl`, else the config that declares `paths`. */
  pathsBase?: string;
  /** `compilerOptions.baseUrl`, absolute. */
  baseUrl?: string;
  /** The files the config covers: its `files` and `include` (absolute patterns), `extends` applied. */
  covers?: { files?: string[]; include?: string[]; exclude?: string[] };
  /** The configs its own `references` name (absolute paths). */
  references?: string[];
  /** `compilerOptions.outDir`, absolute: package.json `"imports"`/`"exports"` targets in it stand for sources. */
  outDir?: string;
  /** `compilerOptions.rootDir`, absolute (the config's directory for a `composite` project without one). */
  rootDir?: string;
}

/** Configs followed through `extends` at most. */
const MAX_EXTENDS_DEPTH = 8;

/** A JSONC object (comments, trailing commas), or undefined when the text is not one. */
export function parseJsonc(text: string): Record<string, unknown> | undefined {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length === 0 && value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * Finds the nearest tsconfig.json or jsconfig.json for a file, cached per directory.
 *
 * @param read Reads a file.
 * @returns A function from an importing file to its aliases (undefined without a config).
 * @example
 * const aliases = tsconfigFinder(read); (await aliases('/p/src/h.ts'))?.paths // { '@/*': ['src/*'] }
 */
export function tsconfigFinder(read: ReadText): (fromFile: string) => Promise<TsconfigAliases | undefined> {
  const nearest = nearestConfigFinder(read, ['tsconfig.json', 'jsconfig.json'], (file, text) => loadConfig(file, read, 0, text));
  const referenced = new Map<string, Promise<TsconfigAliases | undefined>>();
  const byFile = new Map<string, Promise<TsconfigAliases | undefined>>();
  const find = async (fromFile: string): Promise<TsconfigAliases | undefined> => {
    const config = await nearest(fromFile);
    if (config === undefined || config.paths !== undefined || config.baseUrl !== undefined || config.references === undefined) return config;
    // A solution-style config (Vite's `"files": [], "references": [...]`): the file belongs to the
    // first referenced project that covers it, and that project's aliases apply.
    for (const path of config.references) {
      let project = referenced.get(path);
      if (project === undefined) referenced.set(path, (project = loadConfig(path, read, 0)));
      const aliases = await project;
      if (aliases?.covers !== undefined && covers(aliases.covers, fromFile)) return aliases;
    }
    return config;
  };
  // Asked once per aliased import: the answer for a file is kept.
  return (fromFile) => {
    let found = byFile.get(fromFile);
    if (found === undefined) byFile.set(fromFile, (found = find(fromFile)));
    return found;
  };
}

/** Whether a config's `files`, `include` and `exclude` take in `file` (no `files` nor `include`: everything). */
function covers(scope: NonNullable<TsconfigAliases['covers']>, file: string): boolean {
  if (scope.files?.includes(file)) return true;
  const include = scope.include ?? (scope.files === undefined ? ['**/*'] : []);
  const excluded = (scope.exclude ?? ['node_modules', 'bower_components', 'jspm_packages']).some((pattern) => matchesTsPattern(pattern, file, true));
  return !excluded && include.some((pattern) => matchesTsPattern(pattern, file, false));
}

/**
 * Whether a tsconfig `include`/`exclude` pattern (absolute; `*`, `?` and `**` as TypeScript reads
 * them) takes in a file. A pattern whose last segment has no wildcard and no extension names a
 * directory (all files under it); an exclude pattern also excludes what lies under what it names.
 */
function matchesTsPattern(pattern: string, file: string, exclude: boolean): boolean {
  let p = pattern.replace(/\/+$/, '');
  const last = p.slice(p.lastIndexOf('/') + 1);
  if (!/[*?]/.test(last) && !/\.[^/]+$/.test(last)) p += '/**/*';
  let source = '';
  for (const segment of p.split('/')) {
    if (segment === '**') source += '(?:/[^/]+)*';
    else source += `/${segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}`;
  }
  source = source.replace(/^\//, '');
  return new RegExp(`^${source}${exclude ? '(?:/.*)?' : ''}$`).test(file);
}

/**
 * Finds, for a file, the nearest of the named config files in its directory or above (the first
 * name found in a directory wins) and what `atConfig` makes of it, cached per directory. The
 * nearest config is the project's: its result stands, even when undefined.
 */
function nearestConfigFinder<T>(read: ReadText, names: readonly string[], atConfig: (file: string, text: string) => Promise<T | undefined>): (fromFile: string) => Promise<T | undefined> {
  const byDir = new Map<string, Promise<T | undefined>>();
  const atDir = (dir: string): Promise<T | undefined> => {
    let found = byDir.get(dir);
    if (found === undefined) {
      found = (async () => {
        for (const name of names) {
          const file = `${dir === '/' ? '' : dir}/${name}`;
          const text = await read(file);
          if (text !== undefined) return atConfig(file, text);
        }
        // A relative directory climbs to the working directory (`src` to `.`), not past it, nor
        // from a `..` (whose parent is not `.`).
        const up = dirname(dir);
        return up === dir || (up === '.' && (dir === '.' || dir === '..' || dir.startsWith('../'))) ? undefined : atDir(up);
      })();
      byDir.set(dir, found);
    }
    return found;
  };
  return (fromFile) => atDir(dirname(fromFile));
}

/** One config with its `extends` (relative paths, or a package under node_modules) merged under it. */
async function loadConfig(file: string, read: ReadText, depth: number, known?: string): Promise<TsconfigAliases | undefined> {
  const text = known ?? (await read(file));
  const json = text === undefined ? undefined : parseJsonc(text);
  if (json === undefined) return depth === 0 ? { file } : undefined;
  const dir = dirname(file);
  let merged: TsconfigAliases = { file };
  const bases = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends.filter((e): e is string => typeof e === 'string') : [];
  if (depth < MAX_EXTENDS_DEPTH) {
    // Later entries of an `extends` array override earlier ones, and the config itself all of them.
    for (const base of bases) {
      const path = await extendsPath(base, dir, read);
      const inherited = path === undefined ? undefined : await loadConfig(path, read, depth + 1);
      if (inherited !== undefined) merged = { ...merged, ...withoutFile(inherited) };
    }
  }
  const options = json.compilerOptions;
  if (options !== null && typeof options === 'object' && !Array.isArray(options)) {
    const { baseUrl, paths, outDir, rootDir, composite } = options as { baseUrl?: unknown; paths?: unknown; outDir?: unknown; rootDir?: unknown; composite?: unknown };
    if (typeof baseUrl === 'string') merged.baseUrl = joinPath(dir, baseUrl);
    if (typeof outDir === 'string') merged.outDir = joinPath(dir, outDir);
    if (typeof rootDir === 'string') merged.rootDir = joinPath(dir, rootDir);
    else if (composite === true && merged.rootDir === undefined) merged.rootDir = dir;
    if (paths !== null && typeof paths === 'object' && !Array.isArray(paths)) {
      const clean: Record<string, string[]> = {};
      for (const [key, targets] of Object.entries(paths)) if (Array.isArray(targets)) clean[key] = targets.filter((t): t is string => typeof t === 'string');
      merged.paths = clean;
      merged.pathsBase = dir;
    }
  }
  // `files`, `include` and `exclude` replace inherited ones, relative to the config that declares them.
  const scope = { ...merged.covers };
  for (const key of ['files', 'include', 'exclude'] as const) {
    const list = json[key];
    if (Array.isArray(list)) scope[key] = list.filter((e): e is string => typeof e === 'string').map((e) => joinPath(dir, e));
  }
  if (Object.keys(scope).length > 0) merged.covers = scope;
  // `references` are never inherited.
  delete merged.references;
  if (Array.isArray(json.references)) {
    const references: string[] = [];
    for (const ref of json.references) {
      const path = ref !== null && typeof ref === 'object' && typeof (ref as { path?: unknown }).path === 'string' ? joinPath(dir, (ref as { path: string }).path) : undefined;
      if (path !== undefined) references.push(/\.json$/.test(path) ? path : `${path}/tsconfig.json`);
    }
    if (references.length > 0) merged.references = references;
  }
  // `paths` are relative to `baseUrl` when there is one, wherever either was declared.
  if (merged.baseUrl !== undefined && merged.paths !== undefined) merged.pathsBase = merged.baseUrl;
  merged.file = file;
  return merged;
}

function withoutFile(config: TsconfigAliases): Omit<TsconfigAliases, 'file'> {
  const { file: _file, ...rest } = config;
  return rest;
}

/** The file an `extends` entry names: relative to the config, or a package's file under node_modules. */
async function extendsPath(base: string, dir: string, read: ReadText): Promise<string | undefined> {
  if (base.startsWith('./') || base.startsWith('../') || base.startsWith('/')) {
    const path = joinPath(dir, base);
    return path.endsWith('.json') || (await read(path)) !== undefined ? path : `${path}.json`;
  }
  // A package (`@tsconfig/node20/tsconfig.json`): from the nearest node_modules that has it.
  for (let at = dir; ; ) {
    const path = joinPath(`${at === '/' ? '' : at}/node_modules`, base);
    for (const candidate of [path, `${path}.json`, `${path}/tsconfig.json`]) if ((await read(candidate)) !== undefined) return candidate;
    const up = dirname(at);
    if (up === at || up === '.') return undefined;
    at = up;
  }
}

/**
 * The absolute paths a specifier maps to through `compilerOptions.paths`: the exact key, else the
 * `*` pattern with the longest prefix (as TypeScript picks it), each of its targets in order.
 *
 * @param specifier A bare specifier (`@/lib/run`).
 * @param config The importing file's aliases.
 * @returns The target paths and the pattern that matched, or undefined when no pattern matches.
 * @example
 * tsconfigPathTargets('@/lib/run', { file: '/p/tsconfig.json', paths: { '@/*': ['src/*'] }, pathsBase: '/p' })
 * // { pattern: '@/*', targets: ['/p/src/lib/run'] }
 */
export function tsconfigPathTargets(specifier: string, config: TsconfigAliases): { pattern: string; targets: string[] } | undefined {
  const { paths, pathsBase } = config;
  if (paths === undefined || pathsBase === undefined) return undefined;
  let pattern: string | undefined;
  let star = '';
  if (Object.hasOwn(paths, specifier) && !specifier.includes('*')) pattern = specifier;
  else {
    let best = -1;
    for (const key of Object.keys(paths)) {
      const at = key.indexOf('*');
      if (at < 0 || key.indexOf('*', at + 1) >= 0) continue;
      const prefix = key.slice(0, at);
      const suffix = key.slice(at + 1);
      if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix) || prefix.length <= best) continue;
      best = prefix.length;
      pattern = key;
      star = specifier.slice(prefix.length, specifier.length - suffix.length);
    }
  }
  if (pattern === undefined) return undefined;
  const targets = paths[pattern]!.map((t) => joinPath(pathsBase, t.replace('*', star)));
  return { pattern, targets };
}

/**
 * Apply an import map (Deno's `"imports"`): the exact key, else the longest key ending in `/` that
 * prefixes the specifier, its target followed by the rest.
 *
 * @param specifier A specifier as written.
 * @param imports The import map's `"imports"`.
 * @returns The mapped specifier, or undefined when no key applies.
 * @example
 * mapImport('std/fs/copy.ts', { 'std/': 'https://deno.land/std@0.224.0/' }) // 'https://deno.land/std@0.224.0/fs/copy.ts'
 */
export function mapImport(specifier: string, imports: Readonly<Record<string, string>> | undefined): string | undefined {
  return matchImport(specifier, imports)?.target;
}

/** The key of `imports` that maps `specifier` (exact, else the longest prefix ending in `/`) and the mapped specifier. */
export function matchImport(specifier: string, imports: Readonly<Record<string, string>> | undefined): { key: string; target: string } | undefined {
  if (imports === undefined) return undefined;
  let key: string | undefined;
  if (Object.hasOwn(imports, specifier)) key = specifier;
  else for (const k of Object.keys(imports)) if (k.endsWith('/') && specifier.startsWith(k) && k.length > (key?.length ?? 0)) key = k;
  return key === undefined ? undefined : { key, target: imports[key]! + specifier.slice(key.length) };
}

/**
 * The Deno import map that applies to one file: the `"imports"` of its nearest `deno.json`, with
 * the `"scopes"` that contain the file first and, for a workspace member, the workspace root's
 * scopes and imports after its own, flattened into one map that {@link mapImport} reads as Deno
 * would walk them in order.
 */
export interface DenoImportMap {
  /** The nearest `deno.json` / `deno.jsonc` (or the import map file it names). */
  file: string;
  /** The effective map of this file. */
  imports: Readonly<Record<string, string>>;
  /** The file each key of `imports` comes from: a path target is relative to it. */
  declaredIn: Readonly<Record<string, string>>;
}

/** One map as declared: its file (path targets are relative to it), its entries, and the scope it is limited to. */
interface DeclaredMap {
  file: string;
  imports: Record<string, string>;
  scope?: { prefix: string; exact: boolean };
}

/**
 * Finds the import map of the nearest `deno.json` / `deno.jsonc` for a file (its `"imports"` and
 * `"scopes"`, or those of the file its `"importMap"` names) and, when that config is a member of a
 * workspace declared by a `deno.json` above it, the root's too; a workspace root also maps each
 * member it lists by path to that member's `"name"` and `"exports"`. Configs are cached per directory.
 *
 * @param read Reads a file.
 * @returns A function from a file to its import map (undefined without one).
 */
export function denoImportMapFinder(read: ReadText): (fromFile: string) => Promise<DenoImportMap | undefined> {
  const loadLayer = async (file: string, json: Record<string, unknown>): Promise<DeclaredMap[]> => {
    let maps: DeclaredMap[];
    if (json.imports === undefined && json.scopes === undefined && typeof json.importMap === 'string') {
      const mapFile = joinPath(dirname(file), json.importMap);
      const mapText = await read(mapFile);
      const map = mapText === undefined ? undefined : parseJsonc(mapText);
      maps = map === undefined ? [] : mapsOf(mapFile, map);
    } else maps = mapsOf(file, json);
    for (const member of workspaceMembers(json.workspace)) {
      if (member.includes('*')) continue; // a pattern would need a directory listing
      const dir = joinPath(dirname(file), member);
      for (const name of ['deno.json', 'deno.jsonc']) {
        const memberFile = `${dir === '/' ? '' : dir}/${name}`;
        const text = await read(memberFile);
        if (text === undefined) continue;
        const exported = memberExports(parseJsonc(text));
        if (exported !== undefined) maps.push({ file: memberFile, imports: exported });
        break;
      }
    }
    return maps;
  };
  const configs = nearestConfigFinder(read, ['deno.json', 'deno.jsonc'], async (file, text) => {
    const json = parseJsonc(text);
    return json === undefined ? undefined : { file, json };
  });
  const layersByConfig = new Map<string, Promise<DeclaredMap[][]>>();
  const layersOf = (file: string, json: Record<string, unknown>): Promise<DeclaredMap[][]> => {
    let found = layersByConfig.get(file);
    if (found === undefined) {
      found = (async () => {
        const layers = [await loadLayer(file, json)];
        // A workspace member also sees the root's map, after its own.
        const above = dirname(dirname(file));
        const root = above === dirname(file) ? undefined : await configs(`${above === '/' ? '' : above}/deno.json`);
        if (root !== undefined && isWorkspaceMember(dirname(root.file), root.json.workspace, dirname(file))) layers.push(await loadLayer(root.file, root.json));
        return layers;
      })();
      layersByConfig.set(file, found);
    }
    return found;
  };
  // Files under one config and the same scopes share one flattened map.
  const flattened = new Map<string, DenoImportMap | undefined>();
  return async (fromFile) => {
    const config = await configs(fromFile);
    if (config === undefined) return undefined;
    // Most specific first: each layer's scopes that contain the file (longest first), then its imports.
    const ordered = (await layersOf(config.file, config.json)).flatMap((layer) => {
      const scopes = layer.filter((m) => m.scope !== undefined && (m.scope.exact ? fromFile === m.scope.prefix : fromFile.startsWith(m.scope.prefix)));
      scopes.sort((a, b) => b.scope!.prefix.length - a.scope!.prefix.length);
      return [...scopes, ...layer.filter((m) => m.scope === undefined)];
    });
    const cacheKey = [config.file, ...ordered.filter((m) => m.scope !== undefined).map((m) => `${m.file}:${m.scope!.prefix}`)].join('\u0000');
    if (flattened.has(cacheKey)) return flattened.get(cacheKey);
    const imports: Record<string, string> = {};
    const declaredIn: Record<string, string> = {};
    const prefixes: string[] = [];
    let first: string | undefined;
    for (const map of ordered) {
      const added: string[] = [];
      for (const [key, target] of Object.entries(map.imports)) {
        // A key an earlier map already answers for (the same key, or under one of its prefixes) is never reached.
        if (Object.hasOwn(imports, key) || prefixes.some((p) => key.startsWith(p))) continue;
        imports[key] = target;
        declaredIn[key] = map.file;
        first ??= map.file;
        if (key.endsWith('/')) added.push(key);
      }
      prefixes.push(...added);
    }
    const result = first === undefined ? undefined : { file: first, imports, declaredIn };
    flattened.set(cacheKey, result);
    return result;
  };
}

/** The member paths a `"workspace"` field lists (an array, or `{ "members": [...] }`). */
function workspaceMembers(workspace: unknown): string[] {
  const members = Array.isArray(workspace) ? workspace : workspace !== null && typeof workspace === 'object' && Array.isArray((workspace as { members?: unknown }).members) ? (workspace as { members: unknown[] }).members : [];
  return members.filter((m): m is string => typeof m === 'string');
}

/** A workspace member's name mapped to its `"exports"` (`"@x/a"`, `"@x/a/sub"` for `"./sub"`), or undefined. */
function memberExports(json: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (json === undefined || typeof json.name !== 'string' || json.name === '') return undefined;
  const name = json.name;
  const exports = typeof json.exports === 'string' ? { '.': json.exports } : stringEntries(json.exports);
  if (exports === undefined) return undefined;
  const map: Record<string, string> = {};
  for (const [key, target] of Object.entries(exports)) {
    if (key === '.') map[name] = target;
    else if (key.startsWith('./')) map[`${name}/${key.slice(2)}`] = target;
  }
  return Object.keys(map).length > 0 ? map : undefined;
}

/** Whether `dir` is one of the members a workspace root in `rootDir` lists (`"./pkg"`, `"./packages/*"`). */
function isWorkspaceMember(rootDir: string, workspace: unknown, dir: string): boolean {
  const path = dir.split('/');
  return workspaceMembers(workspace).some((member) => {
    const pattern = joinPath(rootDir, member).split('/');
    return pattern.length === path.length && pattern.every((segment, k) => segment === path[k] || (segment === '*' && path[k] !== ''));
  });
}

/** The string entries of an object, or undefined when it is none. */
function stringEntries(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const clean: Record<string, string> = {};
  for (const [key, target] of Object.entries(value)) if (typeof target === 'string') clean[key] = target;
  return clean;
}

/** A config's or import map file's `"imports"` and `"scopes"`; scope keys that are paths or `file:` URLs, made absolute. */
function mapsOf(file: string, json: Record<string, unknown>): DeclaredMap[] {
  const maps: DeclaredMap[] = [];
  const declared = json.scopes !== null && typeof json.scopes === 'object' && !Array.isArray(json.scopes) ? Object.entries(json.scopes) : [];
  for (const [key, value] of declared) {
    const imports = stringEntries(value);
    let path: string | undefined;
    if (key.startsWith('./') || key.startsWith('../') || key.startsWith('/')) path = joinPath(dirname(file), key);
    else if (key.startsWith('file://')) {
      try {
        path = decodeURIComponent(new URL(key).pathname).replace(/^\/([A-Za-z]:\/)/, '$1');
      } catch {
        path = undefined;
      }
    }
    if (imports === undefined || path === undefined) continue;
    const exact = !key.endsWith('/');
    maps.push({ file, imports, scope: { prefix: exact || path.endsWith('/') ? path : `${path}/`, exact } });
  }
  const imports = stringEntries(json.imports);
  if (imports !== undefined) maps.push({ file, imports });
  return maps;
}
