/**
 * Shared helpers for reading JSONC parse trees (`jsonc-parser`'s `Node`) with errors that name a
 * JSON path: used by the config file and the probe file readers.
 *
 * @module
 */
import type { Node } from 'jsonc-parser';

/**
 * Append a key or index to a JSON path (`$.a.b[0]["odd key"]`).
 *
 * @param parent The parent path.
 * @param key The key or index.
 * @returns The child path.
 * @example jsonPathOf('$.tools', 'a b') // '$.tools["a b"]'
 */
export function jsonPathOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Say what a parse-tree node holds, for "expected X, found Y" messages.
 *
 * @param node The node.
 * @returns E.g. `an object`, `the string "abc"`, `number 3`.
 */
export function describeJsoncNode(node: Node): string {
  switch (node.type) {
    case 'object': return 'an object';
    case 'array': return 'an array';
    case 'string': return `the string ${JSON.stringify(String(node.value).length > 40 ? `${String(node.value).slice(0, 40)}…` : node.value)}`;
    case 'null': return 'null';
    default: return `${node.type} ${String(node.value)}`;
  }
}
