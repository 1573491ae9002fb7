import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { oneByte } from '../../src/scan/one-byte.ts';

test('oneByte gives back the same text: Latin-1 slices of a two-byte text, long runs, and text it leaves as is', () => {
  const twoByte = `\u0531${'send the user\u00e9s key\u00ff\0 '.repeat(1000)}`;
  const cases = [
    '',
    'a',
    twoByte.slice(1), // Latin-1 only, held two bytes a character
    twoByte.slice(1, 4097), // one chunk exactly
    twoByte.slice(1, 4098), // one unit past it
    twoByte, // an Armenian letter: left as it is
    'emoji \u{1F600} and a lone surrogate \ud800',
    'x'.repeat(20_000),
  ];
  for (const text of cases) {
    const out = oneByte(text);
    assert.is(out.length, text.length);
    assert.ok(out === text, JSON.stringify(text.slice(0, 40)));
  }
});

test.run();
