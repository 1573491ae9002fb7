/**
 * The fixes of the heldout-code15 round, each on handlers written beside it: WebDAV, CalDAV and
 * CardDAV packages (by the words of their names and by a short list), YouTube data fetchers, their
 * Python counterparts, and an import from a client package that only checks a caught value
 * against one of its error classes (`e instanceof CalDAVError`), which runs nothing of it; and
 * prose (User-Agent strings, descriptions, Chinese text) is no high-entropy literal.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { lookupModule } from '../../src/scan/pattern-index.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.mjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('a package named for WebDAV, CalDAV or CardDAV is network.dav-package', () => {
  for (const name of ['webdav', 'ts-caldav', 'webdav-server', '@uppy/webdav', 'webdav.client', 'carddav-sync', 'tsdav', 'dav', 'dav-request', '@naimo84/dav']) {
    // scanner21: tsdav is a word ending in dav (see leftovers21.test.ts), no longer a listed name.
    assert.equal(lookupModule(name)?.source, ['dav', 'dav-request', '@naimo84/dav'].includes(name) ? name : 'word:dav', name);
  }
  assert.equal(caps("import { CalDAVClient } from 'ts-caldav';\nexport const c = await CalDAVClient.create({ baseUrl: process.env.URL });"), ['environment.process-env process.env', 'network.dav-package ts-caldav']);
  // Declarations, a UI kit named dav-…, and names that only hold the letters.
  for (const name of ['@types/webdav', 'dav-nuxt-3-uikit', 'davinci', 'loadavg-windows']) assert.equal(lookupModule(name), undefined, name);
});

test('YouTube data fetchers are service SDKs; a YouTube player or a URL parser is none', () => {
  for (const name of ['youtubei.js', 'yt-search', 'youtube-caption-extractor', 'youtube-transcript-plus']) {
    assert.equal(caps(`import * as yt from '${name}';\nexport const f = (id) => yt.get(id);`), [`network.service-sdk-package ${name}`], name);
  }
  for (const name of ['react-youtube', 'get-youtube-id', 'youtube-player']) assert.equal(lookupModule(name), undefined, name);
});

test('Python: youtube_transcript_api is a service SDK; caldav and webdav3 are DAV packages', () => {
  const py = (src: string): string[] => caps(src, 'server.py');
  assert.equal(py('from youtube_transcript_api import YouTubeTranscriptApi\n\ndef t(v):\n    return YouTubeTranscriptApi().fetch(v)\n'), ['network.python-service-sdk youtube_transcript_api']);
  assert.equal(py('import caldav\n\ndef cals(url):\n    return caldav.DAVClient(url).principal().calendars()\n'), ['network.python-dav-package caldav']);
  assert.equal(py('from webdav3.client import Client\n\ndef ls(o):\n    return Client(o).list()\n'), ['network.python-dav-package webdav3']);
});

test('an import that only checks a caught value against the package\'s error class is no use of it', () => {
  const onlyCheck = "import { CalDAVError } from 'ts-caldav';\nexport async function del(client, href) {\n  try { await client.deleteTodo(href); } catch (error) {\n    if (error instanceof CalDAVError && error.status === 404) return false;\n    throw error;\n  }\n  return true;\n}";
  assert.equal(caps(onlyCheck), []);
  // The same with axios's error class, and with two classes each only checked.
  assert.equal(caps("import { AxiosError } from 'axios';\nexport const isNet = (e) => e instanceof AxiosError;"), []);
  assert.equal(caps("import { MongoError, MongoServerError } from 'mongodb';\nexport const dup = (e) => e instanceof MongoServerError || e instanceof MongoError;"), []);
});

test('an error class import that is also used otherwise, or never, still counts', () => {
  // Also constructed, also called: the package runs.
  assert.equal(caps("import { CalDAVClient, CalDAVError } from 'ts-caldav';\nexport const c = (o) => CalDAVClient.create(o);\nexport const nf = (e) => e instanceof CalDAVError;"), ['network.dav-package ts-caldav']);
  assert.equal(caps("import { AxiosError } from 'axios';\nexport const wrap = (e) => new AxiosError(e.message);"), ['network.http-client-package axios']);
  // Imported and never referenced: as before, the import counts.
  assert.equal(caps("import { AxiosError } from 'axios';\nexport const x = 1;"), ['network.http-client-package axios']);
  // A default or namespace import used otherwise is the package itself (scanner22: one used only as
  // `e instanceof dav.DAVError`, what TypeScript compiles the named import to, is no use, see leftovers22).
  assert.equal(caps("import axios from 'axios';\nexport const isNet = (e) => e instanceof axios.AxiosError;\nexport const get = (u) => axios.get(u);"), ['network.http-client-package axios']);
  assert.equal(caps("import * as dav from 'tsdav';\nexport const isDav = (e) => e instanceof dav.DAVError;\nexport const c = dav.createDAVClient;"), ['network.dav-package tsdav']);
  // A side-effect import loads the package.
  assert.equal(caps("import 'ts-caldav';"), ['network.dav-package ts-caldav']);
  // A class checked as the left operand, or handed on, is used.
  assert.equal(caps("import { CalDAVError } from 'ts-caldav';\nexport const handOn = () => CalDAVError;"), ['network.dav-package ts-caldav']);
});

/** 96 characters of base64 (random bytes). */
const blob = 'q8Zr1Vw0Jx7nK3pLm5sT9yUe2bF4hG6jD8aC0vN1oP3iR5uW7zX9kE2gH4lM6tQ8cS0fY1dB3wA5xV7nZ9rJ2pK4mT6u+/';
const entropyNotes = (text: string, file = 'handler.mjs'): number => scanSource(text, { file }).findings.filter((f) => f.id === 'evasion.high-entropy-literal').length;

test('prose is no high-entropy literal; packed data still is', () => {
  const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36';
  assert.is(entropyNotes(`export const UA = ${JSON.stringify(ua)};`), 0);
  const zh = '使用 Google Gemini (Nano Banana) 模型生成圖片。可以根據文字提示生成圖片，也可以提供參考圖片進行編輯。';
  assert.is(entropyNotes(`export const d = ${JSON.stringify(zh)};`), 0);
  assert.is(entropyNotes(`DESC = ${JSON.stringify(ua)}\n`, 'server.py'), 0);
  assert.is(entropyNotes(`package main\n\nvar ua = ${JSON.stringify(ua)}\n`, 'main.go'), 0);
  // 96 characters of base64 (random bytes), with no space: reported in each language.
  assert.is(entropyNotes(`export const k = '${blob}';`), 1);
  assert.is(entropyNotes(`K = '${blob}'\n`, 'server.py'), 1);
  assert.is(entropyNotes(`fn main() { let k = "${blob}"; }\n`, 'main.rs'), 1);
  // A few spaces in a long token run are not words.
  assert.is(entropyNotes(`export const k = '${blob.slice(0, 40)} ${blob.slice(40)}';`), 1);
});

test('spaces put between the chunks of packed data make no prose; words do', () => {
  // The same blob with a space every 3, 4, 8 or 11 characters (8 % to 25 % spaces): its chunks are no words.
  for (const n of [3, 4, 8, 11]) {
    const spaced = blob.match(new RegExp(`.{1,${n}}`, 'g'))!.join(' ');
    assert.is(entropyNotes(`export const k = '${spaced}';`), 1, `every ${n}`);
    assert.is(entropyNotes(`K = '${spaced}'\n`, 'server.py'), 1, `every ${n}, Python`);
  }
  // 80 distinct CJK ideographs with no punctuation, as a base32768-style encoder writes random bytes; Chinese repeats characters and has punctuation.
  const packed = Array.from({ length: 80 }, (_, k) => String.fromCharCode(0x4e00 + ((k * 7919) % 20000))).join('');
  assert.is(entropyNotes(`export const k = '${packed}';`), 1);
  for (const prose of [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36',
    '當 --moduleResolution 為 node16 或 nodenext 時，相對匯入路徑在 ECMAScript 匯入中需要明確的副檔名。您是指 {0} 嗎?',
    'Поиск файлов в каталоге; возвращает список имён и размеров каждого файла, отсортированный по дате изменения (ISO 8601).',
    'Fetches JSON from https://api.example.com/v1/items?page=2&per_page=50 with Authorization: Bearer <token>; returns {items, nextCursor}.',
    ' *  All widespread multibyte encodings: CP932, CP936, CP949, CP950, GB2312, GBK, GB18030, Big5, Shift_JIS, EUC-JP.',
  ]) assert.is(entropyNotes(`export const d = ${JSON.stringify(prose)};`), 0, prose);
});

test.run();
