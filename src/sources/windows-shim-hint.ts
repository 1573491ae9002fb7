/**
 * Why a program named on a command line did not start on Windows, when it is a batch script.
 *
 * mcpfusion starts servers and judges without a shell. On Windows, `npx`, `npm`, `pnpm`, `yarn`
 * and most commands npm installs are `.cmd` scripts, which only `cmd.exe` runs: Node's `spawn`
 * looks a bare name up with `.com` and `.exe` only (so `npx` is "not found", ENOENT), and since
 * Node 18.20.2 / 20.12.2 (CVE-2024-27980) it refuses a `.cmd` or `.bat` file named outright
 * (EINVAL). Both failures name a program that exists: the user has to be told to go through `cmd`.
 *
 * @module
 */
import { redactCommandLine } from './redact-command.ts';

/**
 * The hint to append to a start failure on Windows, or '' when it does not apply.
 *
 * @param command The program as the command line names it.
 * @param code The start error's code (`ENOENT`, `EINVAL` …).
 * @param platform The running platform (`process.platform`).
 * @returns `; on Windows …` naming the `cmd /c` form, or ''.
 * @example windowsShimHint('npx', 'ENOENT', 'win32') // '; on Windows a .cmd or .bat program …'
 */
export function windowsShimHint(command: string, code: string | undefined, platform: string): string {
  if (platform !== 'win32' || (code !== 'ENOENT' && code !== 'EINVAL')) return '';
  const name = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1);
  // An .exe (or another extension Windows runs by itself) is not the case; a bare name or a script is.
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  if (ext !== '' && ext !== '.cmd' && ext !== '.bat') return '';
  return `; on Windows a .cmd or .bat program (npx, npm, pnpm, yarn and most commands npm installs are such scripts) starts only through cmd.exe, and mcpfusion runs no shell: write "cmd /c ${shellWord(command)} …"`;
}

/**
 * A word as the `--server` command line writes it (exported for the other hints that suggest one): single-quoted when it holds a backslash, a
 * space or a quote (the command line is split by POSIX rules, where an unquoted backslash escapes
 * the next character).
 */
export function shellWord(word: string): string {
  return /^[\w./:@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'"'"'`)}'`;
}

/**
 * Why `cmd /c …` did not start outside Windows, or '' when it does not apply: a command line
 * written for Windows (configs shared with Windows users start `npx` that way), where `cmd` is
 * not found.
 *
 * @param command The program as the command line names it.
 * @param args Its arguments.
 * @param code The start error's code.
 * @param platform The running platform (`process.platform`).
 * @returns `; "cmd /c" runs a program through cmd.exe …` naming the program to give instead, or ''.
 * @example cmdOutsideWindowsHint('cmd', ['/c', 'npx', 'pkg'], 'ENOENT', 'linux') // '; "cmd /c" runs … ("npx pkg")'
 */
export function cmdOutsideWindowsHint(command: string, args: readonly string[], code: string | undefined, platform: string): string {
  if (platform === 'win32' || code !== 'ENOENT' || !/^cmd(?:\.exe)?$/i.test(command) || args.length < 2 || !/^\/c$/i.test(args[0]!)) return '';
  // What looks like a secret (`--token …`, a URL's password) is hidden, as in the rest of the message.
  const rest = redactCommandLine(args.slice(1).map(shellWord).join(' '));
  return `; "cmd /c" runs a program through cmd.exe, the shell of Windows, which ${platform} does not have: here give the program itself ("${rest}")`;
}

/**
 * Why a program named by a Windows path or as a batch script did not start outside Windows, or ''
 * when it does not apply: a config shared with Windows users (`C:\tools\srv.cmd`, `npx.cmd`) run
 * on Linux or macOS, where "not found" alone sends the user to check a path that was given.
 *
 * @param command The program as the command line names it.
 * @param code The start error's code.
 * @param platform The running platform (`process.platform`).
 * @returns `; "C:\tools\srv.cmd" is a Windows path … here give …`, or ''.
 * @example windowsCommandOutsideWindowsHint('npx.cmd', 'ENOENT', 'linux') // '; "npx.cmd" is a batch script of Windows (.cmd), …'
 */
export function windowsCommandOutsideWindowsHint(command: string, code: string | undefined, platform: string): string {
  if (platform === 'win32' || code !== 'ENOENT') return '';
  const drive = /^([A-Za-z]:)[\\/]/.exec(command)?.[1];
  const name = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1);
  const ext = /\.(cmd|bat)$/i.exec(name)?.[0].toLowerCase();
  if (drive === undefined && ext === undefined) return '';
  const what = drive === undefined ? `a batch script of Windows (${ext})` : `a Windows path (drive ${drive.toUpperCase()})${ext === undefined ? '' : ` to a batch script (${ext})`}`;
  const runs = ext === undefined ? `, which ${platform} does not have` : `, which only cmd.exe, the shell of Windows, runs and ${platform} does not have`;
  return `; ${JSON.stringify(command)} is ${what}${runs}: here give the program ${ext === undefined ? 'itself' : 'it starts'}, by its name or its path on this system${ext === undefined ? '' : ' (npm\'s npx.cmd is npx here)'}`;
}
