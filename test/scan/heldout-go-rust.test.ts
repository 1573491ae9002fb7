/**
 * A held-out corpus of Go and Rust MCP-server-like handlers (scanner12): 20 Go cases in the idioms
 * of mcp-go and the Go SDK, 20 Rust cases in rmcp's, written with their expected findings before the
 * scanner ran on them. Each expected capability is a `// want: <family>` comment on its line;
 * labels.json holds them per case with the handler file a tool maps to (ENTRY), scored at
 * (file, family) level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceListing } from '../../src/io/read-source.ts';

const ROOT = fileURLToPath(new URL('../fixtures/scan/heldout-scanner12/', import.meta.url));
const labels = JSON.parse(readFileSync(join(ROOT, 'labels.json'), 'utf8')) as Record<string, { entries: string[]; expected: string[] }>;

// Known over-reach, kept visible (none left: g13's (*Admin).Pull beside (*Reader).Pull was one until scanner13).
const KNOWN_WRONG: Record<string, string[]> = {};

for (const [name, { entries, expected }] of Object.entries(labels)) {
  test(`${name}: every expected capability, nothing else`, async () => {
    const dir = join(ROOT, name);
    const r = await scanFiles(entries.map((e) => join(dir, e)), { readSource: readSourceListing });
    const found = new Set<string>();
    for (const f of r.findings) if (f.kind === 'capability' && f.family !== undefined && f.file !== undefined) found.add(`${f.file.slice(dir.length + 1).replaceAll('\\', '/')}:${f.family}`);
    assert.equal([...expected].filter((e) => !found.has(e)), [], 'missed');
    assert.equal([...found].filter((e) => !expected.includes(e)).sort(), KNOWN_WRONG[name] ?? [], 'wrong');
  });
}

test.run();
