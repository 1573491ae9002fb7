/**
 * Shared by the real-pairs test and the script that writes its vectors: a real release pair's
 * two saved `tools/list` results, diffed, reduced to what the vector pins (each delta's rule id,
 * verdict, tool, action, field and security flag, and for a schema change its property-level
 * entries' ids, paths and verdicts).
 *
 * @module
 */
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { parseToolsListFile } from '../../src/sources/tools-list-file.ts';

/** One vector file under test/vectors/diff/real/. */
export interface RealPair {
  package: string;
  from: string;
  to: string;
  /** What a reviewer reading both listings found, and whether the diff says it. */
  judgement: string;
  old: { tools: unknown[] };
  new: { tools: unknown[] };
  verdict: string;
  expect: PinnedDelta[];
}

/** The parts of a delta a vector pins. */
export interface PinnedDelta {
  id: string;
  verdict: string;
  tool: string | null;
  action: string | null;
  field: string;
  security?: true;
  detail?: [string, string, string][];
  /** For a tool removed or added: the added or removed tool its reason names as its likely replacement (a look-alike). */
  pairedWith?: string;
}

/** The look-alike a tool-removed or tool-added reason names (`tool "x" was added with …`, `it may replace the removed tool "x"`). */
const PAIRED = /(?:tool ("(?:[^"\\]|\\.)*") was added with|may replace the removed tool ("(?:[^"\\]|\\.)*"))/;

/**
 * Diff a pair's two listings (policy seed).
 *
 * @param pair The vector's `old` and `new` listings.
 * @returns The overall verdict and the pinned form of every delta.
 */
export function diffPair(pair: Pick<RealPair, 'old' | 'new' | 'package' | 'from' | 'to'>): { verdict: string; deltas: PinnedDelta[] } {
  const before = parseToolsListFile(JSON.stringify(pair.old), `${pair.package}@${pair.from}`);
  const after = parseToolsListFile(JSON.stringify(pair.new), `${pair.package}@${pair.to}`);
  const result = diffContracts(before, after);
  return {
    verdict: result.verdict,
    deltas: result.deltas.map((d) => {
      const p: PinnedDelta = { id: d.id, verdict: d.verdict, tool: d.tool ?? null, action: d.action ?? null, field: d.field };
      if (d.security === true) p.security = true;
      if (d.detail !== undefined) p.detail = d.detail.map((c) => [c.id, c.path, c.verdict]);
      const paired = /^surface\.(destructive-)?tool-(added|removed)$/.test(d.id) ? PAIRED.exec(d.reason) : null;
      if (paired !== null) p.pairedWith = JSON.parse(paired[1] ?? paired[2]!) as string;
      return p;
    }),
  };
}
