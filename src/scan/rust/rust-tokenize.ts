/**
 * Tokenizer of the Rust scanner: one pass over the text that keeps identifiers (raw identifiers
 * `r#type` as `type`), numbers, punctuation, strings and characters, and sets comments aside.
 * Strings are cooked (`\n`, `\x41`, `\u{1F600}`, a `\` before a line break skips the break and the
 * indentation after it); byte strings (`b"…"`), C strings (`c"…"`) and raw strings (`r"…"`,
 * `r#"…"#` with any number of `#`, `br#"…"#`, `cr"…"`) are strings too, raw ones taken as written.
 * Block comments nest (an inner opener needs its own closer). A `'` starts a character literal when a character (or an
 * escape) and a closing `'` follow (`'a'`, `'\n'`, `b'x'`), else a lifetime or label (`'a`,
 * `'static`), so `fn f<'a>(x: &'a str)` loses nothing. Brackets are paired. While it walks it
 * records what the evasion heuristics need (invisible and bidirectional characters, characters
 * spent on escapes that spell visible characters) and what makes the rest of the file unreliable
 * (an unclosed string, character or block comment, a character Rust does not accept, brackets
 * that do not pair). Every loop moves forward: no input makes it go back.
 *
 * @module
 */
import { classifyHiddenChar, type CharContext, type InvisibleChar, type LexProblem } from '../tokenize.ts';
import { BracketLexer } from '../bracket-lexer.ts';
import { textLength } from '../text-length.ts';

/** Kinds of Rust tokens kept. */
export type RustTokenType = 'ident' | 'number' | 'string' | 'char' | 'lifetime' | 'op';

/** One significant token. */
export interface RustToken {
  type: RustTokenType;
  /** Source text; for strings and characters the cooked value; for a raw identifier the name without `r#`. */
  value: string;
  /** Strings: the prefix written (`b`, `c`, `r`, `br`, `cr`), absent for a plain `"…"`. */
  prefix?: string;
  /** Strings and characters: escapes spell characters anyone could have typed (`"\x65xec"`). */
  escaped?: boolean;
  /** Offset of the first character. */
  start: number;
  /** One-based line. */
  line: number;
  /** One-based column (UTF-16 code units). */
  column: number;
}

/** Result of {@link tokenizeRust}. */
export interface RustLexResult {
  tokens: RustToken[];
  invisibles: InvisibleChar[];
  /** Characters spent on escape sequences that spell visible characters. */
  escapedChars: number;
  /** Problems; the reasons are those of the JavaScript tokenizer. */
  problems: LexProblem[];
  /** Length of the text in UTF-16 code units, a CRLF line break counted once. */
  length: number;
  /** Index of the matching bracket of each bracket token, -1 elsewhere (and for unpaired ones). */
  match: Int32Array;
}

const OPERATORS_3 = new Set(['<<=', '>>=', '...', '..=']);
const OPERATORS_2 = new Set(['::', '->', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '^=', '&=', '|=', '<<', '>>', '..']);
const OPERATORS_1 = new Set(['+', '-', '*', '/', '%', '^', '!', '&', '|', '=', '<', '>', '@', '.', ',', ';', ':', '#', '$', '?', '~', '(', ')', '[', ']', '{', '}']);
const IDENT = /[\p{L}_][\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]*/uy;
/** Integer and float literals with their suffix (`0x1F_u8`, `1_000`, `2.5e-3f64`); `1..2` and `x.0.1` keep the `.` apart. */
const NUMBER = /0[xX][0-9a-fA-F_]*|0[oO][0-7_]*|0[bB][01_]*|\d[\d_]*(?:\.(?![.\p{L}_])[\d_]*)?(?:[eE][+-]?[\d_]*\d[\d_]*)?/uy;
const INTEGER = /\d[\d_]*/y;
const SUFFIX = /[\p{L}_][\p{L}\p{N}_]*/uy;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '0': '\0', "'": "'", '"': '"' };
/** The most `#` a raw string may have (rustc's limit). */
const MAX_HASHES = 255;

/**
 * Tokenize a Rust source text in one pass.
 *
 * @param text The source text.
 * @returns Significant tokens with positions, the bracket match table and lexical facts.
 * @example
 * tokenizeRust('Command::new("ls") // run').tokens.map((t) => t.value) // ['Command', '::', 'new', '(', 'ls', ')']
 */
export function tokenizeRust(text: string): RustLexResult {
  const lexer = new RustLexer(text);
  lexer.run();
  return { tokens: lexer.tokens, invisibles: lexer.invisibles, escapedChars: lexer.escapedChars, problems: lexer.problems, length: textLength(text), match: lexer.match() };
}

class RustLexer extends BracketLexer<RustTokenType, RustToken> {
  constructor(text: string) {
    super(text, { ident: IDENT, operators3: OPERATORS_3, operators2: OPERATORS_2, operators1: OPERATORS_1 });
    // A shebang line (`#!` not followed by `[`, which would be an inner attribute `#![…]`).
    if (text.startsWith('#!', this.pos) && !/^#!\s*\[/.test(text.slice(this.pos, this.pos + 200))) {
      while (this.pos < text.length && text.charCodeAt(this.pos) !== 10) this.pos++;
    }
  }

  run(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const start = this.pos;
      const c = text.charCodeAt(start);
      // Rust's whitespace (Pattern_White_Space) also has U+0085, U+2028 and U+2029 (rustc counts lines by \n alone).
      if (c === 32 || c === 9 || c === 12 || c === 11 || c === 0x85 || c === 0x2028 || c === 0x2029) {
        this.pos++;
      } else if (c === 10 || c === 13) {
        this.lineBreak();
      } else if (c === 47 /* / */ && text.charCodeAt(start + 1) === 47) {
        let end = start;
        while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
        this.hidden(text.slice(start, end), start, 'comment');
        this.pos = end;
      } else if (c === 47 && text.charCodeAt(start + 1) === 42 /* * */) {
        this.blockComment(start);
      } else if (c === 34 /* " */) {
        this.cooked(start, start + 1, undefined);
      } else if (c === 39 /* ' */) {
        this.quote(start, start, undefined);
      } else if (c >= 48 && c <= 57) {
        // A tuple index after `.` (`x.0.1`) is an integer: the `.` after it is the next access.
        const prev = this.tokens[this.tokens.length - 1];
        const tupleIndex = prev !== undefined && prev.type === 'op' && prev.value === '.' && prev.start === start - 1;
        NUMBER.lastIndex = start;
        INTEGER.lastIndex = start;
        let end = start + (tupleIndex ? INTEGER : NUMBER).exec(text)![0].length;
        SUFFIX.lastIndex = end;
        const suffix = SUFFIX.exec(text);
        if (suffix !== null) end += suffix[0].length;
        this.pos = end;
        this.push('number', text.slice(start, end), start);
      } else if (!this.prefixed(start) && !this.identOrOperator(start)) {
        const cp = text.codePointAt(start)!;
        const width = cp > 0xffff ? 2 : 1;
        this.pos = start + width;
        if (classifyHiddenChar(cp) !== undefined) this.hidden(text.slice(start, start + width), start, 'code');
        else this.problem('invalid-character', start, text.slice(start, start + width));
      }
    }
    this.finish();
  }

  /**
   * A literal with a prefix at `start`: `b"…"`, `b'…'`, `c"…"`, raw strings `r"…"`, `r#"…"#`,
   * `br#…`, `cr#…`, or a raw identifier `r#name`. False when `start` holds none of them.
   */
  private prefixed(start: number): boolean {
    const { text } = this;
    const m = /^(br|cr|b|c|r)(#*)(["']?)/.exec(text.slice(start, start + 3 + MAX_HASHES));
    if (m === null) return false;
    const [, prefix, hashes, quote] = m as unknown as [string, string, string, string];
    const after = start + prefix.length + hashes.length;
    if (prefix.includes('r') && (quote === '"' || hashes.length > 0)) {
      if (quote === '"') {
        this.rawString(start, prefix, hashes.length);
        return true;
      }
      // `r#name`: a raw identifier (one `#`, then a name).
      if (prefix === 'r' && hashes.length === 1) {
        IDENT.lastIndex = after;
        const ident = IDENT.exec(text);
        if (ident !== null) {
          this.pos = after + ident[0].length;
          this.push('ident', ident[0], start);
          return true;
        }
      }
      return false;
    }
    if (hashes.length > 0) return false;
    if (quote === '"') {
      this.cooked(start, after + 1, prefix);
      return true;
    }
    if (quote === "'" && prefix === 'b') {
      this.quote(start, after, prefix);
      return true;
    }
    return false;
  }

  /** A block comment; block comments nest, so one with an inner opener ends at the second closer. */
  private blockComment(start: number): void {
    const { text } = this;
    const line = this.line;
    const column = this.column(start);
    let depth = 1;
    let p = start + 2;
    while (p < text.length && depth > 0) {
      const c = text.charCodeAt(p);
      if (c === 47 && text.charCodeAt(p + 1) === 42) {
        depth++;
        p += 2;
      } else if (c === 42 && text.charCodeAt(p + 1) === 47) {
        depth--;
        p += 2;
      } else p++;
    }
    this.multiLine(start, p, 'comment');
    if (depth > 0) this.problem('unclosed-comment', start, text.slice(start, start + 20), line, column);
  }

  // ---- strings ----------------------------------------------------------------------------------

  /** A raw string at `start` (prefix, `hashes` × `#`, `"`): everything up to `"` and as many `#`, taken as written. */
  private rawString(start: number, prefix: string, hashes: number): void {
    const { text } = this;
    const line = this.line;
    const column = this.column(start);
    const open = start + prefix.length + hashes + 1;
    const close = text.indexOf(`"${'#'.repeat(hashes)}`, open);
    const end = close < 0 ? text.length : close;
    const index = this.push('string', '', start, line, column);
    this.multiLine(open, end, 'string');
    const token = this.tokens[index]!;
    token.value = text.slice(open, end).replace(/\r\n/g, '\n');
    token.prefix = prefix;
    if (hashes > MAX_HASHES || close < 0) this.problem('unclosed-string', start, text.slice(start, start + 20), line, column);
    else this.pos = close + 1 + hashes;
  }

  /** A string with escapes (`"…"`, `b"…"`, `c"…"`) whose body starts at `body`; it may span lines. */
  private cooked(start: number, body: number, prefix: string | undefined): void {
    const { text } = this;
    const line = this.line;
    const column = this.column(start);
    const out: string[] = [];
    let p = body;
    let escaped = false;
    let closed = false;
    while (p < text.length) {
      const c = text[p]!;
      if (c === '"') {
        closed = true;
        break;
      }
      if (c !== '\\') {
        out.push(c === '\r' && text[p + 1] === '\n' ? '' : c);
        p++;
        continue;
      }
      if (text[p + 1] === '\n' || text[p + 1] === '\r') {
        // A line continuation: the break and the whitespace after it are dropped.
        p++;
        while (p < text.length && /[ \t\n\r]/.test(text[p]!)) p++;
        continue;
      }
      const escape = this.escape(p);
      if (escape.visible) {
        this.escapedChars += escape.length;
        escaped = true;
      }
      out.push(escape.value);
      p += escape.length;
    }
    const index = this.push('string', out.join(''), start, line, column);
    const token = this.tokens[index]!;
    if (prefix !== undefined) token.prefix = prefix;
    if (escaped) token.escaped = true;
    this.multiLine(body, p, 'string');
    if (!closed) this.problem('unclosed-string', start, text.slice(start, start + 20), line, column);
    else this.pos = p + 1;
  }

  /**
   * A `'` at `quote` (after the prefix that starts at `start`): a character literal when one
   * character or an escape and a closing `'` follow, else a lifetime or label (`'a`, `'static`).
   */
  private quote(start: number, quote: number, prefix: string | undefined): void {
    const { text } = this;
    const next = text[quote + 1];
    if (next === '\\') {
      const escape = this.escape(quote + 1);
      const end = quote + 1 + escape.length;
      if (text[end] === "'") {
        if (escape.visible) {
          this.escapedChars += escape.length;
        }
        const index = this.push('char', escape.value, start);
        if (escape.visible) this.tokens[index]!.escaped = true;
        this.pos = end + 1;
        return;
      }
      this.problem('unclosed-string', start, text.slice(start, start + 20));
      this.pos = end;
      return;
    }
    if (next !== undefined && next !== '\n' && next !== '\r') {
      const cp = text.codePointAt(quote + 1)!;
      const width = cp > 0xffff ? 2 : 1;
      if (text[quote + 1 + width] === "'") {
        this.hidden(text.slice(quote + 1, quote + 1 + width), quote + 1, 'string');
        this.push('char', text.slice(quote + 1, quote + 1 + width), start);
        this.pos = quote + 2 + width;
        return;
      }
    }
    // A lifetime or label: `'` and a name (`'r#try` too).
    IDENT.lastIndex = quote + 1;
    const name = prefix === undefined ? IDENT.exec(text) : null;
    if (name !== null) {
      this.pos = quote + 1 + name[0].length;
      this.push('lifetime', `'${name[0]}`, start);
      return;
    }
    this.problem('unclosed-string', start, text.slice(start, start + 20));
    this.pos = quote + 1;
  }

  /** One escape at `p` (the backslash): its value, length and whether it spells a visible character. */
  private escape(p: number): { value: string; length: number; visible: boolean } {
    const { text } = this;
    const c = text[p + 1] ?? '';
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return { value: simple, length: 2, visible: false };
    if (c === 'x') {
      const body = text.slice(p + 2, p + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(body)) return { value: c, length: 2, visible: false };
      const code = Number.parseInt(body, 16);
      return { value: String.fromCharCode(code), length: 4, visible: code > 0x20 && code < 0x7f };
    }
    if (c === 'u' && text[p + 2] === '{') {
      const close = text.indexOf('}', p + 3);
      const body = close < 0 || close - p > 16 ? '' : text.slice(p + 3, close).replace(/_/g, '');
      if (!/^[0-9a-fA-F]{1,6}$/.test(body)) return { value: c, length: 2, visible: false };
      const code = Number.parseInt(body, 16);
      return { value: code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd', length: close - p + 1, visible: code > 0x20 && code < 0x7f };
    }
    return { value: c, length: c === '' ? 1 : 2, visible: false };
  }
}
