/**
 * Which nodes of a schema may judge the same value as a given node: the nodes that apply it in place
 * (its `allOf`/`anyOf`/`oneOf` owner, the node whose `if`, `then`, `else`, `not` or
 * `dependentSchemas` entry it is, every node whose `$ref` names it, and theirs, up to where a value
 * starts), and every subschema those apply in place (`allOf` branches, the definitions their
 * `$ref`s name, and also what applies only to some values: `anyOf`/`oneOf` alternatives, `then`,
 * `dependentSchemas` entries …), and theirs. A definition compared where it stands
 * (`$.$defs.Name`) has no parent in the walk; through this it has the nodes that name it. The group
 * is wide on purpose: a node in it may or may not have applied to a given value, and the diff uses
 * it only to say a property's value may have been judged before (never that it was not).
 *
 * Nodes are found by the path the schema diff gives them (`$`, `$.a`, `$.anyOf[1]`, `$.$defs.D`,
 * `$.then`, `$.dependentSchemas.b`, `$.rows[]`, `$.*`), read from the schema as written.
 *
 * @module
 */
import { getOwn } from '../../canonical/own.ts';
import type { JsonValue } from '../../canonical/strict-json.ts';
import { childField } from '../path.ts';

type Obj = { [key: string]: JsonValue };

const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose subschemas judge the value of their node in place, for some values or every one (`allOf`). */
const BRANCHES = ['allOf', 'anyOf', 'oneOf'];
const SINGLE_IN_PLACE = ['if', 'then', 'else', 'not'];
const MAPS_IN_PLACE = ['dependentSchemas', 'dependencies'];
/** Keywords whose subschemas judge other values (properties, items, names): a new value starts there. */
const SINGLE_ELSEWHERE: [string, string][] = [['items', '[]'], ['additionalProperties', '.*'], ['contains', '.contains'], ['propertyNames', '.propertyNames'],
  ['additionalItems', '.additionalItems'], ['unevaluatedItems', '.unevaluatedItems'], ['unevaluatedProperties', '.unevaluatedProperties']];
const DEFINITIONS = ['$defs', 'definitions'];
/** At most this many nodes are indexed in one schema: past it, no group is known (undefined). */
const MAX_NODES = 20000;

/** The in-place relations of one schema's nodes, built once per schema. */
export interface InPlaceIndex {
  /**
   * The nodes that may judge, beside the node(s) at `path`, a value that node judges (see the
   * module comment), the node itself left out; undefined when no node is known at `path`.
   */
  group(path: string): Obj[] | undefined;
}

/**
 * Index `schema` for {@link InPlaceIndex.group}.
 *
 * @param schema A schema as written (the diff's old or new side).
 * @returns The index; its `group` is undefined everywhere for a schema too large to index.
 * @example inPlaceIndex({ properties: { a: { type: 'number' } }, $ref: '#/$defs/D', $defs: { D: {} } }).group('$.$defs.D') // [the root]
 */
export function inPlaceIndex(schema: JsonValue | null): InPlaceIndex {
  const byPath = new Map<string, Obj[]>();
  const parents = new Map<Obj, Obj[]>();
  const children = new Map<Obj, Obj[]>();
  const anchors = new Map<string, Obj>();
  const refs: [Obj, string][] = [];
  const seen = new Set<Obj>();
  let overflow = false;
  const link = (map: Map<Obj, Obj[]>, from: Obj, to: Obj): void => {
    const list = map.get(from);
    if (list === undefined) map.set(from, [to]);
    else list.push(to);
  };
  const visit = (n: JsonValue | undefined, path: string, parent?: Obj): void => {
    if (!isObj(n)) return;
    if (parent !== undefined) {
      link(parents, n, parent);
      link(children, parent, n);
    }
    const at = byPath.get(path);
    if (at === undefined) byPath.set(path, [n]);
    else if (!at.includes(n)) at.push(n);
    if (seen.has(n)) return;
    seen.add(n);
    if (seen.size > MAX_NODES) {
      overflow = true;
      return;
    }
    const anchor = getOwn(n, '$anchor');
    if (typeof anchor === 'string') anchors.set(anchor, n);
    const ref = getOwn(n, '$ref');
    if (typeof ref === 'string') refs.push([n, ref]);
    for (const k of BRANCHES) {
      const list = getOwn(n, k);
      if (Array.isArray(list)) list.forEach((x, i) => visit(x, `${path}.${k}[${i}]`, n));
    }
    for (const k of SINGLE_IN_PLACE) visit(getOwn(n, k), `${path}.${k}`, n);
    for (const k of MAPS_IN_PLACE) {
      const m = getOwn(n, k);
      if (isObj(m)) for (const name of Object.keys(m)) visit(getOwn(m, name), childField(`${path}.${k}`, name), n);
    }
    const props = getOwn(n, 'properties');
    if (isObj(props)) for (const name of Object.keys(props)) visit(getOwn(props, name), childField(path, name));
    const patterns = getOwn(n, 'patternProperties');
    if (isObj(patterns)) for (const p of Object.keys(patterns)) visit(getOwn(patterns, p), childField(`${path}.patternProperties`, p));
    for (const [k, suffix] of SINGLE_ELSEWHERE) {
      const v = getOwn(n, k);
      if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${path}[${i}]`));
      else visit(v, `${path}${suffix}`);
    }
    const prefix = getOwn(n, 'prefixItems');
    if (Array.isArray(prefix)) prefix.forEach((x, i) => visit(x, `${path}[${i}]`));
    for (const k of DEFINITIONS) {
      const defs = getOwn(n, k);
      if (isObj(defs)) for (const name of Object.keys(defs)) visit(getOwn(defs, name), childField(`${path}.${k}`, name));
    }
  };
  visit(schema ?? undefined, '$');
  // A `$ref` applies what it names in place, to every value its node judges.
  const target = (ref: string): Obj | undefined => {
    if (ref === '#' || ref === '#/') return isObj(schema ?? undefined) ? (schema as Obj) : undefined;
    if (!ref.startsWith('#/')) return /^#[A-Za-z_][\w.-]*$/.test(ref) ? anchors.get(ref.slice(1)) : undefined;
    let node: JsonValue | undefined = schema ?? undefined;
    for (const raw of ref.slice(2).split('/')) {
      let seg: string;
      try {
        seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      node = Array.isArray(node) && /^\d+$/.test(seg) ? node[Number(seg)] : isObj(node) ? getOwn(node, seg) : undefined;
    }
    return isObj(node) ? node : undefined;
  };
  for (const [n, ref] of refs) {
    const t = target(ref);
    if (t !== undefined) {
      link(parents, t, n);
      link(children, n, t);
    }
  }
  return {
    group(path: string): Obj[] | undefined {
      const start = byPath.get(path);
      if (overflow || start === undefined) return undefined;
      const up = new Set<Obj>(start);
      const queue = [...start];
      while (queue.length > 0) for (const p of parents.get(queue.pop()!) ?? []) if (!up.has(p)) up.add(p), queue.push(p);
      const out = new Set<Obj>(up);
      const down = [...up];
      while (down.length > 0) for (const c of children.get(down.pop()!) ?? []) if (!out.has(c)) out.add(c), down.push(c);
      for (const n of start) out.delete(n);
      return [...out];
    },
  };
}
