/**
 * Where the run's config file is, without reading it, and the config loaders the commands use.
 *
 * Reading a config needs `jsonc-parser`, whose module set-up alone is about a millisecond of a
 * cold start; most runs (a contracts file, a lockfile, flags only) have no config at all. The
 * commands therefore ask here first and load `config.ts` (and the parser) only when a config file
 * is there. `config.ts` keeps the synchronous `loadConfig` / `configuredLockfile` of the library.
 *
 * @module
 */
import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.ts';
import type { LoadedConfig, McpfusionConfig } from './config.ts';

/** The default config file name, looked for in the working directory. */
export const CONFIG_FILE_NAME = 'mcpfusion.jsonc';

/**
 * The config file of a run: `--config PATH` (must exist), else `./mcpfusion.jsonc` when present.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @returns The absolute path and the path as the user wrote it, or undefined when there is none.
 * @throws {InputError} When `--config` names a file that does not exist, or a directory, or
 *   `./mcpfusion.jsonc` is a symbolic link to nothing.
 * @example locateConfig(undefined, process.cwd())?.shown // 'mcpfusion.jsonc'
 */
export function locateConfig(configFlag: string | undefined, cwd: string): { path: string; shown: string } | undefined {
  if (configFlag !== undefined) {
    const path = resolve(cwd, configFlag);
    if (!existsSync(path)) throw new InputError(`Cannot read config file "${configFlag}": it does not exist`);
    if (statSync(path).isDirectory()) throw new InputError(`Cannot read config file "${configFlag}": it is a directory; name the file, e.g. "${join(configFlag, CONFIG_FILE_NAME)}"`);
    return { path, shown: configFlag };
  }
  const path = resolve(cwd, CONFIG_FILE_NAME);
  if (!existsSync(path)) {
    // A link whose file is gone (a shared config not checked out) is a config meant, not none:
    // run without it, lock wrote a lockfile without the tools' overlay (tags, handlers …), exit 0.
    if (isLink(path)) throw new InputError(`Cannot read config file "${CONFIG_FILE_NAME}": it is a symbolic link to "${readlinkSync(path)}", which does not exist; fix the link, or remove it to run without a config`);
    return undefined;
  }
  if (statSync(path).isDirectory()) return undefined;
  return { path, shown: CONFIG_FILE_NAME };
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * `loadConfig`, loading the config reader only when there is a config file.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @param env Environment for `${env:NAME}` expansion.
 * @returns The loaded config, or undefined when there is none.
 * @throws {InputError} When `--config` names a missing file, or the file is invalid.
 */
export async function loadConfigIfAny(configFlag: string | undefined, cwd: string, env: Record<string, string | undefined>): Promise<LoadedConfig | undefined> {
  if (!locateConfig(configFlag, cwd)) return undefined;
  const { loadConfig } = await import('./config.ts');
  // An unset `${env:NAME}` of the source is reported where the source is used (resolveSource).
  return loadConfig(configFlag, cwd, env, { deferUnsetEnv: true });
}

/**
 * `configuredLockfile`, loading the config reader only when there is a config file.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @param env Environment.
 * @returns The lockfile path the config names, or undefined.
 * @throws {InputError} When the config file is invalid.
 */
export async function configuredLockfileIfAny(configFlag: string | undefined, cwd: string, env: Record<string, string | undefined>): Promise<string | undefined> {
  if (!locateConfig(configFlag, cwd)) return undefined;
  const { configuredLockfile } = await import('./config.ts');
  return configuredLockfile(configFlag, cwd, env);
}

/** The deferred error of a config read with `deferUnsetEnv` whose `${env:NAME}` is unset. */
const DEFERRED = new WeakMap<McpfusionConfig, () => never>();

/**
 * Keep a config's unset-`${env:NAME}` problems until its source is used (`parseConfig` with
 * `deferUnsetEnv`). Here, not in config.ts, so that the source resolver can check them without
 * loading the config reader.
 *
 * @param config The parsed config.
 * @param raise Throws the problems.
 */
export function deferConfigProblem(config: McpfusionConfig, raise: () => never): void {
  DEFERRED.set(config, raise);
}

/**
 * Throw the config's deferred unset-`${env:NAME}` problems, if any: called where the config's
 * source (whose `env` or `headers` they are) is used.
 *
 * @param config A config from `parseConfig` or `loadConfig`.
 * @throws {InputError} Every unset variable with its JSON path, line and column (exit 2).
 */
export function assertConfigEnvSet(config: McpfusionConfig): void {
  DEFERRED.get(config)?.();
}

/** The path functions {@link configuredPathShown} uses: `node:path`'s, or `path.win32`'s in tests. */
export interface PathFunctions {
  relative(from: string, to: string): string;
  resolve(...paths: string[]): string;
  isAbsolute(path: string): boolean;
  readonly sep: string;
}

/**
 * A path the config file names, as a run shows it (`lock` and `check` print it, `--format json`
 * too): relative to the working directory and `/`-separated when there is such a path, else absolute.
 *
 * @param cwd The working directory.
 * @param dir The config file's folder.
 * @param written The path as the config writes it.
 * @param paths The platform's path functions (`node:path`; `path.win32` in tests).
 * @returns The path to show and open.
 * @example configuredPathShown('/srv', '/srv/conf', 'locks/x.lock') // 'conf/locks/x.lock'
 */
export function configuredPathShown(cwd: string, dir: string, written: string, paths: PathFunctions = { relative, resolve, isAbsolute, sep }): string {
  const abs = paths.resolve(dir, written);
  const rel = paths.relative(cwd, abs);
  // `/` on Windows too: Windows opens it alike, and the JSON output reads the same on every OS.
  return rel === '' || paths.isAbsolute(rel) ? abs : rel.split(paths.sep).join('/');
}
