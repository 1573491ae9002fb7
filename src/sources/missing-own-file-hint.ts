/**
 * What a failure says of a Node.js server that stopped at start-up on a file of its own that it
 * imports and that is not there. code-auditor-mcp 2.6.2 imports `./codeIndexDB.js` from
 * `dist/mcp-standalone.js` and ships `dist/codeIndexDb.js`: a file system that ignores case
 * (macOS, Windows) finds it, Linux's does not, so the server never starts on Linux, where CI runs
 * (servers23). The failure quoted only Node's `ERR_MODULE_NOT_FOUND`, which reads as a broken
 * install on the user's side, though no install can fix it.
 *
 * @module
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPackage, type PackageNotRead, type PackageOf } from './package-of.ts';

/** Node's error for an ES module import of a path that does not exist (the importing file runs to the line's end). */
const ESM = /Cannot find module '(\/[^']+)' imported from (\S.*)$/;
/** Node's error for a require of a path; the requiring file is the next `- ` line. */
const CJS = /Error: Cannot find module '(\.{1,2}\/[^']+|\/[^']+)'/;
const REQUIRED_BY = /^- (\/.*\S)$/; // a folder may hold spaces

/** A file a server imports by path that does not exist, the file that imports it, and one whose name differs only in case. */
export interface MissingOwnFile {
  /** The absolute path imported. */
  path: string;
  /** The importing file, when the error names it. */
  file: string | undefined;
  /** The file beside it whose name differs only in case, when there is one. */
  otherCase?: string;
}

/** A `file://` URL or a path as a path, or undefined for a URL that is none. */
function pathOf(given: string): string | undefined {
  if (!given.startsWith('file://')) return given;
  try {
    return fileURLToPath(given);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return undefined;
  }
}

/** The entry of `path`'s folder whose name is `path`'s but for case, or undefined. */
function otherCaseOf(path: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    // No folder to look in (it is missing too, or unreadable): no other case to name.
    return undefined;
  }
  const wanted = basename(path);
  const lower = wanted.toLowerCase();
  const found = names.find((n) => n !== wanted && n.toLowerCase() === lower);
  return found === undefined ? undefined : resolve(dirname(path), found);
}

/**
 * Whether a server's stderr says a file it imports by path does not exist.
 *
 * @param lines The server's stderr lines.
 * @returns The path, the importing file and a file whose name differs only in case, or undefined.
 * @example missingOwnFile(["Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/srv/dist/a.js' imported from /srv/dist/index.js"])?.path // '/srv/dist/a.js'
 */
export function missingOwnFile(lines: readonly string[]): MissingOwnFile | undefined {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const esm = ESM.exec(line);
    const cjs = esm === null ? CJS.exec(line) : null;
    if (esm === null && cjs === null) continue;
    const by = esm !== null ? pathOf(esm[2]!) : lines.slice(i + 1, i + 6).map((l) => REQUIRED_BY.exec(l.trim())?.[1]).find((f) => f !== undefined);
    const specifier = (esm ?? cjs)![1]!;
    // A relative require is resolved from the requiring file, which the require stack names.
    if (!isAbsolute(specifier) && by === undefined) continue;
    const path = isAbsolute(specifier) ? specifier : resolve(dirname(by!), specifier);
    const otherCase = otherCaseOf(path);
    return { path, file: by, ...(otherCase !== undefined ? { otherCase } : {}) };
  }
  return undefined;
}

/**
 * The hint for a server that stopped on a file it imports by path that does not exist: inside its
 * own package, named as the package's fault (a name that differs only in case, or a file left out
 * of what was published); elsewhere, with the path to check.
 *
 * @param missing What {@link missingOwnFile} found.
 * @param found The package of the importing file ({@link packageOf}), when known.
 * @returns The hint, starting with "; ".
 * @example missingOwnFileHint({ path: '/srv/dist/a.js', file: '/srv/dist/index.js', otherCase: '/srv/dist/A.js' }, undefined) // '; the server imports "/srv/dist/a.js", which does not exist, but "/srv/dist/A.js" does …'
 */
export function missingOwnFileHint(missing: MissingOwnFile, found: PackageOf | PackageNotRead | undefined): string {
  const pkg = isPackage(found) && !relative(found.dir, missing.path).startsWith('..') ? found : undefined;
  const shown = (p: string): string => JSON.stringify(pkg === undefined ? p : relative(pkg.dir, p));
  const who = pkg === undefined ? 'the server' : `the server's package ${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`}`;
  const imports = `; ${who} imports its file ${shown(missing.path)}${missing.file === undefined ? '' : ` (from ${shown(missing.file)})`}, which does not exist`;
  if (missing.otherCase !== undefined) {
    return `${imports}, but ${shown(missing.otherCase)} does: the names differ only in case, which a file system that ignores case (macOS, Windows) lets pass and this one does not, ` +
      `so the server starts there and not here: ${pkg === undefined ? 'make the import and the file name agree' : 'a fault of the package (tell its authors); until it is fixed, use a version of it that starts on this system'}`;
  }
  return pkg === undefined
    ? `${imports}: check that the server was built (its build output is where it imports from) and that the path is right`
    : `${imports}: the installed package lacks a file of its own (left out of what was published, or removed since): reinstall it, and if the file is still missing, tell its authors`;
}
