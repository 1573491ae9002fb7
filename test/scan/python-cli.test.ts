import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { sarifSchemaErrors } from './_sarif-validator.ts';

const FIXTURE = 'test/fixtures/python-mcp-server';
const SERVER = `${FIXTURE}/notes_server/server.py`;
const copyFixture = (): string => {
  const dir = tempDir('mcpfusion-python-server-');
  cpSync(join(ROOT, FIXTURE), dir, { recursive: true });
  return dir;
};

interface Finding { id: string; kind: string; file: string; identifier?: string; access?: string; chain?: string[] }

test('scan of the FastMCP fixture follows its relative and package-local imports into every helper', () => {
  const r = runCli(['scan', SERVER, '--format', 'json'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { entitlements: Record<string, unknown>; files: string[]; findings: Finding[]; packages: string[] };
  assert.equal(out.entitlements, {
    filesystem: true, network: true, subprocess: true, crypto: true, codeEvaluation: false,
    raw: ['hashlib.sha256', 'httpx', 'open', 'os.fdopen', 'os.replace', 'pathlib.Path.glob', 'pathlib.Path.mkdir', 'subprocess.run', 'tempfile.mkstemp'],
  });
  assert.equal(out.files.map((f) => f.slice(FIXTURE.length + 1)).sort(), [
    'notes_server/server.py', 'notes_server/storage/__init__.py', 'notes_server/storage/reader.py', 'notes_server/storage/writer.py',
    'notes_server/tools/export.py', 'notes_server/tools/fetch.py', 'notes_server/tools/save.py', 'notes_server/tools/search.py', 'notes_server/util.py',
  ]);
  assert.equal(out.findings.filter((f) => f.kind === 'not-analyzed'), []);
  const open = out.findings.find((f) => f.identifier === 'open')!;
  assert.equal([open.access, open.chain?.map((c) => c.slice(FIXTURE.length + 1))], ['read', ['notes_server/server.py', 'notes_server/tools/search.py', 'notes_server/storage/reader.py']]);
  assert.equal(out.packages, ['hashlib', 'httpx', 'mcp.server.fastmcp', 'os', 'pathlib', 'subprocess', 'tempfile']);
});

test('a directory walk reads .py files and skips __pycache__, virtual environments, site-packages and dist-packages', () => {
  const dir = tempDir('mcpfusion-python-walk-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('src/tool.py', 'import os\nos.remove(p)\n');
  put('src/__pycache__/tool.cpython-311.py', 'eval(x)\n');
  put('env/pyvenv.cfg', 'home = /usr/bin\n');
  put('env/lib/python3.11/site-packages/evil.py', 'exec(x)\n');
  put('vendor/site-packages/other.py', 'exec(x)\n');
  put('usr/lib/python3/dist-packages/debian.py', 'exec(x)\n');
  put('.venv/lib/x.py', 'exec(x)\n');
  const r = runCli(['scan', '.', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal(out.files, ['src/tool.py']);
  assert.equal(out.entitlements.raw, ['os.remove']);
  // A path that points into them is scanned as given.
  const venv = runCli(['scan', 'env/lib/python3.11/site-packages', '--format', 'json'], { cwd: dir });
  assert.is(venv.code, 1, 'exec() is code evaluation, an error in path mode');
  assert.equal((JSON.parse(venv.stdout) as { files: string[] }).files, ['env/lib/python3.11/site-packages/evil.py']);
});

test('a directory walk skips the tests and examples beside a project manifest, and __tests__ anywhere; imports into them are still followed', () => {
  // scanpy11 held-out proj_py / proj_js: pytest's tests/conftest.py, a Jest __tests__ file and an examples/ client counted as handlers.
  const dir = tempDir('mcpfusion-walk-tests-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('py/pyproject.toml', '[project]\nname = "srv"\n');
  put('py/src/srv/server.py', 'import requests\nrequests.get(u)\n');
  put('py/tests/conftest.py', 'import shutil\nshutil.rmtree(p)\n');
  put('py/tests/test_server.py', 'import subprocess\nsubprocess.run(c)\n');
  put('py/examples/client.py', 'import os\nos.system(c)\n');
  put('js/package.json', '{ "name": "srv" }\n');
  put('js/src/index.ts', "import { helper } from '../test/helper.js';\nexport const f = (u: string) => fetch(u).then(helper);\n");
  put('js/src/__tests__/index.test.ts', "import { rmSync } from 'node:fs';\nrmSync('x');\n");
  put('js/test/helper.ts', "import { execSync } from 'node:child_process';\nexport const helper = () => execSync('ls');\n");
  put('js/test/index.test.ts', "import { writeFileSync } from 'node:fs';\nwriteFileSync('x', 'y');\n");
  put('js/examples/client.ts', "import { spawn } from 'node:child_process';\nspawn('node');\n");
  // Without a manifest beside them, tests/ and examples/ are walked (a handler may live in any directory).
  put('loose/tests/tool.py', 'import os\nos.remove(p)\n');
  const scan = (target: string): { files: string[]; raw: string[] } => {
    const r = runCli(['scan', target, '--format', 'json'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
    return { files: out.files, raw: out.entitlements.raw };
  };
  assert.equal(scan('py'), { files: ['py/src/srv/server.py'], raw: ['requests'] });
  // The handler's own import of test/helper.ts is followed.
  assert.equal(scan('js'), { files: ['js/src/index.ts', 'js/test/helper.ts'], raw: ['child_process.execSync', 'fetch'] });
  assert.equal(scan('loose'), { files: ['loose/tests/tool.py'], raw: ['os.remove'] });
  // A path that points into them is scanned as given.
  assert.equal(scan('py/tests').files, ['py/tests/conftest.py', 'py/tests/test_server.py']);
});

test('a directory walk leaves out JavaScript and TypeScript test files by name and Jest\'s __mocks__, unless a handler imports one or the project names it as its entry (scanner13 held-out j32/j33)', () => {
  const dir = tempDir('mcpfusion-walk-testfiles-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('js/package.json', '{ "name": "srv", "bin": "./bin/smoke.test.mjs" }\n');
  put('js/src/tools.ts', "import { fixture } from './fixture.spec.js';\nexport const f = (u: string) => fetch(u).then(fixture);\n");
  put('js/src/fixture.spec.ts', "import { readFileSync } from 'node:fs';\nexport const fixture = () => readFileSync('x');\n");
  put('js/src/tools.test.ts', "import { rmSync } from 'node:fs';\nrmSync('x');\n");
  put('js/src/tools.spec.mjs', "import { spawnSync } from 'node:child_process';\ndescribe('tools', () => spawnSync('true'));\n");
  put('js/src/fetch_test.ts', "import { execSync } from 'node:child_process';\nDeno.test('lists', () => { execSync('ls'); });\n");
  // A `_test` name is also a snake_case tool's (a speed_test tool): with no test in it, it is a handler, walked as before.
  put('js/src/tools/speed_test.ts', "import { execSync } from 'node:child_process';\nexport const register = (server: any) => server.tool('speed_test', 'Network speed', {}, async () => ({ content: [{ type: 'text', text: String(execSync('speedtest')) }] }));\n");
  put('js/src/tools/load_test.js', "import { test } from 'node:test';\nimport { rmSync } from 'node:fs';\ntest('cleans', () => rmSync('x'));\n");
  put('js/src/__mocks__/net.js', "import { exec } from 'node:child_process';\nexec('true');\n");
  put('js/bin/smoke.test.mjs', "import { writeFileSync } from 'node:fs';\nwriteFileSync('a', 'b');\n");
  // A file whose name only contains the words is a handler.
  put('js/src/test-runner.ts', "import { spawn } from 'node:child_process';\nexport const run = () => spawn('npm', ['test']);\n");
  const r = runCli(['scan', 'js', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal([...out.files].sort(), ['js/bin/smoke.test.mjs', 'js/src/fixture.spec.ts', 'js/src/test-runner.ts', 'js/src/tools.ts', 'js/src/tools/speed_test.ts']);
  assert.equal(out.entitlements.raw, ['child_process.execSync', 'child_process.spawn', 'fetch', 'fs.readFileSync', 'fs.writeFileSync']);
  assert.match(r.stderr, /left out 1 folder\(s\) .*: js\/src\/__mocks__;/);
  // fixture.spec.ts holds no test (and tools.ts imports it): not a test file, not in the count.
  assert.match(r.stderr, /left out 4 test file\(s\) named as tests \(\*\.test\.\*, \*\.spec\.\*, \*_test\.\*, test\.\*, test_\*\.py, tests\.py, conftest\.py\): js\/src\/fetch_test\.ts, js\/src\/tools\.spec\.mjs, js\/src\/tools\.test\.ts, js\/src\/tools\/load_test\.js; give a file's path to scan it/);
  // Named as a path, a test file is scanned.
  assert.equal((JSON.parse(runCli(['scan', 'js/src/tools.test.ts', '--format', 'json'], { cwd: dir }).stdout) as { files: string[] }).files, ['js/src/tools.test.ts']);
});

test('a walk still scans the files a project file names as entry points inside its skipped tests/examples, and says what it left out', () => {
  // scanpy12: a package whose package.json main/bin/exports or pyproject script points into examples/ was not scanned at all.
  const dir = tempDir('mcpfusion-walk-entries-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('js/package.json', '{ "name": "srv", "main": "examples/server.js", "bin": { "srv": "./example/cli" }, "exports": { ".": { "import": "./test/esm.mjs" } } }\n');
  put('js/examples/server.js', "import { run } from './run.js';\nimport { spawn } from 'node:child_process';\nspawn('sh');\nrun();\n");
  put('js/examples/run.js', "import { rmSync } from 'node:fs';\nexport const run = () => rmSync('x');\n");
  put('js/examples/other.js', "import { execSync } from 'node:child_process';\nexecSync('ls');\n");
  put('js/example/cli.js', "fetch('http://x');\n");
  put('js/test/esm.mjs', "import { writeFileSync } from 'node:fs';\nwriteFileSync('a', 'b');\n");
  put('py/pyproject.toml', '[project]\nname = "srv"\n\n[project.scripts]\nsrv = "examples.server:main"\n\n[tool.poetry.scripts]\nsrv2 = "tests.tool:main"\n');
  put('py/examples/server.py', 'import subprocess\nfrom examples import helper\nsubprocess.run(c)\n');
  put('py/examples/helper.py', 'import shutil\nshutil.rmtree(p)\n');
  put('py/examples/client.py', 'import os\nos.system(c)\n');
  put('py/tests/tool/__init__.py', 'import requests\nrequests.get(u)\n');
  put('py/tests/conftest.py', 'import os\nos.remove(p)\n');
  const scan = (target: string): { files: string[]; raw: string[]; stderr: string } => {
    const r = runCli(['scan', target, '--format', 'json'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
    return { files: [...out.files].sort(), raw: out.entitlements.raw, stderr: r.stderr };
  };
  const js = scan('js');
  assert.equal(js.files, ['js/example/cli.js', 'js/examples/run.js', 'js/examples/server.js', 'js/test/esm.mjs']);
  assert.equal(js.raw, ['child_process.spawn', 'fetch', 'fs.rmSync', 'fs.writeFileSync']);
  assert.match(js.stderr, /left out .*js\/example, js\/examples, js\/test\b/);
  const py = scan('py');
  assert.equal(py.files, ['py/examples/helper.py', 'py/examples/server.py', 'py/tests/tool/__init__.py']);
  assert.equal(py.raw, ['requests', 'shutil.rmtree', 'subprocess.run']);
  assert.match(py.stderr, /py\/examples, py\/tests/);
  // --quiet drops the line.
  assert.is(runCli(['scan', 'py', '--format', 'json', '--quiet'], { cwd: dir }).stderr, '');
});

test('entry points in skipped folders: poetry script sub-tables and entry-point tables, script files by path, exports patterns', () => {
  // scanpy13's leftover: [tool.poetry.scripts.srv] tables, [project.entry-points."…"], setup.py scripts=[…] and a
  // package.json exports pattern ("./*": "./examples/*.js") pointing into examples/ or tests/ left the handler out.
  const dir = tempDir('mcpfusion-walk-entry-forms-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('p1/pyproject.toml', '[tool.poetry]\nname = "srv"\n\n[tool.poetry.scripts]\nsrv = { callable = "examples.server:main" }\n\n[tool.poetry.scripts.other]\ncallable = "examples.other:main"\n\n[project.entry-points."mcp.servers"]\nx = "tests.plug:main"\n\n[tool.poetry.dependencies]\nhelper = "examples/unused.py"\n');
  put('p1/examples/server.py', 'import os\nos.system(c)\n');
  put('p1/examples/other.py', 'import shutil\nshutil.rmtree(p)\n');
  put('p1/examples/unused.py', 'exec(x)\n');
  put('p1/tests/plug.py', 'import requests\nrequests.get(u)\n');
  put('p2/package.json', '{ "name": "x", "exports": { "./*": "./examples/*.js", "./tools/*": { "import": "./test/tools/*.mjs" }, "./all/*": "./*" } }\n');
  put('p2/examples/a.js', "import { execSync } from 'node:child_process';\nexecSync('ls');\n");
  put('p2/examples/sub/b.js', "fetch('http://x');\n");
  put('p2/examples/c.ts', 'eval(x);\n');
  put('p2/test/tools/t.mjs', "import { rmSync } from 'node:fs';\nrmSync('x');\n");
  put('p2/test/other.mjs', "import { writeFileSync } from 'node:fs';\nwriteFileSync('a', 'b');\n");
  put('p3/setup.py', 'from setuptools import setup\nsetup(\n    name="srv",\n    entry_points={"console_scripts": ["srv=examples.server:main"]},\n    scripts=["examples/run_server.py"],\n)\n');
  put('p3/examples/server.py', 'import os\nos.system(c)\n');
  put('p3/examples/run_server.py', 'import subprocess\nsubprocess.run(c)\n');
  put('p3/examples/x.py', 'exec(x)\n');
  const files = (target: string): string[] => {
    const r = runCli(['scan', target, '--format', 'json', '--quiet'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    return [...(JSON.parse(r.stdout) as { files: string[] }).files].sort();
  };
  assert.equal(files('p1'), ['p1/examples/other.py', 'p1/examples/server.py', 'p1/tests/plug.py']);
  assert.equal(files('p2'), ['p2/examples/a.js', 'p2/examples/sub/b.js', 'p2/test/tools/t.mjs']);
  assert.equal(files('p3'), ['p3/examples/run_server.py', 'p3/examples/server.py', 'p3/setup.py']);
});

test('a directory holding *.dist-info (pip install --target) is an installation directory: skipped by walks, only its own package local', () => {
  const dir = tempDir('mcpfusion-python-distinfo-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('app/server.py', 'import notes\n');
  put('app/notes.py', 'import os\nos.remove(p)\n');
  put('deps/requests-2.32.3.dist-info/METADATA', 'Name: requests\n');
  put('deps/requests/__init__.py', 'exec(x)\n');
  put('deps/mytool/__init__.py', '');
  put('deps/mytool/main.py', 'from mytool.util import run\nimport requests\nimport six\n');
  put('deps/mytool/util.py', 'import subprocess\ndef run(c):\n    subprocess.run(c)\n');
  put('deps/six.py', 'exec(x)\n');
  put('old/pkg.egg-info/PKG-INFO', 'Name: pkg\n');
  put('old/evil.py', 'exec(x)\n');
  // A develop-mode egg-info beside a project's pyproject.toml (src layout) marks no installation.
  put('proj/pyproject.toml', '[project]\nname = "foo"\n');
  put('proj/src/foo.egg-info/PKG-INFO', 'Name: foo\n');
  put('proj/src/foo/__init__.py', '');
  put('proj/src/foo/main.py', 'import helper\n');
  put('proj/src/helper.py', 'import shutil\nshutil.rmtree(d)\n');
  const files = (args: string[]) => (JSON.parse(runCli(['scan', ...args, '--format', 'json'], { cwd: dir }).stdout) as { files: string[] }).files;
  assert.equal(files(['.']), ['app/notes.py', 'app/server.py', 'proj/src/foo/__init__.py', 'proj/src/foo/main.py', 'proj/src/helper.py']);
  // Scanned as given: its own package's imports are followed, other installed names are packages.
  const r = runCli(['scan', 'deps/mytool/main.py', '--format', 'json'], { cwd: dir });
  const out = JSON.parse(r.stdout) as { files: string[]; packages: string[]; entitlements: { raw: string[] } };
  assert.equal(out.files, ['deps/mytool/main.py', 'deps/mytool/util.py']);
  assert.equal(out.packages, ['requests', 'six', 'subprocess']);
  // The source tree's egg-info changes nothing: helper.py beside the package is followed.
  assert.equal(files(['proj/src/foo/main.py']), ['proj/src/foo/main.py', 'proj/src/helper.py']);
});

test('lock records each tool\'s Python entitlements; check passes, then fails when a handler gains a capability', () => {
  const dir = copyFixture();
  const lock = runCli(['lock'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  assert.not.match(lock.stderr, /not analyzed|lower bound/);
  const ent = (t: string): unknown => (JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, { entitlements: unknown }> } }).capabilities.tools[t]!.entitlements;
  assert.equal(ent('search_notes'), { codeEvaluation: false, crypto: false, filesystem: true, network: false, raw: ['open', 'pathlib.Path.glob'], subprocess: false });
  assert.equal(ent('save_note'), { codeEvaluation: false, crypto: true, filesystem: true, network: false, raw: ['hashlib.sha256', 'os.fdopen', 'os.replace', 'pathlib.Path.mkdir', 'tempfile.mkstemp'], subprocess: false });
  assert.equal(ent('fetch_note'), { codeEvaluation: false, crypto: false, filesystem: false, network: true, raw: ['httpx'], subprocess: false });
  assert.equal(ent('export_notes'), { codeEvaluation: false, crypto: false, filesystem: false, network: false, raw: ['subprocess.run'], subprocess: true });
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
  const search = join(dir, 'notes_server/tools/search.py');
  writeFileSync(search, `${readFileSync(search, 'utf8')}\n\ndef purge(name):\n    import os\n    os.remove(name)\n`);
  const check = runCli(['check'], { cwd: dir });
  assert.is(check.code, 1, check.stderr);
  assert.match(check.stdout, /tool changed: +search_notes \(entitlements\)/);
});

test('scan of the configured tools: a read-only tool that spawns a process or writes files is a violation', () => {
  const dir = copyFixture();
  const first = runCli(['scan', '--format', 'json'], { cwd: dir });
  assert.is(first.code, 1, first.stderr);
  const violations = (text: string): string[][] => (JSON.parse(text) as { violations: Array<{ id: string; tool: string }> }).violations.map((v) => [v.id, v.tool]).sort();
  assert.equal(violations(first.stdout), [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note']]);
  const reader = join(dir, 'notes_server/storage/reader.py');
  writeFileSync(reader, `${readFileSync(reader, 'utf8')}\n\ndef touch(name: str) -> None:\n    (NOTES_DIR / name).write_text("")\n`);
  // NOTES_DIR is imported from another module: its type is not known there, but write_text is a
  // method only paths have, so the write counts.
  const third = ['violation.read-only-writes-files', 'search_notes'];
  assert.equal(violations(runCli(['scan', '--format', 'json'], { cwd: dir }).stdout), [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note'], third]);
  writeFileSync(reader, `${readFileSync(reader, 'utf8')}\n\ndef stamp(root: Path) -> None:\n    open(root / "stamp", "w").close()\n`);
  const second = runCli(['scan', '--format', 'json'], { cwd: dir });
  assert.equal(violations(second.stdout), [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note'], ['violation.read-only-writes-files', 'search_notes']]);
});

test('SARIF output of the fixture names the Python rules and validates against the schema', () => {
  const r = runCli(['scan', SERVER, '--format', 'sarif'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const log = JSON.parse(r.stdout);
  assert.equal(sarifSchemaErrors(log), []);
  const rules = (log.runs[0].tool.driver.rules as Array<{ id: string }>).map((x) => x.id);
  for (const id of ['filesystem.python-open', 'subprocess.python-subprocess', 'network.python-http-client', 'crypto.python-stdlib']) assert.ok(rules.includes(id), id);
});

test.run();
