import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeChallenge } from '../../src/sources/http-auth-challenge.ts';

// The challenge of an OAuth-protected MCP server as the MCP authorization spec (2025-06-18)
// describes it: 401 with resource_metadata, 403 with insufficient_scope.
const META = 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource?x=secret"';

test('an OAuth 401 without a token says a token is needed and how to pass it', () => {
  const text = describeChallenge(401, META, false)!;
  assert.ok(text.startsWith('WWW-Authenticate: Bearer (OAuth resource metadata at https://mcp.example.com/.well-known/oauth-protected-resource): '), text);
  assert.match(text, /an OAuth access token .*no Authorization header was sent; pass it with --header "Authorization: Bearer <token>", .*"Bearer \$\{env:MCP_TOKEN\}"/);
  assert.not.match(text, /secret/);
});

test('a refused token, a missing scope and other schemes are told apart', () => {
  const expired = describeChallenge(401, 'Bearer realm="mcp", error="invalid_token", error_description="The access token expired"', true)!;
  assert.match(expired, /^WWW-Authenticate: Bearer \(error "invalid_token", "The access token expired"\): the server refused the Authorization header sent/);
  const scope = describeChallenge(403, 'Bearer error="insufficient_scope", scope="mcp:tools files:read", resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"', true)!;
  assert.match(scope, /scope "mcp:tools files:read".*: the token sent lacks a permission the server requires \(the scope named\)/);
  assert.match(describeChallenge(401, 'Basic realm="x"', false)!, /^WWW-Authenticate: Basic: the server asks for Basic credentials; no Authorization header was sent/);
  for (const [status, header] of [[401, null], [401, ''], [404, META], [500, META]] as const) {
    assert.is(describeChallenge(status, header, false), undefined, `${status} ${header}`);
  }
});

test.run();
