/**
 * Compare a lockfile with the current contracts (the CI gate behind `check` / `lock --check`).
 *
 * @module
 */
import { getOwn } from '../canonical/own.ts';
import { computeContractSetDigests, sortedKeys, type ContractSetDigests, type DigestComponents } from '../canonical/digest.ts';
import type { ContractSet } from '../contract/types.ts';
import { computeToolDigest } from '../canonical/digest.ts';
import { buildLockfile } from './build-lockfile.ts';
import { contractSetFromLockfile, isCompleteLockfile, parseLockfile } from './parse-lockfile.ts';
import { serializeLockfile } from './serialize-lockfile.ts';
import type { Lockfile } from './types.ts';

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
  /** The digests of the current contracts (reuse them instead of hashing again). */
  current: ContractSetDigests;
}

const SECTIONS: (keyof DigestComponents)[] = ['surface', 'behavior', 'tokenEconomics', 'entitlements'];

function drift<E extends { integrityDigest: string }, C>(
  locked: Record<string, E>,
  current: Record<string, string>,
  changed: (name: string, lockedDigest: string, currentDigest: string) => C,
): KindDrift<C> {
  const out: KindDrift<C> = { added: [], removed: [], changed: [] };
  for (const name of sortedKeys(current)) {
    const l = getOwn(locked, name);
    if (l === undefined) out.added.push(name);
    else if (l.integrityDigest !== `sha256:${current[name]!}`) out.changed.push(changed(name, l.integrityDigest, `sha256:${current[name]!}`));
  }
  for (const name of sortedKeys(locked)) if (!Object.hasOwn(current, name)) out.removed.push(name);
  return out;
}

/**
 * Recompute the current digests and compare them with a lockfile.
 *
 * @param lock The parsed lockfile.
 * @param current The current contract set.
 * @param digests The digests of `current` when already computed.
 * @returns Added, removed and changed tools (with the changed sections), prompts and resources.
 * @example checkLockfile(parseLockfile(text), set).ok
 */
export function checkLockfile(lock: Lockfile, current: ContractSet, digests?: ContractSetDigests): LockfileCheckResult {
  const d = digests ?? computeContractSetDigests(current);
  const lockedSet = isCompleteLockfile(lock) ? contractSetFromLockfile(lock) : undefined;
  const toolDigests = Object.fromEntries(Object.entries(d.tools).map(([k, v]) => [k, v.digest]));
  const tools = drift(lock.capabilities.tools, toolDigests, (name, lockedDigest, currentDigest): ChangedTool => {
    let sections: (keyof DigestComponents)[] = [];
    const before = lockedSet ? getOwn(lockedSet.tools, name) : undefined;
    if (before) {
      const b = computeToolDigest(before).components;
      const a = d.tools[name]!.components;
      sections = SECTIONS.filter((s) => b[s] !== a[s]);
    }
    return { name, sections, lockedDigest, currentDigest };
  });
  const promptDigests = Object.fromEntries(Object.entries(d.prompts).map(([k, v]) => [k, v.digest]));
  const prompts = drift(lock.capabilities.prompts ?? {}, promptDigests, (name, lockedDigest, currentDigest) => ({ name, lockedDigest, currentDigest }));
  const resources = drift(lock.capabilities.resources ?? {}, d.resources, (uri, lockedDigest, currentDigest) => ({ uri, lockedDigest, currentDigest }));
  const currentIntegrityDigest = `sha256:${d.integrityDigest}`;
  return {
    ok: lock.integrityDigest === currentIntegrityDigest,
    lockedIntegrityDigest: lock.integrityDigest,
    currentIntegrityDigest,
    tools,
    prompts,
    resources,
    current: d,
  };
}

/** A top-level string field as the lockfile serializer writes it (two-space indent, own line). */
function headerField(text: string, key: string): string | undefined {
  const m = new RegExp(`^  "${key}": ("(?:[^"\\\\\\n]|\\\\.)*"),?$`, 'm').exec(text);
  if (!m) return undefined;
  try {
    const value: unknown = JSON.parse(m[1]!);
    return typeof value === 'string' ? value : undefined;
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
 * Check a lockfile's text against the current contracts. When the text is exactly what
 * `mcpfusion lock` would write now ({@link isCurrentSerialization}), the check passes without the
 * strict parse and the re-hashing of every locked entry; otherwise the
 * lockfile is parsed and verified in full, so a hand-edited or foreign lockfile is treated exactly
 * as {@link parseLockfile} and {@link checkLockfile} treat it.
 *
 * @param text The lockfile text.
 * @param source Name for messages (usually the path).
 * @param current The current contract set.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @returns The check result, and the parsed lockfile when it had to be parsed.
 * @throws {InputError} When the lockfile is malformed or inconsistent (see {@link parseLockfile}).
 * @example checkLockfileText(readFileSync('mcpfusion.lock', 'utf8'), 'mcpfusion.lock', set).result.ok
 */
export function checkLockfileText(text: string, source: string, current: ContractSet, fromReader = false): { result: LockfileCheckResult; lock?: Lockfile } {
  const d = computeContractSetDigests(current);
  if (isCurrentSerialization(text, current, d, fromReader)) {
    const digest = `sha256:${d.integrityDigest}`;
    const none = (): KindDrift<never> => ({ added: [], removed: [], changed: [] });
    return {
      result: { ok: true, lockedIntegrityDigest: digest, currentIntegrityDigest: digest, tools: none(), prompts: none(), resources: none(), current: d },
    };
  }
  const lock = parseLockfile(text, source);
  return { result: checkLockfile(lock, current, d), lock };
}
