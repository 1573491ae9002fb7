/**
 * `scanGoSource(text, { file })`: the scanner for one Go text, with the same result as the
 * JavaScript and Python scanners (`SourceScan`). Pure: no I/O.
 *
 * One tokenizer pass (`go-tokenize.ts`), the import declarations (`go-imports.ts`), one pass
 * collecting declarations (`go-scopes.ts`), then one walk over the tokens: a package-qualified
 * reference `exec.Command` whose package name is an import (and not hidden by a local declaration
 * of the same name) is looked up in the Go rows (`patterns/go-capabilities.ts`); so is a bare
 * name of a dot-imported package. Names inside comments, strings and raw strings are never
 * references, and a method `x.Command()` on a value is not `exec.Command`. Packages whose import
 * is the capability are reported at the import, blank imports included. Which other files of the
 * package a file needs is `go-symbols.ts`'s business (`scan-files.ts` asks it). A text the
 * tokenizer cannot follow gets a `scan.not-analyzed` finding, never a clean result.
 *
 * @module
 */
import type { FileAccess, ImportRecord, ScanSourceOptions, SourceScan } from '../types.ts';
import { tokenizeGo, type GoComment, type GoLexResult, type GoToken } from './go-tokenize.ts';
import { readGoImports, type GoImportSpec } from './go-imports.ts';
import { GO_KEYWORDS, GO_PREDECLARED, collectGoScopes, type GoScopes } from './go-scopes.ts';
import { GO_PATTERN_BY_ID, resolveGoMember, resolveGoMethod, resolveGoPackage, type GoResolution } from './go-index.ts';
import { GoFindings } from './go-findings.ts';
import { GoEvasion, goCallArguments } from './go-evasion.ts';
import { GoValueTypes, type GoKnownType, type GoPackageFacts } from './go-value-types.ts';

/** Open flags (`O_*`) and Windows desired-access rights (CreateFile's second argument). */
const FLAG_NAME = /^(?:O_[A-Z]+|(?:GENERIC|FILE|STANDARD)_[A-Z_]+|DELETE|READ_CONTROL|WRITE_DAC|WRITE_OWNER|SYNCHRONIZE)$/;
/** Open flags and access rights that allow writing. */
const WRITE_FLAG = /^(?:O_(?:WRONLY|RDWR|CREATE|CREAT|APPEND|TRUNC|EXCL|TMPFILE)|GENERIC_(?:WRITE|ALL)|FILE_(?:WRITE|APPEND)_[A-Z]+|FILE_GENERIC_WRITE|FILE_ALL_ACCESS|STANDARD_RIGHTS_(?:ALL|REQUIRED)|DELETE|WRITE_DAC|WRITE_OWNER)$/;
/** Raw system call entry points of syscall and golang.org/x/sys/unix (the first argument is the call's number). */
const RAW_SYSCALL = /^(?:Raw)?Syscall(?:\d*|N|NoError)$/;
const BASE64_ENCODINGS = new Set(['StdEncoding', 'URLEncoding', 'RawStdEncoding', 'RawURLEncoding']);
/** os functions whose open of the null device (`os.OpenFile(os.DevNull, os.O_WRONLY, 0)`) touches no file. */
const NULL_DEVICE_OPENS = new Set(['Open', 'OpenFile', 'Create']);
/** Packages whose constants may spell open flags. */
const FLAG_PACKAGES = new Set(['os', 'syscall', 'golang.org/x/sys/unix', 'golang.org/x/sys/windows']);

/**
 * Scan one Go source text.
 *
 * @param text The file's text.
 * @param options `file`: the name used in findings.
 * @returns Findings (capabilities, environment, evasion, not-analyzed) and every import.
 * @example
 * scanGoSource('package h\nimport x "os/exec"\nfunc f() { x.Command("ls") }\n', { file: 'h.go' }).findings[0].identifier // 'os/exec.Command'
 */
export function scanGoSource(text: string, options: ScanSourceOptions): SourceScan {
  return new GoScanner(text, options.file, tokenizeGo(text), options.goLocalModules ?? [], options.goPackage).run();
}

/**
 * What a Go file declares at package level for the other files of its package (see
 * {@link GoPackageFacts}): pass the merged facts of a file's siblings as `goPackage`.
 *
 * @param text The file's text.
 * @returns Its struct types, fields, methods and result types.
 * @example
 * goPackageFacts('package p\nimport "github.com/mmcdole/gofeed"\nfunc mk() *gofeed.Parser { return nil }\n').results.get('mk') // { spec: …, type: 'Parser' }
 */
export function goPackageFacts(text: string): GoPackageFacts {
  const lex = tokenizeGo(text);
  const named = new Map<string, GoImportSpec>();
  for (const spec of readGoImports(lex.tokens)) if (spec.form === 'named') named.set(spec.name, spec);
  return new GoValueTypes(lex.tokens, lex.match, collectGoScopes(lex.tokens, lex.match), named).facts();
}

/**
 * The method names a Go file calls (or takes) on values whose struct type in its package is known,
 * with the types declaring those methods ({@link GoValueTypes.methodOwners}), so that following
 * the package's files by name reaches only those types' methods.
 *
 * @param text The file's text.
 * @param pkg The merged facts of its package's files ({@link goPackageFacts}).
 * @returns Per method name: the receiver types whose method it is.
 * @example
 * goMethodOwners('package p\ntype R struct{}\nfunc (r *R) Pull() {}\nfunc f(r *R) { r.Pull() }\n').get('Pull') // Set { 'R' }
 */
export function goMethodOwners(text: string, pkg?: GoPackageFacts): Map<string, Set<string>> {
  const lex = tokenizeGo(text);
  const named = new Map<string, GoImportSpec>();
  for (const spec of readGoImports(lex.tokens)) if (spec.form === 'named') named.set(spec.name, spec);
  return new GoValueTypes(lex.tokens, lex.match, collectGoScopes(lex.tokens, lex.match), named, pkg).methodOwners();
}

class GoScanner {
  private readonly tokens: GoToken[];
  private readonly match: Int32Array;
  private readonly specs: GoImportSpec[];
  private readonly scopes: GoScopes;
  private readonly findings: GoFindings;
  private readonly evasion: GoEvasion;
  /** The package types of the file's values (built on the first method call on a value). */
  private values: GoValueTypes | undefined;
  /** Named imports by the name the file uses. */
  private readonly named = new Map<string, GoImportSpec>();
  private readonly dots: GoImportSpec[] = [];
  /** Named imports with at least one capability reported at a use. */
  private readonly used = new Set<GoImportSpec>();

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly lex: GoLexResult,
    private readonly localModules: readonly string[],
    private readonly packageFacts: GoPackageFacts | undefined,
  ) {
    this.tokens = lex.tokens;
    this.match = lex.match;
    this.specs = readGoImports(this.tokens);
    this.scopes = collectGoScopes(this.tokens, this.match);
    this.findings = new GoFindings(text, file, this.tokens);
    this.evasion = new GoEvasion(this.tokens, this.match, this.findings);
    for (const spec of this.specs) {
      if (spec.form === 'named') this.named.set(spec.name, spec);
      else if (spec.form === 'dot') this.dots.push(spec);
    }
  }

  private op(k: number, value: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'op' && t.value === value;
  }

  run(): SourceScan {
    this.findings.notAnalyzed(this.lex.problems);
    for (const spec of this.specs) this.importSite(spec);
    const reflect = this.specs.some((s) => s.path === 'reflect');
    const { tokens } = this;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type !== 'ident') continue;
      if (this.op(i - 1, '.')) {
        if (reflect && t.value === 'MethodByName' && this.op(i + 1, '(')) this.evasion.reflectCall(i);
        // `.Method(` on a value whose type is known: `fp.ParseURL(u)` after `fp := gofeed.NewParser()`,
        // `h.feeds.ParseURL(u)` (a struct field), `s.client().Get(u)`, `newParser().ParseURL(u)`
        // (a function's or a method's result), `h.srv.parser().ParseURL(u)` (a chain of them).
        if (this.op(i + 1, '(') && (tokens[i - 2]?.type === 'ident' || this.op(i - 2, ')')) && !this.valueTypes().importAt(i - 2)) this.valueMethod(i - 2, this.valueTypes().exprType(i - 2));
        continue;
      }
      if (t.value === 'string') this.evasion.charCodes(i);
      if (GO_KEYWORDS.has(t.value)) continue;
      // A method called on a name's value or on a call's result is read at the method (above).
      if (this.scopes.shadows(t.value, i)) continue;
      const spec = this.named.get(t.value);
      if (spec !== undefined) {
        if (this.op(i + 1, '.') && tokens[i + 2]?.type === 'ident') this.qualified(spec, i);
        continue;
      }
      if (this.scopes.sites.has(i) || GO_PREDECLARED.has(t.value) || this.op(i + 1, ':')) continue;
      if (this.dots.length > 0) this.dotMember(i);
    }
    this.unusedImports();
    this.bodyless();
    this.evasion.linknames(this.lex.comments);
    this.evasion.fileHeuristics(this.lex);
    const imports: ImportRecord[] = this.specs.map((s) => s.record);
    return { file: this.file, findings: this.findings.sorted(), imports };
  }

  /**
   * Package-level `func` declarations without a body (`func doit(p *byte)` and nothing after):
   * Go compiles the body from an assembly file of the package (`doit_amd64.s`), machine code that
   * can make any system call, so it counts as native code. A name a `//go:linkname` directive binds
   * is left to `evasion.go-linkname`, and a `//go:wasmimport` function is a host call, not code.
   * The body's `{` must open on the line the signature ends (Go inserts a semicolon at the line
   * end otherwise); a result type holding a `{` (`struct{…}`) counts as having one.
   */
  private bodyless(): void {
    const { tokens, match } = this;
    const linked = new Set<string>();
    const hosted = new Set<number>();
    for (const c of this.lex.comments) {
      if (c.text.startsWith('//go:linkname ')) linked.add(c.text.slice(14).trim().split(/\s+/)[0]!);
      else if (c.text.startsWith('//go:wasmimport ')) hosted.add(c.line);
    }
    const pattern = GO_PATTERN_BY_ID.get('code-evaluation.go-assembly')!;
    let depth = 0;
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.type === 'op') {
        if (t.value === '(' || t.value === '[' || t.value === '{') depth++;
        else if (t.value === ')' || t.value === ']' || t.value === '}') depth--;
        continue;
      }
      if (depth !== 0 || t.type !== 'ident' || t.value !== 'func' || (k > 0 && tokens[k - 1]!.line === t.line)) continue;
      let j = k + 1;
      if (this.op(j, '(')) j = match[j]! + 1;
      const name = tokens[j];
      if (j <= 0 || name?.type !== 'ident') continue;
      j++;
      if (this.op(j, '[')) j = match[j]! + 1;
      if (j <= 0 || !this.op(j, '(') || match[j]! < 0) continue;
      j = match[j]! + 1;
      let line = tokens[j - 1]!.line;
      let body = false;
      while (j < tokens.length && tokens[j]!.line === line) {
        if (this.op(j, '{')) {
          body = true;
          break;
        }
        if ((this.op(j, '(') || this.op(j, '[')) && match[j]! > j) {
          j = match[j]! + 1;
          line = tokens[j - 1]!.line;
        } else j++;
      }
      if (body || linked.has(name.value) || hosted.has(t.line - 1)) continue;
      this.findings.capability({ pattern, raw: 'assembly' }, this.findings.where(k), undefined, `func ${name.value} has no body: its code is assembly or linked in`);
    }
  }

  /** Whether the identifier at `i` is followed by `.Method(`. */
  private methodCall(i: number): boolean {
    return this.op(i + 1, '.') && this.tokens[i + 2]?.type === 'ident' && this.op(i + 3, '(');
  }

  private valueTypes(): GoValueTypes {
    return (this.values ??= new GoValueTypes(this.tokens, this.match, this.scopes, this.named, this.packageFacts));
  }

  /**
   * `.Method(` after the value at `i` of type `value`: a `Type.Method` row of that package, or for
   * a struct of the file, of a package type it embeds (a method Go promotes).
   */
  private valueMethod(i: number, value: GoKnownType | undefined): void {
    if (value === undefined) return;
    const method = this.tokens[i + 2]!.value;
    for (const type of this.valueTypes().methodTypes(value, method)) {
      const resolution = resolveGoMethod(type.spec.path, type.type, method);
      if (resolution === undefined) continue;
      this.used.add(type.spec);
      const via = 'local' in value ? `, embedded in ${value.local}` : '';
      this.findings.capability(resolution, this.findings.where(i + 2), undefined, `method of a ${type.type} of "${type.spec.path}"${via}`);
      return;
    }
  }

  /** A package whose import is the capability (`_ "github.com/lib/pq"`, `import "C"`), at the import. */
  private importSite(spec: GoImportSpec): void {
    const resolution = resolveGoPackage(spec.path);
    if (resolution === undefined) return;
    const where = this.findings.where(spec.index);
    if (spec.path === 'C') this.cgoPreamble(spec);
    if (resolution.pattern.raw === 'module') {
      // The file's own module (or a local replacement): its packages are scanned as code, not
      // counted as the package the path looks like.
      if (this.localModules.some((m) => spec.path === m || spec.path.startsWith(`${m}/`))) return;
      this.findings.capability(resolution, where, undefined, spec.form === 'blank' ? `blank import of "${spec.path}": its init runs` : `imports "${spec.path}"`);
    } else if (spec.form !== 'named') {
      // A row matching every member: a blank import runs its init, a dot import uses bare names.
      this.findings.capability(resolution, where, undefined, `${spec.form} import of "${spec.path}"`);
    }
  }

  /**
   * The cgo preamble (the comments right above `import "C"`) is C source compiled into the
   * package: a C library function it calls (`system(c)` inside a `static int run(…)` the Go code
   * calls as `C.run`) counts at the import, as `C.system(…)` written in Go does. A name counts when
   * a `(` follows it, so `#include <stdlib.h>` and a declared variable are nothing.
   */
  private cgoPreamble(spec: GoImportSpec): void {
    const keyword = this.tokens[spec.index - 1]?.value === 'import' ? this.tokens[spec.index - 1]! : this.tokens[spec.index]!;
    const ends = (c: GoComment): number => c.line + (c.text.match(/\n/g)?.length ?? 0);
    const group: GoComment[] = [];
    let line = keyword.line - 1;
    for (let k = this.lex.comments.length - 1; k >= 0; k--) {
      const c = this.lex.comments[k]!;
      if (ends(c) > line) continue;
      if (ends(c) < line) break;
      group.unshift(c);
      line = c.line - 1;
    }
    const seen = new Set<string>();
    for (const c of group) {
      for (const m of c.text.matchAll(/[A-Za-z_]\w*/g)) {
        const name = m[0];
        if (seen.has(name) || !/^\s*\(/.test(c.text.slice(m.index! + name.length))) continue;
        const resolution = resolveGoMember('C', name);
        if (resolution === undefined || resolution.pattern.members?.includes(name) !== true) continue;
        seen.add(name);
        this.findings.capability(resolution, this.findings.where(spec.index), undefined, `the cgo preamble calls ${name}(…)`);
      }
    }
  }

  /** `pkg.Member` where `pkg` is a named import (token `i`). */
  private qualified(spec: GoImportSpec, i: number): void {
    const { tokens } = this;
    const member = tokens[i + 2]!.value;
    if (spec.path === 'encoding/base64' && BASE64_ENCODINGS.has(member) && this.op(i + 3, '.') && tokens[i + 4]?.value === 'DecodeString' && this.op(i + 5, '(')) this.evasion.decode('base64', i, i + 5);
    else if (spec.path === 'encoding/hex' && member === 'DecodeString' && this.op(i + 3, '(')) this.evasion.decode('hex', i, i + 3);
    else if ((spec.path === 'syscall' || spec.path === 'golang.org/x/sys/unix') && RAW_SYSCALL.test(member)) {
      if (this.op(i + 3, '(')) this.evasion.rawSyscall(i, i + 3, (name) => FLAG_PACKAGES.has(this.named.get(name)?.path ?? ''));
      // `var sys = syscall.Syscall; sys(59, …)`: the number it is called with is read nowhere.
      else this.findings.evasion('evasion.go-raw-syscall', 'medium', this.findings.where(i), `${member} taken as a value: the system call numbers it is called with are not read`, true);
    }
    const method = this.method(spec.path, member, i + 3);
    const resolution = method ?? resolveGoMember(spec.path, member);
    // `gofeed.NewParser().ParseURL(u)`: a method of the value the constructor makes.
    const made = GoValueTypes.constructed(member);
    const close = made !== undefined && this.op(i + 3, '(') ? this.match[i + 3] ?? -1 : -1;
    if (close > i + 3 && this.methodCall(close)) this.valueMethod(close, { spec, type: made! });
    if (resolution === undefined) return;
    this.used.add(spec);
    const open = method === undefined ? i + 3 : i + 5;
    if (resolution.pattern.nilSource !== undefined && !this.nilArgument(open, resolution.pattern.nilSource)) return;
    if (spec.path === 'os' && NULL_DEVICE_OPENS.has(member) && this.nullDevice(open)) return;
    const decided = this.access(resolution, open);
    this.findings.capability(resolution, this.findings.where(i), decided.access, decided.detail, this.companions(resolution, open));
  }

  /** A method called on a package variable: `.Import` at token `dot` after `build.Default`. */
  private method(path: string, variable: string, dot: number): GoResolution | undefined {
    const name = this.tokens[dot + 1];
    return this.op(dot, '.') && name?.type === 'ident' ? resolveGoMethod(path, variable, name.value) : undefined;
  }

  /** A bare name of a dot-imported package (`. "os"` makes `WriteFile(…)` mean `os.WriteFile`). */
  private dotMember(i: number): void {
    const name = this.tokens[i]!.value;
    for (const spec of this.dots) {
      const method = this.method(spec.path, name, i + 1);
      const resolution = method ?? resolveGoMember(spec.path, name);
      if (resolution === undefined || resolution.pattern.members?.includes(resolution.member!) !== true) continue;
      const open = method === undefined ? i + 1 : i + 3;
      if (resolution.pattern.nilSource !== undefined && !this.nilArgument(open, resolution.pattern.nilSource)) return;
      if (spec.path === 'os' && NULL_DEVICE_OPENS.has(name) && this.nullDevice(open)) return;
      const decided = this.access(resolution, open);
      this.findings.capability(resolution, this.findings.where(i), decided.access, decided.detail, this.companions(resolution, open));
      return;
    }
  }

  /** Whether the call whose `(` is at `open` names the null device first: `os.DevNull` (also bare, through a dot import of os) or `"/dev/null"`. */
  private nullDevice(open: number): boolean {
    if (!this.op(open, '(')) return false;
    const range = goCallArguments(this.tokens, this.match, open)[0];
    if (range === undefined) return false;
    const t = this.tokens.slice(range[0], range[1]);
    if (t.length === 1) return (t[0]!.type === 'string' && t[0]!.value === '/dev/null') || (t[0]!.value === 'DevNull' && this.dots.some((spec) => spec.path === 'os') && !this.scopes.shadows('DevNull', range[0]));
    return t.length === 3 && t[0]!.type === 'ident' && this.named.get(t[0]!.value)?.path === 'os' && !this.scopes.shadows(t[0]!.value, range[0]) && t[1]!.value === '.' && t[2]!.value === 'DevNull';
  }

  /** Whether a row's companions apply to the call whose `(` is at `open` (not when its `alsoUnless` argument names one of its constants). */
  private companions(resolution: GoResolution, open: number): boolean {
    const unless = resolution.pattern.alsoUnless;
    if (unless === undefined || !this.op(open, '(')) return true;
    const range = goCallArguments(this.tokens, this.match, open)[unless.index];
    if (range === undefined) return true;
    for (let k = range[0]; k < range[1]; k++) {
      const t = this.tokens[k]!;
      if (t.type === 'ident' && unless.names.includes(t.value) && (this.op(k - 1, '.') || this.dots.length > 0)) return false;
    }
    return true;
  }

  /** Whether the call whose `(` is at `open` passes the literal `nil` as argument `index`. */
  private nilArgument(open: number, index: number): boolean {
    if (!this.op(open, '(')) return false;
    const range = goCallArguments(this.tokens, this.match, open)[index];
    return range !== undefined && range[1] === range[0] + 1 && this.tokens[range[0]]!.value === 'nil' && !this.scopes.shadows('nil', range[0]);
  }

  /** The access a row decides from a call's flags (none for other rows). */
  private access(resolution: GoResolution, open: number): { access?: FileAccess; detail?: string } {
    const { flags } = resolution.pattern;
    if (flags === undefined) return {};
    const decided = this.openFlags(open, flags);
    // CreateFile(name, access, share, security, disposition, …): read-only access still creates or
    // truncates the file unless the disposition is OPEN_EXISTING.
    if (decided.access === 'read' && resolution.member === 'CreateFile') {
      const range = goCallArguments(this.tokens, this.match, open)[4];
      const last = range === undefined ? undefined : this.tokens[range[1] - 1];
      if (last?.value !== 'OPEN_EXISTING') return { access: 'write', detail: `${decided.detail}, disposition not OPEN_EXISTING` };
    }
    return decided;
  }

  /** Read or write from the open flags of the call whose `(` is at `open`. */
  private openFlags(open: number, index: number): { access: FileAccess; detail: string } {
    const notLiteral = { access: 'write', detail: 'flags are not a literal: counted as a write' } as const;
    if (!this.op(open, '(')) return { access: 'write', detail: 'taken as a value: counted as a write' };
    const range = goCallArguments(this.tokens, this.match, open)[index];
    if (range === undefined) return notLiteral;
    const flags: string[] = [];
    let number = 0;
    for (let k = range[0]; k < range[1]; k++) {
      const t = this.tokens[k]!;
      if (t.type === 'op' && (t.value === '|' || t.value === '.')) continue;
      if (t.type === 'number' && /^\d+$/.test(t.value)) number |= Number(t.value);
      // A flag is `os.O_WRONLY` (or a bare one through a dot import of os/syscall/unix); a bare
      // `O_RDONLY` the file declares itself may hold anything.
      else if (t.type === 'ident' && FLAG_NAME.test(t.value) && (this.op(k - 1, '.') || this.dots.some((spec) => FLAG_PACKAGES.has(spec.path)))) flags.push(t.value);
      else if (!(t.type === 'ident' && FLAG_PACKAGES.has(this.named.get(t.value)?.path ?? '') && this.op(k + 1, '.'))) return notLiteral;
    }
    const shown = flags.length > 0 ? flags.join('|') : String(number);
    return flags.some((f) => WRITE_FLAG.test(f)) || (number & 3) !== 0 || (number & ~3) !== 0 ? { access: 'write', detail: `flags ${shown}` } : { access: 'read', detail: `flags ${shown}` };
  }

  /** A named import of a package whose every member counts, with no use recognized: at the import. */
  private unusedImports(): void {
    for (const spec of this.specs) {
      if (spec.form !== 'named' || this.used.has(spec)) continue;
      const resolution = resolveGoPackage(spec.path);
      if (resolution === undefined || resolution.pattern.raw === 'module') continue;
      this.findings.capability(resolution, this.findings.where(spec.index), undefined, 'imported, but no use of a capability member is recognized in this file');
    }
  }
}
