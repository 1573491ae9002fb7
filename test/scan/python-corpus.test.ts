import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scanSource } from '../../src/scan/scan-source.ts';

// The CPython standard library as a corpus: every file tokenizes, except the test data that is
// not Python 3 on purpose (lib2to3's Python 2 grammar samples, `badsyntax_*` files), which
// distributions that ship the tests include.
const LIB = '/usr/lib/python3.11';
const BROKEN_ON_PURPOSE = /\/lib2to3\/tests\/data\/|\/badsyntax_|\/bad_coding|\/test_source_encoding/;

if (!existsSync(LIB)) {
  console.log(`SKIP test/scan/python-corpus: ${LIB} is absent`);
  test('skipped without a Python standard library', () => {});
} else {
  test('the standard library scans without an exception; only broken-on-purpose files are not analyzed', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        const info = statSync(path, { throwIfNoEntry: false });
        if (info?.isDirectory() === true && name !== '__pycache__' && name !== 'site-packages') walk(path);
        else if (info?.isFile() === true && name.endsWith('.py')) files.push(path);
      }
    };
    walk(LIB);
    const bounded = files.slice(0, 1500);
    const notAnalyzed: string[] = [];
    let capabilities = 0;
    for (const file of bounded) {
      const result = scanSource(readFileSync(file, 'utf8'), { file });
      if (result.findings.some((f) => f.kind === 'not-analyzed')) notAnalyzed.push(file);
      capabilities += result.findings.filter((f) => f.kind === 'capability').length;
    }
    assert.ok(bounded.length > 100, `${bounded.length} files`);
    assert.equal(notAnalyzed.filter((f) => !BROKEN_ON_PURPOSE.test(f)), []);
    assert.ok(capabilities > 1000, `${capabilities} capability findings`);
  });

  test('spot checks: shutil writes files, subprocess forks, urllib.request opens sockets', () => {
    const raw = (rel: string): Set<string> => new Set(scanSource(readFileSync(join(LIB, rel), 'utf8'), { file: rel }).findings.map((f) => f.identifier ?? ''));
    const shutil = raw('shutil.py');
    for (const id of ['os.unlink', 'os.rmdir', 'os.symlink', 'open']) assert.ok(shutil.has(id), `shutil.py: ${id}`);
    assert.ok(raw('subprocess.py').has('os.posix_spawn') && raw('subprocess.py').has('_posixsubprocess.fork_exec'), 'subprocess.py starts processes');
    assert.ok(raw('urllib/request.py').has('socket.create_connection') || raw('urllib/request.py').has('socket.gethostbyname'), 'urllib/request.py uses sockets');
  });
}

test.run();
