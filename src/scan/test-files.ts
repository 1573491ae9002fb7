/**
 * Test files a directory walk leaves out: a file named as a test runner finds tests (JavaScript
 * and TypeScript `*.test.*`, `*.spec.*`, `*_test.*`; Python `test_*.py`, `*_test.py`,
 * `conftest.py`) whose text also holds a test. A name alone decides only for `*.test.*`: `.spec`
 * also names specifications (`openapi.spec.ts`, which export what they specify), `_test` a
 * snake_case tool (`speed_test.ts`) and `test_` a Python tool (`test_connection.py`), so those need
 * a test in them (or, for `.spec`, no export). Pure: the walk reads the text and asks here.
 *
 * @module
 */
import { tokenizePython, type PyToken } from './python/python-tokenize.ts';

/**
 * How a file's name marks it as a test: by name alone (`test`), or a candidate whose text decides:
 * `js-spec` (a test, or a module that exports nothing), `js-candidate` and `python-candidate` (a test).
 */
export type TestFileName = 'test' | 'js-spec' | 'js-candidate' | 'python-candidate';

const JS_NAMED_TEST = /\.test\.[cm]?[jt]sx?$/;
const JS_SPEC = /\.spec\.[cm]?[jt]sx?$/;
/** `fetch_test.ts`, and Deno's and tape's bare `test.ts` / `test.js` (`deno test` collects `{*_,*.,}test.*`). */
const JS_CANDIDATE = /(?:_test|(?:^|[\\/])test)\.[cm]?[jt]sx?$/;
/** pytest's `test_*.py`, `*_test.py` and `conftest.py`; unittest's and Django's `test.py` / `tests.py`. */
const PYTHON_CANDIDATE = /^(?:test_[^/\\]*|[^/\\]*_test|conftest|tests?)\.pyw?$/;

/**
 * How a file name marks a test (lower-cased base name or path; only the end is read).
 *
 * @param name The file's name.
 * @returns `test` for a test by its name alone, a candidate kind when its text decides, else undefined.
 * @example
 * testFileName('tools.test.ts') // 'test'
 * testFileName('openapi.spec.ts') // 'js-spec'
 * testFileName('test_server.py') // 'python-candidate'
 * testFileName('test-runner.ts') // undefined
 */
export function testFileName(name: string): TestFileName | undefined {
  const lower = name.toLowerCase();
  if (JS_NAMED_TEST.test(lower)) return 'test';
  if (JS_SPEC.test(lower)) return 'js-spec';
  if (JS_CANDIDATE.test(lower)) return 'js-candidate';
  const base = lower.slice(Math.max(lower.lastIndexOf('/'), lower.lastIndexOf('\\')) + 1);
  return PYTHON_CANDIDATE.test(base) ? 'python-candidate' : undefined;
}

/**
 * What a JavaScript or TypeScript test file holds: a test runner's import (node:test, vitest, Jest's
 * globals, bun:test, Deno's std testing and assert, uvu, ava, tap, mocha, chai), `Deno.test(`, or a
 * free `describe(`/`it(`/`test(`/`suite(` call given a title (not `re.test(s)`).
 */
const JS_TEST_CODE = /\bDeno\.test\s*[.(]|\b(?:from|require\s*\(|import\s*\(?)\s*['"](?:node:test|vitest|@jest\/globals|bun:test|uvu|ava|tap|mocha|chai|(?:jsr:|npm:)?@std\/(?:testing|assert|expect)\b[^'"]*|https?:\/\/deno\.land\/std\b[^'"]*\/(?:testing|assert)\b[^'"]*)['"]|(?<![\w$.])(?:describe|it|test|suite)(?:\.(?:only|skip|each|todo|concurrent))?\s*\(\s*['"`]/;

/** A JavaScript module that exports something (ESM `export`, CommonJS `module.exports` / `exports.x`). */
const JS_EXPORTS = /(?:^|[;{}\s])export\s+(?:\{|\*|default\b|(?:async\s+)?function\b|class\b|const\b|let\b|var\b|type\b|interface\b|enum\b|abstract\b|declare\b)|\bmodule\.exports\b|(?<![\w$.])exports\.[\w$]+\s*=/;

/** Python test frameworks: importing one makes a file a test module (`unittest.mock` alone does not). */
const PYTHON_TEST_MODULES = new Set(['pytest', 'unittest', 'nose', 'nose2', 'hypothesis', 'pytest_asyncio']);

/** Whether the tokens from `at` name a test framework's module (`pytest`, `unittest.case`; not `unittest.mock`). */
function testModuleAt(tokens: readonly PyToken[], at: number): boolean {
  const t = tokens[at];
  // Django's test runner: `from django.test import TestCase`.
  if (t?.type === 'name' && t.name === 'django') return tokens[at + 1]?.value === '.' && tokens[at + 2]?.name === 'test';
  if (t?.type !== 'name' || !PYTHON_TEST_MODULES.has(t.name)) return false;
  const next = tokens[at + 2];
  return !(t.name === 'unittest' && tokens[at + 1]?.value === '.' && next?.name === 'mock');
}

/**
 * Whether Python source holds tests: it imports a test framework (`import pytest`, `from unittest
 * import TestCase`; `unittest.mock` alone is no test), defines a pytest hook (`def pytest_…`), or
 * defines at its top level a test function or class (`def test_…`, `async def test_…`, `class
 * Test…`) and asserts something (an `assert` statement).
 */
function pythonHoldsTests(text: string): boolean {
  const { tokens } = tokenizePython(text);
  let testDefinition = false;
  let asserts = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.indent < 0 || t.type !== 'name') continue;
    if (t.name === 'import') {
      for (let k = i + 1; k < tokens.length && tokens[k]!.type !== 'newline'; k++) if ((k === i + 1 || tokens[k - 1]!.value === ',') && testModuleAt(tokens, k)) return true;
    } else if (t.name === 'from') {
      if (testModuleAt(tokens, i + 1)) return true;
    } else if (t.name === 'assert') asserts = true;
    else if (t.indent === 0) {
      const def = t.name === 'async' && tokens[i + 1]?.name === 'def' ? i + 1 : t.name === 'def' || t.name === 'class' ? i : -1;
      const name = def >= 0 ? tokens[def + 1]?.name ?? '' : '';
      if (tokens[def]?.name === 'def' && name.startsWith('pytest_')) return true;
      if (tokens[def]?.name === 'def' ? name.startsWith('test') : name.startsWith('Test')) testDefinition = true;
    }
    if (testDefinition && asserts) return true;
  }
  return false;
}

/**
 * Whether a test candidate's text makes it a test file (see {@link testFileName}): for JavaScript and
 * TypeScript a test runner's import, `Deno.test(` or a titled `describe(`/`it(`/`test(` call, and for
 * `*.spec.*` also a module that exports nothing (a specification a tool reads, `openapi.spec.ts`,
 * exports it; a file of top-level test code does not); for Python a test framework's import, a
 * pytest hook, or a top-level test function or class and an `assert`. Only the first 200,000
 * characters are read.
 *
 * @param kind The candidate's kind.
 * @param text Its source.
 * @returns True when it holds a test.
 * @example
 * holdsTests('python-candidate', 'import pytest\n') // true
 * holdsTests('js-spec', 'export const spec = { openapi: "3.1.0" };\n') // false
 */
export function holdsTests(kind: Exclude<TestFileName, 'test'>, text: string): boolean {
  const head = text.slice(0, 200_000);
  if (kind === 'python-candidate') return pythonHoldsTests(head);
  return JS_TEST_CODE.test(head) || (kind === 'js-spec' && !JS_EXPORTS.test(head));
}
