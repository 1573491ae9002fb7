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
import { computePromptDigest, computeResourceDigest, computeToolDigest } from '../../src/canonical/digest.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { INFLATION_RISKS } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';
import { parseToolsListFile } from '../../src/sources/tools-list-file.ts';
import { setAt } from './_patch.ts';

type J = null | boolean | number | string | J[] | { [k: string]: J };
const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

interface Mutation {
  /** Where: `tools/invoices/surface/actions/create/requiredFields`. */
  path: string;
  /** How: `append`, `reverse`, `flip` ... */
  how: string;
  set: ContractSet;
}

/** Keys whose values are maps with free keys (a key rename, add and remove are mutations too). */
const MAPS = new Set(['tools', 'prompts', 'resources', 'actions']);
/** Optional keys that may be absent: adding and removing them are mutations. */
const OPTIONAL: Record<string, J> = { description: 'added text', presenterName: 'NewView', openWorld: true };
/** Keys that are not hashed (the full schemas: their digests are). */
const NOT_HASHED = new Set(['inputSchema', 'outputSchema', 'serverName']);
/** Null-able numbers. */
const NUMERIC = new Set(['agentLimitMax', 'egressMaxBytes', 'hydrationTimeout']);

function scalarMutations(key: string, v: J): [string, J][] {
  if (typeof v === 'boolean') return [['flip', !v]];
  if (typeof v === 'number') return [['increment', v + 1], ['decrement', v - 1]];
  if (v === null) return [['set', NUMERIC.has(key) ? 7 : 'set-value']];
  if (typeof v === 'string') {
    if (key === 'inflationRisk') return INFLATION_RISKS.filter((r) => r !== v).map((r) => [`to-${r}`, r]);
    if (key === 'kind') return [['to-other', v === 'resource' ? 'template' : 'resource']];
    return [['append', `${v}x`]];
  }
  return [];
}

function* mutations(doc: J, path: (string | number)[] = []): Generator<{ path: (string | number)[]; how: string; doc: J }> {
  const key = String(path[path.length - 1] ?? '');
  if (Array.isArray(doc)) {
    if (doc.every((x) => typeof x === 'string')) {
      yield { path, how: 'append', doc: setAt(doc, [doc.length], 'zz-new') };
      if (doc.length > 0) yield { path, how: 'remove-first', doc: setAt(doc, [0], undefined) };
      if (doc.length > 0) yield { path, how: 'duplicate-first', doc: setAt(doc, [doc.length], doc[0]!) };
      if (doc.length > 1) yield { path, how: 'reverse', doc: [...doc].reverse() };
    } else {
      if (doc.length > 1) yield { path, how: 'reverse', doc: [...doc].reverse() };
      if (doc.length > 0) yield { path, how: 'remove-first', doc: setAt(doc, [0], undefined) };
      if (doc.length > 0) yield { path, how: 'duplicate-first', doc: setAt(doc, [doc.length], structuredClone(doc[0]!)) };
      for (let i = 0; i < doc.length; i++) {
        for (const m of mutations(doc[i]!, [...path, i])) yield { ...m, doc: setAt(doc, [i], m.doc) };
      }
    }
    return;
  }
  if (doc !== null && typeof doc === 'object') {
    const keys = Object.keys(doc).filter((k) => !NOT_HASHED.has(k));
    if (MAPS.has(key)) {
      for (const k of keys) {
        yield { path: [...path, k], how: 'remove-entry', doc: setAt(doc, [k], undefined) };
        const renamed: { [k: string]: J } = {};
        for (const [kk, vv] of Object.entries(doc)) renamed[kk === k ? `${k}-renamed` : kk] = vv;
        yield { path: [...path, k], how: 'rename-key', doc: renamed };
        yield { path: [...path, k], how: 'duplicate-entry', doc: setAt(doc, [`${k}-copy`], structuredClone(doc[k]!)) };
      }
    }
    for (const [k, dflt] of Object.entries(OPTIONAL)) {
      if (!MAPS.has(key) && keys.includes('destructive') !== (k === 'description' && false) && !(k in doc)
        && (k === 'description' ? 'name' in doc || 'destructive' in doc : 'destructive' in doc)) {
        yield { path: [...path, k], how: 'add-optional', doc: setAt(doc, [k], dflt) };
      }
    }
    for (const k of keys) {
      const v = doc[k]!;
      if (k in OPTIONAL && !MAPS.has(key)) yield { path: [...path, k], how: 'remove-optional', doc: setAt(doc, [k], undefined) };
      for (const [how, nv] of scalarMutations(k, v)) yield { path: [...path, k], how, doc: setAt(doc, [k], nv) };
      if (typeof v === 'object' && v !== null) {
        for (const m of mutations(v, [...path, k])) yield { ...m, doc: setAt(doc, [k], m.doc) };
      }
    }
  }
}

function allMutations(set: ContractSet): Mutation[] {
  return [...mutations(set as unknown as J)].map((m) => ({ path: m.path.join('/'), how: m.how, set: m.doc as unknown as ContractSet }));
}

/** Digest of every subject, keyed `tool:name`, `prompt:name`, `resource:uri`. */
function digests(set: ContractSet): Map<string, string> {
  const out = new Map<string, string>();
  for (const [n, c] of Object.entries(set.tools)) out.set(`tool:${n}`, computeToolDigest(c).digest);
  for (const [n, p] of Object.entries(set.prompts)) out.set(`prompt:${n}`, computePromptDigest(p).digest);
  for (const [u, r] of Object.entries(set.resources)) out.set(`resource:${u}`, computeResourceDigest(r));
  return out;
}

/** Subjects whose digest differs (or that exist on one side only). */
function changedSubjects(a: ContractSet, b: ContractSet): Set<string> {
  const da = digests(a);
  const db = digests(b);
  const out = new Set<string>();
  for (const k of new Set([...da.keys(), ...db.keys()])) if (da.get(k) !== db.get(k)) out.add(k);
  return out;
}

/** Subjects named by deltas: a rename names both the old and the new key. */
function deltaSubjects(a: ContractSet, b: ContractSet): { subjects: Set<string>; ids: string[] } {
  const r = diffContracts(a, b);
  const subjects = new Set<string>();
  for (const d of r.deltas) {
    const name = d[d.kind]!;
    subjects.add(`${d.kind}:${name}`);
    const renamed = d.id === 'surface.tool-renamed' || d.id === 'prompts.prompt-renamed' || d.id === 'resources.resource-moved';
    const oldKeys = d.kind === 'tool' ? a.tools : d.kind === 'prompt' ? a.prompts : a.resources;
    if (renamed && typeof d.before === 'string' && d.before in oldKeys) subjects.add(`${d.kind}:${d.before}`);
  }
  return { subjects, ids: r.deltas.map((d) => d.id) };
}

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
