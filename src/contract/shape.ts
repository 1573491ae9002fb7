/**
 * A tiny shape checker for JSON documents: reads fields by path, collects every problem with
 * its JSON path instead of stopping at the first, so one run reports all mistakes in a file.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { shorten } from '../format/shorten.ts';

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Append a key or index to a JSON path in `$.a.b[0]["odd key"]` notation.
 *
 * @param path The parent path.
 * @param key The key or index.
 * @returns The child path.
 */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Whether a value is a JSON object (not an array, not null). */
export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(shorten(v, 40))}`;
  return `${typeof v} ${String(v)}`;
}

/** Collects problems while reading a document. */
export class ShapeReader {
  /** Every problem found, as `path: message`. */
  readonly problems: string[] = [];

  /** Record a problem at a path. */
  problem(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  /** Read an object or record a problem. */
  object(v: unknown, path: string): JsonObject | undefined {
    if (isJsonObject(v)) return v;
    // A key not there is "missing", as for a string: "found nothing" read like an empty value.
    this.problem(path, v === undefined ? 'missing; expected an object' : `expected an object, found ${kind(v)}`);
    return undefined;
  }

  /** Report keys of `obj` not in `allowed`. */
  onlyKeys(obj: JsonObject, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(obj)) {
      if (!allowed.includes(k)) this.problem(childPath(path, k), `unknown key; expected one of ${allowed.join(', ')}`);
    }
  }

  /** Read a required string. */
  string(obj: JsonObject, key: string, path: string): string {
    const v = obj[key];
    if (typeof v === 'string') return v;
    this.problem(childPath(path, key), v === undefined ? 'missing; expected a string' : `expected a string, found ${kind(v)}`);
    return '';
  }

  /** Read an optional string (absent or null → undefined). */
  optString(obj: JsonObject, key: string, path: string): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    this.problem(childPath(path, key), `expected a string or null, found ${kind(v)}`);
    return undefined;
  }

  /** Read a string or null (absent → null). */
  nullableString(obj: JsonObject, key: string, path: string): string | null {
    return this.optString(obj, key, path) ?? null;
  }

  /** Read a required boolean, or the default when absent and a default is given. */
  boolean(obj: JsonObject, key: string, path: string, dflt?: boolean): boolean {
    const v = obj[key];
    if (typeof v === 'boolean') return v;
    if (v === undefined && dflt !== undefined) return dflt;
    this.problem(childPath(path, key), v === undefined ? 'missing; expected true or false' : `expected a boolean, found ${kind(v)}`);
    return false;
  }

  /** Read a number or null (absent → null unless required). */
  nullableNumber(obj: JsonObject, key: string, path: string, required = false): number | null {
    const v = obj[key];
    if (typeof v === 'number') return v;
    if (v === null || (v === undefined && !required)) return null;
    this.problem(childPath(path, key), v === undefined ? 'missing; expected a number or null' : `expected a number or null, found ${kind(v)}`);
    return null;
  }

  /** Read a required non-negative integer. */
  count(obj: JsonObject, key: string, path: string): number {
    const v = obj[key];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    this.problem(childPath(path, key), v === undefined ? 'missing; expected a non-negative integer' : `expected a non-negative integer, found ${kind(v)}`);
    return 0;
  }

  /** Read an array of strings (absent → default when given). */
  strings(obj: JsonObject, key: string, path: string, dflt?: string[]): string[] {
    const v = obj[key];
    if (v === undefined && dflt !== undefined) return [...dflt];
    if (!Array.isArray(v)) {
      this.problem(childPath(path, key), v === undefined ? 'missing; expected an array of strings' : `expected an array of strings, found ${kind(v)}`);
      return [];
    }
    const out: string[] = [];
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      if (typeof item === 'string') out.push(item);
      else this.problem(childPath(childPath(path, key), i), `expected a string, found ${kind(item)}`);
    }
    return out;
  }

  /** Read one of the allowed string values. */
  oneOf<T extends string>(obj: JsonObject, key: string, path: string, allowed: readonly T[]): T {
    const v = obj[key];
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    this.problem(childPath(path, key), `${v === undefined ? 'missing' : `found ${kind(v)}`}; expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    return allowed[0]!;
  }
}
