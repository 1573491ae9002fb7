/**
 * The structural measure of the offline judge: similarity of two JSON values over their leaf
 * paths.
 *
 * A value is flattened into leaves: every scalar (string, number, boolean, null) and every empty
 * object or array, keyed by its JSON path (`$`, `$["key"]`, `$[0]`; array elements by index). The
 * similarity is the mean, over the union of the two sides' leaf paths, of the leaf similarity:
 *
 * - the path exists on one side only: 0;
 * - equal values: 1;
 * - two different strings: `0.5 + 0.5 × tokenSimilarity(a, b)`;
 * - two different numbers: `0.5 + 0.5 × max(0, 1 − |a − b| / max(|a|, |b|))`;
 * - two different values of the same JSON type otherwise (true/false): 0.5;
 * - values of different types (including `{}` versus `[]`): 0.
 *
 * Two absent values are 1; an absent value against a present one is 0.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { finishSteps, STEP_UNITS, type Steps } from './steps.ts';
import { tokenSimilarity, tokenSimilaritySteps } from './token-similarity.ts';

/** Two strings longer than this together are compared in steps. */
const LONG_LEAF = 8192;

// Why `$["key"]` here and not `jsonPathOf` (src/canonical/json-path.ts, the home of the JSON
// paths in messages, which writes `$.key`): these paths are not messages but match keys, and they
// are public. `jsonLeaves` is exported from `mcpfusion/probe` and docs/probe.md documents its keys
// as `$["key"][0]`, so switching would change what it returns to library callers. The scores
// would not change (both notations are one-to-one over key and index sequences; checked over
// 20,000 random pairs of values when this was decided), so there is nothing to gain for the cost
// of a changed public output. Bracketing every key also needs no identifier test per key.
/**
 * Flatten a JSON value into its leaves by path.
 *
 * @param value A JSON value.
 * @param path The path of the value itself (default `$`).
 * @param out Where to add the leaves.
 * @returns The leaves, keyed by JSON path.
 * @example jsonLeaves({ a: [1, {}] }) // Map { '$["a"][0]' => 1, '$["a"][1]' => {} }
 */
export function jsonLeaves(value: JsonValue, path = '$', out: Map<string, JsonValue> = new Map()): Map<string, JsonValue> {
  return finishSteps(jsonLeavesSteps(value, path, out));
}

/**
 * {@link jsonLeaves} in steps (see `steps.ts`): without recursion, a checkpoint every
 * {@link STEP_UNITS} values, the same leaves in the same order.
 *
 * @param value A JSON value.
 * @param path The path of the value itself.
 * @param out Where to add the leaves.
 * @returns The steps, whose result is `out`.
 * @example finishSteps(jsonLeavesSteps([1], '$', new Map())) // Map { '$[0]' => 1 }
 */
export function* jsonLeavesSteps(value: JsonValue, path: string, out: Map<string, JsonValue>): Steps<Map<string, JsonValue>> {
  const stack: [JsonValue, string][] = [[value, path]];
  let n = 0;
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    if (++n % STEP_UNITS === 0) yield;
    if (Array.isArray(v)) {
      if (v.length === 0) out.set(p, v);
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i]!, `${p}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      if (keys.length === 0) out.set(p, v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([v[keys[i]!]!, `${p}[${JSON.stringify(keys[i])}]`]);
    } else {
      out.set(p, v);
    }
  }
  return out;
}

function kind(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * Similarity of two leaves found at the same path.
 *
 * @param a One leaf.
 * @param b The other.
 * @returns A number from 0 to 1 (1 only for equal leaves).
 * @example leafSimilarity(33, 36) // 0.958333… (0.5 + 0.5 × (1 − 3/36))
 */
export function leafSimilarity(a: JsonValue, b: JsonValue): number {
  const ka = kind(a);
  if (ka !== kind(b)) return 0;
  if (ka === 'object' || ka === 'array' || ka === 'null') return 1; // empty containers of one kind, or two nulls
  if (a === b) return 1;
  if (typeof a === 'string' && typeof b === 'string') return 0.5 + 0.5 * tokenSimilarity(a, b);
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(Math.abs(a), Math.abs(b));
    return 0.5 + 0.5 * Math.max(0, 1 - Math.abs(a - b) / scale);
  }
  return 0.5;
}

/** {@link leafSimilarity} in steps: two long strings are compared in steps, other leaves at once. */
function* leafSimilaritySteps(a: JsonValue, b: JsonValue): Steps<number> {
  if (typeof a === 'string' && typeof b === 'string' && a !== b && a.length + b.length > LONG_LEAF) return 0.5 + 0.5 * (yield* tokenSimilaritySteps(a, b));
  return leafSimilarity(a, b);
}

/**
 * Structural similarity of two JSON values (either may be absent).
 *
 * @param a One value, or undefined.
 * @param b The other, or undefined.
 * @returns A number from 0 to 1; 1 for equal values.
 * @example structuralSimilarity({ t: 33, c: 'Cloudy' }, { t: 33, c: 'Sunny' }) // 0.75
 */
export function structuralSimilarity(a: JsonValue | undefined, b: JsonValue | undefined): number {
  return finishSteps(structuralSimilaritySteps(a, b));
}

/**
 * {@link structuralSimilarity} in steps (see `steps.ts`).
 *
 * @param a One value, or undefined.
 * @param b The other, or undefined.
 * @returns The steps, whose result is the similarity.
 * @example finishSteps(structuralSimilaritySteps({ a: 1 }, { a: 1 })) // 1
 */
export function* structuralSimilaritySteps(a: JsonValue | undefined, b: JsonValue | undefined): Steps<number> {
  if (a === undefined && b === undefined) return 1;
  if (a === undefined || b === undefined) return 0;
  const la = yield* jsonLeavesSteps(a, '$', new Map());
  const lb = yield* jsonLeavesSteps(b, '$', new Map());
  let sum = 0;
  let union = la.size;
  let n = 0;
  for (const [path, va] of la) {
    if (lb.has(path)) {
      const vb = lb.get(path)!;
      sum += typeof va === 'string' && typeof vb === 'string' && va.length + vb.length > LONG_LEAF ? yield* leafSimilaritySteps(va, vb) : leafSimilarity(va, vb);
    }
    if (++n % STEP_UNITS === 0) yield;
  }
  for (const path of lb.keys()) if (!la.has(path)) union++;
  return sum / union;
}
