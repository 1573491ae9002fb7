/**
 * The name a web address gives its site: the label a domain is registered under (`github` for `api.github.com`, `bbc`
 * for `www.bbc.co.uk`), and whether a text or a tool names that site as the service it is for. The surface rules use
 * it to tell a tool's request to its own service from data sent to somebody else's host (surface29).
 *
 * @module
 */

/** A second-level label under a two-letter country code that is no one's name (`co.uk`, `com.au`, `ne.jp`). */
const COUNTRY_SECOND_LEVEL = /^(?:co|com|net|org|gov|ac|edu|or|ne|go|gob|nic|mil)$/;

/**
 * The label a host is registered under, lower case: the one before its public suffix, read as the last label, or the
 * last two under a country code when the second is a generic one (`co.uk`). An IP address or a one-label host is its
 * own label.
 *
 * @param host A host name (`api.github.com`), without scheme, port or path.
 * @returns The registered label (`github`), or the host in lower case when it has no dot.
 * @example siteLabel('api.github.com') // 'github'
 */
export function siteLabel(host: string): string {
  const labels = host.toLowerCase().replace(/\.+$/, '').split('.');
  if (labels.length < 2) return labels[0] ?? '';
  const last = labels[labels.length - 1]!;
  const second = labels[labels.length - 2]!;
  if (labels.length >= 3 && last.length === 2 && COUNTRY_SECOND_LEVEL.test(second)) return labels[labels.length - 3]!;
  return second;
}

/**
 * The host of the first web address at the start of `text` (`https://api.github.com/search?q=…` gives `api.github.com`),
 * or undefined when `text` opens with none.
 *
 * @param text A text that starts with `http://` or `https://`.
 * @returns The host, or undefined.
 * @example hostOf('https://api.github.com/search/code?q={query}') // 'api.github.com'
 */
export function hostOf(text: string): string | undefined {
  return /^https?:\/\/(?:[^\s/?#@]*@)?([^\s/?#:)"'<>]+)/i.exec(text)?.[1];
}

/**
 * The endings a service's site adds to the name its users call it by (`npm` at `npmjs.com`, `node` at
 * `nodejs.org`); any other ending makes another name, one anybody may register: `web` names no `webly.io`, `bing` no `bingo.com`, `github`
 * no `githubx.io` (review25: with any two letters allowed, such a host passed as the named service's own).
 */
const SITE_SUFFIXES: readonly string[] = ['js'];

/**
 * Whether one of `words` names the site a label stands for: the label itself (`github` for `github`), or the label
 * with an ending sites add to a service's name ({@link SITE_SUFFIXES}: `npm` for `npmjs`). Words of fewer
 * than three letters name no site.
 *
 * @param label A registered label (see {@link siteLabel}).
 * @param words Words of a text or a name, any case.
 * @returns Whether a word names the site.
 * @example namesSite('npmjs', ['Look', 'up', 'npm']) // true
 */
export function namesSite(label: string, words: Iterable<string>): boolean {
  const site = label.replace(/-/g, '');
  if (site.length < 3) return false;
  for (const word of words) {
    const w = word.toLowerCase();
    if (w.length < 3 || !site.startsWith(w)) continue;
    if (site.length === w.length || SITE_SUFFIXES.includes(site.slice(w.length))) return true;
  }
  return false;
}
