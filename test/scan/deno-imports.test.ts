/**
 * Deno-ecosystem imports: `jsr:` specifiers, Deno standard library URLs (deno.land/std, jsr.io),
 * deno.land/x and npm CDN URLs name packages whose rows apply; the standard library modules with
 * capabilities (@std/fs, @std/dotenv, @std/http, @std/net, @std/crypto, @std/log, @std/tar) and
 * dax have rows; a static import of any other URL is "not analyzed".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { isRemoteFileSpecifier, lookupModule, normalizeSpecifier } from '../../src/scan/pattern-index.ts';
import type { ScanFinding } from '../../src/scan/types.ts';
import { runCli } from '../helpers/cli.ts';
import { readSourceSync } from './_read-source.ts';

const findings = (text: string): ScanFinding[] => scanSource(text, { file: 'handler.ts' }).findings;
/** `id raw access` of each capability finding, sorted. */
const caps = (text: string): string[] => findings(text).filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}${f.access !== undefined ? ` ${f.access}` : ''}`).sort();

test('jsr: specifiers lose the version (any range) like npm: ones; subpaths stay', () => {
  assert.is(normalizeSpecifier('jsr:@std/fs@^1.0.0'), '@std/fs');
  assert.is(normalizeSpecifier('jsr:@std/fs@1.0.0/copy'), '@std/fs/copy');
  assert.is(normalizeSpecifier('jsr:/@std/fs@>=1.0.0-rc.1/ensure-dir'), '@std/fs/ensure-dir');
  assert.is(normalizeSpecifier('jsr:@std/dotenv'), '@std/dotenv');
  assert.is(normalizeSpecifier('npm:/execa@8/sub'), 'execa/sub');
  assert.is(normalizeSpecifier('npm:@scope/name@~1.2/a/b'), '@scope/name/a/b');
  assert.equal(lookupModule('jsr:@david/dax@0.42'), { source: '@david/dax', display: '@david/dax' });
});

test('standard library, jsr.io, deno.land/x and npm CDN URLs name their package', () => {
  const cases: Array<[string, string]> = [
    ['https://deno.land/std@0.224.0/fs/mod.ts', '@std/fs'],
    ['https://deno.land/std/fs/ensure_dir.ts', '@std/fs/ensure-dir'],
    ['https://deno.land/std@0.224.0/dotenv/load.ts', '@std/dotenv/load'],
    ['https://deno.land/std@0.224.0/media_types/mod.ts', '@std/media-types'],
    ['https://deno.land/std@0.170.0/node/child_process.ts', 'child_process'],
    ['https://jsr.io/@std/fs/1.0.0/empty_dir.ts', '@std/fs/empty-dir'],
    ['https://jsr.io/@david/dax/0.42.0/mod.ts', '@david/dax'],
    ['https://deno.land/x/dax@0.39.2/mod.ts', 'deno.land/x/dax'],
    ['https://esm.sh/v135/execa@8.0.1/es2022/execa.mjs', 'execa/es2022/execa.mjs'],
    ['https://esm.sh/jsr/@std/fs@1', '@std/fs'],
    ['https://cdn.jsdelivr.net/npm/execa@8/+esm', 'execa/+esm'],
    ['https://ga.jspm.io/npm:execa@8.0.1/index.js', 'execa/index.js'],
  ];
  for (const [url, expected] of cases) {
    assert.is(normalizeSpecifier(url), expected, url);
    assert.not.ok(isRemoteFileSpecifier(url), url);
  }
  assert.equal(lookupModule('https://deno.land/x/dax/mod.ts'), { source: 'deno.land/x/dax', display: 'deno.land/x/dax' });
  assert.equal(lookupModule('https://unpkg.com/execa@8'), { source: 'execa', display: 'execa' });
  for (const url of ['https://example.com/mod.ts', 'http://example.com/a.js', 'https://raw.githubusercontent.com/o/r/main/mod.ts', 'https://cdn.jsdelivr.net/gh/o/r/mod.ts']) {
    assert.is(normalizeSpecifier(url), url);
    assert.ok(isRemoteFileSpecifier(url), url);
  }
});

test('the example from the defect report: jsr, std URL, alias subpath, dotenv and dax', () => {
  const text = [
    'import { emptyDir, walk } from "jsr:@std/fs@^1.0.0";',
    'import { ensureDir } from "https://deno.land/std@0.224.0/fs/mod.ts";',
    'import { copy } from "@std/fs/copy";',
    'import { load } from "jsr:@std/dotenv";',
    'import $ from "jsr:@david/dax";',
    'await emptyDir("/tmp/y"); await ensureDir("/x"); await copy("a","b"); await load(); await $`rm -rf /`;',
    'for await (const e of walk(".")) console.log(e);',
  ].join('\n');
  assert.equal(caps(text), [
    'environment.deno-std-dotenv @std/dotenv.load',
    'filesystem.deno-std-dotenv @std/dotenv.load read',
    'filesystem.deno-std-fs-read @std/fs.walk read',
    'filesystem.deno-std-fs-write @std/fs.copy write',
    'filesystem.deno-std-fs-write @std/fs.emptyDir write',
    'filesystem.deno-std-fs-write @std/fs.ensureDir write',
    'subprocess.spawn-package @david/dax',
  ]);
});

test('@std/fs: named, namespace, default-less subpath and Sync forms; constants are no capability', () => {
  assert.equal(caps('import * as fs from "jsr:@std/fs";\nawait fs.move("a", "b");\nfs.existsSync("c");\nfs.EOL;'), [
    'filesystem.deno-std-fs-read @std/fs.existsSync read',
    'filesystem.deno-std-fs-write @std/fs.move write',
  ]);
  assert.equal(caps('import { ensureDirSync } from "@std/fs/ensure-dir";\nensureDirSync("x");'), ['filesystem.deno-std-fs-write @std/fs.ensureDirSync write']);
  assert.equal(caps('import { expandGlob } from "https://deno.land/std@0.200.0/fs/expand_glob.ts";\nfor await (const f of expandGlob("*.ts")) f;'), ['filesystem.deno-std-fs-read @std/fs.expandGlob read']);
  assert.equal(caps('import { writeTextFile } from "jsr:@std/fs@1/unstable-write-text-file";\nawait writeTextFile("a", "b");'), ['filesystem.deno-std-fs-write @std/fs.writeTextFile write']);
  assert.equal(caps('import { EOL, format } from "jsr:@std/fs/eol";\nformat("a", EOL.LF);'), []);
});

test('@std/dotenv: load reads a file (and the environment), parse and stringify do not; the load subpath is read at the import', () => {
  assert.equal(caps('import { loadSync } from "https://deno.land/std@0.224.0/dotenv/mod.ts";\nloadSync();'), ['environment.deno-std-dotenv @std/dotenv.loadSync', 'filesystem.deno-std-dotenv @std/dotenv.loadSync read']);
  assert.equal(caps('import { parse, stringify } from "jsr:@std/dotenv";\nstringify(parse("A=1"));'), []);
  assert.equal(caps('import "jsr:@std/dotenv/load";'), ['environment.deno-std-dotenv @std/dotenv/load', 'filesystem.deno-std-dotenv-load @std/dotenv/load read']);
  assert.equal(caps('import "https://deno.land/std@0.224.0/dotenv/load.ts";'), ['environment.deno-std-dotenv @std/dotenv/load', 'filesystem.deno-std-dotenv-load @std/dotenv/load read']);
});

test('@std/http, @std/net, @std/crypto, @std/log, @std/tar and dax forms', () => {
  // The network companion of a file server carries no read/write direction.
  assert.equal(caps('import { serveDir } from "jsr:@std/http/file-server";\nDeno.serve((r) => serveDir(r, { fsRoot: "." }));'), [
    'filesystem.deno-std-http-file-server @std/http.serveDir read',
    'network.deno Deno.serve',
    'network.deno-std-http-file-server @std/http.serveDir',
  ]);
  assert.equal(caps('import { serve } from "https://deno.land/std@0.140.0/http/server.ts";\nserve(() => new Response("ok"));'), ['network.deno-std-http-server @std/http.serve']);
  assert.equal(caps('import { STATUS_CODE, getCookies } from "jsr:@std/http";\ngetCookies(h); STATUS_CODE.OK;'), []);
  assert.equal(caps('import { getAvailablePort } from "jsr:@std/net";\ngetAvailablePort();'), ['network.deno-std-net @std/net.getAvailablePort']);
  assert.equal(caps('import { crypto } from "jsr:@std/crypto";\nawait crypto.subtle.digest("BLAKE3", d);'), ['crypto.package @std/crypto']);
  assert.equal(caps('import { FileHandler } from "jsr:@std/log";\nnew FileHandler("INFO", { filename: "a.log" });'), ['filesystem.deno-std-log-file @std/log.FileHandler write']);
  assert.equal(caps('import { UntarStream } from "jsr:@std/tar/untar-stream";\nnew UntarStream();'), ['filesystem.archive-package @std/tar']);
  assert.equal(caps('import $ from "https://deno.land/x/dax@0.39.2/mod.ts";\nawait $`ls`;'), ['subprocess.spawn-package deno.land/x/dax']);
  assert.equal(caps('import $ from "npm:dax-sh@0.42";\nawait $`ls`;'), ['subprocess.spawn-package dax-sh']);
  assert.equal(caps('import { $ } from "npm:zx@8";\nimport { execa } from "https://esm.sh/execa@8";\nawait $`ls`; await execa("ls");'), ['subprocess.spawn-package execa', 'subprocess.spawn-package zx']);
});

test('a static import of a URL that names no package is not analyzed; a registry URL, import type and import() are not', () => {
  const notAnalyzed = (text: string): ScanFinding[] => findings(text).filter((f) => f.kind === 'not-analyzed');
  const [f, ...more] = notAnalyzed('import { x } from "https://example.com/mod.ts";\nexport * from "http://example.com/b.js";\nx();');
  assert.equal([f?.id, f?.level, f?.line, f?.column], ['scan.not-analyzed', 'warning', 1, 19]);
  assert.match(f!.detail!, /remote module "https:\/\/example\.com\/mod\.ts" is not read/);
  assert.equal(more.map((g) => g.line), [2]);
  assert.equal(notAnalyzed('import { join } from "https://deno.land/std@0.224.0/path/mod.ts";\nimport x from "https://esm.sh/lodash@4";'), []);
  assert.equal(notAnalyzed('import type { T } from "https://example.com/types.ts";'), []);
  // A run-time import keeps its own findings (code evaluation and network).
  const dynamic = findings('const m = await import("https://example.com/plugin.ts");');
  assert.equal(dynamic.filter((g) => g.kind === 'not-analyzed'), []);
  assert.equal(dynamic.map((g) => g.id).sort(), ['code-evaluation.remote-import', 'network.remote-import']);
});

const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-deno-imports-'));
const write = (rel: string, text: string): string => {
  const p = join(dir, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
};

test('through a helper file: scanFiles reports the std rows with the chain, and the remote file as not analyzed', async () => {
  const entry = write('tools/clean.ts', 'import { wipe } from "./helper.ts";\nexport const run = () => wipe();\n');
  write('tools/helper.ts', 'import { emptyDir } from "jsr:@std/fs@1";\nimport { render } from "https://example.com/render.ts";\nexport const wipe = () => emptyDir(render("/tmp"));\n');
  const scan = await scanFiles([entry], { readSource: readSourceSync });
  const write_ = scan.findings.find((f) => f.id === 'filesystem.deno-std-fs-write');
  assert.equal(write_?.chain, [entry, join(dir, 'tools/helper.ts')]);
  assert.equal(scan.findings.filter((f) => f.kind === 'not-analyzed').map((f) => [f.file, f.line]), [[join(dir, 'tools/helper.ts'), 2]]);
  assert.equal(scan.packages, ['https://example.com/render.ts', 'jsr:@std/fs@1']);
});

test('CLI: the defect example through the built bundle', () => {
  const file = write('cli/e.ts', [
    'import { emptyDir } from "jsr:@std/fs@^1.0.0";',
    'import { ensureDir } from "https://deno.land/std@0.224.0/fs/mod.ts";',
    'import $ from "jsr:@david/dax";',
    'import x from "https://example.com/mod.ts";',
    'await emptyDir("/tmp/y"); await ensureDir("/x"); await $`rm -rf /`; x();',
  ].join('\n'));
  const r = runCli(['scan', file, '--format', 'json']);
  const out = JSON.parse(r.stdout) as { entitlements: { filesystem: boolean; subprocess: boolean; raw: string[] }; findings: ScanFinding[] };
  assert.equal([out.entitlements.filesystem, out.entitlements.subprocess], [true, true]);
  assert.equal(out.entitlements.raw, ['@david/dax', '@std/fs.emptyDir', '@std/fs.ensureDir']);
  assert.equal(out.findings.filter((f) => f.kind === 'not-analyzed').map((f) => f.line), [4]);
  // Not analyzed is a warning: the default --fail-on error passes, --fail-on warning fails.
  assert.is(r.code, 0, r.stderr);
  assert.is(runCli(['scan', file, '--fail-on', 'warning']).code, 1);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
