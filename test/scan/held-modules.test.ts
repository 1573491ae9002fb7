/**
 * Modules held in an object literal or a class field (`const deps = { fs }`, `this.deps.fs`):
 * calls through a statically clear member chain resolve to the module's row, with its read/write
 * direction; the module object stays reported where it is written when the holder escapes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanTools } from '../../src/scan/scan-tools.ts';

/** `line:identifier:access` of every capability finding, in order. */
const caps = (text: string, file = 'x.js'): string[] =>
  scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);

test('an object of modules only read through its keys: the uses are the findings', () => {
  assert.equal(caps("const fs = require('fs');\nconst deps = { fs };\ndeps.fs.writeFileSync(p, d);"), ['3:fs.writeFileSync:write']);
  assert.equal(caps("const d = { fs: require('node:fs') };\nd.fs.readFileSync(p);"), ['2:fs.readFileSync:read']);
  assert.equal(caps("async function g() {\n  const d = { cp: await import('child_process') };\n  d.cp.execSync('ls');\n  d?.cp?.spawn('x');\n}"), ['3:child_process.execSync', '4:child_process.spawn']);
  // Nested literals, a member taken out, destructuring (which hands the holder on).
  assert.equal(caps("import fs from 'node:fs';\nconst d = { io: { fsp: fs.promises } };\nd.io.fsp.writeFile(p, '');"), ['3:fs.writeFile:write']);
  assert.equal(caps("import fs from 'node:fs';\nconst d = { fs };\nconst f = d.fs;\nf.mkdirSync(p);"), ['4:fs.mkdirSync:write']);
  assert.equal(caps("import fs from 'node:fs';\nconst d = { fs };\nconst { fs: f } = d;\nf.unlinkSync(p);"), ['2:fs', '4:fs.unlinkSync:write']);
});

test('a package whose import is the capability is reported at its import, not again at each use through a holder', () => {
  const src = "const colors = require('playwright-core/lib/utilsBundle').colors;\nconst screen = { colors };\nscreen.colors.red('x');\nconst s2 = { c: require('axios') };\ns2.c.get(u);";
  assert.equal(caps(src), ['1:playwright-core', '1:playwright-core', '4:axios']);
});

test('a holder handed on, written or never reached keeps the module-object finding', () => {
  // Passed to a helper: its uses there are not followed.
  assert.equal(caps("const fs = require('fs');\nconst deps = { fs };\ndeps.fs.readFileSync(p);\nhelper(deps);"), ['2:fs', '3:fs.readFileSync:read']);
  // A key reached with a run-time key, a member written, a holder exported.
  assert.equal(caps("const fs = require('fs');\nconst deps = { fs };\ndeps[k].readFileSync(p);"), ['2:fs']);
  assert.equal(caps("const fs = require('fs');\nconst deps = { fs };\ndeps.fs = other;\ndeps.fs.rmSync(p);"), ['2:fs', '4:fs.rmSync:write']);
  assert.equal(caps("import fs from 'fs';\nexport const deps = { fs };\ndeps.fs.rmSync(p);", 'x.mjs'), ['2:fs', '3:fs.rmSync:write']);
  // A held module never reached, and a holder assigned again (not statically clear at all).
  assert.equal(caps("const d = { fs: require('fs'), cp: require('child_process') };\nd.fs.readFileSync(p);"), ['1:child_process', '2:fs.readFileSync:read']);
  assert.equal(caps("const fs = require('fs');\nlet d = { fs };\nd = { fs: fake };\nd.fs.writeFileSync(p);"), ['2:fs']);
  // A spread can replace any key: not a holder.
  assert.equal(caps("const fs = require('fs');\nconst d = { fs, ...o };\nd.fs.writeFileSync(p);"), ['2:fs']);
});

test('a holder passed to a function of the same file: its parameter read through members resolves', () => {
  const fs = "const fs = require('fs');\nconst deps = { fs };\n";
  assert.equal(caps(`${fs}helper(deps);\nfunction helper(d) { d.fs.writeFileSync(p); }`), ['4:fs.writeFileSync:write']);
  assert.equal(caps(`${fs}const helper = (d) => d.fs.readFileSync(p);\nhelper(deps);\ndeps.fs.existsSync(q);`), ['3:fs.readFileSync:read', '5:fs.existsSync:read']);
  assert.equal(caps(`${fs}const helper = async function (x, d) { await d?.fs.promises.rm(p); };\nhelper(1, deps);\nhelper(2, deps);`), ['3:fs.rm:write']);
  assert.equal(caps("import fs from 'node:fs';\nconst deps = { fs };\nconst run = d => { d.fs.readFileSync(p); };\nrun(deps);", 'x.ts'), ['3:fs.readFileSync:read']);
  assert.equal(caps("import fs from 'node:fs';\nconst deps = { fs };\nfunction run(d: { fs: typeof fs }, p?: string) { d.fs.readFileSync(p); }\nrun(deps);", 'x.ts'), ['3:fs.readFileSync:read']);
  // What a call through the parameter returns may be stored: `const data = d.fs.readFileSync(p)`.
  assert.equal(caps(`${fs}helper(deps);\nfunction helper(d) { const data = d.fs.readFileSync(p); let r; r = d.fs.promises.rm(q); return data; }`), ['4:fs.readFileSync:read', '4:fs.rm:write']);
});

test('a holder passed to a function that is not statically clear keeps the module-object finding', () => {
  const fs = "const fs = require('fs');\nconst deps = { fs };\n";
  const kept = ['2:fs'];
  for (const rest of [
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper(deps);\nhelper(other);', // another argument
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper(deps);\nlist.map(helper);', // the function handed on
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper(deps);\nfunction helper(d) {}', // defined twice
    'export function helper(d) { d.fs.writeFileSync(p); }\nhelper(deps);', // callable from other files
    'let helper = (d) => d.fs.writeFileSync(p);\nhelper = other;\nhelper(deps);', // assigned again
    'function helper(d) { d = x; d.fs.writeFileSync(p); }\nhelper(deps);', // the parameter re-bound
    'function helper(d) { other(d); d.fs.writeFileSync(p); }\nhelper(deps);', // handed on again
    'function helper(d) { const f = d.fs; f.writeFileSync(p); }\nhelper(deps);', // a member taken out
    'function helper(d) { const f = d.fs.promises; f.writeFile(p); }\nhelper(deps);',
    'function helper(d) { arguments[0].fs.rmSync(p); d.fs.writeFileSync(p); }\nhelper(deps);',
    'function helper({ fs }) { fs.writeFileSync(p); }\nhelper(deps);',
    'function helper(...a) { a[0].fs.writeFileSync(p); }\nhelper(deps);',
    'function helper(d) { d.fs.writeFileSync(p); }\nnew helper(deps);',
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper.call(null, deps);',
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper({ deps });',
    'function helper(d) { d.fs.writeFileSync(p); }\nhelper(deps);\nexport { deps };',
  ]) assert.equal(caps(`${fs}${rest}`), kept, rest);
  // A parameter named like the holder shadows it, also in a function never called: its own
  // parameter list is no call that passes the holder.
  assert.equal(caps(`${fs}function b(deps) { deps.fs.rmSync(p); }`), kept);
  assert.equal(caps(`${fs}const b = (deps) => deps.fs.rmSync(p);`), kept);
});

test('a holder passed on through several functions of the same file: the last parameter resolves', () => {
  const fs = "const fs = require('fs');\nconst deps = { fs };\n";
  assert.equal(caps(`${fs}a(deps);\nfunction a(d) { b(d); }\nfunction b(x) { x.fs.rmSync(p); }`), ['5:fs.rmSync:write']);
  assert.equal(caps(`${fs}const a = (d) => { d.fs.existsSync(p); return b(1, d); };\nconst b = function (n, x) { x.fs.writeFileSync(p, n); };\na(deps);`), ['3:fs.existsSync:read', '4:fs.writeFileSync:write']);
  // Recursion, and a function reached from two followed parameters.
  assert.equal(caps(`${fs}walk(deps, 3);\nfunction walk(d, n) { if (n > 0) walk(d, n - 1); d.fs.readdirSync(p); }`), ['4:fs.readdirSync:read']);
  assert.equal(caps(`${fs}a(deps);\nb(deps);\nfunction a(d) { c(d); }\nfunction b(d) { c(d); }\nfunction c(x) { x.fs.mkdirSync(p); }`), ['7:fs.mkdirSync:write']);
  // Four functions deep is the bound: one more keeps the module-object finding.
  const chain = (depth: number): string => Array.from({ length: depth }, (_, i) => `function f${i}(d) { ${i + 1 < depth ? `f${i + 1}(d);` : 'd.fs.rmSync(p);'} }`).join('\n');
  assert.equal(caps(`${fs}f0(deps);\n${chain(4)}`), ['7:fs.rmSync:write']);
  assert.equal(caps(`${fs}f0(deps);\n${chain(5)}`), ['2:fs']);
  // Many holders in one file, each passed on (the time is measured by test/bench/scan-worst-case.bench.ts).
  const many = "const fs = require('fs');\n" + Array.from({ length: 300 }, (_, i) => `const d${i} = { fs };\na${i}(d${i});\nfunction a${i}(d) { b${i}(d); }\nfunction b${i}(x) { x.fs.rmSync(p); }\n`).join('');
  assert.equal(new Set(caps(many).map((c) => c.replace(/^\d+:/, ''))), new Set(['fs.rmSync:write']));
  assert.equal(caps(many).length, 300);
  // At most 64 functions per holder.
  const fan = (count: number): string => Array.from({ length: count }, (_, i) => `g${i}(deps);\nfunction g${i}(d) { d.fs.rmSync(p); }`).join('\n');
  assert.equal(caps(`${fs}${fan(64)}`).length, 64);
  assert.equal(caps(`${fs}${fan(65)}`), ['2:fs']);
  // An exported holder is followed too, but other files may reach it: its module object stays reported.
  assert.equal(caps(`import fs from 'fs';\nexport const deps = { fs };\na(deps);\nfunction a(d) { b(d); }\nfunction b(x) { x.fs.rmSync(p); }`, 'x.mjs'), ['2:fs', '5:fs.rmSync:write']);
});

test('a holder passed on to a function that also takes something else keeps the module-object finding', () => {
  const fs = "const fs = require('fs');\nconst deps = { fs };\na(deps);\n";
  for (const rest of [
    'function a(d) { b(d); }\nfunction b(x) { x.fs.rmSync(p); }\nb(other);', // a parameter that is not only the holder
    'function a(d) { b(d, d); }\nfunction b(x, y) { x.fs.rmSync(p); }', // the holder at two positions
    'function a(d) { d = { fs: fake }; b(d); }\nfunction b(x) { x.fs.rmSync(p); }', // the parameter assigned something harmless
    'function a(d) { { const d = other; b(d); } }\nfunction b(x) { x.fs.rmSync(p); }', // a shadowing local passed on
    'function a(d) { b(d); }\nfunction b(x) { other(x.fs); lib.use(x); }', // handed on to a function of another file
  ]) assert.equal(caps(`${fs}${rest}`), ['2:fs'], rest);
  // A parameter named like the holder is no holder: its members are nothing.
  assert.equal(caps(`${fs}function a(d) { d.fs.readFileSync(p); }\nfunction b(deps) { deps.fs.rmSync(p); }\nb(fake);`), ['4:fs.readFileSync:read']);
});

test('a class field that holds a module: this.<field> in the class resolves', () => {
  // A private field (`#deps`, TypeScript `private`): out of reach of other files, so only the uses count.
  assert.equal(caps("import fs from 'node:fs';\nclass S {\n  #deps = { fs };\n  a() { this.#deps.fs.writeFileSync(p, ''); }\n}", 'x.mjs'), ['4:fs.writeFileSync:write']);
  assert.equal(caps("import * as fs from 'node:fs';\nclass S {\n  private readonly io: { fs: typeof fs };\n  constructor() { this.io = { fs: require('fs') }; }\n  b() { return [1].map(() => this.io.fs.readFileSync(p)); }\n}", 'x.ts'), ['5:fs.readFileSync:read']);
  // A public field keeps the finding where the module is stored.
  assert.equal(caps("const cp = require('child_process');\nclass R {\n  constructor() { this.cp = cp; }\n  run() { this.cp.execSync('ls'); }\n}"), ['3:child_process', '4:child_process.execSync']);
  // `this` of a function, of an object literal's method or of a static member is not the instance.
  assert.equal(caps("import fs from 'fs';\nclass S {\n  #fs = fs;\n  a() { function g() { this.#fs.rmSync(p); } }\n  static b() { this.#fs.rmSync(p); }\n  c() { return { m() { this.#fs.rmSync(p); } }; }\n}", 'x.mjs'), ['3:fs']);
  // A held member written (`this.#io.fs = x`): the module object stays reported where it is stored.
  assert.equal(caps("import fs from 'fs';\nclass S {\n  #io = { fs };\n  swap(x) { this.#io.fs = x; }\n  a() { this.#io.fs.rmSync(p); }\n}", 'x.mjs'), ['3:fs', '5:fs.rmSync:write']);
  // A field written twice (or from a TypeScript parameter property) is not followed.
  assert.equal(caps("import fs from 'fs';\nclass S {\n  #fs = fs;\n  reset(x) { this.#fs = x; }\n  a() { this.#fs.rmSync(p); }\n}", 'x.mjs'), ['3:fs']);
  assert.equal(caps("import fs from 'fs';\nclass S {\n  constructor(private io: any) { this.io = { fs }; }\n  a() { this.io.fs.rmSync(p); }\n}", 'x.ts'), ['3:fs']);
});

test('a class field given in the constructor: this.<field> in methods, and passed to helpers of the file', () => {
  // `this.fs = require(…)`, `this.run = cp.exec` in the constructor; a private field is only its uses.
  assert.equal(caps("class S {\n  private fs: any;\n  constructor() { this.fs = require('node:fs'); }\n  a() { this.fs.writeFileSync(p, ''); }\n}", 'x.ts'), ['4:fs.writeFileSync:write']);
  assert.equal(caps("import child_process from 'child_process';\nclass S {\n  private run: any;\n  constructor() { this.run = child_process.exec; }\n  a(cmd: string) { this.run(cmd); }\n}", 'x.ts'), ['5:child_process.exec']);
  // `helper(this.deps)`: the helper's parameter holds what the field holds, also two functions on.
  const ts = "import fs from 'fs';\nclass S {\n  private deps: { fs: typeof fs };\n  constructor() { this.deps = { fs }; }\n";
  assert.equal(caps(`${ts}  a() { helper(this.deps); }\n}\nfunction helper(d) { d.fs.writeFileSync(p, ''); }`, 'x.ts'), ['7:fs.writeFileSync:write']);
  assert.equal(caps(`${ts}  a() { return [1].map(() => go(1, this.deps)); }\n}\nconst go = (n, d) => on(d);\nfunction on(x) { x.fs.rmSync(p); }`, 'x.ts'), ['8:fs.rmSync:write']);
  assert.equal(caps("import fs from 'fs';\nclass S {\n  #io = { fs };\n  a() { helper(this.#io, 2); }\n}\nfunction helper(d, n) { d.fs.readFileSync(p); }", 'x.mjs'), ['6:fs.readFileSync:read']);
  // A public field: the helper's use is found, and the module object stays reported where it is stored.
  assert.equal(caps("const fs = require('fs');\nclass S {\n  constructor() { this.deps = { fs }; }\n  a() { helper(this.deps); }\n}\nfunction helper(d) { d.fs.writeFileSync(p); }"), ['3:fs', '6:fs.writeFileSync:write']);
});

test('a class field passed to a helper that is not statically clear keeps the module-object finding', () => {
  const ts = "import fs from 'fs';\nclass S {\n  private deps: any;\n  constructor() { this.deps = { fs }; }\n";
  for (const rest of [
    '  a() { helper(this.deps); }\n}\nfunction helper(d) { d.fs.rmSync(p); }\nhelper(other);', // the helper takes something else too
    '  a() { helper(this.deps); }\n  b() { lib.register(this.deps); }\n}\nfunction helper(d) { d.fs.rmSync(p); }', // handed to another file
    '  a() { helper(this.deps); }\n  reset() { this.deps = { fs: fake }; }\n}\nfunction helper(d) { d.fs.rmSync(p); }', // the field written again
    '  a() { helper(this.deps); }\n}\nclass T {\n  private deps = { fs: fake };\n  b() { helper(this.deps); }\n}\nfunction helper(d) { d.fs.rmSync(p); }', // another class's field
    '  a() { helper(this.deps); }\n}\nfunction helper(d) { d = { fs: fake }; d.fs.rmSync(p); }', // the parameter assigned something harmless
  ]) assert.equal(caps(`${ts}${rest}`, 'x.ts'), ['4:fs'], rest);
  // `this` of a nested `function` is not the instance: nothing reaches the helper.
  assert.equal(caps(`${ts}  a() { return function () { helper(this.deps); }; }\n}\nfunction helper(d) { d.fs.rmSync(p); }`, 'x.ts'), ['4:fs']);
});

test('a holder exported from another file is that object in the importer: a read-only tool\'s write there is a violation', async () => {
  // Since barrels2 (docs/scan.md, Transitive imports) the importer's `deps.fs.writeFileSync` is the
  // write; the exporting file keeps its module-object finding (the undecided warning), as before.
  const files = new Map([
    ['/srv/deps.mjs', "import fs from 'node:fs';\nexport const deps = { fs };\n"],
    ['/srv/tool.mjs', "import { deps } from './deps.mjs';\nexport const run = (p) => deps.fs.writeFileSync(p, '');\n"],
  ]);
  const scans = await scanTools({ save: { handlers: ['/srv/tool.mjs'], readOnly: true } }, { readSource: (p) => files.get(p) });
  const save = scans['save']!;
  assert.equal(save.findings.filter((f) => f.kind === 'capability').map((f) => `${f.file}:${f.line}:${f.identifier}:${f.access ?? '-'}`), ['/srv/tool.mjs:2:fs.writeFileSync:write', '/srv/deps.mjs:2:fs:-']);
  assert.equal(save.violations.map((v) => v.id), ['violation.read-only-writes-files', 'violation.read-only-filesystem-undecided']);
});

test.run();
