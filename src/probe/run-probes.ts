/**
 * Run probes: replay each probe's input (or take an output the caller already has), ask the
 * judge, classify the score. Probes run with bounded concurrency; the tool call and the judge each
 * get the per-probe time limit, after which their `AbortSignal` fires. A probe whose call or judge
 * fails (error, timeout, invalid result, unparsable answer, score outside 0..1) falls back to the
 * neutral 0.5 / medium with a coded reason, and the run goes on: a fallback never blocks.
 *
 * Pure: the tool call and the judge are injected; nothing here opens a connection or a process.
 *
 * @module
 */
import { assertJson } from '../canonical/assert-json.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ToolContract } from '../contract/types.ts';
import { InputError } from '../errors.ts';
import { buildProbePrompt } from './build-probe-prompt.ts';
import { callToolResultProblem, tryReadCallToolOutput } from './call-tool-output.ts';
import { isFallback, readJudgeAnswer } from './judge-answer.ts';
import { mapLimit } from './map-limit.ts';
import { probeCallArguments } from './parse-probe-file.ts';
import { summarizeProbeResults } from './summarize-probe-results.ts';
import { classifySimilarity, DEFAULT_THRESHOLDS, assertThresholds } from './thresholds.ts';
import { shorten } from '../format/shorten.ts';
import {
  FALLBACK_LEVEL,
  FALLBACK_SCORE,
  type CallToolOutput,
  type Fallback,
  type JsonObject,
  type JudgeRequest,
  type Probe,
  type ProbeReport,
  type ProbeResult,
  type SemanticProbeAdapter,
  type Thresholds,
} from './types.ts';
import { arrayArgument, memberArgument, objectArgument, withArguments } from '../arguments.ts';

/** A probe to run: a probe with a baseline, and optionally the current output and the tool's contract. */
export interface RunnableProbe extends Probe {
  /** Today's raw `tools/call` result; when absent, `callTool` is used. */
  current?: unknown;
  /** The tool's contract for the judge (a `ToolContract` or any JSON); when absent, `contractFor` (or null). */
  contract?: ToolContract | JsonValue;
}

/** Calls a tool on the live source; rejects on failure; should stop when `signal` aborts. */
export type CallTool = (tool: string, args: JsonObject, signal: AbortSignal) => Promise<unknown>;

/** Options of {@link runProbes}. */
export interface RunProbesOptions {
  /** The judge. */
  adapter: SemanticProbeAdapter;
  /** Score thresholds (default 0.95, 0.75, 0.5). */
  thresholds?: Thresholds;
  /** How many probes run at once (default 4). */
  concurrency?: number;
  /** Calls a tool; needed for probes without `current`. */
  callTool?: CallTool;
  /** Time limit in ms for each probe's tool call, and again for its judge (default 30000). */
  timeoutMs?: number;
  /** After a time limit, how long to wait for the aborted call or judge to wind down (default 5000 ms). */
  settleMs?: number;
  /** The contract of a probe's tool, for probes without `contract` (default: null); asked for every probe before the run starts. */
  contractFor?: (probe: Probe) => ToolContract | JsonValue | undefined;
  /** Called as each probe finishes (progress). */
  onResult?: (result: ProbeResult, index: number) => void;
}

/** Default concurrency. */
export const DEFAULT_CONCURRENCY = 4;
/** Default per-probe time limit (ms). */
export const DEFAULT_PROBE_TIMEOUT_MS = 30_000;

const TIMEOUT = Symbol('timeout');

/** The longest wait a timer takes (2^31 - 1 ms); above it Node fires after 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

type Outcome<T> = { ok: true; value: T } | { ok: false; timeout: true } | { ok: false; timeout: false; error: unknown };

async function bounded<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number, settleMs: number): Promise<Outcome<T>> {
  const controller = new AbortController();
  const running = Promise.resolve().then(() => work(controller.signal));
  const settled = running.then(
    (value): Outcome<T> => ({ ok: true, value }),
    (error: unknown): Outcome<T> => ({ ok: false, timeout: false, error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
  });
  const first = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  if (first !== TIMEOUT) return first;
  controller.abort(new Error(`time limit of ${timeoutMs} ms reached`));
  let grace: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([settled, new Promise<void>((resolve) => (grace = setTimeout(resolve, settleMs)))]);
  clearTimeout(grace);
  return { ok: false, timeout: true };
}

/**
 * What a failed call or judge rejected with, as one short line, for any value: an injected
 * adapter or `callTool` may reject with an object that has no text form (`Object.create(null)`),
 * one whose `toString` throws, or an Error whose `message` is not a string; each of these made
 * `runProbes` throw a TypeError instead of falling back.
 */
function messageOf(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error && typeof error.message === 'string' ? error.message : String(error);
  } catch {
    // Reading it ran the value's own code (a toString, a getter, a proxy trap), which threw: the
    // failure is still a fallback, named by the kind of value.
    text = `a value of type ${typeof error} that cannot be written as text`;
  }
  const one = text.replace(/\s+/g, ' ').trim();
  return shorten(one, 300);
}

function fallbackResult(probe: Probe, judge: string, fallback: Fallback): ProbeResult {
  return { id: probe.id, tool: probe.tool, action: probe.action ?? null, score: FALLBACK_SCORE, level: FALLBACK_LEVEL, judge, fallback, reasoning: '' };
}

async function currentOutput(probe: RunnableProbe, input: JsonObject, options: Required<Pick<RunProbesOptions, 'timeoutMs' | 'settleMs'>> & RunProbesOptions): Promise<CallToolOutput | Fallback> {
  let raw: unknown;
  if (probe.current !== undefined) {
    raw = probe.current;
  } else {
    const outcome = await bounded((signal) => options.callTool!(probe.tool, input, signal), options.timeoutMs, options.settleMs);
    if (!outcome.ok) {
      return outcome.timeout
        ? { code: 'call-timeout', message: `the tool call did not finish within ${options.timeoutMs} ms` }
        : { code: 'call-failed', message: `the tool call failed: ${messageOf(outcome.error)}` };
    }
    raw = outcome.value;
  }
  const output = tryReadCallToolOutput(raw);
  return output ?? { code: 'call-invalid-result', message: `the tool returned something that is not a CallToolResult: ${callToolResultProblem(raw)}` };
}

async function runOne(probe: RunnableProbe, contract: JsonValue, options: Required<Pick<RunProbesOptions, 'timeoutMs' | 'settleMs' | 'thresholds'>> & RunProbesOptions): Promise<ProbeResult> {
  const judge = options.adapter.name;
  const input = probeCallArguments(probe);
  const current = await currentOutput(probe, input, options);
  if ('code' in current) return fallbackResult(probe, judge, current);
  const request: JudgeRequest = {
    version: 1,
    id: probe.id,
    tool: probe.tool,
    action: probe.action ?? null,
    contract,
    input,
    // As the current output is read (tryReadCallToolOutput): an absent isError is false, so a
    // judge command sees the same shape on both sides.
    baseline: { ...probe.baseline!, isError: probe.baseline!.isError === true },
    current,
  };
  const prompt = buildProbePrompt(request);
  const outcome = await bounded((signal) => options.adapter.evaluate(prompt, { request, signal }), options.timeoutMs, options.settleMs);
  if (!outcome.ok) {
    return fallbackResult(probe, judge, outcome.timeout
      ? { code: 'judge-timeout', message: `the judge did not answer within ${options.timeoutMs} ms` }
      : { code: 'judge-failed', message: `the judge failed: ${messageOf(outcome.error)}` });
  }
  if (typeof outcome.value !== 'string') {
    return fallbackResult(probe, judge, { code: 'judge-unparsable', message: `the judge returned ${typeof outcome.value}, not text` });
  }
  const answer = readJudgeAnswer(outcome.value);
  if (isFallback(answer)) return fallbackResult(probe, judge, answer);
  return {
    id: probe.id,
    tool: probe.tool,
    action: probe.action ?? null,
    score: answer.score,
    level: classifySimilarity(answer.score, options.thresholds),
    judge,
    fallback: null,
    reasoning: answer.reasoning,
  };
}

/**
 * Run probes and build the report.
 *
 * @param probes Probes with baselines (and optionally `current` outputs and contracts).
 * @param options The judge, thresholds, concurrency, tool caller, time limit.
 * @returns The report: one result per probe in input order, and the summary.
 * @throws {InputError} When a probe has no baseline, a probe has no current output and no `callTool` was given, a probe's `arguments` is not an object, or the options are invalid (a time limit above 2147483647 ms among them).
 * @throws {NotJsonError} When a probe's `arguments`, `baseline` or contract (its own or `contractFor`'s), or its id, tool, action or description, is not JSON (a NaN, a bigint, a Date, a cycle …); `path` starts at the probe (`$.arguments.when`). Checked before anything is called.
 * @example const report = await runProbes(probes, { adapter: offlineJudge(), callTool, concurrency: 4 })
 */
export function runProbes(probes: readonly RunnableProbe[], options: RunProbesOptions): Promise<ProbeReport> {
  return withArguments(
    'runProbes(probes, options)',
    [arrayArgument('probes', probes, 'of probes', true), objectArgument('options', options, '{ adapter, callTool, thresholds, … }'), memberArgument('options.adapter', options, 'adapter', 'object')],
    'give the probes parseProbeFile returns and options with a judge ({ adapter: offlineJudge() })',
    () => runProbesUnchecked(probes, options),
  );
}

async function runProbesUnchecked(probes: readonly RunnableProbe[], options: RunProbesOptions): Promise<ProbeReport> {
  const thresholds = assertThresholds(options.thresholds ?? { ...DEFAULT_THRESHOLDS }, 'thresholds');
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const settleMs = options.settleMs ?? 5000;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new InputError(`Invalid concurrency ${concurrency}: expected a positive integer`);
  if (!(timeoutMs > 0)) throw new InputError(`Invalid probe time limit ${timeoutMs}: expected a positive number of milliseconds`);
  if (timeoutMs > MAX_TIMER_MS) throw new InputError(`Invalid probe time limit ${timeoutMs}: expected at most ${MAX_TIMER_MS} ms (about 24.8 days), the longest a timer can wait`);
  const contracts = probes.map((p) => {
    if (!p.baseline) throw new InputError(`The probe "${p.id}" has no baseline; run \`mcpfusion probe record\` first`);
    if (p.current === undefined && !options.callTool) throw new InputError(`The probe "${p.id}" has no current output and no callTool was given`);
    const args: unknown = p.arguments;
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new InputError(`The probe "${p.id}": its arguments must be an object (the tools/call arguments), not ${args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args}; give {} for none`);
    }
    // A ToolContract is plain JSON data (its interfaces only lack JsonValue's index signature).
    const contract = (p.contract ?? options.contractFor?.(p) ?? null) as JsonValue;
    // Checked here, before anything is called: the prompt and tools/call need JSON, and a bare
    // canonicalization error from inside the run would not say which probe.
    const { id, tool, action, description, baseline } = p;
    assertJson({ id, tool, action, description, arguments: args, baseline, contract }, `The probe "${p.id}"`);
    return contract;
  });
  const full = { ...options, thresholds, timeoutMs, settleMs };
  const results = await mapLimit(probes, concurrency, async (probe, index) => {
    const result = await runOne(probe, contracts[index]!, full);
    options.onResult?.(result, index);
    return result;
  });
  return { judge: options.adapter.name, thresholds, results, summary: summarizeProbeResults(results) };
}
