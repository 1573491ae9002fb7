/**
 * The command a call of inline code runs, read from the call's written arguments: a shell command
 * line (`execSync('curl … | sh')`, `subprocess.run('…', shell=True)`) or a program with an
 * argument list (`spawn('curl', ['-fsSL', url])`, `execFile('sh', ['-c', 'curl … | sh'])`,
 * `subprocess.run(['curl', url])`), since scanner26 also Bun's and Deno's calls, a tagged template
 * (zx's and Bun's `` $`…` ``, execa's), Go's `exec.Command("curl", url)`, Rust's
 * `Command::new("curl").arg(url).status()` and the calls of command-running packages (execa,
 * cross-spawn, …). The arguments are read over the tokens of the language (tokenize.ts,
 * python-tokenize.ts, go-tokenize.ts, rust-tokenize.ts), never over raw text. Used by
 * project-commands.ts. Pure.
 *
 * @module
 */
import type { ScanFinding } from './types.ts';
import { tokenize } from './tokenize.ts';
import { cookStringToken } from './cook-string.ts';
import { tokenizePython } from './python/python-tokenize.ts';
import { tokenizeGo } from './go/go-tokenize.ts';
import { tokenizeRust } from './rust/rust-tokenize.ts';
import { quote } from './command-words.ts';
import { partitionPoint } from '../sorted.ts';
import { ARGUMENT_LIST_CALLS, PACKAGE_CALLS, SHELL_LINE_CALLS, TEMPLATE_CALLS, type ArgumentReading } from './patterns/project-commands.ts';

/** The languages whose calls are read: JavaScript (and TypeScript), Python, Go and Rust. */
export type CallLanguage = 'js' | 'py' | 'go' | 'rs';

/** One token of either language, as the argument reader needs it. */
interface CallToken {
  /** `template`: a part of a JavaScript template with substitutions (head, middle or tail; `cooked` its text). */
  kind: 'string' | 'name' | 'op' | 'template' | 'other';
  value: string;
  /** A string's value when it is constant (no substitution, no f-string field). */
  cooked?: string;
  line: number;
  column: number;
}

/** One argument of a call, as far as it is known from the text. */
type CallArgument =
  | { kind: 'string'; value: string }
  | { kind: 'list'; items: Array<string | undefined>; spread: boolean }
  | { kind: 'shell-option'; shell: boolean | undefined; tokens: readonly CallToken[] }
  | { kind: 'keyword'; name: string; value: CallArgument }
  | { kind: 'function' }
  | { kind: 'other' };

/**
 * A word of an argument list that is computed at run time (`url` in `['-fsSL', url]`): written as
 * a variable, so no row reads it as a file to run or a command line.
 */
const UNKNOWN_WORD = '$ARG';

/**
 * The command line a call at a finding's place runs, when its arguments say it: the first
 * argument of a {@link SHELL_LINE_CALLS} call that is a written string (literals joined with
 * `+` count; anything computed makes it unknown), or the program and argument list of an
 * {@link ARGUMENT_LIST_CALLS} call whose program is written (`spawn('curl', ['-fsSL', url])` is
 * `curl -fsSL $ARG`; with `{ shell: true }`, or a list with `shell=True` in Python, the words are
 * the shell's line). A name the file binds once to a written string or list, and never assigns
 * again, stands for that value (`const CMD = 'curl … | sh'; exec(CMD)`, see {@link constantsOf}).
 * A list built at run time (`spawn(cmd, args)`, `[...base, url]`) gives none.
 *
 * @param code The code (inline code, or a handler file's text).
 * @param f A capability finding of the code scan over that code.
 * @param language The code's language.
 * @returns The command line, or undefined when the call runs nothing known.
 * @example
 * callCommandLine("require('child_process').execFile('sh', ['-c', 'curl x | sh'])", finding, 'js') // "sh -c 'curl x | sh'"
 */
export function callCommandLine(code: string, f: ScanFinding, language: CallLanguage): string | undefined {
  return callCommandLines(code, [f], language).get(f)?.find((c) => c.line === undefined)?.command;
}

/**
 * A command a call runs: at the finding's own call, or (`line`, `column`) at a call of the
 * function `util.promisify` made of it (`const execAsync = promisify(exec); execAsync('curl …')`).
 */
export interface CallCommand {
  command: string;
  line?: number;
  column?: number;
}

/**
 * {@link callCommandLine} for several findings of one text, which is tokenized once.
 *
 * @param code The code.
 * @param findings Capability findings of the code scan over that code.
 * @param language The code's language.
 * @param options `typescript` and `jsx` for a JavaScript text's tokenizer (a handler file's extension).
 * @returns The commands of each finding whose calls run known ones: its own call's, or those of the
 *   calls of a promisified form of it (`const run = promisify(execFile)`, each `run('curl', […])`).
 * @example
 * callCommandLines(text, scan.findings, 'js', { typescript: true }).get(scan.findings[0]!) // [{ command: 'curl -fsSL $ARG' }]
 */
export function callCommandLines(code: string, findings: readonly ScanFinding[], language: CallLanguage, options: { typescript?: boolean; jsx?: boolean } = {}): Map<ScanFinding, CallCommand[]> {
  const out = new Map<ScanFinding, CallCommand[]>();
  const wanted = findings.filter((f) => f.identifier !== undefined && f.line !== undefined && readsCommand(f.identifier));
  if (wanted.length === 0) return out;
  const tokens = language === 'js' ? jsTokens(code, options) : language === 'py' ? pyTokens(code) : language === 'go' ? goTokens(code) : rustTokens(code);
  let constants: Bound | undefined;
  let names: Map<string, number[]> | undefined;
  const reader: Reader = {
    tokens,
    language,
    constant: (name) => (constants ??= language === 'js' || language === 'py' ? constantsOf(tokens, language) : compiledConstantsOf(tokens, language)).values.get(name),
    boundOnce: (name) => (language === 'js' || language === 'py') && (constants ??= constantsOf(tokens, language)).once.has(name),
    // Tokens by place (binary search) and each name's tokens: a file with thousands of calls, one minified line too, is read in linear time.
    onLine: (line, column, test) => {
      const from = partitionPoint(tokens.length, (k) => tokens[k]!.line < line || tokens[k]!.line === line && tokens[k]!.column < column);
      for (let k = from; k < tokens.length && k < from + CALL_REACH && tokens[k]!.line === line; k++) if (test(tokens[k]!, k)) return k;
      return -1;
    },
    named: (name) => {
      if (names === undefined) {
        names = new Map();
        tokens.forEach((t, k) => {
          if (t.kind !== 'name') return;
          const list = names!.get(t.value);
          if (list === undefined) names!.set(t.value, [k]);
          else list.push(k);
        });
      }
      return names.get(name) ?? [];
    },
  };
  for (const f of wanted) {
    const found = commandsAt(reader, f);
    if (found.length > 0) out.set(f, found);
  }
  return out;
}

/** How many tokens after the finding's place its call's name may stand (`require('child_process').execSync(`: 6). */
const CALL_REACH = 32;

/** The tokens of a text and the constants it binds (read when first needed). */
interface Reader {
  tokens: readonly CallToken[];
  language: CallLanguage;
  constant(name: string): CallArgument | undefined;
  /** Whether a name is declared once in the text and never bound or assigned again (see {@link constantsOf}). */
  boundOnce(name: string): boolean;
  /** The index of the first token at or after a place on its line (within {@link CALL_REACH} tokens) that passes the test, or -1. */
  onLine(line: number, column: number, test: (t: CallToken, k: number) => boolean): number;
  /** The indexes of a name's tokens, in order. */
  named(name: string): readonly number[];
}

/** The commands of one finding's call, or of the calls of its promisified form (see {@link callCommandLines}). */
function commandsAt(reader: Reader, f: ScanFinding): CallCommand[] {
  const { tokens } = reader;
  const id = f.identifier!;
  const member = id.slice(id.lastIndexOf('.') + 1);
  const column = f.column ?? 1;
  const own = commandAt(reader, f);
  if (own !== undefined) return [{ command: own }];
  // `const execAsync = promisify(exec)` (`util.promisify(cp.execFile)`, `promisify(require('child_process').exec)`,
  // `require('util').promisify(exec)`): each `execAsync(…)` of the file.
  const first = reader.onLine(f.line!, column, (t) => t.column === column && t.kind === 'name');
  const k = first < 0 ? -1 : reader.onLine(f.line!, column, (t, j) => t.kind === 'name' && t.value === member && isOp(tokens[j + 1], ')') && (isOp(tokens[j - 1], '.') || isOp(tokens[j - 1], '?.') || j === first));
  if (reader.language !== 'js' || k < 0 || !isOp(tokens[first - 1], '(') || tokens[first - 2]?.value !== 'promisify') return [];
  let start = first - 2;
  if (isOp(tokens[start - 1], '.') && tokens[start - 2]?.kind === 'name') start -= 2;
  else if (isOp(tokens[start - 1], '.') && isOp(tokens[start - 2], ')')) {
    // `require('util').promisify`: back over the call before the dot.
    let depth = 0;
    let j = start - 2;
    for (; j >= 0 && j > start - 2 - CALL_REACH; j--) {
      if (isOp(tokens[j], ')')) depth++;
      else if (isOp(tokens[j], '(') && --depth === 0) break;
    }
    if (depth !== 0 || tokens[j - 1]?.kind !== 'name') return [];
    start = j - 1;
  }
  const name = tokens[start - 2];
  if (!isOp(tokens[start - 1], '=') || name?.kind !== 'name' || !JS_DECLARATIONS.has(tokens[start - 3]?.value ?? '') || !reader.boundOnce(name.value)) return [];
  const out: CallCommand[] = [];
  for (const j of reader.named(name.value)) {
    const t = tokens[j]!;
    if (j === start - 2 || !isOp(tokens[j + 1], '(') || isOp(tokens[j - 1], '.') || isOp(tokens[j - 1], '?.')) continue;
    const command = commandOfCall(reader, j, id);
    if (command !== undefined) out.push({ command, line: t.line, column: t.column });
  }
  return out;
}

/** How a call of an identifier says its command: see the tables of patterns/project-commands.ts. */
interface CallReading {
  line?: 'always' | 'shell=True';
  list?: ArgumentReading;
  template?: 'shell' | 'words';
}

/** The reading of a call of `id` (its rows in the tables; none for an identifier no table names). */
function readingOf(id: string): CallReading {
  const own = <T>(table: Readonly<Record<string, T>>): T | undefined => (Object.hasOwn(table, id) ? table[id] : undefined);
  const out: CallReading = {};
  const line = own(SHELL_LINE_CALLS);
  const list = own(ARGUMENT_LIST_CALLS) ?? own(PACKAGE_CALLS);
  const template = own(TEMPLATE_CALLS);
  if (line !== undefined) out.line = line;
  if (list !== undefined) out.list = list;
  if (template !== undefined) out.template = template;
  return out;
}

/**
 * Whether calls of an identifier are read for the command they write (a finding's, or a
 * package's call's: `child_process.spawn`, `Bun.$`, `execa.execaCommand`).
 *
 * @param identifier A finding's raw identifier, or a package call's.
 * @returns True when one of the call tables names it.
 * @example
 * readsCommand('os/exec.Command') // true
 */
export function readsCommand(identifier: string): boolean {
  const r = readingOf(identifier);
  return r.line !== undefined || r.list !== undefined || r.template !== undefined;
}

/** The last name of an identifier (`spawn` of `child_process.spawn`, `Command` of `std::process::Command`). */
function lastName(id: string): string {
  return id.slice(Math.max(id.lastIndexOf('.'), id.lastIndexOf(':')) + 1);
}

/** The command line of one finding's own call (see {@link callCommandLine}). */
function commandAt(reader: Reader, f: ScanFinding): string | undefined {
  const { tokens } = reader;
  const id = f.identifier!;
  const member = lastName(id);
  const column = f.column ?? 1;
  const builder = readingOf(id).list === 'builder';
  // The token before the call's arguments when the name at k is called: `(`, a tagged template,
  // or Rust's `Command::new(` (the `new`).
  const opens = (k: number): boolean => isOp(tokens[k], '(') || tokens[k]?.kind === 'template' || tokens[k]?.kind === 'string' && reader.language === 'js' && tokens[k]!.value.startsWith('`');
  const callee = (k: number): number => {
    if (builder) return isOp(tokens[k + 1], '::') && tokens[k + 2]?.kind === 'name' && tokens[k + 2]!.value === 'new' && isOp(tokens[k + 3], '(') ? k + 2 : -1;
    if (opens(k + 1)) return k;
    // tsc's and Babel's `(0, execa_1.execa)(…)`: the `)` before the arguments.
    let j = k;
    while (isOp(tokens[j - 1], '.') && tokens[j - 2]?.kind === 'name') j -= 2;
    return reader.language === 'js' && isOp(tokens[k + 1], ')') && opens(k + 2) && isOp(tokens[j - 1], ',') && tokens[j - 2]?.value === '0' && isOp(tokens[j - 3], '(') ? k + 1 : -1;
  };
  // The call must be on the finding's line, at or after its column (the name the finding is at, not a later one);
  // a binding renamed on import (`import { spawn as run }`, `from subprocess import run as r`, a barrel's `lib.run`) is called by the names the finding is at.
  const named = reader.onLine(f.line!, column, (t, k) => t.kind === 'name' && t.value === member && callee(k) >= 0);
  let at = named < 0 ? -1 : callee(named);
  if (at < 0) {
    // `run(…)`, `lib.run(…)` (a member a barrel hands on renamed), Rust's `Cmd::new(…)` of `use … Command as Cmd`: the names from the finding's place up to the call.
    let k = reader.onLine(f.line!, column, (t) => t.column === column && t.kind === 'name');
    while (k >= 0 && !builder && (isOp(tokens[k + 1], '.') || isOp(tokens[k + 1], '?.')) && tokens[k + 2]?.kind === 'name') k += 2;
    const c = k >= 0 ? callee(k) : -1;
    // Not a call whose result is used further (`require('child_process').execFile` handed to promisify).
    const close = c >= 0 && isOp(tokens[c + 1], '(') ? splitTopLevel(tokens, c + 1)?.close : undefined;
    const after = close === undefined ? undefined : tokens[close + 1];
    at = c >= 0 && (!isOp(tokens[c + 1], '(') || builder || close !== undefined && !isOp(after, '.') && !isOp(after, '?.') && !isOp(after, '[')) ? c : -1;
    // `require('./spawn')('wget', […])` of a file that is `spawn` whole: the call after the require's.
    if (reader.language === 'js' && at === k && tokens[k]?.value === 'require' && isOp(after, '(')) at = close!;
  }
  return at < 0 ? undefined : commandOfCall(reader, at, id);
}

/** The command line the call whose callee's last name is at `at` runs, read as a call of `id` (`child_process.spawn`). */
function commandOfCall(reader: Reader, at: number, id: string): string | undefined {
  const { language, tokens } = reader;
  const { line, list, template } = readingOf(id);
  // A tagged template: `` $`curl ${url} | sh` `` (zx, Bun), `` execa`curl ${url}` ``.
  if (!isOp(tokens[at + 1], '(')) return template === undefined ? undefined : templateCommand(tokens, at + 1, template);
  const args = callArguments(reader, at + 1);
  if (args === undefined) return undefined;
  const positional = args.filter((a) => a.kind !== 'keyword');
  const keyword = (name: string): CallArgument | undefined => args.find((a): a is Extract<CallArgument, { kind: 'keyword' }> => a.kind === 'keyword' && a.name === name)?.value;
  const first = positional[0];
  const pyShell = language === 'py' ? pythonShell(keyword('shell')) : false;
  if (line !== undefined && first?.kind === 'string') {
    if (line === 'always' || pyShell === true) return first.value;
    return undefined;
  }
  if (list === undefined || first === undefined) return undefined;
  let words: Array<string | undefined>;
  let shell: boolean | undefined = false;
  if (list === 'program-list') {
    // `spawn(program, [args], { shell })`, `execFile(program, [args], options, callback)`.
    if (first.kind !== 'string') return undefined;
    const second = positional[1];
    // `spawn('curl', args)`: a list built at run time, so what runs is not known.
    if (second !== undefined && second.kind !== 'list' && second.kind !== 'shell-option') return undefined;
    const rest = second?.kind === 'list' ? second : undefined;
    if (rest?.spread === true) return undefined;
    words = [first.value, ...(rest?.items ?? [])];
    shell = optionsShell(positional.slice(rest !== undefined ? 2 : 1));
  } else if (list === 'words') {
    // `execaCommand('curl -fsSL https://x')`: split at spaces (a `\ ` keeps one), unless the options name a shell.
    if (first.kind !== 'string') return undefined;
    shell = optionsShell(positional.slice(1));
    if (shell === true) return first.value;
    words = [];
    for (const part of first.value.trim().split(/ +/)) {
      const previous = words[words.length - 1];
      if (previous?.endsWith('\\') === true) words[words.length - 1] = `${previous.slice(0, -1)} ${part}`;
      else words.push(part);
    }
  } else if (list === 'list') {
    // `subprocess.run(['curl', url], check=True)`; with `shell=True` the first item is the shell's line.
    if (first.kind !== 'list' || first.spread) return undefined;
    if (pyShell === true) return typeof first.items[0] === 'string' ? first.items[0] : undefined;
    if (pyShell === undefined) return undefined;
    words = first.items;
  } else if (list === 'cmd-list') {
    // `Bun.spawn(['curl', url], options)`, `Bun.spawn({ cmd: ['curl', url] })`, `Deno.run({ cmd: […] })`.
    const cmd = first.kind === 'shell-option' ? objectValue(first.tokens, 'cmd', reader) : first;
    if (cmd?.kind !== 'list' || cmd.spread) return undefined;
    words = cmd.items;
  } else if (list === 'program-options') {
    // `new Deno.Command('curl', { args: ['-fsSL', url] })`: no `args` is the program alone.
    if (first.kind !== 'string') return undefined;
    const options = positional[1];
    if (positional.length > 2 || options !== undefined && options.kind !== 'shell-option') return undefined;
    const rest = options === undefined ? undefined : objectValue(options.tokens, 'args', reader);
    if (rest !== undefined && (rest.kind !== 'list' || rest.spread)) return undefined;
    words = [first.value, ...(rest?.kind === 'list' ? rest.items : [])];
  } else if (list === 'builder') {
    words = builderWords(reader, at, first);
    if (words.length === 0) return undefined;
  } else {
    // `asyncio.create_subprocess_exec('curl', url)`, Go's `exec.Command("curl", url)`: the program and its arguments, one each;
    // `exec.CommandContext(ctx, "curl", url)` after its context.
    const each = list === 'context-arguments' ? positional.slice(1) : positional;
    words = each.map((a) => (a.kind === 'string' ? a.value : a.kind === 'other' ? undefined : null)).filter((w): w is string | undefined => w !== null);
    if (words.length !== each.length) return undefined;
  }
  if (shell === undefined || typeof words[0] !== 'string' || words[0] === '') return undefined;
  if (shell) return words.every((w) => typeof w === 'string') ? words.join(' ') : undefined;
  return words.map((w) => quote(w ?? UNKNOWN_WORD)).join(' ');
}

/** The shell the options after a call's program and list name: none (`false`), one, or not known (a variable, a spread). */
function optionsShell(rest: readonly CallArgument[]): boolean | undefined {
  let shell: boolean | undefined = false;
  for (const a of rest) {
    if (a.kind === 'shell-option') shell = shell === false ? a.shell : shell;
    else if (a.kind !== 'function') shell = undefined;
  }
  return shell;
}

/**
 * The words of Rust's `Command::new("curl").arg("-fsSL").args(["-o", path]).status()`: the
 * program (`first`, the argument of `new` at `at`) and what `.arg(…)` and `.args(…)` (an array,
 * `&[…]` or `vec![…]`) add, other builder calls skipped, up to the call that runs it (`status`,
 * `output`, `spawn`, Unix's `exec`). None (an empty list) when the program or a list is computed,
 * or the chain ends before it runs (`let mut cmd = Command::new("sh");`: what is added later is not read).
 */
function builderWords(reader: Reader, at: number, first: CallArgument): Array<string | undefined> {
  const { tokens } = reader;
  if (first.kind !== 'string') return [];
  const words: Array<string | undefined> = [first.value];
  let j = splitTopLevel(tokens, at + 1)?.close;
  while (j !== undefined && isOp(tokens[j + 1], '.') && tokens[j + 2]?.kind === 'name' && isOp(tokens[j + 3], '(')) {
    const method = tokens[j + 2]!.value;
    const inner = splitTopLevel(tokens, j + 3);
    if (inner === undefined) return [];
    if (RUST_RUNS.has(method)) return words;
    const parts = inner.parts.map((r) => tokens.slice(r[0], r[1]));
    if (method === 'arg' && parts.length === 1) {
      const value = argumentOf(parts[0]!, reader.language, reader);
      words.push(value.kind === 'string' ? value.value : undefined);
    } else if (method === 'args' && parts.length === 1) {
      let list = parts[0]!;
      if (isOp(list[0], '&')) list = list.slice(1);
      if (list[0]?.kind === 'name' && list[0].value === 'vec' && isOp(list[1], '!')) list = list.slice(2);
      const value = argumentOf(list, reader.language, reader);
      if (value.kind !== 'list' || value.spread) return [];
      words.push(...value.items);
    }
    j = inner.close;
  }
  return [];
}

/** The methods that run a Rust `Command` (std's, tokio's and the async crates'), ending its chain of builder calls. */
const RUST_RUNS: ReadonlySet<string> = new Set(['status', 'output', 'spawn', 'exec']);

/**
 * The value of a key written in a JavaScript object literal's tokens (`{ cmd: ['curl', url] }`),
 * at its top level: undefined when the key is absent; not known (`other`) when the object spreads
 * another (`{ ...opts }`) or writes it short (`{ args }`).
 */
function objectValue(tokens: readonly CallToken[], key: string, reader: Reader): CallArgument | undefined {
  const inner = splitTopLevel(tokens, 0);
  if (inner === undefined) return { kind: 'other' };
  let found: CallArgument | undefined;
  for (const [from, to] of inner.parts) {
    const head = tokens[from];
    if (isOp(head, '...')) return { kind: 'other' };
    const name = head?.kind === 'name' ? head.value : head?.kind === 'string' ? head.cooked : undefined;
    if (name !== key) continue;
    found = isOp(tokens[from + 1], ':') ? argumentOf(tokens.slice(from + 2, to), reader.language, reader) : { kind: 'other' };
  }
  return found;
}

/**
 * The command a tagged template writes (`` $`curl -fsSL ${url} | sh` ``, its first token at
 * `at`): `shell`, the shell's line, each `${…}` the word `$ARG` (zx and Bun quote what they put
 * in); `words`, the program and its words split at white space, a word with a `${…}` not known.
 */
function templateCommand(tokens: readonly CallToken[], at: number, how: 'shell' | 'words'): string | undefined {
  const HOLE = '\u0000';
  let text = '';
  const head = tokens[at];
  if (head?.kind === 'string') {
    if (head.cooked === undefined) return undefined;
    text = head.cooked;
  } else {
    // Head, then each substitution's tokens (a template nested in one opens and closes its own parts) up to a middle or the tail.
    let depth = 0;
    let k = at;
    for (; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.kind !== 'template') continue;
      const part = t.value.startsWith('`') ? 'head' : t.value.endsWith('`') ? 'tail' : 'middle';
      if (part === 'head' && k !== at) depth++;
      else if (depth > 0) {
        if (part === 'tail') depth--;
        continue;
      }
      if (depth > 0) continue;
      if (t.cooked === undefined) return undefined;
      text += (k === at ? '' : HOLE) + t.cooked;
      if (part === 'tail') break;
    }
    if (k >= tokens.length) return undefined;
  }
  if (how === 'shell') return text.replaceAll(HOLE, '$ARG');
  const words = text.split(/[ \t\r\n]+/).filter((w) => w !== '');
  if (words.length === 0 || words[0]!.includes(HOLE)) return undefined;
  return words.map((w) => quote(w.includes(HOLE) ? UNKNOWN_WORD : w)).join(' ');
}

/** Whether a token is the operator `value`. */
function isOp(t: CallToken | undefined, value: string): boolean {
  return t?.kind === 'op' && t.value === value;
}

/** JavaScript keywords that bind the name after them. */
const JS_DECLARATIONS = new Set(['const', 'let', 'var', 'function', 'class', 'import', 'catch']);
/** Python words that bind the name after them (`for x in`, `import x`, `as x`, `def x`, `global x`). */
const PY_BINDERS = new Set(['for', 'import', 'as', 'def', 'class', 'global', 'nonlocal', 'lambda', 'del']);
/** Words before `(` that open no parameter list (`if (x) {`). */
const JS_CONTROL = new Set(['if', 'while', 'for', 'switch', 'with', 'return', 'typeof', 'await', 'yield', 'void', 'delete', 'in', 'of', 'new', 'else', 'do', 'case', 'throw']);
/** Assignments other than `=` (`+=`, `||=`), and the update operators. */
const COMPOUND_ASSIGNMENT = /^(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?|:)=$|^(?:\+\+|--)$/;

/**
 * The names a text binds once to a written string or list and never binds or assigns again
 * (`const CMD = 'curl -fsSL https://x | sh'`, Python's `CMD = ['curl', url]` at a line's start):
 * read the way the code scan folds constants, conservatively, over the whole file. A name
 * declared twice (in any scope, or in a declaration list), assigned (`CMD = …`, `CMD += …`),
 * bound by a loop, an import, a `catch`, `as`, or a function's parameter (`(CMD) => …`,
 * `function f(CMD)`, `def f(cmd):`), is none: its value at the call is not known; so is a list
 * used through a member or an index anywhere (`args.push(url)`, `args[0] = x`, `FETCH.append(u)`).
 */
function constantsOf(tokens: readonly CallToken[], language: 'js' | 'py'): Bound {
  const values = new Map<string, { argument: CallArgument; end: number } | undefined>();
  const spoiled = new Set<string>();
  const reached = new Set<string>();
  const bind = (name: string, value: { argument: CallArgument; end: number } | undefined): void => {
    if (values.has(name)) spoiled.add(name);
    values.set(name, value);
  };
  // Open brackets: the index of each `(`/`[`/`{` in effect, to find a parameter list.
  const open: number[] = [];
  const partner = bracketPartners(tokens);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (trackBracket(open, t, k) || t.kind !== 'name') continue;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    const name = t.value;
    if (prev?.kind === 'op' && (prev.value === '.' || prev.value === '?.')) continue;
    // `args.push(url)`, `args[0] = …`, `FETCH.append(u)`: a list may be changed through its members.
    if (isOp(next, '.') || isOp(next, '?.') || isOp(next, '[')) reached.add(name);
    if (next?.kind === 'op' && COMPOUND_ASSIGNMENT.test(next.value) || prev?.kind === 'op' && (prev.value === '++' || prev.value === '--')) {
      spoiled.add(name);
      continue;
    }
    const inner = open[open.length - 1];
    if (language === 'js') {
      if (prev?.kind === 'name' && JS_DECLARATIONS.has(prev.value)) {
        // `const CMD: string = '…'`: past a type annotation on the same line.
        let eq = k + 1;
        if (isOp(next, ':')) while (tokens[eq] !== undefined && tokens[eq]!.line === t.line && !isOp(tokens[eq], '=') && !isOp(tokens[eq], ';')) eq++;
        const value = isOp(tokens[eq], '=') && prev.value !== 'function' && prev.value !== 'class' ? writtenValue(tokens, eq + 1, language) : undefined;
        bind(name, value);
        // `const a = 'x', b = …`: a declaration list makes every name of it unknown.
        if (value !== undefined && isOp(tokens[value.end], ',')) spoiled.add(name);
        continue;
      }
      // `CMD = …` (not `==`), `CMD => …`, a parameter of `(CMD) => …`, `function f(CMD) {`, `m(CMD) {`.
      if (isOp(next, '=') || isOp(next, '=>')) {
        spoiled.add(name);
        continue;
      }
      if (inner !== undefined && isOp(tokens[inner], '(')) {
        const close = partner.get(inner);
        const before = tokens[inner - 1];
        const after = close === undefined ? undefined : tokens[close + 1];
        if (isOp(after, '=>') || isOp(after, '{') && !(before?.kind === 'name' && JS_CONTROL.has(before.value)) || isOp(after, ':') && before?.kind !== 'name') spoiled.add(name);
      }
    } else {
      if (prev?.kind === 'name' && PY_BINDERS.has(prev.value)) {
        spoiled.add(name);
        continue;
      }
      if (isOp(next, '=') || isOp(next, ':=')) {
        // At a statement's start, outside brackets (a keyword argument `shell=True` is no binding).
        if (inner !== undefined && isOp(next, '=')) {
          const before = tokens[inner - 2];
          if (before?.kind === 'name' && before.value === 'def' || before?.kind === 'name' && before.value === 'lambda') spoiled.add(name);
          continue;
        }
        const starts = prev === undefined || prev.line < t.line || isOp(prev, ';');
        bind(name, starts && isOp(next, '=') ? writtenValue(tokens, k + 2, language) : undefined);
        if (!starts) spoiled.add(name);
        continue;
      }
      // A parameter of `def f(cmd):` or `lambda cmd:`.
      if (inner !== undefined && isOp(tokens[inner], '(') && tokens[inner - 2]?.kind === 'name' && tokens[inner - 2]!.value === 'def') spoiled.add(name);
    }
  }
  const out: Bound = { values: new Map(), once: new Set() };
  for (const [name, value] of values) {
    if (spoiled.has(name)) continue;
    out.once.add(name);
    if (value !== undefined && !(value.argument.kind === 'list' && reached.has(name))) out.values.set(name, value.argument);
  }
  return out;
}

/** Go's and Rust's words that declare the name after them (Rust's `let mut x`: `mut` after `let`). */
const COMPILED_DECLARATIONS: Readonly<Record<'go' | 'rs', ReadonlySet<string>>> = { go: new Set(['const', 'var']), rs: new Set(['let', 'const', 'static']) };

/**
 * Keep the stack of brackets in effect up to date over a walk of the tokens: an opener's index is
 * pushed, a closer pops one.
 *
 * @param open The indexes of the open brackets, innermost last.
 * @param t The token at `k`.
 * @param k Its index.
 * @returns Whether the token is an operator (nothing else to read of it as a name).
 */
function trackBracket(open: number[], t: CallToken, k: number): boolean {
  if (t.kind !== 'op') return false;
  if (t.value === '(' || t.value === '[' || t.value === '{') open.push(k);
  else if (t.value === ')' || t.value === ']' || t.value === '}') open.pop();
  return true;
}

/**
 * Each opening bracket's (`(`, `[`, `{`) closing partner, by token index; an unmatched closer is
 * passed over.
 *
 * @param tokens The file's tokens.
 * @returns The index of each opener mapped to its closer's.
 */
function bracketPartners(tokens: readonly CallToken[]): Map<number, number> {
  const partner = new Map<number, number>();
  const stack: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'op') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') stack.push(k);
    else if ((t.value === ')' || t.value === ']' || t.value === '}') && stack.length > 0) partner.set(stack.pop()!, k);
  }
  return partner;
}

/**
 * Go's and Rust's names bound once to a written string and never bound or assigned again (`const
 * cmd = "curl"`, `cmd := "curl"`, a `const ( … )` group's line; `let cmd = "curl";`, `const CMD:
 * &str = "curl";`): `exec.Command(cmd, …)` and `Command::new(cmd)` read as with the literal. As for
 * {@link constantsOf}, conservatively over the whole file: a name declared twice (a shadowing
 * `let`, `:=` in another function), assigned (`cmd = …`, `cmd += …`, `a, cmd := …`), or bound
 * as a parameter, a closure's, a loop's or a pattern's (`func f(cmd string)`, `|cmd|`, `for cmd
 * in`, `Some(cmd) =>`, `if let Some(cmd) =`, `cmd: &str`) is none.
 */
function compiledConstantsOf(tokens: readonly CallToken[], language: 'go' | 'rs'): Bound {
  const values = new Map<string, { argument: CallArgument; end: number } | undefined>();
  const spoiled = new Set<string>();
  const bind = (name: string, value: { argument: CallArgument; end: number } | undefined): void => {
    if (values.has(name)) spoiled.add(name);
    values.set(name, value);
  };
  const declarations = COMPILED_DECLARATIONS[language];
  const partner = bracketPartners(tokens);
  const open: number[] = [];
  /** A bracket group whose names are bound, not read: a parameter list or a pattern. */
  const binds = (g: number): boolean => {
    const before = tokens[g - 1];
    const after = tokens[(partner.get(g) ?? g) + 1];
    if (before?.kind === 'name' && (before.value === 'func' || before.value === 'fn' || before.value === 'let' || before.value === 'for')) return true;
    if (before?.kind === 'name' && tokens[g - 2]?.kind === 'name' && (tokens[g - 2]!.value === 'func' || tokens[g - 2]!.value === 'fn')) return true;
    // Go: a method's parameters, after its receiver (`func (s *S) Run(cmd string)`).
    if (language === 'go' && before?.kind === 'name' && isOp(tokens[g - 2], ')')) return true;
    return isOp(after, '=') || isOp(after, '=>') || isOp(after, ':=') || (after?.kind === 'name' && after.value === 'in');
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (trackBracket(open, t, k) || t.kind !== 'name') continue;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    const name = t.value;
    if (isOp(prev, '.') || isOp(prev, '::') || isOp(next, '::')) continue;
    const declared = prev?.kind === 'name' && (declarations.has(prev.value) || language === 'rs' && prev.value === 'mut' && tokens[k - 2]?.value === 'let');
    const group = open[open.length - 1];
    // A line of Go's `const ( cmd = "curl" )` group.
    const grouped = language === 'go' && group !== undefined && isOp(tokens[group], '(') && (tokens[group - 1]?.value === 'const' || tokens[group - 1]?.value === 'var') && isOp(next, '=') && prev !== undefined && prev.line < t.line;
    const statementStart = prev === undefined || prev.line < t.line || isOp(prev, ';') || isOp(prev, '{') || isOp(prev, '}');
    if (declared || grouped) {
      // Past a type (`const CMD: &str =`, `var cmd string =`) on the same line.
      let eq = k + 1;
      while (tokens[eq] !== undefined && tokens[eq]!.line === t.line && !isOp(tokens[eq], '=') && !isOp(tokens[eq], ';') && !isOp(tokens[eq], ',')) eq++;
      bind(name, isOp(tokens[eq], '=') ? writtenValue(tokens, eq + 1, language) : undefined);
      continue;
    }
    if (language === 'go' && isOp(next, ':=') && statementStart) {
      bind(name, writtenValue(tokens, k + 2, language));
      continue;
    }
    if (next?.kind === 'op' && (next.value === '=' || next.value === ':=' || next.value === '|' || next.value === ':' || COMPOUND_ASSIGNMENT.test(next.value)) || prev?.kind === 'op' && (prev.value === '++' || prev.value === '--' || prev.value === '|')) {
      spoiled.add(name);
      continue;
    }
    if (prev?.kind === 'name' && (prev.value === 'for' || prev.value === 'ref' || prev.value === 'mut' || prev.value === 'fn' || prev.value === 'func' || prev.value === 'range')) {
      spoiled.add(name);
      continue;
    }
    // `a, cmd := f()`, `a, cmd = f()`: a list of names that ends in an assignment.
    if (isOp(next, ',') || isOp(prev, ',')) {
      let j = k;
      while (tokens[j]?.kind === 'name' && isOp(tokens[j + 1], ',') && tokens[j + 2]?.kind === 'name') j += 2;
      if (isOp(tokens[j + 1], '=') || isOp(tokens[j + 1], ':=')) spoiled.add(name);
    }
    if (group !== undefined && binds(group)) spoiled.add(name);
  }
  const out: Bound = { values: new Map(), once: new Set() };
  for (const [name, value] of values) {
    if (spoiled.has(name)) continue;
    out.once.add(name);
    if (value !== undefined && value.argument.kind === 'string') out.values.set(name, value.argument);
  }
  return out;
}

/** The names a text binds once: those whose value is a written string or list, and all of them. */
interface Bound {
  values: Map<string, CallArgument>;
  once: Set<string>;
}

/** A written string or list from token `at` that ends its statement, with the index after it. */
function writtenValue(tokens: readonly CallToken[], at: number, language: CallLanguage): { argument: CallArgument; end: number } | undefined {
  const head = tokens[at];
  if (head === undefined) return undefined;
  let end = at;
  if (head.kind === 'string') {
    end = at + 1;
    while (isOp(tokens[end], '+') && tokens[end + 1]?.kind === 'string' || language === 'py' && tokens[end]?.kind === 'string') end += isOp(tokens[end], '+') ? 2 : 1;
  } else if (isOp(head, '[') || language === 'py' && isOp(head, '(')) {
    const inner = splitTopLevel(tokens, at);
    if (inner === undefined) return undefined;
    end = inner.close + 1;
  } else return undefined;
  const last = tokens[end - 1]!;
  const after = tokens[end];
  // The statement ends here: `;`, `,` (a declaration list, refused by the caller), the end, or a new line that goes on with no operator.
  const ends = after === undefined || isOp(after, ';') || isOp(after, ',') || isOp(after, '}') || after.line > last.line && (after.kind !== 'op' || language === 'py' || language === 'go');
  if (!ends) return undefined;
  const argument = argumentOf(tokens.slice(at, end), language, undefined);
  return argument.kind === 'string' || argument.kind === 'list' ? { argument, end } : undefined;
}

/** Python's `shell=` keyword: absent or `False` is no shell, `True` is one, anything else is not known. */
function pythonShell(value: CallArgument | undefined): boolean | undefined {
  if (value === undefined) return false;
  return value.kind === 'shell-option' ? value.shell : undefined;
}

/** The arguments of the call whose `(` is at `open`, or undefined when it is not closed. */
function callArguments(reader: Reader, open: number): CallArgument[] | undefined {
  const { tokens, language } = reader;
  const parts = splitTopLevel(tokens, open)?.parts;
  return parts?.map((range) => argumentOf(tokens.slice(range[0], range[1]), language, reader));
}

/**
 * The token ranges between the top-level commas of the bracket opened at `open`, the index of its
 * partner and the number of those commas; undefined when it is not closed.
 */
function splitTopLevel(tokens: readonly CallToken[], open: number): { parts: Array<[number, number]>; close: number; commas: number } | undefined {
  const out: Array<[number, number]> = [];
  let commas = 0;
  let depth = 0;
  let start = open + 1;
  for (let k = open + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'op') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') depth++;
    else if (t.value === ')' || t.value === ']' || t.value === '}') {
      if (depth === 0) {
        if (k > start) out.push([start, k]);
        return { parts: out, close: k, commas };
      }
      depth--;
    } else if (t.value === ',' && depth === 0) {
      out.push([start, k]);
      commas++;
      start = k + 1;
    }
  }
  return undefined;
}

/** What one argument's tokens are; a name the reader's text binds to a written value is that value. */
function argumentOf(tokens: readonly CallToken[], language: CallLanguage, reader: Reader | undefined): CallArgument {
  if (language === 'py' && tokens[0]?.kind === 'name' && tokens[1]?.kind === 'op' && tokens[1].value === '=') {
    const rest = tokens.slice(2);
    if (rest.length === 1 && rest[0]!.kind === 'name' && (rest[0]!.value === 'True' || rest[0]!.value === 'False')) return { kind: 'keyword', name: tokens[0].value, value: { kind: 'shell-option', shell: rest[0]!.value === 'True', tokens: rest } };
    return { kind: 'keyword', name: tokens[0].value, value: argumentOf(rest, language, reader) };
  }
  // An argument that spreads a list (`...args`, Python's `*args`, Go's `args...`): words not known, nor how many (`**kwargs` are keywords).
  const first = tokens[0];
  const end = tokens[tokens.length - 1];
  if (first?.kind === 'op' && (first.value === '...' || language === 'py' && first.value === '*') || language === 'go' && tokens.length > 1 && isOp(end, '...')) return { kind: 'list', items: [], spread: true };
  // `exec(CMD)` of `const CMD = 'curl … | sh'`, `spawn('curl', ARGS)` of `const ARGS = ['-fsSL', url]`.
  if (reader !== undefined && tokens.length === 1 && tokens[0]!.kind === 'name') {
    const value = reader.constant(tokens[0]!.value);
    if (value !== undefined) return value;
  }
  const text = stringValue(tokens, language);
  if (text !== undefined) return { kind: 'string', value: text };
  const head = tokens[0];
  const last = tokens[tokens.length - 1];
  if (head?.kind === 'op' && last?.kind === 'op' && (head.value === '[' && last.value === ']' || language === 'py' && head.value === '(' && last.value === ')')) {
    const inner = splitTopLevel(tokens, 0);
    // The bracket must close at the argument's end (`[a][0]` is no list).
    if (inner === undefined || inner.close !== tokens.length - 1) return { kind: 'other' };
    // A Python `(x)` with no comma is a parenthesized expression, not a tuple.
    if (language === 'py' && head.value === '(' && inner.commas === 0) return argumentOf(tokens.slice(1, -1), language, reader);
    const items = inner.parts.map((r) => tokens.slice(r[0], r[1]));
    const spread = items.some((item) => item[0]?.kind === 'op' && (item[0].value === '...' || item[0].value === '*' || item[0].value === '**'));
    return { kind: 'list', items: items.map((item) => stringValue(item, language)), spread };
  }
  if (language === 'js' && head?.kind === 'op' && head.value === '{' && last?.kind === 'op' && last.value === '}') return { kind: 'shell-option', shell: shellOption(tokens), tokens };
  // A callback (`execFile(file, args, (err) => …)`, `function (err) { … }`).
  if (language === 'js' && (head?.kind === 'name' && (head.value === 'function' || head.value === 'async') || topLevelArrow(tokens))) return { kind: 'function' };
  return { kind: 'other' };
}

/** Whether an arrow `=>` stands outside every bracket of the tokens. */
function topLevelArrow(tokens: readonly CallToken[]): boolean {
  let depth = 0;
  for (const t of tokens) {
    if (t.kind !== 'op') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') depth++;
    else if (t.value === ')' || t.value === ']' || t.value === '}') depth--;
    else if (t.value === '=>' && depth === 0) return true;
  }
  return false;
}

/** A JavaScript options object's `shell`: absent or false is no shell, `true` or a written shell path is one, anything else is not known. */
function shellOption(tokens: readonly CallToken[]): boolean | undefined {
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'op' && (t.value === '{' || t.value === '[' || t.value === '(')) depth++;
    else if (t.kind === 'op' && (t.value === '}' || t.value === ']' || t.value === ')')) depth--;
    else if (depth === 1 && t.kind === 'op' && t.value === '...') return undefined;
    else if (depth === 1 && (t.kind === 'name' || t.kind === 'string') && (t.cooked ?? t.value) === 'shell' && (tokens[k - 1]?.value === '{' || tokens[k - 1]?.value === ',')) {
      const next = tokens[k + 1];
      // `{ shell }`: a variable of that name.
      if (next?.value !== ':') return undefined;
      const value = tokens[k + 2];
      const end = tokens[k + 3];
      if (end !== undefined && end.value !== ',' && end.value !== '}') return undefined;
      if (value?.kind === 'name' && (value.value === 'false' || value.value === 'undefined' || value.value === 'null')) return false;
      if (value?.kind === 'name' && value.value === 'true') return true;
      if (value?.kind === 'string' && value.cooked !== undefined) return value.cooked !== '';
      return undefined;
    }
  }
  return false;
}

/** The value of written strings joined with `+` (or, in Python, written side by side), or undefined. */
function stringValue(tokens: readonly CallToken[], language: CallLanguage): string | undefined {
  if (tokens.length === 0) return undefined;
  let out = '';
  let expectString = true;
  for (const t of tokens) {
    if (expectString || language === 'py' && t.kind === 'string') {
      if (t.kind !== 'string' || t.cooked === undefined) return undefined;
      out += t.cooked;
      expectString = false;
    } else if (t.kind === 'op' && t.value === '+') expectString = true;
    else return undefined;
  }
  return expectString ? undefined : out;
}

/** JavaScript tokens (comments dropped). */
function jsTokens(code: string, options: { typescript?: boolean; jsx?: boolean }): CallToken[] {
  return tokenize(code, options).tokens.map((t) => {
    if (t.type === 'StringLiteral' || t.type === 'NoSubstitutionTemplate') return { kind: 'string' as const, value: t.value, cooked: cookStringToken(t)?.value, line: t.line, column: t.column };
    if (t.type === 'TemplateHead' || t.type === 'TemplateMiddle' || t.type === 'TemplateTail') return { kind: 'template' as const, value: t.value, cooked: cookStringToken(t)?.value, line: t.line, column: t.column };
    if (t.type === 'IdentifierName') return { kind: 'name' as const, value: t.name, line: t.line, column: t.column };
    if (t.type === 'Punctuator') return { kind: 'op' as const, value: t.value, line: t.line, column: t.column };
    return { kind: 'other' as const, value: t.value, line: t.line, column: t.column };
  });
}

/** Python tokens (newlines dropped: inside brackets there are none). */
function pyTokens(code: string): CallToken[] {
  const out: CallToken[] = [];
  for (const t of tokenizePython(code).tokens) {
    if (t.type === 'newline') continue;
    if (t.type === 'string') out.push({ kind: 'string', value: t.value, ...(t.cooked !== undefined && t.bytes !== true ? { cooked: t.cooked } : {}), line: t.line, column: t.column });
    else if (t.type === 'name') out.push({ kind: 'name', value: t.name, line: t.line, column: t.column });
    else if (t.type === 'op') out.push({ kind: 'op', value: t.value, line: t.line, column: t.column });
    else out.push({ kind: 'other', value: t.value, line: t.line, column: t.column });
  }
  return out;
}

/** Go tokens (comments dropped; every string literal, raw or interpreted, is constant). */
function goTokens(code: string): CallToken[] {
  return tokenizeGo(code).tokens.map((t) => {
    if (t.type === 'string') return { kind: 'string', value: t.value, cooked: t.value, line: t.line, column: t.column };
    if (t.type === 'ident') return { kind: 'name', value: t.value, line: t.line, column: t.column };
    if (t.type === 'op') return { kind: 'op', value: t.value, line: t.line, column: t.column };
    return { kind: 'other', value: t.value, line: t.line, column: t.column };
  });
}

/** Rust tokens (comments dropped; a byte or C string, `b"…"`, has no text value). */
function rustTokens(code: string): CallToken[] {
  return tokenizeRust(code).tokens.map((t) => {
    if (t.type === 'string') return { kind: 'string', value: t.value, ...(t.prefix === undefined || t.prefix === 'r' ? { cooked: t.value } : {}), line: t.line, column: t.column };
    if (t.type === 'ident') return { kind: 'name', value: t.value, line: t.line, column: t.column };
    if (t.type === 'op') return { kind: 'op', value: t.value, line: t.line, column: t.column };
    return { kind: 'other', value: t.value, line: t.line, column: t.column };
  });
}
