/**
 * The diff invariant (SPEC 6) where a side is a lockfile in MCP Fusion's own format, by mutation:
 * every field of every section of test/vectors/diff/base.json is mutated in turn, and for each
 * pairing (MCP Fusion to MCP Fusion, MCP Fusion to full contracts, full contracts to MCP Fusion;
 * both directions) a tool's, prompt's or resource's digest changes iff a delta names it.
 * `lockfile.unrecorded-change` is checked against an independent oracle: with the full contracts
 * on one side it appears exactly when a field MCP Fusion's format does not record differs (or
 * the MCP Fusion side lists an action the full side lacks, whose unrecorded fields are unknown).
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { computeToolDigest } from '../../src/canonical/digest.ts';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet, ToolContract } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { diffRecorded, type RecordedSide } from '../../src/diff/diff-recorded.ts';
import { isCompleteLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { bothFormats } from './_fusion.ts';
import { allMutations, changedSubjects, deltaSubjects } from './_mutations.ts';

const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

/** The set as a lockfile in MCP Fusion's format (resources are not part of that format). */
function fusion(set: ContractSet): RecordedSide {
  const lock = parseLockfile(bothFormats(set).fusion, 'fusion.lock');
  // Without tools, nothing is missing: such a file is complete in either format.
  assert.is(isCompleteLockfile(lock), Object.keys(set.tools).length === 0);
  return { lockfile: lock };
}
const full = (set: ContractSet): RecordedSide => ({ contracts: set });
/**
 * The set as a lockfile can hold it: without resources (MCP Fusion's format has none), every
 * digest a mutation made malformed (`…x`) replaced by a well-formed one, names equal to keys,
 * absent prompt texts null.
 */
function withoutResources(set: ContractSet): ContractSet {
  const fix = (v: unknown, key = ''): unknown => {
    if (typeof v === 'string' && key.endsWith('Digest') && !/^[0-9a-f]{64}$/.test(v)) return sha256Hex(v);
    if (Array.isArray(v)) return v.map((x) => fix(x));
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x, k)]));
    return v;
  };
  const fixed = fix({ ...set, resources: {} }) as ContractSet;
  // A lockfile keys tools and prompts by name: a key renamed by a mutation is a rename.
  for (const [k, t] of Object.entries(fixed.tools)) t.surface.name = k;
  for (const [k, p] of Object.entries(fixed.prompts)) {
    // A lockfile writes an absent prompt text as null.
    Object.assign(p, { name: k, description: p.description ?? null, title: p.title ?? null });
    p.arguments = p.arguments.map((a) => ({ ...a, description: a.description ?? null }));
  }
  return fixed;
}

/** What MCP Fusion's format does not record of a tool, for the actions `keys`. */
function unrecorded(t: ToolContract, keys: string[]): string {
  const actions = keys.map((k) => {
    const { destructive: _d, readOnly: _r, inputSchema: _s, ...rest } = t.surface.actions[k]!;
    return [k, rest];
  });
  const b = t.behavior;
  return canonicalize({
    actions, stateSync: b.stateSyncFingerprint, concurrency: b.concurrencyFingerprint, presenters: b.embeddedPresenters,
    overhead: t.tokenEconomics.baseOverheadTokens, raw: [...t.entitlements.raw].sort(),
  });
}

/** Oracle: whether a mixed diff must name the tool with `lockfile.unrecorded-change`. */
function expectUnrecorded(recorded: ToolContract, fullSide: ToolContract): boolean {
  const keys = Object.keys(recorded.surface.actions);
  if (keys.some((k) => !Object.hasOwn(fullSide.surface.actions, k))) return true;
  return unrecorded(recorded, keys) !== unrecorded(fullSide, keys);
}

/** Old and new tool names paired as the full diff pairs them (same key, or a rename). */
function toolPairs(a: ContractSet, b: ContractSet): [string, string][] {
  const pairs: [string, string][] = Object.keys(a.tools).filter((n) => Object.hasOwn(b.tools, n)).map((n) => [n, n]);
  for (const d of diffContracts(a, b).deltas) if (d.id === 'surface.tool-renamed') pairs.push([d.before as string, d.after as string]);
  return pairs;
}

const MUTATIONS = allMutations(base);

test('every mutation, every pairing, both directions: digest changed <=> at least one delta', () => {
  let unrecordedSeen = 0;
  let explainedSeen = 0;
  for (const m of MUTATIONS) {
    const a = withoutResources(base);
    const b = withoutResources(m.set);
    for (const [x, y, dir] of [[a, b, 'forward'], [b, a, 'reversed']] as const) {
      const want = [...changedSubjects(x, y)].sort();
      const pairings: [string, (p: ContractSet, q: ContractSet) => ReturnType<typeof diffRecorded>][] = [
        ['fusion-fusion', (p, q) => diffRecorded(fusion(p), fusion(q))],
        ['fusion-full', (p, q) => diffRecorded(fusion(p), full(q))],
        ['full-fusion', (p, q) => diffRecorded(full(p), fusion(q))],
      ];
      for (const [name, diff] of pairings) {
        const { subjects, ids } = deltaSubjects(x, y, diff);
        assert.equal([...subjects].sort(), want, `${m.path} ${m.how} ${dir} ${name}: deltas ${ids.join(', ')}`);
        assert.not.ok(ids.some((id) => id.endsWith('.unclassified-change')), `${m.path} ${m.how} ${dir} ${name} fell through to ${ids.join(', ')}`);
      }
      // Which tools get lockfile.unrecorded-change: every changed one between two MCP Fusion
      // lockfiles; with the full contracts on one side, exactly those the oracle names.
      for (const [oldName, newName] of toolPairs(x, y)) {
        const changed = computeToolDigest(x.tools[oldName]!).digest !== computeToolDigest(y.tools[newName]!).digest;
        const named = (r: ReturnType<typeof diffRecorded>) => r.deltas.some((d) => d.id === 'lockfile.unrecorded-change' && d.tool === newName);
        const where = `${m.path} ${m.how} ${dir} ${oldName} -> ${newName}`;
        assert.is(named(diffRecorded(fusion(x), fusion(y))), changed, `${where} fusion-fusion`);
        const fx = changed && expectUnrecorded(x.tools[oldName]!, y.tools[newName]!);
        assert.is(named(diffRecorded(fusion(x), full(y))), fx, `${where} fusion-full`);
        const xf = changed && expectUnrecorded(y.tools[newName]!, x.tools[oldName]!);
        assert.is(named(diffRecorded(full(x), fusion(y))), xf, `${where} full-fusion`);
        if (fx) unrecordedSeen++;
        if (changed && !fx) explainedSeen++;
      }
    }
  }
  assert.ok(unrecordedSeen > 20, `only ${unrecordedSeen} mutations of unrecorded fields`);
  assert.ok(explainedSeen > 20, `only ${explainedSeen} mutations explained by recorded fields`);
});

test('every mutation: the deltas of recorded fields are the full diff\'s own (id, verdict, field, values, fingerprint)', () => {
  const key = (d: { id: string; verdict: string; field: string; fingerprint: string }) => `${d.id} ${d.verdict} ${d.field} ${d.fingerprint}`;
  for (const m of MUTATIONS) {
    const a = withoutResources(base);
    const b = withoutResources(m.set);
    const fullKeys = new Set(diffContracts(a, b).deltas.map(key));
    for (const r of [diffRecorded(fusion(a), fusion(b)), diffRecorded(fusion(a), full(b)), diffRecorded(full(a), fusion(b))]) {
      for (const d of r.deltas) if (d.id !== 'lockfile.unrecorded-change') assert.ok(fullKeys.has(key(d)), `${m.path} ${m.how}: ${key(d)} is not in the full diff`);
    }
  }
});

test('identical contracts in either format: verdict NONE, no delta', () => {
  const sets = [withoutResources(base), ...MUTATIONS.slice(0, 40).map((m) => withoutResources(m.set))];
  for (const s of sets) {
    for (const [x, y] of [[fusion(s), fusion(s)], [fusion(s), full(s)], [full(s), fusion(s)]] as const) {
      const r = diffRecorded(x, y);
      assert.is(r.verdict, 'NONE');
      assert.equal(r.deltas, []);
    }
  }
});

test.run();
