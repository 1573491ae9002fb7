import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { win32 } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { joinPath, scannerPath } from '../../src/scan/import-candidates.ts';
import { sortPaths } from '../../src/commands/scan.ts';
import { relativeInText } from '../../src/commands/_display-path.ts';

/**
 * A Windows file system in memory: `\` and `/` separate alike, as they do for Node on win32, and
 * a UNC path (`\\host\share\…`) is not the same file as `\host\share\…` on the current drive.
 */
function windowsFiles(files: Record<string, string>): { read: (path: string) => string | undefined; reads: string[] } {
  const key = (p: string): string => win32.normalize(p);
  const byKey = new Map(Object.entries(files).map(([p, text]) => [key(p), text]));
  const reads: string[] = [];
  return { read: (p) => { reads.push(p); return byKey.get(key(p)); }, reads };
}

test('Windows paths: a file given with `\\` and reached by an import is scanned once, not once per spelling', async () => {
  const fs = windowsFiles({
    'C:\\srv\\a.js': "import { b } from './b.js';\nexport const a = () => fetch('https://example.invalid');\n",
    'C:\\srv\\b.js': "import { a } from './a.js';\nimport { execSync } from 'node:child_process';\nexport const b = () => execSync('ls');\n",
  });
  // What `scan DIR` hands over on Windows: every walked file, `\`-separated.
  const result = await scanFiles(['C:\\srv\\a.js', 'C:\\srv\\b.js'], { readSource: fs.read });
  assert.is(result.files.length, 2, `each file once: ${result.files.join(', ')}`);
  assert.is(new Set(result.files.map((f) => win32.normalize(f))).size, 2);
  const ids = result.findings.filter((f) => f.kind === 'capability').map((f) => `${f.id}@${win32.normalize(f.file!)}`);
  assert.is(new Set(ids).size, ids.length, `no finding twice: ${ids.join(', ')}`);
  assert.is(result.findings.filter((f) => f.kind === 'not-analyzed').length, 0);
});

test('Windows paths: an import from a file on a UNC share is read from the share', async () => {
  const fs = windowsFiles({
    '\\\\host\\share\\srv\\a.js': "import { b } from './lib/b.js';\nexport const a = b;\n",
    '\\\\host\\share\\srv\\lib\\b.js': "import { execSync } from 'node:child_process';\nexport const b = () => execSync('ls');\n",
  });
  const result = await scanFiles(['\\\\host\\share\\srv\\a.js'], { readSource: fs.read });
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed').map((f) => f.detail), []);
  assert.is(result.files.length, 2, `reads: ${fs.reads.join(', ')}`);
  assert.ok(result.findings.some((f) => f.family === 'subprocess'));
});

test('Windows paths: UNC roots survive path arithmetic; POSIX paths keep their backslashes', () => {
  assert.is(joinPath('//host/share/srv', './lib/b.js'), '//host/share/srv/lib/b.js');
  assert.is(joinPath('//host/share/srv', '../../../x.js'), '//host/share/x.js', '.. stops at the share, as on Windows');
  assert.is(joinPath('\\\\host\\share\\srv', '..\\x.js'), '//host/share/x.js');
  assert.is(joinPath('/', 'x.js'), '/x.js', 'a POSIX root is no UNC root');
  assert.is(joinPath('a', 'a'), 'a/a');
  assert.is(scannerPath('C:\\srv\\a.js'), 'C:/srv/a.js');
  assert.is(scannerPath('\\\\host\\share\\a.js'), '//host/share/a.js');
  assert.is(scannerPath('/srv/odd\\name.js'), '/srv/odd\\name.js', 'on POSIX a backslash is part of the name');
});

test('Windows paths: walked files sort as on Linux, \\ ordered as /', () => {
  const names = ['a0.js', 'a/x.js', 'aB.js', 'a-b.js', 'a_b.js', 'a.js', 'b/c/d.js', 'b.js'];
  const posix = sortPaths(names.map((n) => `/p/${n}`), '/').map((p) => p.slice('/p/'.length));
  const windows = sortPaths(names.map((n) => `C:\\p\\${n.replace(/\//g, '\\')}`), '\\').map((p) => p.slice('C:\\p\\'.length).replace(/\\/g, '/'));
  assert.equal(windows, posix);
  assert.equal(posix, [...names].sort());
});

test('paths inside a finding\'s detail are shown from the working directory, / separated, on every OS', () => {
  // "resolves to no file (tried 4 candidates, first <path>)": an absolute path there made the
  // report differ between checkouts (/home/runner/work/x, D:\\a\\x), not only between systems.
  const detail = (root: string, sep: string): string => `import "./gone.js" resolves to no file (tried 4 candidates, first ${root}/lib/gone.ts); "x" (${root}/package.json)`;
  const want = 'import "./gone.js" resolves to no file (tried 4 candidates, first lib/gone.ts); "x" (package.json)';
  assert.is(relativeInText(detail('/srv/app', '/'), '/srv/app', '/'), want);
  assert.is(relativeInText(detail('C:/srv/app', '\\'), 'C:\\srv\\app', '\\'), want);
  assert.is(relativeInText('first C:\\srv\\app\\lib\\gone.ts', 'C:\\srv\\app', '\\'), 'first lib/gone.ts');
  // A sibling directory whose name starts like the working directory's is not under it.
  assert.is(relativeInText('first /srv/application/x.ts', '/srv/app', '/'), 'first /srv/application/x.ts');
  assert.is(relativeInText('no path here', '/', '/'), 'no path here');
  assert.is(relativeInText('first /mnt/srv/app/x.ts', '/srv/app', '/'), 'first /mnt/srv/app/x.ts', 'only where a path starts');
  assert.is(relativeInText('"x" (c:/SRV/app/package.json)', 'C:\\srv\\app', '\\'), '"x" (package.json)', 'Windows paths ignore case');
});

test.run();
