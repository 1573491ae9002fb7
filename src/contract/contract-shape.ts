/**
 * Shape checks on a contract set or tool contract a library caller hands over. TypeScript keeps a
 * typed caller from handing over `{}` or `null`; a JavaScript caller is not kept, and the work
 * would fail with a `TypeError` deep inside (`Cannot read properties of undefined (reading
 * 'actions')`). {@link withContractInput} looks at the value only when the work failed with a
 * `TypeError` (no cost on success) and, when the value is not of the shape, throws an
 * {@link InputError} that names what was handed over, where it is wrong and how to make one.
 *
 * @module
 */
import { InputError } from '../errors.ts';
import { isRecord, kindOf } from '../arguments.ts';
const member = (path: string, key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** The first place where a record of records is not one: `$.tools is undefined, not an object`. */
function recordProblem(v: unknown, path: string, what: string): string | undefined {
  return isRecord(v) ? undefined : `${path} is ${kindOf(v)}, not ${what}`;
}

/**
 * The first shape problem of a tool contract, or `undefined` when it has the four sections and
 * the surface members the digests read.
 *
 * @param value The value handed over.
 * @param path Its JSON path (`$` for the value itself, `$.tools.search` inside a set).
 * @returns A phrase: `$.surface is undefined, not an object`.
 * @example toolContractShapeProblem({}) // '$.surface is undefined, not an object'
 */
export function toolContractShapeProblem(value: unknown, path = '$'): string | undefined {
  const top = recordProblem(value, path, 'a tool contract object');
  if (top !== undefined || !isRecord(value)) return top;
  for (const section of ['surface', 'behavior', 'tokenEconomics', 'entitlements']) {
    const p = recordProblem(value[section], member(path, section), 'an object');
    if (p !== undefined) return p;
  }
  const surface = value['surface'] as Record<string, unknown>;
  if (typeof surface['name'] !== 'string') return `${member(member(path, 'surface'), 'name')} is ${kindOf(surface['name'])}, not a string`;
  if (!Array.isArray(surface['tags'])) return `${member(member(path, 'surface'), 'tags')} is ${kindOf(surface['tags'])}, not an array`;
  const actions = surface['actions'];
  const p = recordProblem(actions, member(member(path, 'surface'), 'actions'), 'an object of action contracts by key');
  if (p !== undefined || !isRecord(actions)) return p;
  for (const key of Object.keys(actions)) {
    const a = recordProblem(actions[key], member(member(member(path, 'surface'), 'actions'), key), 'an action contract object');
    if (a !== undefined) return a;
  }
  const raw = (value['entitlements'] as Record<string, unknown>)['raw'];
  if (!Array.isArray(raw)) return `${member(member(path, 'entitlements'), 'raw')} is ${kindOf(raw)}, not an array`;
  return undefined;
}

/**
 * The first shape problem of a contract set, or `undefined` when it has `tools`, `prompts` and
 * `resources` objects whose entries are objects (each tool as {@link toolContractShapeProblem}).
 *
 * @param value The value handed over.
 * @returns A phrase: `$.prompts is undefined, not an object of prompt contracts by name`.
 * @example contractSetShapeProblem({ tools: {} }) // '$.prompts is undefined, not an object of prompt contracts by name'
 */
export function contractSetShapeProblem(value: unknown): string | undefined {
  const top = recordProblem(value, '$', 'a contract set object');
  if (top !== undefined || !isRecord(value)) return top;
  for (const [key, what] of [['tools', 'tool'], ['prompts', 'prompt'], ['resources', 'resource']] as const) {
    const entries = value[key];
    const p = recordProblem(entries, `$.${key}`, `an object of ${what} contracts by ${what === 'resource' ? 'URI' : 'name'}`);
    if (p !== undefined || !isRecord(entries)) return p;
    for (const name of Object.keys(entries)) {
      const e = key === 'tools' ? toolContractShapeProblem(entries[name], member(`$.${key}`, name)) : recordProblem(entries[name], member(`$.${key}`, name), `a ${what} contract object`);
      if (e !== undefined) return e;
    }
  }
  return undefined;
}

/** The errors {@link withContractInput} threw, so that an outer call names the outermost value. */
const thrown = new WeakSet<Error>();

const HOW_TO_MAKE = 'make one with parseContractsFile, contractSetFromJson, materializeServer or contractSetFromLockfile';

/**
 * Run work over a contract set or tool contract handed over; when it fails with a `TypeError`
 * and the value is not of the shape, throw an {@link InputError} naming the subject and the
 * place instead. Otherwise the work's own error stands. Nested calls name the outermost value (a
 * tool inside a contract set is named by its place in the set).
 *
 * @param value The value handed over.
 * @param subject What it is, as the message starts: `The contract set before`.
 * @param kind `set` or `tool`.
 * @param work The work over it.
 * @returns What the work returns.
 * @throws {InputError} When the work failed with a TypeError and the value is not of the shape.
 * @example withContractInput(set, 'The contract set', 'set', () => digestsOf(set))
 */
export function withContractInput<T>(value: unknown, subject: string, kind: 'set' | 'tool', work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TypeError || (error instanceof InputError && thrown.has(error))) {
      const problem = kind === 'set' ? contractSetShapeProblem(value) : toolContractShapeProblem(value);
      if (problem !== undefined) {
        const refused = new InputError(`${subject} is not a ${kind === 'set' ? 'ContractSet' : 'ToolContract'}: ${problem}; ${HOW_TO_MAKE}`, {
          cause: thrown.has(error as Error) ? (error as Error).cause : error,
        });
        thrown.add(refused);
        throw refused;
      }
    }
    throw error;
  }
}
