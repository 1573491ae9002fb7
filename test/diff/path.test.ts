/**
 * Field paths (docs/diff.md "Field paths"): one line whatever the names, and read back by
 * `fieldSegments` to the names they were built from.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childField, elementField, fieldSegments } from '../../src/diff/path.ts';

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const name = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }).filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))),
  fc.array(fc.constantFrom('a', '.', '[', ']', '"', '\\', ' ', '\n', '\u2028', '\u2029', '\u0085', '\u007f', '-', '$', '0'), { maxLength: 6 }).map((p) => p.join('')),
);

test('a path is one line and reads back to its names, whatever they hold', () => {
  fc.assert(fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), name, (keys, element) => {
    let path = 'surface';
    for (const k of keys) path = childField(path, k);
    path = elementField(path, element);
    assert.not.ok(CONTROL.test(path), JSON.stringify(path));
    assert.equal(fieldSegments(path), ['surface', ...keys, element], path);
  }), { numRuns: 2000 });
});

test('plain names follow a dot; U+2028 and C1 controls are escaped inside the JSON literal', () => {
  assert.is(childField('surface.actions', 'bulk-delete'), 'surface.actions.bulk-delete');
  assert.is(childField('tools', 'a\u2028b'), 'tools["a\\u2028b"]');
  assert.is(elementField('surface.tags', '\u0085\u007f'), 'surface.tags["\\u0085\\u007f"]');
  assert.is(JSON.parse(childField('', 'a\u2028b').slice(1, -1)), 'a\u2028b');
});

test.run();
