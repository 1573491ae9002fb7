/**
 * What a failure says of a script whose `#!` line names an interpreter that is not installed:
 * `#!/usr/bin/env bun` makes `env` look the name up on the server's `PATH`, and without it `env`
 * says `/usr/bin/env: ‘bun’: No such file or directory` (GNU coreutils; `'bun'` in the C locale,
 * `env: bun: No such file or directory` on macOS and the BSDs, `env: can't execute 'bun': No such
 * file or directory` in BusyBox) and exits 127. indra_db_mcp 0.2.2's bin `src/index.ts` starts so
 * (servers21), and mcpfusion quoted the line with no word on what it means. An interpreter named
 * by its path (`#!/opt/bun/bin/bun`) fails in `execve` instead, before the program runs, and is not
 * read here.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

/** How much of `env`'s line the hint quotes. */
const SHOWN = 200;

/** `env`'s report of a program it could not find, with the program's name. */
const ENV_NOT_FOUND = /^(?:\S*\/)?env: (?:can't execute )?[‘'"]?([^‘’'":\s]+)[’'"]?: No such file or directory\s*$/;

/**
 * The hint for a script that stopped because its `#!` line names a program `env` could not find,
 * or '' when no line says so.
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example missingInterpreterHint(['/usr/bin/env: ‘bun’: No such file or directory']) // '; its "#!" line runs "bun" through env, which found no bun on the PATH …'
 */
export function missingInterpreterHint(lines: readonly string[]): string {
  for (const raw of lines) {
    const line = raw.trim();
    const match = ENV_NOT_FOUND.exec(line);
    if (match === null) continue;
    const name = match[1]!;
    const shown = JSON.stringify(shorten(line, SHOWN));
    return `; the command is a script whose "#!" line runs ${JSON.stringify(name)} through env, which found no ${name} on the PATH the server was started with (${shown}): ` +
      `install ${name}, or give the folder it is in on the server's PATH (--server-env PATH=…), or run the script with another program that runs it, given first on --server`;
  }
  return '';
}
