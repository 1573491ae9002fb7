/**
 * `patternParts` groups a large rule pattern's top-level alternatives by a character every match of
 * them contains (`@<>/:` written outside groups and classes, not made optional), and `firstMatch`
 * does not run a group on a text without its character. That is only a shortcut: every match the
 * whole pattern finds, at every start, must still be found, on the rules' own patterns over the
 * held-out and benign texts (and those texts with each such character taken out), and on patterns
 * written to trip the reading of the pattern (escapes, classes, groups, lookarounds, quantifiers).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { POISONING_RULES } from '../../src/scan/patterns/poisoning.ts';
import { firstMatch, partNeed, patternParts } from '../../src/scan/scan-surface.ts';

const NEEDED = ['@', '<', '>', '/', ':'];

/** Every match of `pattern` run whole, one looked for from each match's next character, as firstMatch steps. */
function wholeMatches(pattern: RegExp, text: string): string[] {
  const whole = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  const out: string[] = [];
  for (let from = 0; from <= text.length;) {
    whole.lastIndex = from;
    const m = whole.exec(text);
    if (m === null) break;
    out.push(`${m.index}:${m[0]}`);
    from = m.index + 1;
  }
  return out;
}

/** The same through firstMatch, every match turned down so that it goes on to the next. */
function partMatches(pattern: RegExp, text: string): string[] {
  const out: string[] = [];
  firstMatch(pattern, text, false, (m) => {
    out.push(`${m.index}:${m[0]}`);
    return true;
  });
  return out;
}

const FIXTURES = join(ROOT, 'test/fixtures/scan');
const fixtureTexts = readdirSync(FIXTURES).filter((d) => /^(?:heldout-surface|benign-)/.test(d)).flatMap((d) =>
  readdirSync(join(FIXTURES, d)).filter((f) => f.endsWith('.json')).flatMap((f) =>
    (JSON.parse(readFileSync(join(FIXTURES, d, f), 'utf8')) as { text?: unknown }[]).flatMap((e) => (typeof e.text === 'string' ? [e.text] : []))));

test('a rule pattern read in parts, those whose character a text lacks skipped, finds every match the whole pattern finds', () => {
  const rules = POISONING_RULES.filter((r) => r.pattern !== undefined && patternParts(r.pattern).some((p) => partNeed(p) !== ''));
  // The shortcut is taken: some parts of the large rows require a character (the mail address of context-exfiltration).
  assert.ok(rules.some((r) => r.id === 'surface.context-exfiltration'), rules.map((r) => r.id).join(', '));
  assert.ok(fixtureTexts.length > 1000, `${fixtureTexts.length} texts`);
  // Each text as written, and with each character a part may require taken out (so that part is skipped).
  const texts = fixtureTexts.flatMap((t) => [t, ...NEEDED.filter((c) => t.includes(c)).map((c) => t.split(c).join(' '))]);
  const differ: string[] = [];
  let matched = 0;
  let skipped = 0;
  for (const rule of rules) {
    const parts = patternParts(rule.pattern!);
    for (const text of texts) {
      const expected = wholeMatches(rule.pattern!, text);
      matched += expected.length;
      if (parts.some((p) => partNeed(p) !== '' && !text.includes(partNeed(p)))) skipped++;
      const got = partMatches(rule.pattern!, text);
      if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push(`${rule.id} on ${JSON.stringify(text.slice(0, 100))}: ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`);
    }
  }
  assert.ok(matched > 100, `only ${matched} matches compared`);
  assert.ok(skipped > 1000, `only ${skipped} texts skipped a part`);
  assert.equal(differ.slice(0, 10), []);
});

/** An alternative, a text it matches that lacks a character it could be misread to require, and the flags. */
const TRICKY: [string, string, string][] = [
  ['a/?b', 'ab', 'i'],
  ['a/*b', 'ab', 'i'],
  ['a/??b', 'ab', 'i'],
  ['a/*?b', 'ab', 'i'],
  ['a:{0,2}b', 'ab', 'i'],
  ['a:{0}b', 'ab', 'i'],
  ['a<{0,3}?b', 'ab', 'i'],
  ['x\\\\/?y', 'x\\y', 'i'], // a backslash, then an optional slash
  ['x\\/?y', 'xy', 'i'], // an escaped slash made optional
  ['(?:a/)?b', 'b', 'i'],
  ['(?:\\)/)?b', 'b', 'i'], // an escaped parenthesis closes no group
  ['(?:[)]/)?b', 'b', 'i'], // nor does one in a class
  ['(?:[\\])]:)?b', 'b', 'i'], // an escaped bracket ends no class
  ['(?:[\\]\\\\(]@)?b', 'b', 'i'],
  ['(?:(?:a)|(?:c:))?b', 'b', 'i'],
  ['(?<=x)(?:y>)?b', 'xb', 'i'],
  ['(?<!:)b', 'b', 'i'],
  ['(?!@)b', 'b', 'i'],
  ['(?=[^/]*)b', 'b', 'i'],
  ['[^/:@<>]b', 'xb', 'i'],
  ['[[]/?b', '[b', 'i'],
  ['(?:[]:)?b', 'b', 'i'], // `[]` is an empty class in JavaScript
  ['[^]b', 'xb', 'i'],
  ['\\[:?\\]', '[]', 'i'],
  ['\\u003A?b', 'b', 'iu'],
  ['\\p{L}:?b', 'xb', 'iu'],
  ['[[a]:]b', 'ab', 'iv'], // with `v` a class holds classes: the `:` is in the outer one
  ['[[a]--[b]]:?c', 'ac', 'v'],
  ['a(?:b(?:c/)?)d', 'abd', 'i'],
];

test('a character is required only where every match holds it: escapes, classes, groups, lookarounds, quantifiers, flags', () => {
  const padding = 'zq'.repeat(4500); // makes the pattern large enough to be run in parts
  const differ: string[] = [];
  for (const [alternative, text, flags] of TRICKY) {
    const pattern = new RegExp(`${alternative}|${padding}`, flags);
    assert.ok(patternParts(pattern).length > 1, alternative);
    const expected = wholeMatches(pattern, text);
    assert.ok(expected.length > 0, `${alternative} matches ${text}`);
    const got = partMatches(pattern, text);
    if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push(`${alternative} (${flags}) on ${JSON.stringify(text)}: ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`);
  }
  assert.equal(differ, []);
});

test('a character written as itself, escaped, last, or repeated with + is required', () => {
  const padding = 'zq'.repeat(4500);
  const need = (alternative: string, flags = 'i'): string => partNeed(patternParts(new RegExp(`${alternative}|${padding}`, flags))[0]!);
  assert.is(need(String.raw`[\w.+-]{1,128}@[\w-]{1,128}\.`), '@');
  assert.is(need(String.raw`\bto\s+[\w.+-]{1,128}@`), '@'); // last in the alternative
  assert.is(need(String.raw`https?:\/\/x`), '/'); // escaped, and first in the order looked for
  assert.is(need('https?:x'), ':');
  assert.is(need(String.raw`a\\/b`), '/'); // a backslash, then a slash
  assert.is(need('a:+b'), ':');
  assert.is(need('a>b<c'), '<'); // the earlier of NEEDED's order
  assert.is(need('[@]b'), '');
  assert.is(need('(?:@)b'), '');
  assert.is(need('a:b', 'iv'), '');
});

test('no other character matches a required one under the i or iu flags', () => {
  let all = '';
  for (let c = 0; c < 0x110000; c++) if ((c < 0xd800 || c > 0xdfff) && !NEEDED.includes(String.fromCodePoint(c))) all += String.fromCodePoint(c);
  for (const flags of ['i', 'iu']) assert.not.ok(new RegExp('[@<>/:]', flags).test(all), flags);
});

test.run();
