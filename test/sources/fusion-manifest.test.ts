import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture as sharedFixture, processesMatching, uniqueScriptPath, waitFor } from './_live.ts';
import { readLiveServer } from '../../src/sources/mcp-client.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';
import { materializeServer } from '../../src/contract/materialize.ts';
import { parseFusionManifest, type FusionManifest } from '../../src/contract/fusion-manifest.ts';
import { canonicalDigest } from '../../src/canonical/jcs.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { InputError } from '../../src/errors.ts';
import { readFusionManifest } from '../../src/sources/fusion-manifest-read.ts';

const NODE = process.execPath;
/** One unique script path for this file, so the leftover check sees only its servers. */
const SCRIPT = uniqueScriptPath(sharedFixture('fusion-manifest.mjs'));

/** The oracle for digests: node:crypto, independent of the WASM core under test. */
const oracle = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Locked { code: number; stderr: string; lock: Json }

/** `mcpfusion lock` over stdio against the fixture in the given manifest mode. */
function lockWith(mode: string, config?: Json): Locked {
  const dir = tempDir();
  const args = ['lock'];
  if (config) {
    writeFileSync(join(dir, 'mcpfusion.jsonc'), JSON.stringify({ source: { server: [NODE, SCRIPT], env: { FIXTURE_MANIFEST: mode } }, ...config }));
  } else {
    args.push('--server', `'${NODE}' '${SCRIPT}'`, '--server-env', `FIXTURE_MANIFEST=${mode}`);
  }
  const r = runCli(args, { cwd: dir, env: { SOURCE_DATE_EPOCH: '1700000000' } });
  const lock = r.code === 0 ? JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) : undefined;
  return { code: r.code, stderr: r.stderr, lock };
}

test('lock over stdio records the manifest\'s actions, flags, presenters, required fields and tags', () => {
  const { code, stderr, lock } = lockWith('ok');
  assert.is(code, 0, stderr);
  assert.not.ok(/warning/i.test(stderr), `no warnings expected:\n${stderr}`);
  const inv = lock.capabilities.tools.invoices;
  assert.equal(inv.surface.actions, ['get', 'list', 'void']);
  assert.equal(inv.surface.actionContracts.list, {
    description: 'List invoices',
    destructive: false,
    idempotent: true,
    readOnly: true,
    requiredFields: ['status', 'id'], // the manifest's order, not sorted
    presenterName: 'InvoiceListPresenter',
    inputSchemaDigest: `sha256:${oracle('["status","id"]')}`,
    hasMiddleware: false,
  });
  assert.is(inv.surface.actionContracts.get.inputSchemaDigest, `sha256:${oracle('["id"]')}`);
  assert.equal(inv.surface.actionContracts.void, {
    description: null,
    destructive: true,
    idempotent: false,
    readOnly: false,
    requiredFields: ['id'],
    presenterName: null,
    inputSchemaDigest: `sha256:${oracle('["id"]')}`,
    hasMiddleware: false,
  });
  assert.equal(inv.behavior.destructiveActions, ['void']);
  assert.equal(inv.behavior.readOnlyActions, ['get', 'list']);
  assert.equal(inv.surface.tags, ['billing', 'finance']);
  // Union of InvoicePresenter and InvoiceListPresenter keys, sorted and unique; count sums both.
  assert.is(inv.behavior.egressSchemaDigest, `sha256:${oracle('amount_cents,id,status,total')}`);
  assert.is(inv.behavior.systemRulesFingerprint, 'none');
  assert.equal(inv.tokenEconomics, { inflationRisk: 'high', schemaFieldCount: 5, unboundedCollection: true, baseOverheadTokens: 0 });
  // The tool-level input schema digest is still the canonical digest of tools/list's schema.
  assert.is(inv.surface.inputSchemaDigest, `sha256:${oracle(JSON.stringify({ properties: { action: { enum: ['list', 'get', 'void'], type: 'string' }, id: { type: 'string' }, status: { enum: ['open', 'paid'], type: 'string' } }, required: ['action'], type: 'object' }))}`);

  const users = lock.capabilities.tools.users;
  assert.equal(users.surface.actions, ['find']);
  assert.equal(users.surface.tags, ['admin']);
  assert.is(users.behavior.systemRulesFingerprint, 'dynamic');
  assert.is(users.behavior.egressSchemaDigest, `sha256:${oracle('email,id,name')}`);
  assert.equal(users.tokenEconomics, { inflationRisk: 'high', schemaFieldCount: 3, unboundedCollection: true, baseOverheadTokens: 50 });
  // The manifest resource is locked like any other resource.
  assert.equal(Object.keys(lock.capabilities.resources).sort(), ['docs://readme', 'fusion://manifest.json']);
  assert.is(lock.capabilities.resources['fusion://manifest.json'].name, 'MCP Fusion Manifest');
});

test('a manifest at another URI is recognized by its name "MCP Fusion Manifest"', () => {
  const custom = lockWith('custom-uri');
  const ok = lockWith('ok');
  assert.is(custom.code, 0, custom.stderr);
  assert.equal(custom.lock.capabilities.tools, ok.lock.capabilities.tools);
  assert.ok(custom.lock.capabilities.resources['app://introspection/manifest']);
});

/** What the fixture's tools materialize to without a manifest (discriminator / default). */
function assertFallback(lock: Json): void {
  const inv = lock.capabilities.tools.invoices;
  const schemaDigest = inv.surface.inputSchemaDigest;
  assert.equal(inv.surface.actions, ['get', 'list', 'void']);
  for (const key of inv.surface.actions) {
    // No annotations: the MCP defaults; the action schema is the whole input schema.
    assert.equal(inv.surface.actionContracts[key], {
      description: null, destructive: true, idempotent: false, readOnly: false, requiredFields: ['action'],
      presenterName: null, inputSchemaDigest: schemaDigest, hasMiddleware: false,
    });
  }
  assert.equal(inv.surface.tags, []);
  assert.is(inv.behavior.egressSchemaDigest, null);
  const users = lock.capabilities.tools.users;
  assert.equal(users.surface.actions, ['default']);
  assert.is(users.surface.actionContracts.default.readOnly, true);
  assert.is(users.behavior.systemRulesFingerprint, 'none');
  assert.equal(users.tokenEconomics, { inflationRisk: 'low', schemaFieldCount: 0, unboundedCollection: false, baseOverheadTokens: 0 });
}

test('a malformed manifest: a warning naming every problem, then the manifest is ignored as a whole', () => {
  const r = lockWith('malformed');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, 'warning: the MCP Fusion manifest "fusion://manifest.json" is ignored (malformed: 2 problems');
  assert.match(r.stderr, '$.capabilities.tools.invoices.actions.get.destructive: expected a boolean, found the string "no"');
  assert.match(r.stderr, '$.capabilities.tools.users.actions.find.required_fields: expected an array of strings');
  // Even the parts that were well-formed (the invoices tool's list action) are not used.
  assertFallback(r.lock);
});

test('manifest text with a duplicate key (not I-JSON) and a read answered with an error: warning and fallback', () => {
  const dup = lockWith('duplicate-key');
  assert.is(dup.code, 0, dup.stderr);
  assert.match(dup.stderr, 'is ignored (malformed: Invalid JSON in the manifest text at line 1, column');
  assert.match(dup.stderr, 'duplicate key "server"');
  assertFallback(dup.lock);
  const err = lockWith('rpc-error');
  assert.is(err.code, 0, err.stderr);
  assert.match(err.stderr, 'is ignored (reading it failed: JSON-RPC error -32603: introspection is disabled for this session)');
  assertFallback(err.lock);
  // All fallbacks lock the same tools.
  assert.equal(dup.lock.capabilities.tools, err.lock.capabilities.tools);
});

test('the config overlay still wins: its actions replace the manifest\'s, its tags and rules apply', () => {
  const r = lockWith('ok', {
    tools: {
      invoices: { actions: { read: { readOnly: true, requiredFields: ['id'], presenter: 'InvoicePresenter' } }, tags: ['ops'] },
      users: { systemRules: ['Never show emails'], tags: ['people'] },
    },
  });
  assert.is(r.code, 0, r.stderr);
  const inv = r.lock.capabilities.tools.invoices;
  assert.equal(inv.surface.actions, ['read']);
  const read = inv.surface.actionContracts.read;
  assert.is(read.readOnly, true);
  assert.is(read.presenterName, 'InvoicePresenter');
  assert.is(read.inputSchemaDigest, inv.surface.inputSchemaDigest); // overlay actions keep the schema rule
  assert.equal(inv.surface.tags, ['ops']);
  // The overlay's presenter name is resolved in the manifest's presenters.
  assert.is(inv.behavior.egressSchemaDigest, `sha256:${oracle('amount_cents,id,status')}`);
  assert.is(inv.tokenEconomics.schemaFieldCount, 3);
  const users = r.lock.capabilities.tools.users;
  assert.equal(users.surface.actions, ['find']);
  assert.equal(users.surface.tags, ['people']);
  // Static rules from the overlay, the dynamic signal from the presenter (MCP Fusion's composite).
  assert.is(users.behavior.systemRulesFingerprint, `dynamic:${oracle('Never show emails')}`);
  const off = lockWith('ok', { tools: { users: { dynamicSystemRules: false } } });
  assert.is(off.code, 0, off.stderr);
  assert.is(off.lock.capabilities.tools.users.behavior.systemRulesFingerprint, 'none');
});

test('library: readLiveServer puts the validated manifest on the snapshot; no server is left running', async () => {
  const live = await readLiveServer(stdioConnection({ command: NODE, args: [SCRIPT], env: { ...(process.env as Record<string, string>), FIXTURE_MANIFEST: 'ok' } }));
  assert.equal(live.warnings, []);
  const m = live.snapshot.fusionManifest!;
  assert.is(m.server, 'fusion-fixture');
  assert.is(m.mcpFusionVersion, '1.1.0');
  assert.equal(Object.keys(m.tools), ['invoices', 'users']);
  assert.equal(m.tools.invoices!.actions.list!.requiredFields, ['status', 'id']);
  assert.ok(live.snapshot.resources!.some((r: Json) => r.uri === 'fusion://manifest.json'));
  const bad = await readLiveServer(stdioConnection({ command: NODE, args: [SCRIPT], env: { ...(process.env as Record<string, string>), FIXTURE_MANIFEST: 'malformed' } }));
  assert.is(bad.snapshot.fusionManifest, undefined);
  assert.is(bad.warnings.length, 1);
  assert.ok(await waitFor(() => processesMatching(SCRIPT).length === 0, 5000), JSON.stringify(processesMatching(SCRIPT)));
});

const MANIFEST: FusionManifest = {
  tools: {
    report: {
      tags: ['t'],
      actions: { run: { destructive: false, idempotent: true, readOnly: true, requiredFields: ['b', 'a'], presenterName: 'P' } },
    },
  },
  presenters: { P: { schemaKeys: ['x', 'y'], uiBlocksSupported: [], hasContextualRules: false } },
};

test('materializeServer: a declared outputSchema wins over presenter keys; tools the manifest omits are unchanged', () => {
  const outputSchema = { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { a: {}, b: {}, c: {} } }, maxItems: 10 } } };
  const tools: JsonValue[] = [
    { name: 'report', inputSchema: { type: 'object' }, outputSchema },
    { name: 'other', inputSchema: { type: 'object', properties: { action: { enum: ['a', 'b'] } } }, annotations: { readOnlyHint: true } },
  ];
  const withManifest = materializeServer({ tools, fusionManifest: MANIFEST });
  const without = materializeServer({ tools });
  const report = withManifest.tools.report!;
  assert.equal(Object.keys(report.surface.actions), ['run']);
  assert.is(report.surface.actions.run!.inputSchemaDigest, oracle('["b","a"]'));
  assert.is(report.behavior.egressSchemaDigest, canonicalDigest(outputSchema));
  assert.equal(report.tokenEconomics, { schemaFieldCount: 3, unboundedCollection: false, baseOverheadTokens: 0, inflationRisk: 'low' });
  assert.equal(withManifest.tools.other, without.tools.other);
  // Without an outputSchema, the presenter keys give the egress.
  const bare = materializeServer({ tools: [{ name: 'report', inputSchema: { type: 'object' } }], fusionManifest: MANIFEST });
  assert.is(bare.tools.report!.behavior.egressSchemaDigest, oracle('x,y'));
  const limited = materializeServer({ tools: [{ name: 'report', inputSchema: { type: 'object' } }], fusionManifest: MANIFEST }, { report: { guardrails: { agentLimitMax: 50 } } });
  assert.equal(limited.tools.report!.tokenEconomics, { schemaFieldCount: 2, unboundedCollection: false, baseOverheadTokens: 0, inflationRisk: 'low' });
  // A manifest tool with no actions falls back to the discriminator rule (here: `default`), keeping its tags.
  const empty = materializeServer({ tools: [{ name: 'report', inputSchema: { type: 'object' } }], fusionManifest: { tools: { report: { tags: ['t'], actions: {} } }, presenters: {} } });
  assert.equal(Object.keys(empty.tools.report!.surface.actions), ['default']);
  assert.equal(empty.tools.report!.surface.tags, ['t']);
});

test('readFusionManifest: ambiguous candidates, missing text, unlisted tools and undescribed presenters', async () => {
  const text = JSON.stringify({ capabilities: { tools: { a: { actions: { x: { destructive: false, idempotent: false, readOnly: true, required_fields: [], returns_presenter: 'Gone' } } }, ghost: { actions: {} } }, presenters: {} } });
  const reads: string[] = [];
  const reader = (answer: unknown) => async (uri: string) => { reads.push(uri); return { result: answer }; };
  const res = [{ uri: 'fusion://manifest.json', name: 'MCP Fusion Manifest' }];
  const two = await readFusionManifest([...res, { uri: 'x://m', name: 'MCP Fusion Manifest' }], [], reader({}));
  assert.match(two.warnings[0]!, '2 resources look like an MCP Fusion manifest ("fusion://manifest.json", "x://m"); none is used');
  assert.equal(reads, [], 'nothing is read when the candidate is ambiguous');
  const none = await readFusionManifest([{ uri: 'docs://a', name: 'Readme' }], [], reader({}));
  assert.equal(none, { warnings: [] });
  assert.equal(reads, []);
  const blob = await readFusionManifest(res, [], reader({ contents: [{ uri: 'fusion://manifest.json', blob: 'e30=' }] }));
  assert.is(blob.manifest, undefined);
  assert.match(blob.warnings[0]!, 'its content has no "text"');
  const ok = await readFusionManifest(res, [{ name: 'a', inputSchema: {} }], reader({ contents: [{ uri: 'fusion://manifest.json', text }] }));
  assert.ok(ok.manifest);
  assert.equal(ok.warnings, [
    'the MCP Fusion manifest describes tool(s) that tools/list does not list: "ghost"; they are not locked',
    'the MCP Fusion manifest names presenter(s) it does not describe (a.x → Gone); their schema keys and rules are not locked',
  ]);
});

test('parseFusionManifest: all problems at once with paths; null means absent; unknown keys are allowed', () => {
  try {
    parseFusionManifest({ capabilities: { tools: { t: { tags: 'x', actions: { a: { destructive: 1, idempotent: true, readOnly: true } } } }, presenters: { P: { schema_keys: [1] } } } });
    assert.unreachable('should have thrown');
  } catch (e) {
    assert.instance(e, InputError);
    const msg = (e as Error).message;
    for (const fragment of [
      '$.capabilities.tools.t.tags: expected an array of strings',
      '$.capabilities.tools.t.actions.a.destructive: expected a boolean',
      '$.capabilities.tools.t.actions.a.required_fields: missing',
      '$.capabilities.presenters.P.schema_keys[0]: expected a string',
      '$.capabilities.presenters.P.has_contextual_rules: missing',
    ]) assert.ok(msg.includes(fragment), `${fragment} not in ${msg}`);
  }
  assert.throws(() => parseFusionManifest({ server: 's' }), /\$\.capabilities: missing; expected an object/);
  const m = parseFusionManifest({
    future_key: 1,
    capabilities: { tools: { t: { description: null, actions: { a: { description: null, destructive: false, idempotent: false, readOnly: true, required_fields: [], returns_presenter: null, extra: 1 } } } } },
  });
  assert.equal(m.tools.t!.tags, []);
  assert.equal(m.tools.t!.actions.a, { destructive: false, idempotent: false, readOnly: true, requiredFields: [] });
  assert.equal(m.presenters, {});
});

test.run();
