/**
 * The data of semantic probes (SPEC section 9): a probe (a known input and its recorded
 * baseline output), the judge request and adapter interface, drift levels and thresholds, and
 * the report. Values only; the functions live in the files named for them.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * What a tool call returned, as far as a probe compares it: the MCP `CallToolResult` fields
 * `content`, `structuredContent` and `isError` (absent `isError` is `false`; `_meta` is dropped).
 */
export interface CallToolOutput {
  /** The content blocks, in order, exactly as the server sent them. */
  content: JsonValue[];
  /** The structured content, when the server sent any. */
  structuredContent?: JsonValue;
  /** Whether the tool reported an error. */
  isError: boolean;
}

/** One probe: a known input to replay, and the output recorded for it. */
export interface Probe {
  /** Stable id, unique within the probe file. */
  id: string;
  /** The tool to call. */
  tool: string;
  /** The action of a multi-action tool (sent as the `action` argument unless it is `default`). */
  action?: string;
  /** The arguments of `tools/call` (without the `action` the probe adds). */
  arguments: JsonObject;
  /** Free text for people reading the file. */
  description?: string;
  /** The recorded output; absent until `probe record` ran. */
  baseline?: CallToolOutput;
}

/** Drift levels, from none to high. */
export const DRIFT_LEVELS = ['none', 'low', 'medium', 'high'] as const;
/** One drift level. */
export type DriftLevel = (typeof DRIFT_LEVELS)[number];

/**
 * Lower bounds of the similarity score per level: a score `>= none` is drift `none`,
 * `>= low` is `low`, `>= medium` is `medium`, anything below is `high`.
 */
export interface Thresholds {
  none: number;
  low: number;
  medium: number;
}

/** What a judge is asked about one probe. */
export interface JudgeRequest {
  /** Version of this document (1). */
  version: 1;
  /** The probe id. */
  id: string;
  /** The tool. */
  tool: string;
  /** The action, or null. */
  action: string | null;
  /** The tool's contract (from the lockfile or the live surface), or null when it is unknown. */
  contract: JsonValue;
  /** The arguments the tool was called with (including `action` when the probe adds it). */
  input: JsonObject;
  /** The recorded output. */
  baseline: CallToolOutput;
  /** Today's output. */
  current: CallToolOutput;
}

/** What an adapter gets besides the prompt. */
export interface EvaluateContext {
  /** The structured request the prompt was built from. */
  request: JudgeRequest;
  /** Aborted when the probe's time is up; an adapter should stop (and end any process) then. */
  signal: AbortSignal;
}

/**
 * A judge: gets the evaluation prompt (and, for adapters that want it, the structured request)
 * and answers with text holding `{ "similarityScore": n, "reasoning": "…" }`.
 */
export interface SemanticProbeAdapter {
  /** Name shown in reports (e.g. `offline`, `command:judge.sh`, `my-llm`). */
  name: string;
  /**
   * Judge one probe.
   *
   * @param prompt The evaluation prompt from `buildProbePrompt`.
   * @param context The structured request and an abort signal.
   * @returns The answer text (a JSON object, optionally inside a ```json fence).
   */
  evaluate(prompt: string, context: EvaluateContext): Promise<string>;
}

/** Why a probe fell back to the neutral score, as a stable code. */
export const FALLBACK_CODES = [
  'call-failed',
  'call-timeout',
  'call-invalid-result',
  'judge-failed',
  'judge-timeout',
  'judge-unparsable',
  'judge-out-of-range',
] as const;
/** One fallback code. */
export type FallbackCode = (typeof FALLBACK_CODES)[number];

/** A fallback: its code and a one-line reason. */
export interface Fallback {
  code: FallbackCode;
  message: string;
}

/** The score and level every fallback gets (SPEC section 9). */
export const FALLBACK_SCORE = 0.5;
/** The level of a fallback, whatever the thresholds: it never blocks and is never high. */
export const FALLBACK_LEVEL: DriftLevel = 'medium';

/** The outcome of one probe. */
export interface ProbeResult {
  id: string;
  tool: string;
  action: string | null;
  /** Similarity in 0..1 (0.5 for a fallback). */
  score: number;
  /** Drift level from the score (medium for a fallback). */
  level: DriftLevel;
  /** The judge's name. */
  judge: string;
  /** Set when the probe fell back; null when the judge's answer was used. */
  fallback: Fallback | null;
  /** The judge's reasoning ('' for a fallback). */
  reasoning: string;
}

/** Counts and the overall level of a run. */
export interface ProbeSummary {
  /** Worst level among probes that did not fall back; null when every probe fell back (or there were none). */
  level: DriftLevel | null;
  /** Number of probes. */
  probes: number;
  /** Number of fallbacks. */
  fallbacks: number;
  /** Non-fallback probes per level. */
  counts: Record<DriftLevel, number>;
}

/** The report of a run. */
export interface ProbeReport {
  /** The judge's name. */
  judge: string;
  /** The thresholds used. */
  thresholds: Thresholds;
  /** One result per probe, in the probe file's order. */
  results: ProbeResult[];
  /** Counts and the overall level. */
  summary: ProbeSummary;
}
