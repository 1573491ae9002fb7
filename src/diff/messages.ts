/**
 * One-line reasons, keyed by rule id: the only place where delta prose is written. Tests assert
 * ids and fields, never these sentences. Each reason says what changed and why the verdict.
 *
 * A reason is exactly one line whatever the server named things: names (tools, actions,
 * arguments, tags, resources) are shown as JSON string literals, values as JSON, and every
 * control character, DEL, C1 control and U+2028/U+2029 left in a reason is escaped
 * ({@link escapeControls}), so a crafted name cannot forge a line in a CI log or an annotation.
 *
 * @module
 */
import { canonicalize } from '../canonical/jcs.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { escapeControls, jsonLiteral as quote } from '../format/escape-controls.ts';
import { head, splitsPair } from '../format/shorten.ts';
import { fieldSegments } from './path.ts';
import { reorderedItems } from './reordered-items.ts';
import type { HitNote, LookAlike } from './rule.ts';
import type { Verdict } from './types.ts';

/** What a message can refer to. */
export interface MessageArgs {
  /** Tool, prompt or resource name (for schema changes: the property path). */
  subject: string;
  /** Action key, for action-level deltas. */
  action?: string;
  /** Field path. */
  field: string;
  /** Schema keyword, for schema changes. */
  keyword?: string;
  before: JsonValue | null;
  after: JsonValue | null;
  /** Context from the rule hit (`Hit.note`). */
  note?: HitNote;
  /** The side whose schema keyword has the value JSON null (the other side has none): shown `null`, not absent. */
  nullValue?: 'before' | 'after';
  /** The tool on the other side this removed or added one looks like (`Hit.lookAlike`). */
  lookAlike?: LookAlike;
}

const MAX = 60;

/**
 * A value for prose: strings quoted, long ones shortened, absent as "none"; always one line.
 *
 * @param v The value.
 * @returns JSON text of at most about 60 characters (longer only by escapes of control characters).
 * @example showValue('a\u2028b') // '"a\\u2028b"'
 */
export function showValue(v: JsonValue | null | undefined): string {
  if (v === null || v === undefined) return 'none';
  const text = typeof v === 'string' ? JSON.stringify(v) : canonicalize(v);
  if (text.length <= MAX) return escapeControls(text);
  return `${escapeControls(withoutPartialEscape(head(text, MAX - 1)))}…`;
}

/**
 * JSON text cut anywhere, less a JSON escape the cut went through (`\`, `\u00` ...): a backslash
 * that an even run of backslashes precedes starts an escape, which needs 2 (or 6, `\uXXXX`) characters.
 */
function withoutPartialEscape(cut: string): string {
  const at = cut.lastIndexOf('\\', cut.length - 1);
  if (at < 0 || cut.length - at >= 6) return cut;
  let run = 0;
  while (at - run - 1 >= 0 && cut[at - run - 1] === '\\') run++;
  if (run % 2 === 1) return cut; // this backslash is the second half of an escaped backslash
  const rest = cut.length - at; // characters of the escape that were kept, the backslash included
  return rest === 1 || (cut[at + 1] === 'u' && rest < 6) ? cut.slice(0, at) : cut;
}

/**
 * `before → after`; two long strings are shown from a little before their first difference.
 * `absent` is how a missing value reads: `none` for contract fields, `absent` for a schema keyword
 * (where "additionalProperties false → none" would read as "no extra property allowed").
 */
function arrow(m: MessageArgs, absent = 'none'): string {
  const { before: b, after: a } = m;
  if (typeof b === 'string' && typeof a === 'string' && (b.length > MAX - 2 || a.length > MAX - 2)) {
    let p = 0;
    while (p < b.length && p < a.length && b[p] === a[p]) p++;
    // Both strings are equal before p, so one cut point is right for both.
    let from = Math.max(0, p - 12);
    if (splitsPair(b, from)) from--;
    const cut = (s: string): string => (from > 0 ? `…${s.slice(from)}` : s);
    return `${showValue(cut(b))} → ${showValue(cut(a))}${reordered(b, a)}`;
  }
  const show = (v: JsonValue | null, side: 'before' | 'after'): string => (v === null ? (m.nullValue === side ? 'null' : absent) : showValue(v));
  return `${show(b, 'before')} → ${show(a, 'after')}${typeof b === 'string' && typeof a === 'string' ? reordered(b, a) : ''}`;
}
/**
 * Why a list comes in another order on each start, and what to do: its authors sort it; a Python
 * server orders a set of strings by their hashes, which change with each start unless
 * PYTHONHASHSEED is set, so the variable keeps one order until they do (servers24: a set's
 * `enum` and its `", ".join(…)` in a description drifted on every check, and alike with the variable).
 */
const UNORDERED = 'an unordered collection such as a Go map or a Python set, in another order on each start, so every check drifts: ask its authors to sort them; a Python server keeps one order of a set of strings when started with --server-env PYTHONHASHSEED=0';

/** For two texts that differ only in the order of their list items or lines: what that means and what to do. */
function reordered(before: string, after: string): string {
  const moved = reorderedItems(before, after);
  return moved === undefined ? '' : ` (only the order changed: ${moved} items of a list, or lines, are at other places, as when a server writes them from ${UNORDERED})`;
}
/** A schema's alternatives moved between `anyOf` and `oneOf` (the keyword `anyOf→oneOf`, values the two keywords). */
const switchedChoice = (m: MessageArgs): boolean => (m.keyword === 'anyOf→oneOf' || m.keyword === 'oneOf→anyOf') && typeof m.before === 'string' && typeof m.after === 'string';
/** How a removed and an added tool look alike. */
const LOOK_ALIKE: Record<LookAlike['by'], string> = {
  'name': 'the same name but for case and separators',
  'input-schema': 'the same input schema',
  'description': 'the same description',
  'similar': 'a name with a word in common, the same inputs and a description that keeps most of its words',
  'reworked': 'the same last name word (generic ones such as tool, data or info passed over), a description that keeps many of its words and its required inputs under like names, though its inputs changed',
};
/** For an added tool that looks like a removed one: which, and how. */
const replaces = (m: MessageArgs, kind = 'tool'): string => (m.lookAlike === undefined ? '' : ` (it may replace the removed ${kind} ${quote(m.lookAlike.name)}: ${LOOK_ALIKE[m.lookAlike.by]})`);
/** For a removed tool or prompt that looks like an added one: which, and how. */
const replacedBy = (m: MessageArgs, kind: string, who: string): string => (m.lookAlike === undefined ? '' : ` (${kind} ${quote(m.lookAlike.name)} was added with ${LOOK_ALIKE[m.lookAlike.by]}: if it replaces this one, ${who} must move to it)`);
/** A value that is always there (an enum member): JSON `null` is shown `null`, not `none`. */
const showMember = (v: JsonValue | null): string => (v === null ? 'null' : showValue(v));
/** {@link arrow} for a schema keyword: a keyword that is not there is `absent`. */
const kwArrow = (m: MessageArgs): string => arrow(m, 'absent');
const act = (m: MessageArgs): string => `action ${quote(m.action ?? '?')}`;
/** The last name of the field path (a guardrail or entitlement name). */
const leaf = (m: MessageArgs): string => fieldSegments(m.field)?.at(-1) ?? m.field;
/** The argument a prompt delta is about, quoted: from its value, else the name after `arguments` in the path. */
const argName = (m: MessageArgs): string => {
  const v = (m.after ?? m.before) as { name?: string } | string | null;
  if (typeof v === 'object' && v !== null && typeof v.name === 'string') return quote(v.name);
  const segments = fieldSegments(m.field);
  const name = segments?.[0] === 'arguments' ? segments[1] : undefined;
  return quote(name ?? m.field);
};
const kw = (m: MessageArgs): string => (m.keyword === undefined ? '' : ` (${m.keyword})`);

/** A rule's message: the reason text for a hit, from its arguments. */
export type Message = (m: MessageArgs) => string;

/** Said when the old side's token economics were the defaults of no output schema, not a measure. */
const undeclaredBefore = (m: MessageArgs): string => (m.note === 'no-output-schema-before'
  ? ' (no output schema was declared before, so the old value was a default, not a measure: the answers may not have changed)'
  : '');

/** Reason per schema change kind; `who` names the side that depends on the schema. */
const SCHEMA: Record<string, (m: MessageArgs, dir: 'input' | 'output') => string> = {
  'schema-declared': () => 'an output schema is declared now: readers can rely on structured output',
  'schema-dropped': () => 'the output schema was dropped: readers lose the structure they relied on',
  'property-added': (m, d) => `${d} property ${m.subject} added as optional: ${d === 'input' ? 'callers may ignore it' : 'readers may ignore it'}`,
  'required-property-added': (m, d) => `${d} property ${m.subject} added as required: ${d === 'input' ? 'callers that omit it are rejected' : 'readers always get it'}`,
  'closed-property-added': (m, d) => `${d} property ${m.subject} is new where the old schema rejected extra properties (${m.keyword ?? 'additionalProperties'} ${showValue(m.before)}): ${d === 'output' ? 'readers that validate with the old schema reject outputs that carry it' : 'callers may send it now'}`,
  'constrained-property-added': (m, d) => `${d} property ${m.subject} is declared where callers could send it as an extra property matching ${m.keyword ?? 'additionalProperties'} ${showValue(m.before)}: values that schema accepted may be rejected now`,
  'property-removed': (m, d) => `${d} property ${m.subject} removed: ${d === 'input' ? 'callers that send it break' : 'readers that use it break'}`,
  'property-undeclared': (m, d) => `${d} property ${m.subject} is no longer declared: callers may still send it (extra properties are allowed), but the server may ignore it`,
  'property-made-required': (m, d) => `${d} property ${m.subject} is now required: ${d === 'input' ? 'callers that omit it are rejected' : 'readers always get it'}`,
  'property-made-optional': (m, d) => `${d} property ${m.subject} is now optional: ${d === 'input' ? 'callers may omit it' : 'readers can no longer rely on it'}`,
  'type-widened': (m, d) => `${d} type of ${m.subject} widened ${kwArrow(m)}: ${d === 'input' ? 'callers keep working' : 'readers may get values they do not expect'}`,
  'type-narrowed': (m, d) => `${d} type of ${m.subject} narrowed ${kwArrow(m)}: ${d === 'input' ? 'some callers\' values are rejected' : 'readers keep working'}`,
  'type-changed': (m, d) => `${d} type of ${m.subject} changed ${kwArrow(m)}: incompatible for ${d === 'input' ? 'callers' : 'readers'}`,
  'enum-value-added': (m, d) => `${d} ${m.subject} accepts the new value ${showMember(m.after)}${d === 'output' ? ': readers may not handle it' : ''}`,
  'enum-value-removed': (m, d) => `${d} ${m.subject} no longer allows ${showMember(m.before)}${d === 'input' ? ': callers sending it are rejected' : ''}`,
  'enum-values-replaced': (m, d) => `${d} ${m.subject} keeps none of its values ${kwArrow(m)}${d === 'output' ? ': every value readers get is one they never got before' : ''}`,
  'enum-added': (m, d) => `${d} ${m.subject} is restricted to ${showValue(m.after)}`,
  'enum-removed': (m, d) => `${d} ${m.subject} is no longer restricted to ${showValue(m.before)}`,
  'enum-reordered': (m, d) => `${d} ${m.subject}${kw(m)} lists the same values in another order ${arrow(m)}: the same values are accepted (as when a server writes them from ${UNORDERED})`,
  'bound-tightened': (m, d) => `${d} ${m.subject} bound ${m.keyword ?? ''} tightened ${kwArrow(m)}${d === 'input' ? ': some callers\' values are rejected' : ''}`,
  'bound-loosened': (m, d) => `${d} ${m.subject} bound ${m.keyword ?? ''} loosened ${kwArrow(m)}${d === 'output' ? ': readers may get larger values' : ''}`,
  'bound-safe-integer': (m, d) => `${d} ${m.subject} bound ${m.keyword ?? ''} ${m.before === undefined || m.before === null ? 'added' : 'dropped'} ${kwArrow(m)}: ±(2^53 - 1) bounds the integers JSON exchanges exactly (I-JSON), so no value a caller can rely on changes`,
  'additional-properties-restricted': (m, d) => `${d} ${m.subject} accepts fewer extra properties ${kwArrow(m)}${d === 'input' ? (m.after === false ? ': a call with a property it does not declare is rejected' : ': some calls with properties it does not declare are rejected') : ''}`,
  'additional-properties-allowed': (m, d) => `${d} ${m.subject} allows extra properties ${kwArrow(m)}${d === 'output' ? ': readers may get properties they do not expect' : ''}`,
  'annotation-changed': (m, d) => `${d} ${m.subject} ${m.keyword ?? 'annotation'} changed ${kwArrow(m)}: the model reads it`,
  'dialect-changed': (m, d) => `${d} ${m.subject} JSON Schema dialect ($schema) changed ${kwArrow(m)}: the keywords are compared alike`,
  'default-changed': (m, d) => `${d} ${m.subject} default changed ${kwArrow(m)}`,
  'alternative-added': (m, d) => `${d} ${m.subject} accepts another alternative${kw(m)} ${showValue(m.after)}: ${d === 'input' ? 'what callers sent is still accepted' : 'readers may get a shape they do not expect'}`,
  'exclusive-alternative-added': (m, d) => `${d} ${m.subject} has another oneOf alternative ${showValue(m.after)}: ${d === 'input' ? 'a value that now matches two alternatives is rejected' : 'readers may get a shape they do not expect'}`,
  'exclusive-alternative-widened': (m, d) => `${d} oneOf alternative ${m.subject} accepts more than before: a value that now matches it and another alternative is rejected`,
  'exclusive-alternative-overlapped': (m, d) => `${d} oneOf alternative ${m.subject} now accepts every value of the alternative ${showValue(m.before)}, which matched it alone: such a value matches two alternatives now and is rejected`,
  'exclusive-alternative-narrowed': (m, d) => `${d} oneOf alternative ${m.subject} may accept less than before: a value that matched it and another alternative, rejected before, may match one now and be accepted${d === 'output' ? ', so readers may get values the old schema rejected' : ''}`,
  'exclusive-alternative-removed': (m, d) => `${d} ${m.subject} no longer accepts the oneOf alternative ${showValue(m.before)}${d === 'input' ? ': callers sending it are rejected' : ''}; a value that matched it and another alternative, rejected before, is accepted now${d === 'output' ? ', so readers may get values the old schema rejected' : ''}`,
  'subsumed-alternative-removed': (m, d) => `${d} ${m.subject} no longer lists the oneOf alternative ${showValue(m.before)}, which another alternative accepts whole, so no value matched it alone${d === 'input' ? ': what callers sent is still accepted' : ''}; a value that matched both, rejected before, is accepted now${d === 'output' ? ', so readers may get values the old schema rejected' : ''}`,
  'alternative-removed': (m, d) => `${d} ${m.subject} no longer accepts the alternative${kw(m)} ${showValue(m.before)}${d === 'input' ? ': callers sending it are rejected' : ''}`,
  'alternatives-merged': (m, d) => `${d} ${m.subject}${kw(m)} accepts everything ${Array.isArray(m.before) && m.before.length === 1 ? 'the old alternative' : `the ${Array.isArray(m.before) ? m.before.length : ''} old alternatives`} ${showValue(m.before)} accepted, and may accept more: ${d === 'input' ? 'what callers sent is still accepted' : 'readers may get a shape they do not expect'}`,
  'exclusivity-lifted': (m, d) => `${d} ${m.subject} lists its alternatives under anyOf instead of oneOf: a value that matches more than one of them is no longer rejected${d === 'input' ? ', so what callers sent is still accepted' : ': readers may get values the old schema rejected'}`,
  'exclusivity-added': (m, d) => `${d} ${m.subject} lists its alternatives under oneOf instead of anyOf: a value that matches more than one of them is now rejected${d === 'input' ? '' : ', so readers get only values the old schema accepted'}`,
  'read-only-added': (m, d) => `${d} ${m.subject} is now readOnly: the server owns the value${d === 'input' ? ', so one a caller sends may be ignored or rejected (the schema still accepts it)' : ' (readers still get it)'}`,
  'write-only-removed': (m, d) => `${d} ${m.subject} is no longer writeOnly: the value may now be returned when read back${d === 'output' ? ', so readers may be handed a value the server kept back before (a password, a secret)' : ' (callers still send it)'}`,
  'write-only-added': (m, d) => `${d} ${m.subject} is now writeOnly: the value is never returned when read back${d === 'output' ? ', so readers may no longer get it (the schema still allows it)' : ' (callers still send it)'}`,
  'alternatives-reordered': (m, d) => `${d} ${m.subject}${kw(m)} lists the same alternatives in another order`,
  'required-reordered': (m, d) => `${d} ${m.subject} lists its required properties in another order ${kwArrow(m)}: the same values are accepted`,
  'type-respelled': (m, d) => `${d} type of ${m.subject} written another way ${kwArrow(m)}: the same types are accepted`,
  'keyword-respelled': (m, d) => (switchedChoice(m)
    ? `${d} ${m.subject} lists its alternatives under ${m.after as string} instead of ${m.before as string}: no value matches two of them, so the switch itself changes nothing accepted`
    : m.keyword === '$ref (recursive)'
      ? `${d} ${m.subject} refers again to the definition it sits in ${kwArrow(m)}: what the two definitions accept differently is said where they were first compared`
      : m.keyword?.endsWith(' (renamed)') === true
        ? `${d} definition ${m.subject} renamed ${kwArrow(m)} with every $ref that names it: compared with its old body under its old name, where anything it accepts differently is said; through the references the same values are accepted`
        : `${d} ${m.subject}${kw(m)} written another way ${kwArrow(m)}: the same values are accepted`),
  'constraint-added': (m, d) => `${d} ${m.subject}${kw(m)} constraint added ${kwArrow(m)}: ${d === 'input' ? 'callers\' values that fail it are rejected' : 'every value readers get still passes the old schema'}`,
  'constraint-removed': (m, d) => `${d} ${m.subject}${kw(m)} constraint lifted ${kwArrow(m)}: ${d === 'input' ? 'what callers sent is still accepted' : 'readers may get values the old schema rejected'}`,
  'definition-added': (m, d) => `${d} definition ${m.subject} added: it applies only where a $ref points at it (a $ref that starts using it is said where it is)`,
  'definition-removed': (m, d) => `${d} definition ${m.subject} removed: no $ref of the new schema names it (a $ref that moved to another definition is compared through it where it is)`,
  'definition-changed-unused': (m, d) => `${d} definition ${m.subject} changed, but no $ref of the new schema reaches it: it applies to no value (a $ref that moved away from it is compared where it is)`,
  'definition-references-moved': (m, d) => `${d} definition ${m.subject} changed, but no place names it in both schemas: each $ref that moved to or from it is compared where it is with what the other side has there, which decides the verdict`,
  'keyword-changed': (m, d) => (switchedChoice(m)
    ? `${d} ${m.subject} lists its alternatives under ${m.after as string} instead of ${m.before as string}: a value that matches more than one of them is ${m.after === 'oneOf' ? 'now rejected' : 'no longer rejected'}`
    : `${d} ${m.subject}${kw(m)} changed ${kwArrow(m)}${m.keyword === '$ref' ? ': the node is compared whole (a reference outside this schema\'s definitions, one met again inside itself, or one past the first 500 followed, is not followed)' : ''}`),
};

/** Reasons for the contract rules, by id. */
export const MESSAGES: Record<string, Message> = {
  'surface.tool-added': (m) => `tool ${quote(m.subject)} added${replaces(m)}`,
  'surface.destructive-tool-added': (m) => `tool ${quote(m.subject)} added with a destructive action (declared, or MCP's default for a tool without readOnlyHint=true or destructiveHint=false): the model can now destroy data${replaces(m)}`,
  'surface.tool-removed': (m) => `tool ${quote(m.subject)} removed: agents calling it break${replacedBy(m, 'tool', 'callers')}`,
  'surface.tool-renamed': (m) => `tool renamed ${arrow(m)}: agents calling the old name break`,
  'surface.description-changed': (m) => `tool description changed ${arrow(m)}: it instructs the model`,
  'surface.tags-added': (m) => `tag ${showValue(m.after)} added`,
  'surface.tags-removed': (m) => `tag ${showValue(m.before)} removed`,
  'surface.input-schema-changed': () => 'input schema changed: calls built for the old schema may be rejected',
  'surface.action-added': (m) => `${act(m)} added`,
  'surface.destructive-action-added': (m) => `destructive ${act(m)} added: the model can now destroy data`,
  'surface.action-removed': (m) => `${act(m)} removed: agents calling it break`,
  'surface.action-description-changed': (m) => `${act(m)} description changed ${arrow(m)}: it instructs the model`,
  'surface.destructive-changed': (m) => (m.note === 'read-only-dropped'
    ? `${act(m)} destructive flag ${arrow(m)}: it is no longer read-only, and an action that is not read-only is destructive unless it gives destructiveHint=false (declared, or MCP's default: the contract does not record whether the hint was given): its risk class changed`
    : m.note === 'read-only-set'
      ? `${act(m)} destructive flag ${arrow(m)}: it is read-only now, and a read-only action is not destructive (MCP reads destructiveHint only when readOnlyHint is false): its risk class changed`
      : `${act(m)} destructive flag ${arrow(m)}: its risk class changed`),
  'surface.readonly-changed': (m) => `${act(m)} readOnly flag ${arrow(m)}: its risk class changed`,
  'surface.idempotent-changed': (m) => `${act(m)} idempotent flag ${arrow(m)}: retries may behave differently`,
  'surface.required-field-added': (m) => `${act(m)} now requires ${showValue(m.after)}: calls without it are rejected`,
  'surface.required-field-removed': (m) => `${act(m)} no longer requires ${showValue(m.before)}`,
  'surface.required-fields-reordered': (m) => `${act(m)} required fields reordered ${arrow(m)}`,
  'surface.presenter-added': (m) => `${act(m)} now renders through presenter ${showValue(m.after)}: the response shape may change`,
  'surface.presenter-removed': (m) => `${act(m)} presenter ${showValue(m.before)} removed: the response shape changes`,
  'surface.presenter-replaced': (m) => `${act(m)} presenter replaced ${arrow(m)}`,
  'surface.action-schema-changed': (m) => `${act(m)} input schema changed`,
  'surface.action-middleware-changed': (m) => `${act(m)} middleware ${m.after === true ? 'added' : 'removed'}`,
  // MCP clients assume an open world when the hint is absent: from or to absent, only the declaration changed.
  'surface.open-world-enabled': (m) => (m.before === null
    ? `${act(m)} openWorld ${arrow(m, 'absent')}: it now declares that it reaches outside systems (clients already assumed an open world when the hint was absent)`
    : `${act(m)} openWorld ${arrow(m, 'absent')}: it can now reach outside systems`),
  'surface.open-world-hint-removed': (m) => `${act(m)} openWorld hint dropped ${arrow(m, 'absent')}: clients assume an open world when it is absent`,
  'surface.open-world-disabled': (m) => (m.after === null
    ? `${act(m)} openWorld hint dropped ${arrow(m, 'absent')}: clients still assume an open world when it is absent`
    : m.before === null
      ? `${act(m)} openWorld ${arrow(m, 'absent')}: it now declares that it does not reach outside systems (clients assumed an open world while the hint was absent)`
      : `${act(m)} openWorld ${arrow(m, 'absent')}: it no longer reaches outside systems`),
  'surface.unclassified-change': () => 'surface changed in a field no rule explains',
  'behavior.egress-schema-changed': (m) => (m.before === null ? 'output schema declared' : m.after === null ? 'output schema dropped' : 'output schema changed: readers built for the old shape may break'),
  'behavior.system-rules-changed': (m) => `system rules changed ${arrow(m)}: the model is instructed differently`,
  'behavior.guardrail-added': (m) => `guardrail ${leaf(m)} added: ${showValue(m.after)}`,
  'behavior.guardrail-removed': (m) => `guardrail ${leaf(m)} removed (was ${showValue(m.before)}): output is no longer capped`,
  'behavior.guardrail-tightened': (m) => `guardrail ${leaf(m)} tightened ${arrow(m)}`,
  'behavior.guardrail-loosened': (m) => `guardrail ${leaf(m)} loosened ${arrow(m)}: more output reaches the model`,
  'behavior.middleware-chain-changed': (m) => `middleware chain changed ${arrow(m)}`,
  'behavior.state-sync-changed': (m) => `state-sync fingerprint changed ${arrow(m)}`,
  'behavior.concurrency-changed': (m) => `concurrency fingerprint changed ${arrow(m)}`,
  'behavior.affordance-topology-changed': (m) => `suggested next actions changed ${arrow(m)}`,
  'behavior.embedded-presenters-changed': (m) => `embedded presenters changed ${arrow(m)}`,
  'behavior.unclassified-change': () => 'behavior changed in a field no rule explains',
  'token-economics.inflation-risk-escalated': (m) => `inflation risk escalated ${arrow(m)}: answers may flood the context window${undeclaredBefore(m)}`,
  'token-economics.inflation-risk-reduced': (m) => `inflation risk reduced ${arrow(m)}`,
  'token-economics.collection-unbounded': (m) => `the output collection is now unbounded: answers can grow without limit${undeclaredBefore(m)}`,
  'token-economics.collection-bounded': () => 'the output collection is now bounded',
  'token-economics.field-count-changed': (m) => `output field count changed ${arrow(m)}`,
  'token-economics.overhead-changed': (m) => `base token overhead changed ${arrow(m)}`,
  'token-economics.unclassified-change': () => 'token economics changed in a field no rule explains',
  'entitlements.gained': (m) => `handler gained entitlement ${m.field.startsWith('entitlements.raw') ? showValue(m.after) : leaf(m)}: its blast radius grew`,
  'entitlements.lost': (m) => `handler lost entitlement ${m.field.startsWith('entitlements.raw') ? showValue(m.before) : leaf(m)}: its blast radius shrank`,
  'entitlements.unclassified-change': () => 'entitlements changed in a field no rule explains',
  'lockfile.unrecorded-change': () => "tool digest changed, but a lockfile in MCP Fusion's format does not record enough (per-action contracts, fingerprints, raw entitlements) to say what changed beyond the deltas shown: lock that version with `mcpfusion lock` and diff again for the full diff",
  'prompts.prompt-added': (m) => `prompt ${quote(m.subject)} added${replaces(m, 'prompt')}`,
  'prompts.prompt-removed': (m) => `prompt ${quote(m.subject)} removed: clients using it break${replacedBy(m, 'prompt', 'clients')}`,
  'prompts.prompt-renamed': (m) => `prompt renamed ${arrow(m)}: clients using the old name break`,
  'prompts.title-changed': (m) => `prompt title changed ${arrow(m)}`,
  'prompts.description-changed': (m) => `prompt description changed ${arrow(m)}: it instructs the model`,
  'prompts.tags-added': (m) => `tag ${showValue(m.after)} added`,
  'prompts.tags-removed': (m) => `tag ${showValue(m.before)} removed`,
  'prompts.argument-added': (m) => `optional argument ${argName(m)} added`,
  'prompts.required-argument-added': (m) => `required argument ${argName(m)} added: clients that omit it fail`,
  'prompts.argument-removed': (m) => `argument ${argName(m)} removed: clients that send it break`,
  'prompts.argument-made-required': (m) => `argument ${argName(m)} is now required: clients that omit it fail`,
  'prompts.argument-made-optional': (m) => `argument ${argName(m)} is now optional`,
  'prompts.argument-description-changed': (m) => `argument ${argName(m)} description changed ${arrow(m)}: it instructs the model`,
  'prompts.arguments-reordered': (m) => `arguments reordered ${arrow(m)}`,
  'prompts.middleware-changed': (m) => `prompt middleware ${m.after === true ? 'added' : 'removed'}`,
  'prompts.hydration-timeout-changed': (m) => `hydration timeout changed ${arrow(m)}`,
  'prompts.unclassified-change': () => 'prompt changed in a field no rule explains',
  'resources.resource-added': (m) => `resource ${quote(m.subject)} added`,
  'resources.resource-removed': (m) => `resource ${quote(m.subject)} removed: clients reading it break`,
  'resources.resource-moved': (m) => `resource moved ${arrow(m)}: clients reading the old URI break`,
  'resources.kind-changed': (m) => `resource kind changed ${arrow(m)}`,
  'resources.name-changed': (m) => `resource name changed ${arrow(m)}`,
  'resources.title-changed': (m) => `resource title changed ${arrow(m)}`,
  'resources.description-changed': (m) => `resource description changed ${arrow(m)}: it instructs the model`,
  'resources.mime-type-added': (m) => `MIME type declared: ${showValue(m.after)}`,
  'resources.mime-type-removed': (m) => `MIME type ${showValue(m.before)} no longer declared: readers must guess the format`,
  'resources.mime-type-changed': (m) => `MIME type changed ${arrow(m)}: readers parse a different format`,
  'resources.unclassified-change': () => 'resource changed in a field no rule explains',
};

for (const dir of ['input', 'output'] as const) {
  for (const [kind, f] of Object.entries(SCHEMA)) MESSAGES[`schema.${dir}.${kind}`] = (m) => f(m, dir);
}

/**
 * The one-line reason of a rule hit.
 *
 * @param id Rule id.
 * @param args What the message refers to.
 * @returns The reason; a generic line naming the field for an id without a message.
 * @example reasonFor('surface.tags-added', { subject: 't', field: 'surface.tags["beta"]', before: null, after: 'beta' })
 */
export function reasonFor(id: string, args: MessageArgs): string {
  const f = MESSAGES[id];
  // Paths and keywords are shown as they are (paths quote odd names already); the escape is the
  // last word, so no message can put a raw line break into a reason.
  return escapeControls(f === undefined ? `${args.field} changed ${arrow(args)}` : f(args));
}

/**
 * Where the consequence of a reason starts: the first `: ` outside a JSON string literal (a name
 * such as `"export: csv"` holds one that is not the reason's own), or -1 when there is none.
 */
function consequenceAt(reason: string): number {
  let inString = false;
  for (let i = 0; i < reason.length; i++) {
    const c = reason[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ':' && reason[i + 1] === ' ') return i;
  }
  return -1;
}

/**
 * The reason of a delta whose verdict the property-level detail decided (`--policy semantic`):
 * the seed reason's consequence ("calls built for the old schema may be rejected") no longer
 * holds when the detail found every change compatible, so it is replaced by what decided. The
 * consequence is cut at the reason's own `: `, never at one inside a quoted name.
 *
 * @param reason The seed reason ({@link reasonFor}).
 * @param seedVerdict The rule's verdict under the seed policy.
 * @param verdict The verdict the detail decided.
 * @returns The reason to show.
 * @example semanticReason('input schema changed: calls … may be rejected', 'BREAKING', 'SAFE')
 */
export function semanticReason(reason: string, seedVerdict: Verdict, verdict: Verdict): string {
  if (verdict === seedVerdict) return reason;
  const at = consequenceAt(reason);
  const what = at < 0 ? reason : reason.slice(0, at);
  return `${what}: ${verdict} by its property-level changes (policy semantic; the SPEC table says ${seedVerdict})`;
}
