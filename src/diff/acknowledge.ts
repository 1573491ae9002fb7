/**
 * Acknowledged changes: a reviewed delta can be accepted by its fingerprint, so a known change
 * stops failing the gate while every new change still does.
 *
 * The acknowledgements file lists one fingerprint (64 lowercase hex, as `diff --format json`
 * prints it) per line; `#` starts a comment, and text after the fingerprint on the same line is
 * a free note (who accepted it, why). Blank lines are ignored.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import type { Delta, DiffResult, VerdictCounts } from './types.ts';
import { maxVerdict } from './verdict.ts';

const FINGERPRINT = /^[0-9a-f]{64}$/;

/**
 * Parse an acknowledgements file.
 *
 * @param text The file content.
 * @param source Name for messages.
 * @returns The acknowledged fingerprints.
 * @throws {InputError} On a line that does not start with a fingerprint, naming the line.
 * @example parseAcknowledgements('# accepted in #123\n' + 'a'.repeat(64) + ' rename approved\n', 'acks.txt')
 */
export function parseAcknowledgements(text: string, source: string): Set<string> {
  const out = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const first = line.split(/\s+/)[0]!;
    if (!FINGERPRINT.test(first)) {
      throw new InputError(`Invalid acknowledgements file "${source}" at line ${i + 1}: expected a delta fingerprint (64 lowercase hex digits, from \`mcpfusion diff --format json\`), found ${JSON.stringify(first.slice(0, 70))}`);
    }
    out.add(first);
  });
  return out;
}

/** The outcome of {@link applyAcknowledgements}. */
export interface AcknowledgedResult {
  /** The result without the acknowledged deltas (verdict and counts recomputed). */
  result: DiffResult;
  /** The deltas that were acknowledged. */
  acknowledged: Delta[];
  /** Fingerprints in the file that match no delta (the change is gone, or the ack is stale). */
  stale: string[];
}

/**
 * Remove acknowledged deltas from a diff result.
 *
 * @param result The full diff result.
 * @param fingerprints Acknowledged fingerprints.
 * @param formerly Another fingerprint that also acknowledges the delta at the same index: where
 *   output hides a secret, `result` is as shown (each delta fingerprinted over what it shows, see
 *   `fingerprintShown`) and this is the fingerprint over the real values, which earlier releases
 *   printed, so an acknowledgement written from such output keeps matching while the secret is
 *   the same.
 * @returns The remaining result, the acknowledged deltas and the stale fingerprints.
 * @example applyAcknowledgements(diffContracts(a, b), new Set([fp])).result.verdict
 */
export function applyAcknowledgements(result: DiffResult, fingerprints: ReadonlySet<string>, formerly?: readonly string[]): AcknowledgedResult {
  const seen = new Set<string>();
  const acked = result.deltas.map((d, i) => {
    const hits = [d.fingerprint, formerly?.[i]].filter((f): f is string => f !== undefined && fingerprints.has(f));
    for (const f of hits) seen.add(f);
    return hits.length > 0;
  });
  const acknowledged = result.deltas.filter((_, i) => acked[i]);
  const deltas = result.deltas.filter((_, i) => !acked[i]);
  const stale = [...fingerprints].filter((f) => !seen.has(f)).sort();
  const counts: VerdictCounts = { BREAKING: 0, RISKY: 0, SAFE: 0, COSMETIC: 0 };
  for (const d of deltas) counts[d.verdict]++;
  return {
    result: {
      ...result,
      verdict: maxVerdict(deltas.map((d) => d.verdict)),
      counts,
      securityCount: deltas.filter((d) => d.security === true).length,
      deltas,
    },
    acknowledged,
    stale,
  };
}
