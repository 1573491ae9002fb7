/**
 * The probe file: strict JSONC with every problem named by JSON path, line and column; the call
 * arguments a probe sends; writing baselines keeps comments and is byte-stable; judge answers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../src/errors.ts';
import { parseProbeFile, probeCallArguments } from '../../src/probe/parse-probe-file.ts';
import { setBaselines } from '../../src/probe/set-baselines.ts';
import { readJudgeAnswer } from '../../src/probe/judge-answer.ts';
import { tryReadCallToolOutput, callToolResultProblem } from '../../src/probe/call-tool-output.ts';

const GOOD = `{
  // probes for the billing server
  "$schema": "https://example.invalid/probes.json",
  "thresholds": { "none": 0.9, "low": 0.7, "medium": 0.4 },
  "probes": [
    { "id": "echo", "tool": "echo", "arguments": { "message": "hi" } }, // keep me
    {
      "id": "refund",
      "tool": "billing",
      "action": "refund",
      "description": "refund one invoice",
      "arguments": { "invoice": 7 },
      /* recorded */
      "baseline": { "content": [{ "type": "text", "text": "ok" }], "isError": false, "structuredContent": { "ok": true } },
    },
  ],
}
`;

function problems(text: string): string {
  try {
    parseProbeFile(text, 'p.jsonc');
  } catch (e) {
    assert.ok(e instanceof InputError, 'InputError (exit 2)');
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

test('a valid file: thresholds, probes in order, baseline read', () => {
  const f = parseProbeFile(GOOD, 'p.jsonc');
  assert.equal(f.thresholds, { none: 0.9, low: 0.7, medium: 0.4 });
  assert.is(f.probes.length, 2);
  assert.equal(f.probes[0], { id: 'echo', tool: 'echo', arguments: { message: 'hi' } });
  assert.equal(f.probes[1]!.baseline, { content: [{ type: 'text', text: 'ok' }], isError: false, structuredContent: { ok: true } });
  assert.is(f.probes[1]!.description, 'refund one invoice');
  assert.equal(parseProbeFile('{"probes":[]}', 'x').probes, []);
  const noIsError = parseProbeFile('{"probes":[{"id":"a","tool":"t","baseline":{"content":[]}}]}', 'x');
  assert.equal(noIsError.probes[0]!.baseline, { content: [], isError: false });
});

test('call arguments: the action is added unless default or already given', () => {
  const f = parseProbeFile(GOOD, 'p.jsonc');
  assert.equal(probeCallArguments(f.probes[1]!), { invoice: 7, action: 'refund' });
  assert.equal(probeCallArguments(f.probes[0]!), { message: 'hi' });
  assert.equal(probeCallArguments({ id: 'a', tool: 't', action: 'default', arguments: { x: 1 } }), { x: 1 });
  assert.equal(probeCallArguments({ id: 'a', tool: 't', action: 'list', arguments: { action: 'list' } }), { action: 'list' });
});

test('unknown keys and wrong types are reported with path, line and column', () => {
  const msg = problems(`{
  "probes": [
    { "id": "a", "tool": "echo", "argumnets": {} },
    { "id": 5, "tool": "", "arguments": [] },
    { "id": "c", "tool": "t", "baseline": { "content": [{ "text": "x" }], "isError": "no" } }
  ],
  "threshold": {}
}`);
  assert.match(msg, /Invalid probe file "p\.jsonc": 7 problems/);
  assert.match(msg, /\$\.probes\[0\]\.argumnets \(line 3, column 34\): unknown key; expected one of id, tool, action, arguments, description, baseline/);
  assert.match(msg, /\$\.probes\[1\]\.id \(line 4, column 13\): expected a non-empty string, found number 5/);
  assert.match(msg, /\$\.probes\[1\]\.tool \(line 4, column 24\): expected a non-empty string/);
  assert.match(msg, /\$\.probes\[1\]\.arguments \(line 4, column 41\): expected an object/);
  assert.match(msg, /\$\.probes\[2\]\.baseline\.content\[0\]\.type \(line 5, column 57\): missing; expected a string/);
  assert.match(msg, /\$\.probes\[2\]\.baseline\.isError \(line 5, column 86\): expected true or false, found the string "no"/);
  assert.match(msg, /\$\.threshold \(line 7, column 3\): unknown key/);
});

test('repeated ids, repeated keys, action conflicts, thresholds, syntax', () => {
  assert.match(problems('{"probes":[{"id":"a","tool":"t"},\n{"id":"a","tool":"u"}]}'), /\$\.probes\[1\]\.id \(line 2, column 7\): the id "a" is already used by \$\.probes\[0\]/);
  assert.match(problems('{"probes":[{"id":"a","tool":"t","arguments":{"x":1,"x":2}}]}'), /\$\.probes\[0\]\.arguments\.x \(line 1, column 52\): this key is given twice/);
  assert.match(problems('{"probes":[{"id":"a","tool":"t","action":"refund","arguments":{"action":"list"}}]}'), /arguments\.action .*is "list", but the probe's action is "refund"/);
  assert.match(problems('{"thresholds":{"none":0.5,"low":0.7,"medium":0.4},"probes":[]}'), /\$\.thresholds .*strictly \(none > low > medium\)/);
  assert.match(problems('{"thresholds":{"none":0.9,"low":0.7},"probes":[]}'), /\$\.thresholds\.medium .*missing/);
  assert.match(problems('{"probes":[{"id":"a",,}]}'), /\$ \(line 1, column 22\): syntax error: a property name in double quotes was expected here \(an extra comma\?\) \[PropertyNameExpected\]/);
  assert.match(problems(''), /the file is empty/);
  assert.match(problems('[]'), /expected an object with "probes"/);
  assert.match(problems('{}'), /\$\.probes .*missing; expected an array of probes/);
  assert.match(problems('{"probes":[{"id":"a","tool":"t","arguments":{"s":"\\ud800"}}]}'), /lone surrogate/);
  // A number JSON can write but no double holds would go out as null in tools/call and stop the judge prompt.
  const range = problems('{"probes":[{"id":"a","tool":"t","arguments":{"n":1e999,"m":[-1E+400]},\n"baseline":{"content":[{"type":"text","text":"x","v":2e308}]}}]}');
  assert.match(range, /\$\.probes\[0\]\.arguments\.n \(line 1, column 50\): the number is out of range/);
  assert.match(range, /\$\.probes\[0\]\.arguments\.m\[0\] \(line 1, column 61\): the number is out of range/);
  assert.match(range, /\$\.probes\[0\]\.baseline\.content\[0\]\.v \(line 2, column 54\): the number is out of range/);
});

test('setBaselines: inserts and replaces only baselines; comments survive; stable bytes', () => {
  const out = { content: [{ type: 'text', text: 'Echo: hi' }], isError: false };
  const next = setBaselines(GOOD, [
    { index: 0, output: out },
    { index: 1, output: { content: [{ type: 'text', text: 'refunded' }], isError: false, structuredContent: { z: 1, a: 2 } } },
  ]);
  for (const comment of ['// probes for the billing server', '// keep me']) assert.ok(next.includes(comment), comment);
  assert.ok(next.includes('/* recorded */') && next.indexOf('/* recorded */') < next.lastIndexOf('"baseline"'), 'a comment before the replaced baseline stays');
  const f = parseProbeFile(next, 'p.jsonc');
  assert.equal(f.probes[0]!.baseline, out);
  assert.equal(f.probes[1]!.baseline, { content: [{ type: 'text', text: 'refunded' }], isError: false, structuredContent: { a: 2, z: 1 } });
  assert.ok(next.indexOf('"a": 2') < next.indexOf('"z": 1'), 'baseline keys are sorted');
  assert.equal(f.thresholds, { none: 0.9, low: 0.7, medium: 0.4 });
  assert.is(setBaselines(next, [{ index: 0, output: out }]), next, 'writing the same baseline again changes no byte');
  assert.is(setBaselines(GOOD, []), GOOD);
  const tabs = setBaselines('{\n\t"probes": [\n\t\t{ "id": "a", "tool": "t" }\n\t]\n}\n', [{ index: 0, output: out }]);
  assert.match(tabs, /\n\t\t\t"baseline": \{\n\t\t\t\t"content"/);
});

test('judge answers: plain, fenced, unparsable, out of range', () => {
  assert.equal(readJudgeAnswer('{"similarityScore":0.8,"reasoning":"close"}'), { score: 0.8, reasoning: 'close' });
  assert.equal(readJudgeAnswer('```json\n{"similarityScore": 1}\n```\n'), { score: 1, reasoning: '' });
  assert.equal(readJudgeAnswer(' {"similarityScore":0,"reasoning":"x","extra":1}\n'), { score: 0, reasoning: 'x' });
  const code = (t: string): string | undefined => (readJudgeAnswer(t) as { code?: string }).code;
  assert.is(code('{"similarityScore":1.7,"reasoning":"x"}'), 'judge-out-of-range');
  assert.is(code('{"similarityScore":-0.01}'), 'judge-out-of-range');
  assert.is(code('I think 0.9'), 'judge-unparsable');
  assert.is(code(''), 'judge-unparsable');
  assert.is(code('{"similarityScore":"0.9"}'), 'judge-unparsable');
  assert.is(code('{"score":0.9}'), 'judge-unparsable');
  assert.is(code('[0.9]'), 'judge-unparsable');
  assert.is(code('{"similarityScore":0.9,"reasoning":5}'), 'judge-unparsable');
  assert.is(code('{"similarityScore":0.9,"similarityScore":0.1}'), 'judge-unparsable', 'duplicate keys are not an answer');
});

test('CallToolResult reading', () => {
  assert.equal(tryReadCallToolOutput({ content: [{ type: 'text', text: 'x' }], _meta: { t: 1 } }), { content: [{ type: 'text', text: 'x' }], isError: false });
  assert.equal(tryReadCallToolOutput({ structuredContent: { a: 1 }, isError: true }), { content: [], structuredContent: { a: 1 }, isError: true });
  assert.is(callToolResultProblem([]), 'it is not an object');
  assert.is(callToolResultProblem({}), 'it has neither "content" nor "structuredContent"');
  assert.is(callToolResultProblem({ content: [1] }), 'its content[0] is not a content block (an object with a string "type")');
  assert.is(callToolResultProblem({ content: [], isError: 'yes' }), 'its "isError" is not a boolean');
});

test.run();
