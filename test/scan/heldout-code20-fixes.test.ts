/**
 * The fixes of the heldout-code20 round, each on handlers written beside it: python-dotenv's
 * `dotenv_values` reads the .env file into a dict and sets no environment variable (only
 * `load_dotenv` does); the standard library's `netrc.netrc()`, `filecmp` and `linecache` open the
 * files they are named. Neighbours that must still count, or stay nothing, sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanPythonSource } from '../../src/scan/python/scan-python-source.ts';

/** `id identifier` of each Python capability finding, sorted. */
const py = (text: string): string[] => scanPythonSource(text, { file: 'server.py' }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('python-dotenv: load_dotenv reads the file and sets the environment, dotenv_values only reads it', () => {
  assert.equal(py('from dotenv import load_dotenv\nload_dotenv()\n'), ['environment.python-dotenv dotenv.load_dotenv', 'filesystem.python-dotenv-load dotenv.load_dotenv']);
  assert.equal(py('import dotenv\ndotenv.load_dotenv(".env.local", override=True)\n'), ['environment.python-dotenv dotenv.load_dotenv', 'filesystem.python-dotenv-load dotenv.load_dotenv']);
  assert.equal(py('from dotenv.main import load_dotenv\nload_dotenv()\n'), ['environment.python-dotenv dotenv.main.load_dotenv', 'filesystem.python-dotenv-load dotenv.main.load_dotenv']);
  assert.equal(py('from dotenv import dotenv_values\ncfg = dotenv_values(".env")\n'), ['filesystem.python-dotenv-load dotenv.dotenv_values']);
  // The import alone, and find_dotenv (which only looks for the file), touch neither.
  assert.equal(py('import dotenv\nfrom dotenv import find_dotenv\npath = find_dotenv()\n'), []);
});

test('netrc, filecmp and linecache read the files they are named; their caches and parsers do not', () => {
  assert.equal(py('import netrc\ncreds = netrc.netrc().authenticators("api.example.com")\n'), ['filesystem.python-stdlib-file-read netrc.netrc']);
  assert.equal(py('from netrc import netrc as Netrc\nn = Netrc("/etc/ci/netrc")\n'), ['filesystem.python-stdlib-file-read netrc.netrc']);
  assert.equal(py('import filecmp\nsame = filecmp.cmp(a, b, shallow=False)\n'), ['filesystem.python-stdlib-file-read filecmp.cmp']);
  assert.equal(py('import linecache\nline = linecache.getline(path, 10)\n'), ['filesystem.python-stdlib-file-read linecache.getline']);
  assert.equal(py('import filecmp, linecache, netrc\nfilecmp.clear_cache()\nlinecache.clearcache()\nerr = netrc.NetrcParseError\n'), []);
});

test.run();
