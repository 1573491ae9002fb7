/**
 * Compare a lockfile with the current contracts (the CI gate behind `check` / `lock --check`).
 *
 * @module
 */
import { getOwn } from '../canonical/own.ts';
import { computeContractSetDigests, sortedKeys, type ContractSetDigests, type DigestComponents } from '../canonical/digest.ts';
import type { ContractSet } from '../contract/types.ts';
import { computeToolDigest } from '../canonical/digest.ts';
import { contractSetFromLockfile, isCompleteLockfile } from './parse-lockfile.ts';
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
 * @returns Added, removed and changed tools (with the changed sections), prompts and resources.
 * @example checkLockfile(parseLockfile(text), set).ok
 */
export function checkLockfile(lock: Lockfile, current: ContractSet): LockfileCheckResult {
  const d = computeContractSetDigests(current);
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
