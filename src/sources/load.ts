/**
 * Resolve the one contract source of a run (flags first, then the config file) and load it.
 *
 * Exactly one source per run: `--contracts FILE`, the live sources (`--server`, `--url`),
 * a saved `tools/list` file (`--tools-list`), or the `source` of the config file (`mcpfusion.jsonc`).
 *
 * @module
 */
import { readStdinDocument, type StdinUse } from './read-stdin.ts';
import { resolve } from 'node:path';
import type { ContractSet, Entitlements } from '../contract/types.ts';
import type { ScanCache, ScanFinding } from '../scan/types.ts';
import type { ClaimsOverlay } from '../scan/contract-claims.ts';
import { InputError } from '../errors.ts';
import type { Io, OptionSpec } from '../commands/command.ts';
import { stringFlag, type Flags } from '../commands/flags.ts';
import { relativize } from '../commands/_display-path.ts';
import { readTextFile } from '../io/read-file.ts';
import { readSourceListing } from '../io/read-source.ts';
import { loadConfigIfAny } from './config-locate.ts';
import { handlerMap, loadResolvedSource, type EntitlementScanner, type LoadedSourceResult } from './load-resolved-source.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { FusionManifest } from '../contract/fusion-manifest.ts';
import type { LoadedConfig } from './config.ts';
import { resolveSource } from './resolve-source.ts';
import { LIVE_SOURCE_FLAG_NAMES, LIVE_SOURCE_OPTIONS } from './source-options.ts';

/** A loaded source. */
export interface LoadedSource {
  /** The contracts. */
  set: ContractSet;
  /** What was read, for messages (e.g. `contracts file "x.json"`). */
  label: string;
  /** Tools whose entitlements were not scanned (no handler files, or no scanner); empty for a contracts file. */
  unscanned?: string[];
  /**
   * The error-level violations of the tools whose handlers were scanned, judged by the claims
   * of their contracts (as `scan` judges them); `lock` and `check` warn about them.
   */
  violations?: ScanFinding[];
  /**
   * The config file names `serverName`: the name is the user's choice, not what the source
   * calls itself (a server's `serverInfo.name`, a contracts file's `serverName`).
   */
  namedByConfig?: true;
  /** Live sources: materialize tools the same server lists later, as this read did (see `loadResolvedSource`). */
  materializeTools?: LoadedSourceResult['materializeTools'];
  /** Live sources: the tools as the server listed them (see `LoadedSourceResult`). */
  liveTools?: LoadedSourceResult['liveTools'];
  /** A saved tools/list file: it holds tools only (see `LoadedSourceResult`). */
  toolsOnly?: boolean;
  /** Live sources: how output hides the secrets this run gave the server (see `LoadedSourceResult`). */
  redact?: (text: string) => string;
}

/**
 * The error-level violations of the scanned tools: each judged, as `scan` judges it, by the
 * claims its contract makes (a read-only action whose handlers write files or start processes,
 * code evaluation, a family its allow list leaves out, a high-confidence evasion).
 */
async function claimViolations(set: ContractSet, overlays: Readonly<Record<string, ClaimsOverlay>>, findingsByTool: ReadonlyMap<string, ScanFinding[]>): Promise<ScanFinding[]> {
  const [{ checkViolations }, { toolClaims }] = await Promise.all([import('../scan/check-violations.ts'), import('../scan/contract-claims.ts')]);
  const out: ScanFinding[] = [];
  for (const name of [...findingsByTool.keys()].sort()) {
    const overlay = Object.hasOwn(overlays, name) ? overlays[name] : undefined;
    const findings = findingsByTool.get(name)!;
    out.push(...checkViolations(name, toolClaims(set, name, overlay), findings).filter((v) => v.level === 'error'));
  }
  return out;
}

/** The flags that select a source; every command that reads contracts offers them. */
export const SOURCE_OPTIONS: OptionSpec[] = [
  { flags: '--contracts <file>', description: 'Read ToolContracts from a JSON file (- for stdin)' },
  ...LIVE_SOURCE_OPTIONS,
];

/** The names of the source-selecting flags (camelCase), for "exactly one" checks. */
export const SOURCE_FLAG_NAMES: string[] = ['contracts', ...LIVE_SOURCE_FLAG_NAMES];

/**
 * The entitlement scanner behind the config's `handlers`: each tool's handler files (and what
 * they import) are scanned; files that cannot be analyzed are named on stderr, because the
 * recorded entitlements are then only a lower bound. The scanner is loaded only when used.
 */
function entitlementScanner(io: Io, findingsByTool: Map<string, ScanFinding[]>): EntitlementScanner {
  return async (handlers) => {
    const { scanToolEntitlements } = await import('../scan/scan-tools.ts');
    const out: Record<string, Entitlements> = {};
    for (const name of Object.keys(handlers).sort()) {
      const result = await scanToolEntitlements(handlers[name]!, { readSource: readSourceListing, cache: runScanCache() });
      Object.defineProperty(out, name, { value: result.entitlements, enumerable: true, writable: true, configurable: true });
      findingsByTool.set(name, result.findings);
      // Say what could not be analyzed: the file itself, or an import of it that was not found.
      const shown = new Set<string>();
      for (const f of result.findings) {
        if (f.kind !== 'not-analyzed') continue;
        // Paths as `scan` shows them: relative and `/`-separated, in the detail too.
        const shownFinding = relativize(f, io.cwd);
        const where = `${shownFinding.file ?? ''}${f.line !== undefined ? `:${f.line}` : ''}`;
        const line = `warning: tool "${name}": ${where}: ${shownFinding.detail ?? 'not analyzed'}; its entitlements are a lower bound (run \`mcpfusion scan\` for details)\n`;
        if (!shown.has(line)) io.stderr(line);
        shown.add(line);
      }
    }
    return out;
  };
}

let scanCache: ScanCache | undefined;

/**
 * The scan cache of this run: `lock`, `check` and `scan` read and scan each handler file once,
 * however many tools import it (a CLI run never sees a file change under it).
 *
 * @returns The run's cache.
 */
export function runScanCache(): ScanCache {
  scanCache ??= { reads: new Map(), scans: new Map() };
  return scanCache;
}

/**
 * Read a text input given as a path or `-` (stdin).
 *
 * @param arg The path or `-`.
 * @param io Where stdin comes from and relative paths start.
 * @param what What the file is, for messages.
 * @param use For `-`: what is read and how else to give it (a note when stdin is a terminal, an error when it is empty).
 * @param quiet `--quiet`: no note when stdin is a terminal.
 * @returns The text.
 * @throws {InputError} When the file cannot be read, or stdin held nothing.
 */
export async function readInput(arg: string, io: Io, what: string, use: StdinUse, quiet = false): Promise<string> {
  if (arg === '-') return readStdinDocument(io, use, quiet);
  return readTextFile(resolve(io.cwd, arg), what, undefined, arg);
}

/**
 * Load the contract set of the one source the flags select.
 *
 * @param flags Parsed flags.
 * @param io Where to read.
 * @returns The contract set and a label.
 * @throws {InputError} When no source or more than one is given, or the source is invalid.
 * @throws {SourceError} When a live source fails.
 */
export async function loadContractSet(flags: Flags, io: Io): Promise<LoadedSource> {
  const given = SOURCE_FLAG_NAMES.filter((n) => flags[n] !== undefined);
  if (given.length > 1) {
    throw new InputError(`Give exactly one source; got ${given.map((n) => '--' + n.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())).join(' and ')}`);
  }
  const config = await loadConfigIfAny(stringFlag(flags, 'config'), io.cwd, io.env);
  const resolved = resolveSource(flags, io, config);
  if (resolved) {
    const quiet = flags['quiet'] === true;
    const findingsByTool = new Map<string, ScanFinding[]>();
    const { set, label, unscanned, materializeTools, liveTools, toolsOnly, redact } = await loadResolvedSource(resolved, io, { ...(config ? { config } : {}), scanEntitlements: entitlementScanner(io, findingsByTool), quiet });
    const violations = findingsByTool.size > 0 ? await claimViolations(set, config?.config.tools ?? {}, findingsByTool) : [];
    return { set, label, unscanned, violations, ...(config?.config.serverName !== undefined ? { namedByConfig: true as const } : {}), ...(materializeTools ? { materializeTools } : {}), ...(liveTools ? { liveTools } : {}), ...(toolsOnly === true ? { toolsOnly } : {}), ...(redact ? { redact } : {}) };
  }
  throw new InputError(
    `No contract source: give --server "<command>", --url URL, --tools-list FILE or --contracts FILE, or name one under "source" in ${config ? `"${config.shown}"` : './mcpfusion.jsonc'} (see \`mcpfusion lock --help\`)`,
  );
}

/** What {@link liveToolsMaterializer} gives. */
export interface LiveToolsMaterializer {
  /** The config found (for its timeouts), if any. */
  config?: LoadedConfig;
  /**
   * Materialize tools a live server listed exactly as a read of it (`--server`) does: the
   * config's tool overlays, the entitlements scanned from their handler files, and the server's
   * MCP Fusion manifest when it has one.
   *
   * @throws {InputError} When a tool is malformed.
   */
  materialize(tools: JsonValue[], fusionManifest?: FusionManifest): ContractSet;
}

/**
 * Prepare to materialize a live server's tools without reading the server (the proxy `heal`
 * reads them from the session it serves): the config and its overlays are loaded and the mapped
 * handler files scanned now, once.
 *
 * @param flags Parsed flags (`--config`, `--quiet`).
 * @param io Where to read and warn.
 * @returns The materializer.
 * @example (await liveToolsMaterializer({}, io)).materialize([{ name: 'a', inputSchema: { type: 'object' } }]).tools.a
 */
export async function liveToolsMaterializer(flags: Flags, io: Io): Promise<LiveToolsMaterializer> {
  const config = await loadConfigIfAny(stringFlag(flags, 'config'), io.cwd, io.env);
  const overlays = config?.config.tools ?? {};
  const handlers = handlerMap(overlays, config?.dir ?? io.cwd);
  const entitlements = Object.keys(handlers).length > 0 ? await entitlementScanner(io, new Map())(handlers) : {};
  const { materializeServer } = await import('../contract/materialize.ts');
  return {
    ...(config ? { config } : {}),
    materialize: (tools, fusionManifest) => materializeServer({ tools, ...(fusionManifest ? { fusionManifest } : {}) }, overlays, { entitlements }),
  };
}
