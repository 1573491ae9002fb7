import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { canonicalize } from '../../src/canonical/jcs.ts';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { LISTING_WARNING_RULES, annotationFlags } from '../../src/contract/annotations.ts';
import { deriveActions } from '../../src/contract/actions.ts';
import { materializeServer, materializeTool, materializeToolsList, unmatchedOverlays } from '../../src/contract/materialize.ts';
import { normalizeSchema } from '../../src/contract/schema-normalize.ts';
import { systemRulesFingerprint } from '../../src/contract/system-rules.ts';
import { classifyInflationRisk, computeTokenEconomics, egressFieldCount, hasUnboundedArray } from '../../src/contract/token-economics.ts';
import { InputError } from '../../src/errors.ts';

/** Independent oracle: node:crypto over the UTF-8 bytes (tests only). */
const H = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function throwsInput(fn: () => unknown, ...fragments: string[]): string {
  try {
    fn();
  } catch (e) {
    assert.instance(e, InputError);
    for (const f of fragments) assert.ok((e as Error).message.includes(f), `message lacks ${JSON.stringify(f)}:\n${(e as Error).message}`);
    return (e as Error).message;
  }
  assert.unreachable('expected an InputError');
  return '';
}

// ---------------------------------------------------------------- schema normalization

test('normalizeSchema sorts required, type arrays and dependentRequired members at keyword positions', () => {
  const schema = {
    type: 'object',
    required: ['b', 'a', 'C'],
    properties: {
      x: { type: ['string', 'null', 'integer'], enum: ['z', 'a'], default: ['q', 'b'], examples: [['b', 'a']], const: ['y', 'x'] },
      required: { type: 'array', items: { type: 'object', required: ['k', 'j'] } },
      nested: { allOf: [{ required: ['2', '1'] }], anyOf: [{ not: { required: ['n', 'm'] } }] },
    },
    dependentRequired: { a: ['z', 'y'] },
    dependencies: { a: ['d', 'c'], b: { required: ['f', 'e'] } },
    $defs: { D: { required: ['s', 'r'] } },
    definitions: { E: { required: ['u', 't'] } },
    if: { required: ['i2', 'i1'] }, then: { required: ['t2', 't1'] }, else: { required: ['e2', 'e1'] },
    patternProperties: { '^p': { required: ['p2', 'p1'] } },
    additionalProperties: { required: ['a2', 'a1'] },
    prefixItems: [{ required: ['p4', 'p3'] }],
    'x-vendor': { required: ['keep', 'as-is'] },
  };
  const out = normalizeSchema(schema as JsonValue) as Record<string, any>;
  assert.equal(out.required, ['C', 'a', 'b'], 'code-unit order: uppercase first');
  assert.equal(out.properties.x.type, ['integer', 'null', 'string']);
  assert.equal(out.properties.x.enum, ['z', 'a'], 'enum order is data and kept');
  assert.equal(out.properties.x.default, ['q', 'b']);
  assert.equal(out.properties.x.examples, [['b', 'a']]);
  assert.equal(out.properties.x.const, ['y', 'x']);
  assert.equal(out.properties.required.type, 'array', 'a property named "required" is a schema, not the keyword');
  assert.equal(out.properties.required.items.required, ['j', 'k']);
  assert.equal(out.properties.nested.allOf[0].required, ['1', '2']);
  assert.equal(out.properties.nested.anyOf[0].not.required, ['m', 'n']);
  assert.equal(out.dependentRequired.a, ['y', 'z']);
  assert.equal(out.dependencies.a, ['c', 'd']);
  assert.equal(out.dependencies.b.required, ['e', 'f']);
  assert.equal(out.$defs.D.required, ['r', 's']);
  assert.equal(out.definitions.E.required, ['t', 'u']);
  assert.equal([out.if.required, out.then.required, out.else.required], [['i1', 'i2'], ['t1', 't2'], ['e1', 'e2']]);
  assert.equal(out.patternProperties['^p'].required, ['p1', 'p2']);
  assert.equal(out.additionalProperties.required, ['a1', 'a2']);
  assert.equal(out.prefixItems[0].required, ['p3', 'p4']);
  assert.equal(out['x-vendor'], { required: ['keep', 'as-is'] }, 'unknown keywords are data');
  assert.equal(schema.required, ['b', 'a', 'C'], 'the input is not mutated');
});

test('normalizeSchema keeps a property named __proto__ as an ordinary key', () => {
  const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","required":["b","a"]}}}');
  const out = normalizeSchema(schema) as Record<string, any>;
  assert.ok(Object.hasOwn(out.properties, '__proto__'));
  assert.equal(canonicalize(out), '{"properties":{"__proto__":{"required":["a","b"],"type":"string"}},"type":"object"}');
});

test('inputSchemaDigest = sha256(canonical(normalized schema)), checked against node:crypto', () => {
  const c = materializeTool({ name: 't', inputSchema: { required: ['b', 'a'], type: 'object' } });
  assert.is(c.surface.inputSchemaDigest, H('{"required":["a","b"],"type":"object"}'));
  assert.equal(c.surface.inputSchema, { required: ['a', 'b'], type: 'object' });
  assert.is(c.behavior.egressSchemaDigest, null);
  const e = materializeTool({ name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { n: { type: 'number' } } } });
  assert.is(e.behavior.egressSchemaDigest, H('{"properties":{"n":{"type":"number"}},"type":"object"}'));
  assert.equal(e.behavior.outputSchema, { type: 'object', properties: { n: { type: 'number' } } });
});

// ---------------------------------------------------------------- annotations

test('annotation flags follow the MCP defaults', () => {
  const cases: Array<[JsonValue | undefined, object]> = [
    [undefined, { readOnly: false, destructive: true, idempotent: false }],
    [{}, { readOnly: false, destructive: true, idempotent: false }],
    [{ readOnlyHint: true }, { readOnly: true, destructive: false, idempotent: false }],
    [{ readOnlyHint: true, destructiveHint: true }, { readOnly: true, destructive: false, idempotent: false }],
    [{ destructiveHint: false }, { readOnly: false, destructive: false, idempotent: false }],
    [{ readOnlyHint: 'yes', destructiveHint: 0 }, { readOnly: false, destructive: true, idempotent: false }],
    [{ idempotentHint: true }, { readOnly: false, destructive: true, idempotent: true }],
    [{ openWorldHint: false }, { readOnly: false, destructive: true, idempotent: false, openWorld: false }],
    [{ openWorldHint: true, readOnlyHint: true }, { readOnly: true, destructive: false, idempotent: false, openWorld: true }],
  ];
  for (const [annotations, expected] of cases) assert.equal(annotationFlags(annotations), expected, JSON.stringify(annotations));
});

test('openWorld appears on actions only when the server gives openWorldHint', () => {
  const without = materializeTool({ name: 'a', inputSchema: { type: 'object' } });
  assert.not.ok('openWorld' in without.surface.actions['default']!);
  const withHint = materializeTool({ name: 'a', inputSchema: { type: 'object' }, annotations: { openWorldHint: false } });
  assert.is(withHint.surface.actions['default']!.openWorld, false);
});

test('the display title (title, else annotations.title) is kept for the surface scan and feeds no digest', () => {
  const digest = (tool: Record<string, unknown>) => computeContractSetDigests(materializeServer({ tools: [tool as never] })).tools['a']!.digest;
  const plain = { name: 'a', inputSchema: { type: 'object' } };
  assert.is(materializeTool(plain).surface.title, undefined);
  assert.is(materializeTool({ ...plain, title: 'Read A', annotations: { title: 'other' } }).surface.title, 'Read A');
  assert.is(materializeTool({ ...plain, annotations: { title: 'From annotations' } }).surface.title, 'From annotations');
  assert.is(materializeTool({ ...plain, title: 42 } as never).surface.title, undefined, 'a malformed title is not read, and no reason to refuse the tool');
  assert.is(digest({ ...plain, title: 'Read A' }), digest(plain));
});

// ---------------------------------------------------------------- actions

test('a tool without a discriminator has one action "default" with the sorted root required fields', () => {
  const c = materializeTool({ name: 'a', inputSchema: { type: 'object', required: ['z', 'a'] }, annotations: { readOnlyHint: true } });
  assert.equal(Object.keys(c.surface.actions), ['default']);
  const a = c.surface.actions['default']!;
  assert.equal(a.requiredFields, ['a', 'z']);
  assert.is(a.readOnly, true);
  assert.is(a.destructive, false);
  assert.is(a.inputSchemaDigest, c.surface.inputSchemaDigest);
  assert.is(a.hasMiddleware, false);
  assert.not.ok('description' in a);
  assert.not.ok('presenterName' in a);
});

test('an "action" enum gives one action per value; oneOf branches give per-action required fields and schemas', () => {
  const schema = {
    type: 'object',
    properties: { action: { type: 'string', enum: ['read', 'create', 'delete'] }, id: { type: 'string' } },
    required: ['action'],
    oneOf: [
      { properties: { action: { const: 'create' } }, required: ['body', 'id'] },
      { properties: { action: { enum: ['delete'] } }, required: ['id'] },
    ],
  };
  const c = materializeTool({ name: 'records', inputSchema: schema } as unknown as JsonValue);
  assert.equal(Object.keys(c.surface.actions).sort(), ['create', 'delete', 'read']);
  assert.equal(c.surface.actions['create']!.requiredFields, ['action', 'body', 'id']);
  assert.equal(c.surface.actions['delete']!.requiredFields, ['action', 'id']);
  assert.equal(c.surface.actions['read']!.requiredFields, ['action']);
  assert.is(c.surface.actions['create']!.inputSchemaDigest, H('{"properties":{"action":{"const":"create"}},"required":["body","id"]}'));
  assert.is(c.surface.actions['read']!.inputSchemaDigest, c.surface.inputSchemaDigest, 'no branch: the whole schema');
});

test('discriminator values can come from oneOf/anyOf consts alone', () => {
  const actions = deriveActions({
    type: 'object',
    anyOf: [{ properties: { action: { const: 'b' } } }, { properties: { action: { const: 'a' } }, required: ['x'] }],
  });
  assert.equal(actions.map((a) => a.key), ['a', 'b']);
  assert.equal(actions[0]!.requiredFields, ['x']);
});

test('the overlay replaces the action set and its flags stand in for the annotations', () => {
  const c = materializeTool(
    { name: 'inv', inputSchema: { type: 'object', properties: { action: { enum: ['list', 'void'] } }, required: ['action'] }, annotations: { readOnlyHint: true } },
    {
      presenter: 'InvoicePresenter',
      actions: {
        list: { description: 'List', idempotent: true },
        void: { readOnly: false, hasMiddleware: true, presenter: 'VoidView', requiredFields: ['id', 'action'] },
        extra: { openWorld: true },
      },
    },
  );
  assert.equal(Object.keys(c.surface.actions).sort(), ['extra', 'list', 'void']);
  assert.equal(c.surface.actions['list'], {
    description: 'List', destructive: false, idempotent: true, readOnly: true, requiredFields: ['action'],
    presenterName: 'InvoicePresenter', inputSchemaDigest: c.surface.inputSchemaDigest, inputSchema: c.surface.inputSchema, hasMiddleware: false,
  } as never);
  const v = c.surface.actions['void']!;
  assert.equal([v.readOnly, v.destructive, v.hasMiddleware, v.presenterName, v.requiredFields], [false, true, true, 'VoidView', ['action', 'id']]);
  assert.is(c.surface.actions['extra']!.openWorld, true);
  assert.is(c.surface.actions['extra']!.readOnly, true, 'an overlay action the schema does not name takes the tool hints');
});

// ---------------------------------------------------------------- behavior and token economics

test('system rules fingerprint: none, static:<sha256 of sorted unique rules joined by ",">, dynamic', () => {
  assert.is(systemRulesFingerprint([]), 'none');
  assert.is(systemRulesFingerprint([], true), 'dynamic');
  assert.is(systemRulesFingerprint(['b', 'a', 'b']), `static:${H('a,b')}`);
  assert.is(systemRulesFingerprint(['x'], true), `dynamic:${H('x')}`);
});

test('the overlay fills the behavior section and token economics', () => {
  const c = materializeTool(
    { name: 'report', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { a: {}, b: {} } } } } } },
    {
      systemRules: ['Never log secrets'], middleware: ['auth', 'rate'], affordances: ['next', 'prev'], tags: ['z', 'a'],
      guardrails: { egressMaxBytes: 4096 }, stateSyncFingerprint: 'ss1', concurrencyFingerprint: null, embeddedPresenters: ['Row'],
    },
  );
  assert.equal(c.behavior.systemRulesFingerprint, `static:${H('Never log secrets')}`);
  assert.equal(c.behavior.middlewareChain, ['auth', 'rate']);
  assert.equal(c.behavior.affordanceTopology, ['next', 'prev']);
  assert.equal(c.behavior.cognitiveGuardrails, { agentLimitMax: null, egressMaxBytes: 4096 });
  assert.equal([c.behavior.stateSyncFingerprint, c.behavior.concurrencyFingerprint], ['ss1', null]);
  assert.equal(c.behavior.embeddedPresenters, ['Row']);
  assert.equal(c.surface.tags, ['z', 'a']);
  assert.equal(c.tokenEconomics, { schemaFieldCount: 2, unboundedCollection: true, baseOverheadTokens: 90, inflationRisk: 'high' });
  const bounded = materializeTool(
    { name: 'report', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { rows: { type: 'array' } } } },
    { guardrails: { agentLimitMax: 50 } },
  );
  assert.is(bounded.tokenEconomics.unboundedCollection, false, 'an agent limit bounds the collection');
});

test('egress field count: root object, or the item of a collection (root array or single array property, $ref followed)', () => {
  assert.is(egressFieldCount(undefined), 0);
  assert.is(egressFieldCount({ type: 'object', properties: { a: {}, b: {}, c: {} } }), 3);
  assert.is(egressFieldCount({ type: 'array', items: { properties: { a: {} } } }), 1);
  assert.is(egressFieldCount({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } } }, $defs: { Item: { properties: { a: {}, b: {} } } } }), 2);
  assert.is(egressFieldCount({ type: 'object', properties: { items: { type: 'array' }, total: { type: 'integer' } } }), 2, 'two properties: not a wrapped collection');
  // A $ref with a malformed percent-escape resolves to nothing (it used to throw URIError, an internal error).
  assert.is(egressFieldCount({ $ref: '#/%ZZ' }), 0);
  assert.is(egressFieldCount({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/$defs/%E0%A4%A' } } }, $defs: {} }), 0);
  const tool = materializeTool({ name: 't', inputSchema: { type: 'object' }, outputSchema: { $ref: '#/%ZZ' } });
  assert.is(tool.tokenEconomics.schemaFieldCount, 0);
});

test('unbounded arrays are found anywhere in the egress; maxItems and closed tuples bound them', () => {
  assert.is(hasUnboundedArray(undefined), false);
  assert.is(hasUnboundedArray({ type: 'object', properties: { a: { type: 'string' } } }), false);
  assert.is(hasUnboundedArray({ type: 'object', properties: { a: { type: 'array', maxItems: 10 } } }), false);
  assert.is(hasUnboundedArray({ type: 'object', properties: { a: { anyOf: [{ type: ['null', 'array'] }] } } }), true);
  assert.is(hasUnboundedArray({ $defs: { x: { items: {} } } }), true);
  assert.is(hasUnboundedArray({ type: 'array', prefixItems: [{}], items: false }), false);
  assert.is(hasUnboundedArray({ type: 'object', properties: { e: { enum: [{ type: 'array' }] } } }), false, 'data is not a schema');
});

test('inflation risk classes per SPEC 3', () => {
  assert.is(classifyInflationRisk(true, 11), 'critical');
  assert.is(classifyInflationRisk(true, 10), 'high');
  assert.is(classifyInflationRisk(false, 21), 'medium');
  assert.is(classifyInflationRisk(false, 20), 'low');
  const fields = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, {}]));
  const t = computeTokenEconomics({ egressSchema: { type: 'array', items: { properties: fields } }, agentLimitMax: null, systemRulesFingerprint: 'dynamic', affordanceCount: 1 });
  assert.equal(t, { schemaFieldCount: 12, unboundedCollection: true, baseOverheadTokens: 70, inflationRisk: 'critical' });
});

// ---------------------------------------------------------------- lists, prompts, resources

test('materializeToolsList accepts a tools/list result, a JSON-RPC response and a bare array alike', () => {
  const tools = [{ name: 'b', inputSchema: { type: 'object' } }, { name: 'a', inputSchema: { type: 'object' } }];
  const a = computeContractSetDigests(materializeToolsList({ tools })).integrityDigest;
  const b = computeContractSetDigests(materializeToolsList({ jsonrpc: '2.0', id: 1, result: { tools } })).integrityDigest;
  const c = computeContractSetDigests(materializeToolsList(tools)).integrityDigest;
  assert.is(a, b);
  assert.is(a, c);
});

test('materializeToolsList reports every problem with its JSON path', () => {
  throwsInput(
    () => materializeToolsList({ tools: [{ name: 'a' }, { name: 3, inputSchema: {} }, 'x', { name: 'a', inputSchema: { type: 'object' } }, { name: 'a', inputSchema: { type: 'object' } }, { name: 'o', inputSchema: {}, outputSchema: [] }] }),
    '$.tools[0].inputSchema: missing',
    '$.tools[1].name: expected a string',
    '$.tools[2]: expected an object',
    '$.tools[4].name: the tool name "a" is listed twice',
    '$.tools[5].outputSchema: expected a JSON Schema object',
  );
  // A missing name beside an empty one: two problems of their own, not a name "listed twice".
  const unnamed = throwsInput(() => materializeToolsList({ tools: [{ inputSchema: { type: 'object' } }, { name: '', inputSchema: { type: 'object' } }] }),
    '$.tools[0].name: missing; expected a string', '$.tools[1].name: the tool name is empty');
  assert.not.match(unnamed, /listed twice/);
  const prompts = throwsInput(() => materializeServer({ tools: [], prompts: [{}, { name: '' }, { name: '' }], resources: [{ name: 'n' }, { uri: '', name: 'm' }] }),
    '$.prompts[0].name: missing', '$.prompts[2].name: the prompt name "" is listed twice', '$.resources[0].uri: missing');
  assert.not.match(prompts, /prompts\[1\]\.name: the prompt name "" is listed twice|resources\[1\]: the URI "" is listed twice/);
  throwsInput(() => materializeToolsList({ tools: [], nextCursor: 'p2' }), '$.nextCursor', 'one page');
  throwsInput(() => materializeToolsList({ result: 1 }), '$.tools: missing');
  // A saved JSON-RPC error says so, rather than "tools: missing".
  throwsInput(() => materializeToolsList({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } }), '$.error: this is a JSON-RPC error response (-32601: Method not found)');
  throwsInput(() => materializeToolsList('x' as JsonValue), '$: expected a tools/list result');
  // Without "jsonrpc" (a client or log that dropped it), a response is read as with it: the result,
  // or the error named as one; --contracts already calls such a file a saved tools/list.
  throwsInput(() => materializeToolsList({ id: 2, error: { code: -32601, message: 'Method not found' } }), '$.error: this is a JSON-RPC error response (-32601: Method not found)');
  throwsInput(() => materializeToolsList({ id: 1, result: { tools: [], nextCursor: 'p2' } }), '$.result.nextCursor', 'one page');
  throwsInput(() => materializeToolsList({ id: 1, result: {} }), '$.result.tools: missing');
  const tool = { name: 'a', inputSchema: { type: 'object' } };
  const expected = materializeToolsList({ tools: [tool] });
  for (const envelope of [{ id: 1, result: { tools: [tool] } }, { result: { tools: [tool] } }, { jsonrpc: '2.0', id: 'x', result: { tools: [tool] } }]) {
    assert.equal(materializeToolsList(envelope as JsonValue), expected, JSON.stringify(envelope));
  }
});

test('a name listed twice names both positions; so does a prompt argument name (a client sends arguments by name: two would be one)', () => {
  const object = { type: 'object' };
  throwsInput(
    () => materializeServer({
      tools: [{ name: 't', inputSchema: object }, { name: 'u', inputSchema: object }, { name: 't', description: 'again', inputSchema: object }],
      prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }, { name: 'y' }, { name: 'x', description: 'the other x' }] }, { name: 'p' }],
      resources: [{ uri: 'u', name: 'n' }, { uri: 'u', name: 'm' }],
    }),
    '$.tools[2].name: the tool name "t" is listed twice (first at $.tools[0])',
    '$.prompts[0].arguments[2].name: the argument name "x" is listed twice (first at $.prompts[0].arguments[0]); a client sends arguments by name, so the server must list each name once',
    '$.prompts[1].name: the prompt name "p" is listed twice (first at $.prompts[0])',
    '$.resources[1]: the URI "u" is listed twice, with different fields (first at $.resources[0])',
  );
  throwsInput(() => materializeToolsList([{ name: 'a', inputSchema: object }, { name: 'a', inputSchema: object }]), '$[1].name: the tool name "a" is listed twice (first at $[0])');
});

test('annotation hints that are not booleans, and readOnlyHint beside destructiveHint, are locked by the MCP defaults with a warning that has a stable id', () => {
  const object = { type: 'object' };
  const warnings: string[] = [];
  const set = materializeToolsList({
    tools: [
      { name: 'quoted', inputSchema: object, annotations: { readOnlyHint: 'true', idempotentHint: 1 } },
      { name: 'both', inputSchema: object, annotations: { readOnlyHint: true, destructiveHint: true } },
      // null is an unset hint (Python servers write them): no warning; a false destructiveHint beside readOnlyHint agrees.
      { name: 'fine', inputSchema: object, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: null, title: 'Fine' } },
    ],
  }, {}, { onWarning: (w) => warnings.push(w) });
  assert.equal([set.tools['quoted']!.surface.actions['default']!.readOnly, set.tools['quoted']!.surface.actions['default']!.destructive], [false, true]);
  assert.equal([set.tools['both']!.surface.actions['default']!.readOnly, set.tools['both']!.surface.actions['default']!.destructive], [true, false]);
  assert.is(warnings.length, 3, warnings.join('\n'));
  assert.ok(warnings[0]!.startsWith('[annotations.hint-not-boolean] $.tools[0].annotations.readOnlyHint: tool "quoted" gives "true"'), warnings[0]);
  assert.ok(warnings[1]!.startsWith('[annotations.hint-not-boolean] $.tools[0].annotations.idempotentHint: tool "quoted" gives 1'), warnings[1]);
  assert.ok(warnings[2]!.startsWith('[annotations.read-only-and-destructive] $.tools[1].annotations: tool "both" gives readOnlyHint and destructiveHint both true'), warnings[2]);
  for (const w of warnings) assert.not.match(w, /[\n\r]/);
  // Every id is a row of the registry and has a docs entry.
  const docs = readFileSync(new URL('../../docs/sources.md', import.meta.url), 'utf8');
  for (const w of warnings) assert.ok(LISTING_WARNING_RULES.some((r) => w.startsWith(`[${r.id}] `)), w);
  for (const r of LISTING_WARNING_RULES) assert.ok(docs.includes(`| \`${r.id}\` |`), `docs/sources.md lacks ${r.id}`);
});

test('schema.input-not-object names the tools in one line, in code-unit order, with the verb agreeing in number', () => {
  const lines = (tools: string[]) => {
    const warnings: string[] = [];
    materializeToolsList(tools.map((name) => ({ name, inputSchema: {} })), {}, { onWarning: (w) => warnings.push(w) });
    return warnings;
  };
  assert.equal(lines(['b', 'a']).map((w) => w.split(' list')[0]), ['[schema.input-not-object] 2 tools ("a", "b")']);
  assert.match(lines(['b', 'a'])[0]!, /\) list an inputSchema without "type": "object"/);
  assert.match(lines(['only'])[0]!, /^\[schema\.input-not-object\] 1 tool \("only"\) lists an inputSchema without "type": "object"/);
});

test('materializeServer: serverName, prompts with arguments sorted by name, resources and templates keyed by URI', () => {
  const set = materializeServer({
    serverInfo: { name: 'srv', version: '1' },
    tools: [{ name: 't', inputSchema: { type: 'object' } }],
    prompts: [{ name: 'p', title: 'P', arguments: [{ name: 'b', required: true }, { name: 'a', description: 'A' }, { name: 'B' }] }],
    resources: [{ uri: 'file:///x', name: 'x', mimeType: 'text/plain' }],
    resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'files', title: 'Files', description: 'Any file' }],
  });
  assert.is(set.serverName, 'srv');
  assert.equal(set.prompts['p'], {
    name: 'p', title: 'P', description: null, tags: [],
    arguments: [{ name: 'B', description: null, required: false }, { name: 'a', description: 'A', required: false }, { name: 'b', description: null, required: true }],
    hasMiddleware: false, hydrationTimeout: null,
  });
  assert.equal(set.resources['file:///x'], { kind: 'resource', uri: 'file:///x', name: 'x', title: null, description: null, mimeType: 'text/plain' });
  assert.equal(set.resources['file:///{path}'], { kind: 'template', uri: 'file:///{path}', name: 'files', title: 'Files', description: 'Any file', mimeType: null });
  throwsInput(
    () => materializeServer({ tools: [], prompts: [{ name: 'p' }, { name: 'p' }, { arguments: 'x' }], resources: [{ uri: 'u', name: 'n' }, { uri: 'u', name: 'm' }] }),
    '$.prompts[1].name: the prompt name "p" is listed twice',
    '$.prompts[2].arguments: expected an array',
    '$.resources[1]: the URI "u" is listed twice',
  );
});

test('materializeServer: a prompt argument listing "required": null is optional, as every other null optional field of a listing is unset (conform3: it failed the whole listing with exit 2)', () => {
  // A server that writes unset optional fields as null (Java/Jackson without NON_NULL, a pydantic dump
  // without exclude_none) lists description: null beside required: null; the tool's description, an
  // annotation hint, a prompt's title and an argument's description were all read as unset already.
  const set = materializeServer({
    tools: [],
    prompts: [{ name: 'p', title: null, description: null, arguments: [{ name: 'a', description: null, required: null }, { name: 'b', required: true }] }],
  });
  assert.equal(set.prompts['p']!.arguments, [{ name: 'a', description: null, required: false }, { name: 'b', description: null, required: true }]);
  const absent = materializeServer({ tools: [], prompts: [{ name: 'p', arguments: [{ name: 'a' }, { name: 'b', required: true }] }] });
  assert.is(computeContractSetDigests(set).integrityDigest, computeContractSetDigests(absent).integrityDigest);
  // Any other non-boolean is still refused: the server said something, but not what.
  throwsInput(() => materializeServer({ tools: [], prompts: [{ name: 'p', arguments: [{ name: 'a', required: 'true' }] }] }), '$.prompts[0].arguments[0].required: expected true or false');
});

test('materializeServer: a URI listed twice the same way, or as a resource and a template without variables, is locked once with a warning', () => {
  const warnings: string[] = [];
  const onWarning = (w: string): void => void warnings.push(w);
  // @cyanheads/git-mcp-server 2.15.3 lists its git://working-directory template (no variables)
  // and the resource it names, with another name.
  const resource = { uri: 'git://working-directory', name: 'Git Working Directory', title: 'Git Working Directory', description: 'The directory', mimeType: 'application/json' };
  const { uri: _uri, ...fields } = resource;
  const template = { ...fields, uriTemplate: resource.uri, name: 'git-working-directory' };
  const set = materializeServer({ tools: [], resources: [resource, resource], resourceTemplates: [template] }, {}, { onWarning });
  assert.equal(Object.keys(set.resources), ['git://working-directory']);
  assert.equal(set.resources['git://working-directory'], { kind: 'resource', uri: 'git://working-directory', name: 'Git Working Directory', title: 'Git Working Directory', description: 'The directory', mimeType: 'application/json' });
  assert.equal(warnings, [
    'the resource "git://working-directory" is listed twice, the same both times; it is locked once',
    'the resource template "git://working-directory" has no variables, so it names only the resource listed under the same URI; the resource is locked and the template is not (its name, title, description or MIME type differ from the resource\'s and are not checked)',
  ]);
  warnings.length = 0;
  materializeServer({ tools: [], resources: [resource], resourceTemplates: [{ ...template, name: resource.name }] }, {}, { onWarning });
  assert.ok(warnings[0]!.endsWith('the resource is locked and the template is not'), warnings[0]);
  // Still refused: the same URI with other fields, and a template with variables equal to a resource's URI.
  throwsInput(() => materializeServer({ tools: [], resources: [resource, { ...resource, description: 'Other' }] }, {}, { onWarning }),
    '$.resources[1]: the URI "git://working-directory" is listed twice, with different fields');
  throwsInput(() => materializeServer({ tools: [], resources: [{ uri: 'x://{id}', name: 'a' }], resourceTemplates: [{ uriTemplate: 'x://{id}', name: 'a' }] }),
    '$.resourceTemplates[0]: the URI template "x://{id}" is listed twice (as a resource and as a URI template with variables)');
});

test('entitlements come from the hook; others stay all-false; unmatched overlays are reported', () => {
  const raw = { filesystem: true, network: false, subprocess: false, crypto: false, codeEvaluation: false, raw: ['fs.readFile'] };
  const set = materializeServer({ tools: [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' } }] }, {}, { entitlements: { a: raw } });
  assert.equal(set.tools['a']!.entitlements, raw);
  assert.is.not(set.tools['a']!.entitlements, raw, 'copied, not shared');
  assert.equal(set.tools['b']!.entitlements.filesystem, false);
  assert.equal(unmatchedOverlays(set, { a: {}, zz: {} }), ['zz']);
});

// ---------------------------------------------------------------- properties

function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function reorderKeys(value: JsonValue, seed: number): JsonValue {
  if (Array.isArray(value)) return value.map((v, i) => reorderKeys(v, seed + i));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, JsonValue> = {};
  for (const k of shuffled(Object.keys(value), seed)) out[k] = reorderKeys(value[k]!, seed + k.length);
  return out;
}

const nameArb = fc.string({ minLength: 1, maxLength: 6 });
const toolArb = fc.record({
  name: nameArb,
  description: fc.option(fc.string(), { nil: undefined }),
  required: fc.uniqueArray(nameArb, { maxLength: 5 }),
  actions: fc.uniqueArray(nameArb, { maxLength: 3 }),
  readOnly: fc.boolean(),
});

test('property: tool order, key order and required order never change a digest', () => {
  fc.assert(
    fc.property(fc.uniqueArray(toolArb, { selector: (t) => t.name, minLength: 1, maxLength: 6 }), fc.nat(), (specs, seed) => {
      const tools: JsonValue[] = specs.map((t) => ({
        name: t.name,
        ...(t.description !== undefined ? { description: t.description } : {}),
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries(t.required.map((r) => [r, { type: ['string', 'null'] }])),
          required: t.required,
          ...(t.actions.length > 0 ? { oneOf: t.actions.map((a) => ({ properties: { action: { const: a } }, required: t.required })) } : {}),
        },
        annotations: { readOnlyHint: t.readOnly },
      }));
      const base = computeContractSetDigests(materializeToolsList({ tools }));
      const mixed = shuffled(tools, seed).map((tool, i) => {
        const t = reorderKeys(tool, seed + i) as Record<string, any>;
        t.inputSchema.required = shuffled(t.inputSchema.required, seed + 7);
        for (const p of Object.values(t.inputSchema.properties) as Array<{ type: string[] }>) p.type = shuffled(p.type, seed + 3);
        return t;
      });
      const again = computeContractSetDigests(materializeToolsList({ tools: mixed }));
      assert.equal(again, base);
    }),
    { numRuns: 150 },
  );
});

test('property: changing a description, a required field, an enum order or a hint changes the tool digest', () => {
  const base: Record<string, any> = {
    name: 'x', description: 'd',
    inputSchema: { type: 'object', properties: { mode: { enum: ['a', 'b'] } }, required: ['mode'] },
    annotations: { readOnlyHint: true },
  };
  const digest = (t: JsonValue): string => computeContractSetDigests(materializeToolsList([t])).tools['x']!.digest;
  const d0 = digest(base as JsonValue);
  const mutations: Array<(t: Record<string, any>) => void> = [
    (t) => { t.description = 'e'; },
    (t) => { t.inputSchema.required = ['mode', 'other']; },
    (t) => { t.inputSchema.properties.mode.enum = ['b', 'a']; },
    (t) => { t.annotations.readOnlyHint = false; },
    (t) => { t.annotations.openWorldHint = true; },
    (t) => { t.outputSchema = { type: 'object' }; },
  ];
  for (const m of mutations) {
    const t = structuredClone(base);
    m(t);
    assert.is.not(digest(t as JsonValue), d0, m.toString());
  }
});

test('the actions of an action enum carry the digest of the schema they share, also for 20000 of them', () => {
  // A server lists the enum; each value's action holds the tool's whole schema. Digested once per
  // action, 8000 values took 72 s; 20000 would take minutes.
  const values = Array.from({ length: 20000 }, (_, i) => `action_value_${i}`);
  const set = materializeServer({ tools: [{ name: 't', description: 'd', inputSchema: { type: 'object', properties: { action: { type: 'string', enum: values } } } }] } as never);
  const tool = set.tools['t']!;
  const actions = Object.values(tool.surface.actions);
  assert.is(actions.length, 20000);
  const expected = `${createHash('sha256').update(canonicalize(tool.surface.inputSchema as JsonValue)).digest('hex')}`;
  assert.ok(actions.every((a) => a.inputSchemaDigest === expected), `${actions[0]!.inputSchemaDigest} vs ${expected}`);
});

test.run();
