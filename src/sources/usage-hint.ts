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

/** A line that opens a usage text. */
const USAGE = /^\s*(?:usage|synopsis)\s*:/i;
/**
 * An entry of a usage's list of commands: indented, a command word, its own arguments
 * (`[options]`, `<path>`), two or more spaces, its description.
 */
const ENTRY = /^\s{1,12}([a-z][\w:-]{0,40})(?:\s+(?:\[[^\]\n]{0,40}\]|<[^>\n]{0,40}>))*\s{2,}(\S.{0,300})$/i;

/**
 * The hint for a server whose output is a usage text naming a command that starts its stdio mode
 * (a command named `stdio`, or one whose description says stdio), or '' for any other output.
 *
 * @param lines What the server wrote (stdout text skipped as not JSON-RPC, and stderr), in order.
 * @param commandLine The program and arguments it was started with, as shown in messages.
 * @returns `; its output is a usage text …` or ''.
 * @example usageHint(['Usage: x [command]', 'Commands:', '  stdio [options]  Start the stdio server'], 'node x.js') // '; its output is a usage text … --server "node x.js stdio"'
 */
export function usageHint(lines: readonly string[], commandLine: string): string {
  const start = lines.findIndex((l) => USAGE.test(l.slice(0, 200)));
  if (start < 0) return '';
  for (const line of lines.slice(start + 1, start + 400)) {
    const m = ENTRY.exec(line.slice(0, 400));
    if (m === null || m[1]!.startsWith('-')) continue;
    if (m[1]!.toLowerCase() !== 'stdio' && !/\bstdio\b/i.test(m[2]!)) continue;
    // `Usage:` alone on its line is followed by the synopsis.
    const synopsis = /:\s*$/.test(lines[start]!) ? `${lines[start]!.trim()} ${lines.slice(start + 1).find((l) => l.trim() !== '')?.trim() ?? ''}`.trim() : lines[start]!.trim();
    return `; its output is a usage text (${JSON.stringify(shorten(synopsis, 80))}) that names a command for its stdio mode (${JSON.stringify(shorten(line.trim(), 120))}): ` +
      `the server wants that command; start it with --server "${commandLine} ${m[1]}"`;
  }
  return '';
}
