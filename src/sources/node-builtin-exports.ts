/**
 * A small table of exports of Node.js built-in modules that servers have stopped on for lack of
 * them, with the Node.js versions that added each, read from the `added:` lines of Node's own
 * documentation (`doc/api/*.md`). With it a failure can say that an export exists in a later
 * Node.js, without relying on the package's `engines` (@dynatrace-oss/dynatrace-mcp-server 2.1.2
 * names none, and its bundled undici calls `markAsUncloneable` from `node:worker_threads`, which
 * Node 20 lacks: `TypeError: webidl.util.markAsUncloneable is not a function`).
 *
 * A row is added when a server is seen to stop on the export; ids are `<module>.<export>` and are
 * never renamed.
 *
 * @module
 */

/** One export of a built-in module and the Node.js versions that added it. */
export interface BuiltinExport {
  /** Stable id: the module without `node:`, a dot, the export (`worker_threads.markAsUncloneable`). */
  readonly id: string;
  /** The module, with `node:` (`node:worker_threads`). */
  readonly module: string;
  /** The export's name (`markAsUncloneable`). */
  readonly name: string;
  /** Every version Node's docs list as adding it, one per release line, lowest first (`v22.10.0`, `v23.0.0`). */
  readonly added: readonly string[];
}

/** The exports, from Node's docs (`added:` in doc/api/module.md, util.md, worker_threads.md). */
export const BUILTIN_EXPORTS: readonly BuiltinExport[] = [
  // @smartbear/mcp 0.41.0 (servers17). The NODE_COMPILE_CACHE variable came in v22.1.0, the function in v22.8.0.
  { id: 'module.enableCompileCache', module: 'node:module', name: 'enableCompileCache', added: ['v22.8.0'] },
  { id: 'util.styleText', module: 'node:util', name: 'styleText', added: ['v20.12.0', 'v21.7.0'] },
  // @dynatrace-oss/dynatrace-mcp-server 2.1.2, through undici 7.
  { id: 'worker_threads.markAsUncloneable', module: 'node:worker_threads', name: 'markAsUncloneable', added: ['v22.10.0', 'v23.0.0'] },
];

/** `v20.20.2` as numbers, or undefined. */
function parts(version: string): [number, number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Whether version a is at least b. */
function atLeast(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

/**
 * Whether a Node.js version has an export: it is at least the highest version that added it, or
 * at least the one that added it on its own release line (a backport: `v22.10.0` for 22.x).
 *
 * @param row The export.
 * @param version The Node.js version (`v20.20.2`).
 * @returns True or false, or undefined when the version cannot be read.
 * @example hasBuiltinExport(BUILTIN_EXPORTS[2]!, 'v22.12.0') // true
 */
export function hasBuiltinExport(row: BuiltinExport, version: string): boolean | undefined {
  const v = parts(version);
  if (v === undefined) return undefined;
  const added = row.added.map(parts).filter((a): a is [number, number, number] => a !== undefined);
  if (added.some((a) => a[0] === v[0] && atLeast(v, a))) return true;
  return added.some((a) => atLeast(v, a) && a === added[added.length - 1]);
}

/**
 * The row for an export, by module (with or without `node:`) and name, or by name alone.
 *
 * @param name The export's name.
 * @param module The module, when known.
 * @returns The row, or undefined.
 * @example builtinExport('markAsUncloneable')?.module // 'node:worker_threads'
 */
export function builtinExport(name: string, module?: string): BuiltinExport | undefined {
  const wanted = module === undefined ? undefined : module.startsWith('node:') ? module : `node:${module}`;
  return BUILTIN_EXPORTS.find((row) => row.name === name && (wanted === undefined || row.module === wanted));
}

/**
 * How the hint names the versions that added an export: `v22.8.0`, `v22.10.0 (v23.0.0 on the 23 line)`.
 *
 * @param row The export.
 * @returns The words.
 * @example addedIn(BUILTIN_EXPORTS[1]!) // 'v20.12.0 (v21.7.0 on the 21 line)'
 */
export function addedIn(row: BuiltinExport): string {
  const [first, ...rest] = row.added;
  return rest.length === 0 ? first! : `${first!} (${rest.map((v) => `${v} on the ${parts(v)?.[0]} line`).join(', ')})`;
}
