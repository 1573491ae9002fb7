import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeForLog } from '../../src/format/reveal-hidden.ts';

test('escapeForLog: controls, line breaks, bidi and hidden characters become \\u escapes; text, tabs and newlines stay', () => {
  assert.is(escapeForLog('plain text\twith a tab\n'), 'plain text\twith a tab\n');
  assert.is(escapeForLog('café 東京 1\uFE0F\u20E3 👍🏽 عربي\n'), 'café 東京 1\uFE0F\u20E3 👍🏽 عربي\n');
  assert.is(escapeForLog('a\u001b[31mb\r\u0007c\u007f'), 'a\\u001b[31mb\\u000d\\u0007c\\u007f');
  assert.is(escapeForLog('x\u009b2J\u0085y'), 'x\\u009b2J\\u0085y');
  assert.is(escapeForLog('one\u2028two\u2029'), 'one\\u2028two\\u2029');
  assert.is(escapeForLog('exe.\u202Egnp \u2066x\u2069'), 'exe.\\u202egnp \\u2066x\\u2069');
  assert.is(escapeForLog('zero\u200Bwidth'), 'zero\\u200bwidth');
  // A Unicode tag character (astral) is escaped as its UTF-16 pair, as JSON would write it.
  assert.is(escapeForLog('tag\u{E0041}'), 'tag\\udb40\\udc41');
  // A run of variation selectors carries hidden bytes; one after an emoji is ordinary text.
  assert.is(escapeForLog('a\uFE01\uFE02'), 'a\\ufe01\\ufe02');
});

test('escapeForLog keeps JSON meaning: a JSON document on stderr parses to the same value', () => {
  const value = { message: 'bidi \u202e, C1 \u0085, tag \u{E0041}, line \u2028, é' };
  const json = JSON.stringify(value, null, 2);
  const escaped = escapeForLog(json);
  assert.not.match(escaped, /[\u0080-\u009f\u2028\u202e]|\u{E0041}/u);
  assert.equal(JSON.parse(escaped), value);
});

test.run();
