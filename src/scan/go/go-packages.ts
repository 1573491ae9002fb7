/**
 * Go packages on disk, for `scan-files.ts`: the files of a package directory (listed through the
 * injected {@link ListDirectory}, `_test.go` and `//go:build ignore` files left out, and files of
 * another package clause too when the clause is known), and the module a directory belongs to (the
 * nearest `go.mod` above it, with the modules its directory `replace`s and the nearest `go.work`
 * make local). Pure: reads go through the caller's functions, and results are kept
 * per directory for the run.
 *
 * @module
 */
import type { ReadSource } from '../types.ts';
import { dirname, joinPath } from '../import-candidates.ts';
import { goFileHeader, goLocalPackageDir, goLocalReplacements, goModulePath, goWorkUses, isGoPackageFileName, type ListDirectory } from './go-files.ts';

/** A `readSource` that can also list directories (how the `scan` command passes a lister through `scanTools`). */
export type ReadSourceWithListing = ReadSource & { listDirectory?: ListDirectory; listSubdirectories?: ListDirectory };

/** What listing a package directory gave. */
export type GoPackageFiles =
  | { kind: 'files'; files: string[] }
  | { kind: 'missing' }
  | { kind: 'unlisted' }
  | { kind: 'error'; message: string };

/** The module a directory belongs to. */
export interface GoModule {
  /** Module path (`example.com/notes`). */
  path: string;
  /** Directory holding the `go.mod`. */
  root: string;
  /**
   * Modules whose packages are local directories: this one, those its `go.mod` (or the `go.work`
   * above it) replaces with a directory, and the other modules the `go.work` uses.
   */
  locals: ReadonlyArray<{ path: string; root: string }>;
}

/**
 * The directory of a package in a module's local code: the module itself, a module replaced with
 * a directory or one of the workspace (the longest module path that matches).
 *
 * @param importPath An import path.
 * @param module The importing file's module.
 * @returns The directory, or undefined for a package from elsewhere.
 * @example
 * goLocalDir('github.com/acme/helpers/run', { path: 'example.com/srv', root: '/w/srv', locals: [{ path: 'github.com/acme/helpers', root: '/w/helpers' }] }) // '/w/helpers/run'
 */
export function goLocalDir(importPath: string, module: GoModule): string | undefined {
  let best: { path: string; root: string } | undefined;
  for (const local of [{ path: module.path, root: module.root }, ...module.locals]) {
    if ((importPath === local.path || importPath.startsWith(`${local.path}/`)) && (best === undefined || local.path.length > best.path.length)) best = local;
  }
  return best === undefined ? undefined : goLocalPackageDir(importPath, best.path, best.root);
}

/** The value most entries have (undefined on a tie or when none has one). */
function mostCommon(values: ReadonlyArray<string | undefined>): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  return sorted.length === 0 || sorted[1]?.[1] === sorted[0]![1] ? undefined : sorted[0]![0];
}

/** Package directories and modules, looked up once per directory. */
export class GoPackages {
  private readonly modules = new Map<string, Promise<GoModule | undefined>>();

  /**
   * @param read Reads a file's text (undefined when it is missing or cannot be read).
   * @param list Lists a directory, or undefined when the caller cannot.
   */
  constructor(
    private readonly read: (path: string) => Promise<string | undefined>,
    private readonly list: ListDirectory | undefined,
  ) {}

  /** Whether directories can be listed. */
  get canList(): boolean {
    return this.list !== undefined;
  }

  /**
   * The Go files of a package directory, sorted.
   *
   * @param dir The directory.
   * @param packageName Keep only files with this package clause (the importing file's own package);
   *   without one, the clause most files have (all files on a tie).
   * @returns The files, or why there are none.
   */
  async files(dir: string, packageName?: string): Promise<GoPackageFiles> {
    if (this.list === undefined) return { kind: 'unlisted' };
    let names: readonly string[] | undefined;
    try {
      names = await this.list(dir);
    } catch (cause) {
      // A listing failure is a named result: the package becomes a not-analyzed finding.
      return { kind: 'error', message: cause instanceof Error ? cause.message : String(cause) };
    }
    if (names === undefined) return { kind: 'missing' };
    const read: Array<{ path: string; name: string | undefined }> = [];
    for (const name of [...names].filter(isGoPackageFileName).sort()) {
      const path = `${dir === '/' ? '' : dir}/${name}`;
      const text = await this.read(path);
      if (text === undefined) continue;
      const header = goFileHeader(text);
      if (!header.ignored) read.push({ path, name: header.name });
    }
    // One package per directory: without a clause to match, the one most files declare (a
    // `package main` generator behind a custom tag beside them is built into no package with them).
    const wanted = packageName ?? mostCommon(read.map((f) => f.name));
    return { kind: 'files', files: read.filter((f) => wanted === undefined || f.name === undefined || f.name === wanted).map((f) => f.path) };
  }

  /**
   * The module of a directory: the nearest `go.mod` at or above it.
   *
   * @param dir A directory.
   * @returns Its module path and root, or undefined when no `go.mod` (with a module line) is found.
   */
  module(dir: string): Promise<GoModule | undefined> {
    let found = this.modules.get(dir);
    if (found === undefined) {
      found = this.lookUp(dir);
      this.modules.set(dir, found);
    }
    return found;
  }

  private async lookUp(dir: string): Promise<GoModule | undefined> {
    const text = await this.read(`${dir === '/' ? '' : dir}/go.mod`);
    const path = text === undefined ? undefined : goModulePath(text);
    if (path !== undefined) {
      const locals = goLocalReplacements(text!).map((r) => ({ path: r.path, root: joinPath(dir, r.target) }));
      locals.push(...(await this.workspace(dir)));
      return { path, root: dir, locals };
    }
    const up = dirname(dir);
    return up === dir || up === '.' ? undefined : this.module(up);
  }

  /** The modules of the nearest `go.work` at or above `dir` (its `use` directories and directory replacements). */
  private async workspace(dir: string): Promise<Array<{ path: string; root: string }>> {
    for (let at = dir; ; ) {
      const text = await this.read(`${at === '/' ? '' : at}/go.work`);
      if (text !== undefined) {
        const locals = goLocalReplacements(text).map((r) => ({ path: r.path, root: joinPath(at, r.target) }));
        for (const use of goWorkUses(text)) {
          const root = joinPath(at, use);
          const mod = await this.read(`${root === '/' ? '' : root}/go.mod`);
          const path = mod === undefined ? undefined : goModulePath(mod);
          if (path !== undefined) locals.push({ path, root });
        }
        return locals;
      }
      const up = dirname(at);
      if (up === at || up === '.') return [];
      at = up;
    }
  }
}
