/**
 * Load a resolved source into a contract set: read a contracts or tools/list file, or read a
 * live server over stdio or Streamable HTTP and materialize it with the config's tool overlay.
 * Warnings (overlay entries naming no tool, tools whose handlers were not scanned, session
 * shutdown notes) go to stderr unless `--quiet`.
 *
 * @module
 */
import { readStdinDocument, type StdinUse } from './read-stdin.ts';
import { resolve } from 'node:path';
import type { Io } from '../commands/command.ts';
import { serverEnvironment } from './server-environment.ts';
import type { ToolOverlays } from '../contract/overlay.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ContractSet, Entitlements } from '../contract/types.ts';
import { InputError, SourceError } from '../errors.ts';
import { readTextFile } from '../io/read-file.ts';
import type { LoadedConfig } from './config.ts';
import { parseContractsFile } from './contracts-file.ts';
import type { ResolvedSource } from './resolve-source.ts';
import { closestName } from '../format/closest-name.ts';
import { writeWarnings } from './write-warnings.ts';
import { DEFAULT_TIMEOUTS } from './timeouts.ts';

/**
 * The entitlement hook: given each tool's handler files (absolute paths, from the overlay's
 * `handlers`), return the scanned entitlements of each tool. Wire the scanner here
 * (`scanToolEntitlements` from `src/scan/mod.ts`); tools it leaves out stay all-false.
 */
export type EntitlementScanner = (handlers: Record<string, string[]>) => Promise<Record<string, Entitlements>> | Record<string, Entitlements>;

/** What a loaded source yields. */
export interface LoadedSourceResult {
  /** The contracts. */
  set: ContractSet;
  /** What was read, for messages. */
  label: string;
  /** Warnings already written to stderr (kept for callers and tests). */
  warnings: string[];
  /** Tools whose entitlements were not scanned (no handler files, or no scanner). */
  unscanned: string[];
  /**
   * Live sources: materialize tools listed later by the same server exactly as this read did
   * (the same overlay, scanned entitlements and MCP Fusion manifest), so their digests compare.
   */
  materializeTools?: (tools: JsonValue[]) => ContractSet;
  /**
   * Live sources: the tools as this read was given them (raw, all pages), for a check that later
   * lists hold what a digest leaves out (a title, `_meta`) as this read saw it.
   */
  liveTools?: JsonValue[];
  /** A saved tools/list file: it holds tools only, so its set says nothing of prompts or resources. */
  toolsOnly?: boolean;
  /**
   * Live sources: how output hides the secrets this run gave the server (its command line's, its
   * environment's, the headers and URL of an HTTP source), as the source's own messages do. The
   * contracts keep them (a tool's description is locked as the server wrote it); what a command
   * prints of them (a check's or diff's deltas, inspect, scan's surface findings) is shown through this.
   */
  redact?: (text: string) => string;
}

/** Options of {@link loadResolvedSource}. */
export interface LoadResolvedOptions {
  /** The config file, when one was found (overlay, serverName). */
  config?: LoadedConfig;
  /** The entitlement scanner; without one, no tool is scanned. */
  scanEntitlements?: EntitlementScanner;
  /** Do not write warnings to stderr. */
  quiet?: boolean;
}

/** How a source file is given on stdin or as a path, for the note and the error on stdin. */
const STDIN_SOURCE: Readonly<Record<string, StdinUse>> = {
  'contracts file': { what: 'the contracts file', pipe: '--contracts - < contracts.json', path: '--contracts contracts.json' },
  'tools/list file': { what: 'the tools/list file', pipe: '--tools-list - < tools.json', path: '--tools-list tools.json' },
};

async function readSourceText(path: string, io: Io, what: 'contracts file' | 'tools/list file', shown: string, quiet: boolean): Promise<string> {
  return path === '-' ? readStdinDocument(io, STDIN_SOURCE[what]!, quiet) : readTextFile(path, what, undefined, shown);
}

/**
 * The handler files the overlay maps, per tool, as absolute paths.
 *
 * @param overlays The config's tool overlays.
 * @param dir The directory relative paths start from (the config's).
 * @returns Tool name → handler files.
 */
export function handlerMap(overlays: ToolOverlays, dir: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, overlay] of Object.entries(overlays)) {
    if (overlay.handlers && overlay.handlers.length > 0) {
      Object.defineProperty(out, name, { value: overlay.handlers.map((h) => resolve(dir, h)), enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

/**
 * Load the contract set of a resolved source.
 *
 * @param resolved The source and timeouts from `resolveSource`.
 * @param io Where to read, and where warnings go.
 * @param options Config, entitlement scanner, quiet.
 * @returns The contract set, a label, warnings and the unscanned tools.
 * @throws {InputError} When a file is unreadable or invalid (exit 2).
 * @throws {SourceError} When a live server fails (exit 3).
 * @example await loadResolvedSource(resolveSource({ server: 'node s.js' }, io)!, io)
 */
export async function loadResolvedSource(resolved: ResolvedSource, io: Io, options: LoadResolvedOptions = {}): Promise<LoadedSourceResult> {
  const { spec, timeouts } = resolved;
  const config = options.config;
  const overlays: ToolOverlays = config?.config.tools ?? {};
  const warnings: string[] = [];
  const handlers = handlerMap(overlays, config?.dir ?? io.cwd);
  const entitlements = options.scanEntitlements && Object.keys(handlers).length > 0 ? await options.scanEntitlements(handlers) : {};
  const materializeOptions = { entitlements };

  // The materializer (tools/list -> contracts) loads only for the sources that need it.
  const materializer = spec.kind === 'contracts' ? undefined : await import('../contract/materialize.ts');
  let set: ContractSet;
  let label: string;
  let materializeTools: LoadedSourceResult['materializeTools'];
  let liveTools: JsonValue[] | undefined;
  let redact: LoadedSourceResult['redact'];
  switch (spec.kind) {
    case 'contracts': {
      const text = await readSourceText(spec.path, io, 'contracts file', spec.shown, options.quiet === true);
      set = parseContractsFile(text, spec.shown, { onWarning: (w) => warnings.push(w) });
      label = `contracts file "${spec.shown}"`;
      if (Object.keys(overlays).length > 0) warnings.push(`the tools overlay of ${config!.shown} does not change contracts read from a contracts file (they are complete, entitlements included); its handlers and allow lists are used by \`mcpfusion scan\` only`);
      break;
    }
    case 'toolsList': {
      const { parseToolsListFile } = await import('./tools-list-file.ts');
      const text = await readSourceText(spec.path, io, 'tools/list file', spec.shown, options.quiet === true);
      set = parseToolsListFile(text, spec.shown, overlays, { ...materializeOptions, onWarning: (w) => warnings.push(w) });
      label = `tools/list file "${spec.shown}"`;
      break;
    }
    case 'server':
    case 'url': {
      // The MCP SDK is loaded only for live sources: it is most of the start-up cost otherwise.
      const { readLiveServer } = await import('./mcp-client.ts');
      const connection = spec.kind === 'server'
        ? (await import('./stdio.ts')).stdioConnection({ command: spec.command, args: spec.args, env: serverEnvironment(io, spec.env), givenEnv: spec.env, ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}), concludeQuietListener: timeouts.handshake <= DEFAULT_TIMEOUTS.handshake }, spec.shown)
        : (await import('./http.ts')).httpConnection({ url: spec.url, headers: spec.headers });
      redact = connection.redact;
      const live = await readLiveServer(connection, timeouts);
      warnings.push(...live.warnings);
      try {
        set = materializer!.materializeServer(live.snapshot, overlays, { ...materializeOptions, onWarning: (w) => warnings.push(w) });
      } catch (error) {
        if (error instanceof InputError) {
          throw new SourceError(`The MCP server ${connection.label} listed something mcpfusion cannot lock: ${error.message}`, { cause: error });
        }
        throw error;
      }
      const fusionManifest = live.snapshot.fusionManifest;
      liveTools = live.snapshot.tools;
      materializeTools = (tools) => materializer!.materializeServer({ tools, ...(fusionManifest ? { fusionManifest } : {}) }, overlays, materializeOptions);
      label = spec.kind === 'server' ? `server "${spec.shown}"` : `server at ${spec.shown}`;
      break;
    }
  }
  if (config?.config.serverName !== undefined) set.serverName = config.config.serverName;
  const unscanned = spec.kind === 'contracts' ? [] : Object.keys(set.tools).filter((n) => !Object.hasOwn(entitlements, n)).sort();
  if (materializer) {
    for (const name of materializer.unmatchedOverlays(set, overlays)) {
      const meant = closestName(name, Object.keys(set.tools));
      warnings.push(`${config!.shown} has an overlay for the tool "${name}", but the source lists no such tool${meant ? ` (did you mean "${meant}"?)` : ''}`);
    }
    if (Object.keys(handlers).length > 0 && !options.scanEntitlements) {
      warnings.push(`handler files are mapped for ${Object.keys(handlers).length} tool(s), but no entitlement scanner is wired in; their entitlements are all-false`);
    }
  }
  writeWarnings(io, warnings, options.quiet === true);
  // Two names that hide to the same text (tools named with two secrets) are shown apart.
  if (redact !== undefined) {
    const { contractNames, distinctShownNames } = await import('./output-secrets.ts');
    redact = distinctShownNames(redact, contractNames(set));
  }
  return { set, label, warnings, unscanned, ...(materializeTools ? { materializeTools } : {}), ...(liveTools ? { liveTools } : {}), ...(spec.kind === 'toolsList' ? { toolsOnly: true } : {}), ...(redact ? { redact } : {}) };
}
