import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { confusableNames, nameSkeleton, spellName } from '../../src/scan/patterns/confusables.ts';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeServer } from '../../src/contract/materialize.ts';
import { tempDir } from '../helpers/cli.ts';
import { namesMayLookAlike } from '../../src/commands/plain-names.ts';

// Two tool names a reader cannot tell apart, as real servers listed them in servers11/servers12:
// a FastMCP server with `café` composed (U+00E9) and decomposed (e + U+0301), and the look-alikes
// of a homoglyph attack (a Cyrillic а, fullwidth letters, a zero-width space, I for l).
const CONFUSABLE: readonly [string, string][] = [
  ['caf\u00e9', 'cafe\u0301'],
  ['read_file', 're\u0430d_file'],
  ['read_file', '\uff52\uff45\uff41\uff44_file'],
  ['read_file', 'read\u200b_file'],
  ['list_files', 'Iist_files'],
  ['get_v1', 'get_vl'],
  ['send-mail', 'send\u2010mail'],
  ['\u0441\u043e\u0440\u0443', 'copy'], // all-Cyrillic сору
];
// Names that look different: case, punctuation, an accent, another word in another script.
const DISTINCT: readonly [string, string][] = [
  ['Read_File', 'read_file'],
  ['read-file', 'read_file'],
  ['caf\u00e9', 'cafe'],
  ['\u0444\u0430\u0439\u043b', 'file'],
  ['search', 'search_v2'],
];

test('confusable names share a skeleton: canonical and compatibility forms, look-alike letters, invisible characters, dashes, I/l/1 and O/0; case and punctuation keep names apart', () => {
  for (const [a, b] of CONFUSABLE) {
    assert.is(nameSkeleton(a), nameSkeleton(b), `${spellName(a)} ~ ${spellName(b)}`);
    assert.equal(confusableNames([a, 'other', b]), [[a, b].sort()], `${spellName(a)} ~ ${spellName(b)}`);
  }
  for (const [a, b] of DISTINCT) assert.equal(confusableNames([a, b]), [], `${spellName(a)} / ${spellName(b)}`);
  assert.equal(confusableNames(['read_file', 're\u0430d_file', '\uff52ead_file', 'write_file', 'w\u0433ite']), [['read_file', 're\u0430d_file', '\uff52ead_file']]);
  assert.is(spellName('cafe\u0301'), 'cafe<U+0301>');
  assert.is(spellName('caf\u00e9'), 'caf<U+00E9>');
});

const listing = (names: readonly string[], prompts: readonly string[] = []) => ({
  tools: names.map((name) => ({ name, description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } })),
  prompts: prompts.map((name) => ({ name, description: 'A prompt.' })),
});

test('scan: each name of a confusable group that is not the plain one is a surface.confusable-name warning naming the others; a server without look-alikes has none', () => {
  const found = (names: readonly string[], prompts: readonly string[] = []) => scanSurface(materializeServer(listing(names, prompts) as never))
    .filter((f) => f.id === 'surface.confusable-name');
  const nfd = found(['caf\u00e9', 'cafe\u0301']);
  assert.equal(nfd.map((f) => [f.tool, f.field, f.level, f.confidence]), [['cafe\u0301', 'name', 'warning', 'medium']]);
  assert.match(nfd[0]!.detail!, /the tool name "cafe<U\+0301>" looks like the server's tool "caf<U\+00E9>"/);
  // Neither is plain: both are found.
  assert.equal(found(['re\u0430d_file', '\uff52ead_file']).map((f) => f.tool).sort(), ['re\u0430d_file', '\uff52ead_file'].sort());
  // Prompts are their own namespace: a prompt named like a tool is no finding.
  assert.equal(found(['summarize'], ['summ\u0430rize']).map((f) => f.prompt), []);
  assert.equal(found(['a'], ['summarize', 'summ\u0430rize']).map((f) => [f.prompt, f.tool]), [['summ\u0430rize', undefined]]);
  assert.equal(found(['read_file', 'write_file', 'Read_File', 'caf\u00e9', 'cafe']), []);
});

interface Ran { code: number; stdout: string; stderr: string }
async function cli(args: string[], cwd: string): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env: { SOURCE_DATE_EPOCH: '1700000000' }, readStdin: async () => '', color: false };
  const code = await run(args, io);
  return { code, stdout, stderr };
}

test('lock and check warn about confusable tool names with the rule id, lock both tools as listed (the lockfile is the same as with --quiet) and keep exit 0; scan reports them', async () => {
  const dir = tempDir('mcpfusion-confusable-');
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(listing(['caf\u00e9', 'cafe\u0301', 'list'])));
  const lock = await cli(['lock', '--tools-list', 'tools.json', '--lockfile', 'a.lock'], dir);
  assert.is(lock.code, 0, lock.stderr);
  assert.match(lock.stderr, /^warning: \[surface\.confusable-name\] 2 tools look alike: "cafe<U\+0301>", "caf<U\+00E9>" .*they are locked as 2 distinct tools, as listed/m);
  const locked = JSON.parse(readFileSync(join(dir, 'a.lock'), 'utf8')) as { capabilities: { tools: Record<string, unknown> } };
  assert.equal(Object.keys(locked.capabilities.tools).sort(), ['caf\u00e9', 'cafe\u0301', 'list'].sort());
  const quiet = await cli(['lock', '--tools-list', 'tools.json', '--lockfile', 'q.lock', '--quiet'], dir);
  assert.is(quiet.code, 0);
  assert.is(quiet.stderr, '');
  assert.is(readFileSync(join(dir, 'q.lock'), 'utf8'), readFileSync(join(dir, 'a.lock'), 'utf8'));
  const check = await cli(['check', '--tools-list', 'tools.json', '--lockfile', 'a.lock'], dir);
  assert.is(check.code, 0, check.stderr);
  assert.match(check.stderr, /\[surface\.confusable-name\] 2 tools look alike/);
  const json = await cli(['check', '--tools-list', 'tools.json', '--lockfile', 'a.lock', '--format', 'json'], dir);
  assert.is(json.code, 0);
  assert.is((JSON.parse(json.stdout) as { ok: boolean }).ok, true);
  const scan = await cli(['scan', '--tools-list', 'tools.json', '--format', 'json'], dir);
  assert.is(scan.code, 0, 'a warning does not fail the scan by default');
  const findings = (JSON.parse(scan.stdout) as { findings: { id: string; tool?: string }[] }).findings.filter((f) => f.id === 'surface.confusable-name');
  assert.equal(findings.map((f) => f.tool), ['cafe\u0301']);
  assert.not.match(scan.stderr, /confusable/);
  // The lists of tools not scanned spell the look-alikes apart (servers23, mcp 2.3.0's MCPServer
  // serving both: `not scanned …: café, café, rtl`); other names stay as they are.
  assert.ok(lock.stderr.includes('recorded as none): cafe<U+0301>, caf<U+00E9>, list\n'), lock.stderr);
  const scanText = await cli(['scan', '--tools-list', 'tools.json'], dir);
  assert.ok(scanText.stderr.includes('3 tool(s) have no handler files mapped and were not scanned: cafe<U+0301>, caf<U+00E9>, list\n'), scanText.stderr);
  writeFileSync(join(dir, 'accents.json'), JSON.stringify(listing(['caf\u00e9', '\u65e5\u672c'])));
  const accents = await cli(['lock', '--tools-list', 'accents.json', '--lockfile', 'c.lock'], dir);
  assert.ok(accents.stderr.includes('recorded as none): caf\u00e9, \u65e5\u672c\n'), accents.stderr);
  // No look-alikes: no warning.
  writeFileSync(join(dir, 'plain.json'), JSON.stringify(listing(['read_file', 'Read_File', 'cafe'])));
  const plain = await cli(['lock', '--tools-list', 'plain.json', '--lockfile', 'p.lock'], dir);
  assert.is(plain.code, 0);
  assert.not.match(plain.stderr, /confusable/);
});

test('the quick look lock and check take first never passes over a group the reader finds, and in printable ASCII it finds exactly those', () => {
  // Seeded names over the letters that fold (I, 1, l, 0, O) and some that do not, with a few
  // names outside printable ASCII mixed in.
  let seed = 20261206;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const letters = ['I', '1', 'l', '0', 'O', 'o', 'a', '_', '-', 'L', '\u0430', '\u00e9', 'e\u0301', '\u200b', '\uff4c'];
  for (let round = 0; round < 3000; round++) {
    const ascii = next(2) === 0;
    const names = Array.from({ length: 1 + next(6) }, () => Array.from({ length: 1 + next(4) }, () => letters[next(ascii ? 10 : letters.length)]).join(''));
    const found = confusableNames(names).length > 0;
    const quick = namesMayLookAlike([names]);
    if (found) assert.ok(quick, JSON.stringify(names));
    if (names.every((n) => /^[\x20-\x7e]*$/.test(n))) assert.is(quick, found, JSON.stringify(names));
  }
  assert.is(namesMayLookAlike([['list', 'get'], ['list']]), false, 'names are compared within a group only');
  assert.is(namesMayLookAlike([['caf\u00e9']]), true, 'a name outside printable ASCII');
});

test.run();
