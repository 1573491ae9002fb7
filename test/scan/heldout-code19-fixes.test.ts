/**
 * The fixes of the heldout-code19 round, each on handlers written beside it: in CommonJS
 * `module.constructor` is the class `require('module')` returns, so `Module._load(x)` through it is
 * `code-evaluation.module-internals` as through `require('module')`; a name bound to tsc users'
 * `new Function('specifier', 'return import(specifier)')` shim loads what it is called with, as
 * `import()` does; a cloud storage client's upload of a local path reads it, its download to one
 * writes it; Rust's git2 reads and writes repositories on disk. Neighbours that must still count, or stay nothing, sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanRustSource } from '../../src/scan/rust/scan-rust-source.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'plugins.js'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('Module._load through module.constructor is code-evaluation.module-internals, as through require(\'module\')', () => {
  const viaRequire = caps("const Module = require('module');\nexports.load = (name) => Module._load(name, module, false);");
  assert.equal(viaRequire, ['code-evaluation.module-internals module._load']);
  assert.equal(caps("const Module = module.constructor;\nexports.load = (name) => Module._load(name, module, false);"), viaRequire);
  assert.equal(caps("exports.load = (name) => module.constructor._load(name, module, false);"), viaRequire);
  // A literal name is also the require of that module.
  assert.equal(caps("module.constructor._load('child_process').execSync('id');"), ['code-evaluation.module-internals module._load', 'subprocess.child-process child_process.execSync']);
  assert.equal(caps("const M = module.constructor;\nconst m = new M('x', module);\nm._compile(code, 'x.js');"), ['code-evaluation.module-internals module._compile']);
});

test('module.constructor read for its harmless members, or a parameter named module: nothing', () => {
  assert.equal(caps("const M = module.constructor;\nexports.isCore = (n) => M.builtinModules.includes(n);"), []);
  assert.equal(caps("const { isBuiltin } = module.constructor;\nexports.isCore = (n) => isBuiltin(n);"), []);
  // `module` is a parameter here, not the CommonJS module: its constructor is whatever was passed.
  assert.equal(caps("exports.kind = function (module) { const M = module.constructor; return M._load ? 'loader' : M.name; };"), []);
});

/** `id identifier line` of each finding (capability or evasion), sorted. */
const all = (text: string): string[] => scanSource(text, { file: 'index.js' }).findings.map((f) => `${f.id} ${f.identifier ?? ''} ${f.line}`).sort();

test('a name bound to the import() shim of compiled CommonJS loads what it is called with', () => {
  const shim = "const dynamicImport = new Function('specifier', 'return import(specifier)');\n";
  assert.equal(caps(shim + "exports.tags = async (cwd) => {\n  const { execa } = await dynamicImport('execa');\n  return execa('git', ['tag'], { cwd });\n};"), ['subprocess.spawn-package execa']);
  assert.equal(caps("const importESM = Function('p', 'return import(p);');\nexports.save = async () => {\n  const fs = await importESM('node:fs/promises');\n  await fs.writeFile('a', 'b');\n};"), ['filesystem.node-fs-write fs.writeFile']);
  assert.equal(caps(shim + "dynamicImport('node:child_process').then(({ execFile }) => execFile('ls'));"), ['subprocess.child-process child_process.execFile']);
  // A specifier known only at run time is the dynamic import it is, at the call.
  assert.equal(all(shim + "exports.load = (name) => dynamicImport(name);"), ['evasion.dynamic-import  1', 'evasion.dynamic-import  2']);
});

test('another body, another parameter or a local Function: no import shim', () => {
  // The body returns import() of a name that is not its parameter: the call loads nothing known.
  assert.equal(caps("const f = new Function('a', 'return import(b)');\nf('execa');"), []);
  assert.equal(caps("const f = new Function('a', 'return import(a).then(String)');\nf('execa');"), []);
  // `Function` shadowed by a local: not the global constructor.
  assert.equal(caps("const Function = (a, b) => () => b;\nconst f = new Function('p', 'return import(p)');\nf('execa');"), []);
});

/** `id identifier access` of each capability finding, sorted. */
const accessed = (text: string): string[] => scanSource(text, { file: 'storage.mjs' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier} ${f.access ?? ''}`.trim()).sort();

test('a cloud storage upload of a local path reads the file, a download to one writes it', () => {
  const gcs = "import { Storage } from '@google-cloud/storage';\nconst storage = new Storage();\n";
  assert.equal(accessed(gcs + "export const up = (b, p) => storage.bucket(b).upload(p, { destination: 'x' });"), ['filesystem.cloud-storage-upload @google-cloud/storage.upload read', 'network.service-sdk-package @google-cloud/storage']);
  assert.equal(accessed(gcs + "export const dl = (b, n, p) => storage.bucket(b).file(n).download({ destination: p });"), ['filesystem.cloud-storage-download @google-cloud/storage.download write', 'network.service-sdk-package @google-cloud/storage']);
  const azure = "import { BlobServiceClient } from '@azure/storage-blob';\nconst c = BlobServiceClient.fromConnectionString(cs).getContainerClient('x');\n";
  assert.equal(accessed(azure + "export const up = (n, p) => c.getBlockBlobClient(n).uploadFile(p);\nexport const dl = (n, p) => c.getBlobClient(n).downloadToFile(p);"), ['filesystem.cloud-storage-download @azure/storage-blob.downloadToFile write', 'filesystem.cloud-storage-upload @azure/storage-blob.uploadFile read', 'network.service-sdk-package @azure/storage-blob']);
});

test('bytes to or from a bucket, or an upload in a file without the package: no file access', () => {
  const gcs = "import { Storage } from '@google-cloud/storage';\nconst storage = new Storage();\n";
  assert.equal(accessed(gcs + "export const get = (b, n) => storage.bucket(b).file(n).download();\nexport const put = (b, n, d) => storage.bucket(b).file(n).save(d);"), ['network.service-sdk-package @google-cloud/storage']);
  assert.equal(accessed("import multer from 'multer';\nconst upload = multer({ storage: multer.memoryStorage() });\nexport const route = (app) => app.post('/x', upload.single('f'));\nexport const send = (client, p) => client.upload(p);"), []);
});

test('Rust git2 and gix are filesystem with a network companion, as pygit2 is in Python', () => {
  const rust = (text: string): string[] => scanRustSource(text, { file: 'src/main.rs' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();
  const both = (crate: string): string[] => [`filesystem.rust-git-package ${crate}`, `network.rust-git-package ${crate}`];
  assert.equal(rust("use git2::Repository;\nfn head(p: &str) -> String { Repository::open(p).unwrap().head().unwrap().name().unwrap().into() }"), both('git2'));
  assert.equal(rust("fn open(p: &str) { let _ = gix::open(p); }"), both('gix'));
  // The other network client crates keep their row.
  assert.equal(rust("use lettre::SmtpTransport;\nfn m() { let _ = SmtpTransport::relay(\"smtp.example.org\"); }"), ['network.rust-client-package lettre']);
});

test.run();
