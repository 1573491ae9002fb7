/**
 * What a failure says of a server that stops saying an option is missing which its command line
 * does give, in the other of its two forms. @trueclicks/google-ads-mcp-js 0.3.7 reads its token with
 * `process.argv.find((arg) => arg.startsWith('--token='))`: started with `--token abc` it prints
 * `❌ Error: Missing --token argument.` and exits 1 (servers25), and the failure quoted that line
 * under a command line that plainly has `--token`. A hand-written parser reads one form only:
 * `--name=value` as one word, or `--name value` as two (`argv.indexOf('--name') + 1`). The hint names
 * the form the command line used and offers the other.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

/** How much of the line the hint quotes. */
const SHOWN = 200;

/** Words saying something is not there or must be given. */
const MISSING = /\b(?:missing|required|not (?:set|given|provided|specified|found|supplied|passed)|no\b.{0,30}\b(?:provided|given|specified)|must (?:be )?(?:given|provided|specified|set|passed)|please (?:provide|specify|pass|set|give))\b/i;

/** An option given as one word with its value: `--token=abc`. */
const JOINED = /^(--[A-Za-z][\w-]*)=/;
/** An option's name as one word: `--token`. */
const NAME = /^--[A-Za-z][\w-]*$/;

/** How the command line gave an option the server says is missing. */
export interface OptionForm {
  /** The option, with its dashes (`--token`). */
  option: string;
  /** `separate`: `--token value` (two words); `joined`: `--token=value` (one word). */
  given: 'separate' | 'joined';
  /** The server's line that says it is missing, trimmed. */
  line: string;
}

/** The options the arguments give with a value, and how. */
function givenOptions(args: readonly string[]): Map<string, OptionForm['given']> {
  const given = new Map<string, OptionForm['given']>();
  for (const [i, arg] of args.entries()) {
    const joined = JOINED.exec(arg);
    if (joined !== null) given.set(joined[1]!, 'joined');
    else if (NAME.test(arg) && i + 1 < args.length && !args[i + 1]!.startsWith('-')) given.set(arg, 'separate');
  }
  return given;
}

/** A pattern finding the option as a word of its own in a line (not `--token-file`, not `--token=`). */
function mentions(option: string): RegExp {
  return new RegExp(`(?<![\\w-])${option.replace(/[-]/g, '\\-')}(?![\\w=-])`);
}

/**
 * The last line of the server's output that says an option is missing which the arguments give
 * with a value, or undefined.
 *
 * @param lines The server's output lines (stderr, and text it wrote to stdout), redacted.
 * @param args The arguments it was started with, after the program.
 * @returns The option, how it was given, and the line.
 * @example optionFormMismatch(['Error: Missing --token argument.'], ['--token', 'abc'])?.given // 'separate'
 */
export function optionFormMismatch(lines: readonly string[], args: readonly string[]): OptionForm | undefined {
  const given = givenOptions(args);
  if (given.size === 0) return undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line.length > 1000 || !MISSING.test(line)) continue;
    for (const [option, form] of given) {
      if (mentions(option).test(line)) return { option, given: form, line };
    }
  }
  return undefined;
}

/**
 * The hint for a server that stopped saying an option is missing which its command line gives,
 * or '' when none.
 *
 * @param lines The server's output lines (stderr, and text it wrote to stdout), redacted.
 * @param args The arguments it was started with, after the program.
 * @returns The hint, starting with "; ", or ''.
 * @example optionFormHint(['Error: Missing --token argument.'], ['--token', 'abc']) // '; it says --token is missing ("Error: Missing --token argument."), though the command line gives it as two words (--token …): …'
 */
export function optionFormHint(lines: readonly string[], args: readonly string[]): string {
  const seen = optionFormMismatch(lines, args);
  if (seen === undefined) return '';
  const { option } = seen;
  const [was, other] = seen.given === 'separate'
    ? [`as two words (${option} …)`, `the one-word form: write ${option}=… in --server`]
    : [`as one word (${option}=…)`, `the two-word form: write ${option} … in --server`];
  // No `--token=value` spelled out: a message's redaction reads it as a secret given on the command line.
  return `; it says ${option} is missing (${JSON.stringify(shorten(seen.line, SHOWN))}), though the command line gives it ${was}: ` +
    `its own parser likely reads only ${other}`;
}
