/**
 * The pattern registry assembled from `patterns/<family>.ts`: module lookup by specifier, the
 * globals the scanner knows, and {@link resolveReference}, which maps a resolved reference
 * (a source plus a member path) to its pattern row and raw identifier.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from './types.ts';
import { FILESYSTEM_HANDLES, FILESYSTEM_IGNORED, FILESYSTEM_MODULES, FILESYSTEM_PATTERNS } from './patterns/filesystem.ts';
import { NETWORK_IGNORED, NETWORK_MODULE_PREFIXES, NETWORK_MODULES, NETWORK_PATTERNS } from './patterns/network.ts';
import { SUBPROCESS_MODULES, SUBPROCESS_PATTERNS } from './patterns/subprocess.ts';
import { CRYPTO_MODULES, CRYPTO_PATTERNS } from './patterns/crypto.ts';
import { CODE_EVALUATION_IGNORED, CODE_EVALUATION_MODULES, CODE_EVALUATION_PATTERNS } from './patterns/code-evaluation.ts';
import { ENVIRONMENT_MODULES, ENVIRONMENT_PATTERNS } from './patterns/environment.ts';
import { indexRowsBySource } from './row-index.ts';

/**
 * The Python capability rows (`patterns/python-capabilities.ts`). They have their own lookup
 * (`python/python-index.ts`): a JavaScript reference never matches a Python module, nor the reverse.
 */
export { PYTHON_PATTERNS as PYTHON_CAPABILITY_PATTERNS } from './patterns/python-capabilities.ts';

/** The Go capability rows (`patterns/go-capabilities.ts`), with their own lookup (`go/go-index.ts`). */
export { GO_PATTERNS as GO_CAPABILITY_PATTERNS } from './patterns/go-capabilities.ts';

/** Every capability pattern row, in family order. */
export const CAPABILITY_PATTERNS: readonly CapabilityPattern[] = [
  ...FILESYSTEM_PATTERNS,
  ...NETWORK_PATTERNS,
  ...SUBPROCESS_PATTERNS,
  ...CRYPTO_PATTERNS,
  ...CODE_EVALUATION_PATTERNS,
  ...ENVIRONMENT_PATTERNS,
];

const MODULES: Readonly<Record<string, ModuleInfo>> = {
  ...FILESYSTEM_MODULES,
  ...NETWORK_MODULES,
  ...SUBPROCESS_MODULES,
  ...CRYPTO_MODULES,
  ...CODE_EVALUATION_MODULES,
  ...ENVIRONMENT_MODULES,
};

/** Global namespaces that behave like modules (`Deno.readTextFile`, `crypto.subtle`). */
export const GLOBAL_NAMESPACES: Readonly<Record<string, ModuleInfo>> = {
  Deno: { source: 'Deno', display: 'Deno' },
  Bun: { source: 'Bun', display: 'Bun' },
  process: { source: 'process', display: 'process' },
  crypto: { source: 'webcrypto', display: 'crypto' },
  WebAssembly: { source: 'WebAssembly', display: 'WebAssembly' },
  navigator: { source: 'navigator', display: 'navigator' },
};

/** Names of the global object. */
export const GLOBAL_ROOTS: ReadonlySet<string> = new Set(['globalThis', 'global', 'window', 'self']);

/** Display names of sources that are not modules. */
const HANDLE_DISPLAY: Readonly<Record<string, string>> = { ...FILESYSTEM_HANDLES, 'import.meta': 'import.meta' };

const INDEX = indexRowsBySource(CAPABILITY_PATTERNS, 'JavaScript');
/** Members of a source that are not capabilities (`fs.constants`, …). */
const IGNORED = new Map<string, Set<string>>();
for (const [source, members] of Object.entries({ ...FILESYSTEM_IGNORED, ...NETWORK_IGNORED, ...CODE_EVALUATION_IGNORED })) {
  if (!INDEX.has(source)) continue;
  let ignored = IGNORED.get(source);
  if (ignored === undefined) IGNORED.set(source, (ignored = new Set()));
  for (const m of members) ignored.add(m);
}

/** Every pattern row by id (companion rows named in `also` are looked up here). */
export const PATTERN_BY_ID: ReadonlyMap<string, CapabilityPattern> = new Map(CAPABILITY_PATTERNS.map((p) => [p.id, p]));
for (const pattern of CAPABILITY_PATTERNS) {
  for (const id of pattern.also ?? []) if (PATTERN_BY_ID.get(id)?.sources.length !== 0) throw new Error(`${pattern.id}: companion row "${id}" must exist and have no sources`);
}

/** Names that are capability globals by themselves (`fetch`, `eval`, `WebSocket`, ...). */
export const GLOBAL_MEMBERS: ReadonlySet<string> = new Set(INDEX.get('global')?.members.keys() ?? []);

/** Result of {@link resolveReference}. */
export interface Resolution {
  pattern: CapabilityPattern;
  /** The member matched (after normalization), absent for a module-level reference. */
  member?: string;
  /** Raw capability identifier for the lockfile. */
  raw: string;
}

/**
 * The package name of a bare specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`).
 *
 * @param specifier A bare module specifier.
 * @returns The package name.
 * @example
 * packageName('@noble/curves/ed25519') // '@noble/curves'
 */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * Normalize a specifier: drop `node:`, and `npm:` with a version (`npm:axios@1` → `axios`).
 *
 * @param specifier A module specifier as written.
 * @returns The specifier without runtime prefixes.
 * @example
 * normalizeSpecifier('node:fs/promises') // 'fs/promises'
 */
export function normalizeSpecifier(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier.slice(5);
  if (specifier.startsWith('npm:')) {
    const rest = specifier.slice(4);
    const at = rest.indexOf('@', rest.startsWith('@') ? 1 : 0);
    if (at < 0) return rest;
    const slash = rest.indexOf('/', at);
    return rest.slice(0, at) + (slash < 0 ? '' : rest.slice(slash));
  }
  return specifier;
}

/**
 * Look a module specifier up in the capability module tables.
 *
 * @param specifier A module specifier (`fs`, `node:fs/promises`, `axios/lib/x`, `npm:got@14`).
 * @returns The source and display name, or `undefined` when the module carries no known capability.
 * @example
 * lookupModule('node:child_process') // { source: 'child_process', display: 'child_process' }
 */
export function lookupModule(specifier: string): ModuleInfo | undefined {
  const normalized = normalizeSpecifier(specifier);
  const exact = MODULES[normalized];
  if (exact !== undefined || isRelativeSpecifier(normalized)) return exact;
  // An SDK client file without its extension (`@modelcontextprotocol/sdk/client/stdio`).
  const withJs = normalized.startsWith('@modelcontextprotocol/sdk/') && !/\.[cm]?js$/.test(normalized) ? MODULES[`${normalized}.js`] : undefined;
  if (withJs !== undefined) return withJs;
  const name = packageName(normalized);
  const byName = MODULES[name];
  if (byName !== undefined) return byName;
  for (const [prefix, source] of Object.entries(NETWORK_MODULE_PREFIXES)) if (name.startsWith(prefix) && name.length > prefix.length) return { source, display: name };
  return undefined;
}

/**
 * Whether a specifier points at a local file (`./x`, `../x`, `/x`, `.`, `..`).
 *
 * @param specifier A module specifier.
 * @returns True for relative and absolute file specifiers.
 * @example
 * isRelativeSpecifier('./helper.js') // true
 */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier === '.' || specifier === '..' || specifier.startsWith('file:');
}

const NODE_BUILTINS = new Set([
  'assert', 'async_hooks', 'buffer', 'child_process', 'cluster', 'console', 'constants', 'crypto', 'dgram',
  'diagnostics_channel', 'dns', 'domain', 'events', 'fs', 'http', 'http2', 'https', 'inspector', 'module', 'net', 'os',
  'path', 'perf_hooks', 'process', 'punycode', 'querystring', 'readline', 'repl', 'sea', 'sqlite', 'stream',
  'string_decoder', 'sys', 'test', 'timers', 'tls', 'trace_events', 'tty', 'url', 'util', 'v8', 'vm', 'wasi',
  'worker_threads', 'zlib', 'bun',
]);

/**
 * Whether a specifier names a runtime built-in (`node:`-prefixed, a Node core module, `bun`, `bun:*`).
 *
 * @param specifier A module specifier.
 * @returns True for built-ins.
 * @example
 * isBuiltinSpecifier('fs/promises') // true
 */
export function isBuiltinSpecifier(specifier: string): boolean {
  if (specifier.startsWith('node:') || specifier.startsWith('bun:')) return true;
  return NODE_BUILTINS.has(specifier.split('/')[0]!);
}

/**
 * Display name of a source (a module display, a handle kind, or '' for globals).
 *
 * @param source A pattern source key.
 * @returns The name used as the raw identifier prefix.
 * @example
 * sourceDisplay('fs-handle') // 'fs.FileHandle'
 */
export function sourceDisplay(source: string): string {
  return HANDLE_DISPLAY[source] ?? (source === 'global' ? '' : source);
}

/**
 * Resolve a reference to its pattern row.
 *
 * The path is the member chain after the module binding; a leading `default` is dropped, and for
 * `fs` and `dns` a leading `promises`; a member ending in `Sync` falls back to the name without it.
 *
 * @param source Pattern source key (`fs`, `global`, `Deno`, `fs-handle`, `axios`, ...).
 * @param display Display name for raw identifiers (e.g. `fs-extra` for source `fs`).
 * @param path Member path (may be empty for a bare module reference).
 * @returns The resolution, `'ignored'` for a known non-capability member, or `undefined`.
 * @example
 * resolveReference('fs', 'fs', ['promises', 'writeFile'])?.raw // 'fs.writeFile'
 */
export function resolveReference(source: string, display: string, path: readonly string[]): Resolution | 'ignored' | undefined {
  const entry = INDEX.get(source);
  if (entry === undefined) return undefined;
  let start = 0;
  if (path[start] === 'default') start++;
  if ((source === 'fs' || source === 'dns') && path[start] === 'promises') start++;
  const member = path[start];
  if (member === undefined) {
    if (entry.fallback === undefined) return undefined;
    return { pattern: entry.fallback, raw: display };
  }
  const base = member.endsWith('Sync') ? member.slice(0, -4) : undefined;
  const ignored = IGNORED.get(source);
  if (ignored !== undefined && (ignored.has(member) || (base !== undefined && ignored.has(base)))) return 'ignored';
  const row = entry.members.get(member) ?? (base !== undefined ? entry.members.get(base) : undefined);
  const pattern = row ?? entry.fallback;
  if (pattern === undefined) return undefined;
  const raw = pattern.raw === 'module' ? display : display === '' ? member : `${display}.${member}`;
  return { pattern, member, raw };
}
