/**
 * What a failure adds for a program that ended with exit code 0 before it answered `initialize`
 * when its npm package installs other commands that name MCP or a server: github-mcp-server 1.8.7's
 * `github-mcp-server` command is a git CLI that prints 113 lines of help and exits 0; the same
 * package's `github-mcp-server-mcp` (dist/index.js) is the MCP server. The generic question
 * (a library module? a missing subcommand?) did not say where to look; the package did.
 *
 * @module
 */
import { posix, win32 } from 'node:path';
import type { CommandPackage } from './package-of.ts';

/** A command name that says it serves MCP. */
const SERVES = /mcp|server|serve|stdio/i;

/**
 * A command name or target path fit to write into a `--server "…"` the user may paste into a shell:
 * the package is the one under review, and a bin named `$(curl …)mcp` would run in double quotes.
 */
const PLAIN = /^[\w.@+/-]+$/;

/** A bin target without its leading `./` (`./dist/index.js` and `dist/index.js` are one file). */
const plainTarget = (target: string): string => target.replace(/^\.\//, '');

/** A word mcpfusion's command-line reader and a shell read alike unquoted. */
const BARE = /^[\w.@+/:=,%-]+$/;
/**
 * What may stand inside single quotes (read literally by mcpfusion's command-line reader) within
 * the double quotes of `--server "…"` (where a shell expands `$`, `` ` ``, `\`, `"` and, in
 * bash, `!`): a word with any of those, a `'` or a control character is never suggested.
 */
const QUOTABLE = /^[^'"$`\\!\x00-\x1f\x7f]+$/;
/**
 * The same on Windows, where the line is pasted into cmd.exe or PowerShell: inside `"…"` cmd
 * expands `%NAME%` (also unquoted) and PowerShell `$` and `` ` ``; a `\` is literal to both, and
 * mcpfusion reads it literally inside single quotes (`'C:\srv\s.js'`), so a Windows path is offered.
 */
const BARE_WINDOWS = /^[\w.@+/:=,-]+$/;
const QUOTABLE_WINDOWS = /^[^'"$`%\x00-\x1f\x7f]+$/;
/** What cmd.exe reads itself in the rest of a `cmd /c` line: such a word is not offered there. */
const CMD_SPECIAL = /[\s&|<>^%()"]/;

/**
 * A command line for `--server "…"` from its words, or undefined when a word cannot be written
 * so that a shell passes it on unchanged and mcpfusion reads it back as the same word.
 *
 * @param words The program and its arguments.
 * @returns E.g. `node '/home/me/my servers/s.js'`.
 * @example serverCommandLine(['node', '/srv/a b/s.js']) // "node '/srv/a b/s.js'"
 */
export function serverCommandLine(words: readonly string[], platform: string = process.platform): string | undefined {
  const windows = platform === 'win32';
  const shown: string[] = [];
  for (const [i, word] of words.entries()) {
    // A leading `~` is the home directory to mcpfusion, a leading `NAME=` a variable: quoted, neither.
    if ((windows ? BARE_WINDOWS : BARE).test(word) && !word.startsWith('~') && !(i === 0 && /^[A-Za-z_]\w*=/.test(word))) shown.push(word);
    else if ((windows ? QUOTABLE_WINDOWS : QUOTABLE).test(word)) shown.push(`'${word}'`);
    else return undefined;
  }
  return shown.join(' ');
}

/**
 * The hint naming the other commands of the program's package that may serve MCP.
 *
 * @param ran The package of the program run and the file it ran.
 * @param platform Where the line is run (`process.platform`): on Windows a `.bin` command or one
 *   found on `PATH` is a `.cmd` script, run through `cmd /c`, and a package's file through `node`.
 * @returns The hint, starting with "; ", or '' when the package has no such other command.
 * @example otherCommandsHint(ran) // '; its package github-mcp-server 1.8.7 installs another command that may serve MCP: github-mcp-server-mcp (dist/index.js); perhaps --server "…/.bin/github-mcp-server-mcp"'
 */
export function otherCommandsHint(ran: CommandPackage, platform: string = process.platform): string {
  const { pkg, file, via } = ran;
  const windows = platform === 'win32';
  const join = windows ? win32.join : posix.join;
  const others = Object.entries(pkg.bin)
    .filter(([name, target]) => SERVES.test(name) && PLAIN.test(name) && !name.includes('/') && PLAIN.test(target) && join(pkg.dir, target) !== file)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Two names for the one file run are one command (the first by name; a Set: a package.json may list many).
  const seen = new Set<string>();
  const distinct = others.filter(([, target]) => {
    const key = plainTarget(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (distinct.length === 0) return '';
  const [first, target] = distinct[0]!;
  const listed = distinct.slice(0, 3).map(([n, t]) => `${n} (${plainTarget(t)})`).join(', ') + (distinct.length > 3 ? ` and ${distinct.length - 3} more` : '');
  // The words of the command to suggest: the .bin link beside the one run; the runtime with the
  // options it was given (a --require or --import the other command needs too) and the other
  // script; the bare name when the one run was found on PATH, else the package's file itself
  // (npm makes a bin target executable).
  const words = windows ? windowsWords(ran, first, target!)
    : via.kind === 'bin' ? [join(via.binDir, first)]
      : via.kind === 'runtime' ? [via.runtime, ...via.options, join(pkg.dir, target!)]
        : via.onPath ? [first] : [join(pkg.dir, target!)];
  const line = words === undefined ? undefined : serverCommandLine(words, platform);
  const perhaps = line === undefined ? '' : `; perhaps --server ${JSON.stringify(line)}`;
  return `; its package ${pkg.name}${pkg.version === undefined ? '' : ` ${pkg.version}`} installs ${distinct.length === 1 ? 'another command' : 'other commands'} that may serve MCP: ${listed}${perhaps}`;
}

/**
 * The words on Windows, where Node starts no `.cmd` script itself (npm's commands there are
 * `.cmd` scripts: through `cmd /c`, which then reads the rest of the line itself, so a word with a
 * space or a character cmd reads is not offered) and no `.js` file: through `node`.
 */
function windowsWords(ran: CommandPackage, first: string, target: string): string[] | undefined {
  const { pkg, via } = ran;
  if (via.kind === 'runtime') return [via.runtime, ...via.options, win32.join(pkg.dir, target)];
  const command = via.kind === 'bin' ? win32.join(via.binDir, `${first}.cmd`) : via.onPath ? first : undefined;
  if (command !== undefined) return CMD_SPECIAL.test(command) ? undefined : ['cmd', '/c', command];
  return /\.[cm]?js$/.test(target) ? ['node', win32.join(pkg.dir, target)] : undefined;
}
