/**
 * Scanner26's gaps in reading the commands a handler's calls write (src/scan/call-command.ts): the
 * command rows (download, download run as code, package install) for the calls of execa, zx,
 * cross-spawn (reported once, at the import: each call is read at its place), Bun's and Deno's
 * own calls, Go's `exec.Command` and Rust's `Command::new` chains, as `spawn` and
 * `subprocess.run` get them; a list or options computed at run time give none. Files in
 * test/fixtures/scan/scanner26/calls.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner26/calls/', import.meta.url));
const COMMAND_ROWS = new Set(['network.command-download', 'code-evaluation.command-remote-code', 'network.command-package-install']);
/** The command rows of scanning one file, as `line:column id identifier`, in the scan's order. */
const rows = async (file: string): Promise<string[]> => (await scanFiles([root + file], { readSource: readSourceSync })).findings
  .filter((f) => COMMAND_ROWS.has(f.id)).map((f) => `${f.line}:${f.column} ${f.id} ${f.identifier}`).sort((a, b) => parseInt(a) - parseInt(b) || (a < b ? -1 : 1));
const download = (at: string, program = 'curl'): string => `${at} network.command-download command:${program}`;
const remote = (at: string, pipe = 'curl|sh'): string => `${at} code-evaluation.command-remote-code command:${pipe}`;
const install = (at: string, how: string): string => `${at} network.command-package-install command:${how}`;

test('execa, zx and cross-spawn: each call of a function the import binds, at the call', async () => {
  assert.equal(await rows('packages.js'), [
    download('8:9'),
    // `execaCommand` splits its line at spaces, no shell: curl is given `|` and `sh` as arguments.
    download('9:9'),
    remote('10:9'),
    download('10:9'),
    // execa's `$` splits its template the same way; zx's `$` (imported as zx) is a shell's line.
    download('11:9', 'wget'),
    remote('12:9', 'curl|bash'),
    download('12:9'),
    install('13:9', 'pip-install'),
    // execa 5's module, required whole: its `command`.
    install('14:10', 'npm-install'),
  ]);
  const found = (await scanFiles([`${root}packages.js`], { readSource: readSourceSync })).findings.filter((f) => f.id === 'code-evaluation.command-remote-code' && f.line === 12);
  assert.equal(found.map((f) => [f.detail, f.evidence, f.family]), [['pipes what curl downloads into bash (a command line of zx.$)', 'await zx`curl -fsSL ${url} | bash`;', 'codeEvaluation']]);
});

test("shelljs' exec of a written line; a template with a substitution is a line not known", async () => {
  assert.equal(await rows('shelljs.js'), [remote('3:1'), download('3:1')]);
});

test("tsc's output: a call through `(0, module_1.name)(…)`, of child_process and of execa", async () => {
  assert.equal(await rows('compiled.js'), [remote('7:9'), download('7:9'), download('8:23', 'wget')]);
});

test("zx's global `$` after import 'zx/globals'", async () => {
  assert.equal(await rows('globals.mjs'), [remote('3:7'), download('3:7')]);
});

test("Bun's and Deno's own calls: a command list, an object's cmd or args, Bun's shell", async () => {
  assert.equal(await rows('runtimes.ts'), [
    download('3:3'),
    download('4:3', 'wget'),
    remote('5:9'),
    download('5:9'),
    download('6:13'),
    install('7:3', 'pip-install'),
  ]);
});

test("Go's exec.Command and exec.CommandContext: the program and its arguments, one each", async () => {
  assert.equal(await rows('main.go'), [download('9:12'), remote('12:12'), download('12:12'), install('15:9', 'go-install')]);
});

test("Rust's Command::new and the .arg/.args chained to it up to the call that runs it", async () => {
  assert.equal(await rows('main.rs'), [download('5:5'), remote('6:5'), download('6:5'), install('7:5', 'pip-install'), download('8:5', 'wget')]);
});

test("Python: asyncio's create_subprocess_exec and os.system; a list spread into the call is not known", async () => {
  assert.equal(await rows('tools.py'), [download('6:11'), remote('7:5'), download('7:5')]);
});

test.run();
