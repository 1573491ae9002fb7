/**
 * outputSecrets: what of a recorded tool answer looks like a secret (credential shapes, the
 * values the source was given), for `probe record`'s warning.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contractNames, distinctShownNames, outputSecrets, redactShown } from '../../src/sources/output-secrets.ts';
import { messageRedactor } from '../../src/sources/redact-command.ts';

const answer = (text: string): unknown => ({ content: [{ type: 'text', text }] });

test('credentials of a known shape, by row id, each once', () => {
  const jwt = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'c2lnbmF0dXJlLWJ5dGVz'].join('.');
  assert.equal(outputSecrets(answer(`users: [{token: ${jwt}}, {token: ${jwt}}]`), []), ['a credential of a known shape (credential.jwt)']);
  const pem = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEpAIBAAKCAQEA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6', '-----END RSA PRIVATE KEY-----'].join('\n');
  // A key over several lines of a text block: its newlines are escaped in the JSON text.
  assert.equal(outputSecrets({ content: [], structuredContent: { key: pem } }, []), ['a credential of a known shape (credential.private-key-pem)']);
  assert.equal(outputSecrets(answer('The sum of 2 and 3 is 5. Commit 3f2a9c0d1e2b4a5c6d7e8f90a1b2c3d4e5f6a7b8.'), []), []);
});

test('values the source was given, named by their label, never shown; short ones ignored', () => {
  const known = [
    { label: 'the value of DB_PASSWORD', value: 'p"ss\\word-99' },
    { label: 'the value of PIN_TOKEN', value: '1234' },
    { label: 'the value of API_KEY', value: 'swordfish-0123' },
    { label: 'the value of API_KEY', value: 'swordfish' },
  ];
  assert.equal(outputSecrets(answer('connected with p"ss\\word-99 as admin, pin 1234, key swordfish-0123'), known), ['the value of DB_PASSWORD', 'the value of API_KEY']);
  assert.equal(outputSecrets(answer('nothing here'), known), []);
});

test('names that hide to the same text stay distinct: each hidden one gets a number, in code-unit order of the names; keys and values agree', () => {
  const redact = distinctShownNames(messageRedactor(['tok-aaaa-1111', 'tok-bbbb-2222']), ['key_tok-bbbb-2222', 'key_tok-aaaa-1111', 'key_***', 'plain', 'key_tok-aaaa-1111_x']);
  assert.is(redact('key_tok-aaaa-1111'), 'key_*** #1');
  assert.is(redact('key_tok-bbbb-2222'), 'key_*** #2');
  // A name that is the hidden text itself keeps it; one that collides with nothing is only hidden.
  assert.is(redact('key_***'), 'key_***');
  assert.is(redact('key_tok-aaaa-1111_x'), 'key_***_x');
  assert.is(redact('plain'), 'plain');
  // Inside a longer text too, where no other name character touches it.
  assert.is(redact('tool "key_tok-aaaa-1111" added at tools.key_tok-bbbb-2222.surface, not key_tok-aaaa-1111_x'), 'tool "key_*** #1" added at tools.key_*** #2.surface, not key_***_x');
  const shown = redactShown({ tools: { 'key_tok-aaaa-1111': 1, 'key_tok-bbbb-2222': 2, 'key_***': 3 }, changed: ['key_tok-bbbb-2222'] }, redact);
  assert.equal(shown, { tools: { 'key_*** #1': 1, 'key_*** #2': 2, 'key_***': 3 }, changed: ['key_*** #2'] });
});

test('redactShown keeps every key of an object whose keys hide to the same text, numbered in their order past the numbers taken', () => {
  const shown = redactShown({ a: { 'x-tok-aaaa-1111': 1, 'x-tok-bbbb-2222': 2, 'x-*** #1': 0 } }, messageRedactor(['tok-aaaa-1111', 'tok-bbbb-2222']));
  assert.equal(Object.keys(shown.a).length, 3);
  assert.equal(shown.a, { 'x-*** #1': 0, 'x-*** #2': 1, 'x-*** #3': 2 });
});

test('contractNames: the names of tools, their actions, prompts and resources', () => {
  const tool = (actions: string[]) => ({ surface: { actions: Object.fromEntries(actions.map((a) => [a, {}])) } });
  const set = { tools: { t1: tool(['create']), t2: tool([]) }, prompts: { p: {} }, resources: { 'file:///x': {} } } as never;
  assert.equal(contractNames(set).sort(), ['create', 'file:///x', 'p', 't1', 't2']);
});

test.run();
