/**
 * Where a program named on a command line would be found, looked up the way `spawn` without a
 * shell looks it up on POSIX: a name with a `/` is a path (relative to the working directory),
 * any other name is searched in each `PATH` entry (an empty entry is the working directory).
 * Used to refuse a misspelled command before any work starts, where running it would only fail
 * later and quietly (a judge that cannot start is a fallback, not an error).
 *
 * @module
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, resolve } from 'node:path';
import process from 'node:process';
import type { Caller, FileOwnership } from './execute-permission.ts';

/** The search path `spawn` uses when the environment has no `PATH` (libuv's default). */
const DEFAULT_PATH = '/usr/bin:/bin';

/** Why a program cannot be run, or undefined when it can. */
export type ProgramProblem = 'not-found' | 'not-executable' | undefined;

function problemAt(path: string): ProgramProblem {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return 'not-found';
  }
  if (!isFile) return 'not-found';
  try {
    accessSync(path, constants.X_OK);
    return undefined;
  } catch {
    return 'not-executable';
  }
}

/**
 * Whether `command` can be started, looked up like `spawn` does on POSIX.
 *
 * @param command The program as written on the command line (after `~` expansion).
 * @param pathVar The `PATH` the program would be started with.
 * @param cwd The working directory it would be started in.
 * @param platform Defaults to the running platform; on Windows nothing is checked (its lookup
 *   adds extensions and search rules of its own).
 * @returns `not-found`, `not-executable` (found only without the execute permission), or
 *   undefined when it can be started (or on Windows).
 * @example programProblem('node', process.env.PATH, process.cwd()) // undefined
 */
export function programProblem(command: string, pathVar: string | undefined, cwd: string, platform: string = process.platform): ProgramProblem {
  if (platform === 'win32') return undefined;
  if (command.includes('/')) return problemAt(isAbsolute(command) ? command : resolve(cwd, command));
  let seen: ProgramProblem = 'not-found';
  for (const dir of (pathVar ?? DEFAULT_PATH).split(delimiter)) {
    const found = problemAt(resolve(cwd, dir, command));
    if (found === undefined) return undefined;
    if (found === 'not-executable') seen = found;
  }
  return seen;
}

/** A program's file as found: its path, permission bits and owner. */
export interface ProgramFile extends FileOwnership {
  path: string;
}

/**
 * Who this process runs as, for {@link mayExecute}: its effective user id and every group it is in.
 *
 * @returns The effective uid and the effective and supplementary gids (uid -1 where POSIX ids are unknown).
 * @example currentCaller().uid // 0 for root
 */
export function currentCaller(): Caller {
  const gids = new Set(process.getgroups?.() ?? []);
  if (process.getegid) gids.add(process.getegid());
  return { uid: process.geteuid?.() ?? -1, gids: [...gids] };
}

/**
 * The file a program named on a command line is, found the way {@link programProblem} looks:
 * a name with a `/` is a path, any other name the first regular file of that name in a `PATH`
 * entry. Undefined when none is found, or on Windows.
 *
 * @param command The program as written on the command line.
 * @param pathVar The `PATH` it would be started with.
 * @param cwd The working directory it would be started in.
 * @param platform Defaults to the running platform.
 * @returns Its path, permission bits (`0o644`) and owner, or undefined.
 * @example programFile('/srv/bin/server', undefined, '/')?.mode // 0o644 for a binary unpacked without its execute bit
 */
export function programFile(command: string, pathVar: string | undefined, cwd: string, platform: string = process.platform): ProgramFile | undefined {
  if (platform === 'win32') return undefined;
  for (const path of candidatePaths(command, pathVar, cwd)) {
    try {
      const stat = statSync(path);
      if (stat.isFile()) return { path, mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid };
    } catch {
      // Not there: the next entry of PATH.
      continue;
    }
  }
  return undefined;
}

/** The paths a command names, in the order `spawn` tries them: itself when it holds a `/`, else each `PATH` entry's. */
function candidatePaths(command: string, pathVar: string | undefined, cwd: string): string[] {
  return command.includes('/') ? [isAbsolute(command) ? command : resolve(cwd, command)]
    : (pathVar ?? DEFAULT_PATH).split(delimiter).map((dir) => resolve(cwd, dir, command));
}

/** A directory found where a program was looked for (see {@link programDirectory}). */
export interface ProgramDirectory {
  path: string;
  directory: true;
}

/**
 * The directory a command names when no regular file of that name is found, looked up as
 * {@link programFile} looks: `spawn` of a directory fails with `EACCES`, which alone reads as a
 * missing execute permission. Undefined when a regular file is found, nothing is, or on Windows.
 *
 * @param command The program as written on the command line.
 * @param pathVar The `PATH` it would be started with.
 * @param cwd The working directory it would be started in.
 * @param platform Defaults to the running platform.
 * @returns The directory's absolute path, or undefined.
 * @example programDirectory('/srv', undefined, '/')?.path // '/srv'
 */
export function programDirectory(command: string, pathVar: string | undefined, cwd: string, platform: string = process.platform): ProgramDirectory | undefined {
  if (platform === 'win32') return undefined;
  let first: string | undefined;
  for (const path of candidatePaths(command, pathVar, cwd)) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      // Not there: the next entry of PATH.
      continue;
    }
    if (stat.isFile()) return undefined;
    if (stat.isDirectory()) first ??= path;
  }
  return first === undefined ? undefined : { path: first, directory: true };
}
