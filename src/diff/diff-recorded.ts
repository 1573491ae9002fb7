/**
 * `diffRecorded(before, after)`: a diff where a side may be a lockfile in MCP Fusion's own format,
 * which records each tool's digest and tool-level fields but not its per-action contracts or
 * mcpfusion's other additions.
 *
 * Both sides are cut down to what that format records (see `src/lockfile/recorded-view.ts`) and
 * compared by {@link diffContracts} with the same rule rows. Then, for each tool whose recorded
 * digest changed, the recorded fields must be shown to explain the whole change: with the full
 * contracts on the other side, the unrecorded fields are compared through the digest; with two
 * lockfiles in MCP Fusion's format they cannot be. Where they are not shown to, the tool gets one
 * `lockfile.unrecorded-change` delta, so a tool's digest still changes iff a delta names it.
 *
 * @module
 */
import { getOwn } from '../canonical/own.ts';
import { computeToolDigest } from '../canonical/digest.ts';
import type { ContractSet } from '../contract/types.ts';
import { contractSetFromLockfile, isCompleteLockfile, recordsResources } from '../lockfile/parse-lockfile.ts';
import { recordedView, recordedViewOfContracts, sameUnrecordedFields } from '../lockfile/recorded-view.ts';
import type { Lockfile } from '../lockfile/types.ts';
import { diffContracts, summarizeDeltas, toDelta } from './diff-contracts.ts';
import { ruleById } from './registry.ts';
import type { Delta, DiffOptions, DiffResult } from './types.ts';
import { objectArgument, taggedArgument, withArguments } from '../arguments.ts';

/** One side of {@link diffRecorded}: full contracts, or a lockfile of either format. */
export type RecordedSide = { contracts: ContractSet } | { lockfile: Lockfile };

/** A side read for the diff: its tool digests and, when known, its full contracts. */
interface Read {
  digest(name: string): string;
  full?: ContractSet;
  lock?: Lockfile;
}

function read(side: RecordedSide): Read {
  const full = 'contracts' in side ? side.contracts : isCompleteLockfile(side.lockfile) ? contractSetFromLockfile(side.lockfile) : undefined;
  if (full !== undefined) return { digest: (n) => computeToolDigest(full.tools[n]!).digest, full };
  const lock = (side as { lockfile: Lockfile }).lockfile;
  return { digest: (n) => lock.capabilities.tools[n]!.integrityDigest.slice('sha256:'.length), lock };
}

/** What a side shows in MCP Fusion's format: the view both sides are compared by. */
function view(side: Read): ContractSet {
  return side.full !== undefined ? recordedViewOfContracts(side.full) : recordedView(side.lock!);
}

/** Whether the recorded fields are shown to explain every difference between two versions of a tool. */
function explained(b: Read, a: Read, oldName: string, newName: string): boolean {
  if (b.lock !== undefined && a.full !== undefined) return sameUnrecordedFields(a.full.tools[newName]!, oldName, b.lock.capabilities.tools[oldName]!);
  if (a.lock !== undefined && b.full !== undefined) return sameUnrecordedFields(b.full.tools[oldName]!, newName, a.lock.capabilities.tools[newName]!);
  return false;
}

/**
 * Classify every difference between two sides, either of which may be a lockfile in MCP Fusion's
 * own format. With the full contracts on both sides (contract sets, mcpfusion lockfiles) this is
 * {@link diffContracts}.
 *
 * @param before The old side.
 * @param after The new side.
 * @param options `policy`, as for {@link diffContracts} (schema detail needs both full schemas,
 *   which MCP Fusion's format does not keep).
 * @returns The result; deltas of the recorded fields carry the same ids and verdicts as in a full
 *   diff, and `lockfile.unrecorded-change` (BREAKING) names each tool whose digest changed where
 *   the recorded fields do not show what changed.
 * @throws {CanonicalizationError} When a contract holds a value that is not JSON (a `NotJsonError` naming the set and the path when both sides are full).
 * @example diffRecorded({ lockfile: parseLockfile(fusionText) }, { contracts: current }).verdict
 */
export function diffRecorded(before: RecordedSide, after: RecordedSide, options: DiffOptions = {}): DiffResult {
  return withArguments(
    'diffRecorded(before, after, options)',
    [taggedArgument('before', before, SIDES), taggedArgument('after', after, SIDES), objectArgument('options', options, '{ policy }')],
    'wrap each side: { lockfile: parseLockfile(text) } or { contracts: set }',
    () => diffRecordedUnchecked(before, after, options),
  );
}

const SIDES = ['lockfile', 'contracts'] as const;

function diffRecordedUnchecked(before: RecordedSide, after: RecordedSide, options: DiffOptions): DiffResult {
  const b = read(before);
  const a = read(after);
  if (b.full !== undefined && a.full !== undefined) return diffContracts(b.full, a.full, options);
  const policy = options.policy ?? 'seed';
  // Cut down only when a side needs it: two full sides were diffed exactly above.
  const bv = view(b);
  const av = view(a);
  // MCP Fusion's format records no resources: against such a lockfile they cannot be compared,
  // and the other side's would all show as added or removed.
  if ((b.lock !== undefined && !recordsResources(b.lock)) || (a.lock !== undefined && !recordsResources(a.lock))) {
    bv.resources = {};
    av.resources = {};
  }
  const result = diffContracts(bv, av, options);
  const pairs: [string, string][] = Object.keys(bv.tools).filter((n) => getOwn(av.tools, n) !== undefined).map((n) => [n, n]);
  for (const d of result.deltas) {
    if (d.id === 'surface.tool-renamed' && typeof d.before === 'string' && typeof d.after === 'string') pairs.push([d.before, d.after]);
  }
  const extra: Delta[] = [];
  for (const [oldName, newName] of pairs) {
    const db = b.digest(oldName);
    const da = a.digest(newName);
    if (db !== da && !explained(b, a, oldName, newName)) {
      extra.push(toDelta(ruleById('lockfile.unrecorded-change'), 'tool', newName, { field: 'integrityDigest', before: `sha256:${db}`, after: `sha256:${da}` }, policy));
    }
  }
  return extra.length === 0 ? result : summarizeDeltas([...result.deltas, ...extra], policy);
}
