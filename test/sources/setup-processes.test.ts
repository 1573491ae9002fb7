import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SETUP_ROWS, setupActivity, setupHint } from '../../src/sources/setup-processes.ts';

// Which programs of a server's group count as setting it up: each row once, through the ways a
// launcher runs them (an interpreter's -m, a script run by node, env's variables), and programs
// that run a server rather than install one.

const CASES: [string[], string | undefined][] = [
  // openclaw-stock-kit-mcp 3.5.1's first run, as /proc shows its two steps.
  [['python3', '-m', 'venv', '/root/.local/share/openclaw-stock-kit/venv'], 'creating a Python environment'],
  [['/root/.local/share/openclaw-stock-kit/venv/bin/python3', '-m', 'pip', 'install', '--quiet', 'openclaw_stock_kit-3.5.1-py3-none-any.whl[kiwoom,db]'], 'installing Python packages'],
  [['python3.12', '-u', '-m', 'pip', 'download', 'x'], 'installing Python packages'],
  [['virtualenv', '.venv'], 'creating a Python environment'],
  [['uv', 'venv'], 'creating a Python environment'],
  [['uv', 'sync', '--frozen'], 'installing Python packages'],
  [['uv', 'pip', 'install', 'x'], 'installing Python packages'],
  [['conda', 'create', '-n', 'x'], 'creating a Python environment'],
  [['pipx', 'install', 'x'], 'installing Python packages'],
  [['env', 'PIP_NO_INPUT=1', 'pip3', 'install', 'x'], 'installing Python packages'],
  [['npm', 'ci'], 'installing npm packages'],
  [['node', '/usr/lib/node_modules/npm/bin/npm-cli.js', 'install', '--omit=dev'], 'installing npm packages'],
  [['bun', 'install'], 'installing npm packages'],
  [['node', '/app/node_modules/.bin/playwright', 'install', 'chromium'], 'downloading a browser'],
  [['ollama', 'pull', 'llama3'], 'downloading a model'],
  [['huggingface-cli', 'download', 'org/model'], 'downloading a model'],
  [['git', 'clone', '--depth', '1', 'https://example.invalid/r.git'], 'fetching a git repository'],
  [['/usr/bin/curl', '-fsSL', '-o', 'x.tgz', 'https://example.invalid/x.tgz'], 'downloading a file'],
  [['docker', 'pull', 'img'], 'pulling or building a container image'],
  [['cargo', 'build', '--release'], 'building native code'],
  [['apt-get', 'install', '-y', 'x'], 'installing system packages'],
  // Programs that run a server (installing or not), and the server itself.
  [['npx', '-y', '@scope/server'], undefined],
  [['npm', 'exec', 'x'], undefined],
  [['uv', 'run', 'server.py'], undefined],
  [['uvx', 'mcp-server-x'], undefined],
  // What uvx runs (it execs `uv tool uvx …`), as a child of a launcher script; and uv reading, not installing.
  [['/root/.local/bin/uv', 'tool', 'uvx', 'mcp-server-x'], undefined],
  [['uv', 'tool', 'run', '--from', 'x', 'mcp-server-x'], undefined],
  [['uv', 'pip', 'list'], undefined],
  [['uv', 'tool', 'install', 'x'], 'installing Python packages'],
  [['uv', '--quiet', 'python', 'install', '3.12'], 'installing Python packages'],
  [['node', 'dist/index.js'], undefined],
  [['python3', 'server.py'], undefined],
  [['bun', 'server.ts'], undefined],
  [['git', 'status'], undefined],
  [['docker', 'run', '-i', 'img'], undefined],
  [['sh', '-c', 'pip install x'], undefined], // the shell's child pip is its own process
  // An option's value before the subcommand is not the subcommand.
  [['npm', '--prefix', '/x', 'install'], 'installing npm packages'],
  [['npm', '-C', '/x', 'install'], 'installing npm packages'],
  [['node', '/usr/lib/node_modules/npm/bin/npm-cli.js', '--prefix', '/srv/app', '--loglevel', 'error', 'ci'], 'installing npm packages'],
  [['pnpm', '--dir', '/x', 'install'], 'installing npm packages'],
  [['pnpm', '-C', '/x', 'add', 'y'], 'installing npm packages'],
  [['yarn', '--cwd', '/x', 'install'], 'installing npm packages'],
  [['bun', '--cwd', '/x', 'install'], 'installing npm packages'],
  [['pip', '--cache-dir', '/c', 'install', 'x'], 'installing Python packages'],
  [['python3', '-m', 'pip', '--python', '/v/bin/python', '--timeout', '60', 'install', 'x'], 'installing Python packages'],
  [['uv', '--directory', '/x', 'sync'], 'installing Python packages'],
  [['uv', '--project', '/x', '--cache-dir', '/c', 'pip', 'install', 'x'], 'installing Python packages'],
  [['git', '-C', '/x', 'clone', 'r'], 'fetching a git repository'],
  [['npm', '--prefix=/x', 'install'], 'installing npm packages'],
  // ... nor does it hide a subcommand that runs a server or reads.
  [['npm', '--prefix', '/x', 'exec', 'install'], undefined],
  [['npm', '-C', 'install', 'run', 'start'], undefined],
  [['uv', '--directory', 'sync', 'run', 'server.py'], undefined],
  [['git', '-C', 'clone', 'status'], undefined],
  [['npm', '--global', 'install', 'x'], 'installing npm packages'],
];

test('setupActivity: installers, downloaders and builders count; programs that run a server do not', () => {
  for (const [argv, what] of CASES) assert.is(setupActivity(argv), what, JSON.stringify(argv));
  // Every row is exercised by a case above.
  const seen = new Set(CASES.map(([, w]) => w));
  for (const row of SETUP_ROWS) assert.ok(seen.has(row.what), `row ${row.id} has no case`);
  assert.is(new Set(SETUP_ROWS.map((r) => r.id)).size, SETUP_ROWS.length, 'row ids are unique');
});

test('setupHint: names the program with its secrets hidden, what it does, and how to let it finish', () => {
  const hint = setupHint([
    { pid: 4242, argv: ['pip', 'install', '--index-url', 'https://user:hunter22@pypi.example.invalid/simple', 'x'], what: 'installing Python packages' },
    { pid: 4250, argv: ['git', 'clone', 'r'], what: 'fetching a git repository' },
  ]);
  assert.ok(hint.startsWith('; the server was still setting itself up, as a server does on its first run before it serves: a program it started was installing Python packages (pid 4242 "pip install --index-url https://user:***@pypi.example.invalid/simple x") (and 1 more such program).'), hint);
  assert.not.ok(hint.includes('hunter22'), hint);
  assert.ok(hint.includes('--handshake-timeout'), hint);
});

test.run();
