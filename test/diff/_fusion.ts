/**
 * Test helper: MCP Fusion's own lockfile format, made from an mcpfusion lockfile by taking out
 * the keys docs/lockfile.md marks as mcpfusion's additions (per-action contracts, the state-sync
 * and concurrency fingerprints, embedded presenters, base overhead tokens, raw entitlements,
 * resources and the schema store). Without resources the file's integrityDigest is the one MCP
 * Fusion computes (server digest and prompts), so it is written anew. The header names MCP
 * Fusion's version instead of mcpfusion's.
 *
 * @module
 */
import { computeIntegrityDigest, computeServerDigest } from '../../src/canonical/digest.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';

type Obj = Record<string, unknown>;
const bare = (d: unknown): string => String(d).slice('sha256:'.length);

/**
 * The same lockfile in MCP Fusion's format, with sorted keys and two-space indent (below the top
 * level, the input's sorted key order is kept).
 *
 * @param text An mcpfusion lockfile.
 * @returns The lockfile text without mcpfusion's additions.
 */
export function toFusionFormat(text: string): string {
  const lock = JSON.parse(text) as Obj;
  // MCP Fusion names its own version (`fusionVersion`; `vurbVersion` after its rename).
  delete lock['mcpfusionVersion'];
  lock['fusionVersion'] = '1.1.0';
  delete lock['schemas'];
  const caps = lock['capabilities'] as Obj;
  delete caps['resources'];
  const tools = caps['tools'] as Record<string, Record<string, Obj>>;
  for (const t of Object.values(tools)) {
    delete t['surface']!['actionContracts'];
    for (const k of ['stateSyncFingerprint', 'concurrencyFingerprint', 'embeddedPresenters']) delete t['behavior']![k];
    delete t['tokenEconomics']!['baseOverheadTokens'];
    delete t['entitlements']!['raw'];
  }
  const toolDigests = Object.fromEntries(Object.entries(tools).map(([n, t]) => [n, { digest: bare(t['integrityDigest']) }]));
  const prompts = Object.fromEntries(Object.entries((caps['prompts'] ?? {}) as Record<string, Obj>).map(([n, p]) => [n, { digest: bare(p['integrityDigest']) }]));
  lock['integrityDigest'] = `sha256:${computeIntegrityDigest(computeServerDigest(toolDigests), prompts)}`;
  const sorted = Object.fromEntries(Object.keys(lock).sort().map((k) => [k, lock[k]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** Fixed header values for lockfiles built in tests. */
export const LOCK_OPTIONS = { serverName: 'billing', mcpfusionVersion: '0.1.0', generatedAt: '2026-01-01T00:00:00.000Z' } as const;

/**
 * A contract set as an mcpfusion lockfile and as MCP Fusion's.
 *
 * @param set The contracts.
 * @returns Both lockfile texts.
 */
export function bothFormats(set: ContractSet): { mcpfusion: string; fusion: string } {
  const mcpfusion = serializeLockfile(buildLockfile(set, LOCK_OPTIONS));
  return { mcpfusion, fusion: toFusionFormat(mcpfusion) };
}
