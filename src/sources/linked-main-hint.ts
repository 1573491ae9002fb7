/**
 * What a failure says of a program started through a link (an npm `.bin` link) that ended at once
 * with exit code 0 and wrote nothing, when its file runs its server only if `process.argv[1]` names
 * that file itself: `process.argv[1] === fileURLToPath(import.meta.url)` is false through a link,
 * since Node.js keeps the link's path in `argv[1]`, so the module loads, serves nothing and ends.
 * @neverinfamous/mysql-mcp 2.1.0's `dist/cli.js` does so (servers21): its `.bin/mysql-mcp` exits 0
 * silently, and `node …/dist/cli.js` serves.
 *
 * @module
 */
import { closeSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { programFile } from './find-program.ts';
import { serverCommandLine } from './other-commands-hint.ts';
import { redactCommandLine } from './redact-command.ts';

/** How much of the file is read for its main-module check. */
const READ_BYTES = 512 * 1024;

/** A main-module check on `process.argv[1]` against the module's own path. */
const ARGV1 = /process\.argv\[1\]/;
const OWN_PATH = /import\.meta\.(?:url|filename)|__filename/;

function head(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(READ_BYTES);
    const read = readSync(fd, buffer, 0, READ_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The hint for a program run through a link whose file checks `process.argv[1]` against its own
 * path, or '' when the command is no link, its file is no JavaScript, or it has no such check.
 *
 * @param command The program as the command line names it.
 * @param args Its arguments.
 * @param cwd The server's working directory.
 * @param pathVar The server's `PATH`.
 * @returns The hint, starting with "; ", or ''.
 * @example linkedMainHint('/srv/node_modules/.bin/mysql-mcp', ['--transport', 'stdio'], '/srv', process.env.PATH) // '; the command is a link to "/srv/node_modules/@neverinfamous/mysql-mcp/dist/cli.js" …'
 */
export function linkedMainHint(command: string, args: readonly string[], cwd: string, pathVar: string | undefined): string {
  const found = programFile(command, pathVar, cwd);
  if (found === undefined) return '';
  let real: string;
  try {
    if (!lstatSync(found.path).isSymbolicLink()) return '';
    real = realpathSync(found.path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) return '';
    throw error;
  }
  if (!/\.[cm]?js$/.test(real)) return '';
  const text = head(real);
  if (text === undefined || !ARGV1.test(text) || !OWN_PATH.test(text)) return '';
  const line = serverCommandLine(['node', real, ...args]);
  // Its arguments are shown as the failure shows the command line: a password in them hidden.
  const offer = line === undefined ? 'start that file with node' : `start that file itself: perhaps --server "${redactCommandLine(line)}"`;
  return `; the command is a link to ${JSON.stringify(real)}, which compares process.argv[1] with its own path to decide whether to serve: ` +
    `started through the link, process.argv[1] is the link's path, so it only loaded and ended (a fault of the package: tell its authors); ${offer}`;
}
