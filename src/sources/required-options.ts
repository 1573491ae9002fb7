/**
 * A server that stops because options it requires were not given, and prints its usage with the
 * error: @chaindead/telegram-mcp_linux_amd64 0.2.0 (a Go server, urfave/cli) started with no
 * arguments prints its usage on stdout, whose only command is `auth`, then `Required flags
 * "app-id, api-hash" not set` on stderr, and exits 1 (servers20). Read as a usage text with no
 * stdio command, its failure sent the user looking for another command, though the program serves
 * MCP over stdio as started once it has those options, or the environment variables its usage
 * names for them (`--app-id int  Telegram App ID [$TG_APP_ID]`).
 *
 * @module
 */
import { withoutAnsi } from '../format/escape-controls.ts';

/** Which argument parser's wording a line has; a stable id each. */
export type RequiredOptionsId =
  | 'required.urfave'
  | 'required.cobra'
  | 'required.commander'
  | 'required.yargs'
  | 'required.argparse'
  | 'required.clap';

/** An error line that says options the program requires were not given. */
export interface RequiredOptions {
  id: RequiredOptionsId;
  /** The line, trimmed and without colour escapes. */
  line: string;
  /** The options it names, without leading dashes (`app-id`), in its order; empty when it names none on the line. */
  names: string[];
  /**
   * The positional arguments it names (argparse writes them without dashes: `root`, or `command`
   * for a required sub-command), in its order; given as words, never as `--root`.
   */
  positionals: string[];
}

/** Names in a list written `a, b` or `"a", "b"`. */
function listNames(list: string): string[] {
  return list.split(/[,\s]+/).map((n) => n.replace(/^["'`]+|["'`]+$/g, '').replace(/^-+/, '')).filter((n) => /^[a-z][\w.-]*$/i.test(n));
}

/**
 * argparse's list, `root, -t/--token, --api-hash`: an option is written with its dashes (the long
 * form taken from `-t/--token`), a positional argument or sub-command without.
 */
function argparseNames(list: string): { names: string[]; positionals: string[] } {
  const names: string[] = [];
  const positionals: string[] = [];
  for (const item of list.split(/,\s*/)) {
    const word = item.trim();
    const long = /(?:^|\/)--([a-z][\w.-]*)$/i.exec(word);
    if (long !== null) names.push(long[1]!);
    else if (/^[a-z][\w.-]*$/i.test(word)) positionals.push(word);
  }
  return { names, positionals };
}

/**
 * clap's list, on the lines after its error line, one argument a line, indented, up to a blank
 * line: `  --allowed-dir <ALLOWED_DIRS>`, `  -t, --token <TOKEN>` (an option: its long name), `  <PATH>`
 * (a positional argument). @vaulttools/mcp-linux-x64 0.1.7 (Rust, clap 4) stops so (servers21).
 */
function clapNames(after: readonly string[]): { names: string[]; positionals: string[] } {
  const names: string[] = [];
  const positionals: string[] = [];
  for (const raw of after.slice(0, 20)) {
    const line = withoutAnsi(raw);
    if (line.trim() === '' || !/^\s/.test(line)) break;
    const word = line.trim();
    const long = /^(?:-[a-z0-9], )?--([a-z][\w.-]*)(?=[\s=<]|$)/i.exec(word);
    if (long !== null) names.push(long[1]!);
    else {
      const positional = /^<([a-z][\w.-]*)>(?:\.\.\.)?$/i.exec(word);
      if (positional !== null) positionals.push(positional[1]!);
    }
  }
  return { names, positionals };
}

/** The rows: each argument parser's wording, tried in order on each line; `after` holds the lines that follow it. */
const ROWS: readonly { id: RequiredOptionsId; test: RegExp; names: (m: RegExpExecArray, after: readonly string[]) => string[] | { names: string[]; positionals: string[] } }[] = [
  // urfave/cli: `Required flag "port" not set`, `Required flags "app-id, api-hash" not set`.
  { id: 'required.urfave', test: /\bRequired flags? "([^"]{1,300})" not set\b/, names: (m) => listNames(m[1]!) },
  // cobra: `Error: required flag(s) "token", "url" not set`.
  { id: 'required.cobra', test: /\brequired flag\(s\) ((?:"[^"]{1,100}"(?:, )?){1,20}) not set\b/, names: (m) => listNames(m[1]!) },
  // commander: `error: required option '-t, --token <token>' not specified`.
  { id: 'required.commander', test: /\brequired option '([^']{1,200})' not specified\b/, names: (m) => [...m[1]!.matchAll(/--([a-z][\w-]*)/gi)].map((x) => x[1]!).slice(-1) },
  // yargs: `Missing required argument: port`, `Missing required arguments: port, config`.
  { id: 'required.yargs', test: /\bMissing required arguments?: (.{1,300})$/, names: (m) => listNames(m[1]!) },
  // argparse: `error: the following arguments are required: --app-id, --api-hash`, or a
  // positional argument (`root`) or a required sub-command (`command`), written without dashes.
  { id: 'required.argparse', test: /\bthe following arguments are required: (.{1,300})$/, names: (m) => argparseNames(m[1]!) },
  // clap: `error: the following required arguments were not provided:` (clap 2 and 3: `The following`),
  // the arguments on the indented lines after it.
  { id: 'required.clap', test: /\b[Tt]he following required arguments were not provided:?\s*$/, names: (_m, after) => clapNames(after) },
];


/**
 * The first line that says options the program requires were not given, if any.
 *
 * @param lines What the program wrote (stdout text and stderr), in any order.
 * @returns The line, its parser's id and the options it names, or undefined.
 * @example requiredOptions(['FTL Required flags "app-id, api-hash" not set']) // { id: 'required.urfave', names: ['app-id', 'api-hash'], … }
 */
export function requiredOptions(lines: readonly string[]): RequiredOptions | undefined {
  for (const [index, raw] of lines.entries()) {
    const line = withoutAnsi(raw).trim().slice(0, 1000);
    for (const row of ROWS) {
      const m = row.test.exec(line);
      if (m === null) continue;
      const named = row.names(m, lines.slice(index + 1, index + 21));
      return Array.isArray(named) ? { id: row.id, line, names: named, positionals: [] } : { id: row.id, line, ...named };
    }
  }
  return undefined;
}

/**
 * An environment variable a usage text names for an option on the option's own line: urfave/cli's
 * `[$TG_APP_ID]`, clap's `[env: TG_APP_ID=]`, `(env: TG_APP_ID)` or `(env TG_APP_ID)`.
 */
const OPTION_ENV = /\[\$([A-Z_][A-Z0-9_]*)(?:, ?\$[A-Z_][A-Z0-9_]*)*\]|\[env: ?([A-Z_][A-Z0-9_]*)[=\]]|\(env:? ?\$?([A-Z_][A-Z0-9_]*)\)/;

/**
 * The environment variable the usage text names for each option, where it names one.
 *
 * @param lines What the program wrote, its usage text among them.
 * @param names Options without leading dashes (`app-id`).
 * @returns Option name → variable (`app-id` → `TG_APP_ID`), for those found.
 * @example optionEnvironment(['   --app-id int  Telegram App ID [$TG_APP_ID]'], ['app-id']) // Map { 'app-id' => 'TG_APP_ID' }
 */
export function optionEnvironment(lines: readonly string[], names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const raw of lines) {
    const line = withoutAnsi(raw).slice(0, 1000);
    for (const name of names) {
      if (found.has(name)) continue;
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!new RegExp(`(?:^|[\\s,])--${escaped}(?![\\w-])`).test(line)) continue;
      const m = OPTION_ENV.exec(line);
      const variable = m?.[1] ?? m?.[2] ?? m?.[3];
      if (variable !== undefined) found.set(name, variable);
    }
  }
  return found;
}

/**
 * The hint for a program that stopped because options it requires were not given.
 *
 * @param found The error line ({@link requiredOptions}).
 * @param lines What the program wrote, to find the variables its usage names for those options.
 * @returns `options it requires were not given ("…"): …`, without a leading "; ".
 * @example requiredOptionsHint(requiredOptions(lines)!, lines) // 'options it requires were not given (…): … --server-env TG_APP_ID=… --server-env TG_API_HASH=…'
 */
export function requiredOptionsHint(found: RequiredOptions, lines: readonly string[]): string {
  const quoted = JSON.stringify(found.line.length > 200 ? `${found.line.slice(0, 199)}…` : found.line);
  const env = optionEnvironment(lines, found.names);
  const flags = [...found.positionals.map((p) => `<${p}>`), ...found.names.map((n) => `--${n} …`)].join(' ');
  const give = flags === '' ? 'give them on the command line after the program' : `give them on the command line after the program (${flags})`;
  const variables = found.names.filter((n) => env.has(n)).map((n) => `--server-env ${env.get(n)}=…`);
  const or = variables.length === 0 ? ''
    : variables.length === found.names.length && found.positionals.length === 0
    ? `, or set the environment variables its usage names for them: ${variables.join(' ')}`
    : `, or, for those its usage names one for, set the environment variable: ${variables.join(' ')}`;
  // A positional argument (a sub-command among them) is no option: what it takes is in the usage.
  if (found.positionals.length > 0) return `it stopped because arguments it requires were not given (${quoted}): ${give}, as its usage shows${or}`;
  return `it stopped because options it requires were not given (${quoted}), and serves as started once it has them: ${give}${or}`;
}
