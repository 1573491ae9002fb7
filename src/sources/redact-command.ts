/**
 * Redacting a server command line for messages: a stdio server is often given its credentials on
 * the command line (`postgres-mcp postgresql://user:pw@db/app`, `--api-key=sk_…`), and those
 * lines end up in CI logs. What looks like a secret is shown as `***`; the command still runs
 * with what was typed.
 *
 * @module
 */

/** A name part that says "secret" (whole parts only: `--keyboard` is no key). */
const SECRET_WORD = '(?:api[-_]?key|key|token|secret|passw(?:or)?d|pwd|auth|authorization|credentials?|bearer|private[-_]?key)';
/** `Bearer <token>` / `Basic <credentials>` anywhere (an Authorization header passed as an argument). */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)([A-Za-z0-9._~+/=-]{8,})/g;
/** `scheme://user:password@` (the password goes). */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]*):([^\s@'"/]+)@/gi;
/** `--api-key=VALUE`, `--token VALUE`, `-password VALUE` (not a following flag). */
const SECRET_FLAG = new RegExp(`(--?(?:[A-Za-z0-9]+[-_.])*${SECRET_WORD}(?:[-_.][A-Za-z0-9]+)*)(=|\\s+)(?!-)("[^"]*"|'[^']*'|[^\\s'"]+)`, 'gi');
/** `API_KEY=VALUE` (an environment assignment in the line). */
const SECRET_ASSIGNMENT = new RegExp(`(^|[\\s'"])((?:[A-Za-z0-9]+_)*${SECRET_WORD}(?:_[A-Za-z0-9]+)*)=("[^"]*"|'[^']*'|[^\\s'"]+)`, 'gi');
/** `?api_key=VALUE&…` in a URL. */
const SECRET_QUERY = new RegExp(`([?&](?:[A-Za-z0-9]+[-_.])*(?:${SECRET_WORD}|sig|signature)(?:[-_.][A-Za-z0-9]+)*)=([^&\\s'"]+)`, 'gi');

/**
 * A command line with what looks like a secret replaced by `***`: URL passwords, the values of
 * flags and assignments named like a key, token, secret, password or credential, such URL query
 * parameters, and the credentials after `Bearer` / `Basic`.
 *
 * @param line The command line as given.
 * @returns The line for messages.
 * @example redactCommandLine('mcp-postgres postgresql://app:hunter2@db/app --api-key=sk_1') // 'mcp-postgres postgresql://app:***@db/app --api-key=***'
 */
export function redactCommandLine(line: string): string {
  return line
    .replace(AUTH_SCHEME, '$1$2***')
    .replace(URL_PASSWORD, '$1:***@')
    .replace(SECRET_QUERY, '$1=***')
    .replace(SECRET_FLAG, '$1$2***')
    .replace(SECRET_ASSIGNMENT, '$1$2=***');
}
