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
  { id: 'network.command-package-install', family: 'network', title: 'A command an install or start script (or a container\'s CMD or ENTRYPOINT) runs installs named packages or browsers from a registry (npm install x, pip install x, go install x@latest, cargo install x, playwright install)' },
];

/** How a command installs packages (see {@link PACKAGE_INSTALLERS}). */
export interface PackageInstaller {
  /** The raw identifier's name (`npm-install` for `npm i` and `npm add` too). */
  name: string;
  /** Where it fetches from (for `always`: what it downloads), for the detail. */
  from: string;
  /**
   * `packages`: its arguments that are no option name packages, and a local path (`.`, `./pkg`,
   * `file:`, a `.tgz` or `.whl` file) names none; `versioned`: only a path with a version
   * (`go install golang.org/x/tools/gopls@latest`; without one it builds the module's own
   * packages); `always`: it downloads whatever its arguments (`playwright install`).
   */
  reads: 'packages' | 'versioned' | 'always';
  /** Only the first argument that is no option names a package (`go run x@v args…`: the rest are the program's). */
  firstOnly?: true;
  /** Options whose value is the next word (`pip install -r requirements.txt`). */
  valueOptions?: readonly string[];
  /** Options whose value is a package source (`pip install -e git+https://…`, `cargo install --git URL`). */
  sourceOptions?: readonly string[];
}

const NPM_INSTALL: PackageInstaller = { name: 'npm-install', from: 'the npm registry', reads: 'packages', valueOptions: ['--tag', '--registry', '--prefix', '-C', '-w', '--workspace', '--omit', '--include', '--install-strategy', '--cache', '--userconfig', '--globalconfig', '--save-prefix', '--loglevel', '--fetch-timeout', '--fetch-retries', '--fetch-retry-factor', '--fetch-retry-mintimeout', '--fetch-retry-maxtimeout', '--audit-level', '--cpu', '--os', '--libc', '--location', '--lockfile-version', '--script-shell', '--proxy', '--https-proxy', '--noproxy', '--before', '--cafile', '--ca', '--cert', '--key', '--otp', '--scope', '--maxsockets', '--node-options'] };
const PNPM_ADD: PackageInstaller = { name: 'pnpm-add', from: 'the npm registry', reads: 'packages', valueOptions: ['--filter', '-F', '-C', '--dir', '--registry', '--store-dir', '--virtual-store-dir', '--reporter', '--loglevel', '--network-concurrency', '--child-concurrency', '--modules-dir', '--lockfile-dir', '--global-dir', '--cache-dir', '--state-dir', '--node-linker', '--package-import-method', '--resolution-mode', '--public-hoist-pattern', '--hoist-pattern', '--fetch-timeout', '--fetch-retries', '--use-node-version', '--workspace-concurrency'] };
const YARN_ADD: PackageInstaller = { name: 'yarn-add', from: 'the npm registry', reads: 'packages', valueOptions: ['--cwd', '--registry', '--modules-folder', '--cache-folder', '--global-folder', '--link-folder', '--preferred-cache-folder', '--network-timeout', '--network-concurrency', '--mutex', '--proxy', '--https-proxy', '--otp'] };
const BUN_ADD: PackageInstaller = { name: 'bun-add', from: 'the npm registry', reads: 'packages', valueOptions: ['--cwd', '--registry', '--backend', '-c', '--config', '--cache-dir', '--concurrent-scripts', '--network-concurrency', '--ca', '--cafile', '--omit', '--filter', '--linker', '--cpu', '--os', '--minimum-release-age'] };
const PIP_INSTALL: PackageInstaller = { name: 'pip-install', from: 'PyPI', reads: 'packages', valueOptions: ['-r', '--requirement', '-c', '--constraint', '-i', '--index-url', '--extra-index-url', '-f', '--find-links', '-t', '--target', '--prefix', '--root', '--src', '--upgrade-strategy', '--platform', '--python-version', '--implementation', '--abi', '--no-binary', '--only-binary', '--progress-bar', '--cache-dir', '--log', '--proxy', '--retries', '--timeout', '--trusted-host', '--cert', '--client-cert', '--python', '-C', '--config-settings', '--report', '--group', '--index', '--exists-action', '--use-feature', '--use-deprecated', '--global-option', '--install-option', '--build-option', '--keyring-provider', '--root-user-action', '--log-file'], sourceOptions: ['-e', '--editable'] };
const PLAYWRIGHT_INSTALL: PackageInstaller = { name: 'playwright-install', from: "browser builds (Playwright's download host)", reads: 'always' };

/**
 * Commands that install packages (or browser builds) by their words after the program's options
 * (`npm --silent install x`), `python -m pip` read as `pip`. A package runner's program is read
 * after the runner (`npx playwright install chromium` is `playwright install chromium`).
 */
export const PACKAGE_INSTALLERS: Readonly<Record<string, PackageInstaller>> = {
  'npm install': NPM_INSTALL,
  'npm i': NPM_INSTALL,
  'npm in': NPM_INSTALL,
  'npm add': NPM_INSTALL,
  'npm isntall': NPM_INSTALL,
  'pnpm add': PNPM_ADD,
  'pnpm install': PNPM_ADD,
  'pnpm i': PNPM_ADD,
  'yarn add': YARN_ADD,
  'yarn global add': YARN_ADD,
  'bun add': BUN_ADD,
  'bun install': BUN_ADD,
  'bun i': BUN_ADD,
  'pip install': PIP_INSTALL,
  'pip3 install': PIP_INSTALL,
  'uv pip install': { ...PIP_INSTALL, name: 'uv-pip-install' },
  'uv add': { name: 'uv-add', from: 'PyPI', reads: 'packages', valueOptions: ['-r', '--requirements', '--group', '--optional', '--index', '--default-index', '--index-url', '--extra-index-url', '--python', '-p', '--directory', '--project', '--tag', '--branch', '--rev'] },
  'uv tool install': { name: 'uv-tool-install', from: 'PyPI', reads: 'packages', valueOptions: ['--with', '--with-requirements', '--from', '--index', '--python', '-p'], sourceOptions: ['--from'] },
  'pipx install': { name: 'pipx-install', from: 'PyPI', reads: 'packages', valueOptions: ['--python', '--pip-args', '--index-url', '--suffix'] },
  'go install': { name: 'go-install', from: 'the Go module proxy', reads: 'versioned', valueOptions: ['-C', '-o', '-p', '-tags', '-ldflags', '-gcflags', '-mod', '-modfile', '-overlay', '-pkgdir', '-toolexec'] },
  'go run': { name: 'go-run', from: 'the Go module proxy', reads: 'versioned', firstOnly: true, valueOptions: ['-C', '-exec', '-p', '-tags', '-ldflags', '-gcflags', '-mod', '-modfile', '-overlay', '-pkgdir', '-toolexec'] },
  'cargo install': { name: 'cargo-install', from: 'crates.io', reads: 'packages', valueOptions: ['--version', '--path', '--branch', '--tag', '--rev', '--root', '--index', '--registry', '--bin', '--example', '--features', '-F', '-j', '--jobs', '--target', '--target-dir', '--profile', '--config', '-Z', '--vers'], sourceOptions: ['--git'] },
  'gem install': { name: 'gem-install', from: 'RubyGems', reads: 'packages', valueOptions: ['-v', '--version', '-i', '--install-dir', '-n', '--bindir', '--source', '-s', '-P', '--trust-policy', '--platform'] },
  'playwright install': PLAYWRIGHT_INSTALL,
  'playwright install-deps': { ...PLAYWRIGHT_INSTALL, name: 'playwright-install-deps', from: "the browsers' system libraries (with the system's package manager)" },
  'playwright-core install': PLAYWRIGHT_INSTALL,
  'puppeteer browsers install': { name: 'puppeteer-browsers-install', from: 'browser builds (Chrome for Testing, Firefox)', reads: 'always' },
  'browsers install': { name: 'puppeteer-browsers-install', from: 'browser builds (Chrome for Testing, Firefox)', reads: 'always' },
};

/** Options of the package managers (before their command) whose value is the next word: `npm --prefix sub install x`. */
export const PACKAGE_MANAGER_VALUE_OPTIONS: ReadonlySet<string> = new Set(['--prefix', '-C', '--cwd', '--dir', '-w', '--workspace', '--filter', '-F', '--registry', '--userconfig', '--cache', '--loglevel', '--directory', '--project']);

/** Commands that download what their arguments name (lower case, without a directory or `.exe`). */
export const DOWNLOAD_COMMANDS: ReadonlySet<string> = new Set(['curl', 'wget', 'aria2c', 'invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm', 'start-bitstransfer']);

/** Commands that run the code they read on standard input or from a file given as a process substitution. */
export const CODE_RUNNERS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'node', 'nodejs', 'python', 'python3', 'perl', 'ruby', 'php', 'deno', 'bun', 'source', '.', 'eval', 'iex', 'invoke-expression', 'pwsh', 'powershell']);

/** Commands that take a shell command line as an argument after `-c` (or `/c`, PowerShell's `-Command`). */
export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'cmd']);

/** How a command that runs another command is read past: its options that take a value, and the plain arguments before the command. */
export interface CommandPrefix {
  /** Options whose value is the next word (`sudo -u root`, `timeout -s KILL`). */
  valueOptions?: readonly string[];
  /** Plain words before the command (`timeout 60 curl …`: the duration). */
  positionals?: number;
  /** It takes `NAME=value` words before the command (`env`, `cross-env`). */
  assignments?: true;
  /** Options whose value is a whole command line (`env -S 'curl … | sh'`). */
  lineOptions?: readonly string[];
  /** Options that make it name the command instead of running it (`command -v curl`). */
  describeOptions?: readonly string[];
}

/**
 * Words before a command that run it (`sudo curl …`, `env A=1 sh`, `exec node x.js`, `cross-env
 * NODE_ENV=production node x.js`, `timeout 60 curl …`): skipped, with their options and the
 * values those take.
 */
export const COMMAND_PREFIXES: Readonly<Record<string, CommandPrefix>> = {
  sudo: { valueOptions: ['-u', '--user', '-g', '--group', '-C', '--close-from', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout'] },
  doas: { valueOptions: ['-u', '-C'] },
  env: { valueOptions: ['-u', '--unset', '-C', '--chdir'], assignments: true, lineOptions: ['-S', '--split-string'] },
  'cross-env': { assignments: true },
  exec: { valueOptions: ['-a'] },
  nohup: {},
  time: { valueOptions: ['-f', '--format', '-o', '--output'] },
  command: { describeOptions: ['-v', '-V'] },
  xargs: { valueOptions: ['-I', '-n', '-P', '-d', '-a', '-E', '-L', '-s', '--max-args', '--max-procs', '--delimiter', '--arg-file'] },
  timeout: { valueOptions: ['-s', '--signal', '-k', '--kill-after'], positionals: 1 },
  nice: { valueOptions: ['-n', '--adjustment'] },
  ionice: { valueOptions: ['-c', '--class', '-n', '--classdata', '-t'] },
  stdbuf: { valueOptions: ['-i', '-o', '-e'] },
  chronic: {},
  unbuffer: {},
  // dotenv-cli: `dotenv -e .env -- node x.js`.
  dotenv: { valueOptions: ['-e', '-c', '-v', '-p'] },
};

/**
 * Package runners: they run a package's program, fetching the package from the npm registry first
 * when it is not installed (`npx -y pkg`, `bunx pkg`; `pnpm dlx`, `yarn dlx` always fetch). The
 * words after the package are its program's arguments; `-p`/`--package` name the package instead,
 * and `-c` gives a command line. Keyed by the runner's words (`npm exec`).
 */
export const PACKAGE_RUNNERS: Readonly<Record<string, { alwaysFetches: boolean }>> = {
  npx: { alwaysFetches: false },
  bunx: { alwaysFetches: false },
  'npm exec': { alwaysFetches: false },
  'npm x': { alwaysFetches: false },
  'pnpm dlx': { alwaysFetches: true },
  'yarn dlx': { alwaysFetches: true },
  'bun x': { alwaysFetches: false },
};

/** Options of a package runner whose value is the next word. */
export const PACKAGE_RUNNER_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-p', '--package', '-c', '--call', '-w', '--workspace', '--prefix', '--registry', '--cache', '--userconfig']);

/**
 * Programs that run the scripts of the package.json they are given by name (npm-run-all and its
 * `run-s` and `run-p`, `*` matching one `:`-separated part and `**` any number), and concurrently,
 * whose `npm:x` (`yarn:`, `pnpm:`, `bun:`) arguments are scripts (`npm:watch-*` any whose name
 * starts so) and whose other arguments are command lines.
 */
export const SCRIPT_RUNNERS: ReadonlySet<string> = new Set(['npm-run-all', 'npm-run-all2', 'run-s', 'run-p']);
/** concurrently's program names. */
export const CONCURRENT_RUNNERS: ReadonlySet<string> = new Set(['concurrently', 'conc']);
/** Options of npm-run-all (`run-s`, `run-p`) whose value is the next word (its `-p`, `-s`, `-l`, `-n` take none). */
export const SCRIPT_RUNNER_VALUE_OPTIONS: ReadonlySet<string> = new Set(['--max-parallel', '--npm-path']);
/** Options of concurrently whose value is the next word. */
export const CONCURRENT_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-n', '--names', '-c', '--prefix-colors', '-p', '--prefix', '-s', '--success', '-m', '--max-processes', '--restart-tries', '--restart-after', '-t', '--timestamp-format', '-l', '--prefix-length', '--default-input-target', '--hide', '--cwd', '--name-separator', '--handle-input', '--pad-prefix']);

/**
 * The package.json scripts npm (and yarn, pnpm, bun) runs without being asked by name: at
 * install (`preinstall`, `install`, `postinstall`; `prepare` also when installed from a git
 * repository) and at `npm start` (`prestart`, `start`, `poststart`).
 */
export const RUN_SCRIPTS: readonly string[] = ['preinstall', 'install', 'postinstall', 'prepare', 'prestart', 'start', 'poststart'];

/** Interpreters whose first argument that is no option is the script they run. */
export const SCRIPT_INTERPRETERS: ReadonlySet<string> = new Set(['node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node', 'python', 'python3']);

/**
 * Calls of inline code whose first argument is a command line a shell runs, by the identifier of
 * the code scan's finding: `always`, or only with `shell=True` among the keyword arguments after
 * it (Python's `subprocess.run('curl … | sh', shell=True)`; without it the string is one program's
 * name). Calls given a program and an argument list are in {@link ARGUMENT_LIST_CALLS}.
 */
export const SHELL_LINE_CALLS: Readonly<Record<string, 'always' | 'shell=True'>> = {
  'child_process.exec': 'always',
  'child_process.execSync': 'always',
  'os.system': 'always',
  'os.popen': 'always',
  'subprocess.getoutput': 'always',
  'subprocess.getstatusoutput': 'always',
  'subprocess.run': 'shell=True',
  'subprocess.call': 'shell=True',
  'subprocess.check_call': 'shell=True',
  'subprocess.check_output': 'shell=True',
  'subprocess.Popen': 'shell=True',
  'asyncio.create_subprocess_shell': 'always',
  // shelljs' `exec('curl … | sh')` (since scanner26).
  'shelljs.exec': 'always',
};

/**
 * How a call's arguments say the program it runs and that program's arguments (no shell between,
 * unless the options name one): `program-list`, the program and then an array of its arguments
 * (`spawn('curl', ['-fsSL', url])`, `execFile('sh', ['-c', '…'])`, `execa('curl', [url])`; with
 * `{ shell: true }` the words are a shell's line); `list`, one list or tuple of the program and its
 * arguments (`subprocess.run(['curl', url])`; with `shell=True` its first item is a shell's line);
 * `arguments`, the program and its arguments one argument each (`create_subprocess_exec('curl',
 * url)`, Go's `exec.Command("curl", url)`); `context-arguments`, the same after a first argument
 * that is no word (Go's `exec.CommandContext(ctx, "curl", url)`); `cmd-list`, an array of the
 * program and its arguments, or an object whose `cmd` is one (`Bun.spawn(['curl', url])`,
 * `Deno.run({ cmd: [...] })`); `program-options`, the program and an object whose `args` are its
 * arguments (`new Deno.Command('curl', { args: [url] })`); `words`, one string split at spaces
 * as execa's `execaCommand` splits it (a shell's line with `{ shell: true }`); `builder`, Rust's
 * `Command::new("curl")` and the `.arg(…)` and `.args([…])` calls chained to it, up to the call
 * that runs it (`.status()`, `.output()`, `.spawn()`).
 */
export type ArgumentReading = 'program-list' | 'list' | 'arguments' | 'context-arguments' | 'cmd-list' | 'program-options' | 'words' | 'builder';

/**
 * Calls that run a program with an argument list, by the identifier of the code scan's finding
 * (since scanner24; since scanner26 also Bun's, Deno's, Go's and Rust's): see {@link ArgumentReading}.
 */
export const ARGUMENT_LIST_CALLS: Readonly<Record<string, ArgumentReading>> = {
  'child_process.spawn': 'program-list',
  'child_process.spawnSync': 'program-list',
  'child_process.execFile': 'program-list',
  'child_process.execFileSync': 'program-list',
  'subprocess.run': 'list',
  'subprocess.call': 'list',
  'subprocess.check_call': 'list',
  'subprocess.check_output': 'list',
  'subprocess.Popen': 'list',
  'asyncio.create_subprocess_exec': 'arguments',
  'Bun.spawn': 'cmd-list',
  'Bun.spawnSync': 'cmd-list',
  'Deno.run': 'cmd-list',
  'Deno.Command': 'program-options',
  'os/exec.Command': 'arguments',
  'os/exec.CommandContext': 'context-arguments',
  'golang.org/x/sys/execabs.Command': 'arguments',
  'golang.org/x/sys/execabs.CommandContext': 'context-arguments',
  'std::process::Command': 'builder',
  'tokio::process::Command': 'builder',
  'async_process::Command': 'builder',
  'async_std::process::Command': 'builder',
  'smol::process::Command': 'builder',
};

/**
 * Calls whose tagged template is the command (since scanner26), by the identifier of the code
 * scan's finding or of a package's call (see {@link PACKAGE_CALLS}): `shell`, a shell's line with
 * each `${…}` one word (zx's and Bun's `$`, which quote what they put in); `words`, the program and
 * its arguments split at white space, each `${…}` one word (execa's `$` and `execa` as a tag).
 */
export const TEMPLATE_CALLS: Readonly<Record<string, 'shell' | 'words'>> = {
  'Bun.$': 'shell',
  'zx.$': 'shell',
  'zx.$.sync': 'shell',
  'execa.$': 'words',
  'execa.$.sync': 'words',
  'execa.$.s': 'words',
  'execa.execa': 'words',
  'execa.execaSync': 'words',
};

/**
 * The functions of command-running packages whose calls are read for the command they write
 * (since scanner26), by the package and the member path the call names (`execa.execaCommand`;
 * the package alone for the function it exports as a whole, `require('cross-spawn')`). The code
 * scan reports such a package once, at its import (`subprocess.spawn-package`); each call of one
 * of these is read as {@link ARGUMENT_LIST_CALLS} reads its kind, and the rows go to the call.
 */
export const PACKAGE_CALLS: Readonly<Record<string, ArgumentReading>> = {
  'execa.execa': 'program-list',
  'execa.execaSync': 'program-list',
  'execa.execaCommand': 'words',
  'execa.execaCommandSync': 'words',
  // execa 5 and older: the module is the function, with `sync`, `command` and `commandSync`.
  execa: 'program-list',
  'execa.sync': 'program-list',
  'execa.command': 'words',
  'execa.commandSync': 'words',
  'cross-spawn': 'program-list',
  'cross-spawn.sync': 'program-list',
  'cross-spawn.spawn': 'program-list',
  'tinyexec.x': 'program-list',
  'tinyexec.exec': 'program-list',
  'tinyexec.xSync': 'program-list',
  'tinyexec.execSync': 'program-list',
  'nano-spawn': 'program-list',
};

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
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--cwd', '-r', '--require', '--import', '--loader', '--experimental-loader', '-e', '--eval', '-p', '--print', '-c', '-m', '--config', '--env-file', '--input-type', '--conditions', '-C', '--tsconfig', '-W', '-X']);
