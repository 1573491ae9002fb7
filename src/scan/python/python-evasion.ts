/**
 * The evasion heuristics of the Python scanner. They report under the JavaScript ids where the
 * trick is the same (`evasion.computed-member` for `getattr(os, name)`, `evasion.computed-global`
 * for `globals()[…]` and `__builtins__[…]`, `evasion.from-char-code` for `chr` joins,
 * `evasion.base64-decode` for decoders of literals, hidden characters) with the same confidence
 * policy, and under the two Python ids of `patterns/python-evasion.ts` otherwise.
 *
 * @module
 */
import { codePointLabel } from '../../format/reveal-hidden.ts';
import type { Confidence } from '../types.ts';
import type { InvisibleChar } from '../tokenize.ts';
import type { PyFacts } from './python-facts.ts';
import type { PythonFindings } from './python-findings.ts';
import { evasionLevel } from '../scan-source.ts';
import { evidenceLine } from '../token-helpers.ts';
import { lineOffset } from './python-findings.ts';
import { looksLikeBase64, looksLikeCode, printableText } from '../literal-heuristics.ts';
import { isOp } from './python-statements.ts';
import { PYTHON_DECODERS, callArguments, decodePythonLiteral, foldPython, type PyFolded } from './python-fold.ts';
import { GLOBALS_DICT, type ChainStep } from './python-chain.ts';
import { isPythonCapabilityModule, type PythonResolution } from './python-index.ts';
import { PYTHON_INCIDENTAL_MODULES } from '../patterns/python-capabilities.ts';

const CAPABILITY_WORDS = new Set([
  'eval', 'exec', 'compile', 'open', '__import__', 'import_module', 'getattr', 'globals', 'vars', '__builtins__', 'builtins', 'system',
  'popen', 'Popen', 'spawn', 'execv', 'execve', 'execvp', 'check_output', 'check_call', 'getoutput', 'loads', 'rmtree', 'remove',
  'unlink', 'environ', 'getenv', 'urlopen', 'create_connection', '__subclasses__', '__globals__', '__class__', '__bases__', '__mro__',
]);
const CODE_MARKERS = ['import ', '__import__', 'os.', 'subprocess', 'socket.', 'lambda ', 'def ', 'exec(', 'compile(', 'open(', 'getattr(', '__builtins__', 'pickle', '/dev/tcp', 'sh -c'];
/** Attributes that reach functions' globals, frames or every loaded class. */
const INTROSPECTION = new Set(['__subclasses__', '__globals__', '__builtins__', 'f_globals', 'f_builtins', 'func_globals']);
const CLASS_CHAIN = new Set(['__class__', '__base__', '__bases__', '__mro__']);

/**
 * Whether a decoded or folded string names a Python capability: a module with capability rows,
 * a built-in or member that runs code, processes or files, or text that looks like code.
 *
 * @param text A decoded or folded string.
 * @returns True when it names a capability.
 * @example
 * namesPythonCapability('subprocess') // true
 */
export function namesPythonCapability(text: string): boolean {
  return (isPythonCapabilityModule(text) && !PYTHON_INCIDENTAL_MODULES.has(text)) || CAPABILITY_WORDS.has(text) || looksLikeCode(text) || CODE_MARKERS.some((m) => text.includes(m));
}

/**
 * A string shortened for a detail, control characters blanked.
 *
 * @param text Any text.
 * @returns At most 80 characters.
 * @example
 * truncate('a\nb') // 'a b'
 */
export function truncate(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

/** The evasion checks, over one file's tokens and bindings. */
export class PythonEvasion {
  /** Char-code folds already reported reach up to here (an outer join covers its `chr` calls). */
  private coveredUntil = -1;

  constructor(
    private readonly facts: PyFacts,
    private readonly findings: PythonFindings,
  ) {}

  private report(id: string, confidence: Confidence, index: number, detail: string, capped: boolean): void {
    this.findings.evasion(id, confidence, index, detail, capped);
  }

  /** `ｅval`: Python reads the NFKC form of an identifier. */
  normalizedIdentifier(i: number): void {
    const t = this.facts.tokens[i]!;
    const ascii = /^[\x00-\x7f]*$/.test(t.name);
    this.report('evasion.python-normalized-identifier', ascii ? 'high' : 'low', i, `"${truncate(t.value)}" is read as ${t.name}`, false);
  }

  private readonly classChainNames = new Map<string, boolean>();

  /** Whether a statement `name = …` of this file holds a class chain (`.__class__`, `.__mro__`, …) on its line. */
  private assignedFromClassChain(name: string): boolean {
    const known = this.classChainNames.get(name);
    if (known !== undefined) return known;
    const { tokens } = this.facts;
    let found = false;
    for (let k = 0; k < tokens.length && !found; k++) {
      const t = tokens[k]!;
      if (t.type !== 'name' || t.name !== name || !isOp(tokens[k + 1], '=') || (k > 0 && tokens[k - 1]!.type !== 'newline')) continue;
      for (let m = k + 2; m < tokens.length && tokens[m]!.type !== 'newline'; m++) {
        if (tokens[m]!.type === 'name' && CLASS_CHAIN.has(tokens[m]!.name) && isOp(tokens[m - 1], '.')) { found = true; break; }
      }
    }
    this.classChainNames.set(name, found);
    return found;
  }

  /** `x.__subclasses__()`, `f.__globals__`, `frame.f_globals`, `obj.__builtins__`. */
  introspection(i: number): void {
    const { tokens } = this.facts;
    const name = tokens[i]!.name;
    // `f.__code__ = c`, `f.__code__.replace(co_consts=…)`: a function made to run other bytecode.
    if (name === '__code__') {
      const assigned = isOp(tokens[i + 1], '=') && tokens[i + 2]?.name !== 'None';
      const replaced = isOp(tokens[i + 1], '.') && tokens[i + 2]?.name === 'replace' && isOp(tokens[i + 3], '(');
      if (assigned || replaced) this.report('evasion.python-introspection', 'medium', i, assigned ? 'replaces a function\'s code object' : 'builds a code object from another with other parts (__code__.replace)', true);
      return;
    }
    if (!INTROSPECTION.has(name)) return;
    // `sys._getframe(1).f_globals.get('__name__')`: the caller's module name (typing_extensions,
    // six, collections), a common idiom that reaches nothing.
    const key = isOp(tokens[i + 1], '.') && tokens[i + 2]?.name === 'get' && isOp(tokens[i + 3], '(') ? tokens[i + 4] : isOp(tokens[i + 1], '[') ? tokens[i + 2] : undefined;
    if (key?.type === 'string' && key.cooked === '__name__') return;
    if (name !== '__subclasses__') {
      this.report('evasion.python-introspection', 'medium', i, `reaches ${name}`, true);
      return;
    }
    // `().__class__.__bases__[0].__subclasses__()`: every class loaded, Popen among them.
    let chained = false;
    for (let k = i - 2; k >= 0 && k >= i - 12; k--) {
      const t = tokens[k]!;
      if (t.type === 'newline') break;
      if (t.type === 'name' && CLASS_CHAIN.has(t.name) && isOp(tokens[k - 1], '.')) chained = true;
    }
    // `object.__subclasses__()` lists every class as the chain does; so does a name assigned from
    // a class chain (`base = ().__class__.__mro__[1]`, then `base.__subclasses__()`).
    const receiver = tokens[i - 2];
    if (!chained && receiver?.type === 'name' && !isOp(tokens[i - 3], '.')) chained = receiver.name === 'object' || this.assignedFromClassChain(receiver.name);
    this.report('evasion.python-introspection', chained ? 'high' : 'low', i, chained ? 'lists every loaded class through a class chain (__class__ … __subclasses__)' : 'lists the subclasses of a class', true);
  }

  /** `getattr(m, key)`, `m.__dict__[key]`, `globals()[key]`, `__builtins__[key]`, `sys.modules[key]`. */
  computed(step: Extract<ChainStep, { kind: 'computed' }>, resolve: (path: readonly string[]) => PythonResolution | 'ignored' | undefined): void {
    const target = step.target.join('.');
    // `sys.modules[key]` reaches any loaded module: a namespace like globals().
    const modules = target === 'sys.modules';
    const capabilityTarget = step.global || modules || isPythonCapabilityModule(target);
    if (!capabilityTarget) return;
    const id = step.global || modules ? 'evasion.computed-global' : 'evasion.computed-member';
    // `getattr(logging, level)`: a module used mostly for something else (see PYTHON_INCIDENTAL_MODULES).
    const incidental = !step.global && !modules && PYTHON_INCIDENTAL_MODULES.has(target);
    const shown = target === GLOBALS_DICT ? 'globals()' : target;
    if (step.key === undefined) {
      // sys.modules[name] only looks up a module already loaded (dataclasses, typing do it): low.
      if (step.runtimeKey && !incidental) this.report(id, modules ? 'low' : 'medium', step.at, `${shown}[…] with a key computed at run time`, true);
      return;
    }
    const key = step.key.value;
    const reached = resolve(step.global ? ['builtins', key] : modules ? key.split('.') : [...step.target, key]);
    const capability = (reached !== undefined && reached !== 'ignored') || namesPythonCapability(key);
    if (incidental && !(reached !== undefined && reached !== 'ignored')) return;
    const tricks = step.key.how.filter((h) => h !== 'constant');
    const built = tricks.length > 0 ? ` (the key folded from ${tricks.join(', ')})` : '';
    const confidence: Confidence = tricks.length > 0 ? (capability ? 'high' : 'medium') : (step.global || modules) && capability ? 'medium' : 'low';
    this.report(id, confidence, step.at, `${shown}["${truncate(key)}"]${built}`, true);
  }

  /** A called reference: decoders of literals and character-code builders. */
  call(dotted: string, at: number, open: number): void {
    if (PYTHON_DECODERS[dotted] !== undefined) this.decode(dotted, at, open);
    else if (dotted === 'builtins.chr' || dotted === 'builtins.bytes' || dotted === 'builtins.bytearray') this.charCodes(at);
  }

  /** A string literal: `''.join(…)` of character codes. */
  literal(i: number): void {
    const { tokens } = this.facts;
    if (isOp(tokens[i + 1], '.') && tokens[i + 2]?.name === 'join' && isOp(tokens[i + 3], '(')) this.charCodes(i);
  }

  private charCodes(start: number): void {
    if (start < this.coveredUntil) return;
    const folded = foldPython(this.facts, start);
    if (folded === undefined || !folded.how.includes('char-codes')) return;
    this.coveredUntil = folded.end;
    const capability = namesPythonCapability(folded.value);
    // One or two codes (`chr(10)`, `chr(65 + i)` folded) are ordinary; three or more spell text.
    if (!capability && folded.codes < 3) return;
    this.report('evasion.from-char-code', capability ? 'high' : 'medium', start, `decodes to "${truncate(folded.value)}"`, true);
  }

  private decode(dotted: string, at: number, open: number): void {
    const { tokens, match } = this.facts;
    const args = callArguments(tokens, match, open);
    const exactly = (range: [number, number] | undefined): PyFolded | undefined => {
      if (range === undefined) return undefined;
      const f = foldPython(this.facts, range[0]);
      return f !== undefined && f.end === range[1] ? f : undefined;
    };
    const data = exactly(args[0]);
    if (data === undefined) return;
    let codec: string = PYTHON_DECODERS[dotted]!;
    if (codec === 'codec') {
      const encoding = exactly(args[1]);
      if (encoding === undefined) return;
      codec = encoding.value.toLowerCase();
      if (!/^(?:rot_?13|hex(?:_codec)?|base64(?:_codec)?)$/.test(codec)) return;
    }
    const rot = codec.startsWith('rot');
    const hex = codec.startsWith('hex');
    if (hex ? data.value.length < 16 || !/^[0-9a-fA-F\s]+$/.test(data.value) : rot ? data.value.length < 4 : !looksLikeBase64(data.value.replace(/\s+/g, ''))) return;
    const bytes = decodePythonLiteral(codec, data.value);
    const decoded = bytes === undefined ? undefined : printableText(bytes);
    const before = tokens[at - 2];
    const evaluated = isOp(tokens[at - 1], '(') && before?.type === 'name' && ['builtins.eval', 'builtins.exec', 'builtins.compile'].includes(this.evaluator(at - 2));
    const suspicious = decoded !== undefined && (evaluated || namesPythonCapability(decoded));
    const shown = decoded === undefined ? `decodes a ${data.value.length}-character ${codec} literal to binary data` : `decodes to "${truncate(decoded)}"${evaluated ? `, evaluated by ${before!.name}` : ''}`;
    this.report('evasion.base64-decode', suspicious ? 'high' : 'low', at, shown, true);
  }

  private evaluator(at: number): string {
    const m = this.facts.meaning(this.facts.tokens[at]!.name, at);
    return m.kind === 'module' ? m.path.join('.') : '';
  }

  /** Bidirectional controls and invisible characters, as in the JavaScript scanner (one per line and kind). */
  hiddenCharacters(invisibles: readonly InvisibleChar[], text: string): void {
    const lines = new Set<string>();
    const counts = new Map<string, number>();
    for (const c of invisibles) {
      const key = `${c.category}|${c.context}|${c.line}`;
      if (lines.has(key)) continue;
      lines.add(key);
      const id = c.category === 'bidi' ? 'evasion.bidi-control' : 'evasion.invisible-character';
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      if (n > 20) continue;
      const confidence: Confidence = c.category === 'bidi' || c.context === 'code' ? 'high' : c.codePoint >= 0xe0000 ? 'medium' : 'low';
      const evidence = evidenceLine(text, lineOffset(text, c.line));
      this.findings.add({ ...this.findings.where(0), id, kind: 'evasion', level: evasionLevel(confidence), confidence, line: c.line, column: c.column, evidence, detail: `${codePointLabel(c.codePoint)} in ${c.context}` });
    }
  }
}
