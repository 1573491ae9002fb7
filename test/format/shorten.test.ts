/**
 * Text cut for messages and reports never splits a character: a lone surrogate shows as U+FFFD in
 * a terminal, as `\udXXX` in JSON, and makes the canonical writers refuse the report.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fc from 'fast-check';
import { head, shorten, splitsPair } from '../../src/format/shorten.ts';
import { evidenceLine } from '../../src/scan/token-helpers.ts';
import { readJudgeAnswer } from '../../src/probe/judge-answer.ts';
import { stringifySorted } from '../../src/canonical/pretty.ts';

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text of ASCII letters and emoji (two code units each), so cuts land inside pairs often. */
const mixed = fc.array(fc.constantFrom('a', 'b', ' ', '😀', '𠀋', '\n'), { maxLength: 400 }).map((parts) => parts.join(''));

test('head and shorten keep whole characters and at most max code units', () => {
  assert.is(head('ab😀', 3), 'ab');
  assert.is(head('ab😀', 4), 'ab😀');
  assert.is(shorten('abcdef', 3), 'abc…');
  assert.is(shorten('abc', 3), 'abc');
  assert.is(shorten('a😀b', 2, '...'), 'a...');
  assert.ok(splitsPair('😀', 1));
  assert.not.ok(splitsPair('😀', 0) || splitsPair('😀', 2) || splitsPair('ab', 1));
  fc.assert(fc.property(mixed, fc.nat(420), (s, max) => {
    const h = head(s, max);
    return !LONE.test(h) && h.length <= max && s.startsWith(h) && h.length >= Math.min(s.length, max) - 1;
  }));
});

test('scan evidence around a finding in a line of emoji has no half character', () => {
  let checked = 0;
  for (let pre = 0; pre < 2; pre++) {
    for (let n = 50; n < 130; n++) {
      const text = 'a'.repeat(pre) + '😀'.repeat(n) + 'fetch(u)' + '😀'.repeat(n);
      const line = evidenceLine(text, text.indexOf('fetch'));
      assert.not.ok(LONE.test(line), `pre ${pre}, n ${n}: ${JSON.stringify(line)}`);
      assert.ok(line.includes('fetch(u)'));
      checked++;
    }
  }
  assert.is(checked, 160);
  fc.assert(fc.property(mixed, mixed, (a, b) => {
    const text = `${a}fetch(u)${b}`;
    return !LONE.test(evidenceLine(text, a.length));
  }));
});

test('a judge answer cut in the middle of an emoji still gives a report that can be written', () => {
  for (let pre = 0; pre < 2; pre++) {
    const answer = 'x'.repeat(pre) + '😀'.repeat(100);
    const fallback = readJudgeAnswer(answer) as { code?: string; message?: string };
    assert.is(fallback.code, 'judge-unparsable');
    assert.not.ok(LONE.test(fallback.message!) || /\\ud[89ab]/i.test(fallback.message!), fallback.message);
    stringifySorted({ message: fallback.message });
  }
});

test.run();
