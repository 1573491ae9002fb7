/**
 * Redacting a server command line for messages: a stdio server is often given its credentials on
 * the command line (`postgres-mcp postgresql://user:pw@db/app`, `--api-key=sk_…`), and those
 * lines end up in CI logs. What looks like a secret is shown as `***`; the command still runs
 * with what was typed.
 *
 * @module
 */
import { credentialsIn, redactCredentials, redactPrivateKeyBlocks } from './credential-shapes.ts';
import { redactLabelledSecrets } from './labelled-secrets.ts';

/** A name part that says "secret" (whole parts only: `--keyboard` is no key). */
const SECRET_WORD = '(?:api[-_]?key|key|token|secret|passw(?:or)?d|pwd|auth|authorization|credentials?|bearer|private[-_]?key)';
/** `Bearer <token>` / `Basic <credentials>` anywhere (an Authorization header passed as an argument). */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)([A-Za-z0-9._~+/=-]{8,})/g;
/**
 * `scheme://user:password@` (the password goes). A scheme is tried only from the start of a run of
 * scheme characters (digits, `+`, `.`, `-` before its first letter are kept in `$1`): tried from
 * every letter, a long argument of letters and digits with no `://` took quadratic time (16 KB:
 * 1.2 s; review14). Any later start in a run reaches the same `:` at the run's end, so the matches are the same.
 */
const URL_PASSWORD = /(?<![a-z0-9+.-])([0-9+.-]*[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]*):([^\s@'"/]+)@/gi;
/**
 * `--api-key=VALUE`, `--token VALUE`, `-password VALUE` (not a following flag). The flag is not
 * inside a word or path (no letter, digit, `_`, `.`, `/`, `\` or `-` before it): the `-key` of
 * `./answers-missing-key.mjs` is no flag, so the argument after that file is shown.
 */
const SECRET_FLAG = new RegExp(`(?<![\\w./\\\\-])(--?(?:[A-Za-z0-9]+[-_.])*${SECRET_WORD}(?:[-_.][A-Za-z0-9]+)*)(=|\\s+)(?!-)("[^"]*"|'[^']*'|[^\\s'"]+)`, 'gi');
/** `API_KEY=VALUE` (an environment assignment in the line). */
const SECRET_ASSIGNMENT = new RegExp(`(^|[\\s'"])((?:[A-Za-z0-9]+_)*${SECRET_WORD}(?:_[A-Za-z0-9]+)*)=("[^"]*"|'[^']*'|[^\\s'"]+)`, 'gi');
/** `?api_key=VALUE&…` in a URL. */
const SECRET_QUERY = new RegExp(`([?&](?:[A-Za-z0-9]+[-_.])*(?:${SECRET_WORD}|sig|signature)(?:[-_.][A-Za-z0-9]+)*)=([^&\\s'"]+)`, 'gi');
/**
 * {@link SECRET_QUERY} in a message: the value ends before a bracket, `#` or a cut's `…` (a
 * message puts a URL in parentheses, or cuts it short), and one already hidden stays as it is.
 */
const QUOTED_SECRET_QUERY = new RegExp(`([?&](?:[A-Za-z0-9]+[-_.])*(?:${SECRET_WORD}|sig|signature)(?:[-_.][A-Za-z0-9]+)*)=(?!\\*\\*\\*)([^&\\s'"()<>\\[\\]{}#…]+)`, 'gi');

/**
 * A command line with what looks like a secret replaced by `***`: URL passwords, the values of
 * flags and assignments named like a key, token, secret, password or credential, such URL query
 * parameters, the credentials after `Bearer` / `Basic`, and credentials of a known shape
 * wherever they stand (`CREDENTIAL_SHAPES`: `ghp_…`, `sk_live_…` …).
 *
 * @param line The command line as given.
 * @returns The line for messages.
 * @example redactCommandLine('mcp-postgres postgresql://app:hunter2@db/app --api-key=sk_1') // 'mcp-postgres postgresql://app:***@db/app --api-key=***'
 */
export function redactCommandLine(line: string): string {
  const shown = redactCredentials(line)
    .replace(AUTH_SCHEME, '$1$2***')
    .replace(URL_PASSWORD, '$1:***@')
    .replace(SECRET_QUERY, '$1=***')
    .replace(SECRET_FLAG, '$1$2***')
    .replace(SECRET_ASSIGNMENT, '$1$2=***');
  return shown.replace(ARGUMENT_WORD, (word: string) => {
    const hidden = secretLookingParts(word);
    return hidden.length === 0 ? word : hideValues(word, hidden);
  });
}

/**
 * Prefixes of well-known services' tokens (OpenAI and Stripe `sk-` / `sk_`, Stripe `rk_`, GitHub,
 * GitLab, Slack, npm, Hugging Face, AWS key ids, Google, Groq, Replicate, Perplexity, Tavily,
 * Shopify, DigitalOcean, Linear, SendGrid, Square, a JWT's `eyJ`): an argument that starts with one
 * and goes on with a token's look is a secret, even when too short for its full shape in
 * `CREDENTIAL_SHAPES` (`sk-live-abc123`).
 */
const TOKEN_PREFIX = /^(?:sk[-_]|rk_|gh[pousr]_|github_pat_|glpat-|xox[abeprs]-|xapp-|npm_|hf_|AKIA|ASIA|AIza|ya29\.|gsk_|r8_|pplx-|tvly-|shp(?:at|ss|ca|pa)_|dop_v1_|lin_api_|SG\.|sq0(?:atp|csp)-|eyJ)/;

/** A letter run as a word: one capital and lower case letters, or capitals alone. */
const LETTER_RUN = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;

/**
 * Whether a run of letters and digits (no `-` or `_`) looks random: 16 characters or more, letters
 * and digits or both cases, and either less than 60% of its letters in words (3 letters or more,
 * a quarter of them vowels, no 5 consonants in a row: `projectsFolderV2Backup2023` is words,
 * `q8Zk3LmP0wR7tYv2Xn5B` is not) or digits in 3 places or more among letters (`k3j9x0q2…`).
 */
function randomRun(run: string): boolean {
  if (run.length < 16 || !/[A-Za-z]/.test(run)) return false;
  if (!/\d/.test(run) && !(/[a-z]/.test(run) && /[A-Z]/.test(run))) return false;
  if ((run.match(/\d+/g)?.length ?? 0) >= 3) return true;
  let letters = 0;
  let inWords = 0;
  for (const [w] of run.matchAll(LETTER_RUN)) {
    letters += w.length;
    const vowels = w.match(/[aeiouy]/gi)?.length ?? 0;
    if (w.length >= 3 && vowels / w.length >= 0.25 && !/[^aeiouy]{5}/i.test(w)) inWords += w.length;
  }
  return inWords < 0.6 * letters;
}

/**
 * Whether a command-line argument (or the value of `--flag=` or `NAME=`) looks like a secret
 * whatever flag stands before it: a credential of a known shape, a known token prefix followed by
 * 6 or more token characters with a digit or both cases among them ({@link TOKEN_PREFIX}), or a
 * random-looking run of 16 characters or more ({@link randomRun}) in a word of letters, digits,
 * `-`, `_` and base64's `+` `/` `=`. A path, a package name, a version, a port, a URL, a date, a
 * UUID, an identifier made of words (`MyProjectName2024Final`) is shown: `.`, `:`, `@` or a path's
 * `/` mark structure, not a token.
 *
 * @param arg The argument, unquoted.
 * @returns Whether to hide it.
 * @example secretLookingArgument('sk-live-abc123def456') // true
 * @example secretLookingArgument('@modelcontextprotocol/server-filesystem') // false
 */
export function secretLookingArgument(arg: string): boolean {
  if (credentialsIn(arg).length > 0) return true;
  const prefix = TOKEN_PREFIX.exec(arg);
  if (prefix !== null) {
    const body = arg.slice(prefix[0].length);
    if (/^[A-Za-z0-9._+/=-]{6,}$/.test(body) && (/\d/.test(body) || (/[a-z]/.test(body) && /[A-Z]/.test(body)))) return true;
  }
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(arg) || arg.startsWith('-')) return false;
  // A `/` without base64's `+` or `=` is a path's (`node_modules/x`).
  if (arg.includes('/') && !/[+=]/.test(arg)) return false;
  return arg.split(/[-_+/=]+/).some(randomRun);
}

/** One word of a command line: quoted parts and unquoted runs, up to white space. */
const ARGUMENT_WORD = /(?:"[^"]*"|'[^']*'|[^\s'"])+/g;

/**
 * The secret-looking values in one word of a command line ({@link secretLookingArgument}): the
 * word unquoted, or the value of `--flag=value` / `NAME=value`; a URL's user name alone when it
 * is not plain (`https://<token>@github.com/…`; `postgres://app@db` is shown); and the value of a
 * URL's query parameter that looks like a secret.
 */
function secretLookingParts(word: string): string[] {
  const bare = word.replace(/"([^"]*)"|'([^']*)'/g, (_m: string, a?: string, b?: string) => a ?? b ?? '');
  const assignment = /^(?:--?[A-Za-z0-9][\w.-]*|[A-Za-z_]\w*)=(?!=)(.+)$/.exec(bare);
  const value = assignment?.[1] ?? bare;
  const found: string[] = [];
  if (value !== '***' && secretLookingArgument(value)) found.push(value);
  for (const m of value.matchAll(URL_USER)) if (secretLookingArgument(m[1]!) || !plainValue(m[1]!)) found.push(m[1]!);
  for (const m of value.matchAll(QUERY_VALUE)) if (secretLookingArgument(m[1]!)) found.push(m[1]!);
  return found;
}

/** `scheme://user@` with no password (a token given as the user name). */
const URL_USER = /(?<![a-z0-9+.-])[0-9+.-]*[a-z][a-z0-9+.-]*:\/\/([^\s:/@'"*]+)@/gi;
/** A URL query parameter's value. */
const QUERY_VALUE = /[?&][^=&\s'"#]+=([^&\s'"#]+)/g;

/**
 * A lowercase word, perhaps ending a clause: in a log line after `--token ` or `Bearer `, prose
 * ("the --token flag", "(see the --auth option)"), not a value.
 */
const PROSE_WORD = /^[a-z]+[).,;:!?]*$/;

/**
 * The values {@link redactCommandLine} hides in a command line, unquoted: a log line that repeats
 * one is redacted by {@link redactLogLine} (by the rule of {@link MIN_HIDDEN_VALUE}, else after a
 * secret-named flag).
 *
 * @param line The command line as given.
 * @returns The secret values, longest first.
 * @example commandLineSecrets('node s.js --token swordfish') // ['swordfish']
 */
export function commandLineSecrets(line: string): string[] {
  const found = new Set<string>();
  const keep = (value: string): void => {
    const bare = /^(["'])[^]*\1$/.test(value) ? value.slice(1, -1) : value;
    if (bare !== '') found.add(bare);
  };
  for (const m of line.matchAll(AUTH_SCHEME)) keep(m[3]!);
  for (const m of line.matchAll(URL_PASSWORD)) keep(m[2]!);
  for (const m of line.matchAll(SECRET_QUERY)) keep(m[2]!);
  for (const m of line.matchAll(SECRET_FLAG)) keep(m[3]!);
  for (const m of line.matchAll(SECRET_ASSIGNMENT)) keep(m[3]!);
  for (const c of credentialsIn(line)) keep(c);
  for (const [word] of line.matchAll(ARGUMENT_WORD)) for (const v of secretLookingParts(word)) keep(v);
  return longestFirst(found);
}

/** Secret values longest first (a longer one that holds a shorter one is hidden whole), ties in code-unit order. */
export function longestFirst(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The values to hide in a stdio server's stderr tail and in the messages that quote what it said:
 * the secrets of its command line ({@link commandLineSecrets}), of its environment
 * ({@link environmentSecrets}) and the values given to it on purpose ({@link givenValueSecrets}).
 *
 * @param commandLine The server's command line.
 * @param env The environment it runs with.
 * @param given The variables given to it on purpose (`--server-env`, `source.env`), also in `env`.
 * @returns The secret values, longest first.
 * @example serverSecrets('node s.js --token swordfish', {}) // ['swordfish']
 */
export function serverSecrets(commandLine: string, env: Readonly<Record<string, string | undefined>>, given: Readonly<Record<string, string>> = {}): string[] {
  return longestFirst([...commandLineSecrets(commandLine), ...environmentSecrets(env), ...Object.values(given).flatMap(givenValueSecrets)]);
}

/**
 * The value of a variable given to a server on purpose (`--server-env`, `source.env`) as a secret
 * whatever its name (`MY_SERVICE_CRED=pg-given-5555`), when it looks like a token: 8 characters or
 * more, no white space, letters and digits both, and not a path or a URL without user info or
 * query (`BASE_URL=https://api.example.com/v1` names where the server goes, which an error about
 * it should show; a URL's password and secret query values are hidden by
 * {@link environmentSecrets}). A sentence, a word or a number given (a banner, a mode, a port, a
 * date) is what a server's messages name, and is shown.
 *
 * @param value The value given.
 * @returns It, as the one secret, or none.
 * @example givenValueSecrets('hunter2-long') // ['hunter2-long']
 */
export function givenValueSecrets(value: string): string[] {
  if (value.length < 8 || /\s/.test(value) || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return [];
  if (/^(?:[/~.]|[A-Za-z]:[\\/])/.test(value) || /^[a-z][a-z0-9+.-]*:\/\/[^\s@?#]+$/i.test(value)) return [];
  return [value];
}

/**
 * A part of a query parameter's name that says its value is a secret (`api_key`, `access_token`,
 * `X-Amz-Signature`, `sessionId`, `code` of an OAuth redirect); a part that ends in one counts too
 * (`apikey`, `accesstoken`, `oauth`, `xsig`).
 */
const SECRET_NAME_PART = /^(?:auth\w*|\w*(?:token|key|secret|passw(?:or)?d|passphrase|pwd|sig|signature|credentials?|creds?|session|sessid|cookie|code|auth|jwt|bearer|otp|hmac)|pass|pin|sid|ticket|private)$/;

/**
 * Whether a query parameter is named like a secret: a part of its name, split at `-`, `_`, `.`
 * and lower-to-upper case changes, is one of {@link SECRET_NAME_PART}.
 *
 * @param name The parameter's name, decoded.
 * @returns True for `api_key`, `X-Amz-Credential`, `sessionId`, `sig`; false for `format`, `version`, `keyboard`.
 * @example secretParameterName('access_token') // true
 */
export function secretParameterName(name: string): boolean {
  return name.split(/[-_.\s]+|(?<=[a-z0-9])(?=[A-Z])/).some((part) => SECRET_NAME_PART.test(part.toLowerCase()));
}

/** A word as prose writes it: lower case, capitalized or upper case letters. */
const PLAIN_WORD = /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]+)$/;

/**
 * Whether a value is plain, no secret by its look: a number of up to 10 digits (a page, a year, a
 * port), a version or date (`v2`, `1.2.3`, `2024-06-18`), or up to 3 words of letters (`json`,
 * `en-US`, `created_at`, `hello world`, `/docs/readme`) of 24 characters or fewer in all, each
 * word of 8 letters or more with the vowels of a word (a run of random letters has few) and none
 * longer than 16. Anything else (letters and digits mixed, a UUID, base64, a URL, a long or
 * random-looking run of letters, a credential of a known shape) may be a token.
 *
 * @param value The value, decoded.
 * @returns Whether it may be shown.
 * @example plainValue('json') // true
 * @example plainValue('x7Gk29LmQp') // false
 */
export function plainValue(value: string): boolean {
  if (value === '') return true;
  if (credentialsIn(value).length > 0) return false;
  if (/^\d{1,10}$/.test(value) || /^v?\d{1,4}(?:[.-]\d{1,4}){0,3}$/.test(value)) return true;
  if (value.length > 24 || !/^[A-Za-z _.,/-]+$/.test(value)) return false;
  const words = value.split(/[ _.,/-]+/).filter((w) => w !== '');
  if (words.length === 0 || words.length > 3) return false;
  return words.every((w) => PLAIN_WORD.test(w) && w.length <= 16 && (w.length < 8 || (w.match(/[aeiouy]/gi)?.length ?? 0) / w.length >= 0.25));
}

/**
 * The values an HTTP source was given that may be secrets, as a server may repeat them ("invalid
 * token <value>" in a 401's body or challenge, a JSON-RPC error, a reason phrase) and fetch quotes
 * a URL with a password: each header's value (every header given with `--header` or
 * `source.headers`, and the credentials after a scheme such as `Bearer`), the URL's user name and
 * password, the value of each query parameter named like a secret ({@link secretParameterName})
 * or that is not plain ({@link plainValue}: a token's look, high entropy, a known shape), and a
 * query part without `=` that is not plain, as written and decoded, and the user name and
 * password of the proxy the request goes through. A plain value of a parameter named like none
 * (`?format=json`, `?version=2024`, `?lang=en-US`) is shown: it says what was asked for.
 *
 * @param url The endpoint.
 * @param headers The headers sent with every request.
 * @param proxy The proxy fetch sends the request through, if any.
 * @returns The values, longest first (hidden by {@link hideValues}).
 * @example requestSecrets(new URL('http://h/mcp?key=abcd&format=json'), { Authorization: 'Bearer tok-123' }) // ['Bearer tok-123', 'tok-123', 'abcd']
 */
export function requestSecrets(url: URL, headers: Readonly<Record<string, string>>, proxy?: URL): string[] {
  const secrets = new Set<string>();
  for (const value of Object.values(headers)) {
    secrets.add(value.trim());
    const credentials = /^\S+\s+(\S+)$/.exec(value.trim())?.[1];
    if (credentials !== undefined) secrets.add(credentials);
  }
  const decoded = (part: string): string | undefined => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return undefined; // not percent-encoded text: the part as written is hidden
    }
  };
  const parts = [url.username, url.password, ...(proxy !== undefined ? [proxy.username, proxy.password] : [])];
  for (const pair of url.search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    // A part without `=` is a value alone (`?<token>`): judged by its look.
    const [name, value] = eq < 0 ? ['', pair] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const plain = decoded(value);
    if (plain !== undefined && plainValue(plain) && !secretParameterName(decoded(name) ?? name)) continue;
    // A value as written (`q%20secret`) and decoded.
    parts.push(value, plain ?? value);
  }
  for (const part of parts) {
    secrets.add(part);
    const d = decoded(part);
    if (d !== undefined) secrets.add(d);
  }
  secrets.delete('');
  return longestFirst(secrets);
}

/** An environment variable named like a secret (`GITHUB_TOKEN`, `SERVICE_API_KEY`, `DB_PASSWORD`, `PGPASSWORD`). */
const SECRET_NAME = new RegExp(`^(?:[A-Za-z0-9]+_)*(?:${SECRET_WORD}|[A-Za-z0-9]+(?:passw(?:or)?d|token|secret|api[-_]?key))(?:_[A-Za-z0-9]+)*$`, 'i');
/** Names of that shape that hold no secret (the working directory). */
const NOT_SECRET_NAMES = new Set(['PWD', 'OLDPWD']);

/**
 * The values of a server's environment that look like secrets, for {@link redactLogLine}: those of
 * variables named like a key, token, secret, password or credential, with 8 characters or more
 * (`DEBUG_TOKEN=on` is a switch), and not a path (`SSH_AUTH_SOCK=/tmp/ssh-…/agent.1`); and, in
 * the value of any variable, the credentials of a known shape (`credentialsIn`: `STRIPE=sk_live_…`,
 * `GH=ghp_…`, the body lines of a PEM private key), a URL's password and secret query values and
 * the credentials after `Bearer` or `Basic` (`DATABASE_URL=postgresql://app:***@db/app`).
 *
 * @param env The environment the server runs with (inherited and given).
 * @returns The secret values, longest first.
 * @example environmentSecrets({ GITHUB_TOKEN: 'ghp_0123456789', PWD: '/src' }) // ['ghp_0123456789']
 */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    for (const c of credentialsIn(value)) found.add(c);
    // Whatever the variable is called, a URL's password and secret query values and the
    // credentials after Bearer or Basic (`DATABASE_URL=postgresql://app:pw@db/app`).
    for (const m of value.matchAll(URL_PASSWORD)) found.add(m[2]!);
    for (const m of value.matchAll(SECRET_QUERY)) found.add(m[2]!);
    for (const m of value.matchAll(AUTH_SCHEME)) found.add(m[3]!);
    if (value.length < 8 || NOT_SECRET_NAMES.has(name.toUpperCase()) || !SECRET_NAME.test(name)) continue;
    if (/^(?:[/~]|[A-Za-z]:[\\/])/.test(value)) continue;
    found.add(value);
  }
  return longestFirst(found);
}

/**
 * The shortest secret value hidden wherever it appears, in every message (the stderr tails, the
 * messages quoting a live server, heal's and guard's notes, a probe's baselines) and in what a
 * command prints of a live listing: 4 characters. A value of 3 to 7 characters is hidden only
 * where it stands as a word of its own ({@link MIN_HIDDEN_INSIDE_WORD}); a value of 1 or 2
 * characters is never hidden by its value (it would blank every `1` of "exit code 1"), only where
 * the shape of the text says it is a secret (after `--token`, `Bearer`, `password=`, in a URL's
 * user info: see {@link redactLogLine}). A secret that short gives no protection worth breaking
 * the message for.
 */
export const MIN_HIDDEN_VALUE = 4;

/**
 * The shortest value hidden also inside a longer word: 8 characters. A shorter one is hidden only
 * where no letter or digit touches it (`--token abc1` repeated as `bad token abc1`, `key=abc1,`,
 * `"abc1"`; an escape a message writes before it, `\n`, `\u0009` or `%20`, counts as a
 * separator), since inside words it would blank `abc` in `abcdef`, `dev` in `/dev/null` and four
 * hex digits of every digest, fingerprint or commit id that happens to hold them (`--token=beef`:
 * a 4-digit hex value is in about one sha256 digest in a thousand), corrupting output that tools
 * parse. A value that short inside a longer run of letters and digits gives no more than a
 * guess of where it is; from 8 characters a chance match is negligible (one digest in about 70
 * million for 8 hex digits), so such a value is hidden wherever it appears.
 */
export const MIN_HIDDEN_INSIDE_WORD = 8;

/** A letter or digit (a short value next to one is inside a word, and shown). */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** An escape a message writes right before a position: `\n`, `\t`, `\u0009`, `%20` (the letter or digit it ends with is no part of a word). */
const ESCAPE_BEFORE = /(?:\\[bfnrtv0]|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}|%[0-9A-Fa-f]{2})$/;

/**
 * Whether the run `[start, end)` of `text` stands as a word of its own: no letter or digit right
 * before it (but for the last one of an escape) or right after it.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  if (end < text.length && WORD_CHAR.test(text[end]!)) return false;
  if (start === 0 || !WORD_CHAR.test(text[start - 1]!)) return true;
  return ESCAPE_BEFORE.test(text.slice(Math.max(0, start - 6), start));
}

/**
 * The values to hide as one automaton (Aho-Corasick over UTF-16 code units): the text is read
 * once, and at each position the longest value ending there is known, whatever the number of
 * values and whatever starts they share (`tok-…`, `sk-live-…`).
 */
interface ValueMatcher {
  /** The transitions, keyed `node * 65536 + code unit` (one map: no object per node). */
  next: Map<number, number>;
  /** Each node's failure link. */
  fail: Int32Array;
  /** The length of the longest value that ends at each node (a suffix of its path), or 0. */
  out: Int32Array;
}

/** Matchers built for a list of values, kept while the list is (a stderr tail redacts line by line). */
const MATCHERS = new WeakMap<readonly string[], ValueMatcher | null>();

/**
 * The matcher of the values long enough to hide ({@link MIN_HIDDEN_VALUE}, and 3-character ones
 * as words), or null when there are none.
 */
function valueMatcher(values: readonly string[]): ValueMatcher | null {
  const cached = MATCHERS.get(values);
  if (cached !== undefined) return cached;
  const next = new Map<number, number>();
  // Per node: the value ending there, its first child and next sibling (for the breadth-first walk).
  const own: number[] = [0];
  const firstChild: number[] = [-1];
  const sibling: number[] = [-1];
  const unit: number[] = [0];
  for (const value of values) {
    if (value.length < MIN_HIDDEN_VALUE - 1) continue;
    let node = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      let to = next.get(node * 65536 + c);
      if (to === undefined) {
        to = own.length;
        own.push(0);
        unit.push(c);
        sibling.push(firstChild[node]!);
        firstChild[node] = to;
        firstChild.push(-1);
        next.set(node * 65536 + c, to);
      }
      node = to;
    }
    own[node] = value.length;
  }
  let matcher: ValueMatcher | null = null;
  if (own.length > 1) {
    const fail = new Int32Array(own.length);
    const out = Int32Array.from(own);
    const queue = new Int32Array(own.length);
    let tail = 0;
    for (let k = firstChild[0]!; k !== -1; k = sibling[k]!) queue[tail++] = k;
    for (let head = 0; head < tail; head++) {
      const node = queue[head]!;
      // A value that is a suffix of this node's path ends here too: the longest one counts.
      if (out[node] === 0) out[node] = out[fail[node]!]!;
      for (let child = firstChild[node]!; child !== -1; child = sibling[child]!) {
        const c = unit[child]!;
        let f = fail[node]!;
        let to = next.get(f * 65536 + c);
        while (to === undefined && f !== 0) {
          f = fail[f]!;
          to = next.get(f * 65536 + c);
        }
        fail[child] = to ?? 0;
        queue[tail++] = child;
      }
    }
    matcher = { next, fail, out };
  }
  MATCHERS.set(values, matcher);
  return matcher;
}

/**
 * A text with every one of `values` replaced by `***` wherever it appears, by the rule of
 * {@link MIN_HIDDEN_VALUE}: every character that an occurrence of a value covers is hidden, and
 * occurrences that overlap or touch become one `***` (a shorter value that overlaps the start of a
 * longer one does not leave the longer one's rest shown). The text is read once (see
 * {@link ValueMatcher}): the time grows with the text's length, not with the number of values
 * times the length; the matcher is built once per list of values.
 *
 * @param text Any text.
 * @param values The values to hide (any order).
 * @param placeholder What a hidden run becomes (`***` in messages).
 * @returns The text with those values hidden.
 * @example hideValues('token swordfish refused', ['swordfish']) // 'token *** refused'
 */
export function hideValues(text: string, values: readonly string[], placeholder = '***'): string {
  const matcher = valueMatcher(values);
  if (matcher === null) return text;
  const { next, fail, out } = matcher;
  /** Hidden runs, disjoint and in order: [start, end) pairs. */
  const runs: number[] = [];
  /**
   * Occurrences of a short value inside a word ([start, end) pairs, in order of their ends): shown,
   * unless they overlap or touch a hidden run (`zzab` of `zzabcXYZ1234` when `abcXYZ1234` is a
   * value: the word is then the secret's, and its rest is hidden with it).
   */
  const inside: number[] = [];
  let node = 0;
  for (let j = 0; j < text.length; j++) {
    const c = text.charCodeAt(j);
    let to = next.get(node * 65536 + c);
    while (to === undefined && node !== 0) {
      node = fail[node]!;
      to = next.get(node * 65536 + c);
    }
    node = to ?? 0;
    const length = out[node]!;
    if (length === 0) continue;
    let start = j - length + 1;
    let end = j + 1;
    if (length < MIN_HIDDEN_INSIDE_WORD && !standsAlone(text, start, end)) {
      inside.push(start, end);
      continue;
    }
    // A run this one overlaps or touches is merged into it (a value may start before runs that
    // shorter values made).
    while (runs.length > 0 && start <= runs[runs.length - 1]!) {
      end = Math.max(end, runs.pop()!);
      start = Math.min(start, runs.pop()!);
    }
    runs.push(start, end);
  }
  if (inside.length > 0) joinTouching(text, runs, inside);
  if (runs.length === 0) return text;
  let shown = '';
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    shown += `${text.slice(from, runs[r])}${placeholder}`;
    from = runs[r + 1]!;
  }
  return shown + text.slice(from);
}

/**
 * Grows the hidden `runs` by the `inside` occurrences that overlap or touch them, also through a
 * chain of such occurrences: every group of occurrences that overlap or touch one another is
 * hidden whole when one of its members is a hidden run or when the group stands as a word of its
 * own (`tok-1tok-1`: a word made of secrets only), and shown otherwise.
 *
 * @param text The text.
 * @param runs Hidden runs, disjoint and in order ([start, end) pairs); replaced in place.
 * @param inside Occurrences shown unless they join a hidden run ([start, end) pairs).
 */
function joinTouching(text: string, runs: number[], inside: readonly number[]): void {
  const all: [number, number, boolean][] = [];
  for (let r = 0; r < runs.length; r += 2) all.push([runs[r]!, runs[r + 1]!, true]);
  for (let r = 0; r < inside.length; r += 2) all.push([inside[r]!, inside[r + 1]!, false]);
  all.sort((a, b) => a[0] - b[0]);
  runs.length = 0;
  let group: [number, number, boolean] | undefined;
  for (const [start, end, hidden] of all) {
    if (group !== undefined && start <= group[1]) {
      group[1] = Math.max(group[1], end);
      group[2] ||= hidden;
      continue;
    }
    if (group !== undefined && (group[2] || standsAlone(text, group[0], group[1]))) runs.push(group[0], group[1]);
    group = [start, end, hidden];
  }
  if (group !== undefined && (group[2] || standsAlone(text, group[0], group[1]))) runs.push(group[0], group[1]);
}

/** The mark a message puts where it cut a text short (`shorten`, `boundLine`, a diff's quoted value). */
const CUT_MARK = '…';

/**
 * {@link hideValues}, and also the part of a value that a cut left next to its mark: a message
 * that quotes a server's text shortened ("data: \"… env-token…\"") or a diff's reason that
 * quotes a description from a little before its change ("…n-abcdef12 (given") shows only part of
 * a value, which the whole value no longer matches. Right before each `…`, the longest run of the
 * text that is part of one of the values (a prefix, or an inner part when the text also starts
 * inside it) is hidden, and right after each `…` the longest run that is part of one; a run
 * shorter than {@link MIN_HIDDEN_VALUE} is shown (a run that short gives nothing away worth the
 * word it would blank).
 *
 * @param text Any text, perhaps cut short.
 * @param values The values to hide (any order).
 * @param placeholder What a hidden run becomes.
 * @returns The text with those values, whole or cut, hidden.
 * @example hideCutValues('refused (data: "xx env-token…")', ['env-token-abcdef12']) // 'refused (data: "xx ***…")'
 */
export function hideCutValues(text: string, values: readonly string[], placeholder = '***'): string {
  const out = hideValues(text, values, placeholder);
  if (!out.includes(CUT_MARK)) return out;
  const long = values.filter((v) => v.length > MIN_HIDDEN_VALUE);
  if (long.length === 0) return out;
  /** The length of the longest run of `side` (read from its end toward `from`) that is part of a value. */
  const partOfValue = (at: number, step: 1 | -1): number => {
    const run = (k: number): string => (step === -1 ? out.slice(at - k, at) : out.slice(at, at + k));
    let k = MIN_HIDDEN_VALUE;
    if (step === -1 ? at - k < 0 : at + k > out.length) return 0;
    let holding = long.filter((v) => v.includes(run(k)));
    if (holding.length === 0) return 0;
    while (step === -1 ? at - k - 1 >= 0 : at + k + 1 <= out.length) {
      const next = run(k + 1);
      const still = holding.filter((v) => v.includes(next));
      if (still.length === 0) break;
      holding = still;
      k++;
    }
    return k;
  };
  /** Hidden runs: [start, end) pairs, in order. */
  const runs: [number, number][] = [];
  for (let i = out.indexOf(CUT_MARK); i >= 0; i = out.indexOf(CUT_MARK, i + 1)) {
    // A run shorter than MIN_HIDDEN_INSIDE_WORD is hidden only where its outer side touches no
    // letter or digit (`5aa70f5c…` of a cut digest is no part of a secret `5aa7…`).
    const before = partOfValue(i, -1);
    if (before > 0 && (before >= MIN_HIDDEN_INSIDE_WORD || standsAlone(out, i - before, i))) runs.push([i - before, i]);
    const after = partOfValue(i + 1, 1);
    if (after > 0 && (after >= MIN_HIDDEN_INSIDE_WORD || standsAlone(out, i + 1, i + 1 + after))) runs.push([i + 1, i + 1 + after]);
  }
  if (runs.length === 0) return out;
  let shown = '';
  let from = -1;
  for (const [start, end] of runs.sort((a, b) => a[0] - b[0])) {
    // A run that overlaps or touches the one before (both ends of a text between two marks) joins it.
    if (start <= from) {
      from = Math.max(from, end);
      continue;
    }
    shown += `${out.slice(Math.max(from, 0), start)}${placeholder}`;
    from = end;
  }
  return shown + out.slice(from);
}

/**
 * A value as a message may quote it: as it is and inside a JSON string (`JSON.stringify`, which
 * a message uses to quote a server's text: `"` and `\` escaped, control characters as `\n`,
 * `\u0001`), when that differs.
 */
function quotedForms(value: string): string[] {
  const inJson = JSON.stringify(value).slice(1, -1);
  return inJson === value ? [value] : [value, inJson];
}

/**
 * How a live source hides in its messages the secrets it was given ({@link serverSecrets},
 * {@link requestSecrets}), wherever a message quotes what the server said: its failures, its
 * warnings, a probe's failed call; by the rule of {@link MIN_HIDDEN_VALUE}, as it is and as a
 * JSON string holds it, and the part of one that a message cut short shows ({@link hideCutValues}).
 *
 * @param secrets The values.
 * @returns `text => text with those values as ***`.
 * @example messageRedactor(['swordfish'])('refused swordfish') // 'refused ***'
 */
export function messageRedactor(secrets: readonly string[]): (text: string) => string {
  const values = longestFirst(secrets.flatMap(quotedForms));
  return (text) => hideCutValues(text, values);
}

/**
 * A line a server wrote to its stderr, redacted for a message: every secret of its command line
 * and environment ({@link serverSecrets}) wherever it appears, then every credential of a known
 * shape (`redactCredentials`), then what {@link redactCommandLine} hides, except that a lowercase word after a secret-named flag or `Bearer` is prose and stays
 * ("set it with the --access-token flag", "Bearer authentication"): a server that cannot start
 * often names there the flag or variable that fixes it.
 *
 * @param line One line of the server's stderr.
 * @param secrets Values to hide wherever they appear (from {@link commandLineSecrets}).
 * @returns The line for messages.
 * @example redactLogLine('use the --token flag', []) // 'use the --token flag'
 */
export function redactLogLine(line: string, secrets: readonly string[]): string {
  // A value too short to hide wherever it appears (MIN_HIDDEN_VALUE) is hidden after a flag only (below).
  let out = hideValues(line, secrets);
  out = redactCredentials(out);
  const prose = (value: string): boolean => PROSE_WORD.test(value) && !secrets.includes(value.replace(/[).,;:!?]+$/, ''));
  return out
    .replace(AUTH_SCHEME, (m: string, scheme: string, gap: string, value: string) => (prose(value) ? m : `${scheme}${gap}***`))
    .replace(URL_PASSWORD, '$1:***@')
    .replace(SECRET_QUERY, '$1=***')
    .replace(SECRET_FLAG, (m: string, flag: string, gap: string, value: string) => (gap !== '=' && prose(value) ? m : `${flag}${gap}***`))
    .replace(SECRET_ASSIGNMENT, '$1$2=***')
    .replace(/.+/g, redactLabelledSecrets);
}

/**
 * A message that quotes what a server said (a failure with its hints and stderr tail, a warning,
 * a note), as output shows it: the values a label names as secrets (`Auth token: …`,
 * `"api_key": "…"`, `LABELLED_SECRETS`), credentials of a known shape (`CREDENTIAL_SHAPES`), a
 * URL's password and its query values named like secrets. What the server was given is hidden
 * by the source's own redactor first (`messageRedactor`); this hides what it made or read itself.
 * mcpfusion's own wording (a placeholder such as `Bearer ${env:MCP_TOKEN}`, a variable's name) is
 * kept.
 *
 * @param text A message.
 * @returns The message for output.
 * @example redactQuotedText('server exited; it wrote "Auth token: 3f9a8b7c6d5e"') // 'server exited; it wrote "Auth token: ***"'
 */
export function redactQuotedText(text: string): string {
  return redactCredentials(text)
    .replace(URL_PASSWORD, '$1:***@')
    .replace(QUOTED_SECRET_QUERY, '$1=***')
    .replace(/.+/g, redactLabelledSecrets);
}

/**
 * A redactor for the stderr of a command mcpfusion ran (an attestation's sign or verify command):
 * each line as {@link redactLogLine} shows a server's, with the secrets of that command line and
 * of the environment it ran with, and a PEM private key's body hidden across lines.
 *
 * @param env The environment the commands run with.
 * @returns `(stderr, command) => redacted stderr`.
 * @example redactCommandStderr({ KMS_KEY: 'kms-held-key-0123' })('denied: kms-held-key-0123', 'kms-sign') // 'denied: ***'
 */
export function redactCommandStderr(env: Readonly<Record<string, string | undefined>>): (stderr: string, command: string) => string {
  return (stderr, command) => {
    const secrets = serverSecrets(command, env);
    return redactLogLines(stderr.split(/\r?\n/), secrets).join('\n');
  };
}

/**
 * Consecutive lines of a process's stderr, redacted for a message: a PEM private key's body
 * hidden across lines, then each line as {@link redactLogLine} shows it.
 *
 * @param lines Consecutive lines.
 * @param secrets Values to hide wherever they appear.
 * @returns The lines for messages, as many as given.
 * @example redactLogLines(['token swordfish'], ['swordfish']) // ['token ***']
 */
export function redactLogLines(lines: readonly string[], secrets: readonly string[]): string[] {
  return redactPrivateKeyBlocks(lines).map((l) => redactLogLine(l, secrets));
}
