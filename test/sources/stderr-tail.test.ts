import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';
import { StderrTail } from '../../src/sources/stderr-tail.ts';

const NODE = process.execPath;

test('a tail that starts inside a stack trace also shows the line that starts its message, and how many lines lie between', () => {
  const tail = new StderrTail(3);
  tail.push('starting\nError: cannot open "db.sqlite"\n    at open (db.js:1:1)\n    at main (index.js:2:2)\n    at run (index.js:3:3)\n    at start (index.js:4:4)\n');
  assert.is(tail.describe(), [
    '',
    '--- last 3 lines of the server\'s stderr, after the line that starts their message ---',
    '  Error: cannot open "db.sqlite"',
    '  … (1 line left out)',
    '      at main (index.js:2:2)',
    '      at run (index.js:3:3)',
    '      at start (index.js:4:4)',
  ].join('\n'));
  // A tail that starts at the message, or at an unindented line, is shown as it was.
  const whole = new StderrTail(3);
  whole.push('starting\nError: boom\n    at a (a.js:1:1)\n');
  assert.is(whole.describe(), '\n--- last 3 lines of the server\'s stderr ---\n  starting\n  Error: boom\n      at a (a.js:1:1)');
  const plain = new StderrTail(2);
  plain.push('one\ntwo\nthree\n');
  assert.is(plain.describe(), '\n--- last 2 lines of the server\'s stderr ---\n  two\n  three');
  // Indented from its first kept line on: no line starts the message, nothing is added.
  const indented = new StderrTail(2);
  indented.push('  a\n  b\n  c\n');
  assert.is(indented.describe(), '\n--- last 2 lines of the server\'s stderr ---\n    b\n    c');
});

test('a tail that starts at a blank line under the message also shows that message', () => {
  const tail = new StderrTail(3);
  tail.push('Failed to start server: Error loading OAuth keys\n\nSet GOOGLE_OAUTH_CREDENTIALS\nor put gcp-oauth.keys.json beside the server\n');
  assert.is(tail.describe(), [
    '',
    '--- last 3 lines of the server\'s stderr, after the line that starts their message ---',
    '  Failed to start server: Error loading OAuth keys',
    '  ',
    '  Set GOOGLE_OAUTH_CREDENTIALS',
    '  or put gcp-oauth.keys.json beside the server',
  ].join('\n'));
});

test('a line cut by the memory bound is not shown as the start of a message', () => {
  const tail = new StderrTail(2, 45);
  tail.push(`${'x'.repeat(30)}Error: head\n    at a (a.js:1:1)\n    at b (b.js:2:2)\n    at c (c.js:3:3)\n`);
  assert.is(tail.describe(), '\n--- last 2 lines of the server\'s stderr ---\n      at b (b.js:2:2)\n      at c (c.js:3:3)');
});

test('a server that dies of a long error (as @bytebase/dbhub without its native module): the failure names the error, not only its stack', () => {
  const r = runCli(['lock', '--server', `${NODE} ${fixture('stack-trace-exit.mjs')}`, '--start-timeout', '2000', '--handshake-timeout', '5000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
  assert.ok(r.stderr.includes('--- last 20 lines of the server\'s stderr, after the line that starts their message ---\n  Fatal error: Error: Could not locate the bindings file. Tried:\n  … (15 lines left out)\n      at _SQLiteConnector.connect'), r.stderr);
});

test.run();
