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
  return nearestConfigFinder(read, ['tsconfig.json', 'jsconfig.json'], (file, text) => loadConfig(file, read, 0, text));
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
        const up = dirname(dir);
        return up === dir || up === '.' ? undefined : atDir(up);
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
    const { baseUrl, paths } = options as { baseUrl?: unknown; paths?: unknown };
    if (typeof baseUrl === 'string') merged.baseUrl = joinPath(dir, baseUrl);
    if (paths !== null && typeof paths === 'object' && !Array.isArray(paths)) {
      const clean: Record<string, string[]> = {};
      for (const [key, targets] of Object.entries(paths)) if (Array.isArray(targets)) clean[key] = targets.filter((t): t is string => typeof t === 'string');
      merged.paths = clean;
      merged.pathsBase = dir;
    }
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
  if (imports === undefined) return undefined;
  if (Object.hasOwn(imports, specifier)) return imports[specifier];
  let best: string | undefined;
  for (const key of Object.keys(imports)) if (key.endsWith('/') && specifier.startsWith(key) && key.length > (best?.length ?? 0)) best = key;
  return best === undefined ? undefined : imports[best]! + specifier.slice(best.length);
}

/** A Deno import map: its `"imports"` (string targets only) and the file they are relative to. */
export interface DenoImportMap {
  file: string;
  imports: Readonly<Record<string, string>>;
}

/**
 * Finds the import map of the nearest `deno.json` / `deno.jsonc` for a file (its `"imports"`, or
 * the file its `"importMap"` names), cached per directory.
 *
 * @param read Reads a file.
 * @returns A function from a file to its import map (undefined without one).
 */
export function denoImportMapFinder(read: ReadText): (fromFile: string) => Promise<DenoImportMap | undefined> {
  return nearestConfigFinder(read, ['deno.json', 'deno.jsonc'], async (file, text) => {
    const json = parseJsonc(text);
    if (json === undefined) return undefined;
    if (json.imports === undefined && typeof json.importMap === 'string') {
      const mapFile = joinPath(dirname(file), json.importMap);
      const mapText = await read(mapFile);
      const map = mapText === undefined ? undefined : parseJsonc(mapText);
      return map === undefined ? undefined : importsOf(mapFile, map.imports);
    }
    return importsOf(file, json.imports);
  });
}

function importsOf(file: string, imports: unknown): DenoImportMap | undefined {
  if (imports === null || typeof imports !== 'object' || Array.isArray(imports)) return undefined;
  const clean: Record<string, string> = {};
  for (const [key, target] of Object.entries(imports)) if (typeof target === 'string') clean[key] = target;
  return Object.keys(clean).length > 0 ? { file, imports: clean } : undefined;
}
