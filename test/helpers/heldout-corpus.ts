/**
 * Test helper: one uvu test per case of a held-out code corpus. Each case is a folder under
 * `root` with its handler files (`entries`; `.` walks the folder as `scan DIR` does) and the
 * capabilities expected of them as `file:family` (labels written before the scanner ran). A case
 * passes when every expected capability is found and nothing else, apart from the misses and
 * over-reaches a test keeps listed as known.
 *
 * @module
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceListing } from '../../src/io/read-source.ts';
import { collectSourceFiles } from '../../src/commands/scan.ts';

type Labels = Record<string, { entries: string[]; expected: string[] }>;

/** Known misses and over-reaches per case (`file:family`), kept visible. */
export interface KnownFaults { missed?: Record<string, string[]>; wrong?: Record<string, string[]> }

/**
 * Register the corpus's cases.
 *
 * @param root The corpus folder.
 * @param labelFiles Its label files (merged; later files add cases).
 * @param known Misses and over-reaches accepted for now.
 */
export function heldoutCorpus(root: string, labelFiles: readonly string[], known: KnownFaults = {}): void {
  const labels = Object.assign({}, ...labelFiles.map((f) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Labels)) as Labels;
  for (const [name, { entries, expected }] of Object.entries(labels)) {
    test(`${name}: every expected capability, nothing else`, async () => {
      const dir = join(root, name);
      const files = entries.includes('.') ? await collectSourceFiles(['.'], dir) : entries.map((e) => join(dir, e));
      const r = await scanFiles(files, { readSource: readSourceListing });
      const found = new Set<string>();
      for (const f of r.findings) if (f.kind === 'capability' && f.family !== undefined && f.file !== undefined) found.add(`${f.file.slice(dir.length + 1).replaceAll('\\', '/')}:${f.family}`);
      assert.equal([...expected].filter((e) => !found.has(e)), known.missed?.[name] ?? [], 'missed');
      assert.equal([...found].filter((e) => !expected.includes(e)).sort(), known.wrong?.[name] ?? [], 'wrong');
    });
  }
}
