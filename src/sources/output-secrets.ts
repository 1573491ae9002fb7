/**
 * What a recorded tool output gives away: a baseline is the tool's answer stored verbatim in the
 * probe file (it must be, to compare later answers with it), and that file is usually committed.
 * A tool that returns a credential (a kubeconfig viewer, an environment dump, a login helper)
 * would put it into the repository. This finds, in an output, credentials of a known shape and
 * the values of the secrets the source was given, so `probe record` can say so. Pure: the caller
 * passes the secrets it knows.
 *
 * @module
 */
import { CREDENTIAL_SHAPES } from './credential-shapes.ts';
import { hideValues } from './redact-command.ts';

/** A secret value the source was given, with the words that name it in a message (`the value of GITHUB_TOKEN`). */
export interface KnownSecret {
  /** How a message names it, never the value. */
  label: string;
  /** The value. */
  value: string;
}

/** Values shorter than this are not looked for: they would match inside ordinary text. */
const MIN_SECRET_LENGTH = 8;

/**
 * What of a tool output looks like a secret: the id of each credential shape found in it and
 * the label of each known secret whose value it holds, each once, in the order of the rows and
 * of `known`.
 *
 * @param output The recorded output (any JSON value: its text is searched as JSON, so a PEM key
 *   in a string shows with its newlines escaped, which the PEM row reads too).
 * @param known Secret values the source was given (its environment, headers, command line).
 * @returns Descriptions for a message, e.g. `a credential of a known shape (credential.jwt)`.
 * @example outputSecrets({ content: [{ type: 'text', text: 'token ghp_A1b2C3d4E5f6A1b2C3d4E5f6A1b2C3d4E5f6' }] }, []) // ['a credential of a known shape (credential.github-token)']
 */
export function outputSecrets(output: unknown, known: readonly KnownSecret[]): string[] {
  const text = JSON.stringify(output) ?? '';
  const found: string[] = [];
  // The JSON text holds no raw newline, so each shape's one-line pattern is all there is to test
  // (a PEM key's escaped newlines are read by its row).
  for (const shape of CREDENTIAL_SHAPES) {
    shape.pattern.lastIndex = 0;
    if (shape.pattern.test(text)) found.push(`a credential of a known shape (${shape.id})`);
    shape.pattern.lastIndex = 0;
  }
  const labels = new Set<string>();
  for (const { label, value } of known) {
    if (value.length < MIN_SECRET_LENGTH || labels.has(label)) continue;
    // The value as it stands in the JSON text (quotes, backslashes and control characters escaped).
    const inJson = JSON.stringify(value).slice(1, -1);
    if (text.includes(inJson)) {
      labels.add(label);
      found.push(label);
    }
  }
  return found;
}

/**
 * What a secret the source was given becomes in a probe's baseline and in what a judge gets: one
 * fixed text, whatever the secret and however it was given, so a baseline recorded with one token
 * compares equal to today's answer under a rotated one.
 */
export const SECRET_PLACEHOLDER = '<redacted-secret>';

/**
 * A JSON value with every secret the source was given replaced by {@link SECRET_PLACEHOLDER} in
 * every string (object keys too), by the rule of `MIN_HIDDEN_VALUE` (`hideValues`): a tool that
 * answers with the token it was called with stores no token in the committed probe file.
 * Numbers, booleans and the structure are kept.
 *
 * @param value Any JSON value (a tool's output, a contract).
 * @param secrets The values to replace.
 * @returns The value, a new one where anything was replaced.
 * @example redactJson({ text: 'token tok-0123456' }, ['tok-0123456']) // { text: 'token <redacted-secret>' }
 */
export function redactJson<T>(value: T, secrets: readonly string[]): T {
  return secrets.length === 0 ? value : redactShown(value, (text) => hideValues(text, secrets, SECRET_PLACEHOLDER));
}

/**
 * A JSON value as output shows it: every string (object keys too) through `redact`, numbers,
 * booleans and the structure kept. A command that prints what a live source listed (a check's or
 * diff's deltas, inspect, scan's surface findings) passes it the source's redactor, so a secret
 * the server echoed into a description is hidden wherever it is printed, also where a reason
 * quotes it cut short.
 *
 * @param value Any JSON value (a diff result, a contract set, findings).
 * @param redact How a text is shown; none: the value as it is.
 * @returns The value, a new one where `redact` is given.
 * @example redactShown({ reason: 'given tok-0123456' }, messageRedactor(['tok-0123456'])) // { reason: 'given ***' }
 */
export function redactShown<T>(value: T, redact: ((text: string) => string) | undefined): T {
  if (redact === undefined) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) Object.defineProperty(out, redact(k), { value: walk(item), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return walk(value) as T;
}
