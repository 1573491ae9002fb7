/**
 * A strict JSON reader for every document mcpfusion reads (RFC 8259 grammar, I-JSON rules).
 *
 * Unlike `JSON.parse` it rejects duplicate object keys and lone surrogates (escaped or raw), so
 * two different documents can never be read as the same value and hash alike. Errors name the
 * line and column. A key named `__proto__` becomes an ordinary own property. A leading UTF-8
 * byte-order mark is skipped.
 *
 * @module
 */
import { InputError, JsonParseError } from '../errors.ts';
import { boundLine } from '../format/shorten.ts';
import { kindOf } from '../arguments.ts';

/** A parsed JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Line and column (both one-based) of a character offset.
 *
 * @param text The document.
 * @param offset Zero-based offset.
 * @returns `{ line, column }`.
 * @example positionOf('a\nb', 2) // { line: 2, column: 1 }
 */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where the member values of objects that are themselves objects or arrays start and end, in
 * document order (what a validate-only read records for {@link canonicalizeJsonText}, so it can
 * jump over such a value without reading it again).
 */
export interface ContainerTape {
  /** Record a container value starting at `start`; returns its slot. */
  open(start: number): number;
  /** Record where the container of `slot` ends (one past its closing bracket). */
  close(slot: number, end: number): void;
}

class Parser {
  private i = 0;
  /**
   * With a tape the parser only validates: it builds no values (a document of millions of small
   * objects would not fit the heap as a tree) and records member containers on the tape.
   */
  constructor(private readonly text: string, private readonly source: string, private readonly tape?: ContainerTape) {}

  fail(message: string, at = this.i): never {
    const { line, column } = positionOf(this.text, at);
    throw new JsonParseError(`Invalid JSON in ${this.source} at line ${line}, column ${column}: ${message}`, at, line, column);
  }

  ws(): void {
    const t = this.text;
    let i = this.i;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.i = i;
  }

  parseDocument(): JsonValue {
    if (this.text.charCodeAt(0) === 0xfeff) this.i = 1;
    this.ws();
    if (this.i >= this.text.length) this.fail('the document is empty; expected a JSON value');
    const v = this.value(0);
    this.ws();
    if (this.i < this.text.length) this.fail(`unexpected ${this.describe()} after the end of the JSON value`);
    return v;
  }

  /**
   * What a JSON-with-comments writer meant, when the slip at the current position is one
   * (`mcpfusion.jsonc` allows both): a comment, or (after a comma) the end of the container.
   */
  jsoncSlip(afterComma: boolean, close: string): string | undefined {
    if (this.text.startsWith('//', this.i) || this.text.startsWith('/*', this.i)) return 'a comment; JSON has no comments: remove it';
    if (afterComma && this.text[this.i] === close) return `a trailing comma before "${close}"; JSON allows none: remove the comma`;
    return undefined;
  }

  describe(): string {
    if (this.i >= this.text.length) return 'end of input';
    const cp = this.text.codePointAt(this.i)!;
    const shown = `character ${JSON.stringify(String.fromCodePoint(cp))}`;
    // Beyond ASCII the code point says what the character is: a no-break space looks like the
    // space JSON allows, and a look-alike quote like the quote.
    return cp > 0x7e ? `${shown} (U+${cp.toString(16).toUpperCase().padStart(4, '0')})` : shown;
  }

  value(depth: number): JsonValue {
    if (depth > 512) this.fail('nesting deeper than 512 levels');
    const c = this.text.charCodeAt(this.i);
    switch (c) {
      case 123: return this.object(depth);
      case 91: return this.array(depth);
      case 34: return this.string();
      case 116: return this.literal('true', true);
      case 102: return this.literal('false', false);
      case 110: return this.literal('null', null);
      default:
        if (c === 45 || (c >= 48 && c <= 57)) return this.number();
        if (this.text.startsWith('NaN', this.i) || this.text.startsWith('Infinity', this.i)) {
          return this.fail(`unexpected ${this.describe()}; ${this.text[this.i] === 'N' ? 'NaN' : 'Infinity'} ${NOT_A_NUMBER}`);
        }
        return this.fail(this.jsoncSlip(false, '') ?? (this.i >= this.text.length ? 'unexpected end of input; the document is truncated' : `unexpected ${this.describe()}; expected a JSON value`));
    }
  }

  literal<T>(word: string, v: T): T {
    if (this.text.startsWith(word, this.i)) {
      this.i += word.length;
      return v;
    }
    return this.fail(`unexpected ${this.describe()}; expected a JSON value`);
  }

  number(): number {
    const t = this.text;
    const start = this.i;
    let i = start;
    if (t.charCodeAt(i) === 45) i++;
    const d0 = t.charCodeAt(i);
    if (d0 === 48) {
      i++;
      if (isDigit(t.charCodeAt(i))) {
        let end = i;
        while (isDigit(t.charCodeAt(end)) || t.charCodeAt(end) === 46) end++;
        this.fail(`the number ${boundLine(t.slice(start, end), 40)} has a leading zero, which JSON does not allow; write it without, or as a string if the zeros matter`, start);
      }
    }
    else if (d0 === 73 && t.startsWith('Infinity', i)) this.fail(`-Infinity ${NOT_A_NUMBER}`, start);
    else if (d0 >= 49 && d0 <= 57) { while (isDigit(t.charCodeAt(i))) i++; }
    else { this.i = i; this.fail('a number needs digits after "-"'); }
    if (t.charCodeAt(i) === 46) {
      i++;
      if (!isDigit(t.charCodeAt(i))) { this.i = i; this.fail('a number needs digits after the decimal point'); }
      while (isDigit(t.charCodeAt(i))) i++;
    }
    const e = t.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const s = t.charCodeAt(i);
      if (s === 43 || s === 45) i++;
      if (!isDigit(t.charCodeAt(i))) { this.i = i; this.fail('a number needs digits in its exponent'); }
      while (isDigit(t.charCodeAt(i))) i++;
    }
    this.i = i;
    const n = Number(t.slice(start, i));
    if (!Number.isFinite(n)) this.fail(`the number ${boundLine(t.slice(start, i), 40)} is out of range; a JSON number here must fit an IEEE double (at most about 1.8e308)`, start);
    return n;
  }

  string(): string {
    const t = this.text;
    const start = this.i;
    let i = start + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= t.length) { this.i = i; this.fail('unterminated string; the document is truncated', start); }
      const c = t.charCodeAt(i);
      if (c === 34) break;
      if (c < 0x20) { this.i = i; this.fail(`unescaped control character U+${c.toString(16).padStart(4, '0').toUpperCase()} in a string; write it as an escape`); }
      if (c === 92) {
        out += t.slice(chunk, i);
        const e = t.charCodeAt(i + 1);
        switch (e) {
          case 34: out += '"'; break;
          case 92: out += '\\'; break;
          case 47: out += '/'; break;
          case 98: out += '\b'; break;
          case 102: out += '\f'; break;
          case 110: out += '\n'; break;
          case 114: out += '\r'; break;
          case 116: out += '\t'; break;
          case 117: {
            const hex = t.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) { this.i = i; this.fail('invalid \\u escape; expected four hex digits'); }
            out += String.fromCharCode(parseInt(hex, 16));
            i += 4;
            break;
          }
          default:
            this.i = i;
            this.fail(i + 1 >= t.length ? 'unterminated string; the document is truncated' : `invalid escape "\\${t[i + 1]}"`);
        }
        i += 2;
        chunk = i;
        continue;
      }
      i++;
    }
    out += t.slice(chunk, i);
    this.i = i + 1;
    const bad = loneSurrogateAt(out);
    if (bad >= 0) {
      this.fail(`the string contains a lone surrogate U+${out.charCodeAt(bad).toString(16).toUpperCase()} (character ${bad + 1} of the string); I-JSON requires well-formed Unicode, ` +
        'and a lone half has no UTF-8 form to hash: pair it (a high surrogate D800-DBFF followed by a low one DC00-DFFF) or remove it', start);
    }
    return out;
  }

  array(depth: number): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.text.charCodeAt(this.i) === 93) { this.i++; return out; }
    for (let first = true; ; first = false) {
      this.ws();
      if (!first && this.text.charCodeAt(this.i) === 93) this.fail(this.jsoncSlip(true, ']')!);
      const v = this.value(depth + 1);
      if (this.tape === undefined) out.push(v);
      this.ws();
      const c = this.text.charCodeAt(this.i);
      if (c === 44) { this.i++; continue; }
      if (c === 93) { this.i++; return out; }
      this.fail(this.i >= this.text.length ? 'unexpected end of input inside an array; the document is truncated' : this.jsoncSlip(false, ']') ?? `unexpected ${this.describe()} in an array; expected "," or "]"`);
    }
  }

  object(depth: number): { [key: string]: JsonValue } {
    this.i++;
    const out: { [key: string]: JsonValue } = {};
    // Each key and where it stands, so a duplicate can say where the first one is.
    const seen = new Map<string, number>();
    this.ws();
    if (this.text.charCodeAt(this.i) === 125) { this.i++; return out; }
    for (let first = true; ; first = false) {
      this.ws();
      if (this.text.charCodeAt(this.i) !== 34) {
        this.fail(this.i >= this.text.length ? 'unexpected end of input inside an object; the document is truncated' : this.jsoncSlip(!first, '}') ?? `unexpected ${this.describe()}; expected a quoted object key`);
      }
      const keyAt = this.i;
      const key = this.string();
      const before = seen.get(key);
      if (before !== undefined) {
        const first = positionOf(this.text, before);
        this.fail(`duplicate key ${boundLine(JSON.stringify(key), 120)} (first at line ${first.line}, column ${first.column}); I-JSON requires unique keys: keep one, or rename it`, keyAt);
      }
      seen.set(key, keyAt);
      this.ws();
      if (this.text.charCodeAt(this.i) !== 58) this.fail(`unexpected ${this.describe()}; expected ":" after an object key`);
      this.i++;
      this.ws();
      const at = this.i;
      const c0 = this.text.charCodeAt(at);
      if (this.tape !== undefined && (c0 === 123 || c0 === 91)) {
        const slot = this.tape.open(at);
        this.value(depth + 1);
        this.tape.close(slot, this.i);
      } else {
        const v = this.value(depth + 1);
        if (this.tape === undefined) setMember(out, key, v);
      }
      this.ws();
      const c = this.text.charCodeAt(this.i);
      if (c === 44) { this.i++; continue; }
      if (c === 125) { this.i++; return out; }
      this.fail(this.i >= this.text.length ? 'unexpected end of input inside an object; the document is truncated' : this.jsoncSlip(false, '}') ?? `unexpected ${this.describe()} in an object; expected "," or "}"`);
    }
  }
}

/** `out[key] = v`, with `__proto__` an ordinary own property. */
function setMember(out: { [key: string]: JsonValue }, key: string, v: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  } else {
    out[key] = v;
  }
}

const NOT_A_NUMBER = 'is not a JSON number: write null, or the value as a string';

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Index of the first lone surrogate in a string, or -1.
 *
 * @param s The string.
 * @returns The code-unit index, or -1 when the string is well-formed.
 * @example loneSurrogateAt('a\uD800') // 1
 */
export function loneSurrogateAt(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
    }
    return i;
  }
  return -1;
}

/**
 * Parse a JSON document strictly (RFC 8259 + I-JSON).
 *
 * @param text The document text.
 * @param source What to call the document in errors (a file path, "stdin").
 * @returns The parsed value.
 * @throws {JsonParseError} On any syntax error, duplicate key, lone surrogate or trailing data,
 *   with line and column.
 * @example parseStrictJson('{"a":1}', 'inline') // { a: 1 }
 */
export function parseStrictJson(text: string, source = 'the input'): JsonValue {
  if (typeof text !== 'string') refuseNonText(text, source, 'the text of a JSON document');
  const fast = tryNativeParse(text);
  if (fast !== NOT_STRICT) return fast;
  // The slow path decides, and names the line and column of the problem.
  return new Parser(text, source).parseDocument();
}

/**
 * Check that `text` is strict JSON (the same errors as {@link parseStrictJson}) without building
 * its value, recording on `tape` where each object member that is a container starts and ends.
 *
 * @param text The document text.
 * @param source What to call the document in errors.
 * @param tape Where to record member containers.
 * @throws {JsonParseError} As {@link parseStrictJson}.
 */
export function validateStrictJson(text: string, source: string, tape: ContainerTape): void {
  if (typeof text !== 'string') refuseNonText(text, source, 'the text of a JSON document');
  new Parser(text, source, tape).parseDocument();
}

/**
 * The reference reader alone (no native fast path): the same results as {@link parseStrictJson},
 * slower; tests compare the two.
 *
 * @param text The document text.
 * @param source What to call the document in errors.
 * @returns The parsed value.
 * @throws {JsonParseError} As {@link parseStrictJson}.
 */
export function parseStrictJsonReference(text: string, source = 'the input'): JsonValue {
  return new Parser(text, source).parseDocument();
}

/**
 * Refuse a text argument that is not a string (a JavaScript caller's Buffer, parsed object or
 * `undefined`), naming what it is and what to pass instead.
 *
 * @param value The argument.
 * @param source What it is read as, for the message: `lockfile "mcpfusion.lock"`.
 * @param what What text was expected: `the text of a JSON document`.
 * @throws {InputError} Always.
 * @example if (typeof text !== 'string') refuseNonText(text, 'the private key', 'the text of a PEM file')
 */
export function refuseNonText(value: unknown, source: string, what: string): never {
  throw new InputError(
    `Cannot read ${source}: expected ${what} (a string), got ${kindOf(value)}; read a file as text (readFileSync(path, 'utf8')), ` +
      'decode bytes (new TextDecoder().decode(bytes)), and hand a value already parsed to the function that takes one (contractSetFromJson, materializeToolsList)',
  );
}

const NOT_STRICT = Symbol('not strict');
const COLON = /:/g;
/**
 * A string literal of valid JSON, written as runs between escapes (about twice as fast as one
 * alternation per character). The group holds the first backslash of a literal that has escapes,
 * so replacing with `"$1"` leaves `""` for a plain literal and `"\"` for one with escapes.
 */
const STRING_LITERAL = /"[^"\\]*(?:(\\).[^"\\]*(?:\\.[^"\\]*)*)?"/g;
/** In the skeleton: a key written with an escape (`"\"` is what an escaped literal became). */
const ESCAPED_KEY = /"\\"[\t\n\r ]*:/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
/**
 * A surrogate code unit, raw or as an escape such as `\uD83D` (a false alarm, e.g. after an
 * escaped backslash, costs only time).
 */
const SURROGATE_RAW_OR_ESCAPED = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/;

/**
 * The fast path: the engine's JSON.parse, then the checks it does not make. Duplicate keys are
 * found by counting: in valid JSON every ":" outside a string literal ends a key, and a document
 * without duplicates parses into exactly that many own keys. Returns NOT_STRICT whenever
 * anything is off (syntax, duplicates, lone surrogates, non-finite numbers, deep nesting), and
 * the strict parser then gives the precise error.
 */
function tryNativeParse(text: string): JsonValue | typeof NOT_STRICT {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: JsonValue;
  try {
    value = JSON.parse(body) as JsonValue;
  } catch {
    return NOT_STRICT; // not JSON: the strict parser reports where
  }
  // Keys in the text: with every string literal emptied, each remaining ":" ends a key (all
  // native string operations, no per-literal JavaScript on a cold start).
  const skeleton = body.replace(STRING_LITERAL, '"$1"');
  // A key spelled with an escape goes to the strict parser: the JSON.parse of V8 15 (Deno 2.9)
  // reads `"\""` or `"\n"` as the key `\` once it has seen that key after the same keys before
  // it (`{"x":{"a":1,"\\":2},"y":{"a":1,"\"":3}}` gave two objects with the key `\`), so two
  // different documents would read, and hash, alike.
  if (ESCAPED_KEY.test(skeleton)) return NOT_STRICT;
  const keysInText = skeleton.match(COLON)?.length ?? 0;
  // Only a text with a surrogate code unit (raw or escaped) can give a string with a lone one.
  const surrogates = SURROGATE_RAW_OR_ESCAPED.test(body);
  const counted = countAndCheck(value, surrogates);
  return counted === keysInText ? value : NOT_STRICT;
}

/**
 * Own keys in the parsed value, or -1 on a lone surrogate (looked for only when `surrogates`),
 * a non-finite number or deep nesting. Containers go through an explicit stack and leaves are
 * checked inline: on a cold start calls are most of the cost (a third less time than recursion).
 */
function countAndCheck(root: JsonValue, surrogates: boolean): number {
  if (root === null || typeof root !== 'object') return leafOk(root, surrogates) ? 0 : -1;
  const stack: (JsonValue[] | { [key: string]: JsonValue })[] = [root];
  const depths: number[] = [0];
  let total = 0;
  while (stack.length > 0) {
    const container = stack.pop()!;
    const depth = depths.pop()!;
    let items: JsonValue[];
    if (Array.isArray(container)) {
      items = container;
    } else {
      if (surrogates) {
        const keys = Object.keys(container);
        for (let i = 0; i < keys.length; i++) if (ANY_SURROGATE.test(keys[i]!) && loneSurrogateAt(keys[i]!) >= 0) return -1;
      }
      items = Object.values(container);
      total += items.length;
    }
    // A member of a container at depth 512 is nested deeper than 512 levels, leaf or not.
    if (depth >= 512 && items.length > 0) return -1;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (item !== null && typeof item === 'object') {
        stack.push(item);
        depths.push(depth + 1);
      } else if (!leafOk(item, surrogates)) {
        return -1;
      }
    }
  }
  return total;
}

function leafOk(v: JsonValue, surrogates: boolean): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return !(surrogates && typeof v === 'string' && ANY_SURROGATE.test(v) && loneSurrogateAt(v) >= 0);
}

/**
 * Like {@link parseStrictJson} but returns `undefined` instead of throwing.
 *
 * @param text The document text.
 * @returns The parsed value, or undefined when the text is not strict JSON.
 * @example tryParseStrictJson('{"a":1,"a":2}') // undefined
 */
export function tryParseStrictJson(text: string): JsonValue | undefined {
  try {
    return parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonParseError) return undefined;
    throw e;
  }
}
