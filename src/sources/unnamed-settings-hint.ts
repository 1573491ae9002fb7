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
import { environmentBindings, environmentReads } from './environment-reads.ts';

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

/** Node's error for a property read of undefined (v16+ and the older wording). */
const OF_UNDEFINED = /^TypeError: Cannot read propert(?:ies of undefined|y '[^']*' of undefined)\b/;

/**
 * The hint for a server that stopped on a property of undefined, on a line that uses a name its
 * file sets from an environment variable that was not given: @zeddotdev/postgres-context-server
 * 0.1.7 sets `databaseUrl` from `DATABASE_URL` and checks it with `typeof databaseUrl == null`,
 * which is never true, so without the variable it stops on `databaseUrl.trim()` with `TypeError:
 * Cannot read properties of undefined (reading 'trim')` and names no variable (servers26).
 *
 * @param lines The server's stderr lines (Node prints the file and line, the source line, then the error).
 * @param isSet Whether a variable was given to the server.
 * @returns The hint, starting with "; ", or ''.
 * @example undefinedSettingHint(['file:///srv/x.mjs:32', 'if (url.trim()) {', '', "TypeError: Cannot read properties of undefined (reading 'trim')"], () => false) // '; … --server-env DATABASE_URL=…' when x.mjs sets url from DATABASE_URL
 */
export function undefinedSettingHint(lines: readonly string[], isSet: (name: string) => boolean): string {
  const at = lines.findIndex((l) => OF_UNDEFINED.test(l.trim()));
  if (at < 0) return '';
  // Node's header: `file:///…/x.mjs:32`, then the source line, a caret line and a blank line.
  const header = lines.slice(Math.max(0, at - 6), at).findIndex((l) => /^(?:file:\/\/)?\/\S+\.[cm]?js:\d+$/.test(l.trim()));
  if (header < 0) return '';
  const start = Math.max(0, at - 6) + header;
  const site = SITE.exec(lines[start]!.trim());
  const source = lines[start + 1]?.trim() ?? '';
  if (site === null || source === '') return '';
  let file: string;
  try {
    file = lines[start]!.includes('file://') ? fileURLToPath(`file://${site[1]!}`) : site[1]!;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return '';
  }
  const text = readFileHead(file, MAX_FILE_BYTES);
  if (text === undefined) return '';
  const bound = environmentBindings(text);
  const used = [...new Set(source.match(/[A-Za-z_$][\w$]*/g) ?? [])].filter((n) => bound.has(n));
  const unset = used.filter((n) => !GENERIC.test(bound.get(n)!) && !isSet(bound.get(n)!));
  if (unset.length === 0) return '';
  const names = unset.map((n) => `${n} (${bound.get(n)!})`).join(', ');
  const flags = [...new Set(unset.map((n) => `--server-env ${bound.get(n)!}=…`))].join(' ');
  return `; it stopped on a property of undefined (${JSON.stringify(shorten(lines[at]!.trim(), SHOWN))}) on a line of ${JSON.stringify(file)} ` +
    `that uses ${names}, which that file sets from ${unset.length === 1 ? 'an environment variable' : 'environment variables'} not given to it: ` +
    `give ${unset.length === 1 ? 'it' : 'them'} with ${flags}`;
}
