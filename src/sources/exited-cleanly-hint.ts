/**
 * What a failure says of a program that ended on its own with exit code 0 before it answered
 * `initialize`. A server exits on its own only when it is done, so as started it never served:
 * @primeuix/mcp 1.0.1's main module only exports a server factory and ends at once, writing nothing;
 * @cloudflare/mcp-server-cloudflare 0.2.0 without its `run` subcommand prints a usage error and exits 0.
 * But a server may also stop on an error of its own and still exit 0: @browserstack/mcp-server
 * 1.4.2 without its credentials prints `Error: BROWSERSTACK_USERNAME environment variable is
 * required` and a stack, then exits 0. Asking whether the command is a library module or misses a
 * subcommand sends its user the wrong way; the error it printed is the reason.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';
import { namesError } from './stderr-tail.ts';

/** How much of an error line the hint quotes. */
const SHOWN = 200;

/** Said when nothing the program wrote names an error. */
const NO_SERVING = '; the program ended on its own, with exit code 0, before it answered initialize: started this way it does not ' +
  'serve MCP over stdio (is this the command that starts the server, not a library module that only defines one, and does it need ' +
  'a subcommand or flag to serve, such as start, stdio or --stdio?)';

/**
 * An environment variable's name in an error line that says a setting is missing: upper case with
 * an underscore (`BROWSERSTACK_USERNAME`, `API_KEY`), beside a word of being unset or required.
 */
const VARIABLE = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/;
const MISSING = /\b(?:required|missing|not (?:set|defined|provided|found|configured)|unset|undefined|empty|must (?:be )?(?:set|provide|specify))\b|\benv(?:ironment)?\b/i;

/**
 * A line that says an option of the command line is required: it names an option (`--url`, with
 * its short form or not) and a word of lacking. mcp-gcloud-adc 0.1.0 prints `Optional argument
 * '--url' or '-u' is required` to stdout and exits 0 (servers26), which named no error and got only
 * the question whether it needs a subcommand.
 */
const OPTION = /(?:^|[\s'"`(,])(--[a-z][\w-]*)\b/i;
const LACKING = /\b(?:is |are )?(?:required|missing|not (?:given|set|provided|specified)|must be (?:given|set|provided|specified))\b/i;

/**
 * The hint for a program that ended with exit code 0 before it answered `initialize`.
 *
 * @param lines What it wrote: its stderr lines, then the text it wrote to stdout.
 * @param otherCommands When it wrote no error: other commands of its package that may serve (see `otherCommandsHint`), or ''.
 * @returns The hint, starting with "; ".
 * @example exitedCleanlyHint(['Error: API_KEY environment variable is required']) // '; the program ended … (--server-env API_KEY=…)'
 */
export function exitedCleanlyHint(lines: readonly string[], otherCommands: () => string = () => ''): string {
  const error = lines.find((line) => namesError(line.trim()));
  if (error === undefined) {
    const asked = lines.map((l) => l.trim()).find((l) => l.length <= 500 && OPTION.test(l) && LACKING.test(l));
    if (asked !== undefined) {
      const option = OPTION.exec(asked)![1]!;
      return `; the program ended on its own, with exit code 0, before it answered initialize, after writing that it needs an option: ` +
        `${JSON.stringify(shorten(asked, SHOWN))}: give it on the command line after the program (--server "… ${option} …"), ` +
        `as the program's usage or README says`;
    }
    return NO_SERVING + otherCommands();
  }
  const quoted = JSON.stringify(shorten(error.trim(), SHOWN));
  const variable = MISSING.test(error) ? VARIABLE.exec(error)?.[1] : undefined;
  const fix = variable === undefined
    ? 'fix what it names (a setting it needs is given with --server-env NAME=value)'
    : `give it that setting: --server-env ${variable}=…`;
  return `; the program ended on its own, with exit code 0, before it answered initialize, after writing an error: ${quoted}. ` +
    `It stopped on that error though its exit code says success: ${fix}`;
}

/** Verbs asking for an option (`Provide --prompt or --prompt-file …`, `Please specify --config`). */
const ASKING = /\b(?:provide|specify|pass|supply)\b/i;

/**
 * The hint for a program that ended with another exit code before it answered `initialize`, on a
 * line that asks for an option of the command line which the command line does not give, or ''.
 * mcpboot 0.1.3 exits 1 on `[mcpboot] Fatal: Error: Provide --prompt or --prompt-file to specify
 * the generation prompt` (servers27), which was quoted alone, where a program exiting 0 on such a
 * line was already told to give the option.
 *
 * @param lines Its stderr lines (redacted), then the text it wrote to stdout.
 * @param args The arguments it was started with.
 * @returns The hint, starting with "; ", or ''.
 * @example exitedOptionHint(['Error: Provide --prompt or --prompt-file'], []) // '; it stopped saying it needs an option ("Error: Provide --prompt or --prompt-file"): give it on the command line after the program (--server "… --prompt …"), as the program\'s usage or README says'
 */
export function exitedOptionHint(lines: readonly string[], args: readonly string[]): string {
  for (const raw of lines) {
    const line = raw.trim();
    if (line.length > 500 || !OPTION.test(line) || !(LACKING.test(line) || ASKING.test(line))) continue;
    const option = OPTION.exec(line)![1]!;
    // Given already (as `--x v` or `--x=v`): the value is what it refuses, which the line says.
    if (args.some((a) => a === option || a.startsWith(`${option}=`))) return '';
    return `; it stopped saying it needs an option (${JSON.stringify(shorten(line, SHOWN))}): give it on the command line after the program ` +
      `(--server "… ${option} …"), as the program's usage or README says`;
  }
  return '';
}
