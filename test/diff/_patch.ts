/**
 * Test helper: a small RFC 6902 JSON Patch (add, remove, replace, move, copy) used by the rule
 * vectors to derive before/after contract sets from one base.
 *
 * @module
 */

/** One JSON Patch operation. */
export interface PatchOp {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy';
  path: string;
  from?: string;
  value?: unknown;
}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Bad JSON pointer "${pointer}"`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parent(doc: unknown, pointer: string): [Record<string, unknown> | unknown[], string] {
  const ts = tokens(pointer);
  let cur = doc as Record<string, unknown>;
  for (const t of ts.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object' || !(t in cur)) throw new Error(`Patch path "${pointer}" does not exist`);
    cur = cur[t] as Record<string, unknown>;
  }
  return [cur, ts[ts.length - 1]!];
}

function get(doc: unknown, pointer: string): unknown {
  const [p, k] = parent(doc, pointer);
  if (!(k in (p as object))) throw new Error(`Patch path "${pointer}" does not exist`);
  return (p as Record<string, unknown>)[k];
}

function remove(doc: unknown, pointer: string): unknown {
  const [p, k] = parent(doc, pointer);
  const old = get(doc, pointer);
  if (Array.isArray(p)) p.splice(Number(k), 1);
  else delete (p as Record<string, unknown>)[k];
  return old;
}

function add(doc: unknown, pointer: string, value: unknown): void {
  const [p, k] = parent(doc, pointer);
  if (Array.isArray(p)) p.splice(k === '-' ? p.length : Number(k), 0, value);
  else (p as Record<string, unknown>)[k] = value;
}

/**
 * Apply a patch to a deep copy of a document.
 *
 * @param doc The document (not changed).
 * @param ops The operations, applied in order.
 * @returns The patched copy.
 */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  const out = structuredClone(doc);
  for (const op of ops) {
    switch (op.op) {
      case 'add': add(out, op.path, structuredClone(op.value)); break;
      case 'remove': remove(out, op.path); break;
      case 'replace': get(out, op.path); {
        const [p, k] = parent(out, op.path);
        (p as Record<string, unknown>)[k] = structuredClone(op.value);
      } break;
      case 'move': add(out, op.path, remove(out, op.from!)); break;
      case 'copy': add(out, op.path, structuredClone(get(out, op.from!))); break;
    }
  }
  return out;
}

/**
 * A copy of `doc` with the node at `path` set to `value`, or removed (from an array: spliced out)
 * when `value` is undefined: the mutation tests' one edit.
 */
export function setAt<T>(doc: T, path: readonly (string | number)[], value: unknown): T {
  const out = structuredClone(doc);
  let cur = out as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else cur[last] = value;
  return out;
}
