/**
 * Decide the one source of a run from the flags and the config file: a source flag
 * (`--contracts`, `--server`, `--url`, `--tools-list`) replaces the config's `source`;
 * `--server-env`, `--server-cwd` and `--header` refine whichever server or URL is used; timeout
 * flags override `timeouts`. Flag paths are relative to the working directory, config paths to
 * the config file's folder.
 *
 * @module
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Io } from '../commands/command.ts';
import { refuseUnreadFlags, stringFlag, stringsFlag, timeoutFlag, type Flags } from '../commands/flags.ts';
import { InputError } from '../errors.ts';
import { commandLineHome, parseCommandLine } from './command-line.ts';
import type { LoadedConfig } from './config.ts';
import { assertConfigEnvSet, configuredPathShown } from './config-locate.ts';
import { parseEndpointUrl, parseHeaderLine, redactUrl } from './http-endpoint.ts';
import { redactCommandLine } from './redact-command.ts';
import { DEFAULT_TIMEOUTS, type SourceTimeouts } from './timeouts.ts';
import { TIMEOUT_FLAGS, parseEnvFlag } from './source-options.ts';

export { parseEnvFlag };
import process from 'node:process';

/** One resolved source. */
export type SourceSpec =
  | { kind: 'contracts'; path: string; shown: string; viaConfig: boolean }
  | { kind: 'toolsList'; path: string; shown: string; viaConfig: boolean }
  | { kind: 'server'; command: string; args: string[]; env: Record<string, string>; cwd?: string; shown: string }
  | { kind: 'url'; url: string; headers: Record<string, string>; shown: string };

/** A source with its timeouts. */
export interface ResolvedSource {
  spec: SourceSpec;
  timeouts: SourceTimeouts;
}

function setOwn(record: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}


/**
 * A file the config names, as messages show it: as written when the config is in the working
 * directory, else from the working directory (as its lockfile is shown), since `../tools.json`
 * written in `conf/mcpfusion.jsonc` is no path from where the user is.
 */
function shownFromConfig(cwd: string, dir: string, written: string): string {
  return resolve(dir) === resolve(cwd) ? written : configuredPathShown(cwd, dir, written);
}

function checkDir(path: string, shown: string, configKey = ''): string {
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new InputError(`The server working directory "${shown}"${configKey} does not exist or is not a directory`);
  }
  return path;
}

/** Run a parse of `source.server`, naming the config key and file in its error instead of a flag. */
function inConfig<T>(parse: () => T, config: LoadedConfig): T {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(e.message.replace(/^(Cannot parse )?the server command line/i, (_m, verb: string | undefined) => `${verb ?? ''}source.server in ${config.shown}`), { cause: e });
  }
}

/**
 * Resolve the source of a run.
 *
 * @param flags Parsed flags.
 * @param io Working directory and environment.
 * @param config The config file, when one was found.
 * @returns The source and timeouts, or undefined when neither flags nor config name a source.
 * @throws {InputError} On several sources, a modifier flag that does not fit the source, or a malformed value.
 * @example resolveSource({ server: 'node s.js' }, io)?.spec.kind // 'server'
 */
export function resolveSource(flags: Flags, io: Io, config?: LoadedConfig): ResolvedSource | undefined {
  const fromFlags = ['contracts', 'server', 'url', 'toolsList'].filter((n) => flags[n] !== undefined);
  if (fromFlags.length > 1) {
    const show = (n: string): string => `--${n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new InputError(`Give exactly one source; got ${fromFlags.map(show).join(' and ')}`);
  }
  const source = fromFlags.length === 0 ? config?.config.source : undefined;
  // The config's source is used: its `${env:NAME}` values must be set now (not before: a run with a source flag needs none).
  if (source !== undefined) assertConfigEnvSet(config!.config);
  const dir = config?.dir ?? io.cwd;
  const timeouts: SourceTimeouts = {
    start: timeoutFlag(flags, 'startTimeout') ?? config?.config.timeouts?.start ?? DEFAULT_TIMEOUTS.start,
    handshake: timeoutFlag(flags, 'handshakeTimeout') ?? config?.config.timeouts?.handshake ?? DEFAULT_TIMEOUTS.handshake,
    request: timeoutFlag(flags, 'requestTimeout') ?? config?.config.timeouts?.request ?? DEFAULT_TIMEOUTS.request,
    settle: timeoutFlag(flags, 'settleTimeout', true) ?? config?.config.timeouts?.settle ?? DEFAULT_TIMEOUTS.settle,
  };
  const envFlags = stringsFlag(flags, 'serverEnv');
  const cwdFlag = stringFlag(flags, 'serverCwd');
  const headerFlags = stringsFlag(flags, 'header');

  let spec: SourceSpec | undefined;
  const contracts = stringFlag(flags, 'contracts');
  const toolsList = stringFlag(flags, 'toolsList');
  const serverFlag = stringFlag(flags, 'server');
  const urlFlag = stringFlag(flags, 'url');
  // Standard input is named "stdin" in messages, as `diff` and `canonicalize` name it.
  if (contracts !== undefined) spec = { kind: 'contracts', path: contracts === '-' ? '-' : resolve(io.cwd, contracts), shown: contracts === '-' ? 'stdin' : contracts, viaConfig: false };
  else if (toolsList !== undefined) spec = { kind: 'toolsList', path: toolsList === '-' ? '-' : resolve(io.cwd, toolsList), shown: toolsList === '-' ? 'stdin' : toolsList, viaConfig: false };
  else if (source?.contracts !== undefined) spec = { kind: 'contracts', path: resolve(dir, source.contracts), shown: shownFromConfig(io.cwd, dir, source.contracts), viaConfig: true };
  else if (source?.toolsList !== undefined) spec = { kind: 'toolsList', path: resolve(dir, source.toolsList), shown: shownFromConfig(io.cwd, dir, source.toolsList), viaConfig: true };
  else if (serverFlag !== undefined || source?.server !== undefined) {
    const home = commandLineHome(io.env, process.platform);
    const parsed = serverFlag !== undefined
      ? parseCommandLine(serverFlag, home)
      : typeof source!.server === 'string'
        ? inConfig(() => parseCommandLine(source!.server as string, home), config!)
        : { command: source!.server![0]!, args: source!.server!.slice(1), env: {} };
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(serverFlag === undefined ? source?.env ?? {} : {})) setOwn(env, k, v);
    for (const [k, v] of Object.entries(parsed.env)) setOwn(env, k, v);
    for (const text of envFlags) {
      const [k, v] = parseEnvFlag(text);
      setOwn(env, k, v);
    }
    let cwd: string | undefined;
    if (cwdFlag !== undefined) cwd = checkDir(resolve(io.cwd, cwdFlag), cwdFlag);
    else if (serverFlag === undefined && source?.cwd !== undefined) cwd = checkDir(resolve(dir, source.cwd), shownFromConfig(io.cwd, dir, source.cwd), ` (source.cwd in ${config!.shown})`);
    // Credentials typed on the command line never reach messages (CI logs keep them).
    const shown = redactCommandLine(serverFlag ?? (typeof source!.server === 'string' ? source!.server : source!.server!.join(' ')));
    spec = { kind: 'server', command: parsed.command, args: parsed.args, env, ...(cwd !== undefined ? { cwd } : {}), shown };
  } else if (urlFlag !== undefined || source?.url !== undefined) {
    const url = urlFlag ?? source!.url!;
    parseEndpointUrl(url, urlFlag === undefined ? `source.url in ${config!.shown}` : '--url');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(urlFlag === undefined ? source?.headers ?? {} : {})) setOwn(headers, k, v);
    for (const text of headerFlags) {
      const [k, v] = parseHeaderLine(text);
      setOwn(headers, k, v);
    }
    spec = { kind: 'url', url, headers, shown: redactUrl(url) };
  }
  if (!spec) return undefined;
  // A flag that only another kind of source reads would be silently ignored.
  const what = (spec.kind === 'server' ? `the server "${spec.shown}"` : spec.kind === 'url' ? `the server at ${spec.shown}`
    : `the ${spec.kind === 'contracts' ? 'contracts' : 'tools/list'} file "${spec.shown}"`) + (fromFlags.length === 0 ? ` (the source in ${config!.shown})` : '');
  if (spec.kind !== 'server') refuseUnreadFlags(flags, ['--server-env', '--server-cwd'], what, 'it sets up a server that mcpfusion starts (--server, or source.server in the config)');
  if (spec.kind !== 'url') refuseUnreadFlags(flags, ['--header'], what, 'it is sent with the HTTP requests to a --url source (or source.url in the config)');
  // A file is read at once: a timeout typed for it would bound nothing.
  if (spec.kind === 'contracts' || spec.kind === 'toolsList') refuseUnreadFlags(flags, TIMEOUT_FLAGS, what, 'timeouts bound a live server (--server or --url), and a file is read at once');
  return { spec, timeouts };
}
