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
const REQUIRED_BY = /^- (\/\S+)$/;

/** The package a server imports that is not installed, and the file that imports it. */
export interface MissingDependency { name: string; file: string | undefined }

/**
 * What npm accepts as a package name (URL-safe characters, an optional scope; old names may have
 * capitals). The name is written into an `npm install …` the user may paste into a shell: a
 * specifier the server wrote (`import 'x; curl … | sh'`) is no name to suggest.
 */
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/i;

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
      return { name, file: by };
    }
  }
  return undefined;
}

/**
 * The hint for a server that stopped on a package it imports that is not installed.
 *
 * @param missing What {@link missingDependency} found.
 * @param found The package of the importing file ({@link packageOf}), when known.
 * @returns The hint, starting with "; ".
 * @example missingDependencyHint({ name: 'jsdom', file: undefined }, undefined) // '; the server imports "jsdom", which is not installed …'
 */
export function missingDependencyHint(missing: MissingDependency, found: PackageOf | PackageNotRead | undefined): string {
  const quoted = JSON.stringify(missing.name);
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
