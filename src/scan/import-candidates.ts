/**
 * Candidate files for a relative import, in the order the runtime tries them: for a JavaScript
 * importer Node's (the path exactly as named, then `.js`, `.json`, `.node`, then the directory),
 * for a TypeScript importer TypeScript's (`./x.js` → `x.ts` first, as tsc and tsx resolve it); then,
 * as fallbacks, the other code extensions a bundler or loader may add. Non-code specifiers
 * (`.json`, `.css`, `.node`, `.wasm`, ...) give no candidates: they are not followed.
 * Pure path arithmetic on `/`-separated paths (backslashes are read as separators). A Python
 * importer (or a Python from-import specifier) gets Python's candidates instead
 * (`python/python-candidates.ts`).
 *
 * @module
 */
import { isPythonFile, isPythonSpecifier, pythonImportCandidates } from './python/python-candidates.ts';
import { parseKeysAsWritten } from '../canonical/escaped-key-stand-ins.ts';

/** Extensions the scanner reads as JavaScript or TypeScript. */
export const CODE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Extensions that are never followed: data, queries, templates, styles, images, fonts, media,
 * native addons and WebAssembly (bundlers and loaders import them as assets or strings). Files
 * that hold code in another syntax (`.vue`, `.svelte`, `.astro`, `.mdx`) are not listed: they are
 * "not analyzed", never skipped.
 */
const NOT_CODE = new Set([
  '.json', '.jsonc', '.json5', '.jsonl', '.ndjson', '.yaml', '.yml', '.toml', '.ini', '.env', '.properties', '.conf', '.cfg', '.xml', '.csv', '.tsv',
  '.txt', '.md', '.markdown', '.html', '.htm', '.sql', '.graphql', '.gql', '.proto', '.prisma',
  '.hbs', '.handlebars', '.mustache', '.ejs', '.pug', '.njk', '.liquid', '.tmpl', '.tpl',
  '.css', '.scss', '.sass', '.less', '.styl', '.pcss', '.glsl', '.wgsl', '.frag', '.vert',
  '.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.bmp', '.woff', '.woff2', '.ttf', '.otf', '.eot',
  '.mp3', '.mp4', '.wav', '.ogg', '.webm', '.pdf', '.zip', '.map', '.pem', '.crt',
  '.node', '.wasm',
]);

/** Extensions of a TypeScript importer: its imports resolve as TypeScript resolves them. */
const TS_IMPORTER = new Set(['.ts', '.tsx', '.mts', '.cts']);

/**
 * What a TypeScript importer's specifier extension maps to, in TypeScript's order (`./x.js` in a
 * `.ts` file is `x.ts` when it exists, even beside an `x.js`; tsx does the same).
 */
const TS_ORDER: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.ts', '.jsx', '.js'],
  '.ts': ['.ts', '.tsx', '.js', '.jsx'],
  '.tsx': ['.tsx', '.ts', '.jsx', '.js'],
  '.mjs': ['.mts', '.mjs'],
  '.mts': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.cts': ['.cts', '.cjs'],
};

/** The TypeScript source a JavaScript importer's `./x.js` may stand for when no `x.js` exists (tsx maps it). */
const TS_FOR_JS: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** Extensions Node's `require` adds to an extensionless path, in its order (`.json` is data, `.node` native). */
const NODE_ADDED = ['.js', '.json', '.node'];
/** Extensions TypeScript adds to an extensionless path, in its order. */
const TS_ADDED = ['.ts', '.tsx', '.js', '.jsx'];

/**
 * Candidates of a relative import in two groups: `tried`, the files the runtime itself tries, in
 * its order (Node's for a JavaScript importer, TypeScript's for a TypeScript one), and
 * `fallback`, files no runtime tries for this importer but that a bundler or loader may load,
 * tried only after every runtime candidate (so the scan stays sound when none of those exists).
 */
export interface CandidateGroups {
  /** The runtime's candidates, in order; a directory's package.json `main` goes before its first `index.` file. */
  readonly tried: readonly string[];
  /** The other candidates, in order. */
  readonly fallback: readonly string[];
}

/**
 * The directory part of a path.
 *
 * @param path A `/`-separated path.
 * @returns Everything before the last separator (`.` when there is none).
 * @example
 * dirname('/a/b/c.ts') // '/a/b'
 */
export function dirname(path: string): string {
  const p = path.replace(/\\/g, '/');
  const slash = p.lastIndexOf('/');
  if (slash < 0) return '.';
  if (slash === 0) return '/';
  return p.slice(0, slash);
}

/**
 * Join and normalize path segments (`.` and `..` resolved, `/` separators).
 *
 * @param base A directory.
 * @param relative A relative or absolute path.
 * @returns The joined path.
 * @example
 * joinPath('/a/b', '../c/./d.ts') // '/a/c/d.ts'
 */
export function joinPath(base: string, relative: string): string {
  const rel = relative.replace(/\\/g, '/');
  const given = rel.startsWith('/') || /^[A-Za-z]:\//.test(rel);
  const head = given ? rel : base.replace(/\\/g, '/');
  const combined = given ? rel : `${head}/${rel}`;
  const absolute = combined.startsWith('/');
  // A Windows UNC path (`\\host\share\…`) keeps its two leading separators and its share:
  // `/host/share/…` is another file (on the current drive), and `..` never climbs above the share.
  const unc = UNC_ROOT.exec(head);
  const root = unc ? 2 : 0;
  const out: string[] = unc ? [unc[1]!, unc[2]!] : [];
  for (const segment of combined.slice(unc ? unc[0].length : 0).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > root && out[out.length - 1] !== '..' && !/^[A-Za-z]:$/.test(out[out.length - 1]!)) out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  const joined = out.join('/');
  return unc ? `//${joined}` : absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

/** The root of a Windows UNC path with `/` separators: `//host/share`. */
const UNC_ROOT = /^\/\/([^/]+)\/([^/]+)/;

/**
 * A path as the scanner's path arithmetic writes it: a Windows path (a drive letter or a UNC
 * root, `C:\srv\a.js`, `\\host\share\a.js`) with `/` separators, which Windows reads alike;
 * any other path as given (on Linux and macOS `\` is a character of a file name). One file then has
 * one spelling, whether it was given (a walked directory) or reached by an import.
 *
 * @param path An absolute path.
 * @returns The same path, `/`-separated when it is a Windows path.
 * @example
 * scannerPath('C:\\srv\\a.js') // 'C:/srv/a.js'
 */
export function scannerPath(path: string): string {
  return /^(?:[A-Za-z]:[\\/]|\\\\[^\\])/.test(path) ? path.replace(/\\/g, '/') : path;
}

/**
 * The extension of a path (lower case, with the dot), or '' when it has none.
 *
 * @param path A path.
 * @returns The extension.
 * @example
 * extensionOf('a/b.MTS') // '.mts'
 */
export function extensionOf(path: string): string {
  const p = path.replace(/\\/g, '/');
  const slash = p.lastIndexOf('/');
  const dot = p.lastIndexOf('.');
  return dot > slash + 1 ? p.slice(dot).toLowerCase() : '';
}

/**
 * Candidate files for a relative import: {@link candidateGroups}, runtime candidates first.
 *
 * @param specifier The specifier as written (`./helper.js`, `../lib`, `file:///x.js`).
 * @param fromFile The importing file.
 * @returns Paths to try in order; empty for non-code specifiers.
 * @example
 * importCandidates('./helper.js', '/src/tool.ts') // ['/src/helper.ts', '/src/helper.tsx', '/src/helper.js', '/src/helper.jsx']
 */
export function importCandidates(specifier: string, fromFile: string): string[] {
  const { tried, fallback } = candidateGroups(specifier, fromFile);
  return [...tried, ...fallback];
}

/**
 * Candidate files for a relative import, as the runtime tries them. A JavaScript importer (and a
 * package.json, whose `main` Node reads) follows Node: the path exactly as named, then `.js`,
 * `.json`, `.node`, then the directory (`index.js`, `index.json`, `index.node`); a TypeScript
 * importer follows TypeScript: `./x.js` is `x.ts`, `x.tsx`, then `x.js`, `x.jsx` (`./x.jsx`:
 * `x.tsx`, `x.ts`, `x.jsx`, `x.js`); `./x` adds
 * `.ts`, `.tsx`, `.js`, `.jsx`, then the directory's `index.*` in that order. The other code
 * extensions (and for a TypeScript importer the exact name) come last, as fallbacks. A `.json`
 * or `.node` candidate that exists ends the lookup: data, or a native addon, never read as code.
 *
 * @param specifier The specifier as written.
 * @param fromFile The importing file.
 * @returns The runtime's candidates and the fallbacks; both empty for non-code specifiers.
 * @example
 * candidateGroups('./x', '/p/a.js').tried // ['/p/x', '/p/x.js', '/p/x.json', '/p/x.node', '/p/x/index.js', '/p/x/index.json', '/p/x/index.node']
 */
export function candidateGroups(specifier: string, fromFile: string): CandidateGroups {
  // A Python importer, or a from-import the Python scanner recorded: Python's own candidates.
  if (isPythonSpecifier(specifier) || isPythonFile(fromFile)) return { tried: pythonImportCandidates(specifier, fromFile), fallback: [] };
  const typescript = TS_IMPORTER.has(extensionOf(fromFile));
  const spec = plainSpecifier(specifier);
  const base = joinPath(dirname(fromFile), spec);
  const rest = (first: readonly string[], stem: string): string[] => CODE_EXTENSIONS.filter((e) => !first.includes(e)).map((e) => stem + e);
  const ext = namesDirectory(spec) ? '' : extensionOf(spec);
  if (ext !== '' && CODE_EXTENSIONS.includes(ext)) {
    const stem = base.slice(0, base.length - ext.length);
    if (typescript) return { tried: TS_ORDER[ext]!.map((e) => stem + e), fallback: [] };
    return { tried: [base], fallback: (TS_FOR_JS[ext] ?? []).map((e) => stem + e) };
  }
  if (NOT_CODE.has(ext)) return { tried: [], fallback: [] };
  const added = typescript ? TS_ADDED : NODE_ADDED;
  const index = added.map((e) => `${base}/index${e}`);
  const indexFallback = [...rest(added, `${base}/index`), ...(typescript ? [`${base}/index.json`] : [])];
  if (namesDirectory(spec)) return { tried: index, fallback: indexFallback };
  const files = added.map((e) => base + e);
  // Node loads a file exactly as named (a `bin/cli` script) before adding extensions; TypeScript never does.
  if (!typescript) return { tried: [base, ...files, ...index], fallback: [...rest(added, base), ...indexFallback] };
  return { tried: [...files, ...index], fallback: [...rest(added, base), base, `${base}.json`, ...indexFallback] };
}

/**
 * The `package.json` whose `main` a relative import may name: for `./lib`, `./lib/`, `.` or `..`
 * (a directory), the `package.json` in that directory; Node reads its `main` before `index.js`.
 *
 * @param specifier The specifier as written.
 * @param fromFile The importing file.
 * @returns The path of that `package.json`, or undefined for a specifier with a file extension.
 * @example
 * directoryPackageJson('./', '/pkg/test.js') // '/pkg/package.json'
 */
export function directoryPackageJson(specifier: string, fromFile: string): string | undefined {
  const spec = plainSpecifier(specifier);
  const ext = extensionOf(spec);
  if (!namesDirectory(spec) && ext !== '' && (CODE_EXTENSIONS.includes(ext) || NOT_CODE.has(ext))) return undefined;
  return `${joinPath(dirname(fromFile), spec)}/package.json`;
}

/**
 * Put the candidates for a directory's `package.json` `main` before its `index.*` files, as Node
 * resolves a directory (`main`'s own fallbacks go after the runtime's candidates).
 *
 * @param groups Candidates from {@link candidateGroups} for the same import.
 * @param packageJsonPath The directory's `package.json` (from {@link directoryPackageJson}).
 * @param text Its text.
 * @returns The candidates with `main`'s inserted; unchanged without a string, relative `main`.
 * @example
 * withPackageMain(candidateGroups('..', '/p/t/a.js'), '/p/package.json', '{"main":"lib/m.js"}').tried[0] // '/p/lib/m.js'
 */
export function withPackageMain(groups: CandidateGroups, packageJsonPath: string, text: string): CandidateGroups {
  let main: unknown;
  try {
    // Keys as written: Deno's JSON.parse may read "mai\\u006e" as another key seen before (escaped-key-stand-ins.ts).
    main = (parseKeysAsWritten(text) as { main?: unknown } | null)?.main;
  } catch {
    return groups;
  }
  if (typeof main !== 'string' || main === '' || main.startsWith('/') || /^[A-Za-z]:[\\/]/.test(main)) return groups;
  const fromMain = candidateGroups(main.startsWith('./') || main.startsWith('../') ? main : `./${main}`, packageJsonPath);
  const indexPrefix = `${packageJsonPath.slice(0, -'package.json'.length)}index.`;
  const at = groups.tried.findIndex((c) => c.startsWith(indexPrefix));
  const tried = at < 0 ? [...groups.tried, ...fromMain.tried] : [...groups.tried.slice(0, at), ...fromMain.tried, ...groups.tried.slice(at)];
  return { tried, fallback: [...groups.fallback, ...fromMain.fallback] };
}

/** The specifier without query or fragment, a `file://` URL as a path. */
function plainSpecifier(specifier: string): string {
  const spec = specifier.replace(/[?#].*$/, '');
  if (!spec.startsWith('file://')) return spec;
  const path = spec.slice('file://'.length);
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape (`file:///tmp/%ZZ.js`) fails at run time too; the path stays as written.
    return path;
  }
}

/** `.`, `..`, `./`, `../`, `./lib/`: a specifier that can only name a directory. */
function namesDirectory(spec: string): boolean {
  return /(^|[\\/])\.{1,2}$/.test(spec) || /[\\/]$/.test(spec);
}

/**
 * The conditions each server runtime matches in package.json `"imports"` and `"exports"`, one set
 * per runtime and import kind: Node for `import` and `require` (with `module-sync` from Node
 * 22.10), Deno and Bun. A target only other environments pick (`"browser"`, `"worker"`, `"types"`)
 * never runs in a server.
 */
export const RUNTIME_CONDITIONS: readonly (readonly string[])[] = [
  ['node', 'import', 'node-addons', 'default'],
  ['node', 'require', 'node-addons', 'default'],
  ['node', 'import', 'module-sync', 'node-addons', 'default'],
  ['node', 'require', 'module-sync', 'node-addons', 'default'],
  ['deno', 'node', 'import', 'default'],
  ['deno', 'node', 'require', 'default'],
  ['bun', 'node', 'import', 'default'],
  ['bun', 'node', 'require', 'default'],
];

/**
 * Every target a package import (`#name`, a key of package.json `"imports"`) maps to in some
 * server runtime: the exact key, else the best `*` pattern (longest prefix, as Node picks it) with
 * its match substituted; then, as Node's PACKAGE_TARGET_RESOLVE does for each set of
 * {@link RUNTIME_CONDITIONS}, the first key of a conditions object that the set matches (nested
 * objects likewise; a `null` there means "not importable"), and the first valid entry of an array.
 * The targets of all runtimes are returned, since which one runs depends on the runtime.
 *
 * @param specifier The specifier as written (`#run`, `#internal/a.js`).
 * @param imports The `"imports"` value of the importing file's package.json.
 * @returns The targets (`./src/run.js` relative to that package.json, or a package name; empty when
 *   every runtime finds `null` or no condition it matches), or undefined when no key matches.
 * @example
 * packageImportTargets('#util/x.js', { '#util/*': { browser: './web/*', node: './lib/*', default: './any/*' } }) // ['./lib/x.js']
 */
export function packageImportTargets(specifier: string, imports: unknown): string[] | undefined {
  return subpathTargets(specifier, imports, 'imports');
}

/** The map entry for a subpath, and what `*` matched, then its targets per runtime. */
function subpathTargets(subpath: string, field: unknown, kind: 'imports' | 'exports'): string[] | undefined {
  if (field === null || typeof field !== 'object' || Array.isArray(field)) return undefined;
  const map = field as Record<string, unknown>;
  let target: unknown;
  let star: string | undefined;
  if (!subpath.includes('*') && Object.hasOwn(map, subpath)) target = map[subpath];
  else {
    let bestPrefix = -1;
    let bestKey = '';
    for (const key of Object.keys(map)) {
      const at = key.indexOf('*');
      if (at < 0 || key.indexOf('*', at + 1) >= 0) continue;
      const prefix = key.slice(0, at);
      const suffix = key.slice(at + 1);
      if (!subpath.startsWith(prefix) || subpath === prefix || !subpath.endsWith(suffix) || subpath.length < key.length) continue;
      if (prefix.length > bestPrefix || (prefix.length === bestPrefix && key.length > bestKey.length)) {
        bestPrefix = prefix.length;
        bestKey = key;
        star = subpath.slice(prefix.length, subpath.length - suffix.length);
      }
    }
    if (bestPrefix < 0) return undefined;
    target = map[bestKey];
  }
  const out: string[] = [];
  for (const conditions of RUNTIME_CONDITIONS) {
    const resolved = resolveTarget(target, new Set(conditions), kind, 0);
    if (typeof resolved !== 'string') continue;
    const path = star === undefined ? resolved : resolved.split('*').join(star);
    if (!out.includes(path)) out.push(path);
  }
  return out;
}

/**
 * Node's PACKAGE_TARGET_RESOLVE for one set of conditions: a string (a `./` path; in `"imports"` a
 * package name too), the first valid entry of an array, the first matching key of a conditions
 * object; `null` for a `null` target, undefined when nothing matches.
 */
function resolveTarget(value: unknown, conditions: ReadonlySet<string>, kind: 'imports' | 'exports', depth: number): string | null | undefined {
  if (depth > 16) return undefined;
  if (typeof value === 'string') {
    if (value.startsWith('./')) return value;
    // A package name is a valid "imports" target; `../x`, `/x` and URLs are invalid targets.
    return kind === 'imports' && !value.startsWith('../') && !value.startsWith('/') && !value.includes(':') ? value : undefined;
  }
  if (Array.isArray(value)) {
    for (const entry of value) {
      const resolved = resolveTarget(entry, conditions, kind, depth + 1);
      if (resolved !== undefined) return resolved;
    }
    return undefined;
  }
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  for (const [key, entry] of Object.entries(value)) {
    if (key !== 'default' && !conditions.has(key)) continue;
    const resolved = resolveTarget(entry, conditions, kind, depth + 1);
    if (resolved !== undefined) return resolved;
  }
  return undefined;
}

/**
 * Every target a subpath of a package's `"exports"` maps to in some server runtime, as
 * {@link packageImportTargets} gives them for `"imports"` (a target must be a `./` path): a
 * string, an array or an object of conditions (no key starting with `.`) is the export of `"."`;
 * otherwise the keys are subpaths (`"./util"`, `"./tools/*"`).
 *
 * @param subpath `.` or `./sub` (the specifier after the package name).
 * @param exports The `"exports"` value of the package.json.
 * @returns The targets, or undefined when no key matches.
 * @example
 * packageExportTargets('./tools/run.js', { '.': './index.js', './tools/*': { import: './esm/*', require: './cjs/*' } }) // ['./esm/run.js', './cjs/run.js']
 */
export function packageExportTargets(subpath: string, exports: unknown): string[] | undefined {
  const sugar = typeof exports === 'string' || Array.isArray(exports) || (exports !== null && typeof exports === 'object' && !Object.keys(exports).some((k) => k.startsWith('.')));
  return subpathTargets(subpath, sugar ? { '.': exports } : exports, 'exports');
}
