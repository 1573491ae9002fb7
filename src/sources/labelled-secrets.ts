/**
 * Values a server's output labels as secrets: `Auth token: 3f9a…`, `password=hunter22`,
 * `"api_key": "…"`, `Authorization: token …`. A server that prints its own credential (a token it
 * made at start, a key it read) puts it in what mcpfusion quotes when the server fails, and that
 * quote ends up in CI logs; mcpfusion hides there only the secrets it was given and those of a
 * known shape (`credential-shapes.ts`), so a value is also hidden where a label says what it is.
 *
 * Each form is a row with a stable id. The label is kept (the message still says what was there)
 * and only its value becomes {@link LABELLED_PLACEHOLDER}. A label stands alone (`max_tokens=5`,
 * `token limit exceeded`, `password is required`, `missing API key` name no value) and is followed
 * by `:` or `=`; a variable's name (`GITHUB_TOKEN`) is a label and stays, its value goes. The value
 * is shown when it is a placeholder (`${env:X}`, `$TOKEN`, `<token>`, `***`), a status word
 * (`token: invalid`, `GITHUB_TOKEN: not set`), a short number (`token=5`), or a lowercase word
 * that more prose follows (`API_KEY: environment variable is required`).
 *
 * @module
 */

/** The mark a hidden labelled value becomes (the one every message uses for a hidden value). */
export const LABELLED_PLACEHOLDER = '***';

/** One labelled form: a stable id, what it is, and its pattern (global; groups: before, value). */
export interface LabelledSecret {
  id: string;
  title: string;
  pattern: RegExp;
}

/**
 * A label that says the value after it is a secret, as a word or the last part of a name
 * (`GITHUB_TOKEN`, `db.password`, `X-Api-Key`); words of a label may be joined by a space, `_`,
 * `-` or nothing (`auth token`, `api_key`, `apikey`). `authorization` has its own row.
 */
const LABEL = '(?:(?:auth|access|refresh|session|id|bot|api)[ _-]?token|token|api[ _-]?key|apikey|(?:client[ _-]?)?secret|secret[ _-]?(?:access[ _-]?)?key|access[ _-]?key(?:[ _-]?id)?|passw(?:or)?d|pwd|bearer|private[ _-]?key)';
/** A whole label: no letter or digit before it; name parts before it joined by `_`, `-` or `.` (no space). */
const LABEL_WORD = `(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.-])*${LABEL}(?![A-Za-z0-9])`;

/**
 * The labelled forms, listed once, tried in this order (a value one row hid is `***`, which the
 * next rows show as it is).
 */
export const LABELLED_SECRETS: readonly LabelledSecret[] = [
  {
    id: 'labelled.json-string',
    title: 'A JSON (or quoted) member whose key is named like a secret: "api_key": "value", \'token\': \'value\', also with its quotes escaped (\\"token\\": \\"value\\")',
    // A quote may be escaped (`{\"token\": \"…\"}`: a message quotes a JSON line with JSON.stringify).
    pattern: new RegExp(`((\\\\?["'])(?:${LABEL_WORD}|(?:proxy-)?authorization)\\2\\s*:\\s*(\\\\?["']))((?:(?!\\3)(?:\\\\\\\\\\\\.|\\\\.|.))*)(?=\\3)`, 'gi'),
  },
  {
    id: 'labelled.authorization-header',
    title: 'An Authorization header written out: Authorization: <scheme> value (Bearer, Basic, token, Bot …), the scheme kept',
    pattern: /((?<![A-Za-z0-9])(?:proxy-)?authorization\s*[:=]\s*(?:(?:bearer|basic|token|digest|bot|apikey|key)\s+)?)(<[^<>]*>|[^\s'",;]+)/gi,
  },
  {
    id: 'labelled.key-value',
    title: 'A value after a label named like a secret and ":" or "=": Auth token: value, password=value, GITHUB_TOKEN=value, api key: value',
    pattern: new RegExp(`(${LABEL_WORD}\\s*[:=]\\s*)("[^"]*"|'[^']*'|<[^<>]*>|[^\\s'",;)\\]}…]+)`, 'gi'),
  },
];

/** A placeholder, not a value: `${env:X}`, `$TOKEN`, `%TOKEN%`, `<token>`, `{token}`, `***`, `[REDACTED]`, `…`. */
const PLACEHOLDER = /^(?:\$\{[^}]*\}|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|<[^>]*>|\{\{?[^}]*\}?\}|\*+|\[[A-Za-z_ -]*\]|…|\.\.\.|x+|X+)$/;
/** Words that say a value's state, not the value (`token: invalid`, `API_KEY: not set`). */
const STATUS_WORD = /^(?:none|null|nil|undefined|empty|missing|required|invalid|expired|revoked|unset|set|not|no|yes|true|false|ok|found|provided|present|absent|given|configured|unknown|redacted|hidden|masked|n\/a|is|was|are|must|should|the|a|an)[.,;:!?]*$/i;

/**
 * A word that starts prose, not a value: lowercase (`environment`), capitalized (`Personal`) or an
 * acronym of 2 to 5 capitals (`API`, `URL`, `PAT`). A help line that describes a variable reads
 * `PULSEMCP_ADMIN_API_KEY: API key for PulseMCP admin API authentication` (pulsemcp-cms-admin-mcp-server
 * 0.10.6, servers24) or `GITHUB_TOKEN: Personal access token …`: hiding its first word printed
 * `*** key for PulseMCP admin …`, as if the server had shown a key. Letters in mixed case
 * (`aBcDeFgH`) or with digits stay a value.
 */
const PROSE_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]{2,5})$/;

/**
 * Whether a labelled value is to be shown: empty, a placeholder, a status word, a number of 1 to
 * 5 digits, or a word of prose ({@link PROSE_WORD}) that more prose follows.
 */
function shownValue(value: string, rest: string, label: string): boolean {
  // The scheme of an Authorization header's value is no part of the secret (`Bearer ${env:X}`).
  const bare = value.replace(/^(["'])(.*)\1$/s, '$2').replace(/^(?:bearer|basic|token|bot)\s+(?=\S)/i, '');
  if (bare.trim() === '' || PLACEHOLDER.test(bare) || STATUS_WORD.test(bare) || /^\d{1,5}$/.test(bare)) return true;
  if (!/^\s+[A-Za-z]/.test(rest)) return false;
  // A capitalized word or an acronym is prose only after a help line's variable name and `:` (review25:
  // `password: Swordfish was rejected`, `PASSWORD=Correct horse battery staple` and `api_key: ABCDE fghij` were shown).
  return /^[a-z]+$/.test(bare) || PROSE_WORD.test(bare) && HELP_LABEL.test(label);
}

/** A help line's label: a variable's name in capitals and `:` (`PULSEMCP_ADMIN_API_KEY: `, `GITHUB_TOKEN: `). */
const HELP_LABEL = /(?:^|[^\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s*:\s*$/;

/**
 * A text with the value of every labelled secret ({@link LABELLED_SECRETS}) replaced by
 * {@link LABELLED_PLACEHOLDER}, the label kept; quotes around a value are kept.
 *
 * @param text Any text a server wrote (a line of its stderr or stdout, a message quoting it).
 * @returns The text for messages.
 * @example redactLabelledSecrets('Auth token: 3f9a8b7c6d5e') // 'Auth token: ***'
 * @example redactLabelledSecrets('token limit exceeded') // 'token limit exceeded'
 */
export function redactLabelledSecrets(text: string): string {
  let out = text;
  for (const row of LABELLED_SECRETS) {
    out = out.replace(row.pattern, (...m: unknown[]) => {
      const whole = m[0] as string;
      const before = m[1] as string;
      const value = (row.id === 'labelled.json-string' ? m[4] : m[2]) as string;
      const at = m.find((x, i) => i > 0 && typeof x === 'number') as number;
      if (shownValue(value, out.slice(at + whole.length), before)) return whole;
      const quote = /^(["']).*\1$/s.exec(value)?.[1];
      return `${before}${quote === undefined ? LABELLED_PLACEHOLDER : `${quote}${LABELLED_PLACEHOLDER}${quote}`}`;
    });
  }
  return out;
}

/**
 * Whether a text holds a labelled secret (what {@link redactLabelledSecrets} would hide).
 *
 * @param text Any text.
 * @returns Whether a value would be hidden.
 * @example hasLabelledSecret('password=hunter22') // true
 */
export function hasLabelledSecret(text: string): boolean {
  return redactLabelledSecrets(text) !== text;
}
