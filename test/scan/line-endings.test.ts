import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanPythonSource } from '../../src/scan/python/scan-python-source.ts';
import { scanGoSource } from '../../src/scan/go/scan-go-source.ts';
import type { ScanFinding, SourceScan } from '../../src/scan/types.ts';

/** What a report shows of a finding (the line ending of the file is no part of it). */
const shown = (r: SourceScan): string[] => r.findings.map((f: ScanFinding) => `${f.id} ${f.level} ${f.confidence ?? ''} ${f.line ?? ''}:${f.column ?? ''} ${f.detail ?? ''}`);
const crlf = (text: string): string => text.replace(/\n/g, '\r\n');

// A file checked out on Windows (git core.autocrlf) ends its lines with CRLF: the findings, their
// confidence (a high-confidence evasion fails the scan) and their details must be those of the LF file.
const cases: [string, (text: string) => SourceScan, string][] = [
  ['JavaScript', (t) => scanSource(t, { file: '/p/h.js' }), Array.from({ length: 12 }, (_, i) => `const v${i} = "\\x65\\x76";`).join('\n') + '\n'],
  ['Python', (t) => scanPythonSource(t, { file: '/p/h.py' }), Array.from({ length: 12 }, (_, i) => `v${i} = "\\x65\\x76"`).join('\n') + '\n'],
  ['Go', (t) => scanGoSource(t, { file: '/p/h.go' }), 'package h\n\n' + Array.from({ length: 12 }, (_, i) => `var v${i} = "\\x65\\x76"`).join('\n') + '\n'],
];

for (const [language, scan, text] of cases) {
  test(`${language}: a CRLF file scans as its LF twin (escape density counts a line break once)`, () => {
    const lf = shown(scan(text));
    assert.ok(lf.some((f) => f.startsWith('evasion.escape-density')), `${language}: the case must reach the rule: ${lf.join('; ')}`);
    assert.equal(shown(scan(crlf(text))), lf);
  });
}

test.run();
