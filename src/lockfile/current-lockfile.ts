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
import { loneSurrogateAt, parseStrictJson } from '../canonical/strict-json.ts';
import { serializeLockfile, serializeLockfileChunks } from './serialize-lockfile.ts';
import { LOCKFILE_BYTES_FROM } from './types.ts';
import { objectMembers, QUOTE, skipWs, utf8 } from './_json-bytes.ts';
import { InputError } from '../errors.ts';

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
 * The top-level string members `serverName`, `mcpfusionVersion` and `generatedAt` of lockfile
 * bytes, found without reading the rest (for the check that the bytes are what `lock` would
 * write now).
 *
 * @param bytes The lockfile's bytes: valid UTF-8 without a byte-order mark.
 * @returns The three strings, or `undefined` when the bytes are no object with all three as
 *   strings (then they are not what `lock` writes).
 */
function lockfileHeader(bytes: Uint8Array): { serverName: string; mcpfusionVersion: string; generatedAt: string } | undefined {
  try {
    const top = objectMembers(bytes, skipWs(bytes, 0));
    if (top === undefined) return undefined;
    const read = (key: string): string | undefined => {
      const m = top.members.find((member) => member.key === key);
      if (m === undefined || bytes[m.start] !== QUOTE) return undefined;
      const value = parseStrictJson(utf8.decode(bytes.subarray(m.start, m.end)), 'a string');
      return typeof value === 'string' ? value : undefined;
    };
    const serverName = read('serverName');
    const mcpfusionVersion = read('mcpfusionVersion');
    const generatedAt = read('generatedAt');
    return serverName === undefined || mcpfusionVersion === undefined || generatedAt === undefined ? undefined : { serverName, mcpfusionVersion, generatedAt };
  } catch (error) {
    // A key or value the strict reader refuses (a lone surrogate): not what `lock` writes.
    if (error instanceof InputError) return undefined;
    throw error;
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
  const lock = buildLockfile(current, { serverName, mcpfusionVersion, generatedAt, digests, schemaDigestsFromReader: fromReader });
  // A small one as one string (native, faster at start-up); a big one piece by piece, never whole.
  return text.length < LOCKFILE_BYTES_FROM ? serializeLockfile(lock) === text : piecesEqualText(serializeLockfileChunks(lock), text);
}

/**
 * {@link isCurrentSerialization} of a lockfile's bytes, compared piece by piece with what `lock`
 * would write (stopping at the first difference), so neither is held as one string.
 *
 * @param bytes The lockfile's bytes: valid UTF-8 without a byte-order mark (`tryReadPlainUtf8`).
 * @param current The current contract set.
 * @param digests The digests of `current`.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @returns Whether the bytes are exactly those `mcpfusion lock` would write now.
 */
export function isCurrentSerializationBytes(bytes: Uint8Array, current: ContractSet, digests: ContractSetDigests, fromReader = false): boolean {
  const header = lockfileHeader(bytes);
  if (header === undefined) return false;
  return piecesEqualBytes(serializeLockfileChunks(buildLockfile(current, { ...header, digests, schemaDigestsFromReader: fromReader })), bytes);
}

/**
 * Whether text pieces joined are exactly `text`, stopping at the first piece that differs.
 *
 * @param pieces The pieces (`serializeLockfileChunks`).
 * @param text The text.
 * @returns True when they are the same text.
 */
export function piecesEqualText(pieces: Iterable<string>, text: string): boolean {
  let at = 0;
  for (const piece of pieces) {
    if (!text.startsWith(piece, at)) return false;
    at += piece.length;
  }
  return at === text.length;
}

const encoder = new TextEncoder();

/**
 * Whether text pieces written as UTF-8 are exactly `bytes`, stopping at the first piece that differs.
 *
 * @param pieces The pieces (`serializeLockfileChunks`).
 * @param bytes The bytes.
 * @returns True when they are the same bytes.
 */
export function piecesEqualBytes(pieces: Iterable<string>, bytes: Uint8Array): boolean {
  let at = 0;
  for (const piece of pieces) {
    const encoded = encoder.encode(piece);
    if (at + encoded.length > bytes.length) return false;
    for (let i = 0; i < encoded.length; i++) if (encoded[i] !== bytes[at + i]) return false;
    at += encoded.length;
  }
  return at === bytes.length;
}

/**
 * The check result for a lockfile text that passes {@link isCurrentSerialization}.
 *
 * @param text The lockfile text, or its bytes (valid UTF-8 without a byte-order mark: `tryReadPlainUtf8`).
 * @param current The current contract set.
 * @param digests The digests of `current`.
 * @param fromReader `current` comes straight from a contract reader (see `BuildLockfileOptions`).
 * @returns A passing result, or `undefined` when the text must be parsed and checked in full.
 * @example upToDateResult(text, set, computeContractSetDigests(set))?.ok
 */
export function upToDateResult(text: string | Uint8Array, current: ContractSet, digests: ContractSetDigests, fromReader = false): LockfileCheckResult | undefined {
  const same = typeof text === 'string' ? isCurrentSerialization(text, current, digests, fromReader) : isCurrentSerializationBytes(text, current, digests, fromReader);
  if (!same) return undefined;
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
