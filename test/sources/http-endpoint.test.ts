import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseEndpointUrl } from '../../src/sources/http-endpoint.ts';
import { InputError } from '../../src/errors.ts';

function message(text: string): string {
  try {
    parseEndpointUrl(text);
  } catch (e) {
    assert.instance(e, InputError, text);
    return (e as Error).message;
  }
  throw new Error(`${text} was accepted`);
}

test('http and https URLs are accepted as given', () => {
  assert.is(parseEndpointUrl('http://127.0.0.1:3001/mcp').port, '3001');
  assert.is(parseEndpointUrl('https://mcp.example.com/mcp').protocol, 'https:');
});

test('a host and port without a scheme (a common slip) says so and shows the URL meant', () => {
  assert.is(message('127.0.0.1:3001/mcp'), 'Invalid --url: "127.0.0.1:3001/mcp" has no scheme; did you mean --url http://127.0.0.1:3001/mcp?');
  assert.is(message('localhost:3001'), 'Invalid --url: "localhost:3001" has no scheme; did you mean --url http://localhost:3001?');
});

test('an unparseable URL is refused without quoting it (it may hold a secret), and another scheme is named', () => {
  const m = message('http://user:secret@[nope');
  assert.not.match(m, /secret/);
  assert.match(m, /^Invalid --url: not an absolute URL; expected e\.g\. http:\/\/127\.0\.0\.1:3001\/mcp/);
  assert.is(message('ftp://x/mcp'), 'Invalid --url: the scheme "ftp:" is not supported; use http: or https:');
});

test.run();
