/**
 * Field paths of deltas: dotted property names, map keys that are not plain identifiers quoted
 * as JSON strings in brackets, and set elements always in brackets:
 * `surface.actions.create.requiredFields["email"]`, `surface.actions["bulk delete"].destructive`.
 *
 * @module
 */

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
  return `${path}[${JSON.stringify(key)}]`;
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
  return `${path}[${JSON.stringify(element)}]`;
}
