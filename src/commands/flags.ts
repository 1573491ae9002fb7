/**
 * Reading parsed flags with clear errors (mri turns `--name 123` into a number; these helpers
 * give every command the same coercions and messages).
 *
 * @module
 */
import { InputError } from '../errors.ts';
import { closestName } from '../format/closest-name.ts';
import { MAX_TIMEOUT_MS } from '../sources/timeouts.ts';
import { redactCommandLine } from '../sources/redact-command.ts';
import { boundLine } from '../format/shorten.ts';

/** Flags as cac hands them over (camelCase keys). */
export type Flags = Record<string, unknown>;

/**
 * A string flag, or undefined when absent.
 *
 * @param flags Parsed flags.
 * @param name camelCase flag name.
 * @param display The flag as the user writes it, for messages.
 * @returns The value as a string.
 * @throws {InputError} When the flag is given without a value or more than once.
 */
export function stringFlag(flags: Flags, name: string, display = `--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`): string | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) throw repeatedFlagError(display, v);
  if (v === true || v === false || v === '') throw new InputError(`${display} needs a value`);
  return String(v);
}

/**
 * The error for an option that takes one value given more than once: which value was meant is
 * not for mcpfusion to guess (`--lockfile a.lock --lockfile b.lock`). Values are shown as typed,
 * with what looks like a secret (a URL password, a `--token` value) as `***`.
 *
 * @param display The flag as the user writes it.
 * @param values The values given, in order (`true` for one given without a value).
 * @returns The error, exit 2: `--lockfile was given 2 times ("a.lock", then "b.lock"); give it once`.
 * @example throw repeatedFlagError('--lockfile', ['a.lock', 'b.lock'])
 */
export function repeatedFlagError(display: string, values: readonly unknown[]): InputError {
  const shown = values.map((x) => (x === true || x === false ? '(no value)' : boundLine(JSON.stringify(redactCommandLine(String(x))), 160)));
  return new InputError(`${display} was given ${values.length} times (${shown.join(', then ')}); give it once`);
}

/**
 * A repeatable string flag as an array.
 *
 * @param flags Parsed flags.
 * @param name camelCase flag name.
 * @returns All values in order (empty when absent).
 */
export function stringsFlag(flags: Flags, name: string): string[] {
  const v = flags[name];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => {
    if (x === true || x === false) throw new InputError(`--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} needs a value`);
    return String(x);
  });
}

/**
 * A positive integer flag (milliseconds, counts).
 *
 * @param flags Parsed flags.
 * @param name camelCase flag name.
 * @returns The number, or undefined when absent.
 * @throws {InputError} When the value is not a positive integer.
 */
export function positiveIntFlag(flags: Flags, name: string): number | undefined {
  const s = stringFlag(flags, name);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!Number.isInteger(n) || n <= 0) throw new InputError(`--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be a positive integer, got ${JSON.stringify(s)}`);
  return n;
}

/**
 * A timeout flag in milliseconds: a positive integer no larger than {@link MAX_TIMEOUT_MS}
 * (Node's timers fire after 1 ms when asked to wait longer).
 *
 * @param flags Parsed flags.
 * @param name camelCase flag name.
 * @param zero Whether 0 is accepted too (a wait that may be none).
 * @returns The number, or undefined when absent.
 * @throws {InputError} When the value is not a positive integer (or 0, with `zero`) or above the limit.
 */
export function timeoutFlag(flags: Flags, name: string, zero = false): number | undefined {
  const s = zero ? stringFlag(flags, name) : undefined;
  // A wait that may be none (`--settle-timeout 0`).
  if (s !== undefined && !/^\s*\d+\s*$/.test(s)) {
    throw new InputError(`--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be 0 or a positive integer, got ${JSON.stringify(s)}`);
  }
  const n = s !== undefined && Number(s) === 0 ? 0 : positiveIntFlag(flags, name);
  if (n !== undefined && n > MAX_TIMEOUT_MS) {
    throw new InputError(`--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be at most ${MAX_TIMEOUT_MS} ms (about 24.8 days), got ${JSON.stringify(String(flags[name]))}`);
  }
  return n;
}

/**
 * The `--format` flag, checked against what the command supports.
 *
 * @param flags Parsed flags.
 * @param allowed Supported formats; the first is the default.
 * @param command The command as typed (`probe record`), named in the error.
 * @returns The chosen format.
 * @throws {InputError} When the format is not supported by this command.
 * @example formatFlag(flags, ['text', 'json'] as const, 'lock')
 */
export function formatFlag<T extends string>(flags: Flags, allowed: readonly T[], command: string): T {
  const v = stringFlag(flags, 'format') ?? allowed[0]!;
  if (!(allowed as readonly string[]).includes(v)) {
    const use = allowed.length === 1 ? `its only format is ${allowed[0]}: leave --format out` : `use one of ${allowed.join(', ')}`;
    throw new InputError(`--format ${v} is not supported by \`${command}\`; ${use}`);
  }
  return v as T;
}

/**
 * A boolean switch.
 *
 * @param flags Parsed flags.
 * @param name camelCase flag name.
 * @returns Whether it was given (and not negated).
 */
export function boolFlag(flags: Flags, name: string): boolean {
  const v = flags[name];
  if (Array.isArray(v)) return v.some((x) => x === true);
  return v === true;
}

/**
 * Whether a flag was given on the command line: a value or a switch (`--x`), or for a negated
 * switch (`--no-x`) its key set to false (cac gives it the default true otherwise).
 */
function isGiven(flags: Flags, flag: string): boolean {
  const negated = flag.startsWith('--no-');
  const key = flag.slice(negated ? 5 : 2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
  return negated ? flags[key] === false : flags[key] !== undefined;
}

/**
 * Refuse an action that a command does not have, naming the closest one (`probe recrod` →
 * record) when it is a likely slip.
 *
 * @param command The command word (`attest`).
 * @param action The action typed.
 * @param actions The command's actions.
 * @throws {InputError} `Unknown <command> action "<typed>" (did you mean "<action>"?): use …`, unless the action is one of them.
 */
export function assertAction<T extends string>(command: string, action: unknown, actions: readonly T[]): asserts action is T {
  if (typeof action === 'string' && (actions as readonly string[]).includes(action)) return;
  const meant = typeof action === 'string' ? closestName(action, actions) : undefined;
  throw new InputError(`Unknown ${command} action ${JSON.stringify(action ?? '')}${meant ? ` (did you mean "${meant}"?)` : ''}: use ${actions.map((a) => `\`mcpfusion ${command} ${a}\``).join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
}

/**
 * Refuse a flag that nothing reads in this run: given and silently ignored, it would give false
 * confidence (a timeout that bounds nothing, a name that is not checked). Only the command line
 * is checked: the config file is shared by every command, and what one of them does not read
 * there is no error.
 *
 * @param flags Parsed command-line flags.
 * @param unread The flags that nothing reads here, as typed (`--start-timeout`, `--no-follow`).
 * @param where What they do not apply to (e.g. "`attest keygen`", `the contracts file "c.json"`).
 * @param why Why nothing reads them there.
 * @param fix What to do instead.
 * @throws {InputError} `<flag> does not apply to <where>: <why>; <fix>`, for the first one given.
 */
export function refuseUnreadFlags(flags: Flags, unread: readonly string[], where: string, why: string, fix = 'drop it'): void {
  const given = unread.find((f) => isGiven(flags, f));
  if (given !== undefined) throw new InputError(`${given} does not apply to ${where}: ${why}; ${fix}`);
}

/** Why `flag` (`--secret`, `--hmac-secret`, `--signing-secret`) is refused; its value is never part of it. */
export function literalSecretRefusal(flag: string): string {
  return `${flag} is refused: a secret on the command line leaks into shell history, CI logs and \`ps\`; put it in an environment variable (--secret-env NAME) or a file (--secret-file PATH)`;
}
