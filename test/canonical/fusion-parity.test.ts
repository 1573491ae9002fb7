/**
 * Parity with MCP Fusion's digests (SPEC section 4: "the same ToolContract MUST give the same
 * digests"), checked against an independent statement of MCP Fusion's rules as its source
 * (`packages/core/src/introspection/{canonicalize,BehaviorDigest,CapabilityLockfile}.ts`) states
 * them: canonical JSON = `JSON.stringify` of a copy whose object keys were put in `sort()` order;
 * section pre-images, tool, server, prompt and integrity digests as there. The oracle is
 * restated here in a few lines (not imported from anywhere) and hashed with `node:crypto`.
 *
 * Where the SPEC decides differently from MCP Fusion, the difference is pinned below by name, so
 * it stays a decision and never becomes an accident.
 *
 * @module
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { materializeServer } from '../../src/contract/materialize.ts';
import { parseFusionManifest } from '../../src/contract/fusion-manifest.ts';
import { parseContractsFile } from '../../src/sources/contracts-file.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';

type Obj = Record<string, unknown>;

const H = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** MCP Fusion's canonical form: JSON.stringify over a copy with keys in `sort()` order. */
function fusionCanonical(v: unknown): string {
  const sortKeys = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sortKeys);
    if (x !== null && typeof x === 'object') {
      const out: Obj = {};
      for (const k of Object.keys(x).sort()) out[k] = sortKeys((x as Obj)[k]);
      return out;
    }
    return x;
  };
  return JSON.stringify(sortKeys(v));
}

/** MCP Fusion's tool digest of a ToolContract as its JSON export holds it. */
function fusionToolDigest(c: Obj): string {
  const s = c['surface'] as Obj;
  const b = c['behavior'] as Obj;
  const t = c['tokenEconomics'] as Obj;
  const e = c['entitlements'] as Obj;
  const actions = s['actions'] as Record<string, Obj>;
  const hash = (o: unknown): string => H(fusionCanonical(o));
  const parts = [
    hash({
      name: s['name'], description: s['description'], tags: [...(s['tags'] as string[])].sort(),
      inputSchemaDigest: s['inputSchemaDigest'], actions: Object.keys(actions).sort().map((key) => ({ key, ...actions[key] })),
    }),
    hash({
      egressSchemaDigest: b['egressSchemaDigest'], systemRulesFingerprint: b['systemRulesFingerprint'],
      cognitiveGuardrails: b['cognitiveGuardrails'], middlewareChain: b['middlewareChain'],
      stateSyncFingerprint: b['stateSyncFingerprint'], concurrencyFingerprint: b['concurrencyFingerprint'],
      affordanceTopology: b['affordanceTopology'], embeddedPresenters: b['embeddedPresenters'],
    }),
    hash({ schemaFieldCount: t['schemaFieldCount'], unboundedCollection: t['unboundedCollection'], baseOverheadTokens: t['baseOverheadTokens'], inflationRisk: t['inflationRisk'] }),
    hash({ filesystem: e['filesystem'], network: e['network'], subprocess: e['subprocess'], crypto: e['crypto'], codeEvaluation: e['codeEvaluation'], raw: [...(e['raw'] as string[])].sort() }),
  ];
  return H(parts.join(':'));
}

/**
 * MCP Fusion's prompt digest (`snapshotPrompt`), except that arguments are ordered by code units
 * where MCP Fusion uses `localeCompare` (pinned separately below).
 */
function fusionPromptDigest(p: Obj): string {
  const args = ((p['arguments'] ?? []) as Obj[])
    .map((a) => ({ name: a['name'], description: a['description'] ?? null, required: a['required'] ?? false }))
    .sort((x, y) => (String(x.name) < String(y.name) ? -1 : String(x.name) > String(y.name) ? 1 : 0));
  return H(fusionCanonical({
    name: p['name'], description: p['description'] ?? null, title: p['title'] ?? null, tags: [...((p['tags'] ?? []) as string[])].sort(),
    arguments: args, hasMiddleware: p['hasMiddleware'] ?? false, hydrationTimeout: p['hydrationTimeout'] ?? null,
  }));
}

/** MCP Fusion's lockfile integrity digest: server digest, folded with the prompts when there are some. */
function fusionIntegrity(tools: Record<string, Obj>, prompts: Record<string, Obj>): string {
  const server = H(Object.keys(tools).sort().map((n) => `${n}:${fusionToolDigest(tools[n]!)}`).join('\n'));
  const names = Object.keys(prompts).sort();
  if (names.length === 0) return server;
  return H(`${server}\n---prompts---\n${names.map((n) => `${n}:sha256:${fusionPromptDigest(prompts[n]!)}`).join('\n')}`);
}

// Text as a JSON document can hold it (no lone surrogates, which the strict reader refuses).
const text = fc.string({ unit: 'grapheme', maxLength: 8 });
const name = fc.oneof(text.filter((s) => s !== ''), fc.constantFrom('10', '9', '0', 'a', 'B', '__proto__', 'é', '😀'));
const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const count = fc.oneof(fc.nat(), fc.constantFrom(0, 1e21, 2 ** 53));
const limit = fc.option(fc.oneof(count, fc.double({ noNaN: true, noDefaultInfinity: true })), { nil: null });

const action = fc.record({
  description: optional(text),
  destructive: fc.boolean(), idempotent: fc.boolean(), readOnly: fc.boolean(),
  requiredFields: fc.array(text, { maxLength: 3 }),
  presenterName: optional(text),
  inputSchemaDigest: hex,
  hasMiddleware: fc.boolean(),
});

const contract = fc.record({
  surface: fc.record({
    name,
    description: optional(text),
    tags: fc.array(text, { maxLength: 4 }),
    actions: fc.dictionary(name, action, { maxKeys: 3 }),
    inputSchemaDigest: hex,
  }),
  behavior: fc.record({
    egressSchemaDigest: fc.option(hex, { nil: null }),
    systemRulesFingerprint: fc.oneof(fc.constantFrom('none', 'dynamic'), hex.map((h) => `static:${h}`), hex.map((h) => `dynamic:${h}`)),
    cognitiveGuardrails: fc.record({ agentLimitMax: limit, egressMaxBytes: limit }),
    middlewareChain: fc.array(text, { maxLength: 3 }),
    stateSyncFingerprint: fc.option(text, { nil: null }),
    concurrencyFingerprint: fc.option(text, { nil: null }),
    affordanceTopology: fc.array(text, { maxLength: 3 }),
    embeddedPresenters: fc.array(text, { maxLength: 3 }),
  }),
  tokenEconomics: fc.record({
    schemaFieldCount: fc.nat(), unboundedCollection: fc.boolean(), baseOverheadTokens: fc.nat(),
    inflationRisk: fc.constantFrom('low', 'medium', 'high', 'critical'),
  }),
  entitlements: fc.record({
    filesystem: fc.boolean(), network: fc.boolean(), subprocess: fc.boolean(), crypto: fc.boolean(), codeEvaluation: fc.boolean(),
    raw: fc.array(fc.oneof(text, fc.constantFrom('fs', 'fetch', 'Fs', '_x')), { maxLength: 4 }),
  }),
});

const prompt = fc.record({
  title: optional(text),
  description: optional(text),
  tags: fc.array(text, { maxLength: 3 }),
  arguments: fc.uniqueArray(fc.record({ name: text, description: optional(text), required: optional(fc.boolean()) }), { maxLength: 3, selector: (a) => a.name }),
  hasMiddleware: fc.boolean(),
  hydrationTimeout: fc.option(fc.nat(), { nil: null }),
});

test('property: a ToolContract exported as JSON gets MCP Fusion\'s tool, server and integrity digests', () => {
  fc.assert(fc.property(
    fc.uniqueArray(contract, { minLength: 1, maxLength: 3, selector: (c) => c.surface.name }),
    fc.dictionary(name, prompt, { maxKeys: 2 }),
    (contracts, promptMap) => {
      // JSON export (as JSON.stringify writes a materialized contract: undefined members dropped).
      const tools: Record<string, Obj> = {};
      for (const c of contracts) Object.defineProperty(tools, c.surface.name, { value: JSON.parse(JSON.stringify(c)), enumerable: true });
      const prompts: Record<string, Obj> = {};
      for (const [n, p] of Object.entries(promptMap)) Object.defineProperty(prompts, n, { value: JSON.parse(JSON.stringify({ name: n, ...p })), enumerable: true });
      const doc = JSON.stringify({ tools: Object.values(tools), prompts: Object.values(prompts) });
      const ours = computeContractSetDigests(parseContractsFile(doc, 'generated'));
      for (const n of Object.keys(tools)) assert.is(ours.tools[n]!.digest, fusionToolDigest(tools[n]!), `tool ${n}`);
      for (const n of Object.keys(prompts)) assert.is(ours.prompts[n]!.digest, fusionPromptDigest(prompts[n]!), `prompt ${n}`);
      assert.is(ours.integrityDigest, fusionIntegrity(tools, prompts));
      // The record `compileContracts` returns, written as it is: a bare map of name → contract.
      const bare = computeContractSetDigests(parseContractsFile(JSON.stringify(tools), 'compileContracts'));
      assert.is(bare.serverDigest, fusionIntegrity(tools, {}));
    },
  ), { numRuns: 200 });
});

test('compileContracts\' record as JSON is a contracts file, even with tools named like the wrapper\'s keys; a bad entry is named by its tool', () => {
  const example = JSON.parse(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8')) as { tools: Record<string, Obj> };
  const tools: Record<string, Obj> = {};
  for (const [n, c] of Object.entries(example.tools)) tools[n] = c;
  for (const n of ['tools', 'serverName', 'prompts']) {
    const c = structuredClone(example.tools['invoices']!);
    (c['surface'] as Obj)['name'] = n;
    tools[n] = c;
  }
  const set = parseContractsFile(JSON.stringify(tools), 'bare');
  assert.equal(Object.keys(set.tools).sort(), Object.keys(tools).sort());
  assert.equal(computeContractSetDigests(set), computeContractSetDigests(parseContractsFile(JSON.stringify({ tools }), 'wrapped')));
  // The wrapped form with a tool named "surface" stays the wrapped form.
  const wrapped = { tools: { surface: { ...structuredClone(example.tools['invoices']!), surface: { ...(example.tools['invoices']!['surface'] as Obj), name: 'surface' } } } };
  assert.equal(Object.keys(parseContractsFile(JSON.stringify(wrapped), 'wrapped').tools), ['surface']);
  const broken = structuredClone(example.tools);
  delete (broken['payments']!['surface'] as Obj)['name'];
  assert.throws(() => parseContractsFile(JSON.stringify(broken), 'broken'), (e: unknown) => /\$\.payments\.surface\.name: missing/.test((e as Error).message) && !/unknown key/.test((e as Error).message));
});

test('a tool read with its MCP Fusion manifest gets the contract MCP Fusion materializes (required already sorted)', () => {
  const inputSchema = { type: 'object', properties: { action: { type: 'string', enum: ['list', 'void'] }, id: { type: 'string' } }, required: ['action', 'id'] };
  const manifest = parseFusionManifest({
    capabilities: {
      tools: {
        invoices: {
          description: 'Invoices', tags: ['billing'], input_schema: inputSchema,
          actions: {
            list: { description: 'List', destructive: false, idempotent: true, readOnly: true, required_fields: [], returns_presenter: 'Invoice' },
            void: { destructive: true, idempotent: false, readOnly: false, required_fields: ['reason', 'id'] },
          },
        },
      },
      presenters: { Invoice: { schema_keys: ['total', 'id', 'status'], ui_blocks_supported: [], has_contextual_rules: true } },
    },
  });
  const set = materializeServer({ serverInfo: { name: 'billing' }, tools: [{ name: 'invoices', description: 'Invoices', inputSchema }], fusionManifest: manifest });
  // What MCP Fusion's materializeContract records for this tool, written out by hand.
  const fusion: Obj = {
    surface: {
      name: 'invoices', description: 'Invoices', tags: ['billing'], inputSchemaDigest: H(fusionCanonical(inputSchema)),
      actions: {
        list: { description: 'List', destructive: false, idempotent: true, readOnly: true, requiredFields: [], presenterName: 'Invoice', inputSchemaDigest: H('[]'), hasMiddleware: false },
        void: { destructive: true, idempotent: false, readOnly: false, requiredFields: ['reason', 'id'], inputSchemaDigest: H('["reason","id"]'), hasMiddleware: false },
      },
    },
    behavior: {
      egressSchemaDigest: H('id,status,total'), systemRulesFingerprint: 'dynamic', cognitiveGuardrails: { agentLimitMax: null, egressMaxBytes: null },
      middlewareChain: [], stateSyncFingerprint: null, concurrencyFingerprint: null, affordanceTopology: [], embeddedPresenters: [],
    },
    tokenEconomics: { schemaFieldCount: 3, unboundedCollection: true, baseOverheadTokens: 50, inflationRisk: 'high' },
    entitlements: { filesystem: false, network: false, subprocess: false, crypto: false, codeEvaluation: false, raw: [] },
  };
  assert.is(computeContractSetDigests(set).tools['invoices']!.digest, fusionToolDigest(fusion));
});

// ---- Where the SPEC decides differently from MCP Fusion ----

test('SPEC: prompt arguments are ordered by code units, where MCP Fusion uses localeCompare', () => {
  const doc = { tools: [], prompts: [{ name: 'p', arguments: [{ name: 'a' }, { name: 'B' }] }] };
  const ours = computeContractSetDigests(parseContractsFile(JSON.stringify(doc), 'doc')).prompts['p']!;
  const args = (names: string[]) => names.map((n) => ({ name: n, description: null, required: false }));
  const pre = (names: string[]) => fusionCanonical({ name: 'p', description: null, title: null, tags: [], arguments: args(names), hasMiddleware: false, hydrationTimeout: null });
  assert.is(ours.digest, H(pre(['B', 'a'])));
  assert.is.not(ours.digest, H(pre(['a', 'B'])), 'MCP Fusion\'s localeCompare order');
  assert.is(ours.argumentsDigest, H(fusionCanonical(args(['B', 'a']))));
});

test('SPEC: integer-like keys are ordered by code units, where MCP Fusion\'s JSON.stringify puts them first in numeric order', () => {
  // Only object keys chosen by a server can be integer-like (schemas); every pre-image key is a fixed name.
  const schema = { properties: { '10': {}, '9': {}, $id: {} } };
  assert.is(canonicalize(schema), '{"properties":{"$id":{},"10":{},"9":{}}}');
  assert.is(fusionCanonical(schema), '{"properties":{"9":{},"10":{},"$id":{}}}');
});

test('SPEC: a key named __proto__ is an ordinary key, where MCP Fusion\'s sorted copy drops it', () => {
  const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"},"a":{}}}') as unknown;
  assert.is(canonicalize(schema), '{"properties":{"__proto__":{"type":"string"},"a":{}}}');
  assert.is(fusionCanonical(schema), '{"properties":{"a":{}}}');
});

test.run();
