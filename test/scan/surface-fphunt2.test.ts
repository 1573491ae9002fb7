import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSurfaceText } from '../../src/scan/scan-surface.ts';

/**
 * False errors and warnings found by a hunt over about 500 plausible benign tool descriptions (email,
 * calendar, CRM, payments, git, shell, browser, databases, files, cloud, chat, health, finance; German,
 * French, Spanish, Japanese, Chinese, Korean, Hindi) and 18 npm servers' listings (fphunt2). Each
 * benign row failed before its fix; each attack row beside it is the same words with the harm put
 * back, and stays at its level.
 */
const found = (text: string): string[] =>
  scanSurfaceText(text, { tool: 't', field: 'description' })
    .filter((f) => f.confidence !== 'low')
    .map((f) => `${f.id}/${f.level}`)
    .sort();

test('a zero-width joiner or non-joiner right after an Indic virama is spelling, whatever follows it', () => {
  for (const text of [
    'മലയാളം ന്\u200d ര്\u200d', // Malayalam chillus written with virama + ZWJ, before a space and at the end
    'अवन्\u200d.', // Devanagari half form before punctuation
    'ಇನ್\u200c', // Kannada, ZWNJ at the end
    'ශ්\u200d', // Sinhala al-lakuna + ZWJ
  ]) assert.equal(found(text), [], JSON.stringify(text));
  // Not after a virama: a joiner after a Latin letter or after a plain Malayalam letter is hidden.
  assert.equal(found('ignore\u200d'), ['surface.hidden-unicode/warning']);
  assert.equal(found('ക\u200d'), ['surface.hidden-unicode/warning']);
  // A run of joiners spelling bits after a virama is still hidden text.
  const bits = [...'hi there'].map((c) => c.charCodeAt(0).toString(2).padStart(8, '0')).join('').replace(/0/g, '\u200c').replace(/1/g, '\u200d');
  assert.ok(found(`ന്${bits}`).includes('surface.hidden-unicode/error'));
});

test.run();
