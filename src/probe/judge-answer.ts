/**
 * Reading a judge's answer: a JSON object `{ "similarityScore": n, "reasoning": "…" }`, alone or
 * inside one fenced code block (```json … ```), as a model might write it. Anything else is a
 * problem with a stable code, which `runProbes` turns into a fallback: `judge-unparsable`
 * (not that object, or no number), `judge-out-of-range` (a score outside 0..1).
 *
 * @module
 */
import { tryParseStrictJson } from '../canonical/strict-json.ts';
import type { Fallback } from './types.ts';
import { shorten } from '../format/shorten.ts';

/** A usable answer. */
export interface JudgeAnswer {
  score: number;
  reasoning: string;
}

/** Largest answer read; a judge printing more is broken. */
export const MAX_ANSWER_CHARS = 1_000_000;

function oneLine(text: string, max = 120): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return shorten(one, max);
}

/**
 * Read a judge's answer.
 *
 * @param text What the judge returned.
 * @returns The score and reasoning, or a fallback naming the problem.
 * @example readJudgeAnswer('{"similarityScore": 0.9, "reasoning": "same facts"}') // { score: 0.9, reasoning: 'same facts' }
 */
export function readJudgeAnswer(text: string): JudgeAnswer | Fallback {
  if (text.length > MAX_ANSWER_CHARS) return { code: 'judge-unparsable', message: `the judge answered with ${text.length} characters; expected one small JSON object` };
  let body = text.trim();
  const fence = /^```[A-Za-z]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(body);
  if (fence) body = fence[1]!.trim();
  if (body === '') return { code: 'judge-unparsable', message: 'the judge answered with nothing; expected {"similarityScore": n, "reasoning": "…"}' };
  const value = tryParseStrictJson(body);
  if (value === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { code: 'judge-unparsable', message: `the judge's answer is not a JSON object: ${JSON.stringify(oneLine(text))}` };
  }
  const score = value['similarityScore'];
  if (typeof score !== 'number') {
    return { code: 'judge-unparsable', message: `the judge's answer has no number "similarityScore" (got ${score === undefined ? 'none' : JSON.stringify(score)})` };
  }
  if (!(score >= 0 && score <= 1)) {
    return { code: 'judge-out-of-range', message: `the judge's similarityScore ${score} is outside 0..1` };
  }
  const reasoning = value['reasoning'];
  if (reasoning !== undefined && typeof reasoning !== 'string') {
    return { code: 'judge-unparsable', message: 'the judge\'s "reasoning" is not a string' };
  }
  return { score, reasoning: reasoning ?? '' };
}

/**
 * Whether a value returned by {@link readJudgeAnswer} is a fallback.
 *
 * @param v The value.
 * @returns True for a fallback.
 * @example isFallback({ code: 'judge-unparsable', message: '…' }) // true
 */
export function isFallback(v: JudgeAnswer | Fallback): v is Fallback {
  return 'code' in v;
}
