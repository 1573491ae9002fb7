/**
 * Where the root definitions of two schemas are reached from. A definition whose body changed is
 * compared where it stands (`$.$defs.Name`) for the `$ref`s that name it at the same place in both
 * schemas: there the reference is the same string on both sides, so the walk does not follow it
 * and the definition's own comparison is all that shows the change. A `$ref` that names it on one
 * side only (moved to or from it, a definition split in two, two merged, one inlined at some
 * references and kept at others) is followed where it stands and compared with what the other side
 * has there. So a changed definition that no place reaches in both schemas judges no value where
 * it stands: unused on both sides, or reached only by references that moved.
 *
 * The place of a reference is its instance location, read through the keywords that hold
 * subschemas: `properties` add the name, `patternProperties`, `additionalProperties` and
 * `unevaluatedProperties` any name, the item keywords (`items`, `prefixItems`, `contains`,
 * `additionalItems`, `unevaluatedItems`) an item, and the keywords that apply a subschema in place
 * (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`, `dependencies`, a
 * `$ref` followed to its definition) nothing. Two places match when each segment is the same or
 * one of them is "any name". Only where that is plain: every `$ref` (read where a subschema sits)
 * is `#/$defs/Name`, `#/definitions/Name` (its pointer escapes and percent-encoding decoded), or
 * `#anchor` for an `$anchor` (or `$dynamicAnchor`) at the top of a root definition; no `$id` below
 * the root (it moves what a fragment names), no `$dynamicRef`/`$recursiveRef`, no `$ref` anywhere
 * else. Otherwise (or past a bound on the places read) the caller compares every definition where
 * it stands, as before.
 *
 * @module
 */
import { getOwn } from '../../canonical/own.ts';
import type { JsonValue } from '../../canonical/strict-json.ts';
import { countRefs } from './_count-refs.ts';

type Obj = { [key: string]: JsonValue };

/** Which root definitions (`keyword/name`) are reached where. */
export interface DefinitionReach {
  /** Definitions some place reaches in both schemas (or that cannot be told apart): compared where they stand. */
  shared: Set<string>;
  /** Definitions the new schema reaches at all. */
  reachedAfter: Set<string>;
}

const DEFINITIONS = ['$defs', 'definitions'];
/** Keywords with one subschema, and the segment they add to the instance location ('' for none). */
const ONE: ReadonlyMap<string, string> = new Map([
  ['not', ''], ['if', ''], ['then', ''], ['else', ''], ['items', '[]'], ['contains', '[]'], ['additionalItems', '[]'],
  ['unevaluatedItems', '[]'], ['additionalProperties', '*'], ['unevaluatedProperties', '*'], ['propertyNames', '#names'],
  ['contentSchema', '#content'],
]);
/** Keywords with a list of subschemas. */
const LISTS: ReadonlyMap<string, string> = new Map([['allOf', ''], ['anyOf', ''], ['oneOf', ''], ['prefixItems', '[]'], ['items', '[]']]);
/** Keywords with a map of subschemas (`properties` add the name; definitions are reached only by reference). */
const MAPS: ReadonlyMap<string, string> = new Map([['properties', '.'], ['patternProperties', '*'], ['dependentSchemas', ''], ['dependencies', '']]);
/** Places deeper than this (a recursive definition) are not told apart: the definition counts as shared. */
const MAX_DEPTH = 24;
/** Schema nodes read per side before giving up (definitions that fan out into many places). */
const MAX_VISITS = 20_000;
/** Place pairs compared per definition before counting it as shared. */
const MAX_PAIRS = 100_000;

const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each subschema of a node with the segment it adds to the place; definitions maps left out. */
function children(v: Obj): [JsonValue, string][] {
  const out: [JsonValue, string][] = [];
  for (const [k, seg] of ONE) {
    const x = getOwn(v, k);
    if (isObj(x)) out.push([x, seg]);
  }
  for (const [k, seg] of LISTS) {
    const x = getOwn(v, k);
    if (Array.isArray(x)) for (const y of x) out.push([y, seg]);
  }
  for (const [k, seg] of MAPS) {
    const x = getOwn(v, k);
    if (isObj(x)) for (const name of Object.keys(x)) out.push([x[name]!, seg === '.' ? `.${name}` : seg]);
  }
  return out;
}

/** The places (segments joined by U+0001) where one side's schema reaches each root definition; `deep` those read past {@link MAX_DEPTH}. */
interface SideReach {
  places: Map<string, Set<string>>;
  deep: Set<string>;
}

/** The definition key a `$ref` names on this side, or undefined when it is not plain. */
function resolver(root: Obj): (ref: string) => string | undefined {
  const anchors = new Map<string, string>();
  for (const keyword of DEFINITIONS) {
    const defs = getOwn(root, keyword);
    if (!isObj(defs)) continue;
    for (const name of Object.keys(defs)) {
      const body = defs[name]!;
      if (!isObj(body)) continue;
      for (const k of ['$anchor', '$dynamicAnchor']) {
        const a = getOwn(body, k);
        if (typeof a !== 'string') continue;
        // The same anchor twice names no one place.
        if (anchors.has(a) && anchors.get(a) !== `${keyword}/${name}`) anchors.set(a, '');
        else anchors.set(a, `${keyword}/${name}`);
      }
    }
  }
  const defined = (keyword: string, name: string): boolean => {
    const defs = getOwn(root, keyword);
    return isObj(defs) && getOwn(defs, name) !== undefined;
  };
  return (ref: string): string | undefined => {
    const pointer = /^#\/(\$defs|definitions)\/([^/]*)$/.exec(ref);
    if (pointer !== null) {
      let name: string;
      try {
        name = decodeURIComponent(pointer[2]!).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      return defined(pointer[1]!, name) ? `${pointer[1]!}/${name}` : undefined;
    }
    // A plain-name fragment (`#n1`): an anchor, which must be at the top of a root definition.
    if (/^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)) {
      const at = anchors.get(ref.slice(1));
      return at === undefined || at === '' ? undefined : at;
    }
    return undefined;
  };
}

/** Where one side reaches its root definitions; undefined when that is not plain (see the module). */
function sideReach(root: JsonValue | null): SideReach | undefined {
  if (!isObj(root)) return { places: new Map(), deep: new Set() };
  const resolve = resolver(root);
  // Plainness: every `$ref` sits where a subschema does and resolves; no `$id` below the root, no dynamic reference.
  let plain = true;
  let sites = 0;
  const check = (v: JsonValue, top: boolean): void => {
    if (!plain || !isObj(v)) return;
    if (!top && (getOwn(v, '$id') !== undefined || typeof getOwn(v, 'id') === 'string')) plain = false;
    if (getOwn(v, '$dynamicRef') !== undefined || getOwn(v, '$recursiveRef') !== undefined) plain = false;
    const ref = getOwn(v, '$ref');
    if (typeof ref === 'string') {
      sites++;
      if (resolve(ref) === undefined) plain = false;
    } else if (ref !== undefined) plain = false;
    for (const [x] of children(v)) check(x, false);
    for (const keyword of DEFINITIONS) {
      const defs = getOwn(v, keyword);
      if (isObj(defs)) for (const name of Object.keys(defs)) check(defs[name]!, false);
    }
  };
  check(root, true);
  if (!plain || sites !== countRefs(root)) return undefined;
  const places = new Map<string, Set<string>>();
  const deep = new Set<string>();
  const seen = new Set<string>();
  let visits = 0;
  const body = (key: string): JsonValue => {
    const [keyword, ...rest] = key.split('/');
    return getOwn(getOwn(root, keyword!) as Obj, rest.join('/'))!;
  };
  // Each node with its place and the definitions followed to reach it. A definition met again
  // inside itself (recursive) reaches places without end: it counts as deep, as do the
  // definitions reached from it.
  const stack: [JsonValue, string[], string[]][] = [[root, [], []]];
  while (stack.length > 0) {
    if (++visits > MAX_VISITS) return undefined;
    const [v, at, chain] = stack.pop()!;
    if (!isObj(v)) continue;
    const ref = getOwn(v, '$ref');
    if (typeof ref === 'string') {
      const key = resolve(ref)!;
      const place = at.join('\u0001');
      if (at.length > MAX_DEPTH || chain.includes(key)) deep.add(key);
      else if (!seen.has(`${key}\u0000${place}`)) {
        seen.add(`${key}\u0000${place}`);
        if (!places.has(key)) places.set(key, new Set());
        places.get(key)!.add(place);
        stack.push([body(key), at, [...chain, key]]);
      }
    }
    for (const [x, seg] of children(v)) stack.push([x, seg === '' ? at : [...at, seg], chain]);
  }
  // What a deep definition names is reached at places without end too.
  const named = (key: string): string[] => {
    const out: string[] = [];
    const visit = (v: JsonValue): void => {
      if (!isObj(v)) return;
      const r = getOwn(v, '$ref');
      if (typeof r === 'string') out.push(resolve(r)!);
      for (const [x] of children(v)) visit(x);
    };
    visit(body(key));
    return out;
  };
  for (const pending = [...deep]; pending.length > 0;) {
    for (const key of named(pending.pop()!)) {
      if (!deep.has(key)) {
        deep.add(key);
        pending.push(key);
      }
    }
  }
  return { places, deep };
}

/** Whether two places may be the same instance location (`*` is any name). */
function matches(x: string, y: string): boolean {
  if (x === y) return true;
  const a = x.split('\u0001');
  const b = y.split('\u0001');
  if (a.length !== b.length) return false;
  return a.every((s, i) => s === b[i] || (s === '*' && (b[i] === '*' || b[i]!.startsWith('.'))) || (b[i] === '*' && s.startsWith('.')));
}

/**
 * Which root definitions of `before` and `after` some place reaches in both.
 *
 * @param before The old schema.
 * @param after The new schema (after any renaming of its definitions).
 * @returns The shared definitions and those the new schema reaches, or undefined when the
 *   references are not plain (then every definition is compared where it stands).
 * @example definitionReach({properties: {a: {$ref: '#/$defs/A'}}, $defs: {A: {}, U: {}}},
 *   {properties: {a: {$ref: '#/$defs/A'}}, $defs: {A: {}, U: {type: 'string'}}})?.shared // Set {'$defs/A'}
 */
export function definitionReach(before: JsonValue | null, after: JsonValue | null): DefinitionReach | undefined {
  const b = sideReach(before);
  const a = sideReach(after);
  if (b === undefined || a === undefined) return undefined;
  const shared = new Set<string>();
  for (const [key, placesB] of b.places) {
    const placesA = a.places.get(key);
    if (placesA === undefined && !a.deep.has(key)) continue;
    if (b.deep.has(key) || a.deep.has(key) || placesB.size * (placesA?.size ?? 0) > MAX_PAIRS) {
      shared.add(key);
      continue;
    }
    const wild = [...placesB, ...placesA!].some((p) => p.split('\u0001').includes('*'));
    if ([...placesB].some((p) => placesA!.has(p)) || (wild && [...placesB].some((p) => [...placesA!].some((q) => matches(p, q))))) shared.add(key);
  }
  // Reached only past the depth bound on one side, and anywhere on the other.
  for (const key of b.deep) if (a.places.has(key) || a.deep.has(key)) shared.add(key);
  return { shared, reachedAfter: new Set([...a.places.keys(), ...a.deep]) };
}
