/**
 * Definitions whose names the new schema swapped or rotated, with every `$ref` following them
 * (`a: {$ref: A}, b: {$ref: B}` → `a: {$ref: B}, b: {$ref: A}` with the bodies of `A` and `B`
 * swapped too). Compared by name, each definition would be set against the other's old body
 * (`type-changed`, BREAKING), though every reference accepts what it did. Renaming a root
 * definition together with every local `$ref` that names it gives a schema that accepts the same
 * values; so the new schema's definitions are renamed to the names their references had in the
 * old schema at the same places, and compared with the old ones under those names.
 *
 * Only where that is plain: the names are paired by the `$ref`s that sit at the same place in both
 * schemas (in a renamed definition, at the same place in its body), and must pair one to one; a
 * schema with a `$ref` this module does not read (outside the keywords that hold subschemas, not a
 * local pointer, a `$dynamicRef`, or an `$id` below the root, which moves what `#` names) is left
 * as it is. So is a pairing that only renames a definition to a name the other side does not use
 * (a plain rename is compared through its references already).
 *
 * A definitions map below the root (`#/$defs/A/$defs/P`, or one in a property's schema) is read
 * the same way (diff26), where its place is the same in both schemas: no definition it sits in is
 * renamed, and it is reached from the root through `$defs`/`definitions` entries and `properties`.
 *
 * @module
 */
import { canonicalize } from '../../canonical/jcs.ts';
import { getOwn, setOwn } from '../../canonical/own.ts';
import type { JsonValue } from '../../canonical/strict-json.ts';
import { countRefs } from './_count-refs.ts';

type Obj = { [key: string]: JsonValue };

/** One definition renamed: `keyword` is `$defs` or `definitions`. */
export interface DefinitionRename {
  keyword: string;
  /**
   * The pointer tokens of the schema node holding the definitions map (`[]` for the root,
   * `['$defs', 'A']` for `#/$defs/A/$defs/…`), the same in both schemas.
   */
  at: string[];
  /** Its name in the old schema, under which the two are compared. */
  from: string;
  /** Its name in the new schema. */
  to: string;
}

/** The new schema with its definitions renamed, and a way back for values shown from it. */
export interface RenamedDefinitions {
  after: JsonValue;
  renames: DefinitionRename[];
  /**
   * A value taken from the renamed schema written as the new schema has it: each `$ref` string
   * in it (or the value itself, when `ref` says it is one) named back, and the root's definitions
   * map (or the root itself) with its entries named back.
   */
  restore: (value: JsonValue, ref: boolean) => JsonValue;
}

const DEFINITIONS = ['$defs', 'definitions'];
const ONE = ['not', 'if', 'then', 'else', 'items', 'contains', 'additionalProperties', 'additionalItems', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];

const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The `$ref` of each schema node by its JSON pointer, read through the keywords that hold
 * subschemas; undefined when a reference here cannot be renamed plainly (see the module).
 */
function refSites(root: JsonValue): Map<string, string> | undefined {
  const sites = new Map<string, string>();
  let plain = true;
  const visit = (v: JsonValue, at: string): void => {
    if (!isObj(v)) return;
    if (at !== '' && (getOwn(v, '$id') !== undefined || typeof getOwn(v, 'id') === 'string')) plain = false;
    if (getOwn(v, '$dynamicRef') !== undefined || getOwn(v, '$recursiveRef') !== undefined) plain = false;
    const ref = getOwn(v, '$ref');
    if (typeof ref === 'string') {
      if (!ref.startsWith('#') || (ref.startsWith('#/') && pointerTokens(ref) === undefined)) plain = false;
      sites.set(at, ref);
    }
    for (const k of ONE) {
      const x = getOwn(v, k);
      if (isObj(x)) visit(x, `${at}/${escape(k)}`);
    }
    for (const k of LISTS) {
      const x = getOwn(v, k);
      if (Array.isArray(x)) x.forEach((y, i) => visit(y, `${at}/${escape(k)}/${i}`));
    }
    for (const k of MAPS) {
      const x = getOwn(v, k);
      if (isObj(x)) for (const name of Object.keys(x)) visit(x[name]!, `${at}/${escape(k)}/${escape(name)}`);
    }
  };
  visit(root, '');
  return plain && sites.size === countRefs(root) ? sites : undefined;
}

/**
 * A local pointer's tokens (`#/a/b` → `['a', 'b']`, `#` → `[]`), each read as a validator reads it,
 * percent-decoded and then unescaped (`#/%24defs/Name` names `$defs`' `Name`: Ajv resolves it so),
 * with the tokens as written beside them; undefined when one cannot be decoded.
 */
function pointerTokens(ref: string): { tokens: string[]; raw: string[] } | undefined {
  if (ref === '#') return { tokens: [], raw: [] };
  if (!ref.startsWith('#/')) return undefined;
  const raw = ref.slice(2).split('/');
  try {
    return { tokens: raw.map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~')), raw };
  } catch {
    return undefined;
  }
}

/** A JSON pointer's tokens as {@link refSites} writes them (escaped, not percent-encoded). */
const siteTokens = (at: string): string[] => (at === '' ? [] : at.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')));

/**
 * The positions in `tokens` (a pointer from the root) that name a definition: `i` where
 * `tokens[i - 1]` is a `$defs`/`definitions` map held by a schema node, read through the keywords
 * that hold subschemas only (the walk stops where the pointer leaves them).
 */
function definitionSteps(tokens: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < tokens.length;) {
    const k = tokens[i]!;
    const next = tokens[i + 1];
    if (LISTS.includes(k) && next !== undefined && /^\d+$/.test(next)) i += 2;
    else if (ONE.includes(k)) i += 1;
    else if (MAPS.includes(k) && next !== undefined) {
      if (DEFINITIONS.includes(k)) out.push(i + 1);
      i += 2;
    } else break;
  }
  return out;
}

/** The schema node at `at` (pointer tokens from the root), or undefined. */
function nodeAt(root: JsonValue, at: string[]): Obj | undefined {
  let v: JsonValue | undefined = root;
  for (const t of at) {
    if (Array.isArray(v)) v = /^\d+$/.test(t) ? v[Number(t)] : undefined;
    else if (isObj(v)) v = getOwn(v, t);
    else return undefined;
  }
  return isObj(v) ? v : undefined;
}

/**
 * Pair the new schema's definitions with the old ones by the `$ref`s at the same places.
 *
 * @param before The old schema.
 * @param after The new schema.
 * @returns The new schema with its definitions renamed to the old names, or undefined when none
 *   needs it (no swap or rotation) or the pairing is not plain.
 * @example renamedDefinitions({properties: {a: {$ref: '#/$defs/A'}}, $defs: {A: {type: 'string'}, B: {}}},
 *   {properties: {a: {$ref: '#/$defs/B'}}, $defs: {A: {}, B: {type: 'string'}}})?.renames // [{keyword: '$defs', at: [], from: 'A', to: 'B'}, {keyword: '$defs', at: [], from: 'B', to: 'A'}]
 */
export function renamedDefinitions(before: JsonValue | null, after: JsonValue | null): RenamedDefinitions | undefined {
  if (!isObj(before) || !isObj(after)) return undefined;
  const sitesB = refSites(before);
  const sitesA = refSites(after);
  if (sitesB === undefined || sitesA === undefined) return undefined;
  // A definitions map is named by the pointer tokens of its node and its keyword (JSON); a
  // definition by its map and name (`map\0name`).
  const mapOf = (at: string[], keyword: string): string => JSON.stringify([...at, keyword]);
  const mapParts = (map: string): { at: string[]; keyword: string } => {
    const t = JSON.parse(map) as string[];
    return { at: t.slice(0, -1), keyword: t[t.length - 1]! };
  };
  const defsIn = (root: Obj, map: string): Obj | undefined => {
    const { at, keyword } = mapParts(map);
    const d = nodeAt(root, at);
    const m = d === undefined ? undefined : getOwn(d, keyword);
    return isObj(m) ? m : undefined;
  };
  const defined = (root: Obj, map: string, name: string): boolean => {
    const d = defsIn(root, map);
    return d !== undefined && getOwn(d, name) !== undefined;
  };
  // New name → old name, and back, per map.
  const toOld = new Map<string, string>();
  const toNew = new Map<string, string>();
  const key = (map: string, name: string): string => `${map}\u0000${name}`;
  let clash = false;
  const pair = (map: string, newName: string, oldName: string): boolean => {
    const n = toOld.get(key(map, newName));
    const o = toNew.get(key(map, oldName));
    if (n === oldName && o === newName) return false;
    if (n !== undefined || o !== undefined) {
      clash = true;
      return false;
    }
    toOld.set(key(map, newName), oldName);
    toNew.set(key(map, oldName), newName);
    return true;
  };
  // Where a site of the new schema sits in the old one: the same pointer, with each definition it
  // passes through named as paired (or, once `keep`, one not paired that the old map has too: itself).
  const oldPlace = (at: string, keep: boolean): string | undefined => {
    const tokens = siteTokens(at);
    const out = [...tokens];
    for (const j of definitionSteps(tokens)) {
      const map = mapOf(tokens.slice(0, j - 1), tokens[j - 1]!);
      const name = tokens[j]!;
      const kept = keep && defined(before, mapOf(out.slice(0, j - 1), out[j - 1]!), name) && !toNew.has(key(map, name)) ? name : undefined;
      const old = toOld.get(key(map, name)) ?? kept;
      if (old === undefined) return undefined;
      out[j] = old;
    }
    return out.map((t) => `/${escape(t)}`).join('');
  };
  // First by the places paired for sure, then reading a definition not paired as itself.
  for (let grew = true, keep = false; (grew || !keep) && !clash;) {
    if (!grew) keep = true;
    grew = false;
    for (const [at, refA] of sitesA) {
      const place = oldPlace(at, keep);
      const refB = place === undefined ? undefined : sitesB.get(place);
      const pa = pointerTokens(refA);
      const pb = refB === undefined ? undefined : pointerTokens(refB);
      if (pa === undefined || pb === undefined || pa.tokens.length !== pb.tokens.length) continue;
      const steps = definitionSteps(pa.tokens);
      if (canonicalize(steps) !== canonicalize(definitionSteps(pb.tokens))) continue;
      if (pa.tokens.some((t, i) => !steps.includes(i) && t !== pb.tokens[i])) continue;
      // Each definition the references pass through, where the maps holding them are the same
      // place on both sides (past a name that differs, a map is another place: not read).
      for (const j of steps) {
        if (pa.tokens.slice(0, j).some((t, i) => t !== pb.tokens[i])) {
          if (pa.tokens[j] !== pb.tokens[j]) clash = true;
          break;
        }
        const map = mapOf(pa.tokens.slice(0, j - 1), pa.tokens[j - 1]!);
        if (!defined(after, map, pa.tokens[j]!) || !defined(before, map, pb.tokens[j]!)) break;
        if (pair(map, pa.tokens[j]!, pb.tokens[j]!)) grew = true;
      }
    }
  }
  if (clash) return undefined;
  const renames: DefinitionRename[] = [];
  for (const [k, oldName] of toOld) {
    const [map, newName] = k.split('\u0000') as [string, string];
    if (newName !== oldName) renames.push({ ...mapParts(map), from: oldName, to: newName });
  }
  // Needed only for a swap or rotation: some name both sides define, with bodies that differ,
  // is another definition's on one side (so compared by name, the two bodies would be set
  // against each other); otherwise the references are compared through the definitions already.
  const body = (root: Obj, map: string, name: string): string => canonicalize(getOwn(defsIn(root, map) ?? {}, name) ?? null);
  const moved = (map: string, name: string): boolean => defined(before, map, name) && defined(after, map, name)
    && body(before, map, name) !== body(after, map, name);
  if (!renames.some((r) => moved(mapOf(r.at, r.keyword), r.to) || moved(mapOf(r.at, r.keyword), r.from))) return undefined;
  // Plain only where a renamed map is the same place on both sides (no definition it sits in is
  // renamed) and is reached through definitions and `properties` (its place can be named).
  for (const r of renames) {
    if (r.at.length % 2 !== 0 || r.at.some((t, i) => i % 2 === 0 && t !== 'properties' && !DEFINITIONS.includes(t))) return undefined;
    const inside = renames.some((o) => o.at.length > r.at.length && canonicalize(o.at.slice(0, r.at.length + 1)) === canonicalize([...r.at, r.keyword])
      && (o.at[r.at.length + 1] === r.from || o.at[r.at.length + 1] === r.to));
    if (inside) return undefined;
  }
  // A definition of the new schema left unpaired keeps its name, unless a renamed one takes it:
  // then it takes an old name left free (one no definition is renamed to, nor keeps), in order
  // (any renaming accepts the same values; `{A, B}` → `{A, B}` where only `A`'s references moved
  // to `B` is a swap).
  for (const map of new Set(renames.map((r) => mapOf(r.at, r.keyword)))) {
    const d = defsIn(after, map);
    const old = defsIn(before, map);
    if (d === undefined || old === undefined) continue;
    const homeless = Object.keys(d).filter((name) => !toOld.has(key(map, name)) && toNew.has(key(map, name))).sort();
    const free = Object.keys(old).filter((name) => !toNew.has(key(map, name)) && (getOwn(d, name) === undefined || toOld.has(key(map, name)))).sort();
    if (homeless.length > free.length) return undefined;
    homeless.forEach((name, i) => {
      pair(map, name, free[i]!);
      renames.push({ ...mapParts(map), from: free[i]!, to: name });
    });
  }
  if (clash) return undefined;
  const oldNameOf = (map: string, name: string): string => toOld.get(key(map, name)) ?? name;
  const newNameOf = (map: string, name: string): string => toNew.get(key(map, name)) ?? name;
  // A reference that dangles in the new schema would name a renamed definition: not plain.
  for (const ref of sitesA.values()) {
    const p = pointerTokens(ref);
    if (p === undefined) continue;
    for (const j of definitionSteps(p.tokens)) {
      const map = mapOf(p.tokens.slice(0, j - 1), p.tokens[j - 1]!);
      if (!defined(after, map, p.tokens[j]!) && toNew.has(key(map, p.tokens[j]!))) return undefined;
    }
  }
  // Only a name that changes is written anew (the rest of a reference is kept as spelled).
  const renameRef = (ref: string, name: (map: string, n: string) => string): string => {
    const p = pointerTokens(ref);
    if (p === undefined) return ref;
    const raw = [...p.raw];
    let changed = false;
    for (const j of definitionSteps(p.tokens)) {
      const to = name(mapOf(p.tokens.slice(0, j - 1), p.tokens[j - 1]!), p.tokens[j]!);
      if (to === p.tokens[j]) continue;
      // The map's keyword is written plain with it (`#/%24defs/A` renamed reads `#/$defs/B`).
      raw[j - 1] = escape(p.tokens[j - 1]!);
      raw[j] = encodeURIComponent(escape(to));
      changed = true;
    }
    return changed ? `#/${raw.join('/')}` : ref;
  };
  const renamedMaps = new Map<Obj, Obj>();
  // The new schema copied with each `$ref` and definition renamed; the rest shared.
  const rewrite = (v: JsonValue, at: string[]): JsonValue => {
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const k of Object.keys(v)) setOwn(out, k, getOwn(v, k)!);
    const ref = getOwn(v, '$ref');
    if (typeof ref === 'string') setOwn(out, '$ref', renameRef(ref, oldNameOf));
    for (const k of ONE) {
      const x = getOwn(v, k);
      if (isObj(x)) setOwn(out, k, rewrite(x, [...at, k]));
    }
    for (const k of LISTS) {
      const x = getOwn(v, k);
      if (Array.isArray(x)) setOwn(out, k, x.map((y, i) => rewrite(y, [...at, k, String(i)])));
    }
    for (const k of MAPS) {
      const x = getOwn(v, k);
      if (!isObj(x)) continue;
      const m: Obj = {};
      const named = DEFINITIONS.includes(k);
      const map = mapOf(at, k);
      for (const name of Object.keys(x)) setOwn(m, named ? oldNameOf(map, name) : name, rewrite(x[name]!, [...at, k, name]));
      if (named) renamedMaps.set(m, x);
      setOwn(out, k, m);
    }
    return out;
  };
  const renamed = rewrite(after, []) as Obj;
  const restore = (value: JsonValue, ref: boolean): JsonValue => {
    if (ref && typeof value === 'string') return renameRef(value, newNameOf);
    if (value === renamed) return after;
    if (isObj(value) && renamedMaps.has(value)) return renamedMaps.get(value)!;
    if (Array.isArray(value)) return value.map((x) => restore(x, false));
    if (!isObj(value)) return value;
    const out: Obj = {};
    for (const k of Object.keys(value)) setOwn(out, k, k === '$ref' ? restore(value[k]!, true) : restore(value[k]!, false));
    return out;
  };
  const order = (r: DefinitionRename): string => canonicalize([...r.at, r.keyword, r.from]);
  renames.sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0));
  return { after: renamed, renames, restore };
}
