import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { noShebangHint } from '../../src/sources/no-shebang-hint.ts';
import { parseCommandLine } from '../../src/sources/command-line.ts';

// A package bin that is a JavaScript file with no `#!` line (@illuminaresolutions/n8n-mcp-server
// 1.0.1's build/index.js, servers19): run as a command, the shell runs it and stops on `import`.
// The failure says to run it with Node.js.

const PATIENT = ['--handshake-timeout', '60000'];

/** A package folder whose .bin link points at a JavaScript file without a `#!` line. */
function packageWithBareBin(): { dir: string; bin: string; file: string } {
  const dir = tempDir();
  const pkg = join(dir, 'node_modules', 'bare-bin-server');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  const file = join(pkg, 'build', 'index.js');
  writeFileSync(file, "import { createServer } from 'node:http';\ncreateServer();\n");
  chmodSync(file, 0o755);
  mkdirSync(join(dir, 'node_modules', '.bin'));
  const bin = join(dir, 'node_modules', '.bin', 'bare-bin-server');
  symlinkSync('../bare-bin-server/build/index.js', bin);
  return { dir, bin, file };
}

test('noShebangHint: a JavaScript file without #!, one with it, another shell error, none', () => {
  const { bin, file, dir } = packageWithBareBin();
  const hint = noShebangHint([`${bin}: 1: import: not found`, `${bin}: 2: createServer: not found`]);
  assert.ok(hint.startsWith(`; the command is a JavaScript file without a "#!" line (${JSON.stringify(file)}), so the system ran it as a shell script`), hint);
  assert.ok(hint.includes(`Run it with Node.js: --server "node ${file}"`), hint);
  // bash's form
  assert.ok(noShebangHint([`${bin}: line 1: import: command not found`]).includes('without a "#!" line'));
  const withLine = join(dir, 'ok.js');
  writeFileSync(withLine, '#!/usr/bin/env node\nimport x from "y";\n');
  assert.is(noShebangHint([`${withLine}: 1: import: not found`]), '');
  // A shell script that lacks a program is the script's own matter.
  const script = join(dir, 'run.sh');
  writeFileSync(script, 'mcp-thing\n');
  assert.is(noShebangHint([`${script}: 1: mcp-thing: not found`]), '');
  assert.is(noShebangHint(['/nowhere/x.js: 1: import: not found']), '');
  assert.is(noShebangHint([]), '');
});

test('a package bin without #! run with --server: the failure says to run it with node', () => {
  const { dir, bin, file } = packageWithBareBin();
  const r = runCli(['lock', '--server', bin, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('failed at stage "initialize": the server exited'), r.stderr);
  assert.ok(r.stderr.includes(`the command is a JavaScript file without a "#!" line (${JSON.stringify(file)})`), r.stderr);
  assert.ok(r.stderr.includes(`--server "node ${file}"`), r.stderr);
});

test('a bin named by a relative path: the shell names it so, and it is read from the server\'s working directory', () => {
  const { dir, file } = packageWithBareBin();
  const relative = 'node_modules/.bin/bare-bin-server';
  const r = runCli(['lock', '--server', relative, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`${relative}: 1: import: not found`), r.stderr);
  assert.ok(r.stderr.includes(`--server "node ${file}"`), r.stderr);
  // With --server-cwd, from elsewhere: the same file, not one below mcpfusion's own directory.
  const away = runCli(['lock', '--server', relative, '--server-cwd', dir, ...PATIENT], { cwd: tempDir() });
  assert.is(away.code, 3, away.stderr);
  assert.ok(away.stderr.includes(`--server "node ${file}"`), away.stderr);
  assert.is(noShebangHint([`${relative}: 1: import: not found`], tempDir()), '');
});

test('a file in a folder with a space: the line offered reads back as node and that file', () => {
  const dir = join(tempDir(), 'my servers');
  mkdirSync(dir);
  const file = join(dir, 'index.js');
  writeFileSync(file, "import { createServer } from 'node:http';\n");
  chmodSync(file, 0o755);
  const hint = noShebangHint([`${file}: 1: import: not found`]);
  const offered = /--server "([^"]*)"/.exec(hint);
  assert.ok(offered !== null, hint);
  const line = parseCommandLine(offered![1]!);
  assert.equal([line.command, ...line.args], ['node', file], hint);
});

/**
 * A package whose .bin link points at a TypeScript MCP server without a `#!` line. It holds an
 * enum, which no Node.js version runs without compiling, and sits under node_modules, where none
 * strips types at all: only a TypeScript runner serves it.
 */
function packageWithTypeScriptBin(): { dir: string; bin: string; file: string } {
  const dir = tempDir();
  const pkg = join(dir, 'node_modules', 'ts-bin-server');
  mkdirSync(join(pkg, 'src'), { recursive: true });
  const file = join(pkg, 'src', 'index.ts');
  writeFileSync(file, [
    `import { serve } from ${JSON.stringify(join(ROOT, 'test/fixtures/servers/_rpc.mjs'))};`,
    "enum Name { Echo = 'echo' }",
    "const tools: Array<{ name: string; inputSchema: object }> = [{ name: Name.Echo, inputSchema: { type: 'object' } }];",
    "serve({ 'tools/list': () => ({ tools }) });",
    '',
  ].join('\n'));
  chmodSync(file, 0o755);
  mkdirSync(join(dir, 'node_modules', '.bin'));
  const bin = join(dir, 'node_modules', '.bin', 'ts-bin-server');
  symlinkSync('../ts-bin-server/src/index.ts', bin);
  return { dir, bin, file };
}

test('noShebangHint: a TypeScript file is offered to tsx; plain node only outside node_modules, hedged', () => {
  const { bin, file, dir } = packageWithTypeScriptBin();
  const hint = noShebangHint([`${bin}: 1: import: not found`]);
  assert.ok(hint.startsWith(`; the command is a TypeScript file without a "#!" line (${JSON.stringify(file)})`), hint);
  assert.ok(hint.includes(`Run it with a TypeScript runner: --server "npx tsx ${file}"`), hint);
  assert.ok(hint.includes('Node.js itself runs no TypeScript file inside node_modules'), hint);
  assert.not.ok(hint.includes('"node '), hint);
  assert.ok(hint.includes('a package\'s bin needs to be JavaScript with "#!/usr/bin/env node"'), hint);
  // Outside node_modules, Node.js 22.18/23.6 and later strip types themselves: named, with its limits.
  const own = join(dir, 'serve.mts');
  writeFileSync(own, 'import x from "y";\n');
  const outside = noShebangHint([`${own}: line 1: import: command not found`]);
  assert.ok(outside.includes(`--server "npx tsx ${own}"`), outside);
  assert.ok(outside.includes(`only from v22.18.0 and v23.6.0 on, and only when it holds no TypeScript that needs compiling, such as an enum: --server "node ${own}"`), outside);
});

test('a TypeScript package bin without #!: the failure offers tsx, and the line offered serves', () => {
  const { dir, bin, file } = packageWithTypeScriptBin();
  const r = runCli(['lock', '--server', bin, ...PATIENT], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes(`the command is a TypeScript file without a "#!" line (${JSON.stringify(file)})`), r.stderr);
  assert.not.ok(r.stderr.includes(`--server "node ${file}"`), r.stderr);
  const offered = /--server "(npx tsx [^"]*)"/.exec(r.stderr);
  assert.ok(offered !== null, r.stderr);
  // npx finds the repository's own tsx from its working directory; offline, so it never fetches.
  const lockfile = join(dir, 'mcpfusion.lock');
  const ok = runCli(['lock', '--server', offered![1]!, '--lockfile', lockfile, ...PATIENT], { cwd: ROOT, env: { npm_config_offline: 'true' } });
  assert.is(ok.code, 0, ok.stderr);
  assert.ok(ok.stderr.includes('1 tool'), ok.stderr);
});

test.run();
