/**
 * outputSecrets: what of a recorded tool answer looks like a secret (credential shapes, the
 * values the source was given), for `probe record`'s warning.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { outputSecrets } from '../../src/sources/output-secrets.ts';

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

test.run();
