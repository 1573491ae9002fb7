/**
 * Tokenizer of the Go scanner: one pass over the text that keeps identifiers, numbers, operators,
 * interpreted and raw strings and runes, and sets comments aside (their text is kept for the
 * `//go:` directives). Interpreted strings and runes are cooked (`\n`, `\x41`, `\101`, `\u00e9`,
 * `\U0001F600`); raw strings (backquotes) may span lines and drop `\r`, as Go reads them. Automatic
 * semicolon insertion is not needed for detection and not done; brackets are paired. While it walks
 * it records what the evasion heuristics need (invisible and bidirectional characters, characters
 * spent on escapes that spell visible characters) and what makes the rest of the file unreliable
 * (an unclosed string, rune or block comment, a character Go does not accept, brackets that do not
 * pair).
 *
 * @module
 */
import { classifyHiddenChar, type CharContext, type InvisibleChar, type LexProblem } from '../tokenize.ts';
import { BracketLexer } from '../bracket-lexer.ts';
import { textLength } from '../text-length.ts';

/** Kinds of Go tokens kept. */
export type GoTokenType = 'ident' | 'number' | 'string' | 'rune' | 'op';

/** One significant token. */
export interface GoToken {
  type: GoTokenType;
  /** Source text; for strings and runes the cooked value. */
  value: string;
  /** Strings: written in backquotes. */
  raw?: boolean;
  /** Strings and runes: escapes spell characters anyone could have typed (`"\x65xec"`). */
  escaped?: boolean;
  /** Offset of the first character. */
  start: number;
  /** One-based line. */
  line: number;
  /** One-based column (UTF-16 code units). */
  column: number;
}

/** A comment (`//` or block), kept for directives such as `//go:linkname` and `//go:build`. */
export interface GoComment {
  text: string;
  line: number;
  column: number;
  start: number;
}

/** Result of {@link tokenizeGo}. */
export interface GoLexResult {
  tokens: GoToken[];
  comments: GoComment[];
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

const OPERATORS_3 = new Set(['<<=', '>>=', '&^=', '...']);
const OPERATORS_2 = new Set(['&&', '||', '<-', '++', '--', '==', '!=', '<=', '>=', ':=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<', '>>', '&^']);
const OPERATORS_1 = new Set(['+', '-', '*', '/', '%', '&', '|', '^', '<', '>', '=', '!', '(', ')', '[', ']', '{', '}', ',', ';', '.', ':', '~']);
const IDENT = /[\p{L}_][\p{L}\p{Nd}_]*/uy;
const NUMBER = /0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?i?|0[bB][01_]+i?|0[oO][0-7_]+i?|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?i?/y;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"' };

/**
 * Tokenize a Go source text in one pass.
 *
 * @param text The source text.
 * @returns Significant tokens with positions, comments, the bracket match table and lexical facts.
 * @example
 * tokenizeGo('exec.Command("ls") // run').tokens.map((t) => t.value) // ['exec', '.', 'Command', '(', 'ls', ')']
 */
export function tokenizeGo(text: string): GoLexResult {
  const lexer = new GoLexer(text);
  lexer.run();
  return { tokens: lexer.tokens, comments: lexer.comments, invisibles: lexer.invisibles, escapedChars: lexer.escapedChars, problems: lexer.problems, length: textLength(text), match: lexer.match() };
}

class GoLexer extends BracketLexer<GoTokenType, GoToken> {
  readonly comments: GoComment[] = [];

  constructor(text: string) {
    super(text, { ident: IDENT, operators3: OPERATORS_3, operators2: OPERATORS_2, operators1: OPERATORS_1 });
  }

  run(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const start = this.pos;
      const c = text.charCodeAt(start);
      if (c === 32 || c === 9) {
        this.pos++;
      } else if (c === 10 || c === 13) {
        this.lineBreak();
      } else if (c === 47 /* / */ && text.charCodeAt(start + 1) === 47) {
        let end = start;
        // Only a line feed ends a line comment in Go: a lone carriage return is part of it (ending
        // there let a backquote after it open a raw string that hid the code below).
        while (end < text.length && text.charCodeAt(end) !== 10) end++;
        if (text.charCodeAt(end - 1) === 13) end--;
        this.comment(start, end);
        this.pos = end;
      } else if (c === 47 && text.charCodeAt(start + 1) === 42 /* * */) {
        this.blockComment(start);
      } else if (c === 34 /* " */) {
        this.interpreted(start, '"', 'string');
      } else if (c === 39 /* ' */) {
        this.interpreted(start, "'", 'rune');
      } else if (c === 96 /* ` */) {
        this.rawString(start);
      } else if ((c >= 48 && c <= 57) || (c === 46 && text.charCodeAt(start + 1) >= 48 && text.charCodeAt(start + 1) <= 57)) {
        NUMBER.lastIndex = start;
        const number = NUMBER.exec(text)![0];
        this.pos = start + number.length;
        this.push('number', number, start);
      } else if (!this.identOrOperator(start)) {
        const cp = text.codePointAt(start)!;
        const width = cp > 0xffff ? 2 : 1;
        this.pos = start + width;
        if (classifyHiddenChar(cp) !== undefined) this.hidden(text.slice(start, start + width), start, 'code');
        else this.problem('invalid-character', start, text.slice(start, start + width));
      }
    }
    this.finish();
  }

  // ---- comments ---------------------------------------------------------------------------------

  private comment(start: number, end: number): void {
    const body = this.text.slice(start, end);
    this.hidden(body, start, 'comment');
    this.comments.push({ text: body, line: this.line, column: this.column(start), start });
  }

  private blockComment(start: number): void {
    const { text } = this;
    const line = this.line;
    const column = this.column(start);
    const close = text.indexOf('*/', start + 2);
    const end = close < 0 ? text.length : close + 2;
    this.comments.push({ text: text.slice(start, end), line, column, start });
    // Line by line, so positions of hidden characters and later tokens stay right.
    this.multiLine(start, end, 'comment');
    if (close < 0) this.problem('unclosed-comment', start, text.slice(start, start + 20), line, column);
  }

  // ---- strings ----------------------------------------------------------------------------------

  /** A raw string: everything up to the next backquote, `\r` dropped. */
  private rawString(start: number): void {
    const { text } = this;
    const line = this.line;
    const column = this.column(start);
    const close = text.indexOf('`', start + 1);
    const end = close < 0 ? text.length : close;
    const index = this.push('string', '', start, line, column);
    this.multiLine(start + 1, end, 'string');
    const token = this.tokens[index]!;
    token.value = text.slice(start + 1, end).replace(/\r/g, '');
    token.raw = true;
    if (close < 0) this.problem('unclosed-string', start, text.slice(start, start + 20), line, column);
    else this.pos = close + 1;
  }

  /** An interpreted string (`"…"`) or a rune (`'…'`): one line, escapes cooked. */
  private interpreted(start: number, quote: string, type: 'string' | 'rune'): void {
    const { text } = this;
    const out: string[] = [];
    let p = start + 1;
    let escaped = false;
    for (;;) {
      const c = text[p];
      if (c === undefined || c === '\n' || c === '\r') {
        this.problem('unclosed-string', start, text.slice(start, start + 20));
        break;
      }
      if (c === quote) {
        p++;
        break;
      }
      if (c !== '\\') {
        out.push(c);
        p++;
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
    const value = text.slice(start + 1, Math.max(start + 1, p - 1));
    this.hidden(value, start + 1, 'string');
    const index = this.push(type, out.join(''), start);
    if (escaped) this.tokens[index]!.escaped = true;
    this.pos = p;
  }

  /** One escape at `p` (the backslash): its value, length and whether it spells a visible character. */
  private escape(p: number): { value: string; length: number; visible: boolean } {
    const { text } = this;
    const c = text[p + 1] ?? '';
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return { value: simple, length: 2, visible: false };
    const digits = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : /[0-7]/.test(c) ? 3 : 0;
    if (digits === 0) return { value: c, length: c === '' ? 1 : 2, visible: false };
    const octal = digits === 3;
    const body = octal ? text.slice(p + 1, p + 4) : text.slice(p + 2, p + 2 + digits);
    const ok = octal ? /^[0-7]{3}$/.test(body) : new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(body);
    const length = octal ? 4 : 2 + digits;
    if (!ok) return { value: c, length: 2, visible: false };
    const code = Number.parseInt(body, octal ? 8 : 16);
    const value = code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    return { value, length, visible: code > 0x20 && code < 0x7f };
  }
}
