/**
 * Writes one vector of test/vectors/diff/real/ from two saved `tools/list` answers of a server's
 * releases, keeping only the tools that differ (added, removed or changed) unless tools are named.
 * The expected deltas are what the diff gives now: run it only after reading each of them.
 *
 * Usage: `tsx scripts/real-pair-vector.ts PACKAGE FROM TO OLD.json NEW.json OUT.json "JUDGEMENT" [tool…]`
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { diffPair } from '../test/diff/_real-pair.ts';

const [pkg, from, to, oldFile, newFile, out, judgement, ...names] = process.argv.slice(2);
if (judgement === undefined) throw new Error('usage: PACKAGE FROM TO OLD.json NEW.json OUT.json JUDGEMENT [tool…]');
type Tool = { name: string };
const read = (f: string) => (JSON.parse(readFileSync(f, 'utf8')) as { tools: Tool[] }).tools;
const a = read(oldFile!);
const b = read(newFile!);
const same = (x: Tool, y: Tool | undefined) => y !== undefined && JSON.stringify(x) === JSON.stringify(y);
const keep = (t: Tool, other: Tool[]) => (names.length > 0 ? names.includes(t.name) : !same(t, other.find((o) => o.name === t.name)));
const pair = { package: pkg!, from: from!, to: to!, judgement, old: { tools: a.filter((t) => keep(t, b)) }, new: { tools: b.filter((t) => keep(t, a)) } };
const got = diffPair(pair);
writeFileSync(out!, JSON.stringify({ ...pair, verdict: got.verdict, expect: got.deltas }, null, 2) + '\n');
console.log(`${out}: ${pair.old.tools.length} -> ${pair.new.tools.length} tools, ${got.deltas.length} deltas, ${got.verdict}`);
