/**
 * The pattern registry assembled from `patterns/<family>.ts`: module lookup by specifier, the
 * globals the scanner knows, and {@link resolveReference}, which maps a resolved reference
 * (a source plus a member path) to its pattern row and raw identifier.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from './types.ts';
import { FILESYSTEM_HANDLES, FILESYSTEM_IGNORED, FILESYSTEM_MEMBER_MODULES, FILESYSTEM_MODULES, FILESYSTEM_PATTERNS } from './patterns/filesystem.ts';
import { NETWORK_HANDLES, NETWORK_IGNORED, NETWORK_MEMBER_MODULES, NETWORK_MODULE_PREFIXES, NETWORK_MODULES, NETWORK_NAME_SUFFIX_EXCEPTIONS, NETWORK_NAME_SUFFIXES, NETWORK_NAME_WORD_EXCEPTIONS, NETWORK_NAME_WORDS, NETWORK_PATTERNS } from './patterns/network.ts';
import { SUBPROCESS_MEMBER_MODULES, SUBPROCESS_MODULES, SUBPROCESS_PATTERNS } from './patterns/subprocess.ts';
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
/** The Rust capability rows (`patterns/rust-capabilities.ts`), with their own lookup (`rust/rust-index.ts`). */
export { RUST_PATTERNS as RUST_CAPABILITY_PATTERNS } from './patterns/rust-capabilities.ts';

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
  // No rows: bound only so that a file access can see its path is `os.devNull`, the null device.
  os: { source: 'os', display: 'os' },
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
const HANDLE_DISPLAY: Readonly<Record<string, string>> = { ...FILESYSTEM_HANDLES, ...NETWORK_HANDLES, 'import.meta': 'import.meta' };

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
  for (const id of [...(pattern.also ?? []), ...(pattern.urlCompanion !== undefined ? [pattern.urlCompanion] : []), ...(pattern.remoteWhenUrl !== undefined ? [pattern.remoteWhenUrl] : [])]) if (PATTERN_BY_ID.get(id)?.sources.length !== 0) throw new Error(`${pattern.id}: companion row "${id}" must exist and have no sources`);
}

/** Package members that are modules of their own (zx's `fs`, jsdom's `JSDOM`): the rest of a chain is looked up there. */
const MEMBER_MODULES = { ...SUBPROCESS_MEMBER_MODULES, ...NETWORK_MEMBER_MODULES, ...FILESYSTEM_MEMBER_MODULES };

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

/** The normalized prefix of a module from Deno's third-party registry (`https://deno.land/x/…`). */
const DENO_LAND_X = 'deno.land/x/';

/**
 * The package name of a bare specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`,
 * `deno.land/x/name/sub` → `deno.land/x/name`).
 *
 * @param specifier A bare module specifier.
 * @returns The package name.
 * @example
 * packageName('@noble/curves/ed25519') // '@noble/curves'
 */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  if (specifier.startsWith(DENO_LAND_X) && parts.length > 2) return parts.slice(0, 3).join('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * A registry package specifier without its version: `name@1/sub` → `name/sub`,
 * `@scope/name@^1.2.0/sub` → `@scope/name/sub` (any version or range up to the next `/`), also
 * after the optional `/` Deno allows (`npm:/name`).
 */
function withoutVersion(spec: string): string {
  const s = spec.startsWith('/') ? spec.slice(1) : spec;
  const scoped = s.startsWith('@');
  const nameStart = scoped ? s.indexOf('/') + 1 : 0;
  if (scoped && nameStart === 0) return s;
  const slash = s.indexOf('/', nameStart);
  const nameEnd = slash < 0 ? s.length : slash;
  const at = s.indexOf('@', nameStart);
  return at < 0 || at >= nameEnd ? s : s.slice(0, at) + s.slice(nameEnd);
}

/**
 * The module part of a file path in a Deno registry: without the extension and a last `mod`
 * (`fs/mod.ts` → `fs`, `ensure_dir.ts` → `ensure_dir`), or '' for the module itself.
 */
function modulePath(path: string): string {
  const file = path.replace(/\.(?:d\.)?[cm]?[jt]sx?$/i, '');
  return file === 'mod' ? '' : file.endsWith('/mod') ? file.slice(0, -4) : file;
}

/**
 * The Deno standard library module of a file of it (`fs`, `ensure_dir.ts` → `@std/fs/ensure-dir`):
 * the URL files (`ensure_dir.ts`, `media_types/`) are the JSR package's exports with `-` for `_`.
 * `node/<m>.ts` (the Node compatibility layer of the old library) is the Node module `<m>`.
 */
function stdModule(module: string, path: string): string {
  const sub = modulePath(path);
  if (module === 'node') return sub === '' ? '@std/node' : sub;
  const name = `@std/${module.replaceAll('_', '-')}`;
  return sub === '' ? name : `${name}/${sub.replaceAll('_', '-')}`;
}

/**
 * The package a module URL names, for URLs of a package registry or an npm CDN; undefined for any
 * other URL (a file on some server).
 *
 * - `https://deno.land/std@0.224.0/fs/ensure_dir.ts`, `https://deno.land/std/fs/mod.ts`,
 *   `https://jsr.io/@std/fs/1.0.0/ensure_dir.ts` → `@std/fs/ensure-dir`, `@std/fs`, …
 * - `https://jsr.io/@scope/name/1.0.0/mod.ts` → `@scope/name`
 * - `https://deno.land/x/dax@0.39.2/mod.ts` → `deno.land/x/dax`
 * - `https://esm.sh/execa@8`, `https://esm.sh/v135/execa@8/es2022/execa.mjs`,
 *   `https://cdn.jsdelivr.net/npm/execa@8/+esm`, `https://unpkg.com/execa@8`,
 *   `https://cdn.skypack.dev/execa`, `https://esm.run/execa`, `https://ga.jspm.io/npm:execa@8/index.js`
 *   → `execa` (…`/sub`); `https://esm.sh/jsr/@std/fs@1` → `@std/fs`.
 */
function urlPackage(specifier: string): string | undefined {
  const m = /^https?:\/\/([^/?#]+)\/([^?#]*)/i.exec(specifier);
  if (m === null) return undefined;
  const host = m[1]!.toLowerCase().replace(/^www\./, '');
  const path = m[2]!;
  const parts = path.split('/');
  if (host === 'deno.land') {
    if (/^std(?:@[^/]*)?$/.test(parts[0]!) && parts.length > 1 && parts[1] !== '') return stdModule(parts[1]!, parts.slice(2).join('/'));
    if (parts[0] === 'x' && parts.length > 1 && parts[1] !== '') {
      const sub = modulePath(parts.slice(2).join('/'));
      return `${DENO_LAND_X}${withoutVersion(parts[1]!)}${sub === '' ? '' : `/${sub}`}`;
    }
    return undefined;
  }
  if (host === 'jsr.io') {
    if (!parts[0]!.startsWith('@') || parts.length < 3) return undefined;
    if (parts[0] === '@std') return stdModule(parts[1]!, parts.slice(3).join('/'));
    const sub = modulePath(parts.slice(3).join('/'));
    return `${parts[0]}/${parts[1]}${sub === '' ? '' : `/${sub}`}`;
  }
  let rest: string | undefined;
  if (host === 'esm.sh') {
    let k = 0;
    while (k < parts.length - 1 && /^(?:v\d+|stable)$/.test(parts[k]!)) k++;
    if (parts[k] === 'jsr' || parts[k] === 'gh' || parts[k] === 'pr') return parts[k] === 'jsr' ? withoutVersion(parts.slice(k + 1).join('/')) : undefined;
    rest = parts.slice(k).join('/').replace(/^\*/, '');
  } else if (host === 'cdn.jsdelivr.net') rest = parts[0] === 'npm' ? parts.slice(1).join('/') : undefined;
  else if (host === 'ga.jspm.io' || host === 'jspm.dev') rest = path.replace(/^npm:/, '');
  else if (host === 'unpkg.com' || host === 'cdn.skypack.dev' || host === 'esm.run') rest = path.replace(/^-\//, '');
  return rest === undefined || rest === '' ? undefined : withoutVersion(rest);
}

/**
 * Normalize a specifier: drop `node:`; `npm:` and `jsr:` with a version (`npm:axios@1` →
 * `axios`, `jsr:@std/fs@^1.0.0/copy` → `@std/fs/copy`); the URL of a registry package or of the
 * Deno standard library names the package (see {@link urlPackage}). Other URLs stay as written.
 *
 * @param specifier A module specifier as written.
 * @returns The specifier without runtime prefixes.
 * @example
 * normalizeSpecifier('node:fs/promises') // 'fs/promises'
 * normalizeSpecifier('https://deno.land/std@0.224.0/fs/ensure_dir.ts') // '@std/fs/ensure-dir'
 */
export function normalizeSpecifier(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier.slice(5);
  if (specifier.startsWith('npm:') || specifier.startsWith('jsr:')) return withoutVersion(specifier.slice(4));
  if (/^https?:/i.test(specifier)) return urlPackage(specifier) ?? specifier;
  return specifier;
}

/**
 * Whether a specifier is an http(s) URL that names no package (see {@link normalizeSpecifier}):
 * a module file on some server, which an offline scan cannot read.
 *
 * @param specifier A module specifier as written.
 * @returns True for `https://example.com/mod.ts`, false for `https://deno.land/std/fs/mod.ts`.
 * @example
 * isRemoteFileSpecifier('https://example.com/mod.ts') // true
 */
export function isRemoteFileSpecifier(specifier: string): boolean {
  return /^https?:\/\//i.test(specifier) && urlPackage(specifier) === undefined;
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
  const words = name.toLowerCase().split(/[-_./@]/);
  if (!words.some((w) => NETWORK_NAME_WORD_EXCEPTIONS.has(w))) {
    for (const word of words) if (Object.hasOwn(NETWORK_NAME_WORDS, word)) return { source: NETWORK_NAME_WORDS[word]!, display: name };
    // Endings (`tsdav`, `cdav-library`), in the package's own name, not its scope.
    const own = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
    for (const word of own.toLowerCase().split(/[-_./]/)) {
      if (NETWORK_NAME_SUFFIX_EXCEPTIONS.has(word)) continue;
      for (const [suffix, source] of Object.entries(NETWORK_NAME_SUFFIXES)) if (word.length > suffix.length && word.endsWith(suffix) && /^[a-z]+$/.test(word)) return { source, display: name };
    }
  }
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
  // The chain as read: `prefix`, then `path` from `offset` (a re-exported member, below, puts its
  // own path in front of the rest without copying the rest: a chain may be thousands of links).
  let prefix: readonly string[] = [];
  let offset = 0;
  const at = (k: number): string | undefined => (k < prefix.length ? prefix[k] : path[offset + k - prefix.length]);
  for (;;) {
    const entry = INDEX.get(source);
    if (entry === undefined) return undefined;
    let start = 0;
    if (at(start) === 'default') start++;
    if ((source === 'fs' || source === 'dns') && at(start) === 'promises') start++;
    const member = at(start);
    // `zx.fs.writeFileSync(p)`, `JSDOM.fromURL(u)`: a member that is a module of its own, looked
    // up there (in a loop: `JSDOM.JSDOM…` repeated must neither recurse nor copy the chain).
    const reexported = member === undefined ? undefined : MEMBER_MODULES[source]?.[member];
    if (reexported === undefined) {
      // `AutoModel.from_pretrained(id)`: a static method a row lists for every class of the package (`*.from_pretrained`).
      const next = member !== undefined && /^[A-Z]/.test(member) ? at(start + 1) : undefined;
      const anyClass = next === undefined ? undefined : entry.members.get(`*.${next}`);
      if (anyClass !== undefined) return { pattern: anyClass, member: next, raw: `${display}.${member}.${next}` };
      return resolveMember(source, display, entry, member);
    }
    const used = start + 1;
    if (used >= prefix.length) {
      offset += used - prefix.length;
      prefix = reexported.path;
    } else prefix = [...reexported.path, ...prefix.slice(used)];
    source = reexported.source;
    display = reexported.display;
  }
}

/** The row of one member of a source (the last step of {@link resolveReference}). */
function resolveMember(source: string, display: string, entry: NonNullable<ReturnType<typeof INDEX.get>>, member: string | undefined): Resolution | 'ignored' | undefined {
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
