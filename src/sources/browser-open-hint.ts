/**
 * What a failure says of a server that stopped because it tried to open a page in a web browser
 * where no browser opener is installed. edgeone-pages-mcp-fullstack 0.0.40 with no stored login
 * runs `xdg-open https://edgeone.cloud.tencent.com/makers/cli-login?…` as it starts; on a machine
 * without `xdg-open` (a server, a container, CI) Node throws `Error: spawn xdg-open ENOENT` with the
 * URL under `spawnargs`, and the server exits 1 (servers25). The stack was quoted, and nothing said
 * that the server wanted a step in a browser, most likely a sign-in.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

/** How much of the error line and of the URL the hint quotes. */
const SHOWN = 160;

/** Node's error for a browser opener it could not start (`open`, `xdg-open`, `wslview` …, as the `open` package and others call them). */
const OPENER_MISSING = /\bspawn (xdg-open|open|sensible-browser|x-www-browser|www-browser|gnome-open|kde-open\d*|gio|wslview|cmd(?:\.exe)?|start) (ENOENT|EACCES)\b/;
/** A URL in a line. */
const URL_IN_LINE = /https?:\/\/[^\s"'<>\]]+/i;

/** A browser opener the server could not start, and the page it was to open when its output names one. */
export interface BrowserOpen {
  /** The opener (`xdg-open`). */
  opener: string;
  /** Node's line, trimmed. */
  line: string;
  /** The page, from `spawnargs` or a line near the error. */
  url?: string;
}

/**
 * The browser opener a server's output says could not be started, or undefined.
 *
 * @param lines The server's stderr lines kept, redacted.
 * @returns The opener, Node's line and the page's URL when named.
 * @example browserOpen(['Error: spawn xdg-open ENOENT', "  spawnargs: [ 'https://example.com/login' ]"])?.url // 'https://example.com/login'
 */
export function browserOpen(lines: readonly string[]): BrowserOpen | undefined {
  const i = lines.findIndex((l) => OPENER_MISSING.test(l.slice(0, 500)));
  if (i < 0) return undefined;
  const line = lines[i]!.trim();
  const opener = OPENER_MISSING.exec(line)![1]!;
  // Node prints the URL in the error's `spawnargs`, a few lines below; a server may print it above.
  const near = [...lines.slice(i + 1, i + 25), ...lines.slice(Math.max(0, i - 5), i).reverse()];
  const url = near.map((l) => URL_IN_LINE.exec(l.slice(0, 2000))?.[0]).find((u) => u !== undefined);
  return { opener, line, ...(url !== undefined ? { url } : {}) };
}

/**
 * The hint for a server that stopped on a browser opener it could not start, or '' when none.
 *
 * @param lines The server's stderr lines kept, redacted.
 * @returns The hint, starting with "; ", or ''.
 * @example browserOpenHint(['Error: spawn xdg-open ENOENT']) // '; it stopped because it tried to open a page in a web browser with xdg-open, which could not be started here …'
 */
export function browserOpenHint(lines: readonly string[]): string {
  const seen = browserOpen(lines);
  if (seen === undefined) return '';
  const page = seen.url === undefined ? '' : `; the page: ${JSON.stringify(shorten(seen.url, SHOWN))}`;
  return `; it stopped because it tried to open a page in a web browser with ${seen.opener}, which could not be started here (${JSON.stringify(shorten(seen.line, SHOWN))}${page}): ` +
    'it wants a step in a browser before it serves, most likely a sign-in. Do that step once by running it yourself where a browser opens, ' +
    'so that it keeps what it needs for later runs, or give it credentials that need no browser (a token or key with --server-env, as its README names)';
}
