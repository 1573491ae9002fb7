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
      if (!ref.startsWith('#') || intoDefinitionsUnread(ref)) plain = false;
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
 * The definition a local `$ref` passes through (`#/$defs/Name`, `#/$defs/Name/properties/x`), and the rest of its pointer.
 * Each token is read as a validator reads it, percent-decoded and then unescaped: `#/%24defs/Name` names `$defs`' `Name`
 * (Ajv resolves it so), and a reference spelled so that was left as written named another body once renamed.
 */
function namedDefinition(ref: string): { keyword: string; name: string; rest: string } | undefined {
  const m = /^#\/([^/]*)\/([^/]*)(\/.*)?$/.exec(ref);
  if (m === null) return undefined;
  const token = (raw: string): string => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
  try {
    const keyword = token(m[1]!);
    return DEFINITIONS.includes(keyword) ? { keyword, name: token(m[2]!), rest: m[3] ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a local `$ref` may point into a definitions map (its first token is one, or cannot be read) without naming a definition plainly. */
function intoDefinitionsUnread(ref: string): boolean {
  if (!ref.startsWith('#/') || namedDefinition(ref) !== undefined) return false;
  const first = /^#\/([^/]*)/.exec(ref)![1]!;
  try {
    return DEFINITIONS.includes(decodeURIComponent(first).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return true;
  }
}

/** The definition a pointer sits in (`/$defs/Name/…`), and the rest of it. */
function inDefinition(at: string): { keyword: string; name: string; rest: string } | undefined {
  const m = /^\/(\$defs|definitions)\/([^/]*)(\/.*)?$/.exec(at);
  return m === null ? undefined : { keyword: m[1]!, name: m[2]!.replace(/~1/g, '/').replace(/~0/g, '~'), rest: m[3] ?? '' };
}

/**
 * Pair the new schema's definitions with the old ones by the `$ref`s at the same places.
 *
 * @param before The old schema.
 * @param after The new schema.
 * @returns The new schema with its definitions renamed to the old names, or undefined when none
 *   needs it (no swap or rotation) or the pairing is not plain.
 * @example renamedDefinitions({properties: {a: {$ref: '#/$defs/A'}}, $defs: {A: {type: 'string'}, B: {}}},
 *   {properties: {a: {$ref: '#/$defs/B'}}, $defs: {A: {}, B: {type: 'string'}}})?.renames // [{keyword: '$defs', from: 'A', to: 'B'}, {keyword: '$defs', from: 'B', to: 'A'}]
 */
export function renamedDefinitions(before: JsonValue | null, after: JsonValue | null): RenamedDefinitions | undefined {
  if (!isObj(before) || !isObj(after)) return undefined;
  const defsB = new Map(DEFINITIONS.map((k) => [k, getOwn(before, k)] as const));
  const defsA = new Map(DEFINITIONS.map((k) => [k, getOwn(after, k)] as const));
  if (!DEFINITIONS.some((k) => isObj(defsB.get(k)) && isObj(defsA.get(k)))) return undefined;
  const sitesB = refSites(before);
  const sitesA = refSites(after);
  if (sitesB === undefined || sitesA === undefined) return undefined;
  const defined = (defs: Map<string, JsonValue | undefined>, keyword: string, name: string): boolean => {
    const d = defs.get(keyword);
    return isObj(d) && getOwn(d, name) !== undefined;
  };
  // New name → old name, and back, per keyword (`keyword\0name`).
  const toOld = new Map<string, string>();
  const toNew = new Map<string, string>();
  const key = (keyword: string, name: string): string => `${keyword}\u0000${name}`;
  let clash = false;
  const pair = (keyword: string, newName: string, oldName: string): boolean => {
    const n = toOld.get(key(keyword, newName));
    const o = toNew.get(key(keyword, oldName));
    if (n === oldName && o === newName) return false;
    if (n !== undefined || o !== undefined) {
      clash = true;
      return false;
    }
    toOld.set(key(keyword, newName), oldName);
    toNew.set(key(keyword, oldName), newName);
    return true;
  };
  // Where a site of the new schema sits in the old one: the same pointer, or, inside a definition
  // already paired, the same place in the old definition's body.
  const oldPlace = (at: string, keep: boolean): string | undefined => {
    const d = inDefinition(at);
    if (d === undefined) return at;
    // A definition not paired (yet) that both sides have, and no other takes its name: itself.
    const kept = keep && defined(defsB, d.keyword, d.name) && !toNew.has(key(d.keyword, d.name)) ? d.name : undefined;
    const old = toOld.get(key(d.keyword, d.name)) ?? kept;
    return old === undefined ? undefined : `/${escape(d.keyword)}/${escape(old)}${d.rest}`;
  };
  // First by the places paired for sure, then reading a definition not paired as itself.
  for (let grew = true, keep = false; (grew || !keep) && !clash;) {
    if (!grew) keep = true;
    grew = false;
    for (const [at, refA] of sitesA) {
      const place = oldPlace(at, keep);
      const refB = place === undefined ? undefined : sitesB.get(place);
      const da = namedDefinition(refA);
      const db = refB === undefined ? undefined : namedDefinition(refB);
      if (da === undefined || db === undefined || da.keyword !== db.keyword || da.rest !== db.rest) continue;
      if (!defined(defsA, da.keyword, da.name) || !defined(defsB, db.keyword, db.name)) continue;
      if (pair(da.keyword, da.name, db.name)) grew = true;
    }
  }
  if (clash) return undefined;
  const renames: DefinitionRename[] = [];
  for (const [k, oldName] of toOld) {
    const [keyword, newName] = k.split('\u0000') as [string, string];
    if (newName !== oldName) renames.push({ keyword, from: oldName, to: newName });
  }
  // Needed only for a swap or rotation: some name both sides define, with bodies that differ,
  // is another definition's on one side (so compared by name, the two bodies would be set
  // against each other); otherwise the references are compared through the definitions already.
  const body = (defs: Map<string, JsonValue | undefined>, keyword: string, name: string): string => {
    const d = defs.get(keyword);
    return isObj(d) ? canonicalize(getOwn(d, name) ?? null) : 'null';
  };
  const moved = (keyword: string, name: string): boolean => defined(defsB, keyword, name) && defined(defsA, keyword, name)
    && body(defsB, keyword, name) !== body(defsA, keyword, name);
  if (!renames.some((r) => moved(r.keyword, r.to) || moved(r.keyword, r.from))) return undefined;
  // A definition of the new schema left unpaired keeps its name, unless a renamed one takes it:
  // then it takes an old name left free (one no definition is renamed to, nor keeps), in order
  // (any renaming accepts the same values; `{A, B}` → `{A, B}` where only `A`'s references moved
  // to `B` is a swap).
  for (const keyword of DEFINITIONS) {
    const d = defsA.get(keyword);
    const old = defsB.get(keyword);
    if (!isObj(d) || !isObj(old)) continue;
    const homeless = Object.keys(d).filter((name) => !toOld.has(key(keyword, name)) && toNew.has(key(keyword, name))).sort();
    const free = Object.keys(old).filter((name) => !toNew.has(key(keyword, name)) && (getOwn(d, name) === undefined || toOld.has(key(keyword, name)))).sort();
    if (homeless.length > free.length) return undefined;
    homeless.forEach((name, i) => {
      pair(keyword, name, free[i]!);
      renames.push({ keyword, from: free[i]!, to: name });
    });
  }
  if (clash) return undefined;
  const oldNameOf = (keyword: string, name: string): string => toOld.get(key(keyword, name)) ?? name;
  const newNameOf = (keyword: string, name: string): string => toNew.get(key(keyword, name)) ?? name;
  // A reference that dangles in the new schema would name a renamed definition: not plain.
  for (const ref of sitesA.values()) {
    const d = namedDefinition(ref);
    if (d !== undefined && !defined(defsA, d.keyword, d.name) && toNew.has(key(d.keyword, d.name))) return undefined;
  }
  // Only a name that changes is written anew (a reference kept is kept as spelled).
  const renameRef = (ref: string, name: (keyword: string, n: string) => string): string => {
    const d = namedDefinition(ref);
    const to = d === undefined ? undefined : name(d.keyword, d.name);
    return d === undefined || to === d.name ? ref : `#/${d.keyword}/${encodeURIComponent(escape(to!))}${d.rest}`;
  };
  const renamedMaps = new Map<Obj, Obj>();
  // The new schema copied with each `$ref` and root definition renamed; the rest shared.
  const rewrite = (v: JsonValue, root: boolean): JsonValue => {
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const k of Object.keys(v)) setOwn(out, k, getOwn(v, k)!);
    const ref = getOwn(v, '$ref');
    if (typeof ref === 'string') setOwn(out, '$ref', renameRef(ref, oldNameOf));
    for (const k of ONE) {
      const x = getOwn(v, k);
      if (isObj(x)) setOwn(out, k, rewrite(x, false));
    }
    for (const k of LISTS) {
      const x = getOwn(v, k);
      if (Array.isArray(x)) setOwn(out, k, x.map((y, i) => rewrite(y, false)));
    }
    for (const k of MAPS) {
      const x = getOwn(v, k);
      if (!isObj(x)) continue;
      const m: Obj = {};
      const named = root && DEFINITIONS.includes(k);
      for (const name of Object.keys(x)) setOwn(m, named ? oldNameOf(k, name) : name, rewrite(x[name]!, false));
      if (named) renamedMaps.set(m, x);
      setOwn(out, k, m);
    }
    return out;
  };
  const renamed = rewrite(after, true) as Obj;
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
  renames.sort((x, y) => (x.keyword === y.keyword ? (x.from < y.from ? -1 : x.from > y.from ? 1 : 0) : x.keyword < y.keyword ? -1 : 1));
  return { after: renamed, renames, restore };
}
