/**
 * The evasion heuristics of the Go scanner. They report under the JavaScript ids where the trick
 * is the same (`evasion.from-char-code` for `string([]byte{…})` and `string(rune(…)) + …` chains,
 * `evasion.base64-decode` for `base64.StdEncoding.DecodeString` and `hex.DecodeString` of literals,
 * escape density, long high-entropy literals, hidden characters) with the same confidence policy,
 * and under the Go ids of `patterns/go-evasion.ts` otherwise (`//go:linkname` to an unexported
 * symbol, reflection by method name).
 *
 * @module
 */
import { codePointLabel } from '../../format/reveal-hidden.ts';
import type { Confidence } from '../types.ts';
import type { InvisibleChar } from '../tokenize.ts';
import type { GoComment, GoLexResult, GoToken } from './go-tokenize.ts';
import type { GoFindings } from './go-findings.ts';
import { ENTROPY_MIN_LENGTH, decodeBase64Bytes, decodeHexBytes, looksLikeBase64, looksLikeCode, printableText, highEntropyOf } from '../literal-heuristics.ts';
import { ESCAPE_DENSITY_HIGH, ESCAPE_DENSITY_THRESHOLD } from '../patterns/evasion.ts';
import { isGoCapabilityPath, resolveGoMember } from './go-index.ts';
import { shorten } from '../../format/shorten.ts';

const CAPABILITY_WORDS = new Set([
  'Command', 'CommandContext', 'StartProcess', 'ForkExec', 'Exec', 'exec', 'forkExec', 'LookPath', 'Getenv', 'Setenv', 'Environ', 'RemoveAll',
  'Remove', 'WriteFile', 'ReadFile', 'OpenFile', 'Create', 'Dial', 'Listen', 'Open', 'Lookup', 'MethodByName', 'Call',
]);
const CODE_MARKERS = ['exec.Command', 'os/exec', 'syscall.', 'os.', '/bin/sh', '/bin/bash', 'sh -c', 'bash -c', 'cmd.exe', 'powershell', '/dev/tcp', 'curl ', 'wget ', 'nc -e', 'rm -rf', 'package main', 'func '];
const BASE64_ENCODINGS = new Set(['StdEncoding', 'URLEncoding', 'RawStdEncoding', 'RawURLEncoding']);
const CODE_TYPES = new Set(['byte', 'rune', 'uint8', 'int32']);

/**
 * Whether a decoded or folded string names a Go capability: an import path with capability rows,
 * a function that runs processes, touches files or the network, or text that looks like code or a
 * command.
 *
 * @param text A decoded or folded string.
 * @returns True when it names a capability.
 * @example
 * namesGoCapability('os/exec') // true
 */
export function namesGoCapability(text: string): boolean {
  return isGoCapabilityPath(text) || CAPABILITY_WORDS.has(text) || looksLikeCode(text) || CODE_MARKERS.some((m) => text.includes(m));
}

/** A string shortened for a detail, control characters blanked. */
function shown(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length > 80 ? shorten(clean, 77, '...') : clean;
}

/** The value of an integer literal or a rune token, or undefined. */
function codeOf(t: GoToken | undefined): number | undefined {
  if (t === undefined) return undefined;
  if (t.type === 'rune') return t.value.codePointAt(0);
  if (t.type !== 'number' || /[.eEpPi]/.test(t.value.replace(/^0[xX][0-9a-fA-F_]*$/, '0'))) return undefined;
  const digits = t.value.replace(/_/g, '');
  const value = /^0[0-7]+$/.test(digits) ? Number.parseInt(digits, 8) : Number(digits.replace(/^0[oO]/, '0o'));
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Argument ranges `[start, end)` of the call whose `(` is at `open`.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @param open Index of the call's `(`.
 * @returns One range per argument.
 * @example
 * goCallArguments(tokens, match, 3) // [[4, 5], [6, 11]] for `os.OpenFile(p, os.O_RDONLY|os.O_CREATE, 0)`
 */
export function goCallArguments(tokens: readonly GoToken[], match: Int32Array, open: number): Array<[number, number]> {
  const close = match[open] ?? -1;
  if (close < 0) return [];
  const out: Array<[number, number]> = [];
  let start = open + 1;
  for (let q = open + 1; q < close; q++) {
    const t = tokens[q]!;
    if (t.type !== 'op') continue;
    if ((t.value === '(' || t.value === '[' || t.value === '{') && (match[q] ?? -1) > q) q = match[q]!;
    else if (t.value === ',') {
      out.push([start, q]);
      start = q + 1;
    }
  }
  if (start < close) out.push([start, close]);
  return out;
}

/** A string built from literals only (`"a"`, `"sub" + "process"`) over `[a, b)`, with how many parts. */
function literalValue(tokens: readonly GoToken[], range: [number, number] | undefined): { value: string; parts: number } | undefined {
  if (range === undefined) return undefined;
  const parts: string[] = [];
  for (let k = range[0]; k < range[1]; k += 2) {
    const t = tokens[k]!;
    if (t.type !== 'string') return undefined;
    parts.push(t.value);
    const next = tokens[k + 1];
    if (k + 1 < range[1] && !(next?.type === 'op' && next.value === '+')) return undefined;
  }
  return parts.length === 0 ? undefined : { value: parts.join(''), parts: parts.length };
}

/** The evasion checks, over one file's tokens. */
export class GoEvasion {
  /** Char-code chains already reported reach up to here. */
  private coveredUntil = -1;

  constructor(
    private readonly tokens: readonly GoToken[],
    private readonly match: Int32Array,
    private readonly findings: GoFindings,
  ) {}

  private op(k: number, value: string): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.type === 'op' && t.value === value;
  }

  /** One conversion at `i` (`string([]byte{…})`, `string(rune(N))`): its codes and last token. */
  private conversion(i: number): { codes: number[]; bytes: boolean; end: number } | undefined {
    const { tokens, match } = this;
    if (tokens[i]?.value !== 'string' || !this.op(i + 1, '(')) return undefined;
    const close = match[i + 1] ?? -1;
    const p = i + 2;
    if (this.op(p, '[') && this.op(p + 1, ']') && CODE_TYPES.has(tokens[p + 2]?.value ?? '') && this.op(p + 3, '{')) {
      const end = match[p + 3] ?? -1;
      if (end < 0 || end + 1 !== close) return undefined;
      const codes: number[] = [];
      for (const [a, b] of goCallArguments(tokens, match, p + 3)) {
        const code = b - a === 1 ? codeOf(tokens[a]) : undefined;
        if (code === undefined) return undefined;
        codes.push(code);
      }
      const type = tokens[p + 2]!.value;
      return { codes, bytes: type === 'byte' || type === 'uint8', end: close };
    }
    if (CODE_TYPES.has(tokens[p]?.value ?? '') && this.op(p + 1, '(') && this.op(p + 3, ')') && p + 4 === close) {
      const code = codeOf(tokens[p + 2]);
      return code === undefined ? undefined : { codes: [code], bytes: false, end: close };
    }
    return undefined;
  }

  /** `string([]byte{…})`, `string(rune(115)) + string(rune(104))`: text spelled as character codes. */
  charCodes(i: number): void {
    if (i < this.coveredUntil) return;
    const first = this.conversion(i);
    if (first === undefined) return;
    const pieces: string[] = [];
    let count = 0;
    let end = first.end;
    for (let c: typeof first | undefined = first; c !== undefined; c = this.op(end + 1, '+') ? this.conversion(end + 2) : undefined) {
      const text = c.bytes ? printableText(Uint8Array.from(c.codes, (n) => n & 0xff)) : c.codes.every((n) => n <= 0x10ffff) ? String.fromCodePoint(...c.codes) : undefined;
      if (text === undefined) return;
      pieces.push(text);
      count += c.codes.length;
      end = c.end;
    }
    this.coveredUntil = end;
    const value = pieces.join('');
    if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(value)) return;
    const capability = namesGoCapability(value);
    // One or two codes (`string(rune(10))`) are ordinary; three or more visible ones spell text
    // (a byte-order mark spelled as bytes does not).
    if (!capability && (count < 3 || (value.match(/[\p{L}\p{N}\p{P}\p{S}]/gu)?.length ?? 0) < 3)) return;
    this.findings.evasion('evasion.from-char-code', capability ? 'high' : 'medium', this.findings.where(i), `decodes to "${shown(value)}"`, true);
  }

  /**
   * A decoder called on a literal: `base64.StdEncoding.DecodeString("…")` (`at` is the package
   * name, `open` the call's `(`) or `hex.DecodeString("…")`.
   */
  decode(kind: 'base64' | 'hex', at: number, open: number): void {
    const data = literalValue(this.tokens, goCallArguments(this.tokens, this.match, open)[0]);
    if (data === undefined) return;
    const text = data.value.replace(/\s+/g, '');
    if (kind === 'hex' ? text.length < 16 || !/^[0-9a-fA-F]+$/.test(text) : !looksLikeBase64(text)) return;
    const bytes = kind === 'hex' ? decodeHexBytes(text) : decodeBase64Bytes(text.replace(/-/g, '+').replace(/_/g, '/'));
    const decoded = bytes === undefined ? undefined : printableText(bytes);
    const suspicious = decoded !== undefined && namesGoCapability(decoded);
    const detail = decoded === undefined ? `decodes a ${text.length}-character ${kind} literal to binary data` : `decodes to "${shown(decoded)}"`;
    this.findings.evasion('evasion.base64-decode', suspicious ? 'high' : 'low', this.findings.where(at), detail, true);
  }

  /** `v.MethodByName(name)` in a file that imports reflect: the method called is chosen at run time. */
  reflectCall(at: number): void {
    const name = literalValue(this.tokens, goCallArguments(this.tokens, this.match, at + 1)[0]);
    let confidence: Confidence = 'medium';
    let detail = 'MethodByName with a name computed at run time';
    if (name !== undefined) {
      const capability = namesGoCapability(name.value);
      confidence = name.parts > 1 ? (capability ? 'high' : 'medium') : capability ? 'medium' : 'low';
      detail = `MethodByName("${shown(name.value)}")${name.parts > 1 ? ' (the name concatenated from literals)' : ''}`;
    }
    this.findings.evasion('evasion.go-reflect-call', confidence, this.findings.where(at), detail, true);
  }

  /**
   * `syscall.Syscall(trap, …)` (token `at`, its `(` at `open`) whose number is not written as a
   * `SYS_*` constant of a system-call package (the constant itself is a capability row): what the
   * call does is named nowhere. High for a literal number.
   *
   * @param isSyscallPackage Whether a name the file uses is an import of syscall, x/sys/unix, x/sys/windows or os.
   */
  rawSyscall(at: number, open: number, isSyscallPackage: (name: string) => boolean): void {
    const range = goCallArguments(this.tokens, this.match, open)[0];
    if (range === undefined) return;
    const [a, b] = range;
    const t = this.tokens[a]!;
    const sys = /^SYS_[A-Z0-9_]+$/;
    // `syscall.SYS_X`, or a bare `SYS_X` (a dot import, or the system-call package's own code).
    if (b - a === 3 && t.type === 'ident' && isSyscallPackage(t.value) && this.tokens[a + 1]?.value === '.' && sys.test(this.tokens[a + 2]!.value)) return;
    if (b - a === 1 && t.type === 'ident' && sys.test(t.value)) return;
    // `Syscall(proc.Addr(), …)`: a Windows DLL procedure, looked up by name where the DLL is loaded
    // (code-evaluation.go-native-library), not a system call number.
    if (b - a >= 4 && this.tokens[b - 3]?.value === 'Addr' && this.tokens[b - 4]?.value === '.' && this.tokens[b - 2]?.value === '(' && this.tokens[b - 1]?.value === ')') return;
    const literal = b - a === 1 && t.type === 'number';
    const detail = literal ? `system call number ${t.value}` : 'system call number not written as a SYS_ constant';
    this.findings.evasion('evasion.go-raw-syscall', literal ? 'high' : 'medium', this.findings.where(at), detail, true);
  }

  /**
   * `//go:linkname local importpath.name` pulling in an unexported symbol of another package, and
   * `//go:cgo_import_dynamic local remote "lib"`, which links a C library function into a package
   * without cgo (golang.org/x/sys does so on Solaris, AIX, Darwin and OpenBSD): a libc function with
   * a capability row (`system`, `open`, `connect`, `getenv`, ...) is that capability, at the directive,
   * as `C.system(…)` is.
   */
  linknames(comments: readonly GoComment[]): void {
    // The C functions the file imports, by their local symbol (`libc_readv` → readv of "libc.so").
    const imported = new Map<string, { name: string; library: string | undefined }>();
    for (const c of comments) {
      if (!c.text.startsWith('//go:cgo_import_dynamic ')) continue;
      const [local, remote, library] = c.text.slice(24).trim().split(/\s+/);
      const name = remote?.split(/[#@]/)[0];
      if (local !== undefined && name !== undefined && name !== '') imported.set(local, { name, library });
    }
    for (const c of comments) {
      if (c.text.startsWith('//go:cgo_import_dynamic ')) {
        const [, remote, library] = c.text.slice(24).trim().split(/\s+/);
        // `readv`, a versioned `memcpy#GLIBC_2.2.5` or `fork@FBSD_1.0`: the C name before the version.
        const name = remote?.split(/[#@]/)[0];
        if (name === undefined || name === '') continue;
        const reached = resolveGoMember('C', name);
        if (reached === undefined || reached.pattern.members?.includes(name) !== true) continue;
        this.findings.capability(reached, this.findings.at(c.line, c.column), reached.pattern.access, `imported from ${library ?? 'a C library'} by //go:cgo_import_dynamic`);
        continue;
      }
      if (!c.text.startsWith('//go:linkname ')) continue;
      const [local, target] = c.text.slice(14).trim().split(/\s+/);
      if (target === undefined) continue;
      const dot = target.search(/\.[^./]*$/);
      const pkg = dot < 0 ? '' : target.slice(0, dot).replace(/\.\(.*$/, '');
      const name = dot < 0 ? target : target.slice(dot + 1);
      const where = this.findings.at(c.line, c.column);
      if (!/^[a-z_]/.test(name) && !target.includes('(')) {
        // An exported function pulled in by name (`//go:linkname rm os.RemoveAll`): the package is
        // never imported, so only the directive shows the capability it reaches.
        const reached = pkg === '' ? undefined : resolveGoMember(pkg, name);
        if (reached === undefined && !isGoCapabilityPath(pkg)) continue;
        if (reached !== undefined) this.findings.capability(reached, where, reached.pattern.access, `reached through //go:linkname ${local} ${target}`);
        this.findings.evasion('evasion.go-linkname', 'high', where, `links to ${target} without importing ${pkg}`, true);
        continue;
      }
      const capability = (pkg !== '' && isGoCapabilityPath(pkg)) || namesGoCapability(name);
      // A target without an import path is no Go package's symbol: a C function the file imports
      // with //go:cgo_import_dynamic (golang.org/x/sys's `//go:linkname procreadv libc_readv`), or
      // another symbol the linker knows (assembly, C).
      const foreign = dot < 0 ? imported.get(target) : undefined;
      const detail = foreign !== undefined
        ? `links to the C library function ${foreign.name}${foreign.library !== undefined ? ` of ${foreign.library}` : ''}, imported as ${target} by //go:cgo_import_dynamic`
        : dot < 0 ? `links to the symbol ${target}, which names no Go package (a C or assembly symbol)` : `links to the unexported ${target}`;
      this.findings.evasion('evasion.go-linkname', capability ? 'high' : 'medium', where, detail, true);
    }
  }

  /** Escape density, long high-entropy literals and hidden characters, over the whole file. */
  fileHeuristics(lex: GoLexResult): void {
    if (lex.length > 0) {
      const ratio = lex.escapedChars / lex.length;
      if (ratio > ESCAPE_DENSITY_THRESHOLD) {
        const first = Math.max(0, this.tokens.findIndex((t) => t.escaped === true));
        this.findings.evasion('evasion.escape-density', ratio > ESCAPE_DENSITY_HIGH ? 'high' : 'medium', this.findings.where(first), `${(ratio * 100).toFixed(1)} % of the file is escape sequences that spell visible characters`, false);
      }
    }
    for (let i = 0; i < this.tokens.length; i++) {
      const t = this.tokens[i]!;
      if (t.type !== 'string' || t.value.length < ENTROPY_MIN_LENGTH) continue;
      const entropy = highEntropyOf(t.value);
      if (entropy !== undefined) this.findings.evasion('evasion.high-entropy-literal', 'low', this.findings.where(i), `${t.value.length} characters, ${entropy.toFixed(2)} bits per character`, true);
    }
    this.hidden(lex.invisibles);
  }

  /** Bidirectional controls and invisible characters (one per line and kind, 20 per id). */
  private hidden(invisibles: readonly InvisibleChar[]): void {
    const lines = new Set<string>();
    for (const c of invisibles) {
      const key = `${c.category}|${c.context}|${c.line}`;
      if (lines.has(key)) continue;
      lines.add(key);
      const confidence: Confidence = c.category === 'bidi' || c.context === 'code' ? 'high' : c.codePoint >= 0xe0000 ? 'medium' : 'low';
      const id = c.category === 'bidi' ? 'evasion.bidi-control' : 'evasion.invisible-character';
      this.findings.evasion(id, confidence, this.findings.at(c.line, c.column), `${codePointLabel(c.codePoint)} in ${c.context}`, true);
    }
  }
}
