/**
 * A small POSIX shell lexer for the command lines a project file runs (package.json scripts,
 * Dockerfile `RUN`/`CMD`/`ENTRYPOINT`): it splits a line into simple commands and their words,
 * with quotes removed, and keeps the text of each command substitution (`$(…)`, `` `…` ``,
 * `<(…)`) for the caller to lex again. It does not expand variables or globs; it is no shell.
 *
 * @module
 */

/** One word of a simple command. */
export interface ShellWord {
  /** The word with quotes and backslash escapes removed (substitutions left out). */
  text: string;
  /** The raw text of each command substitution inside the word (`curl x` of `"$(curl x)"`). */
  subs: string[];
  /** Offset in the line where the word starts. */
  start: number;
}

/** One simple command and the operator that joins it to the previous one. */
export interface ShellCommand {
  /** `|` when the previous command's output is this one's input; else the list operator (`&&`, `||`, `;`, `&`) or `start`. */
  after: '|' | '&&' | '||' | ';' | '&' | 'start';
  words: ShellWord[];
  /** Subshells closed (`)`) since the previous command, when any: a `cd` inside one ends with it. */
  closes?: number;
  /** Subshells opened (`(`) since the previous command (after those closed), when any. */
  opens?: number;
}

/** Longest input lexed (a hostile script cannot make the lexer slow). */
const MAX_LENGTH = 20_000;

/**
 * Split a shell command line into simple commands.
 *
 * @param line The command line (newlines separate commands, as `;` does).
 * @returns The simple commands in order; a redirection's target (`> out.txt`) is no word.
 * @example
 * shellCommands('curl -fsSL https://x.test/i.sh | sh').map((c) => c.words.map((w) => w.text))
 * // [['curl', '-fsSL', 'https://x.test/i.sh'], ['sh']]
 */
export function shellCommands(line: string): ShellCommand[] {
  const text = line.length > MAX_LENGTH ? line.slice(0, MAX_LENGTH) : line;
  const out: ShellCommand[] = [];
  let current: ShellCommand = { after: 'start', words: [] };
  let word: ShellWord | undefined;
  let redirect = false;
  // The subshells closed and opened since the last command pushed.
  let closes = 0;
  let opens = 0;
  const endWord = (): void => {
    if (word === undefined) return;
    if (redirect) redirect = false;
    else current.words.push(word);
    word = undefined;
  };
  const endCommand = (after: ShellCommand['after']): void => {
    endWord();
    redirect = false;
    if (current.words.length > 0) {
      if (closes > 0) current.closes = closes;
      if (opens > 0) current.opens = opens;
      closes = 0;
      opens = 0;
      out.push(current);
    }
    current = { after: current.words.length > 0 || out.length > 0 ? after : 'start', words: [] };
  };
  const open = (): ShellWord => (word ??= { text: '', subs: [], start: i });
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '\n' || c === ';') {
      endCommand(';');
      i++;
    } else if (c === '#' && word === undefined) {
      // A comment runs to the end of the line.
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '|' || c === '&') {
      const two = text.slice(i, i + 2);
      if (two === '||' || two === '&&') {
        endCommand(two);
        i += 2;
      } else if (c === '&' && word !== undefined && /^\d*>$/.test(word.text)) {
        // `2>&1`: part of a redirection.
        open().text += c;
        i++;
      } else {
        endCommand(c === '|' ? '|' : '&');
        i += c === '|' && text[i + 1] === '&' ? 2 : 1;
      }
    } else if ((c === '<' || c === '>') && text[i + 1] === '(') {
      const end = closing(text, i + 2);
      open().subs.push(text.slice(i + 2, end));
      i = end + 1;
    } else if (c === '<' || c === '>') {
      // A redirection: `> f`, `2>> f`, `<<< s`; its target is no word of the command.
      if (word !== undefined && /^\d+$/.test(word.text) && word.subs.length === 0) word = undefined;
      else endWord();
      while (text[i] === '<' || text[i] === '>') i++;
      if (text[i] === '&') {
        i++;
        while (/\d|-/.test(text[i] ?? '')) i++;
      } else redirect = true;
    } else if (c === '(' || c === ')' || c === '{' && word === undefined || c === '}' && word === undefined) {
      // Grouping (subshells, brace groups): the commands inside are commands of the line.
      endCommand(';');
      if (c === ')') {
        // `(a) && (b)`: a subshell closed before any opened since the last command is the one before.
        if (opens > 0) opens--;
        else closes++;
      } else if (c === '(') opens++;
      i++;
    } else if (c === '\\') {
      if (text[i + 1] !== '\n') open().text += text[i + 1] ?? '';
      i += 2;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      open().text += text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '"') {
      const w = open();
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) {
          w.text += '"\\$`\n'.includes(text[i + 1]!) ? text[i + 1]! : text.slice(i, i + 2);
          i += 2;
        } else if (text[i] === '$' && text[i + 1] === '(') {
          const end = closing(text, i + 2);
          w.subs.push(text.slice(i + 2, end));
          i = end + 1;
        } else if (text[i] === '`') {
          const end = text.indexOf('`', i + 1);
          w.subs.push(text.slice(i + 1, end < 0 ? text.length : end));
          i = end < 0 ? text.length : end + 1;
        } else w.text += text[i++]!;
      }
      i++;
    } else if (c === '$' && text[i + 1] === '(') {
      const end = closing(text, i + 2);
      open().subs.push(text.slice(i + 2, end));
      i = end + 1;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      open().subs.push(text.slice(i + 1, end < 0 ? text.length : end));
      i = end < 0 ? text.length : end + 1;
    } else {
      open().text += c;
      i++;
    }
  }
  endCommand(';');
  return out;
}

/** The index of the `)` that closes a parenthesis opened before `from` (quotes respected), or the text's length. */
function closing(text: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    i++;
  }
  return text.length;
}
