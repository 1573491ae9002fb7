/**
 * The leftovers of the scanner21 round in the code scan: TypeScript's CommonJS output, which
 * refers to an imported class or function through the module's binding (`e instanceof
 * gaxios_1.GaxiosError`, `(0, child_process_1.exec)(…)`), on real files of google-auth-library
 * and domain-search-mcp.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSource } from '../../src/scan/scan-source.ts';

const F = 'test/fixtures/scan';
/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.cjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();
/** `line id identifier` of each capability finding of a fixture file. */
const capsOf = (path: string): string[] => scanSource(readFileSync(`${F}/${path}`, 'utf8'), { file: path }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.line} ${f.id} ${f.identifier}`);

test('TypeScript CommonJS: a client package bound whole and used only as instanceof m_1.Err is no use of it', () => {
  // google-auth-library 9.15.1's compute client: `import { GaxiosError } from 'gaxios'` compiled.
  assert.equal(capsOf('ts-commonjs/google-auth-library/computeclient.js').filter((s) => s.includes('gaxios')), []);
  assert.equal(caps('"use strict";\nconst axios_1 = require("axios");\nfunction isNet(e) { return e instanceof axios_1.AxiosError || e instanceof axios_1.CanceledError; }\nexports.isNet = isNet;\n'), []);
  // The interop helpers of TypeScript (a default import) and esbuild, and the ES forms they stand for.
  assert.equal(caps('const axios_1 = __importDefault(require("axios"));\nexports.isNet = (e) => e instanceof axios_1.default.AxiosError;\n'), []);
  assert.equal(caps('var import_axios = __toESM(require("axios"), 1);\nexports.isNet = (e) => e instanceof import_axios.AxiosError;\n'), []);
  assert.equal(caps("import * as dav from 'tsdav';\nexport const isDav = (e) => e instanceof dav.DAVError;\n", 'h.mjs'), []);
  assert.equal(caps("import axios from 'axios';\nexport const isNet = (e) => e instanceof axios.AxiosError;\n", 'h.mjs'), []);
  // Any other use of the binding is the package: a call, a member reached further, a re-export, a
  // value handed on, a lower-case member; and a second require of the package counts on its own.
  const axios = ['network.http-client-package axios'];
  assert.equal(caps('const axios_1 = require("axios");\nexports.isNet = (e) => e instanceof axios_1.AxiosError;\nexports.get = (u) => (0, axios_1.get)(u);\n'), axios);
  assert.equal(caps('const axios_1 = require("axios");\nexports.isNet = (e) => e instanceof axios_1.AxiosError.prototype.constructor;\n'), axios);
  assert.equal(caps('const axios_1 = require("axios");\nObject.defineProperty(exports, "AxiosError", { get: function () { return axios_1.AxiosError; } });\n'), axios);
  assert.equal(caps('const axios_1 = require("axios");\nexports.isNet = (e) => e instanceof axios_1.isAxiosError;\n'), axios);
  assert.equal(caps('const a = require("axios");\nconst b = require("axios");\nexports.isNet = (e) => e instanceof a.AxiosError;\nb.get(u);\n'), axios);
  assert.equal(caps('const axios_1 = require("axios");\nexports.x = 1;\n'), axios);
});

test('TypeScript CommonJS: calls through (0, m_1.fn)(…) and m_1.fn(…) of built-in modules are the capability', () => {
  const googleauth = capsOf('ts-commonjs/google-auth-library/googleauth.js');
  assert.ok(googleauth.includes('564 subprocess.child-process child_process.exec'), googleauth.join('\n'));
  assert.ok(googleauth.includes('347 filesystem.node-fs-read fs.existsSync'), googleauth.join('\n'));
  assert.equal(capsOf('ts-commonjs/domain-search-mcp/godaddy-ns-gate.js'), ['49 network.node-dns dns.resolveNs']);
  assert.equal(capsOf('ts-commonjs/domain-search-mcp/wordlist.js'), ['26 filesystem.node-fs-read fs.readFileSync']);
  assert.equal(caps('const child_process_1 = require("child_process");\nconst util_1 = require("util");\nconst run = (0, util_1.promisify)(child_process_1.exec);\nexports.run = run;\n'), ['subprocess.child-process child_process.exec']);
  assert.equal(caps('const fs_1 = __importDefault(require("fs"));\nfs_1.default.writeFileSync(p, d);\n'), ['filesystem.node-fs-write fs.writeFileSync']);
  assert.equal(caps('const https_1 = __importStar(require("node:https"));\nhttps_1.request(o);\n'), ['network.node-http https.request']);
  // A built-in module's class after instanceof was never a use (the import is no finding of its own).
  assert.equal(caps('const node_tls_1 = require("node:tls");\nexports.https = (req) => req.socket instanceof node_tls_1.TLSSocket;\n'), []);
});

test.run();
