/**
 * What a failure says of a server that stopped at start-up on an error saying its environment
 * variables are not set without naming one. @xeroapi/xero-mcp-server 0.0.17 throws `Environment
 * Variables not set - please check your .env file` (servers23): the failure quoted it and its
 * stack, and the user had to find the names in its README or code. The code that threw names
 * them: `process.env.XERO_CLIENT_ID`, `XERO_CLIENT_SECRET`, `XERO_CLIENT_BEARER_TOKEN`, a few
 * lines above the throw. The hint lists the variables that file reads which were not given.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { shorten } from '../format/shorten.ts';
import { readFileHead } from '../io/file-head.ts';
import { environmentReads } from './environment-reads.ts';

/** How much of the line the hint quotes. */
const SHOWN = 200;
/** How many names the hint lists before it counts the rest. */
const NAMES_SHOWN = 8;
/** At most this much of the file that threw is read. */
const MAX_FILE_BYTES = 1024 * 1024;

/** A line about environment variables or a `.env` file. */
const ABOUT_ENV = /\benv(?:ironment)?[ _-]?var(?:iable)?s?\b|(?:^|[\s'"`(])\.env\b/i;
/** Words saying they are not there. */
const NOT_SET = /\b(?:not (?:set|defined|provided|found|configured|given)|missing|required|unset|undefined|must (?:be )?(?:set|provided?))\b/i;
/** An environment variable's name: upper case with an underscore. */
const VARIABLE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;
/** A JavaScript file and line in a stack or an error's header: `file:///srv/x.js:11` or `/srv/x.js:11:5`. */
const SITE = /(?:file:\/\/)?(\/[^\s:()'"]+\.[cm]?js):\d+/;
/** Variables no server needs to be given: the system's, Node's, npm's, logging and colour switches. */
export const GENERIC = /^(?:NODE_\w+|NPM_\w+|npm_\w+|HOME|PATH|PWD|USER|SHELL|TERM|TMPDIR|LANG|LC_\w+|TZ|CI|DEBUG|LOG_LEVEL|LOGLEVEL|VERBOSE|NO_COLOR|FORCE_COLOR|HTTPS?_PROXY|NO_PROXY|XDG_\w+|PORT|HOST)$/;

/**
 * The last stderr line saying environment variables are missing without naming one, and the first
 * JavaScript file the lines name from it on (where it was thrown), or undefined.
 *
 * @param lines The server's stderr lines kept.
 * @returns The line, trimmed, and the file when one is named.
 * @example unnamedSettingsLine(['Error: Environment Variables not set - please check your .env file', '    at file:///srv/x.js:11:11'])?.file // '/srv/x.js'
 */
export function unnamedSettingsLine(lines: readonly string[]): { line: string; file?: string } | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!ABOUT_ENV.test(line) || !NOT_SET.test(line) || VARIABLE.test(line)) continue;
    // Node prints the throw site above the error (`file:///…/x.js:11`) and the stack below it.
    for (const near of [...lines.slice(Math.max(0, i - 4), i).reverse(), ...lines.slice(i + 1, i + 6)]) {
      const site = SITE.exec(near);
      if (site === null) continue;
      let file: string | undefined = site[1]!;
      if (near.includes('file://')) {
        try {
          file = fileURLToPath(`file://${site[1]!}`);
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          file = undefined;
        }
      }
      if (file !== undefined) return { line, file };
    }
    return { line };
  }
  return undefined;
}

/**
 * The hint for a server that stopped on an error saying environment variables are missing and
 * naming none: the variables the file that threw reads, not given to the server; '' when the
 * error names one, no file is named, or the file reads none that were not given.
 *
 * @param lines The server's stderr lines kept.
 * @param isSet Whether a variable is set for the server.
 * @returns The hint, starting with "; ", or ''.
 * @example unnamedSettingsHint(['Error: Environment Variables not set', '    at file:///srv/x.js:11:11'], () => false) // '; its error names no variable …'
 */
export function unnamedSettingsHint(lines: readonly string[], isSet: (name: string) => boolean): string {
  const seen = unnamedSettingsLine(lines);
  if (seen?.file === undefined) return '';
  const text = readFileHead(seen.file, MAX_FILE_BYTES);
  if (text === undefined) return '';
  const names = [...new Set(environmentReads(text).map((r) => r.name))].filter((n) => !GENERIC.test(n) && !isSet(n));
  if (names.length === 0) return '';
  const listed = names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more` : names.join(', ');
  return `; its error names no variable (${JSON.stringify(shorten(seen.line, SHOWN))}), and the file it stopped in (${JSON.stringify(seen.file)}) reads ` +
    `${names.length === 1 ? 'this one, which was not given to it' : 'these, which were not given to it'}: ${listed}. ` +
    'Its README says which it needs (some are alternatives); give each with --server-env NAME=value';
}
