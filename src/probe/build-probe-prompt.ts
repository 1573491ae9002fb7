/**
 * The evaluation prompt a judge gets for one probe: the task, the tool's contract, the input,
 * the baseline and the current output (as sorted, indented JSON), the scale of the score and the
 * exact answer format. The same request always gives the same prompt.
 *
 * @module
 */
import { stringifySorted } from '../canonical/pretty.ts';
import type { JudgeRequest } from './types.ts';

function block(title: string, value: unknown): string {
  return `## ${title}\n\n\`\`\`json\n${stringifySorted(value)}\`\`\`\n`;
}

/**
 * Build the evaluation prompt.
 *
 * @param request What to judge.
 * @returns The prompt text.
 * @example buildProbePrompt(request).includes('similarityScore') // true
 */
export function buildProbePrompt(request: JudgeRequest): string {
  const name = request.action === null ? `"${request.tool}"` : `"${request.tool}" (action "${request.action}")`;
  return [
    `You judge semantic drift of an MCP tool. The tool ${name} was called twice with the same input: once when its behavior was approved (the baseline) and again now (the current output).`,
    'Decide whether the current output still means what the baseline meant, for a language model that relies on this tool as its contract describes it. Ignore differences that carry no meaning (formatting, key order, whitespace, ids or timestamps that are expected to vary); weigh changed facts, values, units, structure, error status and instructions.',
    '',
    block('Tool contract', request.contract),
    block('Input (tools/call arguments)', request.input),
    block('Baseline output', request.baseline),
    block('Current output', request.current),
    '## Answer',
    '',
    'Give a similarityScore from 0 to 1: 1 = the same meaning; 0.95 or more = no meaningful drift; 0.75 to 0.95 = minor drift; 0.5 to 0.75 = noticeable drift; below 0.5 = the meaning changed.',
    'Answer with exactly one JSON object and nothing else:',
    '{"similarityScore": <number from 0 to 1>, "reasoning": "<one or two sentences>"}',
    '',
  ].join('\n');
}
