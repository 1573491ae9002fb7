/**
 * `scanPythonSource(text, { file })`: the scanner for one Python text, with the same result as
 * the JavaScript scanner (`SourceScan`). Pure: no I/O.
 *
 * One tokenizer pass (`python-tokenize.ts`), the statement structure, one pass collecting scopes
 * and bindings (`python-bindings.ts`), then one walk over the tokens that evaluates every
 * reference chain (`python-chain.ts`) and looks it up in the Python rows
 * (`patterns/python-capabilities.ts`). Names inside comments, strings and docstrings are never
 * references; `open` counts only when it is the built-in (a `def open` or `open = …` in scope
 * shadows it); `system` counts only when it came from `os`. Evasion heuristics reuse the
 * JavaScript ids and literal measurements where the trick means the same. A text the tokenizer
 * cannot follow gets a `scan.not-analyzed` finding, never a clean result.
 *
 * @module
 */
import type { ImportRecord, ScanSourceOptions, SourceScan } from '../types.ts';
import { ENTROPY_MIN_LENGTH, highEntropyOf } from '../literal-heuristics.ts';
import { ESCAPE_DENSITY_HIGH, ESCAPE_DENSITY_THRESHOLD } from '../patterns/evasion.ts';
import { MCP_HTTP_SERVING, PYTHON_HUB_OFFLINE, PYTHON_MODEL_ARGUMENTS, PYTHON_RECEIVER_METHODS, hubOfflineGroup } from '../patterns/python-capabilities.ts';
import { tokenizePython, type PyLexResult, type PyToken } from './python-tokenize.ts';
import { assignmentAhead, isOp, pythonStructure, type PyStatement } from './python-statements.ts';
import { collectPythonFacts } from './python-bindings.ts';
import { PYTHON_KEYWORDS, type PyFacts } from './python-facts.ts';
import { calleePath, evaluateChain, type ChainStep, type NameMeaning } from './python-chain.ts';
import { knownModulePrefix, moduleObjectRows, resolvePython, PYTHON_PATTERN_BY_ID, type PythonResolution } from './python-index.ts';
import { HandOnReader, type HandOn } from './python-hand-on.ts';
import { PythonFindings } from './python-findings.ts';
import { isPythonStdlib } from './python-stdlib.ts';
import { accessFromMode, findArgument } from './python-mode.ts';
import { listWrite } from './python-list-write.ts';
import { callArguments, foldPython } from './python-fold.ts';
import type { PythonRequiredArgument } from './python-pattern.ts';
import { PythonEvasion, namesPythonCapability, truncate } from './python-evasion.ts';
import { keptConstructors, subclassConstructions } from './python-subclass.ts';
import { importGuarded, presenceTest } from './python-presence.ts';
import { OPTIONS_WITH_CODE } from '../scan-source.ts';

/** Rows whose open of the null device (`open(os.devnull, 'w')`, `os.open(os.devnull, os.O_RDWR)`) touches no file. */
const NULL_DEVICE_OPENS = new Set(['filesystem.python-open', 'filesystem.python-module-open', 'filesystem.python-os-open']);
/** The null device's name as the standard library spells it. */
const NULL_DEVICE_NAMES = new Set(['os.devnull', 'os.path.devnull', 'posixpath.devnull', 'ntpath.devnull']);

/**
 * Rows whose path argument (position and keyword) may be an in-memory buffer instead of a path: the
 * call then touches no file.
 */
const BUFFER_ARGUMENT_ROWS = new Map<string, { index: number; keyword: string; alias?: string }>([
  ['filesystem.python-archive', { index: 0, keyword: 'file' }],
  ['filesystem.python-dataframe-read', { index: 0, keyword: 'filepath_or_buffer' }],
  ['filesystem.python-xml-parse', { index: 0, keyword: 'source' }],
  ['filesystem.python-image-read', { index: 0, keyword: 'fp' }],
  ['filesystem.python-numpy-read', { index: 0, keyword: 'fname' }],
  ['filesystem.python-numpy-write', { index: 0, keyword: 'file' }],
  ['filesystem.python-document-read', { index: 0, keyword: 'stream' }],
  ['filesystem.python-arrow-read', { index: 0, keyword: 'source' }],
  ['filesystem.python-arrow-write', { index: 0, keyword: 'where' }],
  ['filesystem.python-image-save', { index: 0, keyword: 'fp' }],
  ['filesystem.python-document-write', { index: 0, keyword: 'filename' }],
  ['filesystem.python-plot-save', { index: 0, keyword: 'fname' }],
  ['filesystem.python-dataframe-write', { index: 0, keyword: 'path' }],
  ['filesystem.python-audio-read', { index: 0, keyword: 'file' }],
  ['filesystem.python-audio-write', { index: 0, keyword: 'file' }],
  // joblib.dump(value, filename), torch.save(obj, f).
  ['filesystem.python-model-save', { index: 1, keyword: 'filename', alias: 'f' }],
]);
/**
 * Archive openers that read from a file object given beside (or instead of) a name: tarfile's
 * `open(name=None, mode='r', fileobj=None)` and `TarFile(name=None, mode='r', fileobj=None)` read
 * the archive from `fileobj` when it is given, so an in-memory buffer there opens no file, whatever
 * the name (`tarfile.open(fileobj=io.BytesIO(blob))`).
 */
const FILEOBJ_ARCHIVE_CALLS = new Set(['tarfile.open', 'tarfile.TarFile', 'tarfile.TarFile.open']);
/** In-memory file objects. */
const BUFFER_CLASSES = new Set(['io.BytesIO', 'io.StringIO', '_io.BytesIO', '_io.StringIO']);

/** Built-ins that run a string as code: taken as a value they are an indirect evaluation. */
const EVALUATORS = new Set(['eval', 'exec', 'compile']);
/** subprocess calls given an argument list, which may start an interpreter on a script (see `runScript`). */
const SCRIPT_RUNNERS = new Set(['run', 'Popen', 'call', 'check_call', 'check_output']);
/** Commands that run the script file they are given (`sys.executable` is `python`). */
const SCRIPT_INTERPRETERS = new Set(['python', 'python3', 'node', 'deno', 'bun', 'tsx']);

/**
 * Data-frame methods that write the file they are given (pandas `to_*`, polars `write_*`), with
 * the keyword of their target: counted on any receiver when a target is passed, like the
 * path-only methods (a frame is rarely built where it is written).
 */
const FRAME_WRITERS = new Map<string, { source: string; keyword: string }>([
  ...['to_csv', 'to_json', 'to_excel', 'to_parquet', 'to_feather', 'to_pickle', 'to_hdf', 'to_stata', 'to_orc', 'to_xml'].map((m) => [m, { source: 'pandas.DataFrame', keyword: m === 'to_csv' || m === 'to_json' || m === 'to_pickle' || m === 'to_xml' ? 'path_or_buf' : m === 'to_excel' ? 'excel_writer' : 'path' }] as const),
  ...['write_csv', 'write_json', 'write_ndjson', 'write_parquet', 'write_ipc', 'write_excel', 'write_avro', 'write_delta'].map((m) => [m, { source: 'polars.DataFrame', keyword: m === 'write_excel' ? 'workbook' : m === 'write_delta' ? 'target' : 'file' }] as const),
]);
/**
 * Path methods no other common type has (`read_text`, `write_bytes`, `iterdir`, `rglob`,
 * `symlink_to`): counted on any receiver, since the path may have been built elsewhere
 * (`self.root`, a constant imported from another module).
 */
/** The transports an MCP server's run() serves over HTTP (the SDK's and FastMCP 2's names). */
const MCP_HTTP_TRANSPORTS: ReadonlySet<string> = new Set(['sse', 'http', 'streamable-http', 'streamable_http']);

const PATH_ONLY_METHODS = new Set(['read_text', 'read_bytes', 'write_text', 'write_bytes', 'iterdir', 'rglob', 'symlink_to', 'hardlink_to']);
/**
 * Path methods whose names other types share (an SFTP client's `mkdir(path, mode)`, a model's
 * `touch()`), counted on any receiver like {@link PATH_ONLY_METHODS} when the call passes a
 * keyword only pathlib's method takes: `mkdir(parents=…)`, `mkdir(exist_ok=…)`, `touch(exist_ok=…)`
 * (`os.mkdir` and `os.makedirs` are module members, reached through their own rows).
 */
const PATH_KEYWORD_METHODS = new Map<string, readonly string[]>([
  ['mkdir', ['parents', 'exist_ok']],
  ['touch', ['exist_ok']],
]);

/**
 * Scan one Python source text.
 *
 * @param text The file's text.
 * @param options `file`: the name used in findings; `pythonOwnPackages`: the top-level packages the
 * file belongs to (their absolute imports are local modules, like relative ones).
 * @returns Findings (capabilities, environment, evasion, not-analyzed) and every import.
 * @example
 * scanPythonSource("from subprocess import run as r\nr(['ls'])\n", { file: 'h.py' }).findings[0].identifier // 'subprocess.run'
 */
export function scanPythonSource(text: string, options: ScanSourceOptions): SourceScan {
  return new PythonScanner(text, options.file, tokenizePython(text), new Set(options.pythonOwnPackages ?? []), new Map(Object.entries(options.pythonImportedClasses ?? {})), new Map(Object.entries(options.pythonImportedModuleClasses ?? {}))).run();
}

/**
 * What a Python module does to the Hugging Face hub's offline switch when it runs (see
 * `PythonScanner.hubState`): `scanFiles` reads it for the package `__init__.py` files and the
 * local modules a file imports before the hub's libraries.
 *
 * @param text The module's source.
 * @param file Its path (for the tokenizer's messages).
 * @param group Which group of `PYTHON_HUB_OFFLINE` (0: the hub's libraries, 1: datasets).
 * @returns `offline`, `online` or `none`.
 * @example
 * pythonHubState('import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n', 'pkg/__init__.py') // 'offline'
 */
export function pythonHubState(text: string, file: string, group = 0): 'offline' | 'online' | 'none' {
  return new PythonScanner(text, file, tokenizePython(text), new Set()).hubState(group);
}

class PythonScanner {
  private readonly tokens: PyToken[];
  private readonly facts: PyFacts;
  private readonly findings: PythonFindings;
  private readonly imports: ImportRecord[] = [];
  private readonly skipped = new Set<number>();
  private readonly evasion: PythonEvasion;
  private readonly statements: readonly PyStatement[];
  /** Where module values go, built on first use. */
  private handOn: HandOnReader | undefined;
  /** Token index of the last `<name>.extractall(`/`.extract(` of each name, built on first use. */
  private lastExtract: Map<string, number> | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly lex: PyLexResult,
    ownPackages: ReadonlySet<string>,
    importedClasses: ReadonlyMap<string, string> = new Map(),
    importedModuleClasses: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(),
  ) {
    this.tokens = lex.tokens;
    const structure = pythonStructure(this.tokens);
    this.statements = structure.statements;
    this.facts = collectPythonFacts(this.tokens, structure, ownPackages, importedClasses, importedModuleClasses);
    this.findings = new PythonFindings(text, file, this.tokens);
    this.evasion = new PythonEvasion(this.facts, this.findings);
  }

  run(): SourceScan {
    this.findings.notAnalyzed(this.lex.problems);
    this.facts.counting = true;
    const { tokens } = this;
    let i = 0;
    try {
      for (; i < tokens.length; i++) {
        if (this.skipped.has(i)) continue;
        const t = tokens[i]!;
        if (t.type === 'name') this.name(i);
        else if (t.type === 'string') this.evasion.literal(i);
        else if (isOp(t, '(') && t.synthetic !== true && this.opensGroup(i)) this.chain(i);
      }
    } catch (cause) {
      // A pathological construct (nesting far beyond what CPython parses) stops the walk here:
      // what was found before it stays, and the file is not analyzed, never clean.
      this.findings.stopped(tokens[Math.min(i, tokens.length - 1)], cause instanceof Error ? cause.message : String(cause));
    }
    for (const d of this.defaults) if (d.parameter.refs === d.refs) this.reportModuleObject(d.path, d.start, d.how);
    const kept = this.subclassConstructors();
    this.importSites();
    this.unusedImports();
    this.fileHeuristics();
    for (const site of this.facts.imports) this.imports.push(site.record);
    this.imports.sort((a, b) => a.line - b.line || a.column - b.column);
    const scan: SourceScan = { file: this.file, findings: this.findings.sorted(), imports: this.imports };
    if (kept.size > 0) scan.pythonKeptConstructors = Object.fromEntries(kept);
    return scan;
  }

  // ---- references -------------------------------------------------------------------------------

  /** Whether the `(` at `i` opens a parenthesized expression rather than a call's arguments. */
  private opensGroup(i: number): boolean {
    const before = this.tokens[i - 1];
    if (before === undefined || before.type === 'newline') return true;
    if (before.type === 'name') return PYTHON_KEYWORDS.has(before.name) && !['None', 'True', 'False'].includes(before.name);
    return before.type === 'op' && before.value !== ')' && before.value !== ']' && before.value !== '}';
  }

  private name(i: number): void {
    const { tokens } = this;
    const t = tokens[i]!;
    if (t.name !== t.value) this.evasion.normalizedIdentifier(i);
    if (isOp(tokens[i - 1], '.')) {
      this.evasion.introspection(i);
      this.pathOnlyMethod(i);
      this.receiverMethod(i);
      this.rawAddress(i);
      this.mcpServing(i);
      return;
    }
    if (PYTHON_KEYWORDS.has(t.name) || this.facts.nonRefs.has(i)) return;
    const next = tokens[i + 1];
    if (isOp(next, '=') || isOp(next, ':=')) return;
    this.chain(i);
  }

  /** Token indices of path methods already reported on a value known to be a path. */
  private readonly pathMembers = new Set<number>();
  /** Names of the functions and methods the file defines, built on first use. */
  private definedMethods: Set<string> | undefined;

  /** Where the file assigns `self.<name> = …`: name → the value's first token, built on first use. */
  private selfAssignments: Map<string, number[]> | undefined;

  /** The top-level packages the file imports, built on first use. */
  private importedTops: Set<string> | undefined;

  /**
   * A method only one library family has (`fig.savefig(p)`, `s3.upload_file(p, b, k)`; see
   * {@link PYTHON_RECEIVER_METHODS}) on a receiver the scanner does not type, in a file that
   * imports that library. A receiver that is a module value (`plt`, a figure from `plt.figure()`)
   * is reported by its chain.
   */
  private receiverMethod(i: number): void {
    const { tokens } = this;
    const method = PYTHON_RECEIVER_METHODS.get(tokens[i]!.name);
    if (method === undefined || !isOp(tokens[i + 1], '(')) return;
    this.importedTops ??= new Set(this.facts.imports.flatMap((site) => [site.module, site.module.split('.')[0]!, site.module.split('.').slice(0, 2).join('.')]));
    if (!method.imports.some((m) => this.importedTops!.has(m))) return;
    if (this.receiverHead(i)?.kind === 'module') return;
    if (this.receiverOrigin(i, method.imports) === 'other') return;
    const target = findArgument(this.facts, i + 1, method.target);
    if (target === undefined || (target !== 'unknown' && this.isBuffer(target))) return;
    const resolution = resolvePython(method.source, tokens[i]!.name);
    if (resolution === undefined || resolution === 'ignored') return;
    this.findings.capability(resolution, i, resolution.pattern.access, `${tokens[i]!.name} in a file that imports ${method.imports.join(' or ')}; the receiver's type is not known`);
  }

  /**
   * `from_address(addr)` of a ctypes type, on any receiver in a file that imports ctypes or
   * `_ctypes` (`c_char.from_address(a)`, `ctypes.c_int.from_address(a)`, `(c_char * n).from_address(a)`,
   * `ctypes.POINTER(T).from_address(a)`, a `Structure` subclass's, also one imported from another
   * module): the object reads and writes the memory at a raw address, as `string_at` and `memmove`
   * do. Not when the file defines a function of that name (its own class's), nor on a receiver that
   * starts at another module (`ipaddr.Block.from_address(a)`), nor a reference not called.
   */
  private rawAddress(i: number): void {
    const { tokens } = this;
    if (tokens[i]!.name !== 'from_address' || !isOp(tokens[i + 1], '(')) return;
    this.importedTops ??= new Set(this.facts.imports.flatMap((site) => [site.module, site.module.split('.')[0]!, site.module.split('.').slice(0, 2).join('.')]));
    if (!this.importedTops.has('ctypes') && !this.importedTops.has('_ctypes')) return;
    this.definedMethods ??= new Set(tokens.flatMap((t, k) => (t.type === 'name' && t.name === 'def' && tokens[k + 1]?.type === 'name' ? [tokens[k + 1]!.name] : [])));
    if (this.definedMethods.has('from_address')) return;
    const head = this.receiverHead(i);
    if (head?.kind === 'module' && head.path[0] !== 'ctypes' && head.path[0] !== '_ctypes') return;
    const resolution = resolvePython('ctypes._CData', 'from_address');
    if (resolution === undefined || resolution === 'ignored') return;
    // The receiver as written when it is a plain dotted name of ctypes (`ctypes.c_int`, `c_char` from ctypes).
    let start = i - 2;
    while (tokens[start]?.type === 'name' && isOp(tokens[start - 1], '.') && tokens[start - 2]?.type === 'name') start -= 2;
    const plain = tokens[start]?.type === 'name' && !isOp(tokens[start - 1], '.') && !isOp(tokens[start - 1], ')');
    const raw = head?.kind === 'module' && plain ? [...head.path, ...tokens.slice(start + 1, i).filter((t) => t.type === 'name').map((t) => t.name), 'from_address'].join('.') : resolution.raw;
    this.findings.capability({ ...resolution, raw }, i, undefined, 'from_address of a ctypes type: an object over the memory at a raw address');
  }

  /**
   * An MCP server object the file does not make (`from .server import mcp` … `mcp.run(transport=
   * "sse")`, `server = create_server(); server.http_app()`): a runner given an HTTP transport, or
   * an HTTP runner or ASGI app method (see {@link MCP_HTTP_SERVING}), listens. An object the file
   * makes is typed and reported by its chain. On a receiver of unknown type: `run`/`run_async`
   * count given a transport named as an HTTP one (`"sse"`, `"http"`, `"streamable-http"`), or one
   * computed at run time as `transport=` (`transport=args.transport`) when the file imports the SDK
   * or FastMCP or the receiver comes from the project's own modules; the HTTP-only methods count unless the file
   * defines a function of that name. A receiver that is a module, or made by a call the file shows
   * (`app = Flask(__name__); app.run(…)`, the low-level `server = Server("x"); await
   * server.run(read, write, options)`), is not an MCP server made elsewhere.
   */
  private mcpServing(i: number): void {
    const { tokens } = this;
    const member = tokens[i]!.name;
    const runner = member === 'run' || member === 'run_async';
    if ((!runner && !MCP_HTTP_SERVING.includes(member)) || !isOp(tokens[i + 1], '(')) return;
    const head = this.receiverHead(i);
    if (head?.kind === 'getter' || head?.kind === 'path') return;
    // A module (or its member) names a library's object, typed by its own chain when it is an MCP server.
    if (head?.kind === 'module') return;
    // A name imported from a relative module or the project's own package (`from .server import mcp`).
    let first = i - 2;
    while (tokens[first]?.type === 'name' && isOp(tokens[first - 1], '.') && tokens[first - 2]?.type === 'name') first -= 2;
    const own = this.facts.imports.some((site) => site.name !== undefined && site.name === tokens[first]?.name && (site.module.startsWith('.') || this.facts.ownPackages.has(site.module.split('.')[0]!)));
    // Made by a call the file shows: an SDK or FastMCP server object is typed there already (so one made by
    // another of their calls, the low-level `Server("x")` whose run takes streams, is none), another library's is none.
    if (this.receiverOrigin(i, ['mcp', 'fastmcp']) !== undefined) return;
    this.importedTops ??= new Set(this.facts.imports.flatMap((site) => [site.module, site.module.split('.')[0]!, site.module.split('.').slice(0, 2).join('.')]));
    let detail: string;
    if (runner) {
      const range = findArgument(this.facts, i + 1, { index: 0, keyword: 'transport' });
      if (range === undefined || range === 'unknown') return;
      const folded = foldPython(this.facts, range[0]);
      const literal = folded !== undefined && folded.end === range[1] ? folded.value : undefined;
      // A computed value only as `transport=` (a positional one may be a stream: the low-level `server.run(read, write, options)`).
      const keyword = tokens[range[0] - 2]?.name === 'transport' && isOp(tokens[range[0] - 1], '=');
      if (literal !== undefined ? !MCP_HTTP_TRANSPORTS.has(literal) : !(keyword && (own || this.importedTops.has('mcp') || this.importedTops.has('fastmcp')))) return;
      detail = literal !== undefined ? `${member} with the ${JSON.stringify(literal)} transport; the receiver's type is not known` : `${member} with a transport computed at run time; the receiver's type is not known`;
    } else {
      this.definedMethods ??= new Set(tokens.flatMap((t, k) => (t.type === 'name' && t.name === 'def' && tokens[k + 1]?.type === 'name' ? [tokens[k + 1]!.name] : [])));
      if (this.definedMethods.has(member)) return;
      detail = `${member} is an MCP server's HTTP method; the receiver's type is not known`;
    }
    const resolution = resolvePython('fastmcp.FastMCP', member);
    if (resolution === undefined || resolution === 'ignored') return;
    this.findings.capability(resolution, i, resolution.pattern.access, detail);
  }

  /**
   * Where the receiver of the method at `i` was made, when that is visible: `library` for a call
   * of one of `imports` (`s3 = boto3.client("s3")`), `other` for a call of another module's
   * function or class (`sftp = paramiko.SFTPClient.from_transport(t)`, `b = Bucket()` of a class
   * the file defines), undefined otherwise (a parameter, an attribute of something else, a call of
   * a local function or of a relative import, a tuple target). A receiver `self.x` is made where the
   * file assigns `self.x = …`: `other` only when every such assignment is.
   */
  private receiverOrigin(i: number, imports: readonly string[]): 'library' | 'other' | undefined {
    const { tokens } = this;
    const head = tokens[i - 2];
    if (head?.type !== 'name' || !isOp(tokens[i - 1], '.')) return undefined;
    if (isOp(tokens[i - 3], '.')) {
      if (tokens[i - 4]?.name !== 'self' || isOp(tokens[i - 5], '.')) return undefined;
      if (this.selfAssignments === undefined) {
        this.selfAssignments = new Map();
        const add = (name: string, value: number): void => {
          const list = this.selfAssignments!.get(name) ?? [];
          list.push(value);
          this.selfAssignments!.set(name, list);
        };
        for (let k = 0; k + 3 < tokens.length; k++) {
          // `setattr(self, "x", v)`: set, from a value not followed (-1).
          if (tokens[k]!.name === 'setattr' && isOp(tokens[k + 1], '(') && tokens[k + 2]?.name === 'self' && isOp(tokens[k + 3], ',') && tokens[k + 4]?.type === 'string' && tokens[k + 4]!.cooked !== undefined) add(tokens[k + 4]!.cooked!, -1);
          if (tokens[k]!.name !== 'self' || !isOp(tokens[k + 1], '.') || tokens[k + 2]!.type !== 'name' || isOp(tokens[k - 1], '.')) continue;
          if (isOp(tokens[k + 3], '=')) add(tokens[k + 2]!.name, k + 4);
          // An element of a target list starts a statement or follows a comma (`f(self.c, level=1)` reads it).
          else if ((k === 0 || tokens[k - 1]!.type === 'newline' || isOp(tokens[k - 1], ',')) && this.assignedLater(k + 3)) add(tokens[k + 2]!.name, -1);
        }
      }
      let origin: 'library' | 'other' | undefined;
      for (const value of this.selfAssignments.get(head.name) ?? []) {
        const one = this.valueOrigin(value, imports);
        if (one !== 'other') return one;
        origin = one;
      }
      return origin;
    }
    const b = this.facts.lookup(head.name, i - 2);
    if (b?.kind !== 'local' || !isOp(tokens[b.decl + 1], '=')) return undefined;
    return this.valueOrigin(b.decl + 2, imports);
  }

  /**
   * Whether the target that ends before token `k` is set by a statement other than a plain
   * `self.x = v`: a tuple target (`self.c, self.d = …`), an annotated one (`self.c: T = …`) or an
   * augmented one (`self.c += …`), i.e. a `=` or an augmented operator follows at the same bracket
   * depth before the line ends. Looked at over a bounded number of tokens; past it, assumed set.
   */
  private assignedLater(k: number): boolean {
    const { tokens } = this;
    if (!isOp(tokens[k], ',') && !isOp(tokens[k], ':')) return tokens[k]?.type === 'op' && /^(?:[-+*/%@&|^]|\/\/|\*\*|<<|>>)=$/.test(tokens[k]!.value);
    return assignmentAhead(tokens, k, 256) ?? true;
  }

  /** Whether the class named at token `d` has no base to inherit a library method from: `class X:`, `class X():`, `class X(object):`. */
  private baseless(d: number): boolean {
    const { tokens } = this;
    if (isOp(tokens[d + 1], ':')) return true;
    if (!isOp(tokens[d + 1], '(')) return false;
    const close = tokens[d + 2]?.name === 'object' ? d + 3 : d + 2;
    return isOp(tokens[close], ')') && isOp(tokens[close + 1], ':');
  }

  /** Where the value at token `k` was made: see {@link receiverOrigin}. */
  private valueOrigin(k: number, imports: readonly string[]): 'library' | 'other' | undefined {
    const { tokens } = this;
    if (tokens[k]?.name === 'await') k++;
    const t = tokens[k];
    if (t?.type !== 'name') return undefined;
    this.facts.counting = false;
    const callee = calleePath(this.facts, k);
    const local = callee === undefined ? this.facts.lookup(t.name, k) : undefined;
    this.facts.counting = true;
    if (callee === undefined) return local?.kind === 'local' && tokens[local.decl - 1]?.name === 'class' && this.baseless(local.decl) && isOp(tokens[k + 1], '(') ? 'other' : undefined;
    const path = callee.path;
    // A free name (`builtins.x`: a built-in, or a name a star import or another file provides) is not known.
    if (!isOp(tokens[callee.end], '(') || path.startsWith('.') || path.startsWith('builtins.') || this.facts.ownPackages.has(path.split('.')[0]!)) return undefined;
    return imports.some((m) => path === m || path.startsWith(`${m}.`)) ? 'library' : 'other';
  }

  /**
   * What the head of a method call's receiver chain names (`a` of `a.b.c.save(…)`, the method at
   * `i`), looked up without counting a reference (the head is not a use of a module here);
   * undefined when the chain does not start with a bare name (a call's result, a literal).
   */
  private receiverHead(i: number): NameMeaning | undefined {
    const { tokens } = this;
    let head = i - 2;
    while (tokens[head]?.type === 'name' && isOp(tokens[head - 1], '.') && tokens[head - 2]?.type === 'name') head -= 2;
    const first = tokens[head];
    if (first?.type !== 'name' || isOp(tokens[head - 1], '.')) return undefined;
    this.facts.counting = false;
    const m = this.facts.meaning(first.name, head);
    this.facts.counting = true;
    return m;
  }

  /**
   * A call of a method only pathlib-like paths have (`x.read_text()`, `self.root.iterdir()`) on a
   * receiver the scanner does not know (an attribute, a name imported from another module, a
   * call's result): the path may come from anywhere, the method still reads or writes files.
   * A receiver that starts at a module (`importlib.resources.read_text`) is that module's member.
   * Also the data-frame writers of {@link FRAME_WRITERS} given a file target.
   */
  private pathOnlyMethod(i: number): void {
    const { tokens } = this;
    const member = tokens[i]!.name;
    const frame = FRAME_WRITERS.get(member);
    const keywords = PATH_KEYWORD_METHODS.get(member);
    if ((!PATH_ONLY_METHODS.has(member) && frame === undefined && keywords === undefined) || this.pathMembers.has(i) || !isOp(tokens[i + 1], '(')) return;
    // `mkdir`/`touch` only with a keyword no other common type's method of that name takes.
    if (keywords !== undefined && !keywords.some((keyword) => Array.isArray(findArgument(this.facts, i + 1, { index: -1, keyword })))) return;
    // A data-frame writer without a target returns the text (`df.to_csv()`, `df.to_json(orient=…)`);
    // one given a buffer writes to memory.
    if (frame !== undefined) {
      const target = findArgument(this.facts, i + 1, { index: 0, keyword: frame.keyword });
      if (target === undefined || (target !== 'unknown' && this.isBuffer(target))) return;
    }
    // A file that defines a method of that name (`def write_text(self, s)`) may be calling its own.
    this.definedMethods ??= new Set(tokens.flatMap((t, k) => (t.type === 'name' && t.name === 'def' && tokens[k + 1]?.type === 'name' ? [tokens[k + 1]!.name] : [])));
    if (this.definedMethods.has(member)) return;
    const m = this.receiverHead(i);
    if (m !== undefined) {
      // A module imported whole (`import x`) or a standard-library member (`from importlib import
      // resources`) is not a path; a name imported from another module (`from config import ROOT`) may be.
      const isModule = m.kind === 'module' && !(m.path.length === 2 && m.path[0] === 'builtins') && (m.path.length === 1 || isPythonStdlib(m.path[0]!));
      if (m.kind === 'getter' || isModule) return;
    }
    const resolution = resolvePython(frame?.source ?? 'pathlib.Path', member);
    if (resolution === undefined || resolution === 'ignored') return;
    const what = frame === undefined ? 'a pathlib method; the receiver is not known to be a path' : 'a data-frame method given a file target; the receiver is not known to be a data frame';
    this.findings.capability(resolution, i, resolution.pattern.access, `${member} is ${what}`);
  }

  private chain(i: number): void {
    const chain = evaluateChain(this.facts, i);
    for (const [from, to] of chain.skip) for (let k = from; k < to; k++) this.skipped.add(k);
    // A member only tested for presence (`getattr(os, 'fork', None) is None`, `if os.fork:`) is no
    // use; nor is the plain getattr that reached it (a key built by tricks stays an evasion).
    const tested = chain.steps.find((s) => s.kind === 'ref' && !s.called && s.value !== undefined && s.path.length > 1 && this.presenceOnly(s.path, s.value));
    for (const step of chain.steps) {
      if (tested !== undefined && step.at === tested.at) {
        if (step === tested) continue;
        if (step.kind === 'computed' && step.key !== undefined && step.key.how.every((h) => h === 'constant')) continue;
      }
      this.step(step);
    }
  }

  private step(step: ChainStep): void {
    switch (step.kind) {
      case 'ref':
        if (!step.called && step.value !== undefined && this.listWritten(step.path, step.at, step.value)) return;
        if (step.value !== undefined) this.moduleObject(step.path, step.value);
        return this.reference(step.path, step.at, step.called, step.open, step.shift ?? 0, step.value);
      case 'path-member': {
        this.pathMembers.add(step.at);
        const resolution = resolvePython('pathlib.Path', step.member);
        if (resolution === undefined || resolution === 'ignored') return;
        const mode = resolution.pattern.mode;
        const decided = mode !== undefined ? accessFromMode(this.facts, step.called ? step.open : -1, mode) : { access: resolution.pattern.access };
        this.findings.capability(resolution, step.at, decided.access, decided.detail);
        return;
      }
      case 'computed':
        return this.evasion.computed(step, (path) => this.resolvePath(path));
      case 'dynamic-import':
        return this.dynamicImport(step);
    }
  }

  /**
   * A library class whose row needs an argument (a torchvision data set given `download=True`)
   * constructed through a local subclass: its `super().__init__(…)`, or a call of a subclass that
   * keeps the library's constructor. The argument is checked as on a direct call.
   */
  private subclassConstructors(): Map<string, string> {
    const rowOf = (path: readonly string[]): PythonResolution | undefined => {
      const r = this.resolvePath(path, true);
      return r !== undefined && r !== 'ignored' && r.pattern.requires !== undefined && /^[A-Z]/.test(r.member ?? '') ? r : undefined;
    };
    const kept = keptConstructors(this.facts, this.statements, rowOf);
    for (const c of subclassConstructions(this.facts, this.statements, rowOf)) {
      const { pattern } = c.resolution;
      if (!this.names(c.open, pattern.requires!)) continue;
      const how = c.how === 'super' ? `super().__init__ of ${c.subclass}, a subclass of ${c.base}` : `${c.subclass}, a subclass of ${c.base} that keeps its constructor`;
      this.findings.capability(c.resolution, c.at, pattern.access, `constructs ${c.base} through ${how}`);
    }
    return kept;
  }

  /**
   * A module-level list changed by a statement (see {@link listWrite}): `sys.path += [d]` and
   * `sys.path[:0] = [d]` are the rows' `__iadd__` and `__setitem__`; `sys.path = [d] + sys.path`
   * is read as `__setitem__` of the whole list, named `sys.path`. Only rows that list these members
   * count; a right-hand side that is the package's own files (and the list itself) is none, as for
   * the call. Returns whether the statement was such a write.
   */
  private listWritten(path: readonly string[], at: number, [start, end]: [number, number]): boolean {
    const write = listWrite(this.facts.tokens, this.facts.match, start, end);
    if (write === undefined) return false;
    const member = write.how === '=' ? '__setitem__' : write.how;
    const resolution = this.resolvePath([...path, member]);
    if (resolution === undefined || resolution === 'ignored' || resolution.member !== member || resolution.pattern.members?.includes(member) !== true) return false;
    if (resolution.pattern.ownPath !== undefined && write.terms.length > 0 && write.terms.every(([from, to]) => this.ownPath(from, to, 0))) return true;
    const raw = write.how === '=' ? path.join('.') : resolution.raw;
    const detail = write.how === '__iadd__' ? `${path.join('.')} += …` : write.how === '__setitem__' ? `${path.join('.')}[…] = …` : `${path.join('.')} given a new value`;
    this.findings.capability({ ...resolution, raw }, at, resolution.pattern.access, detail);
    return true;
  }

  /** The row a module path refers to (`os.path.exists` → `os.path` + `exists`). */
  private resolvePath(path: readonly string[], called = false): PythonResolution | 'ignored' | undefined {
    const j = knownModulePrefix(path);
    if (j === 0) return undefined;
    const resolution = resolvePython(path.slice(0, j).join('.'), path[j], called, path[j + 1]);
    // A typed class called whole (`git.Repo(p)`, whose methods have rows under `git.Repo`) is
    // still a member of its module: its own row, when there is one, is looked up there. Only a
    // call: a name bound to such an object (`r = git.Repo(p)`) has the class's path too, and
    // handing that value on is no use of the class.
    if (resolution === undefined && called && j === path.length && j > 1) return resolvePython(path.slice(0, j - 1).join('.'), path[j - 1], called);
    return resolution;
  }

  /**
   * A module reference; `shift` leading arguments of the call at `open` are not the callee's
   * (`operator.methodcaller`); `value` is the token range of a reference not called.
   */
  private reference(path: string[], at: number, called: boolean, open: number, shift: number, value?: [number, number]): void {
    if (called && shift === 0) this.evasion.call(path.join('.'), at, open);
    if (called && shift === 0) this.runScript(path, open);
    const resolution = this.resolvePath(path, called);
    if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw === 'module') return;
    // `MNIST.__init__(self, root, …)`: the constructor called through the class, `self` first.
    const selfFirst = called && resolution.pattern.requires !== undefined && path.length >= 2 && path[path.length - 1] === '__init__' && path[path.length - 2] === resolution.member ? 1 : 0;
    if (resolution.pattern.requires !== undefined && !(called && this.names(open, { ...resolution.pattern.requires, index: resolution.pattern.requires.index + shift + selfFirst }))) return;
    if (resolution.pattern.ownPath !== undefined && called && this.ownFilesPath(open, { ...resolution.pattern.ownPath, index: resolution.pattern.ownPath.index + shift })) return;
    if (resolution.pattern.offlineKeyword !== undefined && called && this.literalTrue(open, resolution.pattern.offlineKeyword)) return;
    if ((resolution.pattern.offlineKeyword !== undefined || resolution.pattern.id === 'network.python-data-download') && called && (this.localModel(path, open) || this.hubOffline(path))) return;
    if (resolution.pattern.databaseUrl !== undefined) return this.databaseConnection(resolution, at, called ? open : -1, shift);
    if (resolution.pattern.resultCalled === true && !(called && this.resultCalled(at, open))) return;
    if (resolution.pattern.addressRead === true && !(called && this.addressRead(at, open, shift))) return;
    const member = resolution.member;
    // A type named in an annotation or tested (`def f(s: socket.socket)`, `isinstance(x,
    // socket.socket)`, `except socket.timeout:`) is no use, whatever its case; a call still is.
    if (member !== undefined && !called && value !== undefined && this.typePosition(value[0])) return;
    // A class counts when it is constructed or called, or handed on whole (passed, stored,
    // returned, extended by a class), not in an annotation, an isinstance check or an except clause.
    let handedOn: string | undefined;
    if (member !== undefined && /^[A-Z]/.test(member) && !called && resolution.pattern.constant !== true) {
      // An attribute of the class (`socket.AddressFamily.AF_INET`, `pdb.Pdb.__init__`) is not the
      // class; `types` classes handed on are type markers (`add_representer(types.FunctionType, f)`).
      if (value === undefined || path[path.length - 1] !== member || path[0] === 'types') return;
      this.handOn ??= new HandOnReader(this.facts, this.statements);
      const how = this.handOn.handedOn(value[0], value[1], 'class');
      if (how === undefined) return;
      handedOn = `the class is handed on (${how}); where it is constructed is not followed`;
    }
    if (called && shift === 0 && NULL_DEVICE_OPENS.has(resolution.pattern.id) && this.opensNullDevice(open, resolution.pattern.id === 'filesystem.python-os-open' ? 'path' : 'file')) return;
    if (called && shift === 0 && this.inMemory(resolution.pattern.id, open, resolution.raw)) return;
    const builtin = path[0] === 'builtins' && path.length === 2;
    if (builtin && EVALUATORS.has(member ?? '') && !called) this.findings.evasion('evasion.indirect-eval', 'medium', at, `${member} taken as a value`, false);
    const mode = resolution.pattern.mode;
    // `Path.open(p, 'r')` called on the class: the path is the first argument, the mode the next.
    const self = path.length === 3 && path[0] === 'pathlib' && path[1] === 'Path' ? 1 : 0;
    let decided = mode !== undefined ? accessFromMode(this.facts, called ? open : -1, { ...mode, index: mode.index + shift + self }) : { access: member === undefined ? undefined : resolution.pattern.access };
    if (resolution.pattern.id === 'filesystem.python-archive' && called && shift === 0 && decided.access === 'read' && this.extracts(open)) decided = { access: 'write', detail: 'extracts the archive (writes its files)' };
    const detail = handedOn === undefined ? decided.detail : decided.detail === undefined ? handedOn : `${handedOn}; ${decided.detail}`;
    const when = resolution.pattern.alsoWhen;
    const extra = when !== undefined && called && this.names(open, { ...when.requires, index: when.requires.index + shift }) ? [when.id] : [];
    this.findings.capability(resolution, at, decided.access, detail, extra);
  }

  /**
   * The script file a call runs, by a constant relative path: `runpy.run_path('tools/gen.py')`, or a
   * `subprocess` call (`run`, `Popen`, `call`, `check_call`, `check_output`) given a list or tuple
   * literal that starts with the interpreter (`sys.executable`, `'python'`, `'python3'`, `'node'`,
   * `'deno'`, `'bun'`, `'tsx'`) and whose first element after the options (and `run` for deno and
   * bun) is a code file (`[sys.executable, '-u', 'examples/serve.py']`). The path is resolved
   * against the working directory at run time, so it is recorded as a `guess` script: followed
   * when found beside this file or in its project's root, skipped when not.
   */
  private runScript(path: readonly string[], open: number): void {
    const { tokens } = this;
    const name = path.join('.');
    let script: string | undefined;
    if (name === 'runpy.run_path') {
      const range = findArgument(this.facts, open, { index: 0, keyword: 'path_name' });
      if (range === undefined || range === 'unknown') return;
      const folded = foldPython(this.facts, range[0]);
      if (folded === undefined || folded.end !== range[1]) return;
      script = folded.value;
    } else if (path.length === 2 && path[0] === 'subprocess' && SCRIPT_RUNNERS.has(path[1]!)) {
      const range = findArgument(this.facts, open, { index: 0, keyword: 'args' });
      if (range === undefined || range === 'unknown' || !(isOp(tokens[range[0]], '[') || isOp(tokens[range[0]], '(')) || this.facts.match[range[0]] !== range[1] - 1) return;
      const elements = callArguments(tokens, this.facts.match, range[0]);
      const [first, ...rest] = elements;
      if (first === undefined) return;
      let command: string | undefined;
      if (first[1] - first[0] === 3 && tokens[first[0]]!.name === 'sys' && isOp(tokens[first[0] + 1], '.') && tokens[first[0] + 2]!.name === 'executable') command = 'python';
      else {
        const folded = foldPython(this.facts, first[0]);
        if (folded !== undefined && folded.end === first[1]) command = folded.value.replace(/^.*[/\\]/, '').replace(/\.exe$/i, '');
      }
      if (command === undefined || !SCRIPT_INTERPRETERS.has(command)) return;
      for (const [a, b] of rest) {
        const folded = foldPython(this.facts, a);
        if (folded === undefined || folded.end !== b) return;
        if (OPTIONS_WITH_CODE.has(folded.value)) return;
        if (folded.value.startsWith('-') || (folded.value === 'run' && (command === 'deno' || command === 'bun'))) continue;
        script = folded.value;
        break;
      }
    }
    if (script === undefined || !/\.(?:pyw?|[cm]?[jt]s|[jt]sx)$/.test(script) || script.startsWith('/') || /^[A-Za-z]:[\\/]/.test(script)) return;
    const t = tokens[open]!;
    const specifier = script.startsWith('./') || script.startsWith('../') ? script : `./${script}`;
    this.imports.push({ specifier, kind: 'relative', typeOnly: false, line: t.line, column: t.column, script: 'guess' });
  }

  /**
   * Whether the value the call at `open` returns is called: right away (`CFUNCTYPE(None)(addr)`),
   * or through the plain name a statement binds it to (`proto = ctypes.CFUNCTYPE(c_int)`), called
   * anywhere in the file (`proto(addr)`, `proto(("system", libc))`).
   */
  private resultCalled(at: number, open: number): boolean {
    const { tokens } = this;
    const close = this.facts.match[open]!;
    if (close <= open) return false;
    if (isOp(tokens[close + 1], '(')) return true;
    let start = at;
    while (isOp(tokens[start - 1], '.') && tokens[start - 2]?.type === 'name') start -= 2;
    const target = tokens[start - 2];
    if (!isOp(tokens[start - 1], '=') || target?.type !== 'name' || isOp(tokens[start - 3], '.') || isOp(tokens[start - 3], ',')) return false;
    return tokens.some((t, k) => k !== start - 2 && t.type === 'name' && t.name === target.name && isOp(tokens[k + 1], '(') && !isOp(tokens[k - 1], '.') && !(tokens[k - 1]?.type === 'name' && (tokens[k - 1] as { name: string }).name === 'def'));
  }

  /**
   * Whether the pointer the call at `open` makes is one to a raw address whose `.value` is read
   * (see `PythonPattern.addressRead`): the first argument is given and is no string or bytes
   * literal, `None`, `.encode(…)`, `bytes(…)` or `str(…)`; and `.value` follows the call, or the
   * plain name a statement binds it to is read as `name.value` anywhere in the file.
   */
  private addressRead(at: number, open: number, shift: number): boolean {
    const { tokens } = this;
    const range = findArgument(this.facts, open, { index: shift, keyword: 'value' });
    if (range === undefined || range === 'unknown') return false;
    const [a, b] = range;
    const first = tokens[a]!;
    if (first.type === 'string' || (b === a + 1 && first.type === 'name' && first.name === 'None')) return false;
    if (foldPython(this.facts, a) !== undefined) return false;
    if (first.type === 'name' && (first.name === 'bytes' || first.name === 'str' || first.name === 'bytearray') && isOp(tokens[a + 1], '(') && this.facts.match[a + 1] === b - 1) return false;
    // `name.encode()`, `buf.tobytes()`, `io.getvalue()`: bytes made in Python.
    const callOpen = isOp(tokens[b - 1], ')') ? this.facts.match[b - 1]! : -1;
    if (callOpen > a && isOp(tokens[callOpen - 2], '.') && ['encode', 'tobytes', 'getvalue'].includes(tokens[callOpen - 1]?.name ?? '')) return false;
    const close = this.facts.match[open]!;
    if (close <= open) return false;
    const readsValue = (k: number): boolean => isOp(tokens[k], '.') && tokens[k + 1]?.type === 'name' && tokens[k + 1]!.name === 'value' && !isOp(tokens[k + 2], '=');
    if (readsValue(close + 1)) return true;
    let start = at;
    while (isOp(tokens[start - 1], '.') && tokens[start - 2]?.type === 'name') start -= 2;
    const target = tokens[start - 2];
    if (!isOp(tokens[start - 1], '=') || target?.type !== 'name' || isOp(tokens[start - 3], '.') || isOp(tokens[start - 3], ',')) return false;
    return tokens.some((t, k) => k > close && t.type === 'name' && t.name === target.name && !isOp(tokens[k - 1], '.') && readsValue(k + 1));
  }

  /**
   * Whether the argument of the call at `open` is a path built from `__file__` (the package's own
   * files: `os.path.dirname(__file__)`, `Path(__file__).parent / 'lib'`), also through a name bound
   * to one (`HERE = …; sys.path.insert(0, str(HERE))`, two names deep). Built only of path steps
   * ({@link OWN_PATH_STEPS}), relative literals and such names: an absolute literal
   * (`join(dirname(__file__), '/tmp/evil')` is `/tmp/evil`), a condition (`'/tmp/x' if __file__
   * else ''`) or any other name or call makes it a path from elsewhere.
   */
  private ownFilesPath(open: number, where: { index: number; keyword: string }): boolean {
    const range = findArgument(this.facts, open, where);
    return range !== undefined && range !== 'unknown' && this.ownPath(range[0], range[1], 0);
  }

  private ownPath(start: number, end: number, depth: number): boolean {
    const { tokens } = this;
    let own = false;
    for (let k = start; k < end; k++) {
      const t = tokens[k]!;
      if (t.type === 'number') continue;
      if (t.type === 'op') {
        if (!OWN_PATH_OPS.has(t.value)) return false;
        continue;
      }
      if (t.type === 'string') {
        if (t.fstring === true || t.cooked === undefined || /^(?:[/\\~]|[A-Za-z]:)/.test(t.cooked)) return false;
        continue;
      }
      if (t.type !== 'name') return false;
      if (isOp(tokens[k - 1], '.')) {
        if (!OWN_PATH_STEPS.has(t.name)) return false;
        continue;
      }
      const b = this.facts.lookup(t.name, k);
      if (t.name === '__file__' && b === undefined) {
        own = true;
        continue;
      }
      if (b === undefined) {
        if (OWN_PATH_STEPS.has(t.name)) continue;
        return false;
      }
      // `import os`, `from os.path import join, dirname`, `from pathlib import Path`.
      if (b.kind === 'module') {
        if (b.path.every((step) => OWN_PATH_STEPS.has(step))) continue;
        return false;
      }
      // A name bound by `NAME = value`: its value, up to the end of that line.
      if (depth >= 2 || (b.kind !== 'local' && b.kind !== 'path') || !isOp(tokens[b.decl + 1], '=') || b.decl >= start) return false;
      // Each binding's line is read once per depth: call sites naming the same long lines many
      // times would otherwise read them again each time (quadratic, cubic two names deep).
      const key = b.decl * 3 + depth + 1;
      let found = this.ownPathLines.get(key);
      if (found === undefined) {
        let e = b.decl + 2;
        while (e < tokens.length && tokens[e]!.type !== 'newline') e++;
        found = this.ownPath(b.decl + 2, e, depth + 1);
        this.ownPathLines.set(key, found);
      }
      if (!found) return false;
      own = true;
    }
    return own;
  }

  /** Whether a binding's value line is a path built from `__file__` ({@link ownPath}), by its declaration and depth. */
  private readonly ownPathLines = new Map<number, boolean>();

  /**
   * A call that connects to a database named by a URL (`create_engine(url)`): a file when the URL
   * is a literal, or starts with one, whose scheme names a file database (nothing for an in-memory
   * one), else a server, also for a URL computed at run time. Not called, or without a URL: nothing.
   */
  private databaseConnection(resolution: PythonResolution, at: number, open: number, shift: number): void {
    const { index, keyword, fileSchemes, fileRow } = resolution.pattern.databaseUrl!;
    if (open < 0) return;
    const range = findArgument(this.facts, open, { index: index + shift, keyword });
    if (range === undefined) return;
    const text = range === 'unknown' ? undefined : this.leadingText(range);
    const scheme = text === undefined ? undefined : /^([A-Za-z][A-Za-z0-9.-]{0,40})(?:\+[^:/]{0,40})?:/.exec(text.value)?.[1]?.toLowerCase();
    if (text === undefined || scheme === undefined) return this.findings.capability(resolution, at, undefined, 'the database URL is computed at run time: counted as a server');
    if (!fileSchemes.includes(scheme)) return this.findings.capability(resolution, at, undefined, `${scheme} URL`);
    // `sqlite://`, `sqlite:///:memory:`, `sqlite+aiosqlite://`, `sqlite://:memory:`: a database in memory.
    const rest = text.value.slice(text.value.indexOf(':') + 1);
    if (text.whole && (/^\/{0,3}$/.test(rest) || rest.includes(':memory:') || rest.includes('mode=memory'))) return;
    this.findings.capability({ pattern: PYTHON_PATTERN_BY_ID.get(fileRow)!, member: resolution.member, raw: resolution.raw }, at, 'read', `${scheme} URL: a local database file`);
  }

  /**
   * The text of the argument at tokens `[start, end)`: its folded value (`whole`), or the literal
   * it starts with (`f"sqlite:///{p}"`, `"postgresql://" + host`, also through a name bound once
   * to such a value: `url = f"sqlite:///{p}"`), else undefined.
   */
  private leadingText([start, end]: [number, number]): { value: string; whole: boolean } | undefined {
    const folded = foldPython(this.facts, start);
    if (folded !== undefined && folded.end === end) return { value: folded.value, whole: true };
    let t = this.facts.tokens[start]!;
    if (t.type === 'name' && end === start + 1) {
      const value = this.facts.valueStart(t.name, start);
      if (value !== undefined) t = this.facts.tokens[value]!;
    }
    if (t.type !== 'string') return undefined;
    const value = t.cooked ?? t.parts?.[0];
    return value === undefined ? undefined : { value, whole: false };
  }

  /**
   * Whether a member value at `[start, end)` is only tested for presence: the member itself (a
   * name or a `getattr(…)` call, not `os.environ["HOME"]`), of a row that acts when called
   * (testing the environment reads it).
   */
  private presenceOnly(path: readonly string[], [start, end]: readonly [number, number]): boolean {
    const last = this.tokens[end - 1];
    const whole = last?.type === 'name' || (isOp(last, ')') && this.facts.match[end - 1]! === start + 1);
    if (!whole || !presenceTest(this.facts, start, end)) return false;
    const resolution = this.resolvePath(path);
    return resolution !== undefined && resolution !== 'ignored' && resolution.pattern.family !== 'environment';
  }

  /** Whether the reference starting at `at` is only a type: annotated, tested or caught. */
  private typePosition(at: number): boolean {
    if (this.facts.inAnnotation(at)) return true;
    this.handOn ??= new HandOnReader(this.facts, this.statements);
    return this.handOn.typeTest(at);
  }

  /**
   * A module whose rows match single members (`os`, `shutil`, `pickle`) used as a value at tokens
   * `[start, end)`: when it is handed on whole (`helper(os)`, `self.sh = shutil`), where it goes
   * is not followed, so the module object itself is reported, once per family of its rows.
   */
  private moduleObject(path: readonly string[], [start, end]: [number, number]): void {
    const rows = moduleObjectRows(path.join('.'));
    if (rows.length === 0) return;
    this.handOn ??= new HandOnReader(this.facts, this.statements);
    const how = this.handOn.handedOn(start, end);
    if (how === undefined) return;
    const parameter = how === 'a default value' ? this.facts.moduleDefaults.get(start) : undefined;
    if (parameter?.kind === 'module') {
      // Followed inside the function: reported here only if the function never uses the parameter.
      this.defaults.push({ parameter, refs: parameter.refs, path, start, how });
      return;
    }
    this.reportModuleObject(path, start, how);
  }

  /** Module defaults whose parameter is followed (see `moduleObject`), with its references when the default was read. */
  private readonly defaults: Array<{ parameter: { refs: number }; refs: number; path: readonly string[]; start: number; how: HandOn }> = [];

  /** The module object itself, handed on at `start`: one finding per family of its rows. */
  private reportModuleObject(path: readonly string[], start: number, how: HandOn): void {
    const rows = moduleObjectRows(path.join('.'));
    const raw = path.join('.');
    for (const row of rows) this.findings.capability({ pattern: row.pattern, raw }, start, row.access, `the module object itself is handed on (${how}); its uses there are not followed`);
  }

  /**
   * Whether the call at `open` works on memory, not a file: an in-memory SQLite database
   * (`sqlite3.connect(':memory:')`), or a reader or writer given an `io.BytesIO`/`io.StringIO`
   * buffer (`Image.open(io.BytesIO(data))`, `pd.read_csv(io.StringIO(text))`, `buf = io.BytesIO()`
   * … `zipfile.ZipFile(buf, 'w')`, for a name bound to nothing but such buffers in the file), or a
   * tar archive read from such a buffer given as `fileobj` (`tarfile.open(fileobj=io.BytesIO(b))`).
   *
   * @param id The row of the call.
   * @param open The call's `(`.
   * @param raw The call's raw identifier (`tarfile.open`).
   */
  private inMemory(id: string, open: number, raw: string): boolean {
    if (id === 'filesystem.python-archive' && FILEOBJ_ARCHIVE_CALLS.has(raw)) {
      const fileobj = findArgument(this.facts, open, { index: 2, keyword: 'fileobj' });
      if (fileobj !== undefined && fileobj !== 'unknown' && this.isBuffer(fileobj)) return true;
    }
    if (id === 'filesystem.python-sqlite') {
      const range = findArgument(this.facts, open, { index: 0, keyword: 'database' });
      if (range === undefined || range === 'unknown') return false;
      const folded = foldPython(this.facts, range[0]);
      return folded !== undefined && folded.end === range[1] && (folded.value === ':memory:' || folded.value.startsWith('file::memory:'));
    }
    const argument = BUFFER_ARGUMENT_ROWS.get(id);
    if (argument === undefined) return false;
    const range = findArgument(this.facts, open, argument) ?? (argument.alias === undefined ? undefined : findArgument(this.facts, open, { index: argument.index, keyword: argument.alias }));
    // `docx.Document()`, `pptx.Presentation()`: a new, empty document.
    if (range === undefined) return id === 'filesystem.python-document-read' && callArguments(this.facts.tokens, this.facts.match, open).length === 0;
    if (range === 'unknown') return false;
    return this.isBuffer(range);
  }

  /**
   * Whether the argument at tokens `[start, end)` is an in-memory buffer: an `io.BytesIO(…)` call,
   * or a name bound only to such buffers whose binding in effect there is one of them (not a
   * parameter, a loop target or another binding of the same name: `def load(buf): pd.read_csv(buf)`
   * reads whatever path the caller gives, whatever `buf` is elsewhere in the file).
   */
  private isBuffer([start, end]: [number, number]): boolean {
    const { tokens, match } = this.facts;
    const callee = this.bufferCall(start);
    if (callee !== undefined && match[callee.end]! + 1 === end) return true;
    const t = tokens[start]!;
    if (t.type !== 'name' || end !== start + 1 || !this.bufferNames().has(t.name)) return false;
    const binding = this.facts.lookup(t.name, start);
    return binding !== undefined && this.bufferDecls.has(binding.decl);
  }

  /** The callee of an `io.BytesIO(…)`/`io.StringIO(…)` call that starts at token `k`, else undefined. */
  private bufferCall(k: number): { path: string; end: number } | undefined {
    const callee = calleePath(this.facts, k);
    return callee !== undefined && BUFFER_CLASSES.has(callee.path) && isOp(this.facts.tokens[callee.end], '(') ? callee : undefined;
  }

  /** Names the file binds only to new `io.BytesIO`/`io.StringIO` buffers (`buf = io.BytesIO()`, `with io.StringIO() as out:`), built on first use. */
  private buffers: Set<string> | undefined;
  /** The tokens of those bindings' names. */
  private readonly bufferDecls = new Set<number>();
  private bufferNames(): Set<string> {
    if (this.buffers !== undefined) return this.buffers;
    const { tokens, match } = this.facts;
    const buffer = new Set<string>();
    const other = new Set<string>();
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.type !== 'name') continue;
      if (isOp(tokens[k + 1], '=') && !isOp(tokens[k - 1], '.') && !isOp(tokens[k - 1], ',') && !isOp(tokens[k + 2], '=')) {
        const buffered = this.bufferCall(k + 2) !== undefined;
        if (buffered) this.bufferDecls.add(k);
        (buffered ? buffer : other).add(t.name);
      } else if (isOp(tokens[k - 1], 'as') || (tokens[k - 1]?.type === 'name' && tokens[k - 1]!.name === 'as')) {
        // `with io.BytesIO() as buf:`: the call before `as`, back to its callee's first name.
        const close = k - 2;
        let start = isOp(tokens[close], ')') ? match[close]! - 1 : -1;
        while (start > 1 && isOp(tokens[start - 1], '.') && tokens[start - 2]?.type === 'name') start -= 2;
        const buffered = start >= 0 && this.bufferCall(start)?.end === match[close]!;
        if (buffered) this.bufferDecls.add(k);
        (buffered ? buffer : other).add(t.name);
      }
    }
    this.buffers = new Set([...buffer].filter((name) => !other.has(name)));
    return this.buffers;
  }

  /** Whether the call at `open` passes the keyword argument `keyword` as the literal `True`. */
  /**
   * Whether the model loader `path` called at `open` is given, as a literal, a model it reads from
   * disk: see {@link PYTHON_MODEL_ARGUMENTS}.
   */
  private localModel(path: readonly string[], open: number): boolean {
    const dotted = path.join('.');
    const argument = PYTHON_MODEL_ARGUMENTS.get(dotted) ?? (path[path.length - 1] === 'from_pretrained' ? PYTHON_MODEL_ARGUMENTS.get(`${path[0]}.*.from_pretrained`) : undefined);
    if (argument === undefined) return false;
    const range = findArgument(this.facts, open, argument);
    if (range === undefined || range === 'unknown') return false;
    const folded = foldPython(this.facts, range[0]);
    if (folded === undefined || folded.end !== range[1]) return false;
    const name = folded.value.trim();
    if (name === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(name)) return false;
    if (argument.names === 'hub') return /^(?:\/|\.{1,2}[/\\]|~|[a-z]:[/\\])/i.test(name) || name.includes('\\') || name.split('/').length > 2;
    const last = name.split(/[/\\]/).pop()!;
    const dot = last.lastIndexOf('.');
    if (dot > 0 && last.slice(dot).toLowerCase() !== '.pt') return true;
    return !/^(?:yolo|sam|mobile_sam|fastsam|rtdetr)/i.test(last);
  }

  /** The file's module-level stores that switch a Hugging Face library offline (site, variable), built on first use. */
  private offlineSwitches: Array<{ at: number; variable: string }> | undefined;

  /**
   * Whether the loader `path` is a Hugging Face one and the file switches it offline before any
   * import of its group's libraries (see {@link PYTHON_HUB_OFFLINE}): `os.environ["HF_HUB_OFFLINE"] =
   * "1"` (for datasets `HF_DATASETS_OFFLINE`) as a module-level statement outside any block, ahead
   * of the first import of transformers, diffusers, sentence-transformers, faster-whisper or
   * huggingface_hub (datasets). `setdefault` (a value already set is kept), a store under `if` or
   * in a function, one after the import, or another group's variable do not count.
   */
  private hubOffline(path: readonly string[]): boolean {
    const group = hubOfflineGroup(path[0]!);
    return group >= 0 && this.hubState(group) === 'offline';
  }

  /**
   * What this module does to the offline switch of group `group` of {@link PYTHON_HUB_OFFLINE}
   * when it runs: `offline` when it switches it (as {@link hubOffline} reads it) ahead of its first
   * import of the group's libraries, `online` when it imports them without doing so first (they
   * have read their settings by then), `none` when it does neither.
   */
  hubState(group: number): 'offline' | 'online' | 'none' {
    const { packages, variables } = PYTHON_HUB_OFFLINE[group]!;
    const { tokens } = this;
    if (this.offlineSwitches === undefined) {
      this.offlineSwitches = [];
      const all = PYTHON_HUB_OFFLINE.flatMap((g) => g.variables);
      const counting = this.facts.counting;
      this.facts.counting = false;
      for (let k = 0; k < tokens.length; k++) {
        if (tokens[k]!.type !== 'name' || isOp(tokens[k - 1], '.') || !(k === 0 || tokens[k - 1]!.type === 'newline') || this.facts.indentOf[k] !== 0) continue;
        const callee = calleePath(this.facts, k);
        if (callee?.path !== 'os.environ' || !isOp(tokens[callee.end], '[')) continue;
        const close = this.facts.match[callee.end]!;
        const key = foldPython(this.facts, callee.end + 1);
        if (key === undefined || key.end !== close || !all.includes(key.value) || !isOp(tokens[close + 1], '=')) continue;
        const value = foldPython(this.facts, close + 2);
        const after = value === undefined ? undefined : tokens[value.end];
        if (value !== undefined && (after === undefined || after.type === 'newline' || isOp(after, ';')) && ['1', 'ON', 'YES', 'TRUE'].includes(value.value.trim().toUpperCase())) this.offlineSwitches.push({ at: k, variable: key.value });
      }
      this.facts.counting = counting;
    }
    const first = Math.min(...this.facts.imports.filter((site) => packages.includes(site.module.split('.')[0]!)).map((site) => site.index));
    if (this.offlineSwitches.some((s) => s.at < first && variables.includes(s.variable))) return 'offline';
    return first === Infinity ? 'none' : 'online';
  }

  private literalTrue(open: number, keyword: string): boolean {
    const range = findArgument(this.facts, open, { index: -1, keyword });
    if (range === undefined || range === 'unknown' || range[1] !== range[0] + 1) return false;
    const t = this.facts.tokens[range[0]]!;
    return t.type === 'name' && t.name === 'True';
  }

  /** Whether the call at `open` opens the null device: its path is `os.devnull` or the literal `'/dev/null'`. */
  private opensNullDevice(open: number, keyword: string): boolean {
    const range = findArgument(this.facts, open, { index: 0, keyword });
    if (range === undefined || range === 'unknown') return false;
    const callee = calleePath(this.facts, range[0]);
    if (callee !== undefined && callee.end === range[1]) return NULL_DEVICE_NAMES.has(callee.path);
    const folded = foldPython(this.facts, range[0]);
    // Only the POSIX path: on POSIX `open('nul', 'w')` creates a file named nul.
    return folded !== undefined && folded.end === range[1] && folded.value === '/dev/null';
  }

  /**
   * Whether the call at `open` passes one of `required.names` as the required argument
   * (`Loader=yaml.Loader`), or a literal URL with one of `required.schemes`.
   */
  private names(open: number, required: PythonRequiredArgument): boolean {
    if (required.maxPositional !== undefined) {
      const { tokens, match } = this.facts;
      const positional = callArguments(tokens, match, open).filter(([a]) => !(tokens[a]!.type === 'name' && isOp(tokens[a + 1], '=')) && !isOp(tokens[a], '*') && !isOp(tokens[a], '**'));
      if (positional.length > required.maxPositional) return false;
    }
    const range = findArgument(this.facts, open, required);
    if (range === 'unknown') return required.notFalse === true || required.downloads !== undefined || required.notStrings !== undefined;
    if (required.downloads !== undefined) {
      // Absent: the default fetches. A literal None/False, or a string literal not listed (a file), does not.
      if (range === undefined) return true;
      const only = range[1] === range[0] + 1 ? this.facts.tokens[range[0]]! : undefined;
      if (only !== undefined && only.type === 'name' && (only.name === 'None' || only.name === 'False')) return false;
      const folded = foldPython(this.facts, range[0]);
      return folded === undefined || folded.end !== range[1] || required.downloads.includes(folded.value);
    }
    if (range === undefined) return required.absentOn === true;
    if (required.notStrings !== undefined) {
      // A name or an expression (`args.transport`, `os.getenv("T", "stdio")`) may hold any value.
      if (range[1] === range[0] + 1 && this.facts.tokens[range[0]]!.name === 'None') return false;
      const folded = foldPython(this.facts, range[0]);
      return folded === undefined || folded.end !== range[1] || !required.notStrings.includes(folded.value);
    }
    if (required.present === true) return !(range[1] === range[0] + 1 && this.facts.tokens[range[0]]!.name === 'None');
    if (required.notFalse === true) {
      const only = range[1] === range[0] + 1 ? this.facts.tokens[range[0]]! : undefined;
      return !(only !== undefined && ((only.type === 'name' && (only.name === 'False' || only.name === 'None')) || (only.type === 'number' && /^0+$/.test(only.value))));
    }
    if (required.schemes !== undefined) {
      const folded = foldPython(this.facts, range[0]);
      if (folded === undefined || folded.end !== range[1]) return false;
      const scheme = /^([A-Za-z][A-Za-z0-9.-]{0,40})(?:\+[^:]{0,40})?:/.exec(folded.value)?.[1]?.toLowerCase();
      return scheme !== undefined && required.schemes.includes(scheme);
    }
    if (required.names === undefined) return false;
    const callee = calleePath(this.facts, range[0]);
    return callee !== undefined && callee.end === range[1] && required.names.includes(callee.path);
  }

  /**
   * Whether the archive opened by the call at `open` is extracted: `tarfile.open(p).extractall(d)`,
   * or `with tarfile.open(p) as t:` / `t = zipfile.ZipFile(p)` and a later `t.extractall(…)` or
   * `t.extract(…)` in the file.
   */
  private extracts(open: number): boolean {
    const { tokens, match } = this.facts;
    const close = match[open]!;
    const isExtract = (k: number): boolean => isOp(tokens[k], '.') && (tokens[k + 1]?.name === 'extractall' || tokens[k + 1]?.name === 'extract') && isOp(tokens[k + 2], '(');
    if (close < 0) return false;
    if (isExtract(close + 1)) return true;
    let name: string | undefined;
    if (tokens[close + 1]?.name === 'as' && tokens[close + 2]?.type === 'name') name = tokens[close + 2]!.name;
    else {
      // `t = zipfile.ZipFile(p)`: the name before `=` at the start of the statement.
      let k = open - 1;
      while (k > 0 && (tokens[k]!.type === 'name' || isOp(tokens[k], '.'))) k--;
      if (isOp(tokens[k], '=') && tokens[k - 1]?.type === 'name') name = tokens[k - 1]!.name;
    }
    if (name === undefined) return false;
    if (this.lastExtract === undefined) {
      // One pass for the file: where each name is last extracted (`t.extractall(…)`).
      this.lastExtract = new Map();
      for (let k = 0; k < tokens.length; k++) if (tokens[k]!.type === 'name' && isExtract(k + 1)) this.lastExtract.set(tokens[k]!.name, k);
    }
    return (this.lastExtract.get(name) ?? -1) > close;
  }

  private dynamicImport(step: Extract<ChainStep, { kind: 'dynamic-import' }>): void {
    const fn = step.fn === 'builtins.__import__' ? '__import__' : step.fn;
    if (step.name === undefined) {
      const resolution: PythonResolution = { pattern: PYTHON_PATTERN_BY_ID.get('code-evaluation.python-dynamic-import')!, raw: fn };
      this.findings.capability(resolution, step.at, undefined, 'the module name is computed at run time');
      this.findings.evasion('evasion.dynamic-import', 'medium', step.at, `${fn} with a module name that is not a string literal`, false);
      return;
    }
    const name = step.name.value;
    const t = this.tokens[step.at]!;
    const kind: ImportRecord['kind'] = name.startsWith('.') ? 'relative' : isPythonStdlib(name) ? 'builtin' : 'package';
    // `import_module('.tools', __package__)` names a module of the importing package.
    const specifier = kind === 'relative' ? `from ${name.replace(/\.[^.]*$/, '') || '.'} import ${name.slice(name.lastIndexOf('.') + 1)}` : name;
    this.imports.push({ specifier, kind, typeOnly: false, line: t.line, column: t.column });
    // `import_module('paramiko.util')` inside paramiko loads the package's own module.
    if (!this.facts.ownPackages.has(name.split('.')[0]!)) this.packageAt(name.split('.'), step.at, name);
    const tricks = step.name.how.filter((h) => h !== 'constant');
    if (tricks.length > 0) this.findings.evasion('evasion.obfuscated-name', namesPythonCapability(name) ? 'high' : 'medium', step.at, `${fn} of "${truncate(name)}" (${tricks.join(', ')})`, false);
  }

  /** A package whose import is the capability (`requests`, `pexpect`), reported where it is imported. */
  private packageAt(path: readonly string[], index: number, shown: string): void {
    // The longest known prefix first; a typed member (`git.Repo` of `from git import Repo`) has
    // rows of its own but is still part of its package, so shorter prefixes are tried too.
    for (let j = Math.max(knownModulePrefix(path), 1); j >= 1; j--) {
      const resolution = this.resolvePath(path.slice(0, j));
      if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw !== 'module') continue;
      this.findings.capability(resolution, index, resolution.pattern.access, `imports "${shown}"`);
      return;
    }
  }

  // ---- after the walk ---------------------------------------------------------------------------

  private importSites(): void {
    for (const site of this.facts.imports) {
      if (site.record.typeOnly || site.module.startsWith('.') || this.facts.ownPackages.has(site.module.split('.')[0]!)) continue;
      if (this.probe(site.index)) continue;
      const path = site.module.split('.');
      this.packageAt(site.name !== undefined ? [...path, site.name] : path, site.index, site.module);
    }
  }

  /** An imported capability never referenced still counts, at the import. */
  private unusedImports(): void {
    for (const scope of this.facts.scopes) {
      for (const list of scope.names.values()) {
        for (const b of list) {
          if (b.kind !== 'module' || !b.imported || b.refs > 0 || this.probe(b.decl)) continue;
          const resolution = this.resolvePath(b.path);
          if (resolution === undefined || resolution === 'ignored' || resolution.pattern.raw === 'module' || resolution.pattern.requires !== undefined || resolution.pattern.databaseUrl !== undefined) continue;
          // A class imported and never used names a type here (`from subprocess import
          // CalledProcessError`), unless it is one of the names that start the capability (a
          // module-level `from subprocess import Popen as launch` another file imports from here).
          if (resolution.member !== undefined && /^[A-Z]/.test(resolution.member) && resolution.pattern.star?.includes(resolution.member) !== true) continue;
          const access = resolution.pattern.mode !== undefined ? undefined : resolution.member === undefined ? undefined : resolution.pattern.access;
          this.findings.capability(resolution, b.decl, access, 'imported but not referenced in this file');
        }
      }
    }
  }

  /**
   * Whether the import statement holding token `at` only probes that a module can be imported: in
   * a function (another module cannot import the name from it), guarded by `except ImportError`,
   * and none of the names it binds is referenced. At module level such an import stays a finding:
   * another file may take the module from this one (`from .compat import ssl`).
   */
  private probe(at: number): boolean {
    const scope = this.facts.scopeAt(at);
    if (scope.kind !== 'function') return false;
    const statement = this.statements.find((s) => s.start <= at && at < s.end);
    if (statement === undefined || !importGuarded(this.tokens, this.statements, at)) return false;
    // `global ssl` before the import makes it a module name again, which other files can import.
    for (const list of this.facts.scopes[0]!.names.values()) if (list.some((b) => b.decl >= statement.start && b.decl < statement.end)) return false;
    for (const list of scope.names.values()) {
      for (const b of list) if (b.kind === 'module' && b.decl >= statement.start && b.decl < statement.end && b.refs > 0) return false;
    }
    return true;
  }

  private fileHeuristics(): void {
    const { lex } = this;
    if (lex.length > 0) {
      const ratio = lex.escapedChars / lex.length;
      if (ratio > ESCAPE_DENSITY_THRESHOLD) {
        const first = Math.max(0, this.tokens.findIndex((t) => t.escaped === true));
        this.findings.evasion('evasion.escape-density', ratio > ESCAPE_DENSITY_HIGH ? 'high' : 'medium', first, `${(ratio * 100).toFixed(1)} % of the file is escape sequences that spell visible characters`, false);
      }
    }
    this.evasion.hiddenCharacters(lex.invisibles, this.text);
    for (let i = 0; i < this.tokens.length; i++) {
      const t = this.tokens[i]!;
      if (t.type !== 'string' || t.value.length < ENTROPY_MIN_LENGTH) continue;
      const entropy = highEntropyOf(t.value);
      if (entropy !== undefined) this.findings.evasion('evasion.high-entropy-literal', 'low', i, `${t.value.length} characters, ${entropy.toFixed(2)} bits per character`, true);
    }
  }
}

/**
 * The names a path built from `__file__` may be made of: os.path's and pathlib's steps and the
 * conversions to text (`os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib')`,
 * `str(Path(__file__).resolve().parents[1] / 'src')`).
 */
const OWN_PATH_STEPS: ReadonlySet<string> = new Set(['os', 'path', 'pathlib', 'Path', 'PurePath', 'str', 'fspath', 'dirname', 'abspath', 'realpath', 'normpath', 'join', 'joinpath', 'parent', 'parents', 'resolve', 'absolute']);
/** The operators such a path may hold: calls, members, indexes, `/` and `+` of path parts. */
const OWN_PATH_OPS: ReadonlySet<string> = new Set(['.', '(', ')', ',', '[', ']', '/', '+']);
