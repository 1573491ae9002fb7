/**
 * How findings show their paths: relative to the working directory, with `/` separators, so a
 * report reads the same on every OS (`scan`, and the violations `lock` and `check` list).
 *
 * @module
 */
import { relative, sep } from 'node:path';
import type { ScanFinding } from '../scan/types.ts';

/**
 * A path relative to the working directory, `/`-separated (`.` for the directory itself).
 *
 * @param cwd The working directory.
 * @param path An absolute path.
 * @returns The path for reports.
 * @example displayPath('/srv', '/srv/handlers/x.mjs') // 'handlers/x.mjs'
 */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return (rel === '' ? '.' : rel).split(sep).join('/');
}

/**
 * A finding with its file and import chain shown by {@link displayPath}.
 *
 * @param f A finding.
 * @param cwd The working directory.
 * @returns A copy for reports.
 */
export function relativize(f: ScanFinding, cwd: string): ScanFinding {
  const out = { ...f };
  if (f.file !== undefined) out.file = displayPath(cwd, f.file);
  if (f.chain !== undefined) out.chain = f.chain.map((c) => displayPath(cwd, c));
  if (f.detail !== undefined) out.detail = relativeInText(f.detail, cwd);
  return out;
}

/**
 * A finding's detail with the paths under the working directory that it names (`tried 4
 * candidates, first /srv/app/lib/x.ts`) shown as {@link displayPath} shows a file: relative and
 * `/`-separated, so the report reads the same in every checkout and on every OS. Other text, and
 * paths outside the directory, are left as they are.
 *
 * @param text The detail.
 * @param cwd The working directory.
 * @param separator The platform's separator (`path.sep`).
 * @returns The text with those paths relative.
 * @example relativeInText('first /srv/lib/x.ts', '/srv') // 'first lib/x.ts'
 */
export function relativeInText(text: string, cwd: string, separator: string = sep): string {
  const windows = separator === '\\';
  const root = (windows ? cwd.replace(/\\/g, '/') : cwd).replace(/\/+$/, '');
  // A file system root (`/`, `C:/`) is above every path: nothing to shorten.
  if (root === '' || /^[A-Za-z]:$/.test(root)) return text;
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Only where a path starts (not `/mnt/srv/app/x` for `/srv/app`), up to a space, quote or bracket.
  const under = new RegExp(`(?<![\\w./\\\\-])${windows ? escaped.replace(/\//g, '[\\\\/]') : escaped}${windows ? '[\\\\/]' : '/'}([^\\s"'(),;]*)`, windows ? 'gi' : 'g');
  return text.replace(under, (_, rest: string) => (rest === '' ? '.' : windows ? rest.replace(/\\/g, '/') : rest));
}
