/**
 * The command-line shell: `run(argv, io)` parses flags with cac, runs one command and returns
 * its exit code. Only `cli-main.ts` touches `process.exit`; errors are mapped here, once.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { backslashHint } from './io/read-file.ts';
import { resolve } from 'node:path';
import { AttestationError, ExitCode, InputError, McpfusionError, SourceError } from './errors.ts';
import type { Io } from './commands/command.ts';
import { COMMAND_LOADERS, loadAllCommands } from './commands/index.ts';
import type { CommandSpec } from './commands/command.ts';
import { literalSecretRefusal, repeatedFlagError, type Flags } from './commands/flags.ts';
import { redactCommandLine } from './sources/redact-command.ts';
import { boundLine } from './format/shorten.ts';
import { VERSION } from './version.ts';
import { escapeForLog } from './format/reveal-hidden.ts';
import { closestName } from './format/closest-name.ts';
import { formatErrorJson, type FailedRun } from './format/error-json.ts';
import { arrayArgument, memberArgument, objectArgument, withArguments } from './arguments.ts';

const FORMAT_DESCRIPTION = 'Output format: text or json (some commands offer more)';
const GLOBAL_OPTIONS: [string, string][] = [
  ['--format <format>', FORMAT_DESCRIPTION],
  ['--quiet', 'Print only what is needed (errors, drift)'],
  ['--config <path>', 'Config file (default: ./mcpfusion.jsonc when present)'],
];

/** cac (mri) drops a bare `-` and the argument after it; it travels as this token instead. */
const STDIN_TOKEN = '\u0000mcpfusion-stdin\u0000';
/**
 * mri turns every value that looks numeric into a number (`--id 007` → 7, `--name 0x10` → 16);
 * such values travel behind this prefix so commands receive exactly what was typed.
 */
const VERBATIM = '\u0000mcpfusion-verbatim\u0000';
// Blank values too: mri reads "" and " " as the number 0.
const looksNumeric = (v: string): boolean => v.trim() === '' || Number(v) * 0 === 0;
const protect = (a: string): string => {
  if (a === '-') return STDIN_TOKEN;
  if (a.startsWith('--') && a.includes('=')) {
    const at = a.indexOf('=');
    const value = a.slice(at + 1);
    return looksNumeric(value) ? `${a.slice(0, at + 1)}${VERBATIM}${value}` : a;
  }
  // A negative number (`--start-timeout -5`) is a value, never a short flag: no flag is a digit.
  return (!a.startsWith('-') || /^-\.?\d/.test(a)) && looksNumeric(a) ? VERBATIM + a : a;
};
/** A message of cac's that quotes an argument shows it as typed, without the tokens above. */
const restoreTokens = (text: string): string =>
  text.replaceAll(STDIN_TOKEN, '-').replaceAll(VERBATIM, '').replaceAll('\u0000mcpfusionVerbatim\u0000', '');
const restoreDash = (v: unknown): unknown =>
  v === STDIN_TOKEN ? '-'
    : typeof v === 'string' && v.startsWith(VERBATIM) ? v.slice(VERBATIM.length)
      : Array.isArray(v) ? v.map(restoreDash) : v;

/** A declared option a plain command line can give as it is: `--name <value>` or the switch `--name`. */
const PLAIN_OPTION = /^--([a-z][a-z0-9-]*)( <[^<>\[\]]+>)?$/;

/**
 * The flags cac hands a command, for a plain command line, without cac: the command's own name
 * first, then only declared options, each once, as `--name value` or the switch `--name`, the
 * value a word that neither starts with "-" nor looks like a number. `check --contracts c.json
 * --lockfile x.lock` is such a line, and parsing it with cac (every option of the command
 * declared, then mri) costs a check more than the rest of its argument handling. Any other line
 * (a `=`, a repeated or unknown flag, a short flag, `--help`, `--`, positional arguments, a
 * command with a default value or a `--no-` option) gives undefined and is parsed by cac, with
 * its messages. The object is the one cac builds for the same line: `"--"` first, then the
 * options in the order given, under cac's camelCase names (test/cli/plain-flags.test.ts compares
 * the two).
 *
 * @param argv The arguments.
 * @param spec The one command named.
 * @returns The flags, or undefined when cac must parse the line.
 * @example plainCommandFlags(['check', '--contracts', 'c.json'], checkCommand) // { '--': [], contracts: 'c.json' }
 */
export function plainCommandFlags(argv: readonly string[], spec: CommandSpec): Flags | undefined {
  if (argv[0] !== spec.name) return undefined;
  const valued = new Map<string, string>();
  const switches = new Map<string, string>();
  for (const o of [...GLOBAL_OPTIONS.map(([flags]) => ({ flags, default: undefined })), ...spec.options]) {
    const m = PLAIN_OPTION.exec(o.flags);
    if (!m || o.default !== undefined || m[1]!.startsWith('no-')) return undefined;
    // cac's own camelCase rule (`--tools-list` → toolsList).
    (m[2] ? valued : switches).set(`--${m[1]}`, m[1]!.replaceAll(/([a-z])-([a-z])/g, (_s, a: string, b: string) => a + b.toUpperCase()));
  }
  const flags: Flags = { '--': [] };
  for (let i = 1; i < argv.length; i++) {
    const valuedKey = valued.get(argv[i]!);
    const key = valuedKey ?? switches.get(argv[i]!);
    if (key === undefined || Object.hasOwn(flags, key)) return undefined;
    if (valuedKey === undefined) {
      flags[key] = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined || value.startsWith('-') || looksNumeric(value)) return undefined;
    flags[key] = value;
  }
  return flags;
}

/**
 * Refuse a word of more than one character after a single "-" (`-h.lock`, `-tl.json`): mri reads
 * it as short flags one letter each, and mcpfusion has only `-h` and `-v`. So a file whose name
 * starts with "-" given as a flag's value or an argument printed the help and exited 0 when its
 * name started with "-h" (`check --lockfile -h.lock` passed the gate without reading a lockfile),
 * and was "Unknown option `-t`" otherwise, naming no file. Negative numbers are values (`protect`).
 *
 * @param typed The arguments before "--".
 * @param valued The long options that take a value (`--lockfile`, `--format` …).
 * @param secret Those whose value is a secret (`--secret <value>`): refused without the word.
 * @throws {InputError} Naming the word, the flag it was meant for, and how to write it.
 */
function refuseDashWords(typed: readonly string[], valued: ReadonlySet<string>, secret: ReadonlySet<string>): void {
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i]!;
    if (!/^-[^-]./.test(a) || /^-\.?\d/.test(a)) continue;
    const before = typed[i - 1];
    // `--secret -s3cr3t`: refused as attest refuses `--secret=-s3cr3t`, never echoing the value.
    if (before !== undefined && secret.has(before)) throw new InputError(literalSecretRefusal(before));
    // Quoted as typed unless it looks like a secret (`--header -…`), and kept to one short line.
    const word = boundLine(redactCommandLine(a), 160);
    if (before !== undefined && valued.has(before)) {
      throw new InputError(`${before} needs a value, and "${word}" starts with "-", so it would be read as options (the short options are -h and -v): for a value that starts with "-", write ${before}=${word}, or ./${word} for a path`);
    }
    throw new InputError(`"${word}" is no option (the short options are -h and -v): for a path that starts with "-", write ./${word}`);
  }
}

/** The path flags that read standard input for "-" (diff's sides and canonicalize's file are arguments). */
const STDIN_PATH_FLAGS = new Set(['--contracts', '--tools-list']);

/**
 * Refuse "-" given to a flag that names a file or directory and reads no stdin (`--lockfile -`,
 * `--key -`, `--config -`): taken as a path, it wrote the lockfile or a private key to a file
 * named "-" where the user meant standard output, and a later `--config -` read that file.
 *
 * @throws {InputError} `<flag> does not take "-": …`, for the first such flag.
 */
function refuseDashPath(spec: CommandSpec, flags: Flags): void {
  for (const o of [...GLOBAL_OPTIONS.map(([f]) => ({ flags: f })), ...spec.options]) {
    const m = /^(--([a-z][a-z0-9-]*)) <(?:file|path|dir)>$/.exec(o.flags);
    if (!m || STDIN_PATH_FLAGS.has(m[1]!)) continue;
    const v = flags[m[2]!.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())];
    if (v === '-' || (Array.isArray(v) && v.includes('-'))) {
      throw new InputError(`${m[1]} does not take "-": mcpfusion reads this file by its path and writes files only by path, never to standard output (only --contracts, --tools-list, diff's OLD and NEW and canonicalize read standard input); give a path (./- for a file named "-")`);
    }
  }
}

/**
 * Refuse a file flag whose value ends with a separator (`--lockfile locks/`, `--attestation out/`):
 * the path was resolved without it, so the lockfile, attestation or key was written to a file
 * named `locks` or `out` (exit 0) where the user meant a folder, and a later `mkdir` of that folder
 * failed; `cat locks/` would not read such a file either. `\` is a separator on Windows only.
 *
 * @throws {InputError} `<flag> "<value>" ends with "/", …`, for the first such flag.
 */
function refuseFolderPath(spec: CommandSpec, flags: Flags): void {
  const separator = process.platform === 'win32' ? /[\\/]$/ : /\/$/;
  for (const o of [...GLOBAL_OPTIONS.map(([f]) => ({ flags: f })), ...spec.options]) {
    const m = /^(--([a-z][a-z0-9-]*)) <(?:file|path)>$/.exec(o.flags);
    // A --secret-file value is never quoted (it may be the secret, pasted): its reading says "a directory".
    if (!m || m[1] === '--secret-file') continue;
    const v = flags[m[2]!.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())];
    const value = (Array.isArray(v) ? v : [v]).find((x): x is string => typeof x === 'string' && separator.test(x));
    if (value !== undefined) {
      throw new InputError(`${m[1]} "${value}" ends with "${value.slice(-1)}", so it names a folder, not a file; give the path of the file (in that folder: "${value}<file name>")`);
    }
  }
}

/**
 * Refuse an option that takes one value given more than once (`--lockfile a --lockfile b`),
 * naming the values, before anything else is checked or read. A switch given twice (`--quiet
 * --quiet`) is the switch given once; `--server-env`, `--header` and `probe --id` are repeatable.
 *
 * @throws {InputError} For the first such option, in the order of the command's options.
 */
function refuseRepeatedValues(spec: CommandSpec, flags: Flags): void {
  for (const o of [...GLOBAL_OPTIONS.map(([f]) => ({ flags: f, repeatable: undefined })), ...spec.options]) {
    const m = /^--([a-z][a-z0-9-]*) [<[]/.exec(o.flags);
    if (!m || o.repeatable) continue;
    const v = flags[m[1]!.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())];
    if (Array.isArray(v)) throw repeatedFlagError(`--${m[1]}`, v.map(restoreDash));
  }
}

/**
 * Refuse an option given an empty value (`--contracts "$FILE"` with the variable unset) before
 * anything is read: no option takes "", and a later check would report something else first
 * (`check --contracts ""` named the missing lockfile).
 *
 * @throws {InputError} For the first such option, in the order of the command's options.
 */
function refuseEmptyValues(spec: CommandSpec, flags: Flags): void {
  for (const o of [...GLOBAL_OPTIONS.map(([f]) => ({ flags: f })), ...spec.options]) {
    const m = /^--([a-z][a-z0-9-]*) [<[]/.exec(o.flags);
    if (!m) continue;
    const v = flags[m[1]!.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())];
    if (v === '' || (Array.isArray(v) && v.includes(''))) {
      throw new InputError(`--${m[1]} got an empty value (""): is a shell variable unset? Give its value, or leave --${m[1]} out`);
    }
  }
}

/** Run a command with its parsed arguments and flags. */
function runCommand(spec: CommandSpec, args: unknown[], flags: Flags, io: Io): Promise<number> {
  refuseRepeatedValues(spec, flags);
  refuseDashPath(spec, flags);
  refuseFolderPath(spec, flags);
  spec.precheck?.(args, flags);
  refuseEmptyValues(spec, flags);
  // Every value typed is checked before anything is read or looked for (see OptionSpec.check).
  for (const o of spec.options) {
    const m = /^--([a-z][a-z0-9-]*) </.exec(o.flags);
    if (o.check && m && flags[m[1]!.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())] !== undefined) o.check(flags);
  }
  // A config file named on the command line must exist, also for the runs that do not read
  // one (and refuse it: canonicalize, scan of paths): a typo is named first.
  const config = flags['config'];
  if (typeof config === 'string' && !existsSync(resolve(io.cwd, config))) {
    throw new InputError(`Cannot read config file "${config}": it does not exist${backslashHint(resolve(io.cwd, config), config)}`);
  }
  return spec.run(args, flags, io);
}

/** The exit code and message of a failed run (cac's own errors are mapped where cac runs). */
function failed(e: unknown, io: Io, report: (f: FailedRun) => void): number {
  if (e instanceof McpfusionError) {
    io.stderr(`${e.name === 'AttestationError' ? 'AttestationError: ' : 'error: '}${e.message}\n`);
    report({ exitCode: e.exitCode, name: errorClass(e), message: e.message });
    return e.exitCode;
  }
  const text = e instanceof Error ? e.stack ?? e.message : String(e);
  io.stderr(`internal error: ${text}\nPlease report this with the command line you ran.\n`);
  report({ exitCode: ExitCode.input, name: 'InternalError', message: `${text}\nPlease report this with the command line you ran.` });
  return ExitCode.input;
}

/** The class a script can tell apart, by `instanceof`: a bundle that minifies renames classes, so `e.name` may be a mangled one. */
function errorClass(e: McpfusionError): FailedRun['name'] {
  return e instanceof SourceError ? 'SourceError' : e instanceof AttestationError ? 'AttestationError' : e instanceof InputError ? 'InputError' : 'McpfusionError';
}

/**
 * Whether the command line asks for `--format json` once (before any `--`): a run that then fails
 * writes its error to stdout as JSON too, so a script reading stdout gets a document.
 */
function asksForJson(argv: readonly string[]): boolean {
  const formats: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('--format=')) formats.push(a.slice('--format='.length));
    else if (a === '--format') formats.push(argv[++i] ?? '');
  }
  // Given twice, the format meant is not known (that is the usage error itself).
  return formats.length === 1 && formats[0] === 'json';
}

/**
 * Tidy cac's help text: a command's `--format` line names what that command accepts; a command
 * that reads no config has no `--config` line; a `--no-x`
 * switch does not say "(default: true)" (cac's internal default for the `x` it negates, which
 * reads as if the switch were on); no line ends in the space cac leaves after a description.
 */
function tidyHelp(sections: { title?: string; body: string }[], spec: CommandSpec | undefined): { title?: string; body: string }[] {
  return sections.map((s) => ({
    ...s,
    body: s.body.split('\n').flatMap((line) => {
      // `--version` is handled before cac (top level only): list it in the top-level help.
      const help = /^( {2}-h, --help +)Display this message/.exec(line);
      if (help && !spec && s.title === 'Options') return [line.trimEnd(), `  ${'-v, --version'.padEnd(help[1]!.length - 2)}Print the version`];
      let l = line;
      // A command that refuses --config (it reads none) does not offer it in its help.
      if (s.title === 'Options' && spec?.readsConfig === false && /^ {2}--config <path> /.test(l)) return [];
      if (s.title === 'Options') {
        if (spec && /^ {2}--format <format> /.test(l)) l = l.replace(FORMAT_DESCRIPTION, `Output format: ${spec.formatHelp}`);
        if (/^ {2}--no-/.test(l)) l = l.replace(/ \(default: true\)$/, '');
      }
      return [l.trimEnd()];
    }).join('\n'),
  }));
}

/** Write help or version text through io instead of the console cac uses. */
function captureConsole<T>(io: Io, fn: () => T): T {
  const saved = { info: console.info, log: console.log };
  console.info = (...a: unknown[]) => io.stdout(a.join(' ') + '\n');
  console.log = console.info;
  try {
    return fn();
  } finally {
    console.info = saved.info;
    console.log = saved.log;
  }
}

/**
 * Run the CLI.
 *
 * @param argv Arguments without the node/binary path (e.g. `['lock', '--contracts', 'c.json']`).
 * @param io Where to read and write.
 * @returns The exit code (0 ok, 1 gate failed, 2 usage/input error, 3 source failed).
 * @example await run(['digest', '--contracts', 'c.json', '--format', 'json'], io)
 */
export function run(argv: string[], given: Io): Promise<number> {
  return withArguments(
    'run(argv, io)',
    [arrayArgument('argv', argv, 'of command-line arguments'), objectArgument('io', given, '{ stdout, stderr, cwd, env, … }'), memberArgument('io.stdout', given, 'stdout', 'function'), memberArgument('io.stderr', given, 'stderr', 'function')],
    "call it as run(['lock', '--server', 'node s.js'], io) with io's stdout and stderr writers",
    () => runUnchecked(argv, given),
  );
}

async function runUnchecked(argv: string[], given: Io): Promise<number> {
  // Everything on stderr is a diagnostic, and many quote what a server wrote (its stderr, names,
  // error pages): no control or direction-changing character of theirs reaches the terminal as is.
  // With --format json a failed run also writes its error to stdout as a JSON document, unless the
  // command had already written its output there or reads no JSON format (guard, heal: stdout is
  // the server's protocol stream).
  const json = asksForJson(argv);
  let wroteStdout = false;
  const io: Io = Object.create(given, {
    stderr: { value: (text: string) => given.stderr(escapeForLog(text)) },
    stdout: { value: (text: string) => { wroteStdout = true; given.stdout(text); } },
  }) as Io;
  let readsJson = true;
  const report = (f: FailedRun): void => {
    if (json && readsJson && !wroteStdout) io.stdout(formatErrorJson(f));
  };
  const usage = (message: string): number => {
    io.stderr(`error: ${message}\n`);
    report({ exitCode: ExitCode.input, name: 'UsageError', message });
    return ExitCode.input;
  };
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    io.stdout(`mcpfusion ${VERSION}\n`);
    return ExitCode.ok;
  }
  // Only the command being run is loaded: normally the first argument that is neither a flag nor
  // the value of a global flag names it. A command's own flag may come first (`--lockfile x
  // check`), and which flags take a value is not known before the command is: every argument
  // that names a command is loaded (rarely more than one), and cac matches the right one.
  // Own properties only: `constructor` or `__proto__` name no command.
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--format' || a === '--config') i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  const named = [...new Set(words.filter((w) => Object.hasOwn(COMMAND_LOADERS, w)))];
  const specs: CommandSpec[] = named.length > 0 ? await Promise.all(named.map((w) => COMMAND_LOADERS[w]!()))
    : words.length === 0 || argv.includes('--help') || argv.includes('-h') ? await loadAllCommands() : [];
  // Only a command named, that has a JSON output: with none (`--version --format json`) there is
  // no document a script waits for.
  readsJson = named.length === 1 && specs.length === 1 && /\bjson\b/.test(specs[0]!.formatHelp);
  const plain = specs.length === 1 ? plainCommandFlags(argv, specs[0]!) : undefined;
  if (plain !== undefined) {
    try {
      return await runCommand(specs[0]!, [], plain, io);
    } catch (e) {
      return failed(e, io, report);
    }
  }
  const { cac } = await import('cac');
  const cli = cac('mcpfusion');
  for (const [flags, description] of GLOBAL_OPTIONS) cli.option(flags, description);
  cli.help((sections) => tidyHelp(sections, specs.find((s) => s.name === cli.matchedCommand?.rawName)));
  let outcome: Promise<number> | undefined;
  for (const spec of specs) {
    const cmd = cli.command(spec.name, spec.description);
    for (const o of spec.options) cmd.option(o.flags, o.description, o.default === undefined ? undefined : { default: o.default });
    for (const e of spec.examples ?? []) cmd.example(e);
    cmd.action((...actionArgs: unknown[]) => {
      const rawFlags = actionArgs.pop() as Record<string, unknown>;
      const flags = Object.fromEntries(Object.entries(rawFlags).map(([k, v]) => [k, restoreDash(v)]));
      // Arguments after `--`: cac sets them apart, and the command would run as if they were not
      // there. Not echoed: a server command line put there by mistake may hold a token.
      const rest = flags['--'];
      if (!spec.takesRest && Array.isArray(rest) && rest.length > 0) {
        const word = spec.name.split(' ')[0]!;
        throw new InputError(`${word} reads no arguments after "--" (got ${rest.length}); give them before it (a path that starts with "-" as ./-name), see \`mcpfusion ${word} --help\``);
      }
      // An empty argument (an unset shell variable, `scan "$DIR"`) would resolve to the working
      // directory: a check of something else than the user meant.
      const args = actionArgs.map(restoreDash);
      if (args.flat().some((a) => a === '')) {
        const word = spec.name.split(' ')[0]!;
        throw new InputError(`${word} got an empty argument (""): is a shell variable unset? Give the file, directory or action it needs`);
      }
      outcome = runCommand(spec, args, flags, io);
      return outcome;
    });
  }
  const dashAt = argv.indexOf('--');
  try {
    const valuedFlags = [...GLOBAL_OPTIONS.map(([f]) => f), ...specs.flatMap((sp) => sp.options.map((o) => o.flags))].filter((f) => f.includes('<'));
    const flagName = (f: string): string => f.split(/[ ,]/)[0]!;
    // `--secret <value>`, `--hmac-secret <value>`, `--signing-secret <value>`: a secret typed on the command line.
    const secretFlags = new Set(valuedFlags.filter((f) => f.endsWith(' <value>')).map(flagName));
    refuseDashWords(argv.slice(0, dashAt === -1 ? argv.length : dashAt), new Set(valuedFlags.map(flagName)), secretFlags);
    const safeArgv = argv.map((a, i) => (dashAt === -1 || i < dashAt ? protect(a) : a));
    const parsed = captureConsole(io, () => cli.parse(['node', 'mcpfusion', ...safeArgv], { run: false }));
    if (parsed.options['help'] || parsed.options['h']) return ExitCode.ok;
    if (!cli.matchedCommand) {
      const first = parsed.args[0] === undefined ? undefined : restoreTokens(String(parsed.args[0]));
      if (first === undefined && argv.length === 0) {
        // A usage error like any other (an unset `$CMD`): the list of commands goes to stderr
        // with the error, and stdout stays empty; `mcpfusion --help` prints it to stdout.
        captureConsole({ ...io, stdout: io.stderr }, () => cli.outputHelp());
        return usage('no command given: name one of the commands above (`mcpfusion <command> --help` lists its flags)');
      }
      if (first === undefined) {
        const typed = argv.slice(0, dashAt === -1 ? argv.length : dashAt);
        if (named.length === 0 && (typed.includes('--version') || typed.includes('-v'))) {
          return usage('--version takes no other argument: run `mcpfusion --version` alone');
        }
        // A flag that no command and no global option knows (`--bogus`, `--bogus lock`): that is the slip.
        const commandFlags = (await loadAllCommands()).flatMap((c) => c.options.map((o) => o.flags));
        const knownFlags = new Set([...GLOBAL_OPTIONS.map(([f]) => f), ...commandFlags, '-h, --help', '-v, --version'].flatMap((f) => f.split(/[ ,]+/).filter((n) => n.startsWith('-'))));
        const unknownFlag = typed.map((a) => a.split('=')[0]!).find((a) => a.startsWith('-') && a !== '-' && !/^-\.?\d/.test(a) && !knownFlags.has(a));
        if (unknownFlag !== undefined) {
          return usage(`Unknown option \`${unknownFlag}\` (and no command given); run \`mcpfusion --help\``);
        }
        // Only flags (`--quiet`), or a command taken as a flag's value (`--version lock`). The
        // arguments are not echoed: a flag's value may be a secret (`--header "Authorization: …"`).
        return usage(`no command given${named.length > 0 ? ` ("${named[0]}" was read as the value of the flag before it; put the command first)` : ''}; run \`mcpfusion --help\` for the list`);
      }
      const meant = closestName(String(first), Object.keys(COMMAND_LOADERS));
      return usage(`unknown command "${first}"${meant ? ` (did you mean "${meant}"?)` : ''}; run \`mcpfusion --help\` for the list`);
    }
    const command = cli.matchedCommand;
    // `--no-force`: mri reads any `--no-x` as x = false, so an undeclared negation would pass as
    // silently "off" (or, for a flag with a value, as "value is missing"). Only `--no-follow` is a flag.
    const declared = new Set([...command.options, ...cli.globalCommand.options].map((o) => o.rawName.split(/[ ,]/)[0]!));
    const negated = argv.slice(0, dashAt === -1 ? argv.length : dashAt).map((a) => a.split('=')[0]!).find((a) => a.startsWith('--no-') && !declared.has(a));
    if (negated !== undefined) {
      throw new InputError(`Unknown option \`${negated}\` (a flag is off, or at its default, unless given: leave --${negated.slice('--no-'.length)} out); run \`mcpfusion ${command.name} --help\``);
    }
    // `--quiet=yes`: mri sets the switch and leaves the value as a stray argument.
    const switches = [...command.options, ...cli.globalCommand.options].filter((o) => o.isBoolean).map((o) => o.rawName.split(/[ ,]/)[0]!);
    const valued = argv.slice(0, dashAt === -1 ? argv.length : dashAt).find((a) => a.includes('=') && switches.includes(a.slice(0, a.indexOf('='))));
    if (valued !== undefined) {
      throw new InputError(`${valued.slice(0, valued.indexOf('='))} takes no value: give it alone, without "="; run \`mcpfusion ${command.name} --help\``);
    }
    await cli.runMatchedCommand();
    return outcome === undefined ? ExitCode.ok : await outcome;
  } catch (e) {
    if (e instanceof Error && e.name === 'CACError') {
      // `attest` / `probe` without their action: cac names only the placeholder; the command's
      // one-line description names the actions there are.
      const missing = /^missing required args for command `(\S+) <(\w+)>`$/.exec(e.message);
      const spec = missing ? specs.find((s) => s.name === `${missing[1]} <${missing[2]}>`) : undefined;
      if (missing && spec) {
        return usage(`${missing[1]} needs an ${missing[2]}: ${spec.description}; run \`mcpfusion ${missing[1]} --help\``);
      }
      // cac names an unknown option by its camelCased key (`--failOn`); show it as typed (`--fail-on`).
      const unused = /^Unused args: (.*)$/.exec(restoreTokens(e.message));
      const command = cli.matchedCommand;
      if (unused && command) {
        const max = command.args.length;
        // guard and heal take the server command after "--": one given without it is this slip.
        const takesRest = specs.find((s) => s.name === command.rawName)?.takesRest === true;
        const takes = max === 0 ? 'takes no arguments' : `takes at most ${max} argument${max === 1 ? '' : 's'}`;
        const fix = takesRest ? `the server command goes after "--" (mcpfusion ${command.name} [flags] -- node server.js), and a flag's value right after the flag` : 'a flag\'s value goes right after the flag';
        const count = unused[1]!.match(/`[^`]*`/g)?.length ?? 1;
        return usage(`unexpected argument${count === 1 ? '' : 's'} ${unused[1]}: ${command.name} ${takes} (${fix}); run \`mcpfusion ${command.name} --help\``);
      }
      const message = restoreTokens(e.message).replace(/`--([a-z][A-Za-z0-9]*)`/g, (_m, name: string) => `\`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}\``);
      const unknown = /^Unknown option `--([^`]+)`$/.exec(message)?.[1];
      const known = [...(cli.matchedCommand?.options ?? []), ...cli.globalCommand.options].map((o) => o.rawName.split(/[ ,]/)[0]!.replace(/^--/, ''));
      const hint = unknown === undefined ? undefined : closestName(unknown, known);
      return usage(`${message}${hint ? ` (did you mean \`--${hint}\`?)` : ''}; run \`mcpfusion ${cli.matchedCommandName ?? ''} --help\``.replace('  --help', ' --help'));
    }
    return failed(e, io, report);
  }
}
