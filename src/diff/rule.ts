/**
 * The shape of a diff rule row. Every rule is one row with a stable id; the rows of a section live
 * in `src/diff/rules/<section>.ts` and are listed once in `src/diff/registry.ts`. A row's
 * `verdict` is the review policy; `detect` finds its hits; the engine adds location, reason and
 * fingerprint.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ActionContract, PromptContract, ResourceContract, ToolContract } from '../contract/types.ts';
import type { SchemaChange, SchemaDirection, Verdict } from './types.ts';

/** One place where a rule fires, before the engine adds id, verdict, reason and fingerprint. */
export interface Hit {
  /** Action key, for hits about one action of a tool. */
  action?: string;
  /** Field path (relative to the action for action rules, else to the contract). */
  field: string;
  before: JsonValue | null;
  after: JsonValue | null;
  /** Property-level schema explanation. */
  detail?: SchemaChange[];
  /** Context the reason states (not part of the fingerprint): see {@link HitNote}. */
  note?: HitNote;
  /** A removed tool that looks like an added one, or the reverse (named in the reason, not part of the fingerprint): see {@link LookAlike}. */
  lookAlike?: LookAlike;
}

/**
 * The one tool on the other side that a removed (or added) tool looks like, and how: the same
 * name but for case and separators (`search-dev-docs` / `searchDevDocs`), the same input schema,
 * the same description, or (`similar`) a name with the word it names in common, the same input names
 * and a description that keeps most of its words (`printEnv` / `get-env`), or (`reworked`) the same
 * last name word (generic words such as tool or data passed over), a description that keeps two words in three and the inputs the old one required
 * under like names (`get-library-docs` / `query-docs`). Not a rename (the surfaces differ): the reason names it so a reviewer
 * can tell a replacement from a removal.
 */
export interface LookAlike { name: string; by: 'name' | 'input-schema' | 'description' | 'similar' | 'reworked' }

/**
 * `no-output-schema-before`: the old contract declared no output schema, so its token economics
 * (`low`, bounded, 0 fields) were the defaults of nothing declared, not a measure of its answers.
 * `read-only-dropped` / `read-only-set`: an action's `destructive` flag changed with its `readOnly`
 * flag the other way; MCP reads `destructiveHint` only when `readOnlyHint` is false, and defaults
 * it to true, so dropping `readOnlyHint` alone makes an action destructive (SPEC 3).
 */
export type HitNote = 'no-output-schema-before' | 'read-only-dropped' | 'read-only-set';

/** What every row has. */
interface RuleBase {
  /** Stable kebab id with a section prefix; never renamed once released. */
  id: string;
  /** Verdict under the default (`seed`) policy. */
  verdict: Verdict;
  /** Compatible but widens what the model is told or can do. */
  security?: true;
  /** The contract field(s) the rule watches, `*` standing for a map key (for the registry audit). */
  field: string;
  /** Under `--policy semantic`, the verdict comes from the property-level detail in this direction. */
  schemaDetail?: SchemaDirection;
}

/** A rule comparing two versions of the same tool. */
export interface ToolRule extends RuleBase {
  scope: 'tool';
  detect(before: ToolContract, after: ToolContract): Hit[];
}

/** A rule comparing two versions of the same action of a tool. */
export interface ActionRule extends RuleBase {
  scope: 'action';
  detect(before: ActionContract, after: ActionContract): Hit[];
}

/** A rule comparing two versions of the same prompt. */
export interface PromptRule extends RuleBase {
  scope: 'prompt';
  detect(before: PromptContract, after: PromptContract): Hit[];
}

/** A rule comparing two versions of the same resource. */
export interface ResourceRule extends RuleBase {
  scope: 'resource';
  detect(before: ResourceContract, after: ResourceContract): Hit[];
}

/** A rule the engine emits itself: something added, removed, or a section changed with no other rule. */
export interface StructuralRule extends RuleBase {
  scope: 'structural';
}

/** A property-level schema rule (attached as detail to a schema delta). */
export interface SchemaRule extends RuleBase {
  scope: 'schema';
  direction: SchemaDirection;
  /** The structural change kind it judges. */
  kind: string;
}

/** Any rule row. */
export type Rule = ToolRule | ActionRule | PromptRule | ResourceRule | StructuralRule | SchemaRule;
