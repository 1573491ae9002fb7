/**
 * Field paths of deltas: dotted property names, map keys that are not plain identifiers quoted
 * as JSON strings in brackets, and set elements always in brackets:
 * `surface.actions.create.requiredFields["email"]`, `surface.actions["bulk delete"].destructive`.
 * A path is always one line: inside the JSON literal, DEL, C1 controls and U+2028/U+2029 are
 * escaped too (JSON would allow them raw), and `JSON.parse` still reads the literal back.
 *
 * @module
 */
import { jsonLiteral as literal } from '../format/escape-controls.ts';

const PLAIN = /^[A-Za-z_$][\w$-]*$/;

/**
 * Append a property or map key to a path.
 *
 * @param path The parent path ('' for none).
 * @param key A property name or map key.
 * @returns The child path.
 * @example childField('surface.actions', 'create') // 'surface.actions.create'
 */
export function childField(path: string, key: string): string {
  if (PLAIN.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${literal(key)}]`;
}

/**
 * Append a set element (a tag, a required field, a raw entitlement) to a path.
 *
 * @param path The parent path.
 * @param element The element.
 * @returns `path["element"]`.
 * @example elementField('surface.tags', 'beta') // 'surface.tags["beta"]'
 */
export function elementField(path: string, element: string): string {
  return `${path}[${literal(element)}]`;
}

/**
 * Split a field path into its names, the inverse of {@link childField} and {@link elementField}:
 * a bracketed JSON string is read as one name, whatever dots, brackets or quotes it holds. Array
 * positions (`[0]`) and the item mark (`[]`) of schema paths are kept as written.
 *
 * @param path A field path.
 * @returns Its segments, or undefined when the path is not in that form.
 * @example fieldSegments('surface.actions["a.b"].destructive') // ['surface', 'actions', 'a.b', 'destructive']
 */
export function fieldSegments(path: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '[') {
      if (path[i + 1] === '"') {
        // The JSON string literal runs to the first quote that no backslash escapes.
        let j = i + 2;
        while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
        if (path[j + 1] !== ']') return undefined;
        try {
          out.push(JSON.parse(path.slice(i + 1, j + 1)) as string);
        } catch {
          return undefined; // not a JSON string literal: not a path this module wrote
        }
        i = j + 2;
      } else {
        const end = path.indexOf(']', i);
        if (end < 0) return undefined;
        out.push(path.slice(i, end + 1));
        i = end + 1;
      }
    } else {
      if (path[i] === '.') {
        if (i === 0) return undefined;
        i++;
      } else if (i > 0) return undefined;
      let j = i;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      if (j === i) return undefined;
      out.push(path.slice(i, j));
      i = j;
    }
  }
  return out;
}
