/**
 * Presence tests: code that asks whether a capability exists without using it. A member whose
 * value is only tested (`getattr(os, 'fork', None) is not None`, `if hasattr(os, 'fork') and
 * os.fork:`, `callable(getattr(os, 'posix_spawn', None))`) and an import inside a function that
 * only checks the module can be imported (`try: import ssl` … `except ImportError: return False`,
 * never referenced) are no uses. Pure over the tokens.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord, type PyStatement } from './python-statements.ts';
import type { PyFacts } from './python-facts.ts';
import { calleeBefore } from './python-hand-on.ts';

/** Exceptions whose handler catches a failed import. */
const IMPORT_FAILURES = new Set(['ImportError', 'ModuleNotFoundError', 'Exception', 'BaseException']);

/** Calls that only test their one argument. */
const TESTING_CALLS = new Set(['builtins.bool', 'builtins.callable']);

/**
 * Whether the value at tokens `[start, end)` is only tested: compared with `is`, `is not`, `==` or
 * `!=`, negated with `not`, the whole condition of `if`/`elif`/`while`/`assert` or of a
 * conditional expression, or the one argument of `bool`/`callable`. Not when it can flow on
 * (`and`/`or` yield an operand, an assignment or a call receives it).
 *
 * @param facts The file's facts.
 * @param start The value's first token.
 * @param end The token after it.
 * @returns True for a presence test.
 * @example
 * presenceTest(facts, start, end) // `getattr(os, 'fork', None) is None`
 */
export function presenceTest(facts: PyFacts, start: number, end: number): boolean {
  const { tokens } = facts;
  const before = tokens[start - 1];
  const after = tokens[end];
  if (isWord(after, 'is') || isOp(after, '==') || isOp(after, '!=')) return true;
  if (isWord(before, 'is') || isOp(before, '==') || isOp(before, '!=')) return true;
  if (isWord(before, 'not')) return true;
  const ends = after === undefined || after.type === 'newline' || isOp(after, ';');
  if ((isWord(before, 'if') || isWord(before, 'elif') || isWord(before, 'while')) && (isOp(after, ':') || isWord(after, 'else'))) return true;
  if (isWord(before, 'assert') && (ends || isOp(after, ','))) return true;
  if (isOp(before, '(') && isOp(after, ')') && facts.match[start - 1] === end) {
    const callee = calleeBefore(facts, start - 1);
    return callee !== undefined && TESTING_CALLS.has(callee);
  }
  return false;
}

/**
 * Whether the statement holding token `at` sits in the body of a `try` one of whose handlers
 * catches a failed import (`except ImportError:`, `ModuleNotFoundError`, `Exception`, a bare
 * `except:`, also in a tuple).
 *
 * @param tokens The file's tokens.
 * @param statements The file's statements in source order.
 * @param at A token of the import statement.
 * @returns True when a failed import there is caught.
 * @example
 * importGuarded(tokens, statements, site.index) // `try:\n    import ssl\nexcept ImportError: …`
 */
export function importGuarded(tokens: readonly PyToken[], statements: readonly PyStatement[], at: number): boolean {
  for (let n = 0; n < statements.length; n++) {
    const t = statements[n]!;
    if (t.start > at) break;
    if (!t.header || !isWord(tokens[t.start], 'try') || !(t.end <= at && at < t.blockEnd)) continue;
    for (let h = n + 1; h < statements.length; h++) {
      const s = statements[h]!;
      if (s.start < t.blockEnd) continue;
      if (s.indent < t.indent || (s.indent === t.indent && !isWord(tokens[s.start], 'except'))) break;
      if (s.indent !== t.indent || !s.header) continue;
      if (catchesImport(tokens, s)) return true;
    }
  }
  return false;
}

/** Whether an `except …:` header catches a failed import. */
function catchesImport(tokens: readonly PyToken[], s: PyStatement): boolean {
  let named = false;
  for (let k = s.start + 1; k < s.end; k++) {
    const t = tokens[k]!;
    if (isWord(t, 'as') || isOp(t, ':')) break;
    if (t.type !== 'name' || isOp(tokens[k + 1], '.')) continue;
    named = true;
    if (IMPORT_FAILURES.has(t.name)) return true;
  }
  return !named;
}
