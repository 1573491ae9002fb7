/**
 * `diff` between two lockfiles written by `lock` reproduces the deltas of `diff` between the two
 * contract sets they came from, for every rule vector (schemas included through the lockfile's
 * content-addressed store).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { diffReport } from '../../src/diff/diff-report.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';
import { tempDir } from '../helpers/cli.ts';
import { applyPatch, setAt, type PatchOp } from './_patch.ts';
import { mcpfusion } from './_run.ts';

const DIR = new URL('../vectors/diff/', import.meta.url).pathname;
const base = parseStrictJson(readFileSync(join(DIR, 'base.json'), 'utf8')) as unknown as ContractSet;
const files = readdirSync(join(DIR, 'rules')).filter((f) => f.endsWith('.json')).sort();
/**
 * Vectors that cannot go through a file: the after side of `unclassified-change` is not a valid
 * contracts file on purpose (an unknown key, a non-boolean), a file keys tools by surface.name (so
 * a name that differs from its key is rejected), and the contracts reader sorts prompt
 * arguments by name (SPEC 3), so their reorder never reaches a file (tested below).
 */
const NOT_FILE = /unclassified-change|prompts\.arguments-reordered|tool-renamed--same-key/;

async function lockAndDiff(dir: string, before: ContractSet, after: ContractSet, policy: string) {
  writeFileSync(join(dir, 'before.json'), JSON.stringify(before));
  writeFileSync(join(dir, 'after.json'), JSON.stringify(after));
  for (const side of ['before', 'after']) {
    const r = await mcpfusion(['lock', '--contracts', `${side}.json`, '--lockfile', `${side}.lock`, '--quiet'], dir, { SOURCE_DATE_EPOCH: '0' });
    assert.is(r.code, 0, r.stderr);
  }
  const fromLocks = await mcpfusion(['diff', 'before.lock', 'after.lock', '--format', 'json', '--fail-on', 'never', '--policy', policy], dir);
  const fromFiles = await mcpfusion(['diff', 'before.json', 'after.json', '--format', 'json', '--fail-on', 'never', '--policy', policy], dir);
  assert.is(fromLocks.code, 0, fromLocks.stderr);
  assert.is(fromFiles.code, 0, fromFiles.stderr);
  return { locks: JSON.parse(fromLocks.stdout), files: JSON.parse(fromFiles.stdout) };
}

test('every rule vector: lockfile diff == contracts-file diff == diffContracts', async () => {
  const dir = tempDir('mcpfusion-diff-lock-');
  let compared = 0;
  for (const file of files.filter((f) => !NOT_FILE.test(f))) {
    const v = parseStrictJson(readFileSync(join(DIR, 'rules', file), 'utf8')) as unknown as { before: PatchOp[]; after: PatchOp[] };
    const before = applyPatch(base, v.before);
    const after = applyPatch(before, v.after);
    const { locks, files: fromFiles } = await lockAndDiff(dir, before, after, 'seed');
    // The JSON report's deltas: the library's, with `action: null` on tool-wide tool deltas.
    const direct = JSON.parse(JSON.stringify(diffReport(diffContracts(before, after), { old: '', new: '', failOn: 'never' }).deltas));
    assert.equal(locks.deltas, fromFiles.deltas, file);
    // Key order differs (the report is written with sorted keys); compare canonical forms.
    assert.equal(locks.deltas.map(canonicalize), direct.map(canonicalize), file);
    compared++;
  }
  assert.ok(compared > 70, `only ${compared} vectors compared`);
});

test('a prompt argument reorder does not survive reading a contracts file: no delta either way', async () => {
  const dir = tempDir('mcpfusion-diff-lock-');
  const after = applyPatch(base, [{ op: 'move', from: '/prompts/summarize/arguments/1', path: '/prompts/summarize/arguments/0' }]);
  const { locks, files: fromFiles } = await lockAndDiff(dir, base, after, 'seed');
  assert.equal(locks.deltas, []);
  assert.equal(fromFiles.deltas, []);
});

test('full schemas survive the lockfile: property-level detail and the semantic verdict are the same', async () => {
  const dir = tempDir('mcpfusion-diff-lock-');
  const input = { type: 'object', properties: { customer: { type: 'string' } }, required: ['customer'] };
  const before = structuredClone(base) as unknown as { tools: Record<string, { surface: Record<string, unknown>; behavior: Record<string, unknown> }> };
  const t = before.tools['invoices']!;
  delete t.surface['inputSchemaDigest'];
  t.surface['inputSchema'] = input;
  delete t.behavior['egressSchemaDigest'];
  t.behavior['outputSchema'] = { type: 'object', properties: { id: { type: 'string' } } };
  const after = structuredClone(before);
  after.tools['invoices']!.surface['inputSchema'] = { ...input, properties: { ...input.properties, memo: { type: 'string' } } };
  after.tools['invoices']!.behavior['outputSchema'] = { type: 'object', properties: {} };
  const { locks, files: fromFiles } = await lockAndDiff(dir, before as unknown as ContractSet, after as unknown as ContractSet, 'semantic');
  assert.equal(locks.deltas, fromFiles.deltas);
  assert.equal(locks.deltas.map((d: { id: string; verdict: string }) => [d.id, d.verdict]), [
    ['surface.input-schema-changed', 'SAFE'],
    ['behavior.egress-schema-changed', 'BREAKING'],
  ]);
  assert.equal(locks.deltas[0].detail.map((c: { id: string }) => c.id), ['schema.input.property-added']);
  assert.equal(locks.deltas[1].detail.map((c: { id: string }) => c.id), ['schema.output.property-removed']);
});

type J = null | boolean | number | string | J[] | { [k: string]: J };

/** Every node of a document with its path. */
function* nodes(doc: J, path: (string | number)[] = []): Generator<[(string | number)[], J]> {
  yield [path, doc];
  if (Array.isArray(doc)) for (let i = 0; i < doc.length; i++) yield* nodes(doc[i]!, [...path, i]);
  else if (doc !== null && typeof doc === 'object') for (const k of Object.keys(doc)) yield* nodes(doc[k]!, [...path, k]);
}

/** One mutation per way a node can change: value, list order, duplicates, presence. */
function mutationsOf(v: J): [string, J | undefined][] {
  const out: [string, J | undefined][] = [['remove', undefined]];
  if (typeof v === 'boolean') out.push(['flip', !v]);
  if (typeof v === 'number') out.push(['increment', v + 1]);
  if (typeof v === 'string') out.push(['append', `${v}x`]);
  if (v === null) out.push(['set', 5]);
  if (Array.isArray(v) && v.length > 0) out.push(['reverse', [...v].reverse()], ['duplicate-first', [...v, v[0]!]], ['drop-first', v.slice(1)]);
  return out;
}

const viaLockfile = (set: ContractSet): ContractSet => contractSetFromLockfile(parseLockfile(serializeLockfile(
  buildLockfile(set, { serverName: 'billing', mcpfusionVersion: '0.0.0', generatedAt: '1970-01-01T00:00:00.000Z' })), 'mutated.lock'));

test('every mutation of the billing example: diff through lockfiles gives the deltas of the contract sets', () => {
  const doc = parseStrictJson(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8')) as J;
  const base = contractSetFromJson(doc, 'contracts.json');
  const baseLock = viaLockfile(base);
  let compared = 0;
  for (const [path, v] of nodes(doc)) {
    if (path.length === 0) continue;
    for (const [how, nv] of mutationsOf(v)) {
      let mutated: ContractSet;
      try {
        mutated = contractSetFromJson(setAt(doc, path, nv), 'mutated.json');
      } catch {
        continue; // not a valid contracts file: nothing to lock
      }
      const where = `${path.join('/')} ${how}`;
      const direct = diffContracts(base, mutated).deltas.map(canonicalize);
      let locked: ContractSet;
      try {
        locked = viaLockfile(mutated);
      } catch (e) {
        assert.unreachable(`${where}: the lockfile lock wrote cannot be read back: ${(e as Error).message}`);
        continue;
      }
      assert.equal(diffContracts(baseLock, locked).deltas.map(canonicalize), direct, where);
      assert.equal(diffContracts(baseLock, mutated).deltas.map(canonicalize), direct, `${where} (lockfile vs contracts)`);
      compared++;
    }
  }
  assert.ok(compared > 300, `only ${compared} mutations compared`);
});

test('duplicate raw entitlements survive the lockfile (the digest hashes them as listed)', async () => {
  const dir = tempDir('mcpfusion-diff-lock-');
  const doc = JSON.parse(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8'));
  doc.tools.invoices.entitlements.raw = ['fetch', 'fetch'];
  writeFileSync(join(dir, 'c.json'), JSON.stringify(doc));
  assert.is((await mcpfusion(['lock', '--contracts', 'c.json', '--lockfile', 'c.lock', '--quiet'], dir)).code, 0);
  const r = await mcpfusion(['diff', 'c.lock', 'c.json'], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /Verdict: NONE/);
});

test.run();
