/**
 * Drift levels at the exact threshold boundaries (0.95, 0.75, 0.5, and the largest double just
 * below each), custom thresholds, `--thresholds` and `--fail-on` parsing, and the gate (fallbacks
 * never fail it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../src/errors.ts';
import {
  DEFAULT_THRESHOLDS,
  classifySimilarity,
  parseProbeFailOn,
  parseThresholds,
  probeGateFailed,
} from '../../src/probe/thresholds.ts';
import { summarizeProbeResults } from '../../src/probe/summarize-probe-results.ts';
import type { ProbeResult } from '../../src/probe/types.ts';

/** The largest double below x (x > 0). */
function nextDown(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

test('boundaries: 0.95, 0.75, 0.5 and just below each', () => {
  const cases: [number, string][] = [
    [1, 'none'],
    [0.95, 'none'],
    [nextDown(0.95), 'low'],
    [0.9499, 'low'],
    [0.75, 'low'],
    [nextDown(0.75), 'medium'],
    [0.7499, 'medium'],
    [0.5, 'medium'],
    [nextDown(0.5), 'high'],
    [0.4999, 'high'],
    [0, 'high'],
  ];
  assert.ok(nextDown(0.95) < 0.95 && nextDown(0.95) > 0.9499999999999);
  for (const [score, level] of cases) assert.is(classifySimilarity(score), level, String(score));
  assert.equal(DEFAULT_THRESHOLDS, { none: 0.95, low: 0.75, medium: 0.5 });
});

test('custom thresholds move the boundaries', () => {
  const t = parseThresholds('0.9,0.6,0.3');
  assert.equal(t, { none: 0.9, low: 0.6, medium: 0.3 });
  assert.is(classifySimilarity(0.9, t), 'none');
  assert.is(classifySimilarity(nextDown(0.9), t), 'low');
  assert.is(classifySimilarity(0.6, t), 'low');
  assert.is(classifySimilarity(nextDown(0.6), t), 'medium');
  assert.is(classifySimilarity(0.3, t), 'medium');
  assert.is(classifySimilarity(nextDown(0.3), t), 'high');
  assert.equal(parseThresholds(' 1 , .5 ,0 '), { none: 1, low: 0.5, medium: 0 });
});

test('--thresholds rejects malformed, out-of-range and unordered values', () => {
  for (const bad of ['', '0.9,0.7', '0.9,0.7,0.5,0.1', 'a,b,c', '1.5,0.7,0.5', '0.9,0.9,0.5', '0.5,0.7,0.9', '-0.1,0.5,0.2', '0.9,,0.5', '1e-1,0.05,0.01']) {
    assert.throws(() => parseThresholds(bad), (e: unknown) => e instanceof InputError && /--thresholds/.test((e as Error).message), bad);
  }
});

test('--fail-on values', () => {
  assert.is(parseProbeFailOn(undefined), 'high');
  for (const v of ['none', 'low', 'medium', 'high', 'never']) assert.is(parseProbeFailOn(v), v);
  assert.is(parseProbeFailOn('MEDIUM'), 'medium');
  assert.throws(() => parseProbeFailOn('breaking'), (e: unknown) => e instanceof InputError && /none, low, medium, high, never/.test((e as Error).message));
});

const r = (level: ProbeResult['level'], fallback = false): ProbeResult => ({
  id: level, tool: 't', action: null, score: 0, level, judge: 'j', reasoning: '',
  fallback: fallback ? { code: 'judge-failed', message: 'x' } : null,
});

test('gate: reaches --fail-on; fallbacks never fail it; never turns it off', () => {
  assert.is(probeGateFailed([r('none'), r('low')], 'high'), false);
  assert.is(probeGateFailed([r('high')], 'high'), true);
  assert.is(probeGateFailed([r('medium')], 'high'), false);
  assert.is(probeGateFailed([r('medium')], 'medium'), true);
  assert.is(probeGateFailed([r('low')], 'medium'), false);
  assert.is(probeGateFailed([r('none')], 'none'), true);
  assert.is(probeGateFailed([r('medium', true)], 'medium'), false, 'a fallback is medium but never fails the gate');
  assert.is(probeGateFailed([r('medium', true)], 'none'), false);
  assert.is(probeGateFailed([r('high')], 'never'), false);
  assert.is(probeGateFailed([], 'none'), false);
});

test('summary: worst non-fallback level, null when all fell back', () => {
  assert.equal(summarizeProbeResults([r('low'), r('medium', true), r('none')]), { level: 'low', probes: 3, fallbacks: 1, counts: { none: 1, low: 1, medium: 0, high: 0 } });
  assert.is(summarizeProbeResults([r('medium', true)]).level, null);
  assert.is(summarizeProbeResults([]).level, null);
  assert.is(summarizeProbeResults([r('high'), r('none')]).level, 'high');
});

test.run();
