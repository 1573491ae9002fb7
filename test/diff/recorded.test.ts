/**
 * Diffs with lockfiles in MCP Fusion's own format, on realistic files: test/vectors/diff/fusion/
 * holds examples/billing/mcpfusion.lock without mcpfusion's additions (`billing.fusion.lock`) and
 * one such lockfile per variant of examples/billing/contracts.json (`variants.json`: a JSON Patch
 * and the expected deltas). Each variant is diffed from the example in every pairing of formats;
 * `full` is the full diff, for comparison.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson, type JsonValue } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';
import { diffRecorded, type RecordedSide } from '../../src/diff/diff-recorded.ts';
import { RULES } from '../../src/diff/registry.ts';
import type { DiffResult } from '../../src/diff/types.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { isCompleteLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';
import { toFusionFormat } from './_fusion.ts';
import { applyPatch, type PatchOp } from './_patch.ts';

const DIR = new URL('../vectors/diff/fusion/', import.meta.url);
const EXAMPLE = new URL('../../examples/billing/', import.meta.url);
const exampleLock = readFileSync(new URL('mcpfusion.lock', EXAMPLE), 'utf8');
const contracts = parseStrictJson(readFileSync(new URL('contracts.json', EXAMPLE), 'utf8'));
const header = JSON.parse(exampleLock) as { serverName: string; mcpfusionVersion: string; generatedAt: string };
const opts = { serverName: header.serverName, mcpfusionVersion: header.mcpfusionVersion, generatedAt: header.generatedAt };

const PAIRINGS = ['full', 'fusion-fusion', 'fusion-full', 'full-fusion', 'fusion-mcpfusion', 'mcpfusion-fusion'] as const;
type Pairing = (typeof PAIRINGS)[number];

interface Variant { name: string; spec: string; patch: PatchOp[]; expect: Record<Pairing, string[]> }
const { variants } = JSON.parse(readFileSync(new URL('variants.json', DIR), 'utf8')) as { variants: Variant[] };

/** The contracts of a variant (no patch: the example). */
const contractsOf = (patch: PatchOp[]): ContractSet => contractSetFromJson(applyPatch(contracts, patch) as JsonValue, 'contracts.json');
const fusionFile = (name: string): string => readFileSync(new URL(`${name}.fusion.lock`, DIR), 'utf8');
const update = process.env['UPDATE_FUSION_VECTORS'] === '1';

/** A delta as the vectors list it. */
const show = (r: DiffResult): string[] => r.deltas.map((d) => `${d.verdict} ${d.id} ${d.kind}:${d[d.kind]}${d.action !== undefined ? `/${d.action}` : ''}`);

test('the fixtures are the example and its variants in MCP Fusion\'s format', () => {
  assert.is(serializeLockfile(buildLockfile(contractsOf([]), opts)), exampleLock, 'examples/billing/mcpfusion.lock is what lock writes for contracts.json');
  const files: [string, string][] = [['billing', toFusionFormat(exampleLock)], ...variants.map((v): [string, string] => [v.name, toFusionFormat(serializeLockfile(buildLockfile(contractsOf(v.patch), opts)))])];
  for (const [name, text] of files) {
    if (update) writeFileSync(new URL(`${name}.fusion.lock`, DIR), text);
    assert.is(fusionFile(name), text, `${name}.fusion.lock (UPDATE_FUSION_VECTORS=1 rewrites it)`);
    const lock = parseLockfile(text, `${name}.fusion.lock`);
    assert.not.ok(isCompleteLockfile(lock), name);
    for (const key of ['actionContracts', 'stateSyncFingerprint', 'concurrencyFingerprint', 'embeddedPresenters', 'baseOverheadTokens', '"raw"', '"schemas"', '"resources"', 'mcpfusionVersion']) {
      assert.not.ok(text.includes(key), `${name}: ${key}`);
    }
  }
});

const oldFusion: RecordedSide = { lockfile: parseLockfile(fusionFile('billing'), 'billing.fusion.lock') };
const oldFull: RecordedSide = { contracts: contractsOf([]) };
const oldMcpfusion: RecordedSide = { lockfile: parseLockfile(exampleLock, 'mcpfusion.lock') };

for (const v of variants) {
  test(`variant ${v.name}: ${v.spec}`, () => {
    const newFusion: RecordedSide = { lockfile: parseLockfile(fusionFile(v.name), `${v.name}.fusion.lock`) };
    const newFull: RecordedSide = { contracts: contractsOf(v.patch) };
    const newMcpfusion: RecordedSide = { lockfile: parseLockfile(serializeLockfile(buildLockfile(contractsOf(v.patch), opts)), 'new.lock') };
    const got: Record<Pairing, DiffResult> = {
      'full': diffRecorded(oldFull, newFull),
      'fusion-fusion': diffRecorded(oldFusion, newFusion),
      'fusion-full': diffRecorded(oldFusion, newFull),
      'full-fusion': diffRecorded(oldFull, newFusion),
      'fusion-mcpfusion': diffRecorded(oldFusion, newMcpfusion),
      'mcpfusion-fusion': diffRecorded(oldMcpfusion, newFusion),
    };
    if (update) console.log(JSON.stringify({ [v.name]: Object.fromEntries(PAIRINGS.map((p) => [p, show(got[p])])) }, null, 2));
    for (const p of PAIRINGS) assert.equal(show(got[p]), v.expect?.[p], `${v.name} ${p}`);
    // A full lockfile on one side is the same as its contracts.
    assert.equal(got['fusion-mcpfusion'].deltas, got['fusion-full'].deltas);
    assert.equal(got['mcpfusion-fusion'].deltas, got['full-fusion'].deltas);
    // Every recorded delta is the full diff's own, byte for byte apart from schema detail.
    const full = new Map(got.full.deltas.map((d) => [d.fingerprint, d]));
    for (const p of PAIRINGS) {
      for (const d of got[p].deltas.filter((x) => x.id !== 'lockfile.unrecorded-change')) {
        const { detail: _d, ...want } = full.get(d.fingerprint) ?? { detail: undefined };
        assert.equal(d, want, `${v.name} ${p}: ${d.id}`);
      }
    }
  });
}

test('identical content in both formats: NONE', () => {
  for (const [x, y] of [[oldFusion, oldFusion], [oldFusion, oldFull], [oldFull, oldFusion], [oldFusion, oldMcpfusion], [oldMcpfusion, oldFusion]] as const) {
    const r = diffRecorded(x, y);
    assert.is(r.verdict, 'NONE');
    assert.equal(r.deltas, []);
  }
});

test('lockfile.unrecorded-change is as severe as the worst rule on a field MCP Fusion\'s format does not record', () => {
  const unrecorded = ['description', 'idempotent', 'requiredFields', 'presenterName', 'inputSchemaDigest', 'hasMiddleware', 'openWorld']
    .map((k) => `surface.actions.*.${k}`)
    .concat('behavior.stateSyncFingerprint', 'behavior.concurrencyFingerprint', 'behavior.embeddedPresenters', 'tokenEconomics.baseOverheadTokens', 'entitlements.*');
  const watching = RULES.filter((r) => unrecorded.includes(r.field));
  assert.ok(watching.some((r) => r.id === 'entitlements.gained') && watching.some((r) => r.id === 'surface.required-field-added'));
  assert.is(RULES.find((r) => r.id === 'lockfile.unrecorded-change')!.verdict, maxVerdict(watching.map((r) => r.verdict)));
});

test.run();
