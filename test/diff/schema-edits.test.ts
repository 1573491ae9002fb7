/**
 * Every schema change says what changed. Keyword-level edits (test/diff/_schema-edits.ts) at every
 * node of the repository's schemas (examples/billing, the saved `tools/list` fixtures, every side
 * of test/vectors/diff/schema-cases.json) and of random schemas shaped like what MCP servers emit
 * (zod, pydantic, Go: `$schema`, closed objects, `anyOf` with null, type lists, `nullable`,
 * `$defs`) must give, in each direction:
 *
 * - at least one property-level detail entry, each with a non-empty one-line reason, so no schema
 *   delta reaches a user with nothing but "schema changed";
 * - for an edit that keeps the accepted values (`"string"` → `["string"]`, `additionalProperties:
 *   true` → `{}`, a one-branch `anyOf` ...), only COSMETIC entries: `--policy semantic` makes such
 *   a delta COSMETIC, while `--policy seed` keeps the SPEC table's verdict.
 *
 * Through `diffContracts` too: the input, per-action and egress schema deltas carry that detail.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalDigest, canonicalize } from '../../src/canonical/jcs.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import type { ContractSet, ToolContract } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { schemaEdits } from './_schema-edits.ts';

const read = (path: string): JsonValue => parseStrictJson(readFileSync(new URL(path, import.meta.url), 'utf8'));
const isObj = (v: unknown): v is Record<string, JsonValue> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schemas kept in the repository. */
function corpus(): JsonValue[] {
  const out: JsonValue[] = [];
  const billing = read('../../examples/billing/contracts.json') as unknown as { tools: Record<string, ToolContract> };
  for (const t of Object.values(billing.tools)) {
    if (t.surface.inputSchema !== undefined) out.push(t.surface.inputSchema);
    for (const a of Object.values(t.surface.actions)) if (a.inputSchema !== undefined) out.push(a.inputSchema);
    if (t.behavior.outputSchema !== undefined) out.push(t.behavior.outputSchema);
  }
  for (const f of ['../fixtures/python-mcp-server/tools.json', '../fixtures/go-mcp-server/tools.json', '../fixtures/servers/python-tools.json']) {
    for (const t of (read(f) as { tools: { inputSchema: JsonValue; outputSchema?: JsonValue }[] }).tools) {
      out.push(t.inputSchema);
      if (t.outputSchema !== undefined) out.push(t.outputSchema);
    }
  }
  for (const c of (read('../vectors/diff/schema-cases.json') as { cases: { before: JsonValue; after: JsonValue }[] }).cases) {
    for (const s of [c.before, c.after]) if (s !== null) out.push(s);
  }
  return out;
}

const oneLine = (s: string): boolean => s.trim().length > 0 && !/[\n\r\u2028\u2029]/.test(s);

/** What is wrong with the explanation of `before` → `after` in both directions, or undefined. */
function problem(before: JsonValue, after: JsonValue, equivalent: boolean): string | undefined {
  for (const dir of ['input', 'output'] as const) {
    const detail = explainSchemaChange(before, after, dir)!;
    if (detail.length === 0) return `${dir}: no detail`;
    const bad = detail.find((d) => !oneLine(d.reason));
    if (bad !== undefined) return `${dir}: ${bad.id} has reason ${JSON.stringify(bad.reason)}`;
    const loud = detail.find((d) => d.verdict !== 'COSMETIC');
    if (equivalent && loud !== undefined) return `${dir}: same values accepted, but ${loud.id} (${loud.verdict}) at ${loud.path}`;
  }
  return undefined;
}

test('every keyword-level edit of every node of the repository\'s schemas is explained; equivalent spellings are COSMETIC', () => {
  const failures: string[] = [];
  let edits = 0;
  const seen = new Set<string>();
  for (const schema of corpus()) {
    const key = canonicalize(schema);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const e of schemaEdits(schema)) {
      if (canonicalize(e.after) === key) continue;
      edits++;
      const p = problem(schema, e.after, e.equivalent);
      if (p !== undefined && failures.length < 20) failures.push(`${e.where} [${e.how}] ${p}`);
    }
  }
  assert.ok(edits > 2000, `only ${edits} edits`);
  assert.equal(failures, []);
});

/** Random schemas with the keywords real servers emit. */
const leaf: fc.Arbitrary<JsonValue> = fc.record({
  type: fc.constantFrom<JsonValue>('string', 'integer', 'number', 'boolean', ['string', 'null'], ['integer']),
  nullable: fc.constantFrom(true, false),
  description: fc.constantFrom('d', 'The id'),
  enum: fc.constant(['a', 'b']),
  default: fc.constant('a'),
  format: fc.constant('uri'),
  minimum: fc.constant(1),
  maxLength: fc.constant(10),
}, { requiredKeys: [] }) as fc.Arbitrary<JsonValue>;

const schema: fc.Arbitrary<JsonValue> = fc.letrec<{ node: JsonValue; object: JsonValue }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'schema' },
    { weight: 5, arbitrary: leaf },
    { weight: 2, arbitrary: tie('object') },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('array'), items: tie('node'), maxItems: fc.constant(5) }, { requiredKeys: ['type'] }) as fc.Arbitrary<JsonValue> },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('anyOf', 'oneOf'), fc.array(tie('node'), { minLength: 1, maxLength: 3 })).map(([k, v]) => ({ [k]: v })) },
    { weight: 1, arbitrary: fc.constantFrom<JsonValue>(true, {}, { $ref: '#/$defs/Item' }) },
  ),
  object: fc.record({
    type: fc.constant('object'),
    properties: fc.dictionary(fc.constantFrom('id', 'query', 'first.name', 'limit'), tie('node'), { maxKeys: 3 }),
    required: fc.constantFrom<JsonValue>([], ['id'], ['query', 'id']),
    additionalProperties: fc.constantFrom<JsonValue>(false, true, {}, { type: 'string' }),
    $schema: fc.constant('http://json-schema.org/draft-07/schema#'),
    $defs: fc.constant({ Item: { type: 'object', properties: { n: { type: 'integer' } } } }),
    unevaluatedProperties: fc.constant(false),
  }, { requiredKeys: ['type'] }) as fc.Arbitrary<JsonValue>,
})).object;

test('random schemas: every edit is explained; equivalent spellings are COSMETIC (property)', () => {
  fc.assert(fc.property(schema, (s) => {
    for (const e of schemaEdits(s)) {
      if (canonicalize(e.after) === canonicalize(s)) continue;
      const p = problem(s, e.after, e.equivalent);
      if (p !== undefined) throw new Error(`${canonicalize(s)} ${e.where} [${e.how}]: ${p}`);
    }
  }), { numRuns: 60, seed: 20261204 });
});

/** One tool with `schema` as its input schema, its action `act`'s schema and its output schema. */
function tool(schema: JsonValue): ContractSet {
  const t: ToolContract = {
    surface: {
      name: 't', tags: [], inputSchemaDigest: canonicalDigest(schema), inputSchema: schema,
      actions: { act: { destructive: false, idempotent: false, readOnly: true, requiredFields: [], inputSchemaDigest: canonicalDigest(schema), inputSchema: schema, hasMiddleware: false } },
    },
    behavior: {
      egressSchemaDigest: canonicalDigest(schema), outputSchema: schema, systemRulesFingerprint: 'none', cognitiveGuardrails: { agentLimitMax: null, egressMaxBytes: null },
      middlewareChain: [], stateSyncFingerprint: null, concurrencyFingerprint: null, affordanceTopology: [], embeddedPresenters: [],
    },
    tokenEconomics: { schemaFieldCount: 0, unboundedCollection: false, baseOverheadTokens: 0, inflationRisk: 'low' },
    entitlements: { filesystem: false, network: false, subprocess: false, crypto: false, codeEvaluation: false, raw: [] },
  };
  return { tools: { t }, prompts: {}, resources: {} };
}

test('through diffContracts: each schema delta carries the detail; an equivalent spelling is COSMETIC under semantic and keeps the SPEC verdict under seed', () => {
  const SEED: Record<string, string> = { 'surface.input-schema-changed': 'BREAKING', 'surface.action-schema-changed': 'RISKY', 'behavior.egress-schema-changed': 'BREAKING' };
  const billing = read('../../examples/billing/contracts.json') as unknown as { tools: Record<string, ToolContract> };
  const base = billing.tools['invoices']!.surface.inputSchema!;
  let equivalents = 0;
  for (const e of schemaEdits(base)) {
    if (canonicalize(e.after) === canonicalize(base)) continue;
    const before = tool(base);
    const after = tool(e.after);
    // The action's schema differs from the tool's on both sides, so the per-action rule reports it.
    for (const s of [before, after]) {
      const t = s.tools['t']!;
      t.surface.inputSchema = isObj(t.surface.inputSchema) ? { ...t.surface.inputSchema, title: 'tool' } : { title: 'tool' };
      t.surface.inputSchemaDigest = canonicalDigest(t.surface.inputSchema);
    }
    after.tools['t']!.surface.inputSchema = { ...(after.tools['t']!.surface.inputSchema as object), description: 'changed' };
    after.tools['t']!.surface.inputSchemaDigest = canonicalDigest(after.tools['t']!.surface.inputSchema);
    for (const policy of ['seed', 'semantic'] as const) {
      const r = diffContracts(before, after, { policy });
      const ids = r.deltas.map((d) => d.id).sort();
      assert.equal(ids, ['behavior.egress-schema-changed', 'surface.action-schema-changed', 'surface.input-schema-changed'], `${e.where} [${e.how}]`);
      for (const d of r.deltas) {
        assert.ok(oneLine(d.reason), d.reason);
        assert.ok(d.detail !== undefined && d.detail.length > 0, `${d.id} ${e.where} [${e.how}] (${policy}): no detail`);
        if (d.id === 'surface.input-schema-changed') continue; // its own description changed too
        if (policy === 'seed') assert.is(d.verdict, SEED[d.id], `${d.id} ${e.where} [${e.how}]`);
        else if (e.equivalent) assert.is(d.verdict, 'COSMETIC', `${d.id} ${e.where} [${e.how}] (semantic)`);
      }
    }
    if (e.equivalent) equivalents++;
  }
  assert.ok(equivalents >= 5, `only ${equivalents} equivalent edits`);
});

test.run();
