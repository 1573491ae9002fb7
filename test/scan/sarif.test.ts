import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toSarifLog, type SarifFinding, type SarifRule } from '../../src/format/sarif.ts';
import { sarifSchemaErrors } from './_sarif-validator.ts';

const tool = { name: 'mcpfusion', version: '0.1.0', informationUri: 'https://example.invalid/mcpfusion' };
const rules: SarifRule[] = [
  { id: 'network.fetch', shortDescription: 'Network access via fetch', defaultLevel: 'note', tags: ['security'], securitySeverity: 3 },
  { id: 'evasion.from-char-code', name: 'FromCharCode', shortDescription: 'String reconstruction', fullDescription: 'Long', help: 'Do not', helpUri: 'https://example.invalid/r' },
];

test('a log with every optional field validates against the SARIF 2.1.0 schema', () => {
  const findings: SarifFinding[] = [
    { ruleId: 'network.fetch', level: 'note', message: 'fetch', file: 'src/handlers/a b.ts', line: 3, column: 9, endLine: 3, endColumn: 14, snippet: 'await fetch(url)', fingerprint: 'ab12', properties: { family: 'network', chain: ['x.ts'] } },
    { ruleId: 'evasion.from-char-code', level: 'error', message: 'decoded "eval"', file: '/abs/path/x.js', line: 1 },
    { ruleId: 'evasion.from-char-code', level: 'warning', message: 'win', file: 'C:\\proj\\x.js', line: 2, column: 1 },
    { ruleId: 'network.fetch', level: 'warning', message: 'tool surface', logicalLocation: 'tools/read_file/description', logicalLocationKind: 'member' },
    { ruleId: 'network.fetch', level: 'none', message: '' },
  ];
  const log = toSarifLog(findings, { tool, rules, automationId: 'mcpfusion/scan/' });
  const roundTripped = JSON.parse(JSON.stringify(log));
  assert.equal(sarifSchemaErrors(roundTripped), []);
  const run = roundTripped.runs[0];
  assert.is(run.results.length, 5);
  assert.is(run.results[0].locations[0].physicalLocation.artifactLocation.uri, 'src/handlers/a%20b.ts');
  assert.is(run.results[0].locations[0].physicalLocation.artifactLocation.uriBaseId, 'SRCROOT');
  assert.is(run.results[1].locations[0].physicalLocation.artifactLocation.uri, 'file:///abs/path/x.js');
  assert.is(run.results[2].locations[0].physicalLocation.artifactLocation.uri, 'file:///C:/proj/x.js');
  assert.is(run.results[1].ruleIndex, 1);
  assert.is(run.tool.driver.rules[0].properties['security-severity'], '3.0');
  assert.is(run.results[4].message.text, 'network.fetch');
});

test('a Windows UNC path is a file URI naming its host (file://host/share/…), a relative Windows path a SRCROOT reference', () => {
  const uri = (file: string): { uri: string; uriBaseId?: string } => JSON.parse(JSON.stringify(toSarifLog([{ ruleId: 'network.fetch', level: 'note', message: 'm', file, line: 1 }], { tool, rules }))).runs[0].results[0].locations[0].physicalLocation.artifactLocation;
  assert.equal(uri('\\\\host\\share\\my dir\\x.js'), { uri: 'file://host/share/my%20dir/x.js' });
  assert.equal(uri('//host/share/x.js'), { uri: 'file://host/share/x.js' });
  assert.equal(uri('src\\tools\\x.js'), { uri: 'src/tools/x.js', uriBaseId: 'SRCROOT' });
  assert.equal(uri('D:/other/x.js'), { uri: 'file:///D:/other/x.js' });
});

test('the validator rejects a broken log (so the test above can fail)', () => {
  const log = toSarifLog([{ ruleId: 'network.fetch', level: 'note', message: 'm', file: 'a.ts', line: 1 }], { tool, rules });
  const broken = JSON.parse(JSON.stringify(log));
  broken.runs[0].results[0].level = 'fatal';
  delete broken.runs[0].tool.driver.name;
  const errors = sarifSchemaErrors(broken);
  assert.ok(errors.length >= 2, errors.join('\n'));
});

test('unknown and duplicate rule ids are programming errors', () => {
  assert.throws(() => toSarifLog([{ ruleId: 'nope', level: 'note', message: 'm' }], { tool, rules }), /unknown rule id "nope"/);
  assert.throws(() => toSarifLog([], { tool, rules: [rules[0]!, rules[0]!] }), /Duplicate SARIF rule id/);
});

test('an empty run is valid', () => {
  assert.equal(sarifSchemaErrors(JSON.parse(JSON.stringify(toSarifLog([], { tool, rules: [] })))), []);
});

test.run();
