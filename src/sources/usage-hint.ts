/**
 * A server started without the command it needs prints its usage and exits: @pipedream/mcp 0.x
 * (commander: `Usage: @pipedream/mcp [options] [command]`, then `stdio [options]  Start the stdio
 * server` and `sse [options]  Start the SSE server (default port: 3010)`) on stderr, @microsoft/workiq
 * 1.0.0 (System.CommandLine: `Required command was not provided.`, then `mcp  Start MCP stdio server
 * for agent communication`) on stdout. The usage names the stdio mode to start: that is the fix, not
 * reading it over HTTP (its `sse` line is no server serving) nor moving logs to stderr.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';
import { withoutAnsi } from '../format/escape-controls.ts';
import { requiredOptions, requiredOptionsHint } from './required-options.ts';

/**
 * The word that opens a usage text, in English and in the languages CLIs print it in: stock-sdk
 * 2.4.4 opens its usage with `用法:` and lists `mcp  启动 MCP server (stdio)` below it (servers25),
 * which, read only in English, was called log output and its stdio command not offered.
 */
const USAGE_WORD = String.raw`(?:usage|synopsis|用法|使用方法|使用法|使い方|사용법|uso|utilisation|verwendung|aufruf|использование)`;
/** A line that opens a usage text (a French `Utilisation :` has a space before its colon; CJK text a full-width one). */
const USAGE = new RegExp(String.raw`^\s*${USAGE_WORD}\s*[:：]`, 'i');
/** `USAGE` alone as a heading in capitals (stricli, as Speakeasy's generated CLIs print it) opens one too. */
const USAGE_HEADING = /^(?:USAGE|SYNOPSIS)\s*$/;
/** A heading that the synopsis follows on the next line. */
const HEADING_ALONE = new RegExp(String.raw`^\s*${USAGE_WORD}\s*[:：]?\s*$`, 'i');
/** The heading and its colon before a synopsis on the same line. */
const HEADING_PREFIX = new RegExp(String.raw`^\s*${USAGE_WORD}\s*[:：]?\s*`, 'i');
/**
 * An entry of a usage's list of commands: indented, a command word with its aliases (commander
 * writes `serve|mcp [options]`), its own arguments (`[options]`, `<path>`), two or more spaces or a
 * dash between spaces (proliferate-sandbox-mcp 0.1.19: `api - Start the HTTP API server on port
 * 4000`), its description.
 */
const ENTRY = /^\s{1,12}([a-z][\w:-]{0,40}(?:\|[a-z][\w:-]{0,40}){0,4})(?:\s+(?:\[[^\]\n]{0,40}\]|<[^>\n]{0,40}>))*(?:\s{2,}|\s+[-–—]\s+)(\S.{0,300})$/i;

/**
 * A synopsis with no heading, as yargs prints it first (`mcp <command>`, then `Commands:` with
 * `  mcp start  Start the MCP server`; @composio/mcp 1.0.9, servers25): a program, plain words, and a
 * placeholder for the command. Read only as the first line of the output.
 */
const BARE_SYNOPSIS = /^\s*[\w@./-]+(?:\s+[a-z][\w-]*){0,3}\s+(?:<(?:command|cmd|subcommand)>|\[(?:command|cmd|subcommand)\])(?:\s|$)/i;

/**
 * A `Commands:` heading alone on its line, with no usage line or synopsis before it (codegraph-ai
 * 0.1.5 prints a title, then `Commands:` and `  serve [dir]     Start MCP server on stdio`; servers25).
 */
const COMMANDS_HEADING = /^\s*commands\s*:\s*$/i;

/** The name of a command that starts a server, in usage texts that name no stdio mode. */
const SERVE_NAME = /^(?:mcp|serve|server|start)$/i;

/**
 * Whether a usage entry's command serves MCP: named so, or described as MCP together with serving
 * or a server (`server  MCP Server operations`); a `sql  SQL Server resources` entry is not.
 */
function servesMcp(name: string, description: string): boolean {
  return SERVE_NAME.test(name) || (/\bmcp\b|\bmodel context protocol\b/i.test(description) && /\b(?:serv(?:e|es|er|ing)|start)\b/i.test(description) &&
    !SETS_UP.test(description));
}

/**
 * A description of a command that sets the server up rather than serving it: google-workspace-mcp
 * 2.3.6 lists `setup  Interactive setup wizard for configuring the MCP server` below
 * `serve|mcp [options]  Start the MCP server`, and the wizard was offered as the command to serve.
 */
const SETS_UP = /\b(?:set ?up|configur\w*|install\w*|wizard|log ?in|sign ?in|auth\w*|status|check)\b/i;

/**
 * The hint for a server whose output is a usage text: one naming a command that starts its stdio
 * mode (a command named `stdio`, or one whose description says stdio) is told to start it; one
 * naming only a command that serves MCP (@azure/mcp 2.0.5: `server  MCP Server operations`, with
 * the example `azmcp server start`) is offered that command; one listing other commands is asked
 * whether it needs one; one printed with an error saying options it requires were not given is
 * told to give them (and the environment variables its usage names for them). A usage text is no
 * log output, whatever stream it came on. '' for any other output.
 *
 * @param lines What the server wrote (stdout text skipped as not JSON-RPC, and stderr), in order.
 * @param commandLine The program and arguments it was started with, as shown in messages.
 * @returns `; its output is a usage text …` or ''.
 * @example usageHint(['Usage: x [command]', 'Commands:', '  stdio [options]  Start the stdio server'], 'node x.js') // '; its output is a usage text … --server "node x.js stdio"'
 */
export function usageHint(output: readonly string[], commandLine: string): string {
  // A usage in colours (agentdb 1.6.1: `\x1b[1mUSAGE:\x1b[0m`) is read without its escapes.
  const lines = output.map(withoutAnsi);
  // Whether the command line already gives these command words after the program (`mcp-sdk serve`).
  const args = commandLine.split(/\s+/).slice(1);
  const given = (words: readonly string[]): boolean => words.length > 0 && words.every((w) => args.includes(w));
  const headed = lines.findIndex((l) => USAGE.test(l.slice(0, 200)) || USAGE_HEADING.test(l));
  const first = lines.findIndex((l) => l.trim() !== '');
  const start = headed >= 0 ? headed
    : first >= 0 && BARE_SYNOPSIS.test(lines[first]!.slice(0, 200)) ? first
    : lines.slice(0, 20).findIndex((l) => COMMANDS_HEADING.test(l));
  if (start < 0) return '';
  // `Usage:` alone on its line is followed by the synopsis (its description, after two spaces, left out).
  const synopsis = HEADING_ALONE.test(lines[start]!)
    ? `${lines[start]!.trim()} ${commandPart(lines.slice(start + 1).find((l) => l.trim() !== '') ?? '')}`.trim()
    : lines[start]!.trim();
  const usage = `; its output is a usage text (${JSON.stringify(shorten(synopsis, 80))})`;
  // An error saying that options it requires were not given is why it stopped (telegram-mcp 0.2.0:
  // `Required flags "app-id, api-hash" not set` after a usage whose only command is `auth`): it
  // serves as started once it has them, so no other command is to be looked for.
  const required = requiredOptions(lines);
  if (required !== undefined) return `${usage}, and ${requiredOptionsHint(required, lines)}`;
  const after = lines.slice(start + 1, start + 400);
  const entries: { line: string; name: string; names: string[]; description: string }[] = [];
  const program = synopsis.replace(HEADING_PREFIX, '').split(/\s+/)[0] ?? '';
  // Entries written with the program first (`  mcp start  Start the MCP server`, `  21st login  Sign in`) are read without it.
  const prefixed = program === '' ? undefined : new RegExp(`^(\\s*)${program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+`);
  for (const line of after) {
    const m = ENTRY.exec(line.slice(0, 400)) ?? (prefixed?.test(line) === true ? ENTRY.exec(line.slice(0, 400).replace(prefixed, '$1')) : null);
    if (m === null || m[1]!.startsWith('-')) continue;
    // A command with aliases (`serve|mcp`) is started by its first name; any of them may say what it does.
    const names = m[1]!.split('|');
    entries.push({ line: line.trim(), name: names[0]!, names, description: m[2]! });
  }
  const stdio = entries.find((e) => e.names.some((n) => n.toLowerCase() === 'stdio') || /\bstdio\b/i.test(e.description));
  if (stdio !== undefined) {
    return `${usage} that names a command for its stdio mode (${JSON.stringify(shorten(stdio.line, 120))}): ` +
      (given([stdio.name]) ? wantsMore([stdio.name], commandLine)
        : `the server wants that command; start it with --server "${commandLine} ${stdio.name}"`);
  }
  // A command named to serve comes before one only described so (a set-up command describes the server it sets up).
  const serve = entries.find((e) => e.names.some((n) => SERVE_NAME.test(n))) ?? entries.find((e) => e.names.some((n) => servesMcp(n, e.description)));
  // Commands written out as lines of the program (`agentdb mcp start`, its description on the
  // next line): one that names mcp, serve or server is the command that serves.
  const written = serve === undefined && program !== '' ? after.map((l) => commandPart(l).split(/\s+/)).find((w) =>
    w.length >= 2 && w.length <= 6 && w[0] === program && w.slice(1).some((x) => /^(?:mcp|serve|server|stdio)$/i.test(x)) &&
    w.slice(1).every((x) => /^[a-z][\w-]*$/i.test(x))) : undefined;
  if (written !== undefined) {
    return `${usage} that names a command to serve MCP (${JSON.stringify(written.join(' '))}): ` +
      (given(written.slice(1)) ? wantsMore(written.slice(1), commandLine)
        : `the server wants that command; perhaps --server "${commandLine} ${written.slice(1).join(' ')}"`);
  }
  if (serve !== undefined) {
    // An example that runs the command (`azmcp server start`): the program, the command, plain words.
    // Not the entry's own line (`  mcp start  Start the MCP server`), which only names it again.
    const example = lines.slice(0, start + 400).filter((l) => l.trim() !== serve.line).map((l) => commandPart(l).split(/\s+/)).find((w) =>
      w.length >= 2 && w.length <= 6 && w[1] === serve.name && w.slice(1).every((x) => /^[a-z][\w-]*$/i.test(x)));
    const words = example === undefined ? [serve.name] : example.slice(1);
    return `${usage} that names no stdio command but one that serves MCP (${JSON.stringify(shorten(serve.line, 120))})` +
      (example === undefined ? '' : `; its examples show ${JSON.stringify(example.join(' '))}`) +
      (given(words) ? `: ${wantsMore(words, commandLine)}` : `: the server wants a command to serve; perhaps --server "${commandLine} ${words.join(' ')}"`);
  }
  // A usage printed after an error of another kind (a missing config: kubernetes-mcp-server's
  // cobra usage after 'Error: … no current-context is set') was given its command.
  const otherError = lines.slice(0, start).some((l) => /\b(?:error|fatal|failed|exception)\b/i.test(l) && !/\b(?:commands?|arguments?|options?|flags?|subcommands?)\b/i.test(l));
  if (entries.length === 0 || otherError) return '';
  return `${usage}: started this way it was not given a command or argument it needs, and none of the commands it lists ` +
    `names stdio or MCP; see "${commandLine} --help" or its README for the one that serves MCP over stdio`;
}

/**
 * What to say when the command a usage text names is already on the command line and the program
 * printed its usage again: that command wants more than it was given (mcp-sdk 1.0.0's `mcp-sdk
 * serve` with no URL prints its usage and exits 0; servers26, which was offered `mcp-sdk serve serve`).
 */
function wantsMore(words: readonly string[], commandLine: string): string {
  return `the command line already gives ${JSON.stringify(words.join(' '))}, and the program printed its usage again: that command ` +
    `wants more than it was given: give the arguments or options its entry names, as "${commandLine} --help" or its README says`;
}

/** A line's words before its description (two or more spaces), trimmed: `mcp start` of `  mcp start   Start the MCP server`. */
function commandPart(line: string): string {
  return line.trim().split(/\s{2,}/)[0] ?? '';
}
