/**
 * `mcpfusion diff` end to end with lockfiles in MCP Fusion's own format (test/vectors/diff/fusion/):
 * on either side, on both, as `--against OLD` with a contracts file and with a real MCP server,
 * in every output format, with `--fail-on` and `--ack`.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, tempDir } from '../helpers/cli.ts';
import { sarifSchemaErrors } from '../scan/_sarif-validator.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { LOCK_OPTIONS, toFusionFormat } from './_fusion.ts';
import { applyPatch, type PatchOp } from './_patch.ts';
import { mcpfusion } from './_run.ts';

const VECTORS = join(ROOT, 'test/vectors/diff/fusion');
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const { variants } = JSON.parse(readFileSync(join(VECTORS, 'variants.json'), 'utf8')) as { variants: { name: string; patch: PatchOp[] }[] };

/** A temp dir with the fixtures, the example's lockfile (`billing.lock`) and each variant's contracts (`<name>.json`). */
function workspace(): string {
  const dir = tempDir('mcpfusion-diff-fusion-');
  copyFileSync(join(VECTORS, 'billing.fusion.lock'), join(dir, 'billing.fusion.lock'));
  copyFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), join(dir, 'billing.lock'));
  const contracts = JSON.parse(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8'));
  for (const v of variants) {
    copyFileSync(join(VECTORS, `${v.name}.fusion.lock`), join(dir, `${v.name}.fusion.lock`));
    writeFileSync(join(dir, `${v.name}.json`), JSON.stringify(applyPatch(contracts, v.patch)));
  }
  return dir;
}

const ids = (stdout: string): string[] => (JSON.parse(stdout) as { deltas: { id: string; verdict: string }[] }).deltas.map((d) => `${d.verdict} ${d.id}`);

test('identical content in both formats: NONE, exit 0 under every --fail-on; stderr names the MCP Fusion side', async () => {
  const dir = workspace();
  for (const [a, b] of [['billing.fusion.lock', 'billing.lock'], ['billing.lock', 'billing.fusion.lock'], ['billing.fusion.lock', 'billing.fusion.lock']]) {
    for (const failOn of ['breaking', 'cosmetic']) {
      const r = await mcpfusion(['diff', a!, b!, '--fail-on', failOn], dir);
      assert.is(r.code, 0, r.stderr);
      assert.match(r.stdout, /No contract changes\.\nVerdict: NONE/);
    }
  }
  const r = await mcpfusion(['diff', 'billing.fusion.lock', 'billing.lock'], dir);
  assert.match(r.stdout, /^Contract diff: lockfile "billing\.fusion\.lock" \(MCP Fusion's format\) → lockfile "billing\.lock" \(policy seed\)/);
  assert.match(r.stderr, /^note: OLD is lockfile "billing\.fusion\.lock" \(MCP Fusion's format\), which records no per-action contracts/);
  assert.not.match(r.stderr, /NEW is/);
  const quiet = await mcpfusion(['diff', 'billing.fusion.lock', 'billing.lock', '--quiet'], dir);
  assert.is(quiet.stderr, '');
  const stdin = await mcpfusion(['diff', '-', 'billing.lock'], dir, {}, readFileSync(join(dir, 'billing.fusion.lock'), 'utf8'));
  assert.is(stdin.code, 0, stdin.stderr);
  assert.match(stdin.stdout, /^Contract diff: lockfile "stdin" \(MCP Fusion's format\) → /);
  const against = await mcpfusion(['diff', '--against', 'billing.fusion.lock', '--contracts', join(ROOT, 'examples/billing/contracts.json')], dir);
  assert.is(against.code, 0, against.stderr);
  assert.match(against.stdout, /Verdict: NONE/);
});

test('a change MCP Fusion\'s format does not record: lockfile.unrecorded-change fails the default gate; a recorded one keeps its verdict', async () => {
  const dir = workspace();
  const hidden = await mcpfusion(['diff', 'billing.fusion.lock', 'required-field.fusion.lock', '--format', 'json'], dir);
  assert.is(hidden.code, 1, hidden.stderr);
  assert.equal(ids(hidden.stdout), ['BREAKING lockfile.unrecorded-change']);
  const report = JSON.parse(hidden.stdout);
  assert.match(report.old, /\(MCP Fusion's format\)$/);
  assert.match(report.deltas[0].reason, /lock that version with `mcpfusion lock` and diff again for the full diff/);
  assert.is((await mcpfusion(['diff', 'billing.fusion.lock', 'required-field.fusion.lock', '--fail-on', 'never'], dir)).code, 0);
  // The same through --against with the full contracts as NEW, and with NEW's mcpfusion lockfile.
  const against = await mcpfusion(['diff', '--against', 'billing.fusion.lock', '--contracts', 'required-field.json', '--format', 'json'], dir);
  assert.is(against.code, 1, against.stderr);
  assert.equal(ids(against.stdout), ['BREAKING lockfile.unrecorded-change']);
  // A recorded change with the full contracts on the other side: exactly the full diff's delta.
  const visible = await mcpfusion(['diff', '--against', 'billing.fusion.lock', '--contracts', 'description.json', '--format', 'json'], dir);
  assert.is(visible.code, 0, visible.stderr);
  assert.equal(ids(visible.stdout), ['COSMETIC surface.description-changed']);
  const full = await mcpfusion(['diff', join(ROOT, 'examples/billing/contracts.json'), 'description.json', '--format', 'json'], dir);
  assert.equal(JSON.parse(visible.stdout).deltas, JSON.parse(full.stdout).deltas);
  assert.is((await mcpfusion(['diff', '--against', 'billing.fusion.lock', '--contracts', 'description.json', '--fail-on', 'cosmetic'], dir)).code, 1);
  // Between two MCP Fusion lockfiles the unrecorded fields cannot be compared at all.
  const both = await mcpfusion(['diff', 'billing.fusion.lock', 'description.fusion.lock', '--format', 'json'], dir);
  assert.is(both.code, 1);
  assert.equal(ids(both.stdout), ['COSMETIC surface.description-changed', 'BREAKING lockfile.unrecorded-change']);
});

test('every format: text, json (byte-stable), markdown, github, sarif (schema-valid), awareness', async () => {
  const dir = workspace();
  const args = ['diff', 'billing.fusion.lock', 'description-and-required-field.fusion.lock'];
  const text = await mcpfusion(args, dir);
  assert.is(text.code, 1);
  assert.match(text.stdout, /^ {2}BREAKING {2}tool digest changed, but a lockfile in MCP Fusion's format does not record enough/m);
  assert.match(text.stdout, /^ {12}lockfile\.unrecorded-change at integrityDigest$/m);
  assert.match(text.stdout, /Verdict: BREAKING \(1 breaking, 0 risky, 0 safe, 1 cosmetic; 1 security-relevant\)/);
  const j1 = await mcpfusion([...args, '--format', 'json'], dir);
  assert.is(j1.stdout, (await mcpfusion([...args, '--format', 'json'], dir)).stdout);
  const md = await mcpfusion([...args, '--format', 'markdown'], dir);
  assert.match(md.stdout, /`lockfile\.unrecorded-change`/);
  const gh = await mcpfusion([...args, '--format', 'github'], dir);
  assert.match(gh.stdout, /^::error file=description-and-required-field\.fusion\.lock,title=BREAKING%3A lockfile\.unrecorded-change::tool invoices/m);
  const sarif = await mcpfusion([...args, '--format', 'sarif'], dir);
  const log = JSON.parse(sarif.stdout);
  assert.equal(sarifSchemaErrors(log), []);
  const result = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'lockfile.unrecorded-change');
  assert.is(result.level, 'error');
  assert.is(result.partialFingerprints['mcpfusion/v1'], JSON.parse(j1.stdout).deltas.find((d: { id: string }) => d.id === 'lockfile.unrecorded-change').fingerprint);
  const aw = await mcpfusion([...args, '--format', 'awareness', '--tool', 'invoices', '--action', 'list'], dir);
  assert.match(aw.stdout, /^<contract_awareness tool="invoices" action="list">\n/);
  assert.match(aw.stdout, /<delta verdict="BREAKING" rule="lockfile\.unrecorded-change" field="integrityDigest">/);
  const badAction = await mcpfusion([...args, '--format', 'awareness', '--tool', 'invoices', '--action', 'refund'], dir);
  assert.is(badAction.code, 2);
  assert.match(badAction.stderr, /its actions are "get", "list", "void"/);
});

test('--ack accepts exactly the reviewed unrecorded change', async () => {
  const dir = workspace();
  const j = JSON.parse((await mcpfusion(['diff', 'billing.fusion.lock', 'required-field.fusion.lock', '--format', 'json'], dir)).stdout);
  writeFileSync(join(dir, 'acks.txt'), `${j.deltas[0].fingerprint} reviewed: list now requires limit\n`);
  const acked = await mcpfusion(['diff', 'billing.fusion.lock', 'required-field.fusion.lock', '--ack', 'acks.txt'], dir);
  assert.is(acked.code, 0, acked.stderr);
  assert.match(acked.stdout, /Verdict: NONE/);
  assert.match(acked.stderr, /1 acknowledged change\(s\) left out/);
  // Another unrecorded change of the same tool has other digests: not acknowledged.
  const other = await mcpfusion(['diff', 'billing.fusion.lock', 'description-and-required-field.fusion.lock', '--ack', 'acks.txt'], dir);
  assert.is(other.code, 1);
  assert.match(other.stderr, /matches no change any more/);
  // docs/diff.md: --quiet prints no stderr notes, this one included (the gate and the output are unchanged).
  const quiet = await mcpfusion(['diff', 'billing.fusion.lock', 'description-and-required-field.fusion.lock', '--ack', 'acks.txt', '--quiet'], dir);
  assert.is(quiet.code, 1);
  assert.is(quiet.stderr, '');
});

test('--against an MCP Fusion lockfile of a real MCP server (server-memory over stdio)', async () => {
  const dir = tempDir('mcpfusion-diff-fusion-live-');
  const server = `node ${MEMORY}`;
  const env = { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') };
  const locked = await mcpfusion(['lock', '--server', server, '--lockfile', 'live.lock', '--quiet'], dir, env);
  assert.is(locked.code, 0, locked.stderr);
  const lock = readFileSync(join(dir, 'live.lock'), 'utf8');
  writeFileSync(join(dir, 'approved.fusion.lock'), toFusionFormat(lock));
  // MCP Fusion's format records no resources: the server's one is not compared, the note says so.
  const same = await mcpfusion(['diff', '--against', 'approved.fusion.lock', '--server', server, '--format', 'json'], dir, env);
  assert.is(same.code, 0, same.stderr);
  assert.equal(ids(same.stdout), []);
  assert.match(same.stderr, /Nor does it record resources: they are not compared\./);
  // The approved read_graph had another description (recorded) and another required field (not
  // recorded): re-locked so that the digests follow, then in MCP Fusion's format.
  const set = contractSetFromLockfile(parseLockfile(lock, 'live.lock'));
  const read = set.tools['read_graph']!;
  read.surface.description = 'Read the knowledge graph';
  Object.values(read.surface.actions)[0]!.requiredFields.push('scope');
  writeFileSync(join(dir, 'old.fusion.lock'), toFusionFormat(serializeLockfile(buildLockfile(set, LOCK_OPTIONS))));
  const drift = await mcpfusion(['diff', '--against', 'old.fusion.lock', '--server', server, '--format', 'json'], dir, env);
  assert.is(drift.code, 1, drift.stderr);
  const report = JSON.parse(drift.stdout);
  assert.equal(report.deltas.map((d: { id: string; tool?: string; resource?: string }) => `${d.id}:${d.tool ?? d.resource}`),
    ['surface.description-changed:read_graph', 'lockfile.unrecorded-change:read_graph']);
  assert.match(report.new, /server/);
});

test.run();
