/**
 * The offline judge's measure: how similar two tool outputs are, deterministically, with no
 * model. Three components, each used only when at least one side has it:
 *
 * - `text`: the `text` of every `type: "text"` content block, joined with a newline, compared with
 *   the token measure ({@link tokenSimilarity});
 * - `structured`: `structuredContent`, compared with the structural measure
 *   ({@link structuralSimilarity}); present on one side only, it is compared with the other
 *   side's text instead ({@link structuredAgainstText}), since the MCP specification (2025-06-18,
 *   tools, "Structured Content") says a tool that returns structured content SHOULD also return
 *   its serialized JSON in a text block: a server that starts sending `structuredContent` beside
 *   the same text has not changed what it answers;
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
import { tryParseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { finishSteps, type Steps } from './steps.ts';
import { jsonLeavesSteps, structuralSimilaritySteps } from './structural-similarity.ts';
import { tokenSimilaritySteps } from './token-similarity.ts';
import type { CallToolOutput } from './types.ts';

/** The cap applied to the score when `isError` differs. */
export const IS_ERROR_MISMATCH_CAP = 0.25;

/** Component scores (undefined when not used) and the combined score. */
export interface OutputComparison {
  score: number;
  text?: number;
  structured?: number;
  blocks?: number;
  /** Set when `structuredContent` was on one side only and `structured` compares it with the other side's text. */
  structuredOneSide?: true;
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

/** The text blocks' texts and, when there is more than one, all of them joined by a newline. */
function textCandidates(output: CallToolOutput): string[] {
  const texts = output.content.filter(isTextBlock).map((b) => b.text);
  return texts.length > 1 ? [texts.join('\n'), ...texts] : texts;
}

/** Every string and number leaf of a JSON value, in order, as text. */
function* wordLeavesSteps(value: JsonValue): Steps<string> {
  const words: string[] = [];
  for (const leaf of (yield* jsonLeavesSteps(value, '$', new Map())).values()) {
    if (typeof leaf === 'string') words.push(leaf);
    else if (typeof leaf === 'number') words.push(String(leaf));
  }
  return words.join('\n');
}

/**
 * How well the structured content of one output agrees with the text of another output that has
 * no structured content (the best over its candidate texts: each text block, and all of them
 * joined):
 *
 * - every text is compared by the token measure with the structured content's string and number
 *   leaves (keys are schema names, not content; `true`, `false` and `null` have no word to match):
 *   a message text beside `{ "success": true, "message": <the same text> }` is 1;
 * - a text that is strict JSON (no duplicate key, no number out of range, at most 512 levels deep:
 *   {@link tryParseStrictJson}) is also compared with the structured content by the structural
 *   measure and, when the structured content is an object with a single key, with that key's
 *   value (`structuredContent` must be an object, so a tool whose result is an array or a scalar
 *   wraps it, e.g. `{ "entities": [...] }` beside the text of the bare array);
 * - the best of these counts; no text at all gives 0.
 *
 * @param structured The structured content of one side.
 * @param other The other side's output.
 * @returns A number from 0 to 1; 1 when a text is the structured content's JSON serialization.
 * @example structuredAgainstText({ n: [1] }, { content: [{ type: 'text', text: '[1]' }], isError: false }) // 1
 */
export function structuredAgainstText(structured: JsonValue, other: CallToolOutput): number {
  return finishSteps(structuredAgainstTextSteps(structured, other));
}

/** {@link structuredAgainstText} in steps (see `steps.ts`). */
function* structuredAgainstTextSteps(structured: JsonValue, other: CallToolOutput): Steps<number> {
  let best = 0;
  const single = structured !== null && typeof structured === 'object' && !Array.isArray(structured) && Object.keys(structured).length === 1
    ? structured[Object.keys(structured)[0]!]!
    : undefined;
  const words = yield* wordLeavesSteps(structured);
  for (const text of textCandidates(other)) {
    best = Math.max(best, yield* tokenSimilaritySteps(text, words));
    yield;
    const parsed = tryParseStrictJson(text);
    if (parsed !== undefined) {
      best = Math.max(best, yield* structuralSimilaritySteps(parsed, structured));
      if (single !== undefined) best = Math.max(best, yield* structuralSimilaritySteps(parsed, single));
    }
  }
  return best;
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
  return finishSteps(compareOutputsSteps(baseline, current));
}

/**
 * {@link compareOutputs} in steps (see `steps.ts`): the offline judge runs it in slices, so that
 * its time limit can end a comparison of huge outputs.
 *
 * @param baseline The recorded output.
 * @param current Today's output.
 * @returns The steps, whose result is the comparison.
 * @example await finishStepsInSlices(compareOutputsSteps(a, b), signal)
 */
export function* compareOutputsSteps(baseline: CallToolOutput, current: CallToolOutput): Steps<OutputComparison> {
  const parts: number[] = [];
  // An absent isError is false (MCP's default), also in an output a JavaScript caller built or
  // read from JSON without going through tryReadCallToolOutput: `{}` vs `{isError: false}` is no change.
  const out: OutputComparison = { score: 1, isErrorChanged: (baseline.isError === true) !== (current.isError === true) };
  const ta = textOf(baseline);
  const tb = textOf(current);
  yield;
  if (ta !== undefined || tb !== undefined) {
    out.text = roundScore(yield* tokenSimilaritySteps(ta ?? '', tb ?? ''));
    if (ta === undefined || tb === undefined) out.text = 0;
    parts.push(out.text);
  }
  if (baseline.structuredContent !== undefined || current.structuredContent !== undefined) {
    const sa = baseline.structuredContent;
    const sb = current.structuredContent;
    out.structured = roundScore(
      sa !== undefined && sb !== undefined ? yield* structuralSimilaritySteps(sa, sb)
        : sa !== undefined ? yield* structuredAgainstTextSteps(sa, current)
        : yield* structuredAgainstTextSteps(sb!, baseline),
    );
    if (sa === undefined || sb === undefined) out.structuredOneSide = true;
    parts.push(out.structured);
  }
  const ba = otherBlocks(baseline);
  const bb = otherBlocks(current);
  yield;
  if (ba.length > 0 || bb.length > 0) {
    out.blocks = roundScore(yield* structuralSimilaritySteps(ba, bb));
    parts.push(out.blocks);
  }
  let score = parts.length === 0 ? 1 : parts.reduce((s, x) => s + x, 0) / parts.length;
  if (out.isErrorChanged) score = Math.min(score, IS_ERROR_MISMATCH_CAP);
  out.score = roundScore(score);
  return out;
}
