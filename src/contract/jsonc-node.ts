/**
 * Shared helpers for reading JSONC parse trees (`jsonc-parser`'s `Node`) with errors that name a
 * JSON path, a line and a column: used by the config file and the probe file readers.
 *
 * @module
 */
import { createScanner, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { jsonPathOf } from '../canonical/json-path.ts';
import { positionOf } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { boundLine, shorten } from '../format/shorten.ts';
import { refuseNonText } from '../canonical/strict-json.ts';

/** A problem found in a JSONC document: where (character offset, JSON path) and what. */
export interface JsoncProblem {
  offset: number;
  path: string;
  message: string;
}

/** How many problems of one file are listed; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

/**
 * Throw every problem of a document at once, in text order, each with its path, line and column.
 *
 * @param text The document.
 * @param what What it is, e.g. "config file".
 * @param shown Its name for messages.
 * @param problems The problems (sorted in place).
 * @throws {InputError} Always.
 */
export function reportJsoncProblems(text: string, what: string, shown: string, problems: JsoncProblem[]): never {
  // The first MAX_LISTED_PROBLEMS in file order: a generated file with 100000 unknown keys gives
  // a message a person reads (and each position is found by a walk over the text).
  const lines = problems
    .sort((a, b) => a.offset - b.offset)
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((p) => {
      const { line, column } = positionOf(text, p.offset);
      return `  ${boundLine(`${p.path} (line ${line}, column ${column}): ${p.message}`)}`;
    });
  if (problems.length > MAX_LISTED_PROBLEMS) lines.push(`  … and ${problems.length - MAX_LISTED_PROBLEMS} more (fix these first)`);
  throw new InputError(`Invalid ${what} "${shown}": ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${lines.join('\n')}`);
}

/**
 * Parse a JSONC document (comments and trailing commas allowed) into a tree.
 *
 * @param text The document.
 * @param what What it is, e.g. "config file".
 * @param shown Its name for messages.
 * @param empty The message for a document with no value.
 * @returns The root node.
 * @throws {InputError} With every syntax error, or `empty`.
 */
export function parseJsoncTree(text: string, what: string, shown: string, empty: string): Node {
  if (typeof text !== 'string') refuseNonText(text, `${what} ${JSON.stringify(shown)}`, 'the text of a JSON or JSONC document');
  // Same offsets, same tree: messages still take line and column from `text`.
  const scanned = withShortBlankRuns(text);
  // jsonc-parser builds the tree recursively: tens of thousands of nested brackets would overflow
  // the stack. The same limit as the strict JSON reader, checked first without recursion.
  const deep = tooDeepAt(scanned);
  if (deep !== undefined) reportJsoncProblems(text, what, shown, [{ offset: deep, path: '$', message: `nesting deeper than ${MAX_JSONC_DEPTH} levels` }]);
  const errors: ParseError[] = [];
  const tree = parseTree(scanned, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    // The first syntax error only: the ones after it usually follow from it. One at the end of
    // the text (`{ "source": `) is most often a file cut short, which "an extra comma?" hides.
    const end = scanned.trimEnd().length;
    const problems = errors.slice(0, 1).map((e) => ({ offset: e.offset, path: '$', message: `syntax error: ${syntaxMessage(printParseErrorCode(e.error))}${e.offset >= end ? '; the document ends here: is it cut short?' : ''}` }));
    reportJsoncProblems(text, what, shown, problems.length > 0 ? problems : [{ offset: 0, path: '$', message: empty }]);
  }
  return tree;
}

/** The longest run of spaces and tabs handed to jsonc-parser in one piece. */
const BLANK_RUN_MAX = 4096;
const LONG_BLANK_RUN = new RegExp(`[ \\t]{${BLANK_RUN_MAX + 1}}`);

/**
 * jsonc-parser gathers a run of spaces and tabs into its token one character at a time: one run
 * of 100 million took 39 s and 3.4 GB. Between tokens (outside strings and comments) a line break
 * and a space are the same to JSON, so each run longer than {@link BLANK_RUN_MAX} gets a line
 * break in place of every next character after that many: the text keeps its length and every
 * offset, and parses to the same tree with the same errors.
 *
 * @param text The document.
 * @returns The same text, or one with such line breaks.
 */
export function withShortBlankRuns(text: string): string {
  if (!LONG_BLANK_RUN.test(text)) return text;
  const parts: string[] = [];
  let from = 0;
  let run = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      if (++run > BLANK_RUN_MAX) {
        parts.push(text.slice(from, i), '\n');
        from = i + 1;
        run = 0;
      }
      continue;
    }
    run = 0;
    if (c === 34) {
      // A string ends at its closing quote or, unterminated, at a line break (as jsonc-parser reads it).
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i + 1 < n && text.charCodeAt(i + 1) !== 10 && text.charCodeAt(i + 1) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
    }
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** The deepest nesting of arrays and objects a JSONC document may have (as in strict JSON). */
const MAX_JSONC_DEPTH = 512;

// jsonc-parser's SyntaxKind values (a const enum, which cannot be imported under verbatimModuleSyntax).
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/**
 * The offset of the first bracket that opens a level beyond the limit, if any (comments and
 * strings skipped). As in the strict reader, the top-level value is level 0, so 513 brackets fit.
 */
function tooDeepAt(text: string): number | undefined {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > MAX_JSONC_DEPTH + 1) return scanner.getTokenOffset();
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** jsonc-parser's error codes in words, with the usual fix. */
const SYNTAX_MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'an unexpected character here (strings need double quotes)',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected here (an extra comma?)',
  ValueExpected: 'a value was expected here (a missing value or an extra comma?)',
  ColonExpected: 'a colon was expected after the property name',
  CommaExpected: 'a comma was expected between these entries',
  CloseBraceExpected: 'a closing } is missing for an object opened earlier',
  CloseBracketExpected: 'a closing ] is missing for an array opened earlier',
  EndOfFileExpected: 'the document should end here (text after the closing brace?)',
  InvalidCommentToken: 'a malformed comment',
  UnexpectedEndOfComment: 'a /* comment is never closed with */',
  UnexpectedEndOfString: 'a string is never closed with "',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an invalid escape in a string (write \\\\ for a backslash)',
  InvalidCharacter: 'a control character inside a string (write it as an escape)',
};

function syntaxMessage(code: string): string {
  const words = SYNTAX_MESSAGES[code];
  return words === undefined ? code : `${words} [${code}]`;
}

/**
 * The properties of an object node, each key once: a key given again is reported ("this key is
 * given twice") and its later value skipped.
 *
 * @param node An object node.
 * @param path Its JSON path.
 * @param problems Where repeated keys are reported.
 * @returns Key, key node, value node and the property's JSON path, in document order.
 */
export function uniqueProperties(node: Node, path: string, problems: JsoncProblem[]): { key: string; keyNode: Node; valueNode: Node; path: string }[] {
  const out: { key: string; keyNode: Node; valueNode: Node; path: string }[] = [];
  const seen = new Set<string>();
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = String(keyNode.value);
    const keyPath = jsonPathOf(path, key);
    if (seen.has(key)) {
      problems.push({ offset: keyNode.offset, path: keyPath, message: 'this key is given twice' });
      continue;
    }
    seen.add(key);
    out.push({ key, keyNode, valueNode, path: keyPath });
  }
  return out;
}

/**
 * Say what a parse-tree node holds, for "expected X, found Y" messages.
 *
 * @param node The node.
 * @param text The text parsed, when known: a number is then shown as written, not as the double it
 *   reads as (`18446744073709551616` read as `18446744073709552000`, `1e-400` as `0`).
 * @returns E.g. `an object`, `the string "abc"`, `number 3`.
 */
export function describeJsoncNode(node: Node, text?: string): string {
  switch (node.type) {
    case 'object': return 'an object';
    case 'array': return 'an array';
    case 'string': return `the string ${JSON.stringify(shorten(String(node.value), 40))}`;
    case 'null': return 'null';
    case 'number': {
      const written = text?.slice(node.offset, node.offset + node.length);
      return `number ${written !== undefined && written !== '' ? shorten(written, 40) : String(node.value)}`;
    }
    default: return `${node.type} ${String(node.value)}`;
  }
}
