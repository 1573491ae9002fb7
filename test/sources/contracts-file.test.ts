/**
 * The contracts-file reader's accepted forms (docs/contracts-file.md): an array, a bare
 * `{ name: ToolContract }` map, or the wrapped object with `tools`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
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
    assert.throws(() => parseContractsFile(text, 'f'), (e: unknown) => /\$\.tools: expected an object, found nothing/.test((e as Error).message));
  }
});

test.run();
