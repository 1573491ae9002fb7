/**
 * One before/after pair per rule (test/vectors/diff/rules/<rule id>[--case].json, JSON Patches
 * against test/vectors/diff/base.json): each yields exactly the expected deltas and verdict.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import type { DiffPolicy } from '../../src/diff/types.ts';
import { applyPatch } from './_patch.ts';
import type { PatchOp } from './_patch.ts';

const DIR = new URL('../vectors/diff/', import.meta.url).pathname;
const base = parseStrictJson(readFileSync(join(DIR, 'base.json'), 'utf8'), 'base.json') as unknown as ContractSet;

interface Vector {
  spec: string;
  policy?: DiffPolicy;
  before: PatchOp[];
  after: PatchOp[];
  verdict: string;
  expect: Record<string, unknown>[];
}

const files = readdirSync(join(DIR, 'rules')).filter((f) => f.endsWith('.json')).sort();

test('there are rule vectors', () => {
  assert.ok(files.length > 50, `only ${files.length} vectors`);
});

for (const file of files) {
  test(`rule vector ${file}`, () => {
    const v = parseStrictJson(readFileSync(join(DIR, 'rules', file), 'utf8'), file) as unknown as Vector;
    const before = applyPatch(base, v.before);
    const after = applyPatch(before, v.after);
    const result = diffContracts(before, after, v.policy === undefined ? {} : { policy: v.policy });
    const got = result.deltas.map((d) => {
      const e: Record<string, unknown> = {};
      const want = v.expect[0] ?? {};
      for (const k of ['id', 'verdict', 'tool', 'prompt', 'resource', 'action', 'field', 'security']) {
        if ((d as unknown as Record<string, unknown>)[k] !== undefined) e[k] = (d as unknown as Record<string, unknown>)[k];
      }
      if ('before' in want) e['before'] = d.before;
      if ('after' in want) e['after'] = d.after;
      // Schema detail, when the vector pins it: each change's rule id and property path.
      if (d.detail !== undefined && v.expect.some((x) => 'detail' in x)) e['detail'] = d.detail.map((c) => ({ id: c.id, path: c.path }));
      return e;
    });
    assert.equal(got, v.expect, v.spec);
    assert.is(result.verdict, v.verdict, v.spec);
    // The prefix of the file name is the rule the vector is for; it must be among the deltas.
    const rule = file.replace(/(--.*)?\.json$/, '');
    if (v.expect.length > 0) assert.ok(result.deltas.some((d) => d.id === rule), `${file}: no delta with id ${rule}`);
  });
}

test('docs/diff.md shows the quoted field paths the quoted-names vector pins', () => {
  const docs = readFileSync(new URL('../../docs/diff.md', import.meta.url), 'utf8');
  const v = parseStrictJson(readFileSync(join(DIR, 'rules', 'surface.destructive-changed--quoted-field-names.json'), 'utf8'), 'vector') as unknown as Vector;
  const paths = v.expect.flatMap((e) => [
    ...(e['id'] === 'surface.action-schema-changed' ? [] : [e['field'] as string]),
    ...((e['detail'] ?? []) as { path: string }[]).map((c) => c.path),
  ]);
  assert.is(paths.length, 5);
  for (const p of paths) assert.ok(docs.includes(`\`${p}\``), `docs/diff.md does not show the field path ${p}`);
});

test('identical sides give NONE, no delta, all counts zero', () => {
  const r = diffContracts(base, structuredClone(base));
  assert.is(r.verdict, 'NONE');
  assert.equal(r.deltas, []);
  assert.equal(r.counts, { BREAKING: 0, RISKY: 0, SAFE: 0, COSMETIC: 0 });
});

test('asymmetric rules in both directions', () => {
  const flip = (path: string, b: unknown, a: unknown) => {
    const before = applyPatch(base, [{ op: 'replace', path, value: b }]);
    const after = applyPatch(base, [{ op: 'replace', path, value: a }]);
    return [diffContracts(before, after).deltas.map((d) => `${d.id}:${d.verdict}`), diffContracts(after, before).deltas.map((d) => `${d.id}:${d.verdict}`)];
  };
  assert.equal(flip('/tools/invoices/entitlements/crypto', false, true), [['entitlements.gained:BREAKING'], ['entitlements.lost:SAFE']]);
  assert.equal(flip('/tools/invoices/tokenEconomics/inflationRisk', 'low', 'critical'),
    [['token-economics.inflation-risk-escalated:BREAKING'], ['token-economics.inflation-risk-reduced:SAFE']]);
  assert.equal(flip('/tools/invoices/behavior/cognitiveGuardrails/agentLimitMax', 10, null),
    [['behavior.guardrail-removed:RISKY'], ['behavior.guardrail-added:SAFE']]);
  assert.equal(flip('/tools/invoices/behavior/cognitiveGuardrails/egressMaxBytes', 100, 1000),
    [['behavior.guardrail-loosened:RISKY'], ['behavior.guardrail-tightened:SAFE']]);
  assert.equal(flip('/tools/invoices/tokenEconomics/unboundedCollection', false, true),
    [['token-economics.collection-unbounded:RISKY'], ['token-economics.collection-bounded:SAFE']]);
  assert.equal(flip('/tools/invoices/surface/tags', ['a'], ['a', 'b']), [['surface.tags-added:COSMETIC'], ['surface.tags-removed:SAFE']]);
  assert.equal(flip('/tools/invoices/surface/actions/create/requiredFields', ['a'], ['a', 'b']),
    [['surface.required-field-added:BREAKING'], ['surface.required-field-removed:SAFE']]);
});

test('fingerprints are stable across runs and differ by location', () => {
  const after = applyPatch(base, [
    { op: 'add', path: '/tools/invoices/surface/actions/create/requiredFields/-', value: 'a' },
    { op: 'add', path: '/tools/invoices/surface/actions/create/requiredFields/-', value: 'b' },
  ]);
  const one = diffContracts(base, after).deltas.map((d) => d.fingerprint);
  const two = diffContracts(structuredClone(base), structuredClone(after)).deltas.map((d) => d.fingerprint);
  assert.equal(one, two);
  assert.is(one.length, 2);
  assert.is.not(one[0], one[1]);
  assert.match(one[0]!, /^[0-9a-f]{64}$/);
});

test.run();
