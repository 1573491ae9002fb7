/**
 * The fixes of the heldout-code21 round, each on handlers written beside it: `Deno.openKv` given an
 * http(s) URL opens a remote database (network, no file); `joblib.load` opens the file it is named
 * (beside the unpickling's code evaluation); an `http.cookiejar` file jar reads and writes its
 * cookie file. Neighbours that must still count, or stay nothing, sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanPythonSource } from '../../src/scan/python/scan-python-source.ts';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each JavaScript capability finding, sorted. */
const js = (text: string, file = 'main.ts'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier ?? ''}`.trim()).sort();

test('Deno.openKv of an http(s) URL is a remote database; a path, a variable or no argument is a local file', () => {
  assert.equal(js('const kv = await Deno.openKv(`https://api.deno.com/databases/${id}/connect`);'), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv('https://api.deno.com/databases/0f1e/connect');"), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js("const KV_URL = 'http://127.0.0.1:4512';\nconst kv = await Deno.openKv(KV_URL);"), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js('const kv = await Deno.openKv();'), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv('./data/app.sqlite');"), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js('const kv = await Deno.openKv(`${dir}/kv.sqlite`);'), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv(Deno.args[0]);"), ['filesystem.deno-kv Deno.openKv']);
});

/** `id identifier` of each Python capability finding, sorted. */
const py = (text: string): string[] => scanPythonSource(text, { file: 'server.py' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();
const JOBLIB_LOAD = ['code-evaluation.python-deserialize joblib.load', 'filesystem.python-model-load joblib.load'];

test('joblib.load reads the file it is named and unpickles it; pickle.load of a file object is the unpickling alone', () => {
  assert.equal(py('import joblib\nmodel = joblib.load("models/churn.joblib")\n'), JOBLIB_LOAD);
  assert.equal(py('from joblib import load as load_model\nmodel = load_model(path)\n'), JOBLIB_LOAD);
  assert.equal(py('import joblib\njoblib.dump(model, path)\n'), ['filesystem.python-model-save joblib.dump']);
  assert.equal(py('import pickle\nwith src:\n    data = pickle.load(src)\n'), ['code-evaluation.python-deserialize pickle.load']);
  assert.equal(py('import joblib\nrows = joblib.Parallel(n_jobs=2)(joblib.delayed(abs)(x) for x in xs)\n'), []);
});

test('a cookie jar kept in a file reads and writes it; an in-memory CookieJar touches no file', () => {
  assert.equal(py('import http.cookiejar\njar = http.cookiejar.MozillaCookieJar("cookies.txt")\njar.load(ignore_discard=True)\n'), ['filesystem.python-cookie-jar-read http.cookiejar.FileCookieJar.load']);
  assert.equal(py('from http.cookiejar import LWPCookieJar\nclass Session:\n    def __init__(self):\n        self.jar = LWPCookieJar("c.lwp")\n    def close(self):\n        self.jar.save()\n'), ['filesystem.python-cookie-jar-write http.cookiejar.FileCookieJar.save']);
  // Made with a file name but never loaded or saved: nothing is read yet.
  assert.equal(py('import http.cookiejar as cj\njar = cj.MozillaCookieJar("cookies.txt")\n'), []);
  assert.equal(py('from http.cookiejar import CookieJar\nimport urllib.request\njar = CookieJar()\njar.clear()\n'), []);
});

test.run();
