/**
 * The leftovers of the scanner21 round in the code scan: TypeScript's CommonJS output, which
 * refers to an imported class or function through the module's binding (`e instanceof
 * gaxios_1.GaxiosError`, `(0, child_process_1.exec)(…)`), on real files of google-auth-library
 * and domain-search-mcp; and Python modules named for WebDAV, CalDAV or CardDAV (webdavclient3's
 * `webdav3` CLI `wdc`, Debian's python3-webdavclient), as the JavaScript `network.dav-package` row
 * reads npm names.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { pythonDavModule } from '../../src/scan/patterns/python-capabilities.ts';

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

test('Python: a module named for WebDAV, CalDAV or CardDAV is network.python-dav-package', () => {
  // webdavclient3 3.14.6's wdc (Debian's python3-webdavclient): `from webdav3.client import Client, …`.
  const wdc = capsOf('python-dav/wdc');
  assert.ok(wdc.includes('19 network.python-dav-package webdav3'), wdc.join('\n'));
  assert.not.ok(wdc.some((s) => s.includes('python-service-sdk')), wdc.join('\n'));
  const py = (src: string): string[] => caps(src, 'server.py');
  assert.equal(py('import easywebdav\n\ndef ls(host, user, password):\n    return easywebdav.connect(host, username=user, password=password).ls()\n'), ['network.python-dav-package easywebdav']);
  assert.equal(py('from webdav4.client import Client\n\ndef ls(u):\n    return Client(u).ls("/")\n'), ['network.python-dav-package webdav4']);
  assert.equal(py('import caldav\n\ndef cals(url):\n    return caldav.DAVClient(url).principal().calendars()\n'), ['network.python-dav-package caldav']);
  assert.equal(py('from caldav.lib.error import NotFoundError\n'), ['network.python-dav-package caldav']);
  for (const name of ['webdav3', 'webdav4', 'easywebdav', 'easywebdav2', 'pywebdav', 'caldav', 'carddav', 'wsgidav', 'aio_caldav', 'webdavfs']) assert.ok(pythonDavModule(name), name);
  // Names that hold the letters, a given name, the bare word.
  for (const name of ['nadav', 'yadav', 'dav', 'davinci', 'loadavg', 'david', 'dav_utils', 'on_package_anishyadav_2021', 'oneneuron_pypi_harshyadav1508']) assert.not.ok(pythonDavModule(name), name);
  assert.equal(py('import nadav\nimport david\n'), []);
});

test('Python: a module of the project named like a DAV package is followed, not taken for one', async () => {
  const mem = new Map([
    ['/srv/server.py', 'from caldav_client import list_events\nimport webdav_tools\nimport caldav\n\ndef tool(u):\n    return list_events(u)\n'],
    ['/srv/caldav_client.py', 'import os\n\ndef list_events(u):\n    return os.listdir(u)\n'],
    ['/srv/webdav_tools.py', 'import subprocess\nsubprocess.run(["ls"])\n'],
  ]);
  const scan = await scanFiles(['/srv/server.py'], { readSource: (p: string) => mem.get(p) });
  assert.equal(scan.findings.map((f) => `${f.file}:${f.line} ${f.id} ${f.identifier}`), [
    '/srv/server.py:3 network.python-dav-package caldav',
    '/srv/caldav_client.py:4 filesystem.python-os-read os.listdir',
    '/srv/webdav_tools.py:2 subprocess.python-subprocess subprocess.run',
  ]);
});

test.run();
