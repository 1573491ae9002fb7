/**
 * A held-out corpus of JavaScript and TypeScript MCP-server-like handlers (scanner13): 90 cases in
 * the idioms of the official SDK (McpServer.registerTool / server.tool, the low-level Server's
 * setRequestHandler), fastmcp, Cloudflare's agents and Vercel's mcp-handler: child_process through
 * util.promisify, execa, zx, fs/promises through re-exports and aliases, dynamic import(), CJS
 * require, fetch/undici/axios/got/ky, ws, net/tls/dgram, process.env destructuring, Bun and Deno
 * APIs, worker_threads, eval/new Function/vm, class methods, closures as handlers, handlers in
 * other files, and test files and examples a directory walk must leave out. Written with their
 * expected findings before the scanner ran on them: each expected capability is a
 * `// want: <family>` comment on its line; labels.json holds them per case with the entry files
 * (`.`: the case's directory, walked as `mcpfusion scan DIR` walks it), scored at (file, family)
 * level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceListing } from '../../src/io/read-source.ts';
import { collectSourceFiles } from '../../src/commands/scan.ts';

const ROOT = fileURLToPath(new URL('../fixtures/scan/heldout-scanner13/', import.meta.url));
// labels.json: the first 60 cases (j01-j60); labels2.json: 30 more (k01-k30), written and hashed after the first ran.
const labels = Object.assign(
  {},
  ...['labels.json', 'labels2.json'].map((f) => JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as Record<string, { entries: string[]; expected: string[] }>),
) as Record<string, { entries: string[]; expected: string[] }>;

// Known misses and over-reaches, kept visible (file:family per case).
const KNOWN_MISSED: Record<string, string[]> = {};
const KNOWN_WRONG: Record<string, string[]> = {};

for (const [name, { entries, expected }] of Object.entries(labels)) {
  test(`${name}: every expected capability, nothing else`, async () => {
    const dir = join(ROOT, name);
    const files = entries.includes('.') ? await collectSourceFiles(['.'], dir) : entries.map((e) => join(dir, e));
    const r = await scanFiles(files, { readSource: readSourceListing });
    const found = new Set<string>();
    for (const f of r.findings) if (f.kind === 'capability' && f.family !== undefined && f.file !== undefined) found.add(`${f.file.slice(dir.length + 1).replaceAll('\\', '/')}:${f.family}`);
    assert.equal([...expected].filter((e) => !found.has(e)), KNOWN_MISSED[name] ?? [], 'missed');
    assert.equal([...found].filter((e) => !expected.includes(e)).sort(), KNOWN_WRONG[name] ?? [], 'wrong');
  });
}

test.run();
