import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scanSource } from '../../src/scan/scan-source.ts';

// Go's own sources as a corpus (Debian's golang-go puts them under /usr/lib/go-<version>/src):
// every file tokenizes and pairs its brackets, except a test file of the compiler's syntax
// package that does not parse on purpose.
const GO_ROOT = existsSync('/usr/lib') ? readdirSync('/usr/lib').filter((n) => /^go-\d/.test(n)).sort().map((n) => `/usr/lib/${n}/src`).find((p) => existsSync(p)) : undefined;
const BROKEN_ON_PURPOSE = /\/cmd\/compile\/internal\/syntax\/testdata\/issue20789\.go$/;

if (GO_ROOT === undefined) {
  console.log('SKIP test/scan/go-corpus: no /usr/lib/go-*/src (install golang-go to run it)');
  test('skipped without Go sources', () => {});
} else {
  test('Go\'s sources scan without an exception; only broken-on-purpose files are not analyzed', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        const info = statSync(path, { throwIfNoEntry: false });
        if (info?.isDirectory() === true) walk(path);
        else if (info?.isFile() === true && name.endsWith('.go')) files.push(path);
      }
    };
    walk(GO_ROOT);
    // A bounded sample spread over the tree (every third file), plus the file broken on purpose.
    const bounded = files.filter((f, k) => k % 3 === 0 || BROKEN_ON_PURPOSE.test(f));
    const notAnalyzed: string[] = [];
    let capabilities = 0;
    for (const file of bounded) {
      const result = scanSource(readFileSync(file, 'utf8'), { file });
      if (result.findings.some((f) => f.kind === 'not-analyzed')) notAnalyzed.push(file);
      capabilities += result.findings.filter((f) => f.kind === 'capability').length;
    }
    assert.ok(bounded.length > 1000, `${bounded.length} files`);
    assert.equal(notAnalyzed.filter((f) => !BROKEN_ON_PURPOSE.test(f)), []);
    assert.ok(capabilities > 1000, `${capabilities} capability findings`);
  });

  test('spot checks: os/exec starts processes, net/http dials, os writes files', () => {
    const raw = (rel: string): Set<string> => new Set(scanSource(readFileSync(join(GO_ROOT, rel), 'utf8'), { file: rel }).findings.map((f) => f.identifier ?? ''));
    assert.ok(raw('os/exec/exec.go').has('os.StartProcess'), 'os/exec starts processes');
    assert.ok(raw('net/http/transport.go').has('net.Dialer'), 'net/http dials');
    assert.ok(raw('os/file.go').has('syscall.Open') || raw('cmd/go/internal/work/exec.go').has('os/exec.Command'), 'processes and files');
  });
}

test.run();
