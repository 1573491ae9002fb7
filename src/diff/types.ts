/**
 * The data model of a contract diff: verdicts, deltas, schema-level changes and the result of
 * {@link diffContracts}. Findings are data; text is rendered only in `src/format/`.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';

/** Compatibility verdicts, from the most to the least severe (SPEC section 6). */
export const VERDICTS = ['BREAKING', 'RISKY', 'SAFE', 'COSMETIC'] as const;
/** One compatibility verdict. */
export type Verdict = (typeof VERDICTS)[number];
/** The verdict of a whole diff: the most severe delta, or `NONE` when there is no delta. */
export type OverallVerdict = Verdict | 'NONE';

/** How input and output schema changes are judged. */
export type DiffPolicy = 'seed' | 'semantic';

/** The direction a schema is read in: callers write inputs, readers consume outputs. */
export type SchemaDirection = 'input' | 'output';

/** What a delta is about. */
export type SubjectKind = 'tool' | 'prompt' | 'resource';

/** One property-level explanation of a schema change. */
export interface SchemaChange {
  /** Rule id, e.g. `schema.input.property-added`. */
  id: string;
  /** Verdict of this change in its direction. */
  verdict: Verdict;
  /** Set when the change is compatible but widens what the model is told. */
  security?: true;
  /** Property path inside the schema: `$` is the root, `$.address.zip`, `$.items[]`. */
  path: string;
  /** The schema keyword concerned (`type`, `enum`, `maxLength`, `required` ...), when one. */
  keyword?: string;
  /** Value before (null when absent). */
  before: JsonValue | null;
  /** Value after (null when absent). */
  after: JsonValue | null;
  /**
   * The side whose null is the JSON value `null` written in the schema (`"default": null`), not a
   * keyword that is absent: set only then, so `before: null, after: null` with `nullValue: "after"`
   * reads "absent → null".
   */
  nullValue?: 'before' | 'after';
  /** One-line reason. */
  reason: string;
}

/** One classified difference between two contract sets. */
export interface Delta {
  /** Stable rule id, e.g. `surface.required-field-added`. */
  id: string;
  /** Compatibility verdict (under the chosen policy). */
  verdict: Verdict;
  /** Set when the change is compatible but widens what the model is told or can do. */
  security?: true;
  /** What the delta is about. */
  kind: SubjectKind;
  /** Tool name (after a rename: the new name), for tool deltas. */
  tool?: string;
  /** Prompt name, for prompt deltas. */
  prompt?: string;
  /** Resource URI or URI template, for resource deltas. */
  resource?: string;
  /** Action key, for action-level deltas. */
  action?: string;
  /** Field path inside the contract, e.g. `surface.actions.create.requiredFields["email"]`. */
  field: string;
  /** Value before (null when absent). */
  before: JsonValue | null;
  /** Value after (null when absent). */
  after: JsonValue | null;
  /** One-line reason. */
  reason: string;
  /** sha256 (hex) of the rule id and the location: stable across runs, for acknowledgements. */
  fingerprint: string;
  /** Property-level explanation of a schema change, when both schemas are known. */
  detail?: SchemaChange[];
}

/** Count of deltas per verdict. */
export type VerdictCounts = Record<Verdict, number>;

/** The result of {@link diffContracts}. */
export interface DiffResult {
  /** The most severe verdict, or `NONE`. */
  verdict: OverallVerdict;
  /** The policy the verdicts were computed under. */
  policy: DiffPolicy;
  /** Deltas per verdict. */
  counts: VerdictCounts;
  /** How many deltas carry the security flag. */
  securityCount: number;
  /** Every delta, in a stable order (tools, prompts, resources; by name, action, rule). */
  deltas: Delta[];
}

/** Options of {@link diffContracts}. */
export interface DiffOptions {
  /** `seed` (default): the SPEC table decides; `semantic`: property-level schema rules decide. */
  policy?: DiffPolicy;
}
