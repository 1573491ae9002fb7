/**
 * The shape of a Go capability row: a {@link CapabilityPattern} (id, family, title, sources,
 * members, access, raw, also) without the JavaScript-only argument checks, plus where a call's open
 * flags are (`os.OpenFile(name, flag, perm)`). Sources are import paths. A row with members matches
 * those exported names of exactly that import path; a row without members matches every exported
 * name of it (errors aside); a `raw: 'module'` row is a package whose import is the capability and
 * matches that path and every path below it (`github.com/jackc/pgx` matches `github.com/jackc/pgx/v5/pgxpool`).
 *
 * @module
 */
import type { CapabilityPattern } from '../types.ts';

/** One Go capability row. */
export type GoPattern = Omit<CapabilityPattern, 'accessFromArgs' | 'requiresStringArgument' | 'literalOption' | 'urlCompanion' | 'remoteWhenUrl' | 'localOption' | 'returns'> & {
  /** Decide read or write from the open flags at this argument index (a non-literal counts as a write). */
  flags?: number;
  /**
   * The call reads the file its previous argument names only when this argument is the literal
   * `nil` (`parser.ParseFile(fset, name, nil, mode)`); with source text given it reads nothing.
   */
  nilSource?: number;
  /**
   * The companion rows (`also`) are left out when this argument names one of these constants:
   * `build.Import(path, dir, build.FindOnly|build.AllowBinary)` never runs go list.
   */
  alsoUnless?: { index: number; names: readonly string[] };
};
