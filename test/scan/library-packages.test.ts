/**
 * Library packages behind MCP tool handlers: small handlers written against popular npm packages
 * (local stores, spreadsheets, queues, mail and directory clients, worker pools, digest and OTP
 * packages, string evaluators) are reported under their family's rows, and look-alike utility
 * packages (ids, Markdown, dates, templates, CSV, JSON Schema) stay clean. Fixtures live in
 * test/fixtures/scan/libraries/, each with its expected capabilities in expected.json.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { scanSource } from '../../src/scan/scan-source.ts';
import type { ScanFinding } from '../../src/scan/types.ts';

const DIR = fileURLToPath(new URL('../fixtures/scan/libraries/', import.meta.url));
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<string, string[]>;

const findings = (text: string, file = 'handler.mjs'): ScanFinding[] => scanSource(text, { file }).findings;
/** `id raw access` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.mjs'): string[] => findings(text, file).filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}${f.access !== undefined ? ` ${f.access}` : ''}`).sort();

test('every fixture has an expectation and every expectation a fixture', () => {
  const files = readdirSync(DIR).filter((f) => f !== 'expected.json').sort();
  assert.equal(files, Object.keys(expected).sort());
  assert.ok(files.length >= 40, `${files.length} fixtures`);
});

for (const [file, want] of Object.entries(expected)) {
  test(`${file}: ${want.length === 0 ? 'no capability' : want.join(', ')}`, () => {
    assert.equal(caps(readFileSync(join(DIR, file), 'utf8'), file), want);
  });
}

test('jsonfile reads and writes through the fs rows, with its own name', () => {
  assert.equal(caps("import jsonfile from 'jsonfile';\nexport const a = (p) => jsonfile.readFileSync(p);\nexport const b = (p, o) => jsonfile.writeFile(p, o);"), [
    'filesystem.node-fs-read jsonfile.readFileSync read',
    'filesystem.node-fs-write jsonfile.writeFile write',
  ]);
});

test('xlsx counts only its file functions: read and write of a buffer or a sheet are no capability', () => {
  assert.equal(caps("import * as XLSX from 'xlsx';\nexport const a = (b) => XLSX.read(b);\nexport const c = (ws) => XLSX.utils.sheet_to_csv(ws);"), []);
  assert.equal(caps("import { writeFile, utils } from 'xlsx';\nexport const w = (wb, p) => writeFile(wb, p);"), ['filesystem.spreadsheet-file-write xlsx.writeFile write']);
});

test('a file store is a filesystem use of undecided access, an embedded database a read', () => {
  assert.equal(caps("const Configstore = require('configstore');\nmodule.exports = new Configstore('x');", 'h.js'), ['filesystem.file-store-package configstore']);
  assert.equal(caps("import { ClassicLevel } from 'classic-level';\nexport const db = new ClassicLevel('./db');"), ['filesystem.embedded-database classic-level read']);
  assert.equal(caps("import duckdb from 'duckdb';\nexport const db = new duckdb.Database('x.duckdb');"), ['filesystem.embedded-database duckdb read']);
});

test('Pyodide and module-from-string evaluators are code evaluation; AI SDK providers and Azure management clients are network', () => {
  assert.equal(caps("import { loadPyodide } from 'pyodide';\nexport const run = async (c) => (await loadPyodide()).runPython(c);"), ['code-evaluation.sandbox-package pyodide']);
  assert.equal(caps("import { openai } from '@ai-sdk/openai';\nexport const m = openai('gpt-4o');"), ['network.service-sdk-package @ai-sdk/openai']);
  assert.equal(caps("import { ComputeManagementClient } from '@azure/arm-compute';\nexport const c = (cred, id) => new ComputeManagementClient(cred, id);"), ['network.service-sdk-package @azure/arm-compute']);
  // Web search and scraping packages behind MCP tools (duckduckgo-mcp-server searches through duck-duck-scrape).
  assert.equal(caps("import { search, SafeSearchType } from 'duck-duck-scrape';\nexport const s = (q) => search(q, { safeSearch: SafeSearchType.STRICT });"), ['network.service-sdk-package duck-duck-scrape']);
  assert.equal(caps("const { CheerioCrawler } = require('crawlee');\nexport const c = new CheerioCrawler({});"), ['network.service-sdk-package crawlee']);
});

test('widely used spawn wrappers, worker farms, signers, digests, REST clients and evaluators have their rows', () => {
  const cases: Array<[string, string]> = [
    ['exec-sh', 'subprocess.spawn-package'], ['teen_process', 'subprocess.spawn-package'], ['@npmcli/git', 'subprocess.spawn-package'],
    ['@anthropic-ai/claude-agent-sdk', 'subprocess.spawn-package'], ['worker-farm', 'subprocess.worker-pool-package'],
    ['jws', 'crypto.package'], ['aws4', 'crypto.package'], ['@smithy/signature-v4', 'crypto.package'], ['hasha', 'crypto.package'], ['uncrypto', 'crypto.package'],
    ['@actions/http-client', 'network.http-client-package'], ['typed-rest-client', 'network.http-client-package'], ['@trpc/client', 'network.http-client-package'],
    ['@supabase/postgrest-js', 'network.service-sdk-package'], ['@vercel/sandbox', 'network.service-sdk-package'],
    ['readdir-glob', 'filesystem.read-package'], ['@npmcli/fs', 'filesystem.write-package'], ['tar-fs', 'filesystem.archive-package'], ['@expo/json-file', 'filesystem.file-store-package'],
    ['postman-sandbox', 'code-evaluation.sandbox-package'], ['@wessberg/ts-evaluator', 'code-evaluation.sandbox-package'],
    ['@slack/webhook', 'network.service-sdk-package'], ['@a2a-js/sdk', 'network.service-sdk-package'], ['hot-shots', 'network.http-client-package'],
    ['isomorphic-git/http/node', 'network.http-client-package'], ['node-stream-zip', 'filesystem.archive-package'],
    // esbuild's API talks to its native binary as a child process; 7-Zip, pdf2pic and screenshot helpers run programs; which searches PATH.
    ['esbuild', 'subprocess.spawn-package'], ['node-7z', 'subprocess.spawn-package'], ['pdf2pic', 'subprocess.spawn-package'],
    ['screenshot-desktop', 'subprocess.spawn-package'], ['which', 'filesystem.read-package'],
  ];
  for (const [name, id] of cases) {
    assert.equal(caps(`import lib from '${name}';\nexport const h = (x) => lib(x);`).map((c) => c.split(' ').slice(0, 2).join(' ')), [`${id} ${name}`], name);
  }
});

test('shelljs: exec starts a process, its file commands are filesystem reads and writes, the shell state is nothing', () => {
  assert.equal(caps("const shell = require('shelljs');\nexports.ls = (d) => shell.ls(d).stdout;", 'h.js'), ['filesystem.shelljs-read shelljs.ls read']);
  assert.equal(caps("import shell from 'shelljs';\nexport const rm = (d) => shell.rm('-rf', d);"), ['filesystem.shelljs-write shelljs.rm write']);
  assert.equal(caps("import { cat } from 'shelljs';\nexport const c = (a, b) => cat(a).to(b);"), ['filesystem.shelljs-read shelljs.cat read', 'filesystem.shelljs-string-write shelljs.ShellString.to write']);
  assert.equal(caps("import * as shell from 'shelljs';\nexport const run = (c) => { shell.cd('/tmp'); return shell.exec(c); };"), ['subprocess.shelljs-exec shelljs.exec']);
  assert.equal(caps("import shell from 'shelljs';\nshell.config.silent = true;\nexport const p = () => shell.pwd().toString() + shell.echo('x');"), []);
  // The module handed on, or loaded for its globals, may run anything.
  assert.equal(caps("const shell = require('shelljs');\nmodule.exports = shell;", 'h.js'), ['subprocess.shelljs shelljs']);
  assert.equal(caps("require('shelljs/global');\nexports.x = (c) => exec(c);", 'h.js'), ['subprocess.shelljs shelljs']);
});

test('zx: its re-exported fs, glob and fetch are looked up as those modules, beside the package at the import', () => {
  assert.equal(caps('import { fs, $ } from "zx";\nexport const a = async (p) => { await $`ls`; return fs.writeFileSync(p, "x"); };'), ['filesystem.node-fs-write fs-extra.writeFileSync write', 'subprocess.spawn-package zx']);
  assert.equal(caps('import * as zx from "zx";\nexport const a = (p) => zx.fs.readJson(p);'), ['filesystem.node-fs-read fs-extra.readJson read', 'subprocess.spawn-package zx']);
  assert.equal(caps('import { fetch, glob } from "zx";\nexport const a = (u, p) => [fetch(u), glob(p)];'), ['filesystem.node-fs-read zx.glob read', 'network.fetch fetch', 'subprocess.spawn-package zx']);
  assert.equal(caps('import { echo, sleep } from "zx";\nexport const a = () => sleep(1);'), ['subprocess.spawn-package zx']);
});

test('zx globals: after import "zx/globals" (or in a #! zx script) the unbound $, fs, glob are zx\'s; a name the file binds is its own', () => {
  const script = 'import "zx/globals";\nexport const a = async (d, out) => { await $`ls ${d}`; const t = await fs.readFile(d, "utf8"); await fs.writeFile(out, t); return glob("*.md"); };';
  assert.equal(caps(script), ['filesystem.node-fs-read fs-extra.readFile read', 'filesystem.node-fs-read zx.glob read', 'filesystem.node-fs-write fs-extra.writeFile write', 'subprocess.spawn-package zx', 'subprocess.spawn-package zx']);
  assert.equal(caps('#!/usr/bin/env zx\nawait fs.remove(process.argv[2]);'), ['filesystem.node-fs-write fs-extra.remove write']);
  // Without the globals, or where the file binds the name, they are not zx's.
  assert.equal(caps('export const a = async (p) => { await $`ls`; return fs.readFile(p); };'), []);
  assert.equal(caps('import "zx/globals";\nimport fs from "node:fs";\nexport const a = (p, $) => { $.ajax(p); return fs.existsSync(p); };'), ['filesystem.node-fs-read fs.existsSync read', 'subprocess.spawn-package zx']);
});

test('WebSocketStream and WebTransport are network globals when constructed; as types or shadowed they are not', () => {
  assert.equal(caps('export const a = (u: string) => new WebSocketStream(u);', 'h.ts'), ['network.websocket WebSocketStream']);
  assert.equal(caps('export const a = (u: string) => new globalThis.WebTransport(u);', 'h.ts'), ['network.web-transport WebTransport']);
  assert.equal(caps('export const a = (t: WebTransport): boolean => t instanceof WebTransport;', 'h.ts'), []);
  assert.equal(caps('class WebSocketStream { constructor(readonly u: string) {} }\nexport const a = (u: string) => new WebSocketStream(u);', 'h.ts'), []);
});

test('jsdom: fromURL fetches, fromFile reads, parsing a string is nothing', () => {
  assert.equal(caps("import { JSDOM } from 'jsdom';\nexport const t = (h) => new JSDOM(h).window.document.title;"), []);
  assert.equal(caps("import { JSDOM } from 'jsdom';\nexport const t = async (u) => (await JSDOM.fromURL(u)).window.document.title;"), ['network.jsdom-from-url jsdom.JSDOM.fromURL']);
  assert.equal(caps("const { JSDOM } = require('jsdom');\nexports.t = (p) => JSDOM.fromFile(p);", 'h.js'), ['filesystem.jsdom-from-file jsdom.JSDOM.fromFile read']);
  assert.equal(caps("import jsdom from 'jsdom';\nexport const t = (u) => jsdom.JSDOM.fromURL(u);"), ['network.jsdom-from-url jsdom.JSDOM.fromURL']);
  // A re-exported member repeated 30,000 times was looked up once per link, each time copying the
  // chain: the scan overflowed the stack (a RangeError) instead of reporting.
  assert.equal(caps(`import { JSDOM } from 'jsdom';\nexport const t = (u) => JSDOM${'.JSDOM'.repeat(30000)}.fromURL(u);`), ['network.jsdom-from-url jsdom.JSDOM.fromURL']);
  assert.equal(caps("import * as zx from 'zx';\nexport const t = (p) => zx.fs.promises.writeFile(p, 'x');"), ['filesystem.node-fs-write fs-extra.writeFile write', 'subprocess.spawn-package zx']);
});

test('jsdom with runScripts runs the page scripts: code evaluation', () => {
  assert.equal(caps("import { JSDOM } from 'jsdom';\nexport const t = (h) => new JSDOM(h, { runScripts: 'dangerously' }).window.document.title;"), ['code-evaluation.jsdom-run-scripts jsdom.runScripts']);
  assert.equal(caps("import { JSDOM } from 'jsdom';\nexport const t = (u) => JSDOM.fromURL(u, { runScripts: 'dangerously' });"), ['code-evaluation.jsdom-run-scripts jsdom.runScripts', 'network.jsdom-from-url jsdom.JSDOM.fromURL']);
  for (const text of ["import { JSDOM } from 'jsdom';\nexport const t = (h) => new JSDOM(h, { runScripts: false });", "import { JSDOM } from 'jsdom';\nexport const t = (h) => new JSDOM(h, { url: 'https://x' });", "const JSDOM = class {};\nexport const t = (h) => new JSDOM(h, { runScripts: 'dangerously' });"]) {
    assert.equal(caps(text), [], text);
  }
});

test('import() of a data: URL built at run time from a literal head is a data URL import', () => {
  for (const text of [
    "export const run = (code) => import('data:text/javascript,' + encodeURIComponent(code));",
    'export const run = (b64) => import(`data:text/javascript;base64,${b64}`);',
  ]) {
    const f = findings(text);
    assert.ok(f.some((x) => x.id === 'code-evaluation.data-url-import'), text);
    assert.ok(f.some((x) => x.id === 'evasion.dynamic-import'), text);
  }
  // JSON data is not code, and a head without the comma does not say what the media type is.
  for (const text of ["export const j = (d) => import('data:application/json,' + d, { with: { type: 'json' } });", 'export const m = (t, d) => import(`data:${t},${d}`);']) {
    assert.not.ok(findings(text).some((x) => x.id === 'code-evaluation.data-url-import'), text);
  }
});

test('import() of a local that holds such a string: the literal head of its initializer decides', () => {
  const ids = (text: string): string[] => findings(text).map((f) => f.id).sort();
  assert.equal(ids("export async function run({ code }) { const url = 'data:text/javascript,' + encodeURIComponent(code); return import(url); }"), ['code-evaluation.data-url-import', 'evasion.dynamic-import']);
  assert.equal(ids('export async function run({ pkg }) { const u = `https://esm.sh/${pkg}`; return import(u); }'), ['code-evaluation.remote-import', 'evasion.dynamic-import', 'network.remote-import']);
  for (const text of [
    // assigned again, JSON, a relative path, a parameter that shadows the outer local
    "export async function run({ code }) { let url = 'data:text/javascript,' + code; url = './x.js'; return import(url); }",
    "export async function run({ d }) { const url = 'data:application/json,' + d; return import(url, { with: { type: 'json' } }); }",
    "const url = 'data:text/javascript,' + x;\nexport async function run(url) { return import(url); }",
  ]) assert.equal(ids(text), ['evasion.dynamic-import'], text);
  // A relative path is no data: or remote URL; a module file named at run time is code evaluation (heldout-code20).
  assert.equal(ids("export async function run({ p }) { const url = './plugins/' + p; return import(url); }"), ['code-evaluation.run-time-module', 'evasion.dynamic-import']);
});

test('template engines whose templates are JavaScript (ejs, pug, lodash template); sharp, exceljs, Jimp and browser capture files', () => {
  assert.equal(caps('import ejs from "ejs";\nimport { compile } from "pug";\nimport template from "lodash/template.js";\nexport const a = (t, d) => [ejs.render(t, d), compile(t)(d), template(t)(d)];'), ['code-evaluation.lodash-template lodash.template', 'code-evaluation.template-engine ejs.render', 'code-evaluation.template-engine pug.compile']);
  assert.equal(caps('import sharp from "sharp";\nexport const a = (i, o) => sharp(i).resize(8).toFile(o);\nexport const b = (i) => sharp(i).png().toBuffer();'), ['filesystem.sharp-to-file sharp.toFile write']);
  // The template method of lodash or underscore; other members, also by a run-time key, are no capability and no evasion.
  assert.equal(caps('import _ from "lodash";\nimport { template } from "lodash-es";\nexport const a = (t, m, xs) => [_.template(t), template(t), _[m](xs), _.map(xs, String)];'), ['code-evaluation.lodash-template-method lodash-es.template', 'code-evaluation.lodash-template-method lodash.template']);
  assert.equal(findings('import _ from "lodash";\nexport const a = (m, xs) => _[m](xs);', 'h.mjs'), []);
  // A browser page saving a screenshot or PDF to a path writes the file; without a path it returns the data.
  const page = 'import { chromium } from "playwright";\nexport const a = async (page, out) => { await page.screenshot({ path: out }); await page.pdf({ path: out, format: "A4" }); return page.screenshot({ fullPage: true }); };';
  assert.equal(caps(page).filter((c) => c.startsWith('filesystem')), ['filesystem.browser-capture-file playwright.pdf write', 'filesystem.browser-capture-file playwright.screenshot write']);
  assert.equal(caps('export const a = (page, out) => page.screenshot({ path: out });'), []);
  // toFile where sharp is not imported is some other object's method.
  assert.equal(caps('export const a = (s, o) => s.toFile(o);'), []);
  // exceljs workbooks read and write files through .xlsx/.csv; a buffer is no file. Jimp.read reads, and fetches a value that may be a URL.
  assert.equal(caps('import ExcelJS from "exceljs";\nexport const a = async (p, q) => { const wb = new ExcelJS.Workbook(); await wb.xlsx.readFile(p); await wb.xlsx.writeFile(q); await wb.xlsx.writeBuffer(); return wb.writeFile; };'), ['filesystem.exceljs-read exceljs.readFile read', 'filesystem.exceljs-write exceljs.writeFile write']);
  assert.equal(caps('import { Jimp } from "jimp";\nexport const a = (p) => Jimp.read(p);'), ['filesystem.jimp-read jimp.read read', 'network.path-or-url-reader jimp.read']);
});


test('toFile and screenshot count on a receiver made by the imported library, not on one another package or the file made', () => {
  const sharpFile = 'import sharp from "sharp";\nimport { Exporter } from "csv-kit";\nimport { Recorder } from "./rec.js";\nclass Sheet { toFile() {} }\nexport async function a(o) {\n  const e = new Exporter();\n  e.toFile(o);\n  const s = new Sheet();\n  s.toFile(o);\n  const r = new Recorder();\n  r.toFile(o);\n  const img = sharp(o);\n  await img.toFile(o);\n}\n';
  // The relative import may hand on a sharp object: still counted; the csv-kit and own-class receivers are not.
  assert.equal(findings(sharpFile, 'h.mjs').filter((f) => f.kind === 'capability').map((f) => f.line), [11, 13]);
  const page = 'import { chromium } from "playwright";\nimport { Camera } from "cam-sdk";\nexport async function a(out) {\n  const browser = await chromium.launch();\n  const page = await browser.newPage();\n  await page.screenshot({ path: out });\n  const cam = new Camera();\n  await cam.screenshot({ path: out });\n}\n';
  assert.equal(findings(page, 'h.mjs').filter((f) => f.id === 'filesystem.browser-capture-file').map((f) => f.line), [6]);
});


test('a receiver assigned again after it was made by another package may hold the library value: still counted', () => {
  // `let img = new Other()` then `img = sharp(i)`: the declaration alone does not say what reaches toFile.
  assert.equal(caps('import sharp from "sharp";\nimport { Other } from "other";\nexport async function a(i, o) {\n  let img = new Other();\n  img = sharp(i);\n  await img.toFile(o);\n}\n'), ['filesystem.sharp-to-file sharp.toFile write']);
  assert.equal(findings('import puppeteer from "puppeteer";\nimport { Cam } from "cam";\nlet page = new Cam();\nexport async function a(o) {\n  const b = await puppeteer.launch();\n  page = await b.newPage();\n  await page.screenshot({ path: o });\n}\n', 'h.mjs').filter((f) => f.id === 'filesystem.browser-capture-file').map((f) => f.line), [7]);
});

test('an instance of a class the file derives from another class may inherit the library method: still counted', () => {
  assert.equal(caps('import sharp from "sharp";\nconst Base = sharp().constructor;\nclass Img extends Base {}\nexport async function a(o) {\n  const i = new Img();\n  await i.toFile(o);\n}\n'), ['filesystem.sharp-to-file sharp.toFile write']);
});

test('dotenv config and the dotenv/config import read a .env file: filesystem read beside the environment; parse reads none', () => {
  assert.equal(caps('import dotenv from "dotenv";\ndotenv.config({ path: ".env.prod" });'), ['environment.dotenv dotenv.config', 'filesystem.dotenv-config dotenv.config read']);
  assert.equal(caps('const { configDotenv } = require("dotenv");\nconfigDotenv();'), ['environment.dotenv dotenv.configDotenv', 'filesystem.dotenv-config dotenv.configDotenv read']);
  assert.equal(caps('require("@dotenvx/dotenvx").config();'), ['environment.dotenv @dotenvx/dotenvx.config', 'filesystem.dotenv-config @dotenvx/dotenvx.config read']);
  assert.equal(caps('import "dotenv/config";\nexport const h = () => 1;'), ['environment.dotenv-config dotenv/config', 'filesystem.dotenv-config-import dotenv/config read']);
  // parse reads a string and sets no variable: the import alone is no environment access (it was
  // environment.dotenv at the import, as Python's dotenv_values was before heldout-code20).
  assert.equal(caps('import { parse } from "dotenv";\nexport const p = (t) => parse(t);'), []);
  assert.equal(caps('import dotenv from "dotenv";\nexport const p = (t) => dotenv.parse(t);'), []);
});

test('process.loadEnvFile reads a .env file into the environment; util.parseEnv reads no file', () => {
  assert.equal(caps('process.loadEnvFile(".env.local");\nexport const url = () => 1;'), ['environment.process-load-env-file process.loadEnvFile', 'filesystem.process-load-env-file process.loadEnvFile read']);
  assert.equal(caps('import { loadEnvFile } from "node:process";\nloadEnvFile();'), ['environment.process-load-env-file process.loadEnvFile', 'filesystem.process-load-env-file process.loadEnvFile read']);
  assert.equal(caps('import { parseEnv } from "node:util";\nexport const p = (t) => parseEnv(t);'), []);
});


test('expression-language evaluators count as code evaluation; mathjs only by its evaluate, compile and parse', () => {
  assert.equal(caps('import { Parser } from "expr-eval";\nexport const a = (e) => Parser.evaluate(e);'), ['code-evaluation.expression-package expr-eval']);
  assert.equal(caps('const jexl = require("jexl");\nexports.a = (e, c) => jexl.eval(e, c);'), ['code-evaluation.expression-package jexl']);
  assert.equal(caps('import { evaluate, sqrt } from "mathjs";\nexport const a = (e) => evaluate(e);\nexport const b = (x) => sqrt(x);'), ['code-evaluation.mathjs-evaluate mathjs.evaluate']);
  assert.equal(caps('import * as math from "mathjs";\nexport const a = (e) => math.compile(e).evaluate();\nexport const b = (x, k) => [math.round(x), math[k](x)];'), ['code-evaluation.mathjs-evaluate mathjs.compile']);
  assert.equal(findings('import * as math from "mathjs";\nexport const b = (x, k) => math[k](x);', 'h.mjs'), []);
});


test('many imports and toFile calls: each receiver is placed by its import (time in scan-worst-case.bench)', () => {
  const n = 3000;
  const src = Array.from({ length: n }, (_, i) => `import { E${i} } from "pkg${i}";\n`).join('') + 'import sharp from "sharp";\nexport function f(o) {\n' + Array.from({ length: n }, (_, i) => `  const e${i} = new E${i}(); e${i}.toFile(o);\n`).join('') + '  const s = sharp(o); s.toFile(o);\n}\n';
  assert.equal(findings(src, 'h.mjs').filter((f) => f.kind === 'capability').map((f) => f.line), [2 * n + 3]);
});

test('a @kubernetes/client-node KubeConfig reads the kubeconfig or the in-cluster service-account files when it loads them', () => {
  // Modeled on cluster tool servers: a KubeConfig loaded once, API clients made from it per tool.
  const src = 'import * as k8s from "@kubernetes/client-node";\nexport function core(inCluster, file) {\n  const kc = new k8s.KubeConfig();\n  if (inCluster) kc.loadFromCluster();\n  else if (file) kc.loadFromFile(file);\n  else kc.loadFromDefault();\n  return kc.makeApiClient(k8s.CoreV1Api);\n}\n';
  assert.equal(findings(src, 'h.mjs').filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '4:filesystem.kube-config:@kubernetes/client-node.loadFromCluster:read',
    '5:filesystem.kube-config:@kubernetes/client-node.loadFromFile:read',
    '6:filesystem.kube-config:@kubernetes/client-node.loadFromDefault:read',
  ]);
  // A configuration given as a string or options reads no file; the same method names without the package are another object's.
  assert.equal(findings('import { KubeConfig } from "@kubernetes/client-node";\nexport const a = (y) => { const kc = new KubeConfig(); kc.loadFromString(y); return kc; };', 'h.mjs').filter((f) => f.family === 'filesystem'), []);
  assert.equal(findings('export const a = (kc) => kc.loadFromDefault();', 'h.mjs'), []);
});

test('the ESLint API reads the files it lints and their configuration; Prettier reads configuration files for a path, formatting a string reads none', () => {
  // Modeled on @eslint/mcp's lint-files tool: an ESLint instance per call, lintFiles on the paths the model gives.
  const src = 'import { ESLint } from "eslint";\nexport async function lint(filePaths) {\n  const eslint = new ESLint();\n  const results = await eslint.lintFiles(filePaths);\n  const config = await eslint.calculateConfigForFile(filePaths[0]);\n  return [results, config];\n}\n';
  assert.equal(findings(src, 'h.mjs').filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '4:filesystem.eslint-lint-files:eslint.lintFiles:read',
    '5:filesystem.eslint-lint-files:eslint.calculateConfigForFile:read',
  ]);
  // The same method names on an object the file did not get from eslint are another object's; Linter.verify lints a string.
  assert.equal(caps('export const a = (runner, p) => runner.lintFiles(p);'), []);
  assert.equal(caps('import { Linter } from "eslint";\nexport const a = (code) => new Linter().verify(code, []);'), []);
  assert.equal(caps('import * as prettier from "prettier";\nexport async function fmt(p, text) {\n  const options = await prettier.resolveConfig(p);\n  const info = await prettier.getFileInfo(p);\n  return prettier.format(text, { ...options, filepath: p });\n}\n'), [
    'filesystem.prettier-config prettier.getFileInfo read',
    'filesystem.prettier-config prettier.resolveConfig read',
  ]);
  assert.equal(caps('import { format } from "prettier";\nexport const f = (s) => format(s, { parser: "babel" });'), []);
});

test('SFTP and FTP transfers touch local files: a download writes the local path, an upload reads it (ssh2, ssh2-sftp-client, node-ssh, basic-ftp)', () => {
  // Modeled on SSH tool servers' transfer tools: a client per call, the local path from the model.
  const src = [
    'import SftpClient from "ssh2-sftp-client";',
    'import { NodeSSH } from "node-ssh";',
    'export async function pull(remote, local) {',
    '  const sftp = new SftpClient();',
    '  await sftp.fastGet(remote, local);',
    '  await sftp.uploadDir(local, remote);',
    '  const ssh = new NodeSSH();',
    '  await ssh.putFile(local, remote);',
    '  await ssh.getDirectory(local, remote);',
    '}',
  ].join('\n');
  assert.equal(findings(src, 'h.mjs').filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '5:filesystem.remote-transfer-download:ssh2-sftp-client.fastGet:write',
    '6:filesystem.remote-transfer-upload:ssh2-sftp-client.uploadDir:read',
    '8:filesystem.remote-transfer-upload:node-ssh.putFile:read',
    '9:filesystem.remote-transfer-download:node-ssh.getDirectory:write',
  ]);
  assert.equal(caps('import { Client } from "basic-ftp";\nexport async function f(l, r) { const c = new Client(); await c.downloadTo(l, r); await c.uploadFrom(l, r); }').filter((c) => c.startsWith('filesystem')), [
    'filesystem.remote-transfer-download basic-ftp.downloadTo write',
    'filesystem.remote-transfer-upload basic-ftp.uploadFrom read',
  ]);
  // ssh2's own SFTP session (from conn.sftp's callback) has the same fastGet/fastPut.
  assert.equal(caps('import { Client } from "ssh2";\nexport const f = (conn, r, l) => conn.sftp((err, sftp) => sftp.fastPut(l, r));').filter((c) => c.startsWith('filesystem')), ['filesystem.remote-transfer-upload ssh2.fastPut read']);
  // Without the package the names are another object's.
  assert.equal(caps('export const f = (c, l, r) => c.fastGet(r, l);'), []);
});

test('eta and doT templates are JavaScript; the File forms of ejs and pug compile too; headless-browser renderers start a browser', () => {
  // eta (<% %>) and doT ({{ }}) build a function from the template text, like ejs: a template from the caller runs code.
  const eta = 'import { Eta } from "eta";\nimport * as Eta2 from "eta";\nimport doT from "dot";\nimport ejs from "ejs";\nimport pug from "pug";\n'
    + 'export const a = (t, d, p) => [new Eta().renderString(t, d), Eta2.render(t, d), doT.template(t)(d), doT.process({ path: p }), ejs.renderFile(p, d), pug.compileFile(p)];';
  assert.equal(caps(eta), [
    'code-evaluation.template-engine dot.process', 'code-evaluation.template-engine dot.template', 'code-evaluation.template-engine ejs.renderFile',
    'code-evaluation.template-engine eta.Eta', 'code-evaluation.template-engine eta.render', 'code-evaluation.template-engine pug.compileFile',
  ]);
  // Configuration of an engine compiles nothing.
  assert.equal(caps('import doT from "dot";\nexport const s = doT.templateSettings;'), []);
  // mcp-mermaid renders with mermaid-isomorphic, which launches a Playwright browser (build/utils/render.js of mcp-mermaid 0.4.1:
  // only its temporary CSS file was reported).
  assert.equal(caps('import { createMermaidRenderer } from "mermaid-isomorphic";\nexport const r = createMermaidRenderer();'), [
    'network.browser-automation-package mermaid-isomorphic', 'subprocess.browser-automation-package mermaid-isomorphic',
  ]);
});

test('the OS credential store: keytar and @napi-rs/keyring read and write secrets', () => {
  // The JavaScript side of go-keyring and Python keyring (held-out corpus: mcpproxy-go's keyring provider).
  const src = 'import keytar from "keytar";\nimport { Entry, findCredentials } from "@napi-rs/keyring";\n'
    + 'export const a = async (s, u, p) => { await keytar.setPassword(s, u, p); const e = new Entry(s, u); e.setPassword(p); e.deletePassword(); return [await keytar.getPassword(s, u), e.getPassword(), findCredentials(s)]; };';
  assert.equal(caps(src), [
    'filesystem.keyring-read @napi-rs/keyring.findCredentials read', 'filesystem.keyring-read @napi-rs/keyring.getPassword read', 'filesystem.keyring-read keytar.getPassword read',
    'filesystem.keyring-write @napi-rs/keyring.deletePassword write', 'filesystem.keyring-write @napi-rs/keyring.setPassword write', 'filesystem.keyring-write keytar.setPassword write',
  ]);
  // A getPassword method where no keyring package is imported, or on another package's object, is not the credential store.
  assert.equal(caps('export const a = (user) => user.getPassword();'), []);
  assert.equal(caps('import { Entry } from "@napi-rs/keyring";\nclass Account { getPassword() { return ""; } }\nexport const a = () => { const acc = new Account(); return acc.getPassword(); };'), []);
});

test('the TypeScript compiler API: ts.sys reads and writes files, a program reads its sources and emit writes the output', () => {
  // Language-server and type-check tool servers drive the compiler (a known gap: ts.sys.readFile, program.emit were nothing).
  const src = 'import * as ts from "typescript";\nimport { sys, createProgram } from "typescript";\n'
    + 'export function build(files, out) {\n  const cfg = ts.readConfigFile("tsconfig.json", ts.sys.readFile);\n  const program = ts.createProgram(files, { outDir: out });\n'
    + '  program.emit();\n  sys.writeFile(out + "/stamp", "1");\n  const p2 = createProgram(files, {});\n  return [cfg, p2.getSemanticDiagnostics(), ts.sys.fileExists(out)];\n}';
  assert.equal(caps(src, 'h.ts'), [
    'filesystem.typescript-emit typescript.Program.emit write', 'filesystem.typescript-program typescript.createProgram read', 'filesystem.typescript-program typescript.createProgram read',
    'filesystem.typescript-sys-read typescript.sys.fileExists read', 'filesystem.typescript-sys-read typescript.sys.readFile read', 'filesystem.typescript-sys-write typescript.sys.writeFile write',
  ]);
  // Compiling text in memory, printing to stdout and the command line arguments touch no file.
  const mem = 'import ts from "typescript";\nexport const f = (code) => [ts.transpileModule(code, {}).outputText, ts.createSourceFile("a.ts", code, ts.ScriptTarget.Latest), ts.sys.args, ts.sys.write("x\\n"), ts.SyntaxKind.Identifier];';
  assert.equal(caps(mem, 'h.ts'), []);
});

test('mammoth reads a Word document given as { path }; a buffer reads nothing', () => {
  // A known gap from the earlier rounds; mcp-local-rag 0.10.1 (held-out corpus) passes { buffer } after its own readFile.
  const src = 'import mammoth from "mammoth";\nexport const a = async (p, buf, opts) => [await mammoth.extractRawText({ path: p }), await mammoth.extractRawText({ buffer: buf }),\n'
    + '  await mammoth.convertToHtml(opts), await mammoth.convertToMarkdown({ arrayBuffer: buf }), await mammoth.convertToHtml({ path: p }, { styleMap: [] })];';
  assert.equal(findings(src).map((f) => `${f.line}:${f.id} ${f.identifier} ${f.access}`), [
    '2:filesystem.mammoth-read mammoth.extractRawText read', '3:filesystem.mammoth-read mammoth.convertToHtml read', '3:filesystem.mammoth-read mammoth.convertToHtml read',
  ]);
  // A literal that may set path another way still counts: a spread, a computed key, the key as an escaped string.
  const hidden = 'import mammoth from "mammoth";\nexport const a = (p, args, k) => [mammoth.extractRawText({ ...args }), mammoth.extractRawText({ [k]: p }),\n'
    + '  mammoth.extractRawText({ "pat\\x68": p }), mammoth.extractRawText({ buffer: read({ path: p }) })];';
  assert.equal(findings(hidden).map((f) => `${f.line}:${f.id}`), ['2:filesystem.mammoth-read', '2:filesystem.mammoth-read', '3:filesystem.mammoth-read']);
});

test.run();
