/**
 * What the Go and Rust tokenizers share: the position and line count of one forward pass,
 * identifiers and operators read by the language's own tables, brackets paired as they close, and
 * the lexical facts the evasion heuristics need (hidden characters, problems that make the rest of
 * a file unreliable). Each language's lexer extends it with its own comments, strings and numbers.
 *
 * @module
 */
import { type CharContext, type InvisibleChar, type LexProblem } from './tokenize.ts';
import { hiddenCharsOf } from './hidden-chars.ts';

/** The least a token of these lexers carries. */
export interface BracketToken<K extends string> {
  type: K;
  value: string;
  start: number;
  line: number;
  column: number;
}

/** A language's identifier pattern (sticky, Unicode) and its operators by length. */
export interface LexerSyntax {
  ident: RegExp;
  operators3: ReadonlySet<string>;
  operators2: ReadonlySet<string>;
  operators1: ReadonlySet<string>;
}

const CLOSER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** One forward pass over a source text of a language with C-like brackets (see the module comment). */
export abstract class BracketLexer<K extends string, T extends BracketToken<K | 'ident' | 'op'>> {
  readonly tokens: T[] = [];
  readonly invisibles: InvisibleChar[] = [];
  readonly problems: LexProblem[] = [];
  escapedChars = 0;
  protected pos = 0;
  protected line = 1;
  protected lineStart = 0;
  /** Indexes of open brackets. */
  protected readonly stack: number[] = [];
  private readonly pairs: Array<[number, number]> = [];
  private unmatched: LexProblem | undefined;

  constructor(protected readonly text: string, private readonly syntax: LexerSyntax) {
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  /** The bracket match table: both ends of every pair point at each other. */
  match(): Int32Array {
    const table = new Int32Array(this.tokens.length).fill(-1);
    for (const [open, close] of this.pairs) {
      table[open] = close;
      table[close] = open;
    }
    return table;
  }

  /** After the pass: a bracket that did not pair is the file's problem when it has no other. */
  protected finish(): void {
    if (this.problems.length > 0) return;
    if (this.unmatched !== undefined) this.problems.push(this.unmatched);
    else if (this.stack.length > 0) {
      const open = this.tokens[this.stack[this.stack.length - 1]!]!;
      this.problems.push({ reason: 'unclosed-bracket', line: open.line, column: open.column, value: open.value });
    }
  }

  /** An identifier or an operator at `start` (brackets paired); false when neither starts there. */
  protected identOrOperator(start: number): boolean {
    const { text, syntax } = this;
    syntax.ident.lastIndex = start;
    const ident = syntax.ident.exec(text);
    if (ident !== null) {
      this.pos = start + ident[0].length;
      this.push('ident', ident[0], start);
      // Invisible letters in a name (a Hangul filler is a letter to Go and Rust) are hidden code.
      this.hidden(ident[0], start, 'code');
      return true;
    }
    const three = text.slice(start, start + 3);
    const op = syntax.operators3.has(three) ? three : syntax.operators2.has(three.slice(0, 2)) ? three.slice(0, 2) : syntax.operators1.has(three[0]!) ? three[0]! : undefined;
    if (op === undefined) return false;
    this.pos = start + op.length;
    const index = this.push('op', op, start);
    if (op === '(' || op === '[' || op === '{') this.stack.push(index);
    else if (CLOSER[op] !== undefined) {
      const top = this.stack[this.stack.length - 1];
      if (top !== undefined && this.tokens[top]!.value === CLOSER[op]) {
        this.stack.pop();
        this.pairs.push([top, index]);
      } else {
        const t = this.tokens[index]!;
        this.unmatched ??= { reason: 'unmatched-bracket', line: t.line, column: t.column, value: op };
      }
    }
    return true;
  }

  protected column(at: number): number {
    return at - this.lineStart + 1;
  }

  protected lineBreak(): void {
    const c = this.text.charCodeAt(this.pos);
    this.pos += c === 13 && this.text.charCodeAt(this.pos + 1) === 10 ? 2 : 1;
    this.line++;
    this.lineStart = this.pos;
  }

  protected push(type: T['type'], value: string, start: number, line = this.line, column = this.column(start)): number {
    this.tokens.push({ type, value, start, line, column } as T);
    return this.tokens.length - 1;
  }

  protected problem(reason: LexProblem['reason'], at: number, value: string, line = this.line, column = this.column(at)): void {
    this.problems.push({ reason, line, column, value: value.slice(0, 20) });
  }

  /** Record hidden characters of `value` (starting at `start` on the current line). */
  protected hidden(value: string, start: number, context: CharContext): void {
    if (/[^\x00-\x7f]/.test(value)) this.invisibles.push(...hiddenCharsOf(value, context, this.line, this.column(start)));
  }

  /** Walk `[from, end)` that may span lines (a block comment, a raw string), recording hidden characters. */
  protected multiLine(from: number, end: number, context: CharContext): void {
    const { text } = this;
    this.pos = from;
    while (this.pos < end) {
      const c = text.charCodeAt(this.pos);
      if (c === 10 || c === 13) {
        this.hidden(text.slice(from, this.pos), from, context);
        this.lineBreak();
        from = this.pos;
      } else this.pos++;
    }
    this.hidden(text.slice(from, end), from, context);
  }
}
