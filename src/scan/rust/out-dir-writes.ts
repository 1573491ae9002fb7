/**
 * What a build script writes to a file of `OUT_DIR`, when that is fixed in its source (evade4
 * r10): `include!(concat!(env!("OUT_DIR"), "/gen.rs"))` compiles in the file the build script
 * wrote, and when the build script writes it a string literal, that literal is the code compiled in.
 *
 * @module
 */
import { tokenizeRust, type RustToken } from './rust-tokenize.ts';

/** One fixed text a build script writes to the included file. */
export interface FixedOutDirWrite {
  /** The text written (the cooked string literal). */
  text: string;
  /** One-based line and column of the literal in the build script. */
  line: number;
  column: number;
}

/**
 * The fixed texts a build script writes to `$OUT_DIR/<name>`, or undefined when what it writes
 * there is not fixed in its source. Every string literal of the build script naming the file (its
 * value `name`, or ending in `/name`: `format!("{out}/gen.rs")`, `Path::new(&out).join("gen.rs")`)
 * must stand in the path argument of `fs::write(path, "…")` (also `std::fs::write`) whose content
 * argument is one string literal (`"…"`, `b"…"`, `r#"…"#`), or of `File::create(path)` chained
 * straight to one `.write_all(b"…")` (through `?`, `.unwrap()` or `.expect("…")`), or in a
 * `let dest = <path>;` each of whose uses is the whole path argument of such a call
 * (`fs::write(&dest, "…")`). Any other mention of the name (a `write!` with arguments, a file
 * handle kept in a variable, a copy, a template), a build script that does not tokenize cleanly,
 * or none naming it, gives undefined: what is written exists only after a build.
 *
 * @param buildScript The build script's source text.
 * @param name The file name after `$OUT_DIR/` that `include!` names (`gen.rs`, `sub/gen.rs`).
 * @returns The texts, in source order, or undefined.
 * @example
 * fixedOutDirWrites('fn main() { std::fs::write(format!("{}/gen.rs", o), "fn g() {}").unwrap(); }', 'gen.rs')
 * // [{ text: 'fn g() {}', line: 1, column: 50 }]
 */
export function fixedOutDirWrites(buildScript: string, name: string): FixedOutDirWrite[] | undefined {
  const lexed = tokenizeRust(buildScript);
  if (lexed.problems.length > 0 || name === '') return undefined;
  const { tokens, match } = lexed;
  const isOp = (k: number, value: string): boolean => tokens[k]?.type === 'op' && tokens[k]!.value === value;
  const isIdent = (k: number, value: string): boolean => tokens[k]?.type === 'ident' && tokens[k]!.value === value;
  const names = (t: RustToken): boolean => t.type === 'string' && (t.value === name || t.value.endsWith(`/${name}`));
  const isWriteCall = (k: number): boolean => isOp(k, '(') && ((isIdent(k - 1, 'write') && isOp(k - 2, '::') && isIdent(k - 3, 'fs')) || (isIdent(k - 1, 'create') && isOp(k - 2, '::') && isIdent(k - 3, 'File')));
  /** The end of the first argument of the call opened at `open` (its comma, or the close). */
  const firstArgumentEnd = (open: number): number => {
    const close = match[open]!;
    for (let k = open + 1; k < close; k++) {
      const t = tokens[k]!;
      if (t.type === 'op' && (t.value === '(' || t.value === '[' || t.value === '{') && match[k]! > k) k = match[k]!;
      else if (isOp(k, ',')) return k;
    }
    return close;
  };
  /** The literal a write call at `open` gives as the content, when the call is one of the forms read. */
  const contentOf = (open: number): RustToken | undefined => {
    const close = match[open]!;
    if (close <= open) return undefined;
    const end = firstArgumentEnd(open);
    if (isIdent(open - 1, 'write')) {
      const c = tokens[end + 1];
      return end < close && c?.type === 'string' && (end + 2 === close || (isOp(end + 2, ',') && end + 3 === close)) ? c : undefined;
    }
    if (end !== close) return undefined;
    // `File::create(p)?`, `.unwrap()`, `.expect("…")`, then `.write_all(lit)`.
    let k = close + 1;
    for (let guard = 0; guard < 4; guard++) {
      if (isOp(k, '?')) k++;
      else if (isOp(k, '.') && isIdent(k + 1, 'unwrap') && isOp(k + 2, '(') && isOp(k + 3, ')')) k += 4;
      else if (isOp(k, '.') && isIdent(k + 1, 'expect') && isOp(k + 2, '(') && tokens[k + 3]?.type === 'string' && isOp(k + 4, ')')) k += 5;
      else break;
    }
    return isOp(k, '.') && isIdent(k + 1, 'write_all') && isOp(k + 2, '(') && tokens[k + 3]?.type === 'string' && isOp(k + 4, ')') ? tokens[k + 3] : undefined;
  };
  /**
   * The write calls a path expression at `m` reaches: the call whose first argument holds it, or,
   * for `let dest = <path>;`, the calls each use of `dest` is the whole first argument of
   * (`fs::write(&dest, "…")`). Undefined when any use is something else.
   */
  const callsOf = (m: number): number[] | undefined => {
    for (let k = m - 1; k >= 0; k--) {
      const t = tokens[k]!;
      if (t.type !== 'op') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        if (match[k]! < 0) return undefined;
        k = match[k]!;
        continue;
      }
      if (t.value === ',' || t.value === ';' || t.value === '{' || t.value === '[') return undefined;
      if (isWriteCall(k)) return firstArgumentEnd(k) > m ? [k] : undefined;
      if (t.value !== '=') continue;
      // `let [mut] dest[: T] = <path>;`
      let l = k - 1;
      while (l >= 0 && l > k - 8 && !isIdent(l, 'let')) l--;
      if (!isIdent(l, 'let')) return undefined;
      const at = isIdent(l + 1, 'mut') ? l + 2 : l + 1;
      const variable = tokens[at];
      if (variable?.type !== 'ident' || !(isOp(at + 1, '=') || isOp(at + 1, ':'))) return undefined;
      let semicolon = m + 1;
      while (semicolon < tokens.length && !isOp(semicolon, ';')) {
        const s = tokens[semicolon]!;
        if (s.type === 'op' && (s.value === '(' || s.value === '[' || s.value === '{') && match[semicolon]! > semicolon) semicolon = match[semicolon]!;
        semicolon++;
      }
      const calls: number[] = [];
      for (let u = 0; u < tokens.length; u++) {
        if (u === at || tokens[u]!.type !== 'ident' || tokens[u]!.value !== variable.value || isOp(u - 1, '.') || isOp(u - 1, '::')) continue;
        if (u < semicolon) return undefined;
        const open = isOp(u - 1, '&') ? u - 2 : u - 1;
        if (!isWriteCall(open) || firstArgumentEnd(open) !== u + 1) return undefined;
        calls.push(open);
      }
      return calls.length > 0 ? calls : undefined;
    }
    return undefined;
  };
  const out: FixedOutDirWrite[] = [];
  const seen = new Set<number>();
  for (let m = 0; m < tokens.length; m++) {
    if (!names(tokens[m]!)) continue;
    const calls = callsOf(m);
    if (calls === undefined) return undefined;
    for (const open of calls) {
      if (seen.has(open)) return undefined;
      seen.add(open);
      const content = contentOf(open);
      if (content === undefined) return undefined;
      out.push({ text: content.value, line: content.line, column: content.column });
    }
  }
  return out.length > 0 ? out : undefined;
}
