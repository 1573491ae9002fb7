/**
 * Records keyed by names that come from outside (tool, prompt, action and resource names, JSON
 * keys) must treat every name as an ordinary key: `__proto__` must not replace a prototype and
 * `constructor` or `toString` must not be found on `Object.prototype`. These two helpers are the
 * only way such records are written and probed.
 *
 * @module
 */

/**
 * Set an own, enumerable property, whatever the key (`__proto__` included).
 *
 * @param record The record.
 * @param key The key.
 * @param value The value.
 * @example setOwn(tools, '__proto__', contract)
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Read an own property, or undefined (never an inherited one such as `constructor`).
 *
 * @param record The record.
 * @param key The key.
 * @returns The value, or undefined when the record has no own property of that name.
 * @example getOwn({}, 'constructor') // undefined
 */
export function getOwn<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
