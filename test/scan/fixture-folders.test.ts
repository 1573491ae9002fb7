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

test.run();
