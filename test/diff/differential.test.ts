/**
 * Differential test of the classifier on random contract pairs (fast-check): each field of each
 * tool, action, prompt and resource is drawn twice, and kept equal on the second side most of
 * the time, so pairs differ in a few places, in any combination; tools, actions, prompts and
 * resources also come and go. Invariants:
 *
 * - `diff(a, a)` is NONE with no delta;
 * - a subject's digest changes if and only if a delta names it, and never through
 *   `<section>.unclassified-change` (every generated field is known);
 * - the verdict is the most severe delta's, and the counts are the deltas' verdicts;
 * - swapping the sides turns each added/removed (raised/lowered) rule into its mirror, at the
 *   same place with before and after swapped;
 * - the policy changes verdicts (and reasons) of schema deltas only.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalDigest, canonicalize } from '../../src/canonical/jcs.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import type { ActionContract, ContractSet, PromptContract, ResourceContract, ToolContract } from '../../src/contract/types.ts';
import { INFLATION_RISKS } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { ruleById } from '../../src/diff/registry.ts';
import type { Delta, DiffResult, Verdict } from '../../src/diff/types.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';
import { changedSubjects, deltaSubjects } from './_mutations.ts';

type Pair<T> = [T, T];

/** Two values of `arb`, equal three times in four. */
function pair<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Pair<T>> {
  return fc.tuple(arb, arb, fc.nat(3)).map(([x, y, n]) => [x, n === 0 ? y : structuredClone(x)]);
}

/** Zip records of pairs into a pair of records. */
function unzip<T extends object>(fields: { [K in keyof T]: fc.Arbitrary<Pair<T[K]>> }): fc.Arbitrary<Pair<T>> {
  return fc.record(fields as unknown as Record<string, fc.Arbitrary<Pair<unknown>>>).map((r) => {
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = {};
    for (const [k, [x, y]] of Object.entries(r)) {
      if (x !== undefined) a[k] = x;
      if (y !== undefined) b[k] = y;
    }
    return [a as T, b as T];
  });
}

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const subList = (pool: string[]) => fc.array(fc.constantFrom(...pool), { maxLength: 3 });
const hex = (c: string) => c.repeat(64);

const propSchema: fc.Arbitrary<JsonValue> = fc.record({
  type: fc.constantFrom<JsonValue>('string', 'number', 'integer', ['string', 'null']),
  enum: opt(fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { minLength: 1, maxLength: 2 })),
  maxLength: opt(fc.integer({ min: 1, max: 3 })),
  description: opt(fc.constantFrom('d1', 'd2')),
  default: opt(fc.constantFrom('x', 'y')),
}, { requiredKeys: ['type'] }) as fc.Arbitrary<JsonValue>;

/** A property with alternatives: anyOf or oneOf over one to three simple schemas. */
const altSchema: fc.Arbitrary<JsonValue> = fc.tuple(fc.constantFrom('anyOf', 'oneOf'), fc.array(propSchema, { minLength: 1, maxLength: 3 }))
  .map(([k, alts]) => ({ [k]: alts }));

const objectSchema: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    type: fc.constant('object'),
    properties: fc.dictionary(fc.constantFrom('id', 'q', 'first.name', 'n'), fc.oneof({ weight: 4, arbitrary: propSchema }, { weight: 1, arbitrary: altSchema }), { maxKeys: 3 }),
    required: subList(['id', 'q', 'n']),
    additionalProperties: opt(fc.boolean()),
  }, { requiredKeys: ['type', 'properties'] }) as fc.Arbitrary<JsonValue> },
  { weight: 1, arbitrary: fc.boolean() },
);

/** A schema and its digest, or (for outputs) none. */
const schemaPair = pair(objectSchema);

const actionPair: fc.Arbitrary<Pair<ActionContract>> = fc.tuple(
  unzip<Omit<ActionContract, 'inputSchema' | 'inputSchemaDigest'>>({
    description: pair(opt(fc.constantFrom('do it', 'do it now'))),
    destructive: pair(fc.boolean()),
    idempotent: pair(fc.boolean()),
    readOnly: pair(fc.boolean()),
    requiredFields: pair(subList(['id', 'q', 'n'])),
    presenterName: pair(opt(fc.constantFrom('P', 'Q'))),
    hasMiddleware: pair(fc.boolean()),
    openWorld: pair(opt(fc.boolean())),
  }),
  schemaPair,
).map(([[x, y], [sx, sy]]) => [
  { ...x, inputSchema: sx, inputSchemaDigest: canonicalDigest(sx) },
  { ...y, inputSchema: sy, inputSchemaDigest: canonicalDigest(sy) },
]);

/** A keyed map pair: each key present on a side or not (present on both most of the time). */
function mapPair<T>(keys: string[], item: (key: string) => fc.Arbitrary<Pair<T>>): fc.Arbitrary<Pair<Record<string, T>>> {
  return fc.tuple(...keys.map((k) => fc.tuple(item(k), fc.nat(5)))).map((entries) => {
    const a: Record<string, T> = {};
    const b: Record<string, T> = {};
    entries.forEach(([[x, y], presence], i) => {
      const k = keys[i]!;
      if (presence !== 1) a[k] = x;
      if (presence !== 2 && presence !== 3) b[k] = y;
    });
    return [a, b];
  });
}

const toolPair = (name: string): fc.Arbitrary<Pair<ToolContract>> => fc.tuple(
  pair(opt(fc.constantFrom('Manage', 'Manage things'))),
  pair(subList(['t1', 't2', 't3'])),
  mapPair(['create', 'list', 'bulk delete'], () => actionPair),
  schemaPair,
  pair(fc.option(objectSchema, { nil: null })),
  unzip<ToolContract['behavior']>({
    systemRulesFingerprint: pair(fc.constantFrom('none', 'dynamic', `static:${hex('1')}`, `static:${hex('2')}`)),
    cognitiveGuardrails: unzip<ToolContract['behavior']['cognitiveGuardrails']>({
      agentLimitMax: pair(fc.option(fc.nat(3), { nil: null })),
      egressMaxBytes: pair(fc.option(fc.nat(3), { nil: null })),
    }),
    middlewareChain: pair(subList(['auth', 'audit'])),
    stateSyncFingerprint: pair(fc.option(fc.constantFrom('s1', 's2'), { nil: null })),
    concurrencyFingerprint: pair(fc.option(fc.constantFrom('c1', 'c2'), { nil: null })),
    affordanceTopology: pair(subList(['a1', 'a2'])),
    embeddedPresenters: pair(subList(['E1', 'E2'])),
  } as never),
  unzip<ToolContract['tokenEconomics']>({
    schemaFieldCount: pair(fc.nat(2)),
    unboundedCollection: pair(fc.boolean()),
    baseOverheadTokens: pair(fc.constantFrom(0, 20)),
    inflationRisk: pair(fc.constantFrom(...INFLATION_RISKS)),
  }),
  unzip<ToolContract['entitlements']>({
    filesystem: pair(fc.boolean()), network: pair(fc.boolean()), subprocess: pair(fc.boolean()),
    crypto: pair(fc.boolean()), codeEvaluation: pair(fc.boolean()), raw: pair(subList(['fetch', 'fs.write'])),
  }),
).map(([desc, tags, actions, input, output, behavior, tokens, ents]) => {
  const side = (i: 0 | 1): ToolContract => {
    const out = output[i];
    const c: ToolContract = {
      surface: { name, tags: tags[i], actions: actions[i], inputSchemaDigest: canonicalDigest(input[i]), inputSchema: input[i] },
      behavior: { ...behavior[i], egressSchemaDigest: out === null ? null : canonicalDigest(out) },
      tokenEconomics: tokens[i],
      entitlements: ents[i],
    };
    if (out !== null) c.behavior.outputSchema = out;
    if (desc[i] !== undefined) c.surface.description = desc[i];
    return c;
  };
  return [side(0), side(1)];
});

const promptPair = (name: string): fc.Arbitrary<Pair<PromptContract>> => unzip<PromptContract>({
  name: pair(fc.constant(name)),
  title: pair(fc.option(fc.constantFrom('T', 'T2'), { nil: null })),
  description: pair(fc.option(fc.constantFrom('P', 'P2'), { nil: null })),
  tags: pair(subList(['t1', 't2'])),
  arguments: pair(fc.array(fc.record({
    name: fc.constantFrom('a', 'b', 'c.d'), description: fc.option(fc.constantFrom('x', 'y'), { nil: null }), required: fc.boolean(),
  }), { maxLength: 3 })),
  hasMiddleware: pair(fc.boolean()),
  hydrationTimeout: pair(fc.option(fc.constantFrom(100, 200), { nil: null })),
});

const resourcePair = (uri: string): fc.Arbitrary<Pair<ResourceContract>> => unzip<ResourceContract>({
  kind: pair(fc.constantFrom<'resource' | 'template'>('resource', 'template')),
  uri: pair(fc.constant(uri)),
  name: pair(fc.constantFrom('r', 's')),
  title: pair(fc.option(fc.constant('R'), { nil: null })),
  description: pair(fc.option(fc.constantFrom('d', 'e'), { nil: null })),
  mimeType: pair(fc.option(fc.constantFrom('text/plain', 'application/json'), { nil: null })),
});

/** Move `map[from]` to `map[to]` (renaming the entry), when `from` is there and `to` is free. */
function move<T>(map: Record<string, T>, from: string, to: string, rename: (item: T) => T): void {
  if (!(from in map) || to in map) return;
  map[to] = rename(map[from]!);
  delete map[from];
}

/** Random before/after contract sets; sometimes the last tool, prompt or resource moves to a new key. */
const setPair: fc.Arbitrary<Pair<ContractSet>> = fc.tuple(
  mapPair(['alpha', 'beta', 'gamma'], toolPair),
  mapPair(['p1', 'p2'], promptPair),
  mapPair(['r://1', 'r://2'], resourcePair),
  fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2)),
).map(([t, p, r, [mt, mp, mr]]) => {
  const after: ContractSet = { tools: t[1], prompts: p[1], resources: r[1] };
  // A tool is a rename only when its surface is unchanged apart from the name: keep the old surface.
  const old = t[0]['gamma'];
  if (mt === 0 && old !== undefined) move(after.tools, 'gamma', 'delta', (c) => ({ ...c, surface: { ...structuredClone(old.surface), name: 'delta' } }));
  if (mp === 0) move(after.prompts, 'p2', 'p3', (x) => ({ ...x, name: 'p3' }));
  if (mr === 0) move(after.resources, 'r://2', 'r://3', (x) => ({ ...x, uri: 'r://3' }));
  return [{ tools: t[0], prompts: p[0], resources: r[0] }, after];
});

/** Each rule whose mirror a swap of the sides must give (at the same place). */
const MIRROR: Record<string, string[]> = {
  'surface.tool-added': ['surface.tool-removed'],
  'surface.destructive-tool-added': ['surface.tool-removed'],
  'surface.tool-removed': ['surface.tool-added', 'surface.destructive-tool-added'],
  'surface.tags-added': ['surface.tags-removed'],
  'surface.tags-removed': ['surface.tags-added'],
  'surface.action-added': ['surface.action-removed'],
  'surface.destructive-action-added': ['surface.action-removed'],
  'surface.action-removed': ['surface.action-added', 'surface.destructive-action-added'],
  'surface.required-field-added': ['surface.required-field-removed'],
  'surface.required-field-removed': ['surface.required-field-added'],
  'surface.presenter-added': ['surface.presenter-removed'],
  'surface.presenter-removed': ['surface.presenter-added'],
  'behavior.guardrail-added': ['behavior.guardrail-removed'],
  'behavior.guardrail-removed': ['behavior.guardrail-added'],
  'behavior.guardrail-tightened': ['behavior.guardrail-loosened'],
  'behavior.guardrail-loosened': ['behavior.guardrail-tightened'],
  'token-economics.inflation-risk-escalated': ['token-economics.inflation-risk-reduced'],
  'token-economics.inflation-risk-reduced': ['token-economics.inflation-risk-escalated'],
  'token-economics.collection-unbounded': ['token-economics.collection-bounded'],
  'token-economics.collection-bounded': ['token-economics.collection-unbounded'],
  'entitlements.gained': ['entitlements.lost'],
  'entitlements.lost': ['entitlements.gained'],
  'prompts.prompt-added': ['prompts.prompt-removed'],
  'prompts.prompt-removed': ['prompts.prompt-added'],
  'prompts.tags-added': ['prompts.tags-removed'],
  'prompts.tags-removed': ['prompts.tags-added'],
  'prompts.argument-added': ['prompts.argument-removed'],
  'prompts.required-argument-added': ['prompts.argument-removed'],
  'prompts.argument-removed': ['prompts.argument-added', 'prompts.required-argument-added'],
  'prompts.argument-made-required': ['prompts.argument-made-optional'],
  'prompts.argument-made-optional': ['prompts.argument-made-required'],
  'resources.resource-added': ['resources.resource-removed'],
  'resources.resource-removed': ['resources.resource-added'],
  'resources.mime-type-added': ['resources.mime-type-removed'],
  'resources.mime-type-removed': ['resources.mime-type-added'],
  // Changes in place mirror themselves.
  'surface.destructive-changed': ['surface.destructive-changed'],
  'surface.readonly-changed': ['surface.readonly-changed'],
  'surface.idempotent-changed': ['surface.idempotent-changed'],
  'surface.description-changed': ['surface.description-changed'],
  'surface.input-schema-changed': ['surface.input-schema-changed'],
  'behavior.egress-schema-changed': ['behavior.egress-schema-changed'],
  'resources.mime-type-changed': ['resources.mime-type-changed'],
};

const where = (d: Delta): string => `${d.kind}:${d[d.kind] ?? ''}|${d.action ?? ''}|${d.field}`;
const show = (r: DiffResult): string => r.deltas.map((d) => `${d.id}@${where(d)}`).join('\n');

function checkResult(r: DiffResult): void {
  assert.is(r.verdict, maxVerdict(r.deltas.map((d) => d.verdict)));
  const counts: Record<Verdict, number> = { BREAKING: 0, RISKY: 0, SAFE: 0, COSMETIC: 0 };
  for (const d of r.deltas) counts[d.verdict]++;
  assert.equal(r.counts, counts);
  assert.is(r.securityCount, r.deltas.filter((d) => d.security === true).length);
  if (r.policy === 'seed') for (const d of r.deltas) assert.is(d.verdict, ruleById(d.id).verdict, d.id);
}

test('random pairs: diff(a, a) is NONE; digest changed <=> a delta names it; verdict = max of deltas', () => {
  fc.assert(fc.property(setPair, ([a, b]) => {
    for (const x of [a, b]) {
      const same = diffContracts(x, structuredClone(x));
      assert.is(same.verdict, 'NONE');
      assert.equal(same.deltas, []);
    }
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const { subjects, ids } = deltaSubjects(x, y);
      assert.equal([...subjects].sort(), [...changedSubjects(x, y)].sort(), ids.join(', '));
      assert.not.ok(ids.some((id) => id.endsWith('.unclassified-change')), ids.join(', '));
      for (const policy of ['seed', 'semantic'] as const) checkResult(diffContracts(x, y, { policy }));
    }
  }), { numRuns: 250 });
});

test('random pairs: swapping the sides gives the mirror rule at the same place, before and after swapped', () => {
  fc.assert(fc.property(setPair, ([a, b]) => {
    const fwd = diffContracts(a, b);
    const back = diffContracts(b, a);
    // A rename pairs two keys one way and is a removal and an addition the other way only when
    // the pairing differs; the subjects of a rename (old and new key) are left out.
    const moved = new Set<string>();
    for (const d of [...fwd.deltas, ...back.deltas]) {
      if (!/renamed|moved/.test(d.id)) continue;
      moved.add(`${d.kind}:${String(d.before)}`);
      moved.add(`${d.kind}:${String(d.after)}`);
    }
    for (const d of fwd.deltas) {
      const mirrors = MIRROR[d.id];
      if (mirrors === undefined || moved.has(`${d.kind}:${d[d.kind] ?? ''}`)) continue;
      // Two arguments of one name share a place: the mirror is the one with the values swapped.
      const m = back.deltas.find((x) => mirrors.includes(x.id) && where(x) === where(d)
        && canonicalize([x.before, x.after]) === canonicalize([d.after, d.before]));
      if (m === undefined) throw new Error(`${d.id} at ${where(d)} has no mirror (${mirrors.join(' or ')}) with the values swapped in\n${show(back)}`);
    }
  }), { numRuns: 250 });
});

test('random pairs: the policy changes the verdict and reason of schema deltas only', () => {
  fc.assert(fc.property(setPair, ([a, b]) => {
    const seed = diffContracts(a, b);
    const semantic = diffContracts(a, b, { policy: 'semantic' });
    assert.equal(semantic.deltas.map((d) => [d.id, where(d), d.fingerprint]), seed.deltas.map((d) => [d.id, where(d), d.fingerprint]));
    seed.deltas.forEach((d, i) => {
      const s = semantic.deltas[i]!;
      if (ruleById(d.id).schemaDetail === undefined) assert.equal(s, d);
      else if (s.verdict !== d.verdict) assert.equal(s.verdict, maxVerdict((d.detail ?? []).map((c) => c.verdict)));
    });
  }), { numRuns: 200 });
});

/** The set as `lock` writes it and `diff` reads it back. */
function throughLockfile(set: ContractSet): ContractSet {
  const text = serializeLockfile(buildLockfile(set, { serverName: 's', mcpfusionVersion: '0.0.0', generatedAt: '2026-01-01T00:00:00.000Z' }));
  return contractSetFromLockfile(parseLockfile(text, 'x.lock'));
}

/** The set as a contracts file (prompt arguments sorted by name, as the reader does: SPEC 3). */
function throughContractsFile(set: ContractSet): ContractSet {
  const sorted = structuredClone(set);
  for (const p of Object.values(sorted.prompts)) p.arguments.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return contractSetFromJson(JSON.parse(JSON.stringify(sorted)), 'generated');
}

test('random pairs: two lockfiles and two contracts files give the deltas of the contract sets they hold', () => {
  fc.assert(fc.property(setPair, fc.constantFrom('seed', 'semantic' as const), ([a, b], policy) => {
    const direct = diffContracts(a, b, { policy });
    assert.equal(canonicalize(diffContracts(throughLockfile(a), throughLockfile(b), { policy }) as never), canonicalize(direct as never));
    // A contracts file refuses a prompt argument name listed twice (a client sends arguments by
    // name); lockfiles written before that rule may hold one, and diff as above.
    const repeatsArgument = (s: ContractSet): boolean => Object.values(s.prompts).some((p) => new Set(p.arguments.map((x) => x.name)).size !== p.arguments.length);
    if (repeatsArgument(a) || repeatsArgument(b)) {
      assert.throws(() => [throughContractsFile(a), throughContractsFile(b)], /the argument name "[^"]*" is listed twice/);
      return;
    }
    const sorted = diffContracts(throughContractsFile(a), throughContractsFile(b), { policy });
    const alsoSorted = diffContracts(...([a, b].map((x) => {
      const y = structuredClone(x);
      for (const p of Object.values(y.prompts)) p.arguments.sort((m, n) => (m.name < n.name ? -1 : m.name > n.name ? 1 : 0));
      return y;
    }) as [ContractSet, ContractSet]), { policy });
    assert.equal(canonicalize(sorted as never), canonicalize(alsoSorted as never));
  }), { numRuns: 200 });
});

test.run();
