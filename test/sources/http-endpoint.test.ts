import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchProxy, headerProblem, loopbackProxyBypass, parseEndpointUrl, parseHeaderLine } from '../../src/sources/http-endpoint.ts';
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

test('a user name or password in the URL (fetch refuses to send it) is refused with the header to use, without showing either', () => {
  // http://alice:pw@host/mcp made lock fail at initialize (exit 3) with fetch's "Request cannot be
  // constructed from a URL that includes credentials", which says nothing of what to do instead.
  const both = message('http://alice:pw-hunter2-secret@127.0.0.1:3001/mcp?x=1');
  assert.is(both, 'Invalid --url: it holds a user name and password before the host (http://***@127.0.0.1:3001), which fetch refuses to send ' +
    '(HTTP clients do not send credentials written in a URL); remove them from the URL and send them as a header, ' +
    '--header "Authorization: Basic <base64 of user:password>" (printf \'%s\' \'user:password\' | base64), or the header the server asks for');
  // A token written as the user name (https://<token>@host) is a user name alone, and is not shown either.
  const token = message('https://ghp_tokenSECRET123@mcp.example.com/mcp');
  assert.match(token, /^Invalid --url: it holds a user name before the host \(https:\/\/\*\*\*@mcp\.example\.com\)/);
  assert.not.match(both + token, /alice|hunter2|tokenSECRET/);
  // Given in the config, the fix is written in the config's words.
  try {
    parseEndpointUrl('http://u:p4ssword@127.0.0.1:3001/mcp', 'source.url in mcpfusion.jsonc');
    assert.unreachable('accepted');
  } catch (e) {
    assert.instance(e, InputError);
    assert.match((e as Error).message, /^Invalid source\.url in mcpfusion\.jsonc: it holds a user name and password .*"headers": \{ "Authorization": "Basic \$\{env:MCP_BASIC_AUTH\}" \}/);
    assert.not.match((e as Error).message, /p4ssword/);
  }
  // An @ elsewhere (a path, a query) is no user info.
  assert.is(parseEndpointUrl('http://127.0.0.1:3001/mcp/@team?owner=a@b.c').hostname, '127.0.0.1');
});

test('a header value fetch cannot send is refused without showing it: line breaks, control characters, non-ASCII', () => {
  const secret = 'tok3nSECRET';
  // A line break inside (two lines of a file, a header injected), a no-break space or typographic
  // quote pasted with a token, a character past U+00FF (Node's fetch then throws a ByteString
  // error with the value in it), a control character.
  for (const [value, expected] of [
    [`Bearer ${secret}\nmore`, /a line break \(character 19 of 23\)/],
    [`Bearer ${secret}\r\nX-Injected: 1`, /a line break \(character 19 of 33\)/],
    [`Bearer\u00a0${secret}`, /a character that is not ASCII, U\+00A0 \(character 7 of 18\)/],
    [`Bearer \u201c${secret}\u201d`, /a character that is not ASCII, U\+201C \(character 8 of 20\)/],
    [`Bearer ${secret}\u0007x`, /a control character, U\+0007 \(character 19 of 20\)/],
  ] as const) {
    const problem = headerProblem('Authorization', value);
    assert.ok(problem !== undefined, JSON.stringify(value));
    assert.match(problem!, expected);
    assert.not.match(problem!, /tok3n|SECRET/);
    try {
      parseHeaderLine(`Authorization: ${value}`);
      assert.unreachable('accepted');
    } catch (e) {
      assert.instance(e, InputError);
      assert.match((e as Error).message, /^Invalid --header "Authorization": /);
      assert.not.match((e as Error).message, /tok3n|SECRET/);
    }
  }
  assert.match(headerProblem('Bad Name', 'x')!, /"Bad Name" is not an HTTP header name/);
  // Tabs and spaces inside a value are allowed, and so is every visible ASCII character.
  assert.is(headerProblem('X-Api-Key', 'a b\tc ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}'), undefined);
  assert.equal(parseHeaderLine('X-Api-Key: a b'), ['X-Api-Key', 'a b']);
});

test('a loopback URL bypasses HTTP_PROXY (Bun and Deno fetch read it; Bun 1.4.5 sent 127.0.0.1 to the proxy)', () => {
  const proxy = 'http://proxy.internal:3128';
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy }, '127.0.0.1'), { NO_PROXY: '127.0.0.1' });
  assert.equal(loopbackProxyBypass({ https_proxy: proxy, NO_PROXY: '.corp, 10.0.0.0/8' }, 'localhost'), { NO_PROXY: '.corp,10.0.0.0/8,localhost' });
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy, no_proxy: 'example.com' }, '[::1]'), { NO_PROXY: '::1', no_proxy: 'example.com,::1' });
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy }, '127.0.5.9'), { NO_PROXY: '127.0.5.9' });
  // Already bypassed, no proxy, or not loopback: nothing to set.
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy, NO_PROXY: '127.0.0.1' }, '127.0.0.1'), {});
  // Deno 2.9 does not read "*" as every host (test/deno/cli.test.ts): the host is named too.
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy, NO_PROXY: '*' }, 'localhost'), { NO_PROXY: '*,localhost' });
  assert.equal(loopbackProxyBypass({}, '127.0.0.1'), {});
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy }, 'mcp.example.com'), {});
  assert.equal(loopbackProxyBypass({ HTTP_PROXY: proxy }, '127.example.com'), {});
});

test('the proxy the runtime\'s fetch uses, as measured for Bun 1.4.5 and Deno 2.9 (none under Node): the connect stage connects there', () => {
  const proxy = 'http://127.0.0.1:3128';
  const u = (s: string): URL => new URL(s);
  const at = (env: Record<string, string>, url: string, runtime: 'node' | 'bun' | 'deno'): string | undefined => fetchProxy(env, u(url), runtime)?.host;
  for (const runtime of ['bun', 'deno'] as const) {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'ALL_PROXY']) assert.is(at({ [name]: proxy }, 'http://0.0.0.0:8000/mcp', runtime), '127.0.0.1:3128', `${runtime} ${name}`);
    assert.is(at({ HTTPS_PROXY: proxy }, 'http://0.0.0.0:8000/mcp', runtime), undefined, 'HTTPS_PROXY is not for http:');
    assert.is(at({ HTTPS_PROXY: proxy }, 'https://mcp.example.com/mcp', runtime), '127.0.0.1:3128');
    assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '0.0.0.0' }, 'http://0.0.0.0:8000/mcp', runtime), undefined);
    assert.is(at({ HTTP_PROXY: proxy, no_proxy: 'example.com' }, 'http://mcp.example.com/mcp', runtime), undefined);
    assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '.example.com' }, 'http://mcp.example.com/mcp', runtime), undefined);
    assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '.0.0.0' }, 'http://0.0.0.0:8000/mcp', runtime), '127.0.0.1:3128', 'no suffix match on an address');
    assert.is(at({ HTTP_PROXY: 'proxy.corp:8080' }, 'http://mcp.example.com/mcp', runtime), 'proxy.corp:8080');
    assert.is(at({ HTTP_PROXY: 'socks5://127.0.0.1:1080' }, 'http://mcp.example.com/mcp', runtime), undefined);
  }
  // Only Bun reads "*" and host:port.
  assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '*' }, 'http://0.0.0.0:8000/mcp', 'bun'), undefined);
  assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '*' }, 'http://0.0.0.0:8000/mcp', 'deno'), '127.0.0.1:3128');
  assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '0.0.0.0:8000' }, 'http://0.0.0.0:8000/mcp', 'bun'), undefined);
  assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '0.0.0.0:8000' }, 'http://0.0.0.0:8000/mcp', 'deno'), '127.0.0.1:3128');
  assert.is(at({ HTTP_PROXY: proxy, NO_PROXY: '0.0.0.0:1' }, 'http://0.0.0.0:8000/mcp', 'bun'), '127.0.0.1:3128');
  assert.is(at({ HTTP_PROXY: proxy }, 'http://0.0.0.0:8000/mcp', 'node'), undefined);
});

test.run();
