/**
 * Scanner27 checked the last session's note: a bare `SimpleHTTPRequestHandler` subclass served
 * with `HTTPServer` or `socketserver.TCPServer` serves the working directory. It is
 * `filesystem.python-http-file-server` at the class statement (through a module alias, a
 * subclass of a subclass too), beside `network.python-server` at the imports; a handler of the
 * server's own (`BaseHTTPRequestHandler` with `do_GET`) serves no files. Files in
 * test/fixtures/scan/scanner27/file-server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner27/file-server/', import.meta.url));
/** The capability findings of scanning one file, as `line:column id`, sorted. */
const caps = async (file: string): Promise<string[]> => (await scanFiles([root + file], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.column} ${f.id}`).sort();

test('a bare SimpleHTTPRequestHandler subclass served by HTTPServer or socketserver.TCPServer serves files', async () => {
  assert.equal(await caps('http_subclass.py'), ['1:25 network.python-server', '2:8 network.python-server', '4:9 filesystem.python-http-file-server']);
  assert.equal(await caps('tcp_subclass.py'), ['1:8 network.python-server', '2:8 network.python-server', '4:9 filesystem.python-http-file-server']);
  assert.equal(await caps('two_levels.py'), ['1:8 network.python-server', '2:12 filesystem.python-http-file-server']);
});

test('a handler of its own serves no files', async () => {
  assert.equal(await caps('own_handler.py'), ['1:25 network.python-server']);
});

test.run();
