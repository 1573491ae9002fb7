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
  return out;
}
