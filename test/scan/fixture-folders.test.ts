import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';

const project = (files: Record<string, string>): string => {
  const dir = tempDir('mcpfusion-walk-fixtures-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
};

test('a walk leaves out fixtures and __fixtures__ folders anywhere (the servers tests start, as mcp-proxy src/fixtures), and says so', () => {
  const dir = project({
    'pkg/package.json': '{ "name": "proxy", "bin": "./dist/bin.js" }\n',
    'pkg/src/index.ts': "import { spawn } from 'node:child_process';\nexport const start = (cmd: string) => spawn(cmd);\n",
    // Servers the tests spawn: a network listener and a file writer, no handler of this package.
    'pkg/src/fixtures/simple-server.ts': "import { createServer } from 'node:http';\ncreateServer().listen(0);\n",
    'pkg/src/fixtures/slow-server.ts': "import { writeFileSync } from 'node:fs';\nwriteFileSync('x', 'y');\n",
    'pkg/lib/__fixtures__/data.js': "import { execSync } from 'node:child_process';\nexecSync('id');\n",
  });
  const r = runCli(['scan', 'pkg', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal(out.files, ['pkg/src/index.ts']);
  assert.equal(out.entitlements.raw, ['child_process.spawn']);
  assert.match(r.stderr, /left out 2 folder\(s\) a project holds as tests, fixtures or examples .*: pkg\/lib\/__fixtures__, pkg\/src\/fixtures;/);
  // A path into the folder is scanned as given.
  const inside = JSON.parse(runCli(['scan', 'pkg/src/fixtures', '--format', 'json'], { cwd: dir }).stdout) as { files: string[] };
  assert.equal(inside.files, ['pkg/src/fixtures/simple-server.ts', 'pkg/src/fixtures/slow-server.ts']);
});

test('a fixture file a handler imports, or one the project file names as an entry point, is still scanned', () => {
  const dir = project({
    'pkg/package.json': '{ "name": "srv", "exports": { "./demo": "./src/fixtures/demo.js" } }\n',
    'pkg/src/index.js': "import { payload } from './fixtures/payload.js';\nexport const send = (u) => fetch(u, { body: payload() });\n",
    'pkg/src/fixtures/payload.js': "import { readFileSync } from 'node:fs';\nexport const payload = () => readFileSync('body.json');\n",
    'pkg/src/fixtures/demo.js': "import { execFileSync } from 'node:child_process';\nexecFileSync('demo');\n",
    'pkg/src/fixtures/unused.js': "import { rmSync } from 'node:fs';\nrmSync('x');\n",
  });
  const r = runCli(['scan', 'pkg', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal([...out.files].sort(), ['pkg/src/fixtures/demo.js', 'pkg/src/fixtures/payload.js', 'pkg/src/index.js']);
  assert.equal(out.entitlements.raw, ['child_process.execFileSync', 'fetch', 'fs.readFileSync']);
});

test('a fixtures folder holding what a project file names (package.json main/bin, pyproject scripts, Cargo [[bin]]/[lib] path) or a Go main package is scanned', () => {
  const dir = project({
    'js/package.json': '{ "name": "a", "main": "fixtures/index", "bin": { "a": "./fixtures/cli.js" } }\n',
    'js/fixtures/index.js': "require('child_process').execSync('a');\n",
    'js/fixtures/cli.js': "require('node:fs').rmSync('x');\n",
    'js/fixtures/stub.js': "require('node:net').connect(1);\n",
    'py/pyproject.toml': '[project]\nname = "d"\n[project.scripts]\nd = "fixtures.server:main"\n',
    'py/fixtures/__init__.py': '',
    'py/fixtures/server.py': 'import subprocess\ndef main():\n    subprocess.run(["d"])\n',
    'rs/Cargo.toml': '[package]\nname = "f"\n\n[lib]\npath = "fixtures/lib.rs"\n\n[[bin]]\nname = "f"\npath = "fixtures/main.rs"\n',
    'rs/fixtures/main.rs': 'fn main() { std::process::Command::new("f").status().unwrap(); }\n',
    'rs/fixtures/lib.rs': 'pub fn get() { let _ = std::net::TcpStream::connect("h:1"); }\n',
    'rs/fixtures/other.rs': 'pub fn rm() { std::fs::remove_file("x").unwrap(); }\n',
    'go/go.mod': 'module example.com/g\n\ngo 1.21\n',
    'go/cmd/fixtures/main.go': 'package main\n\nimport "os/exec"\n\nfunc main() { exec.Command("g").Run() }\n',
    // A Go package no one imports and the go tool's own fixtures are not programs of the module.
    'go/internal/fixtures/lib.go': 'package fixtures\n\nimport "net/http"\n\nfunc Get() { http.Get("http://x") }\n',
    'go/internal/fixtures/testdata/main.go': 'package main\n\nimport "os"\n\nfunc main() { os.Remove("x") }\n',
    'go/internal/fixtures/tool/main_test.go': 'package main\n\nimport "os"\n\nfunc TestX() { os.Remove("y") }\n',
  });
  const r = runCli(['scan', '.', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal([...out.files].sort(), ['go/cmd/fixtures/main.go', 'js/fixtures/cli.js', 'js/fixtures/index.js', 'py/fixtures/server.py', 'rs/fixtures/lib.rs', 'rs/fixtures/main.rs']);
  assert.equal(out.entitlements.raw, ['child_process.execSync', 'fs.rmSync', 'os/exec.Command', 'std::net::TcpStream', 'std::process::Command', 'subprocess.run']);
});

test('a workspace\'s vendor directory (beside go.work) holds dependencies, as a module\'s does: a walk leaves it out like node_modules', () => {
  const dir = project({
    'ws/go.work': 'go 1.22\n\nuse ./app\n',
    'ws/app/go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire github.com/x/y v1.0.0\n',
    'ws/app/main.go': 'package main\n\nimport "github.com/x/y"\n\nfunc main() { y.Run() }\n',
    'ws/vendor/modules.txt': '# github.com/x/y v1.0.0\n## explicit\ngithub.com/x/y\n',
    'ws/vendor/github.com/x/y/y.go': 'package y\n\nimport "os/exec"\n\nfunc Run() { exec.Command("x").Run() }\n',
    'ws/app/vendor/github.com/z/z.go': 'package z\n\nimport "os"\n\nfunc Rm() { os.Remove("x") }\n',
    'node/package.json': '{ "name": "n" }\n',
    'node/index.js': "module.exports = require('dep');\n",
    'node/node_modules/dep/index.js': "require('child_process').execSync('x');\n",
  });
  const r = runCli(['scan', '.', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { files: string[]; entitlements: { raw: string[] } };
  assert.equal([...out.files].sort(), ['node/index.js', 'ws/app/main.go']);
  assert.equal(out.entitlements.raw, []);
  // A path into it is scanned as given.
  const inside = JSON.parse(runCli(['scan', 'ws/vendor', '--format', 'json'], { cwd: dir }).stdout) as { entitlements: { raw: string[] } };
  assert.equal(inside.entitlements.raw, ['os/exec.Command']);
});

test.run();
