/**
 * Split a server command line into argv the way a POSIX shell would, without running a shell:
 * whitespace separates words; `'...'` is literal; `"..."` keeps spaces and honours `\"`, `\\`,
 * `\$`, `` \` `` and a backslash-newline; an unquoted backslash escapes the next character (one
 * that means something to a shell: before an ordinary one, as in `C:\srv`, it is refused); a
 * leading unquoted `~` or `~/` becomes the home directory; leading `NAME=value` words set the
 * server's environment (like `FOO=1 node server.js`).
 *
 * Anything that needs a real shell (pipes, redirection, `;`, `&`, `$VAR`, command substitution,
 * parentheses) is refused with a message, instead of being passed on literally by surprise.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import { redactCommandLine } from './redact-command.ts';

/** A parsed command line. */
export interface CommandLine {
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args: string[];
  /** `NAME=value` assignments that preceded the program. */
  env: Record<string, string>;
}

const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** What an unquoted backslash may escape: characters a shell would read otherwise (and a newline). */
const ESCAPABLE = new Set([' ', '\t', '\n', '\r', "'", '"', '\\', '$', '`', '|', '&', ';', '<', '>', '(', ')', '~', '#', '*', '?', '[', ']', '{', '}', '!', '=']);

interface Word {
  text: string;
  /** Whether any part of the word was quoted or escaped (then `~` and `NAME=` are literal). */
  quoted: boolean;
  /** Whether the word started with an unquoted `~`. */
  tilde: boolean;
  /** Length of the unquoted prefix (for `NAME=` detection). */
  plainPrefix: number;
}

/** What a command line starts, for error messages: the server (default) or a judge. */
export interface CommandRole {
  /** `server`, `judge` … */
  name: string;
  /** How a user gives one, e.g. `--server "node server.js"`. */
  example: string;
}

const SERVER_ROLE: CommandRole = { name: 'server', example: '--server "node server.js"' };

function refuse(line: string, at: number, what: string, role: CommandRole, fix = 'quote it'): never {
  throw new InputError(
    `Cannot parse the ${role.name} command line at column ${at + 1}: ${what} needs a shell, and mcpfusion runs the ${role.name} without one; ${fix}, or run the ${role.name} through "sh -c '...'" explicitly (command line: ${JSON.stringify(redactCommandLine(line))})`,
  );
}

/** Refuse the `$` at `at`, naming the whole construct (`$HOME`, `${X}`, `$(...)`), not its first character. */
function refuseDollar(line: string, at: number, role: CommandRole): never {
  const rest = line.slice(at);
  const braced = rest.startsWith('${') ? rest.indexOf('}') : -1;
  const shown = /^\$[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0]
    ?? (braced > 0 ? rest.slice(0, braced + 1) : rest.startsWith('$(') ? '$(...)' : rest.slice(0, 2));
  refuse(line, at, `the variable or command substitution ${JSON.stringify(shown)}`, role, 'mcpfusion expands no variables: write the value itself, single-quote it for a literal "$"');
}

function splitWords(line: string, role: CommandRole): Word[] {
  const words: Word[] = [];
  let word: Word | undefined;
  const start = (): Word => (word ??= { text: '', quoted: false, tilde: false, plainPrefix: 0 });
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word) words.push(word);
      word = undefined;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new InputError(`Cannot parse the ${role.name} command line: the single quote at column ${i + 1} is never closed`);
      const w = start();
      w.text += line.slice(i + 1, end);
      w.quoted = true;
      i = end + 1;
    } else if (c === '"') {
      const w = start();
      w.quoted = true;
      i++;
      for (;;) {
        if (i >= line.length) throw new InputError(`Cannot parse the ${role.name} command line: a double quote is never closed`);
        const d = line[i]!;
        if (d === '"') break;
        if (d === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) {
          if (line[i + 1] !== '\n') w.text += line[i + 1];
          i += 2;
        } else if (d === '$' && /[A-Za-z_{(0-9@*#?!$-]/.test(line[i + 1] ?? '')) {
          refuseDollar(line, i, role);
        } else if (d === '`') {
          refuse(line, i, 'command substitution with "`"', role);
        } else {
          w.text += d;
          i++;
        }
      }
      i++;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new InputError(`Cannot parse the ${role.name} command line: it ends with a lone backslash`);
      // A shell drops a backslash before an ordinary character: `C:\srv\s.js` would be `C:srvs.js`.
      if (!ESCAPABLE.has(line[i + 1]!)) {
        throw new InputError(
          `Cannot parse the ${role.name} command line at column ${i + 1}: an unquoted backslash escapes the next character, as in a POSIX shell, and "${/[\p{Cc}\p{Cf}]/u.test(line[i + 1]!) ? JSON.stringify(line.slice(i, i + 2)).slice(1, -1) : line.slice(i, i + 2)}" escapes nothing (a Windows path?); write a path in single quotes ('C:\\srv\\server.js') or with / (C:/srv/server.js), and a literal backslash as \\\\ (command line: ${JSON.stringify(redactCommandLine(line))})`,
        );
      }
      const w = start();
      if (line[i + 1] !== '\n') {
        w.text += line[i + 1];
        w.quoted = true;
      }
      i += 2;
    } else if (OPERATORS.has(c)) {
      refuse(line, i, `the operator "${c}"`, role);
    } else if (c === '$' && /[A-Za-z_{(0-9@*#?!$-]/.test(line[i + 1] ?? '')) {
      refuseDollar(line, i, role);
    } else {
      const w = start();
      if (c === '~' && w.text === '' && !w.quoted) w.tilde = true;
      if (!w.quoted) w.plainPrefix = w.text.length + 1;
      w.text += c;
      i++;
    }
  }
  if (word) words.push(word);
  return words;
}

/**
 * The home directory a leading `~` stands for: `HOME`, and on Windows, where only Git Bash or
 * MSYS sets `HOME`, `USERPROFILE` (what Node's `os.homedir()` reads there), so a command line
 * written `node ~/srv/s.js` starts the same server on both.
 *
 * @param env The environment.
 * @param platform The running platform (`process.platform`).
 * @returns The directory, or undefined when there is none (`~` then stays as written).
 * @example commandLineHome({ USERPROFILE: 'C:\\Users\\u' }, 'win32') // 'C:\\Users\\u'
 */
export function commandLineHome(env: Readonly<Record<string, string | undefined>>, platform: string): string | undefined {
  const home = env['HOME'];
  if (home !== undefined && home !== '') return home;
  const profile = platform === 'win32' ? env['USERPROFILE'] : undefined;
  return profile !== undefined && profile !== '' ? profile : home;
}

/**
 * Parse a command line into program, arguments and leading environment assignments.
 *
 * @param line The command line, e.g. `node "my server.js" --port 0`.
 * @param home The home directory for a leading `~` (unchanged when undefined).
 * @param role What the command starts, named in errors (default: the server).
 * @returns `{ command, args, env }`.
 * @throws {InputError} On an empty line or program name, an unclosed quote, or shell syntax that needs a shell.
 * @example parseCommandLine(`FOO=1 node 'my server.js' -v`) // { command: 'node', args: ['my server.js', '-v'], env: { FOO: '1' } }
 */
export function parseCommandLine(line: string, home?: string, role: CommandRole = SERVER_ROLE): CommandLine {
  const words = splitWords(line, role);
  const env: Record<string, string> = {};
  let first = 0;
  for (; first < words.length; first++) {
    const w = words[first]!;
    const match = ASSIGNMENT.exec(w.text);
    if (!match || w.plainPrefix < match[0].length) break;
    Object.defineProperty(env, match[0].slice(0, -1), { value: w.text.slice(match[0].length), enumerable: true, writable: true, configurable: true });
  }
  const argv = words.slice(first).map((w) => {
    if (w.tilde && home !== undefined && (w.text === '~' || w.text.startsWith('~/'))) return home + w.text.slice(1);
    return w.text;
  });
  if (argv.length === 0) {
    throw new InputError(`The ${role.name} command line is empty${Object.keys(env).length > 0 ? ' (it only sets variables)' : ''}; give the program to run, e.g. ${role.example}`);
  }
  // `--server '""'`, or a quoted variable that was empty: spawning "" fails with Node's own words.
  if (argv[0] === '') throw new InputError(`The ${role.name} command line starts with an empty program name (""); give the program to run, e.g. ${role.example}`);
  return { command: argv[0]!, args: argv.slice(1), env };
}
