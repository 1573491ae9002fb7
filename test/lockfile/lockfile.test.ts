import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { checkLockfile, checkLockfileContent, checkLockfileText, isCurrentSerialization } from '../../src/lockfile/check-lockfile.ts';
import { isCurrentSerializationBytes, piecesEqualText } from '../../src/lockfile/current-lockfile.ts';
import { serializeLockfileChunks } from '../../src/lockfile/serialize-lockfile.ts';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { parseContractsFile } from '../../src/sources/contracts-file.ts';
import { canonicalDigest } from '../../src/canonical/jcs.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';
import { collectSchemas } from '../../src/lockfile/build-lockfile.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { InputError } from '../../src/errors.ts';
import { ROOT } from '../helpers/cli.ts';

const EXAMPLE = join(ROOT, 'examples/billing/contracts.json');
const set = () => parseContractsFile(readFileSync(EXAMPLE, 'utf8'), 'contracts.json');
const opts = { serverName: 'billing', mcpfusionVersion: '9.9.9', generatedAt: '2026-01-01T00:00:00.000Z' };
const isInput = (re: RegExp) => (e: unknown) => e instanceof InputError && re.test((e as Error).message);

test('serialization: sorted keys, two-space indent, trailing newline, byte-identical', () => {
  const text = serializeLockfile(buildLockfile(set(), opts));
  assert.ok(text.endsWith('}\n'));
  assert.is(text, serializeLockfile(buildLockfile(set(), opts)));
  assert.ok(text.startsWith('{\n  "capabilities": {\n'));
  const keys = [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
  assert.equal(keys, ['capabilities', 'generatedAt', 'integrityDigest', 'lockfileVersion', 'mcpfusionVersion', 'schemas', 'serverName']);
});

test('the lockfile integrity digest is the contract set integrity digest; digests carry sha256:', () => {
  const lock = buildLockfile(set(), opts);
  const d = computeContractSetDigests(set());
  assert.is(lock.integrityDigest, `sha256:${d.integrityDigest}`);
  assert.is(lock.capabilities.tools['invoices']!.integrityDigest, `sha256:${d.tools['invoices']!.digest}`);
  assert.equal(lock.capabilities.tools['invoices']!.behavior.destructiveActions, ['void']);
  assert.equal(lock.capabilities.tools['invoices']!.behavior.readOnlyActions, ['get', 'list']);
});

test('round trip: the lockfile rebuilds the exact contracts, schemas included', () => {
  const original = set();
  const lock = parseLockfile(serializeLockfile(buildLockfile(original, opts)), 'x.lock');
  const rebuilt = contractSetFromLockfile(lock);
  assert.equal(computeContractSetDigests(rebuilt), computeContractSetDigests(original));
  assert.equal(rebuilt.tools['invoices']!.surface.inputSchema, original.tools['invoices']!.surface.inputSchema);
  assert.equal(rebuilt.tools['invoices']!.behavior.outputSchema, original.tools['invoices']!.behavior.outputSchema);
  assert.equal(rebuilt.tools['invoices']!.surface.actions['list']!.inputSchema, original.tools['invoices']!.surface.actions['list']!.inputSchema);
  assert.equal(rebuilt.prompts, original.prompts);
});

test('malformed, truncated, wrong-version and edited lockfiles are InputErrors that say what is wrong', () => {
  const text = serializeLockfile(buildLockfile(set(), opts));
  assert.throws(() => parseLockfile(text.slice(0, text.length / 2), 'm.lock'), isInput(/truncated/));
  assert.throws(() => parseLockfile('', 'm.lock'), isInput(/empty/));
  assert.throws(() => parseLockfile(text.replace('"lockfileVersion": 1', '"lockfileVersion": 7'), 'm.lock'), isInput(/lockfileVersion is 7, expected 1/));
  // A newer version: `lock` will not downgrade it, so the advice is to upgrade, not to regenerate.
  assert.throws(() => parseLockfile(text.replace('"lockfileVersion": 1', '"lockfileVersion": 2'), 'm.lock'),
    isInput(/lockfileVersion is 2, expected 1; it was written by a newer mcpfusion\. Upgrade mcpfusion to read it \(or delete it and run `mcpfusion lock`/));
  assert.throws(() => parseLockfile(text.replace('"lockfileVersion": 1', '"lockfileVersion": 2'), 'm.lock'), (e: unknown) => !/regenerate it/.test((e as Error).message));
  assert.throws(() => parseLockfile(text.replace('"lockfileVersion": 1', '"lockfileVersion": 0'), 'm.lock'), isInput(/lockfileVersion is 0, expected 1; it was written by another version of mcpfusion \(or is not a lockfile\); regenerate it/));
  assert.throws(() => parseLockfile('[]', 'm.lock'), isInput(/expected a JSON object/));
  assert.throws(() => parseLockfile('{"serverName":"x"}', 'm.lock'), isInput(/"m\.lock" is not a lockfile \(it is JSON without a "lockfileVersion"\): point --lockfile at the lockfile/));
  assert.throws(() => parseLockfile('{"lockfileVersion":null}', 'm.lock'), isInput(/lockfileVersion is null, expected 1/));
  // A lockfile whose version line was deleted is an edited lockfile, not some other JSON: before,
  // it was told to point --lockfile at the lockfile it already named.
  const unversioned = text.replace('  "lockfileVersion": 1,\n', '');
  assert.is.not(unversioned, text);
  assert.throws(() => parseLockfile(unversioned, 'm.lock'),
    isInput(/^Invalid lockfile "m\.lock":\n  \$\.lockfileVersion: missing, though the file has a lockfile's "capabilities" and "integrityDigest" \(the line was deleted\); restore "lockfileVersion": 1\nRegenerate it with `mcpfusion lock --force`/));
  const edited = text.replace('"Fetch one invoice"', '"Fetch one invoice, quietly"');
  assert.throws(() => parseLockfile(edited, 'm.lock'), isInput(/tools\.invoices\.integrityDigest: the entry's fields give/));
  const badType = text.replace('"hasMiddleware": true', '"hasMiddleware": "yes"');
  assert.throws(() => parseLockfile(badType, 'm.lock'), isInput(/actionContracts\.void\.hasMiddleware: expected a boolean/));
  const badSchema = text.replace('"pattern": "^[0-9]{4}-[0-9]{2}$"', '"pattern": "^[0-9]{4}$"');
  assert.throws(() => parseLockfile(badSchema, 'm.lock'), isInput(/does not hash to it/));
  const dup = text.replace('"serverName": "billing"', '"serverName": "billing",\n  "serverName": "other"');
  assert.throws(() => parseLockfile(dup, 'm.lock'), isInput(/duplicate key "serverName"/));
});

test('edits that digests alone would not catch: a removed mcpfusion field, reviewer lists, argumentsDigest, mcpfusionVersion', () => {
  const text = serializeLockfile(buildLockfile(set(), opts));
  const edit = (f: (lock: Record<string, any>) => void): string => {
    const lock = JSON.parse(text);
    f(lock);
    return JSON.stringify(lock, null, 2);
  };
  // Deleting one recorded field must not turn the file into a foreign lockfile checked by digest only.
  const removed = edit((l) => {
    delete l.capabilities.tools.invoices.entitlements.raw;
    l.capabilities.tools.payments.entitlements.network = !l.capabilities.tools.payments.entitlements.network;
  });
  assert.throws(() => parseLockfile(removed, 'm.lock'), isInput(/tools\.invoices: lacks entitlements\.raw, which mcpfusion records in every entry/));
  const hidden = edit((l) => { l.capabilities.tools.invoices.behavior.destructiveActions = []; });
  assert.throws(() => parseLockfile(hidden, 'm.lock'), isInput(/invoices\.behavior\.destructiveActions: lists \[\], but the action contracts give \["void"\]/));
  // A reviewer list that says "nothing" must not pass when its key is renamed or deleted: both
  // lists are part of MCP Fusion's format too, so a missing one is an edit, not an old file.
  for (const field of ['destructiveActions', 'readOnlyActions']) {
    const gone = edit((l) => { delete l.capabilities.tools.reports.behavior[field]; });
    assert.throws(() => parseLockfile(gone, 'm.lock'), isInput(new RegExp(`reports\\.behavior\\.${field}: missing`)), field);
  }
  const readOnly = edit((l) => { l.capabilities.tools.invoices.behavior.readOnlyActions = ['void']; });
  assert.throws(() => parseLockfile(readOnly, 'm.lock'), isInput(/behavior\.readOnlyActions: lists \["void"\]/));
  const args = edit((l) => { l.capabilities.prompts['dunning-letter'].argumentsDigest = `sha256:${'0'.repeat(64)}`; });
  assert.throws(() => parseLockfile(args, 'm.lock'), isInput(/dunning-letter"?\]?\.argumentsDigest: the arguments give sha256:/));
  const version = edit((l) => { l.mcpfusionVersion = 5; });
  assert.throws(() => parseLockfile(version, 'm.lock'), isInput(/mcpfusionVersion/));
  assert.ok(parseLockfile(edit((l) => { delete l.mcpfusionVersion; }), 'm.lock'), 'absent (MCP Fusion\'s own lockfiles) is fine');
});

test('readers ignore keys they do not know', () => {
  const text = serializeLockfile(buildLockfile(set(), opts)).replace('{\n  "capabilities"', '{\n  "comment": "reviewed by ops",\n  "capabilities"');
  assert.is(parseLockfile(text, 'x').serverName, 'billing');
});

test('checkLockfile names added, removed and changed tools with their sections', () => {
  const lock = buildLockfile(set(), opts);
  const current = set();
  assert.ok(checkLockfile(lock, current).ok);
  current.tools['invoices']!.surface.description = 'changed';
  current.tools['invoices']!.entitlements.subprocess = true;
  delete current.tools['reports'];
  current.tools['refunds'] = { ...structuredClone(current.tools['payments']!), surface: { ...structuredClone(current.tools['payments']!.surface), name: 'refunds' } };
  current.prompts['dunning-letter']!.description = 'x';
  const r = checkLockfile(lock, current);
  assert.not.ok(r.ok);
  assert.equal(r.tools.added, ['refunds']);
  assert.equal(r.tools.removed, ['reports']);
  assert.equal(r.tools.changed.map((c) => [c.name, c.sections]), [['invoices', ['surface', 'entitlements']]]);
  assert.equal(r.prompts.changed.map((c) => c.name), ['dunning-letter']);
});

test('a lockfile in MCP Fusion\'s own format (without the mcpfusion additions) is checked by digests', () => {
  const lock = JSON.parse(serializeLockfile(buildLockfile(set(), opts)));
  delete lock.schemas;
  delete lock.mcpfusionVersion;
  lock.vurbVersion = '1.1.0';
  for (const t of Object.values(lock.capabilities.tools) as Record<string, Record<string, unknown>>[]) {
    delete t['surface']!['actionContracts'];
    for (const k of ['stateSyncFingerprint', 'concurrencyFingerprint', 'embeddedPresenters']) delete t['behavior']![k];
    delete t['tokenEconomics']!['baseOverheadTokens'];
    delete t['entitlements']!['raw'];
  }
  const parsed = parseLockfile(JSON.stringify(lock, null, 2), 'fusion.lock');
  assert.ok(checkLockfile(parsed, set()).ok);
  const changed = set();
  changed.tools['reports']!.surface.description = 'Export a yearly report.';
  const r = checkLockfile(parsed, changed);
  assert.not.ok(r.ok);
  assert.equal(r.tools.changed.map((c) => [c.name, c.sections]), [['reports', []]]);
  assert.throws(() => contractSetFromLockfile(parsed), isInput(/lacks the per-action contracts/));

  // Its tool digests cannot be recomputed one by one, but together they must give the file's own
  // integrityDigest: an edited one is an error, never "up to date" or drift of an unchanged tool.
  const edited = structuredClone(lock);
  edited.capabilities.tools.reports.integrityDigest = `sha256:${'1'.repeat(64)}`;
  assert.throws(() => parseLockfile(JSON.stringify(edited, null, 2), 'fusion.lock'), isInput(/\$\.integrityDigest: the entries give sha256:[0-9a-f]{64}, not sha256:/));
  // So is an edited prompt (prompts are complete in both formats).
  const prompt = structuredClone(lock);
  prompt.capabilities.prompts['dunning-letter'].description = 'edited';
  assert.throws(() => parseLockfile(JSON.stringify(prompt, null, 2), 'fusion.lock'), isInput(/prompts\.dunning-letter\.integrityDigest: the entry's fields give/));
});

test('the bytes path (lockfiles of LOCKFILE_BYTES_FROM bytes and more) gives the text path\'s verdicts', () => {
  // The CLI reads a small lockfile as text; a big one as bytes, compared piece by piece. Same answers here.
  const text = serializeLockfile(buildLockfile(set(), opts));
  const current = set();
  const d = computeContractSetDigests(current);
  const bytes = (t: string): Uint8Array => new TextEncoder().encode(t);
  const variants = [
    text,
    text.replace('"serverName": "billing"', '"serverName": "Billing \\"EU\\""'),
    text.replace(opts.generatedAt, '2030-05-05T00:00:00.000Z'),
    text.replace(/\n/g, '\r\n'),
    JSON.stringify(JSON.parse(text)),
    text.replace('{\n  "capabilities"', '{\n  "comment": "reviewed",\n  "capabilities"'),
  ];
  assert.equal(variants.map((v) => isCurrentSerializationBytes(bytes(v), current, d)), variants.map((v) => isCurrentSerialization(v, current, d)));
  assert.equal(variants.map((v) => isCurrentSerialization(v, current, d)), [true, true, true, false, false, false]);
  for (const v of variants) assert.equal(piecesEqualText(serializeLockfileChunks(parseLockfile(text, 'x.lock')), v), v === text);
  for (const v of variants) {
    const viaBytes = checkLockfileContent(bytes(v), 'v.lock', current, true, d);
    const viaText = checkLockfileText(v, 'v.lock', current, true, d);
    assert.equal({ ...viaBytes.result, current: undefined }, { ...viaText.result, current: undefined }, v.slice(0, 80));
  }
  const changed = set();
  changed.tools['invoices']!.surface.description = 'changed';
  const drift = checkLockfileContent(bytes(text), 'x.lock', changed, true, computeContractSetDigests(changed));
  assert.not.ok(drift.result.ok);
  assert.equal(drift.result.tools.changed.map((c) => [c.name, c.sections]), [['invoices', ['surface']]]);
});

test('checkLockfileText: exactly what lock writes passes without a parse; anything else gets the full parse and verdict', () => {
  const text = serializeLockfile(buildLockfile(set(), opts));
  const current = set();
  const d = computeContractSetDigests(current);
  assert.ok(isCurrentSerialization(text, current, d));
  const fast = checkLockfileText(text, 'x.lock', current);
  assert.ok(fast.result.ok);
  assert.is(fast.lock, undefined, 'the byte-identical lockfile is not parsed');
  // The fast verdict is the full one.
  const full = checkLockfile(parseLockfile(text, 'x.lock'), current);
  assert.equal({ ...fast.result, current: undefined }, { ...full, current: undefined });

  // Same contracts, other bytes: another name, stamp or layout still passes, through the full parse.
  const variants = [
    text.replace('"serverName": "billing"', '"serverName": "Billing \\"EU\\""'),
    text.replace(opts.generatedAt, '2030-05-05T00:00:00.000Z'),
    text.replace(/\n/g, '\r\n'),
    JSON.stringify(JSON.parse(text)),
    text.replace('{\n  "capabilities"', '{\n  "comment": "reviewed",\n  "capabilities"'),
  ];
  for (const v of variants) assert.ok(checkLockfileText(v, 'v.lock', current).result.ok, v.slice(0, 80));
  // The header values are taken from the text, so another name or stamp is still byte-exact;
  // another layout is not.
  assert.equal(variants.map((v) => isCurrentSerialization(v, current, d)), [true, true, false, false, false]);

  // Drift and tampering are never taken for "up to date".
  const changed = set();
  changed.tools['invoices']!.surface.description = 'changed';
  const drift = checkLockfileText(text, 'x.lock', changed);
  assert.not.ok(drift.result.ok);
  assert.ok(drift.lock, 'drift is explained from the parsed lockfile');
  assert.equal(drift.result.tools.changed.map((c) => [c.name, c.sections]), [['invoices', ['surface']]]);
  const edited = text.replace('"Fetch one invoice"', '"Fetch one invoice, quietly"');
  assert.throws(() => checkLockfileText(edited, 'e.lock', current), isInput(/tools\.invoices\.integrityDigest: the entry's fields give/));
  const dup = text.replace('"serverName": "billing"', '"serverName": "billing",\n  "serverName": "other"');
  assert.throws(() => checkLockfileText(dup, 'd.lock', current), isInput(/duplicate key "serverName"/));
  assert.throws(() => checkLockfileText(text.slice(0, -40), 't.lock', current), isInput(/truncated/));
});

test('every reader records each schema\'s digest from the schema itself (what schemaDigestsFromReader relies on)', () => {
  const toolsList: JsonValue = {
    tools: [
      {
        name: 'records',
        description: 'Manage records.',
        inputSchema: {
          type: 'object',
          properties: { action: { type: 'string', enum: ['get', 'delete'] }, id: { type: 'string' }, force: { type: 'boolean' } },
          oneOf: [
            { properties: { action: { const: 'get' } }, required: ['action', 'id'] },
            { properties: { action: { const: 'delete' } }, required: ['action', 'id', 'force'] },
          ],
        },
        outputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } },
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
      { name: 'plain', inputSchema: { type: 'object', properties: { 9: { type: 'number' }, b: {}, a: {} } } },
    ],
  };
  const fromFile = set();
  const sets: [string, ContractSet][] = [
    ['contracts file', fromFile],
    ['tools/list', materializeToolsList(toolsList)],
    ['lockfile', contractSetFromLockfile(parseLockfile(serializeLockfile(buildLockfile(fromFile, opts)), 'x.lock'))],
  ];
  for (const [label, s] of sets) {
    let schemas = 0;
    const expect = (schema: unknown, digest: string | null, where: string): void => {
      if (schema === undefined) return;
      schemas++;
      assert.is(canonicalDigest(schema), digest, `${label}: ${where}`);
    };
    for (const [name, t] of Object.entries(s.tools)) {
      expect(t.surface.inputSchema, t.surface.inputSchemaDigest, `${name}.inputSchema`);
      expect(t.behavior.outputSchema, t.behavior.egressSchemaDigest, `${name}.outputSchema`);
      for (const [key, a] of Object.entries(t.surface.actions)) expect(a.inputSchema, a.inputSchemaDigest, `${name}.${key}.inputSchema`);
    }
    assert.ok(schemas >= 3, `${label}: ${schemas} schemas`);
    assert.equal(collectSchemas(s, true), collectSchemas(s), label);
  }
  // A set changed after reading is exactly what the flag must not be used for: without it the
  // schema that no longer matches its digest is left out.
  const changed = set();
  (changed.tools['invoices']!.surface.inputSchema as Record<string, unknown>)['title'] = 'edited';
  assert.not.ok(Object.hasOwn(collectSchemas(changed), `sha256:${changed.tools['invoices']!.surface.inputSchemaDigest}`));
});

test('lockfile vectors: each contracts file gives, byte for byte, the lockfile an independent writer produced from SPEC section 5 and docs/lockfile.md', () => {
  const dir = join(ROOT, 'test/vectors/lockfile');
  const vectors = readdirSync(dir).filter((f) => f.endsWith('.lock'));
  assert.ok(vectors.includes('contracts-edges.lock'));
  for (const f of vectors) {
    const name = f.replace(/\.lock$/, '.contracts.json');
    const input = readFileSync(join(ROOT, 'test/vectors/digest', name), 'utf8');
    const want = readFileSync(join(dir, f), 'utf8');
    const contracts = parseContractsFile(input, name);
    const serverName = (JSON.parse(want) as { serverName: string }).serverName;
    const text = serializeLockfile(buildLockfile(contracts, { serverName, mcpfusionVersion: '9.9.9', generatedAt: '1970-01-01T00:00:00.000Z' }));
    assert.is(text, want, f);
    // Read back, the vector gives the same contracts and digests.
    const back = contractSetFromLockfile(parseLockfile(want, f));
    assert.is(computeContractSetDigests(back).integrityDigest, computeContractSetDigests(contracts).integrityDigest, f);
  }
});

test.run();
