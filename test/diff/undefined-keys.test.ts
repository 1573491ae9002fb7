/**
 * A schema built in code may hold a key whose value is undefined (`{ type: 'number', enum:
 * maybeValues }`). JSON and the lockfile drop such a key, so `diff` of two lockfiles and a library
 * call on the objects must give the same changes. The differential property test found
 * `{anyOf: [{type: 'number', enum: undefined}]}` read as a whole-node `keyword-changed` directly
 * and as `type-changed` through the lockfile.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { diffSchema } from '../../src/diff/schema/diff-schema.ts';

const before = { type: 'object', properties: { id: { type: 'string' } } } as JsonValue;

test('a key whose value is undefined is no keyword: the changes are those of the schema as JSON holds it', () => {
  const built = { type: 'object', properties: { id: { anyOf: [{ type: 'number', enum: undefined }] } } } as unknown as JsonValue;
  const asJson = JSON.parse(JSON.stringify(built)) as JsonValue;
  assert.equal(diffSchema(before, built), diffSchema(before, asJson));
  assert.equal(diffSchema(built, before), diffSchema(asJson, before));
  assert.equal(diffSchema(built, asJson), []);
});

test('a __proto__ key is kept as a key when undefined keys are dropped', () => {
  const withProto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"x":{"type":"string"}}}') as Record<string, unknown>;
  (withProto['properties'] as Record<string, unknown>)['y'] = undefined;
  const changes = diffSchema(before, withProto as JsonValue);
  assert.equal(changes, diffSchema(before, JSON.parse(JSON.stringify(withProto)) as JsonValue));
  assert.ok(changes.some((c) => c.path.includes('__proto__')), JSON.stringify(changes));
});

test.run();
