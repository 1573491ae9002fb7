/**
 * `src/sources/engines-range.ts` against npm's `semver` package: `test/vectors/engines-range/semver.json`
 * holds what semver 7 answers for the forms once read differently (`>==1.2.3`, `~1.x.3`, `2+b`, …)
 * and for random ranges, written by `scripts/engines-range-vectors.ts` from an installed semver.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { compareVersions, isEmptyInterval, needsNewerVersion, tryParseEnginesRange, type Interval, type Version } from '../../src/sources/engines-range.ts';

interface Case { range: string; valid: boolean; admits?: string[] }
const vectors = JSON.parse(readFileSync(join(ROOT, 'test/vectors/engines-range/semver.json'), 'utf8')) as { semver: string; versions: string[]; cases: Case[] };

function admits(intervals: Interval[], version: Version): boolean {
  return intervals.some((i) => {
    if (isEmptyInterval(i)) return false;
    if (i.lower !== undefined) {
      const order = compareVersions(version, i.lower.version);
      if (order < 0 || (order === 0 && !i.lower.inclusive)) return false;
    }
    if (i.upper !== undefined) {
      const order = compareVersions(version, i.upper.version);
      if (order > 0 || (order === 0 && !i.upper.inclusive)) return false;
    }
    return true;
  });
}

test(`every range of the vectors is read as semver ${vectors.semver} reads it, and admits the same versions`, () => {
  assert.ok(vectors.cases.length > 1000, 'vectors');
  const differ: string[] = [];
  for (const c of vectors.cases) {
    const intervals = tryParseEnginesRange(c.range);
    if ((intervals !== undefined) !== c.valid) {
      differ.push(`${JSON.stringify(c.range)}: ${c.valid ? 'refused, semver reads it' : 'read, semver refuses it'}`);
      continue;
    }
    if (intervals === undefined) continue;
    const ours = vectors.versions.filter((v) => admits(intervals, v.split('.').map(Number) as unknown as Version));
    if (ours.join(' ') !== c.admits!.join(' ')) differ.push(`${JSON.stringify(c.range)}: admits ${ours.join(' ')}, semver ${c.admits!.join(' ')}`);
  }
  assert.equal(differ, []);
});

test('the forms once read differently: as semver reads them (before: >==1.2.3 read, ~1.x.3 and 2+b refused)', () => {
  const byRange = new Map(vectors.cases.map((c) => [c.range, c]));
  for (const [range, valid] of [['>==1.2.3', false], ['v=1.2.3', false], ['=v1.2.3', true], ['~1.x.3', true], ['^1.x.3', true], ['1.x.3', false], ['2+b', true], ['==1.2.3 - 2', false]] as const) {
    assert.is(byRange.get(range)?.valid, valid, `vector of ${range}`);
    assert.is(tryParseEnginesRange(range) !== undefined, valid, range);
  }
  // What the hint decides with them: ~1.x.3 is ~1, 2+b is 2.x.
  assert.is(needsNewerVersion('v0.9.0', '~1.x.3'), true);
  assert.is(needsNewerVersion('v1.9.0', '~1.x.3'), false);
  assert.is(needsNewerVersion('v1.0.0', '2+b'), true);
  assert.is(needsNewerVersion('v1.0.0', '>==1.2.3'), false); // refused by npm: no firm hint
});

test.run();
