import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { isWarningLine, warningsOnly } from '../../src/sources/warnings-only.ts';

// Which stderr lines are only warnings, so that a server that wrote them and ended says no more of
// why than one that wrote nothing (`src/sources/warnings-only.ts`).

const MYSQL2 = 'Ignoring invalid configuration option passed to Connection: acquireTimeout. This is currently a warning, but in future versions of MySQL2, an error will be thrown if you pass an invalid configuration option to a Connection';

test('warnings, notices and deprecations in the forms servers print them are warnings', () => {
  for (const line of [
    MYSQL2,
    'Warning: React version not specified',
    'WARN  config file not found, using defaults',
    '[WARN] cache disabled',
    '2026-12-07T10:49:01.123Z [warning] slow start',
    'npm warn deprecated inflight@1.0.6: This module is not supported',
    'NOTICE: using the default schema',
    'DEPRECATED: --port, use --listen',
    '{"level":"warn","msg":"no cache dir"}',
    '{"level":40,"msg":"no cache dir"}',
  ]) assert.ok(isWarningLine(line), line);
});

test("Node's own warning, as it prints it, is only warnings", () => {
  // A real Node.js run: what it prints for process.emitWarning is its own form, not one written here.
  const r = spawnSync(process.execPath, ['-e', "process.emitWarning('x() is deprecated', 'DeprecationWarning', 'DEP_T'); process.emitWarning('an experiment', 'ExperimentalWarning')"], { encoding: 'utf8' });
  const lines = r.stderr.split('\n');
  assert.ok(lines.filter((l) => l.trim() !== '').length >= 3, r.stderr);
  assert.equal(warningsOnly(lines), lines.filter((l) => l.trim() !== ''), r.stderr);
});

test("Python's warnings, as it prints them (the source line after each), are only warnings; a traceback after them is not", () => {
  // A real Python run: `warnings.warn` prints `file:line: Category: message` and the source line.
  const script = "import warnings\nwarnings.warn('pkg_resources is deprecated as an API', DeprecationWarning)\nwarnings.warn('option timeout is ignored')\n";
  const r = spawnSync('python3', ['-W', 'default', '-c', script], { encoding: 'utf8' });
  if (r.error !== undefined) return; // No python3 on this machine: the rows below still hold.
  const lines = r.stderr.split('\n');
  assert.ok(lines.some((l) => /: UserWarning: option timeout is ignored$/.test(l)), r.stderr);
  assert.equal(warningsOnly(lines), lines.filter((l) => l.trim() !== ''), r.stderr);
  assert.ok(isWarningLine('/srv/app/server.py:12: UserWarning: the default model is deprecated'));
  assert.ok(isWarningLine('<frozen importlib._bootstrap>:488: RuntimeWarning: numpy.ndarray size changed'));
  const warned = ['/srv/app.py:3: UserWarning: x', "  warnings.warn('x')"];
  assert.equal(warningsOnly(warned), warned);
  // An indented line after something else, or a traceback's lines, are no warning's source line.
  assert.is(warningsOnly(['Server starting', "  warnings.warn('x')"]), undefined);
  assert.is(warningsOnly([...warned, 'Traceback (most recent call last):', '  File "/srv/app.py", line 9, in <module>', 'KeyError: 9']), undefined);
  assert.is(warningsOnly([...warned, '  raise RuntimeError("no database")']), undefined);
  assert.not.ok(isWarningLine('/srv/app.py:3: sqlite3.OperationalError: unable to open database file'));
});

test('a line that names an error, a stack frame, an errno code or a panic is a reason, also beside a warning word', () => {
  for (const line of [
    'Error: connect ECONNREFUSED 127.0.0.1:3306',
    "TypeError: Cannot read properties of undefined (reading 'query')",
    '    at getTools (file:///srv/server.js:41:19)',
    'Warning: connect ECONNREFUSED 127.0.0.1:3306',
    'warning: failed with Error: boom',
    'Fatal error during server startup: something',
    '{"level":"error","msg":"warning ignored"}',
    'Traceback (most recent call last):',
    'panic: runtime error: warning',
    'Connected to database',
    '',
  ]) assert.not.ok(isWarningLine(line), line);
  assert.is(warningsOnly([MYSQL2, 'Error: connect ECONNREFUSED 127.0.0.1:3306']), undefined);
  assert.is(warningsOnly([MYSQL2, "    at Pool.query (/srv/node_modules/mysql2/lib/pool.js:1:1)"]), undefined);
  assert.is(warningsOnly([MYSQL2, 'Server started']), undefined);
});

test('no line, blank lines only, or lines lost off the front: not only warnings', () => {
  assert.is(warningsOnly([]), undefined);
  assert.is(warningsOnly(['', '  ']), undefined);
  assert.is(warningsOnly([MYSQL2], true), undefined);
  assert.equal(warningsOnly(['', MYSQL2, '']), [MYSQL2]);
});

test.run();
