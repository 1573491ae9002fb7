/**
 * Go files, packages and modules: which files are Go, which files of a directory belong to a
 * package build (`_test.go` files and files constrained `//go:build ignore` do not), the package
 * clause of a file, the module path of a `go.mod`, and the directory a module-local import path
 * names. Pure text and path arithmetic on `/`-separated paths; listing a directory is the caller's
 * injected {@link ListDirectory}.
 *
 * @module
 */
import { extensionOf, joinPath } from '../import-candidates.ts';

/** Extensions the scanner reads as Go. */
export const GO_EXTENSIONS: readonly string[] = ['.go'];

/**
 * Lists the file names (not paths) of a directory, or `undefined` when it does not exist. Injected
 * I/O: without one, the scanner cannot find the other files of a Go package.
 */
export type ListDirectory = (dir: string) => readonly string[] | undefined | Promise<readonly string[] | undefined>;

/**
 * Whether a file is Go (a `.go` extension).
 *
 * @param file The file name.
 * @returns True for Go.
 * @example
 * isGoFile('internal/tools/search.go') // true
 */
export function isGoFile(file: string): boolean {
  return GO_EXTENSIONS.includes(extensionOf(file));
}

/**
 * Whether a file name is a Go source of a package build: `.go`, not `_test.go` (tests are not
 * handlers), not hidden or `_`-prefixed (the go tool ignores those too).
 *
 * @param name A file name without directory.
 * @returns True when the go tool would compile it into the package (build tags aside).
 * @example
 * isGoPackageFileName('search_test.go') // false
 */
export function isGoPackageFileName(name: string): boolean {
  return name.endsWith('.go') && !name.endsWith('_test.go') && !name.startsWith('.') && !name.startsWith('_');
}

const PACKAGE_CLAUSE = /^package\s+([\p{L}_][\p{L}\p{Nd}_]*)/u;

/**
 * The header of a Go file: its package name and whether a `//go:build` (or `// +build`) line
 * before the package clause leaves the file out of every build (`ignore`, `ignore && linux`:
 * generators and examples that are never compiled), read where the go tool reads them.
 *
 * @param text A Go file's text.
 * @returns The package name (undefined when there is no clause) and the ignore flag.
 * @example
 * goFileHeader('//go:build ignore\n\npackage main\n') // { name: 'main', ignored: true }
 */
export function goFileHeader(text: string): { name: string | undefined; ignored: boolean } {
  // The header: blank space and comments up to the package clause; a `package` inside a comment is
  // no clause.
  let k = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (k < text.length && /\s/.test(text[k]!)) k++;
    if (text.startsWith('//', k)) {
      const end = text.indexOf('\n', k);
      k = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', k)) {
      const end = text.indexOf('*/', k + 2);
      k = end < 0 ? text.length : end + 2;
    } else break;
  }
  const clause = PACKAGE_CLAUSE.exec(text.slice(k, k + 400));
  const { goBuild, plusBuild } = buildConstraints(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  // Only the `ignore` tag is honoured: a file is left out when its constraint holds for no set
  // of the other tags with `ignore` unset (`//go:build ignore`, `ignore && linux`, a `+build`
  // line `linux,ignore`); `ignore || linux` builds on Linux, and every other constraint (OS,
  // architecture, custom tags) is read as met somewhere, so every platform's files count.
  const ignored = goBuild !== undefined ? neverBuilt(parseGoBuild(goBuild)) : plusBuild.length > 0 && neverBuilt(parsePlusBuild(plusBuild));
  return { name: clause?.[1], ignored };
}

/** A build constraint: a tag, `!x`, `x && y`, `x || y`. */
type Constraint = { tag: string } | { not: Constraint } | { and: [Constraint, Constraint] } | { or: [Constraint, Constraint] };

/** A `//go:build` expression (`linux && (amd64 || arm64)`), or undefined when it does not parse. */
function parseGoBuild(text: string): Constraint | undefined {
  const tokens = text.match(/&&|\|\||[()!]|[^\s()!&|]+|\S/g) ?? [];
  let k = 0;
  const or = (): Constraint | undefined => {
    let left = and();
    while (left !== undefined && tokens[k] === '||') {
      k++;
      const right = and();
      left = right === undefined ? undefined : { or: [left, right] };
    }
    return left;
  };
  const and = (): Constraint | undefined => {
    let left = not();
    while (left !== undefined && tokens[k] === '&&') {
      k++;
      const right = not();
      left = right === undefined ? undefined : { and: [left, right] };
    }
    return left;
  };
  const not = (): Constraint | undefined => {
    const t = tokens[k++];
    if (t === '!') {
      const inner = not();
      return inner === undefined ? undefined : { not: inner };
    }
    if (t === '(') {
      const inner = or();
      return tokens[k++] === ')' ? inner : undefined;
    }
    return t !== undefined && /^[\p{L}\p{Nd}_.]+$/u.test(t) ? { tag: t } : undefined;
  };
  const expr = or();
  return k === tokens.length ? expr : undefined;
}

/** `// +build` lines: each a space-separated OR of comma-separated ANDs of `tag` or `!tag`; the lines are ANDed. */
function parsePlusBuild(lines: readonly string[]): Constraint | undefined {
  let all: Constraint | undefined;
  for (const line of lines) {
    let any: Constraint | undefined;
    for (const option of line.split(/\s+/).filter((o) => o !== '')) {
      let each: Constraint | undefined;
      for (const term of option.split(',')) {
        const tag = term.startsWith('!') ? term.slice(1) : term;
        if (!/^[\p{L}\p{Nd}_.]+$/u.test(tag)) return undefined;
        const c: Constraint = term.startsWith('!') ? { not: { tag } } : { tag };
        each = each === undefined ? c : { and: [each, c] };
      }
      if (each !== undefined) any = any === undefined ? each : { or: [any, each] };
    }
    if (any === undefined) continue;
    all = all === undefined ? any : { and: [all, any] };
  }
  return all;
}

/**
 * Whether a constraint is false for every set of tags with `ignore` unset (tried exhaustively up
 * to 12 other tags; beyond that, and for a constraint that does not parse, the file is built).
 */
function neverBuilt(constraint: Constraint | undefined): boolean {
  if (constraint === undefined) return false;
  const tags = new Set<string>();
  const collect = (c: Constraint): void => {
    if ('tag' in c) {
      if (c.tag !== 'ignore') tags.add(c.tag);
    } else if ('not' in c) collect(c.not);
    else for (const part of 'and' in c ? c.and : c.or) collect(part);
  };
  collect(constraint);
  const names = [...tags];
  if (names.length > 12) return false;
  const holds = (c: Constraint, set: ReadonlySet<string>): boolean =>
    'tag' in c ? set.has(c.tag) : 'not' in c ? !holds(c.not, set) : 'and' in c ? holds(c.and[0], set) && holds(c.and[1], set) : holds(c.or[0], set) || holds(c.or[1], set);
  for (let mask = 0; mask < 1 << names.length; mask++) {
    if (holds(constraint, new Set(names.filter((_, k) => (mask & (1 << k)) !== 0)))) return false;
  }
  return true;
}

/** Go's `bytes.TrimSpace` (Unicode white space, not a byte-order mark). */
function trimSpace(line: string): string {
  return line.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '');
}

/**
 * The build constraints of a file as the go tool reads them (`parseFileHeader` in go/build): a
 * `//go:build` line anywhere in the leading comments (not inside a block comment, and only at
 * the start of a line), and `// +build` lines only in the leading run of `//` comments and blank
 * lines that ends at a blank line: a `// +build ignore` line directly above the package clause,
 * or after a block comment, is no constraint and the file is built.
 */
function buildConstraints(text: string): { goBuild: string | undefined; plusBuild: string[] } {
  let goBuild: string | undefined;
  let end = 0;
  let ended = false;
  let inSlashStar = false;
  let pos = 0;
  lines: while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    let line = trimSpace(text.slice(pos, newline < 0 ? text.length : newline));
    pos = newline < 0 ? text.length : newline + 1;
    if (line === '' && !ended) {
      end = pos;
      continue;
    }
    if (!line.startsWith('//')) ended = true;
    const go = inSlashStar ? null : /^\/\/go:build(?:[\t\n\v\f\r \u0085\u00a0]+(.*))?$/.exec(line);
    if (go !== null) goBuild ??= trimSpace(go[1] ?? '');
    while (line.length > 0) {
      if (inSlashStar) {
        const close = line.indexOf('*/');
        if (close < 0) continue lines;
        inSlashStar = false;
        line = trimSpace(line.slice(close + 2));
      } else if (line.startsWith('//')) continue lines;
      else if (line.startsWith('/*')) {
        inSlashStar = true;
        line = trimSpace(line.slice(2));
      } else break lines;
    }
  }
  const plusBuild: string[] = [];
  for (const raw of text.slice(0, end).split('\n')) {
    const plus = /^\/\/\s*\+build(?:\s+(.*))?$/.exec(trimSpace(raw));
    if (plus !== null) plusBuild.push(trimSpace(plus[1] ?? ''));
  }
  return { goBuild, plusBuild };
}

/**
 * The module path of a `go.mod` text.
 *
 * @param text The text of a `go.mod` file.
 * @returns The path of its `module` directive, or undefined.
 * @example
 * goModulePath('module example.com/notes\n\ngo 1.22\n') // 'example.com/notes'
 */
export function goModulePath(text: string): string | undefined {
  const m = /^\s*module\s+"?([^\s"]+)"?/m.exec(text);
  return m?.[1];
}

/**
 * The `replace` directives of a `go.mod` (or `go.work`) text whose target is a directory
 * (`replace github.com/acme/helpers => ../helpers`, also inside `replace ( … )`): the module is
 * then local code, read from that directory. Targets with a version (another module) are left out.
 *
 * @param text The text of a `go.mod` or `go.work` file.
 * @returns The replaced module paths and their directories as written (relative to the file's directory, or absolute).
 * @example
 * goLocalReplacements('module m\nreplace example.com/x v1.0.0 => ./x\n') // [{ path: 'example.com/x', target: './x' }]
 */
export function goLocalReplacements(text: string): Array<{ path: string; target: string }> {
  return goDirectives(text, 'replace').flatMap((spec) => {
    const m = /^("[^"]*"|\S+)(?:\s+\S+)?\s*=>\s*("[^"]*"|\S+)$/.exec(spec);
    if (m === null) return [];
    const [path, target] = [m[1]!.replace(/^"|"$/g, ''), m[2]!.replace(/^"|"$/g, '')];
    return isDirectoryPath(target) ? [{ path, target }] : [];
  });
}

/**
 * The module directories a `go.work` text uses (`use ./srv`, `use ( ./srv ./lib )`).
 *
 * @param text The text of a `go.work` file.
 * @returns The directories as written.
 * @example
 * goWorkUses('go 1.22\nuse (\n\t./srv\n\t./lib\n)\n') // ['./srv', './lib']
 */
export function goWorkUses(text: string): string[] {
  return goDirectives(text, 'use').map((spec) => spec.replace(/^"|"$/g, ''));
}

/** Whether a `replace` target is a directory (`./x`, `../x`, `/x`, `.`, `..`), as the go tool decides. */
function isDirectoryPath(target: string): boolean {
  return /^(?:\.\.?(?:[/\\]|$)|[/\\]|[A-Za-z]:[/\\])/.test(target);
}

/** The specs of one directive of a `go.mod`/`go.work` text, single-line or in a `( … )` block, comments removed. */
function goDirectives(text: string, verb: string): string[] {
  const out: string[] = [];
  let block = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (block) {
      if (line === ')') block = false;
      else if (line !== '') out.push(line);
      continue;
    }
    const m = new RegExp(`^${verb}(?:\\s+(.*)|\\s*\\(\\s*)$`).exec(line);
    if (m === null) continue;
    if (m[1] === undefined || m[1].trim() === '(') block = true;
    else out.push(m[1].trim());
  }
  return out;
}

/**
 * The directory a module-local import path names.
 *
 * @param importPath An import path, e.g. `example.com/notes/internal/store`.
 * @param modulePath The module path from `go.mod`.
 * @param moduleRoot The directory holding that `go.mod`.
 * @returns The directory, or undefined when the import is not inside the module.
 * @example
 * goLocalPackageDir('example.com/notes/internal/store', 'example.com/notes', '/srv') // '/srv/internal/store'
 */
export function goLocalPackageDir(importPath: string, modulePath: string, moduleRoot: string): string | undefined {
  if (importPath === modulePath) return moduleRoot;
  if (!importPath.startsWith(`${modulePath}/`)) return undefined;
  return joinPath(moduleRoot, importPath.slice(modulePath.length + 1));
}

/**
 * Whether an import path is of the standard library (no dot in its first element, as the go tool
 * decides), or the cgo pseudo-package `C`.
 *
 * @param importPath An import path.
 * @returns True for `os`, `net/http`, `C`; false for `github.com/x/y`.
 * @example
 * isGoStdlib('os/exec') // true
 */
export function isGoStdlib(importPath: string): boolean {
  return !importPath.split('/')[0]!.includes('.');
}

/**
 * The name a package is referred to by when imported without an alias: the last path element,
 * skipping a major-version element (`/v5`), without a `gopkg.in` `.vN` suffix, a `go-` prefix
 * or a `-go` suffix (`github.com/mattn/go-sqlite3` → `sqlite3`, `mcp-go` → `mcp`). The real name
 * is the package clause of the imported package; this is the convention almost every package
 * follows.
 *
 * @param importPath An import path.
 * @returns The guessed package name.
 * @example
 * goDefaultImportName('github.com/jackc/pgx/v5') // 'pgx'
 */
export function goDefaultImportName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1]!;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  last = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '');
  return last.replace(/[^\p{L}\p{Nd}_]/gu, '_');
}
