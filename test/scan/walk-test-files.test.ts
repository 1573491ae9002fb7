import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { holdsTests, testFileName } from '../../src/scan/test-files.ts';

interface Out { files: string[]; entitlements: { raw: string[] } }

const project = (prefix: string): { dir: string; put: (rel: string, text: string) => void } => {
  const dir = tempDir(prefix);
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  return { dir, put };
};

const scan = (dir: string, target: string): { out: Out; stderr: string } => {
  const r = runCli(['scan', target, '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as Out;
  return { out: { files: [...out.files].sort(), entitlements: out.entitlements }, stderr: r.stderr };
};

test('a Python walk leaves out pytest and unittest files beside handlers, keeps tool files named like tests and test files a handler imports', () => {
  const { dir, put } = project('mcpfusion-walk-pytests-');
  put('srv/server.py', 'import requests\nfrom srv.test_data import SAMPLE\n\ndef fetch(u):\n    return requests.get(u)\n');
  put('srv/__init__.py', '');
  // pytest without an import: a top-level test function and an assert.
  put('srv/test_server.py', 'import subprocess\nfrom srv.server import fetch\n\ndef test_fetch():\n    subprocess.run(["true"])\n    assert fetch("x")\n');
  put('srv/server_test.py', 'import shutil\nimport pytest\n\n@pytest.fixture\ndef tmp():\n    shutil.rmtree("x")\n');
  put('srv/conftest.py', 'import os\n\ndef pytest_configure(config):\n    os.remove("x")\n');
  put('srv/test_unit.py', 'import unittest\nimport socket\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        socket.socket()\n');
  // Django's tests.py.
  put('srv/tests.py', 'from django.test import TestCase\nimport os\n\nclass T(TestCase):\n    def test_a(self):\n        os.remove("x")\n');
  // A tool named like a test (FastMCP's test_connection tool), with no test in it: a handler.
  put('srv/test_connection.py', 'import httpx\nfrom mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n\n@mcp.tool()\ndef test_connection(url: str) -> str:\n    return httpx.get(url).text\n');
  // unittest.mock alone is no test framework, and a test named in a string or comment is none.
  put('srv/conftest_like_test.py', 'from unittest.mock import MagicMock\nimport os\n# def test_x(): assert 1\nos.system("x")\n');
  // A test-named module a handler imports is scanned with it.
  put('srv/test_data.py', 'import pytest\nimport tempfile\nSAMPLE = tempfile.mkdtemp()\n');
  const { out, stderr } = scan(dir, 'srv');
  assert.equal(out.files, ['srv/__init__.py', 'srv/conftest_like_test.py', 'srv/server.py', 'srv/test_connection.py', 'srv/test_data.py']);
  assert.equal(out.entitlements.raw, ['httpx', 'os.system', 'requests', 'tempfile.mkdtemp']);
  // The count and list name only the files not scanned (test_data.py was, through the import).
  assert.match(stderr, /left out 5 test file\(s\) named as tests \([^)]*test_\*\.py[^)]*\): srv\/conftest\.py, srv\/server_test\.py, srv\/test_server\.py, srv\/test_unit\.py, srv\/tests\.py; give a file's path to scan it/);
  // Named as a path, a test file is scanned.
  assert.equal(scan(dir, 'srv/test_server.py').out.files, ['srv/server.py', 'srv/test_data.py', 'srv/test_server.py']);
});

test('a JavaScript walk leaves out a *.spec.* file only when it holds a test or exports nothing: openapi.spec.ts and schema.spec.js are tool files', () => {
  const { dir, put } = project('mcpfusion-walk-specs-');
  put('js/package.json', '{ "name": "srv" }\n');
  put('js/src/index.ts', "import { spec } from './openapi.spec.js';\nexport const run = () => fetch(spec.servers[0].url);\n");
  put('js/src/openapi.spec.ts', "import { readFileSync } from 'node:fs';\nexport const spec = JSON.parse(readFileSync('openapi.json', 'utf8'));\n");
  put('js/src/schema.spec.js', "import { writeFileSync } from 'node:fs';\nexport const save = (s) => writeFileSync('schema.json', s);\n");
  put('js/src/index.spec.ts', "import { describe, it } from 'vitest';\nimport { rmSync } from 'node:fs';\ndescribe('index', () => { it('runs', () => rmSync('x')); });\n");
  put('js/src/tools.spec.mjs', "import { spawnSync } from 'node:child_process';\ntest('spawns', () => spawnSync('true'));\n");
  // Deno's and tape's bare test.ts / test.js: a test when it holds one.
  put('js/src/test.ts', "import { assertEquals } from 'jsr:@std/assert';\nimport { execSync } from 'node:child_process';\nDeno.test('runs', () => assertEquals(String(execSync('ls')), ''));\n");
  const { out, stderr } = scan(dir, 'js');
  assert.equal(out.files, ['js/src/index.ts', 'js/src/openapi.spec.ts', 'js/src/schema.spec.js']);
  assert.equal(out.entitlements.raw, ['fetch', 'fs.readFileSync', 'fs.writeFileSync']);
  assert.match(stderr, /left out 3 test file\(s\) [^:]*: js\/src\/index\.spec\.ts, js\/src\/test\.ts, js\/src\/tools\.spec\.mjs;/);
});

test('the count of left-out test files leaves out the ones a handler imports (they were scanned)', () => {
  const { dir, put } = project('mcpfusion-walk-count-');
  put('js/src/tools.ts', "import { fixture } from './fixture.test.js';\nexport const f = (u: string) => fetch(u).then(fixture);\n");
  put('js/src/fixture.test.ts', "import { readFileSync } from 'node:fs';\nexport const fixture = () => readFileSync('x');\n");
  put('js/src/tools.test.ts', "import { rmSync } from 'node:fs';\nrmSync('x');\n");
  const { out, stderr } = scan(dir, 'js');
  assert.equal(out.files, ['js/src/fixture.test.ts', 'js/src/tools.ts']);
  assert.match(stderr, /left out 1 test file\(s\) [^:]*: js\/src\/tools\.test\.ts;/);
  // Every test file imported: no line at all.
  put('js/src/tools.ts', "import { fixture } from './fixture.test.js';\nimport './tools.test.js';\nexport const f = (u: string) => fetch(u).then(fixture);\n");
  assert.not.match(scan(dir, 'js').stderr, /test file/);
});

test('extensionless scripts a project file names (setup.py scripts, setup.cfg scripts, pyproject script-files, poetry file scripts, package.json bin) are scanned as entry points when their #! line names python or node', () => {
  const { dir, put } = project('mcpfusion-walk-scripts-');
  const script = (rel: string, body: string): void => {
    put(rel, `#!/usr/bin/env python3\n${body}`);
    chmodSync(join(dir, rel), 0o755);
  };
  put('p1/setup.py', 'from setuptools import setup\nsetup(\n    name="srv",\n    scripts=["bin/mytool", "examples/run-server"],\n)\n');
  script('p1/bin/mytool', 'import subprocess\nsubprocess.run(["ls"])\n');
  script('p1/examples/run-server', 'import socket\nsocket.create_connection(("h", 1))\n');
  // Not named: an extensionless file is no code file.
  script('p1/bin/other', 'import os\nos.system("x")\n');
  put('p1/bin/README', 'import os\n');
  put('p2/setup.cfg', '[metadata]\nname = srv\n\n[options]\nscripts =\n    bin/serve\n    bin/notpython\n');
  script('p2/bin/serve', 'import shutil\nshutil.rmtree("x")\n');
  put('p2/bin/notpython', '#!/bin/sh\nrm -rf x\n');
  put('p3/pyproject.toml', '[project]\nname = "srv"\n\n[tool.setuptools]\nscript-files = ["scripts/srv-admin"]\n\n[tool.poetry.scripts]\nsrv-tool = { reference = "tools/srv-tool", type = "file" }\n');
  script('p3/scripts/srv-admin', 'import requests\nrequests.get("u")\n');
  script('p3/tools/srv-tool', 'import tempfile\ntempfile.mkdtemp()\n');
  assert.equal(scan(dir, 'p1').out.files, ['p1/bin/mytool', 'p1/examples/run-server', 'p1/setup.py']);
  assert.equal(scan(dir, 'p1').out.entitlements.raw, ['socket.create_connection', 'subprocess.run']);
  assert.equal(scan(dir, 'p2').out.files, ['p2/bin/serve']);
  assert.equal(scan(dir, 'p3').out.files, ['p3/scripts/srv-admin', 'p3/tools/srv-tool']);
  assert.equal(scan(dir, 'p3').out.entitlements.raw, ['requests', 'tempfile.mkdtemp']);
  // package.json's bin: a node script without an extension (npm runs it by its #! line).
  put('p4/package.json', '{ "name": "srv", "bin": { "srv": "./bin/srv", "sh": "./bin/wrapper" } }\n');
  put('p4/index.js', 'export const x = 1;\n');
  put('p4/bin/srv', "#!/usr/bin/env node\nconst { execSync } = require('node:child_process');\nexecSync('ls');\n");
  put('p4/bin/wrapper', '#!/bin/sh\nexec node "$0.js"\n');
  const p4 = scan(dir, 'p4').out;
  assert.equal(p4.files, ['p4/bin/srv', 'p4/index.js']);
  assert.equal(p4.entitlements.raw, ['child_process.execSync']);
});

test('testFileName and holdsTests: which names are candidates and what a test holds', () => {
  assert.is(testFileName('src/tools.test.ts'), 'test');
  assert.is(testFileName('openapi.spec.ts'), 'js-spec');
  assert.is(testFileName('speed_test.ts'), 'js-candidate');
  assert.is(testFileName('srv/test_server.py'), 'python-candidate');
  assert.is(testFileName('srv/server_test.py'), 'python-candidate');
  assert.is(testFileName('conftest.py'), 'python-candidate');
  assert.is(testFileName('test-runner.ts'), undefined);
  assert.is(testFileName('latest_results.py'), undefined);
  assert.is(testFileName('contest.py'), undefined);
  // Deno's and tape's bare test.ts / test.js, unittest's and Django's test.py / tests.py: candidates too.
  assert.is(testFileName('test.ts'), 'js-candidate');
  assert.is(testFileName('src/test.mjs'), 'js-candidate');
  assert.is(testFileName('latest.ts'), undefined);
  assert.is(testFileName('tests.py'), 'python-candidate');
  assert.is(testFileName('test.py'), 'python-candidate');
  assert.ok(holdsTests('python-candidate', 'from django.test import TestCase\n'));
  assert.not.ok(holdsTests('python-candidate', 'from django.db import models\n'));
  assert.ok(holdsTests('python-candidate', 'import os, pytest\n'));
  assert.ok(holdsTests('python-candidate', 'from unittest import TestCase\n'));
  assert.ok(holdsTests('python-candidate', 'class TestX:\n    def test_a(self):\n        assert 1\n'));
  assert.ok(holdsTests('python-candidate', 'async def test_a():\n    assert await f()\n'));
  assert.not.ok(holdsTests('python-candidate', 'from unittest.mock import patch\n'));
  assert.not.ok(holdsTests('python-candidate', 'def test_connection(u):\n    return u\n'));
  assert.not.ok(holdsTests('python-candidate', 's = "import pytest"\ndef helper():\n    assert s\n'));
  assert.ok(holdsTests('js-candidate', "import { test } from 'node:test';\n"));
  assert.not.ok(holdsTests('js-spec', 'export const spec = { openapi: "3.1.0" };\n'));
  assert.not.ok(holdsTests('js-spec', 'module.exports = { openapi: "3.1.0" };\n'));
  // A spec file of top-level code that exports nothing is a test script (scanner13 held-out j32); a `_test` one needs a test.
  assert.ok(holdsTests('js-spec', "import { spawnSync } from 'node:child_process';\nspawnSync('true');\n"));
  assert.not.ok(holdsTests('js-candidate', "import { spawnSync } from 'node:child_process';\nspawnSync('true');\n"));
});

test.run();
