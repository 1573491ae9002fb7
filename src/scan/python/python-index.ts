/**
 * Lookup over the Python capability rows: the longest known module prefix of a dotted path, a
 * (module, member) pair to its row and raw identifier, and the names a star import binds. Kept
 * apart from the JavaScript index so a JavaScript `require('subprocess')` or a Python
 * `import fs` never matches the other language's rows.
 *
 * @module
 */
import type { FileAccess } from '../types.ts';
import type { PythonPattern } from './python-pattern.ts';
import { PYTHON_DAV_SOURCE, PYTHON_IGNORED, PYTHON_PATTERNS, pythonDavModule } from '../patterns/python-capabilities.ts';
import { indexRowsBySource } from '../row-index.ts';

const INDEX = indexRowsBySource(PYTHON_PATTERNS.filter((p) => p.moduleObject !== true), 'Python');

/**
 * The rows of a module: its own, else, for a top-level module named for WebDAV, CalDAV or
 * CardDAV (`webdav3`, `easywebdav`), the rows of that name (a pattern, not a list).
 */
function rowsOf(name: string): ReturnType<typeof INDEX.get> {
  return INDEX.get(name) ?? (!name.includes('.') && pythonDavModule(name) ? INDEX.get(PYTHON_DAV_SOURCE) : undefined);
}

/** The module-object rows of each module (`os` → its filesystem and subprocess rows). */
const MODULE_OBJECTS = new Map<string, PythonPattern[]>();
for (const row of PYTHON_PATTERNS) {
  if (row.moduleObject !== true) continue;
  for (const source of row.sources) MODULE_OBJECTS.set(source, [...(MODULE_OBJECTS.get(source) ?? []), row]);
}

/** Every Python row by id (companion rows named in `also` are looked up here). */
export const PYTHON_PATTERN_BY_ID: ReadonlyMap<string, PythonPattern> = new Map(PYTHON_PATTERNS.filter((p) => p.variant !== true).map((p) => [p.id, p]));

/** Result of {@link resolvePython}. */
export interface PythonResolution {
  pattern: PythonPattern;
  /** The member matched, absent for a module-level reference. */
  member?: string;
  /** Raw capability identifier for the lockfile. */
  raw: string;
}

/**
 * How many leading segments of a dotted path name a module the rows know (the longest wins:
 * `os.path.exists` → 2 for `os.path`).
 *
 * @param path Segments of a reference (`['os', 'path', 'exists']`).
 * @returns The prefix length, 0 when no prefix is a known module.
 * @example
 * knownModulePrefix(['urllib', 'request', 'urlopen']) // 2
 */
export function knownModulePrefix(path: readonly string[]): number {
  let name = '';
  let best = 0;
  for (let k = 0; k < path.length; k++) {
    name = k === 0 ? path[0]! : `${name}.${path[k]}`;
    if (rowsOf(name) !== undefined) best = k + 1;
  }
  return best;
}

/**
 * Exceptions, warnings and ALL_CAPS constants, also private ones (`socket._GLOBAL_DEFAULT_TIMEOUT`),
 * are no capability (called, an ALL_CAPS name is a class: `CDLL(…)`).
 */
function isInert(member: string, called: boolean): boolean {
  return (!called && /^_*[A-Z][A-Z0-9_]*$/.test(member)) || /(?:Error|Exception|Warning)$/.test(member);
}

/**
 * Resolve a module (or `builtins`, or `pathlib.Path`) and a member to its row.
 *
 * @param source A source key (`os`, `subprocess`, `builtins`, `pathlib.Path`).
 * @param member The member after the module, or undefined for the module itself.
 * @param called Whether the reference is called (an ALL_CAPS member is a constant only when not).
 * @param next The name after the member, if any (`from_pretrained` of `AutoModel.from_pretrained`).
 * @returns The row and raw identifier, `'ignored'` for a known inert member, or undefined.
 * @example
 * resolvePython('os', 'system')?.raw // 'os.system'
 */
export function resolvePython(source: string, member: string | undefined, called = false, next?: string): PythonResolution | 'ignored' | undefined {
  const entry = rowsOf(source);
  if (entry === undefined) return undefined;
  if (member === undefined) return entry.fallback === undefined ? undefined : { pattern: entry.fallback, raw: source };
  const row = entry.members.get(member);
  // `AutoModel.from_pretrained(id)`: a method a row lists for every class of the module (`*.from_pretrained`).
  const anyClass = row === undefined && next !== undefined && /^[A-Z]/.test(member) ? entry.members.get(`*.${next}`) : undefined;
  if (anyClass !== undefined) return { pattern: anyClass, member: next, raw: `${source}.${member}.${next}` };
  if (row === undefined && (PYTHON_IGNORED[source]?.includes(member) === true || isInert(member, called))) return 'ignored';
  const pattern = row ?? entry.fallback;
  if (pattern === undefined) return undefined;
  const raw = pattern.raw === 'module' ? source : source === 'builtins' ? member : `${source}.${member}`;
  return { pattern, member, raw };
}

/**
 * The names `from <source> import *` binds as capabilities: the members of the source's rows and
 * the public names listed for a row that matches every member.
 *
 * @param source A module name.
 * @returns The names, empty for a module without rows.
 * @example
 * starNames('subprocess').includes('run') // true
 */
export function starNames(source: string): readonly string[] {
  const entry = rowsOf(source);
  if (entry === undefined) return [];
  return [...entry.members.keys(), ...(entry.fallback?.star ?? [])];
}

/**
 * Whether a dotted module name (or a prefix of it) carries a Python capability row.
 *
 * @param name A module name, e.g. `subprocess`, `urllib.request.x`.
 * @returns True when a known module is a prefix of it.
 * @example
 * isPythonCapabilityModule('requests.adapters') // true
 */
export function isPythonCapabilityModule(name: string): boolean {
  return knownModulePrefix(name.split('.')) > 0 && !name.startsWith('builtins') && !name.startsWith('pathlib');
}

/** A module-object row for one module, with the access its member rows agree on. */
export interface ModuleObjectRow {
  pattern: PythonPattern;
  /** `read` when every filesystem row of the module reads (`os.path`, `glob`); else undecided. */
  access?: FileAccess;
}

/**
 * The rows a module object handed on whole reports (`helper(os)`): one per family its member
 * rows belong to. A filesystem one is a read when every filesystem member row of the module is a
 * read without a mode to decide (`os.path`, `glob`, `sqlite3`), else its access is not decided.
 *
 * @param module A dotted module name (`os`, `os.path`, `pickle`).
 * @returns The rows, empty for a module without them (its rows, if any, match every member).
 * @example
 * moduleObjectRows('os').map((r) => r.pattern.family) // ['filesystem', 'subprocess']
 */
export function moduleObjectRows(module: string): ModuleObjectRow[] {
  const rows = MODULE_OBJECTS.get(module);
  if (rows === undefined) return [];
  const members = [...(INDEX.get(module)?.members.values() ?? [])].filter((p) => p.family === 'filesystem');
  const reads = members.length > 0 && members.every((p) => p.access === 'read' && p.mode === undefined);
  return rows.map((pattern) => (pattern.family === 'filesystem' && reads ? { pattern, access: 'read' } : { pattern }));
}

/** The first segment of every module a Python row names (`google` for `google.cloud`). */
const CAPABILITY_TOPS = new Set([...INDEX.keys(), ...MODULE_OBJECTS.keys()].map((name) => name.split('.')[0]!));

/**
 * Whether a top-level name starts a module some Python row names (a capability package or
 * standard library module, or the namespace of one: `google` for `google.cloud`).
 *
 * @param name A top-level module name.
 * @returns True when a row's module starts with it.
 * @example
 * isPythonCapabilityTop('google') // true
 */
export function isPythonCapabilityTop(name: string): boolean {
  return CAPABILITY_TOPS.has(name) || pythonDavModule(name);
}
