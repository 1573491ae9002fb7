import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';
import { StderrTail } from '../../src/sources/stderr-tail.ts';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NODE = process.execPath;

test('a minified line Node prints above its caret is shown around the thrown column, a caret under it', () => {
  // A real Node process dying in a one-line bundle of 3,000 characters, at a throw near its end.
  const dir = tempDir('mcpfusion-caret-');
  const filler = Array.from({ length: 150 }, (_, i) => `var v${String(i).padStart(4, '0')}=${i};`).join('');
  writeFileSync(join(dir, 'bundle.js'), `${filler}function boot(){throw new Error("no config")}boot();${filler}\n`);
  const run = spawnSync(NODE, [join(dir, 'bundle.js')], { encoding: 'utf8' });
  const tail = new StderrTail(20);
  tail.push(run.stderr);
  const lines = tail.describe().split('\n');
  const at = lines.findIndex((l) => l.includes('throw new Error("no config")'));
  assert.ok(at > 0, tail.describe());
  assert.match(lines[at]!, /^ {2}… \(\d+ characters left out\) .*… \(\d+ more\)$/);
  assert.ok(lines[at]!.length < 200, lines[at]);
  // Past about a thousand columns Node prints no caret (the line under the source is spaces
  // only): the column is the first stack frame's at that file and line, where the Error was made.
  const caret = lines[at + 1]!;
  assert.match(caret, /^ +\^+$/);
  assert.is(lines[at]!.slice(caret.indexOf('^'), caret.indexOf('^') + 9), 'new Error');
  // A short source line keeps its caret where Node put it.
  const short = new StderrTail(4);
  short.push('/srv/a.js:1\nboot();\n^\n\nError: x\n');
  assert.ok(short.describe().includes('\n  boot();\n  ^\n'));
});

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
  const r = runCli(['lock', '--server', `${NODE} ${fixture('stack-trace-exit.mjs')}`, '--start-timeout', '2000', '--handshake-timeout', '30000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
  assert.ok(r.stderr.includes('--- last 20 lines of the server\'s stderr, after the line that starts their message ---\n  Fatal error: Error: Could not locate the bindings file. Tried:\n  … (15 lines left out)\n      at _SQLiteConnector.connect'), r.stderr);
});

test('a tail of usage text with no error in it also shows the last line above it that names an error (a cobra server prints the error, then its usage)', () => {
  const tail = new StderrTail(3);
  tail.push('starting\nError: no context is set\nUsage:\n  srv [flags]\nFlags:\n  --a string  A\n  --b string  B\n  --c string  C\n');
  assert.is(tail.describe(), [
    '',
    '--- last 3 lines of the server\'s stderr, after the last line above them that names an error ---',
    '  Error: no context is set',
    '  … (3 lines left out)',
    '    --a string  A',
    '    --b string  B',
    '    --c string  C',
  ].join('\n'));
  // Other spellings of an error line: Go, Rust, Python, Node and log-level prefixes.
  for (const line of ['error: bad flag', 'fatal: no repo', 'Fatal error: x', 'panic: runtime error', 'ValueError: x', 'error[E0425]: x', 'ERROR: x', 'java.lang.IllegalStateException: x']) {
    const t = new StderrTail(1);
    t.push(`${line}\nusage: srv\n`);
    assert.ok(t.describe().includes(`names an error ---\n  ${line}\n  usage: srv`), `${line}: ${t.describe()}`);
  }
  // A tail that names an error itself is shown as it was, and so is one with no error above.
  const own = new StderrTail(2);
  own.push('Error: old\nretrying\nError: new\nbye\n');
  assert.is(own.describe(), '\n--- last 2 lines of the server\'s stderr ---\n  Error: new\n  bye');
  const none = new StderrTail(2);
  none.push('errors are logged here\nstarting\nready\nbye\n');
  assert.is(none.describe(), '\n--- last 2 lines of the server\'s stderr ---\n  ready\n  bye');
  // A line cut by the memory bound is never shown as the error.
  const cut = new StderrTail(2, 40);
  cut.push(`${'x'.repeat(30)}Error: head\n  usage\n  a\n  b\n`);
  assert.is(cut.describe(), '\n--- last 2 lines of the server\'s stderr ---\n    a\n    b');
});

test('a server that prints its error and then a long usage text (kubernetes-mcp-server without a kubeconfig context): the failure names the error', () => {
  const r = runCli(['lock', '--server', `${NODE} ${fixture('usage-exit.mjs')}`, '--start-timeout', '2000', '--handshake-timeout', '30000'], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
  assert.ok(r.stderr.includes('--- last 20 lines of the server\'s stderr, after the last line above them that names an error ---\n  Error: unable to create kubernetes target provider: no current-context is set and no contexts are defined in kubeconfig.\n  … (30 lines left out)\n        --flag-25 string'), r.stderr);
});

test('a launcher whose native binary exits (slack-mcp-server runs its Go build with execFileSync): the failure names the binary\'s error, not only the launcher\'s stack', () => {
  for (const [arg, line] of [
    ['json', '{"level":"fatal","timestamp":"2026-01-01T00:00:00Z","message":"Authentication required: set DEMO_TOKEN or DEMO_BOT_TOKEN","app":"demo"}'],
    ['plain', 'Authentication required: set DEMO_TOKEN or DEMO_BOT_TOKEN'],
  ] as const) {
    const r = runCli(['lock', '--server', `${NODE} ${fixture('launcher-exit.mjs')} ${arg}`, '--start-timeout', '2000', '--handshake-timeout', '30000'], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
    assert.match(r.stderr, new RegExp(`--- last 20 lines of the server's stderr, after the last line above them that names an error ---\\n  ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n  … \\(\\d+ lines? left out\\)\\n[^]*  Error: Command failed: `), `${arg}: ${r.stderr}`);
  }
});

test('a JSON log line at an error level names an error; one at another level does not', () => {
  for (const line of ['{"level":"fatal","msg":"no token"}', '{"level":"ERROR","msg":"x"}', '{"severity":"CRITICAL","message":"x"}', '{"level":50,"msg":"pino error"}', '{"lvl":"crit","msg":"x"}']) {
    const t = new StderrTail(1);
    t.push(`${line}\nusage: srv\n`);
    assert.ok(t.describe().includes(`names an error ---\n  ${line}\n  usage: srv`), `${line}: ${t.describe()}`);
  }
  for (const line of ['{"level":"info","msg":"error count 0"}', '{"level":30,"msg":"x"}', '{"message":"fatal"}', '{"level":"fatal"']) {
    const t = new StderrTail(1);
    t.push(`${line}\nusage: srv\n`);
    assert.is(t.describe(), '\n--- last 1 line of the server\'s stderr ---\n  usage: srv', line);
  }
  // A launcher's own "Command failed" error does not hide what its child wrote above it; any other
  // error in the tail does.
  const own = new StderrTail(2);
  own.push('{"level":"fatal","msg":"old"}\nError: new\n    at x (x.js:1:1)\n');
  assert.is(own.describe(), '\n--- last 2 lines of the server\'s stderr ---\n  Error: new\n      at x (x.js:1:1)');
  const launcher = new StderrTail(2);
  launcher.push('no token given\nError: Command failed: /opt/srv/bin/srv\n    at x (x.js:1:1)\n');
  assert.ok(launcher.describe().includes('names an error ---\n  no token given\n  Error: Command failed: /opt/srv/bin/srv'), launcher.describe());
});

test('a line that only closes a bracket does not start a message (datadog-mcp 2.x prints a ZodError: its JSON, a stack, then the error\'s properties)', () => {
  const issue = (key: string): string[] => ['  {', '    "code": "too_small",', `    "message": "${key} is required"`, '  }'];
  const props = (key: string): string[] => ['    {', "      code: 'too_small',", `      message: '${key} is required',`, '      path: [Array]', '    }'];
  const text = ['[srv] Failed to start server: _ZodError: [', ...issue('A_KEY'), ...issue('B_KEY'), ']', '    at parse (srv.js:1:1)', '    at main (srv.js:2:2) {', '  issues: [', ...props('A_KEY'), ...props('B_KEY'), '  ]', '}'];
  const tail = new StderrTail(6);
  tail.push(`${text.join('\n')}\n`);
  assert.is(tail.describe(), [
    '',
    '--- last 6 lines of the server\'s stderr, after the line that starts their message ---',
    '  [srv] Failed to start server: _ZodError: [',
    `  … (${text.length - 7} lines left out)`,
    ...text.slice(-6).map((l) => `  ${l}`),
  ].join('\n'));
  // A tail that starts at a closing bracket is inside a message too.
  const closer = new StderrTail(2);
  closer.push('Error: bad config {\n  a: 1\n}\ndone?\n');
  assert.ok(closer.describe().startsWith('\n--- last 2 lines of the server\'s stderr, after the line that starts their message ---\n  Error: bad config {\n'), closer.describe());
});

test.run();
