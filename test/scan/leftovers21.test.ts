/**
 * The leftovers of the scanner21 round: a ctypes `c_char_p`/`c_wchar_p` made from an address whose
 * `.value` is read (a raw memory read, as `string_at`), on pyperclip's real code; the CommonJS
 * `const { Err } = require('pkg')` whose names are only right operands of `instanceof`, like the
 * named ES import; and package names that end in `dav` (`@nextcloud/cdav-library`, `dwdav`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSource } from '../../src/scan/scan-source.ts';
import { lookupModule } from '../../src/scan/pattern-index.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.cjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('ctypes: the value of a c_char_p or c_wchar_p made from an address is a raw memory read', () => {
  const py = (src: string): string[] => caps(src, 'server.py');
  const read = ['code-evaluation.python-native ctypes.c_char_p'];
  assert.equal(py('import ctypes\n\ndef peek(addr):\n    return ctypes.c_char_p(addr).value\n'), read);
  assert.equal(py('import ctypes\nprint(ctypes.c_char_p(0x7fff0000).value)\n'), read);
  assert.equal(py('import ctypes\n\ndef peek(addr):\n    p = ctypes.c_char_p(addr)\n    return p.value\n'), read);
  assert.equal(py('from ctypes import c_wchar_p\n\ndef peek(addr):\n    return c_wchar_p(addr).value\n'), ['code-evaluation.python-native ctypes.c_wchar_p']);
  // Text given to point at, a pointer a C function fills, a value not read: nothing.
  assert.equal(py('import ctypes\n\ndef s():\n    p = ctypes.c_char_p(b"abc")\n    return p.value\n'), []);
  assert.equal(py('import ctypes\n\ndef f(name):\n    return ctypes.c_char_p(name.encode("utf-8")).value\n'), []);
  assert.equal(py('import ctypes\nS = "x"\nv = ctypes.c_char_p(S).value\n'), []);
  assert.equal(py('import ctypes\n\ndef f(lib):\n    p = ctypes.c_char_p()\n    lib.get(ctypes.byref(p))\n    return p.value\n'), []);
  assert.equal(py('import ctypes\n\ndef f(lib, addr):\n    return lib.puts(ctypes.c_char_p(addr))\n'), []);
  // string_at and cast were findings already.
  assert.equal(py('import ctypes\n\ndef peek(addr):\n    return ctypes.string_at(addr, 16)\n'), ['code-evaluation.python-native ctypes.string_at']);
  assert.equal(py('import ctypes\n\ndef peek(addr):\n    return ctypes.cast(addr, ctypes.POINTER(ctypes.c_int)).contents.value\n'), ['code-evaluation.python-native ctypes.cast']);
});

test('pyperclip 1.11.0: paste reads the clipboard at the address GlobalLock returns', () => {
  const file = 'test/fixtures/scan/ctypes-raw-memory/pyperclip/__init__.py';
  const native = scanSource(readFileSync(file, 'utf8'), { file }).findings.filter((f) => f.id === 'code-evaluation.python-native' && f.identifier !== 'ctypes.windll').map((f) => `${f.line}:${f.identifier}`);
  // Line 443's c_wchar_p(text) is memmove's argument, not read as .value.
  assert.equal(native, ['330:ctypes.CDLL', '443:ctypes.memmove', '458:ctypes.c_wchar_p']);
});

test('const { Err } = require(pkg) with Err only on the right of instanceof is no use of the package', () => {
  assert.equal(caps("const { AxiosError } = require('axios');\nexports.isNet = (e) => e instanceof AxiosError;"), []);
  assert.equal(caps("const { AxiosError: AE } = require('axios');\nexports.isNet = (e) => e instanceof AE;"), []);
  assert.equal(caps("'use strict';\nconst { CalDAVError } = require('ts-caldav');\nasync function del(client, href) {\n  try { await client.deleteTodo(href); } catch (error) {\n    if (error instanceof CalDAVError && error.status === 404) return false;\n    throw error;\n  }\n  return true;\n}\nmodule.exports = { del };"), []);
  assert.equal(caps("var { MongoError, MongoServerError } = require('mongodb');\nexports.dup = (e) => e instanceof MongoServerError || e instanceof MongoError;"), []);
  // As with the ES import: the same name also used, another name used, never referenced, a rest
  // element, a member of the module, or the module bound whole.
  const axios = ['network.http-client-package axios'];
  assert.equal(caps("const { AxiosError } = require('axios');\nexports.w = (e) => new AxiosError(e);"), axios);
  assert.equal(caps("const { AxiosError, create } = require('axios');\nexports.isNet = (e) => e instanceof AxiosError;\nexports.c = create;"), axios);
  assert.equal(caps("const { AxiosError } = require('axios');\nexports.x = 1;"), axios);
  assert.equal(caps("const { AxiosError, ...rest } = require('axios');\nexports.isNet = (e) => e instanceof AxiosError;"), axios);
  assert.equal(caps("const { AxiosError } = require('axios').default;\nexports.isNet = (e) => e instanceof AxiosError;"), axios);
  // scanner22: the module bound whole and used only as `instanceof axios.AxiosError` is no use either (leftovers22).
  assert.equal(caps("const axios = require('axios');\nexports.isNet = (e) => e instanceof axios.AxiosError;\nexports.get = axios.get;"), axios);
  assert.equal(caps("const { AxiosError } = require('axios'), again = require('axios');\nexports.isNet = (e) => e instanceof AxiosError;"), axios);
});

test('a package name with a word ending in dav is network.dav-package; its scope, a given name or the bare word is not', () => {
  for (const name of ['@nextcloud/cdav-library', 'dwdav', 'tsdav', 'gulp-webdav-sync', '@filen/webdav', 'caldav-adapter']) assert.equal(lookupModule(name)?.source, 'word:dav', name);
  assert.equal(caps("const dav = require('dwdav');\nmodule.exports = (config, file) => dav(config).post(file);"), ['network.dav-package dwdav']);
  assert.equal(caps("import { createClient } from '@nextcloud/cdav-library';\nexport const client = (url) => createClient(url);", 'handler.mjs'), ['network.dav-package @nextcloud/cdav-library']);
  for (const name of ['@gilsdav/ngx-translate-router', 'nadav-utils', 'yadav-logger', 'dav-nuxt-3-uikit', '@types/cdav-library', 'davinci', 'loadavg-windows']) assert.equal(lookupModule(name), undefined, name);
});

test.run();
