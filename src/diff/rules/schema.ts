/**
 * Schema rules: the verdict of each property-level schema change, judged in its own direction.
 * Callers write inputs (a removed or newly required input property breaks them; a new optional
 * one does not); readers consume outputs (a removed output property or a widened output type
 * breaks them; a new output property does not).
 *
 * @module
 */
import type { JsonValue } from '../../canonical/strict-json.ts';
import { reasonFor } from '../messages.ts';
import type { SchemaRule } from '../rule.ts';
import { diffSchema } from '../schema/diff-schema.ts';
import type { SchemaChangeKind } from '../schema/diff-schema.ts';
import type { SchemaChange, SchemaDirection, Verdict } from '../types.ts';

type Judgment = readonly [input: Verdict | null, output: Verdict | null, security?: true];

/** Verdict per change kind: [input, output, security]; null where a kind cannot occur. */
const JUDGMENTS: Record<SchemaChangeKind, Judgment> = {
  'schema-declared': [null, 'SAFE'],
  'schema-dropped': [null, 'BREAKING'],
  'property-added': ['SAFE', 'SAFE'],
  'required-property-added': ['BREAKING', 'SAFE'],
  // Beside the addition above, when the old object rejected that name as an extra property:
  // readers that validate with the old schema reject outputs that carry it (as for
  // additional-properties-allowed). Callers are judged by the addition itself.
  'closed-property-added': [null, 'RISKY'],
  // Beside it, when the old object's extra properties had to match a schema (`additionalProperties:
  // {type: number}`): callers may have sent the name with such values, which the new property's
  // schema may reject. Readers are judged by closed-property-added.
  'constrained-property-added': ['RISKY', null],
  'property-removed': ['BREAKING', 'BREAKING'],
  // Still accepted (extra properties are open) but no longer described: the server may ignore it.
  // For readers it is a removal like any other (judged as `property-removed`).
  'property-undeclared': ['RISKY', null],
  'property-made-required': ['BREAKING', 'SAFE'],
  'property-made-optional': ['SAFE', 'BREAKING'],
  'type-widened': ['SAFE', 'BREAKING'],
  'type-narrowed': ['BREAKING', 'SAFE'],
  'type-changed': ['BREAKING', 'BREAKING'],
  'enum-value-added': ['SAFE', 'RISKY'],
  'enum-value-removed': ['BREAKING', 'SAFE'],
  // Beside the values removed and added, when no old value is kept: every value readers get is
  // one the old schema rejected. Callers are judged by the values removed.
  'enum-values-replaced': [null, 'BREAKING'],
  'enum-added': ['BREAKING', 'SAFE'],
  'enum-removed': ['SAFE', 'RISKY'],
  // The same values in another order or with a repeat: every value accepted before still is (the
  // digest keeps the order, SPEC 3, so the change is said).
  'enum-reordered': ['COSMETIC', 'COSMETIC'],
  'bound-tightened': ['BREAKING', 'SAFE'],
  'bound-loosened': ['SAFE', 'RISKY'],
  // ±(2^53 - 1) on an integer, added or dropped (zod 3 -> 4): no integer exchanged exactly changes.
  'bound-safe-integer': ['COSMETIC', 'COSMETIC'],
  'additional-properties-restricted': ['BREAKING', 'SAFE'],
  'additional-properties-allowed': ['SAFE', 'RISKY'],
  'annotation-changed': ['COSMETIC', 'COSMETIC', true],
  // `$schema` names the dialect the emitter wrote (draft-07 -> 2020-12 when a server upgrades zod):
  // it tells the model nothing, so it carries no security flag; this diff reads every dialect alike.
  'dialect-changed': ['COSMETIC', 'COSMETIC'],
  'default-changed': ['RISKY', 'COSMETIC'],
  'alternative-added': ['SAFE', 'BREAKING'],
  // A new oneOf branch can make a value that matched one branch match two: rejected.
  'exclusive-alternative-added': ['RISKY', 'BREAKING'],
  // The same for a oneOf alternative that accepts more than before. Readers are not concerned:
  // what they may now get is judged by the change below it (a widened output is already RISKY or BREAKING).
  'exclusive-alternative-widened': ['RISKY', null],
  // Beside an alternative added or widened, when it is shown to take values another alternative
  // matched alone (that one names only types no other old alternative shares, and the new one
  // accepts it whole): such a value matches two now and is rejected. Readers are judged by the
  // alternative added or the changes below it.
  'exclusive-alternative-overlapped': ['BREAKING', null],
  // A oneOf alternative, changed in place, that may accept less, where the old alternatives may
  // overlap: a value that matched it and another was rejected, and matches one now: readers may
  // get it. It has the shape of an alternative they know, so RISKY, as for exclusivity-lifted.
  // Callers are judged by the changes below it (a narrowing is BREAKING for them already).
  'exclusive-alternative-narrowed': [null, 'RISKY'],
  'alternative-removed': ['BREAKING', 'SAFE'],
  // The same for a oneOf alternative removed (or unwrapped from) where the old alternatives may
  // overlap: callers sending it are rejected; readers may get values that matched it and another,
  // rejected before (the Ajv property's seed 125).
  'exclusive-alternative-removed': ['BREAKING', 'RISKY'],
  // A oneOf alternative removed (or unwrapped from) that another old alternative, kept, accepts
  // whole: no value matched it alone, so nothing callers sent was accepted through it; a value
  // that matched it and the other, rejected before, is accepted now (RISKY, as exclusivity-lifted).
  'subsumed-alternative-removed': ['SAFE', 'RISKY'],
  // Old anyOf alternatives a new one accepts whole: callers' values are still accepted; readers
  // may get values none of the old alternatives gave (what more it accepts is not itemized).
  'alternatives-merged': ['SAFE', 'BREAKING'],
  'alternatives-reordered': ['COSMETIC', 'COSMETIC'],
  // oneOf -> anyOf of alternatives not shown to exclude each other: a value that matches two is
  // accepted now, so every value callers sent still is. Readers may get such a value, which a
  // reader validating with the old schema rejects; it still has the shape of a known alternative
  // (nothing new to handle), so RISKY as a constraint lifted, not BREAKING as a new alternative.
  'exclusivity-lifted': ['SAFE', 'RISKY'],
  // anyOf -> oneOf of such alternatives: a caller's value matching two is rejected now; readers
  // get only values the old schema accepted.
  'exclusivity-added': ['BREAKING', 'SAFE'],
  // `readOnly: true` came (JSON Schema validation 9.4: a value the server owns; one a caller sends
  // is expected to be ignored or rejected). Validation still accepts it (Ajv ignores the keyword),
  // so as a property no longer declared: RISKY for callers; readers still get the value.
  'read-only-added': ['RISKY', 'COSMETIC'],
  // `writeOnly: true` came: the value is never present when read back, so readers may lose it
  // (RISKY; the schema still lets it through); callers still send it.
  'write-only-added': ['COSMETIC', 'RISKY'],
  // `writeOnly: true` went: the server may now return a value it never returned (a password, a
  // secret), so readers (the agent) may be handed it: RISKY; callers still send it.
  'write-only-removed': ['COSMETIC', 'RISKY'],
  // A definition no `$ref` of the old schema named: it validates nothing by itself (a `$ref` that
  // starts using it is judged where it is), so no value is accepted or rejected otherwise. Its
  // text (descriptions, examples) reaches the model, which reads the whole schema, and a validator
  // never looks at a definition nothing uses: security-relevant, as an annotation is.
  'definition-added': ['COSMETIC', 'COSMETIC', true],
  // A definition no `$ref` of the new schema names (renamed, or unused): it applied nowhere.
  'definition-removed': ['COSMETIC', 'COSMETIC'],
  // A definition whose body changed where no `$ref` of the new schema reaches it (unused, or every
  // reference moved away from it, each compared where it is): it applies to no value. Its text
  // still reaches the model, which reads the whole schema, as a definition added does.
  'definition-changed-unused': ['COSMETIC', 'COSMETIC', true],
  // A definition whose body changed where no place names it in both schemas (split in two, two
  // merged, inlined at some references): every reference that moved to or from it is compared
  // where it is with what the other side has there, which decides; compared where it stands, it
  // judges no value.
  'definition-references-moved': ['COSMETIC', 'COSMETIC'],
  // `required` is a set: another order accepts the same values (SPEC 3 sorts it before hashing
  // what a server lists; a contracts file's inline schema is hashed as given).
  'required-reordered': ['COSMETIC', 'COSMETIC'],
  // The same type set written another way (`"string"` / `["string"]`, `nullable: true` / `"null"`
  // in the list): the same values are accepted. The digest changed, so it is said.
  'type-respelled': ['COSMETIC', 'COSMETIC'],
  // Any other schema written another way that accepts the same values: `true` / `{}`,
  // `additionalProperties` absent / `true` / `{}`, `properties: {}` or `required: []` / absent,
  // an empty `$defs`, a one-branch `anyOf` around the schema.
  'keyword-respelled': ['COSMETIC', 'COSMETIC'],
  // A keyword that only constrains (`allOf`, `not`, `pattern`, `format`, `if` ...) present on one
  // side only: added, fewer values are accepted; dropped, more are (airtable-mcp-server 1.14.0
  // dropped create_field's `allOf` for an open object).
  'constraint-added': ['BREAKING', 'SAFE'],
  'constraint-removed': ['SAFE', 'RISKY'],
  'keyword-changed': ['BREAKING', 'BREAKING'],
};

function rows(): SchemaRule[] {
  const out: SchemaRule[] = [];
  for (const direction of ['input', 'output'] as const) {
    for (const [kind, j] of Object.entries(JUDGMENTS) as [SchemaChangeKind, Judgment][]) {
      const verdict = direction === 'input' ? j[0] : j[1];
      if (verdict === null) continue;
      const row: SchemaRule = {
        id: `schema.${direction}.${kind}`, verdict, field: direction === 'input' ? 'surface.inputSchema' : 'behavior.outputSchema',
        scope: 'schema', direction, kind,
      };
      if (j[2] === true) row.security = true;
      out.push(row);
    }
  }
  return out;
}

/** The schema rows: `schema.input.<kind>` and `schema.output.<kind>`. */
export const SCHEMA_RULES: readonly SchemaRule[] = rows();

const BY_ID = new Map(SCHEMA_RULES.map((r) => [r.id, r]));

/**
 * Kinds that concern one side only, left out of the other side's explanation (the change reported
 * beside them judges that side): a widened oneOf alternative concerns callers, an object that now
 * declares a property it used to reject concerns readers.
 */
const MOOT: Record<SchemaDirection, ReadonlySet<SchemaChangeKind>> = {
  input: new Set<SchemaChangeKind>(['closed-property-added', 'enum-values-replaced', 'exclusive-alternative-narrowed']),
  output: new Set<SchemaChangeKind>(['exclusive-alternative-widened', 'exclusive-alternative-overlapped', 'constrained-property-added']),
};

/**
 * Explain a schema change at property level and judge each change in its direction.
 *
 * @param before The old schema; null when none was declared; undefined when not known.
 * @param after The new schema; null when none is declared; undefined when not known.
 * @param direction `input` (callers write it) or `output` (readers consume it).
 * @returns The judged changes, or undefined when either schema is not known.
 * @example explainSchemaChange(oldSchema, newSchema, 'input')?.map((c) => c.id)
 */
export function explainSchemaChange(
  before: JsonValue | null | undefined,
  after: JsonValue | null | undefined,
  direction: SchemaDirection,
): SchemaChange[] | undefined {
  if (before === undefined || after === undefined) return undefined;
  return diffSchema(before, after).filter((raw) => !MOOT[direction].has(raw.kind)).map((raw) => {
    // An output property no longer declared is removed for readers, open extra properties or not.
    const kind = direction === 'output' && raw.kind === 'property-undeclared' ? 'property-removed' : raw.kind;
    // A kind with no row in this direction (an input schema "declared") is judged as any change.
    const r = BY_ID.get(`schema.${direction}.${kind}`) ?? BY_ID.get(`schema.${direction}.keyword-changed`)!;
    const reason = reasonFor(r.id, { subject: raw.path, field: raw.path, keyword: raw.keyword, before: raw.before, after: raw.after, ...(raw.nullValue !== undefined ? { nullValue: raw.nullValue } : {}) });
    return {
      id: r.id,
      verdict: r.verdict,
      ...(r.security === true ? { security: true as const } : {}),
      path: raw.path,
      ...(raw.keyword !== undefined ? { keyword: raw.keyword } : {}),
      before: raw.before,
      after: raw.after,
      ...(raw.nullValue !== undefined ? { nullValue: raw.nullValue } : {}),
      reason,
    };
  });
}
