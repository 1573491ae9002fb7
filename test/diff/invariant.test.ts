/**
 * The diff invariant (SPEC 6), by mutation: for every tool, prompt and resource, the digest changes
 * if and only if the diff reports at least one delta for it. Every field of every section is
 * mutated in turn (values, presence, array order, map keys); the order of tags and raw
 * entitlements (hashed sorted) must give neither a digest change nor a delta. A mutation of a
 * known field must be explained by a specific rule, never by `<section>.unclassified-change`.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';
import { parseToolsListFile } from '../../src/sources/tools-list-file.ts';
import { allMutations, changedSubjects, deltaSubjects, type J } from './_mutations.ts';
import { setAt } from './_patch.ts';

const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

const MUTATIONS = allMutations(base);

test('the mutation list covers every hashed field of every section', () => {
  const paths = new Set(MUTATIONS.map((m) => m.path.replace(/\/(create|list)(?=\/|$)/, '/*')));
  const want = [
    'tools/invoices', 'tools/invoices/surface/name', 'tools/invoices/surface/description', 'tools/invoices/surface/tags',
    'tools/invoices/surface/inputSchemaDigest', 'tools/invoices/surface/actions/*',
    ...['description', 'destructive', 'idempotent', 'readOnly', 'requiredFields', 'presenterName', 'inputSchemaDigest', 'hasMiddleware', 'openWorld']
      .map((k) => `tools/invoices/surface/actions/*/${k}`),
    ...['egressSchemaDigest', 'systemRulesFingerprint', 'cognitiveGuardrails/agentLimitMax', 'cognitiveGuardrails/egressMaxBytes', 'middlewareChain',
      'stateSyncFingerprint', 'concurrencyFingerprint', 'affordanceTopology', 'embeddedPresenters'].map((k) => `tools/invoices/behavior/${k}`),
    ...['schemaFieldCount', 'unboundedCollection', 'baseOverheadTokens', 'inflationRisk'].map((k) => `tools/invoices/tokenEconomics/${k}`),
    ...['filesystem', 'network', 'subprocess', 'crypto', 'codeEvaluation', 'raw'].map((k) => `tools/invoices/entitlements/${k}`),
    'prompts/summarize', ...['name', 'title', 'description', 'tags', 'arguments', 'arguments/0/name', 'arguments/0/description', 'arguments/1/description',
      'arguments/0/required', 'hasMiddleware', 'hydrationTimeout'].map((k) => `prompts/summarize/${k}`),
    'resources/billing://rates', ...['kind', 'uri', 'name', 'title', 'description', 'mimeType'].map((k) => `resources/billing://rates/${k}`),
  ];
  for (const w of want) assert.ok(paths.has(w), `no mutation of ${w}`);
  assert.ok(MUTATIONS.length > 100, `only ${MUTATIONS.length} mutations`);
});

test('every mutation: digest changed <=> at least one delta, explained by a specific rule', () => {
  let changed = 0;
  for (const m of MUTATIONS) {
    const digestChanged = changedSubjects(base, m.set);
    const { subjects, ids } = deltaSubjects(base, m.set);
    assert.equal([...subjects].sort(), [...digestChanged].sort(), `${m.path} ${m.how}: deltas ${ids.join(', ')}`);
    // The reverse direction holds too.
    const back = deltaSubjects(m.set, base);
    assert.equal([...back.subjects].sort(), [...changedSubjects(m.set, base)].sort(), `${m.path} ${m.how} (reversed)`);
    assert.not.ok(ids.some((id) => id.endsWith('.unclassified-change')), `${m.path} ${m.how} fell through to ${ids.join(', ')}`);
    if (digestChanged.size > 0) changed++;
  }
  assert.ok(changed > 100);
});

test('order of tags and raw entitlements changes neither the digest nor the diff; order of ordered lists does', () => {
  const reversals = MUTATIONS.filter((m) => m.how === 'reverse');
  const unordered = reversals.filter((m) => /\/(tags|raw)$/.test(m.path));
  const ordered = reversals.filter((m) => /\/(requiredFields|middlewareChain|affordanceTopology|embeddedPresenters|arguments)$/.test(m.path));
  assert.is(unordered.length, 3); // tool tags, raw entitlements, prompt tags
  assert.ok(ordered.length >= 5);
  for (const m of unordered) {
    assert.is(changedSubjects(base, m.set).size, 0, m.path);
    assert.equal(diffContracts(base, m.set).deltas, [], m.path);
  }
  for (const m of ordered) {
    assert.is(changedSubjects(base, m.set).size, 1, m.path);
    assert.ok(diffContracts(base, m.set).deltas.length > 0, m.path);
  }
});

test('property: any combination of mutations keeps the invariant, and diff(x, x) is NONE', () => {
  fc.assert(fc.property(fc.array(fc.nat(MUTATIONS.length - 1), { minLength: 1, maxLength: 3 }), (picks) => {
    // Compose: apply each picked mutation's changed subject onto the base.
    let set = base;
    for (const i of picks) {
      const m = MUTATIONS[i]!;
      const next = allMutations(set).find((x) => x.path === m.path && x.how === m.how);
      if (next !== undefined) set = next.set;
    }
    const { subjects } = deltaSubjects(base, set);
    assert.equal([...subjects].sort(), [...changedSubjects(base, set)].sort());
    assert.is(diffContracts(set, structuredClone(set)).verdict, 'NONE');
  }), { numRuns: 150 });
});

/** Every node of a document with its path (schemas, annotations and all). */
function* nodes(doc: J, path: (string | number)[] = []): Generator<[(string | number)[], J]> {
  yield [path, doc];
  if (Array.isArray(doc)) for (let i = 0; i < doc.length; i++) yield* nodes(doc[i]!, [...path, i]);
  else if (doc !== null && typeof doc === 'object') for (const k of Object.keys(doc)) yield* nodes(doc[k]!, [...path, k]);
}

/** Values a node can change to: removed, flipped, shifted, extended, reordered, a key added. */
function changesOf(v: J): (J | undefined)[] {
  const out: (J | undefined)[] = [undefined];
  if (typeof v === 'boolean') out.push(!v);
  if (typeof v === 'number') out.push(v + 1, v - 1);
  if (typeof v === 'string') out.push(`${v}x`);
  if (v === null) out.push(5, 'x');
  if (Array.isArray(v)) out.push([...v].reverse(), ...(v.length > 0 ? [[...v, v[0]!]] : []));
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push({ ...v, zz: 1 });
  return out;
}

const REAL: [string, (doc: J) => ContractSet][] = [
  ['../../examples/billing/contracts.json', (d) => contractSetFromJson(d, 'contracts.json')],
  ...['../fixtures/python-mcp-server/tools.json', '../fixtures/go-mcp-server/tools.json', '../fixtures/servers/python-tools.json']
    .map((f): [string, (doc: J) => ContractSet] => [f, (d) => parseToolsListFile(JSON.stringify(d), 'tools.json')]),
];

test('real contracts and saved tools/list files: every node mutated (nested schema keywords, annotations ...) keeps the invariant', () => {
  for (const [file, read] of REAL) {
    const doc = parseStrictJson(readFileSync(new URL(file, import.meta.url), 'utf8')) as J;
    const before = read(doc);
    let valid = 0;
    for (const [path, v] of nodes(doc)) {
      if (path.length === 0) continue;
      for (const nv of changesOf(v)) {
        let after: ContractSet;
        try {
          after = read(setAt(doc, path, nv));
        } catch {
          continue; // the mutated file is not valid input
        }
        valid++;
        const where = `${file} ${path.join('/')} -> ${JSON.stringify(nv) ?? 'removed'}`;
        for (const [x, y] of [[before, after], [after, before]] as const) {
          const { subjects, ids } = deltaSubjects(x, y);
          assert.equal([...subjects].sort(), [...changedSubjects(x, y)].sort(), `${where}: deltas ${ids.join(', ')}`);
          assert.not.ok(ids.some((id) => id.endsWith('.unclassified-change')), `${where} fell through to ${ids.join(', ')}`);
        }
      }
    }
    assert.ok(valid > 80, `${file}: only ${valid} valid mutations`);
  }
});

test.run();
