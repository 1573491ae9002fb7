/**
 * String literal cooking: turns the source text of a string or template token into its value and
 * says whether escapes were used to spell ordinary characters (`'\x65val'` is `eval` written so a
 * reader or a grep does not see it).
 *
 * @module
 */
import type { Token } from './tokenize.ts';

/** A cooked literal. */
export interface CookedString {
  /** The literal's value. */
  value: string;
  /** Escapes (`\x`, `\u`, octal) were used for printable ASCII letters, digits or `_$./:-`. */
  hidesAscii: boolean;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * Cook the body of a string or template token (quotes or backticks and `${`/`}` removed).
 *
 * @param token A `StringLiteral`, `NoSubstitutionTemplate` or template part token.
 * @returns The value, or `undefined` for other token types.
 * @example
 * cookStringToken({ type: 'StringLiteral', value: "'\\x66s'" } as Token) // { value: 'fs', hidesAscii: true }
 */
export function cookStringToken(token: Pick<Token, 'type' | 'value'>): CookedString | undefined {
  const v = token.value;
  let body: string;
  switch (token.type) {
    case 'StringLiteral': {
      const quote = v[0];
      body = v.length >= 2 && v[v.length - 1] === quote ? v.slice(1, -1) : v.slice(1);
      break;
    }
    case 'NoSubstitutionTemplate':
      body = v.length >= 2 && v.endsWith('`') ? v.slice(1, -1) : v.slice(1);
      break;
    case 'TemplateHead':
      body = v.slice(1, -2);
      break;
    case 'TemplateMiddle':
      body = v.slice(1, -2);
      break;
    case 'TemplateTail':
      body = v.endsWith('`') ? v.slice(1, -1) : v.slice(1);
      break;
    default:
      return undefined;
  }
  return cookBody(body);
}

/**
 * Cook a literal body (no delimiters).
 *
 * @param body Literal text between the delimiters.
 * @returns The value and whether escapes spelled printable ASCII.
 * @example
 * cookBody('a\\u0062c').value // 'abc'
 */
export function cookBody(body: string): CookedString {
  if (body.indexOf('\\') < 0) return { value: body, hidesAscii: false };
  let out = '';
  let hidesAscii = false;
  for (let k = 0; k < body.length; k++) {
    const ch = body[k]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[k + 1];
    if (next === undefined) break;
    let cp: number | undefined;
    if (next === 'x') {
      cp = Number.parseInt(body.slice(k + 2, k + 4), 16);
      k += 3;
    } else if (next === 'u') {
      if (body[k + 2] === '{') {
        const close = body.indexOf('}', k + 3);
        const end = close < 0 ? body.length : close;
        cp = Number.parseInt(body.slice(k + 3, end), 16);
        k = end;
      } else {
        cp = Number.parseInt(body.slice(k + 2, k + 6), 16);
        k += 5;
      }
    } else if (next >= '0' && next <= '7' && !(next === '0' && !(body[k + 2]! >= '0' && body[k + 2]! <= '9'))) {
      let digits = next;
      while (digits.length < 3 && body[k + 1 + digits.length] !== undefined && body[k + 1 + digits.length]! >= '0' && body[k + 1 + digits.length]! <= '7') {
        digits += body[k + 1 + digits.length];
      }
      cp = Number.parseInt(digits, 8);
      k += digits.length;
    } else if (next === '\r') {
      k += body[k + 2] === '\n' ? 2 : 1; // line continuation
      continue;
    } else if (next === '\n' || next === '\u2028' || next === '\u2029') {
      k += 1;
      continue;
    } else {
      out += SIMPLE_ESCAPES[next] ?? next;
      k += 1;
      continue;
    }
    if (cp === undefined || !Number.isFinite(cp) || cp > 0x10ffff) {
      out += '\ufffd';
      continue;
    }
    if (isPlainAscii(cp)) hidesAscii = true;
    out += String.fromCodePoint(cp);
  }
  return { value: out, hidesAscii };
}

function isPlainAscii(cp: number): boolean {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || cp === 0x5f || cp === 0x24 || cp === 0x2e || cp === 0x2f || cp === 0x3a || cp === 0x2d;
}
