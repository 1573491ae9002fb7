/**
 * A program that rejects the command or option it was started with: its argument parser prints
 * that it does not know it and exits. agentaudit 3.14.0 started as `agentaudit mcp` (servers24)
 * prints a coloured banner, `Unknown command: mcp` and `Run agentaudit help for available
 * commands` to stdout and exits 2; mcpfusion quoted the banner's first line, escapes and all
 * (`"  \u001b[1m\u001b[36mAgentAudit…"`), as log output written to stdout. The line that says why
 * is the parser's, and the fix is another command line.
 *
 * Each parser's wording is a row with a stable id.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';
import { withoutAnsi } from '../format/escape-controls.ts';

/** One parser's way to say it does not know a command or option: a stable id and its pattern (group 1: the word). */
export interface UnknownCommandForm {
  id: string;
  title: string;
  pattern: RegExp;
}

/** The forms, tried in this order on each line (escapes removed, trimmed). */
export const UNKNOWN_COMMAND_FORMS: readonly UnknownCommandForm[] = [
  {
    id: 'unknown.plain',
    title: 'A hand-written check: "Unknown command: mcp", "Unknown subcommand: serve", "Unrecognized command \'mcp\'"',
    pattern: /^(?:error:?\s*)?(?:unknown|unrecognized|unrecognised|invalid)\s+(?:sub)?command\s*:?\s*["'`]?([^\s"'`]{1,80})["'`]?\.?$/i,
  },
  {
    id: 'unknown.commander',
    title: 'commander: "error: unknown command \'mcp\'", "error: unknown option \'--stdio\'", "error: too many arguments. Expected 0 arguments but got 1."',
    pattern: /^error:\s*(?:unknown (?:command|option)\s+'([^']{1,80})'|too many arguments\b.*)/i,
  },
  {
    id: 'unknown.cobra',
    title: 'cobra (Go): "Error: unknown command "mcp" for "tool"", "Error: unknown flag: --stdio", "Error: unknown shorthand flag: \'s\' in -s"',
    pattern: /^Error:\s*unknown (?:command "([^"]{1,80})" for "[^"]{1,80}"|flag:\s*(\S{1,80})|shorthand flag:\s*'(.)')/,
  },
  {
    id: 'unknown.clap',
    title: 'clap (Rust): "error: unrecognized subcommand \'mcp\'", "error: unexpected argument \'--stdio\' found"',
    pattern: /^error:\s*(?:unrecognized subcommand|unexpected argument|found argument)\s+'([^']{1,80})'/i,
  },
  {
    id: 'unknown.argparse',
    title: 'argparse (Python): "prog: error: argument command: invalid choice: \'mcp\' (choose from …)", "prog: error: unrecognized arguments: --stdio"',
    pattern: /^\S{1,80}: error: (?:argument [^:]{1,80}: invalid choice: '([^']{1,80})'|unrecognized arguments: (\S{1,80}))/,
  },
  {
    id: 'unknown.yargs',
    title: 'yargs: "Unknown argument: mcp", "Unknown arguments: mcp, stdio"',
    pattern: /^Unknown arguments?: ([^\s,]{1,80})/,
  },
];

/** A line as read here: its escapes removed, trimmed. */
const plainLine = (line: string): string => withoutAnsi(line).trim();

/** What {@link unknownCommand} found: the row, the line as shown and the word it rejected. */
export interface UnknownCommand {
  id: string;
  line: string;
  word: string | undefined;
}

/**
 * The first line that says the program does not know a command or option it was given.
 *
 * @param lines What the server wrote (stdout text skipped as not JSON-RPC, then stderr).
 * @returns The row that read it, the line (escapes removed) and the word it names, or undefined.
 * @example unknownCommand(['  \x1b[31mUnknown command: mcp\x1b[0m'])?.word // 'mcp'
 */
export function unknownCommand(lines: readonly string[]): UnknownCommand | undefined {
  for (const raw of lines.slice(0, 400)) {
    const line = plainLine(raw.slice(0, 400));
    for (const form of UNKNOWN_COMMAND_FORMS) {
      const m = form.pattern.exec(line);
      if (m !== null) return { id: form.id, line, word: m.slice(1).find((g) => g !== undefined) };
    }
  }
  return undefined;
}

/**
 * The hint for a program whose output says it does not know a command or option it was given.
 *
 * @param lines What the server wrote (stdout text skipped as not JSON-RPC, then stderr), in order.
 * @param commandLine The program and arguments as shown in messages.
 * @returns `; its output says it does not know …` or ''.
 * @example unknownCommandHint(['Unknown command: mcp'], 'agentaudit mcp') // '; its output says it does not know the command or option it was given ("Unknown command: mcp"): …'
 */
export function unknownCommandHint(lines: readonly string[], commandLine: string): string {
  const found = unknownCommand(lines);
  if (found === undefined) return '';
  const named = found.word === undefined ? '' : ` (${JSON.stringify(found.word)})`;
  // The command line without the word it rejected, for its --help.
  const words = commandLine.split(/\s+/).filter((w) => w !== '');
  const at = found.word === undefined ? -1 : words.lastIndexOf(found.word);
  const base = (at > 0 ? [...words.slice(0, at), ...words.slice(at + 1)] : words).join(' ');
  return `; its output says it does not know the command or option it was given${named}: ${JSON.stringify(shorten(found.line, 120))}. ` +
    `Started this way it does not serve MCP: see "${base} --help" or its README for the command line that serves MCP over stdio ` +
    '(another subcommand or option, another command of its package, or its package\'s main file run with node)';
}
