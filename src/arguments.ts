/**
 * Argument checks for library callers without a type checker. TypeScript keeps a typed caller
 * from handing over `null` for an options object or a string for an array; a JavaScript caller
 * is not kept, and the work would fail with a `TypeError` deep inside (`Cannot read properties of
 * null (reading 'thresholds')`). {@link withArguments} looks at the arguments only when the work
 * failed with a `TypeError` (no cost on success) and, when one is not of its kind, throws an
 * {@link InputError} that names the function, the argument, what came and how to call it.
 *
 * @module
 */
import { InputError } from './errors.ts';

/**
 * What a JavaScript value is, for a message: `undefined`, `null`, `an array`, `a string`.
 *
 * @param v The value.
 * @returns The phrase.
 * @example kindOf([]) // 'an array'
 */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return 'an array';
  return `${/^[aeiou]/.test(typeof v) ? 'an' : 'a'} ${typeof v}`;
}

/**
 * Whether a value is a plain object (not null, not an array).
 *
 * @param v The value.
 * @returns Whether it is.
 * @example isRecord([]) // false
 */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A check of one argument: the first problem phrase, or `undefined` when it is of its kind. */
export type ArgumentCheck = () => string | undefined;

/**
 * An argument that must be an object (not null, not an array).
 *
 * @param name The argument as the message names it: `options`.
 * @param value The argument.
 * @param what What it holds: `{ adapter, … }`.
 * @returns The check.
 * @example objectArgument('options', opts, '{ adapter }')
 */
export function objectArgument(name: string, value: unknown, what: string): ArgumentCheck {
  return () => (isRecord(value) ? undefined : `${name} is ${kindOf(value)}, expected an object ${what}`);
}

/**
 * An argument that must be an array, each item an object when `items` names them.
 *
 * @param name The argument as the message names it.
 * @param value The argument.
 * @param what What the array holds: `of probes`.
 * @param objectItems Whether each item must be an object.
 * @returns The check.
 * @example arrayArgument('probes', probes, 'of probes', true)
 */
export function arrayArgument(name: string, value: unknown, what: string, objectItems = false): ArgumentCheck {
  return () => {
    if (!Array.isArray(value)) return `${name} is ${kindOf(value)}, expected an array ${what}`;
    if (!objectItems) return undefined;
    const at = value.findIndex((v) => !isRecord(v));
    return at < 0 ? undefined : `${name}[${at}] is ${kindOf(value[at])}, expected an object`;
  };
}

/**
 * A member of an object argument that must be of a `typeof` kind (`'function'`, `'string'`,
 * `'object'` meaning a non-null, non-array object); no problem when the argument itself is not an object
 * (its own check says so).
 *
 * @param name The member as the message names it: `options.readSource`.
 * @param owner The object argument.
 * @param key The member's key.
 * @param kind The kind it must be.
 * @param optional Whether it may be left out.
 * @returns The check.
 * @example memberArgument('options.readSource', options, 'readSource', 'function')
 */
export function memberArgument(name: string, owner: unknown, key: string, kind: 'function' | 'string' | 'object', optional = false): ArgumentCheck {
  return () => {
    if (!isRecord(owner)) return undefined;
    const v = owner[key];
    if (optional && v === undefined) return undefined;
    const ok = kind === 'object' ? isRecord(v) : typeof v === kind;
    return ok ? undefined : `${name} is ${kindOf(v)}, expected ${kind === 'object' ? 'an object' : `a ${kind}`}`;
  };
}

/** Rethrow `error` as an InputError when it is a TypeError and a check finds a problem. */
function refuse(error: unknown, fn: string, checks: readonly ArgumentCheck[], how: string): never {
  if (error instanceof TypeError) {
    for (const check of checks) {
      const problem = check();
      if (problem !== undefined) throw new InputError(`${fn}: ${problem}; ${how}`, { cause: error });
    }
  }
  throw error;
}

/**
 * Run a library function's work; when it fails with a `TypeError` (at once or, for a promise, when
 * it rejects) and an argument check finds a problem, throw an {@link InputError} naming the
 * function, the argument, what came and how to call it. Otherwise the work's own error stands.
 *
 * @param fn The function as called: `runProbes(probes, options)`.
 * @param checks The argument checks, in argument order (the first problem is named).
 * @param how How to call it right, after the problem.
 * @param work The work.
 * @returns What the work returns.
 * @throws {InputError} When the work failed with a TypeError and an argument is not of its kind.
 * @example return withArguments('formatDiffText(result)', [objectArgument('result', result, 'from diffContracts')], 'pass what diffContracts returns', () => format(result))
 */
export function withArguments<T>(fn: string, checks: readonly ArgumentCheck[], how: string, work: () => T): T {
  let result: T;
  try {
    result = work();
  } catch (error) {
    refuse(error, fn, checks, how);
  }
  if (result instanceof Promise) return result.catch((error: unknown) => refuse(error, fn, checks, how)) as T;
  return result;
}

/**
 * An argument that must be an object holding one of the given members (a tagged side such as
 * `{ lockfile }` or `{ contracts }`).
 *
 * @param name The argument as the message names it: `before`.
 * @param value The argument.
 * @param keys The members, one of which it must hold.
 * @returns The check.
 * @example taggedArgument('before', side, ['lockfile', 'contracts'])
 */
export function taggedArgument(name: string, value: unknown, keys: readonly string[]): ArgumentCheck {
  const shape = keys.map((k) => `{ ${k} }`).join(' or ');
  return () => {
    if (!isRecord(value)) return `${name} is ${kindOf(value)}, expected ${shape}`;
    if (keys.some((k) => isRecord(value[k]))) return undefined;
    const held = Object.keys(value).slice(0, 4).join(', ');
    return `${name} is an object without ${keys.map((k) => `"${k}"`).join(' or ')} (it holds ${held === '' ? 'nothing' : held}), expected ${shape}`;
  };
}

/**
 * An argument that must be an object or a string.
 *
 * @param name The argument as the message names it.
 * @param value The argument.
 * @param what What it is: `the document parseAttestation returns, or a bare signature`.
 * @returns The check.
 * @example objectOrStringArgument('attestation', a, 'a document or a signature')
 */
export function objectOrStringArgument(name: string, value: unknown, what: string): ArgumentCheck {
  return () => (isRecord(value) || typeof value === 'string' ? undefined : `${name} is ${kindOf(value)}, expected ${what}`);
}
