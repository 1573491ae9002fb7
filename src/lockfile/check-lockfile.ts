/**
 * Compare a lockfile with the current contracts (the CI gate behind `check` / `lock --check`).
 *
 * @module
 */
import { getOwn } from '../canonical/own.ts';
import { computeContractSetDigests, sortedKeys, type ContractSetDigests, type DigestComponents } from '../canonical/digest.ts';
import type { ContractSet } from '../contract/types.ts';
import { computeToolDigest } from '../canonical/digest.ts';
import { upToDateResult, type ChangedTool, type KindDrift, type LockfileCheckResult } from './current-lockfile.ts';
import { contractSetFromLockfile, contractSetFromLockfileWith, isCompleteLockfile, parseLockfile, recordsResources } from './parse-lockfile.ts';
import { tryLazyLockfile } from './lazy-lockfile-bytes.ts';
import type { Lockfile } from './types.ts';

export { isCurrentSerialization, upToDateResult, type ChangedTool, type KindDrift, type LockfileCheckResult } from './current-lockfile.ts';

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
  // A lockfile in MCP Fusion's format records no resources: none can be compared, and the
  // server's are named as unchecked instead of as added.
  const recorded = recordsResources(lock);
  const resources = drift(lock.capabilities.resources ?? {}, recorded ? d.resources : {}, (uri, lockedDigest, currentDigest) => ({ uri, lockedDigest, currentDigest }));
  const currentIntegrityDigest = `sha256:${d.integrityDigest}`;
  return {
    // Resources do not feed the integrity digest (SPEC §4): their entries are compared beside it.
    ok: lock.integrityDigest === currentIntegrityDigest && resources.added.length + resources.removed.length + resources.changed.length === 0,
    lockedIntegrityDigest: lock.integrityDigest,
    currentIntegrityDigest,
    tools,
    prompts,
    resources,
    ...(recorded ? {} : { unrecordedResources: sortedKeys(d.resources) }),
    current: d,
  };
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
 * @param digests The digests of `current` when already computed.
 * @returns The check result, and the parsed lockfile when it had to be parsed.
 * @throws {InputError} When the lockfile is malformed or inconsistent (see {@link parseLockfile}).
 * @example checkLockfileText(readFileSync('mcpfusion.lock', 'utf8'), 'mcpfusion.lock', set).result.ok
 */
export function checkLockfileText(
  text: string,
  source: string,
  current: ContractSet,
  fromReader = false,
  digests: ContractSetDigests = computeContractSetDigests(current),
): { result: LockfileCheckResult; lock?: Lockfile } {
  const upToDate = upToDateResult(text, current, digests, fromReader);
  if (upToDate) return { result: upToDate };
  const lock = parseLockfile(text, source);
  return { result: checkLockfile(lock, current, digests), lock };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * {@link checkLockfileText} of a lockfile's text or bytes. Bytes (a big lockfile read by
 * `tryReadPlainUtf8`) are compared with what `lock` would write piece by piece, then read
 * without their schema store as values (`tryLazyLockfile`); bytes it does not take are read as
 * text, as {@link checkLockfileText} reads them, so the result and every error are the same.
 *
 * @param content The lockfile text, or its bytes: valid UTF-8 without a byte-order mark.
 * @param source Name for messages (usually the path).
 * @param current The current contract set.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @param digests The digests of `current` when already computed.
 * @returns The check result; when the lockfile had to be read, the lockfile (for a lazily read
 *   one with an empty `schemas`) and, for a complete lockfile read so, its contracts with the
 *   schemas read from the bytes when looked at (diff them instead of the lockfile).
 * @throws {InputError} As {@link checkLockfileText}.
 * @example checkLockfileContent(readFileSync('mcpfusion.lock'), 'mcpfusion.lock', set).result.ok
 */
export function checkLockfileContent(
  content: string | Uint8Array,
  source: string,
  current: ContractSet,
  fromReader = false,
  digests: ContractSetDigests = computeContractSetDigests(current),
): { result: LockfileCheckResult; lock?: Lockfile; lockedSet?: ContractSet } {
  if (typeof content === 'string') return checkLockfileText(content, source, current, fromReader, digests);
  const upToDate = upToDateResult(content, current, digests, fromReader);
  if (upToDate) return { result: upToDate };
  const lazy = tryLazyLockfile(content, source);
  if (lazy === undefined) {
    const lock = parseLockfile(utf8.decode(content), source);
    return { result: checkLockfile(lock, current, digests), lock };
  }
  return { result: checkLockfile(lazy.lock, current, digests), lock: lazy.lock, lockedSet: contractSetFromLockfileWith(lazy.lock, lazy.schemas) };
}
