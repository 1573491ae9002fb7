/**
 * The offline judge's measure: how similar two tool outputs are, deterministically, with no
 * model. Three components, each used only when at least one side has it:
 *
 * - `text`: the `text` of every `type: "text"` content block, joined with a newline, compared with
 *   the token measure ({@link tokenSimilarity});
 * - `structured`: `structuredContent`, compared with the structural measure
 *   ({@link structuralSimilarity}); present on one side only gives 0;
 * - `blocks`: the list of every other content block (image, audio, resource, resource_link, …),
 *   in order, compared with the structural measure.
 *
 * The score is the plain mean of the components used (1 when neither side has any content).
 * When `isError` differs, the score is capped at 0.25: a call that now fails (or now succeeds)
 * is high drift at the default thresholds whatever its text says. The score is rounded to six
 * decimals, so identical outputs give exactly 1.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { structuralSimilarity } from './structural-similarity.ts';
import { tokenSimilarity } from './token-similarity.ts';
import type { CallToolOutput } from './types.ts';

/** The cap applied to the score when `isError` differs. */
export const IS_ERROR_MISMATCH_CAP = 0.25;

/** Component scores (undefined when not used) and the combined score. */
export interface OutputComparison {
  score: number;
  text?: number;
  structured?: number;
  blocks?: number;
  /** Whether `isError` differs between the two outputs. */
  isErrorChanged: boolean;
}

function isTextBlock(block: JsonValue): block is { type: 'text'; text: string } {
  return typeof block === 'object' && block !== null && !Array.isArray(block) && block['type'] === 'text' && typeof block['text'] === 'string';
}

function textOf(output: CallToolOutput): string | undefined {
  const texts = output.content.filter(isTextBlock).map((b) => b.text);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function otherBlocks(output: CallToolOutput): JsonValue[] {
  return output.content.filter((b) => !isTextBlock(b));
}

/**
 * Round to six decimals.
 *
 * @param x A number.
 * @returns `x` rounded to the nearest multiple of 1e-6.
 * @example roundScore(0.7777777) // 0.777778
 */
export function roundScore(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * Compare a baseline output with a current one.
 *
 * @param baseline The recorded output.
 * @param current Today's output.
 * @returns The combined score in 0..1 and the component scores.
 * @example compareOutputs({ content: [{ type: 'text', text: 'a b' }], isError: false }, { content: [{ type: 'text', text: 'a b' }], isError: false }).score // 1
 */
export function compareOutputs(baseline: CallToolOutput, current: CallToolOutput): OutputComparison {
  const parts: number[] = [];
  const out: OutputComparison = { score: 1, isErrorChanged: baseline.isError !== current.isError };
  const ta = textOf(baseline);
  const tb = textOf(current);
  if (ta !== undefined || tb !== undefined) {
    out.text = roundScore(tokenSimilarity(ta ?? '', tb ?? ''));
    if (ta === undefined || tb === undefined) out.text = 0;
    parts.push(out.text);
  }
  if (baseline.structuredContent !== undefined || current.structuredContent !== undefined) {
    out.structured = roundScore(structuralSimilarity(baseline.structuredContent, current.structuredContent));
    parts.push(out.structured);
  }
  const ba = otherBlocks(baseline);
  const bb = otherBlocks(current);
  if (ba.length > 0 || bb.length > 0) {
    out.blocks = roundScore(structuralSimilarity(ba, bb));
    parts.push(out.blocks);
  }
  let score = parts.length === 0 ? 1 : parts.reduce((s, x) => s + x, 0) / parts.length;
  if (out.isErrorChanged) score = Math.min(score, IS_ERROR_MISMATCH_CAP);
  out.score = roundScore(score);
  return out;
}
