/**
 * Self-healing (SPEC 10): the `<contract_awareness>` block that a validation error for a changed
 * tool carries, so the agent learns the new contract in the same turn in which it broke the old
 * one. It lists the BREAKING and RISKY deltas of the failing action and the tool-wide ones, most
 * severe first, at most 5 by default, every value XML-escaped.
 *
 * @module
 */
import type { Delta, DiffResult } from './types.ts';
import { verdictRank } from './verdict.ts';
import { escapeControls } from '../format/escape-controls.ts';
import { revealHidden } from '../format/reveal-hidden.ts';
import { shorten } from '../format/shorten.ts';

/** Options of {@link buildContractAwareness}. */
export interface AwarenessOptions {
  /** The tool whose call failed. */
  tool: string;
  /** The action that failed; without it, every action's deltas count. */
  action?: string;
  /** At most this many deltas (default 5). */
  maxDeltas?: number;
}

/** The block and how many deltas it holds. */
export interface Awareness {
  /** The `<contract_awareness>` block, or '' when no BREAKING or RISKY delta concerns the call. */
  block: string;
  /** Deltas listed. */
  deltaCount: number;
  /** Relevant deltas left out by the cap. */
  omitted: number;
}

/** Default cap of listed deltas. */
export const DEFAULT_MAX_DELTAS = 5;

/**
 * At most this many `<detail>` lines under one delta: a schema change of a server's tool may add
 * thousands of required properties, each a detail, and the block goes to the model in full.
 */
export const MAX_DETAIL_LINES = 5;

/**
 * At most this many UTF-16 code units of any one name, path or reason in the block (then `…`): a
 * property name or a tool name is the server's, of any length, and is quoted in several places.
 */
export const MAX_BLOCK_TEXT = 300;

/**
 * Escape text for XML content and attribute values, as one line: every control character (line
 * feed, carriage return and tab included), DEL, C1 controls (NEL) and U+2028/U+2029 are written
 * as `\u000a`-style escapes (a name with a line break would otherwise start a line of its own in
 * the block, reading like a line of mcpfusion's); drops the noncharacters U+FFFE and U+FFFF, which
 * XML 1.0 cannot carry; and shows bidi, zero-width, tag characters and stray variation selectors
 * as `<U+XXXX>` markers (escaped like the rest): the block goes to the model, and a changed
 * description must not smuggle hidden text to it through the block meant to explain the change.
 *
 * @param text Any text.
 * @returns The escaped text, one line.
 * @example escapeXml('a\n</x>') // 'a\\u000a&lt;/x&gt;'
 */
export function escapeXml(text: string): string {
  return escapeControls(revealHidden(text))
    .replace(/[\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The deltas relevant to a failed call: BREAKING or RISKY tool deltas of that tool (also when it
 * was renamed since: `tool` is then the old name), of the action (or tool-wide), most severe
 * first, in report order otherwise.
 *
 * @param deltas All deltas of a diff.
 * @param tool Tool name.
 * @param action Action key, if known.
 * @returns The relevant deltas, uncapped.
 */
export function relevantDeltas(deltas: readonly Delta[], tool: string, action?: string): Delta[] {
  // The agent calls the name it was calibrated on: after a rename, the tool's deltas are
  // reported under the new name, and the rename itself is what the agent most needs to learn.
  const names = new Set([tool]);
  for (const d of deltas) {
    if (d.kind === 'tool' && d.id === 'surface.tool-renamed' && d.before === tool && d.tool !== undefined) names.add(d.tool);
  }
  return deltas
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.kind === 'tool' && d.tool !== undefined && names.has(d.tool) && (d.verdict === 'BREAKING' || d.verdict === 'RISKY'))
    .filter(({ d }) => action === undefined || d.action === undefined || d.action === action)
    .sort((x, y) => verdictRank(y.d.verdict) - verdictRank(x.d.verdict) || x.i - y.i)
    .map(({ d }) => d);
}

/**
 * Build the `<contract_awareness>` block for a failed call.
 *
 * @param result The diff between the contract the agent knew (before) and the current one (after).
 * @param options Tool, action and cap.
 * @returns The block (empty when nothing relevant changed), the listed and the omitted count.
 * @throws {RangeError} When `maxDeltas` is not a positive integer.
 * @example buildContractAwareness(diffContracts(locked, current), { tool: 'invoices', action: 'create' }).block
 */
export function buildContractAwareness(result: DiffResult, options: AwarenessOptions): Awareness {
  const max = options.maxDeltas ?? DEFAULT_MAX_DELTAS;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxDeltas must be a positive integer, got ${String(max)}`);
  const relevant = relevantDeltas(result.deltas, options.tool, options.action);
  if (relevant.length === 0) return { block: '', deltaCount: 0, omitted: 0 };
  const listed = relevant.slice(0, max);
  /** A name, path or reason of the block: at most {@link MAX_BLOCK_TEXT} code units, escaped. */
  const short = (text: string): string => shorten(text, MAX_BLOCK_TEXT);
  const x = (text: string): string => escapeXml(short(text));
  const tool = short(options.tool);
  const where = options.action === undefined ? `tool "${tool}"` : `action "${short(options.action)}" of tool "${tool}"`;
  const attrs = `tool="${x(options.tool)}"${options.action === undefined ? '' : ` action="${x(options.action)}"`}`;
  const lines = [`<contract_awareness ${attrs}>`];
  // A tool that is gone has no current contract to adapt to: retrying it, with any arguments,
  // fails again (context7-mcp 1.0.0 -> 4.1.1 removed get-library-documentation).
  const removed = relevant.some((d) => d.id === 'surface.tool-removed' && d.tool === options.tool);
  lines.push(removed
    ? `<notice>The tool ${escapeXml(`"${tool}"`)} was removed from this server since you were calibrated on it, so this call cannot succeed with any arguments. Do not call it again; if a tool the server lists now does what you need (a change below may name one), call that one instead.</notice>`
    : `<notice>The contract of ${escapeXml(where)} changed since you were calibrated on it. This call may have failed because of the changes below. Read them, adapt your call to the current contract, and retry; do not repeat the old call unchanged.</notice>`);
  for (const d of listed) {
    const a = `verdict="${d.verdict}" rule="${x(d.id)}"${d.action === undefined ? '' : ` action="${x(d.action)}"`} field="${x(d.field)}"`;
    const details = (d.detail ?? []).filter((c) => c.verdict === 'BREAKING' || c.verdict === 'RISKY');
    const detail = details
      .slice(0, MAX_DETAIL_LINES)
      .map((c) => `\n  <detail verdict="${c.verdict}" path="${x(c.path)}">${x(c.reason)}</detail>`)
      .join('') + (details.length > MAX_DETAIL_LINES ? `\n  <omitted count="${details.length - MAX_DETAIL_LINES}">More schema changes of this delta are not listed here.</omitted>` : '');
    lines.push(`<delta ${a}>${x(d.reason)}${detail}${detail ? '\n' : ''}</delta>`);
  }
  const omitted = relevant.length - listed.length;
  if (omitted > 0) lines.push(`<omitted count="${omitted}">More changes of this tool are not listed here.</omitted>`);
  lines.push('</contract_awareness>');
  return { block: lines.join('\n'), deltaCount: listed.length, omitted };
}

/** Result of {@link enrichValidationError}. */
export interface EnrichedError {
  /** The error text, with the block appended when one was built. */
  text: string;
  /** Whether a block was appended. */
  injected: boolean;
  /** Deltas listed in the block. */
  deltaCount: number;
}

/**
 * Append the `<contract_awareness>` block to a validation error, when the tool's contract changed.
 *
 * @param errorText The validation error the agent would see.
 * @param result The diff between the contract the agent knew and the current one.
 * @param options Tool, action and cap.
 * @returns The (possibly) enriched text.
 * @example enrichValidationError('<validation_error>Missing field</validation_error>', diff, { tool: 'invoices', action: 'create' }).text
 */
export function enrichValidationError(errorText: string, result: DiffResult, options: AwarenessOptions): EnrichedError {
  const a = buildContractAwareness(result, options);
  if (a.block === '') return { text: errorText, injected: false, deltaCount: 0 };
  return { text: `${errorText}\n${a.block}`, injected: true, deltaCount: a.deltaCount };
}
