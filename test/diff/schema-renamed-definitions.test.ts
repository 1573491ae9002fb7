/**
 * Definitions whose names are swapped or rotated with every `$ref` that names them
 * (src/diff/schema/renamed-definitions.ts, diff23). Random schemas whose definitions refer to each
 * other and are each named from a property; the new side renames them by a random permutation,
 * and sometimes changes one definition or one reference too. A renaming alone accepts the same
 * values: COSMETIC (or nothing) both ways. With a change, every verdict below BREAKING must hold
 * for Ajv 2020 on a pool of instances, as in the other schema property tests.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from '../../src/canonical/strict-json.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { diffSchema } from '../../src/diff/schema/diff-schema.ts';
import { maxVerdict } from '../../src/diff/verdict.ts';

type Obj = { [k: string]: JsonValue };
const NAMES = ['D0', 'D1', 'D2'];
const ref = (n: string): JsonValue => ({ $ref: `#/$defs/${n}` });

/** A definition's body: plain, or naming a later definition (so no chain closes on itself but through an object). */
const body = (i: number): fc.Arbitrary<JsonValue> => {
  const plain = fc.constantFrom<JsonValue>({ type: 'string' }, { type: 'number' }, { type: 'integer' }, { type: ['string', 'null'] }, { maxLength: 1 },
    { minimum: 1 }, { enum: ['a', 1] }, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'array', items: { type: 'number' } }, true);
  const later = NAMES.slice(i + 1);
  if (later.length === 0) return plain;
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: fc.constantFrom(...later).chain((n) => fc.constantFrom<JsonValue>(
    ref(n), { anyOf: [ref(n), { type: 'null' }] }, { type: 'object', properties: { a: ref(n) } }, { type: 'array', items: ref(n) }, { allOf: [ref(n), { maxLength: 2 }] },
  )) });
};

/** A property naming a definition: plainly, or inside `items`, an `anyOf` with null, a `not`, or beside a bound. */
const site = fc.tuple(fc.constantFrom(...NAMES), fc.nat(4)).map(([n, how]): JsonValue => [
  ref(n), { type: 'array', items: ref(n) }, { anyOf: [ref(n), { type: 'null' }] }, { not: ref(n) }, { $ref: `#/$defs/${n}`, maxLength: 3 },
][how]!);

/** A schema whose root properties name every definition at least once (and one more, `p3`, that a change may point elsewhere). */
const schema: fc.Arbitrary<Obj> = fc.tuple(body(0), body(1), body(2), fc.array(site, { minLength: 1, maxLength: 2 })).map(([d0, d1, d2, extra]) => ({
  type: 'object',
  properties: Object.fromEntries([ref('D0'), ref('D1'), ref('D2'), ...extra].map((s, i) => [`p${i}`, s])),
  $defs: { D0: d0, D1: d1, D2: d2 },
}));

/** The schema with each definition `n` named `to[n]`, and every `$ref` alike. */
function renamed(s: Obj, to: Record<string, string>): Obj {
  const text = JSON.stringify(s).replace(/"#\/\$defs\/(D\d)"/g, (_, n: string) => JSON.stringify(`#/$defs/${to[n]}`));
  const out = JSON.parse(text) as Obj;
  const defs = out['$defs'] as Obj;
  out['$defs'] = Object.fromEntries(Object.keys(defs).map((n) => [to[n]!, defs[n]!]));
  return out;
}

const permutation = fc.shuffledSubarray(NAMES, { minLength: 3, maxLength: 3 }).map((p) => Object.fromEntries(NAMES.map((n, i) => [n, p[i]!])));
const verdict = (b: JsonValue, a: JsonValue, dir: 'input' | 'output'): string => maxVerdict(explainSchemaChange(b, a, dir)!.map((j) => j.verdict));

test('definitions renamed by a permutation, every $ref following: COSMETIC both ways', () => {
  fc.assert(fc.property(schema, permutation, (before, to) => {
    const after = renamed(before, to);
    for (const dir of ['input', 'output'] as const) {
      const v = verdict(before, after, dir);
      assert.ok(v === 'NONE' || v === 'COSMETIC', `${dir} ${v}: ${JSON.stringify([before, after])} ${JSON.stringify(diffSchema(before, after))}`);
    }
  }), { numRuns: Number(process.env['SCHEMA_RENAME_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_RENAME_SEED'] ?? 23) });
});

const instances: JsonValue[] = [null, true, 0, 1, 2, 2.5, -1, '', 'a', 'abcd', [], [1], ['a'], {}, { a: 'x' }, { a: 1 }];
/** Objects with each property set to each instance in turn. */
const objects = (s: Obj): JsonValue[] => Object.keys(s['properties'] as Obj).flatMap((p) => instances.map((x) => ({ [p]: x })));
const ajv = new Ajv2020({ strict: false, logger: false, allErrors: true });

test('definitions renamed and one definition or reference changed: a verdict below BREAKING holds for Ajv 2020', () => {
  let checked = 0;
  const changed = fc.tuple(schema, schema, fc.nat(3), site).map(([b, other, which, moved]): [Obj, Obj] => {
    const after = structuredClone(b);
    // One definition's body, or one property's reference, taken from another schema.
    if (which < 3) (after['$defs'] as Obj)[NAMES[which]!] = (other['$defs'] as Obj)[NAMES[which]!]!;
    else (after['properties'] as Obj)['p3'] = moved;
    return [b, after];
  });
  fc.assert(fc.property(changed, permutation, ([before, changedAfter], to) => {
    const after = renamed(changedAfter, to);
    const input = verdict(before, after, 'input');
    const output = verdict(before, after, 'output');
    const harmless = (v: string): boolean => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';
    if (!harmless(input) && !harmless(output)) return;
    checked++;
    const vb = ajv.compile(before);
    const va = ajv.compile(after);
    for (const x of [...instances, ...objects(before), ...objects(after)]) {
      if (harmless(input)) assert.ok(!vb(x) || va(x), `input ${input}, but ${JSON.stringify(x)} is rejected after: ${JSON.stringify([before, after])}`);
      if (harmless(output)) assert.ok(!va(x) || vb(x), `output ${output}, but ${JSON.stringify(x)} is accepted after: ${JSON.stringify([before, after])}`);
    }
  }), { numRuns: Number(process.env['SCHEMA_RENAME_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_RENAME_SEED'] ?? 23) });
  assert.ok(checked > 30, `only ${checked} pairs below BREAKING in some direction`);
});

/*
 * Mixed moves that cannot be paired one to one (diff24): each reference of the old schema is
 * pointed at a definition of a random name (the old ones, two new ones) or inlined, so a
 * definition may be split in two, two merged into one, inlined at some references and kept at
 * others, or renamed while its old name takes another body; each name the new schema points at
 * holds the old body of the first reference pointed there. An unused definition `U` changes at
 * random. Where every reference still names the body it named, the two schemas accept the same
 * values: NONE or COSMETIC both ways (before diff24, a definition whose references moved was
 * compared by name: `type-changed`, BREAKING). Otherwise a verdict below BREAKING must hold for Ajv.
 */
const plainBody = fc.constantFrom<JsonValue>({ type: 'string' }, { type: 'number' }, { type: 'integer' }, { type: ['string', 'null'] }, { maxLength: 1 },
  { minimum: 1 }, { enum: ['a', 1] }, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'array', items: { type: 'number' } }, true);
/** How a property names its definition: plainly, in `items`, in an `anyOf` with null, under `not`, beside a bound (not inlined). */
const wrap = (how: number, inner: JsonValue): JsonValue => [
  inner, { type: 'array', items: inner }, { anyOf: [inner, { type: 'null' }] }, { not: inner }, { ...(inner as Obj), maxLength: 3 },
][how]!;
const TARGETS = ['D0', 'D1', 'D2', 'E0', 'E1', 'inline'];
const mixedMove = fc.record({
  bodies: fc.tuple(plainBody, plainBody, plainBody),
  sites: fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.nat(4), fc.constantFrom(...TARGETS)), { minLength: 2, maxLength: 5 }),
  unused: fc.tuple(plainBody, plainBody),
  spare: fc.tuple(fc.nat(2), plainBody),
}).map(({ bodies, sites, unused, spare }): [Obj, Obj, boolean] => {
  const old: Obj = { D0: bodies[0], D1: bodies[1], D2: bodies[2], U: unused[0] };
  const fresh: Obj = { U: unused[1] };
  let same = true;
  const props = sites.map(([name, how, target]) => {
    const to = target === 'inline' && how === 4 ? name : target;
    if (to === 'inline') return [wrap(how, ref(name)), wrap(how, old[name]!)] as const;
    if (fresh[to] === undefined) fresh[to] = old[name]!;
    else if (JSON.stringify(fresh[to]) !== JSON.stringify(old[name])) same = false;
    return [wrap(how, ref(name)), wrap(how, ref(to))] as const;
  });
  // An old name no reference points at now: dropped, kept as it was, or given another body.
  for (const n of NAMES) {
    if (fresh[n] !== undefined || spare[0] === 0) continue;
    fresh[n] = spare[0] === 1 ? old[n]! : spare[1];
  }
  const schema = (defs: Obj, i: 0 | 1): Obj => ({ type: 'object', properties: Object.fromEntries(props.map((p, k) => [`p${k}`, p[i]])), $defs: defs });
  return [schema(old, 0), schema(fresh, 1), same];
});

test('references split, merged, inlined or moved onto a reused name: COSMETIC where each accepts what it did, else a verdict below BREAKING holds for Ajv 2020', () => {
  let kept = 0;
  let checked = 0;
  fc.assert(fc.property(mixedMove, ([before, after, same]) => {
    const input = verdict(before, after, 'input');
    const output = verdict(before, after, 'output');
    if (same) {
      kept++;
      for (const v of [input, output]) assert.ok(v === 'NONE' || v === 'COSMETIC', `${v}: ${JSON.stringify([before, after])} ${JSON.stringify(diffSchema(before, after))}`);
      return;
    }
    const harmless = (v: string): boolean => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';
    if (!harmless(input) && !harmless(output)) return;
    checked++;
    const vb = ajv.compile(before);
    const va = ajv.compile(after);
    for (const x of [...instances, ...objects(before), ...objects(after)]) {
      if (harmless(input)) assert.ok(!vb(x) || va(x), `input ${input}, but ${JSON.stringify(x)} is rejected after: ${JSON.stringify([before, after])}`);
      if (harmless(output)) assert.ok(!va(x) || vb(x), `output ${output}, but ${JSON.stringify(x)} is accepted after: ${JSON.stringify([before, after])}`);
    }
  }), { numRuns: Number(process.env['SCHEMA_RENAME_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_RENAME_SEED'] ?? 23) });
  assert.ok(kept > 50 && checked > 15, `only ${kept} pairs that keep every reference, ${checked} below BREAKING otherwise`);
});

/** A schema with every local `$ref` laid out as an `allOf` of what it names (the chains here end), for comparing what two places accept. */
function laidOut(s: Obj, v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map((x) => laidOut(s, x));
  if (typeof v !== 'object' || v === null) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) if (k !== '$ref') out[k] = laidOut(s, x);
  const r = v['$ref'];
  if (typeof r === 'string') out['allOf'] = [...((out['allOf'] as JsonValue[] | undefined) ?? []), laidOut(s, (s['$defs'] as Obj)[r.slice('#/$defs/'.length)]!)];
  return out;
}

/*
 * The same moves over definitions that name each other (the first property's schemas): each
 * property's references are pointed at a random name, each name pointed at holds the old body of
 * the first definition pointed there, and the references inside the bodies stay, so they may now
 * name another body. Where every property, laid out, is what it was, no definition is judged above
 * COSMETIC (compared by name, one was set against another's body); otherwise a verdict below
 * BREAKING holds for Ajv.
 */
test('references moved onto other names over definitions that name each other: no definition judged above COSMETIC where every property is what it was, else a verdict below BREAKING holds for Ajv 2020', () => {
  let kept = 0;
  let checked = 0;
  const moved = fc.tuple(schema, fc.array(fc.constantFrom('D0', 'D1', 'D2', 'E0', 'E1'), { minLength: 5, maxLength: 5 }), fc.nat(2), plainBody).map(([before, targets, spare, other]): [Obj, Obj] => {
    const defs = before['$defs'] as Obj;
    const fresh: Obj = {};
    const props: Obj = {};
    Object.entries(before['properties'] as Obj).forEach(([p, site], i) => {
      const text = JSON.stringify(site);
      const from = /#\/\$defs\/(D\d)/.exec(text)![1]!;
      const to = targets[i]!;
      fresh[to] ??= defs[from]!;
      props[p] = JSON.parse(text.replace(`#/$defs/${from}`, `#/$defs/${to}`)) as JsonValue;
    });
    // A name the bodies still point at must stay defined: it keeps its body, or takes another.
    for (const n of NAMES) if (fresh[n] === undefined && (spare > 0 || JSON.stringify(fresh).includes(`#/$defs/${n}"`))) fresh[n] = spare === 2 ? other : defs[n]!;
    for (let grew = true; grew;) {
      grew = false;
      for (const n of NAMES) if (fresh[n] === undefined && JSON.stringify(fresh).includes(`#/$defs/${n}"`)) { fresh[n] = defs[n]!; grew = true; }
    }
    return [before, { type: 'object', properties: props, $defs: fresh }];
  }).filter(([, after]) => {
    // A body moved onto a name it points at would name itself: no such chain here.
    const defs = after['$defs'] as Obj;
    const reaches = (n: string, seen: string[]): boolean => [...JSON.stringify(defs[n]).matchAll(/#\/\$defs\/(\w+)/g)].some(([, m]) => seen.includes(m!) || reaches(m!, [...seen, m!]));
    return !Object.keys(defs).some((n) => reaches(n, [n]));
  });
  fc.assert(fc.property(moved, ([before, after]) => {
    const input = verdict(before, after, 'input');
    const output = verdict(before, after, 'output');
    const names = Object.keys(before['properties'] as Obj);
    const same = names.every((p) => JSON.stringify(laidOut(before, (before['properties'] as Obj)[p]!)) === JSON.stringify(laidOut(after, (after['properties'] as Obj)[p]!)));
    if (same) {
      kept++;
      // No definition is set against another's body. (A reference beside a bound whose definition
      // is itself a reference cannot be laid in and is compared whole at the property, BREAKING:
      // conservative, see "Schema detail".)
      for (const dir of ['input', 'output'] as const) {
        const wrong = explainSchemaChange(before, after, dir)!.filter((j) => j.path.startsWith('$.$defs') && j.verdict !== 'COSMETIC');
        assert.equal(wrong.map((j) => j.id), [], `${dir}: ${JSON.stringify([before, after])}`);
      }
      return;
    }
    const harmless = (v: string): boolean => v === 'NONE' || v === 'COSMETIC' || v === 'SAFE';
    if (!harmless(input) && !harmless(output)) return;
    checked++;
    const vb = ajv.compile(before);
    const va = ajv.compile(after);
    for (const x of [...instances, ...objects(before), ...objects(after)]) {
      if (harmless(input)) assert.ok(!vb(x) || va(x), `input ${input}, but ${JSON.stringify(x)} is rejected after: ${JSON.stringify([before, after])}`);
      if (harmless(output)) assert.ok(!va(x) || vb(x), `output ${output}, but ${JSON.stringify(x)} is accepted after: ${JSON.stringify([before, after])}`);
    }
  }), { numRuns: Number(process.env['SCHEMA_RENAME_RUNS'] ?? 300), seed: Number(process.env['SCHEMA_RENAME_SEED'] ?? 23) });
  assert.ok(kept > 20 && checked > 15, `only ${kept} pairs that keep every property, ${checked} below BREAKING otherwise`);
});

test.run();
