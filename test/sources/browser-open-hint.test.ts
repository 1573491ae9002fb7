import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserOpen, browserOpenHint } from '../../src/sources/browser-open-hint.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

// edgeone-pages-mcp-fullstack 0.0.40 (servers25) runs `xdg-open <its login URL>` as it starts and,
// where xdg-open is not installed, exits 1 on Node's `Error: spawn xdg-open ENOENT`, the URL under
// `spawnargs`. The failure says it wanted a step in a browser.

const NODE = process.execPath;

const NODE_DUMP = [
  'node:events:502', '      throw er; // Unhandled \'error\' event', '      ^', '', 'Error: spawn xdg-open ENOENT',
  '    at ChildProcess._handle.onexit (node:internal/child_process:285:19)', "Emitted 'error' event on ChildProcess instance at:",
  '    at ChildProcess._handle.onexit (node:internal/child_process:291:12) {', '  errno: -2,', "  code: 'ENOENT',", "  syscall: 'spawn xdg-open',",
  "  path: 'xdg-open',", '  spawnargs: [', "    'https://edgeone.example/makers/cli-login?p=1&state=abc'", '  ]', '}',
];

test('browserOpen: the opener and the page from Node\'s error; none for another spawn error', () => {
  assert.equal(browserOpen(NODE_DUMP), { opener: 'xdg-open', line: 'Error: spawn xdg-open ENOENT', url: 'https://edgeone.example/makers/cli-login?p=1&state=abc' });
  assert.equal(browserOpen(['Error: spawn open ENOENT']), { opener: 'open', line: 'Error: spawn open ENOENT' });
  assert.is(browserOpen(['Error: spawn git ENOENT']), undefined);
  assert.is(browserOpen(['Error: spawn xdg-openx ENOENT']), undefined);
  const hint = browserOpenHint(NODE_DUMP);
  assert.ok(hint.startsWith('; it stopped because it tried to open a page in a web browser with xdg-open, which could not be started here ("Error: spawn xdg-open ENOENT"; the page: "https://edgeone.example/makers/cli-login?p=1&state=abc")'), hint);
  assert.ok(hint.includes('most likely a sign-in'), hint);
  assert.is(browserOpenHint(['Error: spawn git ENOENT']), '');
});

test('a server that stops on a browser opener it cannot start is told it wants a step in a browser', () => {
  const dir = tempDir();
  const server = join(dir, 'opens-browser.mjs');
  // The server's PATH holds no xdg-open, whatever this machine has.
  writeFileSync(server, "import { spawn } from 'node:child_process';\nspawn('xdg-open', ['https://login.example.invalid/cli-login?state=1']);\n");
  mkdirSync(join(dir, 'empty'));
  const r = runCli(['lock', '--server', `${NODE} ${server}`, '--server-env', `PATH=${join(dir, 'empty')}`, '--handshake-timeout', '60000'], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('it stopped because it tried to open a page in a web browser with xdg-open, which could not be started here ("Error: spawn xdg-open ENOENT"; the page: "https://login.example.invalid/cli-login?state=1")'), r.stderr);
});

test.run();
