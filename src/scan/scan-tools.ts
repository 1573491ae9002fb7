/**
 * Per-tool scanning: `scanToolEntitlements(handlerFiles, { readSource })` for `lock` (entitlements
 * plus the findings behind them), and `scanTools(map, { readSource })` for the config-driven
 * `scan`, where the map is `{ toolName: { handlers, readOnly, destructive, actions, allow } }`.
 *
 * @module
 */
import type { Entitlements } from '../contract/types.ts';
import type { ReadSource, ResolveImport, ScanCache, ToolClaims, ToolScan, ToolScanEntry } from './types.ts';
import { createScanCache, scanFiles } from './scan-files.ts';
import { entitlementsFromFindings } from './entitlements-from-findings.ts';
import { checkViolations } from './check-violations.ts';
import { sortCodeUnits } from '../canonical/digest.ts';

/** Options of the per-tool scans. */
export interface ToolScanOptions {
  /** Reads a file: text, or `undefined` when it does not exist; throws on other failures. */
  readSource: ReadSource;
  /** Candidate paths for a relative import (default: `importCandidates`). */
  resolve?: ResolveImport;
  /** Reads and scans shared across calls; `scanTools` and `entitlementsByTool` make one per call. */
  cache?: ScanCache;
}

/**
 * Scan one tool's handler files (and what they import relatively) and derive its entitlements.
 *
 * This is what `lock` calls to fill `entitlements`. Contract: `handlerFiles` are paths
 * `readSource` understands (absolute paths, resolved against the config file's folder);
 * `readSource` returns the text, or `undefined` for a missing file, and throws for other failures.
 * Files that cannot be read, tokenized or resolved are listed in `notAnalyzed` and the
 * entitlements are then a lower bound: callers must tell the user (never treat it as clean).
 * The same input always gives the same output (raw identifiers sorted by code units).
 *
 * @param handlerFiles The tool's handler files.
 * @param options `readSource` and an optional `resolve`.
 * @returns Entitlements, the findings, the files scanned, files not analyzed, and whether a
 *   high-confidence evasion makes the tool unsafe (violations are empty: no claims given).
 * @example
 * const { entitlements, notAnalyzed } = await scanToolEntitlements(['/srv/src/tools/read.ts'], { readSource: (p) => readFileOrUndefined(p) });
 */
export async function scanToolEntitlements(handlerFiles: readonly string[], options: ToolScanOptions): Promise<ToolScan> {
  return scanTool('', { handlers: handlerFiles }, options, false);
}

/**
 * Scan every tool of a handler map and check each against its claims.
 *
 * @param tools `{ toolName: { handlers, readOnly?, destructive?, actions?, allow? } }`.
 * @param options `readSource` and an optional `resolve`.
 * @returns Per-tool results keyed by tool name (code-unit order).
 * @example
 * const results = await scanTools({ read_file: { handlers: ['/srv/read.ts'], readOnly: true } }, { readSource });
 * results.read_file.violations
 */
export async function scanTools(tools: Readonly<Record<string, ToolScanEntry>>, options: ToolScanOptions): Promise<Record<string, ToolScan>> {
  const out: Record<string, ToolScan> = {};
  // Tools often share files (a bundle behind every tool): each is read and scanned once.
  const shared = { ...options, cache: options.cache ?? createScanCache() };
  for (const name of sortCodeUnits(Object.keys(tools))) {
    const result = await scanTool(name, tools[name]!, shared, true);
    Object.defineProperty(out, name, { value: result, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Entitlements per tool for a handler map (the shape the source loader's scanner hook takes).
 *
 * @param handlers `{ toolName: handlerFiles }`.
 * @param options `readSource` and an optional `resolve`.
 * @returns `{ toolName: Entitlements }`.
 * @example
 * await entitlementsByTool({ read_file: ['/srv/read.ts'] }, { readSource })
 */
export async function entitlementsByTool(handlers: Readonly<Record<string, readonly string[]>>, options: ToolScanOptions): Promise<Record<string, Entitlements>> {
  const out: Record<string, Entitlements> = {};
  const shared = { ...options, cache: options.cache ?? createScanCache() };
  for (const name of sortCodeUnits(Object.keys(handlers))) {
    const result = await scanToolEntitlements(handlers[name]!, shared);
    Object.defineProperty(out, name, { value: result.entitlements, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

async function scanTool(name: string, entry: ToolScanEntry, options: ToolScanOptions, judge: boolean): Promise<ToolScan> {
  const scanned = await scanFiles(entry.handlers, {
    readSource: options.readSource,
    ...(options.resolve !== undefined ? { resolve: options.resolve } : {}),
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
  });
  const findings = name === '' ? scanned.findings : scanned.findings.map((f) => ({ ...f, tool: name }));
  const claims: ToolClaims = {};
  if (entry.readOnly !== undefined) claims.readOnly = entry.readOnly;
  if (entry.destructive !== undefined) claims.destructive = entry.destructive;
  if (entry.actions !== undefined) claims.actions = entry.actions;
  if (entry.allow !== undefined) claims.allow = entry.allow;
  const violations = judge ? checkViolations(name, claims, findings) : [];
  const notAnalyzed = sortCodeUnits([...new Set(findings.filter((f) => f.kind === 'not-analyzed').map((f) => f.file ?? ''))]);
  const unsafe = findings.some((f) => f.kind === 'evasion' && f.confidence === 'high' && !(entry.allow ?? []).some((a) => a === f.id || a === 'evasion'));
  return { tool: name, entitlements: entitlementsFromFindings(findings), findings, violations, notAnalyzed, files: scanned.files, unsafe };
}
