/**
 * The body of one Python string literal (or one literal part of an f-string): where it stops and
 * its value with escapes resolved. Escape sequences that spell a character anyone could have
 * typed (`\x65`, `\145`, `\u0065`, `\N{LATIN SMALL LETTER E}`) are counted for the
 * escape-density heuristic; `\n`, `\\`, `\'` and escapes of invisible or non-ASCII characters are
 * not.
 *
 * @module
 */
import type { CharContext } from '../tokenize.ts';

/** Where the lexer is, and what it collects while a string is read. */
export interface StringSink {
  escapedChars: number;
  hidden(value: string, start: number, context: CharContext): void;
  /** A line break inside the string ends at `next` (the first offset of the next line). */
  newLine(next: number): void;
}

/** The literal being read. */
export interface StringBodyInput {
  text: string;
  pos: number;
  quote: string;
  triple: boolean;
  raw: boolean;
  bytes: boolean;
  /** An f-string or t-string: `{` and `}` end a literal part. */
  formatted: boolean;
}

/** Result of {@link readStringBody}. */
export interface StringBody {
  /** The source text of the part. */
  text: string;
  /** The value with escapes resolved, undefined when a `\N{…}` name is not known here. */
  cooked: string | undefined;
  /** Offset where reading stopped (at the closing quote, the brace, the line break or the end). */
  end: number;
  stop: 'quote' | 'eof' | 'newline' | 'brace' | 'close-brace';
}

const SIMPLE: Readonly<Record<string, string>> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const NAMED: Readonly<Record<string, string>> = {
  SPACE: ' ', 'LOW LINE': '_', 'FULL STOP': '.', COMMA: ',', COLON: ':', SEMICOLON: ';', SOLIDUS: '/', 'REVERSE SOLIDUS': '\\',
  'LEFT PARENTHESIS': '(', 'RIGHT PARENTHESIS': ')', APOSTROPHE: "'", 'QUOTATION MARK': '"', 'EQUALS SIGN': '=', 'HYPHEN-MINUS': '-',
  'DIGIT ZERO': '0', 'DIGIT ONE': '1', 'DIGIT TWO': '2', 'DIGIT THREE': '3', 'DIGIT FOUR': '4', 'DIGIT FIVE': '5', 'DIGIT SIX': '6',
  'DIGIT SEVEN': '7', 'DIGIT EIGHT': '8', 'DIGIT NINE': '9',
};

/** A `\N{…}` name this reader resolves: the ASCII letters, digits and common punctuation. */
function namedChar(name: string): string | undefined {
  const upper = name.toUpperCase();
  const letter = /^LATIN (SMALL|CAPITAL) LETTER ([A-Z])$/.exec(upper);
  if (letter !== null) return letter[1] === 'SMALL' ? letter[2]!.toLowerCase() : letter[2]!;
  return NAMED[upper];
}

/** Characters anyone could type: an escape spelling one hides it. */
function typable(cp: number): boolean {
  return cp > 0x20 && cp < 0x7f;
}

/**
 * Read a string body from `input.pos`.
 *
 * @param sink The lexer (line tracking, hidden characters, escape counts).
 * @param input The text, position and kind of literal.
 * @returns The part's text, value, end and why it stopped.
 * @example
 * readStringBody(sink, { text: "'a\\x62'", pos: 1, quote: "'", triple: false, raw: false, bytes: false, formatted: false }).cooked // 'ab'
 */
export function readStringBody(sink: StringSink, input: StringBodyInput): StringBody {
  const { text, quote, triple, raw, bytes, formatted } = input;
  const begin = input.pos;
  let p = begin;
  let segment = begin;
  const out: string[] = [];
  let cooked = true;
  const flush = (to: number): void => {
    if (to > segment) sink.hidden(text.slice(segment, to), segment, 'string');
  };
  const lineBreakAt = (at: number): number => {
    const c = text.charCodeAt(at);
    if (c !== 10 && c !== 13) return 0;
    return c === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
  };
  const done = (stop: StringBody['stop']): StringBody => {
    flush(p);
    return { text: text.slice(begin, p), cooked: cooked ? out.join('') : undefined, end: p, stop };
  };
  while (p < text.length) {
    const c = text[p]!;
    if (c === quote && (!triple || text.startsWith(quote + quote + quote, p))) return done('quote');
    if (formatted && (c === '{' || c === '}')) return done(c === '{' ? 'brace' : 'close-brace');
    const nl = lineBreakAt(p);
    if (nl > 0) {
      if (!triple) return done('newline');
      flush(p);
      out.push('\n');
      p += nl;
      segment = p;
      sink.newLine(p);
      continue;
    }
    if (c !== '\\') {
      out.push(c);
      p++;
      continue;
    }
    const next = text[p + 1];
    if (next === undefined) {
      p++;
      break;
    }
    const escapedBreak = lineBreakAt(p + 1);
    if (escapedBreak > 0) {
      // A backslash at the end of a line continues the string (raw strings keep both characters).
      flush(p);
      if (raw) out.push('\\\n');
      p += 1 + escapedBreak;
      segment = p;
      sink.newLine(p);
      continue;
    }
    if (raw) {
      // `\'` does not end a raw string, but both characters stay; `\{` still opens a field.
      if (next === quote || next === '\\') {
        out.push(c, next);
        p += 2;
      } else {
        out.push(c);
        p++;
      }
      continue;
    }
    const escape = readEscape(text, p, bytes);
    if (escape === undefined) {
      // Unknown escapes keep the backslash (and `\{` leaves the brace to the f-string).
      out.push('\\');
      p++;
      continue;
    }
    if (escape.value === undefined) cooked = false;
    else {
      out.push(escape.value);
      if (escape.counts) sink.escapedChars += escape.length;
    }
    p += escape.length;
  }
  return done('eof');
}

/** One escape sequence at `at` (a backslash): its value, length and whether it hides a typable character. */
function readEscape(text: string, at: number, bytes: boolean): { value: string | undefined; length: number; counts: boolean } | undefined {
  const next = text[at + 1]!;
  const simple = SIMPLE[next];
  if (simple !== undefined) return { value: simple, length: 2, counts: false };
  const octal = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4));
  if (octal !== null) {
    const cp = Number.parseInt(octal[0], 8);
    return { value: String.fromCharCode(cp), length: 1 + octal[0].length, counts: typable(cp) };
  }
  const hexLength = next === 'x' ? 2 : bytes ? 0 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
  if (hexLength > 0) {
    const digits = text.slice(at + 2, at + 2 + hexLength);
    if (digits.length !== hexLength || !/^[0-9a-fA-F]+$/.test(digits)) return undefined;
    const cp = Number.parseInt(digits, 16);
    if (cp > 0x10ffff) return undefined;
    return { value: String.fromCodePoint(cp), length: 2 + hexLength, counts: typable(cp) };
  }
  if (next === 'N' && !bytes && text[at + 2] === '{') {
    const close = text.indexOf('}', at + 3);
    if (close < 0 || close - at > 100) return undefined;
    const value = namedChar(text.slice(at + 3, close));
    return { value, length: close + 1 - at, counts: value !== undefined && typable(value.charCodeAt(0)) };
  }
  return undefined;
}
