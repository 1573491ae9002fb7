/**
 * Whether a module value is handed on whole: `helper(os)`, `self.sh = shutil`, `{"p": pickle}`,
 * `return os`, `def f(m=os)`, a class attribute `o = os`. The code that receives it is not
 * followed, so its uses of the module are not seen; the scanner reports the module object
 * itself there. Not handed on: a plain alias (`o = os`, followed like the module), a member access
 * or call (`os.path`, `os.system(c)`), a test (`os is None`, `not os`, `if os:`), `del os`, an
 * f-string field, calls that only look at their argument (`print(os)`, `repr(os)`,
 * `hasattr(os, 'fork')`, `isinstance(os, T)`, `inspect.getfile(os)`, assertions, skip
 * decorators) and calls that read or replace one named attribute of it (`swap_attr(os, 'chdir',
 * f)`, `patch.object(os, 'listdir')`). Pure over the tokens.
 *
 * @module
 */
import type { PyToken } from './python-tokenize.ts';
import { isOp, isWord, type PyStatement } from './python-statements.ts';
import { PYTHON_KEYWORDS, type PyFacts, type PyScope } from './python-facts.ts';
import { partitionPoint } from '../../sorted.ts';

/** Calls that only inspect, print or compare their arguments: a module passed to them goes nowhere. */
const INSPECTING_CALLS = new Set([
  'builtins.print', 'builtins.repr', 'builtins.str', 'builtins.ascii', 'builtins.format', 'builtins.id', 'builtins.hash', 'builtins.len',
  'builtins.bool', 'builtins.type', 'builtins.dir', 'builtins.vars', 'builtins.help', 'builtins.callable', 'importlib.reload', 'imp.reload',
  'sys.getrefcount', 'sys.getsizeof', 'pprint.pprint', 'pprint.pformat', 'reprlib.repr',
]);
/** Modules whose functions only inspect an object (`inspect.getfile(os)`, `pydoc.render_doc(os)`). */
const INSPECTING_MODULES = new Set(['inspect', 'pydoc']);
/** Calls whose first argument is only the object they look at or patch (`setattr(os, 'x', v)` stores `v`, not `os`). */
const TARGET_CALLS = new Set(['builtins.hasattr', 'builtins.getattr', 'builtins.setattr', 'builtins.delattr', 'builtins.isinstance', 'builtins.issubclass']);
/**
 * Methods (any receiver) that only compare or test their arguments: assertions (`self.assertIs(os,
 * m)`, `mock.assert_called_with(os)`) and skip decorators (`unittest.skipUnless(bz2, 'needs bz2')`).
 */
const TESTING_METHOD = /^(?:assert|skip(?:If|Unless)$)/;
/**
 * Calls (by their last name) that read or replace the one attribute named by the string after the
 * module, as `setattr(os, 'x', v)` does: `support.swap_attr(os, 'chdir', f)`,
 * `monkeypatch.setattr(os, 'environ', env)`, `mock.patch.object(os, 'listdir')`.
 */
const ATTRIBUTE_CALLS = new Set(['setattr', 'delattr', 'getattr', 'swap_attr', 'get_attribute']);

/** Where a module value goes, for the finding's detail; undefined when it is not handed on. */
export type HandOn = 'passed to a call' | 'a default value' | 'stored in an attribute or item' | 'a class attribute' | 'stored in a tuple, list, set or dict' | 'returned' | 'yielded' | 'returned by a lambda' | 'part of a conditional expression' | 'extended by a class';

/** Calls that only test a class against a value or name it for a type checker (`isinstance(p, Popen)`, `cast(Popen, x)`). */
const CLASS_TESTS = new Set(['builtins.isinstance', 'builtins.issubclass', 'typing.cast', 'typing_extensions.cast']);

/**
 * Reads where module values go in one file. What it needs across calls (the innermost bracket
 * around each token, the `=` of each statement, the `:` of each lambda) is built once, so a
 * file with thousands of modules in one literal or call stays linear.
 */
export class HandOnReader {
  private readonly tokens: readonly PyToken[];
  private readonly match: Int32Array;
  private enclosing: Int32Array | undefined;
  private readonly equalsOf = new Map<PyStatement, number[]>();
  private readonly lambdaColons = new Map<PyScope, number>();

  constructor(
    private readonly facts: PyFacts,
    /** The file's statements in source order. */
    private readonly statements: readonly PyStatement[],
  ) {
    this.tokens = facts.tokens;
    this.match = facts.match;
  }

  /**
   * How the module value at tokens `[start, end)` is used, when it is handed on.
   *
   * @param start First token of the value (`os`, or `sys` of `sys.modules['os']`).
   * @param end Index after the value.
   * @returns Where it goes, or undefined when it is not handed on.
   * @example
   * reader.handedOn(i, i + 1) // 'passed to a call' for `helper(os)`
   */
  handedOn(start: number, end: number, value: 'module' | 'class' = 'module'): HandOn | undefined {
    const { tokens, match } = this;
    if (value === 'class') return this.classHandedOn(start, end);
    let s = start;
    let e = end;
    // `(os)`: the parenthesized value is the value.
    while (isOp(tokens[s - 1], '(') && tokens[s - 1]!.synthetic !== true && match[s - 1] === e && !isCall(tokens, s - 1)) {
      s--;
      e++;
    }
    const prev = tokens[s - 1];
    const next = tokens[e];
    // A member, a call or an item of it is a use of the module, reported (or not) as such.
    if (isOp(next, '.') || isOp(next, '(') || isOp(next, '[')) return undefined;
    const open = this.enclosingOpen(s);
    const conditional = isWord(next, 'if') || isWord(prev, 'else');
    if (!endsOperand(tokens, open, next, prev)) return undefined;
    if (prev === undefined) return undefined;
    if (prev.type === 'name') {
      if (prev.name === 'return') return 'returned';
      if (prev.name === 'yield') return 'yielded';
      if (prev.name === 'else') return 'part of a conditional expression';
      return undefined;
    }
    if (prev.type !== 'op') return undefined;
    if (prev.value === ':' && this.lambdaColon(s - 1)) return 'returned by a lambda';
    if (prev.value === '=') {
      // The default of a parameter (`def f(m=os)`, `lambda m=os: …`), else a keyword argument.
      if (this.inLambdaParameters(s - 1)) return 'a default value';
      if (open >= 0) return isOp(tokens[open], '(') && isWord(tokens[open - 2], 'def') ? 'a default value' : callHandsOn(this.facts, open, s, e);
      return conditional ? 'part of a conditional expression' : this.assignment(s, e);
    }
    if (prev.value === ',' || prev.value === '(' || prev.value === '[' || prev.value === '{' || prev.value === ':') {
      if (open < 0) {
        // A tuple at statement level: `return os, sys`, `a = os, sys`; not `del a, os`, `global a, os`.
        if (prev.value !== ',') return undefined;
        return this.tupleStatement(s);
      }
      const o = tokens[open]!;
      if (o.synthetic === true) return undefined;
      if (prev.value === ':' && !isOp(o, '{')) return undefined;
      if (isOp(o, '(') && isCall(tokens, open)) return isWord(tokens[open - 2], 'def') || isWord(tokens[open - 2], 'class') ? undefined : callHandsOn(this.facts, open, s, e);
      // `table[os]` looks a key up; `[os, sys]` is a list.
      if (isOp(o, '[') && isValueEnd(tokens[open - 1])) return undefined;
      return conditional ? 'part of a conditional expression' : 'stored in a tuple, list, set or dict';
    }
    return undefined;
  }

  /**
   * How a class value at `[start, end)` is used, when it is handed on: as a module is, and also as
   * a base class (`class R(subprocess.Popen):`, whose instances construct it). Not in an `except`
   * clause, nor tested or cast (`isinstance(p, (Popen, X))`, `cast(Popen, x)`).
   */
  private classHandedOn(start: number, end: number): HandOn | undefined {
    const { tokens } = this;
    if (this.typeTest(start, true)) return undefined;
    const statement = statementAt(this.statements, start);
    const open = this.enclosingOpen(start);
    if (open >= 0 && isOp(tokens[open], '(') && statement !== undefined && isWord(tokens[statement.start], 'class') && this.enclosingOpen(open) < 0) {
      return endsOperand(tokens, open, tokens[end], tokens[start - 1]) && !isOp(tokens[start - 1], '=') ? 'extended by a class' : undefined;
    }
    return this.handedOn(start, end);
  }

  /**
   * Whether the value at `start` is only a type tested against or named for a type checker: in an
   * `except` clause, or the type argument of isinstance, issubclass (the second) or typing.cast
   * (the first), also in a tuple of classes: `isinstance(s, (socket.socket, ssl.SSLSocket))`.
   *
   * @param start The value's first token.
   * @param anyArgument Any argument of those calls counts (a class passed there is not handed on).
   * @returns True in such a position.
   */
  typeTest(start: number, anyArgument = false): boolean {
    const { tokens } = this;
    const statement = statementAt(this.statements, start);
    if (statement !== undefined && isWord(tokens[statement.start], 'except')) return true;
    let open = this.enclosingOpen(start);
    // A tuple of classes tested at once: look at the call around the tuple.
    if (open >= 0 && isOp(tokens[open], '(') && !isCall(tokens, open)) open = this.enclosingOpen(open);
    if (open >= 0 && isOp(tokens[open], '(') && isCall(tokens, open)) {
      const callee = calleeBefore(this.facts, open);
      if (callee === undefined || !CLASS_TESTS.has(callee)) return false;
      if (anyArgument) return true;
      // Which argument: count the commas at the call's own level before the value.
      let index = 0;
      for (let k = open + 1; k < start; k++) {
        const m = this.match[k]!;
        if (m > k) {
          // The tuple holding the value: the argument it is.
          if (m > start) break;
          k = m;
        } else if (isOp(tokens[k], ',')) index++;
      }
      return index === (callee.endsWith('.cast') ? 0 : 1);
    }
    return false;
  }

  /** The innermost open bracket around token `at` (-1 outside brackets), from one pass over the file. */
  private enclosingOpen(at: number): number {
    if (this.enclosing === undefined) {
      const { tokens, match } = this;
      const enclosing = new Int32Array(tokens.length);
      const stack: number[] = [];
      for (let k = 0; k < tokens.length; k++) {
        const t = tokens[k]!;
        // A line end outside brackets ends every group (the tokenizer emits none inside one).
        if (t.type === 'newline') stack.length = 0;
        const top = stack[stack.length - 1];
        enclosing[k] = top !== undefined && match[top]! > top ? top : -1;
        if (t.type !== 'op') continue;
        if (t.value === '(' || t.value === '[' || t.value === '{') stack.push(k);
        else if (t.value === ')' || t.value === ']' || t.value === '}') stack.pop();
      }
      this.enclosing = enclosing;
    }
    return this.enclosing[at] ?? -1;
  }

  /** The `:` that ends the parameters of the lambda `scope` (the first at its own level). */
  private lambdaColonOf(scope: PyScope): number {
    let colon = this.lambdaColons.get(scope);
    if (colon === undefined) {
      colon = -1;
      for (let k = scope.start + 1; k < scope.end && k < this.tokens.length; k++) {
        const m = this.match[k]!;
        if (m > k) k = m;
        else if (isOp(this.tokens[k], ':')) {
          colon = k;
          break;
        }
      }
      this.lambdaColons.set(scope, colon);
    }
    return colon;
  }

  /** Whether the `:` at `colon` ends a lambda's parameters (`lambda: os`, `lambda m: os`). */
  private lambdaColon(colon: number): boolean {
    const scope = this.facts.scopeAt(colon);
    return scope.kind === 'lambda' && this.lambdaColonOf(scope) === colon;
  }

  /** Whether the `=` at `eq` gives a lambda parameter its default (`lambda m=os: …`). */
  private inLambdaParameters(eq: number): boolean {
    const scope = this.facts.scopeAt(eq);
    if (scope.kind !== 'lambda') return false;
    const colon = this.lambdaColonOf(scope);
    return colon < 0 || eq < colon;
  }

  /** The statement-level `=` of a statement, in order. */
  private equals(statement: PyStatement): number[] {
    let list = this.equalsOf.get(statement);
    if (list === undefined) {
      list = [];
      for (let k = statement.start; k < statement.end; k++) {
        const m = this.match[k]!;
        if (m > k) k = m;
        else if (isOp(this.tokens[k], '=')) list.push(k);
      }
      this.equalsOf.set(statement, list);
    }
    return list;
  }

  /**
   * A value right after a statement-level `=`: handed on unless every target is a plain name (an
   * alias, followed) outside a class body (where the name is an attribute of the class).
   */
  private assignment(s: number, e: number): HandOn | undefined {
    const { tokens } = this;
    const statement = statementAt(this.statements, s);
    if (statement === undefined) return undefined;
    const equals = this.equals(statement);
    if (equals[equals.length - 1] !== s - 1) return undefined;
    // `x = os, sys` continues past the value: a tuple.
    if (e < statement.end && !isOp(tokens[e], ';')) return 'stored in a tuple, list, set or dict';
    let from = statement.start;
    for (const eq of equals) {
      // `x: ModuleType = os` is a plain name with an annotation.
      const single = tokens[from]?.type === 'name' && (eq === from + 1 || isOp(tokens[from + 1], ':'));
      if (!single) return 'stored in an attribute or item';
      from = eq + 1;
    }
    return this.facts.scopeAt(s).kind === 'class' ? 'a class attribute' : undefined;
  }

  /** A statement-level tuple holding the value: returned, yielded, or assigned (`a = os, sys`). */
  private tupleStatement(s: number): HandOn | undefined {
    const statement = statementAt(this.statements, s);
    if (statement === undefined) return undefined;
    const first = this.tokens[statement.start];
    if (isWord(first, 'return')) return 'returned';
    if (isWord(first, 'yield')) return 'yielded';
    const equals = this.equals(statement);
    return equals.length > 0 && equals[0]! < s ? 'stored in a tuple, list, set or dict' : undefined;
  }
}

/** Whether the `(` at `open` is a call's (after a name that is no keyword, or after `)`, `]`, a string). */
function isCall(tokens: readonly PyToken[], open: number): boolean {
  return isValueEnd(tokens[open - 1]);
}

/** Whether a token ends a value (a name that is no keyword, a literal, a closing bracket). */
function isValueEnd(t: PyToken | undefined): boolean {
  if (t === undefined) return false;
  if (t.type === 'name') return !PYTHON_KEYWORDS.has(t.name) || t.name === 'None' || t.name === 'True' || t.name === 'False';
  if (t.type === 'string' || t.type === 'number') return true;
  return t.type === 'op' && (t.value === ')' || t.value === ']' || t.value === '}');
}

/**
 * Whether the value is a whole operand: what follows it ends an element, an argument or the
 * statement (`,` `)` `]` `}` `;` a line end), or is the `if` of a conditional expression or the
 * `for` of a comprehension; a `:` only after a dict key or a lambda parameter's default.
 */
function endsOperand(tokens: readonly PyToken[], open: number, next: PyToken | undefined, prev: PyToken | undefined): boolean {
  if (next === undefined || next.type === 'newline') return true;
  if (next.type === 'name') return next.name === 'if' || next.name === 'for';
  if (next.type !== 'op') return false;
  if (next.value === ':') return (open >= 0 && isOp(tokens[open], '{')) || isOp(prev, '=');
  return next.value === ',' || next.value === ')' || next.value === ']' || next.value === '}' || next.value === ';';
}

/** An argument (at `[at, end)`) of the call at `open`: handed on unless the callee only inspects it. */
function callHandsOn(facts: PyFacts, open: number, at: number, end: number): HandOn | undefined {
  const { tokens } = facts;
  const last = tokens[open - 1];
  if (last?.type === 'name' && TESTING_METHOD.test(last.name)) return undefined;
  // `swap_attr(os, 'chdir', f)`, `patch.object(os, 'listdir')`, `addCleanup(setattr, os, 'x', v)`: one named attribute.
  const named = isOp(tokens[end], ',') && tokens[end + 1]?.type === 'string';
  const attributeCall = last?.type === 'name' && (ATTRIBUTE_CALLS.has(last.name) || (last.name === 'object' && isOp(tokens[open - 2], '.') && isWord(tokens[open - 3], 'patch')));
  const passedWith = isOp(tokens[at - 1], ',') && tokens[at - 2]?.type === 'name' && ATTRIBUTE_CALLS.has(tokens[at - 2]!.name) && !isOp(tokens[at - 3], '.');
  if (named && (attributeCall || passedWith)) return undefined;
  const callee = calleeBefore(facts, open);
  if (callee !== undefined) {
    if (INSPECTING_CALLS.has(callee) || INSPECTING_MODULES.has(callee.split('.')[0]!)) return undefined;
    // `hasattr(os, 'fork')`, `setattr(os, 'x', v)`: the first argument is what they look at.
    if (TARGET_CALLS.has(callee) && at === open + 1) return undefined;
  }
  return 'passed to a call';
}

/**
 * The callee of the call whose `(` is at `open`, when it is a dotted name the file resolves.
 *
 * @param facts The file's facts.
 * @param open Index of the call's `(` token.
 * @returns The resolved dotted path (`builtins.isinstance`), or undefined.
 */
export function calleeBefore(facts: PyFacts, open: number): string | undefined {
  const { tokens } = facts;
  let k = open - 1;
  while (k >= 2 && isOp(tokens[k - 1], '.') && tokens[k - 2]?.type === 'name') k -= 2;
  const callee = tokens[k]?.type === 'name' && !isOp(tokens[k - 1], '.') ? facts.callee(k) : undefined;
  return callee !== undefined && callee.end === open ? callee.path : undefined;
}

/** The statement around token `at`. */
function statementAt(statements: readonly PyStatement[], at: number): PyStatement | undefined {
  const s = statements[partitionPoint(statements.length, (i) => statements[i]!.start <= at) - 1];
  return s !== undefined && at < s.end ? s : undefined;
}

