/**
 * Write `test/vectors/engines-range/semver.json`: how npm's `semver` package reads a set of
 * ranges (whether it reads each, and which of a fixed set of release versions each admits), for
 * `test/sources/engines-range.test.ts` to compare `src/sources/engines-range.ts` with. The ranges
 * are the unusual forms that were once read differently, then random ones (a fixed seed) built
 * from operators, `v` and `=` runs, partial versions with wildcards, prereleases, build suffixes,
 * hyphen ranges and `||`. `semver` is no dependency of mcpfusion: install it elsewhere and name it.
 *
 * Usage: `npm install --prefix /tmp/sv semver@7 && SEMVER=/tmp/sv/node_modules/semver tsx scripts/engines-range-vectors.ts [count]`
 *
 * @module
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const where = process.env['SEMVER'];
if (where === undefined) {
  process.stderr.write('set SEMVER to an installed semver package (npm install --prefix /tmp/sv semver@7)\n');
  process.exit(2);
}
const semver = createRequire(import.meta.url)(where) as {
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
};
const semverVersion = (createRequire(import.meta.url)(`${where}/package.json`) as { version: string }).version;

let seed = 1;
const rnd = (n: number): number => {
  // mulberry32: every bit varies (a bare linear congruence repeats its low bits within a few hundred draws)
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const pick = <T>(a: readonly T[]): T => a[rnd(a.length)]!;
const part = (): string => pick(['0', '1', '2', '3', '1', '2', 'x', 'X', '*', '01', '10']);
function version(): string {
  let s = [part(), part(), part()].slice(0, 1 + rnd(3)).join('.');
  if (rnd(6) === 0) s += pick(['-rc.1', '-0', '-beta']);
  if (rnd(6) === 0) s += pick(['+b', '+build.1']);
  return pick(['', '', '', 'v', '=', 'v=', '=v', '==', 'V']) + s;
}
const comparator = (): string => pick(['', '', '<', '<=', '>', '>=', '=', '~', '~>', '^', '>= ', '~ ', '^ ', '>==']) + version();
function alternative(): string {
  if (rnd(8) === 0) return `${version()} - ${version()}`;
  return Array.from({ length: 1 + rnd(3) }, comparator).join(' ');
}
const range = (): string => Array.from({ length: 1 + rnd(2) }, alternative).join(pick([' || ', '||']));

/** The forms read differently before (docs/sources.md), and their neighbours. */
const UNUSUAL = [
  '>==1.2.3', '==1.2.3', 'v=1.2.3', '=v1.2.3', '=1.2.3', '>=v1.2.3', '>==1.2', 'v=1.2', '<=v=2.1.3',
  '~1.x.3', '^1.x.3', '~x.1', '^*.2.3', '1.x.3', '>=1.x.3', '1.X.1 - 3', 'X.10 - 2',
  '2+b', '>=2+b', '1.2+build.7', '^1+b', '1.2.3+b', '2+b - 3+b.1',
  '==1.2.3 - 2', '1 - ==3.2.3', '1 - ==3.2.3-rc.1', 'v1.2.3 - v2', '=1.2.3-rc.1 - 4',
];

const VERSIONS: string[] = [];
for (let a = 0; a < 5; a++) for (let b = 0; b < 5; b++) for (let c = 0; c < 5; c++) VERSIONS.push(`${a}.${b}.${c}`);
VERSIONS.push('10.0.0', '11.2.3');

const count = Number(process.argv[2] ?? 2000);
const ranges = [...new Set([...UNUSUAL, ...Array.from({ length: count }, range)])];
const cases = ranges.map((r) => {
  const valid = semver.validRange(r) !== null;
  return valid ? { range: r, valid, admits: VERSIONS.filter((v) => semver.satisfies(v, r)) } : { range: r, valid };
});
const out = new URL('../test/vectors/engines-range/semver.json', import.meta.url);
writeFileSync(out, `${JSON.stringify({ semver: semverVersion, versions: VERSIONS, cases }, null, 1)}\n`);
process.stdout.write(`${cases.length} ranges from semver ${semverVersion} written to ${out.pathname}\n`);
