import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  computeContractSetDigests,
  computeIntegrityDigest,
  computePromptDigest,
  computeResourceDigest,
  computeServerDigest,
  computeToolDigest,
  sortedKeys,
  surfacePreimage,
} from '../../src/canonical/digest.ts';
import { canonicalize } from '../../src/canonical/jcs.ts';
import type { ContractSet, PromptContract, ToolContract } from '../../src/contract/types.ts';
import { parseContractsFile } from '../../src/sources/contracts-file.ts';
import { materializeServer, materializeToolsList } from '../../src/contract/materialize.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { ROOT } from '../helpers/cli.ts';

// The oracle: node:crypto over strings written out by hand from SPEC section 4.
const H = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

function tool(): ToolContract {
  return {
    surface: {
      name: 'orders',
      description: 'Manage orders',
      tags: ['shop', 'admin'],
      inputSchemaDigest: A,
      actions: {
        refund: { description: 'Refund', destructive: true, idempotent: false, readOnly: false, requiredFields: ['id', 'amount'], inputSchemaDigest: B, hasMiddleware: true, presenterName: 'RefundView' },
        list: { destructive: false, idempotent: true, readOnly: true, requiredFields: [], inputSchemaDigest: C, hasMiddleware: false, openWorld: false },
      },
    },
    behavior: {
      egressSchemaDigest: C,
      systemRulesFingerprint: 'none',
      cognitiveGuardrails: { agentLimitMax: 25, egressMaxBytes: null },
      middlewareChain: ['auth', 'rate'],
      stateSyncFingerprint: null,
      concurrencyFingerprint: 'mutex',
      affordanceTopology: ['payments', 'customers'],
      embeddedPresenters: ['LineItem'],
    },
    tokenEconomics: { schemaFieldCount: 12, unboundedCollection: false, baseOverheadTokens: 40, inflationRisk: 'low' },
    entitlements: { filesystem: false, network: true, subprocess: false, crypto: true, codeEvaluation: false, raw: ['fetch', 'crypto.createHmac'] },
  };
}

const SURFACE_PRE = '{"actions":[' +
  `{"destructive":false,"hasMiddleware":false,"idempotent":true,"inputSchemaDigest":"${C}","key":"list","openWorld":false,"readOnly":true,"requiredFields":[]},` +
  `{"description":"Refund","destructive":true,"hasMiddleware":true,"idempotent":false,"inputSchemaDigest":"${B}","key":"refund","presenterName":"RefundView","readOnly":false,"requiredFields":["id","amount"]}` +
  `],"description":"Manage orders","inputSchemaDigest":"${A}","name":"orders","tags":["admin","shop"]}`;
const BEHAVIOR_PRE = '{"affordanceTopology":["payments","customers"],"cognitiveGuardrails":{"agentLimitMax":25,"egressMaxBytes":null},' +
  `"concurrencyFingerprint":"mutex","egressSchemaDigest":"${C}","embeddedPresenters":["LineItem"],"middlewareChain":["auth","rate"],` +
  '"stateSyncFingerprint":null,"systemRulesFingerprint":"none"}';
const TOKEN_PRE = '{"baseOverheadTokens":40,"inflationRisk":"low","schemaFieldCount":12,"unboundedCollection":false}';
const ENT_PRE = '{"codeEvaluation":false,"crypto":true,"filesystem":false,"network":true,"raw":["crypto.createHmac","fetch"],"subprocess":false}';

test('section hashes and tool digest match the hand-written pre-images', () => {
  const d = computeToolDigest(tool());
  assert.is(d.components.surface, H(SURFACE_PRE));
  assert.is(d.components.behavior, H(BEHAVIOR_PRE));
  assert.is(d.components.tokenEconomics, H(TOKEN_PRE));
  assert.is(d.components.entitlements, H(ENT_PRE));
  assert.is(d.digest, H(`${H(SURFACE_PRE)}:${H(BEHAVIOR_PRE)}:${H(TOKEN_PRE)}:${H(ENT_PRE)}`));
});

test('an absent description is omitted from the surface pre-image', () => {
  const t = tool();
  delete t.surface.description;
  t.surface.actions = {};
  assert.is(computeToolDigest(t).components.surface, H(`{"actions":[],"inputSchemaDigest":"${A}","name":"orders","tags":["admin","shop"]}`));
});

test('server digest: name:digest lines sorted by name (code units), joined by \\n', () => {
  const tools = { beta: { digest: B }, Alpha: { digest: A }, alpha: { digest: C } };
  assert.is(computeServerDigest(tools), H(`Alpha:${A}\nalpha:${C}\nbeta:${B}`));
  assert.is(computeServerDigest({}), H(''));
});

const prompt: PromptContract = {
  name: 'summarize', title: null, description: 'Sum up', tags: ['z', 'a'],
  arguments: [{ name: 'text', description: null, required: true }], hasMiddleware: false, hydrationTimeout: null,
};

test('prompt digest and arguments digest', () => {
  const d = computePromptDigest(prompt);
  assert.is(d.argumentsDigest, H('[{"description":null,"name":"text","required":true}]'));
  assert.is(d.digest, H('{"arguments":[{"description":null,"name":"text","required":true}],"description":"Sum up","hasMiddleware":false,"hydrationTimeout":null,"name":"summarize","tags":["a","z"],"title":null}'));
});

test('integrity digest (SPEC §4): the server digest alone, else folded with the prompts; resources never feed it', () => {
  assert.is(computeIntegrityDigest(A, {}), A);
  assert.is(computeIntegrityDigest(A, { b: { digest: B }, a: { digest: C } }), H(`${A}\n---prompts---\na:sha256:${C}\nb:sha256:${B}`));
  const tool = { name: 't', description: 'T', inputSchema: { type: 'object' } };
  const withoutResources = computeContractSetDigests(materializeServer({ tools: [tool as never] }));
  const withResources = computeContractSetDigests(materializeServer({ tools: [tool as never], resources: [{ uri: 'file:///x', name: 'x' }] as never }));
  assert.is(Object.keys(withResources.resources).length, 1);
  assert.is(withResources.integrityDigest, withoutResources.integrityDigest);
  assert.is(withResources.integrityDigest, withResources.serverDigest);
});

test('resource digest', () => {
  assert.is(
    computeResourceDigest({ kind: 'template', uri: 'db://{table}', name: 'table', title: null, description: 'Rows', mimeType: 'application/json' }),
    H('{"description":"Rows","kind":"template","mimeType":"application/json","name":"table","title":null,"uri":"db://{table}"}'),
  );
});

function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function reorderKeys(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x, i) => reorderKeys(x, seed + i));
  if (v && typeof v === 'object') {
    return Object.fromEntries(shuffled(Object.entries(v), seed).map(([k, x], i) => [k, reorderKeys(x, seed * 31 + i)]));
  }
  return v;
}

test('property: key order, tool order, tag and raw-entitlement order never change a digest', () => {
  const base = tool();
  const second = { ...tool(), surface: { ...tool().surface, name: 'second' } };
  const set: ContractSet = { tools: { orders: base, second }, prompts: { summarize: prompt }, resources: {} };
  const want = computeContractSetDigests(set);
  fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
    const doc = reorderKeys({ tools: shuffled([base, second], seed), prompts: [prompt] }, seed) as { tools: ToolContract[] };
    for (const t of doc.tools) {
      t.surface.tags = shuffled(t.surface.tags, seed);
      t.entitlements.raw = shuffled(t.entitlements.raw, seed + 1);
    }
    const parsed = parseContractsFile(JSON.stringify(doc), 'shuffled');
    const got = computeContractSetDigests(parsed);
    assert.is(got.integrityDigest, want.integrityDigest);
    assert.equal(got.tools, want.tools);
  }), { numRuns: 100 });
});

/** Every hashed leaf of a tool contract as a path, with a mutation that must change the digest. */
function mutations(c: ToolContract): { path: string; apply: (t: ToolContract) => void }[] {
  const out: { path: string; apply: (t: ToolContract) => void }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (Array.isArray(v)) {
      const sortedArrays = ['tags', 'raw'];
      out.push({ path: path.join('.') + '+', apply: (t) => (get(t, path) as unknown[]).push('added-item') });
      if (v.length > 1 && !sortedArrays.includes(String(path[path.length - 1]))) {
        out.push({ path: path.join('.') + '~order', apply: (t) => (get(t, path) as unknown[]).reverse() });
      }
      v.forEach((x, i) => walk(x, [...path, i]));
      return;
    }
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...path, k]);
      return;
    }
    out.push({
      path: path.join('.'),
      apply: (t) => {
        const parent = get(t, path.slice(0, -1)) as Record<string | number, unknown>;
        const key = path[path.length - 1]!;
        const cur = parent[key];
        parent[key] = typeof cur === 'boolean' ? !cur : typeof cur === 'number' ? cur + 1 : cur === null ? 7 : typeof cur === 'string' && /^[0-9a-f]{64}$/.test(cur) ? cur.replace(/.$/, (ch) => (ch === '0' ? '1' : '0')) : `${String(cur)}-changed`;
      },
    });
  };
  walk(c, []);
  return out;
}

function get(o: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], o);
}

test('changing any single hashed field of a contract always changes its digest', () => {
  const before = computeToolDigest(tool()).digest;
  const list = mutations(tool());
  assert.ok(list.length > 40, `only ${list.length} mutations`);
  for (const m of list) {
    const t = structuredClone(tool());
    m.apply(t);
    assert.is.not(computeToolDigest(t).digest, before, m.path);
  }
  // Optional fields: adding a description, a presenter, openWorld; renaming an action key.
  const t = tool();
  t.surface.actions['list']!.description = 'new';
  assert.is.not(computeToolDigest(t).digest, before);
  const u = tool();
  u.surface.actions['listAll'] = u.surface.actions['list']!;
  delete u.surface.actions['list'];
  assert.is.not(computeToolDigest(u).digest, before);
});

test('the full schemas carried beside the digests do not feed the digest', () => {
  const t = tool();
  const before = computeToolDigest(t).digest;
  t.surface.inputSchema = { type: 'object' };
  t.behavior.outputSchema = { type: 'object' };
  t.surface.actions['list']!.inputSchema = { type: 'object', properties: {} };
  t.surface.title = 'A display title';
  assert.is(computeToolDigest(t).digest, before);
});

test('a contracts file may carry a tool title (a string; not hashed)', () => {
  const doc = JSON.parse(JSON.stringify({ tools: { orders: tool() } }));
  const before = computeToolDigest(parseContractsFile(JSON.stringify(doc), 'c').tools['orders']!).digest;
  doc.tools.orders.surface.title = 'Shown to the user';
  const read = parseContractsFile(JSON.stringify(doc), 'c').tools['orders']!;
  assert.is(read.surface.title, 'Shown to the user');
  assert.is(computeToolDigest(read).digest, before);
  doc.tools.orders.surface.title = 7;
  assert.throws(() => parseContractsFile(JSON.stringify(doc), 'c'), /\$\.tools\.orders\.surface\.title/);
});

test('property: the surface pre-image writes each action as { key, ...action } without inputSchema, whatever fields it has', () => {
  // The pre-image as the SPEC states it, with object spread; the implementation builds it in key order.
  const bySpread = (c: ToolContract): string => canonicalize({
    ...(surfacePreimage(c) as Record<string, unknown>),
    actions: sortedKeys(c.surface.actions).map((key) => {
      const { inputSchema: _schema, ...action } = c.surface.actions[key]!;
      return { key, ...action };
    }),
  });
  const fieldName = fc.oneof(fc.string(), fc.constantFrom('key', 'inputSchema', '__proto__', '0', '10', 'description', 'zz', 'a'));
  const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }));
  fc.assert(fc.property(fc.dictionary(fc.string(), fc.dictionary(fieldName, value, { maxKeys: 6 }), { maxKeys: 4 }), (actions) => {
    const t = tool();
    const withProto: Record<string, unknown> = {};
    for (const [name, fields] of Object.entries(actions)) {
      const action = { ...t.surface.actions['list']! } as Record<string, unknown>;
      for (const [k, v] of Object.entries(fields)) Object.defineProperty(action, k, { value: v, enumerable: true, writable: true, configurable: true });
      Object.defineProperty(withProto, name, { value: action, enumerable: true, writable: true, configurable: true });
    }
    t.surface.actions = withProto as ToolContract['surface']['actions'];
    const outcome = (f: () => string): string => { try { return f(); } catch (e) { return `error: ${(e as Error).message}`; } };
    assert.is(outcome(() => canonicalize(surfacePreimage(t))), outcome(() => bySpread(t)));
  }), { numRuns: 300 });
});

test('digest vectors: saved tools/list files give the digests an independent implementation computed', () => {
  const dir = join(ROOT, 'test/vectors/digest');
  const vectors = readdirSync(dir).filter((f) => f.endsWith('.digests.json'));
  assert.ok(vectors.length >= 1);
  for (const f of vectors) {
    const input = parseStrictJson(readFileSync(join(dir, f.replace(/\.digests\.json$/, '.json')), 'utf8'), f);
    const want = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { serverDigest: string; tools: Record<string, string> };
    const got = computeContractSetDigests(materializeToolsList(input));
    assert.equal(sortedKeys(got.tools), sortedKeys(want.tools), f);
    for (const name of sortedKeys(want.tools)) assert.is(got.tools[name]!.digest, want.tools[name], `${f}: tool ${name}`);
    assert.is(got.serverDigest, want.serverDigest, f);
  }
});

test('digest vectors: contracts files give the digests an independent implementation computed, prompts and integrity included', () => {
  const dir = join(ROOT, 'test/vectors/digest');
  const vectors = readdirSync(dir).filter((f) => f.endsWith('.contract-digests.json'));
  assert.ok(vectors.length >= 1);
  for (const f of vectors) {
    const input = readFileSync(join(dir, f.replace(/\.contract-digests\.json$/, '.contracts.json')), 'utf8');
    const want = JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
      serverDigest: string;
      integrityDigest: string;
      tools: Record<string, { digest: string; components: Record<string, string> }>;
      prompts: Record<string, { digest: string; argumentsDigest: string }>;
    };
    const got = computeContractSetDigests(parseContractsFile(input, f));
    assert.equal(sortedKeys(got.tools), sortedKeys(want.tools), f);
    for (const name of sortedKeys(want.tools)) {
      assert.equal({ ...got.tools[name]!.components }, want.tools[name]!.components, `${f}: tool ${name} components`);
      assert.is(got.tools[name]!.digest, want.tools[name]!.digest, `${f}: tool ${name}`);
    }
    assert.equal(got.prompts, want.prompts, `${f}: prompts`);
    assert.is(got.serverDigest, want.serverDigest, `${f}: server digest`);
    assert.is(got.integrityDigest, want.integrityDigest, `${f}: integrity digest`);
  }
});

test.run();
