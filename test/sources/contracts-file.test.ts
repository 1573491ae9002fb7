/**
 * The contracts-file reader's accepted forms (docs/contracts-file.md): an array, a bare
 * `{ name: ToolContract }` map, or the wrapped object with `tools`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { LISTING_WARNING_RULES } from '../../src/contract/annotations.ts';
import { parseContractsFile } from '../../src/sources/contracts-file.ts';

const EMPTY = { tools: {}, prompts: {}, resources: {} };

test('{} is a bare map with no entries: a server with no tools, like [] and {"tools": {}}', () => {
  assert.equal(parseContractsFile('{}', 'empty.json'), EMPTY);
  assert.equal(parseContractsFile(' { } \n', 'empty.json'), EMPTY);
  const digest = (text: string) => computeContractSetDigests(parseContractsFile(text, 'f')).integrityDigest;
  assert.is(digest('{}'), digest('[]'));
  assert.is(digest('{}'), digest('{"tools": {}}'));
});

test('the wrapped form still needs "tools": an object with only serverName or prompts is refused with the path', () => {
  for (const text of ['{"serverName": "billing"}', '{"prompts": {}}']) {
    assert.throws(() => parseContractsFile(text, 'f'), (e: unknown) => /\$\.tools: missing; expected an object/.test((e as Error).message));
  }
});

/** examples/billing/contracts.json with `edit` applied, read. */
function example(edit: (doc: { tools: Record<string, { surface: Record<string, unknown> & { actions: Record<string, Record<string, unknown>> } }> }) => void) {
  const doc = JSON.parse(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8'));
  edit(doc);
  return parseContractsFile(JSON.stringify(doc), 'contracts.json');
}

test('as docs/contracts-file.md says: a repeated tag is kept and hashed; readOnly and destructive both true are read as given', () => {
  const base = example(() => {});
  const repeated = example((d) => { d.tools['invoices']!.surface['tags'] = ['billing', 'billing']; });
  assert.equal(repeated.tools['invoices']!.surface.tags, ['billing', 'billing']);
  const back = diffContracts(repeated, example((d) => { d.tools['invoices']!.surface['tags'] = ['billing']; }));
  assert.equal(back.deltas.map((x) => [x.id, x.field]), [['surface.tags-removed', 'surface.tags["billing"]']]);
  const both = example((d) => { Object.assign(d.tools['invoices']!.surface.actions['void']!, { readOnly: true, destructive: true }); });
  assert.equal([both.tools['invoices']!.surface.actions['void']!.readOnly, both.tools['invoices']!.surface.actions['void']!.destructive], [true, true]);
  // And a tool's title feeds no digest (docs/diff.md "Not compared").
  const titled = example((d) => { d.tools['invoices']!.surface['title'] = 'Invoices, renamed for display'; });
  assert.is(diffContracts(base, titled).verdict, 'NONE');
});

test('an action with readOnly and destructive both true is read as given, with the warning a tools/list gives for both hints (same id)', () => {
  const doc = JSON.parse(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8'));
  Object.assign(doc.tools.invoices.surface.actions.void, { readOnly: true, destructive: true });
  Object.assign(doc.tools.payments.surface.actions.default, { readOnly: true, destructive: false });
  const warnings: string[] = [];
  const set = parseContractsFile(JSON.stringify(doc), 'contracts.json', { onWarning: (w) => warnings.push(w) });
  assert.equal([set.tools['invoices']!.surface.actions['void']!.readOnly, set.tools['invoices']!.surface.actions['void']!.destructive], [true, true]);
  assert.is(warnings.length, 1, warnings.join('\n'));
  assert.ok(warnings[0]!.startsWith('[annotations.read-only-and-destructive] $.tools.invoices.surface.actions.void: tool "invoices" action "void" gives readOnly and destructive both true'), warnings[0]);
  assert.ok(LISTING_WARNING_RULES.some((r) => r.id === 'annotations.read-only-and-destructive'));
  // The array form names the tool by position; a file that is refused gives no warnings.
  const asArray = Object.values(doc.tools);
  const fromArray: string[] = [];
  parseContractsFile(JSON.stringify(asArray), 'contracts.json', { onWarning: (w) => fromArray.push(w) });
  assert.ok(fromArray[0]!.startsWith('[annotations.read-only-and-destructive] $[0].surface.actions.void: tool "invoices" action "void"'), fromArray[0]);
  const refused: string[] = [];
  delete doc.tools.reports.surface.actions.default.idempotent;
  assert.throws(() => parseContractsFile(JSON.stringify(doc), 'contracts.json', { onWarning: (w) => refused.push(w) }));
  assert.equal(refused, []);
});

test('a name listed twice names both positions; a prompt argument name listed twice is refused (a client sends arguments by name)', () => {
  const billing = JSON.parse(readFileSync(new URL('../../examples/billing/contracts.json', import.meta.url), 'utf8'));
  const tool = billing.tools['invoices'];
  const doc = {
    tools: [tool, tool],
    prompts: { p: { name: 'p', arguments: [{ name: 'x', required: true }, { name: 'y' }, { name: 'x' }] } },
  };
  let message = '';
  try {
    parseContractsFile(JSON.stringify(doc), 'c.json');
  } catch (e) {
    message = (e as Error).message;
  }
  assert.ok(message.includes('$.tools[1]: "invoices" appears twice (first at $.tools[0])'), message);
  assert.ok(message.includes('$.prompts.p.arguments[2].name: the argument name "x" is listed twice (first at $.prompts.p.arguments[0])'), message);
});

test.run();
