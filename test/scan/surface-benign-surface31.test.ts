/**
 * Benign set surface31: texts that name an API key, a token and a host the ordinary ways a tool uses a key, for the
 * precision of `order.named-secret-placed-any-language` (`surface.sensitive-file`) and `surface.exfiltration-url`.
 *
 * `texts.json`: 90 texts in English and 17 other languages. 24 (`source: "r26"`) are the written texts of review26 that
 * gave findings on main, read as the description of a tool `do_task`; 66 (`source: "surface31"`) surface31 wrote, each as
 * the description of a tool of its own name, by kind: the key of the vendor's own API (`vendor-api`), a self-hosted
 * instance's URL (`self-hosted`), an OpenAI-compatible base URL of another vendor (`openai-compatible`), a webhook, an
 * OAuth flow and a proxy. Each tool has the text parameters `query` and `notes`, as `_one-tool.ts` gives them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';

interface Written { lang: string; kind: 'vendor-api' | 'self-hosted' | 'openai-compatible' | 'webhook' | 'oauth' | 'proxy'; source: 'r26' | 'surface31'; tool: string; text: string }
const texts = JSON.parse(readFileSync(new URL('../fixtures/scan/benign-surface31/texts.json', import.meta.url), 'utf8')) as Written[];

const findingsOf = (t: Written): string => scanSurface(materializeToolsList({ tools: [{ name: t.tool, description: t.text, inputSchema: { type: 'object', properties: { query: { type: 'string' }, notes: { type: 'string' } } } }] }))
  .filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`).sort().join(' ');

const SF = 'surface.sensitive-file/error';
const EX = 'surface.exfiltration-url/error';
/**
 * What the rules still report, by index. Measured when the set was written (main at 351b645b): 43 of the 90 texts, 11 of
 * the 24 of review26 and 32 of surface31's (13 `exfiltration-url`, 31 `order.named-secret-placed-any-language`).
 */
const STILL_REPORTED: Record<number, string> = {
  0: SF, 3: SF, 8: SF, 9: SF, 14: EX, 16: EX, 18: EX, 19: SF, 20: SF, 21: SF, 23: SF, 24: EX, 25: EX, 27: EX, 29: EX, 33: SF,
  34: SF, 36: SF, 38: SF, 41: SF, 42: SF, 44: SF, 49: SF, 50: EX, 51: SF, 54: EX, 55: SF, 57: SF, 58: SF, 62: `${EX} ${SF}`,
  64: SF, 68: SF, 71: SF, 72: SF, 73: EX, 75: SF, 76: EX, 77: SF, 78: EX, 79: SF, 80: SF, 83: SF, 88: SF,
};

test('the set is whole: 90 texts, 24 of review26, in English and 17 other languages', () => {
  assert.is(texts.length, 90);
  assert.is(texts.filter((t) => t.source === 'r26').length, 24);
  assert.is(new Set(texts.map((t) => t.lang)).size, 18);
  assert.ok(texts.every((t) => t.text.includes('://')));
});

test('the texts give only the findings still listed', () => {
  const found: Record<number, string> = {};
  texts.forEach((t, i) => { const f = findingsOf(t); if (f !== '') found[i] = f; });
  assert.equal(found, STILL_REPORTED);
});

test.run();
