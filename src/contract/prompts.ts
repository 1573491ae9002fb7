/**
 * Prompt contracts from MCP `prompts/list` entries (SPEC section 3): `name`, `title|null`,
 * `description|null`, sorted `tags`, `arguments[{name, description|null, required}]` sorted by
 * name in code-unit order, `hasMiddleware` and `hydrationTimeout|null` (neither is visible on
 * the wire: false and null).
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { childPath, isJsonObject, type ShapeReader } from './shape.ts';
import type { PromptArgument, PromptContract } from './types.ts';

/**
 * Record a problem for each argument whose name an earlier argument of the same prompt has: a
 * client sends prompt arguments as a map by name, so two arguments with one name are one
 * argument with two contradicting contracts, and locking either would hide the other.
 *
 * @param names The argument names in listing order (`undefined` for an entry with no name).
 * @param argumentsPath The JSON path of the prompt's `arguments` array.
 * @param reader Collects problems.
 * @example checkArgumentNames(['x', 'x'], '$.prompts[0].arguments', reader) // "$.prompts[0].arguments[1].name: … listed twice (first at …[0])"
 */
export function checkArgumentNames(names: readonly (string | undefined)[], argumentsPath: string, reader: ShapeReader): void {
  const first = new Map<string, number>();
  names.forEach((name, i) => {
    if (name === undefined) return;
    const at = first.get(name);
    if (at === undefined) first.set(name, i);
    else {
      reader.problem(childPath(childPath(argumentsPath, i), 'name'),
        `the argument name ${JSON.stringify(name)} is listed twice (first at ${childPath(argumentsPath, at)}); a client sends arguments by name, so the server must list each name once`);
    }
  });
}

/**
 * Materialize one prompt, recording shape problems in `reader`.
 *
 * @param prompt One entry of `prompts/list`.
 * @param path Its JSON path, for problems.
 * @param reader Collects problems.
 * @returns The contract, or undefined when the entry is not an object.
 * @example materializePrompt({ name: 'greet', arguments: [{ name: 'who', required: true }] }, '$.prompts[0]', new ShapeReader())
 */
export function materializePrompt(prompt: JsonValue, path: string, reader: ShapeReader): PromptContract | undefined {
  const p = reader.object(prompt, path);
  if (!p) return undefined;
  const args: PromptArgument[] = [];
  const rawArgs = p['arguments'];
  if (rawArgs !== undefined && rawArgs !== null && !Array.isArray(rawArgs)) {
    reader.problem(childPath(path, 'arguments'), 'expected an array of arguments');
  } else {
    const names = (rawArgs ?? []).map((a) => (isJsonObject(a) && typeof a['name'] === 'string' ? a['name'] : undefined));
    checkArgumentNames(names, childPath(path, 'arguments'), reader);
    (rawArgs ?? []).forEach((raw, i) => {
      const argPath = childPath(childPath(path, 'arguments'), i);
      const a = reader.object(raw, argPath);
      if (!a) return;
      // null is unset, as for every other optional field of a listing (servers that write unset fields as null).
      const required = a['required'];
      if (required !== undefined && required !== null && typeof required !== 'boolean') {
        reader.problem(childPath(argPath, 'required'), 'expected true or false');
      }
      args.push({
        name: reader.string(a, 'name', argPath),
        description: reader.nullableString(a, 'description', argPath),
        required: required === true,
      });
    });
  }
  args.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return {
    name: reader.string(p, 'name', path),
    title: reader.nullableString(p, 'title', path),
    description: reader.nullableString(p, 'description', path),
    tags: [],
    arguments: args,
    hasMiddleware: false,
    hydrationTimeout: null,
  };
}
