/**
 * Code-evaluation patterns: `eval`, the `Function` constructor, `vm`, WebAssembly compilation,
 * string timers, `process.binding`, native addons (`process.dlopen`, `.node` files, `Deno.dlopen`,
 * `bun:ffi`, loader packages), sandbox packages, the Node inspector (its protocol evaluates code),
 * WASI, the Node REPL and ShadowRealm. Token-shaped cases (`(0, eval)`,
 * `.constructor(...)` chains, `.node` specifiers, `data:` URL imports) are matched in `scan-source.ts` and reported
 * under the ids declared here.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

const NATIVE_PACKAGES = ['bindings', 'node-gyp-build', 'ffi-napi', 'koffi'];
const SANDBOX_PACKAGES = [
  'vm2', 'isolated-vm', 'quickjs-emscripten', 'ses',
  // Evaluators of JavaScript source (module from a string, interpreters) and of Python (Pyodide).
  'quickjs-emscripten-core', '@sebastianwessel/quickjs', 'require-from-string', 'module-from-string', 'import-from-string', 'node-eval',
  'eval', 'safe-eval', 'notevil', 'sval', 'js-interpreter', 'eval5', '@nyariv/sandboxjs', 'pyodide',
  'postman-sandbox', 'ts-evaluator', '@wessberg/ts-evaluator',
];

/**
 * Expression-language evaluators: they parse and run the expression string they are given (the
 * JavaScript side of Python's asteval/simpleeval and Go's expr).
 */
const EXPRESSION_PACKAGES = ['expr-eval', 'jexl', 'filtrex', 'expression-eval', 'jse-eval', 'subscript'];
/**
 * Template engines whose templates are JavaScript (`<% code %>`, pug's `- code`, eta's `<% %>`,
 * doT's `{{ }}`): compiling one builds a function from the template text, so the template runs code.
 * Logic-less engines (mustache, handlebars) and nunjucks' own language are not listed.
 */
const TEMPLATE_ENGINES = ['ejs', 'pug', 'eta', 'dot'];
/**
 * The members that compile a template (from a string or a file): ejs and pug render/compile
 * (and their File forms), eta's functions (v1, v2) and its Eta class (v3: new Eta().renderString),
 * doT's template, compile and process (which compiles a directory of templates).
 */
const TEMPLATE_COMPILERS = [
  'render', 'compile', 'renderFile', 'compileFile', 'compileClient', 'compileFileClient', 'renderAsync', 'renderString', 'renderStringAsync',
  'renderFileAsync', 'Eta', 'template', 'process',
];
/** lodash's template compiler, published on its own and as a lodash module file. */
const LODASH_TEMPLATE = ['lodash.template', 'lodash/template', 'lodash/template.js', 'lodash-es/template', 'lodash-es/template.js'];

/** Utility libraries with one template compiler among many pure helpers (`_.template(s)`). */
const UTILITY_LIBRARIES = ['lodash', 'lodash-es', 'underscore'];

/**
 * Sources used mostly for something else, whose rows name one member (`_.template`): a member
 * looked up by a computed key (`_[method](xs)`) is ordinary code, not evasion, unless the key
 * reaches that row.
 */
export const INCIDENTAL_SOURCES: ReadonlySet<string> = new Set(['lodash', 'mathjs']);

/** Module specifiers of the code-evaluation family. */
export const CODE_EVALUATION_MODULES: Readonly<Record<string, ModuleInfo>> = {
  vm: { source: 'vm', display: 'vm' },
  module: { source: 'module', display: 'module' },
  'bun:ffi': { source: 'bun:ffi', display: 'bun:ffi' },
  inspector: { source: 'inspector', display: 'inspector' },
  'inspector/promises': { source: 'inspector', display: 'inspector' },
  wasi: { source: 'wasi', display: 'wasi' },
  repl: { source: 'repl', display: 'repl' },
  ...Object.fromEntries([...NATIVE_PACKAGES, ...SANDBOX_PACKAGES, ...EXPRESSION_PACKAGES, 'mathjs', ...TEMPLATE_ENGINES].map((name) => [name, { source: name, display: name }])),
  ...Object.fromEntries(LODASH_TEMPLATE.map((name) => [name, { source: 'lodash.template', display: 'lodash.template' }])),
  ...Object.fromEntries(UTILITY_LIBRARIES.map((name) => [name, { source: 'lodash', display: name }])),
};

/**
 * Node's internal bindings reached through `process.binding(name)` that do what a public module
 * does: the row reported beside `code-evaluation.process-binding` when the name folds to one.
 */
export const NODE_BINDING_ROWS: Readonly<Record<string, { id: string; family: 'subprocess' | 'filesystem' | 'network' }>> = {
  spawn_sync: { id: 'subprocess.node-binding', family: 'subprocess' },
  process_wrap: { id: 'subprocess.node-binding', family: 'subprocess' },
  fs: { id: 'filesystem.node-binding', family: 'filesystem' },
  fs_dir: { id: 'filesystem.node-binding', family: 'filesystem' },
  fs_event_wrap: { id: 'filesystem.node-binding', family: 'filesystem' },
  tcp_wrap: { id: 'network.node-binding', family: 'network' },
  udp_wrap: { id: 'network.node-binding', family: 'network' },
  pipe_wrap: { id: 'network.node-binding', family: 'network' },
  tls_wrap: { id: 'network.node-binding', family: 'network' },
  cares_wrap: { id: 'network.node-binding', family: 'network' },
  js_udp_wrap: { id: 'network.node-binding', family: 'network' },
};

/** Members that are not capabilities. */
export const CODE_EVALUATION_IGNORED: Readonly<Record<string, readonly string[]>> = {
  inspector: ['console'],
};

/** Code-evaluation pattern rows. */
export const CODE_EVALUATION_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'code-evaluation.eval', family: 'codeEvaluation', title: 'Evaluates a string as code with eval', sources: ['global'], members: ['eval'], raw: 'member' },
  { id: 'code-evaluation.function-constructor', family: 'codeEvaluation', title: 'Builds a function from a string (Function constructor, also via .constructor chains)', sources: ['global'], members: ['Function'], raw: 'member' },
  { id: 'code-evaluation.string-timer', family: 'codeEvaluation', title: 'Passes a code string to setTimeout or setInterval', sources: ['global'], members: ['setTimeout', 'setInterval'], requiresStringArgument: true, raw: 'member' },
  { id: 'code-evaluation.vm', family: 'codeEvaluation', title: 'Runs code through the Node vm module', sources: ['vm'], raw: 'member' },
  { id: 'code-evaluation.module-internals', family: 'codeEvaluation', title: 'Compiles or loads modules through Node module internals', sources: ['module'], members: ['_load', '_compile', 'wrap', 'runMain'], raw: 'member' },
  { id: 'code-evaluation.webassembly', family: 'codeEvaluation', title: 'Compiles or instantiates WebAssembly', sources: ['WebAssembly'], members: ['instantiate', 'compile', 'instantiateStreaming', 'compileStreaming', 'Module', 'Instance'], raw: 'member' },
  { id: 'code-evaluation.process-binding', family: 'codeEvaluation', title: 'Reaches Node internals through process.binding', sources: ['process'], members: ['binding', '_linkedBinding'], raw: 'member' },
  { id: 'code-evaluation.native-addon', family: 'codeEvaluation', title: 'Loads native code (process.dlopen, Deno.dlopen, a required .node file)', sources: ['process', 'Deno'], members: ['dlopen'], raw: 'member' },
  { id: 'code-evaluation.native-addon-package', family: 'codeEvaluation', title: 'Imports a native-code loader (bun:ffi, bindings, node-gyp-build, FFI packages)', sources: ['bun:ffi', ...NATIVE_PACKAGES], raw: 'module' },
  { id: 'code-evaluation.sandbox-package', family: 'codeEvaluation', title: 'Imports a code sandbox or evaluator package', sources: SANDBOX_PACKAGES, raw: 'module' },
  { id: 'code-evaluation.expression-package', family: 'codeEvaluation', title: 'Imports an expression-language evaluator (expr-eval, jexl, filtrex, ...: it parses and runs the expression strings it is given)', sources: EXPRESSION_PACKAGES, raw: 'module' },
  { id: 'code-evaluation.mathjs-evaluate', family: 'codeEvaluation', title: 'Evaluates an expression string through mathjs (evaluate, compile or parse; its other functions are plain math)', sources: ['mathjs'], members: ['evaluate', 'compile', 'parse', 'Parser', 'parser'], raw: 'member' },
  { id: 'code-evaluation.inspector', family: 'codeEvaluation', title: 'Uses the Node inspector (a debugger session evaluates code; open() listens on a port)', sources: ['inspector'], raw: 'member' },
  { id: 'code-evaluation.worker-eval', family: 'codeEvaluation', title: 'Starts a worker thread whose code is a string (new Worker(code, { eval: true }), or a worker started from a blob: URL made by URL.createObjectURL)', sources: [], raw: 'member' },
  { id: 'code-evaluation.repl', family: 'codeEvaluation', title: 'Starts a Node REPL (evaluates what its input stream sends)', sources: ['repl'], raw: 'member' },
  { id: 'code-evaluation.shadow-realm', family: 'codeEvaluation', title: 'Creates a ShadowRealm (its evaluate() runs a string as code)', sources: ['global'], members: ['ShadowRealm'], raw: 'member' },
  { id: 'code-evaluation.data-url-import', family: 'codeEvaluation', title: 'Imports a module from a data: URL (code written in the specifier)', sources: [], raw: 'member' },
  { id: 'code-evaluation.run-time-module', family: 'codeEvaluation', title: 'Loads a module file whose path is built at run time (import() or require of path.resolve/join, import.meta.resolve, require.resolve or pathToFileURL of a computed name, or of a relative path with a run-time part): code no scan reads is run', sources: [], raw: 'member' },
  { id: 'code-evaluation.remote-import', family: 'codeEvaluation', title: 'Imports a module from an http(s) URL at run time (import("https://…")): code fetched from the network, never scanned', sources: [], raw: 'member' },
  { id: 'code-evaluation.jsdom-run-scripts', family: 'codeEvaluation', title: 'Runs the scripts of an HTML page in jsdom (runScripts option)', sources: [], raw: 'member' },
  { id: 'code-evaluation.template-engine', family: 'codeEvaluation', title: 'Compiles a template whose template language is JavaScript (ejs and pug render or compile, also of a file; eta render, renderString, compile or the Eta class; doT template, compile or process)', sources: TEMPLATE_ENGINES, members: TEMPLATE_COMPILERS, raw: 'member' },
  { id: 'code-evaluation.lodash-template', family: 'codeEvaluation', title: 'Compiles a template string into a function with lodash\'s template (its <% %> blocks run JavaScript)', sources: ['lodash.template'], raw: 'member' },
  { id: 'code-evaluation.lodash-template-method', family: 'codeEvaluation', title: 'Compiles a template string into a function with the template method of lodash or underscore (its <% %> blocks run JavaScript)', sources: ['lodash'], members: ['template'], raw: 'member' },
  { id: 'code-evaluation.wasi', family: 'codeEvaluation', title: 'Runs WebAssembly with system access through WASI', sources: ['wasi'], raw: 'member' },
];

