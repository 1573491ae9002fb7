/**
 * Test helper: mutations of a contract set, every field of every section in turn (values,
 * presence, array order, map keys), and the subjects whose digest a change touches or a diff
 * names. Shared by the invariant tests of the full diff and of the diff of MCP Fusion lockfiles.
 *
 * @module
 */
import { computePromptDigest, computeResourceDigest, computeToolDigest } from '../../src/canonical/digest.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { INFLATION_RISKS } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import type { DiffResult } from '../../src/diff/types.ts';
import { setAt } from './_patch.ts';

export type J = null | boolean | number | string | J[] | { [k: string]: J };

export interface Mutation {
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

export function* mutations(doc: J, path: (string | number)[] = []): Generator<{ path: (string | number)[]; how: string; doc: J }> {
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

export function allMutations(set: ContractSet): Mutation[] {
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
export function changedSubjects(a: ContractSet, b: ContractSet): Set<string> {
  const da = digests(a);
  const db = digests(b);
  const out = new Set<string>();
  for (const k of new Set([...da.keys(), ...db.keys()])) if (da.get(k) !== db.get(k)) out.add(k);
  return out;
}

/** Subjects named by deltas: a rename names both the old and the new key. */
export function deltaSubjects(
  a: ContractSet, b: ContractSet, diff: (x: ContractSet, y: ContractSet) => DiffResult = diffContracts,
): { subjects: Set<string>; ids: string[] } {
  const r = diff(a, b);
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
