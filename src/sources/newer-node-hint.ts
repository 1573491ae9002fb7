/**
 * What a failure says of a Node.js server that stopped at start-up because the Node.js it ran on
 * is older than the one it was built for. @smartbear/mcp 0.41.0 (engines `node >=22`) run on
 * Node 20 imports `enableCompileCache` from `node:module`, which Node 20 lacks, and ends with
 * `SyntaxError: The requested module 'node:module' does not provide an export named
 * 'enableCompileCache'`; a server importing `node:sqlite` on Node 20 ends with `No such built-in
 * module: node:sqlite`. The stack reads as a bug of the server; the cause is the Node version, and
 * the fix is to run it on a newer one.
 *
 * A bundled require of a missing export gives no such error: the name is undefined until called
 * (@dynatrace-oss/dynatrace-mcp-server 2.1.2 on Node 20: `TypeError: webidl.util.markAsUncloneable
 * is not a function`). Such a call is read only for a name in the table of built-in exports
 * (`node-builtin-exports.ts`) that the version Node printed lacks; the table also says which
 * version added an export, so a package with no `engines` (or too low a one) is still told which
 * Node.js it needs.
 *
 * @module
 */
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isPackage, packageNotReadNote, type PackageNotRead, type PackageOf } from './package-of.ts';
import { needsNewerVersion } from './engines-range.ts';
import { addedIn, builtinExport, hasBuiltinExport, type BuiltinExport } from './node-builtin-exports.ts';

/** Node's error for an export a module does not have (an ES module import). */
const MISSING_EXPORT = /^SyntaxError: The requested module '([^']+)' does not provide an export named '([^']+)'/;
/** Node's error for a built-in module it does not have. */
const UNKNOWN_BUILTIN = /\bERR_UNKNOWN_BUILTIN_MODULE\]?: No such built-in module: (\S+)/;
/** A call of something that is not a function, as Node reports it (`x.y.name`, or esbuild's `(0 , mod.name)`). */
const NOT_A_FUNCTION = /^TypeError: \(?(?:0\s*,\s*)?(?:[\w$]+\.)*([\w$]+)\)? is not a function\b/;
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
  /** The export of the table of built-in exports that is missing, when it is one. */
  export?: BuiltinExport;
  /** For a call of a missing export (no import error): the line that says so. */
  called?: string;
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
  let row: BuiltinExport | undefined;
  let called: string | undefined;
  let at = -1;
  for (let i = 0; i < lines.length && missing === undefined; i++) {
    const line = lines[i]!.trim();
    const exported = MISSING_EXPORT.exec(line);
    if (exported !== null && isBuiltin(exported[1]!)) {
      missing = `the built-in module ${JSON.stringify(exported[1])} has no export ${JSON.stringify(exported[2])}`;
      row = builtinExport(exported[2]!, exported[1]!);
    }
    const unknown = UNKNOWN_BUILTIN.exec(line);
    if (unknown !== null) missing = `there is no built-in module ${JSON.stringify(unknown[1])}`;
    const call = NOT_A_FUNCTION.exec(line);
    const callRow = call === null ? undefined : builtinExport(call[1]!);
    if (callRow !== undefined) {
      // Only when the version Node printed lacks that export: else it is some other object's method.
      const version = nodeVersion(lines.slice(i));
      if (version !== undefined && hasBuiltinExport(callRow, version) === false) {
        missing = `the built-in module ${JSON.stringify(callRow.module)} has no export ${JSON.stringify(callRow.name)}`;
        row = callRow;
        called = line;
      }
    }
    if (missing !== undefined) at = i;
  }
  if (missing === undefined) return undefined;
  const version = nodeVersion(lines.slice(at));
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
  return { missing, version, file, ...(row === undefined ? {} : { export: row }), ...(called === undefined ? {} : { called }) };
}

/** The version in Node's last line (`Node.js v20.20.2`) among `lines`, or undefined. */
function nodeVersion(lines: readonly string[]): string | undefined {
  return lines.map((l) => NODE_VERSION.exec(l.trim())?.[1]).find((v) => v !== undefined);
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
    const stopped = cause.called === undefined ? '' : ` (it stopped on ${JSON.stringify(cause.called)}, a call of that export)`;
    return `; the server needs a newer Node.js than ${ranOn}: ${cause.missing} there${stopped}${asks}. This is no bug of its code: ${run}`;
  }
  // The table knows the export was added later: a newer Node.js has it, whatever the engines say.
  if (cause.export !== undefined && cause.version !== undefined && hasBuiltinExport(cause.export, cause.version) === false) {
    const row = cause.export;
    const named = pkg === undefined ? '' : `${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`}`;
    const engines = pkg === undefined ? asks
      : pkg.node === undefined ? ` (${named} names no node version in the engines of its package.json)`
      : ` (${named} asks for node ${JSON.stringify(pkg.node)} in the engines of its package.json, which admits ${cause.version}: too low, tell its authors)`;
    if (cause.called !== undefined) {
      // Known by the name called only: most likely, not certain.
      return `; the server most likely needs a newer Node.js than ${ranOn}: it stopped on ${JSON.stringify(cause.called)}, and ${JSON.stringify(row.name)} is an export ` +
        `of the built-in module ${JSON.stringify(row.module)} that Node.js added in ${addedIn(row)}, which ${cause.version} lacks${engines}. ${upper(run)}`;
    }
    return `; the server needs a newer Node.js than ${ranOn}: ${cause.missing} there, which Node.js added in ${addedIn(row)}${engines}. ${upper(run)}`;
  }
  return `; the server stopped on a built-in that ${ranOn} lacks: ${cause.missing} there${asks}. ` +
    `Either it needs a newer Node.js (${run}) or its code names a built-in that does not exist (tell its authors)`;
}

/** `text` with its first letter in upper case, to start a sentence. */
function upper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
