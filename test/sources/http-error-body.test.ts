import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeErrorBody } from '../../src/sources/http-error-body.ts';

test('an error body becomes one escaped line naming its content type', () => {
  const page = '<!DOCTYPE html>\r\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body><h1>\u001b[31mnginx</h1></body></html>\n';
  assert.is(describeErrorBody('text/html; charset=utf-8', page), 'a text/html body: "502 Bad Gateway: \\u001b[31mnginx"');
  assert.is(describeErrorBody(null, page), 'a body without a content type: "502 Bad Gateway: \\u001b[31mnginx"');
  const nginx = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  assert.is(describeErrorBody('text/html', nginx), 'a text/html body: "502 Bad Gateway"', 'a body that repeats the title adds nothing');
  assert.is(describeErrorBody('text/plain', '\n  Internal Server Error: db down\nTraceback (most recent call last):\n'), 'a text/plain body: "Internal Server Error: db down"');
  assert.is(describeErrorBody('text/plain', 'bad \u001b[31mred\u0000'), 'a text/plain body: "bad \\u001b[31mred\\u0000"');
  assert.is(describeErrorBody('application/json', '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}'), 'an application/json body: JSON-RPC error -32001: "Session not found"');
  assert.is(describeErrorBody('application/json', '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal server error","data":"db down"}}'), 'an application/json body: JSON-RPC error -32603: "Internal server error" (data: "db down")');
  assert.is(describeErrorBody('application/json', '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"m","data":"m"}}'), 'an application/json body: JSON-RPC error -32603: "m"');
  assert.is(describeErrorBody('application/json', '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"m","data":{"x":1}}}'), 'an application/json body: JSON-RPC error -32603: "m"');
  assert.is(describeErrorBody('application/json', '{"detail":"nope"}'), 'an application/json body: "{\\"detail\\":\\"nope\\"}"');
  assert.is(describeErrorBody('text/plain', ''), 'an empty body');
  assert.is(describeErrorBody('text/html', '<html><body></body></html>'), 'a text/html body with no text');
  // Express's default 404 page: a generic title, the useful line in the body.
  const express = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /mcp</pre>\n</body>\n</html>\n';
  assert.is(describeErrorBody('text/html; charset=utf-8', express), 'a text/html body: "Error: Cannot POST /mcp"');
  assert.is(describeErrorBody('text/html', '<body><h1>Not Found</h1><p>The URL was not found.</p></body>'), 'a text/html body: "Not Found"', 'no title: the first text alone');
  assert.is(describeErrorBody('text/html', '<title>Oops</title>'), 'a text/html body: "Oops"', 'no body: the title alone');
  const long = describeErrorBody('text/plain', 'x'.repeat(500));
  assert.is(long, `a text/plain body: "${'x'.repeat(200)}…"`);
});

test.run();
