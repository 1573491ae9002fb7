/**
 * Tokenizer pass of the scanner: runs `js-tokens` once over a JavaScript/TypeScript text and keeps
 * the significant tokens (identifiers, punctuators, literals) with line and column, dropping
 * whitespace, comments and JSX markup. While it walks, it records the lexical facts the evasion
 * heuristics need: invisible and bidirectional characters (with their context), the number of
 * characters spent on escape sequences, and tokens that make the rest of the file unreliable
 * (an unclosed string, template, regex or comment; an invalid character; brackets that do not
 * pair, so the file cannot parse).
 *
 * @module
 */
import jsTokens, { type JSXToken, type Token as JsToken } from 'js-tokens';
import { classifyHiddenChar } from '../format/reveal-hidden.ts';
import { textLength } from './text-length.ts';

// One classification of hidden characters for the scanner, the surface scan and every report.
export { classifyHiddenChar };

/**
 * A TSX type parameter list before a parenthesis: a first name followed by `,`, `extends` or `=`
 * (a bare `<T>` is an element in TSX, as TypeScript itself reads it), with one level of nested
 * angle brackets in constraints and defaults.
 */
const TSX_TYPE_PARAMETERS = /^<\s*(?:const\s+)?[A-Za-z_$][\w$]*(?:\s*,|\s+extends\b|\s*=)(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>(?=\s*\()/;

/** The start of a TSX element with type arguments: `<List<`, `<ui.Table <`. */
const TSX_ELEMENT_WITH_TYPE_ARGUMENTS = /^<\s*[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*(?=<)/;

/**
 * The type arguments of a TSX element whose `<` is at `at` (`<T>` in `<List<T> items={x} />`,
 * nested ones included, `=>` in a function type not closing them), or undefined when there are
 * none or they do not close within 400 characters.
 */
function elementTypeArgumentsEnd(input: string, at: number): { from: number; to: number } | undefined {
  const head = TSX_ELEMENT_WITH_TYPE_ARGUMENTS.exec(input.slice(at, at + 200));
  if (head === null) return undefined;
  const from = at + head[0].length;
  let depth = 0;
  for (let k = from; k < input.length && k < from + 400; k++) {
    const c = input[k];
    if (c === '<') depth++;
    else if (c === '>' && input[k - 1] !== '=') {
      if (--depth === 0) return { from, to: k + 1 };
    }
  }
  return undefined;
}

/** Token types kept by {@link tokenize} (js-tokens' names). */
export type TokenType =
  | 'StringLiteral'
  | 'NoSubstitutionTemplate'
  | 'TemplateHead'
  | 'TemplateMiddle'
  | 'TemplateTail'
  | 'RegularExpressionLiteral'
  | 'IdentifierName'
  | 'PrivateIdentifier'
  | 'NumericLiteral'
  | 'Punctuator'
  | 'Invalid';

/** One significant token. */
export interface Token {
  type: TokenType;
  /** Source text of the token (for an identifier with escapes, the cooked name is in `name`). */
  value: string;
  /** The identifier name with `\u` escapes resolved (identifiers only; equals `value` without escapes). */
  name: string;
  /** Offset of the first character. */
  start: number;
  /** One-based line. */
  line: number;
  /** One-based column (UTF-16 code units). */
  column: number;
  /** A line terminator (or a comment containing one) precedes this token. */
  nl: boolean;
}

/** Where an invisible character sits. */
export type CharContext = 'code' | 'string' | 'regex' | 'comment';

/** An invisible, zero-width or bidirectional-control character found in the text. */
export interface InvisibleChar {
  codePoint: number;
  /** `bidi` for directional controls, `invisible` for zero-width and other hidden characters. */
  category: 'bidi' | 'invisible';
  context: CharContext;
  line: number;
  column: number;
}

/** Something that makes the rest of the file unreliable. */
export interface LexProblem {
  reason: 'unclosed-string' | 'unclosed-template' | 'unclosed-regex' | 'unclosed-comment' | 'invalid-character'
    | 'unclosed-bracket' | 'unmatched-bracket' | 'too-many-restarts';
  line: number;
  column: number;
  value: string;
}

/** Result of {@link tokenize}. */
export interface LexResult {
  tokens: Token[];
  invisibles: InvisibleChar[];
  /** Characters that are part of escape sequences in strings, templates, regexes and identifiers. */
  escapedChars: number;
  problems: LexProblem[];
  /** Length of the text in UTF-16 code units, a CRLF line break counted once. */
  length: number;
}

/** Options of {@link tokenize}. */
export interface TokenizeOptions {
  /** Tokenize JSX (for `.jsx` and `.tsx`). */
  jsx?: boolean;
  /**
   * TypeScript: a `/` right after a non-null assertion (`size! / 2`, `f()! / 2`) is division.
   * js-tokens, a JavaScript tokenizer, reads `!` as the prefix operator and the `/` as the start
   * of a regular expression, which would lose track of the rest of the file.
   */
  typescript?: boolean;
}

/** Words after which `!` is the prefix operator even in TypeScript (`return !/x/.test(s)`). */
const PREFIX_CONTEXT_WORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await', 'extends']);

/**
 * Whether a regular expression js-tokens just read is really a `/` after a non-null assertion:
 * the last kept token is a `!` on the same line as the token before it, which is an identifier
 * (not a keyword that takes an operand) or a `)`/`]` written directly before the `!`.
 */
function isDivisionAfterNonNull(tokens: readonly Token[]): boolean {
  const bang = tokens[tokens.length - 1];
  const before = tokens[tokens.length - 2];
  if (bang === undefined || before === undefined || bang.type !== 'Punctuator' || bang.value !== '!' || bang.nl) return false;
  if (before.type === 'IdentifierName') return !PREFIX_CONTEXT_WORDS.has(before.name);
  // `if (ok) !/x/.test(s)` is JavaScript; `f()!/2` and `a[i]! / 2` are TypeScript.
  return before.type === 'Punctuator' && (before.value === ')' || before.value === ']') && before.start + 1 === bang.start;
}

/** A character that can end an operand written before a postfix `!`: an identifier or number, `)`, `]`, a quote or a backtick. */
const OPERAND_END = /[\p{ID_Continue}$\u200c\u200d)\]'"`]/u;

/**
 * TypeScript: the text js-tokens is given, with every non-null assertion that stands before a `/`
 * blanked (`size! / 2`, `f() ! / 2`, `a!! / 2`, `'x'! / 2`): a run of `!` written on the line of
 * an operand's end and followed, past blanks and comments, by a `/` that opens no comment and
 * no `!=`. Without its `!`, js-tokens decides from the operand itself: division after a name,
 * `)` or `]`, a regular expression after a keyword that takes an operand (`return !/x/`) or the
 * head of `if (…)`, as TypeScript reads it. A `!` inside a string, template, regular expression
 * or comment is blanked harmlessly (same length; no token ends at it; token values come from the
 * original text). One pass instead of a restart of js-tokens per assertion, which made a file of
 * many `a! / 2` quadratic.
 */
function blankNonNullBeforeSlash(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  // Ends of the last block comment and line skipped: a later skip that starts inside one ends
  // there too, so a file of many `!` in one long comment or line stays linear.
  let commentEnd = -1;
  let lineEnd = -1;
  const skipBlanks = (from: number): number => {
    let j = from;
    for (;;) {
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text.startsWith('/*', j)) {
        if (j + 2 > commentEnd) {
          const close = text.indexOf('*/', j + 2);
          commentEnd = close < 0 ? text.length : close + 2;
        }
        j = commentEnd;
      } else if (text.startsWith('//', j)) {
        if (j >= lineEnd) {
          lineEnd = j;
          while (lineEnd < text.length && !isLineTerminator(text.charCodeAt(lineEnd))) lineEnd++;
        }
        j = lineEnd;
      } else return j;
    }
  };
  for (let k = text.indexOf('!'); k >= 0; k = text.indexOf('!', k)) {
    const start = k;
    while (text.charCodeAt(k) === 33) k++;
    if (text.charCodeAt(k) === 61) continue; // `!=`, `!==`
    const next = skipBlanks(k);
    if (text[next] !== '/') continue;
    let p = start - 1;
    while (p >= 0 && (text[p] === ' ' || text[p] === '\t')) p--;
    if (p < 0) continue;
    // The whole character before (a letter outside the BMP is two code units).
    const low = text.charCodeAt(p);
    const before = low >= 0xdc00 && low <= 0xdfff && p > 0 ? text.slice(p - 1, p + 1) : text.charAt(p);
    if (!OPERAND_END.test(before)) continue;
    parts.push(text.slice(copied, start), ' '.repeat(k - start));
    copied = k;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;

/**
 * Whether the zero-width joiner at `k` joins two emoji (`👨‍💻`, `🏳️‍🌈`): part of how the emoji is
 * written, not a hidden character. Variation selector 16 and skin-tone modifiers may sit between
 * the first emoji and the joiner.
 *
 * @param text The text.
 * @param k Index of a U+200D code unit.
 * @returns True inside an emoji sequence.
 * @example
 * joinsEmoji('👨\u200d💻', 2) // true
 */
export function joinsEmoji(text: string, k: number): boolean {
  let p = k - 1;
  for (;;) {
    if (p >= 0 && text.charCodeAt(p) === 0xfe0f) p--;
    else if (p >= 1 && (text.codePointAt(p - 1) ?? 0) >= 0x1f3fb && (text.codePointAt(p - 1) ?? 0) <= 0x1f3ff) p -= 2;
    else break;
  }
  if (p < 0) return false;
  const low = text.charCodeAt(p);
  const before = p >= 1 && low >= 0xdc00 && low <= 0xdfff ? text.codePointAt(p - 1)! : low;
  const after = text.codePointAt(k + 1);
  return after !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(before)) && PICTOGRAPHIC.test(String.fromCodePoint(after));
}

/**
 * Scripts whose spelling uses the zero-width non-joiner and joiner between letters (The Unicode
 * Standard, 23.2): Persian `می‌خواهم`, Kannada `ಇನ್‌ಪುಟ್` and Hindi `क्‍ष` are written with them.
 */
const JOINING_SCRIPTS = ['Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala'].map(
  (name) => new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u'),
);

/**
 * The viramas of the Indic scripts of `JOINING_SCRIPTS` (Devanagari, Bengali, Gurmukhi, Gujarati,
 * Oriya, Tamil, Telugu, Kannada, Malayalam and its two vertical-bar viramas, Sinhala's al-lakuna):
 * a (non-)joiner after one is part of the spelling (The Unicode Standard, 12.2).
 */
const VIRAMAS: ReadonlySet<number> = new Set([0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d3b, 0x0d3c, 0x0d4d, 0x0dca]);

/**
 * Whether the zero-width non-joiner or joiner at `k` sits between two characters of one script
 * that spells words with it (Arabic, Syriac, N'Ko, Mongolian, the Indic scripts): part of the
 * word, not a hidden character.
 *
 * @param text The text.
 * @param k Index of a U+200C or U+200D code unit.
 * @returns True between two letters (or marks) of one such script, or right after a virama of one.
 * @example
 * joinsLetters('می\u200cخواهم', 2) // true
 */
export function joinsLetters(text: string, k: number): boolean {
  if (k === 0) return false;
  const low = text.charCodeAt(k - 1);
  const before = k >= 2 && low >= 0xdc00 && low <= 0xdfff ? text.codePointAt(k - 2)! : low;
  // One joiner right after a virama picks the consonant's form (a Malayalam chillu "ന്\u200d", a
  // half form, an eyelash ra) whatever follows, a space or the end of the text included.
  if (VIRAMAS.has(before)) return true;
  const after = text.codePointAt(k + 1);
  if (after === undefined) return false;
  const a = String.fromCodePoint(before);
  const b = String.fromCodePoint(after);
  return JOINING_SCRIPTS.some((script) => script.test(a) && script.test(b));
}

/**
 * Whether the character at `k` is a joiner that belongs to the text around it: a zero-width
 * joiner inside an emoji sequence, or a (non-)joiner inside a word of a script spelled with it.
 *
 * @param text The text.
 * @param k Index of a code unit.
 * @param cp The code point at `k`.
 * @returns True for such a joiner.
 * @example
 * isWordJoiner('👨\u200d💻', 2, 0x200d) // true
 */
export function isWordJoiner(text: string, k: number, cp: number): boolean {
  if (cp === 0x200d && joinsEmoji(text, k)) return true;
  return (cp === 0x200c || cp === 0x200d) && joinsLetters(text, k);
}

/** The emoji tag sequences Unicode recommends for general interchange (RGI): England, Scotland, Wales. */
const RGI_SUBDIVISION_FLAGS = new Set(['gbeng', 'gbsct', 'gbwls']);

/**
 * The length (in UTF-16 code units) of an emoji tag sequence's tags when `text[k]` starts U+1F3F4
 * WAVING BLACK FLAG followed by the tags of an RGI subdivision flag (England, Scotland, Wales;
 * Unicode TR 51) and U+E007F CANCEL TAG; 0 otherwise. Those tag characters draw a flag and hide
 * nothing. Other tag sequences stay hidden characters: any text could be spelled in them.
 *
 * @param text The text.
 * @param k Index of the flag's first code unit.
 * @returns Code units of the tag characters after the flag, the cancel tag included.
 * @example emojiTagSequenceLength('\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', 0) // 12
 */
export function emojiTagSequenceLength(text: string, k: number): number {
  if (text.codePointAt(k) !== 0x1f3f4) return 0;
  let tags = '';
  for (let p = k + 2; tags.length <= 5; p += 2) {
    const cp = text.codePointAt(p);
    if (cp === 0xe007f) return RGI_SUBDIVISION_FLAGS.has(tags) ? p + 2 - (k + 2) : 0;
    if (cp === undefined || cp < 0xe0061 || cp > 0xe007a) return 0;
    tags += String.fromCharCode(cp - 0xe0000);
  }
  return 0;
}

function isPunctToken(t: Token | undefined, value: string): boolean {
  return t !== undefined && t.type === 'Punctuator' && t.value === value;
}

/** A token after which a `{` is part of a type (a return type `: { a: T }`, `A & {…}`), not a body. */
function isTypeContinuation(t: Token): boolean {
  return t.type === 'Punctuator' && (t.value === ':' || t.value === '|' || t.value === '&' || t.value === '<' || t.value === ',' || t.value === '=>' || t.value === '?');
}

function closesBracket(type: TokenType, value: string): boolean {
  return type === 'Punctuator' ? value === ')' || value === ']' || value === '}' : type === 'TemplateMiddle' || type === 'TemplateTail';
}

/** Words that end the search for a type alias or annotation before a `{`. */
const NOT_IN_TYPES = new Set(['return', 'throw', 'case', 'default', 'else', 'do', 'new', 'await', 'yield', 'delete', 'void', 'in', 'of', 'instanceof', 'as', 'satisfies']);

/**
 * TypeScript: whether the `{` at `b` opens an object type in a type alias (`type T<U> = A & {`)
 * or in the annotation of a declaration (`let v: {`, `declare const x: Array<{`). js-tokens reads
 * that `{` as an object literal, after whose `}` a `/` divides; no type is followed by a division,
 * so a regular expression on the next line read as one opened strings or templates that hid code.
 * Walks back over the tokens at the same depth (a closed group at once) up to 64 steps.
 */
function startsTypeLiteral(tokens: readonly Token[], depthOf: readonly number[], b: number): boolean {
  // A block's `{` (after `)`, a name such as `else`, `}` or `;`) is the common case: no walk.
  const prev = tokens[b - 1];
  if (prev === undefined || prev.type === 'IdentifierName' || (prev.type === 'Punctuator' && (prev.value === ')' || prev.value === '}' || prev.value === ';' || prev.value === '{'))) return false;
  const depth = depthOf[b]!;
  for (let k = b - 1, steps = 0; k >= 0 && steps < 64; k--, steps++) {
    const d = depthOf[k]!;
    if (d > depth) continue;
    if (d < depth) return false;
    const t = tokens[k]!;
    if (closesBracket(t.type, t.value)) {
      // Skip back to the group's opener (the previous token at this depth).
      do k--; while (k >= 0 && depthOf[k]! > depth);
      continue;
    }
    if (t.type === 'IdentifierName') {
      if (NOT_IN_TYPES.has(t.name)) return false;
      continue;
    }
    if (t.type !== 'Punctuator') continue;
    if (t.value === '=') {
      // `type T =`, `type T<U extends V> =`.
      // Angle brackets of the type parameters (whose defaults may hold `=` and `{}`) are skipped.
      let angles = 0;
      for (let j = k - 1, m = 0; j >= 0 && m < 64; j--, m++) {
        const w = tokens[j]!;
        if (depthOf[j]! > depth) continue;
        if (depthOf[j]! < depth) return false;
        if (w.type === 'Punctuator' && (w.value === '>' || w.value === '>>' || w.value === '>>>')) angles += w.value.length;
        else if (w.type === 'Punctuator' && w.value === '<') angles--;
        else if (angles > 0) continue;
        else if (w.type === 'IdentifierName' && w.name === 'type' && tokens[j + 1]?.type === 'IdentifierName') return j + 2 === k || isPunctToken(tokens[j + 2], '<');
        else if (w.type === 'Punctuator' && (w.value === ';' || w.value === '=' || w.value === '{' || w.value === '}')) return false;
      }
      return false;
    }
    if (t.value === ':') {
      // `let v: {`, `const x!: {`, `declare var y?: {` (not an object literal's key, not a conditional).
      let j = k - 1;
      if (isPunctToken(tokens[j], '!') || isPunctToken(tokens[j], '?')) j--;
      const name = tokens[j];
      const keyword = tokens[j - 1];
      return name?.type === 'IdentifierName' && keyword?.type === 'IdentifierName' && DECLARATION_WORDS.has(keyword.name);
    }
    if (t.value === ';' || t.value === '{' || t.value === '(' || t.value === '[' || t.value === '?') return false;
  }
  return false;
}

/** Words that declare the name after them (`for (let of …)`: that `of` is a name). */
const DECLARATION_WORDS = new Set(['const', 'let', 'var', 'using']);

/** Words after which `function` or `class` starts an expression (`return function () {} / 2`). */
const EXPRESSION_BEFORE_WORDS = new Set(['return', 'typeof', 'void', 'delete', 'await', 'yield', 'new', 'in', 'of', 'instanceof', 'case', 'throw', 'extends']);

/**
 * Whether the `function` or `class` keyword at `k` (the last kept token) starts an expression,
 * whose body's `}` is followed by a `/` that divides (`x = function () {} / 2`), rather than a
 * declaration, after whose `}` a `/` starts a regular expression. js-tokens reads every `}` of a
 * function or class body as the end of a block, so a division after a function or class
 * expression became a regular expression that hid the code up to the next `/` on the line.
 * Also read by `ends-statement.ts`: a declaration's `}` ends a statement, an expression's does not.
 *
 * @param tokens Tokens up to the keyword (those after it are not read).
 * @param k Index of the `function` or `class` keyword.
 * @returns True for a function or class expression, false for a declaration.
 * @example
 * startsExpression(tokens, k) // true for `x = function () {}`, false for `function f() {}`
 */
export function startsExpression(tokens: readonly Token[], k: number): boolean {
  let at = k;
  if (tokens[k - 1]?.type === 'IdentifierName' && tokens[k - 1]!.name === 'async' && !tokens[k]!.nl) at = k - 1;
  const prev = tokens[at - 1];
  if (prev === undefined) return false;
  if (prev.type === 'IdentifierName') return EXPRESSION_BEFORE_WORDS.has(prev.name) && !isMemberName(tokens, at - 1);
  if (prev.type === 'TemplateHead' || prev.type === 'TemplateMiddle') return true;
  if (prev.type !== 'Punctuator') return false;
  const v = prev.value;
  if (v === '}' || v === ')' || v === ']' || v === ';' || v === '{') return false;
  return v === ':' ? colonInExpression(tokens, at - 1) : true;
}

/** A name written after `.` or `?.` (a member, never a keyword). */
function isMemberName(tokens: readonly Token[], k: number): boolean {
  const before = tokens[k - 1];
  return before?.type === 'Punctuator' && (before.value === '.' || before.value === '?.');
}

/**
 * Whether the `:` at `c` is inside an expression (an object literal's key, a conditional's `:`)
 * rather than after a label or a `case`, where a function is a declaration.
 *
 * @param tokens Tokens up to the colon (those after it are not read).
 * @param c Index of the `:`.
 * @returns True inside an object literal or a conditional, false after a label or a `case`.
 * @example
 * colonInExpression(tokens, c) // true for `{ a: …`, false for `case 1: …` and `label: …`
 */
export function colonInExpression(tokens: readonly Token[], c: number): boolean {
  const key = tokens[c - 1];
  const before = tokens[c - 2];
  if (key === undefined) return false;
  if (key.type !== 'IdentifierName' && key.type !== 'StringLiteral' && key.type !== 'NumericLiteral') return true;
  if (before === undefined) return false;
  if (before.type === 'IdentifierName') return before.name !== 'case' || isMemberName(tokens, c - 2);
  if (before.type !== 'Punctuator') return true;
  const v = before.value;
  if (v === ';' || v === '}' || v === ')') return false;
  if (v === '{') {
    // An object literal's first key, or a label at the start of a block.
    const outer = tokens[c - 3];
    if (outer === undefined) return false;
    if (outer.type === 'IdentifierName') return EXPRESSION_BEFORE_WORDS.has(outer.name);
    return outer.type !== 'Punctuator' || !(outer.value === ')' || outer.value === ';' || outer.value === '{' || outer.value === '}' || outer.value === '=>');
  }
  return true;
}

/**
 * Whether the `/` js-tokens just read as division (the last kept token is `of` or `extends`)
 * starts a regular expression: `for (const m of /x/g.exec(s))`, `class R extends /x/.constructor`.
 * js-tokens reads a `/` after `of` (which can be a name) and after `extends` as division, so a
 * quote or backtick inside the regular expression opened a string or template that hid code.
 */
function isRegexAfterKeyword(tokens: readonly Token[], open: readonly Token[]): boolean {
  const last = tokens[tokens.length - 1];
  if (last === undefined || last.type !== 'IdentifierName' || isMemberName(tokens, tokens.length - 1)) return false;
  if (last.name === 'extends') return true;
  if (last.name !== 'of') return false;
  // `for (x of /re/)`, `for (const [a, b] of /re/)`, `for await (const x of …)`: `of` after the binding.
  const top = open[open.length - 1];
  if (top === undefined || top.type !== 'Punctuator' || top.value !== '(') return false;
  const head = tokens.lastIndexOf(top);
  const keyword = tokens[head - 1];
  const isFor = keyword?.type === 'IdentifierName' && (keyword.name === 'for' || (keyword.name === 'await' && tokens[head - 2]?.type === 'IdentifierName' && tokens[head - 2]!.name === 'for'));
  if (!isFor) return false;
  const before = tokens[tokens.length - 2];
  if (before === undefined || tokens.length - 2 <= head) return false;
  if (before.type === 'IdentifierName') return !DECLARATION_WORDS.has(before.name);
  return before.type === 'Punctuator' && (before.value === ']' || before.value === '}');
}

const NON_ASCII = /[^\x00-\x7f]/;
/** Restarts of js-tokens allowed per file (TSX type parameters, a `/` after a non-null assertion or a function or class expression, a regular expression after `of` or `extends`). */
const MAX_RESTARTS = 256;

/**
 * Tokenize a JavaScript or TypeScript text in one pass.
 *
 * @param text The source text.
 * @param options `jsx: true` for JSX files.
 * @returns Significant tokens with positions, plus lexical facts for the heuristics.
 * @example
 * tokenize('fetch(url) // fetch').tokens.map((t) => t.value) // ['fetch', '(', 'url', ')']
 */
export function tokenize(text: string, options: TokenizeOptions = {}): LexResult {
  // What js-tokens reads: the same length as the text, so offsets and token values are the text's.
  let input = options.typescript === true ? blankNonNullBeforeSlash(text) : text;
  for (let patches = 0; ; patches++) {
    const pass = tokenizeInput(text, input, options, patches < MAX_PATCHES);
    if (pass.patch === undefined) return pass.lex;
    const { at, replacement } = pass.patch;
    input = input.slice(0, at) + replacement + input.slice(at + replacement.length);
  }
}

/**
 * Passes over a JSX file allowed to correct the text js-tokens reads. In JSX a restart of
 * js-tokens in the middle of the text loses which elements are open, so there a correction is
 * made in the text (of the same length) and the file read again from the start.
 */
const MAX_PATCHES = 32;

/** A same-length change to the text js-tokens reads, after which the file is read again. */
interface Patch {
  at: number;
  replacement: string;
}

/** One pass of {@link tokenize} over `input` (the text as js-tokens should read it), or the patch it asks for first. */
function tokenizeInput(text: string, input: string, options: TokenizeOptions, canPatch: boolean): { lex: LexResult; patch?: undefined } | { lex?: undefined; patch: Patch } {
  const tokens: Token[] = [];
  const invisibles: InvisibleChar[] = [];
  const problems: LexProblem[] = [];
  const hasNonAscii = NON_ASCII.test(text);
  let escapedChars = 0;
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  let nl = false;

  const scanHidden = (value: string, start: number, context: CharContext): void => {
    for (let k = 0; k < value.length; k++) {
      const code = value.charCodeAt(k);
      if (code < 0x80) continue;
      const cp = value.codePointAt(k)!;
      if (cp === 0x1f3f4 && context !== 'code') {
        k += 1 + emojiTagSequenceLength(value, k);
        continue;
      }
      const category = classifyHiddenChar(cp);
      if (category !== undefined && !(cp === 0xfeff && start + k === 0) && !(context !== 'code' && isWordJoiner(value, k, cp))) {
        const at = positionIn(value, k, start);
        invisibles.push({ codePoint: cp, category, context, line: at.line, column: at.column });
      }
      if (cp > 0xffff) k++;
    }
  };
  // Position of value[k] for a token starting at `start` (the token may span lines).
  const positionIn = (value: string, k: number, start: number): { line: number; column: number } => {
    let l = line;
    let ls = lineStart;
    for (let m = 0; m < k; m++) {
      const c = value.charCodeAt(m);
      if (c === 10 || c === 0x2028 || c === 0x2029 || (c === 13 && value.charCodeAt(m + 1) !== 10)) {
        l++;
        ls = start + m + 1;
      }
    }
    return { line: l, column: start + k - ls + 1 };
  };
  const advanceLines = (value: string, start: number): void => {
    if (value.indexOf('\n') < 0 && value.indexOf('\r') < 0 && !(hasNonAscii && (value.indexOf('\u2028') >= 0 || value.indexOf('\u2029') >= 0))) return;
    for (let m = 0; m < value.length; m++) {
      const c = value.charCodeAt(m);
      if (c === 10 || c === 0x2028 || c === 0x2029 || (c === 13 && value.charCodeAt(m + 1) !== 10)) {
        line++;
        lineStart = start + m + 1;
        nl = true;
      }
    }
  };

  // The brackets open at this point (`(`, `[`, `{`, a template substitution's `${`), and the first
  // one that did not pair. A restarted stream is given the open braces and substitutions again,
  // so a `}` still closes what it belongs to (`${a! / 2}`); at the end a file whose brackets do not
  // pair does not parse, and its findings cannot be trusted either.
  const open: Token[] = [];
  let unmatched: LexProblem | undefined;
  const tokensFrom = (from: number, lead: '0' | '=' = '0'): Iterator<JsToken | JSXToken> => {
    // A leading `0` puts js-tokens where a `/` divides, a leading `=` where it starts a regular
    // expression; that token and the reopened braces are skipped below.
    const braces = open.filter((t) => t.type !== 'Punctuator' || t.value === '{');
    const context = braces.map((t) => (t.type === 'Punctuator' ? '{' : '`${')).join('');
    skipPrefix = from === 0 ? 0 : braces.length + 1;
    const source = from === 0 ? input : `${context}${lead}${input.slice(from)}`;
    return (options.jsx === true ? jsTokens(source, { jsx: true }) : jsTokens(source))[Symbol.iterator]();
  };
  let skipPrefix = 0;
  let stream = tokensFrom(0);
  // Each restart reads the rest of the text again: past MAX_RESTARTS the file is not analyzed
  // rather than read in quadratic time.
  let restarts = 0;
  const restart = (): boolean => {
    if (++restarts <= MAX_RESTARTS) return true;
    if (restarts === MAX_RESTARTS + 1) problems.push({ reason: 'too-many-restarts', line, column: pos - lineStart + 1, value: '' });
    return false;
  };
  // A restarted stream no longer knows which `}` closes a JSX expression container.
  let restartedInJsx = false;
  // Function and class expressions, by bracket depth: the `function` or `class` keyword whose
  // body's `{` is still to come, and the last `)` closed (a function's parameters). The `{` of
  // such a body is remembered, and the `}` that closes it: a `/` right after it divides.
  const pendingFunction: number[] = [];
  const pendingClass: number[] = [];
  const lastParenClose: number[] = [];
  const expressionBodies = new Set<Token>();
  let closedExpressionBody: Token | undefined;
  // TypeScript: the bracket depth of each token, and the object types of type aliases and
  // declarations (`type T = { a: 1 }`, `let v: { a: 1 }`): a `/` after one starts a regular expression.
  const depthOf: number[] = [];
  const typeLiterals = new Set<Token>();
  let closedTypeLiteral: Token | undefined;
  for (let step = stream.next(); step.done !== true; step = stream.next()) {
    const token = step.value;
    if (skipPrefix > 0) {
      skipPrefix--;
      continue;
    }
    // TSX: `<List<T> items={…} />` gives an element type arguments, which js-tokens does not know:
    // they are blanked (newlines kept) and the file read again.
    if (token.type === 'JSXPunctuator' && token.value === '<' && options.typescript === true && canPatch) {
      const end = elementTypeArgumentsEnd(input, pos);
      if (end !== undefined) return { patch: { at: end.from, replacement: input.slice(end.from, end.to).replace(/[^\r\n\u2028\u2029]/g, ' ') } };
    }
    // TSX: `<T,>(x: T) => …`, `<T extends U>(…)` open a generic arrow function, not an element.
    if (token.type === 'JSXPunctuator' && token.value === '<' && options.typescript === true) {
      const params = TSX_TYPE_PARAMETERS.exec(text.slice(pos, pos + 400));
      if (params !== null && restart()) {
        advanceLines(params[0], pos);
        pos += params[0].length;
        stream = tokensFrom(pos);
        restartedInJsx = true;
        continue;
      }
    }
    if (token.type === 'RegularExpressionLiteral' && closedExpressionBody !== undefined && tokens[tokens.length - 1] === closedExpressionBody) {
      // `x = function () {} / 2`: in JSX read `*` in place of the `/` (same length, both divide).
      if (options.jsx === true && canPatch) return { patch: { at: pos, replacement: '*' } };
      if (restart()) {
        stream = tokensFrom(pos);
        restartedInJsx ||= options.jsx === true;
        continue;
      }
    }
    if (token.type === 'RegularExpressionLiteral' && options.typescript === true && isDivisionAfterNonNull(tokens) && restart()) {
      stream = tokensFrom(pos);
      restartedInJsx ||= options.jsx === true;
      continue;
    }
    if (token.type === 'Punctuator' && (token.value === '/' || token.value === '/=') && closedTypeLiteral !== undefined && tokens[tokens.length - 1] === closedTypeLiteral && restart()) {
      // `type T = { a: 1 }` then `/x/.test(s)` on the next line: a type has no division.
      stream = tokensFrom(pos, '=');
      restartedInJsx ||= options.jsx === true;
      continue;
    }
    if (token.type === 'Punctuator' && (token.value === '/' || token.value === '/=') && isRegexAfterKeyword(tokens, open)) {
      // In JSX read `in` for `of` and `default` for `extends`: keywords of the same length that js-tokens knows take an operand.
      const keyword = tokens[tokens.length - 1]!;
      const replacement = keyword.name === 'of' ? 'in' : 'default';
      if (options.jsx === true && canPatch && keyword.value.length === replacement.length) return { patch: { at: keyword.start, replacement } };
      if (restart()) {
        stream = tokensFrom(pos, '=');
        restartedInJsx ||= options.jsx === true;
        continue;
      }
    }
    const value = input === text ? token.value : text.slice(pos, pos + token.value.length);
    const start = pos;
    pos += value.length;
    switch (token.type) {
      case 'WhiteSpace':
        if (hasNonAscii) scanHidden(value, start, 'code');
        continue;
      case 'LineTerminatorSequence':
        line++;
        lineStart = pos;
        nl = true;
        continue;
      case 'SingleLineComment':
      case 'HashbangComment':
        if (hasNonAscii) scanHidden(value, start, 'comment');
        continue;
      case 'MultiLineComment':
        if (hasNonAscii) scanHidden(value, start, 'comment');
        if (!token.closed) problems.push({ reason: 'unclosed-comment', line, column: start - lineStart + 1, value: value.slice(0, 20) });
        advanceLines(value, start);
        continue;
      case 'JSXText':
      case 'JSXString':
      case 'JSXIdentifier':
      case 'JSXPunctuator':
        if (hasNonAscii) scanHidden(value, start, 'string');
        advanceLines(value, start);
        continue;
      case 'JSXInvalid':
        problems.push({ reason: 'invalid-character', line, column: start - lineStart + 1, value });
        continue;
      default:
        break;
    }
    const type = token.type as TokenType;
    const column = start - lineStart + 1;
    const tokenLine = line;
    let name = value;
    if (type === 'StringLiteral' || type === 'NoSubstitutionTemplate' || type === 'TemplateHead' || type === 'TemplateMiddle' || type === 'TemplateTail' || type === 'RegularExpressionLiteral') {
      if (hasNonAscii) scanHidden(value, start, type === 'RegularExpressionLiteral' ? 'regex' : 'string');
      if (value.indexOf('\\') >= 0) escapedChars += countEscapeChars(value, type === 'RegularExpressionLiteral');
      if ('closed' in token && token.closed === false) {
        const reason = type === 'StringLiteral' ? 'unclosed-string' : type === 'RegularExpressionLiteral' ? 'unclosed-regex' : 'unclosed-template';
        problems.push({ reason, line, column, value: value.slice(0, 20) });
      }
    } else if (type === 'IdentifierName' || type === 'PrivateIdentifier') {
      if (hasNonAscii) scanHidden(value, start, 'code');
      if (value.indexOf('\\') >= 0) {
        escapedChars += countEscapeChars(value);
        name = cookIdentifier(value);
      }
    } else if (type === 'Invalid') {
      const cp = value.codePointAt(0)!;
      if (classifyHiddenChar(cp) !== undefined) {
        scanHidden(value, start, 'code');
      } else if (value !== '@' && value !== '#') {
        // `@` starts a decorator, `#` a private name js-tokens did not join; both are valid TypeScript.
        problems.push({ reason: 'invalid-character', line, column, value });
      }
      if (classifyHiddenChar(cp) !== undefined) continue;
    }
    tokens.push({ type, value, name, start, line: tokenLine, column, nl });
    nl = false;
    const index = tokens.length - 1;
    if (options.typescript === true) depthOf[index] = closesBracket(type, value) ? open.length - 1 : open.length;
    const closes = type === 'Punctuator' ? (value === ')' || value === ']' || value === '}') : type === 'TemplateMiddle' || type === 'TemplateTail';
    if (closes) {
      const top = open.pop();
      if (unmatched === undefined && (top === undefined || (top.type === 'Punctuator' ? type !== 'Punctuator' || CLOSER[top.value] !== value : type === 'Punctuator'))) {
        unmatched = { reason: 'unmatched-bracket', line: tokenLine, column, value: value.slice(0, 20) };
      }
      const depth = open.length;
      if (pendingFunction.length > depth + 1) pendingFunction.length = depth + 1;
      if (pendingClass.length > depth + 1) pendingClass.length = depth + 1;
      if (lastParenClose.length > depth + 1) lastParenClose.length = depth + 1;
      if (value === ')') lastParenClose[depth] = index;
      if (top !== undefined && expressionBodies.delete(top)) closedExpressionBody = tokens[index];
      if (top !== undefined && typeLiterals.delete(top)) closedTypeLiteral = tokens[index];
    } else if (type === 'IdentifierName' && (name === 'function' || name === 'class') && !isMemberName(tokens, index) && startsExpression(tokens, index)) {
      (name === 'function' ? pendingFunction : pendingClass)[open.length] = index;
    } else if (type === 'Punctuator' && value === ';') {
      pendingFunction[open.length] = -1;
      pendingClass[open.length] = -1;
    } else if (type === 'Punctuator' && value === '{') {
      // A class expression's body is the first `{` at its depth; a function expression's follows
      // its parameters, directly or after a return type (`function (): T {`).
      const depth = open.length;
      const fn = pendingFunction[depth] ?? -1;
      const paren = lastParenClose[depth] ?? -1;
      const before = tokens[index - 1]!;
      if (options.typescript === true && startsTypeLiteral(tokens, depthOf, index)) typeLiterals.add(tokens[index]!);
      if ((pendingClass[depth] ?? -1) >= 0) {
        expressionBodies.add(tokens[index]!);
        pendingClass[depth] = -1;
      } else if (fn >= 0 && paren > fn && (paren === index - 1 || (isPunctToken(tokens[paren + 1], ':') && !isTypeContinuation(before)))) {
        expressionBodies.add(tokens[index]!);
        pendingFunction[depth] = -1;
      }
    }
    if (type === 'Punctuator' ? value === '(' || value === '[' || value === '{' : type === 'TemplateHead' || type === 'TemplateMiddle') open.push(tokens[tokens.length - 1]!);
    // Only strings (line continuations) and templates can span lines among the kept tokens.
    if (type === 'StringLiteral' || type === 'NoSubstitutionTemplate' || type === 'TemplateHead' || type === 'TemplateMiddle' || type === 'TemplateTail') advanceLines(value, start);
  }
  if (problems.length === 0 && !restartedInJsx) {
    const last = open[open.length - 1];
    if (unmatched !== undefined) problems.push(unmatched);
    else if (last !== undefined) problems.push({ reason: 'unclosed-bracket', line: last.line, column: last.column, value: last.type === 'Punctuator' ? last.value : '${' });
  }
  return { lex: { tokens, invisibles, escapedChars, problems, length: textLength(text) } };
}

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Simple escapes of strings that stand for a control character (`\n`) or are needed (`\\`, `\'`). */
const SIMPLE_ESCAPES = new Set(['b', 'f', 'n', 'r', 't', 'v', '\\', "'", '"', '`', '$', '\n', '\r', '\u2028', '\u2029']);

/**
 * Count the characters spent on escape sequences that hide a visible character: `\x65` and
 * `\u0065` for `e`, octal `\145`, and in strings an identity escape such as `\e`. What the eye
 * cannot read is what matters; escapes that make an invisible or non-ASCII character readable
 * (`\n`, `\t`, `\u3000`, `\uFEFF`, `\u4e2d`), the needed ones (`\\`, `\'`) and, in a regular
 * expression, its syntax (`\d`, `\.`, `\1`) do not count.
 *
 * @param value Token source text.
 * @param regex Whether the token is a regular expression literal.
 * @returns Number of characters that belong to hiding escape sequences.
 * @example
 * countEscapeChars("'\\x65val'") // 4
 */
export function countEscapeChars(value: string, regex = false): number {
  let count = 0;
  for (let k = 0; k < value.length; k++) {
    if (value.charCodeAt(k) !== 92) continue;
    const next = value[k + 1];
    let length = 2;
    let codePoint = -1;
    if (next === 'x') {
      length = 4;
      codePoint = Number.parseInt(value.slice(k + 2, k + 4), 16);
    } else if (next === 'u') {
      if (value[k + 2] === '{') {
        const close = value.indexOf('}', k + 3);
        length = close < 0 ? 2 : close - k + 1;
        if (close >= 0) codePoint = Number.parseInt(value.slice(k + 3, close), 16);
      } else {
        length = 6;
        codePoint = Number.parseInt(value.slice(k + 2, k + 6), 16);
      }
    } else if (next !== undefined && next >= '0' && next <= '7') {
      while (length < 4 && value[k + length] !== undefined && value[k + length]! >= '0' && value[k + length]! <= '7') length++;
      // In a regular expression `\1` is a back-reference, not a character.
      if (!regex) codePoint = Number.parseInt(value.slice(k + 1, k + length), 8);
    } else if (!regex && next !== undefined && !SIMPLE_ESCAPES.has(next) && /[A-Za-z0-9]/.test(next)) {
      codePoint = next.charCodeAt(0);
    }
    // Printable ASCII other than the space: a character anyone could have written as it is.
    if (codePoint > 0x20 && codePoint < 0x7f) count += length;
    k += length - 1;
  }
  return count;
}

/**
 * Resolve `\uXXXX` and `\u{X}` escapes in an identifier (`\u0065val` is `eval`).
 *
 * @param value Identifier source text.
 * @returns The identifier name.
 * @example
 * cookIdentifier('\\u0065val') // 'eval'
 */
export function cookIdentifier(value: string): string {
  let out = '';
  for (let k = 0; k < value.length; k++) {
    if (value[k] === '\\' && value[k + 1] === 'u') {
      let hex: string;
      if (value[k + 2] === '{') {
        const close = value.indexOf('}', k + 3);
        hex = value.slice(k + 3, close < 0 ? value.length : close);
        k = close < 0 ? value.length : close;
      } else {
        hex = value.slice(k + 2, k + 6);
        k += 5;
      }
      const cp = Number.parseInt(hex, 16);
      out += Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
    } else out += value[k];
  }
  return out;
}

/** An HTML-like comment of a script (Annex B): `<!--` in code, or `-->` first on its line. */
export interface HtmlComment {
  /** Offset of `<!--` or `-->`; the comment runs to the end of its line. */
  start: number;
  /** Offset of the end of its line. */
  end: number;
  line: number;
  column: number;
  /** The lines after it read differently with and without the comment (it hides or reveals code). */
  changesReading: boolean;
}

/** HTML-like comments followed per file (each one retokenizes the file once). */
export const MAX_HTML_COMMENTS = 64;

/**
 * The reading of a text as a script, where `<!--` and a `-->` that starts a line open a comment
 * to the end of the line: Node runs CommonJS files that way, and esbuild (tsx, bundlers) reads
 * every file that way, while js-tokens, like a module reader or tsc, reads `<`, `!`, `--`. A
 * template opened after `<!--` would otherwise hide the lines Node runs. Each comment is
 * blanked (same length, so offsets stay the text's) and the text tokenized again, the first
 * comment first, since what follows a comment may read differently without it.
 *
 * @param text The source text.
 * @param lex The text's tokens as js-tokens reads it.
 * @param options The tokenize options used for `lex`.
 * @returns The script reading and its comments, or undefined when the text has none; `capped`
 *   when more than {@link MAX_HTML_COMMENTS} were found and the rest were not followed.
 * @example
 * htmlCommentReading('a <!-- `\nrun()\n// `', lex, {})?.lex.tokens.map((t) => t.value) // ['a', 'run', '(', ')']
 */
export function htmlCommentReading(text: string, lex: LexResult, options: TokenizeOptions = {}): { lex: LexResult; comments: HtmlComment[]; capped: boolean } | undefined {
  const comments: HtmlComment[] = [];
  let current = lex;
  let blanked = text;
  for (;;) {
    const after = comments.length === 0 ? 0 : comments[comments.length - 1]!.end;
    const tokens = current.tokens;
    let site: Token | undefined;
    for (const t of tokens) {
      if (t.start < after || t.type !== 'Punctuator') continue;
      if ((t.value === '<' && blanked.startsWith('<!--', t.start)) || (t.value === '--' && blanked.startsWith('-->', t.start) && (t.nl || t === tokens[0]))) {
        site = t;
        break;
      }
    }
    if (site === undefined) break;
    if (comments.length === MAX_HTML_COMMENTS) return { lex: current, comments, capped: true };
    let end = site.start;
    while (end < blanked.length && !isLineTerminator(blanked.charCodeAt(end))) end++;
    blanked = blanked.slice(0, site.start) + ' '.repeat(end - site.start) + blanked.slice(end);
    const next = tokenize(blanked, options);
    const firstAfter = (list: readonly Token[]): Token | undefined => list.find((t) => t.start >= end);
    const before = firstAfter(tokens);
    const now = firstAfter(next.tokens);
    const changesReading = before?.start !== now?.start || before?.value !== now?.value;
    comments.push({ start: site.start, end, line: site.line, column: site.column, changesReading });
    current = next;
  }
  // Outside the blanked comments, which hold no token, the tokens are the text's own.
  return comments.length === 0 ? undefined : { lex: current, comments, capped: false };
}
