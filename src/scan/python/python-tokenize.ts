/**
 * Tokenizer of the Python scanner: one pass over the text that keeps names, numbers, operators,
 * strings and logical line ends, and drops comments and whitespace. It follows string prefixes
 * (`r b u f t` and their pairs, any case), single, double and triple quotes, backslash line
 * continuation, implicit line joining inside brackets, and f-strings: the literal parts become
 * one string token, each replacement field's code is tokenized as code (between synthetic
 * parentheses, so a field is one group), nested quotes of Python 3.12 included. Names are NFKC
 * normalized, as Python reads them. While it walks it records what the evasion heuristics need
 * (invisible and bidirectional characters, characters spent on escapes that spell visible
 * characters) and what makes the rest of the file unreliable (an unclosed string, a character
 * Python does not accept, brackets that do not pair).
 *
 * @module
 */
import { classifyHiddenChar, type CharContext, type InvisibleChar } from '../tokenize.ts';
import { hiddenCharsOf } from '../hidden-chars.ts';
import { readStringBody, type StringSink } from './python-string-body.ts';
import { textLength } from '../text-length.ts';

/** Kinds of Python tokens kept. */
export type PyTokenType = 'name' | 'number' | 'op' | 'string' | 'newline';

/** One significant token. */
export interface PyToken {
  type: PyTokenType;
  /** Source text (for an f-string: its literal parts; for a newline: ''). */
  value: string;
  /** Names: the identifier after NFKC normalization (Python's reading); '' otherwise. */
  name: string;
  /** Strings: the value when it is a constant (no f-string fields, no unresolved `\N{…}`). */
  cooked?: string;
  /** Strings: an f-string (or t-string). */
  fstring?: boolean;
  /**
   * Strings: an f-string's literal parts, one more than its replacement fields (which follow the
   * token as synthetic groups), when every part is constant and every field plain code (no
   * `!r` conversion, no format spec): `f"sys{x}em"` has `['sys', 'em']`.
   */
  parts?: string[];
  /** Strings: a bytes literal. */
  bytes?: boolean;
  /** Strings: escapes spell characters anyone could have typed (`'\\x65val'`). */
  escaped?: boolean;
  /** A parenthesis the tokenizer added around an f-string replacement field. */
  synthetic?: boolean;
  /** Offset of the first character. */
  start: number;
  /** One-based line. */
  line: number;
  /** One-based column (UTF-16 code units). */
  column: number;
  /** Indentation width of the logical line this token starts (tabs to multiples of 8), -1 when not first. */
  indent: number;
}

/** Something that makes the rest of the file unreliable. */
export interface PyLexProblem {
  reason: 'unclosed-string' | 'invalid-character' | 'unclosed-bracket' | 'unmatched-bracket';
  line: number;
  column: number;
  value: string;
}

/** Result of {@link tokenizePython}. */
export interface PyLexResult {
  tokens: PyToken[];
  invisibles: InvisibleChar[];
  /** Characters spent on escape sequences that spell visible characters. */
  escapedChars: number;
  problems: PyLexProblem[];
  /** Length of the text in UTF-16 code units, a CRLF line break counted once. */
  length: number;
}

const OPERATORS = [
  '**=', '//=', '>>=', '<<=', '...', '->', ':=', '**', '//', '<<', '>>', '<=', '>=', '==', '!=', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '@=', '+', '-', '*', '/', '%', '@', '&', '|', '^', '~', '<', '>', '(', ')', '[', ']', '{', '}', ',', ':',
  ';', '.', '=', '!',
];
const CLOSER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
const NAME = /[\p{XID_Start}_][\p{XID_Continue}]*/uy;
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)[jJlL]?/y;
const STRING_PREFIX = /^(?:[rR]?[bBuUfFtT]?|[bBfFtT][rR])$/;

/** How a run of code inside an f-string replacement field ended. */
type FieldEnd = 'close' | 'spec' | 'conversion' | 'eof';

/**
 * Tokenize a Python source text in one pass.
 *
 * @param text The source text.
 * @returns Significant tokens with positions, plus lexical facts for the heuristics.
 * @example
 * tokenizePython('open(p)  # open').tokens.map((t) => t.value) // ['open', '(', 'p', ')', '']
 */
export function tokenizePython(text: string): PyLexResult {
  const lexer = new PythonLexer(text);
  lexer.run();
  return { tokens: lexer.tokens, invisibles: lexer.invisibles, escapedChars: lexer.escapedChars, problems: lexer.problems, length: textLength(text) };
}

class PythonLexer implements StringSink {
  readonly tokens: PyToken[] = [];
  readonly invisibles: InvisibleChar[] = [];
  readonly problems: PyLexProblem[] = [];
  escapedChars = 0;
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** The logical line has no token yet: the next token records its indentation. */
  private lineOpen = true;
  private indentOfLine = 0;
  /** How many f-string replacement fields are open around the current position. */
  private fieldDepth = 0;
  /** Whether the replacement field read last was plain code (no conversion, no format spec). */
  private fieldPlain = false;
  /** Open brackets of the top-level code (implicit line joining). */
  private readonly stack: PyToken[] = [];
  private unmatched: PyLexProblem | undefined;

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  run(): void {
    this.code(undefined);
    this.endLine();
    if (this.problems.length === 0) {
      if (this.unmatched !== undefined) this.problems.push(this.unmatched);
      else if (this.stack.length > 0) {
        const open = this.stack[this.stack.length - 1]!;
        this.problems.push({ reason: 'unclosed-bracket', line: open.line, column: open.column, value: open.value });
      }
    }
  }

  // ---- positions and tokens ---------------------------------------------------------------------

  private column(at: number): number {
    return at - this.lineStart + 1;
  }

  /** Consume a line break at `pos` (`\n`, `\r\n`, `\r`); returns false when there is none. */
  private lineBreak(): boolean {
    const c = this.text.charCodeAt(this.pos);
    if (c !== 10 && c !== 13) return false;
    this.pos += c === 13 && this.text.charCodeAt(this.pos + 1) === 10 ? 2 : 1;
    this.line++;
    this.lineStart = this.pos;
    return true;
  }

  private push(type: PyTokenType, value: string, start: number, line = this.line, column = this.column(start)): PyToken {
    const token: PyToken = { type, value, name: '', start, line, column, indent: -1 };
    if (this.lineOpen && type !== 'newline') {
      token.indent = this.indentOfLine;
      this.lineOpen = false;
    }
    this.tokens.push(token);
    return token;
  }

  private endLine(): void {
    if (!this.lineOpen) this.push('newline', '', this.pos);
    this.lineOpen = true;
  }

  private problem(reason: PyLexProblem['reason'], at: number, value: string, line = this.line, column = this.column(at)): void {
    this.problems.push({ reason, line, column, value: value.slice(0, 20) });
  }

  /** A line break inside a string or an f-string's format spec ends at `next`. */
  newLine(next: number): void {
    this.line++;
    this.lineStart = next;
  }

  /** Record hidden characters of `value` (starting at `start` on the current line). */
  hidden(value: string, start: number, context: CharContext): void {
    for (const c of hiddenCharsOf(value, context, this.line, start - this.lineStart + 1)) this.invisibles.push(c);
  }

  // ---- code -------------------------------------------------------------------------------------

  /**
   * Tokenize code until the end of the text, or (inside an f-string replacement field) until the
   * field's `}`, `!` conversion or `:` format spec at the field's own bracket depth.
   */
  private code(field: { depth: number } | undefined): FieldEnd {
    const { text } = this;
    while (this.pos < text.length) {
      const start = this.pos;
      const c = text.charCodeAt(start);
      if (c === 32 || c === 9 || c === 12) {
        this.pos++;
        continue;
      }
      if (c === 10 || c === 13) {
        this.lineBreak();
        if (field === undefined && this.stack.length === 0) this.endLine();
        if (this.lineOpen) this.measureIndent();
        continue;
      }
      if (c === 35 /* # */) {
        let end = start;
        while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
        this.hidden(text.slice(start, end), start, 'comment');
        this.pos = end;
        continue;
      }
      if (c === 92 /* \ */) {
        this.pos++;
        if (!this.lineBreak()) this.problem('invalid-character', start, '\\');
        continue;
      }
      if (c === 34 || c === 39) {
        this.string(start, '');
        continue;
      }
      NAME.lastIndex = start;
      const name = NAME.exec(text);
      if (name !== null) {
        const word = name[0];
        const quote = text.charCodeAt(start + word.length);
        if ((quote === 34 || quote === 39) && STRING_PREFIX.test(word)) {
          this.string(start, word);
          continue;
        }
        this.pos = start + word.length;
        const token = this.push('name', word, start);
        const ascii = /^[\x00-\x7f]*$/.test(word);
        token.name = ascii ? word : word.normalize('NFKC');
        // Invisible letters in a name (a Hangul filler, a combining grapheme joiner) are hidden code.
        if (!ascii) this.hidden(word, start, 'code');
        continue;
      }
      if ((c >= 48 && c <= 57) || (c === 46 && text.charCodeAt(start + 1) >= 48 && text.charCodeAt(start + 1) <= 57)) {
        NUMBER.lastIndex = start;
        const number = NUMBER.exec(text)![0];
        this.pos = start + number.length;
        this.push('number', number, start);
        continue;
      }
      const op = OPERATORS.find((o) => text.startsWith(o, start));
      if (op !== undefined) {
        if (field !== undefined && field.depth === 0) {
          if (op === '}') return 'close';
          // `{x:=^10}` is a format spec (`=^10`), not an assignment expression (that needs parentheses).
          if (op === ':' || op === ':=') return 'spec';
          if (op === '!') return 'conversion';
          // `{x=}`, `{x = !r}`: the self-documenting `=` names the expression, it assigns nothing.
          if (op === '=' && /^=\s*[}!:]/.test(text.slice(start, start + 40))) {
            this.pos = start + 1;
            continue;
          }
        }
        this.pos = start + op.length;
        this.operator(op, start, field);
        continue;
      }
      const cp = text.codePointAt(start)!;
      const width = cp > 0xffff ? 2 : 1;
      this.pos = start + width;
      if (classifyHiddenChar(cp) !== undefined) this.hidden(text.slice(start, start + width), start, 'code');
      else this.problem('invalid-character', start, text.slice(start, start + width));
    }
    return 'eof';
  }

  private measureIndent(): void {
    let width = 0;
    for (let p = this.pos; p < this.text.length; p++) {
      const c = this.text.charCodeAt(p);
      if (c === 32) width++;
      else if (c === 9) width = (Math.floor(width / 8) + 1) * 8;
      else if (c !== 12) break;
    }
    this.indentOfLine = width;
  }

  private operator(op: string, start: number, field: { depth: number } | undefined): void {
    const token = this.push('op', op, start);
    const opener = CLOSER[op];
    if (op === '(' || op === '[' || op === '{') {
      if (field !== undefined) field.depth++;
      else this.stack.push(token);
    } else if (opener !== undefined) {
      if (field !== undefined) {
        field.depth--;
        return;
      }
      const top = this.stack[this.stack.length - 1];
      if (top !== undefined && top.value === opener) this.stack.pop();
      else this.unmatched ??= { reason: 'unmatched-bracket', line: token.line, column: token.column, value: op };
    }
  }

  // ---- strings ----------------------------------------------------------------------------------

  /** A string literal at `start` with `prefix` (the quote follows the prefix). */
  private string(start: number, prefix: string): void {
    const { text } = this;
    const quoteAt = start + prefix.length;
    const q = text[quoteAt]!;
    const triple = text.startsWith(q + q + q, quoteAt);
    const lower = prefix.toLowerCase();
    const raw = lower.includes('r');
    const bytes = lower.includes('b');
    const formatted = lower.includes('f') || lower.includes('t');
    const line = this.line;
    const column = this.column(start);
    const token = this.push('string', '', start, line, column);
    if (bytes) token.bytes = true;
    if (formatted) token.fstring = true;
    this.pos = quoteAt + (triple ? 3 : 1);
    const literal: string[] = [];
    let constant = true;
    // An f-string's literal parts around its fields (t-strings build templates, not strings).
    const parts: string[] | undefined = lower.includes('f') ? [] : undefined;
    let partStart = 0;
    let plain = parts !== undefined;
    const escapesBefore = this.escapedChars;
    for (;;) {
      const body = readStringBody(this, { text, pos: this.pos, quote: q, triple, raw, bytes, formatted });
      literal.push(body.cooked ?? body.text);
      if (body.cooked === undefined) constant = plain = false;
      this.pos = body.end;
      if (body.stop === 'quote') {
        this.pos += triple ? 3 : 1;
        break;
      }
      if (body.stop === 'eof' || body.stop === 'newline') {
        this.problem('unclosed-string', start, text.slice(start, start + 20), line, column);
        break;
      }
      if (body.stop === 'brace') {
        // `{{` is a literal brace; `{` opens a replacement field.
        if (text.charCodeAt(this.pos + 1) === 123) {
          literal.push('{');
          this.pos += 2;
          continue;
        }
        constant = false;
        this.pos++;
        parts?.push(literal.slice(partStart).join(''));
        if (!this.replacementField()) {
          this.problem('unclosed-string', start, text.slice(start, start + 20), line, column);
          break;
        }
        if (!this.fieldPlain) plain = false;
        partStart = literal.length;
        continue;
      }
      // A single `}` in the literal part: `}}` is a brace, a lone one is a syntax error.
      if (text.charCodeAt(this.pos + 1) === 125) {
        literal.push('}');
        this.pos += 2;
        continue;
      }
      this.unmatched ??= { reason: 'unmatched-bracket', line: this.line, column: this.column(this.pos), value: '}' };
      this.pos++;
    }
    token.value = literal.join('');
    if (constant && !formatted) token.cooked = token.value;
    if (plain && parts !== undefined) token.parts = [...parts, literal.slice(partStart).join('')];
    if (this.escapedChars > escapesBefore) token.escaped = true;
  }

  /**
   * An f-string replacement field after its `{`: code, then an optional `!r` conversion and an
   * optional format spec (literal text with nested fields), up to the closing `}`.
   */
  private replacementField(): boolean {
    // Fields nested deeper than CPython parses stop the tokenizer (the file is not analyzed).
    if (this.fieldDepth >= 200) return false;
    this.fieldDepth++;
    try {
      return this.replacementFieldBody();
    } finally {
      this.fieldDepth--;
    }
  }

  private replacementFieldBody(): boolean {
    const open = this.push('op', '(', this.pos - 1);
    open.synthetic = true;
    let end = this.code({ depth: 0 });
    const plain = end === 'close';
    if (end === 'conversion') {
      this.pos++;
      NAME.lastIndex = this.pos;
      const conv = NAME.exec(this.text);
      if (conv !== null) this.pos += conv[0].length;
      while (this.text.charCodeAt(this.pos) === 32) this.pos++;
      end = this.text[this.pos] === ':' ? 'spec' : this.text[this.pos] === '}' ? 'close' : 'eof';
    }
    if (end === 'spec') {
      this.pos++;
      for (;;) {
        const c = this.text.charCodeAt(this.pos);
        if (Number.isNaN(c)) return false;
        if (c === 125) break;
        if (c === 123) {
          this.pos++;
          if (!this.replacementField()) return false;
          continue;
        }
        if (!this.lineBreak()) this.pos++;
      }
      end = 'close';
    }
    if (end !== 'close') return false;
    const close = this.push('op', ')', this.pos);
    close.synthetic = true;
    this.pos++;
    this.fieldPlain = plain;
    return true;
  }
}

