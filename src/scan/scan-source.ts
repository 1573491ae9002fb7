/**
 * `scanSource(text, { file })`: the scanner for one JavaScript or TypeScript text (a Python text
 * goes to `python/scan-python-source.ts`, a Go text to `go/scan-go-source.ts`). Pure: no I/O.
 *
 * One tokenizer pass (`tokenize.ts`), one pass collecting bindings (`collect-bindings.ts`), then one
 * pass over the tokens that resolves every reference to a binding or a known global and looks the
 * member path up in the pattern rows (`pattern-index.ts`). Names inside comments and strings are
 * never references; `exec` counts only when it came from `child_process`; `user.rename` is a
 * member of an unknown object. The same pass applies the evasion heuristics
 * (`patterns/evasion.ts`). A text the tokenizer cannot follow (an unclosed string or comment, an
 * invalid character) also gets a `scan.not-analyzed` finding: it is never reported as clean.
 *
 * @module
 */
import { codePointLabel } from '../format/reveal-hidden.ts';
import type { Confidence, FileAccess, FindingLevel, ImportRecord, PackageCall, ScanFinding, ScanSourceOptions, SourceScan } from './types.ts';
import { normalizeTypeScript } from './normalize-ts.ts';
import { MAX_HTML_COMMENTS, htmlCommentReading, tokenize, type HtmlComment, type LexResult, type Token, type TokenizeOptions } from './tokenize.ts';
import { buildMatchTable, evidenceLine, isImportType, isName, isPunct, isStringToken, splitArguments, symbolCallEnd } from './token-helpers.ts';
import { foldString, type FoldContext, type Folded } from './fold-string.ts';
import { mapImport } from './path-aliases.ts';
import { collectBindings, normalizeGlobal, type Binding, type FileFacts, type ImportSite, type LocalNamedExport } from './collect-bindings.ts';
import { GLOBAL_MEMBERS, GLOBAL_NAMESPACES, GLOBAL_ROOTS, PATTERN_BY_ID, isRelativeSpecifier, isRemoteFileSpecifier, lookupModule, resolveReference, sourceDisplay, type Resolution } from './pattern-index.ts';
import { cookStringToken } from './cook-string.ts';
import { ENTROPY_MIN_LENGTH, decodeBase64Bytes, decodeHexBytes, looksLikeBase64, looksLikeCode, printableText, highEntropyOf } from './literal-heuristics.ts';
import { ESCAPE_DENSITY_HIGH, ESCAPE_DENSITY_THRESHOLD } from './patterns/evasion.ts';
import { ZX_GLOBALS, ZX_GLOBALS_SPECIFIERS } from './patterns/subprocess.ts';
import { PACKAGE_CALLS, TEMPLATE_CALLS } from './patterns/project-commands.ts';
import { FILESYSTEM_RECEIVER_METHODS, type ReceiverMethod } from './patterns/filesystem.ts';
import { NETWORK_RECEIVER_METHODS } from './patterns/network.ts';
import { INCIDENTAL_SOURCES, NODE_BINDING_ROWS } from './patterns/code-evaluation.ts';
import { FindingSet, PER_FILE_CAP, lexProblemDetail } from './finding-set.ts';
import { isPythonFile } from './python/python-candidates.ts';
import { scanPythonSource } from './python/scan-python-source.ts';
import { isGoFile } from './go/go-files.ts';
import { scanGoSource } from './go/scan-go-source.ts';
import { isRustFile } from './rust/rust-files.ts';
import { scanRustSource } from './rust/scan-rust-source.ts';
import { escapeLoneSurrogates, head } from '../format/shorten.ts';
import { partitionPoint } from '../sorted.ts';
import { refuseNonText } from '../canonical/strict-json.ts';
import { objectArgument, withArguments } from '../arguments.ts';
import { returnedExpressions } from './local-returns.ts';
import { endsStatement } from './ends-statement.ts';
import { runTimeModulePath } from './run-time-path.ts';
import { apiKeyClientSites } from './api-key-clients.ts';

/** A value a local function returns that the scanner follows through its calls. */
type ReturnedValue = { kind: 'require' } | { kind: 'module'; source: string; display: string; path: string[] };

/** Rule id of a file that could not be read, resolved or tokenized. */
export const NOT_ANALYZED_ID = 'scan.not-analyzed';

/** child_process functions that start a command with an argument array (`spawn(cmd, args)`). */
const INTERPRETER_LAUNCHERS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync']);
/** Commands that run the script file they are given (the basename of the first argument of `spawn`). */
const INTERPRETER_COMMANDS = new Set(['node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node', 'python', 'python3']);
/** Interpreter options whose value is code or a module, not the script file (`node -e code`, `python -m mod`). */
export const OPTIONS_WITH_CODE: ReadonlySet<string> = new Set(['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '-c', '-m', 'eval']);
/** Code files the scanner reads, as a script path ends. */
const SCRIPT_EXTENSION = /\.(?:[cm]?[jt]s|[jt]sx|pyw?)$/;
/** Constructors whose value is bytes (an argument built with them sets no option). */
const BYTE_CONSTRUCTORS: ReadonlySet<string> = new Set(['Uint8Array', 'Int8Array', 'Uint8ClampedArray', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Buffer', 'Blob']);
/** Buffer's static methods that return a new Buffer. */
/** Methods counted on any receiver where the file imports their package (filesystem and network rows). */
const RECEIVER_METHODS: ReadonlyMap<string, ReceiverMethod> = new Map<string, ReceiverMethod>([...FILESYSTEM_RECEIVER_METHODS, ...NETWORK_RECEIVER_METHODS]);
/** A string that is an http(s) or ftp URL (a loader given it fetches). */
const URL_TEXT = /^\s*(?:https?|ftp):\/\//i;
/** A location that is no local path: a URL of any scheme but file: (`https://`, `s3://`), or protocol-relative (`//cdn.example/x`). */
const REMOTE_LOCATION = /^\s*(?:(?!file:)[a-z][a-z0-9+.-]*:)?\/\//i;
const BUFFER_MAKERS: ReadonlySet<string> = new Set(['from', 'alloc', 'allocUnsafe', 'allocUnsafeSlow', 'concat']);

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'export', 'extends',
  'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'return', 'super', 'switch', 'this', 'throw', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'enum', 'await', 'null', 'true', 'false',
]);
/** Globals whose members a `with` statement would put in scope as bare names. */
const WITH_GLOBALS = new Set(['process', 'globalThis', 'global', 'self', 'window', 'Deno', 'Bun']);
const METHOD_PREFIX = new Set(['{', '}', ';', ',', 'async', 'static', 'get', 'set', '*', 'public', 'private', 'protected', 'readonly', 'override', 'abstract', 'declare']);
/** `Symbol.<name>` values that are symbols (the other members of Symbol are functions). */
const WELL_KNOWN_SYMBOLS = new Set(['iterator', 'asyncIterator', 'hasInstance', 'isConcatSpreadable', 'match', 'matchAll', 'replace', 'search', 'species', 'split', 'toPrimitive', 'toStringTag', 'unscopables', 'dispose', 'asyncDispose']);
/** Words after which `{` opens an object literal (`export default {` too). */
const EXPRESSION_BEFORE = new Set(['return', 'yield', 'await', 'typeof', 'void', 'delete', 'in', 'of', 'instanceof', 'default']);
/** Punctuators after which `{` opens an object literal or a type literal, never a block. */
const OBJECT_BEFORE = new Set(['=', '(', ',', '[', '||', '&&', '??', '?', '...', '|', '&', '<', '!', '+']);
/** Modifiers that can precede a class field or a type member's name. */
const MEMBER_MODIFIERS = new Set(['readonly', 'static', 'public', 'private', 'protected', 'declare', 'override', 'abstract', 'accessor']);
/** Assignments that install a global (a polyfill), not uses of it. */
const POLYFILL_ASSIGNMENT = new Set(['=', '??=', '||=']);
const DECLARATION_KEYWORDS = new Set(['function', 'class', 'interface', 'type', 'enum', 'namespace', 'let', 'const', 'var', 'declare']);
/** Calls whose first argument is run as code: a decoded blob passed to one is code. */
const CODE_EVALUATORS = new Set(['eval', 'Function', 'AsyncFunction', 'runInThisContext', 'runInNewContext', 'runInContext', 'compileFunction', 'Script', 'setTimeout', 'setInterval']);
const CAPABILITY_WORDS = new Set(['require', 'eval', 'Function', 'constructor', 'child_process', 'exec', 'execSync', 'spawn', 'spawnSync', 'execFile', 'fork', 'globalThis', 'dlopen', 'binding', 'mainModule', 'writeFile', 'writeFileSync', 'readFile', 'readFileSync']);

/** The methods of Function.prototype that invoke their receiver (`f.call(t, …)` calls `f`). */
const INVOKERS = new Set(['call', 'apply', 'bind']);
/** Names an `import(…)`/`require(…)` argument that names a file beside the importer is made of. */
const FILE_BESIDE_NAMES = new Set(['new', 'URL', 'import', 'meta', 'url', 'href', 'resolve', 'join', 'path', 'require', '__dirname', 'dirname', 'fileURLToPath', 'pathToFileURL']);
/** Names of values that hold code to run (`setTimeout(code)`, `setInterval(args.script, 10)`). */
const CODE_NAMES = /^(?:code|script|source|js|javascript|expr|expression|snippet|program|statement|stmt)$|(?:Code|Script|Source|Expr|Expression|Snippet|Program)$/;
/**
 * A verb or a handler word before the code word names a function (`runScript`, `fetchSource`,
 * `onCode`, `afterScript`, `compileExpression`), not the code itself (`userScript`, `pageCode`).
 */
const FUNCTION_PREFIX = /^(?:run|exec|execute|eval|evaluate|load|reload|refresh|fetch|update|compile|parse|render|handle|on|before|after|start|stop|init|process|check|validate|build|generate|sync|save|apply|inject|insert|remove|clear|reset|watch|poll|emit|send|get|set|read|write|make|create|format|highlight|analy[sz]e|transform|minify|lint|open|close|show|hide|toggle|submit|copy|print|log|dump|resolve|request|download|upload|register|attach|bind|mount|schedule|queue|flush|notify|dispatch|trigger|fire|call|invoke|do|try)(?=[A-Z])/;
/** Whether a name says its value is code to run (see {@link CODE_NAMES}, {@link FUNCTION_PREFIX}). */
const namedLikeCode = (name: string): boolean => CODE_NAMES.test(name) && !FUNCTION_PREFIX.test(name);
/**
 * fs calls that touch no file when their path is the null device: the literal `/dev/null` or Node's
 * `os.devNull` (a server keeping stray output off stdout). Only the POSIX literal: `nul` is an
 * ordinary file name there; any other computed path counts.
 */
const NULL_DEVICE_CALLS = new Set(['open', 'openSync', 'createWriteStream', 'createReadStream', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync']);

/** Level of an evasion finding by confidence. */
export function evasionLevel(confidence: Confidence): FindingLevel {
  return confidence === 'high' ? 'error' : confidence === 'medium' ? 'warning' : 'note';
}

/**
 * Whether a string names a capability: a capability module, a capability global or namespace,
 * `require`/`eval`/`constructor`-like words, or text that looks like code.
 *
 * @param text A decoded or folded string.
 * @returns True when the string names a capability.
 * @example
 * namesCapability('child_process') // true
 */
export function namesCapability(text: string): boolean {
  return lookupModule(text) !== undefined || GLOBAL_MEMBERS.has(text) || GLOBAL_NAMESPACES[text] !== undefined || GLOBAL_ROOTS.has(text) || CAPABILITY_WORDS.has(text) || looksLikeCode(text);
}

/**
 * Scan one JavaScript or TypeScript source text.
 *
 * @param text The file's text.
 * @param options `file`: the name used in findings; its extension selects JSX tokenizing (`.jsx`, `.tsx`).
 * @returns Findings (capabilities, environment, evasion, not-analyzed) and every import.
 * @example
 * scanSource("import { exec as run } from 'node:child_process'; run('ls')", { file: 'h.ts' }).findings[0].identifier // 'child_process.exec'
 */
export function scanSource(text: string, options: ScanSourceOptions): SourceScan {
  return withArguments(
    'scanSource(text, options)',
    [objectArgument('options', options, '{ file, … }')],
    "give the options with the file's path, e.g. scanSource(text, { file: 'h.ts' })",
    () => scanSourceUnchecked(text, options),
  );
}

function scanSourceUnchecked(text: string, options: ScanSourceOptions): SourceScan {
  if (typeof text !== 'string') refuseNonText(text, typeof options?.file === 'string' ? options.file : 'the source', 'the text of a source file');
  return wellFormed(scanText(text, options));
}

/**
 * The scan with lone surrogates escaped in every finding and import: a key or specifier spelled
 * with an escape (`fs['\uD800x']`, `require('\uD800')`) must not reach a report or the lockfile as
 * text that UTF-8 cannot encode, where writing it would fail.
 */
function wellFormed(scan: SourceScan): SourceScan {
  for (const f of scan.findings) {
    if (f.identifier !== undefined) f.identifier = escapeLoneSurrogates(f.identifier);
    if (f.detail !== undefined) f.detail = escapeLoneSurrogates(f.detail);
    if (f.evidence !== undefined) f.evidence = escapeLoneSurrogates(f.evidence);
  }
  for (const i of scan.imports) i.specifier = escapeLoneSurrogates(i.specifier);
  return scan;
}

function scanText(text: string, options: ScanSourceOptions): SourceScan {
  const file = options.file;
  const ext = extensionOf(file);
  // `.py`, `.pyw`, or no extension and a `#!` line naming python: the Python scanner.
  if (isPythonFile(file, text)) return scanPythonSource(text, options);
  if (isGoFile(file)) return scanGoSource(text, options);
  if (isRustFile(file)) return scanRustSource(text, options);
  const foreign = foreignLanguage(ext, text);
  if (foreign !== undefined) {
    // A Ruby, shell, Java … handler read as JavaScript would look clean: it is not analyzed.
    return { file, imports: [], findings: [{ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail: `${foreign}; the scanner reads only JavaScript and TypeScript (${SCANNED_EXTENSIONS.join(' ')}), Python (.py .pyw), Go (.go) and Rust (.rs), so review this file's capabilities by hand` }] };
  }
  const typescript = ext === '.ts' || ext === '.tsx' || ext === '.mts' || ext === '.cts';
  let tokenizeOptions: TokenizeOptions = { jsx: ext === '.jsx' || ext === '.tsx', typescript };
  let lex = tokenize(text, tokenizeOptions);
  if (lex.problems.length > 0 && (ext === '.js' || ext === '.mjs' || ext === '.cjs' || ext === '')) {
    const retry = tokenize(text, { jsx: true });
    if (retry.problems.length === 0) {
      lex = retry;
      tokenizeOptions = { jsx: true };
    }
  }
  // TypeScript assertions, `(x).y` and Reflect.get become plain member access for the patterns.
  const angleAssertions = ext === '.ts' || ext === '.mts' || ext === '.cts';
  const scan = (reading: LexResult): SourceScan => new SourceScanner(text, file, { ...reading, tokens: normalizeTypeScript(reading.tokens, { angleAssertions }) }, options.importMap, options.localMembers, options.localNamedExports).run();
  const result = scan(lex);
  // `<!--` and a `-->` that starts a line open comments in a script (Node's CommonJS, esbuild):
  // both readings are scanned, so a line that only one of them sees as code is never missed.
  const script = htmlCommentReading(text, lex, tokenizeOptions);
  return script === undefined ? result : withScriptReading(result, scan(script.lex), script, text);
}

/**
 * Merge the findings and imports of a file's script reading (HTML-like comments as comments) into
 * its plain reading's, and report each comment: medium, or high when the lines after it read
 * differently with and without it (a comment that hides code from one of the two readers).
 */
function withScriptReading(plain: SourceScan, script: SourceScan, reading: { comments: HtmlComment[]; capped: boolean }, text: string): SourceScan {
  const findings = new FindingSet();
  for (const f of [...plain.findings, ...script.findings]) findings.add(f);
  for (const c of reading.comments) {
    const confidence: Confidence = c.changesReading ? 'high' : 'medium';
    const detail = c.changesReading
      ? 'an HTML-like comment: Node (CommonJS) and esbuild skip the rest of this line, a module reader does not, and the lines after it read differently'
      : 'an HTML-like comment: Node (CommonJS) and esbuild skip the rest of this line, a module reader does not';
    findings.add({ id: 'evasion.html-comment', kind: 'evasion', level: evasionLevel(confidence), confidence, file: plain.file, line: c.line, column: c.column, evidence: evidenceLine(text, c.start), detail });
  }
  if (reading.capped) {
    const last = reading.comments[reading.comments.length - 1]!;
    findings.add({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: plain.file, line: last.line, column: last.column, evidence: evidenceLine(text, last.start), detail: `more than ${MAX_HTML_COMMENTS} HTML-like comments: the file's reading as a script is not followed past this one` });
  }
  const imports = [...plain.imports];
  const known = new Set(imports.map((r) => `${r.specifier}|${r.line}|${r.column}`));
  for (const r of script.imports) if (!known.has(`${r.specifier}|${r.line}|${r.column}`)) imports.push(r);
  const out: SourceScan = { file: plain.file, findings: findings.sorted(), imports };
  const calls = new Map<string, PackageCall>();
  for (const c of [...(plain.packageCalls ?? []), ...(script.packageCalls ?? [])]) calls.set(`${c.identifier}|${c.line}|${c.column}`, c);
  if (calls.size > 0) out.packageCalls = [...calls.values()];
  return out;
}

/** Extensions the scanner reads as JavaScript or TypeScript. */
const SCANNED_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'];
/** Interpreters whose `#!` line marks an extensionless file as JavaScript or TypeScript. */
const JS_INTERPRETER = /^#!.*\b(node|nodejs|deno|bun|tsx|ts-node|npx|bunx)\b/;

/**
 * Whether a file without an extension is a script the scanner reads: its `#!` line names node,
 * deno, bun, tsx, ts-node, npx or bunx, or python (as a project's `bin` or `scripts` entries are).
 *
 * @param file The file's path.
 * @param text Its text (the first line is enough).
 * @returns True for such a script; false for a file with an extension or another interpreter.
 * @example
 * isInterpretedScript('bin/srv', '#!/usr/bin/env node\n') // true
 * isInterpretedScript('bin/srv', '#!/bin/sh\n') // false
 */
export function isInterpretedScript(file: string, text: string): boolean {
  if (extensionOf(file) !== '' || !text.startsWith('#!')) return false;
  return isPythonFile(file, text) || JS_INTERPRETER.test(head(text, 200).split(/\r?\n/, 1)[0]!);
}

/**
 * Why a file is not JavaScript or TypeScript, or undefined when it is (or may be): an extension
 * outside {@link SCANNED_EXTENSIONS}, or no extension and a `#!` line naming another interpreter.
 */
function foreignLanguage(ext: string, text: string): string | undefined {
  if (ext !== '') return SCANNED_EXTENSIONS.includes(ext) ? undefined : `a "${ext}" file is neither JavaScript, TypeScript, Python, Go nor Rust`;
  if (!text.startsWith('#!')) return undefined;
  const line = head(text, 200).split(/\r?\n/, 1)[0]!;
  return JS_INTERPRETER.test(line) ? undefined : `its first line "${line.replace(/[\u0000-\u001f\u007f]/g, ' ')}" names another interpreter`;
}

function extensionOf(file: string): string {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot).toLowerCase() : '';
}

interface Chain {
  path: string[];
  end: number;
  computed: Array<{ open: number; position: number; folded?: Folded }>;
}

/** Characters of constant Function bodies a file may have scanned beyond its own length. */
const FUNCTION_BODY_ALLOWANCE = 64 * 1024;
/** Set while a Function body is scanned: a Function inside it is not scanned again. */
let scanningFunctionBody = false;

class SourceScanner {
  private readonly tokens: Token[];
  private readonly match: Int32Array;
  private readonly facts: FileFacts;
  private readonly fold: FoldContext;
  private readonly findings: ScanFinding[] = [];
  /** Calls of a command-running package's functions, by the callee's last token (see {@link SourceScan.packageCalls}). */
  private readonly packageCalls = new Map<number, PackageCall>();
  private readonly seen = new Set<string>();
  private readonly perId = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly lex: LexResult,
    private readonly importMap?: Readonly<Record<string, string>>,
    localMembers?: Readonly<Record<string, Readonly<Record<string, string>>>>,
    private readonly localNamedExports?: Readonly<Record<string, Readonly<Record<string, LocalNamedExport>>>>,
  ) {
    this.tokens = lex.tokens;
    this.functionBodyBudget = text.length + FUNCTION_BODY_ALLOWANCE;
    this.match = buildMatchTable(this.tokens);
    this.facts = collectBindings({ tokens: this.tokens, match: this.match, importMap, localMembers, localNamedExports });
    const facts = this.facts;
    this.fold = {
      tokens: this.tokens,
      match: this.match,
      constant: (name, at) => {
        const b = facts.lookup(name, at);
        return b?.kind === 'const' ? b.constant : undefined;
      },
      member: (name, key, at) => facts.lookup(name, at)?.members?.get(key),
    };
  }

  run(): SourceScan {
    const { tokens } = this;
    if (this.lex.problems.length > 0) {
      const p = this.lex.problems[0]!;
      this.findings.push({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, line: p.line, column: p.column, evidence: evidenceAt(this.text, p.line), detail: lexProblemDetail(this.lex.problems) });
    }
    for (let i = 0; i < tokens.length; i++) {
      const skipEnd = this.facts.skip.get(i);
      if (skipEnd !== undefined) {
        i = skipEnd - 1;
        continue;
      }
      const t = tokens[i]!;
      if (t.type === 'IdentifierName') this.identifier(i);
      else if (t.type === 'PrivateIdentifier') {
        if (t.value !== t.name) this.escapedIdentifier(i);
        // `T.#load('node:fs')` where `#load` was given require (`static #load = require`, or
        // `T.#load = process.getBuiltinModule` in a static block): a require call.
        if (isPunct(tokens[i + 1], '(') && isPunct(tokens[i - 1], '.') && this.privateRequires().has(t.name)) this.moduleCall(i, i + 1, 'require');
      } else if (t.type === 'StringLiteral' || t.type === 'NoSubstitutionTemplate') this.literal(i);
      else if (t.type === 'Punctuator' && t.value === '[') this.computedKey(i);
    }
    this.importSites();
    // `new Retell({ apiKey })`: a package no row names, made with a remote service's API key.
    for (const site of apiKeyClientSites(this.tokens, this.match, this.facts)) this.fixedCapability('network.api-key-client', 'network', site.specifier, site.index, `made with an API key (${site.detail}) from "${site.specifier}"`);
    this.unusedBindings();
    this.fileHeuristics();
    const imports: ImportRecord[] = this.facts.imports.map((s) => s.record);
    this.findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const scan: SourceScan = { file: this.file, findings: this.findings, imports };
    if (this.packageCalls.size > 0) scan.packageCalls = [...this.packageCalls.values()];
    return scan;
  }

  // ---- findings -------------------------------------------------------------------------------

  private at(index: number): { line: number; column: number; evidence: string } {
    const t = this.tokens[index] ?? this.tokens[this.tokens.length - 1];
    if (t === undefined) return { line: 1, column: 1, evidence: '' };
    return { line: t.line, column: t.column, evidence: evidenceLine(this.text, t.start) };
  }

  private push(finding: ScanFinding): void {
    const key = `${finding.id}|${finding.line}|${finding.column}|${finding.identifier ?? ''}|${finding.access ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(finding);
  }

  private capability(resolution: Resolution, index: number, access: FileAccess | undefined, detail?: string): void {
    const p = resolution.pattern;
    const finding: ScanFinding = { id: p.id, kind: 'capability', level: 'note', family: p.family, identifier: resolution.raw, file: this.file, ...this.at(index) };
    if (p.family === 'filesystem' && access !== undefined) finding.access = access;
    if (detail !== undefined) finding.detail = detail;
    this.push(finding);
    for (const id of p.also ?? []) {
      const companion = PATTERN_BY_ID.get(id)!;
      // The read/write direction belongs to filesystem findings only (a file server's network side
      // has none): the primary's, else the companion's own.
      const { access: _access, ...rest } = finding;
      const companionAccess = finding.access ?? companion.access;
      this.push(companion.family === 'filesystem' ? { ...rest, ...(companionAccess !== undefined ? { access: companionAccess } : {}), id, family: companion.family } : { ...rest, id, family: companion.family });
    }
  }

  private fixedCapability(id: string, family: ScanFinding['family'], identifier: string, index: number, detail?: string): void {
    const finding: ScanFinding = { id, kind: 'capability', level: 'note', family, identifier, file: this.file, ...this.at(index) };
    if (detail !== undefined) finding.detail = detail;
    this.push(finding);
  }

  private evasion(id: string, confidence: Confidence, index: number, detail: string, capped = false): void {
    if (capped) {
      const n = (this.perId.get(id) ?? 0) + 1;
      this.perId.set(id, n);
      if (n > PER_FILE_CAP) return;
      if (n === PER_FILE_CAP) detail += ` (first ${PER_FILE_CAP} shown; further ones in this file are not listed)`;
    }
    this.push({ id, kind: 'evasion', level: evasionLevel(confidence), confidence, file: this.file, ...this.at(index), detail });
  }

  // ---- identifiers ----------------------------------------------------------------------------

  private identifier(i: number): void {
    const { tokens } = this;
    const t = tokens[i]!;
    const name = t.name;
    if (t.value !== name) this.escapedIdentifier(i);
    const prev = tokens[i - 1];
    if (isPunct(prev, '.') || isPunct(prev, '?.')) {
      this.memberName(i);
      return;
    }
    if (this.facts.declSites.has(i)) return;
    if (name === 'with' && isPunct(tokens[i + 1], '(')) {
      this.withStatement(i);
      return;
    }
    if (name === 'constructor' && isPunct(tokens[i + 1], ':')) {
      this.destructuredConstructor(i);
      return;
    }
    if ((name === 'Reflect' || name === 'Object') && isPunct(tokens[i + 1], '.') && isPunct(tokens[i + 3], '(')) this.reflectedConstructor(i);
    if (name === 'import') {
      if (isPunct(tokens[i + 1], '(')) {
        // `typeof import('fs')` is a type; `async import(key) { … }` a method of that name.
        if (!this.isNonReference(i) && !isImportType(tokens, this.match, i)) this.moduleCall(i, i + 1, 'import');
      } else if (isPunct(tokens[i + 1], '.') && isName(tokens[i + 2], 'meta')) {
        const chain = this.walkChain(i, []);
        this.resolveAndReport(i, 'import.meta', 'import.meta', chain, undefined, 'plain');
      }
      return;
    }
    // `this.deps.fs.writeFileSync(p)` with a class field `deps = { fs }` (or `this.fs = fs`).
    if (name === 'this' && (isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '?.')) && (tokens[i + 2]?.type === 'IdentifierName' || tokens[i + 2]?.type === 'PrivateIdentifier')) {
      const field = this.facts.thisField(i, tokens[i + 2]!.name);
      if (field !== undefined) this.heldReference(i, i + 2, field);
      return;
    }
    if (RESERVED.has(name)) return;
    const binding = this.facts.lookup(name, i);
    // `N.cp.exec(c)` with `namespace N { export const cp = require('child_process') }`.
    if (binding === undefined && (isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '?.')) && tokens[i + 2]?.type === 'IdentifierName') {
      const member = this.facts.namespaceMember(name, tokens[i + 2]!.name, i);
      if (member !== undefined) {
        member.refs++;
        if (this.isNonReference(i)) return;
        this.resolveAndReport(i, member.source, member.display, this.walkChain(i + 2, member.path), member, 'module');
        return;
      }
    }
    if (binding?.holds !== undefined && (isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '?.')) && tokens[i + 2]?.type === 'IdentifierName') {
      const held = binding.holds.get(tokens[i + 2]!.name);
      if (held !== undefined && !this.isNonReference(i)) this.heldReference(i, i + 2, held);
      return;
    }
    if (binding !== undefined) {
      if (binding.kind === 'module' || binding.kind === 'handle') {
        binding.refs++;
        if (isClassCheck(tokens, i) || isMemberClassCheck(tokens, i)) binding.classChecks = (binding.classChecks ?? 0) + 1;
        else if (isConstantRead(tokens, i, this.match)) binding.constantReads = (binding.constantReads ?? 0) + 1;
        if (this.isNonReference(i) || this.facts.passedModules.has(i)) return;
        const chain = this.walkChain(i, binding.path);
        // `const g = globalThis; g.process.getBuiltinModule('fs')`, `const p = process; p.getBuiltinModule(…)`: a require.
        const full = binding.source === 'global' ? chain.path : [binding.source, ...chain.path];
        if (chain.computed.length === 0 && full.length === 2 && full[0] === 'process' && full[1] === 'getBuiltinModule' && (isPunct(tokens[chain.end], '(') || (isPunct(tokens[chain.end], '?.') && isPunct(tokens[chain.end + 1], '(')))) {
          this.evasion('evasion.aliased-require', 'medium', i, 'process.getBuiltinModule reached through another name for the global object or process');
          this.moduleCall(i, isPunct(tokens[chain.end], '(') ? chain.end : chain.end + 1, 'require');
          return;
        }
        this.resolveAndReport(i, binding.source, binding.display, chain, binding, 'module');
      } else if (binding.kind === 'require') this.requireReference(i, binding);
      else if (binding.kind === 'local') {
        const result = this.callResultValue(binding, name);
        if (result !== undefined) this.callResultReference(i, result.value, result.callee);
        else if (isPunct(tokens[i + 1], '(')) this.localFunctionCall(i, binding, name);
      }
      return;
    }
    if (ZX_GLOBALS.has(name) && this.zxGlobals() && !this.isNonReference(i)) {
      // `import 'zx/globals'`: `$`, `fs`, `glob` are zx's (`fetch` stays the global it is).
      if (name !== 'fetch') return this.resolveAndReport(i, 'zx', 'zx', this.walkChain(i, [name]), undefined, 'module');
    }
    if (name === 'require') this.requireReference(i, undefined);
    else if (name === 'module' && (isPunct(tokens[i + 1], '.') || isPunct(tokens[i + 1], '['))) {
      const chain = this.walkChain(i, []);
      if (chain.path[0] === 'constructor' && chain.path.length > 1 && !this.facts.initBases.has(i)) {
        // `module.constructor._load(x)`: the module's class is the `module` built-in, as
        // `require('module')._load(x)` (a binding's initializer is read where the binding is used).
        const builtin = lookupModule('module');
        if (builtin !== undefined) this.resolveAndReport(i, builtin.source, builtin.display, { ...chain, path: chain.path.slice(1) }, undefined, 'module');
      }
      if (!this.chainRequire(i, chain.path, chain.end, ['module', ...chain.path].join('.'))) return;
      // `module['req' + 'uire'](…)`: a key built to hide the require.
      for (const c of chain.computed) {
        const tricks = c.folded?.how.filter((h) => h !== 'constant') ?? [];
        if (tricks.length > 0) this.evasion('evasion.computed-member', 'high', c.open, `key "${truncate(c.folded!.value)}" built by ${tricks.join(', ')}`);
      }
    } else if (name === 'String') this.fromCharCode(i);
    else if (name === 'atob' || name === 'Buffer') this.base64Decode(i);
    else if (GLOBAL_ROOTS.has(name) || GLOBAL_NAMESPACES[name] !== undefined || GLOBAL_MEMBERS.has(name)) {
      if (this.isNonReference(i)) return;
      const chain = this.walkChain(i, [name]);
      if (chain.computed.length === 0 && normalizeGlobal(chain.path).source === 'global' && this.isPresenceTest(i, chain.end)) return;
      // Installing a polyfill (`globalThis.fetch = myFetch`, `window.WebSocket ??= Impl`) defines
      // the global; what it installs is scanned where it is written.
      if (GLOBAL_ROOTS.has(name) && chain.path.length === 2 && chain.computed.length === 0 && POLYFILL_ASSIGNMENT.has((tokens[chain.end] as { value?: string } | undefined)?.value ?? '')) return;
      this.resolveAndReport(i, 'global', '', chain, undefined, 'global');
    }
  }

  /**
   * A module reached through the object or class field that holds it (`deps.fs.writeFileSync`,
   * `this.deps.cp.exec`, `this.fs.rm`): `key` is the token of the holder's member, `held` what it
   * holds. Nested holders are followed while their keys are written out; a module reached is
   * resolved like a module binding's reference, reported at the holder's name (`i`).
   */
  private heldReference(i: number, key: number, held: Binding): void {
    const { tokens } = this;
    let at = key;
    while (held.holds !== undefined && (isPunct(tokens[at + 1], '.') || isPunct(tokens[at + 1], '?.')) && tokens[at + 2]?.type === 'IdentifierName') {
      const inner = held.holds.get(tokens[at + 2]!.name);
      if (inner === undefined) break;
      held = inner;
      at += 2;
    }
    // `o.r('child_process')` with `const o = { r: require }`: require taken out of the holder and called.
    if (held.kind === 'require' && (isPunct(tokens[at + 1], '(') || (isPunct(tokens[at + 1], '?.') && isPunct(tokens[at + 2], '(')))) {
      this.evasion('evasion.aliased-require', 'medium', i, `require held under the key "${tokens[at]!.name}" of an object, taken out and called`);
      this.moduleCall(i, isPunct(tokens[at + 1], '(') ? at + 1 : at + 2, 'require');
      return;
    }
    // `lib.getFs().writeFileSync(p)`: a function another file exports that returns a module, called through its namespace.
    if (held.returns !== undefined && isPunct(tokens[at + 1], '(') && this.match[at + 1]! > at + 1) {
      const value = held.returns;
      const chain = this.walkChain(this.match[at + 1]!, [...value.path]);
      if (chain.path.length === value.path.length && chain.computed.length === 0 && !isPunct(tokens[chain.end], '(')) return;
      this.resolveAndReport(i, value.source, value.display, chain, undefined, 'module');
      return;
    }
    // `this.fs = fs`, `deps.fs = other`: a write of the slot, not a use of the module in it.
    if ((held.kind !== 'module' && held.kind !== 'handle') || isPunct(tokens[at + 1], '=')) return;
    held.refs++;
    this.resolveAndReport(i, held.source, held.display, this.walkChain(at, held.path), held, 'module');
  }

  /**
   * Whether the value from token `i` to `end` is handed on whole: assigned (`module.exports =
   * vm.Script`), returned, exported as default, passed to a call, or extended by a class. A
   * class handed on is constructed elsewhere (`new helpers.Script(code)` in another file).
   * Type positions (`: vm.Script`, `type S = vm.Script`, `interface I extends X`, tuple and
   * generic types) are not. A global class (`expect.any(Function)`, `const WS = WebSocket`) is
   * reachable from every file, so only a class extending it counts (`class C extends Function`
   * builds functions from its `super(…)` strings).
   */
  private handsOn(i: number, end: number, global: boolean): boolean {
    const { tokens } = this;
    const after = tokens[end];
    const before = tokens[i - 1];
    if (global && !isName(before, 'extends')) return false;
    if (isName(before, 'extends')) {
      // `class S extends vm.Script {`, not `interface I extends …` or a conditional type.
      if (!isPunct(after, '{')) return false;
      for (let k = i - 2; k >= 0 && k > i - 64; k--) {
        const t = tokens[k]!;
        if (isName(t, 'class')) return true;
        if (isName(t, 'interface') || isPunct(t, ';') || isPunct(t, '{') || isPunct(t, '}')) return false;
      }
      return false;
    }
    if (!(after === undefined || after.nl || isPunct(after, ';') || isPunct(after, ',') || isPunct(after, ')') || isPunct(after, '}'))) return false;
    if (isName(before, 'return') || (isName(before, 'default') && isName(tokens[i - 2], 'export'))) return true;
    if (isPunct(before, '=')) return !(isName(tokens[i - 3], 'type') && tokens[i - 2]?.type === 'IdentifierName');
    if (!isPunct(before, '(') && !isPunct(before, ',')) return false;
    // An argument: the enclosing `(` follows a callee (a name, `)` or `]`), and the value ends at `,` or `)`.
    if (!isPunct(after, ',') && !isPunct(after, ')')) return false;
    const open = this.enclosingOpener(i - 1);
    if (open < 0 || !isPunct(tokens[open], '(')) return false;
    const callee = tokens[open - 1];
    return callee !== undefined && ((callee.type === 'IdentifierName' && (!RESERVED.has(callee.name) || callee.name === 'super')) || isPunct(callee, ')') || isPunct(callee, ']'));
  }

  /**
   * `!fetch`, `!globalThis.WebSocket` not called: a negated global function is a boolean, a feature
   * test like `typeof fetch`, and hands nothing on. (Callers apply it to global functions only:
   * `!process.env.HOME` reads the environment.)
   */
  private isPresenceTest(i: number, end: number): boolean {
    const { tokens } = this;
    const after = tokens[end];
    return isPunct(tokens[i - 1], '!') && !isPunct(after, '(') && after?.type !== 'NoSubstitutionTemplate' && after?.type !== 'TemplateHead';
  }

  /** Object keys, method definitions, `typeof x` feature tests and declaration names are not uses. */
  private isNonReference(i: number): boolean {
    const { tokens } = this;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    // `typeof fetch` tests a name; `typeof require('cp').exec(c)` runs the call it is given.
    if (isName(prev, 'typeof')) return !this.calledAfter(i);
    // A label: `break fetch;`, `continue eval;` (its definition `fetch: {` is a key below).
    if (isName(prev, 'break') || isName(prev, 'continue')) return true;
    if (prev !== undefined && prev.type === 'IdentifierName' && DECLARATION_KEYWORDS.has(prev.name)) return true;
    // A key or member name: `{ eval: …`, `, fetch: …`, a type member or class field after `;`,
    // `}` or a modifier, or at the start of its own line (`eval: (a: P) => T` in an interface).
    // `eval?: …` and `eval!: …` are always declarations. A `?` before it makes it a ternary branch.
    if (isPunct(next, ':') && (prev === undefined || isPunct(prev, '{') || isPunct(prev, ',') || isPunct(prev, ';') || isPunct(prev, '}') || (prev.type === 'IdentifierName' && MEMBER_MODIFIERS.has(prev.name)) || (tokens[i]!.nl && !isPunct(prev, '?')))) return true;
    if ((isPunct(next, '?') || isPunct(next, '!')) && isPunct(tokens[i + 2], ':')) return true;
    // A TypeScript enum member's name: `enum E { fetch = 1, eval }`.
    if (isPunct(prev, '{') || isPunct(prev, ',')) {
      const open = this.facts.brace[i]!;
      if (open >= 2 && tokens[open - 1]?.type === 'IdentifierName' && isName(tokens[open - 2], 'enum')) return true;
    }
    if (isPunct(next, '(')) {
      const after = tokens[this.match[i + 1]! + 1];
      const prevOk = prev === undefined || tokens[i]!.nl || (prev.type === 'Punctuator' && METHOD_PREFIX.has(prev.value)) || (prev.type === 'IdentifierName' && METHOD_PREFIX.has(prev.name));
      // A method definition or signature only inside a class, interface, object literal or type
      // literal: in a block, `fetch(u)` followed by `{` on the next line is a call and a block.
      if (prevOk && (isPunct(after, '{') || isPunct(after, ':')) && this.opensMemberList(this.facts.brace[i]!)) return true;
    }
    return false;
  }

  /**
   * Whether the member chain that starts with the name at `i` (`.x`, `?.x`, `[k]`, `!`) is
   * called or tagged: `f(…)`, `a.b?.(…)`, ``a.b`…` ``.
   */
  private calledAfter(i: number): boolean {
    const { tokens, match } = this;
    let j = i + 1;
    for (;;) {
      const t = tokens[j];
      if ((isPunct(t, '.') || isPunct(t, '?.')) && (tokens[j + 1]?.type === 'IdentifierName' || tokens[j + 1]?.type === 'PrivateIdentifier')) j += 2;
      else if (isPunct(t, '[') && match[j]! > j) j = match[j]! + 1;
      else if (isPunct(t, '?.') && (isPunct(tokens[j + 1], '[') || isPunct(tokens[j + 1], '('))) j++;
      else if (isPunct(t, '!') && !t!.nl) j++;
      else break;
    }
    const t = tokens[j];
    return isPunct(t, '(') || t?.type === 'NoSubstitutionTemplate' || t?.type === 'TemplateHead';
  }

  /**
   * Whether the `{` at `open` starts a class or interface body, an object literal or a type literal
   * (a list of members), not a block. Unsure cases count as blocks, where a call is a call.
   */
  private opensMemberList(open: number, depth = 0): boolean {
    const { tokens, match } = this;
    if (open < 0 || depth > 32) return false;
    const prev = tokens[open - 1];
    if (prev === undefined) return false;
    if (prev.type === 'TemplateHead' || prev.type === 'TemplateMiddle') return true;
    if (prev.type === 'Punctuator') {
      if (OBJECT_BEFORE.has(prev.value)) return true;
      // `extends mixin(B) {` and `extends Base<T> {` end like a function head: the lookback decides.
      if (prev.value === ')' || prev.value === ']' || prev.value === '>') return this.afterClassHead(open);
      if (prev.value !== ':') return false;
      // `case x: {` and a label in a block open blocks; `cond ? a : {`, `key: {` in an object or a
      // type, `(p: {`, `b?: {` and `f(): {` open member lists.
      for (let k = open - 2, steps = 0; k >= 0 && steps < 16; k--, steps++) {
        const t = tokens[k]!;
        if (isName(t, 'case') || isName(t, 'default')) return false;
        if (isPunct(t, '?')) return true;
        if (t.type === 'Punctuator' && (t.value === ';' || t.value === '{' || t.value === '}' || t.value === ',' || t.value === '(')) break;
      }
      const key = tokens[open - 2];
      const before = tokens[open - 3];
      if (isPunct(key, ')') || isPunct(before, ',') || isPunct(before, '(')) return true;
      if (isPunct(before, '{')) return this.opensMemberList(open - 3, depth + 1);
      return false;
    }
    if (prev.type === 'IdentifierName' && EXPRESSION_BEFORE.has(prev.name)) return prev.name !== 'default' || isName(tokens[open - 2], 'export');
    return this.afterClassHead(open);
  }

  /** Whether the `{` at `open` ends a class or interface head (`class A extends mixin(B) {`). */
  private afterClassHead(open: number): boolean {
    const { tokens, match } = this;
    for (let k = open - 1, steps = 0; k >= 0 && steps < 64; k--, steps++) {
      const t = tokens[k]!;
      if (t.type === 'Punctuator') {
        if (t.value === ')' || t.value === ']') k = Math.min(k, match[k]!);
        else if (t.value === '{' || t.value === '}' || t.value === ';' || t.value === '=>') return false;
      } else if (t.type === 'IdentifierName' && (t.name === 'class' || t.name === 'interface')) return true;
    }
    return false;
  }

  /**
   * Whether the computed key opened at `open` is a symbol: `[Symbol.for('k')]`, `[Symbol.iterator]`,
   * or `[k]` with `const k = Symbol(…)`. Capabilities are reached by string names only.
   */
  private isSymbolKey(open: number): boolean {
    const { tokens, match } = this;
    const first = tokens[open + 1];
    const close = match[open]!;
    if (first === undefined || first.type !== 'IdentifierName') return false;
    const binding = this.facts.lookup(first.name, open + 1);
    if (first.name !== 'Symbol') return close === open + 2 && binding?.symbol === true;
    if (binding !== undefined) return false;
    // The whole key must be the symbol: `Symbol.keyFor(s)` or `Symbol(x).description` are strings.
    const end = symbolCallEnd(tokens, match, open + 1);
    if (end !== undefined) return end === close;
    return isPunct(tokens[open + 2], '.') && close === open + 4 && WELL_KNOWN_SYMBOLS.has(tokens[open + 3]?.name ?? '');
  }

  /** Follow `.name`, `?.name` and `[key]` after token i. */
  private walkChain(i: number, base: readonly string[]): Chain {
    const { tokens, match } = this;
    const path = [...base];
    const computed: Chain['computed'] = [];
    let j = i + 1;
    for (;;) {
      const t = tokens[j];
      if (t === undefined) break;
      if ((isPunct(t, '.') || isPunct(t, '?.')) && (tokens[j + 1]?.type === 'IdentifierName' || tokens[j + 1]?.type === 'PrivateIdentifier')) {
        path.push(tokens[j + 1]!.name);
        j += 2;
        continue;
      }
      if (isPunct(t, '?.') && isPunct(tokens[j + 1], '[')) {
        j++;
        continue;
      }
      if (isPunct(t, '!') && (isPunct(tokens[j + 1], '.') || isPunct(tokens[j + 1], '['))) {
        j++;
        continue;
      }
      if (isPunct(t, '[') && !t.nl) {
        const folded = foldString(this.fold, j + 1);
        if (folded !== undefined && folded.end === match[j]) {
          computed.push({ open: j, position: path.length, folded });
          path.push(folded.value);
          j = match[j]! + 1;
          continue;
        }
        computed.push({ open: j, position: path.length });
        break;
      }
      break;
    }
    return { path, end: j, computed };
  }

  /**
   * Resolve a chain and report the capability, the computed-key evasions, and the
   * special cases (indirect eval, require reached through a chain, handle methods).
   */
  private resolveAndReport(i: number, source: string, display: string, chain: Chain, binding: Binding | undefined, origin: 'global' | 'module' | 'plain'): void {
    const { tokens } = this;
    let path = chain.path;
    // Index in chain.path of the member the pattern lookup uses.
    let memberPos: number;
    // `const g = globalThis; g[k]` is a computed global access like `globalThis[k]`.
    const globalSource = source === 'global';
    if (source === 'global') {
      const normalized = normalizeGlobal(path);
      source = normalized.source;
      display = normalized.display;
      path = normalized.path;
      memberPos = normalized.consumed;
    } else if (source === 'import.meta') {
      path = path.slice(1);
      memberPos = 1;
    } else {
      memberPos = 0;
      if (path[memberPos] === 'default') memberPos++;
      if ((source === 'fs' || source === 'dns') && path[memberPos] === 'promises') memberPos++;
    }
    const offset = chain.path.length - path.length;
    // Computed keys that select the capability are evasion findings; a run-time key stops the path there.
    for (const c of chain.computed) {
      if (c.position > memberPos || origin === 'plain') continue;
      const onGlobal = origin === 'global' || globalSource;
      const id = onGlobal ? 'evasion.computed-global' : 'evasion.computed-member';
      // `_[method](xs)` on a utility library: ordinary code unless the key reaches its row.
      const incidental = INCIDENTAL_SOURCES.has(source) && (c.folded === undefined || resolveReference(source, display, [c.folded.value]) === undefined);
      if (incidental) {
        path = path.slice(0, Math.max(0, c.position - offset));
        continue;
      }
      if (c.folded === undefined) {
        // A symbol names no capability; either way the path stops at this key.
        if (!this.isSymbolKey(c.open)) this.evasion(id, 'medium', c.open, 'the key is computed at run time');
        path = path.slice(0, Math.max(0, c.position - offset));
        continue;
      }
      const plain = c.folded.how.every((h) => h === 'constant');
      const key = c.folded.value;
      const capability = namesCapability(key) || resolveReference(source, display, [key]) !== undefined;
      let confidence: Confidence;
      if (!onGlobal) confidence = plain ? 'low' : capability ? 'high' : 'medium';
      else confidence = plain ? (capability ? 'medium' : 'low') : capability ? 'high' : 'medium';
      const tricks = c.folded.how.filter((h) => h !== 'constant');
      this.evasion(id, confidence, c.open, `key "${truncate(key)}"${tricks.length === 0 ? '' : ` built by ${tricks.join(', ')}`}`);
    }
    if (path.length === 0 && source === 'global') return;
    // `createRequire(import.meta.url)('child_process')`: a require made and called at once.
    if (source === 'module' && path[path.length - 1] === 'createRequire' && isPunct(tokens[chain.end], '(')) {
      const second = this.match[chain.end]! + 1;
      if (isPunct(tokens[second], '(')) this.moduleCall(i, second, 'require');
      return;
    }
    // A tagged template calls its tag too (``Function`return process` `` builds a function).
    const tagged = tokens[chain.end]?.type === 'NoSubstitutionTemplate' || tokens[chain.end]?.type === 'TemplateHead';
    const called = isPunct(tokens[chain.end], '(') || (isPunct(tokens[chain.end], '?.') && isPunct(tokens[chain.end + 1], '(')) || tagged;
    if (this.chainRequire(i, path, chain.end, [display || 'globalThis', ...path].filter(Boolean).join('.'))) return;
    // `new JSDOM(html, { runScripts: 'dangerously' })`, `JSDOM.fromURL(u, { runScripts })`: the page's scripts run.
    if (source === 'jsdom' && isPunct(tokens[chain.end], '(') && this.optionSet(chain.end, 1, 'runScripts')
      && ((path.length === 1 && path[0] === 'JSDOM' && isName(tokens[i - 1], 'new')) || (path.length === 2 && path[0] === 'JSDOM' && (path[1] === 'fromURL' || path[1] === 'fromFile')))) {
      this.fixedCapability('code-evaluation.jsdom-run-scripts', 'codeEvaluation', 'jsdom.runScripts', i, 'jsdom runs the scripts of the page (runScripts option)');
    }
    // `main(process)`, `bootstrap(argv, process)`: the process object handed to a function, which
    // reads `proc.env` there (a variable set to it, `const p = process`, is followed where it is used).
    if (source === 'process' && path.length === 0 && chain.computed.length === 0 && !isPunct(tokens[i - 1], '=') && this.handsOn(i, chain.end, false)) {
      this.fixedCapability('environment.process-object', 'environment', 'process', i, 'the process object is handed on whole: its receiver can read process.env');
      return;
    }
    const resolution = resolveReference(source, display, path);
    if (resolution === undefined || resolution === 'ignored') return;
    const pattern = resolution.pattern;
    const member = resolution.member;
    const endsAtMember = member !== undefined && path[path.length - 1] === member && path.lastIndexOf(member) === path.length - 1;
    // A capitalized member (a class) counts only when constructed or called directly: `: WebSocket` is a type.
    // `new (require('worker_threads').Worker)(file)`: constructed through parentheses.
    const groupedNew = endsAtMember && isPunct(tokens[chain.end], ')') && this.match[chain.end] === i - 1 && isName(tokens[i - 2], 'new') && isPunct(tokens[chain.end + 1], '(');
    // `(0, Function)('code')`, `new (0, vm.Script)(code)`: the value of a comma expression, called.
    const commaCalled = endsAtMember && this.calledThroughComma(i, chain.end);
    if (member !== undefined && /^[A-Z]/.test(member) && !((endsAtMember && (isName(tokens[i - 1], 'new') || called || groupedNew || commaCalled || this.handsOn(i, chain.end, source === 'global'))) || this.invokedIndirectly(i, chain.end, path, member, called))) return;
    // `execaCommand('curl … | sh')`, zx's `` $`…` ``: read for the command it writes (scanFiles), at the callee's last name.
    // Also tsc's and Babel's `(0, execa_1.execa)(…)`.
    if (pattern.raw === 'module' && (called || this.calledThroughComma(i, chain.end)) && tokens[chain.end - 1]?.type === 'IdentifierName') {
      const call = [source, ...path.slice(memberPos)].join('.');
      if (PACKAGE_CALLS[call] !== undefined || TEMPLATE_CALLS[call] !== undefined) {
        const { line, column, evidence } = this.at(chain.end - 1);
        this.packageCalls.set(chain.end - 1, { identifier: call, line, column, evidence });
      }
    }
    if (pattern.raw === 'module' && binding?.fromImport) return; // reported at the import
    if (binding !== undefined && binding.kind === 'module' && this.facts.initBases.has(i)) return;
    let stringDetail: string | undefined;
    if (pattern.requiresStringArgument) {
      if (!isPunct(tokens[chain.end], '(')) return;
      // `setTimeout.call(null, 'code', 0)`, `setTimeout.apply(null, ['code', 0])`: the timer's first
      // argument is the call's second (the first element of apply's array).
      const through = path.length === 2 && path[0] === member && (path[1] === 'call' || path[1] === 'apply') ? path[1] : undefined;
      let at = chain.end + 1;
      if (through !== undefined) {
        const second = splitArguments(tokens, this.match, chain.end)[1];
        if (second === undefined) return;
        at = second[0];
        if (through === 'apply') {
          if (!isPunct(tokens[at], '[')) return;
          at++;
        }
      }
      const arg = tokens[at];
      // A literal, a template, or what folds to a string (`const code = '…'; setTimeout(code)`);
      // else a value that is a string at run time (`code: string`, `'x' + s`, `args.script`).
      if (!(isStringToken(arg) || arg?.type === 'TemplateHead' || foldString(this.fold, at) !== undefined)) {
        if (through !== undefined) return;
        stringDetail = this.codeStringArgument(chain.end);
        if (stringDetail === undefined) return;
      }
    }
    if (pattern.literalOption !== undefined && endsAtMember && (isPunct(tokens[chain.end], '(') || groupedNew) && this.argumentLacks(groupedNew ? this.match[chain.end]! + 1 : chain.end, pattern.literalOption)) return;
    // `createWorker('eng', 1, { langPath: './tessdata' })`: the data comes from a local path.
    if (pattern.localOption !== undefined && endsAtMember && isPunct(tokens[chain.end], '(') && this.optionIsLocal(chain.end, pattern.localOption.key) && !(pattern.localOption.input?.includes(member) === true && !this.argumentLacks(chain.end, 'url'))) return;
    // `Jimp.read(src)`: a reader of a path or a URL fetches when its input may be a URL.
    if (pattern.urlCompanion !== undefined && endsAtMember && isPunct(tokens[chain.end], '(')) {
      if (!this.argumentLacks(chain.end, 'url')) this.capability({ ...resolution, pattern: PATTERN_BY_ID.get(pattern.urlCompanion)! }, i, undefined);
      // An http(s) URL string reads no file, nor do bytes built in the call (`Buffer.from(b)`).
      if (this.firstArgumentIsUrl(chain.end) || this.argumentLacks(chain.end, 'path')) return;
    }
    // `Deno.openKv('https://…')`: a remote database, not a file.
    if (pattern.remoteWhenUrl !== undefined && endsAtMember && isPunct(tokens[chain.end], '(') && this.firstArgumentStartsAsUrl(chain.end)) {
      this.capability({ ...resolution, pattern: PATTERN_BY_ID.get(pattern.remoteWhenUrl)! }, i, undefined);
      return;
    }
    let access = member === undefined ? undefined : pattern.access;
    let detail: string | undefined = stringDetail;
    if (pattern.accessFromArgs !== undefined) {
      const decided = isPunct(tokens[chain.end], '(') && endsAtMember ? this.accessFromArguments(chain.end, pattern.accessFromArgs) : undefined;
      access = decided?.access;
      detail = decided?.detail ?? (decided === undefined ? 'open mode unknown (not called here)' : undefined);
    }
    // `fs.openSync('/dev/null', 'w')`, `fs.createWriteStream(os.devNull)`: the null device is no file.
    if (endsAtMember && isPunct(tokens[chain.end], '(') && pattern.sources.includes('fs') && NULL_DEVICE_CALLS.has(member) && this.firstArgumentIsNullDevice(chain.end)) return;
    // `Function('return this')`, `new Function('')`: a body spelled out in literals is code of this
    // file, scanned as such; only a body known at run time (or decoded) evaluates unknown code.
    if (pattern.id === 'code-evaluation.function-constructor' && endsAtMember && (isPunct(tokens[chain.end], '(') || groupedNew) && this.constantFunctionBody(i, groupedNew ? this.match[chain.end]! + 1 : chain.end)) return;
    // `new Bun.Glob(p).match(s)`: a value used only through methods that do nothing of the row.
    const inert = member === undefined || !endsAtMember ? undefined : pattern.inertUses?.[member];
    if (inert !== undefined && isPunct(tokens[chain.end], '(') && this.usedOnlyThrough(i, chain.end, inert)) return;
    if (member === undefined) detail = called && path.every((p) => p === 'default') ? 'the module\'s default export is called' : 'the module object itself is used (passed on or reached with a run-time key)';
    if (pattern.family === 'environment' && path.length > 1 && member === 'env') detail = `variable ${truncate(path[path.indexOf('env') + 1] ?? '')}`;
    this.capability(resolution, i, access, detail);
    // `process.binding('spawn_sync')`: an internal binding that does what child_process, fs or net do.
    const bindingName = pattern.id === 'code-evaluation.process-binding' && member === 'binding' ? this.bindingNameAt(i, chain.end, path, member) : undefined;
    if (bindingName !== undefined) {
      const name = foldString(this.fold, bindingName)?.value;
      const row = name !== undefined && Object.hasOwn(NODE_BINDING_ROWS, name) ? NODE_BINDING_ROWS[name]! : undefined;
      if (row !== undefined) this.fixedCapability(row.id, row.family, `process.binding.${name}`, i, `the internal binding "${name}"`);
    }
    // `new Worker(code, { eval: true })` runs its first argument as JavaScript.
    if (source === 'worker_threads' && member === 'Worker' && endsAtMember && isPunct(tokens[chain.end], '(') && this.optionSet(chain.end, 1, 'eval')) {
      this.fixedCapability('code-evaluation.worker-eval', 'codeEvaluation', 'worker-eval', i, 'the worker runs its first argument as code (eval option)');
    }
    // `new Worker(new URL('data:text/javascript,…'))`: the worker runs code written in a data: URL.
    if (source === 'worker_threads' && member === 'Worker' && endsAtMember && isPunct(tokens[chain.end], '(')) {
      const open = chain.end;
      const urlObject = isName(tokens[open + 1], 'new') && isName(tokens[open + 2], 'URL') && isPunct(tokens[open + 3], '(') && this.facts.lookup('URL', open + 2) === undefined;
      const argAt = urlObject ? open + 4 : open + 1;
      // Folded whole, or a data: URL built at run time from a literal head (`data:…,${code}`).
      const spec = foldString(this.fold, argAt)?.value ?? this.literalHead(argAt);
      if (spec !== undefined && /^\s*data:/i.test(spec)) this.fixedCapability('code-evaluation.data-url-import', 'codeEvaluation', 'data-url-import', i, `the worker runs "${truncate(spec)}"`);
    }
    // `new Worker(URL.createObjectURL(new Blob([code])))`: the worker runs text made into a blob: URL.
    if (pattern.id === 'subprocess.worker-thread' && endsAtMember && isPunct(tokens[chain.end], '(') && this.objectUrlAt(chain.end + 1)) {
      this.fixedCapability('code-evaluation.worker-eval', 'codeEvaluation', 'worker-eval', i, 'the worker runs code made into a blob: URL (URL.createObjectURL)');
    }
    // The script a worker or a forked process runs is code this file runs: follow it like an import.
    if (endsAtMember && (pattern.id === 'subprocess.worker-thread' || (pattern.family === 'subprocess' && member === 'fork'))) {
      const open = groupedNew ? chain.end + 1 : isPunct(tokens[chain.end], '(') ? chain.end : undefined;
      if (open !== undefined) this.scriptArgument(open + 1);
    }
    // `spawn('node', ['scripts/x.js'])`: the script an interpreter is started on is code this program runs.
    if (endsAtMember && source === 'child_process' && INTERPRETER_LAUNCHERS.has(member ?? '') && isPunct(tokens[chain.end], '(')) this.interpretedScript(chain.end);
    // `eval?.(s)` is an optional call, never a direct eval: it runs in the global scope like `(0, eval)(s)`.
    if (pattern.id === 'code-evaluation.eval' && (!called || isPunct(tokens[chain.end], '?.'))) {
      this.evasion('evasion.indirect-eval', 'medium', i, 'eval is not called directly (indirect eval or eval taken as a value)');
    }
    // `Bun.file(p).text()`: a method on the returned handle.
    if (pattern.returns !== undefined && (pattern.returnsFor === undefined || pattern.returnsFor.includes(member ?? '')) && endsAtMember && isPunct(tokens[chain.end], '(')) {
      const after = this.match[chain.end]! + 1;
      if ((isPunct(tokens[after], '.') || isPunct(tokens[after], '?.')) && tokens[after + 1]?.type === 'IdentifierName') {
        const handle = resolveReference(pattern.returns, sourceDisplay(pattern.returns), [tokens[after + 1]!.name]);
        if (handle !== undefined && handle !== 'ignored') this.capability(handle, after + 1, handle.pattern.access);
      }
    }
  }

  /**
   * Whether the value the call at `open` makes (`new Bun.Glob(p)`, the callee starting at token `i`)
   * is used only through `methods`: called on at once (`new Bun.Glob(p).match(s)`), or bound by
   * `const g = …` as a whole declarator and every reference to `g` in the file calls one of them
   * (`g.match(s)`). A `let`, a use of another member, or `g` handed on, returned or reached with a
   * computed key is not such a use.
   */
  private usedOnlyThrough(i: number, open: number, methods: readonly string[]): boolean {
    const { tokens } = this;
    const after = this.match[open]! + 1;
    const callsMethod = (k: number): boolean => (isPunct(tokens[k], '.') || isPunct(tokens[k], '?.')) && tokens[k + 1]?.type === 'IdentifierName' && methods.includes(tokens[k + 1]!.name) && isPunct(tokens[k + 2], '(');
    if (callsMethod(after)) return true;
    const start = isName(tokens[i - 1], 'new') ? i - 1 : i;
    const decl = start - 2;
    const nameToken = tokens[decl];
    if (!isPunct(tokens[start - 1], '=') || nameToken?.type !== 'IdentifierName' || !isName(tokens[decl - 1], 'const')) return false;
    if (!(tokens[after] === undefined || isPunct(tokens[after], ';') || isPunct(tokens[after], ',') || isPunct(tokens[after], '}'))) return false;
    const name = nameToken.name;
    for (let k = 0; k < tokens.length; k++) {
      if (k === decl || !isName(tokens[k], name) || isPunct(tokens[k - 1], '.') || isPunct(tokens[k - 1], '?.')) continue;
      const binding = this.facts.lookup(name, k);
      if (binding === undefined || binding.declIndex !== decl) continue;
      if (!callsMethod(k + 1)) return false;
    }
    return true;
  }

  /**
   * Whether the argument at token `k` is a blob: URL made in this file: `URL.createObjectURL(…)`
   * (the global `URL`, not a local of that name), or a name alone whose declaration is set to one
   * (`const u = URL.createObjectURL(blob); new Worker(u)`).
   */
  private objectUrlAt(k: number): boolean {
    const { tokens } = this;
    const created = (j: number): boolean => isName(tokens[j], 'URL') && isPunct(tokens[j + 1], '.') && isName(tokens[j + 2], 'createObjectURL') && isPunct(tokens[j + 3], '(') && this.facts.lookup('URL', j) === undefined;
    if (created(k)) return true;
    const name = tokens[k];
    if (name?.type !== 'IdentifierName' || !(isPunct(tokens[k + 1], ',') || isPunct(tokens[k + 1], ')'))) return false;
    const binding = this.facts.lookup(name.name, k);
    if (binding === undefined || binding.kind !== 'local') return false;
    const d = binding.declIndex;
    return isPunct(tokens[d + 1], '=') && created(d + 2);
  }

  /** Whether the file installs zx's globals (`import 'zx/globals'`, `require('zx/globals')`, a `#!… zx` line), built on first use. */
  private zxInstalled: boolean | undefined;
  private zxGlobals(): boolean {
    this.zxInstalled ??= this.facts.imports.some((s) => ZX_GLOBALS_SPECIFIERS.has(s.record.specifier)) || /^#![^\n]*\bzx\b/.test(this.text);
    return this.zxInstalled;
  }

  /**
   * Why the first argument of the call at `open` (`setTimeout(x, …)`) is a string of code rather
   * than a function, or undefined when nothing says so: a name typed `string` (`code: string`) or
   * bound to a string (`let s = 'x' + y`, `` = `…${y}` ``, `= String(y)`, a string default), a
   * concatenation with a string, `String(…)`/`.toString()`/`.join(…)`, or a parameter, variable or
   * member named like code (`code`, `script`, `args.expression`) that the file never calls. A
   * plain parameter (`function debounce(fn, ms) { setTimeout(fn, ms) }`) is a function.
   */
  private codeStringArgument(open: number): string | undefined {
    const { tokens, match } = this;
    const range = splitArguments(tokens, match, open)[0];
    if (range === undefined) return undefined;
    const [start, end] = range;
    if (this.stringExpression(start, end)) return 'the code is a string built at run time';
    const first = tokens[start]!;
    if (first.type !== 'IdentifierName') return undefined;
    // `args.code`, `params.script`: a member named like code.
    let k = start;
    while (isPunct(tokens[k + 1], '.') && tokens[k + 2]?.type === 'IdentifierName') k += 2;
    if (k + 1 !== end) return undefined;
    const last = tokens[k]!.name;
    if (k > start) return namedLikeCode(last) && !this.calledAnywhere(last) ? `the value ${last} is named like code (not a function)` : undefined;
    const binding = this.facts.lookup(last, start);
    if (binding === undefined || binding.kind !== 'local') return undefined;
    if (binding.stringHead !== undefined) return 'the code is a string built at run time';
    const d = binding.declIndex;
    // `function code() {}`, `const code = () => …`: a function.
    if (isName(tokens[d - 1], 'function') || isName(tokens[d - 1], 'class')) return undefined;
    if (isPunct(tokens[d + 1], ':')) {
      // Typed: only `string` (not `string[]`, not a function type) is code.
      return isName(tokens[d + 2], 'string') && !isPunct(tokens[d + 3], '[') && !isPunct(tokens[d + 3], '.') ? `${last} is typed string` : undefined;
    }
    if (isPunct(tokens[d + 1], '=')) {
      const valueEnd = this.expressionEnd(d + 2);
      // `= () => …`, `= function …`, `= async …`, `= x => …`: a function.
      if (tokens.slice(d + 2, valueEnd).some((t) => isPunct(t, '=>')) || isName(tokens[d + 2], 'function') || isName(tokens[d + 2], 'async')) return undefined;
      if (!this.assignedAgain(last, d) && this.stringExpression(d + 2, valueEnd)) return `${last} holds a string`;
    }
    return namedLikeCode(last) && !this.calledAnywhere(last) ? `${last} is named like code and never called as a function` : undefined;
  }

  /** Whether tokens `[start, end)` are an expression that is certainly a string. */
  private stringExpression(start: number, end: number): boolean {
    const { tokens, match } = this;
    if (end <= start) return false;
    const first = tokens[start]!;
    if ((isStringToken(first) || first.type === 'TemplateHead') && (end === start + 1 || isPunct(tokens[match[start]! > start ? match[start]! + 1 : start + 1], '+') || first.type === 'TemplateHead')) return true;
    if (isName(first, 'String') && isPunct(tokens[start + 1], '(') && match[start + 1]! + 1 === end) return true;
    if (isName(first, 'JSON') && isPunct(tokens[start + 1], '.') && isName(tokens[start + 2], 'stringify')) return true;
    // `x.toString()`, `parts.join('\n')` ending the expression.
    const close = tokens[end - 1];
    if (isPunct(close, ')') && match[end - 1]! < end - 1) {
      const callee = tokens[match[end - 1]! - 1];
      if ((isName(callee, 'toString') || isName(callee, 'join')) && isPunct(tokens[match[end - 1]! - 2], '.')) return true;
    }
    // A concatenation with a string operand at depth 0.
    for (let k = start; k < end; k++) {
      const m = match[k]!;
      if (m > k && !isStringToken(tokens[k]) && tokens[k]!.type !== 'TemplateHead') {
        k = m;
        continue;
      }
      if (isPunct(tokens[k], '+') && (isStringToken(tokens[k + 1]) || tokens[k + 1]?.type === 'TemplateHead' || isStringToken(tokens[k - 1]) || tokens[k - 1]?.type === 'TemplateTail')) return true;
    }
    return false;
  }

  /** End of the expression that starts at `from`: the next `;`, `,` or closing bracket at its own depth, or a new statement line. */
  private expressionEnd(from: number): number {
    const { tokens, match } = this;
    for (let k = from; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (k > from && t.line !== tokens[k - 1]!.line && !isPunct(t, '+') && !isPunct(tokens[k - 1], '+')) return k;
      const m = match[k]!;
      if (m > k) k = m;
      else if (isPunct(t, ';') || isPunct(t, ',') || isPunct(t, ')') || isPunct(t, ']') || isPunct(t, '}')) return k;
    }
    return tokens.length;
  }

  /**
   * The names the file assigns (`c = g()`, each with its indices) and the names it calls
   * (`code(…)`, `x.code(…)`), gathered in one pass on first use: asked per timer call, a pass
   * each would make a file of many timers quadratic.
   */
  private nameUses: { assigned: Map<string, number[]>; called: Set<string> } | undefined;
  private uses(): { assigned: Map<string, number[]>; called: Set<string> } {
    if (this.nameUses !== undefined) return this.nameUses;
    const assigned = new Map<string, number[]>();
    const called = new Set<string>();
    const { tokens } = this;
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.type !== 'IdentifierName') continue;
      if (!isPunct(tokens[k - 1], '.') && isPunct(tokens[k + 1], '=')) {
        const at = assigned.get(t.name);
        if (at === undefined) assigned.set(t.name, [k]);
        else at.push(k);
      }
      if (isPunct(tokens[k + 1], '(') || (isPunct(tokens[k + 1], '?.') && isPunct(tokens[k + 2], '('))) called.add(t.name);
    }
    return (this.nameUses = { assigned, called });
  }

  /** Whether the file assigns a name anywhere but at its declaration `decl` (`c = g()`). */
  private assignedAgain(name: string, decl: number): boolean {
    return (this.uses().assigned.get(name) ?? []).some((k) => k !== decl);
  }

  /** Whether the file calls a name (`code(…)`, `x.code(…)`) anywhere: then it is a function. */
  private calledAnywhere(name: string): boolean {
    return this.uses().called.has(name);
  }

  /**
   * Record the script a worker or forked process runs, from its first argument. `new URL('./w.js',
   * import.meta.url)` (also with `.href` or inside `fileURLToPath(…)`), `path.join(__dirname, 'w.js')`,
   * `path.resolve(__dirname, …)` and `__dirname + '/w.js'` name a file beside this one exactly; a
   * plain (folded) string is resolved by the runtime against the working directory, so it is only
   * a guess.
   */
  private scriptArgument(at: number): void {
    const found = this.scriptPath(at, 0);
    if (found === undefined || !isRelativeSpecifier(found.specifier) || found.specifier.startsWith('file:')) return;
    const t = this.tokens[at]!;
    this.facts.imports.push({ record: { specifier: found.specifier, kind: 'relative', typeOnly: false, line: t.line, column: t.column, script: found.script }, index: at });
  }

  /**
   * `spawn('node', ['scripts/x.js'])`, `execFile(process.execPath, ['--no-warnings', 'test/run.mjs'])`,
   * `spawnSync('python3', ['tools/gen.py'])`: the first argument an interpreter (see
   * {@link INTERPRETER_COMMANDS}, or `process.execPath`), the second an array literal whose first
   * element that is no option (after `run` for deno and bun) is a constant relative path of a code
   * file. The runtime resolves it against the working directory, so it is recorded as a `guess`
   * script: followed when found beside this file or in its project's root, skipped when not.
   */
  private interpretedScript(open: number): void {
    const { tokens } = this;
    let k = open + 1;
    let command: string | undefined;
    if (isName(tokens[k], 'process') && isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'execPath') && this.facts.lookup('process', k) === undefined) {
      command = 'node';
      k += 3;
    } else {
      const folded = foldString(this.fold, k);
      if (folded === undefined) return;
      command = folded.value.replace(/^.*[/\\]/, '').replace(/\.exe$/i, '');
      k = folded.end;
    }
    if (!INTERPRETER_COMMANDS.has(command) || !isPunct(tokens[k], ',') || !isPunct(tokens[k + 1], '[')) return;
    const close = this.match[k + 1]!;
    let j = k + 2;
    let first = true;
    while (j < close) {
      const element = foldString(this.fold, j);
      if (element === undefined || !(element.end === close || isPunct(tokens[element.end], ','))) return;
      const value = element.value;
      // An option whose value is code or a module (`-e code`, `-r mod`): the script is not a file named here.
      if (OPTIONS_WITH_CODE.has(value)) return;
      const option = value.startsWith('-') || (first && value === 'run' && (command === 'deno' || command === 'bun'));
      first = false;
      if (!option) {
        if (!SCRIPT_EXTENSION.test(value) || value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.includes('://')) return;
        const specifier = value.startsWith('./') || value.startsWith('../') ? value : `./${value}`;
        const t = tokens[open + 1]!;
        this.facts.imports.push({ record: { specifier, kind: 'relative', typeOnly: false, line: t.line, column: t.column, script: 'guess' }, index: open + 1 });
        return;
      }
      j = element.end + 1;
    }
  }

  /**
   * Whether the argument of `import(…)`/`require(…)` from `at` to `close` names a file beside this
   * one exactly (a form {@link scriptPath} reads as exact, made of nothing but those names, strings
   * and `.`, `,`, `+`, parentheses: no value computed at run time); if so it is recorded as a
   * relative import.
   */
  private fileBesideArgument(at: number, close: number): boolean {
    const { tokens } = this;
    if (close === undefined || close <= at) return false;
    for (let k = at; k < close; k++) {
      const t = tokens[k]!;
      if (isStringToken(t)) continue;
      if (t.type === 'Punctuator' && ['.', ',', '+', '(', ')'].includes(t.value)) continue;
      if (t.type === 'IdentifierName' && FILE_BESIDE_NAMES.has(t.value)) continue;
      return false;
    }
    const found = this.scriptPath(at, 0);
    if (found === undefined || found.script !== 'exact' || !isRelativeSpecifier(found.specifier) || found.specifier.startsWith('file:')) return false;
    const t = tokens[at]!;
    this.facts.imports.push({ record: { specifier: found.specifier, kind: 'relative', typeOnly: false, line: t.line, column: t.column }, index: at });
    return true;
  }

  private scriptPath(at: number, depth: number, hops = 0): { specifier: string; script: 'exact' | 'guess' } | undefined {
    const { tokens } = this;
    // A `const` bound once to one of the forms below, given whole (`const url = new
    // URL(import.meta.resolve('./w.js')); new Worker(url)`): the form it is bound to.
    const head = tokens[at];
    const next = tokens[at + 1];
    if (head?.type === 'IdentifierName' && (isPunct(next, ',') || isPunct(next, ')') || (hops > 0 && (next === undefined || isPunct(next, ';') || next.line > head.line))) && hops < 4) {
      const b = this.facts.lookup(head.name, at);
      const bound = b?.kind === 'local' && !this.facts.assigned.has(head.name) && isPunct(tokens[b.declIndex + 1], '=') && isName(tokens[b.declIndex - 1], 'const') ? this.scriptPath(b.declIndex + 2, depth, hops + 1) : undefined;
      if (bound !== undefined) return bound;
    }
    // `fileURLToPath(…)` / `url.fileURLToPath(…)` around a URL.
    // Only within the first argument: no comma between its start and the call.
    const firstArgument = (k: number): boolean => !tokens.slice(at, k).some((t) => isPunct(t, ','));
    for (let k = at; k < at + 3; k++) {
      if (isName(tokens[k], 'fileURLToPath') && isPunct(tokens[k + 1], '(') && depth === 0 && firstArgument(k)) return this.scriptPath(k + 2, 1);
    }
    if (isName(tokens[at], 'new') && isName(tokens[at + 1], 'URL') && isPunct(tokens[at + 2], '(')) {
      // `new URL(import.meta.resolve('./w.js'))`: the URL of the resolved file itself.
      if (isName(tokens[at + 3], 'import') && isName(tokens[at + 7], 'resolve') && isPunct(tokens[at + 8], '(') && isPunct(tokens[(this.match[at + 8] ?? -2) + 1], ')')) return this.scriptPath(at + 3, depth, hops);
      const s = foldString(this.fold, at + 3);
      const e = s?.end ?? -1;
      const metaUrl = isPunct(tokens[e], ',') && isName(tokens[e + 1], 'import') && isPunct(tokens[e + 2], '.') && isName(tokens[e + 3], 'meta') && isPunct(tokens[e + 4], '.') && isName(tokens[e + 5], 'url') && isPunct(tokens[e + 6], ')');
      return metaUrl ? { specifier: s!.value, script: 'exact' } : undefined;
    }
    // The directory of this file: `__dirname` or `import.meta.dirname`; the index after it, or -1.
    const afterDirname = (k: number): number => {
      if (isName(tokens[k], '__dirname')) return k + 1;
      const meta = isName(tokens[k], 'import') && isPunct(tokens[k + 1], '.') && isName(tokens[k + 2], 'meta') && isPunct(tokens[k + 3], '.') && isName(tokens[k + 4], 'dirname');
      return meta ? k + 5 : -1;
    };
    // `import.meta.resolve('./w.js')`: resolved against this file, like an import.
    if (isName(tokens[at], 'import') && isPunct(tokens[at + 1], '.') && isName(tokens[at + 2], 'meta') && isPunct(tokens[at + 3], '.') && isName(tokens[at + 4], 'resolve') && isPunct(tokens[at + 5], '(')) {
      const s = foldString(this.fold, at + 6);
      return s !== undefined && isPunct(tokens[s.end], ')') && isRelativeSpecifier(s.value) ? { specifier: s.value, script: 'exact' } : undefined;
    }
    // `require.resolve('./child.cjs')`: resolved against this file, like a require.
    if (isName(tokens[at], 'require') && isPunct(tokens[at + 1], '.') && isName(tokens[at + 2], 'resolve') && isPunct(tokens[at + 3], '(')) {
      const s = foldString(this.fold, at + 4);
      return s !== undefined && isPunct(tokens[s.end], ')') && isRelativeSpecifier(s.value) ? { specifier: s.value, script: 'exact' } : undefined;
    }
    // `__dirname + '/w.js'`
    const dirEnd = afterDirname(at);
    if (dirEnd >= 0 && isPunct(tokens[dirEnd], '+')) {
      const s = foldString(this.fold, dirEnd + 1);
      return s !== undefined && s.value.startsWith('/') ? { specifier: `.${s.value}`, script: 'exact' } : undefined;
    }
    // `path.join(__dirname, 'lib', 'w.js')`, `require('path').resolve(import.meta.dirname, './w.js')`
    for (let k = at; k < at + 8 && k < tokens.length; k++) {
      if (!(isName(tokens[k], 'join') || isName(tokens[k], 'resolve')) || !isPunct(tokens[k + 1], '(') || afterDirname(k + 2) < 0 || !firstArgument(k)) continue;
      const parts: string[] = [];
      let j = afterDirname(k + 2);
      while (isPunct(tokens[j], ',')) {
        const s = foldString(this.fold, j + 1);
        if (s === undefined) return undefined;
        parts.push(s.value);
        j = s.end;
      }
      if (!isPunct(tokens[j], ')') || parts.length === 0) return undefined;
      return { specifier: `./${parts.join('/')}`.replace(/^\.\/(\.{1,2}\/)/, '$1').replace(/\/\.\//g, '/'), script: 'exact' };
    }
    const s = foldString(this.fold, at);
    if (s !== undefined && (isPunct(tokens[s.end], ',') || isPunct(tokens[s.end], ')'))) return { specifier: s.value, script: 'guess' };
    return undefined;
  }

  /**
   * Whether the value from token `i` to `end` is the last operand of a parenthesized comma
   * expression that is called, tagged or constructed: `(0, Function)('code')`, `(1, F)``…```,
   * `new (0, vm.Script)(code)`. An argument list (`f(a, Function)`) is no comma expression.
   */
  private calledThroughComma(i: number, end: number): boolean {
    const { tokens, match } = this;
    if (!isPunct(tokens[i - 1], ',') || !isPunct(tokens[end], ')')) return false;
    const open = match[end]!;
    if (open < 0 || open >= i || this.enclosingOpener(i - 1) !== open || !isCommaExpressionOpen(tokens, open, match)) return false;
    const after = tokens[end + 1];
    return isPunct(after, '(') || after?.type === 'NoSubstitutionTemplate' || after?.type === 'TemplateHead';
  }

  /**
   * Whether the class at token i is invoked without `new` or a direct call: as the target of
   * `Reflect.construct(X, …)` / `Reflect.apply(X, …)` or of a proxy (`new Proxy(X, handler)`
   * calls X when it is called), through `X.call(…)`, `X.apply(…)`, `X.bind(…)`
   * (`Function.call(null, 'code')`), or as the `this` of those methods called through one another
   * (`''.sub.call.call(Function, null, 'code')`). Handing a class on as a value (`expect.any(Function)`,
   * `x === Function`) is not a use.
   */
  /**
   * Where the name given to `process.binding` starts, when the member (the chain from `i` to `end`)
   * is called here: `process.binding(name)`, `.call(thisArg, name)`, `.apply(thisArg, [name])`,
   * `.bind(thisArg, name)` or `.bind(thisArg)(name)`, and `Reflect.apply(process.binding, thisArg,
   * [name])`: each passes its name to the same function.
   */
  private bindingNameAt(i: number, end: number, path: readonly string[], member: string): number | undefined {
    const { tokens } = this;
    const last = path[path.length - 1];
    const bare = last === member && path.lastIndexOf(member) === path.length - 1;
    const argument = (open: number, index: number): number | undefined => splitArguments(tokens, this.match, open)[index]?.[0];
    const firstElement = (at: number | undefined): number | undefined => (at !== undefined && isPunct(tokens[at], '[') && this.match[at]! > at + 1 ? at + 1 : undefined);
    if (bare && isPunct(tokens[end], '(')) return argument(end, 0);
    if (bare && isPunct(tokens[end], ',') && isPunct(tokens[i - 1], '(') && isName(tokens[i - 2], 'apply') && isPunct(tokens[i - 3], '.') && isName(tokens[i - 4], 'Reflect') && this.facts.lookup('Reflect', i - 4) === undefined) return firstElement(argument(i - 1, 2));
    if (path[path.length - 2] !== member || path.lastIndexOf(member) !== path.length - 2 || !isPunct(tokens[end], '(')) return undefined;
    if (last === 'call') return argument(end, 1);
    if (last === 'apply') return firstElement(argument(end, 1));
    if (last !== 'bind') return undefined;
    const close = this.match[end]!;
    return argument(end, 1) ?? (close > end && isPunct(tokens[close + 1], '(') ? argument(close + 1, 0) : undefined);
  }

  private invokedIndirectly(i: number, end: number, path: readonly string[], member: string, called: boolean): boolean {
    const { tokens } = this;
    if (isPunct(tokens[i - 1], '(') && (isName(tokens[i - 2], 'construct') || isName(tokens[i - 2], 'apply')) && isPunct(tokens[i - 3], '.') && isName(tokens[i - 4], 'Reflect')) return true;
    if (isPunct(tokens[i - 1], '(') && isName(tokens[i - 2], 'Proxy') && isName(tokens[i - 3], 'new') && this.facts.lookup('Proxy', i - 2) === undefined && path[path.length - 1] === member && isPunct(tokens[end], ',')) return true;
    // `x.call.call(Function, null, 'code')`, `Function.prototype.bind.apply(Function, [null, 'code'])`:
    // Function.prototype's call, apply or bind invoked with the class as its `this`.
    if (isPunct(tokens[i - 1], '(') && INVOKERS.has(tokens[i - 2]?.name ?? '') && isPunct(tokens[i - 3], '.') && INVOKERS.has(tokens[i - 4]?.name ?? '') && path[path.length - 1] === member && (isPunct(tokens[end], ',') || isPunct(tokens[end], ')'))) return true;
    const last = path[path.length - 1];
    return called && path[path.length - 2] === member && (last === 'call' || last === 'apply' || last === 'bind');
  }

  /**
   * Whether the first argument of the call opened at `open` certainly sets no option `key`: an
   * object literal without it (see {@link literalLacks}); bytes built in place (`new Uint8Array(b)`,
   * `new ArrayBuffer(n)`, `Buffer.from(s)`, `Buffer.alloc(n)`, `Buffer.concat(bs)`), which carry no
   * keys; for `url`, a string literal that is no http(s) or ftp URL. A variable, a call or any
   * other value may be an object with the key (or a URL string) and counts.
   */
  private argumentLacks(open: number, key: string): boolean {
    const { tokens } = this;
    const first = tokens[open + 1];
    if (first === undefined || isPunct(first, ')')) return false;
    if (isPunct(first, '{')) return this.literalLacks(open + 1, key);
    const ends = (k: number): boolean => isPunct(tokens[k], ',') || isPunct(tokens[k], ')');
    if (isName(first, 'new') && BYTE_CONSTRUCTORS.has(tokens[open + 2]?.name ?? '') && this.facts.lookup(tokens[open + 2]!.name!, open + 2) === undefined && isPunct(tokens[open + 3], '(')) return ends(this.match[open + 3]! + 1);
    if (isName(first, 'Buffer') && this.facts.lookup('Buffer', open + 1) === undefined && isPunct(tokens[open + 2], '.') && BUFFER_MAKERS.has(tokens[open + 3]?.name ?? '') && isPunct(tokens[open + 4], '(')) return ends(this.match[open + 4]! + 1);
    if (key !== 'url') return false;
    // A string the scan can read whole (a literal, a template or a `const` of constants) that is
    // no http(s) or ftp URL, or a path that Node's path module or fileURLToPath made (absolute or
    // beside this file, never a URL): a local location.
    const folded = foldString(this.fold, open + 1);
    if (folded !== undefined) return ends(folded.end) && !URL_TEXT.test(folded.value);
    const local = this.localPathEnd(open + 1, 0);
    return local !== undefined && ends(local);
  }

  /**
   * The end of a local path expression that starts at `at`, if it is one: `path.resolve(…)` (always
   * absolute), `path.join(base, …)` with a local base (`__dirname`, `import.meta.dirname`,
   * `process.cwd()`, a string starting with `/` or `.`), `fileURLToPath(…)`, each through a binding
   * of Node's `path` or `url` (an import or a `require`), or a `const` bound once to one of them.
   * None of them can be a URL (`path.join('https://h/x')` folds `//`).
   */
  private localPathEnd(at: number, depth: number): number | undefined {
    const { tokens, match } = this;
    const head = tokens[at];
    if (head?.type !== 'IdentifierName' || depth > 6) return undefined;
    let fn: string | undefined;
    let open = at + 1;
    if (isPunct(tokens[at + 1], '.') && tokens[at + 2]?.type === 'IdentifierName' && isPunct(tokens[at + 3], '(')) {
      const module = this.nodeModuleOf(head.name, at);
      fn = module === 'path' || module === 'url' ? `${module}.${tokens[at + 2]!.name}` : undefined;
      open = at + 3;
    } else if (isPunct(tokens[at + 1], '(')) {
      const module = this.nodeModuleOf(head.name, at);
      fn = module === undefined ? undefined : `${module}.${head.name}`;
    } else {
      const b = this.facts.lookup(head.name, at);
      if (b?.kind !== 'local' || this.facts.assigned.has(head.name) || !isPunct(tokens[b.declIndex + 1], '=') || !isName(tokens[b.declIndex - 1], 'const')) return undefined;
      const end = this.localPathEnd(b.declIndex + 2, depth + 1);
      if (end === undefined) return undefined;
      const after = tokens[end];
      return after === undefined || isPunct(after, ';') || isPunct(after, ',') || isPunct(after, '}') || after.line > tokens[end - 1]!.line ? at + 1 : undefined;
    }
    const close = match[open];
    if (fn === undefined || close === undefined || close < open) return undefined;
    if (fn === 'path.resolve' || fn === 'url.fileURLToPath') return close + 1;
    if (fn !== 'path.join' && fn !== 'path.dirname') return undefined;
    const base = tokens[open + 1];
    // A base that is itself a local path: `path.dirname(fileURLToPath(import.meta.url))`, a `const`
    // bound to one (`const here = dirname(fileURLToPath(import.meta.url))`). The directory of a
    // local path is one; of anything else it may be a URL (`path.dirname('https://h/x')` keeps `//`).
    const inner = this.localPathEnd(open + 1, depth + 1);
    if (inner !== undefined && (isPunct(tokens[inner], ',') || inner === close)) return close + 1;
    if (fn === 'path.dirname') return undefined;
    const meta = isName(base, 'import') && isPunct(tokens[open + 2], '.') && isName(tokens[open + 3], 'meta') && isPunct(tokens[open + 4], '.') && isName(tokens[open + 5], 'dirname');
    const cwd = isName(base, 'process') && isPunct(tokens[open + 2], '.') && isName(tokens[open + 3], 'cwd');
    const text = base !== undefined && isStringToken(base) ? cookStringToken(base)?.value : undefined;
    return isName(base, '__dirname') || meta || cwd || (text !== undefined && /^[./]/.test(text)) ? close + 1 : undefined;
  }

  /**
   * `path` or `url` when `name` at `at` is Node's path or url module (`import path from 'node:path'`,
   * `const path = require('path')`) or a function imported from it by its own name (`import { join }`
   * of `node:path`), else undefined.
   */
  private nodeModuleOf(name: string, at: number): 'path' | 'url' | undefined {
    const { tokens } = this;
    const b = this.facts.lookup(name, at);
    if (b === undefined || b.kind !== 'local') return undefined;
    const d = b.declIndex;
    let specifier = this.importAt(d)?.record.specifier;
    if (specifier === undefined && isPunct(tokens[d + 1], '=') && isName(tokens[d + 2], 'require') && isPunct(tokens[d + 3], '(') && isStringToken(tokens[d + 4]) && isPunct(tokens[d + 5], ')')) specifier = cookStringToken(tokens[d + 4]!)?.value;
    const module = specifier?.replace(/^node:/, '').replace(/\/(?:posix|win32)$/, '');
    return module === 'path' || module === 'url' ? module : undefined;
  }

  /**
   * Whether the first argument of the call opened at `open` is an http(s) or ftp URL: a string the
   * scan reads whole, or a template whose literal head already spells the scheme and `//`.
   */
  private firstArgumentStartsAsUrl(open: number): boolean {
    const first = this.tokens[open + 1];
    if (first?.type === 'TemplateHead') return URL_TEXT.test(cookStringToken(first)?.value ?? '');
    return this.firstArgumentIsUrl(open);
  }

  /** Whether the first argument of the call opened at `open` is, whole, a string that is an http(s) or ftp URL. */
  private firstArgumentIsUrl(open: number): boolean {
    const s = foldString(this.fold, open + 1);
    return s !== undefined && (isPunct(this.tokens[s.end], ',') || isPunct(this.tokens[s.end], ')')) && URL_TEXT.test(s.value);
  }

  /**
   * Whether the object literal opened at `brace` certainly has no property `key`: every property is
   * a plain name or a string other than `key` (`{ buffer }`, `{ 'data': b }`). A spread (`...opts`),
   * a computed key (`[k]: v`) or the key itself (`path`, `'path'`) may set it.
   */
  private literalLacks(brace: number, key: string): boolean {
    const { tokens } = this;
    const close = this.match[brace]!;
    for (let k = brace + 1; k < close; k++) {
      const m = this.match[k]!;
      if (m > k && !(isPunct(tokens[k - 1], '{') || isPunct(tokens[k - 1], ','))) {
        k = m;
        continue;
      }
      if (!(k === brace + 1 || isPunct(tokens[k - 1], ','))) continue;
      const t = tokens[k]!;
      if (isPunct(t, '...') || isPunct(t, '[')) return false;
      if (isName(t, key) || (isStringToken(t) && cookStringToken(t)?.value === key)) return false;
      if (m > k) k = m;
    }
    return true;
  }

  /**
   * Whether an object literal among the arguments of the call opened at `open` sets `key` to a
   * local location (a string the scan can read that is no http(s) or ftp URL, or a path
   * {@link localPathEnd} reads), with no spread or computed key after it that may set it again.
   */
  private optionIsLocal(open: number, key: string): boolean {
    const { tokens } = this;
    let local = false;
    for (const [start] of splitArguments(tokens, this.match, open)) {
      if (!isPunct(tokens[start], '{')) continue;
      const close = this.match[start]!;
      for (let k = start + 1; k < close; k++) {
        const m = this.match[k]!;
        if (!(k === start + 1 || isPunct(tokens[k - 1], ','))) {
          if (m > k) k = m;
          continue;
        }
        const t = tokens[k]!;
        if (isPunct(t, '...') || isPunct(t, '[')) local = false;
        else if (isName(t, key) || (isStringToken(t) && cookStringToken(t)?.value === key)) {
          const value = isPunct(tokens[k + 1], ':') ? k + 2 : k;
          const ends = (e: number): boolean => isPunct(tokens[e], ',') || isPunct(tokens[e], '}');
          const folded = foldString(this.fold, value);
          const end = folded !== undefined ? (REMOTE_LOCATION.test(folded.value) ? undefined : folded.end) : this.localPathEnd(value, 0);
          local = end !== undefined && ends(end);
        }
        if (m > k) k = m;
      }
    }
    return local;
  }

  /**
   * The literal text a string argument at token `at` starts with when the rest is known only at run
   * time: a template's head (`` `data:…,${code}` ``), a literal before `+`, or a name alone whose
   * declaration holds such a string (`stringHead`).
   */
  private literalHead(at: number): string | undefined {
    const { tokens } = this;
    const t = tokens[at];
    if (t?.type === 'TemplateHead' || isStringToken(t)) return cookStringToken(t!)?.value;
    if (t?.type === 'IdentifierName' && isPunct(tokens[at + 1], ')')) return this.facts.lookup(t.name, at)?.stringHead;
    return undefined;
  }

  /**
   * Whether argument `index` of the call opened at `open` is an object setting `key` to anything
   * but `false` (see {@link optionValue}): an object literal written in the call, or a name never
   * assigned again declared as one (`const opts = { eval: true }; new Worker(src, opts)`); the key
   * may be a computed one that folds to it (`{ ['ev' + 'al']: true }`), or come from a spread
   * (`{ ...opts }`) or `Object.assign({}, opts)`.
   */
  private optionSet(open: number, index: number, key: string): boolean {
    const arg = splitArguments(this.tokens, this.match, open)[index];
    return arg !== undefined && this.optionValue(arg[0], arg[1], key, 0) === true;
  }

  /**
   * What the object expression `[start, end)` gives `key`, as JavaScript builds it: true when its
   * last setting is a value other than the literal `false`, false when that is `false`, undefined
   * when the expression does not set it or is not known here. Known: an object literal, whose
   * members are read in order, a spread (`...x`) standing for what `x` sets (so `{ eval: true,
   * ...{ eval: false } }` is false); a name never assigned again declared as such an expression;
   * and `Object.assign(target, …sources)`, its arguments in order. A nested object's keys (`{
   * resourceLimits: { eval: true } }`) are not the object's own.
   */
  private optionValue(start: number, end: number, key: string, depth: number): boolean | undefined {
    const { tokens } = this;
    if (depth > 8 || start >= end) return undefined;
    const head = tokens[start]!;
    if (head.type === 'IdentifierName' && end === start + 1) {
      if (this.facts.assigned.has(head.name)) return undefined;
      const binding = this.facts.lookup(head.name, start);
      if (binding?.kind !== 'local' || binding.picked !== undefined || !isPunct(tokens[binding.declIndex + 1], '=')) return undefined;
      const from = binding.declIndex + 2;
      return this.optionValue(from, this.objectExpressionEnd(from), key, depth + 1);
    }
    if (isName(head, 'Object') && isPunct(tokens[start + 1], '.') && isName(tokens[start + 2], 'assign') && isPunct(tokens[start + 3], '(') && this.match[start + 3]! + 1 === end && this.facts.lookup('Object', start) === undefined) {
      let value: boolean | undefined;
      for (const [from, to] of splitArguments(tokens, this.match, start + 3)) value = this.optionValue(from, to, key, depth + 1) ?? value;
      return value;
    }
    // A TypeScript cast after the literal (`{ eval: true } as WorkerOptions`) leaves its value.
    const close = this.match[start]!;
    if (!isPunct(head, '{') || close <= start || !(close + 1 === end || isName(tokens[close + 1], 'as') || isName(tokens[close + 1], 'satisfies'))) return undefined;
    let value: boolean | undefined;
    let k = start + 1;
    while (k < close) {
      // One member: from `k` to the next `,` at the object's own level.
      let next = k;
      while (next < close && !isPunct(tokens[next], ',')) next = this.match[next]! > next ? this.match[next]! + 1 : next + 1;
      const t = tokens[k]!;
      if (isPunct(t, '...')) value = this.optionValue(k + 1, next, key, depth + 1) ?? value;
      else {
        let after = k + 1;
        let named = isName(t, key) || (isStringToken(t) && cookStringToken(t)?.value === key);
        if (!named && isPunct(t, '[')) {
          const folded = foldString(this.fold, k + 1);
          named = folded !== undefined && folded.value === key && folded.end === this.match[k];
          after = this.match[k]! + 1;
        }
        // `{ eval }` (shorthand), `{ eval: v }`, `{ eval() {} }`: set; `{ eval: false }`: not.
        if (named) value = !(isPunct(tokens[after], ':') && isName(tokens[after + 1], 'false') && after + 2 === next);
      }
      k = next + 1;
    }
    return value;
  }

  /** End of the object expression a declaration's initializer at `from` starts: `{…}`, `Object.assign(…)`, a name; else `from` (unknown). */
  private objectExpressionEnd(from: number): number {
    const { tokens } = this;
    if (isPunct(tokens[from], '{')) return this.match[from]! > from ? this.match[from]! + 1 : from;
    if (isName(tokens[from], 'Object') && isPunct(tokens[from + 1], '.') && isName(tokens[from + 2], 'assign') && isPunct(tokens[from + 3], '(')) return this.match[from + 3]! > from + 3 ? this.match[from + 3]! + 1 : from;
    if (tokens[from]?.type === 'IdentifierName' && !isPunct(tokens[from + 1], '.') && !isPunct(tokens[from + 1], '(') && !isPunct(tokens[from + 1], '[')) return from + 1;
    return from;
  }

  /**
   * Whether the call whose `(` is at `open` names the null device as its whole first argument: the
   * string literal `/dev/null`, or `os.devNull` through a binding of Node's `os` (`os.devNull`,
   * `os.default.devNull`, an imported `devNull`).
   */
  private firstArgumentIsNullDevice(open: number): boolean {
    const { tokens } = this;
    const first = splitArguments(tokens, this.match, open)[0];
    if (first === undefined) return false;
    const [start, end] = first;
    const head = tokens[start]!;
    if (end === start + 1 && isStringToken(head)) return cookStringToken(head)?.value === '/dev/null';
    if (head.type !== 'IdentifierName' || isPunct(tokens[start - 1], '.')) return false;
    const path: string[] = [];
    for (let k = start + 1; k < end; k += 2) {
      if (!isPunct(tokens[k], '.') || tokens[k + 1]?.type !== 'IdentifierName') return false;
      path.push(tokens[k + 1]!.name);
    }
    const binding = this.facts.lookup(head.name, start);
    if (binding?.kind !== 'module' || binding.source !== 'os') return false;
    const full = [...binding.path, ...path].filter((p, k) => !(k === 0 && p === 'default'));
    return full.length === 1 && full[0] === 'devNull';
  }

  /** Decide read or write from `fs.open` flags or `Deno.open` options. */
  private accessFromArguments(open: number, kind: 'open-flags' | 'open-options'): { access: FileAccess; detail?: string } {
    const { tokens } = this;
    const args = splitArguments(tokens, this.match, open);
    const second = args[1];
    if (second === undefined) return { access: 'read' };
    const first = tokens[second[0]]!;
    if (kind === 'open-flags') {
      if (isStringToken(first) && second[1] === second[0] + 1) {
        const flags = cookStringToken(first)!.value;
        return { access: /[wa+]/.test(flags) ? 'write' : 'read', detail: `flags "${flags}"` };
      }
      for (let k = second[0]; k < second[1]; k++) {
        const name = tokens[k]!.name;
        if (/^O_(WRONLY|RDWR|CREAT|APPEND|TRUNC)$/.test(name)) return { access: 'write', detail: `flag ${name}` };
      }
      if (second[1] === second[0] + 1 && tokens[second[0]]!.type === 'NumericLiteral') return { access: Number(first.value) === 0 ? 'read' : 'write', detail: `flags ${first.value}` };
      return { access: 'write', detail: 'flags are not a literal, counted as write' };
    }
    if (isPunct(first, '{')) {
      const close = this.match[second[0]]!;
      for (let k = second[0] + 1; k < close; k++) {
        const t = tokens[k]!;
        if (t.type === 'IdentifierName' && !isPunct(tokens[k - 1], '.') && ['write', 'append', 'create', 'truncate', 'createNew'].includes(t.name)) {
          const value = isPunct(tokens[k + 1], ':') ? tokens[k + 2] : undefined;
          if (value === undefined || !isName(value, 'false')) return { access: 'write', detail: `option ${t.name}` };
        }
      }
      return { access: 'read' };
    }
    return { access: 'write', detail: 'options are not a literal, counted as write' };
  }

  // ---- require and import() -------------------------------------------------------------------

  private requireReference(i: number, binding: Binding | undefined): void {
    const { tokens } = this;
    const next = tokens[i + 1];
    // `typeof require`, `{ require: './x.js' }` (an exports map), `require(id) { … }` (a method).
    if (this.isNonReference(i)) return;
    // `const r = () => require`, read as a require shim: `r()('m')` calls what it returns.
    if (binding !== undefined && isPunct(next, '(') && isPunct(tokens[this.match[i + 1]! + 1], '(') && this.returnedValue(binding, tokens[i]!.name)?.kind === 'require') {
      this.localFunctionCall(i, binding, tokens[i]!.name);
      return;
    }
    if (isPunct(next, '(') || (isPunct(next, '?.') && isPunct(tokens[i + 2], '('))) {
      // A name bound to `new Function('p', 'return import(p)')` loads as import() does (`.then`).
      this.moduleCall(i, isPunct(next, '(') ? i + 1 : i + 2, binding?.requireVia === 'import' ? 'import' : 'require');
      return;
    }
    if (isPunct(next, '.')) {
      const member = tokens[i + 2]?.name;
      if (member === 'apply' && isPunct(tokens[i + 3], '(') && this.forwardsInShim(i, i + 3)) {
        this.evasion('evasion.aliased-require', 'low', i, 'require.apply(…, arguments) inside a bundler require shim: calls through the shim are checked where they are made');
      } else if (member === 'call' || member === 'apply' || member === 'bind') {
        this.evasion('evasion.aliased-require', 'medium', i, `require.${member}`);
        if (isPunct(tokens[i + 3], '(')) this.indirectRequire(i, member, i + 3);
      } else if (member === 'main' && isPunct(tokens[i + 3], '.') && isName(tokens[i + 4], 'require') && isPunct(tokens[i + 5], '(')) {
        // `require.main.require('fs')`: the main module's require.
        this.evasion('evasion.aliased-require', 'medium', i, 'require reached through require.main.require');
        this.moduleCall(i, i + 5, 'require');
      }
      return;
    }
    if (binding !== undefined && binding.requireVia !== 'parameter') return; // an alias used as a value again
    const prev = tokens[i - 1];
    // `(0, require)('m')`: a comma expression whose value is require, called at once.
    if (isPunct(prev, ',') && isPunct(next, ')') && isPunct(tokens[i + 2], '(') && this.match[i + 1] === i - 3 && isCommaExpressionOpen(tokens, i - 3, this.match) && (tokens[i - 2]?.type === 'NumericLiteral' || tokens[i - 2]?.type === 'StringLiteral')) {
      this.evasion('evasion.aliased-require', 'medium', i, 'require called through a comma expression');
      this.moduleCall(i, i + 2, 'require');
      return;
    }
    if (binding === undefined && this.requireThroughValue(i)) return;
    if (isPunct(prev, '=') && !isPunct(tokens[i - 3], '.')) {
      // `const r = require`: a new name for require.
      this.evasion('evasion.aliased-require', 'medium', i, 'require assigned to another name');
    } else if (isPunct(prev, '=') && tokens[i - 2]?.type === 'PrivateIdentifier') {
      // `T.#load = process.getBuiltinModule` (in a static block): a private field holding require,
      // called later as `T.#load('node:fs')` (evade4 t04). A private name is no module's API.
      this.evasion('evasion.aliased-require', 'medium', i, `require assigned to the private field ${tokens[i - 2]!.name}`);
    } else if (isPunct(prev, '(') || isPunct(prev, ',') || isPunct(prev, ':') || isPunct(prev, '||') || isPunct(prev, '??') || isPunct(prev, '&&') || isPunct(prev, '?') || isPunct(prev, '[')) {
      // Passed on (UMD `factory(require, exports)`, browserify `typeof require == "function" && require`).
      this.evasion('evasion.aliased-require', 'low', i, 'require passed on as a value');
    }
  }

  /**
   * A Function constructor called at `open` whose parameters and body are all string literals
   * (joined by `+` or templates, or named constants): the body is code of this file, scanned as
   * such, and what it finds is reported at `i`. `Function('return this')` gives the global object,
   * followed through an immediate call (`Function('return this')().fetch(u)`). A body built by
   * decoding (base64, character codes, reversal) or known only at run time stays code evaluation.
   *
   * @returns Whether the call was such a constant function (no code-evaluation finding then).
   */
  /** The findings of each Function body scanned ({@link constantFunctionBody}), null when not analyzed. */
  private readonly functionBodies = new Map<string, ScanFinding[] | null>();
  /** How many characters of Function bodies may yet be scanned: the file's length and 64 KiB. */
  private functionBodyBudget: number;

  private constantFunctionBody(i: number, open: number): boolean {
    const { tokens, match } = this;
    const parts: string[] = [];
    for (const [s, e] of splitArguments(tokens, match, open)) {
      const folded = foldString(this.fold, s);
      if (folded === undefined || folded.end !== e || folded.how.some((h) => h !== 'constant' && h !== 'concatenation' && h !== 'template')) return false;
      parts.push(folded.value);
    }
    const body = parts.pop() ?? '';
    const close = match[open]!;
    if (/^\s*return\s+this\s*;?\s*$/.test(body) && parts.length === 0) {
      if (isPunct(tokens[close + 1], '(') && isPunct(tokens[close + 2], ')')) {
        this.resolveAndReport(i, 'global', '', this.walkChain(close + 2, []), undefined, 'global');
      }
      return true;
    }
    if (body.trim() === '' && parts.every((p) => /^[\s\w$,]*$/.test(p))) return true;
    const code = `(function anonymous(${parts.join(',')}\n) {\n${body}\n})`;
    let found = this.functionBodies.get(code);
    if (found === undefined) {
      // Scanned once per body, within the budget, and not inside another such body: past it the
      // call stays code evaluation (reported), so a file cannot make the scan read far more text
      // than it holds (4000 calls of one 4 KiB constant body took 22 s for a 56 KB file).
      if (scanningFunctionBody || code.length > this.functionBodyBudget) return false;
      this.functionBodyBudget -= code.length;
      scanningFunctionBody = true;
      try {
        const inner = scanSource(code, { file: 'function-body.js' });
        found = inner.findings.some((f) => f.kind === 'not-analyzed') ? null : inner.findings;
      } finally {
        scanningFunctionBody = false;
      }
      this.functionBodies.set(code, found);
    }
    if (found === null) return false;
    const where = this.at(i);
    for (const f of found) {
      const { chain: _chain, ...rest } = f;
      this.push({ ...rest, file: this.file, ...where, detail: `in the body of a Function built from constant strings${f.detail !== undefined ? `: ${f.detail}` : ''}` });
    }
    return true;
  }

  /**
   * `Reflect.apply(require, t, ['m'])`, `[require][0]('m')`, `({ r: require }).r('m')`: require
   * handed into a call or a literal that gives it straight back, then called. The module named by
   * a constant specifier is imported like `require('m')` (its family reported), beside the
   * aliased-require evasion.
   *
   * @returns Whether the require at `i` was such a call.
   */
  private requireThroughValue(i: number): boolean {
    const { tokens, match } = this;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (isPunct(prev, '(') && isPunct(next, ',') && isName(tokens[i - 2], 'apply') && isPunct(tokens[i - 3], '.') && isName(tokens[i - 4], 'Reflect') && !isPunct(tokens[i - 5], '.') && !isPunct(tokens[i - 5], '?.') && this.facts.lookup('Reflect', i - 4) === undefined) {
      this.evasion('evasion.aliased-require', 'medium', i, 'require called through Reflect.apply');
      const list = splitArguments(tokens, match, i - 1)[2];
      if (list !== undefined && isPunct(tokens[list[0]], '[')) this.moduleCall(i, i - 1, 'require', list[0] + 1);
      else this.evasion('evasion.dynamic-require', 'medium', i, 'Reflect.apply(require, …) with arguments computed at run time');
      return true;
    }
    if ((isPunct(prev, '[') || isPunct(prev, ',')) && (isPunct(next, ']') || isPunct(next, ','))) {
      const open = isPunct(prev, '[') ? i - 1 : this.enclosingOpener(i - 1);
      if (open < 0 || !isPunct(tokens[open], '[') || !this.opensArrayLiteral(open)) return false;
      const elements = splitArguments(tokens, match, open);
      if (elements.some(([s]) => isPunct(tokens[s], '...'))) return false;
      const index = elements.findIndex(([s, e]) => s === i && e === i + 1);
      const close = this.unwrapParens(open, match[open]!);
      const at = tokens[close + 2];
      if (index < 0 || !isPunct(tokens[close + 1], '[') || at?.type !== 'NumericLiteral' || Number(at.value) !== index || !isPunct(tokens[close + 3], ']') || !isPunct(tokens[close + 4], '(')) return false;
      this.evasion('evasion.aliased-require', 'medium', i, 'require put in an array literal, taken out and called');
      this.moduleCall(i, close + 4, 'require');
      return true;
    }
    if (isPunct(prev, ':') && (isPunct(next, '}') || isPunct(next, ',')) && (isPunct(tokens[i - 3], '{') || isPunct(tokens[i - 3], ','))) {
      const keyToken = tokens[i - 2];
      const key = keyToken?.type === 'IdentifierName' ? keyToken.name : isStringToken(keyToken) ? cookStringToken(keyToken!)?.value : undefined;
      const open = this.facts.brace[i]!;
      if (key === undefined || open < 0 || (isPunct(tokens[i - 3], '{') && i - 3 !== open)) return false;
      const close = this.unwrapParens(open, match[open]!);
      // A `{` in parentheses, or after an operator, is an object literal, never a block.
      if (close === match[open] && !this.opensMemberList(open)) return false;
      // One entry under that key and no spread (a later one would replace it).
      const entries = splitArguments(tokens, match, open);
      const keyed = entries.filter(([s]) => isPunct(tokens[s], '...') || (tokens[s]?.type === 'IdentifierName' ? tokens[s]!.name : isStringToken(tokens[s]) ? cookStringToken(tokens[s]!)?.value : undefined) === key);
      if (keyed.length !== 1) return false;
      let call = -1;
      if (isPunct(tokens[close + 1], '.') && isName(tokens[close + 2], key) && isPunct(tokens[close + 3], '(')) call = close + 3;
      else if (isPunct(tokens[close + 1], '[') && isStringToken(tokens[close + 2]) && cookStringToken(tokens[close + 2]!)?.value === key && isPunct(tokens[close + 3], ']') && isPunct(tokens[close + 4], '(')) call = close + 4;
      if (call < 0) return false;
      this.evasion('evasion.aliased-require', 'medium', i, 'require put in an object literal, taken out and called');
      this.moduleCall(i, call, 'require');
      return true;
    }
    return false;
  }

  /** The last `)` of parentheses wrapped right around the bracket pair [open, close] (`([x])`), else close. */
  private unwrapParens(open: number, close: number): number {
    const { tokens, match } = this;
    while (isPunct(tokens[open - 1], '(') && isPunct(tokens[close + 1], ')') && match[open - 1] === close + 1) {
      open--;
      close++;
    }
    return close;
  }

  /** Whether the `[` at `open` starts an array literal, not a computed member (`x[k]`, `f()[0]`). */
  private opensArrayLiteral(open: number): boolean {
    const before = this.tokens[open - 1];
    if (before === undefined) return true;
    if (before.type === 'IdentifierName') return RESERVED.has(before.name) || EXPRESSION_BEFORE.has(before.name) || before.name === 'new' || before.name === 'case';
    if (isPunct(before, ')') || isPunct(before, '}')) return endsStatement(this.tokens, open - 1, this.match);
    if (before.type === 'Punctuator') return before.value !== ']';
    return false;
  }

  /**
   * `g().fetch(u)` with `function g() { return globalThis }`, `r()('child_process')` with `const r =
   * () => require`: a call of a local function whose every return gives the same tracked value
   * (the global object or a global, require, a module binding, `require('m')`), followed one
   * level. The value returned whole is reported where it is returned (as today); a member reached
   * through the call is reported here.
   */
  private localFunctionCall(i: number, binding: Binding, name: string): void {
    const { tokens } = this;
    if (this.isNonReference(i)) return;
    const value = this.returnedValue(binding, name);
    if (value === undefined) return;
    const close = this.match[i + 1]!;
    if (close <= i + 1) return;
    if (value.kind === 'require') {
      if (!isPunct(tokens[close + 1], '(')) return;
      this.evasion('evasion.aliased-require', 'medium', i, `require returned by the local function ${name}() and called`);
      this.moduleCall(i, close + 1, 'require');
      return;
    }
    const chain = this.walkChain(close, value.path);
    if (chain.path.length === value.path.length && chain.computed.length === 0 && !isPunct(tokens[chain.end], '(')) return;
    this.resolveAndReport(i, value.source, value.display, chain, undefined, value.source === 'global' ? 'global' : 'module');
  }

  /** What each `const G = g()` holds, computed once per binding (see {@link callResultValue}). */
  private readonly callResults = new Map<Binding, { value: ReturnedValue; callee: string } | null>();

  /**
   * The value a local holds when it is declared as the result of a call of a local function whose
   * every return gives the same tracked value (`const G = g()` with `function g() { return
   * globalThis }`, `const r = g()` with `const g = () => require`), and is never assigned again.
   * A name picked from that result by an object pattern holds the member under its keys (`const {
   * fetch } = g()` is the global `fetch`, `const { process: { binding } } = g()` is
   * `process.binding`); a module's member picked so is that member.
   */
  private callResultValue(binding: Binding, name: string): { value: ReturnedValue; callee: string } | undefined {
    let cached = this.callResults.get(binding);
    if (cached === undefined) {
      cached = null;
      const { tokens } = this;
      // The declared target: the name itself, or the pattern it was picked from.
      const d = binding.picked?.open ?? binding.declIndex;
      const after = binding.picked !== undefined ? this.match[d]! : d;
      const keyword = tokens[d - 1];
      const callee = tokens[after + 2];
      // `const fs = deps.fsOf()`: a function another file exports that returns a module, through a namespace.
      const held = callee?.type === 'IdentifierName' && isPunct(tokens[after + 3], '.') ? this.heldReturns(after + 2) : undefined;
      if (held !== undefined && (isName(keyword, 'const') || isName(keyword, 'let') || isName(keyword, 'var')) && isPunct(tokens[after + 1], '=') && !this.facts.assigned.has(name)) {
        const close = this.match[held.open]!;
        const end = tokens[close + 1];
        const value = { kind: 'module' as const, ...held.returns, path: [...held.returns.path, ...(binding.picked?.path ?? [])] };
        if (end === undefined || end.nl || isPunct(end, ';') || isPunct(end, ',') || isPunct(end, '}')) cached = { value, callee: held.callee };
      } else if (after >= d && (isName(keyword, 'const') || isName(keyword, 'let') || isName(keyword, 'var')) && isPunct(tokens[after + 1], '=') && callee?.type === 'IdentifierName' && isPunct(tokens[after + 3], '(') && !this.facts.assigned.has(name)) {
        const close = this.match[after + 3]!;
        const end = tokens[close + 1];
        const fb = close > after + 3 ? this.facts.lookup(callee.name, after + 2) : undefined;
        if ((fb?.kind === 'local' || fb?.kind === 'require') && (end === undefined || end.nl || isPunct(end, ';') || isPunct(end, ',') || isPunct(end, '}'))) {
          const value = this.returnedValue(fb, callee.name);
          if (value !== undefined && binding.picked === undefined) cached = { value, callee: callee.name };
          else if (value?.kind === 'module') cached = { value: { ...value, path: [...value.path, ...binding.picked!.path] }, callee: callee.name };
        }
      }
      this.callResults.set(binding, cached);
    }
    return cached ?? undefined;
  }

  /**
   * `deps.fsOf(` from k: a function another file exports that returns a module (Binding.returns),
   * reached through the keys of a holder (a namespace import, a require of the file), and its call's `(`.
   */
  private heldReturns(k: number): { returns: NonNullable<Binding['returns']>; open: number; callee: string } | undefined {
    const { tokens } = this;
    let b = this.facts.lookup(tokens[k]!.name, k);
    let j = k;
    while (b?.holds !== undefined && isPunct(tokens[j + 1], '.') && tokens[j + 2]?.type === 'IdentifierName') {
      b = b.holds.get(tokens[j + 2]!.name);
      j += 2;
    }
    if (j === k || b?.returns === undefined || !isPunct(tokens[j + 1], '(')) return undefined;
    return { returns: b.returns, open: j + 1, callee: tokens.slice(k, j + 1).map((t) => (t.type === 'IdentifierName' ? t.name : '.')).join('') };
  }

  /** A use of a local holding a local function's result (see {@link callResultValue}): `G.fetch(u)`, `r('child_process')`. */
  private callResultReference(i: number, value: ReturnedValue, callee: string): void {
    const { tokens } = this;
    if (this.isNonReference(i)) return;
    if (value.kind === 'require') {
      if (!isPunct(tokens[i + 1], '(')) return;
      this.evasion('evasion.aliased-require', 'medium', i, `require returned by the local function ${callee}(), kept in a variable and called`);
      this.moduleCall(i, i + 1, 'require');
      return;
    }
    const chain = this.walkChain(i, value.path);
    if (chain.path.length === value.path.length && chain.computed.length === 0 && !isPunct(tokens[chain.end], '(')) return;
    this.resolveAndReport(i, value.source, value.display, chain, undefined, value.source === 'global' ? 'global' : 'module');
  }

  /** What each local function returns, computed once per function. */
  private readonly returnsCache = new Map<Binding, ReturnedValue | null>();

  private returnedValue(binding: Binding, name: string): ReturnedValue | undefined {
    // A function another file exports that returns a module (`import { getFs } from './deps.js'`).
    if (binding.returns !== undefined) return { kind: 'module', source: binding.returns.source, display: binding.returns.display, path: [...binding.returns.path] };
    let cached = this.returnsCache.get(binding);
    if (cached === undefined) {
      cached = this.foldReturns(binding, name) ?? null;
      this.returnsCache.set(binding, cached);
    }
    return cached ?? undefined;
  }

  private foldReturns(binding: Binding, name: string): ReturnedValue | undefined {
    const { tokens } = this;
    if (this.facts.assigned.has(name)) return undefined;
    const starts = returnedExpressions(tokens, this.match, binding.declIndex);
    if (starts === undefined) return undefined;
    let value: ReturnedValue | undefined;
    for (const start of starts) {
      const r = this.trackedValueAt(start);
      if (r === undefined) return undefined;
      const end = tokens[r.end];
      if (!(end === undefined || end.nl || isPunct(end, ';') || isPunct(end, '}') || isPunct(end, ',') || isPunct(end, ')'))) return undefined;
      if (value === undefined) value = r.value;
      else if (value.kind !== r.value.kind || (value.kind === 'module' && r.value.kind === 'module' && (value.source !== r.value.source || value.path.join('.') !== r.value.path.join('.')))) return undefined;
    }
    return value;
  }

  /**
   * The tracked value of the expression at `k`: the global object or a global (`globalThis`,
   * `self.process`), require, a module binding and its members, `require('m')` and its members;
   * in parentheses or not.
   */
  private trackedValueAt(k: number): { value: ReturnedValue; end: number } | undefined {
    const { tokens } = this;
    let parens = 0;
    while (isPunct(tokens[k], '(')) {
      parens++;
      k++;
    }
    const t = tokens[k];
    if (t?.type !== 'IdentifierName') return undefined;
    const b = this.facts.lookup(t.name, k);
    let value: ReturnedValue;
    let j = k + 1;
    if ((b === undefined && t.name === 'require') || b?.kind === 'require') {
      if (isPunct(tokens[j], '(')) {
        const arg = foldString(this.fold, j + 1);
        if (arg === undefined || !isPunct(tokens[arg.end], ')')) return undefined;
        const module = lookupModule(mapImport(arg.value, this.importMap) ?? arg.value);
        if (module === undefined) return undefined;
        value = { kind: 'module', source: module.source, display: module.display, path: [] };
        j = arg.end + 1;
      } else value = { kind: 'require' };
    } else if (b !== undefined && b.kind === 'module' && b.holds === undefined) value = { kind: 'module', source: b.source, display: b.display, path: [...b.path] };
    else if (b === undefined && (GLOBAL_ROOTS.has(t.name) || GLOBAL_NAMESPACES[t.name] !== undefined || GLOBAL_MEMBERS.has(t.name))) value = { kind: 'module', source: 'global', display: '', path: [t.name] };
    else return undefined;
    while (isPunct(tokens[j], '.') && tokens[j + 1]?.type === 'IdentifierName') {
      if (value.kind === 'require') return undefined;
      value = { ...value, path: [...value.path, tokens[j + 1]!.name] };
      j += 2;
    }
    for (; parens > 0; parens--, j++) if (!isPunct(tokens[j], ')')) return undefined;
    if (value.kind === 'module' && value.source === 'global') {
      const n = normalizeGlobal(value.path);
      value = { kind: 'module', source: n.source, display: n.display, path: n.path };
    }
    return { value, end: j };
  }

  /**
   * A require at the end of a member chain (`module.require`, `process.mainModule.require`,
   * `globalThis.require`): called, invoked through `.call`/`.apply`/`.bind`, or given a new name
   * (`const load = module.require`). `route` spells the chain for the finding.
   *
   * @returns Whether the chain was such a require.
   */
  private chainRequire(i: number, path: readonly string[], end: number, route: string): boolean {
    const { tokens } = this;
    const last = path[path.length - 1];
    if (last === 'require') {
      const open = isPunct(tokens[end], '(') ? end : isPunct(tokens[end], '?.') && isPunct(tokens[end + 1], '(') ? end + 1 : -1;
      if (open >= 0) {
        this.evasion('evasion.aliased-require', 'medium', i, `require reached through ${route}`);
        this.moduleCall(i, open, 'require');
        return true;
      }
      if (!this.facts.initBases.has(i)) return false;
      this.evasion('evasion.aliased-require', 'medium', i, `require reached through ${route}, under another name`);
      return true;
    }
    if (path[path.length - 2] !== 'require' || !(last === 'call' || last === 'apply' || last === 'bind') || !isPunct(tokens[end], '(')) return false;
    this.evasion('evasion.aliased-require', 'medium', i, `require reached through ${route}`);
    this.indirectRequire(i, last, end);
    return true;
  }

  /**
   * `require.apply(this, arguments)` inside a recognized require shim (`var __require = …`): the
   * shim forwards its own arguments, and every call through the shim is resolved as a require.
   */
  private forwardsInShim(i: number, open: number): boolean {
    const arg = splitArguments(this.tokens, this.match, open)[1];
    if (arg === undefined || arg[1] - arg[0] !== 1 || !isName(this.tokens[arg[0]], 'arguments')) return false;
    return this.facts.requireShims.some(([from, to]) => i >= from && i < to);
  }

  /**
   * A require invoked through `Function.prototype`: `require.call(t, 'm')`, `require.apply(t, ['m'])`,
   * `require.bind(t)('m')` (also after `module.require` and the like). `open` is the `(` after `member`.
   */
  private indirectRequire(i: number, member: 'call' | 'apply' | 'bind', open: number): void {
    const { tokens, match } = this;
    if (member === 'bind') {
      const second = match[open]! + 1;
      if (isPunct(tokens[second], '(')) this.moduleCall(i, second, 'require');
      return;
    }
    const arg = splitArguments(tokens, match, open)[1];
    if (arg === undefined) return;
    if (member === 'call') this.moduleCall(i, open, 'require', arg[0]);
    else if (isPunct(tokens[arg[0]], '[')) this.moduleCall(i, open, 'require', arg[0] + 1);
    else this.evasion('evasion.dynamic-require', 'medium', i, 'require.apply with arguments computed at run time');
  }

  /**
   * Whether a specifier built at run time is a runtime's scheme (`bun:`, `node:`) joined to a
   * module name that stands whole in one string literal (`['bun', 'sqlite'].join(':')`, `'node' +
   * ':' + 'sqlite'`): every literal of the expression is the scheme, `:`, the scheme with its `:`,
   * or the name, and it is built by concatenation, `join` or a template only (`` `${NODE}child_process` ``
   * with `const NODE = 'node:'`: a template's own text between its substitutions is one such
   * literal, or empty).
   */
  private schemeJoinedToWholeName(start: number, end: number, specifier: string, tricks: readonly string[]): boolean {
    const m = /^(bun|node):(.+)$/.exec(specifier);
    if (m === null || !tricks.every((t) => t === 'join' || t === 'concatenation' || t === 'template')) return false;
    const [, scheme, name] = m;
    const allowed = new Set([scheme!, `${scheme}:`, ':', name!]);
    let whole = false;
    for (let k = start; k < end; k++) {
      const t = this.tokens[k]!;
      let value: string | undefined;
      if (t.type === 'TemplateHead' || t.type === 'TemplateMiddle' || t.type === 'TemplateTail') {
        // The text of the part itself, without its delimiters (`` ` ``, `${`, `}`); escapes are not read.
        const text = t.value.slice(1, t.type === 'TemplateTail' ? -1 : -2);
        if (text.includes('\\')) return false;
        if (text === '') continue;
        value = text;
      } else if (!isStringToken(t)) continue;
      else value = cookStringToken(t)?.value;
      if (value === undefined || !allowed.has(value)) return false;
      if (value === name) whole = true;
    }
    return whole;
  }

  /**
   * An `import()` given import attributes (`{ with: { type: 'json' } }`) or a call whose specifier's
   * last literal text ends in `.json` (`require('./data/' + name + '.json')`,
   * `require(path.join(dir, 'package.json'))`): data, not code.
   */
  private jsonModuleCall(open: number): boolean {
    const { tokens } = this;
    const close = this.match[open]!;
    if (splitArguments(tokens, this.match, open).length > 1) return true;
    // The last literal text of the specifier (`path.join(__dirname, 'package.json')` too).
    for (let k = close - 1; k > open; k--) {
      const t = tokens[k]!;
      if (t.type === 'TemplateTail' || t.type === 'TemplateMiddle' || t.type === 'TemplateHead') return /\.json$/i.test(t.value.replace(/^[`}]|`$|\$\{$/g, ''));
      if (isStringToken(t)) return /\.json$/i.test(cookStringToken(t)?.value ?? '');
    }
    return false;
  }

  /**
   * `require(x)` / `import(x)` / an alias call: resolve the specifier and report. The specifier is
   * the argument at `argAt` (the first one unless the call goes through `.call`/`.apply`).
   */
  private moduleCall(i: number, open: number, kind: 'require' | 'import', argAt = open + 1): void {
    const { tokens } = this;
    if (kind === 'require') this.requireCalls.add(open);
    const arg = foldString(this.fold, argAt);
    const dynamicId = kind === 'require' ? 'evasion.dynamic-require' : 'evasion.dynamic-import';
    if (arg === undefined || !(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ',') || (argAt !== open + 1 && isPunct(tokens[arg.end], ']')))) {
      // `import(new URL('./x.js', import.meta.url))`, `require(path.join(__dirname, 'x.js'))`:
      // a file beside this one, named exactly, followed like a literal relative import.
      if (argAt === open + 1 && this.fileBesideArgument(argAt, this.match[open]!)) return;
      if (!isPunct(tokens[argAt], ')')) this.evasion(dynamicId, 'medium', i, `${kind} with a specifier computed at run time`);
      // `import(import.meta.resolve(`./plugins/${name}.js`))`, `require(path.resolve(dir, f))`: a
      // module file named at run time, whose code is loaded and run unread (heldout-code20).
      if (argAt === open + 1 && !this.jsonModuleCall(open) && runTimeModulePath({ tokens, match: this.match, lookup: (n, at) => this.facts.lookup(n, at), assigned: this.facts.assigned }, argAt)) {
        this.fixedCapability('code-evaluation.run-time-module', 'codeEvaluation', kind === 'import' ? 'import()' : 'require', i, `${kind} of a module file whose path is built at run time`);
      }
      // `import(`https://host/${name}.ts`)`: computed, but surely a URL; `import('data:text/javascript,'
      // + encodeURIComponent(code))`: computed, but surely code written into the specifier.
      // Also through a local that holds such a string (`const url = 'data:…,' + code; import(url)`).
      const head = this.literalHead(argAt);
      if (head !== undefined && (/^https?:\/\/./i.test(head) || /^data:[^,]*,/i.test(head))) this.codeSpecifier(head, i);
      return;
    }
    const specifier = arg.value;
    const target = mapImport(specifier, this.importMap) ?? specifier;
    const tricks = arg.how.filter((h) => h !== 'constant');
    const module = lookupModule(target);
    if (tricks.length > 0) {
      // `require(['bun', 'sqlite'].join(':'))` (context-mode 1.0.131): only a runtime's scheme is
      // joined to a module name spelled whole, which keeps a bundler from resolving the import;
      // a reader sees the name. Reported, not as a hidden capability.
      if ((module !== undefined || namesCapability(specifier)) && this.schemeJoinedToWholeName(argAt, arg.end, specifier, tricks)) {
        this.evasion('evasion.obfuscated-name', 'medium', i, `${kind}("${truncate(specifier)}") built by ${tricks.join(', ')}, only its scheme joined to the name spelled whole (as a bundler workaround does)`);
      } else if (module !== undefined || namesCapability(specifier)) this.evasion('evasion.obfuscated-name', 'high', i, `${kind}("${truncate(specifier)}") built by ${tricks.join(', ')}`);
      else this.evasion(dynamicId, 'low', i, `specifier "${truncate(specifier)}" built by ${tricks.join(', ')}`);
    } else if (arg.how.includes('constant')) this.evasion(dynamicId, 'low', i, `specifier is a constant ("${truncate(specifier)}")`);
    this.codeSpecifier(target, i);
    if (module === undefined) {
      if (kind === 'require' && argAt === open + 1) this.barrelUse(i, open, specifier);
      return;
    }
    const closeParen = this.match[open]!;
    let chain = this.walkChain(closeParen, []);
    // `import('m').then(…)`: the members are the promise's; the module object is what is used.
    if (kind === 'import' && ['then', 'catch', 'finally'].includes(chain.path[0] ?? '')) chain = { ...chain, path: [] };
    if (module.source === 'module' && chain.path[chain.path.length - 1] === 'createRequire') {
      this.resolveAndReport(i, module.source, module.display, chain, undefined, 'module');
      return;
    }
    // `require('module').prototype.require.call(module, 'fs')`: no row names the chain, the require does.
    if (module.source === 'module' && this.chainRequire(i, chain.path, chain.end, [`${kind}('${specifier}')`, ...chain.path].join('.'))) return;
    const resolution = resolveReference(module.source, module.display, chain.path);
    if (resolution === undefined || resolution === 'ignored') return;
    if (resolution.pattern.raw === 'module') return; // reported at the import site
    if (this.facts.initBases.has(i) || this.facts.initBases.has(open - 1)) return; // a binding's initializer: reported at the binding's uses
    this.resolveAndReport(i, module.source, module.display, chain, undefined, 'module');
  }

  /**
   * A relative require used at once, not kept in a name (collect-bindings reads a declaration's):
   * `require('./lib').fsx.writeFileSync(p)` of `exports.fsx = require('fs-extra')` is that module's
   * member, `require('./run')().spawn('ls')` of `module.exports = () => require('child_process')`
   * the module each call returns (see ScanSourceOptions.localNamedExports).
   */
  private barrelUse(i: number, open: number, specifier: string): void {
    const barrel = this.localNamedExports?.[specifier];
    if (barrel === undefined || this.facts.initBases.has(i)) return;
    const { tokens } = this;
    let at = this.match[open]!;
    const member = isPunct(tokens[at + 1], '.') && tokens[at + 2]?.type === 'IdentifierName' ? tokens[at + 2]!.name : undefined;
    const named = member !== undefined && member !== '*' && Object.hasOwn(barrel, member) ? barrel[member]! : undefined;
    const entry = named ?? barrel['*'];
    if (entry === undefined || entry.holds !== undefined) return;
    if (named !== undefined) at += 2;
    if (entry.called === true) {
      if (!isPunct(tokens[at + 1], '(')) return;
      at = this.match[at + 1]!;
    }
    const owner = lookupModule(mapImport(entry.module, this.importMap) ?? entry.module);
    if (owner === undefined) return;
    const chain = this.walkChain(at, entry.path);
    if (chain.path.length === entry.path.length && chain.computed.length === 0 && !isPunct(tokens[chain.end], '(')) return;
    this.resolveAndReport(i, owner.source, owner.display, chain, undefined, 'module');
  }

  // ---- members and special names --------------------------------------------------------------

  private memberName(i: number): void {
    const { tokens } = this;
    const name = tokens[i]!.name;
    if (name === 'constructor') this.constructorAccess(i, false);
    else if ((name === '_load' || name === '_compile') && this.definesOwn(name) && (isName(tokens[i - 2], 'this') || !this.mayBeNodeModule(i - 2))) {
      // `this._compile(schema)` of a file that defines `_compile` (ajv), a class's own `_load()`:
      // the file's own method, not Node's Module._load / module._compile. Without a definition in
      // the file `this` may be a Module (`run.call(new Module(…))`); a decoy definition does not
      // hide `module._compile(…)`.
    } else if (name === '_load' && isPunct(tokens[i + 1], '(')) {
      this.evasion('evasion.aliased-require', 'high', i, 'module loader reached through Module._load');
      this.moduleCall(i, i + 1, 'require');
    } else if (name === '_compile' && isPunct(tokens[i + 1], '(')) {
      this.fixedCapability('code-evaluation.module-internals', 'codeEvaluation', 'module._compile', i, 'compiles a string as a module');
    } else if (name === 'require') this.requireMethod(i);
    else this.receiverMethod(i);
  }

  /**
   * `sharp(i).toFile(o)`, `workbook.xlsx.writeFile(p)`, `parser.parseURL(u)`: a method of an object
   * a file or network package made ({@link RECEIVER_METHODS}), where the file imports that package.
   */
  private receiverMethod(i: number): void {
    const { tokens } = this;
    const name = tokens[i]!.name;
    const method = RECEIVER_METHODS.get(name);
    if (method === undefined || !isPunct(tokens[i + 1], '(')) return;
    if (method.after !== undefined && !(tokens[i - 2]?.type === 'IdentifierName' && method.after.includes(tokens[i - 2]!.name))) return;
    if (method.option !== undefined && !this.optionSet(i + 1, 0, method.option)) return;
    const imports = method.imports ?? [method.source];
    // One look through the imports per method name, not per call (a file may hold thousands of both).
    this.methodImports ??= new Map();
    if (!this.methodImports.has(name)) this.methodImports.set(name, this.facts.imports.find((s) => s.module !== undefined && imports.includes(s.module.source))?.module);
    const imported = this.methodImports.get(name);
    if (imported === undefined) return;
    if (this.receiverOrigin(i, imports) === 'other') return;
    const resolution = resolveReference(method.source, imported.display, [name]);
    if (resolution === undefined || resolution === 'ignored') return;
    this.capability(resolution, i, resolution.pattern.access, `${name} in a file that imports ${imported.display}; the receiver is not followed from the call that made it`);
  }

  /**
   * Where the receiver of the method at `i` was made, when that is visible: `library` for a value
   * of one of `imports` or made by a call of one (`const img = sharp(p)`, `const page = await
   * browser.newPage()` of a `browser = await puppeteer.launch()`), `other` for another package's
   * value or a class the file declares (`const cam = new Camera()`), undefined otherwise (a
   * parameter, a relative import, a local function's result, a longer member chain).
   */
  private receiverOrigin(i: number, imports: readonly string[]): 'library' | 'other' | undefined {
    const { tokens } = this;
    const head = tokens[i - 2];
    if (!(isPunct(tokens[i - 1], '.') || isPunct(tokens[i - 1], '?.')) || head?.type !== 'IdentifierName' || isPunct(tokens[i - 3], '.') || isPunct(tokens[i - 3], '?.')) return undefined;
    return this.nameOrigin(head.name, i - 2, imports, 0);
  }

  /** Where the value a name holds at `at` was made: see {@link receiverOrigin}. */
  private nameOrigin(name: string, at: number, imports: readonly string[], depth: number): 'library' | 'other' | undefined {
    const { tokens } = this;
    const b = this.facts.lookup(name, at);
    if (b === undefined) return undefined;
    if (b.kind === 'module' || b.kind === 'handle') return imports.includes(b.source) ? 'library' : 'other';
    // A name assigned again may hold a value made elsewhere (`let img = new Other(); img = sharp(i)`).
    if (b.kind !== 'local' || depth > 3 || this.facts.assigned.has(name)) return undefined;
    const d = b.declIndex;
    // A class that extends another may inherit the library's method (`class Img extends Base`).
    if (isName(tokens[d - 1], 'class')) return isName(tokens[d + 1], 'extends') || isPunct(tokens[d + 1], '<') ? undefined : 'other';
    const site = this.importAt(d);
    if (site !== undefined) {
      if (site.record.kind === 'relative') return undefined;
      return site.module !== undefined && imports.includes(site.module.source) ? 'library' : 'other';
    }
    if (!isPunct(tokens[d + 1], '=')) return undefined;
    let k = d + 2;
    if (isName(tokens[k], 'await')) k++;
    if (isName(tokens[k], 'new')) k++;
    const start = k;
    if (tokens[k]?.type !== 'IdentifierName') return undefined;
    while (isPunct(tokens[k + 1], '.') && tokens[k + 2]?.type === 'IdentifierName') k += 2;
    if (!isPunct(tokens[k + 1], '(')) return undefined;
    return this.nameOrigin(tokens[start]!.name, start, imports, depth + 1);
  }

  /** The import that enables each receiver method, looked up on first use. */
  private methodImports: Map<string, FileFacts['imports'][number]['module']> | undefined;

  /** Import statements as `[start, end, site]` sorted by start, built on first use. */
  private importRanges: Array<[number, number, FileFacts['imports'][number] | undefined]> | undefined;

  /** The import statement that declares the name at token `d`, if any. */
  private importAt(d: number): FileFacts['imports'][number] | undefined {
    if (this.importRanges === undefined) {
      const sites = [...this.facts.imports].sort((a, b) => a.index - b.index);
      const ranges = [...this.facts.skip].sort((a, b) => a[0] - b[0]);
      let k = 0;
      this.importRanges = ranges.map(([start, end]) => {
        while (k < sites.length && sites[k]!.index < start) k++;
        return [start, end, k < sites.length && sites[k]!.index <= end ? sites[k] : undefined];
      });
    }
    const ranges = this.importRanges;
    const range = ranges[partitionPoint(ranges.length, (i) => ranges[i]![0] <= d) - 1];
    return range !== undefined && range[1] >= d ? range[2] : undefined;
  }

  /** The `(` of every require call resolved so far (a chain from `module`, `require.main`, …). */
  private readonly requireCalls = new Set<number>();
  private privateRequireNames: Set<string> | undefined;

  /** Private field names the file assigns require to (`#load = require`, `X.#load = process.getBuiltinModule`), as `#load`. */
  private privateRequires(): Set<string> {
    if (this.privateRequireNames !== undefined) return this.privateRequireNames;
    const names = new Set<string>();
    const { tokens } = this;
    for (let k = 2; k < tokens.length; k++) {
      if (isName(tokens[k], 'require') && isPunct(tokens[k - 1], '=') && tokens[k - 2]?.type === 'PrivateIdentifier' && !isPunct(tokens[k + 1], '.') && !isPunct(tokens[k + 1], '(')) names.add(tokens[k - 2]!.name);
    }
    return (this.privateRequireNames = names);
  }

  /**
   * `.require('child_process')` on a receiver no chain resolves (`module.children[0].require`,
   * `m.require` of a `const m = module.children.at(-1)`, also with a computed key
   * `m['require']`; `i` is the name or the key's `]`): every Node module object has that
   * method, so a call naming a known module loads it. Calls naming anything else (yargs'
   * `.require('port')`, a plugin's own loader) stay silent.
   */
  private requireMethod(i: number): void {
    const { tokens } = this;
    const open = isPunct(tokens[i + 1], '(') ? i + 1 : isPunct(tokens[i + 1], '?.') && isPunct(tokens[i + 2], '(') ? i + 2 : -1;
    if (open < 0 || this.requireCalls.has(open)) return;
    const arg = foldString(this.fold, open + 1);
    if (arg === undefined || !(isPunct(tokens[arg.end], ')') || isPunct(tokens[arg.end], ',')) || lookupModule(arg.value) === undefined) return;
    this.evasion('evasion.aliased-require', 'medium', i, `require called as a method of a value known only at run time ("${truncate(arg.value)}")`);
    this.moduleCall(i, open, 'require');
  }

  private ownMembers: Set<string> | undefined;

  /**
   * Whether the argument [from, to] is one name declared in this file as a function literal
   * (`const af = async function () {}`, `let g = async () => {}`, `function* gen() {}`): its
   * prototype's constructor is AsyncFunction / GeneratorFunction as surely as the literal's.
   */
  private namesFunctionLiteral(to: number, from: number): boolean {
    const { tokens } = this;
    if (from !== to || tokens[from]?.type !== 'IdentifierName') return false;
    const b = this.facts.lookup(tokens[from]!.name, from);
    if (b === undefined || b.kind !== 'local') return false;
    const d = b.declIndex;
    if (isName(tokens[d - 1], 'function') || (isPunct(tokens[d - 1], '*') && isName(tokens[d - 2], 'function'))) return true;
    if (!isPunct(tokens[d + 1], '=')) return false;
    let k = d + 2;
    if (isName(tokens[k], 'async')) k++;
    if (isName(tokens[k], 'function')) return true;
    const close = isPunct(tokens[k], '(') ? this.match[k] : tokens[k]?.type === 'IdentifierName' ? k : undefined;
    return close !== undefined && isPunct(tokens[close + 1], '=>');
  }

  /** Whether the receiver ending at `at` can be Node's `module` / `Module` (or `require('module')`). */
  private mayBeNodeModule(at: number): boolean {
    const r = this.tokens[at];
    if (r === undefined || r.type !== 'IdentifierName') return isPunct(r, ')') || isPunct(r, ']');
    if (r.name === 'module' || r.name === 'Module') return true;
    const b = this.facts.lookup(r.name, at);
    return b !== undefined && b.kind === 'module' && b.source === 'module';
  }

  /**
   * Whether this file defines a function or method of this name itself: `function _compile(`,
   * a method `_compile(…) {` in a class or object, or a property `_load: function` /
   * `_load: (…) =>`. An assignment (`mod._compile = …`) is no definition: require hooks patch
   * Node's own method that way and then call it.
   */
  private definesOwn(name: string): boolean {
    if (this.ownMembers === undefined) {
      const { tokens, match } = this;
      const own = new Set<string>();
      for (let k = 0; k < tokens.length; k++) {
        const t = tokens[k]!;
        if (t.type !== 'IdentifierName' || (t.name !== '_load' && t.name !== '_compile')) continue;
        const prev = tokens[k - 1];
        const next = tokens[k + 1];
        const declared = isName(prev, 'function')
          || (isPunct(next, '(') && !isPunct(prev, '.') && !isPunct(prev, '?.') && isPunct(tokens[Math.min(match[k + 1]!, tokens.length - 1) + 1], '{'))
          || (isPunct(next, ':') && (isPunct(prev, '{') || isPunct(prev, ',')) && (isName(tokens[k + 2], 'function') || isName(tokens[k + 2], 'async') || isPunct(tokens[k + 2], '(')));
        if (declared) own.add(t.name);
      }
      this.ownMembers = own;
    }
    return this.ownMembers.has(name);
  }

  /**
   * `x.constructor(...)`, `x.constructor.constructor`, `x['constructor']`, `getPrototypeOf(async function(){}).constructor`.
   * `how`: the tricks that built a computed key (a key assembled or decoded at all is high).
   */
  private constructorAccess(i: number, computed: boolean, how: readonly string[] = []): void {
    const { tokens } = this;
    const next = tokens[i + 1];
    const receiverEnd = computed ? this.match[i]! - 1 : i - 2;
    const receiver = tokens[receiverEnd];
    if (!computed && isName(receiver, 'constructor')) return; // the second link of a chain reported at the first
    let confidence: Confidence | undefined;
    if ((isPunct(next, '.') && isName(tokens[i + 2], 'constructor')) || (isPunct(next, '[') && tokens[i + 2] !== undefined && isStringToken(tokens[i + 2]) && cookStringToken(tokens[i + 2]!)!.value === 'constructor')) confidence = 'high';
    else if (isPunct(next, '(')) {
      if (isName(receiver, 'this') || isName(receiver, 'super')) return;
      if (isName(tokens[receiverEnd - 1], 'new')) return; // new x.constructor(...) copies an object
      const firstArg = tokens[i + 2];
      confidence = computed || isStringToken(firstArg) || firstArg?.type === 'TemplateHead' ? 'high' : 'medium';
    } else if (isPunct(receiver, ')') && isName(tokens[this.match[receiverEnd]! - 1], 'getPrototypeOf')) {
      // `getPrototypeOf(async function () {}).constructor` is AsyncFunction; of anything else
      // (`getPrototypeOf(this).constructor` clones an instance, `.name` names its class) a class.
      confidence = this.functionLiteralEnds(receiverEnd) || this.namesFunctionLiteral(receiverEnd - 1, this.match[receiverEnd]! + 1) ? 'medium' : 'low';
    }
    else if (this.functionLiteralEnds(receiverEnd)) confidence = 'medium'; // (async () => {}).constructor, function* () {}.constructor
    else if (isName(receiver, 'prototype') && isPunct(tokens[receiverEnd - 1], '.') && /^(?:Async|AsyncGenerator|Generator)?Function$/.test(tokens[receiverEnd - 2]?.name ?? '')) confidence = 'medium'; // Function.prototype.constructor
    else if (computed) confidence = 'low';
    const tricks = how.filter((h) => h !== 'constant');
    if (tricks.length > 0) confidence = 'high';
    if (confidence === undefined) return;
    if (confidence !== 'low') this.fixedCapability('code-evaluation.function-constructor', 'codeEvaluation', 'Function', i, 'the Function constructor reached through .constructor');
    const built = how.length > 0 ? ` (the key folded from ${how.join(', ')})` : '';
    this.evasion('evasion.constructor-chain', confidence, i, computed ? `constructor reached with a computed key${built}` : 'constructor reached through a property chain');
  }

  /**
   * `with (process) { binding('fs') }`: the bare names in the body are looked up on the object
   * first, so they may be members of a capability module or global the scan cannot tell apart
   * from locals. The object is one when it is a module binding, `require(…)`, or an unbound
   * `process`, `globalThis`, `global`, `self`, `window`, `Deno` or `Bun` (with members after it).
   */
  private withStatement(i: number): void {
    const { tokens, match } = this;
    const close = match[i + 1]!;
    const head = tokens[i + 2];
    if (head?.type !== 'IdentifierName' || close <= i + 2) return;
    const binding = this.facts.lookup(head.name, i + 2);
    const capability = binding === undefined
      ? WITH_GLOBALS.has(head.name) || (head.name === 'require' && isPunct(tokens[i + 3], '('))
      : binding.kind === 'module' || binding.kind === 'require';
    if (capability) this.evasion('evasion.with-statement', 'medium', i, `with puts ${head.name}${isPunct(tokens[i + 3], '(') ? '(…)' : ''} in scope: the bare names in its body may be its members`);
  }

  /**
   * `const { constructor: F } = () => {}`: a destructuring pattern reads `.constructor` of its
   * initializer, the Function constructor (medium) when that is a function literal or the
   * prototype of one, else a low note as `x["constructor"]`. An object literal's key is nothing.
   */
  private destructuredConstructor(i: number): void {
    const { tokens, match } = this;
    if (!isPunct(tokens[i - 1], '{') && !isPunct(tokens[i - 1], ',')) return;
    const open = this.enclosingOpener(i - 1);
    if (open < 0 || !isPunct(tokens[open], '{')) return;
    const close = match[open]!;
    if (close <= open || !isPunct(tokens[close + 1], '=')) return;
    let init = close + 2;
    if ((isName(tokens[init], 'Object') || isName(tokens[init], 'Reflect')) && isPunct(tokens[init + 1], '.') && isName(tokens[init + 2], 'getPrototypeOf') && isPunct(tokens[init + 3], '(')) init += 4;
    // `const { constructor: { constructor: F } } = {}`: x.constructor.constructor, of anything.
    if (isPunct(tokens[i + 1], ':') && isPunct(tokens[i + 2], '{') && this.patternHasKey(i + 2, 'constructor')) {
      this.fixedCapability('code-evaluation.function-constructor', 'codeEvaluation', 'Function', i, 'the Function constructor read by a nested destructuring pattern (constructor of a constructor)');
      this.evasion('evasion.constructor-chain', 'high', i, 'constructor of a constructor read by a nested destructuring pattern');
      return;
    }
    const confidence: Confidence = this.functionLiteralStarts(init) ? 'medium' : 'low';
    if (confidence !== 'low') this.fixedCapability('code-evaluation.function-constructor', 'codeEvaluation', 'Function', i, 'the Function constructor read by a destructuring pattern');
    this.evasion('evasion.constructor-chain', confidence, i, 'constructor read by a destructuring pattern');
  }

  /** Whether the object pattern opened at `open` takes `key` at its own level (`{ key: x }`, `{ key }`, `{ a, key = d }`). */
  private patternHasKey(open: number, key: string): boolean {
    const { tokens, match } = this;
    const close = match[open]!;
    for (let k = open + 1; k < close && k < tokens.length; k++) {
      const t = tokens[k]!;
      if (isPunct(t, '{') || isPunct(t, '[') || isPunct(t, '(')) { k = match[k]!; continue; }
      if (isName(t, key) && (isPunct(tokens[k - 1], '{') || isPunct(tokens[k - 1], ',')) && (isPunct(tokens[k + 1], ':') || isPunct(tokens[k + 1], ',') || isPunct(tokens[k + 1], '}') || isPunct(tokens[k + 1], '='))) return true;
    }
    return false;
  }

  /**
   * The innermost bracket still open at token `from` (walking back over closed pairs), or -1 at
   * the top level or when the brackets do not pair.
   */
  private enclosingOpener(from: number): number {
    const { tokens, match } = this;
    for (let k = from; k >= 0; k--) {
      const t = tokens[k]!;
      if (t.type !== 'Punctuator') continue;
      if (t.value === ')' || t.value === ']' || t.value === '}') {
        const o = match[k]!;
        if (o < 0 || o >= k) return -1;
        k = o;
      } else if (t.value === '(' || t.value === '[' || t.value === '{') return k;
    }
    return -1;
  }

  /**
   * `Reflect.get(() => {}, 'constructor')`, `Object.getOwnPropertyDescriptor(f, 'constructor')`:
   * `.constructor` read by reflection of a receiver that is not one name (a name's is rewritten to
   * `f['constructor']` and read there). Medium with the Function constructor for a function
   * literal or its prototype, high for a key built at run time, else low.
   */
  private reflectedConstructor(i: number): void {
    const { tokens, match } = this;
    const method = tokens[i + 2]?.type === 'IdentifierName' ? tokens[i + 2]!.name : '';
    if (!(method === 'getOwnPropertyDescriptor' || (method === 'get' && isName(tokens[i], 'Reflect')))) return;
    if (this.facts.lookup(tokens[i]!.name, i) !== undefined) return;
    const open = i + 3;
    const close = match[open]!;
    if (close <= open) return;
    let comma = -1;
    for (let k = open + 1; k < close; k++) {
      const t = tokens[k]!;
      if (isPunct(t, '(') || isPunct(t, '[') || isPunct(t, '{')) k = Math.max(k, match[k]!);
      else if (isPunct(t, ',')) {
        comma = k;
        break;
      }
    }
    if (comma < 0) return;
    const first = open + 1;
    // One name is rewritten before this (normalize-ts) and reported as a computed member.
    if (comma === first + 1 && tokens[first]?.type === 'IdentifierName') return;
    const key = foldString(this.fold, comma + 1);
    if (key === undefined || key.value !== 'constructor' || !(isPunct(tokens[key.end], ')') || isPunct(tokens[key.end], ','))) return;
    let receiver = first;
    if ((isName(tokens[receiver], 'Object') || isName(tokens[receiver], 'Reflect')) && isPunct(tokens[receiver + 1], '.') && isName(tokens[receiver + 2], 'getPrototypeOf') && isPunct(tokens[receiver + 3], '(')) receiver += 4;
    let confidence: Confidence = this.functionLiteralStarts(receiver) ? 'medium' : 'low';
    if (key.how.some((h) => h !== 'constant')) confidence = 'high';
    if (confidence !== 'low') this.fixedCapability('code-evaluation.function-constructor', 'codeEvaluation', 'Function', i, 'the Function constructor read by reflection');
    this.evasion('evasion.constructor-chain', confidence, i, `constructor read by ${tokens[i]!.name}.${method}`);
  }

  /** Whether a function literal starts at token `start`: `function`, `async`, `x =>`, `(…) =>`, also in parentheses. */
  private functionLiteralStarts(start: number): boolean {
    const { tokens, match } = this;
    let k = start;
    while (isPunct(tokens[k], '(') && !isPunct(tokens[match[k]! + 1], '=>')) k++;
    if (isName(tokens[k], 'async')) k++;
    const t = tokens[k];
    if (isName(t, 'function')) return true;
    if (t?.type === 'IdentifierName') return isPunct(tokens[k + 1], '=>');
    return isPunct(t, '(') && isPunct(tokens[match[k]! + 1], '=>');
  }

  /**
   * `x[k]` or `x['constr' + 'uctor']`: a computed member key other than one plain literal (those
   * are read with the literals) that folds to `constructor` or `require`.
   */
  private computedKey(open: number): void {
    const { tokens, match } = this;
    const close = match[open]!;
    if (close <= open + 1 || (close === open + 2 && isStringToken(tokens[open + 1])) || !this.opensMember(open)) return;
    const folded = foldString(this.fold, open + 1);
    if (folded === undefined || folded.end !== close) return;
    if (folded.value === 'constructor') this.constructorAccess(close, true, folded.how);
    else if (folded.value === 'require') this.requireMethod(close);
  }

  /**
   * Whether the `[` at `open` reads a member: it follows what ends an operand. `{ ["k"]: 1 }` and
   * `[["k"]]` are a computed key and an array.
   */
  /**
   * Whether the `[` at `open` starts the computed name of a method or accessor in a class body or
   * object literal: `get [k]() {`, `static async [k](a) {`, `*[k]() {` after a member's start,
   * with a body (or a TypeScript return type) after the parameters.
   */
  private computedMethodName(open: number): boolean {
    const { tokens, match } = this;
    const prev = tokens[open - 1];
    const close = match[open]!;
    if (prev === undefined || !isPunct(tokens[close + 1], '(')) return false;
    const after = tokens[match[close + 1]! + 1];
    if (!(isPunct(after, '{') || isPunct(after, ':'))) return false;
    if (!(prev.type === 'Punctuator' ? METHOD_PREFIX.has(prev.value) : prev.type === 'IdentifierName' && METHOD_PREFIX.has(prev.name))) return false;
    return this.opensMemberList(this.facts.brace[open]!);
  }

  private opensMember(open: number): boolean {
    const before = this.tokens[open - 1];
    return before !== undefined && (before.type === 'IdentifierName' ? (!EXPRESSION_BEFORE.has(before.name) && !RESERVED.has(before.name)) || isName(before, 'this') || isName(before, 'super')
      : isPunct(before, ')') || isPunct(before, ']') || isPunct(before, '?.') || before.type === 'StringLiteral' || before.type === 'TemplateTail' || before.type === 'NoSubstitutionTemplate');
  }

  /**
   * Whether a function literal ends at token `end`: `function () {}`, `() => {}` or either in
   * parentheses. A body's `{` follows `)` or `=>` (a statement block cannot be followed by `.`).
   */
  private functionLiteralEnds(end: number): boolean {
    const { tokens, match } = this;
    let close = end;
    if (isPunct(tokens[close], ')')) close -= 1;
    if (!isPunct(tokens[close], '}')) return false;
    const open = match[close];
    if (open === undefined) return false;
    const before = tokens[open - 1];
    return isPunct(before, ')') || isPunct(before, '=>');
  }

  private escapedIdentifier(i: number): void {
    const t = this.tokens[i]!;
    const ascii = /^[\x00-\x7f]*$/.test(t.name);
    this.evasion('evasion.escaped-identifier', ascii ? 'high' : 'low', i, `"${truncate(t.value)}" is ${t.name}`);
  }

  private fromCharCode(i: number): void {
    const { tokens } = this;
    if (!isPunct(tokens[i + 1], '.') || !(isName(tokens[i + 2], 'fromCharCode') || isName(tokens[i + 2], 'fromCodePoint'))) return;
    if (isPunct(tokens[i + 3], '(')) {
      const folded = foldString(this.fold, i);
      if (folded !== undefined && folded.how.includes('char-codes')) {
        const args = splitArguments(tokens, this.match, i + 3).length;
        const confidence: Confidence = namesCapability(folded.value) || looksLikeCode(folded.value) ? 'high' : args >= 3 ? 'medium' : 'low';
        this.evasion('evasion.from-char-code', confidence, i, `decodes to "${truncate(folded.value)}"`);
        return;
      }
    }
    this.evasion('evasion.from-char-code', 'low', i, 'character codes computed at run time');
  }

  private base64Decode(i: number): void {
    const { tokens, match } = this;
    let dataStart: number;
    let encoding = 'base64';
    if (tokens[i]!.name === 'atob') {
      if (!isPunct(tokens[i + 1], '(')) return;
      dataStart = i + 2;
    } else {
      if (!(isPunct(tokens[i + 1], '.') && isName(tokens[i + 2], 'from') && isPunct(tokens[i + 3], '('))) return;
      if (isPunct(tokens[i + 4], '[')) {
        // Buffer.from([99, 104, …]).toString(): character codes, as String.fromCharCode.
        const folded = foldString(this.fold, i);
        if (folded === undefined || !folded.how.includes('char-codes')) return;
        const count = splitArguments(tokens, match, i + 4).length;
        const confidence: Confidence = namesCapability(folded.value) || looksLikeCode(folded.value) ? 'high' : count >= 3 ? 'medium' : 'low';
        this.evasion('evasion.from-char-code', confidence, i, `decodes to "${truncate(folded.value)}"`);
        return;
      }
      const args = splitArguments(tokens, match, i + 3);
      if (args.length < 2) return;
      const enc = foldString(this.fold, args[1]![0]);
      if (enc === undefined) return;
      encoding = enc.value.toLowerCase();
      if (encoding !== 'base64' && encoding !== 'base64url' && encoding !== 'hex') return;
      dataStart = i + 4;
    }
    const data = foldString(this.fold, dataStart);
    if (data === undefined) return;
    const hex = encoding === 'hex';
    if (hex ? data.value.length < 16 || !/^[0-9a-fA-F]+$/.test(data.value) : !looksLikeBase64(data.value)) return;
    const bytes = hex ? decodeHexBytes(data.value) : decodeBase64Bytes(data.value);
    const decoded = bytes === undefined ? undefined : printableText(bytes);
    // Decoded text handed straight to an evaluator is code whatever it reads like.
    const evaluated = isPunct(tokens[i - 1], '(') && CODE_EVALUATORS.has(tokens[i - 2]?.name ?? '') && decoded !== undefined;
    const suspicious = decoded !== undefined && (evaluated || looksLikeCode(decoded) || namesCapability(decoded));
    const shown = decoded === undefined ? `decodes a ${data.value.length}-character ${encoding} blob to binary data` : `decodes to "${truncate(decoded)}"${evaluated ? `, evaluated by ${tokens[i - 2]!.name}` : ''}`;
    this.evasion('evasion.base64-decode', suspicious ? 'high' : 'low', i, shown);
  }

  // ---- literals and file-level heuristics -----------------------------------------------------

  private literal(i: number): void {
    const { tokens } = this;
    const t = tokens[i]!;
    if (t.value.length < ENTROPY_MIN_LENGTH + 2 && !(isPunct(tokens[i - 1], '[') && isPunct(tokens[i + 1], ']'))) return;
    const cooked = cookStringToken(t)!;
    const value = cooked.value;
    if (value === 'constructor' && isPunct(tokens[i - 1], '[') && isPunct(tokens[i + 1], ']')) {
      // `x["constructor"]` reads a member; `{ ["constructor"]: 1 }`, `[["constructor"]]` and a
      // method named by it (`get ["constructor"]() { return Base; }`) do not.
      if (this.opensMember(i - 1) && !this.computedMethodName(i - 1)) this.constructorAccess(i + 1, true, cooked.hidesAscii ? ['escapes'] : []);
      return;
    }
    // `module['children'][0]['require']('child_process')`, as `.require(…)` on an unknown receiver.
    if (value === 'require' && isPunct(tokens[i - 1], '[') && isPunct(tokens[i + 1], ']')) {
      if (this.opensMember(i - 1)) this.requireMethod(i + 1);
      return;
    }
    if (value.length >= ENTROPY_MIN_LENGTH) {
      const entropy = highEntropyOf(value);
      if (entropy !== undefined) this.evasion('evasion.high-entropy-literal', 'low', i, `${value.length} characters, ${entropy.toFixed(2)} bits per character`, true);
    }
  }

  private fileHeuristics(): void {
    const { lex } = this;
    if (lex.length > 0) {
      const ratio = lex.escapedChars / lex.length;
      if (ratio > ESCAPE_DENSITY_THRESHOLD) {
        const first = this.tokens.findIndex((t) => t.value.includes('\\'));
        this.evasion('evasion.escape-density', ratio > ESCAPE_DENSITY_HIGH ? 'high' : 'medium', Math.max(0, first), `${(ratio * 100).toFixed(1)} % of the file is escape sequences that spell visible characters`);
      }
    }
    const lines = new Set<string>();
    for (const c of lex.invisibles) {
      const key = `${c.category}|${c.context}|${c.line}`;
      if (lines.has(key)) continue;
      lines.add(key);
      const hex = codePointLabel(c.codePoint);
      const finding = (id: string, confidence: Confidence, detail: string): void => {
        const n = (this.perId.get(id) ?? 0) + 1;
        this.perId.set(id, n);
        if (n > PER_FILE_CAP) return;
        this.push({ id, kind: 'evasion', level: evasionLevel(confidence), confidence, file: this.file, line: c.line, column: c.column, evidence: evidenceAt(this.text, c.line), detail });
      };
      if (c.category === 'bidi') finding('evasion.bidi-control', 'high', `${hex} in ${c.context}`);
      else {
        const tag = c.codePoint >= 0xe0000;
        const confidence: Confidence = c.context === 'code' ? 'high' : tag ? 'medium' : 'low';
        finding('evasion.invisible-character', confidence, `${hex} in ${c.context}`);
      }
    }
  }

  // ---- after the walk -------------------------------------------------------------------------

  /**
   * A specifier that loads code which is not JavaScript source of the package: a `.node` addon, a
   * `.wasm` module, or a `data:` URL whose text is the module (JSON data excepted).
   */
  private codeSpecifier(specifier: string, i: number): void {
    const { tokens } = this;
    if (/^https?:\/\//i.test(specifier)) {
      // `import('https://…')` fetches code when it runs (Deno). A static URL import is the
      // dependency mechanism of Deno (resolved at start-up, pinned by deno.lock): one that names
      // a registry package (`https://deno.land/std@…/fs/mod.ts`, `https://esm.sh/execa@8`) is a
      // package like `jsr:@std/fs`; one that names a file on some other server is code the
      // handler runs that no offline scan can read: not analyzed, never clean.
      const call = tokens[i]?.type === 'IdentifierName' && isPunct(tokens[i + 1], '(');
      if (!call) {
        if (isRemoteFileSpecifier(specifier)) {
          this.push({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file: this.file, ...this.at(i), detail: `remote module "${truncate(specifier)}" is not read: its code is fetched from the network when the handler starts, and the scan is offline` });
        }
        return;
      }
      this.fixedCapability('code-evaluation.remote-import', 'codeEvaluation', 'remote-import', i, `imports "${truncate(specifier)}" at run time`);
      this.fixedCapability('network.remote-import', 'network', 'remote-import', i, `fetches "${truncate(specifier)}"`);
      return;
    }
    if (/\.node$/i.test(specifier)) this.fixedCapability('code-evaluation.native-addon', 'codeEvaluation', 'native-addon', i, `loads "${truncate(specifier)}"`);
    else if (/\.wasm$/i.test(specifier)) this.fixedCapability('code-evaluation.webassembly', 'codeEvaluation', 'wasm-module', i, `loads "${truncate(specifier)}"`);
    else if (/^data:/i.test(specifier) && !/^data:application\/json[;,]/i.test(specifier)) {
      this.fixedCapability('code-evaluation.data-url-import', 'codeEvaluation', 'data-url-import', i, `imports "${truncate(specifier)}"`);
    }
  }

  /** Packages whose import is the capability (`axios`, `execa`) are reported at the import; `.node`, `.wasm` and `data:` imports load code. */
  private importSites(): void {
    for (const site of this.facts.imports) {
      if (!site.record.typeOnly) this.codeSpecifier(mapImport(site.record.specifier, this.importMap) ?? site.record.specifier, site.index);
      if (site.module === undefined || site.record.typeOnly) continue;
      const resolution = resolveReference(site.module.source, site.module.display, []);
      if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw !== 'module') continue;
      if (this.onlyInertUses(site)) continue;
      this.capability(resolution, site.index, resolution.pattern.access, `imports "${site.record.specifier}"`);
    }
    // A package whose import is the capability, imported through a local file that re-exports it
    // (`import { execa } from './lib.js'`, lib.js holding `export { execa } from 'execa'`): at the
    // name, unless only used inertly (see onlyInertUses).
    for (const b of this.facts.all()) {
      if (b.kind !== 'module' || b.through === undefined) continue;
      const reads = isPackageSubpath(mapImport(b.specifier, this.importMap) ?? b.specifier);
      if (b.refs > 0 && (b.classChecks ?? 0) + (reads ? b.constantReads ?? 0 : 0) === b.refs) continue;
      const resolution = resolveReference(b.source, b.display, []);
      if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw !== 'module') continue;
      this.capability(resolution, b.declIndex, resolution.pattern.access, `imports "${b.specifier}" through "${b.through}"`);
    }
  }

  /**
   * Whether a static `import { A, B } from 'm'` (nothing else of the module imported) uses each
   * name it imports, and only inertly: as the right operand of `instanceof` (an error class the
   * handler checks a caught value against: `import { CalDAVError } from 'ts-caldav'`, `e instanceof
   * CalDAVError`) or, for an import of a module below the package's root, to read one constant of
   * an enum-like object (`import { BuildStatus } from
   * 'azure-devops-node-api/interfaces/BuildInterfaces'`, `BuildStatus.Completed`,
   * `ReleaseStatus[r.status]`; see {@link isConstantRead}). Neither runs anything of the package,
   * so the import is no use of it. A constant read from the package's root still counts: a root
   * exports the client classes, and what reads like a constant may be one (`Pool.Native`, then
   * constructed). A name never referenced still counts (an unused import of a client package is
   * reported, as before).
   */
  private onlyInertUses(site: ImportSite): boolean {
    const at = site.nameIndexes;
    if (at === undefined || at.length === 0) return this.onlyInertNamespace(site);
    const bindings = this.facts.all().filter((b) => b.fromImport && at.includes(b.declIndex));
    const reads = isPackageSubpath(mapImport(site.record.specifier, this.importMap) ?? site.record.specifier);
    return bindings.length === at.length && bindings.every((b) => b.refs > 0 && (b.classChecks ?? 0) + (reads ? b.constantReads ?? 0 : 0) === b.refs);
  }

  /**
   * Whether a whole module bound to one name (TypeScript's CommonJS output `const m_1 =
   * require("m")`, also through its `__importDefault`/`__importStar` helpers and esbuild's
   * `__toESM`, or `import * as m from 'm'`) is used only as the namespace of error classes a caught
   * value is checked against (`e instanceof m_1.CalDAVError`, `e instanceof m_1.default.AxiosError`):
   * what `import { CalDAVError } from 'm'` compiles to, and as inert as it (see
   * {@link onlyInertUses}). The name must be declared by the import itself and used at least once.
   */
  private onlyInertNamespace(site: ImportSite): boolean {
    const tokens = this.tokens;
    const bound = (b: Binding): boolean => {
      const d = b.declIndex;
      if (isName(tokens[d - 1], 'as') && isPunct(tokens[d - 2], '*') && isName(tokens[d - 3], 'import')) return isName(tokens[d + 1], 'from') && d + 2 === site.index;
      if (isName(tokens[d - 1], 'import')) return isName(tokens[d + 1], 'from') && d + 2 === site.index;
      if (!isPunct(tokens[d + 1], '=') || !['const', 'let', 'var'].includes(tokens[d - 1]?.type === 'IdentifierName' ? tokens[d - 1]!.name : '')) return false;
      let k = d + 2;
      if (tokens[k]?.type === 'IdentifierName' && INTEROP_HELPERS.has(tokens[k]!.name) && isPunct(tokens[k + 1], '(')) k += 2;
      return isName(tokens[k], 'require') && isPunct(tokens[k + 1], '(') && (k + 2 === site.index || k === site.index);
    };
    const bindings = this.facts.all().filter((b) => b.fromImport && b.kind === 'module' && (b.path.length === 0 || (b.path.length === 1 && b.path[0] === 'default')) && bound(b));
    return bindings.length === 1 && bindings[0]!.refs > 0 && bindings[0]!.classChecks === bindings[0]!.refs;
  }


  /** An imported capability that is never referenced still counts, at the import. */
  private unusedBindings(): void {
    for (const b of this.facts.all()) {
      const name = this.tokens[b.declIndex]?.name ?? '';
      if (b.kind === 'require' && b.requireVia === 'createRequire' && name !== 'require') {
        this.evasion('evasion.aliased-require', 'low', b.declIndex, `createRequire result named "${name}"`);
      }
    }
    const candidates = [...this.facts.all(), ...this.facts.reexports];
    for (const b of candidates) {
      if (b.kind !== 'module' || !b.fromImport || b.refs > 0) continue;
      const resolution = resolveReference(b.source, b.display, b.path);
      if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw === 'module') continue;
      const reexport = this.facts.reexports.includes(b);
      // An imported class never used is nothing; one re-exported is handed on.
      if (resolution.member !== undefined && /^[A-Z]/.test(resolution.member) && !reexport) continue;
      this.capability(resolution, b.declIndex, resolution.member === undefined ? undefined : resolution.pattern.access, reexport ? 're-exported' : 'imported but not referenced in this file');
    }
  }
}

/**
 * Whether the name at `i` is the whole right operand of `instanceof` (`e instanceof Err`, not
 * `e instanceof m.Err` or `e instanceof make()`).
 */
function isClassCheck(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1];
  return isName(tokens[i - 1], 'instanceof') && !isPunct(next, '.') && !isPunct(next, '?.') && !isPunct(next, '[') && !isPunct(next, '(');
}

/** TypeScript's and esbuild's interop helpers around a `require` of a module (`__importDefault(require("m"))`). */
const INTEROP_HELPERS = new Set(['__importDefault', '__importStar', '__toESM']);

/**
 * Whether the name at `i` is a module namespace whose class, reached through plain members, is the
 * whole right operand of `instanceof` (`e instanceof m_1.Err`, `e instanceof m_1.default.Err`,
 * `e instanceof undici_1.errors.RequestAbortedError`, `errors.RequestAbortedError` of `import {
 * errors } from 'undici'`; not `m_1.Err.x`, `m_1.make()`, `m_1.errors.make().Err` or `m_1.client`).
 */
function isMemberClassCheck(tokens: readonly Token[], i: number): boolean {
  if (!isName(tokens[i - 1], 'instanceof') || !isPunct(tokens[i + 1], '.')) return false;
  let k = i + 2;
  while (tokens[k]?.type === 'IdentifierName' && isPunct(tokens[k + 1], '.')) k += 2;
  const member = tokens[k];
  if (member?.type !== 'IdentifierName' || !/^[A-Z]/.test(member.name)) return false;
  const next = tokens[k + 1];
  return !isPunct(next, '.') && !isPunct(next, '?.') && !isPunct(next, '[') && !isPunct(next, '(') && next?.type !== 'NoSubstitutionTemplate' && next?.type !== 'TemplateHead';
}

/**
 * Whether a package specifier names a module below the package's root (`pkg/interfaces/x.js`,
 * `@scope/pkg/enums`), after an `npm:` or `node:` prefix; a bare `pkg` or `@scope/pkg` does not.
 */
function isPackageSubpath(specifier: string): boolean {
  const bare = specifier.replace(/^(?:npm|node):/, '').replace(/^\/+/, '');
  const segments = bare.split('/').filter((s) => s !== '');
  return segments.length > (bare.startsWith('@') ? 2 : 1);
}

/** Assignment operators (a read followed by one of these is a write). */
const ASSIGNMENT_OPERATORS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=', '&&=', '||=', '??=']);

/**
 * Whether the reference at `i` reads one constant of an enum-like object and does nothing else with
 * it: a PascalCase name with one PascalCase or UPPER_CASE member (`BuildStatus.Completed`,
 * `Codes.NOT_FOUND`; a camelCase member may be a method taken as a value, so it is no such read) or
 * one computed member (`ReleaseStatus[r.status]`, an enum's reverse lookup), not constructed
 * (`new`), deleted, and not called, reached further, tagged, assigned or updated after the member.
 */
function isConstantRead(tokens: readonly Token[], i: number, match: Int32Array): boolean {
  const name = tokens[i];
  if (name?.type !== 'IdentifierName' || !/^[A-Z]/.test(name.name)) return false;
  if (isName(tokens[i - 1], 'new') || isName(tokens[i - 1], 'delete')) return false;
  let after: number;
  const member = tokens[i + 2];
  if (isPunct(tokens[i + 1], '.') && member?.type === 'IdentifierName' && /^[A-Z]/.test(member.name)) after = i + 3;
  else if (isPunct(tokens[i + 1], '[') && match[i + 1]! > i + 1) after = match[i + 1]! + 1;
  else return false;
  const next = tokens[after];
  if (next === undefined) return true;
  if (next.type === 'NoSubstitutionTemplate' || next.type === 'TemplateHead') return false;
  return !(next.type === 'Punctuator' && (['(', '.', '?.', '[', '++', '--'].includes(next.value) || ASSIGNMENT_OPERATORS.has(next.value)));
}

/**
 * Whether the `(` at `open` opens a parenthesized expression rather than a call's arguments: after
 * an operator, a keyword that takes an expression, or a `}` or `)` that ends a statement or its
 * head (`function f() {}` then `(0, eval)(s)`; not `const o = {}` then `(…)`, which calls `{}`).
 */
function isCommaExpressionOpen(tokens: readonly Token[], open: number, match: Int32Array): boolean {
  const before = tokens[open - 1];
  if (before === undefined) return true;
  if (before.type === 'IdentifierName') return ['return', 'await', 'typeof', 'void', 'throw', 'yield', 'case', 'in', 'of', 'new', 'else', 'do'].includes(before.name);
  if (isPunct(before, ')') || isPunct(before, '}')) return endsStatement(tokens, open - 1, match);
  return before.type === 'Punctuator' && before.value !== ']';
}

function truncate(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

function evidenceAt(text: string, line: number): string {
  let offset = 0;
  for (let l = 1; l < line && offset >= 0; l++) {
    const n = text.indexOf('\n', offset);
    if (n < 0) break;
    offset = n + 1;
  }
  return evidenceLine(text, offset);
}
