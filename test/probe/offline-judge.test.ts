/**
 * The offline judge's measures, by vectors (test/fixtures/probe/offline-judge/*.json, named by
 * the drift level the default thresholds give) and by properties: identical outputs are exactly 1,
 * the score is symmetric and stays in 0..1.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ROOT } from '../helpers/cli.ts';
import { compareOutputs, structuredAgainstText } from '../../src/probe/compare-outputs.ts';
import { offlineJudge } from '../../src/probe/offline-judge.ts';
import { structuralSimilarity, jsonLeaves, leafSimilarity } from '../../src/probe/structural-similarity.ts';
import { tokenize, tokenSimilarity } from '../../src/probe/token-similarity.ts';
import { classifySimilarity } from '../../src/probe/thresholds.ts';
import { readJudgeAnswer } from '../../src/probe/judge-answer.ts';
import type { CallToolOutput, JudgeRequest } from '../../src/probe/types.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';

const DIR = join(ROOT, 'test/fixtures/probe/offline-judge');
const vectors = readdirSync(DIR).filter((n) => n.endsWith('.json')).sort();

test('there are vectors for every drift level', () => {
  for (const level of ['none', 'low', 'medium', 'high']) assert.ok(vectors.some((v) => v.startsWith(`${level}-`)), level);
});

for (const name of vectors) {
  test(`vector ${name}`, () => {
    const v = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as { baseline: CallToolOutput; current: CallToolOutput; expected: Record<string, number> };
    const c = compareOutputs(v.baseline, v.current);
    assert.is(c.score, v.expected['score'], 'score');
    for (const part of ['text', 'structured', 'blocks'] as const) assert.is(c[part], v.expected[part], part);
    assert.is(classifySimilarity(c.score), name.split('-')[0], 'level by the file name');
    // symmetric
    assert.is(compareOutputs(v.current, v.baseline).score, c.score, 'symmetric');
  });
}

test('compareOutputs: an absent isError is false (docs/probe.md: "absent = false"), in either argument', () => {
  // conform4: 15000 random pairs against a separate implementation agreed, except these.
  const t = [{ type: 'text', text: 'hi there' }];
  const bare = { content: t } as unknown as CallToolOutput;
  for (const [a, b] of [[bare, { content: t, isError: false }], [{ content: t, isError: false }, bare], [bare, bare]] as CallToolOutput[][]) {
    const c = compareOutputs(a!, b!);
    assert.is(c.isErrorChanged, false);
    assert.is(c.score, 1);
  }
  const withSc = { content: t, structuredContent: { m: 'hi there' } } as unknown as CallToolOutput;
  assert.is(compareOutputs({ content: t, isError: false }, withSc).score, 1);
  assert.is(compareOutputs(bare, { content: t, isError: true }).score, 0.25);
  assert.is(compareOutputs({ content: t, isError: true }, bare).isErrorChanged, true);
});

test('conform4 vectors: scores of a separate implementation (test/vectors/probe/conform4-offline-judge.json), components and level', () => {
  const { cases } = JSON.parse(readFileSync(join(ROOT, 'test/vectors/probe/conform4-offline-judge.json'), 'utf8')) as {
    cases: { baseline: CallToolOutput; current: CallToolOutput; expected: Record<string, number>; level: string }[];
  };
  for (const level of ['none', 'low', 'medium', 'high']) assert.ok(cases.some((c) => c.level === level), level);
  // Outputs as a JavaScript caller may hold them: isError given on one side and absent on the other.
  assert.ok(cases.some((c) => ('isError' in c.baseline) !== ('isError' in c.current)));
  for (const [i, c] of cases.entries()) {
    const got = compareOutputs(c.baseline, c.current);
    assert.is(got.score, c.expected['score'], `case ${i} score`);
    for (const part of ['text', 'structured', 'blocks'] as const) assert.is(got[part], c.expected[part], `case ${i} ${part}`);
    assert.is(classifySimilarity(got.score), c.level, `case ${i} level`);
  }
});

test('docs/probe.md examples: combining marks stay in their word, case is folded, numbers count as String(n) writes them', () => {
  // Hindi's virama and vowel signs, Thai's vowel and tone marks, Persian's ZWNJ are inside words.
  assert.equal(tokenize('\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e'), ['\u0928\u092e\u0938\u094d\u0924\u0947', '\u0926\u0941\u0928\u093f\u092f\u093e']);
  assert.equal(tokenize('\u0e20\u0e32\u0e29\u0e32 \u0e07\u0e48\u0e32\u0e22'), ['\u0e20\u0e32\u0e29\u0e32', '\u0e07\u0e48\u0e32\u0e22']);
  assert.equal(tokenize('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'), ['\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645']);
  assert.equal(tokenize('\u0130stanbul ISTANBUL'), ['istanbul', 'istanbul']);
  assert.equal(tokenize('Stra\u00dfe STRASSE \u1e9e'), ['strasse', 'strasse', 'ss']);
  assert.equal(tokenize('\u039f\u0394\u039f\u03a3 \u03bf\u03b4\u03bf\u03c3'), tokenize('\u03bf\u03b4\u03bf\u03c2 \u039f\u0394\u039f\u03a3'));
  assert.equal(tokenize('K\u0131z KIZ'), ['k\u0131z', 'kiz']);
  assert.equal(tokenize('cafe\u0301'), ['caf\u00e9']);
  assert.equal(tokenize("don't \u0301x"), ['don', 't', 'x']);
  assert.is(tokenSimilarity('\u0130stanbul', 'istanbul'), 1);
  assert.is(tokenSimilarity('\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e', '\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u094b\u0938\u094d\u0924'), 1 / 3);
  const one = (text: string, sc: JsonValue) => compareOutputs({ content: [{ type: 'text', text }], isError: false }, { content: [], structuredContent: sc, isError: false }).structured;
  assert.is(one('1e+21', { n: 1e21 }), 1);
  assert.is(one('0.000001, 1e-7', { a: 0.000001, b: 1e-7 }), 1);
  assert.is(compareOutputs({ content: [{ type: 'text', text: '' }], isError: false }, { content: [], isError: false }).text, 0);
});

test('tokenize: NFKC, lower case, letters and digits', () => {
  assert.equal(tokenize('Echo: Hello, Wörld! ＡＢＣ 42°'), ['echo', 'hello', 'wörld', 'abc', '42']);
  assert.equal(tokenize('...'), []);
  assert.is(tokenSimilarity('', '!!!'), 1);
  assert.is(tokenSimilarity('a', ''), 0);
});

test('leaves and leaf similarity', () => {
  assert.equal([...jsonLeaves({ a: [1, {}], 'b.c': [] }).keys()], ['$["a"][0]', '$["a"][1]', '$["b.c"]']);
  assert.is(leafSimilarity(-1, 1), 0.5, 'opposite signs floor at 0.5');
  assert.is(leafSimilarity({}, []), 0);
  assert.is(leafSimilarity(null, null), 1);
  assert.is(structuralSimilarity(undefined, undefined), 1);
  assert.is(structuralSimilarity({}, undefined), 0);
});

const json: fc.Arbitrary<JsonValue> = fc.jsonValue() as fc.Arbitrary<JsonValue>;
const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.string() }),
  fc.record({ type: fc.constant('image'), data: fc.base64String(), mimeType: fc.constant('image/png') }),
);
const output: fc.Arbitrary<CallToolOutput> = fc.record({
  content: fc.array(block as fc.Arbitrary<JsonValue>, { maxLength: 4 }),
  isError: fc.boolean(),
  structuredContent: fc.option(json, { nil: undefined }),
}).map((o) => (o.structuredContent === undefined ? { content: o.content, isError: o.isError } : o));

test('property: identical outputs score exactly 1 (drift none)', () => {
  fc.assert(fc.property(output, (o) => {
    const copy = JSON.parse(JSON.stringify(o)) as CallToolOutput;
    return compareOutputs(o, copy).score === 1;
  }));
});

test('property: the score is symmetric and within 0..1', () => {
  fc.assert(fc.property(output, output, (a, b) => {
    const s = compareOutputs(a, b).score;
    return s >= 0 && s <= 1 && s === compareOutputs(b, a).score;
  }));
});

test('the adapter answers in the judge format, with reasoning naming the measures', async () => {
  const request: JudgeRequest = {
    version: 1, id: 'p', tool: 't', action: null, contract: null, input: {},
    baseline: { content: [{ type: 'text', text: 'The sum of 2 and 3 is 5.' }], isError: false },
    current: { content: [{ type: 'text', text: 'The sum of 2 and 3 is 6.' }], isError: false },
  };
  const judge = offlineJudge();
  assert.is(judge.name, 'offline');
  const answer = readJudgeAnswer(await judge.evaluate('ignored', { request, signal: new AbortController().signal }));
  assert.equal(answer, { score: 0.777778, reasoning: 'text 0.777778 (token multiset); isError unchanged; score 0.777778' });
});

test('structuredContent on one side only is compared with the other side\'s text', async () => {
  const t = (...texts: string[]): CallToolOutput => ({ content: texts.map((text) => ({ type: 'text', text })), isError: false });
  // The MCP spec (2025-06-18, tools, Structured Content): a tool returning structured content SHOULD also return its serialized JSON as text.
  assert.is(structuredAgainstText({ a: [1, 'x'], b: null }, t('{"b":null,"a":[1,"x"]}')), 1, 'the JSON serialization, any key order');
  assert.is(structuredAgainstText({ result: 5 }, t('5')), 1, 'a scalar wrapped in a single key');
  assert.is(structuredAgainstText({ items: [{ id: 1 }] }, t('[{"id":2}]')), 0.75, 'a changed value inside the wrapper is drift');
  assert.is(structuredAgainstText({ ok: true, note: 'Refunded invoice 7' }, t('Refunded invoice 7')), 1, 'a message text beside the same message');
  assert.is(structuredAgainstText({ ok: true, note: 'Refund refused' }, t('Refunded invoice 7')), 0, 'another message');
  assert.is(structuredAgainstText({ n: 1 }, t('header', '{"n":1}')), 1, 'any one text block may be the JSON');
  assert.is(structuredAgainstText({ n: 1 }, { content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], isError: false }), 0, 'no text at all');
  assert.is(structuredAgainstText({ n: 1 }, t('{"n":1,"n":1}')), 0.25, 'a duplicate key is not strict JSON: tokens only (n 1 n 1 against 1: 1 of 4)');
  assert.is(structuredAgainstText({ n: 1 }, t('['.repeat(600) + ']'.repeat(600))), 0, 'deeper than 512 levels is not read as JSON');
  const request: JudgeRequest = {
    version: 1, id: 'p', tool: 't', action: null, contract: null, input: {},
    baseline: t('[1, 2]'), current: { ...t('[1, 2]'), structuredContent: { values: [1, 2] } },
  };
  const answer = readJudgeAnswer(await offlineJudge().evaluate('ignored', { request, signal: new AbortController().signal }));
  assert.equal(answer, { score: 1, reasoning: "text 1 (token multiset), structuredContent 1 (one side only, against the other side's text); isError unchanged; score 1" });
});

test.run();
