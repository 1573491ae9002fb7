/**
 * What a "command not found" adds when the command is named after an npm package installed where
 * it was looked for, but that package installs its command under another name: accessflow-mcp-server
 * 1.0.15 installs `flow-mcp`, @yhy2001/figma-mcp-server 1.1.0 `figma-mcp`, shadcn-studio-mcp 1.0.7
 * `shadcn-mcp`, and read-web-page-mcp 3.0.0 none at all (servers24). `--server
 * "node_modules/.bin/accessflow-mcp-server"` was told only to check the name and the PATH, though
 * the package's own package.json says which command it installs.
 *
 * @module
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { serverCommandLine } from './other-commands-hint.ts';
import { isPackage, packageOf, type PackageOf } from './package-of.ts';

/** A command name that says it serves MCP: offered before the package's other commands. */
const SERVES = /mcp|server|serve|stdio/i;
/** A command or file name fit to write into a suggested `--server "…"` line. */
const PLAIN = /^[\w.@+-]+$/;
/** The most scope folders (`node_modules/@x`) looked into for a package of the command's name. */
const MAX_SCOPES = 500;

/**
 * The packages named `name` or `@scope/name` in a `node_modules` folder.
 *
 * @param nodeModules The folder.
 * @param name The command's name.
 * @returns The packages read, the unscoped one first.
 */
function packagesNamed(nodeModules: string, name: string): PackageOf[] {
  const dirs = [join(nodeModules, name)];
  let entries: string[];
  try {
    entries = readdirSync(nodeModules);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return [];
    throw error;
  }
  dirs.push(...entries.filter((e) => e.startsWith('@')).sort().slice(0, MAX_SCOPES).map((scope) => join(nodeModules, scope, name)));
  const found: PackageOf[] = [];
  for (const dir of dirs) {
    const pkg = packageOf(join(dir, 'package.json'));
    // packageOf climbs to the nearest package.json with a name: only the package's own counts.
    if (isPackage(pkg) && pkg.dir === dir) found.push(pkg);
  }
  return found;
}

/**
 * The hint for a program not found (`ENOENT`) that is a `node_modules/.bin/<name>` link, or a bare
 * `<name>`, where `node_modules` (the link's, or the working directory's) holds a package `<name>`
 * (or `@scope/<name>`) that installs no command of that name: its commands are named, the one that
 * says it serves MCP offered; one that installs none is told to be started by its file.
 *
 * @param command The program as the command line names it.
 * @param args Its arguments, kept in the line offered.
 * @param cwd The directory the server is started in.
 * @returns `; the package "…" … installs its command as "…", not "…": --server "…"`, or ''.
 * @example installedCommandHint('node_modules/.bin/accessflow-mcp-server', [], '/srv') // '; the package "accessflow-mcp-server" 1.0.15 in "node_modules" installs its command as "flow-mcp", not "accessflow-mcp-server": --server "node_modules/.bin/flow-mcp"'
 */
export function installedCommandHint(command: string, args: readonly string[], cwd: string): string {
  const name = basename(command);
  if (!PLAIN.test(name)) return '';
  let nodeModules: string;
  let binDir: string;
  if (command.includes('/')) {
    const dir = dirname(command);
    if (basename(dir) !== '.bin' || basename(dirname(dir)) !== 'node_modules') return '';
    nodeModules = resolve(cwd, dirname(dir));
    binDir = dir;
  } else {
    nodeModules = resolve(cwd, 'node_modules');
    binDir = 'node_modules/.bin';
  }
  const pkg = packagesNamed(nodeModules, name)[0];
  if (pkg === undefined) return '';
  const where = `the package ${JSON.stringify(pkg.name)}${pkg.version === undefined ? '' : ` ${pkg.version}`} in ${JSON.stringify(command.includes('/') ? dirname(binDir) : 'node_modules')}`;
  const bins = Object.keys(pkg.bin).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const offer = (words: string[]): string => {
    const line = serverCommandLine([...words, ...args]);
    return line === undefined ? '' : `: --server ${JSON.stringify(line)}`;
  };
  if (bins.includes(name)) {
    // A bare name whose package is installed here, not globally: its command is in node_modules/.bin.
    return command.includes('/') ? '' : `; ${where} installs it there, not on the PATH${offer([`${binDir}/${name}`])}`;
  }
  if (bins.length === 0) {
    const main = pkg.main !== undefined && PLAIN.test(basename(pkg.main)) ? join(dirname(binDir), pkg.name, pkg.main.replace(/^\.\//, '')) : undefined;
    return `; ${where} installs no command; start its file with node${main === undefined ? ' (its README names it)' : ` (its main is ${JSON.stringify(pkg.main)})${offer(['node', main])}`}`;
  }
  const ordered = [...bins.filter((b) => SERVES.test(b)), ...bins.filter((b) => !SERVES.test(b))];
  const listed = ordered.slice(0, 3).map((b) => JSON.stringify(b)).join(', ') + (ordered.length > 3 ? ` and ${ordered.length - 3} more` : '');
  const first = ordered[0]!;
  return `; ${where} installs its command${bins.length === 1 ? '' : 's'} as ${listed}, not ${JSON.stringify(name)}${PLAIN.test(first) ? offer([`${binDir}/${first}`]) : ''}`;
}
