/**
 * What a failure says of a JavaScript file run as a command that has no `#!` line. The system
 * cannot run such a file itself, so `execvp` hands it to `/bin/sh`, which stops on its first line:
 * `…/node_modules/.bin/n8n-mcp-server: 1: import: not found` (dash) or `line 1: import: command not
 * found` (bash), exit 2 or 127. @illuminaresolutions/n8n-mcp-server 1.0.1's bin `build/index.js`
 * starts with `import …` (servers19). The shell's words read as a missing program; the fix is to run
 * the file with Node.js, or, for a TypeScript file, with a TypeScript runner: Node.js strips types
 * by default only from v22.18.0 and v23.6.0 on (Node 20 stops on the first annotation), never in a
 * file under a `node_modules` folder (`ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING`, no flag lifts
 * it), and never for syntax that needs compiling (an `enum`). `tsx` runs all of these (on Node.js 18
 * and later), so it is the line offered; plain `node` is named beside it, hedged,
 * for a file outside `node_modules`. The line does not depend on the Node.js running mcpfusion,
 * which need not be the one the server's command finds.
 *
 * @module
 */
import { openSync, readSync, closeSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { shorten } from '../format/shorten.ts';
import { serverCommandLine } from './other-commands-hint.ts';

/** How much of the shell's line the hint quotes. */
const SHOWN = 200;

/**
 * A POSIX shell's report of a word it could not run: `path: 1: word: not found`, `path: line 1:
 * word: command not found`. The path is the command as given: relative for `--server
 * node_modules/.bin/x`, so it is read from the server's working directory.
 */
const SHELL_NOT_FOUND = /^(.+?): (?:line )?\d+: .+?: (?:command )?not found\s*$/;

/** Files Node.js runs as JavaScript, or a TypeScript runner as TypeScript. */
const SCRIPT = /\.(?:[cm]?js|[cm]?ts)$/;

/** TypeScript files: Node.js 20 cannot run them, later versions only some (see the module doc). */
const TYPESCRIPT = /\.[cm]?ts$/;

/** A path inside a `node_modules` folder, where no Node.js version strips types. */
const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

/** The first two bytes of a file, or undefined when it cannot be read. */
function firstBytes(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(2);
    const n = readSync(fd, buffer, 0, 2, 0);
    return buffer.subarray(0, n).toString('latin1');
  } catch (error) {
    // A file gone or unreadable: no hint, the shell's own line is still quoted.
    if ((error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The hint for a TypeScript file without a `#!` line: run it with `tsx`, which also runs a file
 * under `node_modules` and one with an `enum`; plain `node` only where it can.
 */
function typeScriptHint(file: string, shown: string): string {
  const tsx = serverCommandLine(['npx', 'tsx', file]);
  const run = tsx === undefined ? 'Run it with a TypeScript runner (npx tsx and that file)' : `Run it with a TypeScript runner: --server "${tsx}"`;
  const node = serverCommandLine(['node', file]);
  const plain = IN_NODE_MODULES.test(file)
    ? 'Node.js itself runs no TypeScript file inside node_modules, on any version'
    : `Node.js runs it itself only from v22.18.0 and v23.6.0 on, and only when it holds no TypeScript that needs compiling, such as an enum${node === undefined ? '' : `: --server "${node}"`}`;
  return `; the command is a TypeScript file without a "#!" line (${JSON.stringify(file)}), so the system ran it as a shell script, ` +
    `which stopped on its first line (${JSON.stringify(shown)}). ${run} followed by its arguments (${plain}); ` +
    'a package\'s bin needs to be JavaScript with "#!/usr/bin/env node" as its first line (tell its authors)';
}

/**
 * The hint for a server whose stderr shows the shell running a JavaScript file without a `#!`
 * line, or '' when it does not.
 *
 * @param lines The server's stderr lines.
 * @param cwd The server's working directory, which a relative command path is read from.
 * @returns The hint, starting with "; ", or ''.
 * @example noShebangHint(['/srv/node_modules/.bin/x: 1: import: not found']) // '; the command is a JavaScript file without a "#!" line …' (when that file is one; a TypeScript file gets `npx tsx`)
 */
export function noShebangHint(lines: readonly string[], cwd: string = process.cwd()): string {
  for (const raw of lines) {
    const line = raw.trim();
    const match = SHELL_NOT_FOUND.exec(line);
    if (match === null) continue;
    let file: string;
    try {
      file = realpathSync(resolve(cwd, match[1]!));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== undefined) continue;
      throw error;
    }
    if (!SCRIPT.test(file)) continue;
    const head = firstBytes(file);
    if (head === undefined || head === '#!') continue;
    // A path with a space is quoted so that the line reads back as one word; one a shell would
    // expand inside the double quotes is not offered as a line.
    const shown = shorten(line, SHOWN);
    if (TYPESCRIPT.test(file)) return typeScriptHint(file, shown);
    const offered = serverCommandLine(['node', file]);
    const run = offered === undefined ? 'Run it with Node.js (node and that file)' : `Run it with Node.js: --server "${offered}"`;
    return `; the command is a JavaScript file without a "#!" line (${JSON.stringify(file)}), so the system ran it as a shell script, ` +
      `which stopped on its first line (${JSON.stringify(shown)}). ${run} ` +
      'followed by its arguments; a package\'s bin needs "#!/usr/bin/env node" as its first line (tell its authors)';
  }
  return '';
}
