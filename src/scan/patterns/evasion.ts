/**
 * Evasion heuristics: ways code hides a capability from a reader or a pattern matcher. Each row is
 * a stable id; the scanner attaches a confidence (low, medium, high) per finding. A high-confidence
 * evasion marks the tool unsafe and fails `scan`.
 *
 * @module
 */

/** One evasion heuristic. */
export interface EvasionRule {
  /** Stable id `evasion.<name>`. */
  id: string;
  /** One-line description. */
  title: string;
  /** When the finding is high confidence. */
  high: string;
}

/** Escape-sequence share of a file above which `evasion.escape-density` is reported (medium). */
export const ESCAPE_DENSITY_THRESHOLD = 0.15;
/** Escape-sequence share of a file above which `evasion.escape-density` is high confidence. */
export const ESCAPE_DENSITY_HIGH = 0.4;

/** Evasion rule rows. */
export const EVASION_RULES: readonly EvasionRule[] = [
  { id: 'evasion.from-char-code', title: 'Builds a string from character codes (String.fromCharCode, String.fromCodePoint, Buffer.from of a code array)', high: 'the decoded text names a capability' },
  { id: 'evasion.computed-global', title: 'Reaches a global through a computed key (globalThis[...], global[...], window[...], process[...], Deno[...], Bun[...])', high: 'the key is built at run time and names a capability' },
  { id: 'evasion.computed-member', title: 'Reaches a capability module member through a computed key (fs["writeFile"], cp[name])', high: 'the key is built at run time and names a capability' },
  { id: 'evasion.aliased-require', title: 'Uses require under another name or through an indirection (const r = require, module.require, require.main.require, require.call, Reflect.apply(require, …), require in an array or object literal or returned by a local function and called, createRequire under another name, `.require(…)` of a known module on any module object such as `module.children[0]`)', high: 'module internals (Module._load)' },
  { id: 'evasion.dynamic-require', title: 'Calls require with a specifier that is not a string literal', high: 'never (a built-up capability name is evasion.obfuscated-name)' },
  { id: 'evasion.dynamic-import', title: 'Calls import() with a specifier that is not a string literal', high: 'never (a built-up capability name is evasion.obfuscated-name)' },
  { id: 'evasion.obfuscated-name', title: 'Spells a module or global name at run time (concatenation, escapes, char codes, base64, reversal) and uses it in require, import() or a computed access', high: 'the name is a capability' },
  { id: 'evasion.base64-decode', title: 'Decodes a base64 or hex literal at run time (atob, Buffer.from(..., "base64"))', high: 'the decoded text looks like code, a command or a URL' },
  { id: 'evasion.escape-density', title: 'More than 15 % of the file is written as escape sequences that spell visible characters', high: 'more than 40 %' },
  { id: 'evasion.high-entropy-literal', title: 'A string literal of 64 or more characters with Shannon entropy above 5 bits per character', high: 'never (packed data is common)' },
  { id: 'evasion.bidi-control', title: 'Bidirectional embedding, override or isolate character in the source (Trojan Source)', high: 'always' },
  { id: 'evasion.invisible-character', title: 'Zero-width, invisible or directional-mark character in the source', high: 'it sits in code (an identifier or between tokens)' },
  { id: 'evasion.escaped-identifier', title: 'An identifier written with \\u escapes (\\u0065val is eval)', high: 'the escapes spell plain ASCII' },
  { id: 'evasion.with-statement', title: 'Puts a capability module or global in scope with a with statement (with (process) { binding(…) }, with (require(\'child_process\')) { execSync(…) }): the bare names in its body may be its members', high: 'never (medium)' },
  { id: 'evasion.indirect-eval', title: 'eval called indirectly or taken as a value ((0, eval)(...), eval?.(...), const e = eval)', high: 'never (medium)' },
  { id: 'evasion.html-comment', title: 'An HTML-like comment (<!--, or --> at the start of a line): Node runs CommonJS files, and esbuild every file, with the rest of the line as a comment, a JavaScript module reader does not', high: 'the lines after it read differently with and without it (code hidden from one reader)' },
  { id: 'evasion.constructor-chain', title: 'Reaches the Function constructor through .constructor (x.constructor.constructor, (() => {}).constructor("..."))', high: 'a chained or computed constructor, or a code string argument' },
];
