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

/** Rethrow `error` as an InputError when it is a TypeError (or RangeError) and a check finds a problem. */
function refuse(error: unknown, fn: string, checks: readonly ArgumentCheck[], how: string): never {
  if (error instanceof TypeError || error instanceof RangeError) {
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

/**
 * The kind of one argument, for {@link guardArguments}: `object` (not null, not an array),
 * `array`, `objects` (an array of objects), `string`, `number`, `boolean`, `function`, `bytes` (a
 * Uint8Array), `set` (a Set), `iterable`, `digest` (a hex string or an object with a `digest`),
 * `any` (not looked at); a trailing `?` lets it be left out (`undefined`).
 */
export type ArgumentKind = `${'object' | 'array' | 'objects' | 'string' | 'number' | 'boolean' | 'function' | 'bytes' | 'set' | 'iterable' | 'digest' | 'any'}${'' | '?'}`;

const KIND_TEST: Record<string, [(v: unknown) => boolean, string]> = {
  object: [isRecord, 'an object'],
  array: [Array.isArray, 'an array'],
  objects: [(v) => Array.isArray(v) && v.every(isRecord), 'an array of objects'],
  string: [(v) => typeof v === 'string', 'a string'],
  number: [(v) => typeof v === 'number', 'a number'],
  boolean: [(v) => typeof v === 'boolean', 'a boolean'],
  function: [(v) => typeof v === 'function', 'a function'],
  bytes: [(v) => v instanceof Uint8Array, 'bytes (a Uint8Array)'],
  set: [(v) => v instanceof Set, 'a Set'],
  iterable: [(v) => typeof v === 'string' || (typeof v === 'object' && v !== null && typeof (v as Iterable<unknown>)[Symbol.iterator] === 'function'), 'an iterable (an array)'],
  digest: [(v) => typeof v === 'string' || (isRecord(v) && typeof v['digest'] === 'string'), 'a digest (a hex string or { digest })'],
  any: [() => true, 'anything'],
};

/** An object argument with the members it must hold, each of its kind: `{ deltas: 'array' }`. */
export type ArgumentShape = { readonly [member: string]: ArgumentKind };

/**
 * A check of one argument against its {@link ArgumentKind}, or against an {@link ArgumentShape}
 * (an object whose members are each of their kind; the first that is not is named: `result.deltas`).
 *
 * @param name The argument as the message names it.
 * @param value The argument.
 * @param kind Its kind or shape.
 * @returns The check.
 * @example kindArgument('result', {}, { deltas: 'array' })() // 'result.deltas is undefined, expected an array'
 */
export function kindArgument(name: string, value: unknown, kind: ArgumentKind | ArgumentShape): ArgumentCheck {
  if (typeof kind !== 'string') {
    return () => {
      if (!isRecord(value)) return `${name} is ${kindOf(value)}, expected an object`;
      for (const [key, k] of Object.entries(kind)) {
        const problem = kindArgument(`${name}.${key}`, value[key], k)();
        if (problem !== undefined) return problem;
      }
      return undefined;
    };
  }
  const optional = kind.endsWith('?');
  const [ok, phrase] = KIND_TEST[optional ? kind.slice(0, -1) : kind]!;
  return () => {
    if ((optional && value === undefined) || ok(value)) return undefined;
    if (kind.startsWith('objects') && Array.isArray(value)) {
      const at = value.findIndex((v) => !isRecord(v));
      return `${name}[${at}] is ${kindOf(value[at])}, expected an object`;
    }
    return `${name} is ${kindOf(value)}, expected ${phrase}${optional ? ' or nothing' : ''}`;
  };
}

/**
 * A library function whose arguments are checked by kind when its work fails with a `TypeError`
 * or `RangeError` (at once or as a rejected promise): the first argument not of its kind is
 * named in an {@link InputError}, as {@link withArguments} does; good arguments pay nothing but
 * the call. The argument names come from `call` (`diffReport(result, meta)`).
 *
 * @param work The function.
 * @param call The function as called, with its argument names.
 * @param kinds The kind (or shape) of each argument, in order.
 * @param how How to call it right; by default, where to read how.
 * @returns The same function, checked.
 * @example export const diffReport = guardArguments(diffReportWork, 'diffReport(result, meta)', ['object', 'object'])
 */
export function guardArguments<F extends (...args: never[]) => unknown>(work: F, call: string, kinds: readonly (ArgumentKind | ArgumentShape)[], how = 'see its type declaration and docs/library.md'): F {
  const names = (/\((.*)\)/.exec(call)?.[1] ?? '').split(',').map((n) => n.trim());
  const checks = (args: readonly unknown[]): ArgumentCheck[] => kinds.map((k, i) => kindArgument(names[i] ?? `argument ${i + 1}`, args[i], k));
  const guarded = function (this: unknown, ...args: Parameters<F>): unknown {
    return withArguments(call, checks(args), how, () => work.apply(this, args));
  };
  Object.defineProperty(guarded, 'name', { value: work.name });
  return guarded as unknown as F;
}
