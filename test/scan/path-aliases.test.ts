/**
 * Path aliases: a bare specifier that tsconfig.json / jsconfig.json `paths` or `baseUrl` maps to a
 * project file is followed like a relative import (the capability in the helper counts, the chain
 * shows the helper); a `paths` match that resolves to no file is not analyzed; a real package name
 * stays a package.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { scanSource } from '../../src/scan/scan-source.ts';
import type { FilesScan } from '../../src/scan/types.ts';
import { runCli } from '../helpers/cli.ts';
import { readSourceSync } from './_read-source.ts';

const root = mkdtempSync(join(tmpdir(), 'mcpfusion-alias-'));
let n = 0;

/** A fresh project directory with the given files; returns its path. */
function project(files: Record<string, string>): string {
  const dir = join(root, `p${n++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const scan = (dir: string, entry: string): Promise<FilesScan> => scanFiles([join(dir, entry)], { readSource: readSourceSync });
/** `id file-relative-to-dir` of each finding, sorted. */
const ids = (dir: string, r: FilesScan): string[] => r.findings.map((f) => `${f.id} ${(f.file ?? '').slice(dir.length + 1)}`).sort();

const RUN = "import { execSync } from 'node:child_process';\nexport const run = (c: string) => execSync(c);\n";

test('a tsconfig paths alias is followed to the helper, which shows in the chain', async () => {
  const dir = project({
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }',
    'src/lib/run.ts': RUN,
    'src/h2.ts': "import { run } from '@/lib/run';\nexport const h = (c: string) => run(c);\n",
  });
  const r = await scan(dir, 'src/h2.ts');
  assert.equal(ids(dir, r), ['subprocess.child-process src/lib/run.ts']);
  assert.equal(r.findings[0]!.chain, [join(dir, 'src/h2.ts'), join(dir, 'src/lib/run.ts')]);
  assert.not.ok(r.packages.includes('@/lib/run'));
});

test('tsconfig with comments and trailing commas, paths without baseUrl, `.js` for `.ts`, index files, longest prefix', async () => {
  const dir = project({
    'tsconfig.json': [
      '// the project config',
      '{',
      '  "compilerOptions": {',
      '    /* no baseUrl: paths are relative to this file */',
      '    "paths": { "@app/*": ["./wrong/*"], "@app/lib/*": ["./src/lib/*",], "#x": ["./nothing"], },',
      '  },',
      '}',
    ].join('\n'),
    'src/lib/run.ts': RUN,
    'src/lib/fs/index.ts': "import { writeFileSync } from 'node:fs';\nexport const w = () => writeFileSync('/tmp/x', '');\n",
    'src/a.ts': "import { run } from '@app/lib/run.js';\nimport { w } from '@app/lib/fs';\nrun('x'); w();\n",
  });
  const r = await scan(dir, 'src/a.ts');
  assert.equal(ids(dir, r), ['filesystem.node-fs-write src/lib/fs/index.ts', 'subprocess.child-process src/lib/run.ts'].sort());
});

test('extends: paths and baseUrl inherited through a relative chain (and an array) apply relative to where they are declared', async () => {
  const dir = project({
    'config/base.json': '{ "compilerOptions": { "baseUrl": "../src", "paths": { "~/*": ["*"] } } }',
    'config/mid.json': '{ "extends": "./base", "compilerOptions": { "strict": true } }',
    'config/other.json': '{ "compilerOptions": { "target": "es2022" } }',
    'app/tsconfig.json': '{ "extends": ["../config/other.json", "../config/mid.json"], "include": ["."] }',
    'src/lib/run.ts': RUN,
    'app/h.ts': "import { run } from '~/lib/run';\nimport { run as r2 } from 'lib/run';\nrun('x'); r2('y');\n",
  });
  const r = await scan(dir, 'app/h.ts');
  // Both the `paths` alias and plain `baseUrl` resolution reach src/lib/run.ts.
  assert.equal(ids(dir, r), ['subprocess.child-process src/lib/run.ts']);
  assert.equal(r.files.map((f) => f.slice(dir.length + 1)), ['app/h.ts', 'src/lib/run.ts']);
});

test('a jsconfig.json alias is followed too; an extends cycle ends', async () => {
  const dir = project({
    'jsconfig.json': '{ "extends": "./jsconfig.json", "compilerOptions": { "paths": { "$lib/*": ["./lib/*"] } } }',
    'lib/run.js': "const { execSync } = require('child_process');\nexports.run = (c) => execSync(c);\n",
    'h.js': "const { run } = require('$lib/run');\nrun('x');\n",
  });
  assert.equal(ids(dir, await scan(dir, 'h.js')), ['subprocess.child-process lib/run.js']);
});

test('a paths alias that resolves to no file is not analyzed, never a package', async () => {
  const dir = project({
    'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
    'src/h.ts': "import { run } from '@/lib/missing';\nrun('x');\n",
  });
  const r = await scan(dir, 'src/h.ts');
  assert.equal(ids(dir, r), ['scan.not-analyzed src/h.ts']);
  assert.match(r.findings[0]!.detail ?? '', /"@\/lib\/missing"/);
  assert.is(r.findings[0]!.line, 1);
  assert.equal(r.packages, []);
});

test('real packages stay packages: no matching alias, a node_modules or .d.ts-only target, the catch-all "*"', async () => {
  const dir = project({
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['src/*'], 'legacy': ['node_modules/legacy-lib'], 'typed': ['types/typed'], '*': ['types/*'] } } }),
    'types/typed.d.ts': 'export declare const t: number;\n',
    'src/h.ts': [
      "import React from 'react';",
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { execa } from 'execa';",
      "import legacy from 'legacy';",
      "import { t } from 'typed';",
      "export const h = () => execa('ls', [String(t), String(React), String(Server), String(legacy)]);",
    ].join('\n'),
  });
  const r = await scan(dir, 'src/h.ts');
  assert.equal(r.packages, ['@modelcontextprotocol/sdk/server/index.js', 'execa', 'legacy', 'react', 'typed']);
  assert.equal(ids(dir, r), ['subprocess.spawn-package src/h.ts']);
});

test('an alias cycle is scanned once per file', async () => {
  const dir = project({
    'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
    'src/a.ts': "import { b } from '@/b';\nexport const a = () => b();\n",
    'src/b.ts': "import { a } from '@/a';\nimport { run } from '@/run';\nexport const b = () => { run('x'); a(); };\n",
    'src/run.ts': RUN,
  });
  const r = await scan(dir, 'src/a.ts');
  assert.equal(r.files.map((f) => f.slice(dir.length + 1)), ['src/a.ts', 'src/b.ts', 'src/run.ts']);
  assert.equal(r.findings[0]!.chain?.map((f) => f.slice(dir.length + 1)), ['src/a.ts', 'src/b.ts', 'src/run.ts']);
});

test('Deno import map: paths are followed from deno.json, package targets are what the rows look up', async () => {
  const dir = project({
    'deno.jsonc': [
      '// the project config',
      '{ "imports": {',
      '  "@/": "./src/", "utils": "./src/utils.ts", "gone": "./src/gone.ts",',
      '  "$": "jsr:@david/dax@^0.42", "std/": "https://deno.land/std@0.224.0/", "remote": "https://example.com/x.ts",',
      '}, }',
    ].join('\n'),
    'src/lib/run.ts': RUN,
    'src/utils.ts': 'export const u = () => Deno.readTextFile("/etc/x");\n',
    'app/main.ts': [
      'import $ from "$";',
      'import { copy } from "std/fs/copy.ts";',
      'import { run } from "@/lib/run.ts";',
      'import { u } from "utils";',
      'import r from "remote";',
      'import g from "gone";',
      'await $`ls`; await copy("a", "b"); run("x"); u(); r(); g();',
    ].join('\n'),
  });
  const r = await scan(dir, 'app/main.ts');
  assert.equal(r.files.map((f) => f.slice(dir.length + 1)), ['app/main.ts', 'src/lib/run.ts', 'src/utils.ts']);
  assert.equal(r.findings.map((f) => `${f.id} ${(f.file ?? '').slice(dir.length + 1)}:${f.line}`).sort(), [
    'filesystem.deno-read src/utils.ts:1',
    'filesystem.deno-std-fs-write app/main.ts:7',
    'scan.not-analyzed app/main.ts:5',
    'scan.not-analyzed app/main.ts:6',
    'subprocess.child-process src/lib/run.ts:2',
    'subprocess.spawn-package app/main.ts:1',
  ]);
  assert.equal(r.findings.find((f) => f.id === 'subprocess.child-process')?.chain?.map((f) => f.slice(dir.length + 1)), ['app/main.ts', 'src/lib/run.ts']);
  assert.equal(r.packages, ['https://deno.land/std@0.224.0/fs/copy.ts', 'https://example.com/x.ts', 'jsr:@david/dax@^0.42', 'node:child_process']);
});

test('scanSource with an import map: static and dynamic imports of a mapped name are their target', () => {
  const importMap = { cp: 'node:child_process', 'std/': 'https://deno.land/std@0.224.0/', far: 'https://example.com/x.ts' };
  const text = 'import { exec } from "cp";\nconst fs = await import("std/fs/mod.ts");\nawait fs.emptyDir("/x"); exec("ls");\nimport("far");\n';
  const found = (map?: Record<string, string>): string[] => scanSource(text, map === undefined ? { file: 'h.ts' } : { file: 'h.ts', importMap: map }).findings.map((f) => `${f.id}:${f.line}`).sort();
  // import() of a URL fetches code at run time, as when the URL is written in place.
  assert.equal(found(importMap), ['code-evaluation.remote-import:2', 'code-evaluation.remote-import:4', 'filesystem.deno-std-fs-write:3', 'network.remote-import:2', 'network.remote-import:4', 'subprocess.child-process:3']);
  assert.equal(found(), []);
});

test('Deno: an "importMap" file is read; a name it does not map stays a package', async () => {
  const dir = project({
    'deno.json': '{ "importMap": "./maps/import_map.json" }',
    'maps/import_map.json': '{ "imports": { "dax": "jsr:@david/dax@0.42", "lib/": "../src/" } }',
    'src/run.ts': RUN,
    'main.ts': 'import $ from "dax";\nimport { run } from "lib/run.ts";\nimport { z } from "zod";\nawait $`ls`; run("x"); z;\n',
  });
  const r = await scan(dir, 'main.ts');
  assert.equal(ids(dir, r), ['subprocess.child-process src/run.ts', 'subprocess.spawn-package main.ts']);
  assert.equal(r.packages, ['jsr:@david/dax@0.42', 'node:child_process', 'zod']);
});

test('Deno: "scopes" that contain the file come first, most specific first; a scope hides the imports it answers for', async () => {
  const dir = project({
    'deno.json': JSON.stringify({
      imports: { run: './src/safe.ts', 'a/b/': './lib2/b/' },
      scopes: { './app/': { run: 'npm:execa@8', 'a/': './lib1/' }, './app/special.ts': { cp: 'node:child_process' }, 'https://deno.land/x/': { run: 'npm:zx' } },
    }),
    'src/safe.ts': 'export const s = 1;\n',
    'lib1/b/c.ts': 'export const c = () => Deno.readTextFile("/x");\n',
    'lib2/b/c.ts': RUN,
    'app/main.ts': 'import { execa } from "run";\nimport { c } from "a/b/c.ts";\nawait execa`ls`; c();\n',
    'app/special.ts': 'import cp from "cp";\ncp.execSync("ls");\n',
    'other/main.ts': 'import { s } from "run";\nimport cp from "cp";\nimport { c } from "a/b/c.ts";\ns; cp; c;\n',
  });
  const app = await scan(dir, 'app/main.ts');
  assert.equal(ids(dir, app), ['filesystem.deno-read lib1/b/c.ts', 'subprocess.spawn-package app/main.ts']);
  assert.equal(app.packages, ['npm:execa@8']);
  assert.equal(ids(dir, await scan(dir, 'app/special.ts')), ['subprocess.child-process app/special.ts']);
  const other = await scan(dir, 'other/main.ts');
  assert.equal(ids(dir, other), ['subprocess.child-process lib2/b/c.ts']);
  assert.equal(other.files.map((f) => f.slice(dir.length + 1)), ['other/main.ts', 'src/safe.ts', 'lib2/b/c.ts']);
  assert.equal(other.packages, ['cp', 'node:child_process']);
});

test('Deno workspace: a member sees the root\'s imports after its own; a directory the root does not list does not', async () => {
  const dir = project({
    'deno.json': JSON.stringify({ workspace: ['./packages/*', './tools/cli'], imports: { $: 'jsr:@david/dax@^0.42', 'h/': './shared/', own: './shared/not-this.ts' } }),
    'shared/run.ts': RUN,
    'shared/not-this.ts': 'export const o = () => Deno.removeSync("/x");\n',
    'packages/a/deno.json': JSON.stringify({ name: '@x/a', imports: { own: './own.ts' } }),
    'packages/a/own.ts': 'export const o = () => Deno.readTextFile("/x");\n',
    'packages/a/main.ts': 'import $ from "$";\nimport { run } from "h/run.ts";\nimport { o } from "own";\nawait $`ls`; run("x"); o();\n',
    'tools/cli/deno.json': '{ "name": "@x/cli" }',
    'tools/cli/main.ts': 'import $ from "$";\nawait $`ls`;\n',
    'other/deno.json': '{}',
    'other/main.ts': 'import $ from "$";\nawait $`ls`;\n',
  });
  assert.equal(ids(dir, await scan(dir, 'packages/a/main.ts')), ['filesystem.deno-read packages/a/own.ts', 'subprocess.child-process shared/run.ts', 'subprocess.spawn-package packages/a/main.ts']);
  assert.equal(ids(dir, await scan(dir, 'tools/cli/main.ts')), ['subprocess.spawn-package tools/cli/main.ts']);
  const other = await scan(dir, 'other/main.ts');
  assert.equal(ids(dir, other), []);
  assert.equal(other.packages, ['$']);
});

test('Deno workspace: a member listed by path is imported by its name through its exports', async () => {
  const dir = project({
    'deno.json': JSON.stringify({ workspace: ['./libs/util', './app', './libs/*'] }),
    'libs/util/deno.json': JSON.stringify({ name: '@x/util', version: '1.0.0', exports: { '.': './mod.ts', './run': './run.ts' } }),
    'libs/util/mod.ts': 'export const m = () => Deno.readTextFile("/x");\n',
    'libs/util/run.ts': RUN,
    'libs/other/deno.json': JSON.stringify({ name: '@x/other', exports: './mod.ts' }),
    'libs/other/mod.ts': RUN,
    'app/deno.json': JSON.stringify({ name: '@x/app', exports: './main.ts' }),
    'app/main.ts': 'import { m } from "@x/util";\nimport { run } from "@x/util/run";\nimport { o } from "@x/other";\nm(); run("x"); o;\n',
  });
  const r = await scan(dir, 'app/main.ts');
  assert.equal(ids(dir, r), ['filesystem.deno-read libs/util/mod.ts', 'subprocess.child-process libs/util/run.ts']);
  // A member matched only by a pattern is not enumerated: it stays a package by its name.
  assert.equal(r.packages, ['@x/other', 'node:child_process']);
});

test('a solution-style tsconfig: the referenced project that includes the file gives its paths', async () => {
  const dir = project({
    'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.node.json' }, { path: './tsconfig.app.json' }, { path: './tools' }] }),
    'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['src/*'] } }, include: ['src'] }),
    'tsconfig.app.json': '{ "extends": "./tsconfig.base.json", "exclude": ["src/**/*.test.ts"] }',
    'tsconfig.node.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['decoy/*'] } }, include: ['vite.config.ts'] }),
    'tools/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~lib/*': ['./lib/*'] } } }),
    'src/lib/run.ts': RUN,
    'decoy/lib/run.ts': 'export const run = (c: string) => c;\n',
    'src/h.ts': "import { run } from '@/lib/run';\nexport const h = (c: string) => run(c);\n",
    'src/h.test.ts': "import { run } from '@/lib/run';\nrun('x');\n",
    'tools/lib/x.ts': 'export const x = () => Deno.readTextFile("/x");\n',
    'tools/main.ts': "import { x } from '~lib/x';\nx();\n",
  });
  const app = await scan(dir, 'src/h.ts');
  assert.equal(ids(dir, app), ['subprocess.child-process src/lib/run.ts']);
  assert.equal(app.files.map((f) => f.slice(dir.length + 1)), ['src/h.ts', 'src/lib/run.ts']);
  // Excluded from the app project and included by no other: no alias applies.
  const excluded = await scan(dir, 'src/h.test.ts');
  assert.equal(ids(dir, excluded), []);
  assert.equal(excluded.packages, ['@/lib/run']);
  // tools/ has its own tsconfig.json, the nearest: the solution's references do not matter there.
  assert.equal(ids(dir, await scan(dir, 'tools/main.ts')), ['filesystem.deno-read tools/lib/x.ts']);
});

test('CLI: the reproduction of the defect report reports the helper\'s subprocess', () => {
  const dir = project({
    'package.json': '{ "name": "x", "type": "module" }',
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }',
    'src/lib/run.ts': RUN,
    'src/h2.ts': "import { run } from '@/lib/run';\nexport const h = (c: string) => run(c);\n",
  });
  const r = runCli(['scan', join(dir, 'src/h2.ts'), '--format', 'json']);
  const out = JSON.parse(r.stdout) as { entitlements: { subprocess: boolean }; findings: Array<{ id: string; chain?: string[] }> };
  assert.is(out.entitlements.subprocess, true, r.stdout);
  assert.equal(out.findings.map((f) => f.id), ['subprocess.child-process']);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test('a relative entry path (a library caller\'s) follows the aliases of a tsconfig in the working directory or above the file (scanner13)', async () => {
  // In memory, keyed by relative paths as a caller's cwd-relative readSource sees them.
  const files: Record<string, string> = {
    'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }',
    'src/server.ts': "import { run } from '@/lib/run';\nrun('ls');\n",
    'src/lib/run.ts': RUN,
    'pkg/tsconfig.json': '{ "compilerOptions": { "baseUrl": "." } }',
    'pkg/src/h.ts': "import { run } from 'src/lib/run';\nrun('ls');\n",
    'pkg/src/lib/run.ts': RUN,
  };
  const read = (path: string): string | undefined => files[path.replace(/^\.\//, '')];
  for (const entry of ['src/server.ts', './src/server.ts']) {
    const r = await scanFiles([entry], { readSource: read });
    assert.equal(r.findings.map((f) => `${f.id} ${f.file}`), ['subprocess.child-process src/lib/run.ts'], entry);
  }
  // baseUrl of a config above the file: the target is read relative to the working directory, once.
  const r = await scanFiles(['pkg/src/h.ts'], { readSource: read });
  assert.equal(r.findings.map((f) => `${f.id} ${f.file}`), ['subprocess.child-process pkg/src/lib/run.ts']);
});

test.run();
