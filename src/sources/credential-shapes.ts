/**
 * Credentials recognized by their shape, whatever they are called: the token formats of
 * well-known services (a fixed prefix and a run of random characters) and PEM private keys. A
 * stdio server's stderr tail hides them wherever they stand, and a value of the server's
 * environment that holds one is a secret whatever the variable is named (`STRIPE=sk_live_…`).
 *
 * Each shape is a row with a stable id. A row's pattern matches one token, never more than a
 * line: a known prefix at the start of a word, then the characters that service uses, with a
 * minimum length (and, for the short `sk-` prefix, a mix of upper case, lower case and digits) so
 * that prose naming the prefix, paths, UUIDs, hex digests and short base64 stay as they are.
 *
 * @module
 */

/** One credential shape: a stable id, what it is, and the pattern of one such token (global). */
export interface CredentialShape {
  id: string;
  title: string;
  pattern: RegExp;
}

/** Not a token character (for the end of a token whose alphabet has `-`). */
const END = '(?![A-Za-z0-9_-])';
/** One marker line of a PEM private key (`-----BEGIN RSA PRIVATE KEY-----`, `… PGP PRIVATE KEY BLOCK-----`). */
const PEM_MARKER = (edge: 'BEGIN' | 'END'): string => `-----${edge} (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`;
const PEM_BEGIN = new RegExp(PEM_MARKER('BEGIN'));
const PEM_END = new RegExp(PEM_MARKER('END'));

/**
 * The credential shapes, listed once. Order matters where one prefix starts another: the
 * Anthropic row comes before the OpenAI one (both start `sk-`).
 */
export const CREDENTIAL_SHAPES: readonly CredentialShape[] = [
  { id: 'credential.private-key-pem', title: 'The body of a PEM private key (between -----BEGIN … PRIVATE KEY----- and its END line); across lines in the tail, on one line when its newlines are escaped', pattern: new RegExp(`(?<=${PEM_MARKER('BEGIN')}).+?(?=${PEM_MARKER('END')}|$)`, 'g') },
  { id: 'credential.github-token', title: 'A GitHub token: ghp_ (personal), gho_ (OAuth), ghu_, ghs_ (app), ghr_ (refresh) and 36 or more letters and digits', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g },
  { id: 'credential.github-fine-grained-pat', title: 'A GitHub fine-grained personal access token: github_pat_ and 70 or more letters, digits and underscores', pattern: /\bgithub_pat_[A-Za-z0-9_]{70,}\b/g },
  { id: 'credential.slack-token', title: 'A Slack token: xoxa-, xoxb-, xoxp-, xoxr- or xoxs- and 10 or more letters, digits and dashes', pattern: new RegExp(`\\bxox[abprs]-[A-Za-z0-9-]{10,}${END}`, 'g') },
  { id: 'credential.aws-access-key-id', title: 'An AWS access key id: AKIA (long-term) or ASIA (temporary) and 16 upper-case letters and digits', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { id: 'credential.stripe-live-key', title: 'A Stripe live secret or restricted key: sk_live_ or rk_live_ and 16 or more letters and digits', pattern: /\b[rs]k_live_[A-Za-z0-9]{16,}\b/g },
  { id: 'credential.anthropic-api-key', title: 'An Anthropic API key: sk-ant- and 32 or more letters, digits, dashes and underscores', pattern: new RegExp(`\\bsk-ant-[A-Za-z0-9_-]{32,}${END}`, 'g') },
  { id: 'credential.openai-api-key', title: 'An OpenAI API key: sk- (also sk-proj-, sk-svcacct-, sk-admin-) and 32 or more letters, digits, dashes and underscores, with upper case, lower case and a digit among them', pattern: new RegExp(`\\bsk-(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{32,}${END}`, 'g') },
  { id: 'credential.google-api-key', title: 'A Google API key: AIza and 35 letters, digits, dashes and underscores', pattern: new RegExp(`\\bAIza[A-Za-z0-9_-]{35}${END}`, 'g') },
  { id: 'credential.jwt', title: 'A JSON Web Token: three base64url parts joined by dots, the first two starting eyJ (a JSON object)', pattern: new RegExp(`\\beyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]*${END}`, 'g') },
  { id: 'credential.npm-token', title: 'An npm access token: npm_ and 36 letters and digits', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: 'credential.gitlab-pat', title: 'A GitLab personal access token: glpat- and 20 or more letters, digits, dashes and underscores', pattern: new RegExp(`\\bglpat-[A-Za-z0-9_-]{20,}${END}`, 'g') },
];

/**
 * A line with every credential of a known shape replaced by `***` (of a PEM private key written
 * on one line, the part after its BEGIN marker up to its END marker or the end of the line).
 *
 * @param line One line of text.
 * @returns The line for messages.
 * @example redactCredentials('auth failed for glpat-A1b2C3d4E5f6G7h8I9j0') // 'auth failed for ***'
 */
export function redactCredentials(line: string): string {
  let out = line;
  for (const shape of CREDENTIAL_SHAPES) out = out.replace(shape.pattern, '***');
  return out;
}

/**
 * The credentials of a known shape in a text (an environment value): every token a row matches,
 * and the lines of a PEM private key's body when the text holds the key over several lines (a
 * stderr line shows one of them at a time).
 *
 * @param text Any text.
 * @returns The credentials found, in order, each once.
 * @example credentialsIn('token ghp_A1b2C3d4E5f6A1b2C3d4E5f6A1b2C3d4E5f6') // ['ghp_A1b2C3d4E5f6A1b2C3d4E5f6A1b2C3d4E5f6']
 */
export function credentialsIn(text: string): string[] {
  const found = new Set<string>();
  for (const shape of CREDENTIAL_SHAPES) for (const m of text.matchAll(shape.pattern)) found.add(m[0]);
  if (text.includes('\n') && PEM_BEGIN.test(text)) {
    const lines = text.split(/\r?\n/);
    const shown = redactPrivateKeyBlocks(lines);
    lines.forEach((l, i) => { if (shown[i] === '***' && l.trim() !== '') found.add(l.trim()); });
  }
  return [...found];
}

/**
 * Lines with the body of every PEM private key written over several of them replaced by `***`,
 * the BEGIN and END lines kept (they say what was hidden). Lines before an END marker that has
 * no BEGIN before it are inside a key whose start was cut off (a tail), and so are the lines
 * after a BEGIN marker without its END. A public key or a certificate is left as it is.
 *
 * @param lines Consecutive lines.
 * @returns The lines for messages, as many as given.
 * @example redactPrivateKeyBlocks(['-----BEGIN PRIVATE KEY-----', 'MIIEvQIBADANBg', '-----END PRIVATE KEY-----'])[1] // '***'
 */
export function redactPrivateKeyBlocks(lines: readonly string[]): string[] {
  const firstBegin = lines.findIndex((l) => PEM_BEGIN.test(l));
  const firstEnd = lines.findIndex((l) => PEM_END.test(l));
  let inside = firstEnd >= 0 && (firstBegin < 0 || firstEnd < firstBegin);
  return lines.map((line) => {
    if (inside) {
      const end = PEM_END.exec(line);
      if (end === null) return '***';
      inside = false;
      return `${end.index > 0 ? '***' : ''}${line.slice(end.index)}`;
    }
    const begin = PEM_BEGIN.exec(line);
    if (begin !== null && !PEM_END.test(line.slice(begin.index))) {
      inside = true;
      const after = begin.index + begin[0].length;
      return after < line.length ? `${line.slice(0, after)}***` : line;
    }
    return line;
  });
}
