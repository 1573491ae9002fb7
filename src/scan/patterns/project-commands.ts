/**
 * Rows for the commands a project file runs outside the code (see project-commands.ts): the
 * package.json scripts npm runs when the package is installed or started, and a Dockerfile's
 * `RUN`, `CMD` and `ENTRYPOINT` (and `ADD` of a URL). Each row has a stable id; the command words
 * each one looks for are listed here, the matching is in the core.
 *
 * @module
 */
import type { ScanFamily } from '../types.ts';

/** One command row. */
export interface CommandRule {
  /** Stable id `<family>.<name>`. */
  id: string;
  family: ScanFamily;
  title: string;
}

/** The command rows. */
export const COMMAND_RULES: readonly CommandRule[] = [
  { id: 'network.command-download', family: 'network', title: 'A command an install or start script or a Dockerfile runs downloads (curl, wget, aria2c, PowerShell\'s Invoke-WebRequest, Dockerfile ADD of a URL)' },
  { id: 'code-evaluation.command-remote-code', family: 'codeEvaluation', title: 'A command an install or start script or a Dockerfile runs executes what it downloads (curl … | sh, bash -c "$(curl …)", bash <(wget …), iex (iwr …))' },
];

/** Commands that download what their arguments name (lower case, without a directory or `.exe`). */
export const DOWNLOAD_COMMANDS: ReadonlySet<string> = new Set(['curl', 'wget', 'aria2c', 'invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm', 'start-bitstransfer']);

/** Commands that run the code they read on standard input or from a file given as a process substitution. */
export const CODE_RUNNERS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'node', 'nodejs', 'python', 'python3', 'perl', 'ruby', 'php', 'deno', 'bun', 'source', '.', 'eval', 'iex', 'invoke-expression', 'pwsh', 'powershell']);

/** Commands that take a shell command line as an argument after `-c` (or `/c`, PowerShell's `-Command`). */
export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'cmd']);

/** Words before a command that run it (`sudo curl …`, `env A=1 sh`, `exec node x.js`): skipped, with their options. */
export const COMMAND_PREFIXES: ReadonlySet<string> = new Set(['sudo', 'env', 'exec', 'nohup', 'time', 'command', 'doas', 'xargs']);

/**
 * The package.json scripts npm (and yarn, pnpm, bun) runs without being asked by name: at
 * install (`preinstall`, `install`, `postinstall`; `prepare` also when installed from a git
 * repository) and at `npm start` (`prestart`, `start`, `poststart`).
 */
export const RUN_SCRIPTS: readonly string[] = ['preinstall', 'install', 'postinstall', 'prepare', 'prestart', 'start', 'poststart'];

/** Interpreters whose first argument that is no option is the script they run. */
export const SCRIPT_INTERPRETERS: ReadonlySet<string> = new Set(['node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node', 'python', 'python3']);

/** Options of those interpreters whose value is inline code: the code is scanned as the interpreter's language. */
export const INLINE_CODE_OPTIONS: Readonly<Record<string, { options: readonly string[]; language: 'js' | 'py' }>> = {
  node: { options: ['-e', '--eval', '-p', '--print'], language: 'js' },
  nodejs: { options: ['-e', '--eval', '-p', '--print'], language: 'js' },
  bun: { options: ['-e', '--eval', '-p', '--print'], language: 'js' },
  deno: { options: ['eval'], language: 'js' },
  python: { options: ['-c'], language: 'py' },
  python3: { options: ['-c'], language: 'py' },
};

/** Interpreter options that take a value (a module, a file or code), so that value is not the script. */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-e', '--eval', '-p', '--print', '-c', '-m', '--config', '--env-file', '--input-type', '--conditions', '-C', '--tsconfig', '-W', '-X']);
