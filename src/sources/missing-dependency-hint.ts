/**
 * What a failure says of a Node.js server that stopped at start-up because a package it imports
 * is not installed. mcp-atlassian 2.1.0 imports `jsdom`, which its package.json lists only in
 * devDependencies, and mcp-dataverse 0.7.8 imports `@modelcontextprotocol/ext-apps`, which it does
 * not list at all (servers17): installing either leaves the import unresolved, and the failure
 * quoted only `ERR_MODULE_NOT_FOUND`, which reads as a broken install on the user's side. Whether
 * the package declares what it imports tells whose fault it is and what to do.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { isPackage, packageNotReadNote, type PackageNotRead, type PackageOf } from './package-of.ts';

/** Node's error for an ES module import of a package that is not installed; the importing file runs to the line's end (a folder may hold spaces). */
const ESM = /Cannot find package '([^']+)' imported from (\S.*)$/;
/** Node's error for a require of a package that is not installed; the requiring file is the next `- ` line. */
const CJS = /Error: Cannot find module '([^']+)'/;
const REQUIRED_BY = /^- (\/.*\S)$/; // a folder may hold spaces

/** Node's error for a subpath a package's `exports` map does not list (require or import); the package.json's path runs to `package.json`. */
const NOT_EXPORTED = /Package subpath '\.\/([^']+)' is not defined by "exports" in (\/.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json)(?: imported from (\S.*))?$/;

/**
 * The package a server imports that is not installed, and the file that imports it; or, with
 * `subpath`, the part of a package it imports (`pkg/lib/x`), which may be what is missing from a
 * package that is installed.
 */
export interface MissingDependency {
  name: string;
  file: string | undefined;
  /** The path inside the package (`lib/x` of `pkg/lib/x`), when the import names one. */
  subpath?: string;
  /** The package.json whose `exports` map does not list the subpath (Node's ERR_PACKAGE_PATH_NOT_EXPORTED). */
  notExported?: string;
}

/**
 * What npm accepts as a package name (URL-safe characters, an optional scope; old names may have
 * capitals). The name is written into an `npm install …` the user may paste into a shell: a
 * specifier the server wrote (`import 'x; curl … | sh'`) is no name to suggest.
 */
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/i;

/** The path after the package name in a specifier (`lib/x` of `jsdom/lib/x`), or undefined for none. */
function subpathOf(specifier: string, name: string): string | undefined {
  const rest = specifier.slice(name.length + 1);
  return specifier.length > name.length + 1 && rest !== '' ? rest : undefined;
}

/** The package name of a module specifier (`jsdom/lib/x` → `jsdom`, `@s/p/x` → `@s/p`), or undefined for a path, a built-in or no npm name. */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? (parts.length >= 2 ? `${parts[0]}/${parts[1]}` : undefined) : parts[0];
  return name !== undefined && NPM_NAME.test(name) ? name : undefined;
}

/**
 * Whether a server's stderr says a package it imports is not installed.
 *
 * @param lines The server's stderr lines.
 * @returns The package and the importing file, or undefined.
 * @example missingDependency(["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'jsdom' imported from /srv/node_modules/mcp-atlassian/dist/x.js"])?.name // 'jsdom'
 */
export function missingDependency(lines: readonly string[]): MissingDependency | undefined {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const esm = ESM.exec(line);
    if (esm !== null) {
      const name = packageName(esm[1]!);
      if (name === undefined) continue;
      const from = esm[2]!;
      let file: string | undefined = from;
      if (from.startsWith('file://')) {
        try {
          file = fileURLToPath(from);
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          file = undefined;
        }
      }
      return { name, file };
    }
    const cjs = CJS.exec(line);
    if (cjs !== null) {
      const name = packageName(cjs[1]!);
      if (name === undefined) continue;
      const by = lines.slice(i + 1, i + 6).map((l) => REQUIRED_BY.exec(l.trim())?.[1]).find((f) => f !== undefined);
      const subpath = subpathOf(cjs[1]!, name);
      return subpath === undefined ? { name, file: by } : { name, file: by, subpath };
    }
    const hidden = NOT_EXPORTED.exec(line);
    if (hidden !== null) {
      const name = hidden[3]!;
      if (!NPM_NAME.test(name)) continue;
      // A require names the requiring file on a `- ` line below, an import on the same line.
      const by = hidden[4] ?? lines.slice(i + 1, i + 6).map((l) => REQUIRED_BY.exec(l.trim())?.[1]).find((f) => f !== undefined);
      let file: string | undefined = by;
      if (by?.startsWith('file://')) {
        try {
          file = fileURLToPath(by);
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          file = undefined;
        }
      }
      return { name, file, subpath: hidden[1]!, notExported: hidden[2]! };
    }
  }
  return undefined;
}

/**
 * The hint for a server that stopped on a package it imports that is not installed.
 *
 * @param missing What {@link missingDependency} found.
 * @param found The package of the importing file ({@link packageOf}), when known.
 * @param installed The package imported as it is installed where the importing file looks for it
 *   ({@link installedPackage}), when it is: then a subpath is what is missing, not the package.
 * @returns The hint, starting with "; ".
 * @example missingDependencyHint({ name: 'jsdom', file: undefined }, undefined) // '; the server imports "jsdom", which is not installed …'
 */
export function missingDependencyHint(missing: MissingDependency, found: PackageOf | PackageNotRead | undefined, installed?: PackageOf | PackageNotRead): string {
  const quoted = JSON.stringify(missing.name);
  if (missing.subpath !== undefined && installed !== undefined) return missingSubpathHint(missing, missing.subpath, installed);
  if (!isPackage(found)) {
    const unread = found === undefined ? '' : ` (${packageNotReadNote(found)}, so whether it lists ${quoted} is not known)`;
    return `; the server imports ${quoted}, which is not installed where it runs${unread}: install it beside the server (npm install ${missing.name})`;
  }
  const pkg = found;
  const who = `${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`}`;
  if (pkg.dependencies.includes(missing.name)) {
    return `; the server's package ${who} imports ${quoted}, a dependency its package.json lists that is not installed: ` +
      `install its dependencies (npm install where its node_modules folder is, without --omit or --no-optional)`;
  }
  const listed = pkg.devDependencies.includes(missing.name)
    ? 'which its package.json lists only in devDependencies, so installing the package does not install it'
    : 'which its package.json does not list as a dependency';
  return `; the server's package ${who} imports ${quoted}, ${listed}: a fault of the package (tell its authors); ` +
    `until it is fixed, install ${quoted} beside it (npm install ${missing.name} where its node_modules folder is)`;
}

/**
 * The hint for a subpath missing from a package that is installed (`require('pkg/lib/x')` where
 * `pkg` has no `lib/x`, or its `exports` map does not list it): the package is there, in a version
 * that lacks what the server names (before, this was reported as the package not being installed).
 */
function missingSubpathHint(missing: MissingDependency, subpath: string, installed: PackageOf | PackageNotRead): string {
  const imported = JSON.stringify(`${missing.name}/${subpath}`);
  const quoted = JSON.stringify(missing.name);
  const which = isPackage(installed)
    ? `${installed.name}${installed.version === undefined ? '' : ` ${installed.version}`} (at ${installed.dir})`
    : `${quoted} (${packageNotReadNote(installed)})`;
  const why = missing.notExported !== undefined
    ? `does not list "./${subpath}" in the "exports" map of its package.json, so Node.js lets nothing import it`
    : `has no file for "${subpath}"`;
  return `; the server imports ${imported}, a subpath the installed package lacks: ${which} ${why}. ` +
    `Either the server was written for another version of ${quoted} (install the version its package.json asks for) or it names a path that package never had (tell its authors)`;
}

/**
 * A line of a server's own that says a package it needs is not there, naming it in quotes: a CLI
 * that loads an optional part at run time and catches the failure (@kubb/cli 4.39.3's `kubb mcp`
 * prints `Import of '@kubb/mcp' is required to start the MCP server` and exits 1; servers26).
 */
const NAMED_REQUIRED = /\b(?:import(?:ing)?|install(?:ed|ing)?|package|module|dependency|plugin)\b[^'"`]{0,40}['"`]((?:@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*)['"`][^'"`]{0,60}?\b(?:is |are )?(?:required|needed|not installed|missing|not found|cannot be found|could not be (?:found|loaded|imported))\b/i;

/**
 * The package a server's own line says it needs, when that line names one in quotes (see
 * {@link NAMED_REQUIRED}); whether it is installed is for the caller to check.
 *
 * @param lines The server's stderr lines.
 * @returns The package name and the line, or undefined.
 * @example namedMissingPackage(["Import of '@kubb/mcp' is required to start the MCP server"])?.name // '@kubb/mcp'
 */
export function namedMissingPackage(lines: readonly string[]): { name: string; line: string } | undefined {
  for (const raw of lines) {
    const line = raw.trim();
    const m = NAMED_REQUIRED.exec(line.slice(0, 1000));
    if (m !== null && NPM_NAME.test(m[1]!) && packageName(m[1]!) === m[1]) return { name: m[1]!, line };
  }
  return undefined;
}

/**
 * The hint for a server that said in its own words that a package it needs is not there, when
 * that package is not installed where the server's program looks for it.
 *
 * @param named What {@link namedMissingPackage} found.
 * @param pkg The package of the program run ({@link commandPackage}).
 * @returns The hint, starting with "; ".
 * @example namedMissingPackageHint({ name: '@kubb/mcp', line: "Import of '@kubb/mcp' is required …" }, pkg) // '; it says it needs the package "@kubb/mcp", which is not installed …'
 */
export function namedMissingPackageHint(named: { name: string; line: string }, pkg: PackageOf): string {
  const who = `${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`}`;
  const quoted = JSON.stringify(named.name);
  const listed = pkg.dependencies.includes(named.name) ? `${who} lists it as a dependency, so its install left it out (--omit, --no-optional) or failed`
    : pkg.devDependencies.includes(named.name) ? `${who} lists it only in devDependencies, so installing ${pkg.name} does not install it`
    : `${who} does not list it as a dependency, so installing ${pkg.name} does not install it`;
  return `; it says it needs the package ${quoted} (${JSON.stringify(named.line.length > 200 ? `${named.line.slice(0, 199)}…` : named.line)}), ` +
    `which is not installed where it runs (${listed}): install it beside the server, in the version that goes with ${who} ` +
    `(npm install ${named.name} in ${JSON.stringify(pkg.dir.includes('/node_modules/') ? pkg.dir.slice(0, pkg.dir.lastIndexOf('/node_modules/')) : pkg.dir)})`;
}
