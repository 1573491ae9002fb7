/**
 * The config file `mcpfusion.jsonc` (JSON with comments and trailing commas, read with
 * `jsonc-parser`): the contract source, `serverName`, the lockfile path, timeouts and the
 * per-tool overlay (SPEC section 2). Found in the working directory or given with `--config`.
 *
 * Strict: a syntax error, an unknown key, a wrong type, a repeated key or two sources are
 * errors (exit 2) naming the JSON path, line and column of every problem. `${env:NAME}` in
 * `source.env` and `source.headers` values is replaced from the environment (so secrets need not
 * be written into the file). Relative paths are resolved against the config file's folder.
 *
 * @module
 */
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import { setOwn } from '../canonical/own.ts';
import { loneSurrogateAt } from '../canonical/strict-json.ts';
import type { ToolOverlays } from '../contract/overlay.ts';
import { InputError } from '../errors.ts';
import { readTextFile } from '../io/read-file.ts';
import { LOCKFILE_NAME } from '../lockfile/types.ts';
import { jsonPathOf } from '../canonical/json-path.ts';
import { describeJsoncNode, parseJsoncTree, reportJsoncProblems, uniqueProperties, type JsoncProblem } from '../contract/jsonc-node.ts';
import { CONFIG_SHAPE, type ConfigShape } from './config-shape.ts';
import { closestName } from '../format/closest-name.ts';
import { configuredPathShown, deferConfigProblem, locateConfig } from './config-locate.ts';
import { headerProblem } from './http-endpoint.ts';
import { redactCommandLine } from './redact-command.ts';
import { shellWord } from './windows-shim-hint.ts';

export { configuredPathShown, type PathFunctions } from './config-locate.ts';

/** The default config file name, looked up in the working directory. */
export { CONFIG_FILE_NAME } from './config-locate.ts';

/** The `source` section. */
export interface SourceConfig {
  /** Command line or argv of a stdio server. */
  server?: string | string[];
  /** Extra environment of the server (after `${env:NAME}` expansion). */
  env?: Record<string, string>;
  /** Working directory of the server (as written; resolve against the config folder). */
  cwd?: string;
  /** Streamable HTTP endpoint. */
  url?: string;
  /** HTTP headers (after `${env:NAME}` expansion). */
  headers?: Record<string, string>;
  /** Saved tools/list file. */
  toolsList?: string;
  /** Contracts file. */
  contracts?: string;
}

/** Timeouts in milliseconds. */
export interface TimeoutsConfig {
  start?: number;
  handshake?: number;
  request?: number;
  settle?: number;
}

/** A validated `mcpfusion.jsonc`. */
export interface McpfusionConfig {
  $schema?: string;
  serverName?: string;
  lockfile?: string;
  source?: SourceConfig;
  timeouts?: TimeoutsConfig;
  /** Per-tool overlays keyed by tool name (`handlers` and `allow` feed the scan). */
  tools?: ToolOverlays;
}

/** A config file that was found and read. */
export interface LoadedConfig {
  /** Absolute path of the file. */
  path: string;
  /** Its folder: relative paths inside it start here. */
  dir: string;
  /** The path as the user sees it, for messages. */
  shown: string;
  config: McpfusionConfig;
}

/** The keys that select a source, in message order. */
export const CONFIG_SOURCE_KEYS = ['server', 'url', 'toolsList', 'contracts'] as const;

type Problem = JsoncProblem;



function expected(shape: ConfigShape): string {
  switch (shape.kind) {
    case 'string': return shape.nonEmpty ? 'a non-empty string' : 'a string';
    case 'integer': return `an integer >= ${shape.minimum}${shape.maximum === undefined ? '' : ` and <= ${shape.maximum}`}`;
    case 'boolean': return 'true or false';
    case 'enum': return `one of ${shape.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'nullable': return `${expected(shape.of)} or null`;
    case 'array': return `an array (each item ${expected(shape.items)})`;
    case 'object': case 'map': return 'an object';
    case 'either': return shape.options.map(expected).join(' or ');
  }
}

/** Walk the parse tree against the shape, collecting problems; returns the plain value. */
function check(node: Node, shape: ConfigShape, path: string, problems: Problem[], text: string): unknown {
  const wrong = (): undefined => {
    problems.push({ offset: node.offset, path, message: `expected ${expected(shape)}, found ${describeJsoncNode(node, text)}` });
    return undefined;
  };
  switch (shape.kind) {
    case 'string': {
      if (node.type !== 'string') return wrong();
      const value = String(node.value);
      if (shape.nonEmpty && value === '') return wrong();
      const lone = loneSurrogateAt(value);
      if (lone >= 0) problems.push({ offset: node.offset, path, message: 'the string holds a lone surrogate (\\uD800-\\uDFFF escape without its pair)' });
      return value;
    }
    case 'integer':
      if (node.type !== 'number' || !Number.isInteger(node.value) || node.value < shape.minimum) return wrong();
      if (shape.maximum !== undefined && node.value > shape.maximum) return wrong();
      return node.value;
    case 'boolean':
      return node.type === 'boolean' ? node.value : wrong();
    case 'enum':
      return node.type === 'string' && shape.values.includes(node.value) ? node.value : wrong();
    case 'nullable': {
      if (node.type === 'null') return null;
      const trial: Problem[] = [];
      const value = check(node, shape.of, path, trial, text);
      return trial.length === 0 ? value : wrong();
    }
    case 'array':
      if (node.type !== 'array') return wrong();
      return (node.children ?? []).map((child, i) => check(child, shape.items, jsonPathOf(path, i), problems, text));
    case 'either': {
      for (const option of shape.options) {
        const trial: Problem[] = [];
        const value = check(node, option, path, trial, text);
        if (trial.length === 0) return value;
      }
      return wrong();
    }
    case 'object':
    case 'map': {
      if (node.type !== 'object') return wrong();
      const out: Record<string, unknown> = {};
      for (const { key, keyNode, valueNode, path: keyPath } of uniqueProperties(node, path, problems)) {
        // A tool or action name from here is hashed: it must be well-formed Unicode, as values are.
        if (loneSurrogateAt(key) >= 0) problems.push({ offset: keyNode.offset, path: keyPath, message: 'the key holds a lone surrogate (\\uD800-\\uDFFF escape without its pair)' });
        const fieldShape = shape.kind === 'map' ? shape.values : Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
        if (!fieldShape) {
          const known = Object.keys((shape as { fields: Record<string, ConfigShape> }).fields);
          const hint = closestName(key, known);
          problems.push({
            offset: keyNode.offset,
            path: keyPath,
            message: `unknown key${hint ? `; did you mean "${hint}"?` : `; expected one of ${known.join(', ')}`}`,
          });
          continue;
        }
        setOwn(out, key, check(valueNode, fieldShape, keyPath, problems, text));
      }
      return out;
    }
  }
}

function report(text: string, shown: string, problems: Problem[]): never {
  return reportJsoncProblems(text, 'config file', shown, problems);
}

/**
 * Replace `${env:NAME}` in a value; each variable that is not set is a problem at `at` in
 * `unset`, each reference written wrong one in `problems`.
 */
function expandEnv(value: string, env: Record<string, string | undefined>, at: { offset: number; path: string }, unset: Problem[], problems: Problem[]): string {
  // A reference written wrong (`${env:MCP-TOKEN}`, `${ENV:T}`, no closing brace) would be sent as
  // written: a header or a server variable holding the text "${env:…}" instead of the secret.
  // The first one of a value is shown (all of them are at its one line and column), with a count of the rest.
  let wrong: string | undefined;
  let more = 0;
  for (const m of value.matchAll(/\$\{env:/gi)) {
    const rest = value.slice(m.index);
    if (/^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}/.test(rest)) continue;
    if (wrong !== undefined) {
      more++;
      continue;
    }
    // Shown up to its closing brace; without one, only the name-like run after the colon (what
    // follows may be a value written in the file, never shown).
    wrong = /^\$\{env:[^}$"]{0,64}\}/i.exec(rest)?.[0] ?? /^\$\{env:[A-Za-z0-9_-]{0,64}/i.exec(rest)![0];
  }
  if (wrong !== undefined) {
    const others = more === 0 ? '' : ` (and ${more} more in this value)`;
    // A secret pasted in place of the name (`${env:sk-live-…}`) must not reach the CI log: a long
    // text, or one with a run of letters and digits mixed like a token, is shown by its length.
    const inner = wrong.slice('${env:'.length).replace(/\}$/, '');
    const secretLike = inner.length > 32 || (inner.match(/[A-Za-z0-9]{12,}/g) ?? []).some((run) => /[0-9]/.test(run) && /[A-Za-z]/.test(run));
    const shownWrong = secretLike ? `a \${env:…} holding ${inner.length} characters (not shown: it may be a secret pasted in place of a name)` : JSON.stringify(wrong);
    problems.push({ ...at, message: `${shownWrong}${others} is not a reference mcpfusion expands: write \${env:NAME}, NAME being letters, digits and _ (not starting with a digit)` });
  }
  return value.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const v = env[name];
    if (v !== undefined) return v;
    unset.push({ ...at, message: `uses \${env:${name}}, but the environment variable ${name} is not set` });
    return whole;
  });
}

/**
 * What to say of an MCP client's list of servers given as the config (`mcpServers` of Claude
 * Desktop and Cursor, `servers` of VS Code's mcp.json: a map of entries each with a `command` or
 * a `url`), naming the `--server` of the first one that has a command; else undefined.
 */
function clientServerList(tree: Node): string | undefined {
  for (const key of ['mcpServers', 'servers']) {
    const list = findNodeAtLocation(tree, [key]);
    if (list?.type !== 'object' || (list.children ?? []).length === 0) continue;
    const entries = (list.children ?? []).map((p) => [p.children?.[0]?.value as string, getNodeValue(p.children![1]!) as unknown] as const);
    const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && (typeof (v as Record<string, unknown>)['command'] === 'string' || typeof (v as Record<string, unknown>)['url'] === 'string');
    if (!entries.every(([, v]) => isEntry(v))) continue;
    const first = entries.find(([, v]) => typeof (v as Record<string, unknown>)['command'] === 'string');
    const argv = first === undefined ? [] : [(first[1] as Record<string, unknown>)['command'] as string, ...(Array.isArray((first[1] as Record<string, unknown>)['args']) ? ((first[1] as Record<string, unknown>)['args'] as unknown[]).map(String) : [])];
    // Client configs often carry a token among the arguments: it is hidden, as in every message.
    const example = first === undefined ? '' : ` (for ${JSON.stringify(first[0])}: --server "${redactCommandLine(argv.map(shellWord).join(' '))}")`;
    return `an MCP client's list of servers (it has "${key}"); mcpfusion reads one server: give its command as --server${example} or as "source": { "server": [...] } in an mcpfusion.jsonc`;
  }
  return undefined;
}

/**
 * A lockfile, contracts file or saved `tools/list` given as the config: said in one line instead
 * of one "unknown key" problem per top-level key of the kind it is not.
 */
function refuseOtherDocument(tree: Node, shown: string): void {
  if (tree.type !== 'object') return;
  const keys = new Set((tree.children ?? []).map((p) => p.children?.[0]?.value as unknown));
  // A config's "tools" is a map of overlays; a tools/list has an array, a contracts file a map of
  // contracts with a "surface" each.
  const tools = findNodeAtLocation(tree, ['tools']);
  const hasSurface = (n: Node): boolean => n.type === 'object' && (n.children ?? []).some((p) => p.children?.[0]?.value === 'surface');
  const contracts = tools?.type === 'object' && (tools.children ?? []).length > 0 && (tools.children ?? []).every((p) => p.children?.[1] !== undefined && hasSurface(p.children[1]));
  const kind = keys.has('lockfileVersion') ? 'a lockfile (it has "lockfileVersion"); give it as --lockfile'
    : clientServerList(tree) ?? (tools?.type === 'array' && (tools.children ?? []).some((t) => t.type === 'object' && (t.children ?? []).some((p) => p.children?.[0]?.value === 'name')) ? 'a saved tools/list result (its "tools" is a list of tools); give it as --tools-list'
    : contracts ? 'a contracts file (its tools have a "surface"); give it as --contracts'
    : undefined);
  if (kind !== undefined) throw new InputError(`Invalid config file "${shown}": it is ${kind}, or point --config at your mcpfusion.jsonc (see docs/config.md)`);
}

/**
 * Parse and validate the text of a config file.
 *
 * @param text The file content (JSONC).
 * @param shown The file name for messages.
 * @param env Environment for `${env:NAME}` expansion in `source.env` and `source.headers`.
 * @returns The validated config.
 * @throws {InputError} On syntax errors, unknown keys, wrong types, repeated keys, several sources, or an unset `${env:NAME}`; every problem with its JSON path, line and column.
 * @example parseConfig('{ "serverName": "billing", /* a comment *\/ }', 'mcpfusion.jsonc', {}).serverName // 'billing'
 */
export function parseConfig(text: string, shown: string, env: Record<string, string | undefined> = {}, options: ConfigReadOptions = {}): McpfusionConfig {
  const tree = parseJsoncTree(text, 'config file', shown, 'the file is empty; expected an object');
  refuseOtherDocument(tree, shown);
  const problems: Problem[] = [];
  const config = check(tree, CONFIG_SHAPE, '$', problems, text) as McpfusionConfig | undefined;
  if (config?.source) {
    const given = CONFIG_SOURCE_KEYS.filter((k) => config.source![k] !== undefined);
    const sourceNode = tree.children?.find((p) => p.children?.[0]?.value === 'source')?.children?.[1];
    const at = sourceNode?.offset ?? 0;
    if (given.length > 1) {
      problems.push({ offset: at, path: '$.source', message: `give exactly one of ${CONFIG_SOURCE_KEYS.join(', ')}; found ${given.join(' and ')}` });
    }
    if ((config.source.env !== undefined || config.source.cwd !== undefined) && config.source.server === undefined) {
      problems.push({ offset: at, path: '$.source', message: 'env and cwd apply only to a server source' });
    }
    if (config.source.headers !== undefined && config.source.url === undefined) {
      problems.push({ offset: at, path: '$.source', message: 'headers apply only to a url source' });
    }
    if (Array.isArray(config.source.server) && config.source.server.length === 0) {
      problems.push({ offset: at, path: '$.source.server', message: 'the argv array is empty; give the program to run first' });
    } else if (Array.isArray(config.source.server) && config.source.server[0] === '') {
      const first = findNodeAtLocation(tree, ['source', 'server', 0]);
      problems.push({ offset: first?.offset ?? at, path: '$.source.server[0]', message: 'the program name is empty; give the program to run first' });
    }
  }
  // A file path ending with a separator names a folder: resolved without it, `"lockfile": "locks/"`
  // wrote the lockfile to a file named `locks`. (`\` is a separator here on every OS.)
  for (const keys of [['lockfile'], ['source', 'contracts'], ['source', 'toolsList']] as const) {
    const node = findNodeAtLocation(tree, [...keys]);
    if (typeof node?.value === 'string' && /[\\/]$/.test(node.value)) {
      problems.push({ offset: node.offset, path: `$.${keys.join('.')}`, message: `${JSON.stringify(node.value)} ends with "${node.value.slice(-1)}", so it names a folder, not a file; give the path of the file (in that folder: ${JSON.stringify(`${node.value}<file name>`)})` });
    }
  }
  // `${env:NAME}` expansion; an unset variable is one more problem, reported with the others.
  const unset: Problem[] = [];
  for (const key of ['env', 'headers'] as const) {
    const map = config?.source?.[key];
    if (!map) continue;
    for (const name of Object.keys(map)) {
      const node = findNodeAtLocation(tree, ['source', key, name]);
      const written = map[name]!;
      const at = { offset: node?.offset ?? 0, path: jsonPathOf(jsonPathOf(jsonPathOf('$', 'source'), key), name) };
      const before = unset.length;
      map[name] = expandEnv(written, env, at, unset, problems);
      if (key !== 'headers' || unset.length > before) continue;
      // As --header and fetch: spaces and line breaks around the value are no part of it (a secret
      // saved with its trailing newline).
      map[name] = map[name]!.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
      // Refused here (exit 2), by name: fetch would refuse it at the first request with an error
      // that quotes the value, a secret.
      const problem = headerProblem(name, map[name]!);
      if (problem !== undefined) {
        const vars = [...written.matchAll(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[0]);
        const expanded = vars.length > 0 ? `the value, after ${vars.join(' and ')} ${vars.length > 1 ? 'were' : 'was'} expanded,` : 'the value';
        problems.push({ ...at, message: problem.replace(/^the value/, expanded) });
      }
    }
  }
  if (problems.length > 0 || !config) report(text, shown, [...problems, ...unset]);
  if (unset.length > 0) {
    if (options.deferUnsetEnv !== true) report(text, shown, unset);
    deferConfigProblem(config, () => report(text, shown, unset));
  }
  return withPortablePaths(config);
}

/** How a config is read. */
export interface ConfigReadOptions {
  /**
   * Let an unset `${env:NAME}` (of `source.env` / `source.headers`) pass until the source is used
   * (`assertConfigEnvSet` in config-locate.ts): a run that reads no config source (a diff of two lockfiles, a
   * source flag in its place) needs no secret, and CI jobs for pull requests from forks have none.
   */
  deferUnsetEnv?: boolean;
}

/** `\` as a path separator, whichever OS wrote the config: `/` works on Windows too. */
const portable = (path: string): string => path.replace(/\\/g, '/');

/**
 * The config with `/` in the paths it names relative to itself (the lockfile, the source's file
 * or working directory, the handlers): a config committed from Windows with `handlers\\x.mjs`
 * scans the same files, and so locks the same entitlements, on Linux. The server's argv is left
 * as written: it is the program's business.
 */
function withPortablePaths(config: McpfusionConfig): McpfusionConfig {
  if (config.lockfile !== undefined) config.lockfile = portable(config.lockfile);
  const source = config.source;
  if (source !== undefined) {
    for (const key of ['cwd', 'toolsList', 'contracts'] as const) {
      const value = source[key];
      if (value !== undefined) source[key] = portable(value);
    }
  }
  for (const overlay of Object.values(config.tools ?? {})) {
    if (overlay.handlers !== undefined) overlay.handlers = overlay.handlers.map(portable);
  }
  return config;
}

/**
 * Find and read the config file of a run: `--config PATH` (must exist), else
 * `./mcpfusion.jsonc` when present, else none.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @param env Environment for `${env:NAME}` expansion.
 * @returns The loaded config, or undefined when there is none.
 * @throws {InputError} When `--config` names a missing file, or the file is invalid.
 * @example loadConfig(undefined, process.cwd(), process.env)?.config.serverName
 */
export function loadConfig(configFlag: string | undefined, cwd: string, env: Record<string, string | undefined>, options: ConfigReadOptions = {}): LoadedConfig | undefined {
  const where = locateConfig(configFlag, cwd);
  if (!where) return undefined;
  const { path, shown } = where;
  const text = readTextFile(path, 'config file', undefined, shown);
  return { path, dir: dirname(path), shown, config: parseConfig(text, shown, env, options) };
}

/**
 * The lockfile path the config file names (resolved against its folder and shown relative to
 * the working directory), for `lockfilePath(flags, io, configured)`.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @param env Environment.
 * @returns The path, or undefined when there is no config or it names no lockfile.
 * @throws {InputError} When the config file is invalid.
 * @example configuredLockfile(undefined, process.cwd(), process.env) // e.g. 'locks/mcpfusion.lock'
 */
export function configuredLockfile(configFlag: string | undefined, cwd: string, env: Record<string, string | undefined>): string | undefined {
  // The lockfile path needs no secret: the source's `${env:NAME}` is checked where it is used.
  const loaded = loadConfig(configFlag, cwd, env, { deferUnsetEnv: true });
  if (loaded?.config.lockfile === undefined) return undefined;
  return configuredPathShown(cwd, loaded.dir, loaded.config.lockfile);
}

/**
 * Whether two directories are one: the same path, or the same real path (`link/` to `.`).
 *
 * @param a A directory.
 * @param b Another.
 * @returns True when they are the same directory.
 */
function sameDirectory(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * For a config in another folder than the working directory that names no lockfile: the config as
 * shown and the lockfile path beside it, which is not read (the default lockfile is
 * `./mcpfusion.lock` in the working directory, docs/config.md), for a message that names both.
 *
 * @param configFlag The `--config` value, if given.
 * @param cwd The working directory.
 * @param env Environment.
 * @returns The config and the path beside it as shown, or undefined (no config, a config that
 *   names a lockfile, or one in the working directory, also when named through a symbolic link).
 * @throws {InputError} When the config file is invalid.
 * @example lockfileBesideConfig('sub/mcpfusion.jsonc', '/srv', {}) // { config: 'sub/mcpfusion.jsonc', path: 'sub/mcpfusion.lock' }
 */
export function lockfileBesideConfig(configFlag: string | undefined, cwd: string, env: Record<string, string | undefined>): { config: string; path: string } | undefined {
  const loaded = loadConfig(configFlag, cwd, env, { deferUnsetEnv: true });
  if (loaded === undefined || loaded.config.lockfile !== undefined || sameDirectory(loaded.dir, cwd)) return undefined;
  return { config: loaded.shown, path: configuredPathShown(cwd, loaded.dir, LOCKFILE_NAME) };
}

