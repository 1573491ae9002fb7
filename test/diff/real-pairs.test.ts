/**
 * Real release pairs of npm MCP servers (test/vectors/diff/real/*.json): the two versions'
 * `tools/list` answers (trimmed to the tools that changed), each delta judged by hand against
 * SPEC section 6 and JSON Schema (the `judgement` of each file, the table in docs/diff.md
 * "Real version pairs (diffreal)"). The diff must give exactly the pinned deltas and verdict.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { diffPair, type RealPair } from './_real-pair.ts';

const DIR = new URL('../vectors/diff/real/', import.meta.url).pathname;
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

test('there are real release pairs', () => {
  assert.ok(files.length >= 10, `only ${files.length} pairs`);
});

for (const file of files) {
  test(`real pair ${file}`, () => {
    const pair = parseStrictJson(readFileSync(join(DIR, file), 'utf8'), file) as unknown as RealPair;
    const got = diffPair(pair);
    assert.equal(got.deltas, pair.expect, `${pair.package} ${pair.from} -> ${pair.to}`);
    assert.is(got.verdict, pair.verdict);
  });
}

test.run();
