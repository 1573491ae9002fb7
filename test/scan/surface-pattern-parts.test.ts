import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { POISONING_RULES } from '../../src/scan/patterns/poisoning.ts';
import { patternParts } from '../../src/scan/scan-surface.ts';

/** The leftmost match of the parts, ties to the earlier part: what one alternation finds. */
function partsMatch(parts: RegExp[], text: string): [number, string] | undefined {
  let best: RegExpExecArray | undefined;
  for (const part of parts) {
    part.lastIndex = 0;
    const m = part.exec(text);
    if (m !== null && (best === undefined || m.index < best.index)) best = m;
  }
  return best === undefined ? undefined : [best.index, best[0]];
}

// Every string literal of the surface tests: attacks, near-misses and plain descriptions.
const texts = readdirSync(join(ROOT, 'test/scan')).filter((f) => f.startsWith('surface')).flatMap((f) => {
  const source = readFileSync(join(ROOT, 'test/scan', f), 'utf8');
  return [...source.matchAll(/'((?:[^'\\\n]|\\.){20,})'/g)].map((m) => m[1]!.replace(/\\n/g, '\n').replace(/\\'/g, "'"));
});

test('a large rule pattern is run in parts, and the parts find exactly what the whole pattern finds', () => {
  const split = POISONING_RULES.filter((r) => r.pattern !== undefined && patternParts(r.pattern).length > 1);
  assert.ok(split.some((r) => r.id === 'surface.model-directive'), split.map((r) => r.id).join(', '));
  assert.ok(texts.length > 200, `${texts.length} texts`);
  const differ: string[] = [];
  let matched = 0;
  for (const rule of split) {
    const whole = new RegExp(rule.pattern!.source, rule.pattern!.flags);
    const parts = patternParts(rule.pattern!);
    for (const text of texts) {
      const m = whole.exec(text);
      const expected = m === null ? undefined : [m.index, m[0]];
      if (expected !== undefined) matched++;
      const got = partsMatch(parts, text);
      if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push(`${rule.id} on ${JSON.stringify(text.slice(0, 80))}: ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`);
    }
  }
  assert.ok(matched > 20, `only ${matched} matches compared`);
  assert.equal(differ, []);
});

test('a pattern with a named group or a back-reference stays whole', () => {
  const big = `(?<w>x)\\k<w>|${'a'.repeat(9000)}|${'b'.repeat(9000)}`;
  assert.is(patternParts(new RegExp(big, 'i')).length, 1);
  assert.is(patternParts(new RegExp(`${'a'.repeat(9000)}|${'b'.repeat(9000)}`, 'i')).length, 2);
  assert.is(patternParts(new RegExp(`(?:${'a'.repeat(9000)}|${'b'.repeat(9000)})`, 'i')).length, 1); // no top-level alternative
});

test.run();
