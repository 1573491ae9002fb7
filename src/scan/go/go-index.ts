/**
 * Lookup over the Go capability rows: an import path and an exported member to its row and raw
 * identifier, and an import path to the package row it falls under (longest matching prefix, so
 * `golang.org/x/crypto/ssh` is a network client although `golang.org/x/crypto` is crypto). Kept
 * apart from the JavaScript and Python indexes: a Go import of `os` never matches Python's `os`.
 *
 * @module
 */
import type { GoPattern } from './go-pattern.ts';
import { GO_PATTERNS } from '../patterns/go-capabilities.ts';
import { indexRowsBySource } from '../row-index.ts';

const MODULES = new Map<string, GoPattern>();
for (const pattern of GO_PATTERNS) {
  if (pattern.raw !== 'module') continue;
  for (const source of pattern.sources) {
    if (MODULES.has(source)) throw new Error(`Go package "${source}" is in two patterns`);
    MODULES.set(source, pattern);
  }
}
const MEMBERS = indexRowsBySource(GO_PATTERNS.filter((p) => p.raw !== 'module'), 'Go');

/** Every Go row by id (companion rows named in `also` are looked up here). */
export const GO_PATTERN_BY_ID: ReadonlyMap<string, GoPattern> = new Map(GO_PATTERNS.map((p) => [p.id, p]));

/** Result of {@link resolveGoMember} and {@link resolveGoPackage}. */
export interface GoResolution {
  pattern: GoPattern;
  /** The member matched, absent for a package-level match. */
  member?: string;
  /** Raw capability identifier for the lockfile. */
  raw: string;
}

/** Error values and types (`ErrNotFound`, `ExitError`) say nothing about what the code does. */
function isInert(member: string): boolean {
  return /^Err[A-Z0-9_]/.test(member) || /Error$/.test(member);
}

/**
 * Resolve an exported member of an imported package to its row.
 *
 * @param importPath The import path (`os`, `net/http`).
 * @param member The exported name after the package (`WriteFile`).
 * @returns The row and raw identifier (`os.WriteFile`, `os/exec.Command`), or undefined.
 * @example
 * resolveGoMember('os/exec', 'Command')?.raw // 'os/exec.Command'
 */
export function resolveGoMember(importPath: string, member: string): GoResolution | undefined {
  const path = memberSource(importPath);
  const entry = path === undefined ? undefined : MEMBERS.get(path);
  if (entry === undefined) return undefined;
  const pattern = entry.members.get(member) ?? (isInert(member) ? undefined : entry.fallback);
  return pattern === undefined ? undefined : { pattern, member, raw: `${path}.${member}` };
}

/**
 * The member rows' source for an import path: the path itself, or the path without its major
 * version element (`github.com/xuri/excelize/v2` is a row's `github.com/xuri/excelize`; the raw
 * identifier stays the same across major versions, as the package rows' do).
 */
function memberSource(importPath: string): string | undefined {
  if (MEMBERS.has(importPath)) return importPath;
  const unversioned = importPath.replace(/\/v\d+$/, '');
  return unversioned !== importPath && MEMBERS.has(unversioned) ? unversioned : undefined;
}

/**
 * Resolve a method called on an exported package variable (`build.Default.Import`): only a row
 * that lists `Variable.Method` itself matches, never a row matching every member of the package.
 *
 * @param importPath The import path (`go/build`).
 * @param variable The exported variable after the package (`Default`).
 * @param method The method called on it (`Import`).
 * @returns The row and raw identifier (`go/build.Default.Import`), or undefined.
 * @example
 * resolveGoMethod('go/build', 'Default', 'Import')?.raw // 'go/build.Default.Import'
 */
export function resolveGoMethod(importPath: string, variable: string, method: string): GoResolution | undefined {
  const member = `${variable}.${method}`;
  const path = memberSource(importPath);
  const pattern = path === undefined ? undefined : MEMBERS.get(path)?.members.get(member);
  return pattern === undefined ? undefined : { pattern, member, raw: `${path}.${member}` };
}

/**
 * The package row an import path falls under: a `raw: 'module'` row whose source is the path or a
 * prefix of it (a `gopkg.in` `.vN` suffix ignored), the longest one winning; otherwise a row that
 * matches every member of exactly that path.
 *
 * @param importPath The import path.
 * @returns The row with the matched source as raw identifier, or undefined.
 * @example
 * resolveGoPackage('github.com/jackc/pgx/v5/pgxpool')?.raw // 'github.com/jackc/pgx'
 */
export function resolveGoPackage(importPath: string): GoResolution | undefined {
  const parts = importPath.split('/');
  for (let n = parts.length; n > 0; n--) {
    const prefix = parts.slice(0, n).join('/');
    const pattern = MODULES.get(prefix) ?? MODULES.get(prefix.replace(/\.v\d+$/, ''));
    if (pattern !== undefined) return { pattern, raw: MODULES.has(prefix) ? prefix : prefix.replace(/\.v\d+$/, '') };
  }
  const source = memberSource(importPath);
  const fallback = source === undefined ? undefined : MEMBERS.get(source)?.fallback;
  return fallback === undefined ? undefined : { pattern: fallback, raw: source! };
}

/**
 * Whether an import path carries Go capability rows (members or a package row).
 *
 * @param importPath An import path.
 * @returns True for `os`, `os/exec`, `github.com/lib/pq/...`.
 * @example
 * isGoCapabilityPath('os/exec') // true
 */
export function isGoCapabilityPath(importPath: string): boolean {
  return memberSource(importPath) !== undefined || resolveGoPackage(importPath) !== undefined;
}
