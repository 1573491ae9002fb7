/**
 * Benchmark: the property-level schema diff and the contract diff on inputs that once made them
 * quadratic, or that are large on purpose (thousands of alternatives, properties, enum values,
 * look-alike tools), each at size N and 2N in the same run. A linear diff takes about twice as long at 2N, a quadratic one about four times.
 * Unit tests check what these inputs report; how long they take is measured here, never asserted
 * in a test.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { diffSchema } from '../../src/diff/schema/diff-schema.ts';

interface Case {
  name: string;
  /** The diff to time at size n; returns how many changes (or deltas) it found. */
  run: (n: number) => () => number;
  n: number;
}

/** A schema case: the old and the new schema at size n. */
const schemaCase = (schemas: (n: number) => [JsonValue, JsonValue]) => (n: number) => {
  const [b, a] = schemas(n);
  return () => diffSchema(b, a).length;
};

const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

/** n copies of the base tool under the names prefix0 … prefix(n-1): alike apart from the name. */
function lookAlikes(prefix: string, n: number): ContractSet {
  const set = structuredClone(base);
  const t = set.tools['invoices']!;
  set.tools = {};
  for (let i = 0; i < n; i++) set.tools[`${prefix}${i}`] = { ...t, surface: { ...t.surface, name: `${prefix}${i}` } };
  return set;
}

const strings = (n: number): JsonValue[] => Array.from({ length: n }, () => ({ type: 'string' }));
const props = (n: number, f: (i: number) => JsonValue): JsonValue => {
  const p: { [k: string]: JsonValue } = {};
  for (let i = 0; i < n; i++) p[`p${i}`] = f(i);
  return { type: 'object', properties: p, required: Object.keys(p) };
};

const CASES: Case[] = [
  {
    name: 'anyOf: n identical alternatives, the last one changed',
    run: schemaCase((n) => [{ anyOf: [...strings(n), { type: 'null' }] }, { anyOf: [...strings(n), { type: 'number' }] }]),
    n: 20000,
  },
  {
    name: 'oneOf: n alternatives, each widened in place',
    run: schemaCase((n) => [
      { oneOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { k: { const: i } } })) },
      { oneOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { k: { enum: [i, -i - 1] } } })) },
    ]),
    n: 5000,
  },
  {
    name: 'n properties, every one changed',
    run: schemaCase((n) => [props(n, () => ({ type: 'string' })), props(n, (i) => ({ type: 'string', maxLength: i }))]),
    n: 10000,
  },
  {
    name: 'an enum of n values, one removed',
    run: schemaCase((n) => {
      const values = Array.from({ length: n }, (_, i) => `v${i}`);
      return [{ enum: values }, { enum: values.filter((v) => v !== 'v7') }];
    }),
    n: 50000,
  },
  {
    name: 'n look-alike tools removed, n others added',
    run: (n) => {
      const b = lookAlikes('old', n);
      const a = lookAlikes('new', n);
      return () => diffContracts(b, a).deltas.length;
    },
    n: 5000,
  },
];

/** Best of five interleaved runs of each size (background load hits both alike). */
function measure(c: Case): { small: number; large: number; changes: number } {
  const small = c.run(c.n);
  const large = c.run(2 * c.n);
  let a = Infinity;
  let b = Infinity;
  let changes = 0;
  for (let round = 0; round < 5; round++) {
    let t = performance.now();
    small();
    a = Math.min(a, performance.now() - t);
    t = performance.now();
    changes = large();
    b = Math.min(b, performance.now() - t);
  }
  return { small: a, large: b, changes };
}

console.log('diff-worst-case.bench: each input at size N and 2N, best of 5 (linear: 2N/N ≈ 2x; quadratic: ≈ 4x)');
for (const c of CASES) {
  const m = measure(c);
  console.log(`  ${c.name.padEnd(52)} N=${String(c.n).padStart(5)} ${m.small.toFixed(0).padStart(6)} ms   2N ${m.large.toFixed(0).padStart(6)} ms   ratio ${(m.large / m.small).toFixed(2)}x (goal <= 3x)   ${m.changes} found at 2N`);
}
