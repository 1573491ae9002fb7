/**
 * A server that sets itself up before it serves: a launcher that creates a Python environment and
 * installs packages into it on its first run (openclaw-stock-kit-mcp 3.5.1 runs `python3 -m venv`
 * and then `pip install` of its bundled wheel, silent on stdout, for longer than a handshake
 * timeout), or one that downloads a browser, clones a repository or builds native code first.
 * Such a server says so, if at all, in its own words and language (`[stock-kit] Python 가상환경
 * 생성 중...`); what it runs says it in any language. So at a failed handshake mcpfusion looks at
 * the programs running in the server's process group (Linux's `/proc/<pid>/cmdline`) and names one
 * that installs, downloads or builds. The rows are data; {@link setupActivity} is pure.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { shorten } from '../format/shorten.ts';
import { groupMembers } from './listening-ports.ts';
import { redactCommandLine } from './redact-command.ts';

/** A program of the server's group that was setting something up. */
export interface SetupProcess {
  pid: number;
  /** Its arguments as the kernel holds them. */
  argv: string[];
  /** What it does, in words (`creating a Python environment`). */
  what: string;
}

/**
 * One kind of set-up: the program (after any interpreter) and the subcommands that do it (none:
 * any); a subcommand of two words (`tool install`) is read from the first two words that are not
 * options.
 */
interface SetupRow {
  id: string;
  programs: readonly string[];
  subcommands?: readonly string[];
  what: string;
}

/**
 * The set-up programs, each a row. A program that runs a package (`npx`, `npm exec`, `uvx`,
 * `pipx run`) is not among them: it is how most servers are started, installing or not.
 */
export const SETUP_ROWS: readonly SetupRow[] = [
  { id: 'python-venv', programs: ['venv', 'virtualenv'], what: 'creating a Python environment' },
  { id: 'uv-venv', programs: ['uv'], subcommands: ['venv'], what: 'creating a Python environment' },
  { id: 'conda-create', programs: ['conda', 'mamba', 'micromamba'], subcommands: ['create'], what: 'creating a Python environment' },
  { id: 'pip-install', programs: ['pip', 'pip3'], subcommands: ['install', 'download'], what: 'installing Python packages' },
  // Not `uv tool run` / `uv tool uvx` (what `uvx` runs), nor `uv pip list`: they run or read.
  { id: 'uv-install', programs: ['uv'], subcommands: ['pip install', 'pip sync', 'sync', 'add', 'tool install', 'tool upgrade', 'python install'], what: 'installing Python packages' },
  { id: 'python-tools-install', programs: ['pipx', 'poetry', 'pdm', 'conda', 'mamba', 'micromamba'], subcommands: ['install'], what: 'installing Python packages' },
  { id: 'npm-install', programs: ['npm', 'pnpm', 'yarn', 'bun'], subcommands: ['install', 'i', 'ci', 'add'], what: 'installing npm packages' },
  { id: 'browser-download', programs: ['playwright', 'patchright', 'browsers'], subcommands: ['install'], what: 'downloading a browser' },
  { id: 'model-download', programs: ['huggingface-cli', 'hf', 'ollama'], subcommands: ['download', 'pull'], what: 'downloading a model' },
  { id: 'git-clone', programs: ['git'], subcommands: ['clone', 'fetch', 'pull', 'submodule'], what: 'fetching a git repository' },
  { id: 'file-download', programs: ['curl', 'wget'], what: 'downloading a file' },
  { id: 'image-pull', programs: ['docker', 'podman'], subcommands: ['pull', 'build'], what: 'pulling or building a container image' },
  { id: 'native-build', programs: ['node-gyp', 'cmake', 'cargo', 'go'], subcommands: ['rebuild', 'build', 'configure', 'install', '--build'], what: 'building native code' },
  { id: 'system-install', programs: ['apt-get', 'apt', 'apk', 'dnf', 'yum', 'brew'], subcommands: ['install', 'update'], what: 'installing system packages' },
];

/** pip's general options, which may come before the subcommand (`pip --cache-dir /c install`). */
const PIP_OPTIONS = ['--python', '--log', '--proxy', '--retries', '--timeout', '--exists-action', '--trusted-host', '--cert', '--client-cert',
  '--cache-dir', '--use-feature', '--use-deprecated', '--keyring-provider', '--progress-bar', '--resume-retries'];

/**
 * The options of a set-up program that take their value as the next argument (`npm --prefix /x
 * install`, `pip --cache-dir /c install`), so the value is not read as the subcommand. Written
 * `--prefix=/x` (or `-C/x`) the value is part of the option. Only options a program takes before
 * or between the words of its subcommand matter; a boolean option must not be listed (it would
 * hide the subcommand after it).
 */
const OPTIONS_WITH_VALUE: Readonly<Record<string, readonly string[]>> = {
  // npm 7+'s config options (`-C` is `--prefix`, `-w` `--workspace`, `-L` `--location`).
  npm: ['--prefix', '-C', '--workspace', '-w', '--userconfig', '--globalconfig', '--cache', '--registry', '--loglevel', '--location', '-L',
    '--tag', '--omit', '--include', '--install-strategy', '--script-shell', '--node-options', '--os', '--cpu', '--libc', '--before', '--otp'],
  pnpm: ['--dir', '-C', '--filter', '-F', '--workspace-dir', '--store-dir', '--virtual-store-dir', '--modules-dir', '--reporter', '--loglevel',
    '--registry', '--cache-dir', '--lockfile-dir', '--global-dir', '--network-concurrency', '--child-concurrency'],
  // Yarn 1 (`--cwd` and the folders) and Yarn 2+ (`--cwd`).
  yarn: ['--cwd', '--modules-folder', '--cache-folder', '--global-folder', '--link-folder', '--mutex', '--network-timeout', '--network-concurrency',
    '--registry', '--use-yarnrc', '--proxy', '--https-proxy', '--preferred-cache-folder', '--otp'],
  bun: ['--cwd', '--config', '-c', '--registry', '--cache-dir', '--backend', '--filter', '-F', '--concurrent-scripts', '--network-concurrency'],
  pip: PIP_OPTIONS,
  pip3: PIP_OPTIONS,
  // uv's global options (`uv --directory /x sync`, `uv --project /x pip install`).
  uv: ['--directory', '--project', '--cache-dir', '--python', '-p', '--color', '--config-file', '--python-preference', '--allow-insecure-host'],
  poetry: ['--directory', '-C', '--project', '-P'],
  pdm: ['--project', '-p'],
  conda: ['--name', '-n', '--prefix', '-p'],
  mamba: ['--name', '-n', '--prefix', '-p'],
  micromamba: ['--name', '-n', '--prefix', '-p', '--root-prefix', '-r', '--rc-file'],
  // git's `-C <dir>` and `-c key=value` come before the subcommand.
  git: ['-C', '-c', '--git-dir', '--work-tree', '--namespace'],
  docker: ['--context', '-c', '--config', '--host', '-H', '--log-level', '-l', '--tlscacert', '--tlscert', '--tlskey'],
  podman: ['--connection', '-c', '--url', '--root', '--runroot', '--log-level', '--storage-driver', '--cgroup-manager', '--identity'],
  cargo: ['--config', '-Z', '--color', '-C'],
};

/**
 * The words of a program's arguments that are not options or option values: the subcommand first.
 * cmake's `--build` counts as a word; `--` ends the options.
 */
function commandWords(program: string, args: readonly string[]): string[] {
  const withValue = OPTIONS_WITH_VALUE[program] ?? [];
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      words.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '--build') words.push(a);
    else if (withValue.includes(a)) i++;
  }
  return words;
}

/** Programs that run another: the program that matters is the script or module they run. */
const INTERPRETER = /^(?:python(?:\d+(?:\.\d+)*)?|pypy\d*|py|node|nodejs|bun|deno|sh|bash|dash|zsh|env)$/;

/** The last segment of a path, without an executable's or script's extension. */
function programName(word: string): string {
  return (word.split(/[\\/]/).pop() ?? word).replace(/\.(?:exe|cmd|bat|[cm]?js|py)$/i, '').toLowerCase();
}

/**
 * The program a command line runs and its arguments, past interpreters, their options and `env`'s
 * variables: `python3 -u -m pip install x` → `pip`, `install x`; `node /usr/lib/node_modules/npm/bin/npm-cli.js ci` → `npm-cli`, `ci`.
 */
function effectiveProgram(argv: readonly string[]): { program: string; args: readonly string[] } {
  let i = 0;
  while (i < argv.length - 1 && INTERPRETER.test(programName(argv[i]!))) {
    const interpreter = programName(argv[i]!);
    i++;
    while (i < argv.length && (argv[i]!.startsWith('-') || (interpreter === 'env' && /^[A-Za-z_]\w*=/.test(argv[i]!)))) {
      // `python -m pip`: the module is the program.
      if (argv[i] === '-m' && i + 1 < argv.length) return { program: programName(argv[i + 1]!), args: argv.slice(i + 2) };
      // `sh -c 'pip install x'`, `node -e …`: code, not a program.
      if (argv[i] === '-c' || argv[i] === '-e') return { program: '', args: [] };
      i++;
    }
  }
  const program = programName(argv[i] ?? '');
  // npm run through node: `npm-cli.js`, `pnpm.cjs`, `yarn.js`.
  return { program: program.replace(/-cli$/, ''), args: argv.slice(i + 1) };
}

/**
 * What a program does when it is one of {@link SETUP_ROWS}.
 *
 * @param argv Its arguments (`argv[0]` the program).
 * @returns The activity in words, or undefined.
 * @example setupActivity(['python3', '-m', 'venv', '/home/u/.local/share/x/venv']) // 'creating a Python environment'
 * @example setupActivity(['npx', '-y', 'some-mcp']) // undefined
 */
export function setupActivity(argv: readonly string[]): string | undefined {
  // `bun install` is bun's own subcommand; `bun x.js`, `python3 -m pip install` run another program.
  for (const { program, args } of [{ program: programName(argv[0] ?? ''), args: argv.slice(1) }, effectiveProgram(argv)]) {
    if (program === '') continue;
    const words = commandWords(program, args);
    const sub = words[0];
    const two = words.length > 1 ? `${words[0]} ${words[1]}` : undefined;
    for (const row of SETUP_ROWS) {
      if (!row.programs.includes(program)) continue;
      if (row.subcommands === undefined || (sub !== undefined && row.subcommands.includes(sub)) || (two !== undefined && row.subcommands.includes(two))) return row.what;
    }
  }
  return undefined;
}

/**
 * The programs of a running server's process group (its leader, the command mcpfusion started,
 * left out) that set something up.
 *
 * @param group The server's pid, the leader of its group.
 * @returns Those programs in pid order; `[]` for none, or where `/proc` cannot tell (not Linux).
 */
export async function setupProcesses(group: number): Promise<SetupProcess[]> {
  const members = await groupMembers(group);
  if (members === undefined) return [];
  const found: SetupProcess[] = [];
  for (const pid of members) {
    if (pid === group) continue;
    let argv: string[];
    try {
      argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0+$/, '').split('\0');
    } catch {
      continue; // gone since the listing
    }
    const what = setupActivity(argv);
    if (what !== undefined) found.push({ pid, argv, what });
  }
  return found;
}

/**
 * The first of the set-up programs found as the hints name it: what it does, its pid and its
 * command line (what looks like a secret hidden, shortened), and how many more there were.
 */
function namedSetup(found: readonly SetupProcess[]): string {
  const first = found[0]!;
  const more = found.length > 1 ? ` (and ${found.length - 1} more such program${found.length > 2 ? 's' : ''})` : '';
  const command = shorten(redactCommandLine(first.argv.join(' ')), 160);
  return `${first.what} (pid ${first.pid} ${JSON.stringify(command)})${more}`;
}

/**
 * The hint for a handshake that failed while a program of the server's group was setting
 * something up.
 *
 * @param found At least one such program ({@link setupProcesses}).
 * @returns The hint, naming the first program (its command line with what looks like a secret
 *   hidden) and what it does, and how to let the set-up finish.
 * @example setupHint([{ pid: 42, argv: ['python3', '-m', 'venv', '/v'], what: 'creating a Python environment' }])
 */
export function setupHint(found: readonly SetupProcess[]): string {
  return `; the server was still setting itself up, as a server does on its first run before it serves: a program it started was ${namedSetup(found)}. ` +
    'That can take minutes: let it finish once, by running the command by itself until it serves or with a longer --handshake-timeout (timeouts.handshake), then run mcpfusion again';
}

/**
 * The hint for a handshake that failed after a program of the server's group had set something
 * up and finished (seen while the handshake was awaited, gone when it failed).
 *
 * @param found At least one such program, in the order seen.
 * @returns The hint, naming the first program and what it did, and what to try.
 * @example finishedSetupHint([{ pid: 42, argv: ['npm', 'install'], what: 'installing npm packages' }])
 */
export function finishedSetupHint(found: readonly SetupProcess[]): string {
  return `; while mcpfusion waited, the server set itself up, as a server does on its first run before it serves: a program it started was ${namedSetup(found)}, ` +
    'and had finished before the handshake failed. The set-up may have taken most of the wait, or failed: run the command by itself once to see it finish and serve, or run mcpfusion again with a longer --handshake-timeout (timeouts.handshake)';
}

/**
 * The note for a handshake that succeeded, slowly, after a program of the server's group had set
 * something up: a run where the set-up takes longer than the handshake timeout fails.
 *
 * @param found At least one such program, in the order seen.
 * @returns The note (no `warning:` prefix).
 * @example setupBeforeAnswerNote([{ pid: 42, argv: ['npm', 'install'], what: 'installing npm packages' }])
 */
export function setupBeforeAnswerNote(found: readonly SetupProcess[]): string {
  return `the server set itself up before it answered initialize, as a server does on its first run: a program it started was ${namedSetup(found)}. ` +
    'A run where that takes longer than --handshake-timeout (timeouts.handshake) fails: where each run starts afresh (a CI job without a cache), do the set-up beforehand or give the handshake that long';
}
