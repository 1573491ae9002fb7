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
import type { ContractSet } from '../contract/types.ts';
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
      const keys = Object.keys(v);
      // Two keys that hide to the same text (tools named with two secrets) are both kept.
      const shown = distinctShown(keys, redact);
      keys.forEach((k, i) => Object.defineProperty(out, shown[i]!, { value: walk((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true }));
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * How each of `names` is shown, all distinct: `redact(name)`, except where two or more names show
 * as the same text; then a name shown as it is keeps it, and each hidden one gets ` #1`, ` #2` …
 * in the code-unit order of the names, skipping a text another name shows as.
 *
 * @param names Distinct names.
 * @param redact How a text is shown.
 * @returns The shown names, in the order of `names`.
 */
function distinctShown(names: readonly string[], redact: (text: string) => string): string[] {
  const shown = names.map(redact);
  const count = new Map<string, number>();
  for (const s of shown) count.set(s, (count.get(s) ?? 0) + 1);
  if (count.size === shown.length) return shown;
  const taken = new Set(shown);
  const numbered = new Map<string, number>();
  const order = names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  const out = [...shown];
  for (const i of order) {
    const s = shown[i]!;
    if (count.get(s)! < 2 || s === names[i]) continue;
    let n = numbered.get(s) ?? 0;
    let candidate: string;
    do candidate = `${s} #${++n}`; while (taken.has(candidate));
    numbered.set(s, n);
    taken.add(candidate);
    out[i] = candidate;
  }
  return out;
}

/**
 * A redactor that shows each of `names` (a listing's tool, action, prompt and resource names) as a
 * text of its own, so two tools whose names differ only in the secrets they hold (`key_<token A>`,
 * `key_<token B>`) are two entries wherever they are printed, in a JSON object's keys and in a
 * report's lines alike, not one that overwrites the other: each such hidden name becomes
 * `redact(name)` with ` #1`, ` #2` … (in code-unit order of the names; see `distinctShown`). Any
 * other text is shown through `redact`.
 *
 * @param redact How a text is shown (the source's redactor).
 * @param names The names of everything a command may print.
 * @returns `text => shown text`.
 * @example distinctShownNames(messageRedactor(['tok-aaaa-1111', 'tok-bbbb-2222']), ['k_tok-aaaa-1111', 'k_tok-bbbb-2222'])('k_tok-bbbb-2222') // 'k_*** #2'
 */
export function distinctShownNames(redact: (text: string) => string, names: Iterable<string>): (text: string) => string {
  const unique = [...new Set(names)];
  const shown = distinctShown(unique, redact);
  const renamed = new Map<string, string>();
  unique.forEach((name, i) => { if (shown[i] !== redact(name)) renamed.set(name, shown[i]!); });
  if (renamed.size === 0) return redact;
  // Inside a longer text (a reason's `tool "…"`, a field path `tools.….surface`), a renamed name
  // that no other name character touches is shown by its number too; the rest goes through redact.
  const escaped = [...renamed.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const within = new RegExp(`(?<![A-Za-z0-9_-])(?:${escaped.join('|')})(?![A-Za-z0-9_-])`, 'g');
  return (text) => {
    const whole = renamed.get(text);
    if (whole !== undefined) return whole;
    let shownText = '';
    let from = 0;
    for (const m of text.matchAll(within)) {
      shownText += `${redact(text.slice(from, m.index))}${renamed.get(m[0])!}`;
      from = m.index + m[0].length;
    }
    return from === 0 ? redact(text) : shownText + redact(text.slice(from));
  };
}

/**
 * The names in a contract set a command prints: tool names, their action keys, prompt names and
 * resource URIs.
 *
 * @param set The contracts.
 * @returns The names (a name may repeat).
 */
export function contractNames(set: Pick<ContractSet, 'tools' | 'prompts' | 'resources'>): string[] {
  const names = [...Object.keys(set.tools), ...Object.keys(set.prompts), ...Object.keys(set.resources)];
  for (const tool of Object.values(set.tools)) names.push(...Object.keys(tool.surface?.actions ?? {}));
  return names;
}
