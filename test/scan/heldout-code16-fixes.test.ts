/**
 * The fixes of the heldout-code16 round, each on handlers written beside it: a class of an unknown
 * package constructed with an API key is a remote service's client (`network.api-key-client`);
 * constants read from an SDK's data-model subpath (`BuildStatus.Completed`) run nothing of it;
 * `Bun.Glob` used only to match strings lists no file; and Python's tarfile reading an in-memory
 * buffer given as `fileobj` opens no file; and a TypeScript arrow's return type (`(f: string): Worker
 * => …`) is no lone parameter shadowing an import. Neighbours that must still count sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.mjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();
/** Only the network.api-key-client findings, as `line identifier`. */
const keyed = (text: string, file = 'handler.mjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.id === 'network.api-key-client').map((f) => `${f.line} ${f.identifier}`);

test('a class of an unknown package constructed with an API key is network.api-key-client', () => {
  // An option key, a plain argument named for the key, an environment variable named for one.
  assert.equal(caps("import Retell from 'retell-sdk';\nexport const make = (apiKey) => new Retell({ apiKey });"), ['network.api-key-client retell-sdk']);
  assert.equal(caps("import { SVGMakerClient } from '@genwave/svgmaker-sdk';\nexport const make = (apiKey, config) => new SVGMakerClient(apiKey, config);"), ['network.api-key-client @genwave/svgmaker-sdk']);
  assert.equal(keyed("import EverArt from 'everart';\nexport const client = new EverArt.default(process.env.EVERART_API_KEY);"), ['2 everart']);
  assert.equal(keyed("import * as sdk from 'acme-sdk/dist/client.js';\nexport const c = new sdk.Client({ timeout: 5, accessToken: t });"), ['2 acme-sdk']);
  assert.equal(keyed("import { Api } from 'vendor';\nexport const c = new Api(process.env['VENDOR_API_TOKEN']);"), ['2 vendor']);
  // Compiled CommonJS, wrapped or destructured.
  assert.equal(keyed("const everart_1 = __importDefault(require('everart'));\nexports.c = new everart_1.default(process.env.EVERART_API_KEY);", 'index.js'), ['2 everart']);
  assert.equal(keyed("const { Client } = require('widget-cloud');\nexports.c = new Client({ api_key: k });", 'index.js'), ['2 widget-cloud']);
});

test('no API key, a schema of one, a known package, a relative file: no network.api-key-client', () => {
  // zod describes an apiKey field; nothing is constructed with one.
  assert.equal(keyed("import { z } from 'zod';\nexport const Config = z.object({ apiKey: z.string().optional() });"), []);
  // Constructed without a key, or with the key nested below another option, or from another variable.
  assert.equal(keyed("import { Thing } from 'some-lib';\nexport const a = new Thing({ name: 'x', nested: { apiKey: 1 } });\nexport const b = new Thing(process.env.HOME);\nexport const c = new Thing(key);"), []);
  // A plain call (a factory or a schema builder) is no construction.
  assert.equal(keyed("import { createThing } from 'some-lib';\nexport const a = createThing({ apiKey });"), []);
  // A relative file is scanned itself; a known SDK has its own row.
  assert.equal(keyed("import { Client } from './client.js';\nexport const c = new Client({ apiKey });"), []);
  assert.equal(caps("import OpenAI from 'openai';\nexport const c = new OpenAI({ apiKey });"), ['network.service-sdk-package openai']);
  // A local class of the same name shadows the import.
  assert.equal(keyed("import Retell from 'retell-sdk';\nexport function f(apiKey) { class Retell {} return new Retell({ apiKey }); }"), []);
});

test('constants read from a service SDK\'s data-model subpath run nothing of it', () => {
  const enums = "import { BuildStatus, BuildResult } from 'azure-devops-node-api/interfaces/BuildInterfaces.js';\nexport const m = { all: BuildStatus.All, ok: BuildResult.Succeeded, NAME: BuildStatus.NOT_SET };\nexport const name = (s) => BuildStatus[s];";
  assert.equal(caps(enums), []);
});

test('an SDK import used otherwise, or read from the package root, still counts', () => {
  const sdk = 'network.service-sdk-package azure-devops-node-api';
  // The root exports the clients: a capitalized member read there may be a class taken as a value.
  assert.equal(caps("import { WebApi } from 'azure-devops-node-api';\nexport const m = { x: WebApi.Something };"), [sdk]);
  assert.equal(caps("import { Pool } from 'pg';\nexport const P = Pool.Native;\nexport const p = new P();"), ['network.database-client-package pg']);
  // From the subpath: a camelCase member (a method taken as a value), a call, a write, a chain on, the name handed on.
  for (const use of ['S.fromValue', 'S.Done()', 'S.Done = 3', 'S.Done.x', 'S', 'new S.Done()', 'S.Done`t`']) {
    assert.equal(caps(`import { S } from 'azure-devops-node-api/interfaces/BuildInterfaces.js';\nexport const v = () => ${use};`), [sdk], use);
  }
});

test('Bun.Glob used only to match strings lists no file; scanned, or handed on, it does', () => {
  const row = 'filesystem.bun-list-read Bun.Glob';
  assert.equal(caps('export const m = (p: string, f: string) => new Bun.Glob(p).match(f);', 'a.ts'), []);
  assert.equal(caps('export function m(p: string, f: string) { try { const glob = new Bun.Glob(p); return glob.match(f) || glob.match(f + "/"); } catch { return false; } }', 'a.ts'), []);
  assert.equal(caps('export const s = (p: string) => Array.from(new Bun.Glob(p).scanSync("."));', 'a.ts'), [row]);
  assert.equal(caps('export function s(p: string) { const g = new Bun.Glob(p); g.match("x"); return g.scan("."); }', 'a.ts'), [row]);
  assert.equal(caps('export function h(p: string) { const g = new Bun.Glob(p); return g; }', 'a.ts'), [row]);
  assert.equal(caps('export function h(p: string) { let g = new Bun.Glob(p); return g.match("x"); }', 'a.ts'), [row]);
  assert.equal(caps('export const q = (p: string) => new Bun.Glob(p);', 'a.ts'), [row]);
  // Bun.mmap maps the file whatever is done with it.
  assert.equal(caps('export const m = (p: string) => Bun.mmap(p).match;', 'a.ts'), ['filesystem.bun-list-read Bun.mmap']);
});

test('Python: tarfile reading an in-memory buffer given as fileobj opens no file', () => {
  const py = (src: string): string[] => caps(`import io, gzip, tarfile\nimport tarfile as tf\n\n${src}\n`, 'server.py');
  assert.equal(py('def a(blob):\n    return tarfile.open(fileobj=io.BytesIO(gzip.decompress(blob)))'), []);
  assert.equal(py('def b(blob):\n    buf = io.BytesIO(blob)\n    with tarfile.open(None, "r", buf) as t:\n        return t.getnames()'), []);
  assert.equal(py('def c(blob):\n    return tf.open("x.tar", fileobj=io.BytesIO(blob))'), []);
  // A path, a file object from elsewhere, a written archive: a file.
  assert.equal(py('def e(path):\n    return tarfile.open(path)'), ['filesystem.python-archive tarfile.open']);
  assert.equal(py('def f(fh):\n    return tarfile.open(fileobj=fh)'), ['filesystem.python-archive tarfile.open']);
  assert.equal(py('def g(path):\n    return tarfile.open(path, "w:gz")'), ['filesystem.python-archive tarfile.open']);
  // zipfile has no fileobj: its third argument is the compression.
  assert.equal(py('def z(path):\n    import zipfile\n    return zipfile.ZipFile(path, "r", io.BytesIO())'), ['filesystem.python-archive zipfile.ZipFile']);
});

test('TypeScript: an arrow\'s return type named like an import is a type, not a lone parameter', () => {
  // `(f: string): Worker => new Worker(f)` read `Worker =>` as a parameter named Worker, which shadowed
  // the import in the body (found in @abhaybabbar/retellai-mcp-server's src/client.ts,
  // `(apiKey: string): Retell => new Retell({ apiKey })`, while checking network.api-key-client).
  assert.equal(caps("import { Worker } from 'node:worker_threads';\nexport const w = (f: string): Worker => new Worker(f);", 'a.ts'), ['subprocess.worker-thread worker_threads.Worker']);
  assert.equal(caps("import Retell from 'retell-sdk';\nexport const make = (apiKey: string): Retell => new Retell({ apiKey });", 'a.ts'), ['network.api-key-client retell-sdk']);
  assert.equal(caps("import { spawn } from 'node:child_process';\nexport const f = async (cmd: string): ns.Proc => spawn(cmd);", 'a.ts'), ['subprocess.child-process child_process.spawn']);
  // The typed parameters are parameters: one named fetch shadows the global.
  assert.equal(caps("type F = (u: string) => Promise<unknown>;\nexport const get = (fetch: F): Res => fetch('u');", 'a.ts'), []);
  // After a call in a ternary, `: spawn => …` is still a lone parameter that shadows the import.
  assert.equal(scanSource("import { spawn } from 'node:child_process';\nexport const f = (c: boolean) => c ? g(1) : spawn => spawn('ls');\nexport const h = () => spawn('x');", { file: 'a.ts' }).findings.filter((f) => f.kind === 'capability').map((f) => f.line), [3]);
});

test.run();
