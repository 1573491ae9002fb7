/**
 * Prompt contracts from MCP `prompts/list` entries (SPEC section 3): `name`, `title|null`,
 * `description|null`, sorted `tags`, `arguments[{name, description|null, required}]` sorted by
 * name in code-unit order, `hasMiddleware` and `hydrationTimeout|null` (neither is visible on
 * the wire: false and null).
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { childPath, type ShapeReader } from './shape.ts';
import type { PromptArgument, PromptContract } from './types.ts';

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
    (rawArgs ?? []).forEach((raw, i) => {
      const argPath = childPath(childPath(path, 'arguments'), i);
      const a = reader.object(raw, argPath);
      if (!a) return;
      const required = a['required'];
      if (required !== undefined && typeof required !== 'boolean') {
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
