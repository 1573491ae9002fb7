/**
 * The lockfile check's fast path, apart from the parser it can do without: a lockfile whose bytes
 * are exactly what `mcpfusion lock` would write now is up to date and consistent by construction.
 * `check` loads the strict lockfile parser (`check-lockfile.ts`, `parse-lockfile.ts`) only when
 * this says no.
 *
 * @module
 */
import type { ContractSetDigests, DigestComponents } from '../canonical/digest.ts';
import type { ContractSet } from '../contract/types.ts';
import { buildLockfile } from './build-lockfile.ts';
import { loneSurrogateAt } from '../canonical/strict-json.ts';
import { serializeLockfile } from './serialize-lockfile.ts';

/** A changed tool and the sections whose hashes differ (empty when unknown: foreign lockfile). */
export interface ChangedTool {
  name: string;
  sections: (keyof DigestComponents)[];
  lockedDigest: string;
  currentDigest: string;
}

/** Added / removed / changed names of one capability kind. */
export interface KindDrift<C> {
  added: string[];
  removed: string[];
  changed: C[];
}

/** Result of {@link checkLockfile}. */
export interface LockfileCheckResult {
  /** True when the integrity digests are equal. */
  ok: boolean;
  lockedIntegrityDigest: string;
  currentIntegrityDigest: string;
  tools: KindDrift<ChangedTool>;
  prompts: KindDrift<{ name: string; lockedDigest: string; currentDigest: string }>;
  resources: KindDrift<{ uri: string; lockedDigest: string; currentDigest: string }>;
  /**
   * Present only for a lockfile in MCP Fusion's format, which records no resources: the current
   * resources' URIs, not compared with anything (`resources` is then empty).
   */
  unrecordedResources?: string[];
  /** The digests of the current contracts (reuse them instead of hashing again). */
  current: ContractSetDigests;
}

/** A top-level string field as the lockfile serializer writes it (two-space indent, own line). */
function headerField(text: string, key: string): string | undefined {
  const m = new RegExp(`^  "${key}": ("(?:[^"\\\\\\n]|\\\\.)*"),?$`, 'm').exec(text);
  if (!m) return undefined;
  try {
    const value: unknown = JSON.parse(m[1]!);
    // A lone surrogate (`"\ud800"`, typed by hand) is for the strict parser to name, with the
    // line: serializing it would fail as if the program had produced it.
    return typeof value === 'string' && loneSurrogateAt(value) < 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `text` is byte for byte the lockfile mcpfusion writes for `current` (with the text's own
 * `serverName`, `mcpfusionVersion` and `generatedAt`). Such a lockfile is up to date, and every
 * digest in it was just computed from the current contracts, so it is internally consistent by
 * construction: nothing a full parse and verification could reject.
 *
 * @param text The lockfile text.
 * @param current The current contract set.
 * @param digests The digests of `current`.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @returns Whether the bytes are exactly those `mcpfusion lock` would write now.
 */
export function isCurrentSerialization(text: string, current: ContractSet, digests: ContractSetDigests, fromReader = false): boolean {
  const serverName = headerField(text, 'serverName');
  const mcpfusionVersion = headerField(text, 'mcpfusionVersion');
  const generatedAt = headerField(text, 'generatedAt');
  if (serverName === undefined || mcpfusionVersion === undefined || generatedAt === undefined) return false;
  return serializeLockfile(buildLockfile(current, { serverName, mcpfusionVersion, generatedAt, digests, schemaDigestsFromReader: fromReader })) === text;
}

/**
 * The check result for a lockfile text that passes {@link isCurrentSerialization}.
 *
 * @param text The lockfile text.
 * @param current The current contract set.
 * @param digests The digests of `current`.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @returns A passing result, or `undefined` when the text must be parsed and checked in full.
 * @example upToDateResult(text, set, computeContractSetDigests(set))?.ok
 */
export function upToDateResult(text: string, current: ContractSet, digests: ContractSetDigests, fromReader = false): LockfileCheckResult | undefined {
  if (!isCurrentSerialization(text, current, digests, fromReader)) return undefined;
  const digest = `sha256:${digests.integrityDigest}`;
  const none = (): KindDrift<never> => ({ added: [], removed: [], changed: [] });
  return { ok: true, lockedIntegrityDigest: digest, currentIntegrityDigest: digest, tools: none(), prompts: none(), resources: none(), current: digests };
}

/**
 * Whether a lockfile's resource entries hold exactly the current resource digests. Resources do
 * not feed the integrity digest (SPEC §4), so "unchanged" means both are.
 *
 * @param locked The lockfile's `capabilities.resources` (absent: none).
 * @param current The current resource digests (bare hex) by URI.
 * @returns True when the same URIs carry the same digests.
 * @example sameResources(lock.capabilities.resources, computeContractSetDigests(set).resources)
 */
export function sameResources(locked: Record<string, { integrityDigest: string }> | undefined, current: Record<string, string>): boolean {
  const uris = Object.keys(current);
  const lockedUris = locked === undefined ? [] : Object.keys(locked);
  if (uris.length !== lockedUris.length) return false;
  return uris.every((u) => locked !== undefined && Object.hasOwn(locked, u) && locked[u]!.integrityDigest === `sha256:${current[u]!}`);
}
