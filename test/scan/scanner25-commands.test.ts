/**
 * Scanner25's gaps in reading the commands code runs (src/scan/call-command.ts,
 * src/scan/project-commands.ts, src/scan/package-scripts.ts): a handler's own written command
 * (`spawn('curl', ['-fsSL', url])`, `execSync(CMD)` of a constant, `subprocess.run(['pip',
 * 'install', 'x'])`) gets the command rows beside its `subprocess.*` finding, at the same place;
 * a script's `cd tools && npm run setup` runs tools' script; `**` workspace patterns and filters
 * that are name patterns (`pnpm --filter "@x/*"`, `yarn workspaces foreach --include 'x-*'`) are
 * followed. Files in test/fixtures/scan/scanner25.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { loadRelatedPackages, scanProjectCommands } from '../../src/scan/project-commands.ts';
import { run } from '../../src/cli.ts';
import { readdirSync, readFileSync } from 'node:fs';
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

test('a member a barrel hands on under another name, called through the file\'s object or picked by name', async () => {
  assert.equal((await caps('handlers/use-lib.js')).filter((x) => x.startsWith('handlers/use-lib.js')), [
    'handlers/use-lib.js:5:1 network.command-download command:curl',
    'handlers/use-lib.js:5:1 subprocess.child-process child_process.spawn',
    'handlers/use-lib.js:6:1 network.command-download command:wget',
    'handlers/use-lib.js:6:1 subprocess.child-process child_process.spawn',
  ]);
});

test('a function util.promisify makes of exec or execFile: each of its calls, at the call', async () => {
  assert.equal(await caps('handlers/promisified.js'), [
    'handlers/promisified.js:10:9 code-evaluation.command-remote-code command:curl|sh',
    'handlers/promisified.js:10:9 network.command-download command:curl',
    'handlers/promisified.js:14:28 network.command-download command:wget',
    // `require('util').promisify(require('node:child_process').execFile)`: its call on line 28.
    'handlers/promisified.js:26:52 subprocess.child-process child_process.execFile',
    // `promisify(require('child_process').exec)`: the code scan follows it to its call itself.
    'handlers/promisified.js:27:1 network.command-package-install command:npm-install',
    'handlers/promisified.js:27:1 subprocess.child-process child_process.exec',
    'handlers/promisified.js:28:1 network.command-download command:curl',
    // `execAsync(`ls ${dir}`)`: a line built at run time, nothing.
    'handlers/promisified.js:6:29 subprocess.child-process child_process.exec',
    'handlers/promisified.js:7:38 subprocess.child-process child_process.execFile',
  ]);
  const found = (await scanFiles([`${root}handlers/promisified.js`], { readSource: readSourceSync })).findings.filter((f) => f.id === 'network.command-download' && f.line === 14);
  assert.equal(found.map((f) => [f.evidence, f.detail]), [["const { stdout } = await execFileAsync('wget', ['-q', url]);", 'runs wget (a command line of the promisified child_process.execFile of line 7)']]);
});

test('a name whose value at the call is not the written one names no command', async () => {
  // A parameter of the same name, a name assigned again, a name of a declaration list, a list changed through a member.
  assert.equal(await caps('handlers/shadowed.js'), [
    'handlers/shadowed.js:11:1 subprocess.child-process child_process.execSync',
    'handlers/shadowed.js:14:1 subprocess.child-process child_process.execSync',
    'handlers/shadowed.js:22:1 subprocess.child-process child_process.spawnSync',
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

/** The findings of a package.json with these scripts and other fields, over the given files (`path → text`) and folders. */
const related = async (fields: Record<string, unknown>, files: Record<string, string>, folders: Record<string, string[]> = {}): Promise<{ at: string[]; scripts: string[] }> => {
  const text = JSON.stringify({ name: 'root', ...fields }, null, 2);
  const packages = await loadRelatedPackages(text, async (path) => files[path], async (dir) => folders[dir]);
  const scan = scanProjectCommands('/r/package.json', text, 'package.json', { packages });
  return { at: scan.findings.map((f) => `${f.file}:${f.line} ${f.identifier}`), scripts: scan.scripts };
};
const tools = { 'tools/package.json': JSON.stringify({ name: 'tools', scripts: { setup: 'node fetch.js', own: 'wget https://x.test/t' } }, null, 2) };

test('cd: a script run after `cd tools` is tools\' script, the files it runs are in tools; a subshell\'s cd ends with it', async () => {
  const scripts = (postinstall: string): Promise<{ at: string[]; scripts: string[] }> => related({ scripts: { postinstall, own: 'curl https://x.test/r', setup: 'node root-setup.js' } }, tools);
  assert.equal(await scripts('cd tools && npm run setup'), { at: [], scripts: ['tools/fetch.js'] });
  assert.equal(await scripts('cd ./tools; npm run own'), { at: ['/r/tools/package.json:5 command:wget'], scripts: [] });
  assert.equal(await scripts('(cd tools && npm run own) && npm run own'), { at: ['/r/tools/package.json:5 command:wget', '/r/package.json:5 command:curl'], scripts: [] });
  // The files a command runs after `cd`: `node x.js`, and what inline code requires.
  assert.equal(await scripts('cd tools && node fetch.js && node -e "require(\'./more\')"'), { at: [], scripts: ['tools/fetch.js', 'tools/./more'] });
  // A folder with no package.json: npm runs the package's own script, as it looks upward.
  assert.equal(await scripts('cd scripts && npm run own'), { at: ['/r/package.json:5 command:curl'], scripts: [] });
  // A folder not known (a variable, home, above the package): read as before, from the package's own folder.
  for (const line of ['cd $DIR && npm run own', 'cd && npm run own', 'cd .. && npm run own', 'cd /opt/x && npm run own']) {
    assert.equal(await scripts(line), { at: ['/r/package.json:5 command:curl'], scripts: [] }, line);
  }
});

test('workspaces: a `**` pattern and `*` inside a name; filters that are name patterns', async () => {
  const files: Record<string, string> = {
    'packages/group/server/package.json': JSON.stringify({ name: '@demo/server', scripts: { w: 'curl https://x.test/s' } }, null, 2),
    'packages/group/client/package.json': JSON.stringify({ name: 'client', scripts: { w: 'wget https://x.test/c' } }, null, 2),
    'packages/mcp-one/package.json': JSON.stringify({ name: 'mcp-one', scripts: { w: 'pip install requests' } }, null, 2),
  };
  const folders = { packages: ['group', 'mcp-one', 'node_modules', '.cache'], 'packages/group': ['client', 'server'], 'packages/group/client': [], 'packages/group/server': [], 'packages/mcp-one': [] };
  const every = ['/r/packages/group/client/package.json:4 command:wget', '/r/packages/group/server/package.json:4 command:curl', '/r/packages/mcp-one/package.json:4 command:pip-install'];
  assert.equal((await related({ workspaces: ['packages/**'], scripts: { postinstall: 'npm run w --workspaces' } }, files, folders)).at, every);
  assert.equal((await related({ workspaces: { packages: ['packages/*/*', 'packages/mcp-*'] }, scripts: { postinstall: 'npm run w -ws' } }, files, folders)).at, every);
  assert.equal((await related({ workspaces: ['packages/**/server'], scripts: { postinstall: 'pnpm -r run w' } }, files, folders)).at, [every[1]]);
  const filtered = (line: string): Promise<string[]> => related({ workspaces: ['packages/**'], scripts: { postinstall: line } }, files, folders).then((r) => r.at);
  assert.equal(await filtered('pnpm --filter "@demo/*" run w'), [every[1]]);
  assert.equal(await filtered('pnpm -F "*-one" w'), [every[2]]);
  assert.equal(await filtered('yarn workspaces foreach --include "mcp-*" --include client run w'), [every[2], every[0]]);
  // Filters that name packages the text does not say: not followed.
  for (const line of ['pnpm --filter "...@demo/server" run w', 'pnpm --filter "!client" run w', 'yarn workspaces foreach --exclude client run w', 'pnpm --filter "[origin/main]" run w']) assert.equal(await filtered(line), [], line);
});

test('mcpfusion scan of a monorepo: cd, a `**` workspace pattern and name filters reach the other packages\' scripts', async () => {
  const M = 'test/fixtures/scan/scanner25/monorepo';
  const out: string[] = [];
  const code = await run(['scan', M, '--format', 'json'], { stdout: (s: string) => void out.push(s), stderr: () => {}, cwd: process.cwd(), env: {} } as never);
  const json = JSON.parse(out.join('')) as { findings: Array<{ id: string; identifier: string; file: string; line: number; detail?: string }> };
  assert.equal(json.findings.filter((f) => f.file.endsWith('package.json')).map((f) => `${f.file.slice(M.length + 1)}:${f.line} ${f.id} ${f.identifier}`).sort(), [
    'package.json:7 network.command-download command:curl',
    'packages/group/server/package.json:4 network.command-download command:curl',
    'packages/mcp-tool/package.json:4 network.command-package-install command:pip-install',
    'tools/package.json:6 network.command-download command:wget',
  ]);
  assert.ok(json.findings.some((f) => f.detail === 'scripts.postinstall → tools/package.json scripts.later: runs wget'), JSON.stringify(json.findings.map((f) => f.detail)));
  assert.is(code, 0);
  // The fixture is what the test says: tools' own `own` (a wget) is there, and not reached.
  assert.ok(readFileSync(`${M}/tools/package.json`, 'utf8').includes('not-this-one'));
  assert.equal(readdirSync(`${M}/packages/group`).sort(), ['client', 'server']);
});

test.run();
