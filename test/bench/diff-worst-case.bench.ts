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
import { reportGrowth, type GrowthCase } from './_growth.ts';

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

/**
 * n tools named name(i), each described "<description> i": no two alike by exact name, schema or
 * description, so the removed and added ones (whose descriptions add a word) are paired by a word of the name in common.
 */
function wordAlikes(name: (i: number) => string, n: number, more = ''): ContractSet {
  const set = structuredClone(base);
  const t = set.tools['invoices']!;
  set.tools = {};
  for (let i = 0; i < n; i++) set.tools[name(i)] = { ...t, surface: { ...t.surface, name: name(i), description: `${t.surface.description ?? ''} ${i}${more}`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } } };
  return set;
}

const strings = (n: number): JsonValue[] => Array.from({ length: n }, () => ({ type: 'string' }));
const props = (n: number, f: (i: number) => JsonValue): JsonValue => {
  const p: { [k: string]: JsonValue } = {};
  for (let i = 0; i < n; i++) p[`p${i}`] = f(i);
  return { type: 'object', properties: p, required: Object.keys(p) };
};

const CASES: GrowthCase[] = [
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
    // Each pattern is added where extra names were rejected: whether it may match one of the n
    // declared names is asked n times (a binary search each, no pattern run).
    name: 'patternProperties: n patterns added beside n declared properties on a closed object',
    run: schemaCase((n) => {
      const declared = props(n, () => ({ type: 'string' })) as { [k: string]: JsonValue };
      const patterns = Object.fromEntries(Array.from({ length: n }, (_, i) => [`^x${i}-`, { type: 'string' }]));
      return [{ ...declared, additionalProperties: false }, { ...declared, additionalProperties: false, patternProperties: { ...patterns } }];
    }),
    n: 10000,
  },
  {
    name: 'prefixItems: a tuple of n items grown to 2n, dependentRequired: n entries each gaining a name',
    run: schemaCase((n) => {
      const deps = (extra: string[]): JsonValue => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, [`q${i}`, ...extra]]));
      return [
        { type: 'object', properties: { t: { type: 'array', prefixItems: strings(n), items: { type: 'number' } } }, dependentRequired: deps([]) },
        { type: 'object', properties: { t: { type: 'array', prefixItems: strings(2 * n), items: { type: 'number' } } }, dependentRequired: deps(['z']) },
      ];
    }),
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
    // Each property points at its own definition, and every definition is renamed: n pairs of
    // $refs are followed (up to the cap per schema), then compared whole.
    name: 'n properties, each a $ref to a renamed definition',
    run: schemaCase((n) => {
      const side = (prefix: string): JsonValue => {
        const defs: { [k: string]: JsonValue } = {};
        for (let i = 0; i < n; i++) defs[`${prefix}${i}`] = { type: 'object', properties: { v: { type: 'string', maxLength: i + 1 } } };
        const schema = props(n, (i) => ({ $ref: `#/$defs/${prefix}${i}` })) as { [k: string]: JsonValue };
        return { ...schema, $defs: defs };
      };
      return [side('Old'), side('New')];
    }),
    n: 2000,
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
  {
    // Each removed tool shares one name word with one added tool (printEnv / get-env at scale),
    // and all share another ("invoices"), which is too common to look up.
    name: 'n tools renamed with a word of the name kept',
    run: (n) => {
      const b = wordAlikes((i) => `old_${i}_invoices`, n);
      const a = wordAlikes((i) => `new_invoices_${i}`, n, ' now');
      return () => diffContracts(b, a).deltas.length;
    },
    n: 5000,
  },
  {
    // Removed and added tools in buckets of 32 by their last name word, alike descriptions; each
    // old required input is carried only by the last of the new inputs, by its words.
    name: 'n tools reworked, 255 required inputs each',
    run: (n) => {
      const schema = (names: string[], required: string[]): JsonValue => ({ type: 'object', properties: Object.fromEntries(names.map((k) => [k, { type: 'string' }])), required });
      const old = Array.from({ length: 255 }, (_, i) => `q_${i}_zz`);
      const now = [...Array.from({ length: 255 }, (_, i) => `p_${i}_w`), 'zz'];
      const side = (prefix: string, names: string[], required: string[], format: string): ContractSet => {
        const set = structuredClone(base);
        const t = set.tools['invoices']!;
        set.tools = {};
        for (let i = 0; i < n; i++) {
          const name = `${prefix}${i}_docs${Math.floor(i / 32)}`;
          set.tools[name] = { ...t, surface: { ...t.surface, name, description: `Fetches the documentation pages of a library as ${format}`, inputSchema: schema(names, required) } };
        }
        return set;
      };
      const b = side('old', old, old, 'JSON');
      const a = side('new', now, [], 'HTML');
      return () => diffContracts(b, a).deltas.length;
    },
    n: 256,
  },
];

reportGrowth('diff-worst-case.bench', CASES, 'found');
