import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { schemaAccepts, type Acceptance } from '../../src/guard/schema-accepts.ts';

// heal's reading of a call's arguments against a tool's input schema (src/guard/schema-accepts.ts).
// Each row: schema, value, the answer. Every 'valid' or 'invalid' answer is also checked against
// ajv (draft-07, or 2020-12 for the rows that say so), so the reader never claims more than a full
// validator would.
const object = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({ type: 'object', properties, required, ...extra });
const ROWS: { schema: unknown; value: unknown; want: Acceptance; draft2020?: true }[] = [
  { schema: object({ query: { type: 'string' } }, ['query']), value: { query: 'x' }, want: 'valid' },
  { schema: object({ query: { type: 'string' } }, ['query']), value: {}, want: 'invalid' },
  { schema: object({ query: { type: 'string' } }, ['query']), value: { query: 3 }, want: 'invalid' },
  { schema: object({ query: { type: 'string' } }, [], { additionalProperties: false }), value: { lang: 'en' }, want: 'invalid' },
  { schema: object({ query: { type: 'string' } }), value: { lang: 'en' }, want: 'valid' },
  { schema: object({ n: { type: 'integer', minimum: 1, maximum: 10 } }), value: { n: 1.5 }, want: 'invalid' },
  { schema: object({ n: { type: 'integer', minimum: 1, maximum: 10 } }), value: { n: 11 }, want: 'invalid' },
  { schema: object({ n: { type: 'number', exclusiveMinimum: 0 } }), value: { n: 0 }, want: 'invalid' },
  { schema: object({ n: { type: 'number', multipleOf: 0.1 } }), value: { n: 0.3 }, want: 'unknown' },
  { schema: object({ n: { type: 'number', multipleOf: 0.5 } }), value: { n: 1.5 }, want: 'valid' },
  { schema: object({ n: { type: 'number', multipleOf: 2 } }), value: { n: 3 }, want: 'invalid' },
  { schema: object({ s: { type: 'string', minLength: 2, maxLength: 3 } }), value: { s: '😀😀' }, want: 'valid' },
  { schema: object({ s: { type: 'string', pattern: '^[a-z]+$' } }), value: { s: 'A' }, want: 'invalid' },
  { schema: object({ s: { type: 'string', format: 'date' } }), value: { s: '2027-01-01' }, want: 'valid' },
  { schema: object({ s: { type: 'string', format: 'email' } }), value: { s: 'no at sign' }, want: 'invalid' },
  { schema: object({ s: { type: 'string', format: 'hostname-idn-made-up' } }), value: { s: 'x' }, want: 'unknown' },
  // A format's lenient pattern matching is no 'valid': ajv-formats (the MCP SDKs' validator) rejects these.
  { schema: object({ s: { type: 'string', format: 'date' } }), value: { s: '2027-13-45' }, want: 'invalid' },
  { schema: object({ s: { type: 'string', format: 'date' } }), value: { s: '2027-02-29' }, want: 'invalid' },
  { schema: object({ s: { type: 'string', format: 'date' } }), value: { s: '2028-02-29' }, want: 'valid' },
  { schema: object({ s: { type: 'string', format: 'date-time' } }), value: { s: '2027-01-01T25:61:00Z' }, want: 'unknown' },
  { schema: object({ s: { type: 'string', format: 'time' } }), value: { s: '25:00:00' }, want: 'unknown' },
  { schema: object({ s: { type: 'string', format: 'email' } }), value: { s: 'a@b' }, want: 'unknown' },
  { schema: object({ s: { type: 'string', format: 'uri' } }), value: { s: 'a:' }, want: 'unknown' },
  { schema: object({ s: { type: 'string', format: 'ipv6' } }), value: { s: ':::::' }, want: 'unknown' },
  { schema: object({ s: { type: 'string', format: 'ipv4' } }), value: { s: '10.0.0.1' }, want: 'valid' },
  { schema: object({ s: { type: 'string', format: 'uuid' } }), value: { s: 'urn:uuid:123e4567-e89b-12d3-a456-426614174000' }, want: 'valid' },
  // A format on a number (diff13: schemaAccepts({type:'integer',format:'int32'}, 2**31) said valid, ajv-formats rejects it).
  { schema: object({ n: { type: 'integer', format: 'int32' } }), value: { n: 2 ** 31 }, want: 'invalid' },
  { schema: object({ n: { type: 'integer', format: 'int32' } }), value: { n: -(2 ** 31) }, want: 'valid' },
  { schema: object({ n: { type: 'number', format: 'int64' } }), value: { n: 1.5 }, want: 'invalid' },
  { schema: object({ n: { type: 'number', format: 'int64' } }), value: { n: 2 ** 40 }, want: 'valid' },
  { schema: object({ n: { type: 'number', format: 'double' } }), value: { n: 1.5 }, want: 'valid' },
  { schema: object({ n: { type: 'integer', format: 'uint32' } }), value: { n: -1 }, want: 'unknown' },
  { schema: object({ kind: { enum: ['a', 'b'] } }), value: { kind: 'c' }, want: 'invalid' },
  { schema: object({ kind: { const: { a: [1, 2] } } }), value: { kind: { a: [1, 2] } }, want: 'valid' },
  { schema: object({ tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true } }), value: { tags: ['a', 'a'] }, want: 'invalid' },
  { schema: object({ tags: { type: 'array', items: { type: 'string' } } }), value: { tags: ['a', 2] }, want: 'invalid' },
  { schema: object({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false } }), value: { pair: ['a', 1, 2] }, want: 'invalid' },
  { schema: object({ pair: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' } } }), value: { pair: ['a', 1, 2] }, want: 'valid', draft2020: true },
  { schema: object({ xs: { type: 'array', contains: { const: 1 }, maxContains: 1 } }), value: { xs: [1, 1] }, want: 'invalid', draft2020: true },
  // server-memory's add_observations (2026.8.31): nested required fields.
  { schema: object({ observations: { type: 'array', items: object({ entityName: { type: 'string' }, contents: { type: 'array', items: { type: 'string' } } }, ['entityName', 'contents']) } }, ['observations']), value: { observations: [{ entityName: 'x' }] }, want: 'invalid' },
  { schema: object({ observations: { type: 'array', items: object({ entityName: { type: 'string' }, contents: { type: 'array', items: { type: 'string' } } }, ['entityName', 'contents']) } }, ['observations']), value: { observations: [{ entityName: 'x', contents: [] }] }, want: 'valid' },
  // Actions as alternatives (the fixture's "invoices").
  { schema: { type: 'object', properties: { action: { type: 'string', enum: ['create', 'list'] } }, required: ['action'], oneOf: [object({ action: { const: 'create' }, amount: { type: 'number' }, dueDate: { type: 'string' } }, ['action', 'amount', 'dueDate']), object({ action: { const: 'list' } }, ['action'])] }, value: { action: 'create', amount: 1 }, want: 'invalid' },
  { schema: { type: 'object', properties: { action: { type: 'string', enum: ['create', 'list'] } }, required: ['action'], oneOf: [object({ action: { const: 'create' }, amount: { type: 'number' }, dueDate: { type: 'string' } }, ['action', 'amount', 'dueDate']), object({ action: { const: 'list' } }, ['action'])] }, value: { action: 'list' }, want: 'valid' },
  { schema: { anyOf: [{ type: 'string' }, { type: 'null' }] }, value: null, want: 'valid' },
  { schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, value: 1, want: 'invalid' },
  { schema: { not: { type: 'string' } }, value: 'x', want: 'invalid' },
  { schema: { if: object({ a: { const: 1 } }, ['a']), then: { required: ['b'] } }, value: { a: 1 }, want: 'invalid' },
  { schema: { if: object({ a: { const: 1 } }, ['a']), then: { required: ['b'] } }, value: { a: 2 }, want: 'valid' },
  { schema: object({ a: { type: 'string' } }, [], { dependentRequired: { a: ['b'] } }), value: { a: 'x' }, want: 'invalid', draft2020: true },
  { schema: object({}, [], { patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false }), value: { 'x-a': 1 }, want: 'invalid' },
  { schema: object({}, [], { propertyNames: { maxLength: 2 } }), value: { abc: 1 }, want: 'invalid' },
  { schema: { $defs: { name: { type: 'string', minLength: 1 } }, type: 'object', properties: { name: { $ref: '#/$defs/name' } } }, value: { name: '' }, want: 'invalid', draft2020: true },
  { schema: { definitions: { node: object({ next: { $ref: '#/definitions/node' }, v: { type: 'integer' } }) }, $ref: '#/definitions/node' }, value: { next: { next: { v: 'x' } } }, want: 'invalid' },
  // What the reader does not evaluate is unknown, never valid.
  { schema: object({ a: { $ref: 'https://example.com/a.json' } }), value: { a: 1 }, want: 'unknown' },
  { schema: { type: 'object', unevaluatedProperties: false }, value: { a: 1 }, want: 'unknown' },
  { schema: object({ s: { type: 'string', pattern: '(?<=a' } }), value: { s: 'a' }, want: 'unknown' },
  { schema: true, value: { anything: 1 }, want: 'valid' },
  { schema: false, value: {}, want: 'invalid' },
];

test('schemaAccepts: each row answers as written, and every valid/invalid answer is ajv\'s', () => {
  const ajv7 = new Ajv({ strict: false, validateFormats: true });
  const ajv20 = new Ajv2020({ strict: false });
  // CommonJS with `exports.default`: the function the same way on Node and Deno.
  const m = ajvFormats as unknown as { default?: { default?: unknown } };
  const addFormats = (m.default?.default ?? m.default ?? ajvFormats) as (a: Ajv | Ajv2020) => void;
  addFormats(ajv7);
  addFormats(ajv20);
  for (const { schema, value, want, draft2020 } of ROWS) {
    const got = schemaAccepts(schema, value);
    assert.is(got, want, `${JSON.stringify(schema)} with ${JSON.stringify(value)}`);
    if (got === 'unknown') continue;
    const ajv = draft2020 ? ajv20 : ajv7;
    assert.is(ajv.validate(schema as object, value) ? 'valid' : 'invalid', got, `ajv on ${JSON.stringify(schema)} with ${JSON.stringify(value)}`);
  }
});

test('schemaAccepts: a $ref cycle without progress and nesting past the bound are unknown, not a stack overflow', () => {
  assert.is(schemaAccepts({ $ref: '#' }, 1), 'unknown');
  let deep: unknown = { type: 'string' };
  let value: unknown = 'x';
  for (let i = 0; i < 200; i++) {
    deep = { type: 'object', properties: { a: deep } };
    value = { a: value };
  }
  assert.is(schemaAccepts(deep, value), 'unknown');
});

test.run();
