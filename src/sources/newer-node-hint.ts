/**
 * What a failure says of a Node.js server that stopped at start-up because the Node.js it ran on
 * is older than the one it was built for. @smartbear/mcp 0.41.0 (engines `node >=22`) run on
 * Node 20 imports `enableCompileCache` from `node:module`, which Node 20 lacks, and ends with
 * `SyntaxError: The requested module 'node:module' does not provide an export named
 * 'enableCompileCache'`; a server importing `node:sqlite` on Node 20 ends with `No such built-in
 * module: node:sqlite`. The stack reads as a bug of the server; the cause is the Node version, and
 * the fix is to run it on a newer one.
 *
 * @module
 */
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isPackage, packageNotReadNote, type PackageNotRead, type PackageOf } from './package-of.ts';
import { needsNewerVersion } from './engines-range.ts';

/** Node's error for an export a module does not have (an ES module import). */
const MISSING_EXPORT = /^SyntaxError: The requested module '([^']+)' does not provide an export named '([^']+)'/;
/** Node's error for a built-in module it does not have. */
const UNKNOWN_BUILTIN = /\bERR_UNKNOWN_BUILTIN_MODULE\]?: No such built-in module: (\S+)/;
/** The last line of Node's report of an uncaught error: the version it ran on. */
const NODE_VERSION = /^Node\.js (v\d+\.\d+\.\d+)\s*$/;
/** The first line of Node's report: the file and line where it failed (`file:///…/x.js:1`). */
const FAILED_AT = /^(file:\/\/\/\S+?|\/\S+?):\d+\s*$/;

/** What the stderr of a failed start says of a built-in the Node.js it ran on lacks. */
export interface NewerNodeCause {
  /** `module "node:module" has no export "enableCompileCache"` or `module "node:sqlite" does not exist`. */
  missing: string;
  /** The version Node.js printed, when it did (`v20.20.2`). */
  version: string | undefined;
  /** The file Node named where it failed, as a path, when it did. */
  file: string | undefined;
}

const isBuiltin = (name: string): boolean => name.startsWith('node:') || builtinModules.includes(name);

/**
 * Whether a server's stderr says it stopped on a built-in module or export that this Node.js lacks.
 *
 * @param lines The server's stderr lines.
 * @returns What is missing, the Node version and the failing file, or undefined.
 * @example newerNodeCause(["SyntaxError: The requested module 'node:module' does not provide an export named 'enableCompileCache'"])?.missing // 'the built-in module "node:module" has no export "enableCompileCache"'
 */
export function newerNodeCause(lines: readonly string[]): NewerNodeCause | undefined {
  let missing: string | undefined;
  let at = -1;
  for (let i = 0; i < lines.length && missing === undefined; i++) {
    const line = lines[i]!.trim();
    const exported = MISSING_EXPORT.exec(line);
    if (exported !== null && isBuiltin(exported[1]!)) missing = `the built-in module ${JSON.stringify(exported[1])} has no export ${JSON.stringify(exported[2])}`;
    const unknown = UNKNOWN_BUILTIN.exec(line);
    if (unknown !== null) missing = `there is no built-in module ${JSON.stringify(unknown[1])}`;
    if (missing !== undefined) at = i;
  }
  if (missing === undefined) return undefined;
  const version = lines.slice(at).map((l) => NODE_VERSION.exec(l.trim())?.[1]).find((v) => v !== undefined);
  const place = lines.slice(0, at).reverse().map((l) => FAILED_AT.exec(l.trim())?.[1]).find((f) => f !== undefined);
  let file: string | undefined;
  if (place !== undefined) {
    try {
      file = place.startsWith('file://') ? fileURLToPath(place) : place;
    } catch (error) {
      // A URL Node would not have printed: the hint goes without the package's engines.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return { missing, version, file };
}

/**
 * The hint for a server that stopped before answering initialize on a built-in module or export
 * the Node.js it ran on lacks.
 *
 * @param cause What {@link newerNodeCause} found.
 * @param found The package of the failing file ({@link packageOf}), when known.
 * @returns The hint, starting with "; ".
 * @example newerNodeHint({ missing: 'there is no built-in module "node:sqlite"', version: 'v20.20.2', file: undefined }, undefined) // '; it needs a newer Node.js than the v20.20.2 it ran on: …'
 */
export function newerNodeHint(cause: NewerNodeCause, found: PackageOf | PackageNotRead | undefined): string {
  const pkg = isPackage(found) ? found : undefined;
  const ranOn = cause.version === undefined ? 'the one it ran on' : `the ${cause.version} it ran on`;
  const asks = found !== undefined && !isPackage(found) ? ` (${packageNotReadNote(found)}, so its engines are not known)` : pkg?.node === undefined ? '' :
    ` (${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`} asks for node ${JSON.stringify(pkg.node)} in the engines of its package.json)`;
  const run = 'run it with a newer Node.js (first on PATH, or named in --server, --server "/path/to/node …")';
  // Only a package whose engines.node admits higher versions but not the one it ran on is known to
  // need a newer one; otherwise (no engines, engines met, a range not read) the name may be wrong in its code.
  if (cause.version !== undefined && pkg?.node !== undefined && belowEngines(cause.version, pkg.node)) {
    return `; the server needs a newer Node.js than ${ranOn}: ${cause.missing} there${asks}. This is no bug of its code: ${run}`;
  }
  return `; the server stopped on a built-in that ${ranOn} lacks: ${cause.missing} there${asks}. ` +
    `Either it needs a newer Node.js (${run}) or its code names a built-in that does not exist (tell its authors)`;
}

/**
 * Whether the version Node printed is too old for an engines range: the range does not admit it
 * and admits a higher one ({@link needsNewerVersion}); false when either cannot be read.
 *
 * @param version The version Node printed (`v20.20.2`).
 * @param range The engines.node range (`>=22`, `^18 || >=20.5`, `20.x || >=22`).
 * @returns True only when a newer Node.js is known to be what the range asks for.
 * @example belowEngines('v20.20.2', '>=22') // true
 */
export function belowEngines(version: string, range: string): boolean {
  return needsNewerVersion(version, range);
}
