import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurfaceText } from '../../src/scan/scan-surface.ts';

/**
 * 300 benign tool texts written by fphunt3 in the style of real servers, in domains earlier hunts did not
 * cover (medical, legal, finance, gaming, CAD, education, HR, and a mixed set of protective and routing
 * sentences), in English, French, Spanish, German, Portuguese, Italian, Dutch, Polish, Czech, Turkish,
 * Russian, Arabic, Indonesian, Vietnamese, Japanese and Chinese. Each is read as a tool's description.
 * When written, 22 of the 300 texts gave an error and 12 a warning; after fphunt3's fixes 2 errors were
 * left (they are not in the set: see the hunt in docs/scan.md) and one warning, the install helper's
 * own `curl … | sh`, which is meant to stay one. The two errors left out (a diagnosis not given in French, a reviewer's
 * internal notes kept back with "share only the final feedback" after it) are none since surface23 and are the set's
 * last two texts.
 */
interface BenignText { domain: string; text: string }
const texts = JSON.parse(readFileSync(new URL('../fixtures/scan/benign-fphunt3/texts.json', import.meta.url), 'utf8')) as BenignText[];
const findings = texts.map((t) => ({ ...t, found: scanSurfaceText(t.text, { tool: 't', field: 'description' }).filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`) }));

test('the set is whole: 300 texts over eight domains and a mixed set', () => {
  assert.is(texts.length, 300);
  assert.equal([...new Set(texts.map((t) => t.domain))].sort(), ['cad', 'education', 'finance', 'gaming', 'hr', 'legal', 'medical', 'misc', 'tricky']);
});

test('no benign text gives an error', () => {
  assert.equal(findings.filter((f) => f.found.some((x) => x.endsWith('/error'))).map((f) => `${f.found.join(', ')}: ${f.text}`), []);
});

test('at most the one warning measured: the install helper naming its own curl … | sh', () => {
  const warned = findings.filter((f) => f.found.length > 0);
  assert.ok(warned.length <= 1, warned.map((f) => `${f.found.join(', ')}: ${f.text}`).join('\n'));
  for (const f of warned) assert.equal(f.found, ['surface.remote-script/warning'], f.text);
});

test.run();
